//! `show --tui`: the replay in the terminal, drawn with crossterm: the table of the position
//! shown (`patience::internal::show::text`), the move that made it, and keys to step (space plays or
//! pauses, arrows step, Page Up/Down ten, Home/End the ends, q or Esc quits).

use anyhow::{Result, bail};
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::style::{Color, Print, ResetColor, SetBackgroundColor, SetForegroundColor};
use crossterm::terminal::{self, ClearType};
use crossterm::{cursor, execute, queue};
use patience::Rules;
use patience::internal::show::Replay;
use patience::internal::show::text::{Ink, table};
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
    draw(replay, at, playing, out)?;
    loop {
        let wait = if playing {
            next.saturating_duration_since(Instant::now())
        } else {
            Duration::from_secs(3600)
        };
        if event::poll(wait)? {
            let Event::Key(key) = event::read()? else {
                // A resize (or anything else): draw again.
                draw(replay, at, playing, out)?;
                continue;
            };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            let before = (at, playing);
            match key.code {
                KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                    return Ok(());
                }
                KeyCode::Char(' ') => {
                    playing = !playing;
                    if playing && at == last {
                        at = 0;
                    }
                    next = Instant::now() + STEP;
                }
                KeyCode::Right | KeyCode::Down => (at, playing) = ((at + 1).min(last), false),
                KeyCode::Left | KeyCode::Up => (at, playing) = (at.saturating_sub(1), false),
                KeyCode::PageDown => (at, playing) = ((at + 10).min(last), false),
                KeyCode::PageUp => (at, playing) = (at.saturating_sub(10), false),
                KeyCode::Home => (at, playing) = (0, false),
                KeyCode::End => (at, playing) = (last, false),
                _ => {}
            }
            if (at, playing) != before {
                draw(replay, at, playing, out)?;
            }
        } else if playing {
            at = (at + 1).min(last);
            playing = at < last;
            next = Instant::now() + STEP;
            draw(replay, at, playing, out)?;
        }
    }
}

fn draw<W: Write>(replay: &Replay, at: usize, playing: bool, out: &mut W) -> Result<()> {
    let last = replay.moves.len();
    queue!(out, terminal::Clear(ClearType::All), cursor::MoveTo(0, 0))?;
    let mut row = 0u16;
    let mut line = |out: &mut W, text: &str| -> Result<()> {
        queue!(out, cursor::MoveTo(0, row), Print(text))?;
        row += 1;
        Ok(())
    };
    line(out, &replay.title)?;
    let now = match at {
        0 => "the deal".to_string(),
        i => {
            let m = &replay.moves[i - 1];
            format!("{} ({})", m.token, m.text)
        }
    };
    line(out, &format!("move {at} of {last}: {now}"))?;
    line(out, "")?;
    for pieces in table(&replay.positions[at], &replay.layout) {
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
            }
        }
        row += 1;
    }
    row += 1;
    let state = if playing { "playing" } else { "paused" };
    queue!(
        out,
        cursor::MoveTo(0, row),
        Print(format!(
            "[{state}] space play/pause, \u{2190} \u{2192} step, PgUp/PgDn ten, Home/End, q quit"
        ))
    )?;
    out.flush()?;
    Ok(())
}
