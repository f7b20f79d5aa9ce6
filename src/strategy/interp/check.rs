//! Checking interpolants (notes B.4, B.10.2): `check_interpolant(A, B, Ψ)` holds when `A ⊨ Ψ`,
//! `Ψ ∧ B` is unsatisfiable and Ψ speaks only of variables common to A and B; and the
//! evaluation of an annotation on given location values (the regression points of B.10.1).

use crate::solver::{Answer, Solver, SolverConfig};
use crate::symbolic::{ExprId, ExprPool, Node, Scalar};
use std::collections::{BTreeSet, HashMap};

/// Why a formula is not an interpolant of (A, B).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotInterpolant {
    /// `A ∧ ¬Ψ` is satisfiable (or undecided).
    #[error("A does not entail the interpolant")]
    NotImplied,
    /// `Ψ ∧ B` is satisfiable (or undecided).
    #[error("the interpolant is consistent with B")]
    ConsistentWithB,
    /// Ψ names a variable that is not in both A and B.
    #[error("the interpolant names variable {0}, which A and B do not share")]
    Vocabulary(String),
}

fn vars(pool: &ExprPool, es: &[ExprId]) -> BTreeSet<u32> {
    let mut memo = HashMap::new();
    es.iter()
        .flat_map(|e| pool.vars_of(*e, &mut memo).iter().copied().collect::<Vec<_>>())
        .collect()
}

fn unsat(solver: &mut Solver, pool: &ExprPool, prefix: &[ExprId], neg: ExprId) -> bool {
    let base = crate::symbolic::eval::full_input(pool, &[]);
    matches!(solver.solve(pool, prefix, neg, &base, false), Ok(Answer::Unsat(_)))
}

/// `check_interpolant(A, B, Ψ)` with A and B as conjunctions.
pub fn check_interpolant(pool: &mut ExprPool, a: &[ExprId], b: &[ExprId], psi: ExprId) -> Result<(), NotInterpolant> {
    let (va, vb, vp) = (vars(pool, a), vars(pool, b), vars(pool, &[psi]));
    if let Some(v) = vp.iter().find(|v| !va.contains(v) || !vb.contains(v)) {
        return Err(NotInterpolant::Vocabulary(pool.var_name(*v).to_string()));
    }
    let mut solver = Solver::new(SolverConfig::default());
    let not_psi = pool.not(psi);
    if !unsat(&mut solver, pool, a, not_psi) {
        return Err(NotInterpolant::NotImplied);
    }
    // (The solver slices the prefix to what the last conjunct depends on: Ψ goes last.)
    if !unsat(&mut solver, pool, b, psi) {
        return Err(NotInterpolant::ConsistentWithB);
    }
    Ok(())
}

/// The value of a term when each variable has the value `val` gives it (`None`: a variable
/// without a value, or an operation the evaluator does not fold).
pub fn eval(pool: &ExprPool, e: ExprId, val: &dyn Fn(u32) -> Option<Scalar>) -> Option<Scalar> {
    let mut memo: HashMap<ExprId, Scalar> = HashMap::new();
    for x in pool.post_order(e, |_| false) {
        let node = pool.node(x).clone();
        let v = match node {
            Node::Var(v, _) => val(v)?,
            Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => crate::symbolic::eval::const_value(&node),
            Node::Un(op, a) => crate::symbolic::eval::eval_un(op, *memo.get(&a)?),
            Node::Bin(op, a, b) => crate::symbolic::eval::eval_bin(op, *memo.get(&a)?, *memo.get(&b)?)?,
            Node::Ite(c, a, b) => match memo.get(&c)? {
                Scalar::Bool(true) => *memo.get(&a)?,
                _ => *memo.get(&b)?,
            },
            _ => return None,
        };
        memo.insert(x, v);
    }
    memo.get(&e).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::{BinOp, Sort};

    /// B.10.2: A = x0 = 1 ∧ x1 = x0 + 3, B = x2 = x1 + 2 ∧ ¬(x2 ≤ 10); `x1 = 4`, `x1 ≤ 4`,
    /// `x1 ≤ 8` and `bvsle(x1 + 2, 10)` are interpolants; `x1 ≤ 9` and `x0 ≤ 1` are not.
    #[test]
    fn interpolant_choices_of_b_10_2() {
        let mut p = ExprPool::new();
        let (x0, x1, x2) = (p.new_var("x0", Sort::I32), p.new_var("x1", Sort::I32), p.new_var("x2", Sort::I32));
        let (one, two, three, four, eight, nine, ten) = (p.i32(1), p.i32(2), p.i32(3), p.i32(4), p.i32(8), p.i32(9), p.i32(10));
        let a0 = p.bin(BinOp::Eq, x0, one);
        let s = p.bin(BinOp::Add, x0, three);
        let a1 = p.bin(BinOp::Eq, x1, s);
        let s2 = p.bin(BinOp::Add, x1, two);
        let b0 = p.bin(BinOp::Eq, x2, s2);
        let le = p.bin(BinOp::Le, x2, ten);
        let b1 = p.not(le);
        let (a, b) = (vec![a0, a1], vec![b0, b1]);
        let good = [
            p.bin(BinOp::Eq, x1, four),
            p.bin(BinOp::Le, x1, four),
            p.bin(BinOp::Le, x1, eight),
            p.bin(BinOp::Le, s2, ten),
        ];
        for g in good {
            assert_eq!(check_interpolant(&mut p, &a, &b, g), Ok(()), "{}", p.display(g));
        }
        let nine_le = p.bin(BinOp::Le, x1, nine);
        assert_eq!(check_interpolant(&mut p, &a, &b, nine_le), Err(NotInterpolant::ConsistentWithB));
        let x0_le = p.bin(BinOp::Le, x0, one);
        assert!(matches!(
            check_interpolant(&mut p, &a, &b, x0_le),
            Err(NotInterpolant::Vocabulary(_))
        ));
        // Not implied by A: x1 <= 3.
        let x1_le3 = p.bin(BinOp::Le, x1, three);
        assert_eq!(check_interpolant(&mut p, &a, &b, x1_le3), Err(NotInterpolant::NotImplied));
    }

    /// BV32, not integers: `x + 2 <= 3` holds at 2147483647 (it wraps) and fails at 2.
    #[test]
    fn evaluation_wraps_as_the_jvm() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let (two, three) = (p.i32(2), p.i32(3));
        let s = p.bin(BinOp::Add, x, two);
        let le = p.bin(BinOp::Le, s, three);
        assert_eq!(eval(&p, le, &|_| Some(Scalar::I32(i32::MAX))), Some(Scalar::Bool(true)));
        assert_eq!(eval(&p, le, &|_| Some(Scalar::I32(2))), Some(Scalar::Bool(false)));
    }
}
