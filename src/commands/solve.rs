//! `patience solve VARIANT (--seed N | --deal FILE|-)`: the thoughtful verdict of one deal, its
//! solution move by move with the cards moved, and the search's counters.

use super::outputs::{FileArg, check_outputs};
use super::{Outcome, cancel_flag, for_variant, load_start};
use crate::cli::{SolveArgs, SolverArgs, Start};
use anyhow::{Context, Result};
use patience::games::Games;
use patience::io::json::SolveResult;
use patience::show::Replay;
use patience::{Deal, Options, Position, Solution, Solver, Variant, Verdict};
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
    for_variant!(rules, <V(v), 'a>(args: &'a SolveArgs = args, out: &'a mut dyn Write = out) -> Result<Outcome> => solve::<V>(v, args, out))?
}

/// The deal of `start` solved with the limits of `solver` (Ctrl-C stops the search): the
/// deal, its position, the solution (a win shortened and checked by replay) and the options.
/// `solve` and `show` without a SOLUTION both solve this way.
pub fn solved<V: Variant>(
    v: V,
    solver: &SolverArgs,
    start: &Start,
) -> Result<(Deal, Position, Solution, Options)> {
    let options = solver.options()?;
    let (deal, pos) = load_start::<V>(v, start)?;
    let sol = Solver::<V>::new(v, options.clone()).solve(&pos, cancel_flag())?;
    Ok((deal, pos, sol, options))
}

fn solve<V: Variant>(v: V, args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome> {
    let (deal, start, sol, options) = solved::<V>(v, &args.solver, &args.start.start())?;
    if let Some(path) = &args.html {
        match &sol.verdict {
            Verdict::Solved(moves) => {
                let title = super::start::title(v.rules(), &args.start.start());
                let replay = Replay::new::<V>(v, title, &start, moves)?;
                write_page(&replay, path)?;
            }
            _ => eprintln!(
                "note: no solution, so no page written to {}",
                path.display()
            ),
        }
    }
    if args.json {
        let result = SolveResult::new(v.rules().id, &sol, &options, &deal);
        writeln!(out, "{}", serde_json::to_string(&result)?)?;
    } else {
        sol.write_text::<V>(v, &start, out)?;
        writeln!(out, "{}", options.prune.text::<V>(v))?;
    }
    Ok(match sol.verdict {
        Verdict::Solved(_) => Outcome::Success,
        _ => Outcome::Failure,
    })
}

/// Writes the replay's page.
pub fn write_page(replay: &Replay, path: &std::path::Path) -> Result<()> {
    std::fs::write(path, patience::show::html::page(replay))
        .with_context(|| format!("cannot write {}", path.display()))
}
