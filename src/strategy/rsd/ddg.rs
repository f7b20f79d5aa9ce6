//! `rsd`'s observer of one run: the run's dynamic dependence graph (seed 004 §3.2.1). Every
//! value the run writes (an operand-stack entry, a local, a static, a field, an array element
//! or an array's solver term) is a *definition* node whose edges go to the definitions it read
//! (data dependence), to the latest instances of the branches it is statically control or
//! potentially dependent on, and to the instance of the call that entered its method (control
//! dependence). Conditional instructions, implicit checks (an instruction that may throw) and
//! the normal completion of a call are *branch instance* nodes with the direction they took.
//! A location never written in the run is defined, when first read, by a node dated at the
//! birth of its object (or class). Each definition keeps the value it wrote, so a backward
//! slice ([`super::slice`]) can say which locations, with which values, were relevant at each
//! recorded program point without the state being kept.
//!
//! The tracker also records the node's *point* of every segment of the run (the first
//! conditional instruction after each branch event, as `rwset` does) and, past the replayed
//! prefix, looks the state up among the stored snapshots of finished subtrees at every
//! conditional instruction, cutting the run when one matches.

use super::index::{Index, RLoc};
use super::relevance::Relevance;
use crate::bytecode::{InvokeKind, Op};
use crate::strategy::dgse::tables::DgseTables;
use crate::strategy::dgse::tracker::direction;
use crate::strategy::rwset::shared::{Constraints, PointKey};
use crate::strategy::rwset::state::{HLoc, VK};
use crate::strategy::rwset::tracker::{hloc, mix};
use crate::vm::location::{HeapOperand, Loc, Src, is_move};
use crate::vm::shadow::{CallKind, Done, FramePop, FramePush, Next, Point, PopKind, StateView, Step, Tracker, Verdict};
use crate::vm::{Entry, Event, Outcome, Site};
use rustc_hash::FxHashMap;
use std::any::Any;
use std::sync::{Arc, Mutex};

mod hooks;

/// No node (a location with no definition yet, or a node without a location).
pub const NIL: u32 = 0;

/// A node of the graph.
#[derive(Clone, Copy, Debug)]
pub struct DNode {
    /// When it happened: 1 + its index for nodes made by an instruction; the birth of its
    /// object or class for the definition of a location never written before (see
    /// [`Ddg::points`] for how times compare).
    pub time: u32,
    /// The location it defines (`None` for a branch instance).
    pub loc: Option<RLoc>,
    /// The value written (for a branch instance, its direction as bits).
    pub value: VK,
    /// Its edges: `edges[start..start + len]`.
    pub start: u32,
    /// Number of edges.
    pub len: u32,
}

/// A branch instance: a conditional instruction, an implicit check or a call's completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchInst {
    /// Its node.
    pub node: u32,
    /// The instruction.
    pub site: Site,
    /// The direction it took (1 = jumped or threw; a switch's arm).
    pub dir: u32,
}

/// A recorded program point: the first conditional instruction of a segment.
#[derive(Clone, Copy, Debug)]
pub struct PointRec {
    /// Nodes made before it (a node is before the point iff its time is at most this).
    pub time: u32,
    /// Where.
    pub key: PointKey,
    /// Fingerprint of the classes whose statics exist.
    pub init: u64,
    /// Events before it (the depth of its segment's tree node).
    pub depth: usize,
}

/// A run's dependence graph and what the slice starts from.
#[derive(Debug, Default)]
pub struct Ddg {
    /// Nodes (index 0 is [`NIL`]).
    pub nodes: Vec<DNode>,
    /// Edges of all nodes.
    pub edges: Vec<u32>,
    /// Branch instances in order.
    pub branches: Vec<BranchInst>,
    /// Points in order.
    pub points: Vec<PointRec>,
    /// Nodes the slice must keep whatever the relevance (an embedded halt's control, seed 004
    /// rule 3; a cut's matched locations, rule 6).
    pub seeds: Vec<u32>,
    /// Definitions live at the cut, when a snapshot cut the run: they cross the cut point, so
    /// every point before them sees their locations as relevant.
    pub at_cut: Vec<u32>,
    /// Something the graph cannot name was read (an unmodelled native, a limit on the graph's
    /// size): no set of this run is exact.
    pub top: bool,
    /// Why `top` was set first.
    pub top_why: Option<&'static str>,
    /// Classes initialised during the run, with the time of their initialisation: before it a
    /// state has none of their statics (a state shows them as [`VK::Absent`]), so a point
    /// before it where a later read of one of their statics matters holds that absence.
    pub births: FxHashMap<u32, u32>,
    /// Nodes whose values depend on state no location names (natives, class literals): a
    /// point before one that the slice keeps has no exact set.
    pub opaque: Vec<u32>,
    /// With [`RsdTracker::every_point`]: a point at every conditional instruction, not only at
    /// the first of each segment.
    pub every_point: bool,
    /// With [`RsdTracker::with_trail`]: the time before every instruction, and where.
    pub trail: Vec<(u32, Site)>,
    /// Where the graph's two big buffers go back when it is dropped.
    pool: Option<Arc<Mutex<GraphPool>>>,
}

