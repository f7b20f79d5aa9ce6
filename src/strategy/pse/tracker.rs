//! PSE's observer of a run: the location-level trace its weakest preconditions are computed
//! from, and the subsumption check at every conditional branch (`notes-pse-rsd.md` C.2).
//!
//! The run is cut into *segments* at every conditional instruction (symbolic or concrete):
//! within a segment the tracker keeps, for every location written, its value as a term over
//! the locations at the segment's start (a shadow of each frame's locals and operand stack, of
//! the statics and of the objects allocated in the segment), plus the *guards*: the implicit
//! conditions the segment relied on (a divisor not zero, a reference not null, an index pinned
//! to its value and within bounds). A value the tracker cannot name (a native's result, a field
//! of an object older than the segment) is opaque: a suffix that depends on one is never
//! summarised, which is always sound. At each conditional, [`PseTracker`] closes the segment,
//! records the branch condition over the locations there, and, past the replayed prefix of the
//! task, checks whether `pcon ∧ c → Π[point]` holds; if so the path is cut (after its event is
//! recorded, so the sibling task stays unless both directions are subsumed).

use super::state::{self, HKey, PLoc, PointKey, Shared, Slot};
use super::wp::{HeapWrite, Seg};
use crate::bytecode::{ArrKind, Cond, Constant, InvokeKind, Op};
use crate::symbolic::{BinOp, ExprId, ExprPool, Sort};
use crate::vm::location::{Loc, Site, Src};
use crate::vm::ops::cond_holds;
use crate::vm::shadow::{CallKind, Done, FramePop, FramePush, Next, Point, PopKind, Step, Tracker, Verdict};
use crate::vm::value::Prim;
use crate::vm::{Entry, Event, EventKind, Outcome, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::any::Any;
use std::time::Instant;

mod check;
mod hooks;

/// A shadow entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum S {
    /// Unchanged since the segment started: the location itself.
    Id,
    /// This term over the locations at the segment's start.
    T(ExprId),
    /// Not nameable.
    Opaque,
}

impl S {
    fn of(e: Option<ExprId>) -> S {
        e.map_or(S::Opaque, S::T)
    }
    fn term(self) -> Option<ExprId> {
        match self {
            S::T(e) => Some(e),
            _ => None,
        }
    }
}

#[derive(Default)]
struct SFrame {
    locals: Vec<S>,
    stack: Vec<S>,
    ctx: u32,
    /// Pushed during the current segment: nothing in it is the segment start's.
    fresh: bool,
    /// A frame the tracker did not see pushed: everything in it is opaque.
    unknown: bool,
    dirty: Vec<(bool, u32)>,
}

impl SFrame {
    fn untouched(&self) -> S {
        if self.fresh || self.unknown { S::Opaque } else { S::Id }
    }
}

/// An object allocated in the current segment: its written fields or elements.
#[derive(Default)]
struct FreshObj {
    vals: FxHashMap<HKey, S>,
    len: Option<S>,
    exact: bool,
    class: Option<u32>,
}

/// A conditional point of the run (the end of a segment).
#[derive(Clone, Debug)]
pub struct Anchor {
    /// Its key.
    pub key: PointKey,
    /// The condition of the direction taken, over the locations at the point (`None`: opaque).
    pub cond: Option<ExprId>,
    /// First instance of the key in the run (only those are checked and summarised).
    pub eligible: bool,
    /// Initialised-classes fingerprint at the point.
    pub init: u64,
    /// The index of the event the branch made (`None`: a concrete branch).
    pub event: Option<usize>,
}

/// Where and how the run was cut.
#[derive(Clone, Copy, Debug)]
pub struct CutInfo {
    /// The anchor (index into the segments: segment `anchor` ends at it).
    pub anchor: usize,
    /// Both directions subsumed (drop the sibling task).
    pub both: bool,
    /// The branch made an event (the cut is after it).
    pub symbolic: bool,
}

