//! Twin cards: the blocked-cards dead-end test of `solve::blocked`, made for two decks
//! (`Prune::twin`), with the one-pass waste as a stack.
//!
//! With two decks a card index names two physical cards, the *copies* of a card. The test keeps
//! the one-deck test's questions (exposed, left, up, placed, freed) and rules, asked of each
//! copy rather than of each card index: a copy is a physical card, told apart from its twin by
//! where it lies now. Where a one-deck rule asks for "the card" p a card fits on, or "the next
//! lower card of its suit" being up, this test asks for *some copy* of it. So:
//!
//! - a copy goes up only after one copy of the next lower card of its suit is up (the
//!   foundation it goes onto holds one), and it may do so as soon as it is free and one is;
//! - so a copy that lies above both copies of a lower card of its suit cannot go up before it
//!   leaves its pile by a tableau move (a foundation that takes it holds a copy of every lower
//!   card of the suit, and both copies lie below it); if no head of its unit has a copy of a
//!   card to go onto that is not buried below it, nor a space, no continuation wins;
//! - *the second copy*: where one copy of a card (not an Ace) lies on a foundation now, the
//!   other goes up only after both copies of the next lower card of its suit, for as long as
//!   the first may not have come down ("maybe placed"). The first covers one copy of the lower
//!   card on its foundation, so the other copy must go onto the suit's other foundation, whose
//!   top is then the other copy of the lower card. (Where no copy lies on a foundation now the
//!   test asks for one lower copy only: which copy goes up first is not known, and asking
//!   less keeps it sound.)
//!
//! *The talon.* The games it is made for (`holds`) turn one card at a time and pass through
//! the stock once, with no reserve. The waste is a stack and nothing is put under a waste
//! card: a card lower in the waste can be played only after every card that lies above it
//! now has left the waste (gone up, or come onto the tableau). So the test reaches a waste card
//! only once every waste card above it is "maybe up" or "maybe placed"; the top of the waste
//! and every stock card (turning brings each to the top of the waste in turn) are reachable
//! from the start. A foundation is a stack too: a card comes down from it (onto the tableau)
//! only after every card above it has, so only a foundation's top is reachable at first. Once
//! the stock and waste are empty nothing is reachable off the tableau but the foundations'
//! cards, so an empty pile takes only what the space rule admits from the
//! tableau or a foundation: in Napoleon's Shoulder, whose spaces are filled from the waste
//! only, the spaces can never be filled again (an Ace from a foundation aside, which takes
//! nothing on it).
//!
//! *Argument.* That of `solve::blocked`, copy by copy. Take any continuation and its events,
//! each a first event of one physical card (left, exposed, up, placed, freed), ordered as
//! there. Each is derived from earlier events by the rule named: a copy going up goes onto a
//! foundation whose top is a copy of the next lower card of its suit, which went up before (or
//! it is an Ace); a copy put onto a card goes onto a bare copy of a card it fits on, which is
//! bare-able as in one deck; a unit's head h lies at or below the copy, every card from h up to
//! it lying as now, and h goes onto a bare copy of a card it fits on that is not below h in h's
//! pile (h would cover it), or into a space the space rule admits; a waste card is played from
//! the top of the waste, so every card above it now has left the waste before (gone up or come
//! onto the tableau: a waste card goes nowhere else), and a stock card is at most reachable; a
//! foundation card comes down from the top of its foundation, so the cards above it now came
//! down before it (nothing is put under a foundation card). The second-copy rule: at the event
//! where the other copy goes up, the first has not come down, so it lies on a foundation on a
//! copy of the lower card, which lies there since now, and the other goes onto the suit's other
//! foundation (two decks: two Aces of a suit, so two foundations at most), whose top is the
//! other copy of the lower card, which went up before.
//! The rules are monotone, so the least fixed point holds every event of every continuation.
//! A won game puts every physical card up; if the fixed point leaves some copy not "maybe up",
//! no continuation wins. The test only ends the search at positions that cannot be won. It
//! reads the stock only as a set (every stock card reachable), so it holds for every order of
//! the stock.
//!
//! *Where the answer cannot change.* The search asks it where it asks the blocked-cards test:
//! not after a move that `blocked::may_block` names, nor after one that `blocked::seldom_blocks`
//! names. Skipping a dead-end test never makes a verdict wrong (the search only goes on into a
//! position it could have cut); debug builds, so the test suite, check at every skipped
//! position after a `may_block` move that the answer is the parent's, as for one deck.

