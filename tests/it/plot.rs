//! `plot`: the key says what each series is (its knowledge, its seeds or PySolFC numbers, its
//! budget, or that the file did not record it), and unknown deals are shown apart, labelled
//! `unknown`: never as deals decided at the limit that stopped them.

use crate::common::{arg, run, tempdir, write_file};

const HEADER: &str = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes,planner,source\n";

/// A result file of three series: thoughtful seeds 0 to 4 (one unknown, stopped at the node
/// limit of 1M), hidden seeds 10 to 13 (planner revision 8, 16 samples of 2000 nodes), and
/// PySolFC games 1, 2 and 5.
fn rows() -> String {
    let mut text = HEADER.to_string();
    text.push_str(&five_stonewall_rows(",,,,"));
    for seed in 10..14 {
        text.push_str(&format!(
            "stonewall,{seed},hidden,solved,85,5000,0.5,,16,2000,8,\n"
        ));
    }
    for seed in [1, 2, 5] {
        text.push_str(&format!(
            "stonewall,{seed},thoughtful,solved,70,300,0.001,,,,,pysol\n"
        ));
    }
    text
}

/// Stonewall seeds 0 to 4 in a result file's first eight columns, thoughtful: 3 won, 1 lost,
/// 1 unknown (stopped at 1,000,000 nodes); each row ends with `tail`.
pub fn five_stonewall_rows(tail: &str) -> String {
    let mut text = String::new();
    for (seed, verdict, nodes) in [
        (0, "solved", 1200),
        (1, "solved", 5400),
        (2, "unsolvable", 90000),
        (3, "unknown", 1000000),
        (4, "solved", 800),
    ] {
        let limit = if verdict == "unknown" { "nodes" } else { "" };
        let moves = if verdict == "solved" { "100" } else { "" };
        text.push_str(&format!(
            "stonewall,{seed},thoughtful,{verdict},{moves},{nodes},0.0{seed}5,{limit}{tail}\n"
        ));
    }
    text
}

/// The SVG's text elements, trimmed.
fn texts(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().trim().to_string())
        .collect()
}

/// The points of the lines of colour `stroke` with at least `min` points, in the order drawn.
fn lines_of(doc: &roxmltree::Document, stroke: &str, min: usize) -> Vec<Vec<(f64, f64)>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke") == Some(stroke))
        .map(|n| {
            n.attribute("points")
                .unwrap_or_default()
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect::<Vec<(f64, f64)>>()
        })
        .filter(|points| points.len() >= min)
        .collect()
}

#[test]
fn plot_keys_each_series_with_its_knowledge_deals_and_budget() {
    let dir = tempdir();
    let csv = write_file(dir.path(), "runs.csv", &rows());
    let svg_path = dir.path().join("p.svg");
    let (code, out, err) = run(&["plot", arg(&csv), "--out", arg(&svg_path)]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let texts = texts(&doc);
    let keys = [
        "stonewall: thoughtful; seeds 0\u{2013}4 (5 deals); node limit not recorded (1 deal stopped by it, at 1M nodes)",
        "stonewall hidden: hidden; seeds 10\u{2013}13 (4 deals); planner r8, 16 samples \u{00D7} 2k nodes",
        "stonewall (PySolFC): thoughtful; 3 deals, PySolFC games 1 to 5; node limit not recorded (no deal stopped by it)",
    ];
    for key in keys {
        assert!(
            texts.iter().any(|t| t == key),
            "no key {key:?} in {texts:?}"
        );
        // Standard output says the same after each series' rate.
        let (label, about) = key.split_once(": ").unwrap();
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("{label}: ")) && l.ends_with(&format!("; {about}"))),
            "{out}"
        );
    }
}

#[test]
fn plot_shows_unknown_deals_apart_and_not_at_the_limit() {
    let dir = tempdir();
    let csv = write_file(dir.path(), "runs.csv", &rows());
    let svg_path = dir.path().join("p.svg");
    let (code, _, err) = run(&["plot", arg(&csv), "--out", arg(&svg_path)]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let texts = texts(&doc);
    // The win-rate point names the unknown share, and each distribution has an "unknown"
    // column beside it with the series' count and share.
    let count = |want: &str| texts.iter().filter(|t| *t == want).count();
    assert_eq!(count("unknown: 1 (20.00%)"), 1, "{texts:?}");
    assert_eq!(count("unknown"), 2, "{texts:?}");
    assert_eq!(count("1 (20%)"), 2, "{texts:?}");
    // The unknown deal's 1M nodes are not a point of the nodes axis: it runs to the most
    // nodes of a decided deal (90k).
    assert!(!texts.iter().any(|t| t == "1M"), "{texts:?}");
    // The distributions are lines of 2 points per decided deal: the thoughtful series (blue)
    // has 4, and its line stops at 80% of its deals, below the hidden series (red), all
    // decided, which reaches 100%.
    let blue = lines_of(&doc, "#1F77B4", 6);
    let red = lines_of(&doc, "#D62728", 6);
    assert_eq!(blue.len(), 2, "nodes and seconds");
    assert_eq!(red.len(), 2, "nodes and seconds");
    for (b, r) in blue.iter().zip(&red) {
        assert_eq!(b.len(), 8, "{b:?}");
        let top = |l: &[(f64, f64)]| l.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let bottom = |l: &[(f64, f64)]| l.iter().map(|p| p.1).fold(0f64, f64::max);
        // Pixels grow downwards: 0% is the lowest point drawn of the red line.
        let (zero, full) = (bottom(r), top(r));
        let share = (zero - top(b)) / (zero - full);
        assert!((share - 0.8).abs() < 0.02, "blue tops at {share}");
    }
}
