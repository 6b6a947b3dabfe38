//! Streamliners: restrictions of the move set that are **not** proved to keep a win (the
//! streamlined search of Blake & Gent's Solvitaire). The solver uses them only in a first,
//! win-seeking pass: a win it finds is an ordinary move list, replayed and checked like any
//! other; when the streamlined search runs dry, that proves nothing, and the full search with
//! proved pruning alone follows. So they make wins cheaper to find and never decide a loss.
//!
//! The streamlined search runs first where [`used`] says (`Solver::search`); in the open
//! games it also merges positions that differ only in suits the build rule ignores
//! ([`symmetric_key`]).
//!
//! In a streamlined position:
//! 1. **Auto-foundation.** A card that can go up from the tableau, reserve or waste top goes
//!    up, and that is the only move.
//! 2. **Foundation cards stay up.**
//! 3. **No idle rearranging** (games with face-down cards): a run moves from pile to pile only
//!    when it turns up a face-down card, empties its pile, or uncovers a card that can go up.
//!
//! The interleaved schedule's streamlined scan (`solve::schedule`) is Solvitaire's own in every
//! game: the suit-symmetric key, and runs free to rearrange (1 and 2 only). With face-down
//! cards that pair wins deals that neither change alone wins (docs/performance.md, "The
//! streamlined scan of Stonewall");
//! the sequential schedule (the hidden planner's sample solves) keeps 3 and the exact key there.

use crate::game::position::{DOWN, NONE, PILE_CAP, Pile, Position};
use crate::game::rules::KeyWords;
use crate::game::{Build, FaceDown, Move, Place, Variant};
// MurmurHash3's finalizer: sums of fingerprints finished by it behave as sums of random numbers.
use crate::hash::fmix;

/// Does a solve of game `V` with a budget of `max_nodes` start with the streamlined search?
/// In games with face-down cards always: there it finds more wins at equal budget. In the open
/// games without a stock (Flower Garden, Wildflower, the Lucky games, Luckier Thirteen), keyed
/// by [`symmetric_key`] (which merges interchangeable piles and reserve cards and passes
/// through forced foundation moves), from [`symmetric_from`] nodes on. In the games with a
/// stock turned once it is off: there it did not pay (measured: docs/performance.md,
/// "streamline::used: where the streamlined search runs first").
pub fn used<V: Variant>(v: V, max_nodes: u64) -> bool {
    !symmetric_used::<V>(v) || (!v.rules().has_stock() && max_nodes >= symmetric_from::<V>(v))
}

/// The least node budget at which the open games with a reserve use the streamlined search
/// (see [`used`]).
pub const SYMMETRIC_FROM: u64 = 100_000;
/// The same for the open games without a reserve or a stock (the Lucky games, Luckier
/// Thirteen), where at 100,000 nodes the half budget it takes cost as many wins as it found
/// (measured: docs/performance.md, "streamline::used: where the streamlined search runs
/// first").
pub const SYMMETRIC_FROM_NO_RESERVE: u64 = 1_000_000;

/// [`SYMMETRIC_FROM`] or [`SYMMETRIC_FROM_NO_RESERVE`], for game `V`.
pub fn symmetric_from<V: Variant>(v: V) -> u64 {
    if v.rules().reserve > 0 {
        SYMMETRIC_FROM
    } else {
        SYMMETRIC_FROM_NO_RESERVE
    }
}

/// Does the streamlined search of game `V` key its positions by [`symmetric_key`] (suits the
/// build rule ignores merged, Solvitaire's "suit symmetry")? In the open games. With face-down
/// cards the exact key is kept: there the symmetric key won nothing and lost wins (measured:
/// docs/performance.md, "Trials that were dropped", the suit-symmetric key with face-down
/// cards).
pub fn symmetric_used<V: Variant>(v: V) -> bool {
    matches!(v.rules().face_down, FaceDown::None)
}

