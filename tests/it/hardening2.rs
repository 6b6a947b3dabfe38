//! Issue 55, "Hardening, round 2": each case as a test named after it (exit status and message
//! asserted; a time limit where something grew without end or hung).

use crate::common::{arg, patience, refused, run, stderr_of, tempdir, write_file};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The time limit of a command that used to read without end.
const AT_ONCE: Duration = Duration::from_secs(20);

/// A result file of Stonewall seeds 0..3 (seeds 0 and 1 won, 2 unsolvable) written by winrate.
fn three_deals(dir: &Path, name: &str) -> PathBuf {
    let csv = dir.join(name);
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--deals",
        "3",
        "--csv",
        arg(&csv),
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    csv
}

/// The file's text with its line `line` (1 = the header) changed by `edit`.
fn edited(path: &Path, name: &str, line: usize, edit: impl Fn(&str) -> String) -> PathBuf {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                edit(l)
            } else {
                l.to_string()
            }
        })
        .collect();
    write_file(path.parent().unwrap(), name, &(lines.join("\n") + "\n"))
}

/// The line of `path` that holds seed `seed` (1 = the header).
fn line_of(path: &Path, seed: u64) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    1 + text
        .lines()
        .skip(1)
        .position(|l| l.split(',').nth(1) == Some(&seed.to_string()))
        .expect("the seed has a row")
        + 1
}

#[test]
fn a_win_row_carries_its_solution_which_check_accepts() {
    let dir = tempdir();
    let csv = three_deals(dir.path(), "r.csv");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.starts_with("variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes,planner,source,solution,cards_up\n"), "{text}");
    let line = text.lines().nth(line_of(&csv, 1) - 1).unwrap();
    let fields: Vec<&str> = line.split(',').collect();
    assert_eq!(fields[3], "solved");
    let moves: usize = fields[4].parse().unwrap();
    assert_eq!(fields[12].split(' ').count(), moves, "{line}");
    let moves_file = write_file(dir.path(), "moves.txt", fields[12]);
    let (code, out, err) = run(&["check", "stonewall", "--seed", "1", arg(&moves_file)]);
    assert_eq!((code, out.as_str()), (0, "won\n"), "{err}");
    assert_eq!(fields[13], "52", "{line}");
    // A lost deal has no solution; its search's most cards up are written (none, here: it is
    // lost before the first move).
    let lost = text.lines().nth(line_of(&csv, 2) - 1).unwrap();
    assert!(lost.ends_with(",,,,,,,0"), "{lost}");
}

#[test]
fn an_edited_impossible_win_is_refused_by_merge_compare_resume_and_retry() {
    let dir = tempdir();
    let csv = three_deals(dir.path(), "r.csv");
    let at = line_of(&csv, 2);
    for (name, edit) in [("fifty.csv", "solved,50,"), ("zero.csv", "solved,0,")] {
        let bad = edited(&csv, name, at, |l| l.replace("unsolvable,,", edit));
        let want = format!("{name}: line {at} claims what cannot be: a win in ");
        for args in [
            vec!["merge", arg(&bad)],
            vec!["compare", arg(&bad), arg(&csv)],
            vec![
                "winrate",
                "stonewall",
                "--deals",
                "3",
                "--csv",
                arg(&bad),
                "--resume",
            ],
            vec!["winrate", "stonewall", "--retry", arg(&bad)],
        ] {
            let err = refused(&args);
            assert!(err.contains(&want), "{args:?}: {err}");
        }
    }
    // A solution of another length than the moves column.
    let at = line_of(&csv, 1);
    let bad = edited(&csv, "short.csv", at, |l| {
        l.rsplit_once(' ').unwrap().0.to_string()
    });
    let err = refused(&["merge", arg(&bad)]);
    assert!(
        err.contains("claims what cannot be: its solution lists"),
        "{err}"
    );
}

#[test]
fn verify_replays_every_claimed_win_and_refuses_one_that_does_not_win() {
    let dir = tempdir();
    let csv = three_deals(dir.path(), "r.csv");
    for args in [
        vec!["merge", "--verify", arg(&csv)],
        vec!["compare", "--verify", arg(&csv), arg(&csv)],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    // Seed 0's solution claimed for seed 1 (an edited seed): same length, other deal.
    let text = std::fs::read_to_string(&csv).unwrap();
    let seed0 = text.lines().nth(line_of(&csv, 0) - 1).unwrap().to_string();
    let at = line_of(&csv, 1);
    let swapped = edited(&csv, "swapped.csv", at, |_| seed0.replacen(",0,", ",1,", 1));
    let want = format!(
        "swapped.csv: line {at} (stonewall seed 1) claims a win that --verify cannot replay: move "
    );
    for args in [
        vec!["merge", "--verify", arg(&swapped)],
        vec!["compare", "--verify", arg(&swapped), arg(&csv)],
        vec![
            "winrate",
            "stonewall",
            "--deals",
            "3",
            "--csv",
            arg(&swapped),
            "--resume",
            "--verify",
        ],
    ] {
        let err = refused(&args);
        assert!(err.contains(&want), "{args:?}: {err}");
    }
    // Without --verify the (possible) claim is counted.
    assert_eq!(run(&["merge", arg(&swapped)]).0, 0);
    // A file of an earlier version has no solutions: counted, but --verify cannot replay them.
    let old = dir.path().join("old.csv");
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.splitn(13, ',').take(12).collect::<Vec<_>>().join(","))
        .collect();
    std::fs::write(&old, lines.join("\n") + "\n").unwrap();
    assert_eq!(run(&["merge", arg(&old)]).0, 0);
    let err = refused(&["merge", "--verify", arg(&old)]);
    assert!(err.contains("a win without a solution to replay"), "{err}");
}

