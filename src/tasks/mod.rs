//! The user's tasks, one function each, for both faces (the `patience` command and the Python
//! package): each returns data and a typed error, and prints nothing. A face converts its
//! arguments, calls a task and shows the answer.
//!
//! Here so far: [`mod@start`], a game's start position from a seed, a PySolFC game number or a
//! deal file, with every check of a deal file in one place; [`mod@check`], a move list replayed
//! on a deal. The runs over many deals, each a module of the parts its command puts together:
//! [`winrate`], [`catalogue`], [`sweep`], [`merge`], and [`verify`] for claimed wins.

pub mod catalogue;
pub mod check;
pub mod merge;
pub mod start;
pub mod sweep;
pub mod verify;
pub mod winrate;

pub use start::{DealFrom, StartError, position, start};
