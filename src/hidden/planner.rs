//! The hidden-play planner: Monte-Carlo planning over determinizations (after Bjarnason, Fern
//! & Tadepalli, ICAPS 2009), with the thoughtful solver as the evaluator.
//!
//! It sees only an [`Observation`] and its own random stream. At a decision:
//!
//! 1. **Samples.** Draw `samples` fill-ins of the unseen cards (uniform permutations) and solve
//!    each from the current position with `sample_nodes` nodes.
//! 2. **Candidates.** A solved sample proposes a *plan*: its solution up to and including its
//!    first move that reveals a card (moves that reveal nothing are grouped with it, so only
//!    decisions that reveal information cost samples). Plans that reach the same seen position
//!    and reveal the same way are one candidate. The proposing sample counts as a win for it.
//! 3. **Bandit.** UCB1 shares the samples among the candidates: each pull evaluates a candidate
//!    on one more sample it has not been tried on (apply its moves, solve with `sample_nodes`
//!    nodes): solved 1, unsolvable 0, unknown [`UNKNOWN_VALUE`]. At most `2 × samples` pulls.
//!    A sample proved unsolvable in step 1 is lost after every plan, so no pull is spent on it.
//! 4. **Choice.** The candidate with the best mean (then more tries, then first proposed).
//!
//! When no sample can be won within the budget, the candidates are the single legal moves that
//! reveal a card, or if there are none, the single moves that do not go back to a position seen
//! since the last reveal, evaluated the same way; if every one of them is proved lost on every
//! sample tried, or [`MAX_QUIET_FALLBACK`] quiet moves have passed without a reveal, the planner
//! resigns.
//! With nothing unseen, one thoughtful solve with `samples × sample_nodes` nodes decides.

use super::determinize::{Purpose, determinize_into, stream};
use super::observation::Observation;
use crate::cards::Card;
use crate::game::{Move, Position, Variant, apply, legal};
use crate::solve::{Limit, Options, SolveError, Solver, Verdict};
use std::sync::atomic::AtomicBool;

/// The value of a sample whose solve was stopped by the node budget: neither a win nor a loss.
pub const UNKNOWN_VALUE: f64 = 0.5;
/// Default determinizations per decision.
pub const DEFAULT_SAMPLES: u32 = 12;
/// Default node budget of one solve of a sample.
pub const DEFAULT_SAMPLE_NODES: u64 = 20_000;
/// The table bound of the planner's solver.
pub const PLANNER_TABLE_BYTES: usize = 64 << 20;
/// Most quiet single moves the fallback plays in a row before resigning.
pub const MAX_QUIET_FALLBACK: usize = 40;
/// Most samples per decision (a candidate's tried samples are a 64-bit mask).
pub const MAX_SAMPLES: u32 = 64;

/// The planner's budget. Win rates are comparable only at equal budget.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Determinizations per decision (1..=64).
    pub samples: u32,
    /// Node budget of one solve of a sample.
    pub sample_nodes: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            samples: DEFAULT_SAMPLES,
            sample_nodes: DEFAULT_SAMPLE_NODES,
        }
    }
}

impl Budget {
    /// UCB1 pulls per decision after the samples are solved.
    pub fn pulls(&self) -> u32 {
        2 * self.samples
    }

    /// `12 samples/decision, 20000 nodes/sample, ...` for summaries.
    pub fn text(&self) -> String {
        format!(
            "{} samples per decision, {} nodes per sample solve, {} UCB1 pulls per decision, unknown sample = {}",
            self.samples,
            self.sample_nodes,
            self.pulls(),
            UNKNOWN_VALUE
        )
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "samples_per_decision": self.samples,
            "nodes_per_sample": self.sample_nodes,
            "ucb1_pulls_per_decision": self.pulls(),
            "unknown_sample_value": UNKNOWN_VALUE,
        })
    }
}

/// One candidate and its estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The moves: quiet moves, then (usually) one that reveals a card.
    pub moves: Vec<Move>,
    /// Sum of the sample values.
    pub total: f64,
    /// Samples tried.
    pub tries: u32,
}

impl Choice {
    /// The estimated chance of winning (mean sample value).
    pub fn mean(&self) -> f64 {
        if self.tries == 0 {
            0.0
        } else {
            self.total / self.tries as f64
        }
    }
}

