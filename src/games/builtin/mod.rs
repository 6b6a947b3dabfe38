//! The built-in games: one registry, `games!` below, one entry per game (its type, its
//! [`Rules`] as data in the game's file, and the words of its state key). Nothing else names a
//! game: [`ALL`], [`find`] and the dispatch of [`crate::games::with_rules`] come from the list.

mod flower_garden;
mod forty_thieves;
mod klondike;
mod luckier_thirteen;
mod lucky_piles;
mod lucky_piles_same_suit;
mod lucky_thirteen;
mod napoleons_shoulder;
mod napoleons_square;
mod stonewall;
mod wildflower;

use crate::game::{GameFn, Rules};

/// Defines the built-in games from one list: per entry a zero-sized type, its inherent
/// `const RULES`, its [`Variant`](crate::game::Variant) impl (the rules are a static, so they
/// fold to constants in the compiled code), and its place in [`ALL`] and [`call_builtin`].
macro_rules! games {
    ($($(#[$doc:meta])* $T:ident = $rules:path, $K:ty;)*) => {
        $(
            $(#[$doc])*
            #[derive(Copy, Clone, Default, Debug)]
            pub struct $T;

            impl $T {
                /// The rules of the game.
                pub const RULES: Rules = $rules;
            }

            // The key's words hold every deal of the game: checked when it compiles.
            const _: () = assert!(
                $crate::solve::key::key_words(&$T::RULES) <= std::mem::size_of::<$K>() / 8,
                concat!(stringify!($T), ": its state key is too narrow for its deals")
            );

            impl $crate::game::Variant for $T {
                type Key = $K;
                const BUILD: $crate::game::Build = $T::RULES.build;
                const UNIT: $crate::game::Unit = $T::RULES.unit;
                const CONST_RULES: bool = true;
                #[inline(always)]
                fn rules(self) -> &'static Rules {
                    static RULES: Rules = $T::RULES;
                    &RULES
                }
            }
        )*

        /// Every built-in game's rules, in the order `patience variants` lists them.
        pub const ALL: &[Rules] = &[$($T::RULES),*];

        /// Calls `f` with the built-in game whose rules are `rules` (all of them equal, id
        /// included); gives `f` back for rules that are no built-in game's.
        pub fn call_builtin<R, F: GameFn<R>>(rules: &Rules, f: F) -> Result<R, F> {
            $(
                if *rules == $T::RULES {
                    return Ok(f.call($T));
                }
            )*
            Err(f)
        }
    };
}

games! {
    /// Stonewall: 6 x 6 with the 1st, 3rd and 5th card face down, a 16-card open reserve,
    /// down in alternating colour, any face-up alternating run moves, anything fills a space.
    Stonewall = stonewall::RULES, [u64; 3];
    /// Lucky Piles: 13 x 4 face up, up or down by one regardless of suit, single cards,
    /// only Kings fill a space.
    LuckyPiles = lucky_piles::RULES, [u64; 6];
    /// Napoleon's Shoulder: two decks, 12 x 4 face up, down regardless of suit, single cards,
    /// spaces filled only from the waste (or by an Ace from a foundation), 56-card stock, one pass.
    NapoleonsShoulder = napoleons_shoulder::RULES, [u64; 7];
    /// Flower Garden: 6 x 6 all face up, a 16-card open reserve, down by one regardless of suit,
    /// single cards, any card fills a space.
    FlowerGarden = flower_garden::RULES, [u64; 4];
    /// Wildflower: Flower Garden (6 x 6 face up, 16-card open reserve, down regardless of suit), but
    /// a descending run in one suit moves as a unit; any card or such run fills a space.
    Wildflower = wildflower::RULES, [u64; 4];
    /// Lucky Thirteen: 13 x 4 face up, down by one regardless of suit, single cards, an empty pile
    /// is never filled.
    LuckyThirteen = lucky_thirteen::RULES, [u64; 5];
    /// Luckier Thirteen: 13 x 4 face up, down by one in alternating colour, single cards, any card
    /// fills a space.
    LuckierThirteen = luckier_thirteen::RULES, [u64; 4];
    /// Napoleon's Square: two decks, 12 x 4 face up, down in suit, single cards or same-suit runs
    /// as a unit, any card or run fills a space, 56-card stock turned one at a time, one pass.
    NapoleonsSquare = napoleons_square::RULES, [u64; 4];
    /// Forty Thieves: two decks, 10 x 4 face up, down in suit, single cards, any card fills a
    /// space, 64-card stock turned one at a time, one pass.
    FortyThieves = forty_thieves::RULES, [u64; 4];
    /// Klondike, draw 1: 7 piles of 1..7 cards, only each top card face up; down in alternating
    /// colour; any face-up run moves; a King or a run headed by a King fills a space; the stock
    /// turns one card at a time onto one waste, unlimited passes.
    Klondike = klondike::KLONDIKE, [u64; 4];
    /// Klondike, draw 3: as [`Klondike`], the stock turns three cards at a time.
    KlondikeDraw3 = klondike::KLONDIKE_DRAW3, [u64; 4];
    /// Lucky Piles, same suit (PySolFC's Lucky Piles): 13 x 4 face up, up or down by one in the
    /// same suit, single cards, only Kings fill a space.
    LuckyPilesSameSuit = lucky_piles_same_suit::RULES, [u64; 4];
}

/// The rules of the built-in game with this id.
pub fn find(id: &str) -> Option<&'static Rules> {
    ALL.iter().find(|r| r.id == id)
}
