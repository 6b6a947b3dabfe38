//! Seeing games: the replay page (`solve --html`, `show --html`) driven in headless chromium,
//! the terminal replay under tmux, `show --plain`, and `plot`'s SVG.
//!
//! The browser and tmux tests need Debian's `chromium`, node with `tests/browser`'s packages
//! (`npm ci --prefix tests/browser`) and `tmux`; `.ci/show.sh` installs them. Without them a
//! test says so and passes, except under CI (`CI=true`), where it fails.

use crate::common::{arg, patience, stderr_of, stdout_of, tempdir, write_file};
use patience::{GameFn, Move, Position, Variant, apply, legal};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The cards of every place of a position, as the page's `data-cards` lists them (bottom
/// first, deal-file tokens): `T1`.., `R1`.., `F1`.., `S`, `W`.
pub(crate) type Places = BTreeMap<String, String>;

/// The engine's positions of a solution: the deal, then one after each move (replayed with
/// `legal` and `apply`, as `check` does).
struct Positions<'a> {
    deal: &'a patience::Deal,
    moves: &'a [Move],
}

impl GameFn<Vec<Places>> for Positions<'_> {
    fn call<V: Variant>(self, v: V) -> Vec<Places> {
        let rules = v.rules();
        let mut pos = Position::from_deal::<V>(v, self.deal).expect("a legal deal");
        let places = |pos: &Position| -> Places {
            let d = pos.to_deal::<V>(v);
            let text = |l: &[patience::internal::cards::CardToken]| {
                l.iter().map(|c| c.to_text()).collect::<Vec<_>>().join(" ")
            };
            let mut out = Places::new();
            for (i, p) in d.piles.iter().enumerate() {
                out.insert(format!("T{}", i + 1), text(p));
            }
            for (i, r) in d.reserve.iter().enumerate() {
                out.insert(
                    format!("R{}", i + 1),
                    r.map(|c| c.to_text()).unwrap_or_default(),
                );
            }
            for f in 0..rules.foundations() {
                let list = d.foundations.get(f).map(|l| text(l)).unwrap_or_default();
                out.insert(format!("F{}", f + 1), list);
            }
            if rules.has_stock() {
                out.insert("S".into(), text(&d.stock));
                out.insert("W".into(), text(&d.waste));
            }
            out
        };
        let mut all = vec![places(&pos)];
        for &m in self.moves {
            let m = legal::<V>(v, &pos, m).expect("the solver's moves are legal");
            apply::<V>(v, &mut pos, m);
            all.push(places(&pos));
        }
        all
    }
}

/// Solves `game`'s deal of `seed` (`solve --json`) and returns the result and the engine's
/// positions along its solution.
fn solved(game: &str, seed: u64, dir: &Path) -> (PathBuf, Vec<Places>) {
    solved_with(game, seed, dir, &["--max-nodes", "300000"])
}

/// [`solved`] with these limits (none: `solve`'s defaults).
pub(crate) fn solved_with(
    game: &str,
    seed: u64,
    dir: &Path,
    limits: &[&str],
) -> (PathBuf, Vec<Places>) {
    let seed_text = seed.to_string();
    let mut args = vec!["solve", game, "--seed", &seed_text, "--json"];
    args.extend(limits);
    let out = patience().args(&args).output().unwrap();
    assert!(out.status.success(), "{game} {seed}: {}", stderr_of(&out));
    let path = write_file(dir, &format!("{game}-{seed}.json"), &stdout_of(&out));
    let result: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    let moves: Vec<Move> = result["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().parse().unwrap())
        .collect();
    let rules = patience::games::find(game).unwrap();
    let deal = patience::deal(rules, seed);
    let positions = patience::games::with_rules(
        rules,
        Positions {
            deal: &deal,
            moves: &moves,
        },
    )
    .unwrap();
    (path, positions)
}

/// Is `tool` there? When it is not: under CI a failure, elsewhere a note and `false`.
pub(crate) fn have(tool: &str, found: bool) -> bool {
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{tool} is missing, and CI must run this test (.ci/show.sh installs it)"
        );
        eprintln!("note: {tool} is missing; test skipped (.ci/show.sh installs it)");
    }
    found
}

fn browser_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser"))
}

