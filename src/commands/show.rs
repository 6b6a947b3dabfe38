//! `patience show SOURCE [SOLUTION] [--seed N | --pysol N | --deal FILE] [--html FILE | --tui |
//! --plain]`: a solution replayed by the engine from its deal, as a page for the browser, in
//! the terminal, or as every position one after another.
//!
//! The deal and the moves are checked as `check` checks them: a solution made for another
//! game, seed or deal is refused, and so is a move the rules refuse (exit status 2).
//!
//! Without a SOLUTION, a deal given by `--seed`, `--pysol` or `--deal` is solved first, as
//! `patience solve` solves it (same limits, `--max-nodes` and the others; the win shortened
//! and checked by replay). A deal that is not won (unsolvable, or unknown at a limit) has
//! nothing to replay: one line says its verdict and the exit status is 1, as `solve`'s is.

use super::Outcome;
use super::outputs::{FileArg, check_outputs};
use super::start::{checked_position, deal_of_file, deal_title, start_of, title};
use crate::cli::{ShowArgs, ShowSource, ShowView};
use anyhow::{Context, Result, anyhow, bail};
use patience::games::Games;
use patience::io::Input;
use patience::io::dealfile::read_deal;
use patience::io::movelist::{MoveList, read_moves};
use patience::show::Replay;
use patience::show::picture::write_replay;
use patience::tasks::show::replay;
use patience::{Deal, Limit, Rules, Verdict};
use std::io::Write;

pub fn run(args: &ShowArgs, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    let source = args.source()?;
    let view = args.view();
    if let ShowView::Html(html) = &view {
        let inputs: Vec<FileArg> = [
            match &source {
                ShowSource::Game { .. } | ShowSource::Deal { .. } => {
                    FileArg::of_variant("SOURCE", &args.source)
                }
                ShowSource::File { .. } => FileArg::of_arg("SOURCE", &args.source),
            },
            args.solution
                .as_deref()
                .and_then(|s| FileArg::of_arg("SOLUTION", s)),
            args.deal
                .as_deref()
                .and_then(|d| FileArg::of_arg("--deal", d)),
        ]
        .into_iter()
        .flatten()
        .collect();
        check_outputs(&inputs, &[FileArg::new("--html", html)])?;
    }
    let (rules, source_text) = match &source {
        ShowSource::Game { variant, .. } | ShowSource::Deal { variant, .. } => {
            (super::rules_of(games, variant)?, None)
        }
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
    show(rules, args, &source, source_text.as_deref(), &view, out)
}

fn show(
    rules: &'static Rules,
    args: &ShowArgs,
    source: &ShowSource,
    source_text: Option<&str>,
    view: &ShowView,
    out: &mut dyn Write,
) -> Result<Outcome> {
    if let ShowSource::Deal { start, .. } = source {
        let solved = super::solve::solved(rules, &args.solver, start)?;
        let title = title(rules, start);
        let Verdict::Solved(moves) = &solved.solution.verdict else {
            let verdict = not_won(&solved.solution.verdict);
            writeln!(out, "{title}: {verdict}; nothing to replay")?;
            return Ok(Outcome::Failure);
        };
        let replay = replay(rules, title, &solved.start, moves)?;
        view_replay(&replay, rules, view, out)?;
        return Ok(Outcome::Success);
    }
    let (deal, pos, title, own_moves, solution) = match source {
        ShowSource::Game {
            start: Some(start),
            solution,
            ..
        } => {
            let (_, deal, pos) = start_of(rules, start)?;
            (deal, pos, title(rules, start), None, Some(solution))
        }
        ShowSource::Game {
            start: None,
            solution,
            ..
        } => {
            // The solution is a solve result that holds its deal.
            let text = solution.read_to_string()?;
            let (deal, moves) = deal_of_file(rules, solution, &text)?;
            let pos = checked_position(rules, &deal, solution)?;
            let title = deal_title(rules, &deal, solution);
            (deal, pos, title, moves, None)
        }
        ShowSource::Deal { .. } => unreachable!("a deal without a solution is solved above"),
        ShowSource::File { file, solution } => {
            let text = source_text.expect("the file was read to find its game");
            let (deal, moves) = deal_of_file(rules, file, text)?;
            let pos = checked_position(rules, &deal, file)?;
            let title = deal_title(rules, &deal, file);
            (deal, pos, title, moves, solution.as_ref())
        }
    };
    let moves = match solution {
        Some(input) => {
            let text = input.read_to_string()?;
            let list = read_moves(&text).with_context(|| input.to_string())?;
            same_deal(rules, &list, &deal, input)?;
            list
        }
        None => own_moves.unwrap_or_default(),
    };
    let replay = replay(rules, title, &pos, &moves.moves)?;
    view_replay(&replay, rules, view, out)?;
    Ok(Outcome::Success)
}

/// Shows the replay in the view asked for.
fn view_replay(replay: &Replay, rules: &Rules, view: &ShowView, out: &mut dyn Write) -> Result<()> {
    match view {
        ShowView::Html(path) => super::solve::write_page(replay, path),
        ShowView::Plain => Ok(write_replay(replay, rules, out)?),
        ShowView::Tui => super::tui::run(replay, rules),
    }
}

/// The verdict of a deal that is not won, in words: `unsolvable (every reachable position
/// searched)`, `unknown: stopped by the node limit`, `unknown: interrupted (Ctrl-C)`.
fn not_won(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Solved(_) => "solved".into(),
        Verdict::Unsolvable => "unsolvable (every reachable position searched)".into(),
        Verdict::Unknown(Limit::Cancelled) => "unknown: interrupted (Ctrl-C)".into(),
        Verdict::Unknown(limit) => format!("unknown: stopped by the {limit}"),
    }
}

/// Refuses a solve result made for another game, seed or deal (as `check` does).
fn same_deal(rules: &Rules, list: &MoveList, deal: &Deal, input: &Input) -> Result<()> {
    let id = rules.id;
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
        if let Some(why) = patience::tasks::check::difference(&theirs, deal) {
            bail!("{input}: the solve result is for another deal: {why}");
        }
    }
    Ok(())
}
