//! The thoughtful solver: exact depth-first search with a transposition table of exact keys.
//!
//! `solved` always comes with a move list that an independent replay (`game::legal`, not the
//! move generator) accepts and that ends with every card on the foundations; `unsolvable` is
//! said only after the search entered every reachable position (up to the proved prunings of
//! [`prune`]); anything else is `unknown`, with the limit that stopped the search.

pub mod best;
pub mod blocked;
pub mod key;
pub mod layout;
pub mod loose;
pub mod prune;
mod schedule;
pub mod search;
pub mod shorten;
pub mod streamline;
pub mod table;
pub mod twin;

use prune::Plan;
pub use prune::Prune;
pub use schedule::{DRY_PLAIN_FACTOR, INTERLEAVE_FROM, restarts_first};
pub use search::{End, Limit, Limits, Mode, Searcher, Stats, Visit, Win};

use crate::game::position::Position;
use crate::game::{Illegal, Move, Place, Stock, Variant, apply, legal};
use std::borrow::Cow;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Default node budget per deal (deterministic, unlike a time limit).
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;
/// Default memory bound of one solver's table: two solvers fit a 24 GiB machine many times over.
pub const DEFAULT_TABLE_BYTES: usize = 2 << 30;

/// How to solve.
#[derive(Clone, Debug)]
pub struct Options {
    pub max_nodes: u64,
    pub timeout: Option<Duration>,
    pub table_bytes: usize,
    pub prune: Prune,
    /// Try a streamlined search (where used), a short exact search and a best-first search
    /// before the long exact search (see `Solver::search`); verdicts are the same either way,
    /// wins are found sooner.
    pub quick: bool,
    /// With `quick`, in Klondike (the loose tableau, where the long exact search runs alone),
    /// a short exact search in lonelybot's order of move classes first, at the budgets of a
    /// whole solve (see `Solver::search`). The hidden planner turns it off, so that its games
    /// stay those of its revision.
    pub classes_first: bool,
}

impl Options {
    /// The node budget of a solve when none is given ([`DEFAULT_MAX_NODES`]).
    pub const DEFAULT_MAX_NODES: u64 = DEFAULT_MAX_NODES;
    /// The table's memory bound when none is given, in bytes ([`DEFAULT_TABLE_BYTES`]).
    pub const DEFAULT_TABLE_BYTES: usize = DEFAULT_TABLE_BYTES;
    /// The largest table bound a user may ask for, in MiB ([`MAX_TABLE_MIB`]).
    pub const MAX_TABLE_MIB: u64 = MAX_TABLE_MIB;
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_nodes: DEFAULT_MAX_NODES,
            timeout: None,
            table_bytes: DEFAULT_TABLE_BYTES,
            prune: Prune::default(),
            quick: true,
            classes_first: true,
        }
    }
}

/// The longest timeout, in seconds: a year (365 days). Far below what a `Duration` or an
/// `Instant` can hold, and far beyond any useful solve.
pub const MAX_TIMEOUT_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The largest table bound, in MiB: 1 TiB. Every byte count the solver derives from it (slots,
/// growth steps) stays far below `usize::MAX` on a 64-bit machine.
pub const MAX_TABLE_MIB: u64 = 1 << 20;

/// A limit of [`Options::with_limits`] that the solver cannot honour.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum LimitError {
    /// A node limit of 0.
    MaxNodes,
    /// A timeout not above 0, not finite, or past [`MAX_TIMEOUT_SECONDS`].
    Timeout(f64),
    /// A table bound outside 1..=[`MAX_TABLE_MIB`] MiB.
    TableMib(u64),
}

impl LimitError {
    /// The one-line message, naming the three limits as the caller spells them (`--max-nodes`,
    /// `--timeout`, `--table-mib` on the command line).
    pub fn message(&self, [nodes, timeout, table]: [&str; 3]) -> String {
        match *self {
            LimitError::MaxNodes => format!("{nodes} must be at least 1"),
            LimitError::Timeout(s) => format!(
                "{timeout} must be a number of seconds above 0 and at most {MAX_TIMEOUT_SECONDS} (a year), not {s}"
            ),
            LimitError::TableMib(m) => {
                format!("{table} must be from 1 to {MAX_TABLE_MIB} (1 TiB), not {m}")
            }
        }
    }
}

