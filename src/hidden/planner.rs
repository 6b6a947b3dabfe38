//! The hidden-play planner: Monte-Carlo planning over determinizations (after Bjarnason, Fern
//! & Tadepalli, ICAPS 2009, and the lonelybot planner), with the thoughtful solver as the
//! evaluator.
//!
//! It sees only an [`Observation`] and its own random stream. A decision chooses the next card
//! to turn up and how to get there: quiet moves (which reveal nothing) followed by one move
//! that reveals a card. So only decisions that reveal information cost samples, and every
//! decision but the last of a game turns up a card.
//!
//! 1. **Samples.** Draw `samples` fill-ins of the unseen cards (uniform permutations) and solve
//!    each from the current position with `sample_nodes` nodes. A sample proved unsolvable is
//!    lost after any plan, so it is not used below. The candidates are tried on the samples
//!    solved (won) from here; only when none is won, on the undecided ones. A won sample asks
//!    the question that tells candidates apart: does this plan keep the win? An undecided one
//!    can stay undecided after every plan (then it gives each candidate the same
//!    [`UNKNOWN_VALUE`]) and costs a whole budget each time.
//! 2. **Candidates.** Every move that reveals a card, made from the seen position or from one
//!    that quiet moves reach (breadth first, so by the shortest quiet path, up to
//!    [`QUIET_POSITIONS`] positions and [`MAX_CANDIDATES`] candidates); and the plan of each
//!    solved sample up to its first reveal. A reveal whose last quiet move could as well be
//!    made after it (the reveal is legal before that move, the move after it, and both orders
//!    reach the same position) is left out: revealing first loses nothing and shows a card.
//! 3. **Bandit.** UCB1 (exploration constant 2) shares [`PULLS_PER_SAMPLE`] × `samples` pulls
//!    among the candidates: a candidate's j-th pull plays its moves on the j-th sample tried
//!    and solves from there with `sample_nodes` nodes: solved 1, unsolvable 0, unknown
//!    [`UNKNOWN_VALUE`]. All candidates are tried on the same samples in the same order.
//!    When no sample was won (the candidates are tried on undecided ones), an unknown counts
//!    by how far its search got instead ([`graded_unknown`]: more cards up, more value, always
//!    strictly between a loss and a win). Otherwise every pull would count the same 0.5 in
//!    games whose fill-ins a short search seldom decides (Napoleon's Shoulder, where revision
//!    6 then turned the stock blindly, decision after decision), and the first candidate
//!    found would be played.
//! 4. **Choice.** The candidate with the best mean (then more tries, then first found). When
//!    every sample is proved lost, no candidate exists, or the best mean is 0 (lost on every
//!    sample tried), the planner resigns.
//!
//! With nothing unseen, one thoughtful solve with [`FINAL_FACTOR`] × `samples × sample_nodes`
//! nodes decides.

use super::determinize::{Purpose, determinize_into, stream};
use super::observation::{Observation, Slot};
use crate::cards::Card;
use crate::game::{Move, Place, Position, Variant, apply, legal};
use crate::hash::WordBuild;
use crate::solve::{End, Limit, Options, Prune, SolveError, Solver, Verdict, expand_solver_moves};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

/// The value of a sample whose solve was stopped by the node budget: neither a win nor a loss.
pub const UNKNOWN_VALUE: f64 = 0.5;

/// The value of an undecided pull in a decision where no sample was won: 1/4, plus 1/2 times
/// the share of the game's cards that its search got onto the foundations in some position
/// (`Stats::best_up`). So it lies in [1/4, 3/4], between a loss (0) and a win (1), and a plan
/// after which a short search gets more cards up counts more. Only a ranking of plans: such a
/// decision's printed chance still counts an unknown as [`UNKNOWN_VALUE`].
pub fn graded_unknown(best_up: u8, cards: usize) -> f64 {
    0.25 + 0.5 * (best_up as f64 / cards.max(1) as f64).min(1.0)
}

