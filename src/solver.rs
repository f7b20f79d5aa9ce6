//! The solver: a chain of layers behind one trait ([`SolverLayer`]), outermost first:
//!
//! 1. [`independence`]: keeps the constraints that share variables with the negated condition
//!    and closes the query (adds variable domains, sorts, deduplicates);
//! 2. [`cache`]: the exact query cache (and queries with a literal `false`);
//! 3. [`nearby`]: the parent input with one integer variable moved by one;
//! 4. [`cex_cache`]: known UNSAT subsets (optional), then recent models tried by evaluation;
//! 5. [`fp_guess`]: special floating-point values tried by evaluation;
//! 6. [`z3_layer`]: Z3 itself.
//!
//! [`chain`] assembles them from a [`SolverConfig`]; [`Solver`] is the front the explorer calls:
//! it turns a task (prefix, negated condition, parent input) into a query, asks the chain, and
//! turns the reply into an [`Answer`]: the next input, UNSAT (with an unsat [`Core`] when
//! asked), or unknown.
//!
//! **Domains** of input variables (byte/char ranges, `--min-int/--max-int`, string characters)
//! live in one place, the expression pool ([`ExprPool::var_domain`]); closing a query adds the
//! domain of every variable it mentions.
//!
//! **Threads.** A [`Solver`] is `Send` and owns its own Z3 context: one solver per worker.
//! Determinism rule for caches: a layer that returns *models* (the exact cache's SAT entries,
//! the counterexample cache's recent models) answers according to the queries that came before
//! it, so it stays per worker. A layer that returns only *verdicts* (UNSAT entries and subsets)
//! gives the same verdict whatever the order and may be shared between workers, but mind that
//! Z3's models depend on the checks its context ran before: a shared verdict cache that spares
//! a worker some checks changes that worker's later models (and so the generated inputs),
//! though never a verdict. Today every cache is per solver.

pub mod cache;
pub mod cex_cache;
pub mod fp_guess;
pub mod independence;
pub mod layer;
pub mod nearby;
mod runner;
#[cfg(test)]
mod testing;
pub mod z3;
pub mod z3_layer;

pub use layer::{Chain, LayerStats, Model, Next, Origin, Query, QueryLimits, Reply, SolverLayer};

use crate::symbolic::{Assignment, ExprId, ExprPool};
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

/// An unsat core, as positions in the task's constraints: `prefix ∧ neg` restricted to these is
/// already unsatisfiable (given the variables' domains). A core Z3 finds is irreducible (drop
/// any member and the rest is satisfiable) when Z3's first core has at most
/// [`z3::MINIMIZE_UP_TO`] members; otherwise, or from a remembered UNSAT subset, it need not be.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Core {
    /// Positions in the prefix, sorted. For a path prefix (spf) these are the indices of the
    /// branch events in the parent path; for an explicit constraint set (dgse's relevant path
    /// condition) they are positions in that set, whose sites the task's `origin` lists.
    pub prefix: Vec<usize>,
    /// True when the negated condition is part of the core.
    pub neg: bool,
}

/// The answer to a task's query.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Satisfiable: the complete next input.
    Sat(Assignment),
    /// Unsatisfiable: the task is an infeasible path. The core when one was asked for and found.
    Unsat(Option<Core>),
    /// The solver gave up; the reason.
    Unknown(String),
}

/// Counters of the whole chain, and of every layer in `layers`.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct SolverStats {
    /// Queries asked of the chain (SPF's "solver calls").
    pub queries: u64,
    /// Answered by the exact cache.
    pub cache_hits: u64,
    /// Answered by evaluating a recent model.
    pub cex_hits: u64,
    /// Answered UNSAT because the query contains a set already known to be UNSAT.
    pub cex_unsat_hits: u64,
    /// Answered by trying special values (floating-point queries).
    pub guess_hits: u64,
    /// Answered by moving one integer variable of the parent input by one.
    pub nearby_hits: u64,
    /// Calls that reached Z3.
    pub z3_calls: u64,
    /// Unsat cores computed by Z3.
    pub z3_cores: u64,
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
    /// Every layer's counters, outermost first.
    pub layers: Vec<LayerStats>,
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
const HARD_DEADLINE_GRACE: Duration = Duration::from_millis(100);

