//! The loose tableau (`solve::loose`): twin shifts on hand-made positions, and the loose key
//! against what a class of positions holds, on random walks. The verdict cross-check (with and
//! without it, on many deals) is in `solver.rs`.

use crate::helpers::{Table, random_walk, start_of};
use patience::Position;
use patience::games::{
    FlowerGarden, FortyThieves, Klondike, KlondikeDraw3, LuckierThirteen, LuckyPiles,
    LuckyPilesSameSuit, LuckyThirteen, NapoleonsShoulder, NapoleonsSquare, Stonewall, Wildflower,
};
use patience::internal::cards::Card;
use patience::internal::game::Place;
use patience::internal::game::position::fields_mut;
use patience::internal::solve::expand_solver_moves;
use patience::internal::solve::key::{KeyContext, encode};
use patience::internal::solve::loose::{holds, push_twin_shifts};
use patience::{Move, Variant, apply, undo};
use patience::{Prune, replay};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

fn twin_shifts<V: Variant>(v: V, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    push_twin_shifts::<V>(v, pos, &mut out);
    out
}

/// A Klondike position with the named piles and clubs up to `clubs` on foundation 1; the other
/// cards lie in the stock.
fn with_clubs(piles: &[&str], clubs: &str) -> Position {
    Table {
        piles,
        found: &[clubs],
        ..Table::default()
    }
    .pos::<Klondike>(Klondike)
}

/// Clubs up to 5: 6C is next. It lies in pile 1 under 5H; its twin 6S is the top of pile 2
/// (`twin`) or covered by 5D.
fn six_of_clubs_covered(twin: &str) -> Position {
    with_clubs(&["kc 6C 5H 4S", twin, "QD"], "5C")
}

#[test]
fn a_twin_shift_moves_the_run_onto_the_bare_twin_and_puts_the_card_up() {
    use patience::games::Klondike as K;
    let p = six_of_clubs_covered("kd 6S");
    let shift = Move::twin_shift(0, 1, 0);
    assert_eq!(twin_shifts::<K>(K, &p), vec![shift]);
    assert_eq!(shift.as_twin_shift(), Some(1));
    assert_eq!(
        Move::new(Place::Tableau(0), Place::Foundation(0), 1).as_twin_shift(),
        None
    );
    // Made and taken back, bit for bit.
    let mut q = p.clone();
    let u = apply::<K>(K, &mut q, shift);
    assert_eq!(q.found_height(0), 6, "6C is up");
    assert_eq!(q.piles()[0].len, 1, "pile 1 holds KC alone");
    assert!(!q.piles()[0].is_down(0), "KC is turned up");
    let pile2: Vec<Card> = (0..q.piles()[1].len as usize)
        .map(|i| q.piles()[1].card(i))
        .collect();
    assert_eq!(
        pile2,
        ["KD", "6S", "5H", "4S"].map(crate::helpers::card).to_vec()
    );
    let mut back = q.clone();
    undo::<K>(&mut back, shift, u);
    assert_eq!(back, p);
    // Written out, it is the run move and the move up, which the rules check accepts.
    let real = expand_solver_moves::<K>(K, &p, &[shift]);
    assert_eq!(
        real,
        vec![
            Move::new(Place::Tableau(0), Place::Tableau(1), 2),
            Move::new(Place::Tableau(0), Place::Foundation(0), 1),
        ]
    );
    assert_eq!(replay::<K>(K, &p, &real).expect("legal"), q);
}

#[test]
fn no_twin_shift_where_the_twin_is_covered_absent_or_the_card_is_bare() {
    use patience::games::Klondike as K;
    // 6S covered by 5D: 6C is covered in every arrangement of these cards.
    assert!(twin_shifts::<K>(K, &six_of_clubs_covered("kd 6S 5D")).is_empty());
    // 6S face down, or in the stock.
    assert!(twin_shifts::<K>(K, &six_of_clubs_covered("6s KD")).is_empty());
    assert!(twin_shifts::<K>(K, &six_of_clubs_covered("KD")).is_empty());
    // 6C bare: it goes up by a plain move.
    assert!(twin_shifts::<K>(K, &with_clubs(&["kc 6C", "kd 6S 5H"], "5C")).is_empty());
    // 6C not next (clubs at 4).
    assert!(twin_shifts::<K>(K, &with_clubs(&["kc 6C 5H", "kd 6S"], "4C")).is_empty());
}

