//! DGSE's tracker: dynamic relevant slices over one run (ARCHITECTURE.md, "Dynamic relevant
//! slices"). Every location (operand-stack entry, local, static, field, array element) has a
//! shadow: the id of the set of branch events its value transitively depends on (data). Each
//! instruction adds its control context, the latest instances of the branch directions it is
//! statically control, potentially or interactively dependent on plus the context of the call
//! that entered its method. The tracker keeps the shadows in side tables (a `u32` per stack
//! entry and local of each frame, per field or element of each object, per static), so the VM's
//! values carry nothing. From these it gives each branch event the relevant set of the direction
//! taken and of every other direction (DGSE Definition 5); the pruner reads them from the
//! finished [`DgseTrace`].
//!
//! Before an instruction runs, the shadows of the operand-stack entries it consumes are joined
//! (`cur_in`) and its context computed (`cur_ctx`); afterwards every value it produced gets both,
//! a heap write also depends on the instruction's own events (a null or bounds check it passed),
//! and values it only moved (`dup`, `swap`) keep their shadows.

use super::arena::DepArena;
use super::slices::{DgseRun, FrameDeps, Took};
use super::tables::DgseTables;
use crate::bytecode::{ArrKind, Op};
use crate::vm::location::{HeapOperand, Loc, Src, is_move};
use crate::vm::shadow::{CallKind, Done, FramePop, FramePush, Next, PopKind, Saved, Step, Tracker, Verdict};
use crate::vm::{Alts, EventKind, Site};
use std::any::Any;
use std::sync::Arc;

/// The relevant sets of one branch event (ids into [`DgseTrace::sets`]).
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct EventDeps {
    /// The set of the direction taken.
    pub taken: u32,
    /// The set of each other direction: (arm, set).
    pub alts: Vec<(u32, u32)>,
}

/// What a DGSE run leaves for the pruner: the relevant sets of its events.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct DgseTrace {
    /// Every dependence set of the run, by id (0 is the empty set).
    pub sets: Vec<Arc<[u32]>>,
    /// Per event index; events the run never completed (a limit or cut in their instruction)
    /// have empty sets.
    pub events: Vec<EventDeps>,
}

impl DgseTrace {
    /// The relevant set (event indices, sorted) of direction `arm` of event `event` when `arm`
    /// is not the direction taken (empty when unknown).
    pub fn alt_set(&self, event: usize, arm: u32) -> &[u32] {
        let id = self
            .events
            .get(event)
            .and_then(|e| e.alts.iter().find(|(a, _)| *a == arm))
            .map_or(0, |x| x.1);
        self.set(id)
    }

    /// The relevant set of the direction event `event` took.
    pub fn taken_set(&self, event: usize) -> &[u32] {
        self.set(self.events.get(event).map_or(0, |e| e.taken))
    }

    /// A set by id (empty for an unknown id).
    pub fn set(&self, id: u32) -> &[u32] {
        self.sets.get(id as usize).map_or(&[], |s| s)
    }
}

/// The shadows of one frame.
#[derive(Default, Clone)]
struct FrameShadow {
    stack: Vec<u32>,
    locals: Vec<u32>,
    dx: FrameDeps,
}

/// The shadows of one object: its fields or elements, and for an array the dependences of the
/// symbolic-index writes folded into its symbolic term.
#[derive(Default, Clone)]
struct ObjShadow {
    slots: Vec<u32>,
    term: u32,
    /// An array's length: what the count it was allocated with depended on (and, for an
    /// array a native filled from others, their lengths).
    len: u32,
}

/// The shadow memory of a run: side tables keyed like the VM's own state.
#[derive(Default)]
struct Shadows {
    frames: Vec<FrameShadow>,
    /// Popped frames kept for reuse (no allocation per call once warm).
    spare: Vec<FrameShadow>,
    /// By object reference; `None` for an object with no shadow yet (all empty). Shared with
    /// the states saved at snapshots and copied on write: a save copies a pointer per object,
    /// not its slots.
    objects: Vec<Option<Arc<ObjShadow>>>,
    /// By class id: `Some` once the class's statics exist (shared with saved states and
    /// copied on write, as the objects).
    statics: Vec<Option<Arc<Vec<u32>>>>,
}

