//! `patience compare A.csv B.csv [--json]`: two result files deal by deal on the seeds both
//! hold (see [`patience::io::compare`]): how their verdicts meet, which deals one wins and
//! the other does not (with an exact sign test), and each file's rate on those deals.
//!
//! The files may hold one game (the solver at two budgets, two planner budgets, a thoughtful
//! run beside a hidden one) or two games that deal the same cards for the same seed (a rule
//! change: `--rules FILE` makes a rules file's game known). For one game, a deal proved
//! unsolvable in one file and won in the other is a contradiction: one of the two is wrong,
//! and the command says so and exits with status 1.

use super::Outcome;
use crate::cli::CompareArgs;
use anyhow::{Result, anyhow};
use patience::games::Games;
use patience::io::compare::{Compared, Side};
use std::io::Write;

pub fn run(args: &CompareArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    for path in &args.rules {
        games.load(path)?;
    }
    let mut notes = Vec::new();
    if super::outputs::same_file(&args.a, &args.b) {
        notes.push(format!(
            "A {} and B {} are one file: each deal is compared with itself",
            args.a.display(),
            args.b.display()
        ));
    }
    let a = Side::read(&args.a, args.verify, games, &mut notes).map_err(|e| anyhow!(e))?;
    let b = Side::read(&args.b, args.verify, games, &mut notes).map_err(|e| anyhow!(e))?;
    for note in notes {
        eprintln!("note: {note}");
    }
    let compared = Compared::new(a, b).map_err(|e| anyhow!(e))?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&compared.json())?)?;
    } else {
        compared.write_text(out)?;
    }
    let contradicted = compared.same_rules && !compared.pairing.contradictions.is_empty();
    Ok(if contradicted {
        Outcome::Failure
    } else {
        Outcome::Success
    })
}
