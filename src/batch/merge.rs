//! The rows of several result files (the shards of a run, a run and its `--retry`), or of one
//! resumed file, as one set of records: a deal found twice is kept once when both rows agree,
//! and refused, naming both places, when they do not.

use super::{Answer, DealSource, Knowledge, Record, Row};
use crate::games::Games;
use crate::hidden::Budget;
/// Two rows of one deal with different results: one of the files is wrong (the message names
/// both places).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Conflict(pub String);

type Result<T, E = Conflict> = std::result::Result<T, E>;

macro_rules! bail {
    ($($t:tt)*) => {
        return Err(Conflict(format!($($t)*)))
    };
}
use std::collections::HashMap;

/// Rows of one or more files (each row with the name of its file), checked for duplicates:
/// a deal (variant, knowledge, source, seed) that appears twice with the same result (all columns but `seconds`)
/// is kept once, with a note; with different results it is an error naming both places.
/// With `replace_unknown` (`patience merge`), a thoughtful `unknown` row and a decided row of
/// the same deal are not different results: the decided one is kept (a search that ran longer,
/// as `winrate --retry` runs it, decided the deal), with a note; of two unknown rows the one
/// that spent more nodes is kept. A solved row and an unsolvable row of one deal are always an
/// error: one of the two is wrong.
/// The records come out in the order of the variants in [`crate::games::builtin::ALL`], then by
/// knowledge (thoughtful first), then by source (our seeds first, then PySolFC's game numbers:
/// a PySolFC game and our seed of the same number are different deals, kept apart), then by
/// seed: two knowledge kinds or two sources are never mixed.
pub fn combine(
    rows: Vec<(String, Row)>,
    replace_unknown: bool,
    games: &Games,
    notes: &mut Vec<String>,
) -> Result<Vec<Record>> {
    let mut seen: HashMap<(&'static str, Knowledge, DealSource, u128), (String, Row)> =
        HashMap::with_capacity(rows.len());
    let mut dropped = 0usize;
    let mut first_dropped = None;
    let mut replaced = 0usize;
    let mut first_replaced = None;
    for (source, row) in rows {
        let record = &row.record;
        let key = (record.variant, record.knowledge, record.source, record.seed);
        match seen.get(&key) {
            None => {
                seen.insert(key, (source, row));
            }
            Some((s0, r0)) if r0.record.same_result(&row.record) => {
                dropped += 1;
                let solution = row.record.solution.clone();
                first_dropped.get_or_insert_with(|| {
                    format!(
                        "{} ({}) {} {} ({source} line {}, already at {s0} line {})",
                        key.0,
                        key.1,
                        key.2.number_word(),
                        key.3,
                        row.line,
                        r0.line
                    )
                });
                // A win kept from a file without solutions takes the other row's.
                if let Some((_, kept)) = seen.get_mut(&key)
                    && kept.record.solution.is_none()
                {
                    kept.record.solution = solution;
                }
            }
            Some((s0, r0))
                if replace_unknown
                    && key.1 == Knowledge::Thoughtful
                    && (is_unknown(&r0.record) || is_unknown(&row.record)) =>
            {
                // Keep the decided row, or of two unknown rows the longer search.
                let keep_new = match (is_unknown(&r0.record), is_unknown(&row.record)) {
                    (true, true) => row.record.nodes > r0.record.nodes,
                    (old_unknown, _) => old_unknown,
                };
                replaced += 1;
                let (kept, gone) = if keep_new {
                    ((&source, row.line), (s0, r0.line))
                } else {
                    ((s0, r0.line), (&source, row.line))
                };
                first_replaced.get_or_insert_with(|| {
                    format!(
                        "{}: {} line {} kept, {} line {} dropped",
                        record.deal_text(),
                        kept.0,
                        kept.1,
                        gone.0,
                        gone.1
                    )
                });
                if keep_new {
                    seen.insert(key, (source, row));
                }
            }
            Some((s0, r0)) => bail!(
                "{} ({}) {} {} has two different results: {s0} line {} says {}, {source} line {} says {}",
                key.0,
                key.1,
                key.2.number_word(),
                key.3,
                r0.line,
                result_text(&r0.record),
                row.line,
                result_text(&row.record)
            ),
        }
    }
    if let Some(first) = first_replaced {
        notes.push(format!(
            "{replaced} deal(s) had an unknown row and another row: the decided verdict (or the longer search) is kept (the first: {first})"
        ));
    }
    if let Some(first) = first_dropped {
        notes.push(format!(
            "{dropped} duplicated row(s) with the same result kept once (the first: {first})"
        ));
    }
    let mut records: Vec<Record> = seen.into_values().map(|(_, r)| r.record).collect();
    records.sort_by_key(|r| (games.order(r.variant), r.knowledge, r.source, r.seed));
    Ok(records)
}

fn is_unknown(r: &Record) -> bool {
    matches!(r.answer, Answer::Unknown(_))
}

/// A row's result in words, for messages: `solved in 214 moves, 14153 nodes`,
/// `unknown (node limit), 20480 nodes, planner revision 9 (7 samples x 5000 nodes)`.
fn result_text(r: &Record) -> String {
    let verdict = match r.answer {
        Answer::Won { moves } => format!("solved in {moves} moves"),
        Answer::Lost => "unsolvable".to_string(),
        Answer::Unknown(limit) => format!("unknown ({limit})"),
    };
    let planner = match r.budget {
        Some(b) => format!(
            ", planner {} ({} samples x {} nodes)",
            b.revision_text(),
            b.samples,
            b.sample_nodes
        ),
        None => String::new(),
    };
    format!("{verdict}, {} nodes{planner}", r.nodes)
}

/// The one planner budget of the hidden rows, if they record one (a note counts those that do
/// not). Hidden rows played with different budgets are refused: their rates are not comparable,
/// so one summary cannot hold them.
pub fn one_budget(records: &[Record], notes: &mut Vec<String>) -> Result<Option<Budget>> {
    let hidden = || records.iter().filter(|r| r.knowledge == Knowledge::Hidden);
    let mut budget: Option<(Budget, &Record)> = None;
    for r in hidden() {
        match (r.budget, budget) {
            (Some(b), None) => budget = Some((b, r)),
            (Some(b), Some((b0, r0))) if b != b0 => bail!(
                "hidden rows played with different planner budgets: {} seed {} with planner {} --samples {} --sample-nodes {}, {} seed {} with planner {} --samples {} --sample-nodes {}; hidden rates are comparable only with the same planner at equal budget, so merge them separately",
                r0.variant,
                r0.seed,
                b0.revision_text(),
                b0.samples,
                b0.sample_nodes,
                r.variant,
                r.seed,
                b.revision_text(),
                b.samples,
                b.sample_nodes
            ),
            _ => {}
        }
    }
    let unrecorded = hidden().filter(|r| r.budget.is_none()).count();
    if unrecorded > 0 {
        notes.push(format!(
            "{unrecorded} hidden rows do not record the planner's budget (files of the first format)"
        ));
    }
    Ok(budget.map(|(b, _)| b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Limit;

    fn rec(seed: u128, answer: Answer, nodes: u64) -> Record {
        Record::new("stonewall", seed, answer, nodes, 0.0123456789)
    }

    #[test]
    fn combining_drops_identical_duplicates_and_refuses_conflicts() {
        let row = |line, record| Row { line, record };
        let a = rec(1, Answer::Lost, 5);
        let mut a2 = a.clone();
        a2.seconds = 9.0;
        let b = rec(0, Answer::Won { moves: 3 }, 7);
        let mut notes = Vec::new();
        let merged = combine(
            vec![
                ("x".into(), row(2, a.clone())),
                ("x".into(), row(3, b.clone())),
                ("y".into(), row(2, a2)),
            ],
            false,
            &Games::new(),
            &mut notes,
        )
        .unwrap();
        assert_eq!(merged, vec![b, a.clone()]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        let c = rec(1, Answer::Unknown(Limit::Nodes), 5);
        let err = combine(
            vec![("x".into(), row(2, a)), ("y".into(), row(7, c))],
            false,
            &Games::new(),
            &mut notes,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("seed 1") && err.contains("y line 7"), "{err}");
    }

    #[test]
    fn merging_replaces_unknown_rows_by_decided_ones_and_refuses_contradictions() {
        let row = |line, record| Row { line, record };
        let unknown = rec(1, Answer::Unknown(Limit::Nodes), 1000);
        let longer = rec(1, Answer::Unknown(Limit::Nodes), 9000);
        let lost = rec(1, Answer::Lost, 4000);
        let won = rec(1, Answer::Won { moves: 90 }, 4000);
        // The decided row is kept, whichever file comes first; of two unknown rows, the
        // longer search.
        for (rows, kept) in [
            (vec![unknown.clone(), lost.clone()], lost.clone()),
            (vec![lost.clone(), unknown.clone()], lost.clone()),
            (vec![unknown.clone(), won.clone()], won.clone()),
            (vec![won.clone(), unknown.clone()], won.clone()),
            (vec![unknown.clone(), longer.clone()], longer.clone()),
            (vec![longer.clone(), unknown.clone()], longer.clone()),
            (vec![unknown.clone(), longer, won.clone()], won.clone()),
        ] {
            let mut notes = Vec::new();
            let rows = rows
                .into_iter()
                .enumerate()
                .map(|(i, r)| (format!("f{i}"), row(2, r)))
                .collect();
            let merged = combine(rows, true, &Games::new(), &mut notes).unwrap();
            assert_eq!(merged, vec![kept]);
            assert!(notes[0].contains("unknown row"), "{notes:?}");
        }
        // Without replacement (resuming one file) they are different results.
        let mut notes = Vec::new();
        let pair = vec![
            ("x".into(), row(2, unknown.clone())),
            ("y".into(), row(3, lost.clone())),
        ];
        assert!(combine(pair, false, &Games::new(), &mut notes).is_err());
        // Solved against unsolvable is a contradiction, and so are two different wins.
        for other in [lost.clone(), rec(1, Answer::Won { moves: 91 }, 4000)] {
            let pair = vec![
                ("x".into(), row(2, won.clone())),
                ("y".into(), row(3, other)),
            ];
            let err = combine(pair, true, &Games::new(), &mut notes)
                .unwrap_err()
                .to_string();
            assert!(err.contains("two different results"), "{err}");
        }
        // A PySolFC game and our seed of the same number are two deals, kept apart.
        let pysol = won.with_source(DealSource::Pysol);
        let pair = vec![
            ("x".into(), row(2, pysol.clone())),
            ("y".into(), row(2, lost.clone())),
        ];
        let mut notes = Vec::new();
        assert_eq!(
            combine(pair, true, &Games::new(), &mut notes).unwrap(),
            vec![lost.clone(), pysol.clone()]
        );
        assert!(notes.is_empty(), "{notes:?}");
        let pair = vec![
            ("x".into(), row(2, pysol)),
            ("y".into(), row(3, lost.with_source(DealSource::Pysol))),
        ];
        let err = combine(pair, true, &Games::new(), &mut notes)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("stonewall (thoughtful) PySolFC game 1 has two different results"),
            "{err}"
        );
        // Hidden-play rows are never replaced.
        let mut h_unknown = unknown;
        h_unknown.knowledge = Knowledge::Hidden;
        let mut h_lost = lost;
        h_lost.knowledge = Knowledge::Hidden;
        let pair = vec![
            ("x".into(), row(2, h_unknown)),
            ("y".into(), row(3, h_lost)),
        ];
        assert!(combine(pair, true, &Games::new(), &mut notes).is_err());
    }
}
