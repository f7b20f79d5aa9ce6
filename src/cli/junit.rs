//! `jsymex junit --check DIR --classpath CP [--coverage]`: compiles a generated suite with
//! `javac -Xlint:all` and runs it with JUnit 4 (Debian's `junit4`) on the real JVM, optionally
//! under JaCoCo (Debian's `libjacoco-java`) for line and branch coverage of the classes under
//! test.
//!
//! The classpath names directories and jars; the embedded `@examples`/`@subjects` entries are
//! written out as class files into a temporary directory for the real JVM.
//! Coverage is reported for the classes in the classpath's directories (not jars), without the
//! test classes; the totals count the classes the tests ran, as jsymex's own coverage counts
//! the user classes its runs executed.

use super::Failure;
use anyhow::anyhow;
use clap::Args;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Debian's JUnit 4 and its hamcrest dependency.
const JUNIT_JAR: &str = "/usr/share/java/junit4.jar";
const HAMCREST_JAR: &str = "/usr/share/java/hamcrest-core.jar";
/// Debian's JaCoCo: the jar that embeds the agent, and the analysis API with its ASM jars.
const JACOCO_AGENT_JAR: &str = "/usr/share/java/org.jacoco.agent.jar";
const JACOCO_CORE_JARS: &[&str] = &[
    "/usr/share/java/org.jacoco.core.jar",
    "/usr/share/java/asm.jar",
    "/usr/share/java/asm-commons.jar",
    "/usr/share/java/asm-tree.jar",
    "/usr/share/java/asm-analysis.jar",
];

/// Arguments of `junit`.
#[derive(Args, Debug)]
pub struct JunitArgs {
    /// The directory with the generated tests.
    #[arg(long)]
    pub check: PathBuf,
    /// Classpath of the classes under test (directories, jars, @examples, @subjects).
    #[arg(long, short = 'c', default_value = "")]
    pub classpath: String,
    /// Run under JaCoCo and print line and branch coverage of the classes under test.
    #[arg(long)]
    pub coverage: bool,
    /// Run the suite against the mutants in this directory (written by `jsymex mutate`) and
    /// report the kill rate.
    #[arg(long)]
    pub mutants: Option<PathBuf>,
    /// With --mutants: milliseconds a test may run on a mutant before the mutant counts as
    /// killed (it loops).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub test_timeout: u64,
    /// With --mutants: write the verdict of every mutant as JSON to this file.
    #[arg(long)]
    pub mutation_json: Option<PathBuf>,
    /// With --mutants: run every test on every mutant (by default a mutant runs only the tests
    /// that enter its method on the original program, from method-entry probes).
    #[arg(long)]
    pub all_tests: bool,
}

