//! `rsd`'s execution tree: a node per decision prefix, holding the union of the relevant sets
//! that the runs through it gave its point, and finality as in `rwset` (seed 004 §3.2.2): a
//! node is finished when every direction of its event is explored to a finished child or found
//! infeasible, or, for a leaf, when its run returned, threw, failed an `assume` or was cut by
//! a snapshot. A limit, a divergence or an undecided query taints a node, which then never
//! finishes. A finished node stores its set as a snapshot of its point, with the path
//! constraints that transitively share a variable with its values.

use super::index::{Index, RLoc, RSnap, Reasons};
use crate::strategy::rwset::shared::{Constraints, PointKey};
use crate::strategy::rwset::state::VK;
use crate::strategy::rwset::tree::directions;
use crate::symbolic::{ExprId, ExprPool};
use crate::vm::Event;
use rustc_hash::FxHashMap;

pub use crate::strategy::rwset::placement::NONE;

#[derive(Clone, Debug, Default)]
struct TreeNode {
    parent: u32,
    dir_in: u32,
    cond_in: Option<ExprId>,
    children: Vec<(u32, u32)>,
    expect: Option<Vec<u32>>,
    decided: Vec<(u32, u64, u64)>,
    leaf: bool,
    tainted: bool,
    finished: bool,
    generation: u32,
    point: Option<(PointKey, u64)>,
    /// The union of the runs' sets at the point, with why each location is relevant; `None`
    /// once some run's was not exact.
    set: Option<FxHashMap<RLoc, (VK, u32)>>,
}

/// The tree.
#[derive(Default)]
pub struct Tree {
    nodes: Vec<TreeNode>,
    free: Vec<u32>,
    live_nodes: usize,
    /// Most nodes held at once.
    pub peak_nodes: usize,
    /// Nodes tainted.
    pub tainted: u64,
}

impl Tree {
    fn alloc(&mut self, mut n: TreeNode) -> u32 {
        self.live_nodes += 1;
        self.peak_nodes = self.peak_nodes.max(self.live_nodes);
        n.set = Some(FxHashMap::default());
        match self.free.pop() {
            Some(i) => {
                n.generation = self.nodes[i as usize].generation.wrapping_add(1);
                self.nodes[i as usize] = n;
                i
            }
            None => {
                self.nodes.push(n);
                self.nodes.len() as u32 - 1
            }
        }
    }

    /// The root (made on first use).
    pub fn root(&mut self) -> u32 {
        if self.nodes.is_empty() {
            self.alloc(TreeNode {
                parent: NONE,
                ..TreeNode::default()
            });
        }
        0
    }

    /// A node's generation (ids are reused once a node is freed).
    pub fn generation(&self, n: u32) -> u32 {
        self.nodes.get(n as usize).map_or(0, |x| x.generation)
    }

    /// Whether a node's subtree is finished.
    pub fn finished(&self, n: u32) -> bool {
        self.nodes.get(n as usize).is_some_and(|x| x.finished)
    }

    /// The child of `n` along direction `dir` of its event `e`, made if new (`None` below a
    /// finished node).
    pub fn step(&mut self, n: u32, e: &Event, pool: &mut ExprPool) -> Option<u32> {
        if self.nodes[n as usize].finished {
            return None;
        }
        if self.nodes[n as usize].leaf {
            self.taint(n);
        }
        let node = &self.nodes[n as usize];
        if let Some((_, c)) = node.children.iter().find(|(d, _)| *d == e.dir) {
            return Some(*c);
        }
        if node.expect.is_none() {
            let dirs = directions(e, pool);
            self.nodes[n as usize].expect = Some(dirs);
        }
        let c = self.alloc(TreeNode {
            parent: n,
            dir_in: e.dir,
            cond_in: Some(e.cond),
            ..TreeNode::default()
        });
        self.nodes[n as usize].children.push((e.dir, c));
        Some(c)
    }

    /// A run through `n` gave its point this relevant set, with each location's reason (`None`:
    /// not exact).
    pub fn contribute(&mut self, n: u32, key: PointKey, init: u64, set: Option<&[(RLoc, VK, u32)]>, reasons: &mut Reasons) {
        let Some(node) = self.nodes.get_mut(n as usize) else { return };
        if node.finished {
            return;
        }
        match node.point {
            None => node.point = Some((key, init)),
            Some(p) if p != (key, init) => node.set = None,
            Some(_) => {}
        }
        match (set, node.set.as_mut()) {
            (Some(s), Some(m)) => {
                for (l, v, r) in s {
                    match m.entry(*l) {
                        std::collections::hash_map::Entry::Occupied(mut e) => {
                            if e.get().0 != *v {
                                node.set = None;
                                return;
                            }
                            let u = reasons.union(e.get().1, *r);
                            e.get_mut().1 = u;
                        }
                        std::collections::hash_map::Entry::Vacant(e) => {
                            e.insert((*v, *r));
                        }
                    }
                }
            }
            _ => node.set = None,
        }
    }

    /// A node can never finish.
    pub fn taint(&mut self, n: u32) {
        if let Some(node) = self.nodes.get_mut(n as usize)
            && !node.tainted
            && !node.finished
        {
            node.tainted = true;
            self.tainted += 1;
        }
    }

