//! Differential test of the Java library models (`jvm-stubs/src/java/{util,io,net}`).
//!
//! The programs in `tests/java/models/*.java` consist of static methods that
//! take no parameter or one `int`, call the modelled library classes and
//! return a transcript `String` of what they saw (results, iteration orders,
//! exception classes and messages). The test
//!
//! 1. compiles them, with `tests/support/Replay.java`, using `javac -g`;
//! 2. runs every method under jsymex (`jsymex run --driver Cls.m()` or
//!    `Cls.m(int)`, several runs in parallel); an `int` method is explored
//!    symbolically, so it yields several paths, each with its own input;
//! 3. replays the input of every completed path on the real JVM in one launch
//!    (`Replay --batch`);
//! 4. asserts that every transcript is identical, that no-argument methods
//!    end in exactly one path, that `int` methods reach at least two paths, and
//!    that the sources make at least `MIN_CALLS` calls into the models.
//!
//! All mismatches are reported together in one assertion message, each with
//! the position of the first differing character.
//!
//! A second test runs `tests/java/models/jars/*.java` the same way: small
//! programs that drive commons-cli 1.5.0 and NanoXML 2.2.3 unmodified on top
//! of the models. A jar that is not installed (Debian: `libcommons-cli-java`,
//! `libnanoxml2-java`) fails the test with a message naming the package; the
//! jar locations can be overridden with `JSYMEX_COMMONS_CLI_JAR` and
//! `JSYMEX_NANOXML_JAR`.
//!
//! Environment knobs (optional):
//! - `JSYMEX_MODELS_FILTER=substr` only run methods whose `Cls.method` contains `substr`;
//! - `JSYMEX_MODELS_TIMEOUT_SECS=N` per-jsymex-run timeout (default 240);
//! - `JSYMEX_MODELS_JOBS=N`         parallel jsymex runs (default: #cpus, at most 8);
//! - `JSYMEX_MODELS_KEEP=1`         keep the temporary directory (its path is printed).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The sources must make at least this many calls into the models.
const MIN_CALLS: usize = 150;
/// Instruction budget per path (the transcripts are long straight-line programs).
const MAX_STEPS: &str = "50000000";
/// Methods whose names are helpers, not test drivers.
const HELPERS: &[&str] = &["ex", "show", "bytes", "urlInfo"];

#[derive(Debug, Clone)]
struct Method {
    class: String,
    name: String,
    /// `true` for `name(int)`, `false` for `name()`.
    int_param: bool,
}

impl Method {
    fn sig(&self) -> String {
        format!("{}.{}({})", self.class, self.name, if self.int_param { "int" } else { "" })
    }
}

#[derive(Debug, Default)]
struct RunResult {
    problems: Vec<String>,
    /// (inputs, outcome) of every path jsymex wrote.
    paths: Vec<(Value, Value)>,
    elapsed: Duration,
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

fn java_sources(sub: &str) -> Vec<PathBuf> {
    let dir = manifest_dir().join(sub);
    let mut v: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------
// source scanning: test methods and call counting

/// The source with comments, string literals and char literals blanked out.
fn strip_comments_and_literals(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && i + 1 < b.len() && b[i + 1] == b'/' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && i + 1 < b.len() && b[i + 1] == b'*' {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    out
}

/// The `public static String name()` / `name(int x)` methods of one source.
fn test_methods(class: &str, src: &str) -> Vec<Method> {
    let code = strip_comments_and_literals(src);
    let mut out = Vec::new();
    let marker = "public static String ";
    let mut rest = code.as_str();
    while let Some(pos) = rest.find(marker) {
        rest = &rest[pos + marker.len()..];
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let after = rest[name.len()..].trim_start();
        let Some(params) = after.strip_prefix('(').and_then(|a| a.split_once(')')).map(|(p, _)| p.trim()) else {
            continue;
        };
        if HELPERS.contains(&name.as_str()) {
            continue;
        }
        let int_param = match params.split_whitespace().collect::<Vec<_>>().as_slice() {
            [] => false,
            ["int", _] => true,
            _ => continue,
        };
        out.push(Method {
            class: class.to_string(),
            name,
            int_param,
        });
    }
    out
}

/// Counts the call sites into library classes: `.name(` (except the transcript
/// plumbing `append`, `getClass`, `getName`, `getMessage`) and `new Type(` /
/// `new Type<` (except `StringBuilder`).
fn count_calls(src: &str) -> usize {
    const SKIP_METHODS: &[&str] = &["append", "getClass", "getName", "getMessage"];
    const SKIP_TYPES: &[&str] = &["StringBuilder"];
    let code = strip_comments_and_literals(src);
    let b = code.as_bytes();
    let ident = |mut j: usize| {
        let s = j;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
            j += 1;
        }
        (&code[s..j], j)
    };
    let skip_ws = |mut j: usize| {
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        j
    };
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'.' {
            let (name, j) = ident(skip_ws(i + 1));
            let j = skip_ws(j);
            let generic_call = name.is_empty() && j < b.len() && b[j] == b'<';
            if generic_call {
                // Type.<T>method(
                if let Some(close) = code[j..].find('>') {
                    let (name, k) = ident(skip_ws(j + close + 1));
                    if !name.is_empty() && skip_ws(k) < b.len() && b[skip_ws(k)] == b'(' {
                        n += 1;
                    }
                }
            } else if !name.is_empty() && j < b.len() && b[j] == b'(' && !SKIP_METHODS.contains(&name) {
                n += 1;
            }
            i += 1;
        } else if code[i..].starts_with("new ") && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) {
            let mut j = skip_ws(i + 4);
            // qualified names: java.io.StringReader
            let mut last = "";
            loop {
                let (name, k) = ident(j);
                if name.is_empty() {
                    break;
                }
                last = name;
                j = k;
                if j < b.len() && b[j] == b'.' {
                    j += 1;
                } else {
                    break;
                }
            }
            let j = skip_ws(j);
            if !last.is_empty()
                && last.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && j < b.len()
                && (b[j] == b'(' || b[j] == b'<')
                && !SKIP_TYPES.contains(&last)
            {
                n += 1;
            }
            i += 4;
        } else {
            i += 1;
        }
    }
    n
}

