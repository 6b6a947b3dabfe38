//! The position: fixed-size arrays, no heap, cheap make/undo.

use super::rules::{Rules, Stock, Variant};
use crate::cards::Card;

/// Most tableau piles in any game.
pub const MAX_PILES: usize = 13;
/// Most cards one pile can hold (a Lucky Piles pile can in principle hold the whole deck).
pub const PILE_CAP: usize = 64;
/// Most reserve slots.
pub const MAX_RESERVE: usize = 16;
/// Most foundations.
pub const MAX_FOUND: usize = 8;
/// Most cards in the stock and waste together.
pub const MAX_TALON: usize = 104;

/// Marks an empty reserve slot or foundation suit.
pub const NONE: u8 = 0xFF;
/// Set on a pile byte when the card lies face down.
pub const DOWN: u8 = 0x80;

/// Bits of the four Aces in a card mask.
const ACES: u64 = 0b1111;

/// Bit r set for each reserve slot r that holds a card (a byte other than `NONE`), of all
/// `MAX_RESERVE`: eight slots at a time by bit tricks, the same work whatever the game's
/// number of slots (a test checks it against the slot by slot loop).
#[inline(always)]
pub fn reserve_mask(reserve: &[u8; MAX_RESERVE]) -> u64 {
    const _: () = assert!(MAX_RESERVE == 16);
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let eight = |b: &[u8]| -> u64 {
        // A byte of `t` is nonzero where the slot holds a card; its high bit says so, then
        // the eight high bits are gathered into the top byte by the multiplication.
        let t = !u64::from_le_bytes(b.try_into().expect("8 bytes"));
        let hi = (((t & LOW7) + LOW7) | t) & !LOW7;
        (hi >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
    };
    eight(&reserve[..8]) | eight(&reserve[8..]) << 8
}

/// One tableau pile: bytes are card indices, with [`DOWN`] set on face-down cards.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Pile {
    pub cards: [u8; PILE_CAP],
    pub len: u8,
    /// How many cards at the bottom have lain there since the start (the undisturbed prefix).
    /// The exact state key is built on it; see `solve::key`.
    pub fixed: u8,
}

impl Pile {
    pub const EMPTY: Pile = Pile {
        cards: [0; PILE_CAP],
        len: 0,
        fixed: 0,
    };
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The top card (a top card is always face up).
    #[inline(always)]
    pub fn top(&self) -> Card {
        debug_assert!(self.len > 0 && self.cards[self.len as usize - 1] & DOWN == 0);
        Card::from_index(self.cards[self.len as usize - 1])
    }
    #[inline(always)]
    pub fn card(&self, i: usize) -> Card {
        Card::from_index(self.cards[i] & !DOWN)
    }
    #[inline(always)]
    pub fn is_down(&self, i: usize) -> bool {
        self.cards[i] & DOWN != 0
    }
    pub fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len as usize]
    }
}

/// Everything on the table. The same struct serves every game; the variant's [`Rules`] say
/// how many piles, slots and foundations are in use.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) piles: [Pile; MAX_PILES],
    /// Reserve slots: a card index, or [`NONE`] for an empty slot.
    pub(crate) reserve: [u8; MAX_RESERVE],
    /// Suit of each foundation ([`NONE`] while it is empty) and its height (0..=13).
    pub(crate) found_suit: [u8; MAX_FOUND],
    pub(crate) found_height: [u8; MAX_FOUND],
    /// The talon (stock and waste) in the order its cards are first turned: `talon[0]` first.
    pub(crate) talon: [u8; MAX_TALON],
    pub(crate) talon_len: u8,
    /// The stock as indices into `talon`; the last entry is the next card turned.
    pub(crate) stock: [u8; MAX_TALON],
    pub(crate) stock_len: u8,
    /// The waste as indices into `talon`; the last entry is the top card.
    pub(crate) waste: [u8; MAX_TALON],
    pub(crate) waste_len: u8,
    /// How many times the waste has been turned back into the stock.
    pub(crate) redeals: u8,
    /// Bit `t` is set once talon card `t` has left the stock and waste (kept for the key).
    pub(crate) talon_out: u128,
    /// Cards on the foundations.
    pub(crate) on_found: u8,
}

