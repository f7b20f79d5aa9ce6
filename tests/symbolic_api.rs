//! The `jsymex.Symbolic` input API: `intValue`, `longValue`, `charValue`, `booleanValue`,
//! `doubleValue`, `string`, `assume` (drops paths where it fails) and `check` (a failing check is
//! a fault), on drivers compiled against the API's source (`jvm-stubs/src/jsymex/Symbolic.java`).

mod common;
use std::path::PathBuf;

fn compiled() -> (tempfile::TempDir, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let api = [
        root.join("tests/java/api/Api.java"),
        root.join("tests/java/api/Ranged.java"),
        root.join("jvm-stubs/src/jsymex/Symbolic.java"),
    ];
    common::javac_files(&api, &[], tmp.path());
    let cp = tmp.path().to_string_lossy().into_owned();
    (tmp, cp)
}

#[test]
fn assume_drops_paths_and_a_failing_check_is_a_fault() {
    let (_t, cp) = compiled();
    let r = common::run(&["--classpath", &cp, "--driver", "Api.driver"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // n in 0..5 (two assumed-away directions), two characters each 'x' or not, and the check
    // failing only when both are 'x' and n == 3.
    assert_eq!(common::count(&r.summary, "feasible_paths"), 5);
    assert_eq!(common::count(&r.summary, "assumed_paths"), 2);
    assert_eq!(common::count(&r.summary, "faults"), 1);
    for p in &r.paths {
        let s = &p["symbolic"];
        let n = s["n"].as_i64().expect("n");
        assert!((0..5).contains(&n), "assume holds on every reported path: {p}");
        let k = ["s[0]", "s[1]"].iter().filter(|c| s[**c].as_i64() == Some('x' as i64)).count() as i64;
        if k == 2 && n == 3 {
            assert_eq!(p["outcome"]["exception"], "jsymex.CheckFailure", "{p}");
        } else {
            assert_eq!(p["outcome"]["value"].as_i64(), Some(n * 10 + k), "{p}");
        }
    }
}

#[test]
fn every_value_kind_is_symbolic_and_reported() {
    let (_t, cp) = compiled();
    let r = common::run(&["--classpath", &cp, "--driver", "Api.kinds"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 16);
    let mut seen = std::collections::BTreeSet::new();
    for p in &r.paths {
        let s = &p["symbolic"];
        let l = s["l"].as_i64().expect("l");
        let c = s["c"].as_i64().expect("c");
        let b = s["b"].as_i64().expect("b");
        let d = s["d"].as_f64().expect("d");
        let expected = format!(
            "{}{}{}{}",
            if l > 5 { 'L' } else { 'l' },
            if c == 'q' as i64 { 'Q' } else { 'c' },
            if b != 0 { 'B' } else { 'b' },
            if d > 0.5 { 'D' } else { 'd' }
        );
        assert_eq!(p["outcome"]["value"].as_str(), Some(expected.as_str()), "{p}");
        seen.insert(expected);
    }
    assert_eq!(seen.len(), 16);
}

/// `--min-int`/`--max-int` bound what the program draws while it runs (`Symbolic.intValue`,
/// `shortValue`, `byteValue`: SPF's `Debug.makeSymbolicInteger` and SV-COMP's `nondetInt` go
/// through them) and the `int`, `short` and `byte` fields of lazily initialised objects, as they
/// bound parameters; a type the range does not meet keeps its own range (no error, no panic).
#[test]
fn the_int_range_bounds_inputs_drawn_at_run_time_and_fields() {
    let (_t, cp) = compiled();
    let r = common::run(&["--classpath", &cp, "--driver", "Ranged.drawn", "--min-int", "-1", "--max-int", "3"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // (x > 2) x (s > 2) with n null (4 paths), and with an N also (n.v > 2) x (n.s > 2): 20.
    assert_eq!(common::count(&r.summary, "feasible_paths"), 20);
    let in_range = |v: &serde_json::Value| v.as_i64().is_some_and(|v| (-1..=3).contains(&v));
    for p in &r.paths {
        for k in ["x", "s", "b"] {
            assert!(in_range(&p["symbolic"][k]), "{k}: {p}");
        }
        let n = &p["inputs"][0];
        if !n.is_null() {
            for k in ["v", "s", "b"] {
                assert!(in_range(&n["fields"][k]), "n.{k}: {p}");
            }
        }
        assert!(p["outcome"]["value"].as_i64().is_none_or(|v| v < 100), "{p}");
    }
    let r = common::run(&[
        "--classpath",
        &cp,
        "--driver",
        "Ranged.outside",
        "--min-int",
        "200",
        "--max-int",
        "300",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 3);
    for p in &r.paths {
        let x = p["inputs"][1].as_i64().expect("x");
        assert!((200..=300).contains(&x), "{p}");
    }
}
