//! Inputs read from files: deal files (a byte-order mark, CRLF lines, a seed they name, cards
//! written face down or face up where no play could have put them), move lists and solve
//! results given to `check`, PySolFC game numbers, rules files, and endless files. Most cases
//! came from trying the command line with bad input.

use crate::common::{
    AT_ONCE, arg, deal_json, patience, refused, run, stderr_of, tempdir, write_file,
};

#[test]
fn check_reads_the_text_that_solve_prints() {
    let dir = tempdir();
    let (code, text, _) = run(&["solve", "stonewall", "--seed", "1"]);
    assert_eq!(code, 0);
    assert!(text.starts_with("solved in "), "{text}");
    let file = write_file(dir.path(), "solution.txt", &text);
    let (code, out, err) = run(&["check", "stonewall", "--seed", "1", arg(&file)]);
    assert_eq!((code, out.as_str()), (0, "won\n"), "{err}");
    // With Windows line ends too; and an unsolvable verdict is not a move list.
    let crlf = write_file(dir.path(), "crlf.txt", &text.replace('\n', "\r\n"));
    let (code, out, _) = run(&["check", "stonewall", "--seed", "1", arg(&crlf)]);
    assert_eq!((code, out.as_str()), (0, "won\n"));
    let (_, lost, _) = run(&["solve", "stonewall", "--seed", "2"]);
    let lost = write_file(dir.path(), "lost.txt", &lost);
    let err = refused(&["check", "stonewall", "--seed", "2", arg(&lost)]);
    assert!(
        err.contains("the solve result has no moves (its verdict is \"unsolvable\")"),
        "{err}"
    );
}

#[test]
fn check_of_a_solve_result_against_another_deal_names_the_mismatch() {
    let dir = tempdir();
    let (code, result, _) = run(&["solve", "stonewall", "--seed", "1", "--json"]);
    assert_eq!(code, 0);
    let result = write_file(dir.path(), "result.json", &result);
    // The deal of seed 2 without its seed: before, "illegal move 1", exit 1.
    let mut other: serde_json::Value = serde_json::from_str(&deal_json("stonewall", 2)).unwrap();
    other.as_object_mut().unwrap().remove("seed");
    let other = write_file(dir.path(), "other.json", &other.to_string());
    let err = refused(&["check", "stonewall", "--deal", arg(&other), arg(&result)]);
    assert!(
        err.contains("the solve result is for another deal than the deal of")
            && err.contains("T1 is ")
            && err.contains(" there, "),
        "{err}"
    );
    // The same deal without its seed is the deal of the result.
    let mut same: serde_json::Value = serde_json::from_str(&deal_json("stonewall", 1)).unwrap();
    same.as_object_mut().unwrap().remove("seed");
    let same = write_file(dir.path(), "same.json", &same.to_string());
    let (code, out, err) = run(&["check", "stonewall", "--deal", arg(&same), arg(&result)]);
    assert_eq!((code, out.as_str()), (0, "won\n"), "{err}");
}

