//! `patience winrate VARIANT... [--deals N | --seeds A..B | --retry FILE] [--shard K/N]
//! [--csv FILE [--resume]]`: many seeded deals solved in parallel (see [`patience::batch`]), a
//! result row per deal in the CSV file as each finishes, and the summary (a table, or
//! `--json`).
//!
//! Several variants run one after the other on the same seeds, each a parallel pass of its own.
//! With `--pysol` the seeds are PySolFC's game numbers (every variant must be a PySolFC game,
//! checked first); the rows say so (`source` = `pysol`), and a file to resume or retry must be
//! of the same kind: a PySolFC game and our seed of the same number are different deals.
//! `--table-mib` bounds each worker's table (peak memory about J × that), so that the results
//! do not depend on the thread count. Ctrl-C stops cleanly: the deals in flight are dropped (a
//! `--resume` solves them again), every finished row is kept, and the summary of what finished
//! is printed, saying it was interrupted (exit status 1).

use super::{Outcome, cancel_flag, for_variant, rules_of};
use crate::cli::WinrateArgs;
use crate::commands::progress::Progress;
use anyhow::{Result, bail};
use patience::Budget;
use patience::combine;
use patience::internal::batch::run::{PassEnd, play_all, solve_all};
use patience::internal::batch::summary::{Interrupted, Report, RunLimits, Summary, Tally};
use patience::internal::batch::{Answer, DealSource, Knowledge, Record, Row, SeedRange, Selection};
use patience::internal::solve::{Limit, Options};
use patience::io::json::RunSummary;
use patience::io::results::{self, ResultFile};
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;

pub fn run(args: &WinrateArgs, out: &mut dyn Write) -> Result<Outcome> {
    run_with(args, out, &mut |_| {})
}

