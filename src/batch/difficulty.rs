//! Measuring a deal's difficulty (docs/difficulty.md) for `patience catalogue`: the thoughtful
//! solve, hidden play, and the narrowness of the solution found, each within its budget.
//! [`measure_all`] runs the deals of one game on the batch runner's pool.

use super::DealSource;
use super::grade::{DealRow, Grade, Hidden, HiddenBy, Thoughtful};
use super::run::{DealFailed, PassEnd, run_all};
use crate::game::{Move, Position, Variant, apply, generate, legal};
use crate::hidden::observation::game_hides_cards;
use crate::hidden::planner::{Action, Decision};
use crate::hidden::play::{play_seed, play_unaided};
use crate::hidden::{Budget, Outcome, Planner};
use crate::solve::{End, Limit, Options, SolveError, Solver, Verdict};
use std::sync::atomic::AtomicBool;

/// The budgets of a catalogue: every measure of a row is a function of the deal and these.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Nodes of the thoughtful solve.
    pub max_nodes: u64,
    /// The planner's budget (hidden play).
    pub planner: Budget,
    /// The planner's games of a deal besides its own, each with a random stream of its own
    /// ([`crate::hidden::play::play_seed`]); 0: none.
    pub plays: u32,
    /// Nodes of each probe of the narrowness measure.
    pub probe_nodes: u64,
    /// The bound of the thoughtful solver's table, in bytes (the probes' and the planner's
    /// tables are at most this too).
    pub table_bytes: usize,
}

impl Budgets {
    /// A row of the game `variant`, of `source` and of these budgets, against which a resumed
    /// file's rows are checked (its measured columns are not read).
    pub fn row(&self, variant: &str, source: DealSource) -> DealRow {
        DealRow {
            variant: variant.to_string(),
            seed: 0,
            source,
            grade: Grade::Unknown,
            verdict: Thoughtful::Unknown,
            limit: None,
            moves: None,
            nodes: 0,
            hidden: Hidden::Unknown,
            hidden_by: HiddenBy::Planner,
            chance: None,
            plays: (self.plays > 0).then_some(self.plays),
            plays_won: None,
            choices: None,
            narrow: None,
            undecided: None,
            max_nodes: self.max_nodes,
            samples: Some(self.planner.samples),
            sample_nodes: Some(self.planner.sample_nodes),
            planner: Some(self.planner.revision),
            probe_nodes: self.probe_nodes,
            solution: None,
        }
    }
}

/// A game's catalogue budgets: those its published catalogue was made with (docs/catalogues.md),
/// so that `patience catalogue GAME` without budget flags measures as that file did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Defaults {
    /// Nodes of the thoughtful solve.
    pub max_nodes: u64,
    /// Nodes of each narrowness probe.
    pub probe_nodes: u64,
    /// The planner's samples per decision and nodes per sample.
    pub samples: u32,
    pub sample_nodes: u64,
    /// The planner's games of a deal besides its own (the `plays` column; 0: none).
    pub plays: u32,
}

impl Defaults {
    /// A game without a published catalogue (a rules file's): the planner of the grade study,
    /// with the eight games of a deal the grade is measured by.
    pub const OTHER: Defaults = Defaults {
        max_nodes: 100_000,
        probe_nodes: 500,
        samples: 8,
        sample_nodes: 300,
        plays: 8,
    };

    /// The catalogues made again with `plays`, at the solver's default budget (in a game that
    /// hides nothing the planner does not play: the budget of the thoughtful solve alone counts).
    const MADE_AGAIN: Defaults = Defaults {
        max_nodes: crate::solve::DEFAULT_MAX_NODES,
        ..Defaults::OTHER
    };

    /// Klondike's, Napoleon's Square's and Forty Thieves' catalogues made again: the smaller planner (whose
    /// eight other games the grade study validated in Klondike draw 3), at the solver's default
    /// budget.
    const SMALL_AGAIN: Defaults = Defaults {
        max_nodes: crate::solve::DEFAULT_MAX_NODES,
        samples: 4,
        sample_nodes: 100,
        ..Defaults::OTHER
    };
}

