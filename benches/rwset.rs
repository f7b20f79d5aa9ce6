//! `rwset` against spf where states repeat: the overwrite loop of `tests/java/rwset/RwsetFigs.java`
//! over twelve inputs (`RwsetFigs.overwrite12`: each iteration overwrites the one value the rest
//! reads, so after every branch both directions reach equal states), explored exhaustively
//! depth-first. Prints the path and instruction ratios once; criterion times both. A missing
//! `javac` fails the bench.

use criterion::{Criterion, criterion_group, criterion_main};
use jsymex::explore::Summary;

#[path = "support/explore.rs"]
mod support;

fn compile() -> tempfile::TempDir {
    support::javac("tests/java/rwset/RwsetFigs.java")
}

fn explore(cp: &str, strategy: &str) -> Summary {
    support::explore(cp, "RwsetFigs.overwrite12", strategy)
}

fn rwset(c: &mut Criterion) {
    let dir = compile();
    let cp = dir.path().to_string_lossy().to_string();
    let (a, b) = (explore(&cp, "spf"), explore(&cp, "rwset"));
    assert_eq!((a.feasible_paths, b.feasible_paths), (4096, 24));
    eprintln!(
        "overwrite12: spf {} paths, {} instructions; rwset {} paths ({} cut), {} instructions: {:.1}x fewer paths, {:.1}x fewer instructions",
        a.feasible_paths,
        a.instructions,
        b.feasible_paths,
        b.cut_paths,
        b.instructions,
        a.feasible_paths as f64 / b.feasible_paths as f64,
        a.instructions as f64 / b.instructions.max(1) as f64
    );
    let mut g = c.benchmark_group("rwset_overwrite12");
    g.sample_size(10);
    g.bench_function("spf", |x| x.iter(|| assert_eq!(explore(&cp, "spf").feasible_paths, 4096)));
    g.bench_function("rwset", |x| x.iter(|| assert_eq!(explore(&cp, "rwset").feasible_paths, 24)));
    g.finish();
}

criterion_group!(benches, rwset);
criterion_main!(benches);
