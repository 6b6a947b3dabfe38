//! The result file: one CSV row per deal,
//!
//! ```text
//! variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes,planner
//! stonewall,7,thoughtful,solved,214,14153,0.046081,,,,
//! stonewall,8,thoughtful,unknown,,20480,0.071325,nodes,,,
//! stonewall,9,hidden,unsolvable,,2811934,4.102277,,64,2000,3
//! ```
//!
//! `verdict` is `solved` (then `moves` is the length of the solution), `unsolvable` or `unknown`
//! (then `limit` says which limit stopped the search: `nodes`, `time` or `memory`); `seconds`
//! has microsecond precision. `samples` and `sample_nodes` are the hidden-play planner's
//! budget (fill-ins per decision, nodes per fill-in solve) and `planner` its revision
//! ([`crate::hidden::planner::PLANNER_REVISION`]), empty for thoughtful rows: hidden rates are
//! comparable only with the same planner at equal budget. A row is written with one `write`
//! call as soon as its deal is done, so an interrupted run leaves every finished row whole and
//! at most one partial last line (no final newline), which [`ResultFile::resume`] cuts away.
//!
//! Files of the earlier formats are still read, and `--resume` continues them in their own
//! format: [`HEADER_V1`] (no budget columns; hidden rows with an unrecorded budget) and
//! [`HEADER_V2`] (no `planner` column; hidden rows with revision 0, "not recorded"). Hidden
//! rows that do not name this build's planner are not continued (`winrate::check_resumed`).

use super::{Answer, Knowledge, Record, limit_word, parse_limit};
use crate::hidden::Budget;
use crate::solve::Limit;
use anyhow::{Context, Result, bail};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first line of every result file this program starts.
pub const HEADER: &str =
    "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes,planner";

/// The first line of the second format, without the planner's revision (still read and resumed).
pub const HEADER_V2: &str =
    "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes";

/// The first line of the first format, without the planner's budget (still read and resumed).
pub const HEADER_V1: &str = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit";

/// The formats of a result file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// [`HEADER_V1`]: 8 columns, no budget.
    V1,
    /// [`HEADER_V2`]: 10 columns, no planner revision.
    V2,
    /// [`HEADER`]: 11 columns.
    V3,
}

impl Format {
    pub fn header(self) -> &'static str {
        match self {
            Format::V1 => HEADER_V1,
            Format::V2 => HEADER_V2,
            Format::V3 => HEADER,
        }
    }

    fn columns(self) -> usize {
        match self {
            Format::V1 => 8,
            Format::V2 => 10,
            Format::V3 => 11,
        }
    }

    /// The format whose header is `line`.
    fn of_header(line: &str) -> Option<Format> {
        [Format::V3, Format::V2, Format::V1]
            .into_iter()
            .find(|f| f.header() == line)
    }
}

/// The CSV line of a record, with its newline.
pub fn format_row(r: &Record) -> String {
    format_row_as(r, Format::V3)
}

/// The CSV line of a record in `format` (the budget is left out of [`Format::V1`], the
/// planner's revision out of [`Format::V2`]).
pub fn format_row_as(r: &Record, format: Format) -> String {
    let (moves, limit) = match r.answer {
        Answer::Won { moves } => (moves.to_string(), ""),
        Answer::Lost => (String::new(), ""),
        Answer::Unknown(l) => (String::new(), limit_word(l)),
    };
    let budget = match (format, r.budget) {
        (Format::V1, _) => String::new(),
        (Format::V2, None) => ",,".to_string(),
        (Format::V2, Some(b)) => format!(",{},{}", b.samples, b.sample_nodes),
        (Format::V3, None) => ",,,".to_string(),
        (Format::V3, Some(b)) => format!(",{},{},{}", b.samples, b.sample_nodes, b.revision),
    };
    format!(
        "{},{},{},{},{moves},{},{:.6},{limit}{budget}\n",
        r.variant,
        r.seed,
        r.knowledge.word(),
        r.answer.word(),
        r.nodes,
        r.seconds
    )
}

