//! Bytecode verification accepts every valid class jsymex ships or is tested on: the bundled
//! subjects and examples, the real Debian jars of the cli and nanoxml subjects and Commons Lang 3
//! (its array `clone()` calls once tripped the verifier), and the library
//! models' users compiled by javac. A rejection here is a verifier false positive.

use jsymex::classpath::ClassPath;
use jsymex::program::Program;
use std::path::PathBuf;
use std::time::Instant;

/// Loads (and so verifies) every named class; returns the verification failures.
fn load_all(cp: &str, names: &[String]) -> Vec<String> {
    load_with(cp, names, true)
}

fn load_with(cp: &str, names: &[String], verify: bool) -> Vec<String> {
    let mut prog = Program::new(ClassPath::parse(cp).expect("classpath"));
    prog.set_verify(verify);
    names
        .iter()
        .filter_map(|n| match prog.load(n) {
            Err(e) if e.is_verify() => Some(e.to_string()),
            _ => None,
        })
        .collect()
}

fn jar_classes(jar: &str) -> Vec<String> {
    let f = std::fs::File::open(jar).unwrap_or_else(|e| panic!("{jar}: {e} (install the Debian package)"));
    let z = zip::ZipArchive::new(f).expect("jar");
    z.file_names()
        .filter_map(|n| n.ok()?.strip_suffix(".class").map(String::from))
        .filter(|n| !n.ends_with("module-info"))
        .collect()
}

#[test]
fn bundled_subjects_and_examples_verify() {
    for (entry, map) in [
        ("@subjects", jsymex::classpath::subject_classes()),
        ("@examples", jsymex::classpath::example_classes()),
    ] {
        let names: Vec<String> = map.keys().cloned().collect();
        let cp = format!("{entry}:/usr/share/java/commons-cli.jar:/usr/share/java/nanoxml.jar");
        let bad = load_all(&cp, &names);
        assert!(bad.is_empty(), "{entry}: {} false positives:\n{}", bad.len(), bad.join("\n"));
    }
}

#[test]
fn debian_jars_verify() {
    for jar in [
        "/usr/share/java/commons-cli.jar",
        "/usr/share/java/nanoxml.jar",
        "/usr/share/java/commons-lang3.jar",
    ] {
        let names = jar_classes(jar);
        let t = Instant::now();
        load_with(jar, &names, false);
        let plain = t.elapsed();
        let t = Instant::now();
        let bad = load_all(jar, &names);
        eprintln!(
            "{jar}: {} classes loaded in {plain:?} without verification, {:?} with",
            names.len(),
            t.elapsed()
        );
        assert!(bad.is_empty(), "{jar}: {} false positives:\n{}", bad.len(), bad.join("\n"));
    }
}

#[test]
fn test_programs_verify() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("tempdir");
    let mut files = Vec::new();
    for sub in ["tests/java/diff", "tests/java/models", "tests/java/strings", "subjects/paper"] {
        for e in std::fs::read_dir(root.join(sub)).expect("sources").flatten() {
            if e.path().extension().is_some_and(|x| x == "java") {
                files.push(e.path());
            }
        }
    }
    let out = dir.path().join("classes");
    let st = std::process::Command::new("javac")
        .arg("-nowarn")
        .arg("-d")
        .arg(&out)
        .args(&files)
        .status()
        .expect("javac must be installed");
    assert!(st.success(), "javac failed");
    let mut names = Vec::new();
    let mut stack = vec![out.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("dir").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Some(rel) = p
                .strip_prefix(&out)
                .ok()
                .and_then(|r| r.to_str())
                .and_then(|r| r.strip_suffix(".class"))
            {
                names.push(rel.to_string());
            }
        }
    }
    let bad = load_all(out.to_str().expect("utf-8 path"), &names);
    assert!(bad.is_empty(), "{} false positives:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn a_class_the_jvm_rejects_is_rejected_unless_no_verify() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("M.java");
    std::fs::write(
        &src,
        "public class M { public static int f(int x) { int y = x * 3; if (y > 10) return y - 1; return x + 7; } }",
    )
    .expect("write");
    let st = std::process::Command::new("javac")
        .arg("-d")
        .arg(dir.path())
        .arg(&src)
        .status()
        .expect("javac must be installed");
    assert!(st.success(), "javac failed");
    let class = dir.path().join("M.class");
    let mut b = std::fs::read(&class).expect("class");
    // iload_0 iconst_3 imul -> fmul: an int operand where a float is needed.
    let at = b.windows(3).position(|w| w == [0x1a, 0x06, 0x68]).expect("imul in f");
    b[at + 2] = 0x6a;
    std::fs::write(&class, b).expect("write");
    let run = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_jsymex"))
            .args(["run", "-q", "-d", "M.f(int)", "-c"])
            .arg(dir.path())
            .args(extra)
            .output()
            .expect("jsymex")
    };
    let out = run(&[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("jsymex: error:") && err.contains("VerifyError: class M, method f(I)I"),
        "{err}"
    );
    let out = run(&["--no-verify"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}
