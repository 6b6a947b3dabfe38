//! One test per rule of RULES.md for each of the three games: what the engine must allow and
//! what it must refuse, on small hand-made positions.
//!
//! Every check asks `game::legal` (the direct check used for replays) AND `game::generate`:
//! an allowed move must be in the generated list, up to the renaming of interchangeable places
//! (empty piles, foundations in the same state) or be a whole pile moved into an empty pile;
//! a refused move must not be generated in any form.

use crate::helpers::{Filler, Table, allowed, card, gen_moves, pile_text, play, refused, toks};
use patience::games::{LuckyPiles, NapoleonsShoulder, Stonewall};
use patience::internal::game::Place;
use patience::{DealError, Illegal, Position, apply, undo};

// ---------------------------------------------------------------------------------------------
// Stonewall.
// ---------------------------------------------------------------------------------------------

/// Stonewall: the unnamed cards lie face down under pile 6 (which must have a face-up top).
fn sw(piles: &[&str], reserve: &[&str], found: &[&str]) -> Position {
    Table {
        piles,
        reserve,
        found,
        filler: Filler::Under {
            pile: 5,
            face_down: true,
        },
        ..Table::default()
    }
    .pos::<Stonewall>(Stonewall)
}

#[test]
fn stonewall_builds_down_in_alternating_colour() {
    let p = sw(&["8S", "7H", "7D", "9D", "", "KC"], &[], &[]);
    allowed::<Stonewall>(Stonewall, &p, "T2>T1");
    allowed::<Stonewall>(Stonewall, &p, "T3>T1");
    allowed::<Stonewall>(Stonewall, &p, "T1>T4");
}

#[test]
fn stonewall_refuses_same_colour_and_wrong_rank() {
    let p = sw(&["8S", "7C", "8H", "7D", "6H 9H", "KC"], &[], &[]);
    // Same colour.
    refused::<Stonewall>(Stonewall, &p, "T2>T1");
    refused::<Stonewall>(Stonewall, &p, "T4>T3");
    // Wrong rank: up by one, down by two, same rank.
    refused::<Stonewall>(Stonewall, &p, "T5>T1");
    refused::<Stonewall>(Stonewall, &p, "T3>T1");
    refused::<Stonewall>(Stonewall, &p, "T1>T3");
    let p = sw(&["8S", "6H", "", "", "", "KC"], &[], &[]);
    refused::<Stonewall>(Stonewall, &p, "T2>T1");
    assert!(matches!(
        refused::<Stonewall>(Stonewall, &p, "T2>T1"),
        Illegal::DoesNotFit { .. }
    ));
}

#[test]
fn stonewall_moves_an_alternating_run_as_a_unit_and_splits_it() {
    let p = sw(&["Jh 9C 8H 7S", "10D", "9S", "8D", "", "KC"], &[], &[]);
    allowed::<Stonewall>(Stonewall, &p, "T1>T2x3"); // the whole face-up run 9C 8H 7S onto 10D
    allowed::<Stonewall>(Stonewall, &p, "T1>T3x2"); // split: 8H 7S onto 9S
    allowed::<Stonewall>(Stonewall, &p, "T1>T4"); // split: 7S onto 8D
    allowed::<Stonewall>(Stonewall, &p, "T1>T5x3"); // into a space
    refused::<Stonewall>(Stonewall, &p, "T1>T3x3"); // 9C does not go on 9S
    refused::<Stonewall>(Stonewall, &p, "T1>T2x2"); // 8H does not go on 10D
    // The unit arrives in order, and the face-down card under it turns up.
    let mut q = p.clone();
    play::<Stonewall>(Stonewall, &mut q, "T1>T2x3");
    assert_eq!(pile_text(&q, 1), "10D 9C 8H 7S");
    assert_eq!(pile_text(&q, 0), "JH");
    // A run of thirteen (K..A) moves in one piece into a space: no length limit.
    let p = sw(
        &[
            "Kh KS QH JC 10H 9C 8H 7C 6H 5C 4H 3C 2H AC",
            "",
            "",
            "",
            "",
            "KC",
        ],
        &[],
        &[],
    );
    allowed::<Stonewall>(Stonewall, &p, "T1>T2x13");
    allowed::<Stonewall>(Stonewall, &p, "T1>T3x7");
}