/// Why a line is not a row.
#[derive(Debug, Clone, PartialEq)]
pub enum RowError {
    /// Not a well-formed row (a damaged line).
    Malformed(String),
    /// A well-formed row that this program does not take: another knowledge, an unknown variant.
    Foreign(String),
}

/// Splits a CSV line into its fields (quoted fields allowed, as a spreadsheet may write them).
fn split_fields(line: &str) -> Result<Vec<String>, String> {
    if !line.contains('"') {
        return Ok(line.split(',').map(str::to_string).collect());
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(line.as_bytes());
    match reader.records().next() {
        Some(Ok(rec)) => Ok(rec.iter().map(str::to_string).collect()),
        Some(Err(e)) => Err(e.to_string()),
        None => Ok(Vec::new()),
    }
}

/// Parses one line (without its newline) of a file of the current format into a record.
pub fn parse_row(line: &str) -> Result<Record, RowError> {
    parse_row_as(line, Format::V3)
}

/// Parses one line (without its newline) of a file of `format` into a record.
pub fn parse_row_as(line: &str, format: Format) -> Result<Record, RowError> {
    let bad = |why: String| Err(RowError::Malformed(why));
    let mut fields = split_fields(line).map_err(RowError::Malformed)?;
    if fields.len() != format.columns() {
        return bad(format!(
            "{} fields instead of {}",
            fields.len(),
            format.columns()
        ));
    }
    let budget_fields = fields.split_off(8);
    let [
        variant,
        seed,
        knowledge,
        verdict,
        moves,
        nodes,
        seconds,
        limit,
    ] = &fields[..]
    else {
        unreachable!("the field count is checked");
    };
    // The budget columns: none (V1), samples and sample_nodes (V2), and the revision (V3).
    let (budget_fields, revision) = match &budget_fields[..] {
        [a, b, r] => (vec![a.clone(), b.clone()], Some(r.as_str())),
        other => (other.to_vec(), None),
    };
    let budget = match (&budget_fields[..], revision) {
        ([], _) => None,
        ([a, b], None | Some("")) if a.is_empty() && b.is_empty() => None,
        ([a, b], r) => match (a.parse::<u32>(), b.parse::<u64>()) {
            (Ok(samples), Ok(sample_nodes)) if knowledge == "hidden" && samples > 0 => {
                let revision = match r.map(str::parse::<u32>) {
                    None => 0,
                    Some(Ok(r)) if r > 0 => r,
                    Some(_) => {
                        return bad(format!(
                            "the planner revision must be a whole number from 1, not {:?}",
                            r.unwrap_or_default()
                        ));
                    }
                };
                Some(Budget {
                    samples,
                    sample_nodes,
                    revision,
                })
            }
            (Ok(_), Ok(_)) if knowledge == "hidden" => {
                return bad("a planner needs at least 1 sample".to_string());
            }
            (Ok(_), Ok(_)) => {
                return bad(format!(
                    "a {knowledge} row has no planner budget, but samples is {a:?} and sample_nodes {b:?}"
                ));
            }
            _ => {
                return bad(format!(
                    "the planner budget needs whole numbers of samples and sample_nodes, not {a:?} and {b:?}"
                ));
            }
        },
        _ => unreachable!("the field count is checked"),
    };
    let Ok(seed) = seed.parse::<u64>() else {
        return bad(format!("seed {seed:?} is not a whole number"));
    };
    let Ok(nodes) = nodes.parse::<u64>() else {
        return bad(format!("nodes {nodes:?} is not a whole number"));
    };
    let seconds = match seconds.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => s,
        _ => return bad(format!("seconds {seconds:?} is not a number of seconds")),
    };
    let answer = match (verdict.as_str(), moves.as_str(), limit.as_str()) {
        ("solved", m, "") => match m.parse::<u32>() {
            Ok(moves) => Answer::Won { moves },
            Err(_) => {
                return bad(format!(
                    "a solved deal needs its number of moves, not {m:?}"
                ));
            }
        },
        ("unsolvable", "", "") => Answer::Lost,
        ("unknown", "", l) => match parse_limit(l) {
            Some(l @ (Limit::Nodes | Limit::Time | Limit::Memory)) => Answer::Unknown(l),
            _ => {
                return bad(format!(
                    "an unknown deal needs nodes, time or memory as its limit, not {l:?}"
                ));
            }
        },
        ("solved" | "unsolvable" | "unknown", _, _) => {
            return bad(format!(
                "verdict {verdict}: moves {moves:?} and limit {limit:?} do not go with it"
            ));
        }
        _ => {
            return bad(format!(
                "verdict {verdict:?} is not solved, unsolvable or unknown"
            ));
        }
    };
    let Some(knowledge) = Knowledge::parse(knowledge) else {
        return Err(RowError::Foreign(format!(
            "its knowledge is {knowledge:?}, not \"thoughtful\" or \"hidden\""
        )));
    };
    let Some(rules) = crate::variants::find(variant) else {
        return Err(RowError::Foreign(format!(
            "{variant:?} is not a known variant"
        )));
    };
    Ok(Record {
        variant: rules.id,
        seed,
        knowledge,
        answer,
        nodes,
        seconds,
        budget,
    })
}

