//! What a person at the table sees: face-up cards, the cards seen so far, the multiset of the
//! cards not seen yet and the slots they may fill. An [`Observation`] keeps no path to the real
//! deal: the unseen cards are kept only as a sorted multiset, and their slots in its position
//! hold a placeholder (the byte of an Ace of clubs, face down or up as the slot's card lies, or
//! an Ace of clubs in the stock).
//!
//! Which cards are unseen in hidden play (docs/rules.md, "Knowledge"): every face-down tableau card;
//! in a game whose piles are squared ([`Sight::Tops`], Lucky Thirteen), every face-up card
//! under a pile's top that has not been a top yet; and, in a game whose stock has a limited
//! number of passes, the stock cards before the first redeal (once the stock has been turned
//! through, every card of it has been seen). With unlimited passes (Klondike) the stock counts
//! as known.

use crate::cards::{Card, CardToken};
use crate::deal::Deal;
use crate::game::position::{DOWN, Position};
use crate::game::{DealError, FaceDown, Move, Place, Sight, Stock, Variant, generate};

/// A slot whose card the player does not know. Ordered as an observation lists its slots:
/// piles first, pile by pile and bottom up, then the stock, bottom up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    /// Tableau pile `pile`, card `index` from the bottom (face down, or covered in a game of
    /// [`Sight::Tops`]).
    Pile { pile: u8, index: u8 },
    /// Stock card `index` from the bottom (`Position::stock[index]`).
    Stock { index: u8 },
}

/// What the player knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The table with every unseen slot holding a placeholder. Never handed out: a placeholder
    /// is not a card.
    masked: Position,
    /// The unseen slots, piles first (pile by pile, bottom up), then the stock (bottom up):
    /// sorted (`Slot`'s order), so that [`Observation::unseen_slot`] can search them.
    slots: Vec<Slot>,
    /// The unseen cards, sorted (a multiset; as many as `slots`).
    unseen: Vec<Card>,
    /// How many copies of each card the player has seen so far (face up now or earlier).
    seen: [u8; 52],
}

/// Is the stock hidden now in game `V`? (Limited passes, none used yet.)
pub fn stock_hidden<V: Variant>(v: V, pos: &Position) -> bool {
    match v.rules().stock {
        Stock::None => false,
        Stock::Waste { passes, .. } => passes.is_some() && pos.redeals == 0,
    }
}

/// Does game `V` hide anything from a player at the start (face-down cards, covered cards or a
/// stock order)?
pub fn game_hides_cards<V: Variant>(v: V) -> bool {
    let r = v.rules();
    r.face_down != FaceDown::None
        || (r.sight == Sight::Tops && r.pile_sizes.iter().any(|&n| n > 1))
        || matches!(
            r.stock,
            Stock::Waste {
                passes: Some(_),
                ..
            }
        )
}

/// A position given for hidden play (with `??` cards) that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HiddenDealError {
    #[error(
        "{place}: ?? (an unknown card) may stand only for a face-down tableau card or a stock card"
    )]
    UnknownHere { place: String },
    #[error(
        "{place}: ?? (an unknown card) may stand only for a card under a pile's top here: a person sees each top card"
    )]
    UnknownTop { place: String },
    #[error(
        "the position has {unknown} unknown cards (??) but {missing} cards of the deck are not written in it"
    )]
    UnknownCount { unknown: usize, missing: usize },
    #[error(transparent)]
    Deal(#[from] DealError),
}

impl Observation {
    /// What a player sees of `pos` at the start of a game: every face-down card, every covered
    /// card (in a game of [`Sight::Tops`]) and a hidden stock are unseen. (Of a position reached
    /// in play, [`Observation::update`] knows more: the covered cards that were tops before.)
    pub fn new<V: Variant>(v: V, pos: &Position) -> Observation {
        let stock = stock_hidden::<V>(v, pos);
        Observation::masking::<V>(v, pos, |slot, _| match slot {
            Slot::Pile { .. } => true,
            Slot::Stock { .. } => stock,
        })
    }

