//! What `rwset`'s pruner and the trackers of its runs share: the names that must agree across
//! runs (call-site contexts, string literals), per-method live locals, and the snapshots of
//! finished subtrees with their index and least-recently-used eviction.

use super::liveness::Liveness;
use super::state::{HLoc, VK};
use crate::bytecode::Method;
use crate::symbolic::{ExprId, ExprPool, VarId};
use rustc_hash::{FxHashMap, FxHasher};
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A context-sensitive program point: the interned call-site chain of the frame, the method
/// and the instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PointKey {
    /// Call-site context id.
    pub ctx: u32,
    /// Method id.
    pub method: u32,
    /// Instruction index.
    pub pc: u32,
}

/// The state of a finished subtree's root, projected on what the subtree read.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Where.
    pub key: PointKey,
    /// The frames' live locals and operand stacks, outermost frame first.
    pub frames: Arc<[VK]>,
    /// Statics, fields, elements, lengths and literals the subtree read before writing them.
    pub heap: Vec<(HLoc, VK)>,
    /// Fingerprint of the classes whose statics exist.
    pub init: u64,
    /// The input variables of the projected values.
    pub vars: Vec<VarId>,
    /// The path constraints transitively over those variables, sorted.
    pub closure: Vec<ExprId>,
    /// Feasible paths explored in the subtree.
    pub paths: u64,
}

impl Snapshot {
    /// Estimated bytes it holds (with its share of the index).
    pub fn bytes(&self) -> usize {
        160 + self.frames.len() * 16 + self.heap.len() * 40 + self.vars.len() * 4 + self.closure.len() * 4
    }
}

/// `rwset`'s counters.
#[derive(Clone, Debug, Default)]
pub struct RwStats {
    /// Snapshots stored.
    pub snapshots: u64,
    /// Snapshots evicted by the cap.
    pub evictions: u64,
    /// Points checked against the index past a replayed prefix.
    pub checks: u64,
    /// Candidate snapshots compared.
    pub compared: u64,
    /// Runs cut by a match.
    pub prunes: u64,
    /// Feasible paths of the subtrees the cut runs stand for.
    pub credited_paths: u64,
    /// Nodes whose subtree can never be finished (a limit, a divergence, an undecided query).
    pub tainted: u64,
    /// Subtrees finished whose root could not be projected (an unnameable read or frame).
    pub unmatchable: u64,
    /// Snapshots not stored at points where many were stored and none ever matched.
    pub skipped: u64,
}

/// Points that stored this many snapshots without a single match store no more.
pub const BARREN_POINT: u32 = 256;

/// The shared state.
pub struct Shared {
    ctx: FxHashMap<(u32, u32, u32, u32), u32>,
    literals: FxHashMap<Arc<[u16]>, u32>,
    live: FxHashMap<u32, Arc<Liveness>>,
    index: FxHashMap<PointKey, FxHashMap<u64, Vec<Group>>>,
    snaps: Vec<Option<(Arc<Snapshot>, u64)>>,
    free: Vec<u32>,
    lru: BTreeMap<u64, u32>,
    clock: u64,
    bytes: usize,
    /// Peak bytes of the stored snapshots.
    pub peak_bytes: usize,
    /// Most snapshots kept at once.
    pub cap: usize,
    /// Most bytes of snapshots kept at once (estimated).
    pub cap_bytes: usize,
    vars_memo: HashMap<ExprId, Arc<[VarId]>>,
    /// Per point: snapshots stored and matches.
    yield_of: FxHashMap<PointKey, (u32, u32)>,
    /// Counters.
    pub stats: RwStats,
}

/// The hash of a frame projection (the index's second key).
pub fn frames_hash(frames: &[VK]) -> u64 {
    let mut h = FxHasher::default();
    frames.hash(&mut h);
    h.finish()
}

/// The hash of the values a state holds at a group's heap locations and of its constraint
/// closure (the index's last key).
pub fn state_hash<'a>(values: impl Iterator<Item = &'a VK>, closure: &[ExprId]) -> u64 {
    let mut h = FxHasher::default();
    for v in values {
        v.hash(&mut h);
    }
    closure.hash(&mut h);
    h.finish()
}

