//! Pruners: strategies that remove redundant work. A pruner narrows the exhaustive (SPF)
//! candidate tasks of each finished path, may observe runs through a VM tracker and stop them at
//! a program point, learns from complete paths and from infeasible tasks (with their unsat
//! cores when it asks for them), may retract queued work, and reports its own counters.
//! The explorer calls, per path, in this order: the trackers during the run, `select_tasks`,
//! `on_path_end`; per infeasible or undecided task, `on_task_result`. After either, it runs the
//! pruner's internal tasks ([`Pruner::internal_task`], e.g. greedy confirmation) until the
//! pruner asks for no more, reporting each through [`Pruner::on_internal`].

use crate::program::Program;
use crate::symbolic::ExprPool;
use crate::task::{PathRecord, Task};
use crate::vm::Outcome;

/// What a pruner asks of the engine; the engine pays only for what some pruner needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// Unsat cores of infeasible tasks, passed to [`Pruner::on_task_result`].
    pub unsat_cores: bool,
    /// After each path the explorer drops the queued tasks [`Pruner::keep_pending`] rejects.
    pub retracts: bool,
    /// Its tracker may cut runs ([`crate::vm::shadow::Verdict::Cut`]): the explorer then counts
    /// a cut run that stopped inside an explored path (a task whose run did not follow its
    /// prefix and went back into the tree) as a repeat, as it counts one that repeats a path.
    pub cuts: bool,
}

impl Needs {
    /// The union of two sets of needs.
    pub fn union(self, o: Needs) -> Needs {
        Needs {
            unsat_cores: self.unsat_cores || o.unsat_cores,
            retracts: self.retracts || o.retracts,
            cuts: self.cuts || o.cuts,
        }
    }
}

/// What the engine lends a pruner while it decides.
pub struct TaskCtx<'a> {
    /// The expression pool (pruners may build new conditions).
    pub pool: &'a mut ExprPool,
    /// The loaded program.
    pub prog: &'a Program,
    /// The task whose model produced the path (`None` for the first path): the parent's
    /// flipped fork, constraints and origin.
    pub parent: Option<&'a Task>,
}

/// How a path ended, as pruners need to tell it: only returned and thrown paths are complete;
/// the others teach nothing about the program's behaviour after their last event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathEnd {
    /// The driver returned.
    Returned,
    /// An exception escaped the driver.
    Threw,
    /// A pruner or tracker cut the path.
    Cut,
    /// A limit (steps, depth, heap) stopped the path.
    Limit,
    /// A failing `assume` dropped the path (not part of the input space).
    Assumed,
    /// The run repeated a path already explored.
    Duplicate,
}

impl PathEnd {
    /// The end of a path from its outcome (and whether it repeated an earlier path).
    pub fn of(outcome: &Outcome, duplicate: bool) -> PathEnd {
        match outcome {
            Outcome::Assumed => PathEnd::Assumed,
            _ if duplicate => PathEnd::Duplicate,
            Outcome::Return(_) => PathEnd::Returned,
            Outcome::Exception { .. } => PathEnd::Threw,
            Outcome::Cut(_) => PathEnd::Cut,
            Outcome::Limit(_) => PathEnd::Limit,
        }
    }

    /// True for paths that ran to the driver's end (returned or threw).
    pub fn is_complete(self) -> bool {
        matches!(self, PathEnd::Returned | PathEnd::Threw)
    }
}

/// An unsat core: which of an infeasible task's constraints conflict (the solver's
/// [`crate::solver::Core`]: prefix positions, and whether the negated condition is in it).
pub use crate::solver::Core as UnsatCore;

/// Makes the tracker a pruner would give for a task's run, on any thread (see
/// [`Pruner::tracker_maker`]).
pub type TrackerMaker = std::sync::Arc<dyn Fn(Option<&Task>) -> Option<crate::vm::shadow::BoxedTracker> + Send + Sync>;

/// Encodes and decodes what a pruner's trackers finish into ([`crate::vm::shadow::Tracker::finish`]),
/// so that runs made by remote workers (`jsymex worker`) carry it (see [`Pruner::trace_codec`]).
#[derive(Clone, Copy)]
pub struct TraceCodec {
    /// The trace as bytes (`None`: not this pruner's trace type).
    pub encode: fn(&(dyn std::any::Any + Send)) -> Option<Vec<u8>>,
    /// The trace back from its bytes (`None`: malformed).
    pub decode: fn(&[u8]) -> Option<Box<dyn std::any::Any + Send>>,
}

impl TraceCodec {
    /// The codec of a serde type `T`, in postcard's compact encoding.
    pub fn of<T: serde::Serialize + serde::de::DeserializeOwned + Send + 'static>() -> TraceCodec {
        TraceCodec {
            encode: |t| t.downcast_ref::<T>().and_then(|t| postcard::to_stdvec(t).ok()),
            decode: |b| {
                postcard::from_bytes::<T>(b)
                    .ok()
                    .map(|t| Box::new(t) as Box<dyn std::any::Any + Send>)
            },
        }
    }
}