fn chromium() -> PathBuf {
    std::env::var_os("PATIENCE_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// Screenshots of the pages, kept as CI's artifact.
fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/target/show-screenshots"
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) fn runs(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Opens `page` in chromium, presses the keys of `plan` (see tests/browser/replay.mjs) and
/// returns what the page showed after each step, and its console errors.
fn drive(page: &Path, plan: &Value, shot: &Path, dir: &Path) -> (Vec<Value>, Vec<Value>) {
    let plan_file = write_file(dir, "plan.json", &plan.to_string());
    let out = Command::new("node")
        .arg(browser_dir().join("replay.mjs"))
        .args([page, &plan_file, shot])
        .env("PATIENCE_CHROMIUM", chromium())
        .output()
        .expect("running node");
    assert!(
        out.status.success(),
        "the browser driver failed: {}",
        stderr_of(&out)
    );
    let seen: Value = serde_json::from_str(&stdout_of(&out)).expect("the driver's JSON");
    (
        seen["steps"].as_array().unwrap().clone(),
        seen["errors"].as_array().unwrap().clone(),
    )
}

/// The places a step of the page showed.
fn shown(step: &Value) -> Places {
    step["places"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect()
}

/// Are chromium, node and the driver's packages there (see [`have`])?
fn browser_ready() -> bool {
    have("chromium", chromium().exists())
        && have("node", runs("node", &["--version"]))
        && have(
            "tests/browser/node_modules (npm ci --prefix tests/browser)",
            browser_dir().join("node_modules/playwright-core").exists(),
        )
}

/// The move tokens of a solve result.
fn tokens(result: &Path) -> Vec<String> {
    let value: Value = serde_json::from_str(&std::fs::read_to_string(result).unwrap()).unwrap();
    value["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect()
}

/// The JSON of a page's `#replay-data`.
fn page_data(html: &str) -> Value {
    let at = html
        .find("id=\"replay-data\"")
        .expect("a #replay-data element");
    let start = at + html[at..].find('>').unwrap() + 1;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("the replay's JSON")
}

#[test]
fn replay_pages_step_through_the_engines_positions_in_chromium() {
    if !browser_ready() {
        return;
    }
    let dir = tempdir();
    let shots = screenshot_dir();
    // The three games of the brief, two more two-deck games, and a draw-three stock.
    let games = [
        ("stonewall", 1),
        ("lucky-piles", 0),
        ("napoleons-shoulder", 1),
        ("napoleons-square", 2),
        ("klondike-draw3", 0),
    ];
    for (game, seed) in games {
        let (result, positions) = solved(game, seed, dir.path());
        let last = positions.len() - 1;
        assert!(
            last >= 12,
            "{game}: a solution of {last} moves is too short to test"
        );
        let page = dir.path().join(format!("{game}.html"));
        if game == "stonewall" {
            // The page `solve --html` writes.
            patience()
                .args([
                    "solve",
                    game,
                    "--seed",
                    &seed.to_string(),
                    "--max-nodes",
                    "300000",
                ])
                .args(["--html", arg(&page)])
                .assert()
                .success();
        } else {
            patience()
                .args(["show", arg(&result), "--html", arg(&page)])
                .assert()
                .success();
        }
        let right = |n: usize| json!({ "keys": vec!["ArrowRight"; n] });
        let plan = json!([
            right(1),
            right(9),
            { "keys": ["End"] },
            { "keys": ["ArrowLeft"] },
            { "keys": ["Home"] },
            { "keys": ["PageDown", "PageDown"] },
            { "play": true },
            { "keys": ["ArrowLeft", "ArrowLeft", "ArrowLeft"] },
        ]);
        let mut plan = plan.as_array().unwrap().clone();
        plan.extend([
            json!({ "click": "#last" }),
            json!({ "click": "#back" }),
            json!({ "click": "#first" }),
            json!({ "click": "#forward" }),
            json!({ "click": "#moves li[data-move=\"7\"]" }),
            json!({ "jump": 12 }),
        ]);
        // The slider and the move list go to any move, and the keys work on from there.
        let slid = plan.len() + 2;
        plan.extend([
            json!({ "slide": last / 2 }),
            json!({ "slide": 3 }),
            json!({ "slideClick": 0.25 }),
            json!({ "keys": ["ArrowRight"] }),
            json!({ "keys": ["PageUp"] }),
            json!({ "click": format!("#moves li[data-move=\"{}\"]", last - 2) }),
            json!({ "keys": ["ArrowRight"] }),
        ]);
        // The layout at three widths, at the deal, within the game and at its end, where the
        // emptied piles must have shrunk.
        let checked = plan.len();
        let narrow = shots.join(format!("{game}-420.png"));
        plan.extend([
            json!({ "keys": ["Home", "PageDown", "PageDown"], "width": 420, "check": true,
                    "shot": narrow }),
            json!({ "keys": ["End"], "check": true,
                    "shot": shots.join(format!("{game}-420-end.png")) }),
            json!({ "keys": ["Home"], "check": true }),
            json!({ "keys": ["PageDown", "PageDown"], "width": 1280, "check": true }),
            json!({ "keys": ["End"], "check": true }),
            json!({ "keys": ["Home"], "width": 1920, "check": true }),
            json!({ "keys": ["PageDown"], "check": true }),
            json!({ "keys": ["End"], "check": true }),
            json!({ "keys": ["Home"], "width": 1400 }),
        ]);
        if game == "stonewall" {
            // Every move, one by one, from the start.
            plan.push(json!({ "each": last }));
        }
        let shot = shots.join(format!("{game}.png"));
        let (steps, errors) = drive(&page, &Value::Array(plan), &shot, dir.path());
        assert!(errors.is_empty(), "{game}: the page logged {errors:?}");
        let moves: Vec<usize> = steps
            .iter()
            .map(|s| s["move"].as_u64().unwrap() as usize)
            .collect();
        let played = moves[6];
        assert!(
            played >= 22,
            "{game}: playing from move 20 reached only {played}"
        );
        let clicked = moves[slid];
        assert!(
            clicked.abs_diff(last / 4) <= last / 8 + 2,
            "{game}: a click at a quarter of the slider went to move {clicked} of {last}"
        );
        let mut want = vec![1, 10, last, last - 1, 0, 20, played, played - 3];
        want.extend([last, last - 1, 0, 1, 7, 12]);
        want.extend([last / 2, 3, clicked, clicked + 1, clicked.saturating_sub(9)]);
        want.extend([last - 2, last - 1]);
        want.extend([20, last, 0, 20, last, 0, 10, last, 0]);
        if game == "stonewall" {
            want.extend(1..=last);
        }
        assert_eq!(moves, want, "{game}: the move numbers after each step");
        assert_eq!(steps[6]["playing"], "false", "{game}: space paused");
        for (step, &at) in steps.iter().zip(&moves) {
            assert_eq!(step["count"], last, "{game}: the move count");
            assert_eq!(step["slider"], at, "{game}: the slider at move {at}");
            assert_eq!(
                shown(step),
                positions[at],
                "{game}: the table after move {at} is not the engine's"
            );
            // The solutions win with their last move: the page says so there and only there.
            assert_eq!(
                step["won"],
                at == last,
                "{game}: the won message at move {at} of {last}"
            );
            assert_eq!(step["unfinished"], false, "{game}: at move {at}");
        }
        assert!(
            positions[last]
                .iter()
                .all(|(place, list)| place.starts_with('F') != list.is_empty()),
            "{game}: the solution does not end with every card on a foundation"
        );
        for (i, step) in steps.iter().enumerate().skip(checked).take(8) {
            assert_eq!(
                step["problems"],
                json!([]),
                "{game}: the layout of step {i} (move {})",
                moves[i]
            );
        }
        assert!(narrow.exists(), "{game}: no screenshot at 420 px");
        assert!(shot.exists(), "{game}: no screenshot");
    }
}

#[test]
fn a_replay_that_stops_short_of_a_win_says_so_at_its_end() {
    if !browser_ready() {
        return;
    }
    let dir = tempdir();
    let (result, positions) = solved("stonewall", 1, dir.path());
    let moves = write_file(dir.path(), "ten.txt", &tokens(&result)[..10].join(" "));
    let page = dir.path().join("ten.html");
    patience()
        .args([
            "show",
            "stonewall",
            "--seed",
            "1",
            arg(&moves),
            "--html",
            arg(&page),
        ])
        .assert()
        .success();
    let plan = json!([
        { "keys": ["End"] },
        { "keys": ["ArrowLeft"] },
        { "keys": ["Home"] },
        { "slide": 10 },
    ]);
    let shot = screenshot_dir().join("stonewall-ten-moves.png");
    let (steps, errors) = drive(&page, &plan, &shot, dir.path());
    assert!(errors.is_empty(), "the page logged {errors:?}");
    let up = positions[10]
        .iter()
        .filter(|(place, _)| place.starts_with('F'))
        .map(|(_, list)| list.split_whitespace().count())
        .sum::<usize>();
    assert!(up > 0 && up < 52, "{up} cards up after ten moves");
    assert_eq!(steps.len(), 4);
    let want = [(10, true), (9, false), (0, false), (10, true)];
    for (step, (at, end)) in steps.iter().zip(want) {
        assert_eq!(step["move"], at);
        assert_eq!(shown(step), positions[at], "the table after move {at}");
        assert_eq!(step["won"], false, "move {at}: ten moves do not win");
        assert_eq!(step["unfinished"], end, "move {at}: the end's message");
    }
    assert_eq!(steps[0]["cardsUp"], up.to_string());
}

#[test]
fn replay_pages_hold_each_moves_changes_not_every_position() {
    let dir = tempdir();
    // A long win: Napoleon's Shoulder's seed 1 takes hundreds of moves.
    let (result, positions) = solved("napoleons-shoulder", 1, dir.path());
    let n = positions.len() - 1;
    assert!(n >= 500, "a win of {n} moves is too short to measure");
    let page = dir.path().join("long.html");
    patience()
        .args(["show", arg(&result), "--html", arg(&page)])
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    let toks = tokens(&result);
    let few = 100;
    let list = write_file(dir.path(), "few.txt", &toks[..few].join(" "));
    let short = dir.path().join("short.html");
    patience()
        .args(["show", "napoleons-shoulder", "--seed", "1", arg(&list)])
        .args(["--html", arg(&short)])
        .assert()
        .success();
    let short = std::fs::read_to_string(&short).unwrap();
    // The bytes a move adds to the page; 2,000 moves must fit in 2 MB.
    let per_move = (html.len() - short.len()) / (n - few);
    let two_thousand = short.len() + per_move * (2000 - few);
    eprintln!(
        "{n} moves: {} bytes, {per_move} bytes a move, 2,000 moves {two_thousand} bytes",
        html.len()
    );
    assert!(
        per_move <= 400 && two_thousand <= 2_000_000,
        "{per_move} bytes a move: 2,000 moves take {two_thousand} bytes"
    );

    // The script's data rebuilds every position the engine reached, move by move.
    let data = page_data(&html);
    assert_eq!(data["won"], n, "the move that wins");
    assert_eq!(data["moves"].as_array().unwrap().len(), n);
    let mut at: Places = data["start"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect();
    assert_eq!(at, positions[0], "the deal");
    for (i, m) in data["moves"].as_array().unwrap().iter().enumerate() {
        assert_eq!(m["token"], toks[i]);
        for change in m["changes"].as_array().unwrap() {
            let (place, kept, added) = (
                change[0].as_str().unwrap(),
                change[1].as_u64().unwrap() as usize,
                change[2].as_str().unwrap(),
            );
            let cards = at.get_mut(place).expect("a place of the table");
            let mut list: Vec<&str> = cards.split_whitespace().take(kept).collect();
            assert_eq!(list.len(), kept, "move {}: {place} keeps {kept}", i + 1);
            list.extend(added.split_whitespace());
            *cards = list.join(" ");
        }
        assert_eq!(at, positions[i + 1], "the position after move {}", i + 1);
    }
    let short = page_data(&short);
    assert_eq!(short["won"], Value::Null, "{few} moves do not win");
}

#[test]
fn show_takes_the_deal_sources_of_solve_and_refuses_an_illegal_move() {
    let dir = tempdir();
    let (result, positions) = solved("stonewall", 1, dir.path());
    let n = positions.len() - 1;
    // A game with a seed and a solution file, a solve result alone, and a deal file naming
    // its game with a move list: the same replay.
    let plain = |args: &[&str]| {
        let out = patience().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr_of(&out));
        stdout_of(&out)
    };
    let a = plain(&["show", "stonewall", "--seed", "1", arg(&result), "--plain"]);
    let b = plain(&["show", arg(&result)]);
    assert_eq!(a, b);
    assert_eq!(plain(&["show", "stonewall", arg(&result)]), a);
    let (code, _, err) = crate::common::run(&["show", "stonewall"]);
    assert_eq!(code, 2);
    assert!(err.contains("give the SOLUTION"), "{err}");
    assert_eq!(a.matches("\nmove ").count(), n + 1, "{a}");
    assert!(a.contains(&format!("move {n} of {n}: ")), "{a}");
    let last = a.rsplit("\nmove ").next().unwrap();
    for f in 1..=4 {
        let top = positions[n][&format!("F{f}")]
            .rsplit(' ')
            .next()
            .unwrap()
            .to_string();
        assert!(last.contains(&format!("F{f}  {top}")), "{last}");
    }
    let deal = write_file(
        dir.path(),
        "deal.json",
        &crate::common::deal_json("stonewall", 1),
    );
    let tokens: Value = serde_json::from_str(&std::fs::read_to_string(&result).unwrap()).unwrap();
    let list: Vec<&str> = tokens["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let moves = write_file(dir.path(), "moves.txt", &list.join(" "));
    let c = plain(&["show", arg(&deal), arg(&moves)]);
    assert_eq!(
        c.lines().skip(1).collect::<Vec<_>>(),
        a.lines().skip(1).collect::<Vec<_>>()
    );

    // Another seed's solution, and an illegal move: bad input, no page.
    let page = dir.path().join("x.html");
    let out = patience()
        .args([
            "show",
            "stonewall",
            "--seed",
            "2",
            arg(&result),
            "--html",
            arg(&page),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("seed 1"), "{}", stderr_of(&out));
    let mut bad = list.clone();
    bad.insert(3, "R1>F1");
    let bad = write_file(dir.path(), "bad.txt", &bad.join(" "));
    let out = patience()
        .args([
            "show",
            "stonewall",
            "--seed",
            "1",
            arg(&bad),
            "--html",
            arg(&page),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("illegal move 4 (R1>F1)"),
        "{}",
        stderr_of(&out)
    );
    assert!(!page.exists());
}

#[test]
fn show_replays_a_rules_file_game() {
    let dir = tempdir();
    let rules = write_file(
        dir.path(),
        "mine.toml",
        "id = \"my-stonewall\"\nextends = \"stonewall\"\n",
    );
    let out = patience()
        .args([
            "solve",
            arg(&rules),
            "--seed",
            "1",
            "--max-nodes",
            "300000",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "my-stonewall seed 1: {}",
        stdout_of(&out)
    );
    let result = write_file(dir.path(), "r.json", &stdout_of(&out));
    let page = dir.path().join("k.html");
    patience()
        .args(["show", arg(&rules), arg(&result), "--html", arg(&page)])
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("\"variant\":\"my-stonewall\""), "{html}");
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
}

#[test]
fn the_terminal_replay_steps_with_the_keys_under_tmux() {
    if !have("tmux", runs("tmux", &["-V"])) {
        return;
    }
    let dir = tempdir();
    let (result, positions) = solved("stonewall", 1, dir.path());
    let n = positions.len() - 1;
    let session = format!("patience-show-{}", std::process::id());
    let socket = dir.path().join("tmux.sock");
    let tmux = |args: &[&str]| -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&socket)
            .args(args)
            .output()
            .expect("running tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let command = format!(
        "{} show stonewall --seed 1 {} --tui",
        env!("CARGO_BIN_EXE_patience"),
        arg(&result)
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "120",
        "-y",
        "50",
        &command,
    ]);
    // Waits until the screen shows `want` and every one of `rows` (a screen is drawn in parts,
    // so the header may come before the piles), then returns it; panics after ten seconds.
    let screen_with = |want: &str, rows: &[String]| -> String {
        let shows = |text: &str| {
            let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
            text.contains(want) && rows.iter().all(|r| lines.contains(&r.as_str()))
        };
        for _ in 0..100 {
            let text = tmux(&["capture-pane", "-p", "-t", &session]);
            if shows(&text) {
                return text;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let text = tmux(&["capture-pane", "-p", "-t", &session]);
        tmux(&["kill-server"]);
        panic!("the terminal never showed {want:?} with the rows {rows:#?}:\n{text}");
    };
    let rows = |at: usize| -> Vec<String> {
        crate::replay_terminal::tableau_rows(&positions, &result_moves(&result), at, 6, 50)
    };
    screen_with(&format!("move 0 of {n}: the deal"), &rows(0));
    for _ in 0..3 {
        tmux(&["send-keys", "-t", &session, "Right"]);
    }
    screen_with(&format!("move 3 of {n}: "), &rows(3));
    tmux(&["send-keys", "-t", &session, "End"]);
    screen_with(&format!("move {n} of {n}: "), &[]);
    tmux(&["send-keys", "-t", &session, "Home"]);
    screen_with(&format!("move 0 of {n}: the deal"), &rows(0));
    tmux(&["send-keys", "-t", &session, "q"]);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let left = tmux(&["list-sessions"]);
    tmux(&["kill-server"]);
    assert!(!left.contains(&session), "q did not quit: {left}");
}

/// The move tokens of a solve result file.
pub(crate) fn result_moves(result: &Path) -> Vec<String> {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(result).unwrap()).unwrap();
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect()
}

/// A deal-file card as the terminal draws it: `10♥`, `▒▒▒` face down.
pub(crate) fn card_text(t: &str) -> String {
    let suit = t.chars().last().unwrap();
    if suit.is_lowercase() {
        return "\u{2592}\u{2592}\u{2592}".into();
    }
    let symbol = match suit {
        'C' => '\u{2663}',
        'D' => '\u{2666}',
        'H' => '\u{2665}',
        _ => '\u{2660}',
    };
    format!("{}{symbol}", &t[..t.len() - 1])
}

#[test]
fn plot_draws_a_mark_per_game_and_file_with_its_interval() {
    let dir = tempdir();
    let header = "variant,seed,knowledge,verdict,moves,nodes,seconds,limit\n";
    let mut a = header.to_string();
    // stonewall: 3 won, 1 lost, 1 unknown; lucky-piles: 4 won, 1 lost.
    a.push_str(&crate::plot::five_stonewall_rows(""));
    for seed in 0..5 {
        let (verdict, moves) = if seed == 2 {
            ("unsolvable", "")
        } else {
            ("solved", "60")
        };
        a.push_str(&format!(
            "lucky-piles,{seed},thoughtful,{verdict},{moves},{},0.001,\n",
            100 * (seed + 1)
        ));
    }
    let mut b = header.to_string();
    for seed in 0..5 {
        b.push_str(&format!(
            "stonewall,{seed},thoughtful,solved,90,{},0.002,\n",
            300 * (seed + 1)
        ));
    }
    let a = write_file(dir.path(), "a.csv", &a);
    let b = write_file(dir.path(), "b.csv", &b);
    let svg_path = dir.path().join("p.svg");
    patience()
        .args(["plot", arg(&a), arg(&b), "--out", arg(&svg_path)])
        .assert()
        .success();
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("the plot is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let circles = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    assert_eq!(circles, 3, "one point per game and file");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().trim().to_string())
        .collect();
    let interval = |won: u64, lost: u64, unknown: u64| {
        let (lo, hi) = patience::internal::batch::stats::win_interval(won, lost, unknown);
        format!("[{:.2}%, {:.2}%] of 5", 100.0 * lo, 100.0 * hi)
    };
    for (label, rate, (won, lost, unknown)) in [
        ("stonewall \u{00B7} ", "60.00\u{2013}80.00%", (3, 1, 1)),
        ("lucky-piles \u{00B7} ", "80.00%", (4, 1, 0)),
        ("stonewall \u{00B7} ", "100.00%", (5, 0, 0)),
    ] {
        let want = interval(won, lost, unknown);
        assert!(texts.contains(&want), "no label {want:?} in {texts:?}");
        assert!(
            texts.iter().any(|t| t == rate),
            "no label {rate:?} in {texts:?}"
        );
        assert!(
            texts.iter().any(|t| t.starts_with(label)),
            "no axis label {label:?}"
        );
    }
    // One line of each distribution (nodes, seconds) per series.
    let lines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .count();
    assert!(lines >= 6, "{lines} polylines");
    // A file that is not a result file: bad input.
    let bad = write_file(dir.path(), "bad.csv", "hello\n");
    let out = patience()
        .args(["plot", arg(&bad), "--out", arg(&svg_path)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
