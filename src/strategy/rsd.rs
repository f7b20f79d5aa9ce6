//! `rsd`: redundant-state detection by relevant locations (Bugrara and Engler, *Redundant State
//! Detection for Dynamic Symbolic Execution*, USENIX ATC 2013; seed 004, `notes-pse-rsd.md`
//! Part B and C.3). A run reaching a program point in a state that agrees with an earlier
//! state's finished subtree on every location that can still matter there, and whose
//! constraints over those locations include the earlier state's, cannot reach anything that
//! subtree did not: it is cut with its whole subtree and reported as a cut path with its input.
//!
//! - **What can still matter** at a point: the locations a backward dynamic slice reaches from
//!   the instances of *relevant* branches below the point, through data, control and potential
//!   dependence ([`slice`]). A branch is relevant while the static control dependence graph
//!   leads from it to a target not covered yet ([`relevance`]); targets are every (branch
//!   site, direction) edge and both outcomes of every instruction that may throw, so `rsd`
//!   keeps every branch direction and fault site that `spf` reaches. It does not keep paths,
//!   and not every instruction of a path that only repeats covered edges.
//! - **Per run, then per node**: each run records its dependence graph ([`ddg`]) and is sliced
//!   when it ends, with the relevance of that moment; a node of the execution tree ([`tree`])
//!   holds the union of the sets of the runs through it, and once every path below it has
//!   ended (finality) it stores that set as a snapshot of its point in a decision tree
//!   ([`dtree`], [`index`]).
//! - **Matching** at every conditional instruction past a run's replayed prefix: the decision
//!   tree finds every stored set whose values all hold in the state, then the set's path
//!   constraints must be among the state's (syntactic subset, no solver call).
//! - **Cut paths** inherit the matched set (rule 6): their slice starts from it.
//! - Snapshots are capped at 200,000 and 12 MiB (estimated) by default, the oldest evicted
//!   first; `rsd:cap=N` and `rsd:mem=MB` set the caps.
//!
//! `docs/rsd.md` says how this maps onto the engine, where it departs from the paper, and what
//! it measured.

pub mod ddg;
pub mod dtree;
pub mod index;
pub mod relevance;
pub mod slice;
pub mod tree;

use super::preset::{Component, PresetCtx, PresetError, StrategyFactory};
use super::{Needs, PathEnd, Pruner, TaskCtx, TaskResult};
use crate::strategy::dgse::tables::DgseTables;
use crate::strategy::rwset::placement::{NONE, Placement, parse_caps};
use crate::task::{PathRecord, Task};
use ddg::{RsdTrace, RsdTracker};
use index::Index;
use relevance::Relevance;
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tree::Tree;

/// `rsd`'s options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RsdConfig {
    /// Most snapshots kept.
    pub cap: usize,
    /// Most bytes of snapshots kept (estimated).
    pub cap_bytes: usize,
}

impl Default for RsdConfig {
    fn default() -> Self {
        RsdConfig {
            cap: 200_000,
            cap_bytes: 12 << 20,
        }
    }
}

impl RsdConfig {
    /// The options a strategy part names (`rsd`, `rsd:cap=N`, `rsd:mem=MB`); `None` for another
    /// name or a bad value.
    pub fn parse(part: &str) -> Option<RsdConfig> {
        let d = RsdConfig::default();
        let (cap, cap_bytes) = parse_caps(part, "rsd", (d.cap, d.cap_bytes))?;
        Some(RsdConfig { cap, cap_bytes })
    }
}

/// The `rsd` pruner.
pub struct Rsd {
    tables: Arc<DgseTables>,
    rel: Arc<Mutex<Relevance>>,
    index: Arc<Mutex<Index>>,
    tree: Tree,
    placement: Placement,
    sliced_runs: u64,
    top_runs: u64,
    slice_us: u64,
    graph_nodes_peak: u64,
    /// Runs left unsliced, by the first reason.
    top_why: std::collections::BTreeMap<&'static str, u64>,
    /// Seed mode (see [`Rsd::seeded`]).
    seeded: bool,
}

impl Rsd {
    /// A pruner over a program's dependence tables and relevance.
    pub fn new(tables: Arc<DgseTables>, rel: Relevance, cfg: RsdConfig) -> Self {
        Rsd {
            tables,
            rel: Arc::new(Mutex::new(rel)),
            index: Arc::new(Mutex::new(Index::new(cfg.cap, cfg.cap_bytes))),
            tree: Tree::default(),
            placement: Placement::default(),
            sliced_runs: 0,
            top_runs: 0,
            slice_us: 0,
            graph_nodes_peak: 0,
            top_why: Default::default(),
            seeded: false,
        }
    }

