//! What the benches share: one exhaustive depth-first exploration of a driver, through the
//! library API, asserting that it ends without an error.

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
