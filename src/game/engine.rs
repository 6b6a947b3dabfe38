//! Move generation, make/undo, and the direct legality check, generic over the variant.

use super::moves::{Move, Place};
use super::position::{DOWN, NONE, PILE_CAP, Position, reserve_mask};
use super::rules::{Build, Rules, SourceKind, Stock, Unit, Variant};
use crate::cards::Card;

/// What `apply` changed that the move itself does not say; hand it back to `undo`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Undo {
    /// A face-down card was turned up on the source pile.
    pub flipped: bool,
    /// The source pile's undisturbed prefix before the move, when the move shortened it.
    pub fixed: Option<u8>,
    /// The talon index of a card taken from the waste.
    pub talon: u8,
    /// For a talon play, the waste's size before it.
    pub waste_before: u8,
}

/// Why a move is refused by [`legal`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    #[error("{0} does not exist in this game")]
    NoSuchPlace(Place),
    #[error("{0} is empty")]
    EmptySource(Place),
    #[error("cards cannot be moved from {0} to {1}")]
    Direction(Place, Place),
    #[error("only {max} card(s) can move together from {from} here")]
    TooMany { from: Place, max: u8 },
    #[error("{card} is face down")]
    FaceDown { card: Card },
    #[error("{card} cannot go onto {base}")]
    DoesNotFit { card: Card, base: Card },
    #[error("{card} cannot go to {to}")]
    NotOnFoundation { card: Card, to: Place },
    #[error("{card} from {from} cannot fill the empty pile {to}")]
    SpaceRule { card: Card, from: Place, to: Place },
    #[error("the stock is empty")]
    StockEmpty,
    #[error("the waste cannot be turned back into the stock now")]
    NoRedeal,
}

#[inline(always)]
fn source_kind(p: Place) -> SourceKind {
    match p {
        Place::Tableau(_) => SourceKind::Tableau,
        Place::Reserve(_) => SourceKind::Reserve,
        Place::Foundation(_) => SourceKind::Foundation,
        _ => SourceKind::Waste,
    }
}

/// How many top cards of pile `p` can move together (0 for an empty pile).
#[inline(always)]
pub fn movable_tail<V: Variant>(pos: &Position, p: usize) -> usize {
    let pile = &pos.piles[p];
    let len = pile.len as usize;
    if len == 0 {
        return 0;
    }
    match V::UNIT {
        Unit::Single => 1,
        Unit::Run(rel) => {
            let mut k = 1;
            while k < len {
                let below = pile.cards[len - k - 1];
                if below & DOWN != 0 {
                    break;
                }
                if !rel.fits(pile.card(len - k), Card::from_index(below)) {
                    break;
                }
                k += 1;
            }
            k
        }
    }
}

/// Per card, the tableau piles whose top card it is (a bit per pile), and the first empty pile.
struct Tops {
    by_card: [u16; 52],
    first_empty: Option<u8>,
    /// In a game from a rules file, the cards that may fill an empty pile, per [`SourceKind`]
    /// (`Rules::space_cards`, read once here rather than matched at each card); a built-in
    /// game's space rule is a constant and leaves these unused.
    space: [u64; 4],
}

impl Tops {
    /// The tops of the piles of `pos` in a game `V` with `rules` (its rules, read once).
    #[inline(always)]
    fn new<V: Variant>(pos: &Position, rules: &Rules) -> Tops {
        let mut t = Tops {
            by_card: [0; 52],
            first_empty: None,
            space: [0; 4],
        };
        if !V::CONST_RULES {
            for k in [
                SourceKind::Tableau,
                SourceKind::Reserve,
                SourceKind::Waste,
                SourceKind::Foundation,
            ] {
                t.space[k as usize] = rules.space_cards(k);
            }
        }
        for q in (0..rules.piles()).rev() {
            let pile = &pos.piles[q];
            if pile.len == 0 {
                t.first_empty = Some(q as u8);
            } else {
                t.by_card[pile.top().index() as usize] |= 1 << q;
            }
        }
        t
    }

