//! Differential test: every path jsymex explores is replayed on the real JVM.
//!
//! 1. Compiles `tests/java/diff/*.java` and `tests/support/Replay.java` with
//!    `javac -g` into a temporary directory.
//! 2. For every `// DRIVER: Cls.method(types) [extra jsymex args]` line runs
//!    `jsymex run --classpath <tmp> --driver <sig> [extra] --tests <file>.jsonl`
//!    (several runs in parallel) and checks the exit code and the path count.
//!    An optional `// EXPECT:` line after a DRIVER line lists outcomes jsymex
//!    must reach for that method (`return`, or an exception class name as
//!    `Class.getName()` prints it) and `paths>=N`, a lower bound on completed
//!    (return / exception) paths; without it the bound is 2.
//! 3. Replays the inputs of all completed paths in ONE JVM launch
//!    (`Replay --batch`) and compares outcome kind, return value (numbers
//!    exactly: NaN == NaN, -0.0 != 0.0) and exception class.
//! 4. Suite-wide: at least 40 drivers ran, and jsymex reached
//!    ArithmeticException, ArrayIndexOutOfBoundsException,
//!    NegativeArraySizeException, NullPointerException, ClassCastException and
//!    at least one custom exception class somewhere.
//!
//! All problems are collected and reported in a single assertion message.
//!
//! Environment knobs (all optional):
//! - `JSYMEX_DIFF_FILTER=substr`  only run drivers whose signature contains
//!   `substr` (suite-wide checks are skipped then);
//! - `JSYMEX_DIFF_TIMEOUT_SECS=N` per-jsymex-run timeout (default 60);
//! - `JSYMEX_DIFF_JOBS=N`         parallel jsymex runs (default: #cpus, max 8);
//! - `JSYMEX_DIFF_KEEP=1`         keep the temporary directory (path is printed);
//! - `JSYMEX_DIFF_BIN=path`       run another jsymex binary (e.g. a release build).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const MIN_DRIVERS_DECLARED: usize = 45;
const MIN_DRIVERS_RUN: usize = 40;
const REQUIRED_EXCEPTIONS: &[&str] = &[
    "java.lang.ArithmeticException",
    "java.lang.ArrayIndexOutOfBoundsException",
    "java.lang.NegativeArraySizeException",
    "java.lang.NullPointerException",
    "java.lang.ClassCastException",
];
/// Cap on the number of problem lines in the final assertion message.
const MAX_REPORTED_PROBLEMS: usize = 400;

#[derive(Debug, Clone)]
struct Driver {
    file: String,
    line: usize,
    class: String,
    method: String,
    /// Parameter types, e.g. `["int", "double[]"]`.
    types: Vec<String>,
    /// `Cls.method(types)` exactly as passed to `--driver`.
    sig: String,
    /// Extra jsymex arguments from the DRIVER line, e.g. `--array-len 3`.
    extra: Vec<String>,
    min_paths: usize,
    /// Outcomes (`return` or exception class names) jsymex must reach.
    expect: Vec<String>,
}

#[derive(Debug)]
struct PathRec {
    id: Json,
    inputs: Json,
    outcome: Json,
}

#[derive(Debug, Default)]
struct RunResult {
    exit: Option<i32>,
    /// Problems with this run (exit code, timeout, malformed JSONL, ...).
    problems: Vec<String>,
    paths: Vec<PathRec>,
    elapsed: Duration,
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

// ---------------------------------------------------------------------------
// minimal exact JSON
//
// serde_json (without its `float_roundtrip` feature) may parse decimal floats
// off by one ULP, e.g. `1e-50` -> 9.999999999999999e-51, which would corrupt
// replayed inputs and value comparisons. This reader keeps every number's
// source text verbatim; comparisons parse it with Rust's correctly rounded
// `str::parse::<f64>` / exact integer parsing.

#[derive(Debug, Clone, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    /// Number, kept as its source text.
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn parse(text: &str) -> Result<Json, String> {
        let mut p = JsonReader {
            s: text.as_bytes(),
            pos: 0,
        };
        let v = p.value()?;
        p.ws();
        if p.pos != p.s.len() {
            return Err(format!("trailing characters at offset {}", p.pos));
        }
        Ok(v)
    }

    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    fn as_array(&self) -> Option<&Vec<Json>> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }

    fn write_to(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Num(t) => out.push_str(t),
            Json::Str(s) => write_json_string(out, s),
            Json::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_to(out);
                }
                out.push(']');
            }
            Json::Obj(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(out, k);
                    out.push(':');
                    v.write_to(out);
                }
                out.push('}');
            }
        }
    }
}

