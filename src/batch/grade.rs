//! A deal's difficulty (docs/difficulty.md): the row of `patience catalogue` and the grade
//! that is a pure function of it.
//!
//! A row holds four measures of one deal, each reproducible from (game, deal source, number,
//! budgets), the budgets being in the row too: the thoughtful verdict and the solution's
//! length; hidden play (the planner's estimate of its chance at the start, and whether its
//! play won); and the narrowness of the solution found (its positions where exactly one of
//! the distinct moves keeps the deal winnable, as far as a small probe per move decides).
//! [`grade`] turns a row into a [`Grade`] by the rule of docs/difficulty.md, with thresholds
//! per game measured over its catalogue ([`THRESHOLDS`]).

use super::DealSource;
use crate::games::Games;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The thoughtful verdict, as the result CSV spells it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Thoughtful {
    Solved,
    Unsolvable,
    Unknown,
}

/// How hidden play ended: `won`, `lost`, or `unknown` (the last solve, every card seen, ran out
/// of nodes; or, in a game that hides nothing, the thoughtful verdict was unknown).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Hidden {
    Won,
    Lost,
    Unknown,
}

/// Who answered for hidden play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HiddenBy {
    /// The planner played the deal, seeing only what a person sees.
    Planner,
    /// The game hides nothing: hidden play is thoughtful play, its verdict is the answer.
    Thoughtful,
    /// The thoughtful solver proved the deal unsolvable: lost however it is played.
    Proof,
    /// Not played: the thoughtful verdict is unknown, so the deal has no grade whatever hidden
    /// play would give, and such a game is the costliest to play (`hidden` is `unknown`).
    Unplayed,
}

/// A deal's grade. Written with hyphens (`very-easy`), in the CSV, the JSON and `--grade`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Grade {
    VeryEasy,
    Easy,
    Medium,
    Hard,
    VeryHard,
    /// Proved unsolvable with every card known.
    NotWinnable,
    /// The budgets did not decide it: the verdict is unknown, or the undecided parts of the
    /// measure could move the grade.
    Unknown,
}

impl Grade {
    /// Every grade, in the order the summaries list them.
    pub const ALL: [Grade; 7] = [
        Grade::VeryEasy,
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::VeryHard,
        Grade::NotWinnable,
        Grade::Unknown,
    ];

    /// The five grades of a winnable deal, easiest first.
    const WINNABLE: [Grade; 5] = [
        Grade::VeryEasy,
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::VeryHard,
    ];

    /// The serde spelling: `very-easy` .. `not-winnable`, `unknown`.
    pub fn word(self) -> &'static str {
        match self {
            Grade::VeryEasy => "very-easy",
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::VeryHard => "very-hard",
            Grade::NotWinnable => "not-winnable",
            Grade::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One deal of a catalogue: a row of `catalogue --csv` (columns in this order) and an object
/// of `catalogue --json`. Every column but `grade` is measured; `grade` is [`grade`] of the
/// others. No column depends on the machine or the thread count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DealRow {
    pub variant: String,
    /// Our seed, or PySolFC's game number when `source` is `pysol`.
    pub seed: u128,
    pub source: DealSource,
    pub grade: Grade,
    /// The thoughtful verdict.
    pub verdict: Thoughtful,
    /// For an unknown verdict, the limit that stopped the search (`nodes` or `memory`).
    pub limit: Option<String>,
    /// The solution's length (a solved deal).
    pub moves: Option<u32>,
    /// Nodes of the thoughtful solve.
    pub nodes: u64,
    pub hidden: Hidden,
    pub hidden_by: HiddenBy,
    /// The planner's estimate, at its first decision, of its chance to win (0..1, three
    /// decimals); 1 or 0 where hidden play is thoughtful play or the deal is proved lost.
    pub chance: Option<f64>,
    /// The planner's games of the deal besides its own (`hidden`), each with a random stream of
    /// its own; empty where it did not play them (an earlier catalogue's row reads as empty).
    #[serde(default)]
    pub plays: Option<u32>,
    /// Of those, the games it won.
    #[serde(default)]
    pub plays_won: Option<u32>,
    /// Positions along the solution where the distinct moves (moves that lead to the same
    /// position count once) are two or more: the player has a choice.
    pub choices: Option<u32>,
    /// Of those, the ones where exactly one move keeps the deal winnable (every other proved
    /// lost by a probe of `probe_nodes` nodes).
    pub narrow: Option<u32>,
    /// Of those, the ones no probe showed a second winning move for, and some probe did not
    /// decide: narrow or not, unknown.
    pub undecided: Option<u32>,
    /// The budgets: the thoughtful solve's nodes, the planner's samples per decision, nodes
    /// per sample and revision (empty where the planner did not play), a probe's nodes.
    pub max_nodes: u64,
    pub samples: Option<u32>,
    pub sample_nodes: Option<u64>,
    pub planner: Option<u32>,
    pub probe_nodes: u64,
    /// The moves of the solution, separated by spaces (docs/formats.md, "Moves").
    pub solution: Option<String>,
}

impl DealRow {
    /// The deal in words: `stonewall PySolFC game 7`.
    pub fn deal_text(&self) -> String {
        format!(
            "{} {} {}",
            self.variant,
            self.source.number_word(),
            self.seed
        )
    }

