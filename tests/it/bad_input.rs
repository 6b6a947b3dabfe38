//! Bad input to the newer commands: outputs that are inputs, rows counted twice,
//! threads that cannot start, clap's misleading tips, a file given twice, `winrate --pysol`'s
//! first game. Each case asserts the exit status and the message.

use crate::common::{arg, refused, run, tempdir, write_file};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A result file of `deals` Stonewall deals (seeds from 0) at a small budget, in `dir`.
fn rows(dir: &Path, name: &str, deals: u64) -> PathBuf {
    let csv = dir.join(name);
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--deals",
        &deals.to_string(),
        "--max-nodes",
        "2000",
        "-q",
        "--csv",
        arg(&csv),
    ]);
    assert_eq!(code, 0, "{err}");
    csv
}

/// Expects `args` refused (exit 2, one line) with a message naming `file`, and every file of
/// `unchanged` as it was.
fn refused_keeping(args: &[&str], file: &Path, unchanged: &[&Path]) -> String {
    let before: Vec<Vec<u8>> = unchanged
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    let err = refused(args);
    let name = file.file_name().unwrap().to_str().unwrap();
    assert!(err.contains(name), "{args:?}: {err}");
    for (p, b) in unchanged.iter().zip(before) {
        assert_eq!(
            std::fs::read(p).unwrap(),
            b,
            "{args:?}: {} was changed",
            p.display()
        );
    }
    err
}

