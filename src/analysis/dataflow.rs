//! Intra-procedural dependences of one method: reaching definitions, data dependence (with
//! operand-stack temporaries folded into the statements that consume them), branch-sensitive
//! control dependence over post-dominators (DGSE Definition 1), control regions, and static
//! potential dependence (Definition 3).

use super::bits::BitSet;
use super::cfg::{Cfg, Dir, may_throw};
use super::defuse::{Loc, MethodDefUse};
use crate::bytecode::{Method, Op};
use petgraph::algo::dominators::simple_fast;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::Reversed;
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;

/// Marker pc for definitions that come from outside the method (parameters, the heap).
pub const ENTRY: usize = usize::MAX;

/// The dependences of one method.
pub struct MethodDeps {
    /// The CFG.
    pub cfg: Cfg,
    /// Def/use per instruction.
    pub du: MethodDefUse,
    /// Every definition: (pc or ENTRY, location).
    pub defs: Vec<(usize, Loc)>,
    /// Definitions reaching each instruction.
    pub rd_in: Vec<BitSet>,
    /// Statement nodes (instructions that are not pure operand-stack temporaries).
    pub is_node: Vec<bool>,
    /// Data dependence: node → source nodes.
    pub data: Vec<BTreeSet<usize>>,
    /// Control dependence: instruction → (branch pc, direction).
    pub control: Vec<BTreeSet<(usize, Dir)>>,
    /// Directions of each branching instruction.
    pub dirs: Vec<Vec<Dir>>,
    /// Potential dependence: node → (branch pc, direction).
    pub potential: Vec<BTreeSet<(usize, Dir)>>,
    /// For each potential source (branch, direction): the locations involved.
    pub potential_locs: HashMap<(usize, Dir), BTreeSet<Loc>>,
    /// For each potential dependence (node, (branch, direction)): the locations it is through.
    pub potential_via: HashMap<(usize, (usize, Dir)), BTreeSet<Loc>>,
    /// Transitive control region of each (branch, direction).
    pub region: HashMap<(usize, Dir), BitSet>,
    /// Definition ids per location.
    loc_defs: HashMap<Loc, BitSet>,
    /// Definition ids per instruction.
    defs_at: Vec<Vec<usize>>,
    /// Instructions that may throw (their direction 1 is the exception).
    pub throws: Vec<bool>,
    /// Call instructions (their heap definitions stand for their callees').
    pub calls: Vec<bool>,
}

/// True for instructions that stand for a statement: branches, calls, returns, instructions
/// that may throw and instructions that write anything but an operand-stack slot. An
/// instruction that may throw only because it may run a class initialiser (`getstatic`,
/// `putstatic`, `new`) is one only when the may-throw analysis kept its edge (`safe` false).
fn statement(op: &Op, du: &super::defuse::DefUse, safe: bool) -> bool {
    let init_only = matches!(op, Op::GetStatic(_) | Op::PutStatic(_) | Op::New(_));
    matches!(
        op,
        Op::If(..)
            | Op::IfCmp(..)
            | Op::IfRefEq(..)
            | Op::IfNull(..)
            | Op::TableSwitch(..)
            | Op::LookupSwitch(..)
            | Op::Return(_)
            | Op::Invoke(..)
    ) || (may_throw(op) && !(init_only && safe))
        || du.defs.iter().any(|d| !matches!(d.loc, Loc::Stack(_)))
}

impl MethodDeps {
    /// Analyses a method, every instruction that may throw by itself keeping its exceptional
    /// edges (field accesses through `this` excepted).
    pub fn compute(m: &Method, summary: &mut dyn FnMut(usize) -> super::defuse::Summary) -> MethodDeps {
        Self::compute_with(m, summary, &[], &Default::default())
    }

