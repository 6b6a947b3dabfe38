//! Solving: solvers with a fixed node budget, the checks every `solved` gets (it replays to a
//! win with `solve::replay`, the direct rules check, not the move generator), and the two loops
//! that pin the solver's verdicts: seeded deals against pinned letters, and Solvitaire's
//! reference deals.

use crate::common;
use patience::deal;
use patience::internal::solve::key::{KeyContext, run_implies_build};
use patience::io::dealfile::read_deal;
use patience::{Options, Prune, Solution, Solver, Verdict, replay};
use patience::{Position, Variant};
use std::sync::atomic::AtomicBool;

/// Table bound of the solvers in most of these tests: far above what their node budgets can
/// fill, so a search stops on its node budget (deterministic), never on memory.
pub const TABLE_BYTES: usize = 1 << 28;

/// The limits of a search of at most `nodes` nodes, with no deadline and a table of
/// [`TABLE_BYTES`].
pub fn node_limits(nodes: u64) -> patience::internal::solve::Limits {
    patience::internal::solve::Limits {
        max_nodes: nodes,
        cap: nodes,
        deadline: None,
        table_bytes: TABLE_BYTES,
    }
}

/// `long`, a win from `start` with moves put in, shortened: no longer than `bound` moves (the
/// win before they were put in) and still a win (`what` names it in a failure).
pub fn assert_shortened_wins<V: Variant>(
    v: V,
    start: &Position,
    long: &[patience::Move],
    bound: usize,
    what: &str,
) {
    use patience::internal::solve::shorten::shorten;
    assert!(
        replay::<V>(v, start, long).is_ok_and(|p| p.is_won::<V>(v)),
        "{what}"
    );
    let short = shorten::<V>(v, start, long);
    assert!(short.len() <= bound, "{what}: {} > {bound}", short.len());
    let end = replay::<V>(v, start, &short).unwrap_or_else(|(i, e)| panic!("{what}: {i}: {e}"));
    assert!(end.is_won::<V>(v), "{what}");
}

/// A solver with the quick schedule that stops after `max_nodes`, with no time limit.
pub fn solver<V: Variant>(v: V, max_nodes: u64, prune: Prune) -> Solver<V> {
    solver_in::<V>(v, max_nodes, prune, TABLE_BYTES)
}

/// As [`solver`], with a table bound of `table_bytes` (it bounds the best-first search's node
/// store as well, so it is part of what a pinned verdict was measured with).
pub fn solver_in<V: Variant>(v: V, max_nodes: u64, prune: Prune, table_bytes: usize) -> Solver<V> {
    Solver::new(
        v,
        Options {
            max_nodes,
            timeout: None,
            table_bytes,
            prune,
            quick: true,
            classes_first: true,
        },
    )
}

/// The start position of the seeded deal `seed`.
pub fn start_of<V: Variant>(v: V, seed: u64) -> Position {
    Position::from_deal::<V>(v, &deal(v.rules(), seed))
        .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", v.rules().id))
}

/// Solves, and checks that a `solved` replays to a win with the direct rules check.
pub fn solve_checked<V: Variant>(s: &mut Solver<V>, start: &Position, what: &str) -> Solution {
    let v = s.game();
    let sol = s
        .solve(start, &AtomicBool::new(false))
        .unwrap_or_else(|e| panic!("{} {what}: {e}", v.rules().id));
    if let Verdict::Solved(moves) = &sol.verdict {
        let end = replay::<V>(v, start, moves).unwrap_or_else(|(i, why)| {
            panic!(
                "{} {what}: move {i} ({}) of the solution is refused: {why}",
                v.rules().id,
                moves[i]
            )
        });
        assert!(
            end.is_won::<V>(v),
            "{} {what}: the solution replays without winning",
            v.rules().id
        );
    }
    sol
}

/// `S` solved, `U` unsolvable, `?` unknown.
pub fn letter(v: &Verdict) -> char {
    match v {
        Verdict::Solved(_) => 'S',
        Verdict::Unsolvable => 'U',
        Verdict::Unknown(_) => '?',
    }
}

/// How many 64-bit words the game's state key has.
pub fn key_words<V: Variant>() -> u32 {
    V::Key::default().as_ref().len() as u32
}

/// Index of the highest set bit of a key plus one (0 for an all-zero key).
pub fn used_bits(words: &[u64]) -> u32 {
    words
        .iter()
        .enumerate()
        .rev()
        .find(|(_, w)| **w != 0)
        .map_or(0, |(i, w)| 64 * i as u32 + 64 - w.leading_zeros())
}

/// `max_bits` of every seeded deal fits the game's key words (the solver refuses a position
/// whose worst case does not fit, so a seeded deal must always fit), and a game whose runs move
/// has a run relation that implies its build rule (the key relies on it).
pub fn key_fits<V: Variant>(v: V) {
    let have = 64 * key_words::<V>();
    for seed in (0..300).chain([u64::MAX, 1 << 40]) {
        let need = KeyContext::max_bits::<V>(v, &start_of::<V>(v, seed));
        assert!(
            need <= have,
            "{} seed {seed}: needs {need} bits, the key has {have}",
            v.rules().id
        );
    }
    assert!(run_implies_build(v.rules()), "{}", v.rules().id);
}

