//! Interactive dependence (DGSE Definition 4): pair reaching definitions (Definition 7,
//! Equations 1-3) over dependence *facts*, then Algorithm 3's base case and worklist.
//!
//! A fact is something whose influence flows forward until killed: a definition made at a
//! statement (killed by a strong redefinition of its location), the control of a branch
//! direction (alive inside its control region), and a potential-dependence source (a branch
//! direction and a location whose other-side definition it skipped; killed when the location is
//! redefined). A pair of facts reaches an instruction when one path carries both alive.

use super::bits::{BitMatrix, BitRows, BitSet};
use super::cfg::Dir;
use super::dataflow::{ENTRY, MethodDeps};
use super::defuse::Loc;
use rustc_hash::FxHashMap;
use std::cell::OnceCell;
use std::collections::BTreeSet;

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

/// How the directions of instructions that may throw (implicit checks and exception edges of
/// calls) take part in interactive dependence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// Left out: the source-level view the DGSE paper's tables use.
    Left,
    /// Like any branch direction: the bytecode-level view.
    Included,
    /// Analysed like any branch direction, but kept only as targets: a check direction is
    /// interactive-dependent on what reaches the code after it together with its control
    /// (so a task negating a check that threw keeps the conditions that decide what runs after
    /// it), while nothing becomes interactive-dependent on a check (code after a check already
    /// depends on it through control dependence at run time). What DGSE uses.
    Targets,
}

/// Computes the interactive dependence pairs ⟨nᵢ, nⱼ⟩ (nⱼ is interactive-dependent on nᵢ).
/// With `with_checks` false, the control of instructions that may throw (implicit checks and
/// exception edges) is left out: the source-level view the DGSE paper's tables use.
pub fn interactive(md: &MethodDeps, with_checks: bool) -> BTreeSet<(NodeRef, NodeRef)> {
    interactive_with_heap(md, if with_checks { Checks::Included } else { Checks::Left }).0
}

