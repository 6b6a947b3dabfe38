//! Blocked cards: a dead-end test by relaxation, for one-deck games (`Prune::blocks`).
//!
//! A card that lies above a lower card of its own suit must leave its pile before that card can
//! come out, and it cannot go up before it: it must go onto a card it fits on, or into a space.
//! When every such place is buried below it, or is itself held by another blocked card, no
//! continuation wins. [`blocked`] finds such positions with a fixed point over four questions
//! per card, each answered "maybe" only when it can happen at all in some continuation:
//!
//! - *exposed* (a tableau card): every card above it in its pile now has left that pile;
//! - *left* (a tableau card): it has been moved out of the pile it lies in now;
//! - *up*: it has lain on a foundation;
//! - *placed* (a card off the tableau: stock, waste, reserve, foundation): it has come onto the
//!   tableau, where cards can be built on it (nothing is built on it where it lies);
//! - *freed* (a tableau card): the card lying on it now, if any, has left it: it has gone up,
//!   or moved as the *head* (the bottom card) of a unit. A card that leaves its pile inside a
//!   run carries the cards above it along, so "left" alone does not make it bare.
//!
//! Starting from "no" for every card (and "up" for the foundation cards), the rules below turn
//! answers to "maybe" until nothing changes. A card off the tableau counts as reachable
//! whenever needed (for going up, or for coming onto the tableau): every stock card is free,
//! except in a frozen talon (below).
//!
//! Call a card *bare-able* when it is placed, or it is a tableau card that is freed and is
//! exposed or has left.
//!
//! 1. A tableau card is exposed when every card above it has left.
//! 2. Once exposed, it leaves when it is freed and the next lower card of its suit is up (it
//!    goes up); or when some *head* h can move: h is the card itself or a card below it such
//!    that every card from h up to it is face up now (the card itself may be face down) and is
//!    built on the one below under the game's rule for units (for single-card games h is the
//!    card itself); h is face up now or exposed, and h fits (under the build rule) on a
//!    bare-able card p that does not lie below h in h's pile; or the space rule lets h fill an
//!    empty pile from the tableau and some other pile is empty now or has had every card leave.
//! 3. A card is up when the next lower card of its suit is up (or it is an Ace) and it is off
//!    the tableau, or it is a tableau card that is freed and exposed or has left.
//! 4. A card off the tableau is placed when it fits on a bare-able card, or when the space rule
//!    lets it fill an empty pile from the waste, the reserve or a foundation and some pile is
//!    empty now or has had every card leave.
//! 5. A tableau card is freed when it is the top of its pile now; or when the card a lying on
//!    it now is up, or is face up now or exposed and either fits on a bare-able card other than
//!    the one it lies on, or may fill an empty pile from the tableau while some pile is empty
//!    now or has had every card leave.
//!
//! If some card is not "maybe up" at the end, the position is lost: [`blocked`] says `true`.
//!
//! *Argument.* Take any continuation of legal moves and the events in it: a tableau card's first
//! departure from the pile it lies in now (left), the first time every card that lies above it
//! now has gone (exposed), a card's first arrival on a foundation (up), an off-tableau card's
//! first arrival on the tableau (placed), and the first move after which the card lying on a
//! tableau card now no longer lies on it (freed). Order them by the move that makes them, and
//! within a move the departures from the top of the moved unit down, then the exposures. Each
//! event is then derived by a rule from events before it:
//! - Freed: nothing is ever put under a card, so the card a lying on c stops lying on it only
//!   when a moves and c does not: to a foundation (a goes up), or in a unit that holds a and
//!   not c, whose bottom card is then a (a unit is the top of a pile, and c lies right under
//!   a). a is face up at that move: face up now, or turned up as the top of its pile, so
//!   exposed. It goes onto a card p bare at that move (other than c) or into a space, as
//!   below (rule 5). A bare tableau card p is bare-able: it is a top card now or was freed
//!   earlier (the card on it now has left it), and it lies in its pile with every card above
//!   gone (exposed) or has left that pile; a bare off-tableau card has been placed.
//! - Exposed: the cards above it have left, at this move or earlier (rule 1).
//! - Up: the card goes up from the top of its place, so it is off the tableau now or is the
//!   top of a pile (its own, where it is exposed; or another, when it has left), bare, so freed
//!   before, and the lower card of its suit lies on the foundation (rule 3).
//! - Placed: the card comes from where it lies then (the stock, the waste, the reserve, or a
//!   foundation it went up to) onto a bare card, which is bare-able (see "freed"); or into a
//!   space, which the space rule admits from that place, in a pile empty now or emptied by
//!   cards that have left (rule 4).
//! - Left, when a unit headed by h moves and holds the card: nothing is ever put under a card,
//!   so h lies at or below it in its pile, and every card from h up to the card lies as it lies
//!   now. Those strictly between, and h when it is not the card, are face up now: a card face
//!   down now turns up only as the top of its pile, which would need the card above it gone
//!   before this move. The unit is a unit of the game's rules, so these cards are built on each
//!   other as rule 2 asks; h is face up now, or (as the card itself) turned up, so exposed. The
//!   unit goes to a foundation (then it is the card alone, exposed, bare so freed, and the
//!   lower card is up), into a space (the space rule admits h from the tableau, and the empty
//!   pile is another pile than h's, empty now or emptied by cards that have left), or onto a
//!   card p that h fits on and that is bare on the tableau at that move, so bare-able: a
//!   tableau card now, freed, either still in its pile (so exposed) or moved out of it (left),
//!   or an off-tableau card that has come onto the tableau (placed); nothing is built on a card
//!   in the stock, waste, reserve or on a foundation. p is not below h in h's pile, where h
//!   would cover it. The cards above the card in this unit leave at the same move, before it in
//!   the order, so the card is exposed by rule 1 first (in the fixed point; not necessarily in
//!   the game). This is rule 2.
//!
//! *The talon.* Before any card leaves the talon, only the cards that turning (and turning
//! over, where the game allows it) brings to the top of the waste can be played: in Klondike
//! draw 3 every third card and the last. [`blocked`] first computes the fixed point with only
//! those talon cards reachable. If none of them is then "maybe up" or "maybe placed", no talon
//! card ever leaves the talon (the first to leave would be one of them, at a time when the
//! talon is still whole, so its event would be derived), the other talon cards are never
//! reachable, and that fixed point is the answer. Otherwise every talon card counts as
//! reachable, as above. (The rules are monotone, so their fixed point does not depend on the
//! order in which they fire, and what was derived with fewer cards reachable holds with all:
//! the test makes one pass, which opens the talon as soon as one of those cards is found
//! "maybe up" or "maybe placed", and goes on from what it has derived.)
//!
//! So every event of every continuation is "maybe" at the fixed point. A won game puts every
//! card up; if the fixed point leaves some card not "maybe up", no continuation wins. The test
//! only ends the search at positions that cannot be won, so it never loses a win. Of the
//! stock it reads only which cards turning can show, so it holds for every stock. Nothing
//! enters a reserve in these games (RULES.md), so a card leaves the tableau only for a
//! foundation or another pile. It needs one deck (each card is one card); the build rule, the
//! unit rule and the space rule are the game's own.
//!
//! *Where the answer cannot change.* The search asks the test only at positions whose parent was
//! no dead end, and [`may_block`] names two kinds of move after which the answer stays "not
//! blocked", so the test is skipped there (the same answers, so the same searches and node
//! counts; debug builds, so the test suite, check every skipped answer):
//! - a *reversible* tableau move: a unit U headed by h moves from the top of pile A, where h lay
//!   on a card b that stays face up (no card is turned up) and that h fits on under the build
//!   rule, onto a pile B (onto its top card p, or into it empty);
//! - a foundation card c coming down onto the tableau (onto a card p, or into an empty pile).
//!
//! *Argument.* Let P be the position before the move and C after it; the talon, and so the
//! cards reachable off the tableau, are the same in both. First, the fixed point of C derives
//! the moved cards as good as gone. Reversible move: b is the top of A in C, so freed, exposed
//! and bare-able; h is face up and fits on b, which is not in h's pile, and the cards of U are
//! built on each other under the unit rule (they moved as a unit), so every card of U has h
//! among its heads and leaves B, from the top down (rule 2): all of U is exposed and has left.
//! Then p, on which h lies, is freed (rule 5: h is face up and fits on the bare-able b, not p)
//! and exposed, and B is emptied in C wherever it was empty in P. Foundation card: the lower
//! card of c's suit (if any) is still up in C, and c is the top of B, so freed and exposed: c
//! goes up (rule 3) and leaves (rule 2), p is freed (rule 5: c is up) and exposed, B emptied
//! where it was empty in P; c is bare-able in C, where in P it could only be placed.
//! Then every answer of P's fixed point is an answer of C's, by induction on the order in which
//! P's rules fire: a card outside U (or other than c) lies on the same cards in both, above the
//! same cards except U (or c), which have left in C, so it has the same heads and the same
//! cards lie on it, except b and p, which are freed in both; every condition a rule asks of P
//! (exposed, left, up, placed, freed, bare-able, a pile emptied, a card not below a head: U and
//! c are top cards, below no other) then holds in C, where the moved cards' own answers hold
//! as shown (a card of U is freed in C as in P: the same card lies on it). So if P's fixed point
//! puts every card up, so does C's: C is not blocked when P is not.
//!
//! *Where the answer seldom changes.* The depth-first search also skips the test after a move
//! to a foundation that turns no card up ([`seldom_blocks`]). That is no proof: such a move can
//! block a card (its card stops being a place to build on, and a card taken from the waste
//! changes which talon cards turning can show). Skipping a dead-end test never makes a verdict
//! wrong: the search only goes on into a position it could have cut, and a blocked position's
//! continuations are all blocked (a continuation of a continuation is a continuation), so the
//! next test asked below it, after any move of the other kinds, ends them there. It is a trade
//! of a few nodes for many tests (measured: docs/performance.md, "No blocked-cards test after a
//! move to a foundation"). So after such a move the test may be skipped at a position whose
//! parent was blocked unseen: the debug check of the skipped answers above asks "not blocked,
//! unless the parent was".

