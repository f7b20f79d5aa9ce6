//! Fuzz test: mutated class files and jars through the `jsymex` binary.
//!
//! Every mutant must end cleanly: no panic, no abort or signal, no hang (a watchdog kills a run
//! after 10 s), exit code 0, 2 or 3, and with code 2 exactly one `jsymex: error:` line on stderr.
//! A sample of the bytecode-level mutants also goes through the real JVM: those it rejects with
//! `java.lang.VerifyError` must be rejected by jsymex with a `VerifyError` message too (except
//! where the JVM's reason is a StackMapTable frame's types or a byte/char/short/boolean array
//! used as another primitive array, which jsymex does not check; see README). Deterministic: a
//! fixed-seed PRNG, mutant `k` of a run is always the same.
//!
//! `cargo test --release --test fuzz` runs about a minute's worth; the ignored test runs 20,000
//! mutants (`cargo test --release --test fuzz -- --ignored`).

#[path = "fuzz/mutate.rs"]
mod mutate;

use mutate::Rng;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A seed program: its class directory, the class to mutate and a driver in it.
struct Seed {
    dir: PathBuf,
    class: &'static str,
    driver: &'static str,
}

/// The compiled seeds (kept alive by the temp dir), plus a jar of the paper examples.
struct Seeds {
    _tmp: tempfile::TempDir,
    classes: Vec<Seed>,
    jar: Vec<u8>,
    launcher: PathBuf,
}

const DRIVERS: &[(&str, &str, &str)] = &[
    ("subjects/paper/Fig2.java", "Fig2", "Fig2.test(int,int,int)"),
    ("subjects/paper/Fig5.java", "Fig5", "Fig5.test(int)"),
    ("tests/java/diff/Arrays1.java", "Arrays1", "Arrays1.multiDim(int,int)"),
    ("tests/java/diff/Exceptions1.java", "Exceptions1", "Exceptions1.nestedTry(int,int)"),
    ("tests/java/diff/IntOps.java", "IntOps", "IntOps.divide(int,int)"),
];

const LAUNCHER: &str = "public class FuzzLaunch { public static void main(String[] a) { \
    try { Class.forName(a[0]); } catch (VerifyError e) { System.out.println(\"VERIFY \" + e.getMessage()); System.exit(42); } \
    catch (Throwable t) { System.exit(43); } } }";

fn tool(name: &str) -> String {
    let ok = Command::new(name)
        .arg("-version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    assert!(ok, "the fuzz test needs `{name}` (a JDK) on PATH: install openjdk-17-jdk-headless");
    name.to_string()
}

fn compile_seeds() -> Seeds {
    let javac = tool("javac");
    tool("java");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut classes = Vec::new();
    for (src, class, driver) in DRIVERS {
        let dir = tmp.path().join(class);
        let st = Command::new(&javac)
            .args(["-nowarn", "-g", "-d"])
            .arg(&dir)
            .arg(root.join(src))
            .status()
            .expect("javac");
        assert!(st.success(), "javac {src} failed");
        classes.push(Seed { dir, class, driver });
    }
    let launcher = tmp.path().join("launcher");
    std::fs::create_dir_all(&launcher).expect("mkdir");
    std::fs::write(launcher.join("FuzzLaunch.java"), LAUNCHER).expect("write");
    let st = Command::new(&javac)
        .arg("-d")
        .arg(&launcher)
        .arg(launcher.join("FuzzLaunch.java"))
        .status()
        .expect("javac");
    assert!(st.success(), "javac FuzzLaunch failed");
    let entries: Vec<(String, Vec<u8>)> = ["Fig2", "Fig5"]
        .iter()
        .map(|c| {
            let p = tmp.path().join(c).join(format!("{c}.class"));
            (format!("{c}.class"), std::fs::read(p).expect("seed class"))
        })
        .collect();
    let jar = make_jar(&entries);
    Seeds {
        _tmp: tmp,
        classes,
        jar,
        launcher,
    }
}

fn make_jar(entries: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, data) in entries {
        w.start_file(name.as_str(), zip::write::SimpleFileOptions::default())
            .expect("zip entry");
        w.write_all(data).expect("zip write");
    }
    w.finish().expect("zip finish").into_inner()
}

fn jar_entries(jar: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut z = zip::ZipArchive::new(std::io::Cursor::new(jar)).expect("seed jar");
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).expect("entry");
            let mut buf = Vec::new();
            std::io::Read::read_to_end(&mut f, &mut buf).expect("read entry");
            (f.name().map(|n| n.to_string()).unwrap_or_default(), buf)
        })
        .collect()
}