impl std::fmt::Display for Json {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

fn write_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

struct JsonReader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl JsonReader<'_> {
    fn err(&self, what: &str) -> String {
        format!("{what} at offset {}", self.pos)
    }

    fn ws(&mut self) {
        while self.pos < self.s.len() && matches!(self.s[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    fn eat(&mut self, lit: &str) -> bool {
        if self.s[self.pos..].starts_with(lit.as_bytes()) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        let Some(&c) = self.s.get(self.pos) else {
            return Err(self.err("unexpected end of input"));
        };
        match c {
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                self.ws();
                if self.eat("]") {
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value()?);
                    self.ws();
                    if self.eat("]") {
                        return Ok(Json::Arr(items));
                    }
                    if !self.eat(",") {
                        return Err(self.err("expected ',' or ']'"));
                    }
                }
            }
            b'{' => {
                self.pos += 1;
                let mut fields = Vec::new();
                self.ws();
                if self.eat("}") {
                    return Ok(Json::Obj(fields));
                }
                loop {
                    self.ws();
                    let key = self.string()?;
                    self.ws();
                    if !self.eat(":") {
                        return Err(self.err("expected ':'"));
                    }
                    let v = self.value()?;
                    fields.push((key, v));
                    self.ws();
                    if self.eat("}") {
                        return Ok(Json::Obj(fields));
                    }
                    if !self.eat(",") {
                        return Err(self.err("expected ',' or '}'"));
                    }
                }
            }
            b'"' => Ok(Json::Str(self.string()?)),
            b't' if self.eat("true") => Ok(Json::Bool(true)),
            b'f' if self.eat("false") => Ok(Json::Bool(false)),
            b'n' if self.eat("null") => Ok(Json::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(self.err("unexpected character")),
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.pos;
        self.eat("-");
        if self.digits() == 0 {
            return Err(self.err("bad number"));
        }
        if self.eat(".") && self.digits() == 0 {
            return Err(self.err("bad number fraction"));
        }
        if self.eat("e") || self.eat("E") {
            if !self.eat("+") {
                self.eat("-");
            }
            if self.digits() == 0 {
                return Err(self.err("bad number exponent"));
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).expect("ascii");
        Ok(Json::Num(text.to_string()))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let h = self.s.get(self.pos..self.pos + 4).ok_or_else(|| self.err("short \\u escape"))?;
        let v = u32::from_str_radix(std::str::from_utf8(h).unwrap_or("x"), 16).map_err(|_| self.err("bad \\u escape"))?;
        self.pos += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<String, String> {
        if !self.eat("\"") {
            return Err(self.err("expected string"));
        }
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(&c) = self.s.get(self.pos) else {
                return Err(self.err("unterminated string"));
            };
            self.pos += 1;
            match c {
                b'"' => return String::from_utf8(out).map_err(|_| self.err("invalid UTF-8")),
                b'\\' => {
                    let Some(&e) = self.s.get(self.pos) else {
                        return Err(self.err("unterminated escape"));
                    };
                    self.pos += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) && self.eat("\\u") {
                                let lo = self.hex4()?;
                                0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF)
                            } else {
                                hi
                            };
                            char::from_u32(code).unwrap_or('\u{FFFD}')
                        }
                        _ => return Err(self.err("bad escape")),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                _ => out.push(c),
            }
        }
    }
}

// ---------------------------------------------------------------------------
// DRIVER / EXPECT parsing

fn parse_drivers(dir: &Path) -> Vec<Driver> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    files.sort();
    let mut drivers = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("read java file");
        let fname = file.file_name().unwrap().to_string_lossy().into_owned();
        // index into `drivers` of the last DRIVER line of this file
        let mut current: Option<usize> = None;
        for (i, line) in text.lines().enumerate() {
            if let Some(pos) = line.find("// DRIVER:") {
                let rest = line[pos + "// DRIVER:".len()..].trim();
                drivers.push(parse_driver_line(&fname, i + 1, rest));
                current = Some(drivers.len() - 1);
            } else if let Some(pos) = line.find("// EXPECT:") {
                let idx = current.unwrap_or_else(|| panic!("{fname}:{}: EXPECT line without a preceding DRIVER line", i + 1));
                let d = &mut drivers[idx];
                for tok in line[pos + "// EXPECT:".len()..].split(|c: char| c.is_whitespace() || c == ',') {
                    if tok.is_empty() {
                        continue;
                    }
                    if let Some(n) = tok.strip_prefix("paths>=") {
                        d.min_paths = n.parse().unwrap_or_else(|_| panic!("{fname}:{}: bad EXPECT token {tok}", i + 1));
                    } else {
                        d.expect.push(tok.to_string());
                    }
                }
            }
        }
    }
    drivers
}

