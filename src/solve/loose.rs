//! **The loose tableau** (`Prune::loose`): in Klondike's kind of game the depth-first searches
//! key the tableau's face-up cards as a set, not as piles, and make *twin shifts*: lonelybot's
//! idea (its state is the foundations, the face-down cards and the talon), with an argument.
//!
//! *Where.* One deck; built down in alternating colour; any alternating run moves as a unit
//! (and may be split); an empty pile takes only a King or a run headed by one; every
//! face-down card lies below every face-up card of its pile (Klondike, draw 1 and draw 3).
//!
//! *Classes.* In a position P, call a face-up tableau card a *base* when it lies in the
//! capped prefix of its pile (`key::loose_cap`: at a deal, the card on the face-down ones; in a
//! start position from a file or from hidden play, the start's face-up cards up to the lowest
//! one from which every card above fits on the card below it), or is a King in a pile with no
//! prefix; call the other face-up cards *loose*. A loose card lies on a card it fits on (it was
//! built there, or came in a run that was), so on one of its two *parents* (the cards of the
//! other colour one rank higher), and the cards above the top base of a pile form a run. Two
//! positions are in one *class* when they agree in everything but which parent each loose
//! card lies on and which pile with no prefix holds which King: the foundations, the talon and
//! the reserve, the face-down cards, and the bases of each pile with a prefix. The key of
//! `KeyContext::with_loose_tableau` says exactly that (the other face-up Kings are the bases of
//! the piles with none: nothing is built on a King, and a run it heads goes only into an empty
//! pile), so positions have one key exactly when they are in one class. Moving a run headed by
//! a loose card onto a card keeps the class (an *inner* move); every other move, to a
//! foundation, off one, from the talon or the reserve, of a unit headed by a base, changes it
//! or is no move. A card is covered by a base in one member exactly when it is in all of them.
//!
//! *Twins.* The *twin* of a card is the other card of its rank and colour: the two have the
//! same parents and the same children. Two facts about one class, used below. (a) If a card x
//! that is not loose (off the tableau, or a base) has a bare parent p in one member P, it has
//! one in every member P': no base covers p in P, so none does in P'; if p is covered in P',
//! it is by a loose child other than x, that is by x's twin x', which in P lies on the other
//! parent p' (p is bare there); so p' is face up in the tableau, and in P' nothing covers it
//! (x' lies on p, x is not loose, and no base covers p' in P, where x' does). (b) If a card c
//! is bare in P and covered in P' by a card e, then e is loose, lies on c's twin c' in P, and
//! c' is bare in P': in P' the only card that could cover c' is e's twin, which in P would lie
//! on c (bare) or c' (covered by e). So in P' the run headed by e can move onto c', and then c
//! is bare: a *twin shift* does both, and puts c up.
//!
//! *Lemma: every member makes every class move.* Let P and P' be in one class, and m a move of
//! P into another class D. Then P' has a move of the search's move set into D: a card off
//! the foundations, from the talon or the reserve, or a base moving onto a card, has a bare
//! parent in P' by (a) (a King into an empty pile: the members have the same number of empty
//! piles); the same card goes there, and the result is in D (the new position differs from
//! P·m only in where loose cards lie; a base that leaves, with the run above it, turns up the
//! same face-down card or bares the same card or empties the pile in both). A card c going up
//! from the tableau: bare in P', or, by (b), the twin shift of c (what covers c in P' is loose:
//! a base on c would cover it in P too). Moves of the talon alone are the same in both.
//!
//! *Cost.* Count, in a game, only its class moves (a twin shift is one: its run move is
//! inner). By the lemma, each class move of a won game σ from P can be made in turn from any
//! member of P's class, at one class move each (the moves that follow it in σ start from
//! another member of the class reached, which the lemma allows), so the least cost of a win
//! is the same from every member of a class: call it the class's cost.
//!
//! *The search.* A depth-first search that stores classes (this key) and tries, in the one
//! member it enters, its moves and its twin shifts finds a win whenever one exists: among the
//! stored classes that can be won take one of least cost; the member entered has, by the
//! lemma, a tried move into a class of lower cost (the first class move of a cheapest win
//! from it), which is stored: a contradiction when the search runs dry. The inner moves
//! lead back to the class entered, already stored, and so cost nothing. With the other rules:
//! each of their arguments rewrites a win σ from the position entered into a win that
//! starts with the move it keeps, each other move of σ dropped, made as it is, or (the free
//! children) made as a card going up that σ puts up later, where σ's own move up of it is then
//! dropped. A move made as it is keeps its kind (the same unit onto the same place, from a
//! place of the same kind: its head stays a base or loose), so the rewritten win costs less
//! by the class move it drops: the kept move still leads to a class of lower cost. The split
//! rule removes only inner moves; the dead-end tests prove a member lost, and members are won
//! alike. The best-first search decodes its keys into positions, so it keeps the exact key.
//! `solved` is unchanged in kind: a win is a list of real moves from the deal (each twin
//! shift written out as its two moves), replayed before it is reported.

use crate::cards::Card;
use crate::game::engine::movable_tail;
use crate::game::position::{NONE, Position};
use crate::game::{Build, FaceDown, Move, Space, Unit, Variant};

/// Does the loose-tableau argument hold for this game? (One deck, alternating colour, any
/// alternating run moves, only Kings into empty piles, face-down cards only at the bottom of
/// piles.)
pub fn holds<V: Variant>(v: V) -> bool {
    let rules = v.rules();
    rules.decks == 1
        && matches!(V::BUILD, Build::DownAltColour)
        && matches!(V::UNIT, Unit::Run(Build::DownAltColour))
        && matches!(rules.space, Space::Kings)
        && matches!(rules.face_down, FaceDown::AllButTop | FaceDown::None)
}

/// The other card of `c`'s rank and colour (suits: clubs 0 and spades 3 black, diamonds 1
/// and hearts 2 red).
#[inline(always)]
pub fn twin(c: Card) -> Card {
    Card::new(c.rank(), 3 - c.suit())
}

/// Appends the twin shifts of `pos` ([`Move::twin_shift`]): for each foundation, the next card
/// of its suit when it lies face up and covered in a pile, its twin is a top card of another
/// pile, and the cards above it move as a run.
#[inline]
pub fn push_twin_shifts<V: Variant>(v: V, pos: &Position, out: &mut Vec<Move>) {
    let np = v.rules().piles();
    let mut tops = 0u64;
    let mut pile_of = [0u8; 52];
    for q in 0..np {
        let pile = &pos.piles[q];
        if pile.len > 0 {
            let t = pile.top().index();
            tops |= 1 << t;
            pile_of[t as usize] = q as u8;
        }
    }
    for f in 0..v.rules().foundations() {
        let (s, h) = (pos.found_suit[f], pos.found_height[f]);
        if s == NONE || h == 13 {
            continue; // an Ace is never covered
        }
        let c = Card::new(h + 1, s);
        let t = twin(c);
        if tops >> t.index() & 1 == 0 {
            continue;
        }
        for p in 0..np {
            let pile = &pos.piles[p];
            let len = pile.len as usize;
            let Some(i) = (0..len.saturating_sub(1)).find(|&i| pile.cards[i] == c.index()) else {
                continue;
            };
            let q = pile_of[t.index() as usize];
            if q as usize != p && len - i - 1 <= movable_tail::<V>(pos, p) {
                out.push(Move::twin_shift(p as u8, q, f as u8));
            }
            break;
        }
    }
}
