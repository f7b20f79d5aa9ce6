//! The JUnit 4 writer: one test class per driver, one `@Test` per feasible path, calling the
//! driver with the path's concrete inputs (as exact Java literals) and asserting its outcome.

use crate::explore::driver::Driver;
use crate::explore::task::PathRecord;
use crate::explore::Observer;
use crate::program::Program;
use crate::symbolic::ExprPool;
use std::path::PathBuf;

/// The default test class name for a driver: `<DriverClass><Method>Test`.
pub fn default_class_name(driver: &Driver) -> String {
    let head = driver.display.split('(').next().unwrap_or("Driver");
    let mut parts = head.rsplit('.');
    let method = parts.next().unwrap_or("run");
    let class = parts.next().unwrap_or("Driver");
    let mut m = method.chars();
    let cap: String = m.next().map(|c| c.to_uppercase().collect::<String>() + m.as_str()).unwrap_or_default();
    format!("{class}{cap}Test").replace('$', "_")
}

/// Collects paths and writes the test class at the end.
pub struct JunitWriter {
    dir: PathBuf,
    package: Option<String>,
    class: Option<String>,
    strategy: String,
    driver_display: String,
    cases: Vec<String>,
}

impl JunitWriter {
    /// A writer into `dir` (created if needed).
    pub fn new(dir: PathBuf, package: Option<String>, class: Option<String>, driver: &Driver, strategy: &str) -> Self {
        JunitWriter { dir, package, class, strategy: strategy.to_string(), driver_display: driver.display.clone(), cases: Vec::new() }
    }

    /// Writes the test class; returns its path.
    pub fn finish(&mut self, _prog: &Program) -> std::io::Result<PathBuf> {
        let _ = (&self.package, &self.class, &self.strategy, &self.driver_display, &self.cases);
        std::fs::create_dir_all(&self.dir)?;
        Err(std::io::Error::other("the JUnit writer is not implemented yet"))
    }
}

impl Observer for JunitWriter {
    fn on_path(&mut self, _driver: &Driver, _pool: &ExprPool, _prog: &Program, _path: &PathRecord) {}
}
