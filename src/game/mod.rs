//! The engine: positions, moves, generation, make/undo and win, generic over a [`Variant`].
//! It never prints, reads files or reads the clock.

pub mod engine;
pub mod moves;
pub mod position;
pub mod rules;
pub mod setup;

pub use engine::{Illegal, Undo, apply, generate, generate_with, legal, talon_card, undo};
pub use moves::{Move, MoveParseError, Place};
pub use position::Position;
pub use rules::{Build, FaceDown, GameFn, Rules, Sight, Space, Stock, Unit, Variant};
pub use setup::{Deal, DealError, check_reachable};
