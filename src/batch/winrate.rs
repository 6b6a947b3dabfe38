//! A win-rate run (`patience winrate`): its plan (the deals asked for, checked before the first
//! is solved), the rows of a file it resumes or retries, its passes (one per variant, on the
//! runner of [`super::run`]) and its report. The command reads and writes the files and draws
//! the progress; everything here works on rows and records.

use super::merge::combine;
use super::run::{DealFailed, PassEnd, play_all, solve_all};
use super::summary::{Interrupted, Report, RunLimits, Summary, Tally};
use super::{Answer, DealSource, Knowledge, Record, Row, SeedRange, Selection, Shard};
use crate::game::Rules;
use crate::games::{Games, RulesError, with_rules};
use crate::hidden::Budget;
use crate::solve::{Limit, Options};
use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// A request the run refuses, as one line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

type Result<T, E = Refused> = std::result::Result<T, E>;

macro_rules! bail {
    ($($t:tt)*) => {
        return Err(Refused(format!($($t)*)))
    };
}

/// The deals (variant, seed) a run solves again (`--retry`).
pub type Deals = HashSet<(&'static str, u128)>;

/// Refuses `--pysol` for a game PySolFC does not have.
pub fn check_pysol(games: &[&'static Rules]) -> Result<()> {
    for &rules in games {
        if let Err(e) = crate::pysol::pysol_game(rules) {
            bail!("--pysol: {e}: its deals have no PySolFC game number");
        }
    }
    Ok(())
}

/// Refuses a `--retry` file that is also the `--csv` file.
pub fn check_retry_output(retry: &Path, csv: &Path) -> Result<()> {
    if same_file(retry, csv) {
        bail!(
            "--retry {} --csv {}: the new rows of the retried deals would sit beside their unknown rows in one file; write them to another file and `patience merge` the two",
            retry.display(),
            csv.display()
        );
    }
    Ok(())
}

/// Refuses a `--csv` path that is a directory (`resume`: with `--resume`).
pub fn check_csv(path: &Path, resume: bool) -> Result<()> {
    if path.is_dir() && resume {
        bail!(
            "{} is a directory: --csv --resume takes a result file of `winrate --csv`",
            path.display()
        );
    } else if path.is_dir() {
        bail!(
            "{} is a directory: --csv takes the name of a result file to create",
            path.display()
        );
    }
    Ok(())
}

/// Refuses `--retry` in hidden play, before its file is read.
pub fn check_retry_knowledge(knowledge: Knowledge) -> Result<()> {
    if knowledge == Knowledge::Hidden {
        bail!(
            "--retry solves again the unknown verdicts of thoughtful play; a hidden-play deal always ends won or lost"
        );
    }
    Ok(())
}

/// The deals of the variants `games` that the rows of a result file (`path`) record as unknown
/// in thoughtful play; refused for rows of another deal source than `source`, and when there
/// are none.
pub fn unknown_deals(
    path: &Path,
    rows: Vec<Row>,
    games: &[&'static Rules],
    source: DealSource,
) -> Result<Deals> {
    let ids: Vec<&'static str> = games.iter().map(|r| r.id).collect();
    if let Some(row) = rows.iter().find(|r| r.record.source != source) {
        bail!("{}", other_source(path, row, source));
    }
    let unknown: Deals = rows
        .into_iter()
        .map(|row| row.record)
        .filter(|r| {
            r.knowledge == Knowledge::Thoughtful
                && matches!(r.answer, Answer::Unknown(_))
                && ids.contains(&r.variant)
        })
        .map(|r| (r.variant, r.seed))
        .collect();
    if unknown.is_empty() {
        bail!(
            "{} records no unknown thoughtful deal of {}: nothing to solve again",
            path.display(),
            ids.join(" ")
        );
    }
    Ok(unknown)
}

/// The seeds of a run, from the command line: `--seeds`, else `--first-seed` and `--deals`.
#[derive(Copy, Clone, Debug)]
pub struct Seeds {
    pub range: Option<SeedRange>,
    pub first: u128,
    pub count: u64,
    pub shard: Option<Shard>,
}

/// What a run asks for: its variants, its deals, and what it knows of them.
pub struct Plan {
    pub games: Vec<&'static Rules>,
    pub ids: Vec<&'static str>,
    pub source: DealSource,
    pub knowledge: Knowledge,
    pub selection: Selection,
    /// With `--retry`: its file and the deals it records as unknown.
    pub retry: Option<(String, Deals)>,
    /// How many deals the run asks for.
    pub asked: u64,
}

impl Plan {
    /// The plan of the games `games`, its seeds checked (for `source`'s numbers, and not
    /// empty). With `retry` and no `--seeds`, the seeds run from the first unknown deal to the
    /// last; a retry with no unknown deal among the seeds is refused.
    pub fn new(
        games: Vec<&'static Rules>,
        source: DealSource,
        knowledge: Knowledge,
        seeds: Seeds,
        retry: Option<(&Path, Deals)>,
    ) -> Result<Plan> {
        let range = match (seeds.range, &retry) {
            (Some(r), _) => r,
            (None, Some((_, unknown))) => {
                let first = unknown.iter().map(|&(_, s)| s).min().expect("not empty");
                let last = unknown.iter().map(|&(_, s)| s).max().expect("not empty");
                let Ok(count) = u64::try_from(last - first + 1) else {
                    bail!("the unknown deals span more than 2^64 - 1 numbers: give --seeds");
                };
                SeedRange::new(first, count).map_err(Refused)?
            }
            (None, None) => SeedRange::new(seeds.first, seeds.count).map_err(Refused)?,
        };
        let selection = Selection {
            range,
            shard: seeds.shard,
        };
        let ids: Vec<&'static str> = games.iter().map(|r| r.id).collect();
        check_selection(source, &selection)?;
        let retry = retry.map(|(path, unknown)| (path.display().to_string(), unknown));
        let asked = match &retry {
            None => {
                let Some(asked) = selection.len().checked_mul(ids.len() as u64) else {
                    bail!(
                        "{selection} for {} variants is more than 2^64 deals: run fewer seeds or variants at a time",
                        ids.len()
                    );
                };
                asked
            }
            Some((_, unknown)) => unknown
                .iter()
                .filter(|&&(_, s)| selection.contains(s))
                .count() as u64,
        };
        if asked == 0 {
            let (path, _) = retry.as_ref().expect("only --retry asks for nothing");
            bail!("{path} records no unknown deal among {selection}: nothing to solve again");
        }
        Ok(Plan {
            games,
            ids,
            source,
            knowledge,
            selection,
            retry,
            asked,
        })
    }

    /// Whether the run asks for the deal of `id` and `seed`: with `--retry`, those of the
    /// selection that the file records as unknown.
    pub fn asks(&self, id: &'static str, seed: u128) -> bool {
        self.retry
            .as_ref()
            .is_none_or(|(_, unknown)| unknown.contains(&(id, seed)))
    }

    /// The seeds of variant `id` in the order they are solved: with `--retry`, the unknown
    /// deals themselves in increasing order (not every seed of the range from the first to the
    /// last, which may be nearly 2^64 seeds).
    pub fn seeds(&self, id: &'static str) -> Box<dyn Iterator<Item = u128> + Send> {
        match &self.retry {
            Some((_, unknown)) => {
                let mut list: Vec<u128> = unknown
                    .iter()
                    .filter(|&&(v, s)| v == id && self.selection.contains(s))
                    .map(|&(_, s)| s)
                    .collect();
                list.sort_unstable();
                Box::new(list.into_iter())
            }
            None => Box::new(self.selection.seeds()),
        }
    }

    /// The notes printed before the first deal: memory, and in hidden play its bound and the
    /// games that hide no card.
    pub fn notes(&self, threads: usize, table_mib: u64, max_nodes: u64) -> Vec<String> {
        let mut notes = Vec::new();
        // In hidden play the shortcut's table is given back before the planner's two (its
        // samples', at most 64 MiB, and its last solve's, at most 1 GiB) are used, and each is at most --table-mib: a worker
        // holds at most --table-mib plus the samples' table.
        let planner_mib = match self.knowledge {
            Knowledge::Hidden => (crate::hidden::planner::PLANNER_TABLE_BYTES >> 20) as u64,
            Knowledge::Thoughtful => 0,
        };
        memory_check(threads, table_mib, planner_mib, &mut notes);
        if self.knowledge == Knowledge::Hidden {
            notes.push(format!(
                "note: --max-nodes {max_nodes} bounds each thoughtful solve (the exact shortcut); a hidden game's nodes count all of its solves, the planner's too, so they can pass it"
            ));
            for (&id, &rules) in self.ids.iter().zip(&self.games) {
                let hides = crate::for_game!(rules, <V(v), 'a>() -> bool => crate::hidden::game_hides_cards::<V>(v));
                if !hides.expect("a compiled game") {
                    notes.push(format!(
                        "{id} hides no card: hidden play equals thoughtful play, its thoughtful verdicts are reused"
                    ));
                }
            }
        }
        notes
    }

    /// The rows of a resumed file (`path`; `records_source`: its columns record the deal
    /// source) that count for this run, in records. Refused: rows of another deal source, rows
    /// of a variant this run does not ask for, rows of the other knowledge, hidden rows of
    /// another planner or budget (or that do not record them), and a deal with two different
    /// results. Noted: identical duplicates (kept once), rows outside the seeds asked for (kept
    /// in the file, not counted), and rows that other limits made (counted: the summary then
    /// mixes limits). `budget` is the planner's budget of a hidden-play run. With `--retry`,
    /// rows of deals not asked for stay in the file and are not counted.
    #[allow(clippy::too_many_arguments)]
    pub fn resumed(
        &self,
        path: &Path,
        rows: Vec<Row>,
        records_source: bool,
        budget: Budget,
        options: &Options,
        games: &Games,
        notes: &mut Vec<String>,
    ) -> Result<Vec<Record>> {
        if let Some(row) = rows.iter().find(|r| r.record.source != self.source) {
            bail!("{}", other_source(path, row, self.source));
        }
        if self.source == DealSource::Pysol && !records_source {
            bail!(
                "{} has no \"source\" column (a file of an earlier version), so it cannot record PySolFC's game numbers: use another file",
                path.display()
            );
        }
        let budget = (self.knowledge == Knowledge::Hidden).then_some(budget);
        let records = check_resumed(path, rows, self, budget, options, games, notes)?;
        Ok(records
            .into_iter()
            .filter(|r| self.asks(r.variant, r.seed))
            .collect())
    }
}

/// Refuses seeds that are no deal numbers of `source`, and an empty selection.
fn check_selection(source: DealSource, selection: &Selection) -> Result<()> {
    if source == DealSource::Pysol && selection.contains(0) {
        bail!(
            "--pysol: 0 is no PySolFC game number (PySolFC says \"Invalid game number\"): its games start at 1 (--first-seed 1, or --seeds 1..N)"
        );
    }
    if let Err(why) = source.check_number(selection.range.last()) {
        match source {
            DealSource::Seed => bail!(
                "{selection}: {why} (PySolFC's game numbers, which go on to {}, take --pysol)",
                crate::pysol::MAX_NUMBER
            ),
            DealSource::Pysol => bail!("--pysol {selection}: {why}"),
        }
    }
    if selection.is_empty() {
        bail!("{selection} holds no seed");
    }
    Ok(())
}

/// [`Plan::resumed`]'s checks of the rows against the run.
fn check_resumed(
    path: &Path,
    rows: Vec<Row>,
    plan: &Plan,
    budget: Option<Budget>,
    options: &Options,
    games: &Games,
    notes: &mut Vec<String>,
) -> Result<Vec<Record>> {
    let (ids, selection) = (&plan.ids, &plan.selection);
    let name = path.display().to_string();
    let knowledge = plan.knowledge;
    if let Some(row) = rows.iter().find(|r| !ids.contains(&r.record.variant)) {
        bail!(
            "{name} holds results of {} (line {}), which this run does not ask for: resume it with its own variants ({}), or use another file",
            row.record.variant,
            row.line,
            variants_in(&rows, games).join(" ")
        );
    }
    if let Some(row) = rows.iter().find(|r| r.record.knowledge != knowledge) {
        bail!(
            "{name} holds {} results (line {}) and this run is {knowledge}: resume it with --knowledge {}, or use another file",
            row.record.knowledge,
            row.line,
            row.record.knowledge
        );
    }
    let records = combine(
        rows.into_iter().map(|r| (name.clone(), r)).collect(),
        false,
        games,
        notes,
    )
    .map_err(|c| Refused(c.0))?;
    if let Some(budget) = budget {
        check_budgets(&name, &records, budget)?;
        let (inside, _) = records
            .into_iter()
            .partition(|r| selection.contains(r.seed));
        return Ok(inside);
    }
    let (inside, outside): (Vec<Record>, Vec<Record>) = records
        .into_iter()
        .partition(|r| selection.contains(r.seed));
    if !outside.is_empty() {
        notes.push(format!(
            "{name}: {} rows are outside {selection}: kept in the file, not counted",
            outside.len()
        ));
    }
    let other_limits: Vec<&Record> = inside
        .iter()
        .filter(|r| match r.answer {
            Answer::Unknown(Limit::Nodes) => r.nodes < options.max_nodes,
            Answer::Unknown(Limit::Time) => options.timeout.is_none(),
            Answer::Unknown(_) => false,
            // Files of earlier versions, whose node limit was checked every 1024 nodes, hold
            // rows up to 1023 nodes past it.
            Answer::Won { .. } | Answer::Lost => r.nodes > options.max_nodes.saturating_add(1024),
        })
        .collect();
    if let Some(first) = other_limits.first() {
        notes.push(format!(
            "warning: {name}: {} rows were made with other limits than --max-nodes {}{} (the first: {} seed {}); the summary mixes them",
            other_limits.len(),
            options.max_nodes,
            if options.timeout.is_none() { " and no --timeout" } else { "" },
            first.variant,
            first.seed
        ));
    }
    Ok(inside)
}

/// Refuses hidden rows of another planner or budget: the rates would not be comparable.
fn check_budgets(name: &str, records: &[Record], budget: Budget) -> Result<()> {
    if let Some(r) = records.iter().find(|r| r.budget != Some(budget)) {
        let at = format!("{} seed {}", r.variant, r.seed);
        match r.budget {
            None => bail!(
                "{name} has hidden rows that do not record the planner ({at}; a file of the first format), so they were played by an earlier planner than this build's (revision {}): hidden rates are comparable only with the same planner at equal budget; use another file",
                budget.revision
            ),
            Some(b) if b.revision != budget.revision => bail!(
                "{name} was played by the planner of {} ({at}), and this build's planner is revision {}: hidden rates are comparable only with the same planner at equal budget; use another file",
                b.revision_text(),
                budget.revision
            ),
            Some(b) => bail!(
                "{name} was played with --samples {} --sample-nodes {} ({at}), and this run asks for --samples {} --sample-nodes {}: hidden rates are comparable only at equal budget; resume with its budget, or use another file",
                b.samples,
                b.sample_nodes,
                budget.samples,
                budget.sample_nodes
            ),
        }
    }
    Ok(())
}

/// A run under way: a tally per variant, the deals already done (read back from a resumed
/// file), and how each pass went.
pub struct Run<'p> {
    plan: &'p Plan,
    pub tallies: Vec<Tally>,
    done: HashSet<(&'static str, u128)>,
    /// Rows read back from a resumed file.
    pub read_back: u64,
    speeds: Vec<Option<(u64, f64)>>,
    /// A pass was cancelled (Ctrl-C).
    pub interrupted: bool,
}

impl<'p> Run<'p> {
    pub fn new(plan: &'p Plan) -> Run<'p> {
        let tallies = (plan.ids.iter())
            .map(|&id| Tally::of(id, plan.knowledge).from_source(plan.source))
            .collect();
        Run {
            plan,
            tallies,
            done: HashSet::new(),
            read_back: 0,
            speeds: vec![None; plan.ids.len()],
            interrupted: false,
        }
    }

    /// Counts the records of a resumed file (see [`Plan::resumed`]), showing `seen` each one.
    pub fn read_back(&mut self, records: Vec<Record>, seen: &mut dyn FnMut(&Record)) {
        for r in &records {
            let i = (self.plan.ids.iter())
                .position(|&id| id == r.variant)
                .expect("checked");
            self.tallies[i].add(r);
            seen(r);
            self.done.insert((r.variant, r.seed));
        }
        self.read_back = records.len() as u64;
    }

    /// The deals left to solve.
    pub fn left(&self) -> u64 {
        self.plan.asked - self.read_back
    }

    /// Runs the passes, one variant after the other, on `pool`, until all are done or one is
    /// cancelled; `on_record` sees each finished deal with its variant's tally (it is counted
    /// first). In hidden play each deal is played with the planner of `budget`.
    pub fn passes<E>(
        &mut self,
        pool: &rayon::ThreadPool,
        options: &Options,
        budget: Budget,
        cancel: &AtomicBool,
        on_record: &mut dyn FnMut(&Record, &Tally) -> Result<(), E>,
    ) -> Result<(), E>
    where
        E: From<DealFailed> + From<RulesError> + Send,
    {
        let (plan, done) = (self.plan, &self.done);
        for (i, &id) in plan.ids.iter().enumerate() {
            let seeds = plan
                .seeds(id)
                .filter(move |&seed| !done.contains(&(id, seed)));
            let tally = &mut self.tallies[i];
            let mut each = |r: Record| -> Result<(), E> {
                tally.add(&r);
                on_record(&r, tally)
            };
            let pass = Pass {
                pool,
                options,
                budget: (plan.knowledge == Knowledge::Hidden).then_some(budget),
                source: plan.source,
                seeds: Box::new(seeds),
                cancel,
                on_record: &mut each,
            };
            let end = with_rules(plan.games[i], pass)??;
            self.speeds[i] = Some((end.done, end.wall));
            if end.cancelled {
                self.interrupted = true;
                break;
            }
        }
        Ok(())
    }

    /// The deals finished, read back or solved.
    pub fn finished(&self) -> u64 {
        self.tallies.iter().map(Tally::deals).sum()
    }

    /// The line that says how far an interrupted run got (`csv`: it writes a result file), for
    /// a person while the summary is JSON; `None` when the run was not interrupted.
    pub fn interrupted_note(&self, csv: bool) -> Option<String> {
        self.interrupted.then(|| {
            format!(
                "interrupted: {} of {} deals finished; the summary covers those{}",
                self.finished(),
                self.plan.asked,
                if csv {
                    ", and --resume continues the CSV file"
                } else {
                    ""
                }
            )
        })
    }

    /// The run's report: a summary per variant, the limits (`table_mib`, `prune` and
    /// `threads` as asked), the seeds covered, and how far an interrupted run got; `csv` is the
    /// result file, if any.
    pub fn report(self, limits: RunLimits, budget: Budget, csv: Option<&Path>) -> Report {
        let (plan, finished) = (self.plan, self.finished());
        let mut scope = plan.selection.text_for(plan.source);
        if let Some((path, _)) = &plan.retry {
            scope.push_str(&format!(
                ", only the {} deals that {path} records as unknown",
                plan.asked
            ));
        }
        if self.read_back > 0 {
            scope.push_str(&format!(
                " ({} deals read back from {})",
                self.read_back,
                csv.expect("resumed").display()
            ));
        }
        Report {
            summaries: (self.tallies.into_iter())
                .zip(self.speeds)
                .map(|(tally, speed)| Summary {
                    tally,
                    speed: Some(speed.unwrap_or((0, 0.0))),
                })
                .collect(),
            limits: Some(limits),
            scope,
            interrupted: self.interrupted.then_some(Interrupted {
                done: finished,
                asked: plan.asked,
                csv: csv.is_some(),
            }),
            planner: (plan.knowledge == Knowledge::Hidden).then_some(budget),
        }
    }
}

/// One pass: the deals of one variant, solved, or played in hidden play with `budget`; a
/// [`crate::game::GameFn`] (`with_rules(rules, pass)`), run by [`Run::passes`] and by the task
/// [`crate::tasks::winrate`].
pub struct Pass<'a, E> {
    pub pool: &'a rayon::ThreadPool,
    pub options: &'a Options,
    pub budget: Option<Budget>,
    pub source: DealSource,
    pub seeds: Box<dyn Iterator<Item = u128> + Send + 'a>,
    pub cancel: &'a AtomicBool,
    pub on_record: &'a mut dyn FnMut(Record) -> Result<(), E>,
}

impl<E: From<DealFailed> + Send> crate::game::GameFn<Result<PassEnd, E>> for Pass<'_, E> {
    fn call<V: crate::game::Variant>(self, v: V) -> Result<PassEnd, E> {
        let Pass {
            pool,
            options,
            budget,
            source,
            seeds,
            cancel,
            on_record,
        } = self;
        match budget {
            None => solve_all::<V, _, E>(v, pool, options, source, seeds, cancel, on_record),
            Some(budget) => {
                play_all::<V, _, E>(v, pool, options, budget, source, seeds, cancel, on_record)
            }
        }
    }
}

/// Whether two paths name one file (the same path, or the same file once resolved).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// The refusal of a file row whose deal source is not the run's: a PySolFC game and our seed
/// of the same number are different deals.
fn other_source(path: &Path, row: &Row, source: DealSource) -> String {
    let (file, add) = match row.record.source {
        DealSource::Pysol => ("PySolFC's game numbers", "add --pysol"),
        DealSource::Seed => ("our seeds", "leave out --pysol"),
    };
    let run = match source {
        DealSource::Pysol => "PySolFC's game numbers (--pysol)",
        DealSource::Seed => "our seeds",
    };
    format!(
        "{} holds deals of {file} (line {}: {}) and this run deals {run}: {add}, or use another file",
        path.display(),
        row.line,
        row.record.deal_text()
    )
}

/// The variants of some rows, in the order of `patience variants`.
fn variants_in(rows: &[Row], games: &Games) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = rows.iter().map(|row| row.record.variant).collect();
    ids.sort_by_key(|id| (games.order(id), *id));
    ids.dedup();
    ids
}

/// A warning when the tables of all workers together could pass the machine's memory (Linux).
fn memory_check(threads: usize, table_mib: u64, planner_mib: u64, notes: &mut Vec<String>) {
    let Ok(meminfo) = std::fs::read_to_string("/proc/meminfo") else {
        return;
    };
    let total_mib = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map(|kib| kib / 1024);
    let per_worker = table_mib.saturating_add(planner_mib);
    let need = (threads as u64).saturating_mul(per_worker);
    if let Some(total) = total_mib.filter(|&t| need > t) {
        let each = match planner_mib {
            0 => format!("--table-mib {table_mib}"),
            p => format!("(--table-mib {table_mib} + the planner's {p})"),
        };
        notes.push(format!(
            "warning: {threads} workers × {each} = {need} MiB of tables could pass this machine's {total} MiB; lower --table-mib or --threads if deals hit it"
        ));
    }
}
