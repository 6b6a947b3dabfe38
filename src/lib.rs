//! `patience`: a solver and win-rate analyzer for patience (solitaire) card games.
//!
//! This is the library; the `patience` command (its `cli` and `commands`, behind the default
//! `cli` feature) is a thin binary over it. `cargo build --lib --no-default-features` builds the
//! library alone, without clap, indicatif, ctrlc or anyhow.
//!
//! # The public API
//!
//! The modules are private; the crate root re-exports what a library user needs, and four
//! modules are public because their contents read best under a name: [`games`] (the game
//! types, `patience::games::Klondike`, beside the functions that find and load games), [`io`]
//! (each file format is a module of readers and writers, `patience::io::results`), [`show`]
//! (a solution replayed, [`show::Replay`], as text, a picture, an HTML page, and plots of
//! result files) and [`tasks`] (the user's tasks, which the command and the Python package
//! share). The command and the Python package use this API and nothing else.
//!
//! - **Games**: [`games`] (the built-in games, each a [`Variant`] whose [`Rules`] are plain
//!   data, [`games::ALL`], [`games::find`]; the games a program knows, built-in and from rules
//!   files, [`games::Games`] (`lookup`, `load`, `add`);
//!   and [`games::with_rules`]: any rules value, built-in or from a file, as a compiled game,
//!   handed to a [`GameFn`], or written in place with [`for_game!`]); the parts of the rules: [`Build`], [`FaceDown`], [`Sight`],
//!   [`Space`], [`Stock`], [`Unit`].
//! - **Deals**: [`deal()`] (a pure function of game and seed, giving a [`Deal`], or a
//!   [`DealError`] for a deal that does not fit its game), [`pysol_deal`] (PySolFC's game
//!   numbers, each a [`PysolNumber`] read and shown as PySolFC writes it, or a [`PysolError`];
//!   [`pysol_game`], the [`PysolGame`] whose deals a game takes), [`io::dealfile`] (deal files).
//! - **The engine**: [`Position`] with [`generate`], [`apply`] (giving an [`Undo`]),
//!   [`undo`] and the independent rules check [`legal`] (or [`Illegal`]), over [`Move`]s.
//! - **Solving**: [`Solver`] and its [`Options`]; a [`Solution`] holds a [`Verdict`]:
//!   `Solved` (with moves an independent replay, [`replay`], accepted), `Unsolvable` (an
//!   exhaustive search with exact keys and proved pruning, [`Prune`]) or `Unknown` (with its
//!   [`Limit`]); a bad request is a [`SolveError`].
//! - **Win rates**: the parallel runner, [`solve_all`] and [`play_all`] (a deal that fails
//!   is a [`DealFailed`]), over a [`SeedRange`] of deals (`A..B`, read with `FromStr` and
//!   shown with `Display`; one [`Shard`] of it, `K/N`, a [`Selection`]) from a [`DealSource`],
//!   each giving a [`Record`] (what the player knew: [`Knowledge`]; a [`Row`] with its line in
//!   a result file); records merged with [`combine`] and summed up by [`tallies`] into
//!   [`Tally`]s; the result formats of [`io::results`] and [`io::json`]. The runs of the
//!   command, as parts to put together: [`tasks::winrate`], [`tasks::catalogue`],
//!   [`tasks::sweep`] (over [`Vary`]s, `KEY=V1,V2`), [`tasks::merge`], [`tasks::verify`].
//! - **Hidden play**: what a person sees, an [`Observation`] (does the game hide any card:
//!   [`game_hides_cards`]); the [`Planner`] and its [`Budget`], whose decision is an
//!   [`Action`] (or a [`PlanError`]; its moves in a line, [`plan_short`]); [`play()`], a
//!   [`Game`] to its [`Outcome`], and [`play_unaided`], the same game watched turn by turn.
//! - **Memory**: a program with its own global allocator tells the table's allocations, which
//!   may fail ([`fallible`]), from the others with [`is_fallible`].
//!
//! Everything else (the search's parts) is in `patience::internal`, behind the `internals`
//! cargo feature, hidden from the docs and outside any promise: it is there for the benchmarks,
//! the examples and the tests that check each part against brute force (the crate's
//! dev-dependency on itself turns the feature on for them, so `cargo test` needs no flag).
//!
//! Layers, top down (arrows run one way; `docs/architecture.md` has the picture):
//! `commands -> io -> {batch, hidden} -> solve -> game -> cards`, with `games -> game`,
//! `deal -> game` and `pysol -> game`, and `memory` (bounded reads, the table's allocations)
//! below them. The engine (`game`) never prints, reads files or reads the clock; a built-in
//! game's file holds only its declarative [`Rules`]; the search never names a game.
//!
//! # Example: solve a deal
//!
//! ```
//! use patience::games::Stonewall;
//! use patience::{Options, Position, Solver, Variant, Verdict, replay};
//! use std::sync::atomic::AtomicBool;
//!
//! let deal = patience::deal(&Stonewall::RULES, 1);
//! let start = Position::from_deal::<Stonewall>(Stonewall, &deal).unwrap();
//! let mut solver = Solver::<Stonewall>::new(Stonewall, Options {
//!     max_nodes: 1_000_000,
//!     table_bytes: 64 << 20,
//!     ..Options::default()
//! });
//! let solution = solver.solve(&start, &AtomicBool::new(false)).unwrap();
//! match solution.verdict {
//!     Verdict::Solved(moves) => {
//!         // The moves win when replayed by the rules check.
//!         let end = replay::<Stonewall>(Stonewall, &start, &moves).unwrap();
//!         assert!(end.is_won::<Stonewall>(Stonewall));
//!     }
//!     other => panic!("Stonewall seed 1 is won, not {other:?}"),
//! }
//! ```

