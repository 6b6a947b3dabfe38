//! The search schedule: the scans of one solve, each a way of searching with a table of its own
//! behind one interface ([`Scan`]), and the two schedules that share the node budget among
//! them. The interleaved schedule (from [`INTERLEAVE_FROM`] nodes) is one weighted loop
//! ([`Run::rounds`]) in which the scans take turns; the sequential schedule (smaller budgets, as
//! the hidden planner's sample solves) is that loop with weights that never alternate: each
//! stage is one scan given its whole share at once ([`Run::alone`]). Every scan is deterministic
//! and a scan stopped at its node limit goes on exactly where it stopped, so both schedules are.
//!
//! The constants' measurements are in docs/performance.md ("The schedule's constants").

use super::best::BestFirst;
use super::search::{End, Limit, Limits, Mode, Searcher, Stats, Win};
use super::streamline;
use crate::game::position::Position;
use crate::game::rules::SourceKind;
use crate::game::{Stock, Unit, Variant};
use std::sync::atomic::AtomicBool;

/// Nodes the first exact search may spend before the best-first search (small games and many
/// proofs end here).
pub(crate) const PROBE_NODES: u64 = 1 << 14;
/// Nodes of the first exact search in lonelybot's order of move classes ([`Mode::CLASSES`]),
/// where it runs ([`Searchers::search`]'s `classes`): it finds at once some wins that our
/// order finds late (measured: docs/performance.md, "A first search in lonelybot's order").
pub(crate) const CLASSES_NODES: u64 = 1 << 12;
/// The streamlined search may spend 1/STREAMLINED_SHARE of the node budget.
const STREAMLINED_SHARE: u64 = 2;
/// The best-first search may spend 1/BEST_SHARE of the rest of the node budget (none in the
/// games of [`restarts_first`]).
const BEST_SHARE: u64 = 2;
/// The restarts may spend 1/RESTART_SHARE of what the searches before them left.
const RESTART_SHARE: u64 = 2;
/// Nodes of the shortest restart; restart i may spend `RESTART_UNIT * luby(i)`.
const RESTART_UNIT: u64 = 100_000;
/// The weight of the layout scan's turns ([`ScanId::Layout`]): where it runs, it takes two
/// thirds of the interleaved turns (measured: docs/performance.md, "The layout scan").
const LAYOUT_WEIGHT: u64 = 4;
/// The least node budget that takes the interleaved schedule. Below it the scans run one after
/// another (the hidden planner's solves of its samples, and the pinned verdicts at 100,000
/// nodes).
pub const INTERLEAVE_FROM: u64 = 1_000_000;
/// The part of the budget the streamlined scan runs alone where it stays after
/// ([`stream_stays`]).
const STREAM_SOLO: u64 = 64;
/// The weight of the streamlined scan's turns where it stays after running alone.
const STREAM_STAY_WEIGHT: u64 = 4;
/// In the games with face-down cards, after the streamlined scan runs dry, the plain search's
/// weight is multiplied by this (`Run::stream_dry`): a proof of loss comes sooner, and the
/// best-first search keeps a turn in 33.
pub const DRY_PLAIN_FACTOR: u64 = 8;

/// Do the restarts take the best-first search's share (where they run)? In games with a stock
/// turned once, where the best-first search drains the stock into the waste, burying the cards
/// it needs; elsewhere the best-first search finds wins the restarts do not.
pub fn restarts_first<V: Variant>(v: V) -> bool {
    matches!(
        v.rules().stock,
        Stock::Waste {
            passes: Some(1),
            ..
        }
    )
}

/// The nodes of the open games' symmetric streamlined scan when it runs first, alone: half the
/// budget, nine tenths in the games with a reserve that move single cards, and a
/// [`STREAM_SOLO`]th where it then takes turns with the others ([`stream_stays`]).
fn stream_first_nodes<V: Variant>(v: V, max_nodes: u64) -> u64 {
    if stream_stays::<V>(v) {
        max_nodes / STREAM_SOLO
    } else if v.rules().reserve > 0 && matches!(V::UNIT, Unit::Single) {
        max_nodes / 10 * 9
    } else {
        max_nodes / STREAMLINED_SHARE
    }
}

