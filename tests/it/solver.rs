//! The solver: its exact state key, its verdicts against Solvitaire's on the reference deals,
//! pinned verdicts of seeded deals, hand-made positions with known answers, and a cross-check of
//! the proved pruning against the unpruned search.
//!
//! Every `solved` seen here is replayed with `solve::replay` (the direct rules check, not the
//! move generator) and must end with every card on the foundations.

use crate::common;
use crate::helpers::{
    TABLE_BYTES, Table, assert_shortened_wins, gen_moves, key_fits, key_words, letter, node_limits,
    pinned, random_walk, reference_deals, solve_checked, solver, solver_in, start_of, used_bits,
};
use patience::games::{
    FlowerGarden, FortyThieves, Klondike, KlondikeDraw3, LuckierThirteen, LuckyPiles,
    LuckyPilesSameSuit, LuckyThirteen, NapoleonsShoulder, NapoleonsSquare, Stonewall, Wildflower,
};
use patience::internal::cards::{Card, CardToken};
use patience::internal::game::position::{MAX_TALON, NONE, fields_mut};
use patience::internal::game::{Place, generate_with};
use patience::internal::solve::blocked::blocked;
use patience::internal::solve::key::{KeyContext, bits_for, decode, encode, turned_over_key};
use patience::internal::solve::prune::stuck_kings;
use patience::internal::solve::{End, Limits, Mode, Searcher, Visit, Win, with_built_tops};
use patience::io::dealfile::read_deal;
use patience::{Deal, deal};
use patience::{Move, Position, Stock, Variant, apply, generate};
use patience::{Options, Prune, Solver, Verdict, replay};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;

// ---------------------------------------------------------------------------------------------
// 1. The exact state key.
// ---------------------------------------------------------------------------------------------

/// A position as the key sees it, with nothing from past the end of any list: piles in pile
/// order (prefix length, then bytes with the face-down flag), reserve slots, foundations as
/// (suit, height) per slot, talon indices of the stock and waste, redeals (where passes are
/// limited).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Norm {
    piles: Vec<(u8, Vec<u8>)>,
    reserve: Vec<u8>,
    found: Vec<(u8, u8)>,
    on_found: usize,
    stock: Vec<u8>,
    waste: Vec<u8>,
    redeals: u8,
}

/// `pos` as it lies, slot for slot.
fn as_is<V: Variant>(v: V, pos: &Position) -> Norm {
    let r = v.rules();
    Norm {
        piles: (0..r.piles())
            .map(|p| (pos.piles()[p].fixed, pos.piles()[p].as_slice().to_vec()))
            .collect(),
        reserve: pos.reserve()[..r.reserve as usize].to_vec(),
        found: (0..r.foundations())
            .map(|f| (pos.found_suit(f), pos.found_height(f)))
            .collect(),
        on_found: pos.on_found(),
        stock: pos.stock().to_vec(),
        waste: pos.waste().to_vec(),
        // With unlimited passes the count of redeals plays no part (and is not in the key).
        redeals: match r.stock {
            patience::Stock::Waste { passes: None, .. } => 0,
            _ => pos.redeals(),
        },
    }
}

/// `pos` with the numbering the key ignores put in a canonical order: the piles without an
/// undisturbed prefix (`fixed == 0`, interchangeable) sorted by their bytes into the places of
/// such piles, in pile order; foundations with one deck in slot = suit, with two decks two slots
/// per suit (slot 2s, 2s+1), the higher one first. An empty foundation is (NONE, 0).
fn normalize<V: Variant>(v: V, pos: &Position) -> Norm {
    let mut n = as_is::<V>(v, pos);
    let slots: Vec<usize> = (0..n.piles.len()).filter(|&p| n.piles[p].0 == 0).collect();
    let mut free: Vec<(u8, Vec<u8>)> = slots.iter().map(|&p| n.piles[p].clone()).collect();
    free.sort();
    for (&p, pile) in slots.iter().zip(free) {
        n.piles[p] = pile;
    }
    let per_suit = v.rules().decks as usize;
    let mut heights = vec![Vec::new(); 4];
    for &(suit, h) in &n.found {
        if h > 0 {
            heights[suit as usize].push(h);
        }
    }
    let mut found = Vec::new();
    for (s, hs) in heights.iter_mut().enumerate() {
        assert!(hs.len() <= per_suit, "{} foundations of suit {s}", hs.len());
        hs.sort_by(|a, b| b.cmp(a));
        hs.resize(per_suit, 0);
        for &h in hs.iter() {
            found.push(if h > 0 { (s as u8, h) } else { (NONE, 0) });
        }
    }
    n.found = found;
    n
}

/// Checks the key at positions reached from one start.
///
/// At every position p: no bit at or above `max_bits` is set; `encode(decode(encode(p))) ==
/// encode(p)`; `decode(encode(p))` is p up to the numbering the key ignores, and already in the
/// canonical order that `decode` promises. Across all positions from the start (a key means
/// something only relative to its start position, so the maps are per start): one key never
/// stands for two different normalised positions (exactness: a merge would make the
/// transposition table wrong), and one normalised position always gets the same key (canonical).
struct KeyCheck<'a, V: Variant> {
    v: V,
    what: String,
    start: &'a Position,
    ctx: KeyContext,
    max_bits: u32,
    by_key: HashMap<V::Key, Norm>,
    by_pos: HashMap<Norm, V::Key>,
    /// Positions checked, and how many of them had a key seen before.
    checked: usize,
    again: usize,
    /// Coverage: positions with a non-empty prefix-less pile, with two or more of them, with an
    /// empty pile, with 13 or more cards on the foundations, with an emptied reserve slot, with
    /// a card in the waste.
    cov: [usize; 6],
    /// Whether a position whose key was met before counts in `cov` again (random walks: yes;
    /// a search: no, see [`key_along_search`]).
    count_again: bool,
}

impl<'a, V: Variant> KeyCheck<'a, V> {
    fn new(v: V, what: String, start: &'a Position) -> Self {
        KeyCheck {
            v,
            what,
            start,
            ctx: KeyContext::new::<V>(v, start),
            max_bits: KeyContext::max_bits::<V>(v, start),
            by_key: HashMap::new(),
            by_pos: HashMap::new(),
            checked: 0,
            again: 0,
            cov: [0; 6],
            count_again: true,
        }
    }

    fn check(&mut self, pos: &Position) {
        let v = self.v;
        let (id, what) = (v.rules().id, &self.what);
        let k: V::Key = encode::<V, V::Key>(v, &self.ctx, pos);
        assert!(
            used_bits(k.as_ref()) <= self.max_bits,
            "{id} {what}: the key uses {} bits, max_bits says {}",
            used_bits(k.as_ref()),
            self.max_bits
        );
        let back = decode::<V, V::Key>(v, &self.ctx, self.start, &k);
        let k2: V::Key = encode::<V, V::Key>(v, &self.ctx, &back);
        let norm = normalize::<V>(v, pos);
        assert_eq!(
            as_is::<V>(v, &back),
            norm,
            "{id} {what}: decode(encode(p)) is not p up to renaming (left: decoded, right: p \
             normalised)"
        );
        assert_eq!(k2, k, "{id} {what}: encode(decode(key)) != key at {norm:?}");
        let met_before = match self.by_key.entry(k) {
            Entry::Occupied(e) => {
                assert_eq!(
                    e.get(),
                    &norm,
                    "{id} {what}: one key for two different positions"
                );
                self.again += 1;
                true
            }
            Entry::Vacant(e) => {
                e.insert(norm.clone());
                false
            }
        };
        let k_prev = *self.by_pos.entry(norm).or_insert(k);
        assert_eq!(
            k_prev, k,
            "{id} {what}: one position with two different keys"
        );
        self.checked += 1;
        if met_before && !self.count_again {
            return;
        }
        let r = v.rules();
        let free = (0..r.piles())
            .filter(|&p| pos.piles()[p].fixed == 0 && pos.piles()[p].len > 0)
            .count();
        let flags = [
            free >= 1,
            free >= 2,
            (0..r.piles()).any(|p| pos.piles()[p].len == 0),
            pos.on_found() >= 13,
            pos.reserve()[..r.reserve as usize].contains(&NONE),
            pos.waste_len() > 0,
        ];
        for (c, f) in self.cov.iter_mut().zip(flags) {
            *c += f as usize;
        }
    }
}

/// The solver's search can drive the key check: every position it reaches is a goal
/// candidate (and, with debug assertions, every one it finds in its table again), and none is
/// accepted.
impl<V: Variant> Visit for KeyCheck<'_, V> {
    fn goal(&mut self, pos: &Position) -> bool {
        self.check(pos);
        false
    }
}

/// Sums and prints the counts of several checks; returns the coverage counts.
fn report<V: Variant>(v: V, how: &str, checks: &[KeyCheck<V>]) -> [usize; 6] {
    let checked: usize = checks.iter().map(|c| c.checked).sum();
    let again: usize = checks.iter().map(|c| c.again).sum();
    let mut cov = [0usize; 6];
    for c in checks {
        for (a, b) in cov.iter_mut().zip(c.cov) {
            *a += b;
        }
    }
    eprintln!(
        "{} key, {how}: {checked} positions ({again} keys met again); with a built pile \
         without prefix {}, with two or more {}, with an empty pile {}, with 13+ cards up {}, \
         with an emptied reserve slot {}, with a waste {}",
        v.rules().id,
        cov[0],
        cov[1],
        cov[2],
        cov[3],
        cov[4],
        cov[5]
    );
    cov
}

/// Key checks along random walks: `seeds` deals, `walks` walks of `steps` steps from each.
fn key_along_walks<V: Variant>(v: V, seeds: u64, walks: u64, steps: usize) -> [usize; 6] {
    let starts: Vec<Position> = (0..seeds).map(|s| start_of::<V>(v, s)).collect();
    let mut checks = Vec::new();
    for (seed, start) in starts.iter().enumerate() {
        let mut c = KeyCheck::<V>::new(v, format!("seed {seed}, random walks"), start);
        for walk in 0..walks {
            let mut rng = ChaCha8Rng::seed_from_u64((seed as u64) << 8 | walk);
            random_walk::<V>(v, start, &mut rng, steps, |pos| c.check(pos));
        }
        checks.push(c);
    }
    report(
        v,
        &format!("{seeds} deals x {walks} random walks of {steps} steps"),
        &checks,
    )
}

/// Key checks on every position the unpruned search reaches from `seeds` deals in `nodes` nodes.
fn key_along_search<V: Variant>(v: V, seeds: std::ops::Range<u64>, nodes: u64) -> [usize; 6] {
    let starts: Vec<Position> = seeds.clone().map(|s| start_of::<V>(v, s)).collect();
    let mut searcher = Searcher::<V, V::Key>::new(v, TABLE_BYTES, Prune::NONE);
    let limits = node_limits(nodes);
    let mut checks = Vec::new();
    for (seed, start) in seeds.zip(&starts) {
        let mut c = KeyCheck::<V>::new(v, format!("seed {seed}, search"), start);
        // With debug assertions the search also shows the check the positions it finds in its
        // table again (a `debug_assert!` of `search.rs` calls `goal` on them), so only the
        // keys met for the first time count: the coverage is then the same in every profile.
        c.count_again = false;
        searcher.traverse(start, &mut c, Mode::PLAIN, &limits, &AtomicBool::new(false));
        checks.push(c);
    }
    report(
        v,
        &format!("search of {nodes} nodes from {} deals", starts.len()),
        &checks,
    )
}

/// Walks and search together must reach what the key encodes specially: `need` gives the least
/// count of each coverage item (see [`KeyCheck::cov`]).
fn key_round_trip<V: Variant>(v: V, search_deals: u64, need: [usize; 6]) {
    let walks = key_along_walks::<V>(v, 50, 2, 200);
    let search = key_along_search::<V>(v, 0..search_deals, 20_000);
    for i in 0..6 {
        assert!(
            walks[i] + search[i] >= need[i],
            "{}: coverage {walks:?} + {search:?}, need {need:?}",
            v.rules().id
        );
    }
}

// (Most Stonewall deals have small reachable spaces, so the random walks there keep meeting the
// same positions; the search reaches the rest.)
#[test]
fn key_round_trip_and_exactness_stonewall() {
    key_round_trip::<Stonewall>(Stonewall, 30, [5000, 5000, 5000, 5000, 50_000, 0]);
}

#[test]
fn key_round_trip_and_exactness_lucky_piles() {
    key_round_trip::<LuckyPiles>(LuckyPiles, 3, [20_000, 10_000, 20_000, 10_000, 0, 0]);
}

#[test]
fn key_round_trip_and_exactness_napoleons_shoulder() {
    key_round_trip::<NapoleonsShoulder>(
        NapoleonsShoulder,
        4,
        [20_000, 20_000, 20_000, 10_000, 0, 20_000],
    );
}

/// A start in mid-game (the hidden-play planner solves from such positions): positions reached
/// by random walks from seeds `0..seeds` become starts. Each needs no more key bits than its
/// deal (so the solver never refuses it when it took the deal), and the key round-trips from it
/// (random walks of 100 steps from each). Returns how many of those starts had a pile taller
/// than every pile of the deal, in bits: there the old bound (from the whole pile, not its
/// prefix) was larger than the deal's.
fn key_from_mid_game_starts<V: Variant>(v: V, seeds: u64) -> usize {
    let id = v.rules().id;
    let mut grown = 0;
    for seed in 0..seeds {
        let deal = start_of::<V>(v, seed);
        let deal_bits = KeyContext::max_bits::<V>(v, &deal);
        let tallest_dealt = (0..v.rules().piles())
            .map(|p| deal.piles()[p].len)
            .max()
            .unwrap();
        let mut mids = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut step = 0;
        random_walk::<V>(v, &deal, &mut rng, 200, |pos| {
            step += 1;
            if step % 25 == 0 {
                mids.push(pos.clone());
            }
        });
        for (i, mid) in mids.iter().enumerate() {
            let need = KeyContext::max_bits::<V>(v, mid);
            assert!(
                need <= deal_bits,
                "{id} seed {seed}, start {i}: needs {need} bits, its deal {deal_bits}"
            );
            let tallest = (0..v.rules().piles())
                .map(|p| mid.piles()[p].len)
                .max()
                .unwrap();
            grown += (bits_for(tallest as usize) > bits_for(tallest_dealt as usize)) as usize;
            let mut c = KeyCheck::<V>::new(v, format!("seed {seed}, mid-game start {i}"), mid);
            let mut walk = ChaCha8Rng::seed_from_u64(seed << 8 | i as u64);
            random_walk::<V>(v, mid, &mut walk, 100, |pos| c.check(pos));
        }
    }
    grown
}

