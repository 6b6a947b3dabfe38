//! `import patience`: the Python package over the `patience` library (PyO3, abi3).
//!
//! Each function reads its Python arguments into the library's values while it holds the GIL,
//! runs the library on a thread of its own with the GIL released (winrate on a rayon pool),
//! and checks Python's signals while it waits: Ctrl-C raises the library's cancel flag, the
//! work stops cleanly, and `KeyboardInterrupt` is raised. Errors are exceptions of the
//! `PatienceError` family carrying the library's one-line messages.

use patience::io::dealfile::{read_deal, write_deal};
use patience::io::movelist::read_moves;
use patience::io::results::ResultRow;
use patience::tasks::solve::Solved;
use patience::tasks::{DealFrom, TaskError};
use patience::{Budget, DealSource, Knowledge, Options, Record, Rules};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyRange, PyString};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The games of this session: the built-in ones and every rules file looked up so far.
static GAMES: std::sync::Mutex<patience::games::Games> =
    std::sync::Mutex::new(patience::games::Games::new());

/// The rules of a game argument, through the session's games ([`GAMES`]).
fn lookup(game: &str) -> Result<&'static patience::Rules, patience::games::RulesError> {
    GAMES.lock().unwrap_or_else(|e| e.into_inner()).lookup(game)
}

create_exception!(
    patience,
    PatienceError,
    PyException,
    "The base of every error of the patience package."
);
create_exception!(
    patience,
    BadInputError,
    PatienceError,
    "An argument the library refuses: a number out of range, a missing seed."
);
create_exception!(
    patience,
    UnknownGameError,
    BadInputError,
    "A game id that is neither built in nor a rules file (a path ending in .toml)."
);
create_exception!(
    patience,
    RulesFileError,
    BadInputError,
    "A rules file that cannot be read or is refused."
);
create_exception!(
    patience,
    DealError,
    BadInputError,
    "A deal that is not a legal deal of its game, or a deal file that cannot be read."
);
create_exception!(
    patience,
    MovesError,
    BadInputError,
    "A move list that cannot be read, or that belongs to another game or deal."
);
create_exception!(
    patience,
    SolverError,
    PatienceError,
    "The solver failed for a reason other than a limit (a position too large for its key)."
);

/// An error of the library, before it becomes a Python exception (it crosses threads).
#[derive(Debug)]
enum Failure {
    BadInput(String),
    Unknown(String),
    Rules(String),
    Deal(String),
    Moves(String),
    Solver(String),
}

/// An error and its causes on one line, as the command prints them.
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text.replace(['\n', '\r'], " ")
}

impl From<patience::games::RulesError> for Failure {
    fn from(e: patience::games::RulesError) -> Failure {
        match e {
            patience::games::RulesError::Unknown { .. } => Failure::Unknown(chain(&e)),
            _ => Failure::Rules(chain(&e)),
        }
    }
}

impl From<patience::PysolError> for Failure {
    fn from(e: patience::PysolError) -> Failure {
        Failure::BadInput(chain(&e))
    }
}

impl From<patience::tasks::StartError> for Failure {
    fn from(e: patience::tasks::StartError) -> Failure {
        match e {
            patience::tasks::StartError::Pysol(e) => Failure::from(e),
            e => Failure::Deal(chain(&e)),
        }
    }
}

impl From<TaskError> for Failure {
    fn from(e: TaskError) -> Failure {
        match e {
            TaskError::Rules(e) => Failure::from(e),
            TaskError::Start(e) => Failure::from(*e),
            e @ TaskError::Check(_) => Failure::Moves(chain(&e)),
            e => Failure::Solver(chain(&e)),
        }
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        match f {
            Failure::BadInput(m) => BadInputError::new_err(m),
            Failure::Unknown(m) => UnknownGameError::new_err(m),
            Failure::Rules(m) => RulesFileError::new_err(m),
            Failure::Deal(m) => DealError::new_err(m),
            Failure::Moves(m) => MovesError::new_err(m),
            Failure::Solver(m) => SolverError::new_err(m),
        }
    }
}

type Res<T> = Result<T, Failure>;

