//! Deal files (`docs/formats.md`): one JSON object with the keys `variant`, `seed`,
//! `tableau piles`, `reserve`, `stock`, `waste` and `foundations`, read into and written from a
//! [`Deal`]. Every list runs from the bottom of its pile to the top; the case of a card's suit
//! letter says which way it lies (`7H` face up, `7h` face down); an emptied reserve slot is `null`.
//!
//! Reading checks the shape of the file only (keys, types, card tokens) and names the key, the
//! index and the place of anything wrong; whether the cards form a legal position of a game is
//! [`Position::from_deal`](crate::game::Position::from_deal)'s business.
//!
//! Writing gives one line in the style of the reference files (`", "` and `": "` separators),
//! leaving out the keys a game does not use or that are empty at the start of a game.

use super::describe;
use crate::cards::{CardParseError, CardToken};
use crate::deal::Deal;
use serde::Serialize;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// The keys a deal file may have, in the order they are written.
pub const KEYS: [&str; 7] = [
    "variant",
    "seed",
    "tableau piles",
    "reserve",
    "stock",
    "waste",
    "foundations",
];

fn known_keys() -> String {
    KEYS.map(|k| format!("{k:?}")).join(", ")
}

/// A deal file that cannot be read. Each message is one line, starting with `deal file:`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealFileError {
    #[error("deal file: not a JSON object: {0}")]
    Json(String),
    #[error("deal file: unknown key {key:?} (the keys are {})", known_keys())]
    UnknownKey { key: String },
    #[error("deal file: the key {key:?} appears twice")]
    DuplicateKey { key: String },
    #[error("deal file: the key \"tableau piles\" is missing")]
    NoPiles,
    #[error("deal file: {path}: expected {expected}, found {found}")]
    Type {
        path: String,
        expected: &'static str,
        found: String,
    },
    #[error("deal file: {path}: {cause}")]
    Card { path: String, cause: CardParseError },
}

/// The top-level object as its entries, in file order, duplicates kept (serde_json's own map
/// would silently keep only the last of two equal keys).
struct Entries(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entries, D::Error> {
        struct EntriesVisitor;
        impl<'de> Visitor<'de> for EntriesVisitor {
            type Value = Entries;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object {...}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, Value>()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(EntriesVisitor)
    }
}

fn type_error(path: String, expected: &'static str, found: &Value) -> DealFileError {
    DealFileError::Type {
        path,
        expected,
        found: describe(found),
    }
}

/// One card token at `path`.
fn card(v: &Value, path: impl Fn() -> String) -> Result<CardToken, DealFileError> {
    match v {
        Value::String(s) => CardToken::parse(s).map_err(|cause| DealFileError::Card {
            path: path(),
            cause,
        }),
        other => Err(type_error(path(), "a card such as \"7H\"", other)),
    }
}

fn array<'a>(
    v: &'a Value,
    path: impl Fn() -> String,
    expected: &'static str,
) -> Result<&'a [Value], DealFileError> {
    match v {
        Value::Array(a) => Ok(a),
        other => Err(type_error(path(), expected, other)),
    }
}

/// A list of cards (`stock`, `waste`); `where_` says which place item `i` is.
fn card_list(
    v: &Value,
    key: &str,
    where_: impl Fn(usize) -> String,
) -> Result<Vec<CardToken>, DealFileError> {
    array(v, || format!("{key:?}"), "a list of cards")?
        .iter()
        .enumerate()
        .map(|(i, c)| card(c, || format!("{key:?}[{i}] ({})", where_(i))))
        .collect()
}

/// A list of lists of cards (`tableau piles`, `foundations`); `where_` names place (i, j).
fn card_lists(
    v: &Value,
    key: &str,
    where_: impl Fn(usize, usize) -> String,
) -> Result<Vec<Vec<CardToken>>, DealFileError> {
    array(v, || format!("{key:?}"), "a list of lists of cards")?
        .iter()
        .enumerate()
        .map(|(i, list)| {
            array(list, || format!("{key:?}[{i}]"), "a list of cards")?
                .iter()
                .enumerate()
                .map(|(j, c)| card(c, || format!("{key:?}[{i}][{j}] ({})", where_(i, j))))
                .collect()
        })
        .collect()
}

