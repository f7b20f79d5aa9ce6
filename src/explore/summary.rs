//! What one exploration counted ([`Summary`], written by `--json`) and why it stopped
//! ([`StopReason`]), with the per-path tally that fills it.

use crate::budget::Exhausted;
use crate::strategy::{PathEnd, PrunerStats};
use crate::task::PathRecord;
use crate::vm::Outcome;
use std::collections::{BTreeSet, HashSet};

/// Why an exploration stopped. The JSON summary writes the variant's name (`"Complete"`,
/// `"Timeout"`, `"Terminated"`, …, `{"Error": "…"}`); tables use [`StopReason::label`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum StopReason {
    /// Every task was explored.
    Complete,
    /// `--max-paths`.
    MaxPaths,
    /// `--timeout`.
    Timeout,
    /// `--max-memory`: the process's resident memory passed the limit.
    MemoryLimit,
    /// Ctrl-C (SIGINT).
    Interrupted,
    /// SIGTERM.
    Terminated,
    /// SIGHUP.
    Hangup,
    /// An engine error.
    Error(String),
}

/// Everything counted in one exploration.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    /// Strategy name.
    pub strategy: String,
    /// Search order.
    pub search: String,
    /// Driver signature.
    pub driver: String,
    /// Subject and configuration (`tcas:ci`), when run from a manifest.
    pub subject: Option<String>,
    /// Feasible paths run.
    pub feasible_paths: u64,
    /// UNSAT tasks.
    pub infeasible_paths: u64,
    /// Tasks the solver could not decide.
    pub unknown_paths: u64,
    /// Paths that ended on a limit.
    pub limit_paths: u64,
    /// Paths that did not follow their task's prefix.
    pub diverged_paths: u64,
    /// Runs that repeated an already explored path (not counted as feasible paths).
    pub duplicate_paths: u64,
    /// Runs dropped by a failing `jsymex.Symbolic.assume` (not counted as feasible paths).
    pub assumed_paths: u64,
    /// Solver queries.
    pub solver_calls: u64,
    /// Solver time (ms).
    pub solver_time_ms: f64,
    /// Solver time on SAT answers (ms).
    pub solver_sat_ms: f64,
    /// Solver time on UNSAT answers (ms).
    pub solver_unsat_ms: f64,
    /// Static analysis time (ms).
    pub analysis_time_ms: f64,
    /// Wall time (ms).
    pub wall_time_ms: f64,
    /// Instructions executed over all paths.
    pub instructions: u64,
    /// Branch events over all paths.
    pub branch_events: u64,
    /// Covered / all branch edges of the application code reachable from the driver (the
    /// `reachable` view of [`Summary::coverage`]).
    pub branch_coverage: f64,
    /// Covered branch edges (reachable view).
    pub branches_covered: u64,
    /// Total branch edges (reachable view).
    pub branches_total: u64,
    /// Executed / total instructions (reachable view).
    pub instruction_coverage: f64,
    /// Coverage over the reachable application methods, the executed application classes and
    /// the executed application methods.
    pub coverage: super::coverage::CoverageViews,
    /// Distinct fault sites reached (exception class and throwing instruction).
    pub faults: u64,
    /// Distinct uncaught exception classes.
    pub fault_classes: Vec<String>,
    /// Each distinct fault site: the exception, where it was thrown and the first path that
    /// reached it, in order of discovery.
    pub fault_sites: Vec<FaultSite>,
    /// Why it stopped.
    pub stop: StopReason,
    /// Solver layer counters.
    pub solver: crate::solver::SolverStats,
    /// (ms since start, feasible paths so far), one point per path, for plots.
    pub paths_over_time: Vec<(f64, u64)>,
    /// Coverage over time, one point per path: `[ms since start, feasible paths so far,
    /// branch edges covered, instructions covered]`, both coverages over the application code
    /// (the numerators of the `reachable` view; the last point equals them).
    pub coverage_over_time: Vec<(f64, u64, u64, u64)>,
    /// The search order's own counters (e.g. `subpath-N`'s selections and subpaths).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub search_counters: Vec<(String, u64)>,
    /// Snapshots taken, kept, resumed from and evicted (see `explore::snapshots`).
    pub snapshots: super::snapshots::SnapshotStats,
    /// Raw coverage log positions per path (ms, edge log length, instruction log length),
    /// turned into [`Summary::coverage_over_time`] when the run ends.
    #[serde(skip)]
    pub coverage_log: Vec<(f64, usize, usize)>,
    /// Paths a pruner cut (counted among the feasible paths, as limit paths are).
    pub cut_paths: u64,
    /// Each pruner's counters, in pipeline order.
    pub pruners: Vec<PrunerStats>,
    /// `compare`: what this strategy missed that the baseline (the subject's first strategy)
    /// reached, when both runs are complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missed: Option<crate::report::reached::Missed>,
    /// What the strategy preserves of exhaustive search: `all` (branch directions, edges,
    /// instructions, faults) or `bugs` (failing assertion sites only, `interp`); its path
    /// counts are then not coverage.
    pub keeps: &'static str,
    /// Feasible paths inside the subtrees the pruners proved redundant and never ran (seed
    /// 003's extra path coverage; 0 for pruners that do not count them).
    pub extra_paths: u64,
    /// The worker threads' share of the runs (`--workers`).
    pub workers: crate::explore::WorkerStats,
}