/// Restricts `moves[start..end]` in place; returns the new end. `rearrange`: runs may move
/// from pile to pile idly (streamliner 3 off), as in Solvitaire's streamlined search.
#[inline]
pub fn streamline<V: Variant>(
    v: V,
    pos: &Position,
    moves: &mut [Move],
    start: usize,
    end: usize,
    rearrange: bool,
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
        if rearrange || v.rules().face_down == FaceDown::None {
            return false;
        }
        let pile = &pos.piles[p as usize];
        let rest = pile.len as usize - m.count as usize;
        rest > 0
            && !pile.is_down(rest - 1)
            && pos.found_slot_for::<V>(v, pile.card(rest - 1)).is_none()
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

/// Can some card go up from a pile top, the reserve or the waste top? An over-approximation
/// is allowed (it may say yes where move generation finds no foundation move), never an
/// under-approximation: where it says no, `generate` makes no move to a foundation from those
/// places, so [`streamline`] leaves more than one move or none, never one forced move up.
/// The symmetric search uses it to probe its table before expanding a position that cannot be
/// a forced one (`Searcher::run`).
#[inline]
pub fn may_go_up<V: Variant>(v: V, pos: &Position) -> bool {
    let rules = v.rules();
    let needed = pos.needed_mask_among(rules.foundations());
    for p in &pos.piles[..rules.piles()] {
        if p.len > 0 && needed >> (p.cards[p.len as usize - 1] & !DOWN) & 1 != 0 {
            return true;
        }
    }
    for &r in &pos.reserve[..rules.reserve as usize] {
        if r != NONE && needed >> r & 1 != 0 {
            return true;
        }
    }
    pos.waste_top()
        .is_some_and(|c| needed >> c.index() & 1 != 0)
}

/// What the suit-symmetric key keeps of a card (Solvitaire's "suit symmetry" streamliner):
/// where the build rule ignores suits, the rank alone; where it looks only at colours, the
/// rank and colour; else the card.
#[inline(always)]
fn symmetric_byte<V: Variant>(b: u8) -> u8 {
    let card = b & !DOWN;
    let down = b & DOWN;
    match V::BUILD {
        Build::DownAnySuit | Build::UpDownAnySuit => (card & !3) | down,
        // Clubs and spades (suits 0 and 3) are black, diamonds and hearts red.
        Build::DownAltColour => {
            let s = card & 3;
            (card & !3) | u8::from(s == 1 || s == 2) | down
        }
        Build::DownSameSuit | Build::UpDownSameSuit => b,
    }
}

/// A 128-bit fingerprint of `pos` with suits the build rule ignores merged (see
/// `symmetric_byte`), in the first two words of a key; the foundations are left out (the
/// cards still in play fix how many foundations have reached each height). Interchangeable
/// places are merged too, as in Solvitaire's cache: the piles are taken as a multiset (their
/// own fingerprints added up), and the reserve as the multiset of the cards it still holds
/// (which slot a card left is forgotten: with suits merged, playing one 6 or another from the
/// reserve leaves one position). Nothing else is merged: a test checks on random walks that
/// two positions share a fingerprint exactly when they share this canonical form. Lossy on
/// purpose: two positions with one fingerprint are searched once, so a search keyed by it may
/// miss a win (it only seeks wins) and a collision only loses one more.
pub fn symmetric_key<V: Variant, K: KeyWords>(v: V, pos: &Position) -> K {
    symmetric_key_of_sums::<V, K>(pos, symmetric_sums::<V>(v, pos))
}

/// The part of [`symmetric_key`] that adds up: the sums, in two lanes, of the fingerprints of
/// the piles and of the reserve's cards (interchangeable places are merged by adding their own
/// well-mixed fingerprints: a sum does not depend on the order of its terms, so the piles, and
/// the reserve's cards, count as multisets without being sorted), and how many cards the
/// reserve holds. A move changes only the terms of the places it touches
/// ([`place_terms`]), so a search can keep the sums up to date move by move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    /// The first lane's sum.
    pub a: u64,
    /// The second lane's sum.
    pub b: u64,
    /// The reserve's cards.
    pub held: u64,
}