/// Buffers of dropped graphs, reused by the next runs: a graph's node and edge vectors are
/// the largest allocations of a run, and allocating them afresh every run fragments the heap
/// (resident memory grew with the number of runs before).
#[derive(Debug, Default)]
pub struct GraphPool {
    spare: Vec<(Vec<DNode>, Vec<u32>)>,
}

impl GraphPool {
    /// Buffers for a new graph (empty, with the capacity of an earlier one when there is one).
    fn take(&mut self) -> (Vec<DNode>, Vec<u32>) {
        self.spare.pop().unwrap_or_default()
    }
}

impl Drop for Ddg {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take()
            && let Ok(mut p) = pool.lock()
            && p.spare.len() < 2
        {
            let (mut n, mut e) = (std::mem::take(&mut self.nodes), std::mem::take(&mut self.edges));
            n.clear();
            e.clear();
            p.spare.push((n, e));
        }
    }
}

impl Ddg {
    /// Marks the graph not exact, for this reason.
    pub fn unnameable(&mut self, why: &'static str) {
        if !self.top {
            self.top = true;
            self.top_why = Some(why);
        }
    }
}

impl Ddg {
    /// A node's edges.
    pub fn deps(&self, n: u32) -> &[u32] {
        let d = &self.nodes[n as usize];
        &self.edges[d.start as usize..(d.start + d.len) as usize]
    }
}

/// What a run leaves for the pruner.
#[derive(Debug, Default)]
pub struct RsdTrace {
    /// The graph.
    pub ddg: Ddg,
    /// Events of the replayed prefix.
    pub prefix: usize,
    /// The snapshot that cut the run, when one did.
    pub cut: Option<u32>,
}

#[derive(Default, Clone)]
struct FrameSh {
    method: u32,
    ctx: u32,
    pc: u32,
    stack: Vec<u32>,
    locals: Vec<u32>,
    /// Latest branch instance per instruction of this frame.
    last: FxHashMap<u32, u32>,
    /// The instance of the call that pushed it.
    base: u32,
    analysed: bool,
    /// Bumped whenever `last` changes (the context cache's key).
    version: u32,
}

#[derive(Default, Clone)]
struct ObjSh {
    born: u32,
    slots: FxHashMap<i64, u32>,
    term: u32,
}

/// Most nodes one run may make; a bigger run is left unsliced (its sets are `top`).
pub const MAX_NODES: usize = 4_000_000;

/// The tracker.
pub struct RsdTracker {
    tables: Arc<DgseTables>,
    rel: Arc<Mutex<Relevance>>,
    index: Arc<Mutex<Index>>,
    prefix: usize,
    events: usize,
    g: Ddg,
    frames: Vec<FrameSh>,
    objects: FxHashMap<u32, ObjSh>,
    statics: FxHashMap<u32, (u32, Vec<u32>)>,
    /// The interned object of each string literal the run resolved (by literal id) and the
    /// definition of its `HLoc::Literal` location (object 0: never resolved in this run).
    literals: FxHashMap<u32, (u32, u32)>,
    /// Potential sources per abstract heap location: the latest instances of branch directions
    /// whose other directions may write it.
    pot_src: FxHashMap<u32, Vec<(Site, u32)>>,
    init: u64,
    cur_in: Vec<u32>,
    cur_ctx: Vec<u32>,
    args: Vec<u32>,
    call_node: u32,
    returned: u32,
    ret_nodes: Vec<u32>,
    carry: Option<(u32, u32, u32)>,
    exc: FxHashMap<u32, u32>,
    last_exc: u32,
    segment_has_point: bool,
    constraints: Constraints,
    cut: Option<u32>,
    scratch: Vec<u32>,
    scratch_deps: Vec<u32>,
    /// Definitions made where no state view was at hand (a frame's arguments, a returned
    /// value), valued at the next instruction: references need their object's class.
    unvalued: Vec<(u32, RLoc)>,
    /// Clones whose unwritten cells are still to be defined: (copy, source).
    clones: Vec<(u32, u32)>,
    trail: bool,
    /// Bumped whenever a potential source changes.
    pot_version: u32,
    /// The key of the context in `cur_ctx` (see [`RsdTracker::context`]).
    ctx_key: Option<(u32, u32, u32, u32, u32)>,
}