#[test]
fn key_from_mid_game_starts_fits_and_round_trips() {
    // Each game must meet starts whose piles outgrew the deal's, or the test shows nothing.
    let grown = [
        (
            "stonewall",
            key_from_mid_game_starts::<Stonewall>(Stonewall, 30),
        ),
        (
            "lucky-piles",
            key_from_mid_game_starts::<LuckyPiles>(LuckyPiles, 30),
        ),
        (
            "napoleons-shoulder",
            key_from_mid_game_starts::<NapoleonsShoulder>(NapoleonsShoulder, 30),
        ),
        (
            "klondike-draw3",
            key_from_mid_game_starts::<KlondikeDraw3>(KlondikeDraw3, 30),
        ),
        (
            "flower-garden",
            key_from_mid_game_starts::<FlowerGarden>(FlowerGarden, 30),
        ),
    ];
    eprintln!("mid-game starts with a pile grown past the deal's bits: {grown:?}");
    for (id, n) in grown {
        assert!(n >= 5, "{id}: only {n} grown starts");
    }
}

#[test]
fn with_built_tops_cuts_each_prefix_below_its_top_build_sequence() {
    let mut pos = Table {
        piles: &[
            "3c 9d 5H 4S 3D",
            "KS QH JC",
            "9H 5S 4H",
            "7C",
            "8c 2H",
            "10D 8D 6C",
        ],
        ..Table::default()
    }
    .pos::<Klondike>(Klondike);
    // The last pile as in play: 6C built on 8D, which it does not fit (it came from a space).
    fields_mut(&mut pos).piles[5].fixed = 2;
    let cut = with_built_tops::<Klondike>(Klondike, &pos);
    let fixed: Vec<u8> = (0..6).map(|p| cut.piles()[p].fixed).collect();
    // 5H stays the prefix top above a face-down card; a whole run loses its prefix; the run
    // stops at a card it does not fit; a lone card above a face-down one stays; and a built
    // part grows only onto a card its bottom fits.
    assert_eq!(fixed, [3, 0, 1, 0, 2, 2]);
    assert_eq!(
        cut.piles()[..6],
        {
            let mut same = pos.piles().clone();
            for (p, f) in same.iter_mut().zip(&fixed) {
                p.fixed = *f;
            }
            same
        }[..6]
    );
    // Nothing else changes, and the key round-trips from the cut start.
    let mut c = KeyCheck::<Klondike>::new(Klondike, "cut start".into(), &cut);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    random_walk::<Klondike>(Klondike, &cut, &mut rng, 200, |p| c.check(p));
}

/// A position from the middle of a game, written to a deal file and read back, counts its whole
/// piles as prefixes, and its piles may have grown by building far above the deal's. In
/// Napoleon's Square and in Lucky Piles (same suit) such a file can need more bits than the key
/// has (a walk that builds on the tallest pile finds one). The solver cuts the prefixes below
/// the built tops and solves it with the verdict of the position in play; before, it refused it.
fn mid_game_file_outgrowing_the_key<V: Variant>(v: V) {
    let have = 64 * key_words::<V>();
    // Walks that build on the tallest pile whenever they can.
    let mut found = None;
    'seeds: for seed in 0..20 {
        let mut pos = start_of::<V>(v, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for step in 0..300 {
            let moves = gen_moves::<V>(v, &pos);
            let tallest = (0..v.rules().piles())
                .max_by_key(|&p| pos.piles()[p].len)
                .unwrap() as u8;
            let onto: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.to == Place::Tableau(tallest))
                .collect();
            let Some(&m) = onto
                .first()
                .or(moves.get(rng.random_range(0..moves.len().max(1))))
            else {
                break;
            };
            apply::<V>(v, &mut pos, m);
            let file = Position::from_deal::<V>(v, &pos.to_deal::<V>(v)).unwrap();
            if KeyContext::max_bits::<V>(v, &file) > have {
                found = Some((seed, step, file, pos.clone()));
                break 'seeds;
            }
        }
    }
    let (seed, i, file, in_play) = found.expect("a mid-game position too large as a file");
    let what = format!("seed {seed} after {} moves", i + 1);
    assert!(KeyContext::max_bits::<V>(v, &in_play) <= have, "{what}");
    assert!(
        KeyContext::max_bits::<V>(v, &with_built_tops::<V>(v, &file)) <= have,
        "{what}"
    );
    // The file and the position in play are the same game: the same verdict, from a search
    // that decides it.
    let mut s = solver::<V>(v, 2_000_000, Prune::default());
    let from_file = letter(&solve_checked(&mut s, &file, &what).verdict);
    let in_play = letter(&solve_checked(&mut s, &in_play, &what).verdict);
    assert_ne!(from_file, '?', "{what}");
    assert_eq!(from_file, in_play, "{what}");
}

#[test]
fn a_mid_game_position_read_from_a_file_is_solved_when_its_piles_outgrew_the_key() {
    mid_game_file_outgrowing_the_key::<NapoleonsSquare>(NapoleonsSquare);
    mid_game_file_outgrowing_the_key::<LuckyPilesSameSuit>(LuckyPilesSameSuit);
}

/// The normalisation itself: it really ignores what it should, and only that.
#[test]
fn key_round_trip_and_exactness_klondike() {
    key_round_trip::<Klondike>(Klondike, 5, [0; 6]);
    key_round_trip::<KlondikeDraw3>(KlondikeDraw3, 5, [0; 6]);
}

#[test]
fn normalize_ignores_free_pile_and_foundation_numbering_only() {
    // Two decks: foundations holding hearts to 5 and to 3 in either order are the same.
    let mut a = start_of::<NapoleonsShoulder>(NapoleonsShoulder, 1);
    let mut b = a.clone();
    let f = fields_mut(&mut a);
    f.found_suit[..2].copy_from_slice(&[2, 2]);
    f.found_height[..2].copy_from_slice(&[5, 3]);
    let f = fields_mut(&mut b);
    f.found_suit[6..8].copy_from_slice(&[2, 2]);
    f.found_height[6..8].copy_from_slice(&[3, 5]);
    assert_eq!(
        normalize::<NapoleonsShoulder>(NapoleonsShoulder, &a),
        normalize::<NapoleonsShoulder>(NapoleonsShoulder, &b)
    );
    fields_mut(&mut b).found_height[7] = 4;
    assert_ne!(
        normalize::<NapoleonsShoulder>(NapoleonsShoulder, &a),
        normalize::<NapoleonsShoulder>(NapoleonsShoulder, &b)
    );
    // Prefix-less piles are interchangeable; piles with a prefix are not.
    let mut a = start_of::<Stonewall>(Stonewall, 2);
    fields_mut(&mut a).piles[1].fixed = 0;
    fields_mut(&mut a).piles[4].fixed = 0;
    let mut b = a.clone();
    fields_mut(&mut b).piles.swap(1, 4);
    assert_eq!(
        normalize::<Stonewall>(Stonewall, &a),
        normalize::<Stonewall>(Stonewall, &b)
    );
    let mut c = a.clone();
    fields_mut(&mut c).piles.swap(0, 2);
    assert_ne!(
        normalize::<Stonewall>(Stonewall, &a),
        normalize::<Stonewall>(Stonewall, &c)
    );
}

/// `p` with its talon as it is but the waste ending after `w` cards (turning order kept).
fn with_waste(p: &Position, w: usize) -> Position {
    let order: Vec<u8> = (p.waste().iter())
        .chain(p.stock().iter().rev())
        .copied()
        .collect();
    let mut q = p.clone();
    let f = fields_mut(&mut q);
    *f.waste = [0; MAX_TALON];
    *f.stock = [0; MAX_TALON];
    f.waste[..w].copy_from_slice(&order[..w]);
    for (i, &t) in order[w..].iter().rev().enumerate() {
        f.stock[i] = t;
    }
    *f.waste_len = w as u8;
    *f.stock_len = (order.len() - w) as u8;
    q
}

/// The positions the talon-play move set reaches from `p` in one move.
fn successor_positions<V: Variant>(v: V, p: &Position) -> Vec<Position> {
    let mut moves = Vec::new();
    generate_with::<V>(v, p, &mut moves, true);
    moves
        .iter()
        .map(|&m| {
            let mut q = p.clone();
            apply::<V>(v, &mut q, m);
            q
        })
        .collect()
}

/// Their keys.
fn successor_keys<V: Variant>(v: V, ctx: &KeyContext, p: &Position) -> HashSet<V::Key> {
    successor_positions::<V>(v, p)
        .iter()
        .map(|q| encode::<V, V::Key>(v, ctx, q))
        .collect()
}

/// With talon plays and unlimited passes (Klondike), the key merges the positions whose waste
/// ends at a multiple of the cards turned at a time, or with the stock empty
/// (`KeyContext::with_talon_plays`); `turned_over_key` names that merged position from every
/// other waste place. Checked by brute force, at every waste place of positions along random
/// walks: merged places have the same moves to the same positions (the same successor keys);
/// from the others, each move of the merged position leads where one of theirs leads or where
/// turning alone goes on from there; without talon plays no two places
/// share a key; a merged key decodes to the position with an empty waste.
#[test]
fn talon_key_merges_only_waste_places_with_the_same_moves() {
    fn check<V: Variant>(v: V) -> (usize, usize) {
        let Stock::Waste { draw, .. } = v.rules().stock else {
            unreachable!("Klondike has a stock")
        };
        let d = draw as usize;
        let (mut merged, mut others) = (0, 0);
        for seed in 0..12 {
            let start = start_of::<V>(v, seed);
            let ctx = KeyContext::new::<V>(v, &start).with_talon_plays::<V>(v, true);
            let plain = KeyContext::new::<V>(v, &start).with_talon_plays::<V>(v, false);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut walk = Vec::new();
            random_walk::<V>(v, &start, &mut rng, 120, |p| walk.push(p.clone()));
            for p in walk.iter().step_by(6) {
                let n = p.waste_len() + p.stock_len();
                let empty = with_waste(p, 0);
                let k0: V::Key = encode::<V, V::Key>(v, &ctx, &empty);
                let plain0: V::Key = encode::<V, V::Key>(v, &plain, &empty);
                let succ0 = successor_keys::<V>(v, &ctx, &empty);
                for w in 0..=n {
                    let q = with_waste(p, w);
                    let on = w % d == 0 || w == n;
                    let k: V::Key = encode::<V, V::Key>(v, &ctx, &q);
                    let what = format!("{} seed {seed}, waste {w} of {n}", v.rules().id);
                    assert_eq!(k == k0, on, "{what}: merged?");
                    assert_eq!(
                        encode::<V, V::Key>(v, &plain, &q) == plain0,
                        w == 0,
                        "{what}: merged without talon plays?"
                    );
                    let succ = successor_keys::<V>(v, &ctx, &q);
                    let over = turned_over_key::<V, V::Key>(v, &ctx, &q, &k);
                    if on {
                        assert_eq!(succ, succ0, "{what}: merged, with other moves");
                        assert_eq!(over, None, "{what}");
                        let back = decode::<V, V::Key>(v, &ctx, &start, &k);
                        assert_eq!((back.waste_len(), back.stock_len()), (0, n));
                        merged += (w != 0) as usize;
                    } else {
                        // Each move of the merged position leads where a move of this one
                        // leads, or where turning alone goes on from there.
                        let reach: HashSet<V::Key> = successor_keys::<V>(v, &ctx, &q)
                            .into_iter()
                            .chain(successor_positions::<V>(v, &q).iter().filter_map(|c| {
                                let key = encode::<V, V::Key>(v, &ctx, c);
                                turned_over_key::<V, V::Key>(v, &ctx, c, &key)
                            }))
                            .collect();
                        assert!(succ0.is_subset(&reach), "{what}: lacks a merged move");
                        assert_eq!(over, Some(k0), "{what}: turned over elsewhere");
                        others += 1;
                    }
                }
            }
        }
        (merged, others)
    }
    let (merged, others) = check::<Klondike>(Klondike);
    assert!(
        merged >= 300 && others == 0,
        "draw 1: {merged} merged, {others} not"
    );
    let (merged, others) = check::<KlondikeDraw3>(KlondikeDraw3);
    assert!(
        merged >= 100 && others >= 200,
        "draw 3: {merged} merged, {others} not"
    );
}

