//! Where a command's game starts: the deal of `--seed N`, `--deal FILE|-` or `--pysol N`, or of
//! a file that is a solve result or a deal file, and its checked position.

use crate::cli::Start;
use anyhow::{Context, Result, bail};
use patience::io::Input;
use patience::io::dealfile::read_deal;
use patience::io::movelist::{MoveList, read_moves};
use patience::tasks::{self, DealFrom};
use patience::{Deal, Observation, Position, Rules, Variant};

/// The start position of game `V` from `--seed N`, `--deal FILE|-` or `--pysol N`: the deal
/// (with its `variant` filled in) and the checked position ([`tasks::position`]). A deal file
/// naming another game is refused, and so is a PySolFC number for a game PySolFC does not have.
pub fn load_start<V: Variant>(v: V, start: &Start) -> Result<(Deal, Position)> {
    match start {
        Start::Seed(seed) => Ok(tasks::position(v, DealFrom::Seed(*seed))?),
        Start::Pysol(number) => Ok(tasks::position(v, DealFrom::Pysol((*number).into()))?),
        Start::File(input) => {
            let text = input.read_to_string()?;
            let deal = read_deal(&text).with_context(|| input.to_string())?;
            Ok(tasks::position(v, DealFrom::Deal(deal)).with_context(|| input.to_string())?)
        }
    }
}

/// [`load_start`] for the game of `rules`, through the task [`tasks::start()`]; the deal's
/// source as the task takes it comes with it.
pub fn start_of(rules: &'static Rules, start: &Start) -> Result<(DealFrom, Deal, Position)> {
    let from = match start {
        Start::Seed(seed) => DealFrom::Seed(*seed),
        Start::Pysol(number) => DealFrom::Pysol((*number).into()),
        Start::File(input) => {
            let text = input.read_to_string()?;
            let deal = read_deal(&text).with_context(|| input.to_string())?;
            let (deal, pos) =
                tasks::start(rules, DealFrom::Deal(deal)).with_context(|| input.to_string())?;
            return Ok((DealFrom::Deal(deal.clone()), deal, pos));
        }
    };
    let (deal, pos) = tasks::start(rules, from.clone())?;
    Ok((from, deal, pos))
}

/// The position of a deal read from `file`, checked as [`tasks::start::checked`] checks it.
pub fn checked_position<V: Variant>(v: V, deal: &Deal, file: &Input) -> Result<Position> {
    tasks::start::checked(v, deal).with_context(|| file.to_string())
}

/// The deal of a file that is a solve result (with its deal, and its moves) or a deal file.
pub fn deal_of_file<V: Variant>(
    v: V,
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
        (None, Some(seed)) => patience::deal(v.rules(), seed),
        (None, None) => bail!("{file}: the solve result holds neither its deal nor its seed"),
    };
    let mut deal = deal;
    deal.variant = Some(v.rules().id.to_string());
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

/// The deal of a deal file whose unknown cards are written `??` (`hint`), and what the player
/// sees of it ([`tasks::start::observed`]).
pub fn observed<V: Variant>(v: V, input: &Input) -> Result<(Deal, Observation)> {
    let text = input.read_to_string()?;
    let deal = read_deal(&text).with_context(|| input.to_string())?;
    tasks::start::observed(v, deal).with_context(|| input.to_string())
}
