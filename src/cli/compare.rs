//! `jsymex compare`: several strategies on one driver, one after the other with the same
//! limits, in one table (the columns of the DGSE paper's Tables 5-7).

use super::run::{driver_args_for, explore_with, explorer, open_program};
use super::{DriverArgs, Failure};
use crate::explore::Summary;
use anyhow::anyhow;
use clap::Args;

/// Arguments of `compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Program, driver and limits.
    #[command(flatten)]
    pub d: DriverArgs,
    /// Strategies, comma-separated (spf, dgse, dgse-no-interactive, `a+b` combinations); the first is the baseline of the ratios and of --check-coverage.
    #[arg(long, value_delimiter = ',', default_value = "spf,dgse")]
    pub strategies: Vec<String>,
    /// Wall-clock budget per strategy in seconds (same as --timeout).
    #[arg(long, allow_hyphen_values = true)]
    pub budget: Option<f64>,
    /// Output format: text, markdown, csv, json.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// A bundled subject `NAME[:CONFIG]`, or `all` (see `jsymex subjects`).
    #[arg(long)]
    pub subject: Option<String>,
    /// Write one JUnit 4 test class per strategy into this directory.
    #[arg(long)]
    pub junit: Option<std::path::PathBuf>,
    /// Write an SVG plot of distinct feasible paths over time, one line per run.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
    /// No progress display on stderr (the table is still printed).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Fail (exit 1) when a strategy misses a branch direction, branch edge, instruction or
    /// fault site that the baseline (the first strategy) reached on a complete run, or explores
    /// more feasible paths than the baseline.
    #[arg(long)]
    pub check_coverage: bool,
    /// Write the table to this file instead of standard output.
    #[arg(long)]
    pub output: Option<std::path::PathBuf>,
    /// Mutation analysis (the DGSE paper's Table 10): run each strategy's JUnit suite on the
    /// real JVM against the same bytecode mutants of the classes under test, and add a table
    /// of mutants, tests, kills, kill rate and unique kills per strategy.
    #[arg(long)]
    pub mutation: bool,
    /// With --mutation: the classes to mutate (comma-separated globs over binary names, `!` to
    /// exclude); default: the subject's setting, else the driver's package.
    #[arg(long)]
    pub mutate_classes: Option<String>,
    /// With --mutation: milliseconds a test may run on a mutant before the mutant counts as
    /// killed (it loops).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub test_timeout: u64,
}

const HEADER: &[&str] = &[
    "strategy",
    "feasible",
    "infeasible",
    "total",
    "feasible_ratio",
    "infeasible_ratio",
    "total_ratio",
    "solver_calls",
    "solver_sat_ms",
    "solver_unsat_ms",
    "analysis_ms",
    "exploration_ms",
    "total_ms",
    "speedup",
    "branch_coverage",
    "faults",
    "cut",
    "pruned",
    "subsumed",
    "extra_paths",
    "keeps",
    "missed",
    "stop",
];

