//! Figure 4 of the DGSE paper with N = 12 independent blocks (4096 paths), explored exhaustively
//! (spf, depth-first) with a test input per path. Criterion reports paths per second through
//! its element throughput.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jsymex::classpath::ClassPath;
use jsymex::explore::driver::InputOptions;
use jsymex::explore::{Explorer, Limits};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::vm::VmConfig;

fn explore(driver: &str, strategy: &str) -> u64 {
    let cp = ClassPath::parse("@examples").expect("bundled examples");
    let prog = Program::new(cp);
    let mut ex = Explorer::new(
        &prog,
        driver,
        &InputOptions::default(),
        SolverConfig::default(),
        VmConfig::default(),
        Limits::default(),
    )
    .expect("driver");
    let mut preset = ex.preset(strategy, "dfs", 0, &[]).expect("strategy");
    let (s, err) = ex.explore(&mut preset, &mut []);
    assert!(err.is_none());
    s.feasible_paths
}

fn fig4(c: &mut Criterion) {
    let mut g = c.benchmark_group("fig4");
    g.sample_size(20);
    g.throughput(Throughput::Elements(4096));
    g.bench_function("spf_n12_paths", |b| b.iter(|| assert_eq!(explore("Fig4.blocks12", "spf"), 4096)));
    g.finish();
    // spf against dgse on the same subject (dgse: 13 paths plus the static analysis).
    let mut g = c.benchmark_group("fig4_spf_vs_dgse");
    g.sample_size(20);
    g.bench_function("spf_n12", |b| b.iter(|| assert_eq!(explore("Fig4.blocks12", "spf"), 4096)));
    g.bench_function("dgse_n12", |b| b.iter(|| assert_eq!(explore("Fig4.blocks12", "dgse"), 13)));
    g.finish();
}

criterion_group!(benches, fig4);
criterion_main!(benches);