/// What a run leaves for the pruner (its record holds it as an `Arc<PseTrace>`).
#[derive(Debug, Default)]
pub struct PseTrace {
    /// The segments in order; each but the last ends at an anchor.
    pub segs: Vec<Seg>,
    /// The cut, when PSE cut the run.
    pub cut: Option<CutInfo>,
    /// At the cut: the object each heap-location base of Π held there.
    pub cut_objs: FxHashMap<crate::symbolic::VarId, u32>,
    /// At the cut: the disjuncts of Π that instantiated there (`None`: Π was true). The update
    /// from the cut starts from them (an under-approximation of Π there, whose locations the
    /// check read on this run).
    pub cut_disjuncts: Option<Vec<Vec<ExprId>>>,
    /// In shadow mode: some check held (the run would have been cut).
    pub shadow_hit: bool,
}

/// The tracker.
pub struct PseTracker {
    slot: Slot,
    sh: Option<Box<Shared>>,
    flip: Option<(u32, u32, u32)>,
    checking: bool,
    site_counts: FxHashMap<(u32, u32), u32>,
    frames: Vec<SFrame>,
    statics: FxHashMap<(u32, u32), S>,
    fresh: FxHashMap<u32, FreshObj>,
    /// Writes of this segment to objects older than it: (object, key) → (base term, value).
    writes: FxHashMap<(u32, HKey), (S, S)>,
    /// The objects written per key, with the base terms of the writes.
    writes_by_key: FxHashMap<HKey, Vec<(u32, S)>>,
    /// The object each base variable of a heap read of this segment held at its start.
    base_objs: FxHashMap<crate::symbolic::VarId, u32>,
    havoc: bool,
    guards: Vec<Option<ExprId>>,
    fresh_frames: Vec<u32>,
    segs: Vec<Seg>,
    seen: FxHashSet<PointKey>,
    /// Instances of each point so far in the run (with every instance a point).
    instances: FxHashMap<PointKey, u32>,
    init: u64,
    pending: Option<(usize, String)>,
    anchor_open: bool,
    cut: Option<CutInfo>,
    cut_objs: FxHashMap<crate::symbolic::VarId, u32>,
    cut_disjuncts: Option<Vec<Vec<ExprId>>>,
    shadow_hit: bool,
    ops: Vec<S>,
    /// Concrete operands of the instruction running (for which check failed).
    vals: Vec<Value>,
    load: S,
    ret: Option<S>,
    returned: S,
    args: Vec<S>,
    thrown_term: Option<S>,
    exc: FxHashMap<u32, S>,
    last: (u32, u32),
    last_invoke: bool,
    /// The runtime classes of the receiver (invokes), the operand (casts), or the array and the
    /// value (`aastore`) of the instruction running.
    operand_class: [Option<u32>; 2],
    dbg_name: String,
}

impl PseTracker {
    /// A tracker for the run of a task that flips the `occ`-th instance of (method, pc), or of
    /// the first run (`None`: checks from the start).
    pub fn new(slot: Slot, flip: Option<(u32, u32, u32)>) -> Self {
        PseTracker {
            slot,
            sh: None,
            checking: flip.is_none(),
            flip,
            site_counts: FxHashMap::default(),
            frames: Vec::new(),
            statics: FxHashMap::default(),
            fresh: FxHashMap::default(),
            writes: FxHashMap::default(),
            writes_by_key: FxHashMap::default(),
            base_objs: FxHashMap::default(),
            havoc: false,
            guards: Vec::new(),
            fresh_frames: Vec::new(),
            segs: Vec::new(),
            seen: FxHashSet::default(),
            instances: FxHashMap::default(),
            init: 0,
            pending: None,
            anchor_open: false,
            cut: None,
            cut_objs: FxHashMap::default(),
            cut_disjuncts: None,
            shadow_hit: false,
            ops: Vec::new(),
            vals: Vec::new(),
            load: S::Opaque,
            ret: None,
            returned: S::Opaque,
            args: Vec::new(),
            thrown_term: None,
            exc: FxHashMap::default(),
            last: (0, 0),
            last_invoke: false,
            operand_class: [None, None],
            dbg_name: String::new(),
        }
    }

