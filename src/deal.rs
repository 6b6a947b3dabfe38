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

/// A deal file that names its seed but is not that seed's deal: the first place where they
/// differ.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the file names seed {seed}, whose {game} deal has {dealt} {at}, where the file has {found} (a position after some moves names no seed: leave \"seed\" out)"
)]
pub struct SeedMismatch {
    pub seed: u64,
    pub game: &'static str,
    /// Where, in words: `in T1, card 2 from the bottom`, `in R3`, `in the stock (3 cards)`.
    pub at: String,
    /// The card the seed deals there (or the count), as a deal file writes it.
    pub dealt: String,
    /// What the file has there.
    pub found: String,
}

/// Refuses a deal file that names its seed (`seed`) and holds other cards than that seed's
/// deal of `rules`' game, or the same cards lying otherwise (face up where dealt face down).
/// `??` stands for whatever card the deal has there. A file without a seed is not checked.
pub fn check_seeded(rules: &Rules, file: &Deal) -> Result<(), SeedMismatch> {
    let Some(seed) = file.seed else {
        return Ok(());
    };
    let dealt = deal(rules, seed);
    let fail = |at: String, dealt: String, found: String| SeedMismatch {
        seed,
        game: rules.name,
        at,
        dealt,
        found,
    };
    // One list of the file against the deal's: its length, then card by card (which way a
    // card lies matters in the tableau only).
    let list = |name: &str,
                at: &dyn Fn(usize) -> String,
                ours: &[Option<CardToken>],
                theirs: &[Option<CardToken>]| {
        let text = |t: &Option<CardToken>| t.map_or_else(|| "-".to_string(), |t| t.to_text());
        if ours.len() != theirs.len() {
            let count = |n: usize| format!("{n} card{}", if n == 1 { "" } else { "s" });
            return Err(fail(
                format!("in {name}"),
                count(ours.len()),
                count(theirs.len()),
            ));
        }
        for (i, (a, b)) in ours.iter().zip(theirs).enumerate() {
            let same = match (a, b) {
                (Some(_), Some(CardToken::Unknown)) => true,
                (
                    Some(CardToken::Known {
                        card: x,
                        face_up: u,
                    }),
                    Some(CardToken::Known {
                        card: y,
                        face_up: v,
                    }),
                ) => x == y && (u == v || !name.starts_with('T')),
                _ => a == b,
            };
            if !same {
                return Err(fail(at(i), text(a), text(b)));
            }
        }
        Ok(())
    };
    let some = |l: &[CardToken]| l.iter().map(|&t| Some(t)).collect::<Vec<_>>();
    if file.piles.len() != dealt.piles.len() {
        let (a, b) = (dealt.piles.len(), file.piles.len());
        return Err(fail(
            "in its tableau".into(),
            format!("{a} piles"),
            format!("{b}"),
        ));
    }
    for (p, (ours, theirs)) in dealt.piles.iter().zip(&file.piles).enumerate() {
        let name = format!("T{}", p + 1);
        let at = |i: usize| format!("in {name}, card {} from the bottom", i + 1);
        list(&name, &at, &some(ours), &some(theirs))?;
    }
    let at = |i: usize| format!("in R{}", i + 1);
    list("the reserve", &at, &dealt.reserve, &file.reserve)?;
    let at = |i: usize| format!("in the stock, card {} from the bottom", i + 1);
    list("the stock", &at, &some(&dealt.stock), &some(&file.stock))?;
    let at = |i: usize| format!("in the waste, card {} from the bottom", i + 1);
    list("the waste", &at, &some(&dealt.waste), &some(&file.waste))?;
    if let Some((f, cards)) = file
        .foundations
        .iter()
        .enumerate()
        .find(|(_, l)| !l.is_empty())
    {
        return Err(fail(
            format!("on F{}", f + 1),
            "no card".into(),
            cards[0].to_text(),
        ));
    }
    Ok(())
}
