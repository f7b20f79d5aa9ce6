//! Mutation analysis through the binary: `jsymex mutate` writes mutants that the JVM's
//! verifier accepts, and `jsymex junit --mutants` kills exactly the mutants a hand-written
//! suite must kill (per operator), stops a looping mutant with the per-test timeout, and
//! rejects an invalid class file as invalid rather than killed. Needs `javac`, `java` and
//! Debian's junit4 (CI installs them); a missing tool fails the test.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every mutant of this class is listed (with its fate under `SUITE`) in
/// `hand_written_suite_kills_exactly_what_it_must`.
const TINY: &str = r#"
public class Tiny {
    public static int twice(int x) { return x * 2; }
    public static int countdown(int n) { while (n > 0) { n = n - 1; } return n; }
    static int total;
    static void bump() { total = total + 1; }
    public static int bumped() { bump(); return total; }
}
"#;

const SUITE: &str = r#"
import org.junit.Test;
import static org.junit.Assert.assertEquals;
public class TinyTest {
    @Test public void twiceOfThree() { assertEquals(6, Tiny.twice(3)); }
    @Test public void countdownFromThree() { assertEquals(0, Tiny.countdown(3)); }
    @Test public void bumpedOnce() { assertEquals(1, Tiny.bumped()); }
}
"#;

fn jsymex(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jsymex")).args(args).output().expect("run jsymex")
}

fn ok(out: &std::process::Output) -> String {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn read_json(p: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(p).expect("json written")).expect("valid json")
}

/// Writes the test source `file` into `dir/tests` and returns that directory.
fn suite(dir: &Path, file: &str, src: &str) -> PathBuf {
    let tests = dir.join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::write(tests.join(file), src).unwrap();
    tests
}

/// `jsymex mutate` of `classes` in `cp` into `out`; its output.
fn mutate(cp: &str, classes: &str, out: &Path) -> String {
    ok(&jsymex(&["mutate", "-c", cp, "--classes", classes, "--out", out.to_str().unwrap()]))
}