/// The budgets of each published catalogue, by game.
const PUBLISHED: [(&str, Defaults); 11] = [
    ("stonewall", Defaults::MADE_AGAIN),
    ("lucky-piles", Defaults::MADE_AGAIN),
    ("napoleons-shoulder", Defaults::MADE_AGAIN),
    ("flower-garden", Defaults::MADE_AGAIN),
    ("wildflower", Defaults::MADE_AGAIN),
    ("lucky-thirteen", Defaults::MADE_AGAIN),
    ("lucky-piles-same-suit", Defaults::MADE_AGAIN),
    ("napoleons-square", Defaults::SMALL_AGAIN),
    ("forty-thieves", Defaults::SMALL_AGAIN),
    ("klondike", Defaults::SMALL_AGAIN),
    ("klondike-draw3", Defaults::SMALL_AGAIN),
];

/// The catalogue budgets of game `id`: its published catalogue's, else [`Defaults::OTHER`].
pub fn defaults(id: &str) -> Defaults {
    PUBLISHED
        .iter()
        .find(|(game, _)| *game == id)
        .map_or(Defaults::OTHER, |&(_, d)| d)
}

/// The most bytes of the probes' table.
const PROBE_TABLE_BYTES: usize = 64 << 20;

/// What one worker keeps from deal to deal: its solvers and its planner.
pub struct Worker<V: Variant> {
    solver: Solver<V>,
    probe: Solver<V>,
    planner: Planner<V>,
}

impl<V: Variant> Worker<V> {
    pub fn new(v: V, b: &Budgets) -> Self {
        let options = Options {
            max_nodes: b.max_nodes,
            table_bytes: b.table_bytes,
            ..Options::default()
        };
        Worker {
            probe: Solver::new(
                v,
                Options {
                    max_nodes: b.probe_nodes,
                    table_bytes: PROBE_TABLE_BYTES.min(b.table_bytes),
                    ..Options::default()
                },
            ),
            planner: Planner::with_options(v, b.planner, &options),
            solver: Solver::new(v, options),
        }
    }
}

/// Where the moves along a solution leave the player: positions with a choice, the narrow
/// ones among them (one winning move), and the undecided ones.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Narrowness {
    pub choices: u32,
    pub narrow: u32,
    pub undecided: u32,
}

/// A position as the player sees the table, for telling moves apart: two moves are the same
/// when they leave the same cards in the same places (foundations of one suit are
/// interchangeable, so they are compared as a sorted list).
fn layout<V: Variant>(v: V, p: &Position) -> Vec<u8> {
    let rules = v.rules();
    let mut out = Vec::with_capacity(256);
    for pile in p.piles.iter().take(rules.piles()) {
        out.push(pile.len);
        out.extend_from_slice(pile.as_slice());
    }
    out.extend_from_slice(&p.reserve[..rules.reserve as usize]);
    let mut found: Vec<(u8, u8)> = (0..rules.foundations())
        .map(|f| (p.found_suit[f], p.found_height[f]))
        .collect();
    found.sort_unstable();
    out.extend(found.into_iter().flat_map(|(s, h)| [s, h]));
    for (list, len) in [(&p.stock, p.stock_len), (&p.waste, p.waste_len)] {
        out.push(len);
        out.extend(list[..len as usize].iter().map(|&i| p.talon[i as usize]));
    }
    out.push(p.redeals);
    out
}

