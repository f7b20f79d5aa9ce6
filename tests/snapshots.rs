//! Snapshots (`--snapshots on|off`, `--snapshot-memory`): a task resumed from its parent's
//! snapshot gives exactly what a replay from the entry gives. Every bundled subject's `ci` and
//! `max` configuration (the latter under a path limit; not for the two solver-bound ones), the engine's differential suite
//! (`tests/java/diff`) and generated programs run with snapshots on and off under dfs, bfs and
//! a seeded random order: the JSONL must be identical line by line, and so must the counts,
//! the coverage and the solver's queries. The runs with snapshots also set
//! `JSYMEX_SNAPSHOT_VERIFY=1`, which replays every resumed run from the entry and fails on
//! the first difference in events, outcome, output or instruction count.

mod common;

use std::path::Path;
use std::process::Command;

/// One `jsymex run` with `--json` and `--tests`; `verify` sets `JSYMEX_SNAPSHOT_VERIFY=1`.
fn run(args: &[&str], verify: bool) -> common::RunOut {
    common::run_env(args, &[("JSYMEX_SNAPSHOT_VERIFY", if verify { "1" } else { "0" })])
}

/// The parts of a summary that must not depend on snapshots (everything but the instruction
/// count, which counts only what was executed, and time).
fn invariant(s: &serde_json::Value) -> serde_json::Value {
    let keys = [
        "feasible_paths",
        "infeasible_paths",
        "unknown_paths",
        "limit_paths",
        "diverged_paths",
        "duplicate_paths",
        "assumed_paths",
        "cut_paths",
        "solver_calls",
        "branch_events",
        "branches_covered",
        "branches_total",
        "coverage",
        "faults",
        "fault_sites",
        "stop",
    ];
    let mut out = serde_json::Map::new();
    for k in keys {
        out.insert(k.into(), s[k].clone());
    }
    for k in ["queries", "sat", "unsat", "unknown"] {
        out.insert(format!("solver.{k}"), s["solver"][k].clone());
    }
    serde_json::Value::Object(out)
}

/// What one comparison found: resumed runs, instructions with and without snapshots.
#[derive(Default, Clone, Copy)]
struct Saved {
    resumed: u64,
    on: u64,
    off: u64,
}

/// Runs `args` with snapshots on (verified) and off; any difference is an error. Snapshots are
/// taken before every symbolic branch however short its prefix (`--snapshot-min-steps 1`),
/// so that the check covers as many resumed runs as possible.
fn same_with_and_without(args: &[&str]) -> Result<Saved, String> {
    let on = run(&[args, &["--snapshots", "on", "--snapshot-min-steps", "1"]].concat(), true);
    let off = run(&[args, &["--snapshots", "off"]].concat(), false);
    let what = args.join(" ");
    if on.code != 0 || off.code != 0 {
        return Err(format!(
            "{what}: exit {} / {}: {} {}",
            on.code,
            off.code,
            on.stderr.trim(),
            off.stderr.trim()
        ));
    }
    if off.paths.is_empty() {
        return Err(format!("{what}: no paths"));
    }
    common::same_paths_and_summary(&what, (&on, &off), ("with snapshots", "without"), invariant)?;
    let snaps = &on.summary["snapshots"];
    if snaps["enabled"] != true || off.summary["snapshots"]["enabled"] != false || off.summary["snapshots"]["resumed"] != 0 {
        return Err(format!("{what}: snapshot counters {snaps} / {}", off.summary["snapshots"]));
    }
    let (i_on, i_off) = (
        common::count(&on.summary, "instructions"),
        common::count(&off.summary, "instructions"),
    );
    let saved = snaps["instructions_saved"].as_u64().unwrap_or(0);
    if i_on + saved != i_off {
        return Err(format!(
            "{what}: {i_on} instructions executed + {saved} saved != {i_off} without snapshots"
        ));
    }
    Ok(Saved {
        resumed: snaps["resumed"].as_u64().unwrap_or(0),
        on: i_on,
        off: i_off,
    })
}

const ORDERS: [&[&str]; 3] = [&["--search", "dfs"], &["--search", "bfs"], &["--search", "random", "--seed", "7"]];

