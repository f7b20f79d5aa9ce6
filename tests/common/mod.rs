//! Helpers shared by the integration tests: run the binary, read its JSONL and JSON outputs.
#![allow(dead_code)]

pub mod channels;
pub mod programs;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The result of one `jsymex run`.
pub struct RunOut {
    /// Exit code.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The `--json` summary.
    pub summary: serde_json::Value,
    /// The `--tests` lines.
    pub paths: Vec<serde_json::Value>,
}

/// Runs `jsymex run` with the given arguments plus `--json` and `--tests` into a temp dir.
pub fn run(args: &[&str]) -> RunOut {
    run_env(args, &[])
}

/// [`run`] with environment variables set for the process.
pub fn run_env(args: &[&str], env: &[(&str, &str)]) -> RunOut {
    run_command(env!("CARGO_BIN_EXE_jsymex").as_ref(), &["run"], args, env)
}

/// Runs `program PRE ARGS --json F --tests F` (the options of `jsymex run`: the binary
/// itself, or a launcher such as `jsymex-ray run`) and reads its outputs.
pub fn run_command(program: &Path, pre: &[&str], args: &[&str], env: &[(&str, &str)]) -> RunOut {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("s.json");
    let tests = dir.path().join("t.jsonl");
    let out = Command::new(program)
        .args(pre)
        .args(args)
        .arg("--json")
        .arg(&json)
        .arg("--tests")
        .arg(&tests)
        .envs(env.iter().copied())
        .output()
        .unwrap_or_else(|e| panic!("run {}: {e}", program.display()));
    let summary = std::fs::read_to_string(&json)
        .ok()
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or(serde_json::Value::Null);
    let paths = read_jsonl(&tests);
    RunOut {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        summary,
        paths,
    }
}

/// The first difference between two runs' JSONL lines (their count, then line by line) and
/// between the given parts of their summaries; `labels` name the two runs in the message.
pub fn same_paths_and_summary(
    what: &str,
    (a, b): (&RunOut, &RunOut),
    labels: (&str, &str),
    invariant: impl Fn(&serde_json::Value) -> serde_json::Value,
) -> Result<(), String> {
    if a.paths.len() != b.paths.len() {
        return Err(format!(
            "{what}: {} paths {}, {} {}",
            a.paths.len(),
            labels.0,
            b.paths.len(),
            labels.1
        ));
    }
    if let Some(i) = (0..a.paths.len()).find(|&i| a.paths[i] != b.paths[i]) {
        return Err(format!(
            "{what}: JSONL line {} differs:\n  {}: {}\n  {}: {}",
            i + 1,
            labels.0,
            a.paths[i],
            labels.1,
            b.paths[i]
        ));
    }
    let (x, y) = (invariant(&a.summary), invariant(&b.summary));
    if x != y {
        return Err(format!("{what}: summaries differ:\n  {}: {x}\n  {}: {y}", labels.0, labels.1));
    }
    Ok(())
}

/// The options of Figure 4's `blocks` driver with 14 symbolic inputs (16,384 paths under spf)
/// under `strategy`, with snapshots `on` or `off`.
pub fn fig4_blocks14<'a>(strategy: &'a str, snapshots: &'a str) -> [&'a str; 10] {
    [
        "--classpath",
        "@examples",
        "--driver",
        "Fig4.blocks(int[])",
        "--array-len",
        "14",
        "--strategy",
        strategy,
        "--snapshots",
        snapshots,
    ]
}

/// Every bundled subject, from `jsymex subjects`.
pub fn subjects() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("subjects")
        .output()
        .expect("run jsymex subjects");
    let names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split('\t').next())
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 15, "jsymex subjects listed {names:?}");
    names
}

/// Reads a JSONL file (missing file = no lines).
pub fn read_jsonl(p: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(p)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("valid JSON line"))
        .collect()
}