impl Options {
    /// The default options with these limits, each checked, so that the solver never meets one
    /// it cannot honour (a timeout that would overflow a `Duration` or an `Instant`, a node limit
    /// of 0, a table bound past [`MAX_TABLE_MIB`]).
    pub fn with_limits(
        max_nodes: u64,
        timeout: Option<f64>,
        table_mib: u64,
    ) -> Result<Options, LimitError> {
        let timeout = match timeout {
            None => None,
            Some(s) if s.is_finite() && s > 0.0 && s <= MAX_TIMEOUT_SECONDS => {
                Some(Duration::from_secs_f64(s))
            }
            Some(s) => return Err(LimitError::Timeout(s)),
        };
        if max_nodes == 0 {
            return Err(LimitError::MaxNodes);
        }
        if !(1..=MAX_TABLE_MIB).contains(&table_mib) {
            return Err(LimitError::TableMib(table_mib));
        }
        Ok(Options {
            max_nodes,
            timeout,
            table_bytes: (table_mib as usize).saturating_mul(1 << 20),
            ..Options::default()
        })
    }
}

/// The answer for one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Solved(Vec<Move>),
    Unsolvable,
    Unknown(Limit),
}

impl Verdict {
    /// `solved`, `unsolvable` or `unknown` (docs/formats.md).
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Solved(_) => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Unknown(_) => "unknown",
        }
    }
}

/// A verdict with the search's counters.
#[derive(Clone, Debug)]
pub struct Solution {
    pub verdict: Verdict,
    pub stats: Stats,
    pub seconds: f64,
}

/// The solver could not give a verdict for a reason other than a limit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(
        "this position is too large for the game's exact state key ({needed} bits, {have} available)"
    )]
    KeyTooSmall { needed: u32, have: u32 },
    #[error("internal error: the solution's move {index} ({mv}) is refused on replay: {why}")]
    BadSolution {
        index: usize,
        mv: Move,
        why: Illegal,
    },
    #[error("internal error: the solution replays without winning")]
    NotWon,
}

/// Replays `moves` from `start` with the direct rules check; the position reached, or the first
/// refused move (0-based index) and why.
pub fn replay<V: Variant>(
    v: V,
    start: &Position,
    moves: &[Move],
) -> Result<Position, (usize, Illegal)> {
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let m = legal::<V>(v, &pos, m).map_err(|e| (i, e))?;
        apply::<V>(v, &mut pos, m);
    }
    Ok(pos)
}

/// The real moves of a move list that may hold talon plays ([`Move::talon_play`]) and twin
/// shifts ([`Move::twin_shift`]): a talon play becomes the stock turns (and the redeal) it
/// stands for and the play from the waste, a twin shift its run move and its move up. Other
/// moves are kept as they are. The result is meant for [`replay`], which checks it.
pub fn expand_solver_moves<V: Variant>(v: V, start: &Position, moves: &[Move]) -> Vec<Move> {
    if !moves
        .iter()
        .any(|m| m.as_talon_play().is_some() || m.as_twin_shift().is_some())
    {
        return moves.to_vec();
    }
    let draw = match v.rules().stock {
        Stock::Waste { draw, .. } => draw,
        Stock::None => 1,
    };
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len() * 2);
    let mut step = |pos: &mut Position, m: Move| {
        apply::<V>(v, pos, m);
        out.push(m);
    };
    let turn = |pos: &Position| Move::new(Place::Stock, Place::Waste, draw.min(pos.stock_len));
    for &m in moves {
        if let Some(q) = m.as_twin_shift() {
            let (run, up) = crate::game::engine::twin_shift_moves(&pos, m, q);
            step(&mut pos, run);
            step(&mut pos, up);
            continue;
        }
        let Some((t, redeal)) = m.as_talon_play() else {
            step(&mut pos, m);
            continue;
        };
        if redeal {
            while pos.stock_len > 0 {
                let m = turn(&pos);
                step(&mut pos, m);
            }
            let m = Move::new(Place::Waste, Place::Stock, pos.waste_len);
            step(&mut pos, m);
        }
        while pos.waste_len < t && pos.stock_len > 0 {
            let m = turn(&pos);
            step(&mut pos, m);
        }
        step(&mut pos, Move::new(Place::Waste, m.to, 1));
    }
    out
}

