//! Dependences through the heap across invocations (DGSE Definitions 3 and 4 applied to static
//! fields, instance fields and array elements that one call writes and a later call reads).
//!
//! Inside one method the tables only see definitions made by the method itself; a heap location
//! (abstract: a static or instance field by name and type, the elements of every array of one
//! element kind) may also have been defined — or, had an earlier branch gone the other way,
//! *could* have been defined — by an earlier invocation of any method, reached from the
//! driver. The analysis stands for all of those by one pseudo-node per location, `Heap(L)`,
//! "the definitions of L and the potential-dependence sources of L alive when the location is
//! read", and computes per method:
//!
//! * `access`: the abstract location each heap instruction reads or writes (and whether the
//!   write is strong, i.e. kills: only static fields);
//! * `alt_mods`: for each branch direction, the locations the regions of its *other* directions
//!   may write, directly or through calls (their mod summaries). When the direction executes,
//!   it becomes a potential-dependence source (Definition 3) of every later read of those
//!   locations, in this invocation or a later one;
//! * `inter`: the interactive pairs ⟨Heap(L), nⱼ⟩ (Definition 4): some node nₖ reads L with a
//!   definition from outside the method (the method's entry or a call) reaching it, and depends
//!   on nⱼ too, both reaching nₖ together. Algorithm 3's inductive step is applied as well.
//!
//! At run time (`vm::deps`) `Heap(L)` is the union of the instances of every executed write of
//! L and of every executed potential source of L since the last strong write of L.

use super::bits::BitSet;
use super::dataflow::{ENTRY, MethodDeps};
use super::defuse::Loc;
use super::interactive::NodeRef;
use crate::bytecode::Op;
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Interactive pairs ⟨Heap(L), nⱼ⟩, sorted and without repeats.
pub type HeapPairs = Vec<(Loc, NodeRef)>;

/// How an instruction touches its abstract heap location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Access {
    /// `getstatic`, `getfield`, `xaload`.
    Read,
    /// `putfield`, `xastore`: adds a definition.
    Write,
    /// `putstatic`: kills every earlier definition and potential source.
    StrongWrite,
}

/// The heap dependences of one method (see the module documentation).
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct HeapTables {
    /// Per heap instruction: (pc, location name, access).
    pub access: Vec<(u32, String, Access)>,
    /// Per branch direction (pc, dir): the locations its other directions may write.
    pub alt_mods: Vec<((u32, u32), Vec<String>)>,
    /// Interactive pairs ⟨Heap(L), nⱼ⟩ by location name.
    pub inter: Vec<(String, NodeRef)>,
}

/// The abstract location an instruction reads or writes directly.
pub fn access(op: &Op) -> Option<(Loc, Access)> {
    use super::defuse::field_key;
    Some(match op {
        Op::GetStatic(r) => (Loc::Static(field_key(&r.name, &r.desc)), Access::Read),
        Op::PutStatic(r) => (Loc::Static(field_key(&r.name, &r.desc)), Access::StrongWrite),
        Op::GetField(r) => (Loc::Field(field_key(&r.name, &r.desc)), Access::Read),
        Op::PutField(r) => (Loc::Field(field_key(&r.name, &r.desc)), Access::Write),
        Op::ArrayLoad(k) => (Loc::Elem(super::defuse::elem_char(*k)), Access::Read),
        Op::ArrayStore(k) => (Loc::Elem(super::defuse::elem_char(*k)), Access::Write),
        _ => return None,
    })
}

/// The heap locations the regions of the other directions of each branch direction may write.
pub fn alt_mods(md: &MethodDeps) -> BTreeMap<(u32, u32), BTreeSet<Loc>> {
    // Dense ids of the heap locations the method defines, and each instruction's as a set.
    let mut ids: FxHashMap<&Loc, usize> = FxHashMap::default();
    let mut locs: Vec<&Loc> = Vec::new();
    let mut defs_at: Vec<Vec<usize>> = vec![Vec::new(); md.du.du.len()];
    for (pc, du) in md.du.du.iter().enumerate() {
        for d in &du.defs {
            if d.loc.is_heap() {
                let id = *ids.entry(&d.loc).or_insert_with(|| {
                    locs.push(&d.loc);
                    locs.len() - 1
                });
                defs_at[pc].push(id);
            }
        }
    }
    if locs.is_empty() {
        return BTreeMap::new();
    }
    let mut mods_of: HashMap<(usize, u32), BitSet> = HashMap::new();
    for (key, reg) in &md.region {
        let mut s = BitSet::new(locs.len());
        for x in reg.iter() {
            for &id in &defs_at[x] {
                s.insert(id);
            }
        }
        if !s.is_empty() {
            mods_of.insert(*key, s);
        }
    }
    let mut out = BTreeMap::new();
    for (b, dirs) in md.dirs.iter().enumerate() {
        if dirs.len() < 2 || !md.is_node[b] {
            continue;
        }
        for &d in dirs {
            let mut s = BitSet::new(locs.len());
            for &d2 in dirs {
                if d2 != d
                    && let Some(m) = mods_of.get(&(b, d2))
                {
                    s.union_with(m);
                }
            }
            if !s.is_empty() {
                out.insert((b as u32, d), s.iter().map(|i| locs[i].clone()).collect());
            }
        }
    }
    out
}