    /// Analyses a method; `safe[pc]` marks instructions proven not to throw (the interprocedural
    /// may-throw analysis, [`super::throws`]): they get no exceptional edge; `handled[pc]` the
    /// only handlers an instruction's exceptions can reach.
    pub fn compute_with(
        m: &Method,
        summary: &mut dyn FnMut(usize) -> super::defuse::Summary,
        safe: &[bool],
        handled: &super::cfg::Handled,
    ) -> MethodDeps {
        let mut cfg = Cfg::build_with(m, safe, handled);
        let mut du = super::defuse::compute(m, &cfg, summary);
        let merged: Vec<bool> = (0..m.code.len())
            .map(|pc| safe.get(pc).copied().unwrap_or(false) || du.this_receiver.get(pc).copied().unwrap_or(false))
            .collect();
        if (0..m.code.len()).any(|pc| merged[pc] != safe.get(pc).copied().unwrap_or(false)) {
            cfg = Cfg::build_with(m, &merged, handled);
            du = super::defuse::compute(m, &cfg, summary);
        }
        du.this_receiver = merged;
        let n = cfg.n;
        let reachable: Vec<bool> = du.depth.iter().map(|d| d.is_some()).collect();
        // Definitions: entry definitions for every location used, then one per instruction def.
        let mut defs: Vec<(usize, Loc)> = Vec::new();
        let mut used: BTreeSet<Loc> = BTreeSet::new();
        for d in &du.du {
            used.extend(d.uses.iter().filter(|l| !matches!(l, Loc::Stack(_))).cloned());
        }
        for l in &used {
            defs.push((ENTRY, l.clone()));
        }
        let mut def_at: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (pc, d) in du.du.iter().enumerate() {
            for df in &d.defs {
                def_at[pc].push(defs.len());
                defs.push((pc, df.loc.clone()));
            }
        }
        let mut by_loc: HashMap<Loc, Vec<usize>> = HashMap::default();
        for (i, (_, l)) in defs.iter().enumerate() {
            by_loc.entry(l.clone()).or_default().push(i);
        }
        let nd = defs.len();
        // Reaching definitions.
        let mut gen_kill: Vec<(BitSet, BitSet)> = Vec::with_capacity(n);
        for (pc, at) in def_at.iter().enumerate() {
            let mut g = BitSet::new(nd);
            let mut k = BitSet::new(nd);
            for (j, df) in du.du[pc].defs.iter().enumerate() {
                if df.strong
                    && let Some(all) = by_loc.get(&df.loc)
                {
                    for &i in all {
                        k.insert(i);
                    }
                }
                g.insert(at[j]);
            }
            gen_kill.push((g, k));
        }
        let mut rd_in = vec![BitSet::new(nd); n + 1];
        if n > 0 {
            for (i, (p, _)) in defs.iter().enumerate() {
                if *p == ENTRY {
                    rd_in[0].insert(i);
                }
            }
        }
        let order = cfg.rpo();
        let mut changed = true;
        let mut out = BitSet::new(nd);
        while changed {
            changed = false;
            for &pc in &order {
                if pc >= n {
                    continue;
                }
                out.assign(&rd_in[pc]);
                out.subtract(&gen_kill[pc].1);
                out.union_with(&gen_kill[pc].0);
                for e in &cfg.succ[pc] {
                    if e.to < n && !e.fake {
                        changed |= rd_in[e.to].union_with(&out);
                    }
                }
            }
        }
        let mut is_node: Vec<bool> = (0..n)
            .map(|pc| reachable[pc] && statement(&m.code[pc], &du.du[pc], safe.get(pc).copied().unwrap_or(false)))
            .collect();
        // Control dependence on the post-dominator tree.
        let mut g: DiGraph<(), ()> = DiGraph::with_capacity(n + 1, n * 2);
        let ids: Vec<NodeIndex> = (0..=n).map(|_| g.add_node(())).collect();
        for (a, es) in cfg.succ.iter().enumerate() {
            for e in es {
                g.add_edge(ids[a], ids[e.to], ());
            }
        }
        let pdom = simple_fast(Reversed(&g), ids[n]);
        let ipdom = |x: usize| pdom.immediate_dominator(ids[x]).map(|i| i.index());
        let mut control: Vec<BTreeSet<(usize, Dir)>> = vec![BTreeSet::new(); n];
        let mut dirs: Vec<Vec<Dir>> = vec![Vec::new(); n];
        for (a, es) in cfg.succ.iter().enumerate().take(n) {
            if !reachable[a] {
                continue;
            }
            for e in es {
                let Some(d) = e.dir else { continue };
                if e.fake {
                    continue;
                }
                if !dirs[a].contains(&d) {
                    dirs[a].push(d);
                }
                let stop = ipdom(a);
                let mut r = Some(e.to);
                let mut guard = 0;
                while let Some(x) = r {
                    if Some(x) == stop || x >= n || guard > n + 1 {
                        break;
                    }
                    control[x].insert((a, d));
                    r = ipdom(x);
                    guard += 1;
                }
            }
        }
        // Regions: transitive closure of control dependence.
        let mut cd_rev: HashMap<(usize, Dir), Vec<usize>> = HashMap::default();
        for (x, cs) in control.iter().enumerate() {
            for c in cs {
                cd_rev.entry(*c).or_default().push(x);
            }
        }
        let mut region: HashMap<(usize, Dir), BitSet> = HashMap::default();
        for key in cd_rev.keys() {
            let mut set = BitSet::new(n);
            let mut stack: Vec<usize> = cd_rev[key].clone();
            while let Some(x) = stack.pop() {
                if !set.insert(x) {
                    continue;
                }
                for d in &dirs[x] {
                    if let Some(ys) = cd_rev.get(&(x, *d)) {
                        stack.extend(ys.iter().copied());
                    }
                }
            }
            region.insert(*key, set);
        }
        // Stack temporaries computed under a branch and consumed outside its control region (`b = x > y;`,
        // `v = c ? 1 : 0`, a short-circuit `&&`) are statements of their own, as the source
        // form's `$t = 1` under the branch is: folded into their consumer at the join, the
        // control dependence of the value on the branch (an implicit flow) would be lost.
        for c in 0..n {
            if !reachable[c] {
                continue;
            }
            for u in &du.du[c].uses {
                if !matches!(u, Loc::Stack(_)) {
                    continue;
                }
                let Some(ids) = by_loc.get(u) else { continue };
                for &i in ids {
                    let p = defs[i].0;
                    if p != ENTRY
                        && !is_node[p]
                        && rd_in[c].contains(i)
                        && control[p].iter().any(|k| !region.get(k).is_some_and(|r| r.contains(c)))
                    {
                        is_node[p] = true;
                    }
                }
            }
        }
        let safe_flags = du.this_receiver.clone();
        let mut loc_defs: HashMap<Loc, BitSet> = HashMap::default();
        for (i, (_, l)) in defs.iter().enumerate() {
            loc_defs.entry(l.clone()).or_insert_with(|| BitSet::new(nd)).insert(i);
        }
        let mut md = MethodDeps {
            loc_defs,
            defs_at: def_at.clone(),
            cfg,
            du,
            defs,
            rd_in,
            is_node,
            data: vec![BTreeSet::new(); n],
            control,
            dirs,
            potential: vec![BTreeSet::new(); n],
            potential_locs: HashMap::default(),
            potential_via: HashMap::default(),
            region,
            throws: m
                .code
                .iter()
                .enumerate()
                .map(|(pc, o)| may_throw(o) && !md_safe(&safe_flags, pc))
                .collect(),
            calls: m.code.iter().map(|o| matches!(o, Op::Invoke(..) | Op::InvokeDynamic(_))).collect(),
        };
        md.data_deps();
        md.potential_deps();
        md
    }

