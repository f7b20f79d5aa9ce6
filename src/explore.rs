//! The exploration loop (DGSE Algorithm 1, CREST-style concolic search): pop a task, solve it,
//! run the new input, build the candidate tasks of the new path (every event after the
//! initiating one, negated), let the pruners narrow them, and push the rest.

pub mod coverage;
pub mod driver;
pub mod progress;
mod stop;
pub mod task;

use crate::budget::{Budget, Exhausted};
use crate::program::Program;
use crate::solver::{Answer, Solver, SolverConfig, SolverError};
use crate::strategy::{Pruner, Searcher};
use crate::symbolic::ExprPool;
use crate::vm::shadow::BoxedTracker;
use crate::vm::{Alts, Coverage, Outcome, VmConfig, VmError};
use driver::Driver;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};
use task::{PathRecord, Prefix, Task};

pub use coverage::coverage_totals;

/// Errors that stop an exploration (the summary up to that point is still produced).
#[derive(Debug, thiserror::Error)]
pub enum ExploreError {
    /// The interpreter could not continue.
    #[error(transparent)]
    Vm(#[from] VmError),
    /// The solver failed.
    #[error(transparent)]
    Solver(#[from] SolverError),
}

/// Limits of one exploration.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Feasible paths before stopping.
    pub max_paths: Option<u64>,
    /// Wall-clock time, memory and stop signals, shared with the interpreter and the solver.
    pub budget: Arc<Budget>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_paths: None,
            budget: Budget::unlimited(),
        }
    }
}

/// Observes paths and tasks as they finish (test writers, progress, statistics).
pub trait Observer {
    /// A path finished.
    fn on_path(&mut self, _driver: &Driver, _pool: &ExprPool, _prog: &Program, _path: &PathRecord) {}
    /// A task was found infeasible or unknown.
    fn on_dead_task(&mut self, _task: &Task, _unknown: bool) {}
    /// True when the observer wants [`Observer::on_progress`] (asked once, before the loop).
    fn wants_progress(&self) -> bool {
        false
    }
    /// Where the exploration stands, at most every [`progress::Ticker::EVERY`].
    fn on_progress(&mut self, _p: &progress::Progress) {}
}

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
    pub coverage: coverage::CoverageViews,
    /// Distinct fault sites reached (exception class and throwing instruction).
    pub faults: u64,
    /// Distinct uncaught exception classes.
    pub fault_classes: Vec<String>,
    /// Why it stopped.
    pub stop: StopReason,
    /// Solver layer counters.
    pub solver: crate::solver::SolverStats,
    /// (ms since start, feasible paths so far), one point per path, for plots.
    pub paths_over_time: Vec<(f64, u64)>,
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
            stop: StopReason::Complete,
            solver: Default::default(),
            paths_over_time: vec![],
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

/// One exploration of one driver.
pub struct Explorer<'a> {
    /// Program (classes are loaded on demand and kept).
    pub prog: &'a mut Program,
    /// Expression pool.
    pub pool: ExprPool,
    /// Solver chain.
    pub solver: Solver,
    /// The driver.
    pub driver: Driver,
    /// VM limits.
    pub vm: VmConfig,
    /// Exploration limits.
    pub limits: Limits,
    /// Coverage accumulated.
    pub cov: Coverage,
    /// Time the static analysis took.
    pub analysis_time: Duration,
}

impl<'a> Explorer<'a> {
    /// Resolves the driver and prepares an exploration.
    pub fn new(
        prog: &'a mut Program,
        spec: &str,
        opts: &driver::InputOptions,
        solver_cfg: SolverConfig,
        vm: VmConfig,
        limits: Limits,
    ) -> Result<Self, driver::DriverError> {
        let mut pool = ExprPool::new();
        let mut solver = Solver::new(solver_cfg);
        let driver = driver::resolve(prog, &mut pool, &mut solver, spec, opts, &limits.budget)?;
        let mut vm = vm;
        vm.budget = Some(limits.budget.clone());
        Ok(Explorer {
            prog,
            pool,
            solver,
            driver,
            vm,
            limits,
            cov: Coverage::default(),
            analysis_time: Duration::ZERO,
        })
    }

    /// Runs the static dependence analysis from the driver and keeps DGSE's run-time tables.
    pub fn prepare_dgse(
        &mut self,
        interactive: bool,
        changed_lines: &[(String, u16)],
    ) -> Result<Arc<crate::strategy::dgse::DgseTables>, crate::program::LoadError> {
        let t0 = Instant::now();
        let opts = crate::analysis::AnalysisOptions {
            changed_lines: changed_lines.to_vec(),
            source_view: false,
            budget: Some(self.limits.budget.clone()),
        };
        let tables = crate::analysis::analyze(self.prog, self.driver.entry.method, &opts)?;
        let dt = Arc::new(crate::strategy::dgse::DgseTables::new(&tables, interactive));
        self.analysis_time = t0.elapsed();
        Ok(dt)
    }

