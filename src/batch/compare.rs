//! Two sets of result rows paired deal by deal (`patience compare`, and each variant of a
//! `patience sweep` against the first): which deals both win, which only one, the exact sign
//! test of that difference, and each side's rate on the deals they share.
//!
//! Rows of two different games pair only when the two games deal the same cards for the same
//! seed ([`deals_alike`], checked from the rules). When the games are played by the same rules
//! (one game, or a rules file that copies another game), a deal proved unsolvable in one and
//! won in the other is a contradiction; when the rules differ it is what the rule change does.

use super::stats::{nearest_rank, win_interval};
use super::{Answer, Knowledge, Record};
use crate::game::Rules;
use std::collections::BTreeMap;

/// `Ok` when games `a` and `b` deal the same cards to the same places for every seed; else
/// what differs, in words. The deal ([`crate::deal::deal`]) depends on the number of decks, the
/// cards dealt to each pile and the reserve; the cards left form the stock in both. Which cards
/// lie face down, and how the stock is turned, are rules of play: the cards are the same.
pub fn deals_alike(a: &Rules, b: &Rules) -> Result<(), String> {
    let mut differ = Vec::new();
    if a.decks != b.decks {
        differ.push(format!("decks: {} and {}", a.decks, b.decks));
    }
    if a.pile_sizes != b.pile_sizes {
        differ.push(format!(
            "piles: {} and {}",
            piles_text(a.pile_sizes),
            piles_text(b.pile_sizes)
        ));
    }
    if a.reserve != b.reserve {
        differ.push(format!("reserve: {} and {}", a.reserve, b.reserve));
    }
    if differ.is_empty() {
        Ok(())
    } else {
        Err(differ.join("; "))
    }
}

/// `6 piles of 6`, or the list `1, 2, 3, 4, 5, 6, 7` when the piles differ in size.
fn piles_text(sizes: &[u8]) -> String {
    match sizes.first() {
        Some(&s) if sizes.iter().all(|&x| x == s) => format!("{} piles of {s}", sizes.len()),
        _ => {
            let list: Vec<String> = sizes.iter().map(u8::to_string).collect();
            format!("[{}]", list.join(", "))
        }
    }
}

/// Are `a` and `b` one game, whatever their ids and names?
pub fn same_rules(a: &Rules, b: &Rules) -> bool {
    Rules {
        id: b.id,
        name: b.name,
        summary: b.summary,
        ..*a
    } == *b
}

/// The two-sided exact sign test (McNemar's exact test) of `a` against `b` discordant pairs:
/// the probability, when each of the `a + b` deals won by one side only is equally likely to
/// be either side's, of a split at least as uneven. 1 when there are none.
pub fn sign_test(a: u64, b: u64) -> f64 {
    let n = a + b;
    let m = a.min(b);
    if a == b {
        return 1.0;
    }
    // P(X <= m) for X ~ Binomial(n, 1/2), summed in logarithms (n may be large).
    let mut ln_term = -(n as f64) * std::f64::consts::LN_2;
    let mut tail = 0.0;
    for k in 0..=m {
        tail += ln_term.exp();
        ln_term += ((n - k) as f64).ln() - ((k + 1) as f64).ln();
    }
    (2.0 * tail).min(1.0)
}

/// `p = 0.031`, or `p < 0.001`.
pub fn p_text(p: f64) -> String {
    if p < 0.001 {
        "p < 0.001".to_string()
    } else {
        format!("p = {p:.3}")
    }
}

/// 0 solved, 1 unsolvable, 2 unknown.
fn index(a: &Answer) -> usize {
    match a {
        Answer::Won { .. } => 0,
        Answer::Lost => 1,
        Answer::Unknown(_) => 2,
    }
}

/// The rows of two sides on the seeds both hold, counted.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    /// Deals in both.
    pub n: u64,
    pub first_seed: u128,
    pub last_seed: u128,
    /// A's verdict (solved, unsolvable, unknown), then B's: the number of deals.
    pub table: [[u64; 3]; 3],
    pub both: u64,
    pub a_only: u64,
    pub b_only: u64,
    /// The exact sign test of `a_only` against `b_only`.
    pub p: f64,
    /// Deals proved unsolvable by a thoughtful row of one side and won by the other.
    pub contradictions: Vec<u128>,
    /// Deals not won by either, proved unsolvable by a thoughtful row of one.
    pub lost_known: u64,
    /// Deals with the same verdict, moves and nodes on both sides (the same search).
    pub identical: u64,
    /// Per side: the median seconds and the mean nodes of a deal.
    pub cost: [(f64, f64); 2],
}

