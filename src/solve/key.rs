//! The exact state key: a position packed into a few `u64` words, reversibly, given the start
//! position it was reached from. Never a hash: two positions that play differently always get
//! different keys, so the transposition table can never merge them (a merge would turn into a
//! false `unsolvable`). The one exception is the loose key of Klondike's depth-first searches
//! ([`KeyContext::with_loose_tableau`]), which merges positions proved to be won alike
//! (`solve::loose`) and cannot be decoded.
//!
//! What the key holds, as a stream of bits:
//! - **Foundations**, per suit: its height (one deck), or the two heights of its two foundations
//!   in sorted order (two decks). Which foundation holds which suit does not change the game.
//! - **Reserve**: one bit per slot, set while the slot still holds its dealt card (nothing ever
//!   enters the reserve, so an occupied slot holds the card it was dealt).
//! - **Talon**: one bit per talon card, set while it is still in the stock or waste, and the
//!   stock's size. Cards keep their turning order in the talon, so the waste is the first
//!   remaining cards in that order and the stock the rest.
//! - **Tableau**, per pile: the length of its undisturbed prefix (`Pile::fixed`: the bottom cards
//!   that have lain there since the start, known from the start position), then the cards built
//!   on it: their count, the first card in full, and each further card relative to the one below
//!   it under the game's build rule (1 bit for alternating colour, 2 for any suit, 0 for same
//!   suit, plus 1 for the direction in up-or-down games). Every card above the prefix was put
//!   there by a build move or into an empty pile, and a moving run's own relation implies the
//!   build rule, so the built part is always such a sequence.
//!   A prefix card lies face down exactly when it was dealt face down and is not the prefix's
//!   top card (the top card of the prefix has been the top of the pile at some time, and so was
//!   turned up), so face-down flags need no bits.
//!   Piles with an empty prefix are interchangeable: they are written in sorted order.

use super::super::game::position::{DOWN, MAX_TALON, NONE, PILE_CAP, Position, reserve_mask};
use crate::cards::Card;
pub use crate::game::rules::KeyWords;
use crate::game::{Build, Rules, Stock, Unit, Variant};

/// Bits needed to write any number in `0..=max`.
pub const fn bits_for(max: usize) -> u32 {
    usize::BITS - max.leading_zeros()
}

/// Bits per built card after the first, under a build rule.
pub const fn step_bits(b: Build) -> u32 {
    match b {
        Build::DownAltColour => 1,
        Build::DownAnySuit => 2,
        Build::DownSameSuit => 0,
        Build::UpDownAnySuit => 3,
        Build::UpDownSameSuit => 1,
    }
}

/// Bits for the number of redeals made, where it is limited (and so matters).
pub const fn redeal_bits(rules: &Rules) -> u32 {
    match rules.stock {
        Stock::Waste {
            passes: Some(p), ..
        } if p > 1 => bits_for(p as usize),
        _ => 0,
    }
}

/// Bits for the count of built cards on one pile.
pub const fn count_bits(b: Build) -> u32 {
    match b {
        Build::UpDownAnySuit | Build::UpDownSameSuit => 6, // up to 52 cards
        _ => 4,                                            // K down to A: at most 13
    }
}

/// The most bits a key of `rules` can need, given the longest prefix (`Pile::fixed`) of the
/// start position's piles (at a deal, its tallest pile) and the size of its talon.
pub const fn max_bits(rules: &Rules, tallest_start_prefix: usize, talon: usize) -> u32 {
    let b = rules.build;
    let found = if rules.decks == 1 { 16 } else { 32 };
    let reserve = rules.reserve as u32;
    let talon_bits = if talon > 0 {
        talon as u32 + bits_for(talon) + redeal_bits(rules)
    } else {
        0
    };
    let per_pile = bits_for(tallest_start_prefix) + count_bits(b) + 6 - step_bits(b);
    found
        + reserve
        + talon_bits
        + rules.piles() as u32 * per_pile
        + step_bits(b) * rules.cards() as u32
}

/// Words of the exact state key the deals of `rules` need (a deal file needing more is refused
/// by the solver).
pub const fn key_words(rules: &Rules) -> usize {
    (max_bits(rules, rules.tallest_pile(), rules.stock_cards()) as usize).div_ceil(64)
}

/// The run relation of a game must imply its build rule, or the built part of a pile would not
/// be a build sequence. True of every game here; checked by a test.
pub const fn run_implies_build(rules: &Rules) -> bool {
    match rules.unit {
        Unit::Single => true,
        Unit::Run(r) => {
            matches!(
                (r, rules.build),
                (Build::DownAltColour, Build::DownAltColour)
                    | (Build::DownAltColour, Build::DownAnySuit)
                    | (Build::DownSameSuit, Build::DownSameSuit)
                    | (Build::DownSameSuit, Build::DownAnySuit)
                    | (Build::DownAnySuit, Build::DownAnySuit)
            )
        }
    }
}

/// Writes bits into a word array, through a one-word accumulator.
struct Writer<'a> {
    words: &'a mut [u64],
    acc: u64,
    used: u32,
    word: usize,
}

impl<'a> Writer<'a> {
    fn new(words: &'a mut [u64]) -> Self {
        Writer {
            words,
            acc: 0,
            used: 0,
            word: 0,
        }
    }

    /// Appends the low `n` bits of `v` (`n` <= 57; the bits above `n` must be zero).
    #[inline(always)]
    fn put(&mut self, v: u64, n: u32) {
        debug_assert!(n <= 57 && v >> n == 0, "{v} does not fit {n} bits");
        self.acc |= v << self.used;
        self.used += n;
        if self.used >= 64 {
            self.words[self.word] = self.acc;
            self.word += 1;
            self.used -= 64;
            self.acc = if self.used == 0 {
                0
            } else {
                v >> (n - self.used)
            };
        }
    }

    /// Appends up to 64 bits.
    #[inline(always)]
    fn put_wide(&mut self, v: u64, n: u32) {
        if n > 32 {
            self.put(v & 0xffff_ffff, 32);
            self.put(v >> 32, n - 32);
        } else {
            self.put(v, n);
        }
    }

