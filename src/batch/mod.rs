//! The win-rate analyzer: many seeded deals solved in parallel, one result row per deal, and
//! the summary of the rows (win rate with its Wilson interval, cost quantiles).
//!
//! - [`run`]: the parallel runner. A rayon pool of J threads; each deal is one task; each
//!   worker thread keeps one [`Solver`](crate::solve::Solver) for the whole pass (its table
//!   keeps its memory from deal to deal). Results go over a channel to the calling thread,
//!   the only one that writes the CSV file, draws the progress bar and counts.
//! - [`merge`]: the rows of several result files (or of one resumed file) as one set of
//!   records, duplicates and conflicts checked. The file format itself, read and written, is
//!   [`crate::io::results`].
//! - [`plan`]: the seeds a run spread over machines was asked for, against which its parts
//!   are checked (one shard each, none twice) and its missing deals found, per shard.
//! - [`summary`]: the per-variant tally and the summary table / JSON.
//! - [`stats`]: Wilson interval, nearest-rank quantiles.
//! - [`compare`]: two sets of rows paired deal by deal, for games that deal alike, with the
//!   exact sign test; [`sweep`]: the variants of a rule sweep, made by editing a rules file.
//! - [`difficulty`] and [`grade`]: a deal's difficulty for `catalogue` (docs/difficulty.md):
//!   its measures, its row, and the grade that is a pure function of the row.
//! - [`verify`]: what a row's claim of a win is checked against (whenever a row is read, and
//!   its moves replayed for `--verify`).
//! - [`winrate`]: a `winrate` run: its plan of deals, the rows of a file it resumes or
//!   retries, its passes and its report.
//!
//! A row of the result file is a [`Record`]; its columns are [`crate::io::results::ResultRow`]'s.
//!
//! Memory: `--table-mib` bounds the table of *each* worker's solver, so a run of J workers may
//! hold up to J × that (tables grow only as a deal needs them). The bound is not divided by J
//! on purpose: a deal stopped by the memory limit with 1 thread must be stopped the same way
//! with 8, so that the results never depend on the thread count.
//!
//! Determinism: the verdict, moves and nodes of a deal depend only on (variant, seed, limits);
//! with no time limit they are the same whatever the thread count or the order deals run in.
//! Only the `seconds` column and the order of the rows in the file vary.

pub mod compare;
pub mod difficulty;
pub mod grade;
pub mod merge;
pub mod plan;
pub mod run;
pub mod stats;
pub mod summary;
pub mod sweep;
pub mod verify;
pub mod winrate;

use crate::hidden::Budget;
use crate::solve::Limit;
use std::fmt;
use std::sync::Arc;

/// What the player knows (docs/rules.md, "Knowledge"); every row and summary says which, as
/// `thoughtful` or `hidden` (the serde spelling, which `Display` writes too).
#[derive(
    Copy,
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Knowledge {
    /// Every card known, face-down cards and the stock order included: the solver's verdict.
    #[default]
    Thoughtful,
    /// Only what a person at the table sees: the hidden-play planner's game.
    Hidden,
}

impl fmt::Display for Knowledge {
    /// The serde spelling: `thoughtful` or `hidden`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        serde::Serialize::serialize(self, f)
    }
}

/// Where the deals of a run come from (docs/formats.md, "Deal sources"): our seeds, or
/// PySolFC's game numbers (`winrate --pysol`). A PySolFC game and our seed of the same number
/// are different deals: every row says which (the result CSV's `source` column, `pysol` or
/// empty).
#[derive(
    Copy,
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum DealSource {
    /// Our own deal of a seed ([`crate::deal::deal`]).
    #[default]
    Seed,
    /// The deal PySolFC deals for its game number ([`crate::pysol::pysol_deal`]).
    Pysol,
}

impl DealSource {
    /// The deal of number `n` of `rules`' game: a PySolFC number is refused for a game
    /// PySolFC does not have, and out of PySolFC's range (0 is no game of PySolFC's); a seed
    /// past [`MAX_SEED`] is refused as out of range too.
    pub fn deal(
        self,
        rules: &crate::game::Rules,
        n: u128,
    ) -> Result<crate::deal::Deal, crate::pysol::PysolError> {
        match self {
            DealSource::Seed => match u64::try_from(n) {
                Ok(seed) => Ok(crate::deal::deal(rules, seed)),
                Err(_) => Err(crate::pysol::PysolError::NoSeed(n)),
            },
            DealSource::Pysol => crate::pysol::pysol_deal(rules, n),
        }
    }

