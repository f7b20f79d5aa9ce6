//! `--workers N`: runs go ahead on worker threads, and the results are those of one worker:
//! the same paths in the same order (JSONL compared line by line), the same counts, the same
//! coverage, the same solver queries, on every bundled subject with spf (with snapshots and
//! without, when its tasks run ahead) and dgse, under dfs, bfs and a seeded random order, and
//! on Figure 4 with N = 14.

mod common;

use common::RunOut;

/// The parts of a summary that must not depend on the number of workers.
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
        "instructions",
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
    // The explorer's own solver answers every task in both runs: same queries, same answers.
    for k in ["queries", "sat", "unsat", "unknown", "z3_calls"] {
        out.insert(format!("solver.{k}"), s["solver"][k].clone());
    }
    serde_json::Value::Object(out)
}

/// Runs `args` with one and with `workers` workers; fails on any difference. Returns the
/// run with several workers.
fn same_with_workers(args: &[&str], workers: usize) -> Result<RunOut, String> {
    let one = common::run(&[args, &["--workers", "1"]].concat());
    let w = workers.to_string();
    let many = common::run(&[args, &["--workers", &w]].concat());
    let what = args.join(" ");
    if one.code != 0 || many.code != 0 {
        return Err(format!("{what}: exit {} / {}: {} {}", one.code, many.code, one.stderr, many.stderr));
    }
    if one.paths.is_empty() {
        return Err(format!("{what}: no paths"));
    }
    if one.summary["workers"]["workers"] != 1 || many.summary["workers"]["workers"] != workers {
        return Err(format!(
            "{what}: workers reported {} / {}",
            one.summary["workers"], many.summary["workers"]
        ));
    }
    let label = format!("with {workers} workers");
    common::same_paths_and_summary(&what, (&one, &many), ("with 1 worker", &label), invariant)?;
    Ok(many)
}

#[test]
fn every_subject_gives_the_same_results_with_two_workers() {
    let mut problems = Vec::new();
    let mut used = 0u64;
    for name in common::subjects() {
        let subject = format!("{name}:ci");
        // With snapshots the tasks of spf and dgse mostly resume on the explorer's thread;
        // without them the workers run them ahead.
        for (strategy, snapshots) in [("spf", "on"), ("spf", "off"), ("dgse", "on"), ("dgse", "off")] {
            for search in [&["--search", "dfs"][..], &["--search", "random", "--seed", "7"][..]] {
                let args = [
                    &["--subject", &subject, "--strategy", strategy, "--snapshots", snapshots][..],
                    search,
                ]
                .concat();
                match same_with_workers(&args, 2) {
                    Ok(r) => used += r.summary["workers"]["ahead_used"].as_u64().unwrap_or(0),
                    Err(e) => problems.push(e),
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The runs really went ahead (a silent fallback to one thread would pass the rest).
    assert!(used > 1000, "only {used} runs made ahead were used");
}

#[test]
fn breadth_first_and_three_workers_give_the_same_results() {
    let mut problems = Vec::new();
    for subject in ["schedule2:ci", "tcas:ci", "print_tokens2:ci", "siena:ci", "replace:ci"] {
        for (search, workers) in [("bfs", 2), ("dfs", 3), ("subpath-2", 2), ("random-path", 2)] {
            let args = ["--subject", subject, "--strategy", "spf", "--search", search, "--seed", "3"];
            if let Err(e) = same_with_workers(&args, workers) {
                problems.push(e);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn figure_4_with_fourteen_inputs() {
    // With snapshots (the default) the tasks of spf and dgse resume on the explorer's thread
    // and are not offered to workers; without them the workers run spf's tasks ahead.
    for (strategy, snapshots) in [("spf", "off"), ("spf", "on"), ("dgse", "on")] {
        let args = common::fig4_blocks14(strategy, snapshots);
        let r = same_with_workers(&args, 2).unwrap_or_else(|e| panic!("{e}"));
        let expected = if strategy == "spf" { 16_384 } else { 15 };
        assert_eq!(r.summary["feasible_paths"], expected, "{strategy}");
        if snapshots == "off" {
            let used = r.summary["workers"]["ahead_used"].as_u64().unwrap_or(0);
            assert!(used > 100, "spf on Figure 4: only {used} runs made ahead were used");
        }
    }
}

#[test]
fn a_path_limit_stops_at_the_same_paths() {
    for subject in ["cli:max", "nanoxml:ci", "schedule2:max"] {
        let args = ["--subject", subject, "--strategy", "spf", "--max-paths", "300"];
        let r = same_with_workers(&args, 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.summary["feasible_paths"], 300, "{subject}");
    }
}

#[test]
fn strategies_whose_pruners_cannot_run_ahead_stay_on_one_thread() {
    for strategy in ["pse", "rwset"] {
        let args = ["--subject", "tcas:ci", "--strategy", strategy];
        let r = same_with_workers(&args, 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.summary["workers"]["runs_ahead"], false, "{strategy}");
    }
}

#[test]
fn zero_workers_is_refused() {
    let r = common::run(&["--subject", "tcas:ci", "--workers", "0"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("--workers 0"), "{}", r.stderr);
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
}
