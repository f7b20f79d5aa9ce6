//! `rwset` against spf where states repeat: the overwrite loop of `tests/java/rwset/RwsetFigs.java`
//! over twelve inputs (`RwsetFigs.overwrite12`: each iteration overwrites the one value the rest
//! reads, so after every branch both directions reach equal states), explored exhaustively
//! depth-first. Prints the path and instruction ratios once; criterion times both. A missing
//! `javac` fails the bench.

use criterion::{Criterion, criterion_group, criterion_main};

#[path = "support/explore.rs"]
mod support;

fn rwset(c: &mut Criterion) {
    support::against_spf(
        c,
        "rwset_overwrite12",
        "overwrite12",
        "tests/java/rwset/RwsetFigs.java",
        "RwsetFigs.overwrite12",
        "rwset",
        (4096, 24),
    );
}

criterion_group!(benches, rwset);
criterion_main!(benches);