    /// Piles whose top card takes `card` under the game's build rule.
    #[inline(always)]
    fn takers<V: Variant>(&self, card: Card) -> u16 {
        let r = card.rank() as usize; // a card of rank r goes on rank r + 1, whose cards are 4r..4r+4
        let s = card.suit() as usize;
        let up = |i: usize| -> u16 { if r < 13 { self.by_card[4 * r + i] } else { 0 } };
        let down = |i: usize| -> u16 {
            if r > 1 {
                self.by_card[4 * (r - 2) + i]
            } else {
                0
            }
        };
        match V::BUILD {
            Build::DownAltColour => {
                if card.colour() == 0 {
                    up(1) | up(2)
                } else {
                    up(0) | up(3)
                }
            }
            Build::DownAnySuit => up(0) | up(1) | up(2) | up(3),
            Build::DownSameSuit => up(s),
            Build::UpDownAnySuit => {
                up(0) | up(1) | up(2) | up(3) | down(0) | down(1) | down(2) | down(3)
            }
            Build::UpDownSameSuit => up(s) | down(s),
        }
    }
}

/// Pushes a unit whose bottom card is `bottom` from `from` onto every tableau pile that takes it:
/// non-empty piles whose top accepts it, and the first empty pile if the space rule admits it
/// (empty piles are interchangeable, so one stands for all). `whole` is set when the unit is a
/// whole pile: moving it into an empty pile only renames the pile, so that move is left out.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn push_to_tableau<V: Variant>(
    rules: &Rules,
    tops: &Tops,
    out: &mut Vec<Move>,
    from: Place,
    skip: usize,
    bottom: Card,
    count: u8,
    whole: bool,
) {
    let mut mask = tops.takers::<V>(bottom);
    if skip < 16 {
        mask &= !(1 << skip);
    }
    if let Some(e) = tops.first_empty
        && !whole
        && if V::CONST_RULES {
            rules.space_accepts(bottom, source_kind(from))
        } else {
            tops.space[source_kind(from) as usize] >> bottom.index() & 1 != 0
        }
    {
        mask |= 1 << e;
    }
    while mask != 0 {
        let q = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        out.push(Move::new(from, Place::Tableau(q), count));
    }
}

/// Appends the moves of `pos` to `out`: every legal move, except that only the first of several
/// empty piles is named as a destination, a whole pile is never moved into an empty pile, and a
/// card that two foundations would take goes to the first of them (each differs from a generated
/// move only by the numbering of interchangeable piles or foundations).
pub fn generate<V: Variant>(v: V, pos: &Position, out: &mut Vec<Move>) {
    generate_with::<V>(v, pos, out, false)
}

