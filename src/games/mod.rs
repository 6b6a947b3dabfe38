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

pub use file::{parse, to_toml};

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
    check(&ParsedRules::of(rules)).map_err(|(key, reason)| RulesError::Invalid {
        file: format!("rules {:?}", rules.id),
        key,
        reason,
    })
}

pub(crate) fn check(parsed: &ParsedRules) -> Result<(), Problem> {
    let id = parsed.id.as_str();
    let piles = parsed.piles.as_slice();
    // The counts of `rest` are right (its pile sizes are as many zeros as the piles); what
    // depends on the sizes is worked out from `piles`.
    let r = &parsed.rest;
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
    let n = piles.len();
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
    let tallest = piles.iter().copied().max().unwrap_or(0) as usize;
    let cap = if up_down { 52 } else { PILE_CAP - 13 };
    if let Some(p) = piles.iter().position(|&s| s == 0 || s as usize > cap) {
        return Err((
            "piles",
            format!(
                "pile {} gets {} cards: each pile gets 1 to {cap}",
                p + 1,
                piles[p]
            ),
        ));
    }
    if r.reserve as usize > MAX_RESERVE {
        return Err((
            "reserve",
            format!("{}: at most {MAX_RESERVE} reserve cards", r.reserve),
        ));
    }
    let to_tableau: usize = piles.iter().map(|&s| s as usize).sum();
    let dealt = to_tableau + r.reserve as usize;
    if dealt > r.cards() {
        return Err((
            "piles",
            format!(
                "the cards do not add up: {} to the piles and {} to the reserve, but {} deck(s) hold {}",
                to_tableau,
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
    let bits = crate::solve::key::max_bits(r, tallest, left);
    let words = (bits as usize).div_ceil(64);
    if words > WIDTHS[WIDTHS.len() - 1] {
        return Err((
            "piles",
            format!(
                "the game is too big for the solver's state key ({} bits, at most {})",
                bits,
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

/// The games a program knows: the built-in games, and those it added from rules files or made
/// itself (a sweep's variants), by id. The CLI makes one in `main` and passes it down; the
/// Python module keeps one for its session. Adding a game interns it: an equal game added
/// again is the one already there, so any number of look-ups of one rules file leave one copy.
#[derive(Debug, Default)]
pub struct Games {
    /// The added games, in the order they were added.
    added: Vec<&'static Rules>,
    /// The rules file each added game came from (the first one), by id; none for a game made
    /// by the program.
    files: Vec<(&'static str, String)>,
}

/// The storage of an added game: its strings and piles, and the rules that borrow them. It is
/// leaked once per distinct game ([`Games::add`]), as the engine takes `&'static Rules`.
struct Interned {
    id: String,
    name: String,
    summary: String,
    piles: Vec<u8>,
    rules: std::sync::OnceLock<Rules>,
}

impl Games {
    /// The built-in games only.
    pub const fn new() -> Games {
        Games {
            added: Vec::new(),
            files: Vec::new(),
        }
    }

    /// The rules of a game by id: a built-in game, or one added.
    pub fn find(&self, id: &str) -> Option<&'static Rules> {
        crate::games::builtin::find(id).or_else(|| self.added.iter().copied().find(|r| r.id == id))
    }

    /// The rules of a game argument: a built-in game's id, or the path of a rules file (a name
    /// ending in `.toml`), read, checked and added (see [`Games::load`]); an id is a built-in
    /// game's or an added one's ([`Games::find`]). An unknown id is refused with the list of
    /// the built-in ones.
    pub fn lookup(&mut self, game: &str) -> Result<&'static Rules, RulesError> {
        if game.ends_with(".toml") {
            return self.load(std::path::Path::new(game));
        }
        self.find(game).ok_or_else(|| unknown(game))
    }

    /// Reads, checks and adds ([`Games::add`]) the rules file at `path`.
    pub fn load(&mut self, path: &std::path::Path) -> Result<&'static Rules, RulesError> {
        let file = path.display().to_string();
        let parsed = file::read(path, &file)?;
        let rules = self.add_from(parsed, Some(&file))?;
        if !self.files.iter().any(|(id, _)| *id == rules.id) {
            self.files.push((rules.id, file));
        }
        Ok(rules)
    }

    /// Makes a game known by its id (to [`Games::find`], so that result files with its rows
    /// can be read) and returns its rules. An equal game added before is returned as it is;
    /// the same id with other rules is refused.
    pub fn add(&mut self, rules: ParsedRules) -> Result<&'static Rules, RulesError> {
        self.add_from(rules, None)
    }

    /// [`Games::add`], naming the rules file `file` (if any) in a refusal.
    fn add_from(
        &mut self,
        new: ParsedRules,
        file: Option<&str>,
    ) -> Result<&'static Rules, RulesError> {
        if let Some(earlier) = self.added.iter().copied().find(|r| r.id == new.id) {
            if new.is(earlier) {
                return Ok(earlier);
            }
            return Err(match file {
                Some(file) => RulesError::Invalid {
                    key: "id",
                    reason: format!(
                        "{:?} is the id of {}, loaded already with other rules ({}): give this game an id of its own",
                        new.id,
                        self.loaded_from(&new.id),
                        file::differences(earlier, &new)
                    ),
                    file: file.to_string(),
                },
                None => RulesError::Invalid {
                    file: format!("rules {:?}", new.id),
                    key: "id",
                    reason: format!("{:?}: another rules file with this id is in use", new.id),
                },
            });
        }
        let ParsedRules {
            id,
            name,
            summary,
            piles,
            rest,
        } = new;
        // The one leak: one per distinct game, bounded by the games a program adds.
        let cell: &'static Interned = Box::leak(Box::new(Interned {
            id,
            name,
            summary,
            piles,
            rules: std::sync::OnceLock::new(),
        }));
        let rules = cell.rules.get_or_init(|| Rules {
            id: &cell.id,
            name: &cell.name,
            summary: &cell.summary,
            pile_sizes: &cell.piles,
            ..rest
        });
        self.added.push(rules);
        Ok(rules)
    }

    /// How many games were added (not counting the built-in ones).
    pub fn added(&self) -> usize {
        self.added.len()
    }

    /// Where a game comes in lists: the built-in games in the order of `patience variants`,
    /// then the added games in the order they were added.
    pub fn order(&self, id: &str) -> usize {
        let all = crate::games::builtin::ALL;
        all.iter().position(|r| r.id == id).unwrap_or_else(|| {
            all.len()
                + self
                    .added
                    .iter()
                    .position(|r| r.id == id)
                    .unwrap_or(self.added.len())
        })
    }

    /// Where the game `id` was loaded from, for messages: its rules file, or (a game made by
    /// the program, such as a sweep's variant) no file.
    fn loaded_from(&self, id: &str) -> String {
        match self.files.iter().find(|(i, _)| *i == id) {
            Some((_, file)) => file.clone(),
            None => "a game made in this run (a sweep's variant)".to_string(),
        }
    }
}

/// The refusal of an id that names no built-in game.
pub fn unknown(id: &str) -> RulesError {
    let known: Vec<&str> = crate::games::builtin::ALL.iter().map(|r| r.id).collect();
    RulesError::Unknown {
        id: id.to_string(),
        known: known.join(", "),
    }
}

/// Rules as owned data, checked: what [`parse`] makes of a rules file, before [`Games::add`]
/// interns it as `&'static Rules`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedRules {
    id: String,
    name: String,
    summary: String,
    piles: Vec<u8>,
    /// The other rules. Its id, name and summary are empty, and its pile sizes are zeros (as
    /// many as the piles), so that its counts are right.
    rest: Rules,
}

/// As many zeros as the most piles: the stand-in pile sizes of [`ParsedRules::rest`].
static ZEROS: [u8; MAX_PILES] = [0; MAX_PILES];

impl ParsedRules {
    /// Owned rules from their parts (the piles checked to be at most [`MAX_PILES`] by the
    /// caller).
    pub(crate) fn new(
        id: String,
        name: String,
        summary: String,
        piles: Vec<u8>,
        rest: Rules,
    ) -> Self {
        let n = piles.len().min(MAX_PILES);
        ParsedRules {
            id,
            name,
            summary,
            piles,
            rest: Rules {
                id: "",
                name: "",
                summary: "",
                pile_sizes: &ZEROS[..n],
                ..rest
            },
        }
    }

    /// The owned copy of `rules`.
    pub fn of(rules: &Rules) -> Self {
        ParsedRules::new(
            rules.id.to_string(),
            rules.name.to_string(),
            rules.summary.to_string(),
            rules.pile_sizes.to_vec(),
            *rules,
        )
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Are these the rules `r` (every field, id and name included)?
    pub fn is(&self, r: &Rules) -> bool {
        self.id == r.id && self.name == r.name && self.summary == r.summary && self.same_game(r)
    }

    /// Are these rules and `r` one game, whatever their ids and names?
    pub fn same_game(&self, r: &Rules) -> bool {
        self.piles == r.pile_sizes && self.rest == self.shape_of(r)
    }

    /// `r` with the stand-ins of `rest` for its strings and pile sizes.
    fn shape_of(&self, r: &Rules) -> Rules {
        Rules {
            id: "",
            name: "",
            summary: "",
            pile_sizes: self.rest.pile_sizes,
            ..*r
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Looking up one rules file many times interns one game: each look-up gives the same
    /// rules, and the added games stay at one (each look-up used to leak a fresh copy). The
    /// process's memory over many look-ups is checked alone in tests/interning.rs.
    #[test]
    fn many_lookups_of_one_rules_file_intern_one_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sw-kings.toml");
        std::fs::write(
            &path,
            "id = \"sw-kings\"\nextends = \"stonewall\"\nspaces = \"kings\"\n",
        )
        .unwrap();
        let arg = path.to_str().unwrap();
        let mut games = Games::new();
        let first = games.lookup(arg).unwrap();
        for _ in 0..1_000 {
            assert!(std::ptr::eq(games.lookup(arg).unwrap(), first));
        }
        assert_eq!(games.added(), 1);
        assert_eq!(games.find("sw-kings"), Some(first));
    }

    /// The same id with other rules is refused, naming both files and the keys that differ;
    /// the same rules under a second file name are the game already added.
    #[test]
    fn one_id_is_one_game() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, spaces: &str| {
            let path = dir.path().join(name);
            std::fs::write(
                &path,
                format!("id = \"mine\"\nextends = \"stonewall\"\nspaces = \"{spaces}\"\n"),
            )
            .unwrap();
            path
        };
        let (a, b, c) = (
            write("a.toml", "kings"),
            write("b.toml", "never"),
            write("c.toml", "kings"),
        );
        let mut games = Games::new();
        let first = games.load(&a).unwrap();
        assert!(std::ptr::eq(games.load(&c).unwrap(), first));
        let e = games.load(&b).unwrap_err().to_string();
        assert!(
            e.starts_with(&b.display().to_string())
                && e.contains(&a.display().to_string())
                && e.contains("spaces = \"never\" here, \"kings\" there"),
            "{e}"
        );
        assert_eq!(games.added(), 1);
        // A game made by the program with the id of a loaded file and other rules.
        let other = parse(
            "id = \"mine\"\nextends = \"stonewall\"\nspaces = \"any\"\n",
            "--vary",
        )
        .unwrap();
        let e = games.add(other).unwrap_err().to_string();
        assert!(
            e.contains("another rules file with this id is in use"),
            "{e}"
        );
        // Two sets of games know their own games only.
        assert_eq!(Games::new().find("mine"), None);
        assert_eq!(Games::new().order("mine"), builtin::ALL.len());
        assert_eq!(games.order("mine"), builtin::ALL.len());
    }
}
