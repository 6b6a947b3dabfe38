//! `patience catalogue` (docs/difficulty.md, docs/catalogues.md): rows that do not depend on
//! the thread count or on an interruption, the filters, and the published catalogues in
//! `catalogues/`: every deal they call winnable replays to a win, and their numbers are
//! PySolFC's (the dealing itself is pinned card by card by `pysol::golden_deals_equal_ours`).

use crate::common::{arg, patience, stdout_of, tempdir};
use patience::games::Games;
use patience::internal::batch::Answer;
use patience::internal::batch::grade::{Grade, Thoughtful, grade};
use patience::io::catalogue::read;
use patience::{DealSource, Record};
use std::path::{Path, PathBuf};

/// The small budgets of these tests.
const SMALL: [&str; 8] = [
    "--max-nodes",
    "20000",
    "--probe-nodes",
    "200",
    "--samples",
    "4",
    "--sample-nodes",
    "100",
];

/// Runs `catalogue stonewall` with the small budgets and `extra`; asserts success.
fn catalogue(extra: &[&str]) -> String {
    catalogue_of("stonewall", &[&SMALL[..], extra].concat())
}

/// Runs `catalogue GAME ARGS`; asserts success and gives its standard output.
fn catalogue_of(game: &str, args: &[&str]) -> String {
    let out = patience()
        .args(["catalogue", game])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout_of(&out)
}

#[test]
fn catalogue_rows_are_the_same_from_one_and_two_threads_and_after_resume() {
    let dir = tempdir();
    let (one, two, cut) = (
        dir.path().join("one.csv"),
        dir.path().join("two.csv"),
        dir.path().join("cut.csv"),
    );
    catalogue(&["--pysol", "1..13", "--threads", "1", "--csv", arg(&one)]);
    catalogue(&["--pysol", "1..13", "--threads", "2", "--csv", arg(&two)]);
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(text, std::fs::read_to_string(&two).unwrap());
    assert_eq!(text.lines().count(), 13, "{text}");
    // Half the deals, a row cut short by an interruption, then --resume for all of them.
    catalogue(&["--pysol", "1..7", "--threads", "2", "--csv", arg(&cut)]);
    let mut part = std::fs::read_to_string(&cut).unwrap();
    let next = text.lines().nth(7).unwrap();
    part.push_str(&next[..next.len() / 2]);
    std::fs::write(&cut, part).unwrap();
    let summary = catalogue(&["--pysol", "1..13", "--csv", arg(&cut), "--resume"]);
    assert!(summary.contains("6 deals measured now"), "{summary}");
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), text);
    // Other budgets are refused on resume.
    let out = patience()
        .args([
            "catalogue",
            "stonewall",
            "--pysol",
            "1..13",
            "--max-nodes",
            "999",
        ])
        .args(["--csv", arg(&cut), "--resume"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("other budgets"));
}

