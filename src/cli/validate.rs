//! Validation of the options shared by `run` and `compare`, before any work starts: every
//! number in its range, every option meaningful with the chosen strategy and subject. A bad
//! value is one line naming the option, and exit code 2.

use super::{DriverArgs, Failure};
use anyhow::anyhow;

/// The longest `--timeout` / `--budget` accepted, in seconds (about 31 years).
pub const MAX_SECONDS: f64 = 1e9;

/// A wall-clock budget in seconds: finite, positive, at most [`MAX_SECONDS`].
pub fn seconds(option: &str, v: f64) -> Result<(), Failure> {
    if !v.is_finite() || v <= 0.0 || v > MAX_SECONDS {
        return Err(anyhow!("{option} {v}: expected a number of seconds greater than 0 and at most {MAX_SECONDS:e}").into());
    }
    Ok(())
}

/// A count that must be at least 1.
fn positive(option: &str, v: Option<u64>) -> Result<(), Failure> {
    match v {
        Some(0) => Err(anyhow!("{option} 0: expected at least 1 (0 would explore nothing)").into()),
        _ => Ok(()),
    }
}

/// Checks the driver options for the given strategies; `subject` is set when the program comes
/// from a bundled subject's manifest.
pub fn driver_args(d: &DriverArgs, strategies: &[String]) -> Result<(), Failure> {
    if let Some(t) = d.timeout {
        seconds("--timeout", t)?;
    }
    positive("--max-paths", d.max_paths)?;
    positive("--workers", d.workers.map(|v| v as u64))?;
    positive("--max-steps", d.max_steps)?;
    positive("--max-depth", d.max_depth.map(|v| v as u64))?;
    positive("--max-memory", d.max_memory)?;
    if let Some(mb) = d.snapshot_memory
        && (!mb.is_finite() || mb <= 0.0 || mb > 1e9)
    {
        return Err(anyhow!("--snapshot-memory {mb}: expected a number of MiB greater than 0 (e.g. 0.5 or 256)").into());
    }
    if !matches!(d.snapshots.as_str(), "on" | "off" | "") {
        return Err(anyhow!("--snapshots {}: expected on or off", d.snapshots).into());
    }
    positive("--max-heap", d.max_heap)?;
    positive("--max-stack-depth", d.max_stack_depth.map(|v| v as u64))?;
    if let Some(c) = &d.main_class
        && (c.is_empty() || c.contains(['(', ')', ' ', '/']))
    {
        return Err(anyhow!("--main '{c}': expected a class name such as pkg.Main").into());
    }
    for (opt, v) in [("--min-int", d.min_int), ("--max-int", d.max_int)] {
        if let Some(v) = v
            && (v < i32::MIN as i64 || v > i32::MAX as i64)
        {
            return Err(anyhow!(
                "{opt} {v}: outside the int range {}..{} (the bound applies to byte, short and int inputs)",
                i32::MIN,
                i32::MAX
            )
            .into());
        }
    }
    if let (Some(a), Some(b)) = (d.min_int, d.max_int)
        && a > b
    {
        return Err(anyhow!("--min-int {a} is greater than --max-int {b}").into());
    }
    if !d.changed_line.is_empty() {
        let mut uses = false;
        for s in strategies {
            uses |= crate::strategy::preset::uses_changed_lines(s)?;
        }
        if !uses {
            return Err(anyhow!(
                "--changed-line has no effect with strategy {} (it selects DGSE's regression mode: use a dgse strategy)",
                strategies.join(",")
            )
            .into());
        }
    }
    crate::strategy::searcher(&d.search, d.seed).map_err(|e| anyhow!("--search {}: {e}", d.search))?;
    if d.classpath.trim().is_empty() {
        return Err(anyhow!("--classpath is required: directories and .jar files separated by ':' (or --subject NAME)").into());
    }
    Ok(())
}

/// Rejects `--classpath` given together with `--subject` (the manifest names the classpath).
pub fn subject_classpath(cli: &DriverArgs, subject: &str) -> Result<(), Failure> {
    if !cli.classpath.is_empty() {
        return Err(anyhow!(
            "--classpath has no effect with --subject {subject}: the subject's manifest names its classpath (drop one of the two)"
        )
        .into());
    }
    Ok(())
}
