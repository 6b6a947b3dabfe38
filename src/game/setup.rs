//! From a [`Deal`] (lists of cards) to a [`Position`] and back, refusing anything that is not a
//! legal position of the game with a message naming the problem, the place and the card.

use super::moves::Place;
use super::position::{DOWN, MAX_TALON, NONE, PILE_CAP, Pile, Position};
use super::rules::{FaceDown, Variant};
use crate::cards::{Card, CardToken};

/// A position written out as lists of cards, every list from the bottom of its pile to the top,
/// as in a deal file (`docs/formats.md`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Deal {
    pub variant: Option<String>,
    pub seed: Option<u64>,
    /// Tableau piles, pile 1 first, bottom card first.
    pub piles: Vec<Vec<CardToken>>,
    /// Reserve slots, slot 1 first; `None` is an emptied slot.
    pub reserve: Vec<Option<CardToken>>,
    /// Bottom first: the last card is the next one turned.
    pub stock: Vec<CardToken>,
    /// Bottom first: the last card is the top.
    pub waste: Vec<CardToken>,
    /// Foundation lists, bottom (the Ace) first.
    pub foundations: Vec<Vec<CardToken>>,
}

/// A deal that is not a legal position of its game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("{game} has {expected} {what}, the deal has {found}")]
    Count {
        game: &'static str,
        what: &'static str,
        expected: usize,
        found: usize,
    },
    #[error("{place}: {card} is face down, but {game} has no face-down cards")]
    FaceDownNotAllowed {
        game: &'static str,
        place: String,
        card: Card,
    },
    #[error("{place}: the top card {card} must be face up")]
    TopFaceDown { place: String, card: Card },
    #[error("{place}: cards there lie face up, but {card} is written face down")]
    MustBeFaceUp { place: String, card: Card },
    #[error(
        "{place}: {card} is written face up, but {game} deals it face down and the cards on it are not a run built on it, so no play could have turned it up (write it in lower case)"
    )]
    Unreachable {
        game: &'static str,
        place: String,
        card: Card,
    },
    #[error(
        "{place}: an unknown card (??) has no place in a position to solve with every card known"
    )]
    Unknown { place: String },
    #[error("{place}: {card} cannot lie there: a foundation is built up in one suit from the Ace")]
    Foundation { place: String, card: Card },
    #[error("{place}: too many cards ({count}) in one pile")]
    TooTall { place: String, count: usize },
    #[error("card {card} is missing ({expected} expected, {found} found)")]
    Missing { card: Card, expected: u8, found: u8 },
    #[error("card {card} appears {found} times (at most {expected}), again in {place}")]
    Duplicated {
        card: Card,
        expected: u8,
        found: u8,
        place: String,
    },
    #[error("{place}: its top card is ??, but a pile's top card lies face up and is seen")]
    TopUnknown { place: String },
    #[error(
        "{place}, card {index} from the bottom: {card} lies face down, but {game} deals that card face up (face down in {place}: cards {dealt} from the bottom) and no move turns a card face down"
    )]
    DownWhereDealtUp {
        place: String,
        index: usize,
        card: String,
        game: &'static str,
        dealt: String,
    },
    #[error(
        "{place}, card {index} from the bottom: {card} lies face up below a face-down card (card {last}), but a card is turned up only when it is uncovered"
    )]
    UpBelowDown {
        place: String,
        index: usize,
        card: String,
        last: usize,
    },
}

/// Refuses a face-down card (or `??`, which stands for one) where no position of the game can
/// have one. A card lies face down only where the game deals one face down, and stays so until
/// it is uncovered: so the cards of a pile up to its last face-down one are the dealt cards,
/// lying as dealt (Stonewall: 1st, 3rd, 5th from the bottom face down, the others face up), and
/// the top card lies face up. Games without face-down cards are left to the deal check (their
/// `??` are covered face-up cards, or refused).
pub fn check_face_down(rules: &super::Rules, deal: &Deal) -> Result<(), DealError> {
    if rules.face_down == FaceDown::None {
        return Ok(());
    }
    let down = |t: &CardToken| !matches!(t, CardToken::Known { face_up: true, .. });
    for (p, list) in deal.piles.iter().enumerate() {
        let Some(&height) = rules.pile_sizes.get(p) else {
            continue; // The deal check names a wrong number of piles.
        };
        let height = height as usize;
        let place = Place::Tableau(p as u8).to_string();
        if list.last() == Some(&CardToken::Unknown) {
            return Err(DealError::TopUnknown { place });
        }
        let Some(last) = list.iter().rposition(down) else {
            continue;
        };
        let dealt: Vec<String> = (0..height)
            .filter(|&i| rules.face_down.is_down(i, height))
            .map(|i| (i + 1).to_string())
            .collect();
        let dealt = match dealt.len() {
            0 => "none".to_string(),
            _ => dealt.join(", "),
        };
        for (i, t) in list.iter().enumerate().take(last + 1) {
            let dealt_down = rules.face_down.is_down(i, height);
            if down(t) && !dealt_down {
                return Err(DealError::DownWhereDealtUp {
                    place,
                    index: i + 1,
                    card: t.to_text(),
                    game: rules.name,
                    dealt,
                });
            }
            if !down(t) && dealt_down {
                return Err(DealError::UpBelowDown {
                    place,
                    index: i + 1,
                    card: t.to_text(),
                    last: last + 1,
                });
            }
        }
    }
    Ok(())
}

