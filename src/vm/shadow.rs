//! The tracker seam: how a strategy observes a run and may stop it. The interpreter calls a
//! [`Tracker`] at the start and end of a run, before and after every instruction (with the
//! locations the instruction addresses, see [`Access`]), at every branch event as it is recorded,
//! at every frame push and pop, allocation, throw and handler entry, and whenever it moves a value
//! outside instruction semantics (natives, string concatenation, lambdas). A tracker keeps its
//! own shadow state in side tables (dependence sets, read/write sets, a location-level trace)
//! and finishes a run into an owned result that the explorer hands back to the strategy that
//! asked for the tracker. The VM knows no strategy: strategies depend on this module, never the
//! other way round.
//!
//! [`NoTracker`] is the tracker of `spf`: the interpreter is generic over the tracker type and
//! guards every hook and every location computation with [`Tracker::active`], which is a constant
//! `false` for it, so nothing of this module runs or is even compiled into its loop.

use super::location::{Access, Loc, Site, Src};
use super::{Entry, Event, Outcome, Value};
use crate::bytecode::{Method, Op};
use crate::program::ClassId;
use crate::symbolic::{ExprPool, Scalar};
use std::any::Any;

/// Whether a run goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on.
    Continue,
    /// End the path here with [`Outcome::Cut`] and this reason (events recorded so far stay).
    Cut(String),
}

/// Where control goes after an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// To the next instruction.
    Fall,
    /// To this instruction index (taken or not-taken branch, switch arm, `goto`).
    Jump(u32),
    /// Into this method (a frame push follows, or a `StackOverflowError` is thrown at the
    /// instruction when the stack is full).
    Call(u32),
    /// Into this class initialiser (a frame push follows; the instruction runs again after it).
    Clinit(u32),
    /// Out of the method (a frame pop follows).
    Return,
    /// This exception object was thrown (handler search follows).
    Throw(u32),
}

/// An instruction about to run.
pub struct Step<'a> {
    /// The method.
    pub method: &'a Method,
    /// The instruction.
    pub op: &'a Op,
    /// What it addresses.
    pub at: &'a Access,
    /// The frame's operand stack.
    pub stack: &'a [Value],
    /// The frame's locals.
    pub locals: &'a [Value],
    /// The rest of the state (this frame, statics, the heap).
    pub view: &'a dyn StateView,
}

/// An instruction that has run (and its callees, if it ran nested calls such as a lambda).
pub struct Done<'a> {
    /// The method.
    pub method: &'a Method,
    /// The instruction.
    pub op: &'a Op,
    /// What it addressed, as computed before it ran.
    pub at: &'a Access,
    /// Where control goes.
    pub next: Next,
    /// The frame's operand stack now: entries from [`Access::first_consumed`] on were produced
    /// (or left in place) by the instruction.
    pub stack: &'a [Value],
    /// The frame's locals now.
    pub locals: &'a [Value],
    /// Every event of the run so far; those from [`Access::events`] on were recorded during the
    /// instruction.
    pub events: &'a [Event],
    /// The rest of the state (this frame, statics, the heap).
    pub view: &'a dyn StateView,
}

impl Done<'_> {
    /// The heap or static location the instruction addressed, once its member reference has
    /// resolved: `Field` for `getfield`/`putfield`, `Elem` for array loads and stores, `Static`
    /// for `getstatic`/`putstatic`, `Length` for `arraylength`. Check [`Done::next`] for whether
    /// the access completed.
    pub fn heap(&self) -> Option<Loc> {
        self.at.heap_loc(self.op)
    }
}

