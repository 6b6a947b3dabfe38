//! `patience variants`: the games, one a line: id, name, summary; with `--rules ID`, a game's
//! rules as a rules file.

use super::Outcome;
use crate::cli::VariantsArgs;
use anyhow::Result;
use patience::games::ALL;
use patience::games::Games;
use std::io::Write;

pub fn run(args: &VariantsArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    if let Some(id) = &args.rules {
        // A rules file's path is taken too (its rules as read, checked and completed), as the
        // message of an unknown id says.
        let rules = super::rules_of(games, id)?;
        write!(out, "{}", patience::games::to_toml(rules))?;
        return Ok(Outcome::Success);
    }
    let id_w = ALL.iter().map(|r| r.id.len()).max().unwrap_or(0);
    let name_w = ALL.iter().map(|r| r.name.len()).max().unwrap_or(0);
    for r in ALL {
        writeln!(out, "{:<id_w$}  {:<name_w$}  {}", r.id, r.name, r.summary)?;
    }
    Ok(Outcome::Success)
}
