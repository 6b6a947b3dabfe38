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
//! `--shards N`, the files are checked as the parts of that run ([`patience::batch::plan`]),
//! and deals with no row are named, per shard, with the command that finishes each (exit 1).

use super::Outcome;
use crate::cli::MergeArgs;
use anyhow::{Context, Result, bail};
use patience::batch::Record;
use patience::batch::merge::combine;
use patience::batch::plan::Plan;
use patience::batch::summary::{Report, Summary, Tally};
use patience::batch::{DealSource, Knowledge};
use patience::hidden::Budget;
use patience::io::json::RunSummary;
use patience::io::results;
use std::io::Write;
use std::path::{Path, PathBuf};

pub fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<Outcome> {
    for path in &args.rules {
        patience::games::load(path)?;
    }
    let files = input_files(&args.files)?;
    if let Some(path) = &args.csv {
        check_output(path, &files)?;
    }
    let mut parts = Vec::new();
    for path in &files {
        let read = results::read(path)?;
        if args.verify {
            super::verify_rows(path, &read)?;
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
    let records = combine(rows, true, &mut notes)?;
    let budget = one_budget(&records, &mut notes)?;
    if let Some(path) = &args.csv {
        results::write_all(path, &records)?;
    }
    let mut tallies: Vec<Tally> = Vec::new();
    for r in &records {
        // `combine` sorts by variant, knowledge and source, so a new triple starts a new tally.
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
    let gaps = match &plan {
        Some(plan) => plan.gaps(&records, &owner),
        None => Vec::new(),
    };
    for gap in &gaps {
        notes.push(gap.text(plan.as_ref().expect("gaps come from a plan")));
    }
    for t in tallies.iter().filter(|_| plan.is_none()) {
        let missing = t.missing_seeds();
        if missing > 0 {
            notes.push(format!(
                "{}: {missing} {}s between {} and {} have no row (a shard missing?)",
                t.variant_text(),
                t.source.number_word(),
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
    let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    let mut scope = format!("{} rows merged from {}", records.len(), names.join(", "));
    for t in &tallies {
        if let (Some(a), Some(b)) = (t.first_seed, t.last_seed) {
            let hidden = if t.knowledge == Knowledge::Hidden {
                " (hidden)"
            } else {
                ""
            };
            let numbers = match t.source {
                DealSource::Seed => "seeds",
                DealSource::Pysol => "PySolFC games",
            };
            scope.push_str(&format!("; {}{hidden} {numbers} {a}..={b}", t.variant));
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

/// The files to merge: each path given, a directory standing for the files in it whose names
/// end in `.csv`, in name order (a directory without one is refused: a wrong path, likely).
fn input_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let name = path.display();
        let mut inside = Vec::new();
        for entry in
            std::fs::read_dir(path).with_context(|| format!("cannot read the directory {name}"))?
        {
            let entry = entry.with_context(|| format!("cannot read the directory {name}"))?;
            let file = entry.path();
            if file.extension().is_some_and(|e| e == "csv") && !file.is_dir() {
                inside.push(file);
            }
        }
        if inside.is_empty() {
            bail!("the directory {name} holds no .csv file to merge");
        }
        inside.sort();
        files.extend(inside);
    }
    Ok(files)
}

/// Refuses an output file that merge must not write: one of the input files (it would be
/// emptied before it is read), a directory, or an existing file that is not empty (merge writes a new file and
/// has no `--resume`: that is `winrate`'s).
fn check_output(path: &Path, inputs: &[PathBuf]) -> Result<()> {
    let name = path.display();
    let same = |input: &PathBuf| {
        input == path
            || matches!(
                (std::fs::canonicalize(input), std::fs::canonicalize(path)),
                (Ok(a), Ok(b)) if a == b
            )
    };
    if inputs.iter().any(same) {
        bail!("--csv {name} is one of the files to merge: write the merged rows to a new file");
    }
    if path.is_dir() {
        bail!("--csv {name} is a directory: give the name of a new file for the merged rows");
    }
    if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        bail!(
            "--csv {name} already exists: merge writes a new file; remove it first or choose another name"
        );
    }
    Ok(())
}

/// The one planner budget of the hidden rows, if they record one. Hidden rows played with
/// different budgets are refused: their rates are not comparable, so one summary cannot hold them.
fn one_budget(records: &[Record], notes: &mut Vec<String>) -> Result<Option<Budget>> {
    let hidden = || records.iter().filter(|r| r.knowledge == Knowledge::Hidden);
    let mut budget: Option<(Budget, &Record)> = None;
    for r in hidden() {
        match (r.budget, budget) {
            (Some(b), None) => budget = Some((b, r)),
            (Some(b), Some((b0, r0))) if b != b0 => bail!(
                "hidden rows played with different planner budgets: {} seed {} with planner {} --samples {} --sample-nodes {}, {} seed {} with planner {} --samples {} --sample-nodes {}; hidden rates are comparable only with the same planner at equal budget, so merge them separately",
                r0.variant,
                r0.seed,
                b0.revision_text(),
                b0.samples,
                b0.sample_nodes,
                r.variant,
                r.seed,
                b.revision_text(),
                b.samples,
                b.sample_nodes
            ),
            _ => {}
        }
    }
    let unrecorded = hidden().filter(|r| r.budget.is_none()).count();
    if unrecorded > 0 {
        notes.push(format!(
            "{unrecorded} hidden rows do not record the planner's budget (files of the first format)"
        ));
    }
    Ok(budget.map(|(b, _)| b))
}
