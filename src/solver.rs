//! The solver chain: constraint independence, an exact query cache, a counterexample cache
//! (recent models tried by evaluation), and Z3 at the bottom. Every layer is counted.

mod runner;
pub mod z3;

use crate::symbolic::eval::Evaluator;
use crate::symbolic::{Assignment, ExprId, ExprPool, Scalar, VarId};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Errors of the solver layer.
#[derive(Debug, thiserror::Error)]
pub enum SolverError {
    /// Z3 could not be initialised.
    #[error("could not create a Z3 context")]
    NoContext,
    /// Z3 failed while building a term.
    #[error(transparent)]
    Lower(#[from] z3::LowerError),
}

/// The answer to a task's query.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Satisfiable: the complete next input.
    Sat(Assignment),
    /// Unsatisfiable: the task is an infeasible path.
    Unsat,
    /// The solver gave up; the reason.
    Unknown(String),
}

#[derive(Clone, Debug)]
enum Cached {
    Sat(Arc<[(VarId, Scalar)]>),
    Unsat,
}

/// Counters for every layer of the chain.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct SolverStats {
    /// Queries asked of the chain (SPF's "solver calls").
    pub queries: u64,
    /// Answered by the exact cache.
    pub cache_hits: u64,
    /// Answered by evaluating a recent model.
    pub cex_hits: u64,
    /// Answered by trying special values (floating-point queries).
    pub guess_hits: u64,
    /// Answered by moving one integer variable of the parent input by one.
    pub nearby_hits: u64,
    /// Calls that reached Z3.
    pub z3_calls: u64,
    /// SAT answers.
    pub sat: u64,
    /// UNSAT answers.
    pub unsat: u64,
    /// Unknown answers.
    pub unknown: u64,
    /// Constraints dropped by independence (summed over queries).
    pub independent_dropped: u64,
    /// Constraints kept (summed over queries).
    pub constraints_kept: u64,
    /// Z3 models that did not satisfy the query under exact evaluation.
    pub model_mismatches: u64,
    /// Total time in the chain, SAT answers.
    #[serde(serialize_with = "ser_ms")]
    pub sat_time: Duration,
    /// Total time in the chain, UNSAT answers.
    #[serde(serialize_with = "ser_ms")]
    pub unsat_time: Duration,
    /// Total time in the chain, unknown answers.
    #[serde(serialize_with = "ser_ms")]
    pub unknown_time: Duration,
}

fn ser_ms<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64() * 1000.0)
}

impl SolverStats {
    /// Total time spent answering queries.
    pub fn total_time(&self) -> Duration {
        self.sat_time + self.unsat_time + self.unknown_time
    }
}

/// How long past the run's deadline a Z3 check may go on before it is interrupted.
const HARD_DEADLINE_GRACE: std::time::Duration = std::time::Duration::from_millis(100);

/// Configuration of the chain.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// Per-query Z3 timeout in milliseconds (0 = none). Default 10 000.
    pub timeout_ms: u32,
    /// How many recent models the counterexample cache tries. Default 16.
    pub cex_models: usize,
    /// Use constraint independence. Default true.
    pub independence: bool,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            timeout_ms: 10_000,
            cex_models: 16,
            independence: true,
        }
    }
}

/// The solver chain owned by one exploration (one per worker thread).
pub struct Solver {
    cfg: SolverConfig,
    core: Option<z3::Z3Core>,
    cache: HashMap<Vec<ExprId>, Cached>,
    recent: VecDeque<Arc<[(VarId, Scalar)]>>,
    var_memo: HashMap<ExprId, Arc<[VarId]>>,
    /// Domain constraint per input variable (ranges of bytes/chars/…, `--min-int/--max-int`).
    domains: Vec<Option<ExprId>>,
    /// Time left in the exploration's budget when the next query starts (`None` = no limit).
    remaining: Option<std::time::Duration>,
    /// The run's deadline, when it has one.
    deadline: Option<std::time::Instant>,
    /// When a Z3 check still running is interrupted and abandoned: the deadline plus a grace.
    hard_deadline: Option<std::time::Instant>,
    /// The last Z3 query ran under the budget's remaining time rather than `--solver-timeout`.
    capped: bool,
    /// Counters.
    pub stats: SolverStats,
}

impl Solver {
    /// A chain with the given configuration; Z3 is started lazily.
    pub fn new(cfg: SolverConfig) -> Self {
        Solver {
            cfg,
            core: None,
            cache: HashMap::new(),
            recent: VecDeque::new(),
            var_memo: HashMap::new(),
            domains: Vec::new(),
            remaining: None,
            hard_deadline: None,
            deadline: None,
            capped: false,
            stats: SolverStats::default(),
        }
    }

