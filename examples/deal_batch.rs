//! A batch of deal files, solved the way a `winrate --threads 1` worker solves its seeds: one
//! solver for all of them (its tables kept and reused), each deal's row written to a result
//! file. It times our batch on another program's deals (lonelybot's, in docs/performance.md:
//! `winrate` takes seeds and PySolFC numbers only). Prints the verdicts, the nodes, and the CPU
//! seconds of the deals (the reading of the files left out).
//!
//! `cargo run --release --example deal_batch -- GAME ROWS.csv FILE...` (GAME `klondike-draw3` or
//! `klondike`; the rows are numbered in the order of the files).

use patience::games::{Klondike, KlondikeDraw3};
use patience::internal::batch::run::record_of;
use patience::io::dealfile::read_deal;
use patience::io::results::ResultFile;
use patience::{Options, Position, Solver, Variant, Verdict};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn batch<V: Variant>(v: V, rows: &Path, files: &[String]) {
    let deals: Vec<Position> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).expect("a deal file");
            let deal = read_deal(&text).expect("a deal");
            Position::from_deal::<V>(v, &deal).expect("a deal of the game")
        })
        .collect();
    let cancel = AtomicBool::new(false);
    let mut out = ResultFile::create(rows).expect("the result file");
    let mut solver = Solver::new(v, Options::default());
    let (mut won, mut lost, mut unknown, mut nodes) = (0, 0, 0, 0u64);
    let t0 = Instant::now();
    for (i, start) in deals.iter().enumerate() {
        let sol = solver.solve(start, &cancel).expect("a deal is solved");
        nodes += sol.stats.nodes;
        match sol.verdict {
            Verdict::Solved(_) => won += 1,
            Verdict::Unsolvable => lost += 1,
            Verdict::Unknown(_) => unknown += 1,
        }
        let record = record_of(v, i as u128, &sol).expect("not cancelled");
        out.append(&record).expect("a row written");
    }
    let wall = t0.elapsed().as_secs_f64();
    println!(
        "{} deals: {won} won, {lost} lost, {unknown} unknown; {nodes} nodes; {wall:.2} s",
        deals.len()
    );
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 3 {
        eprintln!("usage: deal_batch GAME ROWS.csv FILE...");
        std::process::exit(2);
    }
    let rows = Path::new(&a[1]);
    match a[0].as_str() {
        "klondike-draw3" => batch(KlondikeDraw3, rows, &a[2..]),
        "klondike" => batch(Klondike, rows, &a[2..]),
        g => {
            eprintln!("deal_batch: {g}: klondike-draw3 or klondike");
            std::process::exit(2);
        }
    }
}
