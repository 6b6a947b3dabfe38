//! The command line: clap definitions (raw arguments), and their translation into the settings
//! the commands use ([`StartArgs::start`]). Doc comments here are the `--help` text.
//!
//! A new subcommand is a variant of [`Command`] with its `Args` struct, and a file in
//! `src/commands/` whose `run` the dispatcher in [`crate::commands::run`] calls.

use clap::{Args, Parser, Subcommand};
use patience::io::Input;

/// Solver and win-rate analyzer for patience (solitaire) card games.
///
/// Exit status: 0 success (for `check`: won), 1 a negative answer (not won, illegal move),
/// 2 bad input (unknown variant, unreadable or malformed file, bad move token, bad arguments).
#[derive(Parser, Debug)]
#[command(
    name = "patience",
    version,
    about,
    long_about,
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games: id, name and a one-line summary of the rules.
    Variants(VariantsArgs),
    /// Show the deal of a game for a seed (or a deal file, or a PySolFC game number), as a
    /// picture or as a deal file.
    Deal(DealArgs),
    /// Replay a move list from a deal and say whether it wins.
    ///
    /// Prints `won` (exit 0), `not won` with the number of cards on the foundations (exit 1),
    /// or `illegal move N (TOKEN): REASON` (exit 1).
    Check(CheckArgs),
    /// Solve a deal with every card known (thoughtful play): a verified solution, a proof that
    /// none exists, or `unknown` with the limit that stopped the search.
    ///
    /// Exit status: 0 solved, 1 unsolvable or unknown, 2 bad input.
    Solve(SolveArgs),
    /// Solve many seeded deals in parallel and report the win rate (thoughtful play) with its
    /// 95% Wilson interval, and the cost per deal; optionally keep a result row per deal in a
    /// CSV file.
    ///
    /// Several variants run on the same seeds and give a summary row each. Each worker thread
    /// has its own solver, whose table --table-mib bounds: the run may hold up to
    /// threads × table-mib (the bound is per worker so that results never depend on the thread
    /// count). Ctrl-C stops cleanly: finished rows are kept and summarized.
    ///
    /// Exit status: 0 every deal done, 1 interrupted by Ctrl-C, 2 bad input.
    Winrate(WinrateArgs),
    /// Play one deal, thoughtfully (the solver's line) or in hidden play (`--knowledge hidden`:
    /// the planner sees only what a person at the table sees), and print each decision with
    /// its estimated chances.
    ///
    /// Exit status: 0 won, 1 not won, 2 bad input.
    Play(PlayArgs),
    /// Recommend a move for a position in which unknown face-down cards, stock cards and
    /// (Lucky Thirteen) covered cards are written `??` (docs/formats.md), with the estimated
    /// chances of the top moves (hidden play).
    ///
    /// Exit status: 0 a move is recommended, 1 no move (none legal, or every move looks lost),
    /// 2 bad input.
    Hint(HintArgs),
    /// Merge result CSV files of `winrate --csv` (the shards of a run) and print their summary.
    ///
    /// A deal found twice with the same result (all columns but `seconds`) is kept once, with a
    /// note; with different results it is refused, except that a thoughtful `unknown` row gives
    /// way to a decided one (`winrate --retry` with a larger budget), with a note. With --seeds
    /// (and --shards), the files are checked against the run's plan (docs/cluster.md). A file
    /// given twice (under one name or two, or also through its directory) is refused.
    ///
    /// Exit status: 0 merged (with --seeds: every deal has a row), 1 merged, but deals of
    /// --seeds have no row, 2 bad input.
    Merge(MergeArgs),
    /// Compare two result CSV files of one game deal by deal, on the seeds both hold: the
    /// verdicts side by side, the deals won by one only (with an exact sign test), and what the
    /// two say together about play with every card known.
    ///
    /// Each file must hold one game, one knowledge and (hidden rows) one planner budget: two
    /// budgets of the solver or of the planner, or a thoughtful run beside a hidden one. The
    /// solver writes a win only after replaying it on its deal, so a deal won in either file is
    /// won with every card known, as far as the files are as the solver wrote them: --verify
    /// replays every claimed win again here (without it, only rows that cannot be true are
    /// refused). Only thoughtful `unsolvable` rows prove the opposite. A deal proved
    /// unsolvable in one file and won in the other is a contradiction (one of them is wrong).
    /// One file given as both A and B is compared with itself, with a note.
    ///
    /// Exit status: 0 no contradiction, 1 a contradiction, 2 bad input.
    Compare(CompareArgs),
    /// Run a game and its variants on the same seeds, a rule changed per `--vary KEY=V1,V2,...`
    /// (keys and values as a rules file spells them, docs/sweeps.md): every combination is a
    /// game of its own (id: the game's, then each key and value), its rows go to one CSV, and
    /// its rules file beside it. Prints each variant's win rate with its 95% interval and its
    /// difference from the first variant on the same deals, with an exact sign test.
    ///
    /// Exit status: 0 every deal done, 1 interrupted by Ctrl-C, 2 bad input.
    Sweep(SweepArgs),
    /// Step through a solution: a page for the browser (`--html FILE`), the terminal
    /// (`--tui`) or every position one after another (`--plain`, the default).
    ///
    /// Every position is the engine's replay of the moves from the deal, as `check` replays
    /// them: a move the rules refuse is an error. SOURCE is a game (an id or a rules file)
    /// with --seed, --pysol or --deal and a SOLUTION, or with a SOLUTION that is a solve
    /// result (`solve --json`, which holds its deal); or, alone, a saved solve result or a
    /// deal file naming its game, with an optional SOLUTION.
    ///
    /// Exit status: 0 shown, 2 bad input (an illegal move, a solution for another deal).
    Show(ShowArgs),
    /// Plot result CSV files (`winrate --csv`) as one SVG: the win rate of each game of each
    /// file with its 95% Wilson interval and the band its unknown deals leave open, and the
    /// distribution of nodes and of seconds per deal (log scale).
    ///
    /// A deal counts once: in a file, a row that repeats an earlier row of the same deal
    /// (variant, seed, knowledge, deal source and planner budget) with the same result (every
    /// column but `seconds`) is left out, with a note; with another result (a conflict) the
    /// file is refused, naming the deal and both lines. A file given twice is refused, and so
    /// is an --out that is one of the files read.
    ///
    /// Exit status: 0 written, 2 bad input.
    Plot(PlotArgs),
    /// Grade every deal of a range (docs/difficulty.md): its thoughtful verdict, hidden play,
    /// the narrowness of its solution and its length, and a grade from very easy to very hard
    /// (or not winnable, or unknown); a row per deal in --csv and --json, and the grades'
    /// distribution.
    ///
    /// Exit status: 0 every deal done, 1 interrupted by Ctrl-C, 2 bad input.
    Catalogue(CatalogueArgs),
}

