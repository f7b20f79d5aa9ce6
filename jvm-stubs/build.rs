//! Build script: compiles the library models in `jvm-stubs/src` with javac and packs the class
//! files into one blob that the binary embeds (`include_bytes!`), so jsymex never needs the JDK's
//! own classes at run time.
//!
//! Blob format: repeated `[u32 LE name length][internal name][u32 LE size][class bytes]`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn collect(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, ext, out);
        } else if p.extension().and_then(|e| e.to_str()) == Some(ext) {
            out.push(p);
        }
    }
}

fn pack(classes: &Path, blob_path: &Path) {
    let mut files = Vec::new();
    collect(classes, "class", &mut files);
    let mut blob = Vec::new();
    for f in files {
        let rel = f.strip_prefix(classes).expect("inside output dir");
        let name = rel.with_extension("").to_string_lossy().replace('\\', "/");
        let bytes = std::fs::read(&f).expect("read compiled class");
        blob.extend_from_slice(&(name.len() as u32).to_le_bytes());
        blob.extend_from_slice(name.as_bytes());
        blob.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        blob.extend_from_slice(&bytes);
    }
    std::fs::write(blob_path, blob).expect("write class blob");
}

fn javac(args: &[std::ffi::OsString], what: &str) {
    let javac = std::env::var("JAVAC").unwrap_or_else(|_| "javac".into());
    match Command::new(&javac).args(args).status() {
        Ok(s) if s.success() => {}
        Ok(s) => panic!("javac failed on {what} ({s}); see the errors above"),
        Err(e) => panic!(
            "jsymex needs a JDK to build its library models: could not run `{javac}` ({e}). \
             Install one (Debian: apt-get install default-jdk-headless) or set JAVAC."
        ),
    }
}

/// Compiles the bundled example programs (`subjects/paper`), embedded as `@examples`.
fn examples(out_dir: &Path) {
    let src = PathBuf::from("subjects/paper");
    println!("cargo:rerun-if-changed=subjects/paper");
    let classes = out_dir.join("example-classes");
    let _ = std::fs::remove_dir_all(&classes);
    std::fs::create_dir_all(&classes).expect("create example output dir");
    let mut sources = Vec::new();
    collect(&src, "java", &mut sources);
    if !sources.is_empty() {
        let mut args: Vec<std::ffi::OsString> = ["-g", "-nowarn", "-XDstringConcat=inline", "-encoding", "UTF-8", "-d"]
            .iter()
            .map(Into::into)
            .collect();
        args.push(classes.clone().into());
        args.extend(sources.iter().map(|s| s.clone().into_os_string()));
        javac(&args, "subjects/paper");
    }
    pack(&classes, &out_dir.join("examples.bin"));
}

/// Compiles every subject (`subjects/<name>/src`, with the jars its manifest names on the
/// classpath) into one blob, embedded as `@subjects`, and generates the table of manifests. A
/// subject that does not compile here (a jar not installed) is left out with a warning.
fn subjects(out_dir: &Path) {
    println!("cargo:rerun-if-changed=subjects");
    let classes = out_dir.join("subject-classes");
    let _ = std::fs::remove_dir_all(&classes);
    std::fs::create_dir_all(&classes).expect("create subject output dir");
    let mut manifests = String::from("/// Embedded subject manifests: (name, JSON text).\npub static MANIFESTS: &[(&str, &str)] = &[\n");
    // The classes each subject compiled to (internal names), for `@subjects/NAME`.
    let mut members =
        String::from("/// The classes of each embedded subject: (name, internal names).\npub static MEMBERS: &[(&str, &[&str])] = &[\n");
    let own = out_dir.join("subject-own-classes");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("subjects")
        .map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    dirs.sort();
    let javac_bin = std::env::var("JAVAC").unwrap_or_else(|_| "javac".into());
    for dir in dirs {
        let manifest = dir.join("subject.json");
        let Ok(text) = std::fs::read_to_string(&manifest) else { continue };
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let mut sources = Vec::new();
        collect(&dir.join("src"), "java", &mut sources);
        let mut cp: Vec<String> = Vec::new();
        if let Some(start) = text.find("\"classpath\"") {
            let rest = &text[start..];
            if let (Some(a), Some(b)) = (rest.find('['), rest.find(']')) {
                for item in rest[a + 1..b].split(',') {
                    let item = item.trim().trim_matches('"');
                    if !item.is_empty() && !item.starts_with('@') {
                        cp.push(item.to_string());
                    }
                }
            }
        }
        // Rebuild when a jar is installed or removed later, so a subject left out here does not
        // stay left out once its jar is there.
        for j in &cp {
            println!("cargo:rerun-if-changed={j}");
        }
        let missing: Vec<&String> = cp.iter().filter(|j| !Path::new(j.as_str()).exists()).collect();
        if !missing.is_empty() {
            println!(
                "cargo:warning=subject {name} left out: {} not installed",
                missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
            );
            continue;
        }
        // Each subject compiles into a directory of its own first (its member list), then
        // joins the shared one that `@subjects` embeds.
        let mine = own.join(&name);
        let _ = std::fs::remove_dir_all(&mine);
        std::fs::create_dir_all(&mine).expect("create subject output dir");
        if !sources.is_empty() {
            let status = Command::new(&javac_bin)
                .args(["-g", "-nowarn", "-encoding", "UTF-8", "-d"])
                .arg(&mine)
                .args(if cp.is_empty() {
                    vec![]
                } else {
                    vec!["-cp".to_string(), cp.join(":")]
                })
                .args(&sources)
                .status();
            if !matches!(status, Ok(s) if s.success()) {
                println!("cargo:warning=subject {name} left out: javac failed");
                continue;
            }
        }
        let mut files = Vec::new();
        collect(&mine, "class", &mut files);
        members.push_str(&format!("    ({name:?}, &["));
        for f in &files {
            let rel = f.strip_prefix(&mine).expect("inside output dir");
            let class = rel.with_extension("").to_string_lossy().replace('\\', "/");
            let to = classes.join(rel);
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent).expect("create subject class dir");
            }
            std::fs::copy(f, &to).expect("copy subject class");
            members.push_str(&format!("{class:?}, "));
        }
        members.push_str("]),\n");
        let abs = std::fs::canonicalize(&manifest).expect("manifest path");
        manifests.push_str(&format!("    ({name:?}, include_str!({:?})),\n", abs.display().to_string()));
    }
    manifests.push_str("];\n");
    members.push_str("];\n");
    manifests.push_str(&members);
    std::fs::write(out_dir.join("manifests.rs"), manifests).expect("write manifests.rs");
    pack(&classes, &out_dir.join("subjects.bin"));
}