    fn sh(&mut self) -> &mut Shared {
        if self.sh.is_none() {
            self.sh = state::take(&self.slot);
        }
        self.sh.as_mut().expect("PSE state is held by one run at a time")
    }

    fn frame(&mut self, d: u32) -> &mut SFrame {
        let d = d as usize;
        while self.frames.len() <= d {
            self.frames.push(SFrame {
                unknown: true,
                ..Default::default()
            });
        }
        &mut self.frames[d]
    }

    /// The term of a location's current value (`v` its concrete value, for the sort).
    fn read(&mut self, l: Loc, v: &Value) -> S {
        let (s, pl) = match l {
            Loc::Local { frame, slot } => {
                let f = self.frame(frame);
                (
                    f.locals.get(slot as usize).copied().unwrap_or(f.untouched()),
                    PLoc::Local { frame, slot },
                )
            }
            Loc::Stack { frame, index } => {
                let f = self.frame(frame);
                (
                    f.stack.get(index as usize).copied().unwrap_or(f.untouched()),
                    PLoc::Stack { frame, index },
                )
            }
            Loc::Static { class, slot } => (
                // A native may have written any static of the segment.
                self.statics
                    .get(&(class, slot))
                    .copied()
                    .unwrap_or(if self.havoc { S::Opaque } else { S::Id }),
                PLoc::Static { class, slot },
            ),
            Loc::Field { obj, slot } => return self.heap_get(obj, HKey::Field(slot), S::Opaque, v),
            Loc::Elem { arr, index } => return self.heap_get(arr, HKey::Elem(index), S::Opaque, v),
            Loc::Length { .. } => return S::Opaque,
        };
        match s {
            S::Id => match state::sort_of(v) {
                Some(sort) => S::T(self.sh().var(pl, sort)),
                None => S::Opaque,
            },
            s => s,
        }
    }

    /// The term of heap location `key` of object `obj`, read through the reference term
    /// `base` (concretely `v`): a value written in this segment (with the guard that the write's
    /// base is this one), a field of an object allocated in it, or the location named by the
    /// base's variable, with guards that no other write of the segment hit it.
    fn heap_get(&mut self, obj: u32, key: HKey, base: S, v: &Value) -> S {
        if self.havoc {
            return S::Opaque;
        }
        if let Some(o) = self.fresh.get(&obj) {
            return match (o.exact, o.vals.get(&key)) {
                (true, Some(s)) => *s,
                (true, None) => S::of(state::const_term(&mut self.sh().lp, v)),
                _ => S::Opaque,
            };
        }
        if let Some(&(w, val)) = self.writes.get(&(obj, key)) {
            if w != base {
                let g = self.bin(BinOp::Eq, w, base);
                self.guard(g);
            }
            self.alias_guards(obj, key, base);
            return val;
        }
        let S::T(b) = base else { return S::Opaque };
        let crate::symbolic::Node::Var(bv, _) = *self.sh().lp.node(b) else {
            return S::Opaque;
        };
        let Some(sort) = state::sort_of(v) else { return S::Opaque };
        self.base_objs.insert(bv, obj);
        self.alias_guards(obj, key, base);
        S::T(self.sh().var(key.at(bv), sort))
    }

    /// Guards that none of this segment's writes to `key` of other objects hit the object
    /// `base` stands for.
    fn alias_guards(&mut self, obj: u32, key: HKey, base: S) {
        let others: Vec<S> = self
            .writes_by_key
            .get(&key)
            .map(|v| v.iter().filter(|(o, _)| *o != obj).map(|(_, w)| *w).collect())
            .unwrap_or_default();
        for w in others {
            let g = self.bin(BinOp::Ne, w, base);
            self.guard(g);
        }
    }