/// [`run`], showing `seen` every record the run counts: each row read back from a resumed
/// file, then each deal as it finishes (`patience sweep` pairs them).
pub fn run_with(
    args: &WinrateArgs,
    out: &mut dyn Write,
    seen: &mut dyn FnMut(&Record),
) -> Result<Outcome> {
    // Everything is checked before the first deal is solved.
    let mut ids: Vec<&'static str> = Vec::new();
    for v in &args.variants {
        let id = rules_of(v)?.id;
        if ids.contains(&id) {
            bail!("the variant {id} is named twice");
        }
        ids.push(id);
    }
    let source = if args.pysol {
        DealSource::Pysol
    } else {
        DealSource::Seed
    };
    if source == DealSource::Pysol {
        // The numbers are checked against PySolFC's (1 to 10^20) below.
        for v in &args.variants {
            patience::internal::pysol::pysol_game(rules_of(v)?).map_err(|e| {
                anyhow::anyhow!("--pysol: {e}: its deals have no PySolFC game number")
            })?;
        }
    }
    let options = args.solver.options()?;
    if let (Some(retry), Some(csv)) = (&args.retry, &args.csv)
        && same_file(retry, csv)
    {
        bail!(
            "--retry {} --csv {}: the new rows of the retried deals would sit beside their unknown rows in one file; write them to another file and `patience merge` the two",
            retry.display(),
            csv.display()
        );
    }
    let retry = match &args.retry {
        Some(path) => Some(unknown_deals(
            path,
            &ids,
            args.knowledge,
            source,
            args.verify,
        )?),
        None => None,
    };
    let range = match (args.seeds, &retry) {
        (Some(r), _) => r,
        (None, Some(unknown)) => {
            let first = unknown.iter().map(|&(_, s)| s).min().expect("not empty");
            let last = unknown.iter().map(|&(_, s)| s).max().expect("not empty");
            let count = u64::try_from(last - first + 1).map_err(|_| {
                anyhow::anyhow!("the unknown deals span more than 2^64 - 1 numbers: give --seeds")
            })?;
            SeedRange::new(first, count).map_err(anyhow::Error::msg)?
        }
        (None, None) => SeedRange::new(args.first_seed, args.deals).map_err(anyhow::Error::msg)?,
    };
    let selection = Selection {
        range,
        shard: args.shard,
    };
    if source == DealSource::Pysol && selection.contains(0) {
        bail!(
            "--pysol: 0 is no PySolFC game number (PySolFC says \"Invalid game number\"): its games start at 1 (--first-seed 1, or --seeds 1..N)"
        );
    }
    if let Err(why) = source.check_number(range.last()) {
        match source {
            DealSource::Seed => bail!(
                "{selection}: {why} (PySolFC's game numbers, which go on to {}, take --pysol)",
                patience::internal::pysol::MAX_NUMBER
            ),
            DealSource::Pysol => bail!("--pysol {selection}: {why}"),
        }
    }
    if selection.is_empty() {
        bail!("{selection} holds no seed");
    }
    // The deals this run asks for, per variant: the selection's seeds, or with --retry those
    // of them that the file records as unknown.
    let asks = |id: &'static str, seed: u128| {
        retry
            .as_ref()
            .is_none_or(|unknown| unknown.contains(&(id, seed)))
    };
    let threads = match args.threads {
        Some(j) => j as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("winrate-{i}"))
        .build()?;
    let cancel = cancel_flag();

    let mut notes = Vec::new();
    // In hidden play the shortcut's table is given back before the planner's two (its
    // samples', at most 64 MiB, and its last solve's, at most 1 GiB) are used, and each is at
    // most --table-mib: a worker holds at most --table-mib plus the samples' table.
    let planner_mib = match args.knowledge {
        Knowledge::Hidden => {
            (patience::internal::hidden::planner::PLANNER_TABLE_BYTES >> 20) as u64
        }
        Knowledge::Thoughtful => 0,
    };
    memory_check(threads, args.solver.table_mib, planner_mib, &mut notes);
    if args.knowledge == Knowledge::Hidden {
        notes.push(format!(
            "note: --max-nodes {} bounds each thoughtful solve (the exact shortcut); a hidden game's nodes count all of its solves, the planner's too, so they can pass it",
            options.max_nodes
        ));
        for &id in &ids {
            let rules = rules_of(id)?;
            if !for_variant!(rules, <V(v), 'a>() -> bool => patience::internal::hidden::game_hides_cards::<V>(v))?
            {
                notes.push(format!(
                    "{id} hides no card: hidden play equals thoughtful play, its thoughtful verdicts are reused"
                ));
            }
        }
    }
    let knowledge = args.knowledge;
    let budget = args.planner.budget();
    let hidden_budget = (knowledge == Knowledge::Hidden).then_some(budget);
    let mut tallies: Vec<Tally> = ids
        .iter()
        .map(|&id| Tally::of(id, knowledge).from_source(source))
        .collect();
    let asked = match &retry {
        None => selection
            .len()
            .checked_mul(ids.len() as u64)
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "{selection} for {} variants is more than 2^64 deals: run fewer seeds or variants at a time",
                    ids.len()
                )
            })?,
        Some(unknown) => unknown
            .iter()
            .filter(|&&(_, s)| selection.contains(s))
            .count() as u64,
    };
    if asked == 0 {
        bail!(
            "{} records no unknown deal among {selection}: nothing to solve again",
            args.retry
                .as_ref()
                .expect("only --retry asks for nothing")
                .display()
        );
    }
    let mut done: HashSet<(&'static str, u128)> = HashSet::new();
    let (mut file, read_back) = match &args.csv {
        None => (None, 0),
        Some(path) if args.resume => {
            if path.is_dir() {
                bail!(
                    "{} is a directory: --csv --resume takes a result file of `winrate --csv`",
                    path.display()
                );
            }
            let (file, rows) = ResultFile::resume(path, &mut notes)?;
            if args.verify {
                super::verify_rows(path, &rows)?;
            }
            if let Some(row) = rows.iter().find(|r| r.record.source != source) {
                bail!("{}", other_source(path, row, source));
            }
            if source == DealSource::Pysol && !file.records_source() {
                bail!(
                    "{} has no \"source\" column (a file of an earlier version), so it cannot record PySolFC's game numbers: use another file",
                    path.display()
                );
            }
            let records = check_resumed(
                path,
                rows,
                &ids,
                hidden_budget,
                &selection,
                &options,
                &mut notes,
            )?;
            // With --retry, rows of deals not asked for stay in the file and are not counted.
            let records: Vec<Record> = records
                .into_iter()
                .filter(|r| asks(r.variant, r.seed))
                .collect();
            for r in &records {
                let i = ids.iter().position(|&id| id == r.variant).expect("checked");
                tallies[i].add(r);
                seen(r);
                done.insert((r.variant, r.seed));
            }
            (Some(file), records.len() as u64)
        }
        Some(path) => {
            if path.is_dir() {
                bail!(
                    "{} is a directory: --csv takes the name of a result file to create",
                    path.display()
                );
            }
            (Some(ResultFile::create(path)?), 0)
        }
    };

    let progress = Progress::new(asked - read_back, args.quiet);
    for note in &notes {
        progress.note(note);
    }
    let mut speeds = vec![None; ids.len()];
    let mut interrupted = false;
    for (i, &id) in ids.iter().enumerate() {
        let done = &done;
        // With --retry, the unknown deals themselves in increasing order (not every seed of
        // the range from the first to the last, which may be nearly 2^64 seeds).
        let seeds: Box<dyn Iterator<Item = u128> + Send> = match &retry {
            Some(unknown) => {
                let mut list: Vec<u128> = unknown
                    .iter()
                    .filter(|&&(v, s)| v == id && selection.contains(s))
                    .map(|&(_, s)| s)
                    .collect();
                list.sort_unstable();
                Box::new(list.into_iter())
            }
            None => Box::new(selection.seeds()),
        };
        let seeds = seeds.filter(move |&seed| !done.contains(&(id, seed)));
        let tally = &mut tallies[i];
        let (file, progress) = (&mut file, &progress);
        let mut on_record = |r: Record| -> Result<()> {
            if let Some(f) = file.as_mut() {
                f.append(&r)?;
            }
            tally.add(&r);
            seen(&r);
            progress.done(tally);
            Ok(())
        };
        let end = match knowledge {
            Knowledge::Thoughtful => for_variant!(rules_of(id)?, <V(v), 'a>(
                    pool: &'a rayon::ThreadPool = &pool,
                    options: &'a Options = &options,
                    source: DealSource = source,
                    seeds: Box<dyn Iterator<Item = u128> + Send + 'a> = Box::new(seeds),
                    cancel: &'a AtomicBool = cancel,
                    on_record: &'a mut dyn FnMut(Record) -> Result<()> = &mut on_record,
                ) -> Result<PassEnd> => solve_all::<V, _, anyhow::Error>(v, pool, options, source, seeds, cancel, on_record))??,
            Knowledge::Hidden => for_variant!(rules_of(id)?, <V(v), 'a>(
                    pool: &'a rayon::ThreadPool = &pool,
                    options: &'a Options = &options,
                    budget: Budget = budget,
                    source: DealSource = source,
                    seeds: Box<dyn Iterator<Item = u128> + Send + 'a> = Box::new(seeds),
                    cancel: &'a AtomicBool = cancel,
                    on_record: &'a mut dyn FnMut(Record) -> Result<()> = &mut on_record,
                ) -> Result<PassEnd> => play_all::<V, _, anyhow::Error>(v, pool, options, budget, source, seeds, cancel, on_record))??,
        };
        speeds[i] = Some((end.done, end.wall));
        if end.cancelled {
            interrupted = true;
            break;
        }
    }
    progress.finish();

    // The text summary says it was interrupted and how far the run got, so it is said here
    // (on standard error, for a person) only when the summary is JSON: once either way.
    let finished: u64 = tallies.iter().map(Tally::deals).sum();
    if interrupted && args.json {
        eprintln!(
            "interrupted: {finished} of {asked} deals finished; the summary covers those{}",
            if args.csv.is_some() {
                ", and --resume continues the CSV file"
            } else {
                ""
            }
        );
    }
    let mut scope = match source {
        DealSource::Seed => selection.to_string(),
        DealSource::Pysol => selection
            .to_string()
            .replacen("seeds", "PySolFC game numbers", 1),
    };
    if let Some(path) = &args.retry {
        scope.push_str(&format!(
            ", only the {asked} deals that {} records as unknown",
            path.display()
        ));
    }
    if read_back > 0 {
        scope.push_str(&format!(
            " ({read_back} deals read back from {})",
            args.csv.as_ref().expect("resumed").display()
        ));
    }
    let report = Report {
        summaries: tallies
            .into_iter()
            .zip(speeds)
            .map(|(tally, speed)| Summary {
                tally,
                speed: Some(speed.unwrap_or((0, 0.0))),
            })
            .collect(),
        limits: Some(RunLimits {
            max_nodes: options.max_nodes,
            timeout: options.timeout.map(|d| d.as_secs_f64()),
            table_mib: args.solver.table_mib,
            prune: args.solver.prune_text(),
            threads,
        }),
        scope,
        interrupted: interrupted.then_some(Interrupted {
            done: finished,
            asked,
            csv: args.csv.is_some(),
        }),
        planner: hidden_budget,
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
    Ok(if interrupted {
        Outcome::Failure
    } else {
        Outcome::Success
    })
}

