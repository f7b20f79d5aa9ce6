//! Constraint independence (KLEE's `IndependentSolver`): a query keeps the negated condition and
//! the prefix constraints that share variables with it, transitively. The others are satisfied
//! by the parent input already, whose values the answer keeps for their variables.
//!
//! This is the chain's shaping layer: it closes the query ([`Query::close`]). Disabled, it keeps
//! every constraint (and still counts them).

use super::layer::{Next, Query, Reply, SolverLayer};
use super::{SolverError, SolverStats};
use crate::symbolic::{ExprId, ExprPool, VarId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// The independence layer.
pub struct Independence {
    enabled: bool,
    /// Variables of every term seen (memoised per subterm).
    memo: FxHashMap<ExprId, Arc<[VarId]>>,
    dropped: u64,
    kept: u64,
}

impl Independence {
    /// A layer that slices queries when `enabled`, and otherwise keeps every constraint.
    pub fn new(enabled: bool) -> Self {
        Independence {
            enabled,
            memo: FxHashMap::default(),
            dropped: 0,
            kept: 0,
        }
    }

    fn vars(&mut self, pool: &ExprPool, e: ExprId) -> Arc<[VarId]> {
        pool.vars_of(e, &mut self.memo)
    }

    /// The prefix positions connected to `neg` through shared variables, transitively, and the
    /// variables of all of them. The variable sets are borrowed from the memo (no reference
    /// counts touched: most prefix terms are old, and their counts would be cold cache lines).
    fn slice(&mut self, pool: &ExprPool, prefix: &[ExprId], neg: ExprId) -> (Vec<usize>, Vec<VarId>) {
        for &c in prefix.iter().chain([&neg]) {
            pool.memo_vars(c, &mut self.memo);
        }
        let memo = &self.memo;
        let set = |e: &ExprId| memo.get(e).map_or(&[][..], |v| &v[..]);
        let mut taken = vec![false; prefix.len()];
        let mut keep = Vec::new();
        let mut var_set: FxHashSet<VarId> = set(&neg).iter().copied().collect();
        loop {
            let mut changed = false;
            for (i, c) in prefix.iter().enumerate() {
                let s = set(c);
                if !taken[i] && s.iter().any(|v| var_set.contains(v)) {
                    taken[i] = true;
                    changed = true;
                    var_set.extend(s.iter().copied());
                    keep.push(i);
                }
            }
            if !changed {
                break;
            }
        }
        (keep, var_set.into_iter().collect())
    }
}

impl SolverLayer for Independence {
    fn name(&self) -> &'static str {
        "independence"
    }

    fn shapes_query(&self) -> bool {
        true
    }

    fn check(&mut self, q: &mut Query<'_>, next: Next<'_>) -> Result<Reply, SolverError> {
        let (pool, prefix, neg) = (q.pool(), q.prefix(), q.neg());
        let (keep, vars) = if self.enabled {
            let (keep, vars) = self.slice(pool, prefix, neg);
            self.kept += keep.len() as u64;
            self.dropped += (prefix.len() - keep.len()) as u64;
            (keep, vars)
        } else {
            let mut vars: Vec<VarId> = self.vars(pool, neg).to_vec();
            for &c in prefix {
                vars.extend(self.vars(pool, c).iter().copied());
            }
            self.kept += prefix.len() as u64;
            ((0..prefix.len()).collect(), vars)
        };
        q.close(&keep, vars);
        next.check(q)
    }

    fn report(&self, stats: &mut SolverStats) {
        stats.independent_dropped += self.dropped;
        stats.constraints_kept += self.kept;
    }
}

#[cfg(test)]
mod tests {
    use super::super::layer::{Chain, Origin};
    use super::*;
    use crate::symbolic::{BinOp, Scalar, Sort};

    /// A closed query as seen by a layer: assertions, their origins, variables.
    type Seen = (Vec<ExprId>, Vec<Origin>, Vec<VarId>);

    /// Records the closed queries it sees and answers unknown.
    struct Probe(std::sync::Arc<std::sync::Mutex<Vec<Seen>>>);

    impl SolverLayer for Probe {
        fn name(&self) -> &'static str {
            "probe"
        }
        fn check(&mut self, q: &mut Query<'_>, _next: Next<'_>) -> Result<Reply, SolverError> {
            let mut seen = self.0.lock().expect("probe lock");
            seen.push((q.assertions().to_vec(), q.origins().to_vec(), q.vars().to_vec()));
            Ok(Reply::Unknown("probe".into()))
        }
    }

    #[test]
    fn keeps_the_constraints_connected_to_the_negated_condition() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let y = p.new_var("y", Sort::I32);
        let z = p.new_var("z", Sort::I32);
        let w = p.new_var("w", Sort::I32);
        let one = p.i32(1);
        let c0 = p.bin(BinOp::Lt, x, y); // x < y: x, y
        let c1 = p.bin(BinOp::Lt, z, one); // z < 1: unrelated
        let c2 = p.bin(BinOp::Lt, y, w); // y < w: connected through y
        let c3 = p.bin(BinOp::Lt, one, z); // 1 < z: unrelated
        let nx = p.bin(BinOp::Lt, one, x); // neg: x > 1
        // A domain on w: it joins the query because w does.
        let lo = p.i32(0);
        let dom = p.bin(BinOp::Le, lo, w);
        p.set_var_domain(3, dom);
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut chain = Chain::new(vec![Box::new(Independence::new(true)), Box::new(Probe(seen.clone()))]);
        let base = vec![Scalar::I32(0); 4];
        let prefix = [c0, c1, c2, c3];
        let mut q = Query::new(&p, &prefix, nx, &base);
        chain.check(&mut q).expect("check");
        let (asserts, origins, vars) = seen.lock().expect("lock")[0].clone();
        let mut want = [
            (nx, Origin::Neg),
            (c0, Origin::Prefix(0)),
            (c2, Origin::Prefix(2)),
            (dom, Origin::Domain),
        ];
        want.sort();
        assert_eq!(asserts, want.iter().map(|w| w.0).collect::<Vec<_>>());
        assert_eq!(origins, want.iter().map(|w| w.1).collect::<Vec<_>>());
        assert_eq!(vars, vec![0, 1, 3]);
        let _ = z;
        let mut s = SolverStats::default();
        chain.report(&mut s);
        assert_eq!((s.constraints_kept, s.independent_dropped), (2, 2));

        // Disabled: everything is kept.
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut chain = Chain::new(vec![Box::new(Independence::new(false)), Box::new(Probe(seen.clone()))]);
        let mut q = Query::new(&p, &prefix, nx, &base);
        chain.check(&mut q).expect("check");
        let (asserts, _, vars) = seen.lock().expect("lock")[0].clone();
        assert_eq!(asserts.len(), 6);
        assert_eq!(vars, vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_constraint_equal_to_the_negated_condition_keeps_the_negated_origin() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let one = p.i32(1);
        let c = p.bin(BinOp::Lt, one, x);
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut chain = Chain::new(vec![Box::new(Independence::new(true)), Box::new(Probe(seen.clone()))]);
        let base = vec![Scalar::I32(0)];
        let prefix = [c, c];
        let mut q = Query::new(&p, &prefix, c, &base);
        chain.check(&mut q).expect("check");
        let (asserts, origins, _) = seen.lock().expect("lock")[0].clone();
        assert_eq!(asserts, vec![c]);
        assert_eq!(origins, vec![Origin::Neg]);
    }
}
