//! Shortening a found win (`solve::shorten`): what comes out still wins, is never longer than
//! what went in, leaves a short win as it is, and cuts a detour put in by hand.

use crate::helpers::{
    TABLE_BYTES, assert_shortened_wins, gen_moves, node_limits, solve_checked, solver, start_of,
};
use patience::games::{KlondikeDraw3, LuckyPiles, NapoleonsShoulder, Stonewall};
use patience::internal::game::Place;
use patience::internal::solve::shorten::shorten;
use patience::internal::solve::{End, Mode, Searcher, Win, expand_solver_moves};
use patience::{Move, Prune, Variant, Verdict, apply, legal, replay};
use std::sync::atomic::AtomicBool;

/// The plain depth-first search's own wins (not shortened: they wander) on `seeds` at `nodes`,
/// as real moves; each shortened, and the shortened win must replay to a win (with the direct
/// rules check) and be no longer. The number of wins and the moves they lost.
fn raw_wins_shortened<V: Variant>(v: V, seeds: std::ops::Range<u64>, nodes: u64) -> (u32, usize) {
    let cancel = AtomicBool::new(false);
    let limits = node_limits(nodes);
    let mut searcher = Searcher::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
    let (mut wins, mut cut) = (0, 0);
    for seed in seeds {
        let start = start_of::<V>(v, seed);
        let End::Found(found) =
            searcher.traverse(&start, &mut Win(v), Mode::PLAIN, &limits, &cancel)
        else {
            continue;
        };
        let moves = expand_solver_moves::<V>(v, &start, &found);
        let short = shorten::<V>(v, &start, &moves);
        let what = format!("{} seed {seed}", v.rules().id);
        let end =
            replay::<V>(v, &start, &short).unwrap_or_else(|(i, e)| panic!("{what}: {i}: {e}"));
        assert!(end.is_won::<V>(v), "{what}: not won");
        assert!(
            short.len() <= moves.len(),
            "{what}: {} > {}",
            short.len(),
            moves.len()
        );
        wins += 1;
        cut += moves.len() - short.len();
    }
    (wins, cut)
}

/// Hundreds of raw wins of four games (one deck with a reserve, one deck face up, two decks
/// with a stock, Klondike's draw 3), shortened: every one still wins, and the shortening bites.
#[test]
fn shortened_raw_wins_still_win() {
    let parts = [
        raw_wins_shortened::<Stonewall>(Stonewall, 0..150, 20_000),
        raw_wins_shortened::<LuckyPiles>(LuckyPiles, 0..100, 20_000),
        raw_wins_shortened::<NapoleonsShoulder>(NapoleonsShoulder, 0..40, 100_000),
        raw_wins_shortened::<KlondikeDraw3>(KlondikeDraw3, 0..100, 20_000),
    ];
    for (i, (wins, cut)) in parts.iter().enumerate() {
        assert!(
            *wins >= 5 && *cut > 0,
            "game {i}: {wins} wins, {cut} moves cut"
        );
    }
}

/// A short win is left as it is: Stonewall seed 1's 105-move win (README's walk-through),
/// shortened again, is the same move for move.
#[test]
fn a_short_win_is_left_as_it_is() {
    let v = Stonewall;
    let start = start_of::<Stonewall>(v, 1);
    let mut s = solver::<Stonewall>(v, 10_000_000, Prune::default());
    let sol = solve_checked(&mut s, &start, "seed 1");
    let Verdict::Solved(moves) = sol.verdict else {
        panic!("seed 1 not solved");
    };
    assert_eq!(moves.len(), 105);
    assert_eq!(shorten::<Stonewall>(v, &start, &moves), moves);
}

/// A win with a cycle (a card moved away and back) and a detour (two cards moved away and back
/// in turn, with the win's next move between) put in comes back no longer than the win was.
#[test]
fn a_cycle_and_a_detour_put_in_are_cut() {
    use patience::games::LuckyPiles as L;
    let v = L;
    let mut s = solver::<L>(v, 100_000, Prune::default());
    let mut put_in = 0;
    for seed in 0..10 {
        let start = start_of::<L>(v, seed);
        let Verdict::Solved(moves) = solve_checked(&mut s, &start, &format!("seed {seed}")).verdict
        else {
            continue;
        };
        // Tableau moves of one card from `pos` that a move straight back undoes.
        let there_and_back = |pos: &patience::Position| -> Vec<(Move, Move)> {
            gen_moves::<L>(v, pos)
                .into_iter()
                .filter_map(|a| {
                    let (Place::Tableau(_), Place::Tableau(_)) = (a.from, a.to) else {
                        return None;
                    };
                    let back = Move::new(a.to, a.from, 1);
                    let mut q = pos.clone();
                    apply::<L>(v, &mut q, a);
                    let back = legal::<L>(v, &q, back).ok()?;
                    apply::<L>(v, &mut q, back);
                    (q == *pos && a.count == 1).then_some((a, back))
                })
                .collect()
        };
        let mut long = Vec::new();
        let mut pos = start.clone();
        for (i, &m) in moves.iter().enumerate() {
            let pairs = there_and_back(&pos);
            if i % 7 == 0 && !pairs.is_empty() {
                // A cycle: away and back.
                let (a, b) = pairs[0];
                long.extend([a, b]);
                put_in += 1;
            } else if i % 7 == 3 && pairs.len() >= 2 {
                // A detour: away, away, back, back.
                let ((a, b), (c, d)) = (pairs[0], pairs[1]);
                let mut q = pos.clone();
                let ok = [a, c, d, b].iter().all(|&x| {
                    let ok = legal::<L>(v, &q, x).is_ok();
                    if ok {
                        apply::<L>(v, &mut q, x);
                    }
                    ok
                }) && q == pos;
                if ok {
                    long.extend([a, c, d, b]);
                    put_in += 1;
                }
            }
            long.push(m);
            apply::<L>(v, &mut pos, m);
        }
        assert_shortened_wins::<L>(v, &start, &long, moves.len(), &format!("seed {seed}"));
    }
    assert!(put_in >= 20, "{put_in}");
}