/// What a mutant is and where it lives.
struct Mutant {
    desc: String,
    classpath: PathBuf,
    driver: &'static str,
    /// The class directory to replay on the JVM (bytecode-level mutants only).
    jvm_class: Option<(PathBuf, &'static str)>,
}

/// Builds mutant `k` in `work` (a fresh directory).
fn build(seeds: &Seeds, k: usize, work: &Path) -> Option<Mutant> {
    let mut rng = Rng::new(k as u64);
    let kind = rng.below(10);
    if kind >= 8 {
        // Jars: the archive's bytes, or one entry's bytes inside a well-formed archive.
        let jar = work.join("seed.jar");
        let (desc, bytes) = if kind == 8 {
            let mut b = seeds.jar.clone();
            let what = mutate::bytes(&mut rng, &mut b);
            (format!("jar bytes {what}"), b)
        } else {
            let mut entries = jar_entries(&seeds.jar);
            let e = rng.below(entries.len());
            let what = mutate::bytes(&mut rng, &mut entries[e].1);
            (format!("jar entry {} {what}", entries[e].0), make_jar(&entries))
        };
        std::fs::write(&jar, bytes).ok()?;
        return Some(Mutant {
            desc,
            classpath: jar,
            driver: "Fig2.test(int,int,int)",
            jvm_class: None,
        });
    }
    let seed = &seeds.classes[rng.below(seeds.classes.len())];
    copy_dir(&seed.dir, work).ok()?;
    let file = work.join(format!("{}.class", seed.class));
    let original = std::fs::read(&file).ok()?;
    let (desc, bytes, jvm) = if kind < 4 {
        let mut b = original;
        let what = mutate::bytes(&mut rng, &mut b);
        (format!("{} bytes {what}", seed.class), b, None)
    } else {
        let (b, what) = mutate::bytecode(&mut rng, &original)?;
        (format!("{} bytecode {what}", seed.class), b, Some((work.to_path_buf(), seed.class)))
    };
    std::fs::write(&file, bytes).ok()?;
    Some(Mutant {
        desc,
        classpath: work.to_path_buf(),
        driver: seed.driver,
        jvm_class: jvm,
    })
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        std::fs::copy(e.path(), to.join(e.file_name()))?;
    }
    Ok(())
}

/// Exit code (`None`: killed by a signal) and stderr of a command, or `Err` after a timeout.
fn run_watched(cmd: &mut Command, limit: Duration) -> Result<(Option<i32>, String, String), String> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .map_err(|e| format!("spawn: {e}"))?;
    let start = Instant::now();
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let t_out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut out, &mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            let stdout = t_out.join().unwrap_or_default();
            let stderr = t_err.join().unwrap_or_default();
            return Ok((st.code(), stdout, stderr));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("hang: still running after {limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Checks one jsymex run; returns the problem, if any.
fn check_jsymex(m: &Mutant) -> Result<(i32, String), String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jsymex"));
    cmd.arg("run")
        .arg("--classpath")
        .arg(&m.classpath)
        .arg("--driver")
        .arg(m.driver)
        .args(["--timeout", "2", "--max-paths", "20", "--max-steps", "200000", "-q"]);
    let (code, _, stderr) = run_watched(&mut cmd, Duration::from_secs(10))?;
    let Some(code) = code else {
        return Err(format!("killed by a signal; stderr: {stderr}"));
    };
    if code == 101 || stderr.contains("panicked") {
        return Err(format!("panic (exit {code}): {stderr}"));
    }
    if code == 134 {
        return Err(format!("abort: {stderr}"));
    }
    if ![0, 2, 3].contains(&code) {
        return Err(format!("exit code {code}: {stderr}"));
    }
    if code == 2 {
        let lines: Vec<&str> = stderr.lines().collect();
        if lines.len() != 1 || !lines[0].starts_with("jsymex: error:") {
            return Err(format!("exit 2 needs exactly one `jsymex: error:` line, got: {stderr:?}"));
        }
    }
    Ok((code, stderr))
}

/// Whether the JVM rejects the mutated class with a VerifyError, with its reason.
fn jvm_verify_error(launcher: &Path, dir: &Path, class: &str) -> Option<String> {
    let cp = format!("{}:{}", launcher.display(), dir.display());
    let mut cmd = Command::new("java");
    cmd.args(["-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", &cp, "FuzzLaunch", class]);
    let (code, stdout, _) = run_watched(&mut cmd, Duration::from_secs(30)).ok()?;
    (code == Some(42)).then_some(stdout)
}

