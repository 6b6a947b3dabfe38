//! The summary of a batch: per variant, the counts, the win rate and its 95% Wilson interval
//! (unknown deals counted as lost for the lower bound and as won for the upper one, never left
//! out), the median / p90 / p99 / max of nodes and seconds per deal, and the speed; printed as
//! a table (one row per variant) or as JSON ([`crate::io::json::RunSummary`]).

use super::stats::{Quantiles, win_interval};
use super::{Answer, DealSource, Knowledge, Record};
use crate::hidden::Budget;
use crate::solve::Limit;
use std::io::Write;

/// The running counts of one variant.
#[derive(Clone, Debug)]
pub struct Tally {
    pub variant: &'static str,
    pub knowledge: Knowledge,
    /// Where its deals come from: the table says `stonewall (PySolFC)` for PySolFC's games.
    pub source: DealSource,
    pub won: u64,
    pub lost: u64,
    pub unknown: u64,
    /// Unknown deals by the limit that stopped them: nodes, time, memory.
    pub unknown_by: [u64; 3],
    nodes: Vec<u64>,
    seconds: Vec<f64>,
    pub first_seed: Option<u128>,
    pub last_seed: Option<u128>,
}

/// One tally per (variant, knowledge, deal source) of `records`, in their order; the records
/// come sorted by these three (as `merge::combine` gives them).
pub fn tallies(records: &[Record]) -> Vec<Tally> {
    let mut tallies: Vec<Tally> = Vec::new();
    for r in records {
        match tallies.last_mut() {
            Some(t) if (t.variant, t.knowledge, t.source) == (r.variant, r.knowledge, r.source) => {
                t.add(r)
            }
            _ => {
                let mut t = Tally::of(r.variant, r.knowledge).from_source(r.source);
                t.add(r);
                tallies.push(t);
            }
        }
    }
    tallies
}

impl Tally {
    /// The tally of thoughtful play.
    pub fn new(variant: &'static str) -> Self {
        Tally::of(variant, Knowledge::Thoughtful)
    }

    pub fn of(variant: &'static str, knowledge: Knowledge) -> Self {
        Tally {
            variant,
            knowledge,
            source: DealSource::Seed,
            won: 0,
            lost: 0,
            unknown: 0,
            unknown_by: [0; 3],
            nodes: Vec::new(),
            seconds: Vec::new(),
            first_seed: None,
            last_seed: None,
        }
    }

    /// The same tally of deals from `source`.
    pub fn from_source(self, source: DealSource) -> Self {
        Tally { source, ..self }
    }

    /// The variant as the table names it: `stonewall`, or `stonewall (PySolFC)` when the deals
    /// are PySolFC's game numbers.
    pub fn variant_text(&self) -> String {
        match self.source {
            DealSource::Seed => self.variant.to_string(),
            DealSource::Pysol => format!("{} (PySolFC)", self.variant),
        }
    }

    /// Counts a deal (of this tally's variant, knowledge and source).
    pub fn add(&mut self, r: &Record) {
        debug_assert_eq!(r.variant, self.variant);
        debug_assert_eq!(r.knowledge, self.knowledge);
        debug_assert_eq!(r.source, self.source);
        match r.answer {
            Answer::Won { .. } => self.won += 1,
            Answer::Lost => self.lost += 1,
            Answer::Unknown(l) => {
                self.unknown += 1;
                match l {
                    Limit::Nodes => self.unknown_by[0] += 1,
                    Limit::Time => self.unknown_by[1] += 1,
                    Limit::Memory | Limit::Cancelled => self.unknown_by[2] += 1,
                }
            }
        }
        self.nodes.push(r.nodes);
        self.seconds.push(r.seconds);
        self.first_seed = Some(self.first_seed.map_or(r.seed, |s| s.min(r.seed)));
        self.last_seed = Some(self.last_seed.map_or(r.seed, |s| s.max(r.seed)));
    }

    pub fn deals(&self) -> u64 {
        self.won + self.lost + self.unknown
    }

    /// The seconds of all the deals counted.
    pub fn total_seconds(&self) -> f64 {
        self.seconds.iter().sum()
    }

    /// The 95% interval of the win rate (unknowns lost for the low end, won for the high end).
    pub fn interval(&self) -> (f64, f64) {
        win_interval(self.won, self.lost, self.unknown)
    }

