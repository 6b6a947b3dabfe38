//! Building positions and deals from text.

use patience::Deal;
use patience::internal::cards::{Card, CardToken};
use patience::{Position, Variant};

/// Card tokens from text such as `"Jh 9C 8H"`: bottom first; lower-case suit = face down.
pub fn toks(s: &str) -> Vec<CardToken> {
    s.split_whitespace()
        .map(|t| CardToken::parse(t).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// One card from text such as `"10H"`.
pub fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// `c` face up.
pub fn up(c: Card) -> CardToken {
    CardToken::Known {
        card: c,
        face_up: true,
    }
}

/// Where the cards that a test does not name are put, so that the deal is a whole deck (or two).
#[derive(Clone, Copy, Debug)]
pub enum Filler {
    /// Under the named cards of this pile (0-based), face down or face up.
    Under { pile: usize, face_down: bool },
    /// At the bottom of the stock, under the named stock cards.
    StockBottom,
}

impl Filler {
    /// Face up under the named cards of pile `pile` (0-based).
    pub const fn face_up_under(pile: usize) -> Filler {
        Filler::Under {
            pile,
            face_down: false,
        }
    }
}

/// A hand-made position: only the cards a test cares about are named.
#[derive(Clone, Debug)]
pub struct Table<'a> {
    /// Pile 1 first, bottom card first; missing piles are empty.
    pub piles: &'a [&'a str],
    /// Slot 1 first; `""` or `"-"` is an empty slot; missing slots are empty.
    pub reserve: &'a [&'a str],
    /// The top card of each foundation (`"3C"` is AC 2C 3C), `""` for an empty one.
    pub found: &'a [&'a str],
    /// Bottom first: the last card is the next one turned.
    pub stock: &'a str,
    /// Bottom first: the last card is the top.
    pub waste: &'a str,
    pub filler: Filler,
}

impl Default for Table<'_> {
    fn default() -> Self {
        Table {
            piles: &[],
            reserve: &[],
            found: &[],
            stock: "",
            waste: "",
            filler: Filler::StockBottom,
        }
    }
}

impl Table<'_> {
    pub fn deal<V: Variant>(&self, v: V) -> Deal {
        let rules = v.rules();
        let mut piles: Vec<Vec<CardToken>> = (0..rules.piles())
            .map(|p| self.piles.get(p).map_or_else(Vec::new, |s| toks(s)))
            .collect();
        let reserve: Vec<Option<CardToken>> = (0..rules.reserve as usize)
            .map(|r| match self.reserve.get(r) {
                None | Some(&"") | Some(&"-") => None,
                Some(s) => Some(CardToken::parse(s).unwrap()),
            })
            .collect();
        let foundations: Vec<Vec<CardToken>> = (0..rules.foundations())
            .map(|f| match self.found.get(f) {
                None | Some(&"") => Vec::new(),
                Some(s) => {
                    let top = card(s);
                    (1..=top.rank())
                        .map(|r| up(Card::new(r, top.suit())))
                        .collect()
                }
            })
            .collect();
        let mut stock = toks(self.stock);
        let waste = toks(self.waste);

        // The cards not named, in the order of a fresh deck.
        let mut left = [rules.decks; 52];
        let mut take = |t: &CardToken| {
            if let CardToken::Known { card, .. } = t {
                let n = &mut left[card.index() as usize];
                // A test may name a card too often on purpose; from_deal must catch it.
                *n = n.saturating_sub(1);
            }
        };
        piles.iter().flatten().for_each(&mut take);
        reserve.iter().flatten().for_each(&mut take);
        foundations.iter().flatten().for_each(&mut take);
        stock.iter().for_each(&mut take);
        waste.iter().for_each(&mut take);
        let rest: Vec<Card> = Card::fresh_deck()
            .flat_map(|c| std::iter::repeat_n(c, left[c.index() as usize] as usize))
            .collect();
        match self.filler {
            Filler::Under { pile, face_down } => {
                let mut under: Vec<CardToken> = rest
                    .iter()
                    .map(|&c| CardToken::Known {
                        card: c,
                        face_up: !face_down,
                    })
                    .collect();
                under.append(&mut piles[pile]);
                piles[pile] = under;
            }
            Filler::StockBottom => {
                let mut under: Vec<CardToken> = rest.iter().map(|&c| up(c)).collect();
                under.append(&mut stock);
                stock = under;
            }
        }
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

    pub fn pos<V: Variant>(&self, v: V) -> Position {
        let d = self.deal::<V>(v);
        Position::from_deal::<V>(v, &d).unwrap_or_else(|e| panic!("bad test table {self:?}: {e}"))
    }
}

/// The cards of pile `p` (0-based), bottom first, lower-case suit for a face-down card.
pub fn pile_text(pos: &Position, p: usize) -> String {
    let pile = &pos.piles()[p];
    (0..pile.len as usize)
        .map(|i| {
            CardToken::Known {
                card: pile.card(i),
                face_up: !pile.is_down(i),
            }
            .to_text()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A deal in one line: `T1: Jd 7C .. | T2: .. | R: .. | S: .. | W: ..`, every list bottom
/// first, lower-case suit for a face-down card; an empty reserve, stock or waste is left out.
pub fn deal_text(d: &Deal) -> String {
    let list = |v: &[CardToken]| v.iter().map(|t| t.to_text()).collect::<Vec<_>>().join(" ");
    let mut parts: Vec<String> = d
        .piles
        .iter()
        .enumerate()
        .map(|(i, p)| format!("T{}: {}", i + 1, list(p)))
        .collect();
    if !d.reserve.is_empty() {
        let r: Vec<String> = d
            .reserve
            .iter()
            .map(|s| s.map_or("-".to_string(), |t| t.to_text()))
            .collect();
        parts.push(format!("R: {}", r.join(" ")));
    }
    if !d.stock.is_empty() {
        parts.push(format!("S: {}", list(&d.stock)));
    }
    if !d.waste.is_empty() {
        parts.push(format!("W: {}", list(&d.waste)));
    }
    parts.join(" | ")
}
