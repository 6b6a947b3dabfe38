//! `patience winrate` and `patience merge`: the summary against the CSV rows, determinism over
//! thread counts, resuming after a damaged last line, shards merged, several variants, bad
//! arguments, Ctrl-C; `patience compare`.

use crate::common::{arg, refused, run, stderr_of, stdout_of, tempdir, write_file};
use serde_json::Value;
use std::path::Path;

const HEADER: &str = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes,planner,source,solution,cards_up";

/// The arguments as `&str`s.
fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Runs `patience args`, expects success and JSON on stdout.
fn run_json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// The rows of a result file (after checking its header), each as its 14 fields.
fn rows(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.ends_with('\n'), "{text}");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER));
    lines
        .map(|l| {
            let f: Vec<String> = l.split(',').map(str::to_string).collect();
            assert_eq!(f.len(), 14, "{l}");
            f
        })
        .collect()
}

/// The rows sorted by variant and seed, without the `seconds` column.
fn results(path: &Path) -> Vec<Vec<String>> {
    let mut r: Vec<Vec<String>> = rows(path)
        .into_iter()
        .map(|mut f| {
            f.remove(6);
            f
        })
        .collect();
    r.sort_by_key(|f| (f[0].clone(), f[1].parse::<u64>().unwrap()));
    r
}

/// Nearest-rank percentile of sorted values.
fn rank<T: Copy>(sorted: &[T], p: usize) -> T {
    sorted[(p * sorted.len()).div_ceil(100).max(1) - 1]
}

/// The counts and node quantiles of a summary, to compare runs (seconds vary).
fn counts(v: &Value) -> Vec<Value> {
    [
        "variant", "deals", "won", "lost", "unknown", "nodes", "wilson95",
    ]
    .iter()
    .map(|k| v[k].clone())
    .collect()
}

