//! The tot_info subject against an independent reference: Kullback's "2 info" statistic of a
//! contingency table, 2 * (N ln N - sum_i R_i ln R_i + sum_ij f_ij ln f_ij - sum_j C_j ln C_j)
//! (terms with a zero count vanish), accumulated in the program's documented order (the total,
//! then each row's marginal term followed by that row's cells, then the column marginals) so
//! that doubles compare bit for bit; bad tables give -2 (a negative tally, found scanning row
//! by row) or -1 (all zeros). Runs `jsymex run` on the subject's `ci` configuration and checks
//! every path's outcome exactly.

use serde_json::Value;
use std::process::Command;

/// `x ln x` for a positive count, 0 for zero (the convention 0 ln 0 = 0).
fn xlnx(x: f64) -> f64 {
    if x > 0.0 { x * x.ln() } else { 0.0 }
}

/// The statistic of a rows x cols table (row-major), or the error code.
fn two_info(rows: usize, cols: usize, t: &[i64]) -> f64 {
    if t.iter().any(|&k| k < 0) {
        return -2.0;
    }
    let cell = |i: usize, j: usize| t[i * cols + j] as f64;
    let row: Vec<f64> = (0..rows).map(|i| (0..cols).fold(0.0, |s, j| s + cell(i, j))).collect();
    let col: Vec<f64> = (0..cols).map(|j| (0..rows).fold(0.0, |s, i| s + cell(i, j))).collect();
    let n = row.iter().fold(0.0, |s, r| s + r);
    if n <= 0.0 {
        return -1.0;
    }
    // Zero terms are skipped rather than added (adding +0.0 could only change a -0.0).
    let mut acc = n * n.ln();
    for (i, &r) in row.iter().enumerate().take(rows) {
        if r > 0.0 {
            acc -= xlnx(r);
        }
        for j in 0..cols {
            if cell(i, j) > 0.0 {
                acc += xlnx(cell(i, j));
            }
        }
    }
    for c in &col {
        if *c > 0.0 {
            acc -= xlnx(*c);
        }
    }
    2.0 * acc
}

/// Command-line arguments of a manifest configuration.
fn config_args(subject: &str, config: &str) -> Vec<String> {
    let path = format!("{}/subjects/{subject}/subject.json", env!("CARGO_MANIFEST_DIR"));
    let m: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("manifest")).expect("manifest JSON");
    let c = &m["configs"][config];
    let get = |k: &str| {
        c.get(k)
            .filter(|v| !v.is_null())
            .or_else(|| m["defaults"].get(k).filter(|v| !v.is_null()))
    };
    let mut args = vec!["--classpath".to_string(), "@subjects".into(), "--driver".into()];
    args.push(
        get("driver")
            .and_then(Value::as_str)
            .unwrap_or(m["driver"].as_str().unwrap())
            .to_string(),
    );
    for (key, flag) in [
        ("min_int", "--min-int"),
        ("max_int", "--max-int"),
        ("max_paths", "--max-paths"),
        ("timeout", "--timeout"),
    ] {
        if let Some(v) = get(key) {
            args.push(flag.into());
            args.push(v.to_string());
        }
    }
    if let Some(s) = get("symbolic").and_then(Value::as_str) {
        args.push("--symbolic".into());
        args.push(s.into());
    }
    if let Some(v) = get("input").and_then(Value::as_array) {
        args.push("--input".into());
        args.push(v.iter().map(|x| x.as_str().unwrap().to_string()).collect::<Vec<_>>().join(","));
    }
    args
}

/// The raw text of the outcome's `value` in a JSONL line (so doubles parse exactly).
fn raw_value(line: &str) -> &str {
    let at = line.find("\"outcome\":").expect("outcome");
    let rest = &line[at..];
    let v = rest.find("\"value\":").expect("value") + "\"value\":".len();
    let end = rest[v..].find([',', '}']).expect("end of value");
    rest[v..v + end].trim()
}

fn table(driver: &str) -> (usize, usize) {
    if driver.contains("2x3") { (2, 3) } else { (2, 2) }
}

#[test]
fn tot_info_ci_paths_match_the_reference() {
    let args = config_args("tot_info", "ci");
    let driver = args[3].clone();
    assert!(driver.contains(".info2x"), "the ci configuration returns InfoTbl's value: {driver}");
    let (rows, cols) = table(&driver);
    let dir = tempfile::tempdir().expect("tempdir");
    let tests = dir.path().join("t.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("run")
        .args(&args)
        .arg("--tests")
        .arg(&tests)
        .arg("--quiet")
        .output()
        .expect("run jsymex");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&tests).expect("test vectors");
    let mut checked = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for line in text.lines() {
        let p: Value = serde_json::from_str(line).expect("JSON line");
        if p["outcome"]["kind"] == "limit" {
            continue;
        }
        assert_eq!(p["outcome"]["kind"], "return", "{line}");
        let inputs: Vec<i64> = p["inputs"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
        let got: f64 = raw_value(line).parse().expect("a double");
        let want = two_info(rows, cols, &inputs);
        assert_eq!(
            got.to_bits(),
            want.to_bits(),
            "inputs {inputs:?}: jsymex {got:e}, reference {want:e}"
        );
        kinds.insert(if want >= 0.0 { "info".to_string() } else { want.to_string() });
        checked += 1;
    }
    assert_eq!(checked, 6, "tot_info:ci explores six complete paths");
    assert!(kinds.len() == 3, "statistics, negative tallies and all-zero tables: {kinds:?}");
}

#[test]
fn tot_info_expected_info_cases_match_the_reference() {
    // One case per line; the values are read from their text (serde_json's default float
    // parsing can be one ulp off).
    let path = format!("{}/subjects/tot_info/expected.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let cases: Vec<Value> = serde_json::from_str(&text).unwrap();
    assert!(cases.len() >= 10);
    let lines: Vec<&str> = text.lines().filter(|l| l.trim_start().starts_with('{')).collect();
    assert_eq!(lines.len(), cases.len(), "one case per line");
    let mut checked = 0;
    for line in lines {
        let c: Value = serde_json::from_str(line.trim().trim_end_matches(',')).unwrap();
        let driver = c["driver"].as_str().unwrap();
        if !driver.contains(".info2x") {
            continue;
        }
        let (rows, cols) = table(driver);
        let inputs: Vec<i64> = c["inputs"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
        let want = two_info(rows, cols, &inputs);
        let got: f64 = raw_value(line).parse().unwrap();
        assert_eq!(got.to_bits(), want.to_bits(), "{line}");
        checked += 1;
    }
    assert!(checked >= 10);
}
