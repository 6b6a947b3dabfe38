//! The progress bar on standard error: deals done / total, deals per second, ETA, and the
//! running win rate of the variant being solved with its 95% interval (`catalogue`: its
//! running counts). Hidden when standard
//! error is not a terminal, or when asked to be quiet.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use patience::Tally;
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub struct Progress {
    bar: ProgressBar,
    /// Redraws a shown bar twice a second (its rate and time left move between deals).
    ticker: Option<Ticker>,
}

/// A thread that ticks the bar until it is stopped. It is started with `std::thread::Builder`,
/// whose failure (memory short) only leaves the bar without its steady tick: indicatif's own
/// ticker would panic, and it starts even for a hidden bar.
struct Ticker {
    stop: Arc<AtomicBool>,
    thread: std::thread::JoinHandle<()>,
}

impl Ticker {
    fn start(bar: &ProgressBar, every: Duration) -> Option<Ticker> {
        let stop = Arc::new(AtomicBool::new(false));
        let (bar, stopped) = (bar.clone(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                while !stopped.load(Ordering::Relaxed) {
                    bar.tick();
                    std::thread::park_timeout(every);
                }
            })
            .ok()?;
        Some(Ticker { stop, thread })
    }

    fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.thread().unpark();
        let _ = self.thread.join();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(t) = self.ticker.take() {
            t.stop();
        }
    }
}

impl Progress {
    /// A bar for `total` deals (hidden if `quiet` or standard error is not a terminal).
    pub fn new(total: u64, quiet: bool) -> Progress {
        let hidden = quiet || !std::io::stderr().is_terminal();
        let target = if hidden {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr_with_hz(4)
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        let style = ProgressStyle::with_template(
            "{wide_bar} {pos}/{len} deals  {rate}  ETA {estimate}  {msg}",
        )
        .expect("a valid progress template")
        .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = w.write_str(&rate_text(s.pos(), s.per_sec()));
        })
        .with_key(
            "estimate",
            |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&eta_text(s.pos(), s.len(), s.eta()));
            },
        );
        bar.set_style(style);
        let ticker = match hidden {
            true => None,
            false => Ticker::start(&bar, Duration::from_millis(500)),
        };
        Progress { bar, ticker }
    }

    /// One more deal done; shows the running rate of its variant.
    pub fn done(&self, tally: &Tally) {
        self.bar.inc(1);
        self.bar.set_message(format!(
            "{}: won {} {}",
            tally.variant,
            tally.rate_text(),
            tally.interval_text()
        ));
    }

    /// One more deal done; shows `message` (what the run found so far).
    pub fn done_with(&self, message: String) {
        self.bar.inc(1);
        self.bar.set_message(message);
    }

    /// Prints a line above the bar.
    pub fn note(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    /// Removes the bar (before the summary is printed).
    pub fn finish(&mut self) {
        if let Some(t) = self.ticker.take() {
            t.stop();
        }
        self.bar.finish_and_clear();
    }
}

/// The rate shown: `-` until a deal is done (no rate is known yet; `0.0/s` would say the run
/// is stuck).
fn rate_text(done: u64, per_sec: f64) -> String {
    if done == 0 || !per_sec.is_finite() {
        "-/s".to_string()
    } else {
        format!("{per_sec:.1}/s")
    }
}

/// The time left shown: `?` until a deal is done (`0s` at the start would say the run is about
/// to end), `0s` when every deal is done.
fn eta_text(done: u64, total: Option<u64>, eta: Duration) -> String {
    if total.is_some_and(|t| done >= t) {
        return "0s".to_string();
    }
    if done == 0 {
        return "?".to_string();
    }
    let s = eta.as_secs();
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, sec) => format!("{sec}s"),
        (0, m, sec) => format!("{m}m {sec:02}s"),
        (h, m, _) => format!("{h}h {m:02}m"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_of_a_run_shows_no_rate_and_no_time_left() {
        // A resumed run starts with nothing done in this process: no rate, no estimate.
        assert_eq!(rate_text(0, 0.0), "-/s");
        assert_eq!(eta_text(0, Some(500), Duration::ZERO), "?");
        assert_eq!(rate_text(3, 1.5), "1.5/s");
        assert_eq!(eta_text(3, Some(500), Duration::from_secs(75)), "1m 15s");
        assert_eq!(eta_text(3, Some(500), Duration::from_secs(7300)), "2h 01m");
        assert_eq!(eta_text(500, Some(500), Duration::ZERO), "0s");
    }
}
