//! PSE, postconditioned symbolic execution (Yi et al., IEEE TSE; seed 000): at every branch
//! point keep Π, the disjunction of the weakest preconditions of the suffixes explored from
//! there, and cut a state whose path condition implies Π (its continuations all follow explored
//! suffixes). The spec is `notes-pse-rsd.md` Parts A and C.2.
//!
//! How it maps onto the engine:
//! - [`tracker::PseTracker`] observes each run through the tracker seam: a location-level
//!   trace (segments between conditional instructions, concrete ones included) and, past the
//!   replayed prefix of the task, the subsumption check at every conditional point (the
//!   first instance of a point per run, keyed by call-site context, method and pc).
//! - A cut happens after the branch's event is recorded, so the flip of that event stays a
//!   candidate task unless both directions are subsumed ([`Pse::select_tasks`] drops it then);
//!   a cut at a concrete branch has no sibling. Cut paths are reported with their input
//!   (`{"kind":"cut","reason":"pse@File.java:LINE"}`).
//! - [`wp::update`] runs Algorithm 3 on complete paths (from `true`) and on paths PSE cut
//!   (from Π at the cut point); paths stopped by a limit, an `assume` or a repeat teach nothing.
//! - Π is an under-approximation wherever a value cannot be named across runs (heap fields and
//!   elements of objects older than the current segment, natives, dispatch on a receiver's
//!   class): such suffixes are not summarised, so PSE stays sound and prunes less there.

pub mod state;
pub mod touch;
pub mod tracker;
pub mod wp;

use super::preset::{Component, PresetCtx, PresetError, StrategyFactory};
use super::{Needs, PathEnd, Pruner, TaskCtx};
use crate::task::{PathRecord, Task};
use state::{PseConfig, Shared, Slot};
use std::sync::{Arc, Mutex};
use std::time::Instant;
pub use tracker::{PseTrace, PseTracker};

/// The PSE pruner.
pub struct Pse {
    slot: Slot,
}

impl Pse {
    /// A PSE pruner with the given tunables; subsumption checks use their own solver (with the
    /// exploration's per-query timeout).
    pub fn new(cfg: PseConfig, solver: crate::solver::SolverConfig) -> Self {
        Pse {
            slot: Arc::new(Mutex::new(Some(Box::new(Shared::new(cfg, solver))))),
        }
    }

    fn with<R>(&self, f: impl FnOnce(&mut Shared) -> R) -> Option<R> {
        let mut g = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        g.as_deref_mut().map(f)
    }

    /// Π's size: points with a summary, disjuncts in all.
    pub fn summary_size(&self) -> (usize, usize) {
        self.with(|s| (s.pi.len(), s.pi.values().map(|x| x.disjuncts.len() + x.top.len()).sum()))
            .unwrap_or((0, 0))
    }
}

/// The `pse` strategy name.
pub struct PseFactory;

impl StrategyFactory for PseFactory {
    fn names(&self) -> Vec<String> {
        vec!["pse".into(), "pse:no-merge".into(), "pse:all-instances".into()]
    }
    fn accepts(&self, part: &str) -> bool {
        matches!(part, "pse" | "pse:no-merge" | "pse:all-instances")
    }
    fn conflict(&self, part: &str, others: &[&str]) -> Option<String> {
        others.iter().find(|o| o.starts_with("dgse")).map(|o| {
            format!(
                "{part} cannot run with {o}: PSE cuts paths whose continuations DGSE relies on, while DGSE leaves out tasks below the suffixes PSE's postconditions stand for (on generated programs the pair misses branches spf reaches; see docs/pse.md)"
            )
        })
    }
    fn build(&self, part: &str, _ctx: &mut PresetCtx<'_>) -> Result<Component, PresetError> {
        // `pse:no-merge`: without Algorithm 4's simplification; `pse:all-instances`: every
        // instance of a point checked and summarised (to measure what §4's choices save).
        let cfg = PseConfig {
            simplify: part != "pse:no-merge",
            first_instance_only: part != "pse:all-instances",
            ..PseConfig::default()
        };
        Ok(Component {
            pruners: vec![Box::new(Pse::new(cfg, crate::solver::SolverConfig::default()))],
            ..Default::default()
        })
    }
}

impl Pruner for Pse {
    fn name(&self) -> &'static str {
        "pse"
    }

    fn needs(&self) -> Needs {
        Needs {
            cuts: true,
            ..Needs::default()
        }
    }

    fn select_tasks(&mut self, path: &PathRecord, candidates: &mut Vec<Task>, _ctx: &mut TaskCtx<'_>) {
        let Some(trace) = path.trace::<Arc<PseTrace>>() else { return };
        if let Some(cut) = trace.cut
            && cut.both
            && cut.symbolic
        {
            // Both directions of the cut branch are subsumed: its sibling is redundant too.
            let last = path.run.events.len().saturating_sub(1);
            candidates.retain(|t| t.flip != last);
        }
    }

    fn on_path_end(&mut self, path: &PathRecord, end: PathEnd, _ctx: &mut TaskCtx<'_>) {
        let Some(trace) = path.trace::<Arc<PseTrace>>() else { return };
        let complete = end.is_complete();
        let cut = end == PathEnd::Cut && trace.cut.is_some();
        if !(complete || cut) {
            return;
        }
        self.with(|s| {
            let t0 = Instant::now();
            wp::update(s, trace, complete);
            s.stats.wp_us += t0.elapsed().as_micros() as u64;
        });
    }

    fn tracker_for(&mut self, task: Option<&Task>) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        let flip = task.map(|t| (t.site.0, t.site.1, t.occ));
        Some(Box::new(PseTracker::new(self.slot.clone(), flip)))
    }

    fn counters(&self) -> Vec<(String, u64)> {
        let (points, disjuncts) = self.summary_size();
        self.with(|s| {
            let st = &s.stats;
            vec![
                ("checks".into(), st.checks),
                ("trivial_checks".into(), st.trivial),
                ("check_queries".into(), st.queries),
                ("cuts".into(), st.cuts),
                ("cuts_both_directions".into(), st.cuts_both),
                ("summary_points".into(), points as u64),
                ("summary_disjuncts".into(), disjuncts as u64),
                ("summary_updates".into(), st.updates),
                ("summary_merges".into(), st.merged),
                ("summary_bounded".into(), st.bounded),
                ("suffixes_not_summarised".into(), st.opaque),
                ("wp_us".into(), st.wp_us),
                ("check_us".into(), st.check_us),
                ("cold_skips".into(), st.cold_skips),
                ("concrete_misses".into(), st.concrete_misses),
            ]
        })
        .unwrap_or_default()
    }
}