/// The run's state as a tracker may read it at a [`Point`]: the frames of the running
/// interpreter loop (by depth, as [`Loc`] numbers them), statics and array lengths. Frames of
/// enclosing loops (a native calling back into Java) are not visible: their reads are `None`.
pub trait StateView {
    /// A local of the frame at `frame` depth.
    fn local(&self, frame: u32, slot: u16) -> Option<Value>;
    /// An operand-stack entry of the frame at `frame` depth.
    fn stack(&self, frame: u32, index: u32) -> Option<Value>;
    /// A static field's value (`None` before its class has statics).
    fn static_value(&self, class: ClassId, slot: u32) -> Option<Value>;
    /// The length of an array (with its symbolic length, if any).
    fn array_len(&self, arr: u32) -> Option<Value>;
    /// An instance field of an object, by slot.
    fn field(&self, obj: u32, slot: u32) -> Option<Value>;
    /// An array element (`None` out of bounds, or once a symbolic index made the array a
    /// solver term: its elements are then not plain values).
    fn elem(&self, arr: u32, index: i32) -> Option<Value>;
    /// The runtime class of an object.
    fn class_of(&self, obj: u32) -> Option<ClassId>;
    /// The solver term an array's contents became once a symbolic index touched it (`None`
    /// before that, and for anything but an array); its elements then read as `None`.
    fn array_term(&self, _arr: u32) -> Option<crate::symbolic::ExprId> {
        None
    }
}

/// A conditional instruction (`if*`, `if_icmp*`, `if_acmp*`, `ifnull`, `ifnonnull`, a switch)
/// about to run, symbolic or concrete, as [`Tracker::at_point`] sees it: the pool is lent so
/// that the tracker can build conditions over the run's inputs.
pub struct Point<'a> {
    /// The run's expression pool.
    pub pool: &'a mut ExprPool,
    /// The method.
    pub method: &'a Method,
    /// The instruction index.
    pub pc: u32,
    /// The instruction.
    pub op: &'a Op,
    /// Depth of the executing frame.
    pub frame: u32,
    /// The frame's operand stack (the branch's operands on top).
    pub stack: &'a [Value],
    /// Every event of the run so far (the branch's own event, if it makes one, comes next).
    pub events: &'a [Event],
    /// The run's input.
    pub input: &'a [Scalar],
    /// The rest of the state.
    pub view: &'a dyn StateView,
}

/// True for the instructions [`Tracker::at_point`] is called at.
pub fn is_conditional(op: &Op) -> bool {
    matches!(
        op,
        Op::If(..) | Op::IfCmp(..) | Op::IfRefEq(..) | Op::IfNull(..) | Op::TableSwitch(..) | Op::LookupSwitch(..)
    )
}

/// Why a frame is pushed.
#[derive(Clone, Copy, Debug)]
pub enum CallKind<'a> {
    /// By the invoke instruction that just ran ([`Next::Call`]); its arguments are the entries
    /// it consumed.
    Invoke,
    /// A class initialiser, by the instruction that just ran ([`Next::Clinit`]).
    Clinit,
    /// By the VM itself (the driver, initialisers run before it, natives, lambdas, string
    /// conversion); one source per argument, an empty slice when all are fresh.
    Vm(&'a [Src]),
}

/// A frame being pushed.
pub struct FramePush<'a> {
    /// The new frame's depth.
    pub frame: u32,
    /// The method it runs.
    pub method: &'a Method,
    /// Its arguments, in order (the receiver first); a long or double takes two local slots.
    pub args: &'a [Value],
    /// Why.
    pub kind: CallKind<'a>,
}

/// How a frame ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PopKind {
    /// It returned to its caller frame, whose invoke instruction is at `caller`; the value (if
    /// any) is pushed on the caller's operand stack.
    Return {
        /// The caller's invoke instruction.
        caller: Site,
    },
    /// A class initialiser returned to the frame that triggered it (no value; that frame runs
    /// its instruction again).
    ClinitDone,
    /// It returned to the VM (an internal call: the driver, a native's callback); the value is
    /// what [`Src::Returned`] names until the next such return.
    ToVm,
    /// An exception passed through it without a handler.
    Unwind,
}

/// A frame being popped.
pub struct FramePop<'a> {
    /// The popped frame's depth.
    pub frame: u32,
    /// The method it ran.
    pub method: &'a Method,
    /// The value returned, if any.
    pub value: Option<&'a Value>,
    /// How it ended.
    pub kind: PopKind,
}

