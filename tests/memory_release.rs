//! `budget::release_free_memory` gives freed heap memory back to the kernel, so that the
//! resident set size `--max-memory` reads is the memory in use. Without it, `compare` stopped
//! every strategy after a memory-hungry one at once: the freed memory stayed resident in
//! glibc's heap (seen on nanoxml:max under a 60 s budget: `nurs:icnt` used 6.5 GB, and the four
//! `random-path+nurs:*` strategies after it explored 0 paths, "stopped at --max-memory").
//! Its own test binary: no other test allocates while it reads the process's RSS.

use jsymex::budget::{release_free_memory, resident_bytes};

const MB: u64 = 1 << 20;

#[test]
fn freed_fragmented_memory_leaves_the_resident_set() {
    let before = resident_bytes().expect("/proc/self/statm");
    // 256 MB in 512-byte blocks, every 64th kept: the survivors pin the heap, so the allocator
    // cannot give the freed pages back by shrinking it from the top.
    let mut blocks: Vec<Box<[u8]>> = (0..(256 * MB / 512))
        .map(|i| vec![(i % 251) as u8; 512].into_boxed_slice())
        .collect();
    let full = resident_bytes().expect("statm");
    assert!(full >= before + 200 * MB, "the blocks are resident: {before} -> {full}");
    let mut i = 0;
    blocks.retain(|_| {
        i += 1;
        i % 64 == 0
    });
    blocks.shrink_to_fit();
    let freed = resident_bytes().expect("statm");
    // glibc keeps the freed blocks resident (this is the behaviour the function exists for).
    assert!(freed >= before + 150 * MB, "freed memory stayed resident: {before} -> {freed}");
    release_free_memory();
    let released = resident_bytes().expect("statm");
    assert!(
        released + 150 * MB <= freed,
        "release_free_memory gave back less than 150 MB: {freed} -> {released} (before {before})"
    );
    assert_eq!(blocks.len(), (256 * MB / 512 / 64) as usize);
    assert!(blocks.iter().all(|b| b.len() == 512));
}
