//! Seeded deals: the layout of each game as RULES.md gives it, golden deals that must never
//! change between releases, determinism, conservation of cards, and the uniformity of the shuffle.

use crate::helpers::deal_text;
use patience::games::{LuckyPiles, NapoleonsShoulder, Stonewall};
use patience::internal::cards::{Card, CardToken};
use patience::internal::deal::shuffled_deck;
use patience::{Deal, deal};
use patience::{Position, Rules, Variant};

fn card_of(t: &CardToken) -> (Card, bool) {
    match *t {
        CardToken::Known { card, face_up } => (card, face_up),
        CardToken::Unknown => panic!("a seeded deal has no unknown cards"),
    }
}

/// Every card of the deal with the number of times it appears.
fn counts(d: &Deal) -> [usize; 52] {
    let mut n = [0; 52];
    let all = d
        .piles
        .iter()
        .flatten()
        .chain(d.reserve.iter().flatten())
        .chain(d.stock.iter())
        .chain(d.waste.iter())
        .chain(d.foundations.iter().flatten());
    for t in all {
        n[card_of(t).0.index() as usize] += 1;
    }
    n
}

const GOLDEN_SEEDS: [u64; 4] = [0, 1, 2, (1 << 40) + 7];

fn check_golden(rules: &Rules, want: [&str; 4]) {
    for (seed, want) in GOLDEN_SEEDS.into_iter().zip(want) {
        let d = deal(rules, seed);
        assert_eq!(d.variant.as_deref(), Some(rules.id));
        assert_eq!(d.seed, Some(seed));
        assert_eq!(
            deal_text(&d),
            want,
            "{} seed {seed}: the deal changed; seeded deals must never change",
            rules.name
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Golden deals. Produced once by running the code (after checking the layout against RULES.md
// by eye and by the layout tests below); they pin the shuffle and the dealing order forever.
// ---------------------------------------------------------------------------------------------

#[test]
fn golden_deals_stonewall() {
    check_golden(&Stonewall::RULES, GOLDEN_STONEWALL);
}

#[test]
fn golden_deals_lucky_piles() {
    check_golden(&LuckyPiles::RULES, GOLDEN_LUCKY_PILES);
}

#[test]
fn golden_deals_napoleons_shoulder() {
    check_golden(&NapoleonsShoulder::RULES, GOLDEN_NAPOLEONS_SHOULDER);
}

const GOLDEN_STONEWALL: [&str; 4] = [
    "T1: 8s 7D 4c AH 8d 3D | T2: 8h JH Qs 7C 6d 10S | T3: 9d JD 2d 2S 6c 7H | T4: Qh KD 9s AS 2c 9H | T5: Ks 9C 4d 5C 4h 3C | T6: Qd 5D Ad 6H Kc 4S | R: 10C 10D JS 10H 8C JC 5S AC KH 5H 7S 3S QC 3H 2H 6S",
    "T1: 7h 4H 9c 8S Jc 3C | T2: 3s 10C Ks AH 7c AS | T3: 9s 6C 8h 8C 4d JD | T4: 4s 6H 5s 9H 10d JH | T5: 5d 7S 8d 9D 2s 5C | T6: 3h QD 5h QS Kd 2C | R: 7D KC 3D QC 6D AD 6S 2H AC 4C 10S QH 2D 10H KH JS",
    "T1: Js 4D 6s 10H 9d AH | T2: 3s 4H 6d 3H 5d 5C | T3: Qs AC 6c KD 8c 2C | T4: 2s QH 10s AD 7d JD | T5: 7c 5S Jc 6H 9c 3C | T6: Qd 2D 8s 8D Qc 7S | R: 2H 10D KC 9H 4C KH JH 7H 4S 3D 9S 8H AS KS 5H 10C",
    "T1: Kd JS 8s 4D Kc 2C | T2: 2h 7H 9h QH 6h 3C | T3: 8c AH 5c QS 3h AS | T4: 3s 6D 5s 10S 9c 7C | T5: 10c 7D 10d 5D 8h 3D | T6: 9d 6S 2d QC Jh KS | R: 4H 10H 4S 7S 5H JD 2S 8D 9S 4C AC JC QD 6C KH AD",
];
const GOLDEN_LUCKY_PILES: [&str; 4] = [
    "T1: 8S QS 6C 10H | T2: 8H 2D 2C 8C | T3: 9D 9S 4H JC | T4: QH 4D KC 5S | T5: KS AD 3D AC | T6: QD AH 10S KH | T7: 7D 7C 7H 5H | T8: JH 2S 9H 7S | T9: JD AS 3C 3S | T10: KD 5C 4S QC | T11: 9C 6H 10C 3H | T12: 5D 8D 10D 2H | T13: 4C 6D JS 6S",
    "T1: 7H KS 4D QC | T2: 3S 8H 10D 6D | T3: 9S 5S 2S AD | T4: 4S 8D KD 6S | T5: 5D 5H 3C 2H | T6: 3H 8S AS AC | T7: 4H AH JD 4C | T8: 10C 8C JH 10S | T9: 6C 9H 5C QH | T10: 6H 9D 2C 2D | T11: 7S QS 7D 10H | T12: QD JC KC KH | T13: 9C 7C 3D JS",
    "T1: JS 6D 8C 9H | T2: 3S 6C 7D 4C | T3: QS 10S 9C KH | T4: 2S JC QC JH | T5: 7C 8S AH 7H | T6: QD 10H 5C 4S | T7: 4D 3H 2C 3D | T8: 4H KD JD 9S | T9: AC AD 3C 8H | T10: QH 6H 7S AS | T11: 5S 8D 2H KS | T12: 2D 9D 10D 5H | T13: 6S 5D KC 10C",
    "T1: KD 9H 3H 7S | T2: 2H 5C 9C 5H | T3: 8C 5S 8H JD | T4: 3S 10D JH 2S | T5: 10C 2D 2C 8D | T6: 9D 4D 3C 9S | T7: JS QH AS 4C | T8: 7H QS 7C AC | T9: AH 10S 3D JC | T10: 6D 5D KS QD | T11: 7D QC 4H 6C | T12: 6S KC 10H KH | T13: 8S 6H 4S AD",
];
const GOLDEN_NAPOLEONS_SHOULDER: [&str; 4] = [
    "T1: AH JC 2C 7C | T2: 5S 6H 3S QS | T3: 8D KD 9S AC | T4: 10H 7D 7S 5C | T5: 9H QH JH 5C | T6: 10D AH 2H 10C | T7: 5D 4D 7H 5D | T8: KH 2H 8C 10D | T9: 9S 8H 10C 4C | T10: 7D KS 9C JD | T11: 7C KS KC QS | T12: 4H 6C 3C JD | S: 6S 2D 6D JS 4H KH QD 2S AC 4C 5H 2C 8C 3D 7S 4D 9C 5S JH 9H 6H 9D 8H KD AD 3H 6D 2S 3D 10H 4S 6S 3C JC QC 8S 2D 10S AS 9D JS 3H QC 5H 3S AS 6C QH 4S 7H 8S AD 8D KC QD 10S",
    "T1: 10S 4C JC 10D | T2: AC 8C 9H 9S | T3: 3D 5D AS 2C | T4: 4D 4H 2D 2S | T5: KH JC 4D 7H | T6: JD 7H JH 2S | T7: 6S 4S 9C 8S | T8: 5D 6D JH 5H | T9: 2H 10H 3S 8C | T10: 5H KD AH KD | T11: QH 9D 5S QC | T12: 3D 6C 10D 4C | S: JS 3C AS 3H 8H 5S 9D 4H KS 8H AD KS JS 3C KC AD 2C QS JD 9S 7D 3S 7S 2H 4S 5C 7C 9C 7D QS 3H QH 8D 6S AC KH KC 8D 10C 9H 7C 6H 10H 5C 10S 10C QC 6D QD 8S 6C 7S QD 6H 2D AH",
    "T1: 7C 2S KD 5H | T2: 7D 10H 7S AC | T3: 4S JH 7H JS | T4: 9C 6S 4D 9H | T5: JD QH 2D 9C | T6: QD 9D 5D 8D | T7: 6S 10C KS 8S | T8: KH JS 3C 2S | T9: AS 8S AH QC | T10: 5H 8C 5S 6D | T11: 2H 5C 3D AS | T12: 10D QS 6C 4C | S: 10C 10H 8H 3S 4H 2C 7S 3S 7H AH JC 8C JC KD 4D JH QC KS AD 10S AC 3C 4H 10D 4C 5S 5D 6H KC 9S 6H 3H 3H 7D AD 2C 4S 2H 7C 9H 6C 9D 2D 5C KH QD 8D QH 9S 10S 3D 8H 6D QS KC JD",
    "T1: 4H 8S 4S 5H | T2: KD 9D 7D 7C | T3: JC AS 10D QS | T4: 9C 6H QH 10S | T5: 9D 5D 6H 2D | T6: 8H 9H 10H 9S | T7: 6C 7C 2S 9S | T8: 2C AH QD 9C | T9: 7S 2S 5C KH | T10: 10C 6S JD 4H | T11: 10H 3H KC JD | T12: 8C AH 8H JC | S: AD AC 3S 9H 5H JS 8S 3C JH 2D 4C 7D KS 5S 2H JS QH 3H 10S 5C 6D JH QC QS 5S 7S 6S 2C 3D 4D 6D 8C 6C 2H 10D KH QD 5D 8D KS 4S KC 7H AS QC KD 4D 8D 10C 7H AC 3S 4C 3D 3C AD",
];

/// Prints the golden lines (run with `--ignored --nocapture` to regenerate after a deliberate,
/// announced change).
#[test]
#[ignore = "prints the golden deals"]
fn print_golden_deals() {
    for rules in [
        &Stonewall::RULES,
        &LuckyPiles::RULES,
        &NapoleonsShoulder::RULES,
    ] {
        println!("{}", rules.id);
        for seed in GOLDEN_SEEDS {
            println!("    \"{}\",", deal_text(&deal(rules, seed)));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Layout, as RULES.md describes each game.
// ---------------------------------------------------------------------------------------------

const LAYOUT_SEEDS: std::ops::Range<u64> = 0..300;

#[test]
fn stonewall_layout() {
    for seed in LAYOUT_SEEDS {
        let d = deal(&Stonewall::RULES, seed);
        // 6 piles of 6; 1st, 3rd, 5th from the bottom face down, 2nd, 4th, 6th face up.
        assert_eq!(d.piles.len(), 6);
        for p in &d.piles {
            let faces: Vec<bool> = p.iter().map(|t| card_of(t).1).collect();
            assert_eq!(
                faces,
                [false, true, false, true, false, true],
                "seed {seed}"
            );
        }
        // The other 16 cards in an open reserve; no stock, no waste, empty foundations.
        assert_eq!(d.reserve.len(), 16);
        assert!(d.reserve.iter().all(|s| s.is_some_and(|t| card_of(&t).1)));
        assert!(d.stock.is_empty() && d.waste.is_empty());
        assert!(d.foundations.iter().all(Vec::is_empty));
        assert!(counts(&d).iter().all(|&n| n == 1), "seed {seed}");
        Position::from_deal::<Stonewall>(Stonewall, &d).unwrap();
    }
}

#[test]
fn lucky_piles_layout() {
    for seed in LAYOUT_SEEDS {
        let d = deal(&LuckyPiles::RULES, seed);
        // 13 piles of 4, all face up; nothing else.
        assert_eq!(d.piles.len(), 13);
        assert!(d.piles.iter().all(|p| p.len() == 4));
        assert!(d.piles.iter().flatten().all(|t| card_of(t).1));
        assert!(d.reserve.is_empty() && d.stock.is_empty() && d.waste.is_empty());
        assert!(counts(&d).iter().all(|&n| n == 1), "seed {seed}");
        Position::from_deal::<LuckyPiles>(LuckyPiles, &d).unwrap();
    }
}

#[test]
fn napoleons_shoulder_layout() {
    for seed in LAYOUT_SEEDS {
        let d = deal(&NapoleonsShoulder::RULES, seed);
        // Two decks: 12 piles of 4 face up, the other 56 cards in the stock; empty waste.
        assert_eq!(d.piles.len(), 12);
        assert!(d.piles.iter().all(|p| p.len() == 4));
        assert!(d.piles.iter().flatten().all(|t| card_of(t).1));
        assert!(d.reserve.is_empty());
        assert_eq!(d.stock.len(), 56);
        assert!(d.waste.is_empty());
        assert!(counts(&d).iter().all(|&n| n == 2), "seed {seed}");
        let p = Position::from_deal::<NapoleonsShoulder>(NapoleonsShoulder, &d).unwrap();
        assert_eq!((p.stock_len(), p.waste_len()), (56, 0));
    }
}

/// The deck is dealt from its top (index 0) row by row, left to right, then to the reserve,
/// and the rest is the stock with the next card of the deck on top (last in the list). So the
/// same seed gives the same deck to every game with the same number of decks.
#[test]
fn deals_follow_the_shuffled_deck() {
    fn check<V: Variant>(v: V) {
        let rules = v.rules();
        for seed in 0..50 {
            let deck = shuffled_deck(rules.decks, seed);
            assert_eq!(deck.len(), rules.cards());
            let d = deal(rules, seed);
            let np = rules.piles();
            let rows = d.piles[0].len();
            let mut k = 0;
            for row in 0..rows {
                for p in 0..np {
                    assert_eq!(
                        card_of(&d.piles[p][row]).0,
                        deck[k],
                        "{} seed {seed}",
                        rules.id
                    );
                    k += 1;
                }
            }
            for slot in &d.reserve {
                assert_eq!(card_of(&slot.unwrap()).0, deck[k]);
                k += 1;
            }
            for t in d.stock.iter().rev() {
                assert_eq!(card_of(t).0, deck[k]);
                k += 1;
            }
            assert_eq!(k, deck.len());
        }
    }
    check::<Stonewall>(Stonewall);
    check::<LuckyPiles>(LuckyPiles);
    check::<NapoleonsShoulder>(NapoleonsShoulder);
}

#[test]
fn deals_are_deterministic_and_seeds_differ() {
    fn check<V: Variant>(v: V) {
        let rules = v.rules();
        let mut seen = std::collections::HashSet::new();
        for seed in (0..400).chain([u64::MAX, u64::MAX - 1, 1 << 63, (1 << 40) + 7]) {
            let a = deal(rules, seed);
            let b = deal(rules, seed);
            assert_eq!(a, b, "{} seed {seed} is not deterministic", rules.id);
            assert!(
                counts(&a).iter().all(|&n| n == rules.decks as usize),
                "{} seed {seed}",
                rules.id
            );
            Position::from_deal::<V>(v, &a).unwrap();
            assert!(
                seen.insert(deal_text(&a)),
                "{} seed {seed} repeats a deal",
                rules.id
            );
        }
    }
    check::<Stonewall>(Stonewall);
    check::<LuckyPiles>(LuckyPiles);
    check::<NapoleonsShoulder>(NapoleonsShoulder);
    for decks in [1, 2] {
        for seed in 0..100 {
            let d = shuffled_deck(decks, seed);
            assert_eq!(d, shuffled_deck(decks, seed));
            let mut n = [0u8; 52];
            d.iter().for_each(|c| n[c.index() as usize] += 1);
            assert!(n.iter().all(|&k| k == decks));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Uniformity of the shuffle.
// ---------------------------------------------------------------------------------------------

/// `table[pos][card]`: how often each card identity lies at each deck position.
type Table = Vec<[u64; 52]>;

fn tally(decks: u8, n: u64, shuffle: impl Fn(u8, u64) -> Vec<Card>) -> Table {
    let mut t = vec![[0u64; 52]; 52 * decks as usize];
    for seed in 0..n {
        for (i, c) in shuffle(decks, seed).iter().enumerate() {
            t[i][c.index() as usize] += 1;
        }
    }
    t
}

/// Pearson's chi-square of the table against uniformity (each card identity is at each
/// position with probability decks/(52*decks) = 1/52), in standard deviations above its mean
/// (the degrees of freedom), and the largest per-cell z-score.
fn uniformity(t: &Table, n: u64) -> (f64, f64) {
    let e = n as f64 / 52.0;
    let p = 1.0 / 52.0;
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    let mut chi = 0.0;
    let mut max_z: f64 = 0.0;
    for row in t {
        for &o in row {
            let d = o as f64 - e;
            chi += d * d / e;
            max_z = max_z.max(d.abs() / sd);
        }
    }
    // Row sums and column sums are fixed by construction.
    let df = ((t.len() - 1) * 51) as f64;
    ((chi - df) / (2.0 * df).sqrt(), max_z)
}

/// A shuffle with a classic off-by-one: `j` drawn from `0..i` instead of `0..=i` (Sattolo's
/// algorithm, which only makes single cycles).
fn off_by_one(decks: u8, seed: u64) -> Vec<Card> {
    use rand::{Rng, SeedableRng};
    let mut deck: Vec<Card> = (0..decks).flat_map(|_| Card::fresh_deck()).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for i in (1..deck.len()).rev() {
        let j = rng.random_range(0..i);
        deck.swap(i, j);
    }
    deck
}

/// The naive shuffle: `j` drawn from the whole deck at every step (biased).
fn naive(decks: u8, seed: u64) -> Vec<Card> {
    use rand::{Rng, SeedableRng};
    let mut deck: Vec<Card> = (0..decks).flat_map(|_| Card::fresh_deck()).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n = deck.len();
    for i in 0..n {
        let j = rng.random_range(0..n);
        deck.swap(i, j);
    }
    deck
}

fn assert_uniform(decks: u8, n: u64, chi_sd: f64, z_max: f64) {
    let (chi, z) = uniformity(&tally(decks, n, shuffled_deck), n);
    eprintln!("{decks} deck(s), {n} shuffles: chi-square {chi:+.2} sd, largest |z| {z:.2}");
    assert!(
        chi < chi_sd && z < z_max,
        "{decks} deck(s), {n} shuffles: chi-square {chi:.2} sd above its mean, largest cell z {z:.2}"
    );
    // The same statistic does catch a real bias at this sample size.
    let (chi, z) = uniformity(&tally(decks, n, off_by_one), n);
    assert!(
        chi > chi_sd && z > z_max,
        "off-by-one not detected: {chi:.2} sd, z {z:.2}"
    );
}

/// A cheap version for every test run: 20,000 shuffles, bounds loose enough never to fail by
/// chance (chi-square within 6 sd of its mean, every cell within 6 sd).
#[test]
fn shuffle_is_uniform_quick() {
    assert_uniform(1, 20_000, 6.0, 6.0);
    assert_uniform(2, 20_000, 6.0, 6.0);
}

/// The full test: 10^6 shuffles of one deck and of two; 5 sd bounds. A naive shuffle (a bias
/// of a few per cent per cell) is detected at this size too.
#[test]
#[ignore = "long: 2x10^6 shuffles and the power checks, under a minute in the test profile"]
fn shuffle_is_uniform_full() {
    let n = 1_000_000;
    assert_uniform(1, n, 5.0, 5.5);
    assert_uniform(2, n, 5.0, 5.5);
    let (chi, _) = uniformity(&tally(1, n, naive), n);
    assert!(chi > 5.0, "naive shuffle not detected: {chi:.2} sd");
}
