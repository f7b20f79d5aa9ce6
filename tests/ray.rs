//! Remote workers on Ray (`python/jsymex_ray`, `jsymex worker`, `jsymex run --remote`): a run
//! whose tasks are solved and run ahead by two Ray actors gives the results of one worker (the
//! same JSONL line by line, counts, coverage, solver queries and instructions) on every bundled
//! subject and on Figure 4 with N = 14, with spf and dgse, depth-first and in a seeded random
//! order; and a run during which one actor's process is killed completes with the same paths.
//!
//! The test makes the virtual environment with Ray itself (`scripts/ray-venv.sh`, PyPI) and
//! starts a local Ray head for its runs: without Python, venv or PyPI it fails, naming what is
//! missing.

mod common;

use common::RunOut;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The virtual environment with ray and jsymex-ray, made or updated now.
fn venv() -> PathBuf {
    let v = std::env::var_os("JSYMEX_RAY_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/ray-venv"));
    succeeds(
        Command::new("bash")
            .arg(root().join("scripts/ray-venv.sh"))
            .env("JSYMEX_RAY_VENV", &v),
        "scripts/ray-venv.sh (needs python3 with venv and PyPI for ray)",
    );
    v
}

/// Runs `cmd`; fails the test with its output unless it succeeds.
fn succeeds(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    assert!(
        out.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A local Ray head for this test's runs, stopped when dropped.
struct Head {
    venv: PathBuf,
    address: String,
}

impl Head {
    fn start(venv: &Path) -> Head {
        let port = free_port();
        succeeds(
            Command::new(venv.join("bin/ray"))
                .args([
                    "start",
                    "--head",
                    "--num-cpus",
                    "4",
                    "--include-dashboard",
                    "false",
                    "--disable-usage-stats",
                ])
                .arg(format!("--port={port}")),
            "ray start --head",
        );
        Head {
            venv: venv.to_path_buf(),
            address: format!("127.0.0.1:{port}"),
        }
    }

    /// `jsymex-ray run --actors 2 ARGS` on this head (with `extra` coordinator options).
    fn run(&self, args: &[&str], extra: &[&str]) -> RunOut {
        let pre = [
            &[
                "run",
                "--address",
                &self.address,
                "--actors",
                "2",
                "--jsymex",
                env!("CARGO_BIN_EXE_jsymex"),
            ][..],
            extra,
        ]
        .concat();
        common::run_command(&self.venv.join("bin/jsymex-ray"), &pre, args, &[])
    }
}

impl Drop for Head {
    fn drop(&mut self) {
        let _ = Command::new(self.venv.join("bin/ray")).args(["stop", "--force"]).output();
    }
}

/// The parts of a summary that must not depend on who made the runs.
fn invariant(s: &serde_json::Value) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for k in [
        "feasible_paths",
        "infeasible_paths",
        "unknown_paths",
        "limit_paths",
        "cut_paths",
        "solver_calls",
        "instructions",
        "branch_events",
        "branches_covered",
        "branches_total",
        "instruction_coverage",
        "coverage",
        "faults",
        "fault_sites",
        "stop",
    ] {
        out.insert(k.into(), s[k].clone());
    }
    for k in ["queries", "sat", "unsat", "z3_calls"] {
        out.insert(format!("solver.{k}"), s["solver"][k].clone());
    }
    serde_json::Value::Object(out)
}

/// Compares a Ray run of `args` with a one-worker run; returns the runs made ahead and used.
fn same_on_ray(head: &Head, args: &[&str], extra: &[&str]) -> Result<(u64, RunOut), String> {
    let one = common::run(&[args, &["--workers", "1"]].concat());
    let ray = head.run(args, extra);
    let what = args.join(" ");
    if one.code != 0 || ray.code != 0 {
        return Err(format!(
            "{what}: exit {} / {} on Ray: {}\n{}",
            one.code, ray.code, one.stderr, ray.stderr
        ));
    }
    if one.paths.is_empty() {
        return Err(format!("{what}: no paths"));
    }
    let w = &ray.summary["workers"];
    if w["remote_workers"] != 2 || w["workers"] != 3 {
        return Err(format!("{what}: the Ray run reported workers {w}"));
    }
    common::same_paths_and_summary(&what, (&one, &ray), ("with 1 worker", "on Ray with 2 actors"), invariant)?;
    // Each worker process's peak memory is reported and within 1.5x of a one-worker run's.
    let single = one.summary["workers"]["peak_rss_bytes"].as_u64().unwrap_or(0) as f64;
    for p in w["per_worker"].as_array().into_iter().flatten() {
        match p["peak_rss_bytes"].as_u64() {
            Some(b) if single > 0.0 && (b as f64) <= 1.5 * single => {}
            // A worker that got no job before the exploration ended reports nothing.
            None if p["tasks"] == 0 => {}
            other => {
                return Err(format!(
                    "{what}: a remote worker's peak memory {other:?} against {single} bytes with one worker"
                ));
            }
        }
    }
    Ok((w["ahead_used"].as_u64().unwrap_or(0), ray))
}

#[test]
fn ray_actors_give_the_results_of_one_worker_and_survive_a_killed_actor() {
    let venv = venv();
    let head = Head::start(&venv);
    let mut problems = Vec::new();
    let mut used = 0u64;
    let mut cases: Vec<Vec<String>> = Vec::new();
    for name in common::subjects() {
        for strategy in ["spf", "dgse"] {
            for search in [&["--search", "dfs"][..], &["--search", "random", "--seed", "7"][..]] {
                // Without snapshots the tasks of spf and dgse are offered to the actors (with
                // them they resume on the explorer).
                let mut a: Vec<String> = ["--subject", &format!("{name}:ci"), "--strategy", strategy, "--snapshots", "off"]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                a.extend(search.iter().map(|s| s.to_string()));
                cases.push(a);
            }
        }
    }
    for strategy in ["spf", "dgse"] {
        cases.push(common::fig4_blocks14(strategy, "off").iter().map(|s| s.to_string()).collect());
    }
    for a in &cases {
        let args: Vec<&str> = a.iter().map(String::as_str).collect();
        match same_on_ray(&head, &args, &[]) {
            Ok((u, _)) => used += u,
            Err(e) => problems.push(e),
        }
    }
    // Kill one actor's process in the middle of a run: its job goes to a new actor, once.
    let args = ["--subject", "print_tokens2:ci", "--strategy", "dgse", "--snapshots", "off"];
    match same_on_ray(&head, &args, &["--kill-actor-after", "20"]) {
        Ok((_, ray)) => {
            if !ray.stderr.contains("killing actor 0") || !ray.stderr.contains("actors lost 1") {
                problems.push(format!("the kill run did not lose exactly one actor:\n{}", ray.stderr));
            }
            let lost = ray.summary["workers"]["remote_lost"].as_u64().unwrap_or(0);
            if lost != 1 {
                problems.push(format!("the kill run sent {lost} jobs again, not 1"));
            }
        }
        Err(e) => problems.push(format!("with a killed actor: {e}")),
    }
    drop(head);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The actors really made runs the explorer used (a silent fallback would pass the rest).
    assert!(used > 500, "only {used} runs made by Ray actors were used");
}

/// `jsymex worker` on a line that is not the protocol's: one error line, exit code 2 (after
/// its ready line).
#[test]
fn a_worker_refuses_a_bad_line_with_one_error() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args(["worker", "--subject", "tcas:ci"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start jsymex worker");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"{\"task\":3,\"job\":\"not base64!\"}\n")
        .expect("write a job");
    let out = child.wait_with_output().expect("wait for jsymex worker");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stdout.lines().next(), Some("{\"ready\":true,\"protocol\":2}"), "{stdout}");
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("worker: bad protocol line"), "{stderr}");
}

/// `--remote` to an address where nobody listens, or without `--remote-workers`: one line,
/// exit code 2.
#[test]
fn bad_remote_options_are_one_line_and_exit_2() {
    let addr = format!("127.0.0.1:{}", free_port());
    for (args, needle) in [
        (vec!["--remote", addr.as_str(), "--remote-workers", "2"], "--remote 127.0.0.1"),
        (vec!["--remote", addr.as_str()], "--remote-workers"),
        (vec!["--remote", addr.as_str(), "--remote-workers", "0"], "--remote-workers"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
            .args(["run", "--subject", "tcas:ci"])
            .args(&args)
            .output()
            .expect("run jsymex");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