    /// Bounds the next queries by the time left in the exploration's budget: Z3 gets the
    /// smaller of `--solver-timeout` and what remains, so a query never outlives the run.
    pub fn set_deadline(&mut self, remaining: Option<std::time::Duration>) {
        self.remaining = remaining;
        self.deadline = remaining.map(|r| std::time::Instant::now() + r);
        self.hard_deadline = remaining.map(|r| std::time::Instant::now() + r + HARD_DEADLINE_GRACE);
    }

    /// True when the last query that reached Z3 had its timeout cut to the budget's remaining
    /// time: an `unknown` answer then means the run's time ran out, not that Z3 gave up.
    pub fn last_query_capped(&self) -> bool {
        self.capped
    }

    /// The Z3 timeout for the next query in milliseconds (0 = none).
    fn query_timeout_ms(&self) -> u32 {
        let Some(left) = self.remaining else { return self.cfg.timeout_ms };
        let left = left.as_millis().clamp(1, u32::MAX as u128) as u32;
        if self.cfg.timeout_ms == 0 {
            left
        } else {
            self.cfg.timeout_ms.min(left)
        }
    }

    /// Sets the domain constraint of an input variable (conjoined into every query that
    /// mentions the variable).
    pub fn set_domain(&mut self, v: VarId, c: ExprId) {
        let i = v as usize;
        if self.domains.len() <= i {
            self.domains.resize(i + 1, None);
        }
        self.domains[i] = Some(c);
    }

    fn vars(&mut self, pool: &ExprPool, e: ExprId) -> Arc<[VarId]> {
        pool.vars_of(e, &mut self.var_memo)
    }

    /// Solves `prefix ∧ neg`, where `base` satisfies `prefix`: returns the next input, which
    /// keeps `base`'s values for variables independent of `neg`.
    pub fn solve(&mut self, pool: &ExprPool, prefix: &[ExprId], neg: ExprId, base: &Assignment) -> Result<Answer, SolverError> {
        let start = Instant::now();
        self.capped = false;
        self.stats.queries += 1;
        let (query, vars) = self.relevant(pool, prefix, neg);
        let result = self.answer(pool, &query, &vars, base);
        let elapsed = start.elapsed();
        match &result {
            Ok(Answer::Sat(_)) => {
                self.stats.sat += 1;
                self.stats.sat_time += elapsed;
            }
            Ok(Answer::Unsat) => {
                self.stats.unsat += 1;
                self.stats.unsat_time += elapsed;
            }
            Ok(Answer::Unknown(_)) | Err(_) => {
                self.stats.unknown += 1;
                self.stats.unknown_time += elapsed;
            }
        }
        result
    }

    /// Constraint independence: the constraints of `prefix` that share variables with `neg`,
    /// transitively, plus `neg` and the domains of every variable involved. Sorted, deduplicated.
    fn relevant(&mut self, pool: &ExprPool, prefix: &[ExprId], neg: ExprId) -> (Vec<ExprId>, Vec<VarId>) {
        let mut vars: Vec<VarId> = self.vars(pool, neg).to_vec();
        let mut query = vec![neg];
        if self.cfg.independence {
            let sets: Vec<Arc<[VarId]>> = prefix.iter().map(|&c| self.vars(pool, c)).collect();
            let mut taken = vec![false; prefix.len()];
            let mut var_set: std::collections::HashSet<VarId> = vars.iter().copied().collect();
            loop {
                let mut changed = false;
                for (i, s) in sets.iter().enumerate() {
                    if !taken[i] && s.iter().any(|v| var_set.contains(v)) {
                        taken[i] = true;
                        changed = true;
                        var_set.extend(s.iter().copied());
                        query.push(prefix[i]);
                    }
                }
                if !changed {
                    break;
                }
            }
            let kept = query.len() as u64 - 1;
            self.stats.constraints_kept += kept;
            self.stats.independent_dropped += prefix.len() as u64 - kept;
            vars = var_set.into_iter().collect();
        } else {
            for &c in prefix {
                query.push(c);
                let vs = self.vars(pool, c);
                vars.extend(vs.iter().copied());
            }
            self.stats.constraints_kept += prefix.len() as u64;
        }
        vars.sort_unstable();
        vars.dedup();
        for &v in &vars {
            if let Some(Some(d)) = self.domains.get(v as usize) {
                query.push(*d);
            }
            if let Some(d) = pool.var_domain(v) {
                query.push(d);
            }
        }
        query.sort_unstable();
        query.dedup();
        (query, vars)
    }

