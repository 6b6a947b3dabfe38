//! `patience play VARIANT (--seed N | --deal FILE) [--knowledge thoughtful|hidden]`: one deal
//! played to its end. Thoughtful play prints the solver's line; hidden play prints each
//! decision of the planner with its estimated chances, the card it revealed, and the end.

use super::{Outcome, cancel_flag, for_variant, load_start};
use crate::batch::Knowledge;
use crate::cli::PlayArgs;
use crate::game::Variant;
use crate::hidden::observation::game_hides_cards;
use crate::hidden::planner::{Action, UNKNOWN_VALUE, plan_short};
use crate::hidden::{Outcome as HiddenOutcome, Planner, play};
use crate::solve::{Solver, Verdict};
use anyhow::Result;
use std::io::Write;
use std::time::Instant;

pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<Outcome> {
    for_variant!(&args.variant, V => play_one::<V>(args, out))
}

fn play_one<V: Variant>(args: &PlayArgs, out: &mut dyn Write) -> Result<Outcome> {
    let options = args.solver.options()?;
    let budget = args.planner.budget();
    let source = args.start.start();
    let (deal, start) = load_start::<V>(&source)?;
    let rules = V::RULES;
    let mut exact = Solver::<V>::new(options.clone());
    let cancel = cancel_flag();
    if args.knowledge == Knowledge::Thoughtful || !game_hides_cards::<V>() {
        if args.knowledge == Knowledge::Hidden {
            writeln!(
                out,
                "{} hides no card (every card lies face up, no stock order to guess): hidden play equals thoughtful play, so here is the thoughtful verdict",
                rules.name
            )?;
        }
        let sol = exact.solve(&start, cancel)?;
        super::solve::write_text::<V>(&sol, &start, out)?;
        return Ok(match sol.verdict {
            Verdict::Solved(_) => Outcome::Success,
            _ => Outcome::Failure,
        });
    }
    let seed = deal.seed.unwrap_or(0);
    writeln!(
        out,
        "{}{}, hidden play: the planner sees only what a person at the table sees",
        rules.name,
        match source {
            crate::cli::Start::Pysol(n) => format!(", {}", crate::pysol::source_text(&rules, n)),
            _ => deal.seed.map(|s| format!(" seed {s}")).unwrap_or_default(),
        }
    )?;
    writeln!(out, "planner: {}", budget.text())?;
    let mut planner = Planner::<V>::with_options(budget, &options);
    let t0 = Instant::now();
    let mut write_error = None;
    let game = play::<V>(
        &start,
        seed,
        &mut planner,
        &mut exact,
        cancel,
        &mut |obs, turn| {
            let d = &turn.decision;
            let mut line = format!("{:>3}. ", turn.index + 1);
            match &d.action {
                Action::Play(moves) => {
                    line.push_str(&plan_short(moves));
                    if let Some(c) = turn.revealed {
                        line.push_str(&format!("  reveals {c}"));
                    }
                }
                Action::Resign(_) => line.push_str("resigns"),
            }
            if obs.is_complete() {
                line.push_str("  (every card seen: the solver's line)");
            } else {
                if let Some(best) = d.choices.first() {
                    line.push_str(&format!(
                        "  chance {:.0}% (holds {:.0}% of {} samples tried{})",
                        100.0 * d.chance(best),
                        100.0 * best.held(),
                        best.tries,
                        if d.graded {
                            format!(
                                "; none won from here, so ranked by the cards a short search \
                                 gets up: score {:.3}",
                                best.mean()
                            )
                        } else {
                            String::new()
                        }
                    ));
                }
                line.push_str(&format!(
                    "; from here {}/{} samples won, {} unknown; {} candidates",
                    d.sample_wins, d.samples, d.sample_unknown, d.candidates
                ));
                let others: Vec<String> = d
                    .choices
                    .iter()
                    .skip(1)
                    .take(3)
                    .map(|c| {
                        format!(
                            "{} {:.0}% ({})",
                            c.moves.first().map(|m| m.to_string()).unwrap_or_default(),
                            100.0 * d.chance(c),
                            c.tries
                        )
                    })
                    .collect();
                if !others.is_empty() {
                    line.push_str(&format!("; next best: {}", others.join(", ")));
                }
            }
            if let Err(e) = writeln!(out, "{line}") {
                write_error.get_or_insert(e);
            }
        },
    )?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let Some(game) = game else {
        writeln!(out, "cancelled")?;
        return Ok(Outcome::Failure);
    };
    let won = game.outcome == HiddenOutcome::Won;
    writeln!(
        out,
        "{}{}; {} decisions, {} nodes, {:.2} s (an unknown sample counts {UNKNOWN_VALUE})",
        game.outcome.text(),
        if won {
            format!(
                " in {} moves (each checked on the real deal)",
                game.moves.len()
            )
        } else {
            String::new()
        },
        game.decisions,
        game.nodes,
        t0.elapsed().as_secs_f64()
    )?;
    Ok(if won {
        Outcome::Success
    } else {
        Outcome::Failure
    })
}