    /// A write of `val` to heap location `key` of `obj` through the reference term `base`.
    fn heap_put(&mut self, obj: u32, key: HKey, base: S, val: S) {
        if let Some(o) = self.fresh.get_mut(&obj) {
            o.vals.insert(key, val);
            return;
        }
        // A write through a base that names no location (a native's copy, a reference a native
        // returned) is recorded with that base: reads and carried locations of its key are
        // then opaque, since which object another state writes is unknown.
        self.writes.insert((obj, key), (base, val));
        let ws = self.writes_by_key.entry(key).or_default();
        if !ws.iter().any(|(o, w)| *o == obj && *w == base) {
            ws.push((obj, base));
        }
    }

    fn write(&mut self, l: Loc, s: S) {
        match l {
            Loc::Local { frame, slot } => {
                let f = self.frame(frame);
                let u = f.untouched();
                if f.locals.len() <= slot as usize {
                    f.locals.resize(slot as usize + 1, u);
                }
                f.locals[slot as usize] = s;
                f.dirty.push((false, slot as u32));
            }
            Loc::Stack { frame, index } => {
                let f = self.frame(frame);
                if f.stack.len() <= index as usize {
                    f.stack.resize(index as usize + 1, S::Opaque);
                }
                f.stack[index as usize] = s;
                f.dirty.push((true, index));
            }
            Loc::Static { class, slot } => {
                self.statics.insert((class, slot), s);
            }
            Loc::Field { obj, slot } => self.heap_put(obj, HKey::Field(slot), S::Opaque, s),
            Loc::Elem { arr, index } => self.heap_put(arr, HKey::Elem(index), S::Opaque, s),
            Loc::Length { .. } => {}
        }
    }

    fn lp(&mut self) -> &mut ExprPool {
        &mut self.sh().lp
    }

    fn bin(&mut self, op: BinOp, a: S, b: S) -> S {
        match (a, b) {
            (S::T(x), S::T(y)) => S::T(self.lp().bin(op, x, y)),
            _ => S::Opaque,
        }
    }

    fn guard(&mut self, g: S) {
        if state::debug() && !matches!(g, S::T(_)) {
            eprintln!("pse: opaque guard after {:?} {}", self.last, self.dbg_name);
        }
        match g {
            S::T(e) if self.sh.as_ref().is_some_and(|s| s.lp.is_const(e)) => {
                if self
                    .sh
                    .as_ref()
                    .is_some_and(|s| matches!(s.lp.node(e), crate::symbolic::Node::Bool(false)))
                {
                    self.guards.push(None);
                }
            }
            S::T(e) => self.guards.push(Some(e)),
            _ => self.guards.push(None),
        }
    }

    /// String concatenation converts a concrete number to text natively, but a symbolic one
    /// through the models' `String.valueOf`, whose branches a state with that value symbolic
    /// runs: the route depends on whether the value is symbolic, which no condition over
    /// locations says. A concrete number that a location gave (not a constant of the segment)
    /// is therefore an opaque guard (PseConcatInt: the suffix of a path with `y` concrete was
    /// taken for that of a state with `y` symbolic, and `Integer.toString`'s branches on it
    /// were never run).
    fn concat_guards(&mut self, desc: &str, ops: &[S], vals: &[Value]) {
        use crate::bytecode::JType;
        let Some(md) = crate::bytecode::MethodDesc::parse(desc) else {
            self.guard(S::Opaque);
            return;
        };
        let numeric = |t: &JType| matches!(t, JType::Boolean | JType::Byte | JType::Short | JType::Int | JType::Long);
        if md.params.len() != ops.len() || ops.len() != vals.len() {
            if md.params.iter().any(numeric) {
                self.guard(S::Opaque);
            }
            return;
        }
        for ((t, s), v) in md.params.iter().zip(ops).zip(vals) {
            if !numeric(t) || v.s.is_some() {
                continue;
            }
            let constant = match s {
                S::T(e) => self.sh.as_ref().is_some_and(|sh| sh.lp.is_const(*e)),
                _ => false,
            };
            if !constant {
                self.guard(S::Opaque);
            }
        }
    }

