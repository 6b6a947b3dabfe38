//! **The layout key**: a lossy key for a win-seeking search in the games whose building ignores
//! suit ([`used`]). Two positions share it when they agree in the foundations, the talon, the
//! reserve and each pile's untouched bottom cards (its `fixed` prefix), and their built cards
//! agree in rank: which of a rank's copies lies where on the built parts is forgotten, and the
//! piles with no untouched card count as a multiset.
//!
//! Why: where single cards build down in any suit (Napoleon's Shoulder), a depth-first search
//! with exact keys spends its budget moving built cards from one parent to another of the same
//! rank, each such shuffle a new exact position with the same layout; this key visits a layout
//! once, so the search must change the layout (turn the stock, uncover or empty a pile, put a
//! card up) to go on. Lossy on purpose, as the suit-symmetric key of `streamline` is: positions
//! merged may differ in what they can win, so a search keyed by it only finds wins (each one an
//! ordinary move list, replayed like any other) and its running dry proves nothing.

use super::streamline::{mix, symmetric_word};
use crate::game::position::{PILE_CAP, Pile, Position};
use crate::game::rules::KeyWords;
use crate::game::{Build, Variant};
use crate::hash::fmix;

/// Is the layout key used (a win-seeking scan of the interleaved schedule keyed by it)? In the
/// games that build down in any suit and where the open games' suit-symmetric streamlined scan
/// does not run (those with a stock): there built cards are what the exact search shuffles.
pub fn used<V: Variant>(v: V, max_nodes: u64) -> bool {
    matches!(V::BUILD, Build::DownAnySuit | Build::UpDownAnySuit)
        && !super::streamline::used::<V>(v, max_nodes)
}

/// The layout key of `pos` (a 128-bit fingerprint in the first two words of a key; the rest
/// zero). A collision only merges two more positions, which a lossy key may do.
#[inline]
pub fn layout_key<V: Variant, K: KeyWords>(v: V, pos: &Position) -> K {
    let rules = v.rules();
    let mut h = (0x243f_6a88_85a3_08d3u64, 0x1319_8a2e_0370_7344u64);
    // The foundations as a multiset of (suit, height): two foundations of a suit in two decks
    // are interchangeable.
    let mut found = 0u64;
    for f in 0..rules.foundations() {
        let x = (pos.found_suit[f] as u64) << 8 | pos.found_height[f] as u64;
        found = found.wrapping_add(fmix(x | 0x1_0000));
    }
    h = mix(h, found);
    // The piles: those with untouched cards are told apart by them; the others are a
    // multiset (their fingerprints added up).
    let (mut a, mut b) = (0u64, 0u64);
    for pile in &pos.piles[..rules.piles()] {
        let (pa, pb) = pile_print::<V>(pile);
        a = a.wrapping_add(pa);
        b = b.wrapping_add(pb);
    }
    h = mix(h, a);
    h = (h.0, h.1.rotate_left(17) ^ b);
    for &r in &pos.reserve[..rules.reserve as usize] {
        h = mix(h, r as u64 | 0x800);
    }
    // The talon: which cards have left it, and how many lie in the stock and the waste.
    if rules.has_stock() {
        let t = pos.talon_out;
        h = mix(
            h,
            pos.stock_len as u64 | (pos.waste_len as u64) << 8 | (pos.redeals as u64) << 16,
        );
        h = mix(h, t as u64);
        h = mix(h, (t >> 64) as u64);
    }
    let mut k = K::default();
    let w = k.as_mut();
    w[0] = fmix(h.0);
    w[1] = fmix(h.1 ^ (h.0 >> 32));
    k
}

/// A pile's fingerprint, in two lanes: its untouched cards exactly, the cards above them as
/// `symmetric_word` keeps them (the rank alone where building ignores suit), its length and
/// the length of its untouched part.
#[inline(always)]
fn pile_print<V: Variant>(pile: &Pile) -> (u64, u64) {
    let (len, fixed) = (pile.len as usize, pile.fixed as usize);
    let tag = (len as u64) << 8 | fixed as u64;
    let mut h = (0x9e37_79b9_7f4a_7c15 ^ tag, 0xc2b2_ae3d_27d4_eb4f ^ tag);
    const _: () = assert!(PILE_CAP.is_multiple_of(8));
    let mut i = 0;
    while i < len {
        let word = u64::from_le_bytes(pile.cards[i..i + 8].try_into().expect("8 bytes"));
        // Bytes past the pile's end are stale: masked out. Bytes below `fixed` stay exact.
        let live = bytes_below(len - i);
        let exact = bytes_below(fixed.saturating_sub(i));
        let word = (word & exact) | (symmetric_word::<V>(word) & live & !exact);
        h = mix(h, word);
        i += 8;
    }
    (fmix(h.0), fmix(h.1))
}