// ---------------------------------------------------------------------------
// processes

fn wait_with_timeout(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(s)) => return Some(s),
            Ok(None) if start.elapsed() < timeout => std::thread::sleep(Duration::from_millis(20)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

fn tail(s: &str, lines: usize) -> String {
    let v: Vec<&str> = s.lines().collect();
    v[v.len().saturating_sub(lines)..].join("\n    ")
}

fn classpath(dir: &Path, jars: &[PathBuf]) -> String {
    std::iter::once(dir)
        .chain(jars.iter().map(|j| j.as_path()))
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(":")
}

fn compile_java(out_dir: &Path, sources: &[PathBuf], jars: &[PathBuf]) {
    let mut sources = sources.to_vec();
    sources.push(manifest_dir().join("tests/support/Replay.java"));
    let output = Command::new("javac")
        .arg("-g")
        .arg("-cp")
        .arg(classpath(out_dir, jars))
        .arg("-encoding")
        .arg("UTF-8")
        .arg("-d")
        .arg(out_dir)
        .args(&sources)
        .output()
        .unwrap_or_else(|e| panic!("cannot run javac (is a JDK installed and on PATH?): {e}"));
    assert!(
        output.status.success(),
        "javac failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn run_jsymex(classes: &str, work: &Path, idx: usize, m: &Method, timeout: Duration) -> RunResult {
    let stem = format!("{idx:03}-{}.{}", m.class, m.name);
    let jsonl = work.join(format!("{stem}.jsonl"));
    let stderr_path = work.join(format!("{stem}.stderr"));
    let mut res = RunResult::default();
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("run")
        .arg("--classpath")
        .arg(classes)
        .arg("--driver")
        .arg(m.sig())
        .arg("--max-steps")
        .arg(MAX_STEPS)
        .arg("--solver-timeout")
        .arg("120000")
        .arg("--tests")
        .arg(&jsonl)
        .arg("-q")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(fs::File::create(&stderr_path).unwrap())
        .spawn()
        .expect("spawn jsymex");
    let status = wait_with_timeout(&mut child, timeout);
    res.elapsed = start.elapsed();
    let stderr = fs::read_to_string(&stderr_path).unwrap_or_default();
    match status {
        None => res.problems.push(format!("timed out after {:?}", timeout)),
        Some(s) if !s.success() => res
            .problems
            .push(format!("jsymex exited with {s}; stderr:\n    {}", tail(&stderr, 10))),
        _ => {}
    }
    for line in fs::read_to_string(&jsonl)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        match serde_json::from_str::<Value>(line) {
            Ok(v) => res.paths.push((v["inputs"].clone(), v["outcome"].clone())),
            Err(e) => res.problems.push(format!("bad JSONL line ({e}): {line}")),
        }
    }
    res
}

fn is_completed(outcome: &Value) -> bool {
    matches!(outcome["kind"].as_str(), Some("return" | "exception"))
}

/// A short description of where two strings first differ.
fn first_difference(a: &str, b: &str) -> String {
    let (ac, bc): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let i = ac.iter().zip(&bc).take_while(|(x, y)| x == y).count();
    let ctx = |v: &[char]| -> String {
        let s = i.saturating_sub(30);
        let e = (i + 50).min(v.len());
        v[s..e].iter().collect::<String>().escape_debug().to_string()
    };
    format!(
        "first difference at char {i}:\n        jsymex: …{}…\n        JVM:    …{}…",
        ctx(&ac),
        ctx(&bc)
    )
}

/// The outcome of one suite: problems found, a per-method summary, paths compared.
struct SuiteReport {
    problems: Vec<String>,
    summary: String,
    compared: usize,
}

/// Runs every test method of `methods` under jsymex and the JVM and compares them.
fn run_suite(sources: &[PathBuf], jars: &[PathBuf], mut methods: Vec<Method>, keep: bool) -> SuiteReport {
    let filter = std::env::var("JSYMEX_MODELS_FILTER").ok().filter(|f| !f.is_empty());
    let timeout = Duration::from_secs(env_usize("JSYMEX_MODELS_TIMEOUT_SECS").unwrap_or(240) as u64);
    let jobs = env_usize("JSYMEX_MODELS_JOBS")
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).min(8))
        .max(1);
    if let Some(f) = &filter {
        methods.retain(|m| m.sig().contains(f.as_str()));
    }
    let mut report = SuiteReport {
        problems: Vec::new(),
        summary: String::new(),
        compared: 0,
    };
    if methods.is_empty() {
        return report;
    }

    // compile
    let tmp = tempfile::tempdir().expect("tempdir");
    let classes = tmp.path().join("classes");
    let work = tmp.path().join("work");
    fs::create_dir_all(&classes).unwrap();
    fs::create_dir_all(&work).unwrap();
    compile_java(&classes, sources, jars);
    let cp = classpath(&classes, jars);

    // jsymex, in parallel (the slow symbolic methods first)
    let mut order: Vec<usize> = (0..methods.len()).collect();
    order.sort_by_key(|&i| !methods[i].int_param);
    let next = AtomicUsize::new(0);
    let results: Mutex<BTreeMap<usize, RunResult>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|s| {
        for _ in 0..jobs.min(methods.len()) {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&i) = order.get(k) else { break };
                    let r = run_jsymex(&cp, &work, i, &methods[i], timeout);
                    results.lock().unwrap().insert(i, r);
                }
            });
        }
    });
    let results = results.into_inner().unwrap();

    // one JVM launch replays every completed path
    let mut batch = String::new();
    let mut batch_index: Vec<(usize, usize)> = Vec::new();
    for (i, m) in methods.iter().enumerate() {
        for (pi, (inputs, outcome)) in results[&i].paths.iter().enumerate() {
            if is_completed(outcome) {
                let types = if m.int_param { "int" } else { "" };
                let _ = writeln!(batch, "{}\t{}\t{}\t{}", m.class, m.name, types, inputs);
                batch_index.push((i, pi));
            }
        }
    }
    let mut jvm: BTreeMap<(usize, usize), Value> = BTreeMap::new();
    if !batch_index.is_empty() {
        let batch_file = work.join("replay-batch.txt");
        fs::write(&batch_file, &batch).unwrap();
        let out_path = work.join("replay.stdout");
        let err_path = work.join("replay.stderr");
        let mut child = Command::new("java")
            .arg("-XX:TieredStopAtLevel=1")
            .arg("-XX:+UseSerialGC")
            .arg("-cp")
            .arg(&cp)
            .arg("Replay")
            .arg("--batch")
            .arg(&batch_file)
            .stdin(Stdio::null())
            .stdout(fs::File::create(&out_path).unwrap())
            .stderr(fs::File::create(&err_path).unwrap())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run java (is a JDK installed and on PATH?): {e}"));
        let status = wait_with_timeout(&mut child, Duration::from_secs(300));
        let out = fs::read_to_string(&out_path).unwrap_or_default();
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            status.is_some_and(|s| s.success()) && lines.len() == batch_index.len(),
            "Replay --batch failed: status {status:?}, {} lines for {} inputs\nstderr:\n    {}",
            lines.len(),
            batch_index.len(),
            tail(&fs::read_to_string(&err_path).unwrap_or_default(), 30)
        );
        for (key, line) in batch_index.iter().zip(lines) {
            let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("Replay printed bad JSON ({e}): {line}"));
            jvm.insert(*key, v);
        }
    }

    // compare
    for (i, m) in methods.iter().enumerate() {
        let r = &results[&i];
        let completed = r.paths.iter().filter(|(_, o)| is_completed(o)).count();
        let _ = writeln!(report.summary, "  {:<45} {:>3} paths  {:>8.1?}", m.sig(), r.paths.len(), r.elapsed);
        for p in &r.problems {
            report.problems.push(format!("{}: {p}", m.sig()));
        }
        if m.int_param && completed < 2 {
            report.problems.push(format!(
                "{}: only {completed} completed path(s); a symbolic int should give several",
                m.sig()
            ));
        }
        if !m.int_param && (r.paths.len() != 1 || completed != 1) {
            report.problems.push(format!(
                "{}: expected exactly one completed path, got {} ({completed} completed)",
                m.sig(),
                r.paths.len()
            ));
        }
        for (pi, (inputs, outcome)) in r.paths.iter().enumerate() {
            if !is_completed(outcome) {
                report
                    .problems
                    .push(format!("{} inputs {inputs}: path did not complete: {outcome}", m.sig()));
                continue;
            }
            let Some(expected) = jvm.get(&(i, pi)) else { continue };
            report.compared += 1;
            let same_kind = outcome["kind"] == expected["kind"];
            let same = match outcome["kind"].as_str() {
                Some("return") => same_kind && outcome["value"] == expected["value"],
                _ => same_kind && outcome["exception"] == expected["exception"],
            };
            if !same {
                let detail = match (outcome["value"].as_str(), expected["value"].as_str()) {
                    (Some(a), Some(b)) => first_difference(a, b),
                    _ => format!("jsymex: {outcome}\n        JVM:    {expected}"),
                };
                report
                    .problems
                    .push(format!("{} inputs {inputs}: transcripts differ; {detail}", m.sig()));
            }
        }
    }
    if keep {
        let kept = tmp.keep();
        eprintln!("models_differential: kept {}", kept.display());
    }
    report
}