/// Runs every job on two threads and fails with all problems at once; returns the totals.
fn check_all(jobs: Vec<Vec<String>>) -> Saved {
    let results = common::par_map(&jobs, 2, |args| {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        same_with_and_without(&refs)
    });
    let mut problems = Vec::new();
    let mut total = Saved::default();
    for r in results {
        match r {
            Ok(s) => {
                total.resumed += s.resumed;
                total.on += s.on;
                total.off += s.off;
            }
            Err(e) => problems.push(e),
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} runs differ:\n{}",
        problems.len(),
        jobs.len(),
        problems.join("\n")
    );
    total
}

/// One job per bundled subject's `ci` and `max` configuration (`max` under 300 paths) and
/// search order, under `strategy`. print_tokens:max and tot_info:max are solver-bound: their
/// queries take seconds and some time out depending on the machine's load, so two runs of them
/// are not comparable with each other at all; only their `ci` runs are compared.
fn subject_jobs(strategy: &str, orders: &[&[&str]]) -> Vec<Vec<String>> {
    let mut jobs = Vec::new();
    for name in common::subjects() {
        let configs: &[(&str, Option<&str>)] = match name.as_str() {
            "print_tokens" | "tot_info" => &[("ci", None)],
            _ => &[("ci", None), ("max", Some("300"))],
        };
        for &(config, limit) in configs {
            for order in orders {
                let mut args: Vec<String> = vec!["--subject".into(), format!("{name}:{config}"), "--strategy".into(), strategy.into()];
                // The configurations' own time budgets could end a run early on a loaded
                // machine, and the two runs at different paths; so could the solver's default
                // 10 s per query (siena:max has queries of seconds: on a machine busy with
                // other tests, one run counted 4 tasks unknown that the other solved).
                args.extend(["--workers", "1", "--timeout", "900", "--solver-timeout", "120000"].map(String::from));
                if let Some(n) = limit {
                    args.extend(["--max-paths".into(), n.into()]);
                }
                args.extend(order.iter().map(|s| s.to_string()));
                jobs.push(args);
            }
        }
    }
    jobs
}

#[test]
fn every_subject_ci_and_max_gives_the_same_results_with_and_without_snapshots() {
    let jobs = subject_jobs("spf", &ORDERS);
    let total = check_all(jobs);
    // Snapshots really served (a silent fallback to replays would pass the rest).
    assert!(total.resumed > 20_000, "only {} runs resumed from snapshots", total.resumed);
    assert!(
        total.on * 4 < total.off * 3,
        "{} instructions with snapshots, {} without",
        total.on,
        total.off
    );
}

/// DGSE's tracker saves its state with each snapshot, and its tasks (which keep only their
/// relevant path condition) resume from their parent's snapshot when the solver's input still
/// follows the parent's prefix: every subject's `ci` and `max` (under a path limit) and
/// generated programs give dgse's results exactly, with most runs resumed and under three quarters of the instructions executed.
#[test]
fn dgse_resumes_from_snapshots_with_its_tracker_state() {
    let mut jobs = subject_jobs("dgse", &[ORDERS[0], ORDERS[2]]);
    let progs = common::programs::programs_with_lib(9300, 20, 20, 10);
    let (_dir, cp) = common::javac_programs(&progs);
    for p in &progs {
        let args = ["--classpath", &cp, "--driver", &p.driver, "--strategy", "dgse", "--workers", "1"];
        jobs.push(args.iter().map(|s| s.to_string()).collect());
    }
    let total = check_all(jobs);
    assert!(total.resumed > 5_000, "only {} dgse runs resumed from snapshots", total.resumed);
    // 51.6 M against 74.7 M: the tracker's saves are bounded (`SAVE_UNITS_PER_STEP`), so some
    // branches close together get no snapshot.
    assert!(
        total.on * 4 < total.off * 3,
        "{} instructions with snapshots, {} without",
        total.on,
        total.off
    );
}

#[test]
fn workers_and_strategies_with_trackers_give_the_same_results() {
    let mut jobs = Vec::new();
    for name in ["schedule2", "tcas", "print_tokens2", "replace", "wbs", "cli"] {
        for strategy in ["spf", "dgse", "pse", "rwset"] {
            jobs.push(
                [
                    "--subject",
                    &format!("{name}:ci"),
                    "--strategy",
                    strategy,
                    "--workers",
                    "2",
                    "--timeout",
                    "900",
                ]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            );
        }
    }
    check_all(jobs);
}

/// The `// DRIVER: Cls.method(types) [extra args]` lines of the differential suite.
fn diff_drivers(dir: &Path) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/java/diff")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "java")) {
        for line in std::fs::read_to_string(f).expect("read").lines() {
            if let Some(rest) = line.trim().strip_prefix("// DRIVER:") {
                let mut parts = rest.split_whitespace().map(str::to_string);
                if let Some(sig) = parts.next() {
                    out.push((sig, parts.collect()));
                }
            }
        }
    }
    out
}

