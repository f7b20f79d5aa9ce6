//! Runs ahead on other workers (`--workers N`): while the explorer works through the search
//! in order, worker threads solve and run the queued tasks it is likely to reach soon, and the
//! explorer uses such a run only when it is exactly the run it would have made itself.
//!
//! The explorer stays one sequence: it pops tasks in the search order, asks its own solver
//! for each (so the models, and with them every input and path, are those of a run with one
//! worker), and hands the pruners, searcher and observers each path in that order. What goes
//! on in parallel is the expensive part, the concrete runs (on `schedule2` most of the time):
//!
//! - **Replicas.** Each worker keeps a copy of the explorer's pool of terms, with the same
//!   ids: the explorer publishes what its pool gained ([`ExprPool::delta_since`]) with every
//!   batch of tasks it queues, and a worker brings its copy up to date before each task. A
//!   worker's run builds its terms in its copy and takes them back out afterwards
//!   ([`ExprPool::split_off`]), so the copy stays a prefix of the explorer's pool.
//! - **Ahead.** A worker takes the queued task the search will likely reach first
//!   ([`Searcher::ahead_oldest`](crate::strategy::Searcher::ahead_oldest) says from which
//!   end), solves it with a solver of its own, runs it with the trackers the pruners' makers
//!   give ([`Pruner::tracker_maker`]), journals the coverage it adds ([`Coverage::journal`])
//!   and keeps the run with the input its solver chose.
//! - **Use.** When the search pops the task, the explorer's solver answers; if its model is
//!   the same input, the kept run is merged (its terms re-interned in order,
//!   [`ExprPool::merge`], coverage journal applied, events renamed) exactly as if it had run
//!   there and then; otherwise (or when no
//!   worker got to it) the explorer runs the task itself. A task a worker is running is waited
//!   for.
//!
//! So results never depend on the number of workers or on timing: the same paths in the same
//! order, the same JSONL, counts and coverage as with one worker. A strategy with a pruner
//! that has no tracker maker runs every path on the explorer's thread.

use crate::program::Program;
use crate::solver::{Answer, Solver, SolverConfig};
use crate::strategy::TrackerMaker;
use crate::symbolic::{Assignment, ExprPool, LayerDelta, Mark};
use crate::task::Task;
use crate::vm::{Coverage, Covered, Entry, PathRun, VmConfig};
use std::any::Any;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Runs kept ahead of the search at most; workers wait while this many are unused.
const MAX_HELD: usize = 4096;
/// At most this many bytes (estimated, see [`Made::bytes`]) of runs made ahead wait for the
/// search: a run made ahead keeps the snapshots its worker took, and under a fork-level or
/// random order the search may reach its task much later or never (4,096 held nanoxml runs
/// with their snapshots were 1.6 GB).
const MAX_HELD_BYTES: usize = 64 << 20;
/// Tasks queued for the workers at most; the ones the search reaches last are dropped.
const MAX_QUEUED: usize = 65_536;

/// A run made on a worker, detached from its layer.
pub(crate) struct Made {
    /// The input it ran.
    pub(super) input: Assignment,
    /// The run, in the layer's term ids.
    pub(super) run: PathRun,
    /// The terms the run made.
    pub(super) delta: LayerDelta,
    /// The coverage it added to its worker's copy, in order.
    pub(super) journal: Vec<Covered>,
    /// What the pruners' trackers finished into.
    pub(super) traces: Vec<Option<Box<dyn Any + Send>>>,
}

impl Made {
    /// An estimate of the memory the run holds while it waits: its snapshots (as the snapshot
    /// store counts them), its events and its terms.
    fn bytes(&self) -> usize {
        let snaps: usize = self.run.snapshots.iter().map(|s| s.bytes()).sum();
        snaps + self.run.events.len() * std::mem::size_of::<crate::vm::Event>() + self.delta.len() * 32 + 256
    }

    /// Merges the run into the explorer's pool and coverage; returns it with the pool's ids.
    pub fn merge(self, pool: &mut ExprPool, cov: &mut Coverage) -> (PathRun, Vec<Option<Box<dyn Any + Send>>>) {
        let remap = pool.merge(&self.delta);
        let mut run = self.run;
        run.remap(&remap);
        cov.apply(&self.journal);
        (run, self.traces)
    }
}

