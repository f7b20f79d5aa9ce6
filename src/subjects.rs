//! Subjects: the programs of the DGSE paper's evaluation (and more), each described by a
//! manifest (`subjects/<name>/subject.json`, embedded at build time) with its classpath, driver,
//! symbolic inputs, input ranges, named configurations and the paper's figures.

use serde::Deserialize;
use std::collections::BTreeMap;

include!(concat!(env!("OUT_DIR"), "/manifests.rs"));

/// One named configuration of a subject.
#[derive(Clone, Debug, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Driver (overrides the subject's).
    pub driver: Option<String>,
    /// `sym#con` per parameter.
    pub symbolic: Option<String>,
    /// First-run values.
    pub input: Option<Vec<String>>,
    /// SPF's symbolic.min_int.
    pub min_int: Option<i64>,
    /// SPF's symbolic.max_int.
    pub max_int: Option<i64>,
    /// Symbolic array length.
    pub array_len: Option<usize>,
    /// Symbolic string length.
    pub string_len: Option<usize>,
    /// Branch events per path.
    pub max_depth: Option<usize>,
    /// Instructions per path.
    pub max_steps: Option<u64>,
    /// Feasible paths per strategy.
    pub max_paths: Option<u64>,
    /// Seconds per strategy.
    pub timeout: Option<f64>,
    /// Number of symbolic inputs (the paper's "Inputs" column).
    pub inputs: Option<u32>,
    /// What the configuration is for.
    pub description: Option<String>,
}

/// A subject manifest.
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Name (the directory name).
    pub name: String,
    /// One line.
    pub description: String,
    /// Classpath entries (`@subjects` for the bundled programs, jars for CLI and NanoXML).
    #[serde(default = "default_cp")]
    pub classpath: Vec<String>,
    /// Default driver.
    pub driver: String,
    /// Defaults shared by the configurations.
    #[serde(default)]
    pub defaults: Config,
    /// Named configurations (`min`, `max`, `ci`, …).
    pub configs: BTreeMap<String, Config>,
    /// The configuration `--subject NAME` uses (default `ci`).
    pub default_config: Option<String>,
    /// The paper's Table 5 figures per configuration, for comparison.
    pub paper: Option<serde_json::Value>,
    /// The classes `compare --mutation` mutates (globs, `!` to exclude; default: the
    /// driver's package without the driver class).
    #[serde(default)]
    pub mutate: Option<String>,
}

fn default_cp() -> Vec<String> {
    vec!["@subjects".to_string()]
}

/// Errors with subjects.
#[derive(Debug, thiserror::Error)]
pub enum SubjectError {
    /// Unknown subject.
    #[error("unknown subject '{0}' (known: {1})")]
    Unknown(String, String),
    /// Unknown configuration.
    #[error("subject {0} has no configuration '{1}' (known: {2})")]
    NoConfig(String, String, String),
    /// Bad manifest.
    #[error("manifest of subject {0}: {1}")]
    Manifest(String, String),
}

/// The classes (internal names) the embedded subject `name` compiled to, when it is embedded.
pub fn members(name: &str) -> Option<&'static [&'static str]> {
    MEMBERS.iter().find(|(n, _)| *n == name).map(|(_, m)| *m)
}

/// Every embedded manifest.
pub fn all() -> Result<Vec<Manifest>, SubjectError> {
    MANIFESTS
        .iter()
        .map(|(name, text)| serde_json::from_str::<Manifest>(text).map_err(|e| SubjectError::Manifest(name.to_string(), e.to_string())))
        .collect()
}

impl Manifest {
    /// The classpath a run of this subject uses: its manifest's, with the bundle of every
    /// subject (`@subjects`) narrowed to this subject's own classes (`@subjects/NAME`), so that
    /// class-hierarchy analysis and the reachable-coverage view load (and verify) only those.
    pub fn run_classpath(&self) -> Vec<String> {
        self.classpath
            .iter()
            .map(|e| match e.as_str() {
                "@subjects" => format!("@subjects/{}", self.name),
                _ => e.clone(),
            })
            .collect()
    }