    /// Stores what is left in the accumulator.
    #[inline(always)]
    fn finish(self) {
        if self.used > 0 {
            self.words[self.word] = self.acc;
        }
    }
}

/// Reads bits back.
struct Reader<'a> {
    words: &'a [u64],
    at: u32,
}

impl Reader<'_> {
    fn get(&mut self, n: u32) -> u64 {
        if n == 0 {
            return 0;
        }
        let (w, o) = ((self.at / 64) as usize, self.at % 64);
        let mut v = self.words[w] >> o;
        if o + n > 64 {
            v |= self.words[w + 1] << (64 - o);
        }
        self.at += n;
        if n == 64 { v } else { v & ((1u64 << n) - 1) }
    }
}

/// Which of the two suits of a colour: black C(0) S(3), red D(1) H(2).
#[inline(always)]
fn suit_in_colour(suit: u8) -> u64 {
    (suit == 3 || suit == 2) as u64
}
#[inline(always)]
fn suit_of_colour(colour: u8, bit: u64) -> u8 {
    match (colour, bit) {
        (0, 0) => 0,
        (0, _) => 3,
        (_, 0) => 1,
        _ => 2,
    }
}

/// What the key needs to know of the start position (and of the move set).
#[derive(Clone, Debug)]
pub struct KeyContext {
    /// Bits for each pile's prefix length: those of the start's prefix (see
    /// [`KeyContext::max_bits`]).
    fixed_bits: [u8; 16],
    /// Where each pile's prefix length lies in the prefix lengths' field (the sum of the bits
    /// of the piles before it), and that field's size.
    fixed_at: [u8; 16],
    fixed_total: u32,
    /// The cards turned at a time, when the search uses talon plays in a game with unlimited
    /// passes (see [`KeyContext::with_talon_plays`]); 0 otherwise.
    cycle: u8,
    /// Key the tableau's face-up cards as a set ([`KeyContext::with_loose_tableau`]).
    loose: bool,
    /// Per pile, the most its prefix length is written as under `loose` (`loose_cap`).
    cap: [u8; 16],
}

impl KeyContext {
    pub fn new<V: Variant>(v: V, start: &Position) -> KeyContext {
        let mut fixed_bits = [0u8; 16];
        let mut fixed_at = [0u8; 16];
        let mut fixed_total = 0;
        let mut cap = [0u8; 16];
        for (p, fb) in fixed_bits.iter_mut().enumerate().take(v.rules().piles()) {
            *fb = bits_for(start.piles[p].fixed as usize) as u8;
            fixed_at[p] = fixed_total as u8;
            fixed_total += *fb as u32;
            cap[p] = loose_cap::<V>(start, p);
        }
        KeyContext {
            fixed_bits,
            fixed_at,
            fixed_total,
            cycle: 0,
            loose: false,
            cap,
        }
    }

    /// The context of a search that keys the tableau's face-up cards as a set (`loose`: in the
    /// games where `solve::loose` proves it, in the depth-first searches, which then also make
    /// twin shifts). The key then writes, of each pile, only its prefix length, capped at the
    /// start's base (`loose_cap`; at a deal, one more than its face-down cards): how many of
    /// them are still face down, and whether the base still lies there. Everything built
    /// above is left out. With the foundations, the reserve and the talon this says which
    /// cards are face up in the tableau and which of them are bases (`solve::loose`): two
    /// positions with the same key differ only in how the other face-up cards are built on
    /// each other, and `solve::loose` argues they are one state of the search. The key can no
    /// longer be decoded: the best-first search, which decodes, never uses it.
    pub fn with_loose_tableau(mut self, on: bool) -> KeyContext {
        self.loose = on;
        self
    }

    /// Under `loose`, does moving the unit headed by the card at `index` of pile `p` onto a
    /// card keep the key? It does when that card is loose: above the base (`loose_cap`) or, in
    /// a pile whose prefix is gone, above the King at its bottom.
    #[inline(always)]
    pub fn inner(&self, pos: &Position, p: usize, index: usize) -> bool {
        index > 0 && index >= pos.piles[p].fixed.min(self.cap[p]) as usize
    }

    /// The context for a search whose move set has talon plays (`used`; see
    /// `game::engine::generate_with`). In a game with unlimited passes, turning d cards at a
    /// time, the positions that differ only in where the waste ends, when it ends at a
    /// multiple of d cards or the stock is empty, then get one key: the key writes them as
    /// the one with an empty waste.
    ///
    /// *Argument.* Let the talon hold n cards, w of them in the waste, with w in
    /// C = {0, d, 2d, ...} or w = n. The talon plays from there reach the places t (1-based,
    /// in turning order) d, 2d, ..., and n: going forward from w they reach w + d, w + 2d, ...,
    /// and n; turning over first, d, 2d, ... up to n; and t = w is the waste's top card, played
    /// from the waste. That is the same set of places for every such w, and a play of place t
    /// leaves the same position whatever w it started from (the card is gone, the waste holds
    /// the t - 1 cards before it, the count of redeals is no part of the state with unlimited
    /// passes). Every other move ignores the talon. So these positions have the same moves to
    /// the same positions, and are one state of the search. A position is decoded as the
    /// member with an empty waste; the solver only ever replays moves from the real deal.
    /// Without talon plays (single turns) the positions differ: only the turns connect them,
    /// so the context must not merge them there.
    pub fn with_talon_plays<V: Variant>(mut self, v: V, used: bool) -> KeyContext {
        if let Stock::Waste { draw, passes: None } = v.rules().stock
            && used
        {
            self.cycle = draw;
        }
        self
    }

    /// The most bits a key can need from this start position.
    ///
    /// A pile's prefix only ever shrinks (a move that takes cards from it shortens it, and
    /// nothing lengthens it), so its length from `start` on needs the bits of the start's
    /// prefix, not of the whole pile. That matters for a start in mid-game (the hidden-play
    /// planner solves from there): its piles may have grown by building far above any dealt
    /// pile, but their prefixes are no longer than the deal's, so such a start never needs
    /// more bits than its deal did.
    pub fn max_bits<V: Variant>(v: V, start: &Position) -> u32 {
        let tallest = (0..v.rules().piles())
            .map(|p| start.piles[p].fixed as usize)
            .max()
            .unwrap_or(0);
        max_bits(v.rules(), tallest, start.talon_len as usize)
    }
}