/// `start` as the game's exact state key can take it, or the refusal of a position too large
/// for the key.
///
/// A position read from a file counts each whole pile as its prefix (`Pile::fixed`), as at a
/// deal. A position from the middle of a game may have piles far taller than any deal's, and
/// then more bits than the key has. When `start` does not fit, its search starts from a copy
/// whose prefixes end below each pile's top build sequence ([`with_built_tops`]): the same
/// position to play (the prefix only tells the key which cards it may take from the start).
fn keyable<V: Variant>(v: V, start: &Position) -> Result<Cow<'_, Position>, SolveError> {
    let have = 64 * V::Key::default().as_ref().len() as u32;
    if key::KeyContext::max_bits::<V>(v, start) <= have {
        return Ok(Cow::Borrowed(start));
    }
    let cut = with_built_tops::<V>(v, start);
    let needed = key::KeyContext::max_bits::<V>(v, &cut);
    if needed > have {
        return Err(SolveError::KeyTooSmall { needed, have });
    }
    Ok(Cow::Owned(cut))
}

/// `pos` with each pile's prefix ending below the longest build sequence on its top (face-up
/// cards, each on the one below under the game's build rule), as if those cards had been built
/// there. The key's rules for a prefix still hold: its top card is face up (the cut moves up
/// one card where it would leave a face-down card on top), and the built part is a build
/// sequence no longer than the key's count field.
pub fn with_built_tops<V: Variant>(v: V, pos: &Position) -> Position {
    let b = V::BUILD;
    let most = (1usize << key::count_bits(b)) - 1;
    let mut out = pos.clone();
    for pile in out.piles.iter_mut().take(v.rules().piles()) {
        // The built part is cards[f..len]; it grows down while the card below is face up and
        // the part's bottom card fits on it.
        let len = pile.len as usize;
        let mut f = pile.fixed as usize;
        while f > 0
            && len - f < most
            && !pile.is_down(f - 1)
            && (f == len || b.fits(pile.card(f), pile.card(f - 1)))
        {
            f -= 1;
        }
        if f < pile.fixed as usize && f > 0 && pile.is_down(f - 1) {
            f += 1;
        }
        pile.fixed = f as u8;
    }
    out
}

/// A solver for one game, reusable from deal to deal (its tables keep their memory).
pub struct Solver<V: Variant> {
    /// The game.
    v: V,
    searchers: schedule::Searchers<V>,
    /// The counters of the last solve (its scans' nodes added up).
    stats: Stats,
    pub options: Options,
}

impl<V: Variant> Solver<V> {
    pub fn new(v: V, options: Options) -> Self {
        Solver {
            v,
            searchers: schedule::Searchers::new(v, options.table_bytes, options.prune),
            stats: Stats::default(),
            options,
        }
    }

    /// The game it solves.
    pub fn game(&self) -> V {
        self.v
    }

