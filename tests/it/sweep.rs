//! Rule changes measured deal by deal (issue 58): `compare` across two games that deal alike,
//! and `sweep`, whose variants run on the same seeds into one CSV, each paired with the first.

use crate::common::{arg, refused, run, tempdir, write_file};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// A small budget: the tests pair verdicts, whatever they are.
const NODES: &str = "20000";

/// The rows of a result CSV as (variant, seed) -> every column but `seconds`, joined.
fn rows_of(path: &Path) -> BTreeMap<(String, u64), String> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (v, s, secs) = (col("variant"), col("seed"), col("seconds"));
    let mut rows = BTreeMap::new();
    for rec in reader.records() {
        let rec = rec.unwrap();
        let key = (rec[v].to_string(), rec[s].parse().unwrap());
        let rest: Vec<&str> = (0..rec.len())
            .filter(|&i| i != secs && i != v)
            .map(|i| &rec[i])
            .collect();
        assert!(
            rows.insert(key.clone(), rest.join(",")).is_none(),
            "{key:?} twice in {}",
            path.display()
        );
    }
    rows
}

/// Whether a row (as [`rows_of`] gives it) is a win.
fn won(row: &str) -> bool {
    row.contains(",solved,")
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// Runs `winrate GAME` on seeds 0..12 into `dir/name`.
fn winrate(dir: &Path, game: &str, name: &str) -> std::path::PathBuf {
    let csv = dir.join(name);
    let (code, _, err) = run(&[
        "winrate",
        game,
        "--seeds",
        "0..12",
        "--max-nodes",
        NODES,
        "--threads",
        "1",
        "--quiet",
        "--csv",
        arg(&csv),
    ]);
    assert_eq!(code, 0, "{err}");
    csv
}

#[test]
fn compare_pairs_two_games_that_deal_alike_and_refuses_others() {
    let dir = tempdir();
    let kings = write_file(
        dir.path(),
        "kings.toml",
        "id = \"sw-kings\"\nextends = \"stonewall\"\nspaces = \"kings\"\n",
    );
    let wider = write_file(
        dir.path(),
        "wider.toml",
        "id = \"sw-wider\"\nextends = \"stonewall\"\npiles = [6, 6, 6, 6, 6, 6, 1]\nreserve = 15\n",
    );
    let sw = winrate(dir.path(), "stonewall", "sw.csv");
    let k = winrate(dir.path(), arg(&kings), "kings.csv");
    let w = winrate(dir.path(), arg(&wider), "wider.csv");

    // Paired by hand: the same seeds, won under one rule only.
    let (a, b) = (rows_of(&sw), rows_of(&k));
    let at =
        |rows: &BTreeMap<(String, u64), String>, id: &str, s: u64| won(&rows[&(id.to_string(), s)]);
    let mut hand = [0u64; 3];
    for s in 0..12 {
        match (at(&a, "stonewall", s), at(&b, "sw-kings", s)) {
            (true, true) => hand[0] += 1,
            (true, false) => hand[1] += 1,
            (false, true) => hand[2] += 1,
            _ => {}
        }
    }
    // The rule change costs some deals on these seeds: the test pairs something.
    assert!(hand[1] + hand[2] > 0, "{hand:?}");
    let v = json(&[
        "compare",
        arg(&sw),
        arg(&k),
        "--rules",
        arg(&kings),
        "--json",
    ]);
    let got = ["won_by_both", "won_by_a_only", "won_by_b_only"].map(|f| v[f].as_u64().unwrap());
    assert_eq!(got, hand, "{v}");
    assert_eq!(v["common_deals"], 12);
    assert_eq!(v["same_rules"], false);
    assert_eq!(v["b"]["variant"], "sw-kings");
    assert_eq!(v["rates"][0]["won"], hand[0] + hand[1]);
    assert_eq!(v["rates"][1]["won"], hand[0] + hand[2]);
    // No contradiction across rules: the keys that say what one game's two files prove are out.
    assert!(
        v.get("contradictions").is_none() && v.get("every_card_known").is_none(),
        "{v}"
    );
    let (code, text, err) = run(&["compare", arg(&sw), arg(&k), "--rules", arg(&kings)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("stonewall (Stonewall)") && text.contains("sw-kings"),
        "{text}"
    );
    assert!(
        text.contains("deal the same cards for the same seed"),
        "{text}"
    );
    let line = format!(
        "won by both {}, by A only {}, by B only {}",
        hand[0], hand[1], hand[2]
    );
    assert!(text.contains(&line), "{text}");
    assert!(!text.contains("contradictions:"), "{text}");

    // One more pile and one reserve card fewer: other cards in other places, refused.
    let err = refused(&["compare", arg(&sw), arg(&w), "--rules", arg(&wider)]);
    assert!(
        err.contains("piles: 6 piles of 6 and [6, 6, 6, 6, 6, 6, 1]")
            && err.contains("reserve: 16 and 15"),
        "{err}"
    );
    let err = refused(&[
        "compare",
        arg(&k),
        arg(&w),
        "--rules",
        arg(&kings),
        "--rules",
        arg(&wider),
    ]);
    assert!(err.contains("deal different cards"), "{err}");
}

/// The sweep's command line, on seeds 0..10 (or `seeds`), into `csv`.
fn sweep<'a>(csv: &'a str, seeds: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "sweep",
        "stonewall",
        "--vary",
        "spaces=any,kings",
        "--seeds",
        seeds,
        "--max-nodes",
        NODES,
        "--threads",
        "1",
        "--quiet",
        "--csv",
        csv,
    ];
    args.extend(more);
    args
}

