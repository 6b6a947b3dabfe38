//! The game driver of hidden play. It alone holds the real deal: it hands the planner an
//! [`Observation`], plays the moves the planner chose on the real table (each checked with the
//! direct rules check), and updates the observation with what they revealed.
//!
//! Exact shortcut: a deal that the thoughtful solver proves unsolvable cannot be won by any
//! play, seen or not, so it is a hidden-play loss without planning. (The solver's other
//! answers are not passed on: the planner never learns them.) In a game that hides nothing
//! (Lucky Piles), hidden play is thoughtful play and the thoughtful verdict is the answer.

use super::observation::{Observation, game_hides_cards};
use super::planner::{Action, Decision, PlanError, Planner, Resign, plan_short};
use crate::cards::Card;
use crate::game::{Move, Place, Position, Variant, apply, legal};
use crate::solve::{Limit, Solver, Verdict};
use std::sync::atomic::AtomicBool;

/// Most decisions in one game (each plays at least one move); past it the game counts as lost.
pub const MAX_DECISIONS: u64 = 2_000;

/// How a hidden-play game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won,
    /// The thoughtful solver proved the deal unsolvable: lost without planning.
    ProvedUnsolvable,
    /// The planner resigned.
    Resigned(Resign),
    /// [`MAX_DECISIONS`] were made without an end.
    TooLong,
    /// A game that hides nothing, whose thoughtful solve was stopped by a limit.
    Unknown(Limit),
}

impl Outcome {
    pub fn text(&self) -> String {
        match self {
            Outcome::Won => "won".into(),
            Outcome::ProvedUnsolvable => {
                "lost: the thoughtful solver proves the deal unsolvable (no planning needed)".into()
            }
            Outcome::Resigned(Resign::NoMoves) => "lost: no legal move".into(),
            Outcome::Resigned(Resign::Hopeless) => {
                "lost: resigned (every sample was lost, or no card could be turned up)".into()
            }
            Outcome::Resigned(Resign::Unsolvable) => {
                "lost: every card is seen and the position is unsolvable".into()
            }
            Outcome::Resigned(Resign::Unknown) => {
                "lost: every card is seen but the solver found no win within its budget".into()
            }
            Outcome::TooLong => format!("lost: no end after {MAX_DECISIONS} decisions"),
            Outcome::Unknown(l) => format!("unknown: stopped by the {l}"),
        }
    }
}

/// One decision of a game, as played.
#[derive(Clone, Debug)]
pub struct Turn {
    /// 0 for the first decision.
    pub index: u64,
    pub decision: Decision,
    /// The card the last move turned up, if it revealed one.
    pub revealed: Option<Card>,
}

