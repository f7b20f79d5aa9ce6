//! The interpreter's side of the tracker seam: what the instruction loop reports to the tracker
//! around each instruction and frame pop. Every function here runs only for an active tracker
//! (the loop checks [`Tracker::active`] first), so an untracked machine compiles none of it in.

use super::interp::{Flow, Frame, Halt, R};
use super::location::{Access, Site};
use super::shadow::{Done, FramePop, Next, Point, PopKind, StateView, Step, Tracker, Verdict};
use super::value::{Body, Heap};
use super::{Machine, Outcome, Value};
use crate::bytecode::{Method, Op};
use crate::program::ClassId;

/// The state a tracker reads at a point: the running loop's frames (the last at depth `top`).
struct View<'v> {
    frames: &'v [Frame],
    top: u32,
    heap: &'v Heap,
    statics: &'v [Option<std::sync::Arc<Vec<Value>>>],
}

impl View<'_> {
    fn frame(&self, depth: u32) -> Option<&Frame> {
        let back = self.top.checked_sub(depth)? as usize;
        let i = self.frames.len().checked_sub(1 + back)?;
        self.frames.get(i)
    }
}

impl StateView for View<'_> {
    fn local(&self, frame: u32, slot: u16) -> Option<Value> {
        self.frame(frame)?.locals.get(slot as usize).copied()
    }
    fn stack(&self, frame: u32, index: u32) -> Option<Value> {
        self.frame(frame)?.stack.get(index as usize).copied()
    }
    fn static_value(&self, class: ClassId, slot: u32) -> Option<Value> {
        self.statics.get(class as usize)?.as_ref()?.get(slot as usize).copied()
    }
    fn array_len(&self, arr: u32) -> Option<Value> {
        match &self.heap.get(arr)?.body {
            Body::Array(a) => Some(Value {
                v: super::value::Prim::Int(a.vals.len() as i32),
                s: a.len_sym,
            }),
            Body::Fields(_) => None,
        }
    }
    fn field(&self, obj: u32, slot: u32) -> Option<Value> {
        match &self.heap.get(obj)?.body {
            Body::Fields(f) => f.get(slot as usize).copied(),
            Body::Array(_) => None,
        }
    }
    fn class_of(&self, obj: u32) -> Option<ClassId> {
        Some(self.heap.get(obj)?.class)
    }
    fn elem(&self, arr: u32, index: i32) -> Option<Value> {
        match &self.heap.get(arr)?.body {
            Body::Array(a) if a.term.is_none() => a.vals.get(usize::try_from(index).ok()?).copied(),
            _ => None,
        }
    }
    fn array_term(&self, arr: u32) -> Option<crate::symbolic::ExprId> {
        match &self.heap.get(arr)?.body {
            Body::Array(a) => a.term,
            Body::Fields(_) => None,
        }
    }
}

impl<T: Tracker> Machine<'_, T> {
    /// What instruction `op` of frame `f` addresses (it becomes the allocation site too).
    #[inline(always)]
    pub(crate) fn access(&mut self, m: &Method, f: &Frame, op: &Op) -> Access {
        self.site = Site { method: m.id, pc: f.pc };
        Access::of(op, self.depth.saturating_sub(1), self.site, &f.stack, self.events.len())
    }

    /// Before conditional instruction `op` of the top frame of `frames` runs (trackers that
    /// want points).
    pub(crate) fn track_point(&mut self, m: &Method, frames: &[Frame], op: &Op) -> R<()> {
        let Some(f) = frames.last() else { return Ok(()) };
        let top = self.depth.saturating_sub(1);
        let view = View {
            frames,
            top,
            heap: &self.heap,
            statics: &self.statics,
        };
        let mut point = Point {
            pool: &mut *self.pool,
            method: m,
            pc: f.pc,
            op,
            frame: top,
            stack: &f.stack,
            events: &self.events,
            input: &self.input,
            view: &view,
        };
        match self.tracker.at_point(&mut point) {
            Verdict::Continue => Ok(()),
            Verdict::Cut(why) => Err(Halt::End(Outcome::Cut(why))),
        }
    }

    /// Before instruction `op` of frame `f` runs.
    #[inline(always)]
    pub(crate) fn track_before(&mut self, m: &Method, f: &Frame, op: &Op, at: &Access) -> R<()> {
        let view = View {
            frames: std::slice::from_ref(f),
            top: self.depth.saturating_sub(1),
            heap: &self.heap,
            statics: &self.statics,
        };
        let step = Step {
            method: m,
            op,
            at,
            stack: &f.stack,
            locals: &f.locals,
            view: &view,
        };
        match self.tracker.before(&step) {
            Verdict::Continue => Ok(()),
            Verdict::Cut(why) => Err(Halt::End(Outcome::Cut(why))),
        }
    }

    /// After instruction `op` of frame `f` ran and chose `flow`.
    #[inline(always)]
    pub(crate) fn track_after(&mut self, m: &Method, f: &Frame, op: &Op, at: &Access, flow: &Flow) -> R<()> {
        let next = match flow {
            Flow::Next => Next::Fall,
            Flow::Jump(t) => Next::Jump(*t),
            Flow::Call(mid, _) => Next::Call(*mid),
            Flow::Clinit(mid) => Next::Clinit(*mid),
            Flow::Return(_) => Next::Return,
            Flow::Throw(r) => Next::Throw(*r),
        };
        let view = View {
            frames: std::slice::from_ref(f),
            top: self.depth.saturating_sub(1),
            heap: &self.heap,
            statics: &self.statics,
        };
        let done = Done {
            method: m,
            op,
            at,
            next,
            stack: &f.stack,
            locals: &f.locals,
            events: &self.events,
            view: &view,
        };
        match self.tracker.after(&done) {
            Verdict::Continue => Ok(()),
            Verdict::Cut(why) => Err(Halt::End(Outcome::Cut(why))),
        }
    }

    /// Frame `done` returned `value`; `frames` are the frames left of this `execute`, which
    /// returns to the VM when they are `base` or fewer.
    #[inline(always)]
    pub(crate) fn track_return(&mut self, frames: &[Frame], base: usize, done: &Frame, value: Option<&Value>) {
        self.depth -= 1;
        let kind = match frames.last() {
            Some(c) if frames.len() > base && !done.clinit => PopKind::Return {
                caller: Site { method: c.m.id, pc: c.pc },
            },
            Some(_) if frames.len() > base => PopKind::ClinitDone,
            _ => PopKind::ToVm,
        };
        self.tracker.frame_pop(&FramePop {
            frame: self.depth,
            method: &done.m,
            value,
            kind,
        });
    }

    /// Frame `done` was popped by an exception passing through it.
    #[inline(always)]
    pub(crate) fn track_unwound(&mut self, done: &Frame) {
        self.depth -= 1;
        self.tracker.frame_pop(&FramePop {
            frame: self.depth,
            method: &done.m,
            value: None,
            kind: PopKind::Unwind,
        });
    }
}
