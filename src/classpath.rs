//! Finds class bytes by internal name (`java/lang/String`) in the embedded library models first,
//! then in the user's classpath entries (directories and `.jar`/`.zip`/`.jmod` archives).

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Errors of the classpath layer; each names the file involved.
#[derive(Debug, thiserror::Error)]
pub enum ClassPathError {
    /// A classpath entry does not exist.
    #[error("classpath entry {0} does not exist")]
    Missing(PathBuf),
    /// `@subjects/NAME` names no embedded subject.
    #[error("classpath entry @subjects/{0}: no bundled subject of that name (embedded: {1})")]
    UnknownSubject(String, String),
    /// An archive could not be opened as a zip file.
    #[error("{path} is not a readable jar/zip archive: {reason}")]
    BadArchive {
        /// The archive.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// Reading an entry failed.
    #[error("cannot read {what}: {reason}")]
    Read {
        /// What was read.
        what: String,
        /// Why.
        reason: String,
    },
}

/// Where a class came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The embedded library models.
    Model,
    /// A user classpath entry (directory or archive path).
    User(PathBuf),
}

enum Entry {
    Embedded(String, HashMap<String, &'static [u8]>),
    Dir(PathBuf),
    Archive {
        path: PathBuf,
        zip: Mutex<zip::ZipArchive<File>>,
        prefix: &'static str,
    },
}

/// The model classes compiled by `jvm-stubs/build.rs`.
static STUB_BLOB: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/stubs.bin"));

/// The bundled example programs (`subjects/paper`), reachable as the classpath entry `@examples`.
static EXAMPLE_BLOB: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/examples.bin"));

/// The compiled subjects (`subjects/<name>/src`), reachable as the classpath entry `@subjects`.
static SUBJECT_BLOB: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/subjects.bin"));

/// The replay runtime's classes (`jvm-stubs/runtime` and the shared entry-point models).
static RUNTIME_BLOB: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/runtime.bin"));

/// The file name of the replay runtime that generated JUnit suites need on their classpath.
pub const RUNTIME_JAR: &str = "jsymex-runtime.jar";

/// The classes of the replay runtime, `jsymex-runtime.jar`: `jsymex.Symbolic`,
/// `jsymex.CheckFailure`, `jsymex.Replay`, SPF's `Debug`, JPF's `Verify` and SV-COMP's
/// `Verifier`, whose inputs return the values a generated test sets (see `jsymex.Replay`).
pub fn runtime_classes() -> HashMap<String, &'static [u8]> {
    unpack(RUNTIME_BLOB)
}

/// Writes `jsymex-runtime.jar` (a zip of [`runtime_classes`], in name order) to `path`.
pub fn write_runtime_jar(path: &Path) -> std::io::Result<()> {
    write_jar(path, &[], runtime_classes())
}

/// Writes a jar of `classes` (internal name → class file, written in name order) to `path`,
/// with a manifest that has `attributes` (name, value) besides its version.
pub fn write_jar<B: AsRef<[u8]>>(
    path: &Path,
    attributes: &[(&str, &str)],
    classes: impl IntoIterator<Item = (String, B)>,
) -> std::io::Result<()> {
    let f = File::create(path)?;
    let mut z = zip::ZipWriter::new(std::io::BufWriter::new(f));
    let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let mut names: Vec<(String, B)> = classes.into_iter().collect();
    names.sort_by(|a, b| a.0.cmp(&b.0));
    let mut manifest = String::from("Manifest-Version: 1.0\r\nCreated-By: jsymex\r\n");
    for (k, v) in attributes {
        manifest += &format!("{k}: {v}\r\n");
    }
    manifest += "\r\n";
    z.start_file("META-INF/MANIFEST.MF", opts).map_err(std::io::Error::other)?;
    std::io::Write::write_all(&mut z, manifest.as_bytes())?;
    for (name, bytes) in names {
        z.start_file(format!("{name}.class"), opts).map_err(std::io::Error::other)?;
        std::io::Write::write_all(&mut z, bytes.as_ref())?;
    }
    z.finish().map_err(std::io::Error::other)?;
    Ok(())
}

