//! Real Java as people write it (issue 23): `assert` statements checked by default, drivers
//! written for SPF (`Debug.makeSymbolic*`), JPF (`Verify.getInt`) and SV-COMP
//! (`Verifier.nondet*`, `Main.main`) run unmodified, `jsymex verify` gives the right verdict on
//! each program of `tests/java/realjava` (the first line of each `Main` says which), every
//! FALSE comes with a JUnit test that throws the AssertionError on the real JVM, the generated
//! suites (also for `jsymex.Symbolic` drivers) pass `junit --check` through
//! `jsymex-runtime.jar`, recursion 20,000 frames deep returns, `models --missing` names what
//! has no model, and `Character.isDefined` agrees with the JDK.

mod common;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn java_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            java_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "java") {
            out.push(p);
        }
    }
}

fn javac(files: &[PathBuf], cp: &str, out: &Path) {
    std::fs::create_dir_all(out).unwrap();
    let st = Command::new("javac")
        .args(["-nowarn", "-encoding", "UTF-8", "-cp", cp, "-d"])
        .arg(out)
        .args(files)
        .status()
        .expect("javac (install a JDK)");
    assert!(st.success(), "javac failed on {files:?}");
}

/// The programs compiled against the input API's real-JVM side (as a user compiles against
/// `jsymex-runtime.jar`); the API classes stay out of the program's class folder.
struct Programs {
    _tmp: tempfile::TempDir,
    /// The programs' classes.
    cp: String,
    tmp: PathBuf,
}

fn programs() -> Programs {
    let tmp = tempfile::tempdir().unwrap();
    let api = tmp.path().join("api");
    let stubs = Path::new(ROOT).join("jvm-stubs");
    let mut api_src = Vec::new();
    java_files(&stubs.join("runtime"), &mut api_src);
    java_files(&stubs.join("src/gov"), &mut api_src);
    java_files(&stubs.join("src/org/sosy_lab"), &mut api_src);
    api_src.push(stubs.join("src/jsymex/CheckFailure.java"));
    javac(&api_src, "", &api);
    let classes = tmp.path().join("classes");
    let mut src = Vec::new();
    java_files(&Path::new(ROOT).join("tests/java/realjava"), &mut src);
    src.push(Path::new(ROOT).join("tests/java/api/Api.java"));
    javac(&src, &api.to_string_lossy(), &classes);
    Programs {
        cp: classes.to_string_lossy().into_owned(),
        tmp: tmp.path().to_path_buf(),
        _tmp: tmp,
    }
}

fn jsymex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jsymex")).args(args).output().expect("run jsymex")
}