#[test]
fn show_and_solve_never_write_a_page_over_a_file_they_read() {
    let dir = tempdir();
    let d = dir.path();
    let deal = write_file(d, "d.json", &crate::common::deal_json("stonewall", 1));
    let (code, result, err) = run(&["solve", "stonewall", "--seed", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let result = write_file(d, "r.json", &result);
    let moves = write_file(d, "moves.txt", "T2>F1 R6>F2\n");
    let link = d.join("page.html");
    std::os::unix::fs::symlink(&moves, &link).unwrap();
    let hard = d.join("hard.html");
    std::fs::hard_link(&result, &hard).unwrap();
    let all = [deal.as_path(), result.as_path(), moves.as_path()];
    // Before: each exited 0 with the page written over the input.
    refused_keeping(
        &["show", arg(&result), "--html", arg(&result)],
        &result,
        &all,
    );
    refused_keeping(&["show", arg(&result), "--html", arg(&hard)], &hard, &all);
    let err = refused_keeping(
        &[
            "show",
            "stonewall",
            "--seed",
            "1",
            arg(&moves),
            "--html",
            arg(&moves),
        ],
        &moves,
        &all,
    );
    assert!(err.contains("SOLUTION"), "{err}");
    refused_keeping(
        &[
            "show",
            "stonewall",
            "--seed",
            "1",
            arg(&moves),
            "--html",
            arg(&link),
        ],
        &link,
        &all,
    );
    let other = d.join("sub");
    std::fs::create_dir(&other).unwrap();
    let dotted = format!("{}/../d.json", other.display());
    refused_keeping(
        &[
            "show",
            "stonewall",
            "--deal",
            arg(&deal),
            arg(&moves),
            "--html",
            &dotted,
        ],
        &deal,
        &all,
    );
    refused_keeping(
        &[
            "solve",
            "stonewall",
            "--deal",
            arg(&deal),
            "--html",
            arg(&deal),
        ],
        &deal,
        &all,
    );
    // A page of its own is written as before.
    let page = d.join("ok.html");
    let (code, _, err) = run(&["show", arg(&result), "--html", arg(&page)]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&page).unwrap().contains("<html"));
}

#[test]
fn plot_never_writes_over_a_file_it_reads() {
    let dir = tempdir();
    let d = dir.path();
    let csv = rows(d, "a.csv", 3);
    // A result file without an extension, as a user may name one.
    let plain = d.join("results");
    std::fs::copy(&csv, &plain).unwrap();
    refused_keeping(
        &["plot", arg(&plain), "--out", arg(&plain)],
        &plain,
        &[&plain],
    );
    let link = d.join("out.svg");
    std::os::unix::fs::symlink(&csv, &link).unwrap();
    refused_keeping(&["plot", arg(&csv), "--out", arg(&link)], &link, &[&csv]);
    let rules = d.join("rules.svg");
    let (code, text, err) = run(&["variants", "--rules", "stonewall"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(
        &rules,
        text.replace("id = \"stonewall\"", "id = \"sw-copy\""),
    )
    .unwrap();
    // (The rules file is named by --rules, so its name need not end in .toml.)
    let (code, _, _) = run(&[
        "plot",
        arg(&csv),
        "--rules",
        arg(&rules),
        "--out",
        arg(&rules),
    ]);
    assert_eq!(code, 2);
    assert!(std::fs::read_to_string(&rules).unwrap().contains("sw-copy"));
}

#[test]
fn catalogue_refuses_one_file_for_both_outputs_before_writing() {
    let dir = tempdir();
    let f = dir.path().join("grades");
    // Before: the CSV was written, then replaced by the JSON.
    let err = refused(&[
        "catalogue",
        "stonewall",
        "--seeds",
        "0..2",
        "--csv",
        arg(&f),
        "--json",
        arg(&f),
    ]);
    assert!(err.contains("grades") && err.contains("--json"), "{err}");
    assert!(!f.exists(), "written before the refusal");
    let dotted = format!("{}/./grades", dir.path().display());
    refused(&[
        "catalogue",
        "stonewall",
        "--seeds",
        "0..2",
        "--csv",
        arg(&f),
        "--json",
        &dotted,
    ]);
    assert!(!f.exists());
}

/// A copy of Stonewall's rules under an id of its own, in `dir`.
fn rules_file(dir: &Path, id: &str) -> PathBuf {
    let (code, text, err) = run(&["variants", "--rules", "stonewall"]);
    assert_eq!(code, 0, "{err}");
    let text = text.replace("id = \"stonewall\"", &format!("id = \"{id}\""));
    write_file(dir, &format!("{id}.toml"), &text)
}

#[test]
fn an_output_that_is_the_rules_file_read_is_refused() {
    let dir = tempdir();
    let rules = rules_file(dir.path(), "sw-mine");
    // Before: catalogue --json wrote its rows over the rules file; the --resume cases were
    // refused only as files that are no result file (sweep after writing its rules files).
    refused_keeping(
        &[
            "winrate",
            arg(&rules),
            "--deals",
            "1",
            "--max-nodes",
            "100",
            "-q",
            "--csv",
            arg(&rules),
            "--resume",
        ],
        &rules,
        &[&rules],
    );
    refused_keeping(
        &[
            "catalogue",
            arg(&rules),
            "--seeds",
            "0..1",
            "--csv",
            arg(&rules),
            "--resume",
        ],
        &rules,
        &[&rules],
    );
    refused_keeping(
        &[
            "catalogue",
            arg(&rules),
            "--seeds",
            "0..1",
            "--json",
            arg(&rules),
        ],
        &rules,
        &[&rules],
    );
    refused_keeping(
        &[
            "sweep",
            arg(&rules),
            "--vary",
            "spaces=any,kings",
            "--seeds",
            "0..1",
            "--max-nodes",
            "100",
            "-q",
            "--csv",
            arg(&rules),
            "--resume",
        ],
        &rules,
        &[&rules],
    );
    // Refused before sweep writes its variants' rules files.
    assert!(!dir.path().join("sw-mine-spaces-any.toml").exists());
}

#[test]
fn plot_counts_a_repeated_row_once_and_refuses_a_conflict() {
    let dir = tempdir();
    let d = dir.path();
    let csv = rows(d, "a.csv", 4);
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        text.contains(",solved,") && text.contains(",unsolvable,"),
        "{text}"
    );
    let (code, alone, err) = run(&["plot", arg(&csv), "--out", arg(&d.join("a.svg"))]);
    assert_eq!(code, 0, "{err}");
    // Seed 1 is solved: counted twice, it raised the win rate (40 deals for 20 in the issue).
    let won = lines
        .iter()
        .find(|l| l.starts_with("stonewall,1,"))
        .unwrap();
    let twice = write_file(d, "twice.csv", &format!("{text}{won}\n"));
    let svg = d.join("twice.svg");
    let (code, out, err) = run(&["plot", arg(&twice), "--out", arg(&svg)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("twice.csv") && err.contains("1 repeated row"),
        "{err}"
    );
    assert_eq!(
        out.lines().next(),
        alone.lines().next(),
        "the repeated row was counted"
    );
    // The same deal with another result: one of the rows is wrong.
    let lost = lines.iter().find(|l| l.contains(",unsolvable,")).unwrap();
    let fields: Vec<&str> = lost.split(',').collect();
    let seed = fields[1];
    let mut other: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    other[5] = (other[5].parse::<u64>().unwrap() + 7).to_string();
    let conflict = write_file(d, "conflict.csv", &format!("{text}{}\n", other.join(",")));
    let err = refused(&["plot", arg(&conflict), "--out", arg(&d.join("c.svg"))]);
    assert!(
        err.contains("conflict.csv") && err.contains(&format!("seed {seed}")),
        "{err}"
    );
    assert!(!d.join("c.svg").exists());
}

#[test]
fn a_file_given_twice_is_refused_by_merge_and_plot_and_noted_by_compare() {
    let dir = tempdir();
    let d = dir.path();
    let csv = rows(d, "a.csv", 2);
    let dotted = format!("{}/./a.csv", d.display());
    // Before: merge A A kept each row once with a note on duplicated rows, naming no file.
    let err = refused(&["merge", arg(&csv), arg(&csv)]);
    assert!(err.contains("a.csv") && err.contains("twice"), "{err}");
    refused(&["merge", arg(&csv), &dotted]);
    refused(&["merge", arg(d), arg(&csv)]);
    let err = refused(&["plot", arg(&csv), &dotted, "--out", arg(&d.join("p.svg"))]);
    assert!(err.contains("twice"), "{err}");
    let (code, out, err) = run(&["compare", arg(&csv), &dotted]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("one file"), "{err}");
    assert!(out.contains("2 deals in both"), "{out}");
}

#[test]
fn negative_seeds_and_hint_seed_get_a_message_of_their_own() {
    for args in [
        &["catalogue", "stonewall", "--seeds", "-1..3"][..],
        &["catalogue", "stonewall", "--pysol", "-1..3"][..],
        &["merge", "a.csv", "--seeds", "-1..3"][..],
        &[
            "catalogue",
            "stonewall",
            "--seeds",
            "0..3",
            "--max-nodes",
            "-5",
        ][..],
    ] {
        let err = refused(args);
        assert!(
            !err.contains("tip:") && !err.contains("'-- "),
            "{args:?}: {err}"
        );
    }
    let err = refused(&["catalogue", "stonewall", "--seeds", "-1..3"]);
    assert!(err.contains("\"-1\" is not a number of a deal"), "{err}");
    let err = refused(&["hint", "stonewall", "--seed", "1"]);
    assert!(!err.contains("'-- --seed'"), "{err}");
    assert!(err.contains("--deal") && err.contains("--pysol"), "{err}");
}

#[test]
fn winrate_pysol_starts_at_game_1() {
    let dir = tempdir();
    let csv = dir.path().join("p.csv");
    // Before: refused, "0 is no PySolFC game number", though no number was given.
    let (code, out, err) = run(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--deals",
        "2",
        "--max-nodes",
        "1000",
        "-q",
        "--csv",
        arg(&csv),
    ]);
    assert_eq!(code, 0, "{err}");
    let seeds: Vec<String> = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    let mut sorted = seeds.clone();
    sorted.sort();
    assert_eq!(sorted, ["1", "2"], "{out}");
    // Game 0 asked for is still refused.
    let err = refused(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--deals",
        "2",
        "--first-seed",
        "0",
    ]);
    assert!(err.contains("0 is no PySolFC game number"), "{err}");
}

#[test]
fn threads_that_cannot_start_end_with_a_message_not_a_panic() {
    // Before: exit 101, "failed to spawn thread" (the progress bar's ticker, or the thread that
    // fed the pool its deals), in some of the runs near these limits.
    for (run, limit) in [145_000, 150_000, 155_000, 160_000, 165_000, 170_000]
        .iter()
        .cycle()
        .take(12)
        .enumerate()
    {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {limit} && exec \"$0\" winrate stonewall --deals 20 -j 2 --max-nodes 3000000 -q",
            ))
            .arg(env!("CARGO_BIN_EXE_patience"))
            .env_remove("RUST_BACKTRACE")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        assert_ne!(code, Some(101), "run {run}, ulimit -v {limit}: {err}");
        assert!(
            matches!(code, Some(0..=2)),
            "run {run}, ulimit -v {limit}: {code:?} {err}"
        );
        assert!(
            !err.contains("panicked"),
            "run {run}, ulimit -v {limit}: {err}"
        );
        if code == Some(2) {
            assert!(
                err.starts_with("error: ") && err.lines().count() == 1,
                "run {run}, ulimit -v {limit}: {err}"
            );
        }
    }
}

