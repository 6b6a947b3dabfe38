//! Games as data: rules files (docs/formats.md, "Rules files"), their validation, and the one
//! point where a [`Rules`] value becomes compiled code, [`with_rules`].
//!
//! A built-in game runs on its own type ([`crate::games`]), whose rules fold to constants.
//! Any other rules run on a [`custom::Custom`] shape, specialised on the build rule, the unit
//! rule and the key's width, and read the other rules from the value (which never changes during a run).
//! The proved prunings of [`crate::solve::Prune`] are each on only where their preconditions
//! hold for the rules, whatever the rules came from.

pub(crate) mod builtin;
pub(crate) mod custom;
pub(crate) mod file;

pub use builtin::*;

use crate::game::position::{MAX_PILES, MAX_RESERVE, PILE_CAP};
use crate::game::{Build, GameFn, Rules, Sight, Space, Stock, Unit};
use custom::{Custom, WIDTHS};
use std::sync::Mutex;

pub use file::{load, parse, to_toml};

/// Why rules (from a file, or made by a program) are refused. Each displays as one line naming
/// the file, the key and the reason.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    /// The file could not be read.
    // The system's reason is in the message, so it is no `source` (it would be printed twice).
    #[error("{file}: cannot read it: {why}")]
    Read { file: String, why: std::io::Error },
    /// The file is not TOML, or a key is unknown or has a value of the wrong kind.
    #[error("{file}{}: {}{reason}", line.map(|l| format!(", line {l}")).unwrap_or_default(), key.as_ref().map(|k| format!("key `{k}`: ")).unwrap_or_default())]
    Toml {
        file: String,
        line: Option<usize>,
        key: Option<String>,
        reason: String,
    },
    /// A game named by an id that is neither built in nor loaded from a rules file.
    #[error(
        "unknown variant {id:?} (known variants: {known}; or the path of a rules file, ending in .toml)"
    )]
    Unknown { id: String, known: String },
    /// A key's value is refused (a limit, cards that do not add up, a combination without a
    /// meaning, a built-in game's id).
    #[error("{file}: key `{key}`: {reason}")]
    Invalid {
        file: String,
        key: &'static str,
        reason: String,
    },
}

