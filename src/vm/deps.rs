//! Dynamic relevant slices for DGSE: while a path runs, every value carries the set of branch
//! events it transitively depends on (data), and each instruction adds its control context —
//! the latest instances of the branch directions it is statically control, potentially or
//! interactively dependent on, plus the context of the call that entered its method. From
//! these the explorer reads each event's relevant path condition and that of its negation
//! (DGSE Definition 5) and `transitiveD(ψd, ¬ψi)` as set membership.
//!
//! The tracking is generic over instructions: before an instruction runs, the dependences of
//! the operand-stack entries it consumes are joined; afterwards every value it produced (stack
//! entries, a stored local, a written field, static or array element) gets them plus the
//! instruction's context. Values stay 24 bytes (the set id fits the padding), and nothing is
//! done when DGSE is off.

use crate::analysis::heap::Access;
use crate::analysis::{MethodTables, NodeRef, Tables};
use crate::bytecode::{InvokeKind, Op};
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Interned sets of event indices; id 0 is the empty set.
#[derive(Default, Debug)]
pub struct DepArena {
    sets: Vec<Arc<[u32]>>,
    intern: HashMap<Arc<[u32]>, u32>,
    memo: HashMap<(u32, u32), u32>,
}

impl DepArena {
    /// A fresh arena holding only the empty set.
    pub fn new() -> Self {
        let empty: Arc<[u32]> = Arc::from(Vec::new());
        let mut intern = HashMap::default();
        intern.insert(empty.clone(), 0);
        DepArena {
            sets: vec![empty],
            intern,
            memo: HashMap::default(),
        }
    }

    fn add(&mut self, v: Vec<u32>) -> u32 {
        let a: Arc<[u32]> = Arc::from(v);
        if let Some(id) = self.intern.get(&a) {
            return *id;
        }
        let id = self.sets.len() as u32;
        self.sets.push(a.clone());
        self.intern.insert(a, id);
        id
    }

    /// The union of two sets.
    pub fn union(&mut self, a: u32, b: u32) -> u32 {
        if a == b || b == 0 {
            return a;
        }
        if a == 0 {
            return b;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(r) = self.memo.get(&key) {
            return *r;
        }
        let (x, y) = (&self.sets[a as usize], &self.sets[b as usize]);
        let mut out = Vec::with_capacity(x.len() + y.len());
        let (mut i, mut j) = (0, 0);
        while i < x.len() || j < y.len() {
            let next = match (x.get(i), y.get(j)) {
                (Some(p), Some(q)) if p == q => {
                    i += 1;
                    j += 1;
                    *p
                }
                (Some(p), Some(q)) if p < q => {
                    i += 1;
                    *p
                }
                (Some(_), Some(q)) => {
                    j += 1;
                    *q
                }
                (Some(p), None) => {
                    i += 1;
                    *p
                }
                (None, Some(q)) => {
                    j += 1;
                    *q
                }
                (None, None) => break,
            };
            out.push(next);
        }
        let r = if out.len() == x.len() {
            a
        } else if out.len() == y.len() {
            b
        } else {
            self.add(out)
        };
        self.memo.insert(key, r);
        r
    }

    /// The set with one more event.
    pub fn with(&mut self, a: u32, e: u32) -> u32 {
        let s = self.add(vec![e]);
        self.union(a, s)
    }

    /// The members of a set.
    pub fn get(&self, id: u32) -> &Arc<[u32]> {
        &self.sets[id as usize]
    }

    /// Every set, indexed by id (exported with a finished path).
    pub fn into_sets(self) -> Vec<Arc<[u32]>> {
        self.sets
    }
}

/// An instruction's (control, potential, interactive) source lists, for grouping instructions
/// that share a context.
type ContextKey<'a> = (&'a [(u32, u32)], &'a [(u32, u32)], &'a [NodeRef]);