#[test]
fn the_differential_suite_gives_the_same_results_with_and_without_snapshots() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/java/diff");
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(&src)
        .expect("tests/java/diff")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    let dir = tempfile::tempdir().expect("tempdir");
    common::javac_files(&files, &[], dir.path());
    let cp = dir.path().to_string_lossy().to_string();
    let drivers = diff_drivers(&src);
    assert!(drivers.len() >= 45, "{} drivers in tests/java/diff", drivers.len());
    let mut jobs = Vec::new();
    for (sig, extra) in &drivers {
        for order in ORDERS {
            let mut args: Vec<String> = vec![
                "--classpath".into(),
                cp.clone(),
                "--driver".into(),
                sig.clone(),
                "--workers".into(),
                "1".into(),
            ];
            args.extend(extra.iter().cloned());
            args.extend(order.iter().map(|s| s.to_string()));
            jobs.push(args);
        }
    }
    let total = check_all(jobs);
    assert!(total.resumed > 500, "only {} runs resumed from snapshots", total.resumed);
}

#[test]
fn generated_programs_give_the_same_results_with_and_without_snapshots() {
    let n = common::env_u64("JSYMEX_SNAPSHOT_PROGRAMS", 40);
    let progs = common::programs::programs_with_lib(9100, n, n, n / 2);
    let (_dir, cp) = common::javac_programs(&progs);
    let mut jobs = Vec::new();
    for p in &progs {
        for order in ORDERS {
            let mut args: Vec<String> = vec![
                "--classpath".into(),
                cp.clone(),
                "--driver".into(),
                p.driver.clone(),
                "--workers".into(),
                "1".into(),
            ];
            args.extend(order.iter().map(|s| s.to_string()));
            jobs.push(args);
        }
    }
    let total = check_all(jobs);
    assert!(total.resumed > 1000, "only {} runs resumed from snapshots", total.resumed);
}

#[test]
fn a_tiny_memory_budget_evicts_and_changes_nothing() {
    for budget in ["0.02", "1"] {
        for order in [ORDERS[0], ORDERS[1]] {
            let args = [
                &[
                    "--subject",
                    "schedule2:max",
                    "--max-paths",
                    "4000",
                    "--workers",
                    "1",
                    "--snapshot-memory",
                    budget,
                ][..],
                order,
            ]
            .concat();
            same_with_and_without(&args).unwrap_or_else(|e| panic!("{e}"));
            let r = run(&args, false);
            let s = &r.summary["snapshots"];
            let cap = (budget.parse::<f64>().unwrap_or(0.0) * (1 << 20) as f64) as u64;
            assert!(s["bytes_peak"].as_u64().unwrap_or(u64::MAX) <= cap, "{budget} MiB: {s}");
            assert!(s["resumed"].as_u64().unwrap_or(0) > 0, "{budget} MiB: {s}");
            if budget == "0.02" {
                assert!(s["evicted"].as_u64().unwrap_or(0) > 0, "{budget} MiB evicted nothing: {s}");
            }
        }
    }
}

/// schedule2 with 6 commands, exhaustive: snapshots execute under a quarter of the 473 million
/// instructions a replay of every path executes.
#[test]
fn schedule2_max_executes_under_a_quarter_of_the_instructions() {
    let args = ["--subject", "schedule2:max", "--workers", "1", "--timeout", "900"];
    let on = run(&[&args[..], &["--snapshots", "on"]].concat(), false);
    let off = run(&[&args[..], &["--snapshots", "off"]].concat(), false);
    assert_eq!((on.code, off.code), (0, 0), "{} {}", on.stderr, off.stderr);
    assert_eq!(common::count(&on.summary, "feasible_paths"), 117_649);
    assert_eq!(common::count(&off.summary, "feasible_paths"), 117_649);
    assert_eq!(on.paths, off.paths);
    let (i_on, i_off) = (
        common::count(&on.summary, "instructions"),
        common::count(&off.summary, "instructions"),
    );
    assert_eq!(i_off, 473_195_620, "a replay of every path");
    assert!(i_on * 4 <= i_off, "{i_on} instructions with snapshots, {i_off} without");
    assert_eq!(on.summary["snapshots"]["resumed"], 117_648, "{}", on.summary["snapshots"]);
}