    /// Masks the face-down cards, covered cards (in a game of [`Sight::Tops`], every face-up
    /// card under a pile's top) and stock cards of `pos` for which `unknown` says so (it is
    /// told whether a pile card is face down).
    fn masking<V: Variant>(
        v: V,
        pos: &Position,
        unknown: impl Fn(Slot, bool) -> bool,
    ) -> Observation {
        let rules = v.rules();
        let mut masked = pos.clone();
        let mut slots = Vec::new();
        let mut unseen = Vec::new();
        for p in 0..rules.piles() {
            let pile = &pos.piles[p];
            for i in 0..pile.len as usize {
                let slot = Slot::Pile {
                    pile: p as u8,
                    index: i as u8,
                };
                let down = pile.is_down(i);
                let covered = rules.sight == Sight::Tops && i + 1 < pile.len as usize;
                if (down || covered) && unknown(slot, down) {
                    unseen.push(pile.card(i));
                    // The placeholder keeps the card's face: a determinization turns it face
                    // up or down as the real card lies.
                    masked.piles[p].cards[i] = if down { DOWN } else { 0 };
                    slots.push(slot);
                }
            }
        }
        for i in 0..pos.stock_len as usize {
            let slot = Slot::Stock { index: i as u8 };
            if unknown(slot, false) {
                unseen.push(pos.stock_card(i));
                masked.talon[pos.stock[i] as usize] = 0;
                slots.push(slot);
            }
        }
        debug_assert!(slots.is_sorted());
        unseen.sort();
        let mut seen = pos.card_counts(rules);
        for c in &unseen {
            seen[c.index() as usize] -= 1;
        }
        Observation {
            masked,
            slots,
            unseen,
            seen,
        }
    }

    /// The observation of a position written with `??` for the cards the player does not know
    /// (docs/formats.md). `??` may stand for a face-down tableau card or a stock card; a face-down
    /// card written out (`7h`) counts as known. The unknown cards are the cards of the deck that
    /// the position does not name; everything else is checked as for any deal.
    pub fn from_deal<V: Variant>(v: V, deal: &Deal) -> Result<Observation, HiddenDealError> {
        let rules = v.rules();
        let mut counts = [0i32; 52];
        let mut unknown = 0usize;
        let mut note = |t: &CardToken| match t {
            CardToken::Known { card, .. } => counts[card.index() as usize] += 1,
            CardToken::Unknown => unknown += 1,
        };
        deal.piles.iter().flatten().for_each(&mut note);
        deal.reserve.iter().flatten().for_each(&mut note);
        deal.stock.iter().for_each(&mut note);
        deal.waste.iter().for_each(&mut note);
        deal.foundations.iter().flatten().for_each(&mut note);
        let here = |place: String| HiddenDealError::UnknownHere { place };
        for (r, t) in deal.reserve.iter().enumerate() {
            if matches!(t, Some(CardToken::Unknown)) {
                return Err(here(Place::Reserve(r as u8).to_string()));
            }
        }
        if deal.waste.contains(&CardToken::Unknown) {
            return Err(here("W".to_string()));
        }
        for (f, list) in deal.foundations.iter().enumerate() {
            if list.contains(&CardToken::Unknown) {
                return Err(here(Place::Foundation(f as u8).to_string()));
            }
        }
        let mut missing: Vec<Card> = Vec::new();
        for c in Card::fresh_deck() {
            for _ in counts[c.index() as usize]..rules.decks as i32 {
                missing.push(c);
            }
        }
        if missing.len() != unknown {
            return Err(HiddenDealError::UnknownCount {
                unknown,
                missing: missing.len(),
            });
        }
        // In a game of squared piles without face-down cards, a pile's ?? is a covered card,
        // face up, and never its top; in a game with neither, a pile holds no ??.
        let covered = rules.sight == Sight::Tops && rules.face_down == FaceDown::None;
        for (p, list) in deal.piles.iter().enumerate() {
            let place = Place::Tableau(p as u8).to_string();
            if covered && list.last() == Some(&CardToken::Unknown) {
                return Err(HiddenDealError::UnknownTop { place });
            }
            if !covered && rules.face_down == FaceDown::None && list.contains(&CardToken::Unknown) {
                return Err(here(place));
            }
        }
        // Fill the unknowns with the missing cards (any order: they are masked again below),
        // and let the deal check do the rest.
        let mut fill = missing.into_iter();
        let mut filled = deal.clone();
        for list in &mut filled.piles {
            for t in list.iter_mut() {
                if *t == CardToken::Unknown {
                    *t = CardToken::Known {
                        card: fill.next().expect("counted"),
                        face_up: covered,
                    };
                }
            }
        }
        for t in &mut filled.stock {
            if *t == CardToken::Unknown {
                *t = CardToken::Known {
                    card: fill.next().expect("counted"),
                    face_up: true,
                };
            }
        }
        let pos = Position::from_deal::<V>(v, &filled)?;
        Ok(Observation::masking::<V>(v, &pos, |slot, _| match slot {
            Slot::Pile { pile, index } => {
                deal.piles[pile as usize][index as usize] == CardToken::Unknown
            }
            Slot::Stock { index } => deal.stock[index as usize] == CardToken::Unknown,
        }))
    }

