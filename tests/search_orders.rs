//! Notes A.9.4 as property tests, on the generated programs of `dgse_soundness.rs`
//! (`common::programs`): run to exhaustion, every search order explores exactly the set of
//! paths depth-first search explores (an order prunes nothing); the subpath counts sum to the
//! forks plus the exits; the same seed gives the same order, and every path's test is written
//! once whatever the order.

mod common;

use common::programs::{Prog, programs};
use jsymex::classpath::ClassPath;
use jsymex::explore::driver::{Driver, InputOptions};
use jsymex::explore::{Explorer, Limits, Observer, Summary};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::symbolic::ExprPool;
use jsymex::task::PathRecord;
use jsymex::vm::VmConfig;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Every order checked against `dfs` (seed 7 for the random ones).
const ORDERS: &[&str] = &[
    "subpath-1",
    "subpath-2",
    "subpath-4",
    "subpath-8",
    "subpath-2:latest",
    "random-state",
    "random-path",
    "nurs:covnew",
    "nurs:md2u",
    "nurs:depth",
    "nurs:icnt",
    "random-path+nurs:covnew",
];

/// The paths in the order their tests are written, each as its branch directions and end.
#[derive(Default)]
struct Paths(Vec<String>);

impl Observer for Paths {
    fn on_path(&mut self, _d: &Driver, _p: &ExprPool, prog: &Program, rec: &PathRecord) {
        let l = rec
            .run
            .events
            .iter()
            .map(|e| {
                let m = prog.method(e.method);
                format!("{}.{}:{}={}", m.class_name, m.name, e.pc, e.dir)
            })
            .collect::<Vec<_>>()
            .join(" ");
        // The path is its branch directions and how it ended; values and messages depend on
        // the inputs the solver picked, which depend on the order.
        let end = match &rec.run.outcome {
            jsymex::vm::Outcome::Return(_) => "return".to_string(),
            jsymex::vm::Outcome::Exception { class, .. } => class.clone(),
            other => format!("{other:?}"),
        };
        self.0.push(format!("{l} -> {end}"));
    }
}

/// One exploration on `prog` (shared by the explorations of one program: paths are compared
/// by method names, never by ids, so the load order does not matter).
fn explore(prog: &Program, driver: &str, strategy: &str, search: &str, seed: u64) -> (Vec<String>, Summary) {
    let opts = InputOptions {
        min_int: Some(-4),
        max_int: Some(4),
        ..Default::default()
    };
    let limits = Limits {
        max_paths: Some(3000),
        ..Default::default()
    };
    let mut ex = Explorer::new(prog, driver, &opts, SolverConfig::default(), VmConfig::default(), limits).expect("driver");
    let mut preset = ex.preset(strategy, search, seed, &[]).expect("strategy");
    let mut paths = Paths::default();
    let (s, err) = ex.explore(&mut preset, &mut [&mut paths]);
    assert!(err.is_none(), "{driver} {strategy} {search}: {err:?}");
    (paths.0, s)
}

fn counter(s: &Summary, name: &str) -> u64 {
    s.search_counters
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| *v)
        .unwrap_or_else(|| panic!("no search counter {name}: {:?}", s.search_counters))
}

/// What one program gives; `Err` lists every difference.
fn check(cp: &str, p: &Prog) -> Result<u64, String> {
    let prog = &Program::new(ClassPath::parse(cp).expect("classpath"));
    let (base, bs) = explore(prog, &p.driver, "spf", "dfs", 7);
    if !bs.stop.is_complete() || bs.limit_paths > 0 || bs.unknown_paths > 0 {
        return Err(format!("dfs incomplete: {:?}", bs.stop));
    }
    let want: BTreeSet<&String> = base.iter().collect();
    let mut diffs = Vec::new();
    for order in ORDERS {
        let (got, s) = explore(prog, &p.driver, "spf", order, 7);
        let set: BTreeSet<&String> = got.iter().collect();
        if set != want || got.len() != base.len() || s.feasible_paths != bs.feasible_paths {
            diffs.push(format!(
                "{order}: {} tests ({} distinct) for {} feasible paths, dfs {}; missing {:?}, extra {:?}",
                got.len(),
                set.len(),
                s.feasible_paths,
                base.len(),
                want.difference(&set).collect::<Vec<_>>(),
                set.difference(&want).collect::<Vec<_>>()
            ));
            continue;
        }
        // Every run ends once; every selection is a fork or an end; and for subpath orders
        // the counts of the map sum to the selections.
        let runs = s.feasible_paths + s.duplicate_paths + s.assumed_paths;
        let (sel, forks, ends) = (counter(&s, "selections"), counter(&s, "forks"), counter(&s, "ends"));
        if ends != runs || sel != forks + ends {
            diffs.push(format!("{order}: {sel} selections, {forks} forks, {ends} ends, {runs} runs"));
        }
        if order.starts_with("subpath") && counter(&s, "subpath_count_sum") != forks + ends {
            diffs.push(format!(
                "{order}: counts sum to {} for {forks} forks + {ends} exits",
                counter(&s, "subpath_count_sum")
            ));
        }
    }
    // Same seed, same order (the random orders); the tie rule and the weights are all seeded.
    for order in ["subpath-2", "random-state", "random-path", "random-path+nurs:covnew"] {
        let (a, _) = explore(prog, &p.driver, "spf", order, 11);
        let (b, _) = explore(prog, &p.driver, "spf", order, 11);
        if a != b {
            diffs.push(format!("{order}: seed 11 gave two orders"));
        }
    }
    if diffs.is_empty() {
        Ok(bs.feasible_paths)
    } else {
        Err(diffs.join("; "))
    }
}

