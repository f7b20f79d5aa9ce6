//! `jsymex subjects`: one line per bundled subject (name, configurations, driver).

use super::Failure;

/// Prints the subjects.
pub fn list() -> Result<i32, Failure> {
    for m in crate::subjects::all()? {
        let configs: Vec<String> = m.configs.keys().cloned().collect();
        super::emit(&format!("{}\t{}\t{}\n", m.name, configs.join(","), m.driver));
    }
    Ok(0)
}
