//! Snapshots: the whole state of a run just before one of its branching instructions, so that
//! a task flipping that branch resumes there instead of re-running the path's prefix from the
//! driver's entry.
//!
//! A run is concolic: its concrete values come from one input, their symbolic shadows say how
//! they depend on the inputs. A task's input follows the same prefix (the solver keeps the
//! prefix's constraints), so a snapshot of the parent's run is the child's state at the flipped
//! branch once every value with a shadow is evaluated again under the child's input
//! ([`reconcretize`]): control flow, allocation and everything concrete are the same on both.
//! What would break that is input-dependent data *without* a shadow; the VM marks the run
//! *tainted* where that can arise (a native reading symbolic data, a symbolic array length,
//! an exception message built from a symbolic index, a symbolic float printed by string
//! concatenation), and a tainted run takes no further snapshots. A resumed run then produces
//! exactly the path, outcome, output and coverage a replay from the entry produces; the
//! explorer's `JSYMEX_SNAPSHOT_VERIFY=1` checks that on every resumed run.
//!
//! Snapshots are taken only in the driver's own execution loop (not in class initialisers or
//! Java code called from natives, which nest on the Rust stack), only by untracked runs, and
//! only before instructions that branch on a symbolic operand: conditional jumps, switches,
//! integer division (its zero check) and array accesses with a symbolic index. A snapshot is
//! kept when the instruction produced exactly one branch event.

use super::interp::Frame;
use super::value::{Body, Heap, Object};
use super::{Event, Machine, Prim, RunTables, Value};
use crate::bytecode::Op;
use crate::symbolic::eval::Evaluator;
use crate::symbolic::{BinOp, ExprPool, Scalar, VarId};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The events and output of a run between two snapshots, linked to the segment before: the
/// snapshots of one path (and of the paths resumed from them) share their common prefix
/// instead of each copying it.
#[derive(Debug)]
pub struct LogSegment {
    events: Vec<Event>,
    stdout: String,
    stderr: String,
    parent: Option<Arc<LogSegment>>,
    /// Events, stdout and stderr bytes up to the end of this segment.
    events_len: usize,
    stdout_end: usize,
    stderr_end: usize,
}

impl LogSegment {
    /// The segments from the first to this one.
    fn chain(self: &Arc<Self>) -> Vec<&LogSegment> {
        let mut out = Vec::new();
        let mut cur = Some(&**self);
        while let Some(s) = cur {
            out.push(s);
            cur = s.parent.as_deref();
        }
        out.reverse();
        out
    }
}

/// A frame of a snapshot's driver loop, linked to the frame below it: the snapshots of one
/// path share the frames that did not change between them (a deep recursion costs each
/// snapshot only its new frames).
#[derive(Debug)]
pub struct FrameNode {
    frame: Frame,
    below: Option<Arc<FrameNode>>,
}

impl Drop for FrameNode {
    /// Unlinks the chain below iteratively (a recursion 50,000 frames deep would overflow the
    /// stack if each node dropped the next).
    fn drop(&mut self) {
        let mut cur = self.below.take();
        while let Some(n) = cur {
            match Arc::try_unwrap(n) {
                Ok(mut node) => cur = node.below.take(),
                Err(_) => break,
            }
        }
    }
}

impl Drop for LogSegment {
    /// Unlinks the chain before iteratively, as [`FrameNode`] does.
    fn drop(&mut self) {
        let mut cur = self.parent.take();
        while let Some(n) = cur {
            match Arc::try_unwrap(n) {
                Ok(mut seg) => cur = seg.parent.take(),
                Err(_) => break,
            }
        }
    }
}

/// The frame chain with every shadow renamed; `memo` holds the renamed nodes by the address
/// of the original (shared between the snapshots of one run). Iterative: chains are deep.
fn remap_frames(
    top: Option<&Arc<FrameNode>>,
    val: &dyn Fn(&mut Value),
    memo: &mut FxHashMap<usize, Arc<FrameNode>>,
) -> Option<Arc<FrameNode>> {
    let mut todo = Vec::new();
    let mut cur = top;
    let mut base = None;
    while let Some(n) = cur {
        if let Some(done) = memo.get(&(Arc::as_ptr(n) as usize)) {
            base = Some(done.clone());
            break;
        }
        todo.push(n);
        cur = n.below.as_ref();
    }
    for n in todo.into_iter().rev() {
        let mut frame = n.frame.clone();
        frame.locals.iter_mut().for_each(val);
        frame.stack.iter_mut().for_each(val);
        let node = Arc::new(FrameNode { frame, below: base.take() });
        memo.insert(Arc::as_ptr(n) as usize, node.clone());
        base = Some(node);
    }
    base
}

