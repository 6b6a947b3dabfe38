//! The search's reductions on hand-made positions: the settled-cards rule (`solve::prune`) and
//! talon plays (`game::engine::generate_with`). Their verdict cross-checks on many deals are in
//! `solver.rs` (section 5); here each rule is shown to fire where it should and not elsewhere,
//! and every talon play is checked against real turns and the independent rules check.

use crate::helpers::{Filler, Table, card, gen_moves, start_of};
use patience::games::{
    FlowerGarden, FortyThieves, Klondike, KlondikeDraw3, LuckierThirteen, LuckyPiles,
    LuckyPilesSameSuit, LuckyThirteen, NapoleonsShoulder, NapoleonsSquare, Stonewall, Wildflower,
};
use patience::internal::cards::Card;
use patience::internal::game::position::fields_mut;
use patience::internal::game::{Place, generate_with, talon_card};
use patience::internal::solve::blocked::blocked;
use patience::internal::solve::expand_solver_moves;
use patience::internal::solve::prune::{settled, stuck_kings};
use patience::internal::solve::streamline::{
    SYMMETRIC_FROM, SYMMETRIC_FROM_NO_RESERVE, streamline, symmetric_used, used,
};
use patience::{Build, Move, Position, Stock, Unit, Variant, apply, generate, undo};
use patience::{Prune, replay};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The moves the search keeps in `pos` with `prune` (none at a dead end).
fn kept<V: Variant>(v: V, pos: &Position, prune: Prune) -> Vec<Move> {
    let mut out = Vec::new();
    if prune.dead_end::<V>(v, pos) {
        return out;
    }
    prune.generate::<V>(v, pos, &mut out);
    let end = prune.apply::<V>(v, pos, &mut out, 0);
    out.truncate(end);
    out
}

/// Every move the search generates in `pos` with `prune`, before pruning.
fn gen_moves_with<V: Variant>(v: V, pos: &Position, prune: Prune) -> Vec<Move> {
    let mut out = Vec::new();
    prune.generate::<V>(v, pos, &mut out);
    out
}

/// The settled rule alone (no Aces rule, no talon plays).
const SAFE_ONLY: Prune = Prune {
    safe: true,
    ..Prune::NONE
};

/// The split-runs rule alone.
const RUNS_ONLY: Prune = Prune {
    runs: true,
    ..Prune::NONE
};

fn mask(cards: &[&str]) -> u64 {
    cards.iter().map(|c| 1u64 << card(c).index()).sum()
}

/// Every card of `suit` from the Ace up to `top`.
fn suit_to(suit: char, top: u8) -> Vec<String> {
    const R: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    (0..top as usize)
        .map(|i| format!("{}{suit}", R[i]))
        .collect()
}

fn suits_to(tops: &[(char, u8)]) -> u64 {
    let names: Vec<String> = tops.iter().flat_map(|&(s, t)| suit_to(s, t)).collect();
    mask(&names.iter().map(|s| s.as_str()).collect::<Vec<_>>())
}

#[test]
fn settled_cards_follow_the_build_rule() {
    // Alternating colour: clubs to 6, spades to 3, diamonds and hearts to 5. 6C would take the
    // red Fives, which need the black Fours, and 4S is not up: so 6C, 5D, 5H are not settled,
    // everything under them is.
    let p = Table {
        piles: &["KC"],
        found: &["6C", "5D", "5H", "3S"],
        ..Table::default()
    }
    .pos::<Klondike>(Klondike);
    let want = suits_to(&[('C', 5), ('S', 3), ('D', 4), ('H', 4)]);
    assert_eq!(settled::<Klondike>(Klondike, &p), want);
    // Down in any suit, two decks: a card is settled only when every foundation of every suit
    // is that high (a 4 takes any 3); a suit with one foundation empty settles nothing, and then
    // no other suit gets past its Aces (a Two takes that suit's Ace).
    let p = Table {
        found: &["4C", "4C", "3D", "5D", "4H", "4H", "6S", "4S"],
        ..Table::default()
    }
    .pos::<NapoleonsShoulder>(NapoleonsShoulder);
    assert_eq!(
        settled::<NapoleonsShoulder>(NapoleonsShoulder, &p),
        suits_to(&[('C', 4), ('D', 3), ('H', 4), ('S', 4)])
    );
    let p = Table {
        found: &["4C", "4C", "3D", "", "4H", "4H", "6S", "4S"],
        ..Table::default()
    }
    .pos::<NapoleonsShoulder>(NapoleonsShoulder);
    assert_eq!(
        settled::<NapoleonsShoulder>(NapoleonsShoulder, &p),
        mask(&["AC", "AH", "AS"])
    );
}

#[test]
fn a_card_nothing_more_can_go_on_goes_up_as_the_only_move() {
    // 4D: only the black Threes fit on it, and they and all under them are up.
    let p = Table {
        piles: &["kc 4D", "5S", "9H"],
        found: &["4C", "3D", "3H", "4S"],
        ..Table::default()
    }
    .pos::<Klondike>(Klondike);
    let m = kept::<Klondike>(Klondike, &p, SAFE_ONLY);
    assert_eq!(
        m,
        vec![Move::new(Place::Tableau(0), Place::Foundation(1), 1)]
    );
    // Negative: with 3S still in play, 4D might be wanted for it; every move stays.
    let p = Table {
        piles: &["kc 4D", "5S", "9H"],
        found: &["4C", "3D", "3H", "2S"],
        ..Table::default()
    }
    .pos::<Klondike>(Klondike);
    let all = gen_moves::<Klondike>(Klondike, &p);
    assert!(all.len() > 1);
    assert_eq!(kept::<Klondike>(Klondike, &p, SAFE_ONLY), all);
}

/// Klondike draw 1 with talon plays: an Ace anywhere in the talon goes up as the only move
/// (one talon play), as an Ace on top of a pile does. Not in draw 3 (lifting it would change
/// which cards the later turns show), nor with single turns (it is not on top of its place).
#[test]
fn an_ace_deep_in_a_one_card_talon_goes_up_as_the_only_move() {
    let table = Table {
        piles: &["kc 5D", "9S", "qh 8H"],
        stock: "AH 7C 8C", // 8C is turned first, AH third
        ..Table::default()
    };
    let aces = Prune {
        aces: true,
        talon: true,
        ..Prune::NONE
    };
    let p = table.pos::<Klondike>(Klondike);
    let m = kept::<Klondike>(Klondike, &p, aces);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].as_talon_play(), Some((3, false)), "{m:?}");
    assert!(matches!(m[0].to, Place::Foundation(_)), "{m:?}");
    // Negative: draw 3 keeps every move, and so do single turns in draw 1.
    let p3 = table.pos::<KlondikeDraw3>(KlondikeDraw3);
    let all = gen_moves_with::<KlondikeDraw3>(KlondikeDraw3, &p3, aces);
    assert!(all.len() > 1);
    assert_eq!(kept::<KlondikeDraw3>(KlondikeDraw3, &p3, aces), all);
    let turns = Prune {
        talon: false,
        ..aces
    };
    let all = gen_moves_with::<Klondike>(Klondike, &p, turns);
    assert!(all.len() > 1);
    assert_eq!(kept::<Klondike>(Klondike, &p, turns), all);
}

