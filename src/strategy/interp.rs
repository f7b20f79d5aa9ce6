//! `interp`: interpolation-based subsumption for concolic testing (Jaffar, Murali, Navas, FSE
//! 2013; seed 003). Every explored path is annotated backwards with interpolants (why no path
//! below a point reaches a bug); a later state at the same program point whose path condition
//! entails a *full* interpolant there is cut with its whole subtree; greedy confirmation
//! explores the other side of a node itself so that nodes become full. It preserves bug finding
//! only: every failing assertion site `spf` reaches, `interp` reaches (Corollary 5.2); paths,
//! tests and coverage that cannot lead to a bug are what it prunes. The spec is
//! `notes-subpath-interp.md` Part B; `docs/interp.md` says how it maps onto the engine.
//!
//! - Bugs: uncaught `AssertionError`s (`assert`, `jsymex.Symbolic.check`); with `:uncaught`,
//!   every uncaught exception.
//! - Interpolants are weakest preconditions over program locations, computed with `pse`'s
//!   location-level trace ([`crate::strategy::pse::PseTracker`]): at each conditional point of a
//!   run, concrete or symbolic, the formula over frame slots, statics and access paths that
//!   keeps every state satisfying it on the explored, bug-free part of the tree.
//! - The tree ([`tree::Tree`]) is a trie over branch events; full/half per Def. 2; a task whose
//!   prefix passes a full node is dropped (`IsSubsumedPath`).
//! - Variants: `interp` (greedy confirmation on), `interp:no-gc`, `interp:shadow` (annotate,
//!   check and count, never cut or drop, no greedy confirmation: the paths, inputs and order
//!   are spf's), `interp:uncaught`; they combine (`interp:no-gc:uncaught`).

pub mod check;
pub mod gc;
pub mod tree;
pub mod walk;

use super::preset::{Component, PresetCtx, PresetError, StrategyFactory};
use super::pruner::Internal;
use super::{Needs, PathEnd, Pruner, TaskCtx, TaskResult};
use crate::program::Program;
use crate::strategy::pse::state::{PseConfig, Shared, Slot};
use crate::strategy::pse::{PseTrace, PseTracker};
use crate::symbolic::Assignment;
use crate::task::{PathRecord, Prefix, Task};
use crate::vm::Outcome;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tree::{LeafEnd, NodeId, Tree};
use walk::{Credits, RunView, Walked};

/// Runs' traces kept for later propagation (an infeasible sibling found after the run).
const KEPT_TRACES: usize = 256;

/// `interp`'s options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InterpConfig {
    /// Greedy confirmation.
    pub gc: bool,
    /// Annotate and check, but never cut a path or drop a task.
    pub shadow: bool,
    /// Every uncaught exception is a bug (not only assertion failures).
    pub uncaught: bool,
}

impl Default for InterpConfig {
    fn default() -> Self {
        InterpConfig {
            gc: true,
            shadow: false,
            uncaught: false,
        }
    }
}

impl InterpConfig {
    /// The options a strategy part names (`interp`, `interp:no-gc`, `interp:shadow:uncaught`,
    /// …); `None` for another name.
    pub fn parse(part: &str) -> Option<InterpConfig> {
        let mut it = part.split(':');
        if it.next() != Some("interp") {
            return None;
        }
        let mut c = InterpConfig::default();
        for opt in it {
            match opt {
                "no-gc" => c.gc = false,
                "shadow" => c.shadow = true,
                "uncaught" => c.uncaught = true,
                _ => return None,
            }
        }
        Some(c)
    }
}

/// A run's trace kept with what a later walk through it needs.
struct Kept {
    trace: Arc<PseTrace>,
    nodes: Vec<NodeId>,
    dirs: Vec<u32>,
    input: Arc<Assignment>,
}

/// `interp`'s counters.
#[derive(Clone, Debug, Default)]
pub struct InterpStats {
    /// Tester paths cut by a full interpolant.
    pub subsumed: u64,
    /// Paths of the subsumed subtrees (the subsumers' counts): the paper's extra coverage.
    pub extra_paths: u64,
    /// Greedy confirmation sessions started, failed, and their runs.
    pub gc_sessions: u64,
    /// Sessions that failed.
    pub gc_failures: u64,
    /// Internal runs.
    pub gc_runs: u64,
    /// Internal runs cut by a full interpolant.
    pub gc_subsumed: u64,
    /// Directions greedy confirmation found infeasible.
    pub gc_infeasible: u64,
    /// Tester paths that reached a bug.
    pub bug_paths: u64,
    /// Walks that stopped on a term they could not carry.
    pub stuck: u64,
    /// Shadow mode: paths that reached a bug after a full interpolant held on them (an unsound
    /// interpolant; always 0).
    pub shadow_violations: u64,
}

