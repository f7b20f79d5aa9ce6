//! Reference test for the `schedule` subject (the Siemens suite's first priority scheduler): an
//! independent Rust model of the scheduler's specification checks every path jsymex explores in
//! the subject's `ci` configuration (all 7^3 command triples), and the hand-checked cases of
//! `subjects/schedule/expected.json`.

use serde_json::Value;
use std::collections::VecDeque;
use std::process::Command;

/// Fixed arguments of the drivers: initial jobs per priority (index 1..3), NEW_JOB's priority,
/// UPGRADE_PRIO's priority and ratio, UNBLOCK's ratio.
const INITIAL: [usize; 4] = [0, 2, 2, 1];
const NEW_JOB_PRIO: usize = 3;
const UPGRADE_PRIO: usize = 1;
const UPGRADE_RATIO: f32 = 0.5;
const UNBLOCK_RATIO: f32 = 0.5;

#[derive(Clone, Copy)]
struct Job {
    id: u32,
    prio: usize,
}

/// The scheduler `schedule` specifies: jobs wait in three FIFO queues (3 = most urgent) and are
/// only taken out when a command needs the running job (FINISH, BLOCK, QUANTUM_EXPIRE take the
/// head of the most urgent non-empty queue). Job numbers count from 0, priority 3's initial jobs
/// first. A ratio r picks the job at 0-based position floor(len * r) of a queue (none when that is
/// past the end). UPGRADE moves the picked job of queue p to queue p+1 but it keeps priority p,
/// so expiring or unblocking it sends it back to queue p. FINISH prints "<id> "; FLUSH repeats
/// FINISH once per job in the system, blocked jobs included.
fn schedule(commands: &[i64]) -> String {
    let mut queues: Vec<VecDeque<Job>> = vec![VecDeque::new(); 4];
    let mut blocked: VecDeque<Job> = VecDeque::new();
    let mut next_id = 0;
    let mut in_system = 0usize;
    let mut out = String::new();
    let spawn = |prio: usize, next_id: &mut u32| -> Job {
        let j = Job { id: *next_id, prio };
        *next_id += 1;
        j
    };
    for prio in (1..=3).rev() {
        for _ in 0..INITIAL[prio] {
            let j = spawn(prio, &mut next_id);
            queues[prio].push_back(j);
            in_system += 1;
        }
    }
    fn take(queues: &mut [VecDeque<Job>]) -> Option<Job> {
        (1..=3).rev().find_map(|p| queues[p].pop_front())
    }
    fn pick(q: &mut VecDeque<Job>, ratio: f32) -> Option<Job> {
        let pos = (q.len() as f32 * ratio) as usize;
        q.remove(pos)
    }
    let finish = |queues: &mut Vec<VecDeque<Job>>, in_system: &mut usize, out: &mut String| {
        if let Some(j) = take(queues) {
            out.push_str(&format!("{} ", j.id));
            *in_system -= 1;
        }
    };
    for &c in commands {
        match c {
            1 => {
                let j = spawn(NEW_JOB_PRIO, &mut next_id);
                queues[NEW_JOB_PRIO].push_back(j);
                in_system += 1;
            }
            2 => {
                if UPGRADE_PRIO < 3
                    && let Some(j) = pick(&mut queues[UPGRADE_PRIO], UPGRADE_RATIO)
                {
                    queues[UPGRADE_PRIO + 1].push_back(Job {
                        id: j.id,
                        prio: UPGRADE_PRIO,
                    });
                }
            }
            3 => {
                if let Some(j) = take(&mut queues) {
                    blocked.push_back(j);
                }
            }
            4 => {
                if let Some(j) = pick(&mut blocked, UNBLOCK_RATIO) {
                    queues[j.prio].push_back(j);
                }
            }
            5 => {
                if let Some(j) = take(&mut queues) {
                    queues[j.prio].push_back(j);
                }
            }
            6 => finish(&mut queues, &mut in_system, &mut out),
            7 => {
                let total = in_system; // C: total = num_processes, read once
                for _ in 0..total {
                    finish(&mut queues, &mut in_system, &mut out);
                }
            }
            _ => {}
        }
    }
    out
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
fn schedule_ci_paths_match_the_reference() {
    let paths = run_config("schedule", "ci");
    let mut triples = std::collections::BTreeSet::new();
    let mut outputs = std::collections::BTreeSet::new();
    for p in &paths {
        let outcome = &p["outcome"];
        if outcome["kind"] == "limit" {
            continue;
        }
        let inputs = ints(&p["inputs"]);
        assert_eq!(inputs.len(), 3);
        let want = schedule(&inputs);
        assert_eq!(outcome["kind"], "return", "path {p}");
        assert_eq!(
            outcome["value"].as_str(),
            Some(want.as_str()),
            "commands {inputs:?}: jsymex {outcome}, reference {want:?}"
        );
        assert!(inputs.iter().all(|c| (1..=7).contains(c)), "command out of range: {inputs:?}");
        triples.insert(inputs);
        outputs.insert(want);
    }
    // exhaustive exploration: every one of the 7^3 command triples, each on its own path
    assert_eq!(triples.len(), 343, "{} distinct command triples", triples.len());
    assert!(outputs.len() > 20, "only {} distinct outputs", outputs.len());
}

#[test]
fn schedule_expected_cases_match_the_reference() {
    let path = format!("{}/subjects/schedule/expected.json", env!("CARGO_MANIFEST_DIR"));
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(cases.len() >= 10);
    for c in &cases {
        let inputs = ints(&c["inputs"]);
        assert_eq!(Some(schedule(&inputs).as_str()), c["outcome"]["value"].as_str(), "case {c}");
    }
}