#[test]
fn a_settled_card_stays_on_its_foundation_and_others_may_come_down() {
    // 3H is settled (the black Twos and under them are up): it may not come down onto 4S.
    // 4D is not (3S lies face down in pile 3): it may come down onto 5S.
    let p = Table {
        piles: &["kd 5S", "kc 4S", "3s 9D"],
        found: &["3C", "4D", "3H", "2S"],
        ..Table::default()
    }
    .pos::<Klondike>(Klondike);
    let all = gen_moves::<Klondike>(Klondike, &p);
    let down_3h = Move::new(Place::Foundation(2), Place::Tableau(1), 1);
    let down_4d = Move::new(Place::Foundation(1), Place::Tableau(0), 1);
    assert!(all.contains(&down_3h) && all.contains(&down_4d), "{all:?}");
    let k = kept::<Klondike>(Klondike, &p, SAFE_ONLY);
    assert!(!k.contains(&down_3h), "{k:?}");
    assert!(k.contains(&down_4d), "{k:?}");
    assert_eq!(k.len(), all.len() - 1);
}

#[test]
fn two_decks_ask_for_both_copies_below() {
    // Napoleon's Shoulder: every foundation at 3, one diamond foundation at 4. The other 4D
    // fits on nothing that matters (all Threes are up, both 3D copies settled): it goes up.
    let found = ["3C", "3C", "4D", "3D", "3H", "3H", "3S", "3S"];
    let p = Table {
        piles: &["4D", "9C", "9S"],
        found: &found,
        ..Table::default()
    }
    .pos::<NapoleonsShoulder>(NapoleonsShoulder);
    let m = kept::<NapoleonsShoulder>(NapoleonsShoulder, &p, SAFE_ONLY);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].from, Place::Tableau(0));
    assert!(matches!(m[0].to, Place::Foundation(_)));
    // Negative: one club foundation at 2, so a 3C is still in play and may want a Four: the
    // 4D is not forced, the stock may still be turned, and 3C may come down (it is not settled).
    let found = ["3C", "2C", "4D", "3D", "3H", "3H", "3S", "3S"];
    let p = Table {
        piles: &["4D", "9C", "9S"],
        found: &found,
        ..Table::default()
    }
    .pos::<NapoleonsShoulder>(NapoleonsShoulder);
    let k = kept::<NapoleonsShoulder>(NapoleonsShoulder, &p, SAFE_ONLY);
    assert!(
        k.iter()
            .any(|m| m.from == Place::Tableau(0) && matches!(m.to, Place::Foundation(_)))
    );
    assert!(
        k.contains(&Move::new(Place::Stock, Place::Waste, 1)),
        "{k:?}"
    );
    assert!(
        k.contains(&Move::new(Place::Foundation(0), Place::Tableau(0), 1)),
        "{k:?}"
    );
}

#[test]
fn a_settled_card_on_the_waste_goes_up_only_when_one_card_is_turned_at_a_time() {
    let t = Table {
        piles: &["kc 9H"],
        found: &["4C", "3D", "3H", "4S"],
        waste: "4D",
        ..Table::default()
    };
    let p = t.pos::<Klondike>(Klondike);
    let m = kept::<Klondike>(Klondike, &p, SAFE_ONLY);
    assert_eq!(m, vec![Move::new(Place::Waste, Place::Foundation(1), 1)]);
    // Draw 3: lifting a card out of the talon would regroup later turns, so nothing is forced.
    let p = t.pos::<KlondikeDraw3>(KlondikeDraw3);
    let all = gen_moves::<KlondikeDraw3>(KlondikeDraw3, &p);
    assert!(all.len() > 1);
    assert_eq!(kept::<KlondikeDraw3>(KlondikeDraw3, &p, SAFE_ONLY), all);
}

#[test]
fn the_settled_rule_is_off_where_cards_also_build_up() {
    assert!(!Prune::safe_rule_holds::<LuckyPiles>(LuckyPiles));
    assert!(Prune::safe_rule_holds::<Stonewall>(Stonewall));
    assert!(Prune::safe_rule_holds::<NapoleonsShoulder>(
        NapoleonsShoulder
    ));
    // Lucky Piles, every foundation at 3: 4C could take a 5 (building up), so it is not forced.
    let p = Table {
        piles: &["4C", "9H"],
        found: &["3C", "3D", "3H", "3S"],
        filler: Filler::face_up_under(1),
        ..Table::default()
    }
    .pos::<LuckyPiles>(LuckyPiles);
    let all = gen_moves::<LuckyPiles>(LuckyPiles, &p);
    assert!(all.len() > 1);
    assert_eq!(kept::<LuckyPiles>(LuckyPiles, &p, SAFE_ONLY), all);
}

// ---------------------------------------------------------------------------------------------
// Talon plays.
// ---------------------------------------------------------------------------------------------

/// The talon plays of `pos`.
fn talon_plays<V: Variant>(v: V, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    generate_with::<V>(v, pos, &mut out, true);
    out.retain(|m| m.as_talon_play().is_some());
    out
}

/// The position after `m`, a talon play, made by `apply`; checks that `undo` restores `pos` and
/// that the expanded real moves, replayed by the rules check, reach the same position.
fn check_talon_play<V: Variant>(v: V, pos: &Position, m: Move, what: &str) -> Position {
    let mut a = pos.clone();
    let u = apply::<V>(v, &mut a, m);
    let mut back = a.clone();
    undo::<V>(&mut back, m, u);
    assert_eq!(&back, pos, "{what}: undo of {m:?}");
    let real = expand_solver_moves::<V>(v, pos, &[m]);
    assert!(real.iter().all(|r| r.as_talon_play().is_none()));
    assert_eq!(
        real.last().map(|r| r.from),
        Some(Place::Waste),
        "{what}: {real:?}"
    );
    let b =
        replay::<V>(v, pos, &real).unwrap_or_else(|(i, e)| panic!("{what}: {m:?} move {i}: {e}"));
    // Equal up to the redeal count, which the replay counts the same way.
    assert_eq!(a, b, "{what}: {m:?} expands to {real:?}");
    a
}

/// A position as text for comparing, without the redeal count when passes are unlimited (then it
/// is no part of the state).
fn state_text<V: Variant>(v: V, mut q: Position) -> String {
    if matches!(v.rules().stock, Stock::Waste { passes: None, .. }) {
        *fields_mut(&mut q).redeals = 0;
    }
    format!("{q:?}")
}