/// [`generate`], or with `talon_plays` the solver's move set, in which the stock turn and the redeal
/// are replaced by talon plays ([`Move::talon_play`], the K+ idea): one move for every card that
/// turning (with at most one redeal) can bring to the top of the waste and every place that
/// takes it, turning and playing it at once.
///
/// *Argument.* In a won game, move every turn and redeal forward past the moves that do not
/// touch the talon (they commute: turning reads nothing of the tableau, and those moves read
/// nothing of the talon) up to the next play from the waste, and drop the ones after the last
/// such play. Each run of turns and redeals then goes from one waste size to another, and the
/// talon is one fixed sequence of which the waste is the first cards (turning and turning back
/// keep that order), so the run and the play after it are one talon play, with at most one
/// redeal (a second would only reach sizes the first reached, and uses no fewer passes). The won
/// game keeps its other moves, so the search over this move set finds a win whenever one
/// exists, and a position between a turn and a play is never a node of the search.
pub fn generate_with<V: Variant>(v: V, pos: &Position, out: &mut Vec<Move>, talon_plays: bool) {
    // The rules, read once (a game from a rules file reads them from where they were loaded).
    let rules = v.rules();
    let (np, nf) = (rules.piles(), rules.foundations());
    out.reserve(512);
    let tops = Tops::new::<V>(pos, rules);
    // The cards a foundation takes now: `found_slot_among` finds a foundation for these only,
    // so the others skip its loop over the foundations.
    let needed = pos.needed_mask_among(nf);
    // Tableau sources.
    for p in 0..np {
        let pile = &pos.piles[p];
        let len = pile.len as usize;
        if len == 0 {
            continue;
        }
        let from = Place::Tableau(p as u8);
        let top = pile.top();
        if needed >> top.index() & 1 != 0
            && let Some(f) = pos.found_slot_among(top, nf)
        {
            out.push(Move::new(from, Place::Foundation(f as u8), 1));
        }
        let tail = movable_tail::<V>(pos, p);
        for k in 1..=tail {
            push_to_tableau::<V>(
                rules,
                &tops,
                out,
                from,
                p,
                pile.card(len - k),
                k as u8,
                k == len,
            );
        }
    }
    // Reserve sources: the slots that hold a card, in slot order.
    let mut held = if rules.reserve > 0 {
        reserve_mask(&pos.reserve) & ((1u64 << rules.reserve) - 1)
    } else {
        0
    };
    while held != 0 {
        let r = held.trailing_zeros() as usize;
        held &= held - 1;
        let b = pos.reserve[r];
        let from = Place::Reserve(r as u8);
        let card = Card::from_index(b);
        if needed >> card.index() & 1 != 0
            && let Some(f) = pos.found_slot_among(card, nf)
        {
            out.push(Move::new(from, Place::Foundation(f as u8), 1));
        }
        push_to_tableau::<V>(rules, &tops, out, from, usize::MAX, card, 1, false);
    }
    // The waste and the stock.
    if let Stock::Waste { draw, .. } = rules.stock {
        if let Some(card) = pos.waste_top() {
            if needed >> card.index() & 1 != 0
                && let Some(f) = pos.found_slot_among(card, nf)
            {
                out.push(Move::new(Place::Waste, Place::Foundation(f as u8), 1));
            }
            push_to_tableau::<V>(rules, &tops, out, Place::Waste, usize::MAX, card, 1, false);
        }
        if talon_plays {
            push_talon_plays::<V>(rules, pos, &tops, needed, out);
        } else if pos.stock_len > 0 {
            out.push(Move::new(
                Place::Stock,
                Place::Waste,
                draw.min(pos.stock_len),
            ));
        } else if pos.may_redeal(rules) {
            out.push(Move::new(Place::Waste, Place::Stock, pos.waste_len));
        }
    }
    // Foundation tops back into play.
    for f in 0..nf {
        if let Some(card) = pos.found_top(f) {
            push_to_tableau::<V>(
                rules,
                &tops,
                out,
                Place::Foundation(f as u8),
                usize::MAX,
                card,
                1,
                false,
            );
        }
    }
}

/// The card at place `i` (0 = first) of the talon as it stands: the waste from its bottom card
/// up, then the stock from its top card down (the order in which turning shows them).
#[inline(always)]
pub fn talon_card(pos: &Position, i: usize) -> Card {
    let w = pos.waste_len as usize;
    if i < w {
        pos.waste_card(i)
    } else {
        pos.stock_card(pos.stock_len as usize - 1 - (i - w))
    }
}

/// Appends the talon plays of `pos` (see [`generate_with`]).
#[inline]
fn push_talon_plays<V: Variant>(
    rules: &Rules,
    pos: &Position,
    tops: &Tops,
    needed: u64,
    out: &mut Vec<Move>,
) {
    let nf = rules.foundations();
    let Stock::Waste { draw, passes } = rules.stock else {
        return;
    };
    let d = draw as usize;
    let p = pos.waste_len as usize;
    let len = p + pos.stock_len as usize;
    let mut push = |t: usize, redeal: bool| {
        let card = talon_card(pos, t - 1);
        let count = t as u8 | if redeal { 0x80 } else { 0 };
        if needed >> card.index() & 1 != 0
            && let Some(f) = pos.found_slot_among(card, nf)
        {
            out.push(Move::talon_play(
                t as u8,
                redeal,
                Place::Foundation(f as u8),
            ));
        }
        push_to_tableau::<V>(
            rules,
            tops,
            out,
            Place::Stock,
            usize::MAX,
            card,
            count,
            false,
        );
    };
    let mut forward = 0u128;
    let mut t = p;
    while t < len {
        t = (t + d).min(len);
        forward |= 1 << t;
        push(t, false);
    }
    let may_redeal = len > 0 && passes.is_none_or(|n| (pos.redeals as u16 + 1) < n as u16);
    if may_redeal {
        let mut t = 0;
        while t < len {
            t = (t + d).min(len);
            if t != p && forward >> t & 1 == 0 {
                push(t, true);
            }
        }
    }
}

