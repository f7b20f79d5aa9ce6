//! `jsymex analyze`: the static dependence tables of a driver, grouped by source line.

use super::Failure;
use super::run::open_program;
use crate::analysis::{AnalysisOptions, analyze};
use anyhow::{Context, anyhow};
use clap::Args;

/// Arguments of `analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// Classpath: directories and .jar files separated by ':' (`@examples` = the bundled examples).
    #[arg(long, short = 'c', default_value = "")]
    pub classpath: String,
    /// Driver method: `pkg.Cls.method(int,char[])`, or `pkg.Cls.method` when the name is unique.
    #[arg(long, short = 'd')]
    pub driver: String,
    /// Regression mode: a changed statement as FILE:LINE (or LINE); repeatable.
    #[arg(long)]
    pub changed_line: Vec<String>,
    /// Output format: text or json.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Include library-model methods in the output.
    #[arg(long)]
    pub all: bool,
    /// Skip bytecode verification of the classpath's classes.
    #[arg(long)]
    pub no_verify: bool,
}

/// Parses `FILE:LINE` or `LINE`.
pub fn parse_changed(s: &str) -> Result<(String, u16), Failure> {
    let (file, line) = match s.rsplit_once(':') {
        Some((f, l)) => (f.to_string(), l),
        None => (String::new(), s),
    };
    let line: u16 = line
        .trim()
        .parse()
        .map_err(|_| anyhow!("--changed-line '{s}': expected FILE:LINE"))?;
    Ok((file, line))
}

/// `jsymex analyze`.
pub fn run(a: AnalyzeArgs) -> Result<i32, Failure> {
    if !matches!(a.format.as_str(), "text" | "json") {
        return Err(anyhow!("--format: unknown format '{}' (text, json)", a.format).into());
    }
    let changed = a.changed_line.iter().map(|s| parse_changed(s)).collect::<Result<Vec<_>, _>>()?;
    let d = super::DriverArgs {
        classpath: a.classpath.clone(),
        driver: Some(a.driver.clone()),
        search: "dfs".into(),
        arrays: "theory".into(),
        solver_timeout: 10_000,
        no_verify: a.no_verify,
        ..Default::default()
    };
    let prog = open_program(&d)?;
    let (class, method, types) = crate::explore::driver::parse_spec(&a.driver).with_context(|| format!("driver {}", a.driver))?;
    let spec = match &types {
        Some(t) => format!("{class}.{method}({})", t.join(",")),
        None => format!("{class}.{method}"),
    };
    let mid = crate::explore::driver::find_method(&prog, &spec).with_context(|| format!("driver {}", a.driver))?;
    let tables = analyze(
        &prog,
        mid,
        &AnalysisOptions {
            changed_lines: changed,
            source_view: true,
            budget: None,
        },
    )
    .with_context(|| format!("analysing {}", a.driver))?;
    if a.format == "json" {
        super::emit(&format!(
            "{}\n",
            serde_json::to_string_pretty(&tables.to_json(a.all)).map_err(|e| Failure { code: 1, error: e.into() })?
        ));
    } else {
        super::emit(&tables.to_text(a.all));
    }
    Ok(0)
}
