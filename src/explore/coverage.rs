//! Coverage views of an exploration. Three denominators over the application (user classpath)
//! code, never the library models:
//! - `reachable` (the default, reported as `branch_coverage`): the application methods reachable
//!   from the driver through the call graph (class-hierarchy analysis for virtual and interface
//!   calls over every user class, calls through models followed, class initialisers, and the
//!   methods `invokedynamic` bootstrap arguments name, i.e. lambda bodies), plus every method the
//!   runs executed, so that nothing executed is ever left out;
//! - `classes`: every method of the application classes the runs executed (what JaCoCo
//!   measures per class);
//! - `methods`: only the application methods the runs executed.

use crate::analysis::resolve_targets;
use crate::bytecode::{Op, decode::BsArg};
use crate::program::Program;
use crate::vm::Coverage;
use std::collections::VecDeque;

/// Covered and total branch edges and instructions over a set of methods.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CoverageView {
    /// Covered branch edges (2 per conditional jump, one per distinct switch target).
    pub branches_covered: u64,
    /// Branch edges in the methods of the view.
    pub branches_total: u64,
    /// Executed instructions.
    pub instructions_covered: u64,
    /// Instructions in the methods of the view.
    pub instructions_total: u64,
    /// Methods in the view (with code).
    pub methods: u64,
}

impl CoverageView {
    /// Covered / total branch edges (1 when there are none).
    pub fn branch_ratio(&self) -> f64 {
        ratio(self.branches_covered, self.branches_total)
    }
    /// Executed / total instructions (1 when there are none).
    pub fn instruction_ratio(&self) -> f64 {
        ratio(self.instructions_covered, self.instructions_total)
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

/// The three coverage views of one exploration (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CoverageViews {
    /// Application methods reachable from the driver (the default view).
    pub reachable: CoverageView,
    /// Every method of the application classes the runs executed.
    pub classes: CoverageView,
    /// The application methods the runs executed.
    pub methods: CoverageView,
}

/// The application methods reachable from a driver, as flags indexed by method id (methods
/// loaded after the computation are outside it).
#[derive(Clone, Debug, Default)]
pub struct Reachable {
    /// `flags[m]`: method `m` is an application method reachable from the driver.
    pub flags: Vec<bool>,
    /// Branch edges in those methods.
    pub branches_total: u64,
}

impl Reachable {
    /// True when method `m` is in the set.
    pub fn contains(&self, m: u32) -> bool {
        self.flags.get(m as usize).copied().unwrap_or(false)
    }