#[test]
fn the_summary_agrees_with_the_csv_and_threads_do_not_change_results() {
    let dir = tempdir();
    let (one, two) = (dir.path().join("one.csv"), dir.path().join("two.csv"));
    let base = [
        "winrate",
        "stonewall",
        "--deals",
        "30",
        "--first-seed",
        "100",
        "--max-nodes",
        "20000",
        "--json",
        "--quiet",
    ];
    let s1 = run_json(&[&base[..], &["--threads", "1", "--csv", arg(&one)]].concat());
    let s2 = run_json(&[&base[..], &["--threads", "2", "--csv", arg(&two)]].concat());
    assert_eq!(results(&one), results(&two), "thread count changed results");
    assert_eq!(
        counts(&s1["variants"][0]),
        counts(&s2["variants"][0]),
        "{s1} {s2}"
    );

    let rows = rows(&two);
    let mut seeds: Vec<u64> = rows.iter().map(|f| f[1].parse().unwrap()).collect();
    seeds.sort();
    assert_eq!(seeds, (100..130).collect::<Vec<_>>());
    let count = |verdict: &str| rows.iter().filter(|f| f[3] == verdict).count() as u64;
    let s = &s2["variants"][0];
    assert_eq!(s["variant"], "stonewall");
    assert_eq!(s["knowledge"], "thoughtful");
    assert_eq!(s["deals"], 30);
    assert_eq!(s["won"], count("solved"));
    assert_eq!(s["lost"], count("unsolvable"));
    assert_eq!(s["unknown"], count("unknown"));
    for f in &rows {
        assert_eq!(f[2], "thoughtful");
        match f[3].as_str() {
            "solved" => assert!(f[4].parse::<u32>().unwrap() > 0 && f[7].is_empty(), "{f:?}"),
            "unsolvable" => assert!(f[4].is_empty() && f[7].is_empty(), "{f:?}"),
            "unknown" => assert!(f[4].is_empty() && f[7] == "nodes", "{f:?}"),
            v => panic!("verdict {v}"),
        }
    }
    let mut nodes: Vec<u64> = rows.iter().map(|f| f[5].parse().unwrap()).collect();
    nodes.sort();
    assert_eq!(s["nodes"]["median"], rank(&nodes, 50));
    assert_eq!(s["nodes"]["p90"], rank(&nodes, 90));
    assert_eq!(s["nodes"]["p99"], rank(&nodes, 99));
    assert_eq!(s["nodes"]["max"], *nodes.last().unwrap());
    let mut secs: Vec<f64> = rows.iter().map(|f| f[6].parse().unwrap()).collect();
    secs.sort_by(f64::total_cmp);
    assert_eq!(s["seconds"]["median"].as_f64().unwrap(), rank(&secs, 50));
    assert_eq!(s["seconds"]["max"].as_f64().unwrap(), *secs.last().unwrap());
    // The Wilson interval: unknowns lost for the low end, won for the high end.
    let (w, u) = (count("solved") as f64, count("unknown") as f64);
    let (lo, hi) = (
        s["wilson95"]["low"].as_f64().unwrap(),
        s["wilson95"]["high"].as_f64().unwrap(),
    );
    assert!(
        lo <= w / 30.0 && (w + u) / 30.0 <= hi && hi - lo < 0.5,
        "{s}"
    );
    assert!(s["deals_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(s["limits"]["max_nodes"], 20000);
    assert_eq!(s2["limits"]["threads"], 2);
    assert_eq!(s2["interrupted"], false);
}

#[test]
fn resume_cuts_a_damaged_last_line_and_finishes_the_run() {
    let dir = tempdir();
    let (full, cut) = (dir.path().join("full.csv"), dir.path().join("cut.csv"));
    let args = |csv: &Path| -> Vec<String> {
        [
            "winrate",
            "stonewall",
            "--seeds",
            "0..20",
            "--max-nodes",
            "20000",
            "--json",
            "--quiet",
            "--csv",
            arg(csv),
        ]
        .map(str::to_string)
        .to_vec()
    };
    let whole = run_json(&strs(&args(&full)));

    // A run interrupted after 12 rows, the last of them cut short.
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let damaged_seed = lines[12].split(',').nth(1).unwrap().to_string();
    let mut partial = lines[..12].join("\n");
    partial.push('\n');
    partial.push_str(&lines[12][..lines[12].len() - 5]);
    std::fs::write(&cut, &partial).unwrap();

    let mut resume = args(&cut);
    resume.push("--resume".into());
    let (code, out, err) = run(&strs(&resume));
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("line 13 was damaged") && err.contains(&format!("seed {damaged_seed}")),
        "{err}"
    );
    assert_eq!(results(&cut), results(&full));
    let resumed: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        counts(&resumed["variants"][0]),
        counts(&whole["variants"][0])
    );
    assert_eq!(resumed["variants"][0]["deals_run"], 9, "{resumed}");

    // Resuming a finished file solves nothing and gives the same summary.
    let (code, out, err) = run(&strs(&resume));
    assert_eq!(code, 0, "{err}");
    let again: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(again["variants"][0]["deals_run"], 0);
    assert_eq!(counts(&again["variants"][0]), counts(&whole["variants"][0]));
    assert_eq!(results(&cut), results(&full));

    // A damaged line that is not the last is not repaired.
    let mut bad = std::fs::read_to_string(&cut).unwrap();
    bad.insert_str(HEADER.len() + 1, "stonewall,99,thoughtful,sol\n");
    let bad_file = write_file(dir.path(), "bad.csv", &bad);
    let mut resume_bad = args(&bad_file);
    resume_bad.push("--resume".into());
    let err = refused(&strs(&resume_bad));
    assert!(err.contains("line 2"), "{err}");

    // A file of another variant is refused, and left alone.
    let err = refused(&[
        "winrate",
        "lucky-piles",
        "--deals",
        "5",
        "--quiet",
        "--csv",
        arg(&cut),
        "--resume",
    ]);
    assert!(err.contains("stonewall"), "{err}");
    assert_eq!(results(&cut), results(&full));
    // Without --resume an existing file is not overwritten.
    let err = refused(&["winrate", "stonewall", "--deals", "5", "--csv", arg(&cut)]);
    assert!(err.contains("--resume"), "{err}");
}

