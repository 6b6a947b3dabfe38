//! A rule sweep (`patience sweep GAME --vary KEY=V1,V2,...`): every combination of the values
//! is a game of its own, made by editing the base game's rules file ([`crate::games::to_toml`])
//! and reading it back through the rules-file machinery, so that a value is checked and spelt
//! as a rules file spells it. The games run on the same seeds, and [`SweepTable`] sets each
//! one's rate beside its paired difference against the first.
//!
//! A variant's id is the base id followed by each varied key and value (`stonewall` with
//! `spaces=kings`: `stonewall-spaces-kings`; a table's key by its own name, `stock.passes=2`:
//! `-passes-2`); its rules file, written beside the result CSV
//! ([`write_rules_files`]), lets `merge`, `compare` and `plot` read its rows later.

use super::compare::{Pairing, deals_alike, p_text};
use super::summary::Tally;
use super::{Knowledge, Record};
use crate::game::Rules;
use crate::games::{Games, RulesError};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The keys a sweep may vary, as a rules file spells them (`stock.passes` is the key `passes`
/// of the `stock` table).
pub const KEYS: [&str; 11] = [
    "decks",
    "piles",
    "face_down",
    "sight",
    "reserve",
    "build",
    "moves",
    "spaces",
    "stock",
    "stock.draw",
    "stock.passes",
];

/// One `--vary KEY=V1,V2,...`: a key and its values, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vary {
    pub key: String,
    pub values: Vec<String>,
}

