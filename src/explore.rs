//! The exploration loop (DGSE Algorithm 1, CREST-style concolic search): pop a task, solve it,
//! run the new input, build the candidate tasks of the new path (every event after the
//! initiating one, negated), let the pruners narrow them, and push the rest.

mod ahead;
pub mod candidates;
pub mod coverage;
mod debug;
pub mod driver;
mod internal;
pub mod missing;
pub mod progress;
pub mod remote;
pub mod snapshots;
mod stop;
pub mod summary;
pub use crate::task;

use crate::budget::{Budget, Exhausted};
use crate::program::Program;
use crate::solver::{Answer, Solver, SolverConfig, SolverError};
use crate::strategy::preset::{self, Preset, PresetCtx, PresetError};
use crate::strategy::{PathEnd, Pruner, PrunerStats, Searcher, TaskCtx, TaskResult};
use crate::symbolic::ExprPool;
use crate::vm::shadow::BoxedTracker;
use crate::vm::{Coverage, VmConfig, VmError};
use driver::Driver;
use std::sync::Arc;
use std::time::Instant;
use task::{Continuation, PathRecord, Pending, Task};

pub use ahead::{WorkerLoad, WorkerStats};
pub use summary::{StopReason, Summary};

pub use coverage::coverage_totals;

/// The ids of runs that are no new path (repeats, runs an `assume` dropped) start above this:
/// no path count reaches it.
pub const OTHER_RUN_IDS: u64 = 1 << 48;

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

/// Passes on only the paths that covered something new (a branch edge or an instruction no
/// earlier run covered) or ended in an exception, when `on` (`--only-new-coverage`); every path
/// otherwise.
pub struct OnlyNewCoverage<'a> {
    inner: &'a mut dyn Observer,
    on: bool,
}

impl<'a> OnlyNewCoverage<'a> {
    /// Wraps `inner`.
    pub fn new(inner: &'a mut dyn Observer, on: bool) -> Self {
        OnlyNewCoverage { inner, on }
    }
}

impl Observer for OnlyNewCoverage<'_> {
    fn on_path(&mut self, d: &Driver, pool: &ExprPool, prog: &Program, path: &PathRecord) {
        if !self.on || path.covers_new || matches!(path.run.outcome, crate::vm::Outcome::Exception { .. }) {
            self.inner.on_path(d, pool, prog, path);
        }
    }
    fn on_dead_task(&mut self, task: &Task, unknown: bool) {
        self.inner.on_dead_task(task, unknown);
    }
}

/// One exploration of one driver.
pub struct Explorer<'a> {
    /// Program (classes are loaded on demand and kept).
    pub prog: &'a Program,
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
    /// The solver of pruners' internal tasks (created on first use with the configuration of
    /// `solver`): their queries must not change the caches, and so the models, the search
    /// sees.
    internal_solver: Option<Solver>,
    solver_cfg: SolverConfig,
    /// Worker threads for the runs (`--workers`; 1 runs everything on the calling thread).
    /// Results do not depend on it (see the `ahead` module).
    pub workers: usize,
    /// Resuming tasks from snapshots of their parent's run (the `snapshots` module); results
    /// do not depend on it.
    pub snapshots: snapshots::SnapshotPolicy,
    /// Connections to remote workers (`--remote`, the `remote` module), used by the next
    /// [`Explorer::explore`] instead of worker threads; results do not depend on them.
    pub remote: Option<Vec<remote::Connection>>,
}

/// How the solver answered a task.
enum Solved {
    /// A model: run it.
    Sat(crate::symbolic::Assignment),
    /// No path: infeasible or undecided.
    Dead(TaskResult),
    /// The run's own deadline or a signal cut the query short.
    Stop(Exhausted),
}

