//! Helpers for the engine and solver tests, one copy each, generic over the game (`V: Variant`):
//! hand-made positions ([`positions`]), rule checks against `game::legal` and `game::generate`
//! and random walks ([`checks`]), and solving with the checks every test applies to a verdict
//! ([`solving`]).
//! (Helpers for running the binary live in `common`.)

pub mod checks;
pub mod positions;
pub mod solving;

pub use checks::*;
pub use positions::*;
pub use solving::*;
