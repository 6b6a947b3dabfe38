//! The transposition table: an open-addressing set of exact keys, bounded in memory.
//!
//! It holds every position the search has entered (fully explored, or on the current path).
//! Nothing is ever evicted: when the next growth would pass the memory bound, `insert` reports
//! `Full` and the search stops with `unknown` (memory). Clearing for the next deal is O(1): each
//! slot carries the number of the search that wrote it, and a slot from an older search is empty.
//!
//! The memory bound is the real bound: the slots grow by doubling (at half load) up to the
//! largest power of two that fits, then once more to the most slots that fit, and each growth
//! happens in place (the slot array is extended, then its keys are moved to their new places),
//! so the table never holds more than the bound, not even while it grows. A key's home slot is
//! `hash × slots / 2^64` (for a power of two of slots, the top bits of the hash), which suits
//! any number of slots. What the table holds never depends on its size, so neither does a
//! search that stays within the bound.

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
    /// A table that will not grow past `max_bytes` (but has at least 4096 slots). Any
    /// `max_bytes` will do, `usize::MAX` too.
    pub fn new(max_bytes: usize) -> Self {
        let mut t = Table {
            slots: vec![Slot::default(); 1 << MIN_BITS],
            len: 0,
            stamp: 1,
            max_slots: 0,
        };
        t.set_max_bytes(max_bytes);
        t
    }

    /// The most bytes the table will hold.
    pub fn max_bytes(&self) -> usize {
        self.max_slots * std::mem::size_of::<Slot<K>>()
    }

    /// Sets the memory bound: the table will not grow past `max_bytes` from now on (it never
    /// shrinks below what it holds, nor below its smallest size).
    pub fn set_max_bytes(&mut self, max_bytes: usize) {
        let slot = std::mem::size_of::<Slot<K>>();
        self.max_slots = (max_bytes / slot).max(1 << MIN_BITS).max(self.slots.len());
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

    /// The slot where the probe of a key of hash `h` starts: `h × slots / 2^64`.
    #[inline(always)]
    fn home(&self, h: u64) -> usize {
        home(h, self.slots.len())
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
        let n = self.slots.len();
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
            i = next(i, n);
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
            #[allow(unsafe_code)]
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = h;
    }

    pub fn contains(&self, key: &K) -> bool {
        self.contains_hashed(key, hash(key.as_ref()))
    }

    /// [`Table::contains`] of a key whose hash ([`Table::hash_of`]) is known.
    #[inline]
    pub fn contains_hashed(&self, key: &K, h: u64) -> bool {
        let n = self.slots.len();
        let mut i = self.home(h);
        loop {
            let s = &self.slots[i];
            if s.stamp != self.stamp {
                return false;
            }
            if s.key == *key {
                return true;
            }
            i = next(i, n);
        }
    }

    /// The number of slots after the next growth: double, or at the end the most that fit;
    /// `None` at the bound.
    fn next_size(&self) -> Option<usize> {
        let n = self.slots.len();
        match n.checked_mul(2) {
            Some(d) if d <= self.max_slots => Some(d),
            _ if n < self.max_slots => Some(self.max_slots),
            _ => None,
        }
    }

    /// Grows the slots if the bound allows (and the allocator gives the memory); false at the
    /// bound. In place: the array is extended, then every key of the current search is moved
    /// to its place in the larger array (the slots it passes on its way are those of keys
    /// already moved, never emptied again, so each probe path stays whole).
    fn grow(&mut self) -> bool {
        let Some(new_len) = self.next_size() else {
            return false;
        };
        let old_len = self.slots.len();
        if crate::memory::fallible(|| self.slots.try_reserve_exact(new_len - old_len)).is_err() {
            // The machine has not the memory the bound allows: this is the bound.
            self.max_slots = old_len;
            return false;
        }
        if self.stamp >= u32::MAX - 1 {
            // Make room for a second stamp (once in 4 billion searches).
            let live = self.stamp;
            self.slots
                .iter_mut()
                .for_each(|s| s.stamp = u32::from(s.stamp == live));
            self.stamp = 1;
        }
        // New slots have stamp 0: empty for the old and the new stamp alike.
        self.slots.resize(new_len, Slot::default());
        let (old, new) = (self.stamp, self.stamp + 1);
        for i in 0..old_len {
            if self.slots[i].stamp != old {
                continue;
            }
            // Take the key out, and put it in its new place; an old key found there is taken
            // out in turn and placed (it lies further on, at a slot not yet visited).
            self.slots[i].stamp = 0;
            let mut key = self.slots[i].key;
            let mut j = home(hash(key.as_ref()), new_len);
            loop {
                let s = &mut self.slots[j];
                if s.stamp == new {
                    j = next(j, new_len);
                    continue;
                }
                let was_old = s.stamp == old;
                let evicted = std::mem::replace(&mut s.key, key);
                s.stamp = new;
                if !was_old {
                    break;
                }
                key = evicted;
                j = home(hash(key.as_ref()), new_len);
            }
        }
        self.stamp = new;
        true
    }
}