/// Default determinizations per decision.
pub const DEFAULT_SAMPLES: u32 = 128;
/// Default node budget of one solve of a sample.
pub const DEFAULT_SAMPLE_NODES: u64 = 2_000;
/// UCB1 pulls per decision, per sample.
pub const PULLS_PER_SAMPLE: u32 = 8;
/// The table bound of the planner's solver of samples (lower when the caller's bound is lower,
/// [`Planner::with_options`]).
pub const PLANNER_TABLE_BYTES: usize = 64 << 20;
/// Most samples per decision.
pub const MAX_SAMPLES: u32 = 1024;
/// The solve of the last decision, when every card is seen, gets this many times a decision's
/// sample budget (`samples × sample_nodes`): it is one solve, not hundreds, and the game's
/// result rests on it. Where it runs out the game is `unknown` (measured: docs/performance.md,
/// "FINAL_FACTOR: the last solve's budget").
pub const FINAL_FACTOR: u64 = 64;
/// The table bound of that last solve (its own solver, made for it and dropped after it;
/// lower when the caller's bound is lower, [`Planner::with_options`]).
pub const FINAL_TABLE_BYTES: usize = 1 << 30;
/// Most positions the breadth-first search over quiet moves visits per decision.
pub const QUIET_POSITIONS: usize = 600;
/// Most reveals found by that search per decision.
pub const MAX_CANDIDATES: usize = 64;

/// The revision of this build's planner, recorded with every hidden-play row: a change to
/// what the planner does gets a new number, so rows of different planners are never mixed.
/// The revisions, what each changed and what it measured, are in CHANGELOG.md ("Planner
/// revisions").
pub const PLANNER_REVISION: u32 = 15;

/// The planner's budget, and which planner spends it. Win rates are comparable only with the
/// same planner at equal budget.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Determinizations per decision (1..=[`MAX_SAMPLES`]).
    pub samples: u32,
    /// Node budget of one solve of a sample.
    pub sample_nodes: u64,
    /// The planner's revision ([`PLANNER_REVISION`] for rows this build plays; 0 when a file
    /// of an earlier format did not record it).
    pub revision: u32,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(DEFAULT_SAMPLES, DEFAULT_SAMPLE_NODES)
    }
}

impl Budget {
    /// Samples per decision when none are given ([`DEFAULT_SAMPLES`]).
    pub const DEFAULT_SAMPLES: u32 = DEFAULT_SAMPLES;
    /// Nodes per sample solve when none are given ([`DEFAULT_SAMPLE_NODES`]).
    pub const DEFAULT_SAMPLE_NODES: u64 = DEFAULT_SAMPLE_NODES;
    /// The most samples per decision a budget may ask for.
    pub const MAX_SAMPLES: u32 = MAX_SAMPLES;
    /// What a sample the solver left unknown counts, between a loss (0) and a win (1).
    pub const UNKNOWN_VALUE: f64 = UNKNOWN_VALUE;

    /// A budget for this build's planner.
    pub const fn new(samples: u32, sample_nodes: u64) -> Budget {
        Budget {
            samples,
            sample_nodes,
            revision: PLANNER_REVISION,
        }
    }

    /// `revision 6` or `revision not recorded`.
    pub fn revision_text(&self) -> String {
        match self.revision {
            0 => "revision not recorded".to_string(),
            r => format!("revision {r}"),
        }
    }

    /// UCB1 pulls per decision after the samples are solved.
    pub fn pulls(&self) -> u32 {
        PULLS_PER_SAMPLE * self.samples
    }

    /// `revision 6, 128 samples per decision, 2000 nodes per sample solve, ...` for summaries.
    pub fn text(&self) -> String {
        format!(
            "{}, {} samples per decision, {} nodes per sample solve, {} UCB1 pulls per decision, unknown sample = {}{}",
            self.revision_text(),
            self.samples,
            self.sample_nodes,
            self.pulls(),
            UNKNOWN_VALUE,
            if self.revision >= 7 {
                " (graded by the cards its search got up where no sample is won)"
            } else {
                ""
            }
        ) + &if self.revision >= 8 {
            format!(
                ", last solve (every card seen) {} nodes",
                self.last_solve_nodes()
            )
        } else {
            String::new()
        }
    }

    /// The node budget of the last solve, when every card is seen.
    pub fn last_solve_nodes(&self) -> u64 {
        let one = self.sample_nodes.saturating_mul(self.samples as u64);
        if self.revision >= 8 {
            one.saturating_mul(FINAL_FACTOR)
        } else {
            one
        }
    }
}