    /// Brings the observation up to date after moves on the real table: what is face up now
    /// is seen, and a covered card (in a game of [`Sight::Tops`]) stays unseen only if it was
    /// unseen before. Called by whoever holds the real deal, after each move that may reveal a
    /// card (so after every decision's moves: only the last of them reveals).
    pub fn update<V: Variant>(&mut self, v: V, pos: &Position) {
        let stock = stock_hidden::<V>(v, pos);
        let next = Observation::masking::<V>(v, pos, |slot, down| match slot {
            Slot::Pile { .. } => down || self.unseen_slot(slot),
            Slot::Stock { .. } => stock,
        });
        self.masked = next.masked;
        self.slots = next.slots;
        self.unseen = next.unseen;
        for (s, n) in self.seen.iter_mut().zip(next.seen) {
            *s = (*s).max(n);
        }
    }

    /// Applies a move that reveals nothing ([`Observation::reveals`] is false): the player knows
    /// its outcome without looking.
    pub fn apply_quiet<V: Variant>(&mut self, v: V, m: Move) {
        debug_assert!(!self.reveals(m));
        crate::game::apply::<V>(v, &mut self.masked, m);
    }

    /// The legal moves (the same in every fill-in of the unseen cards: unseen cards can neither
    /// move nor be built on).
    pub fn moves<V: Variant>(&self, v: V) -> Vec<Move> {
        let mut out = Vec::new();
        generate::<V>(v, &self.masked, &mut out);
        out
    }

    /// Checks a move against the rules (a move's legality never depends on unseen cards).
    pub fn legal<V: Variant>(&self, v: V, m: Move) -> Result<Move, crate::game::Illegal> {
        crate::game::legal::<V>(v, &self.masked, m)
    }

    /// Does the move turn up a card the player has not seen?
    pub fn reveals(&self, m: Move) -> bool {
        self.reveals_at(&self.masked, m)
    }

    /// Does the move, made on `pos` (the seen position or one reached from it by quiet moves,
    /// which leave the unseen slots where they are), turn up a card the player has not seen?
    pub fn reveals_at(&self, pos: &Position, m: Move) -> bool {
        match m.from {
            Place::Stock => self.unseen_slot(Slot::Stock {
                index: pos.stock_len.wrapping_sub(1),
            }),
            Place::Tableau(p) => {
                let below = pos.piles[p as usize].len as usize;
                below > m.count as usize
                    && self.unseen_slot(Slot::Pile {
                        pile: p,
                        index: (below - m.count as usize - 1) as u8,
                    })
            }
            _ => false,
        }
    }

    /// Is this slot's card unseen? (A binary search: the slots are sorted.)
    fn unseen_slot(&self, slot: Slot) -> bool {
        self.slots.binary_search(&slot).is_ok()
    }

    /// Nothing is unseen: the observation is the whole position.
    pub fn is_complete(&self) -> bool {
        self.unseen.is_empty()
    }

    /// The whole position, when nothing is unseen.
    pub fn complete_position(&self) -> Option<&Position> {
        self.is_complete().then_some(&self.masked)
    }

    /// The unseen cards, sorted.
    pub fn unseen(&self) -> &[Card] {
        &self.unseen
    }

    /// The slots the unseen cards fill.
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// Copies of each card (by index) seen so far.
    pub fn seen(&self) -> &[u8; 52] {
        &self.seen
    }

    /// Cards on the foundations.
    pub fn on_foundations(&self) -> u8 {
        self.masked.on_found
    }

    /// The position written out with `??` for every unseen card.
    pub fn to_deal<V: Variant>(&self, v: V) -> Deal {
        let mut deal = self.masked.to_deal::<V>(v);
        for slot in &self.slots {
            match *slot {
                Slot::Pile { pile, index } => {
                    deal.piles[pile as usize][index as usize] = CardToken::Unknown
                }
                Slot::Stock { index } => deal.stock[index as usize] = CardToken::Unknown,
            }
        }
        deal
    }

    /// The observed position with the unseen slots filled by `cards` (in slot order): a
    /// determinization. `cards` must be a permutation of [`Self::unseen`].
    pub(crate) fn fill(&self, cards: &[Card], out: &mut Position) {
        debug_assert_eq!(cards.len(), self.slots.len());
        out.clone_from(&self.masked);
        for (slot, card) in self.slots.iter().zip(cards) {
            match *slot {
                Slot::Pile { pile, index } => {
                    let c = &mut out.piles[pile as usize].cards[index as usize];
                    *c = card.index() | (*c & DOWN)
                }
                Slot::Stock { index } => {
                    let t = out.stock[index as usize] as usize;
                    out.talon[t] = card.index();
                }
            }
        }
    }

    /// The table as the player sees it. Unseen slots hold a placeholder (an Ace of clubs, face
    /// down or up as the slot's card lies, or in the stock) that is not a card: read only what
    /// is seen.
    pub fn view(&self) -> &Position {
        &self.masked
    }
}
