//! The files of `patience catalogue` (docs/catalogues.md): a CSV file of
//! [`DealRow`]s with a header, written through serde, a row appended and flushed as each deal
//! finishes and, when the run ends, the whole file written again in seed order (so that a
//! catalogue does not depend on the thread count); and the same rows as a JSON array.
//!
//! An interrupted run leaves every finished row whole and at most one partial last line,
//! which [`CatalogueFile::open`] cuts away when the run is resumed.

use super::{Context, FileError, format_error as bail};
use crate::batch::grade::DealRow;
use crate::games::Games;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

type Result<T, E = FileError> = std::result::Result<T, E>;

/// The first line of a catalogue CSV file: the columns of [`DealRow`], in order.
pub const HEADER: &str = "variant,seed,source,grade,verdict,limit,moves,nodes,hidden,hidden_by,chance,plays,plays_won,choices,narrow,undecided,max_nodes,samples,sample_nodes,planner,probe_nodes,solution";

/// The first line of a catalogue written before the `plays` and `plays_won` columns: still
/// read (those columns empty), never continued.
pub const EARLIER_HEADER: &str = "variant,seed,source,grade,verdict,limit,moves,nodes,hidden,hidden_by,chance,choices,narrow,undecided,max_nodes,samples,sample_nodes,planner,probe_nodes,solution";

/// A catalogue file open for appending rows (locked while it is open: one writer per file).
pub struct CatalogueFile {
    path: PathBuf,
    writer: csv::Writer<File>,
}

/// The rows of a catalogue's CSV text, checked: each a [`DealRow`] whose solution has
/// `moves` moves, its grade made again from its other columns ([`DealRow::graded`]), refused
/// when it cannot be true ([`DealRow::impossible`]). A last line without its newline (an
/// interrupted write) is left out; the byte length of the rows read is returned with them.
pub fn parse(name: &str, bytes: &[u8], games: &Games) -> Result<(Vec<DealRow>, u64)> {
    let whole = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(i) => &bytes[..=i],
        None => &[][..],
    };
    // The first line is the header (or, alone and cut short, a part of it): anything else is
    // another file, which resuming would cut or write over.
    let first = whole.split(|&b| b == b'\n').next().unwrap_or(bytes);
    let first = if whole.is_empty() { bytes } else { first };
    let first = first.strip_suffix(b"\r").unwrap_or(first);
    let header_ok = match whole.is_empty() {
        true => HEADER.as_bytes().starts_with(first),
        false => first == HEADER.as_bytes() || first == EARLIER_HEADER.as_bytes(),
    };
    if !header_ok {
        bail!("{name}: not a catalogue file (its first line is not {HEADER:?})");
    }
    let mut reader = csv::ReaderBuilder::new().from_reader(whole);
    let mut rows = Vec::new();
    for (i, row) in reader.deserialize::<DealRow>().enumerate() {
        let line = i + 2;
        let row = row.with_context(|| format!("{name} line {line}: not a catalogue row"))?;
        // The grade is made again from the other columns: a file of other thresholds (an
        // earlier version's) is graded by this version's.
        let row = row.graded();
        let listed = row.solution.as_deref().map(|s| s.split(' ').count() as u32);
        if listed != row.moves {
            bail!(
                "{name} line {line}: {} has a solution of {} moves and a moves column of {}",
                row.deal_text(),
                listed.unwrap_or(0),
                row.moves.unwrap_or(0)
            );
        }
        // The checks a result row gets: a game not loaded here is left to the caller, which
        // refuses rows of a game it does not run.
        if let Some(rules) = games.find(&row.variant)
            && let Some(why) = row.impossible(rules)
        {
            bail!(
                "{name} line {line}: {} is no row catalogue writes: {why}",
                row.deal_text()
            );
        }
        rows.push(row);
    }
    Ok((rows, whole.len() as u64))
}