/// Every position real turning reaches within two passes, then every play from its waste: the
/// positions after them, as a sorted list of (talon state, play) without the redeal count when
/// passes are unlimited.
fn reachable_plays<V: Variant>(v: V, pos: &Position) -> Vec<String> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    let mut p = pos.clone();
    let len = p.stock_len() + p.waste_len();
    for step in 0..(3 * len + 4) {
        let mut moves = Vec::new();
        generate::<V>(v, &p, &mut moves);
        if step > 0 {
            for &m in moves
                .iter()
                .filter(|m| m.from == Place::Waste && m.to != Place::Stock)
            {
                let mut q = p.clone();
                apply::<V>(v, &mut q, m);
                let text = state_text::<V>(v, q);
                if !seen.contains(&text) {
                    seen.push(text.clone());
                    out.push(text);
                }
            }
        }
        let Some(&t) = moves.iter().find(|m| {
            matches!(
                (m.from, m.to),
                (Place::Stock, Place::Waste) | (Place::Waste, Place::Stock)
            )
        }) else {
            break;
        };
        apply::<V>(v, &mut p, t);
    }
    out.sort();
    out
}

/// Random positions of `V` (deals after random moves, some talon cards played): the talon plays
/// reach exactly the positions that turning and then one play from the waste reach (the current
/// waste top is played by an ordinary move), and each one undoes and replays.
fn talon_plays_agree_with_turning<V: Variant>(v: V, deals: u64) -> usize {
    let mut checked = 0;
    for seed in 0..deals {
        let mut pos = start_of::<V>(v, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for step in 0..40 {
            let what = format!("{} seed {seed} step {step}", v.rules().id);
            let plays = talon_plays::<V>(v, &pos);
            let mut got: Vec<String> = Vec::new();
            for &m in &plays {
                got.push(state_text::<V>(v, check_talon_play::<V>(v, &pos, m, &what)));
                checked += 1;
            }
            got.sort();
            got.dedup();
            // Turning reaches the waste top itself again after a whole cycle; that play is an
            // ordinary move, so it is left out of the comparison when the talon plays lack it.
            let mut want = reachable_plays::<V>(v, &pos);
            let top_plays: Vec<String> = {
                let mut out = Vec::new();
                generate::<V>(v, &pos, &mut out);
                out.iter()
                    .filter(|m| m.from == Place::Waste && m.to != Place::Stock)
                    .map(|&m| {
                        let mut q = pos.clone();
                        apply::<V>(v, &mut q, m);
                        state_text::<V>(v, q)
                    })
                    .collect()
            };
            want.retain(|w| got.contains(w) || !top_plays.contains(w));
            assert_eq!(got, want, "{what}");
            // Walk on: a random ordinary move or talon play.
            let mut moves = Vec::new();
            generate_with::<V>(v, &pos, &mut moves, true);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            apply::<V>(v, &mut pos, m);
        }
    }
    checked
}

#[test]
fn talon_plays_reach_what_turning_reaches_klondike() {
    assert!(talon_plays_agree_with_turning::<Klondike>(Klondike, 20) > 1000);
}

#[test]
fn talon_plays_reach_what_turning_reaches_klondike_draw3() {
    assert!(talon_plays_agree_with_turning::<KlondikeDraw3>(KlondikeDraw3, 20) > 300);
}

#[test]
fn talon_plays_reach_what_turning_reaches_one_pass() {
    // Used by the search only where the stock is turned over again, but correct everywhere.
    assert!(!Prune::talon_plays_used::<NapoleonsShoulder>(
        NapoleonsShoulder
    ));
    assert!(!Prune::talon_plays_used::<FortyThieves>(FortyThieves));
    assert!(Prune::talon_plays_used::<Klondike>(Klondike));
    assert!(talon_plays_agree_with_turning::<NapoleonsShoulder>(NapoleonsShoulder, 5) > 100);
}

#[test]
fn draw_three_talon_plays_reach_every_third_card_and_the_last() {
    // A fresh Klondike draw-3 talon of 24 cards: without a redeal the waste can hold 3, 6, .., 24
    // cards; the Aces among them at those places can go up.
    let p = start_of::<KlondikeDraw3>(KlondikeDraw3, 0);
    let plays = talon_plays::<KlondikeDraw3>(KlondikeDraw3, &p);
    assert!(
        !plays.is_empty(),
        "seed 0 has an Ace or a fitting card in its talon"
    );
    for m in &plays {
        let (t, redeal) = m.as_talon_play().unwrap();
        assert!(!redeal, "nothing to turn back yet: {m:?}");
        assert!(t % 3 == 0 && (3..=24).contains(&t), "{m:?}");
    }
    // The card each play moves is the one at that place of the talon.
    for &m in &plays {
        let (t, _) = m.as_talon_play().unwrap();
        let shown: Card = talon_card(&p, t as usize - 1);
        let q = check_talon_play::<KlondikeDraw3>(KlondikeDraw3, &p, m, "seed 0");
        let landed = match m.to {
            Place::Foundation(f) => q.found_top(f as usize),
            Place::Tableau(t) => Some(q.piles()[t as usize].top()),
            _ => None,
        };
        assert_eq!(landed, Some(shown), "{m:?}");
        assert_eq!(q.waste_len(), t as usize - 1);
    }
    // Negative: the plain generator never names a talon play.
    assert!(
        gen_moves::<KlondikeDraw3>(KlondikeDraw3, &p)
            .iter()
            .all(|m| m.as_talon_play().is_none())
    );
}

/// The stuck-Kings rule holds where a tableau King can only go to a foundation: Lucky Thirteen
/// (spaces never filled) and Napoleon's Shoulder (spaces from the waste only); not where an
/// empty pile takes a King from the tableau, nor where cards build up.
#[test]
fn stuck_kings_rule_holds_only_where_kings_cannot_move() {
    assert!(Prune::kings_rule_holds::<LuckyThirteen>(LuckyThirteen));
    assert!(Prune::kings_rule_holds::<NapoleonsShoulder>(
        NapoleonsShoulder
    ));
    assert!(!Prune::kings_rule_holds::<Klondike>(Klondike));
    assert!(!Prune::kings_rule_holds::<Stonewall>(Stonewall));
    assert!(!Prune::kings_rule_holds::<FlowerGarden>(FlowerGarden));
    assert!(!Prune::kings_rule_holds::<FortyThieves>(FortyThieves));
    assert!(!Prune::kings_rule_holds::<LuckyPiles>(LuckyPiles));
}

/// The split-runs rule holds in the one-deck games built down in alternating colour where runs
/// move as units (Klondike, Stonewall); not where single cards move (Luckier Thirteen), not in
/// other build rules, not with two decks.
#[test]
fn split_runs_rule_holds_only_in_one_deck_alternating_run_games() {
    assert!(Prune::runs_rule_holds::<Klondike>(Klondike));
    assert!(Prune::runs_rule_holds::<KlondikeDraw3>(KlondikeDraw3));
    assert!(Prune::runs_rule_holds::<Stonewall>(Stonewall));
    assert!(!Prune::runs_rule_holds::<LuckierThirteen>(LuckierThirteen));
    assert!(!Prune::runs_rule_holds::<Wildflower>(Wildflower));
    assert!(!Prune::runs_rule_holds::<FlowerGarden>(FlowerGarden));
    assert!(!Prune::runs_rule_holds::<NapoleonsSquare>(NapoleonsSquare));
    assert!(!Prune::runs_rule_holds::<LuckyPiles>(LuckyPiles));
}

/// Klondike: 8S lies on 9H (face up) in pile 1 and may move onto 9D (pile 2): a split. 8C is
/// the other card that fits on 9H.
fn split_table(found: &[&str], eight_of_clubs_down: bool) -> Position {
    let third = if eight_of_clubs_down { "8c 5S" } else { "QD" };
    Table {
        piles: &["kc 9H 8S", "kd 9D", third],
        found,
        ..Table::default()
    }
    .pos::<Klondike>(Klondike)
}

#[test]
fn a_run_comes_off_a_card_it_fits_only_when_that_card_can_then_be_used() {
    use patience::games::Klondike as K;
    let split = Move::new(Place::Tableau(0), Place::Tableau(1), 1);
    let has = |p: &Position, prune: Prune| kept::<K>(K, p, prune).contains(&split);
    // 8C face down, 9H cannot go up: the split is dropped (and only it).
    let p = split_table(&[], true);
    let all = gen_moves::<K>(K, &p);
    assert!(all.contains(&split), "{all:?}");
    assert!(!has(&p, RUNS_ONLY));
    assert_eq!(kept::<K>(K, &p, RUNS_ONLY).len(), all.len() - 1);
    assert!(has(&p, Prune::NONE));
    // 8C under 9C on its foundation: dropped too.
    let p = split_table(&["9C"], false);
    assert!(!has(&p, RUNS_ONLY));
    // 8C in the stock (not named: the stock holds it), on top of its foundation, or 9H able
    // to go up: kept.
    assert!(has(&split_table(&[], false), RUNS_ONLY));
    assert!(has(&split_table(&["8C"], false), RUNS_ONLY));
    assert!(has(&split_table(&["", "", "8H"], true), RUNS_ONLY));
    // A run that does not fit the card it lies on (dealt so), or a whole face-up part that
    // turns a card up, is no split: kept.
    let p = Table {
        piles: &["kc 9S 8S", "kd 9D", "8c 5S"],
        ..Table::default()
    }
    .pos::<K>(K);
    assert!(kept::<K>(K, &p, RUNS_ONLY).contains(&split));
    let p = Table {
        piles: &["kc 8S", "kd 9D", "8c 5S"],
        ..Table::default()
    }
    .pos::<K>(K);
    assert!(kept::<K>(K, &p, RUNS_ONLY).contains(&split));
}

/// A Lucky Thirteen position with every card named (clubs and diamonds are up).
fn thirteen(piles: &[&str], hearts: &str, spades: &str) -> Position {
    Table {
        piles,
        found: &["KC", "KD", hearts, spades],
        filler: Filler::face_up_under(12),
        ..Table::default()
    }
    .pos::<LuckyThirteen>(LuckyThirteen)
}

/// Lucky Thirteen with hearts up to the King and spades to the Four: pile 1 is `first` (5S and
/// KS in some order), 6S..QS lie one to a pile.
fn spades_from_five(first: &str) -> Position {
    let mut piles = vec![first];
    piles.extend(["6S", "7S", "8S", "9S", "10S", "JS", "QS"]);
    thirteen(&piles, "KH", "4S")
}

#[test]
fn stuck_kings_in_one_deck() {
    use patience::games::LuckyThirteen as L;
    // KS lies on 5S: 5S can leave only after KS goes up, which needs 5S up first.
    let p = spades_from_five("5S KS");
    assert!(stuck_kings::<L>(L, &p));
    assert!(kept::<L>(L, &p, Prune::default()).is_empty());
    // Without it (and without the blocked-cards test, which also sees this), moves are tried.
    let off = Prune {
        kings: false,
        blocks: false,
        ..Prune::default()
    };
    assert!(!kept::<L>(L, &p, off).is_empty());
    // The other way up, 5S on KS, is no obstacle.
    let p = spades_from_five("KS 5S");
    assert!(!stuck_kings::<L>(L, &p));
    assert!(!kept::<L>(L, &p, Prune::default()).is_empty());

    // A cycle through two suits: 3H under KS (hearts wait for spades) and 7S under KH (spades
    // wait for hearts).
    let rest = ["4H 5H 6H", "7H 8H 9H", "10H JH QH", "8S 9S 10S", "JS QS"];
    let two = |a: &str, b: &str| {
        let mut piles = vec![a, b];
        piles.extend(rest);
        thirteen(&piles, "2H", "6S")
    };
    assert!(stuck_kings::<L>(L, &two("3H KS", "7S KH")));
    // Without the second edge there is no cycle: hearts can wait for spades.
    assert!(!stuck_kings::<L>(L, &two("3H KS", "KH 7S")));
    assert!(!stuck_kings::<L>(L, &two("KS 3H", "7S KH")));
    // KS on KH: KH waits for spades, which are free.
    assert!(!stuck_kings::<L>(L, &two("3H 7S", "KH KS")));
}

/// A position of game `V` with the named piles; the unnamed cards lie in the stock.
fn piles_of<V: Variant>(v: V, piles: &[&str]) -> Position {
    Table {
        piles,
        ..Table::default()
    }
    .pos::<V>(v)
}

/// A Napoleon's Shoulder position: the unnamed cards lie in the stock.
fn shoulder(piles: &[&str]) -> Position {
    piles_of::<NapoleonsShoulder>(NapoleonsShoulder, piles)
}

#[test]
fn stuck_kings_in_two_decks_need_both_copies_held() {
    use patience::games::NapoleonsShoulder as N;
    // One 5S under a KS: the other 5S (in the stock) can go up first.
    assert!(!stuck_kings::<N>(N, &shoulder(&["5S KS"])));
    // Both under the two KS, in one pile or in two.
    let p = shoulder(&["5S KS", "5S KS"]);
    assert!(stuck_kings::<N>(N, &p));
    assert!(kept::<N>(N, &p, Prune::default()).is_empty());
    assert!(stuck_kings::<N>(N, &shoulder(&["5S 5S KS"])));
    // One 5S under a KS and one under a KH: spades wait for hearts, which are free.
    assert!(!stuck_kings::<N>(N, &shoulder(&["5S KS", "5S KH"])));
    // ... unless both 3H lie under the other KS: then hearts wait for spades too.
    assert!(stuck_kings::<N>(
        N,
        &shoulder(&["5S KS", "5S KH", "3H 3H KS"])
    ));
    assert!(!stuck_kings::<N>(
        N,
        &shoulder(&["5S KS", "5S KH", "3H KS"])
    ));
    // Both KS under the two KH, which are free: hearts go up, then spades.
    assert!(!stuck_kings::<N>(N, &shoulder(&["KS KH", "KS KH"])));
    // ... but with both 3H under them as well, hearts wait for spades: neither gets out.
    assert!(stuck_kings::<N>(N, &shoulder(&["3H KS KH", "3H KS KH"])));
    assert!(!stuck_kings::<N>(N, &shoulder(&["3H KS KH", "KS KH"])));
}

/// The moves a streamlined search keeps in `pos` (after the proved rules are off).
fn streamlined<V: Variant>(v: V, pos: &Position) -> Vec<Move> {
    streamlined_with::<V>(v, pos, false)
}

/// The same, with runs free to rearrange where `rearrange` (Solvitaire's streamlined search).
fn streamlined_with<V: Variant>(v: V, pos: &Position, rearrange: bool) -> Vec<Move> {
    let mut out = Vec::new();
    Prune::NONE.generate::<V>(v, pos, &mut out);
    let n = out.len();
    let end = streamline::<V>(v, pos, &mut out, 0, n, rearrange);
    out.truncate(end);
    out
}

fn mv(from: Place, to: Place, count: u8) -> Move {
    Move::new(from, to, count)
}

#[test]
fn streamliners_send_cards_up_keep_foundations_and_skip_idle_rearranging() {
    use patience::games::Klondike as K;
    assert!(!symmetric_used::<K>(K) && !symmetric_used::<Stonewall>(Stonewall));
    assert!(
        symmetric_used::<LuckyPiles>(LuckyPiles)
            && symmetric_used::<NapoleonsShoulder>(NapoleonsShoulder)
    );
    // Used with face-down cards at any budget; in the open games without a stock from
    // SYMMETRIC_FROM nodes on (with a reserve) or SYMMETRIC_FROM_NO_RESERVE (without); in the
    // open games with a stock never.
    assert!(used::<K>(K, 1) && used::<Stonewall>(Stonewall, 1));
    assert!(
        used::<FlowerGarden>(FlowerGarden, SYMMETRIC_FROM)
            && !used::<FlowerGarden>(FlowerGarden, SYMMETRIC_FROM - 1)
    );
    assert!(
        used::<Wildflower>(Wildflower, SYMMETRIC_FROM)
            && !used::<LuckyPiles>(LuckyPiles, SYMMETRIC_FROM)
    );
    assert!(used::<LuckyPiles>(LuckyPiles, SYMMETRIC_FROM_NO_RESERVE));
    assert!(!used::<LuckyPiles>(
        LuckyPiles,
        SYMMETRIC_FROM_NO_RESERVE - 1
    ));
    assert!(
        !used::<NapoleonsShoulder>(NapoleonsShoulder, u64::MAX)
            && !used::<FortyThieves>(FortyThieves, u64::MAX)
    );
    let t1 = Place::Tableau(0);
    let (t2, t3, t4) = (Place::Tableau(1), Place::Tableau(2), Place::Tableau(3));
    // Auto-foundation: 2H can go up from pile 3, so that is the only move kept.
    let p = Table {
        piles: &["8S", "9h 7D", "5c 2H", "9D"],
        found: &["AH"],
        ..Table::default()
    }
    .pos::<K>(K);
    assert!(!generate_all::<K>(K, &p).is_empty());
    assert_eq!(
        streamlined::<K>(K, &p),
        vec![mv(t3, Place::Foundation(0), 1)]
    );
    // Without a card to send up: 7D from pile 2 onto 8S turns up 9h (kept); the run 8S moving
    // onto 9D empties pile 1 (kept); AH coming down onto 2S from the foundation is dropped.
    let p = Table {
        piles: &["8S", "9h 7D", "5c 3C", "9D", "2S"],
        found: &["AH"],
        ..Table::default()
    }
    .pos::<K>(K);
    let all = generate_all::<K>(K, &p);
    let kept = streamlined::<K>(K, &p);
    assert!(all.iter().any(|m| matches!(m.from, Place::Foundation(_))));
    assert!(kept.iter().all(|m| !matches!(m.from, Place::Foundation(_))));
    assert!(kept.contains(&mv(t2, t1, 1)));
    assert!(kept.contains(&mv(t1, t4, 1)));
    // Idle rearranging: 7D moving off 8C (a face-up card that cannot go up) onto 8S is dropped,
    // and kept when 8C lies face down, or when it can go up.
    let idle = |under: &str, found: &'static str| {
        let piles = ["8S".to_string(), format!("{under} 7D")];
        let piles: Vec<&str> = piles.iter().map(String::as_str).collect();
        let p = Table {
            piles: &piles,
            found: &[found],
            ..Table::default()
        }
        .pos::<K>(K);
        (
            generate_all::<K>(K, &p).contains(&mv(t2, t1, 1)),
            streamlined::<K>(K, &p).contains(&mv(t2, t1, 1)),
            streamlined_with::<K>(K, &p, true).contains(&mv(t2, t1, 1)),
        )
    };
    // Solvitaire's streamlined search keeps the idle move too.
    assert!(idle("8C", "").2);
    let idle = |under: &str, found: &'static str| {
        let (all, kept, _) = idle(under, found);
        (all, kept)
    };
    assert_eq!(idle("8C", ""), (true, false));
    assert_eq!(idle("8c", ""), (true, true));
    assert_eq!(idle("8C", "7C"), (true, true));
}

