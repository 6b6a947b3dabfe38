//! One depth-first search with make/undo, shared by every use of the search: solving, and any
//! other question asked of the positions it reaches (a [`Visit`] says what is sought).
//!
//! The loop allocates nothing per node: moves live on one shared stack (`Vec<Move>` whose
//! capacity is reused), frames on another, and the key is a fixed array.

use super::key::{KeyContext, KeyWords, encode, turned_over_key};
use super::prune::{Plan, Prune, Rule};
use super::streamline::{Sums, place_terms, symmetric_key_of_sums, symmetric_sums};
use super::table::{Insert, Table};
use crate::game::position::Position;
use crate::game::{Move, Place, Stock, Undo, Variant, apply, undo};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What stopped a search before it was done.
#[derive(Copy, Clone, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Limit {
    /// The node budget ran out.
    Nodes,
    /// The time budget ran out.
    Time,
    /// The transposition table reached its memory bound.
    Memory,
    /// The caller cancelled (Ctrl-C).
    Cancelled,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Limit::Nodes => "node limit",
            Limit::Time => "time limit",
            Limit::Memory => "memory limit",
            Limit::Cancelled => "cancelled",
        })
    }
}

/// The budget of one search.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Nodes (moves made) after which the search stops at its next check (every 1,024 nodes;
    /// the best-first search's, between expansions): a scan's turn in the schedule, which may
    /// run past it to that check.
    pub max_nodes: u64,
    /// Most nodes the search may make, never passed: it stops before the move that would pass
    /// it (the budget the user gave, where `max_nodes` is a turn's target).
    pub cap: u64,
    /// When to give up, if ever.
    pub deadline: Option<Instant>,
    /// Most bytes the transposition table may hold.
    pub table_bytes: usize,
}

/// What a search is looking for.
pub trait Visit {
    /// Called on each position the search enters; `true` ends the search there.
    fn goal(&mut self, pos: &Position) -> bool;
}

/// Looks for a won position.
pub struct Win<V>(pub V);
impl<V: Variant> Visit for Win<V> {
    #[inline(always)]
    fn goal(&mut self, pos: &Position) -> bool {
        pos.is_won::<V>(self.0)
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A goal position, and the moves from the start to it.
    Found(Vec<Move>),
    /// Every reachable position was entered and none was a goal.
    Exhausted,
    /// A limit stopped it.
    Stopped(Limit),
}

#[derive(Copy, Clone)]
struct Frame {
    mv: Move,
    undo: Undo,
    next: u32,
    end: u32,
    start: u32,
    /// In the exact searches, the moves `start + 1..keyed` have their child keys in
    /// `Searcher::keys` (computed [`LOOKAHEAD`] moves ahead of the search).
    keyed: u32,
}

/// How many moves after the one it makes the exact depth-first search keys ahead, asking
/// the table for their slots (`Table::prefetch`), so that the memory misses of siblings
/// overlap: a sibling whose position was seen before is probed right after the move before
/// it, and most are. A hint: the same positions, moves and node counts; it pays where the
/// tables are large (measured: docs/performance.md, "LOOKAHEAD: keying siblings ahead").
const LOOKAHEAD: usize = 2;

/// Counters of the last search.
#[derive(Copy, Clone, Debug, Default)]
pub struct Stats {
    /// Moves made.
    pub nodes: u64,
    /// Positions in the table at the end.
    pub table_len: usize,
    /// Bytes the table held at the end.
    pub table_bytes: usize,
    /// Deepest path.
    pub max_depth: usize,
    /// Most cards on the foundations in a position the search entered: how far it got (the
    /// hidden-play planner grades undecided fill-ins by it).
    pub best_up: u8,
}

impl Stats {
    /// Takes the larger of each counter but the nodes from `other`: the counters of several
    /// searches of one solve, whose nodes the caller adds up.
    pub fn absorb(&mut self, other: Stats) {
        self.max_depth = self.max_depth.max(other.max_depth);
        self.table_len = self.table_len.max(other.table_len);
        self.table_bytes = self.table_bytes.max(other.table_bytes);
        self.best_up = self.best_up.max(other.best_up);
    }
}

/// How a depth-first search chooses and keys its moves: a scan of the schedule
/// (`solve::schedule`) is a search in one mode.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mode {
    /// Apply the streamliners (`solve::streamline`): the search then only seeks wins, and
    /// running dry proves nothing.
    pub streamline: bool,
    /// Key positions by [`super::streamline::symmetric_key`] instead of the exact key (with
    /// `streamline` only: a lossy key can only lose wins, so the search then proves nothing).
    pub symmetric: bool,
    /// With `streamline`: runs may move from pile to pile idly (the streamliner that forbids
    /// it, in games with face-down cards, is off).
    pub rearrange: bool,
    /// Seed of the move-order noise of a restart (0: the plain order). The order changes
    /// only which positions are entered first, never what the search proves.
    pub noise: u64,
    /// Key positions by their layout ([`super::layout`]) instead of the exact key: lossy, so
    /// the search then only seeks wins and running dry proves nothing.
    pub layout: bool,
    /// Order the moves by lonelybot's classes ([`class_score`]) instead of ours: another order
    /// of the same exact search, which finds some wins ours finds late.
    pub classes: bool,
}