/// The most a pile's prefix length is written as in a loose key
/// ([`KeyContext::with_loose_tableau`]): one more than the index of the pile's lowest face-up
/// card from which every card up to the top lies on one it fits on (the base). At a deal that
/// is the card just above the face-down ones (one more than their count); a start in mid-game
/// may have face-up cards dealt on cards they do not fit, which are then bases too.
fn loose_cap<V: Variant>(start: &Position, p: usize) -> u8 {
    let pile = &start.piles[p];
    let n = pile.len as usize;
    if n == 0 {
        return 0;
    }
    let rel = match V::UNIT {
        Unit::Run(r) => r,
        Unit::Single => V::BUILD,
    };
    let mut base = n - 1;
    while base > 0 && !pile.is_down(base - 1) && rel.fits(pile.card(base), pile.card(base - 1)) {
        base -= 1;
    }
    (base + 1) as u8
}

/// Writes the built part of a pile, the cards `cards[from..len]` (face up, so without the
/// [`DOWN`] bit), as the module's doc says: their count, the first card in full, and each
/// further card's step bits. Under a rule going down (13 cards at most) the whole part is
/// gathered into one word ([`write_built_down`]). Under the rules going up or down, the step
/// bits are gathered eight cards at a time from the pile's bytes ([`step_bits_of_eight`];
/// bytes past a pile's end are zero, and the bits of cards past `len` are masked off), but
/// parts of at most eight cards of three step bits a card (up or down in any suit: Lucky
/// Piles) are written card by card ([`write_built_by_card`]), where gathering them cost more
/// (measured: docs/performance.md, "write_built: gathered or card by card"). A test checks
/// every way of writing against the card-by-card one, under every rule.
#[inline(always)]
fn write_built<V: Variant>(w: &mut Writer, cards: &[u8; PILE_CAP], from: usize, len: usize) {
    let b = V::BUILD;
    let k = step_bits(b);
    let n = len - from;
    if matches!(
        b,
        Build::DownAltColour | Build::DownAnySuit | Build::DownSameSuit
    ) {
        write_built_down::<V>(w, cards, from, len);
    } else if n <= 8 && k == 3 || n == 0 {
        write_built_by_card::<V>(w, &cards[from..len]);
    } else {
        write_built_by_eight::<V>(w, cards, from, len);
    }
}

/// [`write_built`] under a build rule going down, where a built part has 13 cards at most:
/// its count, first card and step bits gathered into one word without a loop (the step bits
/// of eight bytes of the pile at a time, [`step_bits_of_eight`], the second eight only for a
/// part of more than nine cards; bytes past a pile's end are zero, and so are their step
/// bits), and written at once. The card-by-card loop it replaces exits where the part ends, a
/// branch the processor mispredicts often (measured: docs/performance.md, "write_built_down:
/// a part built down in one go").
#[inline(always)]
fn write_built_down<V: Variant>(w: &mut Writer, cards: &[u8; PILE_CAP], from: usize, len: usize) {
    let b = V::BUILD;
    let (cb, k) = (count_bits(b), step_bits(b));
    let n = len - from;
    debug_assert!(n <= 13, "a part built down has 13 cards at most");
    let held = (n != 0) as u64;
    let first = cards[from.min(PILE_CAP - 1)] as u64 * held;
    let eight = |at: usize| {
        let at = at.min(PILE_CAP);
        step_bits_of_eight(b, load8(cards, at), load8(cards, at - 1))
    };
    let mut steps = eight(from + 1);
    if n > 9 {
        steps |= eight(from + 9) << (8 * k);
    }
    let v = n as u64 | first << cb | steps << (cb + 6);
    let bits = cb + held as u32 * (6 + k * (n as u32).saturating_sub(1));
    w.put(v, bits);
}

/// [`write_built`] with the step bits gathered eight cards at a time (a part of one card or
/// more, under any build rule).
#[inline(always)]
fn write_built_by_eight<V: Variant>(
    w: &mut Writer,
    cards: &[u8; PILE_CAP],
    from: usize,
    len: usize,
) {
    let b = V::BUILD;
    let k = step_bits(b);
    let n = len - from;
    w.put(n as u64, count_bits(b));
    w.put(cards[from] as u64, 6);
    let mut i = from + 1;
    while i < len {
        let m = (len - i).min(8) as u32;
        let v = step_bits_of_eight(b, load8(cards, i), load8(cards, i - 1));
        w.put(v & ((1u64 << (m * k)) - 1), m * k);
        i += 8;
    }
}

/// The eight bytes of `cards` from `at` on, as a little-endian word (zeros past the array).
#[inline(always)]
fn load8(cards: &[u8; PILE_CAP], at: usize) -> u64 {
    if at + 8 <= PILE_CAP {
        u64::from_le_bytes(cards[at..at + 8].try_into().expect("8 bytes"))
    } else {
        let mut b = [0u8; 8];
        b[..PILE_CAP - at].copy_from_slice(&cards[at..]);
        u64::from_le_bytes(b)
    }
}

/// The step bits (`step_bits(b)` each, card 0 lowest) of the eight cards whose bytes are
/// `word`, each built on the card of the same byte of `below` (the eight bytes one place
/// lower in the pile). Card index = 4 (rank - 1) + suit, so a card's suit is its low two bits,
/// its suit within its colour (`suit_in_colour`: hearts and spades) bit 1, and of two cards
/// whose ranks differ, the higher has the higher byte.
#[inline(always)]
fn step_bits_of_eight(b: Build, word: u64, below: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Each byte's suit bits.
    const SUITS: u64 = 0x0303_0303_0303_0303;
    // Per byte, 1 where the card ranks above the card below it: bytes are below 0x80, so
    // (a | 0x80) - b never borrows across bytes, and its high bit says a >= b (ranks of built
    // cards differ, so >= is >).
    let up = || (((word & !SUITS) | HIGH) - (below & !SUITS)) >> 7 & ONES;
    match b {
        Build::DownAltColour => pack::<1>(word >> 1 & ONES),
        Build::DownAnySuit => pack::<2>(word & SUITS),
        Build::DownSameSuit => 0,
        Build::UpDownAnySuit => pack::<3>(up() | (word & SUITS) << 1),
        Build::UpDownSameSuit => pack::<1>(up()),
    }
}