/// One candidate and its estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The moves: quiet moves, then one that reveals a card.
    pub moves: Vec<Move>,
    /// Sum of the sample values.
    pub total: f64,
    /// Samples tried.
    pub tries: u32,
    /// Of those, the ones its solve won, and the ones it proved lost (the rest are unknown).
    pub won: u32,
    pub lost: u32,
}

impl Choice {
    /// The mean value over the samples it was tried on (the won samples of its decision, or
    /// the undecided ones when none was won, where unknowns are graded): the planner's ranking,
    /// not its chance from the position, which [`Decision::chance`] estimates.
    pub fn mean(&self) -> f64 {
        if self.tries == 0 {
            0.0
        } else {
            self.total / self.tries as f64
        }
    }

    /// The share of the samples tried that it keeps: won 1, lost 0, unknown [`UNKNOWN_VALUE`].
    /// The same as [`Choice::mean`] but in a decision that grades unknowns.
    pub fn held(&self) -> f64 {
        if self.tries == 0 {
            0.0
        } else {
            let unknown = self.tries - self.won - self.lost;
            (self.won as f64 + unknown as f64 * UNKNOWN_VALUE) / self.tries as f64
        }
    }
}

/// Why the planner plays no move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Resign {
    /// There is no legal move.
    NoMoves,
    /// Every sample is proved lost, no card can be turned up, or every candidate was proved
    /// lost on every sample tried.
    Hopeless,
    /// Nothing is unseen and the solver proved the position lost.
    Unsolvable,
    /// Nothing is unseen and the solver was stopped by its budget.
    Unknown,
}

impl Resign {
    /// Why, in words, as `hint` prints it.
    pub fn reason(&self) -> &'static str {
        match self {
            Resign::NoMoves => "there is no legal move",
            Resign::Hopeless => "every move was lost on every sample tried",
            Resign::Unsolvable => "the position is unsolvable",
            Resign::Unknown => "the solver found no win within its budget",
        }
    }
}

/// What the planner does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Play(Vec<Move>),
    Resign(Resign),
}

/// A decision and how it was reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub action: Action,
    /// The candidates tried, best first.
    pub choices: Vec<Choice>,
    /// Samples drawn.
    pub samples: u32,
    /// Samples solved (won) from the current position.
    pub sample_wins: u32,
    /// Samples whose solve was stopped by the node budget.
    pub sample_unknown: u32,
    /// Candidates found.
    pub candidates: u32,
    /// Nodes searched for this decision.
    pub nodes: u64,
    /// No sample was won, so the candidates were tried on undecided ones and ranked with
    /// graded unknowns ([`graded_unknown`]).
    pub graded: bool,
}

impl Decision {
    /// The estimated chance of winning with `c` from the decision's position, over all its
    /// samples: a sample proved lost counts 0; the samples `c` was tried on count its mean;
    /// undecided samples it was not tried on (there were won ones) count [`UNKNOWN_VALUE`]. The
    /// samples tried count as [`Choice::held`] says (ungraded).
    pub fn chance(&self, c: &Choice) -> f64 {
        if self.samples == 0 {
            return 0.0;
        }
        let (tried, untried) = if self.sample_wins > 0 {
            (self.sample_wins, self.sample_unknown)
        } else {
            (self.sample_unknown, 0)
        };
        (tried as f64 * c.held() + untried as f64 * UNKNOWN_VALUE) / self.samples as f64
    }

    /// The choices that start with a move no better choice starts with, best first: each
    /// first move once, with the best plan that starts with it.
    pub fn first_moves(&self) -> Vec<&Choice> {
        let mut firsts: Vec<&Choice> = Vec::new();
        for c in &self.choices {
            if c.moves
                .first()
                .is_some_and(|m| firsts.iter().all(|f| f.moves[0] != *m))
            {
                firsts.push(c);
            }
        }
        firsts
    }
}

/// Why planning failed.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    #[error("cancelled")]
    Cancelled,
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error("internal error: planned move {0} is illegal in a determinization")]
    Illegal(Move),
}

/// A planner for game `V`; reuse one per thread (its solver keeps its table).
pub struct Planner<V: Variant> {
    /// The game.
    v: V,
    solver: Solver<V>,
    pub budget: Budget,
    samples: Vec<Position>,
    scratch: Vec<Card>,
    work: Position,
    /// The table bound of the last solve.
    last_table_bytes: usize,
}

