//! The command line: `variants`, `deal`, `check`, exit statuses and error messages.

use crate::common::{
    VARIANTS, arg, deal_json, patience, stderr_of, stdout_of, tempdir, write_file,
};
use predicates::prelude::*;
use serde_json::{Value, json};

/// Runs `patience args` (with `stdin` if given) and checks that it is refused as bad input:
/// exit status 2, nothing on standard output, one line `error: ...` on standard error, no
/// panic. Returns that line.
fn bad_input(args: &[&str], stdin: Option<&str>) -> String {
    let mut cmd = patience();
    cmd.args(args);
    if let Some(s) = stdin {
        cmd.write_stdin(s);
    }
    let out = cmd.output().unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: stderr {err:?}");
    assert!(
        out.stdout.is_empty(),
        "{args:?}: stdout {:?}",
        stdout_of(&out)
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err:?}");
    assert!(
        err.ends_with('\n') && err.lines().count() == 1,
        "{args:?}: {err:?}"
    );
    err.trim_end().to_string()
}

/// Runs `patience args` and returns (exit status, standard output).
fn run(args: &[&str], stdin: Option<&str>) -> (i32, String) {
    let mut cmd = patience();
    cmd.args(args);
    if let Some(s) = stdin {
        cmd.write_stdin(s);
    }
    let out = cmd.output().unwrap();
    assert!(!stderr_of(&out).contains("panicked"), "{}", stderr_of(&out));
    (out.status.code().unwrap_or(-1), stdout_of(&out))
}

fn suit(letter: char, top: u8) -> Vec<String> {
    let ranks = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    ranks[..top as usize]
        .iter()
        .map(|r| format!("{r}{letter}"))
        .collect()
}

/// Stonewall with everything on the foundations but JS (on top of a face-down QS in pile 1)
/// and KS (reserve slot 1).
fn stonewall_nearly_won() -> String {
    let mut reserve = vec![json!("KS")];
    reserve.extend((0..15).map(|_| Value::Null));
    json!({
        "variant": "stonewall",
        "tableau piles": [["qs", "JS"], [], [], [], [], []],
        "reserve": reserve,
        "foundations": [suit('C', 13), suit('D', 13), suit('H', 13), suit('S', 10)],
    })
    .to_string()
}

/// Napoleon's Shoulder with everything on the foundations but one KH, alone in the stock.
fn napoleon_nearly_won() -> String {
    json!({
        "tableau piles": vec![Vec::<String>::new(); 12],
        "stock": ["KH"],
        "foundations": [suit('C', 13), suit('C', 13), suit('D', 13), suit('D', 13),
                        suit('H', 13), suit('H', 12), suit('S', 13), suit('S', 13)],
    })
    .to_string()
}

/// Lucky Piles with everything on the foundations but QD (pile 2) and KD (pile 1).
fn lucky_nearly_won() -> String {
    let mut piles = vec![Vec::<String>::new(); 13];
    piles[0].push("KD".into());
    piles[1].push("QD".into());
    json!({
        "variant": "lucky-piles",
        "tableau piles": piles,
        "foundations": [suit('C', 13), suit('D', 11), suit('H', 13), suit('S', 13)],
    })
    .to_string()
}

#[test]
fn variants_lists_the_three_games() {
    let out = patience().arg("variants").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), patience::games::ALL.len(), "{text}");
    for (line, id) in text.lines().zip(VARIANTS) {
        assert!(line.starts_with(id), "{line}");
    }
    assert!(text.contains("Napoleon's Shoulder") && text.contains("Lucky Piles"));
}