/// Gathers the low `K` bits of each byte of `x` (the rest zero) into `8 K` bits, byte 0's
/// lowest: pairs, then fours, then all eight.
#[inline(always)]
fn pack<const K: u32>(x: u64) -> u64 {
    if K == 1 {
        // One multiplication: byte i's bit (at 8 i) times 2^(56 - 7 i) lands at 56 + i, and
        // no two of the 64 products land on one bit (8 i - 7 j = 8 i' - 7 j' only for i = i',
        // j = j'), so nothing carries.
        return x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
    }
    let s = 8 - K;
    let f2 = (1u64 << (2 * K)) - 1;
    let f4 = (1u64 << (4 * K)) - 1;
    let x = (x | x >> s) & (f2 * 0x0001_0001_0001_0001);
    let x = (x | x >> (2 * s)) & (f4 * 0x0000_0001_0000_0001);
    (x | x >> (4 * s)) & ((1u64 << (8 * K)) - 1)
}

/// [`write_built`] card by card, as the module's doc states it: for Lucky Piles' parts of at
/// most eight cards and for empty parts, and the reference of the test of the other ways of
/// writing. The fields are gathered in one word and written with one [`Writer::put`] per 57
/// bits (the same bits in the same order as a `put` per field).
#[inline(always)]
fn write_built_by_card<V: Variant>(w: &mut Writer, cards: &[u8]) {
    let b = V::BUILD;
    let (cb, k) = (count_bits(b), step_bits(b));
    let Some((&first, rest)) = cards.split_first() else {
        w.put(0, cb);
        return;
    };
    let mut v = cards.len() as u64 | (first as u64) << cb;
    let mut bits = cb + 6;
    if k > 0 {
        let mut prev = Card::from_index(first);
        for &byte in rest {
            let c = Card::from_index(byte);
            let step = match b {
                Build::DownAltColour => suit_in_colour(c.suit()),
                Build::DownAnySuit => c.suit() as u64,
                Build::DownSameSuit => 0,
                Build::UpDownAnySuit => ((c.rank() > prev.rank()) as u64) | (c.suit() as u64) << 1,
                Build::UpDownSameSuit => (c.rank() > prev.rank()) as u64,
            };
            if bits + k > 57 {
                w.put(v, bits);
                (v, bits) = (0, 0);
            }
            v |= step << bits;
            bits += k;
            prev = c;
        }
    }
    w.put(v, bits);
}

/// Reads a built part written by [`write_built`] onto `cards` from `at` on; returns its count.
fn read_built<V: Variant>(r: &mut Reader, cards: &mut [u8; PILE_CAP], at: usize) -> usize {
    let b = V::BUILD;
    let n = r.get(count_bits(b)) as usize;
    if n == 0 {
        return 0;
    }
    let mut prev = Card::from_index(r.get(6) as u8);
    cards[at] = prev.index();
    for i in 1..n {
        let c = match b {
            Build::DownAltColour => {
                Card::new(prev.rank() - 1, suit_of_colour(1 - prev.colour(), r.get(1)))
            }
            Build::DownAnySuit => Card::new(prev.rank() - 1, r.get(2) as u8),
            Build::DownSameSuit => Card::new(prev.rank() - 1, prev.suit()),
            Build::UpDownAnySuit => {
                let v = r.get(3);
                let rank = if v & 1 == 1 {
                    prev.rank() + 1
                } else {
                    prev.rank() - 1
                };
                Card::new(rank, (v >> 1) as u8)
            }
            Build::UpDownSameSuit => {
                let rank = if r.get(1) == 1 {
                    prev.rank() + 1
                } else {
                    prev.rank() - 1
                };
                Card::new(rank, prev.suit())
            }
        };
        cards[at + i] = c.index();
        prev = c;
    }
    n
}

/// Packs `pos` into its key.
#[inline]
pub fn encode<V: Variant, K: KeyWords>(v: V, ctx: &KeyContext, pos: &Position) -> K {
    encode_as::<V, K>(v, ctx, pos, false)
}

/// Is the waste of `pos` at a place the key merges (see [`KeyContext::with_talon_plays`])?
#[inline(always)]
fn on_cycle(ctx: &KeyContext, pos: &Position) -> bool {
    ctx.cycle != 0 && (pos.waste_len.is_multiple_of(ctx.cycle) || pos.stock_len == 0)
}

/// With talon plays in a game with unlimited passes, when the waste of `pos` ends at a place
/// the key does not merge: the key of the position X that turning alone (through the stock and
/// over) reaches from `pos` with an empty waste. `None` when the waste is at a merged place or
/// the context merges none.
///
/// A search that has entered `pos` may count X as entered (store its key as seen). *Argument.*
/// Every game from X can be played from `pos` with as many moves, each leading to the same
/// position or to one that differs only in where its waste ends, from which turning alone
/// reaches X's: a talon play of X (places d, 2d, ..., n) is a talon play of `pos` too, with
/// the same result, and every other move leaves the talon alone. So X is won only if `pos` is,
/// and `pos` needs no more moves. The searches' argument (every entered winnable position keeps
/// a move towards a shorter win, so when they run dry no stored position was winnable) then
/// holds with such stored keys: among stored winnable positions take one with the shortest win,
/// an entered one where there is a tie; a stored X has its `pos`, entered, with a win as short;
/// and the kept move of an entered one leads to a stored position with a shorter win.
///
/// `key` is the key of `pos` ([`encode`]). X's key differs from it only in the talon's stock
/// count (all of the talon is in the stock), a field at a fixed place (after the foundations,
/// the reserve and the talon's card mask), so it is that key with the field rewritten: no second
/// encoding of the tableau.
#[inline]
pub fn turned_over_key<V: Variant, K: KeyWords>(
    v: V,
    ctx: &KeyContext,
    pos: &Position,
    key: &K,
) -> Option<K> {
    if ctx.cycle == 0 || pos.talon_len == 0 || on_cycle(ctx, pos) {
        return None;
    }
    let rules = v.rules();
    let found_bits = if rules.decks == 1 { 16 } else { 32 };
    let at = found_bits + rules.reserve as u32 + pos.talon_len as u32;
    let mut out = *key;
    set_bits(
        out.as_mut(),
        at,
        bits_for(pos.talon_len as usize),
        (pos.stock_len + pos.waste_len) as u64,
    );
    debug_assert_eq!(out, encode_as::<V, K>(v, ctx, pos, true));
    Some(out)
}

