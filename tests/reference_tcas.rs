//! Reference test for the `tcas` subject (the Siemens suite's TCAS module): an independent Rust
//! model of the resolution-advisory specification checks every path jsymex explores in the
//! subject's `ci` configuration, and the hand-checked cases of `subjects/tcas/expected.json`.

use serde_json::Value;
use std::process::Command;

/// The advisory for the twelve inputs (in the C program's argv order), from the specification:
/// an advisory is only considered when the report is trusted (high confidence, own climb rate at
/// most 600 ft/min, vertical separation above 600 ft) and the intruder either has no TCAS or its
/// intent is unknown (two of three reports valid, no RAC). The preferred sense is upward when the
/// upward separation (plus 100 ft when climbing is inhibited) exceeds the downward one; a climb is
/// non-crossing-biased when upward is preferred and we are not below the threat or the downward
/// separation is below the layer's threshold, or when downward is preferred, we are above the
/// threat, separated by at least 300 ft and the upward separation reaches the threshold; the
/// descend case is symmetric. Returns -1 for a layer outside 0..3 (the driver's guard).
fn advisory(v: &[i64]) -> i64 {
    let (cur_sep, confident, two_of_three, own_alt, own_rate, other_alt) = (v[0], v[1], v[2], v[3], v[4], v[5]);
    let (layer, up_sep, down_sep, other_rac, other_cap, climb_inhibit) = (v[6], v[7], v[8], v[9], v[10], v[11]);
    let thresholds = [400, 500, 640, 740];
    if !(0..4).contains(&layer) {
        return -1;
    }
    let alim = thresholds[layer as usize];
    let trusted = confident != 0 && own_rate <= 600 && cur_sep > 600;
    let intruder_has_tcas = other_cap == 1;
    let intent_unknown = two_of_three != 0 && other_rac == 0;
    if !trusted || (intruder_has_tcas && !intent_unknown) {
        return 0;
    }
    let below = own_alt < other_alt;
    let above = own_alt > other_alt;
    let biased_up = if climb_inhibit != 0 { up_sep + 100 } else { up_sep };
    let prefer_up = biased_up > down_sep;
    let climb_ok = if prefer_up {
        !below || down_sep < alim
    } else {
        above && cur_sep >= 300 && up_sep >= alim
    };
    let descend_ok = if prefer_up {
        below && cur_sep >= 300 && down_sep >= alim
    } else {
        !above || up_sep >= alim
    };
    match (climb_ok && below, descend_ok && above) {
        (true, false) => 1,
        (false, true) => 2,
        _ => 0,
    }
}

fn manifest(subject: &str) -> Value {
    let path = format!("{}/subjects/{subject}/subject.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).expect("manifest")).expect("manifest JSON")
}

/// Runs `jsymex run` on a configuration of a subject's manifest; returns the JSONL path lines.
fn run_config(subject: &str, config: &str) -> Vec<Value> {
    let m = manifest(subject);
    let cfg = &m["configs"][config];
    let pick = |k: &str| -> Option<Value> { cfg.get(k).or_else(|| m["defaults"].get(k)).filter(|v| !v.is_null()).cloned() };
    let driver = pick("driver").unwrap_or_else(|| m["driver"].clone());
    let dir = tempfile::tempdir().expect("tempdir");
    let tests = dir.path().join("t.jsonl");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jsymex"));
    cmd.args(["run", "--quiet", "--classpath", "@subjects", "--driver", driver.as_str().unwrap()]);
    if let Some(s) = pick("symbolic") {
        cmd.args(["--symbolic", s.as_str().unwrap()]);
    }
    if let Some(i) = pick("input") {
        let vals: Vec<&str> = i.as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
        cmd.args(["--input", &vals.join(",")]);
    }
    for (key, flag) in [
        ("min_int", "--min-int"),
        ("max_int", "--max-int"),
        ("max_paths", "--max-paths"),
        ("timeout", "--timeout"),
    ] {
        if let Some(v) = pick(key) {
            cmd.args([flag, &v.to_string()]);
        }
    }
    cmd.arg("--tests").arg(&tests);
    let out = cmd.output().expect("run jsymex");
    assert_eq!(
        out.status.code(),
        Some(0),
        "jsymex failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&tests)
        .expect("tests file")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .expect("inputs array")
        .iter()
        .map(|x| x.as_i64().expect("int input"))
        .collect()
}

#[test]
fn tcas_ci_paths_match_the_reference() {
    let paths = run_config("tcas", "ci");
    let mut checked = 0;
    let mut seen = std::collections::BTreeSet::new();
    for p in &paths {
        let outcome = &p["outcome"];
        if outcome["kind"] == "limit" {
            continue;
        }
        let inputs = ints(&p["inputs"]);
        assert_eq!(inputs.len(), 12);
        let want = advisory(&inputs);
        assert_eq!(outcome["kind"], "return", "path {p}");
        assert_eq!(
            outcome["value"].as_i64(),
            Some(want),
            "inputs {inputs:?}: jsymex {outcome}, reference {want}"
        );
        seen.insert(want);
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} paths checked");
    // every outcome of the specification is reached: -1 (bad layer), 0, 1 and 2
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![-1, 0, 1, 2]);
}

#[test]
fn tcas_expected_cases_match_the_reference() {
    let path = format!("{}/subjects/tcas/expected.json", env!("CARGO_MANIFEST_DIR"));
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(cases.len() >= 10);
    for c in &cases {
        let inputs = ints(&c["inputs"]);
        assert_eq!(Some(advisory(&inputs)), c["outcome"]["value"].as_i64(), "case {c}");
    }
}