/// A candidate while it is being found: its real moves and the seen position before its
/// reveal, with the reveal.
struct Found {
    moves: Vec<Move>,
    before: Position,
    reveal: Move,
}

impl<V: Variant> Planner<V> {
    /// A planner with the default pruning and table bounds.
    pub fn new(v: V, budget: Budget) -> Self {
        Planner::with_options(v, budget, &Options::default())
    }

    /// A planner whose solves use `options`' pruning and stay within its table bound
    /// (`table_bytes`; each table is also at most [`PLANNER_TABLE_BYTES`] for the samples and
    /// [`FINAL_TABLE_BYTES`] for the last solve). Its node budgets are its own (`budget`); the
    /// options' node and time limits are not used.
    pub fn with_options(v: V, budget: Budget, options: &Options) -> Self {
        let budget = Budget {
            samples: budget.samples.clamp(1, MAX_SAMPLES),
            ..budget
        };
        // The take-back rule changes node counts, and with them a sample's verdict at its
        // budget: off in the planner's solves, whose decisions stay those of its revision.
        let prune = Prune {
            back: false,
            ..options.prune
        };
        Planner {
            v,
            solver: Solver::new(
                v,
                Options {
                    max_nodes: budget.sample_nodes,
                    timeout: None,
                    table_bytes: PLANNER_TABLE_BYTES.min(options.table_bytes),
                    prune,
                    quick: true,
                    // Revision 15's games, as without the first search in lonelybot's order
                    // (its last solve takes these options).
                    classes_first: false,
                },
            ),
            budget,
            samples: Vec::new(),
            scratch: Vec::new(),
            work: Position::empty(),
            last_table_bytes: FINAL_TABLE_BYTES.min(options.table_bytes),
        }
    }

    /// Solves a sample from the decision's position with the sample budget.
    fn solve(&mut self, pos: &Position, cancel: &AtomicBool) -> Result<(Verdict, u64), PlanError> {
        self.solver.options.max_nodes = self.budget.sample_nodes;
        let sol = self.solver.solve(pos, cancel)?;
        Ok((sol.verdict, sol.stats.nodes))
    }

    /// Evaluates `moves` on sample `k` (the verdict only): the value (an unknown graded when
    /// `graded`), whether it was won or proved lost, and the nodes spent.
    fn evaluate(
        &mut self,
        k: usize,
        moves: &[Move],
        graded: bool,
        cancel: &AtomicBool,
    ) -> Result<(f64, Option<bool>, u64), PlanError> {
        let v = self.v;
        self.work.clone_from(&self.samples[k]);
        for &m in moves {
            let m = legal::<V>(v, &self.work, m).map_err(|_| PlanError::Illegal(m))?;
            apply::<V>(v, &mut self.work, m);
        }
        if self.work.is_won::<V>(v) {
            return Ok((1.0, Some(true), 0));
        }
        self.solver.options.max_nodes = self.budget.sample_nodes;
        let (end, st) = self.solver.search_only(&self.work, cancel)?;
        let (v, won) = match end {
            End::Found(_) => (1.0, Some(true)),
            End::Exhausted => (0.0, Some(false)),
            End::Stopped(Limit::Cancelled) => return Err(PlanError::Cancelled),
            End::Stopped(_) if graded => (graded_unknown(st.best_up, v.rules().cards()), None),
            End::Stopped(_) => (UNKNOWN_VALUE, None),
        };
        Ok((v, won, st.nodes))
    }

