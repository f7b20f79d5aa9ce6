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
    /// An explicit set, and conditions a model should satisfy too when it can (the first
    /// set with the second; the first alone when that is unsatisfiable).
    Prefer(Arc<[ExprId]>, Arc<[ExprId]>),
}

impl Prefix {
    /// The constraints.
    pub fn constraints(&self) -> &[ExprId] {
        match self {
            Prefix::Path(c, n) => &c[..*n],
            Prefix::Set(c) | Prefix::Prefer(c, _) => c,
        }
    }

    /// The constraints with the preferred ones, when there are any: the query to ask first.
    pub fn preferred(&self) -> Option<Vec<ExprId>> {
        match self {
            Prefix::Prefer(c, extra) if !extra.is_empty() => Some(c.iter().chain(extra.iter()).copied().collect()),
            _ => None,
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
    /// task is taken out when a continuation steps over its fork. One store per run instead
    /// of one vector per fork: a fork-level search steps over every fork.
    tasks: TaskStore,
}

/// Where a run's pending tasks wait for their forks to be stepped over. A fork-level search
/// keeps a whole frontier of runs pending at once (thousands under `subpath-N`), so the
/// common case, SPF's tasks (each the parent's path prefix up to its own fork, over one
/// input), keeps only what differs per task: a third of a [`Task`]'s size.
#[derive(Debug)]
enum TaskStore {
    /// Any tasks (e.g. DGSE's, with their own constraint sets and origins).
    Full(Vec<Option<Task>>),
    /// Tasks that share their parent, input and path conditions, each keeping the prefix up
    /// to the event it flips ([`Prefix::Path`] of length `flip`) and no origin.
    Path {
        parent: u64,
        base: Arc<Assignment>,
        conds: Arc<[ExprId]>,
        items: Vec<Option<PathTask>>,
    },
}

/// What a [`TaskStore::Path`] task keeps of its own.
#[derive(Debug, Clone, Copy)]
struct PathTask {
    id: u64,
    flip: u32,
    cond: ExprId,
    site: (u32, u32, u32),
    occ: u32,
}

impl TaskStore {
    /// The compact store when every task has the shape it needs, else the tasks as they are.
    fn new(tasks: Vec<Task>) -> TaskStore {
        let shared = tasks.first().and_then(|t| match &t.prefix {
            Prefix::Path(c, _) => Some((t.parent, t.base.clone(), c.clone())),
            Prefix::Set(_) | Prefix::Prefer(..) => None,
        });
        let fits = |t: &Task, (parent, base, conds): &(u64, Arc<Assignment>, Arc<[ExprId]>)| {
            t.parent == *parent
                && t.origin.is_none()
                && Arc::ptr_eq(&t.base, base)
                && u32::try_from(t.flip).is_ok()
                && matches!(&t.prefix, Prefix::Path(c, n) if *n == t.flip && Arc::ptr_eq(c, conds))
        };
        match shared {
            Some(sh) if tasks.iter().all(|t| fits(t, &sh)) => {
                let (parent, base, conds) = sh;
                let items = tasks
                    .iter()
                    .map(|t| {
                        Some(PathTask {
                            id: t.id,
                            flip: t.flip as u32,
                            cond: t.cond,
                            site: t.site,
                            occ: t.occ,
                        })
                    })
                    .collect();
                TaskStore::Path {
                    parent,
                    base,
                    conds,
                    items,
                }
            }
            _ => TaskStore::Full(tasks.into_iter().map(Some).collect()),
        }
    }

    /// The task a compact entry stands for.
    fn expand(parent: u64, base: &Arc<Assignment>, conds: &Arc<[ExprId]>, p: &PathTask) -> Task {
        Task {
            id: p.id,
            parent,
            flip: p.flip as usize,
            prefix: Prefix::Path(conds.clone(), p.flip as usize),
            cond: p.cond,
            base: base.clone(),
            site: p.site,
            occ: p.occ,
            origin: None,
        }
    }

    /// Moves the tasks in `range` out into `out`.
    fn take(&mut self, range: std::ops::Range<usize>, out: &mut Vec<Task>) {
        match self {
            TaskStore::Full(v) => out.extend(v[range].iter_mut().filter_map(Option::take)),
            TaskStore::Path {
                parent,
                base,
                conds,
                items,
            } => out.extend(
                items[range]
                    .iter_mut()
                    .filter_map(Option::take)
                    .map(|p| Self::expand(*parent, base, conds, &p)),
            ),
        }
    }

    /// Copies the tasks in `range` into `out` (the store is shared).
    fn copy(&self, range: std::ops::Range<usize>, out: &mut Vec<Task>) {
        match self {
            TaskStore::Full(v) => out.extend(v[range].iter().flatten().cloned()),
            TaskStore::Path {
                parent,
                base,
                conds,
                items,
            } => out.extend(items[range].iter().flatten().map(|p| Self::expand(*parent, base, conds, p))),
        }
    }
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
            tasks: TaskStore::new(tasks),
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
                Some(f) => f.tasks.take(range, tasks),
                None => self.forks.tasks.copy(range, tasks),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::{ExprPool, Scalar, Sort};

    #[test]
    fn a_preferred_prefix_asks_its_set_with_the_extra_conditions_first() {
        let mut pool = ExprPool::new();
        let x = pool.new_var("x", Sort::I32);
        let zero = pool.i32(0);
        let one = pool.i32(1);
        let a = pool.bin(crate::symbolic::BinOp::Lt, zero, x);
        let b = pool.bin(crate::symbolic::BinOp::Ne, x, one);
        let p = Prefix::Prefer(Arc::from(vec![a]), Arc::from(vec![b]));
        assert_eq!(p.constraints(), &[a]);
        assert_eq!(p.preferred(), Some(vec![a, b]));
        assert_eq!(Prefix::Prefer(Arc::from(vec![a]), Arc::from(vec![])).preferred(), None);
        assert_eq!(Prefix::Set(Arc::from(vec![a])).preferred(), None);
        assert_eq!(Prefix::Path(Arc::from(vec![a, b]), 1).preferred(), None);
    }

    /// A task's fields as text, for comparing (`Task` has no `PartialEq`).
    fn key(t: &Task) -> String {
        format!(
            "{} {} {} {:?} {:?} {:?} {:?} {} {:?}",
            t.id,
            t.parent,
            t.flip,
            t.prefix.constraints(),
            t.cond,
            t.base,
            t.site,
            t.occ,
            t.origin
        )
    }

    fn site(i: usize) -> ForkSite {
        ForkSite {
            method: 1,
            pc: i as u32,
            dir: 1,
            switch: false,
        }
    }

    /// Steps a continuation over every fork, collecting the tasks it hands out, by fork.
    fn step_all(forks: Forks, shared: bool) -> Vec<Vec<Task>> {
        let forks = Arc::new(forks);
        let keep = shared.then(|| forks.clone());
        let mut c = Some(Continuation { forks, next: 0 });
        let mut out = Vec::new();
        while let Some(k) = c.take() {
            let mut ts = Vec::new();
            c = k.step(false, &mut ts);
            out.push(ts);
        }
        drop(keep);
        out
    }

    #[test]
    fn path_tasks_come_back_as_they_went_in_whether_taken_or_copied() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let conds: Arc<[ExprId]> = (0..4)
            .map(|i| {
                let k = p.i32(i);
                p.bin(crate::symbolic::BinOp::Lt, x, k)
            })
            .collect();
        let base = Arc::new(vec![Scalar::I32(7)]);
        let mk = |id: u64, flip: usize, arm: u32| Task {
            id,
            parent: 3,
            flip,
            prefix: Prefix::Path(conds.clone(), flip),
            cond: conds[flip],
            base: base.clone(),
            site: (1, flip as u32, arm),
            occ: flip as u32 % 2,
            origin: None,
        };
        // Two tasks on fork 2 (a switch's arms), none on fork 1, given out of order.
        let tasks = vec![mk(12, 2, 0), mk(10, 0, 1), mk(13, 3, 0), mk(11, 2, 2)];
        let want: Vec<Vec<_>> = vec![vec![key(&tasks[1])], vec![key(&tasks[0]), key(&tasks[3])], vec![key(&tasks[2])]];
        let f = Forks::group(5, 0, tasks.clone(), site);
        assert!(matches!(f.tasks, TaskStore::Path { .. }));
        assert_eq!(f.forks.iter().map(|f| f.event).collect::<Vec<_>>(), vec![0, 2, 3]);
        for shared in [false, true] {
            let f = Forks::group(5, 0, tasks.clone(), site);
            let got: Vec<Vec<_>> = step_all(f, shared).iter().map(|v| v.iter().map(key).collect()).collect();
            assert_eq!(got, want, "shared: {shared}");
        }
        // A task with its own constraint set, or another input, keeps every task whole.
        let mut mixed = tasks.clone();
        mixed[2].prefix = Prefix::Set(Arc::from(vec![conds[0]]));
        mixed[2].origin = Some(Arc::from(vec![(1, 0, 1)]));
        let f = Forks::group(5, 0, mixed.clone(), site);
        assert!(matches!(f.tasks, TaskStore::Full(_)));
        let got: Vec<Vec<_>> = step_all(f, false).iter().map(|v| v.iter().map(key).collect()).collect();
        assert_eq!(got[2], vec![key(&mixed[2])]);
        let mut other = tasks.clone();
        other[0].base = Arc::new(vec![Scalar::I32(7)]);
        assert!(matches!(Forks::group(5, 0, other, site).tasks, TaskStore::Full(_)));
    }
}