#[test]
fn shards_merged_equal_the_unsharded_run() {
    let dir = tempdir();
    let p = |name: &str| dir.path().join(name);
    let base = [
        "winrate",
        "stonewall",
        "--deals",
        "24",
        "--first-seed",
        "7",
        "--max-nodes",
        "20000",
        "--quiet",
        "--json",
        "--csv",
    ];
    let all = run_json(&[&base[..], &[arg(&p("all.csv"))]].concat());
    let s0 = run_json(&[&base[..], &[arg(&p("s0.csv")), "--shard", "0/2"]].concat());
    let s1 = run_json(&[&base[..], &[arg(&p("s1.csv")), "--shard", "1/2"]].concat());
    assert_eq!(s0["variants"][0]["deals"], 12);
    assert_eq!(s1["variants"][0]["deals"], 12);
    let shard0: Vec<u64> = rows(&p("s0.csv"))
        .iter()
        .map(|f| f[1].parse().unwrap())
        .collect();
    assert!(shard0.iter().all(|s| (s - 7) % 2 == 0), "{shard0:?}");

    let merged = run_json(&[
        "merge",
        arg(&p("s0.csv")),
        arg(&p("s1.csv")),
        "--csv",
        arg(&p("merged.csv")),
        "--json",
    ]);
    assert_eq!(
        counts(&merged["variants"][0]),
        counts(&all["variants"][0]),
        "{merged}\n{all}"
    );
    assert_eq!(merged["variants"][0]["limits"], Value::Null);
    assert_eq!(results(&p("merged.csv")), results(&p("all.csv")));
    // The merged file is sorted by seed.
    let seeds: Vec<u64> = rows(&p("merged.csv"))
        .iter()
        .map(|f| f[1].parse().unwrap())
        .collect();
    assert_eq!(seeds, (7..31).collect::<Vec<_>>());

    // The text summary: a header and one row.
    let (code, text, _) = run(&["merge", arg(&p("s0.csv")), arg(&p("s1.csv"))]);
    assert_eq!(code, 0);
    let first: Vec<&str> = text.lines().take(2).collect();
    assert!(
        first[0].starts_with("variant") && first[0].contains("95% interval"),
        "{text}"
    );
    assert!(first[1].starts_with("stonewall "), "{text}");

    // The same shard twice (run again, or copied): identical rows kept once, with a note.
    // (One file named twice is refused.)
    std::fs::copy(p("s0.csv"), p("s0-again.csv")).unwrap();
    let (code, out, err) = run(&[
        "merge",
        arg(&p("s0.csv")),
        arg(&p("s0-again.csv")),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("duplicated"), "{err}");
    let twice: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(twice["variants"][0]["deals"], 12);
    // A deal with two different results is refused.
    let text = std::fs::read_to_string(p("s0.csv")).unwrap();
    let line = text.lines().nth(1).unwrap();
    let mut f: Vec<&str> = line.split(',').collect();
    let nodes = (f[5].parse::<u64>().unwrap() + 1).to_string();
    f[5] = &nodes;
    let other = write_file(
        dir.path(),
        "other.csv",
        &format!("{HEADER}\n{}\n", f.join(",")),
    );
    let err = refused(&["merge", arg(&p("s0.csv")), arg(&other)]);
    assert!(err.contains("two different results"), "{err}");
    // A cut file is refused by merge (winrate --resume repairs it).
    let cut = write_file(dir.path(), "cut.csv", &text[..text.len() - 3]);
    let err = refused(&["merge", arg(&cut)]);
    assert!(err.contains("--resume"), "{err}");
}

/// `winrate --retry` solves again only the unknown deals of a file, and `merge` puts the new
/// verdicts in their place: the same verdicts and counts as one run at the larger budget.
#[test]
fn retried_unknown_deals_merged_equal_one_run_at_the_larger_budget() {
    let dir = tempdir();
    let p = |name: &str| dir.path().join(name);
    let seeds = [
        "winrate",
        "stonewall",
        "--deals",
        "24",
        "--first-seed",
        "7",
        "--quiet",
    ];
    let small_csv = p("small.csv");
    let small = run_json(
        &[
            &seeds[..],
            &["--max-nodes", "300", "--json", "--csv", arg(&small_csv)],
        ]
        .concat(),
    );
    let unknown = small["variants"][0]["unknown"].as_u64().unwrap();
    assert!(unknown >= 3, "{small}");
    let retry = run_json(&[
        "winrate",
        "stonewall",
        "--retry",
        arg(&p("small.csv")),
        "--max-nodes",
        "20000",
        "--quiet",
        "--json",
        "--csv",
        arg(&p("retry.csv")),
    ]);
    assert_eq!(
        retry["variants"][0]["deals"].as_u64(),
        Some(unknown),
        "{retry}"
    );
    assert!(
        retry["scope"]
            .as_str()
            .unwrap()
            .contains("records as unknown"),
        "{retry}"
    );
    let big_csv = p("big.csv");
    let big = run_json(
        &[
            &seeds[..],
            &["--max-nodes", "20000", "--json", "--csv", arg(&big_csv)],
        ]
        .concat(),
    );
    let (code, out, err) = run(&[
        "merge",
        arg(&p("small.csv")),
        arg(&p("retry.csv")),
        "--json",
        "--csv",
        arg(&p("merged.csv")),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("unknown row"), "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    for key in ["deals", "won", "lost", "unknown", "wilson95"] {
        assert_eq!(
            merged["variants"][0][key], big["variants"][0][key],
            "{key}: {merged}\n{big}"
        );
    }
    // The same verdict per deal (a deal decided at the small budget keeps its row from there,
    // whose node count differs from the big run's).
    let verdicts = |path: &Path| -> Vec<Vec<String>> {
        results(path).into_iter().map(|f| f[..4].to_vec()).collect()
    };
    assert_eq!(verdicts(&p("merged.csv")), verdicts(&big_csv));
    let retried: Vec<Vec<String>> = results(&p("retry.csv"));
    assert!(retried.iter().any(|f| f[3] != "unknown"), "{retried:?}");

    // A file with no unknown deal leaves nothing to retry; hidden play has no unknown verdict;
    // --retry names its own seeds, so --deals is refused beside it.
    let text = std::fs::read_to_string(&big_csv).unwrap();
    let decided: String = text
        .lines()
        .filter(|l| !l.contains(",unknown,"))
        .map(|l| format!("{l}\n"))
        .collect();
    let decided = write_file(dir.path(), "decided.csv", &decided);
    let err = refused(&["winrate", "stonewall", "--retry", arg(&decided), "-q"]);
    assert!(err.contains("nothing to solve again"), "{err}");
    let err = refused(&[
        "winrate",
        "stonewall",
        "--retry",
        arg(&p("small.csv")),
        "--knowledge",
        "hidden",
        "-q",
    ]);
    assert!(err.contains("thoughtful"), "{err}");
    let err = refused(&[
        "winrate",
        "stonewall",
        "--retry",
        arg(&p("small.csv")),
        "--deals",
        "5",
    ]);
    assert!(err.contains("--deals"), "{err}");
}

#[test]
fn several_variants_side_by_side() {
    let dir = tempdir();
    let csv = dir.path().join("both.csv");
    let args = [
        "winrate",
        "stonewall",
        "lucky-piles",
        "--deals",
        "10",
        "--max-nodes",
        "20000",
        "--quiet",
        "--csv",
        arg(&csv),
    ];
    let (code, text, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("variant"), "{text}");
    assert!(lines[1].starts_with("stonewall "), "{text}");
    assert!(lines[2].starts_with("lucky-piles "), "{text}");
    assert!(text.contains("knowledge thoughtful"), "{text}");
    assert!(text.contains("--max-nodes 20000"), "{text}");
    let r = results(&csv);
    assert_eq!(r.len(), 20);
    assert_eq!(r.iter().filter(|f| f[0] == "lucky-piles").count(), 10);
    // Resuming with the same variants runs nothing; the summary is read back from the file.
    let json = run_json(&[&args[..], &["--resume", "--json"]].concat());
    let v = json["variants"].as_array().unwrap();
    assert_eq!(v.len(), 2);
    assert_eq!(v[1]["variant"], "lucky-piles");
    assert_eq!(v[1]["deals"], 10);
    assert_eq!(v[0]["deals_run"], 0);
}

#[test]
fn bad_arguments_are_refused_in_one_line() {
    let err = refused(&["winrate", "stonewall", "--shard", "2/2"]);
    assert!(err.contains("--shard"), "{err}");
    let err = refused(&["winrate", "stonewall", "--seeds", "5..3"]);
    assert!(err.contains("empty"), "{err}");
    let err = refused(&["winrate", "stonewall", "klondikey"]);
    assert!(
        err.contains("klondikey") && err.contains("known variants"),
        "{err}"
    );
    refused(&["winrate", "stonewall", "--resume"]);
    refused(&["winrate", "stonewall", "--deals", "0"]);
    refused(&["winrate", "stonewall", "--seeds", "0..5", "--deals", "5"]);
    refused(&["winrate", "stonewall", "--threads", "0"]);
    refused(&["winrate", "stonewall", "stonewall"]);
    refused(&["winrate"]);
    refused(&["winrate", "stonewall", "--seeds", "0..3", "--shard", "3/4"]);
    let err = refused(&["merge", "/nonexistent/x.csv"]);
    assert!(err.contains("/nonexistent/x.csv"), "{err}");
    let dir = tempdir();
    let junk = write_file(dir.path(), "junk.csv", "a,b\n1,2\n");
    let err = refused(&["merge", arg(&junk)]);
    assert!(err.contains("not a result file"), "{err}");
}

/// `--prune-off` switches single rules off and the summary says which; an unknown rule is refused.
/// Klondike with the settled rule, talon plays and the loose tableau off gives the same verdicts
/// (the rules change speed, never verdicts; seeds 10 and 11 are decided at this budget either
/// way; with the loose tableau left on, the exact search runs alone and seed 11 is not).
#[test]
fn prune_off_is_named_in_the_summary_and_unknown_rules_are_refused() {
    let base = [
        "winrate",
        "klondike",
        "--seeds",
        "10..12",
        "--max-nodes",
        "200000",
        "--json",
    ];
    let on = run_json(&base);
    assert_eq!(on["limits"]["prune"], "on", "{on}");
    let mut args = base.to_vec();
    args.extend(["--prune-off", "talon,safe,loose"]);
    let off = run_json(&args);
    assert_eq!(
        off["limits"]["prune"], "on except talon,safe,loose",
        "{off}"
    );
    let counts = |v: &Value| {
        ["won", "lost", "unknown"].map(|k| v["variants"][0][k].as_u64().unwrap_or(u64::MAX))
    };
    assert_eq!(counts(&on), counts(&off), "{on}\n{off}");
    assert_eq!(counts(&on)[2], 0, "{on}");
    let err = refused(&["winrate", "klondike", "--prune-off", "queens"]);
    assert!(err.contains("queens"), "{err}");
}

/// `--prune-off kings,blocks`: Lucky Thirteen seeds 0..5 each have a King stuck on a card its
/// suit needs first, so the stuck-Kings rule proves them lost at once, and so does the
/// blocked-cards test (in one deck it sees stuck Kings too) when the first is off; without both
/// the search finds no end at this budget.
#[test]
fn prune_off_kings_leaves_stuck_kings_to_the_search() {
    let base = [
        "winrate",
        "lucky-thirteen",
        "--seeds",
        "0..5",
        "--max-nodes",
        "20000",
        "--json",
    ];
    let counts = |v: &Value| {
        ["won", "lost", "unknown"].map(|k| v["variants"][0][k].as_u64().unwrap_or(u64::MAX))
    };
    let on = run_json(&base);
    assert_eq!(counts(&on), [0, 5, 0], "{on}");
    let with = |rules: &str| {
        let mut args = base.to_vec();
        args.extend(["--prune-off", rules]);
        run_json(&args)
    };
    let kings = with("kings");
    assert_eq!(kings["limits"]["prune"], "on except kings", "{kings}");
    assert_eq!(counts(&kings), [0, 5, 0], "{kings}");
    let both = with("kings,blocks");
    assert_eq!(both["limits"]["prune"], "on except kings,blocks", "{both}");
    assert_eq!(counts(&both), [0, 0, 5], "{both}");
}

/// Ctrl-C (SIGINT): the run stops, every finished row is whole, the summary of those is
/// printed and says it was interrupted (exit status 1); `--resume` then finishes the run.
#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_finished_rows() {
    use std::time::{Duration, Instant};
    let dir = tempdir();
    let csv = dir.path().join("int.csv");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_patience"))
        .args([
            "winrate",
            "stonewall",
            "--deals",
            "100000",
            "--max-nodes",
            "20000",
            "--threads",
            "2",
            "--quiet",
            "--json",
            "--csv",
            arg(&csv),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while std::fs::read_to_string(&csv).map_or(0, |t| t.lines().count()) < 6 {
        assert!(t0.elapsed() < Duration::from_secs(30), "no rows written");
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    let summary: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(summary["interrupted"], true);
    let rows = rows(&csv);
    assert!(rows.len() >= 5 && rows.len() < 100_000, "{}", rows.len());
    assert_eq!(summary["variants"][0]["deals"], rows.len() as u64);
}

/// A thoughtful result file of the first format (8 columns) is continued in its columns.
#[test]
fn a_thoughtful_file_of_the_first_format_is_continued_in_it() {
    let dir = tempdir();
    let v1 = write_file(
        dir.path(),
        "v1.csv",
        "variant,seed,knowledge,verdict,moves,nodes,seconds,limit\nstonewall,0,thoughtful,unknown,,7,0.1,nodes\n",
    );
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--seeds",
        "0..3",
        "--max-nodes",
        "2000",
        "--csv",
        arg(&v1),
        "--resume",
    ]);
    assert!(code <= 1, "{err}");
    let text = std::fs::read_to_string(&v1).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.lines().all(|l| l.split(',').count() == 8), "{text}");
    assert!(
        text.contains("stonewall,0,thoughtful,unknown,,7,0.1,nodes\n"),
        "{text}"
    );
}

/// Columns are found by name: a file with columns of its own is read and continued in its
/// columns; a file without a required column is refused, naming it.
#[test]
fn result_files_are_read_by_column_name() {
    let dir = tempdir();
    let own = write_file(
        dir.path(),
        "own.csv",
        "note,variant,seed,knowledge,verdict,moves,nodes,seconds,limit
hello,stonewall,0,thoughtful,unknown,,7,0.1,nodes
",
    );
    let v = run_json(&["merge", arg(&own), "--json"]);
    assert_eq!(v["variants"][0]["unknown"], 1, "{v}");
    let (code, _, err) = run(&[
        "winrate",
        "stonewall",
        "--seeds",
        "0..2",
        "--max-nodes",
        "2000",
        "--csv",
        arg(&own),
        "--resume",
    ]);
    assert!(code <= 1, "{err}");
    let text = std::fs::read_to_string(&own).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[2].starts_with(",stonewall,1,thoughtful,"), "{text}");
    assert!(lines.iter().all(|l| l.split(',').count() == 9), "{text}");
    let no_nodes = write_file(
        dir.path(),
        "no_nodes.csv",
        "variant,seed,knowledge,verdict,moves,seconds,limit
stonewall,0,thoughtful,unsolvable,,0.1,
",
    );
    let err = refused(&["merge", arg(&no_nodes)]);
    assert!(
        err.contains("not a result file") && err.contains("no \"nodes\" column"),
        "{err}"
    );
}