/// Writes the low `n` bits of `v` (`n` <= 32) at bit `at` of the stream `words` (the layout
/// of [`Writer`]: bit i of the stream is bit i % 64 of word i / 64).
#[inline(always)]
fn set_bits(words: &mut [u64], at: u32, n: u32, v: u64) {
    let (w, b) = ((at / 64) as usize, at % 64);
    let mask = (1u64 << n) - 1;
    words[w] = words[w] & !(mask << b) | (v & mask) << b;
    if b + n > 64 {
        let spill = b + n - 64;
        let hi = (1u64 << spill) - 1;
        words[w + 1] = words[w + 1] & !hi | (v & mask) >> (n - spill);
    }
}

#[inline(always)]
fn encode_as<V: Variant, K: KeyWords>(
    v: V,
    ctx: &KeyContext,
    pos: &Position,
    turned_over: bool,
) -> K {
    let rules = v.rules();
    let mut key = K::default();
    let mut w = Writer::new(key.as_mut());
    put_foundations::<V>(v, &mut w, pos);
    // Reserve.
    if rules.reserve > 0 {
        let m = reserve_mask(&pos.reserve) & ((1u64 << rules.reserve) - 1);
        w.put(m, rules.reserve as u32);
    }
    if !matches!(rules.stock, Stock::None) && pos.talon_len > 0 {
        put_talon::<V>(v, &mut w, ctx, pos, turned_over);
    }
    put_tableau::<V>(v, &mut w, ctx, pos);
    w.finish();
    key
}

/// The foundations' heights, per suit (with two decks, the two of a suit higher first).
#[inline(always)]
fn put_foundations<V: Variant>(v: V, w: &mut Writer, pos: &Position) {
    let rules = v.rules();
    let nf = rules.foundations();
    if rules.decks == 1 {
        let mut h = [0u64; 4];
        for f in 0..nf {
            if pos.found_suit[f] != NONE {
                h[pos.found_suit[f] as usize] = pos.found_height[f] as u64;
            }
        }
        w.put(h[0] | h[1] << 4 | h[2] << 8 | h[3] << 12, 16);
    } else {
        let mut h = [[0u64; 2]; 4];
        let mut n = [0usize; 4];
        for f in 0..nf {
            let s = pos.found_suit[f];
            if s != NONE {
                h[s as usize][n[s as usize]] = pos.found_height[f] as u64;
                n[s as usize] += 1;
            }
        }
        for hs in h {
            let (hi, lo) = if hs[0] >= hs[1] {
                (hs[0], hs[1])
            } else {
                (hs[1], hs[0])
            };
            w.put(hi | lo << 4, 8);
        }
    }
}

/// The talon: which of its cards are still in it, the stock's count (of the position turning
/// over reaches, where `turned_over` or on the cycle) and, where passes are counted, the
/// redeals.
#[inline(always)]
fn put_talon<V: Variant>(
    v: V,
    w: &mut Writer,
    ctx: &KeyContext,
    pos: &Position,
    turned_over: bool,
) {
    let rules = v.rules();
    let tl = pos.talon_len as usize;
    let left = !pos.talon_out;
    let m = [left as u64, (left >> 64) as u64];
    if tl > 64 {
        w.put_wide(m[0], 64);
        w.put_wide(m[1] & ((1u64 << (tl - 64)) - 1), (tl - 64) as u32);
    } else if tl == 64 {
        w.put_wide(m[0], 64);
    } else {
        w.put_wide(m[0] & ((1u64 << tl) - 1), tl as u32);
    }
    let stock_len = if turned_over || on_cycle(ctx, pos) {
        pos.stock_len + pos.waste_len
    } else {
        pos.stock_len
    };
    w.put(stock_len as u64, bits_for(tl));
    // With unlimited passes the count of redeals is no part of the state (and may be
    // anything): it must not be written, not even as zero bits of a nonzero value.
    let rb = redeal_bits(rules);
    if rb > 0 {
        w.put(pos.redeals as u64, rb);
    }
}

/// The tableau: every prefix length in pile order; then the built part of each pile with a
/// prefix, in pile order; then the piles without one, sorted. With the loose tableau, the
/// capped prefix lengths only (`KeyContext::with_loose_tableau`: a capped length needs no more
/// bits than the start's).
#[inline(always)]
fn put_tableau<V: Variant>(v: V, w: &mut Writer, ctx: &KeyContext, pos: &Position) {
    let rules = v.rules();
    let np = rules.piles();
    if ctx.loose {
        if ctx.fixed_total <= 57 {
            let mut v = 0u64;
            for p in 0..np {
                v |= (pos.piles[p].fixed.min(ctx.cap[p]) as u64) << ctx.fixed_at[p];
            }
            w.put(v, ctx.fixed_total);
        } else {
            for p in 0..np {
                let v = pos.piles[p].fixed.min(ctx.cap[p]);
                w.put(v as u64, ctx.fixed_bits[p] as u32);
            }
        }
        return;
    }
    if ctx.fixed_total <= 57 {
        // The same bits as pile by pile, gathered in one word first (one `put`).
        let mut v = 0u64;
        for p in 0..np {
            v |= (pos.piles[p].fixed as u64) << ctx.fixed_at[p];
        }
        w.put(v, ctx.fixed_total);
    } else {
        for p in 0..np {
            w.put(pos.piles[p].fixed as u64, ctx.fixed_bits[p] as u32);
        }
    }
    let mut free = [0u8; 16];
    let mut nfree = 0;
    for p in 0..np {
        let pile = &pos.piles[p];
        if pile.fixed == 0 {
            free[nfree] = p as u8;
            nfree += 1;
        } else {
            write_built::<V>(w, &pile.cards, pile.fixed as usize, pile.len as usize);
        }
    }
    let free = &mut free[..nfree];
    if nfree > 1 {
        if rules.decks == 1 {
            sort_piles_one_deck(pos, free);
        } else {
            sort_piles(pos, free);
        }
    }
    for &p in free.iter() {
        let pile = &pos.piles[p as usize];
        write_built::<V>(w, &pile.cards, 0, pile.len as usize);
    }
}

