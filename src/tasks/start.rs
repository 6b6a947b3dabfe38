//! A game's start: the deal of a seed, of a PySolFC game number, or of a deal file, and its
//! position. A deal file is checked here, and only here, for both faces: its face-down cards
//! ([`crate::game::setup::check_face_down`]), that the game can reach it
//! ([`crate::game::check_reachable`]), and the deal of its seed if it names one
//! ([`crate::deal::check_seeded`]).

use crate::deal::SeedMismatch;
use crate::game::{Deal, DealError, Position, Rules, Variant};
use crate::hidden::Observation;
use crate::hidden::observation::HiddenDealError;
use crate::pysol::PysolError;

/// Where a game's deal comes from.
#[derive(Clone, Debug)]
pub enum DealFrom {
    /// The deal of a seed ([`crate::deal`]).
    Seed(u64),
    /// The deal of a PySolFC game number ([`crate::pysol_deal`]).
    Pysol(u128),
    /// A deal file's deal; its `variant`, when it names one, must be the game's.
    Deal(Deal),
}

/// Why a game cannot start from a deal. Each displays as one line; the cause, when there is
/// one, is its `source`.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The deal file names another game.
    #[error("the deal file is for {file:?}, not {game:?}")]
    OtherGame { file: String, game: &'static str },
    /// A deal file the game cannot have (`what` names the deal).
    #[error("{what}")]
    Illegal {
        what: String,
        #[source]
        why: DealError,
    },
    /// A position the player cannot see (`what` names it).
    #[error("{what}")]
    Unseen {
        what: String,
        #[source]
        why: HiddenDealError,
    },
    /// A position with a card written more often than the game's decks hold it (`why` says
    /// which, and where).
    #[error("{what}: {why}")]
    Repeated { what: String, why: String },
    /// A deal file that names a seed and differs from the seed's deal.
    #[error(transparent)]
    Seeded(#[from] SeedMismatch),
    /// A PySolFC number the game has no deal for.
    #[error(transparent)]
    Pysol(#[from] PysolError),
}

/// The deal of `from` for game `v` and its position; a deal file's `variant` is filled in.
pub fn position<V: Variant>(v: V, from: DealFrom) -> Result<(Deal, Position), StartError> {
    let rules = v.rules();
    match from {
        DealFrom::Seed(seed) => {
            let deal = crate::deal(rules, seed);
            let pos = Position::from_deal::<V>(v, &deal).map_err(|why| StartError::Illegal {
                what: format!("the {} deal of seed {seed}", rules.name),
                why,
            })?;
            Ok((deal, pos))
        }
        DealFrom::Pysol(number) => {
            let deal = crate::pysol_deal(rules, number)?;
            let pos = Position::from_deal::<V>(v, &deal).map_err(|why| StartError::Illegal {
                what: format!(
                    "the {} deal of PySolFC game {}",
                    rules.name,
                    crate::pysol::number_text(number)
                ),
                why,
            })?;
            Ok((deal, pos))
        }
        DealFrom::Deal(mut deal) => {
            same_game(rules, &mut deal)?;
            let pos = checked(v, &deal)?;
            Ok((deal, pos))
        }
    }
}

/// [`position`] for the game of `rules` (a built-in game's or one made from a rules file).
pub fn start(rules: &'static Rules, from: DealFrom) -> Result<(Deal, Position), StartError> {
    let run = crate::for_game!(rules, <V(v), 'a>(from: DealFrom = from)
        -> Result<(Deal, Position), StartError> => position(v, from));
    // The rules came from a `Games`, which checked them.
    run.unwrap_or_else(|e| unreachable!("rules of a Games are valid: {e}"))
}

/// Refuses a deal file that names another game, and names the game in one that names none.
fn same_game(rules: &Rules, deal: &mut Deal) -> Result<(), StartError> {
    match &deal.variant {
        Some(v) if v != rules.id => Err(StartError::OtherGame {
            file: v.clone(),
            game: rules.id,
        }),
        Some(_) => Ok(()),
        None => {
            deal.variant = Some(rules.id.to_string());
            Ok(())
        }
    }
}

/// The position of a deal file's deal, every check made: its face-down cards, that the game
/// can reach it, its position, and the deal of its seed if it names one.
pub fn checked<V: Variant>(v: V, deal: &Deal) -> Result<Position, StartError> {
    let rules = v.rules();
    let illegal = |why| StartError::Illegal {
        what: format!("not a legal {} deal", rules.name),
        why,
    };
    crate::game::setup::check_face_down(rules, deal).map_err(illegal)?;
    crate::game::check_reachable::<V>(v, deal).map_err(illegal)?;
    let pos = Position::from_deal::<V>(v, deal).map_err(illegal)?;
    crate::deal::check_seeded(rules, deal)?;
    Ok(pos)
}

/// [`checked`] for the game of `rules`: the position of a deal file's deal whose game is
/// already known to be the game of `rules` (the deal a solve result holds).
pub fn checked_deal(rules: &'static Rules, deal: &Deal) -> Result<Position, StartError> {
    let run = crate::for_game!(rules, <V(v), 'a>(deal: &'a Deal = deal)
        -> Result<Position, StartError> => checked(v, deal));
    // The rules came from a `Games`, which checked them.
    run.unwrap_or_else(|e| unreachable!("rules of a Games are valid: {e}"))
}

/// The deal of a deal file whose unknown cards are written `??` (`hint`), and what the player
/// sees of it, checked as [`checked`] checks a deal file (and for a card written too often).
pub fn observed<V: Variant>(v: V, mut deal: Deal) -> Result<(Deal, Observation), StartError> {
    let rules = v.rules();
    same_game(rules, &mut deal)?;
    let what = || format!("not a legal {} position", rules.name);
    if let Some(why) = repeated_card(rules, &deal) {
        return Err(StartError::Repeated { what: what(), why });
    }
    let illegal = |why| StartError::Illegal { what: what(), why };
    crate::game::setup::check_face_down(rules, &deal).map_err(illegal)?;
    crate::game::check_reachable::<V>(v, &deal).map_err(illegal)?;
    let obs = Observation::from_deal::<V>(v, &deal)
        .map_err(|why| StartError::Unseen { what: what(), why })?;
    crate::deal::check_seeded(rules, &deal)?;
    Ok((deal, obs))
}

/// A card written more often than the game's decks hold it, in a position whose unknown
/// cards (`??`) hide which cards are missing: the card and the places it is written in (the
/// count of unknown cards would otherwise be all the message could say).
fn repeated_card(rules: &Rules, deal: &Deal) -> Option<String> {
    use crate::cards::CardToken;
    let mut places: Vec<(CardToken, String)> = Vec::new();
    for (p, pile) in deal.piles.iter().enumerate() {
        for (i, &t) in pile.iter().enumerate() {
            places.push((t, format!("T{} (card {} from the bottom)", p + 1, i + 1)));
        }
    }
    for (r, slot) in deal.reserve.iter().enumerate() {
        if let Some(t) = *slot {
            places.push((t, format!("R{}", r + 1)));
        }
    }
    for (f, list) in deal.foundations.iter().enumerate() {
        for &t in list {
            places.push((t, format!("F{}", f + 1)));
        }
    }
    for (i, &t) in deal.waste.iter().enumerate() {
        places.push((t, format!("W (card {})", i + 1)));
    }
    for (i, &t) in deal.stock.iter().enumerate() {
        places.push((t, format!("S (card {})", i + 1)));
    }
    let card = |t: &CardToken| match *t {
        CardToken::Known { card, .. } => Some(card),
        CardToken::Unknown => None,
    };
    places.iter().find_map(|(t, _)| {
        let c = card(t)?;
        let at: Vec<&str> = places
            .iter()
            .filter(|(u, _)| card(u) == Some(c))
            .map(|(_, place)| place.as_str())
            .collect();
        (at.len() > rules.decks as usize).then(|| {
            format!(
                "card {c} is written {} times, {}, in {}",
                at.len(),
                match rules.decks {
                    1 => "the deck holds it once".to_string(),
                    n => format!("the {n} decks hold it {n} times"),
                },
                at.join(" and ")
            )
        })
    })
}
