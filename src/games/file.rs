//! Rules files: TOML through serde, every key checked (docs/formats.md, "Rules files"). One
//! struct, [`RulesFile`], is both what a file is read into and what [`to_toml`] writes.

use super::{ParsedRules, Problem, RulesError, check};
use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A rules file as written: every key but `id` may be left out when the file `extends` a
/// built-in game. [`to_toml`] writes every key but `extends`, in this order.
#[derive(Serialize, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    id: String,
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    extends: Option<String>,
    decks: Option<u8>,
    piles: Option<Vec<u8>>,
    face_down: Option<FaceDown>,
    sight: Option<Sight>,
    reserve: Option<u8>,
    build: Option<Build>,
    moves: Option<MovesKey>,
    spaces: Option<SpacesKey>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stock: Option<StockKey>,
}

/// The `moves` key: what moves from a pile, relative to the build rule (`runs` follow it), so
/// that a file that extends a game and changes only `build` keeps the game's kind of move.
#[derive(Serialize, Deserialize, Debug, Copy, Clone, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum MovesKey {
    Single,
    Runs,
    SameSuitRuns,
    AnySuitRuns,
}

/// The `spaces` key: [`Space`] with its flag spelled as a word of its own.
#[derive(Serialize, Deserialize, Debug, Copy, Clone)]
#[serde(rename_all = "kebab-case")]
enum SpacesKey {
    Any,
    Kings,
    Never,
    Waste,
    WasteAndAces,
}

/// The `stock` key (left out: no stock).
#[derive(Serialize, Deserialize, Debug, Copy, Clone)]
#[serde(deny_unknown_fields)]
struct StockKey {
    draw: u8,
    /// Left out: unlimited.
    #[serde(skip_serializing_if = "Option::is_none")]
    passes: Option<u8>,
}

impl From<&Rules> for RulesFile {
    fn from(r: &Rules) -> RulesFile {
        RulesFile {
            id: r.id.to_string(),
            name: Some(r.name.to_string()),
            extends: None,
            decks: Some(r.decks),
            piles: Some(r.pile_sizes.to_vec()),
            face_down: Some(r.face_down),
            sight: Some(r.sight),
            reserve: Some(r.reserve),
            build: Some(r.build),
            moves: Some(moves_key(r.unit, r.build)),
            spaces: Some(SpacesKey::from(r.space)),
            stock: match r.stock {
                Stock::None => None,
                Stock::Waste { draw, passes } => Some(StockKey { draw, passes }),
            },
        }
    }
}

impl From<Space> for SpacesKey {
    fn from(s: Space) -> SpacesKey {
        match s {
            Space::Any => SpacesKey::Any,
            Space::Kings => SpacesKey::Kings,
            Space::Never => SpacesKey::Never,
            Space::WasteOnly {
                aces_from_foundation: false,
            } => SpacesKey::Waste,
            Space::WasteOnly {
                aces_from_foundation: true,
            } => SpacesKey::WasteAndAces,
        }
    }
}

impl From<SpacesKey> for Space {
    fn from(k: SpacesKey) -> Space {
        match k {
            SpacesKey::Any => Space::Any,
            SpacesKey::Kings => Space::Kings,
            SpacesKey::Never => Space::Never,
            SpacesKey::Waste => Space::WasteOnly {
                aces_from_foundation: false,
            },
            SpacesKey::WasteAndAces => Space::WasteOnly {
                aces_from_foundation: true,
            },
        }
    }
}

/// A value as a rules file spells it: its serde name (`down-alt-colour`).
fn spelling<T: Serialize>(value: &T) -> String {
    let mut text = String::new();
    value
        .serialize(toml::ser::ValueSerializer::new(&mut text))
        .expect("a key's value serializes");
    text.trim_matches('"').to_string()
}

/// A build rule as a rules file spells it.
pub fn build_name(b: Build) -> String {
    spelling(&b)
}

fn moves_key(unit: Unit, build: Build) -> MovesKey {
    match unit {
        Unit::Single => MovesKey::Single,
        Unit::Run(r) if r == build => MovesKey::Runs,
        Unit::Run(Build::DownSameSuit) => MovesKey::SameSuitRuns,
        Unit::Run(Build::DownAnySuit) => MovesKey::AnySuitRuns,
        // No game moves such runs (refused by the check); written as following the build rule.
        Unit::Run(_) => MovesKey::Runs,
    }
}

