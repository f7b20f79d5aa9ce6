//! Strategies written only against the plug-in interfaces (`Searcher`, `Pruner`,
//! `StrategyFactory`), registered from outside the crate and run through the CLI's `run` and
//! `compare` (`jsymex::cli::main_from`), with no change to the VM, the explorer or the CLI.

mod common;

use jsymex::strategy::preset::{self, Component, PresetCtx, PresetError, StrategyFactory};
use jsymex::strategy::{Dfs, Needs, PathEnd, Pruner, Searcher, TaskCtx, TaskResult};
use jsymex::task::{PathRecord, Pending, Task};
use jsymex::vm::Event;
use jsymex::vm::shadow::{Tracker, Verdict};
use std::collections::BTreeSet;
use std::sync::{Arc, Once};

/// A fork-level searcher: always the shallowest pending entry (continuations and tasks alike,
/// the most recent among equals), so the tree is explored level by level at its forks.
#[derive(Default)]
struct Shallowest {
    entries: Vec<Pending>,
    continuations_seen: u64,
}

impl Searcher for Shallowest {
    fn name(&self) -> String {
        "shallowest".into()
    }
    fn push(&mut self, p: Pending) {
        if matches!(p, Pending::Continue(_)) {
            self.continuations_seen += 1;
        }
        self.entries.push(p)
    }
    fn pop(&mut self) -> Option<Pending> {
        let i = (0..self.entries.len()).rev().min_by_key(|&i| self.entries[i].depth())?;
        Some(self.entries.remove(i))
    }
    fn len(&self) -> usize {
        self.entries.len()
    }
    fn retain(&mut self, keep: &mut dyn FnMut(&Pending) -> bool) {
        self.entries.retain(|p| keep(p))
    }
    fn fork_level(&self) -> bool {
        true
    }
}

/// A pruner that retracts queued work: after each path it keeps at most `cap` queued tasks
/// (the oldest ones), so a bounded frontier is explored.
struct Frontier {
    cap: usize,
    seen: usize,
    complete_paths: u64,
}

impl Pruner for Frontier {
    fn name(&self) -> &'static str {
        "frontier"
    }
    fn needs(&self) -> Needs {
        Needs {
            retracts: true,
            ..Needs::default()
        }
    }
    fn select_tasks(&mut self, _path: &PathRecord, _candidates: &mut Vec<Task>, _ctx: &mut TaskCtx<'_>) {
        self.seen = 0;
    }
    fn on_path_end(&mut self, _path: &PathRecord, end: PathEnd, _ctx: &mut TaskCtx<'_>) {
        if end.is_complete() {
            self.complete_paths += 1;
        }
    }
    fn keep_pending(&mut self, _task: &Task) -> bool {
        self.seen += 1;
        self.seen <= self.cap
    }
    fn counters(&self) -> Vec<(String, u64)> {
        vec![("complete_paths".into(), self.complete_paths)]
    }
}

/// A pruner that only listens: it asks for unsat cores and records, for every infeasible task,
/// the flipped event and the core the engine hands it.
struct CoreListener;

/// (class of the flipped event, flipped event index, core prefix positions, negated in core).
type SeenCore = (String, usize, Vec<usize>, bool);

static CORES: std::sync::Mutex<Vec<SeenCore>> = std::sync::Mutex::new(Vec::new());

impl Pruner for CoreListener {
    fn name(&self) -> &'static str {
        "cores"
    }
    fn needs(&self) -> Needs {
        Needs {
            unsat_cores: true,
            ..Needs::default()
        }
    }
    fn select_tasks(&mut self, _path: &PathRecord, _candidates: &mut Vec<Task>, _ctx: &mut TaskCtx<'_>) {}
    fn on_task_result(&mut self, task: &Task, result: &TaskResult, ctx: &mut TaskCtx<'_>) {
        if let TaskResult::Unsat(Some(core)) = result {
            let m = ctx.prog.method(task.site.0);
            CORES
                .lock()
                .expect("cores")
                .push((m.class_name.to_string(), task.flip, core.prefix.clone(), core.neg));
        }
    }
}

/// A tracker that cuts every run at its third branch event.
struct CutAtThird(usize);

