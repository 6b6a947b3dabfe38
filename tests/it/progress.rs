//! `catalogue`'s progress bar: drawn on a terminal (as `winrate`'s), never with `-q`, and
//! never into a file or a pipe.

use crate::common::{run, tempdir};
use std::process::Command;

/// `patience args` run on a terminal (through `script`): what the terminal showed, or `None`
/// where `script` is missing.
fn on_a_terminal(args: &[&str]) -> Option<String> {
    let line = std::iter::once(env!("CARGO_BIN_EXE_patience"))
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    let out = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

const CATALOGUE: [&str; 13] = [
    "catalogue",
    "stonewall",
    "--seeds",
    "0..4",
    "--max-nodes",
    "20000",
    "--probe-nodes",
    "50",
    "--samples",
    "1",
    "--sample-nodes",
    "50",
    "-j1",
];

#[test]
fn catalogue_draws_its_bar_on_a_terminal_only_and_not_when_quiet() {
    let _dir = tempdir();
    // In a pipe: no bar, and -q and --quiet are taken (before: refused, exit 2).
    for quiet in [&[][..], &["-q"], &["--quiet"]] {
        let args = [&CATALOGUE[..], quiet].concat();
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(
            !err.contains("deals") && out.contains("4 deals: 2 proved winnable"),
            "{err}{out}"
        );
    }
    let Some(shown) = on_a_terminal(&CATALOGUE) else {
        eprintln!("note: no `script` to run a terminal: the bar itself is not checked");
        return;
    };
    assert!(shown.contains("/4 deals"), "{shown}");
    let quiet = on_a_terminal(&[&CATALOGUE[..], &["-q"]].concat()).unwrap();
    assert!(
        !quiet.contains("/4 deals") && quiet.contains("4 deals: 2 proved winnable"),
        "{quiet}"
    );
}
