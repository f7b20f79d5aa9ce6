//! Mutation analysis: bytecode-level mutants of application classes (`jsymex mutate`) and the
//! kill rate of a JUnit suite against them (`jsymex junit --mutants`, `compare --mutation`).
//!
//! No Java mutation tool is packaged in Debian, so mutants are made here, on the class files
//! themselves: [`classfile`] locates each method's code, [`operators`] proposes the classic
//! replacements for each instruction, and [`relayout`] writes the ones that change the code's
//! length. Every mutant is one class file that differs from the original in one instruction;
//! the [`manifest`](Manifest) names its operator, class, method, line and pc. [`runner`] runs a
//! compiled suite against every mutant on the real JVM.

pub mod classfile;
pub mod operators;
pub mod relayout;
pub mod report;
pub mod runner;

pub use operators::Operator;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Errors of mutant generation.
#[derive(Debug, thiserror::Error)]
pub enum MutateError {
    /// The class file cannot be read as one.
    #[error("malformed class file: {0}")]
    Malformed(String),
    /// A mutant that this tool cannot write (the method is skipped for it).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A file could not be read or written.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The classpath could not be opened.
    #[error("{0}")]
    ClassPath(String),
}

/// One mutant: where it is and what it changes, and its class file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Mutant {
    /// 1-based number in the manifest.
    pub id: usize,
    /// The operator.
    pub operator: Operator,
    /// The class, in binary name form (`a.b.C`).
    pub class: String,
    /// The method name.
    pub method: String,
    /// The method descriptor.
    pub descriptor: String,
    /// The source line (0 when unknown).
    pub line: u32,
    /// The byte offset of the mutated instruction in the original code.
    pub pc: u32,
    /// What changes, e.g. `iadd -> isub`.
    pub change: String,
    /// The directory (relative to the manifest) that holds the mutated class file.
    pub dir: String,
    /// The mutated class file (not in the manifest).
    #[serde(skip)]
    pub bytes: Vec<u8>,
}

/// The manifest written beside the mutants (`mutants.json`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Manifest {
    /// Every mutant, in order.
    pub mutants: Vec<Mutant>,
    /// Mutants proposed but not written, with the reason (e.g. a branch that would no longer
    /// reach its target).
    pub skipped: Vec<String>,
}

/// The file name of the manifest in a mutants directory.
pub const MANIFEST: &str = "mutants.json";

/// Which mutants to make.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Operators to apply (all when empty).
    pub operators: Vec<Operator>,
    /// Methods to mutate, by name (all when empty).
    pub methods: Vec<String>,
    /// Mutate static initializers too (they run once per class loader; off by default).
    pub clinit: bool,
}

/// Every mutant of one class file (ids are left 0; `dir` empty). Mutants that cannot be
/// written are listed in the second result with the reason.
pub fn mutate_class(bytes: &[u8], sel: &Selection) -> Result<(Vec<Mutant>, Vec<String>), MutateError> {
    let info = classfile::parse(bytes)?;
    let class = info.name.replace('/', ".");
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for m in &info.methods {
        let Some(code) = &m.code else { continue };
        if (m.name == "<clinit>" && !sel.clinit) || (!sel.methods.is_empty() && !sel.methods.contains(&m.name)) {
            continue;
        }
        let code_bytes = code.bytes(bytes);
        for &(pc, _) in &code.instructions {
            for p in operators::proposals(&info, code_bytes, pc as usize) {
                if !sel.operators.is_empty() && !sel.operators.contains(&p.op) {
                    continue;
                }
                let line = code.line_at(pc);
                let written = relayout::replace(bytes, &info, code, pc, &p.bytes).and_then(|mut b| {
                    if p.extra_stack > 0 {
                        let at = code.attr_start + 6;
                        let max = classfile::be16(&b, at)
                            .checked_add(p.extra_stack)
                            .ok_or_else(|| MutateError::Unsupported("max_stack would exceed 65,535".into()))?;
                        b[at..at + 2].copy_from_slice(&max.to_be_bytes());
                    }
                    Ok(b)
                });
                match written {
                    Ok(b) => out.push(Mutant {
                        id: 0,
                        operator: p.op,
                        class: class.clone(),
                        method: m.name.clone(),
                        descriptor: m.descriptor.clone(),
                        line,
                        pc,
                        change: p.change,
                        dir: String::new(),
                        bytes: b,
                    }),
                    Err(e) => skipped.push(format!("{class}.{}{} pc {pc} ({:?} {}): {e}", m.name, m.descriptor, p.op, p.change)),
                }
            }
        }
    }
    Ok((out, skipped))
}

