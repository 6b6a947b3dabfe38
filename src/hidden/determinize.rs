//! Determinizations: the observation with its unseen slots filled by a uniformly random
//! permutation of the unseen cards, and the random streams that draw them.
//!
//! Every stream is a `ChaCha8Rng` seeded from (deal seed, decision index, purpose), so a run
//! is reproducible and streams for different purposes never overlap. The shuffle is our own
//! Fisher–Yates with rejection sampling (as in `deal.rs`), not `rand`'s `shuffle`.

use super::observation::Observation;
use crate::cards::Card;
use crate::game::Position;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a random stream is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Purpose {
    /// The fill-ins of one decision.
    Samples = 1,
    /// Tests and anything else that needs its own stream.
    Other = 2,
}

/// The stream for (seed, decision, purpose).
pub fn stream(seed: u64, decision: u64, purpose: Purpose) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&decision.to_le_bytes());
    key[16..24].copy_from_slice(&(purpose as u64).to_le_bytes());
    key[24..].copy_from_slice(b"hidden\0\x01");
    ChaCha8Rng::from_seed(key)
}

/// A uniform integer in `0..n`, by rejection (no modulo bias).
fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// Shuffles `cards` uniformly (Fisher–Yates).
pub fn shuffle(cards: &mut [Card], rng: &mut ChaCha8Rng) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        cards.swap(i, j);
    }
}

/// One determinization of `obs`, written into `out`; `scratch` is reused between calls.
pub fn determinize_into(
    obs: &Observation,
    rng: &mut ChaCha8Rng,
    scratch: &mut Vec<Card>,
    out: &mut Position,
) {
    scratch.clear();
    scratch.extend_from_slice(obs.unseen());
    shuffle(scratch, rng);
    obs.fill(scratch, out);
}

/// One determinization of `obs`.
pub fn determinize(obs: &Observation, rng: &mut ChaCha8Rng) -> Position {
    let mut out = obs.view().clone();
    determinize_into(obs, rng, &mut Vec::new(), &mut out);
    out
}
