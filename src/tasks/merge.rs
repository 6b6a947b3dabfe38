//! Result files merged (`patience merge`): their records combined ([`combine`]), the one
//! budget they share ([`one_budget`]), the seeds of the run they are the parts of ([`Plan`]),
//! and the [`Report`] of their tallies.

pub use crate::batch::merge::{combine, one_budget};
pub use crate::batch::plan::{Plan, PlanError};
pub use crate::batch::summary::{Report, Summary, Tally, tallies};