/// The snapshots of one point and frame projection that read the same heap locations, by the
/// hash of their values there: a state is looked up by reading those locations once per group
/// instead of once per snapshot.
#[derive(Debug)]
struct Group {
    locs: Arc<[HLoc]>,
    by_values: FxHashMap<u64, Vec<u32>>,
}

impl Shared {
    /// Empty, keeping at most `cap` snapshots of at most `cap_bytes` bytes in all.
    pub fn new(cap: usize, cap_bytes: usize) -> Shared {
        Shared {
            ctx: FxHashMap::default(),
            literals: FxHashMap::default(),
            live: FxHashMap::default(),
            index: FxHashMap::default(),
            snaps: Vec::new(),
            free: Vec::new(),
            lru: BTreeMap::new(),
            clock: 0,
            bytes: 0,
            peak_bytes: 0,
            cap: cap.max(1),
            cap_bytes,
            vars_memo: HashMap::new(),
            yield_of: FxHashMap::default(),
            stats: RwStats::default(),
        }
    }

    /// The context of a frame of `method` entered from (`parent` context, caller method, call
    /// pc); the outermost frames have parent `u32::MAX`.
    pub fn ctx(&mut self, parent: u32, caller: u32, pc: u32, method: u32) -> u32 {
        let n = self.ctx.len() as u32;
        *self.ctx.entry((parent, caller, pc, method)).or_insert(n)
    }

    /// The id of a string literal.
    pub fn literal(&mut self, units: &Arc<[u16]>) -> u32 {
        let n = self.literals.len() as u32;
        *self.literals.entry(units.clone()).or_insert(n)
    }

    /// The live locals of a method (computed once).
    pub fn liveness(&mut self, m: &Method) -> Arc<Liveness> {
        self.live.entry(m.id).or_insert_with(|| Arc::new(Liveness::of(m))).clone()
    }

    /// The live locals of a method already seen.
    pub fn liveness_of(&self, method: u32) -> Option<Arc<Liveness>> {
        self.live.get(&method).cloned()
    }

    /// The input variables of a term (memoised).
    pub fn vars(&mut self, pool: &ExprPool, e: ExprId) -> Arc<[VarId]> {
        pool.vars_of(e, &mut self.vars_memo)
    }

