//! The transposition table: an open-addressing set of exact keys, bounded in memory.
//!
//! It holds every position the search has entered (fully explored, or on the current path).
//! Nothing is ever evicted: when the next growth would pass the memory bound, `insert` reports
//! `Full` and the search stops with `unknown` (memory). Clearing for the next deal is O(1): each
//! slot carries the number of the search that wrote it, and a slot from an older search is empty.

use super::key::KeyWords;

#[derive(Copy, Clone, Default)]
struct Slot<K> {
    key: K,
    stamp: u32,
}

/// What `insert` found.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Insert {
    /// The key was new and is now in the table.
    New,
    /// The key was already there.
    Seen,
    /// The table is at its memory bound.
    Full,
}

pub struct Table<K: KeyWords> {
    slots: Vec<Slot<K>>,
    shift: u32,
    len: usize,
    stamp: u32,
    max_slots: usize,
}

const MIN_BITS: u32 = 12;

#[inline(always)]
fn hash(words: &[u64]) -> u64 {
    let mut h = 0x243f_6a88_85a3_08d3u64;
    for &w in words {
        h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
    }
    h.wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

impl<K: KeyWords> Table<K> {
    /// A table that will not grow past `max_bytes`.
    pub fn new(max_bytes: usize) -> Self {
        let slot = std::mem::size_of::<Slot<K>>();
        // Grows by doubling at half load; the largest power of two of slots that fits.
        let mut max_slots = 1usize << MIN_BITS;
        while max_slots * 2 * slot <= max_bytes {
            max_slots *= 2;
        }
        Table {
            slots: vec![Slot::default(); 1 << MIN_BITS],
            shift: 64 - MIN_BITS,
            len: 0,
            stamp: 1,
            max_slots,
        }
    }

    /// Empties the table (O(1) but for a stamp wrap-around once in 4 billion searches).
    pub fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
    }

    /// Empties the table and gives back its memory beyond the smallest size (another search
    /// is about to use that memory).
    pub fn release(&mut self) {
        if self.slots.len() > 1 << MIN_BITS {
            self.slots = vec![Slot::default(); 1 << MIN_BITS];
            self.shift = 64 - MIN_BITS;
            self.len = 0;
            self.stamp = 1;
        } else {
            self.clear();
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Bytes held now.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot<K>>()
    }

    /// The hash that places `key` ([`Table::prefetch`], [`Table::insert_hashed`]). It does
    /// not depend on the table's size, so it stays valid when the table grows.
    #[inline(always)]
    pub fn hash_of(key: &K) -> u64 {
        hash(key.as_ref())
    }

    /// The slot where the probe of a key of hash `h` starts.
    #[inline(always)]
    fn home(&self, h: u64) -> usize {
        (h >> self.shift) as usize
    }

    /// Adds a key; says whether it was new, already there, or the table is full.
    #[inline]
    pub fn insert(&mut self, key: &K) -> Insert {
        self.insert_hashed(key, hash(key.as_ref()))
    }

    /// [`Table::insert`] of a key whose hash ([`Table::hash_of`]) is known.
    #[inline]
    pub fn insert_hashed(&mut self, key: &K, h: u64) -> Insert {
        if (self.len + 1) * 2 > self.slots.len() && !self.grow() {
            // At the bound: still answer for keys already present, but take no new ones
            // past 3/4 load.
            if (self.len + 1) * 4 > self.slots.len() * 3 {
                return if self.contains(key) {
                    Insert::Seen
                } else {
                    Insert::Full
                };
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(h);
        loop {
            let s = &mut self.slots[i];
            if s.stamp != self.stamp {
                s.key = *key;
                s.stamp = self.stamp;
                self.len += 1;
                return Insert::New;
            }
            if s.key == *key {
                return Insert::Seen;
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the memory system for the slot where the probe of a key of hash `h` starts, so
    /// that an insert of it soon after does not wait for it (a hint: no effect on what the
    /// table holds).
    #[inline(always)]
    pub fn prefetch(&self, h: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.slots[self.home(h)..].as_ptr() as *const i8;
            // SAFETY: a prefetch reads nothing into the program (it cannot fault, whatever the
            // address), and SSE, which it needs, is part of every x86_64 target.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = h;
    }

    pub fn contains(&self, key: &K) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash(key.as_ref()));
        loop {
            let s = &self.slots[i];
            if s.stamp != self.stamp {
                return false;
            }
            if s.key == *key {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots if the bound allows; false at the bound.
    fn grow(&mut self) -> bool {
        if self.slots.len() >= self.max_slots {
            return false;
        }
        let new_len = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); new_len]);
        let old_stamp = self.stamp;
        self.stamp = 1;
        self.shift -= 1;
        self.len = 0;
        for s in old.into_iter().filter(|s| s.stamp == old_stamp) {
            self.insert(&s.key);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_finds_what_it_stored_and_nothing_else() {
        let mut t: Table<[u64; 2]> = Table::new(1 << 20);
        for i in 0..10_000u64 {
            assert_eq!(t.insert(&[i, i * 7]), Insert::New);
        }
        for i in 0..10_000u64 {
            assert_eq!(t.insert(&[i, i * 7]), Insert::Seen);
            assert!(!t.contains(&[i, i * 7 + 1]));
        }
        assert_eq!(t.len(), 10_000);
        // A key's known hash finds it as insert does, and places a new key where contains
        // finds it.
        for i in 0..10_000u64 {
            let k = [i, i * 7];
            assert_eq!(t.insert_hashed(&k, Table::hash_of(&k)), Insert::Seen);
        }
        let k = [1u64, 2];
        assert_eq!(t.insert_hashed(&k, Table::hash_of(&k)), Insert::New);
        assert!(t.contains(&k));
        t.clear();
        assert!(t.is_empty());
        assert!(!t.contains(&[5, 35]));
        assert_eq!(t.insert(&[5, 35]), Insert::New);
    }

    #[test]
    fn a_full_table_says_so_and_never_forgets() {
        let mut t: Table<[u64; 1]> = Table::new(64 * 1024);
        let mut n = 0u64;
        while t.insert(&[n]) == Insert::New {
            n += 1;
        }
        assert!(n > 1000, "only {n} keys fit");
        assert!(t.bytes() <= 64 * 1024);
        for i in 0..n {
            assert!(t.contains(&[i]), "lost key {i}");
        }
        assert_eq!(t.insert(&[0]), Insert::Seen);
    }
}