/// What the workers did, reported in `--json` as `workers`.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct WorkerStats {
    /// Threads asked for (`--workers`), the explorer's own included (1: every run on the
    /// explorer's thread).
    pub workers: usize,
    /// Whether runs went ahead (false with one worker, or with a pruner that cannot).
    pub runs_ahead: bool,
    /// Runs the explorer made itself.
    pub own_runs: u64,
    /// Queued tasks the workers solved ahead.
    pub ahead_tasks: u64,
    /// Of those, runs made ahead.
    pub ahead_runs: u64,
    /// Runs made ahead that the explorer used.
    pub ahead_used: u64,
    /// Runs made ahead whose input differed from the explorer's model (dropped).
    pub ahead_mismatched: u64,
    /// Runs made ahead that were never used (their task was dead, dropped or never popped).
    pub ahead_unused: u64,
    /// Times the explorer waited for a worker's run.
    pub waits: u64,
    /// Terms the explorer published to the workers' copies of its pool.
    pub published_terms: u64,
    /// Per worker thread: runs made, tasks solved and busy milliseconds.
    pub per_worker: Vec<WorkerLoad>,
    /// Feasible paths per second of the whole exploration.
    pub paths_per_second: f64,
    /// Tasks (feasible and infeasible) per second of the whole exploration.
    pub tasks_per_second: f64,
    /// Of `workers`, the remote ones (`--remote-workers`, `jsymex-ray`).
    pub remote_workers: usize,
    /// Jobs sent again because their remote worker was lost.
    pub remote_lost: u64,
    /// Peak resident memory of the explorer's process (its worker threads included), bytes.
    pub peak_rss_bytes: u64,
    /// Peak resident memory per worker, bytes: the process's peak over its workers when they
    /// are threads of one process; with remote workers, the largest peak of one process (the
    /// explorer's or a worker's).
    pub peak_rss_per_worker_bytes: u64,
}

/// One worker thread's share.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct WorkerLoad {
    /// Runs it made.
    pub runs: u64,
    /// Tasks it solved.
    pub tasks: u64,
    /// Time spent solving and running, in milliseconds.
    pub busy_ms: f64,
    /// Runs it made per second of its busy time.
    pub runs_per_second: f64,
    /// A remote worker's peak resident memory (its process, the largest it reported), bytes;
    /// `None` for a thread of the explorer's process.
    pub peak_rss_bytes: Option<u64>,
}

/// The makers of the trackers of every pruner, when runs may go ahead with `workers` workers.
pub(crate) fn makers(workers: usize, pruners: &[Box<dyn crate::strategy::Pruner>]) -> Option<Vec<TrackerMaker>> {
    if workers <= 1 {
        return None;
    }
    tracker_makers(pruners)
}

/// The makers of the trackers of every pruner, when every pruner has one (its runs may be
/// made on another thread or process).
pub(crate) fn tracker_makers(pruners: &[Box<dyn crate::strategy::Pruner>]) -> Option<Vec<TrackerMaker>> {
    pruners.iter().map(|p| p.tracker_maker()).collect()
}

/// What a worker reads.
pub(crate) struct WorkerEnv<'a> {
    /// The program.
    pub prog: &'a Program,
    /// VM limits.
    pub vm: VmConfig,
    /// The driver's entry.
    pub entry: Entry,
    /// The solver's configuration.
    pub solver: SolverConfig,
    /// The run's budget (deadlines of the workers' queries).
    pub budget: Arc<crate::budget::Budget>,
}

/// The state the explorer and the workers share, under one lock.
struct State {
    /// What the explorer's pool gained, batch by batch; entry `i` is number `log_start + i`.
    log: VecDeque<Arc<LayerDelta>>,
    log_start: usize,
    /// Per worker: log entries its copy has taken in.
    synced: Vec<usize>,
    /// Tasks a worker may take, by id.
    queue: BTreeMap<u64, Task>,
    /// Tasks a worker is running.
    running: HashSet<u64>,
    /// Tasks whose run, when it arrives, is not wanted any more.
    gone: HashSet<u64>,
    /// Runs made ahead, by task id.
    held: HashMap<u64, Made>,
    /// Their estimated memory ([`Made::bytes`]).
    held_bytes: usize,
    /// The exploration is over.
    stop: bool,
    /// Every item the explorer's coverage gained, in order (workers' copies follow it).
    cov_log: Vec<Covered>,
    ahead_tasks: u64,
    ahead_runs: u64,
    /// Worker threads that have ended, with their loads.
    loads: Vec<WorkerLoad>,
    /// Jobs whose remote worker was lost (sent again).
    lost: u64,
}

