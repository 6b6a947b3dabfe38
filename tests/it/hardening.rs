//! Issue 29, "Hardening": each case found by trying the command line as a new user would, with
//! bad input and faults, as a test named after the case (exit status and message asserted; a
//! time limit on the cases that hung). Then the further cases found the same way.

use crate::common::{
    arg, deal_json, patience, refused, run, stderr_of, stdout_of, tempdir, write_file,
};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The time limit of a command that used to hang (it should answer at once).
const AT_ONCE: Duration = Duration::from_secs(20);

/// Starts `patience args` with its output captured, waits `after`, sends it SIGINT (as Ctrl-C
/// does, with the `kill` program), and waits at most `limit` for it to end; then (exit status,
/// stdout, stderr, seconds from the signal to the end).
fn interrupt(args: &[&str], after: Duration, limit: Duration) -> (i32, String, String, f64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running patience");
    std::thread::sleep(after);
    assert!(
        child.try_wait().unwrap().is_none(),
        "{args:?} ended before the signal"
    );
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("running kill");
    assert!(status.success());
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed() > limit {
            let _ = child.kill();
            panic!("{args:?} did not stop within {limit:?} of Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let seconds = t0.elapsed().as_secs_f64();
    let out = child.wait_with_output().unwrap();
    let (o, e) = (stdout_of(&out), stderr_of(&out));
    assert!(!e.contains("panicked"), "{args:?}: {e}");
    (out.status.code().unwrap_or(-1), o, e, seconds)
}

// Panics (exit 101): a Duration overflow.

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

// Hangs.

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
fn ctrl_c_stops_a_winrate_of_2_pow_64_seeds_at_once_and_says_interrupted_once() {
    // Before: the pool walked through every seed left to skip it (13.6 s at 10^9 seeds; at
    // 2^64 - 1 it never stopped).
    for deals in ["1000000000", "18446744073709551615"] {
        let (code, out, err, seconds) = interrupt(
            &[
                "winrate",
                "stonewall",
                "--deals",
                deals,
                "-j",
                "2",
                "--max-nodes",
                "2000",
            ],
            Duration::from_millis(1500),
            Duration::from_secs(10),
        );
        assert_eq!(code, 1, "--deals {deals}: {err}");
        assert!(seconds < 10.0);
        let all = format!("{out}{err}");
        assert_eq!(
            all.matches("interrupted").count(),
            1,
            "--deals {deals}: {all}"
        );
        assert!(out.contains("interrupted: "), "{out}");
        assert!(out.contains(&format!("of {deals} deals finished")), "{out}");
    }
}

// Limits that do not mean what they say.

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

// Round trips that do not close.

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

// Exit codes.

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

#[cfg(target_os = "linux")]
#[test]
fn winrate_with_stdout_closed_is_an_error() {
    // `>&-`: before, the summary was lost and the exit status 0.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" >&-"])
        .arg(env!("CARGO_BIN_EXE_patience"))
        .args(["winrate", "stonewall", "--deals", "3", "-q"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: standard output is closed"), "{err}");
    // Discarded on purpose it is not an error.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" >/dev/null"])
        .arg(env!("CARGO_BIN_EXE_patience"))
        .args(["winrate", "stonewall", "--deals", "3", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    // A full disk is an error too.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" >/dev/full"])
        .arg(env!("CARGO_BIN_EXE_patience"))
        .args(["winrate", "stonewall", "--deals", "3", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
}

// Messages.

#[test]
fn ctrl_c_of_solve_says_interrupted_not_stopped_by_the_cancelled() {
    // Forty Thieves seed 0 runs for a minute before a 1 GiB table is full.
    let (code, out, err, _) = interrupt(
        &[
            "solve",
            "forty-thieves",
            "--seed",
            "0",
            "--table-mib",
            "1024",
            "--max-nodes",
            "1000000000000",
        ],
        Duration::from_millis(1500),
        Duration::from_secs(10),
    );
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with("unknown: interrupted (Ctrl-C)\n"), "{out}");
    assert!(!out.contains("cancelled"), "{out}");
}

/// A result file of two Stonewall deals in `dir`.
fn two_rows(dir: &std::path::Path) -> std::path::PathBuf {
    let csv = dir.join("a.csv");
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--deals",
        "2",
        "--max-nodes",
        "2000",
        "-q",
        "--csv",
        arg(&csv),
    ]);
    assert_eq!(code, 0, "{err}");
    csv
}

#[test]
fn merge_onto_one_of_its_files_names_the_problem_not_resume() {
    let dir = tempdir();
    let a = two_rows(dir.path());
    let before = std::fs::read(&a).unwrap();
    let err = refused(&["merge", arg(&a), "--csv", arg(&a)]);
    assert!(err.contains("which this command reads"), "{err}");
    assert!(!err.contains("--resume"), "{err}");
    assert_eq!(std::fs::read(&a).unwrap(), before, "the input was changed");
    // Another existing file: merge writes a new file, and has no --resume.
    let b = write_file(dir.path(), "b.csv", "something\n");
    let err = refused(&["merge", arg(&a), "--csv", arg(&b)]);
    assert!(
        err.contains("already exists: merge writes a new file"),
        "{err}"
    );
    assert!(!err.contains("--resume"), "{err}");
}

#[test]
fn csv_of_a_directory_says_it_is_a_directory() {
    let dir = tempdir();
    let d = arg(dir.path());
    let err = refused(&["winrate", "stonewall", "--deals", "2", "--csv", d]);
    assert!(err.contains("is a directory"), "{err}");
    assert!(!err.contains("already exists"), "{err}");
    let err = refused(&[
        "winrate",
        "stonewall",
        "--deals",
        "2",
        "--csv",
        d,
        "--resume",
    ]);
    assert!(err.contains("is a directory"), "{err}");
    let a = two_rows(dir.path());
    let err = refused(&["merge", arg(&a), "--csv", d]);
    assert!(err.contains("is a directory"), "{err}");
}

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

// The `play` shortcut.

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

// Further cases found the same way.

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
fn retry_of_unknown_deals_far_apart_does_not_walk_the_seeds_between() {
    // Unknown rows at seeds 0 and 2^64 - 2: before, the run walked through every seed between.
    let dir = tempdir();
    let csv = write_file(
        dir.path(),
        "unknown.csv",
        "variant,seed,knowledge,verdict,moves,nodes,seconds,limit\n\
         stonewall,0,thoughtful,unknown,,10,0.001,nodes\n\
         stonewall,18446744073709551614,thoughtful,unknown,,10,0.001,nodes\n",
    );
    let out = patience()
        .args([
            "winrate",
            "stonewall",
            "--retry",
            arg(&csv),
            "--max-nodes",
            "20000",
            "-q",
            "--json",
        ])
        .timeout(AT_ONCE)
        .output()
        .unwrap();
    assert!(out.status.code().is_some(), "timed out");
    let v: serde_json::Value = serde_json::from_str(&stdout_of(&out))
        .unwrap_or_else(|e| panic!("{e}: {} {}", stdout_of(&out), stderr_of(&out)));
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(v["variants"][0]["deals"], 2, "{v}");
}
