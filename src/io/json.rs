//! The JSON the commands print (`--json`): the solve result of docs/formats.md, the summary of
//! `winrate` and `merge`, and the comparison of `compare`. Each is a `Serialize` type whose
//! field names are the keys; the commands build them from their results and print them with
//! `serde_json` on one line.

use super::results::VerdictWord;
use crate::batch::stats::Quantiles;
use crate::batch::summary::{Report, RunLimits, Summary};
use crate::batch::{DealSource, Knowledge};
use crate::deal::Deal;
use crate::hidden::Budget;
use crate::hidden::planner::UNKNOWN_VALUE;
use crate::solve::{Limit, Options, Solution, Verdict};
use serde::Serialize;

/// The solve result of docs/formats.md (`patience solve --json`).
#[derive(Clone, Debug, Serialize)]
pub struct SolveResult<'a> {
    pub variant: &'a str,
    pub seed: Option<u64>,
    pub knowledge: Knowledge,
    pub verdict: VerdictWord,
    /// The solution (empty unless solved).
    pub moves: Vec<String>,
    pub nodes: u64,
    pub seconds: f64,
    /// The limit that stopped the search, for an `unknown` verdict (the key is left out
    /// otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    pub table_positions: usize,
    pub max_nodes: u64,
    pub timeout: Option<f64>,
    pub deal: &'a Deal,
}

impl<'a> SolveResult<'a> {
    /// The thoughtful result of solving `deal` of `variant` with `options`.
    pub fn new(variant: &'a str, sol: &Solution, options: &Options, deal: &'a Deal) -> Self {
        let (moves, limit) = match &sol.verdict {
            Verdict::Solved(m) => (m.iter().map(|m| m.to_string()).collect(), None),
            Verdict::Unsolvable => (Vec::new(), None),
            Verdict::Unknown(l) => (Vec::new(), Some(*l)),
        };
        SolveResult {
            variant,
            seed: deal.seed,
            knowledge: Knowledge::Thoughtful,
            verdict: VerdictWord::from(&sol.verdict),
            moves,
            nodes: sol.stats.nodes,
            seconds: sol.seconds,
            limit,
            table_positions: sol.stats.table_len,
            max_nodes: options.max_nodes,
            timeout: options.timeout.map(|d| d.as_secs_f64()),
            deal,
        }
    }
}

/// The hidden-play planner's budget, and what it gives per decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Planner {
    /// 0 when the file it was read from did not record it.
    pub planner_revision: u32,
    pub samples_per_decision: u32,
    pub nodes_per_sample: u64,
    pub ucb1_pulls_per_decision: u32,
    pub unknown_sample_value: f64,
    pub unknown_graded_where_none_won: bool,
    pub last_solve_nodes: u64,
}

impl From<Budget> for Planner {
    fn from(b: Budget) -> Planner {
        Planner {
            planner_revision: b.revision,
            samples_per_decision: b.samples,
            nodes_per_sample: b.sample_nodes,
            ucb1_pulls_per_decision: b.pulls(),
            unknown_sample_value: UNKNOWN_VALUE,
            unknown_graded_where_none_won: b.revision >= 7,
            last_solve_nodes: b.last_solve_nodes(),
        }
    }
}

/// The summary of `winrate` and `merge`: a line per variant, and what the run covered.
#[derive(Clone, Debug, Serialize)]
pub struct RunSummary<'a> {
    /// `thoughtful`, `hidden`, or `mixed` when the rows are of both kinds.
    pub knowledge: &'static str,
    pub planner: Option<Planner>,
    pub scope: &'a str,
    pub interrupted: bool,
    pub limits: Option<&'a RunLimits>,
    pub variants: Vec<VariantSummary<'a>>,
}

impl<'a> From<&'a Report> for RunSummary<'a> {
    fn from(r: &'a Report) -> Self {
        RunSummary {
            knowledge: match r.knowledge() {
                Some(Knowledge::Thoughtful) => "thoughtful",
                Some(Knowledge::Hidden) => "hidden",
                None => "mixed",
            },
            planner: r.planner.map(Planner::from),
            scope: &r.scope,
            interrupted: r.interrupted.is_some(),
            limits: r.limits.as_ref(),
            variants: r
                .summaries
                .iter()
                .map(|s| VariantSummary::new(s, r.limits.as_ref()))
                .collect(),
        }
    }
}

