//! Checking moves against `game::legal` (the direct check used for replays) AND
//! `game::generate`: an allowed move must be in the generated list, up to the renaming of
//! interchangeable places (empty piles, foundations in the same state), or be a whole pile moved
//! into an empty pile; a refused move must not be generated in any form. And the random walks
//! that several checks run positions along ([`random_walk`]).

use patience::{Illegal, Move, Position, Undo, Variant, apply, generate, legal, undo};

use patience::internal::game::Place;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A move from text such as `"T1>T2x3"`.
pub fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The moves `generate` lists at `pos`.
pub fn gen_moves<V: Variant>(v: V, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    generate::<V>(v, pos, &mut out);
    out
}

/// Is `p` one of the game's tableau piles, and empty?
pub fn empty_pile<V: Variant>(v: V, pos: &Position, p: Place) -> bool {
    matches!(p, Place::Tableau(q) if (q as usize) < v.rules().piles() && pos.piles()[q as usize].is_empty())
}

/// Do `a` and `b` differ only by the numbering of interchangeable places of the game: two
/// empty piles, or two foundations holding the same suit to the same height?
fn same_up_to_renaming<V: Variant>(v: V, pos: &Position, a: Move, b: Move) -> bool {
    if a.from != b.from || a.count != b.count {
        return false;
    }
    if a.to == b.to {
        return true;
    }
    match (a.to, b.to) {
        (Place::Tableau(_), Place::Tableau(_)) => {
            empty_pile::<V>(v, pos, a.to) && empty_pile::<V>(v, pos, b.to)
        }
        (Place::Foundation(f), Place::Foundation(g)) => {
            let (f, g) = (f as usize, g as usize);
            let nf = v.rules().foundations();
            f < nf
                && g < nf
                && pos.found_height(f) == pos.found_height(g)
                && (pos.found_height(f) == 0 || pos.found_suit(f) == pos.found_suit(g))
        }
        _ => false,
    }
}

/// A whole pile into an empty pile: legal, but only a renaming, so `generate` leaves it out.
fn whole_pile_to_space<V: Variant>(v: V, pos: &Position, m: Move) -> bool {
    matches!(m.from, Place::Tableau(p) if pos.piles()[p as usize].len == m.count)
        && empty_pile::<V>(v, pos, m.to)
}

fn generated_form<V: Variant>(v: V, pos: &Position, m: Move) -> Option<Move> {
    gen_moves::<V>(v, pos)
        .into_iter()
        .find(|&g| same_up_to_renaming::<V>(v, pos, g, m))
}

fn generated_text<V: Variant>(v: V, pos: &Position) -> Vec<String> {
    gen_moves::<V>(v, pos)
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// `legal` accepts `text` and `generate` lists it (or an equivalent). Returns the move.
#[track_caller]
pub fn allowed<V: Variant>(v: V, pos: &Position, text: &str) -> Move {
    let m = match legal::<V>(v, pos, mv(text)) {
        Ok(ok) => ok,
        Err(e) => panic!(
            "{}: {text} refused ({e}), but RULES.md allows it",
            v.rules().name
        ),
    };
    if generated_form::<V>(v, pos, m).is_none() {
        assert!(
            whole_pile_to_space::<V>(v, pos, m),
            "{}: {text} is legal but not generated; generated: {:?}",
            v.rules().name,
            generated_text::<V>(v, pos)
        );
    }
    m
}

/// As [`allowed`], and `generate` lists this very move, not only an equivalent one.
#[track_caller]
pub fn allowed_exactly<V: Variant>(v: V, pos: &Position, text: &str) -> Move {
    let m = allowed::<V>(v, pos, text);
    assert!(
        gen_moves::<V>(v, pos).contains(&m),
        "{}: {text} is legal but not generated as it is; generated: {:?}",
        v.rules().name,
        generated_text::<V>(v, pos)
    );
    m
}

/// `legal` refuses `text` and `generate` does not list it in any form. Returns the reason.
#[track_caller]
pub fn refused<V: Variant>(v: V, pos: &Position, text: &str) -> Illegal {
    let m = mv(text);
    let e = match legal::<V>(v, pos, m) {
        Ok(_) => panic!(
            "{}: {text} accepted, but RULES.md forbids it",
            v.rules().name
        ),
        Err(e) => e,
    };
    if let Some(g) = generated_form::<V>(v, pos, m) {
        panic!(
            "{}: {text} refused by legal ({e}) but generated as {g}",
            v.rules().name
        );
    }
    e
}

/// Applies a move that must be allowed.
#[track_caller]
pub fn play<V: Variant>(v: V, pos: &mut Position, text: &str) {
    let m = allowed::<V>(v, pos, text);
    apply::<V>(v, pos, m);
}

/// Does move `m` turn a face-down card up or empty a pile? (Steps a walk cannot take back.)
pub fn uncovers(pos: &Position, m: &Move) -> bool {
    match m.from {
        Place::Tableau(p) => {
            let pile = &pos.piles()[p as usize];
            let rest = pile.len as usize - m.count as usize;
            rest == 0 || pile.is_down(rest - 1)
        }
        _ => false,
    }
}

/// Runs `steps` random steps from `start`: a random generated move (a foundation move, when
/// there is one, 35% of the time; else a move that turns a card up or empties a pile, when there
/// is one, 35% of the time), or sometimes (10%) taking back the last move. Calls `visit` on the
/// start and on every position reached.
pub fn random_walk<V: Variant>(
    v: V,
    start: &Position,
    rng: &mut ChaCha8Rng,
    steps: usize,
    mut visit: impl FnMut(&Position),
) {
    let mut pos = start.clone();
    let mut path: Vec<(Move, Undo)> = Vec::new();
    let mut moves = Vec::new();
    visit(&pos);
    for _ in 0..steps {
        moves.clear();
        generate::<V>(v, &pos, &mut moves);
        let take_back = !path.is_empty() && (moves.is_empty() || rng.random_bool(0.1));
        if take_back {
            let (m, u) = path.pop().unwrap();
            undo::<V>(&mut pos, m, u);
        } else if moves.is_empty() {
            break;
        } else {
            let pick = |rng: &mut ChaCha8Rng, ms: &[Move]| ms[rng.random_range(0..ms.len())];
            let up: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m.to, Place::Foundation(_)))
                .collect();
            let open: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| uncovers(&pos, m))
                .collect();
            let m = if !up.is_empty() && rng.random_bool(0.35) {
                pick(rng, &up)
            } else if !open.is_empty() && rng.random_bool(0.35) {
                pick(rng, &open)
            } else {
                pick(rng, &moves)
            };
            let u = apply::<V>(v, &mut pos, m);
            path.push((m, u));
        }
        visit(&pos);
    }
}
