//! PySolFC game numbers (`--pysol N`): every golden deal of tests/data/pysol (made from
//! PySolFC's own dealing, see its README) equals ours, through the library and the command line;
//! the numbers are checked at the argument boundary; games PySolFC lacks are refused.

use crate::common::{refused, run};
use patience::Position;
use patience::internal::games::builtin;
use patience::internal::pysol::{MAX_NUMBER, MT_FROM, pysol_game};
use patience::io::dealfile::read_deal;
use patience::{PysolError, pysol_deal};
use serde_json::Value;
use std::path::PathBuf;

fn golden_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pysol"))
}

/// Every golden deal: (game id, game number, file text), sorted.
fn golden() -> Vec<(String, u128, String)> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(golden_dir()).expect("tests/data/pysol") {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let game = dir.file_name().unwrap().to_string_lossy().into_owned();
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            let number: u128 = f
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .parse()
                .expect("golden files are named N.json");
            out.push((game.clone(), number, std::fs::read_to_string(&f).unwrap()));
        }
    }
    out.sort();
    out
}

/// The games PySolFC has: all of ours but Luckier Thirteen.
const PYSOL_GAMES: [&str; 11] = [
    "stonewall",
    "lucky-piles",
    "napoleons-shoulder",
    "flower-garden",
    "wildflower",
    "lucky-thirteen",
    "napoleons-square",
    "forty-thieves",
    "klondike",
    "klondike-draw3",
    "lucky-piles-same-suit",
];

#[test]
fn every_game_pysolfc_has_is_pinned_on_both_generators() {
    let all = golden();
    for game in PYSOL_GAMES {
        let numbers: Vec<u128> = all
            .iter()
            .filter(|(g, ..)| g == game)
            .map(|(_, n, _)| *n)
            .collect();
        let lcg = numbers.iter().filter(|&&n| n < MT_FROM).count();
        let mt = numbers.iter().filter(|&&n| n >= MT_FROM).count();
        assert!(lcg >= 3 && mt >= 3, "{game}: {numbers:?}");
        // The edges: the first number, the last LCG number, the first MT19937 one, the highest.
        for edge in [1, MT_FROM - 1, MT_FROM, MAX_NUMBER] {
            assert!(numbers.contains(&edge), "{game}: no golden deal {edge}");
        }
    }
    assert_eq!(
        all.iter()
            .filter(|(g, ..)| !PYSOL_GAMES.contains(&g.as_str()))
            .count(),
        0,
        "a golden deal for a game PySolFC lacks"
    );
}

#[test]
fn golden_deals_equal_ours() {
    let all = golden();
    // Nine numbers of each of the eleven games (PySolFC has no game 0).
    assert!(all.len() >= 99, "{} golden deals", all.len());
    for (game, number, text) in &all {
        let rules = builtin::find(game).expect("a known game");
        let want = read_deal(text).unwrap_or_else(|e| panic!("{game}/{number}: {e}"));
        let ours = pysol_deal(rules, *number).unwrap();
        assert_eq!(ours, want, "{game}: PySolFC game {number}");
        assert_eq!(ours.seed, None);
        // And it is a legal start of the game.
        struct Legal<'a>(&'a patience::Deal);
        impl patience::GameFn<Result<(), patience::DealError>> for Legal<'_> {
            fn call<V: patience::Variant>(self, v: V) -> Result<(), patience::DealError> {
                Position::from_deal::<V>(v, self.0).map(|_| ())
            }
        }
        let legal = patience::games::with_rules(rules, Legal(&ours)).expect("a known game");
        assert!(legal.is_ok(), "{game}/{number}: {legal:?}");
    }
}

