//! Rules files: TOML through serde, every key checked (docs/formats.md, "Rules files").

use super::{ParsedRules, Problem, RulesError, check};
use crate::game::{Build, FaceDown, Rules, Sight, Space, Stock, Unit};
use serde::Deserialize;
use std::path::Path;

/// A rules file as written: every key but `id` may be left out when the file `extends` a
/// built-in game.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    id: String,
    name: Option<String>,
    extends: Option<String>,
    decks: Option<u8>,
    piles: Option<Vec<u8>>,
    face_down: Option<FaceDownKey>,
    sight: Option<SightKey>,
    reserve: Option<u8>,
    build: Option<BuildKey>,
    moves: Option<MovesKey>,
    spaces: Option<SpacesKey>,
    stock: Option<StockKey>,
}

#[derive(Deserialize, Debug, Copy, Clone)]
#[serde(rename_all = "kebab-case")]
enum FaceDownKey {
    None,
    Odd,
    AllButTop,
}

#[derive(Deserialize, Debug, Copy, Clone)]
#[serde(rename_all = "kebab-case")]
enum SightKey {
    Faces,
    Tops,
}

#[derive(Deserialize, Debug, Copy, Clone)]
#[serde(rename_all = "kebab-case")]
enum BuildKey {
    DownAltColour,
    DownAnySuit,
    DownSameSuit,
    UpDownAnySuit,
    UpDownSameSuit,
}

#[derive(Deserialize, Debug, Copy, Clone, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum MovesKey {
    Single,
    Runs,
    SameSuitRuns,
    AnySuitRuns,
}

#[derive(Deserialize, Debug, Copy, Clone)]
#[serde(rename_all = "kebab-case")]
enum SpacesKey {
    Any,
    Kings,
    Never,
    Waste,
    WasteAndAces,
}

#[derive(Deserialize, Debug, Copy, Clone)]
#[serde(deny_unknown_fields)]
struct StockKey {
    draw: u8,
    passes: Option<u8>,
}

const BUILDS: [(Build, &str); 5] = [
    (Build::DownAltColour, "down-alt-colour"),
    (Build::DownAnySuit, "down-any-suit"),
    (Build::DownSameSuit, "down-same-suit"),
    (Build::UpDownAnySuit, "up-down-any-suit"),
    (Build::UpDownSameSuit, "up-down-same-suit"),
];

/// A build rule as a rules file spells it.
pub fn build_name(b: Build) -> &'static str {
    BUILDS.iter().find(|(x, _)| *x == b).map_or("", |(_, n)| n)
}

fn build_of(k: BuildKey) -> Build {
    match k {
        BuildKey::DownAltColour => Build::DownAltColour,
        BuildKey::DownAnySuit => Build::DownAnySuit,
        BuildKey::DownSameSuit => Build::DownSameSuit,
        BuildKey::UpDownAnySuit => Build::UpDownAnySuit,
        BuildKey::UpDownSameSuit => Build::UpDownSameSuit,
    }
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
pub fn moves_name(unit: Unit, build: Build) -> &'static str {
    match moves_key(unit, build) {
        MovesKey::Single => "single",
        MovesKey::Runs => "runs",
        MovesKey::SameSuitRuns => "same-suit-runs",
        MovesKey::AnySuitRuns => "any-suit-runs",
    }
}

/// A space rule as a rules file spells it.
pub fn space_name(s: Space) -> &'static str {
    match s {
        Space::Any => "any",
        Space::Kings => "kings",
        Space::Never => "never",
        Space::WasteOnly {
            aces_from_foundation: false,
        } => "waste",
        Space::WasteOnly {
            aces_from_foundation: true,
        } => "waste-and-aces",
    }
}

fn face_down_name(f: FaceDown) -> &'static str {
    match f {
        FaceDown::None => "none",
        FaceDown::OddFromBottom => "odd",
        FaceDown::AllButTop => "all-but-top",
    }
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
    let build = need(raw.build.map(build_of), b.map(|r| r.build), "build")?;
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
        face_down: need(
            raw.face_down.map(|f| match f {
                FaceDownKey::None => FaceDown::None,
                FaceDownKey::Odd => FaceDown::OddFromBottom,
                FaceDownKey::AllButTop => FaceDown::AllButTop,
            }),
            b.map(|r| r.face_down),
            "face_down",
        )?,
        sight: need(
            raw.sight.map(|s| match s {
                SightKey::Faces => Sight::Faces,
                SightKey::Tops => Sight::Tops,
            }),
            b.map(|r| r.sight),
            "sight",
        )?,
        reserve: need(raw.reserve, b.map(|r| r.reserve), "reserve")?,
        build,
        unit: unit_of(moves, build),
        space: need(
            raw.spaces.map(|s| match s {
                SpacesKey::Any => Space::Any,
                SpacesKey::Kings => Space::Kings,
                SpacesKey::Never => Space::Never,
                SpacesKey::Waste => Space::WasteOnly {
                    aces_from_foundation: false,
                },
                SpacesKey::WasteAndAces => Space::WasteOnly {
                    aces_from_foundation: true,
                },
            }),
            b.map(|r| r.space),
            "spaces",
        )?,
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

/// A game's rules as a rules file (what `patience variants --rules ID` prints). Every key is
/// written, so the file says the whole game; reading it back (under an id of its own) gives
/// the same game.
pub fn to_toml(r: &Rules) -> String {
    let q = |s: &str| toml::Value::String(s.to_string()).to_string();
    let piles: Vec<String> = r.pile_sizes.iter().map(|p| p.to_string()).collect();
    let mut t = String::new();
    t.push_str(&format!("# {}: {}\n", r.name, r.summary));
    if crate::games::builtin::find(r.id).is_some() {
        t.push_str("# A rules file may not use a built-in game's id: give it an id of its own.\n");
    }
    t.push_str(&format!("id = {}\n", q(r.id)));
    t.push_str(&format!("name = {}\n", q(r.name)));
    t.push_str(&format!("decks = {}\n", r.decks));
    t.push_str(&format!("piles = [{}]\n", piles.join(", ")));
    t.push_str(&format!("face_down = {}\n", q(face_down_name(r.face_down))));
    let sight = match r.sight {
        Sight::Faces => "faces",
        Sight::Tops => "tops",
    };
    t.push_str(&format!("sight = {}\n", q(sight)));
    t.push_str(&format!("reserve = {}\n", r.reserve));
    t.push_str(&format!("build = {}\n", q(build_name(r.build))));
    t.push_str(&format!("moves = {}\n", q(moves_name(r.unit, r.build))));
    t.push_str(&format!("spaces = {}\n", q(space_name(r.space))));
    if let Stock::Waste { draw, passes } = r.stock {
        match passes {
            Some(p) => t.push_str(&format!("stock = {{ draw = {draw}, passes = {p} }}\n")),
            None => t.push_str(&format!(
                "stock = {{ draw = {draw} }}                # passes left out: unlimited\n"
            )),
        }
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