fn unit_of(k: MovesKey, build: Build) -> Unit {
    match k {
        MovesKey::Single => Unit::Single,
        MovesKey::Runs => Unit::Run(build),
        MovesKey::SameSuitRuns => Unit::Run(Build::DownSameSuit),
        MovesKey::AnySuitRuns => Unit::Run(Build::DownAnySuit),
    }
}

/// A move rule as a rules file spells it (relative to the build rule: `runs` follow it).
pub fn moves_name(unit: Unit, build: Build) -> String {
    spelling(&moves_key(unit, build))
}

/// A space rule as a rules file spells it.
pub fn space_name(s: Space) -> String {
    spelling(&SpacesKey::from(s))
}

/// The rules of a rules file's text, checked; `file` names it in errors. They become
/// `&'static Rules` when added to a [`super::Games`].
pub fn parse(text: &str, file: &str) -> Result<ParsedRules, RulesError> {
    let raw: RulesFile = toml::from_str(text).map_err(|e| toml_error(text, file, &e))?;
    let invalid = |(key, reason): Problem| RulesError::Invalid {
        file: file.to_string(),
        key,
        reason,
    };
    let rules = resolve(raw).map_err(invalid)?;
    check(&rules).map_err(invalid)?;
    Ok(rules)
}

/// Reads and parses the rules file at `path`, named `file` in errors.
pub(crate) fn read(path: &Path, file: &str) -> Result<ParsedRules, RulesError> {
    // Bounded: a path such as /dev/zero would otherwise be read until memory runs out.
    let text = std::fs::File::open(path)
        .and_then(|f| {
            crate::memory::read_bounded(f, crate::memory::MAX_INPUT_BYTES as u64, "a rules file")
        })
        .and_then(|bytes| {
            String::from_utf8(bytes).map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "stream did not contain valid UTF-8",
                )
            })
        })
        .map_err(|why| RulesError::Read {
            file: file.to_string(),
            why,
        })?;
    parse(&text, file)
}

/// The keys whose values differ between two games' rules files, as `key = a here, b there`.
pub(crate) fn differences(earlier: &Rules, now: &ParsedRules) -> String {
    let lines = |r: &Rules| -> Vec<(String, String)> {
        to_toml(r)
            .lines()
            .filter_map(|l| l.split_once(" = "))
            .filter(|(k, _)| !matches!(k.trim(), "id" | "name"))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect()
    };
    // `now` is not interned, so its file is written from its rules on the earlier game's
    // strings and piles, and its piles are put in after.
    let stand_in = Rules {
        id: earlier.id,
        name: earlier.name,
        summary: earlier.summary,
        pile_sizes: earlier.pile_sizes,
        ..now.rest
    };
    let piles = toml::Value::Array(
        now.piles
            .iter()
            .map(|&p| toml::Value::Integer(p.into()))
            .collect(),
    )
    .to_string();
    let (a, mut b) = (lines(earlier), lines(&stand_in));
    for (k, v) in &mut b {
        if k == "piles" {
            *v = piles.clone();
        }
    }
    let mut said: Vec<String> = Vec::new();
    for (k, v) in &b {
        let there = a.iter().find(|(x, _)| x == k).map(|(_, w)| w.as_str());
        if there != Some(v.as_str()) {
            said.push(format!(
                "{k} = {v} here, {} there",
                there.unwrap_or("(none)")
            ));
        }
    }
    for (k, w) in &a {
        if !b.iter().any(|(x, _)| x == k) {
            said.push(format!("{k} = (none) here, {w} there"));
        }
    }
    match said.is_empty() {
        true => "the same keys, another name".to_string(),
        false => said.join("; "),
    }
}

