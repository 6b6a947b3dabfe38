//! The progress bar on standard error: deals done / total, deals per second, ETA, and the
//! running win rate of the variant being solved with its 95% interval. Hidden when standard
//! error is not a terminal, or when asked to be quiet.

use super::summary::Tally;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `total` deals (hidden if `quiet` or standard error is not a terminal).
    pub fn new(total: u64, quiet: bool) -> Progress {
        let target = if quiet || !std::io::stderr().is_terminal() {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr_with_hz(4)
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        let style =
            ProgressStyle::with_template("{wide_bar} {pos}/{len} deals  {rate}  ETA {eta}  {msg}")
                .expect("a valid progress template")
                .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.1}/s", s.per_sec());
                });
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(500));
        Progress { bar }
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

    /// Prints a line above the bar.
    pub fn note(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    /// Removes the bar (before the summary is printed).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
