//! The nested-free rule (`Prune::nested`, `solve::prune`), the deck's-last-card rule
//! (`Prune::deck`) and the take-back rule (`Prune::back`): where they fire on hand-made
//! positions and where they do not, where their arguments hold, verdicts pinned on fixed deals
//! with and without them, and a with/without cross-check on seeded deals.

use crate::helpers::{Filler, Table, gen_moves, letter, solve_checked, solver, start_of};
use patience::games::{
    FlowerGarden, FortyThieves, Klondike, KlondikeDraw3, LuckierThirteen, LuckyPiles,
    LuckyPilesSameSuit, LuckyThirteen, NapoleonsShoulder, NapoleonsSquare, Stonewall, Wildflower,
};
use patience::internal::cards::Card;
use patience::internal::game::Place;
use patience::io::dealfile::read_deal;
use patience::{Move, Position, Prune, PruneRule, Variant, apply};

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

fn without_nested() -> Prune {
    Prune::default().without(PruneRule::Nested)
}

/// The top card of pile `p` after move `m` from `pos`.
fn top_after<V: Variant>(v: V, pos: &Position, m: Move, p: usize) -> Option<Card> {
    let mut q = pos.clone();
    apply::<V>(v, &mut q, m);
    let pile = &q.piles()[p];
    (pile.len > 0).then(|| pile.top())
}

#[test]
fn a_card_whose_children_have_free_children_goes_up_as_the_only_move() {
    // 5H on top; clubs and spades at 3, diamonds at 2. Its children 4C and 4S are each the
    // next card of their suit, with 3C / 3S below them settled, and their children 3H (up)
    // and 3D: 3D is the next diamond and free, so 4C and 4S are free under the nested rule
    // only. Draw 3, so that no talon card is forced.
    let p = Table {
        piles: &["qs 5H", "9C"],
        found: &["3C", "2D", "4H", "3S"],
        ..Table::default()
    }
    .pos::<KlondikeDraw3>(KlondikeDraw3);
    let up = Move::new(Place::Tableau(0), Place::Foundation(2), 1);
    let all = gen_moves::<KlondikeDraw3>(KlondikeDraw3, &p);
    assert!(all.contains(&up), "{all:?}");
    assert_eq!(
        kept::<KlondikeDraw3>(KlondikeDraw3, &p, Prune::default()),
        [up]
    );
    let k = kept::<KlondikeDraw3>(KlondikeDraw3, &p, without_nested());
    assert!(k.len() > 1 && k.contains(&up), "{k:?}");
    // Negative: with diamonds at 1, 3D is not free (2D below it is not up), so neither are
    // 4C and 4S, and 5H is not forced.
    let p = Table {
        piles: &["qs 5H", "9C"],
        found: &["3C", "AD", "4H", "3S"],
        ..Table::default()
    }
    .pos::<KlondikeDraw3>(KlondikeDraw3);
    let k = kept::<KlondikeDraw3>(KlondikeDraw3, &p, Prune::default());
    assert!(k.len() > 1 && k.contains(&up), "{k:?}");
}

#[test]
fn a_dominant_card_stays_on_its_foundation() {
    // 5H tops its foundation and is dominant as above; it may come down onto 6S only
    // without the rule. It is not settled (4C is not up), so the settled rule keeps the move.
    let t = Table {
        piles: &["kd 6S", "9C"],
        found: &["3C", "2D", "5H", "3S"],
        ..Table::default()
    };
    let p = t.pos::<KlondikeDraw3>(KlondikeDraw3);
    let down = Move::new(Place::Foundation(2), Place::Tableau(0), 1);
    assert!(gen_moves::<KlondikeDraw3>(KlondikeDraw3, &p).contains(&down));
    let k = kept::<KlondikeDraw3>(KlondikeDraw3, &p, Prune::default());
    assert!(!k.contains(&down) && !k.is_empty(), "{k:?}");
    assert!(kept::<KlondikeDraw3>(KlondikeDraw3, &p, without_nested()).contains(&down));
    // Negative: with diamonds at 1 it is not dominant, and may come down.
    let p = Table {
        found: &["3C", "AD", "5H", "3S"],
        ..t
    }
    .pos::<KlondikeDraw3>(KlondikeDraw3);
    assert!(kept::<KlondikeDraw3>(KlondikeDraw3, &p, Prune::default()).contains(&down));
}