    /// Searches from `start` with the schedule ([`schedule`]). `Options::quick = false` runs
    /// the plain exact search alone, and so does a game with the loose tableau ([`loose`]),
    /// where that search alone finds every win the whole schedule finds and proves more deals
    /// lost.
    fn search(&mut self, start: &Position, limits: &Limits, cancel: &AtomicBool) -> End {
        let v = self.v;
        let loose = Plan::new::<V>(v, &self.options.prune).loose::<V>(v);
        let quick = self.options.quick && !loose;
        // With the loose tableau (Klondike), where the search is the plain one alone: a first
        // search in lonelybot's order, at the budgets of a whole solve.
        let classes = self.options.quick
            && self.options.classes_first
            && loose
            && limits.max_nodes >= schedule::INTERLEAVE_FROM;
        self.searchers.set_prune(self.options.prune);
        let (end, stats) = self.searchers.search(start, limits, quick, classes, cancel);
        self.stats = stats;
        end
    }

    /// Gives back the memory its tables hold after a solve (they keep it for the next deal),
    /// for when another solver is about to use that memory.
    pub fn release(&mut self) {
        self.searchers.release();
    }

    /// Bytes its tables hold now.
    pub fn held_bytes(&self) -> usize {
        self.searchers.held()
    }

    /// The limits of a search that starts at `t0`, from the options.
    fn limits(&self, t0: Instant) -> Limits {
        Limits {
            max_nodes: self.options.max_nodes,
            cap: self.options.max_nodes,
            deadline: self.options.timeout.map(|d| t0 + d),
            table_bytes: self.options.table_bytes,
        }
    }

    /// Searches from `start` as [`Solver::solve`] does, but only to learn whether it is won,
    /// proved lost or undecided: a found win is the search's own move list (talon plays not
    /// expanded, not shortened, not replayed). For callers that need the verdict alone, many
    /// times over (the hidden-play planner). Also the search's counters.
    pub fn search_only(
        &mut self,
        start: &Position,
        cancel: &AtomicBool,
    ) -> Result<(End, Stats), SolveError> {
        let v = self.v;
        let keyed = keyable::<V>(v, start)?;
        let limits = self.limits(Instant::now());
        let end = self.search(&keyed, &limits, cancel);
        Ok((end, self.stats))
    }

    /// One exact depth-first search from `start` with this solver's limits, its moves ordered
    /// with the noise of seed `noise` (the restarts' noise), for a player who searches a little
    /// in an order of its own (the catalogue's player in a game that hides nothing). As
    /// [`Solver::search_only`], the verdict alone and the counters.
    pub fn search_noisy(
        &mut self,
        start: &Position,
        noise: u64,
        cancel: &AtomicBool,
    ) -> Result<(End, Stats), SolveError> {
        let v = self.v;
        let keyed = keyable::<V>(v, start)?;
        let limits = self.limits(Instant::now());
        self.searchers.set_prune(self.options.prune);
        let (end, stats) = self.searchers.noisy(&keyed, &limits, noise, cancel);
        self.stats = stats;
        Ok((end, stats))
    }

    /// Solves from `start`. `cancel` stops the search (verdict `unknown`, cancelled).
    pub fn solve(&mut self, start: &Position, cancel: &AtomicBool) -> Result<Solution, SolveError> {
        let v = self.v;
        let keyed = keyable::<V>(v, start)?;
        let t0 = Instant::now();
        let limits = self.limits(t0);
        let end = self.search(&keyed, &limits, cancel);
        let verdict = match end {
            End::Found(moves) => {
                let mut moves = expand_solver_moves::<V>(v, start, &moves);
                // A long win gets a second try (shortening a wandering one seldom helps).
                if moves.len() > LONG_PER_CARD * v.rules().cards()
                    && let Some(other) = self.shorter(&keyed, &limits, cancel)
                {
                    let other = expand_solver_moves::<V>(v, start, &other);
                    if other.len() < moves.len() {
                        moves = other;
                    }
                }
                let moves = shortened::<V>(v, start, moves);
                let pos = replay::<V>(v, start, &moves).map_err(|(index, why)| {
                    SolveError::BadSolution {
                        index,
                        mv: moves[index],
                        why,
                    }
                })?;
                if !pos.is_won::<V>(v) {
                    return Err(SolveError::NotWon);
                }
                Verdict::Solved(moves)
            }
            End::Exhausted => Verdict::Unsolvable,
            End::Stopped(l) => Verdict::Unknown(l),
        };
        Ok(Solution {
            verdict,
            stats: self.stats,
            seconds: t0.elapsed().as_secs_f64(),
        })
    }

