//! One deal played to its end: thoughtfully (the solver's line, every card known) or hidden
//! (the planner sees only what a person at the table sees and plays from the first decision).
//! A game that hides no card is played thoughtfully either way.
//!
//! Hidden play here plays as a person would: the planner from the first decision, without the
//! thoughtful solve of the real deal that `winrate` uses as an exact shortcut (a deal it
//! proves unsolvable is lost without planning: right for a win rate, which it cannot change,
//! but two deals that look the same to the player would be played differently).

use super::TaskError;
use super::solve::{Solved, solve_dealt};
use crate::batch::Knowledge;
use crate::game::{Deal, Move, Position, Rules};
use crate::hidden::observation::game_hides_cards;
use crate::hidden::play::play_unaided;
use crate::hidden::{Budget, Observation, Planner};
use crate::solve::{Limit, Options, Verdict};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub use crate::hidden::play::Turn;

/// One game played to its end. The serde form is the data (Python's dict).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Played {
    /// The knowledge asked for (a game that hides nothing is played thoughtfully either way).
    pub knowledge: Knowledge,
    /// The game was won.
    pub won: bool,
    /// How it ended, in words: `won`, `lost: ...`, `unknown: stopped by the node limit`.
    pub outcome: String,
    /// The moves played (hidden play), or the solution (thoughtful play, when won).
    #[serde(serialize_with = "tokens")]
    pub moves: Vec<Move>,
    /// Decisions the planner made (0 in thoughtful play).
    pub decisions: u64,
    /// Nodes searched (every solve of the planner, or the one thoughtful solve).
    pub nodes: u64,
    /// Wall-clock seconds of the game.
    #[serde(skip)]
    pub seconds: f64,
    /// The thoughtful solve, in thoughtful play.
    #[serde(skip)]
    pub solved: Option<Solved>,
}

impl Played {
    /// Play was stopped by `cancel` (only a thoughtful solve ends so; hidden play then gives
    /// no game).
    pub fn cancelled(&self) -> bool {
        matches!(
            self.solved.as_ref().map(|s| &s.solution.verdict),
            Some(Verdict::Unknown(Limit::Cancelled))
        )
    }
}

fn tokens<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(|m| m.to_string()))
}

/// Whether the game of `rules` is played hidden with `knowledge`: asked for, and the game hides
/// a card (every card face up and no stock order to guess is thoughtful play).
pub fn plays_hidden(rules: &'static Rules, knowledge: Knowledge) -> Result<bool, TaskError> {
    if knowledge == Knowledge::Thoughtful {
        return Ok(false);
    }
    Ok(crate::for_game!(rules, <V(v), 'a>() -> bool => game_hides_cards::<V>(v))?)
}

/// Plays `deal` (whose position is `start`, see [`super::start()`]) in the game of `rules`
/// with `knowledge`: the solver with `options`, or the planner with `budget` (its solves with
/// `options`), which is shown each decision as it is made (`on_turn`). `None`: hidden play was
/// cancelled (a cancelled thoughtful solve is a [`Played`] whose verdict says so).
#[allow(clippy::too_many_arguments)]
pub fn play(
    rules: &'static Rules,
    deal: Deal,
    start: Position,
    knowledge: Knowledge,
    options: &Options,
    budget: Budget,
    cancel: &AtomicBool,
    on_turn: &mut dyn FnMut(&Observation, &Turn),
) -> Result<Option<Played>, TaskError> {
    let t0 = Instant::now();
    if !plays_hidden(rules, knowledge)? {
        let solved = solve_dealt(rules, deal, start, options, cancel)?;
        let (won, outcome, moves) = match &solved.solution.verdict {
            Verdict::Solved(moves) => (true, "won".to_string(), moves.clone()),
            Verdict::Unsolvable => (false, "lost: unsolvable".to_string(), Vec::new()),
            Verdict::Unknown(l) => (false, format!("unknown: stopped by the {l}"), Vec::new()),
        };
        return Ok(Some(Played {
            knowledge,
            won,
            outcome,
            moves,
            decisions: 0,
            nodes: solved.solution.stats.nodes,
            seconds: t0.elapsed().as_secs_f64(),
            solved: Some(solved),
        }));
    }
    let seed = deal.seed.unwrap_or(0);
    let game = crate::for_game!(rules, <V(v), 'a>(
        start: &'a Position = &start,
        seed: u64 = seed,
        options: &'a Options = options,
        budget: Budget = budget,
        cancel: &'a AtomicBool = cancel,
        on_turn: &'a mut dyn FnMut(&Observation, &Turn) = on_turn,
    ) -> Result<Option<crate::hidden::Game>, crate::hidden::planner::PlanError> => {
        let mut planner = Planner::<V>::with_options(v, budget, options);
        play_unaided::<V>(v, start, seed, &mut planner, cancel, on_turn)
    })?
    .map_err(TaskError::Plan)?;
    Ok(game.map(|g| Played {
        knowledge,
        won: g.outcome == crate::hidden::Outcome::Won,
        outcome: g.outcome.text(),
        moves: g.moves,
        decisions: g.decisions,
        nodes: g.nodes,
        seconds: t0.elapsed().as_secs_f64(),
        solved: None,
    }))
}