impl Shadows {
    fn get(&self, loc: Loc) -> u32 {
        let at = |v: &[u32], i: usize| v.get(i).copied().unwrap_or(0);
        match loc {
            Loc::Local { frame, slot } => self.frames.get(frame as usize).map_or(0, |f| at(&f.locals, slot as usize)),
            Loc::Stack { frame, index } => self.frames.get(frame as usize).map_or(0, |f| at(&f.stack, index as usize)),
            Loc::Static { class, slot } => self
                .statics
                .get(class as usize)
                .and_then(|s| s.as_ref())
                .map_or(0, |s| at(s, slot as usize)),
            Loc::Field { obj, slot } => self.object(obj).map_or(0, |o| at(&o.slots, slot as usize)),
            Loc::Elem { arr, index } => match usize::try_from(index) {
                Ok(i) => self.object(arr).map_or(0, |o| at(&o.slots, i)),
                Err(_) => 0,
            },
            Loc::Length { arr } => self.object(arr).map_or(0, |o| o.len),
        }
    }

    /// The shadow of object `obj`, if it has one.
    fn object(&self, obj: u32) -> Option<&ObjShadow> {
        self.objects.get(obj as usize)?.as_deref()
    }

    /// The shadow of object `obj` to write, made on first use (copied first when a saved
    /// state shares it).
    fn obj(&mut self, obj: u32) -> &mut ObjShadow {
        let o = obj as usize;
        if self.objects.len() <= o {
            self.objects.resize(o + 1, None);
        }
        Arc::make_mut(self.objects[o].get_or_insert_with(Default::default))
    }

    fn slot(&mut self, obj: u32, i: usize) -> &mut u32 {
        let slots = &mut self.obj(obj).slots;
        if slots.len() <= i {
            slots.resize(i + 1, 0);
        }
        &mut slots[i]
    }

    fn term(&mut self, obj: u32) -> &mut u32 {
        &mut self.obj(obj).term
    }

    /// The static's shadow cell, when the class's statics exist.
    fn static_cell(&mut self, class: u32, slot: u32) -> Option<&mut u32> {
        Arc::make_mut(self.statics.get_mut(class as usize)?.as_mut()?).get_mut(slot as usize)
    }

    fn set(&mut self, loc: Loc, v: u32) {
        match loc {
            Loc::Local { frame, slot } => {
                if let Some(f) = self.frames.get_mut(frame as usize) {
                    set_at(&mut f.locals, slot as usize, v);
                }
            }
            Loc::Stack { frame, index } => {
                if let Some(f) = self.frames.get_mut(frame as usize) {
                    set_at(&mut f.stack, index as usize, v);
                }
            }
            Loc::Static { class, slot } => {
                if let Some(c) = self.static_cell(class, slot) {
                    *c = v;
                }
            }
            Loc::Field { obj, slot } => *self.slot(obj, slot as usize) = v,
            Loc::Elem { arr, index } => {
                if let Ok(i) = usize::try_from(index) {
                    *self.slot(arr, i) = v;
                }
            }
            Loc::Length { arr } => self.obj(arr).len = v,
        }
    }
}

/// At most this many frame shadows wait in a thread's pool for the next run.
const POOLED_FRAMES: usize = 32;

thread_local! {
    /// Frame shadows of finished runs (and of dropped saved states) on this thread: a run
    /// resumed from a saved state starts with no spare frames, and a frame made fresh grows
    /// its maps from nothing on every call (a rehash per doubling).
    static FRAME_POOL: std::cell::RefCell<Vec<FrameShadow>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Shadows {
    /// A recycled frame shadow (from this tracker's own, then from the thread's pool), or a
    /// new one; its contents are stale until reset.
    fn recycled_frame(&mut self) -> FrameShadow {
        if let Some(f) = self.spare.pop() {
            return f;
        }
        FRAME_POOL.try_with(|p| p.borrow_mut().pop()).ok().flatten().unwrap_or_default()
    }
}

impl Drop for Shadows {
    /// The frame shadows go to the thread's pool (up to [`POOLED_FRAMES`]).
    fn drop(&mut self) {
        let (spare, frames) = (std::mem::take(&mut self.spare), std::mem::take(&mut self.frames));
        let _ = FRAME_POOL.try_with(|p| {
            if let Ok(mut p) = p.try_borrow_mut() {
                for f in spare.into_iter().chain(frames) {
                    if p.len() >= POOLED_FRAMES {
                        break;
                    }
                    p.push(f);
                }
            }
        });
    }
}

impl Clone for Shadows {
    /// The state only: the recycled frames stay behind.
    fn clone(&self) -> Self {
        Shadows {
            frames: self.frames.clone(),
            spare: Vec::new(),
            objects: self.objects.clone(),
            statics: self.statics.clone(),
        }
    }
}

impl Shadows {
    /// An estimate of the memory the shadows hold, bytes.
    fn bytes(&self) -> usize {
        let frames: usize = self
            .frames
            .iter()
            .map(|f| 64 + 4 * (f.stack.len() + f.locals.len()) + 12 * (f.dx.last_dir.len() + f.dx.last_instr.len()))
            .sum();
        let objects: usize = self.objects.iter().flatten().map(|o| 36 + 4 * o.slots.len()).sum();
        let statics: usize = self.statics.iter().flatten().map(|s| 24 + 4 * s.len()).sum();
        frames + objects + statics
    }
}

fn set_at(v: &mut Vec<u32>, i: usize, x: u32) {
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] = x;
}

