//! The tasks every face shares (src/tasks/): each command that starts a game from a deal file
//! takes or refuses the deal files of tests/data/deals alike, with the reason `cases.csv`
//! gives, and the command's answers are the library tasks' answers
//! (python/tests/test_tasks.py holds the Python package to the same table and answers).

use crate::common::{run, tempdir, write_file};
use patience::games::Games;
use patience::io::dealfile::read_deal;
use patience::tasks::{DealFrom, TaskError};
use patience::{Budget, Options};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// The solver's node limit of every solve here.
const MAX_NODES: u64 = 2000;

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

/// An error and its causes on one line, as the command prints them.
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    text
}

/// The deal of a deal file, as the tasks take it.
fn deal_from(file: &Path) -> DealFrom {
    DealFrom::Deal(read_deal(&std::fs::read_to_string(file).unwrap()).unwrap())
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
        let commands: [Vec<&str>; 4] = [
            vec!["solve", &game, "--deal", f, "--max-nodes", "2000"],
            vec!["deal", &game, "--deal", f],
            vec!["check", &game, "--deal", f, m],
            vec!["play", &game, "--deal", f, "--max-nodes", "2000"],
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

/// `patience solve --json` on each deal file gives the task's answer (the same verdict, moves
/// and nodes), and the task refuses the bad ones with the command's reason.
#[test]
fn the_command_solves_as_the_solve_task() {
    let options =
        Options::with_limits(MAX_NODES, None, (Options::DEFAULT_TABLE_BYTES >> 20) as u64).unwrap();
    let mut games = Games::new();
    for (file, game, refusal) in cases() {
        let f = file.to_str().unwrap();
        let rules = games.lookup(&game).unwrap();
        let task = patience::tasks::solve::solve(
            rules,
            deal_from(&file),
            &options,
            &AtomicBool::new(false),
        );
        let args = ["solve", &game, "--deal", f, "--max-nodes", "2000", "--json"];
        let (code, out, err) = run(&args);
        match task {
            Err(e) => {
                assert!(matches!(e, TaskError::Start(_)), "{f}: {e}");
                assert_eq!(chain(&e), refusal, "{f}");
                assert_eq!(code, 2, "{args:?}");
                assert_eq!(err.trim_end(), format!("error: {f}: {refusal}"));
            }
            Ok(solved) => {
                assert!(
                    refusal.is_empty(),
                    "{f}: taken, but cases.csv says: {refusal}"
                );
                let command: serde_json::Value = serde_json::from_str(&out).unwrap();
                let task = serde_json::to_value(solved.result()).unwrap();
                for key in ["variant", "verdict", "moves", "nodes", "limit", "deal"] {
                    assert_eq!(command[key], task[key], "{f}: {key}");
                }
                assert_eq!(code, if solved.won() { 0 } else { 1 }, "{f}");
                // Without --json the command prints the task's text, but for the counters'
                // line (its timings).
                let (_, text, _) = run(&args[..6]);
                let untimed = |t: &str| -> Vec<String> {
                    t.lines()
                        .map(|l| match l.split_once(" (") {
                            Some((nodes, _)) if l.starts_with("nodes ") => nodes.to_string(),
                            _ => l.to_string(),
                        })
                        .collect()
                };
                assert_eq!(untimed(&text), untimed(&solved.text()), "{f}");
                assert!(text.lines().count() >= 3, "{f}: {text}");
            }
        }
    }
}

/// `patience hint` on each deal file prints the hint task's answer, and refuses the bad ones
/// with the task's reason (hint reads a deal file as a position, unknown cards written `??`:
/// a deal file it refuses is "not a legal ... position" where solve's is "... deal").
#[test]
fn the_command_hints_as_the_hint_task() {
    let budget = Budget::new(4, 300);
    let mut games = Games::new();
    for (file, game, refusal) in cases() {
        let f = file.to_str().unwrap();
        let rules = games.lookup(&game).unwrap();
        let task = patience::tasks::hint::hint(
            rules,
            deal_from(&file),
            budget,
            None,
            &AtomicBool::new(false),
        );
        let args = [
            "hint",
            &game,
            "--deal",
            f,
            "--samples",
            "4",
            "--sample-nodes",
            "300",
        ];
        let (code, out, err) = run(&args);
        match task {
            Err(e) => {
                assert!(
                    !refusal.is_empty(),
                    "{f}: refused, but cases.csv takes it: {e}"
                );
                assert_eq!(code, 2, "{args:?}");
                assert_eq!(err.trim_end(), format!("error: {f}: {}", chain(&e)));
            }
            Ok(hint) => {
                let hint = hint.expect("not cancelled");
                assert!(
                    refusal.is_empty(),
                    "{f}: taken, but cases.csv says: {refusal}"
                );
                assert_eq!(out, hint.text(5), "{f}");
                assert_eq!(code, if hint.plays() { 0 } else { 1 }, "{f}");
                match &hint.best {
                    Some(best) => assert!(out.contains(&format!("best move: {best}  ")), "{f}"),
                    None => assert!(out.contains("no move to recommend: "), "{f}"),
                }
            }
        }
    }
}