    /// The effective configuration: the defaults overridden by the named one.
    pub fn config(&self, name: &str) -> Result<Config, SubjectError> {
        let c = self.configs.get(name).ok_or_else(|| {
            SubjectError::NoConfig(
                self.name.clone(),
                name.to_string(),
                self.configs.keys().cloned().collect::<Vec<_>>().join(", "),
            )
        })?;
        let d = &self.defaults;
        Ok(Config {
            driver: c.driver.clone().or_else(|| d.driver.clone()).or_else(|| Some(self.driver.clone())),
            symbolic: c.symbolic.clone().or_else(|| d.symbolic.clone()),
            input: c.input.clone().or_else(|| d.input.clone()),
            min_int: c.min_int.or(d.min_int),
            max_int: c.max_int.or(d.max_int),
            array_len: c.array_len.or(d.array_len),
            string_len: c.string_len.or(d.string_len),
            max_depth: c.max_depth.or(d.max_depth),
            max_steps: c.max_steps.or(d.max_steps),
            max_paths: c.max_paths.or(d.max_paths),
            timeout: c.timeout.or(d.timeout),
            inputs: c.inputs.or(d.inputs),
            description: c.description.clone().or_else(|| d.description.clone()),
        })
    }

    /// The default configuration's name.
    pub fn default_config_name(&self) -> String {
        self.default_config.clone().unwrap_or_else(|| {
            if self.configs.contains_key("ci") {
                "ci".into()
            } else {
                self.configs.keys().next().cloned().unwrap_or_default()
            }
        })
    }
}

/// Resolves `NAME[:CONFIG]` (or `all`) into (manifest, configuration name) pairs.
pub fn select(spec: &str) -> Result<Vec<(Manifest, String)>, SubjectError> {
    let subjects = all()?;
    let (name, cfg) = match spec.split_once(':') {
        Some((n, c)) => (n, Some(c)),
        None => (spec, None),
    };
    let pick = |m: &Manifest| -> Result<(Manifest, String), SubjectError> {
        let c = cfg.map(String::from).unwrap_or_else(|| m.default_config_name());
        m.config(&c)?;
        Ok((m.clone(), c))
    };
    if name == "all" {
        return subjects.iter().map(pick).collect();
    }
    let m = subjects.iter().find(|m| m.name == name).ok_or_else(|| {
        SubjectError::Unknown(
            name.to_string(),
            subjects.iter().map(|m| m.name.clone()).collect::<Vec<_>>().join(", "),
        )
    })?;
    Ok(vec![pick(m)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `@subjects/NAME` holds exactly the subject's own classes: every member is in the whole
    /// bundle, no two subjects share a class, and a subject's drivers are among its members.
    #[test]
    fn each_subject_has_its_own_classes() {
        let bundle = crate::classpath::subject_classes();
        let mut owner: std::collections::HashMap<&str, &str> = Default::default();
        for (name, classes) in MEMBERS {
            assert!(!classes.is_empty(), "{name} has no classes");
            for c in *classes {
                assert!(bundle.contains_key(*c), "{c} of {name} is not in @subjects");
                if let Some(other) = owner.insert(c, name) {
                    panic!("{c} belongs to {other} and {name}");
                }
            }
        }
        assert_eq!(owner.len(), bundle.len(), "every class of @subjects belongs to one subject");
        let tcas = crate::classpath::one_subject_classes("tcas").expect("tcas is embedded");
        assert!(tcas.contains_key("tcas/Driver") && !tcas.contains_key("wbs/Driver"));
        assert!(crate::classpath::one_subject_classes("no-such-subject").is_none());
        assert!(crate::classpath::ClassPath::parse("@subjects/no-such-subject").is_err());
    }

    /// A run of a subject uses its own classes in place of the bundle, and keeps its jars.
    #[test]
    fn runs_narrow_the_bundle_to_the_subject() {
        for m in all().expect("manifests") {
            let cp = m.run_classpath();
            assert!(!cp.iter().any(|e| e == "@subjects"), "{}: {cp:?}", m.name);
            assert_eq!(cp.len(), m.classpath.len());
            let jars: Vec<&String> = m.classpath.iter().filter(|e| !e.starts_with('@')).collect();
            assert!(jars.iter().all(|j| cp.contains(j)), "{}: {cp:?}", m.name);
        }
    }
}
