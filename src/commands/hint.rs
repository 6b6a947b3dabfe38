//! `patience hint VARIANT (--deal FILE | --pysol N)`: the move with the best estimated chance for a position
//! in which the cards the player does not know are written `??`, and the estimates of the top
//! moves (hidden play: the planner of [`patience::Planner`] on that observation).

use super::{Outcome, cancel_flag, for_variant};
use crate::cli::HintArgs;
use anyhow::{Result, bail};
use patience::Variant;
use patience::games::Games;
use patience::io::Input;
use patience::{Action, plan_short};
use patience::{Observation, Planner};
use std::io::Write;

/// What a sample the solver left unknown counts.
const UNKNOWN_VALUE: f64 = patience::Budget::UNKNOWN_VALUE;

pub fn run(args: &HintArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(games, &args.variant)?;
    for_variant!(rules, <V(v), 'a>(args: &'a HintArgs = args, out: &'a mut dyn Write = out) -> Result<Outcome> => hint::<V>(v, args, out))?
}

fn hint<V: Variant>(v: V, args: &HintArgs, out: &mut dyn Write) -> Result<Outcome> {
    let _rules = v.rules();
    let (deal, obs) = match (args.pysol, &args.deal) {
        (Some(number), _) => {
            // The start of PySolFC's game, as a person at the table sees it.
            let (deal, pos) = super::load_start::<V>(v, &crate::cli::Start::Pysol(number))?;
            (deal, Observation::new::<V>(v, &pos))
        }
        (None, deal) => {
            // clap requires --deal without --pysol.
            let input = Input::from_arg(deal.as_deref().unwrap_or("-".as_ref()));
            super::start::observed::<V>(v, &input)?
        }
    };
    let budget = args.planner.budget();
    let seed = args.planner_seed.or(deal.seed).unwrap_or(0);
    let mut planner = Planner::<V>::new(v, budget);
    let d = match planner.decide(&obs, seed, 0, cancel_flag()) {
        Ok(d) => d,
        Err(patience::PlanError::Cancelled) => bail!("cancelled"),
        Err(e) => return Err(e.into()),
    };
    if obs.is_complete() {
        writeln!(
            out,
            "every card is known here: hidden play equals thoughtful play (one solve with {} nodes)",
            budget.last_solve_nodes()
        )?;
    } else {
        writeln!(
            out,
            "{} unknown cards; planner {}",
            obs.unseen().len(),
            budget.text()
        )?;
        writeln!(
            out,
            "from here: {} of {} fill-ins won by the solver, {} unknown (an unknown counts {UNKNOWN_VALUE})",
            d.sample_wins, d.samples, d.sample_unknown
        )?;
    }
    let outcome = match &d.action {
        Action::Play(moves) => {
            let best = &d.choices[0];
            writeln!(
                out,
                "best move: {}  (estimated chance {:.0}%; it holds {:.0}% of the {} samples tried; plan: {})",
                moves[0],
                100.0 * d.chance(best),
                100.0 * best.held(),
                best.tries,
                plan_short(moves)
            )?;
            if d.graded {
                writeln!(
                    out,
                    "no fill-in was won from here within its budget, so the moves are ranked by \
                     the cards a short search gets up after them (score {:.3} for the best)",
                    best.mean()
                )?;
            }
            Outcome::Success
        }
        Action::Resign(why) => {
            writeln!(out, "no move to recommend: {}", why.reason())?;
            Outcome::Failure
        }
    };
    // The top moves: the best plan starting with each first move.
    let firsts = d.first_moves();
    if !firsts.is_empty() && !obs.is_complete() {
        writeln!(out, "top moves (estimated chance, samples tried, plan):")?;
        for (i, c) in firsts.iter().take(args.top.max(1)).enumerate() {
            writeln!(
                out,
                "{:>3}. {:<9} {:>4.0}%  {:>2}  {}",
                i + 1,
                c.moves[0].to_string(),
                100.0 * d.chance(c),
                c.tries,
                plan_short(&c.moves)
            )?;
        }
    }
    Ok(outcome)
}