impl RsdTracker {
    /// A tracker for a run whose first `prefix` events replay a recorded path.
    pub fn new(tables: Arc<DgseTables>, rel: Arc<Mutex<Relevance>>, index: Arc<Mutex<Index>>, prefix: usize) -> Self {
        let mut g = Ddg::default();
        let (pool, (nodes, edges)) = index.lock().map(|ix| (ix.graphs.clone(), ix.graph_hint)).unwrap_or_default();
        (g.nodes, g.edges) = pool.lock().map(|mut p| p.take()).unwrap_or_default();
        g.nodes.reserve(nodes);
        g.edges.reserve(edges);
        g.pool = Some(pool);
        g.nodes.push(DNode {
            time: 0,
            loc: None,
            value: VK::Absent,
            start: 0,
            len: 0,
        });
        RsdTracker {
            tables,
            rel,
            index,
            prefix,
            events: 0,
            g,
            frames: Vec::new(),
            objects: FxHashMap::default(),
            statics: FxHashMap::default(),
            literals: FxHashMap::default(),
            pot_src: FxHashMap::default(),
            init: 0,
            cur_in: Vec::new(),
            cur_ctx: Vec::new(),
            args: Vec::new(),
            call_node: NIL,
            returned: NIL,
            ret_nodes: Vec::new(),
            carry: None,
            exc: FxHashMap::default(),
            last_exc: NIL,
            segment_has_point: false,
            constraints: Constraints::default(),
            cut: None,
            scratch: Vec::new(),
            scratch_deps: Vec::new(),
            unvalued: Vec::new(),
            clones: Vec::new(),
            trail: false,
            pot_version: 0,
            ctx_key: None,
        }
    }

    /// Records a point at every conditional instruction (the paper's positions), not only at
    /// the first of each segment (the tree nodes' points).
    pub fn every_point(mut self) -> Self {
        self.g.every_point = true;
        self
    }

    /// Also records the time before every instruction ([`Ddg::trail`]), so that slices can be
    /// taken anywhere (tests, reports).
    pub fn with_trail(mut self) -> Self {
        self.trail = true;
        self
    }

    /// Values the definitions made without a view.
    /// Defines the cells of fresh clones that their sources never wrote: each from the
    /// source's cell (a definition dated at the source's birth).
    fn define_clones(&mut self, view: &dyn StateView) {
        for (copy, of) in std::mem::take(&mut self.clones) {
            let mut cells = Vec::new();
            if view.array_len(of).is_some() {
                cells.push(HLoc::Length { arr: of });
                if view.array_term(of).is_none() {
                    let n = view.array_len(of).map_or(0, |v| v.as_int());
                    cells.extend((0..n.min(4097)).map(|index| HLoc::Elem { arr: of, index }));
                    if n > 4096 {
                        self.g.unnameable("large or symbolic array");
                    }
                }
            } else {
                let mut slot = 0;
                while view.field(of, slot).is_some() {
                    cells.push(HLoc::Field { obj: of, slot });
                    slot += 1;
                }
            }
            for c in cells {
                let mine = match rebase(RLoc::Heap(c), copy) {
                    RLoc::Heap(h) => h,
                    _ => continue,
                };
                if self.def_heap_cell(mine) != NIL {
                    continue;
                }
                let d = self.def_heap(c, view);
                let value = self.g.nodes.get(d as usize).map_or(VK::Absent, |n| n.value);
                let n = self.node(Some(RLoc::Heap(mine)), value, &[d]);
                self.set_heap(mine, n);
            }
        }
    }

