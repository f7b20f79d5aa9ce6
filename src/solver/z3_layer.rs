//! The bottom of the chain: Z3 decides the query. The layer owns one Z3 context (made on first
//! use, remade when its translation cache grows large), gives each check the query's timeout,
//! leaks a context whose check had to be abandoned at the run's deadline, and counts models
//! that do not satisfy the query under exact (JVM) evaluation.

use super::layer::{Model, Next, Origin, Query, Reply, SolverLayer};
use super::z3::{Z3Answer, Z3Core};
use super::{SolverError, SolverStats};
use crate::symbolic::{ExprId, Scalar, VarId};
use std::sync::Arc;

/// Translated terms after which the context is remade.
const RECYCLE_TERMS: usize = 2_000_000;

/// The Z3 layer.
pub struct Z3Layer {
    /// The configured per-query timeout (ms, 0 = none).
    timeout_ms: u32,
    core: Option<Z3Core>,
    calls: u64,
    mismatches: u64,
    cores: u64,
}

impl Z3Layer {
    /// A layer with the configured per-query timeout in milliseconds (0 = none); Z3 starts on
    /// the first query.
    pub fn new(timeout_ms: u32) -> Self {
        Z3Layer {
            timeout_ms,
            core: None,
            calls: 0,
            mismatches: 0,
            cores: 0,
        }
    }
}

impl SolverLayer for Z3Layer {
    fn name(&self) -> &'static str {
        "z3"
    }

    fn check(&mut self, q: &mut Query<'_>, _next: Next<'_>) -> Result<Reply, SolverError> {
        if self.core.is_none() || self.core.as_ref().is_some_and(|c| c.cached_terms() > RECYCLE_TERMS) {
            self.core = Some(Z3Core::new(self.timeout_ms).ok_or(SolverError::NoContext)?);
        }
        let timeout = q.limits().timeout_ms;
        if timeout != self.timeout_ms {
            q.mark_capped();
        }
        let Some(core) = self.core.as_mut() else {
            return Err(SolverError::NoContext);
        };
        self.calls += 1;
        core.set_timeout(timeout);
        // Domains are background for cores: always assumed, never dropped while minimising.
        let background: Option<Vec<bool>> = q.want_core().then(|| q.origins().iter().map(|o| *o == Origin::Domain).collect());
        let answer = core.check(q.pool(), q.assertions(), q.vars(), q.limits().hard_deadline, background.as_deref())?;
        if core.abandoned() {
            // Z3 is still running on that context in the helper thread: never touch it again.
            std::mem::forget(self.core.take());
        }
        Ok(match answer {
            Z3Answer::Sat(model) => {
                let values: Arc<[(VarId, Scalar)]> = model.into();
                if !q.holds(&q.candidate(&values)) {
                    self.mismatches += 1;
                }
                Reply::Sat(Model { values, fresh: true })
            }
            Z3Answer::Unsat(core) => Reply::Unsat(core.map(|ix| {
                self.cores += 1;
                let a = q.assertions();
                ix.iter().map(|&i| a[i]).collect::<Arc<[ExprId]>>()
            })),
            Z3Answer::Unknown(why) => Reply::Unknown(why),
        })
    }

    fn report(&self, stats: &mut SolverStats) {
        stats.z3_calls += self.calls;
        stats.model_mismatches += self.mismatches;
        stats.z3_cores += self.cores;
    }
}
