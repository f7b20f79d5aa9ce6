//! Reference test for the `schedule2` subject (the Siemens suite's second priority scheduler):
//! an independent Rust model of its specification checks every path jsymex explores in the
//! subject's `ci` configuration (all 7^3 command triples), and the hand-checked cases of
//! `subjects/schedule2/expected.json`.

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

#[derive(Clone, Copy, Debug)]
struct Job {
    id: u32,
    prio: usize,
}

/// The scheduler state `schedule2` specifies: a running job held outside the queues, three ready
/// queues (1..3, 3 most urgent) and a blocked queue.
struct Scheduler {
    running: Option<Job>,
    ready: [VecDeque<Job>; 4], // [0] unused
    blocked: VecDeque<Job>,
    next_id: u32,
    out: String,
}

impl Scheduler {
    /// The running slot is refilled as soon as it is empty, from the head of the most urgent
    /// non-empty ready queue.
    fn fill(&mut self) {
        if self.running.is_none() {
            self.running = (1..=3).rev().find_map(|p| self.ready[p].pop_front());
        }
    }

    /// A job becomes ready at the back of queue `prio`; a more urgent arrival preempts the
    /// running job, which goes to the back of its own queue.
    fn make_ready(&mut self, prio: usize, job: Job) {
        self.ready[prio].push_back(job);
        if let Some(r) = self.running
            && prio > r.prio
        {
            self.ready[r.prio].push_back(r);
            self.running = None;
        }
        self.fill();
    }

    /// Ratio r picks position floor(len * r), clamped to the last job.
    fn pick(q: &mut VecDeque<Job>, ratio: f32) -> Option<Job> {
        if q.is_empty() {
            return None;
        }
        let pos = ((ratio * q.len() as f32) as usize).min(q.len() - 1);
        q.remove(pos)
    }

    /// Finishes the running job (printing " <id>"); false when there is none.
    fn finish_one(&mut self) -> bool {
        self.fill();
        match self.running.take() {
            Some(j) => {
                self.fill();
                self.out.push_str(&format!(" {}", j.id));
                true
            }
            None => false,
        }
    }

    fn command(&mut self, c: i64) {
        match c {
            1 => {
                let j = Job {
                    id: self.next_id,
                    prio: NEW_JOB_PRIO,
                };
                self.next_id += 1;
                self.make_ready(NEW_JOB_PRIO, j);
            }
            2 => {
                if (1..=2).contains(&UPGRADE_PRIO)
                    && let Some(j) = Self::pick(&mut self.ready[UPGRADE_PRIO], UPGRADE_RATIO)
                {
                    self.make_ready(
                        UPGRADE_PRIO + 1,
                        Job {
                            id: j.id,
                            prio: UPGRADE_PRIO + 1,
                        },
                    );
                }
            }
            3 => {
                self.fill();
                if let Some(j) = self.running.take() {
                    // the blocked queue is "priority 0": it never preempts, but refills
                    self.blocked.push_back(j);
                    self.fill();
                }
            }
            4 => {
                if let Some(j) = Self::pick(&mut self.blocked, UNBLOCK_RATIO) {
                    self.make_ready(j.prio, j);
                }
            }
            5 => {
                self.fill();
                if let Some(j) = self.running.take() {
                    self.make_ready(j.prio, j);
                }
            }
            6 => {
                self.finish_one();
                self.out.push('\n');
            }
            7 => {
                while self.finish_one() {}
                self.out.push('\n');
            }
            _ => {}
        }
    }
}

fn schedule2(commands: &[i64]) -> String {
    let mut s = Scheduler {
        running: None,
        ready: Default::default(),
        blocked: VecDeque::new(),
        next_id: 0,
        out: String::new(),
    };
    for prio in (1..=3).rev() {
        for _ in 0..INITIAL[prio] {
            let j = Job { id: s.next_id, prio };
            s.next_id += 1;
            s.make_ready(prio, j);
        }
    }
    for &c in commands {
        s.command(c);
    }
    s.out
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
fn schedule2_ci_paths_match_the_reference() {
    let paths = run_config("schedule2", "ci");
    let mut triples = std::collections::BTreeSet::new();
    let mut outputs = std::collections::BTreeSet::new();
    for p in &paths {
        let outcome = &p["outcome"];
        if outcome["kind"] == "limit" {
            continue;
        }
        let inputs = ints(&p["inputs"]);
        assert_eq!(inputs.len(), 3);
        let want = schedule2(&inputs);
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
fn schedule2_expected_cases_match_the_reference() {
    let path = format!("{}/subjects/schedule2/expected.json", env!("CARGO_MANIFEST_DIR"));
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(cases.len() >= 10);
    for c in &cases {
        let inputs = ints(&c["inputs"]);
        assert_eq!(Some(schedule2(&inputs).as_str()), c["outcome"]["value"].as_str(), "case {c}");
    }
}