    /// Seeds between the first and the last that are not counted.
    pub fn missing_seeds(&self) -> u128 {
        match (self.first_seed, self.last_seed) {
            (Some(a), Some(b)) => (b - a)
                .saturating_add(1)
                .saturating_sub(u128::from(self.deals())),
            _ => 0,
        }
    }

    /// What a run of consecutive numbers lacks: `stonewall: 3 seeds between 0 and 99 have no
    /// row (a shard missing?)`, or `None` when no number is missing.
    pub fn gap_note(&self) -> Option<String> {
        let missing = self.missing_seeds();
        (missing > 0).then(|| {
            format!(
                "{}: {missing} {}s between {} and {} have no row (a shard missing?)",
                self.variant_text(),
                self.source.number_word(),
                self.first_seed.expect("a row"),
                self.last_seed.expect("a row")
            )
        })
    }

    /// The range counted, as a merge's scope names it: `stonewall (hidden) seeds 0..=99`.
    pub fn range_text(&self) -> Option<String> {
        let (a, b) = (self.first_seed?, self.last_seed?);
        let hidden = if self.knowledge == Knowledge::Hidden {
            " (hidden)"
        } else {
            ""
        };
        let numbers = match self.source {
            DealSource::Seed => "seeds",
            DealSource::Pysol => "PySolFC games",
        };
        Some(format!("{}{hidden} {numbers} {a}..={b}", self.variant))
    }

    /// `81.95%`, or `81.90–82.10%` when some deals are unknown; `-` without deals.
    pub fn rate_text(&self) -> String {
        let n = self.deals();
        if n == 0 {
            return "-".to_string();
        }
        let low = 100.0 * self.won as f64 / n as f64;
        if self.unknown == 0 {
            format!("{low:.2}%")
        } else {
            let high = 100.0 * (self.won + self.unknown) as f64 / n as f64;
            format!("{low:.2}–{high:.2}%")
        }
    }

    /// `[79.40%, 84.15%]`.
    pub fn interval_text(&self) -> String {
        let (lo, hi) = self.interval();
        format!("[{:.2}%, {:.2}%]", 100.0 * lo, 100.0 * hi)
    }
}

/// The limits a run used (unknown for merged files: the CSV does not record them); serialized
/// as the summary's `limits`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RunLimits {
    pub max_nodes: u64,
    #[serde(rename = "timeout_seconds")]
    pub timeout: Option<f64>,
    /// The table bound of each worker's solver.
    #[serde(rename = "table_mib_per_worker")]
    pub table_mib: u64,
    /// The pruning rules in force: `on` (all), `off`, or `on except ...`.
    pub prune: String,
    pub threads: usize,
}

impl RunLimits {
    fn text(&self) -> String {
        format!(
            "--max-nodes {}, {}, --table-mib {} per worker, pruning {}, {} thread{}",
            self.max_nodes,
            match self.timeout {
                Some(t) => format!("--timeout {t} s"),
                None => "no --timeout".to_string(),
            },
            self.table_mib,
            self.prune,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )
    }
}

/// One variant's line of the summary.
#[derive(Clone, Debug)]
pub struct Summary {
    pub tally: Tally,
    /// Deals solved by this run (not read back from a file) and the wall-clock seconds they
    /// took; `None` for merged files.
    pub speed: Option<(u64, f64)>,
}

impl Summary {
    /// Deals per second of wall-clock time in this run.
    pub fn deals_per_second(&self) -> Option<f64> {
        let (deals, wall) = self.speed?;
        (wall > 0.0 && deals > 0).then(|| deals as f64 / wall)
    }
}

/// A whole summary: a line per variant, what the run covered, whether it was interrupted.
#[derive(Clone, Debug)]
pub struct Report {
    pub summaries: Vec<Summary>,
    /// The limits used (`None` when unknown, as for merged files).
    pub limits: Option<RunLimits>,
    /// What seeds were asked for (`seeds 0..1000, shard 0/2`), or where the rows came from.
    pub scope: String,
    /// Stopped by Ctrl-C before every deal was done.
    pub interrupted: Option<Interrupted>,
    /// The hidden-play planner's budget, for hidden runs: rates are comparable only at equal
    /// budget.
    pub planner: Option<Budget>,
}