/// The DGSE tracker of one run. A clone is its state at one point (what a snapshot saves).
#[derive(Clone)]
pub struct DgseTracker {
    run: DgseRun,
    mem: Shadows,
    events: Vec<EventDeps>,
    /// The instance (operands, context and own events) of the last instruction that completed:
    /// the context of a frame it pushes, the shadow of a value it returns.
    last_instance: u32,
    /// The shadow of the value the last call into the VM returned.
    returned: u32,
    /// The context (control, potential and interactive sources, no operands) of the last
    /// instruction that completed: for a return, what decided that the callee returned.
    last_ctx: u32,
    /// What the frame of the call the last invoke made depends on: the invoke's context and
    /// own events, and for a virtual or interface call with several possible targets the
    /// receiver (it chose the callee).
    /// The arguments' data reaches the callee through its parameters' shadows only.
    call_base: u32,
    /// The interactive sources of the directions (normal, exceptional) of the call the last
    /// invoke made: what the other directions of the callee's branches depend on.
    call_extra: u32,
    /// The shadows of the arguments the last invoke consumed.
    args: Vec<u32>,
    /// A shadow the VM gave the result of the running instruction (frame, index, set).
    stack_carry: Option<(u32, u32, u32)>,
    /// Indices of the run's lazy-initialization events, ascending.
    lazy_events: Vec<u32>,
    /// Per event index: its relevant sets are computed.
    processed: Vec<bool>,
    /// The operand and context sets of instructions whose Java calls into the VM are running,
    /// with the depth of their frame: restored when the call returns.
    saved: Vec<(usize, u32, u32)>,
}

impl DgseTracker {
    /// A tracker for one run over the given tables.
    pub fn new(tables: Arc<DgseTables>) -> Self {
        DgseTracker {
            run: DgseRun::new(tables),
            mem: Shadows::default(),
            events: Vec::new(),
            last_instance: 0,
            returned: 0,
            last_ctx: 0,
            call_base: 0,
            call_extra: 0,
            args: Vec::new(),
            stack_carry: None,
            lazy_events: Vec::new(),
            processed: Vec::new(),
            saved: Vec::new(),
        }
    }

    fn resolve(&self, src: Src) -> u32 {
        match src {
            Src::Loc(l) => self.mem.get(l),
            Src::Returned => self.returned,
            Src::Fresh => 0,
        }
    }

    /// The relevant sets of the events recorded during the instruction (`first..` of `done`);
    /// an element choice's (a switch event of an array load) also holds `choice_extra`.
    fn event_sets(&mut self, done: &Done<'_>, all: u32, choice_extra: u32) -> u32 {
        if done.at.events as usize >= done.events.len() {
            return 0;
        }
        let (mid, pc) = (done.at.site.method, done.at.site.pc);
        let check = is_check(done.op);
        let Some(top) = self.mem.frames.last() else { return 0 };
        let run = &mut self.run;
        let mut event_ids = 0;
        for (i, e) in done.events.iter().enumerate().skip(done.at.events as usize) {
            // Events of Java code the VM ran for this instruction (a native's callback, a
            // lazily built collection's model) got their sets from their own instructions.
            if self.processed.get(i).copied().unwrap_or(false) {
                continue;
            }
            if self.processed.len() <= i {
                self.processed.resize(i + 1, false);
            }
            self.processed[i] = true;
            let alts: Vec<u32> = match &e.alts {
                Alts::Negate => vec![1 - e.dir.min(1)],
                Alts::Switch { cases, default, .. } => {
                    let n = if *default { cases.len() + 1 } else { cases.len() };
                    (0..n as u32).filter(|a| *a != e.dir).collect()
                }
                Alts::None => vec![],
            };
            let all = if e.kind == EventKind::Switch && choice_extra != 0 {
                run.arena.union(all, choice_extra)
            } else {
                all
            };
            // An event the instruction makes after another (an array store's element choice
            // after its bounds check) happens only because the earlier one went as it did.
            let all = run.arena.union(all, event_ids);
            let taken_extra = run.dir_extra(mid, pc, e.dir, &top.dx, check);
            // A branch inside a callee that decides whether the call throws is interactive-
            // dependent on what interacts with the call's directions (Algorithm 3 carries
            // ⟨x, call⟩ on to the call's sources): both directions keep it, the one taken too,
            // so that what depends on the direction taken keeps it by transitivity.
            let taken_extra = run.arena.union(taken_extra, top.dx.alt_base);
            let taken = run.arena.union(all, taken_extra);
            let mut alt_deps = Vec::with_capacity(alts.len());
            for a in alts {
                let x = run.dir_extra(mid, pc, a, &top.dx, false);
                let x = run.arena.union(x, top.dx.alt_base);
                alt_deps.push((a, run.arena.union(all, x)));
            }
            if self.events.len() <= i {
                self.events.resize_with(i + 1, EventDeps::default);
            }
            self.events[i] = EventDeps { taken, alts: alt_deps };
            event_ids = run.arena.with(event_ids, i as u32);
        }
        event_ids
    }
}

