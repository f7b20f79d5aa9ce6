//! Symbolic strings and the real jars (library-models issue, items 2 to 4): `Integer.parseInt`
//! on a symbolic three-character string, Apache Commons CLI 1.5.0 and NanoXML 2.2.3 from
//! Debian's unmodified jars. Every generated input is replayed on the real `java`, which must
//! give the same outcome (return value or exception class).

mod common;
use std::path::{Path, PathBuf};

const CLI_JAR: &str = "/usr/share/java/commons-cli.jar";
const NANOXML_JAR: &str = "/usr/share/java/nanoxml.jar";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Outcome kinds of a run, as (returns, exceptions of `class`, others).
fn kinds(paths: &[serde_json::Value], class: &str) -> (usize, usize, usize) {
    let ret = paths.iter().filter(|p| p["outcome"]["kind"] == "return").count();
    let exc = paths.iter().filter(|p| p["outcome"]["exception"] == class).count();
    (ret, exc, paths.len() - ret - exc)
}

/// No path ended on anything but a return or an exception, and nothing mentions a missing model.
fn assert_complete(what: &str, r: &common::RunOut) {
    assert_eq!(r.code, 0, "{what}: exit {} {}", r.code, r.stderr);
    assert!(
        !r.stderr.contains("no model") && !r.stdout.contains("no model"),
        "{what}: {}",
        r.stderr
    );
    for p in &r.paths {
        let k = p["outcome"]["kind"].as_str().unwrap_or("");
        assert!(k == "return" || k == "exception", "{what}: path ended as {p}");
    }
    assert_eq!(common::count(&r.summary, "unknown_paths"), 0, "{what}: solver unknowns");
}

#[test]
fn parse_int_on_a_symbolic_three_character_string_replays_on_the_jvm() {
    let tmp = tempfile::tempdir().unwrap();
    common::javac_files(&[root().join("tests/java/strings/ParseInt.java")], &[], tmp.path());
    let cp = tmp.path().to_string_lossy().into_owned();
    // (driver, feasible paths): the classes of a 3-character string for a digit parser are the
    // first character (digit, '-', '+', other) and where the first non-digit sits.
    for (driver, expected) in [
        ("ParseInt.parse(java.lang.String)", 11),
        ("ParseInt.parseHexOrMinusOne(java.lang.String)", 11),
        ("ParseInt.signOfTrimmedLong(java.lang.String)", 55),
    ] {
        let r = common::run(&["--classpath", &cp, "--driver", driver, "--string-len", "3"]);
        assert_complete(driver, &r);
        assert_eq!(common::count(&r.summary, "feasible_paths"), expected, "{driver}");
        let (ret, nfe, _) = kinds(&r.paths, "java.lang.NumberFormatException");
        assert!(ret >= 3, "{driver}: some paths return a value ({ret})");
        if driver.contains("OrMinusOne") {
            assert!(r.paths.iter().any(|p| p["outcome"]["value"] == -1), "{driver}: the caught failure");
        } else {
            assert!(nfe >= 3, "{driver}: some paths throw NumberFormatException ({nfe})");
        }
        let (n, problems) = common::replay_paths(&cp, driver, &r.paths);
        assert_eq!(n, expected as usize);
        assert!(problems.is_empty(), "{driver}:\n{}", problems.join("\n"));
    }
}

#[test]
fn commons_cli_explores_a_thousand_paths_that_replay_on_the_jvm() {
    if !Path::new(CLI_JAR).exists() {
        panic!("{CLI_JAR} is missing: install Debian's libcommons-cli-java (.ci/run does)");
    }
    let tmp = tempfile::tempdir().unwrap();
    common::javac_files(&[root().join("subjects/cli/src/cli/Driver.java")], &[CLI_JAR], tmp.path());
    let cp = format!("{}:{CLI_JAR}", tmp.path().display());
    // Three symbolic arguments of three characters each (the paper's 9 inputs), bounded at 1,000 paths.
    let r = common::run(&["--subject", "cli:max", "--max-paths", "1000", "--timeout", "300"]);
    assert_complete("cli", &r);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 1000);
    let (ret, _, _) = kinds(&r.paths, "");
    // The driver catches ParseException; the jar's own StringIndexOutOfBoundsException on
    // arguments like "-=a" (a real bug of commons-cli 1.5.0) is an exception outcome.
    let sioobe = kinds(&r.paths, "java.lang.StringIndexOutOfBoundsException").1;
    assert_eq!(ret + sioobe, 1000, "{ret} returns, {sioobe} StringIndexOutOfBoundsException");
    assert!(sioobe > 0 && ret > 900);
    let errors = r
        .paths
        .iter()
        .filter(|p| p["outcome"]["value"].as_str().is_some_and(|v| v.starts_with("error:")))
        .count();
    let parsed = r
        .paths
        .iter()
        .filter(|p| p["outcome"]["value"].as_str().is_some_and(|v| v.contains("block-size=")))
        .count();
    assert!(
        errors > 0 && parsed > 0,
        "parse errors ({errors}) and option values ({parsed}) are both reached"
    );
    let (n, problems) = common::replay_paths(
        &cp,
        "cli.Driver.parse3(java.lang.String,java.lang.String,java.lang.String)",
        &r.paths,
    );
    assert_eq!(n, 1000);
    assert!(problems.is_empty(), "{} of {n} differ:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn nanoxml_parses_a_symbolic_six_character_document_and_replays_on_the_jvm() {
    if !Path::new(NANOXML_JAR).exists() {
        panic!("{NANOXML_JAR} is missing: install Debian's libnanoxml2-java (.ci/run does)");
    }
    let tmp = tempfile::tempdir().unwrap();
    common::javac_files(
        &[root().join("subjects/nanoxml/src/nanoxml/Driver.java")],
        &[NANOXML_JAR],
        tmp.path(),
    );
    let cp = format!("{}:{NANOXML_JAR}", tmp.path().display());
    for strategy in ["spf", "dgse"] {
        let r = common::run(&[
            "--subject",
            "nanoxml:min",
            "--input",
            "<a  />",
            "--strategy",
            strategy,
            "--max-paths",
            "300",
            "--timeout",
            "300",
        ]);
        assert_complete(strategy, &r);
        let feasible = common::count(&r.summary, "feasible_paths");
        assert!(feasible >= 100, "{strategy}: {feasible} paths");
        // The first run parses a well-formed seed; the exploration flips its characters into
        // documents that parse and documents that fail (the driver returns the exception's class).
        let ok = r
            .paths
            .iter()
            .filter(|p| p["outcome"]["value"].as_str().is_some_and(|v| v.starts_with('<')))
            .count();
        let bad = r
            .paths
            .iter()
            .filter(|p| p["outcome"]["value"].as_str().is_some_and(|v| v.starts_with("error:")))
            .count();
        assert!(ok > 0 && bad > 0, "{strategy}: well-formed ({ok}) and malformed ({bad}) documents");
        let (n, problems) = common::replay_paths(&cp, "nanoxml.Driver.dump(java.lang.String)", &r.paths);
        assert_eq!(n as u64, feasible);
        assert!(
            problems.is_empty(),
            "{strategy}: {} of {n} differ:\n{}",
            problems.len(),
            problems.join("\n")
        );
    }
}