    fn apply(pool: &ExprPool, base: &Assignment, model: &[(VarId, Scalar)]) -> Assignment {
        let mut out = base.clone();
        // Variables created during runs (jsymex.Symbolic) may be missing from older inputs.
        while out.len() < pool.var_count() {
            out.push(crate::symbolic::eval::zero_of(pool.var_sort(out.len() as VarId)));
        }
        for &(v, val) in model {
            if let Some(slot) = out.get_mut(v as usize) {
                *slot = val;
            }
        }
        out
    }

    /// True when the run's deadline has passed (the layers stop trying, the answer is unknown
    /// and counted as the run's timeout).
    fn past_deadline(&mut self) -> bool {
        let past = self.deadline.is_some_and(|d| Instant::now() >= d);
        if past {
            self.capped = true;
        }
        past
    }

    fn answer(&mut self, pool: &ExprPool, query: &[ExprId], vars: &[VarId], base: &Assignment) -> Result<Answer, SolverError> {
        if self.past_deadline() {
            return Ok(Answer::Unknown("the run's deadline passed".into()));
        }
        if query.iter().any(|&q| matches!(pool.node(q), crate::symbolic::Node::Bool(false))) {
            self.stats.cache_hits += 1;
            return Ok(Answer::Unsat);
        }
        if let Some(c) = self.cache.get(query) {
            self.stats.cache_hits += 1;
            return Ok(match c {
                Cached::Sat(m) => Answer::Sat(Self::apply(pool, base, m)),
                Cached::Unsat => Answer::Unsat,
            });
        }
        // Minimal change: the parent input with one integer variable moved by one (boundary
        // values, and the next path stays close to its parent).
        if let Some(m) = nearby(pool, query, vars, base) {
            self.stats.nearby_hits += 1;
            let m: Arc<[(VarId, Scalar)]> = m.into();
            let cand = Self::apply(pool, base, &m);
            self.cache.insert(query.to_vec(), Cached::Sat(m));
            return Ok(Answer::Sat(cand));
        }
        if self.past_deadline() {
            return Ok(Answer::Unknown("the run's deadline passed".into()));
        }
        // Counterexample cache: a recent model may already satisfy the query.
        // Only the query's own variables are taken from the model: the others keep the parent's
        // values, which satisfy the constraints that independence left out of the query.
        for m in self.recent.iter() {
            let own: Vec<(VarId, Scalar)> = m.iter().filter(|(v, _)| vars.binary_search(v).is_ok()).copied().collect();
            let cand = Self::apply(pool, base, &own);
            let mut ev = Evaluator::new(pool, &cand);
            if query.iter().all(|&q| ev.holds(q)) {
                self.stats.cex_hits += 1;
                self.cache.insert(query.to_vec(), Cached::Sat(own.into()));
                return Ok(Answer::Sat(cand));
            }
        }
        if self.past_deadline() {
            return Ok(Answer::Unknown("the run's deadline passed".into()));
        }
        // Floating-point queries are slow in Z3 4.8: try special values by evaluation first.
        if vars
            .iter()
            .any(|v| matches!(pool.var_sort(*v), crate::symbolic::Sort::F32 | crate::symbolic::Sort::F64))
            && let Some(m) = guess(pool, query, vars, base, 4096)
        {
            self.stats.guess_hits += 1;
            let m: Arc<[(VarId, Scalar)]> = m.into();
            let cand = Self::apply(pool, base, &m);
            self.cache.insert(query.to_vec(), Cached::Sat(m));
            return Ok(Answer::Sat(cand));
        }
        if self.core.is_none() {
            self.core = Some(z3::Z3Core::new(self.cfg.timeout_ms).ok_or(SolverError::NoContext)?);
        }
        // Recycle the context when its translation cache grows large.
        if self.core.as_ref().is_some_and(|c| c.cached_terms() > 2_000_000) {
            self.core = Some(z3::Z3Core::new(self.cfg.timeout_ms).ok_or(SolverError::NoContext)?);
        }
        let timeout = self.query_timeout_ms();
        self.capped |= timeout != self.cfg.timeout_ms;
        let Some(core) = self.core.as_mut() else {
            return Err(SolverError::NoContext);
        };
        self.stats.z3_calls += 1;
        core.set_timeout(timeout);
        let answer = core.check(pool, query, vars, self.hard_deadline)?;
        if core.abandoned() {
            // Z3 is still running on that context in the helper thread: never touch it again.
            std::mem::forget(self.core.take());
        }
        match answer {
            z3::Z3Answer::Sat(model) => {
                let model: Arc<[(VarId, Scalar)]> = model.into();
                let cand = Self::apply(pool, base, &model);
                let mut ev = Evaluator::new(pool, &cand);
                if !query.iter().all(|&q| ev.holds(q)) {
                    self.stats.model_mismatches += 1;
                }
                self.cache.insert(query.to_vec(), Cached::Sat(model.clone()));
                if self.cfg.cex_models > 0 {
                    if self.recent.len() >= self.cfg.cex_models {
                        self.recent.pop_back();
                    }
                    self.recent.push_front(model);
                }
                Ok(Answer::Sat(cand))
            }
            z3::Z3Answer::Unsat => {
                self.cache.insert(query.to_vec(), Cached::Unsat);
                Ok(Answer::Unsat)
            }
            z3::Z3Answer::Unknown(why) => Ok(Answer::Unknown(why)),
        }
    }
}

