//! `patience`: a solver and win-rate analyzer for patience (solitaire) card games.
//!
//! This is the library; the `patience` command (its `cli` and `commands`, behind the default
//! `cli` feature) is a thin binary over it. `cargo build --lib --no-default-features` builds the
//! library alone, without clap, indicatif, ctrlc or anyhow.
//!
//! # The public API
//!
//! - **Games**: [`games`] (the built-in games, each a [`game::Variant`] whose [`game::Rules`]
//!   are plain data, [`games::ALL`], [`games::find`]; rules files, [`games::load`]; and
//!   [`games::with_rules`]: any rules value, built-in or from a file, as a compiled game).
//! - **Deals**: [`deal::deal`] (a pure function of game and seed), [`pysol::pysol_deal`]
//!   (PySolFC's game numbers), [`io::dealfile`] (deal files).
//! - **The engine**: [`game::Position`] with [`game::generate`], [`game::apply`],
//!   [`game::undo`] and the independent rules check [`game::legal`].
//! - **Solving**: [`solve::Solver`] and its [`solve::Options`]; a [`solve::Verdict`] is
//!   `Solved` (with moves an independent replay accepted), `Unsolvable` (an exhaustive search
//!   with exact keys and proved pruning, [`solve::Prune`]) or `Unknown` (with its limit).
//! - **Win rates**: [`batch`] (the parallel runner, records, summaries, merging) and the
//!   result formats of [`io::results`] and [`io::json`].
//! - **Hidden play**: [`hidden`] (what a person sees, and the planner).
//!
//! The search's parts ([`solve::key`], [`solve::prune`], [`solve::blocked`], ...) are public
//! too, for the benchmarks and the tests that check each against brute force.
//!
//! Layers, top down (arrows run one way; `docs/architecture.md` has the picture):
//! `commands -> io -> {batch, hidden} -> solve -> game -> cards`, with `variants -> game`,
//! `deal -> game` and `pysol -> game`. The engine (`game`) never prints, reads files or reads
//! the clock; a variant file holds only its declarative [`game::Rules`]; the search never names
//! a variant.
//!
//! # Example: solve a deal
//!
//! ```
//! use patience::Variant;
//! use patience::game::Position;
//! use patience::solve::{Options, Solver, Verdict, replay};
//! use patience::games::Stonewall;
//! use std::sync::atomic::AtomicBool;
//!
//! let deal = patience::deal::deal(&Stonewall::RULES, 1);
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

pub mod batch;
pub mod cards;
pub mod deal;
pub mod game;
pub mod games;
pub mod hash;
pub mod hidden;
pub mod io;
pub mod memory;
pub mod pysol;
pub mod show;
pub mod solve;

pub use game::Variant;
