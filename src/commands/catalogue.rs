//! `patience catalogue GAME --seeds A..B | --pysol A..B [--grade G] [--winnable] [--csv F]
//! [--json F] [--resume] [--shard K/N]`: every deal of a range measured and graded
//! (docs/difficulty.md, [`patience::tasks::catalogue`]), a row per deal, and the grades'
//! distribution. The CSV file gets each row as its deal finishes and, at the end, the rows in
//! number order (those --grade and --winnable keep), so that it does not depend on the thread
//! count; --resume continues it.

use super::outputs::{FileArg, check_outputs, check_writable};
use super::progress::Progress;
use super::{Outcome, cancel_flag, rules_of};
use crate::cli::CatalogueArgs;
use anyhow::{Result, bail};
use patience::Budget;
use patience::DealSource;
use patience::Selection;
use patience::games::Games;
use patience::io::catalogue::{self, CatalogueFile};
use patience::tasks::catalogue::{Budgets, defaults, measure_game};
use patience::tasks::catalogue::{DealRow, Thoughtful};
use std::collections::HashSet;
use std::io::Write;
use std::time::Instant;

pub fn run(args: &CatalogueArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let outputs: Vec<FileArg> = [
        args.csv.as_deref().map(|p| FileArg::new("--csv", p)),
        args.json.as_deref().map(|p| FileArg::new("--json", p)),
    ]
    .into_iter()
    .flatten()
    .collect();
    let inputs: Vec<FileArg> = FileArg::of_variant("VARIANT", &args.variant)
        .into_iter()
        .collect();
    check_outputs(&inputs, &outputs)?;
    for out in &outputs {
        check_writable(out)?;
    }
    let rules = rules_of(games, &args.variant)?;
    let (source, range) = match (args.seeds, args.pysol) {
        (Some(r), _) => (DealSource::Seed, r),
        (None, Some(r)) => (DealSource::Pysol, r),
        (None, None) => unreachable!("clap requires --seeds or --pysol"),
    };
    let selection = Selection {
        range,
        shard: args.shard,
    };
    if source == DealSource::Pysol {
        patience::pysol_game(rules)?;
        if selection.contains(0) {
            bail!("--pysol: 0 is no PySolFC game number: its games start at 1");
        }
    }
    if selection.is_empty() {
        bail!("{selection} holds no deal");
    }
    let d = defaults(rules.id);
    let budgets = Budgets {
        max_nodes: args.max_nodes.unwrap_or(d.max_nodes),
        planner: Budget::new(
            args.samples.unwrap_or(d.samples),
            args.sample_nodes.unwrap_or(d.sample_nodes),
        ),
        plays: args.plays.unwrap_or(d.plays),
        probe_nodes: args.probe_nodes.unwrap_or(d.probe_nodes),
        table_bytes: (args.table_mib as usize) << 20,
    };
    let (mut file, mut rows) = match &args.csv {
        Some(path) => {
            let (file, rows) = CatalogueFile::open(path, args.resume, games)?;
            let like = budgets.row(rules.id, source);
            let name = path.display().to_string();
            let rows = catalogue::check_resumed(&name, rows, &like)?;
            if args.verify {
                verify_rows(&name, rules, &rows)?;
            }
            (Some(file), rows)
        }
        None => (None, Vec::new()),
    };
    let done: HashSet<u128> = rows.iter().map(|r| r.seed).collect();
    let threads = match args.threads {
        Some(j) => j as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = super::worker_pool(threads)?;
    let t0 = Instant::now();
    let seeds = selection.seeds().filter(move |s| !done.contains(s));
    let left = selection.len() - rows.iter().filter(|r| selection.contains(r.seed)).count() as u64;
    let mut progress = Progress::new(left, args.quiet);
    let mut counts = [0u64; 3];
    let mut on_row = |r: DealRow| -> Result<()> {
        if let Some(f) = file.as_mut() {
            f.append(&r)?;
        }
        counts[match r.verdict {
            Thoughtful::Solved => 0,
            Thoughtful::Unsolvable => 1,
            Thoughtful::Unknown => 2,
        }] += 1;
        progress.done_with(format!(
            "{}: {} proved winnable, {} not, {} unknown",
            rules.id, counts[0], counts[1], counts[2]
        ));
        rows.push(r);
        Ok(())
    };
    let cancel = cancel_flag();
    let end = measure_game(
        rules,
        &pool,
        &budgets,
        source,
        Box::new(seeds),
        cancel,
        &mut on_row,
    )??;
    progress.finish();
    let wall = t0.elapsed().as_secs_f64();
    rows.sort_by_key(|r| r.seed);
    if !end.cancelled {
        write_files(args, file, &rows)?;
    }
    let counted: Vec<DealRow> = rows
        .into_iter()
        .filter(|r| selection.contains(r.seed))
        .collect();
    let numbers = selection.text_for(source);
    writeln!(out, "{}: {numbers}", rules.id)?;
    catalogue::write_summary(out, &counted, games)?;
    writeln!(
        out,
        "budgets: --max-nodes {} --probe-nodes {} --samples {} --sample-nodes {} --plays {} (planner revision {}); {} deals measured now in {wall:.1} s on {threads} threads",
        budgets.max_nodes,
        budgets.probe_nodes,
        budgets.planner.samples,
        budgets.planner.sample_nodes,
        budgets.plays,
        budgets.planner.revision,
        end.done
    )?;
    if end.cancelled {
        writeln!(
            out,
            "interrupted: the CSV file keeps the rows, --resume goes on"
        )?;
        return Ok(Outcome::Failure);
    }
    Ok(Outcome::Success)
}

/// Ends a finished run: the rows --winnable and --grade keep, in number order, written again
/// to the CSV file and to the JSON file.
fn write_files(args: &CatalogueArgs, file: Option<CatalogueFile>, rows: &[DealRow]) -> Result<()> {
    let kept: Vec<DealRow> = rows
        .iter()
        .filter(|r| !args.winnable || r.verdict == Thoughtful::Solved)
        .filter(|r| args.grade.is_none_or(|g| r.grade == g))
        .cloned()
        .collect();
    if let Some(f) = file {
        f.finish(&kept)?;
    }
    if let Some(path) = &args.json {
        catalogue::write_json(path, &kept)?;
    }
    Ok(())
}

/// With `--verify`: every win the rows of the resumed file `name` claim, replayed on its real
/// deal; the first whose solution does not win is refused, naming the file and the deal.
fn verify_rows(name: &str, rules: &'static patience::Rules, rows: &[DealRow]) -> Result<()> {
    for r in rows {
        if let Some(solution) = &r.solution
            && let Err(why) =
                patience::tasks::verify::replay_solution(rules, r.source, r.seed, solution)
        {
            bail!(
                "{name}: {} claims a win that --verify cannot replay: {why}",
                r.deal_text()
            );
        }
    }
    Ok(())
}