#[test]
fn stonewall_refuses_a_tail_that_is_not_a_run() {
    let p = sw(
        &["9C 8C 7H", "10H", "9D", "10S 8D 7C", "JH", "KC"],
        &[],
        &[],
    );
    refused::<Stonewall>(Stonewall, &p, "T1>T2x3"); // 9C would fit on 10H, but 8C on 9C is same colour
    allowed::<Stonewall>(Stonewall, &p, "T1>T3x2"); // 8C 7H is a run and 8C fits on 9D
    refused::<Stonewall>(Stonewall, &p, "T4>T5x3"); // 10S would fit on JH, but 10S 8D skips a rank
    assert!(matches!(
        refused::<Stonewall>(Stonewall, &p, "T4>T5x3"),
        Illegal::TooMany { .. }
    ));
    refused::<Stonewall>(Stonewall, &p, "T1>T2x4"); // more cards than the pile holds
}

#[test]
fn stonewall_face_down_cards_cannot_move() {
    // 6H would fit on 7C, but it lies face down under 5S.
    let p = sw(&["6h 5S", "7C", "6D", "", "", "KC"], &[], &[]);
    assert!(matches!(
        refused::<Stonewall>(Stonewall, &p, "T1>T2x2"),
        Illegal::FaceDown { .. }
    ));
    refused::<Stonewall>(Stonewall, &p, "T1>T4x2"); // not even into a space
    allowed::<Stonewall>(Stonewall, &p, "T1>T3"); // the face-up 5S alone moves
}

#[test]
fn stonewall_face_down_cards_cannot_be_built_on() {
    // 7C would fit on 8H, but 8H lies face down under 5S.
    let p = sw(&["8h 5S", "7C", "", "", "", "KC"], &[], &[]);
    refused::<Stonewall>(Stonewall, &p, "T2>T1");
    // A pile cannot even have a face-down top card.
    let t = Table {
        piles: &["8H 5s", "", "", "", "", "KC"],
        filler: Filler::Under {
            pile: 5,
            face_down: true,
        },
        ..Table::default()
    };
    assert!(matches!(
        Position::from_deal::<Stonewall>(Stonewall, &t.deal::<Stonewall>(Stonewall)),
        Err(DealError::TopFaceDown { .. })
    ));
}

#[test]
fn stonewall_exposed_face_down_card_turns_up_without_a_move() {
    let p = sw(&["Kd 8h 5S", "7C", "6D", "", "", "KC"], &[], &[]);
    let m = allowed::<Stonewall>(Stonewall, &p, "T1>T3");
    let mut q = p.clone();
    let u = apply::<Stonewall>(Stonewall, &mut q, m);
    // One move: 5S went over and 8H is face up at once; the King below stays face down.
    assert!(u.flipped);
    assert_eq!(pile_text(&q, 0), "Kd 8H");
    assert_eq!(pile_text(&q, 2), "6D 5S");
    // 8H now plays, and may be built on.
    allowed::<Stonewall>(Stonewall, &q, "T2>T1");
    allowed::<Stonewall>(Stonewall, &q, "T1>T4");
    undo::<Stonewall>(&mut q, m, u);
    assert_eq!(pile_text(&q, 0), "Kd 8h 5S");
    refused::<Stonewall>(Stonewall, &q, "T2>T1");
}

#[test]
fn stonewall_any_card_or_run_fills_a_space() {
    let p = sw(&["Qh 9C 8H", "", "", "KS", "Jd 4D", "KC"], &["5D"], &["3S"]);
    allowed::<Stonewall>(Stonewall, &p, "T1>T2"); // a single card from the tableau
    allowed::<Stonewall>(Stonewall, &p, "T1>T3"); // into the second empty pile
    allowed::<Stonewall>(Stonewall, &p, "T1>T2x2"); // a run from the tableau
    allowed::<Stonewall>(Stonewall, &p, "T1>T3x2");
    allowed::<Stonewall>(Stonewall, &p, "T5>T2"); // leaving a face-down card behind
    allowed::<Stonewall>(Stonewall, &p, "R1>T2"); // from the reserve
    allowed::<Stonewall>(Stonewall, &p, "R1>T3");
    allowed::<Stonewall>(Stonewall, &p, "F1>T2"); // a foundation top
    allowed::<Stonewall>(Stonewall, &p, "F1>T3");
    allowed::<Stonewall>(Stonewall, &p, "T4>T2"); // a whole pile (legal, only a renaming)
    refused::<Stonewall>(Stonewall, &p, "T1>T2x3"); // the face-down Q does not come along
}