    /// Why the row cannot be one that `catalogue` wrote for a deal of game `rules`, whatever
    /// the deal (`None`: it may be): the checks a result row gets when it is read
    /// ([`super::verify::impossible`], the verdict against its moves and limit, the deal's
    /// number), and those of the catalogue's own columns (hidden play against the verdict, the
    /// narrowness counts against the solution, the planner's budget where it played).
    pub fn impossible(&self, rules: &crate::game::Rules) -> Option<String> {
        use super::Answer;
        use crate::solve::Limit;
        let answer = match (self.verdict, self.moves, self.limit.as_deref()) {
            (Thoughtful::Solved, Some(moves), None) => Answer::Won { moves },
            (Thoughtful::Unsolvable, None, None) => Answer::Lost,
            (Thoughtful::Unknown, None, Some("nodes")) => Answer::Unknown(Limit::Nodes),
            (Thoughtful::Unknown, None, Some("time")) => Answer::Unknown(Limit::Time),
            (Thoughtful::Unknown, None, Some("memory")) => Answer::Unknown(Limit::Memory),
            (v, m, l) => {
                return Some(format!(
                    "verdict {} with moves {} and limit {}: a solved row has its moves and no limit, an unsolvable row neither, an unknown row its limit (nodes, time or memory) and no moves",
                    verdict_word(v),
                    m.map_or("(none)".to_string(), |m| m.to_string()),
                    l.unwrap_or("(none)")
                ));
            }
        };
        if self.source == DealSource::Pysol && self.seed == 0 {
            return Some("PySolFC's game 0, which PySolFC does not have".to_string());
        }
        if let Err(why) = self.source.check_number(self.seed) {
            return Some(why);
        }
        if let Some(why) = super::verify::impossible(rules, answer, self.solution.as_deref()) {
            return Some(why);
        }
        let solved = self.verdict == Thoughtful::Solved;
        let measured = [self.choices, self.narrow, self.undecided];
        match (solved, measured) {
            (true, [Some(choices), Some(narrow), Some(undecided)]) => {
                if narrow > choices || undecided > choices {
                    return Some(format!(
                        "narrow {narrow} and undecided {undecided} count positions among its {choices} choices, so neither can pass it"
                    ));
                }
                if Some(choices) > self.moves {
                    return Some(format!(
                        "{choices} choices along a solution of {} moves",
                        self.moves.unwrap_or(0)
                    ));
                }
            }
            (false, [None, None, None]) => {}
            _ => {
                return Some(
                    "choices, narrow and undecided are measured along a solution: all three on a solved row, none on another"
                        .to_string(),
                );
            }
        }
        if let Some(c) = self.chance
            && !(0.0..=1.0).contains(&c)
        {
            return Some(format!("chance {c}: a chance is from 0 to 1"));
        }
        // Who answers for hidden play follows from the verdict: the planner plays only a deal
        // proved winnable, a proof loses an unsolvable one, an unknown one is not played, and
        // where the game hides nothing hidden play is the verdict itself.
        let consistent = match (self.hidden_by, self.verdict, self.hidden) {
            (HiddenBy::Planner, Thoughtful::Solved, _) => true,
            (HiddenBy::Proof, Thoughtful::Unsolvable, Hidden::Lost) => true,
            (HiddenBy::Unplayed, Thoughtful::Unknown, Hidden::Unknown) => true,
            (HiddenBy::Thoughtful, v, h) => {
                h == match v {
                    Thoughtful::Solved => Hidden::Won,
                    Thoughtful::Unsolvable => Hidden::Lost,
                    Thoughtful::Unknown => Hidden::Unknown,
                }
            }
            _ => false,
        };
        if !consistent {
            return Some(format!(
                "verdict {} with hidden {} by {}: the planner plays only deals proved winnable, a proof loses the unsolvable ones, unknown ones are unplayed, and in a game that hides nothing hidden play is the verdict",
                verdict_word(self.verdict),
                hidden_word(self.hidden),
                hidden_by_word(self.hidden_by)
            ));
        }
        let planned = self.hidden_by == HiddenBy::Planner;
        let budget = [
            self.samples.is_some(),
            self.sample_nodes.is_some(),
            self.planner.is_some(),
        ];
        if budget != [planned; 3] {
            return Some(
                "samples, sample_nodes and planner are the budget of the planner: all three where it played, none where it did not"
                    .to_string(),
            );
        }
        match (self.plays, self.plays_won) {
            (None, None) => {}
            (Some(plays), Some(won)) if planned && plays > 0 && won <= plays => {}
            (plays, won) => {
                return Some(format!(
                    "plays {} and plays_won {}: the planner's other games are counted where it played, none or more, and it wins at most all of them",
                    plays.map_or("(none)".to_string(), |p| p.to_string()),
                    won.map_or("(none)".to_string(), |w| w.to_string())
                ));
            }
        }
        None
    }

    /// The row with its grade computed from its other columns.
    pub fn graded(self) -> DealRow {
        DealRow {
            grade: grade(&self),
            ..self
        }
    }
}

/// A verdict as the CSV spells it.
fn verdict_word(v: Thoughtful) -> &'static str {
    match v {
        Thoughtful::Solved => "solved",
        Thoughtful::Unsolvable => "unsolvable",
        Thoughtful::Unknown => "unknown",
    }
}