/// A temporary directory removed on drop.
pub(crate) struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new() -> std::io::Result<Self> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let p = std::env::temp_dir().join(format!("jsymex-junit-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&p)?;
        Ok(TempDir(p))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes the classes of an embedded classpath entry (`@examples`, `@subjects`) into a
/// directory under `tmp` and returns that directory.
fn materialise(entry: &str, tmp: &Path) -> Result<String, Failure> {
    let classes = match crate::classpath::embedded_classes(entry).map_err(|e| anyhow!("{e}"))? {
        Some(c) => c,
        None => return Err(anyhow!("classpath entry {entry}: unknown embedded entry (@examples, @subjects, @subjects/NAME)").into()),
    };
    let dir = tmp.join(format!("embedded-{}", entry.trim_start_matches('@').replace('/', "-")));
    for (name, bytes) in classes {
        let file = dir.join(format!("{name}.class"));
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent).map_err(|e| anyhow!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&file, bytes).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    }
    std::fs::create_dir_all(&dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    Ok(dir.to_string_lossy().into_owned())
}

/// Per-class JaCoCo counters.
#[derive(Debug, Default, Clone)]
struct ClassCov {
    name: String,
    run: bool,
    no_match: bool,
    lines: (u64, u64),
    branches: (u64, u64),
}

/// A generated suite compiled into a temporary directory.
pub(crate) struct Compiled {
    /// The temporary directory (removed on drop).
    tmp: TempDir,
    /// The compiled test classes.
    pub classes: PathBuf,
    /// The classpath of the classes under test (the replay runtime first).
    pub cp: Vec<String>,
    /// The test classes (binary names).
    pub tests: Vec<String>,
}

impl Compiled {
    /// The scratch directory.
    pub fn tmp(&self) -> &Path {
        &self.tmp.0
    }

    /// The suite as the mutation runner takes it.
    pub fn suite(&self) -> crate::mutate::runner::Suite {
        crate::mutate::runner::Suite {
            classes: self.classes.clone(),
            classpath: self.cp.clone(),
            tests: self.tests.clone(),
            junit: vec![JUNIT_JAR.to_string(), HAMCREST_JAR.to_string()],
        }
    }
}

/// Compiles the tests under `check` (only the files `only` names, when given) against
/// `classpath` with `javac -Xlint:all`; javac's warnings go to stderr.
pub(crate) fn compile(check: &Path, only: Option<&[PathBuf]>, classpath: &str) -> Result<Compiled, Failure> {
    if !check.is_dir() {
        return Err(anyhow!("--check {}: not a directory", check.display()).into());
    }
    let tmp = TempDir::new().map_err(|e| anyhow!("cannot create a temporary directory: {e}"))?;
    let mut cp: Vec<String> = Vec::new();
    // The replay runtime goes first: its input API must win over a tool's own jar (whose
    // values are not the recorded ones).
    let runtime = check.join(crate::classpath::RUNTIME_JAR);
    if runtime.is_file() {
        cp.push(runtime.to_string_lossy().into_owned());
    }
    for e in classpath.split(':').filter(|s| !s.is_empty()) {
        if e.starts_with('@') {
            cp.push(materialise(e, &tmp.0)?);
        } else if !Path::new(e).exists() {
            return Err(anyhow!("classpath entry {e} does not exist").into());
        } else {
            cp.push(e.to_string());
        }
    }
    for jar in [JUNIT_JAR, HAMCREST_JAR] {
        if !Path::new(jar).is_file() {
            return Err(anyhow!("{jar} not found: install junit4 (apt-get install junit4)").into());
        }
    }
    let mut sources = Vec::new();
    match only {
        Some(files) => sources.extend(files.iter().cloned()),
        None => java_files(check, &mut sources).map_err(|e| anyhow!("reading {}: {e}", check.display()))?,
    }
    sources.sort();
    if sources.is_empty() {
        return Err(anyhow!("no .java files under {}", check.display()).into());
    }
    let tests: Vec<String> = sources
        .iter()
        .filter(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains("org.junit.Test")))
        .filter_map(|f| class_name(check, f))
        .collect();
    let classes = tmp.0.join("classes");
    std::fs::create_dir_all(&classes).map_err(|e| anyhow!("{}: {e}", classes.display()))?;

    let compile_cp = join_cp(cp.iter().map(String::as_str).chain([JUNIT_JAR]));
    let mut javac = Command::new("javac");
    javac
        .args(["-Xlint:all", "-encoding", "UTF-8", "-cp", &compile_cp, "-d"])
        .arg(&classes)
        .args(&sources);
    let out = exec(&mut javac, "javac", "install a JDK (apt-get install default-jdk-headless)")?;
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        return Err(Failure {
            code: 1,
            error: anyhow!("javac failed on the tests in {} (errors above)", check.display()),
        });
    }
    Ok(Compiled { tmp, classes, cp, tests })
}