#[test]
fn a_deal_file_with_a_byte_order_mark_or_crlf_lines_is_read() {
    let dir = tempdir();
    let json = deal_json("stonewall", 1);
    let pretty: serde_json::Value = serde_json::from_str(&json).unwrap();
    let pretty = serde_json::to_string_pretty(&pretty)
        .unwrap()
        .replace('\n', "\r\n");
    for (name, text) in [
        ("bom.json", format!("\u{feff}{json}")),
        ("crlf.json", pretty.clone()),
        ("bom-crlf.json", format!("\u{feff}{pretty}\r\n")),
    ] {
        let file = write_file(dir.path(), name, &text);
        let (code, out, err) = run(&["solve", "stonewall", "--deal", arg(&file)]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.starts_with("solved in "), "{name}: {out}");
        let (code, out, err) = run(&["deal", "stonewall", "--deal", arg(&file), "--json"]);
        assert_eq!((code, out.as_str()), (0, json.as_str()), "{name}: {err}");
    }
    // A move list with a byte-order mark, from standard input.
    let (_, result, _) = run(&["solve", "stonewall", "--seed", "1", "--json"]);
    let out = patience()
        .args(["check", "stonewall", "--seed", "1", "-"])
        .write_stdin(format!("\u{feff}{result}"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
}

#[test]
fn an_out_of_range_place_is_bad_input_like_t0() {
    let dir = tempdir();
    for (moves, wanted) in [
        ("T2>F99", "move 1 (T2>F99): Stonewall has no F99"),
        ("R17>T1", "move 1 (R17>T1): Stonewall has no R17"),
        ("T2>F1 T7>F1", "move 2 (T7>F1): Stonewall has no T7"),
        ("S>W", "move 1 (S>W): Stonewall has no S"),
        ("T0>F1", "move 1: bad move token \"T0>F1\""),
    ] {
        let file = write_file(dir.path(), "moves.txt", moves);
        let err = refused(&["check", "stonewall", "--seed", "1", arg(&file)]);
        assert!(err.contains(wanted), "{moves}: {err}");
    }
    let file = write_file(dir.path(), "moves.txt", "T2>F99");
    let err = refused(&["check", "stonewall", "--seed", "1", arg(&file)]);
    assert!(
        err.contains("(its places are T1..T6, R1..R16, F1..F4)"),
        "{err}"
    );
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

#[test]
fn hint_names_no_card_a_pile_does_not_hold_and_refuses_unknown_over_a_face_up_card() {
    let dir = tempdir();
    // Klondike seed 1: T2 is 3s 10C. Its top as ??: before, "the top card 10C must be face
    // up", naming a card the program had put there.
    let mut k: serde_json::Value = serde_json::from_str(&deal_json("klondike", 1)).unwrap();
    let piles = k["tableau piles"].as_array().unwrap().clone();
    let (t2_bottom, t2_top) = (piles[1][0].clone(), piles[1][1].clone());
    k["tableau piles"][1] = serde_json::json!([t2_bottom, "??"]);
    let file = write_file(dir.path(), "k.json", &k.to_string());
    let err = refused(&["hint", "klondike", "--deal", arg(&file), "--samples", "2"]);
    assert!(
        err.contains("T2: its top card is ??, but a pile's top card lies face up"),
        "{err}"
    );
    assert!(!err.contains(t2_top.as_str().unwrap()), "{err}");
    // Stonewall seed 1: T1 is 7h 4H 9c 8S Jc 3C; 4H (dealt face up) as ??: before, accepted.
    let file = stonewall_1_with(dir.path(), "s.json", &[(1, "??")]);
    let err = refused(&["hint", "stonewall", "--deal", arg(&file), "--samples", "2"]);
    assert!(
        err.contains(
            "T1, card 2 from the bottom: ?? lies face down, but Stonewall deals that card face up"
        ),
        "{err}"
    );
    // So is a known card lying face down there (solve), and a face-up card below a face-down
    // one (never turned up while covered).
    let file = stonewall_1_with(dir.path(), "s2.json", &[(1, "4h")]);
    let err = refused(&["solve", "stonewall", "--deal", arg(&file)]);
    assert!(
        err.contains("T1, card 2 from the bottom: 4h lies face down"),
        "{err}"
    );
    let file = stonewall_1_with(dir.path(), "s3.json", &[(0, "7H")]);
    let err = refused(&["solve", "stonewall", "--deal", arg(&file)]);
    assert!(
        err.contains("T1, card 1 from the bottom: 7H lies face up below a face-down card"),
        "{err}"
    );
    // The face-down cards where the game deals them are accepted.
    let file = stonewall_1_with(dir.path(), "s4.json", &[(0, "??"), (2, "??")]);
    let (code, out, err) = run(&["hint", "stonewall", "--deal", arg(&file), "--samples", "2"]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(out.starts_with("2 unknown cards"), "{out}");
}

/// Stonewall seed 1's deal file with the cards of pile 1 at the given indices (0 = bottom)
/// replaced by the given tokens, written to `dir/name`.
fn stonewall_1_with(
    dir: &std::path::Path,
    name: &str,
    cards: &[(usize, &str)],
) -> std::path::PathBuf {
    let mut s: serde_json::Value = serde_json::from_str(&deal_json("stonewall", 1)).unwrap();
    for &(i, token) in cards {
        s["tableau piles"][0][i] = serde_json::json!(token);
    }
    write_file(dir, name, &s.to_string())
}

/// The deal file of `variant` seed `seed` with pile `pile` (from 0) written all face up.
fn pile_face_up(variant: &str, seed: u64, pile: usize) -> String {
    let mut deal: serde_json::Value =
        serde_json::from_str(&crate::common::deal_json(variant, seed)).unwrap();
    let cards = deal["tableau piles"][pile].as_array_mut().unwrap();
    for c in cards.iter_mut() {
        *c = c.as_str().unwrap().to_uppercase().into();
    }
    deal.to_string()
}

#[test]
fn a_face_down_card_written_face_up_under_cards_not_built_on_it_is_refused() {
    // Before: Stonewall seed 29 with T1 in upper case was "solved in 97 moves" (the seed is
    // unsolvable); Klondike with a pile all face up was solved too.
    let dir = tempdir();
    for (variant, seed, pile, want) in [
        (
            "stonewall",
            29,
            0,
            "T1: 9D is written face up, but Stonewall deals it face down",
        ),
        ("klondike", 1, 6, "T7: "),
    ] {
        let file = write_file(dir.path(), "d.json", &pile_face_up(variant, seed, pile));
        let err = refused(&["solve", variant, "--deal", arg(&file)]);
        assert!(
            err.contains(want) && err.contains("no play could have turned it up"),
            "{err}"
        );
    }
    // A face-down card turned up with a built run on it is a position play reaches.
    let f = |suit: &str, n: usize| {
        let ranks = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        let cards: Vec<String> = ranks[..n]
            .iter()
            .map(|r| format!("\"{r}{suit}\""))
            .collect();
        format!("[{}]", cards.join(","))
    };
    let deal = format!(
        r#"{{"variant":"stonewall","tableau piles":[["KD","QS"],["KS"],[],[],[],[]],
        "reserve":[null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null],
        "foundations":[{},{},{},{}]}}"#,
        f("S", 11),
        f("H", 13),
        f("D", 12),
        f("C", 13)
    );
    let file = write_file(dir.path(), "mid.json", &deal);
    let (code, _, err) = run(&["solve", "stonewall", "--deal", arg(&file)]);
    assert!(!err.contains("no play could have turned it up"), "{err}");
    assert!(code == 0 || code == 1, "{err}");
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

#[test]
fn pysol_0_is_refused_and_ms_numbers_are_pysolfcs_lcg_games() {
    // Before: `--pysol 0` dealt a game PySolFC does not have; `ms32000` was refused.
    for args in [
        vec!["solve", "stonewall", "--pysol", "0"],
        vec!["deal", "klondike", "--pysol", "ms0"],
    ] {
        let err = refused(&args);
        assert!(
            err.contains("0 is no PySolFC game number (PySolFC says \"Invalid game number\")"),
            "{err}"
        );
    }
    let err = refused(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--deals",
        "3",
        "--first-seed",
        "0",
    ]);
    assert!(
        err.contains("--pysol: 0 is no PySolFC game number"),
        "{err}"
    );
    let json = |n: &str| {
        let (code, out, err) = run(&["deal", "stonewall", "--pysol", n, "--json"]);
        assert_eq!(code, 0, "{n}: {err}");
        out
    };
    assert_eq!(json("ms123"), json("123"));
    assert_ne!(json("ms32000"), json("32000"));
    assert_ne!(json("ms32000"), json("ms31999"));
    let (code, out, err) = run(&["deal", "stonewall", "--pysol", "ms32000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("PySolFC game ms32000"), "{out}");
    let err = refused(&["deal", "stonewall", "--pysol", "ms8589934592"]);
    assert!(err.contains("or ms1 to ms8589934591"), "{err}");
}

#[test]
fn variants_rules_takes_the_path_of_a_rules_file_as_its_help_says() {
    let dir = tempdir();
    let file = write_file(
        dir.path(),
        "kings.toml",
        "id = \"stonewall-kings\"\nextends = \"stonewall\"\nspaces = \"kings\"\n",
    );
    let (code, out, err) = run(&["variants", "--rules", arg(&file)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("id = \"stonewall-kings\""), "{out}");
    assert!(out.contains("spaces = \"kings\""), "{out}");
}

#[test]
fn an_endless_deal_file_is_refused_not_read_until_memory_runs_out() {
    let out = patience()
        .args(["solve", "stonewall", "--deal", "/dev/zero"])
        .timeout(AT_ONCE)
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cannot read /dev/zero: it is larger than 64 MiB"),
        "{err}"
    );
}

#[test]
fn endless_result_and_rules_files_are_refused_not_read_until_memory_runs_out() {
    let dir = tempdir();
    let rules = dir.path().join("zero.toml");
    std::os::unix::fs::symlink("/dev/zero", &rules).unwrap();
    for (args, want) in [
        (
            vec!["merge", "/dev/zero"],
            "cannot read /dev/zero: a line of it is longer than 64 MiB",
        ),
        (
            vec!["compare", "/dev/zero", "/dev/zero"],
            "cannot read /dev/zero: a line of it is longer than 64 MiB",
        ),
        (
            vec!["winrate", "stonewall", "--retry", "/dev/zero"],
            "cannot read /dev/zero: a line of it is longer than 64 MiB",
        ),
        (
            vec![
                "winrate",
                "stonewall",
                "--deals",
                "3",
                "--csv",
                "/dev/full",
                "--resume",
            ],
            "/dev/full is not a regular file",
        ),
        (
            vec!["variants", "--rules", arg(&rules)],
            "it is larger than 64 MiB, far more than a rules file",
        ),
        (
            vec!["solve", arg(&rules), "--seed", "1"],
            "it is larger than 64 MiB, far more than a rules file",
        ),
    ] {
        let out = patience().args(&args).timeout(AT_ONCE).output().unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(want) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
