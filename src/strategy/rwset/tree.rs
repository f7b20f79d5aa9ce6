//! `rwset`'s execution tree: a node per decision prefix, with the segment of the run that
//! created it, the directions of its event that are decided, and whether its subtree is
//! *finished* (seed 004 §3.2.2's finality): every direction of its event explored to a
//! finished child or found infeasible, or a leaf whose run returned, threw, failed an
//! `assume`, or was cut by a snapshot. A node below a limit, a divergence or an undecided
//! query is *tainted* and never finishes. Finishing a node computes the live set at its
//! entry (and at its point) from its children's, stores a snapshot of its point, and reports
//! the entry set to its parent.

use super::shared::{Shared, Snapshot, closure};
use super::state::Live;
use super::tracker::Seg;
use crate::symbolic::{ExprId, ExprPool, Node as Term};
use crate::vm::{Alts, Event};
use std::sync::Arc;

pub use super::placement::NONE;

/// How a path ended at a leaf.
#[derive(Clone, Debug)]
pub enum Leaf {
    /// Returned, threw or failed an `assume`: nothing is read after it; `paths` feasible paths.
    Complete(u64),
    /// Cut by a snapshot: its subtree reads what the snapshot's did, and has its paths.
    Cut(Live, u64),
}

#[derive(Clone, Debug, Default)]
struct TreeNode {
    parent: u32,
    dir_in: u32,
    cond_in: Option<ExprId>,
    children: Vec<(u32, u32)>,
    expect: Option<Vec<u32>>,
    decided: Vec<(u32, Live, u64, u64)>,
    seg: Option<Arc<Seg>>,
    leaf: bool,
    tainted: bool,
    finished: bool,
    generation: u32,
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

/// Every direction an event can take (switch arms whose condition is syntactically false are
/// never tasks, so they are not waited for).
pub fn directions(e: &Event, pool: &mut ExprPool) -> Vec<u32> {
    match &e.alts {
        Alts::None => vec![e.dir],
        Alts::Negate => vec![0, 1],
        Alts::Switch { key, cases, default } => {
            let arms = if *default { cases.len() + 1 } else { cases.len() };
            (0..arms)
                .filter(|a| {
                    *a as u32 == e.dir || {
                        let c = crate::vm::ops::switch_arm_cond(pool, *key, cases, *a);
                        !matches!(pool.node(c), Term::Bool(false))
                    }
                })
                .map(|a| a as u32)
                .collect()
        }
    }
}

impl Tree {
    fn alloc(&mut self, mut n: TreeNode) -> u32 {
        self.live_nodes += 1;
        self.peak_nodes = self.peak_nodes.max(self.live_nodes);
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

    /// A node's generation: a node id is reused once its node is freed, so a reference kept
    /// elsewhere holds the generation too.
    pub fn generation(&self, n: u32) -> u32 {
        self.nodes.get(n as usize).map_or(0, |x| x.generation)
    }

    /// Whether a node's subtree is finished.
    pub fn finished(&self, n: u32) -> bool {
        self.nodes.get(n as usize).is_some_and(|x| x.finished)
    }

    /// The child of `n` along direction `dir` of its event `e`, made if new (`None` below a
    /// finished node: a run there diverged from its task, and nothing it shows is needed).
    pub fn step(&mut self, n: u32, e: &Event, pool: &mut ExprPool) -> Option<u32> {
        let node = &self.nodes[n as usize];
        if node.finished {
            return None;
        }
        if node.leaf {
            // A run ended here before: this one went on (a nondeterministic run).
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

    /// Gives a node the segment of the run that created it (the first one wins).
    pub fn set_segment(&mut self, n: u32, seg: Arc<Seg>) {
        let node = &mut self.nodes[n as usize];
        if node.seg.is_none() && !node.finished {
            node.seg = Some(seg);
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
    pub fn infeasible(&mut self, n: u32, dir: u32, sh: &mut Shared, pool: &ExprPool) {
        let Some(node) = self.nodes.get_mut(n as usize) else { return };
        if node.finished || node.decided.iter().any(|d| d.0 == dir) {
            return;
        }
        node.decided.push((dir, Live::default(), 0, 1));
        self.try_finish(n, sh, pool);
    }

    /// A path ended at leaf `n`.
    pub fn leaf(&mut self, n: u32, leaf: Leaf, sh: &mut Shared, pool: &ExprPool) {
        let node = &mut self.nodes[n as usize];
        if node.finished || node.leaf {
            return;
        }
        node.leaf = true;
        if node.expect.is_some() {
            self.taint(n);
            return;
        }
        let (below, paths) = match leaf {
            Leaf::Complete(p) => (Live::default(), p),
            Leaf::Cut(l, p) => (l, p),
        };
        node.decided.push((0, below, paths, paths.max(1)));
        self.try_finish(n, sh, pool);
    }

    /// The conditions of the events leading to `n`, root first.
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

    /// Finishes `n` and its ancestors as far as they are decided.
    fn try_finish(&mut self, mut n: u32, sh: &mut Shared, pool: &ExprPool) {
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
            let mut below = Live::default();
            let (mut paths, mut work) = (0, 0);
            let decided = std::mem::take(&mut self.nodes[n as usize].decided);
            for (_, l, p, w) in decided {
                below.absorb(l);
                paths += p;
                work += w;
            }
            let node = &self.nodes[n as usize];
            let entry = match &node.seg {
                None => Live::everything(),
                Some(seg) => {
                    let at_point = below.into_before(&seg.post);
                    // A subtree of one run and no infeasible direction is not stored: a state
                    // matching it would be cut into one path too, saving only the rest of a run.
                    if let Some(p) = seg.point.as_ref().filter(|p| work >= 2 && sh.wants(p.key)) {
                        match (&p.frames, at_point.top) {
                            (Some(frames), false) => {
                                let mut heap: Vec<_> = at_point.map.iter().map(|(l, v)| (*l, *v)).collect();
                                heap.sort_by_key(|x| x.0);
                                let mut vars = Vec::new();
                                sh.extend_vars(pool, frames.iter().chain(heap.iter().map(|x| &x.1)), &mut vars);
                                let conds = self.prefix_conds(n);
                                let closure = closure(sh, pool, &conds, &vars);
                                sh.insert(Snapshot {
                                    key: p.key,
                                    frames: frames.clone(),
                                    heap,
                                    init: p.init,
                                    vars,
                                    closure,
                                    paths,
                                });
                            }
                            _ => sh.stats.unmatchable += 1,
                        }
                    }
                    at_point.into_before(&seg.pre)
                }
            };
            // Finished: the children (finished too) are no longer needed.
            let node = &mut self.nodes[n as usize];
            node.finished = true;
            node.seg = None;
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
                p.decided.push((dir, entry, paths, work));
            }
            n = parent;
        }
    }
}

impl super::placement::ExecTree for Tree {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::rwset::shared::{PointKey, frames_hash, state_hash};
    use crate::strategy::rwset::state::{HLoc, Part, VK};
    use crate::strategy::rwset::tracker::PointSnap;
    use crate::symbolic::{Node, Sort};
    use crate::vm::EventKind;

    fn event(pool: &mut ExprPool, dir: u32) -> Event {
        let x = pool.intern(Node::Var(0, Sort::I32));
        let z = pool.i32(0);
        let c = pool.bin(crate::symbolic::BinOp::Lt, x, z);
        Event {
            method: 0,
            pc: 1,
            kind: EventKind::If,
            dir,
            cond: if dir == 1 { c } else { pool.not(c) },
            alts: Alts::Negate,
        }
    }

    /// A segment whose point is `pc` and whose stretch after the point reads static 0 as `v`.
    fn seg(pc: u32, v: u64) -> Arc<Seg> {
        let mut post = Part::default();
        post.read(HLoc::Static { class: 0, slot: 0 }, VK::Bits(0, v));
        Arc::new(Seg {
            pre: Part::default(),
            point: Some(PointSnap {
                key: PointKey { ctx: 0, method: 0, pc },
                frames: Some(Arc::from(vec![])),
                init: 0,
            }),
            post,
        })
    }

    #[test]
    fn a_node_finishes_when_every_direction_is_decided_and_stores_its_snapshot() {
        let mut pool = ExprPool::new();
        let mut sh = Shared::new(100, usize::MAX);
        let mut t = Tree::default();
        let root = t.root();
        t.set_segment(root, seg(1, 7));
        // Direction 1 runs to a return; direction 0 is still pending.
        let e1 = event(&mut pool, 1);
        let a = t.step(root, &e1, &mut pool).expect("child");
        t.set_segment(a, seg(5, 3));
        t.leaf(a, Leaf::Complete(1), &mut sh, &pool);
        assert!(t.finished(a));
        assert!(!t.finished(root), "direction 0 is undecided");
        // A one-run subtree is not stored.
        assert_eq!(sh.stats.snapshots, 0);
        // Direction 0 turns out infeasible: the root finishes with one path and one infeasible
        // direction, and its snapshot holds what its stretch after the point read.
        t.infeasible(root, 0, &mut sh, &pool);
        assert!(t.finished(root));
        assert_eq!(sh.stats.snapshots, 1);
        let key = PointKey { ctx: 0, method: 0, pc: 1 };
        let ids = sh.bucket(key, frames_hash(&[]), 0, state_hash([VK::Bits(0, 7)].iter(), &[]));
        assert_eq!(ids.len(), 1);
        let s = sh.snapshot(ids[0]).expect("stored");
        assert_eq!(s.heap, vec![(HLoc::Static { class: 0, slot: 0 }, VK::Bits(0, 7))]);
        assert_eq!(s.paths, 1);
    }

    /// A root (point at pc 1, reading static 0 as 7) with both directions explored, the first
    /// (pc 5, reading 3) already ended by a return: the root and its second child.
    fn fork(t: &mut Tree, pool: &mut ExprPool, sh: &mut Shared) -> (u32, u32) {
        let root = t.root();
        t.set_segment(root, seg(1, 7));
        let a = t.step(root, &event(pool, 1), pool).expect("child");
        let b = t.step(root, &event(pool, 0), pool).expect("child");
        t.set_segment(a, seg(5, 3));
        t.leaf(a, Leaf::Complete(1), sh, pool);
        (root, b)
    }

    #[test]
    fn a_tainted_node_never_finishes_and_neither_do_its_ancestors() {
        let mut pool = ExprPool::new();
        let mut sh = Shared::new(100, usize::MAX);
        let mut t = Tree::default();
        let (root, b) = fork(&mut t, &mut pool, &mut sh);
        t.set_segment(b, seg(5, 4));
        // b's run stopped at a limit.
        t.taint(b);
        t.leaf(b, Leaf::Complete(1), &mut sh, &pool);
        assert!(!t.finished(b));
        assert!(!t.finished(root));
        assert_eq!(t.tainted, 1);
        assert_eq!(sh.stats.snapshots, 0);
    }

    #[test]
    fn a_cut_leaf_inherits_the_matched_set_and_its_paths() {
        let mut pool = ExprPool::new();
        let mut sh = Shared::new(100, usize::MAX);
        let mut t = Tree::default();
        let (root, b) = fork(&mut t, &mut pool, &mut sh);
        t.set_segment(
            b,
            Arc::new(Seg {
                pre: Part::default(),
                point: None,
                post: Part::default(),
            }),
        );
        let mut inherited = Live::default();
        inherited.map.insert(HLoc::Field { obj: 9, slot: 1 }, VK::Bits(0, 2));
        t.leaf(b, Leaf::Cut(inherited, 5), &mut sh, &pool);
        assert!(t.finished(root));
        let key = PointKey { ctx: 0, method: 0, pc: 1 };
        // The root's set is its own read of static 0 plus both children's entry sets.
        let mut heap = [
            (HLoc::Static { class: 0, slot: 0 }, VK::Bits(0, 7)),
            (HLoc::Field { obj: 9, slot: 1 }, VK::Bits(0, 2)),
        ];
        heap.sort_by_key(|x| x.0);
        let h = state_hash(heap.iter().map(|x| &x.1), &[]);
        let ids = sh.bucket(key, frames_hash(&[]), 0, h);
        assert_eq!(ids.len(), 1, "one snapshot with both locations");
        assert_eq!(sh.snapshot(ids[0]).expect("stored").paths, 6, "one run plus the cut's five");
    }
}