impl State {
    /// Takes the run made ahead for task `id` out of the held ones.
    fn unhold(&mut self, id: u64) -> Option<Made> {
        let m = self.held.remove(&id)?;
        self.held_bytes = self.held_bytes.saturating_sub(m.bytes());
        Some(m)
    }
}

/// The explorer's side of the workers.
pub(crate) struct Ahead {
    state: Mutex<State>,
    /// Workers wait here for jobs.
    work: Condvar,
    /// The explorer waits here for a run or for idle workers.
    done: Condvar,
    makers: Vec<TrackerMaker>,
    oldest_first: bool,
    workers: usize,
}

/// The explorer's own bookkeeping (not shared).
pub(crate) struct Local {
    /// The explorer's pool as last published.
    published: Mark,
    stats: WorkerStats,
}

impl Local {
    /// The explorer made a run itself.
    pub fn own_run(&mut self) {
        self.stats.own_runs += 1;
    }
}

impl Ahead {
    /// The shared state for `workers` threads (the explorer's included). `oldest_first` when
    /// the search pops the oldest tasks first (breadth-first).
    pub fn new(workers: usize, makers: Vec<TrackerMaker>, oldest_first: bool) -> Ahead {
        Ahead {
            state: Mutex::new(State {
                log: VecDeque::new(),
                log_start: 0,
                synced: vec![0; workers.saturating_sub(1)],
                queue: BTreeMap::new(),
                running: HashSet::new(),
                gone: HashSet::new(),
                held: HashMap::new(),
                held_bytes: 0,
                stop: false,
                cov_log: Vec::new(),
                ahead_tasks: 0,
                ahead_runs: 0,
                loads: Vec::new(),
                lost: 0,
            }),
            work: Condvar::new(),
            done: Condvar::new(),
            makers,
            oldest_first,
            workers,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Publishes the explorer's pool to the workers' copies and starts journaling its
    /// coverage.
    pub fn start(&self, pool: &ExprPool, cov: &mut Coverage) -> Local {
        let empty = ExprPool::new().mark();
        let first = pool.delta_since(&empty);
        let mut st = self.lock();
        st.log.push_back(Arc::new(first));
        cov.journal = Some(Vec::new());
        Local {
            published: pool.mark(),
            stats: WorkerStats {
                workers: self.workers,
                runs_ahead: true,
                published_terms: pool.len() as u64,
                ..Default::default()
            },
        }
    }

    /// Queues tasks the search may pop later, with what the explorer's pool and coverage
    /// gained since last time (the tasks' terms among it). With no task to offer, the pool's
    /// growth is not published: a worker takes deltas in only with tasks, so deltas published
    /// while none were offered (every task resuming from a snapshot on the explorer) piled up
    /// in the log, a second copy of every term the run made (1.6 GB after 15 s on
    /// nanoxml:max); the next offer publishes all of it at once.
    pub fn offer(&self, local: &mut Local, tasks: &[Task], pool: &ExprPool, cov: &mut Coverage) {
        let delta = (!tasks.is_empty())
            .then(|| pool.delta_since(&local.published))
            .filter(|d| !d.is_empty() || d.has_variables());
        if let Some(d) = &delta {
            local.stats.published_terms += d.len() as u64;
            local.published = pool.mark();
        }
        let mut st = self.lock();
        if let Some(d) = delta {
            st.log.push_back(Arc::new(d));
        }
        if let Some(j) = &mut cov.journal {
            st.cov_log.append(j);
        }
        for t in tasks {
            st.queue.insert(t.id, t.clone());
        }
        while st.queue.len() > MAX_QUEUED {
            // Drop the task the search reaches last.
            if self.oldest_first {
                st.queue.pop_last();
            } else {
                st.queue.pop_first();
            }
        }
        drop(st);
        if !tasks.is_empty() {
            self.work.notify_all();
        }
    }

    /// The search popped `task` and it turned out dead (infeasible or undecided).
    pub fn dead(&self, local: &mut Local, task: &Task) {
        let mut st = self.lock();
        st.queue.remove(&task.id);
        if st.unhold(task.id).is_some() {
            local.stats.ahead_unused += 1;
        } else if st.running.contains(&task.id) {
            st.gone.insert(task.id);
        }
    }

    /// The run made ahead for `task` when its input is `input` (the explorer's model); waits
    /// for a worker that is running it. `None`: the explorer runs it itself.
    pub fn take(&self, local: &mut Local, task: &Task, input: &Assignment) -> Option<Made> {
        let mut st = self.lock();
        st.queue.remove(&task.id);
        if st.running.contains(&task.id) {
            local.stats.waits += 1;
            while st.running.contains(&task.id) {
                st = self.done.wait(st).unwrap_or_else(|e| e.into_inner());
            }
        }
        let made = st.unhold(task.id)?;
        if made.input == *input {
            local.stats.ahead_used += 1;
            Some(made)
        } else {
            local.stats.ahead_mismatched += 1;
            None
        }
    }

    /// Ends the workers' loops.
    fn stop(&self) {
        self.lock().stop = true;
        self.work.notify_all();
    }

    /// Ends the workers and waits for them; then the explorer's coverage journal is off.
    /// Returns the counters (the caller adds the throughput).
    pub fn finish(&self, mut local: Local, cov: &mut Coverage) -> WorkerStats {
        self.stop();
        let mut st = self.lock();
        while st.loads.len() + 1 < self.workers {
            st = self.done.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        cov.journal = None;
        let s = &mut local.stats;
        s.ahead_unused += st.held.len() as u64;
        st.held.clear();
        st.held_bytes = 0;
        st.log.clear();
        s.ahead_tasks = st.ahead_tasks;
        s.ahead_runs = st.ahead_runs;
        s.per_worker = std::mem::take(&mut st.loads);
        s.remote_lost = st.lost;
        local.stats
    }

    /// Worker thread number `index` (from 0): takes queued tasks until the exploration ends.
    pub fn work(&self, env: &WorkerEnv<'_>, index: usize) {
        let mut runner = Runner::new(env);
        let mut synced_cov = 0usize;
        let mut load = WorkerLoad::default();
        let mut busy = Duration::ZERO;
        while let Some(job) = self.next_for(index, &mut synced_cov, 1) {
            let t0 = Instant::now();
            runner.sync(&job.deltas, &job.news);
            for task in &job.tasks {
                load.tasks += 1;
                let made = runner.run(env, &self.makers, task);
                if made.is_some() {
                    load.runs += 1;
                }
                self.deliver(task.id, made);
            }
            busy += t0.elapsed();
        }
        self.retire(index, load, busy);
    }

    /// Worker `index`'s next tasks (at least one, at most `max`: a batch for a remote worker),
    /// with what the explorer's pool and coverage gained since its copies last caught up
    /// (`synced_cov`: coverage items it has taken in); waits for one. `None` when the
    /// exploration is over.
    pub(super) fn next_for(&self, index: usize, synced_cov: &mut usize, max: usize) -> Option<Job> {
        let mut st = self.lock();
        let first = loop {
            if st.stop {
                return None;
            }
            if st.held.len() < MAX_HELD
                && st.held_bytes < MAX_HELD_BYTES
                && let Some(t) = self.next_job(&mut st.queue)
            {
                break t;
            }
            st = self.work.wait(st).unwrap_or_else(|e| e.into_inner());
        };
        let mut tasks = vec![first];
        while tasks.len() < max
            && st.held.len() + tasks.len() < MAX_HELD
            && st.held_bytes < MAX_HELD_BYTES
            && let Some(t) = self.next_job(&mut st.queue)
        {
            tasks.push(t);
        }
        for t in &tasks {
            st.running.insert(t.id);
        }
        let from = st.synced[index] - st.log_start;
        let deltas: Vec<Arc<LayerDelta>> = st.log.iter().skip(from).cloned().collect();
        st.synced[index] = st.log_start + st.log.len();
        let oldest = st.synced.iter().copied().min().unwrap_or(0);
        while st.log_start < oldest {
            st.log.pop_front();
            st.log_start += 1;
        }
        let news = st.cov_log[*synced_cov..].to_vec();
        *synced_cov = st.cov_log.len();
        Some(Job { tasks, deltas, news })
    }

    /// Hands in what a worker made of task `id` (`None`: infeasible, undecided or failed).
    pub(super) fn deliver(&self, id: u64, made: Option<Made>) {
        let mut st = self.lock();
        st.running.remove(&id);
        st.ahead_tasks += 1;
        if let Some(m) = made {
            st.ahead_runs += 1;
            if !st.gone.remove(&id) {
                st.held_bytes += m.bytes();
                st.held.insert(id, m);
            }
        }
        drop(st);
        self.done.notify_all();
    }

    /// A worker ends, with its load (`busy`: time spent solving and running).
    pub(super) fn retire(&self, index: usize, mut load: WorkerLoad, busy: Duration) {
        load.busy_ms = busy.as_secs_f64() * 1000.0;
        load.runs_per_second = load.runs as f64 / busy.as_secs_f64().max(1e-9);
        let mut st = self.lock();
        // It takes no more of the pool's log.
        st.synced[index] = usize::MAX;
        st.loads.push(load);
        drop(st);
        self.done.notify_all();
    }

    /// The first `n` items the explorer's coverage gained (what a worker that has taken in `n`
    /// has seen; a new remote worker that replaces a lost one needs them again).
    pub(super) fn coverage_log(&self, n: usize) -> Vec<Covered> {
        self.lock().cov_log[..n].to_vec()
    }

    /// A remote worker was lost while it had a job.
    pub(super) fn count_lost(&self) {
        self.lock().lost += 1;
    }

    /// The queued task a worker should take: the one the search likely reaches second (the
    /// first it reaches next, and the explorer would only wait for a worker running it).
    fn next_job(&self, queue: &mut BTreeMap<u64, Task>) -> Option<Task> {
        let id = if self.oldest_first {
            queue.keys().nth(1)
        } else {
            queue.keys().rev().nth(1)
        };
        let id = *id?;
        queue.remove(&id)
    }
}

/// Tasks for a worker, with what the explorer's pool and coverage gained since the worker
/// last caught up.
pub(super) struct Job {
    /// The tasks, in the order they were taken.
    pub tasks: Vec<Task>,
    /// The explorer pool's growth, in order.
    pub deltas: Vec<Arc<LayerDelta>>,
    /// The explorer coverage's growth, in order.
    pub news: Vec<Covered>,
}

/// What solves and runs tasks for a worker: its solver and its copies of the explorer's pool
/// and coverage (on a worker thread, or in a `jsymex worker` process).
pub(crate) struct Runner {
    solver: Solver,
    replica: ExprPool,
    cov: Coverage,
}

impl Runner {
    /// A runner with empty copies.
    pub fn new(env: &WorkerEnv<'_>) -> Runner {
        Runner {
            solver: Solver::new(env.solver.clone()),
            replica: ExprPool::new(),
            cov: Coverage::default(),
        }
    }

    /// The worker's copy of the explorer's pool.
    pub fn replica(&self) -> &ExprPool {
        &self.replica
    }

    /// Brings the copies up to date with what the explorer's pool and coverage gained.
    pub fn sync(&mut self, deltas: &[Arc<LayerDelta>], news: &[Covered]) {
        for d in deltas {
            let _remap = self.replica.merge(d);
            debug_assert!(_remap.is_identity(), "a worker's copy of the pool diverged");
        }
        self.cov.apply(news);
    }

    /// Solves `task` with the worker's solver and runs the model on the worker's copy of the
    /// pool and coverage (the run's terms and coverage taken back out of the copies).
    pub fn run(&mut self, env: &WorkerEnv<'_>, makers: &[TrackerMaker], task: &Task) -> Option<Made> {
        let (replica, cov) = (&mut self.replica, &mut self.cov);
        self.solver.set_deadline(env.budget.remaining());
        let Ok(Answer::Sat(input)) = self.solver.solve_task(replica, &task.prefix, task.cond, &task.base, false) else {
            return None;
        };
        let mut trackers: Vec<_> = makers.iter().map(|m| m(Some(task))).collect();
        let mark = replica.mark();
        cov.journal = Some(Vec::new());
        let run = crate::vm::run_tracked(env.prog, replica, cov, &env.vm, &env.entry, &input, &mut trackers, task.flip + 1);
        let journal = cov.journal.take().unwrap_or_default();
        cov.undo(&journal);
        let delta = replica.split_off(&mark);
        let traces = trackers.into_iter().map(|t| t.map(|mut t| t.finish())).collect();
        // An engine error is the explorer's to report, when it runs the task itself.
        let run = run.ok()?;
        Some(Made {
            input,
            run,
            delta,
            journal,
            traces,
        })
    }
}
