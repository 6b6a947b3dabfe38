//! `patience winrate VARIANT... [--deals N | --seeds A..B | --retry FILE] [--shard K/N]
//! [--csv FILE [--resume]]`: many seeded deals solved in parallel (see
//! [`patience::tasks::winrate`]), a result row per deal in the CSV file as each
//! finishes, and the summary (a table, or `--json`).
//!
//! Several variants run one after the other on the same seeds, each a parallel pass of its own.
//! With `--pysol` the seeds are PySolFC's game numbers (every variant must be a PySolFC game,
//! checked first); the rows say so (`source` = `pysol`), and a file to resume or retry must be
//! of the same kind: a PySolFC game and our seed of the same number are different deals.
//! `--table-mib` bounds each worker's table (peak memory about J × that), so that the results
//! do not depend on the thread count. Ctrl-C stops cleanly: the deals in flight are dropped (a
//! `--resume` solves them again), every finished row is kept, and the summary of what finished
//! is printed, saying it was interrupted (exit status 1).

use super::outputs::{FileArg, check_outputs};
use super::{Outcome, cancel_flag, rules_of};
use crate::cli::WinrateArgs;
use crate::commands::progress::Progress;
use anyhow::{Result, bail};
use patience::games::Games;
use patience::io::json::RunSummary;
use patience::io::results::{self, ResultFile};
use patience::tasks::winrate::RunLimits;
use patience::tasks::winrate::{self, Plan, Run, Seeds};
use patience::{DealSource, Options, Record};
use std::io::Write;

pub fn run(args: &WinrateArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    run_with(args, games, out, &mut |_| {})
}

/// [`run`], showing `seen` every record the run counts: each row read back from a resumed
/// file, then each deal as it finishes (`patience sweep` pairs them).
pub fn run_with(
    args: &WinrateArgs,
    games: &mut Games,
    out: &mut dyn Write,
    seen: &mut dyn FnMut(&Record),
) -> Result<Outcome> {
    // Everything is checked before the first deal is solved.
    let (plan, options) = plan_of(args, games)?;
    if let Some(csv) = &args.csv {
        let mut inputs: Vec<FileArg> = args
            .variants
            .iter()
            .filter_map(|v| FileArg::of_variant("VARIANT", v))
            .collect();
        inputs.extend(args.retry.as_deref().map(|p| FileArg::new("--retry", p)));
        check_outputs(&inputs, &[FileArg::new("--csv", csv)])?;
    }
    let threads = match args.threads {
        Some(j) => j as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = super::worker_pool(threads)?;
    let cancel = cancel_flag();
    let mut notes = plan.notes(threads, args.solver.table_mib, options.max_nodes);
    let budget = args.planner.budget();
    let mut run = Run::new(&plan);
    let mut file = None;
    if let Some(path) = &args.csv {
        winrate::check_csv(path, args.resume)?;
        if args.resume {
            let (f, rows) = ResultFile::resume(path, games, &mut notes)?;
            if args.verify {
                super::verify_rows(path, &rows, games)?;
            }
            let records = plan.resumed(
                path,
                rows,
                f.records_source(),
                budget,
                &options,
                games,
                &mut notes,
            )?;
            run.read_back(records, seen);
            file = Some(f);
        } else {
            file = Some(ResultFile::create(path)?);
        }
    }

    let mut progress = Progress::new(run.left(), args.quiet);
    for note in &notes {
        progress.note(note);
    }
    run.passes(&pool, &options, budget, cancel, &mut |r, tally| {
        if let Some(f) = file.as_mut() {
            f.append(r)?;
        }
        seen(r);
        progress.done(tally);
        anyhow::Ok(())
    })?;
    progress.finish();

    // The text summary says it was interrupted and how far the run got, so it is said here
    // (on standard error, for a person) only when the summary is JSON: once either way.
    let interrupted = run.interrupted;
    if let Some(note) = run.interrupted_note(args.csv.is_some())
        && args.json
    {
        eprintln!("{note}");
    }
    let limits = RunLimits {
        max_nodes: options.max_nodes,
        timeout: options.timeout.map(|d| d.as_secs_f64()),
        table_mib: args.solver.table_mib,
        prune: args.solver.prune_text(),
        threads,
    };
    let report = run.report(limits, budget, args.csv.as_deref());
    if args.json {
        let json = serde_json::to_string(&RunSummary::from(&report))?;
        writeln!(out, "{json}")?;
    } else {
        report.write_text(out)?;
    }
    Ok(match interrupted {
        true => Outcome::Failure,
        false => Outcome::Success,
    })
}

/// The run's plan and its solver's options, every argument checked.
fn plan_of(args: &WinrateArgs, known: &mut Games) -> Result<(Plan, Options)> {
    let mut games = Vec::new();
    for v in &args.variants {
        let rules = rules_of(known, v)?;
        if games.iter().any(|g: &&patience::Rules| g.id == rules.id) {
            bail!("the variant {} is named twice", rules.id);
        }
        games.push(rules);
    }
    let source = if args.pysol {
        DealSource::Pysol
    } else {
        DealSource::Seed
    };
    if source == DealSource::Pysol {
        // The numbers are checked against PySolFC's (1 to 10^20) below.
        winrate::check_pysol(&games)?;
    }
    let options = args.solver.options()?;
    if let (Some(retry), Some(csv)) = (&args.retry, &args.csv) {
        winrate::check_retry_output(retry, csv)?;
    }
    let retry = match &args.retry {
        Some(path) => {
            winrate::check_retry_knowledge(args.knowledge)?;
            let rows = results::read(path, known)?;
            if args.verify {
                super::verify_rows(path, &rows, known)?;
            }
            let unknown = winrate::unknown_deals(path, rows, &games, source)?;
            Some((path.as_path(), unknown))
        }
        None => None,
    };
    if source == DealSource::Seed {
        if let Some(s) = args.seeds.filter(|s| s.ms) {
            bail!(
                "--seeds {} (written with msN): msN is PySolFC's game number N: add --pysol (our seeds are plain numbers)",
                s.range
            );
        }
        if let Some(n) = args.first_seed.filter(|n| n.ms) {
            bail!(
                "--first-seed ms{}: msN is PySolFC's game number N: add --pysol (our seeds are plain numbers)",
                n.number
            );
        }
    }
    let seeds = Seeds {
        range: args.seeds.map(|s| s.range),
        // PySolFC's games start at 1.
        first: args.first_seed.map(|n| n.number).unwrap_or(match source {
            DealSource::Seed => 0,
            DealSource::Pysol => 1,
        }),
        count: args.deals,
        shard: args.shard,
    };
    let plan = Plan::new(games, source, args.knowledge, seeds, retry)?;
    Ok((plan, options))
}