/// The planner's other games (`--plays`): the same from one and two threads, counted on the
/// winnable deals it played alone, part of the budgets a resumed file must share; a file of an
/// earlier version (no such columns) is read, never continued.
#[test]
fn the_planners_other_games_are_rows_like_the_others() {
    let dir = tempdir();
    let (one, two) = (dir.path().join("one.csv"), dir.path().join("two.csv"));
    let plays = ["--pysol", "1..9", "--plays", "3", "--csv"];
    catalogue(&[&plays[..], &[arg(&one), "--threads", "1"]].concat());
    catalogue(&[&plays[..], &[arg(&two), "--threads", "2"]].concat());
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(text, std::fs::read_to_string(&two).unwrap());
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col =
        |row: &[&str], name: &str| row[header.iter().position(|h| *h == name).unwrap()].to_string();
    let mut played = 0;
    for line in lines {
        let row: Vec<&str> = line.split(',').collect();
        match col(&row, "hidden_by").as_str() {
            "planner" => {
                played += 1;
                assert_eq!(col(&row, "plays"), "3", "{line}");
                let won: u32 = col(&row, "plays_won").parse().unwrap();
                assert!(won <= 3, "{line}");
            }
            _ => assert_eq!(
                (col(&row, "plays"), col(&row, "plays_won")),
                (String::new(), String::new()),
                "{line}"
            ),
        }
    }
    assert!(played > 0, "{text}");
    // Another number of games is another budget.
    let out = patience()
        .args(["catalogue", "stonewall", "--pysol", "1..9", "--plays", "2"])
        .args(["--csv", arg(&one), "--resume"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("other budgets"));
    // A catalogue of an earlier version: its rows read, the file never continued.
    let earlier = dir.path().join("earlier.csv");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/catalogue/earlier.csv");
    std::fs::copy(&fixture, &earlier).unwrap();
    let rows = read(&earlier, &Games::new()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rows.len(), 3);
    assert!(
        rows.iter()
            .all(|r| r.plays.is_none() && r.plays_won.is_none())
    );
    let out = patience()
        .args(["catalogue", "stonewall", "--pysol", "1..9"])
        .args(["--csv", arg(&earlier), "--resume"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("earlier version") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn the_filters_keep_the_deals_asked_for_in_both_files() {
    let dir = tempdir();
    let (all, won, json) = (
        dir.path().join("all.csv"),
        dir.path().join("won.csv"),
        dir.path().join("won.json"),
    );
    let summary = catalogue(&["--seeds", "0..12", "--csv", arg(&all)]);
    assert!(summary.contains("12 deals: "), "{summary}");
    catalogue(&["--seeds", "0..12", "--winnable", "--csv", arg(&won)]);
    catalogue(&["--seeds", "0..12", "--winnable", "--json", arg(&json)]);
    let all = read(&all, &Games::new()).unwrap();
    let won_rows = read(&won, &Games::new()).unwrap();
    let expected: Vec<_> = all
        .iter()
        .filter(|r| r.verdict == Thoughtful::Solved)
        .cloned()
        .collect();
    assert!(!expected.is_empty() && expected.len() < all.len());
    assert_eq!(won_rows, expected);
    let from_json: Vec<patience::internal::batch::grade::DealRow> =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(from_json, expected);
    let lost = dir.path().join("lost.csv");
    catalogue(&[
        "--seeds",
        "0..12",
        "--grade",
        "not-winnable",
        "--csv",
        arg(&lost),
    ]);
    let lost = read(&lost, &Games::new()).unwrap();
    assert!(!lost.is_empty() && lost.iter().all(|r| r.grade == Grade::NotWinnable));
}

/// The published catalogues.
fn published() -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogues");
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .expect("catalogues/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .map(|p| (p.file_stem().unwrap().to_str().unwrap().to_string(), p))
        .collect();
    files.sort();
    files
}

#[test]
fn published_catalogues_hold_pysolfc_numbers_from_1_in_order() {
    let files = published();
    for game in ["stonewall", "lucky-piles", "napoleons-shoulder"] {
        assert!(
            files.iter().any(|(g, _)| g == game),
            "no catalogue of {game}"
        );
    }
    for (game, path) in &files {
        let rows = read(path, &Games::new()).unwrap();
        let seeds: Vec<u128> = rows.iter().map(|r| r.seed).collect();
        // Numbers 1 to N, each once, in order (docs/catalogues.md gives each file's N).
        assert!(rows.len() >= 100, "{game}: {} rows", rows.len());
        assert_eq!(
            seeds,
            (1..=rows.len() as u128).collect::<Vec<_>>(),
            "{game}"
        );
        let rules = patience::games::find(game).unwrap();
        assert!(
            patience::internal::pysol::pysol_game(rules).is_ok(),
            "{game}"
        );
        // The grade written in the file (`read` grades each row again, so the cell is read
        // apart) is the one its other columns give.
        let mut raw = csv::Reader::from_path(path).unwrap();
        let at = raw.headers().unwrap().iter().position(|h| h == "grade");
        let cells: Vec<String> = raw
            .records()
            .map(|rec| rec.unwrap()[at.unwrap()].to_string())
            .collect();
        assert_eq!(cells.len(), rows.len(), "{game}");
        for (r, cell) in rows.iter().zip(&cells) {
            assert_eq!(
                (r.variant.as_str(), r.source),
                (game.as_str(), DealSource::Pysol)
            );
            assert_eq!(cell, grade(r).word(), "{}", r.deal_text());
        }
        // A file made at the solver's default budget grades at least 95% of its winnable
        // deals (issue 67's bar).
        if rows
            .iter()
            .all(|r| r.max_nodes == patience::Options::DEFAULT_MAX_NODES)
        {
            let winnable = rows.iter().filter(|r| r.verdict == Thoughtful::Solved);
            let (n, graded) = winnable.fold((0, 0), |(n, g), r| {
                (n + 1, g + usize::from(r.grade != Grade::Unknown))
            });
            assert!(
                20 * graded >= 19 * n,
                "{game}: {graded} of {n} winnable graded"
            );
        }
    }
}

/// The play thresholds of each game with a published catalogue made with `plays` are the
/// quantiles its rows measure (docs/difficulty.md, "The thresholds, measured").
#[test]
fn play_thresholds_are_the_quantiles_of_the_published_catalogues() {
    use patience::internal::batch::grade::{Measure, measured_thresholds, thresholds};
    let mut checked = 0;
    for (game, path) in published() {
        let rows = read(&path, &Games::new()).unwrap();
        if !rows.iter().any(|r| r.plays.is_some()) {
            continue;
        }
        assert_eq!(
            measured_thresholds(&rows, &Games::new()).map(|(_, t)| t),
            thresholds(&game, Measure::Play),
            "{game}"
        );
        checked += 1;
    }
    assert_eq!(checked, 7, "catalogues made with plays");
}

#[test]
fn every_deal_a_published_catalogue_calls_winnable_replays_to_a_win() {
    for (game, path) in published() {
        let rows = read(&path, &Games::new()).unwrap();
        let won: Vec<_> = rows
            .iter()
            .filter(|r| r.verdict == Thoughtful::Solved)
            .collect();
        // Every winnable row of the file, replayed on its deal by the library's rules check.
        for r in &won {
            let record = Record::new(
                patience::games::find(&r.variant).unwrap().id,
                r.seed,
                Answer::Won {
                    moves: r.moves.unwrap(),
                },
                r.nodes,
                0.0,
            )
            .with_source(DealSource::Pysol);
            let record = Record {
                solution: r.solution.as_deref().map(Into::into),
                ..record
            };
            patience::internal::batch::verify::replay(&record, &Games::new())
                .unwrap_or_else(|e| panic!("{}: {e}", r.deal_text()));
        }
        // A sample of them through `patience check`.
        let step = (won.len() / 4).max(1);
        for r in won.iter().step_by(step) {
            let out = patience()
                .args(["check", &game, "--pysol", &r.seed.to_string(), "-"])
                .write_stdin(r.solution.clone().unwrap())
                .output()
                .unwrap();
            assert_eq!(stdout_of(&out).trim(), "won", "{}", r.deal_text());
        }
    }
}

#[test]
fn published_wins_replay_on_pysolfc_own_deals() {
    // tests/data/pysol holds PySolFC's deals of some numbers, written by PySolFC itself: a
    // published win of such a number must win PySolFC's own cards.
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pysol");
    let mut checked = 0;
    for (game, path) in published() {
        for r in read(&path, &Games::new()).unwrap() {
            let deal = golden.join(&game).join(format!("{}.json", r.seed));
            let Some(solution) = r.solution.filter(|_| deal.exists()) else {
                continue;
            };
            let out = patience()
                .args(["check", &game, "--deal", arg(&deal), "-"])
                .write_stdin(solution)
                .output()
                .unwrap();
            assert_eq!(stdout_of(&out).trim(), "won", "{game} {}", r.seed);
            checked += 1;
        }
    }
    assert!(checked > 0, "no published win of a golden number");
}

/// The budgets written in every row of every published catalogue are `catalogue`'s defaults
/// for its game: the thoughtful and probe budgets, and the planner's (with its other games)
/// where it played.
#[test]
fn the_default_budgets_of_catalogue_are_those_of_each_published_file() {
    use patience::internal::batch::difficulty::defaults;
    let games = Games::new();
    for (game, path) in published() {
        let rows = read(&path, &games).unwrap_or_else(|e| panic!("{e}"));
        let d = defaults(&game);
        let mut planned = 0;
        for r in &rows {
            assert_eq!(
                (r.max_nodes, r.probe_nodes),
                (d.max_nodes, d.probe_nodes),
                "{game} {}",
                r.seed
            );
            if let Some(s) = r.samples {
                assert_eq!(
                    (s, r.sample_nodes, r.plays.unwrap_or(0)),
                    (d.samples, Some(d.sample_nodes), d.plays),
                    "{game} {}",
                    r.seed
                );
                planned += 1;
            }
        }
        let hides = !matches!(
            game.as_str(),
            "lucky-piles" | "lucky-piles-same-suit" | "flower-garden" | "wildflower"
        );
        assert_eq!(
            planned > 0,
            hides,
            "{game}: {planned} rows the planner played"
        );
    }
}

/// `catalogue GAME` without budget flags writes the budgets of the game's published file: the
/// default thoughtful budget in both, with the planner's other games, the larger planner in
/// Stonewall and the smaller one in Klondike draw 3.
#[test]
fn catalogue_without_budget_flags_measures_as_the_published_file() {
    let dir = tempdir();
    for (game, number, samples, max_nodes, plays) in [
        ("stonewall", 2, "8,300", "10000000", "8"),
        ("klondike-draw3", 3, "4,100", "10000000", "8"),
    ] {
        let csv = dir.path().join(format!("{game}.csv"));
        let range = format!("{number}..{}", number + 1);
        catalogue_of(
            game,
            &["--pysol", &range, "--threads", "1", "--csv", arg(&csv)],
        );
        let text = std::fs::read_to_string(&csv).unwrap();
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let row: Vec<&str> = lines.next().unwrap().split(',').collect();
        let col = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
        assert_eq!(col("hidden_by"), "planner", "{game} {number}: {text}");
        assert_eq!(
            format!("{},{}", col("samples"), col("sample_nodes")),
            samples,
            "{game}"
        );
        assert_eq!(
            (col("max_nodes"), col("probe_nodes"), col("plays")),
            (max_nodes, "500", plays),
            "{game}"
        );
    }
}