/// The branch labels of a path line.
pub fn branches(p: &serde_json::Value) -> Vec<String> {
    p["branches"]
        .as_array()
        .map(|a| a.iter().filter_map(|b| b.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

/// The branch labels over every path of a run, and the set of its outcomes (`return V` or
/// `exception CLASS`): what the DGSE soundness tests compare between strategies.
pub fn labels_and_outcomes(r: &RunOut) -> (std::collections::BTreeSet<String>, std::collections::BTreeSet<String>) {
    let mut labels = std::collections::BTreeSet::new();
    let mut outcomes = std::collections::BTreeSet::new();
    for p in &r.paths {
        labels.extend(branches(p));
        let o = &p["outcome"];
        outcomes.insert(match o["kind"].as_str() {
            Some("exception") => format!("exception {}", o["exception"]),
            _ => format!("{} {}", o["kind"].as_str().unwrap_or("?"), o["value"]),
        });
    }
    (labels, outcomes)
}

/// A summary counter.
pub fn count(s: &serde_json::Value, key: &str) -> u64 {
    s[key].as_u64().unwrap_or_else(|| panic!("summary has no numeric {key}: {s}"))
}

/// Compiles Java sources into a fresh temp dir (kept alive by the returned guard).
pub fn javac(sources: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("src");
    let out = dir.path().join("classes");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let mut files = Vec::new();
    for (name, text) in sources {
        let f = src.join(name);
        std::fs::write(&f, text).unwrap();
        files.push(f);
    }
    let st = Command::new("javac")
        .arg("-g")
        .arg("-d")
        .arg(&out)
        .args(&files)
        .status()
        .expect("javac");
    assert!(st.success(), "javac failed");
    (dir, out)
}

/// `run` on a driver of `cp`, asserting that it exits 0 and completes.
pub fn run_complete(cp: &str, driver: &str, strategy: &str, extra: &[&str]) -> RunOut {
    let r = run(&[&["--classpath", cp, "--driver", driver, "--strategy", strategy][..], extra].concat());
    assert_eq!(r.code, 0, "{driver} {strategy}: {}", r.stderr);
    assert_eq!(r.summary["stop"], "Complete", "{driver} {strategy}");
    r
}

/// A counter of the named pruner in a run's summary.
pub fn pruner_counter(r: &RunOut, pruner: &str, name: &str) -> u64 {
    let ps = r.summary["pruners"].as_array().expect("pruners");
    let p = ps
        .iter()
        .find(|p| p["name"] == pruner)
        .unwrap_or_else(|| panic!("the {pruner} pruner's stats"));
    p["counters"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c[0] == name))
        .and_then(|c| c[1].as_u64())
        .unwrap_or_else(|| panic!("no counter {name}"))
}

/// An integer from the environment (test sizes, seeds), or the default.
pub fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Compiles generated programs into a fresh temp dir: the guard and the classpath.
pub fn javac_programs(progs: &[programs::Prog]) -> (tempfile::TempDir, String) {
    let files: Vec<(String, &str)> = progs.iter().map(|p| (format!("{}.java", p.class), p.source.as_str())).collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let (dir, classes) = javac(&refs);
    let cp = classes.to_string_lossy().to_string();
    (dir, cp)
}

/// The (exception, site) pairs of a compare row's fault sites (which path found each first
/// is left out: it differs between strategies).
#[allow(dead_code)]
pub fn fault_sites(row: &serde_json::Value) -> std::collections::BTreeSet<String> {
    row["fault_sites"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| format!("{} {}", f["exception"], f["at"]))
        .collect()
}

/// How a path ended, as replay checks compare it: `return`, or the exception and its site.
pub fn end_of(p: &serde_json::Value) -> String {
    let o = &p["outcome"];
    match o["kind"].as_str() {
        Some("exception") => format!("exception {} at {}", o["exception"], o["at"]),
        Some(k) => k.to_string(),
        None => "?".into(),
    }
}

/// `compare --check-coverage` of `strategies` on a driver (`base` names classpath, driver and
/// options): its rows, all complete, or what is wrong.
pub fn compare_complete(base: &[&str], strategies: &str) -> Result<Vec<serde_json::Value>, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("compare")
        .args(base)
        .args(["--strategies", strategies, "--check-coverage", "--format", "json"])
        .output()
        .expect("run jsymex compare");
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!("compare --check-coverage: exit {:?}: {}", out.status.code(), stderr.trim()));
    }
    let table: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| format!("compare output: {e}"))?;
    let runs = table["runs"].as_array().ok_or("no runs")?.clone();
    for r in &runs {
        if r["stop"] != "Complete" || count(r, "limit_paths") != 0 || count(r, "unknown_paths") != 0 {
            return Err(format!("{}: incomplete run", r["strategy"]));
        }
    }
    Ok(runs)
}