impl<'a> Explorer<'a> {
    /// Resolves the driver and prepares an exploration.
    pub fn new(
        prog: &'a Program,
        spec: &str,
        opts: &driver::InputOptions,
        solver_cfg: SolverConfig,
        vm: VmConfig,
        limits: Limits,
    ) -> Result<Self, driver::DriverError> {
        let mut pool = ExprPool::new();
        let solver = Solver::new(solver_cfg.clone());
        let driver = driver::resolve(prog, &mut pool, spec, opts, &limits.budget)?;
        let mut vm = vm;
        vm.budget = Some(limits.budget.clone());
        // The inputs the program draws while it runs take the parameters' range.
        vm.int_range = (opts.min_int, opts.max_int);
        Ok(Explorer {
            prog,
            pool,
            solver,
            driver,
            vm,
            limits,
            cov: Coverage::default(),
            internal_solver: None,
            solver_cfg,
            workers: 1,
            snapshots: snapshots::SnapshotPolicy::default(),
            remote: None,
        })
    }

    /// Builds the named strategy (see [`preset::build`]) for this driver: its searcher (or the
    /// `search` order with `seed`), its pruners and what they prepare (static analyses).
    pub fn preset(&mut self, name: &str, search: &str, seed: u64, changed_lines: &[(String, u16)]) -> Result<Preset, PresetError> {
        let mut ctx = PresetCtx {
            prog: self.prog,
            entry: self.driver.entry.method,
            budget: self.limits.budget.clone(),
            changed_lines,
            search,
            seed,
        };
        let mut p = preset::build(name, &mut ctx)?;
        if self.driver.entry.args.iter().any(|a| matches!(a, crate::vm::ArgSpec::Lazy { .. })) {
            p.for_lazy_inputs();
        }
        Ok(p)
    }

    /// Solves a task's constraints (with the unsat core when `want_core`).
    fn solve(&mut self, task: &Task, want_core: bool) -> Result<Solved, SolverError> {
        self.solver.set_deadline(self.limits.budget.remaining());
        Ok(
            match self.solver.solve_task(&self.pool, &task.prefix, task.cond, &task.base, want_core)? {
                Answer::Sat(a) => Solved::Sat(a),
                Answer::Unsat(core) => Solved::Dead(TaskResult::Unsat(core)),
                Answer::Unknown(why) => {
                    // A query cut short by the run's own deadline or a signal is work not done,
                    // not an undecided path.
                    if self.solver.last_query_capped() {
                        self.limits.budget.exhaust(Exhausted::Timeout);
                    }
                    match self.limits.budget.poll() {
                        Some(x) => Solved::Stop(x),
                        None => Solved::Dead(TaskResult::Unknown(why)),
                    }
                }
            },
        )
    }

    /// Runs the exploration with a built strategy to completion or a limit. Never loses what
    /// was found: on an engine error the summary so far is returned with the error as its stop
    /// reason. With [`Explorer::workers`] above 1, worker threads run queued tasks ahead (see
    /// the `ahead` module); the results are the same.
    pub fn explore(&mut self, preset: &mut Preset, observers: &mut [&mut dyn Observer]) -> (Summary, Option<ExploreError>) {
        self.vm.snapshots = self.snapshots.enabled;
        if let Some(conns) = self.remote.take() {
            return self.explore_remote(preset, observers, conns);
        }
        let Some(makers) = ahead::makers(self.workers, &preset.pruners) else {
            return self.explore_with(preset, observers, None);
        };
        let Ok(threads) = rayon::ThreadPoolBuilder::new()
            .num_threads(self.workers - 1)
            // The interpreter recurses for calls from natives, as on the explorer's thread.
            .stack_size(crate::cli::WORK_STACK_BYTES)
            .thread_name(|i| format!("jsymex-worker-{}", i + 1))
            .build()
        else {
            return self.explore_with(preset, observers, None);
        };
        let shared = ahead::Ahead::new(self.workers, makers, preset.searcher.ahead_oldest());
        let env = ahead::WorkerEnv {
            prog: self.prog,
            vm: self.vm.clone(),
            entry: self.driver.entry.clone(),
            solver: self.solver_cfg.clone(),
            budget: self.limits.budget.clone(),
        };
        let (shared, env) = (&shared, &env);
        threads.in_place_scope(|scope| {
            for index in 0..self.workers - 1 {
                scope.spawn(move |_| shared.work(env, index));
            }
            // It ends the workers (`Ahead::finish`) before it returns.
            self.explore_with(preset, observers, Some(shared))
        })
    }

