//! Claims of result files checked: a row's win replayed on its real deal ([`replay`], and
//! [`replay_solution`] for a solution and a deal number).

pub use crate::batch::verify::{replay, replay_solution};