#[test]
fn max_bits_fit_the_key_words() {
    key_fits::<Stonewall>(Stonewall);
    key_fits::<LuckyPiles>(LuckyPiles);
    key_fits::<NapoleonsShoulder>(NapoleonsShoulder);
    key_fits::<Klondike>(Klondike);
    key_fits::<KlondikeDraw3>(KlondikeDraw3);
    // A Klondike deal needs 181 bits (README: why three words were tried).
    let deal = patience::deal(&Klondike::RULES, 0);
    let start = patience::Position::from_deal::<Klondike>(Klondike, &deal).unwrap();
    assert_eq!(
        patience::internal::solve::key::KeyContext::max_bits::<Klondike>(Klondike, &start),
        181
    );
    // The reference deals too.
    let dir = common::reference_dir().join("stonewall");
    for f in std::fs::read_dir(&dir).expect("the stonewall reference deals") {
        let path = f.unwrap().path();
        let d = read_deal(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let p = Position::from_deal::<Stonewall>(Stonewall, &d).unwrap();
        assert!(KeyContext::max_bits::<Stonewall>(Stonewall, &p) <= 64 * key_words::<Stonewall>());
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Solvitaire's reference deals.
// ---------------------------------------------------------------------------------------------

/// Node budget per reference deal.
const REFERENCE_NODES: u64 = 2_000_000;
/// How many of the 11 Stonewall reference deals the budget decides: 10, all but 2.json (which
/// Solvitaire proves unsolvable), every one agreeing with Solvitaire. 33.json, won by
/// Solvitaire's streamlined search, is won here since the interleaved schedule's streamlined
/// scan is Solvitaire's (suit-symmetric key, runs free to rearrange). A search change that
/// decides fewer fails here; one that decides more should raise the constant.
const REFERENCE_DECIDED: usize = 10;

/// Every Stonewall deal of `tests/data/reference` with Solvitaire's verdict. A decided verdict
/// that differs from Solvitaire's is a bug on one side: this test fails, and the case must be
/// examined before anything is changed (reference/README.md; the loop is
/// `helpers::reference_deals`).
#[test]
fn stonewall_reference_deals_agree_with_solvitaire() {
    reference_deals::<Stonewall>(Stonewall, REFERENCE_NODES, REFERENCE_DECIDED, TABLE_BYTES);
}

// ---------------------------------------------------------------------------------------------
// 3. Pinned verdicts of seeded deals.
// ---------------------------------------------------------------------------------------------

/// Node budgets per seeded deal for the pinned verdicts (smaller where nodes cost more).
const PINNED_NODES_STONEWALL: u64 = 300_000;
const PINNED_NODES_LUCKY_PILES: u64 = 100_000;
const PINNED_NODES_NAPOLEONS_SHOULDER: u64 = 100_000;

// Verdicts of seeds 0..50 with the budget above and the default pruning, one letter per seed:
// S solved, U unsolvable, ? unknown (the budget ran out). Produced by running the solver once:
// Stonewall 11 S, 32 U, 7 ?; Lucky Piles 43 S, 0 U, 7 ?; Napoleon's Shoulder 8 S, 0 U, 42 ?.
// (Re-pinned when the best-first search joined the schedule: it split the budget, and six
// seeds that the depth-first search alone had solved within it (Stonewall 44; Napoleon's
// Shoulder 13, 16, 34, 36, 37) are now `?` at this small budget, while 3 + 21 + 7 others were
// newly solved. They are still solved at the default budget.)
// (Re-pinned when the settled-cards rule joined: Napoleon's Shoulder seeds 8 and 45 went from S
// to `?` at this budget, 19, 37 and 38 from `?` to S; 8 and 45 are still solved at the default
// budget.)
// (Napoleon's Shoulder seed 33 went from `?` to U when the stuck-Kings rule joined.)
// (Stonewall seed 47 went from `?` to S when the split-runs rule joined.)
// (Lucky Piles seed 7 went from `?` to S when the blocked-cards test joined.)
// (Re-pinned when the free-children rule joined in two decks: Napoleon's Shoulder seeds 9 and
// 19 went from S to `?` at this budget, 31 and 47 from `?` to S; 9 and 19 are still solved at
// the default budget.)
//
// The policy (what may change and what must not) is with `helpers::pinned`.
const PINNED_STONEWALL: &str = "SSUUUSUUUUUU?SSUSUSU?UUUUSU??UUSUUUUUUSUUUUS?UUSU?";
const PINNED_LUCKY_PILES: &str = "SSSSS?SSSSSSSSSS?SSS?S?SSSSSSSSSSSSSSSSSSSS?SS?SSS";
const PINNED_NAPOLEONS_SHOULDER: &str = "?S????????????S??S???SS????????S?U???SS????????S??";

#[test]
fn pinned_verdicts_stonewall() {
    pinned::<Stonewall>(
        Stonewall,
        PINNED_STONEWALL,
        PINNED_NODES_STONEWALL,
        TABLE_BYTES,
    );
}

#[test]
fn pinned_verdicts_lucky_piles() {
    pinned::<LuckyPiles>(
        LuckyPiles,
        PINNED_LUCKY_PILES,
        PINNED_NODES_LUCKY_PILES,
        TABLE_BYTES,
    );
}

#[test]
fn pinned_verdicts_napoleons_shoulder() {
    pinned::<NapoleonsShoulder>(
        NapoleonsShoulder,
        PINNED_NAPOLEONS_SHOULDER,
        PINNED_NODES_NAPOLEONS_SHOULDER,
        TABLE_BYTES,
    );
}

// ---------------------------------------------------------------------------------------------
// 4. Hand-made positions with known answers.
// ---------------------------------------------------------------------------------------------

/// A foundation list as JSON: the Ace up to `top` of `suit` (`C`, `D`, `H`, `S`).
fn found(suit: char, top: usize) -> String {
    const RANKS: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    let cards: Vec<String> = RANKS[..top]
        .iter()
        .map(|r| format!("\"{r}{suit}\""))
        .collect();
    format!("[{}]", cards.join(", "))
}

/// A list of card texts as JSON.
fn list(cards: &[&str]) -> String {
    let q: Vec<String> = cards.iter().map(|c| format!("\"{c}\"")).collect();
    format!("[{}]", q.join(", "))
}

fn position<V: Variant>(v: V, json: &str) -> Position {
    let d: Deal = read_deal(json).unwrap_or_else(|e| panic!("{e}\n{json}"));
    Position::from_deal::<V>(v, &d).unwrap_or_else(|e| panic!("{e}\n{json}"))
}

/// Solves a hand-made position with both prunings; both must give `expected` (S or U).
fn solve_both<V: Variant>(v: V, pos: &Position, expected: char, what: &str) -> Vec<Verdict> {
    [Prune::default(), Prune::NONE]
        .into_iter()
        .map(|prune| {
            let mut s = solver::<V>(v, 1_000_000, prune);
            let sol = solve_checked(&mut s, pos, what);
            assert_eq!(
                letter(&sol.verdict),
                expected,
                "{what} ({prune:?}): {:?}",
                sol.verdict
            );
            sol.verdict
        })
        .collect()
}

/// Stonewall, nearly finished: KS lies on the face-down QC (T1) and KC on the face-down QS (T2);
/// JC is in the reserve, everything else on the foundations (clubs to 10, spades to J). Each
/// Queen is needed before the King lying on it can go up, and a King goes onto no card, so the
/// first King to leave T1 or T2 must go into a space; after that the game plays out.
#[test]
fn hand_made_stonewall_nearly_finished_is_solved() {
    let mut reserve = vec!["null"; 16];
    reserve[0] = "\"JC\"";
    let json = format!(
        r#"{{"variant": "stonewall", "tableau piles": [["qc", "KS"], ["qs", "KC"], [], [], [], []],
            "reserve": [{}], "foundations": [{}, {}, {}, {}]}}"#,
        reserve.join(", "),
        found('C', 10),
        found('D', 13),
        found('H', 13),
        found('S', 11)
    );
    let pos = position::<Stonewall>(Stonewall, &json);
    for v in solve_both::<Stonewall>(Stonewall, &pos, 'S', "nearly finished Stonewall") {
        let Verdict::Solved(moves) = v else {
            unreachable!()
        };
        assert!(moves.len() >= 6, "{moves:?}");
        assert!(
            moves.iter().any(|m| matches!(m.from, Place::Tableau(0 | 1))
                && matches!(m.to, Place::Tableau(q) if q >= 2)),
            "a King must go into a space: {moves:?}"
        );
    }
}

/// Lucky Piles, lost by construction. Hearts are on their foundation up to the J; QH lies under
/// KH on T1. A King goes only onto a Queen (up by one) or into a space; the other Queens are
/// buried, and no pile is empty. The other twelve piles hold every club, diamond and spade, with
/// the 3s, 5s, 7s and 9s on top: no two tops are one rank apart, no Ace is on top, and the JH on
/// its foundation has no 10 or Q to go onto. So there is no move at all, and the game is lost.
/// The same cards with every club, diamond and spade on the foundations (twelve empty piles) are
/// won: KH goes into a space.
#[test]
fn hand_made_lucky_piles_king_on_its_queen() {
    let tops = [
        "3C", "3D", "3S", "5C", "5D", "5S", "7C", "7D", "7S", "9C", "9D", "9S",
    ];
    let under: Vec<String> = ['C', 'D', 'S']
        .iter()
        .flat_map(|s| {
            ["A", "2", "4", "6", "8", "10", "J", "Q", "K"]
                .iter()
                .map(move |r| format!("{r}{s}"))
        })
        .collect();
    assert_eq!(under.len(), 27);
    // 27 cards under 12 tops: three piles get 3, nine get 2.
    let mut piles = vec![list(&["QH", "KH"])];
    let mut rest = under.iter().map(String::as_str);
    for (i, top) in tops.iter().enumerate() {
        let n = if i < 3 { 3 } else { 2 };
        let mut p: Vec<&str> = rest.by_ref().take(n).collect();
        p.push(top);
        piles.push(list(&p));
    }
    assert!(rest.next().is_none());
    let json = format!(
        r#"{{"variant": "lucky-piles", "tableau piles": [{}], "foundations": [[], [], {}, []]}}"#,
        piles.join(", "),
        found('H', 11)
    );
    let pos = position::<LuckyPiles>(LuckyPiles, &json);
    assert_eq!(
        gen_moves::<LuckyPiles>(LuckyPiles, &pos),
        [],
        "the construction allows no move"
    );
    solve_both::<LuckyPiles>(LuckyPiles, &pos, 'U', "Lucky Piles, KH on QH, no space");

    let empty = ["[]"; 12].join(", ");
    let json = format!(
        r#"{{"tableau piles": [["QH", "KH"], {empty}],
            "foundations": [{}, {}, {}, {}]}}"#,
        found('C', 13),
        found('D', 13),
        found('H', 11),
        found('S', 13)
    );
    let pos = position::<LuckyPiles>(LuckyPiles, &json);
    solve_both::<LuckyPiles>(LuckyPiles, &pos, 'S', "Lucky Piles, KH on QH, spaces");
}

/// Napoleon's Shoulder: every card on the foundations but QH and KH, KH lying on QH in T1; the
/// stock and waste are empty. KH goes onto nothing (building down, nothing takes a King), and a
/// space takes only the waste's top card (or an Ace from a foundation: no foundation shows one),
/// so the eleven empty piles do not help: no move at all, lost.
#[test]
fn hand_made_napoleons_shoulder_no_move_is_lost() {
    let empty = ["[]"; 11].join(", ");
    let json = format!(
        r#"{{"variant": "napoleons-shoulder", "tableau piles": [["QH", "KH"], {empty}],
            "stock": [], "waste": [],
            "foundations": [{}, {}, {}, {}, {}, {}, {}, {}]}}"#,
        found('C', 13),
        found('C', 13),
        found('D', 13),
        found('D', 13),
        found('H', 13),
        found('H', 11),
        found('S', 13),
        found('S', 13)
    );
    let pos = position::<NapoleonsShoulder>(NapoleonsShoulder, &json);
    assert_eq!(
        gen_moves::<NapoleonsShoulder>(NapoleonsShoulder, &pos),
        [],
        "the construction allows no move"
    );
    solve_both::<NapoleonsShoulder>(
        NapoleonsShoulder,
        &pos,
        'U',
        "Napoleon's Shoulder without a move",
    );
}