    fn value_pending(&mut self, view: &dyn StateView) {
        if !self.clones.is_empty() {
            self.define_clones(view);
        }
        for (n, l) in std::mem::take(&mut self.unvalued) {
            let current = match l {
                RLoc::Heap(h) => self.def_heap_cell(h) == n,
                _ => true,
            };
            if current && let Some(v) = Self::frame_loc_value(view, l) {
                self.g.nodes[n as usize].value = v;
            }
        }
    }

    fn now(&self) -> u32 {
        self.g.nodes.len() as u32
    }

    /// A new node made by an instruction.
    fn node(&mut self, loc: Option<RLoc>, value: VK, deps: &[u32]) -> u32 {
        if self.g.nodes.len() >= MAX_NODES {
            self.g.unnameable("graph size");
            return NIL;
        }
        let start = self.g.edges.len() as u32;
        for &d in deps {
            if d != NIL {
                self.g.edges.push(d);
            }
        }
        let id = self.g.nodes.len() as u32;
        let len = self.g.edges.len() as u32 - start;
        self.g.nodes.push(DNode {
            time: id + 1,
            loc,
            value,
            start,
            len,
        });
        id
    }

    /// The definition a heap location holds now (made, dated at its object's birth, on first
    /// read).
    fn def_heap(&mut self, l: HLoc, view: &dyn StateView) -> u32 {
        let cell = self.def_heap_cell(l);
        if cell != NIL {
            return cell;
        }
        // A literal no `ldc` of the run resolved yet is absent (its first `ldc` will make it).
        let value = match l {
            HLoc::Literal(_) => Some(VK::Absent),
            _ => l.value(view),
        };
        match value {
            Some(value) => self.first_def(l, value),
            None => {
                self.g.unnameable("unvalued location");
                NIL
            }
        }
    }

    /// The definition of a location never written in the run: dated at the birth of its object
    /// (or class), with the value it has had since.
    fn first_def(&mut self, l: HLoc, value: VK) -> u32 {
        let born = match l {
            HLoc::Static { class, .. } => self.statics.get(&class).map_or(0, |x| x.0),
            _ => self.objects.get(&l.object().unwrap_or(0)).map_or(0, |x| x.born),
        };
        if self.g.nodes.len() >= MAX_NODES {
            self.g.unnameable("graph size");
            return NIL;
        }
        let id = self.g.nodes.len() as u32;
        let start = self.g.edges.len() as u32;
        self.g.nodes.push(DNode {
            time: born,
            loc: Some(RLoc::Heap(l)),
            value,
            start,
            len: 0,
        });
        self.set_heap(l, id);
        id
    }

    fn set_heap(&mut self, l: HLoc, n: u32) {
        match l {
            HLoc::Static { class, slot } => {
                if let Some((_, v)) = self.statics.get_mut(&class) {
                    let i = slot as usize;
                    if v.len() <= i {
                        v.resize(i + 1, NIL);
                    }
                    v[i] = n;
                }
            }
            HLoc::ArrTerm { arr } => self.objects.entry(arr).or_default().term = n,
            HLoc::Literal(id) => self.literals.entry(id).or_insert((0, NIL)).1 = n,
            _ => {
                let obj = l.object().unwrap_or(0);
                self.objects.entry(obj).or_default().slots.insert(slot_key(&l), n);
            }
        }
    }

    /// The definition a heap location holds now, if any (no node made).
    fn def_heap_cell(&self, l: HLoc) -> u32 {
        match l {
            HLoc::Static { class, slot } => self.statics.get(&class).and_then(|(_, v)| v.get(slot as usize).copied()),
            HLoc::ArrTerm { arr } => self.objects.get(&arr).map(|o| o.term),
            HLoc::Literal(id) => self.literals.get(&id).map(|x| x.1),
            _ => self
                .objects
                .get(&l.object().unwrap_or(0))
                .and_then(|o| o.slots.get(&slot_key(&l)).copied()),
        }
        .unwrap_or(NIL)
    }

    /// A fresh definition of a heap location.
    fn write_heap(&mut self, l: HLoc, view: &dyn StateView, deps: &[u32]) {
        let value = l.value(view).unwrap_or(VK::Absent);
        let n = self.node(Some(RLoc::Heap(l)), value, deps);
        self.set_heap(l, n);
    }

