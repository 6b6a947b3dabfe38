//! Places and moves, and their text form (`T3>F1`, `T1>T4x3`, `S>W`, `W>S`).

use std::fmt;
use std::str::FromStr;

/// A place on the table, numbered from 0 inside the engine (printed from 1).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    Tableau(u8),
    Reserve(u8),
    Foundation(u8),
    Stock,
    Waste,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Tableau(i) => write!(f, "T{}", i + 1),
            Place::Reserve(i) => write!(f, "R{}", i + 1),
            Place::Foundation(i) => write!(f, "F{}", i + 1),
            Place::Stock => write!(f, "S"),
            Place::Waste => write!(f, "W"),
        }
    }
}

/// One move: `count` cards from `from` to `to`. Turning the stock is `Stock -> Waste` with the
/// number of cards turned; turning the waste back is `Waste -> Stock` with the waste's size.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Place,
    pub to: Place,
    pub count: u8,
}

impl Move {
    pub const fn new(from: Place, to: Place, count: u8) -> Move {
        Move { from, to, count }
    }
    /// A talon play (the solver's K+ move; never shown, see `game::engine::generate_with`):
    /// turn the stock, turning the waste back once first when `redeal`, until the waste holds
    /// `target` cards, then play the waste's top card to `to`. It is written `Stock -> to` with
    /// `target` and the redeal bit in the count, a form no real move has.
    pub const fn talon_play(target: u8, redeal: bool, to: Place) -> Move {
        debug_assert!(target < 0x80);
        Move {
            from: Place::Stock,
            to,
            count: target | if redeal { 0x80 } else { 0 },
        }
    }
    /// The target waste size and the redeal bit of a talon play; `None` for any other move.
    #[inline(always)]
    pub fn as_talon_play(&self) -> Option<(u8, bool)> {
        (self.from == Place::Stock && self.to != Place::Waste)
            .then_some((self.count & 0x7F, self.count & 0x80 != 0))
    }
    /// A twin shift (the solver's move where the tableau is keyed as a set of cards; never
    /// shown, see `solve::loose`): the run lying on the next card of foundation `f`'s suit in
    /// pile `p` moves onto pile `q`, whose top card is that card's twin (same rank and colour),
    /// and the card, now bare, goes up to `f`. It is written `T(p) -> F(f)` with `q` and a flag
    /// in the count, a form no real move has (a card goes up alone).
    pub const fn twin_shift(p: u8, q: u8, f: u8) -> Move {
        debug_assert!(q < 0x40);
        Move {
            from: Place::Tableau(p),
            to: Place::Foundation(f),
            count: 0x80 | q,
        }
    }
    /// The pile that takes the run, for a twin shift; `None` for any other move.
    #[inline(always)]
    pub fn as_twin_shift(&self) -> Option<u8> {
        (self.count & 0x80 != 0
            && matches!(self.from, Place::Tableau(_))
            && matches!(self.to, Place::Foundation(_)))
        .then_some(self.count & 0x3F)
    }
    /// Is this the stock turn or the redeal (whose count is implied by the position)?
    pub fn is_talon(&self) -> bool {
        matches!(
            (self.from, self.to),
            (Place::Stock, Place::Waste) | (Place::Waste, Place::Stock)
        )
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}>{}", self.from, self.to)?;
        if self.count > 1 && !self.is_talon() {
            write!(f, "x{}", self.count)?;
        }
        Ok(())
    }
}

/// A move token that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad move token {text:?}: {why}")]
pub struct MoveParseError {
    pub text: String,
    pub why: &'static str,
}

