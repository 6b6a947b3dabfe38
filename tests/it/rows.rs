//! Rows pinned: for fixed seeds of every built-in game (thoughtful play) and of two games in
//! hidden play, `winrate` gives the same verdict, moves, nodes, limit and solution as the files
//! in tests/data/rows, written by an earlier build. A redesign of the library or its faces must
//! keep them; a change to the search that means to change them rewrites the files (the command
//! is in each test's failure message) and says why in its commit.

use crate::common::{arg, run};
use std::path::{Path, PathBuf};

/// The columns compared: what the search found, not how long it took.
const COLUMNS: [&str; 8] = [
    "seed",
    "knowledge",
    "verdict",
    "moves",
    "nodes",
    "limit",
    "solution",
    "cards_up",
];

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rows")
        .join(name)
}

/// The compared columns of a result file, a row a deal, in seed order.
fn rows(path: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    let at: Vec<usize> = COLUMNS
        .iter()
        .map(|c| {
            header
                .iter()
                .position(|h| h == *c)
                .unwrap_or_else(|| panic!("{c}"))
        })
        .collect();
    let mut rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            at.iter().map(|&i| r[i].to_string()).collect()
        })
        .collect();
    rows.sort_by_key(|r| r[0].parse::<u64>().unwrap());
    rows
}

/// Runs `winrate` with `args` (after the game and `--csv`) and compares its rows with `file`.
fn pinned(game: &str, file: &str, args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rows.csv");
    let mut all = vec!["winrate", game, "--threads", "1", "--csv", arg(&out)];
    all.extend_from_slice(args);
    let (code, _, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    let want = rows(&data(file));
    assert!(!want.is_empty(), "{file} holds rows");
    assert_eq!(
        rows(&out),
        want,
        "{game}: rows differ from tests/data/rows/{file}; if the change means to change them: \
         patience winrate {game} --threads 1 {} --csv tests/data/rows/{file}",
        args.join(" ")
    );
}

const THOUGHTFUL: [&str; 4] = ["--seeds", "0..12", "--max-nodes", "30000"];

#[test]
fn rows_of_every_built_in_game_are_as_pinned() {
    // Every game `patience variants` lists has its file: a new game needs one.
    for rules in patience::games::ALL {
        pinned(rules.id, &format!("{}.csv", rules.id), &THOUGHTFUL);
    }
}

#[test]
fn hidden_rows_are_as_pinned() {
    let hidden = [
        "--knowledge",
        "hidden",
        "--samples",
        "4",
        "--sample-nodes",
        "100",
    ];
    let mut args = vec!["--seeds", "0..2", "--max-nodes", "30000"];
    args.extend_from_slice(&hidden);
    pinned("stonewall", "stonewall-hidden.csv", &args);
    let mut args = vec!["--seeds", "3..6", "--max-nodes", "30000"];
    args.extend_from_slice(&hidden);
    pinned("klondike-draw3", "klondike-draw3-hidden.csv", &args);
}