fn text(o: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout ---\n{}--- stderr ---\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `junit --check DIR`: every test passes; returns how many ran.
fn junit_check(dir: &Path, cp: &str) -> u64 {
    let o = jsymex(&["junit", "--check", &dir.to_string_lossy(), "--classpath", cp]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let line = out.lines().find(|l| l.starts_with("junit: ")).unwrap_or_else(|| panic!("{out}"));
    let passed: u64 = line["junit: ".len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(line.ends_with(", 0 failed"), "{out}");
    passed
}

/// Runs `verify` and checks the verdict line and exit code; returns stdout.
fn verify(cp: &str, target: &[&str], junit: &Path, extra: &[&str], verdict: &str) -> String {
    let mut args = vec!["verify", "-q", "--classpath", cp, "--junit"];
    let dir = junit.to_string_lossy().into_owned();
    args.push(&dir);
    args.extend_from_slice(target);
    args.extend_from_slice(extra);
    let o = jsymex(&args);
    let out = text(&o);
    let code = match verdict {
        "TRUE" => 0,
        "FALSE" => 4,
        _ => 5,
    };
    assert_eq!(o.status.code(), Some(code), "{target:?}: {out}");
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(stdout.starts_with(verdict), "{target:?}: expected {verdict}\n{out}");
    stdout
}

/// The witness test a FALSE verdict names (`  witness: FILE test NAME`) must expect the
/// AssertionError.
fn check_witness(stdout: &str) {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("  witness: "))
        .unwrap_or_else(|| panic!("no witness: {stdout}"));
    let rest = &line["  witness: ".len()..];
    let (file, test) = rest.split_once(" test ").unwrap();
    let src = std::fs::read_to_string(file).unwrap();
    let at = src
        .find(&format!("void {test}()"))
        .unwrap_or_else(|| panic!("{test} not in {file}"));
    let start = src[..at].rfind("    @").unwrap();
    let body = &src[start..src[at..].find("\n    }\n").map(|e| at + e).unwrap()];
    assert!(
        body.contains("expected = AssertionError.class") || body.contains("java.lang.AssertionError"),
        "{test} must expect the AssertionError:\n{body}"
    );
    assert!(
        body.contains("jsymex.Replay.start("),
        "{test} must set the recorded inputs:\n{body}"
    );
}

#[test]
fn verdicts_on_sv_comp_style_programs_and_spf_jpf_drivers_with_witnesses_that_fail_on_the_jvm() {
    let p = programs();
    let dir = p.tmp.join("witnesses");
    let mut mains: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("tests/java/realjava"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("sv"))
        .collect();
    mains.sort();
    let (mut falses, mut trues, mut unknowns) = (0, 0, 0);
    for m in &mains {
        let src = std::fs::read_to_string(Path::new(ROOT).join(format!("tests/java/realjava/{m}/Main.java"))).unwrap();
        let expect = src
            .lines()
            .next()
            .unwrap()
            .trim_start_matches("// expect: ")
            .split(' ')
            .next()
            .unwrap()
            .to_string();
        // sv17 loops for as long as a nondeterministic boolean says so: only a limit ends it.
        let extra: &[&str] = if m == "sv17" { &["--max-depth", "20"] } else { &[] };
        let class = format!("{m}.Main");
        let out = verify(&p.cp, &["--main", &class], &dir, extra, &expect);
        match expect.as_str() {
            "FALSE" => {
                falses += 1;
                check_witness(&out);
            }
            "TRUE" => trues += 1,
            _ => unknowns += 1,
        }
    }
    assert!(mains.len() >= 15, "{} programs", mains.len());
    assert!(falses * 2 >= mains.len(), "{falses} of {} can fail", mains.len());
    assert!(trues >= 5 && unknowns >= 2, "{trues} TRUE, {unknowns} UNKNOWN");
    // SPF and JPF drivers, unmodified.
    let spf = verify(&p.cp, &["--main", "spf.SpfDriver"], &dir, &[], "FALSE");
    assert!(spf.contains("input: x = 12, y = 5, flag = 1"), "{spf}");
    check_witness(&spf);
    let jpf = verify(&p.cp, &["--main", "jpf.JpfDriver"], &dir, &[], "FALSE");
    assert!(jpf.contains("Verify.getInt(1,4) = 3, Verify.getBoolean = 1"), "{jpf}");
    check_witness(&jpf);
    verify(&p.cp, &["--driver", "jpf.JpfDriver.safe"], &dir, &[], "TRUE");
    // An SPF configuration without symbolic.method, with --main for the driver.
    let cfg = p.tmp.join("spf.jpf");
    std::fs::write(&cfg, format!("target = spf.SpfDriver\nclasspath = {}\n", p.cp)).unwrap();
    let cfg = cfg.to_string_lossy().into_owned();
    let witness = p.tmp.join("jpfcfg").to_string_lossy().into_owned();
    let o = jsymex(&["verify", "-q", "--jpf", &cfg, "--main", "spf.SpfDriver", "--junit", &witness]);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o));
    // Every generated test, witnesses included, passes on the real JVM through the runtime jar.
    assert!(dir.join("jsymex-runtime.jar").is_file());
    let ran = junit_check(&dir, &p.cp);
    assert!(ran >= 60, "{ran} tests");
}