#[derive(Args, Debug)]
pub struct VariantsArgs {
    /// Print the rules of this built-in game as a rules file (TOML, see docs/formats.md), to
    /// copy and change: give the copy an id of its own and pass its path where a command takes
    /// a VARIANT. The path of a rules file prints its rules in full, as they were read.
    #[arg(long, value_name = "ID")]
    pub rules: Option<std::ffi::OsString>,
}

/// Where a game starts: a seeded deal, a deal file or a PySolFC game number.
#[derive(Args, Debug, Clone)]
#[group(required = true, multiple = false)]
pub struct StartArgs {
    /// Deal the game from this seed (the same seed always gives the same deal).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = seed_number)]
    pub seed: Option<u64>,
    /// Start from this deal file (JSON, see docs/formats.md); `-` reads standard input.
    #[arg(long = "deal", value_name = "FILE")]
    pub deal: Option<std::ffi::OsString>,
    /// Deal PySolFC's game number N (1 to 10^20, or msN for its LCG games): the same cards in
    /// the same places as PySolFC's game, in our layout (docs/formats.md, "Deal sources").
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = clap::value_parser!(patience::PysolNumber))]
    pub pysol: Option<patience::PysolNumber>,
}

use patience::Options;

/// A whole number, 0 or more (`--seed`, `--first-seed`, `--planner-seed`): the message says
/// so for `-1` or `1.5` too (instead of clap's tip about `--`, which does not apply).
fn seed_number(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("a seed is a whole number from 0 to {}", u64::MAX))
}

/// `hint --seed N`, always refused: hint takes a position as the player sees it.
fn hint_seed(_: &str) -> Result<u64, String> {
    Err(
        "hint takes a position as a player sees it, not a seed: give it with --deal FILE (`??` for the unknown cards) or --pysol N; `patience play VARIANT --seed N --knowledge hidden` plays a seed's deal"
            .to_string(),
    )
}

/// `winrate --first-seed`: the number of a deal (a seed, or with `--pysol` a PySolFC game
/// number, which the run checks against its source), and whether it was written msN
/// (PySolFC's, so only with --pysol).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FirstSeedArg {
    pub number: u128,
    pub ms: bool,
}

fn deal_number(s: &str) -> Result<FirstSeedArg, String> {
    let t = s.trim();
    if t.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("ms")) {
        // msN below ms32000 is game N (marked, so that the run can ask for --pysol).
        return patience::SeedRange::parse_pysol(&format!("{t}..={t}")).map(|r| FirstSeedArg {
            number: r.first,
            ms: true,
        });
    }
    t.parse()
        .ok()
        .filter(|&n| n <= patience::PysolNumber::MAX)
        .map(|number| FirstSeedArg { number, ms: false })
        .ok_or_else(|| {
            format!(
                "a seed is a whole number from 0 to {}, and with --pysol a PySolFC game number from 1 to {}",
                u64::MAX,
                patience::PysolNumber::MAX
            )
        })
}

