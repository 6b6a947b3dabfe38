//! Limits: `--max-nodes` (refused at 0, held exactly from 1, per solve in hidden play),
//! `--timeout`, `--table-mib`, more deals than 2^64, PySolFC game numbers up to 10^20, and a
//! run out of memory. Most cases came from trying the command line with bad input.

use crate::common::{AT_ONCE, arg, patience, refused, run, stderr_of, tempdir};
use crate::helpers::solving::{solver, start_of};
use patience::Variant;
use patience::games::{
    FortyThieves, Klondike, LuckyPiles, NapoleonsShoulder, Stonewall, Wildflower,
};
use patience::{Limit, Prune, Verdict};
use std::process::Command;
use std::sync::atomic::AtomicBool;

#[test]
fn timeout_1e19_and_1e30_are_refused_in_solve_winrate_and_play() {
    for t in ["1e19", "1e30", "inf", "nan", "0", "-1", "31536001"] {
        for cmd in [
            &["solve", "stonewall", "--seed", "1"][..],
            &["winrate", "stonewall", "--deals", "2", "-q"][..],
            &["play", "stonewall", "--seed", "1"][..],
        ] {
            let mut args = cmd.to_vec();
            args.extend(["--timeout", t]);
            let err = refused(&args);
            assert!(
                err.contains("--timeout must be a number of seconds above 0 and at most 31536000"),
                "{args:?}: {err}"
            );
        }
    }
    // A year is accepted.
    let (code, out, _) = run(&["solve", "stonewall", "--seed", "1", "--timeout", "31536000"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn table_mib_2_pow_43_and_more_is_refused_at_once() {
    for mib in [
        "8796093022208",
        "17592186044416",
        "18446744073709551615",
        "1048577",
    ] {
        let out = patience()
            .args(["solve", "stonewall", "--seed", "1", "--table-mib", mib])
            .timeout(AT_ONCE)
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "--table-mib {mib}: {err}");
        assert!(
            err.contains("--table-mib") && err.contains("from 1 to 1048576 (1 TiB)"),
            "{err}"
        );
    }
    // The largest bound is accepted, and only bounds: a small deal uses little of it.
    let out = patience()
        .args([
            "solve",
            "stonewall",
            "--seed",
            "1",
            "--table-mib",
            "1048576",
        ])
        .timeout(AT_ONCE)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
}

#[test]
fn table_mib_64_lets_the_table_use_64_mib() {
    // Forty Thieves seed 0 fills any table; 40-byte slots. Before: the table stopped at 2^20
    // slots, 40.0 MiB of the 64.
    let (code, out, _) = run(&[
        "solve",
        "forty-thieves",
        "--seed",
        "0",
        "--table-mib",
        "64",
        "--dfs-only",
        "--max-nodes",
        "100000000",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("unknown: stopped by the memory limit"),
        "{out}"
    );
    assert!(out.contains("(64.0 MiB)"), "{out}");
}

#[test]
fn max_nodes_0_is_refused() {
    for cmd in [
        &["solve", "stonewall", "--seed", "1"][..],
        &["winrate", "stonewall", "--deals", "2"][..],
        &["play", "stonewall", "--seed", "1"][..],
    ] {
        let mut args = cmd.to_vec();
        args.extend(["--max-nodes", "0"]);
        let err = refused(&args);
        assert!(
            err.contains("--max-nodes") && err.contains("from 1 to"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn hidden_play_says_that_max_nodes_is_per_solve() {
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--deals",
        "1",
        "--knowledge",
        "hidden",
        "--max-nodes",
        "1000",
        "--samples",
        "2",
        "--sample-nodes",
        "200",
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("--max-nodes 1000 bounds each thoughtful solve")
            && err.contains("a hidden game's nodes count all of its solves"),
        "{err}"
    );
    let (_, help, _) = run(&["winrate", "--help"]);
    assert!(help.contains("The bound is per solve"), "{help}");
}

#[test]
fn winrate_of_more_than_2_pow_64_deals_is_refused() {
    // Before: the count of deals overflowed (a panic, or in a release build a wrong count and
    // a run that never ends).
    let out = patience()
        .args([
            "winrate",
            "stonewall",
            "lucky-piles",
            "--deals",
            "18446744073709551615",
        ])
        .timeout(AT_ONCE)
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is more than 2^64 deals"), "{err}");
}

#[test]
fn out_of_memory_ends_with_one_line_not_an_abort() {
    // Before: `memory allocation of N bytes failed`, a backtrace and exit 134 (an abort).
    for limit in ["60000", "90000", "150000"] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {limit} && exec \"$0\" winrate stonewall --deals 20 -j 2 --max-nodes 3000000 -q"
            ))
            .arg(env!("CARGO_BIN_EXE_patience"))
            .output()
            .unwrap();
        let err = stderr_of(&out);
        let code = out.status.code();
        assert!(
            matches!(code, Some(0..=2)),
            "ulimit -v {limit}: {code:?} {err}"
        );
        assert!(
            !err.contains("memory allocation of"),
            "ulimit -v {limit}: {err}"
        );
        if code == Some(2) {
            assert!(
                err.starts_with("error: out of memory (an allocation of ")
                    && err.lines().count() == 1,
                "ulimit -v {limit}: {err}"
            );
        }
    }
}

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
    fn check<V: Variant>(v: V, seeds: std::ops::Range<u64>, budgets: &[u64]) -> (usize, usize) {
        let cancel = AtomicBool::new(false);
        let (mut stopped, mut decided) = (0, 0);
        for seed in seeds {
            let start = start_of::<V>(v, seed);
            for &n in budgets {
                let sol = solver::<V>(v, n, Prune::default())
                    .solve(&start, &cancel)
                    .unwrap();
                let id = v.rules().id;
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
        check::<Stonewall>(Stonewall, 0..6, &small),
        check::<Klondike>(Klondike, 0..4, &small),
        check::<LuckyPiles>(LuckyPiles, 0..3, &small),
        check::<NapoleonsShoulder>(NapoleonsShoulder, 0..2, &small),
        check::<FortyThieves>(FortyThieves, 0..2, &small),
        check::<Wildflower>(Wildflower, 0..3, &small),
    ];
    // Stonewall seed 12 is undecided at a million nodes: the interleaved schedule's scans.
    counts.push(check::<Stonewall>(Stonewall, 12..13, &[1_000_003]));
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

/// Runs `patience winrate ARGS -q` and returns its summary.
fn winrate(args: &[&str]) -> String {
    let mut all = vec!["winrate"];
    all.extend_from_slice(args);
    all.push("-q");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    out
}

#[test]
fn winrate_takes_pysol_game_numbers_up_to_10_pow_20_and_every_reader_reads_them() {
    // Before: `--seeds 18446744073709551610..18446744073709551616` was "not a seed", and a row
    // of a game number past 2^64 - 1 a damaged line.
    let dir = tempdir();
    let csv = dir.path().join("p.csv");
    let top = "99999999999999999998..=100000000000000000000";
    let out = winrate(&[
        "stonewall",
        "--pysol",
        "--seeds",
        top,
        "--max-nodes",
        "3000",
        "--csv",
        arg(&csv),
    ]);
    assert!(
        out.contains(&format!("PySolFC game numbers {top}")),
        "{out}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut numbers = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f[11], "pysol", "{line}");
        // Each row is the deal `solve --pysol N` deals, with the same verdict and nodes.
        let (_, v) = solve_json(&["stonewall", "--pysol", f[1], "--max-nodes", "3000"]);
        assert_eq!(
            (v["verdict"].as_str().unwrap(), v["nodes"].to_string()),
            (f[3], f[5].to_string()),
            "{line}"
        );
        numbers.push(f[1].to_string());
    }
    numbers.sort();
    assert_eq!(
        numbers,
        [
            "100000000000000000000",
            "99999999999999999998",
            "99999999999999999999"
        ]
    );
    // merge (and --verify, which deals each win again), compare and --resume read them.
    let (code, out, err) = run(&["merge", arg(&csv), "--verify"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("PySolFC games {}", top)), "{out}");
    let (code, out, err) = run(&["compare", arg(&csv), arg(&csv)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("3 deals in both, PySolFC games {top}")),
        "{out}"
    );
    let out = winrate(&[
        "stonewall",
        "--pysol",
        "--seeds",
        top,
        "--max-nodes",
        "3000",
        "--csv",
        arg(&csv),
        "--resume",
    ]);
    assert!(out.contains("(3 deals read back from"), "{out}");
    // Across 2^64: 2^64 - 1 and 2^64 are two games.
    let out = winrate(&[
        "stonewall",
        "--pysol",
        "--seeds",
        "18446744073709551615..18446744073709551617",
        "--max-nodes",
        "100",
    ]);
    assert!(out.contains("stonewall (PySolFC)      2"), "{out}");
    // Our seeds stop at 2^64 - 1; PySolFC's numbers at 10^20, from 1.
    let err = refused(&[
        "winrate",
        "stonewall",
        "--seeds",
        "18446744073709551615..18446744073709551617",
    ]);
    assert!(
        err.contains("18446744073709551616 is past the largest seed, 18446744073709551615")
            && err.contains("take --pysol"),
        "{err}"
    );
    let err = refused(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--seeds",
        "1..=100000000000000000001",
    ]);
    assert!(
        err.contains("with --pysol a PySolFC game number from 1 to 100000000000000000000"),
        "{err}"
    );
    let err = refused(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--first-seed",
        "100000000000000000000",
        "--deals",
        "2",
    ]);
    assert!(
        err.contains("go past 100000000000000000000, the largest PySolFC game number"),
        "{err}"
    );
    let err = refused(&["winrate", "stonewall", "--pysol", "--first-seed", "-1"]);
    assert!(
        err.contains("with --pysol a PySolFC game number from 1 to"),
        "{err}"
    );
}