fn generate_all<V: Variant>(v: V, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    generate::<V>(v, pos, &mut out);
    out
}

/// A Klondike position with the named piles; every other card is in the stock.
fn klondike(piles: &[&str]) -> Position {
    piles_of::<Klondike>(Klondike, piles)
}

/// 9H lies above 3H, which can come out only after it; 9H cannot go up before 3H, and the two
/// cards it fits on, 10S and 10C, lie below it: lost. With one of them elsewhere, not blocked.
#[test]
fn a_card_above_a_lower_one_of_its_suit_with_nowhere_to_go_is_a_dead_end() {
    use patience::games::Klondike as K;
    let p = klondike(&["10s 10c 3h 9H"]);
    assert!(blocked::<K>(K, &p));
    assert!(kept::<K>(K, &p, Prune::default()).is_empty());
    let off = Prune {
        blocks: false,
        ..Prune::default()
    };
    assert!(!kept::<K>(K, &p, off).is_empty());
    // 10C in the stock can come out to take 9H.
    assert!(!blocked::<K>(K, &klondike(&["10s 3h 9H"])));
    // 10C on top of another pile: the same.
    assert!(!blocked::<K>(K, &klondike(&["10s 3h 9H", "10C"])));
    // 10C lying under 9H in another pile is no obstacle either: 9H need not leave first there.
    assert!(!blocked::<K>(K, &klondike(&["10s 3h 9H", "10c 4D"])));
    // A chain: 10C in another pile lies below 8H, which needs 3H (under 9H) first and can go
    // only onto the black Nines, both under 8H: 10C never comes out, so 9H never leaves.
    assert!(blocked::<K>(K, &klondike(&["10s 3h 9H", "10c 9s 9c 8H"])));
    // A King has a space to go to: not blocked.
    assert!(!blocked::<K>(K, &klondike(&["3h KH"])));
    // The deal itself is not blocked in most seeds (and never where a win was found).
    assert!(!blocked::<K>(K, &start_of::<K>(K, 0)));
}

