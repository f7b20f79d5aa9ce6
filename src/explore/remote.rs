//! Remote workers: the runs ahead of the `ahead` module, made in other processes, on this
//! machine or on others (`jsymex worker`, driven by the Ray coordinator `python/jsymex_ray`).
//!
//! The explorer stays the one sequence, exactly as with worker threads; what changes is where a
//! worker's copies of the pool and coverage live and how a job reaches them:
//!
//! - **The explorer's side.** `jsymex run --remote HOST:PORT --remote-workers N` opens N
//!   connections to the coordinator. Each is served by a thread of the explorer's process that
//!   takes jobs from the shared queue as a worker thread does ([`Ahead::next_for`]), sends each
//!   one with what the explorer's pool and coverage gained since that remote worker caught up,
//!   and hands the answer in ([`Ahead::deliver`]). The run is used only when it is the very
//!   run the explorer would make (same input), so results never depend on the remote workers.
//! - **The worker's side.** `jsymex worker` (same options as `run`) loads the program once,
//!   then answers job lines on stdin with result lines on stdout ([`serve`]), with the same
//!   [`Runner`] a worker thread uses.
//! - **A worker that dies.** The coordinator answers `lost` for its job and starts a new
//!   worker; the explorer's thread sends that job again with everything the new worker's copies
//!   need (`reset`), so nothing is lost and nothing counted twice. A connection that fails
//!   ends that remote worker; the explorer runs its tasks itself.
//!
//! The protocol is JSON lines. A job is a batch of up to [`BATCH`] tasks, `{"task":ID,"job":B}`
//! (ID: its first task), and its answer `{"task":ID,"made":B}` (per task, its run or none:
//! infeasible or undecided on the worker) or `{"task":ID,"lost":"why"}` (from the
//! coordinator). `B` is base64 of the postcard encoding of the job or runs: terms carry floats
//! by their bits, and inputs may be NaN, which JSON numbers cannot hold. A worker's first line
//! is `{"ready":true,"protocol":2}`.

use super::ahead::{Ahead, Made, Runner, WorkerEnv, WorkerLoad};
use crate::program::Program;
use crate::strategy::preset::Preset;
use crate::strategy::{TraceCodec, TrackerMaker};
use crate::symbolic::{Assignment, LayerDelta};
use crate::task::Task;
use crate::vm::{Covered, PathRun};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Version of the line protocol between the explorer, the coordinator and `jsymex worker`.
pub const PROTOCOL: u32 = 2;

/// Times one job is sent again after its worker was lost before the explorer gives that
/// remote worker up.
const MAX_RESENDS: u32 = 3;

/// Tasks per job at most: a job is a round trip through the coordinator (milliseconds), a
/// run often takes microseconds.
pub const BATCH: usize = 16;

/// An error of the remote-worker layer.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    /// Reading or writing a connection or pipe.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A line that is not the protocol's.
    #[error("bad protocol line: {0}")]
    Protocol(String),
    /// The strategy's pruners cannot run on remote workers.
    #[error("{0}")]
    Unsupported(String),
}

/// A job as the explorer sends it.
#[derive(Serialize)]
struct JobOut<'a> {
    reset: bool,
    deltas: Vec<&'a LayerDelta>,
    news: &'a [Covered],
    tasks: Vec<&'a Task>,
    methods: MethodNames,
}

/// A job as a worker reads it.
#[derive(Deserialize)]
struct JobIn {
    /// Start the copies afresh (the worker is new, or its predecessor was lost).
    reset: bool,
    deltas: Vec<LayerDelta>,
    news: Vec<Covered>,
    /// The tasks, solved and run in this order.
    tasks: Vec<Task>,
    /// The sender's method ids used in `news` and `tasks`, by name.
    methods: MethodNames,
}

/// A run as it travels back.
#[derive(Serialize, Deserialize)]
struct MadeWire {
    input: Assignment,
    run: PathRun,
    delta: LayerDelta,
    journal: Vec<Covered>,
    /// Per pruner, its tracker's trace in its codec.
    traces: Vec<Option<Vec<u8>>>,
}

