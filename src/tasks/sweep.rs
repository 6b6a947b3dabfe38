//! A rule sweep (`patience sweep`): each combination of the values of the [`Vary`]s is a game
//! of its own ([`variants`], a [`SweepVariant`] each, whose rules files [`write_rules_files`]
//! writes), run on the same seeds and set side by side in a [`SweepTable`].

pub use crate::batch::sweep::{SweepTable, SweepVariant, Vary, variants, write_rules_files};
