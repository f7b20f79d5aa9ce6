//! `jsymex compare`: several strategies on one driver, one after the other with the same
//! limits, in one table (the columns of the DGSE paper's Tables 5-7).

use super::run::{explore_with, explorer, open_program};
use super::{DriverArgs, Failure};
use crate::explore::Summary;
use anyhow::anyhow;
use clap::Args;

/// Arguments of `compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Program, driver and limits.
    #[command(flatten)]
    pub d: DriverArgs,
    /// Strategies, comma-separated; the first is the baseline of the ratios.
    #[arg(long, value_delimiter = ',', default_value = "spf,dgse")]
    pub strategies: Vec<String>,
    /// Wall-clock budget per strategy in seconds (same as --timeout).
    #[arg(long)]
    pub budget: Option<f64>,
    /// Output format: text, markdown, csv, json.
    #[arg(long, default_value = "text")]
    pub format: String,
}

const HEADER: &[&str] = &[
    "strategy",
    "feasible",
    "infeasible",
    "total",
    "feasible_ratio",
    "infeasible_ratio",
    "total_ratio",
    "solver_calls",
    "solver_sat_ms",
    "solver_unsat_ms",
    "analysis_ms",
    "exploration_ms",
    "total_ms",
    "speedup",
    "branch_coverage",
    "faults",
];

fn row(s: &Summary, base: &Summary) -> Vec<String> {
    let ratio = |a: u64, b: u64| {
        if b == 0 {
            if a == 0 { "1.00".to_string() } else { "-".to_string() }
        } else {
            format!("{:.2}", a as f64 / b as f64)
        }
    };
    let total = s.feasible_paths + s.infeasible_paths;
    let btotal = base.feasible_paths + base.infeasible_paths;
    let explore_ms = s.wall_time_ms - s.analysis_time_ms;
    let speed = if s.wall_time_ms > 0.0 {
        format!("{:.2}", base.wall_time_ms / s.wall_time_ms)
    } else {
        "-".into()
    };
    vec![
        s.strategy.clone(),
        s.feasible_paths.to_string(),
        s.infeasible_paths.to_string(),
        total.to_string(),
        ratio(s.feasible_paths, base.feasible_paths),
        ratio(s.infeasible_paths, base.infeasible_paths),
        ratio(total, btotal),
        s.solver_calls.to_string(),
        format!("{:.1}", s.solver_sat_ms),
        format!("{:.1}", s.solver_unsat_ms),
        format!("{:.1}", s.analysis_time_ms),
        format!("{:.1}", explore_ms),
        format!("{:.1}", s.wall_time_ms),
        speed,
        format!("{:.3}", s.branch_coverage),
        s.faults.to_string(),
    ]
}

/// Renders a comparison table in the given format.
pub fn render(runs: &[Summary], format: &str) -> Result<String, Failure> {
    let Some(base) = runs.first() else { return Ok(String::new()) };
    let rows: Vec<Vec<String>> = runs.iter().map(|s| row(s, base)).collect();
    Ok(match format {
        "csv" => {
            let mut o = HEADER.join(",") + "\n";
            for r in &rows {
                o += &(r.join(",") + "\n");
            }
            o
        }
        "markdown" => {
            let mut o = format!("| {} |\n|{}\n", HEADER.join(" | "), "---|".repeat(HEADER.len()));
            for r in &rows {
                o += &format!("| {} |\n", r.join(" | "));
            }
            o
        }
        "json" => {
            serde_json::to_string_pretty(&serde_json::json!({ "driver": base.driver, "runs": runs }))
                .map_err(|e| Failure { code: 1, error: e.into() })?
                + "\n"
        }
        "text" => {
            let mut widths: Vec<usize> = HEADER.iter().map(|h| h.len()).collect();
            for r in &rows {
                for (i, c) in r.iter().enumerate() {
                    widths[i] = widths[i].max(c.len());
                }
            }
            let line = |cells: Vec<&str>| {
                cells
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("{:>w$}", c, w = widths[i]))
                    .collect::<Vec<_>>()
                    .join("  ")
            };
            let mut o = format!("driver: {}\n", base.driver);
            o += &(line(HEADER.to_vec()) + "\n");
            for r in &rows {
                o += &(line(r.iter().map(|s| s.as_str()).collect()) + "\n");
            }
            o
        }
        other => return Err(anyhow!("--format: unknown format '{other}' (text, markdown, csv, json)").into()),
    })
}

/// `jsymex compare`.
pub fn compare(mut a: CompareArgs) -> Result<i32, Failure> {
    if let Some(b) = a.budget {
        a.d.timeout = Some(b);
    }
    if !matches!(a.format.as_str(), "text" | "markdown" | "csv" | "json") {
        return Err(anyhow!("--format: unknown format '{}' (text, markdown, csv, json)", a.format).into());
    }
    for s in &a.strategies {
        crate::strategy::spec(s)?;
    }
    let mut runs = Vec::new();
    let mut first_err = None;
    for s in &a.strategies {
        let mut prog = open_program(&a.d)?;
        let mut ex = explorer(&mut prog, &a.d)?;
        let (summary, err) = explore_with(&mut ex, s, &a.d, &mut [])?;
        if first_err.is_none() {
            first_err = err;
        }
        runs.push(summary);
    }
    print!("{}", render(&runs, &a.format)?);
    match first_err {
        Some(e) => Err(Failure {
            code: 2,
            error: anyhow!(e),
        }),
        None => Ok(0),
    }
}