use crate::cards::Card;
use crate::game::position::{DOWN, MAX_PILES, NONE, Pile, Position, reserve_mask};
use crate::game::rules::SourceKind;
use crate::game::{Build, Move, Place, Stock, Undo, Unit, Variant, talon_card};

/// The whole deck, a bit per card index.
const ALL: u64 = (1 << 52) - 1;
/// The four Aces.
const ACES: u64 = 0b1111;

/// Per game, computed at compile time: the cards each card fits on (the build rule is a
/// constant of the game's type); and, from its rules, the cards that may fill an empty pile
/// from the tableau, and from off it.
struct Tables<V>(std::marker::PhantomData<V>);

impl<V: Variant> Tables<V> {
    /// Does [`blocked`] look for a trapped card ([`Layout::trapped`]) before the fixed point?
    /// Where cards are built in suit: there each card fits on two cards at most, and traps
    /// answer most tests; elsewhere a card fits on two cards of another suit or more, and no
    /// trap was found, so the look is not taken (measured: docs/performance.md, "TRAPS:
    /// looking for a trapped card first").
    const TRAPS: bool = matches!(V::BUILD, Build::UpDownSameSuit | Build::DownSameSuit);
    const PARENTS: [u64; 52] = parents::<V>();
    const CHILDREN: [u64; 52] = children::<V>();
    #[inline(always)]
    fn space(v: V) -> u64 {
        v.rules().space_cards(SourceKind::Tableau)
    }
    #[inline(always)]
    fn space_off(v: V) -> u64 {
        let r = v.rules();
        r.space_cards(SourceKind::Waste)
            | r.space_cards(SourceKind::Reserve)
            | r.space_cards(SourceKind::Foundation)
    }
}

