//! `rwset`'s observer of one run. It cuts the run into *segments*, one per node of the
//! execution tree the run passes (a segment starts after a branch event, or at the run's
//! start), and each segment at its first conditional instruction (the node's *point*) into the
//! stretch before and the stretch after it. For every stretch past the replayed prefix it
//! records the locations read before written, with the values read, and the locations written
//! ([`Part`]); at each node's point it projects the frames on their live locals and operand
//! stacks. At every conditional instruction past the prefix it looks the state up among the
//! snapshots of finished subtrees and cuts the run when one matches.

use super::shared::{Constraints, PointKey, Shared, Snapshot, frames_hash, state_hash};
use super::state::{HLoc, Part, VK};
use crate::bytecode::{Constant, InvokeKind, Op};
use crate::vm::location::{HeapOperand, Loc, Src};
use crate::vm::shadow::{CallKind, Done, FramePush, Next, Point, StateView, Step, Tracker, Verdict};
use crate::vm::{Entry, Event, Outcome, Site};
use rustc_hash::FxHashMap;
use std::any::Any;
use std::sync::{Arc, Mutex};

/// The projection of the state at a node's point.
#[derive(Clone, Debug)]
pub struct PointSnap {
    /// Where.
    pub key: PointKey,
    /// The frames' live locals and stacks (`None`: some frame could not be read).
    pub frames: Option<Arc<[VK]>>,
    /// Fingerprint of the classes whose statics exist.
    pub init: u64,
}

/// One node's stretch of a run.
#[derive(Clone, Debug, Default)]
pub struct Seg {
    /// Before the point (the whole segment when it has none).
    pub pre: Part,
    /// The point, when the segment reached a conditional instruction.
    pub point: Option<PointSnap>,
    /// After the point.
    pub post: Part,
}

/// What a run leaves for the pruner.
#[derive(Debug, Default)]
pub struct RwTrace {
    /// The segments of the nodes past the replayed prefix, by node depth from `first`.
    pub segs: Vec<Arc<Seg>>,
    /// Depth (events before it) of the first segment.
    pub first: usize,
    /// The snapshot that cut the run, when one did.
    pub cut: Option<u32>,
}

#[derive(Clone, Copy, Debug)]
struct Fr {
    method: u32,
    ctx: u32,
    pc: u32,
    slen: u32,
}

/// The tracker.
pub struct RwTracker {
    shared: Arc<Mutex<Shared>>,
    /// Events of the replayed prefix (the flipped one included); nothing before is recorded.
    prefix: usize,
    events: usize,
    frames: Vec<Fr>,
    init: u64,
    literals: FxHashMap<u32, u32>,
    segs: Vec<Arc<Seg>>,
    cur: Seg,
    constraints: Constraints,
    /// Reads natives reported during the running instruction, valued after it: (stretch, index
    /// into its reads, location).
    pending: Vec<(u64, usize, HLoc)>,
    /// Counts the stretches of the run (a new one at every segment and every node's point): a
    /// pending read of a stretch already closed stays unvalued, which makes it unnameable.
    stretch: u64,
    pending_all: Vec<u32>,
    written_now: rustc_hash::FxHashSet<HLoc>,
    cut: Option<u32>,
    /// Class objects the run materialised through `getClass`, by class.
    class_objs: FxHashMap<u32, u32>,
    /// Whether `literals` and `class_objs` are all the run's (no native or class literal has
    /// materialised one behind the tracker's back).
    caches_exact: bool,
    /// The class of the receiver of a `getClass` about to run.
    getclass: Option<u32>,
    /// Classes whose statics were just created (their string constants are interned literals).
    new_statics: Vec<(u32, usize)>,
    /// The array an `xaload`/`xastore` addresses, and whether it was a solver term before.
    arr_before: Option<(u32, bool)>,
    /// The destination of a `System.arraycopy` about to run.
    copy_dst: Option<u32>,
}