/// A number that orders piles as their card lists do, but for piles that agree in their first
/// seven cards and their length (then the lists are compared).
#[inline(always)]
fn pile_rank(pos: &Position, p: u8) -> u64 {
    let pile = &pos.piles[p as usize];
    let head = u64::from_be_bytes(pile.cards[..8].try_into().expect("8 bytes"));
    (head & !0xff) | pile.len as u64
}

/// [`sort_piles`] in a one-deck game, where no two piles share a card, so no two non-empty
/// piles share their bottom card, which orders them as their card lists do; empty piles come
/// first (two of them write the same bits). The same order as [`sort_piles`], so the same
/// keys (a test checks it).
#[inline]
fn sort_piles_one_deck(pos: &Position, free: &mut [u8]) {
    // Empty piles first, in pile order (their numbers are their whole sort key), moved down
    // in place (the k-th pile read is written at or below k); then the others by their
    // bottom cards, which differ (one deck), read off a card mask in card order. Without a
    // branch per pile: an empty pile's entry goes to a spare slot of `of`.
    let mut of = [0u8; 53];
    let mut bottoms = 0u64;
    let mut ne = 0;
    for k in 0..free.len() {
        let p = free[k];
        let pile = &pos.piles[p as usize];
        let held = pile.len != 0;
        let c = pile.cards[0] as usize;
        of[if held { c } else { 52 }] = p;
        bottoms |= (held as u64) << c;
        free[ne] = p;
        ne += !held as usize;
    }
    let mut i = ne;
    while bottoms != 0 {
        free[i] = of[bottoms.trailing_zeros() as usize];
        bottoms &= bottoms - 1;
        i += 1;
    }
}

/// Sorts pile numbers by their cards (insertion sort: few piles, no allocation): by their
/// ranks ([`pile_rank`]), and piles of equal rank by their card lists.
#[inline]
fn sort_piles(pos: &Position, free: &mut [u8]) {
    let mut ranks = [0u64; 16];
    for (r, &p) in ranks.iter_mut().zip(free.iter()) {
        *r = pile_rank(pos, p);
    }
    // Equal ranks are equal piles when they are at most seven cards long (the rank holds
    // their length and all their cards; bytes past a pile's end are zero): only longer piles
    // are compared card by card (empty piles, common in two decks, then cost no `memcmp`).
    let gt = |ra: u64, a: u8, rb: u64, b: u8| {
        ra > rb
            || (ra == rb
                && ra & 0xff > 7
                && pos.piles[a as usize].as_slice() > pos.piles[b as usize].as_slice())
    };
    for i in 1..free.len() {
        let (x, rx) = (free[i], ranks[i]);
        let mut j = i;
        while j > 0 && gt(ranks[j - 1], free[j - 1], rx, x) {
            free[j] = free[j - 1];
            ranks[j] = ranks[j - 1];
            j -= 1;
        }
        free[j] = x;
        ranks[j] = rx;
    }
}

/// Unpacks a key into a position, given the start position it was reached from. Foundations
/// come out in suit order and interchangeable piles in sorted order; everything else is as
/// it was.
pub fn decode<V: Variant, K: KeyWords>(
    v: V,
    ctx: &KeyContext,
    start: &Position,
    key: &K,
) -> Position {
    let rules = v.rules();
    let mut r = Reader {
        words: key.as_ref(),
        at: 0,
    };
    let mut pos = start.clone();
    pos.found_suit = [NONE; 8];
    pos.found_height = [0; 8];
    pos.on_found = 0;
    let put_found = |f: usize, suit: u8, h: u8, pos: &mut Position| {
        if h > 0 {
            pos.found_suit[f] = suit;
            pos.found_height[f] = h;
            pos.on_found += h;
        }
    };
    if rules.decks == 1 {
        let v = r.get(16);
        for s in 0..4u8 {
            put_found(s as usize, s, (v >> (4 * s)) as u8 & 15, &mut pos);
        }
    } else {
        for s in 0..4u8 {
            let v = r.get(8);
            put_found(2 * s as usize, s, v as u8 & 15, &mut pos);
            put_found(2 * s as usize + 1, s, (v >> 4) as u8 & 15, &mut pos);
        }
    }
    if rules.reserve > 0 {
        let m = r.get(rules.reserve as u32);
        for i in 0..rules.reserve as usize {
            if m >> i & 1 == 0 {
                pos.reserve[i] = NONE;
            }
        }
    }
    if !matches!(rules.stock, Stock::None) && start.talon_len > 0 {
        read_talon::<V>(v, &mut r, start, &mut pos);
    }
    let np = rules.piles();
    let mut fixed = [0usize; 16];
    for (p, f) in fixed.iter_mut().enumerate().take(np) {
        *f = r.get(ctx.fixed_bits[p] as u32) as usize;
    }
    for p in (0..np).filter(|&p| fixed[p] > 0) {
        let orig = &start.piles[p];
        let fx = fixed[p];
        let pile = &mut pos.piles[p];
        pile.cards.fill(0);
        for i in 0..fx {
            let down = orig.cards[i] & DOWN != 0 && i + 1 < fx;
            pile.cards[i] = (orig.cards[i] & !DOWN) | if down { DOWN } else { 0 };
        }
        let n = read_built::<V>(&mut r, &mut pile.cards, fx);
        pile.len = (fx + n) as u8;
        pile.fixed = fx as u8;
    }
    for p in (0..np).filter(|&p| fixed[p] == 0) {
        let pile = &mut pos.piles[p];
        pile.cards.fill(0);
        pile.len = read_built::<V>(&mut r, &mut pile.cards, 0) as u8;
        pile.fixed = 0;
    }
    pos
}