/// `jsymex junit`.
pub fn run(a: JunitArgs) -> Result<i32, Failure> {
    let compiled = compile(&a.check, None, &a.classpath)?;
    let (classes, cp, test_classes) = (&compiled.classes, &compiled.cp, &compiled.tests);
    let tmp = &compiled.tmp;
    if let Some(mdir) = &a.mutants {
        return mutation(
            &compiled.suite(),
            mdir,
            a.test_timeout,
            !a.all_tests,
            a.mutation_json.as_deref(),
            &tmp.0,
        );
    }
    let agent = if a.coverage { Some(extract_agent(&tmp.0)?) } else { None };
    let exec_file = tmp.0.join("jacoco.exec");
    let classes_s = classes.to_string_lossy().into_owned();
    let run_cp = join_cp(
        [classes_s.as_str()]
            .into_iter()
            .chain(cp.iter().map(String::as_str))
            .chain([JUNIT_JAR, HAMCREST_JAR]),
    );
    let mut java = Command::new("java");
    if let Some(agent) = &agent {
        java.arg(format!(
            "-javaagent:{}=destfile={},excludes=org.junit.*:org.hamcrest.*:junit.*",
            agent.display(),
            exec_file.display()
        ));
    }
    java.args(["-cp", &run_cp, "org.junit.runner.JUnitCore"]).args(test_classes);
    let out = exec(&mut java, "java", "install a JDK (apt-get install default-jdk-headless)")?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let (passed, failed, names) = parse_junit(&stdout).ok_or_else(|| Failure {
        code: 1,
        error: anyhow!(
            "JUnit reported no result (exit {}): {}",
            out.status.code().unwrap_or(-1),
            last_line(&String::from_utf8_lossy(&out.stderr)).unwrap_or_else(|| last_line(&stdout).unwrap_or_default())
        ),
    })?;
    super::emit(&format!("junit: {passed} passed, {failed} failed\n"));
    for n in &names {
        super::emit(&format!("  failed: {n}\n"));
    }
    if a.coverage {
        let dirs: Vec<&str> = cp.iter().map(String::as_str).filter(|e| Path::new(e).is_dir()).collect();
        let mut covs = jacoco_report(&tmp.0, &exec_file, &dirs)?;
        covs.retain(|c| !test_classes.contains(&c.name) && !test_classes.iter().any(|t| c.name.starts_with(&format!("{t}$"))));
        super::emit(&coverage_text(&covs));
    }
    Ok(if failed == 0 && out.status.success() { 0 } else { 1 })
}

/// Runs `suite` against the mutants in `mdir` and prints the kill rate, survivors by operator
/// and line.
fn mutation(
    suite: &crate::mutate::runner::Suite,
    mdir: &Path,
    timeout: u64,
    select: bool,
    json: Option<&Path>,
    tmp: &Path,
) -> Result<i32, Failure> {
    let manifest = crate::mutate::read_manifest(mdir).map_err(|e| anyhow!("--mutants: {e}"))?;
    let t0 = std::time::Instant::now();
    let outcome = crate::mutate::runner::run(suite, mdir, &manifest, timeout, select, tmp).map_err(|e| Failure {
        code: 1,
        error: anyhow!(e),
    })?;
    let report = crate::mutate::report::Report::new(&manifest, &outcome);
    super::emit(&report.text(t0.elapsed()));
    if let Some(path) = json {
        let text = serde_json::to_string_pretty(&report.json()).map_err(|e| anyhow!("{e}"))?;
        std::fs::write(path, text).map_err(|e| anyhow!("--mutation-json {}: {e}", path.display()))?;
    }
    Ok(0)
}

/// Runs a tool; a missing executable is a one-line error with the install hint.
fn exec(cmd: &mut Command, tool: &str, hint: &str) -> Result<Output, Failure> {
    cmd.output().map_err(|e| {
        let why = if e.kind() == std::io::ErrorKind::NotFound {
            format!("{tool} not found: {hint}")
        } else {
            format!("running {tool}: {e}")
        };
        Failure {
            code: 2,
            error: anyhow!(why),
        }
    })
}

fn join_cp<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    parts.into_iter().collect::<Vec<_>>().join(":")
}

fn last_line(s: &str) -> Option<String> {
    s.lines().rev().find(|l| !l.trim().is_empty()).map(|l| l.trim().to_string())
}

/// The `.java` files under a directory, recursively.
fn java_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.is_dir() {
            java_files(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "java") {
            out.push(p);
        }
    }
    Ok(())
}

