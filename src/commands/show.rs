//! `patience show SOURCE [SOLUTION] [--seed N | --pysol N | --deal FILE] [--html FILE | --tui |
//! --plain]`: a solution replayed by the engine from its deal, as a page for the browser, in
//! the terminal, or as every position one after another.
//!
//! The deal and the moves are checked as `check` checks them: a solution made for another
//! game, seed or deal is refused, and so is a move the rules refuse (exit status 2).

use super::{Outcome, check_face_down, for_variant, load_start};
use crate::cli::{ShowArgs, ShowSource, ShowView, Start};
use anyhow::{Context, Result, anyhow, bail};
use patience::Deal;
use patience::internal::game::{Position, Rules, Variant};
use patience::internal::show::Replay;
use patience::io::Input;
use patience::io::dealfile::read_deal;
use patience::io::movelist::{MoveList, read_moves};
use std::io::Write;

pub fn run(args: &ShowArgs, out: &mut dyn Write) -> Result<Outcome> {
    let source = args.source()?;
    let view = args.view();
    let (rules, source_text) = match &source {
        ShowSource::Game { variant, .. } => (super::rules_of(variant)?, None),
        ShowSource::File { file, .. } => {
            let text = file.read_to_string()?;
            let value: serde_json::Value = serde_json::from_str(&text)
                .with_context(|| format!("{file}: not JSON (a solve result or a deal file)"))?;
            let Some(variant) = value.get("variant").and_then(|v| v.as_str()) else {
                bail!(
                    "{file}: the file names no game (no \"variant\"): name it, as in `patience show GAME --deal {file} SOLUTION`"
                );
            };
            let rules = patience::games::find(variant).ok_or_else(|| {
                anyhow!(
                    "{file}: unknown variant {variant:?}; for a rules file's game, name the file: `patience show GAME.toml --deal {file} SOLUTION`"
                )
            })?;
            (rules, Some(text))
        }
    };
    for_variant!(rules, <V(v), 'a>(
        source: &'a ShowSource = &source,
        text: Option<&'a str> = source_text.as_deref(),
        view: &'a ShowView = &view,
        out: &'a mut dyn Write = out,
    ) -> Result<Outcome> => show::<V>(v, source, text, view, out))?
}

fn show<V: Variant>(
    v: V,
    source: &ShowSource,
    source_text: Option<&str>,
    view: &ShowView,
    out: &mut dyn Write,
) -> Result<Outcome> {
    let rules = v.rules();
    let (deal, pos, title, own_moves, solution) = match source {
        ShowSource::Game {
            start: Some(start),
            solution,
            ..
        } => {
            let (deal, pos) = load_start::<V>(v, start)?;
            (deal, pos, title(rules, start), None, Some(solution))
        }
        ShowSource::Game {
            start: None,
            solution,
            ..
        } => {
            // The solution is a solve result that holds its deal.
            let text = solution.read_to_string()?;
            let (deal, moves) = deal_of_file::<V>(v, solution, &text)?;
            let pos = checked_position::<V>(v, &deal, solution)?;
            let title = deal_title(rules, &deal, solution);
            (deal, pos, title, moves, None)
        }
        ShowSource::File { file, solution } => {
            let text = source_text.expect("the file was read to find its game");
            let (deal, moves) = deal_of_file::<V>(v, file, text)?;
            let pos = checked_position::<V>(v, &deal, file)?;
            let title = deal_title(rules, &deal, file);
            (deal, pos, title, moves, solution.as_ref())
        }
    };
    let moves = match solution {
        Some(input) => {
            let text = input.read_to_string()?;
            let list = read_moves(&text).with_context(|| input.to_string())?;
            same_deal::<V>(v, &list, &deal, input)?;
            list
        }
        None => own_moves.unwrap_or_default(),
    };
    let replay = Replay::new::<V>(v, title, &pos, &moves.moves)?;
    match view {
        ShowView::Html(path) => write_page(&replay, path)?,
        ShowView::Plain => plain(&replay, rules, out)?,
        ShowView::Tui => super::tui::run(&replay, rules)?,
    }
    Ok(Outcome::Success)
}