fn keep_requested() -> bool {
    std::env::var("JSYMEX_MODELS_KEEP").is_ok_and(|v| v == "1")
}

#[test]
fn models_match_the_jvm() {
    let sources = java_sources("tests/java/models");
    let mut methods = Vec::new();
    let mut calls_per_file = BTreeMap::new();
    for p in &sources {
        let class = p.file_stem().unwrap().to_string_lossy().into_owned();
        let src = fs::read_to_string(p).unwrap();
        calls_per_file.insert(class.clone(), count_calls(&src));
        methods.extend(test_methods(&class, &src));
    }
    let total_calls: usize = calls_per_file.values().sum();
    assert!(
        total_calls >= MIN_CALLS,
        "the model tests make only {total_calls} library calls ({calls_per_file:?}); at least {MIN_CALLS} required"
    );
    assert!(methods.iter().any(|m| m.int_param), "no int-parameter (symbolic) test method found");
    let n = methods.len();
    let report = run_suite(&sources, &[], methods, keep_requested());
    eprintln!(
        "models_differential: {n} methods, {} paths compared, {total_calls} library calls {calls_per_file:?}\n{}",
        report.compared, report.summary
    );
    assert!(
        report.problems.is_empty(),
        "{} problem(s):\n  {}",
        report.problems.len(),
        report.problems.join("\n  ")
    );
}

