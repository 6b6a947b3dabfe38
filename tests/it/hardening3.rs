//! Issue 55, "Hardening, round 2", what the first round left: node limits that hold from 1,
//! PySolFC's game numbers past 2^64 in every command, deal files that name their seed, and
//! more bad input (each case a test: exit status and message asserted).

use crate::common::{arg, refused, run, tempdir, write_file};
use crate::helpers::solving::{solver, start_of};
use patience::Variant;
use patience::games::{
    FortyThieves, Klondike, LuckyPiles, NapoleonsShoulder, Stonewall, Wildflower,
};
use patience::{Limit, Prune, Verdict};
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

/// Stonewall seed 1's deal file as JSON, to edit.
fn seed_1() -> serde_json::Value {
    serde_json::from_str(&crate::common::deal_json("stonewall", 1)).unwrap()
}

#[test]
fn a_deal_file_naming_a_seed_must_hold_that_seeds_deal() {
    let dir = tempdir();
    // Two reserve cards swapped, the file still naming seed 1: before, solved as it was.
    let mut swapped = seed_1();
    let r = swapped["reserve"].as_array_mut().unwrap();
    r.swap(0, 1);
    let (r1, r2) = (
        r[1].as_str().unwrap().to_string(),
        r[0].as_str().unwrap().to_string(),
    );
    let file = write_file(dir.path(), "swapped.json", &swapped.to_string());
    let moves = write_file(dir.path(), "moves.txt", "T2>F1");
    for cmd in [
        &["solve", "stonewall", "--deal", arg(&file)][..],
        &["deal", "stonewall", "--deal", arg(&file)],
        &["check", "stonewall", "--deal", arg(&file), arg(&moves)],
        &["play", "stonewall", "--deal", arg(&file)],
        &["hint", "stonewall", "--deal", arg(&file), "--samples", "2"],
        &["show", arg(&file), arg(&moves)],
    ] {
        let err = refused(cmd);
        assert!(
            err.contains("swapped.json: the file names seed 1, whose Stonewall deal has ")
                && err.contains(&format!("has {r1} in R1, where the file has {r2}"))
                && err.contains("leave \"seed\" out"),
            "{cmd:?}: {err}"
        );
    }
    // A pile card changed for a card of another pile (both face up).
    let mut moved = seed_1();
    let t1 = moved["tableau piles"][0][1].clone();
    let t2 = moved["tableau piles"][1][1].clone();
    moved["tableau piles"][0][1] = t2.clone();
    moved["tableau piles"][1][1] = t1.clone();
    let file = write_file(dir.path(), "moved.json", &moved.to_string());
    let err = refused(&["solve", "stonewall", "--deal", arg(&file)]);
    assert!(
        err.contains(&format!(
            "has {} in T1, card 2 from the bottom, where the file has {}",
            t1.as_str().unwrap(),
            t2.as_str().unwrap()
        )),
        "{err}"
    );
    // Without its seed, the file is a deal of its own: solved or not, not refused.
    swapped.as_object_mut().unwrap().remove("seed");
    let file = write_file(dir.path(), "own.json", &swapped.to_string());
    let (code, _, err) = run(&["solve", "stonewall", "--deal", arg(&file)]);
    assert!(code == 0 || code == 1, "{err}");
    // `??` stands for the card the deal has there (README's hint position).
    let mut hidden = seed_1();
    for pile in hidden["tableau piles"].as_array_mut().unwrap() {
        for c in pile.as_array_mut().unwrap() {
            let t = c.as_str().unwrap();
            if t.chars().last().unwrap().is_lowercase() {
                *c = "??".into();
            }
        }
    }
    let file = write_file(dir.path(), "hidden.json", &hidden.to_string());
    let (code, out, err) = run(&[
        "hint",
        "stonewall",
        "--deal",
        arg(&file),
        "--samples",
        "2",
        "--sample-nodes",
        "100",
    ]);
    assert!(
        (code == 0 || code == 1) && out.contains("best move"),
        "{out}{err}"
    );
}

#[test]
fn a_negative_pysol_number_gets_the_range_not_a_tip_that_fails() {
    // Before: "unexpected argument '-5' found tip: to pass '-5' as a value, use '-- -5'".
    for cmd in [
        &["solve", "stonewall", "--pysol", "-5"][..],
        &["hint", "stonewall", "--pysol", "-5"],
        &["show", "stonewall", "--pysol", "-5", "moves.txt"],
    ] {
        let err = refused(cmd);
        assert!(
            err.contains("a PySolFC game number is a whole number from 1 to 100000000000000000000")
                && !err.contains("tip"),
            "{cmd:?}: {err}"
        );
    }
}

#[test]
fn a_result_row_of_pysol_game_0_is_refused() {
    // Before: merged and compared as "PySolFC games 0..=0", a deal PySolFC does not have.
    let dir = tempdir();
    let csv = write_file(
        dir.path(),
        "zero.csv",
        "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes,planner,source,solution\n\
         stonewall,0,thoughtful,unknown,,10,0.1,nodes,,,,pysol,\n",
    );
    for cmd in [
        &["merge", arg(&csv)][..],
        &["compare", arg(&csv), arg(&csv)],
        &["plot", arg(&csv), "--out", "x.svg"],
    ] {
        let err = refused(cmd);
        assert!(
            err.contains("zero.csv: line 2 claims what cannot be: a deal of PySolFC's game 0"),
            "{cmd:?}: {err}"
        );
    }
}