    /// Decides what to play. `seed` and `decision` (the index of this decision in the game)
    /// seed the sample stream: the same observation, seed, decision and budget always give the
    /// same decision.
    pub fn decide(
        &mut self,
        obs: &Observation,
        seed: u64,
        decision: u64,
        cancel: &AtomicBool,
    ) -> Result<Decision, PlanError> {
        let v = self.v;
        let k_max = self.budget.samples as usize;
        let mut d = Decision {
            action: Action::Resign(Resign::NoMoves),
            choices: Vec::new(),
            samples: 0,
            sample_wins: 0,
            sample_unknown: 0,
            candidates: 0,
            nodes: 0,
            graded: false,
        };
        if obs.moves::<V>(v).is_empty() {
            return Ok(d);
        }
        if let Some(pos) = obs.complete_position() {
            let pos = pos.clone();
            let nodes = self.budget.last_solve_nodes();
            let mut last = Solver::<V>::new(
                v,
                Options {
                    max_nodes: nodes,
                    table_bytes: self.last_table_bytes,
                    ..self.solver.options.clone()
                },
            );
            let sol = last.solve(&pos, cancel)?;
            let (v, n) = (sol.verdict, sol.stats.nodes);
            d.nodes = n;
            d.samples = 1;
            d.action = match v {
                Verdict::Solved(moves) => {
                    d.sample_wins = 1;
                    d.choices.push(Choice {
                        moves: moves.clone(),
                        total: 1.0,
                        tries: 1,
                        won: 1,
                        lost: 0,
                    });
                    Action::Play(moves)
                }
                Verdict::Unsolvable => Action::Resign(Resign::Unsolvable),
                Verdict::Unknown(Limit::Cancelled) => return Err(PlanError::Cancelled),
                Verdict::Unknown(_) => {
                    d.sample_unknown = 1;
                    Action::Resign(Resign::Unknown)
                }
            };
            return Ok(d);
        }

        // 1. Samples, each solved from here; a solved one proposes its plan.
        let mut rng = stream(seed, decision, Purpose::Samples);
        self.samples.resize_with(k_max, Position::empty);
        for k in 0..k_max {
            let mut out = std::mem::replace(&mut self.samples[k], Position::empty());
            determinize_into(obs, &mut rng, &mut self.scratch, &mut out);
            self.samples[k] = out;
        }
        d.samples = k_max as u32;
        let mut found: Vec<Found> = Vec::new();
        let (mut won, mut undecided) = (Vec::with_capacity(k_max), Vec::new());
        for k in 0..k_max {
            let sample = std::mem::replace(&mut self.samples[k], Position::empty());
            let result = self.solve(&sample, cancel);
            self.samples[k] = sample;
            let (verdict, n) = result?;
            d.nodes += n;
            match verdict {
                Verdict::Solved(line) => {
                    d.sample_wins += 1;
                    won.push(k);
                    add_candidate(&mut found, plan_of::<V>(v, obs, &line));
                }
                Verdict::Unsolvable => {}
                Verdict::Unknown(Limit::Cancelled) => return Err(PlanError::Cancelled),
                Verdict::Unknown(_) => {
                    d.sample_unknown += 1;
                    undecided.push(k);
                }
            }
        }
        // The samples the candidates are tried on (step 1); with none won, graded unknowns.
        d.graded = won.is_empty();
        let usable = if d.graded { undecided } else { won };
        if usable.is_empty() {
            d.action = Action::Resign(Resign::Hopeless);
            return Ok(d);
        }
        // 2. The reveals that quiet moves reach.
        for f in reveals::<V>(v, obs) {
            add_candidate(&mut found, Some(f));
        }
        d.candidates = found.len() as u32;
        if found.is_empty() {
            d.action = Action::Resign(Resign::Hopeless);
            return Ok(d);
        }
        let mut cands: Vec<Choice> = found
            .into_iter()
            .map(|f| Choice {
                moves: f.moves,
                total: 0.0,
                tries: 0,
                won: 0,
                lost: 0,
            })
            .collect();
        // 3. UCB1; a candidate's j-th pull is on the j-th sample tried.
        for pull in 0..self.budget.pulls() {
            let ln = (pull.max(1) as f64).ln();
            let pick = cands
                .iter()
                .enumerate()
                .filter(|(_, c)| (c.tries as usize) < usable.len())
                .map(|(i, c)| {
                    let score = if c.tries == 0 {
                        f64::INFINITY
                    } else {
                        c.mean() + (2.0 * ln / c.tries as f64).sqrt()
                    };
                    (i, score)
                })
                .fold(None, |best: Option<(usize, f64)>, (i, s)| match best {
                    Some((_, bs)) if bs >= s => best,
                    _ => Some((i, s)),
                });
            let Some((i, _)) = pick else { break };
            let k = usable[cands[i].tries as usize];
            let moves = std::mem::take(&mut cands[i].moves);
            let result = self.evaluate(k, &moves, d.graded, cancel);
            cands[i].moves = moves;
            let (v, won, n) = result?;
            d.nodes += n;
            cands[i].total += v;
            cands[i].tries += 1;
            match won {
                Some(true) => cands[i].won += 1,
                Some(false) => cands[i].lost += 1,
                None => {}
            }
        }
        // 4. The best mean; then more tries; then the first found.
        let mut order: Vec<usize> = (0..cands.len()).filter(|&i| cands[i].tries > 0).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&cands[a], &cands[b]);
            y.mean()
                .total_cmp(&x.mean())
                .then(y.tries.cmp(&x.tries))
                .then(a.cmp(&b))
        });
        d.choices = order.iter().map(|&i| cands[i].clone()).collect();
        let best = &d.choices[0];
        d.action = if best.mean() == 0.0 {
            Action::Resign(Resign::Hopeless)
        } else {
            Action::Play(best.moves.clone())
        };
        Ok(d)
    }
}