/// Replays cut paths' inputs to completion under spf (`base` names classpath, driver and input
/// options) and says what is wrong: a replay must follow the cut path's branch labels (all of
/// them, or all but the last when the cut came after its branch event) and end as one of
/// `ends` (the explored paths' ends).
pub fn check_cut_replays<'a>(
    base: &[&str],
    cuts: impl Iterator<Item = &'a serde_json::Value>,
    ends: &std::collections::BTreeSet<String>,
    cut_after_event: bool,
) -> Vec<String> {
    let mut diffs = Vec::new();
    for c in cuts {
        let input: Vec<String> = c["inputs"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        let input = input.join(",");
        let replay = run(&[base, &["--strategy", "spf", "--max-paths", "1", "--input", &input]].concat());
        let Some(full) = replay.paths.first() else {
            diffs.push(format!("replay of cut input {input} produced no path: {}", replay.stderr.trim()));
            continue;
        };
        let prefix = branches(c);
        let labels = branches(full);
        let n = if cut_after_event {
            prefix.len().saturating_sub(1)
        } else {
            prefix.len()
        };
        if labels.len() < n || labels[..n] != prefix[..n] {
            diffs.push(format!(
                "replay of cut input {input} leaves the cut path's prefix: {prefix:?} vs {labels:?}"
            ));
        }
        let end = end_of(full);
        if !ends.contains(&end) {
            diffs.push(format!("cut input {input} ends in {end}, which no explored path does"));
        }
    }
    diffs
}

/// (class, method, types) of a driver spec `pkg.Cls.m(t1,t2)`.
pub fn split_driver(spec: &str) -> (String, String, String) {
    let (head, types) = spec.split_once('(').unwrap();
    let (class, method) = head.rsplit_once('.').unwrap();
    (class.to_string(), method.to_string(), types.trim_end_matches(')').to_string())
}

/// Runs every (driver, inputs) under the real JVM in one launch; returns outcome lines.
pub fn replay(cp: &str, calls: &[(String, String, String, String)]) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let batch = dir.path().join("batch.txt");
    let text: String = calls.iter().map(|(c, m, t, i)| format!("{c}\t{m}\t{t}\t{i}\n")).collect();
    std::fs::write(&batch, text).unwrap();
    let out = Command::new("java")
        // Assertions on, as jsymex checks them by default (`java -ea`).
        .args(["-ea", "-cp", cp, "Replay", "--batch"])
        .arg(&batch)
        .output()
        .expect("java");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("replay json"))
        .collect()
}

/// Whether jsymex's outcome and the JVM's agree: same kind, and the same value or exception class.
pub fn same_outcome(j: &serde_json::Value, r: &serde_json::Value) -> bool {
    if j["kind"] != r["kind"] {
        return false;
    }
    match j["kind"].as_str() {
        Some("exception") => j["exception"] == r["exception"],
        _ => {
            let (a, b) = (&j["value"], &r["value"]);
            a == b || (a.is_number() && b.is_number() && a.as_f64() == b.as_f64())
        }
    }
}

/// Replays every completed path of a run (outcome `return` or `exception`, no Symbolic-API
/// values) of `driver` on the real JVM with classpath `cp` (which must hold `Replay`); returns
/// (paths replayed, one line per disagreement).
pub fn replay_paths(cp: &str, driver: &str, paths: &[serde_json::Value]) -> (usize, Vec<String>) {
    let (class, method, types) = split_driver(driver);
    let done: Vec<&serde_json::Value> = paths
        .iter()
        .filter(|p| p["outcome"]["kind"] != "limit" && p["outcome"]["kind"] != "cut" && !p["symbolic"].is_object())
        .collect();
    let calls: Vec<_> = done
        .iter()
        .map(|p| (class.clone(), method.clone(), types.clone(), p["inputs"].to_string()))
        .collect();
    let jvm = replay(cp, &calls);
    let mut problems = Vec::new();
    for (p, r) in done.iter().zip(&jvm) {
        if !same_outcome(&p["outcome"], r) {
            problems.push(format!("input {}: jsymex {} but the JVM {}", p["inputs"], p["outcome"], r));
        }
    }
    (done.len(), problems)
}

/// Compiles the given Java source files plus the replay harness into `out` (javac -nowarn).
pub fn javac_files(files: &[PathBuf], jars: &[&str], out: &Path) {
    let mut cmd = Command::new("javac");
    cmd.arg("-nowarn").arg("-d").arg(out);
    if !jars.is_empty() {
        cmd.arg("-cp").arg(jars.join(":"));
    }
    let harness = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/Replay.java");
    let st = cmd.args(files).arg(harness).status().expect("javac");
    assert!(st.success(), "javac failed on {files:?}");
}

/// A method whose last branch contradicts an earlier one: from (10, 0) the path is `x > 0`,
/// `!(y > x)`, `x > 5`, `!(x < 3)`; every event mentions x, but flipping `x < 3` (event 3)
/// conflicts with `x > 5` (event 2) only. Used to check unsat cores.
pub const CONFLICT_JAVA: (&str, &str) = (
    "Conflict.java",
    r#"
public class Conflict {
    public static int test(int x, int y) {
        int r = 0;
        if (x > 0) {
            if (y > x) r += 1;
            if (x > 5) {
                r += 2;
                if (x < 3) r += 4;
            }
        }
        return r;
    }
}
"#,
);

/// `f` over every item on `threads` threads (items handed out one by one), results in item order.
pub fn par_map<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() {
                        break;
                    }
                    let r = f(&items[i]);
                    out.lock().unwrap_or_else(|e| e.into_inner()).push((i, r));
                }
            });
        }
    });
    let mut out = out.into_inner().unwrap_or_else(|e| e.into_inner());
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}