/// Tries the parent input with one integer variable changed by +1 or -1.
fn nearby(pool: &ExprPool, query: &[ExprId], vars: &[VarId], base: &Assignment) -> Option<Vec<(VarId, Scalar)>> {
    if vars.len() > 8 {
        return None;
    }
    let mut cur = base.clone();
    for &v in vars {
        let Some(orig) = base.get(v as usize).copied() else { continue };
        let tries: [Scalar; 2] = match orig {
            Scalar::I32(x) => [Scalar::I32(x.wrapping_add(1)), Scalar::I32(x.wrapping_sub(1))],
            Scalar::I64(x) => [Scalar::I64(x.wrapping_add(1)), Scalar::I64(x.wrapping_sub(1))],
            _ => continue,
        };
        for t in tries {
            cur[v as usize] = t;
            let mut ev = Evaluator::new(pool, &cur);
            if query.iter().all(|&q| ev.holds(q)) {
                return Some(vec![(v, t)]);
            }
        }
        cur[v as usize] = orig;
    }
    None
}

/// Candidate values tried for a variable: its current value first, then special values.
fn candidates(sort: crate::symbolic::Sort, cur: Scalar) -> Vec<Scalar> {
    use crate::symbolic::Sort;
    let mut out = vec![cur];
    match sort {
        Sort::F64 => {
            let c = match cur {
                Scalar::F64(x) => x,
                _ => 0.0,
            };
            for x in [
                0.0,
                -0.0,
                1.0,
                -1.0,
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                2.0,
                -2.0,
                0.5,
                -0.5,
                3.0,
                -3.0,
                1.5,
                f64::MAX,
                -f64::MAX,
                f64::MIN_POSITIVE,
                4.9e-324,
                -4.9e-324,
                1e10,
                -1e10,
                3e9,
                -3e9,
                1e19,
                -1e19,
                1e300,
                1e-300,
                c + 1.0,
                c - 1.0,
                c * 2.0,
            ] {
                out.push(Scalar::F64(x));
            }
        }
        Sort::F32 => {
            let c = match cur {
                Scalar::F32(x) => x,
                _ => 0.0,
            };
            for x in [
                0.0f32,
                -0.0,
                1.0,
                -1.0,
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
                2.0,
                -2.0,
                0.5,
                -0.5,
                3.0,
                -3.0,
                1.5,
                f32::MAX,
                -f32::MAX,
                f32::MIN_POSITIVE,
                1.4e-45,
                1e10,
                -1e10,
                3e9,
                -3e9,
                16777217.0,
                c + 1.0,
                c - 1.0,
            ] {
                out.push(Scalar::F32(x));
            }
        }
        Sort::I32 => {
            let c = match cur {
                Scalar::I32(x) => x,
                _ => 0,
            };
            for x in [
                0,
                1,
                -1,
                2,
                -2,
                3,
                i32::MAX,
                i32::MIN,
                16777217,
                c.wrapping_add(1),
                c.wrapping_sub(1),
            ] {
                out.push(Scalar::I32(x));
            }
        }
        Sort::I64 => {
            let c = match cur {
                Scalar::I64(x) => x,
                _ => 0,
            };
            for x in [
                0,
                1,
                -1,
                2,
                -2,
                i64::MAX,
                i64::MIN,
                9007199254740993,
                c.wrapping_add(1),
                c.wrapping_sub(1),
            ] {
                out.push(Scalar::I64(x));
            }
        }
        _ => {}
    }
    out
}

