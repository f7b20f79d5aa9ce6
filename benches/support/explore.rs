//! What the benches share: compiling a Java source of the repository, and one exhaustive
//! depth-first exploration of a driver through the library API (without snapshots), asserting
//! that it ends without an error.

use jsymex::classpath::ClassPath;
use jsymex::explore::driver::InputOptions;
use jsymex::explore::{Explorer, Limits, Summary};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::vm::VmConfig;

/// Explores `driver` on classpath `cp` with `strategy` (depth-first) and returns the summary.
pub fn explore(cp: &str, driver: &str, strategy: &str) -> Summary {
    let prog = Program::new(ClassPath::parse(cp).expect("classpath"));
    let mut ex = Explorer::new(
        &prog,
        driver,
        &InputOptions::default(),
        SolverConfig::default(),
        VmConfig::default(),
        Limits::default(),
    )
    .expect("driver");
    // Every path replayed from the entry, as the pruning strategies (which have trackers) do:
    // the instruction ratios against spf then measure pruning alone (`benches/snapshots.rs`
    // measures snapshots).
    ex.snapshots.enabled = false;
    let mut preset = ex.preset(strategy, "dfs", 0, &[]).expect("strategy");
    let (s, err) = ex.explore(&mut preset, &mut []);
    assert!(err.is_none(), "{err:?}");
    s
}

/// Compiles one Java source of the repository (`tests/java/...`) into a fresh temp dir; a
/// missing or failing `javac` fails the bench.
#[allow(dead_code)]
pub fn javac(relative: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
    let st = std::process::Command::new("javac")
        .arg("-g")
        .arg("-d")
        .arg(dir.path())
        .arg(&src)
        .status()
        .expect("javac");
    assert!(st.success(), "javac failed on {src}");
    dir
}

/// A strategy against spf on one driver of one Java source: compiles it, asserts both path
/// counts (`paths`: spf's, the strategy's), prints the path and instruction ratios once under
/// `label`, and times both explorations in criterion group `group`.
#[allow(dead_code)]
pub fn against_spf(c: &mut criterion::Criterion, group: &str, label: &str, source: &str, driver: &str, strategy: &str, paths: (u64, u64)) {
    let dir = javac(source);
    let cp = dir.path().to_string_lossy().to_string();
    let (a, b) = (explore(&cp, driver, "spf"), explore(&cp, driver, strategy));
    assert_eq!((a.feasible_paths, b.feasible_paths), paths);
    eprintln!(
        "{label}: spf {} paths, {} instructions; {strategy} {} paths ({} cut), {} instructions: {:.1}x fewer paths, {:.1}x fewer instructions",
        a.feasible_paths,
        a.instructions,
        b.feasible_paths,
        b.cut_paths,
        b.instructions,
        a.feasible_paths as f64 / b.feasible_paths as f64,
        a.instructions as f64 / b.instructions.max(1) as f64
    );
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    g.bench_function("spf", |x| {
        x.iter(|| assert_eq!(explore(&cp, driver, "spf").feasible_paths, paths.0))
    });
    g.bench_function(strategy, |x| {
        x.iter(|| assert_eq!(explore(&cp, driver, strategy).feasible_paths, paths.1))
    });
    g.finish();
}
