//! `patience play VARIANT (--seed N | --deal FILE) [--knowledge thoughtful|hidden]`: one deal
//! played to its end. Thoughtful play prints the solver's line; hidden play prints each
//! decision of the planner with its estimated chances, the card it revealed, and the end.
//!
//! Hidden play here plays as a person would: the planner from the first decision, without
//! the thoughtful solve of the real deal that `winrate` uses as an exact shortcut (a deal it
//! proves unsolvable is lost without planning: right for a win rate, which it cannot change,
//! but two deals that look the same to the player would be played differently).

use super::{Outcome, cancel_flag, for_variant, load_start};
use crate::cli::PlayArgs;
use anyhow::Result;
use patience::Knowledge;
use patience::Outcome as HiddenOutcome;
use patience::Planner;
use patience::Variant;
use patience::game_hides_cards;
use patience::games::Games;
use patience::play_unaided;
use patience::{Solver, Verdict};
use std::io::Write;
use std::time::Instant;

/// What a sample the solver left unknown counts.
const UNKNOWN_VALUE: f64 = patience::Budget::UNKNOWN_VALUE;

pub fn run(args: &PlayArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(games, &args.variant)?;
    for_variant!(rules, <V(v), 'a>(args: &'a PlayArgs = args, out: &'a mut dyn Write = out) -> Result<Outcome> => play_one::<V>(v, args, out))?
}

fn play_one<V: Variant>(v: V, args: &PlayArgs, out: &mut dyn Write) -> Result<Outcome> {
    let options = args.solver.options()?;
    let budget = args.planner.budget();
    let source = args.start.start();
    let (deal, start) = load_start::<V>(v, &source).map_err(|e| point_to_hint(e, args))?;
    let rules = v.rules();
    let cancel = cancel_flag();
    if args.knowledge == Knowledge::Thoughtful || !game_hides_cards::<V>(v) {
        let mut exact = Solver::<V>::new(v, options.clone());
        if args.knowledge == Knowledge::Hidden {
            writeln!(
                out,
                "{} hides no card (every card lies face up, no stock order to guess): hidden play equals thoughtful play, so here is the thoughtful verdict",
                rules.name
            )?;
        }
        let sol = exact.solve(&start, cancel)?;
        sol.write_text::<V>(v, &start, out)?;
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
            crate::cli::Start::Pysol(n) => format!(", {}", n.source_text(rules)),
            _ => deal.seed.map(|s| format!(" seed {s}")).unwrap_or_default(),
        }
    )?;
    writeln!(out, "planner: {}", budget.text())?;
    let mut planner = Planner::<V>::with_options(v, budget, &options);
    let t0 = Instant::now();
    let mut write_error = None;
    let game = play_unaided::<V>(v, &start, seed, &mut planner, cancel, &mut |obs, turn| {
        if let Err(e) = writeln!(out, "{}", turn.text(obs.is_complete())) {
            write_error.get_or_insert(e);
        }
    })?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let Some(game) = game else {
        writeln!(out, "interrupted (Ctrl-C)")?;
        return Ok(Outcome::Failure);
    };
    let won = game.outcome == HiddenOutcome::Won;
    writeln!(
        out,
        "{}{}; {} decisions, {} nodes (all the planner's solves), {:.2} s (an unknown sample counts {UNKNOWN_VALUE})",
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

/// A deal file with unknown cards (`??`) given to `play`: the error says why play cannot take
/// it and that `hint` can. Any other error is left as it is.
fn point_to_hint(e: anyhow::Error, args: &PlayArgs) -> anyhow::Error {
    let unknown = e
        .chain()
        .find_map(|c| match c.downcast_ref::<patience::DealError>() {
            Some(patience::DealError::Unknown { place }) => Some(place.clone()),
            _ => None,
        });
    let (Some(place), crate::cli::Start::File(input)) = (unknown, args.start.start()) else {
        return e;
    };
    let deal = match &input {
        patience::io::Input::Stdin => "-".to_string(),
        patience::io::Input::Path(p) => p.display().to_string(),
    };
    anyhow::anyhow!(
        "{input}: {place} holds an unknown card (??): play plays a deal to its end, so it needs every card, even in hidden play (where it hides the face-down cards itself); for a position with unknown cards, `patience hint {} --deal {deal}` recommends a move",
        std::path::Path::new(&args.variant).display()
    )
}