/// Napoleon's Shoulder won only through a space: the waste is QH under KH, the stock one KS;
/// all else is on the foundations (hearts to J on one foundation, spades to Q on one). KH can
/// neither go up (QH is under it) nor onto a card (nothing takes a King), but from the waste it
/// may fill an empty pile; then QH and KH go up, and KS after the stock is turned.
#[test]
fn hand_made_napoleons_shoulder_waste_fills_a_space() {
    let empty = ["[]"; 12].join(", ");
    let json = format!(
        r#"{{"variant": "napoleons-shoulder", "tableau piles": [{empty}],
            "stock": ["KS"], "waste": ["QH", "KH"],
            "foundations": [{}, {}, {}, {}, {}, {}, {}, {}]}}"#,
        found('C', 13),
        found('C', 13),
        found('D', 13),
        found('D', 13),
        found('H', 13),
        found('H', 11),
        found('S', 13),
        found('S', 12)
    );
    let pos = position::<NapoleonsShoulder>(NapoleonsShoulder, &json);
    for v in solve_both::<NapoleonsShoulder>(
        NapoleonsShoulder,
        &pos,
        'S',
        "Napoleon's Shoulder via a space",
    ) {
        let Verdict::Solved(moves) = v else {
            unreachable!()
        };
        assert!(
            moves
                .iter()
                .any(|m| m.from == Place::Waste && matches!(m.to, Place::Tableau(_))),
            "the waste must fill a space: {moves:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 5. Pruning cross-check.
// ---------------------------------------------------------------------------------------------

/// Counts of one cross-check.
#[derive(Default, Debug)]
struct Cross {
    deals: usize,
    both: usize,
    pruned_only: usize,
    unpruned_only: usize,
    neither: usize,
    solved: usize,
    unsolvable: usize,
}

/// A mid-game position: `steps` random moves from `pos` (a foundation move when there is one,
/// 70% of the time), never taken back, with a generator seeded by `seed`. Fewer cards are left than at the
/// start, so small budgets decide more of these.
fn midgame<V: Variant>(v: V, mut pos: Position, seed: u64, steps: usize) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(!seed);
    let mut moves = Vec::new();
    for _ in 0..steps {
        moves.clear();
        generate::<V>(v, &pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let up: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m.to, Place::Foundation(_)))
            .collect();
        let m = if !up.is_empty() && rng.random_bool(0.7) {
            up[rng.random_range(0..up.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        apply::<V>(v, &mut pos, m);
    }
    pos
}

/// The deal `seed` with a random part of every suit already on its foundations: each foundation
/// is left empty (35%) or holds its suit from the Ace up to a random rank from `low` to K; those
/// cards are taken out of the deal (the first copies met in piles, reserve, stock), a pile's new
/// top is turned up. Smaller games than a full deal, with Aces still in play, so small budgets
/// decide many of them and the Aces rule is at work.
fn reduced<V: Variant>(v: V, seed: u64, low: u8) -> Position {
    reduced_with::<V>(v, seed, low, 0.35)
}

/// [`reduced`] with each foundation left empty with probability `empty` (with 0, every
/// foundation holds some cards, so that higher cards are settled and the settled rule bites).
fn reduced_with<V: Variant>(v: V, seed: u64, low: u8, empty: f64) -> Position {
    let r = v.rules();
    let mut d = deal(r, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_5eed);
    let nf = r.foundations();
    let suit = |f: usize| (f / r.decks as usize) as u8;
    let heights: Vec<u8> = (0..nf)
        .map(|_| {
            if rng.random_bool(empty) {
                0
            } else {
                rng.random_range(low..=13)
            }
        })
        .collect();
    let mut take = [0u8; 52];
    for f in 0..nf {
        for rank in 1..=heights[f] {
            take[Card::new(rank, suit(f)).index() as usize] += 1;
        }
    }
    let mut keep = |t: &CardToken| match t {
        CardToken::Known { card, .. } if take[card.index() as usize] > 0 => {
            take[card.index() as usize] -= 1;
            false
        }
        _ => true,
    };
    for pile in d.piles.iter_mut() {
        pile.retain(&mut keep);
        if let Some(CardToken::Known { face_up, .. }) = pile.last_mut() {
            *face_up = true;
        }
    }
    for slot in d.reserve.iter_mut() {
        if slot.as_ref().is_some_and(|t| !keep(t)) {
            *slot = None;
        }
    }
    d.stock.retain(&mut keep);
    d.foundations = (0..nf)
        .map(|f| {
            (1..=heights[f])
                .map(|rank| CardToken::Known {
                    card: Card::new(rank, suit(f)),
                    face_up: true,
                })
                .collect()
        })
        .collect();
    Position::from_deal::<V>(v, &d).unwrap_or_else(|e| panic!("{} reduced {seed}: {e}", r.id))
}

/// The reduced deals (see [`reduced`]) of `seeds`.
fn reduced_positions<V: Variant>(
    v: V,
    seeds: std::ops::Range<u64>,
    low: u8,
) -> impl Iterator<Item = (String, Position)> {
    seeds.map(move |seed| {
        (
            format!("seed {seed} reduced ({low})"),
            reduced::<V>(v, seed, low),
        )
    })
}

/// A random end game of an all-face-up game: each foundation at a height from 8 up (a third of
/// them complete), the other cards shuffled, each to a random pile or (in a game with a stock,
/// three times in ten) to the stock. Kings come to lie on lower cards of their suit often;
/// with `kings_on_top`, every pile's Kings are moved to its top (still more often).
fn endgame<V: Variant>(v: V, seed: u64, kings_on_top: bool) -> Position {
    endgame_from::<V>(v, seed, kings_on_top, 8)
}

/// [`endgame`] with each foundation from `low` up (or complete): more cards in play.
fn endgame_from<V: Variant>(v: V, seed: u64, kings_on_top: bool, low: u8) -> Position {
    let r = v.rules();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xe4d_6a3e);
    let nf = r.foundations();
    let suit = |f: usize| (f / r.decks as usize) as u8;
    let heights: Vec<u8> = (0..nf)
        .map(|_| {
            if rng.random_bool(0.33) {
                13
            } else {
                rng.random_range(low..=13)
            }
        })
        .collect();
    let mut left = [r.decks; 52];
    for f in 0..nf {
        for rank in 1..=heights[f] {
            left[Card::new(rank, suit(f)).index() as usize] -= 1;
        }
    }
    let mut cards: Vec<Card> = Card::fresh_deck()
        .flat_map(|c| std::iter::repeat_n(c, left[c.index() as usize] as usize))
        .collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.random_range(0..=i));
    }
    let up = |c: Card| CardToken::Known {
        card: c,
        face_up: true,
    };
    let mut piles = vec![Vec::new(); r.piles()];
    let mut stock = Vec::new();
    for c in cards {
        if r.has_stock() && rng.random_bool(0.3) {
            stock.push(up(c));
        } else {
            piles[rng.random_range(0..r.piles())].push(up(c));
        }
    }
    if kings_on_top {
        let king = |t: &CardToken| matches!(t, CardToken::Known { card, .. } if card.rank() == 13);
        for p in piles.iter_mut() {
            p.sort_by_key(king);
        }
    }
    let d = Deal {
        variant: Some(r.id.to_string()),
        seed: None,
        piles,
        reserve: vec![None; r.reserve as usize],
        stock,
        waste: Vec::new(),
        foundations: (0..nf)
            .map(|f| {
                (1..=heights[f])
                    .map(|rank| up(Card::new(rank, suit(f))))
                    .collect()
            })
            .collect(),
    };
    Position::from_deal::<V>(v, &d).unwrap_or_else(|e| panic!("{} end game {seed}: {e}", r.id))
}

/// End games of `seeds` with foundations from `low` up (see [`endgame_from`]).
fn endgames_from<V: Variant>(
    v: V,
    seeds: std::ops::Range<u64>,
    low: u8,
) -> impl Iterator<Item = (String, Position)> {
    seeds.map(move |seed| {
        (
            format!("end game {seed} (foundations from {low})"),
            endgame_from::<V>(v, seed, false, low),
        )
    })
}

/// End games of `seeds` (see [`endgame`]).
fn endgames<V: Variant>(
    v: V,
    seeds: std::ops::Range<u64>,
    kings_on_top: bool,
) -> impl Iterator<Item = (String, Position)> {
    seeds.map(move |seed| {
        (
            format!("end game {seed}"),
            endgame::<V>(v, seed, kings_on_top),
        )
    })
}

/// Reduced deals with no foundation empty (see [`reduced_with`]), after `steps` random moves.
fn settled_positions<V: Variant>(
    v: V,
    seeds: std::ops::Range<u64>,
    low: u8,
    steps: usize,
) -> impl Iterator<Item = (String, Position)> {
    seeds.map(move |seed| {
        (
            format!("seed {seed} reduced ({low}, no foundation empty) after {steps} moves"),
            midgame::<V>(v, reduced_with::<V>(v, seed, low, 0.0), seed, steps),
        )
    })
}

/// The reduced deals of `seeds` after `steps` random moves (see [`midgame`]).
fn reduced_midgame<V: Variant>(
    v: V,
    seeds: std::ops::Range<u64>,
    low: u8,
    steps: usize,
) -> impl Iterator<Item = (String, Position)> {
    seeds.map(move |seed| {
        (
            format!("seed {seed} reduced ({low}) after {steps} random moves"),
            midgame::<V>(v, reduced::<V>(v, seed, low), seed, steps),
        )
    })
}

/// The deals of `seeds`, or with `steps > 0` their mid-game positions after `steps` moves.
fn positions<V: Variant>(
    v: V,
    seeds: std::ops::Range<u64>,
    steps: usize,
) -> impl Iterator<Item = (String, Position)> {
    seeds.map(move |seed| {
        if steps == 0 {
            (format!("seed {seed}"), start_of::<V>(v, seed))
        } else {
            (
                format!("seed {seed} after {steps} random moves"),
                midgame::<V>(v, start_of::<V>(v, seed), seed, steps),
            )
        }
    })
}

/// Solves each position with the default pruning and with none. Where both decide, they must
/// agree (in particular the pruned search never says unsolvable where the unpruned one found a
/// win). The unpruned search gets `unpruned_nodes`, usually more than the pruned one's
/// `pruned_nodes`, so that more pruned verdicts meet a decided unpruned one.
fn prune_cross_check<V: Variant>(
    v: V,
    label: &str,
    positions: impl Iterator<Item = (String, Position)>,
    pruned_nodes: u64,
    unpruned_nodes: u64,
) -> Cross {
    prune_cross_check_against::<V>(
        v,
        label,
        positions,
        Prune::default(),
        Prune::NONE,
        pruned_nodes,
        unpruned_nodes,
    )
}

/// [`prune_cross_check`] with the rules of `prune` on the pruned side and of `reference` on the
/// other: [`Prune::NONE`] (the unpruned search), or rules cross-checked on their own, to isolate
/// one rule where the unpruned search decides too little.
fn prune_cross_check_against<V: Variant>(
    v: V,
    label: &str,
    positions: impl Iterator<Item = (String, Position)>,
    prune: Prune,
    reference: Prune,
    pruned_nodes: u64,
    unpruned_nodes: u64,
) -> Cross {
    let id = v.rules().id;
    let mut pruned = solver::<V>(v, pruned_nodes, prune);
    let mut plain = solver::<V>(v, unpruned_nodes, reference);
    let mut c = Cross::default();
    let mut wrong = Vec::new();
    let t0 = std::time::Instant::now();
    for (what, start) in positions {
        let a = letter(&solve_checked(&mut pruned, &start, &what).verdict);
        let b = letter(&solve_checked(&mut plain, &start, &what).verdict);
        c.deals += 1;
        match (a != '?', b != '?') {
            (true, true) => {
                c.both += 1;
                if a != b {
                    wrong.push(format!("{what}: pruned {a}, unpruned {b}"));
                } else if a == 'S' {
                    c.solved += 1;
                } else {
                    c.unsolvable += 1;
                }
            }
            (true, false) => c.pruned_only += 1,
            (false, true) => c.unpruned_only += 1,
            (false, false) => c.neither += 1,
        }
    }
    eprintln!(
        "prune cross-check {id} ({prune:?}), {label} ({pruned_nodes} / {unpruned_nodes} nodes): {} \
         positions, both decided {} (agree {}: {} S, {} U), only pruned {}, only unpruned {}, \
         neither {}; {:.1} s",
        c.deals,
        c.both,
        c.solved + c.unsolvable,
        c.solved,
        c.unsolvable,
        c.pruned_only,
        c.unpruned_only,
        c.neither,
        t0.elapsed().as_secs_f64()
    );
    assert!(
        wrong.is_empty(),
        "{id}: pruning changes verdicts:\n{}",
        wrong.join("\n")
    );
    c
}

#[test]
fn prune_agrees_with_unpruned_stonewall() {
    use patience::games::Stonewall as S;
    prune_cross_check::<S>(
        S,
        "deals 0..200",
        positions::<S>(S, 0..200, 0),
        10_000,
        20_000,
    );
    prune_cross_check::<S>(
        S,
        "mid-game 0..200",
        positions::<S>(S, 0..200, 30),
        5_000,
        10_000,
    );
    prune_cross_check::<S>(
        S,
        "reduced 0..200",
        reduced_positions::<S>(S, 0..200, 8),
        5_000,
        10_000,
    );
    let c = prune_cross_check::<S>(
        S,
        "no foundation empty 0..200",
        settled_positions::<S>(S, 0..200, 2, 0),
        5_000,
        10_000,
    );
    assert!(c.solved >= 20 && c.unsolvable >= 5, "{c:?}");
}

// Napoleon's Shoulder: a whole deal needs some 100,000 nodes or more to be decided, so at the
// small budgets here the 200 deals are (almost) all unknown; the reduced deals, with many cards
// already up but the Aces of some foundations still in play, are where this check bites.
#[test]
fn prune_agrees_with_unpruned_napoleons_shoulder() {
    use patience::games::NapoleonsShoulder as N;
    prune_cross_check::<N>(
        N,
        "deals 0..200",
        positions::<N>(N, 0..200, 0),
        2_000,
        4_000,
    );
    prune_cross_check::<N>(
        N,
        "reduced 0..200",
        reduced_positions::<N>(N, 0..200, 8),
        10_000,
        20_000,
    );
    prune_cross_check::<N>(
        N,
        "reduced 200..400, 25 moves",
        reduced_midgame::<N>(N, 200..400, 8, 25),
        10_000,
        20_000,
    );
    let c = prune_cross_check::<N>(
        N,
        "no foundation empty 0..200",
        settled_positions::<N>(N, 0..200, 3, 0),
        10_000,
        20_000,
    );
    assert!(c.solved >= 20, "{c:?}");
}

/// Splits `positions` by `fires` (a rule that ends the search at the start) and cross-checks
/// the positions where it fires, with `fired_nodes` for the search with `without`'s rules, and
/// the first `free` others with `free_nodes`: (where it fires, where it does not).
#[allow(clippy::too_many_arguments)]
fn cross_check_split<V: Variant>(
    v: V,
    label: &str,
    positions: impl Iterator<Item = (String, Position)>,
    fires: fn(V, &Position) -> bool,
    without: Prune,
    fired_nodes: u64,
    free: usize,
    free_nodes: u64,
) -> (Cross, Cross) {
    let (fired, others): (Vec<_>, Vec<_>) = positions.partition(|(_, p)| fires(v, p));
    let run = |what: &str, list: Vec<(String, Position)>, nodes: u64| {
        prune_cross_check_against::<V>(
            v,
            &format!("{label}, {what}"),
            list.into_iter(),
            Prune::default(),
            without,
            20_000,
            nodes,
        )
    };
    let others = others.into_iter().take(free).collect();
    (
        run("fires at the start", fired, fired_nodes),
        run("does not", others, free_nodes),
    )
}

