//! The thoughtful solver: exact depth-first search with a transposition table of exact keys.
//!
//! `solved` always comes with a move list that an independent replay (`game::legal`, not the
//! move generator) accepts and that ends with every card on the foundations; `unsolvable` is
//! said only after the search entered every reachable position (up to the proved prunings of
//! [`prune`]); anything else is `unknown`, with the limit that stopped the search.

pub mod best;
pub mod blocked;
pub mod key;
pub mod loose;
pub mod prune;
pub mod search;
pub mod shorten;
pub mod streamline;
pub mod table;
pub mod twin;

use prune::Plan;
pub use prune::Prune;
pub use search::{End, Limit, Limits, Searcher, Stats, Visit, Win};

use crate::game::position::Position;
use crate::game::rules::SourceKind;
use crate::game::{Illegal, Move, Place, Stock, Unit, Variant, apply, legal};
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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_nodes: DEFAULT_MAX_NODES,
            timeout: None,
            table_bytes: DEFAULT_TABLE_BYTES,
            prune: Prune::default(),
            quick: true,
        }
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
pub fn replay<V: Variant>(start: &Position, moves: &[Move]) -> Result<Position, (usize, Illegal)> {
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let m = legal::<V>(&pos, m).map_err(|e| (i, e))?;
        apply::<V>(&mut pos, m);
    }
    Ok(pos)
}