/// One variant's line of the summary.
#[derive(Clone, Debug, Serialize)]
pub struct VariantSummary<'a> {
    pub variant: &'static str,
    pub knowledge: Knowledge,
    /// `pysol` when the deals are PySolFC's game numbers (`first_seed` and `last_seed` are
    /// then game numbers); left out for our seeds.
    #[serde(skip_serializing_if = "is_seed")]
    pub source: DealSource,
    pub deals: u64,
    pub won: u64,
    pub lost: u64,
    pub unknown: u64,
    pub unknown_by_limit: ByLimit,
    /// `None` without deals.
    pub win_rate: Option<f64>,
    pub win_rate_if_unknown_won: Option<f64>,
    pub wilson95: Interval,
    pub nodes: Option<Quantiles<u64>>,
    pub seconds: Option<Seconds>,
    /// Speed of this run's own deals (`None` for merged files).
    pub deals_per_second: Option<f64>,
    pub deals_run: Option<u64>,
    pub wall_seconds: Option<f64>,
    pub first_seed: Option<u128>,
    pub last_seed: Option<u128>,
    pub limits: Option<&'a RunLimits>,
}

fn is_seed(source: &DealSource) -> bool {
    *source == DealSource::Seed
}

/// Unknown deals by the limit that stopped them (a cancelled deal counts as memory).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ByLimit {
    pub nodes: u64,
    pub time: u64,
    pub memory: u64,
}

#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

/// The seconds per deal: quantiles and total.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Seconds {
    pub median: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
    pub total: f64,
}

impl<'a> VariantSummary<'a> {
    pub fn new(s: &Summary, limits: Option<&'a RunLimits>) -> Self {
        let t = &s.tally;
        let n = t.deals();
        let (low, high) = t.interval();
        let rate = |k: u64| (n > 0).then(|| k as f64 / n as f64);
        VariantSummary {
            variant: t.variant,
            knowledge: t.knowledge,
            source: t.source,
            deals: n,
            won: t.won,
            lost: t.lost,
            unknown: t.unknown,
            unknown_by_limit: ByLimit {
                nodes: t.unknown_by[0],
                time: t.unknown_by[1],
                memory: t.unknown_by[2],
            },
            win_rate: rate(t.won),
            win_rate_if_unknown_won: rate(t.won + t.unknown),
            wilson95: Interval { low, high },
            nodes: s.nodes(),
            seconds: s.seconds().map(|q| Seconds {
                median: q.median,
                p90: q.p90,
                p99: q.p99,
                max: q.max,
                total: t.total_seconds(),
            }),
            deals_per_second: s.deals_per_second(),
            deals_run: s.speed.map(|(d, _)| d),
            wall_seconds: s.speed.map(|(_, w)| w),
            first_seed: t.first_seed,
            last_seed: t.last_seed,
            limits,
        }
    }
}

/// One file of a comparison.
#[derive(Clone, Debug, Serialize)]
pub struct ComparedFile<'a> {
    pub file: &'a str,
    pub variant: &'static str,
    pub knowledge: Knowledge,
    pub planner: Option<Planner>,
    pub rows: usize,
}

/// Counts by verdict (`solved`, `unsolvable`, `unknown`).
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct ByVerdict<T> {
    pub solved: T,
    pub unsolvable: T,
    pub unknown: T,
}

impl<T: Copy> ByVerdict<T> {
    /// From counts in the order solved, unsolvable, unknown.
    pub fn from_array(a: [T; 3]) -> Self {
        ByVerdict {
            solved: a[0],
            unsolvable: a[1],
            unknown: a[2],
        }
    }
}

/// Won, lost and unknown deals with the 95% interval of the win rate: one file's (`rates`), or
/// what the two files say together about play with every card known.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct EveryCardKnown {
    pub won: u64,
    pub lost: u64,
    pub unknown: u64,
    pub win_low: f64,
    pub win_high: f64,
}