/// The contribution of a class to the fingerprint of the classes whose statics exist.
pub fn mix(class: u32) -> u64 {
    (class as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17)
}

/// Natives that read nothing outside their arguments' values (or whose hidden reads cannot
/// change what a continuation does: outputs, fresh input names), by class and name. The
/// `Class` natives are not among them: a class object's number does not say which class it
/// stands for in another run.
pub fn quiet_native(class: &str, name: &str) -> bool {
    match class {
        "jsymex/Symbolic" | "jsymex/internal/Sym" | "jsymex/internal/Output" | "java/lang/Math" | "java/lang/StrictMath" => true,
        "java/lang/Float" => matches!(name, "floatToRawIntBits" | "intBitsToFloat" | "floatToIntBits"),
        "java/lang/Double" => matches!(name, "doubleToRawLongBits" | "longBitsToDouble" | "doubleToLongBits"),
        // Materialises the class object: followed as a cache (see `HLoc::ClassObj`).
        _ if name == "getClass" => true,
        "java/lang/System" => matches!(name, "arraycopy" | "exit"),
        _ => matches!(name, "clone"),
    }
}

impl RwTracker {
    /// A tracker for a run whose first `prefix` events replay a recorded path.
    pub fn new(shared: Arc<Mutex<Shared>>, prefix: usize) -> Self {
        RwTracker {
            shared,
            prefix,
            events: 0,
            frames: Vec::new(),
            init: 0,
            literals: FxHashMap::default(),
            segs: Vec::new(),
            cur: Seg::default(),
            constraints: Constraints::default(),
            pending: Vec::new(),
            stretch: 0,
            pending_all: Vec::new(),
            written_now: rustc_hash::FxHashSet::default(),
            cut: None,
            class_objs: FxHashMap::default(),
            caches_exact: true,
            getclass: None,
            new_statics: Vec::new(),
            arr_before: None,
            copy_dst: None,
        }
    }

    fn recording(&self) -> bool {
        self.events >= self.prefix
    }

    fn part(&mut self) -> &mut Part {
        if self.cur.point.is_some() {
            &mut self.cur.post
        } else {
            &mut self.cur.pre
        }
    }

    fn read(&mut self, l: HLoc, view: &dyn StateView) {
        match l.value(view) {
            Some(v) => {
                self.part().read(l, v);
            }
            None => self.part().top = true,
        }
    }

    /// Every cell of an object or array (and an array's length).
    fn read_all(&mut self, obj: u32, view: &dyn StateView) {
        if obj == 0 {
            return;
        }
        if let Some(len) = view.array_len(obj) {
            self.read(HLoc::Length { arr: obj }, view);
            let n = len.as_int();
            if len.s.is_some() || n > 4096 {
                self.part().top = true;
                return;
            }
            for i in 0..n {
                self.read(HLoc::Elem { arr: obj, index: i }, view);
            }
        } else {
            let mut slot = 0;
            while view.field(obj, slot).is_some() {
                self.read(HLoc::Field { obj, slot }, view);
                slot += 1;
            }
        }
    }

    /// The frames' live locals and operand stacks (`None` when a frame cannot be read).
    fn project_frames(&self, view: &dyn StateView, top_pc: u32, top_stack: &[crate::vm::Value]) -> Option<Arc<[VK]>> {
        let sh = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = Vec::new();
        let top = self.frames.len().checked_sub(1)?;
        for (d, f) in self.frames.iter().enumerate() {
            let pc = if d == top { top_pc } else { f.pc };
            let live = sh.liveness_of(f.method)?;
            for slot in live.live_at(pc) {
                out.push(VK::of(view.local(d as u32, slot)?, view));
            }
            out.push(VK::Bits(5, 0));
            if d == top {
                out.extend(top_stack.iter().map(|v| VK::of(*v, view)));
            } else {
                for i in 0..f.slen {
                    out.push(VK::of(view.stack(d as u32, i)?, view));
                }
            }
            out.push(VK::Bits(6, 0));
        }
        Some(out.into())
    }

