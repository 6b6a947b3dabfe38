//! `patience solve VARIANT (--seed N | --deal FILE|-)`: the thoughtful verdict of one deal, its
//! solution move by move with the cards moved, and the search's counters.

use super::{Outcome, cancel_flag, for_variant, load_start};
use crate::cli::SolveArgs;
use anyhow::Result;
use patience::game::{Position, Variant, apply};
use patience::io::json::SolveResult;
use patience::solve::{Limit, Prune, Solution, Solver, Verdict};
use std::io::Write;

pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(&args.variant)?;
    for_variant!(rules, <V(v), 'a>(args: &'a SolveArgs = args, out: &'a mut dyn Write = out) -> Result<Outcome> => solve::<V>(v, args, out))?
}

fn solve<V: Variant>(v: V, args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome> {
    let options = args.solver.options()?;
    let (deal, start) = load_start::<V>(v, &args.start.start())?;
    let mut solver = Solver::<V>::new(v, options.clone());
    let sol = solver.solve(&start, cancel_flag())?;
    if let Some(path) = &args.html {
        match &sol.verdict {
            Verdict::Solved(moves) => {
                let title = super::show::title(v.rules(), &args.start.start());
                let replay = patience::show::Replay::new::<V>(v, title, &start, moves)?;
                super::show::write_page(&replay, path)?;
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
        write_text::<V>(v, &sol, &start, out)?;
        writeln!(out, "{}", pruning_text::<V>(v, &options.prune))?;
    }
    Ok(match sol.verdict {
        Verdict::Solved(_) => Outcome::Success,
        _ => Outcome::Failure,
    })
}

use patience::game::moves::describe;

/// Which proved pruning rules the search used: each is on only where its argument's
/// preconditions hold for the game's rules (and `--prune-off` left it on).
pub(crate) fn pruning_text<V: Variant>(v: V, p: &Prune) -> String {
    let rules = patience::solve::prune::Rule::ALL.map(|r| (r.name(), p.asks(r), r.holds::<V>(v)));
    let list = |f: &dyn Fn(bool, bool) -> bool| -> String {
        let names: Vec<&str> = rules
            .iter()
            .filter(|&&(_, asked, holds)| f(asked, holds))
            .map(|&(n, ..)| n)
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(",")
        }
    };
    let mut text = format!(
        "pruning on: {}; not for these rules: {}",
        list(&|asked, holds| asked && holds),
        list(&|_, holds| !holds)
    );
    let off = list(&|asked, holds| !asked && holds);
    if off != "none" {
        text.push_str(&format!("; switched off: {off}"));
    }
    text
}

pub(crate) fn write_text<V: Variant>(
    v: V,
    sol: &Solution,
    start: &Position,
    out: &mut dyn Write,
) -> Result<()> {
    match &sol.verdict {
        Verdict::Solved(moves) => {
            writeln!(out, "solved in {} moves (verified by replay)", moves.len())?;
            let mut pos = start.clone();
            let width = moves.len().to_string().len();
            for (i, &m) in moves.iter().enumerate() {
                let token = m.to_string();
                writeln!(out, "{:>width$}. {token:<9} {}", i + 1, describe(&pos, m))?;
                apply::<V>(v, &mut pos, m);
            }
        }
        Verdict::Unsolvable => writeln!(out, "unsolvable (every reachable position searched)")?,
        Verdict::Unknown(Limit::Cancelled) => writeln!(out, "unknown: interrupted (Ctrl-C)")?,
        Verdict::Unknown(limit) => writeln!(
            out,
            "unknown: stopped by the {limit}; the most cards on the foundations in a position \
             searched: {} of {}",
            sol.stats.best_up,
            v.rules().cards()
        )?,
    }
    let s = &sol.stats;
    writeln!(
        out,
        "nodes {} ({:.2} M/s), {:.3} s, table {} positions ({:.1} MiB), deepest path {}",
        s.nodes,
        s.nodes as f64 / sol.seconds.max(1e-9) / 1e6,
        sol.seconds,
        s.table_len,
        s.table_bytes as f64 / (1 << 20) as f64,
        s.max_depth
    )?;
    Ok(())
}
