//! `jsymex run`: explore one driver with one strategy.

use super::{DriverArgs, Failure};
use crate::classpath::ClassPath;
use crate::explore::driver::InputOptions;
use crate::explore::{ExploreError, Explorer, Limits, Observer, StopReason, Summary};
use crate::program::Program;
use crate::solver::SolverConfig;
use crate::vm::{ArrayMode, VmConfig};
use anyhow::{Context, anyhow};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Program, driver and limits.
    #[command(flatten)]
    pub d: DriverArgs,
    /// Strategy: spf (exhaustive, the baseline), dgse, dgse-no-interactive, pse, pse:no-merge, pse:all-instances, interp, interp:no-gc, interp:shadow, interp:uncaught (options combine: interp:no-gc:uncaught), rwset (rwset:cap=N, rwset:mem=MB), rsd (rsd:cap=N, rsd:mem=MB); `a+b` runs the pruners of both in that order.
    #[arg(long, default_value = "spf")]
    pub strategy: String,
    /// Write the summary as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write one JSON line per path to this file, as paths finish.
    #[arg(long)]
    pub tests: Option<PathBuf>,
    /// Print nothing but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Write a JUnit 4 test class (one @Test per feasible path) into this directory.
    #[arg(long)]
    pub junit: Option<PathBuf>,
    /// Java package of the generated JUnit class (default: the driver class's package).
    #[arg(long)]
    pub junit_package: Option<String>,
    /// Simple name of the generated JUnit class (default: <DriverClass><Method>Test).
    #[arg(long)]
    pub junit_class: Option<String>,
    /// Run a bundled subject's configuration `NAME[:CONFIG]` (see `jsymex subjects`).
    #[arg(long)]
    pub subject: Option<String>,
    /// Print a verdict on the driver's assertions and exit with its code, as `jsymex verify`.
    #[arg(long)]
    pub verdict: bool,
    /// Remote workers: the `HOST:PORT` of a coordinator that serves `jsymex worker`s (as
    /// `jsymex-ray run` does; see python/jsymex_ray). Results are those of one worker.
    #[arg(long, value_name = "HOST:PORT")]
    pub remote: Option<String>,
    /// How many remote workers to use through `--remote` (one connection each).
    #[arg(long, value_name = "N")]
    pub remote_workers: Option<usize>,
}

/// Opens the classpath named by the arguments.
pub fn open_program(d: &DriverArgs) -> Result<Program, Failure> {
    let cp = crate::classpath::ClassPath::parse(&d.classpath).context("classpath")?;
    let _: &ClassPath = &cp;
    let mut prog = Program::new(cp);
    prog.set_verify(!d.no_verify);
    Ok(prog)
}

/// An exploration ready to run, or the budget that ran out while it was being set up.
pub enum Setup<'a> {
    /// The driver is resolved.
    Ready(Box<Explorer<'a>>),
    /// Time, memory or a signal ended the run while the inputs were being declared; the
    /// summary says so (no path was run).
    Exhausted(Box<Summary>),
}

/// The driver method named by `--driver` or, as `CLASS.main(java.lang.String[])`, by `--main`.
pub fn driver_spec(driver: &Option<String>, main_class: &Option<String>) -> Result<String, Failure> {
    match (driver, main_class) {
        (Some(_), Some(_)) => Err(anyhow!("--main and --driver exclude each other").into()),
        (Some(x), None) => Ok(x.clone()),
        (None, Some(c)) => Ok(format!("{c}.main(java.lang.String[])")),
        (None, None) => Err(anyhow!("--driver is required (e.g. --driver 'pkg.Cls.method(int,int)', or --main CLASS)").into()),
    }
}