/// Why the planner plays no move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Resign {
    /// There is no legal move.
    NoMoves,
    /// Every candidate was proved lost on every sample tried (or loops back).
    Hopeless,
    /// Nothing is unseen and the solver proved the position lost.
    Unsolvable,
    /// Nothing is unseen and the solver was stopped by its budget.
    Unknown,
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
    /// The candidates, best first.
    pub choices: Vec<Choice>,
    /// Samples drawn.
    pub samples: u32,
    /// Samples solved (won) from the current position.
    pub sample_wins: u32,
    /// Samples whose solve was stopped by the node budget.
    pub sample_unknown: u32,
    /// The candidates are single moves (no sample could be won).
    pub fallback: bool,
    /// Nodes searched for this decision.
    pub nodes: u64,
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
    solver: Solver<V>,
    pub budget: Budget,
    samples: Vec<Position>,
    scratch: Vec<Card>,
    work: Position,
}

/// The value of a verdict.
fn value(v: &Verdict) -> Result<f64, PlanError> {
    Ok(match v {
        Verdict::Solved(_) => 1.0,
        Verdict::Unsolvable => 0.0,
        Verdict::Unknown(Limit::Cancelled) => return Err(PlanError::Cancelled),
        Verdict::Unknown(_) => UNKNOWN_VALUE,
    })
}

impl<V: Variant> Planner<V> {
    pub fn new(budget: Budget) -> Self {
        let budget = Budget {
            samples: budget.samples.clamp(1, MAX_SAMPLES),
            ..budget
        };
        Planner {
            solver: Solver::new(Options {
                max_nodes: budget.sample_nodes,
                timeout: None,
                table_bytes: PLANNER_TABLE_BYTES,
                prune: Default::default(),
                quick: true,
            }),
            budget,
            samples: Vec::new(),
            scratch: Vec::new(),
            work: Position::empty(),
        }
    }

    fn solve(
        &mut self,
        pos: &Position,
        nodes: u64,
        cancel: &AtomicBool,
    ) -> Result<(Verdict, u64), PlanError> {
        self.solver.options.max_nodes = nodes;
        let sol = self.solver.solve(pos, cancel)?;
        Ok((sol.verdict, sol.stats.nodes))
    }

