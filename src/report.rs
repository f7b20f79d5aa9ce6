//! Human-readable run summaries and comparison tables.

pub mod plot;
pub mod progress;
pub mod reached;

/// A table as `csv`, `markdown` or (any other format) aligned `text`: right-aligned columns
/// two spaces apart.
pub fn grid<S: AsRef<str>>(header: &[S], rows: &[Vec<String>], format: &str) -> String {
    let head: Vec<&str> = header.iter().map(AsRef::as_ref).collect();
    match format {
        "csv" => {
            let mut o = head.join(",") + "\n";
            for r in rows {
                o += &(r.join(",") + "\n");
            }
            o
        }
        "markdown" => {
            let mut o = format!("| {} |\n|{}\n", head.join(" | "), "---|".repeat(head.len()));
            for r in rows {
                o += &format!("| {} |\n", r.join(" | "));
            }
            o
        }
        _ => {
            let mut widths: Vec<usize> = head.iter().map(|h| h.len()).collect();
            for r in rows {
                for (i, c) in r.iter().enumerate() {
                    if let Some(w) = widths.get_mut(i) {
                        *w = (*w).max(c.len());
                    }
                }
            }
            let line = |cells: &mut dyn Iterator<Item = &str>| {
                cells
                    .enumerate()
                    .map(|(i, c)| format!("{:>w$}", c, w = widths.get(i).copied().unwrap_or(0)))
                    .collect::<Vec<_>>()
                    .join("  ")
                    + "\n"
            };
            let mut o = line(&mut head.iter().copied());
            for r in rows {
                o += &line(&mut r.iter().map(String::as_str));
            }
            o
        }
    }
}

use crate::explore::{StopReason, Summary};
use std::fmt::Write;

/// The readable summary of one run.
pub fn summary_text(s: &Summary) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "jsymex: {} [{} / {}]", s.driver, s.strategy, s.search);
    let _ = writeln!(
        o,
        "  paths         {} feasible, {} infeasible, {} unknown ({} ended on a limit)",
        s.feasible_paths, s.infeasible_paths, s.unknown_paths, s.limit_paths
    );
    let _ = writeln!(
        o,
        "  solver        {} queries ({} cache, {} nearby, {} cex-cache, {} guessed, {} z3), {:.1} ms (SAT {:.1} ms, UNSAT {:.1} ms)",
        s.solver_calls,
        s.solver.cache_hits,
        s.solver.nearby_hits,
        s.solver.cex_hits,
        s.solver.guess_hits,
        s.solver.z3_calls,
        s.solver_time_ms,
        s.solver_sat_ms,
        s.solver_unsat_ms
    );
    let whole = &s.coverage.classes;
    let _ = writeln!(
        o,
        "  coverage      branches {}/{} ({:.1}%), instructions {:.1}% of the code the driver reaches; whole classes run: branches {}/{}",
        s.branches_covered,
        s.branches_total,
        s.branch_coverage * 100.0,
        s.instruction_coverage * 100.0,
        whole.branches_covered,
        whole.branches_total
    );
    let _ = writeln!(
        o,
        "  faults        {} distinct{}",
        s.faults,
        if s.fault_sites.is_empty() {
            String::new()
        } else {
            let shown: Vec<String> = s
                .fault_sites
                .iter()
                .take(5)
                .map(|f| format!("{} at {} (path {})", f.exception, f.at, f.path))
                .collect();
            let more = s.fault_sites.len().saturating_sub(5);
            format!(
                ": {}{}",
                shown.join(", "),
                if more > 0 { format!(", {more} more") } else { String::new() }
            )
        }
    );
    let _ = writeln!(
        o,
        "  work          {} instructions, {} branch events",
        s.instructions, s.branch_events
    );
    let pps = if s.wall_time_ms > 0.0 {
        s.feasible_paths as f64 * 1000.0 / s.wall_time_ms
    } else {
        0.0
    };
    let _ = writeln!(o, "  time          {:.1} ms ({:.0} paths/s)", s.wall_time_ms, pps);
    if s.duplicate_paths > 0 {
        let _ = writeln!(
            o,
            "  duplicates    {} runs repeated an explored path (not counted)",
            s.duplicate_paths
        );
    }
    if s.diverged_paths > 0 {
        let _ = writeln!(o, "  diverged      {} paths did not follow their task's prefix", s.diverged_paths);
    }
    let stop = match &s.stop {
        StopReason::Complete => "complete".to_string(),
        StopReason::MaxPaths => "stopped at --max-paths".to_string(),
        StopReason::Timeout => "stopped at --timeout".to_string(),
        StopReason::MemoryLimit => "stopped at --max-memory".to_string(),
        StopReason::Interrupted => "interrupted (SIGINT)".to_string(),
        StopReason::Terminated => "terminated (SIGTERM)".to_string(),
        StopReason::Hangup => "hung up (SIGHUP)".to_string(),
        StopReason::Error(e) => format!("stopped by an error: {e}"),
    };
    let _ = writeln!(o, "  exploration   {stop}");
    o
}
