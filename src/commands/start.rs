//! Where a command's game starts: the deal of `--seed N`, `--deal FILE|-` or `--pysol N`, or of
//! a file that is a solve result or a deal file, and its checked position.

use crate::cli::Start;
use anyhow::{Context, Result, bail};
use patience::io::Input;
use patience::io::dealfile::read_deal;
use patience::io::movelist::{MoveList, read_moves};
use patience::{Deal, Observation, Position, Rules, Variant};

/// The start position of game `V` from `--seed N`, `--deal FILE|-` or `--pysol N`: the deal
/// (with its `variant` filled in) and the checked position. A deal file naming another game is
/// refused, and so is a PySolFC number for a game PySolFC does not have.
pub fn load_start<V: Variant>(v: V, start: &Start) -> Result<(Deal, Position)> {
    let rules = v.rules();
    match start {
        Start::Seed(seed) => {
            let deal = patience::deal(rules, *seed);
            let pos = Position::from_deal::<V>(v, &deal)
                .with_context(|| format!("the {} deal of seed {seed}", rules.name))?;
            Ok((deal, pos))
        }
        Start::Pysol(number) => {
            let deal = patience::pysol_deal(rules, *number)?;
            let pos = Position::from_deal::<V>(v, &deal).with_context(|| {
                format!(
                    "the {} deal of PySolFC game {}",
                    rules.name,
                    patience::internal::pysol::number_text(*number)
                )
            })?;
            Ok((deal, pos))
        }
        Start::File(input) => {
            let text = input.read_to_string()?;
            let mut deal = read_deal(&text).with_context(|| input.to_string())?;
            match &deal.variant {
                Some(v) if v != rules.id => {
                    bail!("{input}: the deal file is for {v:?}, not {:?}", rules.id)
                }
                Some(_) => {}
                None => deal.variant = Some(rules.id.to_string()),
            }
            let pos = checked_position::<V>(v, &deal, input)?;
            Ok((deal, pos))
        }
    }
}

/// Refuses a face-down card where no position of the game can have one
/// ([`patience::internal::game::setup::check_face_down`]).
pub fn check_face_down(rules: &Rules, deal: &Deal) -> Result<()> {
    Ok(patience::internal::game::setup::check_face_down(
        rules, deal,
    )?)
}

/// The position of a deal read from `file`: the deal checked (its face-down cards, that the
/// game can reach it, the deal of its seed if it names one).
pub fn checked_position<V: Variant>(v: V, deal: &Deal, file: &Input) -> Result<Position> {
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
        Start::Pysol(n) => format!(
            "{}, {}",
            rules.name,
            patience::internal::pysol::source_text(rules, *n)
        ),
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
/// sees of it, checked as [`load_start`] checks a deal file.
pub fn observed<V: Variant>(v: V, input: &Input) -> Result<(Deal, Observation)> {
    let rules = v.rules();
    let text = input.read_to_string()?;
    let deal = read_deal(&text).with_context(|| input.to_string())?;
    if let Some(v) = &deal.variant
        && v != rules.id
    {
        bail!("{input}: the deal file is for {v:?}, not {:?}", rules.id);
    }
    if let Some(why) = repeated_card(rules, &deal) {
        bail!("{input}: not a legal {} position: {why}", rules.name);
    }
    check_face_down(rules, &deal)
        .with_context(|| format!("{input}: not a legal {} position", rules.name))?;
    patience::internal::game::check_reachable::<V>(v, &deal)
        .with_context(|| format!("{input}: not a legal {} position", rules.name))?;
    let obs = Observation::from_deal::<V>(v, &deal)
        .with_context(|| format!("{input}: not a legal {} position", rules.name))?;
    patience::internal::deal::check_seeded(rules, &deal).with_context(|| input.to_string())?;
    Ok((deal, obs))
}

/// A card written more often than the game's decks hold it, in a position whose unknown
/// cards (`??`) hide which cards are missing: the card and the places it is written in (the
/// count of unknown cards would otherwise be all the message could say).
pub fn repeated_card(rules: &Rules, deal: &Deal) -> Option<String> {
    use patience::internal::cards::CardToken;
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