#[test]
fn help_and_version_succeed() {
    patience()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("check"));
    patience()
        .args(["check", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--deal"));
    patience().arg("--version").assert().success();
}

/// The help points to the page that gives the columns (`io::results`' tests check that the
/// page gives `HEADER`).
#[test]
fn winrate_help_points_to_the_page_of_the_csv_columns() {
    patience()
        .args(["winrate", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("(columns: docs/formats.md;"));
}

#[test]
fn deal_draws_a_picture_with_a_legend() {
    let (code, text) = run(&["deal", "stonewall", "--seed", "1"], None);
    assert_eq!(code, 0);
    assert!(text.starts_with("Stonewall, seed 1\nlegend: "), "{text}");
    assert!(text.contains("[7h] = face down"), "{text}");
    for label in ["T1 ", "T6 ", "R1 ", "R16 "] {
        assert!(text.contains(label), "{label} in {text}");
    }
    // Pile 1 bottom to top: face down, up, down, up, down, up.
    let t1 = text.lines().find(|l| l.starts_with("T1 ")).unwrap();
    let cells: Vec<&str> = t1.split_whitespace().skip(1).collect();
    assert_eq!(cells.len(), 6, "{t1}");
    for (i, c) in cells.iter().enumerate() {
        assert_eq!(c.starts_with('['), i % 2 == 0, "{t1}");
    }

    let (code, text) = run(&["deal", "napoleons-shoulder", "--seed", "3"], None);
    assert_eq!(code, 0);
    assert!(
        text.contains("T12 ") && text.contains("\nS   56 cards\n"),
        "{text}"
    );
    let (code, text) = run(&["deal", "lucky-piles", "--seed", "3"], None);
    assert_eq!(code, 0);
    assert!(text.contains("T13 ") && !text.contains("R1") && !text.contains('['));
}

#[test]
fn deal_pictures_a_deal_file_with_foundations() {
    let (code, text) = run(
        &["deal", "stonewall", "--deal", "-"],
        Some(&stonewall_nearly_won()),
    );
    assert_eq!(code, 0);
    assert!(text.contains("F4  10S"), "{text}");
    assert!(text.contains("R2  -"), "{text}");
    assert!(text.contains("T2  -"), "{text}");
}

#[test]
fn every_printed_deal_is_read_back() {
    for variant in VARIANTS {
        for seed in 0..20u64 {
            let json = deal_json(variant, seed);
            assert_eq!(json.lines().count(), 1, "{json}");
            let v: Value = serde_json::from_str(&json).unwrap();
            assert_eq!(v["variant"], variant);
            assert_eq!(v["seed"], seed);
            // Read back by `deal`: the same file comes out.
            let (code, again) = run(&["deal", variant, "--deal", "-", "--json"], Some(&json));
            assert_eq!((code, &again), (0, &json), "{variant} seed {seed}");
            // Read back by `check` with no moves: a legal deal, not won.
            let dir = tempdir();
            let deal = write_file(dir.path(), "deal.json", &json);
            let moves = write_file(dir.path(), "moves.txt", "");
            let (code, text) = run(&["check", variant, "--deal", arg(&deal), arg(&moves)], None);
            assert_eq!(code, 1, "{variant} seed {seed}: {text}");
            assert!(text.starts_with("not won: 0 of "), "{text}");
        }
    }
}

#[test]
fn a_seeded_deal_piped_into_check_with_no_moves_is_not_won() {
    let json = deal_json("stonewall", 1);
    let dir = tempdir();
    let empty = write_file(dir.path(), "empty.txt", "");
    patience()
        .args(["check", "stonewall", "--deal", "-", arg(&empty)])
        .write_stdin(json)
        .assert()
        .code(1)
        .stdout("not won: 0 of 52 cards on the foundations after 0 moves\n");
    // The same by seed, with the moves on standard input.
    patience()
        .args(["check", "stonewall", "--seed", "1", "-"])
        .write_stdin("# nothing yet\n")
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("not won"));
}

#[test]
fn short_winning_lists_are_won() {
    let dir = tempdir();
    let cases = [
        (
            "stonewall",
            stonewall_nearly_won(),
            "1. T1>F4\n2. T1>F4  # QS turned up\n3. R1>F4\n",
        ),
        ("napoleons-shoulder", napoleon_nearly_won(), "S>W, W>F6"),
        (
            "napoleons-shoulder",
            napoleon_nearly_won(),
            r#"{"variant": "napoleons-shoulder", "verdict": "solved", "moves": ["S>W", "W>F6"]}"#,
        ),
        ("lucky-piles", lucky_nearly_won(), "T2>F2 T1>F2"),
    ];
    for (variant, deal, moves) in cases {
        let deal = write_file(dir.path(), "deal.json", &deal);
        let moves = write_file(dir.path(), "moves.txt", moves);
        patience()
            .args(["check", variant, "--deal", arg(&deal), arg(&moves)])
            .assert()
            .success()
            .stdout("won\n");
    }
    // Stopping one move short is not a win.
    let deal = write_file(dir.path(), "deal.json", &stonewall_nearly_won());
    patience()
        .args(["check", "stonewall", "--deal", arg(&deal), "-"])
        .write_stdin("T1>F4 T1>F4")
        .assert()
        .code(1)
        .stdout("not won: 51 of 52 cards on the foundations after 2 moves\n");
}

#[test]
fn an_illegal_move_is_reported_with_its_number_and_reason() {
    let dir = tempdir();
    let deal = write_file(dir.path(), "deal.json", &stonewall_nearly_won());
    let cases = [
        (
            "T1>F4, R1>F4",
            "illegal move 2 (R1>F4): KS cannot go to F4\n",
        ),
        ("T1>T2x2", "illegal move 1 (T1>T2x2): QS is face down\n"),
        (
            "1. T1>F4\n2. T1>F1",
            "illegal move 2 (T1>F1): QS cannot go to F1\n",
        ),
        ("T1>F4 T1>F4 T1>F4", "illegal move 3 (T1>F4): T1 is empty\n"),
    ];
    for (moves, expected) in cases {
        patience()
            .args(["check", "stonewall", "--deal", arg(&deal), "-"])
            .write_stdin(moves)
            .assert()
            .code(1)
            .stdout(expected.to_string());
    }
    // A place the game does not have is bad input (exit status 2, as `T0` is), not an illegal
    // move (issue 29).
    for (moves, expected) in [
        ("T7>F4", "move 1 (T7>F4): Stonewall has no T7"),
        ("S>W", "move 1 (S>W): Stonewall has no S"),
    ] {
        let e = bad_input(
            &["check", "stonewall", "--deal", arg(&deal), "-"],
            Some(moves),
        );
        assert!(e.contains(expected), "{e}");
    }
    // A Napoleon's Shoulder space takes only the waste's top card.
    let deal = write_file(dir.path(), "nap.json", &napoleon_nearly_won());
    patience()
        .args(["check", "napoleons-shoulder", "--deal", arg(&deal), "-"])
        .write_stdin("F1>T1")
        .assert()
        .code(1)
        .stdout("illegal move 1 (F1>T1): KC from F1 cannot fill the empty pile T1\n");
}

/// `deal` with `variant`'s seed-1 deal changed by `edit`, read from standard input.
fn edited_deal(variant: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&deal_json(variant, 1)).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    // Unknown variant: the message lists the known ones.
    let e = bad_input(&["deal", "spider", "--seed", "1"], None);
    assert!(e.contains("unknown variant \"spider\""), "{e}");
    for id in VARIANTS {
        assert!(e.contains(id), "{e}");
    }
    let e = bad_input(&["check", "nope", "--seed", "1", "-"], Some(""));
    assert!(e.contains("unknown variant \"nope\""), "{e}");

    // Malformed card in a deal file.
    let deal = edited_deal("stonewall", |v| v["tableau piles"][2][3] = json!("7X"));
    let e = bad_input(&["deal", "stonewall", "--deal", "-"], Some(&deal));
    assert!(
        e.contains("\"tableau piles\"[2][3] (T3, card 4 from the bottom): malformed card \"7X\""),
        "{e}"
    );

    // A missing card.
    let deal = edited_deal("lucky-piles", |v| {
        v["tableau piles"][0].as_array_mut().unwrap().pop();
    });
    let e = bad_input(&["deal", "lucky-piles", "--deal", "-"], Some(&deal));
    assert!(e.contains("is missing"), "{e}");
    let deal = edited_deal("stonewall", |v| v["reserve"][0] = Value::Null);
    let e = bad_input(&["deal", "stonewall", "--deal", "-"], Some(&deal));
    assert!(e.contains("card 7D is missing"), "{e}");

    // A duplicated card.
    let deal = edited_deal("lucky-piles", |v| {
        v["tableau piles"][0][0] = v["tableau piles"][1][0].clone();
    });
    let e = bad_input(&["deal", "lucky-piles", "--deal", "-"], Some(&deal));
    assert!(e.contains("appears 2 times"), "{e}");

    // A wrong pile count.
    let deal = edited_deal("lucky-piles", |v| {
        v["tableau piles"].as_array_mut().unwrap().pop();
    });
    let e = bad_input(&["deal", "lucky-piles", "--deal", "-"], Some(&deal));
    assert!(e.contains("13 tableau piles, the deal has 12"), "{e}");

    // A face-down card in a game without any.
    let deal = edited_deal("lucky-piles", |v| v["tableau piles"][4][0] = json!("5d"));
    let e = bad_input(&["deal", "lucky-piles", "--deal", "-"], Some(&deal));
    assert!(e.contains("face down"), "{e}");

    // An unknown key.
    let deal = edited_deal("stonewall", |v| v["colour"] = json!(1));
    let e = bad_input(&["deal", "stonewall", "--deal", "-"], Some(&deal));
    assert!(e.contains("unknown key \"colour\""), "{e}");

    // Not JSON at all.
    let e = bad_input(&["deal", "stonewall", "--deal", "-"], Some("T1: 7H 8S"));
    assert!(e.contains("deal file: not a JSON object"), "{e}");

    // A deal file of another game.
    let e = bad_input(
        &["deal", "stonewall", "--deal", "-"],
        Some(&deal_json("lucky-piles", 1)),
    );
    assert!(
        e.contains("is for \"lucky-piles\", not \"stonewall\""),
        "{e}"
    );

    // A bad move token.
    let e = bad_input(
        &["check", "stonewall", "--seed", "1", "-"],
        Some("R1>F1\nT3-F1\n"),
    );
    assert!(e.contains("move 2") && e.contains("\"T3-F1\""), "{e}");

    // A solve result of another game, or with no moves.
    let e = bad_input(
        &["check", "stonewall", "--seed", "1", "-"],
        Some(r#"{"variant": "lucky-piles", "moves": []}"#),
    );
    assert!(e.contains("for \"lucky-piles\""), "{e}");
    let e = bad_input(
        &["check", "stonewall", "--seed", "1", "-"],
        Some(r#"{"variant": "stonewall", "seed": 2, "moves": []}"#),
    );
    assert!(e.contains("seed 2"), "{e}");
    let e = bad_input(
        &["check", "stonewall", "--seed", "1", "-"],
        Some(r#"{"verdict": "unsolvable"}"#),
    );
    assert!(e.contains("has no moves"), "{e}");

    // Unreadable files.
    let dir = tempdir();
    let missing = dir.path().join("no-such-file.json");
    let e = bad_input(&["deal", "stonewall", "--deal", arg(&missing)], None);
    assert!(
        e.contains("cannot read") && e.contains("no-such-file.json"),
        "{e}"
    );
    let e = bad_input(&["check", "stonewall", "--seed", "1", arg(&missing)], None);
    assert!(e.contains("cannot read"), "{e}");
    let e = bad_input(&["deal", "stonewall", "--deal", arg(dir.path())], None);
    assert!(e.contains("cannot read"), "{e}");

    // Both the deal and the moves on standard input.
    let e = bad_input(&["check", "stonewall", "--deal", "-", "-"], Some(""));
    assert!(e.contains("standard input"), "{e}");

    // Command-line mistakes.
    bad_input(&["deal", "stonewall"], None);
    bad_input(&["deal", "stonewall", "--seed", "x"], None);
    bad_input(
        &["deal", "stonewall", "--seed", "1", "--deal", "-"],
        Some(""),
    );
    bad_input(&["check", "stonewall", "--seed", "1"], None);
    bad_input(&["frobnicate"], None);
}

/// An unknown verdict says how far the search got: the most cards on the foundations in any
/// position it entered, of all the game's cards.
#[test]
fn an_unknown_solve_says_how_far_the_search_got() {
    let (code, out) = run(
        &[
            "solve",
            "forty-thieves",
            "--seed",
            "0",
            "--max-nodes",
            "3000",
        ],
        None,
    );
    assert_eq!(code, 1, "{out}");
    let line = out.lines().next().unwrap();
    let head = "unknown: stopped by the node limit; the most cards on the foundations in a \
                position searched: ";
    let rest = line
        .strip_prefix(head)
        .unwrap_or_else(|| panic!("{line:?}"));
    let (got, total) = rest.split_once(" of ").unwrap();
    let got: u32 = got.parse().unwrap();
    assert_eq!(total, "104");
    assert!((1..104).contains(&got), "{line}");
}