/// Nothing is built on a stock card where it lies: a card it would take can count on it only
/// once it can come onto the tableau.
#[test]
fn a_stock_card_takes_a_card_only_once_it_can_come_onto_the_tableau() {
    use patience::games::Klondike as K;
    // 10C is in the stock, but both red Jacks lie under 9H (and 10S too): 10C can come onto
    // nothing, so 9H can go nowhere and 3H never comes out.
    assert!(blocked::<K>(K, &klondike(&["jd jh 10s 3h 9H"])));
    // With JH in the stock as well, JH comes onto a black Queen (which comes onto a red King,
    // which fills one of the empty piles), 10C onto JH, 9H onto 10C.
    assert!(!blocked::<K>(K, &klondike(&["jd 10s 3h 9H"])));
}

/// Klondike draw 3: with no card taken out of the talon, turning shows only every third card
/// (and the last). When none of those can ever go up or come onto the tableau, no talon card
/// ever leaves it, and the others are out of reach for good.
#[test]
fn a_frozen_talon_offers_only_the_cards_turning_shows() {
    // Every card named: 9H on 3H with 10S below it; the other Kings head runs; the talon is
    // three cards, turned in the order 7D, then the one in the middle, then the first named.
    let with_stock = |stock: &'static str| Table {
        piles: &[
            "8d 8h 5d 10s 3h 9H",
            "KS QH JC 10H",
            "KC QD JS 10D",
            "KH QS JH",
            "KD QC JD",
            "4h 5h 6h 7H",
            "9D",
        ],
        found: &["9C", "4D", "2H", "9S"],
        stock,
        ..Table::default()
    };
    // Turning three at a time shows only 6D, which can never go up (5D lies under 9H) nor come
    // onto the tableau (the red Eights lie there too). So 10C never comes out to take 9H, and
    // 3H never comes out.
    let frozen = with_stock("6D 10C 7D");
    assert!(blocked::<KlondikeDraw3>(
        KlondikeDraw3,
        &frozen.pos::<KlondikeDraw3>(KlondikeDraw3)
    ));
    // Turning one at a time, 10C is shown and comes onto JH: not blocked.
    assert!(!blocked::<Klondike>(
        Klondike,
        &frozen.pos::<Klondike>(Klondike)
    ));
    // With 10C the card shown: the same.
    assert!(!blocked::<KlondikeDraw3>(
        KlondikeDraw3,
        &with_stock("10C 6D 7D").pos::<KlondikeDraw3>(KlondikeDraw3)
    ));
}

