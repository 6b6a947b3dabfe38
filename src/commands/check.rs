//! `patience check VARIANT (--seed N | --deal FILE|-) MOVES|-`: replays a move list from the
//! deal with nothing but the game's rules and says `won`, `not won` or which move is illegal.
//!
//! Bad input (exit status 2), before any move is replayed: a move naming a place the game does
//! not have (`F99` in a game of four foundations), and a solve result made for another deal
//! (another variant, another seed, or, when it carries its deal, other cards).

use super::{Outcome, for_variant, load_start};
use crate::cli::{CheckArgs, Start};
use anyhow::{Context, Result, bail};
use patience::Deal;
use patience::games::Games;
use patience::io::dealfile::read_deal;
use patience::io::movelist::read_moves;
use patience::{Variant, apply, legal};
use std::io::Write;

pub fn run(args: &CheckArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(games, &args.variant)?;
    for_variant!(rules, <V(v), 'a>(args: &'a CheckArgs = args, out: &'a mut dyn Write = out) -> Result<Outcome> => check::<V>(v, args, out))?
}

fn check<V: Variant>(v: V, args: &CheckArgs, out: &mut dyn Write) -> Result<Outcome> {
    let start = args.start.start();
    let moves_in = args.moves();
    if moves_in.is_stdin() && matches!(&start, Start::File(f) if f.is_stdin()) {
        bail!("the deal and the moves cannot both be read from standard input (-)");
    }
    let (deal, mut pos) = load_start::<V>(v, &start)?;
    let text = moves_in.read_to_string()?;
    let list = read_moves(&text).with_context(|| moves_in.to_string())?;
    if let Some(named) = &list.variant
        && named != v.rules().id
    {
        bail!(
            "{moves_in}: the solve result is for {named:?}, not {:?}",
            v.rules().id
        );
    }
    if let (Some(theirs), Some(ours)) = (list.seed, deal.seed)
        && theirs != ours
    {
        bail!("{moves_in}: the solve result is for seed {theirs}, the deal is seed {ours}");
    }
    if let Some(theirs) = &list.deal {
        let theirs = read_deal(&theirs.to_string())
            .with_context(|| format!("{moves_in}: the deal of the solve result"))?;
        if let Some(why) = difference(&theirs, &deal) {
            let ours = match &start {
                Start::Seed(s) => format!("the deal of seed {s}"),
                Start::File(f) => format!("the deal of {f}"),
                Start::Pysol(n) => format!(
                    "PySolFC's game {}",
                    patience::internal::pysol::number_text(*n)
                ),
            };
            bail!("{moves_in}: the solve result is for another deal than {ours}: {why}");
        }
    }
    let rules = v.rules();
    for (i, (&m, token)) in list.moves.iter().zip(&list.tokens).enumerate() {
        if let Some(p) = [m.from, m.to].into_iter().find(|&p| !rules.has_place(p)) {
            bail!(
                "{moves_in}: move list: move {} ({token}): {} has no {p} (its places are {})",
                i + 1,
                rules.name,
                rules.places_text()
            );
        }
    }
    for (i, (&m, token)) in list.moves.iter().zip(&list.tokens).enumerate() {
        match legal::<V>(v, &pos, m) {
            Ok(m) => {
                apply::<V>(v, &mut pos, m);
            }
            Err(why) => {
                writeln!(out, "illegal move {} ({token}): {why}", i + 1)?;
                return Ok(Outcome::Failure);
            }
        }
    }
    if pos.is_won::<V>(v) {
        writeln!(out, "won")?;
        Ok(Outcome::Success)
    } else {
        writeln!(
            out,
            "not won: {} of {} cards on the foundations after {} move{}",
            pos.on_found(),
            v.rules().cards(),
            list.moves.len(),
            if list.moves.len() == 1 { "" } else { "s" }
        )?;
        Ok(Outcome::Failure)
    }
}

/// Where two deals first differ, in words (`None`: the same cards in the same places; the
/// variant and the seed are not compared, and a deal without foundations is one with them
/// all empty).
pub(crate) fn difference(theirs: &Deal, ours: &Deal) -> Option<String> {
    let text = |list: &[patience::internal::cards::CardToken]| -> Vec<String> {
        list.iter().map(|c| c.to_text()).collect()
    };
    let mut places: Vec<(String, Vec<String>, Vec<String>)> = Vec::new();
    let n = theirs.piles.len().max(ours.piles.len());
    let pile = |d: &Deal, i: usize| d.piles.get(i).map(|p| text(p)).unwrap_or_default();
    for i in 0..n {
        places.push((format!("T{}", i + 1), pile(theirs, i), pile(ours, i)));
    }
    let reserve = |d: &Deal| -> Vec<String> {
        d.reserve
            .iter()
            .map(|s| s.map_or_else(|| "-".to_string(), |c| c.to_text()))
            .collect()
    };
    places.push(("the reserve".into(), reserve(theirs), reserve(ours)));
    places.push(("the stock".into(), text(&theirs.stock), text(&ours.stock)));
    places.push(("the waste".into(), text(&theirs.waste), text(&ours.waste)));
    let n = theirs.foundations.len().max(ours.foundations.len());
    let found = |d: &Deal, i: usize| d.foundations.get(i).map(|p| text(p)).unwrap_or_default();
    for i in 0..n {
        places.push((format!("F{}", i + 1), found(theirs, i), found(ours, i)));
    }
    let show = |cards: &[String]| {
        if cards.is_empty() {
            "empty".to_string()
        } else {
            cards.join(" ")
        }
    };
    places
        .into_iter()
        .find(|(_, a, b)| a != b)
        .map(|(place, a, b)| {
            format!(
                "{place} is {} there, {} here (bottom card first)",
                show(&a),
                show(&b)
            )
        })
}