/// The `interp` pruner.
pub struct Interp {
    cfg: InterpConfig,
    slot: Slot,
    tree: Tree,
    credits: Credits,
    kept: FxHashMap<u64, Kept>,
    order: VecDeque<u64>,
    next_trace: u64,
    gc: Option<gc::Session>,
    stats: InterpStats,
}

impl Interp {
    /// An interp pruner; subsumption checks use their own solver. Shadow mode has no greedy
    /// confirmation: its internal runs add terms to the engine's expression pool, which can
    /// change the models the solver returns later, and shadow mode must change no input.
    pub fn new(mut cfg: InterpConfig, solver: crate::solver::SolverConfig) -> Self {
        if cfg.shadow {
            cfg.gc = false;
        }
        let pse = PseConfig {
            every_instance: true,
            pre_branch: true,
            shadow: cfg.shadow,
            first_instance_only: false,
            name: "interp",
            ..PseConfig::default()
        };
        Interp {
            cfg,
            slot: Arc::new(Mutex::new(Some(Box::new(Shared::new(pse, solver))))),
            tree: Tree::default(),
            credits: Credits::default(),
            kept: FxHashMap::default(),
            order: VecDeque::new(),
            next_trace: 0,
            gc: None,
            stats: InterpStats::default(),
        }
    }

    /// The state shared with the trackers: the location vocabulary and the full annotations
    /// per point (`pi`, one disjunct per annotation), for tests and tools to read once the
    /// exploration is over.
    pub fn shared(&self) -> Slot {
        self.slot.clone()
    }

    /// The execution tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The counters.
    pub fn stats(&self) -> &InterpStats {
        &self.stats
    }

    fn with<R>(&self, f: impl FnOnce(&mut Shared) -> R) -> Option<R> {
        let mut g = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        g.as_deref_mut().map(f)
    }

    fn is_bug(&self, prog: &Program, outcome: &Outcome) -> bool {
        match outcome {
            Outcome::Exception { class, .. } => self.cfg.uncaught || prog.is_assertion(class),
            _ => false,
        }
    }

    /// How a path ends as a leaf of the tree.
    fn leaf_end(&self, prog: &Program, path: &PathRecord, end: PathEnd, trace: Option<&PseTrace>) -> LeafEnd {
        match end {
            PathEnd::Returned | PathEnd::Threw if self.is_bug(prog, &path.run.outcome) => LeafEnd::Bug,
            PathEnd::Returned | PathEnd::Threw => LeafEnd::Safe,
            PathEnd::Cut if trace.is_some_and(|t| t.cut.is_some()) => {
                let credit = trace
                    .and_then(|t| t.cut_disjuncts.as_ref())
                    .map(|ds| {
                        ds.iter()
                            .filter_map(|d| d.first().and_then(|e| self.credits.paths.get(e)))
                            .copied()
                            .max()
                            .unwrap_or(1)
                    })
                    .unwrap_or(1);
                LeafEnd::Subsumed(credit)
            }
            _ => LeafEnd::Half,
        }
    }

