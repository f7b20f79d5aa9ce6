//! The counterexample cache (KLEE's `CexCachingSolver`), in two halves:
//!
//! - **UNSAT subsets** (off by default, [`super::SolverConfig::unsat_subsets`]): every UNSAT
//!   answer from below is remembered as a set of assertions (its core when Z3 gave one, else the
//!   whole query). A later query that contains such a set is UNSAT, with the set as its core. A
//!   query that wants a core is answered only by sets that are Z3 cores. The verdicts are the
//!   same with or without it, but Z3's later models are not: a model depends on the checks the
//!   context ran before (measured on tcas and print_tokens2, whose test inputs change), so
//!   turning it on changes the generated inputs.
//! - **Recent models**: the last `models` fresh models from below are tried on the query by
//!   exact evaluation, most recent first; the first that satisfies it answers (a model of a
//!   superset of the query satisfies it, and so do many others). Only the query's own variables
//!   are taken from the model: the others keep the parent's values, which satisfy the
//!   constraints that independence left out.
//!
//! Determinism: the answer of the model half depends on which queries came before, so it must
//! stay per worker. The UNSAT half returns verdicts only; sharing it between workers would keep
//! verdicts deterministic but, through the checks it saves, not Z3's models.

use super::layer::{Model, Next, Query, Reply, SolverLayer};
use super::{SolverError, SolverStats};
use crate::symbolic::{ExprId, Scalar, VarId};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// Remembered UNSAT sets, indexed by their largest assertion.
#[derive(Default)]
struct UnsatSets {
    /// Each set (sorted) and whether it is a Z3 core.
    sets: Vec<(Arc<[ExprId]>, bool)>,
    /// Set indices by the set's largest element.
    by_last: HashMap<ExprId, Vec<u32>>,
}

impl UnsatSets {
    fn insert(&mut self, set: Arc<[ExprId]>, is_core: bool) {
        let set: Arc<[ExprId]> = if set.is_sorted() {
            set
        } else {
            let mut v = set.to_vec();
            v.sort_unstable();
            v.into()
        };
        let Some(&last) = set.last() else { return };
        self.by_last.entry(last).or_default().push(self.sets.len() as u32);
        self.sets.push((set, is_core));
    }

    /// A remembered set contained in `query` (sorted), a core when `need_core`.
    fn subset_of(&self, query: &[ExprId], need_core: bool) -> Option<Arc<[ExprId]>> {
        if self.sets.is_empty() {
            return None;
        }
        for e in query {
            let Some(ids) = self.by_last.get(e) else { continue };
            for &i in ids {
                let (set, is_core) = &self.sets[i as usize];
                if (*is_core || !need_core) && is_subset(set, query) {
                    return Some(set.clone());
                }
            }
        }
        None
    }
}

/// `small ⊆ big`, both sorted.
fn is_subset(small: &[ExprId], big: &[ExprId]) -> bool {
    let mut it = big.iter();
    small.iter().all(|s| it.by_ref().any(|b| b == s))
}

/// The counterexample-cache layer.
pub struct CexCache {
    models: usize,
    subsets: bool,
    recent: VecDeque<Arc<[(VarId, Scalar)]>>,
    unsat: UnsatSets,
    model_hits: u64,
    unsat_hits: u64,
}

impl CexCache {
    /// A cache that tries the last `models` fresh models (0 = none) and, with `subsets`,
    /// answers queries that contain a known UNSAT set.
    pub fn new(models: usize, subsets: bool) -> Self {
        CexCache {
            models,
            subsets,
            recent: VecDeque::new(),
            unsat: UnsatSets::default(),
            model_hits: 0,
            unsat_hits: 0,
        }
    }
}

impl SolverLayer for CexCache {
    fn name(&self) -> &'static str {
        "cex_cache"
    }

    fn check(&mut self, q: &mut Query<'_>, next: Next<'_>) -> Result<Reply, SolverError> {
        if q.past_deadline() {
            return Ok(Reply::Unknown("the run's deadline passed".into()));
        }
        if self.subsets
            && let Some(core) = self.unsat.subset_of(q.assertions(), q.want_core())
        {
            self.unsat_hits += 1;
            return Ok(Reply::Unsat(Some(core)));
        }
        let vars = q.vars();
        for m in self.recent.iter() {
            let own: Vec<(VarId, Scalar)> = m.iter().filter(|(v, _)| vars.binary_search(v).is_ok()).copied().collect();
            if q.holds(&q.candidate(&own)) {
                self.model_hits += 1;
                return Ok(Reply::Sat(Model {
                    values: own.into(),
                    fresh: false,
                }));
            }
        }
        let reply = next.check(q)?;
        match &reply {
            Reply::Sat(m) if m.fresh && self.models > 0 => {
                if self.recent.len() >= self.models {
                    self.recent.pop_back();
                }
                self.recent.push_front(m.values.clone());
            }
            Reply::Unsat(Some(core)) if self.subsets => self.unsat.insert(core.clone(), true),
            Reply::Unsat(None) if self.subsets => self.unsat.insert(q.assertions().into(), false),
            _ => {}
        }
        Ok(reply)
    }

    fn report(&self, stats: &mut SolverStats) {
        stats.cex_hits += self.model_hits;
        stats.cex_unsat_hits += self.unsat_hits;
    }
}

#[cfg(test)]
mod tests {
    use super::super::Core;
    use super::super::layer::Chain;
    use super::super::testing::{Scripted, ask};
    use super::*;
    use crate::symbolic::{BinOp, ExprPool, Sort};

