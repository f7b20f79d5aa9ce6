//! `nurs:*`: KLEE's WeightedRandomSearcher (non-uniform random search). A state is chosen with
//! probability `w(s) / Σw`, from the seeded generator. Weights, at the grain of forks (jsymex
//! chooses at forks, KLEE at instructions):
//! - `nurs:depth`: `2^-depth`, depth = the forks on the state's path (KLEE 1.x `Depth`);
//! - `nurs:icnt`: `1 / max(1, count)²`, count = how often the site the state stands at was
//!   executed over all runs (KLEE's `InstCount`, counted at branch sites);
//! - `nurs:covnew`: `invCovNew² + invMD2U²`, invCovNew = `1 / max(1, forks since the state's
//!   path last covered a new branch direction)` (0 when it never did), see [`super::md2u`];
//! - `nurs:md2u`: `invMD2U²`, invMD2U = `1 / md2u` (10,000 when nothing uncovered is reachable).
//!
//! As in KLEE, a state's weight is computed when the state is made (a fork's children, a
//! run's first state) and kept while it is pending; the weights live in a sum tree
//! ([`WeightTree`]), so a selection is O(log n) rather than a pass over every state.

use super::md2u::Distances;
use super::states::{Policy, State, States};
use super::weights::WeightTree;
use crate::strategy::SplitMix;
use crate::task::{PathRecord, Pending};
use rustc_hash::{FxHashMap, FxHashSet};

/// Which weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// `2^-depth`.
    Depth,
    /// Inverse square of the site's execution count.
    InstCount,
    /// Recently covering new code, or close to uncovered code.
    CovNew,
    /// Close to uncovered code.
    Md2u,
}

impl Weight {
    /// The name after `nurs:`.
    pub fn name(self) -> &'static str {
        match self {
            Weight::Depth => "depth",
            Weight::InstCount => "icnt",
            Weight::CovNew => "covnew",
            Weight::Md2u => "md2u",
        }
    }
}

/// The weighted random policy.
pub struct Nurs {
    weight: Weight,
    rng: SplitMix,
    /// Executions of each branch site over all runs.
    site_count: FxHashMap<(u32, u32), u64>,
    /// Branch directions covered so far.
    covered: FxHashSet<(u32, u32, u32)>,
    /// Per path id: for each event, the events since the path last covered a new direction.
    since_new: FxHashMap<u64, Vec<Option<u32>>>,
    dist: Distances,
    /// The weight of each pending state, fixed when it was made.
    weights: WeightTree,
}

impl Nurs {
    /// The policy with the given weight and seed.
    pub fn new(weight: Weight, seed: u64) -> Self {
        Nurs {
            weight,
            rng: SplitMix(seed),
            site_count: FxHashMap::default(),
            covered: FxHashSet::default(),
            since_new: FxHashMap::default(),
            dist: Distances::default(),
            weights: WeightTree::default(),
        }
    }

    /// The run and event a state stands at.
    fn position(s: &State) -> Option<(u64, usize)> {
        match s.pending.as_ref()? {
            Pending::Continue(c) => Some((c.forks.path, c.forks.forks.get(c.next).map(|f| f.event)?)),
            Pending::Flip(t) => Some((t.parent, t.flip)),
        }
    }

    fn inv_md2u(&mut self, s: &State) -> f64 {
        let d = self.dist.md2u(s);
        1.0 / d.max(1) as f64
    }

    fn weight_of(&mut self, s: &State) -> f64 {
        match self.weight {
            // 2^-1000 is still a normal double: deeper states all weigh the same.
            Weight::Depth => (2f64).powi(-(s.depth.min(1000) as i32)),
            Weight::InstCount => {
                let c = s.at().and_then(|a| self.site_count.get(&a).copied()).unwrap_or(0).max(1) as f64;
                1.0 / (c * c)
            }
            Weight::Md2u => self.inv_md2u(s).powi(2),
            Weight::CovNew => {
                let since = Self::position(s).and_then(|(p, e)| self.since_new.get(&p).and_then(|v| v.get(e).copied().flatten()));
                let inv_cov = since.map_or(0.0, |d| 1.0 / d.max(1) as f64);
                inv_cov * inv_cov + self.inv_md2u(s).powi(2)
            }
        }
    }
}

impl Policy for Nurs {
    fn name(&self) -> String {
        format!("nurs:{}", self.weight.name())
    }

    fn pick(&mut self, states: &States) -> u64 {
        let total = self.weights.total();
        if total > 0.0 && total.is_finite() {
            // 53 random bits as a fraction of the total weight.
            let r = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            if let Some(ord) = self.weights.find(r) {
                return ord;
            }
        }
        // Every weight 0 (or none overflowing to infinity): uniform.
        let i = (self.rng.next_u64() % states.len().max(1) as u64) as usize;
        states.nth(i).map_or(0, |s| s.ord)
    }

    fn on_add(&mut self, s: &State) {
        let w = self.weight_of(s);
        self.weights.set(s.ord, w);
    }

    fn on_remove(&mut self, s: &State) {
        self.weights.remove(s.ord);
    }

    fn observe_path(&mut self, p: &PathRecord) {
        let mut since = None;
        let mut per_event = Vec::with_capacity(p.run.events.len());
        for e in &p.run.events {
            *self.site_count.entry((e.method, e.pc)).or_insert(0) += 1;
            since = if self.covered.insert((e.method, e.pc, e.dir)) {
                Some(0)
            } else {
                since.map(|d: u32| d + 1)
            };
            per_event.push(since);
        }
        self.since_new.insert(p.id, per_event);
        if matches!(self.weight, Weight::CovNew | Weight::Md2u) {
            self.dist.observe(p);
        }
    }
}