impl Mode {
    /// The exact search in the plain move order.
    pub const PLAIN: Mode = Mode {
        streamline: false,
        symmetric: false,
        rearrange: false,
        noise: 0,
        layout: false,
        classes: false,
    };

    /// The exact search in lonelybot's order of move classes.
    pub const CLASSES: Mode = Mode {
        classes: true,
        ..Mode::PLAIN
    };

    /// The exact search with the move-order noise of seed `noise`.
    pub const fn noisy(noise: u64) -> Mode {
        Mode {
            noise,
            ..Mode::PLAIN
        }
    }

    /// The streamlined search, keyed by the suit-symmetric fingerprint where `symmetric`.
    pub const fn streamlined(symmetric: bool) -> Mode {
        Mode {
            streamline: true,
            symmetric,
            rearrange: false,
            noise: 0,
            layout: false,
            classes: false,
        }
    }

    /// Solvitaire's streamlined search: the suit-symmetric key, and runs free to rearrange.
    pub const SOLVITAIRE: Mode = Mode {
        streamline: true,
        symmetric: true,
        rearrange: true,
        noise: 0,
        layout: false,
        classes: false,
    };

    /// The search keyed by the layout key, with the move-order noise of seed `noise`.
    pub const fn layout(noise: u64) -> Mode {
        Mode {
            layout: true,
            ..Mode::noisy(noise)
        }
    }

    /// Does a search in this mode that runs dry prove that no goal is reachable?
    pub const fn proves(&self) -> bool {
        !self.streamline && !self.layout
    }
}

/// A reusable searcher: its table and stacks keep their memory from one search to the next.
pub struct Searcher<V: Variant, K: KeyWords> {
    table: Table<K>,
    moves: Vec<Move>,
    /// Beside `moves`, in the exact searches: the child key of each move keyed ahead
    /// ([`Frame`]'s `keyed`) and its hash.
    keys: Vec<(K, u64)>,
    /// Scratch for `order`'s scores, reused so that ordering writes only what it uses.
    scores: Vec<i32>,
    frames: Vec<Frame>,
    /// Beside `frames`, where [`Searcher::incremental`]: the symmetric fingerprint's sums of
    /// each frame's position, kept up to date move by move (else empty; a stack of its own, so
    /// that the other searches' frames stay small).
    sums: Vec<Sums>,
    pub prune: Prune,
    /// `prune` resolved for the game, at the start of each search.
    plan: Plan,
    /// The mode of the search under way (set by [`Searcher::begin`]).
    mode: Mode,
    /// The noise's generator state (advanced at each node ordered with noise).
    rng: u64,
    /// The search under way keys the tableau loosely and makes twin shifts (`solve::loose`;
    /// set at its start from the plan, never with `symmetric`).
    loose: bool,
    /// The search under way does not make the move back to the parent (the take-back rule;
    /// set at its start, never with `symmetric`).
    back: bool,
    pub stats: Stats,
    /// The search under way ([`Searcher::begin`], [`Searcher::resume`]): its key context and
    /// the position at the end of its path (`None` when no search is under way).
    open: Option<(KeyContext, Position)>,
    /// The game.
    v: V,
}