/// Runs `work` on a thread of its own with the GIL released, checking Python's signals while
/// it waits: on Ctrl-C (or any signal handler that raises) the cancel flag is raised, the work
/// is waited for (the library stops promptly and cleanly), and the handler's exception is
/// returned.
fn cancellable<T: Send>(py: Python<'_>, work: impl FnOnce(&AtomicBool) -> T + Send) -> PyResult<T> {
    let cancel = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel();
        let cancel = &cancel;
        let handle = scope.spawn(move || {
            // The receiver waits for this until the end: sending cannot fail.
            let _ = tx.send(work(cancel));
        });
        loop {
            let (got, back) = py.detach(move || {
                let got = rx.recv_timeout(Duration::from_millis(50));
                (got, rx)
            });
            rx = back;
            match got {
                Ok(value) => return Ok(value),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        let _ = py.detach(move || rx.recv());
                        return Err(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => match handle.join() {
                    // PyO3 turns the panic into a `PanicException`.
                    Err(panic) => std::panic::resume_unwind(panic),
                    Ok(()) => unreachable!("the work sends its result before it ends"),
                },
            }
        }
    })
}

/// A whole number 0..=2^64-1 for `what`.
fn whole(obj: &Bound<'_, PyAny>, what: &str) -> Res<u64> {
    obj.extract::<u64>().map_err(|_| {
        Failure::BadInput(format!(
            "{what}: a seed is a whole number from 0 to {}, not {}",
            u64::MAX,
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })
}

/// The solver options of the keyword arguments, checked as the command checks its flags.
fn options(max_nodes: u64, timeout: Option<f64>, table_mib: u64) -> Res<Options> {
    Options::with_limits(max_nodes, timeout, table_mib)
        .map_err(|e| Failure::BadInput(e.message(["max_nodes", "timeout", "table_mib"])))
}

/// The planner's budget of the keyword arguments.
fn budget(samples: u32, sample_nodes: u64) -> Res<Budget> {
    if !(1..=Budget::MAX_SAMPLES).contains(&samples) {
        return Err(Failure::BadInput(format!(
            "samples must be from 1 to {}, not {samples}",
            Budget::MAX_SAMPLES
        )));
    }
    if sample_nodes == 0 {
        return Err(Failure::BadInput("sample_nodes must be at least 1".into()));
    }
    Ok(Budget::new(samples, sample_nodes))
}

fn knowledge(word: &str) -> Res<Knowledge> {
    match word {
        "thoughtful" => Ok(Knowledge::Thoughtful),
        "hidden" => Ok(Knowledge::Hidden),
        other => Err(Failure::BadInput(format!(
            "knowledge must be \"thoughtful\" or \"hidden\", not {other:?}"
        ))),
    }
}

/// A start: the game's rules and where its deal comes from.
struct Start {
    rules: &'static Rules,
    from: DealFrom,
}

/// The deal file text of a Python deal: a dict (as `deal` returns), a deal file's JSON text,
/// or a `Solution` (its deal).
fn deal_text(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(sol) = obj.cast::<PySolution>() {
        return Ok(Some(sol.get().deal_json.clone()));
    }
    if obj.is_instance_of::<PyDict>() {
        let json = obj.py().import("json")?;
        return Ok(Some(json.call_method1("dumps", (obj,))?.extract()?));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s: String = s.extract()?;
        if s.trim_start().starts_with('{') {
            return Ok(Some(s));
        }
    }
    Ok(None)
}

/// Reads the start of `game_or_deal`: a game (id or rules file) with `seed` or `pysol`, or a
/// deal (dict, JSON text or `Solution`), whose `variant` names its game unless `game` does.
fn start_of(
    game_or_deal: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    pysol: Option<&Bound<'_, PyAny>>,
    game: Option<&str>,
) -> PyResult<Start> {
    if let Some(text) = deal_text(game_or_deal)? {
        if seed.is_some() || pysol.is_some() {
            return Err(Failure::BadInput(
                "a deal is given: seed= and pysol= name a game's deal instead".into(),
            )
            .into());
        }
        let deal = read_deal(&text).map_err(|e| Failure::Deal(chain(&e)))?;
        let rules = match (&deal.variant, game) {
            // A deal for another game than `game` is refused by the task.
            (_, Some(g)) => lookup(g).map_err(Failure::from)?,
            (Some(v), None) => lookup(v).map_err(Failure::from)?,
            (None, None) => {
                return Err(Failure::BadInput(
                    "the deal names no variant: pass game= (an id or a rules file)".into(),
                )
                .into());
            }
        };
        return Ok(Start {
            rules,
            from: DealFrom::Deal(deal),
        });
    }
    let name: String = game_or_deal.extract().map_err(|_| {
        Failure::BadInput(format!(
            "expected a game (an id or the path of a rules file) or a deal (a dict, its JSON text, or a Solution), not {}",
            game_or_deal.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })?;
    if let Some(g) = game
        && g != name
    {
        return Err(Failure::BadInput(format!("two games are named: {name:?} and {g:?}")).into());
    }
    let rules = lookup(&name).map_err(Failure::from)?;
    let from = match (seed, pysol) {
        (Some(s), None) => DealFrom::Seed(whole(s, "seed")?),
        (None, Some(n)) => {
            let n: u128 = n.extract().map_err(|_| {
                Failure::BadInput(format!(
                    "pysol: PySolFC game numbers run from 0 to {}, not {}",
                    patience::PysolNumber::MAX,
                    n.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })?;
            let n = patience::PysolNumber::new(n).map_err(Failure::from)?;
            DealFrom::Pysol(n.into())
        }
        (None, None) => {
            return Err(Failure::BadInput(format!(
                "{name}: which deal? pass seed= (or pysol=, a PySolFC game number)"
            ))
            .into());
        }
        (Some(_), Some(_)) => {
            return Err(
                Failure::BadInput("seed= and pysol= name two deals: pass one".into()).into(),
            );
        }
    };
    Ok(Start { rules, from })
}

/// A JSON text as a Python value.
fn json_value(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// The serde spelling of a value (`"nodes"`, `"solved"`, `"pysol"`).
fn word<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// A task's answer as a dict: its serde form.
fn dict<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyDict>> {
    let text = serde_json::to_string(value).map_err(|e| Failure::Solver(e.to_string()))?;
    Ok(json_value(py, &text)?
        .into_bound(py)
        .cast_into::<PyDict>()?)
}

/// The verdict of one deal and the search's counters (`solve`). `print()` shows the solution
/// move by move, with each move in words; `to_dict()` is the solve result of docs/formats.md.
#[pyclass(module = "patience", name = "Solution", frozen)]
struct PySolution {
    /// The game's id.
    #[pyo3(get)]
    variant: String,
    /// The deal's seed (`None` for a deal given as a deal file or a PySolFC number).
    #[pyo3(get)]
    seed: Option<u64>,
    /// `"solved"`, `"unsolvable"` or `"unknown"`.
    #[pyo3(get)]
    verdict: String,
    /// The solution's moves (empty unless solved), each verified by replay.
    #[pyo3(get)]
    moves: Vec<String>,
    /// Nodes searched.
    #[pyo3(get)]
    nodes: u64,
    /// The limit that stopped an `unknown` search: `"nodes"`, `"time"` or `"cancelled"`.
    #[pyo3(get)]
    limit: Option<String>,
    /// Wall-clock seconds of the search.
    #[pyo3(get)]
    seconds: f64,
    /// Positions in the search's table at the end.
    #[pyo3(get)]
    table_positions: usize,
    text: String,
    result_json: String,
    deal_json: String,
}

#[pymethods]
impl PySolution {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        // Python's spelling of the strings (the ids and words hold no quote).
        format!(
            "Solution(variant='{}', seed={}, verdict='{}', moves=<{} moves>, nodes={}, limit={})",
            self.variant,
            self.seed.map_or("None".to_string(), |s| s.to_string()),
            self.verdict,
            self.moves.len(),
            self.nodes,
            self.limit
                .as_ref()
                .map_or("None".to_string(), |l| format!("'{l}'"))
        )
    }

    /// True when the verdict is `solved`.
    #[getter]
    fn solved(&self) -> bool {
        self.verdict == "solved"
    }

    /// The deal that was solved, as a deal file's object.
    #[getter]
    fn deal(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_value(py, &self.deal_json)
    }

    /// The solve result of docs/formats.md (the JSON of `patience solve --json`) as a dict.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_value(py, &self.result_json)
    }
}

/// The `Solution` of a solve.
fn solution(solved: &Solved) -> PySolution {
    let result = solved.result();
    PySolution {
        variant: solved.rules.id.to_string(),
        seed: solved.deal.seed,
        verdict: word(&result.verdict),
        moves: result.moves.clone(),
        nodes: result.nodes,
        limit: result.limit.as_ref().map(word),
        seconds: result.seconds,
        table_positions: result.table_positions,
        // `print()` ends the last line.
        text: solved.text().trim_end_matches('\n').to_string(),
        result_json: serde_json::to_string(&result).unwrap_or_default(),
        deal_json: write_deal(&solved.deal),
    }
}

/// The built-in games: a list of dicts with `id`, `name` and `summary`.
#[pyfunction]
fn variants(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for r in patience::games::ALL {
        let d = PyDict::new(py);
        d.set_item("id", r.id)?;
        d.set_item("name", r.name)?;
        d.set_item("summary", r.summary)?;
        list.append(d)?;
    }
    Ok(list)
}

/// The deal of a game's seed or PySolFC game number, as a deal file's object.
#[pyfunction]
#[pyo3(signature = (game, seed=None, pysol=None))]
fn deal(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    pysol: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let start = start_of(game, seed, pysol, None)?;
    let (deal, _) = patience::tasks::start(start.rules, start.from).map_err(Failure::from)?;
    json_value(py, &write_deal(&deal))
}

/// Solves one deal: the thoughtful verdict, its moves, nodes and limit.
#[pyfunction]
#[pyo3(signature = (game_or_deal, seed=None, *, pysol=None, game=None, max_nodes=patience::Options::DEFAULT_MAX_NODES, timeout=None, table_mib=(patience::Options::DEFAULT_TABLE_BYTES >> 20) as u64))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    game_or_deal: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    pysol: Option<&Bound<'_, PyAny>>,
    game: Option<&str>,
    max_nodes: u64,
    timeout: Option<f64>,
    table_mib: u64,
) -> PyResult<PySolution> {
    let start = start_of(game_or_deal, seed, pysol, game)?;
    let options = options(max_nodes, timeout, table_mib)?;
    let solved = cancellable(py, |cancel| {
        patience::tasks::solve::solve(start.rules, start.from, &options, cancel)
    })?
    .map_err(Failure::from)?;
    Ok(solution(&solved))
}

/// The text of a move list argument: a list of tokens, a text, or a `Solution` (its moves).
fn moves_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(sol) = obj.cast::<PySolution>() {
        return Ok(sol.get().moves.join(" "));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return s.extract();
    }
    let tokens: Vec<String> = obj.extract().map_err(|_| {
        Failure::Moves(
            "move list: expected a list of move tokens (\"T3>F1\"), a text, or a Solution".into(),
        )
    })?;
    // A JSON list, so that a token with a blank in it is refused, not split.
    Ok(serde_json::to_string(&tokens).unwrap_or_default())
}

/// Replays a move list from a deal with nothing but the game's rules.
#[pyfunction]
#[pyo3(signature = (deal, moves, *, seed=None, pysol=None, game=None))]
fn check<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    moves: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    pysol: Option<&Bound<'py, PyAny>>,
    game: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let start = start_of(deal, seed, pysol, game)?;
    let text = moves_text(moves)?;
    let (deal, pos) =
        patience::tasks::start(start.rules, start.from.clone()).map_err(Failure::from)?;
    let list = read_moves(&text).map_err(|e| Failure::Moves(chain(&e)))?;
    let ours = match &start.from {
        DealFrom::Deal(_) => "the deal given".to_string(),
        from => patience::tasks::check::deal_name(from, ""),
    };
    let c = patience::tasks::check::check(start.rules, &deal, pos, &list, &ours)
        .map_err(|e| Failure::Moves(chain(&e)))?;
    let d = PyDict::new(py);
    d.set_item("won", c.won)?;
    d.set_item("legal", c.illegal.is_none())?;
    d.set_item("illegal_move", c.illegal.as_ref().map(|(i, _)| *i))?;
    d.set_item("moves", c.moves)?;
    d.set_item("on_foundations", c.on_found)?;
    d.set_item("cards", c.cards)?;
    d.set_item("text", c.text())?;
    Ok(d)
}

/// The move with the best estimated chance from a position a person sees (hidden play).
#[pyfunction]
#[pyo3(signature = (position, seed=None, *, pysol=None, game=None, samples=patience::Budget::DEFAULT_SAMPLES, sample_nodes=patience::Budget::DEFAULT_SAMPLE_NODES, planner_seed=None, top=5))]
#[allow(clippy::too_many_arguments)]
fn hint<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    pysol: Option<&Bound<'py, PyAny>>,
    game: Option<&str>,
    samples: u32,
    sample_nodes: u64,
    planner_seed: Option<u64>,
    top: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let start = start_of(position, seed, pysol, game)?;
    let budget = budget(samples, sample_nodes)?;
    let h = cancellable(py, |cancel| {
        patience::tasks::hint::hint(start.rules, start.from, budget, planner_seed, cancel)
    })?
    .map_err(Failure::from)?;
    let Some(mut h) = h else {
        return Err(PatienceError::new_err("cancelled"));
    };
    h.choices.truncate(top.max(1));
    dict(py, &h)
}

/// One deal played to its end: thoughtful (the solver's line) or hidden (the planner).
#[pyfunction]
#[pyo3(signature = (game_or_deal, seed=None, *, pysol=None, game=None, knowledge="thoughtful", samples=patience::Budget::DEFAULT_SAMPLES, sample_nodes=patience::Budget::DEFAULT_SAMPLE_NODES, max_nodes=patience::Options::DEFAULT_MAX_NODES, timeout=None, table_mib=(patience::Options::DEFAULT_TABLE_BYTES >> 20) as u64))]
#[allow(clippy::too_many_arguments)]
fn play<'py>(
    py: Python<'py>,
    game_or_deal: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    pysol: Option<&Bound<'py, PyAny>>,
    game: Option<&str>,
    knowledge: &str,
    samples: u32,
    sample_nodes: u64,
    max_nodes: u64,
    timeout: Option<f64>,
    table_mib: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let start = start_of(game_or_deal, seed, pysol, game)?;
    let knowledge = self::knowledge(knowledge)?;
    let options = options(max_nodes, timeout, table_mib)?;
    let budget = budget(samples, sample_nodes)?;
    let p = cancellable(py, |cancel| -> Res<_> {
        let (deal, pos) = patience::tasks::start(start.rules, start.from)?;
        let played = patience::tasks::play::play(
            start.rules,
            deal,
            pos,
            knowledge,
            &options,
            budget,
            cancel,
            &mut |_, _| {},
        )?;
        Ok(played)
    })??;
    match p {
        Some(p) if !p.cancelled() => dict(py, &p),
        _ => Err(PatienceError::new_err("cancelled")),
    }
}