impl Sums {
    /// The sums with the terms `before` (of the places a move touched, before it) taken out and
    /// `after` (the same places after it) put in.
    #[inline(always)]
    pub fn moved(self, before: (u64, u64, u64), after: (u64, u64, u64)) -> Sums {
        Sums {
            a: self.a.wrapping_sub(before.0).wrapping_add(after.0),
            b: self.b.wrapping_sub(before.1).wrapping_add(after.1),
            held: self.held - before.2 + after.2,
        }
    }
}

/// The [`Sums`] of `pos`, from scratch.
#[inline]
pub fn symmetric_sums<V: Variant>(v: V, pos: &Position) -> Sums {
    let rules = v.rules();
    let mut s = Sums::default();
    for pile in &pos.piles[..rules.piles()] {
        let (pa, pb) = pile_fingerprint::<V>(pile);
        s.a = s.a.wrapping_add(pa);
        s.b = s.b.wrapping_add(pb);
    }
    for &r in &pos.reserve[..rules.reserve as usize] {
        let (ra, rb, n) = reserve_term::<V>(r);
        s.a = s.a.wrapping_add(ra);
        s.b = s.b.wrapping_add(rb);
        s.held += n;
    }
    s
}

/// A reserve slot's terms in [`Sums`] (nothing for an empty slot).
#[inline(always)]
fn reserve_term<V: Variant>(r: u8) -> (u64, u64, u64) {
    if r == NONE {
        return (0, 0, 0);
    }
    let x = symmetric_byte::<V>(r) as u64 | 0x800;
    (fmix(x), fmix(x ^ 0x5bd1_e995_0000_0000), 1)
}

/// The terms in [`Sums`] of the places `m` touches (its source and destination), in `pos`: a
/// pile's fingerprint, a reserve card's; nothing for the foundations. Taken before and after
/// the move, they give the sums of the position it leads to ([`Sums::moved`]). Only for games
/// without a stock (a stock's cards are not in the sums, and a turn touches no other place).
#[inline(always)]
pub fn place_terms<V: Variant>(pos: &Position, m: Move) -> (u64, u64, u64) {
    let term = |p: Place| match p {
        Place::Tableau(i) => {
            let (a, b) = pile_fingerprint::<V>(&pos.piles[i as usize]);
            (a, b, 0)
        }
        Place::Reserve(r) => reserve_term::<V>(pos.reserve[r as usize]),
        _ => (0, 0, 0),
    };
    let (x, y) = (term(m.from), term(m.to));
    (x.0.wrapping_add(y.0), x.1.wrapping_add(y.1), x.2 + y.2)
}

/// [`symmetric_key`] of `pos` from its [`Sums`].
#[inline]
pub fn symmetric_key_of_sums<V: Variant, K: KeyWords>(pos: &Position, sums: Sums) -> K {
    let mut h = (sums.a, sums.b);
    h = mix(h, sums.held | 0x1000);
    for i in 0..pos.stock_len as usize {
        h = mix(
            h,
            symmetric_byte::<V>(pos.stock_card(i).index()) as u64 | 0x100,
        );
    }
    for i in 0..pos.waste_len as usize {
        h = mix(
            h,
            symmetric_byte::<V>(pos.waste_card(i).index()) as u64 | 0x200,
        );
    }
    h = mix(h, pos.redeals as u64 | 0x400);
    let mut k = K::default();
    let w = k.as_mut();
    w[0] = fmix(h.0);
    w[1] = fmix(h.1 ^ (h.0 >> 32));
    k
}

