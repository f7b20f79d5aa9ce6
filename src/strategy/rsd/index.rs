//! `rsd`'s store of snapshots: per program point (call-site context, method, pc), the relevant
//! sets of finished subtrees in a decision tree ([`super::dtree`]), so that a state finds every
//! stored set that holds in it (seed 004 §3.7) and then checks the set's constraints against
//! its own (§3.3: the snapshot's constraints must be a subset of the state's). Snapshots are
//! capped (count and estimated bytes), the oldest evicted first; a point that stored
//! [`BARREN_POINT`] snapshots without one match stores no more.

use super::dtree::DecisionTree;
use crate::strategy::rwset::shared::PointKey;
use crate::strategy::rwset::state::{HLoc, VK};
use crate::symbolic::{ExprId, ExprPool, VarId};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::sync::Arc;

/// A location as `rsd` compares states on it: a frame's local or operand-stack entry (frames by
/// depth), or a location outside the frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RLoc {
    /// A local variable slot.
    Local {
        /// Frame depth.
        frame: u32,
        /// Slot.
        slot: u16,
    },
    /// An operand-stack entry.
    Stack {
        /// Frame depth.
        frame: u32,
        /// Entry index from the bottom.
        index: u32,
    },
    /// A static, field, element, length or array term.
    Heap(HLoc),
}

/// A stored relevant set: what a finished subtree's relevant branches depended on at its point.
#[derive(Clone, Debug)]
pub struct RSnap {
    /// Where.
    pub key: PointKey,
    /// Fingerprint of the classes whose statics existed.
    pub init: u64,
    /// How many relevant locations it has (the pairs live in the point's decision tree).
    pub locations: usize,
    /// Input variables of the symbolic values among them, sorted.
    pub vars: Vec<VarId>,
    /// The path constraints that transitively share a variable with them, sorted.
    pub closure: Vec<ExprId>,
    /// Feasible paths of the subtree.
    pub paths: u64,
}

impl RSnap {
    /// Approximate heap bytes.
    pub fn bytes(&self) -> usize {
        64 + self.locations * 72 + self.vars.len() * 4 + self.closure.len() * 4
    }
}

/// `rsd`'s counters.
#[derive(Clone, Debug, Default)]
pub struct RsdStats {
    /// Snapshots stored.
    pub snapshots: u64,
    /// Snapshots evicted by the caps.
    pub evictions: u64,
    /// Lookups at points.
    pub checks: u64,
    /// Candidate sets whose constraints were compared.
    pub compared: u64,
    /// Runs cut.
    pub prunes: u64,
    /// Paths of the matched subtrees, summed over cuts.
    pub credited_paths: u64,
    /// Finished nodes whose set could not be stored (something unnameable).
    pub unmatchable: u64,
    /// Snapshots not stored at barren points.
    pub skipped: u64,
    /// Locations in stored sets, summed.
    pub set_locations: u64,
}

/// A point that stored this many snapshots and never matched stores no more.
pub const BARREN_POINT: u32 = 256;

/// Sets per leaf of the decision trees: inner nodes count the values of every location below
/// them (to keep the split heuristic), so fewer, larger leaves cost less memory; a leaf's sets
/// are checked in full.
pub const LEAF_SIZE: usize = 16;

struct PointIx {
    tree: DecisionTree<RLoc, VK>,
    stored: u32,
    hits: u32,
}

/// The store, shared by the pruner and its trackers.
pub struct Index {
    points: FxHashMap<PointKey, PointIx>,
    snaps: FxHashMap<u32, Arc<RSnap>>,
    order: VecDeque<u32>,
    next: u32,
    bytes: usize,
    /// Most bytes held at once.
    pub peak_bytes: usize,
    cap: usize,
    cap_bytes: usize,
    ctx: FxHashMap<(u32, u32, u32, u32), u32>,
    vars_memo: std::collections::HashMap<ExprId, Arc<[VarId]>>,
    /// Counters.
    pub stats: RsdStats,
    /// The size (nodes, edges) of the last run's dependence graph: the next run reserves it.
    pub graph_hint: (usize, usize),
    /// Buffers of dropped graphs.
    pub graphs: Arc<std::sync::Mutex<super::ddg::GraphPool>>,
}

