//! One file per subcommand. Each exposes `run(&Args, out) -> anyhow::Result<Outcome>`; errors
//! are bad input (exit status 2), [`Outcome`] is the command's answer (exit status 0 or 1).
//! Shared here: the variant lookup, Ctrl-C, and (in [`start`]) the start position from
//! `--seed N`, `--deal FILE|-` or `--pysol N`.

pub mod catalogue;
pub mod check;
pub mod compare;
pub mod deal;
pub mod hint;
pub mod merge;
pub mod outputs;
pub mod play;
pub mod plot;
pub mod progress;
pub mod show;
pub mod solve;
pub mod start;
pub mod sweep;
pub mod tui;
pub mod variants;
pub mod winrate;

use crate::cli::{Cli, Command};
use anyhow::{Result, bail};
use patience::Rules;
use patience::games::Games;
use std::io::Write;

/// What a command that ran to the end has to say.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done, and the answer is yes (exit status 0).
    Success,
    /// Done, and the answer is no: not won, an illegal move (exit status 1).
    Failure,
}

impl Outcome {
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Success => 0,
            Outcome::Failure => 1,
        }
    }
}

/// Runs the command with the games it may name (`games`, to which it adds those it loads),
/// writing its output to `out`.
pub fn run(cli: &Cli, games: &mut Games, out: &mut dyn Write) -> Result<Outcome> {
    match &cli.command {
        Command::Variants(args) => variants::run(args, games, out),
        Command::Deal(args) => deal::run(args, games, out),
        Command::Check(args) => check::run(args, games, out),
        Command::Solve(args) => solve::run(args, games, out),
        Command::Winrate(args) => winrate::run(args, games, out),
        Command::Merge(args) => merge::run(args, games, out),
        Command::Compare(args) => compare::run(args, games, out),
        Command::Play(args) => play::run(args, games, out),
        Command::Hint(args) => hint::run(args, games, out),
        Command::Sweep(args) => sweep::run(args, games, out),
        Command::Show(args) => show::run(args, games, out),
        Command::Plot(args) => plot::run(args, games, out),
        Command::Catalogue(args) => catalogue::run(args, games, out),
    }
}

/// With `--verify`: every win that rows of the result file `path` claim, replayed on its real
/// deal; the first row whose solution does not win is refused, naming the file and the line.
pub fn verify_rows<'a>(
    path: &std::path::Path,
    rows: impl IntoIterator<Item = &'a patience::Row>,
    games: &Games,
) -> Result<()> {
    for row in rows {
        if let Err(why) = patience::tasks::verify::replay(&row.record, games) {
            bail!(
                "{}: line {} ({}) claims a win that --verify cannot replay: {why}",
                path.display(),
                row.line,
                row.record.deal_text()
            );
        }
    }
    Ok(())
}

/// The pool of `threads` worker threads of a run (`winrate`, `sweep`, `catalogue`); threads
/// the system cannot start (memory short, `ulimit -v`, a limit on processes) are bad input
/// (exit status 2), not a panic.
pub fn worker_pool(threads: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("worker-{i}"))
        .build()
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot start {threads} worker thread(s): {e}; lower --threads, or allow the process more memory"
            )
        })
}

/// The rules of a VARIANT argument (see [`Games::lookup`]): a built-in game's id, or the path
/// of a rules file (a name ending in `.toml`, read as given: a path need not be UTF-8), added
/// to `games`.
pub fn rules_of(games: &mut Games, variant: &std::ffi::OsStr) -> Result<&'static Rules> {
    if variant.as_encoded_bytes().ends_with(b".toml") {
        return Ok(games.load(std::path::Path::new(variant))?);
    }
    match variant.to_str() {
        Some(id) => Ok(games.lookup(id)?),
        None => Err(patience::games::unknown(&variant.to_string_lossy()).into()),
    }
}

/// Set by Ctrl-C: long searches stop cleanly with `unknown` (cancelled).
pub fn cancel_flag() -> &'static std::sync::atomic::AtomicBool {
    static FLAG: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    static HANDLER: std::sync::Once = std::sync::Once::new();
    HANDLER.call_once(|| {
        // Without a handler (some sandboxes refuse one) Ctrl-C simply ends the process.
        let _ = ctrlc::set_handler(|| FLAG.store(true, std::sync::atomic::Ordering::Relaxed));
    });
    &FLAG
}
