//! Engine throughput: for each game, mid-game positions reached by seeded random playouts
//! (10..=30 random moves from the deals of seeds 0..50), then generate + apply + undo of every
//! generated move. Throughput is reported in moves (elements) per second.
//!
//! `cargo bench --bench engine` (about half a minute).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use patience::deal::deal;
use patience::game::{Move, Position, Variant, apply, generate, undo};
use patience::variants::{LuckyPiles, NapoleonsShoulder, Stonewall};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions reached by 10..=30 random moves from the deals of seeds 0..50.
fn mid_game<V: Variant>() -> Vec<Position> {
    let mut moves = Vec::new();
    (0..50u64)
        .map(|seed| {
            let mut pos = Position::from_deal::<V>(&deal(&V::RULES, seed)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..rng.random_range(10..=30) {
                moves.clear();
                generate::<V>(&pos, &mut moves);
                if moves.is_empty() || pos.is_won::<V>() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                apply::<V>(&mut pos, m);
            }
            pos
        })
        .collect()
}

fn bench_game<V: Variant>(c: &mut Criterion) {
    let name = V::RULES.id;
    let mut positions = mid_game::<V>();
    let mut buf: Vec<Move> = Vec::with_capacity(512);
    let total: u64 = positions
        .iter()
        .map(|p| {
            buf.clear();
            generate::<V>(p, &mut buf);
            buf.len() as u64
        })
        .sum();
    let mut group = c.benchmark_group("engine");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(total));

    // The search's inner loop: list the moves, then make and unmake each one.
    group.bench_function(BenchmarkId::new("generate+apply+undo", name), |b| {
        b.iter(|| {
            for p in positions.iter_mut() {
                buf.clear();
                generate::<V>(p, &mut buf);
                for &m in &buf {
                    let u = apply::<V>(p, m);
                    black_box(&*p);
                    undo::<V>(p, m, u);
                }
            }
        })
    });
    // Generation alone, per generated move.
    group.bench_function(BenchmarkId::new("generate", name), |b| {
        b.iter(|| {
            for p in positions.iter() {
                buf.clear();
                generate::<V>(black_box(p), &mut buf);
                black_box(buf.len());
            }
        })
    });
    group.finish();
}

fn engine(c: &mut Criterion) {
    bench_game::<Stonewall>(c);
    bench_game::<LuckyPiles>(c);
    bench_game::<NapoleonsShoulder>(c);
}

criterion_group!(benches, engine);
criterion_main!(benches);
