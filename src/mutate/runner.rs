//! Runs a compiled JUnit 4 suite against mutants on the real JVM (`-Xverify:all`): one JVM per
//! core for a batch of mutants, one class loader per mutant (`MutantRunner.java`, compiled on
//! first use), one thread per test with a timeout, the tests that killed mutants before first.
//! A mutant is killed when a test that passes on the original program fails on it or runs past
//! the timeout; a mutant the JVM's verifier rejects is reported as invalid, not killed. A test
//! that runs past the timeout ends that JVM; the batch goes on in a new one.

use super::{Manifest, Mutant};
use std::io::BufRead as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The harness's source.
const HARNESS: &str = include_str!("MutantRunner.java");
/// The reach map: method-entry probes (bootstrap class), the agent that inserts them (ASM),
/// and the program that runs each test once under the agent.
const PROBE: &str = include_str!("probe/Probe.java");
const PROBE_AGENT: &str = include_str!("probe/ProbeAgent.java");
const REACH_MAP: &str = include_str!("probe/ReachMap.java");
/// Debian's ASM (`libasm-java`), which the probe agent uses to insert its calls.
pub const ASM_JAR: &str = "/usr/share/java/asm.jar";

/// A compiled suite.
#[derive(Clone, Debug)]
pub struct Suite {
    /// The directory of the compiled test classes.
    pub classes: PathBuf,
    /// The rest of the classpath: the replay runtime and the classes under test.
    pub classpath: Vec<String>,
    /// The test classes (binary names).
    pub tests: Vec<String>,
    /// JUnit 4 and hamcrest.
    pub junit: Vec<String>,
}

/// What happened to one mutant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A test that passes on the original failed: the test and its failure.
    Killed(String),
    /// A test ran past the timeout (the mutant loops or is too slow): killed.
    TimedOut(String),
    /// Every test that passes on the original passed.
    Survived,
    /// The JVM's verifier (or class-file parser) rejected the mutant.
    Invalid(String),
}

impl Verdict {
    /// Killed or timed out.
    pub fn killed(&self) -> bool {
        matches!(self, Verdict::Killed(_) | Verdict::TimedOut(_))
    }
}

/// The results of one suite against a set of mutants.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Test methods in the suite.
    pub tests: usize,
    /// Tests that fail on the original program (not used to kill).
    pub original_failures: Vec<String>,
    /// Per mutant id, the verdict.
    pub verdicts: Vec<(usize, Verdict)>,
    /// Whether tests were selected per mutant by the reach map: only the tests that enter the
    /// mutated method on the original run on it.
    pub selected: bool,
    /// Test runs on mutants (the work the selection saves shows here).
    pub test_runs: u64,
}

/// Errors of the runner.
#[derive(Debug, thiserror::Error)]
pub enum RunnerError {
    /// A tool could not be run.
    #[error("{0}")]
    Tool(String),
    /// The harness did not report what it should have.
    #[error("the mutation harness failed: {0}")]
    Harness(String),
}

/// Compiles the harness into `work/harness`.
fn harness(work: &Path, junit: &[String]) -> Result<PathBuf, RunnerError> {
    let dir = work.join("harness");
    javac(&dir, &[("MutantRunner.java", HARNESS)], &junit.join(":"))?;
    Ok(dir)
}