    fn close_segment(&mut self) {
        self.stretch += 1;
        let seg = std::mem::take(&mut self.cur);
        if self.recording() {
            self.segs.push(Arc::new(seg));
        }
    }

    /// The state's value at a location now (literals from the run's own table).
    fn value_now(&self, l: &HLoc, view: &dyn StateView) -> Option<VK> {
        match l {
            HLoc::Literal(id) if self.caches_exact => Some(VK::cached(self.literals.get(id).copied())),
            HLoc::ClassObj(c) if self.caches_exact => Some(VK::cached(self.class_objs.get(c).copied())),
            HLoc::Literal(_) | HLoc::ClassObj(_) => None,
            _ => l.value(view),
        }
    }

    /// The text of a String object as the state holds it (its one array field's elements).
    fn string_units(view: &dyn StateView, r: u32) -> Option<Arc<[u16]>> {
        let mut slot = 0;
        while let Some(v) = view.field(r, slot) {
            let a = v.as_ref();
            if a != 0
                && let Some(len) = view.array_len(a)
            {
                let units: Option<Vec<u16>> = (0..len.as_int()).map(|i| view.elem(a, i).map(|e| e.as_int() as u16)).collect();
                return units.map(Arc::from);
            }
            slot += 1;
        }
        None
    }

    /// A cached object (literal or class object) looked up by the instruction that just ran:
    /// `old` is what the cache held before.
    fn cache_access(&mut self, l: HLoc, old: Option<u32>) {
        if self.recording() {
            self.part().read(l, VK::cached(old));
            if old.is_none() {
                self.part().write(l);
            }
        }
    }

    /// Whether a stored snapshot matches the state at this point.
    fn matches(&mut self, s: &Snapshot, point: &Point<'_>) -> bool {
        if s.init != self.init {
            return false;
        }
        for (l, v) in &s.heap {
            if self.value_now(l, point.view) != Some(*v) {
                return false;
            }
        }
        self.constraints.closure(&s.vars) == s.closure
    }
}

impl Tracker for RwTracker {
    fn run_start(&mut self, _entry: &Entry) {
        self.events = 0;
        self.frames.clear();
        self.init = 0;
        self.literals.clear();
        self.segs.clear();
        self.cur = Seg::default();
        self.constraints = Constraints::default();
        self.cut = None;
        self.class_objs.clear();
        self.caches_exact = true;
        self.getclass = None;
        self.new_statics.clear();
        self.arr_before = None;
        self.copy_dst = None;
        self.pending.clear();
        self.pending_all.clear();
        self.written_now.clear();
    }

    fn wants_points(&self) -> bool {
        true
    }