/// Reads a catalogue file whole.
pub fn read(path: &Path, games: &Games) -> Result<Vec<DealRow>> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {name}"))?;
    Ok(parse(&name, &bytes, games)?.0)
}

fn lock(file: &File, path: &Path) -> Result<()> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => bail!(
            "{} is locked by another run that is writing it: wait for it to end, or write to another file",
            path.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("cannot lock {}", path.display()))
        }
    }
}

impl CatalogueFile {
    /// Opens `path` for a run: a new file (refused when it exists and is not empty, unless
    /// `resume`), or with `resume` the rows it holds, its partial last line cut away.
    pub fn open(path: &Path, resume: bool, games: &Games) -> Result<(CatalogueFile, Vec<DealRow>)> {
        let name = path.display().to_string();
        if path.is_dir() {
            bail!("--csv {name} is a directory: give the name of a catalogue file");
        }
        let exists = std::fs::metadata(path).is_ok_and(|m| m.len() > 0);
        if exists && !resume {
            bail!("{name} already exists: add --resume to continue it, or remove it first");
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("cannot open {name}"))?;
        lock(&file, path)?;
        let bytes =
            super::read_lines_bounded(&mut file).with_context(|| format!("cannot read {name}"))?;
        let (rows, keep) = parse(&name, &bytes, games)?;
        let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
        if keep > 0 && first.strip_suffix(b"\r").unwrap_or(first) == EARLIER_HEADER.as_bytes() {
            bail!(
                "{name} was written by an earlier version, without the plays and plays_won columns: measure into another file (its rows stay readable)"
            );
        }
        file.set_len(keep)
            .with_context(|| format!("cannot cut the partial last line of {name}"))?;
        let mut writer = csv::WriterBuilder::new()
            .has_headers(keep == 0)
            .from_writer(file);
        if keep == 0 {
            // The header alone, written by serializing no row: the header of the first row.
            writer
                .flush()
                .with_context(|| format!("cannot write {name}"))?;
        }
        Ok((
            CatalogueFile {
                path: path.to_path_buf(),
                writer,
            },
            rows,
        ))
    }

    /// Appends a row and flushes it: it is in the file when this returns.
    pub fn append(&mut self, row: &DealRow) -> Result<()> {
        let name = self.path.display().to_string();
        self.writer
            .serialize(row)
            .with_context(|| format!("cannot write {name}"))?;
        self.writer
            .flush()
            .with_context(|| format!("cannot write {name}"))
    }

    /// Ends the run: the file written again with `rows` alone (in their order), through a
    /// file beside it that then takes its name.
    pub fn finish(self, rows: &[DealRow]) -> Result<()> {
        let name = self.path.display().to_string();
        let mut tmp = self.path.clone().into_os_string();
        tmp.push(".new");
        let tmp = PathBuf::from(tmp);
        write_csv(&tmp, rows)?;
        std::fs::rename(&tmp, &self.path).with_context(|| format!("cannot replace {name}"))?;
        drop(self.writer);
        Ok(())
    }
}

/// Writes `rows` as a catalogue CSV file (replacing any file of that name).
pub fn write_csv(path: &Path, rows: &[DealRow]) -> Result<()> {
    let name = path.display().to_string();
    let mut w = csv::Writer::from_path(path).with_context(|| format!("cannot create {name}"))?;
    for r in rows {
        w.serialize(r)
            .with_context(|| format!("cannot write {name}"))?;
    }
    w.flush().with_context(|| format!("cannot write {name}"))
}

/// Writes `rows` as a JSON array, one row a line.
pub fn write_json(path: &Path, rows: &[DealRow]) -> Result<()> {
    let name = path.display().to_string();
    let mut out = Vec::new();
    out.push(b'[');
    for (i, r) in rows.iter().enumerate() {
        out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
        serde_json::to_writer(&mut out, r).with_context(|| format!("cannot write {name}"))?;
    }
    out.extend_from_slice(b"\n]\n");
    let mut f = File::create(path).with_context(|| format!("cannot create {name}"))?;
    f.write_all(&out)
        .with_context(|| format!("cannot write {name}"))
}

