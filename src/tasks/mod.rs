//! The user's tasks, one function each, for both faces (the `patience` command and the Python
//! package): each returns data and a typed error, and prints nothing. A face converts its
//! arguments, calls a task and shows the answer. The game dispatch ([`crate::for_game!`]) is
//! done here, inside each task: a face hands over the game's [`crate::Rules`] and never names a
//! compiled game.
//!
//! The tasks: [`mod@start`], a game's start position from a seed, a PySolFC game number or a
//! deal file, with every check of a deal file in one place; [`mod@check`], a move list replayed
//! on a deal; [`mod@solve`], one deal solved, with its text; [`mod@show`], a solution replayed
//! for a page or the terminal; [`mod@hint`], the planner's move on what a player sees;
//! [`mod@play`], one deal played to its end; [`mod@winrate`], many deals of one game solved or
//! played in parallel (and the parts of the command's run over several games). The other runs
//! over many deals, each a module of the parts its command puts together: [`catalogue`],
//! [`sweep`], [`merge`], and [`verify`] for claimed wins.

pub mod catalogue;
pub mod check;
pub mod hint;
pub mod merge;
pub mod play;
pub mod show;
pub mod solve;
pub mod start;
pub mod sweep;
pub mod verify;
pub mod winrate;

pub use start::{DealFrom, StartError, position, start};

use crate::games::RulesError;

/// Why a task gives no answer: its input is refused, or the search failed. Each displays as
/// its cause does (one line, the same the cause alone would give).
#[derive(Debug, thiserror::Error)]
pub enum TaskError {
    /// Rules that are not a game ([`crate::games::with_rules`]).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A deal the game cannot start from (boxed: the other answers are small).
    #[error(transparent)]
    Start(Box<StartError>),
    /// A move list that belongs to another game or deal.
    #[error(transparent)]
    Check(#[from] check::CheckError),
    /// A solve that failed for a reason other than a limit.
    #[error(transparent)]
    Solve(#[from] crate::solve::SolveError),
    /// A planner that failed for a reason other than a limit or Ctrl-C.
    #[error(transparent)]
    Plan(crate::hidden::planner::PlanError),
    /// A deal of a pass that failed.
    #[error(transparent)]
    Deal(#[from] crate::batch::run::DealFailed),
    /// A move of a solution that the rules refuse on replay.
    #[error(transparent)]
    Replay(#[from] crate::show::IllegalStep),
    /// Worker threads the system cannot start.
    #[error("cannot start {threads} worker thread(s): {why}")]
    Threads { threads: usize, why: String },
}

impl From<StartError> for TaskError {
    fn from(e: StartError) -> TaskError {
        TaskError::Start(Box::new(e))
    }
}
