//! The WBS subject against an independent reference: a Rust model of the wheel brake system's
//! specification (pedal command, autobrake, anti-skid, latching switch to the alternate
//! hydraulic system after a step that commanded braking without normal pressure, meter
//! valves). Runs `jsymex run` on the subject's `ci` configuration and checks every path's
//! outcome, and that SPF's 24 x 24 paths are all there.

use serde_json::Value;
use std::process::Command;

/// The brake system's state between steps.
#[derive(Clone, Copy)]
struct Wbs {
    /// The system mode of the previous step (false = normal).
    alternate: bool,
    /// The brake command (before anti-skid) the BSCU sent to the normal system last step.
    last_command: i64,
    /// The normal pressure of the last step.
    last_normal_pressure: i64,
}

/// Outputs of one step.
struct Out {
    nor: i64,
    alt: i64,
    mode: i64,
}

const FULL: i64 = 100;

/// The pressure a meter valve lets through for a command: quarters of the supply for 1..=4.
fn metered(command: i64, supply: i64) -> i64 {
    if (1..=4).contains(&command) { supply * command / 4 } else { 0 }
}

impl Wbs {
    fn new() -> Self {
        Wbs {
            alternate: false,
            last_command: 0,
            last_normal_pressure: 100,
        }
    }

    fn step(&mut self, pedal: i64, auto_brake: bool, skid: bool) -> Out {
        let was_normal = !self.alternate;
        let pedal_command = if (0..=4).contains(&pedal) { pedal } else { 0 };
        let auto_command = i64::from(auto_brake && was_normal);
        let command = pedal_command.max(auto_command);
        let released = if skid { 0 } else { command };
        // Latching switch to the alternate system.
        let alternate = !was_normal || (self.last_command != 0 && self.last_normal_pressure <= 0);
        let (nor, alt) = if alternate {
            // Blue pump supplies the alternate circuit; the mechanical pedal meters it unless
            // anti-skid released the brake.
            let cmd = if released == 0 { 0 } else { pedal_command };
            (0, metered(cmd, FULL))
        } else {
            (metered(released, FULL), 0)
        };
        self.alternate = alternate;
        self.last_command = if alternate { 0 } else { command };
        self.last_normal_pressure = nor;
        Out {
            nor,
            alt,
            mode: i64::from(alternate),
        }
    }
}

fn summary(o: &Out) -> i64 {
    o.nor * 10000 + o.alt * 10 + o.mode
}

fn reference(inputs: &[Value]) -> i64 {
    let int = |i: usize| inputs[i].as_i64().expect("int input");
    let boolean = |i: usize| inputs[i].as_bool().expect("boolean input");
    let mut w = Wbs::new();
    if inputs.len() == 3 {
        return summary(&w.step(int(0), boolean(1), boolean(2)));
    }
    let first = summary(&w.step(int(0), boolean(1), boolean(2)));
    let second = summary(&w.step(int(3), boolean(4), boolean(5)));
    first * 10_000_000 + second
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

fn run_config(subject: &str, config: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().expect("tempdir");
    let tests = dir.path().join("t.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("run")
        .args(config_args(subject, config))
        .arg("--tests")
        .arg(&tests)
        .arg("--quiet")
        .output()
        .expect("run jsymex");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(&tests)
        .expect("test vectors")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

#[test]
fn wbs_ci_paths_match_the_reference() {
    let paths = run_config("wbs", "ci");
    assert_eq!(paths.len(), 576, "24 x 24 paths for two update calls");
    let mut seen = std::collections::BTreeSet::new();
    for p in &paths {
        let o = &p["outcome"];
        if o["kind"] == "limit" {
            continue;
        }
        let inputs = p["inputs"].as_array().expect("inputs");
        assert_eq!(o["kind"], "return", "{p}");
        assert_eq!(o["value"].as_i64(), Some(reference(inputs)), "inputs {inputs:?}");
        seen.insert(o["value"].as_i64().unwrap());
    }
    assert!(seen.len() > 10, "the outcomes vary: {seen:?}");
}

#[test]
fn wbs_expected_cases_match_the_reference() {
    let path = format!("{}/subjects/wbs/expected.json", env!("CARGO_MANIFEST_DIR"));
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(cases.len() >= 10);
    for c in &cases {
        let inputs = c["inputs"].as_array().unwrap();
        assert_eq!(c["outcome"]["value"].as_i64(), Some(reference(inputs)), "{c}");
    }
}
