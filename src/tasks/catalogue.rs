//! A catalogue (`patience catalogue`, docs/difficulty.md): every deal of a range measured
//! with the same [`Budgets`] ([`measure_game`]; by default the game's published catalogue's,
//! [`defaults`]), a [`DealRow`] per deal, graded into a
//! [`Grade`]; and a resumed row's claimed win replayed ([`replay_solution`]).

pub use crate::batch::difficulty::{Budgets, Defaults, defaults, measure_game};
pub use crate::batch::grade::{DealRow, Grade, Thoughtful};
pub use crate::batch::verify::replay_solution;
