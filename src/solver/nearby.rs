//! Nearby values: the parent input with one integer variable of the query moved by +1 or -1.
//! Boundary conditions (`x > 5` flipped to `x <= 5`) are often met this way without Z3, and the
//! next path stays close to its parent. Queries with more than eight variables are passed on.

use super::layer::{Model, Next, Query, Reply, SolverLayer};
use super::{SolverError, SolverStats};
use crate::symbolic::eval::Evaluator;
use crate::symbolic::{Assignment, ExprId, ExprPool, Scalar, VarId};

/// The nearby-values layer.
#[derive(Default)]
pub struct Nearby {
    hits: u64,
}

impl Nearby {
    /// A new layer.
    pub fn new() -> Self {
        Self::default()
    }
}

impl SolverLayer for Nearby {
    fn name(&self) -> &'static str {
        "nearby"
    }

    fn check(&mut self, q: &mut Query<'_>, next: Next<'_>) -> Result<Reply, SolverError> {
        if let Some(m) = nearby(q.pool(), q.assertions(), q.vars(), q.base()) {
            self.hits += 1;
            return Ok(Reply::Sat(Model {
                values: m.into(),
                fresh: false,
            }));
        }
        next.check(q)
    }

    fn report(&self, stats: &mut SolverStats) {
        stats.nearby_hits += self.hits;
    }
}

/// Tries the parent input with one integer variable changed by +1 or -1, variables in order.
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

#[cfg(test)]
mod tests {
    use super::super::layer::Chain;
    use super::super::testing::Scripted;
    use super::*;
    use crate::symbolic::{BinOp, Sort};

    #[test]
    fn moves_one_variable_by_one_or_passes_on() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let y = p.new_var("y", Sort::I32);
        let five = p.i32(5);
        let le = p.bin(BinOp::Le, x, five); // x <= 5, from x = 6
        let far = p.bin(BinOp::Lt, y, five); // y < 5, from y = 9: two steps away
        let (inner, log) = Scripted::new(vec![Reply::Unknown("below".into())]);
        let mut chain = Chain::new(vec![Box::new(Nearby::new()), Box::new(inner)]);
        let base = vec![Scalar::I32(6), Scalar::I32(9)];
        let mut q = Query::new(&p, &[], le, &base);
        match chain.check(&mut q).expect("check") {
            Reply::Sat(m) => {
                assert_eq!(&*m.values, &[(0, Scalar::I32(5))]);
                assert!(!m.fresh);
            }
            other => panic!("{other:?}"),
        }
        let mut q = Query::new(&p, &[], far, &base);
        assert!(matches!(chain.check(&mut q).expect("check"), Reply::Unknown(_)));
        assert_eq!(log.lock().expect("log").len(), 1);
        assert_eq!(chain.layer_stats()[0].hits, 1);
    }
}
