//! The plan of a run spread over many machines (`merge --seeds A..B [--shards N]`): which
//! seeds it was asked for and into how many shards it was cut. Against it, the parts of the
//! run are checked (each part holds one shard, no shard comes in two parts, no row lies outside
//! the seeds) and what is still missing is found, per shard, so that it can be finished with
//! `winrate --shard K/N --resume`.

use super::{DealSource, Knowledge, Record, Row, SeedRange, Selection, Shard};
use std::collections::HashMap;

/// The seeds a sharded (or whole) run was asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub range: SeedRange,
    /// The N of `--shard K/N`, when the run was cut into shards.
    pub shards: Option<u64>,
}

/// The files of a run that do not fit its plan.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlanError {
    /// A row whose seed is not among the seeds of the plan.
    #[error(
        "{file} line {line}: {deal} is outside --seeds {range}: a file of another run? merge it without --seeds, or leave it out"
    )]
    Outside {
        file: String,
        line: usize,
        deal: String,
        range: SeedRange,
    },
    /// A file with rows of two shards: not a part of `--shard K/N`.
    #[error(
        "{file} holds deals of shards {a}/{n} (line {line_a}) and {b}/{n} (line {line_b}): with --shards {n} each file is the part of one `winrate --shard K/{n}`; merge other files without --shards"
    )]
    Mixed {
        file: String,
        n: u64,
        a: u64,
        line_a: usize,
        b: u64,
        line_b: usize,
    },
    /// Two files of the same shard: a part given twice, or parts of two runs.
    #[error(
        "{first} and {second} both hold shard {k}/{n}: a part given twice? give each shard's file once (`winrate --resume` finishes a shard in its own file)"
    )]
    Twice {
        first: String,
        second: String,
        k: u64,
        n: u64,
    },
}

/// Deals of the plan with no row: for one game (and knowledge and deal source), in one shard
/// or (without shards) in the whole range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gap {
    pub variant: &'static str,
    pub knowledge: Knowledge,
    pub source: DealSource,
    /// The shard, when the plan has shards.
    pub shard: Option<Shard>,
    /// The file that holds the shard's rows, if any does.
    pub file: Option<String>,
    /// How many of the shard's (or the range's) deals have no row.
    pub missing: u64,
    /// How many deals the shard (or the range) has.
    pub asked: u64,
    /// The first few seeds with no row, in increasing order.
    pub first: Vec<u128>,
}

/// How many missing seeds a [`Gap`] names.
const NAMED: usize = 3;

impl Plan {
    /// The shard of `seed` (a seed of the range).
    fn shard_of(&self, seed: u128, n: u64) -> u64 {
        ((seed - self.range.first) % u128::from(n)) as u64
    }

    fn selection(&self, shard: Option<Shard>) -> Selection {
        Selection {
            range: self.range,
            shard,
        }
    }

    /// Checks the files of the run (each with its rows) against the plan: every row inside
    /// the range and, with shards, each file of one shard and each shard in one file at most.
    /// Returns the file of each shard that has one (empty without shards).
    pub fn check_files(
        &self,
        files: &[(String, Vec<Row>)],
    ) -> Result<HashMap<u64, String>, PlanError> {
        let inside = self.selection(None);
        let mut owner: HashMap<u64, String> = HashMap::new();
        for (file, rows) in files {
            if let Some(row) = rows.iter().find(|r| !inside.contains(r.record.seed)) {
                return Err(PlanError::Outside {
                    file: file.clone(),
                    line: row.line,
                    deal: row.record.deal_text(),
                    range: self.range,
                });
            }
            let Some(n) = self.shards else { continue };
            let Some(first) = rows.first() else { continue };
            let k = self.shard_of(first.record.seed, n);
            if let Some(other) = rows.iter().find(|r| self.shard_of(r.record.seed, n) != k) {
                return Err(PlanError::Mixed {
                    file: file.clone(),
                    n,
                    a: k,
                    line_a: first.line,
                    b: self.shard_of(other.record.seed, n),
                    line_b: other.line,
                });
            }
            if let Some(earlier) = owner.get(&k) {
                return Err(PlanError::Twice {
                    first: earlier.clone(),
                    second: file.clone(),
                    k,
                    n,
                });
            }
            owner.insert(k, file.clone());
        }
        Ok(owner)
    }