/// The narrowness of `solution` (a win from `start`): at each of its positions, the moves
/// that lead to another position than the solution's move are probed with `probe`'s budget,
/// until one is won. `None`: cancelled.
pub fn narrowness<V: Variant>(
    v: V,
    probe: &mut Solver<V>,
    start: &Position,
    solution: &[Move],
    cancel: &AtomicBool,
) -> Result<Option<Narrowness>, SolveError> {
    let mut n = Narrowness::default();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for &m in solution {
        let m = legal::<V>(v, &pos, m).expect("a solution replayed by the solver");
        let mut next = pos.clone();
        apply::<V>(v, &mut next, m);
        let mut seen = vec![layout::<V>(v, &next)];
        moves.clear();
        generate::<V>(v, &pos, &mut moves);
        let mut others = Vec::new();
        for &a in &moves {
            let mut p = pos.clone();
            apply::<V>(v, &mut p, a);
            let l = layout::<V>(v, &p);
            if !seen.contains(&l) {
                seen.push(l);
                others.push(p);
            }
        }
        if !others.is_empty() {
            n.choices += 1;
            let (mut won, mut open) = (false, false);
            for p in &others {
                if p.is_won::<V>(v) {
                    won = true;
                    break;
                }
                match probe.search_only(p, cancel)?.0 {
                    End::Found(_) => {
                        won = true;
                        break;
                    }
                    End::Exhausted => {}
                    End::Stopped(Limit::Cancelled) => return Ok(None),
                    End::Stopped(_) => open = true,
                }
            }
            match (won, open) {
                (true, _) => {}
                (false, true) => n.undecided += 1,
                (false, false) => n.narrow += 1,
            }
        }
        pos = next;
    }
    Ok(Some(n))
}

/// The hidden-play columns: how it ended, who answered, the chance at the start, and how many
/// of the other games of the deal the planner won (where it played them).
struct HiddenPart {
    hidden: Hidden,
    by: HiddenBy,
    chance: Option<f64>,
    plays_won: Option<u32>,
}

/// Hidden play of `start`, given its thoughtful verdict: the planner plays as a person would
/// a deal proved winnable, in a game that hides cards, once with the deal's stream `seed` and
/// `plays` times more with streams of their own. `None`: cancelled.
fn hidden_play<V: Variant>(
    v: V,
    w: &mut Worker<V>,
    start: &Position,
    seed: u64,
    plays: u32,
    verdict: &Verdict,
    cancel: &AtomicBool,
) -> Result<Option<HiddenPart>, crate::hidden::planner::PlanError> {
    let answer = |hidden, by, chance| {
        Ok(Some(HiddenPart {
            hidden,
            by,
            chance,
            plays_won: None,
        }))
    };
    if !game_hides_cards::<V>(v) {
        return match verdict {
            Verdict::Solved(_) => answer(Hidden::Won, HiddenBy::Thoughtful, Some(1.0)),
            Verdict::Unsolvable => answer(Hidden::Lost, HiddenBy::Thoughtful, Some(0.0)),
            Verdict::Unknown(_) => answer(Hidden::Unknown, HiddenBy::Thoughtful, None),
        };
    }
    match verdict {
        Verdict::Unsolvable => return answer(Hidden::Lost, HiddenBy::Proof, Some(0.0)),
        Verdict::Unknown(_) => return answer(Hidden::Unknown, HiddenBy::Unplayed, None),
        Verdict::Solved(_) => {}
    }
    // The planner's solvers are about to use the memory of the thoughtful solve's table.
    w.solver.release();
    let mut chance = None;
    let game = play_unaided::<V>(v, start, seed, &mut w.planner, cancel, &mut |_, turn| {
        if turn.index == 0 {
            chance = start_chance(&turn.decision);
        }
    })?;
    let Some(game) = game else { return Ok(None) };
    let hidden = match game.outcome {
        Outcome::Won => Hidden::Won,
        Outcome::Unknown(_) | Outcome::Resigned(crate::hidden::planner::Resign::Unknown) => {
            Hidden::Unknown
        }
        _ => Hidden::Lost,
    };
    let mut won = 0;
    for k in 0..plays {
        let stream = play_seed(seed, u64::from(k));
        match play_unaided::<V>(v, start, stream, &mut w.planner, cancel, &mut |_, _| {})? {
            Some(g) => won += u32::from(g.outcome == Outcome::Won),
            None => return Ok(None),
        }
    }
    Ok(Some(HiddenPart {
        hidden,
        by: HiddenBy::Planner,
        chance: chance.map(|c| (c * 1000.0).round() / 1000.0),
        plays_won: (plays > 0).then_some(won),
    }))
}