/// For each card, the cards it may be built on under the game's build rule.
const fn parents<V: Variant>() -> [u64; 52] {
    let mut t = [0u64; 52];
    let mut c = 0;
    while c < 52 {
        let mut p = 0;
        while p < 52 {
            if V::BUILD.fits(Card::from_index(c as u8), Card::from_index(p as u8)) {
                t[c] |= 1 << p;
            }
            p += 1;
        }
        c += 1;
    }
    t
}

/// For each card, the cards that may be built on it under the game's build rule.
const fn children<V: Variant>() -> [u64; 52] {
    let mut t = [0u64; 52];
    let mut c = 0;
    while c < 52 {
        t[c] = V::BUILD.children_of(1 << c);
        c += 1;
    }
    t
}

/// Is the position lost because some card can never go up (see the module's doc)? Only for
/// one-deck games; `false` for two.
pub fn blocked<V: Variant>(v: V, pos: &Position) -> bool {
    if v.rules().decks != 1 {
        return false;
    }
    let layout = Layout::new::<V>(v, pos);
    if layout.tab == 0 {
        // An empty tableau: nothing can be blocked.
        return false;
    }
    let off = ALL & !layout.tab;
    // First as if no talon card ever left the talon: then only those turning can show are
    // ever reachable. If none of them can ever go up or come onto the tableau, no talon card
    // ever leaves, and that answer holds; once one of them can, every talon card counts as
    // reachable (see `Layout::fixed_point`).
    let talon = talon_reach::<V>(v, pos, off & !layout.found);
    if Tables::<V>::TRAPS && layout.trapped::<V>(v) {
        debug_assert!(
            layout.fixed_point::<V>(v, off, talon).is_some(),
            "a trap is blocked"
        );
        return true;
    }
    layout.fixed_point::<V>(v, off, talon).is_some()
}

/// Can the move `m` (with `u`, what `apply` returned), which led to `pos`, turn the answer of
/// [`blocked`] from "not blocked" to "blocked"? `false` for the two kinds of move of the
/// module's doc (a reversible tableau move, a foundation card coming down), where the answer
/// of the position before it holds.
#[inline(always)]
pub fn may_block<V: Variant>(pos: &Position, m: Move, u: &Undo) -> bool {
    match (m.from, m.to) {
        (Place::Foundation(_), Place::Tableau(_)) => false,
        (Place::Tableau(a), Place::Tableau(q)) => {
            let (from, to) = (&pos.piles[a as usize], &pos.piles[q as usize]);
            u.flipped
                || from.is_empty()
                || !V::BUILD.fits(to.card(to.len as usize - m.count as usize), from.top())
        }
        _ => true,
    }
}

/// Is `m` (with `u`, what `apply` returned) a move after which the search skips the test though
/// its answer may change: a move to a foundation that turns no card up (see the module's doc,
/// "where the answer seldom changes")?
#[inline(always)]
pub fn seldom_blocks(m: Move, u: &Undo) -> bool {
    matches!(m.to, Place::Foundation(_)) && !u.flipped
}