fn known(tok: CardToken, place: &dyn Fn() -> String) -> Result<(Card, bool), DealError> {
    match tok {
        CardToken::Known { card, face_up } => Ok((card, face_up)),
        CardToken::Unknown => Err(DealError::Unknown { place: place() }),
    }
}

/// Refuses a deal (a deal file's position) that no play of the game reaches from a deal of it:
/// a card the game deals face down, written face up under cards that are not a run built on
/// it. (A card dealt face down is face up only once every card dealt on it has left, and what
/// lies on it since came by building on it.) Hand-made positions for tests of the rules skip
/// this; positions read from files do not.
pub fn check_reachable<V: Variant>(v: V, deal: &Deal) -> Result<(), DealError> {
    let rules = v.rules();
    let game = rules.name;
    for (p, list) in deal.piles.iter().enumerate() {
        let name = || Place::Tableau(p as u8).to_string();
        let dealt = rules.pile_sizes.get(p).map_or(0, |&n| n as usize);
        let card_at = |i: usize| match list[i] {
            CardToken::Known { card, face_up } => Some((card, face_up)),
            CardToken::Unknown => None,
        };
        for i in 0..list.len().min(dealt) {
            let Some((card, up)) = card_at(i) else {
                continue;
            };
            if !(up && rules.face_down.is_down(i, dealt)) {
                continue;
            }
            let built = (i + 1..list.len()).all(|j| match (card_at(j), card_at(j - 1)) {
                (Some((upper, true)), Some((lower, _))) => rules.build.fits(upper, lower),
                _ => false,
            });
            if !built {
                return Err(DealError::Unreachable {
                    game,
                    place: name(),
                    card,
                });
            }
        }
    }
    Ok(())
}

