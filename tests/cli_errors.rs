//! CLI error contract: bad input never panics. It prints exactly ONE line on stderr
//! starting with `jsymex: error:` that names the offending thing (file, class,
//! method, option...) and exits with code 2 (0 = success, 1 = internal error, 3 = solver unknown).
//! No output line may contain "panicked" or "RUST_BACKTRACE".
//!
//! Java sources are compiled with `javac` into temporary directories.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use tempfile::TempDir;

const FOO: &str = "public class Foo { public static int m(int x) { if (x > 3) return 1; return 0; } }";
const JSR: &str = "public class Jsr { public static int f(int x) { if (x > 0) return 1; return 0; } }";
const HARD: &str = "public class Hard { public static int f(long a, long b) { \
    if (a > 1 && b > 1 && a < 4294967296L && b < 4294967296L && a * b == 0x7ffffffffffffee7L) return 1; return 0; } }";
const NOMODEL: &str = "public class NoModel { public static int f(int x) { \
    java.util.concurrent.atomic.AtomicInteger a = new java.util.concurrent.atomic.AtomicInteger(x); return a.get(); } }";

/// Writes `<class>.java` into a fresh temp dir and compiles it there with `javac`.
fn compile(class: &str, src: &str) -> TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join(format!("{class}.java"));
    fs::write(&file, src).expect("write source");
    let out = Command::new("javac")
        .arg("-d")
        .arg(dir.path())
        .arg(&file)
        .output()
        .expect("javac must be installed");
    assert!(out.status.success(), "javac failed: {}", String::from_utf8_lossy(&out.stderr));
    dir
}

/// Runs the jsymex binary with the given arguments.
fn jsymex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run jsymex")
}

/// `jsymex run --classpath <cp> --driver <driver> [extra...]`.
fn run(cp: &Path, driver: &str, extra: &[&str]) -> Output {
    let cp = cp.to_str().expect("utf-8 path");
    let mut args = vec!["run", "--classpath", cp, "--driver", driver];
    args.extend_from_slice(extra);
    jsymex(&args)
}

/// Asserts the error contract and that the single error line contains every needle.
/// Returns the error line.
fn assert_error(out: &Output, needles: &[&str]) -> String {
    assert_error_code(out, 2, needles)
}

/// Like [`assert_error`], with the expected exit code (3 = incomplete, e.g. solver unknown).
fn assert_error_code(out: &Output, code: i32, needles: &[&str]) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let ctx = format!("exit={:?}\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}", out.status.code());
    for bad in ["panicked", "RUST_BACKTRACE"] {
        assert!(!stderr.contains(bad) && !stdout.contains(bad), "output contains {bad:?}\n{ctx}");
    }
    assert_eq!(out.status.code(), Some(code), "expected exit code {code}\n{ctx}");
    // Warnings (`jsymex: warning: …`, e.g. library code without a model found before the run)
    // may precede the error; the error itself is one line.
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.starts_with("jsymex: warning:")).collect();
    assert_eq!(lines.len(), 1, "expected exactly one stderr error line\n{ctx}");
    let line = lines[0];
    assert!(
        line.starts_with("jsymex: error:"),
        "stderr line must start with 'jsymex: error:'\n{ctx}"
    );
    assert!(line.trim() != "jsymex: error:", "empty error message\n{ctx}");
    for n in needles {
        assert!(line.contains(n), "error line must mention {n:?}\n{ctx}");
    }
    line.to_string()
}

/// Positive control: a valid class and driver exits 0 and prints a summary.
#[test]
fn valid_driver_succeeds() {
    let dir = compile("Foo", FOO);
    let out = run(dir.path(), "Foo.m(int)", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("feasible"), "stdout:\n{stdout}");
    assert!(!stderr.contains("panicked") && !stdout.contains("panicked"));
}

/// 1. A classpath entry that does not exist is named in the error.
#[test]
fn missing_classpath_entry() {
    let out = run(Path::new("/nonexistent/x.jar"), "Foo.m", &[]);
    assert_error(&out, &["/nonexistent/x.jar"]);
}

/// 1b. `@subjects/NAME` with no such bundled subject names the entry and lists the subjects;
/// with a real one the subject's own classes run.
#[test]
fn unknown_bundled_subject() {
    let out = run(Path::new("@subjects/nope"), "tcas.Driver.max", &[]);
    assert_error(&out, &["@subjects/nope", "no bundled subject", "tcas"]);
    let ok = run(Path::new("@subjects/tcas"), "tcas.Driver.max", &["--max-paths", "3", "-q"]);
    assert_eq!(ok.status.code(), Some(0), "{}", String::from_utf8_lossy(&ok.stderr));
    let other = run(Path::new("@subjects/tcas"), "wbs.Driver.twice", &["-q"]);
    assert_error(&other, &["wbs"]);
}

/// 2. A "jar" that is not a zip archive is named in the error.
#[test]
fn jar_that_is_not_a_zip() {
    let dir = tempfile::tempdir().unwrap();
    let jar = dir.path().join("bad.jar");
    fs::write(&jar, b"this is certainly not a zip file \x00\x01\x02\xff garbage garbage").unwrap();
    let out = run(&jar, "Foo.m", &[]);
    assert_error(&out, &[jar.to_str().unwrap()]);
}