    /// Runs the exploration to completion or a limit. Never loses what was found: on an engine
    /// error the summary so far is returned with the error as its stop reason.
    pub fn explore(
        &mut self,
        strategy: &str,
        searcher: &mut dyn Searcher,
        pruners: &mut [Box<dyn Pruner>],
        observers: &mut [&mut dyn Observer],
    ) -> (Summary, Option<ExploreError>) {
        let start = Instant::now();
        let mut s = Summary::new(strategy, &searcher.name(), &self.driver.display);
        let mut faults: HashSet<(String, u32, u32)> = HashSet::new();
        let mut fault_classes: std::collections::BTreeSet<String> = Default::default();
        let mut next_task_id = 0u64;
        let mut seen_paths: HashSet<u64> = HashSet::new();
        let mut error = None;
        let initial = Arc::new(self.driver.initial.clone());
        let mut pending_first = Some(initial);
        let mut ticker = progress::Ticker::new(self.prog, self.driver.entry.method, observers);
        loop {
            if ticker.due() {
                ticker.notify(&s, searcher.len(), &self.cov, start, observers);
            }
            if let Some(why) = self.limits.budget.poll() {
                s.stop = StopReason::from_budget(why);
                break;
            }
            if let Some(max) = self.limits.max_paths
                && s.feasible_paths >= max
            {
                s.stop = StopReason::MaxPaths;
                break;
            }
            // Pick the next input: the first run, or a solved task.
            let (input, task) = if let Some(first) = pending_first.take() {
                (first, None)
            } else {
                let Some(task) = searcher.pop() else { break };
                self.solver.set_deadline(self.limits.budget.remaining());
                match self.solver.solve(&self.pool, task.prefix.constraints(), task.cond, &task.base) {
                    Ok(Answer::Sat(a)) => (Arc::new(a), Some(task)),
                    Ok(Answer::Unsat) => {
                        s.infeasible_paths += 1;
                        for o in observers.iter_mut() {
                            o.on_dead_task(&task, false);
                        }
                        continue;
                    }
                    Ok(Answer::Unknown(_)) => {
                        // A query cut short by the run's own deadline or a signal is work not
                        // done, not an undecided path.
                        if self.solver.last_query_capped() {
                            self.limits.budget.exhaust(Exhausted::Timeout);
                        }
                        if let Some(why) = self.limits.budget.poll() {
                            s.stop = StopReason::from_budget(why);
                            break;
                        }
                        s.unknown_paths += 1;
                        for o in observers.iter_mut() {
                            o.on_dead_task(&task, true);
                        }
                        continue;
                    }
                    Err(e) => {
                        error = Some(ExploreError::Solver(e));
                        break;
                    }
                }
            };
            let mut trackers: Vec<Option<BoxedTracker>> = pruners.iter_mut().map(|p| p.tracker()).collect();
            let run = crate::vm::run_tracked(
                self.prog,
                &mut self.pool,
                &mut self.cov,
                &self.vm,
                &self.driver.entry,
                &input,
                &mut trackers,
            );
            let traces = trackers.into_iter().map(|t| t.map(|mut t| t.finish())).collect();
            let run = match run {
                Ok(r) => r,
                Err(e) => {
                    error = Some(ExploreError::Vm(e));
                    break;
                }
            };
            // A run that repeats an explored path (possible when a strategy's constraints are
            // weaker than a full path prefix) is not a new path: its tasks are still derived.
            let signature = {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                for e in &run.events {
                    (e.method, e.pc, e.dir).hash(&mut h);
                }
                h.finish()
            };
            let assumed = matches!(run.outcome, Outcome::Assumed);
            let duplicate = assumed || !seen_paths.insert(signature);
            if assumed {
                s.assumed_paths += 1;
            } else if duplicate {
                s.duplicate_paths += 1;
            } else {
                s.feasible_paths += 1;
            }
            s.instructions += run.steps;
            s.branch_events += run.events.len() as u64;
            if matches!(run.outcome, Outcome::Limit(_)) {
                s.limit_paths += 1;
            }
            if let (Outcome::Exception { class, .. }, Some(site)) = (&run.outcome, run.fault_site) {
                faults.insert((class.clone(), site.0, site.1));
                fault_classes.insert(class.clone());
            }
            // The initiating event in this path: the same instance of the flipped site.
            let (flip, diverged) = match &task {
                None => (None, false),
                Some(t) => match find_instance(&run.events, t.site.0, t.site.1, t.occ) {
                    Some(j) if run.events[j].dir == t.site.2 => (Some(j), false),
                    Some(j) => (Some(j), true),
                    None => (Some(run.events.len()), true),
                },
            };
            if diverged {
                s.diverged_paths += 1;
                if std::env::var_os("JSYMEX_DEBUG_DIVERGE").is_some()
                    && let Some(t) = &task
                {
                    let m = self.prog.method(t.site.0);
                    eprintln!(
                        "diverged: {}.{}:{} occ {} dir {}",
                        m.class_name,
                        m.name,
                        m.line(t.site.1),
                        t.occ,
                        t.site.2
                    );
                    let pre = t.prefix.constraints();
                    if let Some(i) = (0..pre.len()).find(|&i| run.events.get(i).map(|e| e.cond) != Some(pre[i])) {
                        let show = |e: Option<&crate::vm::Event>| {
                            e.map(|e| {
                                let m = self.prog.method(e.method);
                                format!("{}.{}:{} dir {}", m.class_name, m.name, m.line(e.pc), e.dir)
                            })
                        };
                        eprintln!(
                            "   first difference at event {i} of {}: run {:?}",
                            pre.len(),
                            show(run.events.get(i))
                        );
                        eprintln!(
                            "   run cond {}",
                            run.events.get(i).map(|e| self.pool.display(e.cond)).unwrap_or_default()
                        );
                        eprintln!("   expected {}", self.pool.display(pre[i]));
                    }
                }
            }
            let conds: Arc<[crate::symbolic::ExprId]> = run.events.iter().map(|e| e.cond).collect();
            let origin = task.as_ref().and_then(|t| t.origin.clone());
            let rec = PathRecord {
                origin,
                id: s.feasible_paths,
                input: input.clone(),
                run,
                flip,
                task: task.as_ref().map(|t| t.id),
                diverged,
                at: start.elapsed(),
                conds: conds.clone(),
                traces,
            };
            s.paths_over_time.push((rec.at.as_secs_f64() * 1000.0, s.feasible_paths));
            // SPF candidates: negate every event after the initiating one.
            let from = flip.map(|f| f + 1).unwrap_or(0);
            let mut cands = Vec::new();
            let mut occ: std::collections::HashMap<(u32, u32), u32> = std::collections::HashMap::new();
            for (i, e) in rec.run.events.iter().enumerate() {
                let o = occ.entry((e.method, e.pc)).or_insert(0);
                let this_occ = *o;
                *o += 1;
                if i < from {
                    continue;
                }
                match &e.alts {
                    Alts::None => {}
                    Alts::Negate => {
                        let neg = self.pool.not(e.cond);
                        cands.push(Task {
                            id: 0,
                            parent: rec.id,
                            flip: i,
                            prefix: Prefix::Path(conds.clone(), i),
                            cond: neg,
                            base: input.clone(),
                            site: (e.method, e.pc, 1 - e.dir.min(1)),
                            occ: this_occ,
                            origin: None,
                        });
                    }
                    Alts::Switch { key, cases, default } => {
                        let arms = if *default { cases.len() + 1 } else { cases.len() };
                        for arm in 0..arms {
                            if arm as u32 == e.dir {
                                continue;
                            }
                            let c = crate::vm::ops::switch_arm_cond(&mut self.pool, *key, cases, arm);
                            if matches!(self.pool.node(c), crate::symbolic::Node::Bool(false)) {
                                continue;
                            }
                            cands.push(Task {
                                id: 0,
                                parent: rec.id,
                                flip: i,
                                prefix: Prefix::Path(conds.clone(), i),
                                cond: c,
                                base: input.clone(),
                                site: (e.method, e.pc, arm as u32),
                                occ: this_occ,
                                origin: None,
                            });
                        }
                    }
                }
            }
            for p in pruners.iter_mut() {
                p.select_tasks(&rec, &mut cands);
            }
            searcher.observe_path(&rec);
            if !duplicate {
                for o in observers.iter_mut() {
                    o.on_path(&self.driver, &self.pool, self.prog, &rec);
                }
            }
            for mut c in cands {
                c.id = next_task_id;
                next_task_id += 1;
                searcher.push(c);
            }
        }
        if let Some(e) = &error {
            s.stop = StopReason::Error(e.to_string());
        }
        s.faults = faults.len() as u64;
        s.fault_classes = fault_classes.into_iter().collect();
        let st = &self.solver.stats;
        s.solver_calls = st.queries;
        s.solver_time_ms = st.total_time().as_secs_f64() * 1000.0;
        s.solver_sat_ms = st.sat_time.as_secs_f64() * 1000.0;
        s.solver_unsat_ms = st.unsat_time.as_secs_f64() * 1000.0;
        s.solver = st.clone();
        s.coverage = coverage::views(self.prog, self.driver.entry.method, &self.cov, None);
        s.branches_covered = s.coverage.reachable.branches_covered;
        s.branches_total = s.coverage.reachable.branches_total;
        s.branch_coverage = s.coverage.reachable.branch_ratio();
        s.instruction_coverage = s.coverage.reachable.instruction_ratio();
        s.analysis_time_ms = self.analysis_time.as_secs_f64() * 1000.0;
        s.wall_time_ms = (start.elapsed() + self.analysis_time).as_secs_f64() * 1000.0;
        (s, error)
    }
}

/// The index of the `occ`-th event at (method, pc).
fn find_instance(events: &[crate::vm::Event], method: u32, pc: u32, occ: u32) -> Option<usize> {
    events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.method == method && e.pc == pc)
        .nth(occ as usize)
        .map(|(i, _)| i)
}