fn check_all(progs: &[Prog]) -> (u64, Vec<String>) {
    let files: Vec<(String, &str)> = progs.iter().map(|p| (format!("{}.java", p.class), p.source.as_str())).collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let (_dir, classes) = common::javac(&refs);
    let cp = classes.to_string_lossy().to_string();
    let next = AtomicUsize::new(0);
    let results: Mutex<BTreeMap<usize, Result<u64, String>>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= progs.len() {
                        break;
                    }
                    let r = check(&cp, &progs[i]);
                    results.lock().unwrap().insert(i, r);
                }
            });
        }
    });
    let mut total = 0;
    let mut problems = Vec::new();
    for (i, r) in results.into_inner().unwrap() {
        match r {
            Ok(n) => total += n,
            Err(e) => problems.push(format!("{}: {e}\n{}", progs[i].class, progs[i].source)),
        }
    }
    (total, problems)
}

/// 200 int-shape and 100 heap-shape programs (seed 1000, the seed of `dgse_soundness.rs`).
#[test]
fn every_order_explores_the_paths_of_dfs() {
    let n = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let progs = programs(1000, n("JSYMEX_ORDERS_INT", 200), n("JSYMEX_ORDERS_HEAP", 100));
    let full = progs.len() == 300;
    let (total, problems) = check_all(&progs);
    assert!(
        problems.is_empty(),
        "{} of {} programs fail:\n{}",
        problems.len(),
        progs.len(),
        problems.join("\n")
    );
    eprintln!("{} programs, {total} feasible paths each order", progs.len());
    if full {
        assert!(total > 2000, "the generated programs have paths to order: {total}");
    }
}

/// Orders combine with a pruner: `dgse+subpath-2` and `dgse+random-path` reach every branch
/// direction that `spf` reaches, on the first 60 programs.
#[test]
fn orders_combine_with_dgse() {
    let progs = programs(1000, 40, 20);
    let files: Vec<(String, &str)> = progs.iter().map(|p| (format!("{}.java", p.class), p.source.as_str())).collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let (_dir, classes) = common::javac(&refs);
    let cp = classes.to_string_lossy().to_string();
    let dirs = |paths: &[String]| -> BTreeSet<String> {
        paths
            .iter()
            .flat_map(|p| {
                p.split(" -> ")
                    .next()
                    .unwrap_or("")
                    .split(' ')
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .filter(|s| !s.is_empty())
            .collect()
    };
    let mut fewer = 0;
    for p in &progs {
        let prog = &Program::new(ClassPath::parse(&cp).expect("classpath"));
        let (spf, ss) = explore(prog, &p.driver, "spf", "dfs", 7);
        for strategy in ["dgse+subpath-2", "dgse+random-path"] {
            let (got, s) = explore(prog, &p.driver, strategy, "dfs", 7);
            assert!(s.stop.is_complete(), "{} {strategy}", p.class);
            assert_eq!(s.search.as_str(), strategy.trim_start_matches("dgse+"));
            let missing: Vec<String> = dirs(&spf).difference(&dirs(&got)).cloned().collect();
            assert!(missing.is_empty(), "{} {strategy} misses {missing:?}\n{}", p.class, p.source);
            assert!(s.feasible_paths <= ss.feasible_paths);
            fewer += (s.feasible_paths < ss.feasible_paths) as u32;
        }
    }
    assert!(fewer > 0, "dgse pruned nothing under the fork-level orders");
}
