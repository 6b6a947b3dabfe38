//! The declarative description of a variant: layout, build rule, move rule, space rule, stock.
//!
//! A game is a value of a type implementing [`Variant`], whose `rules()` give its [`Rules`]
//! and whose `BUILD` is its build rule as a constant. Every engine function is generic over
//! `V: Variant` and takes the game (`v: V`), so each `match V::BUILD { .. }` is decided at compile time and the hot path is
//! specialised for the game, not interpreted card by card.

use crate::cards::Card;

/// How a card is built on a tableau card (and how a run holds together). Serde spells it as a
/// rules file does (`down-alt-colour`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Build {
    /// Down by one, alternating colour (a red 7 on a black 8).
    DownAltColour,
    /// Down by one, any suit.
    DownAnySuit,
    /// Down by one, same suit.
    DownSameSuit,
    /// Up or down by one, any suit; no wrap.
    UpDownAnySuit,
    /// Up or down by one, same suit; no wrap.
    UpDownSameSuit,
}

/// Bit 0 of each rank's four bits in a card set (the clubs; a card's bit is its index,
/// 4 × (rank - 1) + suit).
const LOW: u64 = 0x1_1111_1111_1111;
/// The black cards (clubs and spades) and the red ones (diamonds and hearts).
const BLACK: u64 = LOW * 0b1001;
const RED: u64 = LOW * 0b0110;
/// The whole deck.
const ALL: u64 = (1 << 52) - 1;

/// Every card of each rank that has a card in `s`.
#[inline(always)]
const fn whole_ranks(s: u64) -> u64 {
    ((s | s >> 1 | s >> 2 | s >> 3) & LOW) * 0b1111
}

impl Build {
    /// Every build rule.
    pub const ALL: [Build; 5] = [
        Build::DownAltColour,
        Build::DownAnySuit,
        Build::DownSameSuit,
        Build::UpDownAnySuit,
        Build::UpDownSameSuit,
    ];

    /// The cards that fit under this rule on some card of the set `s` (a bit per card index):
    /// the union of the children of its cards, by shifts in place of a loop over the cards.
    /// A test checks it against [`Build::fits`] for every rule.
    #[inline(always)]
    pub const fn children_of(self, s: u64) -> u64 {
        match self {
            Build::DownSameSuit => s >> 4,
            Build::DownAnySuit => whole_ranks(s) >> 4,
            Build::DownAltColour => {
                let black = ((s & BLACK | (s & BLACK) >> 3) & LOW) * 0b0110;
                let red = (((s & RED) >> 1 | (s & RED) >> 2) & LOW) * 0b1001;
                (black | red) >> 4
            }
            Build::UpDownSameSuit => (s >> 4 | s << 4) & ALL,
            Build::UpDownAnySuit => {
                let r = whole_ranks(s);
                (r >> 4 | r << 4) & ALL
            }
        }
    }

    /// Does every card that fits on a card under this rule fit on it under `other` too? (A
    /// test checks it against [`Build::fits`] for every pair of rules.)
    pub const fn within(self, other: Build) -> bool {
        use Build::*;
        matches!(
            (self, other),
            (DownAltColour, DownAltColour | DownAnySuit | UpDownAnySuit)
                | (
                    DownSameSuit,
                    DownSameSuit | DownAnySuit | UpDownSameSuit | UpDownAnySuit
                )
                | (DownAnySuit, DownAnySuit | UpDownAnySuit)
                | (UpDownSameSuit, UpDownSameSuit | UpDownAnySuit)
                | (UpDownAnySuit, UpDownAnySuit)
        )
    }

    /// May `card` be placed on `base` under this rule?
    #[inline(always)]
    pub const fn fits(self, card: Card, base: Card) -> bool {
        let (r, b) = (card.rank(), base.rank());
        match self {
            Build::DownAltColour => b == r + 1 && card.colour() != base.colour(),
            Build::DownAnySuit => b == r + 1,
            Build::DownSameSuit => b == r + 1 && card.suit() == base.suit(),
            Build::UpDownAnySuit => b == r + 1 || r == b + 1,
            Build::UpDownSameSuit => (b == r + 1 || r == b + 1) && card.suit() == base.suit(),
        }
    }

    /// How many cards can be built on a given card under this rule (at most), in one deck.
    pub const fn children_per_card(self) -> u32 {
        match self {
            Build::DownAltColour => 2,
            Build::DownAnySuit => 4,
            Build::DownSameSuit => 1,
            Build::UpDownAnySuit => 8,
            Build::UpDownSameSuit => 2,
        }
    }
}

/// What moves as one unit from a tableau pile.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unit {
    /// The top card only.
    Single,
    /// The top card, or any face-up tail that is a run under the given relation (runs may be split).
    Run(Build),
}

/// What may fill an empty tableau pile.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Space {
    /// Any card or run, from anywhere (tableau, reserve, waste, foundation top).
    Any,
    /// Only a King, or a run headed by a King, from anywhere.
    Kings,
    /// Only the top card of the waste; with `aces_from_foundation`, also an Ace lying on a foundation.
    WasteOnly { aces_from_foundation: bool },
    /// An empty pile is never filled.
    Never,
}