/// Searches combinations of candidate values (mixed-radix order, current values first) for an
/// assignment that satisfies every constraint of the query, within `budget` evaluations.
fn guess(pool: &ExprPool, query: &[ExprId], vars: &[VarId], base: &Assignment, budget: usize) -> Option<Vec<(VarId, Scalar)>> {
    if vars.is_empty() || vars.len() > 6 {
        return None;
    }
    let cands: Vec<Vec<Scalar>> = vars
        .iter()
        .map(|v| candidates(pool.var_sort(*v), base.get(*v as usize).copied().unwrap_or(Scalar::I32(0))))
        .collect();
    let mut idx = vec![0usize; vars.len()];
    let mut tries = 0;
    let mut cur = base.clone();
    loop {
        for (k, v) in vars.iter().enumerate() {
            if let Some(slot) = cur.get_mut(*v as usize) {
                *slot = cands[k][idx[k]];
            }
        }
        let mut ev = Evaluator::new(pool, &cur);
        if query.iter().all(|&q| ev.holds(q)) {
            return Some(vars.iter().map(|v| (*v, cur[*v as usize])).collect());
        }
        tries += 1;
        if tries >= budget {
            return None;
        }
        // Next combination.
        let mut k = 0;
        loop {
            if k == idx.len() {
                return None;
            }
            idx[k] += 1;
            if idx[k] < cands[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::{BinOp, Sort, UnOp};

    fn sat(a: Answer) -> Assignment {
        match a {
            Answer::Sat(m) => m,
            other => panic!("expected sat, got {other:?}"),
        }
    }

    #[test]
    fn bitvector_semantics_match_the_jvm() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let m1 = p.i32(-1);
        let min = p.i32(i32::MIN);
        let d = p.bin(BinOp::Div, x, m1);
        let c = p.bin(BinOp::Eq, d, min);
        let mut s = Solver::new(SolverConfig::default());
        let base = vec![Scalar::I32(0)];
        let m = sat(s.solve(&p, &[], c, &base).unwrap());
        assert_eq!(m[0], Scalar::I32(i32::MIN));
    }

    #[test]
    fn float_conversions_and_nan() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::F64);
        let i = p.un(UnOp::D2I, x);
        let zero = p.i32(0);
        let is_zero = p.bin(BinOp::Eq, i, zero);
        let xx = p.bin(BinOp::Ne, x, x); // x is NaN
        let mut s = Solver::new(SolverConfig::default());
        let base = vec![Scalar::F64(1.0)];
        let m = sat(s.solve(&p, &[is_zero], xx, &base).unwrap());
        match m[0] {
            Scalar::F64(v) => assert!(v.is_nan()),
            ref o => panic!("{o:?}"),
        }
        // d2i saturates: x > 3e9 ∧ d2i(x) != MAX is UNSAT.
        let big = p.f64(3e9);
        let gt = p.bin(BinOp::Lt, big, x);
        let max = p.i32(i32::MAX);
        let ne = p.bin(BinOp::Ne, i, max);
        assert!(matches!(s.solve(&p, &[gt], ne, &base).unwrap(), Answer::Unsat));
    }

    #[test]
    fn independence_keeps_unrelated_values_and_caches() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let y = p.new_var("y", Sort::I32);
        let one = p.i32(1);
        let cx = p.bin(BinOp::Lt, one, x); // x > 1
        let cy = p.bin(BinOp::Lt, y, one); // y < 1
        let ncy = p.not(cy);
        let mut s = Solver::new(SolverConfig::default());
        let base = vec![Scalar::I32(7), Scalar::I32(0)];
        let m = sat(s.solve(&p, &[cx], ncy, &base).unwrap());
        assert_eq!(m[0], Scalar::I32(7));
        assert!(matches!(m[1], Scalar::I32(v) if v >= 1));
        let _ = sat(s.solve(&p, &[cx], ncy, &base).unwrap());
        assert_eq!(s.stats.cache_hits, 1);
        assert_eq!(s.stats.independent_dropped, 2);
    }

    #[test]
    fn java_fmod_in_z3_matches_evaluation() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::F64);
        let two = p.f64(2.0);
        let r = p.bin(BinOp::Rem, x, two);
        let target = p.f64(-1.5);
        let eq = p.bin(BinOp::Eq, r, target);
        let lo = p.f64(-6.0);
        let hi = p.f64(-5.0);
        let a = p.bin(BinOp::Le, lo, x);
        let b = p.bin(BinOp::Le, x, hi);
        let mut s = Solver::new(SolverConfig::default());
        let m = sat(s.solve(&p, &[a, b], eq, &vec![Scalar::F64(-5.0)]).unwrap());
        assert_eq!(m[0], Scalar::F64(-5.5));
        assert_eq!(s.stats.model_mismatches, 0);
    }
}