/// Reads a deal file's text. A UTF-8 byte-order mark at the start is ignored (Windows editors
/// write one), and so are `\r\n` line ends (JSON white space).
pub fn read_deal(text: &str) -> Result<Deal, DealFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Entries(entries) =
        serde_json::from_str(text).map_err(|e| DealFileError::Json(e.to_string()))?;
    let mut deal = Deal::default();
    let mut seen: Vec<&str> = Vec::new();
    for (key, value) in &entries {
        if seen.contains(&key.as_str()) {
            return Err(DealFileError::DuplicateKey { key: key.clone() });
        }
        seen.push(key);
        match key.as_str() {
            "variant" => {
                deal.variant = match value {
                    Value::Null => None,
                    Value::String(s) => Some(s.clone()),
                    other => return Err(type_error("\"variant\"".into(), "a variant id", other)),
                }
            }
            "seed" => {
                deal.seed = match value {
                    Value::Null => None,
                    v => Some(v.as_u64().ok_or_else(|| {
                        type_error("\"seed\"".into(), "a whole number from 0 to 2^64 - 1", v)
                    })?),
                }
            }
            "tableau piles" => {
                deal.piles = card_lists(value, key, |i, j| {
                    format!("T{}, card {} from the bottom", i + 1, j + 1)
                })?
            }
            "reserve" => {
                deal.reserve = array(value, || "\"reserve\"".into(), "a list of cards")?
                    .iter()
                    .enumerate()
                    .map(|(i, c)| match c {
                        Value::Null => Ok(None),
                        c => card(c, || format!("\"reserve\"[{i}] (R{})", i + 1)).map(Some),
                    })
                    .collect::<Result<_, _>>()?
            }
            "stock" => {
                deal.stock = card_list(value, key, |i| format!("card {} from the bottom", i + 1))?
            }
            "waste" => {
                deal.waste = card_list(value, key, |i| format!("card {} from the bottom", i + 1))?
            }
            "foundations" => {
                deal.foundations =
                    card_lists(value, key, |i, j| format!("F{}, card {}", i + 1, j + 1))?
            }
            _ => return Err(DealFileError::UnknownKey { key: key.clone() }),
        }
    }
    if !seen.contains(&"tableau piles") {
        return Err(DealFileError::NoPiles);
    }
    Ok(deal)
}

/// The shape written, field order = key order.
#[derive(Serialize)]
struct Out<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(rename = "tableau piles")]
    piles: Vec<Vec<String>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    reserve: Vec<Option<String>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    stock: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    waste: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    foundations: Vec<Vec<String>>,
}

/// A deal serializes as its deal file: `reserve`, `stock`, `waste` and `foundations` are left
/// out when empty (foundations also when every one of them is empty). This is how a deal is
/// embedded in other JSON (the solve result).
impl Serialize for Deal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let texts = |list: &[CardToken]| list.iter().map(|c| c.to_text()).collect::<Vec<_>>();
        let foundations = if self.foundations.iter().all(|f| f.is_empty()) {
            Vec::new()
        } else {
            self.foundations.iter().map(|f| texts(f)).collect()
        };
        Out {
            variant: self.variant.as_deref(),
            seed: self.seed,
            piles: self.piles.iter().map(|p| texts(p)).collect(),
            reserve: self
                .reserve
                .iter()
                .map(|slot| slot.map(|c| c.to_text()))
                .collect(),
            stock: texts(&self.stock),
            waste: texts(&self.waste),
            foundations,
        }
        .serialize(s)
    }
}

/// serde_json's compact output with a space after each `,` and `:`, as in the reference files.
struct Spaced;

impl serde_json::ser::Formatter for Spaced {
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
}