    /// The highest number of a deal from this source: 2^64 - 1 for our seeds, 10^20 for
    /// PySolFC's game numbers (which start at 1).
    pub fn max_number(self) -> u128 {
        match self {
            DealSource::Seed => MAX_SEED,
            DealSource::Pysol => crate::pysol::MAX_NUMBER,
        }
    }

    /// Refuses a number that is no deal of this source, in words that name the numbers the
    /// source has.
    pub fn check_number(self, n: u128) -> Result<u128, String> {
        match self {
            DealSource::Seed if n > MAX_SEED => {
                Err(format!("{n} is past the largest seed, {MAX_SEED}"))
            }
            DealSource::Pysol if n == 0 || n > crate::pysol::MAX_NUMBER => Err(format!(
                "{n} is no PySolFC game number: they run from 1 to {}",
                crate::pysol::MAX_NUMBER
            )),
            _ => Ok(n),
        }
    }

    /// What the number of a deal is, for messages: `seed` or `PySolFC game`.
    pub fn number_word(self) -> &'static str {
        match self {
            DealSource::Seed => "seed",
            DealSource::Pysol => "PySolFC game",
        }
    }
}

/// The largest seed of our own deals.
pub const MAX_SEED: u128 = u64::MAX as u128;

/// A range of deal numbers (our seeds, or PySolFC's game numbers), `first` up to but not
/// including `first + count`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeedRange {
    pub first: u128,
    pub count: u64,
}

impl SeedRange {
    /// `count` numbers from `first`; refused when empty or past the largest PySolFC game
    /// number (the largest of any source; a run checks its own with
    /// [`DealSource::check_number`]).
    pub fn new(first: u128, count: u64) -> Result<SeedRange, String> {
        if count == 0 {
            return Err("the number of deals must be at least 1".to_string());
        }
        let max = crate::pysol::MAX_NUMBER;
        if first > max || max - first < u128::from(count - 1) {
            return Err(format!(
                "{count} deals from {first} go past {max}, the largest PySolFC game number (and our largest seed is {MAX_SEED})"
            ));
        }
        Ok(SeedRange { first, count })
    }

    /// The last number of the range.
    pub fn last(&self) -> u128 {
        self.first + u128::from(self.count - 1)
    }
}

impl fmt::Display for SeedRange {
    /// `A..B` (B excluded), or `A..=B` when B would pass the largest number of a deal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last() {
            last if last < crate::pysol::MAX_NUMBER => write!(f, "{}..{}", self.first, last + 1),
            last => write!(f, "{}..={last}", self.first),
        }
    }
}

impl std::str::FromStr for SeedRange {
    type Err = String;

    /// Our seeds `A..B` (B excluded) or `A..=B` (`--seeds`); the error is one line for the
    /// command line.
    fn from_str(text: &str) -> Result<SeedRange, String> {
        parse_seed_range(text)
    }
}

impl SeedRange {
    /// PySolFC's game numbers `A..B` or `A..=B`, either end possibly `msN` below ms32000
    /// (`catalogue --pysol`).
    pub fn parse_pysol(text: &str) -> Result<SeedRange, String> {
        parse_pysol_range(text)
    }
}

/// Parses `--seeds`: `A..B` is A, A+1, ..., B-1 (B excluded, as in Rust); `A..=B` includes B.
/// The numbers are our seeds (0 to 2^64 - 1) or, with `--pysol`, PySolFC's game numbers (1 to
/// 10^20), which the run checks against its source.
pub fn parse_seed_range(text: &str) -> Result<SeedRange, String> {
    // The end of `A..B` may be one past the last number.
    let number = |s: &str, end: bool| {
        if s.trim()
            .get(..2)
            .is_some_and(|p| p.eq_ignore_ascii_case("ms"))
        {
            return Err(format!(
                "{:?} is PySolFC's way to write a game number: this range takes plain numbers (msN is taken by catalogue --pysol and winrate --pysol --seeds)",
                s.trim()
            ));
        }
        s.trim()
            .parse::<u128>()
            .ok()
            .filter(|&n| n <= crate::pysol::MAX_NUMBER + u128::from(end))
            .ok_or_else(|| {
                format!(
                    "{s:?} is not a number of a deal (a seed from 0 to {MAX_SEED}, or with --pysol a PySolFC game number from 1 to {})",
                    crate::pysol::MAX_NUMBER
                )
            })
    };
    let (a, b, inclusive) = if let Some((a, b)) = text.split_once("..=") {
        (a, b, true)
    } else if let Some((a, b)) = text.split_once("..") {
        (a, b, false)
    } else {
        return Err("expected a range A..B (B excluded) or A..=B".to_string());
    };
    let (a, b) = (number(a, false)?, number(b, !inclusive)?);
    let count = match (inclusive, b.checked_sub(a)) {
        (false, Some(d)) if d > 0 => d,
        (true, Some(d)) => d + 1,
        _ => {
            return Err(format!(
                "the range {text} is empty (A..B means A, A+1, ..., B-1; use A..=B to include B)"
            ));
        }
    };
    let count = u64::try_from(count)
        .map_err(|_| format!("the range {text} holds more than 2^64 - 1 deals: run part of it"))?;
    SeedRange::new(a, count)
}