/// Hidden play's result as the CSV spells it.
fn hidden_word(h: Hidden) -> &'static str {
    match h {
        Hidden::Won => "won",
        Hidden::Lost => "lost",
        Hidden::Unknown => "unknown",
    }
}

/// Who answered for hidden play, as the CSV spells it.
fn hidden_by_word(h: HiddenBy) -> &'static str {
    match h {
        HiddenBy::Planner => "planner",
        HiddenBy::Thoughtful => "thoughtful",
        HiddenBy::Proof => "proof",
        HiddenBy::Unplayed => "unplayed",
    }
}

/// A game's thresholds of the [`score`] (in its units: thousandths, nodes, or [`play`] pairs):
/// a winnable deal whose score is at most `t[0]` is very easy, at most `t[1]` easy, at most
/// `t[2]` medium, at most `t[3]` hard, more very hard. They are the quintiles (nearest rank)
/// of the scores of the gradable winnable deals of the game's published catalogue
/// ([`measured_thresholds`]; docs/difficulty.md says how they were measured).
pub type Thresholds = [u64; 4];

/// What a row's score measures (docs/difficulty.md, "The grade"): each has thresholds of its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The planner's games of the deal (a row with `plays`): the share of them it lost, its
    /// estimate at the start counted as one game more, ties broken by the thoughtful solve's
    /// nodes ([`play`]). The measure the grade study validated against a stronger player.
    Play,
    /// The way the solution takes (a row of a game that hides cards without `plays`: a
    /// catalogue made before the column): its narrow positions, its length, and the planner's
    /// one game.
    Way,
    /// The search a win takes (a game that hides nothing, where the player is one who searches:
    /// `hidden_by` thoughtful): the thoughtful solve's nodes, how much search its win took; the
    /// grade study checks them against another searcher's games.
    Search,
}

impl Measure {
    /// The measure of `row`'s score.
    pub fn of(row: &DealRow) -> Measure {
        match (row.plays, row.hidden_by) {
            (Some(_), _) => Measure::Play,
            (None, HiddenBy::Thoughtful) => Measure::Search,
            (None, _) => Measure::Way,
        }
    }
}

/// The [`Measure::Way`] thresholds of each game that has a published catalogue (catalogues/),
/// measured as [`Thresholds`] says.
pub const THRESHOLDS: &[(&str, Thresholds)] = &[
    ("stonewall", [3004, 3346, 3528, 3908]),
    ("napoleons-shoulder", [2759, 2817, 2817, 2971]),
    ("lucky-thirteen", [3413, 3701, 4042, 4331]),
    ("napoleons-square", [2836, 2980, 3826, 4538]),
    ("forty-thieves", [2817, 3461, 3826, 4711]),
    ("klondike", [3490, 3894, 4413, 4923]),
    ("klondike-draw3", [3269, 3826, 4192, 4596]),
];

/// The [`Measure::Search`] thresholds, in nodes: the quantiles of the game's published
/// catalogue (docs/difficulty.md, "The thresholds, measured").
pub const SEARCH_THRESHOLDS: &[(&str, Thresholds)] = &[
    ("lucky-piles", [415, 1358, 7406, 209070]),
    ("flower-garden", [10502, 37279, 101700, 311093]),
    ("wildflower", [4919, 17229, 45050, 119913]),
    ("lucky-piles-same-suit", [137, 190, 364, 1671]),
];

/// The scale of a [`Measure::Play`] score's tie-break: the score is `share * NODE_SCALE +
/// nodes`. Nodes are capped below `NODE_SCALE` and the share is at most 1000, so two different
/// (share, nodes) pairs never give the same score and the largest, about 10^15, is far below
/// 2^63.
pub const NODE_SCALE: u64 = 1_000_000_000_000;

/// The [`Measure::Play`] score of a deal of which the planner lost `share` thousandths of its
/// games and whose thoughtful solve took `nodes` nodes: ordered by the share, then by the nodes
/// (more is harder), which tell apart the many deals of equal share.
pub const fn play(share: u64, nodes: u64) -> u64 {
    let nodes = if nodes < NODE_SCALE {
        nodes
    } else {
        NODE_SCALE - 1
    };
    share * NODE_SCALE + nodes
}

/// A score of `measure` as the summaries print it: Search's nodes (`12345`), Way's points
/// (`3.250`), Play's share lost and its tie-break (`0.889 & 1,234,567 nodes`).
pub fn score_text(measure: Measure, score: u64) -> String {
    let points = |x: u64| format!("{}.{:03}", x / 1000, x % 1000);
    match measure {
        Measure::Search => score.to_string(),
        Measure::Way => points(score),
        Measure::Play => format!(
            "{} & {} nodes",
            points(score / NODE_SCALE),
            grouped(score % NODE_SCALE)
        ),
    }
}