#[test]
fn stonewall_reserve_cards_play_anywhere() {
    let p = sw(
        &["8S", "8D", "", "", "", "KC"],
        &["AH", "7D", "KS", "-", "2H"],
        &[],
    );
    allowed::<Stonewall>(Stonewall, &p, "R1>F1"); // to a foundation
    allowed::<Stonewall>(Stonewall, &p, "R1>F4");
    allowed::<Stonewall>(Stonewall, &p, "R2>T1"); // onto a tableau pile
    allowed::<Stonewall>(Stonewall, &p, "R3>T3"); // into a space
    allowed::<Stonewall>(Stonewall, &p, "R2>T4");
    refused::<Stonewall>(Stonewall, &p, "R2>T2"); // but the build rule holds: 7D on 8D
    refused::<Stonewall>(Stonewall, &p, "R1>T1"); // AH on 8S
    refused::<Stonewall>(Stonewall, &p, "R2>F1"); // 7D is not an Ace
    refused::<Stonewall>(Stonewall, &p, "R5>F1"); // 2H before AH
    refused::<Stonewall>(Stonewall, &p, "R4>T3"); // an emptied slot has nothing to give
    refused::<Stonewall>(Stonewall, &p, "R1>T1x2"); // one card at a time
    // A slot stays empty once played from.
    let mut q = p.clone();
    play::<Stonewall>(Stonewall, &mut q, "R1>F1");
    play::<Stonewall>(Stonewall, &mut q, "R5>F1");
    refused::<Stonewall>(Stonewall, &q, "R1>F1");
    assert!(
        gen_moves::<Stonewall>(Stonewall, &q)
            .iter()
            .all(|m| m.from != Place::Reserve(0))
    );
}

#[test]
fn stonewall_nothing_enters_the_reserve() {
    let p = sw(
        &["8S", "", "", "", "", "KC"],
        &[
            "-", "7D", "", "", "", "", "", "", "", "", "", "", "", "", "", "QH",
        ],
        &["2C"],
    );
    refused::<Stonewall>(Stonewall, &p, "T1>R1"); // into an emptied slot
    refused::<Stonewall>(Stonewall, &p, "T1>R3");
    refused::<Stonewall>(Stonewall, &p, "F1>R1"); // not from a foundation either
    refused::<Stonewall>(Stonewall, &p, "R2>R1"); // nor from another slot
    refused::<Stonewall>(Stonewall, &p, "R16>R1");
    refused::<Stonewall>(Stonewall, &p, "T1>R2"); // nor onto a reserve card
    refused::<Stonewall>(Stonewall, &p, "T1>R17"); // there are 16 slots
    assert!(
        gen_moves::<Stonewall>(Stonewall, &p)
            .iter()
            .all(|m| !matches!(m.to, Place::Reserve(_)))
    );
}

#[test]
fn stonewall_foundation_top_comes_back_into_play() {
    let p = sw(&["4H", "3D", "", "", "", "KC"], &[], &["3C", "", "AD"]);
    allowed::<Stonewall>(Stonewall, &p, "F1>T1"); // 3C on 4H
    allowed::<Stonewall>(Stonewall, &p, "F1>T3"); // into a space
    allowed::<Stonewall>(Stonewall, &p, "F3>T5");
    refused::<Stonewall>(Stonewall, &p, "F1>T2"); // 3C on 3D
    refused::<Stonewall>(Stonewall, &p, "F1>T1x2"); // not two cards
    refused::<Stonewall>(Stonewall, &p, "F1>F2"); // not to another foundation
    refused::<Stonewall>(Stonewall, &p, "F3>F2");
    refused::<Stonewall>(Stonewall, &p, "F2>T3"); // an empty foundation gives nothing
    // Only the top card: 2C would fit on 3D, but 3C lies on it.
    let p = sw(&["3D", "", "", "", "", "KC"], &[], &["3C"]);
    refused::<Stonewall>(Stonewall, &p, "F1>T1");
    refused::<Stonewall>(Stonewall, &p, "F1>T1x2");
    // After taking 3C off, 2C is the top and fits.
    let mut q = p.clone();
    play::<Stonewall>(Stonewall, &mut q, "F1>T2");
    allowed::<Stonewall>(Stonewall, &q, "F1>T1");
}