    /// The definitions of every cell of an object or array (an array's length and term too).
    fn defs_of_all(&mut self, obj: u32, view: &dyn StateView, out: &mut Vec<u32>) {
        if obj == 0 {
            return;
        }
        if let Some(len) = view.array_len(obj) {
            out.push(self.def_heap(HLoc::Length { arr: obj }, view));
            if view.array_term(obj).is_some() || self.objects.get(&obj).is_some_and(|o| o.term != NIL) {
                out.push(self.def_heap(HLoc::ArrTerm { arr: obj }, view));
                return;
            }
            if len.s.is_some() || len.as_int() > 4096 {
                self.g.unnameable("large or symbolic array");
                return;
            }
            for i in 0..len.as_int() {
                out.push(self.def_heap(HLoc::Elem { arr: obj, index: i }, view));
            }
        } else {
            let mut slot = 0;
            while view.field(obj, slot).is_some() {
                out.push(self.def_heap(HLoc::Field { obj, slot }, view));
                slot += 1;
            }
        }
    }

    /// The control context of instruction `pc` of the top frame: the latest instances of the
    /// branches it is statically control or potentially dependent on, and the frame's call.
    fn context(&mut self, mid: u32, pc: u32) {
        let Some(f) = self.frames.last() else {
            self.cur_ctx.clear();
            return;
        };
        // Instructions of one context class (the same control and potential sources) see the
        // same context until a branch instance of the frame or a potential source changes.
        let class = self
            .tables
            .method(mid)
            .filter(|m| f.analysed && !matches!(m.heap_access.get(pc as usize), Some(Some(_))))
            .and_then(|m| m.ctx_class.get(pc as usize).copied());
        let key = class.map(|c| (self.frames.len() as u32, mid, c, f.version, self.pot_version));
        if key.is_some() && key == self.ctx_key {
            return;
        }
        self.ctx_key = key;
        self.cur_ctx.clear();
        self.cur_ctx.push(f.base);
        match self.tables.method(mid).filter(|_| f.analysed) {
            Some(m) => {
                for (b, _) in
                    m.cd.get(pc as usize)
                        .into_iter()
                        .flatten()
                        .chain(m.pot.get(pc as usize).into_iter().flatten())
                {
                    if let Some(&n) = f.last.get(b) {
                        self.cur_ctx.push(n);
                    }
                }
                if let Some(Some((loc, crate::analysis::heap::Access::Read))) = m.heap_access.get(pc as usize)
                    && let Some(srcs) = self.pot_src.get(loc)
                {
                    self.cur_ctx.extend(srcs.iter().map(|x| x.1));
                }
            }
            // Without tables every branch of the frame so far counts.
            None => self.cur_ctx.extend(f.last.values().copied()),
        }
    }

    /// A branch instance of the top frame at `pc`.
    fn branch(&mut self, site: Site, dir: u32, deps: &[u32]) -> u32 {
        let n = self.node(None, VK::Bits(7, dir as u64), deps);
        self.g.branches.push(BranchInst { node: n, site, dir });
        if let Some(f) = self.frames.last_mut() {
            f.last.insert(site.pc, n);
            f.version += 1;
        }
        if let Some(m) = self.tables.method(site.method)
            && let Some(locs) = m.alt_mods.get(&(site.pc, dir))
        {
            self.pot_version += 1;
            for l in locs.clone() {
                let v = self.pot_src.entry(l).or_default();
                match v.iter_mut().find(|x| x.0 == site) {
                    Some(x) => x.1 = n,
                    None => v.push((site, n)),
                }
            }
        }
        n
    }

    fn frame_loc_value(view: &dyn StateView, l: RLoc) -> Option<VK> {
        let v = match l {
            RLoc::Local { frame, slot } => view.local(frame, slot)?,
            RLoc::Stack { frame, index } => view.stack(frame, index)?,
            // A static of a class not initialised yet is absent.
            RLoc::Heap(h @ HLoc::Static { .. }) => return Some(h.value(view).unwrap_or(VK::Absent)),
            RLoc::Heap(h) => return h.value(view),
        };
        Some(VK::of(v, view))
    }

    /// The state's value at a location now (for matching).
    fn value_now(view: &dyn StateView, top: u32, top_stack: &[crate::vm::Value], l: RLoc) -> Option<VK> {
        match l {
            RLoc::Stack { frame, index } if frame == top => top_stack.get(index as usize).map(|v| VK::of(*v, view)),
            _ => Self::frame_loc_value(view, l),
        }
    }

