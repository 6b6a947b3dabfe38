//! The result file of `winrate --csv` (docs/formats.md, "Result CSV"): a header, then one row
//! per deal, read with [`csv::Reader`] and written with [`csv::Writer`] through serde
//! ([`ResultRow`], whose fields are the columns, in order: [`HEADER`]):
//!
//! ```
//! assert_eq!(
//!     patience::io::results::HEADER,
//!     "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,\
//!      samples,sample_nodes,planner,source,solution,cards_up"
//! );
//! ```
//!
//! (docs/formats.md says what each column holds; README.md shows rows.)
//!
//! `seconds` has microsecond precision. `samples` and `sample_nodes` are the hidden-play
//! planner's budget and `planner` its revision ([`crate::hidden::planner::PLANNER_REVISION`]),
//! empty for thoughtful rows: hidden rates are comparable only with the same planner at equal
//! budget. `source` is `pysol` when `seed` is PySolFC's game number (`winrate --pysol`), empty
//! for our seeds. `solution` is a win's moves, space-separated; `cards_up` the most cards on
//! the foundations in a position a thoughtful search reached.
//!
//! Columns are found by their names in the header. A file may have more columns than these
//! (they are ignored, and left empty in the rows a resume appends), and may lack the optional
//! ones (`samples`, `sample_nodes`, `planner`, `source`, `solution`, `cards_up`), as files of
//! earlier versions do: a hidden row without the first three does not record its planner, and
//! one without `planner` records its budget but not the planner's revision (read as 0, "not
//! recorded"); a file without `source` holds our seeds; a win without `solution` cannot be
//! replayed (`--verify` refuses it). A file without one of the others ([`REQUIRED`]) is not a
//! result file.
//!
//! A row is written and flushed as soon as its deal is done, so an interrupted run leaves every
//! finished row whole and at most one partial last line (no final newline), which
//! [`ResultFile::resume`] cuts away.

use super::{Context, FileError, format_error as bail};
use crate::batch::{Answer, DealSource, Knowledge, Record, Row};
use crate::games::Games;
use crate::hidden::Budget;
use crate::solve::{Limit, Verdict};

type Result<T, E = FileError> = std::result::Result<T, E>;
use csv::{ByteRecord, DeserializeErrorKind};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// The most seconds a row may record (about 32 years).
pub const MAX_SECONDS: f64 = 1e9;

/// A verdict as the formats spell it (the result CSV's `verdict` column, the solve result's
/// `verdict` key); `Display` writes the same word.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VerdictWord {
    Solved,
    Unsolvable,
    Unknown,
}

impl fmt::Display for VerdictWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.serialize(f)
    }
}

impl From<&Answer> for VerdictWord {
    fn from(a: &Answer) -> VerdictWord {
        match a {
            Answer::Won { .. } => VerdictWord::Solved,
            Answer::Lost => VerdictWord::Unsolvable,
            Answer::Unknown(_) => VerdictWord::Unknown,
        }
    }
}

impl From<&Verdict> for VerdictWord {
    fn from(v: &Verdict) -> VerdictWord {
        match v {
            Verdict::Solved(_) => VerdictWord::Solved,
            Verdict::Unsolvable => VerdictWord::Unsolvable,
            Verdict::Unknown(_) => VerdictWord::Unknown,
        }
    }
}

/// The reading side of [`Limit`]'s serde spelling (`nodes`, `time`, `memory`, `cancelled`,
/// as its own `Serialize` writes them).
#[derive(Deserialize)]
#[serde(remote = "Limit", rename_all = "lowercase")]
enum LimitSpelling {
    Nodes,
    Time,
    Memory,
    Cancelled,
}

impl<'de> Deserialize<'de> for Limit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Limit, D::Error> {
        LimitSpelling::deserialize(d)
    }
}

