//! Hidden play: the win rate of a player who cannot see face-down cards or the order of a
//! one-pass stock (docs/rules.md, "Knowledge").
//!
//! - [`observation`]: what the player sees; no path to the real deal.
//! - [`determinize`]: uniform fill-ins of the unseen cards; random streams per (seed, purpose).
//! - [`planner`]: Monte-Carlo planning over fill-ins, the thoughtful solver as evaluator, UCB1.
//! - [`play`](mod@play): the game driver, which alone holds the real deal: it asks the planner (which
//!   sees only the observation), plays the chosen moves on the real table and updates the
//!   observation with what they revealed.

pub mod determinize;
pub mod observation;
pub mod planner;
pub mod play;

pub use observation::{Observation, game_hides_cards};
pub use planner::{Budget, Planner};
pub use play::{Game, Outcome, play};