#[test]
fn the_loose_tableau_holds_only_in_klondike() {
    assert!(holds::<Klondike>(Klondike) && holds::<KlondikeDraw3>(KlondikeDraw3));
    assert!(Prune::loose_rule_holds::<Klondike>(Klondike));
    // Stonewall: any card fills a space, and face-down cards lie between face-up ones.
    assert!(!holds::<Stonewall>(Stonewall));
    assert!(!holds::<FlowerGarden>(FlowerGarden));
    assert!(!holds::<Wildflower>(Wildflower));
    assert!(!holds::<LuckyPiles>(LuckyPiles));
    assert!(!holds::<LuckyPilesSameSuit>(LuckyPilesSameSuit));
    assert!(!holds::<LuckyThirteen>(LuckyThirteen));
    assert!(!holds::<LuckierThirteen>(LuckierThirteen));
    assert!(!holds::<NapoleonsShoulder>(NapoleonsShoulder));
    assert!(!holds::<NapoleonsSquare>(NapoleonsSquare));
    assert!(!holds::<FortyThieves>(FortyThieves));
}

/// What a class of positions holds (`solve::loose`), read off a position directly: the
/// foundations, the talon, and per pile its face-down cards and, when its bottom card has lain
/// there since the start, its base; and the set of face-up tableau cards.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Class {
    found: [u8; 4],
    talon: (u128, u8),
    piles: Vec<Option<(Vec<u8>, u8)>>,
    face_up: u64,
}

fn class_of<V: Variant>(v: V, pos: &Position) -> Class {
    let mut found = [0u8; 4];
    for f in 0..4 {
        if pos.found_suit(f) != patience::internal::game::position::NONE {
            found[pos.found_suit(f) as usize] = pos.found_height(f);
        }
    }
    let mut face_up = 0u64;
    let piles = (0..v.rules().piles())
        .map(|p| {
            let pile = &pos.piles()[p];
            let n = pile.len as usize;
            let down: Vec<u8> = (0..n)
                .filter(|&i| pile.is_down(i))
                .map(|i| pile.card(i).index())
                .collect();
            for i in down.len()..n {
                face_up |= 1 << pile.card(i).index();
            }
            (pile.fixed > 0).then(|| (down.clone(), pile.card(down.len()).index()))
        })
        .collect();
    Class {
        found,
        talon: (pos.talon_out(), pos.stock_len() as u8),
        piles,
        face_up,
    }
}

/// Random walks from deals ([`random_walk`]): positions with one loose key hold the same class,
/// and positions of one class get one loose key. Some of them differ in how the loose cards are
/// built on each other (else the check would not bite).
fn loose_key_is_the_class<V: Variant>(v: V, seeds: std::ops::Range<u64>) -> usize {
    let mut merged = 0;
    for seed in seeds {
        let start = start_of::<V>(v, seed);
        let ctx = KeyContext::new::<V>(v, &start).with_loose_tableau(true);
        let mut by_key: HashMap<V::Key, (Class, Position)> = HashMap::new();
        let mut by_class: HashMap<Class, V::Key> = HashMap::new();
        for walk in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed << 8 | walk);
            random_walk::<V>(v, &start, &mut rng, 150, |pos| {
                let key: V::Key = encode::<V, V::Key>(v, &ctx, pos);
                let class = class_of::<V>(v, pos);
                match by_key.get(&key) {
                    Some((c, p)) => {
                        let id = v.rules().id;
                        assert_eq!(c, &class, "{id} seed {seed}: one key, two classes");
                        // (The count of redeals is no part of the state here.)
                        let mut q = p.clone();
                        *fields_mut(&mut q).redeals = pos.redeals();
                        if &q != pos {
                            merged += 1;
                        }
                    }
                    None => {
                        by_key.insert(key, (class.clone(), pos.clone()));
                    }
                }
                let k = *by_class.entry(class).or_insert(key);
                assert_eq!(k, key, "{} seed {seed}: one class, two keys", v.rules().id);
            });
        }
    }
    merged
}

#[test]
fn the_loose_key_says_exactly_what_a_class_holds() {
    let one = loose_key_is_the_class::<Klondike>(Klondike, 0..40);
    let three = loose_key_is_the_class::<KlondikeDraw3>(KlondikeDraw3, 0..40);
    // Measured when written: 32,507 and 34,381 positions met again in another arrangement.
    assert!(one > 10_000 && three > 10_000, "merged: {one}, {three}");
}
