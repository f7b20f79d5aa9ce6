//! Interactive dependence (DGSE Definition 4): pair reaching definitions (Definition 7,
//! Equations 1-3) over dependence *facts*, then Algorithm 3's base case and worklist.
//!
//! A fact is something whose influence flows forward until killed: a definition made at a
//! statement (killed by a strong redefinition of its location), the control of a branch
//! direction (alive inside its control region), and a potential-dependence source (a branch
//! direction and a location whose other-side definition it skipped; killed when the location is
//! redefined). A pair of facts reaches an instruction when one path carries both alive.

use super::bits::{BitMatrix, BitSet};
use super::cfg::Dir;
use super::dataflow::{ENTRY, MethodDeps};
use super::defuse::Loc;
use std::collections::{BTreeSet, HashMap};

/// A node of the dependence tables: a statement (instruction) or a branch direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum NodeRef {
    /// An instruction (as the place a value is used or defined).
    Instr(u32),
    /// A branching instruction taking one direction.
    Dir(u32, u32),
}

impl NodeRef {
    /// The instruction index.
    pub fn pc(self) -> usize {
        match self {
            NodeRef::Instr(p) | NodeRef::Dir(p, _) => p as usize,
        }
    }
}

/// Above this many facts the exact pair analysis is replaced by the sound over-approximation
/// "every two facts alive at a point reach it together".
pub const MAX_EXACT_FACTS: usize = 256;

#[derive(Clone, Debug)]
enum Fact {
    Def(usize, Loc),
    Ctrl(usize, Dir),
    Pot(usize, Dir, Loc),
}

impl Fact {
    fn node(&self) -> NodeRef {
        match self {
            Fact::Def(p, _) => NodeRef::Instr(*p as u32),
            Fact::Ctrl(b, d) | Fact::Pot(b, d, _) => NodeRef::Dir(*b as u32, *d),
        }
    }
}

/// Computes the interactive dependence pairs ⟨nᵢ, nⱼ⟩ (nⱼ is interactive-dependent on nᵢ).
/// With `with_checks` false, the control of instructions that may throw (implicit checks and
/// exception edges) is left out: the source-level view the DGSE paper's tables use.
pub fn interactive(md: &MethodDeps, with_checks: bool) -> BTreeSet<(NodeRef, NodeRef)> {
    interactive_with_heap(md, with_checks).0
}

