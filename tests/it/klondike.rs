//! Klondike (draw 1 and draw 3): its distinctive rules on hand-made positions, its golden
//! deals, and its verdicts against Solvitaire's on the reference deals.
//!
//! Every rule check asks both `game::legal` and `game::generate`.

use crate::common;
use patience::cards::{Card, CardToken};
use patience::deal::{Deal, deal};
use patience::game::{Illegal, Move, Position, Variant, apply, generate, legal};
use patience::io::dealfile::read_deal;
use patience::solve::{Options, Prune, Solver, Verdict, replay};
use patience::variants::{Klondike, KlondikeDraw3};
use std::sync::atomic::AtomicBool;

fn toks(s: &str) -> Vec<CardToken> {
    s.split_whitespace()
        .map(|t| CardToken::parse(t).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A Klondike position: the named piles (bottom first, lower-case suit = face down), the named
/// stock cards on top of the stock (bottom first), and every other card under them in the stock.
fn pos<V: Variant>(piles: &[&str], stock_top: &str, waste: &str) -> Position {
    let piles: Vec<Vec<CardToken>> = (0..7)
        .map(|i| piles.get(i).map(|p| toks(p)).unwrap_or_default())
        .collect();
    let top = toks(stock_top);
    let waste = toks(waste);
    let named: Vec<Card> = piles
        .iter()
        .flatten()
        .chain(&top)
        .chain(&waste)
        .map(|t| match t {
            CardToken::Known { card, .. } => *card,
            CardToken::Unknown => panic!("no unknown cards here"),
        })
        .collect();
    let mut stock: Vec<CardToken> = (0..52u8)
        .map(Card::from_index)
        .filter(|c| !named.contains(c))
        .map(|card| CardToken::Known {
            card,
            face_up: true,
        })
        .collect();
    stock.extend(top);
    let d = Deal {
        variant: Some(V::RULES.id.to_string()),
        seed: None,
        piles,
        reserve: Vec::new(),
        stock,
        waste,
        foundations: Vec::new(),
    };
    Position::from_deal::<V>(&d).unwrap_or_else(|e| panic!("{e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// `legal` accepts the move and `generate` lists it.
fn allowed<V: Variant>(p: &Position, m: &str) -> Move {
    let m = legal::<V>(p, mv(m)).unwrap_or_else(|e| panic!("{m} refused: {e}"));
    let mut listed = Vec::new();
    generate::<V>(p, &mut listed);
    assert!(
        listed.contains(&m),
        "{m} allowed but not generated: {listed:?}"
    );
    m
}

/// `legal` refuses the move and `generate` does not list it.
fn refused<V: Variant>(p: &Position, m: &str) -> Illegal {
    let e = legal::<V>(p, mv(m))
        .err()
        .unwrap_or_else(|| panic!("{m} allowed"));
    let mut listed = Vec::new();
    generate::<V>(p, &mut listed);
    let want = mv(m);
    assert!(
        listed
            .iter()
            .all(|g| (g.from, g.to, g.count) != (want.from, want.to, want.count)),
        "{m} refused ({e}) but generated"
    );
    e
}

#[test]
fn only_a_king_or_a_run_headed_by_a_king_fills_a_space() {
    let p = pos::<Klondike>(&["", "kc KD QS", "5c QH JS", "9H"], "", "");
    let m = allowed::<Klondike>(&p, "T2>T1x2"); // KD QS into the space
    assert_eq!(m.count, 2);
    assert!(matches!(
        refused::<Klondike>(&p, "T2>T1"), // QS alone is no King
        Illegal::SpaceRule { .. }
    ));
    assert!(matches!(
        refused::<Klondike>(&p, "T3>T1x2"), // a run headed by a Queen
        Illegal::SpaceRule { .. }
    ));
    assert!(matches!(
        refused::<Klondike>(&p, "T4>T1"),
        Illegal::SpaceRule { .. }
    ));
    // The face-down King under them never moves.
    refused::<Klondike>(&p, "T2>T1x3");
}

#[test]
fn any_face_up_run_moves_and_runs_may_be_split() {
    // Pile 1: a face-down King under the run 9C 8H 7S.
    let p = pos::<Klondike>(&["kd 9C 8H 7S", "10D", "9S", "8D"], "", "");
    assert_eq!(allowed::<Klondike>(&p, "T1>T2x3").count, 3); // 9C 8H 7S onto 10D
    allowed::<Klondike>(&p, "T1>T4"); // 7S alone onto 8D: the run split
    assert!(matches!(
        refused::<Klondike>(&p, "T1>T3x3"), // 9C on 9S
        Illegal::DoesNotFit { .. }
    ));
    assert!(matches!(
        refused::<Klondike>(&p, "T1>T2x2"), // 8H on 10D
        Illegal::DoesNotFit { .. }
    ));
    assert!(matches!(
        refused::<Klondike>(&p, "T1>T4x2"), // 8H on 8D
        Illegal::DoesNotFit { .. }
    ));
    refused::<Klondike>(&p, "T1>T2x4"); // the face-down King is not part of a run
    // Moving the whole run turns the King up.
    let mut q = p.clone();
    apply::<Klondike>(&mut q, mv("T1>T2x3"));
    assert_eq!(q.piles[0].len, 1);
    assert!(!q.piles[0].is_down(0));
    assert_eq!(q.piles[0].top(), card("KD"));
}

#[test]
fn draw_three_turns_three_cards_and_only_the_top_one_plays() {
    // The stock's top three cards, bottom first: 2C 3D 4H (4H is turned first).
    let mut p = pos::<KlondikeDraw3>(&["5S", "4S", "ks 3H"], "2C 3D 4H", "");
    let stock = p.stock_len;
    let m = allowed::<KlondikeDraw3>(&p, "S>W");
    apply::<KlondikeDraw3>(&mut p, m);
    assert_eq!((p.stock_len, p.waste_len), (stock - 3, 3));
    assert_eq!(p.waste_top(), Some(card("2C")));
    allowed::<KlondikeDraw3>(&p, "W>T3"); // 2C on 3H
    assert!(matches!(
        refused::<KlondikeDraw3>(&p, "W>T1"), // 4H is under 2C and 3D
        Illegal::DoesNotFit { .. }
    ));
    // Draw 1 turns one card: the same position shows 4H.
    let mut q = pos::<Klondike>(&["5S", "4S", "ks 3H"], "2C 3D 4H", "");
    apply::<Klondike>(&mut q, mv("S>W"));
    assert_eq!(q.waste_top(), Some(card("4H")));
    allowed::<Klondike>(&q, "W>T1"); // 4H on 5S
}

/// Turns the stock until it is empty; returns how many turns it took.
fn run_out<V: Variant>(p: &mut Position) -> usize {
    let mut n = 0;
    while p.stock_len > 0 {
        let m = allowed::<V>(p, "S>W");
        apply::<V>(p, m);
        n += 1;
    }
    n
}

fn unlimited_passes<V: Variant>(draw: usize) {
    let mut p = pos::<V>(&["KS", "KH", "KD", "KC"], "", "");
    let cards = p.stock_len as usize;
    assert!(matches!(refused::<V>(&p, "W>S"), Illegal::NoRedeal)); // the stock is not empty
    let key = |p: &Position| (p.stock_len, p.waste_len, p.stock, p.waste);
    let start = key(&p);
    // Far more passes than a byte counts: the number of passes is unlimited.
    for pass in 0..300 {
        assert_eq!(run_out::<V>(&mut p), cards.div_ceil(draw), "pass {pass}");
        assert!(matches!(refused::<V>(&p, "S>W"), Illegal::StockEmpty));
        let m = allowed::<V>(&p, "W>S");
        apply::<V>(&mut p, m);
        assert_eq!(
            key(&p),
            start,
            "pass {pass}: the redeal restores the stock's order"
        );
    }
}

#[test]
fn klondike_has_unlimited_passes() {
    unlimited_passes::<Klondike>(1);
    unlimited_passes::<KlondikeDraw3>(3);
}

#[test]
fn golden_deals() {
    // Pile 1 has one card, pile 7 seven; only each top card lies face up; 24 cards in the stock.
    for seed in [0, 1, 2] {
        let d = deal(&Klondike::RULES, seed);
        let sizes: Vec<usize> = d.piles.iter().map(|p| p.len()).collect();
        assert_eq!(sizes, [1, 2, 3, 4, 5, 6, 7]);
        for p in &d.piles {
            for (i, t) in p.iter().enumerate() {
                let up = matches!(t, CardToken::Known { face_up: true, .. });
                assert_eq!(up, i + 1 == p.len());
            }
        }
        assert_eq!(d.stock.len(), 24);
        // Draw 3 deals the same cards for the same seed.
        let d3 = deal(&KlondikeDraw3::RULES, seed);
        assert_eq!((&d.piles, &d.stock), (&d3.piles, &d3.stock));
    }
    let tops = |seed| -> String {
        let d = deal(&Klondike::RULES, seed);
        let name = |t: &CardToken| match t {
            CardToken::Known { card, .. } => card.to_string(),
            CardToken::Unknown => "??".to_string(),
        };
        let t: Vec<String> = d.piles.iter().map(|p| name(p.last().unwrap())).collect();
        let s: Vec<String> = d.stock.iter().rev().take(3).map(name).collect();
        format!("{} | {}", t.join(" "), s.join(" "))
    };
    assert_eq!(tops(0), GOLDEN_0);
    assert_eq!(tops(1), GOLDEN_1);
}

// Pile tops 1..7, then the next three stock cards to be turned. Pinned: deals never change.
const GOLDEN_0: &str = "8S JH QS AH 5C 6D 2C | 4H KC 3D";
const GOLDEN_1: &str = "7H 10C KS 8S 9D 7C 10D | 2S KD 3C";

// ---------------------------------------------------------------------------------------------
// Solvitaire's reference deals.
// ---------------------------------------------------------------------------------------------

/// Node budget per reference deal (debug build in CI: keep it small).
const REFERENCE_NODES: u64 = 200_000;

fn reference<V: Variant>(min_decided: usize) {
    let id = V::RULES.id;
    let dir = common::reference_dir();
    let csv = std::fs::read_to_string(dir.join("verdicts.csv")).expect("verdicts.csv");
    let rows: Vec<(String, String)> = csv
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.trim().split(',').collect();
            (f.len() == 3 && f[0] == id).then(|| (f[1].to_string(), f[2].to_string()))
        })
        .collect();
    assert!(rows.len() >= 5, "only {} {id} rows", rows.len());
    let mut s = Solver::<V>::new(Options {
        max_nodes: REFERENCE_NODES,
        timeout: None,
        table_bytes: 1 << 28,
        prune: Prune::default(),
        quick: true,
    });
    let (mut decided, mut disagree) = (0, Vec::new());
    for (file, expected) in &rows {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let d = read_deal(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let start = Position::from_deal::<V>(&d).unwrap_or_else(|e| panic!("{file}: {e}"));
        let sol = s.solve(&start, &AtomicBool::new(false)).unwrap();
        if let Verdict::Solved(moves) = &sol.verdict {
            let end = replay::<V>(&start, moves).unwrap_or_else(|(i, e)| panic!("{file} {i}: {e}"));
            assert!(end.is_won::<V>(), "{file}: the solution does not win");
        }
        let word = sol.verdict.word();
        eprintln!(
            "reference {file}: ours {word} ({} nodes), Solvitaire {expected}",
            sol.stats.nodes
        );
        if word != "unknown" {
            decided += 1;
            if word != expected {
                disagree.push(format!("{file}: ours {word}, Solvitaire {expected}"));
            }
        }
    }
    assert!(disagree.is_empty(), "{id}: {}", disagree.join("\n"));
    assert!(
        decided >= min_decided,
        "{id}: {decided} reference deals decided, {min_decided} before"
    );
}

#[test]
fn reference_deals_agree_with_solvitaire_draw_1() {
    // Decided at this budget when written: 7 of 10 (1.json, which Solvitaire proves
    // unsolvable, 3.json and 10.json are unknown). Fewer is a regression.
    reference::<Klondike>(7);
}

#[test]
fn reference_deals_agree_with_solvitaire_draw_3() {
    // Decided at this budget when written: 4 of 10 (2, 5, 8, 9).
    reference::<KlondikeDraw3>(4);
}