    /// Seed mode, the setting of seed 004's §2 example: runs are independent initial states
    /// (explorations of given inputs, one after another, with this pruner kept across them) and
    /// nothing forks (the candidates of every path are dropped), so every position of a run is
    /// final once the run ends. Each run stores the relevant set of every conditional
    /// instruction it passed, and a later run is looked up at every conditional instruction.
    pub fn seeded(mut self) -> Self {
        self.seeded = true;
        self
    }

    /// Seed mode's end of a run: a snapshot per point with an exact set.
    fn store_positions(&mut self, path: &PathRecord, t: &RsdTrace, sliced: &slice::Sliced, ctx: &mut TaskCtx<'_>) {
        let index = self.index.clone();
        let mut ix = index.lock().unwrap_or_else(|e| e.into_inner());
        let events = &path.run.events;
        for (p, s) in t.ddg.points.iter().zip(&sliced.sets) {
            let Some(s) = s else {
                ix.stats.unmatchable += 1;
                continue;
            };
            let reasons: Vec<u32> = s.iter().map(|x| ix.reasons.of_bits(x.2, &sliced.sites)).collect();
            let set: Vec<(index::RLoc, crate::strategy::rwset::state::VK)> = s.iter().map(|x| (x.0, x.1)).collect();
            let conds: Vec<_> = events.iter().take(p.depth).map(|e| e.cond).collect();
            let (vars, closure) = tree::projection(&mut ix, ctx.pool, &set, &conds);
            ix.insert(
                index::RSnap {
                    key: p.key,
                    init: p.init,
                    locations: set.len(),
                    vars,
                    closure,
                    paths: 1,
                    reasons,
                },
                set,
            );
        }
    }

    /// Runs the static analysis `rsd` needs for the driver in `ctx`.
    pub fn prepare(ctx: &mut PresetCtx<'_>, cfg: RsdConfig) -> Result<Rsd, crate::program::LoadError> {
        let opts = crate::analysis::AnalysisOptions {
            changed_lines: Vec::new(),
            source_view: false,
            budget: Some(ctx.budget.clone()),
        };
        let tables = crate::analysis::analyze(ctx.prog, ctx.entry, &opts)?;
        let cg = crate::analysis::call_graph(ctx.prog, ctx.entry);
        let rel = Relevance::new(&tables, &cg);
        Ok(Rsd::new(Arc::new(DgseTables::new(&tables, false)), rel, cfg))
    }
}

/// The `rsd` strategy names.
pub struct RsdFactory;

impl StrategyFactory for RsdFactory {
    fn names(&self) -> Vec<String> {
        vec!["rsd".into(), "rsd:cap=N".into(), "rsd:mem=MB".into()]
    }
    fn accepts(&self, part: &str) -> bool {
        RsdConfig::parse(part).is_some()
    }
    fn conflict(&self, part: &str, others: &[&str]) -> Option<String> {
        let pruning = ["dgse", "pse", "interp", "rwset"];
        others.iter().find(|o| pruning.iter().any(|p| o.starts_with(p))).map(|o| {
            format!(
                "{part} cannot run with {o}: a snapshot stands for a finished subtree, and {o} leaves parts of subtrees unexplored, so no node it touches would ever finish"
            )
        })
    }
    fn build(&self, part: &str, ctx: &mut PresetCtx<'_>) -> Result<Component, PresetError> {
        let t0 = Instant::now();
        let cfg = RsdConfig::parse(part).unwrap_or_default();
        let r = Rsd::prepare(ctx, cfg).map_err(|e| PresetError::Prepare(part.into(), format!("static analysis: {e}")))?;
        Ok(Component {
            pruners: vec![Box::new(r)],
            searcher: None,
            prepare_time: t0.elapsed(),
        })
    }
}