/// The interactive pairs of [`interactive`] plus the pairs ⟨Heap(L), nⱼ⟩ through heap
/// locations defined outside the method (see [`super::heap`]).
pub fn interactive_with_heap(md: &MethodDeps, checks: Checks) -> (BTreeSet<(NodeRef, NodeRef)>, super::heap::HeapPairs) {
    let with_checks = checks != Checks::Left;
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
    let mut edge_facts: FxHashMap<(usize, Dir), Vec<usize>> = FxHashMap::default();
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
    // A node's operand-stack result lives on, through the temporaries folded into it
    // (`d - h(d)`, whose value moves from the call's slot to the subtraction's), until the
    // statements that consume it: it is killed there, not where its slot is reused. A result
    // no statement consumes (`pop`) dies where its slot is redefined.
    let mut consumers: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    for (k, srcs) in md.data.iter().enumerate() {
        for &p in srcs {
            consumers.entry(p).or_default().push(k);
        }
    }
    let mut by_loc: FxHashMap<&Loc, Vec<usize>> = FxHashMap::default();
    for (i, f) in facts.iter().enumerate() {
        match f {
            Fact::Def(p, Loc::Stack(_)) if consumers.contains_key(p) => {
                for &k in &consumers[p] {
                    kill_at[k].insert(i);
                }
            }
            Fact::Def(_, l) | Fact::Pot(_, _, l) => by_loc.entry(l).or_default().push(i),
            Fact::Ctrl(..) => {}
        }
    }
    for (pc, k) in kill_at.iter_mut().enumerate() {
        let du = &md.du.du[pc];
        for d in &du.defs {
            if d.strong
                && let Some(fs) = by_loc.get(&d.loc)
            {
                for &i in fs {
                    k.insert(i);
                }
            }
        }
    }
    // Control facts are killed outside their region: `outside[y]` is every control fact whose
    // region does not contain y (built from the regions, not by probing each fact at each y).
    let mut all_ctrl = BitSet::new(nf);
    for (i, f) in facts.iter().enumerate() {
        if matches!(f, Fact::Ctrl(..)) {
            all_ctrl.insert(i);
        }
    }
    let mut outside: Vec<BitSet> = vec![all_ctrl; n];
    for (i, f) in facts.iter().enumerate() {
        if let Fact::Ctrl(b, d) = f
            && let Some(r) = md.region.get(&(*b, *d))
        {
            for y in r.iter().filter(|y| *y < n) {
                outside[y].remove(i);
            }
        }
    }
    // Dataflow over (live facts, live pairs), in reverse post-order: the worklist always takes
    // the queued instruction that comes first in that order.
    let mut live_in: Vec<Option<BitSet>> = vec![None; n];
    let mut pairs_in: Vec<Option<BitMatrix>> = vec![None; n];
    if n == 0 {
        return (BTreeSet::new(), Vec::new());
    }
    live_in[0] = Some(BitSet::new(nf));
    if exact {
        pairs_in[0] = Some(BitMatrix::new(nf));
    }
    let order = md.cfg.rpo();
    let mut rank = vec![usize::MAX; n];
    for (i, &pc) in order.iter().enumerate() {
        if pc < n {
            rank[pc] = i;
        }
    }
    let mut work: BTreeSet<(usize, usize)> = BTreeSet::new();
    work.insert((rank[0], 0));
    while let Some((_, x)) = work.pop_first() {
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
            let dead = &outside[e.to];
            let gs: &[usize] = match e.dir.and_then(|d| edge_facts.get(&(x, d))) {
                Some(gs) => gs,
                None => &[],
            };
            let mut changed = false;
            // Live facts: the node's, plus the edge's, less the control facts whose region
            // the target leaves.
            let mut l2 = live.clone();
            for &g in gs {
                l2.insert(g);
            }
            l2.subtract(dead);
            match live_in[e.to].as_mut() {
                Some(s) => changed |= s.union_with(&l2),
                None => {
                    live_in[e.to] = Some(l2);
                    changed = true;
                }
            }
            // Live pairs: the node's and ⟨i, g⟩ for each edge fact g and each fact i alive
            // before it, both outside `dead`.
            if let Some(p) = pairs.as_ref() {
                let target = pairs_in[e.to].get_or_insert_with(|| BitMatrix::new(nf));
                changed |= target.union_masked(p, dead);
                let mut before = live.clone();
                for &g in gs {
                    if !dead.contains(g) {
                        for i in before.iter().filter(|i| *i != g && !dead.contains(*i)) {
                            changed |= target.insert(i, g);
                        }
                    }
                    before.insert(g);
                }
            }
            if changed && rank[e.to] != usize::MAX {
                work.insert((rank[e.to], e.to));
            }
        }
    }
    // Nodes that own facts get dense ids; a node without facts reaches nothing, so it can be
    // in no pair.
    let mut node_id: FxHashMap<NodeRef, u32> = FxHashMap::default();
    let mut refs: Vec<NodeRef> = Vec::new();
    let mut facts_of: Vec<Vec<usize>> = Vec::new();
    let node_of_fact: Vec<u32> = facts
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let id = *node_id.entry(f.node()).or_insert_with(|| {
                refs.push(f.node());
                facts_of.push(Vec::new());
                (refs.len() - 1) as u32
            });
            facts_of[id as usize].push(i);
            id
        })
        .collect();
    let nn = refs.len();
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
    let trad_refs: Vec<BTreeSet<NodeRef>> = (0..n).map(|k| if md.is_node[k] { trad(k) } else { BTreeSet::new() }).collect();
    let trad_ids: Vec<BitSet> = trad_refs
        .iter()
        .map(|t| {
            let mut b = BitSet::new(nn);
            for r in t {
                if let Some(&i) = node_id.get(r) {
                    b.insert(i as usize);
                }
            }
            b
        })
        .collect();
    let ctrl_ids: Vec<BitSet> = (0..n)
        .map(|k| {
            let mut b = BitSet::new(nn);
            if md.is_node[k] {
                for (p, d) in md.control[k].iter().filter(|(p, _)| with_checks || !is_check(*p)) {
                    if let Some(&i) = node_id.get(&NodeRef::Dir(*p as u32, *d)) {
                        b.insert(i as usize);
                    }
                }
            }
            b
        })
        .collect();
    let at = NodePairs::new(&live_in, if exact { Some(&pairs_in) } else { None }, &node_of_fact, nn);
    // Algorithm 3 over dense ids: `rows[a]` holds b for every ⟨a, b⟩ found (b is interactive-
    // dependent on a), `cols[b]` the same pairs by target.
    let mut rows: Vec<BitSet> = vec![BitSet::new(nn); nn];
    let mut cols: Vec<BitSet> = vec![BitSet::new(nn); nn];
    let mut work: Vec<(usize, usize)> = Vec::new();
    // With `Checks::Targets`, a check direction is never a source, and a pair whose target is
    // a check direction is carried on only to the directions that control the check, not to
    // the check's operands.
    let check_node: Vec<bool> = refs
        .iter()
        .map(|r| checks == Checks::Targets && matches!(r, NodeRef::Dir(p, _) if is_check(*p as usize)))
        .collect();
    let add = |a: usize, b: usize, rows: &mut Vec<BitSet>, cols: &mut Vec<BitSet>, work: &mut Vec<(usize, usize)>| {
        if check_node[a] {
            return;
        }
        if rows[a].insert(b) {
            cols[b].insert(a);
            work.push((a, b));
        }
    };
    // Base case: two traditional sources of a node that reach it together.
    for k in 0..n {
        if !md.is_node[k] || trad_refs[k].len() < 2 {
            continue;
        }
        let t = &trad_ids[k];
        for a in t.iter() {
            let mut s = t.clone();
            at.row(&mut s, k, a);
            s.remove(a);
            for b in s.iter() {
                add(a, b, &mut rows, &mut cols, &mut work);
            }
        }
    }
    // Inductive cases: ⟨nᵢ, nₖ⟩ and a source nⱼ of nₖ (traditional or interactive) that reach
    // nₖ together with nᵢ interact, in whichever order they reach it.
    while let Some((ni, nk)) = work.pop() {
        let k = refs[nk].pc();
        if k >= n || !md.is_node[k] {
            continue;
        }
        // A pair ending at an implicit check's direction is carried on to what controls the
        // check only (the branch whose region holds it), not to its operands' sources. A call's
        // exception direction is decided by the callee's whole run on its arguments: the pair
        // is carried on to the call's sources (its arguments' included) as for any statement.
        let operands = !check_node[nk] || md.calls.get(k).copied().unwrap_or(false);
        let mut cands = if operands { trad_ids[k].clone() } else { ctrl_ids[k].clone() };
        if !check_node[nk] {
            cands.union_with(&cols[nk]);
        }
        cands.remove(ni);
        let mut forward = cands.clone();
        at.row(&mut forward, k, ni);
        forward.subtract(&rows[ni]);
        let mut backward = cands;
        at.col(&mut backward, k, ni);
        backward.subtract(&cols[ni]);
        for nj in forward.iter() {
            add(ni, nj, &mut rows, &mut cols, &mut work);
        }
        for nj in backward.iter() {
            add(nj, ni, &mut rows, &mut cols, &mut work);
        }
    }
    let mut sid: BTreeSet<(NodeRef, NodeRef)> = BTreeSet::new();
    let mut by_target: FxHashMap<NodeRef, BTreeSet<NodeRef>> = FxHashMap::default();
    for (a, row) in rows.iter().enumerate() {
        for b in row.iter() {
            sid.insert((refs[a], refs[b]));
            by_target.entry(refs[b]).or_default().insert(refs[a]);
        }
    }
    let alive = |k: usize, a: NodeRef| -> bool {
        let Some(live) = &live_in[k] else { return false };
        node_id
            .get(&a)
            .is_some_and(|&i| facts_of[i as usize].iter().any(|&x| live.contains(x)))
    };
    let trad = |k: usize| &trad_refs[k];
    let heap = super::heap::heap_pairs(md, &trad, &alive, &by_target);
    (sid, heap)
}

