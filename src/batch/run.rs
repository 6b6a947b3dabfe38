//! The parallel runner: the deals of one variant solved on a rayon pool.
//!
//! Each deal is one task (`par_bridge` hands out the seeds one at a time, roughly in increasing
//! order, so an interrupted run leaves nearly a prefix of the seeds done). Each worker thread of
//! the pool has one [`Solver`] for the whole pass, created on its first deal and reused for the
//! next ones (the table keeps its memory; clearing it is O(1)). Results travel over a channel to
//! the calling thread, which alone handles them (writes the CSV row, counts, draws the bar).

use super::{Answer, DealSource, Record};
use crate::game::{DealError, Position, Variant};
use crate::hidden::planner::{PlanError, Resign};
use crate::hidden::{Budget, Game, Outcome as HiddenOutcome, Planner, play};
use crate::solve::{Limit, Options, Solution, SolveError, Solver, Verdict};
use rayon::iter::{ParallelBridge, ParallelIterator};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::Instant;

/// A deal of a pass that could not be made or solved (none can happen with a seeded deal of a
/// built-in game, nor with a PySolFC number of a game PySolFC has: the caller checks that
/// first; the pass stops with it all the same rather than count it).
#[derive(Debug, thiserror::Error)]
pub enum DealFailed {
    #[error("the {game} deal of {} {seed}", from.number_word())]
    Deal {
        game: &'static str,
        from: DealSource,
        seed: u128,
        /// Boxed: the error of every deal's solve is kept small.
        #[source]
        source: Box<DealError>,
    },
    #[error("{game} {} {seed}", from.number_word())]
    Pysol {
        game: &'static str,
        from: DealSource,
        seed: u128,
        #[source]
        source: crate::pysol::PysolError,
    },
    #[error("{game} {} {seed}", from.number_word())]
    Solve {
        game: &'static str,
        from: DealSource,
        seed: u128,
        #[source]
        source: SolveError,
    },
    /// Hidden play ([`play_all`]) failed.
    #[error("{game} {} {seed}", from.number_word())]
    Play {
        game: &'static str,
        from: DealSource,
        seed: u128,
        #[source]
        source: PlanError,
    },
}

/// How a pass ended.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PassEnd {
    /// Deals finished (handed to the callback).
    pub done: u64,
    /// Wall-clock seconds of the pass.
    pub wall: f64,
    /// `cancel` was raised: deals in flight were dropped, the others not started.
    pub cancelled: bool,
}

/// Solves the deal of number `seed` from `from` with `solver`.
pub fn solve_seed<V: Variant>(
    v: V,
    solver: &mut Solver<V>,
    from: DealSource,
    seed: u128,
    cancel: &AtomicBool,
) -> Result<Solution, DealFailed> {
    let deal = from
        .deal(v.rules(), seed)
        .map_err(|source| DealFailed::Pysol {
            game: v.rules().id,
            from,
            seed,
            source,
        })?;
    let pos = Position::from_deal::<V>(v, &deal).map_err(|source| DealFailed::Deal {
        game: v.rules().name,
        from,
        seed,
        source: Box::new(source),
    })?;
    solver
        .solve(&pos, cancel)
        .map_err(|source| DealFailed::Solve {
            game: v.rules().id,
            from,
            seed,
            source,
        })
}

/// The record of a finished solve of our seed `seed` (the caller sets another source with
/// [`Record::with_source`]); `None` for one stopped by `cancel` (not a result).
pub fn record_of<V: Variant>(v: V, seed: u128, sol: &Solution) -> Option<Record> {
    let answer = match &sol.verdict {
        Verdict::Solved(moves) => Answer::Won {
            moves: moves.len() as u32,
        },
        Verdict::Unsolvable => Answer::Lost,
        Verdict::Unknown(Limit::Cancelled) => return None,
        Verdict::Unknown(limit) => Answer::Unknown(*limit),
    };
    // A win puts every card up (its last position is not counted among those searched).
    let up = match answer {
        Answer::Won { .. } => v.rules().cards() as u8,
        _ => sol.stats.best_up,
    };
    let record =
        Record::new(v.rules().id, seed, answer, sol.stats.nodes, sol.seconds).with_cards_up(up);
    Some(match &sol.verdict {
        Verdict::Solved(moves) => record.with_solution(moves),
        _ => record,
    })
}