/// Configuration of the chain.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// Per-query Z3 timeout in milliseconds (0 = none). Default 10 000.
    pub timeout_ms: u32,
    /// How many recent models the counterexample cache tries. Default 16.
    pub cex_models: usize,
    /// Use constraint independence. Default true.
    pub independence: bool,
    /// Use the exact query cache. Default true.
    pub cache: bool,
    /// Try the parent input with one integer variable moved by one. Default true.
    pub nearby: bool,
    /// Try special values on floating-point queries. Default true.
    pub fp_guess: bool,
    /// Answer a query UNSAT when it contains a set already known to be UNSAT (see
    /// [`cex_cache`]). Default false: it saves Z3 calls but changes later models.
    pub unsat_subsets: bool,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            timeout_ms: 10_000,
            cex_models: 16,
            independence: true,
            cache: true,
            nearby: true,
            fp_guess: true,
            unsat_subsets: false,
        }
    }
}

/// The chain for a configuration, outermost first (see the module docs for the order). The
/// independence layer is always there (it closes queries); without `independence` it keeps
/// every constraint.
pub fn chain(cfg: &SolverConfig) -> Chain {
    let mut layers: Vec<Box<dyn SolverLayer>> = vec![Box::new(independence::Independence::new(cfg.independence))];
    if cfg.cache {
        layers.push(Box::new(cache::QueryCache::new()));
    }
    if cfg.nearby {
        layers.push(Box::new(nearby::Nearby::new()));
    }
    layers.push(Box::new(cex_cache::CexCache::new(cfg.cex_models, cfg.unsat_subsets)));
    if cfg.fp_guess {
        layers.push(Box::new(fp_guess::FpGuess::new()));
    }
    layers.push(Box::new(z3_layer::Z3Layer::new(cfg.timeout_ms)));
    Chain::new(layers)
}

/// The solver chain owned by one exploration (one per worker thread).
pub struct Solver {
    timeout_ms: u32,
    chain: Chain,
    /// Time left in the exploration's budget when the next query starts (`None` = no limit).
    remaining: Option<Duration>,
    /// The run's deadline, when it has one.
    deadline: Option<Instant>,
    /// When a Z3 check still running is interrupted and abandoned: the deadline plus a grace.
    hard_deadline: Option<Instant>,
    /// The last query ran out of the budget's time rather than `--solver-timeout`.
    capped: bool,
    /// The front's counters (queries, answers, time).
    front: SolverStats,
}

// A worker owns its solver, Z3 context included, and may be moved to its thread.
const _: fn() = || {
    fn is_send<T: Send>() {}
    is_send::<Solver>();
};

impl Solver {
    /// A chain with the given configuration; Z3 is started lazily.
    pub fn new(cfg: SolverConfig) -> Self {
        Self::with_chain(chain(&cfg), cfg.timeout_ms)
    }

    /// A solver over a hand-made chain (`timeout_ms` as in [`SolverConfig::timeout_ms`]).
    pub fn with_chain(chain: Chain, timeout_ms: u32) -> Self {
        Solver {
            timeout_ms,
            chain,
            remaining: None,
            hard_deadline: None,
            deadline: None,
            capped: false,
            front: SolverStats::default(),
        }
    }

    /// Bounds the next queries by the time left in the exploration's budget: Z3 gets the
    /// smaller of `--solver-timeout` and what remains, so a query never outlives the run.
    pub fn set_deadline(&mut self, remaining: Option<Duration>) {
        self.remaining = remaining;
        self.deadline = remaining.map(|r| Instant::now() + r);
        self.hard_deadline = remaining.map(|r| Instant::now() + r + HARD_DEADLINE_GRACE);
    }

    /// True when the last query was cut short by the run's deadline, or reached Z3 with its
    /// timeout cut to the budget's remaining time: an `unknown` answer then means the run's
    /// time ran out, not that Z3 gave up.
    pub fn last_query_capped(&self) -> bool {
        self.capped
    }

    /// The Z3 timeout for the next query in milliseconds (0 = none).
    fn query_timeout_ms(&self) -> u32 {
        let Some(left) = self.remaining else { return self.timeout_ms };
        let left = left.as_millis().clamp(1, u32::MAX as u128) as u32;
        if self.timeout_ms == 0 { left } else { self.timeout_ms.min(left) }
    }

