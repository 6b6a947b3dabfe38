//! A hint: the planner's move on what a player sees (hidden play), with its estimated chance
//! and the estimates of the other first moves. `patience hint` prints it ([`Hint::text`]);
//! Python returns it as a dict (its serde form).

use super::{DealFrom, TaskError};
use crate::game::Rules;
use crate::hidden::planner::{Action, Decision, PlanError, plan_short};
use crate::hidden::{Budget, Observation, Planner};
use std::sync::atomic::AtomicBool;

/// The most samples a planner's budget may ask ([`Budget::samples`]); the value of a sample the
/// planner's budget left undecided.
pub use crate::hidden::planner::{MAX_SAMPLES, UNKNOWN_VALUE};

/// The planner's answer on one observation. The serde form is the data (Python's dict); the
/// decision itself is kept for [`Hint::text`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct Hint {
    /// The move to play (`T3>F1`), or none when the planner resigns.
    #[serde(rename = "move")]
    pub best: Option<String>,
    /// The plan the move starts (empty when the planner resigns).
    pub plan: Vec<String>,
    /// The plan's estimated chance of winning from here.
    pub chance: Option<f64>,
    /// Why the planner resigns.
    pub resign: Option<&'static str>,
    /// Cards the player does not know.
    pub unknown_cards: usize,
    /// Fill-ins of the unknown cards drawn.
    pub samples: u32,
    /// Of those, the ones the solver won from here.
    pub sample_wins: u32,
    /// Of those, the ones the solver's budget left undecided.
    pub sample_unknown: u32,
    /// Each first move once, with the best plan that starts with it, best first.
    pub choices: Vec<Choice>,
    /// The planner's decision.
    #[serde(skip)]
    pub decision: Decision,
    /// The planner's budget.
    #[serde(skip)]
    pub budget: Budget,
}

/// A first move and its estimate.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Choice {
    /// The first move.
    #[serde(rename = "move")]
    pub first: String,
    /// The estimated chance of winning with its plan.
    pub chance: f64,
    /// Samples it was tried on.
    pub tries: u32,
    /// The plan, its first move first.
    pub plan: Vec<String>,
}

impl Hint {
    /// The answer as `patience hint` prints it, with the `top` first moves (at least one),
    /// every line ended.
    pub fn text(&self, top: usize) -> String {
        let (d, mut out) = (&self.decision, String::new());
        let complete = self.unknown_cards == 0;
        if complete {
            out.push_str(&format!(
                "every card is known here: hidden play equals thoughtful play (one solve with {} nodes)\n",
                self.budget.last_solve_nodes()
            ));
        } else {
            out.push_str(&format!(
                "{} unknown cards; planner {}\n",
                self.unknown_cards,
                self.budget.text()
            ));
            out.push_str(&format!(
                "from here: {} of {} fill-ins won by the solver, {} unknown (an unknown counts {UNKNOWN_VALUE})\n",
                d.sample_wins, d.samples, d.sample_unknown
            ));
        }
        match &d.action {
            Action::Play(moves) => {
                let best = &d.choices[0];
                out.push_str(&format!(
                    "best move: {}  (estimated chance {:.0}%; it holds {:.0}% of the {} samples tried; plan: {})\n",
                    moves[0],
                    100.0 * d.chance(best),
                    100.0 * best.held(),
                    best.tries,
                    plan_short(moves)
                ));
                if d.graded {
                    out.push_str(&format!(
                        "no fill-in was won from here within its budget, so the moves are ranked by \
                         the cards a short search gets up after them (score {:.3} for the best)\n",
                        best.mean()
                    ));
                }
            }
            Action::Resign(why) => {
                out.push_str(&format!("no move to recommend: {}\n", why.reason()));
            }
        }
        let firsts = d.first_moves();
        if !firsts.is_empty() && !complete {
            out.push_str("top moves (estimated chance, samples tried, plan):\n");
            for (i, c) in firsts.iter().take(top.max(1)).enumerate() {
                out.push_str(&format!(
                    "{:>3}. {:<9} {:>4.0}%  {:>2}  {}\n",
                    i + 1,
                    c.moves[0].to_string(),
                    100.0 * d.chance(c),
                    c.tries,
                    plan_short(&c.moves)
                ));
            }
        }
        out
    }

    /// The planner recommends a move (it does not resign).
    pub fn plays(&self) -> bool {
        self.best.is_some()
    }
}

/// The planner's hint, with `budget`, on what a player sees of the deal of `from` in the game
/// of `rules`: a deal file's cards written `??` are unknown ([`super::start::observed`]), a
/// seed's or PySolFC number's deal is seen as dealt. The planner's samples are drawn from
/// `planner_seed`, else the deal's seed, else 0. `None`: cancelled.
pub fn hint(
    rules: &'static Rules,
    from: DealFrom,
    budget: Budget,
    planner_seed: Option<u64>,
    cancel: &AtomicBool,
) -> Result<Option<Hint>, TaskError> {
    let seen = crate::for_game!(rules, <V(v), 'a>(from: DealFrom = from, budget: Budget = budget,
        planner_seed: Option<u64> = planner_seed, cancel: &'a AtomicBool = cancel)
        -> Result<Option<(Decision, usize)>, TaskError> => {
        let (deal, obs) = match from {
            DealFrom::Deal(deal) => super::start::observed(v, deal)?,
            from => {
                let (deal, pos) = super::position(v, from)?;
                let obs = Observation::new::<V>(v, &pos);
                (deal, obs)
            }
        };
        let seed = planner_seed.or(deal.seed).unwrap_or(0);
        match Planner::<V>::new(v, budget).decide(&obs, seed, 0, cancel) {
            Ok(d) => Ok(Some((d, obs.unseen().len()))),
            Err(PlanError::Cancelled) => Ok(None),
            Err(e) => Err(TaskError::Plan(e)),
        }
    })??;
    Ok(seen.map(|(decision, unknown_cards)| of_decision(decision, unknown_cards, budget)))
}

/// The hint of the planner's decision.
fn of_decision(d: Decision, unknown_cards: usize, budget: Budget) -> Hint {
    let words = |moves: &[crate::game::Move]| moves.iter().map(|m| m.to_string()).collect();
    let choices = d
        .first_moves()
        .into_iter()
        .map(|c| Choice {
            first: c.moves[0].to_string(),
            chance: d.chance(c),
            tries: c.tries,
            plan: words(&c.moves),
        })
        .collect();
    let (best, plan, chance, resign) = match &d.action {
        Action::Play(moves) => (
            Some(moves[0].to_string()),
            words(moves),
            d.choices.first().map(|c| d.chance(c)),
            None,
        ),
        Action::Resign(r) => (None, Vec::new(), None, Some(r.reason())),
    };
    Hint {
        best,
        plan,
        chance,
        resign,
        unknown_cards,
        samples: d.samples,
        sample_wins: d.sample_wins,
        sample_unknown: d.sample_unknown,
        choices,
        decision: d,
        budget,
    }
}