/// Writes `sources` into `dir` and compiles them there against `cp`.
fn javac(dir: &Path, sources: &[(&str, &str)], cp: &str) -> Result<(), RunnerError> {
    let io = |e: std::io::Error| RunnerError::Tool(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut files = Vec::new();
    for (name, text) in sources {
        let f = dir.join(name);
        std::fs::write(&f, text).map_err(io)?;
        files.push(f);
    }
    let out = Command::new("javac")
        .args(["-nowarn", "-encoding", "UTF-8", "-cp", cp, "-d"])
        .arg(dir)
        .args(&files)
        .output()
        .map_err(|e| RunnerError::Tool(format!("javac: {e} (install a JDK: apt-get install default-jdk-headless)")))?;
    if !out.status.success() {
        return Err(RunnerError::Harness(
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or("javac failed")
                .to_string(),
        ));
    }
    Ok(())
}

/// Writes a jar of the class files under `dir` whose internal names start with one of
/// `prefixes`, with the manifest `attributes`.
fn jar(path: &Path, dir: &Path, prefixes: &[&str], attributes: &[(&str, &str)]) -> Result<(), RunnerError> {
    let err = |e: std::io::Error| RunnerError::Tool(format!("{}: {e}", path.display()));
    let mut classes = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).map_err(err)?.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let Ok(rel) = p.strip_prefix(dir) else { continue };
            let rel = rel.to_string_lossy().replace('\\', "/");
            if let Some(name) = rel.strip_suffix(".class")
                && prefixes.iter().any(|x| name.starts_with(x))
            {
                classes.push((name.to_string(), std::fs::read(&p).map_err(err)?));
            }
        }
    }
    crate::classpath::write_jar(path, attributes, classes).map_err(err)
}

/// One job line for the harness: the tests to run (`None`: all).
fn job(id: usize, dir: &Path, class: &str, run: Option<&[String]>) -> String {
    let run = run.map_or_else(|| "*".to_string(), |r| r.join(","));
    format!("{id}\t{}\t{class}\t{run}\n", dir.display())
}

/// Which tests enter which methods: (class, method name, descriptor) -> tests.
type ReachMap = std::collections::HashMap<(String, String, String), Vec<String>>;

/// Runs the suite once with method-entry probes in `methods` and maps each method to the tests
/// that enter it.
fn reach_map(
    suite: &Suite,
    work: &Path,
    files: &BaseFiles,
    methods: &[(String, String, String)],
    timeout_ms: u64,
) -> Result<ReachMap, RunnerError> {
    let tool = |e: String| RunnerError::Tool(e);
    let probe_dir = work.join("probe");
    javac(&probe_dir, &[("Probe.java", PROBE)], "")?;
    let probe_jar = work.join("jsymex-probe.jar");
    jar(&probe_jar, &probe_dir, &["jsymexprobe/"], &[])?;
    let agent_dir = work.join("agent");
    let cp = std::iter::once(ASM_JAR.to_string())
        .chain(suite.junit.iter().cloned())
        .collect::<Vec<_>>()
        .join(":");
    javac(&agent_dir, &[("ProbeAgent.java", PROBE_AGENT), ("ReachMap.java", REACH_MAP)], &cp)?;
    let agent_jar = work.join("jsymex-probe-agent.jar");
    jar(&agent_jar, &agent_dir, &["ProbeAgent"], &[("Premain-Class", "ProbeAgent")])?;
    let list = work.join("methods.txt");
    let text: String = methods.iter().map(|(c, m, d)| format!("{c}\t{m}\t{d}\n")).collect();
    std::fs::write(&list, text).map_err(|e| tool(format!("{}: {e}", list.display())))?;
    let run_cp = std::iter::once(agent_dir.to_string_lossy().into_owned())
        .chain([ASM_JAR.to_string()])
        .chain(suite.junit.iter().cloned())
        .collect::<Vec<_>>()
        .join(":");
    let out = Command::new("java")
        .arg(format!(
            "-javaagent:{}={}:{}",
            agent_jar.display(),
            probe_jar.display(),
            list.display()
        ))
        .args(["-Xss8m", "-cp", &run_cp, "ReachMap", &timeout_ms.to_string()])
        .arg(&files.base)
        .arg(&files.tests)
        .arg(&list)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| tool(format!("java: {e}")))?;
    let text = String::from_utf8_lossy(&out.stdout);
    if !text.lines().any(|l| l == "D") {
        return Err(RunnerError::Harness("the reach map did not finish".into()));
    }
    let mut map = ReachMap::new();
    for l in text.lines() {
        if let ["C", test, id] = l.split('\t').collect::<Vec<_>>().as_slice()
            && let Some(m) = id.parse::<usize>().ok().and_then(|i| methods.get(i))
        {
            map.entry(m.clone()).or_default().push(test.to_string());
        }
    }
    Ok(map)
}