/// The jar each program in `tests/java/models/jars` needs.
fn jar_for(class: &str) -> Option<PathBuf> {
    let (var, default) = match class {
        "CliUse" => (
            "JSYMEX_COMMONS_CLI_JAR",
            "/usr/share/maven-repo/commons-cli/commons-cli/1.5.0/commons-cli-1.5.0.jar",
        ),
        "NanoXmlUse" => ("JSYMEX_NANOXML_JAR", "/usr/share/java/nanoxml-2.2.3.jar"),
        _ => return None,
    };
    Some(PathBuf::from(std::env::var(var).unwrap_or_else(|_| default.to_string())))
}

#[test]
fn unmodified_jars_run_on_the_models() {
    let mut sources = Vec::new();
    let mut jars = Vec::new();
    let mut methods = Vec::new();
    for p in java_sources("tests/java/models/jars") {
        let class = p.file_stem().unwrap().to_string_lossy().into_owned();
        let jar = jar_for(&class).unwrap_or_else(|| panic!("{class}: no jar registered in jar_for"));
        assert!(
            jar.is_file(),
            "{class} needs {}, which is not installed (apt-get install libcommons-cli-java libnanoxml2-java)",
            jar.display()
        );
        methods.extend(test_methods(&class, &fs::read_to_string(&p).unwrap()));
        sources.push(p);
        jars.push(jar);
    }
    assert!(!sources.is_empty(), "no program under tests/java/models/jars");
    let report = run_suite(&sources, &jars, methods, keep_requested());
    eprintln!("models_differential (jars): {} paths compared\n{}", report.compared, report.summary);
    assert!(
        report.problems.is_empty(),
        "{} problem(s):\n  {}",
        report.problems.len(),
        report.problems.join("\n  ")
    );
}