/// A move list past `MAX_MOVES` is refused before any replay is made (`check` and `show`, from
/// a file and from standard input), with one line naming the limit; one at the limit is read
/// (and refused for its first illegal move only).
#[test]
fn a_move_list_past_the_limit_is_refused_before_its_replay() {
    use patience::io::movelist::MAX_MOVES;
    let dir = tempdir();
    let long = write_file(dir.path(), "long.txt", &"T1>T2 ".repeat(MAX_MOVES + 1));
    for args in [
        vec!["check", "stonewall", "--seed", "1", arg(&long)],
        vec!["show", "stonewall", "--seed", "1", arg(&long), "--plain"],
    ] {
        let err = refused(&args);
        assert!(
            err.contains(&format!("more than {MAX_MOVES} moves")) && err.contains("long.txt"),
            "{args:?}: {err}"
        );
    }
    let out = crate::common::patience()
        .args(["check", "stonewall", "--seed", "1", "-"])
        .write_stdin("T1>T2 ".repeat(MAX_MOVES + 1))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let at = write_file(dir.path(), "at.txt", &"T1>T2 ".repeat(MAX_MOVES));
    let (code, _, err) = run(&["check", "stonewall", "--seed", "1", arg(&at)]);
    assert!(code != 0 && !err.contains("more than"), "{err}");
}

