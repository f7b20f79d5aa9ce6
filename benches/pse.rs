//! PSE (postconditioned symbolic execution) against spf where suffixes repeat: Figure 3 of
//! seed 000 scaled to 12 diamonds (`tests/java/pse/PseFigs.java`, `PseFigs.diamonds`), explored
//! exhaustively depth-first. Prints the path and instruction ratios once (the paper's reference
//! is 3.34x fewer paths and 23x fewer instructions on Coreutils); criterion times both. A
//! missing `javac` fails the bench.

use criterion::{Criterion, criterion_group, criterion_main};

#[path = "support/explore.rs"]
mod support;

fn pse(c: &mut Criterion) {
    support::against_spf(
        c,
        "pse_diamonds12",
        "diamonds12",
        "tests/java/pse/PseFigs.java",
        "PseFigs.diamonds",
        "pse",
        (8192, 14),
    );
}

criterion_group!(benches, pse);
criterion_main!(benches);