#[test]
fn bad_snapshot_options_are_one_line_and_exit_2() {
    for bad in [
        &["--snapshots", "maybe"][..],
        &["--snapshot-memory", "0"],
        &["--snapshot-memory", "-3"],
        &["--snapshot-memory", "NaN"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
            .args(["run", "--subject", "tcas:ci"])
            .args(bad)
            .output()
            .expect("run jsymex");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{bad:?}: {err}");
        assert!(err.contains(bad[0]), "{bad:?}: {err}");
    }
}

/// Through the library: a run on Figure 4 (14 independent `if (x[i] > 0)` blocks over an
/// array) takes one snapshot per branch once its prefix is long enough to be worth one
/// (`MIN_PREFIX_STEPS`); resuming the snapshot of branch k with an input that flips branch k
/// (and changes the later elements too) gives the run a replay of that input gives.
#[test]
fn a_resumed_run_is_the_replayed_run() {
    use jsymex::classpath::ClassPath;
    use jsymex::explore::driver::InputOptions;
    use jsymex::explore::{Explorer, Limits};
    use jsymex::program::Program;
    use jsymex::solver::SolverConfig;
    use jsymex::symbolic::Scalar;
    use jsymex::vm::snapshot::MIN_PREFIX_STEPS;
    use jsymex::vm::{Coverage, Machine, VmConfig};
    let prog = Program::new(ClassPath::parse("@examples").expect("classpath"));
    let opts = InputOptions {
        array_len: Some(14),
        ..Default::default()
    };
    let mut ex = Explorer::new(
        &prog,
        "Fig4.blocks(int[])",
        &opts,
        SolverConfig::default(),
        VmConfig::default(),
        Limits::default(),
    )
    .expect("driver");
    let cfg = VmConfig {
        snapshots: true,
        ..VmConfig::default()
    };
    let entry = ex.driver.entry.clone();
    let mut cov = Coverage::default();
    let first: Vec<Scalar> = (0..14).map(|i| Scalar::I32(if i % 3 == 0 { 5 } else { -5 })).collect();
    let parent = Machine::new(&prog, &mut ex.pool, &mut cov, &cfg).run(&entry, &first).expect("run");
    assert_eq!(parent.events.len(), 14);
    let events: Vec<usize> = parent.snapshots.iter().map(|s| s.event()).collect();
    assert!(events.len() >= 7, "snapshots before events {events:?}");
    assert!(
        events.windows(2).all(|w| w[1] == w[0] + 1) && events.last() == Some(&13),
        "{events:?}"
    );
    assert!(parent.snapshots.iter().all(|s| s.steps() >= MIN_PREFIX_STEPS));
    for snap in &parent.snapshots {
        let k = snap.event();
        let mut flipped = first.clone();
        flipped[k] = Scalar::I32(if k % 3 == 0 { -7 } else { 7 });
        // Later inputs change too: the resumed run must read them from the new input.
        for v in flipped.iter_mut().skip(k + 1) {
            *v = Scalar::I32(3);
        }
        let mut cov_a = cov.clone();
        let resumed = Machine::new(&prog, &mut ex.pool, &mut cov_a, &cfg)
            .resume(&entry, snap, &flipped)
            .expect("resume")
            .expect("the snapshot serves an input that follows its prefix");
        let mut cov_b = cov.clone();
        let replayed = Machine::new(&prog, &mut ex.pool, &mut cov_b, &cfg)
            .run(&entry, &flipped)
            .expect("run");
        let ev = |r: &jsymex::vm::PathRun| r.events.iter().map(|e| (e.pc, e.dir, e.cond)).collect::<Vec<_>>();
        assert_eq!(ev(&resumed), ev(&replayed), "branch {k}");
        assert_eq!(resumed.steps, replayed.steps, "branch {k}");
        assert_eq!(resumed.resumed_steps, snap.steps(), "branch {k}");
        assert!(resumed.resumed_steps < resumed.steps);
        assert_eq!(format!("{:?}", resumed.outcome), format!("{:?}", replayed.outcome));
        assert_eq!(cov_a.edges, cov_b.edges, "branch {k}: coverage");
        assert_eq!(resumed.events[k].dir, 1 - parent.events[k].dir, "branch {k} flipped");
        // The resumed run took snapshots of its own branches after k (its tasks' events).
        assert_eq!(resumed.snapshots.len(), 13 - k, "branch {k}");
        assert_eq!(replayed.snapshots.len(), events.len(), "branch {k}");
    }
}