/// A range of PySolFC's game numbers (`catalogue --pysol`, `winrate --pysol --seeds`): as
/// [`parse_seed_range`], and either end may be written `msN` as PySolFC shows its LCG games
/// (docs/formats.md, "Deal sources"). Below ms32000, msN is game N, so `ms1..ms5` is `1..5`;
/// from ms32000 on msN is another deal than N, which a result row, recording N alone, could
/// not tell apart: such a range is refused.
pub fn parse_pysol_range(text: &str) -> Result<SeedRange, String> {
    // `past`: the end is one past the last game (`..`), so ms32000 is taken there.
    let plain = |end: &str, past: bool| -> Result<String, String> {
        let t = end.trim();
        match t.get(..2) {
            Some(p) if p.eq_ignore_ascii_case("ms") => {
                let digits = &t[2..];
                match digits.parse::<u128>() {
                    Ok(n) if n >= 1 && n < crate::pysol::MT_FROM + u128::from(past) => {
                        Ok(n.to_string())
                    }
                    Ok(0) => Err("ms0 is no PySolFC game: its games start at 1".to_string()),
                    Ok(n) => Err(format!(
                        "ms{n}: from ms32000 on, msN is another deal than game N, and a result row records N alone; a range takes msN below ms32000 (one such game: --pysol ms{n} of deal, solve, play)"
                    )),
                    Err(_) => Err(format!("{t:?} is no PySolFC game number (N, or msN)")),
                }
            }
            _ => Ok(t.to_string()),
        }
    };
    let (a, b, sep) = if let Some((a, b)) = text.split_once("..=") {
        (a, b, "..=")
    } else if let Some((a, b)) = text.split_once("..") {
        (a, b, "..")
    } else {
        return parse_seed_range(text);
    };
    let (a, b) = (plain(a, false)?, plain(b, sep == "..")?);
    parse_seed_range(&format!("{a}{sep}{b}"))
}

/// `--shard K/N`: the seeds whose index in the range (0 for its first seed) is K modulo N.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N` (N at least 1, K in 0..N): the shard numbered K of N.
    fn from_str(text: &str) -> Result<Shard, String> {
        parse_shard(text)
    }
}

/// Parses `--shard K/N` (N at least 1, K in 0..N).
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let Some((k, n)) = text.split_once('/') else {
        return Err("expected K/N, for example 0/4 (shards are numbered from 0)".to_string());
    };
    let (Ok(index), Ok(count)) = (k.trim().parse::<u64>(), n.trim().parse::<u64>()) else {
        return Err("expected K/N with whole numbers K and N, for example 0/4".to_string());
    };
    if count == 0 {
        return Err("the number of shards N must be at least 1".to_string());
    }
    if index >= count {
        return Err(format!(
            "the shard K must be in 0..{count} (shards are numbered from 0)"
        ));
    }
    Ok(Shard { index, count })
}

/// The seeds a run covers: a range, possibly cut to one shard.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    pub range: SeedRange,
    pub shard: Option<Shard>,
}

impl Selection {
    pub fn contains(&self, seed: u128) -> bool {
        if seed < self.range.first || seed > self.range.last() {
            return false;
        }
        match self.shard {
            None => true,
            Some(s) => (seed - self.range.first) % u128::from(s.count) == u128::from(s.index),
        }
    }

