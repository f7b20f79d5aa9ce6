//! The interpreter's side of the tracker seam: what the instruction loop reports to the tracker
//! around each instruction and frame pop. Every function here runs only for an active tracker
//! (the loop checks [`Tracker::active`] first), so an untracked machine compiles none of it in.

use super::interp::{Flow, Frame, Halt, R};
use super::location::{Access, Site};
use super::shadow::{Done, FramePop, Next, PopKind, Step, Tracker, Verdict};
use super::{Machine, Outcome, Value};
use crate::bytecode::{Method, Op};

impl<T: Tracker> Machine<'_, T> {
    /// What instruction `op` of frame `f` addresses (it becomes the allocation site too).
    #[inline(always)]
    pub(crate) fn access(&mut self, m: &Method, f: &Frame, op: &Op) -> Access {
        self.site = Site { method: m.id, pc: f.pc };
        Access::of(op, self.depth.saturating_sub(1), self.site, &f.stack, self.events.len())
    }

    /// Before instruction `op` of frame `f` runs.
    #[inline(always)]
    pub(crate) fn track_before(&mut self, m: &Method, f: &Frame, op: &Op, at: &Access) -> R<()> {
        let step = Step {
            method: m,
            op,
            at,
            stack: &f.stack,
            locals: &f.locals,
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
        let done = Done {
            method: m,
            op,
            at,
            next,
            stack: &f.stack,
            locals: &f.locals,
            events: &self.events,
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