/// For each heap location the method uses, the definitions of it made outside the method (its
/// entry, or a call standing for its callees).
fn outside_defs(md: &MethodDeps) -> HashMap<&Loc, BitSet> {
    let mut out: HashMap<&Loc, BitSet> = HashMap::new();
    for (i, (p, l)) in md.defs.iter().enumerate() {
        if l.is_heap() && (*p == ENTRY || md.calls[*p]) {
            out.entry(l).or_insert_with(|| BitSet::new(md.defs.len())).insert(i);
        }
    }
    out
}

/// The pairs ⟨Heap(L), nⱼ⟩. `trad(k)` gives the traditional sources of node k, `alive(k, n)`
/// whether a fact of node n reaches k, and `by_target` the method's own interactive sources of
/// each node.
pub fn heap_pairs<'a>(
    md: &MethodDeps,
    trad: &dyn Fn(usize) -> &'a BTreeSet<NodeRef>,
    alive: &dyn Fn(usize, NodeRef) -> bool,
    by_target: &FxHashMap<NodeRef, BTreeSet<NodeRef>>,
) -> HeapPairs {
    let n = md.cfg.n;
    // Heap locations with a definition from outside the method, by dense id.
    let outside = outside_defs(md);
    // Sorted, so that the pairs come out sorted by location from dense ids.
    let mut locs: Vec<&Loc> = outside.keys().copied().collect();
    locs.sort_unstable();
    let masks: Vec<&BitSet> = locs.iter().map(|l| &outside[l]).collect();
    let loc_id: FxHashMap<&Loc, usize> = locs.iter().enumerate().map(|(i, l)| (*l, i)).collect();
    // The locations an outside definition of which reaches `pc`, once per instruction.
    let reaching: Vec<std::cell::OnceCell<BitSet>> = (0..n).map(|_| std::cell::OnceCell::new()).collect();
    let outside_at = |pc: usize| -> &BitSet {
        reaching[pc].get_or_init(|| {
            let mut s = BitSet::new(locs.len());
            for (i, m) in masks.iter().enumerate() {
                if md.rd_in[pc].intersects(m) {
                    s.insert(i);
                }
            }
            s
        })
    };
    let mut got: FxHashMap<NodeRef, BitSet> = FxHashMap::default();
    let mut work: Vec<(NodeRef, BitSet)> = Vec::new();
    // Base case: nₖ reads L with an outside definition reaching it.
    for k in 0..n {
        if !md.is_node[k] {
            continue;
        }
        let mut direct = BitSet::new(locs.len());
        for (site, loc) in md.use_sites(k) {
            if let Some(&i) = loc_id.get(&loc)
                && outside_at(site).contains(i)
            {
                direct.insert(i);
            }
        }
        if direct.is_empty() {
            continue;
        }
        work.push((NodeRef::Instr(k as u32), direct.clone()));
        for d in &md.dirs[k] {
            work.push((NodeRef::Dir(k as u32, *d), direct.clone()));
        }
    }
    // nₖ depends on Heap(L) (data, or interactively by an earlier round) and on nⱼ: nⱼ is
    // interactive-dependent on Heap(L) when both reach nₖ.
    let empty = BTreeSet::new();
    while let Some((t, mut ls)) = work.pop() {
        let k = t.pc();
        if k >= n || !md.is_node[k] {
            continue;
        }
        ls.intersect_with(outside_at(k));
        if ls.is_empty() {
            continue;
        }
        // A node in both sets is visited twice; the second visit adds nothing.
        let cands = trad(k).iter().chain(by_target.get(&t).unwrap_or(&empty).iter()).copied();
        for nj in cands {
            if nj == t || !alive(k, nj) {
                continue;
            }
            let have = got.entry(nj).or_insert_with(|| BitSet::new(locs.len()));
            let mut new = ls.clone();
            new.subtract(have);
            if new.is_empty() {
                continue;
            }
            have.union_with(&new);
            work.push((nj, new));
        }
    }
    let mut ids: Vec<(usize, NodeRef)> = Vec::new();
    for (nj, ls) in &got {
        ids.extend(ls.iter().map(|i| (i, *nj)));
    }
    ids.sort_unstable();
    ids.into_iter().map(|(i, nj)| (locs[i].clone(), nj)).collect()
}

/// Packs a method's heap dependences for the tables.
pub fn tables(m: &crate::bytecode::Method, md: &MethodDeps, inter: &HeapPairs) -> HeapTables {
    let reachable = |pc: usize| md.du.depth.get(pc).is_some_and(|d| d.is_some());
    HeapTables {
        access: m
            .code
            .iter()
            .enumerate()
            .filter(|(pc, _)| reachable(*pc))
            .filter_map(|(pc, op)| access(op).map(|(l, a)| (pc as u32, l.name(), a)))
            .collect(),
        alt_mods: {
            let mut names: FxHashMap<Loc, String> = FxHashMap::default();
            alt_mods(md)
                .into_iter()
                .map(|(k, s)| {
                    (
                        k,
                        s.into_iter()
                            .map(|l| names.entry(l).or_insert_with_key(Loc::name).clone())
                            .collect(),
                    )
                })
                .collect()
        },
        inter: {
            // One name per location (the pairs are sorted by location).
            let mut last: Option<(&Loc, String)> = None;
            inter
                .iter()
                .map(|(l, n)| {
                    if last.as_ref().is_none_or(|(ll, _)| *ll != l) {
                        last = Some((l, l.name()));
                    }
                    (last.as_ref().map(|(_, s)| s.clone()).unwrap_or_default(), *n)
                })
                .collect()
        },
    }
}
