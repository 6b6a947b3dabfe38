//! Move lists: plain text (`T3>F1 R5>T2 ...`) or the JSON form of a solve result
//! (`docs/formats.md`), whose `moves` array is used.
//!
//! In plain text, tokens are separated by whitespace, commas or newlines; a line number such as
//! `12.` (alone, or stuck to the move after it: `12.T3>F1`) is ignored, and so is everything from
//! `#` to the end of the line. Text whose first non-blank character is `{` is read as a solve
//! result, `[` as a JSON list of move tokens.
//!
//! The text that `patience solve` prints is read too: its first line is the verdict (`solved in
//! N moves ...`), then one line per move (`  12. T3>F1     3D to the foundation`: the number,
//! the token, the move in words) and a line of counters (`nodes ...`). Of that text only the
//! token after each line number is a move; the other lines say what the search found. Its
//! verdict `unsolvable` or `unknown` is refused as a solve result without moves.
//!
//! A UTF-8 byte-order mark at the start is ignored, and so is `\r` (line ends `\r\n`).
//!
//! Moves are numbered from 1 in the order they are listed (line numbers are not counted), and an
//! error names the number and the token.

use super::describe;
use crate::game::{Move, MoveParseError};
use serde_json::Value;

/// A move list as read: the moves, the tokens as written, and what a solve result says about
/// the game it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveList {
    pub moves: Vec<Move>,
    /// The tokens as written, one per move.
    pub tokens: Vec<String>,
    /// The `variant` of a solve result.
    pub variant: Option<String>,
    /// The `seed` of a solve result.
    pub seed: Option<u64>,
    /// The `deal` of a solve result (the deal it solved), as a deal file's JSON.
    pub deal: Option<Value>,
}

/// A move list that cannot be read. Each message is one line, starting with `move list:`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveListError {
    #[error("move list: move {index}: {cause}")]
    BadToken {
        /// 1-based.
        index: usize,
        token: String,
        cause: MoveParseError,
    },
    #[error("move list: not valid JSON: {0}")]
    Json(String),
    #[error(
        "move list: more than {MAX_MOVES} moves, which no replay takes (a solver's win is far shorter)"
    )]
    TooLong,
    #[error("move list: the solve result has no moves{}", verdict_note(.verdict))]
    NoMoves { verdict: Option<String> },
    #[error("move list: {path}: expected {expected}, found {found}")]
    Type {
        path: String,
        expected: &'static str,
        found: String,
    },
}

fn verdict_note(verdict: &Option<String>) -> String {
    match verdict {
        Some(v) => format!(" (its verdict is {v:?})"),
        None => String::new(),
    }
}

fn type_error(path: &str, expected: &'static str, found: &Value) -> MoveListError {
    MoveListError::Type {
        path: path.to_string(),
        expected,
        found: describe(found),
    }
}

/// Parses the tokens in order, numbering them from 1.
/// The most moves a move list may hold: every replay (`check`, `show` and its page) holds a
/// position or a drawing per move, so a list past it is refused before any of that is made.
pub const MAX_MOVES: usize = 100_000;

fn parse_tokens<'a>(
    tokens: impl Iterator<Item = &'a str>,
    list: &mut MoveList,
) -> Result<(), MoveListError> {
    for (i, token) in tokens.enumerate() {
        if i == MAX_MOVES {
            return Err(MoveListError::TooLong);
        }
        let m: Move = token.parse().map_err(|cause| MoveListError::BadToken {
            index: i + 1,
            token: token.to_string(),
            cause,
        })?;
        list.moves.push(m);
        list.tokens.push(token.to_string());
    }
    Ok(())
}

/// Strips a leading line number `12.`; `None` when nothing is left.
fn strip_line_number(token: &str) -> Option<&str> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let rest = if digits > 0 && token[digits..].starts_with('.') {
        &token[digits + 1..]
    } else {
        token
    };
    (!rest.is_empty()).then_some(rest)
}

/// The move tokens of plain text.
fn text_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|line| line.split_once('#').map_or(line, |(before, _)| before))
        .flat_map(|line| line.split(|c: char| c == ',' || c.is_whitespace()))
        .filter_map(strip_line_number)
}