/// Reads the talon's part of a key into `pos` (the inverse of `put_talon`).
#[inline]
fn read_talon<V: Variant>(v: V, r: &mut Reader, start: &Position, pos: &mut Position) {
    let rules = v.rules();
    let tl = start.talon_len as usize;
    let m = if tl > 64 {
        [r.get(64), r.get((tl - 64) as u32)]
    } else {
        [r.get(tl as u32), 0]
    };
    let stock_len = r.get(bits_for(tl)) as usize;
    let rb = redeal_bits(rules);
    pos.redeals = if rb > 0 { r.get(rb) as u8 } else { 0 };
    // The talon cards still in the stock or waste, in turning order (no allocation: the
    // best-first search decodes a key at every position it expands).
    let left_mask = m[0] as u128 | (m[1] as u128) << 64;
    let mut remaining = [0u8; MAX_TALON];
    let mut left = 0;
    let mut bits = left_mask;
    while bits != 0 {
        remaining[left] = bits.trailing_zeros() as u8;
        left += 1;
        bits &= bits - 1;
    }
    let remaining = &remaining[..left];
    let waste_len = remaining.len() - stock_len;
    let talon = if tl >= 128 {
        u128::MAX
    } else {
        (1u128 << tl) - 1
    };
    pos.talon_out = !left_mask & talon;
    pos.waste = [0; MAX_TALON];
    pos.stock = [0; MAX_TALON];
    pos.waste_len = waste_len as u8;
    pos.waste[..waste_len].copy_from_slice(&remaining[..waste_len]);
    pos.stock_len = stock_len as u8;
    for (i, &t) in remaining[waste_len..].iter().rev().enumerate() {
        pos.stock[i] = t;
    }
}

#[cfg(test)]
mod tests {
    use super::{
        NONE, PILE_CAP, Writer, reserve_mask, set_bits, sort_piles, sort_piles_one_deck,
        write_built, write_built_by_card, write_built_by_eight, write_built_down,
    };
    use crate::game::{Build, Move, Position, Variant, apply, generate};
    use crate::games::{
        FortyThieves, Klondike, LuckierThirteen, LuckyPiles, LuckyPilesSameSuit, LuckyThirteen,
        NapoleonsShoulder,
    };
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The built part written eight cards at a time (under a rule going down, all at once) is
    /// the one written card by card, for piles of random cards (each of another rank than the
    /// card below it, as in any built part) of every length and start, under each build rule.
    fn built_parts_agree<V: Variant>() -> Build {
        let mut rng = ChaCha8Rng::seed_from_u64(0x2545);
        let mut rand = |n: u64| rng.random_range(0..n);
        for _ in 0..3000 {
            let len = rand(PILE_CAP as u64 + 1) as usize;
            let mut cards = [0u8; PILE_CAP];
            for i in 0..len {
                cards[i] = loop {
                    let c = rand(52) as u8;
                    if i == 0 || c >> 2 != cards[i - 1] >> 2 {
                        break c;
                    }
                };
            }
            // At most 13 built cards going down, 52 up and down (one deck).
            let most = if matches!(V::BUILD, Build::UpDownAnySuit | Build::UpDownSameSuit) {
                52
            } else {
                13
            };
            let from = len - (rand(len as u64 + 1) as usize).min(most);
            let (mut fast, mut slow) = ([0u64; 8], [0u64; 8]);
            for (words, by_card) in [(&mut fast, false), (&mut slow, true)] {
                let mut w = Writer::new(words);
                // Some bits first, so that the part starts anywhere in a word.
                let n = len as u32 % 7;
                w.put(0b101_0101 & ((1 << n) - 1), n);
                if by_card {
                    write_built_by_card::<V>(&mut w, &cards[from..len]);
                } else if most == 13 {
                    write_built_down::<V>(&mut w, &cards, from, len);
                } else if from < len {
                    write_built_by_eight::<V>(&mut w, &cards, from, len);
                } else {
                    write_built::<V>(&mut w, &cards, from, len);
                }
                w.put(0b11, 2);
                w.finish();
            }
            assert_eq!(fast, slow, "{:?} {from}..{len}", &cards[..len]);
        }
        V::BUILD
    }

    #[test]
    fn built_parts_written_eight_cards_at_a_time() {
        let builds = [
            built_parts_agree::<Klondike>(),
            built_parts_agree::<LuckyThirteen>(),
            built_parts_agree::<FortyThieves>(),
            built_parts_agree::<LuckyPiles>(),
            built_parts_agree::<LuckyPilesSameSuit>(),
        ];
        for b in Build::ALL {
            assert!(builds.contains(&b), "{b:?} is tested");
        }
    }

