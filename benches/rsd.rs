//! `rsd` against spf where states repeat: the overwrite loop of `tests/java/rwset/RwsetFigs.java`
//! over twelve inputs (`RwsetFigs.overwrite12`), explored exhaustively depth-first. Once every
//! edge of the loop body is covered, nothing below a loop branch is relevant but the loop
//! counter, so states at the loop's branches repeat even sooner than under `rwset`. Prints the
//! path and instruction ratios once; criterion times both. A missing `javac` fails the bench.

use criterion::{Criterion, criterion_group, criterion_main};

#[path = "support/explore.rs"]
mod support;

fn rsd(c: &mut Criterion) {
    support::against_spf(
        c,
        "rsd_overwrite12",
        "overwrite12",
        "tests/java/rwset/RwsetFigs.java",
        "RwsetFigs.overwrite12",
        "rsd",
        (4096, 13),
    );
}

criterion_group!(benches, rsd);
criterion_main!(benches);