impl Index {
    /// An empty store with these caps.
    pub fn new(cap: usize, cap_bytes: usize) -> Index {
        Index {
            points: FxHashMap::default(),
            snaps: FxHashMap::default(),
            order: VecDeque::new(),
            next: 0,
            bytes: 0,
            peak_bytes: 0,
            cap,
            cap_bytes,
            ctx: FxHashMap::default(),
            vars_memo: std::collections::HashMap::new(),
            stats: RsdStats::default(),
            graph_hint: (0, 0),
            graphs: Arc::default(),
        }
    }

    /// The id of a call-site context: the caller's context, the caller and its pc, the callee.
    pub fn ctx(&mut self, parent: u32, caller: u32, pc: u32, method: u32) -> u32 {
        let n = self.ctx.len() as u32;
        *self.ctx.entry((parent, caller, pc, method)).or_insert(n)
    }

    /// The input variables of a term (memoised).
    pub fn vars(&mut self, pool: &ExprPool, e: ExprId) -> Arc<[VarId]> {
        pool.vars_of(e, &mut self.vars_memo)
    }

    /// Whether some snapshot is stored at `key`.
    pub fn has_point(&self, key: PointKey) -> bool {
        self.points.get(&key).is_some_and(|p| !p.tree.is_empty())
    }

    /// The snapshots at `key` (with statics fingerprint `init`) whose every location holds the
    /// value `value` gives (the decision tree's complete search), ascending.
    pub fn candidates(&self, key: PointKey, init: u64, value: impl FnMut(&RLoc) -> Option<VK>) -> Vec<u32> {
        let Some(p) = self.points.get(&key) else { return Vec::new() };
        let mut ids = p.tree.query(value);
        ids.retain(|id| self.snaps.get(id).is_some_and(|s| s.init == init));
        ids
    }

    /// A snapshot by id.
    pub fn snapshot(&self, id: u32) -> Option<Arc<RSnap>> {
        self.snaps.get(&id).cloned()
    }

    /// A snapshot matched: its point is not barren.
    pub fn touch(&mut self, id: u32) {
        if let Some(s) = self.snaps.get(&id) {
            let key = s.key;
            if let Some(p) = self.points.get_mut(&key) {
                p.hits += 1;
            }
        }
    }

    /// Whether a snapshot at `key` is worth storing.
    pub fn wants(&mut self, key: PointKey) -> bool {
        let want = self.points.get(&key).is_none_or(|p| p.hits > 0 || p.stored < BARREN_POINT);
        if !want {
            self.stats.skipped += 1;
        }
        want
    }

    /// The relevant locations and values of a stored snapshot, sorted by location.
    pub fn pairs(&self, id: u32) -> Vec<(RLoc, VK)> {
        let key = self.snaps.get(&id).map(|s| s.key);
        key.and_then(|k| self.points.get(&k))
            .and_then(|p| p.tree.get(id))
            .map(|x| x.to_vec())
            .unwrap_or_default()
    }

    /// Stores a snapshot (its pairs `set`), evicting the oldest beyond the caps.
    pub fn insert(&mut self, s: RSnap, set: Vec<(RLoc, VK)>) {
        let id = self.next;
        self.next = self.next.wrapping_add(1);
        self.bytes += s.bytes();
        self.stats.snapshots += 1;
        self.stats.set_locations += set.len() as u64;
        let p = self.points.entry(s.key).or_insert_with(|| PointIx {
            tree: DecisionTree::with_leaf_size(LEAF_SIZE),
            stored: 0,
            hits: 0,
        });
        p.stored += 1;
        p.tree.insert(id, set);
        self.snaps.insert(id, Arc::new(s));
        self.order.push_back(id);
        while self.order.len() > self.cap || (self.bytes > self.cap_bytes && self.order.len() > 1) {
            let Some(old) = self.order.pop_front() else { break };
            if let Some(s) = self.snaps.remove(&old) {
                self.bytes -= s.bytes();
                if let Some(p) = self.points.get_mut(&s.key) {
                    p.tree.remove(old);
                }
                self.stats.evictions += 1;
            }
        }
        self.peak_bytes = self.peak_bytes.max(self.bytes);
    }

    /// Snapshots held now.
    pub fn held(&self) -> usize {
        self.snaps.len()
    }
}
