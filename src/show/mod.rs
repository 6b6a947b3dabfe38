//! Seeing a game: a solution's positions, one per move, as the engine replays it ([`Replay`]),
//! for the HTML page ([`html`]), the terminal and plain text; and plots of result files
//! ([`plot`]).
//!
//! A replay holds every position as a deal (the deal file's JSON, `docs/formats.md`), so a
//! page or a terminal only draws what the engine reached: it cannot show an illegal move. The
//! page stores the deal and what each move changed, taken from these positions.

#[cfg(feature = "show")]
pub mod html;
pub mod picture;
#[cfg(feature = "show")]
pub mod plot;
pub mod text;

use crate::deal::Deal;
use crate::game::{Illegal, Move, Position, Stock, Variant, apply, legal};
use serde::Serialize;

/// A solution replayed from its deal: the game's layout, the moves and the position before
/// the first move and after each one (`positions.len() == moves.len() + 1`).
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// The page's title: the game and the deal (`Stonewall, seed 1`).
    pub title: String,
    pub layout: Layout,
    pub moves: Vec<Step>,
    /// Position 0 is the deal; position i is the one after move i. Each is written as a deal
    /// file, with every foundation listed.
    pub positions: Vec<Deal>,
    /// The first position with every card on a foundation (the number of the move that wins),
    /// if the moves win; a list that stops short of a win has none.
    pub won: Option<usize>,
}

/// What places a game has, for drawing its table.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Layout {
    pub variant: String,
    pub name: String,
    pub decks: u8,
    pub piles: usize,
    pub reserve: usize,
    pub foundations: usize,
    /// Cards turned at a time from the stock; 0 when the game has no stock.
    pub draw: u8,
    /// Cards in the game (all on the foundations when it is won).
    pub cards: usize,
}

/// One move of the solution.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Step {
    /// The move token (`T3>F1`, `T1>T4x3`).
    pub token: String,
    /// The move in words (`7H onto 8S`).
    pub text: String,
    /// The places it takes from and puts onto (`T3`, `F1`).
    pub from: String,
    pub to: String,
}

/// A move the engine refuses, numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {number} ({token}): {why}")]
pub struct IllegalStep {
    pub number: usize,
    pub token: String,
    pub why: Illegal,
}

impl Replay {
    /// Replays `moves` from `start` (the position of `deal`) with the game's rules, as `check`
    /// does: each move must be legal where it is played. Moves after the last one that wins
    /// are replayed too; a list that does not win is shown as far as it goes.
    pub fn new<V: Variant>(
        v: V,
        title: String,
        start: &Position,
        moves: &[Move],
    ) -> Result<Replay, IllegalStep> {
        let rules = v.rules();
        let layout = Layout {
            variant: rules.id.to_string(),
            name: rules.name.to_string(),
            decks: rules.decks,
            piles: rules.piles(),
            reserve: rules.reserve as usize,
            foundations: rules.foundations(),
            draw: match rules.stock {
                Stock::None => 0,
                Stock::Waste { draw, .. } => draw,
            },
            cards: rules.cards(),
        };
        let mut pos = start.clone();
        let mut positions = vec![position_deal::<V>(v, &pos)];
        let mut won = pos.is_won::<V>(v).then_some(0);
        let mut steps = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let m = legal::<V>(v, &pos, m).map_err(|why| IllegalStep {
                number: i + 1,
                token: m.to_string(),
                why,
            })?;
            steps.push(Step {
                token: m.to_string(),
                text: describe(&pos, m),
                from: m.from.to_string(),
                to: m.to.to_string(),
            });
            apply::<V>(v, &mut pos, m);
            positions.push(position_deal::<V>(v, &pos));
            if won.is_none() && pos.is_won::<V>(v) {
                won = Some(i + 1);
            }
        }
        Ok(Replay {
            title,
            layout,
            moves: steps,
            positions,
            won,
        })
    }
}

/// A position as a deal with every foundation listed, even when all are empty.
pub fn position_deal<V: Variant>(v: V, pos: &Position) -> Deal {
    let mut deal = pos.to_deal::<V>(v);
    deal.foundations
        .resize_with(v.rules().foundations(), Vec::new);
    deal
}

pub use crate::game::moves::describe;
