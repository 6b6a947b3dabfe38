//! `patience check VARIANT (--seed N | --deal FILE|-) MOVES|-`: replays a move list from the
//! deal with nothing but the game's rules and says `won`, `not won` or which move is illegal.

use super::{Outcome, for_variant, load_start};
use crate::cli::{CheckArgs, Start};
use crate::game::{Variant, apply, legal};
use crate::io::movelist::read_moves;
use anyhow::{Context, Result, bail};
use std::io::Write;

pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<Outcome> {
    for_variant!(&args.variant, V => check::<V>(args, out))
}

fn check<V: Variant>(args: &CheckArgs, out: &mut dyn Write) -> Result<Outcome> {
    let start = args.start.start();
    let moves_in = args.moves();
    if moves_in.is_stdin() && matches!(&start, Start::File(f) if f.is_stdin()) {
        bail!("the deal and the moves cannot both be read from standard input (-)");
    }
    let (deal, mut pos) = load_start::<V>(&start)?;
    let text = moves_in.read_to_string()?;
    let list = read_moves(&text).with_context(|| moves_in.to_string())?;
    if let Some(v) = &list.variant {
        if v != V::RULES.id {
            bail!(
                "{moves_in}: the solve result is for {v:?}, not {:?}",
                V::RULES.id
            );
        }
    }
    if let (Some(theirs), Some(ours)) = (list.seed, deal.seed) {
        if theirs != ours {
            bail!("{moves_in}: the solve result is for seed {theirs}, the deal is seed {ours}");
        }
    }
    for (i, (&m, token)) in list.moves.iter().zip(&list.tokens).enumerate() {
        match legal::<V>(&pos, m) {
            Ok(m) => {
                apply::<V>(&mut pos, m);
            }
            Err(why) => {
                writeln!(out, "illegal move {} ({token}): {why}", i + 1)?;
                return Ok(Outcome::Failure);
            }
        }
    }
    if pos.is_won::<V>() {
        writeln!(out, "won")?;
        Ok(Outcome::Success)
    } else {
        writeln!(
            out,
            "not won: {} of {} cards on the foundations after {} move{}",
            pos.on_found,
            V::RULES.cards(),
            list.moves.len(),
            if list.moves.len() == 1 { "" } else { "s" }
        )?;
        Ok(Outcome::Failure)
    }
}
