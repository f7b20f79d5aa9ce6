//! Replaying the inputs a driver draws at run time (`jsymex.Symbolic`, SPF's `Debug`, JPF's
//! `Verify`, SV-COMP's `Verifier`) on the real JVM: each generated test first calls
//! `jsymex.Replay.start("name", value, …)` with the values of its path, and the classes of
//! `jsymex-runtime.jar` (written beside the suite) return them in the order jsymex drew them.

use super::java::{scalar_lit, string_lit};
use crate::explore::driver::Driver;
use crate::program::Program;
use crate::symbolic::{ExprPool, Scalar};

/// Classes whose presence in a run means the suite needs the replay runtime.
const RUNTIME_CLASSES: &[&str] = &[
    "jsymex/Symbolic",
    "gov/nasa/jpf/symbc/Debug",
    "gov/nasa/jpf/vm/Verify",
    "org/sosy_lab/sv_benchmarks/Verifier",
];

/// The `jsymex.Replay.start(…)` statement of a path, or `None` when the driver draws no input
/// at run time.
pub fn start_call(driver: &Driver, pool: &ExprPool, input: &[Scalar]) -> Option<String> {
    let vars = crate::testgen::api_vars(driver, pool, input);
    if vars.is_empty() {
        return None;
    }
    let items: Vec<String> = vars
        .into_iter()
        .map(|(v, val)| {
            let ty = crate::testgen::sort_type(pool.var_sort(v));
            format!("{}, {}", string_lit(pool.var_name(v)), scalar_lit(&ty, val))
        })
        .collect();
    Some(format!("jsymex.Replay.start({});", items.join(", ")))
}

/// True when the explored program used the input API (so its tests need the runtime jar).
pub fn uses_runtime(prog: &Program) -> bool {
    RUNTIME_CLASSES.iter().any(|c| prog.lookup(c).is_some())
}

/// Writes `jsymex-runtime.jar` into `dir`.
pub fn write_jar(dir: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    let path = dir.join(crate::classpath::RUNTIME_JAR);
    crate::classpath::write_runtime_jar(&path)?;
    Ok(path)
}