impl Turn {
    /// The turn as one line: its number, the moves played (and the card revealed), and, while
    /// cards are hidden (`complete` false), the chance of the best plan, what the samples said,
    /// and the next best first moves (at most three, each with its chance and samples tried).
    pub fn text(&self, complete: bool) -> String {
        let d = &self.decision;
        let mut line = format!("{:>3}. ", self.index + 1);
        match &d.action {
            Action::Play(moves) => {
                line.push_str(&plan_short(moves));
                if let Some(c) = self.revealed {
                    line.push_str(&format!("  reveals {c}"));
                }
            }
            Action::Resign(_) => line.push_str("resigns"),
        }
        if complete {
            line.push_str("  (every card seen: the solver's line)");
            return line;
        }
        if let Some(best) = d.choices.first() {
            let graded = if d.graded {
                format!(
                    "; none won from here, so ranked by the cards a short search gets up: \
                     score {:.3}",
                    best.mean()
                )
            } else {
                String::new()
            };
            line.push_str(&format!(
                "  chance {:.0}% (holds {:.0}% of {} samples tried{graded})",
                100.0 * d.chance(best),
                100.0 * best.held(),
                best.tries,
            ));
        }
        line.push_str(&format!(
            "; from here {}/{} samples won, {} unknown; {} candidates",
            d.sample_wins, d.samples, d.sample_unknown, d.candidates
        ));
        let first = d.choices.first().and_then(|c| c.moves.first());
        let next: Vec<String> = d
            .first_moves()
            .into_iter()
            .filter(|c| c.moves.first() != first)
            .take(3)
            .map(|c| format!("{} {:.0}% ({})", c.moves[0], 100.0 * d.chance(c), c.tries))
            .collect();
        if !next.is_empty() {
            line.push_str(&format!("; next best: {}", next.join(", ")));
        }
        line
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Game {
    pub outcome: Outcome,
    /// Every move played on the real table.
    pub moves: Vec<Move>,
    /// Decisions made by the planner.
    pub decisions: u64,
    /// Nodes searched (the exact shortcut and every sample solve).
    pub nodes: u64,
    /// The game hides nothing: the answer is the thoughtful verdict.
    pub nothing_hidden: bool,
}

/// The card `m` turned up on `pos` (after it was played), given that it revealed one.
fn turned_up(pos: &Position, m: Move) -> Option<Card> {
    match m.from {
        Place::Tableau(p) => {
            let pile = &pos.piles[p as usize];
            (pile.len > 0).then(|| pile.top())
        }
        Place::Stock => pos.waste_top(),
        _ => None,
    }
}

/// Plays the deal `start` in hidden play, after the exact shortcut. `exact` gives the
/// thoughtful verdict for the shortcut (with its own limits); `seed` seeds the planner's
/// streams. `on_turn` sees each decision with the observation it was made on. `Ok(None)`:
/// cancelled.
///
/// The shortcut cannot change a result (a deal proved unsolvable is lost however it is
/// played), so a win rate may take it (`winrate`); but it looks at the real deal, so two deals
/// that look the same to a player may be played differently: [`play_unaided`] plays as a
/// person would.
pub fn play<V: Variant>(
    v: V,
    start: &Position,
    seed: u64,
    planner: &mut Planner<V>,
    exact: &mut Solver<V>,
    cancel: &AtomicBool,
    on_turn: &mut dyn FnMut(&Observation, &Turn),
) -> Result<Option<Game>, PlanError> {
    let sol = exact.solve(start, cancel)?;
    let mut game = Game {
        outcome: Outcome::Won,
        moves: Vec::new(),
        decisions: 0,
        nodes: sol.stats.nodes,
        nothing_hidden: !game_hides_cards::<V>(v),
    };
    match sol.verdict {
        Verdict::Unknown(Limit::Cancelled) => return Ok(None),
        Verdict::Unsolvable => {
            game.outcome = Outcome::ProvedUnsolvable;
            return Ok(Some(game));
        }
        Verdict::Solved(moves) if game.nothing_hidden => {
            game.moves = moves;
            return Ok(Some(game));
        }
        Verdict::Unknown(l) if game.nothing_hidden => {
            game.outcome = Outcome::Unknown(l);
            return Ok(Some(game));
        }
        _ => {}
    }
    // The planner's solvers are about to use that memory.
    exact.release();
    play_on(v, start, seed, planner, cancel, on_turn, game)
}

/// The planner's random stream for game `k` of a deal whose own game has stream `seed`: the
/// other games a catalogue plays of a deal (and the grade study's), each independent of the
/// deal's own game and of one another (a SplitMix64 finalizer of the pair).
pub fn play_seed(seed: u64, k: u64) -> u64 {
    let mut z = seed ^ (k + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^ (z >> 31)
}

/// Plays the deal `start` in hidden play as a person would: the planner alone, from the first
/// decision, with no thoughtful solve of the real deal first (so no [`Outcome::ProvedUnsolvable`]).
/// As [`play`] otherwise.
pub fn play_unaided<V: Variant>(
    v: V,
    start: &Position,
    seed: u64,
    planner: &mut Planner<V>,
    cancel: &AtomicBool,
    on_turn: &mut dyn FnMut(&Observation, &Turn),
) -> Result<Option<Game>, PlanError> {
    let game = Game {
        outcome: Outcome::Won,
        moves: Vec::new(),
        decisions: 0,
        nodes: 0,
        nothing_hidden: !game_hides_cards::<V>(v),
    };
    play_on(v, start, seed, planner, cancel, on_turn, game)
}

/// The planner's part of [`play`] and [`play_unaided`]: decisions until the game ends.
fn play_on<V: Variant>(
    v: V,
    start: &Position,
    seed: u64,
    planner: &mut Planner<V>,
    cancel: &AtomicBool,
    on_turn: &mut dyn FnMut(&Observation, &Turn),
    mut game: Game,
) -> Result<Option<Game>, PlanError> {
    let mut real = start.clone();
    let mut obs = Observation::new::<V>(v, &real);
    loop {
        if game.decisions >= MAX_DECISIONS {
            game.outcome = Outcome::TooLong;
            return Ok(Some(game));
        }
        let index = game.decisions;
        let decision = match planner.decide(&obs, seed, index, cancel) {
            Err(PlanError::Cancelled) => return Ok(None),
            other => other?,
        };
        game.decisions += 1;
        game.nodes += decision.nodes;
        let plan = match &decision.action {
            Action::Play(moves) => moves.clone(),
            Action::Resign(why) => {
                on_turn(
                    &obs,
                    &Turn {
                        index,
                        decision: decision.clone(),
                        revealed: None,
                    },
                );
                game.outcome = Outcome::Resigned(*why);
                return Ok(Some(game));
            }
        };
        let mut revealed = None;
        let mut seen = obs.clone();
        for &m in &plan {
            let reveals = seen.reveals(m);
            if !reveals {
                seen.apply_quiet::<V>(v, m);
            }
            let m = legal::<V>(v, &real, m).map_err(|_| PlanError::Illegal(m))?;
            apply::<V>(v, &mut real, m);
            game.moves.push(m);
            if reveals {
                revealed = turned_up(&real, m);
            }
        }
        on_turn(
            &obs,
            &Turn {
                index,
                decision,
                revealed,
            },
        );
        obs.update::<V>(v, &real);
        if real.is_won::<V>(v) {
            game.outcome = Outcome::Won;
            return Ok(Some(game));
        }
    }
}