    fn at_point(&mut self, point: &mut Point<'_>) -> Verdict {
        if !self.recording() {
            return Verdict::Continue;
        }
        let first = self.cur.point.is_none();
        let Some(ctx) = self.frames.last().map(|f| f.ctx) else {
            return Verdict::Continue;
        };
        let key = PointKey {
            ctx,
            method: point.method.id,
            pc: point.pc,
        };
        let shared = self.shared.clone();
        let known = {
            let mut sh = shared.lock().unwrap_or_else(|e| e.into_inner());
            sh.stats.checks += 1;
            sh.has_point(key)
        };
        if !first && !known {
            return Verdict::Continue;
        }
        let frames = self.project_frames(point.view, point.pc, point.stack);
        if first {
            self.stretch += 1;
            self.cur.point = Some(PointSnap {
                key,
                frames: frames.clone(),
                init: self.init,
            });
        }
        // Past the flipped event: is the state one whose subtree is known?
        let Some(frames) = frames.filter(|_| known) else {
            return Verdict::Continue;
        };
        let fh = frames_hash(&frames);
        let mut sh = shared.lock().unwrap_or_else(|e| e.into_inner());
        let groups = sh.groups(key, fh);
        if groups.is_empty() {
            return Verdict::Continue;
        }
        // The run's constraints so far, grouped by shared variables.
        for e in &point.events[self.constraints.len().min(point.events.len())..] {
            let vs = sh.vars(point.pool, e.cond);
            self.constraints.add(e.cond, &vs);
        }
        let mut frame_vars = Vec::new();
        sh.extend_vars(point.pool, frames.iter(), &mut frame_vars);
        // Per group: the state's values there and its closure over their variables.
        let mut cands = Vec::new();
        let mut closures: FxHashMap<Vec<crate::symbolic::VarId>, Vec<crate::symbolic::ExprId>> = FxHashMap::default();
        let mut vals = Vec::new();
        'groups: for (gi, locs) in groups.iter().enumerate() {
            vals.clear();
            for l in locs.iter() {
                match self.value_now(l, point.view) {
                    Some(v) => vals.push(v),
                    None => continue 'groups,
                }
            }
            let mut vars = frame_vars.clone();
            sh.extend_vars(point.pool, vals.iter(), &mut vars);
            let constraints = &mut self.constraints;
            let closure = closures.entry(vars).or_insert_with_key(|vs| constraints.closure(vs));
            let h = state_hash(vals.iter(), closure);
            cands.extend(sh.bucket(key, fh, gi, h));
        }
        for id in cands {
            let Some(s) = sh.snapshot(id) else { continue };
            if *s.frames != *frames {
                continue;
            }
            sh.stats.compared += 1;
            if self.matches(&s, point) {
                sh.touch(id);
                sh.stats.prunes += 1;
                sh.stats.credited_paths += s.paths;
                self.cut = Some(id);
                return Verdict::Cut(format!("rwset: the state matches a finished subtree ({} paths)", s.paths));
            }
        }
        Verdict::Continue
    }

    fn before(&mut self, step: &Step<'_>) -> Verdict {
        if let Some(f) = self.frames.last_mut() {
            f.pc = step.at.site.pc;
            f.slen = step.at.stack_len;
        }
        let s = step.stack;
        let arg = |k: usize| s.get(s.len().wrapping_sub(k)).map_or(0, |v| v.as_ref());
        self.getclass = match step.op {
            Op::Invoke(_, r) if &*r.name == "getClass" && &*r.desc == "()Ljava/lang/Class;" => step.view.class_of(arg(1)),
            _ => None,
        };
        self.arr_before = match (step.op, step.at.heap) {
            (Op::ArrayLoad(_) | Op::ArrayStore(_), Some(HeapOperand::Elem { arr, .. })) if arr != 0 => {
                Some((arr, step.view.array_term(arr).is_some()))
            }
            _ => None,
        };
        if !self.recording() {
            return Verdict::Continue;
        }
        // What an array access reads before it runs: a term array's term (a load reads through
        // it, a store makes a new one from it); at a symbolic index of a plain array, every
        // element (the VM makes the term from them).
        if let (Some((arr, had_term)), Some(HeapOperand::Elem { sym, .. })) = (self.arr_before, step.at.heap) {
            if had_term {
                self.read(HLoc::Length { arr }, step.view);
                self.read(HLoc::ArrTerm { arr }, step.view);
            } else if sym.is_some() {
                self.read_all(arr, step.view);
                self.read(HLoc::ArrTerm { arr }, step.view);
            }
        }
        match step.op {
            Op::Invoke(InvokeKind::Static, r) if &*r.class == "java/lang/System" && &*r.name == "arraycopy" => {
                for a in [arg(5), arg(3)] {
                    if a != 0 {
                        self.read(HLoc::Length { arr: a }, step.view);
                    }
                }
                // A copy into a term array makes a new term from the old one.
                let dst = arg(3);
                if dst != 0 {
                    self.read(HLoc::ArrTerm { arr: dst }, step.view);
                    self.copy_dst = Some(dst);
                }
            }
            Op::InvokeDynamic(_) => {
                // String concatenation reads the characters of its String arguments outside
                // any instruction: every cell of each argument object and the lengths of the
                // arrays they hold count as read.
                let n = step.at.pops as usize;
                let refs: Vec<u32> = s[s.len() - n..].iter().map(|v| v.as_ref()).filter(|r| *r != 0).collect();
                for r in refs {
                    self.read_all(r, step.view);
                    let mut slot = 0;
                    while let Some(v) = step.view.field(r, slot) {
                        let a = v.as_ref();
                        if a != 0 && step.view.array_len(a).is_some() {
                            self.read(HLoc::Length { arr: a }, step.view);
                        }
                        slot += 1;
                    }
                }
            }
            _ => {}
        }
        Verdict::Continue
    }

    fn after(&mut self, done: &Done<'_>) -> Verdict {
        if matches!(done.next, Next::Call(_))
            && let Some(f) = self.frames.last_mut()
        {
            f.slen = done.at.stack_len - done.at.pops;
        }
        // The caches of materialised objects are state whether or not this stretch is recorded.
        for (class, slots) in std::mem::take(&mut self.new_statics) {
            // A class's statics start as constants: every reference among them is a literal.
            for slot in 0..slots as u32 {
                let r = done.view.static_value(class, slot).map_or(0, |v| v.as_ref());
                if r == 0 {
                    continue;
                }
                match Self::string_units(done.view, r) {
                    Some(units) => {
                        let id = self.shared.lock().unwrap_or_else(|e| e.into_inner()).literal(&units);
                        self.literals.entry(id).or_insert(r);
                    }
                    None => self.caches_exact = false,
                }
            }
        }
        // What the instruction read that no location names: an unmodelled native, or a class
        // literal (class objects are materialised per run). Either may also have filled a
        // cache behind the tracker's back.
        let mut unnameable = false;
        match done.op {
            Op::Const(Constant::String(units)) => {
                let id = self.shared.lock().unwrap_or_else(|e| e.into_inner()).literal(units);
                let r = done.stack.last().map_or(0, |v| v.as_ref());
                let old = self.literals.insert(id, r);
                self.cache_access(HLoc::Literal(id), old);
            }
            Op::Const(Constant::Class(_)) => unnameable = true,
            Op::Invoke(_, r) if matches!(done.next, Next::Fall | Next::Throw(_)) => {
                if let (Some(c), Next::Fall) = (self.getclass.take(), done.next) {
                    let r = done.stack.last().map_or(0, |v| v.as_ref());
                    let old = self.class_objs.insert(c, r);
                    self.cache_access(HLoc::ClassObj(c), old);
                } else {
                    unnameable = !quiet_native(&r.class, &r.name);
                }
            }
            _ => {}
        }
        if unnameable {
            self.caches_exact = false;
        }
        if !self.recording() {
            self.pending.clear();
            self.pending_all.clear();
            self.written_now.clear();
            return Verdict::Continue;
        }
        let view = done.view;
        for of in std::mem::take(&mut self.pending_all) {
            self.read_all(of, view);
        }
        // Values of the reads natives reported during the instruction.
        for (stretch, i, l) in std::mem::take(&mut self.pending) {
            if stretch != self.stretch {
                continue;
            }
            let v = if self.written_now.contains(&l) { None } else { l.value(view) };
            let part = self.part();
            match (v, part.reads.get_mut(i)) {
                (Some(v), Some(r)) => r.1 = v,
                _ => part.top = true,
            }
        }
        self.written_now.clear();
        if unnameable {
            self.part().top = true;
        }
        if let Some(dst) = self.copy_dst.take()
            && view.array_term(dst).is_some()
        {
            self.part().write(HLoc::ArrTerm { arr: dst });
        }
        let completed = !matches!(done.next, Next::Throw(_) | Next::Clinit(_));
        let heap = done.heap().and_then(hloc);
        match (done.op, heap) {
            (Op::GetField(_) | Op::GetStatic(_), Some(l)) if completed => self.read(l, view),
            (Op::PutField(_) | Op::PutStatic(_), Some(l)) if completed => self.part().write(l),
            (Op::ArrayLength, Some(l)) if completed => self.read(l, view),
            (Op::ArrayLoad(_) | Op::ArrayStore(_), Some(l)) => {
                let store = matches!(done.op, Op::ArrayStore(_));
                if let Some((arr, had_term)) = self.arr_before.take() {
                    let term_now = view.array_term(arr).is_some();
                    if !had_term && !term_now {
                        // A plain access at a concrete index.
                        self.read(HLoc::Length { arr }, view);
                        if completed {
                            if store {
                                self.part().write(l);
                            } else {
                                self.read(l, view);
                            }
                        }
                    } else if term_now && (store || !had_term) {
                        // The access made or changed the term (read before it ran).
                        self.part().write(HLoc::ArrTerm { arr });
                        if store && completed {
                            self.part().write(l);
                        }
                    }
                }
            }
            _ => {}
        }
        Verdict::Continue
    }

    fn event(&mut self, index: usize, _event: &Event) -> Verdict {
        self.close_segment();
        self.events = index + 1;
        Verdict::Continue
    }

    fn frame_push(&mut self, push: &FramePush<'_>) {
        let mut sh = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        sh.liveness(push.method);
        let ctx = match (self.frames.last(), push.kind) {
            (Some(f), CallKind::Invoke | CallKind::Clinit) => sh.ctx(f.ctx, f.method, f.pc, push.method.id),
            (Some(f), CallKind::Vm(_)) => sh.ctx(f.ctx, f.method, Site::VM_PC, push.method.id),
            (None, _) => sh.ctx(u32::MAX, u32::MAX, Site::VM_PC, push.method.id),
        };
        self.frames.push(Fr {
            method: push.method.id,
            ctx,
            pc: 0,
            slen: 0,
        });
    }

    fn frame_pop(&mut self, _pop: &crate::vm::shadow::FramePop<'_>) {
        self.frames.pop();
    }

    fn alloc(&mut self, obj: u32, _site: Site) {
        if self.recording() {
            self.part().born.insert(obj);
        }
    }

    fn cloned(&mut self, _copy: u32, of: u32) {
        // The clone's source is read whole, valued after the instruction through the state
        // view there (`clone` does not write its source).
        if self.recording() {
            self.pending_all.push(of);
        }
    }

    fn statics_ready(&mut self, class: u32, slots: usize) {
        self.init ^= mix(class);
        self.new_statics.push((class, slots));
        if self.recording() {
            self.part().born_classes.insert(class);
        }
    }

    fn copy(&mut self, to: Loc, from: Src) {
        if !self.recording() {
            return;
        }
        if let Src::Loc(l) = from
            && let Some(l) = hloc(l)
            && let Some(i) = self.part().read(l, VK::Pending)
        {
            self.pending.push((self.stretch, i, l));
        }
        if let Some(t) = hloc(to) {
            self.part().write(t);
            self.written_now.insert(t);
        }
    }

    fn run_end(&mut self, _outcome: &Outcome, _events: &[Event]) {
        self.close_segment();
    }

    fn finish(&mut self) -> Box<dyn Any + Send> {
        Box::new(Arc::new(RwTrace {
            segs: std::mem::take(&mut self.segs),
            first: self.prefix,
            cut: self.cut,
        }))
    }
}

/// The location outside the frames that a VM location names (`None` for a frame's).
pub fn hloc(l: Loc) -> Option<HLoc> {
    Some(match l {
        Loc::Static { class, slot } => HLoc::Static { class, slot },
        Loc::Field { obj, slot } => HLoc::Field { obj, slot },
        Loc::Elem { arr, index } => HLoc::Elem { arr, index },
        Loc::Length { arr } => HLoc::Length { arr },
        Loc::Local { .. } | Loc::Stack { .. } => return None,
    })
}
