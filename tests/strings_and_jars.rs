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
        // 55: see `sign_of_trimmed_long_paths` (31 NumberFormatException, 12 zero, 9 positive,
        // 3 negative), checked outcome by outcome in its own test.
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

/// The feasible paths of `signOfTrimmedLong` on a symbolic 3-character string, enumerated
/// independently of jsymex: the symbolic decisions of `String.trim` (`c <= ' '` from each end),
/// `Long.parseLong` (JDK 17's algorithm: `first < '0'`, `== '-'`, `!= '+'`, `digit < 0`, the
/// overflow guards `result < limit / 10` and `result < limit + digit`) and the sign test
/// (`v < 0`, `v == 0`), recorded for every string over seven representative characters — one per
/// class these decisions distinguish: ' ' (blank), '!' (below '0', not a sign), '+', '-', '0',
/// '1' (a non-zero digit), 'a' (not a digit). Each distinct decision sequence is one path.
/// Returns the number of paths ending in each outcome: `NumberFormatException`, -1, 0, 1.
fn sign_of_trimmed_long_paths() -> std::collections::BTreeMap<String, usize> {
    fn decisions(s: &[char]) -> (Vec<(&'static str, bool)>, String) {
        let mut ev = Vec::new();
        let (mut begin, mut end) = (0, s.len());
        while begin < end {
            let blank = s[begin] <= ' ';
            ev.push(("trim-left", blank));
            if !blank {
                break;
            }
            begin += 1;
        }
        while end > begin {
            let blank = s[end - 1] <= ' ';
            ev.push(("trim-right", blank));
            if !blank {
                break;
            }
            end -= 1;
        }
        let t = &s[begin..end];
        let nfe = || "NumberFormatException".to_string();
        if t.is_empty() {
            return (ev, nfe());
        }
        let (mut i, mut negative, mut limit) = (0, false, -i64::MAX);
        let below = t[0] < '0';
        ev.push(("first<'0'", below));
        if below {
            let minus = t[0] == '-';
            ev.push(("first=='-'", minus));
            if minus {
                negative = true;
                limit = i64::MIN;
            } else {
                let not_plus = t[0] != '+';
                ev.push(("first!='+'", not_plus));
                if not_plus {
                    return (ev, nfe());
                }
            }
            if t.len() == 1 {
                return (ev, nfe());
            }
            i = 1;
        }
        let min_before_multiply = limit / 10;
        let (mut result, mut symbolic) = (0i64, false);
        while i < t.len() {
            let digit = t[i].to_digit(10).map(|d| d as i64).unwrap_or(-1);
            i += 1;
            ev.push(("digit<0", digit < 0));
            if digit < 0 {
                return (ev, nfe());
            }
            if symbolic {
                ev.push(("result<min/10", result < min_before_multiply));
            }
            result *= 10;
            ev.push(("result<limit+digit", result < limit + digit));
            result -= digit;
            symbolic = true;
        }
        let v = if negative { result } else { -result };
        ev.push(("v<0", v < 0));
        if v < 0 {
            return (ev, "-1".into());
        }
        ev.push(("v==0", v == 0));
        (ev, if v == 0 { "0" } else { "1" }.into())
    }
    let reps = [' ', '!', '+', '-', '0', '1', 'a'];
    let mut paths = std::collections::BTreeMap::new();
    for a in reps {
        for b in reps {
            for c in reps {
                let (ev, outcome) = decisions(&[a, b, c]);
                paths.entry(ev).or_insert(outcome);
            }
        }
    }
    let mut by_outcome = std::collections::BTreeMap::new();
    for o in paths.values() {
        *by_outcome.entry(o.clone()).or_insert(0) += 1;
    }
    by_outcome
}

#[test]
fn sign_of_trimmed_long_has_the_enumerated_paths() {
    let expected = sign_of_trimmed_long_paths();
    assert_eq!(expected.values().sum::<usize>(), 55);
    let tmp = tempfile::tempdir().unwrap();
    common::javac_files(&[root().join("tests/java/strings/ParseInt.java")], &[], tmp.path());
    let cp = tmp.path().to_string_lossy().into_owned();
    let r = common::run(&[
        "--classpath",
        &cp,
        "--driver",
        "ParseInt.signOfTrimmedLong(java.lang.String)",
        "--string-len",
        "3",
    ]);
    assert_complete("signOfTrimmedLong", &r);
    let mut got = std::collections::BTreeMap::new();
    for p in &r.paths {
        let o = &p["outcome"];
        let key = match o["kind"].as_str() {
            Some("exception") => o["exception"].as_str().unwrap().trim_start_matches("java.lang.").to_string(),
            _ => o["value"].to_string(),
        };
        *got.entry(key).or_insert(0) += 1;
    }
    assert_eq!(got, expected, "paths per outcome: jsymex vs the enumeration");
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
