//! Path arguments are paths, not text: every file a command reads or writes may be named with
//! bytes that are not UTF-8 (byte 0xff here), and is read or written under that very name.

use crate::common::{patience, stderr_of, tempdir};
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// `dir/{stem}\xff{ext}`: a file name that is not UTF-8.
fn odd(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    let mut name = stem.as_bytes().to_vec();
    name.push(0xff);
    name.extend_from_slice(ext.as_bytes());
    dir.join(OsStr::from_bytes(&name))
}

/// Runs `patience args`; returns the exit status and standard error.
fn run_os(args: &[&OsStr]) -> (i32, String) {
    let out = patience().args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), stderr_of(&out))
}

#[test]
fn every_path_argument_takes_a_name_that_is_not_utf8() {
    let dir = tempdir();
    let d = dir.path();
    let deal = odd(d, "d", ".json");
    std::fs::write(&deal, crate::common::deal_json("stonewall", 1)).unwrap();
    let moves = odd(d, "m", ".txt");
    std::fs::write(&moves, "T2>F1\n").unwrap();
    let rules = odd(d, "r", ".toml");
    std::fs::write(
        &rules,
        "id = \"odd-name\"\nextends = \"stonewall\"\nspaces = \"kings\"\n",
    )
    .unwrap();
    let result = odd(d, "r", ".json");
    let out = patience()
        .args(["solve", "stonewall", "--seed", "1", "--json"])
        .output()
        .unwrap();
    std::fs::write(&result, &out.stdout).unwrap();
    let csv = odd(d, "w", ".csv");
    let (html, svg, ccsv, cjson, scsv) = (
        odd(d, "p", ".html"),
        odd(d, "p", ".svg"),
        odd(d, "c", ".csv"),
        odd(d, "c", ".json"),
        odd(d, "sweep/s", ".csv"),
    );
    std::fs::create_dir(d.join("sweep")).unwrap();
    let merged = odd(d, "merged", ".csv");
    let p = |p: &PathBuf| p.as_os_str().to_owned();
    let s = |s: &str| OsString::from(s);
    let small = ["--max-nodes", "300"].map(s);
    // (args, the exit statuses that answer: 0 yes, 1 no; 2 would be a refusal)
    let cases: Vec<(Vec<OsString>, &[i32])> = vec![
        (vec![s("deal"), s("stonewall"), s("--deal"), p(&deal)], &[0]),
        (
            [
                vec![s("solve"), s("stonewall"), s("--deal"), p(&deal)],
                small.to_vec(),
            ]
            .concat(),
            &[0, 1],
        ),
        (
            vec![s("check"), s("stonewall"), s("--deal"), p(&deal), p(&moves)],
            &[1],
        ),
        (
            vec![
                s("check"),
                s("stonewall"),
                s("--deal"),
                p(&deal),
                p(&result),
            ],
            &[0],
        ),
        (
            [
                vec![s("play"), s("stonewall"), s("--deal"), p(&deal)],
                small.to_vec(),
            ]
            .concat(),
            &[0, 1],
        ),
        (
            [
                vec![s("hint"), s("stonewall"), s("--deal"), p(&deal)],
                ["--samples", "1", "--sample-nodes", "10"].map(s).to_vec(),
            ]
            .concat(),
            &[0, 1],
        ),
        (vec![s("show"), p(&result)], &[0]),
        (
            vec![
                s("show"),
                s("stonewall"),
                s("--deal"),
                p(&deal),
                p(&result),
                s("--html"),
                p(&html),
            ],
            &[0],
        ),
        (
            [
                vec![s("solve"), p(&rules), s("--seed"), s("1")],
                small.to_vec(),
            ]
            .concat(),
            &[0, 1],
        ),
        (vec![s("variants"), s("--rules"), p(&rules)], &[0]),
        (
            [
                vec![s("winrate"), p(&rules), s("--deals"), s("2"), s("-q")],
                small.to_vec(),
                vec![s("--csv"), p(&csv)],
            ]
            .concat(),
            &[0],
        ),
        (
            vec![
                s("merge"),
                p(&csv),
                s("--rules"),
                p(&rules),
                s("--csv"),
                p(&merged),
            ],
            &[0],
        ),
        (
            vec![s("compare"), p(&csv), p(&merged), s("--rules"), p(&rules)],
            &[0],
        ),
        (
            vec![
                s("plot"),
                p(&csv),
                s("--rules"),
                p(&rules),
                s("--out"),
                p(&svg),
            ],
            &[0],
        ),
        (
            [
                vec![
                    s("catalogue"),
                    s("stonewall"),
                    s("--seeds"),
                    s("0..1"),
                    s("-q"),
                ],
                [
                    "--probe-nodes",
                    "10",
                    "--samples",
                    "1",
                    "--sample-nodes",
                    "10",
                ]
                .map(s)
                .to_vec(),
                small.to_vec(),
                vec![s("--csv"), p(&ccsv), s("--json"), p(&cjson)],
            ]
            .concat(),
            &[0],
        ),
        (
            [
                vec![
                    s("sweep"),
                    p(&rules),
                    s("--vary"),
                    s("spaces=any,never"),
                    s("--seeds"),
                    s("0..1"),
                    s("-q"),
                ],
                small.to_vec(),
                vec![s("--csv"), p(&scsv)],
            ]
            .concat(),
            &[0],
        ),
    ];
    for (args, answers) in &cases {
        let refs: Vec<&OsStr> = args.iter().map(OsString::as_os_str).collect();
        let (code, err) = run_os(&refs);
        // Before: `--deal`, check's MOVES, show's files and a rules file's path were refused
        // with clap's "invalid UTF-8".
        assert!(
            answers.contains(&code) && !err.contains("UTF-8") && !err.contains("error"),
            "{args:?}: exit {code}: {err}"
        );
    }
    for written in [&html, &csv, &merged, &svg, &ccsv, &cjson, &scsv] {
        assert!(written.is_file(), "{} was not written", written.display());
    }
    // A game id that is not UTF-8 is no game: one line, the id shown as well as it can be.
    let (code, err) = run_os(&[
        OsStr::new("solve"),
        OsStr::from_bytes(b"stone\xffwall"),
        OsStr::new("--seed"),
        OsStr::new("1"),
    ]);
    assert!(
        code == 2
            && err.starts_with("error: unknown variant \"stone\u{fffd}wall\"")
            && err.lines().count() == 1,
        "{err}"
    );
}