    fn zero(&mut self) -> S {
        S::T(self.lp().i32(0))
    }

    /// Guards that the reference `r` (concretely `v`) was null or not, as it was.
    fn null_guard(&mut self, r: S, v: &Value) {
        let z = self.zero();
        let op = if v.as_ref() == 0 { BinOp::Eq } else { BinOp::Ne };
        let g = self.bin(op, r, z);
        self.guard(g);
    }

    /// The length term of the array a reference term stands for.
    fn length_of(&mut self, r: S) -> S {
        let S::T(e) = r else { return S::Opaque };
        if let Some(obj) = state::fresh_obj(&self.sh().lp, e) {
            return self.fresh.get(&obj).and_then(|o| o.len).unwrap_or(S::Opaque);
        }
        let sh = self.sh();
        match sh.lp.node(e) {
            crate::symbolic::Node::Var(v, _) => {
                let v = *v;
                S::T(sh.var(PLoc::Length { base: v }, Sort::I32))
            }
            _ => S::Opaque,
        }
    }

    /// Guards an array access: index pinned to its value, within bounds (or not, when it threw).
    fn bounds_guard(&mut self, arr: S, idx: S, index: i32, threw: bool) {
        if let S::T(i) = idx
            && !self.lp().is_const(i)
        {
            let k = self.lp().i32(index);
            let g = self.bin(BinOp::Eq, S::T(i), S::T(k));
            self.guard(g);
        }
        if idx == S::Opaque {
            self.guard(S::Opaque);
            return;
        }
        let len = self.length_of(arr);
        if index < 0 {
            return;
        }
        let k = S::T(self.lp().i32(index));
        let g = if threw {
            self.bin(BinOp::Le, len, k)
        } else {
            self.bin(BinOp::Lt, k, len)
        };
        self.guard(g);
    }

    /// Closes the current segment (at an anchor, or at the run's end).
    fn close(&mut self, anchor: Option<Anchor>) {
        let mut transfer: FxHashMap<PLoc, S> = FxHashMap::default();
        for (d, f) in self.frames.iter_mut().enumerate() {
            let d = d as u32;
            if f.fresh || f.unknown {
                for (i, s) in f.locals.iter().enumerate() {
                    transfer.insert(PLoc::Local { frame: d, slot: i as u16 }, if *s == S::Id { S::Opaque } else { *s });
                }
                for (i, s) in f.stack.iter().enumerate() {
                    transfer.insert(PLoc::Stack { frame: d, index: i as u32 }, if *s == S::Id { S::Opaque } else { *s });
                }
                f.locals.iter_mut().for_each(|s| *s = S::Id);
                f.stack.iter_mut().for_each(|s| *s = S::Id);
                f.fresh = false;
            } else {
                for (is_stack, i) in f.dirty.drain(..) {
                    let (l, s) = if is_stack {
                        (PLoc::Stack { frame: d, index: i }, f.stack.get_mut(i as usize))
                    } else {
                        (PLoc::Local { frame: d, slot: i as u16 }, f.locals.get_mut(i as usize))
                    };
                    if let Some(s) = s
                        && *s != S::Id
                    {
                        transfer.insert(l, *s);
                        *s = S::Id;
                    }
                }
            }
            f.dirty.clear();
        }
        for ((class, slot), s) in self.statics.drain() {
            transfer.insert(PLoc::Static { class, slot }, s);
        }
        let mut fresh_len = FxHashMap::default();
        let mut fresh_class = FxHashMap::default();
        let mut fresh_vals = FxHashMap::default();
        let mut fresh_opaque = Vec::new();
        for (o, f) in self.fresh.drain() {
            fresh_len.insert(o, f.len.and_then(S::term));
            if let Some(c) = f.class {
                fresh_class.insert(o, c);
            }
            if !f.exact {
                fresh_opaque.push(o);
            }
            for (k, v) in f.vals {
                fresh_vals.insert((o, k), v.term());
            }
        }
        let heap = self
            .writes
            .drain()
            .map(|((obj, key), (base, value))| HeapWrite {
                obj,
                key,
                base: base.term(),
                value: value.term(),
            })
            .collect();
        self.writes_by_key.clear();
        let havoc = std::mem::replace(&mut self.havoc, false);
        self.segs.push(Seg {
            heap,
            havoc,
            base_objs: std::mem::take(&mut self.base_objs),
            fresh_class,
            guards: std::mem::take(&mut self.guards),
            transfer: transfer.into_iter().map(|(l, s)| (l, s.term())).collect(),
            fresh_frames: std::mem::take(&mut self.fresh_frames),
            fresh_len,
            fresh_vals,
            fresh_opaque,
            anchor,
        });
    }