/// The static dependences of one method, arranged for lookups at run time.
#[derive(Debug, Default)]
pub struct DynMethod {
    /// Control dependence per instruction.
    pub cd: Vec<Vec<(u32, u32)>>,
    /// Potential dependence per instruction.
    pub pot: Vec<Vec<(u32, u32)>>,
    /// Interactive sources of each instruction.
    pub inter_instr: Vec<Vec<NodeRef>>,
    /// Interactive sources of each branch direction.
    pub inter_dir: HashMap<(u32, u32), Vec<NodeRef>>,
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
    /// By global method id.
    pub methods: HashMap<u32, DynMethod>,
    /// Use interactive dependence (false for the `dgse-no-interactive` ablation).
    pub interactive: bool,
    /// Regression mode is on.
    pub regression: bool,
    /// Ids of the abstract heap locations, by name (`static n:D`, `field n:D`, `A[]`).
    pub heap_locs: HashMap<String, u32>,
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
        let mut d = DynMethod {
            cd: t
                .control
                .iter()
                .map(|v| v.iter().copied().filter(|(b, _)| keep(*b)).collect())
                .collect(),
            pot: t
                .potential
                .iter()
                .map(|v| v.iter().copied().filter(|(b, _)| keep(*b)).collect())
                .collect(),
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
        };
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
                match b {
                    NodeRef::Instr(p) => d.inter_instr[*p as usize].push(*a),
                    NodeRef::Dir(p, dir) => d.inter_dir.entry((*p, *dir)).or_default().push(*a),
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
        let empty_nodes: &[NodeRef] = &[];
        let ctx_class: Vec<u32> = (0..n)
            .map(|p| {
                let key = (
                    d.cd.get(p).map_or(empty_pairs, |v| v.as_slice()),
                    d.pot.get(p).map_or(empty_pairs, |v| v.as_slice()),
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
        let methods = tables
            .methods
            .iter()
            .map(|m| (m.id, DynMethod::from_tables(m, interactive, &mut heap_locs)))
            .collect();
        DgseTables {
            methods,
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
        self.methods
            .get(&method)
            .is_some_and(|m| m.impacted.as_ref().is_none_or(|s| s.contains(&pc)))
    }
}

/// Per-frame dependence state.
#[derive(Debug, Default, Clone)]
pub struct FrameDeps {
    /// The context of the call that entered the method.
    pub base: u32,
    /// Latest instance of each branch direction: (pc, dir) → set.
    pub last_dir: HashMap<(u32, u32), u32>,
    /// Latest instance of each interactive-source instruction.
    pub last_instr: HashMap<u32, u32>,
    /// Union of everything branched on in this frame (for methods without tables).
    pub all: u32,
    /// Bumped whenever `last_dir`, `last_instr` or `all` change.
    pub version: u32,
    /// The last context computed: (class + 1, version, context); class 0 = none.
    pub ctx_cache: std::cell::Cell<(u32, u32, u32)>,
}

impl FrameDeps {
    /// Records the latest instance of a branch direction.
    pub fn set_dir(&mut self, pc: u32, dir: u32, v: u32) {
        if self.last_dir.insert((pc, dir), v) != Some(v) {
            self.version = self.version.wrapping_add(1);
        }
    }

    /// Records the latest instance of an interactive-source instruction.
    pub fn set_instr(&mut self, pc: u32, v: u32) {
        if self.last_instr.insert(pc, v) != Some(v) {
            self.version = self.version.wrapping_add(1);
        }
    }

    /// Sets the union of everything branched on in the frame.
    pub fn set_all(&mut self, v: u32) {
        if self.all != v {
            self.all = v;
            self.version = self.version.wrapping_add(1);
        }
    }
}

/// Per-run DGSE state held by the machine.
pub struct DgseRun {
    /// The tables.
    pub tables: Arc<DgseTables>,
    /// Sets of this run.
    pub arena: DepArena,
    /// Dependences of the operands of the instruction being executed.
    pub cur_in: u32,
    /// Context of the instruction being executed.
    pub cur_ctx: u32,
    /// Dependences of thrown exception objects.
    pub exc: HashMap<u32, u32>,
    /// Per abstract heap location: `Heap(L)`, the instances of the writes of L and of the
    /// potential sources of L executed since its last strong write.
    pub heap_all: Vec<u32>,
    /// Per abstract heap location: the potential sources of L alone (what a read adds).
    pub heap_pot: Vec<u32>,
}

impl DgseRun {
    /// A fresh run state.
    pub fn new(tables: Arc<DgseTables>) -> Self {
        let nl = tables.heap_locs.len();
        DgseRun {
            heap_all: vec![0; nl],
            heap_pot: vec![0; nl],
            tables,
            arena: DepArena::new(),
            cur_in: 0,
            cur_ctx: 0,
            exc: HashMap::default(),
        }
    }

    /// The context of instruction `pc` of method `mid` in a frame, with the `Heap(L)` it is
    /// interactive-dependent on.
    pub fn context(&mut self, mid: u32, pc: u32, f: &FrameDeps) -> u32 {
        let s = self.frame_context(mid, pc, f);
        let Some(ls) = self.tables.methods.get(&mid).and_then(|m| m.heap_instr.get(pc as usize)) else {
            return s;
        };
        let mut s = s;
        for l in ls {
            s = self.arena.union(s, self.heap_all[*l as usize]);
        }
        s
    }

    /// The context of instruction `pc` from the frame's own dependence state (cached per class).
    fn frame_context(&mut self, mid: u32, pc: u32, f: &FrameDeps) -> u32 {
        let Some(dm) = self.tables.methods.get(&mid) else {
            return self.arena.union(f.base, f.all);
        };
        let class = dm.ctx_class.get(pc as usize).map_or(0, |c| c + 1);
        let (cached_class, cached_version, cached) = f.ctx_cache.get();
        if class != 0 && cached_class == class && cached_version == f.version {
            return cached;
        }
        let arena = &mut self.arena;
        let mut s = f.base;
        let p = pc as usize;
        for key in dm.cd.get(p).into_iter().flatten().chain(dm.pot.get(p).into_iter().flatten()) {
            if let Some(v) = f.last_dir.get(key) {
                s = arena.union(s, *v);
            }
        }
        if let Some(srcs) = dm.inter_instr.get(p) {
            for n in srcs {
                s = arena.union(s, node_last(f, n));
            }
        }
        if class != 0 {
            f.ctx_cache.set((class, f.version, s));
        }
        s
    }

    /// The interactive sources of a branch direction, joined.
    pub fn dir_extra(&mut self, mid: u32, pc: u32, dir: u32, f: &FrameDeps) -> u32 {
        let Some(m) = self.tables.methods.get(&mid) else { return 0 };
        let mut s = 0;
        if let Some(srcs) = m.inter_dir.get(&(pc, dir)) {
            for n in srcs {
                s = self.arena.union(s, node_last(f, n));
            }
        }
        if let Some(ls) = m.heap_dir.get(&(pc, dir)) {
            for l in ls {
                s = self.arena.union(s, self.heap_all[*l as usize]);
            }
        }
        s
    }

    /// The abstract heap location instruction `pc` of method `mid` reads or writes.
    pub fn heap_access(&self, mid: u32, pc: u32) -> Option<(u32, Access)> {
        self.tables.methods.get(&mid)?.heap_access.get(pc as usize).copied().flatten()
    }

    /// The heap effect of instruction `pc` of method `mid` that completed normally with
    /// instance `all`: a read adds the potential sources of its location to the value it pushed
    /// (`pushed`), a write adds `all` to `Heap(L)` (a strong write replaces it).
    pub fn heap_effect(&mut self, mid: u32, pc: u32, all: u32, pushed: Option<&mut u32>) {
        let Some((l, a)) = self.heap_access(mid, pc) else { return };
        match a {
            Access::Read => {
                let p = self.heap_pot.get(l as usize).copied().unwrap_or(0);
                if let (Some(d), true) = (pushed, p != 0) {
                    *d = self.arena.union(*d, p);
                }
            }
            Access::Write => self.heap_write(l, false, all),
            Access::StrongWrite => self.heap_write(l, true, all),
        }
    }

    /// A callee returned to the call at `pc` of method `mid` in frame `caller` with the instance
    /// `ret` of its return: the call node stands for its callee, so its latest instance (as an
    /// interactive source in the caller) includes what the return depended on.
    pub fn returned(&mut self, caller: &mut FrameDeps, mid: u32, pc: u32, ret: u32) {
        if ret == 0 || !self.is_src_instr(mid, pc) {
            return;
        }
        let old = caller.last_instr.get(&pc).copied().unwrap_or(0);
        let u = self.arena.union(old, ret);
        caller.set_instr(pc, u);
    }

    /// A write of location `l` by an instruction instance `v`.
    fn heap_write(&mut self, l: u32, strong: bool, v: u32) {
        let l = l as usize;
        if l >= self.heap_all.len() {
            return;
        }
        if strong {
            self.heap_all[l] = v;
            self.heap_pot[l] = 0;
        } else {
            self.heap_all[l] = self.arena.union(self.heap_all[l], v);
        }
    }

    /// Instruction `pc` of method `mid` took direction `d` with instance `instance`: remembers
    /// the direction's latest instance in the frame when it is a dependence source, and makes it
    /// a potential source of the heap locations its other directions may write. A check that
    /// could not fail on this input (`quiet`: no event) passes on only its own control context:
    /// what it controls stays dependent on what controls it, not on its operands' data.
    pub fn took(&mut self, f: &mut FrameDeps, mid: u32, pc: u32, d: u32, instance: u32, quiet: bool) {
        let src = self.is_src_dir(mid, pc);
        let pot = !quiet && self.has_alt_mods(mid, pc, d);
        if !src && !pot {
            return;
        }
        let own = if quiet { self.cur_ctx } else { instance };
        let x = self.dir_extra(mid, pc, d, f);
        let v = self.arena.union(own, x);
        if src {
            f.set_dir(pc, d, v);
            let all = self.arena.union(f.all, v);
            f.set_all(all);
        }
        if pot {
            self.heap_branch(mid, pc, d, v);
        }
    }

    /// Whether branch direction `dir` of instruction `pc` is a potential source of heap reads.
    pub fn has_alt_mods(&self, mid: u32, pc: u32, dir: u32) -> bool {
        self.tables.methods.get(&mid).is_some_and(|m| m.alt_mods.contains_key(&(pc, dir)))
    }

    /// Branch direction `dir` of instruction `pc` executed with instance `v`: it becomes a
    /// potential source of the locations its other directions may write.
    pub fn heap_branch(&mut self, mid: u32, pc: u32, dir: u32, v: u32) {
        let Some(ls) = self.tables.methods.get(&mid).and_then(|m| m.alt_mods.get(&(pc, dir))) else {
            return;
        };
        for l in ls.iter().map(|l| *l as usize) {
            if l < self.heap_all.len() {
                self.heap_pot[l] = self.arena.union(self.heap_pot[l], v);
                self.heap_all[l] = self.arena.union(self.heap_all[l], v);
            }
        }
    }

    /// Whether the instruction's latest instance must be remembered.
    pub fn is_src_instr(&self, mid: u32, pc: u32) -> bool {
        self.tables
            .methods
            .get(&mid)
            .is_some_and(|m| m.src_instr.get(pc as usize).copied().unwrap_or(false))
    }

    /// Whether the instruction's directions must be remembered (always for unanalysed methods).
    pub fn is_src_dir(&self, mid: u32, pc: u32) -> bool {
        match self.tables.methods.get(&mid) {
            Some(m) => m.src_dir.get(pc as usize).copied().unwrap_or(false),
            None => true,
        }
    }
}

/// The latest instance of a dependence source in a frame (0 = none yet).
fn node_last(f: &FrameDeps, n: &NodeRef) -> u32 {
    match n {
        NodeRef::Instr(p) => f.last_instr.get(p).copied().unwrap_or(0),
        NodeRef::Dir(p, d) => f.last_dir.get(&(*p, *d)).copied().unwrap_or(0),
    }
}

/// How many operand-stack entries an instruction consumes (one entry per value).
pub fn pops(op: &Op, stack_top_wide: bool) -> usize {
    match op {
        Op::Nop
        | Op::Const(_)
        | Op::Load(_)
        | Op::New(_)
        | Op::GetStatic(_)
        | Op::Goto(_)
        | Op::Iinc(..)
        | Op::Unsupported(_)
        | Op::Return(false) => 0,
        Op::Dup | Op::DupX1 | Op::DupX2 | Op::Dup2 | Op::Dup2X1 | Op::Dup2X2 | Op::Swap => 0,
        Op::Pop2 => {
            if stack_top_wide {
                1
            } else {
                2
            }
        }
        Op::Store(_)
        | Op::Pop
        | Op::If(..)
        | Op::IfNull(..)
        | Op::TableSwitch(..)
        | Op::LookupSwitch(..)
        | Op::PutStatic(_)
        | Op::NewArray(_)
        | Op::ANewArray(_)
        | Op::ArrayLength
        | Op::Athrow
        | Op::CheckCast(_)
        | Op::InstanceOf(_)
        | Op::Monitor
        | Op::Convert(_)
        | Op::Neg
        | Op::GetField(_)
        | Op::Return(true) => 1,
        Op::Arith(_) | Op::Compare(_) | Op::IfCmp(..) | Op::IfRefEq(..) | Op::PutField(_) | Op::ArrayLoad(_) => 2,
        Op::ArrayStore(_) => 3,
        Op::MultiANewArray(_, d) => *d as usize,
        Op::Invoke(kind, r) => r.mdesc.as_ref().map(|m| m.params.len()).unwrap_or(0) + (*kind != InvokeKind::Static) as usize,
        Op::InvokeDynamic(ir) => crate::bytecode::MethodDesc::parse(&ir.desc).map(|m| m.params.len()).unwrap_or(0),
    }
}

/// True for instructions that only move values around (their results keep their sets).
pub fn is_move(op: &Op) -> bool {
    matches!(
        op,
        Op::Dup | Op::DupX1 | Op::DupX2 | Op::Dup2 | Op::Dup2X1 | Op::Dup2X2 | Op::Swap | Op::Pop | Op::Pop2 | Op::Nop | Op::Goto(_)
    )
}
