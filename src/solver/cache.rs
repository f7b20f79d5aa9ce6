//! The exact query cache: answers keyed by the closed query's sorted, deduplicated assertions
//! (hash-consing makes term ids structural, so equal queries have equal keys). A query with a
//! literal `false` among its assertions is UNSAT at once, with that assertion as its core.
//!
//! An UNSAT answer stored without a core does not answer a query that wants one: the query goes
//! on down the chain, and the answer with its core replaces the entry.
//!
//! The cache returns models, so it stays per worker (see the determinism rule in `solver.rs`).

use super::layer::{Model, Next, Query, Reply, SolverLayer};
use super::{SolverError, SolverStats};
use crate::symbolic::{ExprId, Scalar, VarId};
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Clone, Debug)]
enum Entry {
    Sat(Arc<[(VarId, Scalar)]>),
    Unsat(Option<Arc<[ExprId]>>),
}

/// The exact cache layer.
#[derive(Default)]
pub struct QueryCache {
    map: HashMap<Vec<ExprId>, Entry>,
    hits: u64,
}

impl QueryCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of cached queries.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True when nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

impl SolverLayer for QueryCache {
    fn name(&self) -> &'static str {
        "cache"
    }

    fn check(&mut self, q: &mut Query<'_>, next: Next<'_>) -> Result<Reply, SolverError> {
        if q.past_deadline() {
            return Ok(Reply::Unknown("the run's deadline passed".into()));
        }
        if let Some(f) = q.literal_false() {
            self.hits += 1;
            return Ok(Reply::Unsat(Some(Arc::from([f]))));
        }
        match self.map.get(q.assertions()) {
            Some(Entry::Sat(m)) => {
                self.hits += 1;
                return Ok(Reply::Sat(Model {
                    values: m.clone(),
                    fresh: false,
                }));
            }
            Some(Entry::Unsat(core)) if core.is_some() || !q.want_core() => {
                self.hits += 1;
                return Ok(Reply::Unsat(core.clone()));
            }
            _ => {}
        }
        let reply = next.check(q)?;
        match &reply {
            Reply::Sat(m) => {
                self.map.insert(q.assertions().to_vec(), Entry::Sat(m.values.clone()));
            }
            Reply::Unsat(core) => {
                self.map.insert(q.assertions().to_vec(), Entry::Unsat(core.clone()));
            }
            Reply::Unknown(_) => {}
        }
        Ok(reply)
    }

    fn report(&self, stats: &mut SolverStats) {
        stats.cache_hits += self.hits;
    }
}

#[cfg(test)]
mod tests {
    use super::super::Core;
    use super::super::layer::Chain;
    use super::super::testing::{Scripted, ask};
    use super::*;
    use crate::symbolic::{BinOp, ExprPool, Sort};

    #[test]
    fn equal_queries_hit_and_unknowns_are_not_kept() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let one = p.i32(1);
        let a = p.bin(BinOp::Lt, one, x);
        let b = p.bin(BinOp::Lt, x, one);
        let (inner, log) = Scripted::new(vec![
            Reply::Unknown("first".into()),
            Reply::Sat(Model {
                values: Arc::from([(0, Scalar::I32(5))]),
                fresh: true,
            }),
            Reply::Unsat(None),
        ]);
        let mut chain = Chain::new(vec![Box::new(QueryCache::new()), Box::new(inner)]);
        let base = vec![Scalar::I32(0)];
        let mut ask = |prefix: &[ExprId], neg: ExprId| ask(&mut chain, &p, prefix, neg, &base, false).0;
        assert!(matches!(ask(&[], a), Reply::Unknown(_)));
        assert!(matches!(ask(&[], a), Reply::Sat(_)));
        // The same query again, also with the prefix repeating the negated condition (the
        // closed query is the same set): answered here, not fresh.
        assert!(matches!(ask(&[], a), Reply::Sat(Model { fresh: false, .. })));
        assert!(matches!(ask(&[a], a), Reply::Sat(_)));
        assert!(matches!(ask(&[a], b), Reply::Unsat(None)));
        assert!(matches!(ask(&[a], b), Reply::Unsat(None)));
        assert_eq!(log.lock().expect("log").len(), 3);
        let st = chain.layer_stats();
        assert_eq!((st[0].queries, st[0].hits, st[1].queries), (6, 3, 3));
        let mut s = SolverStats::default();
        chain.report(&mut s);
        assert_eq!(s.cache_hits, 3);
    }

    #[test]
    fn a_cached_unsat_without_core_goes_down_when_a_core_is_wanted() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let one = p.i32(1);
        let a = p.bin(BinOp::Lt, one, x);
        let b = p.bin(BinOp::Lt, x, one);
        let (inner, log) = Scripted::new(vec![Reply::Unsat(None), Reply::Unsat(Some(Arc::from([a, b])))]);
        let mut chain = Chain::new(vec![Box::new(QueryCache::new()), Box::new(inner)]);
        let base = vec![Scalar::I32(0)];
        assert!(matches!(ask(&mut chain, &p, &[a], b, &base, false).0, Reply::Unsat(None)));
        assert!(matches!(ask(&mut chain, &p, &[a], b, &base, true).0, Reply::Unsat(Some(_))));
        // Now stored with its core: both kinds of query hit.
        for want in [true, false] {
            let core = ask(&mut chain, &p, &[a], b, &base, want).1;
            assert_eq!(
                core,
                Some(Core {
                    prefix: vec![0],
                    neg: true
                })
            );
        }
        assert_eq!(log.lock().expect("log").len(), 2);
    }

    #[test]
    fn a_literal_false_is_its_own_core() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let one = p.i32(1);
        let a = p.bin(BinOp::Lt, one, x);
        let f = p.bool(false);
        let (inner, log) = Scripted::new(vec![]);
        let mut chain = Chain::new(vec![Box::new(QueryCache::new()), Box::new(inner)]);
        let base = vec![Scalar::I32(0)];
        let core = ask(&mut chain, &p, &[a, f], a, &base, true).1;
        assert_eq!(
            core,
            Some(Core {
                prefix: vec![1],
                neg: false
            })
        );
        assert!(log.lock().expect("log").is_empty());
    }
}