/// `winrate --seeds`: the range, and whether it was written with msN (PySolFC's numbers, so
/// only with --pysol).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeedsArg {
    pub range: patience::SeedRange,
    pub ms: bool,
}

fn seeds_arg(s: &str) -> Result<SeedsArg, String> {
    let ms = s.to_ascii_lowercase().contains("ms");
    let range = match ms {
        true => patience::SeedRange::parse_pysol(s)?,
        false => s.parse()?,
    };
    Ok(SeedsArg { range, ms })
}

/// How many moves `hint --top` lists: 1 or more (0 listed one all the same).
fn top_number(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {}", usize::MAX)),
    }
}

/// A whole number, 1 or more (`--max-nodes`).
fn positive_number(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {}", u64::MAX)),
    }
}

/// A table bound in MiB, 1 to [`Options::MAX_TABLE_MIB`] (`--table-mib`).
fn table_mib_number(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if (1..=Options::MAX_TABLE_MIB).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a whole number of MiB from 1 to {} (1 TiB)",
            Options::MAX_TABLE_MIB
        )),
    }
}

/// A validated [`StartArgs`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    Seed(u64),
    File(Input),
    /// A PySolFC game number.
    Pysol(patience::PysolNumber),
}

impl StartArgs {
    pub fn start(&self) -> Start {
        match (self.seed, &self.deal, self.pysol) {
            (Some(seed), _, _) => Start::Seed(seed),
            (None, Some(file), _) => Start::File(Input::from_arg(file)),
            (None, None, Some(n)) => Start::Pysol(n),
            // clap's argument group requires exactly one of the three.
            (None, None, None) => unreachable!("clap requires --seed, --deal or --pysol"),
        }
    }
}

#[derive(Args, Debug)]
pub struct DealArgs {
    /// The game: an id from `patience variants`, or the path of a rules file (`.toml`).
    pub variant: std::ffi::OsString,
    #[command(flatten)]
    pub start: StartArgs,
    /// Print the deal file (one line of JSON) instead of a picture.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The game: an id from `patience variants`, or the path of a rules file (`.toml`).
    pub variant: std::ffi::OsString,
    #[command(flatten)]
    pub start: StartArgs,
    /// The moves: a file of move tokens (`T3>F1 R5>T2 ...`, line numbers `12.` and `#` comments
    /// ignored) or a solve result (JSON); `-` reads standard input.
    #[arg(value_name = "MOVES")]
    pub moves: std::ffi::OsString,
}

impl CheckArgs {
    pub fn moves(&self) -> Input {
        Input::from_arg(&self.moves)
    }
}

use patience::PruneRule;

/// The solver's budget, shared by the commands that solve.
#[derive(Args, Debug, Clone)]
pub struct SolverArgs {
    /// Give up (verdict `unknown`) after this many nodes (moves made by the search; at least
    /// one). The bound is per solve: in hidden play it bounds the thoughtful solve of the exact
    /// shortcut (`winrate`), while the planner's solves have their own budgets (--sample-nodes),
    /// so a hidden game's node count (all of its solves) can pass it.
    #[arg(long, value_name = "N", default_value_t = patience::Options::DEFAULT_MAX_NODES,
          allow_negative_numbers = true, value_parser = positive_number)]
    pub max_nodes: u64,
    /// Give up (verdict `unknown`) after this many seconds: above 0, at most 31536000 (a
    /// year). Results then depend on the machine; the node limit does not.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub timeout: Option<f64>,
    /// Most memory for the transposition table, in MiB: 1 to 1048576 (1 TiB). In hidden play
    /// it also bounds each of the planner's tables, which are at most 64 MiB (its samples'
    /// solves) and 1 GiB (its last solve) anyway.
    #[arg(long, value_name = "MIB", default_value_t = (patience::Options::DEFAULT_TABLE_BYTES >> 20) as u64,
          allow_negative_numbers = true, value_parser = table_mib_number)]
    pub table_mib: u64,
    /// Switch off all the proved pruning rules (for cross-checks; much slower). In hidden play,
    /// in the planner's solves too, as `--prune-off` is.
    #[arg(long)]
    pub no_prune: bool,
    /// Switch off some of the proved pruning rules, comma-separated (for cross-checks: the
    /// verdicts are the same). `--help` lists each rule with what it does.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub prune_off: Vec<PruneRule>,
    /// Only the exhaustive depth-first search: skip the streamlined search (games with
    /// face-down cards), the short first search and the best-first search (verdicts are the
    /// same; wins are usually found later).
    #[arg(long)]
    pub dfs_only: bool,
}