/// `patience compare --json`: two result files deal by deal on the seeds both hold.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison<'a> {
    /// A's game (each file's game is its `variant`).
    pub variant: &'static str,
    /// The two games are played by the same rules (one game, or a rules file that copies
    /// another): only then are `won_by_either`, `every_card_known` and `contradictions` given.
    pub same_rules: bool,
    pub a: ComparedFile<'a>,
    pub b: ComparedFile<'a>,
    pub common_deals: u64,
    pub first_seed: u128,
    pub last_seed: u128,
    /// A's verdict, then B's: the number of deals.
    pub table: ByVerdict<ByVerdict<u64>>,
    pub won_by_both: u64,
    pub won_by_a_only: u64,
    pub won_by_b_only: u64,
    /// Of `won_by_a_only`, the deals whose B verdict is unknown (not proved lost).
    pub won_by_a_only_b_unknown: u64,
    /// Of `won_by_b_only`, the deals whose A verdict is unknown.
    pub won_by_b_only_a_unknown: u64,
    pub sign_test_p: f64,
    /// A's and B's won, lost and unknown deals among those in both, with the 95% interval.
    pub rates: [EveryCardKnown; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub won_by_either: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub won_by_either_low: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub every_card_known: Option<EveryCardKnown>,
    /// Seeds proved unsolvable in one file and won in the other.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradictions: Option<Vec<u128>>,
    pub identical: u64,
    pub median_seconds: [f64; 2],
    pub mean_nodes: [f64; 2],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::summary::Tally;
    use crate::batch::{Answer, Record};
    use crate::games::Stonewall;
    use serde_json::{Value, json};

    #[test]
    fn a_variant_summary_has_the_keys_of_the_format() {
        let mut t = Tally::new("stonewall");
        let mut add = |seed, answer, nodes| {
            t.add(&Record::new("stonewall", seed, answer, nodes, 0.5));
        };
        add(3, Answer::Won { moves: 9 }, 10);
        add(5, Answer::Lost, 30);
        add(4, Answer::Unknown(Limit::Nodes), 20);
        add(9, Answer::Won { moves: 9 }, 40);
        let s = Summary {
            tally: t,
            speed: Some((4, 2.0)),
        };
        let j = serde_json::to_value(VariantSummary::new(&s, None)).unwrap();
        assert_eq!(j["variant"], "stonewall");
        assert_eq!(j["knowledge"], "thoughtful");
        assert_eq!(j["deals"], 4);
        assert_eq!(
            j["unknown_by_limit"],
            json!({"nodes": 1, "time": 0, "memory": 0})
        );
        assert_eq!(j["nodes"]["median"], 20);
        assert_eq!(j["nodes"]["max"], 40);
        assert_eq!(j["win_rate"], 0.5);
        assert_eq!(j["win_rate_if_unknown_won"], 0.75);
        assert_eq!(j["seconds"]["total"], 2.0);
        assert_eq!(j["deals_per_second"], 2.0);
        assert_eq!(j["limits"], Value::Null);
        let keys: Vec<&str> = j.as_object().unwrap().keys().map(String::as_str).collect();
        let mut expected = vec![
            "variant",
            "knowledge",
            "deals",
            "won",
            "lost",
            "unknown",
            "unknown_by_limit",
            "win_rate",
            "win_rate_if_unknown_won",
            "wilson95",
            "nodes",
            "seconds",
            "deals_per_second",
            "deals_run",
            "wall_seconds",
            "first_seed",
            "last_seed",
            "limits",
        ];
        expected.sort();
        assert_eq!(keys, expected);
        // PySolFC's game numbers add `"source": "pysol"`.
        let pysol = Summary {
            tally: s.tally.clone().from_source(DealSource::Pysol),
            speed: None,
        };
        let j = serde_json::to_value(VariantSummary::new(&pysol, None)).unwrap();
        assert_eq!(j["source"], "pysol");
        // Without deals: no rates, no quantiles.
        let empty = Summary {
            tally: Tally::new("stonewall"),
            speed: None,
        };
        let j = serde_json::to_value(VariantSummary::new(&empty, None)).unwrap();
        assert_eq!(
            (&j["win_rate"], &j["nodes"], &j["seconds"]),
            (&Value::Null, &Value::Null, &Value::Null)
        );
    }

    #[test]
    fn a_run_summary_names_its_knowledge_limits_and_planner() {
        let limits = RunLimits {
            max_nodes: 1000,
            timeout: None,
            table_mib: 64,
            prune: "on".to_string(),
            threads: 2,
        };
        let mut hidden = Tally::of("stonewall", Knowledge::Hidden);
        hidden.add(&Record::new("stonewall", 0, Answer::Lost, 5, 0.1).hidden(Budget::new(3, 100)));
        let report = Report {
            summaries: vec![Summary {
                tally: hidden,
                speed: None,
            }],
            limits: Some(limits),
            scope: "seeds 0..1".to_string(),
            interrupted: Some(crate::batch::summary::Interrupted {
                done: 1,
                asked: 2,
                csv: true,
            }),
            planner: Some(Budget::new(3, 100)),
        };
        let j = serde_json::to_value(RunSummary::from(&report)).unwrap();
        assert_eq!(j["knowledge"], "hidden");
        assert_eq!(j["interrupted"], true);
        assert_eq!(j["scope"], "seeds 0..1");
        let limits = json!({"max_nodes": 1000, "timeout_seconds": null, "table_mib_per_worker": 64, "prune": "on", "threads": 2});
        assert_eq!(j["limits"], limits);
        assert_eq!(j["variants"][0]["limits"], limits);
        assert_eq!(j["planner"]["samples_per_decision"], 3);
        assert_eq!(j["planner"]["nodes_per_sample"], 100);
        assert_eq!(
            j["planner"]["planner_revision"],
            crate::hidden::planner::PLANNER_REVISION
        );
        let mut both = report.clone();
        both.summaries.push(Summary {
            tally: Tally::new("stonewall"),
            speed: None,
        });
        assert_eq!(
            serde_json::to_value(RunSummary::from(&both)).unwrap()["knowledge"],
            "mixed"
        );
    }

    #[test]
    fn the_solve_result_has_the_keys_of_the_format_and_the_deal_as_its_file() {
        use crate::game::Position;
        use crate::solve::Solver;
        let d = crate::deal::deal(&Stonewall::RULES, 7);
        let start = Position::from_deal::<Stonewall>(Stonewall, &d).unwrap();
        let cancel = std::sync::atomic::AtomicBool::new(false);
        for max_nodes in [50, 2_000_000] {
            let options = Options {
                max_nodes,
                ..Options::default()
            };
            let sol = Solver::<Stonewall>::new(Stonewall, options.clone())
                .solve(&start, &cancel)
                .unwrap();
            let j =
                serde_json::to_value(SolveResult::new("stonewall", &sol, &options, &d)).unwrap();
            assert_eq!(j["variant"], "stonewall");
            assert_eq!(j["seed"], 7);
            assert_eq!(j["knowledge"], "thoughtful");
            assert_eq!(j["nodes"], sol.stats.nodes);
            assert_eq!(j["max_nodes"], max_nodes);
            assert_eq!(
                j["deal"],
                serde_json::from_str::<Value>(&super::super::dealfile::write_deal(&d)).unwrap()
            );
            match &sol.verdict {
                Verdict::Unknown(_) => {
                    assert_eq!(
                        (&j["verdict"], &j["limit"]),
                        (&json!("unknown"), &json!("nodes"))
                    );
                    assert_eq!(j["moves"], json!([]));
                }
                Verdict::Solved(m) => {
                    assert_eq!(j["verdict"], "solved");
                    assert_eq!(j["moves"].as_array().unwrap().len(), m.len());
                    assert_eq!(j["moves"][0], m[0].to_string());
                    assert!(j.get("limit").is_none(), "{j}");
                }
                Verdict::Unsolvable => {
                    assert_eq!(j["verdict"], "unsolvable");
                    assert!(j.get("limit").is_none(), "{j}");
                }
            }
        }
    }

    #[test]
    fn a_verdict_table_is_keyed_by_verdict() {
        let t = ByVerdict::from_array([[1, 2, 3], [4, 5, 6], [7, 8, 9]].map(ByVerdict::from_array));
        let j = serde_json::to_value(t).unwrap();
        assert_eq!(j["solved"]["unknown"], 3);
        assert_eq!(j["unknown"]["unsolvable"], 8);
        let planner = serde_json::to_value(Planner::from(Budget::new(4, 500))).unwrap();
        assert_eq!(
            planner["ucb1_pulls_per_decision"],
            Budget::new(4, 500).pulls()
        );
        assert_eq!(planner["unknown_sample_value"], UNKNOWN_VALUE);
    }
}
