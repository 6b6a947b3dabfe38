//! `patience check VARIANT (--seed N | --deal FILE|-) MOVES|-`: replays a move list from the
//! deal with nothing but the game's rules and says `won`, `not won` or which move is illegal.
//!
//! Bad input (exit status 2), before any move is replayed: a move naming a place the game does
//! not have (`F99` in a game of four foundations), and a solve result made for another deal
//! (another variant, another seed, or, when it carries its deal, other cards).

use super::Outcome;
use super::start::start_of;
use crate::cli::{CheckArgs, Start};
use anyhow::{Context, Result, bail};
use patience::games::Games;
use patience::io::movelist::read_moves;
use patience::tasks::check::{check, deal_name};
use std::io::Write;

pub fn run(args: &CheckArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(games, &args.variant)?;
    let start = args.start.start();
    let moves_in = args.moves();
    if moves_in.is_stdin() && matches!(&start, Start::File(f) if f.is_stdin()) {
        bail!("the deal and the moves cannot both be read from standard input (-)");
    }
    let (from, deal, pos) = start_of(rules, &start)?;
    let text = moves_in.read_to_string()?;
    let list = read_moves(&text).with_context(|| moves_in.to_string())?;
    let file = match &start {
        Start::File(f) => f.to_string(),
        _ => String::new(),
    };
    let checked = check(rules, &deal, pos, &list, &deal_name(&from, &file))
        .with_context(|| moves_in.to_string())?;
    writeln!(out, "{}", checked.text())?;
    Ok(match checked.won {
        true => Outcome::Success,
        false => Outcome::Failure,
    })
}
