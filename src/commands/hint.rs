//! `patience hint VARIANT (--deal FILE | --pysol N)`: the move with the best estimated chance for a position
//! in which the cards the player does not know are written `??`, and the estimates of the top
//! moves (hidden play: the planner on that observation, the task [`patience::tasks::hint`]).

use super::start::{deal_from, in_file};
use super::{Outcome, cancel_flag};
use crate::cli::{HintArgs, Start};
use anyhow::{Result, bail};
use patience::games::Games;
use patience::io::Input;
use std::io::Write;

pub fn run(args: &HintArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(games, &args.variant)?;
    let start = match (args.pysol, &args.deal) {
        // The start of PySolFC's game, as a person at the table sees it.
        (Some(number), _) => Start::Pysol(number),
        // clap requires --deal without --pysol.
        (None, deal) => Start::File(Input::from_arg(deal.as_deref().unwrap_or("-".as_ref()))),
    };
    let budget = args.planner.budget();
    let hint = patience::tasks::hint::hint(
        rules,
        deal_from(&start)?,
        budget,
        args.planner_seed,
        cancel_flag(),
    )
    .map_err(|e| in_file(e, &start))?;
    let Some(hint) = hint else {
        bail!("cancelled");
    };
    out.write_all(hint.text(args.top).as_bytes())?;
    Ok(match hint.plays() {
        true => Outcome::Success,
        false => Outcome::Failure,
    })
}
