//! Two result files compared (`patience compare`): each read whole ([`Side`]), their rows
//! paired deal by deal ([`crate::batch::compare::Pairing`]), and the comparison as text or as
//! JSON ([`crate::io::json::Comparison`]).

use super::json::{ByVerdict, ComparedFile, Comparison, EveryCardKnown, Planner};
use super::results::{self, VerdictWord};
use crate::batch::compare::{Pairing, deals_alike, p_text, same_rules};
use crate::batch::merge::combine;
use crate::batch::stats::{Z95, wilson, win_interval};
use crate::batch::summary::{compact, secs};
use crate::batch::{DealSource, Knowledge, Record};
use crate::game::Rules;
use crate::hidden::Budget;
use std::collections::BTreeMap;
use std::io::Write;

/// An error and its causes in one line, `a: b: c`, as the command line prints errors.
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(&format!(": {c}"));
        cause = c.source();
    }
    text
}

/// The rows of one result file, by seed, and what kind of rows they are.
pub struct Side {
    pub name: String,
    pub rules: &'static Rules,
    pub knowledge: Knowledge,
    /// Our seeds or PySolFC's game numbers: files of the two hold different deals.
    pub source: DealSource,
    pub budget: Option<Budget>,
    pub rows: BTreeMap<u128, Record>,
}

impl Side {
    /// The rows of the result file at `path`, read as `merge` reads it (whole, duplicates
    /// checked, a thoughtful `unknown` giving way to a decided row of the same deal); with
    /// `verify`, every claimed win replayed on its deal. Refused unless the rows are of one
    /// game, one knowledge, one planner budget and one deal source. Notes go to `notes`.
    pub fn read(
        path: &std::path::Path,
        verify: bool,
        games: &crate::games::Games,
        notes: &mut Vec<String>,
    ) -> Result<Side, String> {
        let name = path.display().to_string();
        let rows = results::read(path, games).map_err(|e| with_causes(&e))?;
        if verify {
            for row in &rows {
                if let Err(why) = crate::batch::verify::replay(&row.record, games) {
                    return Err(format!(
                        "{name}: line {} ({}) claims a win that --verify cannot replay: {why}",
                        row.line,
                        row.record.deal_text()
                    ));
                }
            }
        }
        let rows = rows.into_iter().map(|r| (name.clone(), r)).collect();
        let mut said = Vec::new();
        let records = combine(rows, true, games, &mut said).map_err(|e| e.to_string())?;
        notes.extend(said.into_iter().map(|n| format!("{name}: {n}")));
        let Some(first) = records.first() else {
            return Err(format!("{name} holds no result rows"));
        };
        let (variant, knowledge, budget) = (first.variant, first.knowledge, first.budget);
        let source = first.source;
        if let Some(r) = records.iter().find(|r| r.source != source) {
            return Err(format!(
                "{name} holds rows of our seeds and of PySolFC's game numbers ({} and {}): compare files of one deal source each",
                first.deal_text(),
                r.deal_text()
            ));
        }
        if let Some(r) = records
            .iter()
            .find(|r| (r.variant, r.knowledge, r.budget) != (variant, knowledge, budget))
        {
            return Err(format!(
                "{name} holds rows of more than one kind ({variant} {knowledge} and {} {}, seed {}): compare files of one game, one knowledge and one planner budget each",
                r.variant, r.knowledge, r.seed
            ));
        }
        let rules = games
            .find(variant)
            .ok_or_else(|| crate::games::unknown(variant).to_string())?;
        Ok(Side {
            name,
            rules,
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
            variant: self.rules.id,
            knowledge: self.knowledge,
            planner: self.budget.map(Planner::from),
            rows: self.rows.len(),
        }
    }
}

/// Two result files paired deal by deal.
pub struct Compared {
    pub a: Side,
    pub b: Side,
    /// The two games are played by the same rules (then a contradiction is possible).
    pub same_rules: bool,
    pub pairing: Pairing,
}

/// The verdicts, in the order of the table.
const VERDICTS: [VerdictWord; 3] = [
    VerdictWord::Solved,
    VerdictWord::Unsolvable,
    VerdictWord::Unknown,
];

impl Compared {
    /// Pairs two files: refused when their games deal differently (saying what differs), when
    /// one holds our seeds and the other PySolFC's game numbers, and when no seed is in both.
    pub fn new(a: Side, b: Side) -> Result<Compared, String> {
        let (ra, rb) = (a.rules, b.rules);
        if ra.id != rb.id {
            deals_alike(ra, rb).map_err(|what| {
                format!(
                    "{} holds {} rows and {} holds {} rows, and the two games deal different cards for the same seed ({what}): compare files of one game, or of games that deal alike",
                    a.name, ra.id, b.name, rb.id
                )
            })?;
        }
        if a.source != b.source {
            let what = |s: &Side| match s.source {
                DealSource::Seed => "our seeds",
                DealSource::Pysol => "PySolFC's game numbers",
            };
            return Err(format!(
                "{} holds deals of {} and {} deals of {}: the same number is a different deal in each, so there is nothing to compare",
                a.name,
                what(&a),
                b.name,
                what(&b)
            ));
        }
        if a.source == DealSource::Pysol && ra.id != rb.id {
            let game = |r| crate::pysol::pysol_game(r).map(|g| g.id).ok();
            if game(ra) != game(rb) {
                return Err(format!(
                    "{} and {} hold PySolFC's game numbers of {} and {}, which PySolFC deals as two games of its own: compare them on our seeds",
                    a.name, b.name, ra.id, rb.id
                ));
            }
        }
        let pairing = Pairing::of(&a.rows, &b.rows)
            .ok_or_else(|| format!("{} and {} have no seed in common", a.name, b.name))?;
        Ok(Compared {
            same_rules: same_rules(ra, rb),
            a,
            b,
            pairing,
        })
    }