impl Summary {
    /// An empty summary (nothing explored yet, stop reason `Complete`).
    pub fn new(strategy: &str, search: &str, driver: &str) -> Self {
        Summary {
            strategy: strategy.to_string(),
            search: search.to_string(),
            driver: driver.to_string(),
            subject: None,
            feasible_paths: 0,
            infeasible_paths: 0,
            unknown_paths: 0,
            limit_paths: 0,
            diverged_paths: 0,
            duplicate_paths: 0,
            assumed_paths: 0,
            solver_calls: 0,
            solver_time_ms: 0.0,
            solver_sat_ms: 0.0,
            solver_unsat_ms: 0.0,
            analysis_time_ms: 0.0,
            wall_time_ms: 0.0,
            instructions: 0,
            branch_events: 0,
            branch_coverage: 0.0,
            branches_covered: 0,
            branches_total: 0,
            instruction_coverage: 0.0,
            coverage: Default::default(),
            faults: 0,
            fault_classes: vec![],
            fault_sites: vec![],
            stop: StopReason::Complete,
            solver: Default::default(),
            paths_over_time: vec![],
            coverage_over_time: vec![],
            search_counters: vec![],
            snapshots: Default::default(),
            coverage_log: vec![],
            cut_paths: 0,
            pruners: vec![],
            missed: None,
            keeps: "all",
            extra_paths: 0,
            workers: Default::default(),
        }
    }
}

impl StopReason {
    /// The stop reason for an exhausted budget.
    pub fn from_budget(why: Exhausted) -> Self {
        match why {
            Exhausted::Timeout => StopReason::Timeout,
            Exhausted::Memory => StopReason::MemoryLimit,
            Exhausted::Interrupted => StopReason::Interrupted,
            Exhausted::Terminated => StopReason::Terminated,
            Exhausted::Hangup => StopReason::Hangup,
        }
    }

    /// True when the run explored everything it had to.
    pub fn is_complete(&self) -> bool {
        matches!(self, StopReason::Complete)
    }
}

/// Counts paths into a summary as they finish: feasible, duplicate and assumed runs, limit and
/// cut paths, faults, and the paths-over-time curve.
#[derive(Default)]
pub struct Tally {
    seen: HashSet<u64>,
    /// With [`Tally::keep_prefixes`]: the hashes of every prefix of the explored paths (the
    /// nodes of the explored tree).
    prefixes: Option<HashSet<u64>>,
    faults: HashSet<(String, u32, u32)>,
    fault_classes: BTreeSet<String>,
    /// (exception, method, pc, first path) in order of discovery.
    sites: Vec<(String, u32, u32, u64)>,
}

/// A distinct fault site of a summary.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, PartialEq)]
pub struct FaultSite {
    /// The exception's binary class name.
    pub exception: String,
    /// Where it was thrown: `File.java:LINE` (the method's name when the class has no line table).
    pub at: String,
    /// The first path (its id in the JSONL) that ended there.
    pub path: u64,
}

impl Tally {
    /// Keeps the prefixes of the explored paths, so that [`Tally::repeats`] counts a cut run
    /// that stopped inside an explored path as a repeat (a strategy whose tracker cuts runs:
    /// [`crate::strategy::Needs::cuts`]).
    pub fn keep_prefixes(&mut self) {
        self.prefixes.get_or_insert_with(HashSet::default);
    }

    /// True when a run with these events repeats an explored path (possible when a strategy's
    /// constraints are weaker than a full path prefix, or a task's run did not follow its
    /// prefix), or, a run a pruner `cut`, stopped inside one (its remainder was judged
    /// redundant, and spf's run of that task repeats a path or makes one the cut run stands
    /// for); records the path otherwise.
    pub fn repeats(&mut self, events: &[crate::vm::Event], cut: bool) -> bool {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for e in events {
            // The run's proper prefixes: nodes of the explored tree whether or not the run is
            // new (a repeat's are there already).
            if let Some(p) = &mut self.prefixes {
                p.insert(h.finish());
            }
            (e.method, e.pc, e.dir).hash(&mut h);
        }
        let full = h.finish();
        if cut && self.prefixes.as_ref().is_some_and(|p| p.contains(&full)) {
            return true;
        }
        if let Some(p) = &mut self.prefixes {
            p.insert(full);
        }
        !self.seen.insert(full)
    }

    /// Counts a finished run that ended as `end`: returns the id the path gets if it is a new
    /// feasible path (1-based, in order of finishing).
    pub fn count(&mut self, s: &mut Summary, run: &crate::vm::PathRun, end: PathEnd) -> u64 {
        match end {
            PathEnd::Assumed => s.assumed_paths += 1,
            PathEnd::Duplicate => s.duplicate_paths += 1,
            _ => s.feasible_paths += 1,
        }
        s.instructions += run.steps - run.resumed_steps;
        s.branch_events += run.events.len() as u64;
        match &run.outcome {
            Outcome::Limit(_) => s.limit_paths += 1,
            Outcome::Cut(_) => s.cut_paths += 1,
            _ => {}
        }
        if let (Outcome::Exception { class, .. }, Some(site)) = (&run.outcome, run.fault_site)
            && self.faults.insert((class.clone(), site.0, site.1))
        {
            self.fault_classes.insert(class.clone());
            self.sites.push((class.clone(), site.0, site.1, s.feasible_paths));
        }
        s.feasible_paths
    }

    /// Adds a path to the paths-over-time curve.
    pub fn timeline(&self, s: &mut Summary, rec: &PathRecord) {
        s.paths_over_time.push((rec.at.as_secs_f64() * 1000.0, s.feasible_paths));
    }

    /// Writes the fault counts and sites into the summary.
    pub fn finish(self, s: &mut Summary, prog: &crate::program::Program) {
        s.faults = self.faults.len() as u64;
        s.fault_classes = self.fault_classes.into_iter().collect();
        s.fault_sites = self
            .sites
            .into_iter()
            .map(|(exception, m, pc, path)| FaultSite {
                exception,
                at: crate::testgen::throw_site(prog, m, pc),
                path,
            })
            .collect();
    }
}