/// The answer to a job: per task, its run (`None`: infeasible or undecided on the worker).
#[derive(Serialize, Deserialize)]
struct RunsWire {
    runs: Vec<Option<MadeWire>>,
    /// The sender's method ids used in the runs and journals, by name.
    methods: MethodNames,
}

/// Method ids are numbered in the order a process loads classes, which differs between the
/// explorer and each worker: what crosses names every id it uses (id, class, name, descriptor)
/// and the receiver renames them to its own ([`Renamer`]).
#[derive(Serialize, Deserialize, Default)]
struct MethodNames(Vec<(u32, String, String, String)>);

impl MethodNames {
    fn of(prog: &Program, ids: impl IntoIterator<Item = u32>) -> MethodNames {
        let ids: std::collections::BTreeSet<u32> = ids.into_iter().collect();
        MethodNames(
            ids.into_iter()
                .map(|id| {
                    let m = prog.method(id);
                    (id, m.class_name.to_string(), m.name.to_string(), m.desc.to_string())
                })
                .collect(),
        )
    }
}

/// Renames another process's method ids to this one's (loading classes this process has not
/// loaded yet), with a cache; `None` for a method it cannot find.
#[derive(Default)]
struct Renamer {
    known: HashMap<u32, u32>,
}

impl Renamer {
    fn learn(&mut self, prog: &Program, names: &MethodNames) {
        for (id, class, name, desc) in &names.0 {
            if self.known.contains_key(id) {
                continue;
            }
            let local = prog.load(class).ok().and_then(|c| prog.declared_method(c, name, desc));
            if let Some(l) = local {
                self.known.insert(*id, l);
            }
        }
    }

    fn get(&self, id: u32) -> Option<u32> {
        self.known.get(&id).copied()
    }

    fn covered(&self, c: &Covered) -> Option<Covered> {
        Some(match *c {
            Covered::Edge(m, a, b) => Covered::Edge(self.get(m)?, a, b),
            Covered::Instr { method, pc, len } => Covered::Instr {
                method: self.get(method)?,
                pc,
                len,
            },
        })
    }

    fn task(&self, t: &mut Task) -> Option<()> {
        t.site.0 = self.get(t.site.0)?;
        if let Some(o) = &t.origin {
            let renamed: Option<Vec<(u32, u32, u32)>> = o.iter().map(|&(m, pc, d)| Some((self.get(m)?, pc, d))).collect();
            t.origin = Some(renamed?.into());
        }
        Some(())
    }

    fn run(&self, r: &mut PathRun) -> Option<()> {
        for e in &mut r.events {
            e.method = self.get(e.method)?;
        }
        if let Some((m, _)) = &mut r.fault_site {
            *m = self.get(*m)?;
        }
        Some(())
    }
}

fn covered_methods(c: &Covered) -> u32 {
    match *c {
        Covered::Edge(m, ..) => m,
        Covered::Instr { method, .. } => method,
    }
}

fn task_methods(t: &Task) -> impl Iterator<Item = u32> + '_ {
    std::iter::once(t.site.0).chain(t.origin.iter().flat_map(|o| o.iter().map(|s| s.0)))
}

/// One protocol line.
#[derive(Serialize, Deserialize, Default)]
struct Line {
    #[serde(default)]
    task: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    job: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    made: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lost: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// The worker process's peak resident memory so far, bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rss: Option<u64>,
}

fn b64() -> base64::engine::GeneralPurpose {
    base64::engine::general_purpose::STANDARD
}

fn encode<T: Serialize>(v: &T) -> Result<String, RemoteError> {
    let bytes = postcard::to_stdvec(v).map_err(|e| RemoteError::Protocol(e.to_string()))?;
    Ok(b64().encode(bytes))
}

