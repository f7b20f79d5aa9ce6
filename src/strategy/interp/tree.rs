//! The persistent execution tree of `interp` (the paper's "collection of annotated paths"): a
//! trie over branch events, a node per decision prefix. A node records which directions of its
//! event were explored (a child each), found infeasible or left undecided, and whether it is
//! *full* (Def. 2: a leaf that is terminal, infeasible or subsumed, or a node all of whose
//! directions are full). Children are matched by the condition of their direction in the run's
//! expression pool (hash-consed, so every run through the same decisions names them alike),
//! which is how a task's prefix finds its place ([`Tree::subsumed_task`], `IsSubsumedPath`).

use crate::strategy::pse::state::PointKey;
use crate::symbolic::{ExprId, ExprPool, Node as Term};
use crate::task::Task;
use crate::vm::{Alts, Event, EventKind};

/// A node's index.
pub type NodeId = u32;

/// One explored direction of an event.
#[derive(Clone, Debug)]
pub struct Child {
    /// The direction's condition in the run's pool.
    pub cond: ExprId,
    /// The direction (as in [`Event::dir`]).
    pub dir: u32,
    /// The node after it.
    pub node: NodeId,
    /// The direction's condition over the locations at the event's point (interp's pool), when
    /// a walk has seen it.
    pub lcond: Option<ExprId>,
    /// Weakest preconditions of the direction's explored continuations, over the locations at
    /// the event's point (one per variant of the segment after the branch).
    pub edges: Vec<ExprId>,
}

/// How a path ended, as the tree records its last node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafEnd {
    /// Returned or threw something that is not a bug: terminal, `true`.
    Safe,
    /// Cut by a full annotation: subsumed, crediting this many paths.
    Subsumed(u64),
    /// Reached a bug: never full.
    Bug,
    /// Stopped by a limit, an `assume` or a divergence: half for ever.
    Half,
}

/// A node.
#[derive(Clone, Debug)]
pub struct TreeNode {
    /// Its parent and the direction that leads here.
    pub parent: Option<(NodeId, u32)>,
    /// Index of its event in the paths through it (its depth).
    pub depth: u32,
    /// The event's (method, pc) and how many earlier events of the path were there.
    pub site: Option<(u32, u32, u32)>,
    /// The event's alternatives (to build the condition of a direction not explored yet).
    pub alts: Option<Alts>,
    /// The directions that must be decided (explored or infeasible) for it to be full.
    pub dirs: Vec<u32>,
    /// Explored directions.
    pub children: Vec<Child>,
    /// Directions found infeasible.
    pub infeasible: Vec<u32>,
    /// Directions the solver could not decide (never full).
    pub unknown: Vec<u32>,
    /// How the path ended here, for a leaf.
    pub leaf: Option<LeafEnd>,
    /// Def. 2.
    pub full: bool,
    /// The point of its event and the initialised-classes fingerprint there, once a walk saw it.
    pub point: Option<(PointKey, u64)>,
    /// Feasible paths in its subtree (subsumed subtrees credited with their subsumer's).
    pub paths: u64,
    /// A kept trace through it (see [`super::Interp`]'s trace store).
    pub via: Option<u64>,
    /// A subsumed leaf that a later run went past.
    pub subsumed_leaf: bool,
}

impl TreeNode {
    fn new(parent: Option<(NodeId, u32)>, depth: u32) -> Self {
        TreeNode {
            parent,
            depth,
            site: None,
            alts: None,
            dirs: Vec::new(),
            children: Vec::new(),
            infeasible: Vec::new(),
            unknown: Vec::new(),
            leaf: None,
            full: false,
            point: None,
            paths: 0,
            via: None,
            subsumed_leaf: false,
        }
    }

    /// The child through direction `dir`.
    pub fn child(&self, dir: u32) -> Option<&Child> {
        self.children.iter().find(|c| c.dir == dir)
    }

    /// True when direction `dir` is decided: explored and full, or infeasible.
    pub fn decided(&self, dir: u32, tree: &Tree) -> bool {
        self.infeasible.contains(&dir) || self.child(dir).is_some_and(|c| tree.nodes[c.node as usize].full)
    }

    /// The directions neither explored, infeasible nor undecided.
    pub fn open_dirs(&self) -> Vec<u32> {
        self.dirs
            .iter()
            .copied()
            .filter(|d| self.child(*d).is_none() && !self.infeasible.contains(d) && !self.unknown.contains(d))
            .collect()
    }
}

