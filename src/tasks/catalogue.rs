//! A catalogue (`patience catalogue`, docs/difficulty.md): every deal of a range measured
//! with the same [`Budgets`] ([`measure_game`]), a [`DealRow`] per deal, graded into a
//! [`Grade`]; and a resumed row's claimed win replayed ([`replay_solution`]).

pub use crate::batch::difficulty::{Budgets, measure_game, planner_default};
pub use crate::batch::grade::{DealRow, Grade, Thoughtful};
pub use crate::batch::verify::replay_solution;

impl Budgets {
    /// The nodes of a catalogue's thoughtful solve when none is given.
    pub const DEFAULT_MAX_NODES: u64 = crate::batch::difficulty::DEFAULT_MAX_NODES;
    /// The nodes of each probe of the narrowness measure when none is given.
    pub const DEFAULT_PROBE_NODES: u64 = crate::batch::difficulty::DEFAULT_PROBE_NODES;
}