impl Position {
    /// The position a deal describes, checked against the game's rules.
    /// Every card already in a pile counts as part of its undisturbed prefix.
    pub fn from_deal<V: Variant>(v: V, deal: &Deal) -> Result<Position, DealError> {
        let rules = v.rules();
        let game = rules.name;
        let count = |what, expected, found| {
            if expected == found {
                Ok(())
            } else {
                Err(DealError::Count {
                    game,
                    what,
                    expected,
                    found,
                })
            }
        };
        count("tableau piles", rules.piles(), deal.piles.len())?;
        count("reserve slots", rules.reserve as usize, deal.reserve.len())?;
        if !rules.has_stock() {
            count("stock cards", 0, deal.stock.len())?;
            count("waste cards", 0, deal.waste.len())?;
        }
        if deal.foundations.len() > rules.foundations() {
            count("foundations", rules.foundations(), deal.foundations.len())?;
        }
        if deal.stock.len() + deal.waste.len() > MAX_TALON {
            count(
                "stock and waste cards at most",
                MAX_TALON,
                deal.stock.len() + deal.waste.len(),
            )?;
        }

        let mut seen = [0u8; 52];
        let mut note = |card: Card, place: &dyn Fn() -> String| -> Result<(), DealError> {
            let n = &mut seen[card.index() as usize];
            *n += 1;
            if *n > rules.decks {
                return Err(DealError::Duplicated {
                    card,
                    expected: rules.decks,
                    found: *n,
                    place: place(),
                });
            }
            Ok(())
        };

        let mut pos = Position::empty();
        for (p, list) in deal.piles.iter().enumerate() {
            let name = || Place::Tableau(p as u8).to_string();
            if list.len() > PILE_CAP {
                return Err(DealError::TooTall {
                    place: name(),
                    count: list.len(),
                });
            }
            let pile: &mut Pile = &mut pos.piles[p];
            for (i, &tok) in list.iter().enumerate() {
                let (card, up) = known(tok, &name)?;
                note(card, &name)?;
                if !up {
                    if rules.face_down == FaceDown::None {
                        return Err(DealError::FaceDownNotAllowed {
                            game,
                            place: name(),
                            card,
                        });
                    }
                    if i + 1 == list.len() {
                        return Err(DealError::TopFaceDown {
                            place: name(),
                            card,
                        });
                    }
                }
                pile.cards[i] = card.index() | if up { 0 } else { DOWN };
            }
            pile.len = list.len() as u8;
            pile.fixed = pile.len;
        }
        for (r, slot) in deal.reserve.iter().enumerate() {
            let name = || Place::Reserve(r as u8).to_string();
            if let Some(tok) = *slot {
                let (card, up) = known(tok, &name)?;
                if !up {
                    return Err(DealError::MustBeFaceUp {
                        place: name(),
                        card,
                    });
                }
                note(card, &name)?;
                pos.reserve[r] = card.index();
            } else {
                pos.reserve[r] = NONE;
            }
        }
        for (f, list) in deal.foundations.iter().enumerate() {
            let name = || Place::Foundation(f as u8).to_string();
            let mut suit = NONE;
            for (i, &tok) in list.iter().enumerate() {
                let (card, up) = known(tok, &name)?;
                if !up {
                    return Err(DealError::MustBeFaceUp {
                        place: name(),
                        card,
                    });
                }
                if card.rank() as usize != i + 1 || (suit != NONE && card.suit() != suit) {
                    return Err(DealError::Foundation {
                        place: name(),
                        card,
                    });
                }
                suit = card.suit();
                note(card, &name)?;
            }
            pos.found_suit[f] = suit;
            pos.found_height[f] = list.len() as u8;
            pos.on_found += list.len() as u8;
        }
        // The talon in the order its cards are turned: the waste (bottom first, turned first),
        // then the stock from its top down.
        let mut t = 0;
        for (i, &tok) in deal.waste.iter().enumerate() {
            let name = || format!("W (card {})", i + 1);
            let (card, up) = known(tok, &name)?;
            if !up {
                return Err(DealError::MustBeFaceUp {
                    place: name(),
                    card,
                });
            }
            note(card, &name)?;
            pos.talon[t] = card.index();
            pos.waste[i] = t as u8;
            t += 1;
        }
        pos.waste_len = deal.waste.len() as u8;
        for (i, &tok) in deal.stock.iter().enumerate().rev() {
            let name = || format!("S (card {} from the bottom)", i + 1);
            let (card, _) = known(tok, &name)?;
            note(card, &name)?;
            pos.talon[t] = card.index();
            pos.stock[i] = t as u8;
            t += 1;
        }
        pos.stock_len = deal.stock.len() as u8;
        pos.talon_len = t as u8;

        for c in Card::fresh_deck() {
            let found = seen[c.index() as usize];
            if found < rules.decks {
                return Err(DealError::Missing {
                    card: c,
                    expected: rules.decks,
                    found,
                });
            }
        }
        Ok(pos)
    }

    /// The position written out as a deal.
    pub fn to_deal<V: Variant>(&self, v: V) -> Deal {
        let rules = v.rules();
        let up = |card| CardToken::Known {
            card,
            face_up: true,
        };
        let piles = (0..rules.piles())
            .map(|p| {
                let pile = &self.piles[p];
                (0..pile.len as usize)
                    .map(|i| CardToken::Known {
                        card: pile.card(i),
                        face_up: !pile.is_down(i),
                    })
                    .collect()
            })
            .collect();
        let reserve = (0..rules.reserve as usize)
            .map(|r| (self.reserve[r] != NONE).then(|| up(Card::from_index(self.reserve[r]))))
            .collect();
        let stock = (0..self.stock_len as usize)
            .map(|i| up(self.stock_card(i)))
            .collect();
        let waste = (0..self.waste_len as usize)
            .map(|i| up(self.waste_card(i)))
            .collect();
        let any_found = self.on_found > 0;
        let foundations = if any_found {
            (0..rules.foundations())
                .map(|f| {
                    (1..=self.found_height[f])
                        .map(|h| up(Card::new(h, self.found_suit[f])))
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
        Deal {
            variant: Some(rules.id.to_string()),
            seed: None,
            piles,
            reserve,
            stock,
            waste,
            foundations,
        }
    }
}