    /// How many seeds.
    pub fn len(&self) -> u64 {
        match self.shard {
            None => self.range.count,
            Some(s) if s.index >= self.range.count => 0,
            Some(s) => (self.range.count - s.index).div_ceil(s.count),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The seeds, in increasing order.
    pub fn seeds(&self) -> impl Iterator<Item = u128> + Send + 'static {
        let (first, step, offset) = match self.shard {
            None => (self.range.first, 1, 0),
            Some(s) => (self.range.first, s.count, s.index),
        };
        (0..self.len()).map(move |i| first + u128::from(offset) + u128::from(i) * u128::from(step))
    }

    /// The selection as a summary names it, as numbers of `source`'s deals: `seeds A..B`, or
    /// `PySolFC game numbers A..B`.
    pub fn text_for(&self, source: DealSource) -> String {
        match source {
            DealSource::Seed => self.to_string(),
            DealSource::Pysol => (self.to_string()).replacen("seeds", "PySolFC game numbers", 1),
        }
    }
}

impl fmt::Display for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seeds {}", self.range)?;
        if let Some(s) = self.shard {
            write!(f, ", shard {s}")?;
        }
        Ok(())
    }
}

/// What the solver said about one deal (in hidden play: `Won` the planner won, `Lost` it lost,
/// `Unknown` a limit stopped the search in a position where every card was known).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Solved, with a solution of this many moves.
    Won { moves: u32 },
    /// Proved unsolvable.
    Lost,
    /// A limit stopped the search first.
    Unknown(Limit),
}

/// One deal's result: a row of the CSV file.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// A variant id of [`crate::games::builtin::ALL`].
    pub variant: &'static str,
    /// Our seed (at most [`MAX_SEED`]), or PySolFC's game number when `source` says so.
    pub seed: u128,
    pub knowledge: Knowledge,
    /// Where the deal of `seed` comes from.
    pub source: DealSource,
    pub answer: Answer,
    pub nodes: u64,
    /// Wall-clock seconds of the search, rounded to microseconds (as the CSV keeps them).
    pub seconds: f64,
    /// The planner's budget of a hidden-play row (`None` for thoughtful rows, and for hidden
    /// rows read from a file that did not record it).
    pub budget: Option<Budget>,
    /// The moves of a win, in the move notation of docs/formats.md separated by spaces (the
    /// result CSV's `solution` column): what lets a reader replay the win on the real deal.
    /// `None` for a row that is not a win, or a win read from a file of an earlier version.
    pub solution: Option<Arc<str>>,
    /// Of a thoughtful row: the most cards on the foundations in a position its search
    /// reached (every card for a win), which says how close an `unknown` row came (the result
    /// CSV's `cards_up` column). `None` for hidden rows and rows of files without the column.
    pub cards_up: Option<u8>,
}

impl Record {
    /// The record of a solve, its seconds rounded to the microseconds the CSV keeps (so that a
    /// summary computed now and one computed later from the file agree exactly).
    pub fn new(
        variant: &'static str,
        seed: u128,
        answer: Answer,
        nodes: u64,
        seconds: f64,
    ) -> Self {
        Record {
            variant,
            seed,
            knowledge: Knowledge::Thoughtful,
            source: DealSource::Seed,
            answer,
            nodes,
            seconds: round_micros(seconds),
            budget: None,
            solution: None,
            cards_up: None,
        }
    }

    /// The record with the most cards its search got onto the foundations.
    pub fn with_cards_up(self, cards_up: u8) -> Self {
        Record {
            cards_up: Some(cards_up),
            ..self
        }
    }

    /// The same record of a hidden-play game played with `budget`.
    pub fn hidden(&self, budget: Budget) -> Self {
        Record {
            knowledge: Knowledge::Hidden,
            budget: Some(budget),
            ..self.clone()
        }
    }

    /// The same record for another knowledge.
    pub fn with_knowledge(&self, knowledge: Knowledge) -> Self {
        Record {
            knowledge,
            ..self.clone()
        }
    }

    /// The same record of a deal from `source`.
    pub fn with_source(&self, source: DealSource) -> Self {
        Record {
            source,
            ..self.clone()
        }
    }

    /// The record with the moves of its win (tokens of the move notation).
    pub fn with_solution<T: fmt::Display>(self, moves: &[T]) -> Self {
        let text: Vec<String> = moves.iter().map(T::to_string).collect();
        Record {
            solution: Some(text.join(" ").into()),
            ..self
        }
    }

    /// The deal in words, for messages: `stonewall seed 7`, `stonewall PySolFC game 7`.
    pub fn deal_text(&self) -> String {
        format!(
            "{} {} {}",
            self.variant,
            self.source.number_word(),
            self.seed
        )
    }

