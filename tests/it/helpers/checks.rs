//! Checking moves against `game::legal` (the direct check used for replays) AND
//! `game::generate`: an allowed move must be in the generated list, up to the renaming of
//! interchangeable places (empty piles, foundations in the same state), or be a whole pile moved
//! into an empty pile; a refused move must not be generated in any form.

use patience::game::{Illegal, Move, Place, Position, Variant, apply, generate, legal};

/// A move from text such as `"T1>T2x3"`.
pub fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The moves `generate` lists at `pos`.
pub fn gen_moves<V: Variant>(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    generate::<V>(pos, &mut out);
    out
}

/// Is `p` one of the game's tableau piles, and empty?
pub fn empty_pile<V: Variant>(pos: &Position, p: Place) -> bool {
    matches!(p, Place::Tableau(q) if (q as usize) < V::rules().piles() && pos.piles[q as usize].is_empty())
}

/// Do `a` and `b` differ only by the numbering of interchangeable places of the game: two
/// empty piles, or two foundations holding the same suit to the same height?
fn same_up_to_renaming<V: Variant>(pos: &Position, a: Move, b: Move) -> bool {
    if a.from != b.from || a.count != b.count {
        return false;
    }
    if a.to == b.to {
        return true;
    }
    match (a.to, b.to) {
        (Place::Tableau(_), Place::Tableau(_)) => {
            empty_pile::<V>(pos, a.to) && empty_pile::<V>(pos, b.to)
        }
        (Place::Foundation(f), Place::Foundation(g)) => {
            let (f, g) = (f as usize, g as usize);
            let nf = V::rules().foundations();
            f < nf
                && g < nf
                && pos.found_height[f] == pos.found_height[g]
                && (pos.found_height[f] == 0 || pos.found_suit[f] == pos.found_suit[g])
        }
        _ => false,
    }
}

/// A whole pile into an empty pile: legal, but only a renaming, so `generate` leaves it out.
fn whole_pile_to_space<V: Variant>(pos: &Position, m: Move) -> bool {
    matches!(m.from, Place::Tableau(p) if pos.piles[p as usize].len == m.count)
        && empty_pile::<V>(pos, m.to)
}

fn generated_form<V: Variant>(pos: &Position, m: Move) -> Option<Move> {
    gen_moves::<V>(pos)
        .into_iter()
        .find(|&g| same_up_to_renaming::<V>(pos, g, m))
}

fn generated_text<V: Variant>(pos: &Position) -> Vec<String> {
    gen_moves::<V>(pos).iter().map(|m| m.to_string()).collect()
}

/// `legal` accepts `text` and `generate` lists it (or an equivalent). Returns the move.
#[track_caller]
pub fn allowed<V: Variant>(pos: &Position, text: &str) -> Move {
    let m = match legal::<V>(pos, mv(text)) {
        Ok(ok) => ok,
        Err(e) => panic!(
            "{}: {text} refused ({e}), but RULES.md allows it",
            V::rules().name
        ),
    };
    if generated_form::<V>(pos, m).is_none() {
        assert!(
            whole_pile_to_space::<V>(pos, m),
            "{}: {text} is legal but not generated; generated: {:?}",
            V::rules().name,
            generated_text::<V>(pos)
        );
    }
    m
}

/// As [`allowed`], and `generate` lists this very move, not only an equivalent one.
#[track_caller]
pub fn allowed_exactly<V: Variant>(pos: &Position, text: &str) -> Move {
    let m = allowed::<V>(pos, text);
    assert!(
        gen_moves::<V>(pos).contains(&m),
        "{}: {text} is legal but not generated as it is; generated: {:?}",
        V::rules().name,
        generated_text::<V>(pos)
    );
    m
}

/// `legal` refuses `text` and `generate` does not list it in any form. Returns the reason.
#[track_caller]
pub fn refused<V: Variant>(pos: &Position, text: &str) -> Illegal {
    let m = mv(text);
    let e = match legal::<V>(pos, m) {
        Ok(_) => panic!(
            "{}: {text} accepted, but RULES.md forbids it",
            V::rules().name
        ),
        Err(e) => e,
    };
    if let Some(g) = generated_form::<V>(pos, m) {
        panic!(
            "{}: {text} refused by legal ({e}) but generated as {g}",
            V::rules().name
        );
    }
    e
}

/// Applies a move that must be allowed.
#[track_caller]
pub fn play<V: Variant>(pos: &mut Position, text: &str) {
    let m = allowed::<V>(pos, text);
    apply::<V>(pos, m);
}