impl SolverArgs {
    /// The pruning in force, in words: `on`, `off`, or `on except talon,safe`.
    pub fn prune_text(&self) -> String {
        if self.no_prune {
            return "off".into();
        }
        if self.prune_off.is_empty() {
            return "on".into();
        }
        let off: Vec<&str> = self.prune_off.iter().map(|r| r.name()).collect();
        format!("on except {}", off.join(","))
    }

    /// The solver options these arguments ask for, their limits checked by
    /// [`patience::Options::with_limits`] (and by the value parsers above).
    pub fn options(&self) -> anyhow::Result<patience::Options> {
        let limits = patience::Options::with_limits(self.max_nodes, self.timeout, self.table_mib)
            .map_err(|e| {
            anyhow::anyhow!(e.message(["--max-nodes", "--timeout", "--table-mib"]))
        })?;
        Ok(patience::Options {
            prune: if self.no_prune {
                patience::Prune::NONE
            } else {
                let mut p = patience::Prune::default();
                for &r in &self.prune_off {
                    p = p.without(r);
                }
                p
            },
            quick: !self.dfs_only,
            ..limits
        })
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game: an id from `patience variants`, or the path of a rules file (`.toml`).
    pub variant: std::ffi::OsString,
    #[command(flatten)]
    pub start: StartArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Print the solve result as JSON (docs/formats.md), with the deal included.
    #[arg(long)]
    pub json: bool,
    /// Also write the solution as a page to step through in a browser (one self-contained
    /// HTML file, see `patience show`). Written only when a solution is found.
    #[arg(long, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
}

/// The hidden-play planner's budget (win rates are comparable only at equal budget).
#[derive(Args, Debug, Clone)]
pub struct PlannerArgs {
    /// Hidden play: fill-ins of the unseen cards drawn per decision (1..=1024); the planner
    /// shares 8 pulls per sample among its candidates.
    #[arg(long, value_name = "K", default_value_t = patience::Budget::DEFAULT_SAMPLES,
          allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub samples: u32,
    /// Hidden play: node budget of each solve of a fill-in.
    #[arg(long, value_name = "N", default_value_t = patience::Budget::DEFAULT_SAMPLE_NODES,
          allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub sample_nodes: u64,
}

impl PlannerArgs {
    pub fn budget(&self) -> patience::Budget {
        patience::Budget::new(self.samples, self.sample_nodes)
    }
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: an id from `patience variants`, or the path of a rules file (`.toml`).
    pub variant: std::ffi::OsString,
    #[command(flatten)]
    pub start: StartArgs,
    /// What the player knows: `thoughtful` (every card) or `hidden` (what a person sees).
    #[arg(long, value_enum, default_value_t = patience::Knowledge::Thoughtful)]
    pub knowledge: patience::Knowledge,
    /// The thoughtful solve. In hidden play the planner plays as a person would, with no
    /// thoughtful solve first (only `winrate` takes that exact shortcut, which cannot change a
    /// result); the table bound and the pruning then apply to the planner's solves.
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub planner: PlannerArgs,
}

#[derive(Args, Debug)]
pub struct HintArgs {
    /// The game: an id from `patience variants`, or the path of a rules file (`.toml`).
    pub variant: std::ffi::OsString,
    /// The position (JSON deal file, `??` for unknown cards); `-` reads standard input.
    #[arg(long = "deal", value_name = "FILE", required_unless_present = "pysol")]
    pub deal: Option<std::ffi::OsString>,
    /// Instead of --deal: the start of PySolFC's game number N, as a person at the table sees
    /// it (face-down cards and a hidden stock unknown).
    #[arg(long, value_name = "N", conflicts_with = "deal", allow_negative_numbers = true,
          value_parser = clap::value_parser!(patience::PysolNumber))]
    pub pysol: Option<patience::PysolNumber>,
    /// Not an option of hint (a seed's deal is every card known): refused with a message that
    /// says what hint takes instead.
    #[arg(long, hide = true, value_name = "N", allow_hyphen_values = true, value_parser = hint_seed)]
    pub seed: Option<u64>,
    /// Seed of the planner's random stream (the deal file's seed if it has one, else 0).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = seed_number)]
    pub planner_seed: Option<u64>,
    #[command(flatten)]
    pub planner: PlannerArgs,
    /// How many of the top moves to show (at least 1).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 5,
        allow_negative_numbers = true,
        value_parser = top_number
    )]
    pub top: usize,
}