    /// [`Explorer::explore`] with remote workers, one per connection.
    fn explore_remote(
        &mut self,
        preset: &mut Preset,
        observers: &mut [&mut dyn Observer],
        conns: Vec<remote::Connection>,
    ) -> (Summary, Option<ExploreError>) {
        let n = conns.len() + 1;
        let (Some(makers), Some(codecs)) = (ahead::makers(n, &preset.pruners), remote::codecs(preset)) else {
            eprintln!(
                "jsymex: note: strategy '{}' cannot run on remote workers; every run is made by the explorer",
                preset.name
            );
            return self.explore_with(preset, observers, None);
        };
        let shared = ahead::Ahead::new(n, makers, preset.searcher.ahead_oldest());
        let (shared, codecs, prog) = (&shared, &codecs, self.prog);
        let (mut s, err) = std::thread::scope(|scope| {
            for (index, conn) in conns.into_iter().enumerate() {
                scope.spawn(move || shared.work_remote(prog, index, conn, codecs));
            }
            self.explore_with(preset, observers, Some(shared))
        });
        s.workers.remote_workers = n - 1;
        let remote_peak = s.workers.per_worker.iter().filter_map(|w| w.peak_rss_bytes).max().unwrap_or(0);
        s.workers.peak_rss_per_worker_bytes = s.workers.peak_rss_bytes.max(remote_peak);
        (s, err)
    }

