//! `jsymex mutate --classpath CP --classes PATTERN --out DIR`: writes bytecode-level mutants of
//! the application classes and their manifest (`DIR/mutants.json`); `jsymex junit --check
//! TESTS --mutants DIR` then runs a suite against them.

use super::Failure;
use crate::mutate::{Operator, Selection};
use anyhow::anyhow;
use clap::Args;
use std::path::PathBuf;

/// Arguments of `mutate`.
#[derive(Args, Debug)]
pub struct MutateArgs {
    /// Classpath of the classes to mutate (directories, jars, @examples, @subjects).
    #[arg(long, short = 'c')]
    pub classpath: String,
    /// The classes to mutate: comma-separated globs over binary names (`org.apache.commons.cli.*`).
    #[arg(long)]
    pub classes: String,
    /// The directory to write the mutants and `mutants.json` into (created; must be empty or absent).
    #[arg(long)]
    pub out: PathBuf,
    /// Only these operators (comma-separated: AOR, ROR, NCO, COR, SOR, CRP, VMCR, RVR).
    #[arg(long, value_delimiter = ',')]
    pub operators: Vec<String>,
    /// Only methods with these names (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub methods: Vec<String>,
    /// Mutate static initializers too.
    #[arg(long)]
    pub clinit: bool,
}

/// `jsymex mutate`.
pub fn run(a: MutateArgs) -> Result<i32, Failure> {
    let mut operators = Vec::new();
    for o in &a.operators {
        operators.push(Operator::parse(o).ok_or_else(|| {
            Failure::from(anyhow!(
                "--operators {o}: unknown operator (AOR, ROR, NCO, COR, SOR, CRP, VMCR, RVR)"
            ))
        })?);
    }
    if a.out.exists() && std::fs::read_dir(&a.out).map(|mut d| d.next().is_some()).unwrap_or(true) {
        return Err(Failure::from(anyhow!(
            "--out {}: exists and is not an empty directory",
            a.out.display()
        )));
    }
    let sel = Selection {
        operators,
        methods: a.methods.clone(),
        clinit: a.clinit,
    };
    let t0 = std::time::Instant::now();
    let m = crate::mutate::write_mutants(&a.classpath, &a.classes, &sel, &a.out).map_err(|e| Failure::from(anyhow!(e)))?;
    let mut by_op: std::collections::BTreeMap<Operator, usize> = Default::default();
    for x in &m.mutants {
        *by_op.entry(x.operator).or_default() += 1;
    }
    let classes: std::collections::BTreeSet<&str> = m.mutants.iter().map(|x| x.class.as_str()).collect();
    let ops: Vec<String> = by_op.iter().map(|(o, n)| format!("{o:?} {n}")).collect();
    super::emit(&format!(
        "mutate: {} mutants of {} classes in {} ({}), {} skipped, {:.0} ms; manifest {}\n",
        m.mutants.len(),
        classes.len(),
        a.out.display(),
        ops.join(", "),
        m.skipped.len(),
        t0.elapsed().as_secs_f64() * 1000.0,
        a.out.join(crate::mutate::MANIFEST).display()
    ));
    Ok(0)
}