    /// The branch at a point: its condition over locations (lpool) and over inputs (the run's
    /// pool), for the direction the run takes.
    fn branch(&mut self, p: &mut Point<'_>) -> (Option<ExprId>, Option<ExprId>) {
        let n = p.stack.len();
        let d = p.frame;
        let leaf = |t: &mut Self, k: usize| -> (S, Value) {
            let v = p.stack[n - k];
            (
                t.read(
                    Loc::Stack {
                        frame: d,
                        index: (n - k) as u32,
                    },
                    &v,
                ),
                v,
            )
        };
        let (lcond, icond) = match p.op {
            Op::If(c, _) | Op::IfCmp(c, _) => {
                let two = matches!(p.op, Op::IfCmp(..));
                if n < 1 + two as usize {
                    return (None, None);
                }
                let (a, va, b, vb) = if two {
                    let (a, va) = leaf(self, 2);
                    let (b, vb) = leaf(self, 1);
                    (a, va, b, vb)
                } else {
                    let (a, va) = leaf(self, 1);
                    (a, va, self.zero(), Value::int(0))
                };
                let holds = cond_holds(*c, va.as_int() as i64, vb.as_int() as i64);
                let l = self.cmp(*c, a, b, holds);
                let (x, y) = (state::value_term(p.pool, &va), state::value_term(p.pool, &vb));
                let i = match (x, y) {
                    (Some(x), Some(y)) => Some(cond_expr(p.pool, *c, x, y, holds)),
                    _ => None,
                };
                (l, i)
            }
            Op::IfNull(is_null, _) => {
                if n < 1 {
                    return (None, None);
                }
                let (a, va) = leaf(self, 1);
                let z = self.zero();
                let holds = (va.as_ref() == 0) == *is_null;
                let c = if *is_null { Cond::Eq } else { Cond::Ne };
                (self.cmp(c, a, z, holds), Some(p.pool.bool(true)))
            }
            Op::IfRefEq(eq, _) => {
                if n < 2 {
                    return (None, None);
                }
                let (a, va) = leaf(self, 2);
                let (b, vb) = leaf(self, 1);
                let holds = (va.as_ref() == vb.as_ref()) == *eq;
                let c = if *eq { Cond::Eq } else { Cond::Ne };
                (self.cmp(c, a, b, holds), Some(p.pool.bool(true)))
            }
            Op::TableSwitch(..) | Op::LookupSwitch(..) => {
                if n < 1 {
                    return (None, None);
                }
                let (a, va) = leaf(self, 1);
                let cases: Vec<i32> = match p.op {
                    Op::TableSwitch(low, ts, _) => (0..ts.len()).map(|i| low.wrapping_add(i as i32)).collect(),
                    Op::LookupSwitch(ps, _) => ps.iter().map(|x| x.0).collect(),
                    _ => Vec::new(),
                };
                let k = va.as_int();
                let arm = cases.iter().position(|c| *c == k).unwrap_or(cases.len());
                let l = a.term().map(|a| crate::vm::ops::switch_arm_cond(self.lp(), a, &cases, arm));
                let i = state::value_term(p.pool, &va).map(|x| crate::vm::ops::switch_arm_cond(p.pool, x, &cases, arm));
                (l, i)
            }
            _ => (None, None),
        };
        (lcond, icond)
    }

