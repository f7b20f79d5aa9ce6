//! Progress snapshots of a running exploration, for live displays. The loop asks a [`Ticker`]
//! once per iteration whether a snapshot is due: a single branch when no observer wants
//! progress, one clock read otherwise; snapshots are made at most every [`Ticker::EVERY`].

use super::Observer;
use super::coverage::{Reachable, reachable};
use crate::program::Program;
use crate::vm::Coverage;
use std::time::{Duration, Instant};

/// Where an exploration stands.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Feasible (distinct) paths so far.
    pub feasible: u64,
    /// Infeasible tasks so far.
    pub infeasible: u64,
    /// Tasks the solver could not decide.
    pub unknown: u64,
    /// Tasks waiting in the searcher.
    pub pending: usize,
    /// Covered branch edges of the application code reachable from the driver.
    pub branches_covered: u64,
    /// Branch edges of the application code reachable from the driver.
    pub branches_total: u64,
    /// Time since the exploration started.
    pub elapsed: Duration,
}

impl Progress {
    /// Feasible paths per second so far.
    pub fn rate(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 { self.feasible as f64 / secs } else { 0.0 }
    }

    /// Branch coverage so far (0..1; 1 when there are no branches).
    pub fn branch_coverage(&self) -> f64 {
        if self.branches_total == 0 {
            1.0
        } else {
            self.branches_covered as f64 / self.branches_total as f64
        }
    }
}

/// Decides when the loop hands observers a [`Progress`] snapshot.
pub struct Ticker {
    on: bool,
    next: Instant,
    reach: Option<Reachable>,
}

impl Ticker {
    /// Minimum time between two snapshots.
    pub const EVERY: Duration = Duration::from_millis(100);

    /// A ticker that is on when an observer wants progress; then the reachable application
    /// code of the driver `root` is computed now, for the coverage figure.
    pub fn new(prog: &Program, root: u32, observers: &[&mut dyn Observer]) -> Self {
        let on = observers.iter().any(|o| o.wants_progress());
        Ticker {
            on,
            next: Instant::now(),
            reach: on.then(|| reachable(prog, root)),
        }
    }

    /// True when a snapshot is due (and then not again for [`Ticker::EVERY`]).
    #[inline]
    pub fn due(&mut self) -> bool {
        if !self.on {
            return false;
        }
        let now = Instant::now();
        if now < self.next {
            return false;
        }
        self.next = now + Self::EVERY;
        true
    }

    /// Hands every observer a snapshot.
    pub fn notify(&self, s: &super::Summary, pending: usize, cov: &Coverage, start: Instant, observers: &mut [&mut dyn Observer]) {
        let p = Progress {
            feasible: s.feasible_paths,
            infeasible: s.infeasible_paths,
            unknown: s.unknown_paths,
            pending,
            branches_covered: self.reach.as_ref().map_or(0, |r| r.covered(cov)),
            branches_total: self.reach.as_ref().map_or(0, |r| r.branches_total),
            elapsed: start.elapsed(),
        };
        for o in observers.iter_mut() {
            o.on_progress(&p);
        }
    }
}