/// Solves the deals of game `V` for `seeds` (numbers of `from`'s deals) on `pool`, each worker with its own solver of
/// `options`, and calls `on_record` on the calling thread for each finished deal, in the order
/// they finish. When `cancel` is raised (Ctrl-C) the deals in flight stop and are dropped and
/// no new one starts. An error (from `on_record`, or a solver error) stops the pass: deals in
/// flight still finish and are handed over, then the first error is returned.
pub fn solve_all<V, I, E>(
    v: V,
    pool: &rayon::ThreadPool,
    options: &Options,
    from: DealSource,
    seeds: I,
    cancel: &AtomicBool,
    on_record: impl FnMut(Record) -> Result<(), E>,
) -> Result<PassEnd, E>
where
    V: Variant,
    I: Iterator<Item = u128> + Send,
    E: From<DealFailed> + Send,
{
    run_all(
        pool,
        seeds,
        cancel,
        || Solver::<V>::new(v, options.clone()),
        |solver: &mut Solver<V>, seed| {
            let sol = solve_seed::<V>(v, solver, from, seed, cancel)?;
            Ok(record_of::<V>(v, seed, &sol).map(|r| r.with_source(from)))
        },
        on_record,
    )
}

/// The runner behind [`solve_all`], for any per-deal work: each worker thread keeps one state
/// made by `make` (created on its first deal), `work` turns a seed into a record (`None`: the
/// deal was cancelled, not a result), and `on_record` runs on the calling thread as in
/// [`solve_all`]. A record is a [`Record`] for a win rate, a catalogue row for `catalogue`.
pub fn run_all<W, T, I, E>(
    pool: &rayon::ThreadPool,
    seeds: I,
    cancel: &AtomicBool,
    make: impl Fn() -> W + Sync,
    work: impl Fn(&mut W, u128) -> Result<Option<T>, E> + Sync,
    mut on_record: impl FnMut(T) -> Result<(), E>,
) -> Result<PassEnd, E>
where
    W: Send,
    T: Send,
    I: Iterator<Item = u128> + Send,
    E: Send,
{
    let t0 = Instant::now();
    let stop = AtomicBool::new(false);
    let workers: Vec<Mutex<Option<W>>> = (0..pool.current_num_threads())
        .map(|_| Mutex::new(None))
        .collect();
    let (tx, rx) = mpsc::channel::<Result<Option<T>, E>>();
    let mut first_error: Option<E> = None;
    let mut done = 0u64;
    // The deals are handed out by a job of the pool itself, not by a thread of its own: a
    // pass starts no thread (which could fail where memory is short), it only uses the pool's.
    pool.in_place_scope(|scope| {
        let (stop, workers, make, work) = (&stop, &workers, &make, &work);
        scope.spawn(move |_| {
            // The seeds stop coming as soon as the pass is stopped or cancelled: the pool
            // never walks through the seeds that are left (2^64 of them, at worst) to skip
            // them one by one.
            let running = move || !stop.load(Ordering::Relaxed) && !cancel.load(Ordering::Relaxed);
            let seeds = seeds.take_while(move |_| running());
            seeds.par_bridge().for_each_with(tx, |tx, seed| {
                if stop.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
                    return;
                }
                let worker = rayon::current_thread_index().expect("running in the pool");
                // Only this worker ever takes its own slot: the lock is never contended.
                let mut slot = workers[worker]
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                let state = slot.get_or_insert_with(make);
                // The receiver only goes away after every sender: sending cannot fail.
                let _ = tx.send(work(state, seed));
            });
        });
        // Ends when the pool is done and every sender is dropped.
        for result in rx {
            if first_error.is_some() {
                continue;
            }
            let handled = result.and_then(|record| match record {
                Some(record) => {
                    done += 1;
                    on_record(record)
                }
                None => Ok(()),
            });
            if let Err(e) = handled {
                first_error = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok(PassEnd {
        done,
        wall: t0.elapsed().as_secs_f64(),
        cancelled: cancel.load(Ordering::Relaxed),
    })
}

/// Plays the deals of game `V` for `seeds` (numbers of `from`'s deals) in hidden play on
/// `pool`: each worker keeps a solver of `options` (the exact shortcut) and a planner of
/// `budget` whose solves follow `options`' pruning and table bound. As [`solve_all`] otherwise.
#[allow(clippy::too_many_arguments)]
pub fn play_all<V, I, E>(
    v: V,
    pool: &rayon::ThreadPool,
    options: &Options,
    budget: Budget,
    from: DealSource,
    seeds: I,
    cancel: &AtomicBool,
    on_record: impl FnMut(Record) -> Result<(), E>,
) -> Result<PassEnd, E>
where
    V: Variant,
    I: Iterator<Item = u128> + Send,
    E: From<DealFailed> + Send,
{
    run_all(
        pool,
        seeds,
        cancel,
        || {
            (
                Solver::<V>::new(v, options.clone()),
                Planner::<V>::with_options(v, budget, options),
            )
        },
        |(exact, planner): &mut (Solver<V>, Planner<V>), seed| {
            let t0 = Instant::now();
            let game = v.rules().id;
            let deal = from
                .deal(v.rules(), seed)
                .map_err(|source| DealFailed::Pysol {
                    game,
                    from,
                    seed,
                    source,
                })?;
            let pos = Position::from_deal::<V>(v, &deal).map_err(|source| DealFailed::Deal {
                game: v.rules().name,
                from,
                seed,
                source: Box::new(source),
            })?;
            // The planner's samples are drawn from the number too: a PySolFC game is played
            // as reproducibly as our seed (a number past 2^64 - 1 folded into 64 bits).
            let planner_seed = (seed ^ (seed >> 64)) as u64;
            let played = play::<V>(
                v,
                &pos,
                planner_seed,
                planner,
                exact,
                cancel,
                &mut |_, _| {},
            )
            .map_err(|source| DealFailed::Play {
                game,
                from,
                seed,
                source,
            })?;
            Ok(played.map(|g| {
                hidden_record::<V>(v, seed, &g, budget, t0.elapsed().as_secs_f64())
                    .with_source(from)
            }))
        },
        on_record,
    )
}

/// The record of a hidden-play game played with `budget`: `solved` won, `unsolvable` lost,
/// `unknown` when a limit stopped the search on a position where every card was known.
pub fn hidden_record<V: Variant>(
    v: V,
    seed: u128,
    game: &Game,
    budget: Budget,
    seconds: f64,
) -> Record {
    let answer = match game.outcome {
        HiddenOutcome::Won => Answer::Won {
            moves: game.moves.len() as u32,
        },
        HiddenOutcome::Unknown(l) => Answer::Unknown(l),
        HiddenOutcome::Resigned(Resign::Unknown) => Answer::Unknown(Limit::Nodes),
        _ => Answer::Lost,
    };
    let record = Record::new(v.rules().id, seed, answer, game.nodes, seconds).hidden(budget);
    match game.outcome {
        HiddenOutcome::Won => record.with_solution(&game.moves),
        _ => record,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Stonewall;

    fn run(threads: usize, seeds: std::ops::Range<u128>) -> Vec<Record> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let options = Options {
            max_nodes: 5_000,
            table_bytes: 16 << 20,
            ..Options::default()
        };
        let mut got = Vec::new();
        let end = solve_all::<Stonewall, _, anyhow::Error>(
            Stonewall,
            &pool,
            &options,
            DealSource::Seed,
            seeds,
            &AtomicBool::new(false),
            |r| {
                got.push(r);
                Ok(())
            },
        )
        .unwrap();
        assert!(!end.cancelled);
        assert_eq!(end.done, got.len() as u64);
        got.sort_by_key(|r| r.seed);
        got
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let one = run(1, 0..12);
        let three = run(3, 0..12);
        assert_eq!(one.len(), 12);
        assert_eq!(
            one.iter().map(|r| r.seed).collect::<Vec<_>>(),
            (0..12).collect::<Vec<_>>()
        );
        for (a, b) in one.iter().zip(&three) {
            assert!(a.same_result(b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn a_raised_cancel_flag_starts_nothing() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let end = solve_all::<Stonewall, _, anyhow::Error>(
            Stonewall,
            &pool,
            &Options::default(),
            DealSource::Seed,
            0..100,
            &AtomicBool::new(true),
            |_| panic!("no deal should run"),
        )
        .unwrap();
        assert!(end.cancelled);
        assert_eq!(end.done, 0);
    }

    #[test]
    fn an_error_stops_the_pass() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let options = Options {
            max_nodes: 2_000,
            ..Options::default()
        };
        let mut calls = 0;
        let err = solve_all::<Stonewall, _, anyhow::Error>(
            Stonewall,
            &pool,
            &options,
            DealSource::Seed,
            0..10_000,
            &AtomicBool::new(false),
            |_| {
                calls += 1;
                anyhow::bail!("disk full")
            },
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "disk full");
        assert_eq!(calls, 1);
    }

    /// The rows of `seeds` solved one after another by one solver (as a worker does, its
    /// tables kept and cleared between deals), in the order given.
    fn one_worker<V: Variant>(v: V, options: &Options, seeds: &[u128]) -> Vec<Record> {
        let mut solver = Solver::new(v, options.clone());
        let cancel = AtomicBool::new(false);
        seeds
            .iter()
            .map(|&s| {
                let sol = solve_seed::<V>(v, &mut solver, DealSource::Seed, s, &cancel).unwrap();
                record_of::<V>(v, s, &sol).unwrap()
            })
            .collect()
    }

    /// A worker's solver, reused from deal to deal, gives each deal the row a fresh solver
    /// gives it (verdict, moves, nodes, cards up), whatever the order of the deals: large
    /// searches before small ones and after, wins, losses and deals stopped at the budget.
    #[test]
    fn a_reused_solver_gives_the_rows_of_fresh_ones_in_either_order() {
        fn check<V: Variant>(v: V, seeds: &[u128], max_nodes: u64) -> [usize; 3] {
            let options = Options {
                max_nodes,
                ..Options::default()
            };
            let fresh: Vec<Record> = seeds
                .iter()
                .flat_map(|&s| one_worker(v, &options, &[s]))
                .collect();
            let forward = one_worker(v, &options, seeds);
            let rev: Vec<u128> = seeds.iter().rev().copied().collect();
            let mut backward = one_worker(v, &options, &rev);
            backward.reverse();
            for ((a, b), c) in fresh.iter().zip(&forward).zip(&backward) {
                assert!(a.same_result(b) && a.solution == b.solution, "{a:?} {b:?}");
                assert!(a.same_result(c) && a.solution == c.solution, "{a:?} {c:?}");
            }
            let mut kinds = [0; 3];
            for r in &fresh {
                kinds[match r.answer {
                    crate::batch::Answer::Won { .. } => 0,
                    crate::batch::Answer::Lost => 1,
                    crate::batch::Answer::Unknown(_) => 2,
                }] += 1;
            }
            kinds
        }
        let seeds: Vec<u128> = (0..16).collect();
        let [won, lost, unknown] = check(crate::games::KlondikeDraw3, &seeds, 60_000);
        assert!(won > 5 && lost + unknown > 0, "{won} {lost} {unknown}");
        let [won, lost, unknown] = check(Stonewall, &seeds[..8], 20_000);
        assert!(won > 0 && lost + unknown > 0, "{won} {lost} {unknown}");
    }
}