    /// Evaluates `moves` on sample `k`: the value and the nodes spent.
    fn evaluate(
        &mut self,
        k: usize,
        moves: &[Move],
        cancel: &AtomicBool,
    ) -> Result<(f64, u64), PlanError> {
        self.work.clone_from(&self.samples[k]);
        for &m in moves {
            let m = legal::<V>(&self.work, m).map_err(|_| PlanError::Illegal(m))?;
            apply::<V>(&mut self.work, m);
        }
        if self.work.is_won::<V>() {
            return Ok((1.0, 0));
        }
        let work = std::mem::replace(&mut self.work, Position::empty());
        let result = self.solve(&work, self.budget.sample_nodes, cancel);
        self.work = work;
        let (v, n) = result?;
        Ok((value(&v)?, n))
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
        let k_max = self.budget.samples as usize;
        let mut d = Decision {
            action: Action::Resign(Resign::NoMoves),
            choices: Vec::new(),
            samples: 0,
            sample_wins: 0,
            sample_unknown: 0,
            fallback: false,
            nodes: 0,
        };
        let legal_moves = obs.moves::<V>();
        if legal_moves.is_empty() {
            return Ok(d);
        }
        if let Some(pos) = obs.complete_position() {
            let pos = pos.clone();
            let nodes = self
                .budget
                .sample_nodes
                .saturating_mul(self.budget.samples as u64);
            let (v, n) = self.solve(&pos, nodes, cancel)?;
            d.nodes = n;
            d.samples = 1;
            d.action = match v {
                Verdict::Solved(moves) => {
                    d.sample_wins = 1;
                    d.choices.push(Choice {
                        moves: moves.clone(),
                        total: 1.0,
                        tries: 1,
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

        // 1. Samples, each solved from here.
        let mut rng = stream(seed, decision, Purpose::Samples);
        self.samples.resize_with(k_max, Position::empty);
        for k in 0..k_max {
            let mut out = std::mem::replace(&mut self.samples[k], Position::empty());
            determinize_into(obs, &mut rng, &mut self.scratch, &mut out);
            self.samples[k] = out;
        }
        d.samples = k_max as u32;
        // 2. Candidates: the solutions' plans up to their first reveal.
        struct Cand {
            choice: Choice,
            seen_pos: Position,
            last: Option<Move>,
            tried: u64,
        }
        let mut cands: Vec<Cand> = Vec::new();
        // Samples proved unsolvable from here: lost after any plan, so they tell the
        // candidates nothing apart and the bandit never spends a pull on them (a zero given to
        // some candidates and not to others would only add noise).
        let mut lost = 0u64;
        for k in 0..k_max {
            let sample = std::mem::replace(&mut self.samples[k], Position::empty());
            let result = self.solve(&sample, self.budget.sample_nodes, cancel);
            self.samples[k] = sample;
            let (v, n) = result?;
            d.nodes += n;
            match v {
                Verdict::Solved(line) => {
                    d.sample_wins += 1;
                    let mut plan = Vec::new();
                    let mut quiet = obs.clone();
                    let mut last = None;
                    for &m in &line {
                        plan.push(m);
                        if quiet.reveals(m) {
                            last = Some(m);
                            break;
                        }
                        quiet.apply_quiet::<V>(m);
                    }
                    let seen_pos = quiet.view().clone();
                    match cands
                        .iter_mut()
                        .find(|c| c.last == last && c.seen_pos == seen_pos)
                    {
                        Some(c) => {
                            c.choice.total += 1.0;
                            c.choice.tries += 1;
                            c.tried |= 1 << k;
                        }
                        None => cands.push(Cand {
                            choice: Choice {
                                moves: plan,
                                total: 1.0,
                                tries: 1,
                            },
                            seen_pos,
                            last,
                            tried: 1 << k,
                        }),
                    }
                }
                Verdict::Unsolvable => lost |= 1 << k,
                Verdict::Unknown(Limit::Cancelled) => return Err(PlanError::Cancelled),
                Verdict::Unknown(_) => d.sample_unknown += 1,
            }
        }
        if cands.is_empty() {
            // No sample won: single moves, except those going back to a position seen since
            // the last reveal.
            d.fallback = true;
            if obs.quiet_moves_since_reveal() >= MAX_QUIET_FALLBACK {
                d.action = Action::Resign(Resign::Hopeless);
                return Ok(d);
            }
            let any_reveal = legal_moves.iter().any(|&m| obs.reveals(m));
            for m in legal_moves {
                let reveals = obs.reveals(m);
                if any_reveal && !reveals {
                    continue;
                }
                if !reveals && obs.seen_since_reveal(&obs.after_quiet::<V>(&[m])) {
                    continue;
                }
                cands.push(Cand {
                    choice: Choice {
                        moves: vec![m],
                        total: 0.0,
                        tries: 0,
                    },
                    seen_pos: Position::empty(),
                    last: None,
                    tried: 0,
                });
            }
            if cands.is_empty() {
                d.action = Action::Resign(Resign::Hopeless);
                return Ok(d);
            }
        }
        // 3. UCB1 over the candidates, each pull one more sample not proved lost.
        let all: u64 = if k_max == 64 {
            u64::MAX
        } else {
            (1u64 << k_max) - 1
        };
        if d.fallback && lost == all {
            // Every sample is lost whatever is played.
            d.action = Action::Resign(Resign::Hopeless);
            return Ok(d);
        }
        for c in &mut cands {
            c.tried |= lost;
        }
        if cands.len() > 1 {
            let proposed: u32 = cands.iter().map(|c| c.choice.tries).sum();
            for pull in 0..self.budget.pulls() {
                let ln = ((proposed + pull).max(1) as f64).ln();
                let pick = cands
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.tried != all)
                    .map(|(i, c)| {
                        let n = c.choice.tries;
                        let score = if n == 0 {
                            f64::INFINITY
                        } else {
                            c.choice.mean() + (2.0 * ln / n as f64).sqrt()
                        };
                        (i, score)
                    })
                    .fold(None, |best: Option<(usize, f64)>, (i, s)| match best {
                        Some((_, bs)) if bs >= s => best,
                        _ => Some((i, s)),
                    });
                let Some((i, _)) = pick else { break };
                let k = (!cands[i].tried).trailing_zeros() as usize;
                let moves = cands[i].choice.moves.clone();
                let (v, n) = self.evaluate(k, &moves, cancel)?;
                d.nodes += n;
                let c = &mut cands[i];
                c.tried |= 1 << k;
                c.choice.total += v;
                c.choice.tries += 1;
            }
        }
        // 4. The best mean; then more tries; then the first proposed.
        let mut order: Vec<usize> = (0..cands.len()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&cands[a].choice, &cands[b].choice);
            y.mean()
                .total_cmp(&x.mean())
                .then(y.tries.cmp(&x.tries))
                .then(a.cmp(&b))
        });
        d.choices = order.iter().map(|&i| cands[i].choice.clone()).collect();
        let best = &d.choices[0];
        d.action = if d.fallback && best.mean() == 0.0 && best.tries > 0 {
            Action::Resign(Resign::Hopeless)
        } else {
            Action::Play(best.moves.clone())
        };
        Ok(d)
    }
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