/// One table row; `bounds` marks the path counts of a run stopped on a limit as lower bounds
/// (`>=N`, for the text and markdown tables).
fn row(s: &Summary, base: &Summary, with_subject: bool, bounds: bool) -> Vec<String> {
    let ratio = |a: u64, b: u64| {
        if b == 0 {
            if a == 0 { "1.00".to_string() } else { "-".to_string() }
        } else {
            format!("{:.2}", a as f64 / b as f64)
        }
    };
    let total = s.feasible_paths + s.infeasible_paths;
    let btotal = base.feasible_paths + base.infeasible_paths;
    let explore_ms = s.wall_time_ms - s.analysis_time_ms;
    let speed = if s.wall_time_ms > 0.0 {
        format!("{:.2}", base.wall_time_ms / s.wall_time_ms)
    } else {
        "-".into()
    };
    let mut r = vec![s.strategy.clone()];
    if with_subject {
        r.push(s.subject.clone().unwrap_or_default());
    }
    let count = |n: u64| {
        if bounds && s.stop.is_limit() {
            format!(">={n}")
        } else {
            n.to_string()
        }
    };
    r.extend([
        count(s.feasible_paths),
        count(s.infeasible_paths),
        count(total),
        ratio(s.feasible_paths, base.feasible_paths),
        ratio(s.infeasible_paths, base.infeasible_paths),
        ratio(total, btotal),
        s.solver_calls.to_string(),
        format!("{:.1}", s.solver_sat_ms),
        format!("{:.1}", s.solver_unsat_ms),
        format!("{:.1}", s.analysis_time_ms),
        format!("{:.1}", explore_ms),
        format!("{:.1}", s.wall_time_ms),
        speed,
        format!("{:.3}", s.branch_coverage),
        s.faults.to_string(),
        s.cut_paths.to_string(),
        s.pruners.iter().map(|p| p.removed + p.retracted).sum::<u64>().to_string(),
        // The share of the paths run that a pruner cut (seed 003's subsumption ratio).
        if s.feasible_paths == 0 {
            "-".into()
        } else {
            format!("{:.2}", s.cut_paths as f64 / s.feasible_paths as f64)
        },
        s.extra_paths.to_string(),
        s.keeps.to_string(),
        s.missed.as_ref().map(|m| m.count().to_string()).unwrap_or_else(|| "-".into()),
        s.stop.label().to_string(),
    ]);
    r
}

/// Renders a comparison table in the given format.
pub fn render(runs: &[Summary], format: &str) -> Result<String, Failure> {
    let Some(first) = runs.first() else { return Ok(String::new()) };
    let with_subject = runs.iter().any(|s| s.subject.is_some());
    // Ratios are relative to the first strategy of the same subject.
    let bounds = matches!(format, "text" | "markdown");
    let rows: Vec<Vec<String>> = runs
        .iter()
        .map(|s| {
            let base = runs.iter().find(|b| b.subject == s.subject).unwrap_or(first);
            row(s, base, with_subject, bounds)
        })
        .collect();
    let mut header: Vec<&str> = HEADER.to_vec();
    if with_subject {
        header.insert(1, "subject");
    }
    let base = first;
    Ok(match format {
        "csv" | "markdown" => crate::report::grid(&header, &rows, format),
        "json" => {
            serde_json::to_string_pretty(&serde_json::json!({ "driver": base.driver, "runs": runs }))
                .map_err(|e| Failure { code: 1, error: e.into() })?
                + "\n"
        }
        "text" => {
            let prefix = if with_subject {
                String::new()
            } else {
                format!("driver: {}\n", base.driver)
            };
            prefix + &crate::report::grid(&header, &rows, format)
        }
        other => return Err(anyhow!("--format: unknown format '{other}' (text, markdown, csv, json)").into()),
    })
}