/// The deals (variant, seed) of the variants `ids` that a result file records as unknown in
/// thoughtful play (`winrate --retry`); refused for hidden play, for a file whose rows are of
/// another deal source than `source` (PySolFC's game numbers or our seeds), and when there are
/// none.
fn unknown_deals(
    path: &Path,
    ids: &[&'static str],
    knowledge: Knowledge,
    source: DealSource,
    verify: bool,
) -> Result<HashSet<(&'static str, u128)>> {
    if knowledge == Knowledge::Hidden {
        bail!(
            "--retry solves again the unknown verdicts of thoughtful play; a hidden-play deal always ends won or lost"
        );
    }
    let rows = results::read(path)?;
    if verify {
        super::verify_rows(path, &rows)?;
    }
    if let Some(row) = rows.iter().find(|r| r.record.source != source) {
        bail!("{}", other_source(path, row, source));
    }
    let unknown: HashSet<(&'static str, u128)> = rows
        .into_iter()
        .map(|row| row.record)
        .filter(|r| {
            r.knowledge == Knowledge::Thoughtful
                && matches!(r.answer, Answer::Unknown(_))
                && ids.contains(&r.variant)
        })
        .map(|r| (r.variant, r.seed))
        .collect();
    if unknown.is_empty() {
        bail!(
            "{} records no unknown thoughtful deal of {}: nothing to solve again",
            path.display(),
            ids.join(" ")
        );
    }
    Ok(unknown)
}

/// The rows of a resumed file that count for this run. Refused: rows of a variant this run
/// does not ask for, rows of the other knowledge, hidden rows of another planner or budget (or
/// that do not record them), and a deal with two different results. Noted: identical duplicates (kept
/// once), rows outside the seeds asked for (kept in the file, not counted), and rows that
/// other limits made (counted: the summary then mixes limits). `budget` is the planner's budget
/// of a hidden-play run, `None` for a thoughtful run.
fn check_resumed(
    path: &Path,
    rows: Vec<Row>,
    ids: &[&'static str],
    budget: Option<Budget>,
    selection: &Selection,
    options: &Options,
    notes: &mut Vec<String>,
) -> Result<Vec<Record>> {
    let name = path.display().to_string();
    let knowledge = match budget {
        Some(_) => Knowledge::Hidden,
        None => Knowledge::Thoughtful,
    };
    if let Some(row) = rows.iter().find(|r| !ids.contains(&r.record.variant)) {
        bail!(
            "{name} holds results of {} (line {}), which this run does not ask for: resume it with its own variants ({}), or use another file",
            row.record.variant,
            row.line,
            variants_in(&rows).join(" ")
        );
    }
    if let Some(row) = rows.iter().find(|r| r.record.knowledge != knowledge) {
        bail!(
            "{name} holds {} results (line {}) and this run is {knowledge}: resume it with --knowledge {}, or use another file",
            row.record.knowledge,
            row.line,
            row.record.knowledge
        );
    }
    let records = combine(
        rows.into_iter().map(|r| (name.clone(), r)).collect(),
        false,
        notes,
    )?;
    if let Some(budget) = budget {
        // Rows of another planner or budget are refused: the rates would not be comparable.
        if let Some(r) = records.iter().find(|r| r.budget != Some(budget)) {
            let at = format!("{} seed {}", r.variant, r.seed);
            match r.budget {
                None => bail!(
                    "{name} has hidden rows that do not record the planner ({at}; a file of the first format), so they were played by an earlier planner than this build's (revision {}): hidden rates are comparable only with the same planner at equal budget; use another file",
                    budget.revision
                ),
                Some(b) if b.revision != budget.revision => bail!(
                    "{name} was played by the planner of {} ({at}), and this build's planner is revision {}: hidden rates are comparable only with the same planner at equal budget; use another file",
                    b.revision_text(),
                    budget.revision
                ),
                Some(b) => bail!(
                    "{name} was played with --samples {} --sample-nodes {} ({at}), and this run asks for --samples {} --sample-nodes {}: hidden rates are comparable only at equal budget; resume with its budget, or use another file",
                    b.samples,
                    b.sample_nodes,
                    budget.samples,
                    budget.sample_nodes
                ),
            }
        }
        let (inside, _) = records
            .into_iter()
            .partition(|r| selection.contains(r.seed));
        return Ok(inside);
    }
    let (inside, outside): (Vec<Record>, Vec<Record>) = records
        .into_iter()
        .partition(|r| selection.contains(r.seed));
    if !outside.is_empty() {
        notes.push(format!(
            "{name}: {} rows are outside {selection}: kept in the file, not counted",
            outside.len()
        ));
    }
    let other_limits: Vec<&Record> = inside
        .iter()
        .filter(|r| match r.answer {
            Answer::Unknown(Limit::Nodes) => r.nodes < options.max_nodes,
            Answer::Unknown(Limit::Time) => options.timeout.is_none(),
            Answer::Unknown(_) => false,
            // Files of earlier versions, whose node limit was checked every 1024 nodes, hold
            // rows up to 1023 nodes past it.
            Answer::Won { .. } | Answer::Lost => r.nodes > options.max_nodes.saturating_add(1024),
        })
        .collect();
    if let Some(first) = other_limits.first() {
        notes.push(format!(
            "warning: {name}: {} rows were made with other limits than --max-nodes {}{} (the first: {} seed {}); the summary mixes them",
            other_limits.len(),
            options.max_nodes,
            if options.timeout.is_none() { " and no --timeout" } else { "" },
            first.variant,
            first.seed
        ));
    }
    Ok(inside)
}

/// Whether two paths name one file (the same path, or the same file once resolved).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// The refusal of a file row whose deal source is not the run's: a PySolFC game and our seed
/// of the same number are different deals.
fn other_source(path: &Path, row: &Row, source: DealSource) -> String {
    let (file, add) = match row.record.source {
        DealSource::Pysol => ("PySolFC's game numbers", "add --pysol"),
        DealSource::Seed => ("our seeds", "leave out --pysol"),
    };
    let run = match source {
        DealSource::Pysol => "PySolFC's game numbers (--pysol)",
        DealSource::Seed => "our seeds",
    };
    format!(
        "{} holds deals of {file} (line {}: {}) and this run deals {run}: {add}, or use another file",
        path.display(),
        row.line,
        row.record.deal_text()
    )
}

/// The variants of some rows, in the order of `patience variants`.
fn variants_in(rows: &[Row]) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = rows.iter().map(|row| row.record.variant).collect();
    ids.sort_by_key(|id| (patience::games::order(id), *id));
    ids.dedup();
    ids
}

/// A warning when the tables of all workers together could pass the machine's memory (Linux).
fn memory_check(threads: usize, table_mib: u64, planner_mib: u64, notes: &mut Vec<String>) {
    let Ok(meminfo) = std::fs::read_to_string("/proc/meminfo") else {
        return;
    };
    let total_mib = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map(|kib| kib / 1024);
    let per_worker = table_mib.saturating_add(planner_mib);
    let need = (threads as u64).saturating_mul(per_worker);
    if let Some(total) = total_mib.filter(|&t| need > t) {
        let each = match planner_mib {
            0 => format!("--table-mib {table_mib}"),
            p => format!("(--table-mib {table_mib} + the planner's {p})"),
        };
        notes.push(format!(
            "warning: {threads} workers × {each} = {need} MiB of tables could pass this machine's {total} MiB; lower --table-mib or --threads if deals hit it"
        ));
    }
}
