//! The grade study of docs/difficulty.md ("Does the grade predict a player?"): for each deal
//! of a seed range, K games of the catalogue's planner with independent random streams and G
//! games (one unless told) of a stronger planner, each playing as a person would (no look at
//! the real deal first).
//! Prints one CSV row a deal: `seed,k,k_won,strong_games,strong_won,strong_chance`.
//!
//! `cargo run --profile python --example grade_study -- GAME A..B K SAMPLES NODES STRONG_SAMPLES
//! STRONG_NODES [SEEDS_FILE] [--pysol] [--strong-games G]`; with SEEDS_FILE (one seed a line)
//! only those seeds of the range are played (the winnable deals of a catalogue, say); with
//! `--pysol` the numbers are PySolFC game numbers (a PySolFC catalogue's deals); with
//! `--strong-games G` the stronger planner plays G games a deal, each with a stream of its own
//! (the first is the one game of the default), so that its result is a share, not a coin.
//! Rows come in seed order; deals are played in parallel (rayon), each a pure function of its
//! seed, so the output does not depend on the thread count.

use patience::games::{
    FlowerGarden, KlondikeDraw3, LuckyPiles, NapoleonsShoulder, Stonewall, Wildflower,
};
use patience::internal::hidden::play::{Turn, play_unaided};
use patience::internal::solve::End;
use patience::{Budget, Options, Outcome, Planner, Position, Solver, Variant};
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;

/// One deal's games: how many of the K cheap games were won, and the strong game's result
/// with its first estimate.
struct Row {
    seed: u64,
    k_won: u32,
    strong_won: u32,
    chance: Option<f64>,
}

/// The study's settings: K cheap games of budget `cheap`, `strong_games` games of budget
/// `strong`, on our seeds' deals or PySolFC's.
#[derive(Copy, Clone)]
struct Setup {
    k: u32,
    cheap: Budget,
    strong: Budget,
    pysol: bool,
    strong_games: u64,
}

/// The start of deal `seed`: our seed's, or PySolFC's game number's.
fn start_of<V: Variant>(v: V, seed: u64, setup: Setup) -> Position {
    let deal = if setup.pysol {
        patience::pysol_deal(v.rules(), seed as u128).expect("a PySolFC game number")
    } else {
        patience::deal(v.rules(), seed)
    };
    Position::from_deal::<V>(v, &deal).expect("a deal fits its game")
}

fn study<V: Variant>(v: V, seeds: &[u64], setup: Setup) -> Vec<Row> {
    let Setup {
        k, cheap, strong, ..
    } = setup;
    let cancel = AtomicBool::new(false);
    seeds
        .par_iter()
        .map(|&seed| {
            let start = start_of(v, seed, setup);
            let games = |budget: Budget, s: u64, first: &mut Option<f64>| -> bool {
                let mut planner = Planner::new(v, budget);
                let mut on_turn = |_: &patience::Observation, t: &Turn| {
                    if t.index == 0 {
                        let d = &t.decision;
                        // As the catalogue's `chance`: none where every sample ran out of nodes.
                        if d.samples > 0 && d.sample_unknown < d.samples {
                            *first = d.choices.first().map(|c| d.chance(c));
                        }
                    }
                };
                let game = play_unaided::<V>(v, &start, s, &mut planner, &cancel, &mut on_turn)
                    .expect("the planner plays")
                    .expect("not cancelled");
                matches!(game.outcome, Outcome::Won)
            };
            let k_won = (0..k as u64)
                .filter(|&i| games(cheap, patience::play_seed(seed, i), &mut None))
                .count() as u32;
            // The first strong game's estimate is the row's.
            let mut chance = None;
            let mut strong_won = 0;
            for i in 0..setup.strong_games {
                let mut first = None;
                strong_won += u32::from(games(
                    strong,
                    patience::play_seed(seed, 1000 + i),
                    &mut first,
                ));
                if i == 0 {
                    chance = first;
                }
            }
            Row {
                seed,
                k_won,
                strong_won,
                chance,
            }
        })
        .collect()
}