impl Tracker for CutAtThird {
    fn event(&mut self, _index: usize, _e: &Event) -> Verdict {
        self.0 += 1;
        if self.0 == 3 {
            Verdict::Cut("third branch event".into())
        } else {
            Verdict::Continue
        }
    }
}

/// A pruner whose tracker cuts every path at its third branch event.
struct CutThird;

impl Pruner for CutThird {
    fn name(&self) -> &'static str {
        "cut-third"
    }
    fn select_tasks(&mut self, _path: &PathRecord, _candidates: &mut Vec<Task>, _ctx: &mut TaskCtx<'_>) {}
    fn tracker(&mut self) -> Option<Box<dyn Tracker + Send>> {
        Some(Box::new(CutAtThird(0)))
    }
}

struct ToyStrategies;

impl StrategyFactory for ToyStrategies {
    fn names(&self) -> Vec<String> {
        vec![
            "toy-shallowest".into(),
            "toy-frontier-N".into(),
            "toy-cores".into(),
            "toy-cut3".into(),
        ]
    }
    fn accepts(&self, part: &str) -> bool {
        matches!(part, "toy-shallowest" | "toy-cores" | "toy-cut3")
            || part.strip_prefix("toy-frontier-").is_some_and(|n| n.parse::<usize>().is_ok())
    }
    fn build(&self, part: &str, _ctx: &mut PresetCtx<'_>) -> Result<Component, PresetError> {
        let mut c = Component::default();
        if part == "toy-shallowest" {
            c.searcher = Some(Box::new(Shallowest::default()));
        } else if part == "toy-cut3" {
            c.pruners.push(Box::new(CutThird));
        } else if part == "toy-cores" {
            c.pruners.push(Box::new(CoreListener));
        } else {
            let cap = part["toy-frontier-".len()..].parse().expect("accepted");
            c.pruners.push(Box::new(Frontier {
                cap,
                seen: 0,
                complete_paths: 0,
            }));
            // A plain depth-first order, named so reports show it came from the strategy.
            c.searcher = Some(Box::new(Dfs::default()));
        }
        Ok(c)
    }
}

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| preset::register(Arc::new(ToyStrategies)));
}

/// Runs `jsymex run` in-process; returns the exit code, the summary and the path lines.
fn run(args: &[&str]) -> (i32, serde_json::Value, Vec<serde_json::Value>) {
    register();
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("s.json");
    let tests = dir.path().join("t.jsonl");
    let mut argv: Vec<String> = vec!["jsymex".into(), "run".into(), "-q".into()];
    argv.extend(args.iter().map(|s| s.to_string()));
    argv.extend([
        "--json".into(),
        json.display().to_string(),
        "--tests".into(),
        tests.display().to_string(),
    ]);
    let code = jsymex::cli::main_from(argv);
    let summary = serde_json::from_str(&std::fs::read_to_string(&json).expect("summary")).expect("json");
    (code, summary, common::read_jsonl(&tests))
}

/// Runs `compare` in-process on Figure 4 (N = 10) with the given strategies and format;
/// returns the exit code and the table.
fn compare_fig4(strategies: &str, format: &str) -> (i32, String) {
    register();
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("table");
    let code = jsymex::cli::main_from([
        "jsymex",
        "compare",
        "-q",
        "--classpath",
        "@examples",
        "--driver",
        "Fig4.blocks10",
        "--strategies",
        strategies,
        "--format",
        format,
        "--output",
        out.to_str().expect("utf-8"),
    ]);
    (code, std::fs::read_to_string(&out).unwrap_or_default())
}

fn branch_sets(paths: &[serde_json::Value]) -> BTreeSet<Vec<String>> {
    paths.iter().map(common::branches).collect()
}