/// The seeds of a `winrate`: a Python `range` (walked lazily, so that a huge one is fine) or
/// any iterable of whole numbers.
enum Seeds {
    Range { start: u128, stop: u128, step: u128 },
    List(Vec<u128>),
}

/// A number of `source`: a seed (0 to 2^64 - 1) or a PySolFC game number (to 10^20).
fn number(obj: &Bound<'_, PyAny>, source: DealSource) -> Res<u128> {
    let (max, what) = match source {
        DealSource::Seed => (u64::MAX as u128, "a seed is a whole number from 0"),
        DealSource::Pysol => (
            patience::PysolNumber::MAX,
            "a PySolFC game number is a whole number from 1",
        ),
    };
    obj.extract::<u128>()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| {
            Failure::BadInput(format!(
                "seeds: {what} to {max}, not {}",
                obj.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })
}

impl Seeds {
    fn read(obj: &Bound<'_, PyAny>, source: DealSource) -> PyResult<Seeds> {
        let seeds = if let Ok(r) = obj.cast::<PyRange>() {
            let get = |name: &str| -> PyResult<Bound<'_, PyAny>> { r.getattr(name) };
            let (start, stop, step) = (get("start")?, get("stop")?, get("step")?);
            let step: i64 = step.extract()?;
            if step < 1 {
                return Err(Failure::BadInput(format!(
                    "seeds: a range of seeds counts up, not by {step}"
                ))
                .into());
            }
            let start = number(&start, source)?;
            // A stop past the largest number is the end of the numbers.
            let end = match source {
                DealSource::Seed => u64::MAX as u128,
                DealSource::Pysol => patience::PysolNumber::MAX + 1,
            };
            let stop = stop.extract::<u128>().map_or_else(
                |_| {
                    if stop.extract::<i64>().is_ok() {
                        0
                    } else {
                        end
                    }
                },
                |s| s.min(end),
            );
            Seeds::Range {
                start,
                stop,
                step: step as u128,
            }
        } else {
            let mut list = Vec::new();
            for item in obj.try_iter()? {
                list.push(number(&item?, source)?);
            }
            Seeds::List(list)
        };
        if seeds.is_empty() {
            return Err(Failure::BadInput("seeds: holds no seed".into()).into());
        }
        Ok(seeds)
    }

    fn is_empty(&self) -> bool {
        match self {
            Seeds::Range { start, stop, .. } => start >= stop,
            Seeds::List(list) => list.is_empty(),
        }
    }

    fn iter(&self) -> Box<dyn Iterator<Item = u128> + Send + '_> {
        match self {
            Seeds::Range { start, stop, step } => Box::new((*start..*stop).step_by(*step as usize)),
            Seeds::List(list) => Box::new(list.iter().copied()),
        }
    }
}