/// The same study in a game that hides nothing, where the players are searchers: an exact
/// search of the planner's last-solve budget in a move order of each game's own stream
/// (`Solver::search_noisy`); the stronger one the same with its stronger budget.
fn study_open<V: Variant>(v: V, seeds: &[u64], setup: Setup) -> Vec<Row> {
    let Setup {
        k, cheap, strong, ..
    } = setup;
    let cancel = AtomicBool::new(false);
    seeds
        .par_iter()
        .map(|&seed| {
            let start = start_of(v, seed, setup);
            let games = |budget: Budget, stream: u64| -> bool {
                let options = Options {
                    max_nodes: budget.last_solve_nodes(),
                    table_bytes: 64 << 20,
                    ..Options::default()
                };
                let mut solver = Solver::new(v, options);
                let (end, _) = solver
                    .search_noisy(&start, stream, &cancel)
                    .expect("a seeded deal is searched");
                matches!(end, End::Found(_))
            };
            let k_won = (0..k as u64)
                .filter(|&i| games(cheap, patience::play_seed(seed, i)))
                .count() as u32;
            Row {
                seed,
                k_won,
                strong_won: (0..setup.strong_games)
                    .filter(|&i| games(strong, patience::play_seed(seed, 1000 + i)))
                    .count() as u32,
                chance: None,
            }
        })
        .collect()
}

fn main() {
    let mut a: Vec<String> = std::env::args().skip(1).collect();
    let (mut pysol, mut strong_games) = (false, 1);
    if let Some(i) = a.iter().position(|x| x == "--pysol") {
        a.remove(i);
        pysol = true;
    }
    if let Some(i) = a.iter().position(|x| x == "--strong-games") {
        a.remove(i);
        strong_games = a.remove(i).parse().expect("--strong-games G");
    }
    if a.len() < 7 {
        eprintln!(
            "usage: grade_study GAME A..B K SAMPLES NODES STRONG_SAMPLES STRONG_NODES [SEEDS_FILE] [--pysol] [--strong-games G]"
        );
        std::process::exit(2);
    }
    let (lo, hi) = a[1].split_once("..").expect("a range A..B");
    let (lo, hi): (u64, u64) = (lo.parse().unwrap(), hi.parse().unwrap());
    let n = |i: usize| -> u64 { a[i].parse().expect("a number") };
    let setup = Setup {
        k: n(2) as u32,
        cheap: Budget::new(n(3) as u32, n(4)),
        strong: Budget::new(n(5) as u32, n(6)),
        pysol,
        strong_games,
    };
    let mut seeds: Vec<u64> = (lo..hi).collect();
    if let Some(file) = a.get(7) {
        let keep: std::collections::HashSet<u64> = std::fs::read_to_string(file)
            .expect("the seeds file")
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect();
        seeds.retain(|s| keep.contains(s));
    }
    let rows = match a[0].as_str() {
        "stonewall" => study(Stonewall, &seeds, setup),
        "klondike-draw3" => study(KlondikeDraw3, &seeds, setup),
        "napoleons-shoulder" => study(NapoleonsShoulder, &seeds, setup),
        "lucky-piles" => study_open(LuckyPiles, &seeds, setup),
        "flower-garden" => study_open(FlowerGarden, &seeds, setup),
        "wildflower" => study_open(Wildflower, &seeds, setup),
        g => {
            eprintln!(
                "grade_study: {g}: stonewall, klondike-draw3, napoleons-shoulder, lucky-piles, flower-garden or wildflower"
            );
            std::process::exit(2);
        }
    };
    println!("seed,k,k_won,strong_games,strong_won,strong_chance");
    for r in rows {
        let chance = r.chance.map_or(String::new(), |c| format!("{c:.3}"));
        println!(
            "{},{},{},{},{},{}",
            r.seed, setup.k, r.k_won, setup.strong_games, r.strong_won, chance
        );
    }
}