#[test]
fn stonewall_foundations_build_up_in_suit_from_the_ace() {
    let p = sw(
        &["2C", "2D", "3C", "AS", "10H 9C", "KC"],
        &[],
        &["AC", "", "", ""],
    );
    allowed::<Stonewall>(Stonewall, &p, "T1>F1");
    refused::<Stonewall>(Stonewall, &p, "T2>F1"); // wrong suit
    refused::<Stonewall>(Stonewall, &p, "T3>F1"); // skips a rank
    refused::<Stonewall>(Stonewall, &p, "T1>F2"); // a 2 on an empty foundation
    allowed::<Stonewall>(Stonewall, &p, "T4>F2"); // an Ace on any empty foundation
    allowed::<Stonewall>(Stonewall, &p, "T4>F4");
    refused::<Stonewall>(Stonewall, &p, "T4>F1"); // not on another Ace
    refused::<Stonewall>(Stonewall, &p, "T5>F1x2"); // one card at a time
    refused::<Stonewall>(Stonewall, &p, "T4>F5"); // one deck: four foundations
}

#[test]
fn stonewall_has_no_stock_and_no_waste() {
    let p = sw(&["8S", "", "", "", "", "KC"], &[], &[]);
    assert!(matches!(
        refused::<Stonewall>(Stonewall, &p, "S>W"),
        Illegal::NoSuchPlace(Place::Stock)
    ));
    refused::<Stonewall>(Stonewall, &p, "W>S");
    refused::<Stonewall>(Stonewall, &p, "W>T2");
    refused::<Stonewall>(Stonewall, &p, "T1>W");
    // A deal with a stock is refused.
    let t = Table {
        piles: &["8S", "", "", "", "", "KC"],
        stock: "7D",
        filler: Filler::Under {
            pile: 5,
            face_down: true,
        },
        ..Table::default()
    };
    assert!(Position::from_deal::<Stonewall>(Stonewall, &t.deal::<Stonewall>(Stonewall)).is_err());
}

// ---------------------------------------------------------------------------------------------
// Lucky Piles.
// ---------------------------------------------------------------------------------------------

/// Lucky Piles: the unnamed cards lie face up under pile 13 (which should have a top card named).
fn lp(piles: &[&str], found: &[&str]) -> Position {
    Table {
        piles,
        found,
        filler: Filler::Under {
            pile: 12,
            face_down: false,
        },
        ..Table::default()
    }
    .pos::<LuckyPiles>(LuckyPiles)
}

const LP_REST: &str = "KD";

#[test]
fn lucky_piles_builds_up_or_down_by_one_in_any_suit() {
    let mut piles = [
        "8C", "7H", "9D", "7C", "9C", "7S", "9S", "", "", "", "", "", LP_REST,
    ];
    let p = lp(&piles, &[]);
    for from in 2..=7 {
        allowed::<LuckyPiles>(LuckyPiles, &p, &format!("T{from}>T1"));
    }
    allowed::<LuckyPiles>(LuckyPiles, &p, "T1>T2"); // 8C up on 7H
    allowed::<LuckyPiles>(LuckyPiles, &p, "T1>T3"); // 8C down on 9D
    piles[1] = "6H";
    piles[2] = "10D";
    piles[3] = "8H";
    piles[4] = "5C";
    let p = lp(&piles, &[]);
    for from in 2..=5 {
        refused::<LuckyPiles>(LuckyPiles, &p, &format!("T{from}>T1"));
    }
}

#[test]
fn lucky_piles_does_not_wrap() {
    let p = lp(
        &[
            "KS", "AH", "QD", "2C", "", "", "", "", "", "", "", "", LP_REST,
        ],
        &[],
    );
    refused::<LuckyPiles>(LuckyPiles, &p, "T2>T1"); // A on K
    refused::<LuckyPiles>(LuckyPiles, &p, "T1>T2"); // K on A
    allowed::<LuckyPiles>(LuckyPiles, &p, "T3>T1"); // Q on K
    allowed::<LuckyPiles>(LuckyPiles, &p, "T1>T3"); // K on Q
    allowed::<LuckyPiles>(LuckyPiles, &p, "T4>T2"); // 2 on A
    allowed::<LuckyPiles>(LuckyPiles, &p, "T2>T4"); // A on 2
}