    /// Solves a task's constraints (`prefix`, see [`crate::task::Prefix`]) with `neg`: a
    /// preferred query first when the prefix has one (`Prefix::Prefer`: its set with the extra
    /// conditions), the constraints alone when that is not satisfiable. The explorer and the
    /// workers running ahead ask in this one order, so they choose the same inputs.
    pub fn solve_task(
        &mut self,
        pool: &ExprPool,
        prefix: &crate::task::Prefix,
        neg: ExprId,
        base: &Assignment,
        want_core: bool,
    ) -> Result<Answer, SolverError> {
        if let Some(first) = prefix.preferred()
            && let Answer::Sat(a) = self.solve(pool, &first, neg, base, false)?
        {
            return Ok(Answer::Sat(a));
        }
        self.solve(pool, prefix.constraints(), neg, base, want_core)
    }

    /// Solves `prefix ∧ neg`, where `base` satisfies `prefix`: returns the next input, which
    /// keeps `base`'s values for variables independent of `neg`. With `want_core`, an UNSAT
    /// answer carries an unsat core (positions in `prefix`, and whether `neg` is in it).
    pub fn solve(
        &mut self,
        pool: &ExprPool,
        prefix: &[ExprId],
        neg: ExprId,
        base: &Assignment,
        want_core: bool,
    ) -> Result<Answer, SolverError> {
        let start = Instant::now();
        self.front.queries += 1;
        let limits = QueryLimits {
            deadline: self.deadline,
            hard_deadline: self.hard_deadline,
            timeout_ms: self.query_timeout_ms(),
        };
        let mut q = Query::new(pool, prefix, neg, base).with_core(want_core).with_limits(limits);
        let reply = self.chain.check(&mut q);
        self.capped = q.capped();
        let result = reply.map(|r| match r {
            Reply::Sat(m) => Answer::Sat(q.candidate(&m.values)),
            Reply::Unsat(core) => Answer::Unsat(core.filter(|_| want_core).map(|c| q.core_positions(&c))),
            Reply::Unknown(why) => Answer::Unknown(why),
        });
        let elapsed = start.elapsed();
        let st = &mut self.front;
        match &result {
            Ok(Answer::Sat(_)) => {
                st.sat += 1;
                st.sat_time += elapsed;
            }
            Ok(Answer::Unsat(_)) => {
                st.unsat += 1;
                st.unsat_time += elapsed;
            }
            Ok(Answer::Unknown(_)) | Err(_) => {
                st.unknown += 1;
                st.unknown_time += elapsed;
            }
        }
        result
    }

    /// The counters of the chain and of every layer.
    pub fn stats(&self) -> SolverStats {
        let mut s = self.front.clone();
        self.chain.report(&mut s);
        s.layers = self.chain.layer_stats();
        s
    }

    /// The layers' names, outermost first.
    pub fn layer_names(&self) -> Vec<&'static str> {
        self.chain.names()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::{BinOp, Scalar, Sort, UnOp};

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
        let m = sat(s.solve(&p, &[], c, &base, false).unwrap());
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
        let m = sat(s.solve(&p, &[is_zero], xx, &base, false).unwrap());
        match m[0] {
            Scalar::F64(v) => assert!(v.is_nan()),
            ref o => panic!("{o:?}"),
        }
        // d2i saturates: x > 3e9 ∧ d2i(x) != MAX is UNSAT.
        let big = p.f64(3e9);
        let gt = p.bin(BinOp::Lt, big, x);
        let max = p.i32(i32::MAX);
        let ne = p.bin(BinOp::Ne, i, max);
        assert!(matches!(s.solve(&p, &[gt], ne, &base, false).unwrap(), Answer::Unsat(_)));
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
        let m = sat(s.solve(&p, &[cx], ncy, &base, false).unwrap());
        assert_eq!(m[0], Scalar::I32(7));
        assert!(matches!(m[1], Scalar::I32(v) if v >= 1));
        let _ = sat(s.solve(&p, &[cx], ncy, &base, false).unwrap());
        assert_eq!(s.stats().cache_hits, 1);
        assert_eq!(s.stats().independent_dropped, 2);
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
        let m = sat(s.solve(&p, &[a, b], eq, &vec![Scalar::F64(-5.0)], false).unwrap());
        assert_eq!(m[0], Scalar::F64(-5.5));
        assert_eq!(s.stats().model_mismatches, 0);
    }
}

#[cfg(test)]
mod core_tests {
    use super::*;
    use crate::symbolic::{BinOp, Scalar, Sort};