/// `jsymex compare`.
pub fn compare(mut a: CompareArgs) -> Result<i32, Failure> {
    a.d = super::jpf::apply(a.d)?;
    if let Some(b) = a.budget {
        super::validate::seconds("--budget", b)?;
        a.d.timeout = Some(b);
    }
    if let Some(spec) = &a.subject {
        super::validate::subject_classpath(&a.d, spec)?;
    }
    // The plot and the table are written after every run: make sure they can be, before the
    // first.
    if let Some(p) = &a.output {
        std::fs::File::create(p).map_err(|e| anyhow!("--output: cannot write {}: {e}", p.display()))?;
    }
    if let Some(p) = &a.plot {
        std::fs::File::create(p).map_err(|e| anyhow!("--plot: cannot write {}: {e}", p.display()))?;
    }
    if !matches!(a.format.as_str(), "text" | "markdown" | "csv" | "json") {
        return Err(anyhow!("--format: unknown format '{}' (text, markdown, csv, json)", a.format).into());
    }
    for s in &a.strategies {
        crate::strategy::preset::check(s)?;
    }
    let mut runs = Vec::new();
    let mut reached = Vec::new();
    let mut first_err = None;
    // (subject label, driver arguments, classes --mutation mutates)
    let targets: Vec<(Option<String>, super::DriverArgs, String)> = match &a.subject {
        None => vec![(
            None,
            a.d.clone(),
            a.mutate_classes
                .clone()
                .unwrap_or_else(|| crate::mutate::default_classes(a.d.driver.as_deref().unwrap_or_default(), false)),
        )],
        Some(spec) => crate::subjects::select(spec)?
            .into_iter()
            .map(|(m, c)| {
                let cfg = m.config(&c)?;
                let classes = a
                    .mutate_classes
                    .clone()
                    .or_else(|| m.mutate.clone())
                    .unwrap_or_else(|| crate::mutate::default_classes(cfg.driver.as_deref().unwrap_or(&m.driver), true));
                Ok((Some(format!("{}:{c}", m.name)), driver_args_for(&m, &cfg, &a.d), classes))
            })
            .collect::<Result<Vec<_>, crate::subjects::SubjectError>>()?,
    };
    for (_, d, _) in &targets {
        super::validate::driver_args(d, &a.strategies)?;
    }
    if (a.mutate_classes.is_some() || a.test_timeout != 2000) && !a.mutation {
        return Err(anyhow!("--mutate-classes and --test-timeout need --mutation").into());
    }
    if let Some(dir) = &a.junit {
        std::fs::create_dir_all(dir).map_err(|e| anyhow!("--junit: cannot create directory {}: {e}", dir.display()))?;
    }
    // --mutation needs the suites: without --junit they go to a temporary directory.
    let scratch = if a.mutation && a.junit.is_none() {
        Some(super::junit::TempDir::new().map_err(|e| anyhow!("cannot create a temporary directory: {e}"))?)
    } else {
        None
    };
    let junit_dir = a.junit.clone().or_else(|| scratch.as_ref().map(|t| t.0.clone()));
    let mut mutation_rows = Vec::new();
    for (subject, d, mutate_classes) in &targets {
        let mut suites = Vec::new();
        for s in &a.strategies {
            // What the previous strategy freed must not count against this one's --max-memory.
            crate::budget::release_free_memory();
            let prog = open_program(d)?;
            let combined = super::combined::parts(s);
            let mut ex = match explorer(&prog, d, combined.as_ref().map_or(s.as_str(), |c| c[0].as_str()))? {
                super::run::Setup::Ready(ex) => ex,
                super::run::Setup::Exhausted(mut summary) => {
                    summary.subject = subject.clone();
                    runs.push(*summary);
                    reached.push(None);
                    continue;
                }
            };
            // A Java identifier part: `random-path+nurs:covnew` -> `random_path_nurs_covnew`.
            let class_suffix: String = s.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
            let mut junit = junit_dir.as_ref().map(|dir| {
                let base = crate::testgen::junit::default_class_name(&ex.driver);
                let mut w =
                    crate::testgen::junit::JunitWriter::new(dir.clone(), None, Some(format!("{base}_{class_suffix}")), &ex.driver, s);
                w.set_assertions(!d.disable_assertions);
                w
            });
            let label = match subject {
                Some(sub) => format!("{s} {sub}"),
                None => s.clone(),
            };
            let mut progress = crate::report::progress::ProgressDisplay::on_terminal(a.quiet, &label);
            let mut oracle = crate::report::reached::ReachedObserver::default();
            let mut only_new = junit.as_mut().map(|j| crate::explore::OnlyNewCoverage::new(j, d.only_new_coverage));
            let mut observers: Vec<&mut dyn crate::explore::Observer> = vec![&mut oracle];
            if let Some(j) = only_new.as_mut() {
                observers.push(j);
            }
            if let Some(p) = progress.as_mut() {
                observers.push(p);
            }
            let explored = match &combined {
                None => explore_with(&mut ex, s, d, &mut observers),
                Some(names) => super::combined::run(&prog, d, s, names, &mut observers).map(|(sum, cov, err)| {
                    ex.cov = cov;
                    (sum, err)
                }),
            };
            drop(observers);
            if let Some(p) = progress.take() {
                p.clear();
            }
            let (mut summary, err) = explored?;
            if let Some(j) = junit.as_mut() {
                let file = j.finish(ex.prog).map_err(|e| Failure {
                    code: 1,
                    error: anyhow!("writing the JUnit suite: {e}"),
                })?;
                suites.push((s.clone(), file));
            }
            summary.subject = subject.clone();
            if first_err.is_none() {
                first_err = err;
            }
            reached.push(summary.stop.is_complete().then(|| oracle.finish(ex.prog, &ex.cov)));
            runs.push(summary);
        }
        if a.mutation
            && let Some(dir) = &junit_dir
        {
            let suites = super::mutation_table::Suites {
                subject: subject.clone(),
                classpath: d.classpath.clone(),
                classes: mutate_classes.clone(),
                dir: dir.clone(),
                suites,
            };
            mutation_rows.extend(super::mutation_table::evaluate(&suites, a.test_timeout)?);
        }
    }
    let problems = oracle_check(&mut runs, &reached);
    let mut table = render(&runs, &a.format)?;
    if a.mutation {
        if a.format == "json" {
            let mut v: serde_json::Value = serde_json::from_str(&table).map_err(|e| Failure { code: 1, error: e.into() })?;
            v["mutation"] = serde_json::to_value(&mutation_rows).map_err(|e| Failure { code: 1, error: e.into() })?;
            table = serde_json::to_string_pretty(&v).map_err(|e| Failure { code: 1, error: e.into() })? + "\n";
        } else {
            table += "\n";
            table += &super::mutation_table::render(&mutation_rows, &a.format);
        }
    }
    match &a.output {
        Some(p) => std::fs::write(p, table).map_err(|e| anyhow!("--output: cannot write {}: {e}", p.display()))?,
        None => super::emit(&table),
    }
    if let Some(p) = &a.plot {
        crate::report::plot::write(p, &runs).map_err(|e| anyhow!("--plot: cannot write {}: {e}", p.display()))?;
    }
    if let Some(e) = first_err {
        return Err(Failure {
            code: 2,
            error: anyhow!(e),
        });
    }
    if a.check_coverage && !problems.is_empty() {
        for p in &problems {
            eprintln!("jsymex: {p}");
        }
        return Err(Failure {
            code: 1,
            error: anyhow!(
                "--check-coverage: {} strateg{} missed what the baseline reached",
                problems.len(),
                if problems.len() == 1 { "y" } else { "ies" }
            ),
        });
    }
    let unknown: u64 = runs.iter().map(|r| r.unknown_paths).sum();
    if unknown > 0 {
        return Err(Failure {
            code: 3,
            error: anyhow!("the solver returned unknown on {unknown} task(s) (raise --solver-timeout); the table counts them as unknown"),
        });
    }
    Ok(0)
}

