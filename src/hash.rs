//! A fast hasher for the crate's own hash sets and maps of positions and fingerprints, whose
//! keys are not chosen to collide: a word at a time, multiply and rotate, then a final mix.
//! Positions are a kilobyte and more, and SipHash, the standard hasher, took a noticeable share
//! of a hidden-play game's time (measured: docs/performance.md, "hash: the crate's own
//! hasher").

use std::hash::{BuildHasherDefault, Hasher};

/// Builds [`WordHasher`]s, for `HashMap`/`HashSet`.
pub type WordBuild = BuildHasherDefault<WordHasher>;

#[derive(Default, Clone)]
pub struct WordHasher(u64);

impl WordHasher {
    #[inline(always)]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.add(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            // The length too, so that trailing zero bytes count.
            self.add(u64::from_le_bytes(w) ^ (rest.len() as u64) << 59);
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // Every bit of the state reaches every bit of the result.
        fmix(self.0)
    }
}

/// MurmurHash3's 64-bit finalizer: every input bit changes about half the output bits.
#[inline(always)]
pub fn fmix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ x >> 33
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash<T: Hash>(t: &T) -> u64 {
        WordBuild::default().hash_one(t)
    }

    #[test]
    fn equal_values_hash_alike_and_small_changes_do_not() {
        let a: Vec<u8> = (0..200).collect();
        assert_eq!(hash(&a), hash(&a.clone()));
        let mut seen = std::collections::HashSet::new();
        // Each one-byte change, and each length, gives a hash of its own.
        for i in 0..a.len() {
            let mut b = a.clone();
            b[i] ^= 1;
            assert!(seen.insert(hash(&b)), "byte {i}");
        }
        for n in 0..a.len() {
            assert!(seen.insert(hash(&a[..n].to_vec())), "length {n}");
        }
        // A trailing zero byte is not lost in the last partial word.
        let raw = |bytes: &[u8]| {
            let mut h = WordHasher::default();
            h.write(bytes);
            h.finish()
        };
        assert_ne!(raw(&[1, 2, 3]), raw(&[1, 2, 3, 0]));
        assert_ne!(raw(&[]), raw(&[0]));
    }
}
