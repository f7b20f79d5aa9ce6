//! DGSE's run-time tables: the static dependences of each analysed method (control, potential
//! and interactive dependence, abstract heap locations; DGSE Definitions 1-4, Algorithm 3),
//! arranged for lookups while a path runs.

use crate::analysis::heap::Access;
use crate::analysis::{MethodTables, NodeRef, Tables};
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;

/// An instruction's (control, potential, interactive) source lists, for grouping instructions
/// that share a context.
type ContextKey<'a> = (&'a [(u32, u32)], &'a [(u32, u32)], &'a [u32], &'a [(NodeRef, u32)]);

/// The static dependences of one method, arranged for lookups at run time.
#[derive(Debug, Default)]
pub struct DynMethod {
    /// Control dependence per instruction.
    pub cd: Vec<Vec<(u32, u32)>>,
    /// Potential dependence per instruction.
    pub pot: Vec<Vec<(u32, u32)>>,
    /// Per instruction, beside each entry of `pot`: its kill set (an index into `kill_sets`).
    pub pot_kill: Vec<Vec<u32>>,
    /// Interactive sources of each instruction, each with its kill set.
    pub inter_instr: Vec<Vec<(NodeRef, u32)>>,
    /// Interactive sources of each branch direction, each with its kill set.
    pub inter_dir: HashMap<(u32, u32), Vec<(NodeRef, u32)>>,
    /// The local variable slots whose writes kill a dependence on a branch direction
    /// (`analysis::kills`): a dependence with kill set `k` counts only while one of
    /// `kill_sets[k]` has not been written since the direction's latest instance. Set 0 is
    /// empty: the dependence always counts.
    pub kill_sets: Vec<Box<[u16]>>,
    /// By local slot: some kill set names it (a write of it changes contexts).
    pub kill_local: Vec<bool>,
    /// By instruction: a call whose callee the receiver chooses.
    pub dispatch: Vec<bool>,
    /// By local slot: the branches (pcs) some direction of which a read of the slot may be
    /// potentially dependent on (what a state cut with the slot live must keep relevant).
    pub pot_by_local: Vec<Vec<u32>>,
    /// Instructions whose latest instance is an interactive source.
    pub src_instr: Vec<bool>,
    /// Instructions some of whose directions are sources of control, potential or interactive
    /// dependence.
    pub src_dir: Vec<bool>,
    /// Regression mode: the impacted instructions (`None` = all).
    pub impacted: Option<BTreeSet<u32>>,
    /// Per instruction, the id of its (control, potential, interactive) source lists: the
    /// instructions of one class share their context, so a frame computes it once per class
    /// until a new branch instance is recorded.
    pub ctx_class: Vec<u32>,
    /// Per instruction: the abstract heap location (id) it reads or writes, and how.
    pub heap_access: Vec<Option<(u32, Access)>>,
    /// Per branch direction: the heap locations its other directions may write; executing the
    /// direction makes it a potential source of later reads of them (any invocation).
    pub alt_mods: HashMap<(u32, u32), Vec<u32>>,
    /// Per instruction: the locations whose `Heap(L)` is an interactive source of it.
    pub heap_instr: Vec<Vec<u32>>,
    /// Per branch direction: the locations whose `Heap(L)` is an interactive source of it.
    pub heap_dir: HashMap<(u32, u32), Vec<u32>>,
}

/// What DGSE consults during runs: per analysed method, its dynamic lookup tables.
#[derive(Debug, Default)]
pub struct DgseTables {
    /// The analysed methods' tables (see [`DgseTables::method`]).
    pub methods: Vec<DynMethod>,
    /// By global method id: 1 + the method's position in `methods`, 0 when not analysed.
    pub index: Vec<u32>,
    /// Use interactive dependence (false for the `dgse-no-interactive` ablation).
    pub interactive: bool,
    /// Regression mode is on.
    pub regression: bool,
    /// Ids of the abstract heap locations, by name (`static n:D`, `field n:D`, `A[]`).
    pub heap_locs: HashMap<String, u32>,
}

/// Sets `v[i]`, growing `v` as needed.
fn set_flag(v: &mut Vec<bool>, i: usize) {
    if v.len() <= i {
        v.resize(i + 1, false);
    }
    v[i] = true;
}

/// Interns a heap location name.
fn loc_id(locs: &mut HashMap<String, u32>, name: &str) -> u32 {
    if let Some(i) = locs.get(name) {
        return *i;
    }
    let i = locs.len() as u32;
    locs.insert(name.to_string(), i);
    i
}

