//! Where paths and tasks sit in an execution tree, for the pruners whose snapshots stand for
//! finished subtrees (`rwset` and `rsd`): the nodes each path passes, and the node whose event
//! each queued task flips (with the node's generation, since freed node ids are reused). A run
//! that did not take its task's direction at the flipped event leaves that direction undecided
//! for ever: the node is tainted.

use crate::symbolic::ExprPool;
use crate::task::{PathRecord, Task};
use crate::vm::Event;
use rustc_hash::FxHashMap;

/// No node.
pub const NONE: u32 = u32::MAX;

/// What [`Placement`] needs of an execution tree.
pub trait ExecTree {
    /// The root (made on first use).
    fn root(&mut self) -> u32;
    /// The child of `n` along the direction event `e` took (`None` below a finished node).
    fn step(&mut self, n: u32, e: &Event, pool: &mut ExprPool) -> Option<u32>;
    /// A node can never finish.
    fn taint(&mut self, n: u32);
    /// A node's generation (bumped when its id is reused).
    fn generation(&self, n: u32) -> u32;
}

/// Paths' nodes and queued tasks' nodes.
#[derive(Default)]
pub struct Placement {
    /// Queued tasks, as (path id, event index, direction) → (node, generation).
    forks: FxHashMap<(u64, usize, u32), (u32, u32)>,
    /// The nodes of the paths placed and not ended yet ([`NONE`] below a finished node).
    placed: FxHashMap<u64, Vec<u32>>,
}

impl Placement {
    /// Places a path's nodes in the tree, once; true when it was placed now. Checks that the
    /// run took its task's direction at the flipped event.
    pub fn place<T: ExecTree>(&mut self, tree: &mut T, path: &PathRecord, task: Option<&Task>, pool: &mut ExprPool) -> bool {
        if self.placed.contains_key(&path.id) {
            return false;
        }
        let events = &path.run.events;
        let mut nodes = Vec::with_capacity(events.len() + 1);
        let mut n = Some(tree.root());
        nodes.push(0);
        for e in events {
            n = n.and_then(|x| tree.step(x, e, pool));
            nodes.push(n.unwrap_or(NONE));
        }
        if let Some(t) = task
            && let Some(want) = self.node_of(tree, t)
        {
            let arrived = nodes.get(t.flip).copied() == Some(want) && events.get(t.flip).is_some_and(|e| e.dir == t.site.2);
            if path.diverged || !arrived {
                tree.taint(want);
            }
        }
        self.placed.insert(path.id, nodes);
        true
    }

    /// The nodes of a placed path.
    pub fn nodes(&self, path: u64) -> Option<&[u32]> {
        self.placed.get(&path).map(|v| v.as_slice())
    }

    /// The nodes of a placed path, forgetting it (its run ended).
    pub fn take(&mut self, path: u64) -> Option<Vec<u32>> {
        self.placed.remove(&path)
    }

    /// Remembers the node each of a path's tasks flips an event of.
    pub fn queue<T: ExecTree>(&mut self, tree: &T, path: &PathRecord, tasks: &[Task]) {
        let Some(nodes) = self.placed.get(&path.id) else { return };
        for t in tasks {
            if let Some(&x) = nodes.get(t.flip)
                && x != NONE
            {
                self.forks.insert((path.id, t.flip, t.site.2), (x, tree.generation(x)));
            }
        }
    }

    /// The node a task flips an event of (once: the entry goes), if it still exists.
    pub fn node_of<T: ExecTree>(&mut self, tree: &T, task: &Task) -> Option<u32> {
        let (n, generation) = self.forks.remove(&(task.parent, task.flip, task.site.2))?;
        (tree.generation(n) == generation).then_some(n)
    }
}

/// The snapshot caps a strategy part names: `name`, `name:cap=N`, `name:mem=MB` (both may be
/// given), over `defaults` (count, bytes); `None` for another name or a bad value.
pub fn parse_caps(part: &str, name: &str, defaults: (usize, usize)) -> Option<(usize, usize)> {
    let mut it = part.split(':');
    if it.next() != Some(name) {
        return None;
    }
    let (mut cap, mut bytes) = defaults;
    for opt in it {
        let (k, v) = opt.split_once('=')?;
        let n: usize = v.parse().ok().filter(|n| *n > 0)?;
        match k {
            "cap" => cap = n,
            "mem" => bytes = n.checked_mul(1 << 20)?,
            _ => return None,
        }
    }
    Some((cap, bytes))
}
