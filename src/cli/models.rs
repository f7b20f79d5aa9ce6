//! `jsymex models --missing --classpath CP --driver …`: the library code a driver may reach that
//! has no model (see [`crate::explore::missing`]), and the same check as a warning before `run`
//! explores.

use super::Failure;
use super::run::open_program;
use crate::explore::driver::Driver;
use crate::explore::missing::{MissingModel, missing_models};
use crate::program::Program;
use anyhow::{Context, anyhow};
use clap::Args;

/// Arguments of `models`.
#[derive(Args, Debug)]
pub struct ModelsArgs {
    /// List the library classes, methods and natives reachable from the driver without a model.
    #[arg(long)]
    pub missing: bool,
    /// Write jsymex-runtime.jar (the input API's real-JVM side, to compile drivers and run their
    /// generated tests against) to this file.
    #[arg(long, value_name = "FILE")]
    pub runtime_jar: Option<std::path::PathBuf>,
    /// Classpath: directories and .jar files separated by ':'.
    #[arg(long, short = 'c', default_value = "")]
    pub classpath: String,
    /// Driver method: `pkg.Cls.method(int,char[])`, or `pkg.Cls.method` when the name is unique.
    #[arg(long, short = 'd')]
    pub driver: Option<String>,
    /// The driver is `CLASS.main(String[])`.
    #[arg(long = "main", value_name = "CLASS")]
    pub main_class: Option<String>,
    /// Output format: text or json.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Skip bytecode verification of the classpath's classes.
    #[arg(long)]
    pub no_verify: bool,
}

/// `jsymex models`.
pub fn run(a: ModelsArgs) -> Result<i32, Failure> {
    if let Some(f) = &a.runtime_jar {
        crate::classpath::write_runtime_jar(f).map_err(|e| anyhow!("--runtime-jar: cannot write {}: {e}", f.display()))?;
        if !a.missing {
            return Ok(0);
        }
    }
    if !a.missing {
        return Err(anyhow!("models: say what to do (--missing, --runtime-jar FILE)").into());
    }
    if !matches!(a.format.as_str(), "text" | "json") {
        return Err(anyhow!("--format: unknown format '{}' (text, json)", a.format).into());
    }
    if a.classpath.trim().is_empty() {
        return Err(anyhow!("--classpath is required: directories and .jar files separated by ':'").into());
    }
    let driver = super::run::driver_spec(&a.driver, &a.main_class)?;
    let d = super::DriverArgs {
        classpath: a.classpath.clone(),
        no_verify: a.no_verify,
        ..Default::default()
    };
    let prog = open_program(&d)?;
    let (class, method, types) = crate::explore::driver::parse_spec(&driver).with_context(|| format!("driver {driver}"))?;
    let spec = match &types {
        Some(t) => format!("{class}.{method}({})", t.join(",")),
        None => format!("{class}.{method}"),
    };
    let mid = crate::explore::driver::find_method(&prog, &spec).with_context(|| format!("driver {driver}"))?;
    let missing = missing_models(&prog, mid);
    if a.format == "json" {
        let text = serde_json::to_string_pretty(&missing).map_err(|e| Failure { code: 1, error: e.into() })?;
        super::emit(&format!("{text}\n"));
    } else if missing.is_empty() {
        super::emit(&format!("every library class and method reachable from {driver} has a model\n"));
    } else {
        let mut out = format!("{} reachable from {driver} without a model:\n", plural(missing.len()));
        for m in &missing {
            out.push_str(&format!("  {} {} (called from {})\n", m.kind, m.what, m.from));
        }
        super::emit(&out);
    }
    Ok(0)
}

fn plural(n: usize) -> String {
    if n == 1 {
        "1 library member".into()
    } else {
        format!("{n} library members")
    }
}

/// Warns on stderr, before a run explores, about library code the driver may reach without a
/// model (a path that reaches it stops the run with an error).
pub fn warn_missing(prog: &Program, driver: &Driver) {
    let missing: Vec<MissingModel> = missing_models(prog, driver.entry.method);
    if missing.is_empty() {
        return;
    }
    let shown: Vec<&str> = missing.iter().take(3).map(|m| m.what.as_str()).collect();
    let more = if missing.len() > 3 {
        format!(" and {} more", missing.len() - 3)
    } else {
        String::new()
    };
    eprintln!(
        "jsymex: warning: {} reachable from the driver without a model: {}{more} (`jsymex models --missing` lists them); a path that reaches one stops the run",
        plural(missing.len()),
        shown.join(", ")
    );
}