    fn sat(values: &[(VarId, Scalar)]) -> Reply {
        Reply::Sat(Model {
            values: values.into(),
            fresh: true,
        })
    }

    #[test]
    fn an_unsat_subset_proves_a_superset_unsat() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let y = p.new_var("y", Sort::I32);
        let three = p.i32(3);
        let five = p.i32(5);
        let gt5 = p.bin(BinOp::Lt, five, x); // x > 5
        let lt3 = p.bin(BinOp::Lt, x, three); // x < 3
        let ylt = p.bin(BinOp::Lt, y, x); // y < x
        let (inner, log) = Scripted::new(vec![Reply::Unsat(None), Reply::Unsat(Some(Arc::from([lt3, gt5])))]);
        let mut chain = Chain::new(vec![Box::new(CexCache::new(16, true)), Box::new(inner)]);
        let base = vec![Scalar::I32(0), Scalar::I32(0)];
        // {x > 5, x < 3}: UNSAT from below, remembered without a core.
        assert!(matches!(ask(&mut chain, &p, &[gt5], lt3, &base, false).0, Reply::Unsat(None)));
        // A superset is UNSAT here, the remembered set as its core.
        let core = ask(&mut chain, &p, &[gt5, ylt], lt3, &base, false).1;
        assert_eq!(
            core,
            Some(Core {
                prefix: vec![0],
                neg: true
            })
        );
        assert_eq!(log.lock().expect("log").len(), 1);
        // A query wanting a core is not answered by a set that is not a core; the core from
        // below is remembered and answers the next one.
        assert!(ask(&mut chain, &p, &[ylt, gt5], lt3, &base, true).1.is_some());
        assert_eq!(log.lock().expect("log").len(), 2);
        let core = ask(&mut chain, &p, &[ylt, ylt, gt5], lt3, &base, true).1;
        assert_eq!(
            core,
            Some(Core {
                prefix: vec![2],
                neg: true
            })
        );
        assert_eq!(log.lock().expect("log").len(), 2);
        // A subset of an UNSAT set proves nothing.
        let (inner, log) = Scripted::new(vec![Reply::Unsat(None), sat(&[(0, Scalar::I32(6))])]);
        let mut chain = Chain::new(vec![Box::new(CexCache::new(16, true)), Box::new(inner)]);
        ask(&mut chain, &p, &[gt5], lt3, &base, false);
        assert!(matches!(ask(&mut chain, &p, &[], gt5, &base, false).0, Reply::Sat(_)));
        assert_eq!(log.lock().expect("log").len(), 2);
        let mut s = SolverStats::default();
        chain.report(&mut s);
        assert_eq!((s.cex_hits, s.cex_unsat_hits), (0, 0));
    }

    #[test]
    fn a_superset_model_answers_a_subset_with_the_query_variables_only() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let y = p.new_var("y", Sort::I32);
        let five = p.i32(5);
        let gt5 = p.bin(BinOp::Lt, five, x); // x > 5
        let ygt = p.bin(BinOp::Lt, x, y); // y > x
        let (inner, log) = Scripted::new(vec![sat(&[(0, Scalar::I32(7)), (1, Scalar::I32(8))])]);
        let mut chain = Chain::new(vec![Box::new(CexCache::new(16, true)), Box::new(inner)]);
        let base = vec![Scalar::I32(0), Scalar::I32(-3)];
        assert!(matches!(ask(&mut chain, &p, &[gt5], ygt, &base, false).0, Reply::Sat(_)));
        // {x > 5} ⊂ {x > 5, y > x}: the model answers it, without y's value.
        let mut q = Query::new(&p, &[], gt5, &base);
        match chain.check(&mut q).expect("check") {
            Reply::Sat(m) => {
                assert_eq!(&*m.values, &[(0, Scalar::I32(7))]);
                assert!(!m.fresh);
                assert_eq!(q.candidate(&m.values), vec![Scalar::I32(7), Scalar::I32(-3)]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(log.lock().expect("log").len(), 1);
        let mut s = SolverStats::default();
        chain.report(&mut s);
        assert_eq!(s.cex_hits, 1);
    }

    #[test]
    fn only_fresh_models_are_remembered_and_only_the_last_few() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let c: Vec<ExprId> = (0..3)
            .map(|k| {
                let v = p.i32(k);
                p.bin(BinOp::Eq, x, v)
            })
            .collect();
        let guessed = Reply::Sat(Model {
            values: Arc::from([(0, Scalar::I32(0))]),
            fresh: false,
        });
        let (inner, log) = Scripted::new(vec![
            guessed,
            sat(&[(0, Scalar::I32(1))]),
            sat(&[(0, Scalar::I32(2))]),
            Reply::Unknown("z".into()),
        ]);
        let mut chain = Chain::new(vec![Box::new(CexCache::new(1, false)), Box::new(inner)]);
        let base = vec![Scalar::I32(9)];
        for &k in &c {
            let mut q = Query::new(&p, &[], k, &base);
            chain.check(&mut q).expect("check");
        }
        // x == 0 was guessed (not remembered), x == 1 pushed out by x == 2.
        for (k, below) in [(0usize, true), (1, true), (2, false)] {
            let mut q = Query::new(&p, &[], c[k], &base);
            let r = chain.check(&mut q).expect("check");
            // Below, the script answers unknown (and is then exhausted: unknown again).
            assert_eq!(matches!(r, Reply::Unknown(_)), below, "x == {k}");
        }
        assert_eq!(log.lock().expect("log").len(), 5);
    }
}
