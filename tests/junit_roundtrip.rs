//! JUnit round trip: jsymex writes a JUnit 4 suite per driver (`run --junit`), javac compiles it
//! without a single `-Xlint:all` warning, and `jsymex junit --check` runs it on the real JVM,
//! where every test passes. Covers the DGSE paper's Figure 2 and WBS (`subjects/paper`), every
//! driver of the differential suite (`tests/java/diff`, `// DRIVER:` lines) and the writer's
//! feature drivers (`tests/java/junit`); a wrong expected value makes the check fail; and
//! JaCoCo's branch coverage of the suites equals jsymex's own.
//!
//! Needs Debian's `junit4` (and `libjacoco-java` for the coverage test): a missing jar fails the
//! test with a message naming the package, never skips it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const JUNIT_JAR: &str = "/usr/share/java/junit4.jar";

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Fails the test, naming the package, when JUnit 4 is not installed.
fn require_junit() {
    assert!(
        Path::new(JUNIT_JAR).is_file(),
        "{JUNIT_JAR} is not installed: apt-get install junit4 (the JUnit round trip needs it)"
    );
}

fn jsymex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jsymex")).args(args).output().expect("run jsymex")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The `.java` files under a directory, recursively, sorted.
fn java_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read dir") {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "java") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Compiles the Java sources under `src` (with line numbers) into `out`.
fn compile(src: &Path, out: &Path) {
    std::fs::create_dir_all(out).expect("mkdir");
    let o = Command::new("javac")
        .arg("-g")
        .arg("-d")
        .arg(out)
        .args(java_files(src))
        .output()
        .expect("javac");
    assert!(o.status.success(), "javac {}: {}", src.display(), text(&o.stderr));
}

/// `// DRIVER: sig [extra args]` lines: (signature, extra arguments).
fn drivers(src: &Path) -> Vec<(String, Vec<String>)> {
    let mut ds = Vec::new();
    for f in java_files(src) {
        for l in std::fs::read_to_string(&f).expect("read source").lines() {
            if let Some(rest) = l.trim_start().strip_prefix("// DRIVER:") {
                let mut parts = rest.split_whitespace().map(String::from);
                let sig = parts.next().expect("driver signature");
                ds.push((sig, parts.collect()));
            }
        }
    }
    ds
}

/// Runs `jsymex run --junit out` for every driver (in parallel); returns problems.
fn generate(cp: &Path, out: &Path, ds: &[(String, Vec<String>)]) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let problems = std::sync::Mutex::new(Vec::new());
    let jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).min(8);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some((sig, extra)) = ds.get(i) else { break };
                    // A generous per-query timeout: a floating-point query can take seconds on
                    // a loaded machine, and a solver unknown fails the test.
                    let mut args = vec![
                        "run",
                        "-q",
                        "--solver-timeout",
                        "120000",
                        "--classpath",
                        cp.to_str().expect("utf-8 path"),
                        "--driver",
                        sig,
                    ];
                    args.extend(extra.iter().map(String::as_str));
                    args.extend(["--junit", out.to_str().expect("utf-8 path")]);
                    let o = jsymex(&args);
                    let err = text(&o.stderr);
                    let ok = o.status.success();
                    if !ok {
                        problems
                            .lock()
                            .expect("lock")
                            .push(format!("{sig}: exit {:?}: {err}", o.status.code()));
                    }
                }
            });
        }
    });
    problems.into_inner().expect("lock")
}

/// javac -Xlint:all over the generated suites: no errors, no warnings.
fn assert_compiles_clean(out: &Path, cp: &Path) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let o = Command::new("javac")
        .args(["-Xlint:all", "-encoding", "UTF-8", "-cp"])
        .arg(format!("{}:{JUNIT_JAR}", cp.display()))
        .arg("-d")
        .arg(tmp.path())
        .args(java_files(out))
        .output()
        .expect("javac");
    assert!(
        o.status.success() && o.stderr.is_empty(),
        "javac -Xlint:all on {}:\n{}",
        out.display(),
        text(&o.stderr)
    );
}