/// Solves seeds `0..50` at `nodes` nodes (table bound `table_bytes`, the default pruning) and
/// compares each verdict with its letter in `pins` (S solved, U unsolvable, ? unknown).
///
/// Policy: a pinned S or U is a proved fact about the deal and must never change: not into the
/// other letter (a bug, on one side or the other), and not into `?` (the search got weaker). A
/// pinned `?` may become S or U (the search got stronger); the test then says so, and the new
/// letter should be pinned. Any change to the deal generator changes the deals and needs new
/// pins; so does a smaller budget.
pub fn pinned<V: Variant>(v: V, pins: &str, nodes: u64, table_bytes: usize) {
    let id = v.rules().id;
    assert_eq!(pins.len(), 50, "{id}: one letter per seed 0..50");
    let mut s = solver_in::<V>(v, nodes, Prune::default(), table_bytes);
    let mut now = String::new();
    let (mut problems, mut gained) = (Vec::new(), Vec::new());
    let t0 = std::time::Instant::now();
    for (seed, pin) in pins.chars().enumerate() {
        let sol = solve_checked(
            &mut s,
            &start_of::<V>(v, seed as u64),
            &format!("seed {seed}"),
        );
        let got = letter(&sol.verdict);
        now.push(got);
        match (pin, got) {
            (p, g) if p == g => {}
            ('?', g) => gained.push(format!("seed {seed}: ? -> {g}")),
            (p, g) => problems.push(format!("seed {seed}: pinned {p}, now {g}")),
        }
    }
    let count = |c| now.chars().filter(|&x| x == c).count();
    eprintln!(
        "{id}: {} S, {} U, {} ? at {nodes} nodes in {:.1} s; now {now:?}",
        count('S'),
        count('U'),
        count('?'),
        t0.elapsed().as_secs_f64()
    );
    if !gained.is_empty() {
        eprintln!("{id}: newly decided (pin them): {}", gained.join(", "));
    }
    assert!(
        problems.is_empty(),
        "{id}: pinned verdicts changed:\n{}\nnow: {now:?}",
        problems.join("\n")
    );
}

/// Every deal of the game in `tests/data/reference` with Solvitaire's verdict (at least five),
/// solved at `nodes` nodes (table bound `table_bytes`, the default pruning). A decided verdict
/// that differs from Solvitaire's is a bug on one side: the test fails, and the case must be
/// examined before anything is changed (reference/README.md). Fewer than `min_decided` decided
/// deals is a regression of the search.
pub fn reference_deals<V: Variant>(v: V, nodes: u64, min_decided: usize, table_bytes: usize) {
    let id = v.rules().id;
    let dir = common::reference_dir();
    let csv = std::fs::read_to_string(dir.join("verdicts.csv")).expect("verdicts.csv");
    let rows: Vec<(String, String)> = csv
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.trim().split(',').collect();
            (f.len() == 3 && f[0] == id).then(|| (f[1].to_string(), f[2].to_string()))
        })
        .collect();
    assert!(rows.len() >= 5, "only {} {id} rows", rows.len());
    let mut s = solver_in::<V>(v, nodes, Prune::default(), table_bytes);
    let (mut decided, mut disagree) = (0, Vec::new());
    for (file, expected) in &rows {
        assert!(
            ["solved", "unsolvable"].contains(&expected.as_str()),
            "{file}: {expected}"
        );
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let d = read_deal(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(d.variant.as_deref(), Some(id), "{file}");
        let start = Position::from_deal::<V>(v, &d).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            KeyContext::max_bits::<V>(v, &start) <= 64 * key_words::<V>(),
            "{file}: the key does not fit"
        );
        let sol = solve_checked(&mut s, &start, file);
        let word = sol.verdict.word();
        eprintln!(
            "reference {file}: ours {word} ({} nodes, {:.2} s), Solvitaire {expected}",
            sol.stats.nodes, sol.seconds
        );
        if !matches!(sol.verdict, Verdict::Unknown(_)) {
            decided += 1;
            if word != expected {
                let moves = match &sol.verdict {
                    Verdict::Solved(m) => m.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                    _ => Vec::new(),
                };
                disagree.push(format!(
                    "{file}: ours {word}, Solvitaire {expected} {}",
                    moves.join(" ")
                ));
            }
        }
    }
    eprintln!(
        "{id} reference deals: {decided} of {} decided within {nodes} nodes",
        rows.len()
    );
    assert!(
        disagree.is_empty(),
        "{id}: verdicts that differ from Solvitaire's:\n{}",
        disagree.join("\n")
    );
    assert!(
        decided >= min_decided,
        "{id}: only {decided} reference deals decided, {min_decided} before"
    );
}