/// A check at `pc` of method `mid` whose direction the events of set `decided_by` decided
/// through its operands (a reference a lazy choice made, an index a branch chose, a call's
/// receiver) takes its other direction `alt` when one of those events goes the other way: that
/// event's other directions then depend on what interacts with `alt`, as a branch at the check
/// would (the events before it: a later one is negated on the paths the event's task makes).
/// Without this, a task flipping an earlier branch that the check's other direction meets
/// (through `r` in `if (fl ^ x > 1) r ^= 4; a[i] = 1; ... return r`) kept nothing of the
/// event, its path threw at the check again, and the event's task there was dropped as
/// independent of the flip (DgseCheckDecider in `tests/dgse_found.rs`).
fn carry_to_deciders(run: &mut DgseRun, events: &mut [EventDeps], dx: &FrameDeps, (mid, pc, alt): (u32, u32, u32), decided_by: u32) {
    let x = run.dir_extra(mid, pc, alt, dx, false);
    if x == 0 {
        return;
    }
    let deciders = run.arena.get(decided_by).clone();
    for j in deciders.iter() {
        let Some(ev) = events.get_mut(*j as usize) else { continue };
        let earlier = run.arena.below(x, *j);
        if earlier == 0 {
            continue;
        }
        for a in ev.alts.iter_mut() {
            a.1 = run.arena.union(a.1, earlier);
        }
    }
}

/// The direction an instruction took, when it branches (an implicit check: 1 = it threw).
pub fn direction(op: &Op, next: Next, pc: u32) -> Option<u32> {
    match (op, next) {
        (Op::If(..) | Op::IfCmp(..) | Op::IfRefEq(..) | Op::IfNull(..), Next::Jump(t)) => Some((t != pc + 1) as u32),
        (Op::TableSwitch(_, ts, _), Next::Jump(t)) => Some(ts.iter().position(|x| *x == t).unwrap_or(ts.len()) as u32),
        (Op::LookupSwitch(ps, _), Next::Jump(t)) => Some(ps.iter().position(|p| p.1 == t).unwrap_or(ps.len()) as u32),
        (o, Next::Throw(_)) if crate::analysis::cfg::may_throw(o) => Some(1),
        (o, _) if crate::analysis::cfg::may_throw(o) => Some(0),
        _ => None,
    }
}

/// Whether a branching instruction is an implicit check (or a call's exception edge), not a
/// conditional or a switch.
fn is_check(op: &Op) -> bool {
    !matches!(
        op,
        Op::If(..) | Op::IfCmp(..) | Op::IfRefEq(..) | Op::IfNull(..) | Op::TableSwitch(..) | Op::LookupSwitch(..)
    )
}

/// Whether an `xastore` narrows the value it stores (byte, char, short and boolean arrays): the
/// element then holds a new value, not the one consumed.
fn narrows(op: &Op) -> bool {
    matches!(
        op,
        Op::ArrayStore(ArrKind::Byte | ArrKind::Char | ArrKind::Short | ArrKind::Boolean)
    )
}

impl Tracker for DgseTracker {
    fn before(&mut self, step: &Step<'_>) -> Verdict {
        let at = step.at;
        let Some(f) = self.mem.frames.last_mut() else {
            return Verdict::Continue;
        };
        let len = at.stack_len as usize;
        if f.stack.len() != len {
            f.stack.resize(len, 0);
        }
        let arena = &mut self.run.arena;
        let mut inp = 0;
        for d in &f.stack[len - at.pops as usize..] {
            inp = arena.union(inp, *d);
        }
        if let Some(n) = at.local_read {
            inp = arena.union(inp, f.locals.get(n as usize).copied().unwrap_or(0));
        }
        self.run.cur_in = inp;
        self.run.cur_ctx = self.run.context(at.site.method, at.site.pc, &f.dx);
        Verdict::Continue
    }