/// Builds the exploration from the arguments.
pub fn explorer<'a>(prog: &'a Program, d: &DriverArgs, strategy: &str) -> Result<Setup<'a>, Failure> {
    let driver = driver_spec(&d.driver, &d.main_class)?;
    let symbolic = match &d.symbolic {
        None => vec![],
        Some(s) => s
            .split('#')
            .map(|x| match x.trim() {
                "sym" => Ok(true),
                "con" => Ok(false),
                other => Err(anyhow!("--symbolic: '{other}' is neither sym nor con")),
            })
            .collect::<Result<Vec<bool>, _>>()?,
    };
    let opts = InputOptions {
        symbolic,
        input: d.input.clone(),
        min_int: d.min_int,
        max_int: d.max_int,
        // `--main`: `main` gets an empty argument array.
        array_len: if d.main_class.is_some() {
            Some(0)
        } else {
            d.array_len.map(|a| a.min)
        },
        array_len_max: if d.main_class.is_some() { None } else { d.array_len.map(|a| a.max) },
        string_len: d.string_len,
        no_lazy: match d.lazy.as_str() {
            // The empty string: not given (or a `DriverArgs::default()` built through the library).
            "on" | "" => false,
            "off" => true,
            other => return Err(anyhow!("--lazy: unknown value '{other}' (on, off)").into()),
        },
    };
    if let (Some(a), Some(b)) = (d.min_int, d.max_int)
        && a > b
    {
        return Err(anyhow!("--min-int {a} is greater than --max-int {b}").into());
    }
    let snapshots = crate::explore::snapshots::SnapshotPolicy {
        enabled: match d.snapshots.as_str() {
            // The empty string is a `DriverArgs::default()` built through the library API.
            "on" | "" => true,
            "off" => false,
            other => return Err(anyhow!("--snapshots: unknown value '{other}' (on, off)").into()),
        },
        budget_bytes: d
            .snapshot_memory
            .map_or_else(crate::explore::snapshots::default_budget, |mb| (mb * (1u64 << 20) as f64) as usize),
    };
    let arrays = match d.arrays.as_str() {
        "theory" => ArrayMode::Theory,
        "concretize" => ArrayMode::Concretize,
        other => return Err(anyhow!("--arrays: unknown mode '{other}' (theory, concretize)").into()),
    };
    let mut vm = VmConfig {
        arrays,
        assertions: !d.disable_assertions,
        ..VmConfig::default()
    };
    if let Some(n) = d.max_stack_depth {
        vm.max_frames = n;
    }
    if let Some(n) = d.string_len {
        vm.string_len = n;
    }
    if let Some(n) = d.array_len {
        (vm.lazy.array_len, vm.lazy.array_len_max) = (n.min, n.max);
    }
    if let Some(n) = d.max_objects {
        vm.lazy.max_objects = n;
    }
    if let Some(n) = d.max_heap_depth {
        vm.lazy.max_depth = n;
    }
    if let Some(s) = d.max_steps {
        vm.max_steps = s;
    }
    if let Some(s) = d.snapshot_min_steps {
        vm.snapshot_min_steps = s;
    }
    if let Some(s) = d.max_depth {
        vm.max_depth = s;
    }
    if let Some(mb) = d.max_heap {
        vm.max_heap_slots = mb.saturating_mul(1 << 20) / std::mem::size_of::<crate::vm::Value>() as u64;
    }
    let max_memory = d
        .max_memory
        .map(|mb| mb.saturating_mul(1 << 20))
        .unwrap_or_else(crate::budget::default_max_memory);
    let limits = Limits {
        max_paths: d.max_paths,
        budget: crate::budget::Budget::new(d.timeout.map(Duration::from_secs_f64), Some(max_memory)),
    };
    let solver = SolverConfig {
        timeout_ms: d.solver_timeout,
        ..SolverConfig::default()
    };
    let budget = limits.budget.clone();
    match Explorer::new(prog, &driver, &opts, solver, vm, limits) {
        Ok(mut ex) => {
            ex.workers = d.workers.unwrap_or_else(default_workers);
            ex.snapshots = snapshots;
            Ok(Setup::Ready(Box::new(ex)))
        }
        Err(crate::explore::driver::DriverError::Exhausted(why)) => {
            let mut s = Summary::new(strategy, &d.search, &driver);
            s.stop = StopReason::from_budget(why);
            s.wall_time_ms = budget.start().elapsed().as_secs_f64() * 1000.0;
            Ok(Setup::Exhausted(Box::new(s)))
        }
        Err(e) => Err(Failure::from(anyhow::Error::new(e).context(format!("driver {driver}")))),
    }
}