/// Writes a deal as one line of JSON (no newline at the end), as [`Deal`]'s `Serialize` gives it.
pub fn write_deal(deal: &Deal) -> String {
    let mut buf = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, Spaced);
    deal.serialize(&mut ser)
        .expect("serialising strings into memory cannot fail");
    String::from_utf8(buf).expect("serde_json writes UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::deal;
    use crate::game::{Position, Variant, apply, generate};
    use crate::games::{LuckyPiles, NapoleonsShoulder, Stonewall};
    use std::path::PathBuf;

    fn reference() -> PathBuf {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/reference"))
    }

    /// Every `*.json` under `reference/*/`, with its game folder's name.
    fn reference_files() -> Vec<(String, PathBuf)> {
        let mut out = Vec::new();
        let dirs =
            std::fs::read_dir(reference()).expect("the reference folder tests/data/reference");
        for dir in dirs {
            let dir = dir.unwrap().path();
            if !dir.is_dir() {
                continue;
            }
            let game = dir.file_name().unwrap().to_string_lossy().into_owned();
            for f in std::fs::read_dir(&dir).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "json") {
                    out.push((game.clone(), f));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn every_reference_file_parses_and_is_written_back_identically() {
        let files = reference_files();
        assert!(files.len() >= 30, "only {} reference files", files.len());
        for (game, path) in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let d = read_deal(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(
                d.variant.as_deref(),
                Some(game.as_str()),
                "{}",
                path.display()
            );
            assert!(!d.piles.is_empty());
            assert_eq!(write_deal(&d), text.trim_end(), "{}", path.display());
        }
    }

    #[test]
    fn stonewall_reference_files_are_legal_positions() {
        let files: Vec<_> = reference_files()
            .into_iter()
            .filter(|(g, _)| g == "stonewall")
            .collect();
        assert!(!files.is_empty());
        for (_, path) in files {
            let d = read_deal(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let pos = Position::from_deal::<Stonewall>(Stonewall, &d)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let mut back = pos.to_deal::<Stonewall>(Stonewall);
            back.seed = d.seed;
            assert_eq!(back, d, "{}", path.display());
        }
    }

    fn seeded_round_trip<V: Variant>(v: V) {
        for seed in (0..40).chain([u64::MAX, 1 << 40]) {
            let d = deal(v.rules(), seed);
            let text = write_deal(&d);
            assert!(!text.contains('\n'));
            let back = read_deal(&text).unwrap();
            assert_eq!(back, d, "{} seed {seed}", v.rules().id);
            let p1 = Position::from_deal::<V>(v, &d).unwrap();
            let p2 = Position::from_deal::<V>(v, &back).unwrap();
            assert_eq!(p1, p2, "{} seed {seed}", v.rules().id);
            let mut again = p2.to_deal::<V>(v);
            again.seed = Some(seed);
            assert_eq!(again, d, "{} seed {seed}", v.rules().id);
        }
    }

    #[test]
    fn seeded_deals_round_trip_stonewall() {
        seeded_round_trip::<Stonewall>(Stonewall);
    }

    #[test]
    fn seeded_deals_round_trip_lucky_piles() {
        seeded_round_trip::<LuckyPiles>(LuckyPiles);
    }

    #[test]
    fn seeded_deals_round_trip_napoleons_shoulder() {
        seeded_round_trip::<NapoleonsShoulder>(NapoleonsShoulder);
    }

    /// Positions in mid-game (emptied reserve slots, waste, foundations) survive the file too.
    fn mid_game_round_trip<V: Variant>(v: V) {
        for seed in 0..10 {
            let mut pos = Position::from_deal::<V>(v, &deal(v.rules(), seed)).unwrap();
            for step in 0..60 {
                let mut moves = Vec::new();
                generate::<V>(v, &pos, &mut moves);
                // Prefer foundation moves, then anything, deterministically.
                let Some(&m) = moves
                    .iter()
                    .find(|m| matches!(m.to, crate::game::Place::Foundation(_)))
                    .or(moves.get((seed as usize + step) % moves.len().max(1)))
                else {
                    break;
                };
                apply::<V>(v, &mut pos, m);
                let d = pos.to_deal::<V>(v);
                let back = read_deal(&write_deal(&d)).unwrap();
                let p = Position::from_deal::<V>(v, &back).unwrap();
                assert_eq!(
                    p.to_deal::<V>(v),
                    d,
                    "{} seed {seed} step {step}",
                    v.rules().id
                );
            }
        }
    }

    #[test]
    fn mid_game_positions_round_trip() {
        mid_game_round_trip::<Stonewall>(Stonewall);
        mid_game_round_trip::<LuckyPiles>(LuckyPiles);
        mid_game_round_trip::<NapoleonsShoulder>(NapoleonsShoulder);
    }

    #[test]
    fn emptied_reserve_slots_are_null() {
        let mut d = deal(&Stonewall::RULES, 3);
        d.reserve[4] = None;
        let text = write_deal(&d);
        assert!(text.contains("null"));
        assert_eq!(read_deal(&text).unwrap(), d);
    }

    #[test]
    fn absent_keys_are_left_out() {
        let text = write_deal(&deal(&LuckyPiles::RULES, 1));
        assert!(text.starts_with(r#"{"variant": "lucky-piles", "seed": 1, "tableau piles": [["#));
        for key in ["reserve", "stock", "waste", "foundations"] {
            assert!(!text.contains(key), "{key} in {text}");
        }
        let text = write_deal(&deal(&NapoleonsShoulder::RULES, 1));
        assert!(text.contains("\"stock\": ["));
        assert!(!text.contains("waste") && !text.contains("reserve"));
    }

    /// Embedded in other JSON, a deal is its deal file, keys in the file's order.
    #[test]
    fn a_deal_serializes_as_its_file() {
        let d = deal(&Stonewall::RULES, 7);
        let compact = serde_json::to_string(&d).unwrap();
        assert!(compact.starts_with(r#"{"variant":"stonewall","seed":7,"tableau piles":[["#));
        let value: Value = serde_json::from_str(&write_deal(&d)).unwrap();
        assert_eq!(serde_json::to_value(&d).unwrap(), value);
        assert_eq!(read_deal(&compact).unwrap(), d);
    }

    fn err(text: &str) -> String {
        read_deal(text).unwrap_err().to_string()
    }

    #[test]
    fn errors_name_the_key_the_place_and_the_card() {
        assert_eq!(
            err(r#"{"tableau piles": [["AH"], [], ["2C", "3C", "4C", "7X"]]}"#),
            "deal file: \"tableau piles\"[2][3] (T3, card 4 from the bottom): malformed card \
             \"7X\": the suit must be one of C D H S"
        );
        assert_eq!(
            err(r#"{"tableau piles": [], "reserve": ["AH", "Q"]}"#),
            "deal file: \"reserve\"[1] (R2): malformed card \"Q\": the suit must be one of C D H S"
        );
        assert_eq!(
            err(r#"{"tableau piles": [], "stock": ["AH", 7]}"#),
            "deal file: \"stock\"[1] (card 2 from the bottom): expected a card such as \"7H\", \
             found the number 7"
        );
        assert_eq!(
            err(r#"{"tableau piles": [["AH"], "2C"]}"#),
            "deal file: \"tableau piles\"[1]: expected a list of cards, found the string \"2C\""
        );
        assert!(
            err(r#"{"tableau piles": [], "colour": 1}"#)
                .starts_with("deal file: unknown key \"colour\" (the keys are \"variant\", ")
        );
        assert_eq!(
            err(r#"{"tableau piles": [], "stock": [], "stock": []}"#),
            "deal file: the key \"stock\" appears twice"
        );
        assert_eq!(
            err(r#"{"variant": "stonewall"}"#),
            "deal file: the key \"tableau piles\" is missing"
        );
        assert_eq!(
            err(r#"{"tableau piles": [], "seed": -3}"#),
            "deal file: \"seed\": expected a whole number from 0 to 2^64 - 1, found the number -3"
        );
        assert!(err("[1, 2]").starts_with("deal file: not a JSON object: invalid type"));
        assert!(err("{\"tableau piles\": [").starts_with("deal file: not a JSON object: EOF"));
        assert!(err("").starts_with("deal file: not a JSON object"));
        assert!(err(r#"{"tableau piles": []} x"#).contains("trailing characters"));
        for text in [
            r#"{"tableau piles": [["AH"], [], ["2C", "3C", "4C", "7X"]]}"#,
            "{\"tableau piles\": [",
            "",
        ] {
            assert!(!err(text).contains('\n'));
        }
    }

    #[test]
    fn face_and_unknown_cards_are_kept() {
        let d = read_deal(r#"{"tableau piles": [["7h", "??", "10S", "TD", "Q♠"]], "seed": null}"#)
            .unwrap();
        assert_eq!(d.seed, None);
        let texts: Vec<String> = d.piles[0].iter().map(|c| c.to_text()).collect();
        assert_eq!(texts, ["7h", "??", "10S", "10D", "QS"]);
    }
}