/// The state of a run just before a branching instruction of the driver's execution loop.
/// Frames below the running one and the event and output prefix are shared with the run's
/// earlier snapshots.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The top frame, linked to the frames below it (shared with earlier snapshots).
    pub(crate) frames: Option<Arc<FrameNode>>,
    pub(crate) heap: Heap,
    /// The initialised classes' statics (class id, slots).
    pub(crate) statics: Vec<(u32, Arc<Vec<Value>>)>,
    pub(crate) tables: Arc<RunTables>,
    pub(crate) log: Arc<LogSegment>,
    pub(crate) steps: u64,
    pub(crate) clock: i64,
    pub(crate) last_uncaught: Option<u32>,
    /// Bounded inputs declared so far (variable, lower and upper bound): a resumed input must
    /// lie in them, as a replay would move it there (`PathRun::input_fix`).
    pub(crate) domains: Vec<(VarId, i64, i64)>,
    /// The state of the run's tracker at this point ([`super::shadow::Tracker::save`]), for a
    /// tracked run.
    pub(crate) tracker: Option<super::shadow::Saved>,
    bytes: usize,
}

impl Snapshot {
    /// The index of the branch event the snapshot's instruction produces (events before it).
    pub fn event(&self) -> usize {
        self.log.events_len
    }

    /// The conditions of the events before the snapshot, in order.
    pub fn conditions(&self) -> impl Iterator<Item = crate::symbolic::ExprId> + '_ {
        self.log.chain().into_iter().flat_map(|s| s.events.iter().map(|e| e.cond))
    }

    /// The condition of the last event before the snapshot (`None` before the first event),
    /// without walking the whole log.
    pub fn last_condition(&self) -> Option<crate::symbolic::ExprId> {
        let mut cur = Some(&*self.log);
        while let Some(s) = cur {
            if let Some(e) = s.events.last() {
                return Some(e.cond);
            }
            cur = s.parent.as_deref();
        }
        None
    }

    /// Instructions the run had executed before the snapshot (a resumed run skips them).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// An estimate of the memory the snapshot added (what it shares with the run's earlier
    /// snapshots is counted with them).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// A snapshot of an empty run whose events have the given conditions (for tests).
    #[cfg(test)]
    pub(crate) fn for_test(conds: &[crate::symbolic::ExprId], bytes: usize) -> Snapshot {
        let events: Vec<Event> = conds
            .iter()
            .map(|&cond| Event {
                method: 0,
                pc: 0,
                kind: super::EventKind::If,
                dir: 1,
                cond,
                alts: super::Alts::Negate,
            })
            .collect();
        Snapshot {
            frames: None,
            heap: Heap::default(),
            statics: vec![],
            tables: Arc::default(),
            log: Arc::new(LogSegment {
                events_len: events.len(),
                events,
                stdout: String::new(),
                stderr: String::new(),
                parent: None,
                stdout_end: 0,
                stderr_end: 0,
            }),
            steps: 0,
            clock: 0,
            last_uncaught: None,
            domains: vec![],
            tracker: None,
            bytes,
        }
    }

    /// Renames the snapshot's terms after the layer it was taken in was merged into another
    /// pool (a run made ahead on a worker's copy of the pool). `frames` and `logs` memoise the
    /// renamed copies of parts shared between the run's snapshots.
    pub(crate) fn remap(
        &mut self,
        r: &crate::symbolic::Remap,
        frames: &mut FxHashMap<usize, Arc<FrameNode>>,
        logs: &mut FxHashMap<usize, Arc<LogSegment>>,
    ) {
        let val = |v: &mut Value| {
            if let Some(s) = &mut v.s {
                *s = r.expr(*s);
            }
        };
        self.frames = remap_frames(self.frames.as_ref(), &val, frames);
        for (_, vs) in self.statics.iter_mut() {
            if vs.iter().any(|v| v.s.is_some()) {
                Arc::make_mut(vs).iter_mut().for_each(val);
            }
        }
        for (_, o) in self.heap.objects_mut() {
            if !has_shadow(o) {
                continue;
            }
            match &mut Arc::make_mut(o).body {
                Body::Fields(vs) => vs.iter_mut().for_each(val),
                Body::Array(a) => {
                    a.vals.iter_mut().for_each(val);
                    a.len_sym = a.len_sym.map(|e| r.expr(e));
                    a.term = a.term.map(|e| r.expr(e));
                }
            }
        }
        self.log = remap_log(&self.log, r, logs);
        for d in &mut self.domains {
            d.0 = r.var(d.0);
        }
    }
}

