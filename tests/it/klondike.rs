//! Klondike (draw 1 and draw 3): its distinctive rules on hand-made positions, its golden
//! deals, and its verdicts against Solvitaire's on the reference deals.
//!
//! Every rule check asks both `game::legal` and `game::generate` (`helpers::allowed_exactly`:
//! an allowed move must be generated as it is, not only up to renaming; `helpers::refused`: a
//! refused move must not be generated in any form).

use crate::helpers::{TABLE_BYTES, Table, allowed_exactly, card, mv, reference_deals, refused};
use patience::deal;
use patience::games::{Klondike, KlondikeDraw3};
use patience::internal::cards::CardToken;
use patience::{Illegal, Position, Variant, apply};

/// A Klondike position: the named piles (bottom first, lower-case suit = face down), the named
/// stock cards on top of the stock (bottom first), and every other card under them in the stock.
fn pos<V: Variant>(v: V, piles: &[&str], stock_top: &str, waste: &str) -> Position {
    Table {
        piles,
        stock: stock_top,
        waste,
        ..Table::default()
    }
    .pos::<V>(v)
}

#[test]
fn only_a_king_or_a_run_headed_by_a_king_fills_a_space() {
    let p = pos::<Klondike>(Klondike, &["", "kc KD QS", "5c QH JS", "9H"], "", "");
    let m = allowed_exactly::<Klondike>(Klondike, &p, "T2>T1x2"); // KD QS into the space
    assert_eq!(m.count, 2);
    assert!(matches!(
        refused::<Klondike>(Klondike, &p, "T2>T1"), // QS alone is no King
        Illegal::SpaceRule { .. }
    ));
    assert!(matches!(
        refused::<Klondike>(Klondike, &p, "T3>T1x2"), // a run headed by a Queen
        Illegal::SpaceRule { .. }
    ));
    assert!(matches!(
        refused::<Klondike>(Klondike, &p, "T4>T1"),
        Illegal::SpaceRule { .. }
    ));
    // The face-down King under them never moves.
    refused::<Klondike>(Klondike, &p, "T2>T1x3");
}

#[test]
fn any_face_up_run_moves_and_runs_may_be_split() {
    // Pile 1: a face-down King under the run 9C 8H 7S.
    let p = pos::<Klondike>(Klondike, &["kd 9C 8H 7S", "10D", "9S", "8D"], "", "");
    assert_eq!(
        allowed_exactly::<Klondike>(Klondike, &p, "T1>T2x3").count,
        3
    ); // 9C 8H 7S onto 10D
    allowed_exactly::<Klondike>(Klondike, &p, "T1>T4"); // 7S alone onto 8D: the run split
    assert!(matches!(
        refused::<Klondike>(Klondike, &p, "T1>T3x3"), // 9C on 9S
        Illegal::DoesNotFit { .. }
    ));
    assert!(matches!(
        refused::<Klondike>(Klondike, &p, "T1>T2x2"), // 8H on 10D
        Illegal::DoesNotFit { .. }
    ));
    assert!(matches!(
        refused::<Klondike>(Klondike, &p, "T1>T4x2"), // 8H on 8D
        Illegal::DoesNotFit { .. }
    ));
    refused::<Klondike>(Klondike, &p, "T1>T2x4"); // the face-down King is not part of a run
    // Moving the whole run turns the King up.
    let mut q = p.clone();
    apply::<Klondike>(Klondike, &mut q, mv("T1>T2x3"));
    assert_eq!(q.piles()[0].len, 1);
    assert!(!q.piles()[0].is_down(0));
    assert_eq!(q.piles()[0].top(), card("KD"));
}

#[test]
fn draw_three_turns_three_cards_and_only_the_top_one_plays() {
    // The stock's top three cards, bottom first: 2C 3D 4H (4H is turned first).
    let mut p = pos::<KlondikeDraw3>(KlondikeDraw3, &["5S", "4S", "ks 3H"], "2C 3D 4H", "");
    let stock = p.stock_len();
    let m = allowed_exactly::<KlondikeDraw3>(KlondikeDraw3, &p, "S>W");
    apply::<KlondikeDraw3>(KlondikeDraw3, &mut p, m);
    assert_eq!((p.stock_len(), p.waste_len()), (stock - 3, 3));
    assert_eq!(p.waste_top(), Some(card("2C")));
    allowed_exactly::<KlondikeDraw3>(KlondikeDraw3, &p, "W>T3"); // 2C on 3H
    assert!(matches!(
        refused::<KlondikeDraw3>(KlondikeDraw3, &p, "W>T1"), // 4H is under 2C and 3D
        Illegal::DoesNotFit { .. }
    ));
    // Draw 1 turns one card: the same position shows 4H.
    let mut q = pos::<Klondike>(Klondike, &["5S", "4S", "ks 3H"], "2C 3D 4H", "");
    apply::<Klondike>(Klondike, &mut q, mv("S>W"));
    assert_eq!(q.waste_top(), Some(card("4H")));
    allowed_exactly::<Klondike>(Klondike, &q, "W>T1"); // 4H on 5S
}

/// Turns the stock until it is empty; returns how many turns it took.
fn run_out<V: Variant>(v: V, p: &mut Position) -> usize {
    let mut n = 0;
    while p.stock_len() > 0 {
        let m = allowed_exactly::<V>(v, p, "S>W");
        apply::<V>(v, p, m);
        n += 1;
    }
    n
}