    /// The free piles come out of `sort_piles` (and in one deck of `sort_piles_one_deck`) in
    /// the order of their ranks and then their card lists, at positions along random walks;
    /// returns how many sorts of two piles or more were compared.
    fn pile_sorts_agree<V: Variant>(v: V) -> usize {
        let mut rng = ChaCha8Rng::seed_from_u64(0x9e37);
        let mut compared = 0;
        let mut moves: Vec<Move> = Vec::new();
        for seed in 0..40 {
            let mut pos =
                Position::from_deal::<V>(v, &crate::deal::deal(v.rules(), seed)).expect("a deal");
            for _ in 0..200 {
                let free: Vec<u8> = (0..v.rules().piles() as u8)
                    .filter(|&p| pos.piles[p as usize].fixed == 0)
                    .collect();
                if free.len() > 1 {
                    let cards = |ps: &[u8]| -> Vec<Vec<u8>> {
                        ps.iter()
                            .map(|&p| pos.piles[p as usize].as_slice().to_vec())
                            .collect()
                    };
                    let mut want = free.clone();
                    want.sort_by_key(|&p| (super::pile_rank(&pos, p), cards(&[p])));
                    let mut got = free.clone();
                    sort_piles(&pos, &mut got);
                    assert_eq!(cards(&got), cards(&want), "seed {seed}");
                    if v.rules().decks == 1 {
                        let mut got = free.clone();
                        sort_piles_one_deck(&pos, &mut got);
                        assert_eq!(cards(&got), cards(&want), "seed {seed}");
                    }
                    compared += 1;
                }
                moves.clear();
                generate::<V>(v, &pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                apply::<V>(v, &mut pos, moves[rng.random_range(0..moves.len())]);
            }
        }
        compared
    }

    #[test]
    fn pile_sorts_order_as_ranks_and_card_lists_do() {
        assert!(pile_sorts_agree::<LuckyThirteen>(LuckyThirteen) > 1000);
        assert!(pile_sorts_agree::<LuckierThirteen>(LuckierThirteen) > 1000);
        assert!(pile_sorts_agree::<LuckyPiles>(LuckyPiles) > 1000);
        assert!(pile_sorts_agree::<Klondike>(Klondike) > 1000);
        assert!(pile_sorts_agree::<NapoleonsShoulder>(NapoleonsShoulder) > 1000);
        assert!(pile_sorts_agree::<FortyThieves>(FortyThieves) > 100);
    }

    /// Two piles of two decks that agree in their length and first seven cards (one rank) are
    /// put in the order of their card lists, not of their pile numbers.
    #[test]
    fn piles_of_one_rank_are_sorted_by_their_cards() {
        let mut pos = Position::empty();
        let head = [48u8, 44, 40, 36, 32, 28, 24, 20];
        for (p, last) in [(0, 17u8), (1, 16), (2, 18)] {
            let pile = &mut pos.piles[p];
            pile.cards[..8].copy_from_slice(&head);
            pile.cards[8] = last;
            pile.len = 9;
        }
        let mut free = [0u8, 1, 2];
        sort_piles(&pos, &mut free);
        assert_eq!(free, [1, 0, 2]);
    }

    /// `reserve_mask` has a bit for each slot that holds a card, as a loop over the slots says.
    #[test]
    fn reserve_mask_matches_the_slots() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..5000 {
            let mut slots = [NONE; 16];
            for s in slots.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if !x.is_multiple_of(3) {
                    *s = (x >> 8) as u8 % if i % 2 == 0 { 52 } else { 255 };
                }
            }
            let want = (0..16).fold(0u64, |m, r| m | u64::from(slots[r] != NONE) << r);
            assert_eq!(reserve_mask(&slots), want, "{slots:?}");
        }
        assert_eq!(reserve_mask(&[NONE; 16]), 0);
        assert_eq!(reserve_mask(&[0; 16]), 0xffff);
    }

    /// Rewriting one field of a bit stream in place gives the stream written with the new value,
    /// wherever the field lies, across a word boundary too.
    #[test]
    fn set_bits_rewrites_a_field_as_the_writer_would_have_written_it() {
        let fields = |v: u64, before: u32, n: u32| -> [u64; 3] {
            let mut words = [0u64; 3];
            let mut w = Writer::new(&mut words);
            // Ones before and after, so that a mask too wide or misplaced shows.
            for _ in 0..before / 32 {
                w.put(0xffff_ffff, 32);
            }
            w.put((1u64 << (before % 32)) - 1, before % 32);
            w.put(v, n);
            w.put((1u64 << 40) - 1, 40);
            w.finish();
            words
        };
        let mut straddles = 0;
        for before in 0..100 {
            for n in 1..=8 {
                let mut words = fields(0b1010_0101 & ((1 << n) - 1), before, n);
                let new = 0b0110_1001 & ((1u64 << n) - 1);
                set_bits(&mut words, before, n, new);
                assert_eq!(words, fields(new, before, n), "field at {before}, {n} bits");
                straddles += usize::from(before % 64 + n > 64);
            }
        }
        assert!(straddles > 0);
    }

    /// Klondike's loose keys (its depth-first searches' keys) need fewer than 63 bits: at a
    /// deal 16 of foundations, 24 + 5 of talon and 17 of capped prefix lengths. So each takes
    /// one word of a table slot (`solve::table`: a key below 2^62 in its first word and zero
    /// beyond is stored in one word). Checked along random walks from deals of both draws.
    #[test]
    fn klondike_loose_keys_take_one_word() {
        use crate::games::KlondikeDraw3;
        fn walks<V: Variant>(v: V) -> usize {
            let mut rng = ChaCha8Rng::seed_from_u64(0x1005e);
            let mut keyed = 0;
            let mut moves: Vec<Move> = Vec::new();
            for seed in 0..60 {
                let start = Position::from_deal::<V>(v, &crate::deal::deal(v.rules(), seed))
                    .expect("a deal");
                let ctx = super::KeyContext::new::<V>(v, &start)
                    .with_talon_plays::<V>(v, true)
                    .with_loose_tableau(true);
                assert!(ctx.fixed_total + 16 + 24 + 5 <= 62, "{}", ctx.fixed_total);
                let mut pos = start.clone();
                for _ in 0..300 {
                    let k: [u64; 4] = super::encode::<V, [u64; 4]>(v, &ctx, &pos);
                    assert_eq!(k[1..], [0; 3], "seed {seed}");
                    assert_eq!(k[0] >> 62, 0, "seed {seed}");
                    keyed += 1;
                    moves.clear();
                    generate::<V>(v, &pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    apply::<V>(v, &mut pos, moves[rng.random_range(0..moves.len())]);
                }
            }
            keyed
        }
        assert!(walks(Klondike) > 5000);
        assert!(walks(KlondikeDraw3) > 5000);
    }
}
