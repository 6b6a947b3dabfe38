//! Issue 55, "Hardening, round 2", what the first round left: node limits that hold from 1,
//! PySolFC's game numbers past 2^64 in every command, deal files that name their seed, and
//! more bad input (each case a test: exit status and message asserted).

use crate::common::{arg, refused, run, tempdir, write_file};
use crate::helpers::solving::{solver, start_of};
use patience::game::Variant;
use patience::solve::{Limit, Prune, Verdict};
use patience::variants::{
    FortyThieves, Klondike, LuckyPiles, NapoleonsShoulder, Stonewall, Wildflower,
};
use std::sync::atomic::AtomicBool;

/// The verdict word and the node count of `solve ARGS --json`.
fn solve_json(args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = run(&all);
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{all:?}: {e}: {out}{err}"));
    (code, v)
}

#[test]
fn max_nodes_1_makes_one_move_and_says_unknown() {
    // Stonewall seed 29 was "unsolvable" in 10 nodes at --max-nodes 1, seed 1 "solved" in 1,525
    // at --max-nodes 100: the first check of the limit came at 1,024 nodes.
    let (code, out, err) = run(&["solve", "stonewall", "--seed", "29", "--max-nodes", "1"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.starts_with("unknown: stopped by the node limit"),
        "{out}"
    );
    assert!(out.contains("\nnodes 1 ("), "{out}");
    let (code, v) = solve_json(&["stonewall", "--seed", "1", "--max-nodes", "100"]);
    assert_eq!(code, 1);
    assert_eq!(v["verdict"], "unknown", "{v}");
    assert_eq!(v["nodes"], 100, "{v}");
}

/// Every budget holds exactly in every schedule (the sequential stages, the interleaved scans
/// from 1,000,000 nodes, the second try for a shorter win): a solve makes at most its budget,
/// and one stopped by it made all of it.
#[test]
fn every_node_limit_holds_exactly() {
    fn check<V: Variant>(seeds: std::ops::Range<u64>, budgets: &[u64]) -> (usize, usize) {
        let cancel = AtomicBool::new(false);
        let (mut stopped, mut decided) = (0, 0);
        for seed in seeds {
            let start = start_of::<V>(seed);
            for &n in budgets {
                let sol = solver::<V>(n, Prune::default())
                    .solve(&start, &cancel)
                    .unwrap();
                let id = V::rules().id;
                assert!(
                    sol.stats.nodes <= n,
                    "{id} seed {seed} at {n}: {} nodes",
                    sol.stats.nodes
                );
                if sol.verdict == Verdict::Unknown(Limit::Nodes) {
                    assert_eq!(
                        sol.stats.nodes, n,
                        "{id} seed {seed}: all of the budget spent"
                    );
                    stopped += 1;
                } else {
                    decided += 1;
                }
            }
        }
        (stopped, decided)
    }
    let small = [1, 2, 3, 7, 100, 1000, 1025, 2047, 16_385, 65_537, 100_001];
    let mut counts = vec![
        check::<Stonewall>(0..6, &small),
        check::<Klondike>(0..4, &small),
        check::<LuckyPiles>(0..3, &small),
        check::<NapoleonsShoulder>(0..2, &small),
        check::<FortyThieves>(0..2, &small),
        check::<Wildflower>(0..3, &small),
    ];
    // Stonewall seed 12 is undecided at a million nodes: the interleaved schedule's scans.
    counts.push(check::<Stonewall>(12..13, &[1_000_003]));
    let (stopped, decided) = counts.iter().fold((0, 0), |(s, d), &(a, b)| (s + a, d + b));
    assert!(
        stopped >= 20 && decided >= 20,
        "stopped {stopped}, decided {decided}"
    );
    assert!(counts.last().unwrap().0 == 1, "{counts:?}");
}

#[test]
fn winrate_rows_never_pass_the_node_limit() {
    let dir = tempdir();
    let csv = dir.path().join("r.csv");
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "klondike",
        "--deals",
        "12",
        "--max-nodes",
        "3000",
        "--csv",
        arg(&csv),
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut unknown = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let nodes: u64 = f[5].parse().unwrap();
        assert!(nodes <= 3000, "{line}");
        if f[3] == "unknown" {
            assert_eq!((nodes, f[7]), (3000, "nodes"), "{line}");
            unknown += 1;
        }
    }
    assert!(unknown >= 2, "{text}");
}
