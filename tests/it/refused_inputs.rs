//! Classes of bad input, one test each, many cases in a table: rows with a field more or less
//! than their header, files resumed as catalogues that are none, outputs that cannot be
//! written (found before any work), and `--vary` values whose brackets do not close. Each case
//! is refused with one line naming the file or the argument, and leaves its files as they were.

use crate::common::{TINY_CATALOGUE, arg, refused, run, stonewall_rows, tempdir, write_file};
use std::path::Path;

/// `catalogue stonewall --seeds 0..1 --resume` of `file`, at the tiny budgets.
fn resume_catalogue(file: &Path) -> Vec<&str> {
    let mut args = vec!["catalogue", "stonewall", "--seeds", "0..1"];
    args.extend(TINY_CATALOGUE);
    args.extend(["--csv", arg(file), "--resume"]);
    args
}

/// The rows of a result file of Stonewall seeds 0..4 at a tiny budget.
fn result_file(dir: &Path) -> String {
    std::fs::read_to_string(stonewall_rows(dir, "base.csv", 4)).unwrap()
}

#[test]
fn a_row_with_more_fields_than_its_header_is_refused() {
    let dir = tempdir();
    let d = dir.path();
    let text = result_file(d);
    let lines: Vec<&str> = text.lines().collect();
    // (name, the second line changed, its fields): before, each was merged as if whole (exit 0),
    // the values past the header dropped.
    let edits: [(&str, String, usize); 4] = [
        ("extra.csv", format!("{},7", lines[1]), 15),
        ("two-more.csv", format!("{},,", lines[1]), 16),
        ("comma.csv", lines[1].replacen(',', ",,", 1), 15),
        ("joined.csv", format!("{},{}", lines[1], lines[2]), 28),
    ];
    for (name, line, fields) in edits {
        let mut all = lines.clone();
        all[1] = &line;
        let file = write_file(d, name, &(all.join("\n") + "\n"));
        let out = d.join("out.svg");
        for args in [
            vec!["merge", arg(&file)],
            vec!["compare", arg(&file), arg(&file)],
            vec!["plot", arg(&file), "--out", arg(&out)],
            vec![
                "winrate",
                "stonewall",
                "--deals",
                "4",
                "--max-nodes",
                "300",
                "-q",
                "--csv",
                arg(&file),
                "--resume",
            ],
        ] {
            let before = std::fs::read(&file).unwrap();
            let err = refused(&args);
            assert!(
                err.contains(&format!(
                    "{name}: line 2 is not a result row: it has {fields} fields and the header 14 columns"
                )),
                "{args:?}: {err}"
            );
            assert_eq!(
                std::fs::read(&file).unwrap(),
                before,
                "{args:?} changed {name}"
            );
        }
    }
    // A row that ends early (a spreadsheet drops empty trailing fields) is read as before.
    let short = lines[1]
        .trim_end_matches(|c: char| c != ',')
        .trim_end_matches(',');
    let mut all = lines.clone();
    all[1] = short;
    let file = write_file(d, "short.csv", &(all.join("\n") + "\n"));
    let (code, _, err) = run(&["merge", arg(&file)]);
    assert_eq!(code, 0, "{short}: {err}");
}

#[test]
fn a_file_resumed_as_a_catalogue_that_is_none_is_refused_and_kept() {
    let dir = tempdir();
    let d = dir.path();
    let results = result_file(d);
    // Before: a file of other lines (or one line without its end) was taken as an empty
    // catalogue and written over; a result file was refused with serde's words.
    let cases: [(&str, &str); 6] = [
        ("garbage.csv", "garbage\n"),
        ("words.csv", "hello"),
        ("results.csv", &results),
        ("json.csv", "{\"variant\": \"stonewall\"}\n"),
        (
            "columns.csv",
            "variant,seed,source,grade,verdict,limit,moves,nodes\n",
        ),
        ("blank.csv", "\n\n"),
    ];
    for (name, text) in cases {
        let file = write_file(d, name, text);
        let err = refused(&resume_catalogue(&file));
        assert!(
            err.contains(&format!(
                "{name}: not a catalogue file (its first line is not \"variant,seed,source,grade,"
            )),
            "{name}: {err}"
        );
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            text,
            "{name} was changed"
        );
    }
    // A header cut short (an interrupted first write) is still a catalogue: it is resumed.
    let cut = write_file(d, "cut.csv", "variant,seed,sou");
    let (code, _, err) = run(&resume_catalogue(&cut));
    assert_eq!(code, 0, "{err}");
}

#[test]
fn an_output_that_cannot_be_written_is_refused_before_any_work() {
    let dir = tempdir();
    let d = dir.path();
    let csv = write_file(d, "r.csv", &result_file(d));
    let sub = d.join("sub");
    std::fs::create_dir(&sub).unwrap();
    let missing = d.join("no-such-dir").join("out.csv");
    let catalogue = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = [
            "catalogue",
            "stonewall",
            "--seeds",
            "0..100000",
            "--max-nodes",
            "100000",
        ]
        .map(String::from)
        .to_vec();
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    // (args, what the message names): before, a catalogue measured every deal (here: hours)
    // before it found out, and a sweep named the rules file it could not write.
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            catalogue(&["--csv", arg(&sub)]),
            format!("--csv {} is a directory", sub.display()),
        ),
        (
            catalogue(&["--json", arg(&sub)]),
            format!("--json {} is a directory", sub.display()),
        ),
        (
            catalogue(&["--json", arg(&missing)]),
            format!("--json {}: the directory", missing.display()),
        ),
        (
            catalogue(&["--csv", arg(&missing)]),
            format!("--csv {}: the directory", missing.display()),
        ),
        (
            [
                "sweep",
                "stonewall",
                "--vary",
                "spaces=any,kings",
                "--seeds",
                "0..100000",
                "--csv",
            ]
            .map(String::from)
            .into_iter()
            .chain([arg(&missing).to_string()])
            .collect(),
            format!("--csv {}: the directory", missing.display()),
        ),
        (
            [
                "sweep",
                "stonewall",
                "--vary",
                "spaces=any",
                "--seeds",
                "0..2",
                "--csv",
            ]
            .map(String::from)
            .into_iter()
            .chain([arg(&sub).to_string()])
            .collect(),
            format!("--csv {} is a directory", sub.display()),
        ),
        (
            vec![
                "merge".to_string(),
                arg(&csv).to_string(),
                "--csv".to_string(),
                arg(&missing).to_string(),
            ],
            format!("cannot create {}", missing.display()),
        ),
    ];
    for (args, names) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let t0 = std::time::Instant::now();
        let err = refused(&args);
        assert!(err.contains(&names), "{args:?}: {err}");
        assert!(
            t0.elapsed() < crate::common::AT_ONCE,
            "{args:?} worked first"
        );
    }
    assert!(!missing.parent().unwrap().exists());
}

#[test]
fn a_vary_value_whose_brackets_do_not_close_is_named() {
    for (vary, shown) in [
        ("piles=[6,6", "\"[6,6\""),
        ("piles=[6,6],[7", "\"[6,6],[7\""),
        ("piles=[[6]", "\"[[6]\""),
        ("stock={draw=1", "\"{draw=1\""),
        ("piles=6]", "\"6]\""),
    ] {
        // Before: "--vary piles: no value" (or a value cut at the bracket).
        let err = refused(&["sweep", "stonewall", "--vary", vary, "--seeds", "0..2"]);
        assert!(
            err.contains(&format!("the brackets of {shown} do not match")),
            "{vary}: {err}"
        );
    }
}