/// Number of `@Test` methods in the suites under `out`.
fn test_count(out: &Path) -> usize {
    java_files(out)
        .iter()
        .map(|f| {
            std::fs::read_to_string(f)
                .expect("read suite")
                .lines()
                .filter(|l| l.trim_start().starts_with("@Test"))
                .count()
        })
        .sum()
}

/// `jsymex junit --check out --classpath cp [extra]`.
fn check(out: &Path, cp: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "junit",
        "--check",
        out.to_str().expect("utf-8"),
        "--classpath",
        cp.to_str().expect("utf-8"),
    ];
    args.extend(extra);
    jsymex(&args)
}

/// Generates, compiles (warning-free) and runs the suites of `ds`; returns the tests run.
fn round_trip(src: &Path, ds: &[(String, Vec<String>)]) -> (tempfile::TempDir, usize) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (classes, out) = (tmp.path().join("classes"), tmp.path().join("junit"));
    compile(src, &classes);
    let problems = generate(&classes, &out, ds);
    assert!(problems.is_empty(), "jsymex run --junit:\n{}", problems.join("\n"));
    assert_eq!(java_files(&out).len(), ds.len(), "one suite per driver");
    assert_compiles_clean(&out, &classes);
    let n = test_count(&out);
    let o = check(&out, &classes, &[]);
    let stdout = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "junit --check:\n{stdout}{}", text(&o.stderr));
    assert!(
        stdout.contains(&format!("junit: {n} passed, 0 failed")),
        "expected {n} tests:\n{stdout}"
    );
    (tmp, n)
}

fn sigs(list: &[&str]) -> Vec<(String, Vec<String>)> {
    list.iter().map(|s| (s.to_string(), vec![])).collect()
}

#[test]
fn paper_suites_compile_and_pass() {
    require_junit();
    let ds = sigs(&[
        "Fig2.test(int,int,int)",
        "WBS.update(int,int,int)",
        "WBS.twice(int,int,int,int,int,int)",
    ]);
    let (_tmp, n) = round_trip(&manifest().join("subjects/paper"), &ds);
    // Figure 2: 8 paths; WBS.update: 24; WBS.twice: 576.
    assert_eq!(n, 8 + 24 + 576);
}

#[test]
fn diff_suites_compile_and_pass() {
    require_junit();
    let src = manifest().join("tests/java/diff");
    let ds = drivers(&src);
    assert!(ds.len() >= 45, "only {} drivers", ds.len());
    let (_tmp, n) = round_trip(&src, &ds);
    assert!(n >= 2 * ds.len(), "{n} tests for {} drivers", ds.len());
}

