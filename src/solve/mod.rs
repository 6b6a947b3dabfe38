//! The thoughtful solver: exact depth-first search with a transposition table of exact keys.
//!
//! `solved` always comes with a move list that an independent replay (`game::legal`, not the
//! move generator) accepts and that ends with every card on the foundations; `unsolvable` is
//! said only after the search entered every reachable position (up to the proved prunings of
//! [`prune`]); anything else is `unknown`, with the limit that stopped the search.

pub mod key;
pub mod prune;
pub mod search;
pub mod table;

pub use prune::Prune;
pub use search::{End, Limit, Limits, Searcher, Stats, Visit, Win};

use crate::game::position::Position;
use crate::game::{Illegal, Move, Variant, apply, legal};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Default node budget per deal (deterministic, unlike a time limit).
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;
/// Default memory bound of one solver's table: two solvers fit a 24 GiB machine many times over.
pub const DEFAULT_TABLE_BYTES: usize = 2 << 30;

/// How to solve.
#[derive(Clone, Debug)]
pub struct Options {
    pub max_nodes: u64,
    pub timeout: Option<Duration>,
    pub table_bytes: usize,
    pub prune: Prune,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_nodes: DEFAULT_MAX_NODES,
            timeout: None,
            table_bytes: DEFAULT_TABLE_BYTES,
            prune: Prune::default(),
        }
    }
}

/// The answer for one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Solved(Vec<Move>),
    Unsolvable,
    Unknown(Limit),
}

impl Verdict {
    /// `solved`, `unsolvable` or `unknown` (FORMATS.md).
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Solved(_) => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Unknown(_) => "unknown",
        }
    }
}

/// A verdict with the search's counters.
#[derive(Clone, Debug)]
pub struct Solution {
    pub verdict: Verdict,
    pub stats: Stats,
    pub seconds: f64,
}

/// The solver could not give a verdict for a reason other than a limit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(
        "this position is too large for the game's exact state key ({needed} bits, {have} available)"
    )]
    KeyTooSmall { needed: u32, have: u32 },
    #[error("internal error: the solution's move {index} ({mv}) is refused on replay: {why}")]
    BadSolution {
        index: usize,
        mv: Move,
        why: Illegal,
    },
    #[error("internal error: the solution replays without winning")]
    NotWon,
}

/// Replays `moves` from `start` with the direct rules check; the position reached, or the first
/// refused move (0-based index) and why.
pub fn replay<V: Variant>(start: &Position, moves: &[Move]) -> Result<Position, (usize, Illegal)> {
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let m = legal::<V>(&pos, m).map_err(|e| (i, e))?;
        apply::<V>(&mut pos, m);
    }
    Ok(pos)
}

/// A solver for one game, reusable from deal to deal (its table keeps its memory).
pub struct Solver<V: Variant> {
    searcher: Searcher<V, V::Key>,
    pub options: Options,
}

impl<V: Variant> Solver<V> {
    pub fn new(options: Options) -> Self {
        Solver {
            searcher: Searcher::new(options.table_bytes, options.prune),
            options,
        }
    }

    /// Solves from `start`. `cancel` stops the search (verdict `unknown`, cancelled).
    pub fn solve(&mut self, start: &Position, cancel: &AtomicBool) -> Result<Solution, SolveError> {
        let needed = key::KeyContext::max_bits::<V>(start);
        let have = 64 * V::Key::default().as_ref().len() as u32;
        if needed > have {
            return Err(SolveError::KeyTooSmall { needed, have });
        }
        let t0 = Instant::now();
        let limits = Limits {
            max_nodes: self.options.max_nodes,
            deadline: self.options.timeout.map(|d| t0 + d),
            table_bytes: self.options.table_bytes,
        };
        self.searcher.prune = self.options.prune;
        let end = self
            .searcher
            .traverse(start, &mut Win::<V>::default(), &limits, cancel);
        let seconds = t0.elapsed().as_secs_f64();
        let verdict = match end {
            End::Found(moves) => {
                let pos =
                    replay::<V>(start, &moves).map_err(|(index, why)| SolveError::BadSolution {
                        index,
                        mv: moves[index],
                        why,
                    })?;
                if !pos.is_won::<V>() {
                    return Err(SolveError::NotWon);
                }
                Verdict::Solved(moves)
            }
            End::Exhausted => Verdict::Unsolvable,
            End::Stopped(l) => Verdict::Unknown(l),
        };
        Ok(Solution {
            verdict,
            stats: self.searcher.stats,
            seconds,
        })
    }
}