/// A card that cannot leave on its own leaves with a unit headed by a card below it.
#[test]
fn a_card_carried_by_the_run_it_lies_on_is_not_blocked() {
    // 8S fits only on 9H and 9D, both below it, and 7S is below it too; but the run 9H 8S can go
    // onto 10S or 10C (in the stock), and then 3H, 7S and 9D come out.
    let p = klondike(&["9d 7s 3h 9H 8S"]);
    assert!(!blocked::<Klondike>(Klondike, &p));
    // Without a place for 9H either, it is blocked.
    let p = klondike(&["10s 10c 9d 7s 3h 9H 8S"]);
    assert!(blocked::<Klondike>(Klondike, &p));
}

/// A card carried away inside a run still has the cards above it on it: it can go up only
/// once the card lying on it has gone up or moved off it as the head of a unit.
#[test]
fn a_card_carried_with_a_card_on_it_goes_up_only_once_that_card_can_leave_it() {
    // The run 9H 8C can go onto a black Ten (from the stock, as the empty piles take Kings),
    // but 8C can leave 9H only onto 9D or to the foundation after 7C, and both lie under 10H,
    // which can go nowhere before 9H goes up (the black Jacks are under it too): lost.
    assert!(blocked::<Klondike>(
        Klondike,
        &klondike(&["9H 8C", "js jc 9d 7c 10H"])
    ));
    // With 7C in the stock, 8C goes up after it and 9H is bare: not blocked.
    assert!(!blocked::<Klondike>(
        Klondike,
        &klondike(&["9H 8C", "js jc 9d 10H"])
    ));
    // A position the exhaustive search reaches from Klondike draw 3 seed 63, a deal it proves
    // lost (12,980,283 nodes without this rule at commit f04d802, 10,615 with it): 10H and 10D
    // each wait for the black Jack under the other, and 8C, which holds 9D, can leave it only
    // onto 9H (face down under JC) or after 7C (face down under 10H).
    let p = Table {
        piles: &[
            "KS QH",
            "KC QD",
            "KH QS JD 10S",
            "9S 8H",
            "7d KD QC",
            "8s 7c 6c js 10h JH 10C 9D 8C 7H",
            "9h jc 10D 9C 8D",
        ],
        found: &["6H", "7S", "6D", "4C"],
        waste: "5C",
        ..Table::default()
    }
    .pos::<KlondikeDraw3>(KlondikeDraw3);
    assert!(blocked::<KlondikeDraw3>(KlondikeDraw3, &p));
}

/// A face-down card lying on a face-up one (as in Stonewall's deal) turns up as the top of its
/// pile, and can then leave with a unit headed by that face-up card. (Shown in Klondike, where
/// only Kings fill spaces, so that no space can take the cards instead.)
#[test]
fn a_face_down_card_is_carried_by_the_face_up_run_below_it_once_turned() {
    // 2D goes up (AD is in the stock) and 8S turns up; 8S fits only on 9H and 9D (both below)
    // and 7S is below it, but 9H 8S can go onto 10S or 10C, in the stock.
    assert!(!blocked::<Klondike>(
        Klondike,
        &klondike(&["9d 7s 9H 8s 2D"])
    ));
    // With both black Tens below, nothing takes 9H: 7S never comes out.
    assert!(blocked::<Klondike>(
        Klondike,
        &klondike(&["10s 10c 9d 7s 9H 8s 2D"])
    ));
}

/// Where any card fills a space (Stonewall), a card with no card to go onto still has a space,
/// once some other pile can be emptied; not while none can.
#[test]
fn a_space_is_a_way_out_only_when_another_pile_can_be_emptied() {
    use patience::games::Stonewall as S;
    // Pile 1: 9H on 3H with both black Tens below it, and the unnamed cards face down under
    // them. Piles 3 to 5: a King on the Queen of its suit; pile 6: QD on 5D.
    let stonewall = |second: &'static str| {
        let piles: &'static [&'static str] = Vec::leak(vec![
            "10s 10c 3h 9H",
            second,
            "qc KC",
            "qh KH",
            "qs KS",
            "5d QD",
        ]);
        Table {
            piles,
            filler: Filler::Under {
                pile: 0,
                face_down: true,
            },
            ..Table::default()
        }
        .pos::<S>(S)
    };
    // A lone AD goes up and leaves a space, where 9H can go.
    assert!(!blocked::<S>(S, &stonewall("AD")));
    // KD on 6D instead: every King lies on a lower card of its suit, QD can leave (onto KC)
    // but 5D then cannot, so no pile is ever emptied and 9H never leaves.
    assert!(blocked::<S>(S, &stonewall("6d KD")));
}

