//! `rsd`'s store of snapshots: per program point (call-site context, method, pc), the relevant
//! sets of finished subtrees in a decision tree ([`super::dtree`]), so that a state finds every
//! stored set that holds in it (seed 004 §3.7) and then checks the set's constraints against
//! its own (§3.3: the snapshot's constraints must be a subset of the state's). Snapshots are
//! capped (count and estimated bytes), the oldest evicted first; a point that stored
//! [`BARREN_POINT`] snapshots without one match stores no more.

use super::dtree::DecisionTree;
use super::relevance::Relevance;
use crate::strategy::rwset::shared::PointKey;
use crate::strategy::rwset::state::{HLoc, VK};
use crate::symbolic::{ExprId, ExprPool, VarId};
use crate::vm::Site;
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
    /// Why each location is relevant ([`Reasons`] ids), in the order of the pairs.
    pub reasons: Vec<u32>,
}

impl RSnap {
    /// Approximate heap bytes.
    pub fn bytes(&self) -> usize {
        64 + self.locations * 76 + self.vars.len() * 4 + self.closure.len() * 4
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
    /// Locations dropped from stored sets once the targets that made them relevant were covered.
    pub refined_locations: u64,
}

/// Interned reason sets: why a location is relevant, as the sorted branch sites whose slices
/// reached it; id [`Reasons::ALWAYS`] for what no coverage makes irrelevant (seed 004 §3.4's
/// refinement drops a location once none of its sites is relevant any more).
pub struct Reasons {
    sets: Vec<Arc<[Site]>>,
    ids: FxHashMap<Arc<[Site]>, u32>,
    unions: FxHashMap<(u32, u32), u32>,
    live: FxHashMap<u32, (u64, bool)>,
}

impl Default for Reasons {
    fn default() -> Self {
        Reasons {
            sets: vec![Arc::from(Vec::new())],
            ids: FxHashMap::default(),
            unions: FxHashMap::default(),
            live: FxHashMap::default(),
        }
    }
}

impl Reasons {
    /// The reason that never goes away.
    pub const ALWAYS: u32 = 0;

    fn intern(&mut self, v: Vec<Site>) -> u32 {
        let a: Arc<[Site]> = Arc::from(v);
        if let Some(id) = self.ids.get(&a) {
            return *id;
        }
        let id = self.sets.len() as u32;
        self.sets.push(a.clone());
        self.ids.insert(a, id);
        id
    }

    /// The id of a run's reason bits (`sites[i]` is bit `i`; bit 63 is "always").
    pub fn of_bits(&mut self, bits: super::slice::Why, sites: &[Site]) -> u32 {
        if bits & super::slice::ALWAYS != 0 {
            return Self::ALWAYS;
        }
        let mut v: Vec<Site> = sites
            .iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|x| *x.1)
            .collect();
        v.sort_unstable();
        self.intern(v)
    }

    /// The union of two reasons.
    pub fn union(&mut self, a: u32, b: u32) -> u32 {
        if a == b || a == Self::ALWAYS || b == Self::ALWAYS {
            return if a == Self::ALWAYS || b == Self::ALWAYS { Self::ALWAYS } else { a };
        }
        let key = (a.min(b), a.max(b));
        if let Some(u) = self.unions.get(&key) {
            return *u;
        }
        let mut v: Vec<Site> = self.sets[a as usize].iter().chain(self.sets[b as usize].iter()).copied().collect();
        v.sort_unstable();
        v.dedup();
        let u = self.intern(v);
        self.unions.insert(key, u);
        u
    }

