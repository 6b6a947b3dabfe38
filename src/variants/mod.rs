//! One short file per game: its declarative [`Rules`](crate::game::Rules), nothing else.

mod klondike;
mod lucky_piles;
mod napoleons_shoulder;
mod stonewall;

pub use klondike::{Klondike, KlondikeDraw3};
pub use lucky_piles::LuckyPiles;
pub use napoleons_shoulder::NapoleonsShoulder;
pub use stonewall::Stonewall;

use crate::game::{Rules, Variant};

/// Every variant's rules, in the order `patience variants` lists them.
pub const ALL: &[Rules] = &[
    Stonewall::RULES,
    LuckyPiles::RULES,
    NapoleonsShoulder::RULES,
    Klondike::RULES,
    KlondikeDraw3::RULES,
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
        } else if id == $crate::variants::Klondike::RULES.id {
            type $V = $crate::variants::Klondike;
            Some($body)
        } else if id == $crate::variants::KlondikeDraw3::RULES.id {
            type $V = $crate::variants::KlondikeDraw3;
            Some($body)
        } else {
            None
        }
    }};
}