#[test]
fn a_sweeps_rows_are_those_of_each_rules_file_run_by_hand() {
    let dir = tempdir();
    let csv = dir.path().join("sweep.csv");
    let (code, text, err) = run(&sweep(arg(&csv), "0..10", &[]));
    assert_eq!(code, 0, "{err}");
    let rows = rows_of(&csv);
    assert_eq!(rows.len(), 20);
    let ids = ["stonewall-spaces-any", "stonewall-spaces-kings"];
    for id in ids {
        let file = dir.path().join(format!("{id}.toml"));
        assert!(file.exists(), "{id}: {text}");
        let by_hand = dir.path().join(format!("{id}.csv"));
        let (code, _, err) = run(&[
            "winrate",
            arg(&file),
            "--seeds",
            "0..10",
            "--max-nodes",
            NODES,
            "--quiet",
            "--csv",
            arg(&by_hand),
        ]);
        assert_eq!(code, 0, "{err}");
        let mine: BTreeMap<_, _> = rows.iter().filter(|((v, _), _)| v == id).collect();
        let theirs = rows_of(&by_hand);
        assert_eq!(mine.len(), 10);
        assert_eq!(mine, theirs.iter().collect::<BTreeMap<_, _>>(), "{id}");
    }
    // The table's paired counts are those of the rows paired by hand: won by one only, and
    // of those, unknown under the other.
    let (mut first_only, mut this_only, mut unknown) = (0, 0, [0, 0]);
    for s in 0..10 {
        let row = |id: &str| &rows[&(id.to_string(), s)];
        let (a, b) = (row(ids[0]), row(ids[1]));
        match (won(a), won(b)) {
            (true, false) => {
                first_only += 1;
                unknown[0] += u64::from(b.contains(",unknown,"));
            }
            (false, true) => {
                this_only += 1;
                unknown[1] += u64::from(a.contains(",unknown,"));
            }
            _ => {}
        }
    }
    assert!(first_only + this_only > 0, "nothing to pair: {text}");
    let kings = text.lines().find(|l| l.starts_with(ids[1])).unwrap();
    // Columns are two spaces apart or more: variant, spaces, deals, won, lost, unknown, win %,
    // interval, first only, this only.
    let cells: Vec<&str> = kings
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(cells[1], "kings", "{text}");
    let cell = |n: u64, u: u64| match u {
        0 => n.to_string(),
        u => format!("{n} ({u})"),
    };
    assert_eq!(
        (cells[8].to_string(), cells[9].to_string()),
        (cell(first_only, unknown[0]), cell(this_only, unknown[1])),
        "{text}"
    );
    // The rules files beside the CSV let compare pair the variants' rows.
    let file = |id: &str, ext: &str| dir.path().join(format!("{id}.{ext}"));
    let v = json(&[
        "compare",
        arg(&file(ids[0], "csv")),
        arg(&file(ids[1], "csv")),
        "--rules",
        arg(&file(ids[0], "toml")),
        "--rules",
        arg(&file(ids[1], "toml")),
        "--json",
    ]);
    assert_eq!(
        (v["won_by_a_only"].clone(), v["won_by_b_only"].clone()),
        (first_only.into(), this_only.into()),
        "{v}"
    );
    let j = json(&sweep(arg(&dir.path().join("k.csv")), "0..10", &["--json"]));
    let paired = &j["variants"][1]["against_first"];
    assert_eq!(
        (paired["first_only"].clone(), paired["this_only"].clone()),
        (first_only.into(), this_only.into()),
        "{j}"
    );
    assert_eq!(paired["first_only_this_unknown"], unknown[0], "{j}");
    assert_eq!(paired["this_only_first_unknown"], unknown[1], "{j}");
    assert_eq!(j["variants"][0]["against_first"], Value::Null);
    assert_eq!(j["variants"][1]["settings"]["spaces"], "kings");
}