/// The talon's cards, and those of them that turning (and turning over, where the game
/// allows it) can bring to the top of the waste with no card taken out of the talon; `None`
/// when these are all of them. `off`: the cards neither in the tableau nor on a foundation
/// (the talon's and the reserve's: one deck, so the talon's are these but the reserve's).
#[inline(always)]
fn talon_reach<V: Variant>(v: V, pos: &Position, off: u64) -> Option<(u64, u64)> {
    let Stock::Waste { draw, passes } = v.rules().stock else {
        return None;
    };
    let mut all = off;
    let mut held = reserve_mask(&pos.reserve) & ((1u64 << v.rules().reserve) - 1);
    while held != 0 {
        all &= !(1u64 << (pos.reserve[held.trailing_zeros() as usize] & !DOWN));
        held &= held - 1;
    }
    let w = pos.waste_len as usize;
    let len = w + pos.stock_len as usize;
    let bit = |i: usize| 1u64 << talon_card(pos, i).index();
    debug_assert_eq!(
        all,
        (0..len).fold(0u64, |m, i| m | bit(i)),
        "the talon's cards"
    );
    let mut now = if w > 0 { bit(w - 1) } else { 0 };
    let d = draw as usize;
    let mut t = w;
    while t < len {
        t = (t + d).min(len);
        now |= bit(t - 1);
    }
    if len > 0 && passes.is_none_or(|n| (pos.redeals as u16 + 1) < n as u16) {
        let mut t = 0;
        while t < len {
            t = (t + d).min(len);
            now |= bit(t - 1);
        }
    }
    (now != all).then_some((all, now))
}

/// The foundations' cards, a bit per card index (one deck).
#[inline(always)]
fn found_cards<V: Variant>(v: V, pos: &Position) -> u64 {
    let mut found = 0u64;
    for f in 0..v.rules().foundations() {
        let s = pos.found_suit[f];
        if s != NONE {
            for r in 1..=pos.found_height[f] {
                found |= 1 << Card::new(r, s).index();
            }
        }
    }
    found
}

/// Each pile's length, and the empty piles (a bit each).
#[inline(always)]
fn lengths(piles: &[Pile]) -> ([u8; MAX_PILES], u32) {
    let (mut lens, mut empty) = ([0u8; MAX_PILES], 0u32);
    for (q, (len, pile)) in lens.iter_mut().zip(piles).enumerate() {
        *len = pile.len;
        empty |= ((pile.len == 0) as u32) << q;
    }
    (lens, empty)
}

/// Rule 4 to its fixed point: the off-tableau cards reachable (`reach`) that fit on a
/// bare-able card (the tableau's `bare`, and the cards placed) or may fill a space (`fill`) come
/// onto the tableau; gives the cards placed.
#[inline(always)]
fn rule_4<V: Variant>(reach: u64, mut placed: u64, bare: u64, fill: u64) -> u64 {
    loop {
        let more = reach & !placed & (V::BUILD.children_of(bare | placed) | fill);
        if more == 0 {
            return placed;
        }
        placed |= more;
    }
}

/// Rule 3 to its end: the cards up, with every card of `free` (reachable off the tableau, or
/// freed and exposed or left) whose next lower card of its suit is up (or that is an Ace), a
/// rank at a time (the card above in a suit has index 4 more; bits 0..4 are the Aces).
#[inline(always)]
fn rule_3(mut up: u64, free: u64) -> u64 {
    loop {
        let more = up | (free & (up << 4 | ACES));
        if more == up {
            return up;
        }
        up = more;
    }
}

/// What the fixed point needs of a position's tableau and foundations.
struct Layout<'a> {
    piles: &'a [crate::game::position::Pile],
    /// The tableau's cards, and those of them face up.
    tab: u64,
    face_up: u64,
    /// The foundations' cards.
    found: u64,
    /// Per tableau card: its possible heads (itself included).
    heads: [u64; 52],
    /// The tableau cards that lie on another card; per such card, the card it lies on.
    lying: u64,
    under: [u8; 52],
    /// The piles' top cards now.
    tops: u64,
}

