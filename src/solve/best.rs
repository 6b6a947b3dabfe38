//! Best-first search: the open position that looks closest to a win is expanded next.
//!
//! The depth-first search is exhaustive but commits to its first choices: in games where cards
//! can be moved back and forth (up-or-down building, two decks) it can wander for millions of
//! moves through rearrangements of the tableau below a position that is already lost, while a
//! win lies one early choice away. Best-first search looks at the whole frontier at once, so it
//! goes on from the most promising position found so far, wherever it is.
//!
//! It shares the exact keys, the table and the proved prunings with the depth-first search, so
//! it is exhaustive too: when the frontier runs dry every reachable position has been expanded,
//! and that is a proof. It stores a position as its exact key and a parent link (no `Position`
//! per node), decodes a key when it expands it, and at the end maps the path of keys back onto
//! the moves of the real deal (the decoded positions number interchangeable piles their own
//! way). The score orders only the search; it never changes a verdict.

use super::key::{KeyContext, KeyWords, decode, encode, turned_over_key};
use super::prune::{Plan, Prune};
use super::search::{End, Limit, Limits};
use super::table::{Insert, Table};
use crate::cards::Card;
use crate::game::position::{NONE, Position};
use crate::game::{Move, Variant, apply, undo};
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A node of score `score` as one number that orders nodes as the pair (score, node) does:
/// the score with its sign bit flipped (so that the order of `i32`s is that of `u32`s) above
/// the node's number. One comparison of `u64`s where a pair took two.
#[inline(always)]
fn entry(score: i32, id: u32) -> u64 {
    ((score as u32 ^ 0x8000_0000) as u64) << 32 | id as u64
}

#[derive(Copy, Clone)]
struct Node<K> {
    key: K,
    parent: u32,
    /// Must the dead-end test be asked when it is expanded (`Plan::asks_after` of the move
    /// that made it)? Kept in the padding after `parent`: a node is no larger for it.
    test: bool,
}

// The flag costs no memory: a node is its key and one more word, as without it.
const _: () = assert!(std::mem::size_of::<Node<[u64; 3]>>() == 32);

/// A reusable best-first searcher (its table, node store and heap keep their memory).
pub struct BestFirst<V: Variant, K: KeyWords> {
    table: Table<K>,
    nodes: Vec<Node<K>>,
    /// The open nodes, as [`entry`]s: the highest score first, and of equal scores the node
    /// stored last.
    heap: BinaryHeap<u64>,
    moves: Vec<Move>,
    max_nodes_stored: usize,
    pub prune: Prune,
    /// Moves made (children generated) in the last search.
    pub nodes_made: u64,
    /// Most cards on the foundations in a position the last search stored.
    pub best_up: u8,
    /// The search under way: its plan, key context and start (`None` when none is).
    open: Option<(Plan, KeyContext, Position)>,
    /// The game.
    v: V,
}

impl<V: Variant, K: KeyWords> BestFirst<V, K> {
    /// A searcher whose table, node store and heap together stay within about `max_bytes`.
    pub fn new(v: V, max_bytes: usize, prune: Prune) -> Self {
        let mut b = BestFirst {
            table: Table::new(max_bytes / 2),
            nodes: Vec::new(),
            heap: BinaryHeap::new(),
            moves: Vec::with_capacity(512),
            max_nodes_stored: 0,
            prune,
            nodes_made: 0,
            best_up: 0,
            open: None,
            v,
        };
        b.set_max_bytes(max_bytes);
        b
    }

    /// Gives back the memory of the last search.
    pub fn release(&mut self) {
        self.open = None;
        self.table.release();
        self.nodes = Vec::new();
        self.heap = BinaryHeap::new();
    }

    /// Positions stored at the end of the last search.
    pub fn stored(&self) -> usize {
        self.nodes.len()
    }

    /// Bytes held by the table and the node store now.
    pub fn bytes(&self) -> usize {
        self.table.bytes()
            + self.nodes.capacity() * std::mem::size_of::<Node<K>>()
            + self.heap.capacity() * std::mem::size_of::<u64>()
    }

    /// Searches from `start` for a won position.
    pub fn search(&mut self, start: &Position, limits: &Limits, cancel: &AtomicBool) -> End {
        match self.begin(start) {
            Some(end) => end,
            None => self.resume(limits, cancel),
        }
    }