#[test]
fn a_sweep_resumes_a_cut_file_with_every_variant_and_seed_once() {
    let dir = tempdir();
    let whole = dir.path().join("whole.csv");
    let (code, _, err) = run(&sweep(arg(&whole), "0..8", &[]));
    assert_eq!(code, 0, "{err}");
    let want = rows_of(&whole);
    assert_eq!(want.len(), 16);
    // As a kill leaves it: some rows of the first variant, and a last line cut short.
    let text = std::fs::read_to_string(&whole).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut cut = lines[..4].join("\n");
    cut.push('\n');
    cut.push_str(&lines[4][..lines[4].len() / 2]);
    let part = write_file(dir.path(), "part.csv", &cut);
    let (code, _, err) = run(&sweep(arg(&part), "0..8", &["--resume"]));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("damaged"), "{err}");
    assert_eq!(rows_of(&part), want);
    // Resumed again: nothing to do, nothing written twice.
    let (code, text, err) = run(&sweep(arg(&part), "0..8", &["--resume"]));
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("stonewall-spaces-kings"), "{text}");
    assert_eq!(rows_of(&part), want);
    // Two shards, as winrate cuts them, hold every (variant, seed) once between them.
    let mut shards = BTreeMap::new();
    for k in ["0/2", "1/2"] {
        let f = dir.path().join(format!("shard{}.csv", &k[..1]));
        let (code, _, err) = run(&sweep(arg(&f), "0..8", &["--shard", k]));
        assert_eq!(code, 0, "{err}");
        for (key, row) in rows_of(&f) {
            assert!(shards.insert(key, row).is_none());
        }
    }
    assert_eq!(shards, want);
    // A rules file of another game where the sweep writes one is refused.
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    write_file(
        &other,
        "stonewall-spaces-kings.toml",
        "id = \"stonewall-spaces-kings\"\nextends = \"stonewall\"\n",
    );
    let err = refused(&sweep(arg(&other.join("s.csv")), "0..8", &[]));
    assert!(err.contains("stonewall-spaces-kings.toml exists"), "{err}");
}

#[test]
fn bad_vary_input_is_refused_in_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["--vary", "colour=red"], "unknown key `colour`"),
        (&["--vary", "spaces=sometimes"], "sometimes"),
        (
            &["--vary", "spaces=any", "--vary", "spaces=kings"],
            "varied once",
        ),
        (
            &["--vary", "stock=none", "--vary", "stock.passes=1"],
            "varied once",
        ),
        (&["--vary", "spaces="], "empty value"),
        (&["--vary", "spaces=any,,kings"], "empty value"),
        (&["--vary", "spaces=any,any"], "given twice"),
        (&["--vary", "spaces"], "KEY=V1"),
        (&["--vary", "decks=3"], "decks"),
        (&["--vary", "stock.passes=2"], "stock"),
    ];
    for (vary, says) in cases {
        let mut args = vec!["sweep", "stonewall", "--seeds", "0..2"];
        args.extend(*vary);
        let err = refused(&args);
        assert!(err.contains(says), "{vary:?}: {err}");
    }
    let err = refused(&["sweep", "stonewall", "--seeds", "0..2"]);
    assert!(err.contains("--vary"), "{err}");
    let err = refused(&[
        "sweep",
        "no-such-game",
        "--vary",
        "spaces=any",
        "--seeds",
        "0..2",
    ]);
    assert!(err.contains("no-such-game"), "{err}");
}
