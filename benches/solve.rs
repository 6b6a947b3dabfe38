//! Whole searches of fixed seeds of every game (Klondike draw 1 and 3 included) at a fixed node
//! budget. Criterion's throughput is the number of nodes (moves made by the search) that the
//! searches of one iteration made, so its `elem/s` is nodes per second on one core.
//!
//! - `solve/GAME`: `Solver::solve` with the default options (what `patience solve` runs: the
//!   streamlined, short, best-first and long depth-first searches, then the replay and the
//!   shortening of a found solution), at most `NODES` nodes each, on `DEALS` deals per game:
//!   the first seeds from 0 up (of the first `SCAN`) whose depth-first search makes at least
//!   half the budget, so that the figure is the search's and not the set-up of deals decided
//!   at once (where fewer are found, the costliest of those scanned make up the number);
//! - `dfs/GAME`: the exhaustive depth-first search alone (`Searcher::traverse`, as
//!   `--dfs-only`), the hot loop, on the same seeds and budget.
//!
//! - `solve/GAME-file`, `dfs/GAME-file`: the same for the games of [`FROM_FILE`], with their
//!   rules read back from their rules file (`patience variants --rules GAME`) under another
//!   id, so that they run on the compiled shape of a game from a file (`rules::with_rules`):
//!   to compare with the built-in game's figures (the issue asks for at most 10% slower).
//!
//! `cargo bench --bench solve` (a few minutes); one game: `cargo bench --bench solve -- klondike-draw3`;
//! a game built in and from its file: `cargo bench --bench solve -- stonewall`.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use patience::internal::solve::{Limits, Mode, Searcher, Win};
use patience::{Options, Prune, Solver};
use patience::{Position, Variant};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const DEALS: usize = 5;
const SCAN: u64 = 200;
const NODES: u64 = 100_000;
const TABLE_BYTES: usize = 256 << 20;

fn bench_game<V: Variant>(v: V, c: &mut Criterion) {
    let id = v.rules().id;
    let cancel = AtomicBool::new(false);
    let limits = Limits {
        max_nodes: NODES,
        cap: NODES,
        deadline: None,
        table_bytes: TABLE_BYTES,
    };
    let mut searcher = Searcher::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
    let mut win = Win(v);
    let start = |s| Position::from_deal::<V>(v, &patience::deal(v.rules(), s)).expect("a deal");
    // (nodes, seed) of the deals scanned, until DEALS of them make half the budget.
    let mut scanned: Vec<(u64, u64)> = Vec::new();
    for seed in 0..SCAN {
        searcher.traverse(&start(seed), &mut win, Mode::PLAIN, &limits, &cancel);
        scanned.push((searcher.stats.nodes, seed));
        if scanned.iter().filter(|&&(n, _)| n >= NODES / 2).count() == DEALS {
            break;
        }
    }
    scanned.sort_by_key(|&(n, s)| (std::cmp::Reverse(n), s));
    let mut seeds: Vec<u64> = scanned.iter().take(DEALS).map(|&(_, s)| s).collect();
    seeds.sort();
    eprintln!("{id}: seeds {seeds:?}");
    let starts: Vec<Position> = seeds.iter().map(|&s| start(s)).collect();

    let options = Options {
        max_nodes: NODES,
        table_bytes: TABLE_BYTES,
        ..Options::default()
    };
    let mut solver = Solver::<V>::new(v, options);
    // The work is the same at every iteration (the searches are deterministic): count it once.
    let nodes: u64 = starts
        .iter()
        .map(|p| solver.solve(p, &cancel).expect("solves").stats.nodes)
        .sum();
    let mut group = c.benchmark_group("solve");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(nodes.max(1)));
    group.bench_function(id, |b| {
        b.iter(|| {
            for p in &starts {
                black_box(solver.solve(p, &cancel).expect("solves"));
            }
        })
    });
    group.finish();
    solver.release();
    drop(solver);
    searcher.release();

    let nodes: u64 = starts
        .iter()
        .map(|p| {
            searcher.traverse(p, &mut win, Mode::PLAIN, &limits, &cancel);
            searcher.stats.nodes
        })
        .sum();
    let mut group = c.benchmark_group("dfs");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(nodes.max(1)));
    group.bench_function(id, |b| {
        b.iter(|| {
            for p in &starts {
                black_box(searcher.traverse(p, &mut win, Mode::PLAIN, &limits, &cancel));
            }
        })
    });
    group.finish();
}

/// The games also benched from their rules file.
const FROM_FILE: [&str; 2] = ["stonewall", "flower-garden"];

fn benches(c: &mut Criterion) {
    for rules in patience::games::ALL {
        patience::games::with_rules(rules, Bench(c)).expect("a known game");
    }
    let mut games = patience::games::Games::new();
    for id in FROM_FILE {
        let rules = patience::internal::games::builtin::find(id).expect("a known game");
        let text = patience::games::to_toml(rules)
            .replace(&format!("id = \"{id}\""), &format!("id = \"{id}-file\""));
        let copy = patience::games::parse(&text, "bench").expect("a rules file");
        let copy = games.add(copy).expect("a new game");
        patience::games::with_rules(copy, Bench(c)).expect("a game from a file");
    }
}

/// Benches one game, built in or from data.
struct Bench<'a>(&'a mut Criterion);

impl patience::GameFn<()> for Bench<'_> {
    fn call<V: Variant>(self, v: V) {
        bench_game::<V>(v, self.0)
    }
}

criterion_group!(solve, benches);
criterion_main!(solve);
