//! The parts of one search node, each alone, for every game (Klondike draw 1 and 3 included),
//! on fixed mid-game positions: for each game, the positions reached by a seeded random walk
//! of 10..=40 moves of the search's own move set (talon plays where the search uses them)
//! from the deals of seeds 0..50.
//!
//! Groups (criterion ids `GROUP/GAME`), each with its unit of throughput:
//! - `generate`: the search's move generation (`Prune::generate`), per position;
//! - `apply+undo`: make and unmake every generated move, per move;
//! - `prune`: the move pruning of the search (`Prune::apply`: Aces, settled cards, split runs),
//!   per position;
//! - `dead-end`: the dead-end test (`Prune::dead_end`: stuck Kings where proved, the
//!   blocked-cards test in one-deck games), per position;
//! - `key`: the exact state key (`solve::key::encode`), per position;
//! - `key-turned-over`: the second key of a new position (`turned_over_key`), per position, in
//!   the games with talon plays and unlimited passes (Klondike);
//! - `table-insert`: inserting `TABLE_KEYS` new keys into the transposition table (emptied
//!   first, at its final size), per key;
//! - `table-probe`: inserting them again (each one found), per key.
//!
//! The move ordering of the search (`solve::search::order`) is private and not measured alone.
//!
//! `cargo bench --bench engine` (a few minutes); one game: `cargo bench --bench engine -- klondike-draw3`.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use patience::Prune;
use patience::deal;
use patience::internal::hash::WordBuild;
use patience::internal::solve::key::{KeyContext, encode, turned_over_key};
use patience::internal::solve::table::{Insert, Table};
use patience::{Move, Position, Variant, apply, undo};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// Distinct keys for the table benches: 2^17, about 10 MB of 40-byte slots at half load,
/// more than the caches hold (the search's table is far larger still).
const TABLE_KEYS: usize = 1 << 17;

/// One random step of the search's move set from `pos`, `None` at a position without moves or
/// won. A little bias toward the foundations takes the walks further into the game.
fn step<V: Variant>(
    v: V,
    prune: &Prune,
    pos: &mut Position,
    rng: &mut ChaCha8Rng,
    buf: &mut Vec<Move>,
) -> Option<Move> {
    buf.clear();
    prune.generate::<V>(v, pos, buf);
    if buf.is_empty() || pos.is_won::<V>(v) {
        return None;
    }
    let up: Vec<Move> = buf
        .iter()
        .copied()
        .filter(|m| matches!(m.to, patience::internal::game::Place::Foundation(_)))
        .collect();
    let m = if !up.is_empty() && rng.random_bool(0.3) {
        up[rng.random_range(0..up.len())]
    } else {
        buf[rng.random_range(0..buf.len())]
    };
    apply::<V>(v, pos, m);
    Some(m)
}

/// The positions of the benches, each with the key context of its deal.
fn mid_game<V: Variant>(v: V, prune: &Prune) -> Vec<(KeyContext, Position)> {
    let mut buf = Vec::new();
    (0..50u64)
        .map(|seed| {
            let start = Position::from_deal::<V>(v, &deal(v.rules(), seed)).expect("a deal");
            let ctx = prune.key_context::<V>(v, &start);
            let mut pos = start;
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xBE7C);
            for _ in 0..rng.random_range(10..=40) {
                if step::<V>(v, prune, &mut pos, &mut rng, &mut buf).is_none() {
                    break;
                }
            }
            (ctx, pos)
        })
        .collect()
}

/// `TABLE_KEYS` distinct keys of positions along random walks (up to 300 moves) from the
/// deals of seeds 1000 on.
fn walk_keys<V: Variant>(v: V, prune: &Prune) -> Vec<V::Key> {
    let mut seen: HashSet<V::Key, WordBuild> = HashSet::default();
    let mut keys = Vec::with_capacity(TABLE_KEYS);
    let mut buf = Vec::new();
    let mut seed = 1000u64;
    while keys.len() < TABLE_KEYS {
        let start = Position::from_deal::<V>(v, &deal(v.rules(), seed)).expect("a deal");
        let ctx = prune.key_context::<V>(v, &start);
        let mut pos = start;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..300 {
            let k = encode::<V, V::Key>(v, &ctx, &pos);
            if seen.insert(k) {
                keys.push(k);
                if keys.len() == TABLE_KEYS {
                    break;
                }
            }
            if step::<V>(v, prune, &mut pos, &mut rng, &mut buf).is_none() {
                break;
            }
        }
        seed += 1;
    }
    keys
}

