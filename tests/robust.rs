//! Robustness under hostile input and long runs, through the binary: every bad option is one
//! line naming it with exit code 2; limits (time, memory, heap, signals) end a run cleanly with
//! its summary and `--json`; deep terms and huge allocations neither overflow the stack nor
//! abort the process. Exit codes: 0 done, 1 internal error, 2 bad input, 3 incomplete.
//!
//! `javac` and `kill` must be installed (CI installs a JDK); a missing tool fails the test.

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Programs that stress the engine's limits.
const HOSTILE: &str = r#"
public class Hostile {
    public static int big(int[] a) { if (a[0] > 0) return 1; return 0; }
    static int mc91(int n) { if (n > 100) return n - 10; return mc91(mc91(n + 11)); }
    public static int mccarthy(int n) { return mc91(n); }
    public static int loop(int x) { int c = 0; for (int i = 0; i < 100000; i++) { if (x > i) c++; } return c; }
    public static int chain(int x) { for (int i = 0; i < 50000; i++) { x = x + 3; } if (x == 7) return 1; return 0; }
    public static int chainMul(int x) { for (int i = 0; i < 50000; i++) { x = x * 3 + 1; } if (x == 7) return 1; return 0; }
    public static int chainXor(int x) { for (int i = 0; i < 50000; i++) { x = (x ^ i) + (x >>> 3); } if (x == 7) return 1; return 0; }
    public static int alloc(int n) { long[] a = new long[n]; return a.length; }
    public static int allocFixed() { long[] a = new long[1500000000]; return a.length; }
    public static int grid(int n) { int[][] g = new int[n][n]; return g.length; }
    public static int plain(int x, String s) { if (x > 3) return 1; return s.length(); }
    public static int bytes(byte b, char c, short s) { if (b > 3 && c > 'a' && s < 7) return 1; return 0; }
}
"#;

/// Timing-sensitive tests run one at a time, so that they do not compete for the two cores.
static TIMED: Mutex<()> = Mutex::new(());

fn compile() -> (tempfile::TempDir, String) {
    let (dir, classes) = common::javac(&[("Hostile.java", HOSTILE)]);
    let cp = classes.to_str().expect("utf-8").to_string();
    (dir, cp)
}

fn jsymex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run jsymex")
}

/// Asserts the error contract: `code`, exactly one stderr line starting with `jsymex: error:`
/// that contains every needle, no panic.
fn assert_error(out: &Output, code: i32, needles: &[&str]) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let ctx = format!("exit={:?}\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}", out.status.code());
    assert!(!stderr.contains("panicked") && !stdout.contains("panicked"), "panic\n{ctx}");
    assert_eq!(out.status.code(), Some(code), "exit code\n{ctx}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one stderr line\n{ctx}");
    assert!(lines[0].starts_with("jsymex: error:"), "prefix\n{ctx}");
    for n in needles {
        assert!(lines[0].contains(n), "error line must mention {n:?}\n{ctx}");
    }
}

