//! `patience sweep GAME --vary KEY=V1,V2,... --seeds A..B`: the variants of a game (see
//! [`patience::tasks::sweep`]) run by `winrate` on the same seeds, into one CSV (resumable and
//! shardable as `winrate`'s), then each one's rate and its paired difference from the first.

use super::outputs::{FileArg, check_outputs, check_writable};
use super::{Outcome, rules_of};
use crate::cli::{SweepArgs, WinrateArgs};
use anyhow::{Result, anyhow};
use patience::Record;
use patience::Selection;
use patience::games::Games;
use patience::tasks::sweep::{SweepTable, variants, write_rules_files};
use std::io::Write;

pub fn run(args: &SweepArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    if let Some(csv) = &args.csv {
        let inputs: Vec<FileArg> = FileArg::of_variant("GAME", &args.game)
            .into_iter()
            .collect();
        check_outputs(&inputs, &[FileArg::new("--csv", csv)])?;
        check_writable(&FileArg::new("--csv", csv))?;
    }
    let base = rules_of(games, &args.game)?;
    let swept = variants(games, base, &args.vary).map_err(|e| anyhow!(e))?;
    if let (Some(csv), true) = (&args.csv, args.resume) {
        check_same_sweep(csv, &swept, &args.vary, games)?;
    }
    let files = match &args.csv {
        Some(csv) => write_rules_files(csv, &swept).map_err(|e| anyhow!(e))?,
        None => Vec::new(),
    };
    let run = WinrateArgs {
        variants: swept.iter().map(|g| g.rules.id.into()).collect(),
        deals: args.seeds.count,
        first_seed: Some(crate::cli::FirstSeedArg {
            number: args.seeds.first,
            ms: false,
        }),
        seeds: Some(crate::cli::SeedsArg {
            range: args.seeds,
            ms: false,
        }),
        retry: None,
        shard: args.shard,
        pysol: false,
        threads: args.threads,
        solver: args.solver.clone(),
        knowledge: args.knowledge,
        planner: args.planner.clone(),
        csv: args.csv.clone(),
        resume: args.resume,
        verify: args.verify,
        json: false,
        quiet: args.quiet,
    };
    let mut records: Vec<Record> = Vec::new();
    // winrate's own summary is left out: the sweep's table says it per variant.
    let outcome = super::winrate::run_with(&run, games, &mut std::io::sink(), &mut |r| {
        records.push(r.clone())
    })?;
    let selection = Selection {
        range: args.seeds,
        shard: args.shard,
    };
    let mut scope = format!("{selection}, --max-nodes {}", args.solver.max_nodes);
    if args.knowledge == patience::Knowledge::Hidden {
        let b = args.planner.budget();
        scope.push_str(&format!(
            ", planner {}, {} samples x {} nodes",
            b.revision_text(),
            b.samples,
            b.sample_nodes
        ));
    }
    let mut table = SweepTable::new(base, &swept, &records, args.knowledge, scope);
    table.interrupted = outcome == Outcome::Failure;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&table.json())?)?;
    } else {
        table.write_text(out)?;
        if !files.is_empty() {
            let list: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
            writeln!(
                out,
                "rules files (for merge, compare, plot --rules): {}",
                list.join(" ")
            )?;
        }
    }
    Ok(outcome)
}

/// Refuses to resume a CSV file that holds rows of a variant this sweep does not make and no
/// game known here has: a file made by another sweep (other keys or values), whose rows the
/// result reader would call of an unknown variant. Rows of a known game are left to
/// `winrate`'s checks.
fn check_same_sweep(
    csv: &std::path::Path,
    swept: &[patience::tasks::sweep::SweepVariant],
    vary: &[patience::Vary],
    games: &Games,
) -> Result<()> {
    let Ok(text) = std::fs::read(csv) else {
        return Ok(()); // a new file, or one the result reader names
    };
    let text = String::from_utf8_lossy(&text);
    let mut lines = text.lines().enumerate();
    let Some(column) = lines
        .next()
        .and_then(|(_, header)| header.split(',').position(|c| c.trim() == "variant"))
    else {
        return Ok(());
    };
    let ours: Vec<&str> = swept.iter().map(|g| g.rules.id).collect();
    let mut theirs: Vec<&str> = Vec::new();
    let mut first = None;
    for (i, line) in lines {
        let Some(id) = line.split(',').nth(column).map(str::trim) else {
            continue;
        };
        if id.is_empty() || ours.contains(&id) || games.find(id).is_some() {
            continue;
        }
        first.get_or_insert(i + 1);
        if !theirs.contains(&id) {
            theirs.push(id);
        }
    }
    let Some(line) = first else {
        return Ok(());
    };
    let said: Vec<String> = vary
        .iter()
        .map(|v| format!("--vary {}={}", v.key, v.values.join(",")))
        .collect();
    Err(anyhow!(
        "{} was made by another sweep: it holds rows of {} (from line {line}), and this sweep ({}) runs {}: resume it with the --vary it was made with, or write to another file",
        csv.display(),
        theirs.join(", "),
        said.join(" "),
        ours.join(", ")
    ))
}