/// A record and the line of the file it came from.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Row {
    pub line: usize,
    pub record: Record,
}

/// What is wrong with the end of a file that an interrupted write explains.
#[derive(Clone, Debug, PartialEq)]
struct Damage {
    /// 1-based line number of the damaged last line.
    line: usize,
    /// Byte offset where it starts (the file is cut there).
    offset: u64,
    /// Why it is not a row.
    why: String,
    /// The seed it names, when that much can be read.
    seed: Option<String>,
}

/// A result file read: its rows, and a damaged last line if there is one.
struct Parsed {
    rows: Vec<Row>,
    /// The file has no complete header line yet (empty, or a header cut short).
    needs_header: bool,
    damage: Option<Damage>,
    /// The format its header names ([`Format::V3`] when it has none yet).
    format: Format,
}

/// Reads the text of a result file. An incomplete last line (no newline) or a last line that
/// is not a row is reported as `damage`; any other fault is an error.
fn parse(name: &str, bytes: &[u8]) -> Result<Parsed> {
    let complete_len = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(i) => i + 1,
        None => 0,
    };
    let (complete, partial) = bytes.split_at(complete_len);
    if complete.is_empty() {
        // No whole line: an empty file, or a header cut short by an interrupted write.
        let text = String::from_utf8_lossy(partial);
        if HEADER.starts_with(text.trim_end_matches('\r')) {
            return Ok(Parsed {
                rows: Vec::new(),
                needs_header: true,
                damage: None,
                format: Format::V3,
            });
        }
        bail!("{name}: not a result file (its first line is not {HEADER:?})");
    }
    let mut lines: Vec<(usize, &[u8])> = Vec::new();
    let mut start = 0;
    for (i, &b) in complete.iter().enumerate() {
        if b == b'\n' {
            lines.push((start, &complete[start..i]));
            start = i + 1;
        }
    }
    let header = String::from_utf8_lossy(lines[0].1);
    let Some(format) = Format::of_header(header.trim_end_matches('\r')) else {
        bail!("{name}: not a result file (its first line is not {HEADER:?})");
    };
    let mut rows = Vec::with_capacity(lines.len());
    let mut damage = None;
    let last = lines.len() - 1;
    for (i, &(offset, raw)) in lines.iter().enumerate().skip(1) {
        let line_no = i + 1;
        let (text, result) = match std::str::from_utf8(raw) {
            Ok(t) => {
                let t = t.trim_end_matches('\r');
                if t.is_empty() {
                    continue;
                }
                (t, parse_row_as(t, format))
            }
            Err(_) => ("", Err(RowError::Malformed("not UTF-8 text".to_string()))),
        };
        match result {
            Ok(record) => rows.push(Row {
                line: line_no,
                record,
            }),
            Err(RowError::Malformed(why)) if i == last && partial.is_empty() => {
                damage = Some(Damage {
                    line: line_no,
                    offset: offset as u64,
                    why,
                    seed: seed_of(text),
                });
            }
            Err(RowError::Malformed(why)) => {
                bail!("{name}: line {line_no} is not a result row: {why}")
            }
            Err(RowError::Foreign(why)) => {
                bail!("{name}: line {line_no} is not a row this program writes: {why}")
            }
        }
    }
    if !partial.is_empty() {
        let text = String::from_utf8_lossy(partial);
        damage = Some(Damage {
            line: lines.len() + 1,
            offset: complete_len as u64,
            why: "it has no end of line (cut short by an interrupted write)".to_string(),
            seed: seed_of(&text),
        });
    }
    Ok(Parsed {
        rows,
        needs_header: false,
        damage,
        format,
    })
}

