//! The backward half of `SymExec`/`UnwindPath` (Fig. 3): from a full leaf of a run, carry the
//! annotation up the run's trace, one segment at a time, by weakest preconditions over program
//! locations (`pse`'s machinery, [`carry_back`]); at a concrete branch the untaken side is an
//! infeasible child (`WP(assume(c), Ψ) ∧ c`, notes B.9.3); at an event node record the carried
//! formula as a continuation of the direction taken and, if the node is full, annotate it with
//! `⋁_d (c_d ∧ Ψ_d)` over its explored directions (the conjunction `⋀_d (c_d ⇒ Ψ_d)` restricted
//! to the states that take an explored direction, which is the same thing once every other
//! direction is infeasible) and go on; halt at the first node that is not full.

use super::tree::{NodeId, Tree};
use crate::strategy::pse::state::{Disjunct, PointKey, Shared};
use crate::strategy::pse::tracker::PseTrace;
use crate::strategy::pse::wp::{and, carry_back, or};
use crate::symbolic::{ExprId, Node, VarId};
use rustc_hash::FxHashMap;

/// Continuations kept per direction of a node (each is sound on its own; more only weaken
/// the annotation).
const MAX_EDGES: usize = 16;

/// The largest annotation kept, in term nodes (`JSYMEX_INTERP_MAX_SIZE`; unbounded by default:
/// on the driver subjects every bound tried cost more in lost subsumptions than it saved).
pub fn max_size() -> usize {
    static M: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *M.get_or_init(|| {
        std::env::var("JSYMEX_INTERP_MAX_SIZE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(usize::MAX)
    })
}

/// True when `e` has more than [`max_size`] distinct nodes (counted up to the bound).
fn too_big(sh: &Shared, e: ExprId) -> bool {
    let cap = max_size();
    if cap == usize::MAX {
        return false;
    }
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        if seen.len() > cap {
            return true;
        }
        stack.extend(sh.lp.children(x).into_iter().flatten());
    }
    false
}

/// Where a walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walked {
    /// At the run's start: every node on the way is annotated.
    Root,
    /// At a node that is not full (greedy confirmation's place).
    Halted(NodeId),
    /// A term could not be carried (an opaque value): nothing above learns from this run.
    Stuck,
}

/// What the walk knows of the run besides its trace.
pub struct RunView<'a> {
    /// The tree node before each event.
    pub nodes: &'a [NodeId],
    /// The direction of each event.
    pub dirs: &'a [u32],
}

/// Annotations inserted into the subsumption index, with the paths each stands for.
#[derive(Default)]
pub struct Credits {
    /// Annotation term → feasible paths of the subtree it summarises (the most seen).
    pub paths: FxHashMap<ExprId, u64>,
    /// Annotations inserted.
    pub inserted: u64,
}

/// Annotates a point: the formula joins the point's disjunction of full annotations.
pub fn annotate(sh: &mut Shared, credits: &mut Credits, key: PointKey, init: u64, psi: ExprId, paths: u64) {
    if matches!(sh.lp.node(psi), Node::Bool(false)) || sh.cold(&key) {
        return;
    }
    if crate::strategy::pse::state::debug() {
        let locs: Vec<String> = sh
            .lp
            .post_order(psi, |_| false)
            .into_iter()
            .filter_map(|x| sh.loc(x).map(|l| format!("{}={:?}", sh.lp.display(x), l.0)))
            .collect();
        eprintln!("interp: annotate {key:?} with {} where {locs:?}", sh.lp.display(psi));
    }
    let e = credits.paths.entry(psi).or_insert(0);
    *e = (*e).max(paths);
    credits.inserted += 1;
    sh.insert(key, Disjunct { conj: vec![psi], init });
}

/// A full node's annotation: its explored directions, each with its continuations.
pub fn node_psi(sh: &mut Shared, tree: &Tree, n: NodeId) -> Option<ExprId> {
    let mut out = sh.lp.bool(false);
    let mut any = false;
    for c in &tree.node(n).children {
        let (Some(lc), false) = (c.lcond, c.edges.is_empty()) else {
            continue;
        };
        let mut cont = sh.lp.bool(false);
        for e in &c.edges {
            cont = or(&mut sh.lp, cont, *e);
        }
        let d = and(&mut sh.lp, lc, cont);
        out = or(&mut sh.lp, out, d);
        any = true;
    }
    any.then_some(out)
}

/// Carries `psi` (over the end of segment `seg`) up the run, annotating as it goes.
#[allow(clippy::too_many_arguments)]
pub fn climb(
    sh: &mut Shared,
    tree: &mut Tree,
    credits: &mut Credits,
    trace: &PseTrace,
    run: &RunView<'_>,
    mut seg: usize,
    mut psi: ExprId,
    mut objs: FxHashMap<VarId, u32>,
    mut paths: u64,
) -> Walked {
    let segs = &trace.segs;
    loop {
        // Above the first conditional point there is nothing to annotate.
        if seg == 0 {
            return Walked::Root;
        }
        let Some(s) = segs.get(seg) else { return Walked::Stuck };
        let Some((p, o)) = carry_back(sh, s, &objs, psi) else {
            return Walked::Stuck;
        };
        (psi, objs) = (p, o);
        let Some(a) = segs[seg - 1].anchor.as_ref() else {
            return Walked::Stuck;
        };
        match a.event {
            Some(k) => {
                let (Some(&n), Some(&dir)) = (run.nodes.get(k), run.dirs.get(k)) else {
                    return Walked::Stuck;
                };
                let node = tree.node_mut(n);
                node.point = Some((a.key, a.init));
                if let Some(c) = node.children.iter_mut().find(|c| c.dir == dir) {
                    if c.lcond.is_none() {
                        c.lcond = a.cond;
                    }
                    if !c.edges.contains(&psi) && c.edges.len() < MAX_EDGES {
                        c.edges.push(psi);
                    }
                }
                if !tree.node(n).full {
                    return Walked::Halted(n);
                }
                let Some(np) = node_psi(sh, tree, n) else { return Walked::Stuck };
                if too_big(sh, np) {
                    return Walked::Stuck;
                }
                psi = np;
                paths = tree.node(n).paths;
                annotate(sh, credits, a.key, a.init, psi, paths);
            }
            None => {
                let Some(c) = a.cond else { return Walked::Stuck };
                psi = and(&mut sh.lp, c, psi);
                if too_big(sh, psi) {
                    return Walked::Stuck;
                }
                annotate(sh, credits, a.key, a.init, psi, paths);
            }
        }
        seg -= 1;
    }
}

/// The segment whose end is the point of event `k` of a run (`None`: the event is not at a
/// conditional point of the trace).
pub fn seg_of_event(trace: &PseTrace, k: usize) -> Option<usize> {
    trace
        .segs
        .iter()
        .position(|s| s.anchor.as_ref().is_some_and(|a| a.event == Some(k)))
}