/// `DIR/a/b/C.java` → `a.b.C`.
fn class_name(root: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(root).ok()?.with_extension("");
    let parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    Some(parts.join("."))
}

/// JUnitCore's summary: (passed, failed, failing tests as `Class.method`).
fn parse_junit(out: &str) -> Option<(u64, u64, Vec<String>)> {
    let mut names = Vec::new();
    for l in out.lines() {
        // "1) path3_line2T(Fig2TestTest)"
        let Some((num, rest)) = l.split_once(") ") else { continue };
        if num.is_empty() || !num.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        if let Some((m, c)) = rest.strip_suffix(')').and_then(|r| r.rsplit_once('(')) {
            names.push(format!("{c}.{m}"));
        }
    }
    for l in out.lines().rev() {
        if let Some(n) = l.strip_prefix("OK (").and_then(|r| r.split_whitespace().next()) {
            return Some((n.parse().ok()?, 0, names));
        }
        if let Some(r) = l.strip_prefix("Tests run: ") {
            let mut it = r.split(',').map(|x| x.trim());
            let run: u64 = it.next()?.parse().ok()?;
            let failed: u64 = it.next()?.strip_prefix("Failures: ")?.trim().parse().ok()?;
            return Some((run.saturating_sub(failed), failed, names));
        }
    }
    None
}

/// Extracts `jacocoagent.jar` from Debian's `org.jacoco.agent.jar` into `dir`.
fn extract_agent(dir: &Path) -> Result<PathBuf, Failure> {
    let missing = || anyhow!("{JACOCO_AGENT_JAR} not found: install libjacoco-java (apt-get install libjacoco-java)");
    let f = std::fs::File::open(JACOCO_AGENT_JAR).map_err(|_| missing())?;
    let mut z = zip::ZipArchive::new(f).map_err(|e| anyhow!("{JACOCO_AGENT_JAR}: {e}"))?;
    let mut entry = z
        .by_name("jacocoagent.jar")
        .map_err(|e| anyhow!("{JACOCO_AGENT_JAR}: jacocoagent.jar: {e}"))?;
    let mut bytes = Vec::new();
    entry.read_to_end(&mut bytes).map_err(|e| anyhow!("{JACOCO_AGENT_JAR}: {e}"))?;
    let p = dir.join("jacocoagent.jar");
    std::fs::write(&p, bytes).map_err(|e| anyhow!("{}: {e}", p.display()))?;
    Ok(p)
}

/// The exec-file reader, compiled against Debian's JaCoCo core.
const COVERAGE_JAVA: &str = r#"import java.io.File;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.tools.ExecFileLoader;

/** Prints, per class file under the given directories: name, run, no-match, line and branch counters. */
public class JsymexCoverage {
    public static void main(String[] args) throws Exception {
        ExecFileLoader loader = new ExecFileLoader();
        loader.load(new File(args[0]));
        CoverageBuilder builder = new CoverageBuilder();
        Analyzer analyzer = new Analyzer(loader.getExecutionDataStore(), builder);
        for (int i = 1; i < args.length; i++) {
            analyzer.analyzeAll(new File(args[i]));
        }
        for (IClassCoverage c : builder.getClasses()) {
            System.out.println(c.getName() + "\t" + (c.getMethodCounter().getCoveredCount() > 0) + "\t" + c.isNoMatch()
                + "\t" + c.getLineCounter().getCoveredCount() + "\t" + c.getLineCounter().getTotalCount()
                + "\t" + c.getBranchCounter().getCoveredCount() + "\t" + c.getBranchCounter().getTotalCount());
        }
    }
}
"#;

