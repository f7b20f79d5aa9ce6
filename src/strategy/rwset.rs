//! `rwset`: redundant-state pruning by live read sets (Boonstoppel, Cadar and Engler, TACAS
//! 2008, as seed 004 §5 and `notes-pse-rsd.md` B.6 describe it; the first stage of seed 004's
//! redundant-state detector). A run reaching a program point in a state that, projected on
//! what the subtree below an earlier state at the same point read before writing, equals that
//! earlier state, and whose constraints over the projected values equal the earlier state's,
//! can only repeat that subtree: it is cut there with its whole subtree, and reported as a cut
//! path with its input.
//!
//! - **Points** are conditional instructions, keyed by the call-site chain, method and pc.
//! - **Projection**: every frame's statically live locals and its whole operand stack, the
//!   statics, fields, elements and lengths the subtree's runs read before writing them (by
//!   object reference, with each reference's runtime class), which string literals the run
//!   materialised, and which classes have statics. Symbolic values compare by term; the path
//!   constraints that transitively share a variable with the projected values must be the
//!   same set (projection closure, notes B.3).
//! - **Finality**: a snapshot is stored only once every path below its node has ended (or been
//!   found infeasible, or cut by a snapshot), so the read set is complete under any search
//!   order; a limit, a divergence or an undecided query leaves the node for ever unfinished.
//! - **Soundness**: a cut state's subtree has the same paths as the snapshot's, up to fresh
//!   object numbers and fresh input names, so every branch direction, instruction and fault
//!   `spf` reaches, `rwset` reaches. Anything that reads state it cannot name (natives other
//!   than the pure ones, class literals, stores at symbolic indices) makes the enclosing
//!   subtrees unmatchable, which only costs pruning.
//! - Snapshots are capped at 16 MiB (estimated) and 200,000 by default, the least recently
//!   used evicted; `rwset:cap=N` and `rwset:mem=MB` set the caps. A point that stored 256
//!   snapshots without one match stores no more.
//!
//! `docs/rwset.md` says how this maps onto the engine and what it measured.

pub mod liveness;
pub mod placement;
pub mod shared;
pub mod state;
pub mod tracker;
pub mod tree;

use super::preset::{Component, PresetCtx, PresetError, StrategyFactory};
use super::{Needs, PathEnd, Pruner, TaskCtx, TaskResult};
use crate::symbolic::ExprPool;
use crate::task::{PathRecord, Task};
use placement::Placement;
use shared::Shared;
use state::Live;
use std::sync::{Arc, Mutex};
use tracker::{RwTrace, RwTracker};
use tree::{Leaf, Tree};

/// Default most snapshots kept.
pub const DEFAULT_CAP: usize = 200_000;

/// Default most MiB of snapshots kept.
pub const DEFAULT_MEM_MB: usize = 16;

/// `rwset`'s options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RwConfig {
    /// Most snapshots kept.
    pub cap: usize,
    /// Most bytes of snapshots kept (estimated).
    pub cap_bytes: usize,
}

impl Default for RwConfig {
    fn default() -> Self {
        RwConfig {
            cap: DEFAULT_CAP,
            cap_bytes: DEFAULT_MEM_MB << 20,
        }
    }
}

impl RwConfig {
    /// The options a strategy part names (`rwset`, `rwset:cap=N`, `rwset:mem=MB`, both);
    /// `None` for another name or a bad value.
    pub fn parse(part: &str) -> Option<RwConfig> {
        let d = RwConfig::default();
        let (cap, cap_bytes) = placement::parse_caps(part, "rwset", (d.cap, d.cap_bytes))?;
        Some(RwConfig { cap, cap_bytes })
    }
}

/// The `rwset` pruner.
pub struct RwSet {
    shared: Arc<Mutex<Shared>>,
    tree: Tree,
    placement: Placement,
}