#[test]
fn a_dominant_waste_card_that_can_go_up_never_goes_onto_the_tableau() {
    // Draw 3: 3D on the waste can go up and its children 2C and 2S are settled; it fits on
    // 4S. The rule keeps its play up and drops every play of it onto pile 1.
    let t = Table {
        piles: &["kh 4S"],
        found: &["2C", "2D", "AH", "2S"],
        waste: "3D",
        ..Table::default()
    };
    let p = t.pos::<KlondikeDraw3>(KlondikeDraw3);
    let d3 = Card::new(3, 1);
    let onto = |k: &[Move]| {
        k.iter()
            .filter(|m| top_after::<KlondikeDraw3>(KlondikeDraw3, &p, **m, 0) == Some(d3))
            .count()
    };
    let with = kept::<KlondikeDraw3>(KlondikeDraw3, &p, Prune::default());
    let without = kept::<KlondikeDraw3>(KlondikeDraw3, &p, without_nested());
    assert_eq!(onto(&with), 0, "{with:?}");
    assert!(onto(&without) >= 1, "{without:?}");
    assert!(
        with.iter().any(|m| matches!(m.to, Place::Foundation(1))),
        "{with:?}"
    );
    // Negative: with hearts empty, 2C is not settled (AH is not up): 3D is not dominant.
    let p = Table {
        found: &["2C", "2D", "", "2S"],
        ..t
    }
    .pos::<KlondikeDraw3>(KlondikeDraw3);
    let k = kept::<KlondikeDraw3>(KlondikeDraw3, &p, Prune::default());
    let onto = k
        .iter()
        .filter(|m| top_after::<KlondikeDraw3>(KlondikeDraw3, &p, **m, 0) == Some(d3))
        .count();
    assert!(onto >= 1, "{k:?}");
}

#[test]
fn the_nested_rule_holds_in_one_deck_games_built_down_whose_runs_follow_the_build_rule() {
    fn holds<V: Variant>(v: V) -> bool {
        PruneRule::Nested.holds::<V>(v)
    }
    assert!(holds(Klondike) && holds(KlondikeDraw3) && holds(Stonewall));
    assert!(holds(FlowerGarden) && holds(Wildflower));
    assert!(holds(LuckyThirteen) && holds(LuckierThirteen));
    // Two decks, or cards built up too.
    assert!(!holds(NapoleonsShoulder) && !holds(NapoleonsSquare) && !holds(FortyThieves));
    assert!(!holds(LuckyPiles) && !holds(LuckyPilesSameSuit));
    // It extends `free`, which extends `safe`: off with either.
    let off = |p: Prune| !p.asks(PruneRule::Nested);
    assert!(off(Prune::default().without(PruneRule::Free)));
    assert!(off(Prune::default().without(PruneRule::Safe)));
    assert!(!off(Prune::default()));
}

/// lonelybot's `default` deal 21 (draw 3), lost: `lonecli print default 21` as a deal file.
const LONELYBOT_21: &str = r#"{"variant": "klondike-draw3", "tableau piles": [["3C"], ["Ah", "KS"], ["2h", "Ac", "KC"], ["9s", "8d", "5c", "JD"], ["5d", "2s", "Qd", "4c", "6S"], ["9c", "Jc", "Js", "Qh", "7s", "3H"], ["Jh", "3d", "Kh", "10d", "7c", "9d", "5H"]], "stock": ["AS", "10C", "2D", "9H", "7H", "QS", "6H", "7D", "4D", "10S", "AD", "4S", "8C", "8H", "4H", "10H", "6D", "6C", "8S", "3S", "5S", "QC", "KD", "2C"], "waste": []}"#;

/// lonelybot's deal 21 solved at 1,000,000 nodes with all rules and with `without`: lost both
/// ways; the nodes of each.
fn deal_21_lost_both_ways(without: Prune) -> (u64, u64) {
    let deal = read_deal(LONELYBOT_21).expect("deal 21");
    let start = Position::from_deal::<KlondikeDraw3>(KlondikeDraw3, &deal).expect("deal 21");
    let v = KlondikeDraw3;
    let (with, n_with) = verdict(v, &start, Prune::default(), 1_000_000, "deal 21");
    let (off, n_off) = verdict(v, &start, without, 1_000_000, "deal 21 without the rule");
    assert_eq!((with, off), ('U', 'U'));
    (n_with, n_off)
}