/// The stuck-Kings rule against the same search without it, in the two games where it holds
/// (the other rules are checked against the unpruned search above; here, without them, the
/// foundation cards coming back down make even small positions too large to decide).
/// Positions where it fires at the start (proved lost in no node) are checked apart from the
/// others (where it can fire only later in the search); in both, the search without it must
/// agree wherever it decides, and must decide enough of the first kind for the check to bite.
#[test]
fn stuck_kings_agree_with_the_search_without_them() {
    /// Checks the stuck positions among `positions` with `stuck_nodes` for the search without
    /// the rule, and the first `free` others with `free_nodes`.
    fn check<V: Variant>(
        v: V,
        label: &str,
        positions: impl Iterator<Item = (String, Position)>,
        stuck_nodes: u64,
        free: usize,
        free_nodes: u64,
    ) -> (Cross, Cross) {
        // Without the blocked-cards test either, which also sees stuck Kings in one deck.
        let without = Prune {
            kings: false,
            blocks: false,
            ..Prune::default()
        };
        cross_check_split::<V>(
            v,
            label,
            positions,
            stuck_kings::<V>,
            without,
            stuck_nodes,
            free,
            free_nodes,
        )
    }
    let (stuck, free) = check::<LuckyThirteen>(
        LuckyThirteen,
        "end games 0..300",
        endgames::<LuckyThirteen>(LuckyThirteen, 0..300, false),
        200_000,
        300,
        200_000,
    );
    assert!(stuck.unsolvable >= 20 && stuck.solved == 0, "{stuck:?}");
    assert!(free.solved >= 5, "{free:?}");
    let (stuck, free) = check::<NapoleonsShoulder>(
        NapoleonsShoulder,
        "end games 0..1500, Kings on top",
        endgames::<NapoleonsShoulder>(NapoleonsShoulder, 0..1500, true),
        1_000_000,
        300,
        50_000,
    );
    // Two copies of a card both held by Kings are rarer: 15 end games in 1500, of which the
    // search without the rule proves 8 lost within its budget (and finds no win in any).
    assert!(stuck.unsolvable >= 6 && stuck.solved == 0, "{stuck:?}");
    assert!(free.solved >= 5, "{free:?}");
}

/// The blocked-cards test (`solve::blocked`) on positions where it fires at the start and on
/// others (where it can fire only later in the search): the search without it must agree
/// wherever it decides, must prove enough of the blocked ones lost for the check to bite, and
/// must never find a win in a blocked one.
#[test]
fn blocked_cards_agree_with_the_search_without_them() {
    /// Checks the blocked positions among `positions` with `blocked_nodes` for the search
    /// without the test, and the first `free` others with `free_nodes`.
    fn check<V: Variant>(
        v: V,
        label: &str,
        positions: impl Iterator<Item = (String, Position)>,
        blocked_nodes: u64,
        free: usize,
        free_nodes: u64,
    ) -> (Cross, Cross) {
        let without = Prune {
            blocks: false,
            ..Prune::default()
        };
        cross_check_split::<V>(
            v,
            label,
            positions,
            blocked::<V>,
            without,
            blocked_nodes,
            free,
            free_nodes,
        )
    }
    fn bites(what: &str, (blocked, free): (Cross, Cross), proofs: usize) {
        assert!(
            blocked.unsolvable >= proofs && blocked.solved == 0,
            "{what} blocked: {blocked:?}"
        );
        assert!(free.solved >= 10, "{what} not blocked: {free:?}");
    }
    // Stonewall deals are often blocked from the start (121 of these 300), and small enough for
    // the search without the test to prove nearly every one of them lost (120).
    let c = check::<Stonewall>(
        Stonewall,
        "deals 0..300",
        positions::<Stonewall>(Stonewall, 0..300, 0),
        200_000,
        100,
        50_000,
    );
    bites("stonewall deals", c, 100);
    let c = check::<Stonewall>(
        Stonewall,
        "end games 0..300",
        endgames_from::<Stonewall>(Stonewall, 0..300, 2),
        100_000,
        100,
        50_000,
    );
    bites("stonewall end games", c, 2);
    // Klondike deals are blocked less often, and mostly too large to prove lost without the
    // test; reduced deals give a few that can be (7 and 16 of 35 each).
    fn reduced<V: Variant>(v: V) {
        let c = check::<V>(
            v,
            "reduced 0..3000",
            reduced_positions::<V>(v, 0..3000, 2),
            200_000,
            20,
            50_000,
        );
        bites(v.rules().id, c, 5);
    }
    reduced::<Klondike>(Klondike);
    reduced::<KlondikeDraw3>(KlondikeDraw3);
    // The open games, on end games with many cards in play: rarely blocked, never wrongly.
    fn open<V: Variant>(v: V) {
        let c = check::<V>(
            v,
            "end games 0..300",
            endgames_from::<V>(v, 0..300, 2),
            100_000,
            100,
            50_000,
        );
        bites(v.rules().id, c, 0);
    }
    open::<FlowerGarden>(FlowerGarden);
    open::<LuckierThirteen>(LuckierThirteen);
    open::<LuckyPiles>(LuckyPiles);
    open::<LuckyPilesSameSuit>(LuckyPilesSameSuit);
}

/// Every position along a won game is winnable, so the blocked-cards test must pass each one:
/// the wins the solver finds without the test, on deals of every one-deck game, replayed
/// move by move.
#[test]
fn blocked_cards_never_fire_along_a_won_game() {
    fn along<V: Variant>(
        v: V,
        positions: impl Iterator<Item = (String, Position)>,
        nodes: u64,
    ) -> (usize, usize) {
        let without = Prune {
            blocks: false,
            ..Prune::default()
        };
        let mut s = solver::<V>(v, nodes, without);
        let (mut wins, mut passed) = (0, 0);
        for (what, start) in positions {
            let sol = solve_checked(&mut s, &start, &what);
            let Verdict::Solved(moves) = sol.verdict else {
                continue;
            };
            wins += 1;
            let mut pos = start;
            for (i, &m) in moves.iter().enumerate() {
                assert!(
                    !blocked::<V>(v, &pos),
                    "{} {what}: blocked before move {i} of a won game",
                    v.rules().id
                );
                passed += 1;
                apply::<V>(v, &mut pos, m);
            }
        }
        (wins, passed)
    }
    for (id, (wins, positions)) in [
        (
            "klondike",
            along::<Klondike>(Klondike, positions::<Klondike>(Klondike, 0..60, 0), 20_000),
        ),
        (
            "klondike-draw3",
            along::<KlondikeDraw3>(
                KlondikeDraw3,
                positions::<KlondikeDraw3>(KlondikeDraw3, 0..60, 0),
                20_000,
            ),
        ),
        (
            "stonewall",
            along::<Stonewall>(
                Stonewall,
                positions::<Stonewall>(Stonewall, 0..150, 0),
                20_000,
            ),
        ),
        (
            "lucky-piles",
            along::<LuckyPiles>(
                LuckyPiles,
                positions::<LuckyPiles>(LuckyPiles, 0..30, 0),
                20_000,
            ),
        ),
        (
            "lucky-piles-same-suit",
            along::<LuckyPilesSameSuit>(
                LuckyPilesSameSuit,
                positions::<LuckyPilesSameSuit>(LuckyPilesSameSuit, 0..60, 0),
                20_000,
            ),
        ),
        (
            "flower-garden",
            along::<FlowerGarden>(
                FlowerGarden,
                endgames_from::<FlowerGarden>(FlowerGarden, 0..60, 2),
                20_000,
            ),
        ),
        (
            "luckier-thirteen",
            along::<LuckierThirteen>(
                LuckierThirteen,
                positions::<LuckierThirteen>(LuckierThirteen, 0..30, 0),
                20_000,
            ),
        ),
        (
            "lucky-thirteen",
            along::<LuckyThirteen>(
                LuckyThirteen,
                endgames_from::<LuckyThirteen>(LuckyThirteen, 0..60, 2),
                20_000,
            ),
        ),
    ] {
        eprintln!("{id}: {wins} won games, {positions} positions passed");
        assert!(
            wins >= 3 && positions >= 300,
            "{id}: {wins} wins, {positions} positions"
        );
    }
}

/// The up-and-down-in-suit rule (`Prune::updown`: in same-suit Lucky Piles a card that can go
/// up goes up at once) against the same search without it, on 2,000 reduced deals (cards of
/// every suit already up, so that the rule fires at the start and all along). Both sides must
/// decide enough wins and losses for the check to bite.
#[test]
fn the_updown_rule_agrees_with_the_search_without_it() {
    use patience::games::LuckyPilesSameSuit as L;
    let without = Prune {
        updown: false,
        ..Prune::default()
    };
    let c = prune_cross_check_against::<L>(
        L,
        "reduced 0..2000",
        reduced_positions::<L>(L, 0..2000, 2),
        Prune::default(),
        without,
        20_000,
        50_000,
    );
    assert!(c.solved >= 1000 && c.unsolvable >= 100, "{c:?}");
}

/// The Aces rule does not hold in Lucky Piles (it builds up as well as down), so both searches
/// are the same; a few deals show that nothing else is pruned there.
#[test]
fn prune_agrees_with_unpruned_lucky_piles() {
    assert!(!Prune::aces_rule_holds::<LuckyPiles>(LuckyPiles));
    assert!(Prune::aces_rule_holds::<Stonewall>(Stonewall));
    assert!(Prune::aces_rule_holds::<NapoleonsShoulder>(
        NapoleonsShoulder
    ));
    prune_cross_check::<LuckyPiles>(
        LuckyPiles,
        "deals 0..10",
        positions::<LuckyPiles>(LuckyPiles, 0..10, 0),
        20_000,
        20_000,
    );
}

/// Klondike, where every rule is at work: the Aces rule (draw 1), the settled rule, talon
/// plays and split runs, together and each alone (split runs alone, the others each with it).
/// Both sides must decide enough positions for the check to bite.
#[test]
fn prune_agrees_with_unpruned_klondike() {
    let alone = [
        Prune::default(),
        Prune {
            safe: false,
            talon: false,
            ..Prune::default()
        },
        Prune {
            aces: false,
            talon: false,
            ..Prune::default()
        },
        Prune {
            aces: false,
            safe: false,
            ..Prune::default()
        },
        Prune {
            runs: true,
            ..Prune::NONE
        },
    ];
    let mut proofs = 0;
    for prune in alone {
        for (label, steps) in [("reduced 0..100", 0), ("reduced 0..100, 30 moves", 30)] {
            let c = prune_cross_check_against::<Klondike>(
                Klondike,
                label,
                reduced_midgame::<Klondike>(Klondike, 0..100, 6, steps),
                prune,
                Prune::NONE,
                5_000,
                20_000,
            );
            assert!(c.solved >= 20, "{c:?}");
            proofs += c.unsolvable;
            let c = prune_cross_check_against::<KlondikeDraw3>(
                KlondikeDraw3,
                label,
                reduced_midgame::<KlondikeDraw3>(KlondikeDraw3, 0..100, 6, steps),
                prune,
                Prune::NONE,
                5_000,
                20_000,
            );
            assert!(c.solved >= 20, "{c:?}");
            proofs += c.unsolvable;
        }
    }
    // Every foundation started: the settled rule fires on many more cards than the Aces.
    fn no_foundation_empty<V: Variant>(v: V, steps: usize) -> usize {
        let c = prune_cross_check::<V>(
            v,
            "no foundation empty",
            settled_positions::<V>(v, 0..100, 2, steps),
            5_000,
            20_000,
        );
        assert!(c.solved >= 20, "{c:?}");
        c.unsolvable
    }
    for steps in [0, 20] {
        proofs += no_foundation_empty::<Klondike>(Klondike, steps);
        proofs += no_foundation_empty::<KlondikeDraw3>(KlondikeDraw3, steps);
    }
    let c = prune_cross_check::<KlondikeDraw3>(
        KlondikeDraw3,
        "deals 0..30",
        positions::<KlondikeDraw3>(KlondikeDraw3, 0..30, 0),
        20_000,
        50_000,
    );
    assert!(c.solved >= 5, "{c:?}");
    proofs += c.unsolvable;
    // Proofs of a lost position, agreed by both sides.
    assert!(proofs >= 8, "{proofs}");
}

/// By hand: `cargo test --release --test it -- --ignored prune`.
#[test]
#[ignore = "long: run by hand"]
fn prune_agrees_with_unpruned_many_deals() {
    use patience::games::LuckyPiles as L;
    use patience::games::NapoleonsShoulder as N;
    use patience::games::Stonewall as S;
    let deals = |from: u64| from..from + 1000;
    prune_cross_check::<S>(
        S,
        "deals 1000..2000",
        positions::<S>(S, deals(1000), 0),
        100_000,
        500_000,
    );
    prune_cross_check::<S>(
        S,
        "mid-game 1000..2000",
        positions::<S>(S, deals(1000), 30),
        50_000,
        200_000,
    );
    prune_cross_check::<S>(
        S,
        "reduced 1000..2000",
        reduced_positions::<S>(S, deals(1000), 8),
        50_000,
        200_000,
    );
    prune_cross_check::<N>(
        N,
        "deals 1000..2000",
        positions::<N>(N, deals(1000), 0),
        50_000,
        150_000,
    );
    prune_cross_check::<N>(
        N,
        "reduced 1000..2000",
        reduced_positions::<N>(N, deals(1000), 8),
        50_000,
        200_000,
    );
    prune_cross_check::<N>(
        N,
        "reduced 2000..3000, 25 moves",
        reduced_midgame::<N>(N, deals(2000), 8, 25),
        50_000,
        200_000,
    );
    prune_cross_check::<L>(
        L,
        "deals 1000..2000",
        positions::<L>(L, deals(1000), 0),
        20_000,
        20_000,
    );
}

// ---------------------------------------------------------------------------------------------
// 6. The best-first search against the depth-first search.
// ---------------------------------------------------------------------------------------------