/// Does the symmetric streamlined scan go on taking turns after it has run alone? In the games
/// without a reserve whose spaces can be filled from the tableau; elsewhere it leaves then.
fn stream_stays<V: Variant>(v: V) -> bool {
    let r = v.rules();
    r.reserve == 0 && r.space_cards(SourceKind::Tableau) != 0
}

/// The scans of the interleaved schedule, named.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum ScanId {
    /// The streamlined search ([`streamline`]): wins only.
    Stream,
    /// The best-first search ([`super::best`]).
    Best,
    /// Depth-first searches with move-order noise, restarted at Luby's lengths.
    Restarts,
    /// The plain exact depth-first search.
    Plain,
    /// Restarts keyed by the layout key ([`super::layout`]): wins only.
    Layout,
}

/// The interleaved schedule's scans of game `V` at a budget of `max_nodes`, with their
/// weights (roughly the sequential schedule's shares), and whether the streamlined scan runs
/// first, alone, with its share ([`stream_first_nodes`]; in the open games).
fn scans_of<V: Variant>(v: V, max_nodes: u64) -> (Vec<(ScanId, u64)>, bool) {
    let mut scans = Vec::with_capacity(4);
    let stream = streamline::used::<V>(v, max_nodes);
    if stream {
        scans.push((ScanId::Stream, 2));
    }
    if !restarts_first::<V>(v) {
        scans.push((ScanId::Best, 1));
    }
    if super::layout::used::<V>(v, max_nodes) {
        scans.push((ScanId::Layout, LAYOUT_WEIGHT));
    }
    scans.push((ScanId::Restarts, 1));
    scans.push((ScanId::Plain, 1));
    (scans, stream && streamline::symmetric_used::<V>(v))
}

/// One way of searching a deal, with the memory of a searcher the solver keeps: begun once,
/// then given turns; a turn stopped by its node limit leaves it where it can go on.
pub(crate) trait Scan<V: Variant> {
    /// Starts from `start`; `Some` when that alone ends the scan.
    fn begin(&mut self, start: &Position, win: &mut Win<V>) -> Option<End>;
    /// Goes on until `limits.max_nodes` nodes of its own in all.
    fn resume(
        &mut self,
        start: &Position,
        win: &mut Win<V>,
        limits: &Limits,
        cancel: &AtomicBool,
    ) -> End;
    /// Its counters; `nodes` is all it made since it began.
    fn stats(&self) -> Stats;
    /// Does its running dry prove the deal lost?
    fn proves(&self) -> bool;
    /// Sets the memory bound of its table.
    fn share(&mut self, bytes: usize);
    /// Bytes its table holds now.
    fn held(&self) -> usize;
    /// Gives back its memory (which ends it).
    fn release(&mut self);
}

/// The depth-first search in one mode.
pub(crate) struct DepthFirst<'s, V: Variant> {
    searcher: &'s mut Searcher<V, V::Key>,
    mode: Mode,
}

impl<'s, V: Variant> DepthFirst<'s, V> {
    pub(crate) fn new(searcher: &'s mut Searcher<V, V::Key>, mode: Mode) -> Self {
        DepthFirst { searcher, mode }
    }
}

impl<V: Variant> Scan<V> for DepthFirst<'_, V> {
    fn begin(&mut self, start: &Position, win: &mut Win<V>) -> Option<End> {
        self.searcher.begin(start, win, self.mode)
    }
    fn resume(&mut self, _: &Position, win: &mut Win<V>, limits: &Limits, c: &AtomicBool) -> End {
        self.searcher.resume(win, limits, c)
    }
    fn stats(&self) -> Stats {
        self.searcher.stats
    }
    fn proves(&self) -> bool {
        self.mode.proves()
    }
    fn share(&mut self, bytes: usize) {
        self.searcher.set_table_bytes(bytes)
    }
    fn held(&self) -> usize {
        self.searcher.bytes()
    }
    fn release(&mut self) {
        self.searcher.release()
    }
}