    /// Covered branch edges of the set (cheap: one pass over the covered edges).
    pub fn covered(&self, cov: &Coverage) -> u64 {
        cov.edges.iter().filter(|e| self.contains(e.0)).count() as u64
    }
}

/// The application methods reachable from `root` (loads every user class, as the dependence
/// analysis does, so that the set does not depend on what a strategy happened to load).
pub fn reachable(prog: &Program, root: u32) -> Reachable {
    for name in prog.classpath.user_class_names() {
        let _ = prog.load(&name);
    }
    let mut seen = vec![false; prog.method_count()];
    let mut inited = vec![false; prog.class_count()];
    let mut queue = VecDeque::from([root]);
    let mark = |m: u32, seen: &mut Vec<bool>, queue: &mut VecDeque<u32>| {
        let i = m as usize;
        if i >= seen.len() {
            seen.resize(i + 1, false);
        }
        if !seen[i] {
            seen[i] = true;
            queue.push_back(m);
        }
    };
    seen[root as usize] = true;
    while let Some(mid) = queue.pop_front() {
        let m = prog.method(mid).clone();
        let mut classes: Vec<std::sync::Arc<str>> = vec![m.class_name.clone()];
        for op in m.code.iter() {
            match op {
                Op::GetStatic(r) | Op::PutStatic(r) => classes.push(r.class.clone()),
                Op::New(c) => classes.push(c.clone()),
                Op::Invoke(kind, r) => {
                    if matches!(kind, crate::bytecode::InvokeKind::Static) {
                        classes.push(r.class.clone());
                    }
                    for t in resolve_targets(prog, *kind, &r.class, &r.name, &r.desc) {
                        mark(t, &mut seen, &mut queue);
                    }
                }
                Op::InvokeDynamic(indy) => {
                    let bs = prog.class(m.class).bootstraps.get(indy.bootstrap as usize).cloned();
                    for arg in bs.iter().flat_map(|b| b.args.iter()) {
                        if let BsArg::Handle(h) = arg
                            && let Ok(cid) = prog.load(&h.class)
                            && let Some(t) = prog.resolve_method(cid, &h.name, &h.desc)
                        {
                            mark(t, &mut seen, &mut queue);
                        }
                    }
                }
                _ => {}
            }
        }
        for c in classes {
            let Ok(cid) = prog.load(&c) else { continue };
            let mut cur = Some(cid);
            while let Some(id) = cur {
                if inited.len() <= id as usize {
                    inited.resize(id as usize + 1, false);
                }
                if !std::mem::replace(&mut inited[id as usize], true)
                    && let Some(ci) = prog.declared_method(id, "<clinit>", "()V")
                {
                    mark(ci, &mut seen, &mut queue);
                }
                cur = prog.class(id).super_id;
            }
        }
    }
    seen.resize(prog.method_count(), false);
    for (i, s) in seen.iter_mut().enumerate() {
        *s = *s && prog.class(prog.method(i as u32).class).is_user();
    }
    let branches_total = (0..seen.len())
        .filter(|&i| seen[i])
        .map(|i| branch_edges(prog, i as u32, None))
        .sum();
    Reachable {
        flags: seen,
        branches_total,
    }
}

/// Branch edges of method `mid`, all of them, or only the covered ones when `cov` is given.
fn branch_edges(prog: &Program, mid: u32, cov: Option<&Coverage>) -> u64 {
    let m = prog.method(mid);
    let mut n = 0;
    for (pc, op) in m.code.iter().enumerate() {
        let pc = pc as u32;
        let mut targets: Vec<u32> = match op {
            Op::If(_, t) | Op::IfCmp(_, t) | Op::IfRefEq(_, t) | Op::IfNull(_, t) => vec![*t, pc + 1],
            Op::TableSwitch(_, ts, d) => ts.iter().copied().chain(std::iter::once(*d)).collect(),
            Op::LookupSwitch(ps, d) => ps.iter().map(|p| p.1).chain(std::iter::once(*d)).collect(),
            _ => continue,
        };
        targets.sort_unstable();
        targets.dedup();
        n += match cov {
            None => targets.len() as u64,
            Some(c) => targets.iter().filter(|t| c.edges.contains(&(mid, pc, **t))).count() as u64,
        };
    }
    n
}

fn executed(cov: &Coverage, m: u32) -> bool {
    cov.instrs.get(m as usize).is_some_and(|v| v.iter().any(|b| *b))
}

fn add(view: &mut CoverageView, prog: &Program, cov: &Coverage, mid: u32) {
    let m = prog.method(mid);
    if m.code.is_empty() {
        return;
    }
    view.methods += 1;
    view.instructions_total += m.code.len() as u64;
    if let Some(v) = cov.instrs.get(mid as usize) {
        view.instructions_covered += v.iter().filter(|b| **b).count() as u64;
    }
    view.branches_total += branch_edges(prog, mid, None);
    view.branches_covered += branch_edges(prog, mid, Some(cov));
}

/// The three views of `cov`, over the reachable set `reach` (computed from `root` when not given).
pub fn views(prog: &Program, root: u32, cov: &Coverage, reach: Option<Reachable>) -> CoverageViews {
    let reach = reach.unwrap_or_else(|| reachable(prog, root));
    let mut out = CoverageViews::default();
    for c in prog.classes() {
        if !c.is_user() {
            continue;
        }
        let class_executed = c.methods.iter().any(|m| executed(cov, *m));
        for &mid in &c.methods {
            let ran = executed(cov, mid);
            if class_executed {
                add(&mut out.classes, prog, cov, mid);
            }
            if ran {
                add(&mut out.methods, prog, cov, mid);
            }
            if ran || reach.contains(mid) {
                add(&mut out.reachable, prog, cov, mid);
            }
        }
    }
    out
}

/// Branch edges and instructions over the executed application classes: (covered, total,
/// covered, total), i.e. the `classes` view.
pub fn coverage_totals(prog: &Program, cov: &Coverage) -> (u64, u64, u64, u64) {
    let mut v = CoverageView::default();
    for c in prog.classes() {
        if c.is_user() && c.methods.iter().any(|m| executed(cov, *m)) {
            for &mid in &c.methods {
                add(&mut v, prog, cov, mid);
            }
        }
    }
    (v.branches_covered, v.branches_total, v.instructions_covered, v.instructions_total)
}

/// Fills [`super::Summary::coverage_over_time`] from the run's coverage log: at each path, the
/// branch edges and instructions of application methods covered so far.
pub fn over_time(prog: &Program, cov: &Coverage, s: &mut super::Summary) {
    let user = |m: u32| (m as usize) < prog.method_count() && prog.class(prog.method(m).class).is_user();
    let cumulative = |log: &[u32]| {
        let mut acc = Vec::with_capacity(log.len() + 1);
        acc.push(0u64);
        let mut n = 0;
        for &m in log {
            n += user(m) as u64;
            acc.push(n);
        }
        acc
    };
    let edges = cumulative(&cov.edge_log);
    let instrs = cumulative(&cov.instr_log);
    let log = std::mem::take(&mut s.coverage_log);
    s.coverage_over_time = log
        .iter()
        .zip(s.paths_over_time.iter())
        .map(|(&(ms, e, i), &(_, paths))| (ms, paths, edges[e.min(edges.len() - 1)], instrs[i.min(instrs.len() - 1)]))
        .collect();
}