/// A strategy's observer of one run. Every hook has a no-op default. A tracker must be `Send`
/// (runs may go to worker threads) and finishes into an owned, `Send` result.
pub trait Tracker: Send {
    /// Whether the VM calls this tracker at all. It is a property of the type (a constant), so
    /// for [`NoTracker`] the interpreter's tracking code is compiled away.
    #[inline(always)]
    fn active(&self) -> bool {
        true
    }
    /// A run starts (the VM's state is fresh).
    fn run_start(&mut self, _entry: &Entry) {}
    /// Whether the VM calls [`Tracker::at_point`] (a property of the tracker, asked per
    /// conditional instruction).
    fn wants_points(&self) -> bool {
        false
    }
    /// A conditional instruction is about to run (before [`Tracker::before`]); `Cut` ends the
    /// path before it.
    fn at_point(&mut self, _point: &mut Point<'_>) -> Verdict {
        Verdict::Continue
    }
    /// An instruction is about to run; `Cut` ends the path before it.
    fn before(&mut self, _step: &Step<'_>) -> Verdict {
        Verdict::Continue
    }
    /// An instruction has run; `Cut` ends the path after it.
    fn after(&mut self, _done: &Done<'_>) -> Verdict {
        Verdict::Continue
    }
    /// Branch event `index` was recorded; `Cut` ends the path with it as the last event.
    fn event(&mut self, _index: usize, _event: &Event) -> Verdict {
        Verdict::Continue
    }
    /// A frame is pushed.
    fn frame_push(&mut self, _push: &FramePush<'_>) {}
    /// A frame is popped.
    fn frame_pop(&mut self, _pop: &FramePop<'_>) {}
    /// Object `obj` was allocated by the instruction at `site` (its fields or elements hold
    /// defaults, or values reported by [`Tracker::copy`]).
    fn alloc(&mut self, _obj: u32, _site: Site) {}
    /// Object `copy` (just allocated) is a field-by-field clone of `of`.
    fn cloned(&mut self, _copy: u32, _of: u32) {}
    /// The statics of `class` were created with their default or constant values.
    fn statics_ready(&mut self, _class: ClassId, _slots: usize) {}
    /// The VM moved a value from `from` into `to` outside instruction semantics.
    fn copy(&mut self, _to: Loc, _from: Src) {}
    /// Exception `exc` was thrown at `at`.
    fn thrown(&mut self, _exc: u32, _at: Site) {}
    /// Exception `exc`, thrown at or through `at` (the frame at depth `frame`), is caught by the
    /// handler at instruction `handler`: the frame's operand stack now holds only `exc`.
    fn caught(&mut self, _exc: u32, _frame: u32, _at: Site, _handler: u32) {}
    /// The VM replaced exception `cause` by `wrapper`, which carries it on (a class initialiser
    /// that threw becomes an ExceptionInInitializerError): whatever decided that `cause` was
    /// thrown also decided that `wrapper` is.
    fn wrapped(&mut self, _wrapper: u32, _cause: u32) {}
    /// The run ended.
    fn run_end(&mut self, _outcome: &Outcome, _events: &[Event]) {}
    /// The run's result for the strategy that asked for this tracker.
    fn finish(&mut self) -> Box<dyn Any + Send> {
        Box::new(())
    }
    /// Whether the tracker can save its state at a snapshot point ([`Tracker::save`]): runs it
    /// observes then take snapshots as untracked runs do, and tasks resume from them with the
    /// state restored. A property of the tracker (asked once per run). Default false.
    fn saves(&self) -> bool {
        false
    }
    /// What [`Tracker::save`] would copy now, in units of about one heap block or eight words,
    /// computed in constant time: the VM skips a snapshot whose save would cost more than the
    /// instructions run since the last save (see `vm::snapshot::SAVE_UNITS_PER_STEP`).
    fn save_cost(&self) -> usize {
        0
    }
    /// The tracker's state now, between two instructions of the driver's own loop, for a
    /// snapshot (`None`: no snapshot here).
    fn save(&mut self) -> Option<Saved> {
        None
    }
    /// Takes on a state [`Tracker::save`] gave, instead of starting a run: the run resumes
    /// from that point. False when the state is not one this tracker saved; the run then
    /// replays from the entry with a fresh tracker.
    fn restore(&mut self, _state: &Saved) -> bool {
        false
    }
}

/// A tracker's state saved with a snapshot ([`Tracker::save`]), shared by the tasks that
/// resume from it.
#[derive(Clone)]
pub struct Saved {
    /// The state, of the tracker's own type.
    pub state: std::sync::Arc<dyn Any + Send + Sync>,
    /// An estimate of the memory it holds, bytes (counted against the snapshot budget).
    pub bytes: usize,
}

impl std::fmt::Debug for Saved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Saved({} bytes)", self.bytes)
    }
}