fn parse_driver_line(file: &str, line: usize, rest: &str) -> Driver {
    let mut toks = rest.split_whitespace();
    let sig = toks
        .next()
        .unwrap_or_else(|| panic!("{file}:{line}: empty DRIVER line"))
        .to_string();
    let extra: Vec<String> = toks.map(str::to_string).collect();
    let open = sig
        .find('(')
        .unwrap_or_else(|| panic!("{file}:{line}: DRIVER signature without '(': {sig}"));
    assert!(
        sig.ends_with(')'),
        "{file}:{line}: DRIVER signature must end with ')' (no spaces inside): {sig}"
    );
    let qualified = &sig[..open];
    let dot = qualified
        .rfind('.')
        .unwrap_or_else(|| panic!("{file}:{line}: DRIVER signature needs Class.method: {sig}"));
    let class = qualified[..dot].to_string();
    let method = qualified[dot + 1..].to_string();
    let params = &sig[open + 1..sig.len() - 1];
    let types: Vec<String> = params.split(',').map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect();
    Driver {
        file: file.to_string(),
        line,
        class,
        method,
        types,
        sig,
        extra,
        min_paths: 2,
        expect: Vec::new(),
    }
}

// ---------------------------------------------------------------------------
// process helpers

/// Waits for `child` at most `timeout`; kills it on timeout (returns None).
fn wait_with_timeout(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    let mut sleep = Duration::from_millis(2);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) => {}
            Err(e) => panic!("waiting for child process failed: {e}"),
        }
        if start.elapsed() >= timeout {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(sleep);
        sleep = (sleep * 2).min(Duration::from_millis(50));
    }
}

fn tail(text: &str, max_lines: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(max_lines);
    let mut out = lines[start..].join("\n    ");
    if out.len() > 4000 {
        let mut cut = out.len() - 4000;
        while !out.is_char_boundary(cut) {
            cut += 1;
        }
        out = format!("...{}", &out[cut..]);
    }
    out
}