fn configure(group: &mut BenchmarkGroup<'_, WallTime>, elements: u64) {
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .throughput(Throughput::Elements(elements));
}

fn bench_game<V: Variant>(v: V, c: &mut Criterion) {
    let id = v.rules().id;
    let prune = Prune::default();
    let positions = mid_game::<V>(v, &prune);
    let n = positions.len() as u64;
    let mut pos: Vec<Position> = positions.iter().map(|(_, p)| p.clone()).collect();
    let mut buf: Vec<Move> = Vec::with_capacity(4096);
    // The generated moves of each position, for the benches that start from them.
    let moves: Vec<Vec<Move>> = pos
        .iter()
        .map(|p| {
            let mut out = Vec::new();
            prune.generate::<V>(v, p, &mut out);
            out
        })
        .collect();
    let total_moves: u64 = moves.iter().map(|v| v.len() as u64).sum();

    let mut g = c.benchmark_group("generate");
    configure(&mut g, n);
    g.bench_function(id, |b| {
        b.iter(|| {
            for p in &pos {
                buf.clear();
                prune.generate::<V>(v, black_box(p), &mut buf);
                black_box(buf.len());
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("apply+undo");
    configure(&mut g, total_moves.max(1));
    g.bench_function(id, |b| {
        b.iter(|| {
            for (p, ms) in pos.iter_mut().zip(&moves) {
                for &m in ms {
                    let u = apply::<V>(v, p, m);
                    black_box(&*p);
                    undo::<V>(p, m, u);
                }
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("prune");
    configure(&mut g, n);
    g.bench_function(id, |b| {
        b.iter(|| {
            for (p, ms) in pos.iter().zip(&moves) {
                buf.clear();
                buf.extend_from_slice(ms);
                black_box(prune.apply::<V>(v, black_box(p), &mut buf, 0));
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("dead-end");
    configure(&mut g, n);
    g.bench_function(id, |b| {
        b.iter(|| {
            for p in &pos {
                black_box(prune.dead_end::<V>(v, black_box(p)));
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("key");
    configure(&mut g, n);
    g.bench_function(id, |b| {
        b.iter(|| {
            for (ctx, p) in &positions {
                black_box(encode::<V, V::Key>(v, ctx, black_box(p)));
            }
        })
    });
    g.finish();

    if prune.talon_plays::<V>(v) {
        let keys: Vec<V::Key> = positions
            .iter()
            .map(|(ctx, p)| encode::<V, V::Key>(v, ctx, p))
            .collect();
        let mut g = c.benchmark_group("key-turned-over");
        configure(&mut g, n);
        g.bench_function(id, |b| {
            b.iter(|| {
                for ((ctx, p), k) in positions.iter().zip(&keys) {
                    black_box(turned_over_key::<V, V::Key>(v, ctx, black_box(p), k));
                }
            })
        });
        g.finish();
    }

    let keys = walk_keys::<V>(v, &prune);
    let mut table = Table::<V::Key>::new(1 << 30);
    let mut g = c.benchmark_group("table-insert");
    configure(&mut g, keys.len() as u64);
    g.bench_function(id, |b| {
        b.iter(|| {
            table.clear();
            for k in &keys {
                black_box(table.insert(k));
            }
        })
    });
    g.finish();
    table.clear();
    for k in &keys {
        assert_eq!(table.insert(k), Insert::New);
    }
    let mut g = c.benchmark_group("table-probe");
    configure(&mut g, keys.len() as u64);
    g.bench_function(id, |b| {
        b.iter(|| {
            for k in &keys {
                black_box(table.insert(k));
            }
        })
    });
    g.finish();
}

fn engine(c: &mut Criterion) {
    for rules in patience::games::ALL {
        patience::games::with_rules(rules, Bench(c)).expect("a known game");
    }
}

/// Benches one game, built in or from data.
struct Bench<'a>(&'a mut Criterion);

impl patience::GameFn<()> for Bench<'_> {
    fn call<V: Variant>(self, v: V) {
        bench_game::<V>(v, self.0)
    }
}

criterion_group!(benches, engine);
criterion_main!(benches);