#[test]
fn lucky_piles_takes_the_cards_of_lucky_thirteen() {
    for n in [7, 54_321] {
        let a = pysol_deal(builtin::find("lucky-piles").unwrap(), n).unwrap();
        let b = pysol_deal(builtin::find("lucky-thirteen").unwrap(), n).unwrap();
        assert_eq!(a.piles, b.piles);
        assert_eq!(a.variant.as_deref(), Some("lucky-piles"));
    }
    let g = pysol_game(builtin::find("lucky-piles").unwrap()).unwrap();
    assert_eq!((g.id, g.name), (585, "Lucky Thirteen"));
    let g = pysol_game(builtin::find("lucky-piles-same-suit").unwrap()).unwrap();
    assert_eq!((g.id, g.name), (586, "Lucky Piles"));
}

#[test]
fn the_library_refuses_what_pysolfc_lacks() {
    let luckier = builtin::find("luckier-thirteen").unwrap();
    let e = pysol_deal(luckier, 1).unwrap_err();
    assert_eq!(e, PysolError::NoSuchGame("Luckier Thirteen".into()));
    assert_eq!(e.to_string(), "PySolFC has no Luckier Thirteen");
    let stonewall = builtin::find("stonewall").unwrap();
    let e = pysol_deal(stonewall, MAX_NUMBER + 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "PySolFC game numbers run from 1 to 100000000000000000000 (and ms1 to ms8589934591), not 100000000000000000001"
    );
    assert!(pysol_deal(stonewall, MAX_NUMBER).is_ok());
}

