//! `patience solve VARIANT (--seed N | --deal FILE|-)`: the thoughtful verdict of one deal, its
//! solution move by move with the cards moved, and the search's counters (the task
//! [`patience::tasks::solve`]).

use super::outputs::{FileArg, check_outputs};
use super::start::{deal_from, in_file, title};
use super::{Outcome, cancel_flag};
use crate::cli::{SolveArgs, SolverArgs, Start};
use anyhow::{Context, Result};
use patience::games::Games;
use patience::show::Replay;
use patience::tasks::solve::Solved;
use patience::{Rules, Verdict};
use std::io::Write;

pub fn run(args: &SolveArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    if let Some(html) = &args.html {
        let inputs: Vec<FileArg> = [
            FileArg::of_variant("VARIANT", &args.variant),
            args.start
                .deal
                .as_deref()
                .and_then(|d| FileArg::of_arg("--deal", d)),
        ]
        .into_iter()
        .flatten()
        .collect();
        check_outputs(&inputs, &[FileArg::new("--html", html)])?;
    }
    let rules = super::rules_of(games, &args.variant)?;
    let start = args.start.start();
    let solved = solved(rules, &args.solver, &start)?;
    if let Some(path) = &args.html {
        match &solved.solution.verdict {
            Verdict::Solved(moves) => {
                let title = title(rules, &start);
                let replay = patience::tasks::show::replay(rules, title, &solved.start, moves)?;
                write_page(&replay, path)?;
            }
            _ => eprintln!(
                "note: no solution, so no page written to {}",
                path.display()
            ),
        }
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&solved.result())?)?;
    } else {
        out.write_all(solved.text().as_bytes())?;
    }
    Ok(match solved.won() {
        true => Outcome::Success,
        false => Outcome::Failure,
    })
}

/// The deal of `start` solved with the limits of `solver` (Ctrl-C stops the search), through
/// the task [`patience::tasks::solve::solve`]. `solve` and `show` without a SOLUTION both
/// solve this way.
pub fn solved(rules: &'static Rules, solver: &SolverArgs, start: &Start) -> Result<Solved> {
    let options = solver.options()?;
    patience::tasks::solve::solve(rules, deal_from(start)?, &options, cancel_flag())
        .map_err(|e| in_file(e, start))
}

/// Writes the replay's page.
pub fn write_page(replay: &Replay, path: &std::path::Path) -> Result<()> {
    std::fs::write(path, patience::show::html::page(replay))
        .with_context(|| format!("cannot write {}", path.display()))
}