impl<V: Variant, K: KeyWords> Searcher<V, K> {
    pub fn new(v: V, table_bytes: usize, prune: Prune) -> Self {
        // Nothing is reserved until a search uses it: a solver makes several searchers, and
        // a game's schedule may use one of them alone.
        Searcher {
            table: Table::new(table_bytes),
            moves: Vec::new(),
            keys: Vec::new(),
            scores: Vec::new(),
            frames: Vec::new(),
            sums: Vec::new(),
            prune,
            plan: Plan::new::<V>(v, &prune),
            mode: Mode::PLAIN,
            rng: 0,
            loose: false,
            back: false,
            stats: Stats::default(),
            open: None,
            v,
        }
    }

    /// Gives back the table's memory (another search is about to use it).
    pub fn release(&mut self) {
        self.open = None;
        self.table.release();
    }

    /// Bytes its table holds now.
    pub fn bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Does the symmetric search keep its fingerprint's sums up to date move by move (in games
    /// without a stock: see `streamline::place_terms`)?
    #[inline(always)]
    fn incremental(&self) -> bool {
        let v = self.v;
        self.mode.symmetric && matches!(v.rules().stock, Stock::None)
    }

    /// Does the search key its moves' children ahead ([`LOOKAHEAD`])? In the exact searches of
    /// the one-deck games. Where two decks' keys sort their piles (Napoleon's Shoulder), the
    /// keys of the siblings never made and the memory of the keys kept cost more than the
    /// overlapped misses save (measured: docs/performance.md, "LOOKAHEAD: keying siblings
    /// ahead").
    #[inline(always)]
    fn keys_ahead(&self) -> bool {
        let v = self.v;
        !self.mode.symmetric && !self.mode.layout && v.rules().decks == 1
    }

    /// The table key of `pos`: the exact key, or the symmetric fingerprint (`symmetric`).
    #[inline(always)]
    fn key_of(&self, ctx: &KeyContext, pos: &Position) -> K {
        let v = self.v;
        if self.mode.symmetric {
            super::streamline::symmetric_key::<V, K>(v, pos)
        } else if self.mode.layout {
            super::layout::layout_key::<V, K>(v, pos)
        } else {
            encode::<V, K>(v, ctx, pos)
        }
    }

    /// Generates, prunes and orders the moves of `pos` onto the move stack (none at a dead end).
    /// `by`: the move that led to `pos` and what `apply` returned, from a position that is no
    /// dead end (`None` at the root).
    #[inline]
    fn expand(
        &mut self,
        ctx: &KeyContext,
        pos: &Position,
        by: Option<(Move, &Undo)>,
    ) -> (u32, u32) {
        let v = self.v;
        let start = self.moves.len();
        let dead = match by {
            Some((m, u)) => self.plan.dead_end_after::<V>(v, pos, m, u),
            None => self.plan.dead_end::<V>(v, pos),
        };
        if dead {
            return (start as u32, start as u32);
        }
        self.plan.generate::<V>(v, pos, &mut self.moves);
        let (mut end, forced) = self.plan.apply_forced::<V>(v, pos, &mut self.moves, start);
        // With the loose tableau: no inner move (it leads back to this position's key, which
        // is stored), and the twin shifts, unless a rule forced a move up (its argument keeps
        // it alone).
        if self.loose && !forced {
            let mut w = start;
            for i in start..end {
                let m = self.moves[i];
                let inner = match (m.from, m.to) {
                    (Place::Tableau(p), Place::Tableau(q)) => {
                        let p = p as usize;
                        !pos.piles[q as usize].is_empty()
                            && ctx.inner(pos, p, pos.piles[p].len as usize - m.count as usize)
                    }
                    _ => false,
                };
                if !inner {
                    self.moves[w] = m;
                    w += 1;
                }
            }
            self.moves.truncate(w);
            super::loose::push_twin_shifts::<V>(v, pos, &mut self.moves);
            end = self.moves.len();
        }
        if self.mode.streamline {
            let rearrange = self.mode.rearrange;
            end =
                super::streamline::streamline::<V>(v, pos, &mut self.moves, start, end, rearrange);
        }
        self.moves.truncate(end);
        let noise = (self.mode.noise != 0).then(|| {
            self.rng = splitmix(self.rng);
            self.rng
        });
        let classes = self.mode.classes;
        order::<V>(
            v,
            pos,
            &mut self.moves[start..],
            &mut self.scores,
            noise,
            classes,
        );
        // The move back to the parent (on the path, so stored) is not made: the take-back rule.
        // Dropped after ordering, so that the other moves' order (and noise) is as with it.
        if let Some((m, u)) = by
            && self.back
            && let Some(back) = super::prune::takes_back(m, u)
            && let Some(i) = self.moves[start..].iter().position(|&x| x == back)
        {
            debug_assert!({
                let (mut a, mut b) = (pos.clone(), pos.clone());
                apply::<V>(v, &mut a, back);
                undo::<V>(&mut b, m, *u);
                a == b
            });
            self.moves.remove(start + i);
        }
        (start as u32, self.moves.len() as u32)
    }