/// 3. A class file full of random bytes: the error names the class.
#[test]
fn corrupt_class_file() {
    let dir = tempfile::tempdir().unwrap();
    // Deterministic pseudo-random bytes (xorshift), not starting with 0xCAFEBABE.
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes: Vec<u8> = (0..512)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 24) as u8
        })
        .collect();
    assert_ne!(&bytes[..4], &[0xca, 0xfe, 0xba, 0xbe]);
    fs::write(dir.path().join("Foo.class"), bytes).unwrap();
    let out = run(dir.path(), "Foo.m", &[]);
    assert_error(&out, &["Foo"]);
}

/// 4. A real class file truncated to half its length: the error names the class.
#[test]
fn truncated_class_file() {
    let dir = compile("Foo", FOO);
    let class = dir.path().join("Foo.class");
    let bytes = fs::read(&class).unwrap();
    fs::write(&class, &bytes[..bytes.len() / 2]).unwrap();
    let out = run(dir.path(), "Foo.m", &[]);
    assert_error(&out, &["Foo"]);
}

/// 5. A driver class that is not on the classpath is named in the error.
#[test]
fn missing_class() {
    let dir = compile("Foo", FOO);
    let out = run(dir.path(), "NoSuchClass.m", &[]);
    assert_error(&out, &["NoSuchClass"]);
}

/// 6. A driver method that does not exist is named in the error.
#[test]
fn unknown_method() {
    let dir = compile("Foo", FOO);
    let out = run(dir.path(), "Foo.nope", &[]);
    assert_error(&out, &["nope"]);
}

/// 7. A driver signature that matches no overload: the error mentions the method `m`.
#[test]
fn wrong_signature() {
    let dir = compile("Foo", FOO);
    let out = run(dir.path(), "Foo.m(long)", &[]);
    let line = assert_error(&out, &[]);
    let msg = &line["jsymex: error:".len()..];
    assert!(
        msg.contains("m(") || msg.contains(".m") || msg.split(|c: char| !c.is_alphanumeric()).any(|w| w == "m"),
        "error line must mention method m: {line}"
    );
}

/// 8. An unsupported instruction (`ifle` patched into `jsr`): the error names `jsr`.
#[test]
fn unsupported_instruction_jsr() {
    let dir = compile("Jsr", JSR);
    let class = dir.path().join("Jsr.class");
    let mut bytes = fs::read(&class).unwrap();
    // `iload_0; ifle` is unique in this class (the constructor uses aload_0).
    let hits: Vec<usize> = bytes
        .windows(2)
        .enumerate()
        .filter(|(_, w)| *w == [0x1a, 0x9e])
        .map(|(i, _)| i)
        .collect();
    assert_eq!(hits.len(), 1, "expected a unique `iload_0; ifle` in Jsr.class, found {hits:?}");
    bytes[hits[0] + 1] = 0xa8; // jsr, same 2-byte branch operand
    fs::write(&class, bytes).unwrap();
    let out = run(dir.path(), "Jsr.f(int)", &[]);
    assert_error(&out, &["jsr"]);
}

/// Case 9: the solver returns unknown within a 1 ms timeout: exit 3 (incomplete, not bad
/// input), message mentions `unknown`, and the summary is still printed on stdout.
#[test]
fn solver_unknown() {
    let dir = compile("Hard", HARD);
    let out = run(dir.path(), "Hard.f(long,long)", &["--solver-timeout", "1"]);
    assert_error_code(&out, 3, &["unknown"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("feasible"), "summary missing on stdout:\n{stdout}");
}

/// 10a. An unknown `--strategy`: the error names it and lists `spf`.
#[test]
fn bad_strategy() {
    let dir = compile("Foo", FOO);
    let out = run(dir.path(), "Foo.m", &["--strategy", "nope"]);
    assert_error(&out, &["nope", "spf"]);
}

/// 10b. An unknown `--search`: the error names it.
#[test]
fn bad_search() {
    let dir = compile("Foo", FOO);
    let out = run(dir.path(), "Foo.m", &["--search", "nope"]);
    assert_error(&out, &["nope"]);
}

/// 10c. `--min-int` greater than `--max-int`: the error names the option.
#[test]
fn min_int_greater_than_max_int() {
    let dir = compile("Foo", FOO);
    let out = run(dir.path(), "Foo.m", &["--min-int", "5", "--max-int", "1"]);
    assert_error(&out, &["--min-int"]);
}

/// 10d. No `--driver`: the error names the missing option.
#[test]
fn missing_driver() {
    let dir = compile("Foo", FOO);
    let out = jsymex(&["run", "--classpath", dir.path().to_str().unwrap()]);
    assert_error(&out, &["--driver"]);
}

/// 11. `--tests` inside a directory that does not exist: the error names the path.
#[test]
fn tests_file_in_missing_directory() {
    let dir = compile("Foo", FOO);
    let target = dir.path().join("no/such/dir/out.jsonl");
    let out = run(dir.path(), "Foo.m", &["--tests", target.to_str().unwrap()]);
    assert_error(&out, &[target.to_str().unwrap()]);
}

/// 12. A JDK class without a library model: the error names it and says so.
#[test]
fn jdk_class_without_model() {
    let dir = compile("NoModel", NOMODEL);
    let out = run(dir.path(), "NoModel.f(int)", &[]);
    let line = assert_error(&out, &[]);
    assert!(
        line.contains("java/util/concurrent/atomic/AtomicInteger") || line.contains("java.util.concurrent.atomic.AtomicInteger"),
        "error line must name AtomicInteger: {line}"
    );
    let lower = line.to_lowercase();
    assert!(
        lower.contains("no model") || lower.contains("not found"),
        "error line must say 'no model' or 'not found': {line}"
    );
}