/// Depth-first searches with move-order noise, restart i (its noise seed) running
/// `RESTART_UNIT * luby(i)` nodes, then the next one beginning (Freecell Solver's scans sharing
/// one budget: each undoes the early choices the others are stuck below). In the exact mode a
/// restart that runs dry is a proof as good as any: the order never changes what the exact
/// search proves. In the layout mode (lossy) a restart that runs dry proves nothing, and the
/// scan ends there: the next restart would search the same layouts again.
pub(crate) struct Restarts<'s, V: Variant> {
    searcher: &'s mut Searcher<V, V::Key>,
    /// The mode of every restart, but its noise seed.
    base: Mode,
    /// The restart under way.
    i: u64,
    /// The scan's nodes before the restart under way.
    first: u64,
    /// The counters of all its restarts.
    seen: Stats,
}

impl<'s, V: Variant> Restarts<'s, V> {
    pub(crate) fn new(searcher: &'s mut Searcher<V, V::Key>, base: Mode) -> Self {
        Restarts {
            searcher,
            base,
            i: 1,
            first: 0,
            seen: Stats::default(),
        }
    }
}

impl<V: Variant> Scan<V> for Restarts<'_, V> {
    fn begin(&mut self, start: &Position, win: &mut Win<V>) -> Option<End> {
        (self.i, self.first, self.seen) = (1, 0, Stats::default());
        self.searcher.begin(start, win, self.mode())
    }
    fn resume(
        &mut self,
        start: &Position,
        win: &mut Win<V>,
        limits: &Limits,
        c: &AtomicBool,
    ) -> End {
        let target = limits.max_nodes;
        let mut end = End::Stopped(Limit::Nodes);
        let mut now = self.first + self.searcher.stats.nodes;
        while now < target {
            if let Some(l) = super::search::interrupted(limits, c) {
                return End::Stopped(l);
            }
            let length = RESTART_UNIT * luby(self.i);
            let stop = (self.first + length).min(target) - self.first;
            let limits = Limits {
                max_nodes: stop,
                cap: limits.cap.saturating_sub(self.first),
                ..limits.clone()
            };
            end = self.searcher.resume(win, &limits, c);
            self.seen.absorb(self.searcher.stats);
            now = self.first + self.searcher.stats.nodes;
            if end != End::Stopped(Limit::Nodes) {
                break;
            }
            if self.searcher.stats.nodes >= length {
                (self.i, self.first) = (self.i + 1, now);
                if let Some(e) = self.searcher.begin(start, win, self.mode()) {
                    end = e;
                    break;
                }
            }
        }
        end
    }
    fn stats(&self) -> Stats {
        Stats {
            nodes: self.first + self.searcher.stats.nodes,
            ..self.seen
        }
    }
    fn proves(&self) -> bool {
        self.base.proves()
    }
    fn share(&mut self, bytes: usize) {
        self.searcher.set_table_bytes(bytes)
    }
    fn held(&self) -> usize {
        self.searcher.bytes()
    }
    fn release(&mut self) {
        self.searcher.release()
    }
}

impl<V: Variant> Restarts<'_, V> {
    /// The mode of the restart under way.
    fn mode(&self) -> Mode {
        Mode {
            noise: self.i,
            ..self.base
        }
    }
}

/// The best-first search.
pub(crate) struct Best<'s, V: Variant>(pub(crate) &'s mut BestFirst<V, V::Key>);

impl<V: Variant> Scan<V> for Best<'_, V> {
    fn begin(&mut self, start: &Position, _: &mut Win<V>) -> Option<End> {
        self.0.begin(start)
    }
    fn resume(&mut self, _: &Position, _: &mut Win<V>, limits: &Limits, c: &AtomicBool) -> End {
        self.0.resume(limits, c)
    }
    fn stats(&self) -> Stats {
        Stats {
            nodes: self.0.nodes_made,
            table_len: self.0.stored(),
            table_bytes: self.0.bytes(),
            max_depth: 0,
            best_up: self.0.best_up,
        }
    }
    fn proves(&self) -> bool {
        true
    }
    fn share(&mut self, bytes: usize) {
        self.0.set_max_bytes(bytes)
    }
    fn held(&self) -> usize {
        self.0.bytes()
    }
    fn release(&mut self) {
        self.0.release()
    }
}

