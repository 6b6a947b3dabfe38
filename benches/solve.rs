//! Solving fixed seeds of each game with a fixed node budget: time per deal, and nodes per
//! second (criterion's throughput is the number of nodes the solves made).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use patience::game::{Position, Variant};
use patience::solve::{Options, Solver};
use patience::variants::{LuckyPiles, NapoleonsShoulder, Stonewall};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const SEEDS: std::ops::Range<u64> = 0..10;
const NODES: u64 = 100_000;

fn bench_game<V: Variant>(c: &mut Criterion) {
    let starts: Vec<Position> = SEEDS
        .map(|s| Position::from_deal::<V>(&patience::deal::deal(&V::RULES, s)).expect("a deal"))
        .collect();
    let options = Options {
        max_nodes: NODES,
        table_bytes: 256 << 20,
        ..Options::default()
    };
    let mut solver = Solver::<V>::new(options);
    let cancel = AtomicBool::new(false);
    // The work is the same at every iteration: count it once.
    let nodes: u64 = starts
        .iter()
        .map(|p| solver.solve(p, &cancel).expect("solves").stats.nodes)
        .sum();
    let mut group = c.benchmark_group("solve");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function(
        format!("{} seeds 0..10, {NODES} nodes max", V::RULES.id),
        |b| {
            b.iter(|| {
                for p in &starts {
                    criterion::black_box(solver.solve(p, &cancel).expect("solves"));
                }
            })
        },
    );
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game::<Stonewall>(c);
    bench_game::<LuckyPiles>(c);
    bench_game::<NapoleonsShoulder>(c);
}

criterion_group!(solve, benches);
criterion_main!(solve);