#[test]
fn a_move_count_past_255_is_called_too_large_not_no_number() {
    let dir = tempdir();
    let moves = write_file(dir.path(), "m.txt", "T2>T3x99999999999");
    let err = refused(&["check", "stonewall", "--seed", "1", arg(&moves)]);
    assert!(err.contains("the count after x is at most 255"), "{err}");
    let moves = write_file(dir.path(), "n.txt", "T2>T3xx");
    let err = refused(&["check", "stonewall", "--seed", "1", arg(&moves)]);
    assert!(
        err.contains("the count after x must be a whole number"),
        "{err}"
    );
}

#[test]
fn plot_refuses_an_out_file_named_as_another_kind_of_image() {
    // Before: "wrote p.png", a file of SVG text.
    let dir = tempdir();
    let csv = write_file(
        dir.path(),
        "r.csv",
        "variant,seed,knowledge,verdict,moves,nodes,seconds,limit\nstonewall,2,thoughtful,unsolvable,,0,0.1,\n",
    );
    let png = dir.path().join("p.png");
    let err = refused(&["plot", arg(&csv), "--out", arg(&png)]);
    assert!(
        err.contains("plot writes an SVG image; give a file name ending in .svg"),
        "{err}"
    );
    assert!(!png.exists());
    let svg = dir.path().join("p.SVG");
    let (code, out, err) = run(&["plot", arg(&csv), "--out", arg(&svg)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote"), "{out}");
}

#[test]
fn a_deal_files_seed_past_2_pow_64_is_called_too_large() {
    // Before: "expected a whole number 0 or more, found the number 1.8446744073709552e+19".
    let dir = tempdir();
    let file = write_file(
        dir.path(),
        "d.json",
        r#"{"variant":"stonewall","seed":18446744073709551616}"#,
    );
    let err = refused(&["deal", "stonewall", "--deal", arg(&file)]);
    assert!(
        err.contains("\"seed\": expected a whole number from 0 to 2^64 - 1"),
        "{err}"
    );
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

#[test]
fn a_result_row_past_the_largest_number_of_its_source_is_refused() {
    let dir = tempdir();
    let header = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes,planner,source,solution\n";
    for (name, row, want) in [
        (
            "seed.csv",
            "stonewall,18446744073709551616,thoughtful,unknown,,10,0.1,nodes,,,,,\n",
            "claims what cannot be: 18446744073709551616 is past the largest seed",
        ),
        (
            "pysol.csv",
            "stonewall,100000000000000000001,thoughtful,unknown,,10,0.1,nodes,,,,pysol,\n",
            "claims what cannot be: 100000000000000000001 is no PySolFC game number",
        ),
    ] {
        let csv = write_file(dir.path(), name, &format!("{header}{row}{row}"));
        let err = refused(&["merge", arg(&csv)]);
        assert!(err.contains(want), "{err}");
    }
}

#[test]
fn hint_and_show_refuse_a_card_no_play_could_have_turned_up() {
    // Stonewall seed 29 with T1 written face up, no seed named: `solve` refused it, while `hint`
    // recommended R6>T1 "(estimated chance 100%)" and `show` stepped through it.
    let dir = tempdir();
    let mut deal: serde_json::Value =
        serde_json::from_str(&crate::common::deal_json("stonewall", 29)).unwrap();
    deal.as_object_mut().unwrap().remove("seed");
    for c in deal["tableau piles"][0].as_array_mut().unwrap() {
        *c = c.as_str().unwrap().to_uppercase().into();
    }
    let file = write_file(dir.path(), "up.json", &deal.to_string());
    let moves = write_file(dir.path(), "m.txt", "R6>T1");
    for cmd in [
        &["hint", "stonewall", "--deal", arg(&file), "--samples", "2"][..],
        &["show", arg(&file), arg(&moves), "--plain"],
        &[
            "show",
            "stonewall",
            "--deal",
            arg(&file),
            arg(&moves),
            "--plain",
        ],
        &["solve", "stonewall", "--deal", arg(&file)],
    ] {
        let err = refused(cmd);
        assert!(
            err.contains("T1: 9D is written face up, but Stonewall deals it face down")
                && err.contains("no play could have turned it up"),
            "{cmd:?}: {err}"
        );
    }
}

/// A cancel is seen before each turn of a scan and each restart, not only every 1,024 nodes
/// inside a search: with the exact node cap, short restarts and turns never reach that check,
/// and a cancelled solve (Ctrl-C, Python's KeyboardInterrupt) ran on to its whole budget.
#[test]
fn a_cancelled_solve_stops_before_its_next_turn() {
    let v = FortyThieves;
    let start = start_of::<FortyThieves>(v, 0);
    let cancel = AtomicBool::new(true);
    let sol = solver::<FortyThieves>(v, 1_000_000_000, Prune::default())
        .solve(&start, &cancel)
        .unwrap();
    assert_eq!(sol.verdict, Verdict::Unknown(Limit::Cancelled));
    assert_eq!(sol.stats.nodes, 0, "no node after the cancel");
}