/// Starts a long `winrate --csv csv` and waits until it has written its header.
fn long_writer(csv: &Path) -> std::process::Child {
    let child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args([
            "winrate",
            "stonewall",
            "--deals",
            "100000000",
            "--csv",
            arg(csv),
            "-q",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while std::fs::metadata(csv).map_or(0, |m| m.len()) == 0 {
        assert!(t0.elapsed() < AT_ONCE, "the writer never wrote its header");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

#[test]
fn a_second_writer_of_a_result_file_is_refused_naming_the_lock() {
    let dir = tempdir();
    let csv = dir.path().join("r.csv");
    let mut first = long_writer(&csv);
    let err = refused(&[
        "winrate",
        "stonewall",
        "--deals",
        "300",
        "--csv",
        arg(&csv),
        "--resume",
    ]);
    let second = refused(&["winrate", "stonewall", "--deals", "300", "--csv", arg(&csv)]);
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(
        err.contains("r.csv is locked by another run that is writing it"),
        "{err}"
    );
    assert!(second.contains("already exists"), "{second}");
    // Once the first has ended, the file resumes.
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--deals",
        "2",
        "--csv",
        arg(&csv),
        "--resume",
    ]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn retry_and_csv_of_one_file_are_refused() {
    let dir = tempdir();
    let csv = dir.path().join("r.csv");
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--deals",
        "3",
        "--max-nodes",
        "5",
        "--csv",
        arg(&csv),
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    let err = refused(&[
        "winrate",
        "stonewall",
        "--retry",
        arg(&csv),
        "--csv",
        arg(&csv),
        "--resume",
    ]);
    assert!(
        err.contains("--retry") && err.contains("`patience merge` the two"),
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
fn compare_of_rows_of_2_pow_64_nodes_does_not_wrap_its_average() {
    let dir = tempdir();
    let header = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit\n";
    let big = u64::MAX;
    let text = format!(
        "{header}stonewall,0,thoughtful,unknown,,{big},0.1,nodes\nstonewall,1,thoughtful,unknown,,{big},0.1,nodes\n"
    );
    let a = write_file(dir.path(), "a.csv", &text);
    let (code, out, err) = run(&["compare", arg(&a), arg(&a), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let text = v.to_string();
    assert!(
        text.contains("\"mean_nodes\":[1.8446744073709552e+19,1.8446744073709552e+19]"),
        "{text}"
    );
}

#[test]
fn seconds_past_about_32_years_are_refused() {
    let dir = tempdir();
    let text = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit\nstonewall,0,thoughtful,unsolvable,,5,1e308,\nstonewall,1,thoughtful,unsolvable,,5,0.1,\n";
    let a = write_file(dir.path(), "a.csv", text);
    let err = refused(&["merge", arg(&a)]);
    assert!(
        err.contains("line 2 is not a result row: seconds") && err.contains("from 0 to 1000000000"),
        "{err}"
    );
}

#[test]
fn sigterm_and_sighup_end_a_winrate_as_ctrl_c_does() {
    // Before: SIGTERM (what Slurm and Kubernetes send) ended the process at once, exit 143,
    // with no summary line.
    for signal in ["-TERM", "-HUP"] {
        let dir = tempdir();
        let csv = dir.path().join("r.csv");
        let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
            .args([
                "winrate",
                "stonewall",
                "--deals",
                "100000000",
                "-j",
                "2",
                "-q",
            ])
            .args(["--max-nodes", "2000", "--csv", arg(&csv)])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let t0 = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if t0.elapsed() > AT_ONCE {
                let _ = child.kill();
                panic!("{signal}: did not stop");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{signal}: {}", stderr_of(&out));
        assert!(text.contains("interrupted: "), "{signal}: {text}");
        // The file resumes.
        let (code, _, err) = run(&[
            "winrate",
            "stonewall",
            "--deals",
            "2",
            "--csv",
            arg(&csv),
            "--resume",
        ]);
        assert_eq!(code, 0, "{signal}: {err}");
    }
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