impl Pairing {
    /// The pairing of rows by seed; `None` when no seed is in both.
    pub fn of(a: &BTreeMap<u128, Record>, b: &BTreeMap<u128, Record>) -> Option<Pairing> {
        let common: Vec<(&Record, &Record)> = a
            .iter()
            .filter_map(|(s, ra)| b.get(s).map(|rb| (ra, rb)))
            .collect();
        let (first, last) = (common.first()?.0.seed, common.last()?.0.seed);
        let n = common.len() as u64;
        let mut table = [[0u64; 3]; 3];
        let mut contradictions = Vec::new();
        let mut lost_known = 0;
        let proved_lost =
            |r: &Record| r.knowledge == Knowledge::Thoughtful && r.answer == Answer::Lost;
        let won = |r: &Record| matches!(r.answer, Answer::Won { .. });
        for &(ra, rb) in &common {
            table[index(&ra.answer)][index(&rb.answer)] += 1;
            if proved_lost(ra) && won(rb) || proved_lost(rb) && won(ra) {
                contradictions.push(ra.seed);
            } else if proved_lost(ra) || proved_lost(rb) {
                lost_known += 1;
            }
        }
        let identical = common
            .iter()
            .filter(|(ra, rb)| ra.answer == rb.answer && ra.nodes == rb.nodes)
            .count() as u64;
        let cost = |side: usize| {
            let pick = |x: &(&Record, &Record)| {
                if side == 0 {
                    (x.0.seconds, x.0.nodes)
                } else {
                    (x.1.seconds, x.1.nodes)
                }
            };
            let mut secs: Vec<f64> = common.iter().map(|x| pick(x).0).collect();
            secs.sort_by(f64::total_cmp);
            // Summed wide: rows of 2^64 - 1 nodes each must not wrap.
            let nodes: u128 = common.iter().map(|x| u128::from(pick(x).1)).sum();
            (
                nearest_rank(&secs, 50).unwrap_or(0.0),
                nodes as f64 / n as f64,
            )
        };
        let (a_only, b_only) = (table[0][1] + table[0][2], table[1][0] + table[2][0]);
        Some(Pairing {
            n,
            first_seed: first,
            last_seed: last,
            table,
            both: table[0][0],
            a_only,
            b_only,
            p: sign_test(a_only, b_only),
            contradictions,
            lost_known,
            identical,
            cost: [cost(0), cost(1)],
        })
    }

    /// Deals won by A only whose B verdict is unknown, and won by B only whose A verdict is
    /// unknown: wins the other side's search ran out before finding or refuting.
    pub fn only_unknown(&self) -> (u64, u64) {
        (self.table[0][2], self.table[2][0])
    }

    /// Side `i`'s (0 for A) won, lost and unknown deals among those in both.
    pub fn counts(&self, i: usize) -> [u64; 3] {
        let t = &self.table;
        let at = |v: usize| {
            if i == 0 {
                t[v].iter().sum()
            } else {
                (0..3).map(|u| t[u][v]).sum()
            }
        };
        [at(0), at(1), at(2)]
    }

