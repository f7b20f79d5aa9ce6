//! Tasks (a constraint set to satisfy plus the initiating event, DGSE Algorithm 1) and path
//! records (one finished concolic run).

use crate::symbolic::{Assignment, ExprId};
use crate::vm::PathRun;
use std::sync::Arc;
use std::time::Duration;

/// The constraints a task must satisfy besides its negated condition.
#[derive(Clone, Debug)]
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
#[derive(Clone, Debug)]
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
