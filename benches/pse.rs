//! PSE (postconditioned symbolic execution) against spf where suffixes repeat: Figure 3 of
//! seed 000 scaled to 12 diamonds (`tests/java/pse/PseFigs.java`, `PseFigs.diamonds`), explored
//! exhaustively depth-first. Prints the path and instruction ratios once (the paper's reference
//! is 3.34x fewer paths and 23x fewer instructions on Coreutils); criterion times both. A
//! missing `javac` fails the bench.

use criterion::{Criterion, criterion_group, criterion_main};
use jsymex::explore::Summary;

#[path = "support/explore.rs"]
mod support;

fn compile() -> tempfile::TempDir {
    support::javac("tests/java/pse/PseFigs.java")
}

fn explore(cp: &str, strategy: &str) -> Summary {
    support::explore(cp, "PseFigs.diamonds", strategy)
}

fn pse(c: &mut Criterion) {
    let dir = compile();
    let cp = dir.path().to_string_lossy().to_string();
    let (a, b) = (explore(&cp, "spf"), explore(&cp, "pse"));
    assert_eq!((a.feasible_paths, b.feasible_paths), (8192, 14));
    eprintln!(
        "diamonds12: spf {} paths, {} instructions; pse {} paths ({} cut), {} instructions: {:.1}x fewer paths, {:.1}x fewer instructions",
        a.feasible_paths,
        a.instructions,
        b.feasible_paths,
        b.cut_paths,
        b.instructions,
        a.feasible_paths as f64 / b.feasible_paths as f64,
        a.instructions as f64 / b.instructions.max(1) as f64
    );
    let mut g = c.benchmark_group("pse_diamonds12");
    g.sample_size(10);
    g.bench_function("spf", |x| x.iter(|| assert_eq!(explore(&cp, "spf").feasible_paths, 8192)));
    g.bench_function("pse", |x| x.iter(|| assert_eq!(explore(&cp, "pse").feasible_paths, 14)));
    g.finish();
}

criterion_group!(benches, pse);
criterion_main!(benches);
