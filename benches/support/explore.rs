//! What the benches share: compiling a Java source of the repository, and one exhaustive
//! depth-first exploration of a driver through the library API, asserting that it ends without
//! an error.

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