    /// Searches depth first from `start` for a position `visit` accepts.
    pub fn traverse<G: Visit>(
        &mut self,
        start: &Position,
        visit: &mut G,
        mode: Mode,
        limits: &Limits,
        cancel: &AtomicBool,
    ) -> End {
        match self.begin(start, visit, mode) {
            Some(end) => end,
            None => self.resume(visit, limits, cancel),
        }
    }

    /// Starts a search in `mode` from `start` that [`Searcher::resume`] carries on: enters the
    /// root. `Some` when that alone ends the search (the start is a goal, or the table is full).
    pub fn begin<G: Visit>(&mut self, start: &Position, visit: &mut G, mode: Mode) -> Option<End> {
        let v = self.v;
        self.mode = mode;
        self.table.clear();
        self.moves.clear();
        self.frames.clear();
        self.sums.clear();
        self.stats = Stats::default();
        self.rng = self.mode.noise;
        self.plan = Plan::new::<V>(v, &self.prune);
        self.open = None;
        self.loose = self.plan.loose::<V>(v) && !self.mode.symmetric && !self.mode.layout;
        self.back = self.plan.on::<V>(v, Rule::Back) && !self.mode.symmetric;
        let ctx = self
            .plan
            .key_context::<V>(v, start)
            .with_loose_tableau(self.loose);
        self.stats.best_up = start.on_found;
        if visit.goal(start) {
            return Some(End::Found(Vec::new()));
        }
        if self.table.insert(&self.key_of(&ctx, start)) == Insert::Full {
            return Some(End::Stopped(Limit::Memory));
        }
        let (first, end) = self.expand(&ctx, start, None);
        self.frames.push(Frame {
            mv: Move::new(Place::Stock, Place::Stock, 0),
            undo: Undo::default(),
            next: first,
            end,
            start: first,
            keyed: first,
        });
        if self.incremental() {
            self.sums.push(symmetric_sums::<V>(v, start));
        }
        self.open = Some((ctx, start.clone()));
        None
    }

    /// Carries on the search [`Searcher::begin`] started, or that an earlier call stopped at
    /// its node limit, until `limits.max_nodes` nodes in all (the search's own count,
    /// `stats.nodes`). A search stopped by its node limit can be resumed with a higher one, and
    /// then makes exactly the moves one uninterrupted search would have made; any other end
    /// closes it. `Exhausted` when no search is open.
    pub fn resume<G: Visit>(&mut self, visit: &mut G, limits: &Limits, cancel: &AtomicBool) -> End {
        let Some((ctx, mut pos)) = self.open.take() else {
            return End::Exhausted;
        };
        let end = self.run(&ctx, &mut pos, visit, limits, cancel);
        self.stats.table_len = self.table.len();
        self.stats.table_bytes = self.table.bytes();
        if end == End::Stopped(Limit::Nodes) {
            self.open = Some((ctx, pos));
        }
        end
    }

    /// Is a search open (begun, and stopped only by its node limit so far)?
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Raises (or lowers, before the table grows that far) the memory bound of its table.
    pub fn set_table_bytes(&mut self, bytes: usize) {
        self.table.set_max_bytes(bytes);
    }