/// A result file of the given rows (after the header).
fn result_file(dir: &Path, name: &str, rows: &[&str]) -> std::path::PathBuf {
    let mut text = format!("{HEADER}\n");
    for r in rows {
        text.push_str(r);
        text.push('\n');
    }
    write_file(dir, name, &text)
}

#[test]
fn compare_pairs_two_files_deal_by_deal() {
    let dir = tempdir();
    // A: thoughtful, seeds 0..=5. B: hidden, seeds 1..=6 (5 in common: 1..=5).
    let a = result_file(
        dir.path(),
        "a.csv",
        &[
            "stonewall,0,thoughtful,solved,80,100,0.1,,,,",
            "stonewall,1,thoughtful,solved,80,100,0.1,,,,",
            "stonewall,2,thoughtful,unsolvable,,200,0.2,,,,",
            "stonewall,3,thoughtful,unknown,,1000,0.3,nodes,,,",
            "stonewall,4,thoughtful,unknown,,1000,0.4,nodes,,,",
            "stonewall,5,thoughtful,solved,90,100,0.5,,,,",
        ],
    );
    let b = result_file(
        dir.path(),
        "b.csv",
        &[
            "stonewall,1,hidden,solved,85,5000,1.0,,128,2000,8",
            "stonewall,2,hidden,unsolvable,,5000,2.0,,128,2000,8",
            "stonewall,3,hidden,solved,85,5000,3.0,,128,2000,8",
            "stonewall,4,hidden,unsolvable,,5000,4.0,,128,2000,8",
            "stonewall,5,hidden,unsolvable,,5000,5.0,,128,2000,8",
            "stonewall,6,hidden,solved,85,5000,6.0,,128,2000,8",
        ],
    );
    let v = run_json(&["compare", arg(&a), arg(&b), "--json"]);
    assert_eq!(v["common_deals"], 5, "{v}");
    assert_eq!(
        (v["first_seed"].clone(), v["last_seed"].clone()),
        (1.into(), 5.into())
    );
    assert_eq!(v["table"]["solved"]["solved"], 1);
    assert_eq!(v["table"]["solved"]["unsolvable"], 1);
    assert_eq!(v["table"]["unsolvable"]["unsolvable"], 1);
    assert_eq!(v["table"]["unknown"]["solved"], 1);
    assert_eq!(v["table"]["unknown"]["unsolvable"], 1);
    assert_eq!(
        (
            v["won_by_both"].clone(),
            v["won_by_a_only"].clone(),
            v["won_by_b_only"].clone()
        ),
        (1.into(), 1.into(), 1.into())
    );
    assert_eq!(v["sign_test_p"], 1.0);
    assert_eq!(v["won_by_either"], 3);
    // Every card known: seeds 1, 3, 5 won; 2 proved lost by the thoughtful row; 4 unknown
    // (its hidden loss proves nothing).
    let known = &v["every_card_known"];
    assert_eq!(
        (
            known["won"].clone(),
            known["lost"].clone(),
            known["unknown"].clone()
        ),
        (3.into(), 1.into(), 1.into()),
        "{v}"
    );
    assert_eq!(v["contradictions"], serde_json::json!([]));
    assert_eq!(v["identical"], 0);
    assert_eq!(v["b"]["planner"]["planner_revision"], 8);

    // The text says the same, and a file compared with itself is identical throughout.
    let (code, text, _) = run(&["compare", arg(&a), arg(&b)]);
    assert_eq!(code, 0);
    assert!(text.contains("5 deals in both, seeds 1..=5"), "{text}");
    assert!(
        text.contains("won by both 1, by A only 1, by B only 1"),
        "{text}"
    );
    assert!(
        text.contains("3 won, 1 proved lost (thoughtful rows), 1 unknown"),
        "{text}"
    );
    // Thoughtful against hidden rows: no line on identical searches.
    assert!(!text.contains("identical"), "{text}");
    // Seeds missing between the first and last in common are counted.
    let gappy = result_file(
        dir.path(),
        "gappy.csv",
        &[
            "stonewall,1,thoughtful,solved,80,100,0.1,,,,",
            "stonewall,3,thoughtful,unknown,,1000,0.3,nodes,,,",
        ],
    );
    let (_, text, _) = run(&["compare", arg(&a), arg(&gappy)]);
    assert!(
        text.contains("2 deals in both, seeds 1..=3 (1 seed in between not in both)"),
        "{text}"
    );
    let same = run_json(&["compare", arg(&a), arg(&a), "--json"]);
    assert_eq!(same["identical"], 6);
    let (_, text, _) = run(&["compare", arg(&a), arg(&a)]);
    assert!(
        text.contains("identical results (verdict, moves and nodes): 6 of 6"),
        "{text}"
    );
    assert_eq!(same["every_card_known"]["lost"], 1);
}