/// Adds a candidate unless one with the same reveal from the same position is there.
fn add_candidate(found: &mut Vec<Found>, f: Option<Found>) {
    if let Some(f) = f
        && !found
            .iter()
            .any(|x| x.reveal == f.reveal && x.before == f.before)
    {
        found.push(f);
    }
}

/// A solved sample's line up to and including its first reveal (`None` if it reveals nothing).
/// It is kept whole even when its last quiet move could wait (see [`can_wait`]): its earlier
/// quiet moves may be a setup the breadth-first search does not reach, and dropping such
/// plans lost wins (measured: docs/performance.md, "plan_of: solved samples' plans kept
/// whole").
fn plan_of<V: Variant>(v: V, obs: &Observation, line: &[Move]) -> Option<Found> {
    let mut quiet = obs.clone();
    for (i, &m) in line.iter().enumerate() {
        if quiet.reveals(m) {
            return Some(Found {
                moves: line[..=i].to_vec(),
                before: quiet.view().clone(),
                reveal: m,
            });
        }
        quiet.apply_quiet::<V>(v, m);
    }
    None
}

/// The move set of the search over quiet moves: the solver's, with talon plays where the
/// stock is turned over again, unless some stock card is unseen (a position given with `??`
/// in the stock): then the stock is turned a move at a time, and a turn that shows an unseen
/// card is a reveal.
///
/// The search only generates moves (no dead-end test is asked), and generating reads no unseen
/// card: the seen position holds a placeholder (an Ace of clubs) in each unseen slot, and an
/// unseen card can neither move nor be built on. The rules that read whole piles (split runs,
/// blocked cards, twin cards) are off all the same.
fn quiet_move_set(obs: &Observation) -> Prune {
    let stock_unseen = obs.slots().iter().any(|s| matches!(s, Slot::Stock { .. }));
    Prune {
        talon: !stock_unseen,
        runs: false,
        blocks: false,
        twin: false,
        ..Prune::default()
    }
}

/// The candidates that quiet moves reach (the module's step 2), each as its real moves: quiet
/// moves, then the reveal.
pub fn reveal_candidates<V: Variant>(v: V, obs: &Observation) -> Vec<Vec<Move>> {
    reveals::<V>(v, obs).into_iter().map(|f| f.moves).collect()
}

/// The moves that reveal a card from the seen position or from a position quiet moves reach,
/// breadth first (see the module's step 2).
fn reveals<V: Variant>(v: V, obs: &Observation) -> Vec<Found> {
    let prune = quiet_move_set(obs);
    let root = obs.view().clone();
    let mut nodes: Vec<(Position, u32, Move)> = vec![(
        root.clone(),
        u32::MAX,
        Move::new(Place::Stock, Place::Stock, 0),
    )];
    let mut visited: HashSet<Position, WordBuild> = HashSet::default();
    visited.insert(root.clone());
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut head = 0;
    while head < nodes.len() {
        let pos = nodes[head].0.clone();
        moves.clear();
        prune.generate::<V>(v, &pos, &mut moves);
        for &m in &moves {
            if !obs.reveals_at(&pos, m) {
                if nodes.len() < QUIET_POSITIONS {
                    let mut next = pos.clone();
                    apply::<V>(v, &mut next, m);
                    if visited.insert(next.clone()) {
                        nodes.push((next, head as u32, m));
                    }
                }
                continue;
            }
            if head > 0 {
                let (before, q) = (&nodes[nodes[head].1 as usize].0, nodes[head].2);
                if can_wait::<V>(v, &prune, before, q, m, &pos) {
                    continue;
                }
            }
            let mut path = Vec::new();
            let mut i = head;
            while nodes[i].1 != u32::MAX {
                path.push(nodes[i].2);
                i = nodes[i].1 as usize;
            }
            path.reverse();
            let mut path = expand_solver_moves::<V>(v, &root, &path);
            path.push(m);
            out.push(Found {
                moves: path,
                before: pos.clone(),
                reveal: m,
            });
            if out.len() == MAX_CANDIDATES {
                return out;
            }
        }
        head += 1;
    }
    out
}

