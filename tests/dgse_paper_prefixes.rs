//! Why dgse prunes nothing on the `paper` configurations (the README's "Why numbers differ from
//! the paper"), checked rather than asserted in prose. For the schedulers and print_tokens2:
//!
//! 1. The static cause. Each program runs its commands in a loop over one scheduler object.
//!    The next iteration's calls are control-dependent on the loop head and read the queues,
//!    processes and output buffer that the previous iteration's call wrote, so by the paper's
//!    Definition 4 the loop head is interactive-dependent on every command's call: schedule's
//!    head (`Schedule.java:265`) on the call in each arm of its `switch` (lines 269-301),
//!    schedule2's head (`Schedule2.java:335`) on `s.get_command` (336) and `s.schedule` (337).
//!    The same pairs must hold for any implementation with interprocedural data dependence
//!    through the scheduler's fields, however precise its heap locations, because every command
//!    works on the same objects.
//!    print_tokens2's token loop (`PrintTokens2.java:425`) is data-dependent on the token the
//!    previous `get_token` (424, 427) returned and interactive-dependent on `print_token` (426).
//! 2. The dynamic consequence. Every later command's `switch` (every later character's test) is
//!    control-dependent on the loop head. So the relevant path condition of every task dgse
//!    makes (the `from` of the path the task produced) is the task's whole path prefix. dgse
//!    then makes the same tasks as spf and explores as many paths. This holds on all six
//!    `paper` configurations (wbs and tcas for the reasons the README gives), with one
//!    exception that changes no path: a print_tokens2 task after `ch == 59` (which sets
//!    `id = 2`) drops `ch == '"'` false, whose potential dependence that write killed.

mod common;

use std::collections::HashSet;

/// The (kind, from, to) pairs `jsymex analyze --format json` reports for the method whose
/// signature starts with `method` under `driver`.
fn pairs(driver: &str, method: &str) -> HashSet<(String, String, String)> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args(["analyze", "-c", "@subjects", "--driver", driver, "--format", "json"])
        .output()
        .expect("run jsymex analyze");
    assert!(out.status.success(), "analyze {driver}: {}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("analyze json");
    let m = v["methods"]
        .as_array()
        .expect("methods")
        .iter()
        .find(|m| m["method"].as_str().is_some_and(|s| s.starts_with(method)))
        .unwrap_or_else(|| panic!("{method} not analysed under {driver}"));
    m["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|p| {
            let s = |k: &str| p[k].as_str().unwrap_or_default().to_string();
            (s("kind"), s("from"), s("to"))
        })
        .collect()
}

#[test]
fn the_command_loop_head_interacts_with_every_command_call() {
    let s1 = pairs("schedule.Driver.paper3", "schedule.Schedule.run(");
    for call in ["269", "272", "275", "279", "288", "297", "301"] {
        assert!(
            s1.contains(&("interactive".into(), call.into(), "265".into())),
            "schedule: loop head 265 not interactive-dependent on the call at {call}"
        );
    }
    let s2 = pairs("schedule2.Driver.paper3", "schedule2.Schedule2.run(");
    for call in ["336", "337"] {
        assert!(
            s2.contains(&("interactive".into(), call.into(), "335".into())),
            "schedule2: loop head 335 not interactive-dependent on the call at {call}"
        );
    }
    // The next command's calls are control-dependent on the loop head.
    assert!(s2.contains(&("control".into(), "335T".into(), "336".into())));
    let p2 = pairs("print_tokens2.Driver.paper2", "print_tokens2.PrintTokens2.main(");
    for (kind, from) in [("data", "424"), ("data", "427"), ("interactive", "426")] {
        assert!(
            p2.contains(&(kind.into(), from.into(), "425".into())),
            "print_tokens2: token loop head 425 not {kind}-dependent on {from}"
        );
    }
}

/// The first `len` branches of a path, less the one dependence a run kills on these subjects:
/// in print_tokens2's `get_token`, `is_token_end(id, ch)` is potentially dependent on
/// `ch == '"'` false (line 141: its other side sets `id = 1`) only while `id` keeps its value;
/// after `ch == 59` (144) sets `id = 2`, that direction is irrelevant to everything after it
/// (`analysis::kills`), so the task drops it. Returns the prefix and how many were dropped.
fn without_killed(branches: &[serde_json::Value], from: &[serde_json::Value]) -> (Vec<serde_json::Value>, usize) {
    let len = from.len();
    let mut out = Vec::new();
    let mut dropped = 0;
    let mut i = 0;
    while out.len() < len && i < branches.len() {
        let b = &branches[i];
        let killed = b == "PrintTokens2.java:141F" && branches.get(i + 1).is_some_and(|n| n == "PrintTokens2.java:144T");
        if killed && from.get(out.len()) != Some(b) {
            dropped += 1;
        } else {
            out.push(b.clone());
        }
        i += 1;
    }
    (out, dropped)
}

#[test]
fn every_dgse_task_keeps_its_whole_prefix_on_the_paper_configurations() {
    for (name, paths) in [
        ("schedule", 343),
        ("schedule2", 343),
        ("print_tokens2", 438),
        ("replace", 315),
        ("tcas", 70),
        ("wbs", 576),
    ] {
        let r = common::run(&["--subject", &format!("{name}:paper"), "--strategy", "dgse", "--workers", "1"]);
        assert_eq!(r.code, 0, "{name}:paper: {}", r.stderr);
        assert_eq!(r.summary["feasible_paths"], paths, "{name}:paper dgse paths");
        let mut tasks = 0;
        let mut killed = 0;
        for p in &r.paths {
            let Some(from) = p["from"].as_array() else { continue };
            let branches = p["branches"].as_array().expect("branches");
            let k = from.len() - 1;
            let (prefix, dropped) = without_killed(&branches[..], &from[..k]);
            killed += dropped;
            assert_eq!(
                &from[..k],
                &prefix[..],
                "{name}:paper path {}: the relevant path condition is not the whole prefix",
                p["path"]
            );
            tasks += 1;
        }
        // The one task of print_tokens2 that negates a branch after `ch == 59` held.
        assert_eq!(
            killed,
            if name == "print_tokens2" { 1 } else { 0 },
            "{name}:paper killed dependences"
        );
        // Every path but the first came from a task.
        assert_eq!(tasks, paths - 1, "{name}:paper tasks");
    }
}
