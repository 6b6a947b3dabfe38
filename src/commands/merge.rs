//! `patience merge FILES... [--csv OUT] [--json]`: the result files of several runs (the
//! shards of one run, typically) as one: their summary, and optionally the merged rows.
//!
//! Every file must be whole (a damaged last line is refused: `winrate --resume` repairs it).
//! A deal (variant, seed) found twice with the same result (every column but `seconds`) is kept
//! once, with a note on standard error, since that is what running a shard twice gives; found
//! twice with different results, it is refused, naming both rows. The merged rows are sorted by
//! variant (in the order of `patience variants`) and seed. The CSV does not record the limits
//! or the wall-clock time of a run, so the summary has neither (no deals per second).

use super::Outcome;
use crate::batch::Knowledge;
use crate::batch::csvfile::{self, combine};
use crate::batch::summary::{Report, Summary, Tally};
use crate::cli::MergeArgs;
use anyhow::Result;
use std::io::Write;

pub fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<Outcome> {
    let mut rows = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        rows.extend(csvfile::read(path)?.into_iter().map(|r| (name.clone(), r)));
    }
    let mut notes = Vec::new();
    let records = combine(rows, &mut notes)?;
    if let Some(path) = &args.csv {
        csvfile::write_all(path, &records)?;
    }
    let mut tallies: Vec<Tally> = Vec::new();
    for r in &records {
        // `combine` sorts by variant and knowledge, so a new pair starts a new tally.
        match tallies.last_mut() {
            Some(t) if t.variant == r.variant && t.knowledge == r.knowledge => t.add(r),
            _ => {
                let mut t = Tally::of(r.variant, r.knowledge);
                t.add(r);
                tallies.push(t);
            }
        }
    }
    for t in &tallies {
        let missing = t.missing_seeds();
        if missing > 0 {
            notes.push(format!(
                "{}: {missing} seeds between {} and {} have no row (a shard missing?)",
                t.variant,
                t.first_seed.expect("a row"),
                t.last_seed.expect("a row")
            ));
        }
    }
    if records.is_empty() {
        notes.push("the files hold no result rows".to_string());
    }
    for note in &notes {
        eprintln!("note: {note}");
    }
    let names: Vec<String> = args.files.iter().map(|p| p.display().to_string()).collect();
    let mut scope = format!("{} rows merged from {}", records.len(), names.join(", "));
    for t in &tallies {
        if let (Some(a), Some(b)) = (t.first_seed, t.last_seed) {
            let hidden = if t.knowledge == Knowledge::Hidden {
                " (hidden)"
            } else {
                ""
            };
            scope.push_str(&format!("; {}{hidden} seeds {a}..={b}", t.variant));
        }
    }
    let report = Report {
        summaries: tallies
            .into_iter()
            .map(|tally| Summary { tally, speed: None })
            .collect(),
        limits: None,
        scope,
        interrupted: None,
        planner: None,
    };
    if args.json {
        writeln!(out, "{}", report.json())?;
    } else {
        report.write_text(out)?;
    }
    Ok(Outcome::Success)
}