/// The tree.
#[derive(Debug)]
pub struct Tree {
    /// Nodes; 0 is the root (the state before the first event).
    pub nodes: Vec<TreeNode>,
}

impl Default for Tree {
    fn default() -> Self {
        Tree {
            nodes: vec![TreeNode::new(None, 0)],
        }
    }
}

/// The directions of an event that must be decided: both of a two-way event, every arm of a
/// switch whose condition is not false by construction, the one taken otherwise.
fn required_dirs(e: &Event, pool: &mut ExprPool) -> Vec<u32> {
    match &e.alts {
        Alts::None => vec![e.dir],
        Alts::Negate => vec![0, 1],
        Alts::Switch { key, cases, default } => {
            let arms = if *default { cases.len() + 1 } else { cases.len() };
            (0..arms as u32)
                .filter(|a| {
                    let c = crate::vm::ops::switch_arm_cond(pool, *key, cases, *a as usize);
                    *a == e.dir || !matches!(pool.node(c), Term::Bool(false))
                })
                .collect()
        }
    }
}

impl Tree {
    /// A node.
    pub fn node(&self, n: NodeId) -> &TreeNode {
        &self.nodes[n as usize]
    }

    /// A node, mutable.
    pub fn node_mut(&mut self, n: NodeId) -> &mut TreeNode {
        &mut self.nodes[n as usize]
    }

    /// Adds a path: the node before each event and the leaf after the last (a run that
    /// diverged from the tree stops at the divergence). Returns the nodes, the leaf last, and
    /// the new event nodes at program points (greedy confirmation's visits).
    pub fn insert(&mut self, events: &[Event], end: LeafEnd, pool: &mut ExprPool) -> (Vec<NodeId>, Vec<NodeId>) {
        let mut path = Vec::with_capacity(events.len() + 1);
        let mut fresh = Vec::new();
        let mut cur: NodeId = 0;
        let mut occ: rustc_hash::FxHashMap<(u32, u32), u32> = Default::default();
        for (k, e) in events.iter().enumerate() {
            path.push(cur);
            let o = occ.entry((e.method, e.pc)).or_insert(0);
            let this_occ = *o;
            *o += 1;
            let n = &mut self.nodes[cur as usize];
            if n.site.is_none() {
                // A subsumed leaf explored further (shadow mode) stays full: it is safe.
                n.subsumed_leaf |= matches!(n.leaf, Some(LeafEnd::Subsumed(_)));
                n.site = Some((e.method, e.pc, this_occ));
                let at_point = matches!(e.kind, EventKind::If | EventKind::Switch);
                n.alts = Some(e.alts.clone());
                n.dirs = required_dirs(e, pool);
                n.leaf = None;
                if at_point {
                    fresh.push(cur);
                }
            } else if n.site.is_some_and(|s| (s.0, s.1) != (e.method, e.pc)) {
                // The same decisions led elsewhere (imprecise modelling): leave it half.
                return (path, fresh);
            }
            let next = match self.nodes[cur as usize].children.iter().find(|c| c.cond == e.cond) {
                Some(c) => c.node,
                None => {
                    let id = self.nodes.len() as NodeId;
                    self.nodes.push(TreeNode::new(Some((cur, e.dir)), k as u32 + 1));
                    self.nodes[cur as usize].children.push(Child {
                        cond: e.cond,
                        dir: e.dir,
                        node: id,
                        lcond: None,
                        edges: Vec::new(),
                    });
                    id
                }
            };
            cur = next;
        }
        path.push(cur);
        let n = &mut self.nodes[cur as usize];
        if n.site.is_none() && !n.full {
            n.leaf = Some(match (n.leaf, end) {
                // A bug found below a node stays.
                (Some(LeafEnd::Bug), _) => LeafEnd::Bug,
                _ => end,
            });
        }
        (path, fresh)
    }

    /// Recomputes fullness from `from` upwards, as far as it changes; returns the highest node
    /// that became full (`None`: `from` is not full).
    pub fn settle(&mut self, from: NodeId) -> Option<NodeId> {
        let mut cur = from;
        let mut top = None;
        loop {
            let full = self.compute_full(cur);
            if !full {
                return top;
            }
            let was = self.nodes[cur as usize].full;
            self.nodes[cur as usize].full = true;
            self.nodes[cur as usize].paths = self.count_paths(cur);
            top = Some(cur);
            if was && cur != from {
                return top;
            }
            match self.nodes[cur as usize].parent {
                Some((p, _)) => cur = p,
                None => return top,
            }
        }
    }