    /// A direction of `n`'s event was found infeasible.
    pub fn infeasible(&mut self, n: u32, dir: u32, ix: &mut Index, pool: &ExprPool) {
        let Some(node) = self.nodes.get_mut(n as usize) else { return };
        if node.finished || node.decided.iter().any(|d| d.0 == dir) {
            return;
        }
        node.decided.push((dir, 0, 1));
        self.try_finish(n, ix, pool);
    }

    /// A path ended at leaf `n` (returned, threw, failed an `assume` or was cut) with `paths`
    /// feasible paths below it.
    pub fn leaf(&mut self, n: u32, paths: u64, ix: &mut Index, pool: &ExprPool) {
        let node = &mut self.nodes[n as usize];
        if node.finished || node.leaf {
            return;
        }
        node.leaf = true;
        if node.expect.is_some() {
            self.taint(n);
            return;
        }
        node.decided.push((0, paths, paths.max(1)));
        self.try_finish(n, ix, pool);
    }

    fn prefix_conds(&self, mut n: u32) -> Vec<ExprId> {
        let mut out = Vec::new();
        while n != NONE {
            let node = &self.nodes[n as usize];
            if let Some(c) = node.cond_in {
                out.push(c);
            }
            n = node.parent;
        }
        out.reverse();
        out
    }

    fn try_finish(&mut self, mut n: u32, ix: &mut Index, pool: &ExprPool) {
        while n != NONE {
            let node = &self.nodes[n as usize];
            if node.finished || node.tainted {
                return;
            }
            let ready = if node.leaf {
                !node.decided.is_empty()
            } else {
                node.expect
                    .as_ref()
                    .is_some_and(|dirs| dirs.iter().all(|d| node.decided.iter().any(|x| x.0 == *d)))
            };
            if !ready {
                return;
            }
            let (paths, work) = node.decided.iter().fold((0, 0), |(p, w), x| (p + x.1, w + x.2));
            // A subtree of one run is not stored: a state matching it would save at most the
            // rest of one run.
            if let Some((key, init)) = node.point
                && work >= 2
            {
                match &node.set {
                    Some(m) if ix.wants(key) => {
                        let mut with: Vec<(RLoc, VK, u32)> = m.iter().map(|(l, (v, r))| (*l, *v, *r)).collect();
                        with.sort_by_key(|x| x.0);
                        let reasons: Vec<u32> = with.iter().map(|x| x.2).collect();
                        let set: Vec<(RLoc, VK)> = with.into_iter().map(|x| (x.0, x.1)).collect();
                        let conds = self.prefix_conds(n);
                        let (vars, closure) = projection(ix, pool, &set, &conds);
                        ix.insert(
                            RSnap {
                                key,
                                init,
                                locations: set.len(),
                                vars,
                                closure,
                                paths,
                                reasons,
                            },
                            set,
                        );
                    }
                    Some(_) => {}
                    None => ix.stats.unmatchable += 1,
                }
            }
            let node = &mut self.nodes[n as usize];
            node.finished = true;
            node.set = None;
            node.decided = Vec::new();
            let children = std::mem::take(&mut node.children);
            let (parent, dir) = (node.parent, node.dir_in);
            for (_, c) in children {
                let generation = self.nodes[c as usize].generation;
                self.nodes[c as usize] = TreeNode {
                    generation,
                    finished: true,
                    ..TreeNode::default()
                };
                self.free.push(c);
                self.live_nodes -= 1;
            }
            if parent == NONE {
                return;
            }
            let p = &mut self.nodes[parent as usize];
            if !p.decided.iter().any(|x| x.0 == dir) {
                p.decided.push((dir, paths, work));
            }
            n = parent;
        }
    }
}

/// The input variables of a set's symbolic values, and the constraints among `conds` that
/// transitively share a variable with them (the projection closure of seed 004 §3.2).
pub fn projection(ix: &mut Index, pool: &ExprPool, set: &[(RLoc, VK)], conds: &[ExprId]) -> (Vec<crate::symbolic::VarId>, Vec<ExprId>) {
    let mut vars = Vec::new();
    for e in set.iter().filter_map(|x| x.1.sym()) {
        vars.extend(ix.vars(pool, e).iter().copied());
    }
    vars.sort_unstable();
    vars.dedup();
    if vars.is_empty() {
        return (vars, Vec::new());
    }
    let mut cs = Constraints::default();
    for c in conds {
        let vs = ix.vars(pool, *c);
        cs.add(*c, &vs);
    }
    let closure = cs.closure(&vars);
    (vars, closure)
}

impl crate::strategy::rwset::placement::ExecTree for Tree {
    fn root(&mut self) -> u32 {
        Tree::root(self)
    }
    fn step(&mut self, n: u32, e: &Event, pool: &mut ExprPool) -> Option<u32> {
        Tree::step(self, n, e, pool)
    }
    fn taint(&mut self, n: u32) {
        Tree::taint(self, n)
    }
    fn generation(&self, n: u32) -> u32 {
        Tree::generation(self, n)
    }
}