/// Where Kings never fill a space (Lucky Thirteen), a King on a lower card of its suit is a
/// dead end, as the stuck-Kings rule says; the other way up it is not.
#[test]
fn blocked_cards_include_stuck_kings_in_one_deck() {
    use patience::games::LuckyThirteen as L;
    assert!(blocked::<L>(L, &spades_from_five("5S KS")));
    assert!(!blocked::<L>(L, &spades_from_five("KS 5S")));
}

/// The rule is for one deck only.
#[test]
fn blocked_cards_rule_holds_only_with_one_deck() {
    assert!(Prune::blocks_rule_holds::<Klondike>(Klondike));
    assert!(Prune::blocks_rule_holds::<Stonewall>(Stonewall));
    assert!(Prune::blocks_rule_holds::<LuckyPiles>(LuckyPiles));
    assert!(Prune::blocks_rule_holds::<FlowerGarden>(FlowerGarden));
    assert!(!Prune::blocks_rule_holds::<NapoleonsShoulder>(
        NapoleonsShoulder
    ));
    assert!(!Prune::blocks_rule_holds::<NapoleonsSquare>(
        NapoleonsSquare
    ));
    assert!(!Prune::blocks_rule_holds::<FortyThieves>(FortyThieves));
}

/// The settled rule with the free-children extension (no Aces rule, no talon plays).
const SAFE_FREE: Prune = Prune {
    safe: true,
    free: true,
    ..Prune::NONE
};

/// Flower Garden with foundations C 4, D 4, H 5, S 4; pile 1 is `first`, and the unnamed cards
/// lie face up under pile 6's.
fn garden(first: &str) -> Position {
    Table {
        piles: &[first, "QC", "JD", "10S", "9C", "8D"],
        found: &["4C", "4D", "5H", "4S"],
        filler: Filler::face_up_under(5),
        ..Table::default()
    }
    .pos::<FlowerGarden>(FlowerGarden)
}

#[test]
fn a_card_whose_children_are_settled_or_free_goes_up_as_the_only_move() {
    use patience::games::FlowerGarden as G;
    // 6H on top: its children are the Fives. 5H is up (settled); 5C, 5D and 5S are free (each
    // is next on its foundation, with the Four below settled and nothing but settled Fours to
    // hold), so 6H goes up as the only move, two ranks above the lowest foundation.
    let p = garden("KC 6H");
    let up = vec![Move::new(Place::Tableau(0), Place::Foundation(2), 1)];
    assert_eq!(kept::<G>(G, &p, SAFE_FREE), up);
    assert_eq!(kept::<G>(G, &p, Prune::default()), up);
    // Without the extension only settled children count, and 5C is not up: every move but the
    // settled 5H coming down stays.
    let all = gen_moves::<G>(G, &p);
    let settled_down = Move::new(Place::Foundation(2), Place::Tableau(0), 1);
    assert!(all.contains(&settled_down));
    let rest: Vec<Move> = all.iter().copied().filter(|&m| m != settled_down).collect();
    assert_eq!(kept::<G>(G, &p, SAFE_ONLY), rest);
    let no_free = Prune {
        free: false,
        ..Prune::default()
    };
    assert!(kept::<G>(G, &p, no_free).len() > 1);
    // Negative: with spades at 3, 5S is not free (4S, below it, is not up), so 6H may be
    // wanted for it: every move stays.
    let p = Table {
        piles: &["KC 6H", "QC", "JD", "10S", "9C", "8D"],
        found: &["4C", "4D", "5H", "3S"],
        filler: Filler::face_up_under(5),
        ..Table::default()
    }
    .pos::<G>(G);
    assert!(kept::<G>(G, &p, SAFE_FREE).len() > 1);
    assert_eq!(kept::<G>(G, &p, SAFE_FREE), kept::<G>(G, &p, SAFE_ONLY));
}

#[test]
fn the_free_children_rule_holds_in_games_built_down_whose_runs_follow_the_build_rule() {
    assert!(Prune::free_rule_holds::<FlowerGarden>(FlowerGarden));
    assert!(Prune::free_rule_holds::<LuckyThirteen>(LuckyThirteen));
    assert!(Prune::free_rule_holds::<LuckierThirteen>(LuckierThirteen));
    // Two decks (its two-deck argument).
    assert!(Prune::free_rule_holds::<NapoleonsShoulder>(
        NapoleonsShoulder
    ));
    assert!(Prune::free_rule_holds::<FortyThieves>(FortyThieves));
    // Runs whose cards fit on each other under the build rule: a free card heads any unit.
    assert!(Prune::free_rule_holds::<Wildflower>(Wildflower));
    assert!(Prune::free_rule_holds::<Klondike>(Klondike));
    assert!(Prune::free_rule_holds::<Stonewall>(Stonewall));
    assert!(Prune::free_rule_holds::<NapoleonsSquare>(NapoleonsSquare));
    // Building up too.
    assert!(!Prune::free_rule_holds::<LuckyPiles>(LuckyPiles));
    // A rules file's game: Forty Thieves moving same-suit runs holds. Any-suit runs on its
    // same-suit building (where a card could lie on a free card inside a run) are refused.
    struct Holds;
    impl patience::GameFn<bool> for Holds {
        fn call<V: Variant>(self, v: V) -> bool {
            Prune::free_rule_holds::<V>(v)
        }
    }
    let with_unit = |unit: Unit| {
        let mut r = *FortyThieves.rules();
        r.id = "forty-thieves-moving-runs";
        r.unit = unit;
        patience::games::with_rules(Box::leak(Box::new(r)), Holds)
    };
    assert!(with_unit(Unit::Run(Build::DownSameSuit)).unwrap());
    assert!(with_unit(Unit::Run(Build::DownAnySuit)).is_err());
}

/// Same-suit Lucky Piles with clubs up to `clubs` (`""`: none); pile 1 is `first`, pile 2
/// `second`, and the unnamed cards lie face up under pile 13's King.
fn same_suit_piles(first: &str, second: &str, clubs: &str) -> Position {
    Table {
        piles: &[first, second, "", "", "", "", "", "", "", "", "", "", "KS"],
        found: &[clubs],
        filler: Filler::face_up_under(12),
        ..Table::default()
    }
    .pos::<LuckyPilesSameSuit>(LuckyPilesSameSuit)
}