/// Fills each run's `missed` (against the first run of the same subject, both complete) and
/// returns one line per strategy that missed something or explored more feasible paths than
/// its baseline.
fn oracle_check(runs: &mut [Summary], reached: &[Option<crate::report::reached::Reached>]) -> Vec<String> {
    let mut problems = Vec::new();
    for i in 0..runs.len() {
        let Some(b) = (0..i).find(|&b| runs[b].subject == runs[i].subject) else {
            continue;
        };
        let (Some(base), Some(this)) = (&reached[b], &reached[i]) else {
            continue;
        };
        // A strategy that keeps only bugs is checked on the failing assertion sites.
        let missed = if runs[i].keeps == "bugs" {
            crate::report::reached::Missed::bugs_between(base, this)
        } else {
            crate::report::reached::Missed::between(base, this)
        };
        let who = match &runs[i].subject {
            Some(sub) => format!("{} on {sub}", runs[i].strategy),
            None => runs[i].strategy.clone(),
        };
        if missed.count() > 0 {
            problems.push(format!("{who} missed what {} reached: {}", runs[b].strategy, missed.describe()));
        }
        if runs[i].feasible_paths > runs[b].feasible_paths {
            problems.push(format!(
                "{who} explored {} feasible paths, more than {}'s {}",
                runs[i].feasible_paths, runs[b].strategy, runs[b].feasible_paths
            ));
        }
        runs[i].missed = Some(missed);
    }
    problems
}