fn remap_log(seg: &Arc<LogSegment>, r: &crate::symbolic::Remap, memo: &mut FxHashMap<usize, Arc<LogSegment>>) -> Arc<LogSegment> {
    let mut todo = Vec::new();
    let mut cur = Some(seg);
    let mut base = None;
    while let Some(sg) = cur {
        if let Some(done) = memo.get(&(Arc::as_ptr(sg) as usize)) {
            base = Some(done.clone());
            break;
        }
        todo.push(sg);
        cur = sg.parent.as_ref();
    }
    for sg in todo.into_iter().rev() {
        let mut events = sg.events.clone();
        for e in &mut events {
            e.remap(r);
        }
        let new = Arc::new(LogSegment {
            events,
            stdout: sg.stdout.clone(),
            stderr: sg.stderr.clone(),
            parent: base.take(),
            events_len: sg.events_len,
            stdout_end: sg.stdout_end,
            stderr_end: sg.stderr_end,
        });
        memo.insert(Arc::as_ptr(sg) as usize, new.clone());
        base = Some(new);
    }
    base.unwrap_or_else(|| seg.clone())
}

/// How much of a tracker's state ([`super::shadow::Tracker::save_cost`]) the snapshots of a run
/// may copy per instruction the run executed (a tracked instruction costs about what copying a
/// few dozen units does); what a save does not spend stays available to later ones.
pub const SAVE_UNITS_PER_STEP: u64 = 64;

/// The default shortest prefix (in instructions) worth a snapshot
/// ([`super::VmConfig::snapshot_min_steps`]): on the bundled subjects, shorter prefixes saved
/// less than their snapshots cost (print_tokens' branches come after about 15 instructions).
pub const MIN_PREFIX_STEPS: u64 = 64;

/// Whether the instruction may produce a branch event from a symbolic operand on `stack`.
pub(crate) fn may_branch(op: &Op, stack: &[Value]) -> bool {
    let sym = |i: usize| stack.len() > i && stack[stack.len() - 1 - i].s.is_some();
    match op {
        Op::If(..) | Op::TableSwitch(..) | Op::LookupSwitch(..) => sym(0),
        Op::IfCmp(..) => sym(0) || sym(1),
        Op::Arith(BinOp::Div | BinOp::Rem) => sym(0),
        Op::ArrayLoad(_) => sym(0),
        Op::ArrayStore(_) => sym(1),
        _ => false,
    }
}

fn has_shadow(o: &Object) -> bool {
    match &o.body {
        Body::Fields(vs) => vs.iter().any(|v| v.s.is_some()),
        Body::Array(a) => a.term.is_some() || a.len_sym.is_some() || a.vals.iter().any(|v| v.s.is_some()),
    }
}

/// The concrete value of `x` as a value of the same kind as `old`; `None` when the kinds differ.
fn same_kind(old: Prim, x: Scalar) -> Option<Prim> {
    Some(match (old, x) {
        (Prim::Int(_), Scalar::I32(i)) => Prim::Int(i),
        (Prim::Int(_), Scalar::Bool(b)) => Prim::Int(b as i32),
        (Prim::Long(_), Scalar::I64(i)) => Prim::Long(i),
        (Prim::Float(_), Scalar::F32(f)) => Prim::Float(f),
        (Prim::Double(_), Scalar::F64(d)) => Prim::Double(d),
        _ => return None,
    })
}