    fn run<G: Visit>(
        &mut self,
        ctx: &KeyContext,
        pos: &mut Position,
        visit: &mut G,
        limits: &Limits,
        cancel: &AtomicBool,
    ) -> End {
        let v = self.v;
        let mut nodes = self.stats.nodes;
        let cap = limits.cap;
        let incremental = self.incremental();
        let ahead_keys = self.keys_ahead();
        loop {
            let top = self
                .frames
                .last_mut()
                .expect("the root frame is never popped here");
            if top.next == top.end {
                if self.back(pos, incremental) {
                    self.stats.nodes = nodes;
                    return End::Exhausted;
                }
                continue;
            }
            // Before the move that would pass the cap: nothing to take back, and a resumed
            // search makes this move next, as one uninterrupted search would have.
            if nodes >= cap {
                self.stats.nodes = nodes;
                return End::Stopped(Limit::Nodes);
            }
            let index = top.next as usize;
            let m = self.moves[index];
            top.next += 1;
            // Is this move's child key in `keys`? Once a move of this position has come back
            // (so its siblings are likely to be made too), see `key_ahead`.
            let keyed = ahead_keys && index > top.start as usize;
            if keyed {
                self.key_ahead(ctx, pos, index);
                if self.seen_ahead(ctx, pos, visit, index, m) {
                    nodes += 1;
                    if nodes & 1023 == 0
                        && let Some(l) = stop(nodes, limits, cancel)
                    {
                        return self.stopped_before(nodes, l);
                    }
                    continue;
                }
            }
            let (parent_sums, before) = if incremental {
                let parent = *self.sums.last().expect("a frame's sums");
                (parent, place_terms::<V>(pos, m))
            } else {
                (Sums::default(), (0, 0, 0))
            };
            let u = apply::<V>(v, pos, m);
            nodes += 1;
            if nodes & 1023 == 0
                && let Some(l) = stop(nodes, limits, cancel)
            {
                // Taken back, so that a resumed search makes this move again, as one
                // uninterrupted search would have (it is counted again: it was made).
                undo::<V>(pos, m, u);
                return self.stopped_before(nodes, l);
            }
            if visit.goal(pos) {
                self.stats.nodes = nodes;
                return End::Found(self.path_to(m));
            }
            let sums = if incremental {
                let sums = parent_sums.moved(before, place_terms::<V>(pos, m));
                debug_assert_eq!(
                    sums,
                    symmetric_sums::<V>(v, pos),
                    "{m}: sums kept up to date"
                );
                sums
            } else {
                Sums::default()
            };
            let entered = if self.mode.symmetric {
                self.enter_symmetric(ctx, pos, m, &u, incremental.then_some(sums))
            } else {
                let known = keyed.then(|| self.keys[index]);
                self.enter_exact(ctx, pos, m, &u, known)
            };
            let (start, end) = match entered {
                Entered::New(start, end) => (start, end),
                Entered::Seen => {
                    undo::<V>(pos, m, u);
                    continue;
                }
                Entered::Full => {
                    self.stats.nodes = nodes;
                    return End::Stopped(Limit::Memory);
                }
            };
            self.push(m, u, (start, end), incremental.then_some(sums));
        }
    }

    /// Stops the search before the top frame's last move (taken back if it was applied), so
    /// that a resumed search makes it next; `nodes` made so far.
    #[cold]
    fn stopped_before(&mut self, nodes: u64, limit: Limit) -> End {
        self.frames.last_mut().expect("a frame made this move").next -= 1;
        self.stats.nodes = nodes;
        End::Stopped(limit)
    }

    /// The moves from the start to the child `m` of the position on top of the path.
    #[cold]
    fn path_to(&self, m: Move) -> Vec<Move> {
        let mut path: Vec<Move> = self.frames[1..].iter().map(|f| f.mv).collect();
        path.push(m);
        path
    }

    /// Leaves the top frame, whose moves are all made: takes its move back. `true` when that
    /// was the root's (the search ran dry).
    #[inline(always)]
    fn back(&mut self, pos: &mut Position, incremental: bool) -> bool {
        let f = self.frames.pop().expect("a frame to leave");
        if incremental {
            self.sums.pop();
        }
        self.moves.truncate(f.start as usize);
        if self.frames.is_empty() {
            return true;
        }
        undo::<V>(pos, f.mv, f.undo);
        false
    }

    /// Enters the frame of the position `m` made, whose moves are `moves[start..end]` (and its
    /// fingerprint's sums, where kept up to date).
    #[inline(always)]
    fn push(&mut self, m: Move, u: Undo, (start, end): (u32, u32), sums: Option<Sums>) {
        self.frames.push(Frame {
            mv: m,
            undo: u,
            next: start,
            end,
            start,
            keyed: start,
        });
        if let Some(sums) = sums {
            self.sums.push(sums);
        }
        self.stats.max_depth = self.stats.max_depth.max(self.frames.len() - 1);
    }