/// A refused key and the reason, before the file's name is known.
pub(crate) type Problem = (&'static str, String);

/// The longest id.
pub const MAX_ID: usize = 40;

/// Checks rules for a game that is not built in: every limit of the engine, cards that add
/// up, and combinations the engine and its proofs are written for.
pub fn validate(rules: &Rules) -> Result<(), RulesError> {
    check(rules).map_err(|(key, reason)| RulesError::Invalid {
        file: format!("rules {:?}", rules.id),
        key,
        reason,
    })
}

pub(crate) fn check(r: &Rules) -> Result<(), Problem> {
    let id = r.id;
    if id.is_empty()
        || id.len() > MAX_ID
        || !id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err((
            "id",
            format!("{id:?}: an id is 1 to {MAX_ID} lower-case letters, digits and '-'"),
        ));
    }
    if crate::games::builtin::find(id).is_some() {
        return Err((
            "id",
            format!("{id:?} is a built-in game's id; give the game an id of its own"),
        ));
    }
    if !(1..=2).contains(&r.decks) {
        return Err(("decks", format!("{}: 1 or 2 decks", r.decks)));
    }
    let n = r.piles();
    if n == 0 || n > MAX_PILES {
        return Err(("piles", format!("{n} piles: 1 to {MAX_PILES}")));
    }
    // A pile holds its dealt cards and what is built on it: at most 13 cards built down (K
    // to A), every card of the deck built up and down.
    let up_down = matches!(r.build, Build::UpDownAnySuit | Build::UpDownSameSuit);
    if up_down && r.decks != 1 {
        return Err((
            "build",
            format!(
                "{:?}: up-and-down building needs one deck (a pile of two decks could pass {PILE_CAP} cards)",
                file::build_name(r.build)
            ),
        ));
    }
    let tallest = r.pile_sizes.iter().copied().max().unwrap_or(0) as usize;
    let cap = if up_down { 52 } else { PILE_CAP - 13 };
    if let Some(p) = r
        .pile_sizes
        .iter()
        .position(|&s| s == 0 || s as usize > cap)
    {
        return Err((
            "piles",
            format!(
                "pile {} gets {} cards: each pile gets 1 to {cap}",
                p + 1,
                r.pile_sizes[p]
            ),
        ));
    }
    if r.reserve as usize > MAX_RESERVE {
        return Err((
            "reserve",
            format!("{}: at most {MAX_RESERVE} reserve cards", r.reserve),
        ));
    }
    let dealt = r.dealt_to_tableau() + r.reserve as usize;
    if dealt > r.cards() {
        return Err((
            "piles",
            format!(
                "the cards do not add up: {} to the piles and {} to the reserve, but {} deck(s) hold {}",
                r.dealt_to_tableau(),
                r.reserve,
                r.decks,
                r.cards()
            ),
        ));
    }
    let left = r.cards() - dealt;
    match r.stock {
        Stock::None if left > 0 => {
            return Err((
                "stock",
                format!(
                    "the cards do not add up: {left} are left after the deal, but there is no stock to hold them"
                ),
            ));
        }
        Stock::Waste { .. } if left == 0 => {
            return Err((
                "stock",
                "the cards do not add up: every card is dealt, none is left for the stock"
                    .to_string(),
            ));
        }
        Stock::Waste { draw, passes } => {
            if draw == 0 || draw as usize > left {
                return Err((
                    "stock",
                    format!("draw = {draw}: 1 to the {left} cards of the stock"),
                ));
            }
            if passes == Some(0) {
                return Err(("stock", "passes = 0: at least 1".to_string()));
            }
        }
        Stock::None => {}
    }
    if matches!(r.space, Space::WasteOnly { .. }) && !r.has_stock() {
        return Err((
            "spaces",
            format!(
                "{:?}: spaces filled from the waste need a stock",
                file::space_name(r.space)
            ),
        ));
    }
    if !crate::solve::key::run_implies_build(r) {
        return Err((
            "moves",
            format!(
                "{:?} with build = {:?}: a run that moves must be a run the build rule could have built (runs move only in games that build down)",
                file::moves_name(r.unit, r.build),
                file::build_name(r.build)
            ),
        ));
    }
    if r.sight == Sight::Tops && r.unit != Unit::Single {
        return Err((
            "sight",
            "\"tops\" needs moves = \"single\" (a covered card must never move before it is seen)"
                .to_string(),
        ));
    }
    let words = crate::solve::key::key_words(r);
    if words > WIDTHS[WIDTHS.len() - 1] {
        return Err((
            "piles",
            format!(
                "the game is too big for the solver's state key ({} bits, at most {})",
                crate::solve::key::max_bits(r, tallest, r.stock_cards()),
                64 * WIDTHS[WIDTHS.len() - 1]
            ),
        ));
    }
    Ok(())
}

/// Calls `f` with the compiled game of `rules`: a built-in game's own type when the rules are
/// a built-in game's, else the [`Custom`] shape of its build rule and key width, after
/// [`validate`]. This is the one place where rules become a game type.
pub fn with_rules<R, F: GameFn<R>>(rules: &'static Rules, f: F) -> Result<R, RulesError> {
    let f = match crate::games::builtin::call_builtin(rules, f) {
        Ok(r) => return Ok(r),
        Err(f) => f,
    };
    validate(rules)?;
    let words = crate::solve::key::key_words(rules);
    if words <= WIDTHS[0] && rules.build == Build::DownAltColour {
        match rules.unit {
            Unit::Single => {
                return Ok(call::<
                    custom::DownAltColour,
                    custom::Single,
                    { WIDTHS[0] },
                    R,
                    F,
                >(rules, f));
            }
            Unit::Run(Build::DownAltColour) => {
                return Ok(call::<
                    custom::DownAltColour,
                    custom::RunsAltColour,
                    { WIDTHS[0] },
                    R,
                    F,
                >(rules, f));
            }
            _ => {}
        }
    }
    let wide = words > WIDTHS[1];
    // The shapes: every build rule with every unit rule whose runs it implies (`check`).
    macro_rules! shapes {
        ($(($b:ident, $u:pat, $ut:ident)),*) => {
            match (rules.build, rules.unit, wide) {
                $(
                    (Build::$b, $u, false) => call::<custom::$b, custom::$ut, { WIDTHS[1] }, R, F>(rules, f),
                    (Build::$b, $u, true) => call::<custom::$b, custom::$ut, { WIDTHS[2] }, R, F>(rules, f),
                )*
                _ => unreachable!("check refuses runs the build rule does not imply"),
            }
        };
    }
    Ok(shapes!(
        (DownAltColour, Unit::Single, Single),
        (
            DownAltColour,
            Unit::Run(Build::DownAltColour),
            RunsAltColour
        ),
        (DownAnySuit, Unit::Single, Single),
        (DownAnySuit, Unit::Run(Build::DownAltColour), RunsAltColour),
        (DownAnySuit, Unit::Run(Build::DownAnySuit), RunsAnySuit),
        (DownAnySuit, Unit::Run(Build::DownSameSuit), RunsSameSuit),
        (DownSameSuit, Unit::Single, Single),
        (DownSameSuit, Unit::Run(Build::DownSameSuit), RunsSameSuit),
        (UpDownAnySuit, Unit::Single, Single),
        (UpDownSameSuit, Unit::Single, Single)
    ))
}