#[test]
fn feature_suites_compile_and_pass() {
    require_junit();
    let src = manifest().join("tests/java/junit");
    let ds = drivers(&src);
    let (tmp, _) = round_trip(&src, &ds);
    let out = tmp.path().join("junit");
    let read = |p: &str| std::fs::read_to_string(out.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let greet = read("jx/FeaturesGreetTest.java");
    assert!(greet.contains("package jx;") && greet.contains("System.setOut(") && greet.contains("System.setErr("));
    assert!(greet.contains(r#"assertEquals("\u00e9\\'", Features.greet("#), "{greet}");
    let secret = read("jx/FeaturesSecretTest.java");
    assert!(secret.contains("catch (IllegalStateException e)") && secret.contains(r#"assertEquals("eight", e.getMessage());"#));
    assert!(secret.contains(r#"assertEquals("jx.Features$Secret", thrown.getClass().getName());"#));
    assert!(read("jx/FeaturesCheckedTest.java").contains("@Test(expected = Features.Checked.class)"));
    assert!(read("jx/FeaturesDoublesTest.java").contains("assertArrayEquals(bits(new double[] {-0.0, Double.NaN, 0.1}), bits("));
    assert!(read("jx/FeaturesSmallTest.java").contains("assertEquals(Long.MIN_VALUE, Features.small((byte) -1, (short) "));
    assert!(read("jx/FeaturesInstanceTest.java").contains("new Features().instance("));
    assert!(
        read("jx/FeaturesCounterTest.java").contains("fresh class loader"),
        "static state: reflective calls"
    );
    assert!(
        read("gen/PlainCalls.java").contains("package gen;"),
        "--junit-package/--junit-class"
    );
    assert!(
        read("jx/FeaturesTextTest.java").contains(r#"new String[] {"\n\\", "aa"}"#),
        "String[] parameters"
    );
    assert!(read("jx/FeaturesOldTest.java").contains(r#"@SuppressWarnings({"deprecation", "removal"})"#));
}

#[test]
fn compare_writes_one_suite_per_strategy() {
    require_junit();
    let tmp = tempfile::tempdir().expect("tempdir");
    let (classes, out) = (tmp.path().join("classes"), tmp.path().join("junit"));
    compile(&manifest().join("subjects/paper"), &classes);
    let o = jsymex(&[
        "compare",
        "--classpath",
        classes.to_str().expect("utf-8"),
        "--driver",
        "Fig2.test(int,int,int)",
        "--strategies",
        "spf,dgse",
        "--junit",
        out.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.join("Fig2TestTest_spf.java").is_file() && out.join("Fig2TestTest_dgse.java").is_file());
    assert_compiles_clean(&out, &classes);
    let o = check(&out, &classes, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
}

#[test]
fn a_wrong_expected_value_fails_the_check() {
    require_junit();
    let tmp = tempfile::tempdir().expect("tempdir");
    let (classes, out) = (tmp.path().join("classes"), tmp.path().join("junit"));
    compile(&manifest().join("subjects/paper"), &classes);
    let o = jsymex(&[
        "run",
        "-q",
        "--classpath",
        classes.to_str().expect("utf-8"),
        "--driver",
        "Fig2.test(int,int,int)",
        "--junit",
        out.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let suite = out.join("Fig2TestTest.java");
    let java = std::fs::read_to_string(&suite).expect("suite");
    // The first `assertEquals(<int>, Fig2.test(…))`: make the expected value wrong.
    let at = java.find("assertEquals(").expect("an assertEquals") + "assertEquals(".len();
    let end = at + java[at..].find(',').expect("expected value");
    let expected: i64 = java[at..end].trim().parse().expect("an int literal");
    let mutated = format!("{}{}{}", &java[..at], expected + 12345, &java[end..]);
    std::fs::write(&suite, mutated).expect("write");
    let o = check(&out, &classes, &[]);
    let stdout = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("junit: 7 passed, 1 failed") && stdout.contains("failed: Fig2TestTest.path1_"),
        "{stdout}"
    );
}

/// `jacoco: <class>: lines a/b, branches c/d` → (c, d).
fn jacoco_branches(out: &str, class: &str) -> Option<(u64, u64)> {
    let line = out.lines().find(|l| l.starts_with(&format!("jacoco: {class}: ")))?;
    let b = line.split("branches ").nth(1)?;
    let (c, t) = b.split_once('/')?;
    let t: String = t.chars().take_while(|ch| ch.is_ascii_digit()).collect();
    Some((c.parse().ok()?, t.parse().ok()?))
}

#[test]
fn jacoco_branch_coverage_equals_jsymex() {
    require_junit();
    assert!(
        Path::new("/usr/share/java/org.jacoco.agent.jar").is_file(),
        "/usr/share/java/org.jacoco.agent.jar is not installed: apt-get install libjacoco-java"
    );
    let tmp = tempfile::tempdir().expect("tempdir");
    let classes = tmp.path().join("classes");
    compile(&manifest().join("subjects/paper"), &classes);
    // Both count conditional-jump edges (2 per jump) and distinct switch targets of every
    // method of the class under test, including methods the driver never calls (WBS.twice) and
    // constructors: JaCoCo per class, jsymex in its `coverage.classes` view (every method of the
    // user classes its runs executed). The default view (`branches_covered`/`branches_total`)
    // counts only what the driver reaches, so it is checked against the classes view too.
    for (driver, class) in [("Fig2.test(int,int,int)", "Fig2"), ("WBS.update(int,int,int)", "WBS")] {
        let out = tmp.path().join(class);
        let json = tmp.path().join(format!("{class}.json"));
        let o = jsymex(&[
            "run",
            "-q",
            "--strategy",
            "spf",
            "--classpath",
            classes.to_str().expect("utf-8"),
            "--driver",
            driver,
            "--json",
            json.to_str().expect("utf-8"),
            "--junit",
            out.to_str().expect("utf-8"),
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("summary")).expect("json");
        let view = &summary["coverage"]["classes"];
        let ours = (
            view["branches_covered"].as_u64().expect("covered"),
            view["branches_total"].as_u64().expect("total"),
        );
        let reachable = (
            summary["branches_covered"].as_u64().expect("covered"),
            summary["branches_total"].as_u64().expect("total"),
        );
        assert_eq!(reachable.0, ours.0, "{driver}: every covered branch is reachable");
        assert!(reachable.1 <= ours.1, "{driver}: one class, so reachable ⊆ classes");
        let o = check(&out, &classes, &["--coverage"]);
        let stdout = text(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{stdout}{}", text(&o.stderr));
        let theirs = jacoco_branches(&stdout, class).unwrap_or_else(|| panic!("no JaCoCo line for {class}:\n{stdout}"));
        assert_eq!(
            theirs, ours,
            "{driver}: JaCoCo branches vs jsymex coverage.classes branches\n{stdout}"
        );
        assert!(stdout.lines().any(|l| l.starts_with("jacoco: lines ")), "{stdout}");
        eprintln!("{driver}: jsymex {}/{}, JaCoCo {}/{}\n{stdout}", ours.0, ours.1, theirs.0, theirs.1);
    }
}

#[test]
fn check_writes_out_the_embedded_examples() {
    require_junit();
    assert!(
        Path::new("/usr/share/java/org.jacoco.agent.jar").is_file(),
        "/usr/share/java/org.jacoco.agent.jar is not installed: apt-get install libjacoco-java"
    );
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("tests");
    let o = jsymex(&[
        "run",
        "-q",
        "--classpath",
        "@examples",
        "--driver",
        "Fig2.test(int,int,int)",
        "--junit",
        out.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = jsymex(&[
        "junit",
        "--check",
        out.to_str().expect("utf-8"),
        "--classpath",
        "@examples",
        "--coverage",
    ]);
    let stdout = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{stdout}{}", text(&o.stderr));
    assert!(stdout.contains("junit: 8 passed, 0 failed"), "{stdout}");
    assert!(stdout.contains("jacoco: Fig2: lines 12/12, branches 6/6"), "{stdout}");
    let o = jsymex(&["junit", "--check", out.to_str().expect("utf-8"), "--classpath", "@nothing"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("@nothing"), "{}", text(&o.stderr));
}

/// The suites generated for the real jars (symbolic `String[]` and `String` inputs) compile and
/// pass: one test per feasible path.
#[test]
fn real_jar_suites_pass() {
    require_junit();
    for (subject, jar) in [
        ("cli:ci", "/usr/share/java/commons-cli.jar"),
        ("nanoxml:ci", "/usr/share/java/nanoxml.jar"),
    ] {
        let tmp = tempfile::tempdir().expect("tempdir");
        let out = tmp.path().join("tests");
        let json = tmp.path().join("s.json");
        let o = jsymex(&[
            "run",
            "-q",
            "--subject",
            subject,
            "--max-paths",
            "60",
            "--json",
            json.to_str().expect("utf-8"),
            "--junit",
            out.to_str().expect("utf-8"),
        ]);
        assert!(o.status.success(), "{subject}: {}", text(&o.stderr));
        let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("summary")).expect("json");
        let feasible = summary["feasible_paths"].as_u64().expect("feasible");
        let cp = format!("@subjects:{jar}");
        let o = jsymex(&["junit", "--check", out.to_str().expect("utf-8"), "--classpath", &cp]);
        let stdout = text(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{subject}: {stdout}{}", text(&o.stderr));
        assert!(
            stdout.contains(&format!("junit: {feasible} passed, 0 failed")),
            "{subject}: {stdout}"
        );
    }
}