/// The interactive pairs of [`interactive`] plus the pairs ⟨Heap(L), nⱼ⟩ through heap
/// locations defined outside the method (see [`super::heap`]).
pub fn interactive_with_heap(md: &MethodDeps, with_checks: bool) -> (BTreeSet<(NodeRef, NodeRef)>, super::heap::HeapPairs) {
    let is_check = |b: usize| md.cfg.succ[b].iter().any(|e| e.dir == Some(1)) && super::cfg::may_throw_pc(md, b);
    let n = md.cfg.n;
    // Facts.
    let mut facts: Vec<Fact> = Vec::new();
    let mut def_facts_at: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (p, l) in md.defs.iter() {
        if *p != ENTRY && md.is_node[*p] {
            def_facts_at[*p].push(facts.len());
            facts.push(Fact::Def(*p, l.clone()));
        }
    }
    let mut edge_facts: HashMap<(usize, Dir), Vec<usize>> = HashMap::new();
    for key in md.region.keys() {
        if !with_checks && is_check(key.0) {
            continue;
        }
        edge_facts.entry(*key).or_default().push(facts.len());
        facts.push(Fact::Ctrl(key.0, key.1));
    }
    for (key, locs) in &md.potential_locs {
        for l in locs {
            edge_facts.entry(*key).or_default().push(facts.len());
            facts.push(Fact::Pot(key.0, key.1, l.clone()));
        }
    }
    let nf = facts.len();
    let exact = nf <= MAX_EXACT_FACTS;
    // Kill sets per instruction (strong redefinitions), and region filters per target.
    let mut kill_at: Vec<BitSet> = vec![BitSet::new(nf); n];
    let mut by_loc: HashMap<&Loc, Vec<usize>> = HashMap::new();
    for (i, f) in facts.iter().enumerate() {
        if let Fact::Def(_, l) | Fact::Pot(_, _, l) = f {
            by_loc.entry(l).or_default().push(i);
        }
    }
    for (pc, k) in kill_at.iter_mut().enumerate() {
        let du = &md.du.du[pc];
        for d in &du.defs {
            // A stack temporary folded into its consumer (`f(a) * 10`) passes the values it
            // reads on: the definitions of the slots it reads stay alive in its result, up to
            // the statement that consumes it (data dependence through a return value).
            let passes_on = !md.is_node[pc] && matches!(d.loc, Loc::Stack(_)) && du.uses.contains(&d.loc);
            if d.strong
                && !passes_on
                && let Some(fs) = by_loc.get(&d.loc)
            {
                for &i in fs {
                    k.insert(i);
                }
            }
        }
    }
    let ctrl_facts: Vec<(usize, usize, Dir)> = facts
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match f {
            Fact::Ctrl(b, d) => Some((i, *b, *d)),
            _ => None,
        })
        .collect();
    let outside_at = |y: usize| -> BitSet {
        let mut s = BitSet::new(nf);
        for (i, b, d) in &ctrl_facts {
            if !md.region.get(&(*b, *d)).is_some_and(|r| r.contains(y)) {
                s.insert(*i);
            }
        }
        s
    };
    let outside: Vec<BitSet> = (0..n).map(outside_at).collect();
    // Dataflow over (live facts, live pairs).
    let mut live_in: Vec<Option<BitSet>> = vec![None; n];
    let mut pairs_in: Vec<Option<BitMatrix>> = vec![None; n];
    if n == 0 {
        return (BTreeSet::new(), BTreeSet::new());
    }
    live_in[0] = Some(BitSet::new(nf));
    if exact {
        pairs_in[0] = Some(BitMatrix::new(nf));
    }
    let mut work: Vec<usize> = vec![0];
    let mut queued = vec![false; n];
    queued[0] = true;
    while let Some(x) = work.pop() {
        queued[x] = false;
        let Some(mut live) = live_in[x].clone() else { continue };
        let mut pairs = if exact { pairs_in[x].clone() } else { None };
        live.subtract(&kill_at[x]);
        if let Some(p) = pairs.as_mut() {
            p.kill(&kill_at[x]);
        }
        for &g in &def_facts_at[x] {
            if let Some(p) = pairs.as_mut() {
                p.add_column(&live, g);
            }
            live.insert(g);
        }
        for e in &md.cfg.succ[x] {
            if e.to >= n || e.fake {
                continue;
            }
            let mut l2 = live.clone();
            let mut p2 = pairs.clone();
            if let Some(d) = e.dir
                && let Some(gs) = edge_facts.get(&(x, d))
            {
                for &g in gs {
                    if let Some(p) = p2.as_mut() {
                        p.add_column(&l2, g);
                    }
                    l2.insert(g);
                }
            }
            l2.subtract(&outside[e.to]);
            if let Some(p) = p2.as_mut() {
                p.kill(&outside[e.to]);
            }
            let mut changed = false;
            match live_in[e.to].as_mut() {
                Some(s) => changed |= s.union_with(&l2),
                None => {
                    live_in[e.to] = Some(l2);
                    changed = true;
                }
            }
            if let Some(p2) = p2 {
                match pairs_in[e.to].as_mut() {
                    Some(s) => changed |= s.union_with(&p2),
                    None => {
                        pairs_in[e.to] = Some(p2);
                        changed = true;
                    }
                }
            }
            if changed && !queued[e.to] {
                queued[e.to] = true;
                work.push(e.to);
            }
        }
    }
    // Pair membership at node level: ⟨a, b⟩ ∈ In[k] when some fact of a and some fact of b
    // reach k together.
    let mut facts_of: HashMap<NodeRef, Vec<usize>> = HashMap::new();
    for (i, f) in facts.iter().enumerate() {
        facts_of.entry(f.node()).or_default().push(i);
    }
    let in_pair = |k: usize, a: NodeRef, b: NodeRef| -> bool {
        let (Some(fa), Some(fb)) = (facts_of.get(&a), facts_of.get(&b)) else {
            return false;
        };
        let Some(live) = &live_in[k] else { return false };
        fa.iter().any(|&x| {
            live.contains(x)
                && fb.iter().any(|&y| {
                    live.contains(y)
                        && match &pairs_in[k] {
                            Some(p) if exact => p.contains(x, y),
                            _ => true,
                        }
                })
        })
    };
    let trad = |k: usize| -> BTreeSet<NodeRef> {
        let mut s: BTreeSet<NodeRef> = md.data[k].iter().map(|p| NodeRef::Instr(*p as u32)).collect();
        s.extend(
            md.control[k]
                .iter()
                .filter(|(b, _)| with_checks || !is_check(*b))
                .map(|(b, d)| NodeRef::Dir(*b as u32, *d)),
        );
        s.extend(md.potential[k].iter().map(|(b, d)| NodeRef::Dir(*b as u32, *d)));
        s
    };
    // Algorithm 3, base case.
    let mut sid: BTreeSet<(NodeRef, NodeRef)> = BTreeSet::new();
    let mut by_target: HashMap<NodeRef, BTreeSet<NodeRef>> = HashMap::new();
    let mut work: Vec<(NodeRef, NodeRef)> = Vec::new();
    for k in 0..n {
        if !md.is_node[k] {
            continue;
        }
        let t: Vec<NodeRef> = trad(k).into_iter().collect();
        if t.len() < 2 {
            continue;
        }
        for &a in &t {
            for &b in &t {
                if a != b && in_pair(k, a, b) && sid.insert((a, b)) {
                    by_target.entry(b).or_default().insert(a);
                    work.push((a, b));
                }
            }
        }
    }
    // Inductive cases.
    while let Some((ni, nk)) = work.pop() {
        let k = nk.pc();
        if k >= n || !md.is_node[k] {
            continue;
        }
        let mut cands = trad(k);
        if let Some(s) = by_target.get(&nk) {
            cands.extend(s.iter().copied());
        }
        let mut new = Vec::new();
        for nj in cands {
            if nj == ni {
                continue;
            }
            if in_pair(k, ni, nj) {
                new.push((ni, nj));
            }
            if in_pair(k, nj, ni) {
                new.push((nj, ni));
            }
        }
        for p in new {
            if sid.insert(p) {
                by_target.entry(p.1).or_default().insert(p.0);
                work.push(p);
            }
        }
    }
    let alive = |k: usize, a: NodeRef| -> bool {
        let Some(live) = &live_in[k] else { return false };
        facts_of.get(&a).is_some_and(|fs| fs.iter().any(|&x| live.contains(x)))
    };
    let heap = super::heap::heap_pairs(md, &trad, &alive, &by_target);
    (sid, heap)
}
