//! Which static branches are *relevant* (seed 004 §3.1): those from which the static control
//! dependence graph reaches a target not covered yet. Targets are every direction of every
//! conditional jump and switch, and both outcomes of every instruction that may throw (its
//! fault site), so that `rsd` keeps every (site, direction) edge and fault site that exhaustive
//! search reaches (notes C.3), not only statements as the paper does.
//!
//! The graph is interprocedural through calls: an instruction control dependent on a branch
//! (transitively, within its method) that invokes a method makes every target of that method
//! and of everything it may call (the call graph's class-hierarchy targets) reachable from the
//! branch. A branch in a method the analysis did not see is always relevant. Relevance only
//! shrinks as coverage grows; answers are memoised per coverage version.

use crate::analysis::tables::Branching;
use crate::analysis::{CallGraph, Tables};
use crate::vm::Site;
use rustc_hash::{FxHashMap, FxHashSet};

struct MethodRel {
    /// Directions of each instruction that are targets.
    targets: Vec<u32>,
    /// Instructions directly control dependent on each instruction.
    children: Vec<Vec<u32>>,
    /// Callees per invoke instruction.
    calls: FxHashMap<u32, Vec<u32>>,
}

/// Coverage of the targets and the relevance it implies.
pub struct Relevance {
    methods: FxHashMap<u32, MethodRel>,
    covered: FxHashSet<(u32, u32, u32)>,
    /// Uncovered targets per method.
    open: FxHashMap<u32, u32>,
    version: u64,
    memo: FxHashMap<(u32, u32), (u64, bool)>,
    method_memo: FxHashMap<u32, (u64, bool)>,
    under: FxHashMap<(u32, u32), std::sync::Arc<[u32]>>,
    /// Every method the analysis saw and what each may call, transitively (memoised).
    reach: FxHashMap<u32, std::sync::Arc<[u32]>>,
    /// The call instructions (method, pc) that may call each method.
    callers: FxHashMap<u32, Vec<(u32, u32)>>,
    /// Per method: whether a call that may call it has an outcome not covered yet (memoised
    /// per coverage version).
    caller_memo: FxHashMap<u32, (u64, bool)>,
}

impl Relevance {
    /// The relevance of a program's branches, from its dependence tables and call graph.
    pub fn new(tables: &Tables, cg: &CallGraph) -> Relevance {
        let mut methods = FxHashMap::default();
        let mut open = FxHashMap::default();
        for m in &tables.methods {
            let n = m.branching.len();
            let mut targets = vec![0u32; n];
            let mut count = 0;
            for (pc, b) in m.branching.iter().enumerate() {
                targets[pc] = match b {
                    Branching::None => 0,
                    Branching::If | Branching::Check(_) => 2,
                    Branching::Switch(keys) => keys.len() as u32 + 1,
                };
                count += targets[pc];
            }
            let mut children = vec![Vec::new(); n];
            for (pc, deps) in m.control.iter().enumerate() {
                for (b, _) in deps {
                    if let Some(c) = children.get_mut(*b as usize)
                        && !c.contains(&(pc as u32))
                    {
                        c.push(pc as u32);
                    }
                }
            }
            let calls = cg
                .targets
                .iter()
                .filter(|((mid, _), _)| *mid == m.id)
                .map(|((_, pc), ts)| (*pc as u32, ts.clone()))
                .collect();
            open.insert(m.id, count);
            methods.insert(m.id, MethodRel { targets, children, calls });
        }
        let mut callers: FxHashMap<u32, Vec<(u32, u32)>> = FxHashMap::default();
        for ((caller, pc), ts) in &cg.targets {
            for t in ts {
                callers.entry(*t).or_default().push((*caller, *pc as u32));
            }
        }
        Relevance {
            methods,
            covered: FxHashSet::default(),
            open,
            version: 0,
            memo: FxHashMap::default(),
            method_memo: FxHashMap::default(),
            under: FxHashMap::default(),
            reach: FxHashMap::default(),
            callers,
            caller_memo: FxHashMap::default(),
        }
    }

    /// Whether a call that may call `method` has an outcome (it returned, it threw) not
    /// covered yet: the callee's branches decide it, though no control dependence in the
    /// caller leads to it.
    fn caller_open(&mut self, method: u32) -> bool {
        if let Some((v, r)) = self.caller_memo.get(&method)
            && *v == self.version
        {
            return *r;
        }
        let r = self
            .callers
            .get(&method)
            .is_some_and(|cs| cs.iter().any(|(m, pc)| self.site_open(*m, *pc)));
        self.caller_memo.insert(method, (self.version, r));
        r
    }