/// Totals of one fuzz run.
#[derive(Default, Debug)]
struct Totals {
    mutants: usize,
    by_code: [usize; 4],
    jvm_checked: usize,
    jvm_rejected: usize,
    jvm_frame_only: usize,
    failures: Vec<String>,
}

/// Runs `count` mutants (skipping the indices whose mutant cannot be built) on two threads; every `jvm_every`-th bytecode-level mutant is also
/// replayed on the JVM.
fn fuzz(count: usize, jvm_every: usize, budget: Duration) -> Totals {
    let seeds = compile_seeds();
    let work = tempfile::tempdir().expect("tempdir");
    let next = AtomicUsize::new(0);
    let built = AtomicUsize::new(0);
    let totals = Mutex::new(Totals::default());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if built.load(Ordering::Relaxed) >= count || start.elapsed() > budget {
                        break;
                    }
                    let dir = work.path().join(format!("m{k}"));
                    let Some(m) = build(&seeds, k, &dir) else {
                        let _ = std::fs::remove_dir_all(&dir);
                        continue;
                    };
                    built.fetch_add(1, Ordering::Relaxed);
                    let result = check_jsymex(&m);
                    let mut jvm = None;
                    if let (Ok((code, stderr)), Some((d, class))) = (&result, &m.jvm_class)
                        && k.is_multiple_of(jvm_every)
                    {
                        jvm = Some(jvm_verify_error(&seeds.launcher, d, class).map(|r| (r, *code, stderr.clone())));
                    }
                    let _ = std::fs::remove_dir_all(&dir);
                    let mut t = totals.lock().unwrap_or_else(|p| p.into_inner());
                    t.mutants += 1;
                    match result {
                        Ok((code, _)) => t.by_code[code.clamp(0, 3) as usize] += 1,
                        Err(e) => t.failures.push(format!("mutant {k} ({}): {e}", m.desc)),
                    }
                    if let Some(j) = jvm {
                        t.jvm_checked += 1;
                        if let Some((reason, code, stderr)) = j {
                            t.jvm_rejected += 1;
                            // Not checked by jsymex (README): the types a StackMapTable frame
                            // declares, and byte/char/short/boolean arrays told from int arrays.
                            let frame_types = reason.contains("stack map")
                                || reason.contains("stackmap")
                                || ["baload", "bastore", "caload", "castore", "saload", "sastore", "iaload", "iastore"]
                                    .iter()
                                    .any(|op| reason.contains(&format!("operand stack in {op}")));
                            let caught = code == 2 && stderr.contains("VerifyError");
                            if frame_types && !caught {
                                t.jvm_frame_only += 1;
                            }
                            if !frame_types && !caught {
                                t.failures.push(format!(
                                    "mutant {k} ({}): the JVM says VerifyError ({}) but jsymex exited {code}: {stderr}",
                                    m.desc,
                                    reason.lines().next().unwrap_or("")
                                ));
                            }
                        }
                    }
                }
            });
        }
    });
    totals.into_inner().unwrap_or_else(|p| p.into_inner())
}

fn report(t: &Totals) {
    eprintln!(
        "fuzz: {} mutants, exit 0: {}, exit 2: {}, exit 3: {}; JVM replays: {}, JVM VerifyErrors: {} ({} on what jsymex does not check); failures: {}",
        t.mutants,
        t.by_code[0],
        t.by_code[2],
        t.by_code[3],
        t.jvm_checked,
        t.jvm_rejected,
        t.jvm_frame_only,
        t.failures.len()
    );
    assert!(
        t.failures.is_empty(),
        "{} failing mutants:\n{}",
        t.failures.len(),
        t.failures.iter().take(30).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn fuzz_quick() {
    let t = fuzz(3000, 25, Duration::from_secs(50));
    report(&t);
    assert!(t.mutants >= 300, "only {} mutants ran", t.mutants);
    assert!(t.jvm_rejected > 0, "no JVM-rejected mutant was sampled");
}

#[test]
#[ignore = "long: 20,000 mutants"]
fn fuzz_long() {
    let t = fuzz(20_000, 40, Duration::from_secs(6 * 3600));
    report(&t);
    assert!(t.mutants >= 20_000, "only {} mutants ran", t.mutants);
}