    /// A second try for a win, after a search found one too long to show ([`LONG_PER_CARD`]):
    /// the best-first search from the start, which goes on from the position closest to a win
    /// where a depth-first search wanders. It may spend a [`SHORTER_SHARE`]th of the nodes the
    /// search took, within what the budget has left, and they count as the solve's. The
    /// verdict is the search's either way; `None` when the try finds no win.
    fn shorter(
        &mut self,
        start: &Position,
        limits: &Limits,
        cancel: &AtomicBool,
    ) -> Option<Vec<Move>> {
        let spent = self.stats.nodes;
        let nodes = (spent / SHORTER_SHARE).min(limits.max_nodes.saturating_sub(spent));
        if nodes == 0 {
            return None;
        }
        // The scans' tables are given back, so that this search alone holds memory.
        self.release();
        let best = &mut self.searchers.best;
        best.set_max_bytes(limits.table_bytes);
        // Its share is checked between expansions, as the schedule's turns are; the solve's
        // budget is never passed.
        let share = Limits {
            max_nodes: nodes,
            cap: limits.cap.saturating_sub(spent),
            ..limits.clone()
        };
        let end = best.search(start, &share, cancel);
        self.stats.nodes += best.nodes_made;
        match end {
            End::Found(moves) => Some(moves),
            _ => None,
        }
    }
}

/// A found solution longer than this many moves a card gets a second try for a shorter one
/// ([`Solver::shorter`]): a direct win takes fewer, a depth-first scan that wandered far more.
const LONG_PER_CARD: usize = 4;

/// The second try may spend at most a SHORTER_SHAREth of the nodes the search took.
const SHORTER_SHARE: u64 = 4;

/// `moves` with its detours cut out ([`shorten::shorten`]) if the result replays to a win (it
/// always should), else `moves` as they are (checked by the caller's replay).
fn shortened<V: Variant>(v: V, start: &Position, moves: Vec<Move>) -> Vec<Move> {
    let short = shorten::shorten::<V>(v, start, &moves);
    if short.len() < moves.len() && replay::<V>(v, start, &short).is_ok_and(|p| p.is_won::<V>(v)) {
        short
    } else {
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::{Options, Solver};
    use crate::game::{Position, Variant};
    use crate::games::KlondikeDraw3;
    use std::sync::atomic::AtomicBool;

    /// A solver holds no table memory until it searches, and then about what its search
    /// needs: Klondike's depth-first keys take 8 bytes a slot, the table at most three
    /// quarters full and, after its last doubling, at least three eighths.
    #[test]
    fn tables_start_empty_and_grow_with_the_search() {
        let v = KlondikeDraw3;
        let cancel = AtomicBool::new(false);
        let start = |s| Position::from_deal::<KlondikeDraw3>(v, &crate::deal::deal(v.rules(), s));
        let mut solver = Solver::new(v, Options::default());
        assert_eq!(solver.held_bytes(), 0);
        // An easy deal, then a hard one: the table grows with the second and shrinks back.
        let easy = solver.solve(&start(0).unwrap(), &cancel).unwrap();
        assert!(easy.stats.table_len < 1000, "{}", easy.stats.table_len);
        assert!(solver.held_bytes() <= 16 << 10, "{}", solver.held_bytes());
        let hard = solver.solve(&start(35).unwrap(), &cancel).unwrap();
        let (len, held) = (hard.stats.table_len, solver.held_bytes());
        assert!(len > 100_000, "{len}");
        assert!(
            held * 3 >= len * 8 * 4 && held * 3 <= len * 8 * 8,
            "{len} keys, {held} bytes"
        );
        // Cleared for the next deal, the table keeps its memory for the next search.
        solver.solve(&start(0).unwrap(), &cancel).unwrap();
        assert_eq!(solver.held_bytes(), held);
    }
}
