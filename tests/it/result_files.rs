//! Result files: the solution a win row carries, the rows `merge`, `compare`, `plot`, `--resume`
//! and `--retry` refuse (impossible claims, numbers past their range), `--verify`, the lock on a
//! file being written, and output files that cannot be written. Most cases came from trying the
//! command line with bad input.

use crate::common::{
    AT_ONCE, arg, patience, refused, run, stderr_of, stdout_of, tempdir, write_file,
};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