    /// Adds a run to the tree and walks its annotation up; returns where the walk halted.
    fn learn(&mut self, prog: &Program, path: &PathRecord, end: PathEnd, pool: &mut crate::symbolic::ExprPool, by_gc: bool) -> Learned {
        let trace = path.trace::<Arc<PseTrace>>().cloned();
        let leaf_end = self.leaf_end(prog, path, end, trace.as_deref());
        if leaf_end == LeafEnd::Bug && !by_gc {
            self.stats.bug_paths += 1;
        }
        if leaf_end == LeafEnd::Bug && trace.as_ref().is_some_and(|t| t.shadow_hit) {
            self.stats.shadow_violations += 1;
        }
        let (nodes, fresh) = self.tree.insert(&path.run.events, leaf_end, pool);
        let Some(&leaf) = nodes.last() else { return Learned::default() };
        let dirs: Vec<u32> = path.run.events.iter().map(|e| e.dir).collect();
        let mut out = Learned {
            fresh,
            leaf,
            reached: nodes.len() == path.run.events.len() + 1,
            walked: None,
        };
        let Some(trace) = trace else { return out };
        let id = self.keep(trace.clone(), &nodes, dirs.clone(), path.input.clone());
        for n in &nodes {
            self.tree.node_mut(*n).via = Some(id);
        }
        if self.tree.settle(leaf).is_none() || !out.reached {
            return out;
        }
        let (seg, psi, objs, paths) = match leaf_end {
            LeafEnd::Safe => (trace.segs.len().saturating_sub(1), None, FxHashMap::default(), 1),
            LeafEnd::Subsumed(k) => {
                let Some(cut) = trace.cut else { return out };
                (cut.anchor, trace.cut_disjuncts.clone(), trace.cut_objs.clone(), k)
            }
            _ => return out,
        };
        let credits = &mut self.credits;
        let tree = &mut self.tree;
        let walked = {
            let mut g = self.slot.lock().unwrap_or_else(|e| e.into_inner());
            let Some(sh) = g.as_deref_mut() else { return out };
            let start = match psi {
                None => sh.lp.bool(true),
                Some(ds) => {
                    let mut f = sh.lp.bool(false);
                    for d in ds {
                        let mut c = sh.lp.bool(true);
                        for x in d {
                            c = crate::strategy::pse::wp::and(&mut sh.lp, c, x);
                        }
                        f = crate::strategy::pse::wp::or(&mut sh.lp, f, c);
                    }
                    f
                }
            };
            let view = RunView {
                nodes: &nodes,
                dirs: &dirs,
            };
            walk::climb(sh, tree, credits, &trace, &view, seg, start, objs, paths)
        };
        if walked == Walked::Stuck {
            self.stats.stuck += 1;
        }
        out.walked = Some(walked);
        out
    }

    /// Walks up from a node that just became full, through a kept trace.
    fn climb_from(&mut self, n: NodeId) -> Option<Walked> {
        let id = self.tree.node(n).via?;
        let kept = self.kept.get(&id)?;
        let k = kept.nodes.iter().position(|x| *x == n)?;
        let seg = walk::seg_of_event(&kept.trace, k)?;
        let (trace, nodes, dirs) = (kept.trace.clone(), kept.nodes.clone(), kept.dirs.clone());
        let (key, init) = self.tree.node(n).point?;
        let mut g = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        let sh = g.as_deref_mut()?;
        let psi = walk::node_psi(sh, &self.tree, n)?;
        let paths = self.tree.node(n).paths;
        walk::annotate(sh, &mut self.credits, key, init, psi, paths);
        let view = RunView {
            nodes: &nodes,
            dirs: &dirs,
        };
        let w = walk::climb(
            sh,
            &mut self.tree,
            &mut self.credits,
            &trace,
            &view,
            seg,
            psi,
            FxHashMap::default(),
            paths,
        );
        Some(w)
    }

    fn keep(&mut self, trace: Arc<PseTrace>, nodes: &[NodeId], dirs: Vec<u32>, input: Arc<Assignment>) -> u64 {
        let id = self.next_trace;
        self.next_trace += 1;
        self.kept.insert(
            id,
            Kept {
                trace,
                nodes: nodes.to_vec(),
                dirs,
                input,
            },
        );
        self.order.push_back(id);
        while self.order.len() > KEPT_TRACES {
            if let Some(old) = self.order.pop_front() {
                self.kept.remove(&old);
            }
        }
        id
    }

    /// After a walk halted at `n`: start (or extend) greedy confirmation there.
    fn confirm(&mut self, halted: Option<Walked>, events: usize) {
        if !self.cfg.gc {
            return;
        }
        let Some(Walked::Halted(n)) = halted else {
            if matches!(halted, Some(Walked::Root)) {
                self.gc = None;
            }
            return;
        };
        match &mut self.gc {
            Some(s) if s.covers(&self.tree, n) => {
                if !s.add_frontier(&self.tree, n) {
                    self.fail_gc();
                }
            }
            _ => {
                // A new level (or a new tester path): a fresh session with its own visits.
                let budget = self.gc.as_ref().map_or(8 + 4 * events as u32, |s| s.runs_left);
                self.stats.gc_sessions += 1;
                match gc::Session::start(&self.tree, n, budget) {
                    Some(s) => self.gc = Some(s),
                    None => {
                        self.stats.gc_failures += 1;
                        self.gc = None;
                    }
                }
            }
        }
    }

    fn fail_gc(&mut self) {
        if self.gc.take().is_some() {
            self.stats.gc_failures += 1;
        }
    }
}