/// The answer on a task that produced no path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaskResult {
    /// Infeasible; the core when some pruner asked for cores ([`Needs::unsat_cores`]).
    Unsat(Option<UnsatCore>),
    /// The solver could not decide (timeout, unsupported theory).
    Unknown(String),
}

/// How an internal task ([`Pruner::internal_task`]) ended.
pub enum Internal<'a> {
    /// Its model ran: the path (not counted, tested or offered to the searcher) and its end.
    Path(&'a PathRecord, PathEnd),
    /// It produced no path.
    Dead(&'a TaskResult),
    /// The run's budget ran out before the task was decided.
    Stopped,
}

/// A pruner's counters as reports show them.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PrunerStats {
    /// The pruner's name.
    pub name: String,
    /// Candidate tasks offered to `select_tasks`.
    pub candidates: u64,
    /// Candidate tasks it removed.
    pub removed: u64,
    /// Queued tasks it retracted later.
    pub retracted: u64,
    /// Time spent in its hooks outside the VM (ms).
    pub time_ms: f64,
    /// Its own counters (name, value).
    pub counters: Vec<(String, u64)>,
}

/// A strategy that removes redundant work. Every method but `name` and `select_tasks` has a
/// default that does nothing.
pub trait Pruner: Send {
    /// Name for reports.
    fn name(&self) -> &'static str;
    /// What the pruner needs from the engine.
    fn needs(&self) -> Needs {
        Needs::default()
    }
    /// Whether the pruner's reasoning accounts for lazily initialised reference inputs
    /// ([`crate::vm::lazy`]): the heap a path has not read yet is not in the program state, so
    /// a pruner that compares or summarises states could merge a state whose unread fields are
    /// still to be chosen with one where they were chosen. Pruners that do not are set aside
    /// for drivers with such inputs, which are then explored exhaustively.
    fn handles_lazy_inputs(&self) -> bool {
        false
    }
    /// Removes or narrows the SPF candidates of a finished path (every event after the
    /// initiating one, negated). Pruners run as a pipeline in preset order.
    fn select_tasks(&mut self, path: &PathRecord, candidates: &mut Vec<Task>, ctx: &mut TaskCtx<'_>);
    /// Learns from a finished path (after `select_tasks`), with how it ended.
    fn on_path_end(&mut self, _path: &PathRecord, _end: PathEnd, _ctx: &mut TaskCtx<'_>) {}
    /// Learns from a task that produced no path.
    fn on_task_result(&mut self, _task: &Task, _result: &TaskResult, _ctx: &mut TaskCtx<'_>) {}
    /// With [`Needs::retracts`]: false drops a queued task (asked after each path).
    fn keep_pending(&mut self, _task: &Task) -> bool {
        true
    }
    /// A fresh tracker to observe the next run (`None`: the pruner needs none). What it
    /// finishes into is the pruner's entry of [`PathRecord::traces`]; a tracker may also cut
    /// the run at a program point ([`crate::vm::shadow::Verdict::Cut`]).
    fn tracker(&mut self) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        None
    }
    /// A fresh tracker for the run of `task` (`None` for the first run): trackers that need to
    /// know where the replayed prefix ends (the flipped site and its occurrence) use this.
    /// Defaults to [`Pruner::tracker`].
    fn tracker_for(&mut self, _task: Option<&Task>) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        self.tracker()
    }
    /// What lets runs of this pruner's tasks go ahead of the search on other workers
    /// (`--workers`): a maker of the tracker [`Pruner::tracker_for`] would give for a task,
    /// built from state that does not change while the exploration runs (a maker that returns
    /// `None` when the pruner needs no tracker). Only for pruners whose `tracker_for` has no
    /// side effects. `None` (the default): every run of the strategy stays on the explorer's
    /// own thread (same results, no speedup).
    fn tracker_maker(&self) -> Option<TrackerMaker> {
        None
    }
    /// How the traces of its trackers travel to and from remote workers. `None` (the
    /// default): a pruner with a [`Pruner::tracker_maker`] keeps its runs off remote workers
    /// (they run on the explorer's machine, with the same results).
    fn trace_codec(&self) -> Option<TraceCodec> {
        None
    }
    /// The pruner's own counters for reports.
    fn counters(&self) -> Vec<(String, u64)> {
        Vec::new()
    }
    /// False for a pruner that preserves only bug finding (failing assertion sites), not the
    /// coverage of exhaustive search (reports then say its path counts are `bugs` only).
    fn keeps_coverage(&self) -> bool {
        true
    }
    /// Feasible paths inside the subtrees the pruner proved redundant and never ran (seed
    /// 003's extra path coverage).
    fn extra_paths(&self) -> u64 {
        0
    }
    /// A task the pruner wants solved and run now, outside the search order (asked after each
    /// `on_path_end`, `on_task_result` and `on_internal` until it returns `None`). Its run uses
    /// the pruner's own tracker, is not a path of the exploration (no count, test, coverage or
    /// candidates) and its time is the pruner's; the answer comes through `on_internal`.
    fn internal_task(&mut self, _ctx: &mut TaskCtx<'_>) -> Option<Task> {
        None
    }
    /// The answer to the last internal task.
    fn on_internal(&mut self, _task: &Task, _result: Internal<'_>, _ctx: &mut TaskCtx<'_>) {}
}