impl Position {
    /// An empty table.
    pub fn empty() -> Position {
        Position {
            piles: std::array::from_fn(|_| Pile::EMPTY),
            reserve: [NONE; MAX_RESERVE],
            found_suit: [NONE; MAX_FOUND],
            found_height: [0; MAX_FOUND],
            talon: [0; MAX_TALON],
            talon_len: 0,
            stock: [0; MAX_TALON],
            stock_len: 0,
            waste: [0; MAX_TALON],
            waste_len: 0,
            redeals: 0,
            talon_out: 0,
            on_found: 0,
        }
    }

    /// The tableau piles, all [`MAX_PILES`] of them (the game's [`Rules::piles`] in use).
    #[inline(always)]
    pub fn piles(&self) -> &[Pile; MAX_PILES] {
        &self.piles
    }
    /// Tableau pile `i`.
    #[inline(always)]
    pub fn pile(&self, i: usize) -> &Pile {
        &self.piles[i]
    }
    /// The reserve slots: a card index, or [`NONE`] for an empty slot.
    #[inline(always)]
    pub fn reserve(&self) -> &[u8; MAX_RESERVE] {
        &self.reserve
    }
    /// The suit of foundation `f` ([`NONE`] while it is empty).
    #[inline(always)]
    pub fn found_suit(&self, f: usize) -> u8 {
        self.found_suit[f]
    }
    /// The height of foundation `f` (0..=13).
    #[inline(always)]
    pub fn found_height(&self, f: usize) -> u8 {
        self.found_height[f]
    }
    /// The suits of all [`MAX_FOUND`] foundations.
    #[inline(always)]
    pub fn found_suits(&self) -> &[u8; MAX_FOUND] {
        &self.found_suit
    }
    /// The heights of all [`MAX_FOUND`] foundations.
    #[inline(always)]
    pub fn found_heights(&self) -> &[u8; MAX_FOUND] {
        &self.found_height
    }
    /// The talon (stock and waste) in the order its cards are first turned.
    #[inline(always)]
    pub fn talon(&self) -> &[u8] {
        &self.talon[..self.talon_len as usize]
    }
    /// The stock as indices into [`Position::talon`]; the last is the next card turned.
    #[inline(always)]
    pub fn stock(&self) -> &[u8] {
        &self.stock[..self.stock_len as usize]
    }
    /// How many cards the stock holds.
    #[inline(always)]
    pub fn stock_len(&self) -> usize {
        self.stock_len as usize
    }
    /// The waste as indices into [`Position::talon`]; the last is the top card.
    #[inline(always)]
    pub fn waste(&self) -> &[u8] {
        &self.waste[..self.waste_len as usize]
    }
    /// How many cards the waste holds.
    #[inline(always)]
    pub fn waste_len(&self) -> usize {
        self.waste_len as usize
    }
    /// How many times the waste has been turned back into the stock.
    #[inline(always)]
    pub fn redeals(&self) -> u8 {
        self.redeals
    }
    /// Bit `t` is set once talon card `t` has left the stock and waste.
    #[inline(always)]
    pub fn talon_out(&self) -> u128 {
        self.talon_out
    }
    /// How many cards are on the foundations.
    #[inline(always)]
    pub fn on_found(&self) -> usize {
        self.on_found as usize
    }

    /// The top card of foundation `f`, if any.
    #[inline(always)]
    pub fn found_top(&self, f: usize) -> Option<Card> {
        let h = self.found_height[f];
        (h > 0).then(|| Card::new(h, self.found_suit[f]))
    }

    /// The foundation that takes `card` next, if any. Where two foundations would take it (two
    /// decks, equal heights, or two empty ones for an Ace) the first is named: they are
    /// interchangeable.
    #[inline(always)]
    pub fn found_slot_for<V: Variant>(&self, v: V, card: Card) -> Option<usize> {
        self.found_slot_among(card, v.rules().foundations())
    }

    /// [`Position::found_slot_for`] with the game's `nf` foundations (read once by a caller
    /// that asks many times).
    #[inline(always)]
    pub fn found_slot_among(&self, card: Card, nf: usize) -> Option<usize> {
        let (r, s) = (card.rank(), card.suit());
        for f in 0..nf {
            if r == 1 {
                if self.found_suit[f] == NONE {
                    return Some(f);
                }
            } else if self.found_suit[f] == s && self.found_height[f] == r - 1 {
                return Some(f);
            }
        }
        None
    }