fn parse_place(s: &str) -> Result<Place, &'static str> {
    let s = s.trim();
    let upper = s.to_ascii_uppercase();
    match upper.as_str() {
        "S" => return Ok(Place::Stock),
        "W" => return Ok(Place::Waste),
        _ => {}
    }
    let (kind, num) = upper.split_at(upper.chars().next().map_or(0, |c| c.len_utf8()));
    let n: u8 = num
        .parse()
        .map_err(|_| "a place is T1..T13, R1..R16, F1..F8, S or W")?;
    if n == 0 {
        return Err("places are numbered from 1");
    }
    match kind {
        "T" => Ok(Place::Tableau(n - 1)),
        "R" => Ok(Place::Reserve(n - 1)),
        "F" => Ok(Place::Foundation(n - 1)),
        _ => Err("a place is T1..T13, R1..R16, F1..F8, S or W"),
    }
}

impl FromStr for Move {
    type Err = MoveParseError;
    /// Reads `T3>F1`, `T1>T4x3`, `S>W`, `W>S`. The count of a talon move is filled in on replay.
    fn from_str(text: &str) -> Result<Move, MoveParseError> {
        let err = |why| MoveParseError {
            text: text.to_string(),
            why,
        };
        let (from, rest) = text
            .split_once('>')
            .ok_or_else(|| err("expected FROM>TO"))?;
        let (to, count) = match rest.split_once(['x', 'X']) {
            Some((to, n)) => {
                let n: u8 = n
                    .parse()
                    .map_err(|_| match n.bytes().all(|b| b.is_ascii_digit()) {
                        true if !n.is_empty() => err("the count after x is at most 255"),
                        _ => err("the count after x must be a whole number"),
                    })?;
                if n < 2 {
                    return Err(err("a count after x must be at least 2"));
                }
                (to, n)
            }
            None => (rest, 1),
        };
        let from = parse_place(from).map_err(err)?;
        let to = parse_place(to).map_err(err)?;
        if from == to {
            return Err(err("a move must go somewhere else"));
        }
        Ok(Move { from, to, count })
    }
}

/// What a move does on `pos` (before it is played), in words: `7H onto 8S`, `9C..7H onto
/// 10D`, `AH to the foundation`, `turn 3 cards`.
pub fn describe(pos: &super::Position, m: Move) -> String {
    let moving = match m.from {
        Place::Tableau(p) => {
            let pile = &pos.piles[p as usize];
            let len = pile.len as usize;
            let (bottom, top) = (pile.card(len - m.count as usize), pile.card(len - 1));
            if m.count > 1 {
                format!("{bottom}..{top}")
            } else {
                bottom.to_string()
            }
        }
        Place::Reserve(r) => crate::cards::Card::from_index(pos.reserve[r as usize]).to_string(),
        Place::Waste => pos.waste_top().map(|c| c.to_string()).unwrap_or_default(),
        Place::Foundation(f) => pos
            .found_top(f as usize)
            .map(|c| c.to_string())
            .unwrap_or_default(),
        Place::Stock => {
            return format!(
                "turn {} card{}",
                m.count,
                if m.count == 1 { "" } else { "s" }
            );
        }
    };
    match m.to {
        Place::Foundation(_) => format!("{moving} to the foundation"),
        Place::Tableau(q) if pos.piles[q as usize].is_empty() => {
            format!("{moving} into the empty pile")
        }
        Place::Tableau(q) => format!("{moving} onto {}", pos.piles[q as usize].top()),
        Place::Stock => "turn the waste over".to_string(),
        _ => moving,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_tokens_round_trip() {
        for t in ["T3>F1", "R5>T2", "T1>T4x3", "S>W", "W>S", "F8>T13", "W>T12"] {
            let m: Move = t.parse().unwrap();
            assert_eq!(m.to_string(), t);
        }
        let m: Move = "t1>t4X3".parse().unwrap();
        assert_eq!(m, Move::new(Place::Tableau(0), Place::Tableau(3), 3));
    }

    #[test]
    fn bad_move_tokens_are_refused() {
        for t in [
            "", "T3", "T3-F1", "T0>F1", "X1>F1", "T1>T1", "T1>T2x", "T1>T2x1", "T1>T2xz", ">T2",
        ] {
            assert!(t.parse::<Move>().is_err(), "{t:?} accepted");
        }
    }
}