/// The verdict letter and nodes of `start` with `prune`, at `nodes` nodes (a win replays).
fn verdict<V: Variant>(
    v: V,
    start: &Position,
    prune: Prune,
    nodes: u64,
    what: &str,
) -> (char, u64) {
    let sol = solve_checked(&mut solver::<V>(v, nodes, prune), start, what);
    (letter(&sol.verdict), sol.stats.nodes)
}

/// Pinned on the seeds of both draws: (seed, verdict), decided at 200,000 nodes with and
/// without the rule.
#[test]
fn verdicts_on_fixed_deals_with_and_without_the_rule() {
    fn pinned<V: Variant>(v: V, deals: &[(u64, char)]) {
        for &(seed, want) in deals {
            let start = start_of::<V>(v, seed);
            let what = format!("seed {seed}");
            for prune in [Prune::default(), without_nested()] {
                let (got, _) = verdict::<V>(v, &start, prune, 200_000, &what);
                assert_eq!(got, want, "{} {what} {prune:?}", v.rules().id);
            }
        }
    }
    pinned::<Klondike>(Klondike, &[(9, 'U'), (34, 'S'), (49, 'S')]);
    pinned::<KlondikeDraw3>(KlondikeDraw3, &[(13, 'U'), (20, 'U'), (34, 'S'), (7, 'S')]);
    // lonelybot's deal 21: lost both ways, in fewer nodes with the rule.
    let (n_with, n_without) = deal_21_lost_both_ways(without_nested());
    assert!(n_with < n_without, "{n_with} >= {n_without}");
}

/// Seeds 0..60 of both draws at a budget that decides nearly all: the same verdicts with and
/// without the rule wherever both decide, and every win replays.
#[test]
fn the_nested_rule_keeps_every_verdict_on_seeds_0_to_60() {
    fn cross<V: Variant>(v: V) -> (usize, usize) {
        let mut with = solver::<V>(v, 300_000, Prune::default());
        let mut without = solver::<V>(v, 300_000, without_nested());
        let (mut decided, mut lost) = (0, 0);
        for seed in 0..60 {
            let start = start_of::<V>(v, seed);
            let what = format!("seed {seed}");
            let a = letter(&solve_checked(&mut with, &start, &what).verdict);
            let b = letter(&solve_checked(&mut without, &start, &what).verdict);
            if a != '?' && b != '?' {
                assert_eq!(a, b, "{} {what}: with {a}, without {b}", v.rules().id);
                decided += 1;
                lost += usize::from(a == 'U');
            }
        }
        (decided, lost)
    }
    let (decided, lost) = cross::<Klondike>(Klondike);
    assert!(decided >= 57 && lost >= 2, "{decided} {lost}");
    let (decided, lost) = cross::<KlondikeDraw3>(KlondikeDraw3);
    assert!(decided >= 55 && lost >= 8, "{decided} {lost}");
}

fn without_deck() -> Prune {
    Prune::default().without(PruneRule::Deck)
}

/// The hand-made positions below hide the cards they do not name face down in one pile, in a
/// fresh deck's order, which the blocked-cards test sees as a dead end; the deck rule does
/// not read that test, so these positions are looked at with it off.
fn unblocked(p: Prune) -> Prune {
    p.without(PruneRule::Blocks)
}

