//! The vocabulary shared by the explorer and the strategies: tasks (a constraint set to satisfy
//! plus the initiating event, DGSE Algorithm 1), pending work as a searcher sees it (a task, or
//! the continuation of a recorded run at its next fork), and path records (one finished
//! concolic run). Neither `explore` nor `strategy` owns it, so neither imports the other's
//! internals: `explore` drives the strategy traits, `strategy` reads these types.

use crate::symbolic::{Assignment, ExprId};
use crate::vm::PathRun;
use std::sync::Arc;
use std::time::Duration;

/// The constraints a task must satisfy besides its negated condition.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum Prefix {
    /// The first `len` conditions of a path (SPF: the full path prefix).
    Path(Arc<[ExprId]>, usize),
    /// An explicit set (DGSE: the relevant path condition).
    Set(Arc<[ExprId]>),
}

impl Prefix {
    /// The constraints.
    pub fn constraints(&self) -> &[ExprId] {
        match self {
            Prefix::Path(c, n) => &c[..*n],
            Prefix::Set(c) => c,
        }
    }
}

/// A pending exploration task.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Task {
    /// Sequence number (creation order).
    pub id: u64,
    /// The path it was derived from.
    pub parent: u64,
    /// Index of the flipped event in the parent path; the child's initiating event.
    pub flip: usize,
    /// The constraints to keep.
    pub prefix: Prefix,
    /// The condition of the alternative direction.
    pub cond: ExprId,
    /// The parent's input (values of independent variables are kept).
    pub base: Arc<Assignment>,
    /// Site of the flipped event: method, pc and the direction/arm asked for.
    pub site: (u32, u32, u32),
    /// How many earlier events of the parent path were at the same (method, pc): identifies
    /// the instance to look for in the child path.
    pub occ: u32,
    /// For reports: the sites (method, pc, direction) of the task's constraints, the negated
    /// event last (set by strategies whose constraints are not a path prefix).
    pub origin: Option<Arc<[(u32, u32, u32)]>>,
}

/// A finished path.
#[derive(Debug)]
pub struct PathRecord {
    /// Sequence number of the feasible path (1-based).
    pub id: u64,
    /// The input that produced it.
    pub input: Arc<Assignment>,
    /// The run: events, outcome, output.
    pub run: PathRun,
    /// The initiating event index (`None` for the first path).
    pub flip: Option<usize>,
    /// The task it came from.
    pub task: Option<u64>,
    /// True when the run did not follow the task's prefix (imprecise modelling).
    pub diverged: bool,
    /// Time since the exploration started.
    pub at: Duration,
    /// The conditions of its events, in order.
    pub conds: Arc<[ExprId]>,
    /// The sites of the task's constraints that produced this path, when recorded.
    pub origin: Option<Arc<[(u32, u32, u32)]>>,
    /// True when the run covered a branch edge or an instruction no earlier run covered
    /// (`--only-new-coverage` keeps only these tests, and those that end in an exception).
    pub covers_new: bool,
    /// What each pruner's tracker finished the run into, in pruner order (`None` for a pruner
    /// that asked for no tracker).
    pub traces: Vec<Option<Box<dyn std::any::Any + Send>>>,
}

impl PathRecord {
    /// The first trace of type `T` (a pruner reads the trace its own tracker produced).
    pub fn trace<T: 'static>(&self) -> Option<&T> {
        self.traces.iter().flatten().find_map(|t| t.downcast_ref::<T>())
    }
}

impl Task {
    /// The depth of the fork this task flips: the index of the flipped event in its parent path.
    pub fn depth(&self) -> usize {
        self.flip
    }
}

/// The forks of one recorded run that are still to be decided, each with the tasks that take
/// its other directions (already narrowed by the pruners). A concolic run is deterministic, so
/// "the state after event k of the run with input I" needs no state of its own: the run's
/// events are recorded, and stepping the continuation to its next fork costs nothing (lazy
/// replay); only the flipped side of a fork needs a solver query and a new run.
#[derive(Debug)]
pub struct Forks {
    /// The path the forks belong to.
    pub path: u64,
    /// The run's sequence number (0-based, every run counted, duplicates included): the key
    /// under which the explorer holds the run's record while its end is pending.
    pub run: u64,
    /// The forks, in path order.
    pub forks: Vec<Fork>,
    /// The tasks of all forks, in fork order ([`Fork::tasks`] gives each fork's range); a
    /// task is taken out (`None`) when a continuation steps over its fork. One vector per run
    /// instead of one per fork: a fork-level search steps over every fork.
    pub tasks: Vec<Option<Task>>,
}