/// The deal file of Stonewall's seed 1 with the cards `edit` changes, in `dir`.
fn edited_deal(dir: &Path, name: &str, edit: impl Fn(&mut serde_json::Value)) -> PathBuf {
    let mut deal: serde_json::Value =
        serde_json::from_str(&crate::common::deal_json("stonewall", 1)).unwrap();
    edit(&mut deal);
    write_file(dir, name, &deal.to_string())
}

#[test]
fn hint_names_a_repeated_card_and_where_it_is_written() {
    let dir = tempdir();
    // R16 (JS) written as 4H, which T1 holds: no ?? at all, then with unknown cards.
    let twice = edited_deal(dir.path(), "twice.json", |d| {
        d["reserve"][15] = "4H".into();
    });
    let hidden = edited_deal(dir.path(), "hidden.json", |d| {
        d["reserve"][15] = "4H".into();
        d["tableau piles"][0][0] = "??".into();
        d["tableau piles"][1][0] = "??".into();
    });
    for file in [&twice, &hidden] {
        let err = refused(&["hint", "stonewall", "--deal", arg(file)]);
        // Before: "the position has 0 unknown cards (??) but 1 cards of the deck are not
        // written in it", which names no card.
        assert!(
            err.contains(file.file_name().unwrap().to_str().unwrap())
                && err.contains("card 4H is written 2 times, the deck holds it once, in T1 (card 2 from the bottom) and R16"),
            "{err}"
        );
    }
}