fn resolve(raw: RulesFile) -> Result<ParsedRules, Problem> {
    let base = match &raw.extends {
        Some(id) => Some(*crate::games::builtin::find(id).ok_or_else(|| {
            let known: Vec<&str> = crate::games::builtin::ALL.iter().map(|r| r.id).collect();
            (
                "extends",
                format!(
                    "{id:?} is not a built-in game (built-in games: {})",
                    known.join(", ")
                ),
            )
        })?),
        None => None,
    };
    fn need<T>(v: Option<T>, from: Option<T>, key: &'static str) -> Result<T, Problem> {
        v.or(from).ok_or_else(|| {
            (
                key,
                "missing: a rules file without `extends` gives every key but `name` and `stock`"
                    .to_string(),
            )
        })
    }
    let b = base.as_ref();
    let build = need(raw.build, b.map(|r| r.build), "build")?;
    // `moves` is read relative to the build rule, so a file that extends a game and changes
    // only `build` keeps the base game's kind of move ("runs" then follow the new rule).
    let moves = need(raw.moves, b.map(|r| moves_key(r.unit, r.build)), "moves")?;
    let piles: Vec<u8> = match raw.piles {
        Some(p) => p,
        None => need(None, b.map(|r| r.pile_sizes), "piles")?.to_vec(),
    };
    let name = raw.name.unwrap_or_else(|| raw.id.clone());
    let summary = match &raw.extends {
        Some(e) => format!("rules file, from {e}"),
        None => "rules file".to_string(),
    };
    let rest = Rules {
        id: "",
        name: "",
        summary: "",
        pile_sizes: &[],
        decks: need(raw.decks, b.map(|r| r.decks), "decks")?,
        face_down: need(raw.face_down, b.map(|r| r.face_down), "face_down")?,
        sight: need(raw.sight, b.map(|r| r.sight), "sight")?,
        reserve: need(raw.reserve, b.map(|r| r.reserve), "reserve")?,
        build,
        unit: unit_of(moves, build),
        space: need(raw.spaces.map(Space::from), b.map(|r| r.space), "spaces")?,
        stock: match (raw.stock, b) {
            (Some(s), _) => Stock::Waste {
                draw: s.draw,
                passes: s.passes,
            },
            (None, Some(r)) => r.stock,
            (None, None) => Stock::None,
        },
    };
    Ok(ParsedRules::new(raw.id, name, summary, piles, rest))
}

/// One line for a TOML or serde error: the line, the key where one can be named, the reason.
fn toml_error(text: &str, file: &str, e: &toml::de::Error) -> RulesError {
    let reason = e.message().replace('\n', " ").trim().to_string();
    let line_no = e
        .span()
        .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
    // The key: the one the message names (`unknown field `x``, `missing field `x``), else the
    // key of the line the error is on.
    let named = reason
        .split_once("field `")
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(k, _)| k.to_string());
    let on_line = line_no.and_then(|n| {
        let line = text.lines().nth(n - 1)?;
        let (k, _) = line.split_once('=')?;
        let k = k.trim().trim_matches('"');
        (!k.is_empty()
            && k.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
        .then(|| k.to_string())
    });
    let key = match (named, on_line) {
        // A key inside an inline table (`stock = { colour = 1 }`).
        (Some(n), Some(l)) if n != l => Some(format!("{l}.{n}")),
        (n, l) => n.or(l),
    };
    RulesError::Toml {
        file: file.to_string(),
        line: line_no,
        key,
        reason: if is_data_error(&reason) {
            reason
        } else {
            format!("invalid TOML: {reason}")
        },
    }
}

/// Is the message serde's, about a key or its value (not a TOML syntax error)?
fn is_data_error(reason: &str) -> bool {
    [
        "invalid type",
        "invalid value",
        "invalid length",
        "unknown field",
        "unknown variant",
        "missing field",
        "duplicate field",
    ]
    .iter()
    .any(|p| reason.starts_with(p))
}