    /// The definition a frame location holds now.
    fn frame_def(&self, frame: u32, slot: Option<u16>, index: Option<u32>) -> u32 {
        let Some(f) = self.frames.get(frame as usize) else { return NIL };
        let cell = match (slot, index) {
            (Some(s), _) => f.locals.get(s as usize),
            (_, Some(i)) => f.stack.get(i as usize),
            _ => None,
        };
        cell.copied().unwrap_or(NIL)
    }

    /// The branch instances a later read of a matched set's locations may be potentially
    /// dependent on (rule 4(c) for reads below a cut, which the cut run never makes): for a
    /// local, the latest instances in its frame of the branches whose other direction may write
    /// it; for a heap location, every branch instance whose other direction may write some
    /// heap location (the set names objects, the analysis field-based locations: all of them
    /// is the sound choice).
    fn potential_sources(&self, pairs: &[(RLoc, VK)]) -> Vec<u32> {
        let mut out = Vec::new();
        let mut heap = false;
        for (l, _) in pairs {
            match *l {
                RLoc::Local { frame, slot } => {
                    let Some(f) = self.frames.get(frame as usize) else { continue };
                    match self.tables.method(f.method).filter(|_| f.analysed) {
                        Some(m) => out.extend(
                            m.pot_by_local
                                .get(slot as usize)
                                .into_iter()
                                .flatten()
                                .filter_map(|b| f.last.get(b).copied()),
                        ),
                        None => out.extend(f.last.values().copied()),
                    }
                }
                RLoc::Heap(_) => heap = true,
                RLoc::Stack { .. } => {}
            }
        }
        if heap {
            out.extend(self.pot_src.values().flatten().map(|x| x.1));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The definition of a location now (for a cut: the locations of the matched set).
    fn def_now(&mut self, l: RLoc, view: &dyn StateView) -> u32 {
        match l {
            RLoc::Local { frame, slot } => self.frame_def(frame, Some(slot), None),
            RLoc::Stack { frame, index } => self.frame_def(frame, None, Some(index)),
            RLoc::Heap(h) => self.def_heap(h, view),
        }
    }
}

fn slot_key(l: &HLoc) -> i64 {
    match *l {
        HLoc::Field { slot, .. } => slot as i64,
        HLoc::Elem { index, .. } => (1 << 40) + index as i64,
        HLoc::Length { .. } => -1,
        _ => -2,
    }
}

impl RsdTracker {
    /// The definition a native's source holds (a location never written gets one dated at
    /// its object's birth, valued at the next instruction).
    fn src_def(&mut self, l: Loc) -> u32 {
        let h = match l {
            Loc::Local { frame, slot } => return self.frame_def(frame, Some(slot), None),
            Loc::Stack { frame, index } => return self.frame_def(frame, None, Some(index)),
            _ => match hloc(l) {
                Some(h) => h,
                None => return NIL,
            },
        };
        let cell = self.def_heap_cell(h);
        if cell != NIL {
            return cell;
        }
        let id = self.first_def(h, VK::Pending);
        if id != NIL {
            self.unvalued.push((id, RLoc::Heap(h)));
        }
        id
    }
}

fn rebase(l: RLoc, obj: u32) -> RLoc {
    match l {
        RLoc::Heap(HLoc::Field { slot, .. }) => RLoc::Heap(HLoc::Field { obj, slot }),
        RLoc::Heap(HLoc::Elem { index, .. }) => RLoc::Heap(HLoc::Elem { arr: obj, index }),
        RLoc::Heap(HLoc::Length { .. }) => RLoc::Heap(HLoc::Length { arr: obj }),
        x => x,
    }
}

/// A view that knows nothing (values whose references need no class).
struct NoView;

impl StateView for NoView {
    fn local(&self, _: u32, _: u16) -> Option<crate::vm::Value> {
        None
    }
    fn stack(&self, _: u32, _: u32) -> Option<crate::vm::Value> {
        None
    }
    fn static_value(&self, _: u32, _: u32) -> Option<crate::vm::Value> {
        None
    }
    fn array_len(&self, _: u32) -> Option<crate::vm::Value> {
        None
    }
    fn field(&self, _: u32, _: u32) -> Option<crate::vm::Value> {
        None
    }
    fn elem(&self, _: u32, _: i32) -> Option<crate::vm::Value> {
        None
    }
    fn class_of(&self, _: u32) -> Option<u32> {
        None
    }
}