#[test]
fn compare_reports_a_contradiction_and_refuses_what_does_not_pair() {
    let dir = tempdir();
    let a = result_file(
        dir.path(),
        "a.csv",
        &[
            "stonewall,0,thoughtful,unsolvable,,100,0.1,,,,",
            "stonewall,1,thoughtful,solved,80,100,0.1,,,,",
        ],
    );
    // A hidden win on a deal proved unsolvable: one of the two files is wrong.
    let b = result_file(
        dir.path(),
        "b.csv",
        &["stonewall,0,hidden,solved,85,5000,1.0,,128,2000,8"],
    );
    let (code, text, _) = run(&["compare", arg(&a), arg(&b)]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("contradictions: 1 deal(s)") && text.contains("seeds 0"),
        "{text}"
    );
    // A hidden loss beside a thoughtful win is no contradiction.
    let c = result_file(
        dir.path(),
        "c.csv",
        &["stonewall,1,hidden,unsolvable,,5000,1.0,,128,2000,8"],
    );
    assert_eq!(run(&["compare", arg(&a), arg(&c)]).0, 0);

    let other = result_file(
        dir.path(),
        "other.csv",
        &["lucky-piles,0,thoughtful,solved,60,100,0.1,,,,"],
    );
    let err = refused(&["compare", arg(&a), arg(&other)]);
    assert!(err.contains("one game"), "{err}");
    let apart = result_file(
        dir.path(),
        "apart.csv",
        &["stonewall,9,thoughtful,solved,80,100,0.1,,,,"],
    );
    let err = refused(&["compare", arg(&a), arg(&apart)]);
    assert!(err.contains("no seed in common"), "{err}");
    let mixed = result_file(
        dir.path(),
        "mixed.csv",
        &[
            "stonewall,0,thoughtful,unsolvable,,100,0.1,,,,",
            "stonewall,1,hidden,solved,85,5000,1.0,,128,2000,8",
        ],
    );
    let err = refused(&["compare", arg(&mixed), arg(&a)]);
    assert!(err.contains("more than one kind"), "{err}");
}