    fn after(&mut self, done: &Done<'_>) -> Verdict {
        let (at, op) = (done.at, done.op);
        let (mid, pc) = (at.site.method, at.site.pc);
        let carry = self.stack_carry.take();
        let threw = matches!(done.next, Next::Throw(_));
        let all = self.run.arena.union(self.run.cur_in, self.run.cur_ctx);
        let heap = match op {
            Op::GetField(_) | Op::PutField(_) | Op::GetStatic(_) | Op::PutStatic(_) | Op::ArrayLoad(_) | Op::ArrayStore(_) => done.heap(),
            _ => None,
        };
        // What a heap read pushes besides `all`: the shadow of the field or static read.
        let read = match (op, heap, at.heap) {
            (Op::GetField(_) | Op::GetStatic(_), Some(l), _) if !threw => self.mem.get(l),
            (Op::ArrayLength, _, Some(HeapOperand::Length { arr })) if !threw => self.mem.get(Loc::Length { arr }),
            _ => 0,
        };
        // A new array's length depends on what its count did (an array of arrays: the outer one).
        if !threw
            && matches!(op, Op::NewArray(_) | Op::ANewArray(_) | Op::MultiANewArray(..))
            && let Some(r) = done.stack.last()
        {
            self.mem.set(Loc::Length { arr: r.as_ref() }, all);
        }
        let (old_len, from, new_len) = (at.stack_len as usize, at.first_consumed() as usize, done.stack.len());
        let Some(f) = self.mem.frames.last_mut() else {
            return Verdict::Continue;
        };
        if f.stack.len() != old_len {
            f.stack.resize(old_len, 0);
        }
        let stored = f.stack.last().copied().unwrap_or(0);
        // The receiver of an instance call (its null check decides whether the call throws).
        let receiver = match op {
            Op::Invoke(crate::bytecode::InvokeKind::Static, _) => 0,
            Op::Invoke(..) => f.stack.get(from).copied().unwrap_or(0),
            _ => 0,
        };
        if matches!(done.next, Next::Call(_)) {
            self.args.clear();
            self.args.extend_from_slice(&f.stack[from..]);
        }
        let arena = &mut self.run.arena;
        if let Some(sh) = at.shuffle {
            let base = old_len - sh.consumed as usize;
            let mut moved = [0u32; 4];
            moved[..sh.consumed as usize].copy_from_slice(&f.stack[base..]);
            f.stack.truncate(base);
            f.stack.extend(sh.pushed().iter().map(|i| moved[*i as usize]));
        } else if !is_move(op) {
            f.stack.truncate(from);
            for p in from..new_len {
                let mut d = all;
                if let Some((fr, i, s)) = carry
                    && fr == at.frame
                    && i as usize == p
                {
                    d = arena.union(d, s);
                }
                if p + 1 == new_len && read != 0 {
                    d = arena.union(d, read);
                }
                f.stack.push(d);
            }
            if let Some((n, wide)) = at.local_write {
                set_at(&mut f.locals, n as usize, all);
                if wide {
                    set_at(&mut f.locals, n as usize + 1, 0);
                }
                if self
                    .run
                    .tables
                    .method(mid)
                    .is_some_and(|m| m.kill_local.get(n as usize) == Some(&true))
                {
                    f.dx.killed(n);
                }
            }
        }
        if f.stack.len() != new_len {
            f.stack.resize(new_len, 0);
        }
        // Heap writes. A write happens only when the instruction's own checks (null, bounds)
        // passed: what it wrote also depends on those events, and at a symbolic index the
        // bounds event constrains which element it wrote.
        let mut own_events = 0;
        for i in at.events as usize..done.events.len() {
            own_events = arena.with(own_events, i as u32);
        }
        let written = arena.union(all, own_events);
        // What an element choice made by this instruction also depends on (below).
        let mut choice_extra = 0;
        match (op, heap, at.heap) {
            (Op::PutField(_), Some(Loc::Field { obj, slot }), _) if !threw => *self.mem.slot(obj, slot as usize) = written,
            (Op::ArrayStore(_), Some(Loc::Elem { arr, index }), Some(HeapOperand::Elem { sym, .. })) if !threw => {
                if sym.is_some() {
                    let t = self.mem.term(arr);
                    *t = arena.union(*t, written);
                    *self.mem.slot(arr, index as usize) = if narrows(op) { 0 } else { stored };
                } else {
                    *self.mem.slot(arr, index as usize) = written;
                }
            }
            (Op::PutStatic(_), Some(Loc::Static { class, slot }), _) => {
                let completed = matches!(done.next, Next::Fall);
                if let Some(c) = self.mem.static_cell(class, slot) {
                    *c = if completed { written } else { arena.union(*c, written) };
                }
            }
            (Op::ArrayLoad(_), Some(Loc::Elem { arr, index }), Some(HeapOperand::Elem { sym, .. })) if !threw => {
                // The element read carries what its writes depended on; a read at a symbolic
                // index may read any element, and reads through a symbolic array term also
                // depend on its symbolic writes.
                let td = match self.mem.object(arr) {
                    Some(o) => {
                        let mut td = o.term;
                        if sym.is_some() {
                            for d in &o.slots {
                                td = arena.union(td, *d);
                            }
                        } else if let Some(d) = usize::try_from(index).ok().and_then(|i| o.slots.get(i)) {
                            td = arena.union(td, *d);
                        }
                        td
                    }
                    None => 0,
                };
                if td != 0
                    && new_len > from
                    && let Some(top) = self.mem.frames.last_mut().and_then(|f| f.stack.last_mut())
                {
                    *top = arena.union(*top, td);
                }
                // A reference load at a symbolic index chooses an element (an event whose
                // directions are the elements): which object each choice gives depends on the
                // writes of the elements, and on the branches whose other sides would have
                // written them.
                if sym.is_some() {
                    choice_extra = td;
                    if let Some((l, crate::analysis::heap::Access::Read)) = self.run.heap_access(mid, pc) {
                        let pot = self.run.heap_pot.get(l as usize).copied().unwrap_or(0);
                        choice_extra = self.run.arena.union(choice_extra, pot);
                    }
                }
            }
            _ => {}
        }
        // Events created by this instruction: their relevant sets.
        // The choices a lazy initialization offers (aliases of earlier symbolic objects, fresh
        // objects within `--max-objects`) depend on every earlier choice.
        let mut all = all;
        if !self.lazy_events.is_empty() && done.events[at.events as usize..].iter().any(|e| e.kind == EventKind::Lazy) {
            for e in self.lazy_events.iter().take_while(|e| **e < at.events) {
                all = self.run.arena.with(all, *e);
            }
        }
        let event_ids = self.event_sets(done, all, choice_extra);
        // A lazy initialization (`vm::lazy`) chose the reference this instruction pushed: the
        // value, and the parameter local or field it was written back to, depend on the choice.
        if event_ids != 0 && done.events[at.events as usize..].iter().any(|e| e.kind == EventKind::Lazy) {
            let arena = &mut self.run.arena;
            if let Some(f) = self.mem.frames.last_mut() {
                if new_len > from
                    && let Some(top) = f.stack.last_mut()
                {
                    *top = arena.union(*top, event_ids);
                }
                if let Op::Load(n) = op {
                    let old = f.locals.get(*n as usize).copied().unwrap_or(0);
                    set_at(&mut f.locals, *n as usize, arena.union(old, event_ids));
                }
            }
            if let (Op::GetField(_), Some(l @ Loc::Field { .. })) = (op, heap) {
                let old = self.mem.get(l);
                self.mem.set(l, arena.union(old, event_ids));
            }
        }
        let Some(f) = self.mem.frames.last_mut() else {
            return Verdict::Continue;
        };
        let run = &mut self.run;
        // Heap locations across invocations (reads, writes of abstract locations), after the
        // events' relevant sets: those see `Heap(L)` as earlier writes left it.
        if !threw {
            let pushed = if new_len > from { f.stack.last_mut() } else { None };
            run.heap_effect(mid, pc, written, pushed);
        }
        let mut instance = run.arena.union(all, event_ids);
        // A callee's branch is interactive-dependent on what interacts with the directions of
        // the calls that entered it (it may decide whether they throw): what depends on its
        // instance depends on those too.
        if event_ids != 0 && f.dx.alt_base != 0 {
            instance = run.arena.union(instance, f.dx.alt_base);
        }
        if run.is_src_instr(mid, pc) {
            f.dx.set_instr(pc, instance);
        }
        // The direction this instruction took, when it branches.
        let dir = direction(op, done.next, pc);
        // An implicit check that completed normally without an event (concrete operand) whose
        // operands depend on no event could not have gone the other way on any input that
        // reaches it: it adds no control dependence. Operands that depend on events could
        // differ on another input though they are concrete here: an index chosen by a branch
        // (`i = x == 2 ? 0 : 10; a[i]`, B1), a reference a lazy initialization chose (`vm::lazy`,
        // which could have been null), a flag an assumption tests.
        let how = match is_check(op) {
            false => Took::Branch,
            true if dir == Some(0) && event_ids == 0 && run.cur_in == 0 => Took::QuietCheck,
            true => Took::Check,
        };
        // A check whose direction earlier events decided (see `carry_to_deciders`); a call's
        // null check is decided by its receiver only.
        let decided_by = match op {
            Op::Invoke(..) => receiver,
            Op::InvokeDynamic(..) | Op::Athrow => 0,
            _ => run.cur_in,
        };
        if let Some(d) = dir
            && how == Took::Check
            && event_ids == 0
            && decided_by != 0
        {
            carry_to_deciders(run, &mut self.events, &f.dx, (mid, pc, 1 - d.min(1)), decided_by);
        }
        if let Some(d) = dir {
            run.took(&mut f.dx, mid, pc, d, instance, how);
        }
        // What the frame of the call this instruction makes (if any) starts from.
        (self.call_base, self.call_extra) = match done.next {
            Next::Call(_) => {
                // The invoke's context and own events, and the receiver when it chooses among
                // several targets; the arguments' data reaches the callee through its parameters.
                let own = run.arena.union(run.cur_ctx, event_ids);
                let dispatch = run.tables.method(mid).is_none_or(|m| m.dispatch.get(pc as usize) == Some(&true));
                let chooser = match op {
                    Op::Invoke(crate::bytecode::InvokeKind::Virtual | crate::bytecode::InvokeKind::Interface, _) if dispatch => receiver,
                    _ => 0,
                };
                // A call that may throw is a branch of the caller whose direction the callee's
                // own branches decide: a task that negates one of them changes whether the call
                // throws, so it keeps what interacts with either direction of the call (in
                // `CatchCall`, what the handler's write meets after the `try`).
                let extra = match dir {
                    Some(_) => {
                        let normal = run.dir_extra(mid, pc, 0, &f.dx, false);
                        let exc = run.dir_extra(mid, pc, 1, &f.dx, false);
                        run.arena.union(normal, exc)
                    }
                    None => 0,
                };
                (run.arena.union(own, chooser), extra)
            }
            _ => (0, 0),
        };
        if let Next::Throw(r) = done.next {
            run.exc.insert(r, instance);
        }
        self.last_instance = instance;
        self.last_ctx = run.cur_ctx;
        Verdict::Continue
    }

