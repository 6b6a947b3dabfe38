//! Streamliners: restrictions of the move set that are **not** proved to keep a win (the
//! streamlined search of Blake & Gent's Solvitaire). The solver uses them only in a first,
//! win-seeking pass: a win it finds is an ordinary move list, replayed and checked like any
//! other; when the streamlined search runs dry, that proves nothing, and the full search with
//! proved pruning alone follows. So they make wins cheaper to find and never decide a loss.
//!
//! In a streamlined position:
//! 1. **Auto-foundation.** A card that can go up from the tableau, reserve or waste top goes
//!    up, and that is the only move.
//! 2. **Foundation cards stay up.**
//! 3. **No idle rearranging** (games with face-down cards): a run moves from pile to pile only
//!    when it turns up a face-down card, empties its pile, or uncovers a card that can go up.

use crate::game::position::Position;
use crate::game::{FaceDown, Move, Place, Variant};

/// Are the streamliners used in game `V`? In games with face-down cards, where they were
/// measured to find more wins at equal budget (Klondike draw 3, seeds 0..199 at 100k nodes:
/// 136 solved against 105; Klondike draw 1 and Stonewall, seeds 0..99: the same wins). In
/// the open games they were measured to find fewer (Napoleon's Shoulder 9 against 17, Lucky
/// Piles 68 against 83, seeds 0..99 at 100k nodes), so there they are off.
pub const fn used<V: Variant>() -> bool {
    !matches!(V::RULES.face_down, FaceDown::None)
}

/// Restricts `moves[start..end]` in place; returns the new end.
#[inline]
pub fn streamline<V: Variant>(
    pos: &Position,
    moves: &mut [Move],
    start: usize,
    end: usize,
) -> usize {
    if let Some(i) = (start..end).find(|&i| {
        let m = moves[i];
        matches!(m.to, Place::Foundation(_))
            && matches!(m.from, Place::Tableau(_) | Place::Reserve(_) | Place::Waste)
    }) {
        moves[start] = moves[i];
        return start + 1;
    }
    let idle = |m: &Move| -> bool {
        let (Place::Tableau(p), Place::Tableau(_)) = (m.from, m.to) else {
            return false;
        };
        if V::RULES.face_down == FaceDown::None {
            return false;
        }
        let pile = &pos.piles[p as usize];
        let rest = pile.len as usize - m.count as usize;
        rest > 0
            && !pile.is_down(rest - 1)
            && pos.found_slot_for::<V>(pile.card(rest - 1)).is_none()
    };
    let mut w = start;
    for i in start..end {
        let m = moves[i];
        if matches!(m.from, Place::Foundation(_)) || idle(&m) {
            continue;
        }
        moves[w] = m;
        w += 1;
    }
    w
}