/// The real moves of a move list that may hold talon plays ([`Move::talon_play`]) and twin
/// shifts ([`Move::twin_shift`]): a talon play becomes the stock turns (and the redeal) it
/// stands for and the play from the waste, a twin shift its run move and its move up. Other
/// moves are kept as they are. The result is meant for [`replay`], which checks it.
pub fn expand_solver_moves<V: Variant>(start: &Position, moves: &[Move]) -> Vec<Move> {
    if !moves
        .iter()
        .any(|m| m.as_talon_play().is_some() || m.as_twin_shift().is_some())
    {
        return moves.to_vec();
    }
    let draw = match V::rules().stock {
        Stock::Waste { draw, .. } => draw,
        Stock::None => 1,
    };
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len() * 2);
    let mut step = |pos: &mut Position, m: Move| {
        apply::<V>(pos, m);
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

/// Nodes the first exact search may spend before the best-first search (small games and
/// many proofs end here). A larger share of the budget costs more on the games where the
/// best-first search is needed than it gains elsewhere (measured on seeds 0..49).
const PROBE_NODES: u64 = 1 << 14;
/// The streamlined search may spend 1/STREAMLINED_SHARE of the node budget.
/// Measured on Klondike draw 3, seeds 0..199: solved 61 / 76 / 105 at 2k / 20k / 100k nodes
/// without it, 86 / 112 / 136 with half the budget, 86 / 105 / 132 with a quarter.
const STREAMLINED_SHARE: u64 = 2;
/// The best-first search may spend 1/BEST_SHARE of the rest of the node budget (none in the
/// games of [`restarts_first`]).
const BEST_SHARE: u64 = 2;
/// The restarts (`Solver::search`) may spend 1/RESTART_SHARE of what the searches before them
/// left. Forty Thieves seeds 0..29 at 10,000,000 nodes: 11 won with a half and with the whole.
const RESTART_SHARE: u64 = 2;
/// Nodes of the shortest restart; restart i may spend `RESTART_UNIT * luby(i)`. Forty Thieves
/// and Napoleon's Shoulder, seeds 0..99 at 1,000,000 nodes (restarts on all that the probe
/// left): 23 and 36 won at 5,000, 25 and 43 at 20,000, 24 and 43 at 50,000, 25 and 46 at
/// 100,000, 24 and 45 at 250,000.
const RESTART_UNIT: u64 = 100_000;

/// Do the restarts take the best-first search's share (where they run)? In games with a stock
/// turned once (Napoleon's Shoulder, Napoleon's Square, Forty Thieves), where the best-first
/// search drains the stock into the waste, burying the cards it needs. Seeds 0..99 at
/// 1,000,000 nodes, restarts of 20,000: Forty Thieves 25 won with restarts alone against 14
/// with the best-first search first (and restarts on half of the rest), Napoleon's Shoulder
/// 43 against 35; Napoleon's Square 52 and 52 of seeds 0..59. In the games without a stock the
/// best-first search finds wins the restarts do not (Flower Garden seeds 0..59: 34 won with
/// it, 28 without; Wildflower 50 against 43), and Klondike turns its stock again.
pub fn restarts_first<V: Variant>() -> bool {
    matches!(
        V::rules().stock,
        Stock::Waste {
            passes: Some(1),
            ..
        }
    )
}

/// `start` as the game's exact state key can take it, or the refusal of a position too large
/// for the key.
///
/// A position read from a file counts each whole pile as its prefix (`Pile::fixed`), as at a
/// deal. A position from the middle of a game may have piles far taller than any deal's, and
/// then more bits than the key has. When `start` does not fit, its search starts from a copy
/// whose prefixes end below each pile's top build sequence ([`with_built_tops`]): the same
/// position to play (the prefix only tells the key which cards it may take from the start).
fn keyable<V: Variant>(start: &Position) -> Result<Cow<'_, Position>, SolveError> {
    let have = 64 * V::Key::default().as_ref().len() as u32;
    if key::KeyContext::max_bits::<V>(start) <= have {
        return Ok(Cow::Borrowed(start));
    }
    let cut = with_built_tops::<V>(start);
    let needed = key::KeyContext::max_bits::<V>(&cut);
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
pub fn with_built_tops<V: Variant>(pos: &Position) -> Position {
    let b = V::BUILD;
    let most = (1usize << key::count_bits(b)) - 1;
    let mut out = pos.clone();
    for pile in out.piles.iter_mut().take(V::rules().piles()) {
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

/// A solver for one game, reusable from deal to deal (its table keeps its memory).
pub struct Solver<V: Variant> {
    searcher: Searcher<V, V::Key>,
    best: best::BestFirst<V, V::Key>,
    /// The streamlined scan and the restarts' scan of the interleaved schedule
    /// (`Solver::interleaved`), beside `searcher` (the plain exact scan) and `best`.
    stream: Searcher<V, V::Key>,
    restart: Searcher<V, V::Key>,
    pub options: Options,
}

impl<V: Variant> Solver<V> {
    pub fn new(options: Options) -> Self {
        Solver {
            searcher: Searcher::new(options.table_bytes, options.prune),
            best: best::BestFirst::new(options.table_bytes / 2, options.prune),
            stream: Searcher::new(options.table_bytes, options.prune),
            restart: Searcher::new(options.table_bytes, options.prune),
            options,
        }
    }

    /// The search schedule: first, where [`streamline::used`], a depth-first search with the
    /// streamliners ([`streamline`]; in the open games keyed by the suit-symmetric fingerprint;
    /// it only seeks wins, and running dry proves nothing); then
    /// a short exact depth-first search (enough for small games, and for many proofs); then a
    /// best-first search (which finds wins where the depth-first search wanders through endless
    /// rearrangements below an early wrong choice), except in the games of [`restarts_first`];
    /// then depth-first searches restarted with other move orders (Freecell Solver's scans
    /// sharing one budget: each undoes the early choices the others are stuck below); then the
    /// exact depth-first search again with what is left of the budget. Each but the first is
    /// exhaustive (a frontier or a stack that runs dry is a proof), and each search is
    /// deterministic (the move-order noise included), so the schedule is. From
    /// [`INTERLEAVE_FROM`] nodes the same scans take turns instead ([`Solver::interleaved`]).
    /// `Options::quick = false` runs the last one alone, and so does a game with the loose
    /// tableau ([`loose`]): there the exact search alone found every win the whole schedule
    /// found, and proved more deals lost (seeds 0..999 at the default budget: Klondike draw 3
    /// 793 won, 198 lost, 9 unknown against 793, 194, 13; draw 1 898, 97, 5 against 896, 94,
    /// 10), in fewer nodes. With the streamlined scan before it (taking turns, weighted 2 to
    /// 1), draw 3 was 794, 195, 11 and draw 1 897, 96, 7. At 1,000,000 nodes (draw 3) it wins
    /// 785 deals where the whole schedule with exact keys won 786 (782 by both) and proves 181
    /// lost where that proved 159. The best-first search and the restarts find some wins
    /// sooner (Solvitaire's reference deals 3 and 8 of draw 3, at 1,000,000 nodes: 41k and 33k
    /// nodes with the whole schedule and exact keys, against 270k and 4.28 M with the exact
    /// search alone), but at the default budget they cost more proofs than they bring wins.
    fn search(&mut self, start: &Position, limits: &Limits, cancel: &AtomicBool) -> End {
        let quick = self.options.quick && !Plan::new::<V>(&self.options.prune).loose::<V>();
        let mut spent = Stats::default();
        let add = |spent: &mut Stats, st: Stats| {
            spent.nodes += st.nodes;
            spent.absorb(st);
            *spent
        };
        let budget = |n: u64| budget_of(limits, n);
        let win = &mut Win::<V>::default();
        if quick && limits.max_nodes >= INTERLEAVE_FROM {
            return self.interleaved(start, limits, cancel);
        }
        // The bounds and memory an interleaved solve of an earlier deal shared out.
        self.stream.release();
        self.restart.release();
        self.searcher.set_table_bytes(limits.table_bytes);
        self.best.set_max_bytes(limits.table_bytes / 2);
        if quick && streamline::used::<V>(limits.max_nodes) {
            self.searcher.streamline = true;
            self.searcher.symmetric = streamline::symmetric_used::<V>();
            let share = budget((limits.max_nodes / STREAMLINED_SHARE).max(1));
            let end = self.searcher.traverse(start, win, &share, cancel);
            self.searcher.streamline = false;
            self.searcher.symmetric = false;
            self.searcher.stats = add(&mut spent, self.searcher.stats);
            // A streamlined search that runs dry proves nothing: go on.
            if !matches!(
                end,
                End::Exhausted | End::Stopped(Limit::Nodes | Limit::Memory)
            ) {
                return end;
            }
        }
        let rest = limits.max_nodes.saturating_sub(spent.nodes);
        let probe = PROBE_NODES;
        if quick && rest >= 4 * probe {
            let end = self.searcher.traverse(start, win, &budget(probe), cancel);
            self.searcher.stats = add(&mut spent, self.searcher.stats);
            if end != End::Stopped(Limit::Nodes) {
                return end;
            }
            // The restarts run where their share holds one whole restart at least.
            let restarts = (rest - probe) / RESTART_SHARE >= RESTART_UNIT;
            if !(restarts && restarts_first::<V>()) {
                // One search holds memory at a time, so `table_bytes` bounds the whole solve.
                self.searcher.release();
                self.best.prune = self.options.prune;
                let end = self.best.search(start, &budget(rest / BEST_SHARE), cancel);
                self.searcher.stats = add(
                    &mut spent,
                    Stats {
                        nodes: self.best.nodes_made,
                        table_len: self.best.stored(),
                        table_bytes: self.best.bytes(),
                        max_depth: 0,
                        best_up: self.best.best_up,
                    },
                );
                self.best.release();
                // The best-first search holds half the table bound; when it fills that, the
                // depth-first search (which may use the whole bound) goes on with the rest.
                if !matches!(end, End::Stopped(Limit::Nodes | Limit::Memory)) {
                    return end;
                }
            }
            // Restarts with other move orders (`Searcher::noise`), of Luby's lengths, on half
            // of what is left. A restart that runs dry is a proof as good as any (the order
            // never changes what the exact search proves); the plain order keeps the other
            // half, for proofs longer than any restart.
            let phase = if restarts {
                limits.max_nodes.saturating_sub(spent.nodes) / RESTART_SHARE
            } else {
                0
            };
            let mut used = 0u64;
            let mut i = 1u64;
            while used < phase {
                let b = (RESTART_UNIT * luby(i)).min(phase - used);
                self.searcher.noise = i;
                let end = self.searcher.traverse(start, win, &budget(b), cancel);
                self.searcher.noise = 0;
                self.searcher.stats = add(&mut spent, self.searcher.stats);
                used += self.searcher.stats.nodes.max(1);
                if end != End::Stopped(Limit::Nodes) {
                    return end;
                }
                i += 1;
            }
        }
        let left = limits.max_nodes.saturating_sub(spent.nodes).max(1);
        let end = self.searcher.traverse(start, win, &budget(left), cancel);
        self.searcher.stats = add(&mut spent, self.searcher.stats);
        end
    }

    /// The schedule of budgets from [`INTERLEAVE_FROM`] nodes: the scans of [`Solver::search`]
    /// take turns instead of running one after another (Freecell Solver's soft threads sharing
    /// one budget), so that no scan that would decide a deal early waits for another to spend
    /// its share. Each scan keeps its state between turns ([`Searcher::resume`],
    /// [`best::BestFirst::resume`]), so a scan goes exactly as it would alone. Round k gives a
    /// scan of weight w `PROBE_NODES × 2^k × w` nodes (the scans of [`scans_of`]). The
    /// streamlined scan only seeks wins and leaves when it runs dry, with the restarts (where it
    /// takes turns with them: [`Solver::stream_dry`]); each other scan is
    /// exhaustive, so the first of them to run dry proves the deal lost. A scan stopped by the
    /// memory bound leaves too. The table bound is shared equally among the scans alive.
    fn interleaved(&mut self, start: &Position, limits: &Limits, cancel: &AtomicBool) -> End {
        let (mut scans, stream_first) = scans_of::<V>(limits.max_nodes);
        let win = &mut Win::<V>::default();
        let mut tally = Tally {
            restart: (1, 0),
            ..Tally::default()
        };
        let mut last = End::Stopped(Limit::Nodes);
        // Tables keep their memory from deal to deal. So that all of them together stay within
        // the bound, a table holding more than its share now gives it back first (and a scan
        // that runs first, alone, is alone in holding memory).
        let bound = limits.table_bytes;
        for scan in [Scan::Stream, Scan::Best, Scan::Restarts, Scan::Plain] {
            let kept = scans.iter().any(|&(s, _)| s == scan) && !stream_first;
            if !kept || self.held(scan) > bound / scans.len() {
                self.release_scan(scan);
            }
        }
        if stream_first {
            // The symmetric streamlined scan finds most wins of the open games: it runs first,
            // alone, with its share of the nodes ([`stream_first_nodes`]) and the whole table
            // bound; the others begin after it (and it takes turns with them where it stays).
            self.share(Scan::Stream, bound);
            if let Some(end) = self.begin(Scan::Stream, start, win) {
                self.searcher.stats = tally.stats();
                return end;
            }
            let end = self.turn(
                Scan::Stream,
                start,
                win,
                limits,
                &mut tally,
                stream_first_nodes::<V>(limits.max_nodes),
                cancel,
            );
            if !matches!(
                end,
                End::Exhausted | End::Stopped(Limit::Nodes | Limit::Memory)
            ) {
                self.searcher.stats = tally.stats();
                return end;
            }
            // Where it stays, it keeps its table if that fits its share of the bound.
            let stays = end == End::Stopped(Limit::Nodes)
                && stream_stays::<V>()
                && self.held(Scan::Stream) <= bound / scans.len();
            if end == End::Exhausted {
                self.stream_dry(&mut scans, limits, 1);
            } else if stays {
                for (s, w) in scans.iter_mut() {
                    if *s == Scan::Stream {
                        *w = STREAM_STAY_WEIGHT;
                    }
                }
            } else {
                self.leave(&mut scans, &[Scan::Stream], limits);
            }
        }
        for &(scan, _) in &scans {
            self.share(scan, bound / scans.len());
            // A streamlined scan still here after running first goes on where it stopped.
            if scan == Scan::Stream && stream_first {
                continue;
            }
            if let Some(end) = self.begin(scan, start, win) {
                self.searcher.stats = tally.stats();
                return end;
            }
        }
        let mut round = 0u32;
        while !scans.is_empty() {
            let q = PROBE_NODES << round.min(40);
            let mut i = 0;
            while i < scans.len() {
                let (scan, weight) = scans[i];
                let left = limits.max_nodes.saturating_sub(tally.spent);
                if left == 0 {
                    self.searcher.stats = tally.stats();
                    return End::Stopped(Limit::Nodes);
                }
                let grant = (q * weight).min(left);
                let end = self.turn(scan, start, win, limits, &mut tally, grant, cancel);
                match end {
                    End::Stopped(Limit::Nodes) => i += 1,
                    // A streamlined scan that runs dry proves nothing: it leaves, and the
                    // solve's end is never its `Exhausted`.
                    End::Exhausted if scan == Scan::Stream => {
                        // 1 where it ran first (the open games), as after its first turn.
                        let factor = if stream_first { 1 } else { DRY_PLAIN_FACTOR };
                        self.stream_dry(&mut scans, limits, factor);
                    }
                    End::Stopped(Limit::Memory) => {
                        last = end;
                        self.leave(&mut scans, &[scan], limits);
                    }
                    _ => {
                        self.searcher.stats = tally.stats();
                        return end;
                    }
                }
            }
            round += 1;
        }
        self.searcher.stats = tally.stats();
        last
    }

    /// The streamlined scan ran dry: no win where every card that can go up goes up, so the
    /// deal is likely lost, and a loss is proved only by an exhaustive scan running dry. The
    /// streamlined scan leaves, and so do the restarts (each starts over, so none of them gets
    /// far into a large proof); the plain search takes both their weights, times `factor`
    /// ([`DRY_PLAIN_FACTOR`] in the games with face-down cards, 1 in the open games). The
    /// best-first search stays: it finds wins that hold a card back from the foundations
    /// (Stonewall seed 110 at the default budget: won by it in 8,569 nodes, unknown when it
    /// left too). This changes only how the nodes are shared, never what a scan proves. The
    /// same where the symmetric streamlined scan runs first, alone (the open games). Seeds
    /// 0..999 at the default budget, against the scans keeping their weights (with a factor
    /// of 1): Klondike draw 3 2 more deals proved lost in 7% fewer nodes, draw 1 1 more,
    /// Stonewall 10 unknown against 11 (one win gained, one lost), Wildflower 2 more proved
    /// lost, Flower Garden 77 unknown against 78 (2 more proved lost, 1 win gained, 2 late wins
    /// lost: they came from restarts after 8 M nodes), the Lucky games and Lucky Thirteen the
    /// same verdicts.
    fn stream_dry(&mut self, scans: &mut Vec<(Scan, u64)>, limits: &Limits, factor: u64) {
        let given: u64 = scans
            .iter()
            .filter(|&&(s, _)| matches!(s, Scan::Stream | Scan::Restarts))
            .map(|&(_, w)| w)
            .sum();
        for (s, w) in scans.iter_mut() {
            if *s == Scan::Plain {
                *w = (*w + given) * factor;
            }
        }
        self.leave(scans, &[Scan::Restarts, Scan::Stream], limits);
    }

    /// Sets the table bound of `scan`'s search.
    fn share(&mut self, scan: Scan, bytes: usize) {
        match scan {
            Scan::Stream => self.stream.set_table_bytes(bytes),
            Scan::Best => self.best.set_max_bytes(bytes),
            Scan::Restarts => self.restart.set_table_bytes(bytes),
            Scan::Plain => self.searcher.set_table_bytes(bytes),
        }
    }

    /// Starts `scan` from `start`; `Some` when that alone ends the solve.
    fn begin(&mut self, scan: Scan, start: &Position, win: &mut Win<V>) -> Option<End> {
        match scan {
            Scan::Stream => {
                self.stream.streamline = true;
                self.stream.symmetric = streamline::symmetric_used::<V>();
                self.stream.prune = self.searcher.prune;
                self.stream.begin(start, win)
            }
            Scan::Best => {
                self.best.prune = self.options.prune;
                self.best.begin(start)
            }
            Scan::Restarts => {
                self.restart.prune = self.searcher.prune;
                self.restart.noise = 1;
                self.restart.begin(start, win)
            }
            Scan::Plain => {
                self.searcher.noise = 0;
                self.searcher.begin(start, win)
            }
        }
    }

    /// Bytes `scan`'s search holds now.
    fn held(&self, scan: Scan) -> usize {
        match scan {
            Scan::Stream => self.stream.bytes(),
            Scan::Best => self.best.bytes(),
            Scan::Restarts => self.restart.bytes(),
            Scan::Plain => self.searcher.bytes(),
        }
    }

    /// Gives back the memory of `scan`'s search (which ends it).
    fn release_scan(&mut self, scan: Scan) {
        match scan {
            Scan::Stream => self.stream.release(),
            Scan::Best => self.best.release(),
            Scan::Restarts => self.restart.release(),
            Scan::Plain => self.searcher.release(),
        }
    }

    /// Drops the scans `gone` from `scans`, gives back the memory of those that were there and
    /// shares the bound among the others.
    fn leave(&mut self, scans: &mut Vec<(Scan, u64)>, gone: &[Scan], limits: &Limits) {
        for &scan in gone {
            if scans.iter().any(|&(s, _)| s == scan) {
                scans.retain(|&(s, _)| s != scan);
                self.release_scan(scan);
            }
        }
        for &(s, _) in scans.iter() {
            self.share(s, limits.table_bytes / scans.len());
        }
    }

    /// Gives `scan` a turn of `grant` nodes; its end, with the nodes and counters tallied.
    #[allow(clippy::too_many_arguments)]
    fn turn(
        &mut self,
        scan: Scan,
        start: &Position,
        win: &mut Win<V>,
        limits: &Limits,
        tally: &mut Tally,
        grant: u64,
        cancel: &AtomicBool,
    ) -> End {
        let k = scan as usize;
        let target = tally.made[k] + grant;
        let (end, now) = match scan {
            Scan::Stream => {
                let end = self.stream.resume(win, &budget_of(limits, target), cancel);
                tally.add(self.stream.stats);
                (end, self.stream.stats.nodes)
            }
            Scan::Plain => {
                let end = self
                    .searcher
                    .resume(win, &budget_of(limits, target), cancel);
                tally.add(self.searcher.stats);
                (end, self.searcher.stats.nodes)
            }
            Scan::Best => {
                let end = self.best.resume(&budget_of(limits, target), cancel);
                tally.add(Stats {
                    nodes: self.best.nodes_made,
                    table_len: self.best.stored(),
                    table_bytes: self.best.bytes(),
                    max_depth: 0,
                    best_up: self.best.best_up,
                });
                (end, self.best.nodes_made)
            }
            Scan::Restarts => {
                // Restart i (its noise seed) runs RESTART_UNIT × luby(i) nodes; then the
                // next one begins.
                let mut end = End::Stopped(Limit::Nodes);
                let mut now = tally.made[k];
                while now < target {
                    let (i, first) = tally.restart;
                    let length = RESTART_UNIT * luby(i);
                    let stop = (first + length).min(target) - first;
                    end = self.restart.resume(win, &budget_of(limits, stop), cancel);
                    tally.add(self.restart.stats);
                    now = first + self.restart.stats.nodes;
                    if end != End::Stopped(Limit::Nodes) {
                        break;
                    }
                    if self.restart.stats.nodes >= length {
                        tally.restart = (i + 1, now);
                        self.restart.noise = i + 1;
                        if let Some(e) = self.restart.begin(start, win) {
                            end = e;
                            break;
                        }
                    }
                }
                (end, now)
            }
        };
        tally.spent += now - tally.made[k];
        tally.made[k] = now;
        end
    }

    /// Gives back the memory its tables hold after a solve (they keep it for the next deal),
    /// for when another solver is about to use that memory.
    pub fn release(&mut self) {
        self.searcher.release();
        self.best.release();
        self.stream.release();
        self.restart.release();
    }

    /// Bytes its tables hold now.
    pub fn held_bytes(&self) -> usize {
        self.searcher.bytes() + self.best.bytes() + self.stream.bytes() + self.restart.bytes()
    }

    /// The limits of a search that starts at `t0`, from the options.
    fn limits(&self, t0: Instant) -> Limits {
        Limits {
            max_nodes: self.options.max_nodes,
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
        let keyed = keyable::<V>(start)?;
        let limits = self.limits(Instant::now());
        self.searcher.prune = self.options.prune;
        let end = self.search(&keyed, &limits, cancel);
        Ok((end, self.searcher.stats))
    }

    /// Solves from `start`. `cancel` stops the search (verdict `unknown`, cancelled).
    pub fn solve(&mut self, start: &Position, cancel: &AtomicBool) -> Result<Solution, SolveError> {
        let keyed = keyable::<V>(start)?;
        let t0 = Instant::now();
        let limits = self.limits(t0);
        self.searcher.prune = self.options.prune;
        let end = self.search(&keyed, &limits, cancel);
        let verdict = match end {
            End::Found(moves) => {
                let mut moves = expand_solver_moves::<V>(start, &moves);
                // A long win gets a second try (shortening a wandering one seldom helps).
                if moves.len() > LONG_PER_CARD * V::rules().cards()
                    && let Some(other) = self.shorter(&keyed, &limits, cancel)
                {
                    let other = expand_solver_moves::<V>(start, &other);
                    if other.len() < moves.len() {
                        moves = other;
                    }
                }
                let moves = shortened::<V>(start, moves);
                let pos =
                    replay::<V>(start, &moves).map_err(|(index, why)| SolveError::BadSolution {
                        index,
                        mv: moves[index],
                        why,
                    })?;
                if !pos.is_won::<V>() {
                    return Err(SolveError::NotWon);
                }
                Verdict::Solved(moves)
            }
            End::Exhausted => Verdict::Unsolvable,
            End::Stopped(l) => Verdict::Unknown(l),
        };
        Ok(Solution {
            verdict,
            stats: self.searcher.stats,
            seconds: t0.elapsed().as_secs_f64(),
        })
    }

    /// A second try for a win, after a search found one too long to show ([`LONG_PER_CARD`]):
    /// the best-first search from the start, which goes on from the position closest to a win
    /// where a depth-first search wanders (Luckier Thirteen seed 170 at the default budget, as
    /// scheduled before the streamlined scan took turns there: 31,927 moves from that scan after
    /// 530,802 nodes, 120 from the best-first search in 1,156 more). It may spend a [`SHORTER_SHARE`]th of the nodes the
    /// search took, within what the budget has left, and they count as the solve's. The
    /// verdict is the search's either way; `None` when the try finds no win.
    fn shorter(
        &mut self,
        start: &Position,
        limits: &Limits,
        cancel: &AtomicBool,
    ) -> Option<Vec<Move>> {
        let spent = self.searcher.stats.nodes;
        let nodes = (spent / SHORTER_SHARE).min(limits.max_nodes.saturating_sub(spent));
        if nodes == 0 {
            return None;
        }
        // The scans' tables are given back, so that this search alone holds memory.
        self.release();
        self.best.set_max_bytes(limits.table_bytes);
        self.best.prune = self.options.prune;
        let end = self.best.search(start, &budget_of(limits, nodes), cancel);
        self.searcher.stats.nodes += self.best.nodes_made;
        match end {
            End::Found(moves) => Some(moves),
            _ => None,
        }
    }
}

/// A found solution longer than this many moves a card gets a second try for a shorter one
/// ([`Solver::shorter`]). A direct win takes fewer: seeds 0..199 at 1,000,000 nodes, the
/// longest win of Klondike draw 3 is 187 moves, of Stonewall 160, of same-suit Lucky Piles 169;
/// but Luckier Thirteen's depth-first scans won 37 of its 192 in over 1,000 moves (up to 20,197),
/// and Napoleon's Shoulder's 43 of its 97 (up to 21,065). With the second try (b11398d), 2 and
/// 29, and the median win of Luckier Thirteen 143 moves where it was 205; the same verdicts in
/// all twelve games, 0-4% more nodes.
const LONG_PER_CARD: usize = 4;

/// The second try may spend at most a SHORTER_SHAREth of the nodes the search took.
const SHORTER_SHARE: u64 = 4;

/// `moves` with its detours cut out ([`shorten::shorten`]) if the result replays to a win (it
/// always should), else `moves` as they are (checked by the caller's replay).
fn shortened<V: Variant>(start: &Position, moves: Vec<Move>) -> Vec<Move> {
    let short = shorten::shorten::<V>(start, &moves);
    if short.len() < moves.len() && replay::<V>(start, &short).is_ok_and(|p| p.is_won::<V>()) {
        short
    } else {
        moves
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (i from 1): the restart
/// lengths of Luby, Sinclair and Zuckerman, within a constant factor of the best fixed
/// schedule for any distribution of run lengths.
fn luby(i: u64) -> u64 {
    let mut k = 1u32;
    while (1u64 << k) - 1 < i {
        k += 1;
    }
    if i == (1u64 << k) - 1 {
        1 << (k - 1)
    } else {
        luby(i - ((1u64 << (k - 1)) - 1))
    }
}

/// `limits` with a node limit of `n`.
fn budget_of(limits: &Limits, n: u64) -> Limits {
    Limits {
        max_nodes: n,
        ..limits.clone()
    }
}

/// The nodes of the open games' symmetric streamlined scan, which runs first, alone, in the
/// interleaved schedule (`Solver::interleaved`): half the budget, as in the sequential
/// schedule, but nine tenths in the games with a reserve that move single cards (Flower
/// Garden), and a [`STREAM_SOLO`]th where it then takes turns with the others (below).
///
/// There the lost deals were proved as well with that share (the streamlined scan runs dry early
/// where a deal is lost), and where it has not run dry the exhaustive scans seldom decide the deal
/// within the rest, while the streamlined scan goes on finding wins: of Flower Garden's 26 deals of
/// seeds 0..299 unknown at the default budget, a budget of 40,000,000 won 5 (four within the first
/// 20 M nodes, which the streamlined scan spends alone unless it runs dry) and proved none lost.
/// Seeds 0..999 at the default budget against half (`patience compare`): Flower Garden 853 won / 75
/// lost / 72 unknown with nine tenths against 848 / 75 / 77 (5 won by it only, none by half only;
/// 851 / 75 / 74 with three quarters). Not where runs move: Wildflower 939 / 47 / 14 with nine
/// tenths against 940 / 47 / 13 (seed 82, won by the exhaustive scans after 6.5 M nodes, lost), the
/// same rows with three quarters. Not in the games without a reserve: Lucky Thirteen won 72 with
/// three quarters (1 gained, 2 lost) and 69 with nine tenths, against 73.
///
/// In the games without a reserve whose spaces can be filled (the Lucky games, Luckier
/// Thirteen) it runs alone for a [`STREAM_SOLO`]th of the budget only, then takes turns with
/// the others, weighted [`STREAM_STAY_WEIGHT`] ([`stream_stays`]): there, where it has not won
/// early, the other scans often win soon, while it spent half the budget alone first. At the
/// default budget on one thread, against half the budget alone (`patience compare`: the same
/// verdicts on every seed): Lucky Piles seeds 0..199 56.9 deals a second against 4.2, Luckier
/// Thirteen seeds 0..999 260.9 against 174.4, same-suit Lucky Piles seeds 0..999 53.6 against
/// 53.3. Weighted 2 (its weight before): 65.4, 278.0, and 46.7 in same-suit Lucky Piles;
/// weighted 8: 45.4, 244.6, and 59.0 with one win more. Not in Lucky Thirteen, whose spaces are
/// never filled: its late wins are this scan's (seed 485 at 5.8 M nodes), and seeds 0..999
/// won 72 (weighted 2 or 4) and 70 (weighted 8) of the 73 with half the budget alone.
fn stream_first_nodes<V: Variant>(max_nodes: u64) -> u64 {
    if stream_stays::<V>() {
        max_nodes / STREAM_SOLO
    } else if V::rules().reserve > 0 && matches!(V::UNIT, Unit::Single) {
        max_nodes / 10 * 9
    } else {
        max_nodes / STREAMLINED_SHARE
    }
}

/// Does the symmetric streamlined scan go on taking turns after it has run alone
/// ([`stream_first_nodes`])? In the games without a reserve whose spaces can be filled from the
/// tableau; elsewhere it leaves then.
fn stream_stays<V: Variant>() -> bool {
    let r = V::rules();
    r.reserve == 0 && r.space_cards(SourceKind::Tableau) != 0
}

/// The part of the budget that the streamlined scan runs alone where it stays after
/// ([`stream_stays`]).
const STREAM_SOLO: u64 = 64;

/// The weight of the streamlined scan's turns where it stays after running alone.
const STREAM_STAY_WEIGHT: u64 = 4;

/// The least node budget that takes the interleaved schedule (`Solver::interleaved`). Below
/// it the scans run one after another (the hidden planner's solves of its samples, and the
/// pinned verdicts at 100,000 nodes, are as they were).
pub const INTERLEAVE_FROM: u64 = 1_000_000;

/// The scans of the interleaved schedule (`Solver::interleaved`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Scan {
    /// The streamlined search ([`streamline`]): wins only.
    Stream = 0,
    /// The best-first search ([`best`]).
    Best = 1,
    /// Depth-first searches with move-order noise, restarted at Luby's lengths.
    Restarts = 2,
    /// The plain exact depth-first search.
    Plain = 3,
}

/// In the games with face-down cards, after the streamlined scan runs dry
/// (`Solver::stream_dry`), the plain search's weight is multiplied by this: the best-first
/// search keeps one turn in 33 (there it finds its wins early: Stonewall seed 110 in 8,569
/// nodes, inside its first turn), and a proof of loss comes sooner. Seeds 0..999 at the
/// default budget, factors 1 / 4 / 8 / 16: Klondike draw 3 172 / 172 / 174 / 174 proved lost
/// (the same 793 won; the 172 proved by all in 74.5 M / 62.6 M / 61.7 M / 61.5 M nodes),
/// Stonewall 733 / 736 / 736 / 736 (the same 257 won); factors 1 / 8: Klondike draw 1 76 / 78
/// (the same 895 won). Not in the open games, where the best-first search finds many wins
/// after the symmetric streamlined scan: with 8, Wildflower seed 101 (won at 2.8 M nodes)
/// was unknown (seeds 0..199: 185 won against 186; Flower Garden seeds 0..299 and Lucky
/// Piles seeds 0..199 the same verdicts).
pub const DRY_PLAIN_FACTOR: u64 = 8;

/// The scans of game `V` at a budget of `max_nodes`, with their weights, and whether the
/// streamlined scan runs first, alone, with its share.
///
/// The weights are the sequential schedule's shares, roughly: the streamlined search 2, the
/// others 1 each. Measured against the sequential schedule at the default budget (paired
/// `patience compare`, the same seeds): Napoleon's Shoulder seeds 0..99, 84 won against 70
/// (14 won by the interleaved schedule only, none by the sequential only); Napoleon's Square
/// 90 against 86; Forty Thieves 33 against 31; Klondike draw 3 seeds 0..999, 793 against 792,
/// 37 unknown against 38, the 90th percentile of nodes 163k against 425k; Stonewall seeds
/// 0..199, the same rows. With the plain search weighted 2 and no best-first scan, Klondike
/// draw 3 did as well but Stonewall lost a win. In the open games the symmetric streamlined
/// search finds most wins fast: taking turns from the start, Flower Garden's median deal took
/// 0.096 s against 0.040 s, so there it runs first with its share, and the others take turns
/// after it (Flower Garden seeds 0..99: the same rows as the sequential schedule).
fn scans_of<V: Variant>(max_nodes: u64) -> (Vec<(Scan, u64)>, bool) {
    let mut scans = Vec::with_capacity(4);
    let stream = streamline::used::<V>(max_nodes);
    if stream {
        scans.push((Scan::Stream, 2));
    }
    if !restarts_first::<V>() {
        scans.push((Scan::Best, 1));
    }
    scans.push((Scan::Restarts, 1));
    scans.push((Scan::Plain, 1));
    (scans, stream && streamline::symmetric_used::<V>())
}

/// The interleaved schedule's counts: nodes in all, each scan's nodes, the restart under way
/// (its number and first node), and the counters of all scans together.
#[derive(Default)]
struct Tally {
    spent: u64,
    made: [u64; 4],
    restart: (u64, u64),
    stats: Stats,
}

impl Tally {
    fn add(&mut self, st: Stats) {
        self.stats.absorb(st);
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.spent,
            ..self.stats
        }
    }
}