    fn unsat_core(s: &mut Solver, p: &ExprPool, prefix: &[ExprId], neg: ExprId, base: &Assignment) -> Core {
        match s.solve(p, prefix, neg, base, true).expect("solve") {
            Answer::Unsat(Some(c)) => c,
            other => panic!("expected an unsat core, got {other:?}"),
        }
    }

    #[test]
    fn z3_cores_are_irreducible_and_name_prefix_positions() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let y = p.new_var("y", Sort::I32);
        let k = |p: &mut ExprPool, v: i32| p.i32(v);
        let (c0, c3, c5, c100) = (k(&mut p, 0), k(&mut p, 3), k(&mut p, 5), k(&mut p, 100));
        let prefix = [
            p.bin(BinOp::Lt, c0, x),   // 0: x > 0
            p.bin(BinOp::Lt, x, y),    // 1: y > x
            p.bin(BinOp::Lt, c5, x),   // 2: x > 5
            p.bin(BinOp::Lt, y, c100), // 3: y < 100
            p.bin(BinOp::Lt, c0, x),   // 4: x > 0 again
        ];
        let neg = p.bin(BinOp::Lt, x, c3); // x < 3
        let base = vec![Scalar::I32(10), Scalar::I32(20)];
        let mut s = Solver::new(SolverConfig::default());
        let core = unsat_core(&mut s, &p, &prefix, neg, &base);
        assert_eq!(
            core,
            Core {
                prefix: vec![2],
                neg: true
            }
        );
        // The core alone is UNSAT; without any one of its members it is not.
        assert!(matches!(s.solve(&p, &[prefix[2]], neg, &base, false).unwrap(), Answer::Unsat(_)));
        assert!(matches!(s.solve(&p, &[], neg, &base, false).unwrap(), Answer::Sat(_)));
        assert!(matches!(s.solve(&p, &prefix, prefix[2], &base, false).unwrap(), Answer::Sat(_)));
        // A chain conflict: x > 5, y > x, y < 3 needs all three.
        let ylt3 = p.bin(BinOp::Lt, y, c3);
        let core = unsat_core(&mut s, &p, &prefix, ylt3, &base);
        assert_eq!(
            core,
            Core {
                prefix: vec![1, 2],
                neg: true
            }
        );
        assert!(s.stats().z3_cores >= 2);
    }

    #[test]
    fn domains_are_background_and_cores_do_not_change_models() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let (lo, hi, big) = (p.i32(0), p.i32(10), p.i32(20));
        let a = p.bin(BinOp::Le, lo, x);
        let b = p.bin(BinOp::Le, x, hi);
        let dom = p.bin(BinOp::And, a, b);
        p.set_var_domain(0, dom);
        let gt20 = p.bin(BinOp::Lt, big, x);
        let base = vec![Scalar::I32(3)];
        let mut s = Solver::new(SolverConfig::default());
        // x > 20 contradicts x's domain: the core is the negated condition alone.
        assert_eq!(unsat_core(&mut s, &p, &[], gt20, &base), Core { prefix: vec![], neg: true });
        // SAT answers are the same whether a core is asked for or not.
        let seven = p.i32(7);
        let gt7 = p.bin(BinOp::Lt, seven, x);
        let with = Solver::new(SolverConfig::default()).solve(&p, &[], gt7, &base, true).unwrap();
        let without = Solver::new(SolverConfig::default()).solve(&p, &[], gt7, &base, false).unwrap();
        match (with, without) {
            (Answer::Sat(m1), Answer::Sat(m2)) => assert_eq!(m1, m2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_solver_moves_to_another_thread() {
        let mut s = Solver::new(SolverConfig::default());
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let one = p.i32(1);
        let c = p.bin(BinOp::Lt, x, one);
        let base = vec![Scalar::I32(5)];
        assert!(matches!(s.solve(&p, &[], c, &base, false).unwrap(), Answer::Sat(_)));
        let t = std::thread::spawn(move || {
            let n = p.bin(BinOp::Lt, one, x);
            let r = s.solve(&p, &[c], n, &base, true).unwrap();
            (r, s.stats().queries)
        });
        let (r, queries) = t.join().expect("thread");
        assert!(matches!(r, Answer::Unsat(Some(_))));
        assert_eq!(queries, 2);
    }
}