/// The seed field of a damaged line, if it reads as one.
fn seed_of(text: &str) -> Option<String> {
    let mut fields = text.split(',');
    let _variant = fields.next()?;
    let seed = fields.next()?;
    let complete = fields.next().is_some();
    (complete && seed.parse::<u64>().is_ok()).then(|| seed.to_string())
}

/// Reads a result file that must be whole (for `merge`): a damaged last line is an error.
pub fn read(path: &Path) -> Result<Vec<Row>> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {name}"))?;
    let parsed = parse(&name, &bytes)?;
    if parsed.needs_header {
        bail!("{name}: not a result file (its first line is not {HEADER:?})");
    }
    if let Some(d) = parsed.damage {
        bail!(
            "{name}: line {} is damaged ({}); an interrupted run? `patience winrate --resume` repairs and finishes it",
            d.line,
            d.why
        );
    }
    Ok(parsed.rows)
}

/// A result file open for appending rows.
pub struct ResultFile {
    path: PathBuf,
    file: File,
    format: Format,
}

impl ResultFile {
    /// Starts a new result file with its header. An existing file that is not empty is refused
    /// (it may hold hours of results): continue it with `--resume`, or remove it.
    pub fn create(path: &Path) -> Result<ResultFile> {
        let name = path.display();
        if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
            bail!("{name} already exists: add --resume to continue it, or remove it first");
        }
        let mut file = File::create(path).with_context(|| format!("cannot create {name}"))?;
        file.write_all(format!("{HEADER}\n").as_bytes())
            .with_context(|| format!("cannot write {name}"))?;
        Ok(ResultFile {
            path: path.to_path_buf(),
            file,
            format: Format::V3,
        })
    }

    /// Opens a result file to continue it: its rows, and the file ready for appending. A file
    /// that does not exist is created. A damaged last line (cut short by an interrupted write,
    /// or not a row) is cut away, with a note in `notes`: its deal is solved again.
    pub fn resume(path: &Path, notes: &mut Vec<String>) -> Result<(ResultFile, Vec<Row>)> {
        let name = path.display().to_string();
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((ResultFile::create(path)?, Vec::new()));
            }
            Err(e) => return Err(e).with_context(|| format!("cannot read {name}")),
        };
        let parsed = parse(&name, &bytes)?;
        let mut file = OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {name} for writing"))?;
        if parsed.needs_header {
            file.set_len(0)
                .and_then(|()| file.write_all(format!("{HEADER}\n").as_bytes()))
                .with_context(|| format!("cannot write {name}"))?;
        } else if let Some(d) = &parsed.damage {
            file.set_len(d.offset)
                .with_context(|| format!("cannot cut the damaged last line of {name}"))?;
            let seed = match &d.seed {
                Some(s) => format!("seed {s}"),
                None => "its deal".to_string(),
            };
            notes.push(format!(
                "{name}: line {} was damaged ({}); removed it, {seed} will be solved again",
                d.line, d.why
            ));
        }
        Ok((
            ResultFile {
                path: path.to_path_buf(),
                file,
                format: parsed.format,
            },
            parsed.rows,
        ))
    }

    /// Appends a record's row with one write: it is in the file when this returns.
    pub fn append(&mut self, r: &Record) -> Result<()> {
        self.file
            .write_all(format_row_as(r, self.format).as_bytes())
            .and_then(|()| self.file.flush())
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}