#[test]
fn a_fork_level_searcher_explores_every_path_through_run() {
    for (driver, extra) in [
        ("Fig4.blocks10", vec![]),
        ("Fig2.test", vec!["--input", "2,0,1"]),
        ("WBS.twice", vec![]),
    ] {
        let mut base = vec!["--classpath", "@examples", "--driver", driver];
        base.extend(extra.iter().copied());
        let (c1, spf, spf_paths) = run(&[base.as_slice(), &["--strategy", "spf"]].concat());
        let (c2, toy, toy_paths) = run(&[base.as_slice(), &["--strategy", "toy-shallowest"]].concat());
        assert_eq!((c1, c2), (0, 0), "{driver}");
        assert_eq!(toy["search"], "shallowest", "{driver}: the strategy's own searcher is used");
        assert_eq!(toy["feasible_paths"], spf["feasible_paths"], "{driver}");
        assert_eq!(toy["infeasible_paths"], spf["infeasible_paths"], "{driver}");
        assert_eq!(branch_sets(&toy_paths), branch_sets(&spf_paths), "{driver}: same paths");
        assert_eq!(toy["branches_covered"], spf["branches_covered"], "{driver}");
    }
    // The order differs from depth-first: level by level, the second path flips the first fork.
    let (_, _, toy) = run(&[
        "--classpath",
        "@examples",
        "--driver",
        "Fig4.blocks10",
        "--strategy",
        "toy-shallowest",
    ]);
    let (_, _, dfs) = run(&["--classpath", "@examples", "--driver", "Fig4.blocks10", "--strategy", "spf"]);
    let first_label = |p: &serde_json::Value| common::branches(p)[0].clone();
    assert_ne!(first_label(&toy[1]), first_label(&toy[0]), "shallowest flips event 0 second");
    assert_eq!(first_label(&dfs[1]), first_label(&dfs[0]), "dfs flips the deepest event second");
}

#[test]
fn a_retracting_pruner_bounds_the_frontier_and_reports_counters() {
    let (code, s, paths) = run(&[
        "--classpath",
        "@examples",
        "--driver",
        "Fig4.blocks10",
        "--strategy",
        "toy-frontier-2",
    ]);
    assert_eq!(code, 0);
    // Each path leaves at most two queued tasks: the exploration stays far below 1024 paths.
    let n = s["feasible_paths"].as_u64().expect("count");
    // Derived by hand: a path that flips fork f offers the forks after f; the queue keeps its
    // two oldest tasks and depth-first pops the newer. Simulating that queue gives 56 paths,
    // 175 candidates and 120 retractions (every fork of Fig4 is feasible either way).
    assert_eq!(n, 56);
    assert_eq!(paths.len() as u64, n);
    let p = &s["pruners"][0];
    assert_eq!(p["name"], "frontier");
    assert_eq!(p["candidates"], 175, "{p}");
    assert_eq!(p["removed"], 0, "{p}");
    assert_eq!(p["retracted"], 120, "{p}");
    assert_eq!(p["counters"][0][0], "complete_paths");
    assert_eq!(p["counters"][0][1], n, "every path returned");
    let again = run(&[
        "--classpath",
        "@examples",
        "--driver",
        "Fig4.blocks10",
        "--strategy",
        "toy-frontier-2",
    ])
    .1;
    assert_eq!(again["feasible_paths"], s["feasible_paths"], "deterministic");
}

