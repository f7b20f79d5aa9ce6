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

use super::preset::{Component, PresetCtx, PresetError, StrategyFactory};
use super::{Pruner, TaskCtx};
use crate::task::{PathRecord, Prefix, Task};
use std::sync::Arc;
use std::time::Instant;
pub use tables::DgseTables;
pub use tracker::{DgseTrace, DgseTracker};

/// The DGSE pruner.
pub struct Dgse {
    tables: Arc<DgseTables>,
    name: &'static str,
    not_negatable: u64,
    independent: u64,
    /// The run's budget: selecting among the candidates of a path with many thousand events
    /// takes long (each relevant set is copied), so it is polled there too.
    budget: Option<Arc<crate::budget::Budget>>,
}

impl Dgse {
    /// A DGSE pruner over run-time tables (built with or without interactive dependence).
    pub fn new(tables: Arc<DgseTables>) -> Self {
        let name = if tables.interactive { "dgse" } else { "dgse-no-interactive" };
        Dgse {
            tables,
            name,
            not_negatable: 0,
            independent: 0,
            budget: None,
        }
    }

    /// Runs the static dependence analysis from the driver (Algorithm 3's tables, with or
    /// without interactive dependence) and builds the pruner.
    pub fn prepare(ctx: &mut PresetCtx<'_>, interactive: bool) -> Result<Dgse, crate::program::LoadError> {
        let opts = crate::analysis::AnalysisOptions {
            changed_lines: ctx.changed_lines.to_vec(),
            source_view: false,
            budget: Some(ctx.budget.clone()),
        };
        let tables = crate::analysis::analyze(ctx.prog, ctx.entry, &opts)?;
        let mut d = Dgse::new(Arc::new(DgseTables::new(&tables, interactive)));
        d.budget = Some(ctx.budget.clone());
        Ok(d)
    }
}

/// The `dgse` and `dgse-no-interactive` strategy names.
pub struct DgseFactory;

impl StrategyFactory for DgseFactory {
    fn names(&self) -> Vec<String> {
        vec!["dgse".into(), "dgse-no-interactive".into()]
    }
    fn accepts(&self, part: &str) -> bool {
        matches!(part, "dgse" | "dgse-no-interactive")
    }
    fn uses_changed_lines(&self, _part: &str) -> bool {
        true
    }
    fn build(&self, part: &str, ctx: &mut PresetCtx<'_>) -> Result<Component, PresetError> {
        let t0 = Instant::now();
        let d = Dgse::prepare(ctx, part == "dgse").map_err(|e| PresetError::Prepare(part.into(), format!("static analysis: {e}")))?;
        Ok(Component {
            pruners: vec![Box::new(d)],
            searcher: None,
            prepare_time: t0.elapsed(),
        })
    }
}