/// Parses `KEY=V1,V2,...`. A value is written as in a rules file, quotes left out for a word
/// (`spaces=kings`, `stock.passes=1,2`, `piles=[7,7,7,7,7,7,7]`); commas inside brackets or
/// braces belong to the value. Refused: an unknown key, an empty value, a value given twice.
pub fn parse_vary(text: &str) -> Result<Vary, String> {
    let Some((key, list)) = text.split_once('=') else {
        return Err("expected KEY=V1,V2,... (for example spaces=any,kings)".to_string());
    };
    let key = key.trim();
    if !KEYS.contains(&key) {
        return Err(format!(
            "unknown key `{key}` (a sweep varies one of: {})",
            KEYS.join(", ")
        ));
    }
    let mut values: Vec<String> = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = list.as_bytes();
    for i in 0..=bytes.len() {
        match bytes.get(i) {
            Some(b'[' | b'{') => depth += 1,
            Some(b']' | b'}') => depth -= 1,
            Some(b',') | None if depth <= 0 => {
                let v = list[start..i].trim();
                if v.is_empty() {
                    return Err(format!("`{key}`: an empty value in {list:?}"));
                }
                if values.iter().any(|x| x == v) {
                    return Err(format!("`{key}`: the value {v} is given twice"));
                }
                values.push(v.to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(format!(
            "`{key}`: the brackets of {list:?} do not match (a value such as [6,6] is written whole)"
        ));
    }
    Ok(Vary {
        key: key.to_string(),
        values,
    })
}

impl std::str::FromStr for Vary {
    type Err = String;

    /// `KEY=V1,V2,...`: a key a sweep may vary and its values, as a rules file writes them.
    fn from_str(text: &str) -> Result<Vary, String> {
        parse_vary(text)
    }
}

impl std::fmt::Display for Vary {
    /// `KEY=V1,V2,...`, which reads back as the same `Vary`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.key, self.values.join(","))
    }
}

/// One game of a sweep: its rules (made known by id, [`crate::games::Games::add`]), the value
/// of each varied key, and its rules file.
#[derive(Clone, Debug)]
pub struct SweepVariant {
    pub rules: &'static Rules,
    /// (key, value) for each `--vary`, in their order.
    pub settings: Vec<(String, String)>,
    /// The rules file of the game.
    pub toml: String,
}

/// The value as TOML: the text itself when it reads as a TOML value (`2`, `[6, 6]`,
/// `"kings"`), else a string (`kings`).
fn toml_value(text: &str) -> toml::Value {
    toml::from_str::<toml::Table>(&format!("v = {text}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(text.to_string()))
}

/// Sets `key` (dotted for a key of a table) to the value `text` in a rules file's table.
/// `stock=none` (or `false`) leaves the stock out; `stock.passes=unlimited` leaves `passes` out.
fn set(table: &mut toml::Table, key: &str, text: &str) {
    let remove = matches!(
        (key, text),
        ("stock", "none" | "false") | ("stock.passes", "unlimited")
    );
    match key.split_once('.') {
        None if remove => {
            table.remove(key);
        }
        None => {
            table.insert(key.to_string(), toml_value(text));
        }
        Some((outer, inner)) => {
            let entry = table
                .entry(outer.to_string())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            if let toml::Value::Table(t) = entry {
                if remove {
                    t.remove(inner);
                } else {
                    t.insert(inner.to_string(), toml_value(text));
                }
            }
        }
    }
}

/// Lower-case letters and digits, runs of anything else as one '-'.
fn slug(text: &str) -> String {
    let mut s = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') {
            s.push('-');
        }
    }
    s.trim_matches('-').to_string()
}

/// Every combination of the values of `varies` as a game, the first value of the first key
/// varying slowest: the first game has every first value. Each game's rules are `base`'s,
/// edited and read back as a rules file (so a bad value is refused as a rules file refuses
/// it), and made known by id. Refused: a key varied twice, a value that makes no game, an id
/// that is too long or given twice.
pub fn variants(
    games: &mut Games,
    base: &Rules,
    varies: &[Vary],
) -> Result<Vec<SweepVariant>, String> {
    for (i, v) in varies.iter().enumerate() {
        let overlaps = |a: &str, b: &str| a == b || a.starts_with(&format!("{b}."));
        if let Some(w) = varies[..i]
            .iter()
            .find(|w| overlaps(&v.key, &w.key) || overlaps(&w.key, &v.key))
        {
            return Err(format!(
                "--vary {} and --vary {}: a key is varied once",
                w.key, v.key
            ));
        }
        if v.values.is_empty() {
            return Err(format!("--vary {}: no value", v.key));
        }
    }
    let mut table: toml::Table =
        toml::from_str(&crate::games::to_toml(base)).map_err(|e| e.to_string())?;
    table.remove("id");
    table.remove("name");
    let mut combos: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for v in varies {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                v.values.iter().map(move |x| {
                    let mut c = c.clone();
                    c.push((v.key.clone(), x.clone()));
                    c
                })
            })
            .collect();
    }
    let mut out: Vec<SweepVariant> = Vec::new();
    for settings in combos {
        let mut id = base.id.to_string();
        let mut t = table.clone();
        for (k, v) in &settings {
            // A table's key by its own name (`stock.passes`: `passes`), to keep ids short.
            let name = k.rsplit('.').next().unwrap_or(k);
            id.push_str(&format!("-{}-{}", slug(name), slug(v)));
            set(&mut t, k, v);
        }
        let said: Vec<String> = settings.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let said = said.join(" ");
        if out.iter().any(|o| o.rules.id == id) {
            return Err(format!(
                "{said} gives the id {id} a second time: give each value once"
            ));
        }
        if id.len() > crate::games::MAX_ID {
            return Err(format!(
                "the variant {said} would be {id}, longer than {} characters: sweep a rules file with a shorter id",
                crate::games::MAX_ID
            ));
        }
        let name = format!("{}, {}", base.name, said.replace('=', " = "));
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let body = toml::to_string(&t).map_err(|e| e.to_string())?;
        let text = format!(
            "# {name}: {} with {said}, a variant of `patience sweep`\nid = {}\nname = {}\n{body}",
            base.id,
            q(&id),
            q(&name)
        );
        let rules = crate::games::parse(&text, &format!("--vary {said}"))
            .map_err(|e| match e {
                // The line of the file the sweep wrote means nothing to the user.
                RulesError::Toml {
                    file, key, reason, ..
                } => RulesError::Toml {
                    file,
                    line: None,
                    key,
                    reason,
                },
                e => e,
            })
            .map_err(|e| e.to_string())?;
        let rules = games.add(rules).map_err(|e| e.to_string())?;
        out.push(SweepVariant {
            rules,
            settings,
            toml: text,
        });
    }
    Ok(out)
}

