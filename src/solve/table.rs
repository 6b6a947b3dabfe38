//! The transposition table: an open-addressing set of exact keys, bounded in memory.
//!
//! It holds every position the search has entered (fully explored, or on the current path).
//! Nothing is ever evicted: when the next growth would pass the memory bound, `insert` reports
//! `Full` and the search stops with `unknown` (memory).
//!
//! A slot is the key alone, in as few words as the keys of the search under way need: a key
//! is stored as its words up to its last nonzero one (at least one), and the table's width is
//! that of the widest key it holds. The top two bits of a slot's last word are its tag (0:
//! empty), so a key whose last stored word uses them takes one word more. The width is found
//! as keys come: a key wider than the table widens it (its keys are moved into wider slots),
//! which in practice happens at a search's first key. Klondike's keys of the depth-first
//! searches (the loose tableau) take one word, so their slots are a single word rather than
//! the whole key type.
//!
//! The table starts empty and grows as the search needs it: the first key makes a small
//! table, the slots grow by doubling (past three quarters load) up to the largest power of
//! two that fits, then once more to the most slots that fit, and each growth happens in place
//! (the slot array is extended, then its keys are moved to their new places), so the table
//! never holds more than the bound, not even while it grows. Clearing it for the next search
//! cuts it back to its smallest size and zeroes that alone: the memory stays reserved for the
//! next search, which writes it again only as far as it grows. A key's home slot is
//! `hash × slots / 2^64` (for a power of two of slots, the top bits of the hash), which suits
//! any number of slots. What the table holds never depends on its size or its width, so
//! neither does a search that stays within the bound.

use super::key::KeyWords;
use std::marker::PhantomData;

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
    /// `n` slots of `words` words each.
    slots: Vec<u64>,
    n: usize,
    words: usize,
    len: usize,
    /// The tag of the slots in use (1 or 2; during a growth, the moved keys get the other).
    tag: u64,
    /// The bound (lowered to what the table holds when the allocator refuses more).
    max_bytes: usize,
    key: PhantomData<K>,
}

/// The fewest slots a table holds once it holds a key.
const MIN_SLOTS: usize = 256;

/// Where the tag lies in a slot's last word, and its bits.
const TAG_SHIFT: u32 = 62;
const TAG_BITS: u64 = 3 << TAG_SHIFT;

/// Room for the words of a slot while it moves (keys have at most eight words, a slot one
/// more).
const HELD: usize = 16;