#[derive(Args, Debug)]
pub struct WinrateArgs {
    /// The games (ids from `patience variants`, or paths of rules files), run one after the
    /// other on the same seeds.
    #[arg(value_name = "VARIANT", required = true)]
    pub variants: Vec<std::ffi::OsString>,
    /// How many deals: the seeds from --first-seed on.
    #[arg(long, value_name = "N", default_value_t = 1000, conflicts_with = "seeds",
          allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub deals: u64,
    /// The first seed [default: 0]; with --pysol, the first PySolFC game number [default: 1,
    /// PySolFC's first game: it has no game 0].
    #[arg(long, value_name = "S", conflicts_with = "seeds",
          allow_negative_numbers = true, value_parser = deal_number)]
    pub first_seed: Option<FirstSeedArg>,
    /// The seeds as a range, instead of --deals and --first-seed: `A..B` (B excluded) or `A..=B`;
    /// with --pysol an end may be written msN below ms32000 (`ms1..ms100` is `1..100`).
    #[arg(long, value_name = "A..B", allow_hyphen_values = true, value_parser = seeds_arg)]
    pub seeds: Option<SeedsArg>,
    /// Solve again only the deals that this result file (of `winrate --csv`) records as
    /// `unknown` in thoughtful play, typically with a larger --max-nodes; the seeds are those
    /// of --seeds, or else every seed from the file's first unknown deal to its last. `patience
    /// merge FILE NEW.csv` then replaces the unknown rows by the new verdicts.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["deals", "first_seed"])]
    pub retry: Option<std::path::PathBuf>,
    /// Run one shard of the seeds: those whose index in the range (from 0) is K modulo N.
    #[arg(long, value_name = "K/N", allow_hyphen_values = true,
          value_parser = clap::value_parser!(patience::Shard))]
    pub shard: Option<patience::Shard>,
    /// The seeds (of --seeds, --deals and --first-seed, or --retry) are PySolFC's game numbers:
    /// each deal is the one PySolFC deals for that number (docs/formats.md, "Deal sources"),
    /// and its row says `pysol` in the CSV's `source` column. A --resume or --retry file must
    /// be of the same kind.
    #[arg(long)]
    pub pysol: bool,
    /// Worker threads [default: one per core].
    #[arg(long, short = 'j', value_name = "J", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// What the player knows: `thoughtful` (every card; the solver's verdict) or `hidden`
    /// (what a person sees; the planner plays each deal, after the thoughtful solve as an
    /// exact shortcut: a deal proved unsolvable is lost without planning).
    #[arg(long, value_enum, default_value_t = patience::Knowledge::Thoughtful)]
    pub knowledge: patience::Knowledge,
    #[command(flatten)]
    pub planner: PlannerArgs,
    /// Write a row per deal to this CSV file as the deals finish (columns: docs/formats.md;
    /// `samples`, `sample_nodes` and `planner` are the planner's budget and revision, on hidden
    /// rows only; `source` is `pysol` on rows of --pysol; `solution` the moves of a win;
    /// `cards_up`, on thoughtful rows, the most cards on the foundations in a position the
    /// search reached, all of them for a win: how close an unknown deal came). An
    /// existing file is refused without --resume; the file is locked while the run writes it.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
    /// Continue the --csv file: skip the deals it has, append the others. A damaged last line
    /// (an interrupted write) is cut away and its deal solved again.
    #[arg(long, requires = "csv")]
    pub resume: bool,
    /// Replay every win the --resume and --retry files claim on its real deal (regenerated from the variant and the
    /// seed) and refuse a row whose solution does not win; without it only claims that cannot
    /// be true (fewer moves than cards) are refused.
    #[arg(long)]
    pub verify: bool,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress bar (it is drawn only when standard error is a terminal anyway).
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Result CSV files written by `patience winrate --csv`, or directories: a directory stands
    /// for the files in it whose names end in `.csv` (not those of its subdirectories), in
    /// name order.
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<std::path::PathBuf>,
    /// The seeds the run was asked for (as `winrate --seeds`): a row outside them is refused,
    /// and when some of their deals have no row, merge says which (and with --shards, which
    /// shards lack them and the command that finishes each) and exits with status 1.
    #[arg(long, value_name = "A..B", allow_hyphen_values = true,
          value_parser = clap::value_parser!(patience::SeedRange))]
    pub seeds: Option<patience::SeedRange>,
    /// The files are the parts of one run cut with `winrate --shard K/N` over --seeds: each
    /// file must hold the rows of one shard, and a shard found in two files (a part given
    /// twice) is refused.
    #[arg(long, value_name = "N", requires = "seeds",
          allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub shards: Option<u64>,
    /// Write the merged rows, sorted by variant and seed, to this new CSV file.
    #[arg(long, value_name = "OUT")]
    pub csv: Option<std::path::PathBuf>,
    /// Replay every win the files claim on its real deal (regenerated from the variant and the
    /// seed) and refuse a row whose solution does not win; without it only claims that cannot
    /// be true (fewer moves than cards) are refused.
    #[arg(long)]
    pub verify: bool,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// A rules file whose game the CSV files hold rows of (repeat for several games).
    #[arg(long = "rules", value_name = "FILE.toml")]
    pub rules: Vec<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct CatalogueArgs {
    /// The game: an id from `patience variants`, or the path of a rules file (`.toml`).
    pub variant: std::ffi::OsString,
    /// Our seeds `A..B` (B excluded) or `A..=B`.
    #[arg(long, value_name = "A..B", value_parser = clap::value_parser!(patience::SeedRange),
          required_unless_present = "pysol", conflicts_with = "pysol", allow_hyphen_values = true)]
    pub seeds: Option<patience::SeedRange>,
    /// PySolFC's game numbers `A..B` (B excluded) or `A..=B`, dealt as PySolFC deals them;
    /// an end may be written msN below ms32000 (`ms1..ms100` is `1..100`).
    #[arg(long, value_name = "A..B", allow_hyphen_values = true,
          value_parser = patience::SeedRange::parse_pysol)]
    pub pysol: Option<patience::SeedRange>,
    /// Run one shard: the numbers whose index in the range (from 0) is K modulo N.
    #[arg(long, value_name = "K/N", allow_hyphen_values = true,
          value_parser = clap::value_parser!(patience::Shard))]
    pub shard: Option<patience::Shard>,
    /// Keep only the deals of this grade in the files written.
    #[arg(long, value_enum, value_name = "G")]
    pub grade: Option<patience::tasks::catalogue::Grade>,
    /// Keep only the deals proved winnable in the files written.
    #[arg(long)]
    pub winnable: bool,
    /// Write a row per deal to this CSV file (as each deal finishes; in number order at the end).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
    /// Continue the --csv file: keep its rows (of the same budgets), measure the other deals.
    #[arg(long, requires = "csv")]
    pub resume: bool,
    /// Replay every win the --resume file claims on its real deal (regenerated from the game
    /// and the number) and refuse a row whose solution does not win, as `winrate --verify`;
    /// without it only rows that cannot be true are refused.
    #[arg(long)]
    pub verify: bool,
    /// No progress bar (it is drawn only when standard error is a terminal anyway).
    #[arg(long, short)]
    pub quiet: bool,
    /// Also write the rows as a JSON array.
    #[arg(long, value_name = "FILE")]
    pub json: Option<std::path::PathBuf>,
    /// Worker threads [default: one per core]; the rows do not depend on it.
    #[arg(long, short = 'j', value_name = "J", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Nodes of the thoughtful solve of each deal [default: as the game's published catalogue
    /// (docs/catalogues.md), else 100000].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = positive_number)]
    pub max_nodes: Option<u64>,
    /// Nodes of each probe of the narrowness measure (a move at a position of the solution)
    /// [default: as the game's published catalogue, else 500].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = positive_number)]
    pub probe_nodes: Option<u64>,
    /// Hidden play: samples per decision (1..=1024) [default: as the game's published catalogue:
    /// 4 in Napoleon's Square, Forty Thieves and both Klondikes, else 8].
    #[arg(long, value_name = "K", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub samples: Option<u32>,
    /// Hidden play: nodes of each solve of a sample [default: as the game's published
    /// catalogue: 100 where --samples is 4 by default, else 300].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = positive_number)]
    pub sample_nodes: Option<u64>,
    /// Hidden play: the planner's games of each deal besides its own, each with a random
    /// stream of its own, that the grade counts (0..=64) [default: as the game's published
    /// catalogue, else 8].
    #[arg(long, value_name = "K", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(0..=64))]
    pub plays: Option<u32>,
    /// Most memory of each worker's solver table, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 256, allow_negative_numbers = true,
          value_parser = table_mib_number)]
    pub table_mib: u64,
}

