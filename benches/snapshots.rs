//! Snapshots on against off (`--snapshots on|off`), exhaustive spf depth-first through the
//! library API with one worker: schedule2 with 6 commands (117,649 paths; a replay of every
//! path executes 473 million instructions), replace with 11 inputs under a limit of 3,000
//! paths, and Figure 4 with N = 14 (16,384 paths of 14 independent branches: a shallow program
//! where a snapshot saves little). Each group prints the instructions executed with and
//! without snapshots once; criterion times both (README, "Snapshots").

use criterion::{Criterion, criterion_group, criterion_main};
use jsymex::classpath::ClassPath;
use jsymex::explore::driver::InputOptions;
use jsymex::explore::snapshots::SnapshotPolicy;
use jsymex::explore::{Explorer, Limits, Summary};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::vm::VmConfig;

fn explore(prog: &Program, driver: &str, opts: &InputOptions, max_paths: Option<u64>, snapshots: bool) -> Summary {
    let limits = Limits {
        max_paths,
        ..Default::default()
    };
    let mut ex = Explorer::new(prog, driver, opts, SolverConfig::default(), VmConfig::default(), limits).expect("driver");
    ex.snapshots = SnapshotPolicy {
        enabled: snapshots,
        ..SnapshotPolicy::default()
    };
    let mut preset = ex.preset("spf", "dfs", 0, &[]).expect("strategy");
    let (s, err) = ex.explore(&mut preset, &mut []);
    assert!(err.is_none(), "{err:?}");
    s
}

fn group(c: &mut Criterion, name: &str, cp: &str, driver: &str, opts: &InputOptions, max_paths: Option<u64>, paths: u64) {
    let prog = Program::new(ClassPath::parse(cp).expect("classpath"));
    let (on, off) = (
        explore(&prog, driver, opts, max_paths, true),
        explore(&prog, driver, opts, max_paths, false),
    );
    assert_eq!((on.feasible_paths, off.feasible_paths), (paths, paths));
    eprintln!(
        "{name}: {paths} paths; instructions {} with snapshots ({} resumed runs), {} without ({:.1}x fewer)",
        on.instructions,
        on.snapshots.resumed,
        off.instructions,
        off.instructions as f64 / on.instructions.max(1) as f64
    );
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    for (label, snapshots) in [("on", true), ("off", false)] {
        g.bench_function(label, |b| {
            b.iter(|| assert_eq!(explore(&prog, driver, opts, max_paths, snapshots).feasible_paths, paths))
        });
    }
    g.finish();
}

fn snapshots(c: &mut Criterion) {
    let fig4 = InputOptions {
        array_len: Some(14),
        ..Default::default()
    };
    group(c, "fig4_n14_snapshots", "@examples", "Fig4.blocks(int[])", &fig4, None, 16_384);
    let replace = InputOptions {
        min_int: Some(32),
        max_int: Some(126),
        ..Default::default()
    };
    let driver = "replace.Driver.run11(int,int,int,int,int,int,int,int,int,int,int)";
    group(c, "replace_11_snapshots", "@subjects", driver, &replace, Some(3000), 3000);
    let sched = InputOptions {
        min_int: Some(1),
        max_int: Some(7),
        ..Default::default()
    };
    let driver = "schedule2.Driver.run6(int,int,int,int,int,int)";
    group(c, "schedule2_6_snapshots", "@subjects", driver, &sched, None, 117_649);
}

criterion_group!(benches, snapshots);
criterion_main!(benches);
