//! Checking a move list: replayed from a deal with nothing but the game's rules, after the
//! list is checked to belong to the deal (its game, its seed and, for a solve result that
//! carries it, its deal) and to name only places the game has.

use super::DealFrom;
use crate::cards::CardToken;
use crate::game::{Deal, Position, Rules, Variant, apply, legal};
use crate::io::dealfile::{DealFileError, read_deal};
use crate::io::movelist::MoveList;

/// The answer of a move list that could be replayed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Checked {
    /// Every move legal and the game won.
    pub won: bool,
    /// The first illegal move: its number (from 1) and the line that says why
    /// (`illegal move 3 (T1>F1): ...`).
    pub illegal: Option<(usize, String)>,
    /// Cards on the foundations after the legal moves.
    pub on_found: usize,
    /// Cards of the game.
    pub cards: usize,
    /// Moves in the list.
    pub moves: usize,
}

impl Checked {
    /// The answer in one line, as `patience check` prints it: `won`, `not won: ...`, or the
    /// illegal move.
    pub fn text(&self) -> String {
        match &self.illegal {
            Some((_, t)) => t.clone(),
            None if self.won => "won".to_string(),
            None => format!(
                "not won: {} of {} cards on the foundations after {} move{}",
                self.on_found,
                self.cards,
                self.moves,
                if self.moves == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Why a move list is not replayed: it belongs to another game or deal, or names a place the
/// game does not have.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A solve result of another game.
    #[error("the solve result is for {named:?}, not {game:?}")]
    OtherGame { named: String, game: &'static str },
    /// A solve result of another seed.
    #[error("the solve result is for seed {theirs}, the deal is seed {ours}")]
    OtherSeed { theirs: u64, ours: u64 },
    /// A solve result whose deal cannot be read.
    #[error("the deal of the solve result")]
    ResultDeal(#[source] DealFileError),
    /// A solve result of another deal: `ours` names the deal given, `why` where they differ.
    #[error("the solve result is for another deal than {ours}: {why}")]
    OtherDeal { ours: String, why: String },
    /// A move naming a place the game does not have (`F99`).
    #[error("move list: move {number} ({token}): {game} has no {place} (its places are {places})")]
    NoPlace {
        number: usize,
        token: String,
        game: &'static str,
        place: String,
        places: String,
    },
}

/// How a face names the deal of `from` in a refusal: `the deal of seed 7`, `PySolFC's game
/// 12`, or `the deal of FILE` for a deal file named `file`.
pub fn deal_name(from: &DealFrom, file: &str) -> String {
    match from {
        DealFrom::Seed(s) => format!("the deal of seed {s}"),
        DealFrom::Pysol(n) => format!("PySolFC's game {}", crate::pysol::number_text(*n)),
        DealFrom::Deal(_) => format!("the deal of {file}"),
    }
}

/// Replays `list` on `deal` (whose position is `start`, see [`super::start()`]); `ours` names
/// the deal in a refusal ([`deal_name`]).
pub fn check(
    rules: &'static Rules,
    deal: &Deal,
    start: Position,
    list: &MoveList,
    ours: &str,
) -> Result<Checked, CheckError> {
    belongs(rules, deal, list, ours)?;
    let run = crate::for_game!(rules, <V(v), 'a>(start: Position = start, list: &'a MoveList = list)
        -> Checked => replay(v, start, list));
    // The rules came from a `Games`, which checked them.
    Ok(run.unwrap_or_else(|e| unreachable!("rules of a Games are valid: {e}")))
}

/// The list's own game, seed and deal against the deal given, and its places.
fn belongs(rules: &Rules, deal: &Deal, list: &MoveList, ours: &str) -> Result<(), CheckError> {
    if let Some(named) = &list.variant
        && named != rules.id
    {
        return Err(CheckError::OtherGame {
            named: named.clone(),
            game: rules.id,
        });
    }
    if let (Some(theirs), Some(ours)) = (list.seed, deal.seed)
        && theirs != ours
    {
        return Err(CheckError::OtherSeed { theirs, ours });
    }
    if let Some(theirs) = &list.deal {
        let theirs = read_deal(&theirs.to_string()).map_err(CheckError::ResultDeal)?;
        if let Some(why) = difference(&theirs, deal) {
            return Err(CheckError::OtherDeal {
                ours: ours.to_string(),
                why,
            });
        }
    }
    for (i, (&m, token)) in list.moves.iter().zip(&list.tokens).enumerate() {
        if let Some(p) = [m.from, m.to].into_iter().find(|&p| !rules.has_place(p)) {
            return Err(CheckError::NoPlace {
                number: i + 1,
                token: token.clone(),
                game: rules.name,
                place: p.to_string(),
                places: rules.places_text(),
            });
        }
    }
    Ok(())
}

/// The moves replayed from `pos` until one is illegal.
fn replay<V: Variant>(v: V, mut pos: Position, list: &MoveList) -> Checked {
    let mut illegal = None;
    for (i, (&m, token)) in list.moves.iter().zip(&list.tokens).enumerate() {
        match legal::<V>(v, &pos, m) {
            Ok(m) => {
                apply::<V>(v, &mut pos, m);
            }
            Err(why) => {
                illegal = Some((i + 1, format!("illegal move {} ({token}): {why}", i + 1)));
                break;
            }
        }
    }
    Checked {
        won: illegal.is_none() && pos.is_won::<V>(v),
        illegal,
        on_found: pos.on_found(),
        cards: v.rules().cards(),
        moves: list.moves.len(),
    }
}

/// Where two deals first differ, in words (`None`: the same cards in the same places; the
/// variant and the seed are not compared, and a deal without foundations is one with them
/// all empty).
pub fn difference(theirs: &Deal, ours: &Deal) -> Option<String> {
    let text = |list: &[CardToken]| -> Vec<String> { list.iter().map(|c| c.to_text()).collect() };
    let mut places: Vec<(String, Vec<String>, Vec<String>)> = Vec::new();
    let n = theirs.piles.len().max(ours.piles.len());
    let pile = |d: &Deal, i: usize| d.piles.get(i).map(|p| text(p)).unwrap_or_default();
    for i in 0..n {
        places.push((format!("T{}", i + 1), pile(theirs, i), pile(ours, i)));
    }
    let reserve = |d: &Deal| -> Vec<String> {
        d.reserve
            .iter()
            .map(|s| s.map_or_else(|| "-".to_string(), |c| c.to_text()))
            .collect()
    };
    places.push(("the reserve".into(), reserve(theirs), reserve(ours)));
    places.push(("the stock".into(), text(&theirs.stock), text(&ours.stock)));
    places.push(("the waste".into(), text(&theirs.waste), text(&ours.waste)));
    let n = theirs.foundations.len().max(ours.foundations.len());
    let found = |d: &Deal, i: usize| d.foundations.get(i).map(|p| text(p)).unwrap_or_default();
    for i in 0..n {
        places.push((format!("F{}", i + 1), found(theirs, i), found(ours, i)));
    }
    let show = |cards: &[String]| {
        if cards.is_empty() {
            "empty".to_string()
        } else {
            cards.join(" ")
        }
    };
    places
        .into_iter()
        .find(|(_, a, b)| a != b)
        .map(|(place, a, b)| {
            format!(
                "{place} is {} there, {} here (bottom card first)",
                show(&a),
                show(&b)
            )
        })
}
