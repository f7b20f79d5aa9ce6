//! Greedy confirmation (§5.2; notes B.3, B.9.7-8): at a node that is not full, explore its
//! undecided directions ourselves, outside the tester's search order, so that it becomes full.
//! A session starts at the node where a walk halted; its jobs are the open directions of that
//! node's subtree. Each job is a task the engine solves and runs for the pruner (an internal
//! run, cut at the first subsumed point); the run's new branch nodes are *visits*, and a
//! program point visited twice in one session (not subsumed the second time) fails it, which
//! bounds the work linearly in the path's length. A job that reaches a bug, stops on a limit,
//! diverges or cannot be decided by the solver fails the session too: only the tester decides
//! bugs, and the node stays half.

use super::tree::{NodeId, Tree};
use rustc_hash::{FxHashMap, FxHashSet};

/// Open directions collected from one subtree at most (a session with more fails).
const MAX_FRONTIER: usize = 64;

/// One greedy confirmation in progress.
#[derive(Debug, Default)]
pub struct Session {
    /// The node it confirms (the highest so far: a success moves it up the path).
    pub root: NodeId,
    /// Branch nodes created per program point (method, pc).
    pub visits: FxHashMap<(u32, u32), u32>,
    /// Directions still to explore, the next last.
    pub jobs: Vec<(NodeId, u32)>,
    /// Directions already asked for (each once).
    pub asked: FxHashSet<(NodeId, u32)>,
    /// The job running.
    pub current: Option<(NodeId, u32)>,
    /// Runs left in the session's budget.
    pub runs_left: u32,
}

impl Session {
    /// A session at `root` with `budget` runs, or `None` when its subtree cannot be confirmed
    /// (a bug, a limit, an undecided direction, or too many open directions).
    pub fn start(tree: &Tree, root: NodeId, budget: u32) -> Option<Session> {
        let mut s = Session {
            root,
            runs_left: budget,
            ..Default::default()
        };
        s.add_frontier(tree, root).then_some(s)
    }

    /// Queues the open directions below `n`; false when the subtree cannot become full.
    pub fn add_frontier(&mut self, tree: &Tree, n: NodeId) -> bool {
        let mut stack = vec![n];
        let mut found = Vec::new();
        while let Some(m) = stack.pop() {
            let node = tree.node(m);
            if node.full {
                continue;
            }
            if node.leaf.is_some() || !node.unknown.is_empty() || node.site.is_none() {
                return false;
            }
            for d in node.open_dirs() {
                if !self.asked.contains(&(m, d)) {
                    found.push((m, d));
                }
            }
            for c in &node.children {
                stack.push(c.node);
            }
            if found.len() > MAX_FRONTIER {
                return false;
            }
        }
        // Deepest first, so that the nodes nearest the leaves fill up first.
        found.sort_by_key(|(m, _)| tree.node(*m).depth);
        for j in found {
            if self.asked.insert(j) {
                self.jobs.push(j);
            }
        }
        true
    }

    /// Counts the new branch nodes of a run; false when a point is visited a second time.
    pub fn visit(&mut self, tree: &Tree, fresh: &[NodeId]) -> bool {
        for n in fresh {
            if let Some((m, pc, _)) = tree.node(*n).site {
                let v = self.visits.entry((m, pc)).or_insert(0);
                *v += 1;
                if *v > 1 {
                    return false;
                }
            }
        }
        true
    }

    /// True when `n` is `root` or below it.
    pub fn covers(&self, tree: &Tree, n: NodeId) -> bool {
        let mut cur = n;
        loop {
            if cur == self.root {
                return true;
            }
            match tree.node(cur).parent {
                Some((p, _)) => cur = p,
                None => return false,
            }
        }
    }
}