use crate::cards::Card;
use crate::game::position::{DOWN, MAX_FOUND, MAX_PILES, MAX_TALON, NONE, PILE_CAP, Position};
use crate::game::rules::SourceKind;
use crate::game::{Stock, Unit, Variant};

/// One deck's card indices.
const ALL: u64 = (1 << 52) - 1;
/// The four Aces.
const ACES: u64 = 0b1111;
/// Every copy: bit `i` is copy 0 of card index `i`, bit `52 + i` copy 1.
const BOTH: u128 = (1 << 104) - 1;

/// Does the twin-cards argument hold for this game? Two decks, no reserve, and no stock or a
/// stock turned one card at a time, once through.
pub fn holds<V: Variant>(v: V) -> bool {
    let r = v.rules();
    r.decks == 2
        && r.reserve == 0
        && match r.stock {
            Stock::None => true,
            Stock::Waste { draw, passes } => draw == 1 && passes == Some(1),
        }
}

/// The card indices of which some copy is in `s`.
#[inline(always)]
fn fold(s: u128) -> u64 {
    (s as u64 | (s >> 52) as u64) & ALL
}

/// Both copies of every card index in `x`.
#[inline(always)]
fn spread(x: u64) -> u128 {
    let x = (x & ALL) as u128;
    x | x << 52
}

/// The copy's card index.
#[inline(always)]
fn index(slot: u8) -> usize {
    (slot % 52) as usize
}

/// The card indices of which a copy may go up once `up` is: those with a copy of the next
/// lower card of their suit up (and the Aces); but for a card of `strict`, both copies of it.
#[inline(always)]
fn takes(up: u128, strict: u64) -> u64 {
    let one = fold(up) << 4 | ACES;
    let both = ((up as u64 & (up >> 52) as u64) & ALL) << 4;
    (one & !strict | both & strict) & ALL
}

/// Rule 3 to its end, copy by copy: the copies up, with every copy of `free` that a foundation
/// may take ([`takes`]).
#[inline(always)]
fn rule_3(mut up: u128, free: u128, strict: u64) -> u128 {
    loop {
        let more = up | free & spread(takes(up, strict));
        if more == up {
            return up;
        }
        up = more;
    }
}

/// A position's copies: where each lies, and what the fixed point needs of them.
struct Twins {
    /// Per pile, its copies from the bottom up.
    piles: [[u8; PILE_CAP]; MAX_PILES],
    lens: [u8; MAX_PILES],
    /// The tableau's copies face up.
    face_up: u128,
    /// Per tableau copy: the card indices of its possible heads (itself included).
    heads: [u64; 104],
    /// Tableau copies that lie on another; per such copy, the copy it lies on.
    lying: u128,
    under: [u8; 104],
    /// The piles' top copies now.
    tops: u128,
    /// The foundations' copies, and each foundation's from the bottom up.
    found: u128,
    /// The cards (not Aces) with exactly one copy on a foundation now: while it stays there,
    /// the other copy goes up only after both copies of the next lower card.
    second: u64,
    founds: [[u8; 13]; MAX_FOUND],
    found_lens: [u8; MAX_FOUND],
    /// The stock's copies, and the waste's from the bottom up.
    stock: u128,
    waste: [u8; MAX_TALON],
    waste_len: usize,
}