    /// Whether a reason still holds: some of its sites is relevant now (`relevant`, at coverage
    /// version `version`).
    pub fn holds(&mut self, id: u32, version: u64, relevant: &mut impl FnMut(Site) -> bool) -> bool {
        if id == Self::ALWAYS {
            return true;
        }
        if let Some((v, r)) = self.live.get(&id)
            && *v == version
        {
            return *r;
        }
        let sites = self.sets.get(id as usize).cloned().unwrap_or_else(|| Arc::from(Vec::new()));
        let r = sites.is_empty() || sites.iter().any(|s| relevant(*s));
        self.live.insert(id, (version, r));
        r
    }
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
    /// The snapshots stored here.
    ids: Vec<u32>,
    /// The coverage version the sets were last refined at.
    refined_at: u64,
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
    /// Why stored locations are relevant.
    pub reasons: Reasons,
    /// String literal ids (the same across runs), by content.
    literals: FxHashMap<Arc<[u16]>, u32>,
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
            reasons: Reasons::default(),
            literals: FxHashMap::default(),
        }
    }

    /// The id of a string literal (`HLoc::Literal`), the same in every run.
    pub fn literal(&mut self, units: &Arc<[u16]>) -> u32 {
        let n = self.literals.len() as u32;
        *self.literals.entry(units.clone()).or_insert(n)
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
            ids: Vec::new(),
            refined_at: 0,
        });
        p.stored += 1;
        p.ids.push(id);
        p.tree.insert(id, set);
        self.snaps.insert(id, Arc::new(s));
        self.order.push_back(id);
        while self.order.len() > self.cap || (self.bytes > self.cap_bytes && self.order.len() > 1) {
            let Some(old) = self.order.pop_front() else { break };
            if let Some(s) = self.snaps.remove(&old) {
                self.bytes -= s.bytes();
                if let Some(p) = self.points.get_mut(&s.key) {
                    p.tree.remove(old);
                    p.ids.retain(|x| *x != old);
                }
                self.stats.evictions += 1;
            }
        }
        self.peak_bytes = self.peak_bytes.max(self.bytes);
    }

    /// Seed 004 §3.4's refinement, lazily: before a lookup at `key`, drops from every set
    /// stored there the locations whose reasons no longer hold (their targets got covered since
    /// they were sliced). The constraints stay as stored: a superset of the smaller set's
    /// closure, which only makes matching stricter.
    pub fn refine(&mut self, key: PointKey, rel: &mut Relevance) {
        let version = rel.version();
        self.refine_with(key, version, &mut |s| rel.relevant(s));
    }

    /// [`Index::refine`] with the relevance as a function, at coverage version `version`.
    pub fn refine_with(&mut self, key: PointKey, version: u64, relevant: &mut impl FnMut(Site) -> bool) {
        let Some(p) = self.points.get_mut(&key) else { return };
        if p.refined_at == version {
            return;
        }
        p.refined_at = version;
        let ids = p.ids.clone();
        for id in ids {
            let Some(snap) = self.snaps.get(&id).cloned() else { continue };
            let keep: Vec<bool> = snap.reasons.iter().map(|r| self.reasons.holds(*r, version, relevant)).collect();
            if keep.iter().all(|k| *k) {
                continue;
            }
            let Some(p) = self.points.get_mut(&key) else { return };
            let pairs: Vec<(RLoc, VK)> = p.tree.get(id).map(|x| x.to_vec()).unwrap_or_default();
            if pairs.len() != keep.len() {
                continue;
            }
            let kept: Vec<(RLoc, VK)> = pairs.iter().zip(&keep).filter(|x| *x.1).map(|x| *x.0).collect();
            let dropped = pairs.len() - kept.len();
            p.tree.remove(id);
            p.tree.insert(id, kept);
            let mut s = (*snap).clone();
            s.reasons = s.reasons.iter().zip(&keep).filter(|x| *x.1).map(|x| *x.0).collect();
            self.bytes -= s.bytes();
            s.locations -= dropped;
            self.bytes += s.bytes();
            self.stats.refined_locations += dropped as u64;
            self.snaps.insert(id, Arc::new(s));
        }
    }

    /// Snapshots held now.
    pub fn held(&self) -> usize {
        self.snaps.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap(key: PointKey, reasons: Vec<u32>) -> RSnap {
        RSnap {
            key,
            init: 0,
            locations: reasons.len(),
            vars: Vec::new(),
            closure: Vec::new(),
            paths: 2,
            reasons,
        }
    }

    #[test]
    fn a_location_is_dropped_once_the_sites_that_made_it_relevant_are_not() {
        // Seed 004 §3.4: a snapshot {x = 1 (because of branch A), y = 2 (always)}; a state with
        // x = 5 does not match until A's targets are covered, then it does.
        let key = PointKey { ctx: 0, method: 1, pc: 2 };
        let (a, b) = (Site { method: 1, pc: 7 }, Site { method: 1, pc: 9 });
        let mut ix = Index::new(10, 1 << 20);
        let because_a = ix.reasons.of_bits(1, &[a]);
        let because_ab = ix.reasons.of_bits(0b11, &[a, b]);
        assert_eq!(ix.reasons.union(because_a, Reasons::ALWAYS), Reasons::ALWAYS);
        assert_eq!(ix.reasons.union(because_a, because_ab), because_ab);
        let x = RLoc::Local { frame: 0, slot: 0 };
        let y = RLoc::Local { frame: 0, slot: 1 };
        let z = RLoc::Local { frame: 0, slot: 2 };
        ix.insert(
            snap(key, vec![because_a, Reasons::ALWAYS, because_ab]),
            vec![(x, VK::Bits(0, 1)), (y, VK::Bits(0, 2)), (z, VK::Bits(0, 3))],
        );
        let state = |l: &RLoc| {
            Some(match l {
                RLoc::Local { slot: 0, .. } => VK::Bits(0, 5),
                RLoc::Local { slot: 1, .. } => VK::Bits(0, 2),
                _ => VK::Bits(0, 4),
            })
        };
        ix.refine_with(key, 1, &mut |_| true);
        assert!(ix.candidates(key, 0, state).is_empty(), "x and z differ and both still matter");
        // A is covered: x goes; z stays (b is still relevant).
        ix.refine_with(key, 2, &mut |s| s == b);
        assert_eq!(ix.stats.refined_locations, 1);
        assert!(ix.candidates(key, 0, state).is_empty(), "z still differs");
        // Both covered: only y (always) is left, and it agrees.
        ix.refine_with(key, 3, &mut |_| false);
        assert_eq!(ix.stats.refined_locations, 2);
        assert_eq!(ix.candidates(key, 0, state).len(), 1);
        assert_eq!(ix.pairs(0), vec![(y, VK::Bits(0, 2))]);
        // The same version refines nothing again.
        ix.refine_with(key, 3, &mut |_| true);
        assert_eq!(ix.stats.refined_locations, 2);
    }
}