impl Pruner for Rsd {
    fn name(&self) -> &'static str {
        "rsd"
    }

    fn needs(&self) -> Needs {
        Needs {
            cuts: true,
            ..Needs::default()
        }
    }

    fn select_tasks(&mut self, path: &PathRecord, candidates: &mut Vec<Task>, ctx: &mut TaskCtx<'_>) {
        if self.seeded {
            candidates.clear();
            return;
        }
        self.placement.place(&mut self.tree, path, ctx.parent, ctx.pool);
        self.placement.queue(&self.tree, path, candidates);
    }

    fn on_path_end(&mut self, path: &PathRecord, end: PathEnd, ctx: &mut TaskCtx<'_>) {
        self.placement.place(&mut self.tree, path, ctx.parent, ctx.pool);
        let Some(nodes) = self.placement.take(path.id) else { return };
        let trace = path.trace::<Arc<RsdTrace>>().cloned();
        // The run's slice, with the relevance as it is now, gives every node it passed the
        // relevant set of that node's point.
        if let Some(t) = &trace {
            let t0 = Instant::now();
            self.graph_nodes_peak = self.graph_nodes_peak.max(t.ddg.nodes.len() as u64);
            let sliced = {
                let mut rel = self.rel.lock().unwrap_or_else(|e| e.into_inner());
                slice::slice(&t.ddg, &mut rel)
            };
            self.sliced_runs += 1;
            if t.ddg.top {
                self.top_runs += 1;
                *self.top_why.entry(t.ddg.top_why.unwrap_or("other")).or_default() += 1;
            }
            if self.seeded {
                self.store_positions(path, t, &sliced, ctx);
                self.slice_us += t0.elapsed().as_micros() as u64;
                return;
            }
            let index = self.index.clone();
            let mut ix = index.lock().unwrap_or_else(|e| e.into_inner());
            let mut ids: FxHashMap<slice::Why, u32> = FxHashMap::default();
            let mut with = Vec::new();
            for (p, s) in t.ddg.points.iter().zip(&sliced.sets) {
                if let Some(&n) = nodes.get(p.depth)
                    && n != NONE
                {
                    let set = s.as_ref().map(|s| {
                        with.clear();
                        for (l, v, w) in s {
                            let r = *ids.entry(*w).or_insert_with(|| ix.reasons.of_bits(*w, &sliced.sites));
                            with.push((*l, *v, r));
                        }
                        &with[..]
                    });
                    self.tree.contribute(n, p.key, p.init, set, &mut ix.reasons);
                }
            }
            self.slice_us += t0.elapsed().as_micros() as u64;
        }
        let Some(&leaf) = nodes.last() else { return };
        if leaf == NONE {
            return;
        }
        let index = self.index.clone();
        let mut ix = index.lock().unwrap_or_else(|e| e.into_inner());
        let paths = match (end, trace.as_ref().and_then(|t| t.cut)) {
            (PathEnd::Returned | PathEnd::Threw, _) => Some(1),
            (PathEnd::Assumed, _) => Some(0),
            (PathEnd::Cut, Some(id)) => ix.snapshot(id).map(|s| s.paths),
            _ => None,
        };
        match paths {
            Some(p) if trace.is_some() => self.tree.leaf(leaf, p, &mut ix, ctx.pool),
            _ => self.tree.taint(leaf),
        }
    }

    fn on_task_result(&mut self, task: &Task, result: &TaskResult, ctx: &mut TaskCtx<'_>) {
        if let Some(n) = self.placement.node_of(&self.tree, task) {
            match result {
                TaskResult::Unsat(_) => {
                    let index = self.index.clone();
                    let mut ix = index.lock().unwrap_or_else(|e| e.into_inner());
                    self.tree.infeasible(n, task.site.2, &mut ix, ctx.pool);
                }
                TaskResult::Unknown(_) => self.tree.taint(n),
            }
        }
    }

    fn tracker_for(&mut self, task: Option<&Task>) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        let t = RsdTracker::new(
            self.tables.clone(),
            self.rel.clone(),
            self.index.clone(),
            task.map_or(0, |t| t.flip + 1),
        );
        Some(Box::new(if self.seeded { t.every_point() } else { t }))
    }

    fn counters(&self) -> Vec<(String, u64)> {
        let ix = self.index.lock().unwrap_or_else(|e| e.into_inner());
        let s = &ix.stats;
        let open = self.rel.lock().unwrap_or_else(|e| e.into_inner()).open_targets();
        let mut out = vec![
            ("snapshots".into(), s.snapshots),
            ("snapshots_held".into(), ix.held() as u64),
            ("evictions".into(), s.evictions),
            ("snapshot_bytes_peak".into(), ix.peak_bytes as u64),
            ("set_locations".into(), s.set_locations),
            ("checks".into(), s.checks),
            ("compared".into(), s.compared),
            ("prunes".into(), s.prunes),
            ("credited_paths".into(), s.credited_paths),
            ("refined_locations".into(), s.refined_locations),
            ("unmatchable".into(), s.unmatchable),
            ("skipped_barren".into(), s.skipped),
            ("tainted".into(), self.tree.tainted),
            ("tree_nodes_peak".into(), self.tree.peak_nodes as u64),
            ("sliced_runs".into(), self.sliced_runs),
            ("unsliceable_runs".into(), self.top_runs),
            ("graph_nodes_peak".into(), self.graph_nodes_peak),
            ("slice_ms".into(), self.slice_us / 1000),
            ("open_targets".into(), open),
        ];
        out.extend(self.top_why.iter().map(|(w, n)| (format!("unsliceable: {w}"), *n)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_into_caps() {
        assert_eq!(RsdConfig::parse("rsd"), Some(RsdConfig::default()));
        let c = RsdConfig::parse("rsd:cap=10:mem=2").expect("both caps");
        assert_eq!((c.cap, c.cap_bytes), (10, 2 << 20));
        for bad in ["rsd:cap=0", "rsd:cap=x", "rsd:size=3", "rsdx", "rsd:cap"] {
            assert_eq!(RsdConfig::parse(bad), None, "{bad}");
        }
    }
}