    fn explore_with(
        &mut self,
        preset: &mut Preset,
        observers: &mut [&mut dyn Observer],
        ahead: Option<&ahead::Ahead>,
    ) -> (Summary, Option<ExploreError>) {
        let start = Instant::now();
        let searcher: &mut dyn Searcher = preset.searcher.as_mut();
        let pruners = &mut preset.pruners;
        let needs = pruners
            .iter()
            .fold(Default::default(), |n: crate::strategy::Needs, p| n.union(p.needs()));
        let mut pstats: Vec<PrunerStats> = pruners
            .iter()
            .map(|p| PrunerStats {
                name: p.name().to_string(),
                ..Default::default()
            })
            .collect();
        let mut s = Summary::new(&preset.name, &searcher.name(), &self.driver.display);
        let mut tally = summary::Tally::default();
        if needs.cuts {
            tally.keep_prefixes();
        }
        let mut next_task_id = 0u64;
        let mut other_runs = 0u64;
        let mut error = None;
        let mut pending_first = Some(Arc::new(self.driver.initial.clone()));
        let mut ticker = progress::Ticker::new(self.prog, self.driver.entry.method, observers);
        let debug_diverge = debug::diverge_enabled();
        // A searcher that schedules path ends gets the tests in its own order: each run's
        // record waits here until its end continuation is popped.
        let ends = searcher.fork_level() && searcher.schedules_ends();
        let mut held: std::collections::BTreeMap<u64, (PathRecord, bool)> = Default::default();
        let mut runs = 0u64;
        // True after stepping over a fork or reaching a run's end: no solver call and no run
        // happened since the last checks of the clock and the budget.
        let mut cheap_step = false;
        let mut local = ahead.map(|a| a.start(&self.pool, &mut self.cov));
        let mut snaps = snapshots::SnapshotStore::new(self.snapshots, searcher.ahead_oldest());
        // The tasks of the fork a continuation steps over (one buffer for the whole run).
        let mut stepped: Vec<Task> = Vec::new();
        // A fork-level searcher's flips are solved when the fork is stepped over, as KLEE
        // forks: a feasible flip becomes a state with its model kept here until it is
        // selected; an infeasible one never becomes a state and is reported at once.
        let mut early_models: rustc_hash::FxHashMap<u64, crate::symbolic::Assignment> = Default::default();
        let mut early_dead: std::collections::VecDeque<(Task, Solved)> = Default::default();
        let verify_snapshots = std::env::var_os("JSYMEX_SNAPSHOT_VERIFY").is_some_and(|v| v != "0");
        loop {
            if !std::mem::take(&mut cheap_step) {
                if ticker.due() {
                    ticker.notify(&s, searcher.len(), &self.cov, start, observers);
                }
                if let Some(why) = self.limits.budget.poll() {
                    s.stop = StopReason::from_budget(why);
                    break;
                }
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
                let (task, early) = match early_dead.pop_front() {
                    Some((t, dead)) => (t, Some(dead)),
                    None => match searcher.pop() {
                        None => break,
                        Some(Pending::Flip(t)) => {
                            let early = early_models.remove(&t.id).map(Solved::Sat);
                            (t, early)
                        }
                        Some(Pending::Continue(c)) if c.at_end() => {
                            if let Some((rec, true)) = held.remove(&c.forks.run) {
                                for o in observers.iter_mut() {
                                    o.on_path(&self.driver, &self.pool, self.prog, &rec);
                                }
                            }
                            cheap_step = true;
                            continue;
                        }
                        Some(Pending::Continue(c)) => {
                            // Stepping over a fork of a recorded run replays nothing (lazy
                            // replay); its flips are solved now and the feasible ones, with the
                            // continuation at the next fork, go back to the searcher, which
                            // chooses among them.
                            if let Some(r) = c.step(ends, &mut stepped) {
                                searcher.push(Pending::Continue(r));
                            }
                            let mut solved_any = false;
                            for t in stepped.drain(..) {
                                if needs.retracts && !kept(pruners, &mut pstats, &t) {
                                    continue;
                                }
                                solved_any = true;
                                match self.solve(&t, needs.unsat_cores) {
                                    Ok(Solved::Sat(a)) => {
                                        early_models.insert(t.id, a);
                                        searcher.push(Pending::Flip(t));
                                    }
                                    Ok(dead @ Solved::Dead(_)) => {
                                        searcher.on_dead_flip(&t);
                                        early_dead.push_back((t, dead));
                                    }
                                    // Decided again when selected (where a stop or an error ends
                                    // the exploration).
                                    Ok(Solved::Stop(_)) | Err(_) => searcher.push(Pending::Flip(t)),
                                }
                            }
                            cheap_step = !solved_any;
                            continue;
                        }
                    },
                };
                let popped = early.is_none() || matches!(early, Some(Solved::Sat(_)));
                let solved = match early {
                    Some(e) => Ok(e),
                    None => self.solve(&task, needs.unsat_cores),
                };
                match solved {
                    Ok(Solved::Sat(a)) => (Arc::new(a), Some(task)),
                    Ok(Solved::Dead(result)) => {
                        let unknown = matches!(result, TaskResult::Unknown(_));
                        if unknown {
                            s.unknown_paths += 1;
                        } else {
                            s.infeasible_paths += 1;
                        }
                        let mut ctx = TaskCtx {
                            pool: &mut self.pool,
                            prog: self.prog,
                            parent: None,
                        };
                        for (p, st) in pruners.iter_mut().zip(pstats.iter_mut()) {
                            let t0 = Instant::now();
                            p.on_task_result(&task, &result, &mut ctx);
                            st.time_ms += t0.elapsed().as_secs_f64() * 1000.0;
                        }
                        for o in observers.iter_mut() {
                            o.on_dead_task(&task, unknown);
                        }
                        if let (Some(a), Some(l)) = (ahead, &mut local) {
                            a.dead(l, &task);
                        }
                        snaps.release(&task);
                        if popped {
                            searcher.on_dead(&task);
                        }
                        if let Err(e) = self.run_internal(pruners, &mut pstats, needs.unsat_cores, start) {
                            error = Some(e);
                            break;
                        }
                        if needs.retracts {
                            retract(searcher, pruners, &mut pstats);
                        }
                        continue;
                    }
                    Ok(Solved::Stop(why)) => {
                        s.stop = StopReason::from_budget(why);
                        break;
                    }
                    Err(e) => {
                        error = Some(ExploreError::Solver(e));
                        break;
                    }
                }
            };
            let covered_before = (self.cov.edge_log.len(), self.cov.instr_log.len());
            // A task resumes from its parent's snapshot where one is kept (such tasks are never
            // offered to workers), else it may have been run ahead.
            let snap = task.as_ref().and_then(|t| snaps.take(t, &self.pool, &input));
            let made = match (ahead, &mut local, &task, &snap) {
                (Some(a), Some(l), Some(t), None) => a.take(l, t, &input),
                _ => None,
            };
            let (run, traces) = match made {
                // Made ahead on a worker with this very input: merged as if run here.
                Some(m) => {
                    let (run, traces) = m.merge(&mut self.pool, &mut self.cov);
                    (Ok(run), traces)
                }
                None => {
                    if let Some(l) = &mut local {
                        l.own_run();
                    }
                    let mut trackers: Vec<Option<BoxedTracker>> = pruners.iter_mut().map(|p| p.tracker_for(task.as_ref())).collect();
                    let resumed = match &snap {
                        Some(sn) => crate::vm::resume_tracked(
                            self.prog,
                            &mut self.pool,
                            &mut self.cov,
                            &self.vm,
                            &self.driver.entry,
                            sn,
                            &input,
                            &mut trackers,
                            task.as_ref().map_or(0, |t| t.flip + 1),
                        ),
                        None => Ok(None),
                    };
                    if snap.is_some() && matches!(resumed, Ok(None)) && trackers.iter().any(Option::is_some) {
                        // A refused resume may have restored part of the trackers' state.
                        trackers = pruners.iter_mut().map(|p| p.tracker_for(task.as_ref())).collect();
                    }
                    let run = match resumed {
                        Ok(Some(r)) => {
                            snaps.stats.resumed += 1;
                            snaps.stats.instructions_saved += r.resumed_steps;
                            if verify_snapshots {
                                snapshots::verify(self.prog, &mut self.pool, &mut self.cov, &self.vm, &self.driver.entry, &input, &r);
                            }
                            Ok(r)
                        }
                        Ok(None) => {
                            if snap.is_some() {
                                snaps.stats.refused += 1;
                            }
                            crate::vm::run_tracked(
                                self.prog,
                                &mut self.pool,
                                &mut self.cov,
                                &self.vm,
                                &self.driver.entry,
                                &input,
                                &mut trackers,
                                task.as_ref().map_or(0, |t| t.flip + 1),
                            )
                        }
                        Err(e) => Err(e),
                    };
                    (run, trackers.into_iter().map(|t| t.map(|mut t| t.finish())).collect())
                }
            };
            let mut run = match run {
                Ok(r) => r,
                Err(e) => {
                    error = Some(ExploreError::Vm(e));
                    break;
                }
            };
            let taken = std::mem::take(&mut run.snapshots);
            let input = if run.input_fix.is_empty() {
                input
            } else {
                let mut fixed = (*input).clone();
                for &(v, x) in &run.input_fix {
                    if fixed.len() <= v as usize {
                        let sorts: Vec<_> = (fixed.len()..=v as usize).map(|k| self.pool.var_sort(k as u32)).collect();
                        fixed.extend(sorts.into_iter().map(crate::symbolic::eval::zero_of));
                    }
                    fixed[v as usize] = x;
                }
                Arc::new(fixed)
            };
            let duplicate = !matches!(run.outcome, crate::vm::Outcome::Assumed)
                && tally.repeats(&run.events, matches!(run.outcome, crate::vm::Outcome::Cut(_)));
            let end = PathEnd::of(&run.outcome, duplicate);
            let id = match (tally.count(&mut s, &run, end), end) {
                // A run that is no new path (a repeat, or one an `assume` dropped) gets an id of
                // its own above every path's: it was the last path's, and tasks, snapshots and
                // the pruners' trees key what they keep by the id of the run it came from (a
                // task of the path resumed from the repeat's snapshot, whose prefix differs).
                (_, PathEnd::Duplicate | PathEnd::Assumed) => {
                    other_runs += 1;
                    OTHER_RUN_IDS + other_runs
                }
                (id, _) => id,
            };
            // The initiating event in this path: the same instance of the flipped site.
            let (flip, diverged) = match &task {
                None => (None, false),
                Some(t) => match candidates::find_instance(&run.events, t.site.0, t.site.1, t.occ) {
                    Some(j) if run.events[j].dir == t.site.2 => (Some(j), false),
                    Some(j) => (Some(j), true),
                    None => (Some(run.events.len()), true),
                },
            };
            if diverged {
                s.diverged_paths += 1;
                if debug_diverge && let Some(t) = &task {
                    debug::report_divergence(self.prog, &self.pool, t, &run.events);
                }
            }
            let conds: Arc<[crate::symbolic::ExprId]> = run.events.iter().map(|e| e.cond).collect();
            let covers_new = (self.cov.edge_log.len(), self.cov.instr_log.len()) != covered_before;
            let rec = PathRecord {
                covers_new,
                origin: task.as_ref().and_then(|t| t.origin.clone()),
                id,
                input: input.clone(),
                run,
                flip,
                task: task.as_ref().map(|t| t.id),
                diverged,
                at: start.elapsed(),
                conds,
                traces,
            };
            tally.timeline(&mut s, &rec);
            s.coverage_log
                .push((rec.at.as_secs_f64() * 1000.0, self.cov.edge_log.len(), self.cov.instr_log.len()));
            let mut cands = candidates::spf(&rec, &mut self.pool);
            {
                let mut ctx = TaskCtx {
                    pool: &mut self.pool,
                    prog: self.prog,
                    parent: task.as_ref(),
                };
                for (p, st) in pruners.iter_mut().zip(pstats.iter_mut()) {
                    let t0 = Instant::now();
                    let before = cands.len() as u64;
                    p.select_tasks(&rec, &mut cands, &mut ctx);
                    st.candidates += before;
                    st.removed += before.saturating_sub(cands.len() as u64);
                    st.time_ms += t0.elapsed().as_secs_f64() * 1000.0;
                }
                for (p, st) in pruners.iter_mut().zip(pstats.iter_mut()) {
                    let t0 = Instant::now();
                    p.on_path_end(&rec, end, &mut ctx);
                    st.time_ms += t0.elapsed().as_secs_f64() * 1000.0;
                }
            }
            // An error in a pruner's internal work stops the loop after this path is reported.
            let internal = self.run_internal(pruners, &mut pstats, needs.unsat_cores, start);
            searcher.observe_path(&rec);
            // Repeated runs and runs an `assume` dropped are not paths of the input space.
            let emit = !matches!(end, PathEnd::Duplicate | PathEnd::Assumed);
            if emit && !ends {
                for o in observers.iter_mut() {
                    o.on_path(&self.driver, &self.pool, self.prog, &rec);
                }
            }
            for c in cands.iter_mut() {
                c.id = next_task_id;
                next_task_id += 1;
            }
            snaps.keep(id, taken, &cands);
            if let (Some(a), Some(l)) = (ahead, &mut local) {
                if self.snapshots.enabled {
                    let open: Vec<Task> = cands.iter().filter(|t| !snaps.has(t)).cloned().collect();
                    a.offer(l, &open, &self.pool, &mut self.cov);
                } else {
                    a.offer(l, &cands, &self.pool, &mut self.cov);
                }
            }
            let run_no = runs;
            runs += 1;
            if searcher.fork_level() {
                let forks = candidates::forks(&rec, run_no, cands);
                // The record waits for its end only when someone reads it then; the pruners
                // are done with their traces.
                if ends && !observers.is_empty() {
                    let mut rec = rec;
                    rec.traces.clear();
                    held.insert(run_no, (rec, emit));
                }
                if ends || !forks.forks.is_empty() {
                    searcher.push(Pending::Continue(Continuation {
                        forks: Arc::new(forks),
                        next: 0,
                    }));
                }
            } else {
                for c in cands {
                    searcher.push(Pending::Flip(c));
                }
            }
            if needs.retracts {
                retract(searcher, pruners, &mut pstats);
            }
            if let Err(e) = internal {
                error = Some(e);
                break;
            }
        }
        // Paths whose end the searcher had not reached yet still get their tests.
        for (_, (rec, emit)) in std::mem::take(&mut held) {
            if emit {
                for o in observers.iter_mut() {
                    o.on_path(&self.driver, &self.pool, self.prog, &rec);
                }
            }
        }
        if let Some(e) = &error {
            s.stop = StopReason::Error(e.to_string());
        }
        s.search_counters = searcher.counters();
        s.snapshots = snaps.stats.clone();
        tally.finish(&mut s, self.prog);
        for (p, st) in pruners.iter().zip(pstats.iter_mut()) {
            st.counters = p.counters();
        }
        if pruners.iter().any(|p| !p.keeps_coverage()) {
            s.keeps = "bugs";
        }
        s.extra_paths = pruners.iter().map(|p| p.extra_paths()).sum();
        s.pruners = pstats;
        let tasks = s.feasible_paths + s.infeasible_paths + s.unknown_paths;
        s.workers = match (ahead, local) {
            (Some(a), Some(l)) => a.finish(l, &mut self.cov),
            _ => WorkerStats {
                workers: self.workers.max(1),
                own_runs: runs,
                ..Default::default()
            },
        };
        let peak = crate::budget::peak_resident_bytes().unwrap_or(0);
        s.workers.peak_rss_bytes = peak;
        s.workers.peak_rss_per_worker_bytes = peak / s.workers.workers.max(1) as u64;
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        s.workers.paths_per_second = s.feasible_paths as f64 / secs;
        s.workers.tasks_per_second = tasks as f64 / secs;
        let st = &self.solver.stats();
        s.solver_calls = st.queries;
        s.solver_time_ms = st.total_time().as_secs_f64() * 1000.0;
        s.solver_sat_ms = st.sat_time.as_secs_f64() * 1000.0;
        s.solver_unsat_ms = st.unsat_time.as_secs_f64() * 1000.0;
        s.solver = st.clone();
        s.coverage = coverage::views(self.prog, self.driver.entry.method, &self.cov, None);
        coverage::over_time(self.prog, &self.cov, &mut s);
        s.branches_covered = s.coverage.reachable.branches_covered;
        s.branches_total = s.coverage.reachable.branches_total;
        s.branch_coverage = s.coverage.reachable.branch_ratio();
        s.instruction_coverage = s.coverage.reachable.instruction_ratio();
        s.analysis_time_ms = preset.prepare_time.as_secs_f64() * 1000.0;
        s.wall_time_ms = (start.elapsed() + preset.prepare_time).as_secs_f64() * 1000.0;
        crate::budget::discard((snaps, stepped));
        (s, error)
    }
}

/// True when every pruner keeps the queued task (the first that rejects it is credited with
/// the retraction).
fn kept(pruners: &mut [Box<dyn Pruner>], pstats: &mut [PrunerStats], t: &Task) -> bool {
    for (p, st) in pruners.iter_mut().zip(pstats.iter_mut()) {
        if !p.keep_pending(t) {
            st.retracted += 1;
            return false;
        }
    }
    true
}

/// Drops the queued tasks some pruner no longer wants. Continuations stay: their tasks are
/// checked when they are stepped.
fn retract(searcher: &mut dyn Searcher, pruners: &mut [Box<dyn Pruner>], pstats: &mut [PrunerStats]) {
    searcher.retain(&mut |p| match p {
        Pending::Flip(t) => kept(pruners, pstats, t),
        Pending::Continue(_) => true,
    });
}