#[test]
fn in_a_game_built_up_and_down_in_suit_a_card_that_can_go_up_is_the_only_move() {
    use patience::games::LuckyPilesSameSuit as L;
    // Without the blocked-cards test, which hand-made layouts may fire.
    let on = Prune {
        blocks: false,
        ..Prune::default()
    };
    let off = Prune {
        updown: false,
        ..on
    };
    // 5C can go up (clubs at 4), and 6C could also come onto it or take it: only 5C goes up.
    let p = same_suit_piles("9D 5C", "6C", "4C");
    let all = gen_moves::<L>(L, &p);
    let up = Move::new(Place::Tableau(0), Place::Foundation(0), 1);
    assert!(all.contains(&up) && all.len() > 1, "{all:?}");
    assert_eq!(kept::<L>(L, &p, on), vec![up]);
    assert_eq!(kept::<L>(L, &p, off), all);
    // With clubs at 3 no card can go up, and every move stays.
    let p = same_suit_piles("9D 5C", "6C", "3C");
    assert_eq!(kept::<L>(L, &p, on), gen_moves::<L>(L, &p));
    assert!(kept::<L>(L, &p, on).len() > 1);
}

#[test]
fn the_updown_rule_holds_only_in_one_deck_games_built_up_and_down_in_suit_with_single_cards() {
    assert!(Prune::updown_rule_holds::<LuckyPilesSameSuit>(
        LuckyPilesSameSuit
    ));
    // Any suit: a card that goes up may be wanted to hold a card of another suit.
    assert!(!Prune::updown_rule_holds::<LuckyPiles>(LuckyPiles));
    // Built down: the settled-cards rule's games.
    assert!(!Prune::updown_rule_holds::<FlowerGarden>(FlowerGarden));
    assert!(!Prune::updown_rule_holds::<FortyThieves>(FortyThieves));
    assert!(!Prune::updown_rule_holds::<Klondike>(Klondike));
}

/// `pos` with suits renamed by `map` (a permutation of 0..4, C D H S) everywhere.
fn rename_suits(pos: &Position, map: [u8; 4]) -> Position {
    use patience::internal::game::position::{DOWN, NONE};
    let re = |b: u8| {
        if b == NONE {
            return b;
        }
        let c = b & !DOWN;
        (c & !3) | map[(c & 3) as usize] | (b & DOWN)
    };
    let mut q = pos.clone();
    let f = fields_mut(&mut q);
    for pile in f.piles.iter_mut() {
        for i in 0..pile.len as usize {
            pile.cards[i] = re(pile.cards[i]);
        }
    }
    for r in f.reserve.iter_mut() {
        *r = re(*r);
    }
    for t in f.talon.iter_mut().take(*f.talon_len as usize) {
        *t = re(*t);
    }
    for s in f.found_suit.iter_mut() {
        if *s != NONE {
            *s = map[*s as usize];
        }
    }
    q
}

#[test]
fn the_symmetric_key_merges_exactly_the_suits_the_build_rule_ignores() {
    use patience::internal::solve::streamline::symmetric_key;
    type K4 = [u64; 4];
    let key = |p: &Position| symmetric_key::<FlowerGarden, K4>(FlowerGarden, p);
    let g = start_of::<FlowerGarden>(FlowerGarden, 3);
    // Any suit: every renaming of suits gives the same key; another deal does not.
    assert_eq!(key(&g), key(&rename_suits(&g, [1, 2, 3, 0])));
    assert_eq!(key(&g), key(&rename_suits(&g, [3, 1, 2, 0])));
    assert_ne!(key(&g), key(&start_of::<FlowerGarden>(FlowerGarden, 4)));
    // Alternating colour: clubs and spades (or diamonds and hearts) swap freely; a club for a
    // heart does not.
    let keyc = |p: &Position| symmetric_key::<Klondike, K4>(Klondike, p);
    let k = start_of::<Klondike>(Klondike, 3);
    assert_eq!(keyc(&k), keyc(&rename_suits(&k, [3, 2, 1, 0])));
    assert_ne!(keyc(&k), keyc(&rename_suits(&k, [1, 0, 3, 2])));
    // Same suit: every suit counts.
    let keys = |p: &Position| symmetric_key::<FortyThieves, K4>(FortyThieves, p);
    let f = start_of::<FortyThieves>(FortyThieves, 3);
    assert_ne!(keys(&f), keys(&rename_suits(&f, [3, 1, 2, 0])));
    // A move changes the key.
    let mut moved = g.clone();
    let m = gen_moves::<FlowerGarden>(FlowerGarden, &g)[0];
    apply::<FlowerGarden>(FlowerGarden, &mut moved, m);
    assert_ne!(key(&g), key(&moved));
}

#[test]
fn the_symmetric_key_merges_interchangeable_piles_and_reserve_slots() {
    use patience::internal::game::position::NONE;
    use patience::internal::solve::streamline::symmetric_key;
    type K4 = [u64; 4];
    let key = |p: &Position| symmetric_key::<FlowerGarden, K4>(FlowerGarden, p);
    let g = start_of::<FlowerGarden>(FlowerGarden, 3);
    // The piles in another order: one position.
    let mut swapped = g.clone();
    fields_mut(&mut swapped).piles.swap(0, 4);
    fields_mut(&mut swapped).piles.swap(1, 2);
    assert_eq!(key(&g), key(&swapped));
    // The reserve's cards in other slots: one position.
    let mut moved = g.clone();
    fields_mut(&mut moved).reserve.swap(0, 15);
    fields_mut(&mut moved).reserve.swap(3, 7);
    assert_eq!(key(&g), key(&moved));
    // A card gone from one slot or from another, when the two have one rank: one position
    // (suits merged); the card of another rank gone instead: another.
    let (mut a, mut b, mut c) = (g.clone(), g.clone(), g.clone());
    let rank = |x: u8| x >> 2;
    let r = &g.reserve()[..16];
    let (i, j) = (0..16)
        .flat_map(|i| (0..16).map(move |j| (i, j)))
        .find(|&(i, j)| i < j && rank(r[i]) == rank(r[j]))
        .expect("two reserve cards of one rank");
    let k = (0..16).find(|&k| rank(r[k]) != rank(r[i])).unwrap();
    fields_mut(&mut a).reserve[i] = NONE;
    fields_mut(&mut b).reserve[j] = NONE;
    fields_mut(&mut c).reserve[k] = NONE;
    assert_eq!(key(&a), key(&b));
    assert_ne!(key(&a), key(&c));
    // A card moved from one pile onto another is another position.
    let mut m = g.clone();
    let mv = gen_moves::<FlowerGarden>(FlowerGarden, &g)
        .into_iter()
        .find(|m| matches!((m.from, m.to), (Place::Tableau(_), Place::Tableau(_))))
        .expect("a tableau move");
    apply::<FlowerGarden>(FlowerGarden, &mut m, mv);
    assert_ne!(key(&g), key(&m));
}