/// Parses the process arguments. Help and version go to standard output (exit 0); any other
/// command-line error is printed as one line `error: ...` and exits with status 2.
pub fn parse_or_exit() -> Cli {
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
                _ => {
                    eprintln!("{}", one_line_clap_error(&e.render().to_string()));
                    std::process::exit(2);
                }
            }
        }
    }
}

/// Squeezes clap's several-line error into one line: drops the usage and the "--help" hint,
/// joins the rest.
fn one_line_clap_error(rendered: &str) -> String {
    let parts: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more"))
        .filter(|l| !misleading_tip(l))
        .collect();
    let line = parts.join(" ");
    let line = if line.starts_with("error:") {
        line
    } else {
        format!("error: {line}")
    };
    format!("{line} (see 'patience --help')")
}

/// clap's tip to pass an unknown option (`hint --seed`) as a value after `--`: no value of this
/// command is an option's name, so it misleads. (A file whose name starts with one `-` keeps
/// the tip: it is right there.)
fn misleading_tip(line: &str) -> bool {
    line.strip_prefix("tip: to pass '")
        .is_some_and(|rest| rest.starts_with("--"))
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The first result CSV file (A), written by `patience winrate --csv` or `merge --csv`.
    #[arg(value_name = "A")]
    pub a: std::path::PathBuf,
    /// The second result CSV file (B).
    #[arg(value_name = "B")]
    pub b: std::path::PathBuf,
    /// Replay every win the files claim on its real deal (regenerated from the variant and the
    /// seed) and refuse a row whose solution does not win; without it only claims that cannot
    /// be true (fewer moves than cards) are refused.
    #[arg(long)]
    pub verify: bool,
    /// Print the comparison as JSON.
    #[arg(long)]
    pub json: bool,
    /// A rules file whose game the CSV files hold rows of (repeat for several games).
    #[arg(long = "rules", value_name = "FILE.toml")]
    pub rules: Vec<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct SweepArgs {
    /// The base game: an id from `patience variants`, or the path of a rules file (`.toml`).
    #[arg(value_name = "GAME")]
    pub game: std::ffi::OsString,
    /// A key of the rules file and its values, comma-separated: `spaces=any,kings,never`,
    /// `stock.passes=1,2` (`unlimited` leaves `passes` out). Repeat for more keys: every
    /// combination runs. The first values make the first variant, the one each is paired with.
    #[arg(long, value_name = "KEY=V1,V2,...", required = true,
          value_parser = clap::value_parser!(patience::Vary))]
    pub vary: Vec<patience::Vary>,
    /// The seeds, as `winrate --seeds`: `A..B` (B excluded) or `A..=B`.
    #[arg(long, value_name = "A..B", required = true, allow_hyphen_values = true,
          value_parser = clap::value_parser!(patience::SeedRange))]
    pub seeds: patience::SeedRange,
    /// Run one shard of the seeds, as `winrate --shard`.
    #[arg(long, value_name = "K/N", allow_hyphen_values = true,
          value_parser = clap::value_parser!(patience::Shard))]
    pub shard: Option<patience::Shard>,
    /// Worker threads [default: one per core].
    #[arg(long, short = 'j', value_name = "J", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// What the player knows, as `winrate --knowledge`.
    #[arg(long, value_enum, default_value_t = patience::Knowledge::Thoughtful)]
    pub knowledge: patience::Knowledge,
    #[command(flatten)]
    pub planner: PlannerArgs,
    /// Write a row per deal of every variant to this CSV file (as `winrate --csv`), and each
    /// variant's rules file (`ID.toml`) to its directory, for `merge`, `compare` and `plot`.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
    /// Continue the --csv file: skip the (variant, seed) it has, run the others.
    #[arg(long, requires = "csv")]
    pub resume: bool,
    /// Replay every win the --resume file claims on its real deal, as `winrate --verify`.
    #[arg(long)]
    pub verify: bool,
    /// Print the table as JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// A game (an id from `patience variants` or a rules file) when --seed, --pysol or --deal
    /// is given; otherwise a solve result (`solve --json`) or a deal file naming its game.
    #[arg(value_name = "SOURCE")]
    pub source: std::ffi::OsString,
    /// The moves: a solve result (JSON) or a move list file (as `check` reads them); `-`
    /// reads standard input. Left out with --seed, --pysol or --deal: the deal is solved
    /// first, as `patience solve` solves it (with the limits below).
    #[arg(value_name = "SOLUTION")]
    pub solution: Option<std::ffi::OsString>,
    /// Deal the game of SOURCE from this seed.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = seed_number,
          group = "from")]
    pub seed: Option<u64>,
    /// Deal PySolFC's game number N of the game of SOURCE.
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = clap::value_parser!(patience::PysolNumber), group = "from")]
    pub pysol: Option<patience::PysolNumber>,
    /// Start from this deal file, for the game of SOURCE.
    #[arg(long = "deal", value_name = "FILE", group = "from")]
    pub deal: Option<std::ffi::OsString>,
    /// Write the replay as one self-contained HTML page (no network needed to view it).
    #[arg(long, value_name = "FILE", group = "view")]
    pub html: Option<std::path::PathBuf>,
    /// Step through the replay in the terminal: space plays or pauses, arrows step,
    /// Home/End go to the ends, g then a number and Enter jumps to that move, q quits.
    #[arg(long, group = "view")]
    pub tui: bool,
    /// Print every position one after another (the default).
    #[arg(long, group = "view")]
    pub plain: bool,
    /// The solver's limits when no SOLUTION is given (refused with one).
    #[command(flatten)]
    pub solver: SolverArgs,
}

