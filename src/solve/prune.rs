//! Pruning of the search, each rule with its argument. A rule here may only remove moves when
//! it is proved that a won game stays reachable; a wrong "obvious" rule turns into a false
//! `unsolvable`. Each rule can be switched off, and a test compares verdicts with and without.
//!
//! Rules applied by the move generator itself (always on, see `game::engine::generate`):
//! - only the first of several empty piles is named as a destination, and a whole pile is never
//!   moved into an empty pile: both differ from a kept move only by the numbering of
//!   interchangeable empty piles, and the search's state key already ignores that numbering.
//!
//! **Aces up** (`Prune::aces`), for games that build down and whose stock, if any, turns one
//! card at a time:
//! (1) when an Ace can go to a foundation, that is the only move tried, and
//! (2) an Ace is never moved off a foundation.
//!
//! *Argument.* Building down, nothing is ever placed on an Ace. Let Q' be Q with some Aces that
//! lie on top of their places (pile, reserve slot, waste) lifted onto empty foundations (there
//! are as many foundations as Aces, so one is free). Every move of Q other than a move of a
//! lifted Ace is legal in Q' with the same effect on the rest: no move of Q builds on the Ace;
//! a run whose top card is the Ace moves in Q' as the same run without it (same bottom card,
//! same destination rule); a card the Ace covered is uncovered in Q' (and turned up: a face-up
//! card allows all that a face-down one does); a stock turn that would turn the Ace is skipped
//! (one card at a time, so the turns of the other cards are unchanged); another Ace going to a
//! foundation takes another free foundation. The moves of the lifted Ace itself are dropped: in
//! Q' it is already on its foundation (where only cards of its suit go on it, as in Q).
//! Applied along a whole won game from Q, this gives a won game from Q' that is no longer and in
//! which no Ace ever leaves a foundation (an Ace leaving a foundation is lifted back the same
//! way). So from every winnable position the pruned search has a move that keeps the shortest
//! such win strictly shorter: the forced Ace move (the win from Q' drops at least the Ace's own
//! move to a foundation), or the win's first move, which rule (2) never removes. The search
//! therefore still finds a win whenever one exists. With three cards turned at a time, lifting
//! an Ace out of the talon would change which cards the later turns show, so the rule is off.

use crate::game::position::Position;
use crate::game::{Build, Move, Place, Stock, Variant};

/// Which proved prunings the search applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Prune {
    /// The "Aces up" rule (applied only in games where it is proved).
    pub aces: bool,
}

impl Default for Prune {
    fn default() -> Self {
        Prune { aces: true }
    }
}

impl Prune {
    /// No pruning beyond the generator's renaming of empty piles.
    pub const NONE: Prune = Prune { aces: false };

    /// Does the "Aces up" argument hold for this game?
    pub const fn aces_rule_holds<V: Variant>() -> bool {
        let down = matches!(
            V::RULES.build,
            Build::DownAltColour | Build::DownAnySuit | Build::DownSameSuit
        );
        let one_at_a_time = match V::RULES.stock {
            Stock::None => true,
            Stock::Waste { draw, .. } => draw == 1,
        };
        down && one_at_a_time
    }

    /// Prunes `moves[start..]` in place; returns the new end.
    #[inline]
    pub fn apply<V: Variant>(&self, pos: &Position, moves: &mut [Move], start: usize) -> usize {
        let end = moves.len();
        if !(self.aces && Self::aces_rule_holds::<V>()) {
            return end;
        }
        let card_of = |m: &Move| match m.from {
            Place::Tableau(p) => Some(pos.piles[p as usize].top()),
            Place::Reserve(r) => Some(crate::cards::Card::from_index(pos.reserve[r as usize])),
            Place::Waste => pos.waste_top(),
            Place::Foundation(f) => pos.found_top(f as usize),
            Place::Stock => None,
        };
        // (1) An Ace that can go up is the only move.
        if let Some(i) = (start..end).find(|&i| {
            matches!(moves[i].to, Place::Foundation(_))
                && card_of(&moves[i]).is_some_and(|c| c.rank() == 1)
        }) {
            moves[start] = moves[i];
            return start + 1;
        }
        // (2) No Ace comes off a foundation.
        let mut w = start;
        for i in start..end {
            let m = moves[i];
            let ace_down = matches!(m.from, Place::Foundation(_))
                && card_of(&m).is_some_and(|c| c.rank() == 1);
            if !ace_down {
                moves[w] = m;
                w += 1;
            }
        }
        w
    }
}