    fn event(&mut self, index: usize, e: &crate::vm::Event) -> Verdict {
        if e.kind == EventKind::Lazy {
            self.lazy_events.push(index as u32);
        }
        Verdict::Continue
    }

    fn frame_push(&mut self, push: &FramePush<'_>) {
        if let CallKind::Vm(_) = push.kind {
            self.saved.push((self.mem.frames.len(), self.run.cur_in, self.run.cur_ctx));
        }
        let mut f = self.mem.recycled_frame();
        f.stack.clear();
        f.locals.clear();
        f.dx.reset();
        let call_extra = std::mem::take(&mut self.call_extra);
        if let (CallKind::Invoke, Some(caller)) = (push.kind, self.mem.frames.last()) {
            f.dx.alt_base = self.run.arena.union(caller.dx.alt_base, call_extra);
        }
        f.dx.base = match push.kind {
            CallKind::Invoke => std::mem::take(&mut self.call_base),
            CallKind::Clinit => self.last_instance,
            // The VM builds a lazily chosen collection through its model's methods: what they
            // do depends on the choices made so far.
            CallKind::Vm(_) => {
                let mut base = 0;
                for e in &self.lazy_events {
                    base = self.run.arena.with(base, *e);
                }
                base
            }
        };
        for (i, a) in push.args.iter().enumerate() {
            let d = match push.kind {
                CallKind::Invoke => self.args.get(i).copied().unwrap_or(0),
                CallKind::Clinit => 0,
                CallKind::Vm(srcs) => srcs.get(i).map_or(0, |s| self.resolve(*s)),
            };
            f.locals.push(d);
            if a.is_wide() {
                f.locals.push(0);
            }
        }
        self.mem.frames.push(f);
    }

