//! `compare --strategies subpath-combined` (OOPSLA 2013, §3.2): not a searcher but four runs,
//! `subpath-1`, `subpath-2`, `subpath-4` and `subpath-8`, each with a quarter of the budget
//! (fresh subpath counts and states each time), reported as one row: the union of their tests
//! (a path found by several runs counts once, and only its first test is written) and of
//! their coverage (the runs share one coverage map, so the coverage over time is the union's).
//! `dgse+subpath-combined` runs `dgse+subpath-N` the same way.

use super::run::{Setup, explore_with, explorer};
use super::{DriverArgs, Failure};
use crate::explore::{ExploreError, Observer, StopReason, Summary, driver::Driver};
use crate::program::Program;
use crate::strategy::searchers::{COMBINED, COMBINED_LENGTHS};
use crate::symbolic::ExprPool;
use crate::task::PathRecord;
use std::collections::HashSet;
use std::time::Instant;

/// The four strategy names a `subpath-combined` name runs, or `None` when it has no such part.
pub fn parts(strategy: &str) -> Option<Vec<String>> {
    let ps: Vec<&str> = strategy.split('+').map(str::trim).collect();
    if !ps.contains(&COMBINED) {
        return None;
    }
    Some(
        COMBINED_LENGTHS
            .iter()
            .map(|n| {
                ps.iter()
                    .map(|p| if *p == COMBINED { format!("subpath-{n}") } else { p.to_string() })
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect(),
    )
}

/// Passes each distinct path (by its branch directions) on once, and counts them over time.
struct Union<'a, 'b> {
    inner: &'a mut [&'b mut dyn Observer],
    seen: HashSet<Vec<(u32, u32, u32)>>,
    faults: HashSet<(String, u32, u32)>,
    offset_ms: f64,
    start: Instant,
    over_time: Vec<(f64, u64)>,
}

impl Observer for Union<'_, '_> {
    fn on_path(&mut self, d: &Driver, pool: &ExprPool, prog: &Program, rec: &PathRecord) {
        let key: Vec<(u32, u32, u32)> = rec.run.events.iter().map(|e| (e.method, e.pc, e.dir)).collect();
        if !self.seen.insert(key) {
            return;
        }
        if let (crate::vm::Outcome::Exception { class, .. }, Some(site)) = (&rec.run.outcome, rec.run.fault_site) {
            self.faults.insert((class.clone(), site.0, site.1));
        }
        self.over_time
            .push((self.offset_ms + self.start.elapsed().as_secs_f64() * 1000.0, self.seen.len() as u64));
        for o in self.inner.iter_mut() {
            o.on_path(d, pool, prog, rec);
        }
    }
    fn on_dead_task(&mut self, t: &crate::task::Task, unknown: bool) {
        for o in self.inner.iter_mut() {
            o.on_dead_task(t, unknown);
        }
    }
}

/// Runs the four searches on `prog` (one program, so coverage ids agree) and returns the row
/// of their union with the final coverage map.
pub fn run(
    prog: &Program,
    d: &DriverArgs,
    strategy: &str,
    names: &[String],
    observers: &mut [&mut dyn Observer],
) -> Result<(Summary, crate::vm::Coverage, Option<ExploreError>), Failure> {
    let mut quarter = d.clone();
    quarter.timeout = d.timeout.map(|t| t / names.len() as f64);
    let mut union = Union {
        inner: observers,
        seen: HashSet::new(),
        faults: HashSet::new(),
        offset_ms: 0.0,
        start: Instant::now(),
        over_time: Vec::new(),
    };
    let mut cov = crate::vm::Coverage::default();
    let mut runs: Vec<Summary> = Vec::new();
    let mut coverage_over_time = Vec::new();
    let mut first_err = None;
    for name in names {
        let mut ex = match explorer(prog, &quarter, name)? {
            Setup::Ready(ex) => ex,
            Setup::Exhausted(s) => {
                runs.push(*s);
                continue;
            }
        };
        ex.cov = std::mem::take(&mut cov);
        union.start = Instant::now();
        let (s, err) = explore_with(&mut ex, name, &quarter, &mut [&mut union])?;
        cov = std::mem::take(&mut ex.cov);
        coverage_over_time.extend(s.coverage_over_time.iter().map(|&(t, p, b, i)| (t + union.offset_ms, p, b, i)));
        union.offset_ms += s.wall_time_ms;
        first_err = first_err.or(err);
        runs.push(s);
    }
    let mut out = runs.last().cloned().ok_or_else(|| anyhow::anyhow!("{strategy}: no run"))?;
    out.strategy = strategy.to_string();
    out.search = names
        .iter()
        .map(|n| n.rsplit('+').next().unwrap_or(n))
        .collect::<Vec<_>>()
        .join(",");
    let sum = |f: &dyn Fn(&Summary) -> u64| runs.iter().map(f).sum::<u64>();
    let sumf = |f: &dyn Fn(&Summary) -> f64| runs.iter().map(f).sum::<f64>();
    out.feasible_paths = union.seen.len() as u64;
    out.duplicate_paths = sum(&|s| s.duplicate_paths + s.feasible_paths) - out.feasible_paths;
    out.infeasible_paths = sum(&|s| s.infeasible_paths);
    out.unknown_paths = sum(&|s| s.unknown_paths);
    out.limit_paths = sum(&|s| s.limit_paths);
    out.diverged_paths = sum(&|s| s.diverged_paths);
    out.assumed_paths = sum(&|s| s.assumed_paths);
    out.cut_paths = sum(&|s| s.cut_paths);
    out.solver_calls = sum(&|s| s.solver_calls);
    out.instructions = sum(&|s| s.instructions);
    out.branch_events = sum(&|s| s.branch_events);
    out.solver_time_ms = sumf(&|s| s.solver_time_ms);
    out.solver_sat_ms = sumf(&|s| s.solver_sat_ms);
    out.solver_unsat_ms = sumf(&|s| s.solver_unsat_ms);
    out.analysis_time_ms = sumf(&|s| s.analysis_time_ms);
    out.wall_time_ms = sumf(&|s| s.wall_time_ms);
    out.faults = union.faults.len() as u64;
    let mut classes: Vec<String> = runs.iter().flat_map(|s| s.fault_classes.clone()).collect();
    classes.sort();
    classes.dedup();
    out.fault_classes = classes;
    out.paths_over_time = union.over_time;
    out.coverage_over_time = coverage_over_time;
    // The budget was spent when any quarter ran out of it; otherwise the union is complete.
    if let Some(s) = runs.iter().find(|s| !s.stop.is_complete()) {
        out.stop = s.stop.clone();
    } else {
        out.stop = StopReason::Complete;
    }
    let mut counters: Vec<(String, u64)> = Vec::new();
    for (k, v) in runs.iter().flat_map(|s| s.search_counters.iter()) {
        match counters.iter_mut().find(|(n, _)| n == k) {
            Some(c) => c.1 += v,
            None => counters.push((k.clone(), *v)),
        }
    }
    out.search_counters = counters;
    Ok((out, cov, first_err))
}
