//! `patience plot CSV... --out FILE.svg [--rules FILE.toml]`: result files as one SVG of win
//! rates and per-deal costs (`patience::show::plot`), each series keyed with its
//! knowledge, deals and budget; the same lines on standard output.

use super::Outcome;
use super::outputs::{FileArg, check_distinct, check_outputs};
use crate::cli::PlotArgs;
use anyhow::{Context, Result, bail};
use patience::games::Games;
use patience::io::results;
use patience::{DealSource, Record};
use patience::{Knowledge, Row};
use std::collections::HashMap;
use std::io::Write;

pub fn run(args: &PlotArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    // An image of another kind by its name would hold SVG text all the same.
    if let Some(ext) = args.out.extension()
        && !ext.eq_ignore_ascii_case("svg")
    {
        anyhow::bail!(
            "--out {}: plot writes an SVG image; give a file name ending in .svg",
            args.out.display()
        );
    }
    let mut inputs: Vec<FileArg> = args.files.iter().map(|p| FileArg::new("CSV", p)).collect();
    check_distinct(&inputs)?;
    inputs.extend(args.rules.iter().map(|p| FileArg::new("--rules", p)));
    check_outputs(&inputs, &[FileArg::new("--out", &args.out)])?;
    for path in &args.rules {
        games.load(path)?;
    }
    let mut files = Vec::new();
    let mut notes = Vec::new();
    for path in &args.files {
        let records = once_each(path, results::read(path, games)?, &mut notes)?;
        // The file's name (not its folder) tells its series apart in the plot.
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        files.push((name, records));
    }
    for note in &notes {
        eprintln!("note: {note}");
    }
    let series = patience::show::plot::series(&files);
    let svg = patience::show::plot::svg(&series)?;
    std::fs::write(&args.out, svg)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    for s in &series {
        let (rate, interval) = s.rate_texts();
        writeln!(out, "{}: {rate} {interval}; {}", s.label, s.about())?;
    }
    writeln!(out, "wrote {}", args.out.display())?;
    Ok(Outcome::Success)
}

/// The records of the rows of one file, each deal counted once: of two rows of one deal in one
/// series (variant, knowledge, deal source, planner budget, seed) with the same result (every
/// column but `seconds`), the first, with a note; with different results, the file is refused.
fn once_each(
    path: &std::path::Path,
    rows: Vec<Row>,
    notes: &mut Vec<String>,
) -> Result<Vec<Record>> {
    type Key = (
        &'static str,
        Knowledge,
        DealSource,
        Option<(u32, u64, u32)>,
        u128,
    );
    let mut seen: HashMap<Key, usize> = HashMap::with_capacity(rows.len());
    let mut kept: Vec<Row> = Vec::with_capacity(rows.len());
    let mut twice = 0usize;
    let mut first = None;
    for row in rows {
        let r = &row.record;
        let budget = r.budget.map(|b| (b.samples, b.sample_nodes, b.revision));
        let key = (r.variant, r.knowledge, r.source, budget, r.seed);
        match seen.get(&key) {
            None => {
                seen.insert(key, kept.len());
                kept.push(row);
            }
            Some(&i) if kept[i].record.same_result(r) => {
                twice += 1;
                first.get_or_insert((row.line, kept[i].line, r.deal_text()));
            }
            Some(&i) => bail!(
                "{}: {} has two different results, line {} and line {}: a result file holds one row per deal, so one of them is wrong",
                path.display(),
                r.deal_text(),
                kept[i].line,
                row.line
            ),
        }
    }
    if let Some((line, line0, deal)) = first {
        notes.push(format!(
            "{}: {twice} repeated row(s) counted once (the first: {deal}, line {line} repeats line {line0})",
            path.display()
        ));
    }
    Ok(kept.into_iter().map(|r| r.record).collect())
}