impl Space {
    /// Every space rule.
    pub const ALL: [Space; 5] = [
        Space::Any,
        Space::Kings,
        Space::Never,
        Space::WasteOnly {
            aces_from_foundation: false,
        },
        Space::WasteOnly {
            aces_from_foundation: true,
        },
    ];
}

/// The stock and waste.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stock {
    /// No stock and no waste.
    None,
    /// Turn `draw` cards at a time onto one waste pile; `passes: None` means unlimited redeals.
    Waste { draw: u8, passes: Option<u8> },
}

/// Which dealt tableau cards lie face down. Serde spells it as a rules file does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaceDown {
    /// All cards face up.
    None,
    /// The 1st, 3rd, 5th... card from the bottom face down (Stonewall).
    #[serde(rename = "odd")]
    OddFromBottom,
    /// All but the top card face down (Klondike).
    AllButTop,
}

/// What a person at the table sees of the tableau's face-up cards (hidden play; RULES.md,
/// "Knowledge"). Serde spells it as a rules file does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sight {
    /// Every face-up card.
    Faces,
    /// Only each pile's top card, the piles being squared (Lucky Thirteen: "face up, a person
    /// sees only each top card"). A face-up card under the top is unknown until it has been a
    /// top once; then it stays known (the player remembers it when a card is built on it). Only
    /// in games that move single cards, so a covered card never moves and takes no card before
    /// it is seen.
    Tops,
}

impl FaceDown {
    /// Is the card dealt at `index` (0 = bottom) of a pile of `height` cards face down?
    pub const fn is_down(self, index: usize, height: usize) -> bool {
        match self {
            FaceDown::None => false,
            FaceDown::OddFromBottom => index.is_multiple_of(2) && index + 1 < height,
            FaceDown::AllButTop => index + 1 < height,
        }
    }
}

/// A whole game, declaratively.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The variant id used on the command line and in files (`stonewall`).
    pub id: &'static str,
    /// The name people use (`Stonewall`).
    pub name: &'static str,
    /// One line about the rules, for `patience variants`.
    pub summary: &'static str,
    /// 1 or 2.
    pub decks: u8,
    /// Cards dealt to each tableau pile, pile 1 first (also gives the number of piles).
    pub pile_sizes: &'static [u8],
    pub face_down: FaceDown,
    /// Which face-up tableau cards a person sees (hidden play).
    pub sight: Sight,
    /// Open reserve slots (cards that may be played at any time; nothing enters them).
    pub reserve: u8,
    pub build: Build,
    pub unit: Unit,
    pub space: Space,
    pub stock: Stock,
}

impl Rules {
    pub const fn piles(&self) -> usize {
        self.pile_sizes.len()
    }
    pub const fn cards(&self) -> usize {
        52 * self.decks as usize
    }
    pub const fn foundations(&self) -> usize {
        4 * self.decks as usize
    }
    /// Cards dealt to the tallest pile.
    pub const fn tallest_pile(&self) -> usize {
        let (mut n, mut i) = (0, 0);
        while i < self.pile_sizes.len() {
            if self.pile_sizes[i] as usize > n {
                n = self.pile_sizes[i] as usize;
            }
            i += 1;
        }
        n
    }
    pub const fn dealt_to_tableau(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < self.pile_sizes.len() {
            n += self.pile_sizes[i] as usize;
            i += 1;
        }
        n
    }
    /// Cards that start in the stock.
    pub const fn stock_cards(&self) -> usize {
        self.cards() - self.dealt_to_tableau() - self.reserve as usize
    }
    pub const fn has_stock(&self) -> bool {
        !matches!(self.stock, Stock::None)
    }
    /// Does the game have this place (`F9` is no place of a game of four foundations)?
    pub fn has_place(&self, p: super::Place) -> bool {
        use super::Place;
        match p {
            Place::Tableau(i) => (i as usize) < self.piles(),
            Place::Reserve(i) => i < self.reserve,
            Place::Foundation(i) => (i as usize) < self.foundations(),
            Place::Stock | Place::Waste => self.has_stock(),
        }
    }
    /// The places of the game, in words: `T1..T6, R1..R16, F1..F4`.
    pub fn places_text(&self) -> String {
        let mut out = vec![format!("T1..T{}", self.piles())];
        if self.reserve > 0 {
            out.push(format!("R1..R{}", self.reserve));
        }
        out.push(format!("F1..F{}", self.foundations()));
        if self.has_stock() {
            out.push("S, W".to_string());
        }
        out.join(", ")
    }
    /// Can a card from `from` (with `bottom` the bottom card of the moving unit) fill an empty pile?
    #[inline(always)]
    pub const fn space_accepts(&self, bottom: Card, from: SourceKind) -> bool {
        match self.space {
            Space::Any => true,
            Space::Kings => bottom.rank() == 13,
            Space::WasteOnly {
                aces_from_foundation,
            } => {
                matches!(from, SourceKind::Waste)
                    || (aces_from_foundation
                        && bottom.rank() == 1
                        && matches!(from, SourceKind::Foundation))
            }
            Space::Never => false,
        }
    }
}

