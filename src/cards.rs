//! Cards, ranks, suits and colours; parsing and printing as `docs/formats.md` says.
//!
//! A [`Card`] is one byte: `(rank - 1) * 4 + suit`, so rank and suit are a shift and a mask.
//! The two copies of a card in a two-deck game are the same `Card`: they are interchangeable.

use std::fmt;
use std::str::FromStr;

/// Suits in the order `C D H S` (the order of docs/formats.md and of a fresh deck).
pub const SUIT_LETTERS: [char; 4] = ['C', 'D', 'H', 'S'];

/// Number of distinct cards in one deck.
pub const DECK: usize = 52;

/// One card of a 52-card deck.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Card(u8);

impl Card {
    /// `rank` is 1 (Ace) ..= 13 (King); `suit` is 0..4 in the order C D H S.
    #[inline]
    pub const fn new(rank: u8, suit: u8) -> Card {
        debug_assert!(rank >= 1 && rank <= 13 && suit < 4);
        Card((rank - 1) * 4 + suit)
    }

    /// The card with index `i` in 0..52 (as returned by [`Card::index`]).
    #[inline]
    pub const fn from_index(i: u8) -> Card {
        debug_assert!(i < 52);
        Card(i)
    }

    /// 0..52, the packed form.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// 1 (Ace) ..= 13 (King).
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> 2) + 1
    }

    /// 0..4 in the order C D H S.
    #[inline]
    pub const fn suit(self) -> u8 {
        self.0 & 3
    }

    /// 0 black (clubs, spades), 1 red (diamonds, hearts).
    #[inline]
    pub const fn colour(self) -> u8 {
        ((self.0 & 3) + 1) >> 1 & 1
    }

    /// Every card of one deck, in the order of a fresh deck: clubs A..K, diamonds, hearts, spades.
    pub fn fresh_deck() -> impl Iterator<Item = Card> {
        (0..4u8).flat_map(|s| (1..=13u8).map(move |r| Card::new(r, s)))
    }
}

fn rank_text(rank: u8) -> &'static str {
    [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ][rank as usize - 1]
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            rank_text(self.rank()),
            SUIT_LETTERS[self.suit() as usize]
        )
    }
}

/// A card as written in a deal file: a card, face up or face down, or `??` (unknown to the player).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CardToken {
    Known { card: Card, face_up: bool },
    Unknown,
}

/// Why a card token could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("malformed card {text:?}: {why}")]
pub struct CardParseError {
    pub text: String,
    pub why: &'static str,
}

impl CardToken {
    /// Reads `7H` (face up), `7h` (face down), `10d`, `TD`, `Q♠`, `??`.
    pub fn parse(text: &str) -> Result<CardToken, CardParseError> {
        let err = |why| CardParseError {
            text: text.to_string(),
            why,
        };
        let t = text.trim();
        if t == "??" {
            return Ok(CardToken::Unknown);
        }
        let suit_char = t.chars().last().ok_or_else(|| err("empty"))?;
        let rank_part = &t[..t.len() - suit_char.len_utf8()];
        let (suit, face_up) = match suit_char {
            'C' => (0, true),
            'D' => (1, true),
            'H' => (2, true),
            'S' => (3, true),
            'c' => (0, false),
            'd' => (1, false),
            'h' => (2, false),
            's' => (3, false),
            '♣' => (0, true),
            '♦' => (1, true),
            '♥' => (2, true),
            '♠' => (3, true),
            _ => return Err(err("the suit must be one of C D H S")),
        };
        let rank = match rank_part.to_ascii_uppercase().as_str() {
            "A" => 1,
            "2" => 2,
            "3" => 3,
            "4" => 4,
            "5" => 5,
            "6" => 6,
            "7" => 7,
            "8" => 8,
            "9" => 9,
            "10" | "T" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "" => return Err(err("the rank is missing")),
            _ => return Err(err("the rank must be one of A 2..10 J Q K")),
        };
        Ok(CardToken::Known {
            card: Card::new(rank, suit),
            face_up,
        })
    }

    /// The deal-file form: `7H` face up, `7h` face down, `??` unknown.
    pub fn to_text(self) -> String {
        match self {
            CardToken::Unknown => "??".to_string(),
            CardToken::Known {
                card,
                face_up: true,
            } => card.to_string(),
            CardToken::Known {
                card,
                face_up: false,
            } => {
                let mut s = rank_text(card.rank()).to_string();
                s.push(SUIT_LETTERS[card.suit() as usize].to_ascii_lowercase());
                s
            }
        }
    }
}

impl FromStr for Card {
    type Err = CardParseError;
    /// Reads a card in any case (the face of a deal-file token is ignored); `??` is refused.
    fn from_str(s: &str) -> Result<Card, CardParseError> {
        match CardToken::parse(s)? {
            CardToken::Known { card, .. } => Ok(card),
            CardToken::Unknown => Err(CardParseError {
                text: s.to_string(),
                why: "an unknown card is not allowed here",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text_and_index() {
        let all: Vec<Card> = Card::fresh_deck().collect();
        assert_eq!(all.len(), 52);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(Card::from_index(c.index()), *c);
            for up in [true, false] {
                let tok = CardToken::Known {
                    card: *c,
                    face_up: up,
                };
                assert_eq!(CardToken::parse(&tok.to_text()).unwrap(), tok, "card {i}");
            }
        }
        let mut idx: Vec<u8> = all.iter().map(|c| c.index()).collect();
        idx.sort();
        idx.dedup();
        assert_eq!(idx.len(), 52);
    }

    #[test]
    fn colours_rank_and_suit() {
        let c: Card = "7H".parse().unwrap();
        assert_eq!((c.rank(), c.suit(), c.colour()), (7, 2, 1));
        assert_eq!("KS".parse::<Card>().unwrap().colour(), 0);
        assert_eq!("AC".parse::<Card>().unwrap().colour(), 0);
        assert_eq!("QD".parse::<Card>().unwrap().colour(), 1);
        assert_eq!("10d".parse::<Card>().unwrap().to_string(), "10D");
        assert_eq!("TS".parse::<Card>().unwrap().to_string(), "10S");
        assert_eq!("q♠".parse::<Card>().unwrap().to_string(), "QS");
    }

    #[test]
    fn malformed_cards_are_refused() {
        // A rank is `A 2..10 J Q K` (or `T`): `1` is no Ace (docs/formats.md, "Cards").
        for bad in ["", "7", "H", "11H", "7X", "0S", "KK", "7HH", "1S", "1h"] {
            assert!(CardToken::parse(bad).is_err(), "{bad:?} accepted");
        }
        assert!("??".parse::<Card>().is_err());
        assert_eq!(CardToken::parse("??").unwrap(), CardToken::Unknown);
        assert_eq!(
            CardToken::parse("7h").unwrap(),
            CardToken::Known {
                card: Card::new(7, 2),
                face_up: false
            }
        );
    }
}
