//! The tasks every face shares (src/tasks/): each command that starts a game from a deal file
//! takes or refuses the deal files of tests/data/deals alike, with the reason `cases.csv`
//! gives (python/tests/test_tasks.py holds the Python package to the same table).

use crate::common::{run, tempdir, write_file};
use std::path::PathBuf;

/// The cases of tests/data/deals/cases.csv: (deal file, game, refusal; empty: taken).
fn cases() -> Vec<(PathBuf, String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/deals");
    let mut reader = csv::Reader::from_path(dir.join("cases.csv")).unwrap();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            (dir.join(&r[0]), r[1].to_string(), r[2].to_string())
        })
        .collect()
}

#[test]
fn every_command_takes_or_refuses_a_deal_file_alike() {
    let dir = tempdir();
    let moves = write_file(dir.path(), "moves.txt", "T2>F1\n");
    let cases = cases();
    assert!(cases.iter().any(|c| c.2.is_empty()) && cases.iter().any(|c| !c.2.is_empty()));
    for (file, game, refusal) in cases {
        let f = file.to_str().unwrap();
        let m = moves.to_str().unwrap();
        let commands: [Vec<&str>; 3] = [
            vec!["solve", &game, "--deal", f, "--max-nodes", "2000"],
            vec!["deal", &game, "--deal", f],
            vec!["check", &game, "--deal", f, m],
        ];
        for args in commands {
            let (code, _, err) = run(&args);
            if refusal.is_empty() {
                assert!(code == 0 || code == 1, "{args:?}: {err}");
            } else {
                assert_eq!(code, 2, "{args:?}: {err}");
                assert_eq!(err.trim_end(), format!("error: {f}: {refusal}"), "{args:?}");
            }
        }
    }
}
