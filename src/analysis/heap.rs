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

use super::dataflow::{ENTRY, MethodDeps};
use super::defuse::Loc;
use super::interactive::NodeRef;
use crate::bytecode::Op;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Interactive pairs ⟨Heap(L), nⱼ⟩.
pub type HeapPairs = BTreeSet<(Loc, NodeRef)>;

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
    let mut mods_of: HashMap<(usize, u32), BTreeSet<Loc>> = HashMap::new();
    for (key, reg) in &md.region {
        let mut s = BTreeSet::new();
        for x in reg.iter() {
            for d in &md.du.du[x].defs {
                if d.loc.is_heap() {
                    s.insert(d.loc.clone());
                }
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
            let mut s = BTreeSet::new();
            for &d2 in dirs {
                if d2 != d
                    && let Some(m) = mods_of.get(&(b, d2))
                {
                    s.extend(m.iter().cloned());
                }
            }
            if !s.is_empty() {
                out.insert((b as u32, d), s);
            }
        }
    }
    out
}

/// Whether a definition of heap location `loc` made outside the method (its entry, or a call
/// standing for its callees) reaches instruction `pc`.
fn outside_def_reaches(md: &MethodDeps, pc: usize, loc: &Loc) -> bool {
    md.rd_in[pc]
        .iter()
        .any(|i| md.defs[i].1 == *loc && (md.defs[i].0 == ENTRY || md.calls[md.defs[i].0]))
}

/// The pairs ⟨Heap(L), nⱼ⟩. `trad(k)` gives the traditional sources of node k, `alive(k, n)`
/// whether a fact of node n reaches k, and `by_target` the method's own interactive sources of
/// each node.
pub fn heap_pairs(
    md: &MethodDeps,
    trad: &dyn Fn(usize) -> BTreeSet<NodeRef>,
    alive: &dyn Fn(usize, NodeRef) -> bool,
    by_target: &HashMap<NodeRef, BTreeSet<NodeRef>>,
) -> HeapPairs {
    let n = md.cfg.n;
    let mut got: HashMap<NodeRef, BTreeSet<Loc>> = HashMap::new();
    let mut work: Vec<(NodeRef, BTreeSet<Loc>)> = Vec::new();
    // Base case: nₖ reads L with an outside definition reaching it.
    for k in 0..n {
        if !md.is_node[k] {
            continue;
        }
        let direct: BTreeSet<Loc> = md
            .use_sites(k)
            .into_iter()
            .filter(|(site, loc)| loc.is_heap() && outside_def_reaches(md, *site, loc))
            .map(|(_, loc)| loc)
            .collect();
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
    while let Some((t, locs)) = work.pop() {
        let k = t.pc();
        if k >= n || !md.is_node[k] {
            continue;
        }
        let locs: BTreeSet<Loc> = locs.into_iter().filter(|l| outside_def_reaches(md, k, l)).collect();
        if locs.is_empty() {
            continue;
        }
        let mut cands = trad(k);
        cands.extend(by_target.get(&t).unwrap_or(&empty).iter().copied());
        for nj in cands {
            if nj == t || !alive(k, nj) {
                continue;
            }
            let have = got.entry(nj).or_default();
            let new: BTreeSet<Loc> = locs.iter().filter(|l| !have.contains(*l)).cloned().collect();
            if new.is_empty() {
                continue;
            }
            have.extend(new.iter().cloned());
            work.push((nj, new));
        }
    }
    got.into_iter()
        .flat_map(|(nj, locs)| locs.into_iter().map(move |l| (l, nj)))
        .collect()
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
        alt_mods: alt_mods(md)
            .into_iter()
            .map(|(k, s)| (k, s.iter().map(Loc::name).collect()))
            .collect(),
        inter: inter.iter().map(|(l, n)| (l.name(), *n)).collect(),
    }
}