    /// Keys the children of the moves from `index` to LOOKAHEAD past it (those not keyed yet)
    /// from their parent `pos` into `keys`, and asks the table for their slots. Called once a
    /// move of this position has come back (so its siblings are likely to be made too); the
    /// first move's child is keyed at its visit, as without the lookahead.
    #[inline(always)]
    fn key_ahead(&mut self, ctx: &KeyContext, pos: &mut Position, index: usize) {
        let v = self.v;
        let top = self.frames.last_mut().expect("a frame holds the move");
        let ahead = (index + 1 + LOOKAHEAD).min(top.end as usize);
        let from = (top.keyed as usize).max(index);
        if from < ahead {
            top.keyed = ahead as u32;
            if self.keys.len() < ahead {
                self.keys.resize(self.moves.len(), (K::default(), 0));
            }
            for i in from..ahead {
                let c = self.moves[i];
                let u = apply::<V>(v, pos, c);
                let k = encode::<V, K>(v, ctx, pos);
                undo::<V>(pos, c, u);
                let h = Table::<K>::hash_of(&k);
                self.table.prefetch(h);
                self.keys[i] = (k, h);
            }
        }
    }

    /// Is the child of move `index` (`m`), keyed ahead, in the table? Then it leads to a
    /// position entered before (or to one counted as entered, `turned_over_key`): the search
    /// would make it, find its key seen and take it back, so it is counted without being made.
    /// The same search: the table is asked the same question at the same point, and such a
    /// position is never a goal (a goal, a function of the position, ends the search when it is
    /// entered, and a position counted as entered has cards in its talon, so is not won; debug
    /// builds make the move and check both).
    #[inline(always)]
    fn seen_ahead<G: Visit>(
        &self,
        ctx: &KeyContext,
        pos: &mut Position,
        visit: &mut G,
        index: usize,
        m: Move,
    ) -> bool {
        let v = self.v;
        let (k, h) = self.keys[index];
        let seen = self.table.contains_hashed(&k, h);
        debug_assert!(
            !seen || {
                let u = apply::<V>(v, pos, m);
                let seen = k == self.key_of(ctx, pos) && !visit.goal(pos);
                undo::<V>(pos, m, u);
                seen
            }
        );
        seen
    }

    /// Enters `pos`, reached by `m`, in the suit-symmetric search (Solvitaire's cache): stores
    /// its fingerprint (from the sums kept up to date, where `sums`) and expands it, unless it
    /// was seen. A position whose one move is forced to a foundation is not stored, only passed
    /// through: stored, it would stand for its suit twins too, and those may have other moves
    /// (the twin of a position about to put up a 5 may be one where a 6 of another suit can move
    /// instead). Foundation cards stay up in a streamlined search, so a chain of forced moves
    /// never comes back to where it started. A position where no card can go up is never a
    /// forced one, so it is looked up first and expanded only if new: the same search, without
    /// expanding the positions seen before (most of them).
    #[inline(always)]
    fn enter_symmetric(
        &mut self,
        ctx: &KeyContext,
        pos: &Position,
        m: Move,
        u: &Undo,
        sums: Option<Sums>,
    ) -> Entered {
        let v = self.v;
        let key = |this: &Self| match sums {
            Some(sums) => symmetric_key_of_sums::<V, K>(pos, sums),
            None => this.key_of(ctx, pos),
        };
        if !super::streamline::may_go_up::<V>(v, pos) {
            match self.table.insert(&key(self)) {
                Insert::New => self.stats.best_up = self.stats.best_up.max(pos.on_found),
                Insert::Seen => return Entered::Seen,
                Insert::Full => return Entered::Full,
            }
            let (start, end) = self.expand(ctx, pos, Some((m, u)));
            return Entered::New(start, end);
        }
        let (start, end) = self.expand(ctx, pos, Some((m, u)));
        let forced =
            end == start + 1 && matches!(self.moves[start as usize].to, Place::Foundation(_));
        if !forced {
            match self.table.insert(&key(self)) {
                Insert::New => self.stats.best_up = self.stats.best_up.max(pos.on_found),
                Insert::Seen => {
                    self.moves.truncate(start as usize);
                    return Entered::Seen;
                }
                Insert::Full => return Entered::Full,
            }
        } else {
            self.stats.best_up = self.stats.best_up.max(pos.on_found);
        }
        Entered::New(start, end)
    }

