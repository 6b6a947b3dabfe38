//! Shortening a found solution. A depth-first search's win can wander (tens of thousands of
//! moves on a two-deck game); most of that is detours: stretches of the path that end in a
//! position reachable from their start in a few moves. [`shorten`] cuts them in sweeps along
//! the path:
//!
//! 1. **Cycles.** A position reached twice on the path: everything between is cut (the walk
//!    jumps to the last step at which it is reached). A first sweep does this alone, so that a
//!    win with cycles put in comes back no longer than it was without them.
//! 2. **Shortcuts.** From each position of the path, a bounded search (iterative deepening to
//!    [`SEARCH_DEPTH`] moves, at most [`SEARCH_NODES`] nodes, positions met twice entered once)
//!    looks for a later position of the same path; the one that saves the most moves (steps
//!    skipped less the shortcut's own length) replaces the stretch between, and the walk goes
//!    on from there. The first sweep looks one move ahead only (cheap, and it cuts most of a
//!    wandering win); later sweeps, for a solution still longer than [`SHORT_PER_CARD`] moves a
//!    card, search deeper, each on the previous sweep's result, until one gains nothing,
//!    [`PASSES`] sweeps have run or the budget is spent.
//!
//! **Cost.** Every move made in a search (a node) counts against one budget of
//! [`NODES_PER_MOVE`] nodes per move of the solution as the one-move sweep leaves it, so the
//! whole shortening makes at most that many times the solution's length in moves, plus the
//! one-move sweep's (the moves of each position on the path once) and the bookkeeping of each
//! sweep (one replay of the path, one fingerprint per position). A sweep spreads what is left of the budget evenly over the
//! positions it still has to visit, saved up until it pays for a search of [`SEARCH_FROM`]
//! nodes.
//!
//! **Guarantee.** The result is never longer than the solution given, and every move of it is
//! made by the move generator from the position it is made in; it is not the shortest win (the
//! searches are local). Positions on the path are compared by a fingerprint of the actual
//! layout (piles in their own order, not the search's renaming-blind key), so a shortcut lands
//! on the very position the rest of the solution continues from. A fingerprint collision could
//! only make the result fail its replay; `Solver::solve` then keeps the unshortened solution,
//! which is replayed too.

use crate::game::position::Position;
use crate::game::{Move, Stock, Variant, apply, generate, undo};
use crate::hash::{WordBuild, WordHasher};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::Hasher;

/// The most nodes (moves made) one local search may make.
pub const SEARCH_NODES: usize = 4_096;
/// The fewest nodes a local search is given: the budget is saved up from position to position
/// until it pays for one this large.
pub const SEARCH_FROM: usize = 256;
/// The most moves a shortcut found by a local search may have.
pub const SEARCH_DEPTH: usize = 6;
/// The budget of all the local searches of one shortening: this many nodes per move of the
/// solution as the one-move sweep leaves it (not of the raw win, which can be far longer).
pub const NODES_PER_MOVE: usize = 64;
/// A solution of at most this many moves a card after the first sweep is left as that sweep
/// gives it (short already, and the searches would cost more than the solve at the median).
pub const SHORT_PER_CARD: usize = 4;
/// The most sweeps along the path (the first one looking one move ahead).
pub const PASSES: usize = 6;

type Map<T> = HashMap<u64, T, WordBuild>;

/// A fingerprint of everything on the table as it lies (pile order included).
fn fingerprint<V: Variant>(v: V, pos: &Position) -> u64 {
    let rules = v.rules();
    let mut h = WordHasher::default();
    for p in &pos.piles[..rules.piles()] {
        h.write(p.as_slice());
        h.write_u8(0xFE);
    }
    h.write(&pos.reserve[..rules.reserve as usize]);
    h.write(&pos.found_suit[..rules.foundations()]);
    h.write(&pos.found_height[..rules.foundations()]);
    h.write_u8(pos.stock_len);
    h.write_u8(pos.waste_len);
    h.write_u128(pos.talon_out);
    if matches!(
        rules.stock,
        Stock::Waste {
            passes: Some(_),
            ..
        }
    ) {
        h.write_u8(pos.redeals);
    }
    h.finish()
}

/// `moves` (real moves, winning from `start`) with its cycles and detours cut out ([the
/// module](self)); never longer.
pub fn shorten<V: Variant>(v: V, start: &Position, moves: &[Move]) -> Vec<Move> {
    let cycles = sweep::<V>(v, start, moves, 0, &mut 0);
    let mut best = sweep::<V>(v, start, &cycles, 1, &mut 0);
    if best.len() <= SHORT_PER_CARD * v.rules().cards() {
        return best;
    }
    let mut budget = NODES_PER_MOVE.saturating_mul(best.len());
    for pass in 1..PASSES {
        if budget == 0 {
            break;
        }
        // Every sweep but the last may spend half of what is left.
        let mut share = if pass + 1 < PASSES {
            budget.div_ceil(2)
        } else {
            budget
        };
        let before = share;
        let next = sweep::<V>(v, start, &best, SEARCH_DEPTH, &mut share);
        budget -= before - share;
        if next.len() >= best.len() {
            break;
        }
        best = next;
    }
    best
}