/// Evaluates every value with a symbolic shadow again under `input` (the frames, the statics
/// and the heap, arrays with a symbolic term element by element). `false` when a value cannot
/// be evaluated (undefined term, a kind mismatch): the caller falls back to a replay.
pub(crate) fn reconcretize(
    pool: &ExprPool,
    input: &[Scalar],
    frames: &mut [Frame],
    statics: &mut [Option<Arc<Vec<Value>>>],
    heap: &mut Heap,
) -> bool {
    let full = crate::symbolic::eval::full_input(pool, input);
    let mut ev = Evaluator::new(pool, &full);
    fn fix(ev: &mut Evaluator<'_>, v: &mut Value) -> bool {
        let Some(s) = v.s else { return true };
        match ev.scalar(s).and_then(|x| same_kind(v.v, x)) {
            Some(p) => {
                v.v = p;
                true
            }
            None => false,
        }
    }
    for f in frames.iter_mut() {
        if !f.locals.iter_mut().chain(f.stack.iter_mut()).all(|v| fix(&mut ev, v)) {
            return false;
        }
    }
    for vs in statics.iter_mut().flatten() {
        if vs.iter().any(|v| v.s.is_some()) && !Arc::make_mut(vs).iter_mut().all(|v| fix(&mut ev, v)) {
            return false;
        }
    }
    for (_, o) in heap.objects_mut() {
        if !has_shadow(o) {
            continue;
        }
        let obj = Arc::make_mut(o);
        match &mut obj.body {
            Body::Fields(vs) => {
                if !vs.iter_mut().all(|v| fix(&mut ev, v)) {
                    return false;
                }
            }
            Body::Array(a) => {
                if a.len_sym.is_some() {
                    return false;
                }
                match a.term {
                    // Every element is what the array term says at its index.
                    Some(t) => {
                        let Some((dflt, cells)) = ev.array(t) else { return false };
                        for (j, v) in a.vals.iter_mut().enumerate() {
                            let x = cells.iter().rev().find(|(i, _)| *i == j as i32).map_or(dflt, |c| c.1);
                            match same_kind(v.v, x) {
                                Some(p) => v.v = p,
                                None => return false,
                            }
                        }
                    }
                    None => {
                        if !a.vals.iter_mut().all(|v| fix(&mut ev, v)) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

impl<T: super::shadow::Tracker> Machine<'_, T> {
    /// Whether this instruction is a point to take a snapshot at.
    #[inline]
    pub(crate) fn snapshot_point(&self, op: &Op, frames: &[Frame]) -> bool {
        self.capture
            && !self.tainted
            && self.in_driver
            && self.nesting == 1
            && self.events.len() >= self.snap_from
            && self.steps >= self.cfg.snapshot_min_steps
            && frames.last().is_some_and(|f| may_branch(op, &f.stack))
    }

    /// The run's state now (before the instruction at the top frame's pc). Frames below the
    /// running one that did not change since the run's previous snapshot, and the events and
    /// output before it, are shared with that snapshot.
    pub(crate) fn snapshot(&mut self, frames: &[Frame]) -> Option<Snapshot> {
        // A tracked run's snapshot carries its tracker's state; a tracker that has none to
        // give here means no snapshot.
        // Saving copies the tracker's state, which grows with the run: the saves of a run cost
        // at most `SAVE_UNITS_PER_STEP` units per instruction it ran (what earlier saves did not
        // spend carries over), so that saving stays linear in the run's length (a deep
        // recursion branches every few instructions).
        let tracker = if self.tracker.active() {
            let available = self
                .save_credit
                .saturating_add(SAVE_UNITS_PER_STEP.saturating_mul(self.steps.saturating_sub(self.saved_at)));
            let cost = self.tracker.save_cost() as u64;
            if cost > available {
                return None;
            }
            let t = self.tracker.save()?;
            self.saved_at = self.steps;
            self.save_credit = available - cost;
            Some(t)
        } else {
            None
        };
        let mut bytes = std::mem::size_of::<Snapshot>() + self.heap.unshared_bytes() + tracker.as_ref().map_or(0, |t| t.bytes);
        let keep = self.frames_low.min(self.snap_frames.len()).min(frames.len().saturating_sub(1));
        self.snap_frames.truncate(keep);
        for f in &frames[keep..] {
            bytes += 64 + (f.locals.len() + f.stack.len()) * std::mem::size_of::<Value>();
            let below = self.snap_frames.last().cloned();
            self.snap_frames.push(Arc::new(FrameNode { frame: f.clone(), below }));
        }
        self.frames_low = frames.len().saturating_sub(1);
        let statics: Vec<(u32, Arc<Vec<Value>>)> = self
            .statics
            .iter()
            .enumerate()
            .filter_map(|(c, s)| s.as_ref().map(|s| (c as u32, s.clone())))
            .collect();
        for (_, vs) in &statics {
            bytes += 16;
            if Arc::strong_count(vs) == 2 {
                bytes += vs.len() * std::mem::size_of::<Value>();
            }
        }
        let (from_e, from_o, from_r) = match &self.snap_log {
            Some(l) => (l.events_len, l.stdout_end, l.stderr_end),
            None => (0, 0, 0),
        };
        let log = match &self.snap_log {
            // Nothing new since the previous snapshot: share its segment.
            Some(l) if from_e == self.events.len() && from_o == self.stdout.len() && from_r == self.stderr.len() => l.clone(),
            _ => {
                let seg = LogSegment {
                    events: self.events[from_e..].to_vec(),
                    stdout: self.stdout[from_o..].to_string(),
                    stderr: self.stderr[from_r..].to_string(),
                    parent: self.snap_log.clone(),
                    events_len: self.events.len(),
                    stdout_end: self.stdout.len(),
                    stderr_end: self.stderr.len(),
                };
                bytes += 64 + seg.events.len() * std::mem::size_of::<Event>() + seg.stdout.len() + seg.stderr.len();
                let seg = Arc::new(seg);
                self.snap_log = Some(seg.clone());
                seg
            }
        };
        Some(Snapshot {
            frames: self.snap_frames.last().cloned(),
            heap: self.heap.clone(),
            statics,
            tables: self.tables.clone(),
            log,
            steps: self.steps,
            clock: self.clock,
            last_uncaught: self.last_uncaught,
            domains: self.domains.clone(),
            tracker,
            bytes,
        })
    }

    /// Marks the run as holding input-dependent data without a shadow: no snapshots from here.
    #[inline]
    pub(crate) fn taint(&mut self) {
        self.tainted = true;
    }

    /// Marks the run tainted when a native is about to read symbolic data: an argument with a
    /// shadow, or a symbolic value in an object an argument refers to (one level further for
    /// the fields of such objects, e.g. a `String`'s characters). `System.arraycopy` with
    /// concrete positions and `Object.clone` copy shadows along and keep the run clean, and the
    /// `jsymex.Symbolic` inputs record their domains.
    pub(crate) fn taint_native(&mut self, key: &str, args: &[Value]) {
        if !self.capture || self.tainted || key.starts_with("jsymex/Symbolic.") || key == "java/lang/Object.clone()Ljava/lang/Object;" {
            return;
        }
        if key == "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V" {
            if args.iter().any(|a| a.s.is_some()) {
                self.taint();
            }
            return;
        }
        let touches = args
            .iter()
            .any(|a| a.s.is_some() || matches!(a.v, Prim::Ref(r) if r != 0 && self.reaches_shadow(r, 2)));
        if touches {
            self.taint();
        }
    }

    fn reaches_shadow(&self, r: u32, depth: u32) -> bool {
        let Some(o) = self.heap.get(r) else { return false };
        if has_shadow(o) {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let vals = match &o.body {
            Body::Fields(vs) => vs,
            Body::Array(a) => &a.vals,
        };
        vals.iter()
            .any(|v| matches!(v.v, Prim::Ref(q) if q != 0 && q != r && self.reaches_shadow(q, depth - 1)))
    }

    /// Restores `snap` as this run's state under `input` (after [`Machine::reset`]); `None` when
    /// the snapshot cannot serve this input (an input outside a declared domain, a value that
    /// does not evaluate), and the caller replays from the entry instead.
    pub(crate) fn restore(&mut self, snap: &Snapshot, input: &[Scalar]) -> Option<Vec<Frame>> {
        for &(v, lo, hi) in &snap.domains {
            let x = match input.get(v as usize) {
                Some(Scalar::I32(x)) => *x as i64,
                _ => 0,
            };
            if !(lo..=hi).contains(&x) {
                return None;
            }
        }
        let mut frames: Vec<Frame> = self.take_frames();
        let mut cur = snap.frames.as_deref();
        while let Some(n) = cur {
            frames.push(n.frame.clone());
            cur = n.below.as_deref();
        }
        frames.reverse();
        self.heap = snap.heap.clone();
        self.statics.clear();
        for (c, vs) in &snap.statics {
            let c = *c as usize;
            if self.statics.len() <= c {
                self.statics.resize(c + 1, None);
            }
            self.statics[c] = Some(vs.clone());
        }
        if !reconcretize(self.pool, input, &mut frames, &mut self.statics, &mut self.heap) {
            return None;
        }
        self.tables = snap.tables.clone();
        self.events.clear();
        self.stdout.clear();
        self.stderr.clear();
        for seg in snap.log.chain() {
            self.events.extend_from_slice(&seg.events);
            self.stdout.push_str(&seg.stdout);
            self.stderr.push_str(&seg.stderr);
        }
        self.steps = snap.steps;
        self.clock = snap.clock;
        self.last_uncaught = snap.last_uncaught;
        self.domains = snap.domains.clone();
        // Later snapshots of this run share the log; the frames were evaluated again, so the
        // first of them copies its frames.
        self.snap_log = Some(snap.log.clone());
        // The saves' allowance counts the prefix the snapshot stands for, as a replay would
        // (restoring the tracker already copied a state of that size).
        self.saved_at = 0;
        self.save_credit = 0;
        self.snap_frames.clear();
        self.frames_low = 0;
        Some(frames)
    }
}