/// Turns the stock forward, or the waste back onto it, until the waste holds `t` cards. The
/// talon keeps its order (see [`talon_card`]).
#[inline(always)]
fn set_waste_len(pos: &mut Position, t: u8) {
    while pos.waste_len < t {
        pos.stock_len -= 1;
        pos.waste[pos.waste_len as usize] = pos.stock[pos.stock_len as usize];
        pos.stock[pos.stock_len as usize] = 0;
        pos.waste_len += 1;
    }
    while pos.waste_len > t {
        pos.waste_len -= 1;
        pos.stock[pos.stock_len as usize] = pos.waste[pos.waste_len as usize];
        pos.waste[pos.waste_len as usize] = 0;
        pos.stock_len += 1;
    }
}

/// Takes the top card off foundation `f`; returns its index.
#[inline(always)]
fn pop_foundation(pos: &mut Position, f: usize) -> u8 {
    let card = Card::new(pos.found_height[f], pos.found_suit[f]).index();
    pos.found_height[f] -= 1;
    if pos.found_height[f] == 0 {
        pos.found_suit[f] = NONE;
    }
    pos.on_found -= 1;
    card
}

/// Where in pile `p` the card lies that a twin shift to foundation `f` puts up: the next card
/// of `f`'s suit (never an Ace: nothing is built on an Ace going down, so an Ace is never
/// covered).
#[inline]
pub fn twin_shift_index(pos: &Position, p: usize, f: usize) -> usize {
    let c = Card::new(pos.found_height[f] + 1, pos.found_suit[f]);
    let pile = &pos.piles[p];
    (0..pile.len as usize)
        .rev()
        .find(|&i| pile.cards[i] == c.index())
        .expect("a twin shift's card lies face up in its pile")
}

/// The two real moves of a twin shift ([`Move::twin_shift`]) whose run has `n` cards: the run
/// onto the twin's pile, then the bare card up.
#[inline(always)]
pub fn twin_shift_parts(m: Move, q: u8, n: u8) -> (Move, Move) {
    (
        Move::new(m.from, Place::Tableau(q), n),
        Move::new(m.from, m.to, 1),
    )
}

/// The two real moves of the twin shift `m` (onto pile `q`) in `pos`, where it is made.
#[inline]
pub fn twin_shift_moves(pos: &Position, m: Move, q: u8) -> (Move, Move) {
    let (Place::Tableau(p), Place::Foundation(f)) = (m.from, m.to) else {
        unreachable!("a twin shift goes from a pile to a foundation")
    };
    let i = twin_shift_index(pos, p as usize, f as usize);
    let n = (pos.piles[p as usize].len as usize - i - 1) as u8;
    twin_shift_parts(m, q, n)
}

/// [`apply`] of a twin shift: its two real moves. The undo record keeps the run's size (in
/// `waste_before`, which no tableau move uses), the source pile's prefix before both moves,
/// and whether the card's leaving turned one up.
#[inline]
fn apply_twin_shift<V: Variant>(v: V, pos: &mut Position, m: Move, q: u8) -> Undo {
    let (run, up) = twin_shift_moves(pos, m, q);
    let Place::Tableau(p) = m.from else {
        unreachable!("a twin shift goes from a pile")
    };
    let n = run.count;
    let fixed = pos.piles[p as usize].fixed;
    apply::<V>(v, pos, run);
    let mut u = apply::<V>(v, pos, up);
    u.fixed = (pos.piles[p as usize].fixed != fixed).then_some(fixed);
    u.waste_before = n;
    u
}