/// The planner's chance at its first decision `d`, or `None` where it has no estimate: no
/// sample drawn, or every sample's solve stopped by its budget (the chance would then be the
/// same constant for every deal of the game, a guess rather than a measure).
fn start_chance(d: &Decision) -> Option<f64> {
    if d.samples == 0 || d.sample_unknown >= d.samples {
        return None;
    }
    Some(match (&d.action, d.choices.first()) {
        (Action::Play(_), Some(best)) => d.chance(best),
        _ => 0.0,
    })
}

/// Measures the deal of number `seed` from `from` with worker `w`. `None`: cancelled.
pub fn measure<V: Variant>(
    v: V,
    w: &mut Worker<V>,
    b: &Budgets,
    from: DealSource,
    seed: u128,
    cancel: &AtomicBool,
) -> Result<Option<DealRow>, DealFailed> {
    let game = v.rules().id;
    let failed = |source| DealFailed::Solve {
        game,
        from,
        seed,
        source,
    };
    let deal = from
        .deal(v.rules(), seed)
        .map_err(|source| DealFailed::Pysol {
            game,
            from,
            seed,
            source,
        })?;
    let start = Position::from_deal::<V>(v, &deal).map_err(|source| DealFailed::Deal {
        game: v.rules().name,
        from,
        seed,
        source: Box::new(source),
    })?;
    let sol = w.solver.solve(&start, cancel).map_err(failed)?;
    let (verdict, limit) = match &sol.verdict {
        Verdict::Solved(_) => (Thoughtful::Solved, None),
        Verdict::Unsolvable => (Thoughtful::Unsolvable, None),
        Verdict::Unknown(Limit::Cancelled) => return Ok(None),
        Verdict::Unknown(l) => (Thoughtful::Unknown, Some(limit_word(*l).to_string())),
    };
    let narrow = match &sol.verdict {
        Verdict::Solved(moves) => {
            match narrowness::<V>(v, &mut w.probe, &start, moves, cancel).map_err(failed)? {
                Some(n) => Some(n),
                None => return Ok(None),
            }
        }
        _ => None,
    };
    // The planner's seed: the number's two halves folded, as hidden rows of winrate do.
    let planner_seed = (seed ^ (seed >> 64)) as u64;
    let hidden = hidden_play::<V>(v, w, &start, planner_seed, b.plays, &sol.verdict, cancel)
        .map_err(|source| DealFailed::Play {
            game,
            from,
            seed,
            source,
        })?;
    let Some(hidden) = hidden else {
        return Ok(None);
    };
    let planned = hidden.by == HiddenBy::Planner;
    let solution = match &sol.verdict {
        Verdict::Solved(moves) => Some(moves.iter().map(Move::to_string).collect::<Vec<_>>()),
        _ => None,
    };
    Ok(Some(
        DealRow {
            variant: game.to_string(),
            seed,
            source: from,
            grade: Grade::Unknown,
            verdict,
            limit,
            moves: solution.as_ref().map(|s| s.len() as u32),
            nodes: sol.stats.nodes,
            hidden: hidden.hidden,
            hidden_by: hidden.by,
            chance: hidden.chance,
            plays: hidden.plays_won.map(|_| b.plays),
            plays_won: hidden.plays_won,
            choices: narrow.map(|n| n.choices),
            narrow: narrow.map(|n| n.narrow),
            undecided: narrow.map(|n| n.undecided),
            max_nodes: b.max_nodes,
            samples: planned.then_some(b.planner.samples),
            sample_nodes: planned.then_some(b.planner.sample_nodes),
            planner: planned.then_some(b.planner.revision),
            probe_nodes: b.probe_nodes,
            solution: solution.map(|s| s.join(" ")),
        }
        .graded(),
    ))
}

/// The result CSV's word for a limit.
pub fn limit_word(l: Limit) -> &'static str {
    match l {
        Limit::Nodes => "nodes",
        Limit::Time => "time",
        Limit::Memory => "memory",
        Limit::Cancelled => "cancelled",
    }
}