impl Forks {
    /// Groups `tasks` (in any order) by the event they flip, in path order; `taken` gives
    /// the direction the run took at an event.
    pub fn group(path: u64, run: u64, mut tasks: Vec<Task>, taken: impl Fn(usize) -> ForkSite) -> Forks {
        tasks.sort_by_key(|t| t.flip);
        let mut forks: Vec<Fork> = Vec::new();
        for (i, t) in tasks.iter().enumerate() {
            let i = i as u32;
            match forks.last_mut() {
                Some(f) if f.event == t.flip => f.tasks.end = i + 1,
                _ => forks.push(Fork {
                    event: t.flip,
                    taken: taken(t.flip),
                    tasks: i..i + 1,
                }),
            }
        }
        Forks {
            path,
            run,
            forks,
            tasks: tasks.into_iter().map(Some).collect(),
        }
    }
}

/// One fork of a recorded run.
#[derive(Debug)]
pub struct Fork {
    /// The event index in the run.
    pub event: usize,
    /// The direction the run itself took there.
    pub taken: ForkSite,
    /// The tasks that flip it: a range of [`Forks::tasks`].
    pub tasks: std::ops::Range<u32>,
}

/// A fork as a search order names it: the site and one direction (a subpath element).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ForkSite {
    /// Global method id.
    pub method: u32,
    /// Instruction index.
    pub pc: u32,
    /// Direction: 1 = the condition held (jump taken, fault happened), 0 = not; a switch's arm.
    pub dir: u32,
    /// True for a switch (its arms are ordered by index; two-way forks put direction 1 first).
    pub switch: bool,
}

impl ForkSite {
    /// The order in which the children of one fork take their places: the taken side (1)
    /// first for two-way forks, arms in index order for switches.
    pub fn rank(&self) -> u32 {
        if self.switch { self.dir } else { 1 - self.dir.min(1) }
    }
}

/// The continuation of a recorded run: it stands at fork `next` of its path.
#[derive(Clone, Debug)]
pub struct Continuation {
    /// The run's forks.
    pub forks: Arc<Forks>,
    /// The fork this continuation stands at.
    pub next: usize,
}

impl Continuation {
    /// The depth (event index in its path) of the fork this continuation stands at.
    pub fn depth(&self) -> usize {
        self.forks.forks.get(self.next).map(|f| f.event).unwrap_or(usize::MAX)
    }

    /// True when the continuation stands at the run's end, past its last fork (only
    /// searchers that schedule path ends, [`crate::strategy::Searcher::schedules_ends`], see
    /// these).
    pub fn at_end(&self) -> bool {
        self.next >= self.forks.forks.len()
    }

    /// The direction the run took at the fork this continuation stands at (`None` at the end).
    pub fn taken(&self) -> Option<ForkSite> {
        self.forks.forks.get(self.next).map(|f| f.taken)
    }

    /// Steps over the fork: appends the tasks that flip it to `tasks` and returns, when the
    /// run has later forks (or `ends` is set and the run's end remains), the continuation at
    /// the next one. The continuation is the only holder of its run's forks while it is
    /// pending, so the tasks move out without a copy.
    pub fn step(mut self, ends: bool, tasks: &mut Vec<Task>) -> Option<Continuation> {
        let next = self.next;
        if let Some(range) = self.forks.forks.get(next).map(|f| f.tasks.start as usize..f.tasks.end as usize) {
            match Arc::get_mut(&mut self.forks) {
                Some(f) => tasks.extend(f.tasks[range].iter_mut().filter_map(Option::take)),
                None => tasks.extend(self.forks.tasks[range].iter().flatten().cloned()),
            }
        }
        let len = self.forks.forks.len();
        let more = if ends { self.next < len } else { self.next + 1 < len };
        more.then_some(Continuation {
            forks: self.forks,
            next: next + 1,
        })
    }
}

/// Pending work as a searcher sees it.
#[derive(Clone, Debug)]
pub enum Pending {
    /// A negated-branch task: solve it and run the model.
    Flip(Task),
    /// A recorded run at one of its forks (searchers that choose at every fork).
    Continue(Continuation),
}

impl Pending {
    /// The fork depth of the entry (event index in its path).
    pub fn depth(&self) -> usize {
        match self {
            Pending::Flip(t) => t.depth(),
            Pending::Continue(c) => c.depth(),
        }
    }

    /// The task, when the entry is one.
    pub fn task(&self) -> Option<&Task> {
        match self {
            Pending::Flip(t) => Some(t),
            Pending::Continue(_) => None,
        }
    }
}