    /// Reaching definitions of `loc` at `pc`.
    fn reaching<'s>(&'s self, pc: usize, loc: &Loc) -> impl Iterator<Item = usize> + 's {
        let rd = &self.rd_in[pc];
        self.loc_defs.get(loc).into_iter().flat_map(move |mask| rd.iter_and(mask))
    }

    /// The use sites of a node: (pc, location) pairs for its own non-stack uses and those of the
    /// stack temporaries it consumes, transitively.
    pub fn use_sites(&self, node: usize) -> Vec<(usize, Loc)> {
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        let mut stack = vec![node];
        while let Some(pc) = stack.pop() {
            if !seen.insert(pc) {
                continue;
            }
            for u in &self.du.du[pc].uses {
                match u {
                    Loc::Stack(_) => {
                        for d in self.reaching(pc, u) {
                            let p = self.defs[d].0;
                            if p != ENTRY && !self.is_node[p] {
                                stack.push(p);
                            }
                        }
                    }
                    other => out.push((pc, other.clone())),
                }
            }
        }
        out
    }

    /// Source nodes of the values a node reads (through folded stack temporaries).
    fn sources(&self, node: usize) -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut stack = vec![node];
        while let Some(pc) = stack.pop() {
            if !seen.insert(pc) {
                continue;
            }
            for u in &self.du.du[pc].uses {
                for d in self.reaching(pc, u) {
                    let p = self.defs[d].0;
                    if p == ENTRY {
                        continue;
                    }
                    if self.is_node[p] {
                        if p != node || pc != node {
                            out.insert(p);
                        }
                    } else {
                        stack.push(p);
                    }
                }
            }
        }
        out
    }

    fn data_deps(&mut self) {
        for pc in 0..self.cfg.n {
            if self.is_node[pc] {
                self.data[pc] = self.sources(pc);
            }
        }
    }

    /// Static potential dependence (DGSE Definition 3): node n is potentially dependent on
    /// branch b taking direction d when a definition made before b reaches n's use along a path
    /// through d, n is not control dependent on b, and a different definition of the same
    /// location, made in the region of another direction of b, also reaches that use.
    fn potential_deps(&mut self) {
        let n = self.cfg.n;
        let nd = self.defs.len();
        let mut by_loc: HashMap<&Loc, Vec<usize>> = HashMap::default();
        for (i, (_, l)) in self.defs.iter().enumerate() {
            by_loc.entry(l).or_default().push(i);
        }
        let mut found: Vec<(usize, (usize, Dir), Loc)> = Vec::new();
        let sites: Vec<Vec<(usize, Loc, Vec<usize>)>> = (0..n)
            .map(|node| {
                if !self.is_node[node] {
                    return vec![];
                }
                self.use_sites(node)
                    .into_iter()
                    .map(|(site, loc)| {
                        let rds = self.reaching(site, &loc).collect();
                        (site, loc, rds)
                    })
                    .collect()
            })
            .collect();
        for b in 0..n {
            if self.dirs[b].len() < 2 || !self.is_node[b] {
                continue;
            }
            let pre: Vec<usize> = self.rd_in[b].iter().filter(|i| !matches!(self.defs[*i].1, Loc::Stack(_))).collect();
            if pre.is_empty() {
                continue;
            }
            for &d in &self.dirs[b] {
                // Defs in the regions of the other directions.
                let mut alt = BitSet::new(nd);
                for &d2 in &self.dirs[b] {
                    if d2 == d {
                        continue;
                    }
                    if let Some(reg) = self.region.get(&(b, d2)) {
                        for x in reg.iter() {
                            for &i in &self.defs_at[x] {
                                if !matches!(self.defs[i].1, Loc::Stack(_)) {
                                    alt.insert(i);
                                }
                            }
                        }
                    }
                }
                if alt.is_empty() {
                    continue;
                }
                // Pre-branch definitions that survive along paths starting with direction d.
                let mut reach: Vec<Option<BitSet>> = vec![None; n];
                let mut init = BitSet::new(nd);
                for &i in &pre {
                    init.insert(i);
                }
                let mut work = Vec::new();
                for e in &self.cfg.succ[b] {
                    if e.dir == Some(d) && e.to < n && e.to != b {
                        let slot = reach[e.to].get_or_insert_with(|| BitSet::new(nd));
                        if slot.union_with(&init) {
                            work.push(e.to);
                        }
                    }
                }
                while let Some(x) = work.pop() {
                    let Some(mut out) = reach[x].clone() else { continue };
                    for df in &self.du.du[x].defs {
                        if df.strong
                            && let Some(all) = by_loc.get(&df.loc)
                        {
                            for &i in all {
                                out.remove(i);
                            }
                        }
                    }
                    for e in &self.cfg.succ[x] {
                        if e.to >= n || e.to == b || e.fake {
                            continue;
                        }
                        let slot = reach[e.to].get_or_insert_with(|| BitSet::new(nd));
                        if slot.union_with(&out) {
                            work.push(e.to);
                        }
                    }
                }
                for (node, node_sites) in sites.iter().enumerate() {
                    if !self.is_node[node] || node == b || self.control[node].iter().any(|(c, _)| *c == b) {
                        continue;
                    }
                    for (site, loc, rds) in node_sites {
                        let Some(r) = &reach[*site] else { continue };
                        let loc = loc.clone();
                        let via_d = rds.iter().any(|i| r.contains(*i));
                        let via_alt = rds.iter().any(|i| alt.contains(*i));
                        if via_d && via_alt {
                            found.push((node, (b, d), loc));
                        }
                    }
                }
            }
        }
        for (node, src, loc) in found {
            self.potential[node].insert(src);
            self.potential_via.entry((node, src)).or_default().insert(loc.clone());
            self.potential_locs.entry(src).or_default().insert(loc);
        }
    }
}

fn md_safe(safe: &[bool], pc: usize) -> bool {
    safe.get(pc).copied().unwrap_or(false)
}