/// How far an interrupted run got.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// Deals done.
    pub done: u64,
    /// Deals asked for.
    pub asked: u64,
    /// The rows went to a CSV file, which `--resume` continues.
    pub csv: bool,
}

/// A count in a few characters: `812`, `20.5k`, `1.05M`, `3.20G`.
pub fn compact(n: u64) -> String {
    match n {
        0..10_000 => n.to_string(),
        10_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.2}M", n as f64 / 1e6),
        _ => format!("{:.2}G", n as f64 / 1e9),
    }
}

/// Seconds in a few characters: `0.004`, `12.3`, `140`.
pub fn secs(s: f64) -> String {
    if s >= 100.0 {
        format!("{s:.0}")
    } else if s >= 10.0 {
        format!("{s:.1}")
    } else {
        format!("{s:.3}")
    }
}

fn quantile_text<T: Copy>(q: Option<Quantiles<T>>, f: impl Fn(T) -> String) -> String {
    match q {
        Some(q) => format!("{}/{}/{}/{}", f(q.median), f(q.p90), f(q.p99), f(q.max)),
        None => "-".to_string(),
    }
}

impl Summary {
    /// Nodes per deal: median, p90, p99, max; `None` without deals.
    pub fn nodes(&self) -> Option<Quantiles<u64>> {
        Quantiles::of_counts(self.tally.nodes.clone())
    }

    /// Seconds per deal: median, p90, p99, max; `None` without deals.
    pub fn seconds(&self) -> Option<Quantiles<f64>> {
        Quantiles::of_reals(self.tally.seconds.clone())
    }
}

impl Report {
    /// The knowledge of every row, `None` when the rows are of both kinds (each row says
    /// which); thoughtful without rows.
    pub fn knowledge(&self) -> Option<Knowledge> {
        let mut kinds = self.summaries.iter().map(|s| s.tally.knowledge);
        match kinds.next() {
            None => Some(Knowledge::Thoughtful),
            Some(k) if kinds.all(|o| o == k) => Some(k),
            Some(_) => None,
        }
    }