fn decode<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, RemoteError> {
    let bytes = b64().decode(s).map_err(|e| RemoteError::Protocol(e.to_string()))?;
    postcard::from_bytes(&bytes).map_err(|e| RemoteError::Protocol(e.to_string()))
}

/// The codecs of the pruners' traces, when every pruner's runs can go to remote workers.
pub(crate) fn codecs(preset: &Preset) -> Option<Vec<TraceCodec>> {
    preset.pruners.iter().map(|p| p.trace_codec()).collect()
}

impl Made {
    fn into_wire(self, codecs: &[TraceCodec]) -> Result<MadeWire, RemoteError> {
        let mut traces = Vec::with_capacity(self.traces.len());
        for (i, t) in self.traces.iter().enumerate() {
            traces.push(match t {
                None => None,
                Some(t) => {
                    let c = codecs
                        .get(i)
                        .ok_or_else(|| RemoteError::Unsupported("a trace without codec".into()))?;
                    Some((c.encode)(&**t).ok_or_else(|| RemoteError::Unsupported("a trace its codec cannot encode".into()))?)
                }
            });
        }
        Ok(MadeWire {
            input: self.input,
            run: self.run,
            delta: self.delta,
            journal: self.journal,
            traces,
        })
    }

    /// The method ids the run mentions.
    fn methods(&self) -> impl Iterator<Item = u32> + '_ {
        let ids = self.run.events.iter().map(|e| e.method);
        ids.chain(self.run.fault_site.map(|f| f.0))
            .chain(self.journal.iter().map(covered_methods))
    }

    fn from_wire(mut w: MadeWire, names: &Renamer, codecs: &[TraceCodec]) -> Option<Made> {
        names.run(&mut w.run)?;
        let journal: Option<Vec<Covered>> = w.journal.iter().map(|c| names.covered(c)).collect();
        w.journal = journal?;
        let mut traces = Vec::with_capacity(w.traces.len());
        for (i, t) in w.traces.into_iter().enumerate() {
            traces.push(match t {
                None => None,
                Some(b) => Some((codecs.get(i)?.decode)(&b)?),
            });
        }
        Some(Made {
            input: w.input,
            run: w.run,
            delta: w.delta,
            journal: w.journal,
            traces,
        })
    }
}