    /// The deals of the plan that `records` (merged: one per deal) lack, for each game,
    /// knowledge and deal source they hold, per shard (in shard order) or for the whole range.
    /// `owner` names the file of each shard ([`Plan::check_files`]).
    pub fn gaps(&self, records: &[Record], owner: &HashMap<u64, String>) -> Vec<Gap> {
        type Group = (&'static str, Knowledge, DealSource);
        let mut groups: Vec<(Group, Vec<u128>)> = Vec::new();
        for r in records {
            let key = (r.variant, r.knowledge, r.source);
            match groups.iter_mut().find(|(g, _)| *g == key) {
                Some((_, seeds)) => seeds.push(r.seed),
                None => groups.push((key, vec![r.seed])),
            }
        }
        let shards: Vec<Option<Shard>> = match self.shards {
            None => vec![None],
            Some(n) => (0..n.min(self.range.count))
                .map(|index| Some(Shard { index, count: n }))
                .collect(),
        };
        let mut gaps = Vec::new();
        for ((variant, knowledge, source), mut seeds) in groups {
            seeds.sort_unstable();
            seeds.dedup();
            // The seeds of each shard, in increasing order.
            let mut of_shard: HashMap<Option<u64>, Vec<u128>> = HashMap::new();
            for &s in &seeds {
                let k = self.shards.map(|n| self.shard_of(s, n));
                of_shard.entry(k).or_default().push(s);
            }
            for &shard in &shards {
                let selection = self.selection(shard);
                let present = of_shard
                    .get(&shard.map(|s| s.index))
                    .map_or(&[][..], Vec::as_slice);
                let asked = selection.len();
                let missing = asked - present.len() as u64;
                if missing == 0 {
                    continue;
                }
                // The first missing seeds: walk the shard's seeds beside the present ones,
                // which ends after at most `present.len() + NAMED` seeds.
                let mut first = Vec::new();
                let mut have = present.iter().peekable();
                for seed in selection.seeds() {
                    if have.peek() == Some(&&seed) {
                        have.next();
                    } else {
                        first.push(seed);
                        if first.len() == NAMED {
                            break;
                        }
                    }
                }
                gaps.push(Gap {
                    variant,
                    knowledge,
                    source,
                    shard,
                    file: shard.and_then(|s| owner.get(&s.index).cloned()),
                    missing,
                    asked,
                    first,
                });
            }
        }
        gaps
    }
}

impl Gap {
    /// The gap in words, with the command that fills it: `stonewall: shard 2/4
    /// (parts/part-2.csv) lacks 3 of 10 deals (seeds 6, 14, 22): finish it with ...`.
    pub fn text(&self, plan: &Plan) -> String {
        let numbers = match self.source {
            DealSource::Seed => "seeds",
            DealSource::Pysol => "PySolFC games",
        };
        let mut listed: Vec<String> = self.first.iter().map(u128::to_string).collect();
        if self.missing > self.first.len() as u64 {
            listed.push("...".to_string());
        }
        let mut what = self.variant.to_string();
        let mut flags = String::new();
        if self.knowledge == Knowledge::Hidden {
            what.push_str(" (hidden)");
            flags.push_str(" --knowledge hidden");
        }
        if self.source == DealSource::Pysol {
            flags.push_str(" --pysol");
        }
        let lacks = format!(
            "lacks {} of {} deals ({numbers} {})",
            self.missing,
            self.asked,
            listed.join(", ")
        );
        let command = format!(
            "patience winrate {}{flags} --seeds {}",
            self.variant, plan.range
        );
        match (self.shard, &self.file) {
            (None, _) => format!(
                "{what}: --seeds {} {lacks}: run them with `{command} --csv FILE --resume` (the file that holds the others) and the same limits",
                plan.range
            ),
            (Some(s), Some(file)) => format!(
                "{what}: shard {s} ({file}) {lacks}: finish it with `{command} --shard {s} --csv {file} --resume` and the same limits"
            ),
            (Some(s), None) => format!(
                "{what}: shard {s} has no file: {lacks}; run it with `{command} --shard {s} --csv FILE` and the same limits"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Answer;

    fn row(line: usize, seed: u128) -> Row {
        Row {
            line,
            record: Record::new("stonewall", seed, Answer::Lost, 5, 0.0),
        }
    }

    fn plan(first: u128, count: u64, shards: Option<u64>) -> Plan {
        Plan {
            range: SeedRange::new(first, count).unwrap(),
            shards,
        }
    }

    #[test]
    fn each_part_holds_one_shard_and_each_shard_one_part() {
        let p = plan(10, 8, Some(4));
        let part = |k: u64| {
            let k = u128::from(k);
            (format!("p{k}"), vec![row(2, 10 + k), row(3, 14 + k)])
        };
        let owner = p.check_files(&[part(0), part(2)]).unwrap();
        assert_eq!(owner.get(&2).map(String::as_str), Some("p2"));
        assert_eq!(owner.len(), 2);
        let twice = p.check_files(&[part(1), part(0), part(1)]).unwrap_err();
        assert!(
            matches!(twice, PlanError::Twice { k: 1, n: 4, .. }),
            "{twice}"
        );
        let mixed = ("m".to_string(), vec![row(2, 11), row(3, 12)]);
        let err = p.check_files(&[mixed]).unwrap_err();
        assert!(
            matches!(
                err,
                PlanError::Mixed {
                    a: 1,
                    b: 2,
                    line_b: 3,
                    ..
                }
            ),
            "{err}"
        );
        let outside = ("o".to_string(), vec![row(2, 9)]);
        assert!(matches!(
            p.check_files(&[outside]).unwrap_err(),
            PlanError::Outside { line: 2, .. }
        ));
        // Without shards, a file may hold any seeds of the range, and two files the same.
        let whole = plan(10, 8, None);
        let owner = whole.check_files(&[part(1), part(1), ("x".into(), vec![row(2, 17)])]);
        assert!(owner.unwrap().is_empty());
        assert!(
            whole
                .check_files(&[("x".into(), vec![row(2, 18)])])
                .is_err()
        );
    }

    #[test]
    fn gaps_name_the_shard_its_file_and_its_first_missing_seeds() {
        let p = plan(10, 10, Some(4));
        // Shard 0 (10, 14, 18) lacks 18; shard 1 (11, 15, 19) is whole; shard 2 (12, 16)
        // lacks both; shard 3 (13, 17) has no row at all.
        let records: Vec<Record> = [10, 14, 11, 15, 19]
            .iter()
            .map(|&s| row(2, s).record)
            .collect();
        let owner = HashMap::from([(0, "p0".to_string()), (1, "p1".to_string())]);
        let gaps = p.gaps(&records, &owner);
        // (shard, file, missing, asked, first missing seeds)
        type Seen<'a> = (u64, Option<&'a str>, u64, u64, Vec<u128>);
        let got: Vec<Seen> = gaps
            .iter()
            .map(|g| {
                (
                    g.shard.unwrap().index,
                    g.file.as_deref(),
                    g.missing,
                    g.asked,
                    g.first.clone(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (0, Some("p0"), 1, 3, vec![18]),
                (2, None, 2, 2, vec![12, 16]),
                (3, None, 2, 2, vec![13, 17]),
            ]
        );
        let text = gaps[0].text(&p);
        assert!(
            text.contains("shard 0/4 (p0) lacks 1 of 3 deals (seeds 18)")
                && text.contains("--seeds 10..20 --shard 0/4 --csv p0 --resume"),
            "{text}"
        );
        // Without shards: the whole range, the first three missing seeds named.
        let whole = plan(10, 10, None);
        let gaps = whole.gaps(&records, &HashMap::new());
        assert_eq!(gaps.len(), 1);
        assert_eq!(
            (gaps[0].missing, gaps[0].first.clone()),
            (5, vec![12, 13, 16])
        );
        assert!(gaps[0].text(&whole).contains("(seeds 12, 13, 16, ...)"));
        // Every deal there: no gap.
        let all: Vec<Record> = (10..20).map(|s| row(2, s).record).collect();
        assert!(p.gaps(&all, &owner).is_empty());
        assert!(whole.gaps(&all, &HashMap::new()).is_empty());
    }
}