/// Reads the exec file with JaCoCo's analysis API; one entry per class under `dirs`.
fn jacoco_report(tmp: &Path, exec_file: &Path, dirs: &[&str]) -> Result<Vec<ClassCov>, Failure> {
    for j in JACOCO_CORE_JARS {
        if !Path::new(j).is_file() {
            return Err(anyhow!("{j} not found: install libjacoco-java (apt-get install libjacoco-java)").into());
        }
    }
    if !exec_file.is_file() {
        return Err(Failure {
            code: 1,
            error: anyhow!("JaCoCo wrote no execution data ({})", exec_file.display()),
        });
    }
    let dir = tmp.join("coverage");
    std::fs::create_dir_all(&dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    let src = dir.join("JsymexCoverage.java");
    std::fs::write(&src, COVERAGE_JAVA).map_err(|e| anyhow!("{}: {e}", src.display()))?;
    let jars = join_cp(JACOCO_CORE_JARS.iter().copied());
    let hint = "install a JDK (apt-get install default-jdk-headless)";
    let out = exec(
        Command::new("javac").args(["-nowarn", "-cp", &jars, "-d"]).arg(&dir).arg(&src),
        "javac",
        hint,
    )?;
    if !out.status.success() {
        let msg = last_line(&String::from_utf8_lossy(&out.stderr)).unwrap_or_default();
        return Err(Failure {
            code: 1,
            error: anyhow!("compiling the JaCoCo reader: {msg}"),
        });
    }
    let run_cp = format!("{}:{jars}", dir.display());
    let out = exec(
        Command::new("java")
            .args(["-cp", &run_cp, "JsymexCoverage"])
            .arg(exec_file)
            .args(dirs),
        "java",
        hint,
    )?;
    if !out.status.success() {
        let msg = last_line(&String::from_utf8_lossy(&out.stderr)).unwrap_or_default();
        return Err(Failure {
            code: 1,
            error: anyhow!("reading the JaCoCo execution data: {msg}"),
        });
    }
    let mut covs: Vec<ClassCov> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let n = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok());
            Some(ClassCov {
                name: f.first()?.replace('/', "."),
                run: *f.get(1)? == "true",
                no_match: *f.get(2)? == "true",
                lines: (n(3)?, n(4)?),
                branches: (n(5)?, n(6)?),
            })
        })
        .collect();
    covs.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(covs)
}

fn pct(c: u64, t: u64) -> f64 {
    if t == 0 { 100.0 } else { c as f64 * 100.0 / t as f64 }
}

/// The coverage report: one line per class the tests ran, then the totals over those classes.
fn coverage_text(covs: &[ClassCov]) -> String {
    let mut s = String::new();
    let (mut lc, mut lt, mut bc, mut bt) = (0, 0, 0, 0);
    for c in covs.iter().filter(|c| c.run) {
        s.push_str(&format!(
            "jacoco: {}: lines {}/{}, branches {}/{}{}\n",
            c.name,
            c.lines.0,
            c.lines.1,
            c.branches.0,
            c.branches.1,
            if c.no_match {
                " (warning: the class files differ from the ones the tests ran)"
            } else {
                ""
            }
        ));
        lc += c.lines.0;
        lt += c.lines.1;
        bc += c.branches.0;
        bt += c.branches.1;
    }
    let idle = covs.iter().filter(|c| !c.run).count();
    if idle > 0 {
        s.push_str(&format!(
            "jacoco: {idle} other classes on the classpath were not run (not in the totals)\n"
        ));
    }
    s.push_str(&format!(
        "jacoco: lines {lc}/{lt} ({:.1}%), branches {bc}/{bt} ({:.1}%)\n",
        pct(lc, lt),
        pct(bc, bt)
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junit_summaries() {
        assert_eq!(
            parse_junit("JUnit version 4.13.2\n..\nTime: 0.01\n\nOK (2 tests)\n"),
            Some((2, 0, vec![]))
        );
        let failed =
            "There was 1 failure:\n1) path1_line2F(Fig2TestTest)\njava.lang.AssertionError\n\nFAILURES!!!\nTests run: 8,  Failures: 1\n";
        assert_eq!(parse_junit(failed), Some((7, 1, vec!["Fig2TestTest.path1_line2F".to_string()])));
        assert_eq!(parse_junit("Could not find class: X\n"), None);
    }
}