fn compile_java(out_dir: &Path) {
    let root = manifest_dir();
    let mut sources: Vec<PathBuf> = fs::read_dir(root.join("tests/java/diff"))
        .expect("read tests/java/diff")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    sources.sort();
    sources.push(root.join("tests/support/Replay.java"));
    let output = Command::new("javac")
        .arg("-g")
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

// ---------------------------------------------------------------------------
// running jsymex

fn run_jsymex(bin: &Path, classes: &Path, work: &Path, idx: usize, d: &Driver, timeout: Duration) -> RunResult {
    let stem = format!("{idx:03}-{}.{}", d.class, d.method);
    let jsonl = work.join(format!("{stem}.jsonl"));
    let stdout_path = work.join(format!("{stem}.stdout"));
    let stderr_path = work.join(format!("{stem}.stderr"));
    let mut res = RunResult::default();
    let start = Instant::now();
    let spawned = Command::new(bin)
        .arg("run")
        .arg("--classpath")
        .arg(classes)
        .arg("--driver")
        .arg(&d.sig)
        .args(&d.extra)
        .arg("--tests")
        .arg(&jsonl)
        .stdin(Stdio::null())
        .stdout(fs::File::create(&stdout_path).expect("create stdout file"))
        .stderr(fs::File::create(&stderr_path).expect("create stderr file"))
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            res.problems.push(format!("cannot start {}: {e}", bin.display()));
            return res;
        }
    };
    let status = wait_with_timeout(&mut child, timeout);
    res.elapsed = start.elapsed();
    let stderr = fs::read_to_string(&stderr_path).unwrap_or_default();
    match status {
        None => {
            res.problems.push(format!(
                "timed out after {:?} (raise JSYMEX_DIFF_TIMEOUT_SECS); stderr tail:\n    {}",
                timeout,
                tail(&stderr, 15)
            ));
            return res;
        }
        Some(s) => {
            res.exit = s.code();
            if s.code() != Some(0) {
                res.problems.push(format!(
                    "jsymex {s} (expected exit code 0); stderr tail:\n    {}",
                    tail(&stderr, 15)
                ));
            }
        }
    }
    let text = match fs::read_to_string(&jsonl) {
        Ok(t) => t,
        Err(e) => {
            res.problems.push(format!("no --tests file {} ({e})", jsonl.display()));
            return res;
        }
    };
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Json = match Json::parse(line) {
            Ok(v) => v,
            Err(e) => {
                res.problems.push(format!("JSONL line {}: not JSON ({e}): {line}", n + 1));
                continue;
            }
        };
        let inputs = v.get("inputs").cloned().unwrap_or(Json::Null);
        let outcome = v.get("outcome").cloned().unwrap_or(Json::Null);
        if outcome.get("kind").and_then(Json::as_str).is_none() {
            res.problems.push(format!("JSONL line {}: missing outcome.kind: {line}", n + 1));
            continue;
        }
        match inputs.as_array() {
            Some(a) if a.len() == d.types.len() => {}
            _ => {
                res.problems.push(format!(
                    "JSONL line {}: `inputs` must be an array of {} values: {line}",
                    n + 1,
                    d.types.len()
                ));
                continue;
            }
        }
        res.paths.push(PathRec {
            id: v.get("path").cloned().unwrap_or(Json::Null),
            inputs,
            outcome,
        });
    }
    res
}

fn outcome_kind(outcome: &Json) -> &str {
    outcome.get("kind").and_then(Json::as_str).unwrap_or("?")
}

fn is_completed(outcome: &Json) -> bool {
    matches!(outcome_kind(outcome), "return" | "exception")
}

fn exception_name(outcome: &Json) -> Option<String> {
    outcome.get("exception").and_then(Json::as_str).map(|s| s.replace('/', "."))
}