    /// Bit `c.index()` is set for every card that a foundation takes now.
    #[inline(always)]
    pub fn needed_mask<V: Variant>(&self, v: V) -> u64 {
        self.needed_mask_among(v.rules().foundations())
    }

    /// [`Position::needed_mask`] with the game's `nf` foundations.
    #[inline(always)]
    pub fn needed_mask_among(&self, nf: usize) -> u64 {
        let mut m = 0u64;
        for f in 0..nf {
            let h = self.found_height[f];
            if h == 0 {
                m |= ACES;
            } else if h < 13 {
                m |= 1u64 << Card::new(h + 1, self.found_suit[f]).index();
            }
        }
        m
    }

    /// The card at stock index `i` (0 = bottom of the stock).
    #[inline(always)]
    pub fn stock_card(&self, i: usize) -> Card {
        Card::from_index(self.talon[self.stock[i] as usize])
    }
    /// The card at waste index `i` (0 = bottom of the waste).
    #[inline(always)]
    pub fn waste_card(&self, i: usize) -> Card {
        Card::from_index(self.talon[self.waste[i] as usize])
    }
    #[inline(always)]
    pub fn waste_top(&self) -> Option<Card> {
        (self.waste_len > 0).then(|| self.waste_card(self.waste_len as usize - 1))
    }

    /// Every card is on a foundation.
    #[inline(always)]
    pub fn is_won<V: Variant>(&self, v: V) -> bool {
        self.on_found as usize == v.rules().cards()
    }

    /// May the waste be turned back into the stock?
    #[inline(always)]
    pub fn may_redeal(&self, rules: &Rules) -> bool {
        match rules.stock {
            Stock::None => false,
            Stock::Waste { passes, .. } => {
                self.stock_len == 0
                    && self.waste_len > 0
                    && passes.is_none_or(|p| (self.redeals as u16 + 1) < p as u16)
            }
        }
    }

    /// Cards per place, for conservation checks: every card index with its count.
    pub fn card_counts(&self, rules: &Rules) -> [u8; 52] {
        let mut n = [0u8; 52];
        for p in &self.piles[..rules.piles()] {
            for &b in p.as_slice() {
                n[(b & !DOWN) as usize] += 1;
            }
        }
        for &r in &self.reserve[..rules.reserve as usize] {
            if r != NONE {
                n[r as usize] += 1;
            }
        }
        for f in 0..rules.foundations() {
            for h in 1..=self.found_height[f] {
                n[Card::new(h, self.found_suit[f]).index() as usize] += 1;
            }
        }
        for i in 0..self.stock_len as usize {
            n[self.stock_card(i).index() as usize] += 1;
        }
        for i in 0..self.waste_len as usize {
            n[self.waste_card(i).index() as usize] += 1;
        }
        n
    }
}

/// Every field of a [`Position`], to be written: for the tests that build a position by hand
/// (`patience::internal::game::position::fields_mut`), which the engine's invariants then bind
/// as they bind the engine.
pub struct FieldsMut<'a> {
    pub piles: &'a mut [Pile; MAX_PILES],
    pub reserve: &'a mut [u8; MAX_RESERVE],
    pub found_suit: &'a mut [u8; MAX_FOUND],
    pub found_height: &'a mut [u8; MAX_FOUND],
    pub talon: &'a mut [u8; MAX_TALON],
    pub talon_len: &'a mut u8,
    pub stock: &'a mut [u8; MAX_TALON],
    pub stock_len: &'a mut u8,
    pub waste: &'a mut [u8; MAX_TALON],
    pub waste_len: &'a mut u8,
    pub redeals: &'a mut u8,
    pub talon_out: &'a mut u128,
    pub on_found: &'a mut u8,
}

/// The fields of `pos`, to be written (see [`FieldsMut`]).
pub fn fields_mut(pos: &mut Position) -> FieldsMut<'_> {
    FieldsMut {
        piles: &mut pos.piles,
        reserve: &mut pos.reserve,
        found_suit: &mut pos.found_suit,
        found_height: &mut pos.found_height,
        talon: &mut pos.talon,
        talon_len: &mut pos.talon_len,
        stock: &mut pos.stock,
        stock_len: &mut pos.stock_len,
        waste: &mut pos.waste,
        waste_len: &mut pos.waste_len,
        redeals: &mut pos.redeals,
        talon_out: &mut pos.talon_out,
        on_found: &mut pos.on_found,
    }
}