/// One step of the fingerprints' two hash lanes.
#[inline(always)]
pub(super) fn mix((a, b): (u64, u64), x: u64) -> (u64, u64) {
    (
        (a.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95),
        (b.rotate_left(7) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    )
}

/// A pile's own fingerprint (its cards as [`symmetric_byte`] keeps them, and its length), in
/// two lanes, each finished by [`fmix`]. Reads the pile eight cards at a time.
#[inline(always)]
fn pile_fingerprint<V: Variant>(pile: &Pile) -> (u64, u64) {
    let len = pile.len as usize;
    const _: () = assert!(PILE_CAP.is_multiple_of(8));
    let mut h = (
        0x9e37_79b9_7f4a_7c15 ^ len as u64,
        0xc2b2_ae3d_27d4_eb4f ^ len as u64,
    );
    let mut i = 0;
    while i < len {
        let word = u64::from_le_bytes(pile.cards[i..i + 8].try_into().expect("8 bytes"));
        let left = len - i;
        // The bytes past the pile's end are stale: masked out.
        let word = if left < 8 {
            word & ((1u64 << (8 * left)) - 1)
        } else {
            word
        };
        h = mix(h, symmetric_word::<V>(word));
        i += 8;
    }
    (fmix(h.0), fmix(h.1))
}

/// [`symmetric_byte`] applied to each of the eight bytes of `w` at once.
#[inline(always)]
pub(super) fn symmetric_word<V: Variant>(w: u64) -> u64 {
    const LOW2: u64 = 0x0303_0303_0303_0303;
    const LOW1: u64 = 0x0101_0101_0101_0101;
    match V::BUILD {
        Build::DownAnySuit | Build::UpDownAnySuit => w & !LOW2,
        Build::DownAltColour => {
            // Suits 1 and 2 (diamonds, hearts) are red: the two suit bits differ.
            let s = w & LOW2;
            (w & !LOW2) | ((s ^ s >> 1) & LOW1)
        }
        Build::DownSameSuit | Build::UpDownSameSuit => w,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::game::{apply, generate};
    use crate::games::{
        FlowerGarden, LuckierThirteen, LuckyPiles, LuckyPilesSameSuit, LuckyThirteen, Wildflower,
    };
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    /// What [`symmetric_key`] is meant to tell apart, written plainly: the piles as a sorted
    /// list of their cards as [`symmetric_byte`] keeps them, the reserve as the sorted list of
    /// its cards, the stock, the waste and the redeals.
    fn canonical<V: Variant>(v: V, pos: &Position) -> Vec<Vec<u8>> {
        let rules = v.rules();
        let sym = |b: u8| symmetric_byte::<V>(b);
        let mut piles: Vec<Vec<u8>> = pos.piles[..rules.piles()]
            .iter()
            .map(|p| p.as_slice().iter().map(|&b| sym(b)).collect())
            .collect();
        piles.sort();
        let mut reserve: Vec<u8> = pos.reserve[..rules.reserve as usize]
            .iter()
            .filter(|&&r| r != NONE)
            .map(|&r| sym(r))
            .collect();
        reserve.sort();
        let stock = (0..pos.stock_len as usize).map(|i| sym(pos.stock_card(i).index()));
        let waste = (0..pos.waste_len as usize).map(|i| sym(pos.waste_card(i).index()));
        piles.push(reserve);
        piles.push(stock.collect());
        piles.push(waste.collect());
        piles.push(vec![pos.redeals]);
        piles
    }

    /// On random walks (seeded by `walk_seed`) of at most `steps` moves from `seeds` deals of
    /// `V`, two positions have one `key` exactly when their `form`s agree. Returns how many
    /// distinct forms were met. (The layout key's test uses it too.)
    pub(in crate::solve) fn one_key_per_form<V: Variant>(
        v: V,
        seeds: u64,
        steps: usize,
        walk_seed: u64,
        key: impl Fn(&Position) -> [u64; 4],
        form: impl Fn(&Position) -> Vec<Vec<u8>>,
    ) -> usize {
        let mut by_key: HashMap<[u64; 4], Vec<Vec<u8>>> = HashMap::new();
        let mut by_form: HashMap<Vec<Vec<u8>>, [u64; 4]> = HashMap::new();
        let mut rng = ChaCha8Rng::seed_from_u64(walk_seed);
        let mut moves = Vec::new();
        for seed in 0..seeds {
            let deal = crate::deal::deal(v.rules(), seed);
            let mut pos = Position::from_deal::<V>(v, &deal).expect("a legal deal");
            for _ in 0..steps {
                let (k, f) = (key(&pos), form(&pos));
                assert_eq!(by_key.entry(k).or_insert(f.clone()), &f, "{pos:?}");
                assert_eq!(by_form.entry(f).or_insert(k), &k, "{pos:?}");
                moves.clear();
                generate::<V>(v, &pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                apply::<V>(v, &mut pos, moves[rng.random_range(0..moves.len())]);
            }
        }
        by_form.len()
    }

    /// [`one_key_per_form`] for the symmetric fingerprint and its canonical form.
    fn one_fingerprint_per_form<V: Variant>(v: V, seeds: u64) -> usize {
        one_key_per_form(
            v,
            seeds,
            300,
            3,
            |p| symmetric_key::<V, [u64; 4]>(v, p),
            |p| canonical::<V>(v, p),
        )
    }

    /// The fingerprint merges exactly what it says it merges: suits the build rule ignores,
    /// the order of the piles and the reserve's slots, and nothing else (an Ace under another
    /// card, whose byte is 0 in the any-suit games, was once lost from it).
    #[test]
    fn the_symmetric_fingerprint_tells_apart_what_its_canonical_form_does() {
        assert!(one_fingerprint_per_form::<FlowerGarden>(FlowerGarden, 400) > 10_000);
        assert!(one_fingerprint_per_form::<Wildflower>(Wildflower, 200) > 6_000);
        assert!(one_fingerprint_per_form::<LuckyPiles>(LuckyPiles, 100) > 10_000);
        assert!(one_fingerprint_per_form::<LuckyPilesSameSuit>(LuckyPilesSameSuit, 300) > 2_000);
        assert!(one_fingerprint_per_form::<LuckyThirteen>(LuckyThirteen, 100) > 5_000);
        assert!(one_fingerprint_per_form::<LuckierThirteen>(LuckierThirteen, 100) > 5_000);
    }

    /// The sums kept up to date move by move ([`place_terms`], [`Sums::moved`]) are those
    /// computed from scratch, along random walks (moves from piles, the reserve and the
    /// foundations, onto piles, into spaces and up) in the games without a stock.
    #[test]
    fn the_sums_kept_move_by_move_are_the_sums_from_scratch() {
        fn walk<V: Variant>(v: V, seeds: u64) -> usize {
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let (mut moves, mut steps) = (Vec::new(), 0);
            for seed in 0..seeds {
                let deal = crate::deal::deal(v.rules(), seed);
                let mut pos = Position::from_deal::<V>(v, &deal).expect("a legal deal");
                let mut sums = symmetric_sums::<V>(v, &pos);
                for _ in 0..300 {
                    moves.clear();
                    generate::<V>(v, &pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.random_range(0..moves.len())];
                    let before = place_terms::<V>(&pos, m);
                    apply::<V>(v, &mut pos, m);
                    sums = sums.moved(before, place_terms::<V>(&pos, m));
                    assert_eq!(sums, symmetric_sums::<V>(v, &pos), "{m} from seed {seed}");
                    steps += 1;
                }
            }
            steps
        }
        assert!(walk::<FlowerGarden>(FlowerGarden, 50) > 5_000);
        assert!(walk::<Wildflower>(Wildflower, 50) > 5_000);
        assert!(walk::<LuckyPiles>(LuckyPiles, 30) > 3_000);
        assert!(walk::<LuckyPilesSameSuit>(LuckyPilesSameSuit, 30) > 200);
        assert!(walk::<LuckyThirteen>(LuckyThirteen, 30) > 200);
        assert!(walk::<LuckierThirteen>(LuckierThirteen, 30) > 500);
    }

    /// The word form of [`symmetric_byte`] agrees with it on every byte in every lane.
    #[test]
    fn the_symmetric_word_is_the_symmetric_byte_eight_times() {
        fn check<V: Variant>() {
            for b in 0..=255u8 {
                for lane in 0..8 {
                    let w = ((b as u64) << (8 * lane))
                        | (0x2d00_0000_0000_002d & !(0xff << (8 * lane)));
                    let out = symmetric_word::<V>(w);
                    assert_eq!((out >> (8 * lane)) as u8, symmetric_byte::<V>(b));
                }
            }
        }
        check::<FlowerGarden>();
        check::<LuckierThirteen>();
        check::<LuckyPilesSameSuit>();
        check::<LuckyPiles>();
    }
}