/// `n` with its thousands separated by commas: `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The [`Measure::Play`] thresholds: the quantiles of the game's published catalogue made with
/// `plays` (docs/difficulty.md, "The thresholds, measured").
pub const PLAY_THRESHOLDS: &[(&str, Thresholds)] = &[
    (
        "stonewall",
        [
            play(650, 539),
            play(787, 228),
            play(956, 1_695),
            play(975, 2_744),
        ],
    ),
    (
        "lucky-thirteen",
        [
            play(981, 83_374),
            play(987, 94_988),
            play(987, 7_042_954),
            play(994, 1_284_007),
        ],
    ),
    (
        "klondike",
        [play(25, 81), play(137, 79), play(637, 95), play(912, 96)],
    ),
    (
        "klondike-draw3",
        [
            play(425, 95),
            play(667, 123),
            play(837, 260),
            play(937, 227),
        ],
    ),
    (
        "napoleons-square",
        [
            play(333, 662),
            play(444, 61_478),
            play(667, 43_574),
            play(889, 7_359),
        ],
    ),
    (
        "forty-thieves",
        [
            play(778, 526),
            play(889, 103_385),
            play(1000, 16_632),
            play(1000, 1_031_164),
        ],
    ),
    (
        "napoleons-shoulder",
        [
            play(667, 10_725),
            play(778, 170_921),
            play(889, 218_292),
            play(1000, 189_456),
        ],
    ),
];

/// The thresholds of game `variant` for `measure`, if it has measured ones. A game without an
/// entry (a rules file's, or a measure not yet measured in it) grades its winnable deals
/// `unknown`.
pub fn thresholds(variant: &str, measure: Measure) -> Option<Thresholds> {
    let table = match measure {
        Measure::Play => PLAY_THRESHOLDS,
        Measure::Way => THRESHOLDS,
        Measure::Search => SEARCH_THRESHOLDS,
    };
    table.iter().find(|(id, _)| *id == variant).map(|&(_, t)| t)
}

/// The level (0 very easy .. 4 very hard) of a score under `t`.
fn level(score: u64, t: &Thresholds) -> usize {
    t.iter().take_while(|&&x| score > x).count()
}

/// The difficulty score of a solved row, in thousandths (docs/difficulty.md, "The grade"), as
/// `(low, high)`, the planner's result unknown counting as won and as lost (of a [`Measure::Way`]
/// row; of a `Play` row, an unknown game is a game not won). Of a
/// [`Measure::Play`] row, the share of the planner's games lost: `1 - (won + chance) / (games +
/// 1)` over its own game and its `plays`, or `1 - won / games` where `chance` is empty, with its
/// thoughtful `nodes` to break ties ([`play`]). Of a
/// [`Measure::Search`] row, its thoughtful solve's nodes (not thousandths). Of a
/// [`Measure::Way`] row, the sum of
///
/// - its narrow positions, one point each;
/// - its solution's length per card of the game (a direct win is about 1.5);
/// - where the planner played it: one point if it lost, and the planner's doubt at the start,
///   1 − `chance` (0 to 1; left out where `chance` is empty: the planner had no estimate).
///
/// `None` when the row is not gradable: not solved; of a `Way` row, its narrowness not measured
/// or mostly undecided (more undecided positions than half its choices), or its game unknown.
pub fn score(row: &DealRow, games: &Games) -> Option<(u64, u64)> {
    if row.verdict != Thoughtful::Solved {
        return None;
    }
    if Measure::of(row) == Measure::Search {
        return Some((row.nodes, row.nodes));
    }
    if let (Some(plays), Some(won)) = (row.plays, row.plays_won) {
        // Its own game counts as its other games do: won or not. One that ended unknown (its
        // last solve, every card seen, ran out of nodes) was not won by the player, as an
        // unknown game of `plays_won` is not.
        let share = lost_share(
            plays,
            won + u32::from(row.hidden == Hidden::Won),
            row.chance,
        );
        let s = play(share, row.nodes);
        return Some((s, s));
    }
    let (Some(narrow), Some(undecided), Some(choices), Some(moves)) =
        (row.narrow, row.undecided, row.choices, row.moves)
    else {
        return None;
    };
    if 2 * undecided > choices {
        return None;
    }
    let cards = games.find(&row.variant)?.cards() as u64;
    let mut s = 1000 * u64::from(narrow) + 1000 * u64::from(moves) / cards;
    let mut lost = 0;
    if row.hidden_by == HiddenBy::Planner {
        // No estimate (every sample undecided): the term is left out, not guessed.
        if let Some(chance) = row.chance {
            s += 1000 - (chance.clamp(0.0, 1.0) * 1000.0).round() as u64;
        }
        lost = match row.hidden {
            Hidden::Won => 0,
            Hidden::Lost => 1000,
            Hidden::Unknown => return Some((s, s + 1000)),
        };
    }
    Some((s + lost, s + lost))
}

/// The share, in thousandths rounded to nearest, of the `plays + 1` games of a deal that the
/// planner did not win when it won `won`, its estimate `chance` counted as one game more.
fn lost_share(plays: u32, won: u32, chance: Option<f64>) -> u64 {
    let games = u64::from(plays) + 1;
    let (won, of) = match chance {
        Some(c) => (
            1000 * u64::from(won) + (c.clamp(0.0, 1.0) * 1000.0).round() as u64,
            games + 1,
        ),
        None => (1000 * u64::from(won), games),
    };
    1000 - (2 * won + of) / (2 * of)
}

