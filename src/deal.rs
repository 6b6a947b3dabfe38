//! Deals: the layout of a position as lists of cards ([`Deal`], defined with the engine in
//! `game::setup` so that the engine does not depend on this module), and seeded
//! deals, a pure function of (variant, seed) that never changes between releases.
//!
//! The shuffle is our own Fisher–Yates over `ChaCha8Rng::seed_from_u64(seed)` drawing with
//! `next_u64` and rejection sampling, so it does not depend on `rand`'s `shuffle`. A fresh deck
//! is clubs A..K, diamonds, hearts, spades (twice for two decks); after the shuffle the deck's
//! first card is its top. Cards are dealt from the top row by row, left to right (pile 1 first),
//! each pile taking a card while it is short of its size; then the reserve slots in order; the
//! rest, in order, is the stock, its first card on top (the next one turned).
//! The same seed gives the same shuffled deck in every game with the same number of decks.

use crate::cards::{Card, CardToken};
use crate::game::Rules;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use crate::game::Deal;

/// A uniform integer in `0..n` from the generator, by rejection (no modulo bias).
fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    debug_assert!(n > 0);
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// The shuffled deck for a seed: index 0 is the top card.
pub fn shuffled_deck(decks: u8, seed: u64) -> Vec<Card> {
    let mut deck: Vec<Card> = (0..decks).flat_map(|_| Card::fresh_deck()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..deck.len()).rev() {
        let j = below(&mut rng, i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// The deal of `rules`' game for `seed`.
pub fn deal(rules: &Rules, seed: u64) -> Deal {
    let deck = shuffled_deck(rules.decks, seed);
    let mut next = deck.into_iter();
    let sizes = rules.pile_sizes;
    let mut piles: Vec<Vec<CardToken>> = sizes.iter().map(|_| Vec::new()).collect();
    let rows = sizes.iter().copied().max().unwrap_or(0) as usize;
    for row in 0..rows {
        for (p, &size) in sizes.iter().enumerate() {
            if row < size as usize {
                let card = next.next().expect("deck too small for the layout");
                piles[p].push(CardToken::Known {
                    card,
                    face_up: !rules.face_down.is_down(row, size as usize),
                });
            }
        }
    }
    let reserve = (0..rules.reserve)
        .map(|_| {
            Some(CardToken::Known {
                card: next.next().expect("deck too small for the reserve"),
                face_up: true,
            })
        })
        .collect();
    let mut stock: Vec<CardToken> = next
        .map(|card| CardToken::Known {
            card,
            face_up: true,
        })
        .collect();
    stock.reverse();
    Deal {
        variant: Some(rules.id.to_string()),
        seed: Some(seed),
        piles,
        reserve,
        stock,
        waste: Vec::new(),
        foundations: Vec::new(),
    }
}
