//! What a resumed file is checked against: `catalogue --resume` refuses rows that cannot be
//! true and, with `--verify`, wins that do not replay; `sweep --resume` names the other sweep
//! that made its file.

use crate::common::{arg, refused, run, tempdir};
use std::path::Path;

/// A small catalogue of Stonewall seeds 0..4 (two won, two proved lost) at `csv`.
const BUDGETS: [&str; 8] = [
    "--max-nodes",
    "20000",
    "--probe-nodes",
    "50",
    "--samples",
    "1",
    "--sample-nodes",
    "50",
];

fn catalogue(csv: &Path, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["catalogue", "stonewall", "--seeds", "0..4", "-q"];
    args.extend(BUDGETS);
    args.extend(["--csv", arg(csv)]);
    args.extend(extra);
    run(&args)
}

/// The lines of `csv`, line `i` (from 0, the header) changed by `edit`, written back.
fn edit_line(csv: &Path, i: usize, edit: impl Fn(&mut Vec<String>)) {
    let text = std::fs::read_to_string(csv).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut fields: Vec<String> = lines[i].split(',').map(String::from).collect();
    edit(&mut fields);
    lines[i] = fields.join(",");
    std::fs::write(csv, lines.join("\n") + "\n").unwrap();
}

#[test]
fn catalogue_resume_refuses_forged_rows_and_verify_replays_the_wins() {
    let dir = tempdir();
    let csv = dir.path().join("c.csv");
    let (code, _, err) = catalogue(&csv, &[]);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read_to_string(&csv).unwrap();
    assert!(good.contains("\nstonewall,0,seed,") && good.contains("solved"));
    // Whole, it resumes and replays (nothing left to measure).
    let (code, _, err) = catalogue(&csv, &["--resume", "--verify"]);
    assert_eq!(code, 0, "{err}");

    // Seed 0's win cut to three moves: no win of 52 cards. Before: kept, exit 0.
    // (Columns 6, 13 and 21: moves, choices and solution; io::catalogue::HEADER.)
    edit_line(&csv, 1, |f| {
        f[6] = "3".into();
        f[13] = "3".into();
        f[21] = "T1>F1 T2>F1 T3>F1".into();
    });
    let err = refused(&[
        "catalogue",
        "stonewall",
        "--seeds",
        "0..4",
        "-q",
        BUDGETS[0],
        BUDGETS[1],
        BUDGETS[2],
        BUDGETS[3],
        BUDGETS[4],
        BUDGETS[5],
        BUDGETS[6],
        BUDGETS[7],
        "--csv",
        arg(&csv),
        "--resume",
    ]);
    assert!(
        err.contains("c.csv line 2")
            && err.contains("stonewall seed 0")
            && err.contains("a win in 3 moves, but Stonewall has 52 cards"),
        "{err}"
    );

    // A deal proved lost that claims hidden play won it.
    std::fs::write(&csv, &good).unwrap();
    edit_line(&csv, 3, |f| f[8] = "won".into());
    let (code, _, err) = catalogue(&csv, &["--resume"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("line 4") && err.contains("verdict unsolvable with hidden won by proof"),
        "{err}"
    );

    // Seed 1's row given seed 0's win: a win that may be true, until it is replayed.
    std::fs::write(&csv, &good).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    let forged = lines[1].replacen("stonewall,0,", "stonewall,1,", 1);
    let text = format!(
        "{}\n{}\n{forged}\n{}\n{}\n",
        lines[0], lines[1], lines[3], lines[4]
    );
    std::fs::write(&csv, &text).unwrap();
    let (code, _, err) = catalogue(&csv, &["--resume"]);
    assert_eq!(
        code, 0,
        "without --verify the row is kept, as winrate keeps it: {err}"
    );
    std::fs::write(&csv, &text).unwrap();
    let (code, out, err) = catalogue(&csv, &["--resume", "--verify"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.starts_with("error: ")
            && err.lines().count() == 1
            && err.contains("c.csv: stonewall seed 1 claims a win that --verify cannot replay"),
        "{err}"
    );
}

#[test]
fn sweep_resume_of_another_sweeps_file_names_both_sweeps() {
    let dir = tempdir();
    let csv = dir.path().join("s.csv");
    let sweep = |values: &str, resume: bool| {
        let vary = format!("spaces={values}");
        let mut args = vec![
            "sweep",
            "stonewall",
            "--vary",
            &vary,
            "--seeds",
            "0..2",
            "--max-nodes",
            "500",
            "-q",
            "--csv",
            arg(&csv),
        ];
        if resume {
            args.push("--resume");
        }
        run(&args)
    };
    let (code, _, err) = sweep("any,kings", false);
    assert_eq!(code, 0, "{err}");
    // Before: `"stonewall-spaces-any" is not a known variant`, of the sweep's own file.
    let err = refused(&[
        "sweep",
        "stonewall",
        "--vary",
        "spaces=kings,never",
        "--seeds",
        "0..2",
        "--max-nodes",
        "500",
        "-q",
        "--csv",
        arg(&csv),
        "--resume",
    ]);
    assert!(
        err.contains("s.csv was made by another sweep")
            && err.contains("stonewall-spaces-any")
            && err.contains("stonewall-spaces-kings, stonewall-spaces-never")
            && !err.contains("not a known variant"),
        "{err}"
    );
    // The same sweep resumes it.
    let (code, _, err) = sweep("any,kings", true);
    assert_eq!(code, 0, "{err}");
}