/// The strings of a JSON list of move tokens.
fn json_tokens<'a>(v: &'a Value, path: &str) -> Result<Vec<&'a str>, MoveListError> {
    let Value::Array(items) = v else {
        return Err(type_error(path, "a list of move tokens", v));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::String(s) => Ok(s.as_str()),
            other => Err(type_error(
                &format!("{path}[{i}]"),
                "a move token such as \"T3>F1\"",
                other,
            )),
        })
        .collect()
}

/// The first line of `patience solve`'s text output for each verdict.
const SOLVED_LINE: &str = "solved in ";
/// The other verdicts' first words (a plain move list cannot start with them).
const OTHER_VERDICTS: [&str; 2] = ["unsolvable", "unknown"];

/// The move tokens of `patience solve`'s text output (its first line is `solved in ...`): the
/// token after the line number of each numbered line.
fn solve_text_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .skip_while(|l| l.trim().is_empty())
        .skip(1)
        .filter_map(|line| {
            let line = line.trim_start();
            let digits = line.bytes().take_while(u8::is_ascii_digit).count();
            let rest = line[digits..].strip_prefix('.').filter(|_| digits > 0)?;
            rest.split_whitespace().next()
        })
}

/// Reads a move list (plain text, the text output of `patience solve`, a solve result, or a
/// JSON list of tokens).
pub fn read_moves(text: &str) -> Result<MoveList, MoveListError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut list = MoveList::default();
    let trimmed = text.trim_start();
    if trimmed.starts_with(SOLVED_LINE) {
        parse_tokens(solve_text_tokens(text), &mut list)?;
        return Ok(list);
    }
    if let Some(verdict) = OTHER_VERDICTS.iter().find(|v| trimmed.starts_with(*v)) {
        return Err(MoveListError::NoMoves {
            verdict: Some(verdict.to_string()),
        });
    }
    if !(trimmed.starts_with('{') || trimmed.starts_with('[')) {
        parse_tokens(text_tokens(text), &mut list)?;
        return Ok(list);
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| MoveListError::Json(e.to_string()))?;
    let moves = match &value {
        Value::Array(_) => &value,
        Value::Object(obj) => {
            match obj.get("variant") {
                None | Some(Value::Null) => {}
                Some(Value::String(s)) => list.variant = Some(s.clone()),
                Some(other) => return Err(type_error("\"variant\"", "a variant id", other)),
            }
            match obj.get("seed") {
                None | Some(Value::Null) => {}
                Some(v) => {
                    list.seed = Some(
                        v.as_u64()
                            .ok_or_else(|| type_error("\"seed\"", "a whole number 0 or more", v))?,
                    )
                }
            }
            match obj.get("deal") {
                None | Some(Value::Null) => {}
                Some(d @ Value::Object(_)) => list.deal = Some(d.clone()),
                Some(other) => return Err(type_error("\"deal\"", "a deal (an object)", other)),
            }
            match obj.get("moves") {
                Some(m) if !m.is_null() => m,
                _ => {
                    return Err(MoveListError::NoMoves {
                        verdict: obj.get("verdict").and_then(Value::as_str).map(String::from),
                    });
                }
            }
        }
        _ => unreachable!("the text starts with {{ or ["),
    };
    let path = if value.is_array() {
        "the list"
    } else {
        "\"moves\""
    };
    parse_tokens(json_tokens(moves, path)?.into_iter(), &mut list)?;
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Place;

    fn tokens(text: &str) -> Vec<String> {
        read_moves(text)
            .unwrap()
            .moves
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    #[test]
    fn plain_text_with_separators_numbers_and_comments() {
        assert_eq!(tokens(""), Vec::<String>::new());
        assert_eq!(tokens("  \n# nothing\n"), Vec::<String>::new());
        assert_eq!(
            tokens("T3>F1 R5>T2,T1>T4x3\n\tS>W ,, W>S"),
            ["T3>F1", "R5>T2", "T1>T4x3", "S>W", "W>S"]
        );
        assert_eq!(
            tokens("# a solution\n1. T3>F1  # first\n2. R5>T2\n3.S>W\n 10. t1>f2, # ten\n"),
            ["T3>F1", "R5>T2", "S>W", "T1>F2"]
        );
        let list = read_moves("1. t3>f1 R5>T2").unwrap();
        assert_eq!(list.tokens, ["t3>f1", "R5>T2"]);
        assert_eq!(
            list.moves[0],
            Move::new(Place::Tableau(2), Place::Foundation(0), 1)
        );
        assert_eq!(list.variant, None);
    }

    #[test]
    fn solve_results_and_json_lists() {
        let list = read_moves(
            r#"{"variant": "stonewall", "seed": 7, "knowledge": "thoughtful", "verdict": "solved",
                "moves": ["T3>F1", "R5>T2"], "nodes": 12345, "seconds": 0.01}"#,
        )
        .unwrap();
        assert_eq!(list.variant.as_deref(), Some("stonewall"));
        assert_eq!(list.seed, Some(7));
        assert_eq!(list.tokens, ["T3>F1", "R5>T2"]);
        assert_eq!(tokens(r#" ["S>W", "W>F2"] "#), ["S>W", "W>F2"]);
        assert_eq!(tokens(r#"{"moves": []}"#), Vec::<String>::new());
    }

    #[test]
    fn the_text_output_of_solve_is_a_move_list() {
        let text = "solved in 3 moves (verified by replay)\n 1. T2>F1     AS to the foundation\n 2. R6>F2     AH to the foundation\n 3. T1>T4x3  9C..7H onto 10D\nnodes 1525 (1.47 M/s), 0.001 s, table 514 positions (0.1 MiB), deepest path 204\n";
        assert_eq!(tokens(text), ["T2>F1", "R6>F2", "T1>T4x3"]);
        assert_eq!(
            tokens(&text.replace('\n', "\r\n")),
            ["T2>F1", "R6>F2", "T1>T4x3"]
        );
        assert_eq!(
            err("unsolvable (every reachable position searched)\nnodes 0 (0.00 M/s)\n"),
            "move list: the solve result has no moves (its verdict is \"unsolvable\")"
        );
        assert_eq!(
            err("unknown: stopped by the node limit\n"),
            "move list: the solve result has no moves (its verdict is \"unknown\")"
        );
        // A byte-order mark and CRLF line ends (Windows editors) are ignored.
        assert_eq!(
            tokens("\u{feff}1. T3>F1\r\n2. R5>T2\r\n"),
            ["T3>F1", "R5>T2"]
        );
        assert_eq!(tokens("\u{feff}[\"S>W\"]"), ["S>W"]);
    }

    fn err(text: &str) -> String {
        let e = read_moves(text).unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        e
    }

    #[test]
    fn errors_name_the_move_and_the_token() {
        assert_eq!(
            err("T3>F1\n2. R5>T2 T3-F1"),
            "move list: move 3: bad move token \"T3-F1\": expected FROM>TO"
        );
        let e = read_moves("T1>F1, Q9>T1").unwrap_err();
        let MoveListError::BadToken { index, token, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!((index, token.as_str()), (2, "Q9>T1"));
        assert_eq!(
            err(r#"{"moves": ["T1>F1", "T1>T1"]}"#),
            "move list: move 2: bad move token \"T1>T1\": a move must go somewhere else"
        );
        assert_eq!(
            err(r#"{"variant": "stonewall", "verdict": "unsolvable"}"#),
            "move list: the solve result has no moves (its verdict is \"unsolvable\")"
        );
        assert_eq!(
            err(r#"{"moves": ["T1>F1", 3]}"#),
            "move list: \"moves\"[1]: expected a move token such as \"T3>F1\", found the number 3"
        );
        assert_eq!(
            err(r#"{"moves": "T1>F1"}"#),
            "move list: \"moves\": expected a list of move tokens, found the string \"T1>F1\""
        );
        assert!(err("{\"moves\": [").starts_with("move list: not valid JSON: EOF"));
        assert!(err(r#"{"seed": "x", "moves": []}"#).starts_with("move list: \"seed\": expected"));
    }
}
