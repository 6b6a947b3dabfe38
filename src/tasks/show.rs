//! A solution replayed for a person: every position from the deal's start, each move in words,
//! for `patience show` and `solve --html` (a page, the terminal, or plain text).

use super::TaskError;
use crate::game::{Move, Position, Rules};
use crate::show::Replay;

/// The replay of `moves` from `start` in the game of `rules`, titled `title`; a move the rules
/// refuse is an error ([`crate::show::IllegalStep`]).
pub fn replay(
    rules: &'static Rules,
    title: String,
    start: &Position,
    moves: &[Move],
) -> Result<Replay, TaskError> {
    Ok(crate::for_game!(rules, <V(v), 'a>(
        title: String = title,
        start: &'a Position = start,
        moves: &'a [Move] = moves,
    ) -> Result<Replay, crate::show::IllegalStep> => Replay::new::<V>(v, title, start, moves))??)
}