/// One connection of the explorer to the coordinator (a remote worker slot).
pub struct Connection {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

/// Opens `n` connections to the coordinator at `address` (`HOST:PORT`).
pub fn connect(address: &str, n: usize) -> Result<Vec<Connection>, RemoteError> {
    (0..n)
        .map(|_| {
            let s = TcpStream::connect(address)?;
            s.set_nodelay(true)?;
            Ok(Connection {
                reader: BufReader::new(s.try_clone()?),
                writer: s,
            })
        })
        .collect()
}

/// What a remote worker answered.
enum Answer {
    Runs(String, Option<u64>),
    Lost(String),
}

impl Connection {
    fn exchange(&mut self, task: u64, job: String) -> Result<Answer, RemoteError> {
        let line = Line {
            task,
            job: Some(job),
            ..Default::default()
        };
        let mut text = serde_json::to_string(&line).map_err(|e| RemoteError::Protocol(e.to_string()))?;
        text.push('\n');
        self.writer.write_all(text.as_bytes())?;
        let mut back = String::new();
        if self.reader.read_line(&mut back)? == 0 {
            return Err(RemoteError::Protocol("the coordinator closed the connection".into()));
        }
        let l: Line = serde_json::from_str(&back).map_err(|e| RemoteError::Protocol(format!("{e}: {back}")))?;
        if l.task != task {
            return Err(RemoteError::Protocol(format!("answer for task {} to job {task}", l.task)));
        }
        Ok(match (l.made, l.lost, l.error) {
            (Some(m), _, _) => Answer::Runs(m, l.rss),
            (_, Some(why), _) => Answer::Lost(why),
            (_, _, Some(e)) => return Err(RemoteError::Protocol(e)),
            _ => return Err(RemoteError::Protocol(back)),
        })
    }
}

impl Ahead {
    /// The explorer's thread for remote worker `index`: takes jobs as a worker thread does
    /// and has them made over `conn`.
    pub(super) fn work_remote(&self, prog: &Program, index: usize, mut conn: Connection, codecs: &[TraceCodec]) {
        let mut synced_cov = 0usize;
        // The current worker process's method ids.
        let mut names = Renamer::default();
        // The pool's growth sent so far, for a new worker that replaces a lost one (the
        // explorer's log drops what every worker has taken in; the coverage log stays whole).
        let mut all_deltas: Vec<Arc<LayerDelta>> = Vec::new();
        let mut reset = true;
        let mut load = WorkerLoad::default();
        let mut busy = Duration::ZERO;
        while let Some(job) = self.next_for(index, &mut synced_cov, BATCH) {
            let t0 = Instant::now();
            load.tasks += job.tasks.len() as u64;
            all_deltas.extend(job.deltas.iter().cloned());
            let mut made: Vec<Option<Made>> = Vec::new();
            let mut failed = None;
            let mut resends = 0;
            let first = job.tasks[0].id;
            loop {
                let all_news;
                let (deltas, news) = if reset {
                    all_news = self.coverage_log(synced_cov);
                    (&all_deltas, &all_news)
                } else {
                    (&job.deltas, &job.news)
                };
                let ids = job.tasks.iter().flat_map(task_methods).chain(news.iter().map(covered_methods));
                let out = JobOut {
                    reset,
                    deltas: deltas.iter().map(|d| &**d).collect(),
                    news,
                    tasks: job.tasks.iter().collect(),
                    methods: MethodNames::of(prog, ids),
                };
                match encode(&out).and_then(|j| conn.exchange(first, j)) {
                    Ok(Answer::Runs(m, rss)) => {
                        reset = false;
                        load.peak_rss_bytes = load.peak_rss_bytes.max(rss);
                        if let Ok(w) = decode::<RunsWire>(&m) {
                            names.learn(prog, &w.methods);
                            made = w
                                .runs
                                .into_iter()
                                .map(|r| r.and_then(|r| Made::from_wire(r, &names, codecs)))
                                .collect();
                        }
                        break;
                    }
                    Ok(Answer::Lost(why)) => {
                        self.count_lost();
                        reset = true;
                        // A new worker process numbers its methods anew.
                        names = Renamer::default();
                        resends += 1;
                        if resends > MAX_RESENDS {
                            failed = Some(format!("remote worker {index} lost {resends} times on one job: {why}"));
                            break;
                        }
                    }
                    Err(e) => {
                        failed = Some(format!("remote worker {index}: {e}"));
                        break;
                    }
                }
            }
            made.resize_with(job.tasks.len(), || None);
            busy += t0.elapsed();
            for (t, m) in job.tasks.iter().zip(made) {
                if m.is_some() {
                    load.runs += 1;
                }
                self.deliver(t.id, m);
            }
            if let Some(why) = failed {
                eprintln!("jsymex: {why}; the explorer runs its tasks itself");
                break;
            }
        }
        self.retire(index, load, busy);
    }
}

/// `jsymex worker`'s loop: answers every job line of `input` on `output` (first line: ready).
/// Returns the number of jobs (batches of tasks) answered when `input` ends.
pub(crate) fn serve(
    env: &WorkerEnv<'_>,
    makers: &[TrackerMaker],
    codecs: &[TraceCodec],
    check: &dyn Fn(&crate::symbolic::ExprPool) -> Result<(), String>,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<u64, RemoteError> {
    writeln!(output, "{{\"ready\":true,\"protocol\":{PROTOCOL}}}")?;
    output.flush()?;
    let mut runner = Runner::new(env);
    let mut names = Renamer::default();
    let mut checked = false;
    let mut jobs = 0u64;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let req: Line = serde_json::from_str(&line).map_err(|e| RemoteError::Protocol(format!("{e}: {line}")))?;
        let Some(text) = &req.job else {
            return Err(RemoteError::Protocol(format!("a line without a job: {line}")));
        };
        let mut job: JobIn = decode(text)?;
        if job.reset {
            runner = Runner::new(env);
            checked = false;
        }
        names.learn(env.prog, &job.methods);
        // Coverage of a method this process cannot name is left out of its copy: the journal
        // of a run then lists that item too, and the explorer skips what it has.
        let news: Vec<Covered> = job.news.iter().filter_map(|c| names.covered(c)).collect();
        let deltas: Vec<Arc<LayerDelta>> = job.deltas.into_iter().map(Arc::new).collect();
        runner.sync(&deltas, &news);
        let mut answer = Line {
            task: req.task,
            ..Default::default()
        };
        if !checked {
            if let Err(e) = check(runner.replica()) {
                answer.error = Some(e);
                writeln!(output, "{}", serde_json::to_string(&answer).unwrap_or_default())?;
                output.flush()?;
                return Err(RemoteError::Protocol("the explorer's driver is not this worker's".into()));
            }
            checked = true;
        }
        let mut runs = Vec::with_capacity(job.tasks.len());
        let mut ids = Vec::new();
        for task in &mut job.tasks {
            // A task naming a method this process cannot find is left to the explorer.
            let m = names.task(task).and_then(|_| runner.run(env, makers, task));
            if let Some(m) = &m {
                ids.extend(m.methods());
            }
            runs.push(m.map(|m| m.into_wire(codecs)).transpose()?);
        }
        let wire = RunsWire {
            runs,
            methods: MethodNames::of(env.prog, ids),
        };
        answer.made = Some(encode(&wire)?);
        answer.rss = crate::budget::peak_resident_bytes();
        let text = serde_json::to_string(&answer).map_err(|e| RemoteError::Protocol(e.to_string()))?;
        writeln!(output, "{text}")?;
        output.flush()?;
        jobs += 1;
    }
    Ok(jobs)
}

impl super::Explorer<'_> {
    /// Serves as a remote worker for an explorer run with the same options and `preset`'s
    /// strategy (`jsymex worker`): job lines on `input`, answers on `output`.
    pub fn serve_worker(&mut self, preset: &Preset, input: impl BufRead, output: impl Write) -> Result<u64, RemoteError> {
        let makers = super::ahead::tracker_makers(&preset.pruners)
            .ok_or_else(|| RemoteError::Unsupported(format!("strategy '{}' cannot run on remote workers", preset.name)))?;
        let codecs =
            codecs(preset).ok_or_else(|| RemoteError::Unsupported(format!("strategy '{}' cannot run on remote workers", preset.name)))?;
        let mut vm = self.vm.clone();
        // Snapshots stay in the process that takes them.
        vm.snapshots = false;
        let env = WorkerEnv {
            prog: self.prog,
            vm,
            entry: self.driver.entry.clone(),
            solver: self.solver_cfg.clone(),
            budget: self.limits.budget.clone(),
        };
        let own = &self.pool;
        // The explorer's pool must declare this worker's driver inputs first, under the same
        // ids: the worker runs its own entry on the explorer's terms.
        let check = |replica: &crate::symbolic::ExprPool| -> Result<(), String> {
            for v in 0..own.var_count() as crate::symbolic::VarId {
                if v as usize >= replica.var_count() || replica.var_name(v) != own.var_name(v) {
                    return Err(format!(
                        "input {} of this worker's driver is not the explorer's: run both with the same options",
                        own.var_name(v)
                    ));
                }
            }
            Ok(())
        };
        serve(&env, &makers, &codecs, &check, input, output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classpath::ClassPath;
    use crate::symbolic::{ExprPool, Scalar};
    use crate::task::Prefix;

    fn program() -> Program {
        Program::new(ClassPath::parse("@examples").expect("bundled examples"))
    }

    /// The id of `class.name` (the first method of that name) in `prog`.
    fn id_of(prog: &Program, class: &str, name: &str) -> u32 {
        let c = prog.load(class).expect("load");
        *prog
            .class(c)
            .methods
            .iter()
            .find(|&&m| &*prog.method(m).name == name)
            .expect("method")
    }

    #[test]
    fn method_ids_are_renamed_by_name_whatever_the_load_order() {
        let (a, b) = (program(), program());
        a.load("java/lang/StringBuilder").expect("load");
        a.load("java/util/ArrayList").expect("load");
        b.load("java/util/ArrayList").expect("load");
        b.load("java/lang/StringBuilder").expect("load");
        let in_a = id_of(&a, "java/util/ArrayList", "add");
        let in_b = id_of(&b, "java/util/ArrayList", "add");
        assert_ne!(in_a, in_b, "the two load orders should number the method differently");
        let names = MethodNames::of(&a, [in_a, in_a]);
        assert_eq!(names.0.len(), 1);
        let mut r = Renamer::default();
        r.learn(&b, &names);
        assert_eq!(r.get(in_a), Some(in_b));
        // A class the receiver has not loaded yet is loaded to find the method.
        let fresh = id_of(&a, "java/util/HashMap", "put");
        r.learn(&b, &MethodNames::of(&a, [fresh]));
        let m = b.method(r.get(fresh).expect("renamed"));
        assert_eq!((&*m.class_name, &*m.name), ("java/util/HashMap", "put"));
        // Coverage and events follow.
        let c = r.covered(&Covered::Edge(in_a, 3, 7)).expect("covered");
        assert_eq!(c, Covered::Edge(in_b, 3, 7));
        assert_eq!(r.covered(&Covered::Edge(u32::MAX, 0, 0)), None);
    }

    #[test]
    fn a_job_crosses_as_one_json_line_with_nan_inputs_and_float_terms() {
        let mut pool = ExprPool::new();
        let x = pool.new_var("x", crate::symbolic::Sort::F64);
        let nan = pool.f64(f64::NAN);
        let cond = pool.bin(crate::symbolic::BinOp::Lt, x, nan);
        let delta = pool.delta_since(&ExprPool::new().mark());
        let task = Task {
            id: 9,
            parent: 2,
            flip: 1,
            prefix: Prefix::Path(vec![cond].into(), 1),
            cond,
            base: Arc::new(vec![Scalar::F64(f64::NAN), Scalar::F32(-0.0)]),
            site: (4, 17, 1),
            occ: 0,
            origin: Some(vec![(4, 17, 1)].into()),
        };
        let news = [Covered::Instr { method: 4, pc: 2, len: 9 }];
        let out = JobOut {
            reset: true,
            deltas: vec![&delta],
            news: &news,
            tasks: vec![&task, &task],
            methods: MethodNames::default(),
        };
        let text = encode(&out).expect("encode");
        let line = serde_json::to_string(&Line {
            task: 9,
            job: Some(text),
            ..Default::default()
        })
        .expect("json");
        assert!(!line.contains('\n'));
        let back: Line = serde_json::from_str(&line).expect("one JSON line");
        let job: JobIn = decode(back.job.as_deref().expect("job")).expect("decode");
        assert!(job.reset);
        assert_eq!(job.news, news);
        assert_eq!(job.tasks.len(), 2);
        let t = &job.tasks[1];
        assert_eq!((t.id, t.site, t.prefix.constraints()), (9, (4, 17, 1), &[cond][..]));
        assert!(matches!(t.base[0], Scalar::F64(v) if v.is_nan()));
        assert!(matches!(t.base[1], Scalar::F32(v) if v == 0.0 && v.is_sign_negative()));
        // The receiver's copy of the pool gets the same terms under the same ids.
        let mut replica = ExprPool::new();
        assert!(replica.merge(&job.deltas[0]).is_identity());
        assert_eq!(replica.node(cond), pool.node(cond));
    }
}
