//! `show --tui`: the replay in the terminal, drawn with crossterm: the table of the position
//! shown (`patience::show::text`), the move that made it, and keys to step (space plays or
//! pauses, arrows step, Page Up/Down ten, Home/End the ends, `g` or `:` then a number and Enter
//! jumps to that move, q or Esc quits).
//!
//! The cards the move shown put down are in brackets and inverse. Piles taller than the
//! terminal leaves room for start with `+N`, their N lowest cards not drawn, and a line under
//! the table says how many are hidden.

use anyhow::{Result, bail};
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::style::{
    Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::terminal::{self, ClearType};
use crossterm::{cursor, execute, queue};
use patience::Rules;
use patience::show::Replay;
use patience::show::text::{Ink, hidden, moved, table};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// The time between two moves while playing.
const STEP: Duration = Duration::from_millis(500);

pub fn run(replay: &Replay, _rules: &Rules) -> Result<()> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        bail!("--tui needs a terminal; use --plain to print every position");
    }
    let mut out = std::io::stdout();
    terminal::enable_raw_mode()?;
    execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
    let result = steps(replay, &mut out);
    // The terminal is given back as it was, whatever happened.
    let _ = execute!(
        out,
        ResetColor,
        cursor::Show,
        terminal::LeaveAlternateScreen
    );
    let _ = terminal::disable_raw_mode();
    result
}

fn steps(replay: &Replay, out: &mut impl Write) -> Result<()> {
    let last = replay.moves.len();
    let mut at = 0usize;
    let mut playing = false;
    let mut next = Instant::now();
    // The move number being typed after `g` or `:`, while it is.
    let mut typing: Option<String> = None;
    draw(replay, at, playing, typing.as_deref(), out)?;
    loop {
        let wait = if playing {
            next.saturating_duration_since(Instant::now())
        } else {
            Duration::from_secs(3600)
        };
        if event::poll(wait)? {
            let Event::Key(key) = event::read()? else {
                // A resize (or anything else): draw again.
                draw(replay, at, playing, typing.as_deref(), out)?;
                continue;
            };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
                return Ok(());
            }
            let before = (at, playing, typing.clone());
            if let Some(number) = &mut typing {
                match key.code {
                    KeyCode::Char(d @ '0'..='9') if number.len() < 9 => number.push(d),
                    KeyCode::Backspace => {
                        number.pop();
                    }
                    KeyCode::Enter => {
                        if let Ok(n) = number.parse::<usize>() {
                            at = n.min(last);
                        }
                        typing = None;
                    }
                    KeyCode::Esc | KeyCode::Char('q') => typing = None,
                    _ => {}
                }
            } else {
                match key.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                    KeyCode::Char(' ') => {
                        playing = !playing;
                        if playing && at == last {
                            at = 0;
                        }
                        next = Instant::now() + STEP;
                    }
                    KeyCode::Char('g') | KeyCode::Char(':') => {
                        (typing, playing) = (Some(String::new()), false)
                    }
                    KeyCode::Right | KeyCode::Down => (at, playing) = ((at + 1).min(last), false),
                    KeyCode::Left | KeyCode::Up => (at, playing) = (at.saturating_sub(1), false),
                    KeyCode::PageDown => (at, playing) = ((at + 10).min(last), false),
                    KeyCode::PageUp => (at, playing) = (at.saturating_sub(10), false),
                    KeyCode::Home => (at, playing) = (0, false),
                    KeyCode::End => (at, playing) = (last, false),
                    _ => {}
                }
            }
            if (at, playing, typing.clone()) != before {
                draw(replay, at, playing, typing.as_deref(), out)?;
            }
        } else if playing {
            at = (at + 1).min(last);
            playing = at < last;
            next = Instant::now() + STEP;
            draw(replay, at, playing, typing.as_deref(), out)?;
        }
    }
}

/// The lines the screen has besides the piles' rows: the title, the move, a blank, the places
/// above the piles, a blank and the piles' heads, then a blank, the hidden cards' line and the
/// help line.
fn other_lines(replay: &Replay) -> usize {
    let layout = &replay.layout;
    let reserve = layout.reserve.div_ceil(8);
    3 + 1 + reserve + (layout.draw > 0) as usize + 2 + 3
}

fn draw<W: Write>(
    replay: &Replay,
    at: usize,
    playing: bool,
    typing: Option<&str>,
    out: &mut W,
) -> Result<()> {
    let last = replay.moves.len();
    let (width, height) = terminal::size().map_or((120, 50), |(w, h)| (w as usize, h as usize));
    // A line as wide as the screen would wrap, and scroll the screen on the last row.
    let fit = |text: String| -> String { text.chars().take(width.saturating_sub(1)).collect() };
    let rows = height.saturating_sub(other_lines(replay));
    queue!(out, terminal::Clear(ClearType::All), cursor::MoveTo(0, 0))?;
    let mut row = 0u16;
    let mut line = |out: &mut W, text: &str| -> Result<()> {
        queue!(out, cursor::MoveTo(0, row), Print(text))?;
        row += 1;
        Ok(())
    };
    line(out, &fit(replay.title.clone()))?;
    let now = match at {
        0 => "the deal".to_string(),
        i => {
            let m = &replay.moves[i - 1];
            format!("{} ({})", m.token, m.text)
        }
    };
    line(out, &fit(format!("move {at} of {last}: {now}")))?;
    line(out, "")?;
    let deal = &replay.positions[at];
    for pieces in table(deal, &replay.layout, moved(replay, at), rows) {
        queue!(out, cursor::MoveTo(0, row))?;
        for (text, ink) in pieces {
            match ink {
                Ink::Plain => queue!(out, Print(text))?,
                Ink::Red => queue!(
                    out,
                    SetForegroundColor(Color::Red),
                    SetBackgroundColor(Color::White),
                    Print(text),
                    ResetColor
                )?,
                Ink::Black => queue!(
                    out,
                    SetForegroundColor(Color::Black),
                    SetBackgroundColor(Color::White),
                    Print(text),
                    ResetColor
                )?,
                Ink::Back => queue!(
                    out,
                    SetForegroundColor(Color::Blue),
                    Print(text),
                    ResetColor
                )?,
                Ink::Moved => queue!(
                    out,
                    SetForegroundColor(Color::Black),
                    SetBackgroundColor(Color::Yellow),
                    SetAttribute(Attribute::Bold),
                    Print(text),
                    SetAttribute(Attribute::Reset),
                    ResetColor
                )?,
                Ink::Hidden => queue!(
                    out,
                    SetForegroundColor(Color::Magenta),
                    Print(text),
                    ResetColor
                )?,
            }
        }
        row += 1;
    }
    row += 1;
    let cut = hidden(deal, rows);
    if cut > 0 {
        queue!(
            out,
            cursor::MoveTo(0, row),
            Print(fit(format!(
                "{cut} card{} hidden: +N tops a pile whose N lowest cards do not fit",
                if cut == 1 { "" } else { "s" }
            )))
        )?;
    }
    row += 1;
    let help = match typing {
        Some(number) => format!("go to move (0 to {last}): {number}_   Enter go, Esc cancel"),
        None => format!(
            "[{}] space play/pause, \u{2190} \u{2192} step, PgUp/PgDn ten, Home/End, g N Enter: move N, q quit; [card]: moved",
            if playing { "playing" } else { "paused" }
        ),
    };
    queue!(out, cursor::MoveTo(0, row), Print(fit(help)))?;
    out.flush()?;
    Ok(())
}