/// The tracker that does nothing and costs nothing (`spf`).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTracker;

impl Tracker for NoTracker {
    #[inline(always)]
    fn active(&self) -> bool {
        false
    }
}

/// Implements [`Tracker`] for a pointer to a tracker by forwarding every hook. The pointer is
/// always active, so `active` costs no virtual call.
macro_rules! forward_tracker {
    ($($lt:lifetime)?; $ty:ty) => {
        impl<$($lt)?> Tracker for $ty {
            #[inline(always)]
            fn active(&self) -> bool {
                true
            }
            fn run_start(&mut self, entry: &Entry) {
                (**self).run_start(entry)
            }
            fn wants_points(&self) -> bool {
                (**self).wants_points()
            }
            fn at_point(&mut self, point: &mut Point<'_>) -> Verdict {
                (**self).at_point(point)
            }
            fn before(&mut self, step: &Step<'_>) -> Verdict {
                (**self).before(step)
            }
            fn after(&mut self, done: &Done<'_>) -> Verdict {
                (**self).after(done)
            }
            fn event(&mut self, index: usize, event: &Event) -> Verdict {
                (**self).event(index, event)
            }
            fn frame_push(&mut self, push: &FramePush<'_>) {
                (**self).frame_push(push)
            }
            fn frame_pop(&mut self, pop: &FramePop<'_>) {
                (**self).frame_pop(pop)
            }
            fn alloc(&mut self, obj: u32, site: Site) {
                (**self).alloc(obj, site)
            }
            fn cloned(&mut self, copy: u32, of: u32) {
                (**self).cloned(copy, of)
            }
            fn statics_ready(&mut self, class: ClassId, slots: usize) {
                (**self).statics_ready(class, slots)
            }
            fn copy(&mut self, to: Loc, from: Src) {
                (**self).copy(to, from)
            }
            fn thrown(&mut self, exc: u32, at: Site) {
                (**self).thrown(exc, at)
            }
            fn caught(&mut self, exc: u32, frame: u32, at: Site, handler: u32) {
                (**self).caught(exc, frame, at, handler)
            }
            fn wrapped(&mut self, wrapper: u32, cause: u32) {
                (**self).wrapped(wrapper, cause)
            }
            fn run_end(&mut self, outcome: &Outcome, events: &[Event]) {
                (**self).run_end(outcome, events)
            }
            fn finish(&mut self) -> Box<dyn Any + Send> {
                (**self).finish()
            }
            fn saves(&self) -> bool {
                (**self).saves()
            }
            fn save_cost(&self) -> usize {
                (**self).save_cost()
            }
            fn save(&mut self) -> Option<Saved> {
                (**self).save()
            }
            fn restore(&mut self, state: &Saved) -> bool {
                (**self).restore(state)
            }
        }
    };
}

/// A tracker chosen at run time (what a pruner hands out).
pub type BoxedTracker = Box<dyn Tracker + Send>;

forward_tracker!(; Box<dyn Tracker + Send>);