/// One sweep along `moves` with local searches to `depth` moves, spending at most `budget`
/// nodes beyond the first level (taken off it); `depth` 1 looks one move ahead at no cost
/// to the budget, `depth` 0 cuts cycles alone.
fn sweep<V: Variant>(
    v: V,
    start: &Position,
    moves: &[Move],
    depth: usize,
    budget: &mut usize,
) -> Vec<Move> {
    // The last step at which each position of the path is reached.
    let mut last: Map<usize> =
        HashMap::with_capacity_and_hasher(moves.len() + 1, WordBuild::default());
    let mut pos = start.clone();
    last.insert(fingerprint::<V>(v, &pos), 0);
    for (i, &m) in moves.iter().enumerate() {
        apply::<V>(v, &mut pos, m);
        last.insert(fingerprint::<V>(v, &pos), i + 1);
    }
    let mut search = Search {
        last: &last,
        seen: HashMap::with_hasher(WordBuild::default()),
        stack: Vec::new(),
        kids: Vec::new(),
        nodes: 0,
        cap: 0,
        from: 0,
        gain: 0,
        to: 0,
        found: Vec::new(),
    };
    let mut out = Vec::with_capacity(moves.len());
    let mut pos = start.clone();
    let mut i = 0;
    let mut credit = 0;
    while i < moves.len() {
        if let Some(&j) = last.get(&fingerprint::<V>(v, &pos))
            && j > i
        {
            i = j;
            continue;
        }
        search.from = i;
        search.gain = 0;
        search.nodes = 0;
        if depth == 1 {
            search.cap = usize::MAX;
            search.deepen::<V>(v, &mut pos, 1);
        } else if depth > 1 {
            // What is left, spread over the positions left to visit, saved up until it pays
            // for a search of SEARCH_FROM nodes.
            credit += *budget / (moves.len() - i);
            if credit >= SEARCH_FROM.min(*budget) && credit > 0 {
                search.cap = credit.min(SEARCH_NODES);
                search.deepen::<V>(v, &mut pos, depth);
                *budget = budget.saturating_sub(search.nodes);
                credit = credit.saturating_sub(search.nodes);
            }
        }
        if search.gain > 0 {
            for &m in &search.found {
                apply::<V>(v, &mut pos, m);
                out.push(m);
            }
            i = search.to;
        } else {
            apply::<V>(v, &mut pos, moves[i]);
            out.push(moves[i]);
            i += 1;
        }
    }
    out
}

/// A local search from one position of the path for a later one.
struct Search<'a> {
    /// The last step at which each position of the path is reached.
    last: &'a Map<usize>,
    /// The fewest moves at which each position was met in this iteration.
    seen: Map<u8>,
    /// The moves from the search's root to the current node.
    stack: Vec<Move>,
    /// The children of each level (kept for their memory).
    kids: Vec<Vec<Move>>,
    nodes: usize,
    /// The most nodes this search may make beyond the first level (which it always makes).
    cap: usize,
    /// The root's step on the path.
    from: usize,
    /// The best shortcut so far: the steps it saves, the step it lands on, its moves.
    gain: usize,
    to: usize,
    found: Vec<Move>,
}

impl Search<'_> {
    /// Iterative deepening from `pos` (left as it was) to at most `depth` moves.
    fn deepen<V: Variant>(&mut self, v: V, pos: &mut Position, depth: usize) {
        if self.kids.len() < depth {
            self.kids.resize_with(depth, Vec::new);
        }
        for limit in 1..=depth {
            self.seen.clear();
            self.stack.clear();
            let complete = self.expand::<V>(v, pos, limit);
            if complete || self.nodes >= self.cap {
                break;
            }
        }
    }

    /// The children of the node `pos` at `self.stack.len()` moves from the root, and theirs to
    /// `limit` moves; false when the search reached `limit` somewhere (a deeper iteration could
    /// find more) or was cut by its cap.
    fn expand<V: Variant>(&mut self, v: V, pos: &mut Position, limit: usize) -> bool {
        let d = self.stack.len() + 1;
        let mut kids = std::mem::take(&mut self.kids[d - 1]);
        kids.clear();
        generate::<V>(v, pos, &mut kids);
        let mut complete = true;
        for &m in &kids {
            if d > 1 && self.nodes >= self.cap {
                complete = false;
                break;
            }
            self.nodes += 1;
            let u = apply::<V>(v, pos, m);
            let f = fingerprint::<V>(v, pos);
            let fresh = match self.seen.entry(f) {
                Entry::Occupied(mut e) if *e.get() as usize > d => {
                    e.insert(d as u8);
                    true
                }
                Entry::Occupied(_) => false,
                Entry::Vacant(e) => {
                    e.insert(d as u8);
                    true
                }
            };
            if fresh {
                self.stack.push(m);
                if let Some(&j) = self.last.get(&f)
                    && j > self.from + d
                    && j - self.from - d > self.gain
                {
                    self.gain = j - self.from - d;
                    self.to = j;
                    self.found.clone_from(&self.stack);
                }
                if d < limit {
                    complete &= self.expand::<V>(v, pos, limit);
                } else {
                    complete = false;
                }
                self.stack.pop();
            }
            undo::<V>(pos, m, u);
        }
        self.kids[d - 1] = kids;
        complete
    }
}