impl RwSet {
    /// A pruner with these caps.
    pub fn new(cfg: RwConfig) -> Self {
        RwSet {
            shared: Arc::new(Mutex::new(Shared::new(cfg.cap, cfg.cap_bytes))),
            tree: Tree::default(),
            placement: Placement::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Places a path's nodes in the tree (once), with their segments from its trace.
    fn place(&mut self, path: &PathRecord, task: Option<&Task>, pool: &mut ExprPool) {
        if !self.placement.place(&mut self.tree, path, task, pool) {
            return;
        }
        let (Some(t), Some(nodes)) = (path.trace::<Arc<RwTrace>>(), self.placement.nodes(path.id)) else {
            return;
        };
        for (i, seg) in t.segs.iter().enumerate() {
            if let Some(&x) = nodes.get(t.first + i)
                && x != placement::NONE
            {
                self.tree.set_segment(x, seg.clone());
            }
        }
    }
}

/// The `rwset` strategy names.
pub struct RwSetFactory;

impl StrategyFactory for RwSetFactory {
    fn names(&self) -> Vec<String> {
        vec!["rwset".into(), "rwset:cap=N".into(), "rwset:mem=MB".into()]
    }
    fn accepts(&self, part: &str) -> bool {
        RwConfig::parse(part).is_some()
    }
    fn conflict(&self, part: &str, others: &[&str]) -> Option<String> {
        let pruning = ["dgse", "pse", "interp"];
        others.iter().find(|o| pruning.iter().any(|p| o.starts_with(p))).map(|o| {
            format!(
                "{part} cannot run with {o}: a snapshot stands for a finished subtree, and {o} leaves parts of subtrees unexplored, so no node it touches would ever finish"
            )
        })
    }
    fn build(&self, part: &str, _ctx: &mut PresetCtx<'_>) -> Result<Component, PresetError> {
        let cfg = RwConfig::parse(part).unwrap_or_default();
        Ok(Component {
            pruners: vec![Box::new(RwSet::new(cfg))],
            ..Default::default()
        })
    }
}

impl Pruner for RwSet {
    fn name(&self) -> &'static str {
        "rwset"
    }

    fn needs(&self) -> Needs {
        Needs {
            cuts: true,
            ..Needs::default()
        }
    }

    fn select_tasks(&mut self, path: &PathRecord, candidates: &mut Vec<Task>, ctx: &mut TaskCtx<'_>) {
        self.place(path, ctx.parent, ctx.pool);
        self.placement.queue(&self.tree, path, candidates);
    }

    fn on_path_end(&mut self, path: &PathRecord, end: PathEnd, ctx: &mut TaskCtx<'_>) {
        self.place(path, ctx.parent, ctx.pool);
        let Some(nodes) = self.placement.take(path.id) else { return };
        let Some(&leaf) = nodes.last() else { return };
        if leaf != placement::NONE {
            let trace = path.trace::<Arc<RwTrace>>();
            let shared = self.shared.clone();
            let mut sh = shared.lock().unwrap_or_else(|e| e.into_inner());
            let how = match (end, trace.and_then(|t| t.cut)) {
                (PathEnd::Returned | PathEnd::Threw, _) => Some(Leaf::Complete(1)),
                (PathEnd::Assumed, _) => Some(Leaf::Complete(0)),
                (PathEnd::Cut, Some(id)) => sh.snapshot(id).map(|s| {
                    let mut live = Live::default();
                    live.map.extend(s.heap.iter().copied());
                    Leaf::Cut(live, s.paths)
                }),
                _ => None,
            };
            match how {
                Some(l) => self.tree.leaf(leaf, l, &mut sh, ctx.pool),
                None => self.tree.taint(leaf),
            }
        }
    }

    fn on_task_result(&mut self, task: &Task, result: &TaskResult, ctx: &mut TaskCtx<'_>) {
        if let Some(n) = self.placement.node_of(&self.tree, task) {
            match result {
                TaskResult::Unsat(_) => {
                    let shared = self.shared.clone();
                    let mut sh = shared.lock().unwrap_or_else(|e| e.into_inner());
                    self.tree.infeasible(n, task.site.2, &mut sh, ctx.pool);
                }
                TaskResult::Unknown(_) => self.tree.taint(n),
            }
        }
    }

    fn tracker_for(&mut self, task: Option<&Task>) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        Some(Box::new(RwTracker::new(self.shared.clone(), task.map_or(0, |t| t.flip + 1))))
    }

    fn counters(&self) -> Vec<(String, u64)> {
        let sh = self.lock();
        let s = &sh.stats;
        vec![
            ("snapshots".into(), s.snapshots),
            ("snapshots_held".into(), sh.held() as u64),
            ("evictions".into(), s.evictions),
            ("snapshot_bytes_peak".into(), sh.peak_bytes as u64),
            ("checks".into(), s.checks),
            ("compared".into(), s.compared),
            ("prunes".into(), s.prunes),
            ("credited_paths".into(), s.credited_paths),
            ("unmatchable".into(), s.unmatchable),
            ("skipped_barren".into(), s.skipped),
            ("tainted".into(), self.tree.tainted),
            ("tree_nodes_peak".into(), self.tree.peak_nodes as u64),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_into_caps() {
        assert_eq!(RwConfig::parse("rwset"), Some(RwConfig::default()));
        let c = RwConfig::parse("rwset:cap=10:mem=2").expect("both caps");
        assert_eq!((c.cap, c.cap_bytes), (10, 2 << 20));
        for bad in ["rwset:cap=0", "rwset:cap=x", "rwset:size=3", "rwsetx", "rwset:cap"] {
            assert_eq!(RwConfig::parse(bad), None, "{bad}");
        }
    }
}