/// The home slot of hash `h` among `n` slots: `h × n / 2^64` (for `n = 2^b`, the top `b`
/// bits of `h`).
#[inline(always)]
fn home(h: u64, n: usize) -> usize {
    ((h as u128 * n as u128) >> 64) as usize
}

/// The slot after `i` among `n`, wrapping around.
#[inline(always)]
fn next(i: usize, n: usize) -> usize {
    if i + 1 == n { 0 } else { i + 1 }
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

    /// Fills a table of bound `max` with new keys until it is full; the keys stored.
    fn fill(t: &mut Table<[u64; 4]>, from: u64) -> u64 {
        let mut n = from;
        while t.insert(&[n, n ^ 0x5555, 3, n >> 3]) == Insert::New {
            n += 1;
        }
        n - from
    }

    #[test]
    fn the_memory_bound_is_the_real_bound() {
        // 40-byte slots: a 64 MiB bound holds 1,677,721 slots (not the 2^20 = 40 MiB of the
        // largest power of two), and the table uses them.
        let max = 64 << 20;
        let mut t: Table<[u64; 4]> = Table::new(max);
        let stored = fill(&mut t, 0);
        assert_eq!(t.bytes(), max / 40 * 40);
        assert!(t.bytes() > max - 64, "{} of {max} bytes", t.bytes());
        assert_eq!(stored as usize, t.len());
        assert!(
            stored as usize >= t.bytes() / 40 * 3 / 4 - 1,
            "{stored} keys"
        );
        for n in (0..stored).step_by(997) {
            assert!(t.contains(&[n, n ^ 0x5555, 3, n >> 3]), "lost key {n}");
        }
        assert!(!t.contains(&[stored + 1, 0, 0, 0]));
    }

    #[test]
    fn growing_in_place_keeps_every_key_and_forgets_older_searches() {
        // A bound that is no power of two of slots; keys of an earlier search are left in the
        // slots (cleared by stamp) while the next search grows the table.
        let mut t: Table<[u64; 4]> = Table::new(3 << 20);
        let first = fill(&mut t, 0);
        t.clear();
        for n in 0..first / 3 {
            assert_eq!(t.insert(&[n + 1_000_000_000, 1, 2, 3]), Insert::New);
        }
        assert_eq!(t.len() as u64, first / 3);
        for n in 0..first / 3 {
            assert!(t.contains(&[n + 1_000_000_000, 1, 2, 3]), "lost key {n}");
        }
        for n in 0..first {
            assert!(
                !t.contains(&[n, n ^ 0x5555, 3, n >> 3]),
                "key {n} of the last search"
            );
        }
        // Released, it grows again from the smallest size, to the same bound.
        t.release();
        assert_eq!(fill(&mut t, 7), first);
    }

    #[test]
    fn any_bound_is_accepted_at_once() {
        // The largest bounds do not overflow (a bound is a limit, not an allocation).
        for max in [usize::MAX, usize::MAX / 2 + 1, 1 << 63, 0] {
            let mut t: Table<[u64; 4]> = Table::new(max);
            assert_eq!(t.insert(&[1, 2, 3, 4]), Insert::New);
            assert_eq!(t.insert(&[1, 2, 3, 4]), Insert::Seen);
            assert!(t.max_bytes() >= 4096 * 40);
        }
    }
}
