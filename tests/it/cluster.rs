//! A run spread over machines (docs/cluster.md): `merge` of a directory of parts, checked
//! against the run's plan (`--seeds A..B --shards N`), and the page's recipes kept equal to
//! the scripts that CI runs (`.ci/cluster.sh`).

use crate::common::{arg, refused, run, tempdir};
use std::path::{Path, PathBuf};

/// The winrate of stonewall seeds 0..14 at a small budget, with `extra` arguments.
fn winrate(csv: &Path, extra: &[&str]) {
    let base = [
        "winrate",
        "stonewall",
        "--seeds",
        "0..14",
        "--max-nodes",
        "20000",
        "--quiet",
        "--csv",
        arg(csv),
    ];
    let (code, _, err) = run(&[&base[..], extra].concat());
    assert_eq!(code, 0, "{extra:?}: {err}");
}

/// A result file's lines after the header, sorted, without the `seconds` column.
fn results(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows: Vec<String> = text
        .lines()
        .skip(1)
        .map(|l| {
            let mut f: Vec<&str> = l.split(',').collect();
            f.remove(6);
            f.join(",")
        })
        .collect();
    rows.sort();
    rows
}

#[test]
fn merge_checks_the_parts_of_a_sharded_run_against_its_plan() {
    let dir = tempdir();
    let parts = dir.path().join("parts");
    std::fs::create_dir(&parts).unwrap();
    let part = |k: u64| parts.join(format!("part-{k}.csv"));
    let whole = dir.path().join("whole.csv");
    winrate(&whole, &[]);
    for k in 0..4 {
        winrate(&part(k), &["--shard", &format!("{k}/4")]);
    }
    let plan = ["--seeds", "0..14", "--shards", "4"];
    let merge = |out: &str, extra: &[&str]| {
        let out = dir.path().join(out);
        let args = [&["merge", arg(&parts), "--csv", arg(&out)][..], extra].concat();
        let (code, text, err) = run(&args);
        (code, text, err, out)
    };

    // The directory's parts, checked against the plan: the unsharded run, row for row.
    let (code, text, err, merged) = merge("merged.csv", &plan);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("14 rows merged from"), "{text}");
    assert_eq!(results(&merged), results(&whole));
    assert_eq!(results(&whole).len(), 14);

    // A part given twice (a copy in the directory) is refused with --shards; without it the
    // identical rows are kept once.
    let copy = parts.join("part-1-copy.csv");
    std::fs::copy(part(1), &copy).unwrap();
    let err = refused(&[&["merge", arg(&parts)][..], &plan].concat());
    assert!(err.contains("both hold shard 1/4"), "{err}");
    let (code, _, err, _) = merge("copy.csv", &[]);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_file(&copy).unwrap();

    // A file of another range, or of several shards, is not a part of this run.
    let err = refused(&["merge", arg(&whole), "--seeds", "0..10"]);
    assert!(err.contains("outside --seeds 0..10"), "{err}");
    let err = refused(&["merge", arg(&whole), "--seeds", "0..14", "--shards", "4"]);
    assert!(err.contains("holds deals of shards"), "{err}");
    refused(&["merge", arg(&whole), "--shards", "4"]);

    // A shard cut short (killed) and a shard never run: merged, with status 1 and the command
    // that finishes each.
    let text = std::fs::read_to_string(part(2)).unwrap();
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("variant,") || l.starts_with("stonewall,2,"))
        .collect();
    assert_eq!(kept.len(), 2, "{text}");
    std::fs::write(part(2), kept.join("\n") + "\n").unwrap();
    let lost = std::fs::read(part(3)).unwrap();
    std::fs::remove_file(part(3)).unwrap();
    let (code, _, err, _) = merge("partial.csv", &plan);
    assert_eq!(code, 1, "{err}");
    let shard2 = format!(
        "stonewall: shard 2/4 ({}) lacks 2 of 3 deals (seeds 6, 10): finish it with `patience winrate stonewall --seeds 0..14 --shard 2/4 --csv {} --resume`",
        part(2).display(),
        part(2).display()
    );
    assert!(err.contains(&shard2), "{err}");
    assert!(
        err.contains("stonewall: shard 3/4 has no file: lacks 3 of 3 deals (seeds 3, 7, 11)"),
        "{err}"
    );
    // Without --shards, the plan's range alone.
    let (code, _, err, _) = merge("partial2.csv", &["--seeds", "0..14"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("stonewall: --seeds 0..14 lacks 5 of 14 deals (seeds 3, 6, 7, ...)"),
        "{err}"
    );
    // Finished as the note says, the parts merge to the unsharded run again.
    winrate(&part(2), &["--shard", "2/4", "--resume"]);
    std::fs::write(part(3), lost).unwrap();
    let (code, _, err, merged) = merge("again.csv", &plan);
    assert_eq!(code, 0, "{err}");
    assert_eq!(results(&merged), results(&whole));

    // A directory with no result file is a wrong path, likely.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let err = refused(&["merge", arg(&empty)]);
    assert!(err.contains("holds no .csv file"), "{err}");
}

/// The scripts of docs/cluster.md: each block of the page that follows a line
/// `<!-- file: PATH -->` is that file of the repository, byte for byte, so that the page
/// shows what CI runs.
#[test]
fn the_cluster_page_shows_the_scripts_ci_runs() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/cluster.md")).unwrap();
    let mut shown = Vec::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        let Some(path) = line
            .strip_prefix("<!-- file: ")
            .and_then(|rest| rest.strip_suffix(" -->"))
        else {
            continue;
        };
        let fence = lines.next().unwrap_or_default();
        assert!(
            fence.starts_with("```"),
            "{path}: no block after the marker"
        );
        let mut block = String::new();
        for l in lines.by_ref().take_while(|l| *l != "```") {
            block.push_str(l);
            block.push('\n');
        }
        let file = std::fs::read_to_string(root.join(path))
            .unwrap_or_else(|e| panic!("docs/cluster.md shows {path}: {e}"));
        assert_eq!(block, file, "docs/cluster.md's block differs from {path}");
        shown.push(path.to_string());
    }
    // Every script of scripts/cluster is on the page.
    let mut scripts: Vec<String> = std::fs::read_dir(root.join("scripts/cluster"))
        .unwrap()
        .map(|e| {
            format!(
                "scripts/cluster/{}",
                e.unwrap().file_name().to_string_lossy()
            )
        })
        .collect();
    scripts.sort();
    for s in &scripts {
        assert!(shown.contains(s), "{s} is not shown on docs/cluster.md");
    }
}