/// The mask of a word's first `n` bytes (all eight from 8 on).
#[inline(always)]
fn bytes_below(n: usize) -> u64 {
    if n >= 8 { !0 } else { (1u64 << (8 * n)) - 1 }
}

// The key tells positions apart when a pile's untouched card, the foundations, the talon or a
// built card's rank differ, and merges built cards of one rank.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::position::DOWN;
    use crate::game::{apply, generate};
    use crate::games::{LuckyPiles, NapoleonsShoulder};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// What the layout key is meant to tell apart, written plainly.
    fn canonical<V: Variant>(v: V, pos: &Position) -> Vec<Vec<u8>> {
        let rules = v.rules();
        let mut fixed = Vec::new();
        let mut free = Vec::new();
        for pile in &pos.piles[..rules.piles()] {
            let f = pile.fixed as usize;
            let mut form = vec![pile.len, pile.fixed];
            form.extend(pile.as_slice()[..f].iter().copied());
            form.extend(
                pile.as_slice()[f..]
                    .iter()
                    .map(|&b| (b & !DOWN) & !3 | b & DOWN),
            );
            if f > 0 {
                fixed.push(form)
            } else {
                free.push(form)
            }
        }
        fixed.sort();
        free.sort();
        let mut found: Vec<(u8, u8)> = (0..rules.foundations())
            .map(|f| (pos.found_suit[f], pos.found_height[f]))
            .collect();
        found.sort();
        let mut out = vec![found.iter().flat_map(|&(s, h)| [s, h]).collect()];
        out.extend(fixed);
        out.push(vec![0xEE]);
        out.extend(free);
        out.push(pos.reserve[..rules.reserve as usize].to_vec());
        out.push(vec![pos.stock_len, pos.waste_len, pos.redeals]);
        out.push(pos.talon_out.to_le_bytes().to_vec());
        out
    }

    /// On random walks, two positions share a layout key exactly when their canonical forms
    /// agree; returns how many forms were met.
    fn one_key_per_form<V: Variant>(v: V, seeds: u64, steps: usize) -> usize {
        crate::solve::streamline::tests::one_key_per_form(
            v,
            seeds,
            steps,
            11,
            |p| layout_key::<V, [u64; 4]>(v, p),
            |p| canonical::<V>(v, p),
        )
    }

    #[test]
    fn the_layout_key_tells_apart_what_its_canonical_form_does() {
        assert!(one_key_per_form::<NapoleonsShoulder>(NapoleonsShoulder, 200, 400) > 20_000);
        assert!(one_key_per_form::<LuckyPiles>(LuckyPiles, 100, 300) > 10_000);
    }

    /// Swapping two built cards of one rank between piles keeps the layout key; swapping the
    /// suits of an untouched card changes it.
    #[test]
    fn built_cards_of_one_rank_are_merged_and_untouched_cards_are_not() {
        type K = [u64; 4];
        let v = NapoleonsShoulder;
        let (mut merged, mut apart) = (0, 0);
        for seed in 0..100 {
            let deal = crate::deal::deal(v.rules(), seed);
            let mut pos = Position::from_deal(v, &deal).expect("a legal deal");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut moves = Vec::new();
            for _ in 0..300 {
                let key: K = layout_key(v, &pos);
                // Built cards: (pile, index) above the untouched part.
                let built: Vec<(usize, usize)> = (0..v.rules().piles())
                    .flat_map(|p| {
                        let pile = &pos.piles[p];
                        (pile.fixed as usize..pile.len as usize).map(move |i| (p, i))
                    })
                    .collect();
                for (x, &(p, i)) in built.iter().enumerate() {
                    for &(q, j) in &built[x + 1..] {
                        let (a, b) = (pos.piles[p].cards[i], pos.piles[q].cards[j]);
                        if p != q && a >> 2 == b >> 2 && a != b {
                            let mut other = pos.clone();
                            other.piles[p].cards[i] = b;
                            other.piles[q].cards[j] = a;
                            assert_eq!(layout_key::<_, K>(v, &other), key);
                            assert_ne!(other, pos);
                            merged += 1;
                        }
                    }
                }
                for p in 0..v.rules().piles() {
                    let pile = &pos.piles[p];
                    if pile.fixed > 0 {
                        let mut other = pos.clone();
                        other.piles[p].cards[0] ^= 1;
                        assert_ne!(layout_key::<_, K>(v, &other), key);
                        apart += 1;
                    }
                }
                moves.clear();
                generate(v, &pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                apply(v, &mut pos, moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(merged > 100 && apart > 1000, "{merged} {apart}");
    }
}