/// Can the quiet move `q` (made on `before`, giving `after`) wait until after the reveal `r`?
/// Yes when `r` is a move on `before` too, `q` is still a move after it, and both orders reach
/// the same position: then revealing first loses nothing and shows a card before `q` is chosen.
fn can_wait<V: Variant>(
    v: V,
    prune: &Prune,
    before: &Position,
    q: Move,
    r: Move,
    after: &Position,
) -> bool {
    let mut moves = Vec::new();
    prune.generate::<V>(v, before, &mut moves);
    if !moves.contains(&r) {
        return false;
    }
    let mut x = before.clone();
    apply::<V>(v, &mut x, r);
    moves.clear();
    prune.generate::<V>(v, &x, &mut moves);
    if !moves.contains(&q) {
        return false;
    }
    apply::<V>(v, &mut x, q);
    let mut y = after.clone();
    apply::<V>(v, &mut y, r);
    x == y
}

/// The moves of a plan in text: `T3>F1 R5>T2 T1>T4x3`.
pub fn plan_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A plan in text, shortened when long: `T3>F1 R5>T2 ... (+40 moves) ... T6>T4`.
pub fn plan_short(moves: &[Move]) -> String {
    if moves.len() <= 8 {
        return plan_text(moves);
    }
    format!(
        "{} ... (+{} moves) ... {}",
        plan_text(&moves[..4]),
        moves.len() - 6,
        plan_text(&moves[moves.len() - 2..])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(samples: u32, sample_wins: u32, sample_unknown: u32) -> Decision {
        Decision {
            action: Action::Resign(Resign::Hopeless),
            choices: Vec::new(),
            samples,
            sample_wins,
            sample_unknown,
            candidates: 0,
            nodes: 0,
            graded: sample_wins == 0,
        }
    }

    /// A candidate tried `tries` times: `won` won, `lost` lost, the rest unknown (0.5 each).
    fn choice(won: u32, lost: u32, tries: u32) -> Choice {
        Choice {
            moves: Vec::new(),
            total: won as f64 + (tries - won - lost) as f64 * UNKNOWN_VALUE,
            tries,
            won,
            lost,
        }
    }

    #[test]
    fn the_chance_counts_lost_untried_and_tried_samples() {
        // 10 samples: 4 won (the candidate keeps 3 of them), 2 undecided (0.5 each), 4 lost.
        let c = choice(3, 1, 4);
        assert!((decision(10, 4, 2).chance(&c) - 0.4).abs() < 1e-12);
        // Nothing won: the candidate was tried on the 5 undecided samples, 2 of them won.
        let c = choice(2, 3, 5);
        assert!((decision(10, 0, 5).chance(&c) - 0.2).abs() < 1e-12);
        // Graded unknowns change the ranking value, not the chance: 1 won, 1 lost and 3
        // unknown (held 0.5 each) of the 5 undecided samples.
        let mut g = choice(1, 1, 5);
        g.total = 1.0 + 3.0 * graded_unknown(20, 104);
        assert!((decision(10, 0, 5).chance(&g) - 0.25).abs() < 1e-12);
        assert!(g.mean() < choice(1, 1, 5).mean());
        // No sample at all.
        assert_eq!(decision(0, 0, 0).chance(&c), 0.0);
    }

    #[test]
    fn a_graded_unknown_lies_between_a_loss_and_a_win_and_grows_with_cards_up() {
        assert_eq!(graded_unknown(0, 52), 0.25);
        assert_eq!(graded_unknown(52, 52), 0.75);
        assert!(graded_unknown(10, 104) < graded_unknown(11, 104));
        for up in 0..=104 {
            let v = graded_unknown(up, 104);
            assert!(v > 0.0 && v < 1.0, "{up}: {v}");
        }
    }
}
