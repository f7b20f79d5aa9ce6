//! `compare --mutation`: the columns of the DGSE paper's Table 10. Each strategy's generated
//! JUnit suite runs on the real JVM against the same mutants of the classes under test; the
//! table gives, per strategy, the mutants, its tests, the mutants it killed, its kill rate and
//! its unique kills (mutants no other strategy of the comparison killed).

use super::Failure;
use super::junit::{TempDir, compile};
use crate::mutate::report::Report;
use crate::mutate::{Selection, write_mutants};
use anyhow::anyhow;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// One row of the mutation table.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Row {
    /// The strategy.
    pub strategy: String,
    /// The subject and configuration (`None` for a plain driver).
    pub subject: Option<String>,
    /// Valid mutants.
    pub mutants: usize,
    /// Test methods in the strategy's suite.
    pub tests: usize,
    /// Mutants killed (a failing test or the timeout).
    pub killed: usize,
    /// `killed / mutants` in percent.
    pub kill_rate: f64,
    /// Mutants killed by this strategy's suite and by no other of the comparison.
    pub unique_kills: usize,
    /// Wall-clock seconds spent running this suite against the mutants.
    pub seconds: f64,
    /// Per operator: valid mutants and killed (the paper's Table 11).
    pub operators: std::collections::BTreeMap<String, (usize, usize)>,
}

/// The suites of one subject: per strategy, the file its JUnit writer wrote (`None`: no test).
pub struct Suites {
    /// The subject label.
    pub subject: Option<String>,
    /// The classpath of the classes under test.
    pub classpath: String,
    /// The classes to mutate (globs).
    pub classes: String,
    /// The directory the suites were written into.
    pub dir: PathBuf,
    /// (strategy, suite file).
    pub suites: Vec<(String, Option<PathBuf>)>,
}

/// Mutates the subject's classes once and runs every strategy's suite against the mutants.
pub fn evaluate(s: &Suites, timeout_ms: u64) -> Result<Vec<Row>, Failure> {
    let tmp = TempDir::new().map_err(|e| anyhow!("cannot create a temporary directory: {e}"))?;
    let mdir = tmp.0.join("mutants");
    let manifest = write_mutants(&s.classpath, &s.classes, &Selection::default(), &mdir)
        .map_err(|e| anyhow!("--mutation: {e} (set the classes with --mutate-classes)"))?;
    let mut rows = Vec::new();
    let mut kills: Vec<BTreeSet<usize>> = Vec::new();
    for (strategy, file) in &s.suites {
        let t0 = std::time::Instant::now();
        let (tests, killed, mutants, operators) = match file {
            None => {
                let mut ops = std::collections::BTreeMap::new();
                for m in &manifest.mutants {
                    ops.entry(format!("{:?}", m.operator)).or_insert((0, 0)).0 += 1;
                }
                (0, BTreeSet::new(), manifest.mutants.len(), ops)
            }
            Some(f) => {
                let compiled = compile(&s.dir, Some(std::slice::from_ref(f)), &s.classpath)?;
                let work = compiled.tmp().join("mutation");
                std::fs::create_dir_all(&work).map_err(|e| anyhow!("{}: {e}", work.display()))?;
                let outcome =
                    crate::mutate::runner::run(&compiled.suite(), &mdir, &manifest, timeout_ms, true, &work).map_err(|e| Failure {
                        code: 1,
                        error: anyhow!("--mutation: {strategy}: {e}"),
                    })?;
                let report = Report::new(&manifest, &outcome);
                let ops = report
                    .by_operator()
                    .into_iter()
                    .map(|(o, c)| (format!("{o:?}"), (c.mutants, c.killed + c.timed_out)))
                    .collect();
                (
                    outcome.tests,
                    report.killed_ids().into_iter().collect(),
                    report.total().mutants,
                    ops,
                )
            }
        };
        rows.push(Row {
            strategy: strategy.clone(),
            subject: s.subject.clone(),
            mutants,
            tests,
            killed: killed.len(),
            kill_rate: if mutants == 0 {
                0.0
            } else {
                100.0 * killed.len() as f64 / mutants as f64
            },
            unique_kills: 0,
            seconds: t0.elapsed().as_secs_f64(),
            operators,
        });
        kills.push(killed);
    }
    for (i, row) in rows.iter_mut().enumerate() {
        row.unique_kills = kills[i]
            .iter()
            .filter(|id| kills.iter().enumerate().all(|(j, k)| j == i || !k.contains(id)))
            .count();
    }
    Ok(rows)
}

const HEADER: [&str; 8] = [
    "strategy",
    "subject",
    "mutants",
    "tests",
    "killed",
    "kill_rate",
    "unique_kills",
    "mutation_s",
];

fn cells(r: &Row) -> Vec<String> {
    vec![
        r.strategy.clone(),
        r.subject.clone().unwrap_or_else(|| "-".into()),
        r.mutants.to_string(),
        r.tests.to_string(),
        r.killed.to_string(),
        format!("{:.2}", r.kill_rate),
        r.unique_kills.to_string(),
        format!("{:.1}", r.seconds),
    ]
}

/// The table in `format` (text, markdown, csv; json is merged into compare's own object).
pub fn render(rows: &[Row], format: &str) -> String {
    let body: Vec<Vec<String>> = rows.iter().map(cells).collect();
    let table = crate::report::grid(&HEADER, &body, format);
    match format {
        "csv" | "markdown" => table,
        _ => format!(
            "mutation (Table 10): each strategy's JUnit suite against the same mutants\n{table}\n{}",
            by_operator(rows)
        ),
    }
}

/// Kill rates per operator (the paper's Table 11): one row per operator, one column per
/// strategy and subject, `killed/mutants rate`.
pub fn by_operator(rows: &[Row]) -> String {
    let ops: BTreeSet<&String> = rows.iter().flat_map(|r| r.operators.keys()).collect();
    let heads: Vec<String> = rows
        .iter()
        .map(|r| match &r.subject {
            Some(s) => format!("{} {s}", r.strategy),
            None => r.strategy.clone(),
        })
        .collect();
    let header: Vec<String> = std::iter::once("operator".to_string()).chain(heads).collect();
    let mut table = Vec::new();
    for op in ops {
        let mut row = vec![op.clone()];
        for r in rows {
            row.push(match r.operators.get(op) {
                Some(&(n, k)) if n > 0 => format!("{k}/{n} {:.1}%", 100.0 * k as f64 / n as f64),
                _ => "-".to_string(),
            });
        }
        table.push(row);
    }
    format!("kill rate by operator (Table 11)\n{}", crate::report::grid(&header, &table, "text"))
}
