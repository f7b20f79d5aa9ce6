//! DGSE, dependence guided symbolic execution (Wang et al., TSE; Algorithm 2): the first path
//! negates every event with its relevant path condition; later paths negate only the events
//! after the initiating one that are transitively dependent on it. In regression mode only the
//! events at statements impacted by the change are negated (Section 8).
//!
//! The relevant sets come from [`DgseTracker`], which observes each run through the VM's tracker
//! seam (`vm::shadow`) with the run-time tables of [`tables`], and finishes into the
//! [`DgseTrace`] that [`Dgse::select_tasks`] reads from the path record.

pub mod arena;
pub mod slices;
pub mod tables;
pub mod tracker;

use super::Pruner;
use crate::explore::task::{PathRecord, Prefix, Task};
use std::sync::Arc;
pub use tables::DgseTables;
pub use tracker::{DgseTrace, DgseTracker};

/// The DGSE pruner.
pub struct Dgse {
    tables: Arc<DgseTables>,
    name: &'static str,
}

impl Dgse {
    /// A DGSE pruner over run-time tables (built with or without interactive dependence).
    pub fn new(tables: Arc<DgseTables>) -> Self {
        let name = if tables.interactive { "dgse" } else { "dgse-no-interactive" };
        Dgse { tables, name }
    }
}

impl Pruner for Dgse {
    fn name(&self) -> &'static str {
        self.name
    }

    fn tracker(&mut self) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        Some(Box::new(DgseTracker::new(self.tables.clone())))
    }

    fn select_tasks(&mut self, path: &PathRecord, candidates: &mut Vec<Task>) {
        let events = &path.run.events;
        // Without its trace (a run this pruner did not observe) nothing can be pruned.
        let Some(trace) = path.trace::<DgseTrace>() else {
            return;
        };
        candidates.retain_mut(|t| {
            let Some(e) = events.get(t.flip) else { return false };
            if !self.tables.negatable(e.method, e.pc) {
                return false;
            }
            let set = trace.alt_set(t.flip, t.site.2);
            // Algorithm 2, line 25: transitiveD(ψd, ¬ψi).
            if let Some(d) = path.flip
                && set.binary_search(&(d as u32)).is_err()
            {
                return false;
            }
            // Lines 20 and 26: the relevant path condition of ¬ψi.
            let rpc: Vec<_> = set.iter().filter_map(|j| path.conds.get(*j as usize).copied()).collect();
            t.prefix = Prefix::Set(rpc.into());
            let mut sites: Vec<(u32, u32, u32)> = set
                .iter()
                .filter_map(|j| events.get(*j as usize))
                .map(|e| (e.method, e.pc, e.dir))
                .collect();
            sites.push(t.site);
            t.origin = Some(sites.into());
            true
        });
    }
}