/// A game's rules as a rules file (what `patience variants --rules ID` prints): a comment
/// with its name, then the `RulesFile` through serde. Every key is written, so the file says
/// the whole game; reading it back (under an id of its own) gives the same game.
pub fn to_toml(r: &Rules) -> String {
    let mut file = RulesFile::from(r);
    let mut t = format!("# {}: {}\n", r.name, r.summary);
    if crate::games::builtin::find(r.id).is_some() {
        t.push_str("# A rules file may not use a built-in game's id: give it an id of its own.\n");
    }
    // The stock last and as an inline table (serde's TOML writes a table as a section).
    let stock = file.stock.take();
    t.push_str(&toml::to_string(&file).expect("a rules file serializes"));
    if let Some(stock) = stock {
        t.push_str(&format!(
            "stock = {}",
            toml::Value::try_from(stock).expect("a stock serializes")
        ));
        if stock.passes.is_none() {
            t.push_str("                # passes left out: unlimited");
        }
        t.push('\n');
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every built-in game's rules file reads back, under another id, as the same rules.
    #[test]
    fn every_built_in_game_reads_back_from_its_rules_file() {
        for r in crate::games::builtin::ALL {
            let text = to_toml(r).replace(&format!("id = \"{}\"", r.id), "id = \"copy\"");
            let back = parse(&text, "copy.toml").unwrap_or_else(|e| panic!("{}: {e}", r.id));
            assert!(back.same_game(r), "{}", r.id);
            assert_eq!(
                (back.id(), back.name.as_str()),
                ("copy", r.name),
                "{}",
                r.id
            );
        }
    }

    /// The names the listings and messages give the rules are the words a rules file reads as
    /// those rules.
    #[test]
    fn the_names_of_the_rules_are_the_words_of_a_rules_file() {
        let file = |key: &str, word: &str| -> RulesFile {
            toml::from_str(&format!("id = \"x\"\n{key} = \"{word}\"\n"))
                .unwrap_or_else(|e| panic!("{key} = {word:?}: {e}"))
        };
        for b in [
            Build::DownAltColour,
            Build::DownAnySuit,
            Build::DownSameSuit,
            Build::UpDownAnySuit,
            Build::UpDownSameSuit,
        ] {
            assert_eq!(file("build", &build_name(b)).build, Some(b));
        }
        for s in Space::ALL {
            assert_eq!(
                file("spaces", &space_name(s)).spaces.map(Space::from),
                Some(s)
            );
        }
        for (unit, build) in [
            (Unit::Single, Build::DownAnySuit),
            (Unit::Run(Build::DownAltColour), Build::DownAltColour),
            (Unit::Run(Build::DownSameSuit), Build::DownAnySuit),
            (Unit::Run(Build::DownAnySuit), Build::DownAltColour),
        ] {
            let k = file("moves", &moves_name(unit, build)).moves;
            assert_eq!(k.map(|k| unit_of(k, build)), Some(unit));
        }
        // The words of docs/formats.md, "Rules files".
        assert_eq!(
            [
                build_name(Build::UpDownSameSuit),
                space_name(Space::WasteOnly {
                    aces_from_foundation: true
                }),
                moves_name(Unit::Run(Build::DownSameSuit), Build::DownAnySuit),
                spelling(&FaceDown::OddFromBottom),
                spelling(&FaceDown::AllButTop),
                spelling(&Sight::Tops),
            ],
            [
                "up-down-same-suit",
                "waste-and-aces",
                "same-suit-runs",
                "odd",
                "all-but-top",
                "tops"
            ]
        );
    }

    #[test]
    fn a_file_that_extends_a_game_changes_only_its_keys() {
        let r = parse(
            "id = \"sw-kings\"\nextends = \"stonewall\"\nspaces = \"kings\"\n",
            "f.toml",
        )
        .unwrap();
        let mut games = super::super::Games::new();
        let r = games.add(r).unwrap();
        let sw = crate::games::Stonewall::RULES;
        assert_eq!((r.id, r.name), ("sw-kings", "sw-kings"));
        assert_eq!(r.space, Space::Kings);
        assert_eq!(
            Rules {
                id: sw.id,
                name: sw.name,
                summary: sw.summary,
                space: sw.space,
                ..*r
            },
            sw
        );
    }

    #[test]
    fn bad_files_say_the_file_the_key_and_the_reason_in_one_line() {
        let cases: &[(&str, &str)] = &[
            (
                "id = \"x\"\nextends = \"stonewall\"\ncolour = 1\n",
                "colour",
            ),
            ("id = \"x\"\nextends = \"stonewall\"\ndecks = 3\n", "decks"),
            (
                "id = \"x\"\nextends = \"stonewall\"\ndecks = \"two\"\n",
                "decks",
            ),
            (
                "id = \"x\"\nextends = \"stonewall\"\nbuild = \"up\"\n",
                "build",
            ),
            (
                "id = \"x\"\nextends = \"stonewall\"\npiles = [9, 9, 9, 9, 9, 9]\n",
                "piles",
            ),
            ("id = \"stonewall\"\nextends = \"stonewall\"\n", "id"),
            ("id = \"X y\"\nextends = \"stonewall\"\n", "id"),
            ("id = \"x\"\nextends = \"nope\"\n", "extends"),
            (
                "id = \"x\"\nextends = \"stonewall\"\nstock = { draw = 1 }\n",
                "stock",
            ),
            (
                "id = \"x\"\nextends = \"lucky-piles\"\nmoves = \"runs\"\n",
                "moves",
            ),
            (
                "id = \"x\"\nextends = \"stonewall\"\nsight = \"tops\"\n",
                "sight",
            ),
            ("id = \"x\"\ndecks = 1\n", "build"),
            ("extends = \"stonewall\"\n", "id"),
        ];
        for (text, key) in cases {
            let e = parse(text, "bad.toml").expect_err(text).to_string();
            assert!(e.starts_with("bad.toml"), "{e}");
            assert!(e.contains(&format!("`{key}`")), "{text:?}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
        let e = parse("id = \"x\nbuild =", "bad.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("bad.toml, line 1") && !e.contains('\n'),
            "{e}"
        );
    }
}