/// Explores with a named strategy; returns the summary and the error that stopped it, if any.
pub fn explore_with(
    ex: &mut Explorer<'_>,
    strategy: &str,
    d: &DriverArgs,
    observers: &mut [&mut dyn Observer],
) -> Result<(Summary, Option<ExploreError>), Failure> {
    let changed = d
        .changed_line
        .iter()
        .map(|s| super::analyze::parse_changed(s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut preset = ex.preset(strategy, &d.search, d.seed, &changed)?;
    if !preset.set_aside.is_empty() {
        eprintln!(
            "jsymex: note: {} cannot prune a driver with lazily initialised reference inputs; {strategy} explores it exhaustively",
            preset.set_aside.join(", ")
        );
    }
    let explored = ex.explore(&mut preset, observers);
    crate::budget::discard(preset);
    Ok(explored)
}

/// Turns the end of an exploration into an exit code or a failure (after reports are written).
pub fn finish(s: &Summary, err: Option<ExploreError>) -> Result<i32, Failure> {
    if let Some(e) = err {
        return Err(Failure {
            code: 2,
            error: anyhow!(e),
        });
    }
    if s.unknown_paths > 0 {
        return Err(Failure {
            code: 3,
            error: anyhow!(
                "the solver returned unknown on {} task(s) (raise --solver-timeout); they are counted as unknown_paths",
                s.unknown_paths
            ),
        });
    }
    Ok(0)
}

/// What a finished `run` produced.
pub struct Ran {
    /// The summary.
    pub summary: Summary,
    /// The error that stopped the exploration, if any.
    pub err: Option<ExploreError>,
    /// The JUnit suite written (`--junit`) and the test method of each path that has one.
    pub junit: Option<(PathBuf, std::collections::HashMap<u64, String>)>,
}

/// `jsymex run`.
pub fn run(a: RunArgs) -> Result<i32, Failure> {
    if a.verdict {
        return super::verify::run_verdict(a);
    }
    let quiet = a.quiet;
    let ran = execute(a, &mut [])?;
    if !quiet {
        super::emit(&crate::report::summary_text(&ran.summary));
    }
    finish(&ran.summary, ran.err)
}

/// Resolves `--jpf` and `--subject` into the driver options and validates them.
fn resolve(a: &mut RunArgs) -> Result<(), Failure> {
    a.d = super::jpf::apply(std::mem::take(&mut a.d))?;
    if let Some(spec) = &a.subject {
        super::validate::subject_classpath(&a.d, spec)?;
        let picked = crate::subjects::select(spec)?;
        let Some((m, c)) = picked.first() else {
            return Err(anyhow!("--subject {spec}: nothing selected").into());
        };
        if picked.len() > 1 {
            return Err(anyhow!("--subject {spec}: run takes one subject (compare takes several)").into());
        }
        let cfg = m.config(c)?;
        let mut d = driver_args_for(m, &cfg, &a.d);
        if !a.d.input.is_empty() {
            d.input = a.d.input.clone();
        }
        if a.d.driver.is_some() {
            d.driver = a.d.driver.clone();
        }
        a.d = d;
    }
    super::validate::driver_args(&a.d, std::slice::from_ref(&a.strategy))?;
    match (&a.remote, a.remote_workers) {
        (Some(_), None) => return Err(anyhow!("--remote needs --remote-workers N (how many workers to use through it)").into()),
        (None, Some(_)) => return Err(anyhow!("--remote-workers needs --remote HOST:PORT").into()),
        (_, Some(0)) => return Err(anyhow!("--remote-workers: must be at least 1").into()),
        _ => {}
    }
    Ok(())
}

/// `jsymex worker`: serves jobs of an explorer run with the same options (see
/// [`crate::explore::remote`]) until stdin ends.
pub fn worker(mut a: RunArgs) -> Result<i32, Failure> {
    resolve(&mut a)?;
    let prog = open_program(&a.d)?;
    let mut ex = match explorer(&prog, &a.d, &a.strategy)? {
        Setup::Ready(ex) => ex,
        Setup::Exhausted(s) => return Err(anyhow!("worker: the budget ran out while declaring the inputs ({:?})", s.stop).into()),
    };
    let changed =
        a.d.changed_line
            .iter()
            .map(|s| super::analyze::parse_changed(s))
            .collect::<Result<Vec<_>, _>>()?;
    let preset = ex.preset(&a.strategy, &a.d.search, a.d.seed, &changed)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    ex.serve_worker(&preset, stdin.lock(), stdout.lock())
        .map_err(|e| anyhow!("worker: {e}"))?;
    Ok(0)
}

/// Explores as `run` does (with `extra` observers after the writers) and writes every report
/// but the text summary.
pub fn execute(mut a: RunArgs, extra: &mut [&mut dyn Observer]) -> Result<Ran, Failure> {
    resolve(&mut a)?;
    // Everything that is written at the end is opened now, so a bad path fails before any work.
    let json_file = match &a.json {
        Some(p) => Some(std::fs::File::create(p).with_context(|| format!("--json: cannot create {}", p.display()))?),
        None => None,
    };
    let mut writer = match &a.tests {
        Some(p) => Some(crate::testgen::JsonlWriter::new(std::io::BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("--tests: cannot create {}", p.display()))?,
        ))),
        None => None,
    };
    let prog = open_program(&a.d)?;
    let mut written = None;
    let (summary, err) = match explorer(&prog, &a.d, &a.strategy)? {
        Setup::Exhausted(s) => (*s, None),
        Setup::Ready(mut ex) => {
            if !a.quiet {
                super::models::warn_missing(&prog, &ex.driver);
            }
            if let (Some(addr), Some(n)) = (&a.remote, a.remote_workers) {
                let conns = crate::explore::remote::connect(addr, n).map_err(|e| anyhow!("--remote {addr}: {e}"))?;
                ex.remote = Some(conns);
            }
            let mut junit = a.junit.as_ref().map(|dir| {
                crate::testgen::junit::JunitWriter::new(
                    dir.clone(),
                    a.junit_package.clone(),
                    a.junit_class.clone(),
                    &ex.driver,
                    &a.strategy,
                )
            });
            if let Some(j) = junit.as_mut() {
                j.validate().map_err(|e| anyhow!(e))?;
                j.set_assertions(!a.d.disable_assertions);
            }
            let only = a.d.only_new_coverage;
            let mut w = writer.as_mut().map(|w| crate::explore::OnlyNewCoverage::new(w, only));
            let mut j = junit.as_mut().map(|j| crate::explore::OnlyNewCoverage::new(j, only));
            let mut observers: Vec<&mut dyn Observer> = Vec::new();
            if let Some(w) = w.as_mut() {
                observers.push(w);
            }
            if let Some(j) = j.as_mut() {
                observers.push(j);
            }
            for o in extra.iter_mut() {
                observers.push(&mut **o);
            }
            let mut progress = crate::report::progress::ProgressDisplay::on_terminal(a.quiet, &a.strategy);
            if let Some(p) = progress.as_mut() {
                observers.push(p);
            }
            let explored = explore_with(&mut ex, &a.strategy, &a.d, &mut observers);
            drop(observers);
            if let Some(p) = progress.take() {
                p.clear();
            }
            let (summary, err) = explored?;
            if let Some(j) = junit.as_mut() {
                let path = j.finish(ex.prog).map_err(|e| Failure {
                    code: 1,
                    error: anyhow!("writing the JUnit suite: {e}"),
                })?;
                if !a.quiet {
                    match &path {
                        Some(p) => super::emit(&format!("JUnit suite: {}\n", p.display())),
                        None => super::emit("JUnit suite: none written (no path ended with a test)\n"),
                    }
                }
                written = path.map(|p| (p, j.test_names()));
            }
            crate::budget::discard(ex);
            (summary, err)
        }
    };
    if let Some(w) = &writer
        && let Some(e) = &w.error
    {
        return Err(Failure {
            code: 1,
            error: anyhow!(
                "writing {}: {e}",
                a.tests.as_ref().map(|p| p.display().to_string()).unwrap_or_default()
            ),
        });
    }
    if let (Some(p), Some(mut f)) = (&a.json, json_file) {
        use std::io::Write;
        let text = serde_json::to_string_pretty(&summary).map_err(|e| Failure { code: 1, error: e.into() })?;
        f.write_all(text.as_bytes())
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    Ok(Ran {
        summary,
        err,
        junit: written,
    })
}

/// Driver options from a subject configuration; limits given on the command line win.
pub fn driver_args_for(m: &crate::subjects::Manifest, c: &crate::subjects::Config, cli: &super::DriverArgs) -> super::DriverArgs {
    let mut d = cli.clone();
    d.classpath = m.run_classpath().join(":");
    d.driver = c.driver.clone();
    d.symbolic = c.symbolic.clone();
    d.input = c.input.clone().unwrap_or_default();
    d.min_int = cli.min_int.or(c.min_int);
    d.max_int = cli.max_int.or(c.max_int);
    d.array_len = cli.array_len.or(c.array_len.map(super::ArrayLen::fixed));
    d.string_len = cli.string_len.or(c.string_len);
    d.max_depth = cli.max_depth.or(c.max_depth);
    d.max_steps = cli.max_steps.or(c.max_steps);
    d.max_paths = cli.max_paths.or(c.max_paths);
    d.timeout = cli.timeout.or(c.timeout);
    d
}

/// `--workers` when not given: the machine's cores.
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
