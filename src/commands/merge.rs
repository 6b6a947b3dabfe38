//! `patience merge FILES... [--csv OUT] [--json]`: the result files of several runs (the
//! shards of one run, typically) as one: their summary, and optionally the merged rows.
//!
//! Every file must be whole (a damaged last line is refused: `winrate --resume` repairs it).
//! A deal (variant, seed) found twice with the same result (every column but `seconds`) is kept
//! once, with a note on standard error, since that is what running a shard twice gives; found
//! twice with different results, it is refused, naming both rows. Except: a thoughtful
//! `unknown` row gives way to a decided row of the same deal (what `winrate --retry` with a
//! larger budget gives), and of two unknown rows the longer search is kept, with a note. The
//! merged rows are sorted by variant (in the order of `patience variants`) and seed. The CSV
//! does not record the limits or the wall-clock time of a run, so the summary has neither (no
//! deals per second). Hidden rows must share one planner budget (the summary prints it).
//! Rows of PySolFC's game numbers (`source` = `pysol`) and of our seeds are different deals:
//! the same number in both is two deals, kept apart, each set with its own line of the summary
//! (`stonewall (PySolFC)`).
//!
//! A directory given stands for its `.csv` files. With `--seeds A..B` (the run's plan) and
//! `--shards N`, the files are checked as the parts of that run ([`patience::tasks::merge::Plan`]),
//! and deals with no row are named, per shard, with the command that finishes each (exit 1).

use super::Outcome;
use super::outputs::{FileArg, check_distinct, check_outputs};
use crate::cli::MergeArgs;
use anyhow::Result;
use patience::games::Games;
use patience::io::json::RunSummary;
use patience::io::results;
use patience::tasks::merge::{Plan, Report, Summary, Tally, combine, one_budget, tallies};
use std::io::Write;

pub fn run(args: &MergeArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    for path in &args.rules {
        games.load(path)?;
    }
    let files = results::csv_files(&args.files)?;
    let mut inputs: Vec<FileArg> = files.iter().map(|p| FileArg::new("FILES", p)).collect();
    check_distinct(&inputs)?;
    if let Some(path) = &args.csv {
        inputs.extend(args.rules.iter().map(|p| FileArg::new("--rules", p)));
        check_outputs(&inputs, &[FileArg::new("--csv", path)])?;
        results::check_new_output(path)?;
    }
    let mut parts = Vec::new();
    for path in &files {
        let read = results::read(path, games)?;
        if args.verify {
            super::verify_rows(path, &read, games)?;
        }
        parts.push((path.display().to_string(), read));
    }
    let plan = args.seeds.map(|range| Plan {
        range,
        shards: args.shards,
    });
    let owner = match &plan {
        Some(plan) => plan.check_files(&parts)?,
        None => Default::default(),
    };
    let rows = parts
        .into_iter()
        .flat_map(|(name, rows)| rows.into_iter().map(move |r| (name.clone(), r)))
        .collect();
    let mut notes = Vec::new();
    let records = combine(rows, true, games, &mut notes)?;
    let budget = one_budget(&records, &mut notes)?;
    if let Some(path) = &args.csv {
        results::write_all(path, &records)?;
    }
    let tallies = tallies(&records);
    let gaps = match &plan {
        Some(plan) => plan.gaps(&records, &owner),
        None => Vec::new(),
    };
    for gap in &gaps {
        notes.push(gap.text(plan.as_ref().expect("gaps come from a plan")));
    }
    if plan.is_none() {
        notes.extend(tallies.iter().filter_map(Tally::gap_note));
    }
    if records.is_empty() {
        notes.push("the files hold no result rows".to_string());
    }
    for note in &notes {
        eprintln!("note: {note}");
    }
    let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    let mut scope = format!("{} rows merged from {}", records.len(), names.join(", "));
    for range in tallies.iter().filter_map(Tally::range_text) {
        scope.push_str(&format!("; {range}"));
    }
    let report = Report {
        summaries: tallies
            .into_iter()
            .map(|tally| Summary { tally, speed: None })
            .collect(),
        limits: None,
        scope,
        interrupted: None,
        planner: budget,
    };
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&RunSummary::from(&report))?
        )?;
    } else {
        report.write_text(out)?;
    }
    Ok(if gaps.is_empty() {
        Outcome::Success
    } else {
        Outcome::Failure
    })
}