/// Defines [`ResultRow`] from its list of columns, and from the same list [`HEADER`] (every
/// column, in order) and [`REQUIRED`] (the columns every result file has; a file may lack the
/// optional ones, as files of earlier versions do). A new column is a field in `optional`.
macro_rules! result_row {
    (
        $(#[$attr:meta])*
        pub struct ResultRow {
            required {
                $(#[$fm:meta])* pub $first:ident: $ft:ty,
                $($(#[$rm:meta])* pub $req:ident: $rt:ty,)*
            }
            optional { $($(#[$om:meta])* pub $opt:ident: Option<$ot:ty>,)* }
        }
    ) => {
        $(#[$attr])*
        pub struct ResultRow {
            $(#[$fm])* pub $first: $ft,
            $($(#[$rm])* pub $req: $rt,)*
            $($(#[$om])* pub $opt: Option<$ot>,)*
        }

        /// The first line of every result file this program starts: the columns of
        /// [`ResultRow`], in order.
        pub const HEADER: &str = concat!(
            stringify!($first) $(, ",", stringify!($req))* $(, ",", stringify!($opt))*
        );

        /// The columns every result file has (the first of [`HEADER`]); the others are optional.
        pub const REQUIRED: &[&str] = &[stringify!($first) $(, stringify!($req))*];
    };
}
result_row! {
    /// One row of a result file, column by column (field names = column names, in the order
    /// of [`HEADER`]). Whether the columns go together (a `solved` row has its moves, a budget
    /// only on a hidden row, ...) is checked when it becomes a [`Record`].
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct ResultRow {
        required {
            pub variant: String,
            pub seed: u128,
            pub knowledge: Knowledge,
            pub verdict: VerdictWord,
            pub moves: Option<u32>,
            pub nodes: u64,
            /// Written with six decimals (microseconds).
            #[serde(serialize_with = "micros")]
            pub seconds: f64,
            pub limit: Option<Limit>,
        }
        optional {
            pub samples: Option<u32>,
            pub sample_nodes: Option<u64>,
            pub planner: Option<u32>,
            /// `pysol` for PySolFC's game numbers; empty (or `seed`) for our seeds.
            pub source: Option<DealSource>,
            /// The moves of a win separated by spaces; empty on other rows (and missing from
            /// files of earlier versions, whose wins cannot be replayed).
            pub solution: Option<String>,
            /// Of a thoughtful row, the most cards on the foundations in a position its search
            /// reached (missing from files of earlier versions).
            pub cards_up: Option<u8>,
        }
    }
}

fn micros<S: Serializer>(seconds: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{seconds:.6}"))
}

impl From<&Record> for ResultRow {
    fn from(r: &Record) -> ResultRow {
        let (moves, limit) = match r.answer {
            Answer::Won { moves } => (Some(moves), None),
            Answer::Lost => (None, None),
            Answer::Unknown(l) => (None, Some(l)),
        };
        ResultRow {
            variant: r.variant.to_string(),
            seed: r.seed,
            knowledge: r.knowledge,
            verdict: VerdictWord::from(&r.answer),
            moves,
            nodes: r.nodes,
            seconds: r.seconds,
            limit,
            samples: r.budget.map(|b| b.samples),
            sample_nodes: r.budget.map(|b| b.sample_nodes),
            // Revision 0 is "not recorded": left empty, as the file it came from left it.
            planner: r.budget.map(|b| b.revision).filter(|&rev| rev > 0),
            // Only PySolFC's numbers are marked: our seeds' rows read as before.
            source: Some(r.source).filter(|&s| s != DealSource::Seed),
            solution: r.solution.as_deref().map(str::to_string),
            cards_up: r.cards_up,
        }
    }
}

/// Why a row is not a record.
#[derive(Debug, Clone, PartialEq)]
pub enum RowError {
    /// Not a well-formed row (a damaged line).
    Malformed(String),
    /// A well-formed row that this program does not take (a variant it does not know).
    Foreign(String),
    /// A well-formed row whose claim cannot be true ([`crate::batch::verify::impossible`]).
    Impossible(String),
}

impl Record {
    /// The record of a row whose game is one of `games`, or why it is not one.
    pub fn from_row(row: ResultRow, games: &Games) -> Result<Record, RowError> {
        let bad = |why: String| Err(RowError::Malformed(why));
        // At most about 32 years: a sum of many rows' seconds stays finite.
        if !(row.seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&row.seconds)) {
            return bad(format!(
                "seconds {} is not a number of seconds (from 0 to {MAX_SECONDS})",
                row.seconds
            ));
        }
        let answer = match (row.verdict, row.moves, row.limit) {
            (VerdictWord::Solved, Some(moves), None) => Answer::Won { moves },
            (VerdictWord::Unsolvable, None, None) => Answer::Lost,
            (
                VerdictWord::Unknown,
                None,
                Some(l @ (Limit::Nodes | Limit::Time | Limit::Memory)),
            ) => Answer::Unknown(l),
            (v, m, l) => {
                return bad(format!(
                    "verdict {v} with moves {} and limit {}: a solved row has its moves and no limit, an unsolvable row neither, an unknown row its limit (nodes, time or memory) and no moves",
                    shown(m),
                    shown(l)
                ));
            }
        };
        let budget = match (row.samples, row.sample_nodes, row.planner) {
            (None, None, None) => None,
            (Some(samples @ 1..), Some(sample_nodes), revision)
                if row.knowledge == Knowledge::Hidden && revision != Some(0) =>
            {
                Some(Budget {
                    samples,
                    sample_nodes,
                    revision: revision.unwrap_or(0),
                })
            }
            (samples, sample_nodes, planner) => {
                return bad(format!(
                    "samples {}, sample_nodes {} and planner {} on a {} row: a planner's budget is on hidden rows only, at least 1 sample, its nodes and its revision (from 1, or left out)",
                    shown(samples),
                    shown(sample_nodes),
                    shown(planner),
                    row.knowledge
                ));
            }
        };
        let Some(rules) = games.find(&row.variant) else {
            return Err(RowError::Foreign(format!(
                "{:?} is not a known variant",
                row.variant
            )));
        };
        let solution = row.solution.filter(|s| !s.trim().is_empty());
        let source = row.source.unwrap_or_default();
        if source == DealSource::Pysol && row.seed == 0 {
            return Err(RowError::Impossible(
                "a deal of PySolFC's game 0, which PySolFC does not have (its game numbers start at 1)".into(),
            ));
        }
        if let Err(why) = source.check_number(row.seed) {
            return Err(RowError::Impossible(why));
        }
        if let Some(why) = crate::batch::verify::impossible(rules, answer, solution.as_deref()) {
            return Err(RowError::Impossible(why));
        }
        match row.cards_up {
            Some(n) if row.knowledge == Knowledge::Hidden => {
                return bad(format!(
                    "cards_up {n} on a hidden row: it is a thoughtful search's"
                ));
            }
            Some(n) if n as usize > rules.cards() => {
                return Err(RowError::Impossible(format!(
                    "cards_up {n} in a game of {} cards",
                    rules.cards()
                )));
            }
            Some(n) if matches!(answer, Answer::Won { .. }) && n as usize != rules.cards() => {
                return Err(RowError::Impossible(format!(
                    "a win with cards_up {n}: a win puts all {} cards up",
                    rules.cards()
                )));
            }
            Some(n) if !matches!(answer, Answer::Won { .. }) && n as usize == rules.cards() => {
                return Err(RowError::Impossible(format!(
                    "a row that claims no win with cards_up {n}: a search that puts every card up has won"
                )));
            }
            _ => {}
        }
        Ok(Record {
            variant: rules.id,
            seed: row.seed,
            knowledge: row.knowledge,
            source: row.source.unwrap_or_default(),
            answer,
            nodes: row.nodes,
            seconds: row.seconds,
            budget,
            solution: solution.map(|s| s.trim().into()),
            cards_up: row.cards_up,
        })
    }
}

/// A field as the file spells it, for messages: its serde spelling, or `nothing` when empty.
fn shown<T: Serialize>(field: Option<T>) -> String {
    struct Spelled<T>(T);
    impl<T: Serialize> fmt::Display for Spelled<T> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.serialize(f)
        }
    }
    field.map_or("nothing".to_string(), |v| Spelled(v).to_string())
}

/// The columns of a file's header line, checked: every required column is there.
#[derive(Clone, Debug, PartialEq)]
struct Columns(ByteRecord);

impl Columns {
    fn check(name: &str, header: ByteRecord) -> Result<Columns> {
        for &col in REQUIRED {
            if !header.iter().any(|h| h == col.as_bytes()) {
                bail!(
                    "{name}: not a result file (its first line has no {col:?} column; a result file starts with {HEADER:?})"
                );
            }
        }
        Ok(Columns(header))
    }

    fn index(&self, col: &str) -> Option<usize> {
        self.0.iter().position(|h| h == col.as_bytes())
    }

    /// The header this program writes.
    fn is_current(&self) -> bool {
        self.0.iter().eq(HEADER.split(',').map(str::as_bytes))
    }

    /// The record of a row, or why it is not one.
    fn record(&self, line: &ByteRecord, games: &Games) -> Result<Record, RowError> {
        // A field past the header's columns is a value of no column (a comma too many, or a
        // row of another file): the row is damaged. (A row may end early: a spreadsheet drops
        // empty trailing fields, and the columns it leaves out are read as empty.)
        if line.len() > self.0.len() {
            return Err(RowError::Malformed(format!(
                "it has {} fields and the header {} columns",
                line.len(),
                self.0.len()
            )));
        }
        let row: ResultRow = line.deserialize(Some(&self.0)).map_err(|e| {
            RowError::Malformed(match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => {
                    let col = |i: usize| self.0.get(i).map(String::from_utf8_lossy);
                    match (err.field(), err.kind()) {
                        (_, DeserializeErrorKind::UnexpectedEndOfRow) => format!(
                            "the row ends after {} of the {} columns",
                            line.len(),
                            self.0.len()
                        ),
                        (Some(i), kind) => match col(i as usize) {
                            Some(c) => format!("{c}: {kind}"),
                            None => kind.to_string(),
                        },
                        // serde's own messages (a word not among an enum's), which name
                        // the word and the ones expected but not the column.
                        (None, kind) => {
                            kind.to_string()
                                .replacen("unknown variant", "unknown word", 1)
                        }
                    }
                }
                _ => e.to_string(),
            })
        })?;
        Record::from_row(row, games)
    }

    /// The seed of a damaged row, if that much of it can be read.
    fn seed_of(&self, row: &ByteRecord) -> Option<String> {
        let i = self.index("seed")?;
        let seed = std::str::from_utf8(row.get(i)?).ok()?;
        (row.len() > i + 1 && seed.parse::<u128>().is_ok()).then(|| seed.to_string())
    }
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
    /// Its header; `None` when it has no complete header line yet (empty, or a header cut short).
    columns: Option<Columns>,
    damage: Option<Damage>,
}

/// Reads the text of a result file. An incomplete last line (no newline) or a last line that
/// is not a row is reported as `damage`; any other fault is an error.
fn parse(name: &str, bytes: &[u8], games: &Games) -> Result<Parsed> {
    let not_ours = || {
        FileError::Format(format!(
            "{name}: not a result file (its first line is not {HEADER:?})"
        ))
    };
    let complete_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let (complete, partial) = bytes.split_at(complete_len);
    if complete.is_empty() {
        // No whole line: an empty file, or a header cut short by an interrupted write.
        let text = String::from_utf8_lossy(partial);
        if HEADER.starts_with(text.trim_end_matches('\r')) {
            return Ok(Parsed {
                rows: Vec::new(),
                columns: None,
                damage: None,
            });
        }
        return Err(not_ours());
    }
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(complete);
    let header = reader.byte_headers().map_err(|_| not_ours())?.clone();
    let columns = Columns::check(name, header)?;
    let lines: Vec<ByteRecord> = reader
        .byte_records()
        .collect::<Result<_, _>>()
        .with_context(|| format!("{name}: not a result file"))?;
    let mut rows = Vec::with_capacity(lines.len());
    let mut damage = None;
    for (i, line) in lines.iter().enumerate() {
        let pos = line
            .position()
            .expect("a record read from a file has a position");
        let line_no = pos.line() as usize;
        match columns.record(line, games) {
            Ok(record) => rows.push(Row {
                line: line_no,
                record,
            }),
            Err(RowError::Malformed(why)) if i + 1 == lines.len() && partial.is_empty() => {
                damage = Some(Damage {
                    line: line_no,
                    offset: pos.byte(),
                    why,
                    seed: columns.seed_of(line),
                });
            }
            Err(RowError::Malformed(why)) => {
                bail!("{name}: line {line_no} is not a result row: {why}")
            }
            Err(RowError::Foreign(why)) => {
                bail!("{name}: line {line_no} is not a row this program writes: {why}")
            }
            Err(RowError::Impossible(why)) => {
                bail!("{name}: line {line_no} claims what cannot be: {why}")
            }
        }
    }
    if !partial.is_empty() {
        let fields = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(partial)
            .byte_records()
            .next()
            .and_then(Result::ok);
        damage = Some(Damage {
            line: complete.iter().filter(|&&b| b == b'\n').count() + 1,
            offset: complete_len as u64,
            why: "it has no end of line (cut short by an interrupted write)".to_string(),
            seed: fields.and_then(|f| columns.seed_of(&f)),
        });
    }
    Ok(Parsed {
        rows,
        columns: Some(columns),
        damage,
    })
}

/// Reads a result file that must be whole (for `merge`): a damaged last line is an error.
pub fn read(path: &Path, games: &Games) -> Result<Vec<Row>> {
    let name = path.display().to_string();
    let bytes = File::open(path)
        .and_then(super::read_lines_bounded)
        .with_context(|| format!("cannot read {name}"))?;
    let parsed = parse(&name, &bytes, games)?;
    if parsed.columns.is_none() {
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
    writer: csv::Writer<File>,
    /// The header of a resumed file that is not [`HEADER`] (a file of an earlier version, or
    /// with columns of its own): rows are written in its columns.
    columns: Option<Columns>,
}

/// Takes the advisory lock of a result file for as long as `file` is open: one writer per
/// file. A second run that asks for it is refused at once.
fn lock(file: &File, path: &Path) -> Result<()> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => bail!(
            "{} is locked by another run that is writing it (a `winrate --csv` or `merge --csv`): wait for it to end, or write to another file",
            path.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("cannot lock {}", path.display()))
        }
    }
}

fn writer(file: File) -> csv::Writer<File> {
    csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(file)
}

impl ResultFile {
    /// Starts a new result file with its header. An existing file that is not empty is refused
    /// (it may hold hours of results): continue it with `--resume`, or remove it.
    pub fn create(path: &Path) -> Result<ResultFile> {
        let name = path.display();
        if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
            bail!("{name} already exists: add --resume to continue it, or remove it first");
        }
        // Not truncated before it is locked: another run may be writing it.
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .with_context(|| format!("cannot create {name}"))?;
        lock(&file, path)?;
        if file.metadata().is_ok_and(|m| m.len() > 0) {
            bail!("{name} already exists: add --resume to continue it, or remove it first");
        }
        let mut f = ResultFile {
            path: path.to_path_buf(),
            writer: writer(file),
            columns: None,
        };
        f.write_header()?;
        Ok(f)
    }

    fn write_header(&mut self) -> Result<()> {
        let path = &self.path;
        self.writer
            .write_record(HEADER.split(','))
            .with_context(|| format!("cannot write {}", path.display()))?;
        self.writer
            .flush()
            .with_context(|| format!("cannot write {}", path.display()))
    }

    /// Opens a result file to continue it: its rows, and the file ready for appending. A file
    /// that does not exist is created. A damaged last line (cut short by an interrupted write,
    /// or not a row) is cut away, with a note in `notes`: its deal is solved again. The rows
    /// appended are in the file's own columns.
    pub fn resume(
        path: &Path,
        games: &Games,
        notes: &mut Vec<String>,
    ) -> Result<(ResultFile, Vec<Row>)> {
        let name = path.display().to_string();
        if !path.exists() {
            return Ok((ResultFile::create(path)?, Vec::new()));
        }
        // Only a regular file can be resumed (its damaged end cut away, rows appended); a
        // device such as /dev/full would be read without end.
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            bail!("{name} is not a regular file: --resume continues a result file");
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {name} for writing"))?;
        // Locked before it is read: the rows read are those no other run is adding to.
        lock(&file, path)?;
        let bytes =
            super::read_lines_bounded(&mut file).with_context(|| format!("cannot read {name}"))?;
        let parsed = parse(&name, &bytes, games)?;
        // Without a whole header the file starts again; a damaged last line is cut away.
        let keep = match (&parsed.columns, &parsed.damage) {
            (None, _) => Some(0),
            (Some(_), Some(d)) => Some(d.offset),
            (Some(_), None) => None,
        };
        if let Some(len) = keep {
            file.set_len(len)
                .with_context(|| format!("cannot cut the damaged end of {name}"))?;
        }
        if let Some(d) = &parsed.damage {
            let seed = match &d.seed {
                Some(s) => format!("seed {s}"),
                None => "its deal".to_string(),
            };
            notes.push(format!(
                "{name}: line {} was damaged ({}); removed it, {seed} will be solved again",
                d.line, d.why
            ));
        }
        let mut f = ResultFile {
            path: path.to_path_buf(),
            writer: writer(file),
            columns: parsed.columns.clone().filter(|c| !c.is_current()),
        };
        if parsed.columns.is_none() {
            f.write_header()?;
        }
        Ok((f, parsed.rows))
    }

    /// Whether the file has a `source` column (every file this build starts has one; a resumed
    /// file of an earlier version may not, and then cannot record PySolFC's game numbers).
    pub fn records_source(&self) -> bool {
        self.columns
            .as_ref()
            .is_none_or(|c| c.index("source").is_some())
    }

    /// Appends a record's row and flushes it: it is in the file when this returns.
    pub fn append(&mut self, r: &Record) -> Result<()> {
        self.write(r)?;
        let path = &self.path;
        self.writer
            .flush()
            .with_context(|| format!("cannot write {}", path.display()))
    }

    /// Writes a record's row (into the writer's buffer).
    fn write(&mut self, r: &Record) -> Result<()> {
        let row = ResultRow::from(r);
        let written = match &self.columns {
            None => self.writer.serialize(&row),
            Some(columns) => self.writer.write_record(row.fields_in(columns)),
        };
        written.with_context(|| format!("cannot write {}", self.path.display()))
    }
}

impl ResultRow {
    /// The row's fields in the order of `columns`, empty for a column it has no value for.
    fn fields_in(&self, columns: &Columns) -> Vec<String> {
        use serde_json::Value;
        let Ok(Value::Object(fields)) = serde_json::to_value(self) else {
            unreachable!("a row serializes to an object");
        };
        columns
            .0
            .iter()
            .map(
                |col| match std::str::from_utf8(col).ok().and_then(|c| fields.get(c)) {
                    Some(Value::String(s)) => s.clone(),
                    Some(Value::Number(n)) => n.to_string(),
                    _ => String::new(),
                },
            )
            .collect()
    }
}

/// Writes a whole result file (for `merge --csv`); an existing non-empty file is refused.
///
/// The rows go to a new file beside it, which takes its name once every row is written: a
/// write that fails (a full disk) leaves no cut file, only the one error. A path that is no
/// regular file (a device, a pipe) or a link to no file yet is written directly.
pub fn write_all(path: &Path, records: &[Record]) -> Result<()> {
    let name = path.display();
    let meta = std::fs::metadata(path).ok();
    if meta.as_ref().is_some_and(|m| m.len() > 0) {
        bail!("{name} already exists: add --resume to continue it, or remove it first");
    }
    let dangling =
        meta.is_none() && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if meta.as_ref().is_some_and(|m| !m.is_file()) || dangling {
        let mut f = ResultFile::create(path)?;
        return write_rows(&mut f, records);
    }
    // A link is replaced where it points to, the link kept.
    let target = match meta {
        Some(_) => std::fs::canonicalize(path).with_context(|| format!("cannot write {name}"))?,
        None => path.to_path_buf(),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(target.file_name().unwrap_or_default());
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = dir.join(tmp_name);
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .with_context(|| format!("cannot create {name}"))?;
    let mut f = ResultFile {
        path: path.to_path_buf(),
        writer: writer(file),
        columns: None,
    };
    let written = f
        .write_header()
        .and_then(|()| write_rows(&mut f, records))
        .and_then(|()| {
            let file = f.writer.get_ref();
            file.sync_all()
                .with_context(|| format!("cannot write {name}"))
        })
        .and_then(|()| {
            std::fs::rename(&tmp, &target).with_context(|| format!("cannot write {name}"))
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Writes `records` to `f` and flushes it.
fn write_rows(f: &mut ResultFile, records: &[Record]) -> Result<()> {
    for r in records {
        f.write(r)?;
    }
    f.writer
        .flush()
        .with_context(|| format!("cannot write {}", f.path.display()))
}

/// The result files a list of paths stands for: each path given, a directory standing for the
/// files in it whose names end in `.csv`, in name order (a directory without one is refused: a
/// wrong path, likely).
pub fn csv_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, FileError> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let name = path.display();
        let what = || format!("cannot read the directory {name}");
        let mut inside = Vec::new();
        for entry in std::fs::read_dir(path).with_context(what)? {
            let file = entry.with_context(what)?.path();
            if file.extension().is_some_and(|e| e == "csv") && !file.is_dir() {
                inside.push(file);
            }
        }
        if inside.is_empty() {
            bail!("the directory {name} holds no .csv file to merge");
        }
        inside.sort();
        files.extend(inside);
    }
    Ok(files)
}

/// Refuses an output file a merge must not write: a directory, or an existing file that is
/// not empty (a merge writes a new file and has no `--resume`: that is `winrate`'s). (That it
/// is none of the files read is the command's check.)
pub fn check_new_output(path: &Path) -> Result<(), FileError> {
    let name = path.display();
    if path.is_dir() {
        bail!("--csv {name} is a directory: give the name of a new file for the merged rows");
    }
    if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        bail!(
            "--csv {name} already exists: merge writes a new file; remove it first or choose another name"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(seed: u128, answer: Answer, nodes: u64) -> Record {
        Record::new("stonewall", seed, answer, nodes, 0.0123456789)
    }

    /// The rows of `text` (a header and rows), each as its record or why not.
    fn records(text: &str) -> Vec<Result<Record, RowError>> {
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_reader(text.as_bytes());
        let columns = Columns::check("f", reader.byte_headers().unwrap().clone()).unwrap();
        reader
            .byte_records()
            .map(|r| columns.record(&r.unwrap(), &Games::new()))
            .collect()
    }

    /// One line under the current header.
    fn one(line: &str) -> Result<Record, RowError> {
        let mut all = records(&format!("{HEADER}\n{line}\n"));
        assert_eq!(all.len(), 1, "{line}");
        all.pop().unwrap()
    }

    /// The text of a file of `records` as [`write_all`] writes it.
    fn written(records: &[Record]) -> String {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        write_all(&path, records).unwrap();
        std::fs::read_to_string(&path).unwrap()
    }

    fn every_answer() -> Vec<Answer> {
        vec![
            Answer::Won { moves: 214 },
            Answer::Lost,
            Answer::Unknown(Limit::Nodes),
            Answer::Unknown(Limit::Time),
            Answer::Unknown(Limit::Memory),
        ]
    }

    #[test]
    fn the_header_names_the_fields_of_a_row() {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(ResultRow::from(&rec(1, Answer::Lost, 5)))
            .unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        assert_eq!(text.lines().next(), Some(HEADER));
        assert_eq!(
            REQUIRED,
            [
                "variant",
                "seed",
                "knowledge",
                "verdict",
                "moves",
                "nodes",
                "seconds",
                "limit"
            ]
        );
    }

    #[test]
    fn rows_written_then_read_are_the_same_for_every_verdict_limit_and_knowledge() {
        let budget = Budget::new(7, 5000);
        let unrecorded = Budget {
            revision: 0,
            ..budget
        };
        let mut all = Vec::new();
        for (seed, answer) in every_answer().into_iter().enumerate() {
            let r = rec(seed as u128, answer, 20480);
            all.extend([r.clone(), r.hidden(budget), r.hidden(unrecorded)]);
            all.push(r.with_knowledge(Knowledge::Hidden));
        }
        let text = written(&all);
        let read: Vec<Record> = records(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(read, all, "{text}");
        let p = parse("f", text.as_bytes(), &Games::new()).unwrap();
        assert_eq!(p.damage, None);
        assert_eq!(
            p.rows.iter().map(|r| r.line).collect::<Vec<_>>(),
            (2..=21).collect::<Vec<_>>()
        );
        assert!(p.columns.unwrap().is_current());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], HEADER);
        assert_eq!(
            lines[1],
            "stonewall,0,thoughtful,solved,214,20480,0.012346,,,,,,,"
        );
        assert_eq!(
            lines[2],
            format!(
                "stonewall,0,hidden,solved,214,20480,0.012346,,7,5000,{},,,",
                crate::hidden::planner::PLANNER_REVISION
            )
        );
        // Revision 0 ("not recorded") is written as an empty `planner`, and read back as 0.
        assert_eq!(
            lines[3],
            "stonewall,0,hidden,solved,214,20480,0.012346,,7,5000,,,,"
        );
        assert_eq!(
            lines[4],
            "stonewall,0,hidden,solved,214,20480,0.012346,,,,,,,"
        );
        assert_eq!(
            lines[5],
            "stonewall,1,thoughtful,unsolvable,,20480,0.012346,,,,,,,"
        );
        assert_eq!(
            lines[9],
            "stonewall,2,thoughtful,unknown,,20480,0.012346,nodes,,,,,,"
        );
        assert_eq!(
            lines[13],
            "stonewall,3,thoughtful,unknown,,20480,0.012346,time,,,,,,"
        );
        assert_eq!(
            lines[17],
            "stonewall,4,thoughtful,unknown,,20480,0.012346,memory,,,,,,"
        );
        assert!(text.ends_with(",,,,,\n"), "{text}");
    }

    #[test]
    fn the_source_column_marks_pysol_rows_and_is_optional() {
        let pysol = |r: Record| r.with_source(DealSource::Pysol);
        let budget = Budget::new(7, 5000);
        let all = vec![
            pysol(rec(3, Answer::Won { moves: 214 }, 20480)),
            rec(3, Answer::Won { moves: 214 }, 20480),
            pysol(rec(4, Answer::Unknown(Limit::Nodes), 20480)),
            pysol(rec(5, Answer::Lost, 20480).hidden(budget)),
        ];
        let text = written(&all);
        let read: Vec<Record> = records(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(read, all, "{text}");
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].ends_with(",planner,source,solution,cards_up"),
            "{text}"
        );
        assert_eq!(
            lines[1],
            "stonewall,3,thoughtful,solved,214,20480,0.012346,,,,,pysol,,"
        );
        assert_eq!(
            lines[2],
            "stonewall,3,thoughtful,solved,214,20480,0.012346,,,,,,,"
        );
        assert_eq!(
            lines[3],
            "stonewall,4,thoughtful,unknown,,20480,0.012346,nodes,,,,pysol,,"
        );
        assert_eq!(
            lines[4],
            format!(
                "stonewall,5,hidden,unsolvable,,20480,0.012346,,7,5000,{},pysol,,",
                crate::hidden::planner::PLANNER_REVISION
            )
        );
        // `seed` is read as our seeds too; another word is refused, naming the two.
        let lost = Record::new("stonewall", 7, Answer::Lost, 14153, 0.01);
        assert_eq!(
            one("stonewall,7,thoughtful,unsolvable,,14153,0.01,,,,,seed"),
            Ok(lost.clone())
        );
        assert_eq!(
            one("stonewall,7,thoughtful,unsolvable,,14153,0.01,,,,,pysol"),
            Ok(pysol(lost.clone()))
        );
        match one("stonewall,7,thoughtful,unsolvable,,14153,0.01,,,,,windows") {
            Err(RowError::Malformed(why)) => assert!(
                why.starts_with("unknown word `windows`, expected `seed` or `pysol`"),
                "{why}"
            ),
            other => panic!("{other:?}"),
        }
        // A file with `source` among columns of its own, found by name.
        let text = "source,variant,seed,knowledge,verdict,moves,nodes,seconds,limit\n\
                    pysol,stonewall,7,thoughtful,unsolvable,,14153,0.01,\n";
        assert_eq!(records(text), vec![Ok(pysol(lost))]);
        // Resuming a file without the column: it says so (PySolFC rows cannot go in it).
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.csv");
        std::fs::write(
            &path,
            "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes,planner\n",
        )
        .unwrap();
        let (f, _) = ResultFile::resume(&path, &Games::new(), &mut Vec::new()).unwrap();
        assert!(!f.records_source());
        let new = dir.path().join("new.csv");
        assert!(ResultFile::create(&new).unwrap().records_source());
    }

    #[test]
    fn the_spellings_are_the_serde_ones() {
        for (k, word) in [
            (Knowledge::Thoughtful, "thoughtful"),
            (Knowledge::Hidden, "hidden"),
        ] {
            assert_eq!(k.to_string(), word);
            assert_eq!(serde_json::to_value(k).unwrap(), word);
            assert_eq!(
                clap::ValueEnum::to_possible_value(&k).unwrap().get_name(),
                word
            );
        }
        for (v, word) in [
            (VerdictWord::Solved, "solved"),
            (VerdictWord::Unsolvable, "unsolvable"),
            (VerdictWord::Unknown, "unknown"),
        ] {
            assert_eq!(v.to_string(), word);
            assert_eq!(
                serde_json::from_value::<VerdictWord>(word.into()).unwrap(),
                v
            );
        }
        for (l, word) in [
            (Limit::Nodes, "nodes"),
            (Limit::Time, "time"),
            (Limit::Memory, "memory"),
            (Limit::Cancelled, "cancelled"),
        ] {
            assert_eq!(serde_json::to_value(l).unwrap(), word);
            assert_eq!(serde_json::from_value::<Limit>(word.into()).unwrap(), l);
        }
    }

    #[test]
    fn files_with_more_columns_or_fewer_optional_ones_are_read() {
        let lost = Record::new("stonewall", 7, Answer::Lost, 14153, 0.01);
        // Columns of its own, in any order: found by name, the others ignored.
        let text = "note,seed,variant,knowledge,verdict,moves,nodes,seconds,limit,extra\n\
                    hello,7,stonewall,thoughtful,unsolvable,,14153,0.01,,x\n";
        assert_eq!(records(text), vec![Ok(lost.clone())]);
        // The first format: no budget columns; a hidden row records no planner.
        let v1 = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit\n\
                  stonewall,7,hidden,unsolvable,,14153,0.01,\n";
        assert_eq!(
            records(v1),
            vec![Ok(lost.with_knowledge(Knowledge::Hidden))]
        );
        // The second: no planner column; the revision is not recorded (0).
        let v2 = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,samples,sample_nodes\n\
                  stonewall,7,hidden,unsolvable,,14153,0.01,,12,20000\n";
        let unrecorded = Budget {
            revision: 0,
            ..Budget::new(12, 20_000)
        };
        assert_eq!(records(v2), vec![Ok(lost.hidden(unrecorded))]);
        // Rows shorter than the header, missing optional trailing columns, are read too.
        assert_eq!(
            one("stonewall,7,thoughtful,unsolvable,,14153,0.01,"),
            Ok(lost.clone())
        );
        // Quoted fields, as a spreadsheet may save them.
        assert_eq!(
            one("\"stonewall\",\"7\",thoughtful,unsolvable,,14153,0.01,,,,"),
            Ok(lost)
        );
    }

    /// docs/formats.md, to which the help and the Python stubs point for the columns, gives
    /// this header.
    #[test]
    fn the_formats_page_gives_the_header() {
        let page = include_str!("../../docs/formats.md");
        assert!(page.contains(&format!("`{HEADER}`")), "docs/formats.md");
    }

    #[test]
    fn a_file_without_any_one_optional_column_is_read() {
        // Thoughtful rows: a hidden row's budget columns go together.
        let rows = [
            rec(3, Answer::Won { moves: 214 }, 40).with_cards_up(52),
            rec(4, Answer::Unknown(Limit::Nodes), 9)
                .with_source(DealSource::Pysol)
                .with_cards_up(10),
        ];
        let text = written(&rows);
        let optional = HEADER.split(',').filter(|c| !REQUIRED.contains(c));
        assert_eq!(optional.clone().count(), 6);
        for col in optional {
            let i = HEADER.split(',').position(|c| c == col).unwrap();
            let without: Vec<String> = text
                .lines()
                .map(|line| {
                    let mut f: Vec<&str> = line.split(',').collect();
                    f.remove(i);
                    f.join(",") + "\n"
                })
                .collect();
            let read = records(&without.concat());
            assert!(read.iter().all(Result::is_ok), "without {col}: {read:?}");
            assert_eq!(read.len(), 2, "without {col}");
        }
    }

    #[test]
    fn a_file_without_a_required_column_is_refused_naming_it() {
        for &col in REQUIRED {
            let header: Vec<&str> = HEADER.split(',').filter(|&c| c != col).collect();
            let text = format!("{}\n", header.join(","));
            let err = parse("f.csv", text.as_bytes(), &Games::new())
                .err()
                .expect(col)
                .to_string();
            assert!(
                err.starts_with("f.csv: not a result file")
                    && err.contains(&format!("no \"{col}\" column")),
                "{err}"
            );
        }
        let err = parse("f.csv", b"a,b\n1,2\n", &Games::new())
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("no \"variant\" column"), "{err}");
    }

    #[test]
    fn cards_up_is_written_read_and_checked() {
        let unknown = rec(3, Answer::Unknown(Limit::Nodes), 20480).with_cards_up(47);
        let won = rec(4, Answer::Won { moves: 214 }, 8).with_cards_up(52);
        let text = written(&[unknown.clone(), won.clone()]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1],
            "stonewall,3,thoughtful,unknown,,20480,0.012346,nodes,,,,,,47"
        );
        assert!(lines[2].ends_with(",52"), "{text}");
        let read: Vec<Record> = records(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(read, vec![unknown, won]);
        // Left out (a file of an earlier version, or an empty field): not recorded.
        let old = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit\nstonewall,3,thoughtful,unknown,,20480,0.5,nodes\n";
        assert_eq!(records(old)[0].as_ref().unwrap().cards_up, None);
        let empty = one("stonewall,7,thoughtful,unsolvable,,14153,0.01,,,,,,,").unwrap();
        assert_eq!(empty.cards_up, None);
        // Refused: on a hidden row, past the deck, and a win with a card not up.
        let hidden = one("stonewall,7,hidden,unsolvable,,14153,0.01,,3,100,2,,,5");
        assert!(
            matches!(&hidden, Err(RowError::Malformed(why)) if why.starts_with("cards_up 5 on a hidden row")),
            "{hidden:?}"
        );
        let past = one("stonewall,7,thoughtful,unsolvable,,14153,0.01,,,,,,,53");
        assert!(
            matches!(&past, Err(RowError::Impossible(why)) if why == "cards_up 53 in a game of 52 cards"),
            "{past:?}"
        );
        let short = one("stonewall,4,thoughtful,solved,214,8,0.01,,,,,,,51");
        assert!(
            matches!(&short, Err(RowError::Impossible(why)) if why.starts_with("a win with cards_up 51")),
            "{short:?}"
        );
        // A row that claims no win with every card up (the search would have won).
        for (verdict, limit) in [("unsolvable", ""), ("unknown", "nodes")] {
            let all = one(&format!(
                "stonewall,7,thoughtful,{verdict},,14153,0.01,{limit},,,,,,52"
            ));
            assert!(
                matches!(&all, Err(RowError::Impossible(why)) if why.starts_with("a row that claims no win with cards_up 52")),
                "{all:?}"
            );
        }
        assert!(one("stonewall,7,thoughtful,unsolvable,,14153,0.01,,,,,,,51").is_ok());
    }

    #[test]
    fn a_solution_token_that_is_no_move_is_refused() {
        let moves = vec!["T1>F1"; 60];
        let mut bad = moves.clone();
        bad[41] = "T1>Q9";
        let row = |m: &[&str]| {
            format!(
                "stonewall,4,thoughtful,solved,60,8,0.01,,,,,,{},52",
                m.join(" ")
            )
        };
        assert!(one(&row(&moves)).is_ok());
        let refused = one(&row(&bad));
        assert!(
            matches!(&refused, Err(RowError::Impossible(why)) if why == "its solution's move 42 (\"T1>Q9\") is not a move token"),
            "{refused:?}"
        );
    }

    #[test]
    fn bad_rows_are_refused() {
        let malformed = |line: &str| match one(line) {
            Err(RowError::Malformed(why)) => why,
            other => panic!("{line}: {other:?}"),
        };
        let why = malformed("stonewall,7,thoughtful,solved,,14153,0.01,,,,");
        assert!(
            why.starts_with("verdict solved with moves nothing and limit nothing: "),
            "{why}"
        );
        malformed("stonewall,7,thoughtful,solved,12,14153,0.01,nodes,,,");
        malformed("stonewall,7,thoughtful,unsolvable,12,14153,0.01,,,,");
        malformed("stonewall,7,thoughtful,unknown,,14153,0.01,,,,");
        let why = malformed("stonewall,7,thoughtful,unknown,,14153,0.01,cancelled,,,");
        assert!(why.contains("limit cancelled"), "{why}");
        let why = malformed("stonewall,7,thoughtful,won,,14153,0.01,,,,");
        assert!(
            why.starts_with("unknown word `won`, expected one of `solved`"),
            "{why}"
        );
        let why = malformed("stonewall,x,thoughtful,unsolvable,,14153,0.01,,,,");
        assert!(why.starts_with("seed: "), "{why}");
        let why = malformed("stonewall,7,psychic,unsolvable,,14153,0.01,,,,");
        assert!(
            why.starts_with("unknown word `psychic`, expected `thoughtful` or `hidden`"),
            "{why}"
        );
        let why = malformed("stonewall,7,thoughtful,unsolvable,,14153,-1,,,,");
        assert!(why.contains("seconds -1"), "{why}");
        malformed("stonewall,7,thoughtful,unsolvable,,14153,inf,,,,");
        let why = malformed("stonewall,7,thoughtful,sol");
        assert!(why.starts_with("unknown word `sol`"), "{why}");
        let why = malformed("stonewall,7,thoughtful,solved");
        assert_eq!(why, "the row ends after 4 of the 14 columns");
        // The planner's budget: samples and sample_nodes (and the revision), only on hidden rows.
        let budget = Budget {
            revision: 2,
            ..Budget::new(12, 20_000)
        };
        let lost = Record::new("stonewall", 7, Answer::Lost, 14153, 0.01);
        assert_eq!(
            one("stonewall,7,hidden,unsolvable,,14153,0.01,,12,20000,2"),
            Ok(lost.hidden(budget))
        );
        assert_eq!(
            one("stonewall,7,hidden,unsolvable,,14153,0.01,,,,"),
            Ok(lost.with_knowledge(Knowledge::Hidden))
        );
        let why = malformed("stonewall,7,thoughtful,unsolvable,,14153,0.01,,12,20000,2");
        assert!(
            why.starts_with("samples 12, sample_nodes 20000 and planner 2 on a thoughtful row"),
            "{why}"
        );
        malformed("stonewall,7,thoughtful,unsolvable,,14153,0.01,,,,2");
        malformed("stonewall,7,hidden,unsolvable,,14153,0.01,,12,,2");
        malformed("stonewall,7,hidden,unsolvable,,14153,0.01,,,,2");
        for revision in ["0", "x", "-1"] {
            malformed(&format!(
                "stonewall,7,hidden,unsolvable,,14153,0.01,,12,20000,{revision}"
            ));
        }
        malformed("stonewall,7,hidden,unsolvable,,14153,0.01,,0,20000,2");
        malformed("stonewall,7,hidden,unsolvable,,14153,0.01,,x,20000,2");
        assert!(matches!(
            one("spider,7,thoughtful,unsolvable,,14153,0.01,,,,"),
            Err(RowError::Foreign(_))
        ));
    }

    #[test]
    fn a_cut_last_line_is_damage_and_anything_else_an_error() {
        let good = written(&[rec(1, Answer::Lost, 5), rec(2, Answer::Lost, 6)]);
        let p = parse("f", good.as_bytes(), &Games::new()).unwrap();
        assert_eq!(p.rows.len(), 2);
        assert_eq!(p.damage, None);
        assert!(p.columns.is_some());

        let cut = &good[..good.len() - 5];
        let p = parse("f", cut.as_bytes(), &Games::new()).unwrap();
        assert_eq!(p.rows.len(), 1);
        let d = p.damage.unwrap();
        assert_eq!((d.line, d.seed.as_deref()), (3, Some("2")));
        assert_eq!(
            &cut[..d.offset as usize],
            &good[..good.rfind("stonewall,2").unwrap()]
        );
        // Cut inside the seed: no seed named.
        let cut = &good[..good.rfind("stonewall,2").unwrap() + 11];
        let d = parse("f", cut.as_bytes(), &Games::new())
            .unwrap()
            .damage
            .unwrap();
        assert_eq!((d.line, d.seed), (3, None));

        // A whole last line that is not a row is damage too; in the middle it is an error.
        let bad_last = format!("{good}stonewall,3,thoughtful,sol\n");
        let p = parse("f", bad_last.as_bytes(), &Games::new()).unwrap();
        assert_eq!(p.rows.len(), 2);
        let d = p.damage.unwrap();
        assert_eq!((d.line, d.seed.as_deref()), (4, Some("3")));
        assert_eq!(d.offset as usize, good.len());
        let bad_middle = format!(
            "{HEADER}\nstonewall,3,thoughtful,sol\n{}",
            &good[HEADER.len() + 1..]
        );
        let err = parse("f", bad_middle.as_bytes(), &Games::new())
            .err()
            .unwrap()
            .to_string();
        assert!(err.starts_with("f: line 2 is not a result row: "), "{err}");

        // Empty, or a cut header: needs a header. Another header: refused.
        assert!(parse("f", b"", &Games::new()).unwrap().columns.is_none());
        assert!(
            parse("f", b"variant,se", &Games::new())
                .unwrap()
                .columns
                .is_none()
        );
        assert!(parse("f", b"a,b,c\n", &Games::new()).is_err());
        assert!(parse("f", b"hello", &Games::new()).is_err());
        // Rows of an unknown variant are refused even as the last line.
        let foreign = format!("{HEADER}\nspider,3,thoughtful,unsolvable,,5,0.1,,,,\n");
        let err = parse("f", foreign.as_bytes(), &Games::new())
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("line 2 is not a row this program writes"),
            "{err}"
        );
        // CRLF line ends and blank lines are tolerated.
        let crlf = good.replace('\n', "\r\n") + "\r\n";
        let p = parse("f", crlf.as_bytes(), &Games::new()).unwrap();
        assert_eq!((p.rows.len(), p.damage), (2, None));
        // Not UTF-8: a damaged last line.
        let mut bytes = good.clone().into_bytes();
        bytes.extend(b"stonewall,3,thoughtful,\xff\n");
        assert_eq!(
            parse("f", &bytes, &Games::new())
                .unwrap()
                .damage
                .unwrap()
                .line,
            4
        );
    }

    #[test]
    fn resume_cuts_the_damage_and_appends_in_the_files_own_columns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let v1 = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,note\n\
                  stonewall,0,thoughtful,unknown,,7,0.1,nodes,hello\n\
                  stonewall,1,thou";
        std::fs::write(&path, v1).unwrap();
        let mut notes = Vec::new();
        let (mut f, rows) = ResultFile::resume(&path, &Games::new(), &mut notes).unwrap();
        assert_eq!(rows.len(), 1);
        assert!(notes[0].contains("line 3 was damaged"), "{notes:?}");
        f.append(&rec(1, Answer::Won { moves: 9 }, 8)).unwrap();
        f.append(&rec(2, Answer::Lost, 9).hidden(Budget::new(3, 100)))
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "variant,seed,knowledge,verdict,moves,nodes,seconds,limit,note\n\
             stonewall,0,thoughtful,unknown,,7,0.1,nodes,hello\n\
             stonewall,1,thoughtful,solved,9,8,0.012346,,\n\
             stonewall,2,hidden,unsolvable,,9,0.012346,,\n"
        );
        drop(f);
        // An empty file, or a header cut short, gets the whole header.
        std::fs::write(&path, "variant,se").unwrap();
        let (mut f, rows) = ResultFile::resume(&path, &Games::new(), &mut notes).unwrap();
        assert!(rows.is_empty());
        f.append(&rec(5, Answer::Lost, 9)).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{HEADER}\nstonewall,5,thoughtful,unsolvable,,9,0.012346,,,,,,,\n")
        );
        drop(f);
        // A file that is not a result file is left alone.
        std::fs::write(&path, "a,b\n1,2\n").unwrap();
        assert!(ResultFile::resume(&path, &Games::new(), &mut notes).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a,b\n1,2\n");
        // Creating over a file with rows is refused.
        let err = ResultFile::create(&path).err().unwrap().to_string();
        assert!(err.contains("--resume"), "{err}");
    }

    #[test]
    fn a_second_writer_of_a_result_file_is_refused_while_the_first_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let first = ResultFile::create(&path).unwrap();
        let err = ResultFile::resume(&path, &Games::new(), &mut Vec::new())
            .err()
            .unwrap();
        assert!(
            err.to_string().contains("r.csv is locked by another run"),
            "{err}"
        );
        drop(first);
        assert!(ResultFile::resume(&path, &Games::new(), &mut Vec::new()).is_ok());
    }

    #[test]
    fn a_win_that_cannot_be_true_is_refused_wherever_it_is() {
        for (row, why) in [
            (
                "stonewall,7,thoughtful,solved,0,14153,0.01,,,,,,",
                "a win in 0 moves",
            ),
            (
                "stonewall,7,thoughtful,solved,50,14153,0.01,,,,,,",
                "a win in 50 moves",
            ),
            (
                "stonewall,7,thoughtful,solved,60,1,0.01,,,,,,T1>F1",
                "lists 1 moves",
            ),
        ] {
            match one(row) {
                Err(RowError::Impossible(e)) => assert!(e.contains(why), "{e}"),
                other => panic!("{row}: {other:?}"),
            }
            // Even on the last line, where a damaged row would be cut away by a resume.
            let text = format!("{HEADER}\n{row}\n");
            let err = parse("f.csv", text.as_bytes(), &Games::new())
                .err()
                .unwrap()
                .to_string();
            assert!(
                err.starts_with("f.csv: line 2 claims what cannot be: "),
                "{err}"
            );
        }
        let err = one("stonewall,7,thoughtful,unsolvable,,1,1e308,,,,,,").unwrap_err();
        assert!(matches!(err, RowError::Malformed(e) if e.contains("is not a number of seconds")));
    }
}
