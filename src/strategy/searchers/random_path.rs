//! `random-path`: KLEE's RandomPathSearcher. The process tree is walked from the root; at a
//! node with several children that still have pending states below them one is chosen with a
//! fair coin (uniformly among the arms of a switch), a node with one such child passes
//! through. A state's probability is the product of `1/k` over the branching nodes above it,
//! so shallow states are favoured and a fork bomb gets little of the time.

use super::states::{Policy, State, States};
use crate::strategy::SplitMix;
use rustc_hash::FxHashMap;

#[derive(Default)]
struct Node {
    parent: u64,
    children: Vec<u64>,
    /// Pending states in the subtree (the node itself when it is a leaf).
    live: u64,
    /// The state's place in the vector (leaves).
    ord: u64,
}

/// The process-tree walk.
pub struct RandomPath {
    rng: SplitMix,
    nodes: FxHashMap<u64, Node>,
    root: Option<u64>,
}

impl RandomPath {
    /// With the given seed.
    pub fn new(seed: u64) -> Self {
        RandomPath {
            rng: SplitMix(seed),
            nodes: FxHashMap::default(),
            root: None,
        }
    }

    fn bump(&mut self, mut id: u64, up: bool) {
        while id != 0 {
            let Some(n) = self.nodes.get_mut(&id) else { break };
            if up {
                n.live += 1;
            } else {
                n.live = n.live.saturating_sub(1);
            }
            id = n.parent;
        }
    }
}

impl Policy for RandomPath {
    fn name(&self) -> String {
        "random-path".into()
    }

    fn on_add(&mut self, s: &State) {
        let parent = if self.nodes.contains_key(&s.parent) { s.parent } else { 0 };
        self.nodes.insert(
            s.id,
            Node {
                parent,
                children: Vec::new(),
                live: 0,
                ord: s.ord,
            },
        );
        if parent == 0 {
            if self.root.is_none() {
                self.root = Some(s.id);
            } else if let Some(r) = self.root {
                // A second top-level state (not made by a fork): hang it under the root.
                self.nodes.get_mut(&s.id).expect("node").parent = r;
                self.nodes.get_mut(&r).expect("root").children.push(s.id);
            }
        } else {
            self.nodes.get_mut(&parent).expect("parent").children.push(s.id);
        }
        self.bump(s.id, true);
    }

    fn on_remove(&mut self, s: &State) {
        self.bump(s.id, false);
    }

    fn pick(&mut self, states: &States) -> u64 {
        let mut at = match self.root {
            Some(r) => r,
            None => return states.last().map_or(0, |s| s.ord),
        };
        loop {
            let n = &self.nodes[&at];
            let live: Vec<u64> = n.children.iter().copied().filter(|c| self.nodes[c].live > 0).collect();
            match live.len() {
                0 => break,
                1 => at = live[0],
                k => at = live[(self.rng.next_u64() % k as u64) as usize],
            }
        }
        self.nodes[&at].ord
    }
}