/// Where `show` finds the deal and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowSource {
    /// A game and its start, with a solution file; without a start, the solution is a solve
    /// result holding its deal (a rules file's game).
    Game {
        variant: std::ffi::OsString,
        start: Option<Start>,
        solution: Input,
    },
    /// A game and its start, without a solution: the deal is solved, then replayed.
    Deal {
        variant: std::ffi::OsString,
        start: Start,
    },
    /// A solve result or a deal file, and maybe a solution file.
    File {
        file: Input,
        solution: Option<Input>,
    },
}

/// How `show` shows the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowView {
    Html(std::path::PathBuf),
    Tui,
    Plain,
}

impl ShowArgs {
    /// The validated source: a game needs a start or a SOLUTION, the solver's limits go with
    /// no SOLUTION, and the deal and the moves cannot both come from standard input.
    pub fn source(&self) -> anyhow::Result<ShowSource> {
        let solution = self.solution.as_deref().map(Input::from_arg);
        if let Some(option) = self.solver_option()
            && solution.is_some()
        {
            anyhow::bail!(
                "show: {option} is for solving the deal, and a SOLUTION is given; leave out one of them"
            );
        }
        let start = match (self.seed, &self.deal, self.pysol) {
            (Some(seed), _, _) => Some(Start::Seed(seed)),
            (None, Some(file), _) => Some(Start::File(Input::from_arg(file))),
            (None, None, Some(n)) => Some(Start::Pysol(n)),
            (None, None, None) => None,
        };
        let stdin_twice = |a: bool| a && solution.as_ref().is_some_and(Input::is_stdin);
        // A game: a start is given, or SOURCE names a game (then the solution holds its deal).
        let game = start.is_some()
            || self.source.as_encoded_bytes().ends_with(b".toml")
            || self
                .source
                .to_str()
                .is_some_and(|id| patience::games::find(id).is_some());
        match start {
            Some(start) if solution.is_none() => Ok(ShowSource::Deal {
                variant: self.source.clone(),
                start,
            }),
            _ if game => {
                let Some(solution) = solution.clone() else {
                    anyhow::bail!(
                        "show {}: give the SOLUTION (a solve result), or a deal to solve (--seed, --pysol or --deal)",
                        self.source.display()
                    );
                };
                if stdin_twice(matches!(&start, Some(Start::File(f)) if f.is_stdin())) {
                    anyhow::bail!(
                        "the deal and the moves cannot both be read from standard input (-)"
                    );
                }
                Ok(ShowSource::Game {
                    variant: self.source.clone(),
                    start,
                    solution,
                })
            }
            _ => {
                let file = Input::from_arg(&self.source);
                if stdin_twice(file.is_stdin()) {
                    anyhow::bail!(
                        "the deal and the moves cannot both be read from standard input (-)"
                    );
                }
                Ok(ShowSource::File { file, solution })
            }
        }
    }

