//! Shortening a found solution. A depth-first search's win can wander (tens of thousands of
//! moves on a two-deck game); most of that is detours that come back to a position seen later
//! on the same path. [`shorten`] walks the solution and, from each position, takes the move
//! that lands furthest ahead on the path (a shortcut), or the solution's own next move.
//!
//! Positions on the path are compared by a fingerprint of the actual layout (piles in their
//! own order, not the search's renaming-blind key), so a shortcut lands on the very position
//! the rest of the solution continues from. A fingerprint collision could only make the result
//! fail its replay; `Solver::solve` then keeps the unshortened solution, which is replayed too.

use crate::game::position::Position;
use crate::game::{Move, Stock, Variant, apply, generate, undo};
use crate::hash::{WordBuild, WordHasher};
use std::collections::HashMap;
use std::hash::Hasher;

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

/// `moves` (real moves, winning from `start`) with its detours cut out; never longer.
pub fn shorten<V: Variant>(v: V, start: &Position, moves: &[Move]) -> Vec<Move> {
    // The last step at which each position of the path is reached.
    let mut last: HashMap<u64, usize, WordBuild> =
        HashMap::with_capacity_and_hasher(moves.len() + 1, WordBuild::default());
    let mut pos = start.clone();
    last.insert(fingerprint::<V>(v, &pos), 0);
    for (i, &m) in moves.iter().enumerate() {
        apply::<V>(v, &mut pos, m);
        last.insert(fingerprint::<V>(v, &pos), i + 1);
    }
    let mut out = Vec::new();
    let mut children = Vec::new();
    let mut pos = start.clone();
    let mut i = 0;
    while i < moves.len() {
        if let Some(&j) = last.get(&fingerprint::<V>(v, &pos))
            && j > i
        {
            i = j;
            continue;
        }
        let mut next = (i + 1, moves[i]);
        children.clear();
        generate::<V>(v, &pos, &mut children);
        for &m in &children {
            let u = apply::<V>(v, &mut pos, m);
            if let Some(&j) = last.get(&fingerprint::<V>(v, &pos))
                && j > next.0
            {
                next = (j, m);
            }
            undo::<V>(&mut pos, m, u);
        }
        apply::<V>(v, &mut pos, next.1);
        out.push(next.1);
        i = next.0;
    }
    out
}