/// The best-first search alone and the depth-first search alone, on the same positions: where
/// both decide they agree (the best-first search's "frontier ran dry" is a proof too), every
/// best-first win replays, and each side decides at least `min_u` unsolvable and `min_s` solved
/// positions, so the check has something to compare.
fn best_first_cross_check<V: Variant>(
    v: V,
    label: &str,
    positions: impl Iterator<Item = (String, Position)>,
    nodes: u64,
    min_s: usize,
    min_u: usize,
) {
    use patience::internal::solve::End;
    use patience::internal::solve::best::BestFirst;
    let id = v.rules().id;
    let mut dfs = Solver::<V>::new(
        v,
        Options {
            max_nodes: nodes,
            timeout: None,
            table_bytes: TABLE_BYTES,
            prune: Prune::default(),
            quick: false,
            classes_first: false,
        },
    );
    let mut best = BestFirst::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
    let limits = node_limits(nodes);
    let cancel = AtomicBool::new(false);
    let (mut agree_s, mut agree_u, mut best_s, mut best_u) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for (what, start) in positions {
        let b = match best.search(&start, &limits, &cancel) {
            End::Found(moves) => {
                let end = replay::<V>(v, &start, &moves)
                    .unwrap_or_else(|(i, why)| panic!("{id} {what}: best-first move {i}: {why}"));
                assert!(
                    end.is_won::<V>(v),
                    "{id} {what}: best-first line does not win"
                );
                best_s += 1;
                'S'
            }
            End::Exhausted => {
                best_u += 1;
                'U'
            }
            End::Stopped(_) => '?',
        };
        let d = letter(&solve_checked(&mut dfs, &start, &what).verdict);
        match (b, d) {
            ('?', _) | (_, '?') => {}
            (b, d) if b != d => wrong.push(format!("{what}: best-first {b}, depth-first {d}")),
            ('S', _) => agree_s += 1,
            _ => agree_u += 1,
        }
    }
    eprintln!(
        "best-first cross-check {id}, {label} ({nodes} nodes): best-first {best_s} S {best_u} U; \
         both decided and agree: {agree_s} S, {agree_u} U"
    );
    assert!(
        wrong.is_empty(),
        "{id}: verdicts differ:\n{}",
        wrong.join("\n")
    );
    assert!(
        agree_s >= min_s && agree_u >= min_u,
        "{id}: too few decided by both ({agree_s} S, {agree_u} U) for the check to mean much"
    );
}

#[test]
fn best_first_agrees_with_depth_first() {
    use patience::games::LuckyPiles as L;
    use patience::games::NapoleonsShoulder as N;
    use patience::games::Stonewall as S;
    best_first_cross_check::<S>(
        S,
        "deals 0..100",
        positions::<S>(S, 0..100, 0),
        20_000,
        5,
        30,
    );
    best_first_cross_check::<S>(
        S,
        "reduced 0..100",
        reduced_positions::<S>(S, 0..100, 8),
        10_000,
        10,
        10,
    );
    // Reduced deals of these two are all winnable at these budgets: the check is on the wins
    // (and that nothing is called unsolvable that the other search wins).
    best_first_cross_check::<N>(
        N,
        "reduced 0..100",
        reduced_positions::<N>(N, 0..100, 8),
        10_000,
        30,
        0,
    );
    best_first_cross_check::<L>(
        L,
        "reduced 0..100",
        reduced_positions::<L>(L, 0..100, 6),
        10_000,
        30,
        0,
    );
}

/// The layout scan (`solve::layout`, wins only) in the interleaved schedule of Napoleon's
/// Shoulder: on reduced deals and end games, the whole schedule and the exact depth-first
/// search alone agree wherever both decide, every win replays (`solve_checked`), and deals
/// lost with few positions, where the layout scan runs dry at once, still end (proved lost by
/// the exact scans, never looping on the scan that ran dry).
#[test]
fn the_layout_scan_finds_wins_and_leaves_proofs_to_the_exact_search() {
    use patience::games::NapoleonsShoulder as N;
    let nodes = patience::internal::solve::INTERLEAVE_FROM;
    let mut quick = solver::<N>(N, nodes, Prune::default());
    let mut plain = Solver::<N>::new(
        N,
        Options {
            max_nodes: nodes,
            timeout: None,
            table_bytes: TABLE_BYTES,
            prune: Prune::default(),
            quick: false,
            classes_first: false,
        },
    );
    let (mut s, mut u, mut wrong) = (0, 0, Vec::new());
    let starts = reduced_positions::<N>(N, 0..120, 9)
        .chain((0..120).map(|seed| (format!("end game {seed}"), endgame::<N>(N, seed, false))));
    for (what, start) in starts {
        let a = letter(&solve_checked(&mut quick, &start, &what).verdict);
        let b = letter(&solve_checked(&mut plain, &start, &what).verdict);
        match (a, b) {
            (a, b) if a == b && a == 'S' => s += 1,
            (a, b) if a == b && a == 'U' => u += 1,
            ('S', 'U') | ('U', 'S') => wrong.push(format!("{what}: schedule {a}, exact {b}")),
            _ => {}
        }
    }
    eprintln!("layout scan cross-check: both decided and agree: {s} S, {u} U");
    assert!(wrong.is_empty(), "verdicts differ:\n{}", wrong.join("\n"));
    assert!(s >= 100 && u >= 5, "too few decided by both: {s} S, {u} U");
}

/// A search keyed by the layout key proves nothing: it says so, and on a deal the exact search
/// proves lost it runs dry or stops, never claiming a win.
#[test]
fn a_layout_search_that_runs_dry_proves_nothing() {
    use patience::games::NapoleonsShoulder as N;
    assert!(!Mode::layout(1).proves() && Mode::PLAIN.proves());
    let mut plain = solver::<N>(N, 200_000, Prune::default());
    let mut searcher = Searcher::<N, <N as Variant>::Key>::new(N, TABLE_BYTES, Prune::default());
    let limits = node_limits(200_000);
    let cancel = AtomicBool::new(false);
    let mut dry = 0;
    for (what, start) in
        (0..200).map(|seed| (format!("end game {seed}"), endgame::<N>(N, seed, true)))
    {
        if letter(&solve_checked(&mut plain, &start, &what).verdict) != 'U' {
            continue;
        }
        match searcher.traverse(&start, &mut Win(N), Mode::layout(1), &limits, &cancel) {
            End::Found(moves) => panic!(
                "{what}: a layout search won a lost deal in {} moves",
                moves.len()
            ),
            End::Exhausted => dry += 1,
            End::Stopped(_) => {}
        }
    }
    assert!(dry >= 5, "only {dry} lost end games ran dry");
}

// ---------------------------------------------------------------------------------------------
// 7. Shortened solutions.
// ---------------------------------------------------------------------------------------------

/// Solutions with detours put in (a card moved to another pile and straight back, wherever the
/// rules allow both) come out of `shorten` no longer than before the detours, and still win;
/// and every short solution the solver returns (at most four moves a card) is left as it is.
#[test]
fn shorten_cuts_detours_and_keeps_wins() {
    use patience::games::LuckyPiles as L;
    use patience::internal::solve::shorten::shorten;
    use patience::legal;
    let mut s = solver::<L>(L, 100_000, Prune::default());
    let mut detours = 0;
    for seed in 0..10 {
        let start = start_of::<L>(L, seed);
        let sol = solve_checked(&mut s, &start, &format!("seed {seed}"));
        let Verdict::Solved(moves) = sol.verdict else {
            continue;
        };
        // A long win may lose more to a second shortening (its searches get a new budget); a
        // short one is left as it is.
        let again = shorten::<L>(L, &start, &moves);
        if moves.len() <= 4 * 52 {
            assert_eq!(again, moves, "seed {seed}: not yet shortened");
        } else {
            assert!(again.len() <= moves.len(), "seed {seed}");
        }
        let mut long = Vec::new();
        let mut pos = start.clone();
        for (i, &m) in moves.iter().enumerate() {
            if i % 5 == 0 {
                let away = gen_moves::<L>(L, &pos).into_iter().find(|a| {
                    let (Place::Tableau(from), Place::Tableau(to)) = (a.from, a.to) else {
                        return false;
                    };
                    let mut q = pos.clone();
                    apply::<L>(L, &mut q, *a);
                    legal::<L>(
                        L,
                        &q,
                        Move::new(Place::Tableau(to), Place::Tableau(from), 1),
                    )
                    .is_ok()
                        && {
                            let back = Move::new(Place::Tableau(to), Place::Tableau(from), 1);
                            apply::<L>(L, &mut q, back);
                            q == pos
                        }
                });
                if let Some(a) = away {
                    let Place::Tableau(from) = a.from else {
                        unreachable!()
                    };
                    let Place::Tableau(to) = a.to else {
                        unreachable!()
                    };
                    long.push(a);
                    long.push(Move::new(Place::Tableau(to), Place::Tableau(from), 1));
                    detours += 1;
                }
            }
            long.push(m);
            apply::<L>(L, &mut pos, m);
        }
        assert_shortened_wins::<L>(L, &start, &long, moves.len(), &format!("seed {seed}"));
    }
    assert!(detours >= 20, "{detours}");
}

/// The restarts of the schedule (`Solver::search`: depth-first searches with move-order noise
/// and Luby's lengths): on these Forty Thieves deals they find a win within the first restart,
/// where the plain order alone wanders for the whole budget. Both wins replay.
#[test]
fn restarts_find_wins_the_plain_order_misses() {
    for seed in [16, 44] {
        let pos = start_of::<FortyThieves>(FortyThieves, seed);
        let mut plain = Solver::<FortyThieves>::new(
            FortyThieves,
            Options {
                max_nodes: 1_000_000,
                timeout: None,
                table_bytes: TABLE_BYTES,
                prune: Prune::default(),
                quick: false,
                classes_first: false,
            },
        );
        let what = format!("seed {seed}");
        let sol = solve_checked(&mut plain, &pos, &what);
        assert_eq!(
            letter(&sol.verdict),
            '?',
            "{what}: the plain order decides it"
        );
        let mut quick = solver::<FortyThieves>(FortyThieves, 1_000_000, Prune::default());
        let sol = solve_checked(&mut quick, &pos, &what);
        assert_eq!(
            letter(&sol.verdict),
            'S',
            "{what}: the restarts miss the win"
        );
        assert!(
            sol.stats.nodes < 200_000,
            "{what}: {} nodes",
            sol.stats.nodes
        );
    }
}

/// Klondike's first search in lonelybot's order (`Options::classes_first`) is another order of
/// the same exact search: with it and without it, the verdicts agree wherever both decide, and
/// every win replays; and it bites: some deals are decided in fewer nodes with it.
#[test]
fn the_first_search_in_lonelybots_order_changes_no_verdict() {
    fn check<V: Variant>(v: V, seeds: std::ops::Range<u64>) -> (usize, usize) {
        let solver = |classes_first| {
            Solver::<V>::new(
                v,
                Options {
                    max_nodes: 1_000_000,
                    timeout: None,
                    table_bytes: TABLE_BYTES,
                    prune: Prune::default(),
                    quick: true,
                    classes_first,
                },
            )
        };
        let (mut with, mut without) = (solver(true), solver(false));
        let (mut decided, mut fewer) = (0, 0);
        for seed in seeds {
            let pos = start_of::<V>(v, seed);
            let what = format!("{} seed {seed}", v.rules().id);
            let a = solve_checked(&mut with, &pos, &what);
            let b = solve_checked(&mut without, &pos, &what);
            let (la, lb) = (letter(&a.verdict), letter(&b.verdict));
            if la != '?' && lb != '?' {
                assert_eq!(la, lb, "{what}");
                decided += 1;
                fewer += usize::from(a.stats.nodes < b.stats.nodes);
            }
        }
        (decided, fewer)
    }
    let (d1, f1) = check::<Klondike>(Klondike, 0..30);
    let (d3, f3) = check::<KlondikeDraw3>(KlondikeDraw3, 0..30);
    assert!(d1 + d3 >= 50, "decided both ways: {d1} + {d3}");
    assert!(f1 + f3 >= 10, "decided in fewer nodes with it: {f1} + {f3}");
}

/// The move-order noise of a restart changes which positions are entered first, never what an
/// exhaustive search proves: on the same deals, searches with three noise seeds and without
/// noise agree wherever both decide, every win replays, and enough deals are decided both ways
/// (won and lost) for the check to bite.
#[test]
fn move_order_noise_changes_no_verdict() {
    fn check<V: Variant>(v: V, seeds: std::ops::Range<u64>, nodes: u64) -> (usize, usize) {
        let cancel = AtomicBool::new(false);
        let limits = node_limits(nodes);
        let mut searcher = Searcher::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
        let (mut won, mut lost) = (0, 0);
        for seed in seeds {
            let pos = start_of::<V>(v, seed);
            let mut verdicts = Vec::new();
            for noise in 0..4 {
                let (win, mode) = (&mut Win(v), Mode::noisy(noise));
                let end = searcher.traverse(&pos, win, mode, &limits, &cancel);
                verdicts.push(match end {
                    End::Found(moves) => {
                        assert!(replay::<V>(v, &pos, &moves).unwrap().is_won::<V>(v));
                        'S'
                    }
                    End::Exhausted => 'U',
                    End::Stopped(_) => '?',
                });
            }
            let decided: HashSet<char> = verdicts.iter().copied().filter(|&v| v != '?').collect();
            assert!(
                decided.len() <= 1,
                "{} seed {seed}: verdicts by noise seed {verdicts:?}",
                v.rules().id
            );
            won += usize::from(verdicts[0] == 'S' && verdicts[1..].contains(&'S'));
            lost += usize::from(verdicts[0] == 'U' && verdicts[1..].contains(&'U'));
        }
        (won, lost)
    }
    let (w1, l1) = check::<Stonewall>(Stonewall, 0..30, 100_000);
    let (w2, l2) = check::<LuckyPilesSameSuit>(LuckyPilesSameSuit, 0..30, 100_000);
    assert!(
        w1 + w2 >= 5 && l1 + l2 >= 5,
        "won {w1} + {w2}, lost {l1} + {l2}"
    );
}