    /// Enters `pos`, reached by `m`, in an exact search: stores its key (`known`: the key and
    /// hash computed ahead, [`Searcher::key_ahead`]) and the key of the position turning alone
    /// reaches (`turned_over_key`), and expands it, unless it was seen.
    #[inline(always)]
    fn enter_exact(
        &mut self,
        ctx: &KeyContext,
        pos: &Position,
        m: Move,
        u: &Undo,
        known: Option<(K, u64)>,
    ) -> Entered {
        let v = self.v;
        let (key, h) = match known {
            Some((key, h)) => {
                debug_assert!(key == self.key_of(ctx, pos), "{m}: the child key kept");
                (key, h)
            }
            None => {
                let key = self.key_of(ctx, pos);
                (key, Table::<K>::hash_of(&key))
            }
        };
        // Computed before the key's own probe, and its slot asked for, so that the two table
        // misses of a new position overlap (hashed once: the hash outlives growth).
        // The layout key merges more than turning over does: no second key there.
        let over = (!self.mode.layout)
            .then(|| turned_over_key::<V, K>(v, ctx, pos, &key))
            .flatten()
            .map(|k| {
                let h = Table::<K>::hash_of(&k);
                self.table.prefetch(h);
                (k, h)
            });
        match self.table.insert_hashed(&key, h) {
            Insert::New => {
                self.stats.best_up = self.stats.best_up.max(pos.on_found);
                if let Some((k, h)) = over
                    && self.table.insert_hashed(&k, h) == Insert::Full
                {
                    return Entered::Full;
                }
            }
            Insert::Seen => return Entered::Seen,
            Insert::Full => return Entered::Full,
        }
        let (start, end) = self.expand(ctx, pos, Some((m, u)));
        Entered::New(start, end)
    }
}

/// What entering a position came to.
enum Entered {
    /// New: its moves are `moves[start..end]`.
    New(u32, u32),
    /// Seen before (or, where it is not stored, its moves were taken back).
    Seen,
    /// The table is full.
    Full,
}

/// Which limit, if any, stops a search that has made `nodes` nodes (asked every 1,024 nodes).
#[inline]
/// A cancel or a passed deadline: what a loop of searches checks before each one (inside a
/// search, a check that finds its node target reached reports the node limit first).
pub(crate) fn interrupted(limits: &Limits, cancel: &AtomicBool) -> Option<Limit> {
    if cancel.load(Ordering::Relaxed) {
        Some(Limit::Cancelled)
    } else if limits.deadline.is_some_and(|d| Instant::now() >= d) {
        Some(Limit::Time)
    } else {
        None
    }
}

fn stop(nodes: u64, limits: &Limits, cancel: &AtomicBool) -> Option<Limit> {
    if nodes >= limits.max_nodes {
        Some(Limit::Nodes)
    } else if cancel.load(Ordering::Relaxed) {
        Some(Limit::Cancelled)
    } else if limits.deadline.is_some_and(|d| Instant::now() >= d) {
        Some(Limit::Time)
    } else {
        None
    }
}

