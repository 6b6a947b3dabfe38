//! `patience compare A.csv B.csv [--json]`: two result files of one game, deal by deal on the
//! seeds both hold: how their verdicts meet, which deals one wins and the other does not (with
//! an exact sign test of that difference), and what the two say together about play with every
//! card known.
//!
//! Each file is read as `merge` reads it (whole, duplicates checked, a thoughtful `unknown`
//! giving way to a decided row of the same deal) and must hold rows of one game and one
//! knowledge (and, for hidden rows, one planner budget): the thoughtful solver at two budgets,
//! two planner budgets or revisions, or a thoughtful run beside a hidden one.
//!
//! Every `solved` row, thoughtful or hidden, is a win replayed on the real deal, so a deal won
//! in either file is won with every card known; only a thoughtful `unsolvable` row is a proof
//! that it is not (a hidden `unsolvable` row is a game the planner lost). A deal proved
//! unsolvable in one file and won in the other is a contradiction: one of the two is wrong, and
//! the command says so and exits with status 1.

use super::Outcome;
use crate::cli::CompareArgs;
use anyhow::{Result, bail};
use patience::batch::merge::combine;
use patience::batch::stats::{Z95, nearest_rank, wilson, win_interval};
use patience::batch::summary::{compact, secs};
use patience::batch::{Answer, DealSource, Knowledge, Record};
use patience::hidden::Budget;
use patience::io::json::{ByVerdict, ComparedFile, Comparison, EveryCardKnown, Planner};
use patience::io::results::{self, VerdictWord};
use std::collections::BTreeMap;
use std::io::Write;

/// The verdicts, in the order of the table.
const VERDICTS: [VerdictWord; 3] = [
    VerdictWord::Solved,
    VerdictWord::Unsolvable,
    VerdictWord::Unknown,
];

/// The rows of one file, by seed, and what kind of rows they are.
struct Side {
    name: String,
    variant: &'static str,
    knowledge: Knowledge,
    /// Our seeds or PySolFC's game numbers: files of the two hold different deals.
    source: DealSource,
    budget: Option<Budget>,
    rows: BTreeMap<u128, Record>,
}

impl Side {
    fn read(path: &std::path::Path, verify: bool) -> Result<Side> {
        let name = path.display().to_string();
        let rows = results::read(path)?;
        if verify {
            super::verify_rows(path, &rows)?;
        }
        let rows = rows.into_iter().map(|r| (name.clone(), r)).collect();
        let mut notes = Vec::new();
        let records = combine(rows, true, &mut notes)?;
        for note in notes {
            eprintln!("note: {name}: {note}");
        }
        let Some(first) = records.first() else {
            bail!("{name} holds no result rows");
        };
        let (variant, knowledge, budget) = (first.variant, first.knowledge, first.budget);
        let source = first.source;
        if let Some(r) = records.iter().find(|r| r.source != source) {
            bail!(
                "{name} holds rows of our seeds and of PySolFC's game numbers ({} and {}): compare files of one deal source each",
                first.deal_text(),
                r.deal_text()
            );
        }
        if let Some(r) = records
            .iter()
            .find(|r| (r.variant, r.knowledge, r.budget) != (variant, knowledge, budget))
        {
            bail!(
                "{name} holds rows of more than one kind ({} {} and {} {}, seed {}): compare files of one game, one knowledge and one planner budget each",
                variant,
                knowledge,
                r.variant,
                r.knowledge,
                r.seed
            );
        }
        Ok(Side {
            name,
            variant,
            knowledge,
            source,
            budget,
            rows: records.into_iter().map(|r| (r.seed, r)).collect(),
        })
    }

    fn kind(&self) -> String {
        match (self.knowledge, self.budget) {
            (Knowledge::Hidden, Some(b)) => format!(
                "hidden (planner {}, {} samples x {} nodes)",
                b.revision_text(),
                b.samples,
                b.sample_nodes
            ),
            (k, _) => k.to_string(),
        }
    }

    fn json(&self) -> ComparedFile<'_> {
        ComparedFile {
            file: &self.name,
            variant: self.variant,
            knowledge: self.knowledge,
            planner: self.budget.map(Planner::from),
            rows: self.rows.len(),
        }
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

fn p_text(p: f64) -> String {
    if p < 0.001 {
        "p < 0.001".to_string()
    } else {
        format!("p = {p:.3}")
    }
}

fn pct(k: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * k as f64 / n as f64
    }
}