/// The grade of a row (docs/difficulty.md, "The grade"), from its columns alone:
///
/// 1. proved unsolvable: `not-winnable`; thoughtful verdict unknown: `unknown`;
/// 2. a solved deal: the level of its [`score`] against its game's thresholds for the row's
///    [`Measure`];
/// 3. `unknown` when the row is not gradable ([`score`]), or when the planner's result, unknown,
///    could change the level.
pub fn grade(row: &DealRow) -> Grade {
    grade_with(row, thresholds(&row.variant, Measure::of(row)))
}

/// [`grade`] with the thresholds `t` (`None`: the game has none).
pub fn grade_with(row: &DealRow, t: Option<Thresholds>) -> Grade {
    match row.verdict {
        Thoughtful::Unsolvable => return Grade::NotWinnable,
        Thoughtful::Unknown => return Grade::Unknown,
        Thoughtful::Solved => {}
    }
    // Thresholds are a built-in game's, so its built-in rules are enough for the score.
    let (Some((low, high)), Some(t)) = (score(row, &Games::new()), t) else {
        return Grade::Unknown;
    };
    let (low, high) = (level(low, &t), level(high, &t));
    if low == high {
        Grade::WINNABLE[low]
    } else {
        Grade::Unknown
    }
}

/// Nearest-rank quantiles `qs` (each in 0..=1) of `values` (sorted here); empty: none.
pub fn quantiles(mut values: Vec<u64>, qs: &[f64]) -> Option<Vec<u64>> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let n = values.len();
    Some(
        qs.iter()
            .map(|&q| {
                let rank = ((q * n as f64).ceil() as usize).clamp(1, n);
                values[rank - 1]
            })
            .collect(),
    )
}