/// The rows of a resumed file that this run keeps, checked against it: its game
/// (`variant`), its deal source and its budgets (`like`, a row of this run's budgets), a deal
/// twice only with the same row (kept once).
pub fn check_resumed(name: &str, rows: Vec<DealRow>, like: &DealRow) -> Result<Vec<DealRow>> {
    let mut kept: Vec<DealRow> = Vec::with_capacity(rows.len());
    let mut at = std::collections::HashMap::new();
    for r in rows {
        if r.variant != like.variant || r.source != like.source {
            bail!(
                "{name} holds {} and this run measures {} deals of {}: use another file",
                r.deal_text(),
                like.source.number_word(),
                like.variant
            );
        }
        let planned = r.samples.is_some();
        if r.max_nodes != like.max_nodes
            || r.probe_nodes != like.probe_nodes
            || (planned
                && (r.samples, r.sample_nodes, r.planner, r.plays)
                    != (like.samples, like.sample_nodes, like.planner, like.plays))
        {
            bail!(
                "{name}: {} was measured with other budgets (--max-nodes {} --probe-nodes {}{}): a catalogue holds one set of budgets; resume it with its own, or use another file",
                r.deal_text(),
                r.max_nodes,
                r.probe_nodes,
                match (r.samples, r.sample_nodes, r.planner) {
                    (Some(k), Some(n), Some(p)) => format!(
                        " --samples {k} --sample-nodes {n} --plays {}, planner revision {p}",
                        r.plays.unwrap_or(0)
                    ),
                    _ => String::new(),
                }
            );
        }
        match at.get(&r.seed) {
            Some(&i) if kept[i] == r => {}
            Some(_) => bail!("{name} holds two different rows of {}", r.deal_text()),
            None => {
                at.insert(r.seed, kept.len());
                kept.push(r);
            }
        }
    }
    Ok(kept)
}