/// `jsymex junit --check tests -c cp --mutants mutants` with `extra` options: its output and
/// its `--mutation-json` report.
fn kill(tests: &Path, cp: &str, mutants: &Path, extra: &[&str]) -> (String, serde_json::Value) {
    let json = tempfile::NamedTempFile::new().unwrap();
    let mut args = vec![
        "junit",
        "--check",
        tests.to_str().unwrap(),
        "-c",
        cp,
        "--mutants",
        mutants.to_str().unwrap(),
        "--mutation-json",
        json.path().to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let text = ok(&jsymex(&args));
    (text, read_json(json.path()))
}

#[test]
fn hand_written_suite_kills_exactly_what_it_must() {
    let (dir, classes) = common::javac(&[("Tiny.java", TINY)]);
    let tests = suite(dir.path(), "TinyTest.java", SUITE);
    let mutants = dir.path().join("mutants");
    let cp = classes.to_str().unwrap();
    let text = mutate(cp, "Tiny", &mutants);
    assert!(text.contains("31 mutants of 1 classes"), "{text}");
    let manifest = read_json(&mutants.join("mutants.json"));
    let ms = manifest["mutants"].as_array().unwrap();
    assert_eq!(ms.len(), 31);
    for m in ms {
        let file = mutants.join(m["dir"].as_str().unwrap()).join("Tiny.class");
        assert!(file.is_file(), "{file:?}");
        assert!(m["line"].as_u64().unwrap() >= 3, "{m}");
    }
    // Each mutant differs from the original class file.
    let original = std::fs::read(classes.join("Tiny.class")).unwrap();
    assert!(
        ms.iter()
            .all(|m| std::fs::read(mutants.join(m["dir"].as_str().unwrap()).join("Tiny.class")).unwrap() != original)
    );

    let (text, r) = kill(&tests, cp, &mutants, &["--test-timeout", "500"]);
    assert_eq!(r["tests"], 3, "{text}");
    assert_eq!(r["total"]["invalid"], 0, "{text}");
    // (mutants, killed including timeouts) per operator:
    // AOR: twice * -> + - / % all change 3*2 = 6 (4 of 4); countdown n - 1 -> n + 1 (runs
    //   to overflow or past the timeout), n * 1 and n / 1 (loop: timeout) are killed, n % 1
    //   returns 0 as the original does (3 of 4); bump total + 1 -> - * / % (4 of 4).
    // CRP: twice's 2 -> 3, 1, 0 (3 of 3); countdown's 1 -> 2 (returns -1) and 1 -> 0 (loops)
    //   (2 of 2); bump's 1 -> 2, 0 (2 of 2).
    // ROR: countdown's n <= 0 exit test -> == 0 survives (3 reaches 0), < 0, != 0, >= 0 are
    //   killed (3 of 4). NCO: -> n > 0 exits at once (1 of 1).
    // VMCR: bumped without bump() returns 0 (1 of 1).
    // RVR: twice -> 0, x + 1 (2 of 2); countdown -> 0 is the original's value, x + 1 is not
    //   (1 of 2); bumped -> 0, x + 1 (2 of 2).
    let expect = [
        ("AOR", 12, 11),
        ("CRP", 7, 7),
        ("ROR", 4, 3),
        ("NCO", 1, 1),
        ("VMCR", 1, 1),
        ("RVR", 6, 5),
    ];
    for (op, mutants, killed) in expect {
        let c = &r["operators"][op];
        assert_eq!(c["mutants"], mutants, "{op}: {c}\n{text}");
        let k = c["killed"].as_u64().unwrap() + c["timed_out"].as_u64().unwrap();
        assert_eq!(k, killed, "{op}: {c}\n{text}");
    }
    assert_eq!(r["total"]["mutants"], 31);
    assert_eq!(r["total"]["survived"], 3, "{text}");
    // The looping mutants were stopped by the timeout, and each survivor is the one expected.
    let by_change = |method: &str, change: &str| {
        r["mutants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["method"] == method && m["change"] == change)
            .unwrap_or_else(|| panic!("no mutant {method} {change}"))["status"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(by_change("countdown", "1 -> 0"), "timeout");
    assert_eq!(by_change("countdown", "isub -> imul"), "timeout");
    assert_eq!(by_change("countdown", "isub -> idiv"), "timeout");
    assert_eq!(by_change("countdown", "isub -> irem"), "survived");
    assert_eq!(by_change("countdown", "ifle -> ifeq"), "survived");
    assert_eq!(by_change("countdown", "return x -> return 0"), "survived");
    assert_eq!(by_change("twice", "imul -> iadd"), "killed");
    assert!(text.contains("kill rate 90.3%"), "{text}");
    assert!(text.contains("survivors:"), "{text}");
    // Coverage-based selection: each mutant's method is executed by exactly one test.
    assert_eq!(r["selected_by_coverage"], true, "libasm-java must be installed: {text}");
    assert_eq!(r["test_runs"], 31, "{text}");

    // Selection changes the work, never a verdict: every test on every mutant gives the same.
    let (_, a) = kill(&tests, cp, &mutants, &["--test-timeout", "500", "--all-tests"]);
    assert_eq!(a["selected_by_coverage"], false);
    assert_eq!(a["test_runs"], 93);
    let statuses = |v: &serde_json::Value| -> Vec<(u64, String)> {
        v["mutants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["id"].as_u64().unwrap(), m["status"].as_str().unwrap().to_string()))
            .collect()
    };
    assert_eq!(statuses(&a), statuses(&r));
}

#[test]
fn an_invalid_class_file_is_reported_as_invalid_not_killed() {
    let (dir, classes) = common::javac(&[("Tiny.java", TINY)]);
    let tests = suite(dir.path(), "TinyTest.java", SUITE);
    // A hand-made "mutant": twice's imul replaced by fmul, which the verifier rejects.
    let mut bytes = std::fs::read(classes.join("Tiny.class")).unwrap();
    let at = bytes
        .windows(4)
        .position(|w| w == [0x1a, 0x05, 0x68, 0xac])
        .expect("iload_0 iconst_2 imul ireturn");
    bytes[at + 2] = 0x6a;
    let mutants = dir.path().join("mutants");
    std::fs::create_dir_all(mutants.join("m0001")).unwrap();
    std::fs::write(mutants.join("m0001/Tiny.class"), bytes).unwrap();
    let manifest = serde_json::json!({"mutants": [{"id": 1, "operator": "AOR", "class": "Tiny", "method": "twice",
        "descriptor": "(I)I", "line": 3, "pc": 2, "change": "imul -> fmul", "dir": "m0001"}], "skipped": []});
    std::fs::write(mutants.join("mutants.json"), manifest.to_string()).unwrap();
    let (text, _) = kill(&tests, classes.to_str().unwrap(), &mutants, &[]);
    assert!(text.contains("0 mutants, 0 killed"), "{text}");
    assert!(text.contains("1 rejected by the verifier"), "{text}");
}

/// Every mutant of the real Commons CLI jar and of every bundled subject is a class file the
/// JVM's verifier accepts (a suite with one empty test links each mutated class).
#[test]
fn every_mutant_of_commons_cli_and_the_subjects_passes_the_verifier() {
    let dir = tempfile::tempdir().unwrap();
    let tests = suite(
        dir.path(),
        "NopTest.java",
        "public class NopTest { @org.junit.Test public void nothing() {} }",
    );
    for (cp, classes, at_least) in [
        ("/usr/share/java/commons-cli.jar", "org.apache.commons.cli.*", 2000),
        ("/usr/share/java/nanoxml.jar", "net.n3.nanoxml.*", 2000),
        ("@subjects", "*", 5000),
    ] {
        assert!(
            cp.starts_with('@') || Path::new(cp).is_file(),
            "{cp} is missing: install libcommons-cli-java and libnanoxml2-java"
        );
        let out = dir.path().join(format!("m-{}", classes.len()));
        let text = mutate(cp, classes, &out);
        let n: usize = text.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(n >= at_least, "{cp}: {text}");
        assert!(text.contains(", 0 skipped"), "{cp}: {text}");
        let cp_full = if cp == "@subjects" {
            format!("{cp}:/usr/share/java/commons-cli.jar")
        } else {
            cp.to_string()
        };
        let (text, r) = kill(&tests, &cp_full, &out, &[]);
        assert_eq!(r["total"]["invalid"], 0, "{cp}: {text}");
        assert_eq!(r["total"]["mutants"].as_u64().unwrap() as usize, n, "{cp}: {text}");
    }
}

#[test]
fn bad_mutate_input_is_one_line_with_exit_code_two() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m");
    for (args, needle) in [
        (
            vec!["mutate", "-c", "/nonexistent.jar", "--classes", "*", "--out", out.to_str().unwrap()],
            "/nonexistent.jar",
        ),
        (
            vec![
                "mutate",
                "-c",
                "@examples",
                "--classes",
                "no.such.*",
                "--out",
                out.to_str().unwrap(),
            ],
            "no.such.*",
        ),
        (
            vec![
                "mutate",
                "-c",
                "@examples",
                "--classes",
                "*",
                "--operators",
                "XYZ",
                "--out",
                out.to_str().unwrap(),
            ],
            "XYZ",
        ),
    ] {
        let o = jsymex(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
    }
    let o = jsymex(&["junit", "--check", dir.path().to_str().unwrap(), "--mutants", "/nonexistent"]);
    assert_ne!(o.status.code(), Some(0));
}

const GRADE: &str = r#"
public class Grade {
    public static int grade(int score) {
        if (score >= 90) return 4;
        if (score >= 80) return 3;
        if (score >= 70) return 2;
        return 0;
    }
}
"#;

/// `compare --mutation` runs each strategy's generated suite against the same mutants: equal
/// suites (spf and dgse explore the same four paths here) kill the same mutants, none of them
/// uniquely; a suite of one path kills fewer, and what it kills the full suite kills too.
#[test]
fn compare_mutation_prints_table_ten_per_strategy() {
    let (dir, classes) = common::javac(&[("Grade.java", GRADE)]);
    let cp = classes.to_str().unwrap();
    let text = mutate(cp, "Grade", &dir.path().join("m"));
    let n: u64 = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    let json = dir.path().join("t.json");
    let out = ok(&jsymex(&[
        "compare",
        "-c",
        cp,
        "-d",
        "Grade.grade",
        "--strategies",
        "spf,dgse",
        "--mutation",
        "--format",
        "json",
        "--output",
        json.to_str().unwrap(),
    ]));
    assert!(out.is_empty(), "{out}");
    let v = read_json(&json);
    let rows = v["mutation"].as_array().expect("a mutation table");
    assert_eq!(rows.len(), 2);
    for r in rows {
        assert_eq!(r["mutants"], n, "{r}");
        // Per operator (Table 11): the three negated conditions are all killed.
        assert_eq!(r["operators"]["NCO"], serde_json::json!([3, 3]), "{r}");
        assert_eq!(r["tests"], 4, "{r}");
        assert_eq!(r["unique_kills"], 0, "{r}");
        // Both sides of each of the three branches are tested: every negated condition dies.
        assert!(r["killed"].as_u64().unwrap() >= 3, "{r}");
        assert!(r["killed"].as_u64().unwrap() < n, "`return 0 -> 0` and friends survive: {r}");
    }
    assert_eq!(rows[0]["killed"], rows[1]["killed"]);
    assert_eq!(rows[0]["strategy"], "spf");

    // A one-path suite against the full one: text table with the paper's columns.
    let text = ok(&jsymex(&[
        "compare",
        "-c",
        cp,
        "-d",
        "Grade.grade",
        "--strategies",
        "spf,dgse",
        "--mutation",
        "--max-paths",
        "1",
    ]));
    assert!(text.contains("mutation (Table 10)"), "{text}");
    assert!(text.contains("kill rate by operator (Table 11)"), "{text}");
    assert!(text.lines().any(|l| l.trim_start().starts_with("NCO")), "{text}");
    for col in ["mutants", "tests", "killed", "kill_rate", "unique_kills"] {
        assert!(text.contains(col), "{col}: {text}");
    }
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("spf") && l.contains(&n.to_string()))
        .expect("spf row");
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells[3], "1", "one test: {text}");
    let killed_one: u64 = cells[4].parse().unwrap();
    assert!(killed_one < rows[0]["killed"].as_u64().unwrap(), "{text}");

    // --mutate-classes without --mutation is an error.
    let o = jsymex(&["compare", "-c", cp, "-d", "Grade.grade", "--mutate-classes", "Grade"]);
    assert_eq!(o.status.code(), Some(2));
}

/// Test selection by method-entry probes is sound where line coverage is not: the test's only
/// call of `at` throws before any instruction of `at` completes (JaCoCo reports such a method
/// as not covered), yet the mutants that make it return instead must be run, and killed.
#[test]
fn a_method_left_by_an_exception_at_once_still_selects_its_test() {
    let edge = "public class Edge { public static int at(int[] a, int i) { return a[i - 1]; } }";
    let edge_suite = "public class EdgeTest { @org.junit.Test(expected = ArrayIndexOutOfBoundsException.class) \
                 public void below() { Edge.at(new int[] {5}, 0); } }";
    let (dir, classes) = common::javac(&[("Edge.java", edge)]);
    let tests = suite(dir.path(), "EdgeTest.java", edge_suite);
    let mutants = dir.path().join("m");
    let cp = classes.to_str().unwrap();
    mutate(cp, "Edge", &mutants);
    let (text, r) = kill(&tests, cp, &mutants, &[]);
    assert_eq!(r["selected_by_coverage"], true, "{text}");
    // i - 1 -> i * 1, i / 1, i % 1 and the constant 1 -> 0 index a[0] = 5 and return: killed;
    // 1 -> 2 and i + 1 still throw; the two return-value mutants are never reached.
    assert_eq!(r["total"]["mutants"], 8, "{text}");
    assert_eq!(r["total"]["killed"], 4, "{text}");
    assert_eq!(r["test_runs"], 8, "{text}");
}