fn assert_ok(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout:\n{}\nstderr:\n{stderr}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn durations_must_be_finite_positive_seconds() {
    let (_d, cp) = compile();
    for bad in ["nan", "NaN", "inf", "-inf", "1e300", "-1", "0", "0.0"] {
        let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--timeout", bad]);
        assert_error(&out, 2, &["--timeout"]);
        let out = jsymex(&["compare", "-c", &cp, "-d", "Hostile.plain", "--budget", bad]);
        assert_error(&out, 2, &["--budget"]);
    }
    // The largest accepted value still works.
    let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--timeout", "1e9", "-q"]);
    assert_ok(&out);
}

#[test]
fn counts_that_would_explore_nothing_are_rejected() {
    let (_d, cp) = compile();
    for opt in ["--max-paths", "--max-steps", "--max-depth", "--max-memory", "--max-heap"] {
        let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", opt, "0"]);
        assert_error(&out, 2, &[opt]);
    }
}

#[test]
fn inputs_that_do_not_fit_their_parameter_are_rejected() {
    let (_d, cp) = compile();
    let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--input", "99999999999,ab"]);
    assert_error(&out, 2, &["--input", "99999999999", "int"]);
    let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--input", "1,abcdef"]);
    assert_error(&out, 2, &["--input", "abcdef", "--string-len"]);
    // A longer --string-len makes the same input fine, and its first run uses it.
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("t.jsonl");
    let out = jsymex(&[
        "run",
        "-c",
        &cp,
        "-d",
        "Hostile.plain",
        "--input",
        "1,abcdef",
        "--string-len",
        "6",
        "--max-paths",
        "1",
        "--tests",
        tests.to_str().unwrap(),
        "-q",
    ]);
    assert_ok(&out);
    let first = &common::read_jsonl(&tests)[0];
    assert_eq!(first["inputs"], serde_json::json!([1, "abcdef"]));
    for (input, ty) in [("128,0,0", "byte"), ("0,70000,0", "char"), ("0,0,-40000", "short")] {
        let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.bytes", "--input", input]);
        assert_error(&out, 2, &["--input", ty]);
    }
    let out = jsymex(&[
        "run",
        "-c",
        &cp,
        "-d",
        "Hostile.plain",
        "--input",
        "50,a",
        "--min-int",
        "0",
        "--max-int",
        "9",
    ]);
    assert_error(&out, 2, &["--input", "50", "0..9"]);
    let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--min-int", "-99999999999"]);
    assert_error(&out, 2, &["--min-int"]);
}

#[test]
fn options_without_effect_are_errors() {
    let (_d, cp) = compile();
    let out = jsymex(&["run", "--subject", "tcas:ci", "--classpath", &cp]);
    assert_error(&out, 2, &["--classpath", "--subject"]);
    let out = jsymex(&["compare", "--subject", "tcas:ci", "--classpath", &cp]);
    assert_error(&out, 2, &["--classpath", "--subject"]);
    let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--changed-line", "Hostile.java:3"]);
    assert_error(&out, 2, &["--changed-line", "spf"]);
    // With a DGSE strategy the option is meaningful.
    let out = jsymex(&[
        "run",
        "-c",
        &cp,
        "-d",
        "Hostile.plain",
        "--strategy",
        "dgse",
        "--changed-line",
        "Hostile.java:13",
        "-q",
    ]);
    assert_ok(&out);
}

#[test]
fn missing_or_unusable_paths_are_named_before_any_work() {
    let (_d, cp) = compile();
    let out = jsymex(&["run", "-d", "Hostile.plain"]);
    assert_error(&out, 2, &["--classpath is required"]);
    let out = jsymex(&["run", "-c", "/no/such/dir", "-d", "Hostile.plain"]);
    assert_error(&out, 2, &["/no/such/dir"]);
    // A regular file where a directory is needed.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let under_file = file.join("junit");
    let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--junit", under_file.to_str().unwrap()]);
    assert_error(&out, 2, &["--junit", "plain-file"]);
    let out = jsymex(&[
        "run",
        "-c",
        &cp,
        "-d",
        "Hostile.plain",
        "--junit",
        dir.path().to_str().unwrap(),
        "--junit-package",
        "9bad.pkg",
    ]);
    assert_error(&out, 2, &["--junit-package", "9bad.pkg"]);
    let out = jsymex(&[
        "run",
        "-c",
        &cp,
        "-d",
        "Hostile.plain",
        "--junit",
        dir.path().to_str().unwrap(),
        "--junit-class",
        "class",
    ]);
    assert_error(&out, 2, &["--junit-class"]);
    let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--json", under_file.to_str().unwrap()]);
    assert_error(&out, 2, &["--json"]);
    let out = jsymex(&["run", "-c", &cp, "-d", "Hostile.plain", "--tests", under_file.to_str().unwrap()]);
    assert_error(&out, 2, &["--tests"]);
    // compare --plot to an unwritable path fails before the first run: no table on stdout.
    let t0 = Instant::now();
    let out = jsymex(&["compare", "--subject", "schedule2", "--plot", under_file.to_str().unwrap()]);
    assert_error(&out, 2, &["--plot"]);
    assert!(
        out.stdout.is_empty(),
        "a table was printed: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(t0.elapsed() < Duration::from_secs(5));
}

#[test]
fn solver_unknown_is_exit_code_three_with_the_summary() {
    let (_d, classes) = common::javac(&[("Hard.java", HARD)]);
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("s.json");
    let out = jsymex(&[
        "run",
        "-c",
        classes.to_str().unwrap(),
        "-d",
        "Hard.f",
        "--solver-timeout",
        "1",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_error(&out, 3, &["unknown"]);
    let s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert!(s["unknown_paths"].as_u64().unwrap() >= 1, "{s}");
    assert_eq!(s["stop"], "Complete");
}

#[test]
fn huge_allocations_throw_out_of_memory_error_as_the_jvm_does() {
    let (_d, cp) = compile();
    // A symbolic size: the path with a 2e9-element long[] ends in OutOfMemoryError.
    let r = common::run(&["-c", &cp, "-d", "Hostile.alloc", "--input", "2000000000"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let oom: Vec<_> = r
        .paths
        .iter()
        .filter(|p| p["outcome"]["exception"] == "java.lang.OutOfMemoryError")
        .collect();
    assert_eq!(oom.len(), 1, "{:?}", r.paths);
    assert_eq!(oom[0]["outcome"]["message"], "Java heap space");
    // A concrete size, and a two-level array whose total does not fit.
    let r = common::run(&["-c", &cp, "-d", "Hostile.allocFixed"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.paths[0]["outcome"]["exception"], "java.lang.OutOfMemoryError");
    let r = common::run(&["-c", &cp, "-d", "Hostile.grid", "--input", "100000"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.paths.iter().any(|p| p["outcome"]["exception"] == "java.lang.OutOfMemoryError"),
        "{:?}",
        r.paths
    );
    // --max-heap lowers the limit: 16 MiB of interpreter values hold fewer than a million longs.
    let r = common::run(&["-c", &cp, "-d", "Hostile.alloc", "--input", "1000000", "--max-heap", "16"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.paths[0]["outcome"]["exception"], "java.lang.OutOfMemoryError");
    let r = common::run(&["-c", &cp, "-d", "Hostile.alloc", "--input", "1000000"]);
    assert_eq!(r.paths[0]["outcome"]["value"], 1_000_000);
}

#[test]
fn deep_terms_neither_overflow_the_stack_nor_abort() {
    let (_d, cp) = compile();
    // x + 3 fifty thousand times folds to x + 150000: two paths, x == 7 reachable.
    let r = common::run(&["-c", &cp, "-d", "Hostile.chain"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 2);
    let hit = r.paths.iter().find(|p| p["outcome"]["value"] == 1).expect("x == 7 reached");
    let x = hit["inputs"][0].as_i64().unwrap() as i32;
    assert_eq!(x.wrapping_add(150_000), 7);
    // x * 3 + 1 does not fold: a term 100,000 nodes deep goes through the evaluator, the
    // independence analysis and Z3 without a stack overflow (the xor chain is too hard for Z3 in
    // five seconds: the run then ends on its timeout, with its report).
    for driver in ["Hostile.chainMul", "Hostile.chainXor"] {
        let r = common::run(&["-c", &cp, "-d", driver, "--timeout", "5"]);
        assert!(r.code == 0 || r.code == 3, "{driver}: exit {} {}", r.code, r.stderr);
        assert!(!r.stderr.contains("overflow"), "{}", r.stderr);
        assert!(common::count(&r.summary, "feasible_paths") >= 1);
    }
}

/// Runs `jsymex run` with `--timeout 2` and checks that it ends within 3 s with its summary,
/// its JSON (stop = Timeout) and the JSONL lines the JSON counts.
fn ends_on_time(cp: &str, args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("s.json");
    let tests = dir.path().join("t.jsonl");
    let mut all = vec![
        "run",
        "-c",
        cp,
        "--timeout",
        "2",
        "--json",
        json.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let t0 = Instant::now();
    let out = jsymex(&all);
    let took = t0.elapsed();
    assert_ok(&out);
    assert!(took < Duration::from_secs(3), "{args:?} took {took:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("stopped at --timeout"), "{stdout}");
    let s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).unwrap();
    assert_eq!(s["stop"], "Timeout", "{args:?}: {s}");
    let lines = common::read_jsonl(&tests);
    assert_eq!(lines.len() as u64, common::count(&s, "feasible_paths"), "{args:?}");
}

#[test]
fn timeout_is_honoured_inside_long_work() {
    let (_d, cp) = compile();
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    // Declaring ten million symbolic elements takes longer than the budget.
    ends_on_time(&cp, &["-d", "Hostile.big", "--array-len", "10000000"]);
    // McCarthy 91: deep recursion, long paths, slow queries.
    ends_on_time(&cp, &["-d", "Hostile.mccarthy"]);
    // A 100,000-iteration symbolic loop: 100,000 branch events on one path.
    ends_on_time(&cp, &["-d", "Hostile.loop"]);
}

#[test]
fn a_memory_limit_ends_the_run_cleanly() {
    let (_d, cp) = compile();
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("s.json");
    let out = jsymex(&[
        "run",
        "-c",
        &cp,
        "-d",
        "Hostile.big",
        "--array-len",
        "10000000",
        "--max-memory",
        "100",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_ok(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("--max-memory"));
    let s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(s["stop"], "MemoryLimit", "{s}");
}

/// Runs `jsymex args`, sends `signal` (`TERM`, `HUP`, `INT`) after `delay`, and returns its
/// output once it has ended, asserting that it ended within three seconds of the signal and
/// with exit code 0.
fn signal_after(args: &[&str], delay: Duration, signal: &str) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start jsymex");
    std::thread::sleep(delay);
    let st = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .expect("kill must be installed");
    assert!(st.success());
    let t0 = Instant::now();
    let out = child.wait_with_output().expect("wait");
    assert!(
        t0.elapsed() < Duration::from_secs(3),
        "SIG{signal}: took {:?} to stop",
        t0.elapsed()
    );
    assert_eq!(out.status.code(), Some(0), "SIG{signal}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// Starts `run --subject cli:max`, sends `signal` after two seconds, and checks what it left.
fn stopped_by(signal: &str, expected: &str) {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("s.json");
    let tests = dir.path().join("t.jsonl");
    let args = [
        "run",
        "--subject",
        "cli:max",
        "--tests",
        tests.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ];
    let out = signal_after(&args, Duration::from_secs(2), signal);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&signal.to_string()), "summary names the signal: {stdout}");
    let s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).unwrap();
    assert_eq!(s["stop"], expected, "{s}");
    // Every line is valid JSON (read_jsonl parses each) and the counts agree.
    let text = std::fs::read_to_string(&tests).unwrap();
    assert!(text.ends_with('\n'), "a partial last line");
    let lines = common::read_jsonl(&tests);
    assert!(!lines.is_empty());
    assert_eq!(lines.len() as u64, common::count(&s, "feasible_paths"));
    assert!(common::count(&s, "feasible_paths") < 32_856, "cli:max finished before the signal");
}

/// A product of two 31-bit primes: Z3 needs about ten seconds (the default per-query timeout)
/// to give up factoring it.
const HARD: &str = "public class Hard { public static int f(long a, long b) { \
    if (a > 1 && b > 1 && a < 4294967296L && b < 4294967296L && a * b == 0x7ffffffffffffee7L) return 1; return 0; } }";

/// A stop signal that lands inside a Z3 query interrupts the query and stops the run: Z3's own
/// Ctrl-C handling (on by default in Z3) must neither swallow SIGINT, which used to cancel only
/// the query and let the run go on to the end, nor make SIGTERM wait for the query to finish.
#[test]
fn a_signal_during_a_solver_query_stops_the_run_at_once() {
    let (_d, classes) = common::javac(&[("Hard.java", HARD)]);
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    for (signal, expected) in [("INT", "Interrupted"), ("TERM", "Terminated"), ("HUP", "Hangup")] {
        let dir = tempfile::tempdir().unwrap();
        let json = dir.path().join("s.json");
        let args = [
            "run",
            "-c",
            classes.to_str().unwrap(),
            "-d",
            "Hard.f",
            "--json",
            json.to_str().unwrap(),
        ];
        signal_after(&args, Duration::from_millis(1500), signal);
        let s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).unwrap();
        assert_eq!(s["stop"], expected, "{s}");
        // The interrupted query is work not done, not an undecided path.
        assert_eq!(s["unknown_paths"], 0, "{s}");
        assert!(s["wall_time_ms"].as_f64().unwrap() < 5000.0, "{s}");
    }
}

#[test]
fn sigterm_sighup_and_sigint_write_every_report() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    stopped_by("TERM", "Terminated");
    stopped_by("HUP", "Hangup");
    stopped_by("INT", "Interrupted");
}

#[test]
fn a_budget_that_runs_out_during_setup_still_reports() {
    let (_d, cp) = compile();
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let out = jsymex(&[
        "compare",
        "-c",
        &cp,
        "-d",
        "Hostile.big",
        "--array-len",
        "10000000",
        "--budget",
        "0.2",
        "--format",
        "csv",
    ]);
    assert_ok(&out);
    let table = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows.len(), 3, "{table}");
    assert!(rows[1].starts_with("spf,") && rows[2].starts_with("dgse,"), "{table}");
}

#[test]
fn limits_are_checked_between_and_within_paths_on_a_real_jar() {
    // Positive control on the real Commons CLI jar: a short budget ends a long run cleanly.
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    assert!(
        Path::new("/usr/share/java/commons-cli.jar").exists(),
        "libcommons-cli-java must be installed (apt-get install libcommons-cli-java)"
    );
    let r = common::run(&["--subject", "cli:max", "--timeout", "1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.summary["stop"], "Timeout");
    assert_eq!(r.paths.len() as u64, common::count(&r.summary, "feasible_paths"));
}