/// The name → bytes map of the bundled subjects.
pub fn subject_classes() -> HashMap<String, &'static [u8]> {
    unpack(SUBJECT_BLOB)
}

/// The name → bytes map of one bundled subject's own classes (`@subjects/NAME`), `None` when
/// no subject of that name is embedded.
pub fn one_subject_classes(name: &str) -> Option<HashMap<String, &'static [u8]>> {
    let members = crate::subjects::members(name)?;
    let mut all = subject_classes();
    Some(members.iter().filter_map(|m| all.remove_entry(*m)).collect())
}

/// The classes of an embedded classpath entry (`@examples`, `@subjects`, `@subjects/NAME`):
/// `Ok(None)` when `entry` is not one of them, an error for a subject that is not embedded.
pub fn embedded_classes(entry: &str) -> Result<Option<HashMap<String, &'static [u8]>>, ClassPathError> {
    match entry {
        "@examples" => Ok(Some(example_classes())),
        "@subjects" => Ok(Some(subject_classes())),
        _ => match entry.strip_prefix("@subjects/") {
            None => Ok(None),
            Some(name) => one_subject_classes(name).map(Some).ok_or_else(|| {
                let known: Vec<&str> = crate::subjects::MEMBERS.iter().map(|(n, _)| *n).collect();
                ClassPathError::UnknownSubject(name.to_string(), known.join(", "))
            }),
        },
    }
}

/// The name → bytes map of the embedded library models.
pub fn stub_classes() -> HashMap<String, &'static [u8]> {
    unpack(STUB_BLOB)
}

/// The name → bytes map of the bundled examples.
pub fn example_classes() -> HashMap<String, &'static [u8]> {
    unpack(EXAMPLE_BLOB)
}

