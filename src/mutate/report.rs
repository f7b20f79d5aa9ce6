//! The kill rate of one suite against a set of mutants: totals, per operator, the survivors.

use super::runner::{Outcome, Verdict};
use super::{Manifest, Mutant, Operator};
use std::collections::BTreeMap;

/// A suite's mutation results, joined with the manifest.
pub struct Report<'a> {
    /// Every mutant with its verdict (mutants without one are left out).
    pub rows: Vec<(&'a Mutant, Verdict)>,
    /// Test methods in the suite.
    pub tests: usize,
    /// Tests that fail on the original program.
    pub original_failures: Vec<String>,
    /// Tests were selected per mutant by coverage.
    pub selected: bool,
    /// Test runs on mutants.
    pub test_runs: u64,
}

/// Counts for one operator or for all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Valid mutants (the verifier accepted them).
    pub mutants: usize,
    /// Killed by a failing test.
    pub killed: usize,
    /// Killed by the timeout.
    pub timed_out: usize,
    /// Not killed.
    pub survived: usize,
    /// Rejected by the JVM's verifier (not counted in `mutants`).
    pub invalid: usize,
}

impl Counts {
    fn add(&mut self, v: &Verdict) {
        match v {
            Verdict::Killed(_) => self.killed += 1,
            Verdict::TimedOut(_) => self.timed_out += 1,
            Verdict::Survived => self.survived += 1,
            Verdict::Invalid(_) => {
                self.invalid += 1;
                return;
            }
        }
        self.mutants += 1;
    }

    /// Killed (by a test or the timeout) over valid mutants, in percent.
    pub fn rate(&self) -> f64 {
        if self.mutants == 0 {
            0.0
        } else {
            100.0 * (self.killed + self.timed_out) as f64 / self.mutants as f64
        }
    }
}

impl<'a> Report<'a> {
    /// Joins the verdicts with the manifest.
    pub fn new(manifest: &'a Manifest, outcome: &Outcome) -> Self {
        let by_id: BTreeMap<usize, &Mutant> = manifest.mutants.iter().map(|m| (m.id, m)).collect();
        let rows = outcome
            .verdicts
            .iter()
            .filter_map(|(id, v)| Some((*by_id.get(id)?, v.clone())))
            .collect();
        Report {
            rows,
            tests: outcome.tests,
            original_failures: outcome.original_failures.clone(),
            selected: outcome.selected,
            test_runs: outcome.test_runs,
        }
    }

    /// The totals.
    pub fn total(&self) -> Counts {
        let mut c = Counts::default();
        for (_, v) in &self.rows {
            c.add(v);
        }
        c
    }

    /// The counts per operator.
    pub fn by_operator(&self) -> BTreeMap<Operator, Counts> {
        let mut out: BTreeMap<Operator, Counts> = BTreeMap::new();
        for (m, v) in &self.rows {
            out.entry(m.operator).or_default().add(v);
        }
        out
    }

    /// The ids of the killed mutants.
    pub fn killed_ids(&self) -> Vec<usize> {
        self.rows.iter().filter(|(_, v)| v.killed()).map(|(m, _)| m.id).collect()
    }

    /// The human-readable report.
    pub fn text(&self, took: std::time::Duration) -> String {
        let t = self.total();
        let mut s = format!(
            "mutation: {} tests, {} mutants, {} killed ({} by a failing test, {} by the {}), {} survived, kill rate {:.1}%{}; {:.1} s\n",
            self.tests,
            t.mutants,
            t.killed + t.timed_out,
            t.killed,
            t.timed_out,
            "timeout",
            t.survived,
            t.rate(),
            if t.invalid > 0 {
                format!(", {} rejected by the verifier", t.invalid)
            } else {
                String::new()
            },
            took.as_secs_f64()
        );
        s += &format!(
            "  {} test runs planned on mutants ({})\n",
            self.test_runs,
            if self.selected {
                "each mutant runs the tests that enter its method on the original, killing tests first"
            } else {
                "every test on every mutant, killing tests first"
            }
        );
        if !self.original_failures.is_empty() {
            s += &format!(
                "  {} tests fail on the original program and kill nothing: {}\n",
                self.original_failures.len(),
                self.original_failures.join(", ")
            );
        }
        s += "  operator  mutants  killed  survived  rate\n";
        for (o, c) in self.by_operator() {
            s += &format!(
                "  {:<8}  {:>7}  {:>6}  {:>8}  {:>5.1}%\n",
                format!("{o:?}"),
                c.mutants,
                c.killed + c.timed_out,
                c.survived,
                c.rate()
            );
        }
        let survivors: Vec<&(&Mutant, Verdict)> = self.rows.iter().filter(|(_, v)| *v == Verdict::Survived).collect();
        if !survivors.is_empty() {
            s += "  survivors:\n";
            for (m, _) in survivors {
                s += &format!(
                    "    #{} {:?} {}.{} line {} pc {}: {}\n",
                    m.id, m.operator, m.class, m.method, m.line, m.pc, m.change
                );
            }
        }
        s
    }

    /// The report as JSON: totals, per operator, every mutant's verdict.
    pub fn json(&self) -> serde_json::Value {
        let verdicts: Vec<serde_json::Value> = self
            .rows
            .iter()
            .map(|(m, v)| {
                let (status, detail) = match v {
                    Verdict::Killed(d) => ("killed", d.clone()),
                    Verdict::TimedOut(d) => ("timeout", d.clone()),
                    Verdict::Survived => ("survived", String::new()),
                    Verdict::Invalid(d) => ("invalid", d.clone()),
                };
                serde_json::json!({
                    "id": m.id, "operator": m.operator, "class": m.class, "method": m.method,
                    "descriptor": m.descriptor, "line": m.line, "pc": m.pc, "change": m.change,
                    "status": status, "detail": detail,
                })
            })
            .collect();
        let ops: serde_json::Map<String, serde_json::Value> = self
            .by_operator()
            .into_iter()
            .map(|(o, c)| (format!("{o:?}"), serde_json::to_value(c).unwrap_or_default()))
            .collect();
        serde_json::json!({
            "tests": self.tests,
            "original_failures": self.original_failures,
            "selected_by_coverage": self.selected,
            "test_runs": self.test_runs,
            "total": self.total(),
            "kill_rate": self.total().rate(),
            "operators": ops,
            "mutants": verdicts,
        })
    }
}
