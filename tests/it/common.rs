//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The three games of the brief, in the order `patience variants` lists them.
pub const VARIANTS: [&str; 3] = ["stonewall", "lucky-piles", "napoleons-shoulder"];

/// The time limit of a command that used to hang or read without end (it should answer at once).
pub const AT_ONCE: std::time::Duration = std::time::Duration::from_secs(20);

/// A command running the `patience` binary built for these tests.
pub fn patience() -> assert_cmd::Command {
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_patience"))
}

/// The reference deals with Solvitaire's verdicts (`tests/data/reference`, see its README).
pub fn reference_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/reference"))
}

/// A fresh temporary directory, removed when dropped.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// Writes `text` to `dir/name` and returns the path.
pub fn write_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writing a test file");
    path
}

/// The path as a `&str` argument.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The standard output of a finished command as text.
pub fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The standard error of a finished command as text.
pub fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The deal file of `variant` for `seed`, as `patience deal --json` prints it.
pub fn deal_json(variant: &str, seed: u64) -> String {
    let out = patience()
        .args(["deal", variant, "--seed", &seed.to_string(), "--json"])
        .output()
        .expect("running patience");
    assert!(out.status.success(), "{}", stderr_of(&out));
    stdout_of(&out)
}

/// Runs `patience args`; returns (exit status, stdout, stderr). Never a panic.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = patience().args(args).output().unwrap();
    let (o, e) = (stdout_of(&out), stderr_of(&out));
    assert!(!e.contains("panicked"), "{args:?}: {e}");
    (out.status.code().unwrap_or(-1), o, e)
}

/// Expects `patience args` to be refused: exit 2, one line `error: ...`, nothing on stdout.
pub fn refused(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert!(
        err.starts_with("error: ") && err.lines().count() == 1,
        "{args:?}: {err:?}"
    );
    err
}

/// Writes the result file (`winrate --csv`) of Stonewall's first `deals` seeds at a tiny budget
/// (300 nodes a deal) to `dir/name`, and gives its path.
pub fn stonewall_rows(dir: &Path, name: &str, deals: u32) -> PathBuf {
    let csv = dir.join(name);
    let deals = deals.to_string();
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--deals",
        &deals,
        "--max-nodes",
        "300",
        "-q",
        "--csv",
        arg(&csv),
    ]);
    assert_eq!(code, 0, "{err}");
    csv
}

/// `catalogue`'s smallest budgets and no progress bar: arguments for tests of its files.
pub const TINY_CATALOGUE: [&str; 9] = [
    "--max-nodes",
    "10",
    "--probe-nodes",
    "1",
    "--samples",
    "1",
    "--sample-nodes",
    "1",
    "-q",
];