    /// Starts a search from `start` that [`BestFirst::resume`] carries on; `Some` when the
    /// start is won.
    pub fn begin(&mut self, start: &Position) -> Option<End> {
        let v = self.v;
        self.table.clear();
        self.nodes.clear();
        self.heap.clear();
        self.nodes_made = 0;
        self.best_up = start.on_found;
        self.open = None;
        if start.is_won::<V>(v) {
            return Some(End::Found(Vec::new()));
        }
        let plan = Plan::new::<V>(v, &self.prune);
        let ctx = plan.key_context::<V>(v, start);
        let root = encode::<V, K>(v, &ctx, start);
        self.table.insert(&root);
        self.nodes.push(Node {
            key: root,
            parent: u32::MAX,
            test: true,
        });
        self.heap.push(entry(score::<V>(v, start), 0));
        self.open = Some((plan, ctx, start.clone()));
        None
    }

    /// Is a search open (begun, and stopped only by its node limit so far)?
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Sets the memory bound of its table and node store: half each.
    pub fn set_max_bytes(&mut self, max_bytes: usize) {
        let per_node = std::mem::size_of::<Node<K>>() + std::mem::size_of::<(i32, u32)>();
        self.table.set_max_bytes(max_bytes / 2);
        self.max_nodes_stored = (max_bytes / 2 / per_node).max(1024).max(self.nodes.len());
    }

    /// Carries on the search [`BestFirst::begin`] started, or that an earlier call stopped at
    /// its node limit, until `limits.max_nodes` nodes made in all (`nodes_made`). A search
    /// stopped by its node limit can be resumed with a higher one and goes on exactly as one
    /// uninterrupted search would have (it stops only between expansions); any other end
    /// closes it. `Exhausted` when no search is open.
    pub fn resume(&mut self, limits: &Limits, cancel: &AtomicBool) -> End {
        let Some((plan, ctx, start)) = self.open.take() else {
            return End::Exhausted;
        };
        let end = self.run(&plan, &ctx, &start, limits, cancel);
        // A search stopped by its cap in the middle of an expansion is closed: the budget is
        // spent, and going on would not be the uninterrupted search.
        if end == End::Stopped(Limit::Nodes) && self.nodes_made < limits.cap {
            self.open = Some((plan, ctx, start));
        }
        end
    }

    fn run(
        &mut self,
        plan: &Plan,
        ctx: &KeyContext,
        start: &Position,
        limits: &Limits,
        cancel: &AtomicBool,
    ) -> End {
        let v = self.v;
        if self.nodes_made >= limits.max_nodes.min(limits.cap) {
            return End::Stopped(Limit::Nodes);
        }
        while let Some(e) = self.heap.pop() {
            let id = e as u32;
            let mut pos = decode::<V, K>(v, ctx, start, &self.nodes[id as usize].key);
            self.moves.clear();
            // The root is node 0; every other node's parent passed the test, and a node made
            // by a move that cannot change the test's answer has the parent's answer.
            let dead = if id == 0 {
                plan.dead_end::<V>(v, &pos)
            } else if self.nodes[id as usize].test {
                plan.dead_end_below::<V>(v, &pos)
            } else {
                debug_assert!(!plan.dead_end_below::<V>(v, &pos), "a skipped test holds");
                false
            };
            if !dead {
                plan.generate::<V>(v, &pos, &mut self.moves);
            }
            let end = plan.apply::<V>(v, &pos, &mut self.moves, 0);
            for i in 0..end {
                if self.nodes_made >= limits.cap {
                    return End::Stopped(Limit::Nodes);
                }
                let m = self.moves[i];
                let u = apply::<V>(v, &mut pos, m);
                self.nodes_made += 1;
                if pos.is_won::<V>(v) {
                    undo::<V>(&mut pos, m, u);
                    return End::Found(self.path(ctx, start, id));
                }
                let key = encode::<V, K>(v, ctx, &pos);
                match self.table.insert(&key) {
                    Insert::New => {
                        self.best_up = self.best_up.max(pos.on_found);
                        if self.nodes.len() >= self.max_nodes_stored {
                            return End::Stopped(Limit::Memory);
                        }
                        // The position turning alone reaches with an empty waste is won only
                        // if this one is (`key::turned_over_key`): count it as stored.
                        if let Some(k) = turned_over_key::<V, K>(v, ctx, &pos, &key)
                            && self.table.insert(&k) == Insert::Full
                        {
                            return End::Stopped(Limit::Memory);
                        }
                        let child = self.nodes.len() as u32;
                        let test = plan.asks_after::<V>(v, &pos, m, &u);
                        self.nodes.push(Node {
                            key,
                            parent: id,
                            test,
                        });
                        self.heap.push(entry(score::<V>(v, &pos), child));
                    }
                    Insert::Seen => {}
                    Insert::Full => return End::Stopped(Limit::Memory),
                }
                undo::<V>(&mut pos, m, u);
            }
            if self.nodes_made >= limits.max_nodes {
                return End::Stopped(Limit::Nodes);
            }
            if id & 255 == 0 {
                if cancel.load(Ordering::Relaxed) {
                    return End::Stopped(Limit::Cancelled);
                }
                if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                    return End::Stopped(Limit::Time);
                }
            }
        }
        End::Exhausted
    }

    /// The moves of the real deal from `start` through the stored positions up to node `last`,
    /// and then on to a win (one more move).
    fn path(&mut self, ctx: &KeyContext, start: &Position, last: u32) -> Vec<Move> {
        let v = self.v;
        let mut keys = Vec::new();
        let mut id = last;
        while id != 0 {
            let n = self.nodes[id as usize];
            keys.push(n.key);
            id = n.parent;
        }
        keys.reverse();
        let mut pos = start.clone();
        let mut path = Vec::with_capacity(keys.len() + 1);
        let mut moves = Vec::new();
        for key in keys {
            let m = self.child_move(&mut pos, &mut moves, |p| encode::<V, K>(v, ctx, p) == key);
            let m = m.expect("each stored position is a child of its parent");
            apply::<V>(v, &mut pos, m);
            path.push(m);
        }
        let m = self.child_move(&mut pos, &mut moves, |p| p.is_won::<V>(v));
        path.push(m.expect("the last stored position has a winning move"));
        path
    }

    /// The first generated move from `pos` whose child satisfies `hit` (`pos` is left as it was).
    fn child_move(
        &self,
        pos: &mut Position,
        moves: &mut Vec<Move>,
        hit: impl Fn(&Position) -> bool,
    ) -> Option<Move> {
        let v = self.v;
        moves.clear();
        self.prune.generate::<V>(v, pos, moves);
        moves.iter().copied().find(|&m| {
            let u = apply::<V>(v, pos, m);
            let found = hit(pos);
            undo::<V>(pos, m, u);
            found
        })
    }
}

