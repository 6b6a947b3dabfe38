//! Where a command's game starts: the deal of `--seed N`, `--deal FILE|-` or `--pysol N`, or of
//! a file that is a solve result or a deal file, and its checked position (the task
//! [`patience::tasks::start()`]).

use crate::cli::Start;
use anyhow::{Context, Result, bail};
use patience::io::Input;
use patience::io::dealfile::read_deal;
use patience::io::movelist::{MoveList, read_moves};
use patience::tasks::{self, DealFrom, TaskError};
use patience::{Deal, Position, Rules};

/// Where the deal of `start` comes from, as the tasks take it: a deal file is read here (one
/// that cannot be read is refused, naming it).
pub fn deal_from(start: &Start) -> Result<DealFrom> {
    Ok(match start {
        Start::Seed(seed) => DealFrom::Seed(*seed),
        Start::Pysol(number) => DealFrom::Pysol((*number).into()),
        Start::File(input) => {
            let text = input.read_to_string()?;
            DealFrom::Deal(read_deal(&text).with_context(|| input.to_string())?)
        }
    })
}

/// The error of a task on the deal of `start`: a deal file the game refuses is named first.
pub fn in_file(e: TaskError, start: &Start) -> anyhow::Error {
    match (e, start) {
        (e @ TaskError::Start(_), Start::File(input)) => {
            anyhow::Error::new(e).context(input.to_string())
        }
        (e, _) => e.into(),
    }
}

/// The start of the game of `rules` from `--seed N`, `--deal FILE|-` or `--pysol N`: where the
/// deal comes from, the deal (with its `variant` filled in) and the checked position. A deal
/// file naming another game is refused, and so is a PySolFC number for a game PySolFC does not
/// have.
pub fn start_of(rules: &'static Rules, start: &Start) -> Result<(DealFrom, Deal, Position)> {
    let from = deal_from(start)?;
    let (deal, pos) = tasks::start(rules, from.clone()).map_err(|e| in_file(e.into(), start))?;
    let from = match from {
        DealFrom::Deal(_) => DealFrom::Deal(deal.clone()),
        from => from,
    };
    Ok((from, deal, pos))
}

/// The checked position of a deal read from `file` (a deal file, or the deal a solve result
/// holds), as [`tasks::start::checked`] checks it.
pub fn checked_position(rules: &'static Rules, deal: &Deal, file: &Input) -> Result<Position> {
    tasks::start::checked_deal(rules, deal).with_context(|| file.to_string())
}

/// The deal of a file that is a solve result (with its deal, and its moves) or a deal file.
pub fn deal_of_file(
    rules: &'static Rules,
    file: &Input,
    text: &str,
) -> Result<(Deal, Option<MoveList>)> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    if value.get("verdict").is_none() {
        let deal = read_deal(text).with_context(|| file.to_string())?;
        return Ok((deal, None));
    }
    let list = read_moves(text).with_context(|| file.to_string())?;
    let deal = match (&list.deal, list.seed) {
        (Some(d), _) => read_deal(&d.to_string())
            .with_context(|| format!("{file}: the deal of the solve result"))?,
        (None, Some(seed)) => patience::deal(rules, seed),
        (None, None) => bail!("{file}: the solve result holds neither its deal nor its seed"),
    };
    let mut deal = deal;
    deal.variant = Some(rules.id.to_string());
    if deal.seed.is_none() {
        deal.seed = list.seed;
    }
    Ok((deal, Some(list)))
}

/// The page's title: the game and where its deal comes from.
pub fn title(rules: &Rules, start: &Start) -> String {
    match start {
        Start::Seed(seed) => format!("{}, seed {seed}", rules.name),
        Start::Pysol(n) => format!("{}, {}", rules.name, n.source_text(rules)),
        Start::File(f) => format!("{}, {f}", rules.name),
    }
}

/// The title of a deal read from a file: its seed when it has one, else the file's name.
pub fn deal_title(rules: &Rules, deal: &Deal, file: &Input) -> String {
    match deal.seed {
        Some(seed) => format!("{}, seed {seed}", rules.name),
        None => format!("{}, {file}", rules.name),
    }
}