    /// Whether some direction of the instruction at `pc` of `method` is a target not covered yet.
    fn site_open(&self, method: u32, pc: u32) -> bool {
        let n = self
            .methods
            .get(&method)
            .and_then(|r| r.targets.get(pc as usize))
            .copied()
            .unwrap_or(0);
        (0..n).any(|d| !self.covered.contains(&(method, pc, d)))
    }

    /// Direction `dir` of the instruction at `site` was taken.
    pub fn cover(&mut self, site: Site, dir: u32) {
        let Some(m) = self.methods.get(&site.method) else { return };
        if dir >= m.targets.get(site.pc as usize).copied().unwrap_or(0) {
            return;
        }
        if self.covered.insert((site.method, site.pc, dir)) {
            if let Some(c) = self.open.get_mut(&site.method) {
                *c = c.saturating_sub(1);
            }
            self.version += 1;
        }
    }

    /// Every target: (site, direction).
    pub fn targets(&self) -> Vec<(Site, u32)> {
        let mut out = Vec::new();
        for (m, r) in &self.methods {
            for (pc, n) in r.targets.iter().enumerate() {
                out.extend((0..*n).map(|d| (Site { method: *m, pc: pc as u32 }, d)));
            }
        }
        out.sort();
        out
    }

    /// The coverage version: it changes whenever a target is covered for the first time.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether a target is covered.
    pub fn is_covered(&self, site: Site, dir: u32) -> bool {
        self.covered.contains(&(site.method, site.pc, dir))
    }

    /// Targets not covered yet, over the methods the analysis saw.
    pub fn open_targets(&self) -> u64 {
        self.open.values().map(|c| *c as u64).sum()
    }

    /// Instructions transitively control dependent on `pc` in `method`, itself included.
    fn under(&mut self, method: u32, pc: u32) -> std::sync::Arc<[u32]> {
        if let Some(u) = self.under.get(&(method, pc)) {
            return u.clone();
        }
        let mut seen = FxHashSet::default();
        let mut stack = vec![pc];
        seen.insert(pc);
        if let Some(m) = self.methods.get(&method) {
            while let Some(x) = stack.pop() {
                for c in m.children.get(x as usize).into_iter().flatten() {
                    if seen.insert(*c) {
                        stack.push(*c);
                    }
                }
            }
        }
        let mut v: Vec<u32> = seen.into_iter().collect();
        v.sort_unstable();
        let u: std::sync::Arc<[u32]> = v.into();
        self.under.insert((method, pc), u.clone());
        u
    }

    /// The methods `method` may call, transitively, itself included.
    fn reach(&mut self, method: u32) -> std::sync::Arc<[u32]> {
        if let Some(r) = self.reach.get(&method) {
            return r.clone();
        }
        let mut seen = FxHashSet::default();
        let mut stack = vec![method];
        seen.insert(method);
        while let Some(x) = stack.pop() {
            if let Some(m) = self.methods.get(&x) {
                for ts in m.calls.values() {
                    for t in ts {
                        if seen.insert(*t) {
                            stack.push(*t);
                        }
                    }
                }
            }
        }
        let r: std::sync::Arc<[u32]> = seen.into_iter().collect::<Vec<_>>().into();
        self.reach.insert(method, r.clone());
        r
    }

    /// Whether `method` or anything it may call has an uncovered target (methods without
    /// code, which the analysis does not see, have none).
    fn callee_open(&mut self, method: u32) -> bool {
        if let Some((v, r)) = self.method_memo.get(&method)
            && *v == self.version
        {
            return *r;
        }
        let r = self.reach(method).iter().any(|m| self.open.get(m).is_some_and(|c| *c > 0));
        self.method_memo.insert(method, (self.version, r));
        r
    }

    /// Whether the branch at `site` is relevant now: an uncovered target is control dependent
    /// on it (its own directions included), in its method or in what it calls there.
    pub fn relevant(&mut self, site: Site) -> bool {
        let key = (site.method, site.pc);
        if let Some((v, r)) = self.memo.get(&key)
            && *v == self.version
        {
            return *r;
        }
        let r = if !self.methods.contains_key(&site.method) {
            true
        } else {
            let under = self.under(site.method, site.pc);
            let mut r = false;
            for pc in under.iter() {
                if self.site_open(site.method, *pc) {
                    r = true;
                    break;
                }
                let callees = self.methods[&site.method].calls.get(pc).cloned();
                if let Some(cs) = callees
                    && *pc != site.pc
                    && cs.iter().any(|c| self.callee_open(*c))
                {
                    r = true;
                    break;
                }
            }
            r || self.caller_open(site.method)
        };
        self.memo.insert(key, (self.version, r));
        r
    }
}