/// How close a position looks to a win (higher is closer): cards on the foundations, less the
/// cards lying on the next two cards each foundation needs, face-down cards, and cards still to
/// come from the stock in front of a needed card.
///
/// Only the depths of those next two cards are read, so only theirs are recorded (`want`), and
/// the face-down cards are counted eight bytes at a time (a pile's bytes past its end are
/// zero). The same value as the card-by-card score it replaces (`tests::score_by_card`),
/// which a test compares it with.
pub fn score<V: Variant>(v: V, pos: &Position) -> i32 {
    let rules = v.rules();
    // The next two cards of each foundation: all four suits' when it is empty.
    let mut want = 0u64;
    for f in 0..rules.foundations() {
        let h = pos.found_height[f];
        for r in h + 1..=(h + 2).min(13) {
            want |= if h == 0 {
                0b1111 << (4 * (r as u32 - 1))
            } else {
                1 << Card::new(r, pos.found_suit[f]).index()
            };
        }
    }
    // Cards above each wanted card's copies (the least over copies), 255 = not on the table.
    let mut above = [255u8; 52];
    let mut s = 100 * pos.on_found as i32;
    let mut down = 0u64;
    for p in &pos.piles[..rules.piles()] {
        let n = p.len as usize;
        if n == 0 {
            s += 20;
            continue;
        }
        for word in p.cards[..n.div_ceil(8) * 8].chunks_exact(8) {
            let w = u64::from_le_bytes(word.try_into().expect("8 bytes"));
            // One bit per face-down card at the bottom of its byte, then the bytes summed.
            down += ((w & 0x8080_8080_8080_8080) >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56;
        }
        for i in 0..n {
            // A card index is below 64: `& 63` takes the `DOWN` bit off.
            let c = (p.cards[i] & 63) as usize;
            if want >> c & 1 != 0 {
                let d = (n - 1 - i) as u8;
                if d < above[c] {
                    above[c] = d;
                }
            }
        }
    }
    s -= 30 * down as i32;
    s + stock_and_foundations::<V>(v, pos, above, want)
}

/// The rest of [`score`]: with `above` (the tableau's depths of the cards of `want` at least),
/// the reserve, waste and stock cards' depths, and the penalty of the cards lying on the
/// foundations' next two cards (all of them in `want`).
fn stock_and_foundations<V: Variant>(v: V, pos: &Position, mut above: [u8; 52], want: u64) -> i32 {
    for &r in &pos.reserve[..v.rules().reserve as usize] {
        if r != NONE {
            above[r as usize] = 0;
        }
    }
    for i in 0..pos.waste_len as usize {
        let c = pos.waste_card(i).index() as usize;
        let d = (pos.waste_len as usize - 1 - i) as u8;
        if want >> c & 1 != 0 && d < above[c] {
            above[c] = d;
        }
    }
    for i in 0..pos.stock_len as usize {
        // A stock card is reached after the cards above it are turned.
        let c = pos.stock_card(i).index() as usize;
        let d = ((pos.stock_len as usize - i) / 2) as u8;
        if want >> c & 1 != 0 && d < above[c] {
            above[c] = d;
        }
    }
    let mut s = 0;
    for f in 0..v.rules().foundations() {
        let h = pos.found_height[f];
        let suit = pos.found_suit[f];
        for (k, w) in [(1u8, 12), (2, 4)] {
            let r = h + k;
            if r > 13 {
                break;
            }
            let suits: &[u8] = if h == 0 { &[0, 1, 2, 3] } else { &[suit] };
            for &st in suits {
                let d = above[Card::new(r, st).index() as usize];
                if d != 255 {
                    s -= w * d as i32 / if h == 0 { 4 } else { 1 };
                }
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::GameFn;
    use crate::game::{Undo, generate};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A frontier entry orders as its pair (score, node) does, across signs and extremes.
    #[test]
    fn entries_order_as_their_pairs() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut pick = || -> (i32, u32) {
            let score = match rng.random_range(0..4) {
                0 => [i32::MIN, -1, 0, 1, i32::MAX][rng.random_range(0..5)],
                _ => rng.random_range(-20_000..20_000),
            };
            let id = match rng.random_range(0..3) {
                0 => [0, 1, u32::MAX][rng.random_range(0..3)],
                _ => rng.random_range(0..1000),
            };
            (score, id)
        };
        for _ in 0..100_000 {
            let (a, b) = (pick(), pick());
            assert_eq!(
                entry(a.0, a.1).cmp(&entry(b.0, b.1)),
                a.cmp(&b),
                "{a:?} {b:?}"
            );
            assert_eq!(entry(a.0, a.1) as u32, a.1);
        }
    }

    /// [`score`] card by card, as first written: the depth of every card, then those of the
    /// cards the foundations need next.
    fn score_by_card<V: Variant>(v: V, pos: &Position) -> i32 {
        let mut above = [255u8; 52];
        let mut s = 100 * pos.on_found as i32;
        for p in &pos.piles[..v.rules().piles()] {
            let n = p.len as usize;
            for i in 0..n {
                let c = (p.cards[i] & 0x7f) as usize;
                let d = (n - 1 - i) as u8;
                if d < above[c] {
                    above[c] = d;
                }
                if p.is_down(i) {
                    s -= 30;
                }
            }
            if n == 0 {
                s += 20;
            }
        }
        s + stock_and_foundations::<V>(v, pos, above, u64::MAX)
    }

    /// `score` and `score_by_card` agree at every position of random walks (moves made and
    /// taken back at random) from the first deals of a game; returns how many positions had
    /// face-down cards, and how many had some foundation started.
    struct Agree;
    impl GameFn<(usize, usize)> for Agree {
        fn call<V: Variant>(self, v: V) -> (usize, usize) {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let (mut down, mut started) = (0, 0);
            for seed in 0..12 {
                let deal = crate::deal::deal(v.rules(), seed);
                let mut pos = Position::from_deal::<V>(v, &deal).expect("a deal");
                let mut path: Vec<(Move, Undo)> = Vec::new();
                let mut moves = Vec::new();
                for _ in 0..400 {
                    assert_eq!(
                        score::<V>(v, &pos),
                        score_by_card::<V>(v, &pos),
                        "{} seed {seed}",
                        v.rules().id
                    );
                    let piles = &pos.piles[..v.rules().piles()];
                    down += piles
                        .iter()
                        .any(|p| (0..p.len as usize).any(|i| p.is_down(i)))
                        as usize;
                    started += (pos.on_found > 0) as usize;
                    moves.clear();
                    generate::<V>(v, &pos, &mut moves);
                    if moves.is_empty() || !path.is_empty() && rng.random_bool(0.2) {
                        let Some((m, u)) = path.pop() else { break };
                        undo::<V>(&mut pos, m, u);
                    } else {
                        // Moves up first half the time, so that the foundations grow.
                        let up: Vec<Move> = moves
                            .iter()
                            .copied()
                            .filter(|m| matches!(m.to, crate::game::Place::Foundation(_)))
                            .collect();
                        let from = if !up.is_empty() && rng.random_bool(0.5) {
                            &up
                        } else {
                            &moves
                        };
                        let m = from[rng.random_range(0..from.len())];
                        let u = apply::<V>(v, &mut pos, m);
                        path.push((m, u));
                    }
                }
            }
            (down, started)
        }
    }

    #[test]
    fn score_agrees_with_the_card_by_card_score_in_every_game() {
        for rules in crate::games::builtin::ALL {
            let (down, started) = crate::games::builtin::call_builtin(rules, Agree)
                .unwrap_or_else(|_| unreachable!());
            assert!(started > 100, "{}: foundations started {started}", rules.id);
            if rules.id.starts_with("klondike") || rules.id == "stonewall" {
                assert!(down > 100, "{}: face-down cards {down}", rules.id);
            }
        }
    }
}