/// Moves the top `n` of the `len` cards of a pile into `buf` and zeroes their bytes (bytes past
/// a pile's end are always zero). One card, the most common move, without a call to `memcpy`
/// and `memset` (a copy of a variable length is one).
#[inline(always)]
fn take(cards: &mut [u8; PILE_CAP], len: usize, n: usize, buf: &mut [u8; PILE_CAP]) {
    if n == 1 {
        buf[0] = cards[len - 1];
        cards[len - 1] = 0;
    } else {
        buf[..n].copy_from_slice(&cards[len - n..len]);
        cards[len - n..len].fill(0);
    }
}

/// Puts the `n` cards of `buf` on a pile of `len` cards (the other half of [`take`]).
#[inline(always)]
fn put(cards: &mut [u8; PILE_CAP], len: usize, n: usize, buf: &[u8; PILE_CAP]) {
    if n == 1 {
        cards[len] = buf[0];
    } else {
        cards[len..len + n].copy_from_slice(&buf[..n]);
    }
}

/// Makes a move that [`generate`] or [`legal`] accepted. Returns what [`undo`] needs.
#[inline]
pub fn apply<V: Variant>(v: V, pos: &mut Position, m: Move) -> Undo {
    if let Some(q) = m.as_twin_shift() {
        return apply_twin_shift::<V>(v, pos, m, q);
    }
    let mut u = Undo::default();
    let mut n = m.count as usize;
    let mut from = m.from;
    if let Some((t, redeal)) = m.as_talon_play() {
        u.waste_before = pos.waste_len;
        if redeal {
            pos.redeals = pos.redeals.wrapping_add(1);
        }
        set_waste_len(pos, t);
        (from, n) = (Place::Waste, 1);
    }
    // Take the cards from the source.
    let mut buf = [0u8; PILE_CAP];
    match from {
        Place::Tableau(p) => {
            let pile = &mut pos.piles[p as usize];
            let len = pile.len as usize;
            take(&mut pile.cards, len, n, &mut buf);
            let new_len = len - n;
            pile.len = new_len as u8;
            if pile.fixed as usize > new_len {
                u.fixed = Some(pile.fixed);
                pile.fixed = new_len as u8;
            }
            if new_len > 0 && pile.cards[new_len - 1] & DOWN != 0 {
                pile.cards[new_len - 1] &= !DOWN;
                u.flipped = true;
            }
        }
        Place::Reserve(r) => {
            buf[0] = pos.reserve[r as usize];
            pos.reserve[r as usize] = NONE;
        }
        Place::Foundation(f) => buf[0] = pop_foundation(pos, f as usize),
        Place::Waste => {
            if m.to == Place::Stock {
                // Turn the whole waste back over.
                let wl = pos.waste_len as usize;
                for i in 0..wl {
                    pos.stock[i] = pos.waste[wl - 1 - i];
                }
                pos.stock_len = wl as u8;
                pos.waste[..wl].fill(0);
                pos.waste_len = 0;
                // Counted for limited passes (it is in the key then); with unlimited passes
                // the count plays no part, so it may wrap.
                pos.redeals = pos.redeals.wrapping_add(1);
                return u;
            }
            pos.waste_len -= 1;
            u.talon = pos.waste[pos.waste_len as usize];
            pos.talon_out |= 1u128 << u.talon;
            buf[0] = pos.talon[u.talon as usize];
            pos.waste[pos.waste_len as usize] = 0;
        }
        Place::Stock => {
            for _ in 0..n {
                pos.stock_len -= 1;
                pos.waste[pos.waste_len as usize] = pos.stock[pos.stock_len as usize];
                pos.stock[pos.stock_len as usize] = 0;
                pos.waste_len += 1;
            }
            return u;
        }
    }
    // Put them on the destination.
    match m.to {
        Place::Tableau(q) => {
            let pile = &mut pos.piles[q as usize];
            let len = pile.len as usize;
            put(&mut pile.cards, len, n, &buf);
            pile.len = (len + n) as u8;
        }
        Place::Foundation(f) => {
            let f = f as usize;
            let card = Card::from_index(buf[0]);
            pos.found_suit[f] = card.suit();
            pos.found_height[f] += 1;
            pos.on_found += 1;
        }
        _ => unreachable!("generated moves never go to {}", m.to),
    }
    u
}

