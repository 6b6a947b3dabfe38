//! Many deals of one game solved (thoughtful) or played (hidden) in parallel: one
//! [`Record`] per deal, as the result file's rows ([`crate::io::results::ResultRow`]). Python's
//! `winrate` is this pass; `patience winrate` runs the same pass for each of its variants
//! ([`crate::batch::winrate::Run::passes`]), with its result file and summary around it.
//!
//! The parts of the command's run over several games, re-exported: its [`Plan`] (games, seeds,
//! a file to retry), the checks of its request (each refusal a [`Refused`]), and the [`Run`]
//! that solves or plays its deals and writes their rows, within its [`RunLimits`].

pub use crate::batch::summary::RunLimits;
pub use crate::batch::winrate::{
    Plan, Refused, Run, Seeds, check_csv, check_pysol, check_retry_knowledge, check_retry_output,
    unknown_deals,
};

use super::TaskError;
use crate::batch::run::PassEnd;
use crate::batch::winrate::Pass;
use crate::batch::{DealSource, Knowledge, Record};
use crate::game::Rules;
use crate::hidden::Budget;
use crate::solve::Options;
use std::sync::atomic::AtomicBool;

/// The deals of a pass, solved or played.
#[derive(Clone, Debug)]
pub struct Winrate {
    /// One record per deal finished, in the order of the seeds.
    pub records: Vec<Record>,
    /// `cancel` was raised: the deals in flight were dropped, the others not started.
    pub cancelled: bool,
    /// Wall-clock seconds of the pass.
    pub seconds: f64,
}

/// Solves (thoughtful `knowledge`, with `options`) or plays (hidden, with the planner of
/// `budget`) the deals of `seeds` (numbers of `source`) in the game of `rules`, on `threads`
/// worker threads; `cancel` stops the pass, keeping the deals finished.
#[allow(clippy::too_many_arguments)]
pub fn winrate(
    rules: &'static Rules,
    source: DealSource,
    seeds: impl Iterator<Item = u128> + Send,
    knowledge: Knowledge,
    options: &Options,
    budget: Budget,
    threads: usize,
    cancel: &AtomicBool,
) -> Result<Winrate, TaskError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("worker-{i}"))
        .build()
        .map_err(|e| TaskError::Threads {
            threads,
            why: e.to_string(),
        })?;
    let mut records = Vec::new();
    let mut on_record = |r: Record| -> Result<(), TaskError> {
        records.push(r);
        Ok(())
    };
    let pass = Pass {
        pool: &pool,
        options,
        budget: (knowledge == Knowledge::Hidden).then_some(budget),
        source,
        seeds: Box::new(seeds),
        cancel,
        on_record: &mut on_record,
    };
    let end: PassEnd = crate::games::with_rules(rules, pass)??;
    // Rows in the order of the seeds, whatever the order they finished in.
    records.sort_by_key(|r| r.seed);
    Ok(Winrate {
        records,
        cancelled: end.cancelled,
        seconds: end.wall,
    })
}