// Without `internals` (a plain `cargo build` or `cargo doc`), the parts that only the tests and
// benchmarks reach, through `patience::internal`, go unused, and the docs' links to them lead
// to no page, as when `internal` was hidden from the docs; with it they are all reachable.
#![cfg_attr(
    not(feature = "internals"),
    allow(dead_code, unused_imports, rustdoc::private_intra_doc_links)
)]

mod batch;
mod cards;
mod deal;
mod game;
pub mod games;
mod hash;
mod hidden;
pub mod io;
mod memory;
mod pysol;
pub mod show;
mod solve;
pub mod tasks;

pub use batch::run::DealFailed;
pub use batch::run::{play_all, solve_all};
pub use batch::summary::{Tally, tallies};
pub use batch::sweep::Vary;
pub use batch::{DealSource, Knowledge, Record, Row, SeedRange, Selection, Shard, merge::combine};
pub use deal::{SeedMismatch, deal};
pub use game::{
    Build, Deal, DealError, FaceDown, GameFn, Illegal, Move, Position, Rules, Sight, Space, Stock,
    Undo, Unit, Variant, apply, generate, legal, undo,
};
pub use hidden::planner::{Action, PlanError, plan_short};
pub use hidden::play::{Game, Outcome, play, play_seed, play_unaided};
pub use hidden::{Budget, Observation, Planner, game_hides_cards};
pub use memory::{fallible, is_fallible};
pub use pysol::{PysolError, PysolGame, PysolNumber, pysol_deal, pysol_game};
pub use solve::prune::Rule as PruneRule;
pub use solve::{Limit, Options, Prune, Solution, SolveError, Solver, Verdict, replay};

/// The crate's inner modules, for the benchmarks, the examples and the tests that check each
/// part against brute force (behind the `internals` feature, which the crate's own
/// dev-dependency on itself turns on): no part of the public API, and free to change with the
/// code. The command and the Python package do not use it.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internal {
    /// The win-rate analyzer's parts.
    pub mod batch {
        pub use crate::batch::*;
    }
    /// Cards, ranks, suits.
    pub mod cards {
        pub use crate::cards::*;
    }
    /// Seeded deals.
    pub mod deal {
        pub use crate::deal::*;
    }
    /// The engine.
    pub mod game {
        pub use crate::game::*;
    }
    /// The games' registry, custom shapes and rules files.
    pub mod games {
        pub use crate::games::*;
        /// The built-in games.
        pub mod builtin {
            pub use crate::games::builtin::*;
        }
        /// The shapes of games from files.
        pub mod custom {
            pub use crate::games::custom::*;
        }
        /// Rules files.
        pub mod file {
            pub use crate::games::file::*;
        }
    }
    /// The crate's hasher.
    pub mod hash {
        pub use crate::hash::*;
    }
    /// Hidden play.
    pub mod hidden {
        pub use crate::hidden::*;
    }
    /// The allocator hook of the table's growth.
    pub mod memory {
        pub use crate::memory::*;
    }
    /// PySolFC's game numbers.
    pub mod pysol {
        pub use crate::pysol::*;
    }
    /// Replays, text tables, pages and plots.
    pub mod show {
        pub use crate::show::*;
    }
    /// The solver's parts.
    pub mod solve {
        pub use crate::solve::*;
    }
}