fn call<B: custom::BuildTag, U: custom::UnitTag, const W: usize, R, F: GameFn<R>>(
    rules: &'static Rules,
    f: F,
) -> R
where
    [u64; W]: crate::game::rules::KeyWords,
{
    f.call(Custom::<B, U, W>::new(rules))
}

/// Runs `$body` with `$V` bound to the compiled game of `$rules` (a `&'static Rules`), through
/// [`with_rules`]; the result is `Result<$R, RulesError>`. Rust has no generic closures, so the
/// values the body uses are named with their types (with the lifetime `$lt`):
/// `for_game!(rules, <V(v), 'a>(args: &'a Args = args) -> u64 => count(v, args))`, where `v`
/// is the game's value.
#[macro_export]
macro_rules! for_game {
    ($rules:expr, <$V:ident($v:ident), $lt:lifetime>($($n:ident : $t:ty = $e:expr),* $(,)?) -> $R:ty => $body:expr) => {{
        struct Call<$lt> {
            $($n: $t,)*
            _p: std::marker::PhantomData<&$lt ()>,
        }
        impl<$lt> $crate::GameFn<$R> for Call<$lt> {
            fn call<$V: $crate::Variant>(self, $v: $V) -> $R {
                let Call { $($n,)* .. } = self;
                $body
            }
        }
        $crate::games::with_rules(
            $rules,
            Call {
                $($n: $e,)*
                _p: std::marker::PhantomData,
            },
        )
    }};
}

/// The games from rules files loaded in this process, in the order they were loaded.
static LOADED: Mutex<Vec<&'static Rules>> = Mutex::new(Vec::new());

/// Makes a game from a rules file known by its id (to [`find`], so that result files with its
/// rows can be read); loading the same id again with other rules is refused.
pub fn register(rules: &'static Rules) -> Result<(), RulesError> {
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    match loaded.iter().find(|r| r.id == rules.id) {
        Some(r) if **r == *rules => Ok(()),
        Some(_) => Err(RulesError::Invalid {
            file: format!("rules {:?}", rules.id),
            key: "id",
            reason: format!("{:?}: another rules file with this id is in use", rules.id),
        }),
        None => {
            loaded.push(rules);
            Ok(())
        }
    }
}

/// The rules of a game by id: a built-in game, or one loaded from a rules file.
pub fn find(id: &str) -> Option<&'static Rules> {
    crate::games::builtin::find(id).or_else(|| {
        let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
        loaded.iter().copied().find(|r| r.id == id)
    })
}

/// The rules of a game argument: a built-in game's id, or the path of a rules file (a name
/// ending in `.toml`), read, checked and made known by its id (see [`load`]); an id is a
/// built-in game's or a loaded file's ([`find`]). An unknown id is refused with the list of
/// the built-in ones.
pub fn lookup(game: &str) -> Result<&'static Rules, RulesError> {
    if game.ends_with(".toml") {
        return load(std::path::Path::new(game));
    }
    find(game).ok_or_else(|| unknown(game))
}

/// The refusal of an id that names no built-in game.
pub fn unknown(id: &str) -> RulesError {
    let known: Vec<&str> = crate::games::builtin::ALL.iter().map(|r| r.id).collect();
    RulesError::Unknown {
        id: id.to_string(),
        known: known.join(", "),
    }
}

/// Where a game comes in lists: the built-in games in the order of `patience variants`, then
/// the games from files in the order they were loaded.
pub fn order(id: &str) -> usize {
    let all = crate::games::builtin::ALL;
    all.iter().position(|r| r.id == id).unwrap_or_else(|| {
        let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
        all.len()
            + loaded
                .iter()
                .position(|r| r.id == id)
                .unwrap_or(loaded.len())
    })
}