    /// Deals won in either file, when both play one game (`None` otherwise: a deal won under one
    /// rule says nothing of the other).
    fn either(&self) -> Option<u64> {
        let p = &self.pairing;
        self.same_rules.then_some(p.both + p.a_only + p.b_only)
    }

    /// The comparison as `compare --json` prints it.
    pub fn json(&self) -> Comparison<'_> {
        let p = &self.pairing;
        let rate = |i: usize| {
            let [won, lost, unknown] = p.counts(i);
            let (win_low, win_high) = win_interval(won, lost, unknown);
            EveryCardKnown {
                won,
                lost,
                unknown,
                win_low,
                win_high,
            }
        };
        let either = self.either();
        let unknown_known = either.map(|e| p.n - e - p.lost_known);
        Comparison {
            variant: self.a.rules.id,
            same_rules: self.same_rules,
            a: self.a.json(),
            b: self.b.json(),
            common_deals: p.n,
            first_seed: p.first_seed,
            last_seed: p.last_seed,
            table: ByVerdict::from_array(p.table.map(ByVerdict::from_array)),
            won_by_both: p.both,
            won_by_a_only: p.a_only,
            won_by_b_only: p.b_only,
            won_by_a_only_b_unknown: p.only_unknown().0,
            won_by_b_only_a_unknown: p.only_unknown().1,
            sign_test_p: p.p,
            rates: [rate(0), rate(1)],
            won_by_either: either,
            won_by_either_low: either.map(|e| wilson(e, p.n, Z95).0),
            every_card_known: either.zip(unknown_known).map(|(e, u)| {
                let (win_low, win_high) = win_interval(e, p.lost_known, u);
                EveryCardKnown {
                    won: e,
                    lost: p.lost_known,
                    unknown: u,
                    win_low,
                    win_high,
                }
            }),
            contradictions: self.same_rules.then(|| p.contradictions.clone()),
            identical: p.identical,
            median_seconds: [p.cost[0].0, p.cost[1].0],
            mean_nodes: [p.cost[0].1, p.cost[1].1],
        }
    }