/// The searchers a solver keeps from deal to deal (their tables keep their memory), which the
/// scans of a solve search with: the sequential schedule's depth-first stages all use `plain`
/// (one table at a time), the interleaved schedule's scans one each.
pub(crate) struct Searchers<V: Variant> {
    pub v: V,
    pub plain: Searcher<V, V::Key>,
    pub stream: Searcher<V, V::Key>,
    pub restart: Searcher<V, V::Key>,
    pub layout: Searcher<V, V::Key>,
    pub best: BestFirst<V, V::Key>,
}

impl<V: Variant> Searchers<V> {
    pub(crate) fn new(v: V, table_bytes: usize, prune: super::Prune) -> Self {
        Searchers {
            v,
            plain: Searcher::new(v, table_bytes, prune),
            stream: Searcher::new(v, table_bytes, prune),
            restart: Searcher::new(v, table_bytes, prune),
            layout: Searcher::new(v, table_bytes, prune),
            best: BestFirst::new(v, table_bytes / 2, prune),
        }
    }

    /// Sets the pruning of every searcher.
    pub(crate) fn set_prune(&mut self, prune: super::Prune) {
        self.plain.prune = prune;
        self.stream.prune = prune;
        self.restart.prune = prune;
        self.layout.prune = prune;
        self.best.prune = prune;
    }

    /// Gives back the memory of every table.
    pub(crate) fn release(&mut self) {
        self.plain.release();
        self.best.release();
        self.stream.release();
        self.restart.release();
        self.layout.release();
    }

    /// Bytes every table holds now.
    pub(crate) fn held(&self) -> usize {
        self.plain.bytes()
            + self.best.bytes()
            + self.stream.bytes()
            + self.restart.bytes()
            + self.layout.bytes()
    }

    /// Searches from `start` for a win within `limits`; the end and the counters of all scans
    /// (nodes added up). `quick`: the whole schedule; else the plain exact search alone.
    pub(crate) fn search(
        &mut self,
        start: &Position,
        limits: &Limits,
        quick: bool,
        classes: bool,
        cancel: &AtomicBool,
    ) -> (End, Stats) {
        let mut run = Run::new(self.v, start, limits, cancel);
        let end = if quick && limits.max_nodes >= INTERLEAVE_FROM {
            run.interleaved(self)
        } else {
            run.sequential(self, quick, classes)
        };
        (end, run.stats())
    }

    /// One exact depth-first search from `start` in the move order of noise seed `noise`
    /// (never 0, the plain order), within `limits`: a player who searches a little, in an
    /// order of its own. Its running dry proves the deal lost, as any exact search's does.
    pub(crate) fn noisy(
        &mut self,
        start: &Position,
        limits: &Limits,
        noise: u64,
        cancel: &AtomicBool,
    ) -> (End, Stats) {
        let mut run = Run::new(self.v, start, limits, cancel);
        self.plain.set_table_bytes(limits.table_bytes);
        let end = run.alone(
            &mut DepthFirst::new(&mut self.plain, Mode::noisy(noise.max(1))),
            limits.max_nodes,
        );
        (end, run.stats())
    }
}

/// One solve under way: what it searches and within what, and its counts so far.
struct Run<'r, V: Variant> {
    start: &'r Position,
    win: Win<V>,
    limits: &'r Limits,
    cancel: &'r AtomicBool,
    /// Nodes of all scans.
    spent: u64,
    /// The counters of all scans together (but their nodes).
    stats: Stats,
}

/// What the weighted loop does with a scan after its turn.
enum After {
    /// Its turn is used up: the next scan's turn.
    Next,
    /// It leaves the loop.
    Leave,
    /// The solve ends.
    Done(End),
}