/// Compiles the replay runtime (`jsymex-runtime.jar`): `jvm-stubs/runtime` (the input API's
/// real-JVM side) with the models of the other tools' entry points and `CheckFailure`, which
/// are plain Java over `jsymex.Symbolic` and serve both sides unchanged.
fn runtime(out_dir: &Path) {
    println!("cargo:rerun-if-changed=jvm-stubs/runtime");
    let classes = out_dir.join("runtime-classes");
    let _ = std::fs::remove_dir_all(&classes);
    std::fs::create_dir_all(&classes).expect("create runtime output dir");
    let mut sources = Vec::new();
    collect(Path::new("jvm-stubs/runtime"), "java", &mut sources);
    for shared in ["gov", "org/sosy_lab"] {
        collect(&Path::new("jvm-stubs/src").join(shared), "java", &mut sources);
    }
    sources.push(PathBuf::from("jvm-stubs/src/jsymex/CheckFailure.java"));
    let mut args: Vec<std::ffi::OsString> = ["-nowarn", "-g", "--release", "11", "-encoding", "UTF-8", "-d"]
        .iter()
        .map(Into::into)
        .collect();
    args.push(classes.clone().into());
    args.extend(sources.iter().map(|s| s.clone().into_os_string()));
    javac(&args, "jvm-stubs/runtime");
    pack(&classes, &out_dir.join("runtime.bin"));
}

fn main() {
    let src = PathBuf::from("jvm-stubs/src");
    println!("cargo:rerun-if-changed=jvm-stubs/src");
    println!("cargo:rerun-if-changed=jvm-stubs/build.rs");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR is set by cargo"));
    let classes = out_dir.join("stub-classes");
    let _ = std::fs::remove_dir_all(&classes);
    std::fs::create_dir_all(&classes).expect("create stub output dir");
    let mut sources = Vec::new();
    collect(&src, "java", &mut sources);
    for s in &sources {
        println!("cargo:rerun-if-changed={}", s.display());
    }
    if !sources.is_empty() {
        let javac = std::env::var("JAVAC").unwrap_or_else(|_| "javac".into());
        let status = Command::new(&javac)
            .arg("--patch-module")
            .arg(format!("java.base={}", src.display()))
            .args(["-XDstringConcat=inline", "-nowarn", "-g", "-encoding", "UTF-8", "-d"])
            .arg(&classes)
            .args(&sources)
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => panic!("javac failed on jvm-stubs ({s}); see the errors above"),
            Err(e) => panic!(
                "jsymex needs a JDK to build its library models: could not run `{javac}` ({e}). \
                 Install one (Debian: apt-get install default-jdk-headless) or set JAVAC."
            ),
        }
    }
    pack(&classes, &out_dir.join("stubs.bin"));
    examples(&out_dir);
    subjects(&out_dir);
    runtime(&out_dir);
}