#[test]
fn a_limit_or_the_budget_never_gives_true() {
    let p = programs();
    let dir = p.tmp.join("w");
    let out = verify(&p.cp, &["--main", "sv11.Main"], &dir, &["--max-paths", "3"], "UNKNOWN");
    assert!(out.contains("the exploration stopped early (max_paths)"), "{out}");
    let out = verify(&p.cp, &["--main", "sv10.Main"], &dir, &["--max-steps", "20"], "UNKNOWN");
    assert!(out.contains("limit: max-steps 20"), "{out}");
    let out = verify(&p.cp, &["--main", "sv19.Main"], &dir, &[], "UNKNOWN");
    assert!(out.contains("--string-len"), "{out}");
    let out = verify(&p.cp, &["--main", "hard.Main"], &dir, &["--solver-timeout", "1"], "UNKNOWN");
    assert!(out.contains("solver unknown on"), "{out}");
    let out = verify(&p.cp, &["--driver", "missing.Uses.count"], &dir, &[], "UNKNOWN");
    assert!(
        out.contains("unmodelled code (class java/util/concurrent/atomic/AtomicInteger not found (no model"),
        "{out}"
    );
    // Recursion on symbolic ints (McCarthy 91, Ackermann, GCD) ends at --timeout, with its
    // report, also under dgse, whose task selection on a path of thousands of events used to
    // run 10 s past the deadline.
    for d in ["budget.Rec.mcCarthy", "budget.Rec.ackermann", "budget.Rec.euclid"] {
        for strategy in [&["--strategy", "spf"], &["--strategy", "dgse"]] {
            for search in ["dfs", "bfs"] {
                let t0 = std::time::Instant::now();
                let mut extra = vec!["--timeout", "1.5", "--search", search];
                extra.extend_from_slice(strategy);
                let out = verify(&p.cp, &["--driver", d], &dir, &extra, "UNKNOWN");
                let took = t0.elapsed().as_secs_f64();
                assert!(took < 3.5, "{d} {strategy:?} {search} took {took:.1} s with --timeout 1.5");
                assert!(out.contains("stopped early (timeout)"), "{out}");
            }
        }
    }
    // run without --verdict keeps its exit codes; --verdict gives verify's.
    let o = jsymex(&["run", "-q", "--classpath", &p.cp, "--main", "sv01.Main", "--verdict", "--junit"]);
    assert_eq!(o.status.code(), Some(2), "--junit needs a value: {}", text(&o));
    let w = p.tmp.join("v").to_string_lossy().into_owned();
    let o = jsymex(&["run", "-q", "--classpath", &p.cp, "--main", "sv01.Main", "--verdict", "--junit", &w]);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o));
    let o = jsymex(&["run", "-q", "--classpath", &p.cp, "--main", "sv01.Main"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

#[test]
fn assertions_are_faults_with_their_site_unless_disabled() {
    let p = programs();
    let r = common::run(&["--classpath", &p.cp, "--main", "sv01.Main"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let failing: Vec<_> = r.paths.iter().filter(|x| x["outcome"]["kind"] == "exception").collect();
    assert_eq!(failing.len(), 1, "{:?}", r.paths);
    let f = failing[0];
    assert_eq!(f["outcome"]["exception"], "java.lang.AssertionError");
    assert_eq!(f["outcome"]["message"], "y reached 22");
    assert_eq!(f["outcome"]["at"], "Main.java:11");
    assert_eq!(f["symbolic"]["nondetInt"], 7);
    assert_eq!(r.summary["fault_sites"][0]["at"], "Main.java:11");
    assert_eq!(r.summary["fault_sites"][0]["exception"], "java.lang.AssertionError");
    assert!(
        r.stdout
            .contains("faults        1 distinct: java.lang.AssertionError at Main.java:11 (path"),
        "{}",
        r.stdout
    );
    // -da: no assertion is checked, the verdict is TRUE and the suite runs the JVM with -da too.
    let dir = p.tmp.join("da");
    verify(&p.cp, &["--main", "sv01.Main"], &dir, &["--disable-assertions"], "TRUE");
    let suite = std::fs::read_to_string(dir.join("sv01/MainMainTest.java")).unwrap();
    assert!(suite.contains("setDefaultAssertionStatus(false)"), "{suite}");
    junit_check(&dir, &p.cp);
    let r = common::run(&["--classpath", &p.cp, "--main", "sv01.Main", "--disable-assertions"]);
    assert_eq!(common::count(&r.summary, "faults"), 0);
}

#[test]
fn symbolic_api_suites_replay_on_the_jvm() {
    let p = programs();
    let dir = p.tmp.join("api");
    for d in ["Api.driver", "Api.kinds"] {
        let w = dir.to_string_lossy().into_owned();
        let o = jsymex(&["run", "-q", "--classpath", &p.cp, "--driver", d, "--junit", &w]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    }
    let suite = std::fs::read_to_string(dir.join("ApiDriverTest.java")).unwrap();
    assert!(suite.contains("jsymex.Replay.start(\"n\", "), "{suite}");
    // 5 paths of driver (one a failing check), 16 of kinds.
    assert_eq!(junit_check(&dir, &p.cp), 21);
}

#[test]
fn recursion_twenty_thousand_deep_returns_and_the_stack_depth_is_an_option() {
    let p = programs();
    let r = common::run(&["--classpath", &p.cp, "--driver", "deep.Deep.run"]);
    assert_eq!(r.paths[0]["outcome"]["value"], 20000, "{:?}", r.paths);
    let r = common::run(&["--classpath", &p.cp, "--driver", "deep.Deep.overflow"]);
    assert_eq!(r.paths[0]["outcome"]["exception"], "java.lang.StackOverflowError");
    assert_eq!(r.paths[0]["outcome"]["at"], "Deep.java:14");
    let r = common::run(&["--classpath", &p.cp, "--driver", "deep.Deep.run", "--max-stack-depth", "1000"]);
    assert_eq!(r.paths[0]["outcome"]["exception"], "java.lang.StackOverflowError");
    // run() plus depth(20000) .. depth(0): 20,002 frames; the limit counts frames exactly.
    let r = common::run(&["--classpath", &p.cp, "--driver", "deep.Deep.run", "--max-stack-depth", "20002"]);
    assert_eq!(r.paths[0]["outcome"]["value"], 20000);
    let r = common::run(&["--classpath", &p.cp, "--driver", "deep.Deep.run", "--max-stack-depth", "20001"]);
    assert_eq!(r.paths[0]["outcome"]["exception"], "java.lang.StackOverflowError");
    // Calls nested through a native count toward the depth as well.
    for depth in ["200", "50000"] {
        let r = common::run(&["--classpath", &p.cp, "--driver", "deep.Nest.run", "--max-stack-depth", depth]);
        assert_eq!(r.paths[0]["outcome"]["value"], 1, "{:?}", r.paths);
    }
}

#[test]
fn models_missing_names_what_has_no_model_and_run_warns_first() {
    let p = programs();
    let o = jsymex(&["models", "--missing", "--classpath", &p.cp, "--driver", "missing.Uses.count"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("class java.util.concurrent.atomic.AtomicInteger (called from missing.Uses.count(I)I)"),
        "{out}"
    );
    assert!(!out.contains("isDefined"), "{out}");
    let o = jsymex(&["models", "--missing", "--classpath", &p.cp, "--main", "sv01.Main"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("has a model"), "{}", text(&o));
    let o = jsymex(&[
        "models",
        "--missing",
        "--classpath",
        &p.cp,
        "--driver",
        "missing.Uses.count",
        "--format",
        "json",
    ]);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j[0]["what"], "java.util.concurrent.atomic.AtomicInteger");
    assert_eq!(j[0]["kind"], "class");
    // The runtime jar on its own: it holds the input API's real-JVM side.
    let jar = p.tmp.join("rt.jar");
    let o = jsymex(&["models", "--runtime-jar", &jar.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let listing = Command::new("jar").arg("tf").arg(&jar).output().expect("jar (JDK)");
    let listing = String::from_utf8_lossy(&listing.stdout);
    for c in [
        "jsymex/Symbolic.class",
        "jsymex/Replay.class",
        "jsymex/CheckFailure.class",
        "gov/nasa/jpf/symbc/Debug.class",
        "gov/nasa/jpf/vm/Verify.class",
        "org/sosy_lab/sv_benchmarks/Verifier.class",
    ] {
        assert!(listing.contains(c), "{c} not in the runtime jar: {listing}");
    }
    // run warns before exploring, then stops with the error on the path that reaches it.
    let r = common::run(&["--classpath", &p.cp, "--driver", "missing.Uses.count"]);
    let warn = r.stderr.lines().next().unwrap_or("");
    assert!(
        warn.starts_with(
            "jsymex: warning: 1 library member reachable from the driver without a model: java.util.concurrent.atomic.AtomicInteger"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    // Bad input is one line and exit 2.
    for args in [
        vec!["models", "--classpath", &p.cp, "--main", "sv01.Main"],
        vec!["models", "--missing", "--classpath", &p.cp, "--driver", "nope.Nope.f"],
        vec!["run", "--classpath", &p.cp, "--main", "sv01.Main", "--driver", "sv01.Main.main"],
        vec!["run", "--classpath", &p.cp, "--main", "sv01.Main", "--max-stack-depth", "0"],
        vec!["verify", "--classpath", &p.cp, "--main", "no.Such"],
    ] {
        let o = jsymex(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert_eq!(
            err.lines().filter(|l| l.starts_with("jsymex: error:")).count(),
            1,
            "{args:?}: {err}"
        );
    }
}

#[test]
fn character_is_defined_agrees_with_the_jdk_and_no_empty_suite_is_written() {
    let p = programs();
    let jvm = Command::new("java").args(["-cp", &p.cp, "def.Def"]).output().expect("java");
    let expected = String::from_utf8_lossy(&jvm.stdout).into_owned();
    assert!(expected.starts_with("3509,"), "{expected}");
    let r = common::run(&["--classpath", &p.cp, "--main", "def.Def", "--max-steps", "100000000"]);
    assert_eq!(r.paths[0]["stdout"].as_str(), Some(expected.as_str()), "{:?}", r.paths);
    // A run whose only path ends on a limit writes no JUnit class (JUnit fails a class without tests).
    let dir = p.tmp.join("empty");
    let w = dir.to_string_lossy().into_owned();
    let o = jsymex(&["run", "--classpath", &p.cp, "--main", "def.Def", "--max-steps", "50", "--junit", &w]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("JUnit suite: none written"),
        "{}",
        text(&o)
    );
    let mut files = Vec::new();
    java_files(&dir, &mut files);
    assert!(files.is_empty(), "{files:?}");
}
