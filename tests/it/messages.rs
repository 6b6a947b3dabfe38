//! What the program says: one-line messages that give the reason once, no tip from clap that
//! cannot work, and the moves `play` lists and plays. Most cases came from trying the command
//! line with bad input.

use crate::common::{arg, refused, run, tempdir, write_file};

#[test]
fn seed_minus_1_says_what_a_seed_is_and_gives_no_tip_that_fails() {
    for args in [
        &["deal", "stonewall", "--seed", "-1"][..],
        &["solve", "stonewall", "--seed", "-1"][..],
        &["winrate", "stonewall", "--first-seed", "-1"][..],
    ] {
        let err = refused(args);
        assert!(
            err.contains("a seed is a whole number from 0 to 18446744073709551615"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("tip"), "{args:?}: {err}");
    }
    for args in [
        &["winrate", "stonewall", "--deals", "-5"][..],
        &["winrate", "stonewall", "--threads", "-2"][..],
        &["solve", "stonewall", "--seed", "1", "--table-mib", "-1"][..],
    ] {
        let err = refused(args);
        assert!(!err.contains("tip"), "{args:?}: {err}");
        assert!(err.contains("invalid value '-"), "{args:?}: {err}");
    }
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
fn messages_say_the_reason_once_and_give_no_tip_that_fails() {
    let dir = tempdir();
    // Before: "No such file or directory (os error 2): No such file or directory (os error 2)".
    let missing = dir.path().join("nope.toml");
    let err = refused(&["solve", arg(&missing), "--seed", "1"]);
    assert_eq!(err.matches("os error 2").count(), 1, "{err}");
    // Before: clap's tip "to pass '-1' as a value, use '-- -1'", which cannot work there.
    for (flag, value, want) in [
        ("--shard", "-1/2", "expected K/N"),
        ("--seeds", "-1..3", "\"-1\" is not a number of a deal"),
    ] {
        let err = refused(&["winrate", "stonewall", flag, value]);
        assert!(err.contains(want) && !err.contains("'-- -1'"), "{err}");
    }
    // Before: `hint --top 0` listed one move.
    let err = refused(&["hint", "stonewall", "--pysol", "5", "--top", "0"]);
    assert!(err.contains("expected a whole number from 1"), "{err}");
    // Before: "PySolFC has no Stonewall" for a rules file named Stonewall.
    let rules = write_file(
        dir.path(),
        "sw.toml",
        "id = \"my-wall\"\nname = \"Stonewall\"\nextends = \"stonewall\"\n",
    );
    let err = refused(&["solve", arg(&rules), "--pysol", "5"]);
    assert!(
        err.contains("PySolFC has no game from a rules file (my-wall, named \"Stonewall\")"),
        "{err}"
    );
}

#[test]
fn play_lists_each_next_best_move_once() {
    // Stonewall seed 0 at this budget: before, "next best: R5>T2 75% (2), R5>T2 75% (2), ...".
    let (code, out, err) = run(&[
        "play",
        "stonewall",
        "--seed",
        "0",
        "--knowledge",
        "hidden",
        "--samples",
        "8",
        "--sample-nodes",
        "2000",
    ]);
    assert!(code == 0 || code == 1, "{err}");
    let mut lists = 0;
    for line in out.lines() {
        let Some((head, rest)) = line.split_once("; next best: ") else {
            continue;
        };
        lists += 1;
        let chosen = head.split_whitespace().nth(1).unwrap();
        let firsts: Vec<&str> = rest
            .split(", ")
            .map(|m| m.split_whitespace().next().unwrap())
            .collect();
        let mut unique = firsts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), firsts.len(), "{line}");
        assert!(!firsts.contains(&chosen), "{line}");
    }
    assert!(lists > 0, "{out}");
}

#[test]
fn play_hidden_of_a_deal_proved_lost_plays_it_as_a_person_would() {
    // Stonewall seed 2 is proved unsolvable in a few nodes; a person does not know that.
    let (code, out, err) = run(&[
        "play",
        "stonewall",
        "--seed",
        "2",
        "--knowledge",
        "hidden",
        "--samples",
        "4",
        "--sample-nodes",
        "1000",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(!out.contains("no planning needed"), "{out}");
    assert!(out.contains("\n  1. "), "{out}");
    assert!(out.lines().last().unwrap().starts_with("lost: "), "{out}");
    // winrate keeps the shortcut (it cannot change a result): the deal is lost there too.
    let (code, out, err) = run(&[
        "winrate",
        "stonewall",
        "--seeds",
        "2..3",
        "--knowledge",
        "hidden",
        "--samples",
        "4",
        "--sample-nodes",
        "1000",
        "-q",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["variants"][0]["won"], 0, "{out}");
}
