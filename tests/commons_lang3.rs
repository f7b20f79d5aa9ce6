//! Apache Commons Lang 3 (Debian's unmodified `libcommons-lang3-java` jar) under jsymex: drivers
//! of `StringUtils` and `NumberUtils` (`tests/java/lang3/Lang3Driver.java`) on a symbolic
//! string run to completion (or to their path bound) on the library models, and every
//! generated input is replayed on the real `java`, which must give the same outcome (issue 23).

mod common;
use std::path::{Path, PathBuf};

const LANG3_JAR: &str = "/usr/share/java/commons-lang3.jar";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Compiles the drivers and the replay harness; returns (guard, classpath with the jar).
fn classpath() -> (tempfile::TempDir, String) {
    if !Path::new(LANG3_JAR).exists() {
        panic!("{LANG3_JAR} is missing: install Debian's libcommons-lang3-java (.ci/run does)");
    }
    let tmp = tempfile::tempdir().unwrap();
    common::javac_files(&[root().join("tests/java/lang3/Lang3Driver.java")], &[LANG3_JAR], tmp.path());
    let cp = format!("{}:{LANG3_JAR}", tmp.path().display());
    (tmp, cp)
}

/// Runs one driver on a symbolic string of `len` chars; checks that no model is missing, that
/// every path returned or threw, that the exploration completed (or stopped at `max_paths`),
/// and that every input replays on the JVM with the same outcome. Returns the paths.
fn explore(cp: &str, method: &str, len: usize, max_paths: usize) -> Vec<serde_json::Value> {
    let driver = format!("Lang3Driver.{method}(java.lang.String)");
    let (len, max) = (len.to_string(), max_paths.to_string());
    let r = common::run(&[
        "--classpath",
        cp,
        "--driver",
        &driver,
        "--string-len",
        &len,
        "--max-paths",
        &max,
        "--timeout",
        "300",
    ]);
    assert_eq!(r.code, 0, "{driver}: exit {}: {}", r.code, r.stderr);
    assert!(
        !r.stderr.contains("no model") && !r.stdout.contains("no model"),
        "{driver}: {}",
        r.stderr
    );
    let stop = r.summary["stop"].as_str().unwrap_or("?");
    assert!(
        stop == "Complete" || stop == "MaxPaths",
        "{driver}: stopped with {}",
        r.summary["stop"]
    );
    assert_eq!(common::count(&r.summary, "unknown_paths"), 0, "{driver}: solver unknowns");
    for p in &r.paths {
        let k = p["outcome"]["kind"].as_str().unwrap_or("");
        assert!(k == "return" || k == "exception", "{driver}: path ended as {p}");
    }
    let (n, problems) = common::replay_paths(cp, &driver, &r.paths);
    assert_eq!(n, r.paths.len());
    assert!(
        problems.is_empty(),
        "{driver}: {} of {n} differ:\n{}",
        problems.len(),
        problems.join("\n")
    );
    r.paths
}

/// The distinct return values (as JSON text) of a run.
fn values(paths: &[serde_json::Value]) -> std::collections::BTreeSet<String> {
    paths.iter().map(|p| p["outcome"]["value"].to_string()).collect()
}

#[test]
fn string_utils_drivers_replay_on_the_jvm() {
    let (_guard, cp) = classpath();
    // (method, string length, path bound, feasible paths of the complete exploration)
    for (method, len, expected) in [
        ("classify", 3, 10),
        ("split", 3, 27),
        ("replace", 3, 3),
        ("capitalize", 3, 6),
        ("strip", 3, 47),
        ("pattern", 3, 27),
    ] {
        let paths = explore(&cp, method, len, 2000);
        if expected > 0 {
            assert_eq!(paths.len(), expected, "{method}: feasible paths");
        }
        let v = values(&paths);
        match method {
            // isNumeric, isAlpha and isBlank each seen true and false
            "classify" => {
                for probe in [
                    "\"true,false,false\"",
                    "\"false,true,false\"",
                    "\"false,false,true\"",
                    "\"false,false,false\"",
                ] {
                    assert!(v.contains(probe), "classify: {probe} in {v:?}");
                }
            }
            // no separator, one, and an empty token kept by splitPreserveAllTokens
            "split" => assert!(v.len() >= 10, "split: {v:?}"),
            // "ab" found at 0, at 1, or not at all
            "replace" => assert_eq!(v.len(), 3, "replace: {v:?}"),
            "pattern" => assert!(v.iter().any(|s| s.contains('#')), "pattern: digits replaced in {v:?}"),
            _ => assert!(v.len() >= 2, "{method}: {v:?}"),
        }
    }
}

#[test]
fn number_utils_drivers_replay_on_the_jvm() {
    let (_guard, cp) = classpath();
    let created = explore(&cp, "isCreatable", 3, 2000);
    assert_eq!(created.len(), 221, "isCreatable: feasible paths");
    let v = values(&created);
    for probe in ["\"true,true\"", "\"true,false\"", "\"false,false\""] {
        assert!(v.contains(probe), "isCreatable: {probe} in {v:?}");
    }
    let to_int = explore(&cp, "toInt", 3, 2000);
    assert_eq!(to_int.len(), 11, "toInt: feasible paths");
    assert!(values(&to_int).contains("-1") && values(&to_int).len() >= 3);
    // createNumber goes through Integer/Long/Float/Double parsing and BigInteger/BigDecimal
    // for malformed numbers: bounded, but every input must still replay
    let numbers = explore(&cp, "createNumber", 3, 60);
    let v = values(&numbers);
    assert!(v.iter().any(|s| s.contains("java.lang.Integer:")), "createNumber: {v:?}");
    assert!(v.iter().any(|s| s.contains("NumberFormatException")), "createNumber: {v:?}");
}