/// A record as a dict whose keys are the result CSV's columns.
fn row<'py>(py: Python<'py>, r: &Record) -> PyResult<Bound<'py, PyDict>> {
    let row = ResultRow::from(r);
    // The row's own serde form, so the keys are the columns of `HEADER` in its order.
    let d = dict(py, &row)?;
    // The file writes seconds as text with six decimals; a Python row keeps the number.
    d.set_item("seconds", row.seconds)?;
    Ok(d)
}

/// Many seeded deals solved (or played) in parallel: one row per deal, as the result CSV.
#[pyfunction]
#[pyo3(signature = (game, seeds, *, knowledge="thoughtful", pysol=false, max_nodes=patience::Options::DEFAULT_MAX_NODES, timeout=None, table_mib=(patience::Options::DEFAULT_TABLE_BYTES >> 20) as u64, samples=patience::Budget::DEFAULT_SAMPLES, sample_nodes=patience::Budget::DEFAULT_SAMPLE_NODES, threads=None, dataframe=false))]
#[allow(clippy::too_many_arguments)]
fn winrate<'py>(
    py: Python<'py>,
    game: &str,
    seeds: &Bound<'py, PyAny>,
    knowledge: &str,
    pysol: bool,
    max_nodes: u64,
    timeout: Option<f64>,
    table_mib: u64,
    samples: u32,
    sample_nodes: u64,
    threads: Option<usize>,
    dataframe: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = lookup(game).map_err(Failure::from)?;
    let knowledge = self::knowledge(knowledge)?;
    let options = options(max_nodes, timeout, table_mib)?;
    let budget = budget(samples, sample_nodes)?;
    let source = if pysol {
        patience::pysol_game(rules).map_err(|e| {
            Failure::BadInput(format!(
                "pysol: {}: its deals have no PySolFC game number",
                chain(&e)
            ))
        })?;
        DealSource::Pysol
    } else {
        DealSource::Seed
    };
    let seeds = Seeds::read(seeds, source)?;
    let threads = match threads {
        Some(0) => return Err(Failure::BadInput("threads must be at least 1".into()).into()),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pass = cancellable(py, |cancel| {
        patience::tasks::winrate::winrate(
            rules,
            source,
            seeds.iter(),
            knowledge,
            &options,
            budget,
            threads,
            cancel,
        )
    })?
    .map_err(Failure::from)?;
    if pass.cancelled {
        return Err(PatienceError::new_err("cancelled"));
    }
    let rows = PyList::empty(py);
    for r in &pass.records {
        rows.append(row(py, r)?)?;
    }
    if dataframe {
        return py.import("pandas")?.call_method1("DataFrame", (rows,));
    }
    Ok(rows.into_any())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("HEADER", patience::io::results::HEADER)?;
    m.add("PatienceError", py.get_type::<PatienceError>())?;
    m.add("BadInputError", py.get_type::<BadInputError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("RulesFileError", py.get_type::<RulesFileError>())?;
    m.add("DealError", py.get_type::<DealError>())?;
    m.add("MovesError", py.get_type::<MovesError>())?;
    m.add("SolverError", py.get_type::<SolverError>())?;
    m.add_class::<PySolution>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(deal, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(winrate, m)?)?;
    Ok(())
}