/// The streamlined first pass (`solve::streamline`) is not proved: on some winnable deals it
/// runs dry. There the solver must go on and still find the win (were a dry run taken for a
/// proof, these deals would come out `unsolvable`).
#[test]
fn a_streamlined_search_that_runs_dry_proves_nothing() {
    fn dry_but_solved<V: Variant>(v: V, seeds: std::ops::Range<u64>, nodes: u64) -> u32 {
        let cancel = AtomicBool::new(false);
        let mut streamlined = Searcher::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
        let limits = node_limits(nodes);
        let mut found = 0;
        for seed in seeds {
            let pos = start_of::<V>(v, seed);
            let (win, mode) = (&mut Win(v), Mode::streamlined(false));
            let end = streamlined.traverse(&pos, win, mode, &limits, &cancel);
            if end == End::Exhausted {
                let sol = solver::<V>(v, nodes, Prune::default())
                    .solve(&pos, &cancel)
                    .unwrap();
                if let Verdict::Solved(moves) = sol.verdict {
                    assert!(replay::<V>(v, &pos, &moves).unwrap().is_won::<V>(v));
                    found += 1;
                }
            }
        }
        found
    }
    let found = dry_but_solved::<Stonewall>(Stonewall, 0..40, 200_000)
        + dry_but_solved::<KlondikeDraw3>(KlondikeDraw3, 0..40, 200_000);
    assert!(
        found >= 1,
        "no winnable deal on which the streamlined search runs dry"
    );
}

/// A node limit of `n` checked every 1,024 nodes (a scan's turn in the schedule), no
/// deadline, the tests' table bound.
fn node_limit(n: u64) -> Limits {
    Limits {
        max_nodes: n,
        cap: u64::MAX,
        deadline: None,
        table_bytes: TABLE_BYTES,
    }
}

/// 0 for a win, 1 for a proof, 2 for a stop.
fn end_kind(end: &End) -> usize {
    match end {
        End::Found(_) => 0,
        End::Exhausted => 1,
        End::Stopped(_) => 2,
    }
}

/// A search stopped at its node limit and resumed (`Searcher::begin`, `Searcher::resume`, as
/// the interleaved schedule runs its scans) makes the moves one uninterrupted search makes: the
/// same end (the same win, move for move, or the same proof) and the same nodes, but for the
/// move each stop takes back and the resumed search makes again. In the plain, noisy and
/// streamlined modes, on deals won, lost and undecided.
#[test]
fn a_resumed_search_goes_as_one_search() {
    fn check<V: Variant>(
        v: V,
        seeds: std::ops::Range<u64>,
        noise: u64,
        streamline: bool,
    ) -> [u32; 3] {
        let cancel = AtomicBool::new(false);
        let mut one = Searcher::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
        let mut parts = Searcher::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
        let mut capped = Searcher::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
        let mode = Mode {
            streamline,
            ..Mode::noisy(noise)
        };
        let mut seen = [0u32; 3];
        for seed in seeds {
            let pos = start_of::<V>(v, seed);
            let what = format!("{} seed {seed}, noise {noise}", v.rules().id);
            let whole = one.traverse(&pos, &mut Win(v), mode, &node_limit(60_000), &cancel);
            let mut end = parts.begin(&pos, &mut Win(v), mode);
            let mut stops = 0;
            for n in [3_000, 7_000, 20_000, 41_000, 60_000] {
                if end.is_some() {
                    break;
                }
                let e = parts.resume(&mut Win(v), &node_limit(n), &cancel);
                assert_eq!(parts.is_open(), e == End::Stopped(patience::Limit::Nodes));
                if parts.is_open() && n < 60_000 {
                    stops += 1;
                } else {
                    end = Some(e);
                }
            }
            assert_eq!(end.as_ref(), Some(&whole), "{what}");
            if !matches!(whole, End::Stopped(_)) {
                assert_eq!(parts.stats.nodes, one.stats.nodes + stops, "{what}");
            }
            // Stopped by exact caps instead (the solve's budget), it takes nothing back: the
            // same end in the same nodes.
            let mut end = capped.begin(&pos, &mut Win(v), mode);
            for n in [1, 3_000, 7_001, 20_000, 41_000, 60_000] {
                if end.is_some() {
                    break;
                }
                let exact = Limits {
                    cap: n,
                    ..node_limit(n)
                };
                let e = capped.resume(&mut Win(v), &exact, &cancel);
                if !capped.is_open() || n == 60_000 {
                    end = Some(e);
                } else {
                    assert_eq!(capped.stats.nodes, n, "{what}: stopped at its cap");
                }
            }
            if !matches!(whole, End::Stopped(_)) && one.stats.nodes <= 60_000 {
                assert_eq!(end.as_ref(), Some(&whole), "{what}");
                assert_eq!(capped.stats.nodes, one.stats.nodes, "{what}");
            }
            seen[end_kind(&whole)] += 1;
        }
        seen
    }
    let mut seen = [0u32; 3];
    for part in [
        check::<Stonewall>(Stonewall, 0..12, 0, false),
        check::<Stonewall>(Stonewall, 0..6, 3, false),
        check::<KlondikeDraw3>(KlondikeDraw3, 0..8, 0, true),
        check::<FlowerGarden>(FlowerGarden, 0..6, 0, false),
        check::<FortyThieves>(FortyThieves, 0..4, 2, false),
    ] {
        for i in 0..3 {
            seen[i] += part[i];
        }
    }
    assert!(
        seen.iter().all(|&n| n >= 2),
        "won, lost, undecided: {seen:?}"
    );
}

/// The same for the best-first search (`BestFirst::begin`, `BestFirst::resume`): it stops only
/// between expansions, so the resumed search makes exactly the nodes of one search.
#[test]
fn a_resumed_best_first_search_goes_as_one_search() {
    use patience::internal::solve::best::BestFirst;
    fn check<V: Variant>(v: V, seeds: std::ops::Range<u64>) -> [u32; 3] {
        let cancel = AtomicBool::new(false);
        let mut one = BestFirst::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
        let mut parts = BestFirst::<V, V::Key>::new(v, TABLE_BYTES, Prune::default());
        let mut seen = [0u32; 3];
        for seed in seeds {
            let pos = start_of::<V>(v, seed);
            let what = format!("{} seed {seed}", v.rules().id);
            let whole = one.search(&pos, &node_limit(40_000), &cancel);
            let mut end = parts.begin(&pos);
            for n in [2_000, 9_000, 25_000, 40_000] {
                if end.is_some() {
                    break;
                }
                let e = parts.resume(&node_limit(n), &cancel);
                if !parts.is_open() || n == 40_000 {
                    end = Some(e);
                }
            }
            assert_eq!(end.as_ref(), Some(&whole), "{what}");
            assert_eq!(parts.nodes_made, one.nodes_made, "{what}");
            seen[end_kind(&whole)] += 1;
        }
        seen
    }
    let a = check::<Stonewall>(Stonewall, 0..12);
    let b = check::<FlowerGarden>(FlowerGarden, 0..8);
    let c = check::<KlondikeDraw3>(KlondikeDraw3, 0..8);
    let seen: Vec<u32> = (0..3).map(|i| a[i] + b[i] + c[i]).collect();
    assert!(
        seen.iter().all(|&n| n >= 2),
        "won, lost, undecided: {seen:?}"
    );
}

/// The sequential schedule's restarts spend their whole share (half of what the probe left):
/// Napoleon's Shoulder seed 4 is won at one node below `INTERLEAVE_FROM`, where a restart phase
/// that counted its nodes wrongly (each restart adding all the solve's nodes so far, so that
/// the phase ended early) left it unknown; the interleaved schedule, whose layout restarts
/// take most of its turns there, wins it by 3,000,000 nodes. Both wins replay.
#[test]
fn the_sequential_restarts_spend_their_share() {
    use patience::internal::solve::INTERLEAVE_FROM;
    let pos = start_of::<NapoleonsShoulder>(NapoleonsShoulder, 4);
    for nodes in [INTERLEAVE_FROM - 1, 3 * INTERLEAVE_FROM] {
        let what = format!("seed 4 at {nodes} nodes");
        let mut solver = solver::<NapoleonsShoulder>(NapoleonsShoulder, nodes, Prune::default());
        let sol = solve_checked(&mut solver, &pos, &what);
        assert_eq!(letter(&sol.verdict), 'S', "{what}");
    }
}

/// When the streamlined scan runs dry, the restarts leave with it and the plain search takes
/// their turns, eight times over where cards lie face down (`Solver::stream_dry`,
/// `DRY_PLAIN_FACTOR`): these lost deals are proved within 1,400,000 nodes, where with the
/// restarts kept their proofs took 3,149,259, 3,257,022 and 3,136,606 nodes at the default
/// budget (Klondike draw 3 seeds 13 and 82, Stonewall seed 20), and without the factor about
/// 1.6 M each (1.15 M, 1.21 M and 1.12 M with it);
/// and where the symmetric streamlined scan runs first, alone, Wildflower seed 661 is proved
/// lost at the default budget (8.6 M nodes), where it was unknown.
#[test]
fn a_dry_streamlined_scan_hands_its_turns_to_the_proof() {
    fn lost<V: Variant>(v: V, seed: u64, nodes: u64) {
        let pos = start_of::<V>(v, seed);
        let what = format!("{} seed {seed}", v.rules().id);
        // The default table bound, as the measurement had.
        let mut s = solver_in::<V>(v, nodes, Prune::default(), 2048 << 20);
        let sol = solve_checked(&mut s, &pos, &what);
        assert_eq!(letter(&sol.verdict), 'U', "{what}: {:?}", sol.verdict);
    }
    lost::<KlondikeDraw3>(KlondikeDraw3, 13, 1_400_000);
    lost::<KlondikeDraw3>(KlondikeDraw3, 82, 1_400_000);
    lost::<Stonewall>(Stonewall, 20, 1_400_000);
    lost::<Wildflower>(Wildflower, 661, 10_000_000);
}

/// The interleaved schedule at its memory bound: with a table bound so small that scans stop at
/// it and leave, no verdict contradicts the one with a large bound, and every win replays.
/// (That a streamlined scan running dry after the exhaustive ones have left is no proof is
/// argued in `Solver::interleaved`; these deals do not reach that case.)
#[test]
fn the_interleaved_schedule_at_its_memory_bound_proves_nothing_false() {
    fn check<V: Variant>(v: V, seeds: std::ops::Range<u64>) -> (u32, u32) {
        let nodes = patience::internal::solve::INTERLEAVE_FROM;
        let (mut memory, mut won) = (0, 0);
        for seed in seeds {
            let pos = start_of::<V>(v, seed);
            let what = format!("{} seed {seed}", v.rules().id);
            let big = letter(
                &solve_checked(&mut solver::<V>(v, nodes, Prune::default()), &pos, &what).verdict,
            );
            let mut small = solver_in::<V>(v, nodes, Prune::default(), 1 << 16);
            let sol = solve_checked(&mut small, &pos, &what);
            let tiny = letter(&sol.verdict);
            assert!(
                tiny == big || tiny == '?' || big == '?',
                "{what}: {tiny} with a small table, {big} with a large one"
            );
            memory += u32::from(sol.verdict == Verdict::Unknown(patience::Limit::Memory));
            won += u32::from(tiny == 'S');
        }
        (memory, won)
    }
    // Klondike's first search in lonelybot's order wins some deals at once, within the bound,
    // so it takes more deals to see the bound stop some.
    let (m1, w1) = check::<KlondikeDraw3>(KlondikeDraw3, 0..40);
    let (m2, w2) = check::<Stonewall>(Stonewall, 0..12);
    assert!(
        m1 + m2 >= 3 && w1 + w2 >= 3,
        "memory stops {m1} + {m2}, won {w1} + {w2}"
    );
}

/// The interleaved schedule against the plain exhaustive search alone (`Options::quick =
/// false`) at the same budget: where both decide they agree (a streamlined scan that runs dry
/// is no proof; any exhaustive scan that does is), every win replays, and enough deals are
/// decided both ways, won and lost, for the check to bite.
#[test]
fn the_interleaved_schedule_agrees_with_the_plain_search() {
    fn check<V: Variant>(v: V, seeds: std::ops::Range<u64>) -> (u32, u32) {
        let nodes = patience::internal::solve::INTERLEAVE_FROM;
        let (mut won, mut lost) = (0, 0);
        for seed in seeds {
            let pos = start_of::<V>(v, seed);
            let what = format!("seed {seed}");
            let mut plain = Solver::<V>::new(
                v,
                Options {
                    max_nodes: nodes,
                    timeout: None,
                    table_bytes: TABLE_BYTES,
                    prune: Prune::default(),
                    quick: false,
                    classes_first: false,
                },
            );
            let a = letter(&solve_checked(&mut plain, &pos, &what).verdict);
            let b = letter(
                &solve_checked(&mut solver::<V>(v, nodes, Prune::default()), &pos, &what).verdict,
            );
            assert!(
                a == '?' || b == '?' || a == b,
                "{} {what}: plain {a}, interleaved {b}",
                v.rules().id
            );
            won += u32::from(a == 'S' && b == 'S');
            lost += u32::from(a == 'U' && b == 'U');
        }
        (won, lost)
    }
    let (w1, l1) = check::<Stonewall>(Stonewall, 0..16);
    let (w2, l2) = check::<KlondikeDraw3>(KlondikeDraw3, 0..16);
    let (w3, l3) = check::<NapoleonsSquare>(NapoleonsSquare, 0..6);
    assert!(
        w1 + w2 + w3 >= 5 && l1 + l2 + l3 >= 5,
        "won {w1} + {w2} + {w3}, lost {l1} + {l2} + {l3}"
    );
}