/// Runs `suite` on the original program, then against every mutant of `manifest` (whose
/// class files are under `mutants`), with `timeout_ms` per test. `work` is a scratch directory.
/// With `select` (and Debian's ASM installed), each mutant runs only the tests that enter its
/// method on the original program (the others run the same code on it), as PIT does; entry
/// probes see every call, also one an exception ends at once.
pub fn run(suite: &Suite, mutants: &Path, manifest: &Manifest, timeout_ms: u64, select: bool, work: &Path) -> Result<Outcome, RunnerError> {
    let selecting = select && Path::new(ASM_JAR).is_file();
    let harness = harness(work, &suite.junit)?;
    let io = |e: std::io::Error| RunnerError::Tool(format!("{}: {e}", work.display()));
    let base: Vec<String> = std::iter::once(suite.classes.to_string_lossy().into_owned())
        .chain(suite.classpath.iter().cloned())
        .collect();
    std::fs::write(work.join("base.txt"), base.join("\n") + "\n").map_err(io)?;
    std::fs::write(work.join("tests.txt"), suite.tests.join("\n") + "\n").map_err(io)?;
    let files = base_files(work.to_path_buf());
    let mut outcome = Outcome {
        selected: selecting,
        ..Default::default()
    };

    // The original program: which tests pass.
    let lines = batch_jvm(&harness, suite, work, &files, timeout_ms, &[job(0, Path::new(""), "", None)])?;
    let mut passing = Vec::new();
    let mut original_done = false;
    for l in &lines {
        let f: Vec<&str> = l.splitn(4, '\t').collect();
        match f.as_slice() {
            ["F", "0", test] => outcome.original_failures.push(test.to_string()),
            ["P", "0", test] => passing.push(test.to_string()),
            ["R", "0", "PASS", _] => original_done = true,
            ["T", "0", test] => {
                return Err(RunnerError::Harness(format!(
                    "{test} runs past the timeout on the original program (raise --test-timeout)"
                )));
            }
            _ => {}
        }
    }
    if !original_done {
        return Err(RunnerError::Harness("no result for the original program".into()));
    }
    outcome.tests = passing.len() + outcome.original_failures.len();

    // The tests each mutant runs: the passing ones that enter its method.
    let methods: Vec<(String, String, String)> = manifest
        .mutants
        .iter()
        .map(|m| (m.class.clone(), m.method.clone(), m.descriptor.clone()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let map = if selecting {
        Some(reach_map(suite, work, &files, &methods, timeout_ms)?)
    } else {
        None
    };
    let tests_for = |m: &Mutant| -> Vec<String> {
        let Some(map) = &map else { return passing.clone() };
        let reach: std::collections::HashSet<&str> = map
            .get(&(m.class.clone(), m.method.clone(), m.descriptor.clone()))
            .map(|ts| ts.iter().map(String::as_str).collect())
            .unwrap_or_default();
        passing.iter().filter(|t| reach.contains(t.as_str())).cloned().collect()
    };
    let plan: Vec<(&Mutant, Vec<String>)> = manifest.mutants.iter().map(|m| (m, tests_for(m))).collect();

    // The mutants in as many batches as there are cores, one JVM each at a time.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 8);
    let batches: Vec<Vec<&(&Mutant, Vec<String>)>> = (0..cores)
        .map(|k| plan.iter().skip(k).step_by(cores).collect())
        .filter(|b: &Vec<_>| !b.is_empty())
        .collect();
    let results: Vec<Result<Vec<(usize, Verdict)>, RunnerError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = batches
            .iter()
            .enumerate()
            .map(|(k, b)| {
                let (harness, files) = (&harness, &files);
                scope.spawn(move || {
                    let work = work.join(format!("batch{k}"));
                    std::fs::create_dir_all(&work).map_err(|e| RunnerError::Tool(format!("{}: {e}", work.display())))?;
                    run_batch(harness, suite, mutants, b, timeout_ms, work.as_path(), files)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(RunnerError::Harness("a batch thread panicked".into())))
            })
            .collect()
    });
    for r in results {
        outcome.verdicts.extend(r?);
    }
    outcome.test_runs = plan.iter().map(|(_, t)| t.len() as u64).sum();
    outcome.verdicts.sort_by_key(|v| v.0);
    Ok(outcome)
}

/// Where a batch's base classpath and test list live (shared by every batch).
struct BaseFiles {
    base: PathBuf,
    tests: PathBuf,
}

fn base_files(work: PathBuf) -> BaseFiles {
    BaseFiles {
        base: work.join("base.txt"),
        tests: work.join("tests.txt"),
    }
}

/// Runs one batch of mutants to the end, restarting the JVM after a timeout or a crash.
#[allow(clippy::too_many_arguments)]
fn run_batch(
    harness: &Path,
    suite: &Suite,
    mutants: &Path,
    batch: &[&(&Mutant, Vec<String>)],
    timeout_ms: u64,
    work: &Path,
    files: &BaseFiles,
) -> Result<Vec<(usize, Verdict)>, RunnerError> {
    let mut verdicts = Vec::new();
    let mut left: Vec<&(&Mutant, Vec<String>)> = batch.to_vec();
    while !left.is_empty() {
        let jobs: Vec<String> = left
            .iter()
            .map(|(m, tests)| job(m.id, &mutants.join(&m.dir), &m.class, Some(tests)))
            .collect();
        let lines = batch_jvm(harness, suite, work, files, timeout_ms, &jobs)?;
        let mut started: Option<usize> = None;
        let mut done = std::collections::HashSet::new();
        for l in &lines {
            let f: Vec<&str> = l.splitn(4, '\t').collect();
            let id = |s: &str| s.parse::<usize>().ok();
            match f.as_slice() {
                ["S", i] => started = id(i),
                ["R", i, status, detail] => {
                    let Some(i) = id(i) else { continue };
                    let v = match *status {
                        "PASS" => Verdict::Survived,
                        "INVALID" => Verdict::Invalid(detail.to_string()),
                        _ => Verdict::Killed(detail.to_string()),
                    };
                    verdicts.push((i, v));
                    done.insert(i);
                    started = None;
                }
                ["T", i, test] => {
                    if let Some(i) = id(i) {
                        verdicts.push((i, Verdict::TimedOut(test.to_string())));
                        done.insert(i);
                        started = None;
                    }
                }
                _ => {}
            }
        }
        // A JVM that ended inside a mutant's job without a verdict (System.exit in the code
        // under test, a crash): the mutant is killed.
        if let Some(i) = started {
            verdicts.push((i, Verdict::Killed("the JVM exited".into())));
            done.insert(i);
        }
        if done.is_empty() {
            return Err(RunnerError::Harness("the JVM reported nothing".into()));
        }
        left.retain(|(m, _)| !done.contains(&m.id));
    }
    Ok(verdicts)
}

/// Runs one JVM over `jobs` and returns its output lines.
fn batch_jvm(
    harness: &Path,
    suite: &Suite,
    work: &Path,
    files: &BaseFiles,
    timeout_ms: u64,
    jobs: &[String],
) -> Result<Vec<String>, RunnerError> {
    let jobs_file = work.join("jobs.txt");
    std::fs::write(&jobs_file, jobs.concat()).map_err(|e| RunnerError::Tool(format!("{}: {e}", jobs_file.display())))?;
    let cp = std::iter::once(harness.to_string_lossy().into_owned())
        .chain(suite.junit.iter().cloned())
        .collect::<Vec<_>>()
        .join(":");
    let mut child = Command::new("java")
        .args(["-Xverify:all", "-Xss8m", "-cp", &cp, "MutantRunner", &timeout_ms.to_string()])
        .arg(&files.base)
        .arg(&files.tests)
        .arg(&jobs_file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| RunnerError::Tool(format!("java: {e} (install a JDK: apt-get install default-jdk-headless)")))?;
    let mut lines = Vec::new();
    if let Some(out) = child.stdout.take() {
        for l in std::io::BufReader::new(out).lines() {
            match l {
                Ok(l) => lines.push(l),
                Err(_) => break,
            }
        }
    }
    let _ = child.wait();
    Ok(lines)
}