/// Writes a whole result file (for `merge --csv`); an existing non-empty file is refused.
pub fn write_all(path: &Path, records: &[Record]) -> Result<()> {
    let mut f = ResultFile::create(path)?;
    let mut text = String::new();
    for r in records {
        text.push_str(&format_row(r));
    }
    f.file
        .write_all(text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Rows of one or more files (each row with the name of its file), checked for duplicates:
/// a deal (variant, knowledge, seed) that appears twice with the same result (all columns but `seconds`)
/// is kept once, with a note; with different results it is an error naming both places.
/// With `replace_unknown` (`patience merge`), a thoughtful `unknown` row and a decided row of
/// the same deal are not different results: the decided one is kept (a search that ran longer,
/// as `winrate --retry` runs it, decided the deal), with a note; of two unknown rows the one
/// that spent more nodes is kept. A solved row and an unsolvable row of one deal are always an
/// error: one of the two is wrong.
/// The records come out in the order of the variants in [`crate::variants::ALL`], then by
/// knowledge (thoughtful first), then by seed: two knowledge kinds are never mixed.
pub fn combine(
    rows: Vec<(String, Row)>,
    replace_unknown: bool,
    notes: &mut Vec<String>,
) -> Result<Vec<Record>> {
    let mut seen: HashMap<(&'static str, Knowledge, u64), (String, Row)> =
        HashMap::with_capacity(rows.len());
    let mut dropped = 0usize;
    let mut first_dropped = None;
    let mut replaced = 0usize;
    let mut first_replaced = None;
    for (source, row) in rows {
        let key = (row.record.variant, row.record.knowledge, row.record.seed);
        match seen.get(&key) {
            None => {
                seen.insert(key, (source, row));
            }
            Some((s0, r0)) if r0.record.same_result(&row.record) => {
                dropped += 1;
                first_dropped.get_or_insert_with(|| {
                    format!(
                        "{} ({}) seed {} ({source} line {}, already at {s0} line {})",
                        key.0, key.1, key.2, row.line, r0.line
                    )
                });
            }
            Some((s0, r0))
                if replace_unknown
                    && key.1 == Knowledge::Thoughtful
                    && (is_unknown(&r0.record) || is_unknown(&row.record)) =>
            {
                // Keep the decided row, or of two unknown rows the longer search.
                let keep_new = match (is_unknown(&r0.record), is_unknown(&row.record)) {
                    (true, true) => row.record.nodes > r0.record.nodes,
                    (old_unknown, _) => old_unknown,
                };
                replaced += 1;
                let (kept, gone) = if keep_new {
                    ((&source, row.line), (s0, r0.line))
                } else {
                    ((s0, r0.line), (&source, row.line))
                };
                first_replaced.get_or_insert_with(|| {
                    format!(
                        "{} seed {}: {} line {} kept, {} line {} dropped",
                        key.0, key.2, kept.0, kept.1, gone.0, gone.1
                    )
                });
                if keep_new {
                    seen.insert(key, (source, row));
                }
            }
            Some((s0, r0)) => bail!(
                "{} ({}) seed {} has two different results: {s0} line {} says {}, {source} line {} says {}",
                key.0,
                key.1,
                key.2,
                r0.line,
                format_row(&r0.record).trim_end(),
                row.line,
                format_row(&row.record).trim_end()
            ),
        }
    }
    if let Some(first) = first_replaced {
        notes.push(format!(
            "{replaced} deal(s) had an unknown row and another row: the decided verdict (or the longer search) is kept (the first: {first})"
        ));
    }
    if let Some(first) = first_dropped {
        notes.push(format!(
            "{dropped} duplicated row(s) with the same result kept once (the first: {first})"
        ));
    }
    let mut records: Vec<Record> = seen.into_values().map(|(_, r)| r.record).collect();
    let order = |id: &str| crate::variants::ALL.iter().position(|r| r.id == id);
    records.sort_by_key(|r| (order(r.variant), r.knowledge, r.seed));
    Ok(records)
}

fn is_unknown(r: &Record) -> bool {
    matches!(r.answer, Answer::Unknown(_))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hidden::planner::PLANNER_REVISION;

    fn rec(seed: u64, answer: Answer, nodes: u64) -> Record {
        Record::new("stonewall", seed, answer, nodes, 0.0123456789)
    }

    #[test]
    fn rows_round_trip() {
        for r in [
            rec(7, Answer::Won { moves: 214 }, 14153),
            rec(8, Answer::Lost, 99),
            rec(9, Answer::Unknown(Limit::Nodes), 20480),
            rec(10, Answer::Unknown(Limit::Memory), 5),
        ] {
            let line = format_row(&r);
            assert!(line.ends_with('\n'));
            assert_eq!(parse_row(line.trim_end()), Ok(r), "{line}");
            let hidden = r.hidden(Budget::new(7, 5000));
            let line = format_row(&hidden);
            let end = format!(",7,5000,{PLANNER_REVISION}\n");
            assert!(line.ends_with(&end), "{line}");
            assert_eq!(parse_row(line.trim_end()), Ok(hidden), "{line}");
            // The second format leaves the planner's revision out: read back as 0.
            let line = format_row_as(&hidden, Format::V2);
            assert!(line.ends_with(",7,5000\n"), "{line}");
            let read = parse_row_as(line.trim_end(), Format::V2);
            let unrecorded = Budget {
                revision: 0,
                ..Budget::new(7, 5000)
            };
            assert_eq!(read, Ok(r.hidden(unrecorded)));
            // The first format leaves the budget out.
            let line = format_row_as(&hidden, Format::V1);
            assert_eq!(line.split(',').count(), 8, "{line}");
            let read = parse_row_as(line.trim_end(), Format::V1);
            assert_eq!(
                read,
                Ok(Record {
                    budget: None,
                    ..hidden
                })
            );
        }
        assert_eq!(
            format_row(&rec(7, Answer::Won { moves: 214 }, 14153)),
            "stonewall,7,thoughtful,solved,214,14153,0.012346,,,,\n"
        );
        assert_eq!(
            format_row(&rec(9, Answer::Unknown(Limit::Time), 3)),
            "stonewall,9,thoughtful,unknown,,3,0.012346,time,,,\n"
        );
        // Quoted fields, as a spreadsheet may save them.
        assert_eq!(
            parse_row("\"stonewall\",\"8\",thoughtful,unsolvable,,99,0.012346,,,,"),
            Ok(rec(8, Answer::Lost, 99))
        );
    }

    #[test]
    fn bad_rows_are_refused() {
        let malformed = |s: &str| matches!(parse_row(s), Err(RowError::Malformed(_)));
        assert!(malformed("stonewall,7,thoughtful,solved,214,14153,0.01,,,"));
        assert!(malformed("stonewall,7,thoughtful,solved,,14153,0.01,,,,"));
        assert!(malformed(
            "stonewall,7,thoughtful,solved,12,14153,0.01,nodes,,,"
        ));
        assert!(malformed("stonewall,7,thoughtful,unknown,,14153,0.01,,,,"));
        assert!(malformed(
            "stonewall,7,thoughtful,unknown,,14153,0.01,cancelled,,,"
        ));
        assert!(malformed("stonewall,7,thoughtful,won,,14153,0.01,,,,"));
        assert!(malformed(
            "stonewall,x,thoughtful,unsolvable,,14153,0.01,,,,"
        ));
        assert!(malformed("stonewall,7,thoughtful,unsolvable,,14153,-1,,,,"));
        assert!(matches!(
            parse_row("stonewall,7,psychic,unsolvable,,14153,0.01,,,,"),
            Err(RowError::Foreign(_))
        ));
        // The planner's budget and revision: all three or none, only on hidden rows.
        let budget = Budget {
            revision: 2,
            ..Budget::new(12, 20_000)
        };
        let lost = Record::new("stonewall", 7, Answer::Lost, 14153, 0.01);
        assert_eq!(
            parse_row("stonewall,7,hidden,unsolvable,,14153,0.01,,12,20000,2"),
            Ok(lost.hidden(budget))
        );
        assert_eq!(
            parse_row("stonewall,7,hidden,unsolvable,,14153,0.01,,,,"),
            Ok(lost.with_knowledge(Knowledge::Hidden))
        );
        assert!(malformed(
            "stonewall,7,thoughtful,unsolvable,,14153,0.01,,12,20000,2"
        ));
        assert!(malformed(
            "stonewall,7,thoughtful,unsolvable,,14153,0.01,,,,2"
        ));
        assert!(malformed(
            "stonewall,7,hidden,unsolvable,,14153,0.01,,12,,2"
        ));
        for revision in ["", "0", "x"] {
            assert!(malformed(&format!(
                "stonewall,7,hidden,unsolvable,,14153,0.01,,12,20000,{revision}"
            )));
        }
        assert!(malformed(
            "stonewall,7,hidden,unsolvable,,14153,0.01,,0,20000,2"
        ));
        assert!(malformed(
            "stonewall,7,hidden,unsolvable,,14153,0.01,,x,20000,2"
        ));
        // The second format: 10 columns, the revision not recorded (0).
        assert_eq!(
            parse_row_as(
                "stonewall,7,hidden,unsolvable,,14153,0.01,,12,20000",
                Format::V2
            ),
            Ok(lost.hidden(Budget {
                revision: 0,
                ..budget
            }))
        );
        assert!(malformed(
            "stonewall,7,hidden,unsolvable,,14153,0.01,,12,20000"
        ));
        // The first format: 8 columns, no budget.
        assert_eq!(
            parse_row_as("stonewall,7,hidden,unsolvable,,14153,0.01,", Format::V1),
            Ok(lost.with_knowledge(Knowledge::Hidden))
        );
        assert!(malformed("stonewall,7,hidden,unsolvable,,14153,0.01,"));
        assert!(matches!(
            parse_row_as(
                "stonewall,7,hidden,unsolvable,,14153,0.01,,12,20000",
                Format::V1
            ),
            Err(RowError::Malformed(_))
        ));
        assert!(matches!(
            parse_row("spider,7,thoughtful,unsolvable,,14153,0.01,,,,"),
            Err(RowError::Foreign(_))
        ));
    }

    #[test]
    fn a_cut_last_line_is_damage_and_anything_else_an_error() {
        let good = format!(
            "{HEADER}\n{}{}",
            format_row(&rec(1, Answer::Lost, 5)),
            format_row(&rec(2, Answer::Lost, 6))
        );
        let p = parse("f", good.as_bytes()).unwrap();
        assert_eq!(p.rows.len(), 2);
        assert_eq!(p.damage, None);
        assert!(!p.needs_header);

        let cut = &good[..good.len() - 5];
        let p = parse("f", cut.as_bytes()).unwrap();
        assert_eq!(p.rows.len(), 1);
        let d = p.damage.unwrap();
        assert_eq!((d.line, d.seed.as_deref()), (3, Some("2")));
        assert_eq!(
            &cut[..d.offset as usize],
            &good[..good.rfind("stonewall,2").unwrap()]
        );

        // A whole last line that is not a row is damage too; in the middle it is an error.
        let bad_last = format!("{good}stonewall,3,thoughtful,sol\n");
        let p = parse("f", bad_last.as_bytes()).unwrap();
        assert_eq!(p.rows.len(), 2);
        assert_eq!(p.damage.unwrap().line, 4);
        let bad_middle = format!(
            "{HEADER}\nstonewall,3,thoughtful,sol\n{}",
            format_row(&rec(1, Answer::Lost, 5))
        );
        assert!(parse("f", bad_middle.as_bytes()).is_err());

        // Empty, or a cut header: needs a header. Another header: refused.
        assert!(parse("f", b"").unwrap().needs_header);
        assert!(parse("f", b"variant,se").unwrap().needs_header);
        assert!(parse("f", b"a,b,c\n").is_err());
        assert!(parse("f", b"hello").is_err());
        // Rows of another knowledge are refused even as the last line.
        let foreign = format!("{HEADER}\nstonewall,3,psychic,unsolvable,,5,0.1,,,,\n");
        assert!(parse("f", foreign.as_bytes()).is_err());
        // A file of the first format is read in its own format.
        let v1 = format!(
            "{HEADER_V1}\n{}",
            format_row_as(&rec(1, Answer::Lost, 5), Format::V1)
        );
        let p = parse("f", v1.as_bytes()).unwrap();
        assert_eq!((p.format, p.rows.len()), (Format::V1, 1));
        assert_eq!(parse("f", good.as_bytes()).unwrap().format, Format::V3);
        let v2 = format!(
            "{HEADER_V2}\n{}",
            format_row_as(&rec(1, Answer::Lost, 5), Format::V2)
        );
        let p = parse("f", v2.as_bytes()).unwrap();
        assert_eq!((p.format, p.rows.len()), (Format::V2, 1));
        let mixed = format!("{HEADER_V1}\n{}", format_row(&rec(1, Answer::Lost, 5)));
        assert!(parse("f", mixed.as_bytes()).unwrap().damage.is_some());
        // CRLF line ends and blank lines are tolerated.
        let crlf = good.replace('\n', "\r\n") + "\r\n";
        assert_eq!(parse("f", crlf.as_bytes()).unwrap().rows.len(), 2);
    }

    #[test]
    fn combining_drops_identical_duplicates_and_refuses_conflicts() {
        let row = |line, record| Row { line, record };
        let a = rec(1, Answer::Lost, 5);
        let mut a2 = a;
        a2.seconds = 9.0;
        let b = rec(0, Answer::Won { moves: 3 }, 7);
        let mut notes = Vec::new();
        let merged = combine(
            vec![
                ("x".into(), row(2, a)),
                ("x".into(), row(3, b)),
                ("y".into(), row(2, a2)),
            ],
            false,
            &mut notes,
        )
        .unwrap();
        assert_eq!(merged, vec![b, a]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        let c = rec(1, Answer::Unknown(Limit::Nodes), 5);
        let err = combine(
            vec![("x".into(), row(2, a)), ("y".into(), row(7, c))],
            false,
            &mut notes,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("seed 1") && err.contains("y line 7"), "{err}");
    }

    #[test]
    fn merging_replaces_unknown_rows_by_decided_ones_and_refuses_contradictions() {
        let row = |line, record| Row { line, record };
        let unknown = rec(1, Answer::Unknown(Limit::Nodes), 1000);
        let longer = rec(1, Answer::Unknown(Limit::Nodes), 9000);
        let lost = rec(1, Answer::Lost, 4000);
        let won = rec(1, Answer::Won { moves: 90 }, 4000);
        // The decided row is kept, whichever file comes first; of two unknown rows, the
        // longer search.
        for (rows, kept) in [
            (vec![unknown, lost], lost),
            (vec![lost, unknown], lost),
            (vec![unknown, won], won),
            (vec![won, unknown], won),
            (vec![unknown, longer], longer),
            (vec![longer, unknown], longer),
            (vec![unknown, longer, won], won),
        ] {
            let mut notes = Vec::new();
            let rows = rows
                .into_iter()
                .enumerate()
                .map(|(i, r)| (format!("f{i}"), row(2, r)))
                .collect();
            let merged = combine(rows, true, &mut notes).unwrap();
            assert_eq!(merged, vec![kept]);
            assert!(notes[0].contains("unknown row"), "{notes:?}");
        }
        // Without replacement (resuming one file) they are different results.
        let mut notes = Vec::new();
        let pair = vec![("x".into(), row(2, unknown)), ("y".into(), row(3, lost))];
        assert!(combine(pair, false, &mut notes).is_err());
        // Solved against unsolvable is a contradiction, and so are two different wins.
        for other in [lost, rec(1, Answer::Won { moves: 91 }, 4000)] {
            let pair = vec![("x".into(), row(2, won)), ("y".into(), row(3, other))];
            let err = combine(pair, true, &mut notes).unwrap_err().to_string();
            assert!(err.contains("two different results"), "{err}");
        }
        // Hidden-play rows are never replaced.
        let mut h_unknown = unknown;
        h_unknown.knowledge = Knowledge::Hidden;
        let mut h_lost = lost;
        h_lost.knowledge = Knowledge::Hidden;
        let pair = vec![
            ("x".into(), row(2, h_unknown)),
            ("y".into(), row(3, h_lost)),
        ];
        assert!(combine(pair, true, &mut notes).is_err());
    }
}