/// What adding a run to the tree found.
#[derive(Default)]
struct Learned {
    fresh: Vec<NodeId>,
    leaf: NodeId,
    reached: bool,
    walked: Option<Walked>,
}

impl Pruner for Interp {
    fn name(&self) -> &'static str {
        "interp"
    }

    fn needs(&self) -> Needs {
        Needs {
            unsat_cores: false,
            retracts: !self.cfg.shadow,
            cuts: true,
        }
    }

    fn select_tasks(&mut self, _path: &PathRecord, _candidates: &mut Vec<Task>, _ctx: &mut TaskCtx<'_>) {
        // The path's own annotation (and greedy confirmation's) comes in `on_path_end`; the
        // candidates it subsumes are retracted after it (`keep_pending`).
    }

    fn on_path_end(&mut self, path: &PathRecord, end: PathEnd, ctx: &mut TaskCtx<'_>) {
        if matches!(end, PathEnd::Duplicate) {
            return;
        }
        if matches!(end, PathEnd::Cut) && path.trace::<Arc<PseTrace>>().is_some_and(|t| t.cut.is_some()) {
            self.stats.subsumed += 1;
            if let Outcome::Cut(_) = path.run.outcome
                && let LeafEnd::Subsumed(k) = self.leaf_end(ctx.prog, path, end, path.trace::<Arc<PseTrace>>().map(|a| &**a))
            {
                self.stats.extra_paths += k;
            }
        }
        // A new tester path ends the previous session (its budget was the last path's).
        self.gc = None;
        let learned = self.learn(ctx.prog, path, end, ctx.pool, false);
        self.confirm(learned.walked, path.run.events.len());
    }

    fn on_task_result(&mut self, task: &Task, result: &TaskResult, _ctx: &mut TaskCtx<'_>) {
        let Some((n, _)) = self.tree.task_node(task) else { return };
        let unknown = matches!(result, TaskResult::Unknown(_));
        self.tree.mark_dead(n, task.site.2, unknown);
        if unknown || self.tree.settle(n).is_none() {
            return;
        }
        let w = self.climb_from(n);
        self.gc = None;
        self.confirm(w, task.flip + 1);
    }

    fn keeps_coverage(&self) -> bool {
        self.cfg.shadow
    }

    fn extra_paths(&self) -> u64 {
        self.stats.extra_paths
    }

    fn keep_pending(&mut self, task: &Task) -> bool {
        self.cfg.shadow || !self.tree.subsumed_task(task)
    }

    fn tracker_for(&mut self, task: Option<&Task>) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        let flip = task.map(|t| (t.site.0, t.site.1, t.occ));
        Some(Box::new(PseTracker::new(self.slot.clone(), flip)))
    }

    fn internal_task(&mut self, ctx: &mut TaskCtx<'_>) -> Option<Task> {
        loop {
            let s = self.gc.as_mut()?;
            if s.runs_left == 0 {
                self.fail_gc();
                return None;
            }
            let Some((n, dir)) = s.jobs.pop() else {
                self.gc = None;
                return None;
            };
            let node = self.tree.node(n);
            if node.child(dir).is_some() || node.infeasible.contains(&dir) || node.full {
                continue;
            }
            let (m, pc, occ) = node.site?;
            let Some(cond) = self.tree.dir_cond(n, dir, ctx.pool) else {
                self.fail_gc();
                return None;
            };
            let prefix: Arc<[crate::symbolic::ExprId]> = self.tree.prefix_conds(n).into();
            let base = node
                .via
                .and_then(|id| self.kept.get(&id))
                .map(|k| k.input.clone())
                .unwrap_or_else(|| Arc::new(Vec::new()));
            let s = self.gc.as_mut()?;
            s.runs_left -= 1;
            s.current = Some((n, dir));
            let len = prefix.len();
            return Some(Task {
                id: u64::MAX,
                parent: 0,
                flip: len,
                prefix: Prefix::Path(prefix, len),
                cond,
                base,
                site: (m, pc, dir),
                occ,
                origin: None,
            });
        }
    }

    fn on_internal(&mut self, task: &Task, result: Internal<'_>, ctx: &mut TaskCtx<'_>) {
        let Some((n, dir)) = self.gc.as_mut().and_then(|s| s.current.take()) else {
            return;
        };
        match result {
            Internal::Path(path, end) => {
                self.stats.gc_runs += 1;
                if matches!(end, PathEnd::Cut) {
                    self.stats.gc_subsumed += 1;
                }
                let learned = self.learn(ctx.prog, path, end, ctx.pool, true);
                let realised = self.tree.node(n).child(dir).is_some();
                let ok_end = matches!(self.tree.node(learned.leaf).leaf, Some(LeafEnd::Safe | LeafEnd::Subsumed(_)));
                let visits_ok = self.gc.as_mut().is_some_and(|s| s.visit(&self.tree, &learned.fresh));
                if !realised || !ok_end || !visits_ok || path.diverged {
                    self.fail_gc();
                    return;
                }
                self.confirm(learned.walked, task.flip + 1);
            }
            Internal::Dead(TaskResult::Unsat(_)) => {
                self.stats.gc_infeasible += 1;
                self.tree.mark_dead(n, dir, false);
                if self.tree.settle(n).is_some() {
                    let w = self.climb_from(n);
                    self.confirm(w, task.flip + 1);
                }
            }
            Internal::Dead(TaskResult::Unknown(_)) => {
                self.tree.mark_dead(n, dir, true);
                self.fail_gc();
            }
            Internal::Stopped => self.fail_gc(),
        }
    }

    fn counters(&self) -> Vec<(String, u64)> {
        let st = &self.stats;
        let full = self.tree.nodes.iter().filter(|n| n.full).count() as u64;
        let mut v = vec![
            ("subsumed_paths".into(), st.subsumed),
            ("extra_paths".into(), st.extra_paths),
            ("gc_sessions".into(), st.gc_sessions),
            ("gc_failures".into(), st.gc_failures),
            ("gc_runs".into(), st.gc_runs),
            ("gc_subsumed".into(), st.gc_subsumed),
            ("gc_infeasible".into(), st.gc_infeasible),
            ("bug_paths".into(), st.bug_paths),
            ("tree_nodes".into(), self.tree.nodes.len() as u64),
            ("full_nodes".into(), full),
            ("annotations".into(), self.credits.inserted),
            ("walks_stuck".into(), st.stuck),
            ("shadow_violations".into(), st.shadow_violations),
            ("fullness_violations".into(), self.tree.check_fullness().is_err() as u64),
        ];
        if let Some(extra) = self.with(|s| {
            // The annotations kept at the points, and the term nodes they take together
            // (shared subterms once).
            let all: Vec<crate::symbolic::ExprId> =
                s.pi.values()
                    .flat_map(|sm| sm.disjuncts.iter().flat_map(|d| d.conj.iter().copied()))
                    .collect();
            let mut seen = rustc_hash::FxHashSet::default();
            let mut stack = all.clone();
            while let Some(x) = stack.pop() {
                if seen.insert(x) {
                    stack.extend(s.lp.children(x).into_iter().flatten());
                }
            }
            vec![
                ("annotations_kept".to_string(), all.len() as u64),
                ("annotation_nodes".to_string(), seen.len() as u64),
                ("checks".to_string(), s.stats.checks),
                ("check_queries".to_string(), s.stats.queries),
                ("concrete_misses".to_string(), s.stats.concrete_misses),
                ("shadow_subsumed".to_string(), s.stats.shadow_hits),
                ("check_us".to_string(), s.stats.check_us),
            ]
        }) {
            v.extend(extra);
        }
        v
    }
}

/// The `interp` strategy names.
pub struct InterpFactory;

impl StrategyFactory for InterpFactory {
    fn names(&self) -> Vec<String> {
        vec![
            "interp".into(),
            "interp:no-gc".into(),
            "interp:shadow".into(),
            "interp:uncaught".into(),
        ]
    }
    fn accepts(&self, part: &str) -> bool {
        InterpConfig::parse(part).is_some()
    }
    fn conflict(&self, part: &str, others: &[&str]) -> Option<String> {
        others.iter().find(|o| o.starts_with("dgse") || o.starts_with("pse")).map(|o| {
            format!(
                "{part} cannot run with {o}: interp keeps only bug-reaching behaviour, while {o} relies on every path it removes being covered by the paths it keeps"
            )
        })
    }
    fn build(&self, part: &str, _ctx: &mut PresetCtx<'_>) -> Result<Component, PresetError> {
        let cfg = InterpConfig::parse(part).expect("accepted");
        Ok(Component {
            pruners: vec![Box::new(Interp::new(cfg, crate::solver::SolverConfig::default()))],
            ..Default::default()
        })
    }
}