/// The deal of a file that is a solve result (with its deal, and its moves) or a deal file.
fn deal_of_file<V: Variant>(v: V, file: &Input, text: &str) -> Result<(Deal, Option<MoveList>)> {
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

/// The position of a deal read from a file, checked as `load_start` checks a deal file.
fn checked_position<V: Variant>(v: V, deal: &Deal, file: &Input) -> Result<Position> {
    let rules = v.rules();
    check_face_down(rules, deal)
        .with_context(|| format!("{file}: not a legal {} deal", rules.name))?;
    patience::internal::game::check_reachable::<V>(v, deal)
        .with_context(|| format!("{file}: not a legal {} deal", rules.name))?;
    let pos = Position::from_deal::<V>(v, deal)
        .with_context(|| format!("{file}: not a legal {} deal", rules.name))?;
    patience::internal::deal::check_seeded(rules, deal).with_context(|| file.to_string())?;
    Ok(pos)
}

/// Refuses a solve result made for another game, seed or deal (as `check` does).
fn same_deal<V: Variant>(v: V, list: &MoveList, deal: &Deal, input: &Input) -> Result<()> {
    let id = v.rules().id;
    if let Some(v) = &list.variant
        && v != id
    {
        bail!("{input}: the solve result is for {v:?}, not {id:?}");
    }
    if let (Some(theirs), Some(ours)) = (list.seed, deal.seed)
        && theirs != ours
    {
        bail!("{input}: the solve result is for seed {theirs}, the deal is seed {ours}");
    }
    if let Some(theirs) = &list.deal {
        let theirs = read_deal(&theirs.to_string())
            .with_context(|| format!("{input}: the deal of the solve result"))?;
        if let Some(why) = super::check::difference(&theirs, deal) {
            bail!("{input}: the solve result is for another deal: {why}");
        }
    }
    Ok(())
}

/// The page's title: the game and where its deal comes from.
pub fn title(rules: &Rules, start: &Start) -> String {
    match start {
        Start::Seed(seed) => format!("{}, seed {seed}", rules.name),
        Start::Pysol(n) => format!(
            "{}, {}",
            rules.name,
            patience::internal::pysol::source_text(rules, *n)
        ),
        Start::File(f) => format!("{}, {f}", rules.name),
    }
}

/// The title of a deal read from a file: its seed when it has one, else the file's name.
fn deal_title(rules: &Rules, deal: &Deal, file: &Input) -> String {
    match deal.seed {
        Some(seed) => format!("{}, seed {seed}", rules.name),
        None => format!("{}, {file}", rules.name),
    }
}

/// Writes the replay's page.
pub fn write_page(replay: &Replay, path: &std::path::Path) -> Result<()> {
    std::fs::write(path, patience::internal::show::html::page(replay))
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Every position, the deal first, each after a line naming the move that made it.
fn plain(replay: &Replay, rules: &Rules, out: &mut dyn Write) -> Result<()> {
    let n = replay.moves.len();
    writeln!(
        out,
        "{}: {n} move{}",
        replay.title,
        if n == 1 { "" } else { "s" }
    )?;
    for (i, deal) in replay.positions.iter().enumerate() {
        writeln!(out)?;
        match i {
            0 => writeln!(out, "move 0 of {n}: the deal")?,
            _ => {
                let m = &replay.moves[i - 1];
                writeln!(out, "move {i} of {n}: {} ({})", m.token, m.text)?;
            }
        }
        let picture = super::deal::picture(deal, rules);
        // The picture's first line is its title, which the line above replaces.
        let body = picture.split_once('\n').map_or("", |(_, rest)| rest);
        out.write_all(body.as_bytes())?;
    }
    Ok(())
}