#[test]
fn lucky_piles_moves_single_cards_only() {
    let p = lp(
        &[
            "8C 7H", "9D", "6S", "", "", "", "", "", "", "", "", "", LP_REST,
        ],
        &[],
    );
    // 8C would fit on 9D and 8C 7H is a sequence, but only the top card moves.
    assert!(matches!(
        refused::<LuckyPiles>(LuckyPiles, &p, "T1>T2x2"),
        Illegal::TooMany { .. }
    ));
    allowed::<LuckyPiles>(LuckyPiles, &p, "T1>T3"); // the top card 7H on 6S
    refused::<LuckyPiles>(LuckyPiles, &p, "T1>T3x2");
    refused::<LuckyPiles>(LuckyPiles, &p, "T1>T4x2"); // not even into a space
}

#[test]
fn lucky_piles_only_kings_fill_a_space() {
    let p = lp(
        &[
            "KH", "QS", "", "5S", "", "", "", "", "", "", "", "", LP_REST,
        ],
        &["KC", "QD"],
    );
    allowed::<LuckyPiles>(LuckyPiles, &p, "T1>T3"); // a King from the tableau
    allowed::<LuckyPiles>(LuckyPiles, &p, "T1>T5");
    allowed::<LuckyPiles>(LuckyPiles, &p, "F1>T3"); // a King from a foundation top
    refused::<LuckyPiles>(LuckyPiles, &p, "T2>T3"); // a Queen from the tableau
    refused::<LuckyPiles>(LuckyPiles, &p, "F2>T3"); // a Queen from a foundation top
    refused::<LuckyPiles>(LuckyPiles, &p, "T4>T3");
    allowed::<LuckyPiles>(LuckyPiles, &p, "F2>T1"); // QD on KH, from the foundation
    allowed::<LuckyPiles>(LuckyPiles, &p, "F1>T2"); // KC on QS (up)
}

#[test]
fn lucky_piles_foundations_and_nothing_else() {
    let p = lp(
        &[
            "AS", "2S", "3H", "", "", "", "", "", "", "", "", "", LP_REST,
        ],
        &["2H"],
    );
    allowed::<LuckyPiles>(LuckyPiles, &p, "T1>F2");
    allowed::<LuckyPiles>(LuckyPiles, &p, "T3>F1");
    refused::<LuckyPiles>(LuckyPiles, &p, "T2>F2");
    refused::<LuckyPiles>(LuckyPiles, &p, "T3>F2");
    refused::<LuckyPiles>(LuckyPiles, &p, "T1>F5");
    // No reserve, no stock, no waste.
    refused::<LuckyPiles>(LuckyPiles, &p, "T1>R1");
    refused::<LuckyPiles>(LuckyPiles, &p, "S>W");
    refused::<LuckyPiles>(LuckyPiles, &p, "W>T4");
    refused::<LuckyPiles>(LuckyPiles, &p, "T14>T4");
    // No face-down cards in a Lucky Piles deal.
    let t = Table {
        piles: &["5s 6S"],
        filler: Filler::Under {
            pile: 12,
            face_down: false,
        },
        ..Table::default()
    };
    assert!(matches!(
        Position::from_deal::<LuckyPiles>(LuckyPiles, &t.deal::<LuckyPiles>(LuckyPiles)),
        Err(DealError::FaceDownNotAllowed { .. })
    ));
}

// ---------------------------------------------------------------------------------------------
// Napoleon's Shoulder.
// ---------------------------------------------------------------------------------------------

/// Napoleon's Shoulder with the unnamed cards at the bottom of the stock.
fn ns(piles: &[&str], found: &[&str], stock: &str, waste: &str) -> Position {
    Table {
        piles,
        found,
        stock,
        waste,
        filler: Filler::StockBottom,
        ..Table::default()
    }
    .pos::<NapoleonsShoulder>(NapoleonsShoulder)
}