/// Takes back a move made by [`apply`], restoring the position bit for bit (bytes past the end
/// of a pile are always zero, so `==` on positions compares what is on the table).
#[inline]
pub fn undo<V: Variant>(pos: &mut Position, m: Move, u: Undo) {
    if let Some(q) = m.as_twin_shift() {
        let (run, up) = twin_shift_parts(m, q, u.waste_before);
        undo::<V>(
            pos,
            up,
            Undo {
                flipped: u.flipped,
                ..Undo::default()
            },
        );
        undo::<V>(
            pos,
            run,
            Undo {
                fixed: u.fixed,
                ..Undo::default()
            },
        );
        return;
    }
    if let Some((_, redeal)) = m.as_talon_play() {
        undo::<V>(pos, Move::new(Place::Waste, m.to, 1), u);
        set_waste_len(pos, u.waste_before);
        if redeal {
            pos.redeals = pos.redeals.wrapping_sub(1);
        }
        return;
    }
    let n = m.count as usize;
    let mut buf = [0u8; PILE_CAP];
    match (m.from, m.to) {
        (Place::Stock, Place::Waste) => {
            for _ in 0..n {
                pos.waste_len -= 1;
                pos.stock[pos.stock_len as usize] = pos.waste[pos.waste_len as usize];
                pos.waste[pos.waste_len as usize] = 0;
                pos.stock_len += 1;
            }
            return;
        }
        (Place::Waste, Place::Stock) => {
            let sl = pos.stock_len as usize;
            for i in 0..sl {
                pos.waste[i] = pos.stock[sl - 1 - i];
            }
            pos.waste_len = sl as u8;
            pos.stock[..sl].fill(0);
            pos.stock_len = 0;
            pos.redeals = pos.redeals.wrapping_sub(1);
            return;
        }
        _ => {}
    }
    // Take the cards back off the destination.
    match m.to {
        Place::Tableau(q) => {
            let pile = &mut pos.piles[q as usize];
            let len = pile.len as usize;
            take(&mut pile.cards, len, n, &mut buf);
            pile.len = (len - n) as u8;
        }
        Place::Foundation(f) => buf[0] = pop_foundation(pos, f as usize),
        _ => unreachable!(),
    }
    // Return them to the source.
    match m.from {
        Place::Tableau(p) => {
            let pile = &mut pos.piles[p as usize];
            let len = pile.len as usize;
            if u.flipped {
                pile.cards[len - 1] |= DOWN;
            }
            if let Some(fx) = u.fixed {
                pile.fixed = fx;
            }
            put(&mut pile.cards, len, n, &buf);
            pile.len = (len + n) as u8;
        }
        Place::Reserve(r) => pos.reserve[r as usize] = buf[0],
        Place::Foundation(f) => {
            let f = f as usize;
            pos.found_suit[f] = Card::from_index(buf[0]).suit();
            pos.found_height[f] += 1;
            pos.on_found += 1;
        }
        Place::Waste => {
            pos.talon_out &= !(1u128 << u.talon);
            pos.waste[pos.waste_len as usize] = u.talon;
            pos.waste_len += 1;
        }
        Place::Stock => unreachable!(),
    }
}