    fn cmp(&mut self, c: Cond, a: S, b: S, holds: bool) -> Option<ExprId> {
        let (S::T(a), S::T(b)) = (a, b) else { return None };
        Some(cond_expr(self.lp(), c, a, b, holds))
    }

    /// Guards that the object the reference term `r` stands for has the class the instruction's
    /// operand has (an opaque guard when `r` names no location); true when guarded.
    fn class_guard(&mut self, r: S, class: Option<u32>) -> bool {
        if r.term().is_some_and(|e| state::fresh_obj(&self.sh().lp, e).is_some()) {
            return true;
        }
        let var = match r {
            S::T(e) => match self.sh().lp.node(e) {
                crate::symbolic::Node::Var(v, Sort::I32) => Some(*v),
                _ => None,
            },
            _ => None,
        };
        match (var, class) {
            (Some(v), Some(class)) => {
                let g = self.sh().var(PLoc::Class { base: v, class }, Sort::Bool);
                self.guard(S::T(g));
                true
            }
            _ => {
                self.guard(S::Opaque);
                false
            }
        }
    }

    fn fresh_alloc(&mut self, obj: u32, len: Option<S>, exact: bool, class: Option<u32>) -> S {
        self.fresh.insert(
            obj,
            FreshObj {
                vals: FxHashMap::default(),
                len,
                exact,
                class,
            },
        );
        S::T(state::fresh_term(self.lp(), obj))
    }
}

impl Drop for PseTracker {
    fn drop(&mut self) {
        if let Some(s) = self.sh.take() {
            state::put(&self.slot, s);
        }
    }
}

/// `a c b` (negated when it does not hold), as the VM builds it.
pub fn cond_expr(pool: &mut ExprPool, c: Cond, a: ExprId, b: ExprId, holds: bool) -> ExprId {
    let e = match c {
        Cond::Eq => pool.bin(BinOp::Eq, a, b),
        Cond::Ne => pool.bin(BinOp::Ne, a, b),
        Cond::Lt => pool.bin(BinOp::Lt, a, b),
        Cond::Le => pool.bin(BinOp::Le, a, b),
        Cond::Gt => pool.bin(BinOp::Lt, b, a),
        Cond::Ge => pool.bin(BinOp::Le, b, a),
    };
    if holds { e } else { pool.not(e) }
}

/// A source file name from a class's internal name (javac's default), marked as the JSONL
/// labels mark library models (`model:java/lang/String.java`).
fn file_of(class: &str) -> String {
    let simple = class.rsplit('/').next().unwrap_or(class);
    let file = format!("{}.java", simple.split('$').next().unwrap_or(simple));
    if crate::explore::missing::is_platform(class) {
        let pkg = class.rsplit_once('/').map(|(p, _)| format!("{p}/")).unwrap_or_default();
        format!("{}{pkg}{file}", crate::testgen::MODEL_PREFIX)
    } else {
        file
    }
}

/// Operand-stack entries an instruction consumes (a stack shuffle's own count: `dup` consumes
/// one entry and pushes it twice).
fn consumed(at: &crate::vm::location::Access) -> u32 {
    match at.shuffle {
        Some(sh) => sh.consumed as u32,
        None => at.pops,
    }
}

fn narrow_desc(desc: &str) -> bool {
    matches!(desc, "B" | "C" | "S" | "Z")
}

fn exact_kind(k: ArrKind) -> bool {
    matches!(k, ArrKind::Int | ArrKind::Long | ArrKind::Float | ArrKind::Double | ArrKind::Ref)
}