/// Outcome key used for EXPECT: `return` or the exception class name.
fn outcome_key(outcome: &Json) -> Option<String> {
    match outcome_kind(outcome) {
        "return" => Some("return".to_string()),
        "exception" => exception_name(outcome),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// value comparison

/// The value of an integer literal (no fraction, no exponent).
fn as_int(v: &Json) -> Option<i128> {
    match v {
        Json::Num(t) if !t.contains(['.', 'e', 'E']) => t.parse().ok(),
        _ => None,
    }
}

fn as_float(v: &Json) -> Option<f64> {
    match v {
        Json::Num(t) => t.parse().ok(), // correctly rounded
        Json::Str(s) => match s.as_str() {
            "NaN" => Some(f64::NAN),
            "Infinity" => Some(f64::INFINITY),
            "-Infinity" => Some(f64::NEG_INFINITY),
            _ => None,
        },
        _ => None,
    }
}

/// Exact comparison: integers as integers; anything else numeric as f64 bit
/// patterns, except that all NaNs are equal (so -0.0 != 0.0).
fn values_equal(a: &Json, b: &Json) -> bool {
    if let (Json::Arr(x), Json::Arr(y)) = (a, b) {
        return x.len() == y.len() && x.iter().zip(y).all(|(p, q)| values_equal(p, q));
    }
    if let (Some(x), Some(y)) = (as_int(a), as_int(b)) {
        return x == y;
    }
    if let (Some(x), Some(y)) = (as_float(a), as_float(b)) {
        return (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits();
    }
    a == b
}

/// None if the outcomes agree, otherwise the reason.
fn compare_outcomes(jsymex: &Json, jvm: &Json) -> Option<String> {
    let (kj, kv) = (outcome_kind(jsymex), outcome_kind(jvm));
    if kv == "replay-error" {
        let msg = jvm.get("message").and_then(Json::as_str).unwrap_or("");
        return Some(format!("Replay could not run the inputs: {msg}"));
    }
    if kj != kv {
        return Some(format!("outcome kind differs ({kj} vs {kv})"));
    }
    match kj {
        "return" => match (jsymex.get("value"), jvm.get("value")) {
            (None, None) => None,
            (Some(a), Some(b)) if values_equal(a, b) => None,
            (None, Some(_)) => Some("jsymex reports no return value".to_string()),
            (Some(_), None) => Some("jsymex reports a value for a void method".to_string()),
            _ => Some("return value differs".to_string()),
        },
        "exception" => {
            let (a, b) = (exception_name(jsymex), exception_name(jvm));
            if a.is_some() && a == b {
                None
            } else {
                Some("exception class differs".to_string())
            }
        }
        other => Some(format!("unexpected outcome kind {other:?}")),
    }
}

fn compact(v: &Json) -> String {
    v.to_string()
}

// ---------------------------------------------------------------------------
// the test

#[test]
fn jsymex_agrees_with_the_jvm() {
    let suite_start = Instant::now();
    let root = manifest_dir();
    let bin = std::env::var_os("JSYMEX_DIFF_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_jsymex")));
    let filter = std::env::var("JSYMEX_DIFF_FILTER").ok().filter(|f| !f.is_empty());
    let timeout = Duration::from_secs(env_usize("JSYMEX_DIFF_TIMEOUT_SECS").unwrap_or(60) as u64);
    let jobs = env_usize("JSYMEX_DIFF_JOBS")
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).min(8))
        .max(1);

    let tmp = tempfile::tempdir().expect("create temp dir");
    let classes = tmp.path().join("classes");
    let work = tmp.path().join("work");
    fs::create_dir_all(&classes).unwrap();
    fs::create_dir_all(&work).unwrap();
    if std::env::var_os("JSYMEX_DIFF_KEEP").is_some() {
        eprintln!("differential_java: keeping {}", tmp.path().display());
    }

    // 1. compile
    compile_java(&classes);

    // 2. drivers
    let all_drivers = parse_drivers(&root.join("tests/java/diff"));
    let mut problems: Vec<String> = Vec::new();
    if filter.is_none() && all_drivers.len() < MIN_DRIVERS_DECLARED {
        problems.push(format!(
            "suite: only {} DRIVER lines found, expected at least {MIN_DRIVERS_DECLARED}",
            all_drivers.len()
        ));
    }
    {
        let mut seen = BTreeSet::new();
        for d in &all_drivers {
            assert!(seen.insert(d.sig.clone()), "{}:{}: duplicate DRIVER {}", d.file, d.line, d.sig);
        }
    }
    let drivers: Vec<Driver> = all_drivers
        .into_iter()
        .filter(|d| filter.as_ref().is_none_or(|f| d.sig.contains(f.as_str())))
        .collect();
    assert!(!drivers.is_empty(), "no DRIVER matches JSYMEX_DIFF_FILTER={filter:?}");

    // 3. run jsymex, `jobs` at a time
    let results: Vec<RunResult> = {
        let next = AtomicUsize::new(0);
        let slots: Mutex<Vec<Option<RunResult>>> = Mutex::new((0..drivers.len()).map(|_| None).collect());
        std::thread::scope(|s| {
            for _ in 0..jobs.min(drivers.len()) {
                s.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        if i >= drivers.len() {
                            break;
                        }
                        let r = run_jsymex(&bin, &classes, &work, i, &drivers[i], timeout);
                        slots.lock().unwrap()[i] = Some(r);
                    }
                });
            }
        });
        slots
            .into_inner()
            .unwrap()
            .into_iter()
            .map(|r| r.expect("every driver ran"))
            .collect()
    };
    let jsymex_elapsed = suite_start.elapsed();

    // 4. one JVM launch replays every completed path
    let mut batch = String::new();
    let mut batch_index: Vec<(usize, usize)> = Vec::new(); // (driver, path)
    for (di, (d, r)) in drivers.iter().zip(&results).enumerate() {
        for (pi, p) in r.paths.iter().enumerate() {
            if !is_completed(&p.outcome) {
                continue;
            }
            let _ = writeln!(batch, "{}\t{}\t{}\t{}", d.class, d.method, d.types.join(","), compact(&p.inputs));
            batch_index.push((di, pi));
        }
    }
    let mut jvm_outcomes: BTreeMap<(usize, usize), Json> = BTreeMap::new();
    if !batch_index.is_empty() {
        let batch_file = work.join("replay-batch.txt");
        fs::write(&batch_file, &batch).unwrap();
        let replay_out = work.join("replay.stdout");
        let replay_err = work.join("replay.stderr");
        let mut child = Command::new("java")
            .arg("-XX:TieredStopAtLevel=1")
            .arg("-XX:+UseSerialGC")
            .arg("-cp")
            .arg(&classes)
            .arg("Replay")
            .arg("--batch")
            .arg(&batch_file)
            .stdin(Stdio::null())
            .stdout(fs::File::create(&replay_out).unwrap())
            .stderr(fs::File::create(&replay_err).unwrap())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run java (is a JDK installed and on PATH?): {e}"));
        let status = wait_with_timeout(&mut child, Duration::from_secs(180));
        let out = fs::read_to_string(&replay_out).unwrap_or_default();
        let err = fs::read_to_string(&replay_err).unwrap_or_default();
        let lines: Vec<&str> = out.lines().collect();
        if status.is_none_or(|s| !s.success()) || lines.len() != batch_index.len() {
            panic!(
                "Replay --batch failed: status {status:?}, {} output lines for {} inputs\nstderr:\n    {}",
                lines.len(),
                batch_index.len(),
                tail(&err, 30)
            );
        }
        for (key, line) in batch_index.iter().zip(lines) {
            let v = Json::parse(line).unwrap_or_else(|e| panic!("Replay printed bad JSON ({e}): {line}"));
            jvm_outcomes.insert(*key, v);
        }
    }

    // 5. per-driver checks
    let mut mismatches: Vec<String> = Vec::new();
    let mut reached: BTreeSet<String> = BTreeSet::new();
    let mut drivers_ok = 0usize;
    let mut summary = String::new();
    for (di, (d, r)) in drivers.iter().zip(&results).enumerate() {
        let here = format!("{} ({}:{})", d.sig, d.file, d.line);
        for p in &r.problems {
            problems.push(format!("{here}: {p}"));
        }
        let completed = r.paths.iter().filter(|p| is_completed(&p.outcome)).count();
        let cut = r.paths.len() - completed;
        if r.exit == Some(0) && !r.paths.is_empty() {
            drivers_ok += 1;
        }
        if r.exit.is_some() {
            // path-count checks only make sense when jsymex finished
            if r.paths.is_empty() {
                if r.problems.is_empty() {
                    problems.push(format!("{here}: no paths reported"));
                }
            } else if r.paths.len() < 2 {
                problems.push(format!(
                    "{here}: only {} path(s), but the method branches on its inputs",
                    r.paths.len()
                ));
            }
            if !r.paths.is_empty() && completed < d.min_paths {
                problems.push(format!(
                    "{here}: {completed} completed path(s) ({cut} limit/cut), EXPECT paths>={}",
                    d.min_paths
                ));
            }
        }
        let keys: BTreeSet<String> = r.paths.iter().filter_map(|p| outcome_key(&p.outcome)).collect();
        if r.exit.is_some() && !r.paths.is_empty() {
            let missing: Vec<&String> = d.expect.iter().filter(|e| !keys.contains(*e)).collect();
            if !missing.is_empty() {
                problems.push(format!("{here}: expected outcome(s) {missing:?} never reached; reached {keys:?}"));
            }
        }
        reached.extend(keys.into_iter().filter(|k| k != "return"));

        let mut bad = 0usize;
        for (pi, p) in r.paths.iter().enumerate() {
            let Some(jvm) = jvm_outcomes.get(&(di, pi)) else { continue };
            if let Some(reason) = compare_outcomes(&p.outcome, jvm) {
                bad += 1;
                mismatches.push(format!(
                    "{}: path {} inputs {}: {reason}\n      jsymex: {}\n      JVM:    {}",
                    d.sig,
                    compact(&p.id),
                    compact(&p.inputs),
                    compact(&p.outcome),
                    compact(jvm)
                ));
            }
        }
        let _ = writeln!(
            summary,
            "  {:<45} exit {:<4} paths {:>3} (cut {:>2}) mismatches {:>3}  {:>6.2}s",
            d.sig,
            r.exit.map_or_else(|| "-".to_string(), |c| c.to_string()),
            r.paths.len(),
            cut,
            bad,
            r.elapsed.as_secs_f64()
        );
    }

    // 6. suite-wide checks
    if filter.is_none() {
        if drivers_ok < MIN_DRIVERS_RUN {
            problems.push(format!(
                "suite: only {drivers_ok} of {} drivers ran successfully (exit 0, >= 1 path); need {MIN_DRIVERS_RUN}",
                drivers.len()
            ));
        }
        for exc in REQUIRED_EXCEPTIONS {
            if !reached.contains(*exc) {
                problems.push(format!("suite: no jsymex path ended in {exc}"));
            }
        }
        let custom = ["java.", "javax.", "jdk.", "sun."];
        if !reached.iter().any(|e| !custom.iter().any(|p| e.starts_with(p))) {
            problems.push("suite: no jsymex path ended in a custom exception class (e.g. Exceptions1$MyError)".to_string());
        }
    }

    let total_paths: usize = results.iter().map(|r| r.paths.len()).sum();
    eprintln!(
        "differential_java: {} drivers ({} ok), {} paths, {} replayed, {} mismatches; jsymex {:.1}s, total {:.1}s\n{summary}",
        drivers.len(),
        drivers_ok,
        total_paths,
        batch_index.len(),
        mismatches.len(),
        jsymex_elapsed.as_secs_f64(),
        suite_start.elapsed().as_secs_f64()
    );
    if std::env::var_os("JSYMEX_DIFF_KEEP").is_some() {
        std::mem::forget(tmp);
    }

    if !problems.is_empty() || !mismatches.is_empty() {
        let mut msg = format!(
            "differential test failed: {} problem(s), {} mismatch(es) out of {} replayed path(s)\n",
            problems.len(),
            mismatches.len(),
            batch_index.len()
        );
        let mut shown = 0usize;
        if !problems.is_empty() {
            msg.push_str("\n== problems ==\n");
            for p in &problems {
                if shown >= MAX_REPORTED_PROBLEMS {
                    break;
                }
                let _ = writeln!(msg, "- {p}");
                shown += 1;
            }
        }
        if !mismatches.is_empty() {
            msg.push_str("\n== jsymex vs JVM mismatches ==\n");
            for m in &mismatches {
                if shown >= MAX_REPORTED_PROBLEMS {
                    break;
                }
                let _ = writeln!(msg, "- {m}");
                shown += 1;
            }
        }
        let total = problems.len() + mismatches.len();
        if shown < total {
            let _ = writeln!(msg, "... and {} more (not shown)", total - shown);
        }
        panic!("{msg}");
    }
}