/// Checks one move against the rules directly (not through [`generate`]), with the reason when
/// it is refused. A talon move's count is filled in from the position. Used to replay move
/// lists, and in tests as an independent check of the generator.
pub fn legal<V: Variant>(v: V, pos: &Position, m: Move) -> Result<Move, Illegal> {
    let rules = v.rules();
    let exists = |p: Place| match p {
        Place::Tableau(i) => (i as usize) < rules.piles(),
        Place::Reserve(i) => (i as usize) < rules.reserve as usize,
        Place::Foundation(i) => (i as usize) < rules.foundations(),
        Place::Stock | Place::Waste => rules.has_stock(),
    };
    for p in [m.from, m.to] {
        if !exists(p) {
            return Err(Illegal::NoSuchPlace(p));
        }
    }
    // The talon.
    match (m.from, m.to) {
        (Place::Stock, Place::Waste) => {
            let Stock::Waste { draw, .. } = rules.stock else {
                unreachable!()
            };
            if pos.stock_len == 0 {
                return Err(Illegal::StockEmpty);
            }
            // A turn's count is implied (`S>W`); one written out must be the turn's.
            let turned = draw.min(pos.stock_len);
            if m.count > 1 && m.count != turned {
                return Err(Illegal::TooMany {
                    from: m.from,
                    max: turned,
                });
            }
            return Ok(Move::new(m.from, m.to, turned));
        }
        (Place::Waste, Place::Stock) => {
            if !pos.may_redeal(rules) {
                return Err(Illegal::NoRedeal);
            }
            return Ok(Move::new(m.from, m.to, pos.waste_len));
        }
        (Place::Stock, _) | (_, Place::Stock) | (_, Place::Waste) | (_, Place::Reserve(_)) => {
            return Err(Illegal::Direction(m.from, m.to));
        }
        _ => {}
    }
    if m.count == 0 {
        return Err(Illegal::TooMany {
            from: m.from,
            max: 1,
        });
    }
    // The unit that moves: its bottom card.
    let bottom = match m.from {
        Place::Tableau(p) => {
            let pile = &pos.piles[p as usize];
            let len = pile.len as usize;
            if len == 0 {
                return Err(Illegal::EmptySource(m.from));
            }
            let n = m.count as usize;
            let max = movable_tail::<V>(pos, p as usize);
            if n > max {
                if n <= len && pile.is_down(len - n) {
                    return Err(Illegal::FaceDown {
                        card: pile.card(len - n),
                    });
                }
                return Err(Illegal::TooMany {
                    from: m.from,
                    max: max as u8,
                });
            }
            pile.card(len - n)
        }
        Place::Reserve(r) => {
            let b = pos.reserve[r as usize];
            if b == NONE {
                return Err(Illegal::EmptySource(m.from));
            }
            Card::from_index(b)
        }
        Place::Foundation(f) => match pos.found_top(f as usize) {
            Some(c) => c,
            None => return Err(Illegal::EmptySource(m.from)),
        },
        Place::Waste => match pos.waste_top() {
            Some(c) => c,
            None => return Err(Illegal::EmptySource(m.from)),
        },
        Place::Stock => unreachable!(),
    };
    if m.count > 1 && !matches!(m.from, Place::Tableau(_)) {
        return Err(Illegal::TooMany {
            from: m.from,
            max: 1,
        });
    }
    match m.to {
        Place::Foundation(f) => {
            if m.count != 1 || matches!(m.from, Place::Foundation(_)) {
                return Err(Illegal::NotOnFoundation {
                    card: bottom,
                    to: m.to,
                });
            }
            let f = f as usize;
            let ok = if bottom.rank() == 1 {
                pos.found_height[f] == 0
            } else {
                pos.found_suit[f] == bottom.suit() && pos.found_height[f] + 1 == bottom.rank()
            };
            if !ok {
                return Err(Illegal::NotOnFoundation {
                    card: bottom,
                    to: m.to,
                });
            }
        }
        Place::Tableau(q) => {
            if m.from == m.to {
                return Err(Illegal::Direction(m.from, m.to));
            }
            let pile = &pos.piles[q as usize];
            if pile.is_empty() {
                if !rules.space_accepts(bottom, source_kind(m.from)) {
                    return Err(Illegal::SpaceRule {
                        card: bottom,
                        from: m.from,
                        to: m.to,
                    });
                }
            } else if !rules.build.fits(bottom, pile.top()) {
                return Err(Illegal::DoesNotFit {
                    card: bottom,
                    base: pile.top(),
                });
            }
        }
        _ => return Err(Illegal::Direction(m.from, m.to)),
    }
    Ok(m)
}