pub fn run(args: &CompareArgs, out: &mut dyn Write) -> Result<Outcome> {
    for path in &args.rules {
        patience::games::load(path)?;
    }
    let a = Side::read(&args.a, args.verify)?;
    let b = Side::read(&args.b, args.verify)?;
    if a.variant != b.variant {
        bail!(
            "{} holds {} rows and {} holds {} rows: compare two files of one game",
            a.name,
            a.variant,
            b.name,
            b.variant
        );
    }
    if a.source != b.source {
        let what = |s: &Side| match s.source {
            DealSource::Seed => "our seeds",
            DealSource::Pysol => "PySolFC's game numbers",
        };
        bail!(
            "{} holds deals of {} and {} deals of {}: the same number is a different deal in each, so there is nothing to compare",
            a.name,
            what(&a),
            b.name,
            what(&b)
        );
    }
    let common: Vec<(&Record, &Record)> = a
        .rows
        .iter()
        .filter_map(|(s, ra)| b.rows.get(s).map(|rb| (ra, rb)))
        .collect();
    if common.is_empty() {
        bail!("{} and {} have no seed in common", a.name, b.name);
    }
    let n = common.len() as u64;
    let mut table = [[0u64; 3]; 3];
    let mut contradictions = Vec::new();
    let proved_lost = |r: &Record| r.knowledge == Knowledge::Thoughtful && r.answer == Answer::Lost;
    let won = |r: &Record| matches!(r.answer, Answer::Won { .. });
    let mut lost_known = 0u64;
    // The same verdict, solution length and node count: the same search, as when a change
    // that should alter no result is checked.
    let identical = common
        .iter()
        .filter(|(ra, rb)| ra.answer == rb.answer && ra.nodes == rb.nodes)
        .count() as u64;
    for &(ra, rb) in &common {
        table[index(&ra.answer)][index(&rb.answer)] += 1;
        if proved_lost(ra) && won(rb) || proved_lost(rb) && won(ra) {
            contradictions.push(ra.seed);
        } else if proved_lost(ra) || proved_lost(rb) {
            lost_known += 1;
        }
    }
    let both = table[0][0];
    let a_only: u64 = table[0][1] + table[0][2];
    let b_only: u64 = table[1][0] + table[2][0];
    let either = both + a_only + b_only;
    let p = sign_test(a_only, b_only);
    let either_low = wilson(either, n, Z95).0;
    let unknown_known = n - either - lost_known;
    let (known_low, known_high) = win_interval(either, lost_known, unknown_known);
    let first = common[0].0.seed;
    let last = common[common.len() - 1].0.seed;
    let cost = |side: usize| {
        let pick = |&(ra, rb): &(&Record, &Record)| {
            let r = if side == 0 { ra } else { rb };
            (r.seconds, r.nodes)
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
    let (a_secs, a_nodes) = cost(0);
    let (b_secs, b_nodes) = cost(1);

    if args.json {
        let report = Comparison {
            variant: a.variant,
            a: a.json(),
            b: b.json(),
            common_deals: n,
            first_seed: first,
            last_seed: last,
            table: ByVerdict::from_array(table.map(ByVerdict::from_array)),
            won_by_both: both,
            won_by_a_only: a_only,
            won_by_b_only: b_only,
            sign_test_p: p,
            won_by_either: either,
            won_by_either_low: either_low,
            every_card_known: EveryCardKnown {
                won: either,
                lost: lost_known,
                unknown: unknown_known,
                win_low: known_low,
                win_high: known_high,
            },
            contradictions: contradictions.clone(),
            identical,
            median_seconds: [a_secs, b_secs],
            mean_nodes: [a_nodes, b_nodes],
        };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        writeln!(
            out,
            "A: {}: {}, {}, {} rows",
            a.name,
            a.variant,
            a.kind(),
            a.rows.len()
        )?;
        writeln!(
            out,
            "B: {}: {}, {}, {} rows",
            b.name,
            b.variant,
            b.kind(),
            b.rows.len()
        )?;
        let gaps = if last - first + 1 == u128::from(n) {
            String::new()
        } else {
            let gap = last - first + 1 - u128::from(n);
            let s = if gap == 1 { "" } else { "s" };
            format!(" ({gap} seed{s} in between not in both)")
        };
        let numbers = match a.source {
            DealSource::Seed => "seeds",
            DealSource::Pysol => "PySolFC games",
        };
        writeln!(out, "{n} deals in both, {numbers} {first}..={last}{gaps}")?;
        writeln!(
            out,
            "{:>14}{:>14}{:>14}{:>14}",
            "", "B solved", "B unsolvable", "B unknown"
        )?;
        for (w, row) in VERDICTS.iter().zip(&table) {
            writeln!(
                out,
                "{:<14}{:>14}{:>14}{:>14}",
                format!("A {w}"),
                row[0],
                row[1],
                row[2]
            )?;
        }
        if a.knowledge == Knowledge::Hidden || b.knowledge == Knowledge::Hidden {
            writeln!(
                out,
                "(a hidden row's `unsolvable` is a game the planner lost)"
            )?;
        }
        writeln!(
            out,
            "won by both {both}, by A only {a_only}, by B only {b_only} (exact two-sided sign test on the {} won by one only: {})",
            a_only + b_only,
            p_text(p)
        )?;
        writeln!(
            out,
            "won in either: {either} of {n} ({:.2}%, 95% lower bound {:.2}%)",
            pct(either, n),
            100.0 * either_low
        )?;
        writeln!(
            out,
            "every card known, the two together: {either} won, {lost_known} proved lost (thoughtful rows), {unknown_known} unknown: {:.2}% .. {:.2}% [{:.2}%, {:.2}%]",
            pct(either, n),
            pct(either + unknown_known, n),
            100.0 * known_low,
            100.0 * known_high
        )?;
        if contradictions.is_empty() {
            writeln!(
                out,
                "contradictions: none (no deal proved unsolvable in one file is won in the other)"
            )?;
        } else {
            let list: Vec<String> = contradictions
                .iter()
                .take(10)
                .map(|s| s.to_string())
                .collect();
            writeln!(
                out,
                "contradictions: {} deal(s) proved unsolvable in one file and won in the other (one of the two is wrong): seeds {}{}",
                contradictions.len(),
                list.join(", "),
                if contradictions.len() > 10 {
                    ", ..."
                } else {
                    ""
                }
            )?;
        }
        if a.knowledge == b.knowledge {
            // (Across knowledges only a deal lost without planning can match.)
            writeln!(
                out,
                "identical results (verdict, moves and nodes): {identical} of {n}"
            )?;
        }
        writeln!(
            out,
            "per deal: A {} s at the median, {} nodes on average; B {} s, {} nodes",
            secs(a_secs),
            compact(a_nodes.round() as u64),
            secs(b_secs),
            compact(b_nodes.round() as u64)
        )?;
    }
    Ok(if contradictions.is_empty() {
        Outcome::Success
    } else {
        Outcome::Failure
    })
}

#[cfg(test)]
mod tests {
    use super::sign_test;

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
}