// ---------------------------------------------------------------------------
// unit checks of the comparison helpers (run even without the engine)

#[test]
fn value_comparison_is_exact() {
    let j = |s: &str| -> Json { Json::parse(s).unwrap() };
    assert!(values_equal(&j("5"), &j("5")));
    assert!(!values_equal(&j("5"), &j("6")));
    assert!(values_equal(&j("9223372036854775807"), &j("9223372036854775807")));
    assert!(!values_equal(&j("9223372036854775807"), &j("9223372036854775806")));
    assert!(values_equal(&j("\"NaN\""), &j("\"NaN\"")));
    assert!(values_equal(&j("-0.0"), &j("-0.0")));
    assert!(!values_equal(&j("-0.0"), &j("0.0")));
    assert!(values_equal(&j("2"), &j("2.0")));
    assert!(values_equal(&j("1.0E10"), &j("10000000000.0")));
    assert!(values_equal(&j("\"-Infinity\""), &j("\"-Infinity\"")));
    assert!(!values_equal(&j("\"Infinity\""), &j("\"-Infinity\"")));
    assert!(values_equal(&j("0.6000000014901161"), &j("0.6000000014901161")));
    assert!(!values_equal(&j("0.6000000014901161"), &j("0.6")));
    assert!(values_equal(&j("true"), &j("true")));
    assert!(!values_equal(&j("true"), &j("false")));
    assert!(values_equal(&j("[1,\"NaN\"]"), &j("[1,\"NaN\"]")));
    // exact: numbers keep their text, parsing is correctly rounded
    assert!(values_equal(&j("1e-50"), &j("1.0E-50")));
    assert!(!values_equal(&j("1e-50"), &j("9.999999999999999e-51")));
    assert!(values_equal(&j("4.9E-324"), &j("5e-324")));
    let line = r#"{"path":3,"inputs":[1e-50,-0.0,"NaN",[1,2],true,65535],"outcome":{"kind":"return"}}"#;
    let v = j(line);
    assert_eq!(v.to_string(), line);
    assert_eq!(v.get("inputs").unwrap().to_string(), r#"[1e-50,-0.0,"NaN",[1,2],true,65535]"#);
    assert_eq!(j(r#""a\tb\u00e9\ud83d\ude00""#), Json::Str("a\tb\u{e9}\u{1F600}".to_string()));
    assert!(Json::parse("[1,]").is_err());
    assert!(Json::parse("01x").is_err());

    let ret = j(r#"{"kind":"return","value":5}"#);
    let void = j(r#"{"kind":"return"}"#);
    let exc = j(r#"{"kind":"exception","exception":"java.lang.ArithmeticException","message":"/ by zero"}"#);
    let exc2 = j(r#"{"kind":"exception","exception":"java/lang/ArithmeticException","message":"x"}"#);
    assert_eq!(compare_outcomes(&ret, &ret), None);
    assert_eq!(compare_outcomes(&void, &void), None);
    assert!(compare_outcomes(&ret, &void).is_some());
    assert!(compare_outcomes(&ret, &exc).is_some());
    assert_eq!(compare_outcomes(&exc2, &exc), None);
}

#[test]
fn driver_lines_parse() {
    let d = parse_driver_line("X.java", 1, "Arrays1.sum(int[]) --array-len 3");
    assert_eq!(d.class, "Arrays1");
    assert_eq!(d.method, "sum");
    assert_eq!(d.types, vec!["int[]"]);
    assert_eq!(d.extra, vec!["--array-len", "3"]);
    let d = parse_driver_line("X.java", 2, "IntOps.boolLogic(boolean,boolean,int)");
    assert_eq!(d.types, vec!["boolean", "boolean", "int"]);
    assert!(d.extra.is_empty());

    let drivers = parse_drivers(&manifest_dir().join("tests/java/diff"));
    assert!(drivers.len() >= MIN_DRIVERS_DECLARED, "only {} drivers", drivers.len());
    for d in &drivers {
        assert!(d.types.len() <= 3, "{}: more than 3 parameters", d.sig);
        assert!(d.min_paths >= 2, "{}: paths>= below 2", d.sig);
    }
}