    /// The comparison as `compare` prints it.
    pub fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let (a, b, p) = (&self.a, &self.b, &self.pairing);
        for (label, s) in [("A", a), ("B", b)] {
            writeln!(
                out,
                "{label}: {}: {} ({}), {}, {} rows",
                s.name,
                s.rules.id,
                s.rules.name,
                s.kind(),
                s.rows.len()
            )?;
        }
        if a.rules.id != b.rules.id {
            let how = if self.same_rules {
                "and play by the same rules"
            } else {
                "under different rules: which deals does the change win, which does it lose?"
            };
            writeln!(
                out,
                "{} and {} deal the same cards for the same seed, {how}",
                a.rules.id, b.rules.id
            )?;
        }
        let n = p.n;
        let gaps = match p.last_seed - p.first_seed + 1 - n as u128 {
            0 => String::new(),
            1 => " (1 seed in between not in both)".to_string(),
            gap => format!(" ({gap} seeds in between not in both)"),
        };
        let numbers = match a.source {
            DealSource::Seed => "seeds",
            DealSource::Pysol => "PySolFC games",
        };
        writeln!(
            out,
            "{n} deals in both, {numbers} {}..={}{gaps}",
            p.first_seed, p.last_seed
        )?;
        writeln!(
            out,
            "{:>14}{:>14}{:>14}{:>14}",
            "", "B solved", "B unsolvable", "B unknown"
        )?;
        for (w, row) in VERDICTS.iter().zip(&p.table) {
            let label = format!("A {w}");
            writeln!(out, "{label:<14}{:>14}{:>14}{:>14}", row[0], row[1], row[2])?;
        }
        if a.knowledge == Knowledge::Hidden || b.knowledge == Knowledge::Hidden {
            writeln!(
                out,
                "(a hidden row's `unsolvable` is a game the planner lost)"
            )?;
        }
        let (who_a, who_b) = if a.rules.id == b.rules.id {
            ("A".to_string(), "B".to_string())
        } else {
            (format!("A ({})", a.rules.id), format!("B ({})", b.rules.id))
        };
        writeln!(
            out,
            "won by both {}, by A only {}, by B only {} (exact two-sided sign test on the {} won by one only: {})",
            p.both,
            p.a_only,
            p.b_only,
            p.a_only + p.b_only,
            p_text(p.p)
        )?;
        let (ua, ub) = p.only_unknown();
        if ua + ub > 0 {
            writeln!(
                out,
                "of those won by one only, the other's verdict is unknown (not proved lost) on {ua} won by A and {ub} won by B"
            )?;
        }
        writeln!(out, "{who_a}: {}", p.rate_text(0))?;
        writeln!(out, "{who_b}: {}", p.rate_text(1))?;
        if let Some(either) = self.either() {
            self.write_together(out, either)?;
        } else {
            writeln!(
                out,
                "(the rules differ, so a deal won under one and proved lost under the other is no contradiction)"
            )?;
        }
        writeln!(
            out,
            "per deal: A {} s at the median, {} nodes on average; B {} s, {} nodes",
            secs(p.cost[0].0),
            compact(p.cost[0].1.round() as u64),
            secs(p.cost[1].0),
            compact(p.cost[1].1.round() as u64)
        )
    }

    /// What two files of one game say together: deals won in either, play with every card
    /// known, contradictions, identical searches.
    fn write_together(&self, out: &mut dyn Write, either: u64) -> std::io::Result<()> {
        let p = &self.pairing;
        let n = p.n;
        let pct = |k: u64| 100.0 * k as f64 / n as f64;
        let unknown_known = n - either - p.lost_known;
        let (known_low, known_high) = win_interval(either, p.lost_known, unknown_known);
        writeln!(
            out,
            "won in either: {either} of {n} ({:.2}%, 95% lower bound {:.2}%)",
            pct(either),
            100.0 * wilson(either, n, Z95).0
        )?;
        writeln!(
            out,
            "every card known, the two together: {either} won, {} proved lost (thoughtful rows), {unknown_known} unknown: {:.2}% .. {:.2}% [{:.2}%, {:.2}%]",
            p.lost_known,
            pct(either),
            pct(either + unknown_known),
            100.0 * known_low,
            100.0 * known_high
        )?;
        if p.contradictions.is_empty() {
            writeln!(
                out,
                "contradictions: none (no deal proved unsolvable in one file is won in the other)"
            )?;
        } else {
            let list: Vec<String> = p
                .contradictions
                .iter()
                .take(10)
                .map(u128::to_string)
                .collect();
            let more = if p.contradictions.len() > 10 {
                ", ..."
            } else {
                ""
            };
            writeln!(
                out,
                "contradictions: {} deal(s) proved unsolvable in one file and won in the other (one of the two is wrong): seeds {}{more}",
                p.contradictions.len(),
                list.join(", ")
            )?;
        }
        if self.a.knowledge == self.b.knowledge {
            // (Across knowledges only a deal lost without planning can match.)
            writeln!(
                out,
                "identical results (verdict, moves and nodes): {} of {n}",
                p.identical
            )?;
        }
        Ok(())
    }
}