    fn compute_full(&self, n: NodeId) -> bool {
        let node = &self.nodes[n as usize];
        match node.leaf {
            Some(LeafEnd::Safe | LeafEnd::Subsumed(_)) => return true,
            Some(_) => return false,
            None => {}
        }
        if node.site.is_none() {
            return false;
        }
        node.dirs.iter().all(|d| node.decided(*d, self))
    }

    fn count_paths(&self, n: NodeId) -> u64 {
        let node = &self.nodes[n as usize];
        match node.leaf {
            Some(LeafEnd::Safe) => 1,
            Some(LeafEnd::Subsumed(k)) => k,
            Some(_) => 0,
            None => node.children.iter().map(|c| self.nodes[c.node as usize].paths).sum(),
        }
    }

    /// Marks a direction of a node infeasible or undecided.
    pub fn mark_dead(&mut self, n: NodeId, dir: u32, unknown: bool) {
        let node = &mut self.nodes[n as usize];
        let list = if unknown { &mut node.unknown } else { &mut node.infeasible };
        if !list.contains(&dir) {
            list.push(dir);
        }
    }

    /// The node a task flips (the node before its flipped event), found by walking the task's
    /// prefix conditions; `None` when the walk leaves the tree. `full_on_way` tells whether a
    /// node on the way is full.
    pub fn task_node(&self, t: &Task) -> Option<(NodeId, bool)> {
        let mut cur: NodeId = 0;
        let mut full = self.nodes[0].full;
        for c in t.prefix.constraints() {
            let n = &self.nodes[cur as usize];
            cur = n.children.iter().find(|x| x.cond == *c)?.node;
            full |= self.nodes[cur as usize].full;
        }
        let n = &self.nodes[cur as usize];
        match n.site {
            Some((m, pc, _)) if (m, pc) == (t.site.0, t.site.1) => Some((cur, full)),
            _ => None,
        }
    }

    /// `IsSubsumedPath`: a task is redundant when a node on its prefix is full (its subtree is
    /// settled: explored, infeasible or subsumed), or its direction is already decided.
    pub fn subsumed_task(&self, t: &Task) -> bool {
        let Some((n, full)) = self.task_node(t) else { return false };
        let node = &self.nodes[n as usize];
        full || node.decided(t.site.2, self)
    }

    /// The node path from the root to `n` (root first).
    pub fn path_to(&self, n: NodeId) -> Vec<NodeId> {
        let mut out = vec![n];
        let mut cur = n;
        while let Some((p, _)) = self.nodes[cur as usize].parent {
            out.push(p);
            cur = p;
        }
        out.reverse();
        out
    }

    /// The conditions of the decisions from the root to `n`, in order.
    pub fn prefix_conds(&self, n: NodeId) -> Vec<ExprId> {
        let path = self.path_to(n);
        path.windows(2)
            .map(|w| {
                let (p, c) = (w[0], w[1]);
                self.nodes[p as usize]
                    .children
                    .iter()
                    .find(|x| x.node == c)
                    .map(|x| x.cond)
                    .expect("a child of its parent")
            })
            .collect()
    }

    /// The condition (run pool) of direction `dir` of node `n`, built from an explored sibling.
    pub fn dir_cond(&self, n: NodeId, dir: u32, pool: &mut ExprPool) -> Option<ExprId> {
        let node = &self.nodes[n as usize];
        if let Some(c) = node.child(dir) {
            return Some(c.cond);
        }
        match node.alts.as_ref()? {
            Alts::Negate => {
                let other = node.children.first()?;
                Some(pool.not(other.cond))
            }
            Alts::Switch { key, cases, .. } => Some(crate::vm::ops::switch_arm_cond(pool, *key, cases, dir as usize)),
            Alts::None => None,
        }
    }

    /// Checks Def. 2 everywhere: a node is full iff it is a full leaf or all its required
    /// directions are decided (the property tests call it after every path).
    pub fn check_fullness(&self) -> Result<(), String> {
        for (i, n) in self.nodes.iter().enumerate() {
            let want = self.compute_full(i as NodeId);
            if n.full != want && !(n.full && n.subsumed_leaf) {
                return Err(format!("node {i} is marked {} but Def. 2 says {want}", n.full));
            }
        }
        Ok(())
    }
}