/// Draw 3: 3D, dominant (its children 2C and 2S are settled) and able to go up, is the talon's
/// last card (the bottom of the stock, named first). The cards not named lie face down under
/// 10H; 9C can go onto 10H, and empty piles take Kings, so there is more than one move.
fn deck_table<'a>(stock: &'a str, waste: &'a str, found: &'a [&'a str]) -> Table<'a> {
    Table {
        piles: &["kh 4S", "10H", "9C"],
        found,
        stock,
        waste,
        filler: Filler::Under {
            pile: 1,
            face_down: true,
        },
        ..Table::default()
    }
}

const SETTLED_BELOW_3D: &[&str] = &["2C", "2D", "AH", "2S"];

#[test]
fn the_talons_last_card_goes_up_alone_with_the_waste_at_a_pass_boundary() {
    let v = KlondikeDraw3;
    // Waste empty (0 is a multiple of 3): the talon play of all six cards puts 3D up.
    let p = deck_table("3D 9S 8H 7C 6D 5S", "", SETTLED_BELOW_3D).pos::<KlondikeDraw3>(v);
    let up = Move::talon_play(6, false, Place::Foundation(1));
    let with = kept::<KlondikeDraw3>(v, &p, unblocked(Prune::default()));
    assert_eq!(with, [up]);
    let without = kept::<KlondikeDraw3>(v, &p, unblocked(without_deck()));
    assert!(without.len() > 1 && without.contains(&up), "{without:?}");
    // Three cards in the waste, three in the stock: the play of the last card is forced too.
    let p = deck_table("3D 9S 8H", "5S 6D 7C", SETTLED_BELOW_3D).pos::<KlondikeDraw3>(v);
    assert_eq!(
        kept::<KlondikeDraw3>(v, &p, unblocked(Prune::default())),
        [up]
    );
    // The stock down to its last card (five in the waste): forced.
    let p = deck_table("3D", "5S 6D 7C 8H 9S", SETTLED_BELOW_3D).pos::<KlondikeDraw3>(v);
    assert_eq!(
        kept::<KlondikeDraw3>(v, &p, unblocked(Prune::default())),
        [up]
    );
    // The stock empty: 3D tops the waste, and its play from the waste is the only move.
    let p = deck_table("", "5S 6D 7C 8H 9S 3D", SETTLED_BELOW_3D).pos::<KlondikeDraw3>(v);
    let from_waste = Move::new(Place::Waste, Place::Foundation(1), 1);
    assert_eq!(
        kept::<KlondikeDraw3>(v, &p, unblocked(Prune::default())),
        [from_waste]
    );
    let without = kept::<KlondikeDraw3>(v, &p, unblocked(without_deck()));
    assert!(
        without.len() > 1 && without.contains(&from_waste),
        "{without:?}"
    );
}

#[test]
fn the_talons_last_card_is_not_forced_off_a_pass_boundary_or_when_it_is_needed() {
    let v = KlondikeDraw3;
    let up = Move::talon_play(6, false, Place::Foundation(1));
    // One card in the waste (not a multiple of 3, two left in the stock at least): the later
    // turns show other cards than from the boundary, so the rule keeps every move.
    let p = deck_table("3D 9S 8H 7C 6D", "5S", SETTLED_BELOW_3D).pos::<KlondikeDraw3>(v);
    let k = kept::<KlondikeDraw3>(v, &p, unblocked(Prune::default()));
    assert!(k.len() > 1 && k.contains(&up), "{k:?}");
    // Two in the waste, four in the stock: not forced either.
    let p = deck_table("3D 9S 8H 7C", "5S 6D", SETTLED_BELOW_3D).pos::<KlondikeDraw3>(v);
    let k = kept::<KlondikeDraw3>(v, &p, unblocked(Prune::default()));
    assert!(k.len() > 1 && k.contains(&up), "{k:?}");
    // Hearts empty: 2C is not settled (AH is not up), so 3D is not dominant.
    let p = deck_table("3D 9S 8H 7C 6D 5S", "", &["2C", "2D", "", "2S"]).pos::<KlondikeDraw3>(v);
    let k = kept::<KlondikeDraw3>(v, &p, unblocked(Prune::default()));
    assert!(k.len() > 1 && k.contains(&up), "{k:?}");
    // 3D dominant but not the talon's last card (9S is): nothing forced.
    let p = deck_table("9S 3D 8H 7C 6D 5S", "", SETTLED_BELOW_3D).pos::<KlondikeDraw3>(v);
    let k = kept::<KlondikeDraw3>(v, &p, unblocked(Prune::default()));
    assert!(k.len() > 1, "{k:?}");
}

#[test]
fn the_deck_rule_holds_where_several_cards_are_turned_with_unlimited_passes() {
    fn holds<V: Variant>(v: V) -> bool {
        PruneRule::Deck.holds::<V>(v)
    }
    assert!(holds(KlondikeDraw3));
    // One card at a time (`safe` forces talon cards there), no stock, or two decks.
    assert!(!holds(Klondike) && !holds(Stonewall) && !holds(FlowerGarden));
    assert!(!holds(NapoleonsSquare) && !holds(FortyThieves) && !holds(LuckyPiles));
    // It extends `nested`: off without it.
    let off = |p: Prune| !p.asks(PruneRule::Deck);
    assert!(off(Prune::default().without(PruneRule::Nested)));
    assert!(off(Prune::default().without(PruneRule::Safe)));
    assert!(off(without_deck()));
    assert!(!off(Prune::default()));
}

/// Pinned on the seeds of both draws: (seed, verdict), decided at 200,000 nodes with and
/// without the deck rule; lonelybot's deal 21 lost both ways.
#[test]
fn deck_rule_verdicts_on_fixed_deals_with_and_without_it() {
    fn pinned<V: Variant>(v: V, deals: &[(u64, char)]) {
        for &(seed, want) in deals {
            let start = start_of::<V>(v, seed);
            let what = format!("seed {seed}");
            for prune in [Prune::default(), without_deck()] {
                let (got, _) = verdict::<V>(v, &start, prune, 200_000, &what);
                assert_eq!(got, want, "{} {what} {prune:?}", v.rules().id);
            }
        }
    }
    pinned::<Klondike>(Klondike, &[(9, 'U'), (34, 'S')]);
    pinned::<KlondikeDraw3>(KlondikeDraw3, &[(13, 'U'), (20, 'U'), (34, 'S'), (7, 'S')]);
    let (n_with, n_without) = deal_21_lost_both_ways(without_deck());
    assert!(n_with <= n_without, "{n_with} > {n_without}");
}

/// Draw 3 seeds 0..60 at 300,000 nodes: the same verdicts with and without the deck rule
/// wherever both decide, every win replays.
#[test]
fn the_deck_rule_keeps_every_verdict_on_seeds_0_to_60() {
    let v = KlondikeDraw3;
    let mut with = solver::<KlondikeDraw3>(v, 300_000, Prune::default());
    let mut without = solver::<KlondikeDraw3>(v, 300_000, without_deck());
    let (mut decided, mut lost) = (0, 0);
    for seed in 0..60 {
        let start = start_of::<KlondikeDraw3>(v, seed);
        let what = format!("seed {seed}");
        let a = letter(&solve_checked(&mut with, &start, &what).verdict);
        let b = letter(&solve_checked(&mut without, &start, &what).verdict);
        if a != '?' && b != '?' {
            assert_eq!(a, b, "{what}: with {a}, without {b}");
            decided += 1;
            lost += usize::from(a == 'U');
        }
    }
    assert!(decided >= 55 && lost >= 8, "{decided} {lost}");
}

fn without_back() -> Prune {
    Prune::default().without(PruneRule::Back)
}

/// The take-back rule's move: the same cards back between the same tableau piles or between a
/// pile and a foundation; none after a move that turned a card up or shortened the source's
/// undisturbed prefix, nor for moves from the reserve, stock or waste, twin shifts or turns.
#[test]
fn a_move_is_taken_back_only_between_piles_and_foundations_with_nothing_else_changed() {
    use patience::internal::game::Undo;
    use patience::internal::solve::prune::takes_back;
    let (t, f) = (Place::Tableau, Place::Foundation);
    let clean = Undo::default();
    assert_eq!(
        takes_back(Move::new(t(0), t(3), 2), &clean),
        Some(Move::new(t(3), t(0), 2))
    );
    assert_eq!(
        takes_back(Move::new(t(1), f(2), 1), &clean),
        Some(Move::new(f(2), t(1), 1))
    );
    assert_eq!(
        takes_back(Move::new(f(2), t(1), 1), &clean),
        Some(Move::new(t(1), f(2), 1))
    );
    let flipped = Undo {
        flipped: true,
        ..Undo::default()
    };
    assert_eq!(takes_back(Move::new(t(0), t(3), 1), &flipped), None);
    let fixed = Undo {
        fixed: Some(4),
        ..Undo::default()
    };
    assert_eq!(takes_back(Move::new(t(0), f(3), 1), &fixed), None);
    for m in [
        Move::new(Place::Reserve(0), t(1), 1),
        Move::new(Place::Waste, t(1), 1),
        Move::new(Place::Waste, f(0), 1),
        Move::new(Place::Stock, t(2), 5),
        Move::new(Place::Stock, Place::Waste, 3),
        Move::new(Place::Waste, Place::Stock, 0),
        Move::twin_shift(0, 1, 2),
    ] {
        assert_eq!(takes_back(m, &clean), None, "{m}");
    }
}

/// Along random games of every built-in game: whenever the rule names a move back, that move
/// is legal after the move and restores the position before it exactly.
#[test]
fn the_move_back_restores_the_position_before_the_move() {
    use patience::internal::solve::prune::takes_back;
    fn walk<V: Variant>(v: V) -> usize {
        let mut restored = 0;
        for seed in 0..12u64 {
            let mut pos = start_of::<V>(v, seed);
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..120 {
                let moves = gen_moves::<V>(v, &pos);
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let mut child = pos.clone();
                    let u = apply::<V>(v, &mut child, m);
                    if let Some(b) = takes_back(m, &u) {
                        let legal = gen_moves::<V>(v, &child);
                        if legal.contains(&b) {
                            apply::<V>(v, &mut child, b);
                            assert!(child == pos, "{} seed {seed}: {m} then {b}", v.rules().id);
                            restored += 1;
                        }
                    }
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let m = moves[(rng % moves.len() as u64) as usize];
                apply::<V>(v, &mut pos, m);
            }
        }
        restored
    }
    assert!(walk::<KlondikeDraw3>(KlondikeDraw3) > 100);
    assert!(walk::<Klondike>(Klondike) > 100);
    assert!(walk::<Stonewall>(Stonewall) > 100);
    assert!(walk::<NapoleonsShoulder>(NapoleonsShoulder) > 100);
    assert!(walk::<FortyThieves>(FortyThieves) > 100);
    assert!(walk::<FlowerGarden>(FlowerGarden) > 100);
    assert!(walk::<LuckyPiles>(LuckyPiles) > 100);
}

/// The plain exact search with and without the rule is one search: wherever the search
/// without it decides, the one with it decides alike, from the same positions (the same table),
/// with the same win, in fewer nodes or as many.
#[test]
fn the_take_back_rule_changes_nothing_but_the_node_count() {
    fn cross<V: Variant>(
        v: V,
        seeds: std::ops::Range<u64>,
        nodes: u64,
        least: usize,
    ) -> (&'static str, usize, u64, u64) {
        let plain = |prune| {
            let mut s = solver::<V>(v, nodes, prune);
            s.options.quick = false;
            s
        };
        let (mut with, mut without) = (plain(Prune::default()), plain(without_back()));
        let (mut decided, mut n_with, mut n_without) = (0, 0, 0);
        for seed in seeds {
            let start = start_of::<V>(v, seed);
            let what = format!("{} seed {seed}", v.rules().id);
            let b = solve_checked(&mut without, &start, &what);
            let a = solve_checked(&mut with, &start, &what);
            assert!(a.stats.nodes <= b.stats.nodes, "{what}");
            if letter(&b.verdict) != '?' {
                assert_eq!(a.verdict, b.verdict, "{what}");
                assert_eq!(a.stats.table_len, b.stats.table_len, "{what}");
                decided += 1;
                n_with += a.stats.nodes;
                n_without += b.stats.nodes;
            }
        }
        assert!(decided >= least, "{}: {decided} decided", v.rules().id);
        (v.rules().id, decided, n_with, n_without)
    }
    for (game, decided, with, without) in [
        cross::<KlondikeDraw3>(KlondikeDraw3, 0..20, 300_000, 15),
        cross::<Stonewall>(Stonewall, 0..20, 300_000, 15),
        cross::<NapoleonsShoulder>(NapoleonsShoulder, 0..24, 300_000, 3),
        cross::<FlowerGarden>(FlowerGarden, 0..16, 300_000, 2),
    ] {
        assert!(
            with < without,
            "{game}: {decided} decided, {with} >= {without}"
        );
    }
    // lonelybot's deal 21, proved lost both ways from the same positions.
    let (n_with, n_without) = deal_21_lost_both_ways(without_back());
    assert!(n_with < n_without, "{n_with} >= {n_without}");
}