    /// Adds the input variables of the symbolic ones among `values` to `out`, keeping it sorted
    /// and without repeats.
    pub fn extend_vars<'a>(&mut self, pool: &ExprPool, values: impl Iterator<Item = &'a VK>, out: &mut Vec<VarId>) {
        let before = out.len();
        for e in values.filter_map(VK::sym) {
            out.extend(self.vars(pool, e).iter().copied());
        }
        if out.len() != before {
            out.sort_unstable();
            out.dedup();
        }
    }

    /// Whether a state at a point is worth looking up: some snapshot is stored there, and the
    /// point is not barren (see [`Shared::wants`]).
    pub fn has_point(&self, key: PointKey) -> bool {
        self.index.contains_key(&key)
            && self
                .yield_of
                .get(&key)
                .is_none_or(|(stored, hits)| *hits > 0 || *stored < BARREN_POINT)
    }

    /// The heap-location groups of the snapshots at a point with these frames (see
    /// [`Shared::bucket`]).
    pub fn groups(&self, key: PointKey, fh: u64) -> Vec<Arc<[HLoc]>> {
        self.index
            .get(&key)
            .and_then(|m| m.get(&fh))
            .map(|gs| gs.iter().map(|g| g.locs.clone()).collect())
            .unwrap_or_default()
    }

    /// The snapshots of group `group` (an index into [`Shared::groups`]) whose values and
    /// constraint closure hash to `h` ([`state_hash`]).
    pub fn bucket(&self, key: PointKey, fh: u64, group: usize, h: u64) -> Vec<u32> {
        self.index
            .get(&key)
            .and_then(|m| m.get(&fh))
            .and_then(|gs| gs.get(group))
            .and_then(|g| g.by_values.get(&h))
            .cloned()
            .unwrap_or_default()
    }

    /// A stored snapshot.
    pub fn snapshot(&self, id: u32) -> Option<Arc<Snapshot>> {
        self.snaps.get(id as usize)?.as_ref().map(|s| s.0.clone())
    }

    /// Marks a snapshot used (least recently used goes first).
    pub fn touch(&mut self, id: u32) {
        self.clock += 1;
        let now = self.clock;
        if let Some(Some((s, stamp))) = self.snaps.get_mut(id as usize) {
            self.lru.remove(stamp);
            *stamp = now;
            self.lru.insert(now, id);
            self.yield_of.entry(s.key).or_default().1 += 1;
        }
    }

    /// Whether a snapshot at `key` is worth storing: not at a point that stored
    /// [`BARREN_POINT`] snapshots and never matched (skipping one only costs pruning).
    pub fn wants(&mut self, key: PointKey) -> bool {
        let (stored, hits) = self.yield_of.get(&key).copied().unwrap_or_default();
        let want = hits > 0 || stored < BARREN_POINT;
        if !want {
            self.stats.skipped += 1;
        }
        want
    }

    /// Stores a snapshot, evicting the least recently used beyond the cap.
    pub fn insert(&mut self, s: Snapshot) {
        self.clock += 1;
        self.yield_of.entry(s.key).or_default().0 += 1;
        let (key, fh) = (s.key, frames_hash(&s.frames));
        let vh = state_hash(s.heap.iter().map(|x| &x.1), &s.closure);
        self.bytes += s.bytes();
        let s = Arc::new(s);
        let id = match self.free.pop() {
            Some(i) => {
                self.snaps[i as usize] = Some((s, self.clock));
                i
            }
            None => {
                self.snaps.push(Some((s, self.clock)));
                self.snaps.len() as u32 - 1
            }
        };
        self.lru.insert(self.clock, id);
        let groups = self.index.entry(key).or_default().entry(fh).or_default();
        let snap = self.snaps[id as usize].as_ref().map(|x| x.0.clone()).expect("just stored");
        let same = |g: &Group| g.locs.len() == snap.heap.len() && g.locs.iter().zip(&snap.heap).all(|(a, b)| *a == b.0);
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.by_values.entry(vh).or_default().push(id),
            None => {
                let mut by_values = FxHashMap::default();
                by_values.insert(vh, vec![id]);
                groups.push(Group {
                    locs: snap.heap.iter().map(|x| x.0).collect(),
                    by_values,
                });
            }
        }
        self.stats.snapshots += 1;
        while self.lru.len() > self.cap || (self.bytes > self.cap_bytes && self.lru.len() > 1) {
            let Some((_, old)) = self.lru.pop_first() else { break };
            self.evict(old);
        }
        self.peak_bytes = self.peak_bytes.max(self.bytes);
    }

    fn evict(&mut self, id: u32) {
        let Some((s, _)) = self.snaps.get_mut(id as usize).and_then(Option::take) else {
            return;
        };
        self.bytes -= s.bytes();
        let (key, fh) = (s.key, frames_hash(&s.frames));
        let vh = state_hash(s.heap.iter().map(|x| &x.1), &s.closure);
        if let Some(m) = self.index.get_mut(&key) {
            if let Some(groups) = m.get_mut(&fh) {
                for g in groups.iter_mut() {
                    if let Some(ids) = g.by_values.get_mut(&vh) {
                        ids.retain(|x| *x != id);
                        if ids.is_empty() {
                            g.by_values.remove(&vh);
                        }
                    }
                }
                groups.retain(|g| !g.by_values.is_empty());
                if groups.is_empty() {
                    m.remove(&fh);
                }
            }
            if m.is_empty() {
                self.index.remove(&key);
            }
        }
        self.free.push(id);
        self.stats.evictions += 1;
    }

    /// Snapshots held now.
    pub fn held(&self) -> usize {
        self.lru.len()
    }
}

/// Path constraints grouped by shared variables (union-find), built incrementally as a run's
/// events come: the projection closure of seed 004 §3.2 is then a lookup.
#[derive(Default, Debug)]
pub struct Constraints {
    parent: FxHashMap<VarId, VarId>,
    conds: Vec<(ExprId, Option<VarId>)>,
}

impl Constraints {
    fn find(&mut self, x: VarId) -> VarId {
        let mut r = x;
        while let Some(&q) = self.parent.get(&r) {
            if q == r {
                break;
            }
            r = q;
        }
        let mut y = x;
        while y != r {
            let next = self.parent.get(&y).copied().unwrap_or(r);
            self.parent.insert(y, r);
            y = next;
        }
        r
    }