impl<'r, V: Variant> Run<'r, V> {
    fn new(v: V, start: &'r Position, limits: &'r Limits, cancel: &'r AtomicBool) -> Self {
        Run {
            start,
            win: Win(v),
            limits,
            cancel,
            spent: 0,
            stats: Stats::default(),
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.spent,
            ..self.stats
        }
    }

    fn left(&self) -> u64 {
        self.limits.max_nodes.saturating_sub(self.spent)
    }

    /// Gives `scan` a turn of `grant` nodes; its end, with its nodes and counters tallied. The
    /// turn may run on to the scan's next check of its limits, but never past the solve's
    /// budget: the scan's cap is what the budget has left.
    fn turn(&mut self, scan: &mut dyn Scan<V>, grant: u64) -> End {
        if let Some(l) = super::search::interrupted(self.limits, self.cancel) {
            return End::Stopped(l);
        }
        let before = scan.stats().nodes;
        let cap = before + self.left();
        let limits = Limits {
            max_nodes: (before + grant).min(cap),
            cap,
            ..self.limits.clone()
        };
        let end = scan.resume(self.start, &mut self.win, &limits, self.cancel);
        let st = scan.stats();
        self.stats.absorb(st);
        self.spent += st.nodes - before;
        end
    }

    /// A stage of one scan: begins it and gives it `nodes` in one turn (the weighted loop with
    /// one scan whose weight never alternates).
    fn alone(&mut self, scan: &mut dyn Scan<V>, nodes: u64) -> End {
        match scan.begin(self.start, &mut self.win) {
            Some(end) => end,
            None => self.turn(scan, nodes),
        }
    }

    /// The sequential schedule: first, where [`streamline::used`], the streamlined search
    /// (running dry proves nothing); then a short exact search (enough for small games and many
    /// proofs); then the best-first search (which finds wins where a depth-first search wanders
    /// below an early wrong choice), except in the games of [`restarts_first`]; then the
    /// restarts; then the exact search again with what is left. Each but the first is
    /// exhaustive, so the first to run dry proves the deal lost. Without `quick`, the last one
    /// alone. One table holds memory at a time, so `table_bytes` bounds the whole solve.
    fn sequential(&mut self, s: &mut Searchers<V>, quick: bool, classes: bool) -> End {
        let v = self.win.0;
        let max = self.limits.max_nodes;
        // The bounds and memory an interleaved solve of an earlier deal shared out.
        s.stream.release();
        s.restart.release();
        s.layout.release();
        s.plain.set_table_bytes(self.limits.table_bytes);
        s.best.set_max_bytes(self.limits.table_bytes / 2);
        if quick && streamline::used::<V>(v, max) {
            let mode = Mode::streamlined(streamline::symmetric_used::<V>(v));
            let scan = &mut DepthFirst::new(&mut s.plain, mode);
            match self.alone(scan, (max / STREAMLINED_SHARE).max(1)) {
                End::Exhausted | End::Stopped(Limit::Nodes | Limit::Memory) => {}
                end => return end,
            }
        }
        let rest = self.left();
        if quick && rest >= 4 * PROBE_NODES {
            let end = self.alone(&mut DepthFirst::new(&mut s.plain, Mode::PLAIN), PROBE_NODES);
            if end != End::Stopped(Limit::Nodes) {
                return end;
            }
            // The restarts run where their share holds one whole restart at least.
            let restarts = (rest - PROBE_NODES) / RESTART_SHARE >= RESTART_UNIT;
            if !(restarts && restarts_first::<V>(v)) {
                s.plain.release();
                let end = self.alone(&mut Best(&mut s.best), rest / BEST_SHARE);
                s.best.release();
                // The best-first search holds half the table bound; when it fills that, the
                // depth-first search (which may use the whole bound) goes on with the rest.
                if !matches!(end, End::Stopped(Limit::Nodes | Limit::Memory)) {
                    return end;
                }
            }
            // The plain order keeps the other half, for proofs longer than any restart.
            if restarts {
                let share = self.left() / RESTART_SHARE;
                let end = self.alone(&mut Restarts::new(&mut s.plain, Mode::PLAIN), share);
                if end != End::Stopped(Limit::Nodes) {
                    return end;
                }
            }
        }
        // A win found in lonelybot's order ends the solve; its search run dry proves the deal
        // lost as any exact search's does. Else (its nodes or the table bound spent) the plain
        // search starts afresh.
        if classes && self.left() >= 4 * CLASSES_NODES {
            let scan = &mut DepthFirst::new(&mut s.plain, Mode::CLASSES);
            match self.alone(scan, CLASSES_NODES) {
                End::Stopped(Limit::Nodes | Limit::Memory) => {}
                end => return end,
            }
        }
        let left = self.left().max(1);
        self.alone(&mut DepthFirst::new(&mut s.plain, Mode::PLAIN), left)
    }