fn unlimited_passes<V: Variant>(v: V, draw: usize) {
    let mut p = pos::<V>(v, &["KS", "KH", "KD", "KC"], "", "");
    let cards = p.stock_len();
    assert!(matches!(refused::<V>(v, &p, "W>S"), Illegal::NoRedeal)); // the stock is not empty
    let key = |p: &Position| (p.stock().to_vec(), p.waste().to_vec());
    let start = key(&p);
    // Far more passes than a byte counts: the number of passes is unlimited.
    for pass in 0..300 {
        assert_eq!(run_out::<V>(v, &mut p), cards.div_ceil(draw), "pass {pass}");
        assert!(matches!(refused::<V>(v, &p, "S>W"), Illegal::StockEmpty));
        let m = allowed_exactly::<V>(v, &p, "W>S");
        apply::<V>(v, &mut p, m);
        assert_eq!(
            key(&p),
            start,
            "pass {pass}: the redeal restores the stock's order"
        );
    }
}

#[test]
fn klondike_has_unlimited_passes() {
    unlimited_passes::<Klondike>(Klondike, 1);
    unlimited_passes::<KlondikeDraw3>(KlondikeDraw3, 3);
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

#[test]
fn reference_deals_agree_with_solvitaire_draw_1() {
    // Decided at this budget: all 10 since the blocked-cards test (7 when first written: 1.json,
    // which Solvitaire proves unsolvable and the test proves at the start, and 3.json and
    // 10.json were unknown). Fewer is a regression.
    reference_deals::<Klondike>(Klondike, REFERENCE_NODES, 10, TABLE_BYTES);
}

#[test]
fn reference_deals_agree_with_solvitaire_draw_3() {
    // Decided at 200,000 nodes: 4 of 10 when first written (2, 5, 8, 9); 9 with the split-runs
    // rule and the blocked-cards test (all but 6.json). With the loose tableau the exact search
    // runs alone, and wins 3.json and 8.json in 270k and 4.28 M nodes (the best-first search
    // had found them in about 120k), so this runs at the default budget: all 10 decided.
    reference_deals::<KlondikeDraw3>(
        KlondikeDraw3,
        patience::internal::solve::DEFAULT_MAX_NODES,
        10,
        TABLE_BYTES,
    );
}

/// A stock turn's count is implied (`S>W`); one written out must be the turn's: `S>Wx3` is
/// refused in draw 1 and taken in draw 3 (a full stock turns three), `S>Wx2` in neither.
#[test]
fn a_stock_turn_written_with_a_count_must_turn_that_many() {
    fn turn<V: Variant>(v: V, text: &str) -> Result<u8, Illegal> {
        let p = Position::from_deal::<V>(v, &deal(v.rules(), 0)).unwrap();
        patience::legal::<V>(v, &p, mv(text)).map(|m| m.count)
    }
    assert_eq!(turn::<Klondike>(Klondike, "S>W"), Ok(1));
    assert!(matches!(
        turn::<Klondike>(Klondike, "S>Wx3"),
        Err(Illegal::TooMany { max: 1, .. })
    ));
    assert_eq!(turn::<KlondikeDraw3>(KlondikeDraw3, "S>W"), Ok(3));
    assert_eq!(turn::<KlondikeDraw3>(KlondikeDraw3, "S>Wx3"), Ok(3));
    assert!(turn::<KlondikeDraw3>(KlondikeDraw3, "S>Wx2").is_err());
}

// ---------------------------------------------------------------------------------------------
// The long test: Blake & Gent's rates.
// ---------------------------------------------------------------------------------------------

/// Blake & Gent's thoughtful win rates ("The Winnability of Klondike Solitaire", 10^6 deals
/// each): draw 3 81.945% and draw 1 90.480% (their intervals: ± 0.084% and ± 0.116%).
const BLAKE_AND_GENT: [(&str, f64); 2] = [("klondike-draw3", 0.81945), ("klondike", 0.90480)];

/// The long test of issue 68: over seeds 0..100,000 at the default budget, the 95% interval of
/// each draw's win rate (undecided deals counted lost for its lower bound, won for its upper)
/// holds Blake & Gent's rate. It guards the verdicts of every change to Klondike's search: a
/// win lost or a loss "proved" where there is a win moves the rate out of it. The command a user
/// would run, in one `winrate` of both draws on the same seeds.
#[test]
#[ignore = "long: 200,000 Klondike solves at the default budget, about 2 hours on 2 cores \
            (cargo test --test it -- --ignored blake_and_gent)"]
fn blake_and_gent_rates_lie_in_the_intervals_of_100000_seeds() {
    let out = crate::common::patience()
        .args(["winrate", "klondike-draw3", "klondike"])
        .args(["--seeds", "0..100000", "--json"])
        .output()
        .expect("winrate runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the JSON summary");
    for (variant, rate) in BLAKE_AND_GENT {
        let row = summary["variants"]
            .as_array()
            .expect("a row per variant")
            .iter()
            .find(|r| r["variant"] == variant)
            .unwrap_or_else(|| panic!("{variant}: no summary row"));
        assert_eq!(row["deals"], 100_000, "{variant}");
        let (low, high) = (
            row["wilson95"]["low"].as_f64().expect("a number"),
            row["wilson95"]["high"].as_f64().expect("a number"),
        );
        assert!(
            low <= rate && rate <= high,
            "{variant}: Blake & Gent's {rate} outside [{low}, {high}] (won {}, lost {}, \
             unknown {})",
            row["won"],
            row["lost"],
            row["unknown"]
        );
    }
}
