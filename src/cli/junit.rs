//! `jsymex junit --check DIR --classpath CP [--coverage]`: compiles a generated suite with javac
//! and runs it with JUnit 4 (Debian's `junit4`), optionally under JaCoCo.

use super::Failure;
use anyhow::anyhow;
use clap::Args;
use std::path::PathBuf;

/// Arguments of `junit`.
#[derive(Args, Debug)]
pub struct JunitArgs {
    /// The directory with the generated tests.
    #[arg(long)]
    pub check: PathBuf,
    /// Classpath of the classes under test.
    #[arg(long, short = 'c', default_value = "")]
    pub classpath: String,
    /// Run under JaCoCo and print line and branch coverage of the classes under test.
    #[arg(long)]
    pub coverage: bool,
}

/// `jsymex junit`.
pub fn run(a: JunitArgs) -> Result<i32, Failure> {
    let _ = (&a.check, &a.classpath, a.coverage);
    Err(anyhow!("jsymex junit is not implemented yet").into())
}