impl Twins {
    #[inline(always)]
    fn new<V: Variant>(v: V, pos: &Position) -> Twins {
        let rules = v.rules();
        let mut t = Twins {
            piles: [[0; PILE_CAP]; MAX_PILES],
            lens: [0; MAX_PILES],
            face_up: 0,
            heads: [0; 104],
            lying: 0,
            under: [NONE; 104],
            tops: 0,
            found: 0,
            second: 0,
            founds: [[0; 13]; MAX_FOUND],
            found_lens: [0; MAX_FOUND],
            stock: 0,
            waste: [0; MAX_TALON],
            waste_len: 0,
        };
        // The copies named so far: the first of a card index met is copy 0, the second copy 1.
        let mut named = 0u128;
        let mut name = |c: u8| -> u8 {
            let c = c as usize;
            let slot = if named >> c & 1 == 0 { c } else { c + 52 };
            debug_assert!(named >> slot & 1 == 0, "a third copy of card {c}");
            named |= 1 << slot;
            slot as u8
        };
        for (q, pile) in pos.piles[..rules.piles()].iter().enumerate() {
            let mut below: Option<(u8, u8)> = None;
            for (i, &raw) in pile.as_slice().iter().enumerate() {
                let card = raw & !DOWN;
                let s = name(card);
                t.piles[q][i] = s;
                if raw & DOWN == 0 {
                    t.face_up |= 1 << s;
                }
                let mut h = 1u64 << card;
                if let Some((b, braw)) = below {
                    t.lying |= 1 << s;
                    t.under[s as usize] = b;
                    if let Unit::Run(rel) = V::UNIT
                        && braw & DOWN == 0
                        && rel.fits(Card::from_index(card), Card::from_index(braw & !DOWN))
                    {
                        h |= t.heads[b as usize];
                    }
                }
                t.heads[s as usize] = h;
                below = Some((s, raw));
            }
            t.lens[q] = pile.len;
            if let Some((s, _)) = below {
                t.tops |= 1 << s;
            }
        }
        for f in 0..rules.foundations() {
            let s = pos.found_suit[f];
            if s != NONE {
                for r in 1..=pos.found_height[f] {
                    let c = name(Card::new(r, s).index());
                    t.found |= 1 << c;
                    t.founds[f][r as usize - 1] = c;
                }
                t.found_lens[f] = pos.found_height[f];
            }
        }
        t.second = (t.found as u64 ^ (t.found >> 52) as u64) & ALL & !ACES;
        for i in 0..pos.stock_len as usize {
            t.stock |= 1 << name(pos.stock_card(i).index());
        }
        t.waste_len = pos.waste_len as usize;
        for i in 0..t.waste_len {
            t.waste[i] = name(pos.waste_card(i).index());
        }
        debug_assert_eq!(named, BOTH, "two copies of every card");
        t
    }

    /// The copies on top off the tableau at the start: the waste's top card (of `waste` cards)
    /// and the foundations' (of `founds` cards each).
    #[inline(always)]
    fn tops_off(&self, waste: usize, founds: &[u8]) -> u128 {
        let mut tops = 0u128;
        if waste > 0 {
            tops |= 1 << self.waste[waste - 1];
        }
        for (&n, found) in founds.iter().zip(&self.founds) {
            if n > 0 {
                tops |= 1 << found[n as usize - 1];
            }
        }
        tops
    }

    /// The copies off the tableau reached as those above them leave: the waste from the top
    /// down (a copy is reached once those above it went up or onto the tableau) and the
    /// foundations from the top down (a copy comes down only after those above it, placed).
    /// `waste` and `founds` count the copies not yet left, and go down as they leave.
    #[inline(always)]
    fn uncovered_off(&self, up: u128, placed: u128, waste: &mut usize, founds: &mut [u8]) -> u128 {
        let mut reach = 0u128;
        while *waste > 0 && (up | placed) >> self.waste[*waste - 1] & 1 != 0 {
            *waste -= 1;
            if *waste > 0 {
                reach |= 1 << self.waste[*waste - 1];
            }
        }
        for (rest, found) in founds.iter_mut().zip(&self.founds) {
            while *rest > 0 && placed >> found[*rest as usize - 1] & 1 != 0 {
                *rest -= 1;
                if *rest > 0 {
                    reach |= 1 << found[*rest as usize - 1];
                }
            }
        }
        reach
    }