#[test]
fn napoleons_shoulder_uses_two_decks() {
    let t = Table {
        piles: &["7H", "7H"],
        ..Table::default()
    };
    let d = t.deal::<NapoleonsShoulder>(NapoleonsShoulder);
    let total: usize = d.piles.iter().map(Vec::len).sum::<usize>() + d.stock.len();
    assert_eq!(total, 104);
    // Both copies of 7H are accepted.
    let p = Position::from_deal::<NapoleonsShoulder>(NapoleonsShoulder, &d).unwrap();
    assert!(
        p.card_counts(&NapoleonsShoulder::RULES)
            .iter()
            .all(|&n| n == 2)
    );
    // A third copy is refused.
    let mut three = d.clone();
    three.piles[2] = toks("7H");
    assert!(matches!(
        Position::from_deal::<NapoleonsShoulder>(NapoleonsShoulder, &three),
        Err(DealError::Duplicated { found: 3, .. })
    ));
    // And a missing copy too.
    let mut one = d.clone();
    one.piles[1].clear();
    assert!(matches!(
        Position::from_deal::<NapoleonsShoulder>(NapoleonsShoulder, &one),
        Err(DealError::Missing { found: 1, .. })
    ));
    // The two copies are both playable: 7H on 8C, either copy.
    let p = ns(&["7H", "7H", "8C"], &[], "", "");
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>T3");
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T2>T3");
}

#[test]
fn napoleons_shoulder_has_eight_foundations() {
    let p = ns(
        &["4H", "3H", "AS", "AS", "3S"],
        &["3H", "", "", "", "2H"],
        "",
        "",
    );
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>F1"); // 4H on the first hearts foundation
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T2>F5"); // 3H on the second
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T2>F1");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>F5");
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T3>F2"); // an Ace on any empty foundation
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T3>F8");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T3>F9");
    // Two foundations of spades at once, each from its own copy of the Ace.
    let mut q = p.clone();
    play::<NapoleonsShoulder>(NapoleonsShoulder, &mut q, "T3>F3");
    play::<NapoleonsShoulder>(NapoleonsShoulder, &mut q, "T4>F4");
    assert_eq!(q.found_heights()[..8], [3, 0, 1, 1, 2, 0, 0, 0]);
    // One suit twice over: two foundations of each suit, eight in all, win with every card up.
    let all: [&str; 8] = ["KC", "KD", "KH", "KS", "KC", "KD", "KH", "KS"];
    let t = Table {
        found: &all,
        ..Table::default()
    };
    let won = t.pos::<NapoleonsShoulder>(NapoleonsShoulder);
    assert!(won.is_won::<NapoleonsShoulder>(NapoleonsShoulder));
}

#[test]
fn napoleons_shoulder_builds_down_in_any_suit() {
    let p = ns(&["8H", "7H", "7C", "9C", "8S", "6D", "7D 7S"], &[], "", "");
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T2>T1"); // same suit
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T3>T1"); // other colour
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T7>T1"); // either 7
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>T4"); // 8H on 9C
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T4>T1"); // up: 9C on 8H
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T5>T1"); // same rank
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T6>T1"); // down two
}

#[test]
fn napoleons_shoulder_moves_single_cards_only() {
    let p = ns(&["9S 8H", "10C", "9C"], &[], "", "");
    assert!(matches!(
        refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>T2x2"),
        Illegal::TooMany { .. }
    ));
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>T3");
}

#[test]
fn napoleons_shoulder_spaces_take_only_the_waste_top() {
    let p = ns(&["KH", "", "QC"], &["AS", "2H"], "", "5D 9C");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>T2"); // a tableau card, even a King
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T3>T2");
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>T2"); // the waste top
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>T2x2"); // only the top
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>T1"); // 9C on KH: the build rule holds for the waste
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "F1>T2"); // the Ace exception
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "F2>T2"); // a 2 from a foundation
    assert!(matches!(
        refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "F2>T2"),
        Illegal::SpaceRule { .. }
    ));
    // A foundation top goes back onto a non-empty pile that accepts it.
    let p = ns(&["3C", "", "4D"], &["AS", "2H", "3S"], "", "");
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "F2>T1");
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "F3>T3");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "F3>T1");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "F3>T2");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "F1>F4"); // not to another foundation
}

