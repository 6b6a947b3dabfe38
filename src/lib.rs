//! `patience`: a solver and win-rate analyzer for patience (solitaire) card games.
//!
//! Layers, top down (arrows run one way):
//! `commands -> {batch, hidden} -> solve -> game -> cards`, with `variants -> game` and `io -> game`
//! (and `hash`, a hasher, under any of them).
//! The engine (`game`) never prints, reads files or reads the clock; a variant file holds only
//! its declarative [`game::Rules`]; the search never names a variant.

pub mod batch;
pub mod cards;
pub mod cli;
pub mod commands;
pub mod deal;
pub mod game;
pub mod hash;
pub mod hidden;
pub mod io;
pub mod pysol;
pub mod solve;
pub mod variants;