/// Writes each variant's rules file beside the result CSV `csv`, as `ID.toml` in its
/// directory, and returns the paths. A file already there is kept when it holds the same
/// game (a resumed sweep); one that holds another game is refused.
pub fn write_rules_files(csv: &Path, variants: &[SweepVariant]) -> Result<Vec<PathBuf>, String> {
    let dir = csv.parent().unwrap_or(Path::new(""));
    let mut paths = Vec::new();
    for v in variants {
        let path = dir.join(format!("{}.toml", v.rules.id));
        if let Ok(text) = std::fs::read_to_string(&path) {
            let file = path.display().to_string();
            match crate::games::parse(&text, &file) {
                Ok(r) if r.id() == v.rules.id && r.same_game(v.rules) => {}
                _ => {
                    return Err(format!(
                        "{file} exists and is not the rules file of the variant {}: move it away, or write the CSV in another directory",
                        v.rules.id
                    ));
                }
            }
        } else {
            std::fs::write(&path, &v.toml)
                .map_err(|e| format!("{}: cannot write it: {e}", path.display()))?;
        }
        paths.push(path);
    }
    Ok(paths)
}

/// One variant's line of the table.
pub struct SweepRow {
    pub variant: SweepVariant,
    pub tally: Tally,
    /// Against the first variant on the seeds both have; `Err` says why there is no pairing
    /// (the first variant itself, deals that differ, no seed in common).
    pub paired: Result<Pairing, String>,
}

impl SweepRow {
    /// The row's cells: the id, the values, the counts, the rate, and the pairing (`-` when
    /// there is none).
    fn cells(&self) -> Vec<String> {
        let t = &self.tally;
        let mut line = vec![self.variant.rules.id.to_string()];
        line.extend(self.variant.settings.iter().map(|(_, v)| v.clone()));
        line.extend([t.deals(), t.won, t.lost, t.unknown].map(|n| n.to_string()));
        line.extend([t.rate_text(), t.interval_text()]);
        match &self.paired {
            Ok(p) => line.extend([
                only_text(p.a_only, p.only_unknown().0),
                only_text(p.b_only, p.only_unknown().1),
                format!(
                    "{:+.2} pts",
                    100.0 * (p.b_only as f64 - p.a_only as f64) / p.n as f64
                ),
                p_text(p.p),
            ]),
            Err(_) => line.extend(["-", "-", "-", "-"].map(String::from)),
        }
        line
    }
}

/// Each variant's rate and its paired difference against the first.
pub struct SweepTable {
    pub base: &'static str,
    pub knowledge: Knowledge,
    /// The seeds, and the limits of the run, in words.
    pub scope: String,
    pub rows: Vec<SweepRow>,
    /// Stopped before every deal was done: the table covers those that were.
    pub interrupted: bool,
}

