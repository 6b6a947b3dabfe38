//! The constant costs of a deal: easy Klondike draw 3 deals solved one after another, the
//! way a win-rate worker does (one solver for all of them: `per_deal/worker`) and the way one
//! process a deal does (a new solver for each: `per_deal/fresh`, without the process start-up).
//! The deals are the first [`DEALS`] seeds from 0 up that the default solve wins within
//! [`EASY`] nodes, so that the figure is what a deal costs outside a long search: making the
//! position, the tables (their first memory and clearing), the search, the expansion,
//! shortening and replay of the win, and the record of the result. Criterion's throughput is
//! the number of deals, so its `elem/s` is deals per second on one core.
//!
//! `cargo bench --bench per_deal`.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use patience::games::KlondikeDraw3;
use patience::internal::batch::run::{record_of, solve_seed};
use patience::io::results::ResultFile;
use patience::{DealSource, Options, Solver, Verdict};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const DEALS: usize = 40;
const EASY: u64 = 20_000;

/// One deal as a worker does it: the deal made from its seed, solved, and its row appended
/// to the result file.
fn one_deal(solver: &mut Solver<KlondikeDraw3>, seed: u64, out: &mut ResultFile) {
    let v = KlondikeDraw3;
    let cancel = AtomicBool::new(false);
    let sol = solve_seed(v, solver, DealSource::Seed, seed as u128, &cancel).expect("solves");
    let record = record_of(v, seed as u128, &sol).expect("not cancelled");
    out.append(&record).expect("written");
    black_box(sol);
}

fn per_deal(c: &mut Criterion) {
    let v = KlondikeDraw3;
    let cancel = AtomicBool::new(false);
    let mut solver = Solver::new(v, Options::default());
    let mut seeds = Vec::new();
    for seed in 0..1000u64 {
        let sol =
            solve_seed(v, &mut solver, DealSource::Seed, seed as u128, &cancel).expect("solves");
        if matches!(sol.verdict, Verdict::Solved(_)) && sol.stats.nodes <= EASY {
            seeds.push(seed);
            if seeds.len() == DEALS {
                break;
            }
        }
    }
    eprintln!("per_deal: seeds {seeds:?}");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut group = c.benchmark_group("per_deal");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(seeds.len() as u64));
    let mut n = 0;
    let mut file = |dir: &tempfile::TempDir| {
        n += 1;
        ResultFile::create(&dir.path().join(format!("{n}.csv"))).expect("a result file")
    };
    group.bench_function("worker", |b| {
        b.iter_batched_ref(
            || file(&dir),
            |out| {
                for &s in &seeds {
                    one_deal(&mut solver, s, out);
                }
            },
            criterion::BatchSize::LargeInput,
        )
    });
    group.bench_function("fresh", |b| {
        b.iter_batched_ref(
            || file(&dir),
            |out| {
                for &s in &seeds {
                    let mut fresh = Solver::new(v, Options::default());
                    one_deal(&mut fresh, s, out);
                }
            },
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, per_deal);
criterion_main!(benches);