    /// Constraints added so far.
    pub fn len(&self) -> usize {
        self.conds.len()
    }

    /// True before the first constraint.
    pub fn is_empty(&self) -> bool {
        self.conds.is_empty()
    }

    /// Adds a constraint over variables `vars`.
    pub fn add(&mut self, c: ExprId, vars: &[VarId]) {
        let first = vars.first().copied();
        if let Some((&f, rest)) = vars.split_first() {
            let a = self.find(f);
            self.parent.entry(a).or_insert(a);
            for v in rest {
                let b = self.find(*v);
                if a != b {
                    self.parent.insert(b, a);
                }
            }
        }
        self.conds.push((c, first));
    }

    /// The constraints that transitively share a variable with `vars`, sorted and deduplicated.
    pub fn closure(&mut self, vars: &[VarId]) -> Vec<ExprId> {
        if vars.is_empty() {
            return Vec::new();
        }
        let roots: rustc_hash::FxHashSet<VarId> = vars.iter().map(|v| self.find(*v)).collect();
        let conds = std::mem::take(&mut self.conds);
        let mut out: Vec<ExprId> = conds
            .iter()
            .filter(|(_, v)| v.is_some_and(|v| roots.contains(&self.find(v))))
            .map(|(c, _)| *c)
            .collect();
        self.conds = conds;
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The path constraints among `conds` that transitively share a variable with `vars` (the
/// projection closure of seed 004 §3.2), sorted and deduplicated.
pub fn closure(shared: &mut Shared, pool: &ExprPool, conds: &[ExprId], vars: &[VarId]) -> Vec<ExprId> {
    if vars.is_empty() {
        return Vec::new();
    }
    let mut cs = Constraints::default();
    for c in conds {
        let vs = shared.vars(pool, *c);
        cs.add(*c, &vs);
    }
    cs.closure(vars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::{BinOp, Node, Sort};

    #[test]
    fn the_projection_closure_follows_shared_variables() {
        // {a>b, b=0, c=1, d=2} on {a, c} is {a>b, b=0, c=1} (notes C.5 test 3).
        let mut pool = ExprPool::new();
        let var = |pool: &mut ExprPool, i: u32| pool.intern(Node::Var(i, Sort::I32));
        let (a, b, c, d) = (var(&mut pool, 0), var(&mut pool, 1), var(&mut pool, 2), var(&mut pool, 3));
        let (z, one, two) = (pool.i32(0), pool.i32(1), pool.i32(2));
        let ab = pool.bin(BinOp::Lt, b, a);
        let b0 = pool.bin(BinOp::Eq, b, z);
        let c1 = pool.bin(BinOp::Eq, c, one);
        let d2 = pool.bin(BinOp::Eq, d, two);
        let mut sh = Shared::new(10, usize::MAX);
        let got = closure(&mut sh, &pool, &[ab, b0, c1, d2], &[0, 2]);
        let mut want = vec![ab, b0, c1];
        want.sort_unstable();
        assert_eq!(got, want);
        assert!(closure(&mut sh, &pool, &[ab, b0], &[]).is_empty());
    }

    #[test]
    fn the_cap_evicts_the_least_recently_used_snapshot() {
        let mut sh = Shared::new(2, usize::MAX);
        let snap = |pc: u32| Snapshot {
            key: PointKey { ctx: 0, method: 0, pc },
            frames: Arc::from(vec![]),
            heap: vec![],
            init: 0,
            vars: vec![],
            closure: vec![],
            paths: 1,
        };
        sh.insert(snap(0));
        sh.insert(snap(1));
        sh.touch(0);
        sh.insert(snap(2));
        assert_eq!(sh.stats.evictions, 1);
        assert_eq!(sh.held(), 2);
        let (fh, h) = (frames_hash(&[]), state_hash([].iter(), &[]));
        assert_eq!(sh.bucket(PointKey { ctx: 0, method: 0, pc: 0 }, fh, 0, h).len(), 1);
        assert!(
            sh.bucket(PointKey { ctx: 0, method: 0, pc: 1 }, fh, 0, h).is_empty(),
            "1 was least recently used"
        );
    }
}