/// Measures the deals of game `V` for `seeds` on `pool`, each worker with its own solvers and
/// planner, and calls `on_row` on the calling thread for each finished deal (as
/// [`super::run::solve_all`] does with records).
pub fn measure_all<V, I, E>(
    v: V,
    pool: &rayon::ThreadPool,
    budgets: &Budgets,
    from: DealSource,
    seeds: I,
    cancel: &AtomicBool,
    on_row: impl FnMut(DealRow) -> Result<(), E>,
) -> Result<PassEnd, E>
where
    V: Variant,
    I: Iterator<Item = u128> + Send,
    E: From<DealFailed> + Send,
{
    run_all(
        pool,
        seeds,
        cancel,
        || Worker::<V>::new(v, budgets),
        |w: &mut Worker<V>, seed| Ok(measure::<V>(v, w, budgets, from, seed, cancel)?),
        on_row,
    )
}

/// [`measure_all`] for a game given by its rules (a built-in game or a rules file's).
pub fn measure_game<E>(
    rules: &'static crate::game::Rules,
    pool: &rayon::ThreadPool,
    budgets: &Budgets,
    from: DealSource,
    seeds: Box<dyn Iterator<Item = u128> + Send + '_>,
    cancel: &AtomicBool,
    on_row: &mut dyn FnMut(DealRow) -> Result<(), E>,
) -> Result<Result<PassEnd, E>, crate::games::RulesError>
where
    E: From<DealFailed> + Send,
{
    struct Run<'a, E> {
        pool: &'a rayon::ThreadPool,
        budgets: &'a Budgets,
        from: DealSource,
        seeds: Box<dyn Iterator<Item = u128> + Send + 'a>,
        cancel: &'a AtomicBool,
        on_row: &'a mut dyn FnMut(DealRow) -> Result<(), E>,
    }
    impl<E: From<DealFailed> + Send> crate::game::GameFn<Result<PassEnd, E>> for Run<'_, E> {
        fn call<V: Variant>(self, v: V) -> Result<PassEnd, E> {
            measure_all::<V, _, E>(
                v,
                self.pool,
                self.budgets,
                self.from,
                self.seeds,
                self.cancel,
                self.on_row,
            )
        }
    }
    crate::games::with_rules(
        rules,
        Run {
            pool,
            budgets,
            from,
            seeds,
            cancel,
            on_row,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{LuckyPiles, Stonewall};

    fn budgets() -> Budgets {
        Budgets {
            max_nodes: 50_000,
            planner: Budget::new(4, 200),
            plays: 2,
            probe_nodes: 300,
            table_bytes: 32 << 20,
        }
    }

    fn rows<V: Variant>(v: V, threads: usize, seeds: std::ops::Range<u128>) -> Vec<DealRow> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut got = Vec::new();
        measure_all::<V, _, DealFailed>(
            v,
            &pool,
            &budgets(),
            DealSource::Pysol,
            seeds,
            &AtomicBool::new(false),
            |r| {
                got.push(r);
                Ok(())
            },
        )
        .unwrap();
        got.sort_by_key(|r| r.seed);
        got
    }

    /// A first decision of `samples` samples, `wins` won and `unknown` undecided, whose best
    /// choice was tried on `tries` of them and won `won`.
    fn decision(samples: u32, wins: u32, unknown: u32, tries: u32, won: u32) -> Decision {
        Decision {
            action: Action::Play(Vec::new()),
            choices: vec![crate::hidden::planner::Choice {
                moves: Vec::new(),
                total: won as f64,
                tries,
                won,
                lost: tries - won,
            }],
            samples,
            sample_wins: wins,
            sample_unknown: unknown,
            candidates: 1,
            nodes: 0,
            graded: wins == 0,
        }
    }

    #[test]
    fn the_start_chance_is_empty_where_no_sample_was_decided() {
        // Every sample undecided, or none drawn: no estimate.
        assert_eq!(start_chance(&decision(4, 0, 4, 4, 0)), None);
        assert_eq!(start_chance(&decision(0, 0, 0, 0, 0)), None);
        // Three of four won, the best choice winning two of them: half the samples.
        let c = start_chance(&decision(4, 3, 0, 3, 2)).expect("an estimate");
        assert!((c - 0.5).abs() < 1e-12, "{c}");
        // All lost: a chance of zero, measured.
        assert_eq!(start_chance(&decision(4, 0, 0, 0, 0)), Some(0.0));
    }

    #[test]
    fn rows_do_not_depend_on_the_thread_count() {
        let one = rows::<Stonewall>(Stonewall, 1, 1..9);
        assert_eq!(one.len(), 8);
        assert_eq!(one, rows::<Stonewall>(Stonewall, 2, 1..9));
        // Some deal of these is won, so narrowness and the planner were measured.
        assert!(one.iter().any(|r| r.narrow.is_some()));
        assert!(one.iter().any(|r| r.hidden_by == HiddenBy::Planner));
    }

    #[test]
    fn a_row_says_what_it_measured() {
        for r in rows::<Stonewall>(Stonewall, 1, 1..9)
            .into_iter()
            .chain(rows::<LuckyPiles>(LuckyPiles, 1, 1..4))
        {
            let at = r.deal_text();
            assert_eq!(r.grade, super::super::grade::grade(&r), "{at}");
            match r.verdict {
                Thoughtful::Solved => {
                    let n = r.solution.as_deref().unwrap().split(' ').count();
                    assert_eq!(r.moves, Some(n as u32), "{at}");
                    let (c, na, u) = (r.choices.unwrap(), r.narrow.unwrap(), r.undecided.unwrap());
                    assert!(na + u <= c && c <= n as u32, "{at}");
                }
                _ => assert!(r.solution.is_none() && r.narrow.is_none(), "{at}"),
            }
            if r.verdict == Thoughtful::Unknown {
                assert_eq!((r.hidden, r.chance), (Hidden::Unknown, None), "{at}");
            }
            if r.verdict == Thoughtful::Unsolvable {
                assert_eq!((r.hidden, r.chance), (Hidden::Lost, Some(0.0)), "{at}");
            }
            if r.variant == "lucky-piles" {
                // Lucky Piles hides nothing: hidden play is the thoughtful verdict.
                assert_eq!(r.hidden_by, HiddenBy::Thoughtful, "{at}");
                assert_eq!(r.samples, None);
            }
        }
    }

    /// A proof stays a proof: a position the small probe proved narrow (every other move
    /// lost) is never wide for a larger one, and the other way round.
    #[test]
    fn narrow_positions_have_every_other_move_lost() {
        let deal = DealSource::Pysol.deal(Stonewall.rules(), 2).unwrap();
        let start = Position::from_deal::<Stonewall>(Stonewall, &deal).unwrap();
        let cancel = AtomicBool::new(false);
        let mut solver = Solver::<Stonewall>::new(
            Stonewall,
            Options {
                max_nodes: 200_000,
                table_bytes: 32 << 20,
                ..Options::default()
            },
        );
        let Verdict::Solved(moves) = solver.solve(&start, &cancel).unwrap().verdict else {
            panic!("PySolFC's Stonewall 2 is won");
        };
        let mut probe = Solver::<Stonewall>::new(
            Stonewall,
            Options {
                max_nodes: 300,
                table_bytes: 16 << 20,
                ..Options::default()
            },
        );
        let small = narrowness::<Stonewall>(Stonewall, &mut probe, &start, &moves, &cancel)
            .unwrap()
            .unwrap();
        // A larger probe decides at least as much, and never fewer narrow positions than
        // the small one proved: a proof of a loss stays a proof.
        probe.options.max_nodes = 20_000;
        let large = narrowness::<Stonewall>(Stonewall, &mut probe, &start, &moves, &cancel)
            .unwrap()
            .unwrap();
        assert_eq!(small.choices, large.choices);
        assert!(small.choices > 0, "{small:?}");
        assert!(
            large.narrow + large.undecided >= small.narrow,
            "{small:?} {large:?}"
        );
        assert!(
            small.narrow + small.undecided >= large.narrow,
            "{small:?} {large:?}"
        );
    }
}
