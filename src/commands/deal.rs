//! `patience deal VARIANT (--seed N | --deal FILE | --pysol N) [--json]`: a picture of the deal, or its
//! deal file.

use super::Outcome;
use super::start::start_of;
use crate::cli::{DealArgs, Start};
use anyhow::Result;
use patience::games::Games;
use patience::io::dealfile::write_deal;
use patience::show::picture::picture;
use std::io::Write;

pub fn run(args: &DealArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let rules = super::rules_of(games, &args.variant)?;
    let start = args.start.start();
    let (_, deal, _pos) = start_of(rules, &start)?;
    if args.json {
        writeln!(out, "{}", write_deal(&deal))?;
    } else {
        let mut text = picture(&deal, rules);
        if let Start::Pysol(number) = start {
            // The title names the PySolFC game (a deal file has no key for it).
            let rest = text.split_once('\n').map_or("", |(_, rest)| rest);
            let source = number.source_text(rules);
            text = format!("{}, {source}\n{rest}", rules.name);
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(Outcome::Success)
}
