//! DGSE, dependence guided symbolic execution (Wang et al., TSE; Algorithm 2): the first path
//! negates every event with its relevant path condition; later paths negate only the events
//! after the initiating one that are transitively dependent on it. In regression mode only the
//! events at statements impacted by the change are negated (Section 8).

use super::Pruner;
use crate::explore::task::{PathRecord, Prefix, Task};
use crate::vm::deps::DgseTables;
use std::sync::Arc;

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

    fn select_tasks(&mut self, path: &PathRecord, candidates: &mut Vec<Task>) {
        let events = &path.run.events;
        let sets = &path.run.dep_sets;
        candidates.retain_mut(|t| {
            let Some(e) = events.get(t.flip) else { return false };
            if !self.tables.negatable(e.method, e.pc) {
                return false;
            }
            let set_id = e.alt_deps.iter().find(|(a, _)| *a == t.site.2).map(|x| x.1).unwrap_or(0);
            let Some(set) = sets.get(set_id as usize) else { return false };
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
