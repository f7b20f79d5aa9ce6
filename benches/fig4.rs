//! Figure 4 of the DGSE paper with N = 12 independent blocks (4096 paths), explored exhaustively
//! (spf, depth-first) with a test input per path. Criterion reports paths per second through
//! its element throughput.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "support/explore.rs"]
mod support;

fn explore(driver: &str, strategy: &str) -> u64 {
    support::explore("@examples", driver, strategy).feasible_paths
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