/// `patience deal GAME --pysol N --json`, parsed.
fn deal_json(game: &str, number: &str) -> Value {
    let (code, out, err) = run(&["deal", game, "--pysol", number, "--json"]);
    assert_eq!(code, 0, "{game} {number}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn deal_json_prints_the_golden_file() {
    for (game, number, text) in golden() {
        let (code, out, err) = run(&["deal", &game, "--pysol", &number.to_string(), "--json"]);
        assert_eq!(code, 0, "{game} {number}: {err}");
        assert_eq!(out, text, "{game}: PySolFC game {number}");
    }
    // PySolFC shows its MT19937 numbers with 20 digits; they read the same.
    assert_eq!(
        deal_json("stonewall", "00000000000000123456"),
        deal_json("stonewall", "123456")
    );
}

#[test]
fn the_deal_picture_names_the_pysolfc_game() {
    let (code, out, _) = run(&["deal", "stonewall", "--pysol", "123456"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("Stonewall, PySolFC game 123456"));
    assert!(
        out.contains("T1  [3d]  4C    [9d]  AH    [10s] 6S"),
        "{out}"
    );
    let (_, out, _) = run(&["deal", "lucky-piles", "--pysol", "5"]);
    assert_eq!(
        out.lines().next(),
        Some("Lucky Piles, PySolFC game 5 (the cards of its Lucky Thirteen)")
    );
    let (_, out, _) = run(&["deal", "napoleons-shoulder", "--pysol", "123456"]);
    // PySolFC turns the first stock card at the start: it is our waste.
    assert!(out.contains("\nS   55 cards\nW   2H\n"), "{out}");
}

#[test]
fn solve_stonewall_by_pysol_number() {
    let (code, out, err) = run(&["solve", "stonewall", "--pysol", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("solved in 82 moves (verified by replay)"),
        "{out}"
    );
    let (code, out, err) = run(&["solve", "stonewall", "--pysol", "123456"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with("unsolvable"), "{out}");
    // The JSON result carries the deal, with no seed.
    let (code, out, _) = run(&["solve", "klondike", "--pysol", "32000", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "solved");
    assert_eq!(v["seed"], Value::Null);
    assert_eq!(v["deal"], deal_json("klondike", "32000"));
}

#[test]
fn a_pysol_solution_checks_as_won() {
    let dir = crate::common::tempdir();
    let (code, out, _) = run(&["solve", "klondike-draw3", "--pysol", "31999", "--json"]);
    assert_eq!(code, 0);
    let path = crate::common::write_file(dir.path(), "sol.json", &out);
    let sol = crate::common::arg(&path);
    let (code, out, err) = run(&["check", "klondike-draw3", "--pysol", "31999", sol]);
    assert_eq!((code, out.as_str()), (0, "won\n"), "{err}");
    // Checked against another PySolFC game, the result's own deal does not match: bad input,
    // naming the game.
    let (code, _, err) = run(&["check", "klondike-draw3", "--pysol", "32000", sol]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("another deal than PySolFC's game 32000"),
        "{err}"
    );
}

#[test]
fn play_and_hint_take_a_pysol_number() {
    let (code, out, err) = run(&["play", "lucky-piles", "--pysol", "123456"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("solved in 131 moves"), "{out}");
    let (code, out, err) = run(&[
        "play",
        "klondike",
        "--pysol",
        "123456",
        "--knowledge",
        "hidden",
        "--samples",
        "2",
        "--sample-nodes",
        "2000",
    ]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(
        out.starts_with("Klondike, PySolFC game 123456, hidden play"),
        "{out}"
    );
    // A hint for the start of Klondike game 123456, as the player sees it: its 21 face-down
    // cards are unknown (the stock is known in Klondike, RULES.md).
    let (code, out, err) = run(&[
        "hint",
        "klondike",
        "--pysol",
        "123456",
        "--samples",
        "2",
        "--sample-nodes",
        "2000",
    ]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(out.starts_with("21 unknown cards;"), "{out}");
}

#[test]
fn bad_pysol_numbers_and_games_are_refused() {
    for cmd in ["deal", "solve", "play"] {
        let err = refused(&[cmd, "stonewall", "--pysol", "100000000000000000001"]);
        assert!(
            err.contains("PySolFC game numbers run from 1 to 100000000000000000000"),
            "{err}"
        );
    }
    let err = refused(&["deal", "stonewall", "--pysol=-3"]);
    assert!(
        err.contains("a PySolFC game number is a whole number"),
        "{err}"
    );
    let err = refused(&["hint", "klondike", "--pysol", "12345678901234567890123"]);
    assert!(err.contains("PySolFC game numbers run from 1"), "{err}");
    for cmd in ["deal", "solve", "play", "hint"] {
        let err = refused(&[cmd, "luckier-thirteen", "--pysol", "5"]);
        assert_eq!(err, "error: PySolFC has no Luckier Thirteen\n");
    }
    let err = refused(&["check", "luckier-thirteen", "--pysol", "5", "-"]);
    assert_eq!(err, "error: PySolFC has no Luckier Thirteen\n");
    let err = refused(&["deal", "stonewall", "--pysol", "1", "--seed", "1"]);
    assert!(err.contains("cannot be used with"), "{err}");
    let err = refused(&["hint", "klondike", "--pysol", "1", "--deal", "x.json"]);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// The rows of a result file, each as a map from column name to field.
fn csv_rows(path: &std::path::Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split(',').map(String::from))
                .collect()
        })
        .collect()
}

#[test]
fn winrate_pysol_solves_pysolfc_games_as_solve_does() {
    let dir = crate::common::tempdir();
    let csv = dir.path().join("p.csv");
    let (code, out, err) = run(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--seeds",
        "1..6",
        "--max-nodes",
        "100000",
        "--csv",
        crate::common::arg(&csv),
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("stonewall (PySolFC) "),
        "{out}"
    );
    assert!(out.contains("PySolFC game numbers 1..6"), "{out}");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.starts_with(patience::io::results::HEADER), "{text}");
    assert!(patience::io::results::HEADER.ends_with(",planner,source,solution,cards_up"));
    let rows = csv_rows(&csv);
    assert_eq!(rows.len(), 5, "{text}");
    for row in &rows {
        assert_eq!(row["source"], "pysol", "{text}");
        let n = &row["seed"];
        let (code, out, err) = run(&["solve", "stonewall", "--pysol", n, "--max-nodes", "100000"]);
        let expected = match code {
            0 => "solved",
            1 if out.starts_with("unsolvable") => "unsolvable",
            _ => "unknown",
        };
        assert_eq!(row["verdict"], expected, "game {n}: {out}{err}");
    }
    // Pinned: game 2 is solved in 90 moves, 1, 3 and 4 are unsolvable.
    let verdict = |n: &str| rows.iter().find(|r| r["seed"] == n).unwrap()["verdict"].clone();
    assert_eq!(verdict("2"), "solved");
    for n in ["1", "3", "4"] {
        assert_eq!(verdict(n), "unsolvable");
    }
    // The JSON summary says where the deals come from.
    let (code, out, err) = run(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--seeds",
        "2..3",
        "--json",
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["variants"][0]["source"], "pysol");
    assert_eq!(v["variants"][0]["won"], 1);
    let (_, out, _) = run(&["winrate", "stonewall", "--seeds", "2..3", "--json", "-q"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["variants"][0].get("source"), None, "{out}");
}

#[test]
fn winrate_pysol_refuses_games_pysolfc_lacks() {
    for variants in [
        &["luckier-thirteen"][..],
        &["stonewall", "luckier-thirteen"],
    ] {
        let mut args = vec!["winrate"];
        args.extend(variants);
        args.extend(["--pysol", "--deals", "3", "-q"]);
        let err = refused(&args);
        assert_eq!(
            err,
            "error: --pysol: PySolFC has no Luckier Thirteen: its deals have no PySolFC game number\n"
        );
    }
}

#[test]
fn pysol_rows_and_seed_rows_are_different_deals() {
    let dir = crate::common::tempdir();
    let (p, s) = (dir.path().join("p.csv"), dir.path().join("s.csv"));
    let (pa, sa) = (crate::common::arg(&p), crate::common::arg(&s));
    let base = [
        "winrate",
        "stonewall",
        "--seeds",
        "1..4",
        "--max-nodes",
        "20000",
        "-q",
    ];
    let mut args = base.to_vec();
    args.extend(["--pysol", "--csv", pa]);
    assert_eq!(run(&args).0, 0);
    let mut args = base.to_vec();
    args.extend(["--csv", sa]);
    assert_eq!(run(&args).0, 0);
    assert!(csv_rows(&s).iter().all(|r| r["source"].is_empty()));

    // Merged: both sets kept apart, each with its own line.
    let merged = dir.path().join("m.csv");
    let (code, out, err) = run(&["merge", pa, sa, "--csv", crate::common::arg(&merged)]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("duplicated"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with("stonewall "), "{out}");
    assert!(lines[2].starts_with("stonewall (PySolFC) "), "{out}");
    assert!(out.contains("PySolFC games 1..=3"), "{out}");
    let rows = csv_rows(&merged);
    let sources: Vec<&str> = rows.iter().map(|r| r["source"].as_str()).collect();
    assert_eq!(sources, ["", "", "", "pysol", "pysol", "pysol"]);

    // Compared: refused, in either order.
    for (a, b) in [(pa, sa), (sa, pa)] {
        let err = refused(&["compare", a, b]);
        assert!(
            err.contains("the same number is a different deal in each") && err.lines().count() == 1,
            "{err}"
        );
    }
    // A file holding both cannot be compared either.
    let err = refused(&["compare", crate::common::arg(&merged), pa]);
    assert!(
        err.contains("compare files of one deal source each"),
        "{err}"
    );

    // Resumed or retried with the other source: refused, the file left alone.
    let before = std::fs::read_to_string(&p).unwrap();
    let mut args = base.to_vec();
    args.extend(["--csv", pa, "--resume"]);
    let err = refused(&args);
    assert!(
        err.contains("holds deals of PySolFC's game numbers") && err.contains("add --pysol"),
        "{err}"
    );
    let mut args = base.to_vec();
    args.extend(["--pysol", "--csv", sa, "--resume"]);
    let err = refused(&args);
    assert!(
        err.contains("holds deals of our seeds") && err.contains("leave out --pysol"),
        "{err}"
    );
    let err = refused(&["winrate", "stonewall", "--retry", pa, "-q"]);
    assert!(err.contains("add --pysol"), "{err}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), before);
    // With --pysol the resume goes on: nothing left to solve in 0..3, all 3 read back.
    let mut args = base.to_vec();
    args.extend(["--pysol", "--csv", pa, "--resume"]);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(3 deals read back from"), "{out}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), before);
}