/// The distribution of the grades of `rows` (one game), a line per grade with a bar, and what
/// the rows measured: the quantiles of narrowness that set thresholds, and hidden play.
pub fn write_summary(out: &mut dyn Write, rows: &[DealRow], games: &Games) -> std::io::Result<()> {
    use crate::batch::grade::{Grade, Hidden, HiddenBy, Measure, Thoughtful, measured_thresholds};
    let n = rows.len().max(1) as f64;
    writeln!(out, "grade          deals       %")?;
    for g in Grade::ALL {
        let k = rows.iter().filter(|r| r.grade == g).count();
        let bar = "#".repeat((50.0 * k as f64 / n).round() as usize);
        writeln!(
            out,
            "{:<12} {k:>7} {:>6.1}%  {bar}",
            g.word(),
            100.0 * k as f64 / n
        )?;
    }
    let count = |f: &dyn Fn(&DealRow) -> bool| rows.iter().filter(|r| f(r)).count();
    writeln!(
        out,
        "{} deals: {} proved winnable, {} proved not, {} unknown",
        rows.len(),
        count(&|r| r.verdict == Thoughtful::Solved),
        count(&|r| r.verdict == Thoughtful::Unsolvable),
        count(&|r| r.verdict == Thoughtful::Unknown)
    )?;
    let planned = count(&|r| r.hidden_by == HiddenBy::Planner);
    if planned > 0 {
        writeln!(
            out,
            "hidden play: the planner played {planned} deals (the others are proved lost): won {}, lost {}, unknown {}",
            count(&|r| r.hidden_by == HiddenBy::Planner && r.hidden == Hidden::Won),
            count(&|r| r.hidden_by == HiddenBy::Planner && r.hidden == Hidden::Lost),
            count(&|r| r.hidden_by == HiddenBy::Planner && r.hidden == Hidden::Unknown)
        )?;
        let (plays, won) = rows
            .iter()
            .filter_map(|r| Some((r.plays?, r.plays_won?)))
            .fold((0u64, 0u64), |(p, w), (rp, rw)| {
                (p + u64::from(rp), w + u64::from(rw))
            });
        if plays > 0 {
            writeln!(
                out,
                "the planner's other games of those deals: won {won} of {plays} ({:.1}%)",
                100.0 * won as f64 / plays as f64
            )?;
        }
    } else {
        writeln!(
            out,
            "hidden play: the game hides nothing, hidden play is thoughtful play"
        )?;
    }
    let gradable = rows
        .iter()
        .filter(|r| crate::batch::grade::score(r, games).is_some_and(|(a, b)| a == b))
        .count();
    match measured_thresholds(rows, games) {
        Some((measure, t)) => {
            let points = |t: [u64; 4]| {
                let p: Vec<String> = t
                    .iter()
                    .map(|&x| crate::batch::grade::score_text(measure, x))
                    .collect();
                p.join(if measure == Measure::Play { " / " } else { "/" })
            };
            writeln!(
                out,
                "scores of the {gradable} gradable winnable deals ({}): 20/40/60/80% quantiles {} (the thresholds these rows measure); in use: {}",
                match measure {
                    Measure::Play => "the planner's games lost, then the thoughtful nodes",
                    Measure::Way => "the way of the solution",
                    Measure::Search => "the nodes of the search that won",
                },
                points(t),
                match rows
                    .first()
                    .and_then(|r| crate::batch::grade::thresholds(&r.variant, measure))
                {
                    Some(u) => points(u),
                    None => "none (not measured in this game: winnable deals are unknown)".into(),
                }
            )?
        }
        None => writeln!(out, "no gradable winnable deal: no thresholds measured")?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::DealSource;
    use crate::batch::grade::{Grade, Hidden, HiddenBy, Thoughtful};

    fn row(seed: u128) -> DealRow {
        DealRow {
            variant: "stonewall".into(),
            seed,
            source: DealSource::Pysol,
            grade: Grade::NotWinnable,
            verdict: Thoughtful::Unsolvable,
            limit: None,
            moves: None,
            nodes: 10,
            hidden: Hidden::Lost,
            hidden_by: HiddenBy::Proof,
            chance: Some(0.0),
            plays: None,
            plays_won: None,
            choices: None,
            narrow: None,
            undecided: None,
            max_nodes: 1000,
            samples: None,
            sample_nodes: None,
            planner: None,
            probe_nodes: 100,
            solution: None,
        }
    }

    #[test]
    fn rows_read_back_as_written_and_a_partial_line_is_cut() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.csv");
        let (mut f, rows) = CatalogueFile::open(&path, false, &Games::new()).unwrap();
        assert!(rows.is_empty());
        f.append(&row(1)).unwrap();
        f.append(&row(2)).unwrap();
        drop(f);
        assert_eq!(read(&path, &Games::new()).unwrap(), vec![row(1), row(2)]);
        assert!(CatalogueFile::open(&path, false, &Games::new()).is_err());
        // An interrupted write: half a row without its newline.
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("stonewall,3,pysol,not-");
        std::fs::write(&path, &text).unwrap();
        let (f, rows) = CatalogueFile::open(&path, true, &Games::new()).unwrap();
        assert_eq!(rows, vec![row(1), row(2)]);
        f.finish(&[row(2), row(1)]).unwrap();
        assert_eq!(read(&path, &Games::new()).unwrap(), vec![row(2), row(1)]);
        let header = std::fs::read_to_string(&path).unwrap();
        assert!(header.starts_with(&format!("{HEADER}\n")), "{header}");
    }

    #[test]
    fn the_published_catalogues_pass_the_row_checks_and_their_wins_replay() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogues");
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let rows =
                read(&path, &Games::new()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let rules = crate::games::builtin::find(&rows[0].variant).unwrap();
            for r in rows.iter().filter(|r| r.solution.is_some()).take(50) {
                let solution = r.solution.as_deref().unwrap();
                crate::batch::verify::replay_solution(rules, r.source, r.seed, solution)
                    .unwrap_or_else(|e| panic!("{}: {e}", r.deal_text()));
            }
            files += 1;
        }
        assert!(files >= 11, "{files} catalogues");
    }

    #[test]
    fn forged_rows_are_refused_naming_the_line_and_why() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.csv");
        let solved = DealRow {
            verdict: Thoughtful::Solved,
            moves: Some(3),
            solution: Some("T1>F1 T2>F1 T3>F1".into()),
            hidden: Hidden::Won,
            hidden_by: HiddenBy::Thoughtful,
            choices: Some(3),
            narrow: Some(0),
            undecided: Some(0),
            ..row(4)
        };
        let cases: [(DealRow, &str); 6] = [
            (
                solved.clone(),
                "a win in 3 moves, but Stonewall has 52 cards",
            ),
            (
                DealRow {
                    limit: Some("nodes".into()),
                    ..row(5)
                },
                "verdict unsolvable with moves (none) and limit nodes",
            ),
            (
                DealRow {
                    hidden: Hidden::Won,
                    ..row(6)
                },
                "verdict unsolvable with hidden won by proof",
            ),
            (
                DealRow {
                    chance: Some(1.5),
                    ..row(7)
                },
                "chance 1.5",
            ),
            (
                DealRow {
                    narrow: Some(2),
                    ..row(8)
                },
                "all three on a solved row, none on another",
            ),
            (DealRow { seed: 0, ..row(9) }, "PySolFC's game 0"),
        ];
        for (forged, why) in cases {
            write_csv(&path, &[row(2), forged]).unwrap();
            let err = read(&path, &Games::new()).unwrap_err().to_string();
            assert!(err.contains("line 3") && err.contains(why), "{why}: {err}");
        }
    }

    #[test]
    fn grades_are_made_again_and_a_solution_must_match_its_length() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.csv");
        let edited = DealRow {
            grade: Grade::Easy,
            ..row(1)
        };
        write_csv(&path, &[row(2), edited]).unwrap();
        assert_eq!(read(&path, &Games::new()).unwrap(), vec![row(2), row(1)]);
        let short = DealRow {
            solution: Some("T1>F1 T2>F1".into()),
            moves: Some(3),
            ..row(3)
        };
        write_csv(&path, &[row(2), short]).unwrap();
        let err = read(&path, &Games::new()).unwrap_err().to_string();
        assert!(
            err.contains("line 3") && err.contains("solution of 2 moves"),
            "{err}"
        );
    }

    #[test]
    fn the_summary_prints_play_thresholds_as_share_and_nodes() {
        use crate::batch::grade::Measure;
        // Five Stonewall deals of one share (none of their nine games won), 100 .. 500 nodes.
        let rows: Vec<DealRow> = (1..=5u64)
            .map(|i| DealRow {
                verdict: Thoughtful::Solved,
                moves: Some(1),
                nodes: 100 * i,
                hidden_by: HiddenBy::Planner,
                chance: None,
                plays: Some(8),
                plays_won: Some(0),
                choices: Some(0),
                narrow: Some(0),
                undecided: Some(0),
                samples: Some(8),
                sample_nodes: Some(300),
                planner: Some(15),
                ..row(i as u128)
            })
            .collect();
        assert_eq!(Measure::of(&rows[0]), Measure::Play);
        let mut out = Vec::new();
        write_summary(&mut out, &rows, &Games::new()).unwrap();
        let text = String::from_utf8(out).unwrap();
        let measured = "quantiles 1.000 & 100 nodes / 1.000 & 200 nodes / 1.000 & 300 nodes / 1.000 & 400 nodes (the thresholds these rows measure)";
        let in_use = "in use: 0.650 & 539 nodes / 0.787 & 228 nodes / 0.956 & 1,695 nodes / 0.975 & 2,744 nodes\n";
        assert!(text.contains(measured), "{text}");
        assert!(text.contains(in_use), "{text}");
    }
}