    fn frame_pop(&mut self, pop: &FramePop<'_>) {
        if let Some(f) = self.mem.frames.pop() {
            self.mem.spare.push(f);
        }
        if let Some(&(depth, cur_in, cur_ctx)) = self.saved.last()
            && depth == self.mem.frames.len()
        {
            self.saved.pop();
            (self.run.cur_in, self.run.cur_ctx) = (cur_in, cur_ctx);
        }
        let ret = if pop.value.is_some() { self.last_instance } else { 0 };
        match pop.kind {
            PopKind::Return { caller } => {
                let Some(c) = self.mem.frames.last_mut() else { return };
                if pop.value.is_some() {
                    c.stack.push(ret);
                }
                // The call node stands for its callee (see `DgseRun::returned`).
                self.run
                    .returned(&mut c.dx, caller.method, caller.pc, self.last_instance, self.last_ctx);
            }
            PopKind::ToVm => self.returned = ret,
            PopKind::ClinitDone | PopKind::Unwind => {}
        }
    }

    fn cloned(&mut self, copy: u32, of: u32) {
        if let Some(o) = self.mem.objects.get(of as usize).cloned() {
            let c = copy as usize;
            if self.mem.objects.len() <= c {
                self.mem.objects.resize(c + 1, None);
            }
            self.mem.objects[c] = o;
        }
    }

