//! The live progress line on stderr (indicatif): feasible and infeasible paths, pending tasks,
//! branch coverage of the reachable application code, elapsed time and paths per second. Shown
//! only when stderr is a terminal and `-q` was not given; cleared when the run ends, so what is
//! printed afterwards is unchanged.

use crate::explore::Observer;
use crate::explore::progress::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A spinner line showing an exploration's [`Progress`].
pub struct ProgressDisplay {
    bar: ProgressBar,
}

impl ProgressDisplay {
    /// A display labelled `label` (the strategy, and the subject in `compare`), or `None` when
    /// `quiet` or when stderr is not a terminal.
    pub fn on_terminal(quiet: bool, label: &str) -> Option<Self> {
        if quiet || !std::io::stderr().is_terminal() {
            return None;
        }
        Some(Self::new(ProgressDrawTarget::stderr_with_hz(10), label))
    }

    /// A display on a given draw target (tests use a hidden one).
    pub fn new(target: ProgressDrawTarget, label: &str) -> Self {
        let bar = ProgressBar::with_draw_target(None, target);
        // `wide_msg` is cut at the terminal's width: the line never wraps.
        let style =
            ProgressStyle::with_template("{spinner} {prefix} [{elapsed}] {wide_msg}").unwrap_or_else(|_| ProgressStyle::default_spinner());
        bar.set_style(style);
        bar.set_prefix(label.to_string());
        bar.set_message("starting");
        // Redraws the spinner and the elapsed time while one long path runs.
        bar.enable_steady_tick(Duration::from_millis(100));
        ProgressDisplay { bar }
    }

    /// The current message (for tests).
    pub fn message(&self) -> String {
        self.bar.message()
    }

    /// Removes the line from the terminal.
    pub fn clear(self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for ProgressDisplay {
    fn drop(&mut self) {
        if !self.bar.is_finished() {
            self.bar.finish_and_clear();
        }
    }
}

/// The text of one progress line.
pub fn message(p: &Progress) -> String {
    let mut m = format!(
        "{} paths, {:.0} paths/s, {} infeasible, {} pending, branches {:.1}%",
        p.feasible,
        p.rate(),
        p.infeasible,
        p.pending,
        p.branch_coverage() * 100.0,
    );
    if p.unknown > 0 {
        m += &format!(", {} unknown", p.unknown);
    }
    m
}

impl Observer for ProgressDisplay {
    fn wants_progress(&self) -> bool {
        true
    }
    fn on_progress(&mut self, p: &Progress) {
        self.bar.set_message(message(p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_names_the_counts_and_the_rate() {
        let p = Progress {
            feasible: 300,
            infeasible: 12,
            unknown: 0,
            pending: 7,
            branches_covered: 3,
            branches_total: 4,
            elapsed: Duration::from_secs(2),
        };
        assert_eq!(message(&p), "300 paths, 150 paths/s, 12 infeasible, 7 pending, branches 75.0%");
        let mut d = ProgressDisplay::new(ProgressDrawTarget::hidden(), "spf");
        assert!(d.wants_progress());
        d.on_progress(&p);
        assert!(d.message().starts_with("300 paths"));
        d.clear();
    }
}