/// Which nodes reach an instruction together, at node level: ⟨a, b⟩ when some fact of a and
/// some fact of b are alive there and (in the exact analysis) one path carries both, a's first.
/// Computed per instruction on first use.
struct NodePairs<'a> {
    live_in: &'a [Option<BitSet>],
    pairs_in: Option<&'a [Option<BitMatrix>]>,
    node_of_fact: &'a [u32],
    nn: usize,
    at: Vec<OnceCell<AtPoint>>,
}

/// The node-level pairs at one instruction.
struct AtPoint {
    alive: BitSet,
    /// Row a: the b with ⟨a, b⟩; `None` when every two alive nodes pair.
    rows: Option<BitRows>,
    /// Row a: the b with ⟨b, a⟩.
    cols: Option<BitRows>,
}

impl<'a> NodePairs<'a> {
    fn new(live_in: &'a [Option<BitSet>], pairs_in: Option<&'a [Option<BitMatrix>]>, node_of_fact: &'a [u32], nn: usize) -> Self {
        NodePairs {
            live_in,
            pairs_in,
            node_of_fact,
            nn,
            at: (0..live_in.len()).map(|_| OnceCell::new()).collect(),
        }
    }

    fn point(&self, k: usize) -> &AtPoint {
        self.at[k].get_or_init(|| {
            let mut alive = BitSet::new(self.nn);
            let Some(live) = &self.live_in[k] else {
                return AtPoint {
                    alive,
                    rows: Some(BitRows::new(self.nn, self.nn)),
                    cols: Some(BitRows::new(self.nn, self.nn)),
                };
            };
            for x in live.iter() {
                alive.insert(self.node_of_fact[x] as usize);
            }
            let Some(Some(p)) = self.pairs_in.map(|p| &p[k]) else {
                return AtPoint {
                    alive,
                    rows: None,
                    cols: None,
                };
            };
            let mut rows = BitRows::new(self.nn, self.nn);
            let mut cols = BitRows::new(self.nn, self.nn);
            // Per node, the live facts paired after any live fact of it (word-wise), then
            // each such fact's node once.
            let lw = live.words();
            let w = lw.len();
            let mut acc = vec![0u64; self.nn * w];
            for x in live.iter() {
                let a = self.node_of_fact[x] as usize;
                for ((d, r), m) in acc[a * w..(a + 1) * w].iter_mut().zip(p.row_words(x)).zip(lw) {
                    *d |= r & m;
                }
            }
            for a in alive.iter() {
                for y in super::bits::ones(acc[a * w..(a + 1) * w].iter().copied()) {
                    let b = self.node_of_fact[y] as usize;
                    rows.insert(a, b);
                    cols.insert(b, a);
                }
            }
            AtPoint {
                alive,
                rows: Some(rows),
                cols: Some(cols),
            }
        })
    }

    /// `set &= ` the nodes paired with `a` at k (after a when `forward`, before it otherwise).
    fn restrict(&self, set: &mut BitSet, k: usize, a: usize, forward: bool) {
        let pt = self.point(k);
        let table = if forward { &pt.rows } else { &pt.cols };
        match table {
            Some(t) => set.intersect_with_words(t.row(a)),
            None if pt.alive.contains(a) => set.intersect_with(&pt.alive),
            None => set.clear(),
        }
    }

    /// Keeps in `set` the nodes b with ⟨a, b⟩ at instruction k.
    fn row(&self, set: &mut BitSet, k: usize, a: usize) {
        self.restrict(set, k, a, true)
    }

    /// Keeps in `set` the nodes b with ⟨b, a⟩ at instruction k.
    fn col(&self, set: &mut BitSet, k: usize, a: usize) {
        self.restrict(set, k, a, false)
    }
}