/// The thresholds a set of rows measures ([`Thresholds`]), with their [`Measure`]: the
/// quantiles of the scores of its gradable rows of that measure whose score is known (the
/// planner's result not unknown); the measure is `Play` where any row has `plays`, else that
/// of the first row.
pub fn measured_thresholds(rows: &[DealRow], games: &Games) -> Option<(Measure, Thresholds)> {
    let measure = match rows.iter().find(|r| r.plays.is_some()) {
        Some(r) => Measure::of(r),
        None => Measure::of(rows.first()?),
    };
    let scores: Vec<u64> = rows
        .iter()
        .filter(|r| Measure::of(r) == measure)
        .filter_map(|r| score(r, games))
        .filter(|(low, high)| low == high)
        .map(|(s, _)| s)
        .collect();
    let q = quantiles(scores, &[0.2, 0.4, 0.6, 0.8])?;
    Some((measure, [q[0], q[1], q[2], q[3]]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-made row of Stonewall (52 cards): solved in 104 moves (2 points), 40 choices,
    /// hidden play won with chance 0.75 (a quarter point of doubt).
    fn row(narrow: u32, undecided: u32) -> DealRow {
        DealRow {
            variant: "stonewall".into(),
            seed: 1,
            source: DealSource::Pysol,
            grade: Grade::Unknown,
            verdict: Thoughtful::Solved,
            limit: None,
            moves: Some(104),
            nodes: 1000,
            hidden: Hidden::Won,
            hidden_by: HiddenBy::Planner,
            chance: Some(0.75),
            plays: None,
            plays_won: None,
            choices: Some(40),
            narrow: Some(narrow),
            undecided: Some(undecided),
            max_nodes: 100_000,
            samples: Some(8),
            sample_nodes: Some(300),
            planner: Some(15),
            probe_nodes: 500,
            solution: None,
        }
    }

    /// Thresholds of a test game, made by hand.
    const T: Thresholds = [2500, 3500, 4500, 6000];

    fn g(row: &DealRow) -> Grade {
        grade_with(row, Some(T))
    }

    #[test]
    fn levels_follow_the_thresholds() {
        let t = [1, 3, 3, 7];
        let got: Vec<usize> = (0..10).map(|n| level(n, &t)).collect();
        assert_eq!(got, vec![0, 0, 1, 1, 3, 3, 3, 3, 4, 4]);
    }

    #[test]
    fn the_score_adds_narrow_positions_length_and_the_planner() {
        // 2 points of length, a quarter of doubt.
        assert_eq!(score(&row(0, 0), &Games::new()), Some((2250, 2250)));
        assert_eq!(score(&row(3, 5), &Games::new()), Some((5250, 5250)));
        let lost = DealRow {
            hidden: Hidden::Lost,
            chance: Some(0.1),
            ..row(1, 0)
        };
        assert_eq!(
            score(&lost, &Games::new()),
            Some((1000 + 2000 + 900 + 1000, 4900))
        );
        // A game that hides nothing is not scored by its way but by its search (its nodes).
        let open = DealRow {
            hidden_by: HiddenBy::Thoughtful,
            chance: Some(1.0),
            ..row(1, 0)
        };
        assert_eq!(score(&open, &Games::new()), Some((1000, 1000)));
        // The planner's result unknown: won and lost, a point apart.
        let unsure = DealRow {
            hidden: Hidden::Unknown,
            ..row(0, 0)
        };
        assert_eq!(score(&unsure, &Games::new()), Some((2250, 3250)));
        // No estimate from the planner: its doubt is left out, its result still counts.
        let no_estimate = DealRow {
            chance: None,
            ..lost
        };
        assert_eq!(
            score(&no_estimate, &Games::new()),
            Some((1000 + 2000 + 1000, 4000))
        );
    }

    #[test]
    fn a_row_gets_the_level_of_its_score() {
        assert_eq!(g(&row(0, 0)), Grade::VeryEasy);
        assert_eq!(g(&row(1, 0)), Grade::Easy);
        assert_eq!(g(&row(2, 0)), Grade::Medium);
        assert_eq!(g(&row(3, 0)), Grade::Hard);
        assert_eq!(g(&row(4, 0)), Grade::VeryHard);
        assert_eq!(g(&row(100, 0)), Grade::VeryHard);
        // A lost hidden game is a point harder (and its doubt counts too).
        let lost = DealRow {
            hidden: Hidden::Lost,
            ..row(0, 0)
        };
        assert_eq!(g(&lost), Grade::Easy);
        // A longer solution is harder: 52 more moves, one more point.
        let long = DealRow {
            moves: Some(156),
            ..row(0, 0)
        };
        assert_eq!(g(&long), Grade::Easy);
    }

    #[test]
    fn what_is_undecided_makes_the_grade_unknown_only_when_it_could_change_it() {
        // Undecided positions up to half the choices leave the grade as the proved ones give it.
        assert_eq!(g(&row(0, 20)), Grade::VeryEasy);
        // More than half: the measure is mostly undecided, no grade.
        assert_eq!(g(&row(0, 21)), Grade::Unknown);
        // The planner's result unknown: won or lost would give two levels.
        let unsure = DealRow {
            hidden: Hidden::Unknown,
            ..row(0, 0)
        };
        assert_eq!(g(&unsure), Grade::Unknown);
        // Very hard either way.
        let hardest = DealRow {
            hidden: Hidden::Unknown,
            ..row(9, 0)
        };
        assert_eq!(g(&hardest), Grade::VeryHard);
    }

    #[test]
    fn verdicts_other_than_solved_decide_alone() {
        let lost = DealRow {
            verdict: Thoughtful::Unsolvable,
            narrow: None,
            undecided: None,
            ..row(0, 0)
        };
        assert_eq!(g(&lost), Grade::NotWinnable);
        let open = DealRow {
            verdict: Thoughtful::Unknown,
            ..row(0, 0)
        };
        assert_eq!(g(&open), Grade::Unknown);
        // A game without measured thresholds (a rules file's) cannot be graded.
        let other = DealRow {
            variant: "my-game".into(),
            ..row(0, 0)
        };
        assert_eq!(grade(&other), Grade::Unknown);
        assert_eq!(grade_with(&row(0, 0), None), Grade::Unknown);
        // A published game grades by its own thresholds.
        let t = thresholds("stonewall", Measure::Way).unwrap();
        assert_eq!(grade(&row(0, 0)), grade_with(&row(0, 0), Some(t)));
        assert_eq!(grade(&row(50, 0)), Grade::VeryHard);
        // A solved row without its narrowness (not measured) cannot be graded either.
        let bare = DealRow {
            narrow: None,
            ..row(0, 0)
        };
        assert_eq!(g(&bare), Grade::Unknown);
    }

    #[test]
    fn the_grade_reads_no_other_column() {
        // Seeds, sources, budgets, node counts and solutions do not move a grade.
        let a = row(2, 0);
        let b = DealRow {
            seed: 999,
            source: DealSource::Seed,
            nodes: 5,
            max_nodes: 1,
            probe_nodes: 7,
            samples: Some(1),
            solution: Some("T1>F1".into()),
            ..row(2, 0)
        };
        assert_eq!(g(&a), g(&b));
        assert_eq!(score(&a, &Games::new()), score(&b, &Games::new()));
    }

    #[test]
    fn thresholds_are_the_quantiles_of_gradable_rows() {
        let mut rows: Vec<DealRow> = (0..10).map(|n| row(n, 0)).collect();
        // Rows that do not count: mostly undecided, unsure of the planner, not solved.
        rows.push(row(100, 30));
        rows.push(DealRow {
            hidden: Hidden::Unknown,
            ..row(100, 0)
        });
        rows.push(DealRow {
            verdict: Thoughtful::Unsolvable,
            ..row(100, 0)
        });
        assert_eq!(
            measured_thresholds(&rows, &Games::new()),
            Some((Measure::Way, [3250, 5250, 7250, 9250]))
        );
        assert_eq!(measured_thresholds(&[], &Games::new()), None);
        assert_eq!(quantiles(vec![5], &[0.0, 0.5, 1.0]), Some(vec![5, 5, 5]));
    }

    /// A row of the planner's games: `won` of `plays` other games, its own game `hidden`.
    fn played(plays: u32, won: u32, hidden: Hidden, chance: Option<f64>) -> DealRow {
        DealRow {
            plays: Some(plays),
            plays_won: Some(won),
            hidden,
            chance,
            ..row(0, 0)
        }
    }

    #[test]
    fn the_play_score_is_the_share_of_games_lost_with_the_estimate_a_game_more() {
        let s = |r: &DealRow| score(r, &Games::new());
        // The share lost, in thousandths, then the row's 1000 thoughtful nodes.
        let share = |lost: u64| Some((play(lost, 1000), play(lost, 1000)));
        assert_eq!(play(550, 1000), 550 * NODE_SCALE + 1000);
        // 8 other games and its own, all won, and an estimate of 1: nothing lost.
        assert_eq!(s(&played(8, 8, Hidden::Won, Some(1.0))), share(0));
        // None won, no estimate: all lost.
        assert_eq!(s(&played(8, 0, Hidden::Lost, None)), share(1000));
        // 3 of 8 and its own won, estimate 0.5: (4 + 0.5) / 10 won.
        assert_eq!(s(&played(8, 3, Hidden::Won, Some(0.5))), share(550));
        // Without an estimate the share is of the 9 games alone: 4 / 9 won, rounded.
        assert_eq!(s(&played(8, 3, Hidden::Won, None)), share(556));
        // Its own game unknown: a game not won, as unknown games among the others are.
        assert_eq!(
            s(&played(8, 3, Hidden::Unknown, Some(0.5))),
            s(&played(8, 3, Hidden::Lost, Some(0.5)))
        );
        assert_eq!(s(&played(8, 3, Hidden::Unknown, Some(0.5))), share(650));
        // Narrowness plays no part: mostly undecided, or not measured, it still has a score.
        let open = DealRow {
            undecided: Some(40),
            narrow: None,
            ..played(8, 3, Hidden::Won, Some(0.5))
        };
        assert_eq!(s(&open), share(550));
        // Not solved: no score.
        let lost = DealRow {
            verdict: Thoughtful::Unsolvable,
            ..played(8, 3, Hidden::Won, Some(0.5))
        };
        assert_eq!(s(&lost), None);
    }

    #[test]
    fn a_play_row_is_graded_by_the_play_thresholds() {
        assert_eq!(Measure::of(&played(8, 0, Hidden::Won, None)), Measure::Play);
        assert_eq!(Measure::of(&row(0, 0)), Measure::Way);
        let t = thresholds("stonewall", Measure::Play).unwrap();
        assert_ne!(Some(t), thresholds("stonewall", Measure::Way));
        // Stonewall: every game won is very easy, none won very hard.
        assert_eq!(
            grade(&played(8, 8, Hidden::Won, Some(0.9))),
            Grade::VeryEasy
        );
        assert_eq!(grade(&played(8, 0, Hidden::Lost, None)), Grade::VeryHard);
        // A game without play thresholds (a rules file's) cannot grade such a row.
        let other = DealRow {
            variant: "my-stonewall".into(),
            ..played(8, 8, Hidden::Won, Some(0.9))
        };
        assert_eq!(grade(&other), Grade::Unknown);
        // Its own game unknown: graded as a game not won (8 of 9 won and an estimate of 0.4:
        // a lost share of 0.16, very easy; none won: 1, very hard).
        assert_eq!(
            grade(&played(8, 8, Hidden::Unknown, Some(0.4))),
            Grade::VeryEasy
        );
        assert_eq!(grade(&played(8, 0, Hidden::Unknown, None)), Grade::VeryHard);
    }

    /// A winnable row of a game that hides nothing, solved in `nodes` nodes.
    fn searched(nodes: u64) -> DealRow {
        DealRow {
            variant: "flower-garden".into(),
            hidden_by: HiddenBy::Thoughtful,
            chance: Some(1.0),
            nodes,
            samples: None,
            sample_nodes: None,
            planner: None,
            ..row(0, 0)
        }
    }

    #[test]
    fn a_row_of_a_game_that_hides_nothing_is_scored_by_its_search() {
        assert_eq!(Measure::of(&searched(500)), Measure::Search);
        let s = |r: &DealRow| score(r, &Games::new());
        assert_eq!(s(&searched(12_345)), Some((12_345, 12_345)));
        // Narrowness plays no part: mostly undecided, it still has a score.
        let open = DealRow {
            undecided: Some(200),
            choices: Some(210),
            ..searched(7)
        };
        assert_eq!(s(&open), Some((7, 7)));
        // Not solved: no score, and the grade says what the verdict says.
        let lost = DealRow {
            verdict: Thoughtful::Unsolvable,
            ..searched(7)
        };
        assert_eq!(s(&lost), None);
        assert_eq!(grade(&lost), Grade::NotWinnable);
        // More nodes, a grade at least as hard, under any thresholds.
        let t = [100, 1_000, 10_000, 100_000];
        let levels: Vec<Grade> = [50, 100, 101, 5_000, 50_000, 100_001]
            .iter()
            .map(|&n| grade_with(&searched(n), Some(t)))
            .collect();
        assert_eq!(
            levels,
            [
                Grade::VeryEasy,
                Grade::VeryEasy,
                Grade::Easy,
                Grade::Medium,
                Grade::Hard,
                Grade::VeryHard
            ]
        );
        // The thresholds such rows measure are of their nodes.
        let rows: Vec<DealRow> = (1..=5).map(|i| searched(i * 1000)).collect();
        assert_eq!(
            measured_thresholds(&rows, &Games::new()),
            Some((Measure::Search, [1000, 2000, 3000, 4000]))
        );
    }

    #[test]
    fn the_thresholds_of_play_rows_are_measured_on_play_rows_alone() {
        let mut rows: Vec<DealRow> = (0..=8)
            .map(|won| played(8, won, Hidden::Lost, None))
            .collect();
        // A row of the other measure in the same file does not count.
        rows.push(row(50, 0));
        let (m, t) = measured_thresholds(&rows, &Games::new()).unwrap();
        assert_eq!(m, Measure::Play);
        // Lost shares 1000, 889, .., 111 (won 0..8 of 9 games): ranks 2, 4, 6 and 8 of nine,
        // each with the rows' 1000 nodes.
        assert_eq!(t, [222, 444, 667, 889].map(|share| play(share, 1000)));
        // Rows of one share: the quantiles are those of their nodes.
        let tied: Vec<DealRow> = (1..=5)
            .map(|i| DealRow {
                nodes: i * 100,
                ..played(8, 0, Hidden::Lost, None)
            })
            .collect();
        let (_, t) = measured_thresholds(&tied, &Games::new()).unwrap();
        assert_eq!(t, [100, 200, 300, 400].map(|n| play(1000, n)));
    }

    /// A row of the planner's games, none won and no estimate (a share of 1000), whose
    /// thoughtful solve took `nodes` nodes.
    fn all_lost(nodes: u64) -> DealRow {
        DealRow {
            nodes,
            ..played(8, 0, Hidden::Lost, None)
        }
    }

    #[test]
    fn equal_shares_are_ordered_by_the_thoughtful_nodes() {
        let s = |r: &DealRow| score(r, &Games::new()).unwrap().0;
        assert!(s(&all_lost(5_000)) < s(&all_lost(5_001)));
        // The share comes first: fewer games lost is easier whatever the nodes.
        let won_one = DealRow {
            nodes: 9_000_000,
            ..played(8, 1, Hidden::Lost, None)
        };
        assert!(s(&won_one) < s(&all_lost(0)));
        // Thresholds inside the share of 1000: its deals spread over the grades by nodes,
        // more nodes at least as hard, and a pair a node apart across t2 two grades apart.
        let t = [
            play(500, 0),
            play(1000, 10_000),
            play(1000, 20_000),
            play(1000, 30_000),
        ];
        let got: Vec<Grade> = [0, 10_000, 10_001, 20_000, 20_001, 30_001, 9_999_999]
            .iter()
            .map(|&n| grade_with(&all_lost(n), Some(t)))
            .collect();
        assert_eq!(
            got,
            [
                Grade::Easy,
                Grade::Easy,
                Grade::Medium,
                Grade::Medium,
                Grade::Hard,
                Grade::VeryHard,
                Grade::VeryHard
            ]
        );
    }

    #[test]
    fn nodes_past_the_scale_saturate() {
        assert_eq!(play(3, NODE_SCALE), play(3, NODE_SCALE - 1));
        assert_eq!(play(3, u64::MAX), play(3, NODE_SCALE - 1));
        assert!(play(3, u64::MAX) < play(4, 0));
        // The largest score fits: all games lost, nodes at the cap.
        assert_eq!(play(1000, u64::MAX), 1001 * NODE_SCALE - 1);
        let s = score(&all_lost(u64::MAX), &Games::new());
        assert_eq!(s, Some((1001 * NODE_SCALE - 1, 1001 * NODE_SCALE - 1)));
    }

    #[test]
    fn scores_are_printed_in_their_units() {
        assert_eq!(
            score_text(Measure::Play, play(889, 1_234_567)),
            "0.889 & 1,234,567 nodes"
        );
        assert_eq!(score_text(Measure::Play, play(1000, 0)), "1.000 & 0 nodes");
        assert_eq!(
            score_text(Measure::Play, play(25, 999)),
            "0.025 & 999 nodes"
        );
        assert_eq!(
            score_text(Measure::Play, play(7, 1_000)),
            "0.007 & 1,000 nodes"
        );
        assert_eq!(score_text(Measure::Way, 3250), "3.250");
        assert_eq!(score_text(Measure::Search, 12_345), "12345");
    }

    #[test]
    fn a_row_counts_the_planners_other_games_only_where_it_played() {
        let rules = crate::games::find("stonewall").unwrap();
        assert_eq!(played(8, 3, Hidden::Won, Some(0.5)).impossible(rules), None);
        for bad in [
            played(8, 9, Hidden::Won, None),
            played(0, 0, Hidden::Won, None),
            DealRow {
                plays_won: None,
                ..played(8, 3, Hidden::Won, None)
            },
            DealRow {
                hidden_by: HiddenBy::Thoughtful,
                samples: None,
                sample_nodes: None,
                planner: None,
                ..played(8, 3, Hidden::Won, Some(1.0))
            },
        ] {
            let why = bad.impossible(rules).expect("refused");
            assert!(why.contains("plays"), "{why}");
        }
    }

    #[test]
    fn grades_are_written_with_hyphens() {
        let words: Vec<String> = Grade::ALL.iter().map(|g| g.to_string()).collect();
        assert_eq!(
            words,
            [
                "very-easy",
                "easy",
                "medium",
                "hard",
                "very-hard",
                "not-winnable",
                "unknown"
            ]
        );
        for g in Grade::ALL {
            let json = serde_json::to_string(&g).unwrap();
            assert_eq!(json, format!("\"{g}\""));
        }
    }
}