impl Rules {
    /// The cards that may fill an empty pile from `from` (a bit per card index): the cards
    /// [`Rules::space_accepts`] admits, in closed form (a test checks the two agree).
    #[inline(always)]
    pub const fn space_cards(&self, from: SourceKind) -> u64 {
        const KINGS: u64 = 0b1111 << 48;
        const ACES: u64 = 0b1111;
        match self.space {
            Space::Any => ALL,
            Space::Kings => KINGS,
            Space::WasteOnly {
                aces_from_foundation,
            } => match from {
                SourceKind::Waste => ALL,
                SourceKind::Foundation if aces_from_foundation => ACES,
                _ => 0,
            },
            Space::Never => 0,
        }
    }
}

/// Where a moving unit comes from, as far as space rules care.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SourceKind {
    Tableau,
    Reserve,
    Waste,
    Foundation,
}

/// The fixed-size word array that holds a game's exact state key (`[u64; N]`).
pub trait KeyWords:
    Copy
    + Eq
    + std::hash::Hash
    + Default
    + Send
    + Sync
    + AsRef<[u64]>
    + AsMut<[u64]>
    + std::fmt::Debug
    + 'static
{
}
impl<const N: usize> KeyWords for [u64; N] where [u64; N]: Default {}

/// A game: a value whose [`Rules`] come from [`Variant::rules`]. A built-in game is a
/// zero-sized value returning a static, so its rules fold to constants in the compiled code; a
/// game from a rules file holds a reference to its rules. The build rule is a constant of
/// the type in both cases ([`Variant::BUILD`]), so the hot path is specialised on it.
pub trait Variant: Copy + Send + Sync + 'static {
    /// Words of the exact state key: enough for `solve::key::max_bits` of the game's deals
    /// (checked when a built-in game compiles; a deal file needing more is refused by the
    /// solver).
    type Key: KeyWords;
    /// The build rule: always `rules().build`.
    const BUILD: Build;
    /// What moves as a unit: always `rules().unit`.
    const UNIT: Unit;
    /// Are the rules constants of the compiled code (a built-in game)? Then a precondition
    /// computed from them folds away, and code may ask `rules()` freely; else (a game from a
    /// rules file) the searches read what they need of the rules once, into a
    /// `solve::prune::Plan`, instead of at every node.
    const CONST_RULES: bool;
    /// The game's rules: a static for a built-in game (so they fold to constants), the value
    /// a game from a rules file was compiled with.
    fn rules(self) -> &'static Rules;
}

/// A piece of work generic over the game: [`crate::games::with_rules`] calls it with the
/// game compiled for a [`Rules`] value, as a type and a value (Rust has no generic closures).
pub trait GameFn<R> {
    fn call<V: Variant>(self, v: V) -> R;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `space_cards` is the set of the cards `space_accepts` admits, for every space rule and
    /// every source.
    #[test]
    fn space_cards_match_space_accepts() {
        let mut r = crate::games::Stonewall::RULES;
        for space in Space::ALL {
            r.space = space;
            for from in [
                SourceKind::Tableau,
                SourceKind::Reserve,
                SourceKind::Waste,
                SourceKind::Foundation,
            ] {
                let want = (0..52u8)
                    .filter(|&c| r.space_accepts(Card::from_index(c), from))
                    .fold(0u64, |m, c| m | 1 << c);
                assert_eq!(r.space_cards(from), want, "{space:?} {from:?}");
            }
        }
    }

    /// `within` says exactly whether every (card, base) pair that fits under one rule fits
    /// under the other.
    #[test]
    fn within_matches_fits_for_every_pair_of_rules() {
        for a in Build::ALL {
            for b in Build::ALL {
                let want = (0..52u8).all(|c| {
                    (0..52u8).all(|p| {
                        let (c, p) = (Card::from_index(c), Card::from_index(p));
                        !a.fits(c, p) || b.fits(c, p)
                    })
                });
                assert_eq!(a.within(b), want, "{a:?} within {b:?}");
            }
        }
    }

    /// `children_of` is the union, over the cards of the set, of the cards that `fits` puts on
    /// each: for every card alone, and for many random sets, under every build rule.
    #[test]
    fn children_of_a_set_matches_fits_under_every_build_rule() {
        for b in Build::ALL {
            let single = |c: usize| -> u64 {
                (0..52)
                    .filter(|&p| b.fits(Card::from_index(p as u8), Card::from_index(c as u8)))
                    .fold(0, |m, p| m | 1 << p)
            };
            let mut some = 0u64;
            for c in 0..52 {
                assert_eq!(b.children_of(1 << c), single(c), "{b:?} card {c}");
                some |= single(c);
            }
            assert_ne!(some, 0);
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..2000 {
                // xorshift; a sparse set (the and of two draws) as often as a dense one.
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let s = if x & 1 == 0 {
                    x & ALL
                } else {
                    x & (x >> 11) & ALL
                };
                let want = (0..52)
                    .filter(|&c| s >> c & 1 != 0)
                    .fold(0, |m, c| m | single(c));
                assert_eq!(b.children_of(s), want, "{b:?} set {s:#x}");
            }
        }
    }
}