/// The trackers some strategies asked for, borrowed for one run (pruners that asked for none
/// are skipped).
pub fn borrow_all(trackers: &mut [Option<BoxedTracker>]) -> Vec<&mut (dyn Tracker + Send + '_)> {
    fn one(t: &mut BoxedTracker) -> &mut (dyn Tracker + Send + '_) {
        &mut **t
    }
    trackers.iter_mut().flatten().map(one).collect()
}
forward_tracker!('a; &'a mut (dyn Tracker + Send + 'a));

/// Several trackers observing one run, called in order; in hooks that can stop the run the
/// first `Cut` wins (later trackers still see that hook, so their state stays consistent).
/// `finish` returns the parts' results as a `Vec<Box<dyn Any + Send>>`.
pub struct Fanout<T>(pub Vec<T>);

impl<T: Tracker> Fanout<T> {
    fn first_cut(&mut self, mut f: impl FnMut(&mut T) -> Verdict) -> Verdict {
        let mut out = Verdict::Continue;
        for t in &mut self.0 {
            let v = f(t);
            if out == Verdict::Continue {
                out = v;
            }
        }
        out
    }
}

impl<T: Tracker> Tracker for Fanout<T> {
    fn active(&self) -> bool {
        true
    }
    fn run_start(&mut self, entry: &Entry) {
        self.0.iter_mut().for_each(|t| t.run_start(entry))
    }
    fn wants_points(&self) -> bool {
        self.0.iter().any(|t| t.wants_points())
    }
    fn at_point(&mut self, point: &mut Point<'_>) -> Verdict {
        self.first_cut(|t| if t.wants_points() { t.at_point(point) } else { Verdict::Continue })
    }
    fn before(&mut self, step: &Step<'_>) -> Verdict {
        self.first_cut(|t| t.before(step))
    }
    fn after(&mut self, done: &Done<'_>) -> Verdict {
        self.first_cut(|t| t.after(done))
    }
    fn event(&mut self, index: usize, event: &Event) -> Verdict {
        self.first_cut(|t| t.event(index, event))
    }
    fn frame_push(&mut self, push: &FramePush<'_>) {
        self.0.iter_mut().for_each(|t| t.frame_push(push))
    }
    fn frame_pop(&mut self, pop: &FramePop<'_>) {
        self.0.iter_mut().for_each(|t| t.frame_pop(pop))
    }
    fn alloc(&mut self, obj: u32, site: Site) {
        self.0.iter_mut().for_each(|t| t.alloc(obj, site))
    }
    fn cloned(&mut self, copy: u32, of: u32) {
        self.0.iter_mut().for_each(|t| t.cloned(copy, of))
    }
    fn statics_ready(&mut self, class: ClassId, slots: usize) {
        self.0.iter_mut().for_each(|t| t.statics_ready(class, slots))
    }
    fn copy(&mut self, to: Loc, from: Src) {
        self.0.iter_mut().for_each(|t| t.copy(to, from))
    }
    fn thrown(&mut self, exc: u32, at: Site) {
        self.0.iter_mut().for_each(|t| t.thrown(exc, at))
    }
    fn caught(&mut self, exc: u32, frame: u32, at: Site, handler: u32) {
        self.0.iter_mut().for_each(|t| t.caught(exc, frame, at, handler))
    }
    fn wrapped(&mut self, wrapper: u32, cause: u32) {
        self.0.iter_mut().for_each(|t| t.wrapped(wrapper, cause))
    }
    fn run_end(&mut self, outcome: &Outcome, events: &[Event]) {
        self.0.iter_mut().for_each(|t| t.run_end(outcome, events))
    }
    fn finish(&mut self) -> Box<dyn Any + Send> {
        let parts: Vec<Box<dyn Any + Send>> = self.0.iter_mut().map(|t| t.finish()).collect();
        Box::new(parts)
    }
    fn saves(&self) -> bool {
        self.0.iter().all(|t| t.saves())
    }
    fn save_cost(&self) -> usize {
        self.0.iter().map(|t| t.save_cost()).sum()
    }
    /// Every part's state, or none.
    fn save(&mut self) -> Option<Saved> {
        let parts: Option<Vec<Saved>> = self.0.iter_mut().map(|t| t.save()).collect();
        let parts = parts?;
        let bytes = parts.iter().map(|p| p.bytes).sum();
        Some(Saved {
            state: std::sync::Arc::new(parts),
            bytes,
        })
    }
    /// Restores every part in order. When a part refuses its state the parts before it are
    /// already restored: the caller replays with fresh trackers then (the explorer does).
    fn restore(&mut self, state: &Saved) -> bool {
        let Some(parts) = state.state.downcast_ref::<Vec<Saved>>() else {
            return false;
        };
        if parts.len() != self.0.len() {
            return false;
        }
        self.0.iter_mut().zip(parts).all(|(t, p)| t.restore(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cuts at the event with index `at` and counts the events it saw.
    struct CutAt(usize, usize);

    impl Tracker for CutAt {
        fn event(&mut self, index: usize, _e: &Event) -> Verdict {
            self.1 += 1;
            if index == self.0 {
                Verdict::Cut(format!("at {index}"))
            } else {
                Verdict::Continue
            }
        }
        fn finish(&mut self) -> Box<dyn Any + Send> {
            Box::new(self.1)
        }
    }

    fn event() -> Event {
        let mut pool = crate::symbolic::ExprPool::new();
        Event {
            method: 0,
            pc: 0,
            kind: crate::vm::EventKind::If,
            dir: 0,
            cond: pool.bool(true),
            alts: crate::vm::Alts::Negate,
        }
    }

    #[test]
    fn a_fanout_reports_the_first_cut_and_calls_every_part() {
        let mut f = Fanout(vec![CutAt(2, 0), CutAt(1, 0), CutAt(1, 0)]);
        let e = event();
        assert_eq!(f.event(0, &e), Verdict::Continue);
        assert_eq!(f.event(1, &e), Verdict::Cut("at 1".into()));
        assert!(f.0.iter().all(|t| t.1 == 2), "every part saw every event");
        let done = f.finish();
        let parts = done.downcast_ref::<Vec<Box<dyn Any + Send>>>().expect("one result per part");
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0].downcast_ref::<usize>(), Some(&2));
    }

    /// Counts events; saves its count when `saves`.
    struct Count(u32, bool);

    impl Tracker for Count {
        fn event(&mut self, _index: usize, _e: &Event) -> Verdict {
            self.0 += 1;
            Verdict::Continue
        }
        fn saves(&self) -> bool {
            self.1
        }
        fn save(&mut self) -> Option<Saved> {
            self.1.then(|| Saved {
                state: std::sync::Arc::new(self.0),
                bytes: 4,
            })
        }
        fn restore(&mut self, state: &Saved) -> bool {
            match state.state.downcast_ref::<u32>() {
                Some(n) => {
                    self.0 = *n;
                    true
                }
                None => false,
            }
        }
    }

    /// A fanout saves every part's state or none, and restores each part's own.
    #[test]
    fn a_fanout_saves_and_restores_every_part() {
        let e = event();
        let mut f = Fanout(vec![Count(0, true), Count(10, true)]);
        assert!(f.saves());
        f.event(0, &e);
        let saved = f.save().expect("every part saves");
        assert_eq!(saved.bytes, 8);
        f.event(1, &e);
        let mut g = Fanout(vec![Count(0, true), Count(0, true)]);
        assert!(g.restore(&saved));
        assert_eq!((g.0[0].0, g.0[1].0), (1, 11));
        // A state of another shape is refused.
        assert!(!Fanout(vec![Count(0, true)]).restore(&saved));
        assert!(!g.0[0].restore(&saved), "a part does not take the fanout's state");
        let mut h = Fanout(vec![Count(0, true), Count(0, false)]);
        assert!(!h.saves());
        assert!(h.save().is_none(), "one part cannot save: no state");
    }

    #[test]
    fn the_no_op_tracker_is_inactive_and_pointers_are_active() {
        fn active<T: Tracker>(t: &T) -> bool {
            t.active()
        }
        assert!(!active(&NoTracker));
        let mut none = NoTracker;
        let r: &mut (dyn Tracker + Send) = &mut none;
        assert!(active(&r));
        let b: BoxedTracker = Box::new(NoTracker);
        assert!(active(&b));
        let mut some = vec![None, Some(b), None];
        assert_eq!(borrow_all(&mut some).len(), 1);
        let mut b = some.remove(1).expect("kept");
        assert!(b.finish().downcast_ref::<()>().is_some());
    }
}