#[test]
fn registered_strategies_are_known_names_and_run_through_compare() {
    register();
    let known = preset::known();
    for n in ["spf", "dgse", "dgse-no-interactive", "toy-shallowest", "toy-frontier-N"] {
        assert!(known.iter().any(|k| k == n), "{n} in {known:?}");
    }
    assert!(preset::check("dgse+toy-frontier-3").is_ok(), "combinations");
    let e = preset::check("nope").expect_err("unknown");
    assert!(e.to_string().contains("toy-shallowest"), "{e}");
    let (code, text) = compare_fig4("spf,toy-shallowest,dgse+toy-frontier-2", "json");
    assert_eq!(code, 0);
    let runs: serde_json::Value = serde_json::from_str(&text).expect("json");
    let runs = runs["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 3);
    assert_eq!(runs[1]["strategy"], "toy-shallowest");
    assert_eq!(runs[1]["feasible_paths"], 1024);
    assert_eq!(runs[2]["strategy"], "dgse+toy-frontier-2");
    let names: Vec<&str> = runs[2]["pruners"]
        .as_array()
        .expect("pruners")
        .iter()
        .map(|p| p["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["dgse", "frontier"], "pipeline order");
}

#[test]
fn pruners_that_ask_get_the_unsat_core_of_each_infeasible_task() {
    // Figure 5 from x = 2: the sibling of line 5's branch under line 3's is infeasible; its core
    // is event 0 and the negated condition. In Conflict from (10, 0), flipping `x < 3` (event
    // 3) contradicts `x > 5` (event 2) only, though every event mentions x.
    let (_guard, classes) = common::javac(&[common::CONFLICT_JAVA]);
    let (c1, s1, _) = run(&[
        "--classpath",
        "@examples",
        "--driver",
        "Fig5.test",
        "--input",
        "2",
        "--strategy",
        "toy-cores",
    ]);
    let (c2, s2, _) = run(&[
        "--classpath",
        classes.to_str().expect("utf-8"),
        "--driver",
        "Conflict.test",
        "--input",
        "10,0",
        "--strategy",
        "toy-cores",
    ]);
    assert_eq!((c1, c2), (0, 0));
    let cores = CORES.lock().expect("cores").clone();
    let fig5: Vec<_> = cores.iter().filter(|c| c.0 == "Fig5").collect();
    assert_eq!(s1["infeasible_paths"], 1);
    assert_eq!(fig5, [&("Fig5".to_string(), 1, vec![0], true)]);
    let conflict: Vec<_> = cores.iter().filter(|c| c.0 == "Conflict").collect();
    assert_eq!(conflict.len() as u64, s2["infeasible_paths"].as_u64().expect("count"));
    assert!(!conflict.is_empty());
    for c in conflict {
        assert_eq!((c.1, &c.2, c.3), (3, &vec![2], true), "{c:?}");
    }
    assert!(
        s2["solver"]["z3_cores"].as_u64().expect("z3_cores") > 0,
        "cores come from Z3 only when asked"
    );
}

#[test]
fn a_tracker_cuts_paths_which_are_reported_with_their_inputs() {
    // Figure 4 with N = 10 cut at the third event: the 2^3 prefixes, each a cut path with an
    // input that drives the run into that prefix.
    let (code, s, paths) = run(&["--classpath", "@examples", "--driver", "Fig4.blocks10", "--strategy", "toy-cut3"]);
    assert_eq!(code, 0);
    assert_eq!(s["feasible_paths"], 8);
    assert_eq!(s["cut_paths"], 8);
    assert_eq!(paths.len(), 8);
    let mut prefixes = BTreeSet::new();
    for p in &paths {
        assert_eq!(p["outcome"]["kind"], "cut", "{p}");
        assert_eq!(p["outcome"]["reason"], "third branch event", "{p}");
        assert_eq!(p["inputs"].as_array().map(|a| a.len()), Some(10), "{p}");
        let b = common::branches(p);
        assert_eq!(b.len(), 3, "{p}");
        prefixes.insert(b);
    }
    assert_eq!(prefixes.len(), 8, "every prefix once");
    // Through compare, beside spf: the cut column counts them.
    let (code, text) = compare_fig4("spf,toy-cut3", "csv");
    assert_eq!(code, 0);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let cut = header.iter().position(|h| *h == "cut").expect("cut column");
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!((rows[0][0], rows[0][cut]), ("spf", "0"));
    assert_eq!((rows[1][0], rows[1][cut]), ("toy-cut3", "8"));
}

#[test]
fn a_run_through_the_library_still_frees_what_it_discards() {
    // The binary leaves an ending `run`'s memory to the operating system
    // (`budget::discard`); a library process goes on after `main_from`, so it must free.
    struct Counted(std::sync::Arc<std::sync::atomic::AtomicUsize>);
    impl Drop for Counted {
        fn drop(&mut self) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
    }
    let (code, s, paths) = run(&["--classpath", "@examples", "--driver", "Fig4.blocks10"]);
    assert_eq!(code, 0);
    assert_eq!(s["feasible_paths"], 1024);
    assert_eq!(paths.len(), 1024);
    let drops = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    jsymex::budget::discard(Counted(drops.clone()));
    assert_eq!(drops.load(std::sync::atomic::Ordering::SeqCst), 1);
}
