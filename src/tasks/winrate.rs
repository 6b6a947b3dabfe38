//! A win-rate run (`patience winrate`): its [`Plan`] (games, seeds, a file to retry), the
//! checks of its request (each refusal a [`Refused`]), and the [`Run`] that solves or plays its
//! deals and writes their rows, within its [`RunLimits`].

pub use crate::batch::summary::RunLimits;
pub use crate::batch::winrate::{
    Plan, Refused, Run, Seeds, check_csv, check_pysol, check_retry_knowledge, check_retry_output,
    unknown_deals,
};