fn unpack(blob: &'static [u8]) -> HashMap<String, &'static [u8]> {
    let mut map = HashMap::new();
    let mut rest = blob;
    let take = |rest: &mut &'static [u8]| -> Option<&'static [u8]> {
        let len = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        let data = rest.get(4..4 + len)?;
        *rest = &rest[4 + len..];
        Some(data)
    };
    while !rest.is_empty() {
        let (Some(name), Some(data)) = (take(&mut rest), take(&mut rest)) else {
            break;
        };
        map.insert(String::from_utf8_lossy(name).into_owned(), data);
    }
    map
}

/// A classpath: models first, then the user's entries in order.
pub struct ClassPath {
    stubs: HashMap<String, &'static [u8]>,
    entries: Vec<Entry>,
}

impl ClassPath {
    /// Opens every entry of a `:`-separated classpath string.
    pub fn parse(cp: &str) -> Result<Self, ClassPathError> {
        let paths: Vec<PathBuf> = cp.split([':', ';']).filter(|s| !s.is_empty()).map(PathBuf::from).collect();
        Self::new(&paths)
    }

    /// Opens the given entries.
    pub fn new(paths: &[PathBuf]) -> Result<Self, ClassPathError> {
        let mut entries = Vec::new();
        for p in paths {
            if let Some(label) = p.to_str()
                && let Some(classes) = embedded_classes(label)?
            {
                entries.push(Entry::Embedded(label.to_string(), classes));
                continue;
            }
            if !p.exists() {
                return Err(ClassPathError::Missing(p.clone()));
            }
            if p.is_dir() {
                std::fs::read_dir(p).map_err(|e| ClassPathError::Read {
                    what: p.display().to_string(),
                    reason: e.to_string(),
                })?;
                entries.push(Entry::Dir(p.clone()));
                continue;
            }
            let f = File::open(p).map_err(|e| ClassPathError::Read {
                what: p.display().to_string(),
                reason: e.to_string(),
            })?;
            let zip = zip::ZipArchive::new(f).map_err(|e| ClassPathError::BadArchive {
                path: p.clone(),
                reason: e.to_string(),
            })?;
            let prefix = if p.extension().is_some_and(|e| e == "jmod") {
                "classes/"
            } else {
                ""
            };
            entries.push(Entry::Archive {
                path: p.clone(),
                zip: Mutex::new(zip),
                prefix,
            });
        }
        Ok(ClassPath {
            stubs: stub_classes(),
            entries,
        })
    }

    /// True when a model class of this name is embedded.
    pub fn has_model(&self, name: &str) -> bool {
        self.stubs.contains_key(name)
    }

    /// Looks a class up by internal name; `Ok(None)` when no entry has it.
    pub fn find(&self, name: &str) -> Result<Option<(Vec<u8>, Origin)>, ClassPathError> {
        if let Some(b) = self.stubs.get(name) {
            return Ok(Some((b.to_vec(), Origin::Model)));
        }
        let file = format!("{name}.class");
        for e in &self.entries {
            match e {
                Entry::Embedded(label, map) => {
                    if let Some(b) = map.get(name) {
                        return Ok(Some((b.to_vec(), Origin::User(PathBuf::from(label)))));
                    }
                }
                Entry::Dir(d) => {
                    let p = d.join(&file);
                    if p.is_file() {
                        let bytes = std::fs::read(&p).map_err(|e| ClassPathError::Read {
                            what: p.display().to_string(),
                            reason: e.to_string(),
                        })?;
                        return Ok(Some((bytes, Origin::User(d.clone()))));
                    }
                }
                Entry::Archive { path, zip, prefix } => {
                    let mut z = zip.lock().unwrap_or_else(|p| p.into_inner());
                    let inner = format!("{prefix}{file}");
                    let found = match z.by_name(&inner) {
                        Ok(mut f) => {
                            let mut buf = Vec::with_capacity(f.size() as usize);
                            std::io::Read::read_to_end(&mut f, &mut buf).map_err(|e| ClassPathError::Read {
                                what: format!("{}!{inner}", path.display()),
                                reason: e.to_string(),
                            })?;
                            Some(buf)
                        }
                        Err(zip::result::ZipError::FileNotFound) => None,
                        Err(e) => {
                            return Err(ClassPathError::Read {
                                what: format!("{}!{inner}", path.display()),
                                reason: e.to_string(),
                            });
                        }
                    };
                    if let Some(buf) = found {
                        return Ok(Some((buf, Origin::User(path.clone()))));
                    }
                }
            }
        }
        Ok(None)
    }

    /// Internal names of every class in the user's entries (for class-hierarchy analysis).
    pub fn user_class_names(&self) -> Vec<String> {
        let mut out = Vec::new();
        for e in &self.entries {
            match e {
                Entry::Embedded(_, map) => out.extend(map.keys().cloned()),
                Entry::Dir(d) => walk_classes(d, d, &mut out),
                Entry::Archive { zip, prefix, .. } => {
                    let z = zip.lock().unwrap_or_else(|p| p.into_inner());
                    for name in z.file_names().flatten() {
                        if let Some(n) = name.strip_prefix(prefix).and_then(|n| n.strip_suffix(".class"))
                            && !n.ends_with("module-info")
                            && !n.starts_with("META-INF/")
                        {
                            out.push(n.to_string());
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The user entries, for messages.
    pub fn describe(&self) -> String {
        self.entries
            .iter()
            .map(|e| match e {
                Entry::Embedded(label, _) => label.to_string(),
                Entry::Dir(p) | Entry::Archive { path: p, .. } => p.display().to_string(),
            })
            .collect::<Vec<_>>()
            .join(":")
    }
}

/// Whether a path looks like an archive.
pub fn is_archive(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "jar" || e == "zip" || e == "jmod")
}

fn walk_classes(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk_classes(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "class")
            && let Ok(rel) = p.strip_prefix(root)
        {
            let name = rel.with_extension("").to_string_lossy().replace('\\', "/");
            if !name.ends_with("module-info") {
                out.push(name);
            }
        }
    }
}