/// Puts the likely best moves first: to the foundations; moves that turn a card up, uncover a
/// card the foundations need next or a low card, or empty a pile; and last, moves into spaces,
/// stock turns, covering a needed card and foundation cards coming down. Order changes only
/// speed, never a verdict.
/// Weight of a stock turn beside the other moves (0: after every neutral tableau move).
const STOCK_BONUS: i32 = 0;
/// Weight of each card turned past by a talon play.
const TURN_COST: i32 = 5;
/// Weight of a talon play beside the other moves.
const TALON_BONUS: i32 = -300;
/// The range of the noise a restart adds to each move's score (`Searcher::noise`): enough to
/// reorder moves one or two of the steps above apart, not to put a stock turn before moves
/// that empty a pile (measured: docs/performance.md, "NOISE: the restarts' move-order noise").
const NOISE: u64 = 400;
#[inline]
fn order<V: Variant>(
    v: V,
    pos: &Position,
    moves: &mut [Move],
    scores: &mut Vec<i32>,
    noise: Option<u64>,
    classes: bool,
) {
    // Past this many moves the insertion sort would cost more than the order gains.
    const MAX: usize = 512;
    if moves.len() < 2 || moves.len() > MAX {
        return;
    }
    let needed_mask = pos.needed_mask::<V>(v);
    let needed = |c: crate::cards::Card| needed_mask >> c.index() & 1 != 0;
    let score = |m: &Move| -> i32 {
        let mut s = match m.to {
            Place::Foundation(_) => 1000,
            Place::Tableau(q) => {
                let pile = &pos.piles[q as usize];
                if pile.is_empty() {
                    -300
                } else {
                    let t = pile.top();
                    let mut s = -5 * (13 - t.rank() as i32);
                    if needed(t) {
                        s -= 300;
                    }
                    s
                }
            }
            _ => -400,
        };
        match m.from {
            Place::Tableau(p) => {
                let pile = &pos.piles[p as usize];
                // A twin shift leaves bare the card below the one it puts up.
                let rest = match (m.as_twin_shift(), m.to) {
                    (Some(_), Place::Foundation(f)) => {
                        crate::game::engine::twin_shift_index(pos, p as usize, f as usize)
                    }
                    _ => pile.len as usize - m.count as usize,
                };
                if rest == 0 {
                    s += 200;
                } else if pile.is_down(rest - 1) {
                    s += 500;
                } else {
                    let e = pile.card(rest - 1);
                    s += 5 * (13 - e.rank() as i32);
                    if needed(e) {
                        s += 300;
                    }
                }
            }
            Place::Reserve(_) => s += 100,
            Place::Waste => s += 50,
            // A talon play: each card turned past is buried in the waste (for good, in a
            // one-pass game), so the fewer turns the better.
            Place::Stock if m.to != Place::Waste => {
                let (t, redeal) = m.as_talon_play().unwrap_or((0, false));
                let turned = if redeal {
                    pos.stock_len as i32 + t as i32
                } else {
                    t as i32 - pos.waste_len as i32
                };
                s += TALON_BONUS - TURN_COST * turned
            }
            Place::Stock => s += STOCK_BONUS,
            Place::Foundation(_) => s -= 500,
        }
        s
    };
    scores.clear();
    match noise {
        None if classes => scores.extend(moves.iter().map(|m| class_score(pos, m))),
        None => scores.extend(moves.iter().map(score)),
        // Each move but a foundation move gets a draw in 0..NOISE added to its score.
        Some(seed) => scores.extend(moves.iter().enumerate().map(|(i, m)| {
            let s = score(m);
            if matches!(m.to, Place::Foundation(_)) {
                s
            } else {
                let r = splitmix(seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
                s + (r % NOISE) as i32
            }
        })),
    }
    // Insertion sort, stable, on a short slice; no allocation.
    for i in 1..moves.len() {
        let (m, sm) = (moves[i], scores[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < sm {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            j -= 1;
        }
        moves[j] = m;
        scores[j] = sm;
    }
}

/// lonelybot's move order (its `MoveMask::iter_moves`), as a score: a tableau move that turns
/// a card up or empties its pile first, then a tableau card up, a talon card onto the tableau, a
/// talon card up, a foundation card down, and the other moves last; lower cards first within a
/// class (the card moved, or the head of the run; a play of the waste's top card counts as the
/// lowest).
fn class_score(pos: &Position, m: &Move) -> i32 {
    let class = match (m.from, m.to) {
        (Place::Tableau(p), Place::Tableau(_)) => {
            let pile = &pos.piles[p as usize];
            let rest = pile.len as usize - m.count as usize;
            if rest == 0 || pile.is_down(rest - 1) {
                5
            } else {
                0
            }
        }
        (Place::Tableau(_), Place::Foundation(_)) => 4,
        (Place::Stock | Place::Waste, Place::Tableau(_)) => 3,
        (Place::Stock | Place::Waste, Place::Foundation(_)) => 2,
        (Place::Foundation(_), _) => 1,
        _ => 0,
    };
    let card = match m.from {
        // A twin shift's count is no card count (`Move::twin_shift`).
        Place::Tableau(_) if m.as_twin_shift().is_some() => None,
        Place::Tableau(p) => {
            let pile = &pos.piles[p as usize];
            Some(pile.card(pile.len as usize - m.count as usize))
        }
        Place::Stock => m
            .as_talon_play()
            .map(|(t, _)| crate::game::talon_card(pos, t as usize - 1)),
        _ => None,
    };
    class * 1000 - card.map_or(0, |c| i32::from(c.index()))
}

/// One step of the SplitMix64 generator (the restarts' move-order noise).
#[inline(always)]
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