/// True when the binary class name `name` matches one of the comma-separated glob
/// `patterns` (`*` matches any run of characters, including dots) and none of the patterns
/// prefixed with `!`.
pub fn class_matches(patterns: &str, name: &str) -> bool {
    let pats = || patterns.split(',').map(str::trim).filter(|p| !p.is_empty());
    pats().filter(|p| !p.starts_with('!')).any(|p| glob(p.as_bytes(), name.as_bytes()))
        && !pats()
            .filter_map(|p| p.strip_prefix('!'))
            .any(|p| glob(p.as_bytes(), name.as_bytes()))
}

/// The classes a driver's suite is measured on by default: the driver's package, without the
/// driver class when `exclude_driver` (a bundled subject's driver is glue); the driver class
/// alone in the default package.
pub fn default_classes(driver: &str, exclude_driver: bool) -> String {
    let head = driver.split('(').next().unwrap_or(driver);
    let class = head.rsplit_once('.').map_or(head, |(c, _)| c);
    match class.rsplit_once('.') {
        Some((pkg, _)) if exclude_driver => format!("{pkg}.*,!{class}"),
        Some((pkg, _)) => format!("{pkg}.*"),
        None => class.to_string(),
    }
}

fn glob(p: &[u8], s: &[u8]) -> bool {
    match p.split_first() {
        None => s.is_empty(),
        Some((b'*', rest)) => (0..=s.len()).any(|i| glob(rest, &s[i..])),
        Some((c, rest)) => s.first() == Some(c) && glob(rest, &s[1..]),
    }
}

/// Makes the mutants of every class of `classpath` that matches `patterns` and writes them
/// under `out`: `out/mNNNN/<class path>.class` and the manifest `out/mutants.json`.
pub fn write_mutants(classpath: &str, patterns: &str, sel: &Selection, out: &Path) -> Result<Manifest, MutateError> {
    let cp = crate::classpath::ClassPath::parse(classpath).map_err(|e| MutateError::ClassPath(e.to_string()))?;
    let mut names: Vec<String> = cp
        .user_class_names()
        .into_iter()
        .filter(|n| !cp.has_model(n) && class_matches(patterns, &n.replace('/', ".")))
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(MutateError::ClassPath(format!(
            "--classes {patterns}: no class of the classpath ({}) matches",
            cp.describe()
        )));
    }
    let mut manifest = Manifest::default();
    for n in &names {
        let Some((bytes, _)) = cp.find(n).map_err(|e| MutateError::ClassPath(e.to_string()))? else {
            continue;
        };
        let (ms, skipped) = mutate_class(&bytes, sel).map_err(|e| MutateError::Malformed(format!("{}: {e}", n.replace('/', "."))))?;
        manifest.skipped.extend(skipped);
        for mut m in ms {
            m.id = manifest.mutants.len() + 1;
            m.dir = format!("m{:04}", m.id);
            let file = out.join(&m.dir).join(format!("{n}.class"));
            write_file(&file, &m.bytes)?;
            manifest.mutants.push(m);
        }
    }
    let json = serde_json::to_string_pretty(&manifest).map_err(|e| MutateError::Malformed(e.to_string()))?;
    write_file(&out.join(MANIFEST), json.as_bytes())?;
    Ok(manifest)
}

/// Reads a mutants directory's manifest.
pub fn read_manifest(dir: &Path) -> Result<Manifest, MutateError> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| MutateError::Io {
        path: path.clone(),
        reason: e.to_string(),
    })?;
    serde_json::from_str(&text).map_err(|e| MutateError::Io {
        path,
        reason: format!("not a mutants manifest: {e}"),
    })
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), MutateError> {
    let io = |e: std::io::Error| MutateError::Io {
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    std::fs::write(path, bytes).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_patterns_are_globs_over_binary_names() {
        assert!(class_matches("org.apache.commons.cli.*", "org.apache.commons.cli.Option"));
        assert!(class_matches("wbs.*,tcas.Tcas", "tcas.Tcas"));
        assert!(!class_matches("tcas.Tcas", "tcas.TcasDriver"));
        assert!(class_matches("*Driver", "tcas.Driver"));
        assert!(!class_matches("", "a.B"));
        assert!(class_matches("tcas.*,!tcas.Driver", "tcas.Tcas"));
        assert!(!class_matches("tcas.*,!tcas.Driver", "tcas.Driver"));
        assert_eq!(default_classes("tcas.Driver.max(int,int)", true), "tcas.*,!tcas.Driver");
        assert_eq!(default_classes("a.b.C.f(int)", false), "a.b.*");
        assert_eq!(default_classes("Calc.add(int,int)", true), "Calc");
    }
}