    /// The least fixed point of the rules of `solve::blocked`, copy by copy, with the waste
    /// reached from the top down: `true` when some copy can never go up.
    fn blocked<V: Variant>(&self, v: V) -> bool {
        let rules = v.rules();
        let space = rules.space_cards(SourceKind::Tableau);
        let off_space = rules.space_cards(SourceKind::Waste)
            | rules.space_cards(SourceKind::Reserve)
            | rules.space_cards(SourceKind::Foundation);
        let n = rules.piles();
        // Reachable off the tableau: the stock, the waste's top, the foundations' tops; the
        // waste's and the foundations' lower cards as the cards above them leave.
        let nf = rules.foundations();
        let (mut wrest, mut frest) = (self.waste_len, self.found_lens);
        let mut reach = self.stock | self.tops_off(wrest, &frest[..nf]);
        let mut up = self.found;
        let (mut placed, mut exposed, mut left) = (0u128, 0u128, 0u128);
        let mut remaining = self.lens;
        let mut emptied = 0u32;
        for (q, &len) in self.lens[..n].iter().enumerate() {
            if len == 0 {
                emptied |= 1 << q;
            }
        }
        let mut freed = self.tops;
        let mut lying = self.lying;
        loop {
            let before = (exposed, left, up, placed, freed, reach);
            reach |= self.uncovered_off(up, placed, &mut wrest, &mut frest[..nf]);
            let bare_able = (exposed | left) & freed | placed;
            let bare = fold(bare_able);
            let emptied_any = emptied != 0;
            // Rule 5: the lying copies that are up, or face up or exposed and fit on a copy of a
            // bare-able card or may fill a space (as in one deck, a bare-able copy of the card a
            // copy lies on is freed already, so it need not be left out).
            let mut t = lying
                & (up | self.face_up | exposed)
                & (up
                    | spread(V::BUILD.children_of(bare))
                    | if emptied_any { spread(space) } else { 0 });
            lying &= !t;
            while t != 0 {
                let a = t.trailing_zeros() as usize;
                t &= t - 1;
                freed |= 1 << self.under[a];
            }
            // The second copies whose twin has not (yet) been found to come down.
            let strict = self.second & !fold(placed & self.found);
            // Rule 3.
            up = rule_3(up, reach | (exposed | left) & freed, strict);
            if up == BOTH {
                return false;
            }
            // Rule 4.
            let fill = if emptied_any { spread(off_space) } else { 0 };
            placed = rule_4::<V>(reach, placed, (exposed | left) & freed, fill);
            // Rules 1 and 2, each pile from the top down while its copies can leave.
            let mut bare_able = (exposed | left) & freed | placed;
            let mut fit = V::BUILD.children_of(fold(bare_able));
            let mut goes = spread(takes(up, strict)) & freed;
            let emptied_before = emptied;
            for (q, (pile, rest)) in self.piles[..n].iter().zip(&mut remaining).enumerate() {
                let spaces = if emptied_before & !(1 << q) != 0 {
                    space
                } else {
                    0
                };
                while *rest > 0 {
                    let c = pile[*rest as usize - 1];
                    exposed |= 1 << c;
                    if freed >> c & 1 != 0 && bare_able >> c & 1 == 0 {
                        bare_able |= 1 << c;
                        fit |= V::BUILD.children_of(1 << index(c));
                    }
                    // No bare-able copy lies below a head in its pile: it lies below this copy,
                    // so it is neither exposed nor has left yet.
                    let leaves = goes >> c & 1 != 0 || self.heads[c as usize] & (fit | spaces) != 0;
                    if !leaves {
                        break;
                    }
                    left |= 1 << c;
                    if goes >> c & 1 != 0 {
                        up = rule_3(up | 1 << c, reach | (exposed | left) & freed, strict);
                        goes = spread(takes(up, strict)) & freed;
                    }
                    *rest -= 1;
                    if *rest == 0 {
                        emptied |= 1 << q;
                    }
                }
            }
            if (exposed, left, up, placed, freed, reach) == before {
                return true;
            }
        }
    }
}

/// Rule 4 to its fixed point, copy by copy: the reachable copies off the tableau that fit on
/// a copy of a bare-able card (the tableau's `bare`, and the copies placed) or may fill a space
/// (`fill`) come onto the tableau; gives the copies placed.
#[inline(always)]
fn rule_4<V: Variant>(reach: u128, mut placed: u128, bare: u128, fill: u128) -> u128 {
    loop {
        let more = reach & !placed & (spread(V::BUILD.children_of(fold(bare | placed))) | fill);
        if more == 0 {
            return placed;
        }
        placed |= more;
    }
}

/// Is the two-deck position lost because some copy of a card can never go up (see the
/// module's doc)? `false` where the argument does not hold ([`holds`]) and for an empty
/// tableau.
pub fn blocked<V: Variant>(v: V, pos: &Position) -> bool {
    if !holds::<V>(v) || pos.piles[..v.rules().piles()].iter().all(|p| p.len == 0) {
        return false;
    }
    Twins::new::<V>(v, pos).blocked::<V>(v)
}