impl SweepTable {
    /// The table of `records` (rows of the variants, of one knowledge, our seeds).
    pub fn new(
        base: &Rules,
        variants: &[SweepVariant],
        records: &[Record],
        knowledge: Knowledge,
        scope: String,
    ) -> SweepTable {
        let by_variant = |id: &str| -> BTreeMap<u128, Record> {
            records
                .iter()
                .filter(|r| r.variant == id)
                .map(|r| (r.seed, r.clone()))
                .collect()
        };
        let first = variants.first().map(|v| by_variant(v.rules.id));
        let rows = variants
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let rows = by_variant(v.rules.id);
                let mut tally = Tally::of(v.rules.id, knowledge);
                rows.values().for_each(|r| tally.add(r));
                let paired = match (i, &first) {
                    (0, _) | (_, None) => Err("the first variant".to_string()),
                    (_, Some(first)) => deals_alike(variants[0].rules, v.rules)
                        .map_err(|what| format!("deals other cards than the first ({what})"))
                        .and_then(|()| {
                            Pairing::of(first, &rows).ok_or_else(|| "no seed in common".into())
                        }),
                };
                SweepRow {
                    variant: v.clone(),
                    tally,
                    paired,
                }
            })
            .collect();
        SweepTable {
            base: base.id,
            knowledge,
            scope,
            rows,
            interrupted: false,
        }
    }

    /// The table as `sweep` prints it: a header, a line per variant, how to read it.
    pub fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let Some(first) = self.rows.first() else {
            return Ok(());
        };
        let keys: Vec<&str> = first
            .variant
            .settings
            .iter()
            .map(|(k, _)| k.as_str())
            .collect();
        let mut lines: Vec<Vec<String>> = vec![
            ["variant"]
                .iter()
                .chain(&keys)
                .map(|s| s.to_string())
                .chain(
                    [
                        "deals",
                        "won",
                        "lost",
                        "unknown",
                        "win %",
                        "95% interval",
                        "first only",
                        "this only",
                        "difference",
                        "sign test",
                    ]
                    .map(String::from),
                )
                .collect(),
        ];
        let mut notes = Vec::new();
        for (i, row) in self.rows.iter().enumerate() {
            if let (Err(why), true) = (&row.paired, i > 0) {
                notes.push(format!("{}: not paired: {why}", row.variant.rules.id));
            }
            lines.push(row.cells());
        }
        let interrupted = if self.interrupted {
            " (interrupted: the table covers the deals finished)"
        } else {
            ""
        };
        writeln!(
            out,
            "sweep of {}, {} play, {}{interrupted}",
            self.base, self.knowledge, self.scope
        )?;
        let left = 1 + keys.len();
        let widths: Vec<usize> = (0..lines[0].len())
            .map(|c| {
                lines
                    .iter()
                    .map(|l| l[c].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for line in &lines {
            let cells: Vec<String> = line
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (s, &w))| match c < left {
                    true => format!("{s:<w$}"),
                    false => format!("{s:>w$}"),
                })
                .collect();
            writeln!(out, "{}", cells.join("  ").trim_end())?;
        }
        for note in notes {
            writeln!(out, "{note}")?;
        }
        writeln!(
            out,
            "first only / this only: deals won by {} and not by the variant / by the variant and not by {}, on the seeds both have; N (U): U of the N are unknown (not proved lost) under the other; difference: this only minus first only, in points of those deals; sign test: exact, two-sided",
            first.variant.rules.id, first.variant.rules.id
        )?;
        writeln!(
            out,
            "win % is won / deals (a range when some deals are unknown); the 95% Wilson interval counts unknown deals as lost for its lower bound and as won for its upper bound"
        )
    }

    /// The table as `sweep --json` prints it.
    pub fn json(&self) -> SweepJson<'_> {
        SweepJson {
            game: self.base,
            knowledge: self.knowledge,
            scope: &self.scope,
            interrupted: self.interrupted,
            variants: self
                .rows
                .iter()
                .map(|row| {
                    let t = &row.tally;
                    let (win_low, win_high) = t.interval();
                    VariantJson {
                        variant: row.variant.rules.id,
                        name: row.variant.rules.name,
                        settings: row.variant.settings.iter().cloned().collect(),
                        deals: t.deals(),
                        won: t.won,
                        lost: t.lost,
                        unknown: t.unknown,
                        win_low,
                        win_high,
                        against_first: row.paired.as_ref().ok().map(|p| PairedJson {
                            common_deals: p.n,
                            won_by_both: p.both,
                            first_only: p.a_only,
                            first_only_this_unknown: p.only_unknown().0,
                            this_only: p.b_only,
                            this_only_first_unknown: p.only_unknown().1,
                            sign_test_p: p.p,
                        }),
                        not_paired: row.paired.as_ref().err().map(String::as_str),
                    }
                })
                .collect(),
        }
    }
}

/// `12`, or `12 (3)` when 3 of the 12 are unknown under the other game.
fn only_text(n: u64, unknown: u64) -> String {
    match unknown {
        0 => n.to_string(),
        u => format!("{n} ({u})"),
    }
}

/// `sweep --json`.
#[derive(Serialize)]
pub struct SweepJson<'a> {
    pub game: &'a str,
    pub knowledge: Knowledge,
    pub scope: &'a str,
    pub interrupted: bool,
    pub variants: Vec<VariantJson<'a>>,
}

/// One variant of `sweep --json`.
#[derive(Serialize)]
pub struct VariantJson<'a> {
    pub variant: &'a str,
    pub name: &'a str,
    pub settings: BTreeMap<String, String>,
    pub deals: u64,
    pub won: u64,
    pub lost: u64,
    pub unknown: u64,
    pub win_low: f64,
    pub win_high: f64,
    pub against_first: Option<PairedJson>,
    pub not_paired: Option<&'a str>,
}