    /// Side `i`'s rate in words: `8 of 30 won (26.67%), 95% interval [..]`, with the band of
    /// its unknown deals when it has some.
    pub fn rate_text(&self, i: usize) -> String {
        let [won, lost, unknown] = self.counts(i);
        let (low, high) = win_interval(won, lost, unknown);
        let pct = |k: u64| 100.0 * k as f64 / self.n as f64;
        let rate = if unknown == 0 {
            format!("{:.2}%", pct(won))
        } else {
            format!(
                "{:.2}% .. {:.2}%, {unknown} unknown",
                pct(won),
                pct(won + unknown)
            )
        };
        format!(
            "{won} of {} won ({rate}), 95% interval [{:.2}%, {:.2}%]",
            self.n,
            100.0 * low,
            100.0 * high
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Record;
    use crate::cards::CardToken;
    use crate::games::builtin::ALL;

    #[test]
    fn the_sign_test_gives_the_exact_binomial_tail() {
        // 7 against 15: 2 * sum_{k<=7} C(22, k) / 2^22 = 2 * 280600 / 4194304.
        assert!((sign_test(7, 15) - 2.0 * 280_600.0 / 4_194_304.0).abs() < 1e-12);
        assert_eq!(sign_test(15, 7), sign_test(7, 15));
        // 0 against 5: 2 / 32.
        assert!((sign_test(0, 5) - 0.0625).abs() < 1e-12);
        assert_eq!(sign_test(4, 4), 1.0);
        assert_eq!(sign_test(0, 0), 1.0);
        // 5 against 6: the tail is above one half, so the two-sided p is 1.
        assert_eq!(sign_test(5, 6), 1.0);
        // Large counts stay finite and tiny: 100 against 300.
        let p = sign_test(100, 300);
        assert!(p > 0.0 && p < 1e-20, "{p}");
    }

    /// The cards of a deal place by place, face up or down alike.
    fn cards(d: &crate::deal::Deal) -> Vec<Vec<Option<crate::cards::Card>>> {
        let card = |t: &CardToken| match *t {
            CardToken::Known { card, .. } => Some(card),
            CardToken::Unknown => None,
        };
        let mut places: Vec<Vec<Option<crate::cards::Card>>> = d
            .piles
            .iter()
            .map(|p| p.iter().map(card).collect())
            .collect();
        places.push(
            d.reserve
                .iter()
                .map(|s| s.as_ref().and_then(card))
                .collect(),
        );
        places.push(d.stock.iter().map(card).collect());
        places
    }

    /// Games with one pile more, a reserve card fewer, or two decks, and games that differ only
    /// in how they are played: `deals_alike` says yes exactly when dealing both games on a few
    /// seeds puts the same cards in the same places.
    #[test]
    fn deals_alike_agrees_with_dealing_both_games() {
        let sw = crate::games::Stonewall::RULES;
        let more: &'static [u8] = &[6, 6, 6, 6, 6, 6, 1];
        let edited = [
            Rules {
                pile_sizes: more,
                reserve: 15,
                ..sw
            },
            Rules {
                face_down: crate::game::FaceDown::None,
                ..sw
            },
            Rules {
                space: crate::game::Space::Kings,
                ..sw
            },
        ];
        let games: Vec<&Rules> = ALL.iter().chain(edited.iter()).collect();
        let mut alike = 0;
        let mut differ = 0;
        for a in &games {
            for b in &games {
                let dealt_alike = (0..4).all(|seed| {
                    cards(&crate::deal::deal(a, seed)) == cards(&crate::deal::deal(b, seed))
                });
                let said = deals_alike(a, b);
                assert_eq!(said.is_ok(), dealt_alike, "{} {}: {said:?}", a.id, b.id);
                if dealt_alike { alike += 1 } else { differ += 1 }
            }
        }
        // Both answers occur between different games (Stonewall and Flower Garden deal alike).
        assert!(alike > games.len() && differ > 0, "{alike} {differ}");
        let why = deals_alike(&sw, &edited[0]).unwrap_err();
        assert_eq!(
            why,
            "piles: 6 piles of 6 and [6, 6, 6, 6, 6, 6, 1]; reserve: 16 and 15"
        );
        assert!(
            deals_alike(&sw, &ALL[1])
                .unwrap_err()
                .contains("13 piles of 4")
        );
        assert!(same_rules(
            &sw,
            &Rules {
                id: "x",
                name: "x",
                ..sw
            }
        ));
        assert!(!same_rules(&sw, &edited[2]));
    }

    /// The counts of a pairing, against the same rows paired by hand.
    #[test]
    fn a_pairing_counts_the_rows_it_pairs() {
        use crate::solve::Limit;
        let row = |seed, a| (seed, Record::new("stonewall", seed, a, 10, 0.1));
        let w = Answer::Won { moves: 60 };
        let (l, u) = (Answer::Lost, Answer::Unknown(Limit::Nodes));
        // Seeds 0..=6 in A; 1..=7 in B.
        let a: BTreeMap<u128, Record> = [w, w, l, u, w, l, w]
            .into_iter()
            .enumerate()
            .map(|(s, x)| row(s as u128, x))
            .collect();
        let b: BTreeMap<u128, Record> = [w, l, w, l, w, u, l]
            .into_iter()
            .enumerate()
            .map(|(s, x)| row(s as u128 + 1, x))
            .collect();
        let p = Pairing::of(&a, &b).unwrap();
        // By hand, seed: A B — 1: w w, 2: l l, 3: u w, 4: w l, 5: l w, 6: w u.
        assert_eq!((p.n, p.first_seed, p.last_seed), (6, 1, 6));
        assert_eq!((p.both, p.a_only, p.b_only), (1, 2, 2));
        assert_eq!(p.table, [[1, 1, 1], [1, 1, 0], [1, 0, 0]]);
        assert_eq!(p.contradictions, vec![4, 5]);
        assert_eq!(p.counts(0), [3, 2, 1]);
        assert_eq!(p.counts(1), [3, 2, 1]);
        assert_eq!(p.only_unknown(), (1, 1));
        assert_eq!(p.p, 1.0);
        assert!(Pairing::of(&a, &BTreeMap::new()).is_none());
    }
}
