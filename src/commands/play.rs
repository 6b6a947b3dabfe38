//! `patience play VARIANT (--seed N | --deal FILE) [--knowledge thoughtful|hidden]`: one deal
//! played to its end (the task [`patience::tasks::play`]). Thoughtful play prints the solver's
//! line; hidden play prints each decision of the planner with its estimated chances, the card
//! it revealed, and the end.

use super::start::start_of;
use super::{Outcome, cancel_flag};
use crate::cli::PlayArgs;
use anyhow::Result;
use patience::Knowledge;
use patience::games::Games;
use patience::tasks::hint::UNKNOWN_VALUE;
use patience::tasks::play::{play, plays_hidden};
use std::io::Write;

pub fn run(args: &PlayArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(games, &args.variant)?;
    let options = args.solver.options()?;
    let budget = args.planner.budget();
    let source = args.start.start();
    let (_, deal, start) = start_of(rules, &source).map_err(|e| point_to_hint(e, args))?;
    let cancel = cancel_flag();
    let hidden = plays_hidden(rules, args.knowledge)?;
    if !hidden {
        if args.knowledge == Knowledge::Hidden {
            writeln!(
                out,
                "{} hides no card (every card lies face up, no stock order to guess): hidden play equals thoughtful play, so here is the thoughtful verdict",
                rules.name
            )?;
        }
        let played = play(
            rules,
            deal,
            start,
            args.knowledge,
            &options,
            budget,
            cancel,
            &mut |_, _| {},
        )?;
        let solved = played
            .as_ref()
            .and_then(|p| p.solved.as_ref())
            .expect("thoughtful play gives its solve");
        out.write_all(solved.solution_text().as_bytes())?;
        return Ok(match solved.won() {
            true => Outcome::Success,
            false => Outcome::Failure,
        });
    }
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
    let mut write_error = None;
    let game = play(
        rules,
        deal,
        start,
        args.knowledge,
        &options,
        budget,
        cancel,
        &mut |obs, turn| {
            if let Err(e) = writeln!(out, "{}", turn.text(obs.is_complete())) {
                write_error.get_or_insert(e);
            }
        },
    )?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let Some(game) = game else {
        writeln!(out, "interrupted (Ctrl-C)")?;
        return Ok(Outcome::Failure);
    };
    writeln!(
        out,
        "{}{}; {} decisions, {} nodes (all the planner's solves), {:.2} s (an unknown sample counts {UNKNOWN_VALUE})",
        game.outcome,
        if game.won {
            format!(
                " in {} moves (each checked on the real deal)",
                game.moves.len()
            )
        } else {
            String::new()
        },
        game.decisions,
        game.nodes,
        game.seconds
    )?;
    Ok(if game.won {
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
