//! What a result row's claim of a win is checked against.
//!
//! - [`impossible`], whenever a row is read: a win in fewer moves than the game has cards (each
//!   card reaches a foundation by a move of its own), or a `solution` whose number of moves is
//!   not the `moves` column, cannot be true.
//! - [`replay`], with `--verify`: the row's solution replayed on the real deal (regenerated from
//!   the variant and the seed, or PySolFC's game number) with nothing but the game's rules must
//!   end with every card on the foundations.

use super::{Answer, Record};
use crate::game::{GameFn, Move, Position, Rules, Variant, apply, legal};

/// Why a row's claim of a win cannot be true whatever the deal (`None`: it may be).
pub fn impossible(rules: &Rules, answer: Answer, solution: Option<&str>) -> Option<String> {
    let Answer::Won { moves } = answer else {
        return solution.map(|_| "a solution on a row that claims no win".to_string());
    };
    let cards = rules.cards();
    if (moves as usize) < cards {
        return Some(format!(
            "a win in {moves} moves, but {} has {cards} cards and each reaches a foundation by a move of its own",
            rules.name
        ));
    }
    if let Some(text) = solution {
        if let Some((i, token)) = text
            .split_whitespace()
            .enumerate()
            .find(|(_, t)| t.parse::<crate::game::Move>().is_err())
        {
            return Some(format!(
                "its solution's move {} ({token:?}) is not a move token",
                i + 1
            ));
        }
        let listed = text.split_whitespace().count();
        if listed != moves as usize {
            return Some(format!(
                "its solution lists {listed} moves and its moves column says {moves}"
            ));
        }
    }
    None
}

/// Replays the claimed win of `record` on its deal: `Err` says why it is not a win (no
/// solution to replay, a move that does not parse or is illegal, cards left over). Records
/// that claim no win pass.
pub fn replay(record: &Record, games: &crate::games::Games) -> Result<(), String> {
    if !matches!(record.answer, Answer::Won { .. }) {
        return Ok(());
    }
    let Some(solution) = record.solution.as_deref() else {
        return Err(
            "a win without a solution to replay (no \"solution\" column: a file of an earlier version)"
                .to_string(),
        );
    };
    let rules = games
        .find(record.variant)
        .ok_or_else(|| format!("{:?} is not a known variant", record.variant))?;
    replay_solution(rules, record.source, record.seed, solution)
}

/// Replays `solution` on the deal of number `seed` from `source` of the game `rules`: `Err`
/// says why it does not win (a move that does not parse or is illegal, cards left over).
pub fn replay_solution(
    rules: &'static Rules,
    source: super::DealSource,
    seed: u128,
    solution: &str,
) -> Result<(), String> {
    let deal = source.deal(rules, seed).map_err(|e| e.to_string())?;
    struct Replay<'a>(&'a crate::deal::Deal, &'a str);
    impl GameFn<Result<(), String>> for Replay<'_> {
        fn call<V: Variant>(self, v: V) -> Result<(), String> {
            let Replay(deal, solution) = self;
            let mut pos = Position::from_deal::<V>(v, deal).map_err(|e| e.to_string())?;
            for (i, token) in solution.split_whitespace().enumerate() {
                let m: Move = token
                    .parse()
                    .map_err(|e| format!("move {} ({token}) of its solution: {e}", i + 1))?;
                let m = legal::<V>(v, &pos, m).map_err(|e| {
                    format!("move {} ({token}) of its solution is illegal: {e}", i + 1)
                })?;
                apply::<V>(v, &mut pos, m);
            }
            if pos.is_won::<V>(v) {
                Ok(())
            } else {
                Err(format!(
                    "its solution leaves {} of {} cards off the foundations",
                    v.rules().cards() - pos.on_found as usize,
                    v.rules().cards()
                ))
            }
        }
    }
    crate::games::with_rules(rules, Replay(&deal, solution)).map_err(|e| e.to_string())?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::DealSource;
    use crate::games::{Games, Stonewall};
    use crate::solve::{Options, Solver, Verdict};

    fn won(seed: u64) -> Record {
        let deal = crate::deal::deal(Stonewall.rules(), seed);
        let pos = Position::from_deal::<Stonewall>(Stonewall, &deal).unwrap();
        let mut solver = Solver::<Stonewall>::new(
            Stonewall,
            Options {
                table_bytes: 16 << 20,
                ..Options::default()
            },
        );
        let sol = solver
            .solve(&pos, &std::sync::atomic::AtomicBool::new(false))
            .unwrap();
        let Verdict::Solved(moves) = &sol.verdict else {
            panic!("seed {seed} is won");
        };
        Record::new(
            "stonewall",
            u128::from(seed),
            Answer::Won {
                moves: moves.len() as u32,
            },
            sol.stats.nodes,
            0.1,
        )
        .with_solution(moves)
    }

    #[test]
    fn a_win_in_fewer_moves_than_cards_or_with_another_count_is_impossible() {
        let rules = Stonewall.rules();
        let why = impossible(rules, Answer::Won { moves: 0 }, None).unwrap();
        assert!(
            why.starts_with("a win in 0 moves, but Stonewall has 52 cards"),
            "{why}"
        );
        assert!(impossible(rules, Answer::Won { moves: 51 }, None).is_some());
        assert_eq!(impossible(rules, Answer::Won { moves: 52 }, None), None);
        let why = impossible(rules, Answer::Won { moves: 53 }, Some("T1>F1")).unwrap();
        assert_eq!(
            why,
            "its solution lists 1 moves and its moves column says 53"
        );
        assert!(impossible(rules, Answer::Lost, Some("T1>F1")).is_some());
        assert_eq!(impossible(rules, Answer::Lost, None), None);
    }

    #[test]
    fn a_true_win_replays_and_an_edited_one_does_not() {
        let r = won(1);
        assert_eq!(replay(&r, &Games::new()), Ok(()));
        let text = r.solution.as_deref().unwrap();
        let mut tokens: Vec<&str> = text.split_whitespace().collect();
        // The same moves on another deal, one move dropped, one not a move, none at all.
        let other = Record {
            seed: 0,
            ..r.clone()
        };
        assert!(
            replay(&other, &Games::new())
                .unwrap_err()
                .contains("illegal")
        );
        let last = tokens.pop().unwrap();
        let short = Record {
            solution: Some(tokens.join(" ").into()),
            ..r.clone()
        };
        assert_eq!(
            replay(&short, &Games::new()).unwrap_err(),
            "its solution leaves 1 of 52 cards off the foundations"
        );
        tokens.push("T9>Z1");
        let bad = Record {
            solution: Some(tokens.join(" ").into()),
            ..r.clone()
        };
        assert!(
            replay(&bad, &Games::new()).unwrap_err().contains("(T9>Z1)"),
            "{last}"
        );
        let bare = Record {
            solution: None,
            ..r.clone()
        };
        assert!(
            replay(&bare, &Games::new())
                .unwrap_err()
                .contains("without a solution")
        );
        let pysol = r.clone().with_source(DealSource::Pysol);
        assert!(replay(&pysol, &Games::new()).is_err());
        assert_eq!(
            replay(
                &Record::new("stonewall", 2, Answer::Lost, 1, 0.1),
                &Games::new()
            ),
            Ok(())
        );
    }
}