#[inline(always)]
fn hash(words: &[u64]) -> u64 {
    let mut h = 0x243f_6a88_85a3_08d3u64;
    for &w in words {
        h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
    }
    h.wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// Does `key` fit slots of `w` words (its words from `w` on zero, and the tag's bits of its
/// word `w - 1` too)?
#[inline(always)]
fn fits(key: &[u64], w: usize) -> bool {
    w > key.len() || key[w - 1] >> TAG_SHIFT == 0 && key[w..].iter().all(|&x| x == 0)
}

/// The fewest words of slot that hold `key`.
fn width_of(key: &[u64]) -> usize {
    (1..=key.len())
        .find(|&w| fits(key, w))
        .unwrap_or(key.len() + 1)
}

/// Word `i` of a key stored in slots of more words than it has (0 past its end).
#[inline(always)]
fn word(key: &[u64], i: usize) -> u64 {
    if i < key.len() { key[i] } else { 0 }
}

impl<K: KeyWords> Table<K> {
    /// A table that will not grow past `max_bytes` (but may always hold its smallest size).
    /// It holds no memory until its first key. Any `max_bytes` will do, `usize::MAX` too.
    pub fn new(max_bytes: usize) -> Self {
        Table {
            slots: Vec::new(),
            n: 0,
            words: 1,
            len: 0,
            tag: 1,
            max_bytes,
            key: PhantomData,
        }
    }

    /// The most bytes the table will hold (at its present width).
    pub fn max_bytes(&self) -> usize {
        self.max_slots(self.words) * self.words * 8
    }

    /// The most slots of `w` words the bound allows: never fewer than the table holds, nor
    /// than its smallest size.
    fn max_slots(&self, w: usize) -> usize {
        (self.max_bytes / (8 * w)).max(MIN_SLOTS).max(self.n)
    }

    /// Sets the memory bound: the table will not grow past `max_bytes` from now on (it never
    /// shrinks below what it holds, nor below its smallest size).
    pub fn set_max_bytes(&mut self, max_bytes: usize) {
        self.max_bytes = max_bytes;
    }

    /// Empties the table: it goes back to its smallest size and width, and zeroes only that
    /// (the memory it grew into stays reserved for the next search).
    pub fn clear(&mut self) {
        self.len = 0;
        self.tag = 1;
        self.words = 1;
        if self.n > 0 {
            self.n = MIN_SLOTS;
            self.slots.truncate(MIN_SLOTS);
            self.slots.fill(0);
        }
    }

    /// Empties the table and gives back its memory (another search is about to use that
    /// memory).
    pub fn release(&mut self) {
        self.slots = Vec::new();
        self.n = 0;
        self.clear();
    }

    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Bytes held now (the memory reserved, including what a cleared table keeps for the next
    /// search).
    pub fn bytes(&self) -> usize {
        self.slots.capacity() * 8
    }

    /// The words of each slot now.
    pub fn width(&self) -> usize {
        self.words
    }

    /// The hash that places `key` ([`Table::prefetch`], [`Table::insert_hashed`]). It does
    /// not depend on the table's size or width, so it stays valid when the table grows.
    #[inline(always)]
    pub fn hash_of(key: &K) -> u64 {
        hash(key.as_ref())
    }

    /// Adds a key; says whether it was new, already there, or the table is full.
    #[inline]
    pub fn insert(&mut self, key: &K) -> Insert {
        self.insert_hashed(key, hash(key.as_ref()))
    }

    /// [`Table::insert`] of a key whose hash ([`Table::hash_of`]) is known.
    #[inline]
    pub fn insert_hashed(&mut self, key: &K, h: u64) -> Insert {
        let k = key.as_ref();
        if !fits(k, self.words) && !self.widen(width_of(k)) {
            return Insert::Full;
        }
        if (self.len + 1) * 4 > self.n * 3 && !self.grow() {
            // At the bound: still answer for keys already present, but take no new ones.
            return if self.contains(key) {
                Insert::Seen
            } else {
                Insert::Full
            };
        }
        let (i, found) = match self.words {
            1 => self.probe(k, h, 1),
            2 => self.probe(k, h, 2),
            3 => self.probe(k, h, 3),
            4 => self.probe(k, h, 4),
            w => self.probe(k, h, w),
        };
        if found {
            return Insert::Seen;
        }
        let w = self.words;
        let slot = &mut self.slots[i * w..i * w + w];
        for (j, s) in slot.iter_mut().enumerate() {
            *s = word(k, j);
        }
        slot[w - 1] |= self.tag << TAG_SHIFT;
        self.len += 1;
        Insert::New
    }

    /// Where the probe of `key` (of hash `h`, fitting slots of `w` = `self.words` words) ends:
    /// its slot and true, or the empty slot where it would go and false. Inlined with `w`
    /// constant, the comparison of a slot is unrolled.
    #[inline(always)]
    fn probe(&self, key: &[u64], h: u64, w: usize) -> (usize, bool) {
        let n = self.n;
        let last = word(key, w - 1) | self.tag << TAG_SHIFT;
        let mut i = home(h, n);
        loop {
            let s = &self.slots[i * w..i * w + w];
            if s[w - 1] >> TAG_SHIFT == 0 {
                return (i, false);
            }
            if s[w - 1] == last && (0..w - 1).all(|j| s[j] == word(key, j)) {
                return (i, true);
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
        if self.n > 0 {
            let p = self.slots[home(h, self.n) * self.words..].as_ptr() as *const i8;
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
        let k = key.as_ref();
        // A key wider than the table's slots is none of the keys it holds.
        if self.len == 0 || !fits(k, self.words) {
            return false;
        }
        match self.words {
            1 => self.probe(k, h, 1).1,
            2 => self.probe(k, h, 2).1,
            3 => self.probe(k, h, 3).1,
            4 => self.probe(k, h, 4).1,
            w => self.probe(k, h, w).1,
        }
    }

    /// The number of slots after the next growth: the smallest size for an empty table, then
    /// double, or at the end the most that fit; `None` at the bound.
    fn next_size(&self) -> Option<usize> {
        let n = self.n;
        let max = self.max_slots(self.words);
        if n == 0 {
            return Some(MIN_SLOTS);
        }
        match n.checked_mul(2) {
            Some(d) if d <= max => Some(d),
            _ if n < max => Some(max),
            _ => None,
        }
    }

    /// Reserves room for `words` words in all, if the allocator gives it; false otherwise,
    /// and the bound is then what the table holds.
    fn reserve(&mut self, words: usize) -> bool {
        let more = words.saturating_sub(self.slots.len());
        if crate::memory::fallible(|| self.slots.try_reserve_exact(more)).is_err() {
            // The machine has not the memory the bound allows: this is the bound.
            self.max_bytes = self.n * self.words * 8;
            return false;
        }
        true
    }

    /// Grows the slots if the bound allows (and the allocator gives the memory); false at the
    /// bound. In place: the array is extended, then every key is moved to its place in the
    /// larger array (the slots it passes on its way are those of keys already moved, never
    /// emptied again, so each probe path stays whole).
    fn grow(&mut self) -> bool {
        let Some(new_n) = self.next_size() else {
            return false;
        };
        let (old_n, w) = (self.n, self.words);
        if !self.reserve(new_n * w) {
            return false;
        }
        // New slots are zero: empty.
        self.slots.resize(new_n * w, 0);
        self.n = new_n;
        let (old, new) = (self.tag, 3 - self.tag);
        let klen = K::default().as_ref().len();
        for i in 0..old_n {
            if self.slots[i * w + w - 1] >> TAG_SHIFT != old {
                continue;
            }
            // Take the key out, and put it in its new place; an old key found there is taken
            // out in turn and placed (it lies further on, at a slot not yet visited).
            let mut held = [0u64; HELD];
            held[..w].copy_from_slice(&self.slots[i * w..i * w + w]);
            held[w - 1] &= !TAG_BITS;
            self.slots[i * w + w - 1] = 0;
            'placing: loop {
                let mut j = home(hash(&held[..klen]), new_n);
                loop {
                    let t = self.slots[j * w + w - 1] >> TAG_SHIFT;
                    if t == new {
                        j = next(j, new_n);
                        continue;
                    }
                    let s = &mut self.slots[j * w..j * w + w];
                    s.swap_with_slice(&mut held[..w]);
                    s[w - 1] |= new << TAG_SHIFT;
                    if t != old {
                        break 'placing;
                    }
                    held[w - 1] &= !TAG_BITS;
                    continue 'placing;
                }
            }
        }
        self.tag = new;
        true
    }

    /// Makes the slots `w` words wide (`w` > the present width), keeping every key (and
    /// doubling their number if the table is due to grow); false
    /// (nothing changed) when the bound or the allocator does not allow it.
    #[cold]
    fn widen(&mut self, w: usize) -> bool {
        // As many slots, or twice as many when the table is due to grow.
        let mut n = self.n.max(MIN_SLOTS);
        if (self.len + 1) * 4 > n * 3 {
            n *= 2;
        }
        let n = n.min((self.max_bytes / (8 * w)).max(MIN_SLOTS));
        if (self.len + 1) * 4 > n * 3 {
            return false;
        }
        // The keys are taken out, and the same array (whose memory a worker keeps from deal
        // to deal) takes them back in wider slots.
        let mut keys: Vec<K> = Vec::new();
        if crate::memory::fallible(|| keys.try_reserve_exact(self.len)).is_err() {
            return false;
        }
        let (old_n, old_w) = (self.n, self.words);
        for i in 0..old_n {
            let s = &self.slots[i * old_w..i * old_w + old_w];
            if s[old_w - 1] >> TAG_SHIFT != self.tag {
                continue;
            }
            let mut key = K::default();
            for (x, &y) in key.as_mut().iter_mut().zip(s) {
                *x = y;
            }
            if let Some(x) = key.as_mut().get_mut(old_w - 1) {
                *x &= !TAG_BITS;
            }
            keys.push(key);
        }
        self.slots.clear();
        let widened = self.reserve(n * w);
        // Refused: back as it was (the array still has that room).
        let (n, w) = if widened { (n, w) } else { (old_n, old_w) };
        self.slots.resize(n * w, 0);
        (self.n, self.words, self.len) = (n, w, 0);
        for key in &keys {
            let k = key.as_ref();
            let (i, _) = self.probe(k, hash(k), w);
            let slot = &mut self.slots[i * w..i * w + w];
            for (j, s) in slot.iter_mut().enumerate() {
                *s = word(k, j);
            }
            slot[w - 1] |= self.tag << TAG_SHIFT;
            self.len += 1;
        }
        widened
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
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashSet;

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

    /// Fills a table with new keys of four words until it is full; the keys stored.
    fn fill(t: &mut Table<[u64; 4]>, from: u64) -> u64 {
        let mut n = from;
        while t.insert(&[n, n ^ 0x5555, 3, n >> 3 | 1]) == Insert::New {
            n += 1;
        }
        n - from
    }

    #[test]
    fn the_memory_bound_is_the_real_bound() {
        // Keys of four words, slots of 32 bytes: a 48 MiB bound holds 1,572,864 slots (not
        // the 2^20 = 32 MiB of the largest power of two), and the table uses them.
        let max = 48 << 20;
        let mut t: Table<[u64; 4]> = Table::new(max);
        let stored = fill(&mut t, 0);
        assert_eq!(t.width(), 4);
        assert_eq!(t.bytes(), max / 32 * 32);
        assert_eq!(stored as usize, t.len());
        assert!(
            stored as usize >= t.bytes() / 32 * 3 / 4 - 1,
            "{stored} keys"
        );
        for n in (0..stored).step_by(997) {
            assert!(t.contains(&[n, n ^ 0x5555, 3, n >> 3 | 1]), "lost key {n}");
        }
        assert!(!t.contains(&[stored + 1, 0, 0, 1]));
    }

    #[test]
    fn growing_in_place_keeps_every_key_and_forgets_older_searches() {
        // A bound that is no power of two of slots; a cleared table grows again over the
        // memory of the last search.
        let mut t: Table<[u64; 4]> = Table::new(3 << 20);
        let first = fill(&mut t, 0);
        let held = t.bytes();
        t.clear();
        // The memory stays reserved for the next search.
        assert_eq!(t.bytes(), held);
        for n in 0..first / 3 {
            assert_eq!(t.insert(&[n + 1_000_000_000, 1, 2, 3]), Insert::New);
        }
        assert_eq!(t.len() as u64, first / 3);
        for n in 0..first / 3 {
            assert!(t.contains(&[n + 1_000_000_000, 1, 2, 3]), "lost key {n}");
        }
        for n in 0..first {
            assert!(
                !t.contains(&[n, n ^ 0x5555, 3, n >> 3 | 1]),
                "key {n} of the last search"
            );
        }
        // Released, it holds nothing, and grows again from the smallest size to the same
        // bound.
        t.release();
        assert_eq!(t.bytes(), 0);
        assert_eq!(fill(&mut t, 7), first);
    }

    #[test]
    fn any_bound_is_accepted_at_once() {
        // The largest bounds do not overflow (a bound is a limit, not an allocation), and a
        // new table holds no memory.
        for max in [usize::MAX, usize::MAX / 2 + 1, 1 << 63, 0] {
            let mut t: Table<[u64; 4]> = Table::new(max);
            assert_eq!(t.bytes(), 0);
            assert!(!t.contains(&[1, 2, 3, 4]));
            assert_eq!(t.insert(&[1, 2, 3, 4]), Insert::New);
            assert_eq!(t.insert(&[1, 2, 3, 4]), Insert::Seen);
            assert!(t.max_bytes() >= MIN_SLOTS * 32);
        }
    }

    #[test]
    fn a_slot_is_as_wide_as_the_widest_key() {
        // Keys below 2^62 take one word: 8-byte slots.
        let mut t: Table<[u64; 4]> = Table::new(usize::MAX);
        for i in 0..100_000u64 {
            assert_eq!(t.insert(&[i << 40 | i, 0, 0, 0]), Insert::New);
        }
        assert_eq!(t.width(), 1);
        assert!(t.bytes() <= 8 * 256 * 1024, "{} bytes", t.bytes());
        // A key that differs only in a later word, or in a word's top bits, is another key:
        // the table widens and keeps every key.
        assert!(!t.contains(&[5 << 40 | 5, 1, 0, 0]));
        assert_eq!(t.insert(&[5 << 40 | 5, 1, 0, 0]), Insert::New);
        assert_eq!(t.width(), 2);
        assert_eq!(t.insert(&[1 << 63 | 7, 0, 0, 0]), Insert::New);
        assert_eq!(t.insert(&[7, 0, 0, 0]), Insert::New);
        assert_eq!(t.insert(&[1 << 63 | 7, 0, 0, 0]), Insert::Seen);
        assert_eq!(t.insert(&[7, 0, 0, 1 << 62]), Insert::New);
        assert_eq!(t.width(), 5);
        assert_eq!(t.insert(&[7, 0, 0, 1 << 62]), Insert::Seen);
        for i in 0..100_000u64 {
            assert!(t.contains(&[i << 40 | i, 0, 0, 0]), "lost key {i}");
        }
        assert_eq!(t.len(), 100_004);
        // Cleared, it goes back to one word.
        t.clear();
        assert_eq!(t.insert(&[3, 0, 0, 0]), Insert::New);
        assert_eq!(t.width(), 1);
    }

    /// A key wider than the table's slots that comes when the table is due to grow widens it
    /// and grows it at once (never `Full` below the bound).
    #[test]
    fn a_wide_key_at_three_quarters_load_is_taken() {
        let mut t: Table<[u64; 2]> = Table::new(usize::MAX);
        let mut n = 1;
        while (t.len() + 1) * 4 <= MIN_SLOTS * 3 {
            assert_eq!(t.insert(&[n, 0]), Insert::New);
            n += 1;
        }
        assert_eq!((t.width(), t.bytes()), (1, MIN_SLOTS * 8));
        assert_eq!(t.insert(&[1, 1]), Insert::New);
        assert_eq!((t.width(), t.bytes()), (2, MIN_SLOTS * 2 * 16));
        for k in 1..n {
            assert!(t.contains(&[k, 0]), "lost key {k}");
        }
    }

    /// A widening keeps the memory a worker's table grew into on an earlier deal (the keys
    /// move into the same array), so the next searches do not allocate it again.
    #[test]
    fn a_widening_keeps_the_memory_of_earlier_searches() {
        let mut t: Table<[u64; 2]> = Table::new(usize::MAX);
        for i in 0..100_000u64 {
            assert_eq!(t.insert(&[i, 1]), Insert::New);
        }
        let held = t.bytes();
        t.clear();
        for i in 0..100u64 {
            assert_eq!(t.insert(&[i, 0]), Insert::New);
        }
        assert_eq!(t.width(), 1);
        assert_eq!(t.insert(&[7, 7]), Insert::New);
        assert_eq!(t.width(), 2);
        assert_eq!(t.bytes(), held);
        for i in 0..100u64 {
            assert!(t.contains(&[i, 0]), "lost key {i}");
        }
        assert_eq!(t.len(), 101);
    }

    /// The table answers as a set does, through growths, widenings and clears, for keys of
    /// random widths (few distinct values per word, so that keys repeat).
    #[test]
    fn the_table_is_a_set() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x7ab1e);
        let mut t: Table<[u64; 3]> = Table::new(usize::MAX);
        let mut set = HashSet::new();
        for round in 0..6 {
            let wide = round % 3;
            for _ in 0..40_000 {
                let mut k = [rng.random_range(0..30_000u64), 0, 0];
                for x in k.iter_mut().skip(1).take(wide) {
                    if rng.random_range(0..4) == 0 {
                        *x = rng.random_range(0..3u64) << 62 | rng.random_range(0..2);
                    }
                }
                let want = if set.insert(k) {
                    Insert::New
                } else {
                    Insert::Seen
                };
                assert_eq!(t.insert(&k), want, "{k:?}");
            }
            assert_eq!(t.len(), set.len());
            for &k in &set {
                assert!(t.contains(&k));
            }
            t.clear();
            set.clear();
        }
    }
}