    /// The first solver option given a value other than its default, by its name.
    fn solver_option(&self) -> Option<&'static str> {
        let s = &self.solver;
        [
            (
                s.max_nodes != patience::Options::DEFAULT_MAX_NODES,
                "--max-nodes",
            ),
            (s.timeout.is_some(), "--timeout"),
            (
                s.table_mib != (patience::Options::DEFAULT_TABLE_BYTES >> 20) as u64,
                "--table-mib",
            ),
            (s.no_prune, "--no-prune"),
            (!s.prune_off.is_empty(), "--prune-off"),
            (s.dfs_only, "--dfs-only"),
        ]
        .into_iter()
        .find_map(|(given, name)| given.then_some(name))
    }

    pub fn view(&self) -> ShowView {
        match (&self.html, self.tui) {
            (Some(path), _) => ShowView::Html(path.clone()),
            (None, true) => ShowView::Tui,
            (None, false) => ShowView::Plain,
        }
    }
}

#[derive(Args, Debug)]
pub struct PlotArgs {
    /// Result CSV files (`winrate --csv`, `merge --csv`).
    #[arg(value_name = "CSV", required = true)]
    pub files: Vec<std::path::PathBuf>,
    /// The SVG file to write.
    #[arg(long, value_name = "FILE.svg")]
    pub out: std::path::PathBuf,
    /// A rules file whose game the CSV files hold rows of (repeat for several games).
    #[arg(long = "rules", value_name = "FILE.toml")]
    pub rules: Vec<std::path::PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn clap_errors_become_one_line() {
        let e = Cli::try_parse_from(["patience", "check", "stonewall", "x"]).unwrap_err();
        let line = one_line_clap_error(&e.render().to_string());
        assert!(line.starts_with("error: "), "{line}");
        assert!(line.contains("--seed"), "{line}");
        assert!(!line.contains('\n'));
    }

    #[test]
    fn the_tip_to_pass_an_option_after_dashes_is_left_out() {
        for (args, token) in [
            (
                &["patience", "merge", "a.csv", "--frobnicate"][..],
                "--frobnicate",
            ),
            (
                &[
                    "patience",
                    "check",
                    "stonewall",
                    "--seed",
                    "1",
                    "--cvs",
                    "m",
                ][..],
                "--cvs",
            ),
        ] {
            let e = Cli::try_parse_from(args).unwrap_err();
            let rendered = e.render().to_string();
            assert!(rendered.contains(&format!("'-- {token}'")), "{rendered}");
            let line = one_line_clap_error(&rendered);
            assert!(!line.contains("'-- "), "{line}");
        }
    }
}