    /// The interleaved schedule: the scans of the sequential schedule take turns in the
    /// weighted loop (Freecell Solver's soft threads sharing one budget), so that no scan that
    /// would decide a deal early waits for another to spend its share. In the open games the
    /// symmetric streamlined scan runs first, alone, with its share, and then leaves or (where
    /// [`stream_stays`]) takes turns with the others. The table bound is shared equally among
    /// the scans alive.
    fn interleaved(&mut self, s: &mut Searchers<V>) -> End {
        let v = self.win.0;
        let (mut entries, stream_first) = scans_of::<V>(v, self.limits.max_nodes);
        // Solvitaire's streamlined search, in every game (in the open games it is the
        // symmetric search as it was: there no run rearranging is idle).
        let mut stream = DepthFirst::new(&mut s.stream, Mode::SOLVITAIRE);
        let mut best = Best(&mut s.best);
        let mut restarts = Restarts::new(&mut s.restart, Mode::PLAIN);
        let mut plain = DepthFirst::new(&mut s.plain, Mode::PLAIN);
        let mut layout = Restarts::new(&mut s.layout, Mode::layout(0));
        let mut scans = Scans {
            stream: &mut stream,
            best: &mut best,
            restarts: &mut restarts,
            plain: &mut plain,
            layout: &mut layout,
        };
        // Tables keep their memory from deal to deal. So that all of them together stay within
        // the bound, a table holding more than its share now gives it back first (and a scan
        // that runs first, alone, is alone in holding memory).
        let bound = self.limits.table_bytes;
        for id in [
            ScanId::Stream,
            ScanId::Best,
            ScanId::Restarts,
            ScanId::Plain,
            ScanId::Layout,
        ] {
            let kept = entries.iter().any(|&(s, _)| s == id) && !stream_first;
            let scan = scans.get(id);
            if !kept || scan.held() > bound / entries.len() {
                scan.release();
            }
        }
        if stream_first {
            let scan = scans.get(ScanId::Stream);
            scan.share(bound);
            let end = self.alone(scan, stream_first_nodes::<V>(v, self.limits.max_nodes));
            if !matches!(
                end,
                End::Exhausted | End::Stopped(Limit::Nodes | Limit::Memory)
            ) {
                return end;
            }
            // Where it stays, it keeps its table if that fits its share of the bound.
            let stays = end == End::Stopped(Limit::Nodes)
                && stream_stays::<V>(v)
                && scans.get(ScanId::Stream).held() <= bound / entries.len();
            if end == End::Exhausted {
                self.stream_dry(&mut scans, &mut entries, 1);
            } else if stays {
                for (id, w) in entries.iter_mut() {
                    if *id == ScanId::Stream {
                        *w = STREAM_STAY_WEIGHT;
                    }
                }
            } else {
                self.leave(&mut scans, &mut entries, &[ScanId::Stream]);
            }
        }
        for &(id, _) in &entries {
            let scan = scans.get(id);
            scan.share(bound / entries.len());
            // A streamlined scan still here after running first goes on where it stopped.
            if id == ScanId::Stream && stream_first {
                continue;
            }
            if let Some(end) = scan.begin(self.start, &mut self.win) {
                return end;
            }
        }
        let factor = if stream_first { 1 } else { DRY_PLAIN_FACTOR };
        self.rounds(&mut scans, &mut entries, factor)
    }