/// The free-children rule against the same search without it, on `positions`, 20,000 nodes a
/// side.
fn free_cross_check<V: Variant>(
    v: V,
    positions: impl Iterator<Item = (String, Position)>,
) -> Cross {
    let without = Prune {
        free: false,
        ..Prune::default()
    };
    prune_cross_check_against::<V>(
        v,
        "reduced",
        positions,
        Prune::default(),
        without,
        20_000,
        20_000,
    )
}

/// The free-children extension of the settled rule against the same search without it, on
/// 1,200 reduced deals of the three games where it holds (one deck, single cards), half of
/// them with no foundation empty (where it fires most). Where both decide, they must agree,
/// and both must decide enough of them, wins and losses, for the check to bite.
#[test]
fn free_children_agree_with_the_search_without_them() {
    fn check<V: Variant>(v: V, seeds: std::ops::Range<u64>) -> Cross {
        let n = seeds.end - seeds.start;
        let half = seeds.start..seeds.start + n / 2;
        let rest = seeds.start + n / 2..seeds.end;
        free_cross_check::<V>(
            v,
            reduced_positions::<V>(v, half, 6).chain(rest.map(|seed| {
                (
                    format!("seed {seed} reduced (5, no foundation empty)"),
                    reduced_with::<V>(v, seed, 5, 0.0),
                )
            })),
        )
    }
    // Measured when written: 344, 382 and 393 decided by both (342 S 2 U, 201 S 181 U,
    // 392 S 1 U).
    let g = check::<FlowerGarden>(FlowerGarden, 0..400);
    assert!(g.both >= 300 && g.solved >= 200, "{g:?}");
    let l = check::<LuckyThirteen>(LuckyThirteen, 0..400);
    assert!(l.solved >= 100 && l.unsolvable >= 100, "{l:?}");
    let a = check::<LuckierThirteen>(LuckierThirteen, 0..400);
    assert!(a.both >= 300 && a.solved >= 200, "{a:?}");
}

/// The free-children rule where runs move as units (Wildflower's same-suit runs on any-suit
/// building, Stonewall's and Klondike's alternating runs) against the same search without it,
/// on 1,000 reduced deals of each, half of them with no foundation empty, as above.
#[test]
fn free_children_with_runs_agree_with_the_search_without_them() {
    fn check<V: Variant>(v: V, seeds: std::ops::Range<u64>) -> Cross {
        free_cross_check::<V>(
            v,
            seeds.map(|seed| {
                let empty = if seed % 2 == 0 { 0.35 } else { 0.0 };
                (
                    format!("seed {seed} reduced (5, empty {empty})"),
                    reduced_with::<V>(v, seed, 5, empty),
                )
            }),
        )
    }
    let w = check::<Wildflower>(Wildflower, 0..1000);
    let s = check::<Stonewall>(Stonewall, 0..1000);
    let k = check::<Klondike>(Klondike, 0..1000);
    let d = check::<KlondikeDraw3>(KlondikeDraw3, 0..1000);
    // Measured when written: 915, 985, 977 and 976 decided by both (915 S; 877 S 108 U; 959 S
    // 18 U; 915 S 61 U). A false `unsolvable` would show as a deal won without the rule and lost
    // with it.
    for c in [&w, &s, &k, &d] {
        assert!(c.both >= 850 && c.solved >= 800, "{c:?}");
    }
    assert!(s.unsolvable >= 50 && d.unsolvable >= 30, "{s:?} {d:?}");
}

/// The free-children rule in two decks (Napoleon's Shoulder, where building ignores suits)
/// against the same search without it, on 1,000 reduced deals, as above.
#[test]
fn free_children_in_two_decks_agree_with_the_search_without_them() {
    let c = free_cross_check::<NapoleonsShoulder>(
        NapoleonsShoulder,
        (0..1000u64).map(|seed| {
            let empty = if seed % 2 == 0 { 0.35 } else { 0.0 };
            (
                format!("seed {seed} reduced (6, empty {empty})"),
                reduced_with::<NapoleonsShoulder>(NapoleonsShoulder, seed, 6, empty),
            )
        }),
    );
    // Measured when written: 840 decided by both (836 S, 4 U). A false `unsolvable` would
    // show as a deal won without the rule and lost with it.
    assert!(c.both >= 700 && c.solved >= 600, "{c:?}");
}

/// The loose tableau (`Prune::loose`: the depth-first searches key the tableau's face-up cards
/// as a set and make twin shifts) against the same search without it, in both Klondikes: 1,000
/// reduced deals each (half of them with no foundation empty) and 500 positions after 40 random
/// moves (built runs above the bases at the start). Where both decide, they must agree, and
/// both must decide enough wins and losses for the check to bite. It does bite: without the
/// twin shifts, it found draw-1 positions proved lost that the search without the rule wins
/// (reduced seed 758, mid-game seeds 5, 117, 159).
#[test]
fn the_loose_tableau_agrees_with_the_search_without_it() {
    fn check<V: Variant>(v: V) -> Cross {
        let without = Prune {
            loose: false,
            ..Prune::default()
        };
        let reduced = (0..1000u64).map(|seed| {
            let empty = if seed % 2 == 0 { 0.35 } else { 0.0 };
            (
                format!("seed {seed} reduced (5, empty {empty})"),
                reduced_with::<V>(v, seed, 5, empty),
            )
        });
        prune_cross_check_against::<V>(
            v,
            "reduced and mid-game",
            reduced.chain(positions::<V>(v, 0..500, 40)),
            Prune::default(),
            without,
            20_000,
            20_000,
        )
    }
    let k = check::<Klondike>(Klondike);
    let d = check::<KlondikeDraw3>(KlondikeDraw3);
    // Measured when written: 1,434 and 1,424 of 1,500 decided by both (1,344 S 90 U; 1,171 S
    // 253 U), 25 and 41 by the loose search only, 0 and 4 by the other only.
    for c in [&k, &d] {
        assert!(
            c.both >= 1300 && c.solved >= 1000 && c.unsolvable >= 40,
            "{c:?}"
        );
    }
}

/// A win found too long to show (more than four moves a card) gets a second try, by the
/// best-first search (`Solver::shorter`): Luckier Thirteen seed 63 at 1,000,000 nodes, which
/// the symmetric streamlined scan wins in over 400 moves, is shown in far fewer; the verdict is
/// the search's, and the try's nodes count as the solve's.
#[test]
fn a_long_win_gets_a_second_try_for_a_shorter_one() {
    use patience::games::LuckierThirteen as V;
    let v = V;
    let start = start_of::<V>(v, 63);
    let mut s = solver::<V>(v, 1_000_000, Prune::default());
    let cancel = AtomicBool::new(false);
    let (end, first) = s.search_only(&start, &cancel).expect("searches");
    let End::Found(found) = end else {
        panic!("seed 63 is won: {end:?}")
    };
    let found = patience::internal::solve::expand_solver_moves::<V>(v, &start, &found);
    assert!(
        found.len() > 4 * 52,
        "the search's own win is long: {}",
        found.len()
    );
    let sol = solve_checked(&mut s, &start, "seed 63");
    let Verdict::Solved(moves) = &sol.verdict else {
        panic!("seed 63: {:?}", sol.verdict)
    };
    assert!(
        moves.len() <= 4 * 52,
        "the solution shown is short: {} moves (the search's {})",
        moves.len(),
        found.len()
    );
    assert!(
        sol.stats.nodes > first.nodes,
        "the second try's nodes are counted: {} against {}",
        sol.stats.nodes,
        first.nodes
    );
}

/// In the games without a reserve the symmetric streamlined scan runs alone for a 64th of the
/// budget, then takes turns with the other scans (`solve::stream_first_nodes`): Lucky Piles
/// seed 168 at the default budget, which that scan had not won after the half of the budget it
/// used to spend alone (5,001,171 nodes), is won by the others within 200,000.
#[test]
fn without_a_reserve_the_streamlined_scan_takes_turns_after_a_short_first_one() {
    use patience::games::LuckyPiles as V;
    let v = V;
    let mut s = solver::<V>(
        v,
        patience::internal::solve::DEFAULT_MAX_NODES,
        Prune::default(),
    );
    let sol = solve_checked(&mut s, &start_of::<V>(v, 168), "seed 168");
    assert!(
        matches!(sol.verdict, Verdict::Solved(_)),
        "seed 168 is won: {:?}",
        sol.verdict
    );
    assert!(
        sol.stats.nodes < 1_000_000,
        "won while the streamlined scan takes turns: {} nodes",
        sol.stats.nodes
    );
}

/// The twin-cards test (`Prune::twin`, `solve::twin`) against the same search without it, in
/// one two-deck game, on the reduced deals of `seeds` (both decks; each foundation holds its
/// suit from the Ace up to a random rank from 9 to K, so only the high ranks are left to play,
/// dealt as the deal has them) and on as many random end games (foundations from 8 up, the other
/// cards shuffled into the piles and the stock): where both searches decide (a win, or an
/// exhaustive search) they must agree. Returns the comparison, and how many of the positions
/// the test finds blocked before the first move.
fn twin_cross_check<V: Variant>(v: V, seeds: std::ops::Range<u64>, nodes: u64) -> (Cross, usize) {
    let without = Prune {
        twin: false,
        ..Prune::default()
    };
    let positions: Vec<(String, Position)> = reduced_positions::<V>(v, seeds.clone(), 9)
        .chain(endgames_from::<V>(v, seeds.clone(), 8))
        .collect();
    let at_start = positions
        .iter()
        .filter(|(_, p)| patience::internal::solve::twin::blocked::<V>(v, p))
        .count();
    let c = prune_cross_check_against::<V>(
        v,
        &format!("twin cards, reduced deals and end games {seeds:?}"),
        positions.into_iter(),
        Prune::default(),
        without,
        nodes,
        nodes,
    );
    (c, at_start)
}

/// The three two-deck games' twin-cards cross-checks on `seeds`: the sums of their counts.
fn twin_cross_checks(seeds: std::ops::Range<u64>, nodes: u64) -> (Cross, usize) {
    let mut sum = (Cross::default(), 0);
    for (c, at_start) in [
        twin_cross_check::<NapoleonsShoulder>(NapoleonsShoulder, seeds.clone(), nodes),
        twin_cross_check::<NapoleonsSquare>(NapoleonsSquare, seeds.clone(), nodes),
        twin_cross_check::<FortyThieves>(FortyThieves, seeds, nodes),
    ] {
        sum.0.deals += c.deals;
        sum.0.both += c.both;
        sum.0.solved += c.solved;
        sum.0.unsolvable += c.unsolvable;
        sum.0.neither += c.neither;
        sum.1 += at_start;
    }
    eprintln!(
        "twin cards, all three games: {:?}, blocked at the start {}",
        sum.0, sum.1
    );
    sum
}

/// The twin-cards test agrees with the search without it on reduced two-deck deals and end
/// games, and the check bites: both verdicts occur, and the test finds positions blocked
/// before the first move. The full cross-check is the ignored test below.
#[test]
fn twin_cards_agree_with_the_search_without_them() {
    let (c, at_start) = twin_cross_checks(0..60, 100_000);
    // Losses are rare in such small games (3 of these 360 positions, one of them blocked
    // before the first move); the wins are where a wrong dead end would show.
    assert!(
        c.solved >= 300 && c.unsolvable >= 3 && at_start >= 1,
        "{c:?} {at_start}"
    );
}

/// The full cross-check: 1,000 reduced deals and 1,000 end games of each two-deck game
/// (`cargo test --test it twin_cards_agree_on_a_thousand -- --ignored --nocapture`). Its
/// figures are in docs/performance.md.
#[test]
#[ignore]
fn twin_cards_agree_on_a_thousand_reduced_deals() {
    let (c, at_start) = twin_cross_checks(0..1000, 200_000);
    assert!(
        c.solved >= 5000 && c.unsolvable >= 50 && at_start >= 5,
        "{c:?} {at_start}"
    );
}

/// Forty Thieves seed 80 is proved lost by the search with the twin-cards test (the first deal
/// of the game proved lost by search rather than before the first move); without the test the
/// search does not decide it (nor within 1,000,000 nodes).
#[test]
fn twin_cards_prove_forty_thieves_seed_80_lost() {
    let start = start_of::<FortyThieves>(FortyThieves, 80);
    let mut with = solver::<FortyThieves>(FortyThieves, 1_000_000, Prune::default());
    assert_eq!(
        letter(&solve_checked(&mut with, &start, "seed 80").verdict),
        'U'
    );
    let without = Prune {
        twin: false,
        ..Prune::default()
    };
    let mut without = solver::<FortyThieves>(FortyThieves, 200_000, without);
    assert_eq!(
        letter(&solve_checked(&mut without, &start, "seed 80").verdict),
        '?'
    );
}

/// A random walk of the two-deck games that ends with no move to make, not won, ends at a dead
/// end the twin-cards test sees (with the second-copy rule; without it some such walks ended
/// unseen). Seeds 0..60 of each game, 400 moves at most.
#[test]
fn the_twin_cards_test_sees_where_walks_run_out_of_moves() {
    fn ends<V: Variant>(v: V) -> usize {
        let mut ended = 0;
        for seed in 0..60 {
            let end = midgame::<V>(v, start_of::<V>(v, seed), seed, 400);
            if gen_moves::<V>(v, &end).is_empty() && !end.is_won::<V>(v) {
                ended += 1;
                assert!(
                    patience::internal::solve::twin::blocked::<V>(v, &end),
                    "{} seed {seed}: no move left, not seen blocked",
                    v.rules().id
                );
            }
        }
        ended
    }
    let ended = ends::<NapoleonsShoulder>(NapoleonsShoulder)
        + ends::<NapoleonsSquare>(NapoleonsSquare)
        + ends::<FortyThieves>(FortyThieves);
    assert!(ended >= 5, "only {ended} walks ran out of moves");
}
