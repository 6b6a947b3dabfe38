//! Solving one deal with every card known (thoughtful play): the verdict, the solution (a win
//! shortened and checked by replay), and its text as `patience solve` prints it. `solve`,
//! `show` without a solution and Python's `solve` all solve here.

use super::{DealFrom, TaskError};
use crate::game::moves::describe;
use crate::game::{Deal, Position, Rules, Variant, apply};
use crate::io::json::SolveResult;
use crate::solve::{Limit, Options, Solution, Solver, Verdict};
use std::sync::atomic::AtomicBool;

/// One deal solved: the deal (its `variant` filled in), its start position, the solution and
/// the options it was solved with.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The game.
    pub rules: &'static Rules,
    /// The deal solved.
    pub deal: Deal,
    /// The deal's position.
    pub start: Position,
    /// The verdict and the search's counters.
    pub solution: Solution,
    /// The limits and pruning of the search.
    pub options: Options,
    /// The verdict, the moves and the counters in words ([`Solved::solution_text`]).
    words: String,
    /// The pruning rules in one line ([`crate::Prune::text`]).
    prune: String,
}

impl Solved {
    /// The answer as `patience solve` prints it: [`Solved::solution_text`], then the pruning
    /// rules the search used, every line ended.
    pub fn text(&self) -> String {
        format!("{}{}\n", self.words, self.prune)
    }

    /// The verdict (a win move by move, each with the cards it moves, or why there is none)
    /// and the search's counters, every line ended: `patience play`'s thoughtful answer.
    pub fn solution_text(&self) -> &str {
        &self.words
    }

    /// Won: the verdict is `Solved`.
    pub fn won(&self) -> bool {
        matches!(self.solution.verdict, Verdict::Solved(_))
    }

    /// The solve result of docs/formats.md (`patience solve --json`).
    pub fn result(&self) -> SolveResult<'_> {
        SolveResult::new(self.rules.id, &self.solution, &self.options, &self.deal)
    }
}

/// Solves the deal of `from` in the game of `rules` with `options` (`cancel` stops the search:
/// the verdict is then unknown, cancelled).
pub fn solve(
    rules: &'static Rules,
    from: DealFrom,
    options: &Options,
    cancel: &AtomicBool,
) -> Result<Solved, TaskError> {
    let (deal, start) = super::start(rules, from)?;
    solve_dealt(rules, deal, start, options, cancel)
}

/// [`solve`] for a deal already started ([`super::start()`]): `start` is `deal`'s position.
pub fn solve_dealt(
    rules: &'static Rules,
    deal: Deal,
    start: Position,
    options: &Options,
    cancel: &AtomicBool,
) -> Result<Solved, TaskError> {
    let (solution, words, prune) = crate::for_game!(rules, <V(v), 'a>(
        start: &'a Position = &start,
        options: &'a Options = options,
        cancel: &'a AtomicBool = cancel,
    ) -> Result<(Solution, String, String), TaskError> => {
        let solution = Solver::<V>::new(v, options.clone()).solve(start, cancel)?;
        let words = solution_text(v, &solution, start);
        Ok((solution, words, options.prune.text::<V>(v)))
    })??;
    Ok(Solved {
        rules,
        deal,
        start,
        solution,
        options: options.clone(),
        words,
        prune,
    })
}

/// The verdict of `sol` from `start` in words, then the search's counters.
fn solution_text<V: Variant>(v: V, sol: &Solution, start: &Position) -> String {
    let mut out = String::new();
    match &sol.verdict {
        Verdict::Solved(moves) => {
            out.push_str(&format!(
                "solved in {} moves (verified by replay)\n",
                moves.len()
            ));
            let mut pos = start.clone();
            let width = moves.len().to_string().len();
            for (i, &m) in moves.iter().enumerate() {
                let token = m.to_string();
                let what = describe(&pos, m);
                out.push_str(&format!("{:>width$}. {token:<9} {what}\n", i + 1));
                apply::<V>(v, &mut pos, m);
            }
        }
        Verdict::Unsolvable => out.push_str("unsolvable (every reachable position searched)\n"),
        Verdict::Unknown(Limit::Cancelled) => out.push_str("unknown: interrupted (Ctrl-C)\n"),
        Verdict::Unknown(limit) => out.push_str(&format!(
            "unknown: stopped by the {limit}; the most cards on the foundations in a position \
             searched: {} of {}\n",
            sol.stats.best_up,
            v.rules().cards()
        )),
    }
    let s = &sol.stats;
    out.push_str(&format!(
        "nodes {} ({:.2} M/s), {:.3} s, table {} positions ({:.1} MiB), deepest path {}\n",
        s.nodes,
        s.nodes as f64 / sol.seconds.max(1e-9) / 1e6,
        sol.seconds,
        s.table_len,
        s.table_bytes as f64 / (1 << 20) as f64,
        s.max_depth
    ));
    out
}