/// A variant against the first, on the seeds both have.
#[derive(Serialize)]
pub struct PairedJson {
    pub common_deals: u64,
    pub won_by_both: u64,
    pub first_only: u64,
    /// Of `first_only`, the deals whose verdict under this variant is unknown.
    pub first_only_this_unknown: u64,
    pub this_only: u64,
    /// Of `this_only`, the deals whose verdict under the first variant is unknown.
    pub this_only_first_unknown: u64,
    pub sign_test_p: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Space, Stock};
    use crate::games::{NapoleonsShoulder, Stonewall};

    #[test]
    fn vary_lists_are_read_and_bad_ones_refused() {
        let v = parse_vary("spaces=any, kings,never").unwrap();
        assert_eq!(v.to_string(), "spaces=any,kings,never");
        assert_eq!(v.to_string().parse::<Vary>(), Ok(v.clone()));
        assert_eq!((v.key.as_str(), v.values.len()), ("spaces", 3));
        let p = parse_vary("piles=[7,7,7,7,7,7,7],[6, 6]").unwrap();
        assert_eq!(p.values, ["[7,7,7,7,7,7,7]", "[6, 6]"]);
        for (bad, says) in [
            ("colour=red", "unknown key `colour`"),
            ("id=x", "unknown key `id`"),
            ("spaces=", "empty value"),
            ("spaces=any,,kings", "empty value"),
            ("spaces=any,any", "given twice"),
            ("spaces", "KEY=V1"),
        ] {
            let e = parse_vary(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn each_combination_is_the_base_game_edited() {
        let varies = [
            parse_vary("spaces=any,kings").unwrap(),
            parse_vary("face_down=odd,none").unwrap(),
        ];
        let mut games = Games::new();
        let vs = variants(&mut games, &Stonewall::RULES, &varies).unwrap();
        let ids: Vec<&str> = vs.iter().map(|v| v.rules.id).collect();
        assert_eq!(
            ids,
            [
                "stonewall-spaces-any-face-down-odd",
                "stonewall-spaces-any-face-down-none",
                "stonewall-spaces-kings-face-down-odd",
                "stonewall-spaces-kings-face-down-none",
            ]
        );
        assert!(crate::batch::compare::same_rules(
            vs[0].rules,
            &Stonewall::RULES
        ));
        assert_eq!(vs[3].rules.space, Space::Kings);
        assert_eq!(vs[3].rules.face_down, crate::game::FaceDown::None);
        assert_eq!(games.find(ids[2]), Some(vs[2].rules));
        // The rules file reads back as the game.
        let back = crate::games::parse(&vs[2].toml, "x.toml").unwrap();
        assert!(back.is(vs[2].rules));

        let ns = NapoleonsShoulder::RULES;
        let two = variants(
            &mut Games::new(),
            &ns,
            &[parse_vary("stock.passes=1,2,unlimited").unwrap()],
        )
        .unwrap();
        let passes: Vec<Stock> = two.iter().map(|v| v.rules.stock).collect();
        let draw = |passes| Stock::Waste { draw: 1, passes };
        assert_eq!(passes, [draw(Some(1)), draw(Some(2)), draw(None)]);
        assert_eq!(two[1].rules.id, "napoleons-shoulder-passes-2");
    }

    #[test]
    fn bad_values_and_keys_varied_twice_are_refused() {
        let sw = Stonewall::RULES;
        let e = variants(
            &mut Games::new(),
            &sw,
            &[parse_vary("spaces=any,sometimes").unwrap()],
        )
        .unwrap_err();
        assert!(
            e.contains("spaces") && e.contains("sometimes") && !e.contains('\n'),
            "{e}"
        );
        assert!(!e.contains("line"), "{e}");
        let e = variants(&mut Games::new(), &sw, &[parse_vary("decks=1,3").unwrap()]).unwrap_err();
        assert!(e.contains("decks"), "{e}");
        let twice = [
            parse_vary("stock=none").unwrap(),
            parse_vary("stock.draw=1").unwrap(),
        ];
        assert!(
            variants(&mut Games::new(), &sw, &twice)
                .unwrap_err()
                .contains("varied once")
        );
        let long = [
            parse_vary("build=down-alt-colour").unwrap(),
            parse_vary("moves=single").unwrap(),
        ];
        assert!(
            variants(&mut Games::new(), &sw, &long)
                .unwrap_err()
                .contains("longer than")
        );
    }
}