#[test]
fn play_on_a_position_with_unknown_cards_points_to_hint() {
    let dir = tempdir();
    let hidden = edited_deal(dir.path(), "seen.json", |d| {
        d["tableau piles"][0][0] = "??".into();
        d["reserve"][0] = serde_json::Value::Null;
    });
    for knowledge in ["thoughtful", "hidden"] {
        let err = refused(&[
            "play",
            "stonewall",
            "--deal",
            arg(&hidden),
            "--knowledge",
            knowledge,
        ]);
        // Before: "an unknown card (??) has no place in a position to solve with every card
        // known", with no word of hint.
        assert!(
            err.contains("seen.json: T1 holds an unknown card (??)")
                && err.contains("play plays a deal to its end, so it needs every card")
                && err.contains(&format!(
                    "`patience hint stonewall --deal {}`",
                    hidden.display()
                )),
            "{err}"
        );
    }
}

#[test]
fn ms_numbers_make_ranges_below_ms32000_and_only_of_pysol_games() {
    let (code, out, err) = run(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--seeds",
        "ms1..=ms3",
        "--max-nodes",
        "100",
    ]);
    // Before: refused, `"ms1" is not a number of a deal`.
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("PySolFC game numbers 1..4"), "{out}");
    let (code, out, err) = run(&[
        "winrate",
        "stonewall",
        "--pysol",
        "--first-seed",
        "ms5",
        "--deals",
        "2",
        "--max-nodes",
        "100",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("PySolFC game numbers 5..7"), "{out}");
    for (args, why) in [
        (
            &["catalogue", "stonewall", "--pysol", "ms31999..ms32001"][..],
            "ms32001: from ms32000 on, msN is another deal than game N",
        ),
        (
            &["winrate", "stonewall", "--pysol", "--first-seed", "ms32000"],
            "ms32000: from ms32000 on",
        ),
        (
            &["catalogue", "stonewall", "--pysol", "ms0..ms3"],
            "ms0 is no PySolFC game",
        ),
        (
            &["winrate", "stonewall", "--seeds", "ms1..ms3"],
            "msN is PySolFC's game number N: add --pysol",
        ),
        (
            &["winrate", "stonewall", "--first-seed", "ms5"],
            "--first-seed ms5: msN is PySolFC's game number N: add --pysol",
        ),
        (
            &[
                "sweep",
                "stonewall",
                "--vary",
                "spaces=any",
                "--seeds",
                "ms1..ms3",
            ],
            "\"ms1\" is PySolFC's way to write a game number: this range takes plain numbers",
        ),
    ] {
        let err = refused(args);
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn two_rules_files_of_one_id_are_refused_naming_both_and_what_differs() {
    let dir = tempdir();
    let d = dir.path();
    let a = write_file(
        d,
        "a.toml",
        "id = \"mine\"\nextends = \"stonewall\"\nspaces = \"kings\"\n",
    );
    let b = write_file(
        d,
        "b.toml",
        "id = \"mine\"\nextends = \"stonewall\"\nspaces = \"never\"\n",
    );
    let csv = rows(d, "r.csv", 2);
    for args in [
        vec!["winrate", arg(&a), arg(&b), "--deals", "1"],
        vec!["merge", arg(&csv), "--rules", arg(&a), "--rules", arg(&b)],
        vec![
            "compare",
            arg(&csv),
            arg(&csv),
            "--rules",
            arg(&a),
            "--rules",
            arg(&b),
        ],
    ] {
        let err = refused(&args);
        // Before: `b.toml: key `id`: "mine": another rules file with this id is in use`,
        // naming neither the other file nor the difference.
        assert!(
            err.contains(&format!(
                "{}: key `id`: \"mine\" is the id of {}",
                b.display(),
                a.display()
            )) && err.contains("spaces = \"never\" here, \"kings\" there"),
            "{args:?}: {err}"
        );
    }
}
