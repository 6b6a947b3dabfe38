//! The terminal replay (`show --tui`) under tmux: a jump to a move by its number shows the
//! engine's position after that move with the cards it put down in brackets; a pile taller
//! than a small terminal says how many of its cards are hidden; and `show` with a deal but no
//! solution solves the deal first, for `--plain` (no tmux needed) and for `--tui`.
//!
//! The tmux tests need `tmux` (`.ci/show.sh` installs it); without it they say so and pass,
//! except under CI (`CI=true`), where they fail.

use crate::common::{arg, deal_json, patience, run, stderr_of, stdout_of, tempdir, write_file};
use crate::show::{Places, card_text, have, result_moves, runs, solved_with};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A tmux server of its own (its socket in a test's folder) running one command in a window
/// of a given size; the server is killed when this is dropped.
struct Tmux {
    socket: PathBuf,
    session: String,
}

impl Tmux {
    fn start(dir: &Path, command: &str, width: u16, height: u16) -> Tmux {
        let tmux = Tmux {
            socket: dir.join("tmux.sock"),
            session: format!("patience-replay-{}", std::process::id()),
        };
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            &tmux.session.clone(),
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            command,
        ]);
        tmux
    }

    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("running tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Sends keys one by one (tmux key names: `g`, `2`, `Enter`).
    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.run(&["send-keys", "-t", &self.session, k]);
        }
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.session])
    }

    /// The screen once it shows `want` (waiting up to ten seconds).
    fn screen_at(&self, want: &str) -> String {
        for _ in 0..100 {
            let text = self.screen();
            if text.contains(want) {
                return text;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the terminal never showed {want:?}:\n{}", self.screen());
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// The place a move token puts cards onto (`T1>T4x3` → `T4`).
fn target(token: &str) -> &str {
    let to = token.split_once('>').expect("a move token").1;
    to.split('x').next().unwrap()
}

/// The number of cards of a place (`S` and `W` too) in a position.
fn count(places: &Places, place: &str) -> usize {
    places
        .get(place)
        .map_or(0, |cards| cards.split_whitespace().count())
}

/// The cards move `at` put down: its target place and how many (its top cards there).
fn moved(positions: &[Places], moves: &[String], at: usize) -> Option<(String, usize)> {
    let token = moves.get(at.checked_sub(1)?)?;
    let place = target(token).to_string();
    let gained = count(&positions[at], &place).saturating_sub(count(&positions[at - 1], &place));
    Some((place, gained.max(1)))
}

/// A card as the terminal draws it: five characters, in brackets when the move put it down.
fn cell(card: &str, marked: bool) -> String {
    if marked {
        format!("[{:>3}]", card_text(card))
    } else {
        format!(" {:>3} ", card_text(card))
    }
}

/// The tableau's rows as the terminal draws them after move `at` (of `piles` piles), each
/// pile in at most `rows` rows: a taller pile starts with `+N` (its N lowest cards not
/// drawn), then its top cards; the cards the move put down in brackets.
pub(crate) fn tableau_rows(
    positions: &[Places],
    moves: &[String],
    at: usize,
    piles: usize,
    rows: usize,
) -> Vec<String> {
    let moved = moved(positions, moves, at);
    let piles: Vec<Vec<String>> = (1..=piles)
        .map(|p| {
            positions[at][&format!("T{p}")]
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .collect();
    let depth = piles.iter().map(Vec::len).max().unwrap().max(1);
    (0..depth.min(rows))
        .map(|d| {
            let mut line = "   ".to_string();
            for (p, pile) in piles.iter().enumerate() {
                let new = match &moved {
                    Some((place, k)) if *place == format!("T{}", p + 1) => pile.len() - k,
                    _ => pile.len(),
                };
                let skip = pile.len().saturating_sub(rows - 1);
                let skip = if pile.len() > rows { skip } else { 0 };
                line.push_str(&match (d, skip) {
                    (0, 1..) => format!(" {:>3} ", format!("+{skip}")),
                    (_, 1..) => {
                        let i = skip + d - 1;
                        cell(&pile[i], i >= new)
                    }
                    _ => match pile.get(d) {
                        Some(card) => cell(card, d >= new),
                        None if d == 0 => "   - ".into(),
                        None => "     ".into(),
                    },
                });
            }
            line.trim_end().to_string()
        })
        .collect()
}

/// The foundations' line after move `at`: each top card (`-` when empty), the one the move put
/// down in brackets.
fn foundation_line(
    positions: &[Places],
    moves: &[String],
    at: usize,
    foundations: usize,
) -> String {
    let moved = moved(positions, moves, at);
    let mut line = "F  ".to_string();
    for f in 1..=foundations {
        let place = format!("F{f}");
        match positions[at][&place].split_whitespace().last() {
            Some(top) => {
                line.push_str(&cell(top, moved.as_ref().is_some_and(|(p, _)| *p == place)))
            }
            None => line.push_str("   - "),
        }
    }
    line.trim_end().to_string()
}

fn patience_bin() -> &'static str {
    env!("CARGO_BIN_EXE_patience")
}

/// Asserts that every line of `want` is a line of `screen`.
fn shows(screen: &str, want: &[String]) {
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    for row in want {
        assert!(
            lines.contains(&row.as_str()),
            "{row:?} not on the screen:\n{screen}"
        );
    }
}

#[test]
fn a_jump_by_number_shows_that_moves_position_with_its_cards_marked() {
    if !have("tmux", runs("tmux", &["-V"])) {
        return;
    }
    let dir = tempdir();
    // No solution given: `show` solves the deal as `solve` does (its default limits).
    let (result, positions) = solved_with("stonewall", 1, dir.path(), &[]);
    let moves = result_moves(&result);
    let n = moves.len();
    assert!(n > 30, "{n} moves");
    let (code, plain, err) = run(&["show", "stonewall", "--seed", "1", "--plain"]);
    assert_eq!(code, 0, "{err}");
    let tmux = Tmux::start(
        dir.path(),
        &format!("{} show stonewall --seed 1 --tui", patience_bin()),
        120,
        50,
    );
    tmux.screen_at(&format!("move 0 of {n}: the deal"));
    tmux.keys(&["g", "2", "5"]);
    // The number typed so far is on the help line until Enter.
    tmux.screen_at("go to move (0 to ");
    tmux.keys(&["Enter"]);
    let screen = tmux.screen_at(&format!("move 25 of {n}: "));
    // The move's line as `--plain` prints it at move 25, and the engine's position after it.
    let head = plain
        .lines()
        .find(|l| l.starts_with(&format!("move 25 of {n}: ")))
        .expect("--plain's move 25")
        .to_string();
    shows(&screen, &[head]);
    shows(&screen, &tableau_rows(&positions, &moves, 25, 6, 50));
    shows(&screen, &[foundation_line(&positions, &moves, 25, 4)]);
    // The cards move 25 put down are in brackets, and no other card is.
    let (place, k) = moved(&positions, &moves, 25).unwrap();
    let cards: Vec<&str> = positions[25][&place].split_whitespace().collect();
    let marked: Vec<String> = cards[cards.len() - k..]
        .iter()
        .map(|c| cell(c, true))
        .collect();
    for m in &marked {
        assert!(screen.contains(m.as_str()), "{m:?} not marked:\n{screen}");
    }
    let table: String = screen
        .lines()
        .filter(|l| !l.contains("space play") && !l.starts_with("move "))
        .collect();
    assert_eq!(table.matches('[').count(), k, "{screen}");

    // `:` jumps too; a number past the end goes to the last move; Esc leaves the number.
    tmux.keys(&[":", "7", "Enter"]);
    let screen = tmux.screen_at(&format!("move 7 of {n}: "));
    shows(&screen, &tableau_rows(&positions, &moves, 7, 6, 50));
    tmux.keys(&["g", "9", "9", "9", "9", "Enter"]);
    tmux.screen_at(&format!("move {n} of {n}: "));
    tmux.keys(&["g", "3", "Escape", "Left"]);
    let screen = tmux.screen_at(&format!("move {} of {n}: ", n - 1));
    shows(&screen, &tableau_rows(&positions, &moves, n - 1, 6, 50));
    tmux.keys(&["q"]);
    std::thread::sleep(Duration::from_millis(300));
    let left = tmux.run(&["list-sessions"]);
    assert!(!left.contains(&tmux.session), "q did not quit: {left}");
}

#[test]
fn a_pile_taller_than_the_terminal_says_how_many_cards_are_hidden() {
    if !have("tmux", runs("tmux", &["-V"])) {
        return;
    }
    let dir = tempdir();
    let (result, positions) = solved_with("stonewall", 1, dir.path(), &[]);
    let moves = result_moves(&result);
    // 16 lines: the title, the move, the foundations, two reserve lines, the piles' heads,
    // the blanks, the hidden cards' line and the help line leave 5 rows for the piles, so
    // each of the deal's piles of 6 shows +2 and its top 4 cards.
    let tmux = Tmux::start(
        dir.path(),
        &format!(
            "{} show stonewall --seed 1 {} --tui",
            patience_bin(),
            arg(&result)
        ),
        90,
        16,
    );
    let screen = tmux.screen_at("12 cards hidden");
    let rows = tableau_rows(&positions, &moves, 0, 6, 5);
    assert!(rows[0].contains("+2"), "{rows:?}");
    shows(&screen, &rows);
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines[0].trim_end(), "Stonewall, seed 1", "{screen}");
    assert!(
        lines.iter().any(|l| l.starts_with("[paused] space play")),
        "no help line:\n{screen}"
    );
    // At the last move every card is on the foundations: nothing hidden.
    tmux.keys(&["End"]);
    let screen = tmux.screen_at(&format!("move {0} of {0}: ", moves.len()));
    assert!(!screen.contains("hidden"), "{screen}");
}

#[test]
fn show_without_a_solution_solves_the_deal_first() {
    let dir = tempdir();
    let (result, _) = solved_with("stonewall", 1, dir.path(), &[]);
    let ok = |args: &[&str]| -> String {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    let given = ok(&["show", "stonewall", "--seed", "1", arg(&result), "--plain"]);
    let solved = ok(&["show", "stonewall", "--seed", "1", "--plain"]);
    assert_eq!(solved, given);
    assert!(solved.starts_with("Stonewall, seed 1: "), "{solved}");

    // A deal file: the same moves, under the file's name.
    let deal = write_file(dir.path(), "deal.json", &deal_json("stonewall", 1));
    let from_file = ok(&["show", "stonewall", "--deal", arg(&deal), "--plain"]);
    assert_eq!(
        from_file.lines().skip(1).collect::<Vec<_>>(),
        solved.lines().skip(1).collect::<Vec<_>>()
    );

    // A PySolFC number: as `solve --pysol` solves it.
    let out = patience()
        .args(["solve", "stonewall", "--pysol", "2", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let pysol = write_file(dir.path(), "pysol.json", &stdout_of(&out));
    assert_eq!(
        ok(&["show", "stonewall", "--pysol", "2", "--plain"]),
        ok(&["show", "stonewall", "--pysol", "2", arg(&pysol), "--plain"])
    );

    // The page too.
    let page = dir.path().join("solved.html");
    ok(&["show", "stonewall", "--seed", "1", "--html", arg(&page)]);
    assert!(std::fs::read_to_string(&page).unwrap().contains("<html"));

    // Not won: one line with the verdict, nothing to replay, exit 1 (as `solve`), no page, and
    // no terminal needed.
    let missing = dir.path().join("unknown.html");
    for view in [
        vec!["--plain"],
        vec!["--tui"],
        vec!["--html", arg(&missing)],
    ] {
        let mut args = vec!["show", "stonewall", "--seed", "1", "--max-nodes", "1"];
        args.extend(&view);
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert_eq!(
            out, "Stonewall, seed 1: unknown: stopped by the node limit; nothing to replay\n",
            "{args:?}"
        );
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    assert!(!missing.exists());

    // The solver's limits go with no solution; a game alone has nothing to show.
    let err = crate::common::refused(&[
        "show",
        "stonewall",
        "--seed",
        "1",
        arg(&result),
        "--max-nodes",
        "5",
    ]);
    assert!(err.contains("--max-nodes"), "{err}");
    let err = crate::common::refused(&["show", "stonewall"]);
    assert!(err.contains("give the SOLUTION"), "{err}");
}

#[test]
fn show_says_an_unsolvable_deal_has_nothing_to_replay() {
    let (code, out, err) = run(&["show", "stonewall", "--seed", UNSOLVABLE, "--plain"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        format!(
            "Stonewall, seed {UNSOLVABLE}: unsolvable (every reachable position searched); nothing to replay\n"
        )
    );
}

/// A Stonewall seed whose deal is proved unsolvable at once (no move reaches further).
const UNSOLVABLE: &str = "2";