    /// The table: a header, a row per variant, then the scope, limits and how to read it.
    pub fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let mut rows: Vec<Vec<String>> = vec![
            [
                "variant",
                "deals",
                "won",
                "lost",
                "unknown",
                "win %",
                "95% interval",
                "nodes p50/p90/p99/max",
                "seconds p50/p90/p99/max",
                "deals/s",
            ]
            .map(str::to_string)
            .to_vec(),
        ];
        let mixed = self.knowledge().is_none();
        for s in &self.summaries {
            let t = &s.tally;
            rows.push(vec![
                if mixed {
                    format!("{} ({})", t.variant_text(), t.knowledge)
                } else {
                    t.variant_text()
                },
                t.deals().to_string(),
                t.won.to_string(),
                t.lost.to_string(),
                t.unknown.to_string(),
                t.rate_text(),
                t.interval_text(),
                quantile_text(s.nodes(), compact),
                quantile_text(s.seconds(), secs),
                s.deals_per_second()
                    .map_or("-".to_string(), |d| format!("{d:.1}")),
            ]);
        }
        let cols = rows[0].len();
        let widths: Vec<usize> = (0..cols)
            .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        for row in &rows {
            let mut line = String::new();
            for (c, cell) in row.iter().enumerate() {
                let pad = widths[c] - cell.chars().count();
                if c > 0 {
                    line.push_str("  ");
                }
                // The variant left-aligned, the numbers right-aligned.
                if c == 0 {
                    line.push_str(cell);
                    line.extend(std::iter::repeat_n(' ', pad));
                } else {
                    line.extend(std::iter::repeat_n(' ', pad));
                    line.push_str(cell);
                }
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        writeln!(out)?;
        let knowledge = self
            .knowledge()
            .map_or("mixed".to_string(), |k| k.to_string());
        writeln!(out, "knowledge {knowledge}; {}", self.scope)?;
        if let Some(budget) = &self.planner {
            writeln!(out, "planner: {}", budget.text())?;
        }
        match &self.limits {
            Some(l) => writeln!(out, "limits: {}", l.text())?,
            None => writeln!(out, "limits: not recorded in the CSV files")?,
        }
        let unknown: u64 = self.summaries.iter().map(|s| s.tally.unknown).sum();
        if unknown > 0 {
            let by = |i: usize| {
                self.summaries
                    .iter()
                    .map(|s| s.tally.unknown_by[i])
                    .sum::<u64>()
            };
            writeln!(
                out,
                "unknown: {} stopped by the node limit, {} by the time limit, {} by the memory limit",
                by(0),
                by(1),
                by(2)
            )?;
        }
        writeln!(
            out,
            "win % is won / deals (a range when some deals are unknown); the 95% Wilson interval \
             counts unknown deals as lost for its lower bound and as won for its upper bound"
        )?;
        if let Some(Interrupted { done, asked, csv }) = self.interrupted {
            let resume = if csv {
                " (--resume continues the CSV file)"
            } else {
                ""
            };
            writeln!(out, "interrupted: {done} of {asked} deals finished{resume}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_counts_and_texts() {
        let mut t = Tally::new("stonewall");
        let mut add = |seed, answer, nodes| {
            t.add(&Record::new("stonewall", seed, answer, nodes, 0.5));
        };
        add(3, Answer::Won { moves: 9 }, 10);
        add(5, Answer::Lost, 30);
        add(4, Answer::Unknown(Limit::Nodes), 20);
        add(9, Answer::Won { moves: 9 }, 40);
        assert_eq!((t.won, t.lost, t.unknown, t.deals()), (2, 1, 1, 4));
        assert_eq!(t.unknown_by, [1, 0, 0]);
        assert_eq!(
            (t.first_seed, t.last_seed, t.missing_seeds()),
            (Some(3), Some(9), 3)
        );
        assert_eq!(t.rate_text(), "50.00–75.00%");
        assert_eq!(t.interval(), win_interval(2, 1, 1));
        assert_eq!(t.total_seconds(), 2.0);
        let s = Summary {
            tally: t,
            speed: Some((4, 2.0)),
        };
        assert_eq!(s.deals_per_second(), Some(2.0));
        let nodes = s.nodes().unwrap();
        assert_eq!((nodes.median, nodes.max), (20, 40));
    }

    #[test]
    fn the_table_has_a_row_per_variant() {
        let mut a = Tally::new("stonewall");
        a.add(&Record::new("stonewall", 0, Answer::Lost, 12_345, 0.01));
        let b = Tally::new("lucky-piles");
        let report = Report {
            summaries: vec![
                Summary {
                    tally: a,
                    speed: Some((1, 0.5)),
                },
                Summary {
                    tally: b,
                    speed: None,
                },
            ],
            limits: None,
            scope: "seeds 0..1".to_string(),
            interrupted: Some(Interrupted {
                done: 1,
                asked: 2,
                csv: true,
            }),
            planner: None,
        };
        let mut out = Vec::new();
        report.write_text(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("interrupted: 1 of 2 deals finished (--resume continues the CSV file)"),
            "{text}"
        );
        // Without a CSV file there is nothing to resume.
        let mut bare = report.clone();
        bare.interrupted = Some(Interrupted {
            done: 1,
            asked: 2,
            csv: false,
        });
        let mut o = Vec::new();
        bare.write_text(&mut o).unwrap();
        let t = String::from_utf8(o).unwrap();
        assert!(t.contains("interrupted: 1 of 2 deals finished\n"), "{t}");
        assert!(!t.contains("--resume"), "{t}");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("variant"), "{text}");
        assert!(lines[1].starts_with("stonewall "), "{text}");
        assert!(lines[1].contains("12.3k/12.3k/12.3k/12.3k"), "{text}");
        assert!(lines[2].starts_with("lucky-piles "), "{text}");
        assert!(text.contains("interrupted: 1 of 2"), "{text}");
        assert!(text.contains("knowledge thoughtful; seeds 0..1"), "{text}");
        // PySolFC's game numbers are named in the variant column.
        let mut p = Tally::new("stonewall").from_source(DealSource::Pysol);
        p.add(&Record::new("stonewall", 0, Answer::Lost, 5, 0.01).with_source(DealSource::Pysol));
        let report = Report {
            summaries: vec![Summary {
                tally: p,
                speed: None,
            }],
            ..report
        };
        let mut out = Vec::new();
        report.write_text(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .starts_with("stonewall (PySolFC) "),
            "{text}"
        );
        assert_eq!(compact(999), "999");
        assert_eq!(compact(20_480), "20.5k");
        assert_eq!(compact(10_000_384), "10.00M");
    }
}
