//! The user's tasks, one function each, for both faces (the `patience` command and the Python
//! package): each returns data and a typed error, and prints nothing. A face converts its
//! arguments, calls a task and shows the answer.
//!
//! Here so far: [`mod@start`], a game's start position from a seed, a PySolFC game number or a
//! deal file, with every check of a deal file in one place; [`mod@check`], a move list replayed
//! on a deal.

pub mod check;
pub mod start;

pub use start::{DealFrom, StartError, position, start};