    fn statics_ready(&mut self, class: u32, slots: usize) {
        let c = class as usize;
        if self.mem.statics.len() <= c {
            self.mem.statics.resize(c + 1, None);
        }
        self.mem.statics[c] = Some(Arc::new(vec![0; slots]));
    }

    fn copy(&mut self, to: Loc, from: Src) {
        let d = self.resolve(from);
        match to {
            Loc::Stack { frame, index } => self.stack_carry = Some((frame, index, d)),
            // A native that fills an array from another one (a string built from others'
            // characters) copies as many elements as the source has: the length of the array
            // it filled also depends on the source's length.
            Loc::Elem { arr, .. } => {
                self.mem.set(to, d);
                if let Src::Loc(Loc::Elem { arr: src, .. }) = from
                    && src != arr
                {
                    let l = self.mem.get(Loc::Length { arr: src });
                    if l != 0 {
                        let old = self.mem.get(Loc::Length { arr });
                        let u = self.run.arena.union(old, l);
                        self.mem.set(Loc::Length { arr }, u);
                    }
                }
            }
            _ => self.mem.set(to, d),
        }
    }

    fn caught(&mut self, exc: u32, frame: u32, at: Site, _handler: u32) {
        let e = self.run.exc.get(&exc).copied().unwrap_or(0);
        let Some(f) = self.mem.frames.get_mut(frame as usize) else { return };
        f.stack.clear();
        f.stack.push(e);
        let pc = at.pc;
        let arena = &mut self.run.arena;
        let old = f.dx.last_dir.get(&(pc, 1)).map_or(0, |x| x.0);
        let u = arena.union(old, e);
        f.dx.set_dir(pc, 1, u);
        let all = arena.union(f.dx.all, e);
        f.dx.set_all(all);
    }

    fn wrapped(&mut self, wrapper: u32, cause: u32) {
        if let Some(&e) = self.run.exc.get(&cause) {
            self.run.exc.insert(wrapper, e);
        }
    }

    fn saves(&self) -> bool {
        true
    }

    /// The arena's sets and memo entries, the events' sets, and the frames, objects and
    /// statics of the shadow memory.
    fn save_cost(&self) -> usize {
        self.run.arena.len() * 2 + self.events.len() + self.mem.frames.len() * 4 + self.mem.objects.len() + self.mem.statics.len()
    }

    /// The whole state (the tables are shared); behind a mutex, since the frames' context
    /// caches are not `Sync`.
    fn save(&mut self) -> Option<Saved> {
        let events: usize = self.events.iter().map(|e| 16 + 8 * e.alts.len()).sum();
        let bytes = self.run.arena.bytes() + self.mem.bytes() + events + self.processed.len() + 16 * self.run.exc.len();
        // The memoised unions stay behind: the saved state is copied again by every run that
        // resumes from it, and the unions a resumed run needs are few.
        let memo = self.run.arena.take_memo();
        let saved = self.clone();
        self.run.arena.put_memo(memo);
        Some(Saved {
            state: Arc::new(std::sync::Mutex::new(saved)),
            bytes,
        })
    }

    fn restore(&mut self, state: &Saved) -> bool {
        let Some(saved) = state.state.downcast_ref::<std::sync::Mutex<DgseTracker>>() else {
            return false;
        };
        let Ok(saved) = saved.lock() else { return false };
        if !Arc::ptr_eq(&saved.run.tables, &self.run.tables) {
            return false;
        }
        *self = saved.clone();
        true
    }

    fn finish(&mut self) -> Box<dyn Any + Send> {
        let arena = std::mem::replace(&mut self.run.arena, DepArena::new());
        Box::new(DgseTrace {
            sets: arena.into_sets(),
            events: std::mem::take(&mut self.events),
        })
    }
}
