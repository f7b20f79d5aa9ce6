//! Minimum distance to uncovered code, at the grain of forks. jsymex's search orders choose
//! at forks of recorded runs, so the distance is measured over the *observed branch graph*:
//! nodes are branch directions `(method, pc, dir)`, with an edge from one to the next branch
//! event of some run (interprocedural for free: calls and returns are on the runs). A
//! direction never taken is uncovered (distance 0); a covered one is one more than the closest
//! of its successors; a direction from which nothing uncovered was ever reached gets KLEE's
//! 10,000. The distances are recomputed (one backward breadth-first pass) when a run has
//! changed the graph since the last query.

use super::states::State;
use crate::task::{PathRecord, Pending};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;

/// KLEE's distance when nothing uncovered is reachable.
pub const UNREACHABLE: u64 = 10_000;

type Dir = (u32, u32, u32);

/// The observed branch graph and its distances to uncovered directions.
#[derive(Default)]
pub struct Distances {
    /// Directions seen per site, and the site's arity (2 for two-way events).
    seen: FxHashMap<(u32, u32), (FxHashSet<u32>, u32)>,
    /// Predecessors of each direction's first event.
    preds: FxHashMap<(u32, u32), FxHashSet<Dir>>,
    dist: FxHashMap<Dir, u64>,
    dirty: bool,
}

impl Distances {
    /// Adds a run's events to the graph.
    pub fn observe(&mut self, p: &PathRecord) {
        let mut prev: Option<Dir> = None;
        for e in &p.run.events {
            let arity = match &e.alts {
                crate::vm::Alts::Switch { cases, default, .. } => cases.len() as u32 + *default as u32,
                _ => 2,
            };
            let entry = self.seen.entry((e.method, e.pc)).or_insert_with(|| (FxHashSet::default(), arity));
            self.dirty |= entry.0.insert(e.dir);
            if let Some(d) = prev {
                self.dirty |= self.preds.entry((e.method, e.pc)).or_default().insert(d);
            }
            prev = Some((e.method, e.pc, e.dir));
        }
    }

    fn recompute(&mut self) {
        self.dist.clear();
        let mut queue = VecDeque::new();
        // Sites with a direction never taken are 1 step from uncovered code for every
        // direction that reaches them.
        let mut site_dist: FxHashMap<(u32, u32), u64> = FxHashMap::default();
        for (site, (dirs, arity)) in &self.seen {
            if (dirs.len() as u32) < *arity {
                site_dist.insert(*site, 0);
                queue.push_back(*site);
            }
        }
        while let Some(site) = queue.pop_front() {
            let d = site_dist[&site];
            if let Some(ps) = self.preds.get(&site) {
                for p in ps {
                    let nd = d + 1;
                    let best = self.dist.entry(*p).or_insert(u64::MAX);
                    if nd < *best {
                        *best = nd;
                        let ps_site = (p.0, p.1);
                        let sd = site_dist.entry(ps_site).or_insert(u64::MAX);
                        if nd < *sd {
                            *sd = nd;
                            queue.push_back(ps_site);
                        }
                    }
                }
            }
        }
        self.dirty = false;
    }

    /// The distance of a state: 0 when it is about to take a direction never taken, else the
    /// distance of the direction it takes (or took last).
    pub fn md2u(&mut self, s: &State) -> u64 {
        if self.dirty {
            self.recompute();
        }
        let dir: Option<Dir> = match s.pending.as_ref() {
            Some(Pending::Flip(t)) => Some(t.site),
            Some(Pending::Continue(c)) => c.taken().map(|t| (t.method, t.pc, t.dir)),
            None => None,
        }
        .or_else(|| s.site.map(|t| (t.method, t.pc, t.dir)));
        let Some(d) = dir else { return UNREACHABLE };
        if !self.seen.get(&(d.0, d.1)).is_some_and(|(dirs, _)| dirs.contains(&d.2)) {
            return 0;
        }
        match self.dist.get(&d) {
            Some(&x) if x != u64::MAX => x,
            _ => UNREACHABLE,
        }
    }
}