impl DynMethod {
    fn from_tables(t: &MethodTables, interactive: bool, locs: &mut HashMap<String, u32>) -> DynMethod {
        let n = t.lines.len();
        let keep = |p: u32| t.impacted.as_ref().is_none_or(|s| s.contains(&p));
        let mut kill_sets: Vec<Box<[u16]>> = vec![Box::from([])];
        let mut kill_local: Vec<bool> = Vec::new();
        let mut kill_of: HashMap<(NodeRef, NodeRef), u32> = HashMap::default();
        for k in &t.local_kills {
            kill_of.insert((k.src, k.target), kill_sets.len() as u32);
            for l in &k.locals {
                set_flag(&mut kill_local, *l as usize);
            }
            kill_sets.push(k.locals.clone().into_boxed_slice());
        }
        let kill = |src: NodeRef, target: NodeRef| -> u32 { kill_of.get(&(src, target)).copied().unwrap_or(0) };
        let pot: Vec<Vec<(u32, u32)>> = t
            .potential
            .iter()
            .map(|v| v.iter().copied().filter(|(b, _)| keep(*b)).collect())
            .collect();
        let pot_kill = pot
            .iter()
            .enumerate()
            .map(|(p, v)| {
                v.iter()
                    .map(|(b, dir)| kill(NodeRef::Dir(*b, *dir), NodeRef::Instr(p as u32)))
                    .collect()
            })
            .collect();
        let mut d = DynMethod {
            cd: t
                .control
                .iter()
                .map(|v| v.iter().copied().filter(|(b, _)| keep(*b)).collect())
                .collect(),
            pot,
            pot_kill,
            inter_instr: vec![Vec::new(); n],
            inter_dir: HashMap::default(),
            src_instr: vec![false; n],
            src_dir: vec![false; n],
            impacted: t.impacted.clone(),
            ctx_class: Vec::new(),
            heap_access: vec![None; n],
            alt_mods: HashMap::default(),
            heap_instr: vec![Vec::new(); n],
            heap_dir: HashMap::default(),
            kill_sets,
            kill_local,
            dispatch: vec![false; n],
            pot_by_local: Vec::new(),
        };
        for ((b, _), slots) in &t.potential_locals {
            if !keep(*b) {
                continue;
            }
            for s in slots {
                let s = *s as usize;
                if d.pot_by_local.len() <= s {
                    d.pot_by_local.resize(s + 1, Vec::new());
                }
                if !d.pot_by_local[s].contains(b) {
                    d.pot_by_local[s].push(*b);
                }
            }
        }
        for pc in &t.dispatch {
            if let Some(x) = d.dispatch.get_mut(*pc as usize) {
                *x = true;
            }
        }
        for (pc, name, a) in &t.heap.access {
            if let Some(x) = d.heap_access.get_mut(*pc as usize) {
                *x = Some((loc_id(locs, name), *a));
            }
        }
        for ((b, dir), names) in &t.heap.alt_mods {
            if keep(*b) {
                let ids = names.iter().map(|nm| loc_id(locs, nm)).collect();
                d.alt_mods.insert((*b, *dir), ids);
            }
        }
        if interactive {
            for (name, node) in &t.heap.inter {
                if !keep(node.pc() as u32) {
                    continue;
                }
                let id = loc_id(locs, name);
                match node {
                    NodeRef::Instr(p) => d.heap_instr[*p as usize].push(id),
                    NodeRef::Dir(p, dir) => d.heap_dir.entry((*p, *dir)).or_default().push(id),
                }
            }
        }
        if interactive {
            for (a, b) in &t.interactive {
                if !keep(a.pc() as u32) || !keep(b.pc() as u32) {
                    continue;
                }
                let k = kill(*a, *b);
                match b {
                    NodeRef::Instr(p) => d.inter_instr[*p as usize].push((*a, k)),
                    NodeRef::Dir(p, dir) => d.inter_dir.entry((*p, *dir)).or_default().push((*a, k)),
                }
                match a {
                    NodeRef::Instr(p) => d.src_instr[*p as usize] = true,
                    NodeRef::Dir(p, _) => d.src_dir[*p as usize] = true,
                }
            }
        }
        for v in d.cd.iter().chain(d.pot.iter()) {
            for (b, _) in v {
                if let Some(x) = d.src_dir.get_mut(*b as usize) {
                    *x = true;
                }
            }
        }
        let mut classes: HashMap<ContextKey<'_>, u32> = HashMap::default();
        let empty_pairs: &[(u32, u32)] = &[];
        let empty_nodes: &[(NodeRef, u32)] = &[];
        let empty_kills: &[u32] = &[];
        let ctx_class: Vec<u32> = (0..n)
            .map(|p| {
                let key = (
                    d.cd.get(p).map_or(empty_pairs, |v| v.as_slice()),
                    d.pot.get(p).map_or(empty_pairs, |v| v.as_slice()),
                    d.pot_kill.get(p).map_or(empty_kills, |v| v.as_slice()),
                    d.inter_instr.get(p).map_or(empty_nodes, |v| v.as_slice()),
                );
                let next = classes.len() as u32;
                *classes.entry(key).or_insert(next)
            })
            .collect();
        d.ctx_class = ctx_class;
        d
    }
}

impl DgseTables {
    /// Builds the run-time tables from the static analysis.
    pub fn new(tables: &Tables, interactive: bool) -> DgseTables {
        let mut heap_locs = HashMap::default();
        let mut index = Vec::new();
        let mut methods = Vec::with_capacity(tables.methods.len());
        for m in &tables.methods {
            let i = m.id as usize;
            if index.len() <= i {
                index.resize(i + 1, 0);
            }
            methods.push(DynMethod::from_tables(m, interactive, &mut heap_locs));
            index[i] = methods.len() as u32;
        }
        DgseTables {
            methods,
            index,
            interactive,
            regression: !tables.changed_lines.is_empty(),
            heap_locs,
        }
    }

    /// Whether an event at this site may be negated (regression mode keeps impacted ones).
    pub fn negatable(&self, method: u32, pc: u32) -> bool {
        if !self.regression {
            return true;
        }
        self.method(method)
            .is_some_and(|m| m.impacted.as_ref().is_none_or(|s| s.contains(&pc)))
    }

    /// The tables of an analysed method (by global method id).
    #[inline]
    pub fn method(&self, mid: u32) -> Option<&DynMethod> {
        let i = *self.index.get(mid as usize)?;
        self.methods.get((i as usize).wrapping_sub(1))
    }
}