impl<'a> Layout<'a> {
    #[inline(always)]
    fn new<V: Variant>(v: V, pos: &'a Position) -> Layout<'a> {
        let rules = v.rules();
        let mut l = Layout {
            piles: &pos.piles[..rules.piles()],
            tab: 0,
            face_up: 0,
            found: 0,
            heads: [0; 52],
            lying: 0,
            tops: 0,
            under: [NONE; 52],
        };
        for pile in l.piles {
            // The card below, as it lies (its index and its DOWN bit).
            let mut below: Option<u8> = None;
            for &raw in pile.as_slice() {
                let card = raw & !DOWN;
                let c = card as usize;
                let bit = 1u64 << c;
                l.tab |= bit;
                if raw & DOWN == 0 {
                    l.face_up |= bit;
                }
                // Its heads: itself, and the heads of the card under it when that card is
                // face up and it is built on that card as a unit.
                let mut h = bit;
                if let Some(b) = below {
                    l.lying |= bit;
                    l.under[c] = b & !DOWN;
                    if let Unit::Run(rel) = V::UNIT
                        && b & DOWN == 0
                        && rel.fits(Card::from_index(card), Card::from_index(b))
                    {
                        h |= l.heads[b as usize];
                    }
                }
                l.heads[c] = h;
                below = Some(raw);
            }
            if let Some(t) = below {
                l.tops |= 1 << (t & !DOWN);
            }
        }
        l.found = found_cards::<V>(v, pos);
        l
    }

    /// Is some card *trapped*: a card X lying above a lower card Y of its suit in its pile,
    /// where Y is no head of X, and every head h of X fits only on cards lying below X's
    /// lowest head in that pile and may fill no empty pile from the tableau? Then the
    /// position is blocked, and the fixed point finds it so too: a shortcut, not a second
    /// test.
    ///
    /// *Argument.* In a won game X goes up after Y (one deck: the foundation of their suit
    /// takes Y first). Take the first move after which X no longer lies where it lies now.
    /// Until then Y lies below X (nothing is put under a card, and a card leaves its pile only
    /// from the top or in a unit that holds every card above it), so Y is not up and X does not
    /// go up at that move: X moves in a unit headed by some card h at or below it, every card
    /// from h up to X lying as now (had one of them moved, X would have moved with it), so
    /// face up now but X perhaps, and built as a unit: h is a head of X. h lies above Y: were
    /// h below Y, the unit would hold Y, and the cards from Y up to X, a part of it, would be a
    /// unit too, so Y a head of X. The unit goes into an empty pile, which the space rule
    /// refuses h from the tableau, or onto a card that h fits on, lying on another pile; but
    /// each such card lies below X's lowest head, so below h, in X's pile until h has left it.
    /// So X never moves, and the game is never won.
    ///
    /// The fixed point: rule 2 lets X leave only if it is exposed and goes up, which needs Y
    /// up, so Y exposed or left, which needs X left first; or if a head of X fits on a
    /// bare-able card not below it, or fills a space: none does, as the cards it fits on lie
    /// below X's lowest head, and are bare-able only once exposed or left, which needs X left
    /// first. So X never leaves, nor goes up, in the fixed point either: it says blocked.
    fn trapped<V: Variant>(&self, v: V) -> bool {
        let space = Tables::<V>::space(v);
        for pile in self.piles {
            // The cards below the one looked at.
            let mut below = 0u64;
            for &raw in pile.as_slice() {
                let c = (raw & !DOWN) as usize;
                // The lower cards of its suit (a rank is four card indices, its suit the rest).
                let lower = 0x0001_1111_1111_1111u64 << (c % 4) & ((1u64 << (c & !3)) - 1);
                let heads = self.heads[c];
                if below & lower & !heads != 0 && heads & space == 0 {
                    // The cards below its lowest head.
                    let under = below & !heads;
                    let mut h = heads;
                    let mut stuck = true;
                    while h != 0 {
                        let i = h.trailing_zeros() as usize;
                        h &= h - 1;
                        stuck &= Tables::<V>::PARENTS[i] & !under == 0;
                    }
                    if stuck {
                        return true;
                    }
                }
                below |= 1 << c;
            }
        }
        false
    }

    /// The fixed point of the module's doc, where every card off the tableau (`off`) is
    /// reachable; or, with `talon` = (the talon's cards, those that turning can show), first
    /// the fixed point where only the cards turning can show are reachable of the talon's, and
    /// when one of these is found to go up or come onto the tableau, from there on the one
    /// where all are. `None` when every card can go up, else the cards that can go up or come
    /// onto the tableau.
    ///
    /// Rule 5 on the lying cards: a card that may go up, fits on a bare-able card, or may fill
    /// a space (`fills`: the cards that may, when some pile is emptied) frees the card under
    /// it, if it is one of `seen` (it may go up, or is face up or exposed).
    #[inline(always)]
    fn rule_5<V: Variant>(
        &self,
        seen: u64,
        up: u64,
        bare_able: u64,
        fills: u64,
        freed: &mut u64,
        lying: &mut u64,
    ) {
        let mut t = *lying & seen & (up | V::BUILD.children_of(bare_able) | fills);
        // Rule 5 asks for a bare-able card other than the one `a` lies on; that card is never
        // bare-able here unless it is freed already (it is a tableau card, so not placed, and
        // bare-able tableau cards are freed ones), so the test need not exclude it.
        while t != 0 {
            let a = t.trailing_zeros() as usize;
            t &= t - 1;
            if up >> a & 1 != 0 || Tables::<V>::PARENTS[a] & bare_able != 0 || fills >> a & 1 != 0 {
                *freed |= 1 << self.under[a];
                *lying &= !(1u64 << a);
            }
        }
    }

    /// Every rule is monotone (a "maybe" never turns back to "no", and more "maybe"s only let
    /// rules fire), so the answers are a least fixed point, the same in whatever order the
    /// rules fire; and the answers found with fewer cards reachable are answers of the fixed
    /// point with more, so going on from them once the talon opens ends at that fixed point.
    fn fixed_point<V: Variant>(&self, v: V, off: u64, talon: Option<(u64, u64)>) -> Option<u64> {
        let space = Tables::<V>::space(v);
        // Cards that may fill a space from off the tableau (from wherever they may come: the
        // waste, the reserve, a foundation).
        let off_space = Tables::<V>::space_off(v);
        let (piles, face_up, heads) = (self.piles, self.face_up, &self.heads);
        // The cards turning can show, while the talon is still taken as whole.
        let mut frozen = talon.map(|(_, now)| now);
        let mut reach = match talon {
            Some((all, now)) => off & !all | now,
            None => off,
        };
        let (mut up, mut placed, mut exposed, mut left) = (self.found, 0u64, 0u64, 0u64);
        // Per pile, how many of its cards have not (yet) been found to leave (its bottom ones),
        // and the piles that are empty now or whose every card has left.
        let (mut remaining, mut emptied) = lengths(piles);
        // Rule 5: the tableau cards that may be freed (the top cards now, and those whose card
        // on them now may go up or move as the head of a unit); `lying`: the cards that lie
        // on a card not yet found freed.
        let mut freed = self.tops;
        let mut lying = self.lying;
        loop {
            if let Some(now) = frozen
                && (up | placed) & now != 0
            {
                reach = off;
                frozen = None;
            }
            // Taken before rule 5, so that a card freed in this round counts as a change.
            let before = (exposed, left, up, placed, freed);
            let bare_able = (exposed | left) & freed | placed;
            let fills = if emptied != 0 { space } else { 0 };
            self.rule_5::<V>(
                up | face_up | exposed,
                up,
                bare_able,
                fills,
                &mut freed,
                &mut lying,
            );
            // Rule 3.
            up = rule_3(up, reach | (exposed | left) & freed);
            if up == ALL {
                return None;
            }
            // Off-tableau cards that can come onto the tableau (rule 4).
            let fill = if emptied != 0 { off_space } else { 0 };
            placed = rule_4::<V>(reach, placed, (exposed | left) & freed, fill);
            // Rules 1 and 2, each pile from the top down while its cards can leave (from where
            // the last round stopped: the cards above have left).
            // `fit`: the cards that fit on a bare-able card, kept up to date as cards are exposed.
            let mut bare_able = (exposed | left) & freed | placed;
            let mut fit = V::BUILD.children_of(bare_able);
            // The cards that may go up from the top of their pile once exposed: freed, and the
            // next lower card of the suit up (the card above in a suit has index 4 more).
            let mut goes = (up << 4 | ACES) & freed;
            // The piles emptied before this pass (as `emptied` was when the pass began).
            let emptied_before = emptied;
            for (q, (pile, rest)) in piles.iter().zip(remaining.iter_mut()).enumerate() {
                // A head may fill a space in another pile.
                let spaces = if emptied_before & !(1 << q) != 0 {
                    space
                } else {
                    0
                };
                while *rest > 0 {
                    let i = *rest as usize - 1;
                    let c = pile.card(i).index() as usize;
                    exposed |= 1 << c;
                    if freed >> c & 1 != 0 && bare_able >> c & 1 == 0 {
                        bare_able |= 1 << c;
                        fit |= Tables::<V>::CHILDREN[c];
                    }
                    // Rule 2 for all heads at once. They are face up now or exposed (the card
                    // itself, now), as it asks. And no bare-able card lies below a head in its
                    // pile: that card lies below this one, so it is neither exposed nor has
                    // left yet (a pile's cards are marked from the top down), and it is no card
                    // off the tableau (placed).
                    let leaves = goes >> c & 1 != 0 || heads[c] & (fit | spaces) != 0;
                    if !leaves {
                        break;
                    }
                    left |= 1 << c;
                    if goes >> c & 1 != 0 {
                        // Rule 3 at once: it goes up, and so may the free cards above it in
                        // its suit (the rules may fire in any order).
                        up = rule_3(up | 1 << c, reach | (exposed | left) & freed);
                        goes = (up << 4 | ACES) & freed;
                    }
                    *rest -= 1;
                    if *rest == 0 {
                        emptied |= 1 << q;
                    }
                }
            }
            if (exposed, left, up, placed, freed) == before {
                return Some(up | placed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::SourceKind;
    use crate::game::{apply, generate};
    use crate::games::{
        FlowerGarden, Klondike, KlondikeDraw3, LuckierThirteen, LuckyPiles, LuckyPilesSameSuit,
        LuckyThirteen, Stonewall, Wildflower,
    };
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Card by card from the rules: the cards each card fits on, the cards that may fill a
    /// space from the tableau, and those that may from off it.
    fn fits_and_spaces(rules: &crate::game::Rules) -> ([u64; 52], u64, u64) {
        let card = |i: usize| Card::from_index(i as u8);
        let (mut fits_on, mut space_tab, mut space_off) = ([0u64; 52], 0u64, 0u64);
        let off = [
            SourceKind::Waste,
            SourceKind::Reserve,
            SourceKind::Foundation,
        ];
        for (c, on) in fits_on.iter_mut().enumerate() {
            for p in 0..52 {
                if rules.build.fits(card(c), card(p)) {
                    *on |= 1 << p;
                }
            }
            if rules.space_accepts(card(c), SourceKind::Tableau) {
                space_tab |= 1 << c;
            }
            if off.into_iter().any(|k| rules.space_accepts(card(c), k)) {
                space_off |= 1 << c;
            }
        }
        (fits_on, space_tab, space_off)
    }

    /// The least fixed point of the module's rules, card by card as they read (with the
    /// reachable off-tableau cards `reach`): the cards up at the end, and those placed.
    fn fixed_point_by_the_rules<V: Variant>(v: V, pos: &Position, reach: u64) -> (u64, u64) {
        let rules = v.rules();
        let (fits_on, space_tab, space_off) = fits_and_spaces(rules);
        let piles = &pos.piles[..rules.piles()];
        let at = |q: usize, i: usize| piles[q].card(i).index() as usize;
        let mut up = found_cards::<V>(v, pos);
        let (mut exposed, mut left, mut placed, mut freed) = (0u64, 0u64, 0u64, 0u64);
        let lower_up = |up: u64, c: usize| c < 4 || up >> (c - 4) & 1 != 0;
        loop {
            let before = (up, exposed, left, placed, freed);
            let bare_able = (exposed | left) & freed | placed;
            // The piles empty now or whose every card has left.
            let emptied: Vec<bool> = (0..piles.len())
                .map(|q| (0..piles[q].len as usize).all(|i| left >> at(q, i) & 1 != 0))
                .collect();
            for (q, pile) in piles.iter().enumerate() {
                let n = pile.len as usize;
                let mut below = 0u64;
                for i in 0..n {
                    let c = at(q, i);
                    // 1. Exposed.
                    if (i + 1..n).all(|k| left >> at(q, k) & 1 != 0) {
                        exposed |= 1 << c;
                    }
                    // 5. Freed.
                    if i + 1 == n {
                        freed |= 1 << c;
                    } else {
                        let a = at(q, i + 1);
                        let seen = !pile.is_down(i + 1) || exposed >> a & 1 != 0;
                        if up >> a & 1 != 0
                            || seen
                                && (fits_on[a] & bare_able & !(1 << c) != 0
                                    || space_tab >> a & 1 != 0 && emptied.contains(&true))
                        {
                            freed |= 1 << c;
                        }
                    }
                    // 2. Leaves, once exposed: goes up, or some head moves.
                    if exposed >> c & 1 != 0 {
                        let mut leaves = freed >> c & 1 != 0 && lower_up(up, c);
                        let mut under_h = below;
                        for j in (0..=i).rev() {
                            if leaves {
                                break;
                            }
                            if j < i {
                                let unit = match V::UNIT {
                                    Unit::Run(rel) => {
                                        !pile.is_down(j) && rel.fits(pile.card(j + 1), pile.card(j))
                                    }
                                    _ => false,
                                };
                                if !unit {
                                    break;
                                }
                                under_h &= !(1 << at(q, j));
                            }
                            let h = at(q, j);
                            let seen = !pile.is_down(j) || exposed >> h & 1 != 0;
                            let other_emptied =
                                emptied.iter().enumerate().any(|(r, &e)| e && r != q);
                            leaves = seen
                                && (fits_on[h] & bare_able & !under_h != 0
                                    || space_tab >> h & 1 != 0 && other_emptied);
                        }
                        if leaves {
                            left |= 1 << c;
                        }
                    }
                    below |= 1 << c;
                }
            }
            // 3. Up.
            let tableau_free = (exposed | left) & freed;
            for c in 0..52 {
                if lower_up(up, c) && (reach | tableau_free) >> c & 1 != 0 {
                    up |= 1 << c;
                }
            }
            // 4. Placed.
            let fill = if emptied.contains(&true) {
                space_off
            } else {
                0
            };
            for (c, &on) in fits_on.iter().enumerate() {
                if reach >> c & 1 != 0 && (on & bare_able != 0 || fill >> c & 1 != 0) {
                    placed |= 1 << c;
                }
            }
            if (up, exposed, left, placed, freed) == before {
                return (up, placed);
            }
        }
    }

    /// [`blocked`] as the module's doc defines it: the fixed point with the talon whole first,
    /// then, if one of the cards turning can show may go up or come onto the tableau, the
    /// fixed point with every talon card reachable.
    fn blocked_by_the_rules<V: Variant>(v: V, pos: &Position) -> bool {
        let piles = &pos.piles[..v.rules().piles()];
        let tab = piles
            .iter()
            .flat_map(|p| (0..p.len as usize).map(|i| 1u64 << p.card(i).index()))
            .fold(0, |a, b| a | b);
        if v.rules().decks != 1 || tab == 0 {
            return false;
        }
        let off = ALL & !tab;
        if let Some((all, now)) = talon_reach::<V>(v, pos, off & !found_cards::<V>(v, pos)) {
            let (up, placed) = fixed_point_by_the_rules::<V>(v, pos, off & !all | now);
            if (up | placed) & now == 0 {
                return up != ALL;
            }
        }
        fixed_point_by_the_rules::<V>(v, pos, off).0 != ALL
    }

    /// Random walks of `steps` moves from the deals of seeds `0..seeds` of `V` (moves drawn
    /// with the random seed `rng`): `visit` sees every position entered, with its moves.
    fn walk<V: Variant>(
        v: V,
        seeds: u64,
        steps: usize,
        rng: u64,
        mut visit: impl FnMut(&Position, &[Move]),
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(rng);
        let mut moves = Vec::new();
        for seed in 0..seeds {
            let deal = crate::deal::deal(v.rules(), seed);
            let mut pos = Position::from_deal::<V>(v, &deal).expect("a legal deal");
            for _ in 0..steps {
                moves.clear();
                generate::<V>(v, &pos, &mut moves);
                visit(&pos, &moves);
                if moves.is_empty() {
                    break;
                }
                apply::<V>(v, &mut pos, moves[rng.random_range(0..moves.len())]);
            }
        }
    }

    /// Random walks from the deals of `V`: [`blocked`] agrees with the rules read card by card
    /// at every position, and every position with a trapped card ([`Layout::trapped`], asked
    /// whether [`blocked`] asks it in `V` or not) is blocked; returns how many positions were
    /// blocked, how many were not, and how many had a trapped card.
    fn agree<V: Variant>(v: V, seeds: u64, steps: usize) -> (usize, usize, usize) {
        let (mut yes, mut no, mut trapped) = (0, 0, 0);
        walk::<V>(v, seeds, steps, 7, |pos, _| {
            let b = blocked::<V>(v, pos);
            assert_eq!(b, blocked_by_the_rules::<V>(v, pos), "{}", v.rules().id);
            if b {
                yes += 1;
            } else {
                no += 1;
            }
            if v.rules().decks == 1 && Layout::new::<V>(v, pos).trapped::<V>(v) {
                assert!(b, "{}: trapped, yet not blocked", v.rules().id);
                trapped += 1;
            }
        });
        (yes, no, trapped)
    }

    #[test]
    fn blocked_computes_the_fixed_point_its_rules_define() {
        let (mut total, mut trapped) = ((0, 0), 0);
        for (yes, no, traps) in [
            agree::<Klondike>(Klondike, 6, 150),
            agree::<KlondikeDraw3>(KlondikeDraw3, 6, 150),
            agree::<Stonewall>(Stonewall, 6, 150),
            agree::<FlowerGarden>(FlowerGarden, 6, 150),
            agree::<Wildflower>(Wildflower, 6, 150),
            agree::<LuckyThirteen>(LuckyThirteen, 6, 150),
            agree::<LuckierThirteen>(LuckierThirteen, 6, 150),
            agree::<LuckyPiles>(LuckyPiles, 6, 150),
            agree::<LuckyPilesSameSuit>(LuckyPilesSameSuit, 6, 150),
        ] {
            total = (total.0 + yes, total.1 + no);
            trapped += traps;
        }
        // Both answers occur often, or the comparison would prove little; and traps, whose
        // positions are then checked blocked by the rules (through `blocked`'s answer).
        assert!(total.0 >= 200 && total.1 >= 200, "{total:?}");
        assert!(trapped >= 100, "{trapped}");
    }

    #[test]
    fn a_trapped_card_blocks() {
        let (blocked, _, trapped) = agree::<LuckyPilesSameSuit>(LuckyPilesSameSuit, 60, 150);
        // Traps answer many of the dead ends in the game where `blocked` looks for them.
        assert!(
            trapped >= 100 && trapped * 4 >= blocked,
            "{trapped} of {blocked}"
        );
    }

    /// Random walks from the deals of `V`: every move from a blocked position leads to a
    /// blocked one (what skipping the test after a move that seldom blocks relies on: the next
    /// test below cuts what it let through), and `seldom_blocks` names exactly the moves to a
    /// foundation that turn no card up. Returns the moves checked from blocked positions, and
    /// those that `seldom_blocks` named.
    fn stays_blocked<V: Variant>(v: V, seeds: u64, steps: usize) -> (usize, usize) {
        let (mut checked, mut seldom) = (0, 0);
        walk::<V>(v, seeds, steps, 11, |pos, moves| {
            let was = blocked::<V>(v, pos);
            for &m in moves {
                let mut child = pos.clone();
                let u = apply::<V>(v, &mut child, m);
                let to_foundation = matches!(m.to, Place::Foundation(_));
                assert_eq!(seldom_blocks(m, &u), to_foundation && !u.flipped, "{m}");
                seldom += usize::from(seldom_blocks(m, &u));
                if was {
                    assert!(blocked::<V>(v, &child), "{}: {m} unblocked", v.rules().id);
                    checked += 1;
                }
            }
        });
        (checked, seldom)
    }

    #[test]
    fn a_blocked_position_stays_blocked() {
        let mut total = (0, 0);
        for (checked, seldom) in [
            stays_blocked::<Klondike>(Klondike, 6, 150),
            stays_blocked::<KlondikeDraw3>(KlondikeDraw3, 6, 150),
            stays_blocked::<Stonewall>(Stonewall, 6, 150),
            stays_blocked::<FlowerGarden>(FlowerGarden, 6, 150),
            stays_blocked::<LuckyThirteen>(LuckyThirteen, 6, 150),
            stays_blocked::<LuckyPiles>(LuckyPiles, 6, 150),
        ] {
            total = (total.0 + checked, total.1 + seldom);
        }
        assert!(total.0 >= 5_000 && total.1 >= 1_000, "{total:?}");
    }
}
