//! `patience sweep GAME --vary KEY=V1,V2,... --seeds A..B`: the variants of a game (see
//! [`patience::internal::batch::sweep`]) run by `winrate` on the same seeds, into one CSV (resumable and
//! shardable as `winrate`'s), then each one's rate and its paired difference from the first.

use super::outputs::{FileArg, check_outputs};
use super::{Outcome, rules_of};
use crate::cli::{SweepArgs, WinrateArgs};
use anyhow::{Result, anyhow};
use patience::Record;
use patience::internal::batch::Selection;
use patience::internal::batch::sweep::{SweepTable, variants, write_rules_files};
use std::io::Write;

pub fn run(args: &SweepArgs, out: &mut dyn Write) -> Result<Outcome> {
    if let Some(csv) = &args.csv {
        let inputs: Vec<FileArg> = FileArg::of_variant("GAME", &args.game)
            .into_iter()
            .collect();
        check_outputs(&inputs, &[FileArg::new("--csv", csv)])?;
    }
    let base = rules_of(&args.game)?;
    let games = variants(base, &args.vary).map_err(|e| anyhow!(e))?;
    let files = match &args.csv {
        Some(csv) => write_rules_files(csv, &games).map_err(|e| anyhow!(e))?,
        None => Vec::new(),
    };
    let run = WinrateArgs {
        variants: games.iter().map(|g| g.rules.id.to_string()).collect(),
        deals: args.seeds.count,
        first_seed: Some(args.seeds.first),
        seeds: Some(args.seeds),
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
    let outcome =
        super::winrate::run_with(&run, &mut std::io::sink(), &mut |r| records.push(r.clone()))?;
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
    let mut table = SweepTable::new(base, &games, &records, args.knowledge, scope);
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