#[test]
fn napoleons_shoulder_stock_turns_one_card_onto_the_waste() {
    let mut p = ns(&["8C"], &[], "5H 7D", "");
    assert_eq!(p.stock_len(), 103); // everything but 8C lies in the stock
    let m = allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "S>W");
    assert_eq!(m.count, 1);
    let before = p.stock_len();
    apply::<NapoleonsShoulder>(NapoleonsShoulder, &mut p, m);
    assert_eq!(p.stock_len(), before - 1);
    assert_eq!(p.waste_len(), 1);
    assert_eq!(p.waste_top(), Some(card("7D")));
    allowed::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>T1"); // 7D on 8C
    play::<NapoleonsShoulder>(NapoleonsShoulder, &mut p, "S>W");
    assert_eq!(p.waste_top(), Some(card("5H")));
    assert_eq!(p.waste_len(), 2);
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>T1"); // 5H does not fit; 7D is under it
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>W"); // nothing goes onto the waste
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>S");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>S"); // no turning back while the stock lasts
}

#[test]
fn napoleons_shoulder_has_one_pass_only() {
    // Nearly everything is on the foundations; the stock holds one card, KS.
    let t = Table {
        piles: &["QH", "", "JH", "QS JS", "", "", "", "", "", "", "", "KH"],
        found: &["KC", "KD", "KH", "KS", "KC", "KD", "10H", "10S"],
        stock: "KS",
        ..Table::default()
    };
    let mut p = t.pos::<NapoleonsShoulder>(NapoleonsShoulder);
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>S");
    play::<NapoleonsShoulder>(NapoleonsShoulder, &mut p, "S>W");
    assert_eq!((p.stock_len(), p.waste_len()), (0, 1));
    assert!(matches!(
        refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "S>W"),
        Illegal::StockEmpty
    ));
    assert!(matches!(
        refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>S"),
        Illegal::NoRedeal
    ));
    assert!(
        gen_moves::<NapoleonsShoulder>(NapoleonsShoulder, &p)
            .iter()
            .all(|m| !m.is_talon())
    );
    // Even with the waste emptied again there is nothing to turn.
    play::<NapoleonsShoulder>(NapoleonsShoulder, &mut p, "W>T2");
    assert_eq!((p.stock_len(), p.waste_len()), (0, 0));
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>S");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "S>W");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>T5");
    assert!(
        gen_moves::<NapoleonsShoulder>(NapoleonsShoulder, &p)
            .iter()
            .all(|m| !m.is_talon())
    );
    // The game goes on without the stock, to the end.
    for m in ["T3>F7", "T1>F7", "T12>F7", "T4>F8", "T4>F8", "T2>F8"] {
        play::<NapoleonsShoulder>(NapoleonsShoulder, &mut p, m);
    }
    assert!(p.is_won::<NapoleonsShoulder>(NapoleonsShoulder));
}

#[test]
fn napoleons_shoulder_empty_waste_gives_nothing() {
    let p = ns(&["8C", ""], &[], "", "");
    assert!(matches!(
        refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>T2"),
        Illegal::EmptySource(Place::Waste)
    ));
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "W>F1");
    refused::<NapoleonsShoulder>(NapoleonsShoulder, &p, "T1>R1"); // no reserve
}

// ---------------------------------------------------------------------------------------------
// Rules files.
// ---------------------------------------------------------------------------------------------

/// Every rules file in tests/data/rules reads back from what `to_toml` writes of it as the same
/// game, and `to_toml` writes that game again as it did (but for the first comment line, which
/// says whether the game came from a file that `extends` another).
#[test]
fn every_rules_file_in_tests_data_round_trips_through_to_toml() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rules");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.display().to_string();
        // Each read in a `Games` of its own: the two differ in their summary.
        let read = |text: &str| -> &'static patience::Rules {
            let parsed =
                patience::games::parse(text, &name).unwrap_or_else(|e| panic!("{e}:\n{text}"));
            patience::games::Games::new().add(parsed).unwrap()
        };
        let rules = read(&std::fs::read_to_string(&path).unwrap());
        let written = patience::games::to_toml(rules);
        let back = read(&written);
        assert_eq!(
            patience::Rules {
                summary: rules.summary,
                ..*back
            },
            *rules,
            "{name}, written as:\n{written}"
        );
        let again = patience::games::to_toml(back);
        let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(body(&again), body(&written), "{name}");
        files += 1;
    }
    assert!(files >= 7, "{files} rules files in {}", dir.display());
}
