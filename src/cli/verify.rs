//! `jsymex verify` (and `run --verdict`): property checking with a verdict, as SV-COMP asks for.
//! The properties are the program's assertions (`assert`, `jsymex.Symbolic.check`, JPF's
//! `Verify.assertTrue`: every `AssertionError`); other uncaught exceptions are reported as
//! faults but are not violations.
//! - `TRUE` (exit 0): the exploration completed, with no limit, solver `unknown`, divergence or
//!   error, and no path threw an `AssertionError`;
//! - `FALSE` (exit 4): a path threw one; its input is a JUnit test (`--junit DIR`, default
//!   `jsymex-witness`) that throws it on the real JVM;
//! - `UNKNOWN` (exit 5): neither, with the reason (a limit, the time budget, the solver, code
//!   without a model).

use super::Failure;
use super::run::{Ran, RunArgs, execute};
use crate::explore::Observer;
use crate::explore::driver::Driver;
use crate::explore::task::PathRecord;
use crate::program::Program;
use crate::symbolic::ExprPool;
use crate::vm::Outcome;
use clap::Args;
use std::collections::BTreeMap;

/// Exit code of `TRUE`.
pub const EXIT_TRUE: i32 = 0;
/// Exit code of `FALSE`.
pub const EXIT_FALSE: i32 = 4;
/// Exit code of `UNKNOWN`.
pub const EXIT_UNKNOWN: i32 = 5;

/// The JUnit directory of `verify` when `--junit` is not given.
const DEFAULT_WITNESS_DIR: &str = "jsymex-witness";

/// Arguments of `verify`: those of `run`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Program, driver, limits and reports, as for `run`.
    #[command(flatten)]
    pub run: RunArgs,
}

/// The first assertion violation of an exploration.
#[derive(Clone, Debug)]
struct Violation {
    path: u64,
    class: String,
    message: Option<String>,
    at: String,
    inputs: String,
}

/// Watches the paths for violations and for ends that make the exploration incomplete.
#[derive(Default)]
struct Watch {
    violation: Option<Violation>,
    /// Limit reasons (other than `System.exit`) and how many paths each ended.
    limits: BTreeMap<String, u64>,
    /// Some path drew a string of bounded length (`Verifier.nondetString`,
    /// `Debug.makeSymbolicString`): longer strings were not explored.
    bounded_strings: bool,
}

impl Observer for Watch {
    fn on_path(&mut self, driver: &Driver, pool: &ExprPool, prog: &Program, p: &PathRecord) {
        if !self.bounded_strings {
            self.bounded_strings = crate::testgen::api_vars(driver, pool, &p.input)
                .iter()
                .any(|(v, _)| pool.var_name(*v).split('#').next().is_some_and(|n| n.ends_with(".length")));
        }
        match &p.run.outcome {
            Outcome::Limit(r) if !r.starts_with("System.exit") => *self.limits.entry(r.clone()).or_default() += 1,
            Outcome::Exception { class, message } if self.violation.is_none() && prog.is_assertion(class) => {
                let at = p
                    .run
                    .fault_site
                    .map(|(m, pc)| crate::testgen::throw_site(prog, m, pc))
                    .unwrap_or_default();
                let mut inputs: Vec<String> = Vec::new();
                let params = crate::explore::driver::inputs_json(driver, &p.input, p.run.input_heap.as_deref());
                if !params.is_empty()
                    && driver
                        .entry
                        .args
                        .iter()
                        .any(|a| !matches!(a, crate::vm::ArgSpec::StrArray { strings } if strings.is_empty()))
                {
                    inputs.push(format!("arguments {}", serde_json::Value::Array(params)));
                }
                for (k, v) in crate::testgen::api_inputs(driver, pool, &p.input) {
                    inputs.push(format!("{k} = {v}"));
                }
                self.violation = Some(Violation {
                    path: p.id,
                    class: class.clone(),
                    message: message.clone(),
                    at,
                    inputs: inputs.join(", "),
                });
            }
            _ => {}
        }
    }
}

/// `jsymex verify`.
pub fn run(a: VerifyArgs) -> Result<i32, Failure> {
    run_verdict(a.run)
}

/// Explores as `run` does and prints the verdict; returns its exit code.
pub fn run_verdict(mut a: RunArgs) -> Result<i32, Failure> {
    if a.junit.is_none() {
        a.junit = Some(DEFAULT_WITNESS_DIR.into());
    }
    let quiet = a.quiet;
    let mut watch = Watch::default();
    let ran = execute(a, &mut [&mut watch])?;
    if !quiet {
        super::emit(&crate::report::summary_text(&ran.summary));
    }
    let (text, code) = verdict(&ran, &watch);
    super::emit(&text);
    Ok(code)
}

/// The verdict's text (first line `TRUE`, `FALSE: …` or `UNKNOWN: …`) and exit code.
fn verdict(ran: &Ran, w: &Watch) -> (String, i32) {
    let s = &ran.summary;
    if let Some(v) = &w.violation {
        let msg = v.message.as_deref().map(|m| format!(" \"{m}\"")).unwrap_or_default();
        let mut t = format!("FALSE: {}{msg} at {} (path {})\n", v.class, v.at, v.path);
        if !v.inputs.is_empty() {
            t.push_str(&format!("  input: {}\n", v.inputs));
        }
        if let Some((file, names)) = &ran.junit
            && let Some(test) = names.get(&v.path)
        {
            t.push_str(&format!("  witness: {} test {test}\n", file.display()));
        }
        return (t, EXIT_FALSE);
    }
    let mut why: Vec<String> = Vec::new();
    if let Some(e) = &ran.err {
        let text = e.to_string();
        if text.contains("no model") {
            why.push(format!("unmodelled code ({text})"));
        } else {
            why.push(format!("error ({text})"));
        }
    }
    match &s.stop {
        crate::explore::StopReason::Complete => {}
        crate::explore::StopReason::Error(e) if ran.err.is_none() => why.push(format!("error ({e})")),
        crate::explore::StopReason::Error(_) => {}
        other => why.push(format!("the exploration stopped early ({})", other.label())),
    }
    for (r, n) in &w.limits {
        why.push(format!("limit: {r} ended {n} path(s)"));
    }
    if s.unknown_paths > 0 {
        why.push(format!("solver unknown on {} task(s) (raise --solver-timeout)", s.unknown_paths));
    }
    if s.diverged_paths > 0 {
        why.push(format!(
            "{} run(s) diverged from their task (a modelling imprecision: paths may be missing)",
            s.diverged_paths
        ));
    }
    if w.bounded_strings {
        why.push("limit: strings drawn at run time (nondetString, makeSymbolicString) were explored up to --string-len characters".into());
    }
    if s.cut_paths > 0 {
        why.push(format!("a pruner cut {} path(s)", s.cut_paths));
    }
    if why.is_empty() {
        (
            format!("TRUE: {} path(s) explored completely, no assertion can fail\n", s.feasible_paths),
            EXIT_TRUE,
        )
    } else {
        (format!("UNKNOWN: {}\n", why.join("; ")), EXIT_UNKNOWN)
    }
}