impl Pruner for Dgse {
    fn name(&self) -> &'static str {
        self.name
    }

    fn handles_lazy_inputs(&self) -> bool {
        // A lazy choice is a branch event like any other: the tracker makes what it chose
        // depend on it, and each choice on every earlier one (the aliases it offers).
        true
    }

    fn select_tasks(&mut self, path: &PathRecord, candidates: &mut Vec<Task>, _ctx: &mut TaskCtx<'_>) {
        let events = &path.run.events;
        // Without its trace (a run this pruner did not observe) nothing can be pruned.
        let Some(trace) = path.trace::<DgseTrace>() else {
            return;
        };
        let (mut not_negatable, mut independent) = (0, 0);
        let (mut seen, mut exhausted) = (0u32, false);
        let budget = self.budget.as_deref();
        let co = path.flip.map(|d| co_dependent(trace, candidates, d as u32)).unwrap_or_default();
        let mut keep_too = kept_together(trace, candidates);
        candidates.retain_mut(|t| {
            // Out of budget: the exploration stops before it would run these tasks.
            seen += 1;
            if !exhausted && seen.is_multiple_of(64) {
                exhausted = budget.is_some_and(|b| b.poll().is_some());
            }
            if exhausted {
                return false;
            }
            let Some(e) = events.get(t.flip) else { return false };
            if !self.tables.negatable(e.method, e.pc) {
                not_negatable += 1;
                return false;
            }
            let mut set = std::borrow::Cow::Borrowed(trace.alt_set(t.flip, t.site.2));
            // Algorithm 2, line 25: transitiveD(ψd, ¬ψi).
            if let Some(d) = path.flip
                && set.binary_search(&(d as u32)).is_err()
            {
                if !co.contains(&(t.flip as u32)) {
                    independent += 1;
                    return false;
                }
                // Independent of ψd, but a later branch depends on both: negate ψi with ψd
                // (and what ψd depends on) kept as this path took it.
                let s = set.to_mut();
                s.push(d as u32);
                s.extend_from_slice(trace.taken_set(d));
                s.sort_unstable();
                s.dedup();
            }
            // Lines 20 and 26: the relevant path condition of ¬ψi.
            let rpc: Vec<_> = set.iter().filter_map(|j| path.conds.get(*j as usize).copied()).collect();
            let prefer: Vec<_> = keep_too
                .remove(&(t.flip as u32))
                .unwrap_or_default()
                .into_iter()
                .filter(|j| set.binary_search(j).is_err())
                .filter_map(|j| path.conds.get(j as usize).copied())
                .collect();
            t.prefix = if prefer.is_empty() {
                Prefix::Set(rpc.into())
            } else {
                Prefix::Prefer(rpc.into(), prefer.into())
            };
            let mut sites: Vec<(u32, u32, u32)> = set
                .iter()
                .filter_map(|j| events.get(*j as usize))
                .map(|e| (e.method, e.pc, e.dir))
                .collect();
            sites.push(t.site);
            t.origin = Some(sites.into());
            true
        });
        self.not_negatable += not_negatable;
        self.independent += independent;
    }

    fn tracker(&mut self) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        Some(Box::new(DgseTracker::new(self.tables.clone())))
    }

    fn tracker_maker(&self) -> Option<super::TrackerMaker> {
        // The tracker depends on the static tables only.
        let tables = self.tables.clone();
        Some(Arc::new(move |_| Some(Box::new(DgseTracker::new(tables.clone())))))
    }

    fn trace_codec(&self) -> Option<super::TraceCodec> {
        Some(super::TraceCodec::of::<tracker::DgseTrace>())
    }

    fn counters(&self) -> Vec<(String, u64)> {
        vec![
            ("not_negatable".into(), self.not_negatable),
            ("independent".into(), self.independent),
        ]
    }
}

/// Per candidate event i, the earlier events j that a later candidate's relevant set names
/// together with i (sorted): negating i while keeping j as this path took it makes the
/// combination that later branch may need, so the task prefers such a model
/// ([`Prefix::Prefer`]; without one, the relevant path condition alone). In DgseArrCloneSkip the
/// task negating `c != 0` (relevant set empty) took c = 1, which flipped `c == 1` too, and the
/// path with `c == 1` false and `c != 0` true, the one `c == 3` needs, was never made. Bounded
/// work per path (it is only a preference).
fn kept_together(trace: &DgseTrace, candidates: &[Task]) -> rustc_hash::FxHashMap<u32, Vec<u32>> {
    const WORK: usize = 1 << 21;
    let flips: rustc_hash::FxHashSet<u32> = candidates.iter().map(|t| t.flip as u32).collect();
    let mut out: rustc_hash::FxHashMap<u32, Vec<u32>> = Default::default();
    let mut work = 0usize;
    for t in candidates {
        let set = trace.alt_set(t.flip, t.site.2);
        for (n, &i) in set.iter().enumerate() {
            if n == 0 || !flips.contains(&i) {
                continue;
            }
            work += n;
            if work > WORK {
                return Default::default();
            }
            out.entry(i).or_default().extend_from_slice(&set[..n]);
        }
    }
    for v in out.values_mut() {
        v.sort_unstable();
        v.dedup();
    }
    out
}

/// The events after `d` (the path's own flip) that a later branch depends on together with
/// `d`: the candidates whose relevant set holds `d` name them in their sets too. Negating such
/// an event is not independent of `d` (Lemma 5.1's chain): the combination of `d`'s new
/// direction with the event's other one decides that later branch, and no other path makes
/// it. The static interactive pairs give that chain; the dynamic sets have more than the
/// static pairs (a call's extra interactions, its exception direction, natives' copies), and
/// without this a task the later branch needed was dropped as independent (DgseThrowCalleeFlag
/// and the third hunt's five other dgse misses, `tests/dgse_found.rs`).
fn co_dependent(trace: &DgseTrace, candidates: &[Task], d: u32) -> rustc_hash::FxHashSet<u32> {
    let mut co = rustc_hash::FxHashSet::default();
    for t in candidates {
        let set = trace.alt_set(t.flip, t.site.2);
        if set.binary_search(&d).is_ok() {
            co.extend(set.iter().copied().filter(|i| *i > d));
        }
    }
    co
}
