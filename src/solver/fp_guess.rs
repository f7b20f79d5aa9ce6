//! Floating-point guessing: Z3 4.8 is slow on floating-point queries, so a query with a float
//! or double variable first tries combinations of special values (zeros, ±1, NaN, infinities,
//! extremes, the current value and its neighbours) by exact evaluation, within a budget of
//! evaluations. Queries with more than six variables, or none of floating sort, are passed on.

use super::layer::{Model, Next, Query, Reply, SolverLayer};
use super::{SolverError, SolverStats};
use crate::symbolic::eval::Evaluator;
use crate::symbolic::{Assignment, ExprId, ExprPool, Scalar, Sort, VarId};

/// Evaluations tried per query.
const BUDGET: usize = 4096;

/// The floating-point guessing layer.
#[derive(Default)]
pub struct FpGuess {
    hits: u64,
}

impl FpGuess {
    /// A new layer.
    pub fn new() -> Self {
        Self::default()
    }
}

impl SolverLayer for FpGuess {
    fn name(&self) -> &'static str {
        "fp_guess"
    }

    fn check(&mut self, q: &mut Query<'_>, next: Next<'_>) -> Result<Reply, SolverError> {
        if q.past_deadline() {
            return Ok(Reply::Unknown("the run's deadline passed".into()));
        }
        let pool = q.pool();
        if q.vars().iter().any(|v| matches!(pool.var_sort(*v), Sort::F32 | Sort::F64))
            && let Some(m) = guess(pool, q.assertions(), q.vars(), q.base(), BUDGET)
        {
            self.hits += 1;
            return Ok(Reply::Sat(Model {
                values: m.into(),
                fresh: false,
            }));
        }
        next.check(q)
    }

    fn report(&self, stats: &mut SolverStats) {
        stats.guess_hits += self.hits;
    }
}

/// Candidate values tried for a variable: its current value first, then special values.
fn candidates(sort: Sort, cur: Scalar) -> Vec<Scalar> {
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
    use super::super::layer::Chain;
    use super::super::testing::Scripted;
    use super::*;
    use crate::symbolic::{BinOp, UnOp};

    #[test]
    fn special_values_answer_float_queries_and_integer_ones_pass() {
        let mut p = ExprPool::new();
        let d = p.new_var("d", Sort::F64);
        let i = p.new_var("i", Sort::I32);
        let nan = p.bin(BinOp::Ne, d, d); // d is NaN
        let conv = p.un(UnOp::D2I, d);
        let zero = p.i32(0);
        let conv_zero = p.bin(BinOp::Eq, conv, zero); // (int) d == 0
        let big = p.i32(1000);
        let int_only = p.bin(BinOp::Eq, i, big);
        let (inner, log) = Scripted::new(vec![Reply::Unknown("below".into())]);
        let mut chain = Chain::new(vec![Box::new(FpGuess::new()), Box::new(inner)]);
        let base = vec![Scalar::F64(1.0), Scalar::I32(0)];
        let prefix = [conv_zero];
        let mut q = Query::new(&p, &prefix, nan, &base);
        match chain.check(&mut q).expect("check") {
            Reply::Sat(m) => {
                assert!(matches!(m.values[0], (0, Scalar::F64(v)) if v.is_nan()));
                assert!(!m.fresh);
            }
            other => panic!("{other:?}"),
        }
        let mut q = Query::new(&p, &[], int_only, &base);
        assert!(matches!(chain.check(&mut q).expect("check"), Reply::Unknown(_)));
        assert_eq!(log.lock().expect("log").len(), 1);
    }
}
