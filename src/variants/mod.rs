//! One short file per game: its declarative [`Rules`], nothing else.

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

pub use flower_garden::FlowerGarden;
pub use forty_thieves::FortyThieves;
pub use klondike::{Klondike, KlondikeDraw3};
pub use luckier_thirteen::LuckierThirteen;
pub use lucky_piles::LuckyPiles;
pub use lucky_piles_same_suit::LuckyPilesSameSuit;
pub use lucky_thirteen::LuckyThirteen;
pub use napoleons_shoulder::NapoleonsShoulder;
pub use napoleons_square::NapoleonsSquare;
pub use stonewall::Stonewall;
pub use wildflower::Wildflower;

use crate::game::Rules;

/// Makes `$T` (a zero-sized type with an inherent `const RULES: Rules`) a built-in
/// [`Variant`](crate::game::Variant) with the key `$K`: its rules are a static, so they fold to
/// constants in the compiled code.
#[macro_export]
#[doc(hidden)]
macro_rules! builtin {
    ($T:ident, $K:ty) => {
        impl $crate::game::Variant for $T {
            type Key = $K;
            const BUILD: $crate::game::Build = $T::RULES.build;
            #[inline(always)]
            fn rules() -> &'static $crate::game::Rules {
                static RULES: $crate::game::Rules = $T::RULES;
                &RULES
            }
        }
    };
}

/// Every variant's rules, in the order `patience variants` lists them.
pub const ALL: &[Rules] = &[
    Stonewall::RULES,
    LuckyPiles::RULES,
    NapoleonsShoulder::RULES,
    FlowerGarden::RULES,
    Wildflower::RULES,
    LuckyThirteen::RULES,
    LuckierThirteen::RULES,
    NapoleonsSquare::RULES,
    FortyThieves::RULES,
    Klondike::RULES,
    KlondikeDraw3::RULES,
    LuckyPilesSameSuit::RULES,
];

/// The rules of the variant with this id.
pub fn find(id: &str) -> Option<&'static Rules> {
    ALL.iter().find(|r| r.id == id)
}

/// Runs `$body` with `$V` bound to the variant type whose id is `$id` (a `&str`); evaluates to
/// `None` for an unknown id. This is the one place where a runtime id becomes a compiled game.
#[macro_export]
macro_rules! with_variant {
    ($id:expr, $V:ident => $body:expr) => {{
        use $crate::game::Variant as _;
        let id: &str = $id;
        if id == $crate::variants::Stonewall::RULES.id {
            type $V = $crate::variants::Stonewall;
            Some($body)
        } else if id == $crate::variants::LuckyPiles::RULES.id {
            type $V = $crate::variants::LuckyPiles;
            Some($body)
        } else if id == $crate::variants::NapoleonsShoulder::RULES.id {
            type $V = $crate::variants::NapoleonsShoulder;
            Some($body)
        } else if id == $crate::variants::FlowerGarden::RULES.id {
            type $V = $crate::variants::FlowerGarden;
            Some($body)
        } else if id == $crate::variants::Wildflower::RULES.id {
            type $V = $crate::variants::Wildflower;
            Some($body)
        } else if id == $crate::variants::LuckyThirteen::RULES.id {
            type $V = $crate::variants::LuckyThirteen;
            Some($body)
        } else if id == $crate::variants::LuckierThirteen::RULES.id {
            type $V = $crate::variants::LuckierThirteen;
            Some($body)
        } else if id == $crate::variants::NapoleonsSquare::RULES.id {
            type $V = $crate::variants::NapoleonsSquare;
            Some($body)
        } else if id == $crate::variants::FortyThieves::RULES.id {
            type $V = $crate::variants::FortyThieves;
            Some($body)
        } else if id == $crate::variants::Klondike::RULES.id {
            type $V = $crate::variants::Klondike;
            Some($body)
        } else if id == $crate::variants::KlondikeDraw3::RULES.id {
            type $V = $crate::variants::KlondikeDraw3;
            Some($body)
        } else if id == $crate::variants::LuckyPilesSameSuit::RULES.id {
            type $V = $crate::variants::LuckyPilesSameSuit;
            Some($body)
        } else {
            None
        }
    }};
}