    /// The weighted loop: round k gives each scan of weight w `PROBE_NODES * 2^k * w` nodes
    /// (within what the budget has left) until one decides the deal, the budget is spent or
    /// every scan has left. A scan that proves nothing by running dry leaves then (the
    /// streamlined scan by [`Run::stream_dry`], the plain search's weight times `dry_factor`);
    /// a scan stopped by the memory bound leaves.
    fn rounds(
        &mut self,
        scans: &mut Scans<'_, V>,
        entries: &mut Vec<(ScanId, u64)>,
        dry_factor: u64,
    ) -> End {
        let mut last = End::Stopped(Limit::Nodes);
        let mut round = 0u32;
        while !entries.is_empty() {
            let q = PROBE_NODES << round.min(40);
            let mut i = 0;
            while i < entries.len() {
                let (id, weight) = entries[i];
                let left = self.left();
                if left == 0 {
                    return End::Stopped(Limit::Nodes);
                }
                let scan = scans.get(id);
                let end = self.turn(scan, (q * weight).min(left));
                let after = match end {
                    End::Stopped(Limit::Nodes) => After::Next,
                    End::Exhausted if id == ScanId::Stream => {
                        self.stream_dry(scans, entries, dry_factor);
                        continue;
                    }
                    // Another scan that proves nothing (the layout restarts) ran dry: it found
                    // no win among the positions its lossy key kept, and leaves.
                    End::Exhausted if !scan.proves() => After::Leave,
                    End::Stopped(Limit::Memory) => {
                        last = end;
                        After::Leave
                    }
                    end => After::Done(end),
                };
                match after {
                    After::Next => i += 1,
                    After::Leave => self.leave(scans, entries, &[id]),
                    After::Done(end) => return end,
                }
            }
            round += 1;
        }
        last
    }

    /// The streamlined scan ran dry: no win where every card that can go up goes up, so the
    /// deal is likely lost, and a loss is proved only by an exhaustive scan running dry. The
    /// streamlined scan leaves, and so do the restarts (each starts over, so none gets far into
    /// a large proof); the plain search takes both their weights, times `factor`. The
    /// best-first search stays: it finds wins that hold a card back from the foundations. This
    /// changes only how the nodes are shared, never what a scan proves.
    fn stream_dry(
        &mut self,
        scans: &mut Scans<'_, V>,
        entries: &mut Vec<(ScanId, u64)>,
        factor: u64,
    ) {
        let given: u64 = entries
            .iter()
            .filter(|&&(s, _)| matches!(s, ScanId::Stream | ScanId::Restarts))
            .map(|&(_, w)| w)
            .sum();
        for (s, w) in entries.iter_mut() {
            if *s == ScanId::Plain {
                *w = (*w + given) * factor;
            }
        }
        self.leave(scans, entries, &[ScanId::Restarts, ScanId::Stream]);
    }

    /// Drops the scans `gone` from `entries`, gives back the memory of those that were there
    /// and shares the bound among the others.
    fn leave(
        &mut self,
        scans: &mut Scans<'_, V>,
        entries: &mut Vec<(ScanId, u64)>,
        gone: &[ScanId],
    ) {
        for &id in gone {
            if entries.iter().any(|&(s, _)| s == id) {
                entries.retain(|&(s, _)| s != id);
                scans.get(id).release();
            }
        }
        for &(id, _) in entries.iter() {
            scans.get(id).share(self.limits.table_bytes / entries.len());
        }
    }
}

/// The scans of the interleaved schedule, by name.
struct Scans<'a, V: Variant> {
    stream: &'a mut dyn Scan<V>,
    best: &'a mut dyn Scan<V>,
    restarts: &'a mut dyn Scan<V>,
    plain: &'a mut dyn Scan<V>,
    layout: &'a mut dyn Scan<V>,
}

impl<V: Variant> Scans<'_, V> {
    fn get(&mut self, id: ScanId) -> &mut dyn Scan<V> {
        match id {
            ScanId::Stream => self.stream,
            ScanId::Best => self.best,
            ScanId::Restarts => self.restarts,
            ScanId::Plain => self.plain,
            ScanId::Layout => self.layout,
        }
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