    /// Equal in everything that does not depend on the machine (all but `seconds`).
    pub fn same_result(&self, other: &Record) -> bool {
        self.variant == other.variant
            && self.seed == other.seed
            && self.knowledge == other.knowledge
            && self.source == other.source
            && self.answer == other.answer
            && self.nodes == other.nodes
            && self.budget == other.budget
            && (self.cards_up == other.cards_up
                || self.cards_up.is_none()
                || other.cards_up.is_none())
            && (self.solution == other.solution
                || self.solution.is_none()
                || other.solution.is_none())
    }
}

/// A record and the line of the result file it came from (1-based, the header is line 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub line: usize,
    pub record: Record,
}

/// `s` rounded to a whole number of microseconds.
pub fn round_micros(s: f64) -> f64 {
    if s.is_finite() && s >= 0.0 {
        (s * 1e6).round() / 1e6
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ranges() {
        for text in [
            "5..8",
            "0..1",
            "99999999999999999998..=100000000000000000000",
        ] {
            assert_eq!(
                text.parse::<SeedRange>().map(|r| r.to_string()).as_deref(),
                Ok(text)
            );
        }
        assert_eq!(SeedRange::parse_pysol("ms1..ms5"), "1..5".parse());
        assert_eq!(
            parse_seed_range("5..8"),
            Ok(SeedRange { first: 5, count: 3 })
        );
        assert_eq!(
            parse_seed_range("5..=8"),
            Ok(SeedRange { first: 5, count: 4 })
        );
        assert_eq!(
            parse_seed_range("0..=0"),
            Ok(SeedRange { first: 0, count: 1 })
        );
        assert!(parse_seed_range("5..3").unwrap_err().contains("empty"));
        assert!(parse_seed_range("5..5").is_err());
        assert!(parse_seed_range("5").is_err());
        assert!(parse_seed_range("a..3").is_err());
        assert!(parse_seed_range("0..=18446744073709551615").is_err());
        let r = parse_seed_range("18446744073709551610..=18446744073709551615").unwrap();
        assert_eq!(r.count, 6);
        assert_eq!(r.to_string(), "18446744073709551610..18446744073709551616");
        // PySolFC's game numbers go on to 10^20.
        let r = parse_seed_range("99999999999999999998..=100000000000000000000").unwrap();
        assert_eq!((r.first, r.count), (99_999_999_999_999_999_998, 3));
        assert_eq!(
            r.to_string(),
            "99999999999999999998..=100000000000000000000"
        );
        assert!(parse_seed_range("1..100000000000000000002").is_err());
        assert!(parse_seed_range("1..=100000000000000000001").is_err());
        let long = parse_seed_range("1..100000000000000000001").unwrap_err();
        assert!(long.contains("more than 2^64 - 1 deals"), "{long}");
        let r = parse_seed_range("99999999999999999990..100000000000000000001").unwrap();
        assert_eq!(r.count, 11);
        assert_eq!(SeedRange::new(3, 4).unwrap().to_string(), "3..7");
        assert!(SeedRange::new(3, 0).is_err());
        assert!(SeedRange::new(crate::pysol::MAX_NUMBER, 2).is_err());
    }

    #[test]
    fn shards_split_the_range() {
        assert_eq!(parse_shard("1/3"), Ok(Shard { index: 1, count: 3 }));
        assert_eq!(
            "1/3".parse::<Shard>().map(|s| s.to_string()).as_deref(),
            Ok("1/3")
        );
        assert!(parse_shard("2/2").is_err());
        assert!(parse_shard("0/0").is_err());
        assert!(parse_shard("1").is_err());
        assert!(parse_shard("-1/2").is_err());
        let range = SeedRange::new(10, 11).unwrap();
        let mut all = Vec::new();
        for k in 0..3 {
            let sel = Selection {
                range,
                shard: Some(Shard { index: k, count: 3 }),
            };
            let seeds: Vec<u128> = sel.seeds().collect();
            assert_eq!(seeds.len() as u64, sel.len());
            assert!(
                seeds
                    .iter()
                    .all(|&s| sel.contains(s) && (s - 10) % 3 == u128::from(k))
            );
            all.extend(seeds);
        }
        all.sort();
        assert_eq!(all, (10..21).collect::<Vec<_>>());
        let sel = Selection {
            range: SeedRange::new(0, 2).unwrap(),
            shard: Some(Shard { index: 4, count: 5 }),
        };
        assert_eq!(sel.len(), 0);
        assert_eq!(sel.seeds().count(), 0);
        assert!(!sel.contains(4));
    }
}
