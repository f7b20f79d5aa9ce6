//! The cost of choosing at every fork: exhaustive spf with `subpath-2` (fork-level: each fork
//! of a recorded run is a pending state, each end a selection, tests written in the searcher's
//! order) against SPF's depth-first order (whole paths' tasks at once), on Figure 4 with
//! N = 12 (4096 paths) and on schedule2 with 6 commands (all of its 117,649 paths, a few
//! seconds per sample now that runs resume from snapshots). Criterion prints the two times of
//! each group; their ratio is the overhead (README, "Search orders").

use criterion::{Criterion, criterion_group, criterion_main};
use jsymex::classpath::ClassPath;
use jsymex::explore::driver::InputOptions;
use jsymex::explore::{Explorer, Limits};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::vm::VmConfig;

fn explore(cp: &str, driver: &str, search: &str, opts: &InputOptions, max_paths: Option<u64>) -> u64 {
    let prog = Program::new(ClassPath::parse(cp).expect("classpath"));
    let limits = Limits {
        max_paths,
        ..Default::default()
    };
    let mut ex = Explorer::new(&prog, driver, opts, SolverConfig::default(), VmConfig::default(), limits).expect("driver");
    let mut preset = ex.preset("spf", search, 0, &[]).expect("strategy");
    let (s, err) = ex.explore(&mut preset, &mut []);
    assert!(err.is_none());
    s.feasible_paths
}

fn search_orders(c: &mut Criterion) {
    let none = InputOptions::default();
    let mut g = c.benchmark_group("fig4_n12_dfs_vs_subpath2");
    g.sample_size(10);
    for search in ["dfs", "subpath-2"] {
        g.bench_function(search, |b| {
            b.iter(|| assert_eq!(explore("@examples", "Fig4.blocks12", search, &none, None), 4096))
        });
    }
    g.finish();
    let sched = InputOptions {
        min_int: Some(1),
        max_int: Some(7),
        ..Default::default()
    };
    let driver = "schedule2.Driver.run6(int,int,int,int,int,int)";
    let mut g = c.benchmark_group("schedule2_6_dfs_vs_subpath2");
    g.sample_size(10);
    for search in ["dfs", "subpath-2"] {
        g.bench_function(search, |b| {
            b.iter(|| assert_eq!(explore("@subjects", driver, search, &sched, None), 117_649))
        });
    }
    g.finish();
}

criterion_group!(benches, search_orders);
criterion_main!(benches);
