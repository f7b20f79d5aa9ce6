//! Concrete evaluation of terms with exact JVM semantics.
//!
//! Used to fold constants, to try cached models before calling the solver (the counterexample
//! cache), and to check that a solver model really satisfies a query.

use super::expr::{BinOp, ExprId, ExprPool, Node, UnOp};
use std::rc::Rc;

/// A concrete scalar value of some sort.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Scalar {
    /// Boolean.
    Bool(bool),
    /// int (also boolean/byte/char/short inputs).
    I32(i32),
    /// long.
    I64(i64),
    /// float.
    F32(f32),
    /// double.
    F64(f64),
}

impl Scalar {
    /// Bitwise identity (NaN equals NaN, -0.0 differs from 0.0).
    pub fn same(&self, other: &Scalar) -> bool {
        match (self, other) {
            (Scalar::F32(a), Scalar::F32(b)) => a.to_bits() == b.to_bits(),
            (Scalar::F64(a), Scalar::F64(b)) => a.to_bits() == b.to_bits(),
            _ => self == other,
        }
    }
    fn as_bool(self) -> bool {
        matches!(self, Scalar::Bool(true))
    }
    fn as_i32(self) -> i32 {
        match self {
            Scalar::I32(v) => v,
            Scalar::Bool(b) => b as i32,
            Scalar::I64(v) => v as i32,
            _ => 0,
        }
    }
}

/// The zero of a sort (the default value of a fresh input).
pub fn zero_of(s: super::Sort) -> Scalar {
    use super::Sort;
    match s {
        Sort::Bool => Scalar::Bool(false),
        Sort::I64 => Scalar::I64(0),
        Sort::F32 => Scalar::F32(0.0),
        Sort::F64 => Scalar::F64(0.0),
        _ => Scalar::I32(0),
    }
}

/// Values of the input variables, indexed by [`super::VarId`].
pub type Assignment = Vec<Scalar>;

/// Pads `input` with the zero of each variable the pool declares beyond it (variables made
/// during runs, `jsymex.Symbolic`, are missing from older inputs; a run reads them as zero).
pub fn pad_input(pool: &super::ExprPool, input: &mut Assignment) {
    while input.len() < pool.var_count() {
        input.push(zero_of(pool.var_sort(input.len() as super::VarId)));
    }
}

/// `input` with every variable the pool declares (see [`pad_input`]).
pub fn full_input(pool: &super::ExprPool, input: &[Scalar]) -> Assignment {
    let mut full = input.to_vec();
    pad_input(pool, &mut full);
    full
}

/// The value of a constant node.
pub fn const_value(n: &Node) -> Scalar {
    match n {
        Node::Bool(b) => Scalar::Bool(*b),
        Node::I32(v) => Scalar::I32(*v),
        Node::I64(v) => Scalar::I64(*v),
        Node::F32(b) => Scalar::F32(f32::from_bits(*b)),
        Node::F64(b) => Scalar::F64(f64::from_bits(*b)),
        _ => Scalar::Bool(false),
    }
}

/// Java's `%` on doubles: the remainder of truncated division, computed exactly.
pub fn java_fmod(a: f64, b: f64) -> f64 {
    a % b // Rust's `%` on floats is C's fmod, which is Java's semantics.
}

/// Applies a unary operator to a concrete value.
pub fn eval_un(op: UnOp, a: Scalar) -> Scalar {
    use Scalar as S;
    match (op, a) {
        (UnOp::Neg, S::I32(x)) => S::I32(x.wrapping_neg()),
        (UnOp::Neg, S::I64(x)) => S::I64(x.wrapping_neg()),
        (UnOp::Neg, S::F32(x)) => S::F32(-x),
        (UnOp::Neg, S::F64(x)) => S::F64(-x),
        (UnOp::Not, S::Bool(b)) => S::Bool(!b),
        (UnOp::I2L, S::I32(x)) => S::I64(x as i64),
        (UnOp::L2I, S::I64(x)) => S::I32(x as i32),
        (UnOp::I2B, S::I32(x)) => S::I32(x as i8 as i32),
        (UnOp::I2C, S::I32(x)) => S::I32(x as u16 as i32),
        (UnOp::I2S, S::I32(x)) => S::I32(x as i16 as i32),
        (UnOp::I2F, S::I32(x)) => S::F32(x as f32),
        (UnOp::I2D, S::I32(x)) => S::F64(x as f64),
        (UnOp::L2F, S::I64(x)) => S::F32(x as f32),
        (UnOp::L2D, S::I64(x)) => S::F64(x as f64),
        // Rust's float→int `as` saturates and maps NaN to 0, exactly like the JVM.
        (UnOp::F2I, S::F32(x)) => S::I32(x as i32),
        (UnOp::F2L, S::F32(x)) => S::I64(x as i64),
        (UnOp::F2D, S::F32(x)) => S::F64(x as f64),
        (UnOp::D2I, S::F64(x)) => S::I32(x as i32),
        (UnOp::D2L, S::F64(x)) => S::I64(x as i64),
        (UnOp::D2F, S::F64(x)) => S::F32(x as f32),
        (UnOp::BoolToInt, S::Bool(b)) => S::I32(b as i32),
        (UnOp::IsNaN, S::F32(x)) => S::Bool(x.is_nan()),
        (UnOp::IsNaN, S::F64(x)) => S::Bool(x.is_nan()),
        (_, v) => v,
    }
}

fn cmp3<T: PartialOrd>(a: T, b: T, nan: i32) -> i32 {
    if a < b {
        -1
    } else if a > b {
        1
    } else if a == b {
        0
    } else {
        nan
    }
}

/// Applies a binary operator to concrete values. `None` for a division by zero (the caller
/// guards divisions with a fault branch, so this only arises in infeasible combinations).
pub fn eval_bin(op: BinOp, a: Scalar, b: Scalar) -> Option<Scalar> {
    use Scalar as S;
    Some(match (op, a, b) {
        (BinOp::Add, S::I32(x), S::I32(y)) => S::I32(x.wrapping_add(y)),
        (BinOp::Sub, S::I32(x), S::I32(y)) => S::I32(x.wrapping_sub(y)),
        (BinOp::Mul, S::I32(x), S::I32(y)) => S::I32(x.wrapping_mul(y)),
        (BinOp::Div, S::I32(x), S::I32(y)) => {
            if y == 0 {
                return None;
            }
            S::I32(x.wrapping_div(y))
        }
        (BinOp::Rem, S::I32(x), S::I32(y)) => {
            if y == 0 {
                return None;
            }
            S::I32(x.wrapping_rem(y))
        }
        (BinOp::Shl, S::I32(x), y) => S::I32(x.wrapping_shl((y.as_i32() & 31) as u32)),
        (BinOp::Shr, S::I32(x), y) => S::I32(x.wrapping_shr((y.as_i32() & 31) as u32)),
        (BinOp::Ushr, S::I32(x), y) => S::I32(((x as u32) >> (y.as_i32() & 31)) as i32),
        (BinOp::And, S::I32(x), S::I32(y)) => S::I32(x & y),
        (BinOp::Or, S::I32(x), S::I32(y)) => S::I32(x | y),
        (BinOp::Xor, S::I32(x), S::I32(y)) => S::I32(x ^ y),
        (BinOp::Add, S::I64(x), S::I64(y)) => S::I64(x.wrapping_add(y)),
        (BinOp::Sub, S::I64(x), S::I64(y)) => S::I64(x.wrapping_sub(y)),
        (BinOp::Mul, S::I64(x), S::I64(y)) => S::I64(x.wrapping_mul(y)),
        (BinOp::Div, S::I64(x), S::I64(y)) => {
            if y == 0 {
                return None;
            }
            S::I64(x.wrapping_div(y))
        }
        (BinOp::Rem, S::I64(x), S::I64(y)) => {
            if y == 0 {
                return None;
            }
            S::I64(x.wrapping_rem(y))
        }
        (BinOp::Shl, S::I64(x), y) => S::I64(x.wrapping_shl((y.as_i32() & 63) as u32)),
        (BinOp::Shr, S::I64(x), y) => S::I64(x.wrapping_shr((y.as_i32() & 63) as u32)),
        (BinOp::Ushr, S::I64(x), y) => S::I64(((x as u64) >> (y.as_i32() & 63)) as i64),
        (BinOp::And, S::I64(x), S::I64(y)) => S::I64(x & y),
        (BinOp::Or, S::I64(x), S::I64(y)) => S::I64(x | y),
        (BinOp::Xor, S::I64(x), S::I64(y)) => S::I64(x ^ y),
        (BinOp::And, S::Bool(x), S::Bool(y)) => S::Bool(x && y),
        (BinOp::Or, S::Bool(x), S::Bool(y)) => S::Bool(x || y),
        (BinOp::Xor, S::Bool(x), S::Bool(y)) => S::Bool(x ^ y),
        (BinOp::Eq, S::Bool(x), S::Bool(y)) => S::Bool(x == y),
        (BinOp::Ne, S::Bool(x), S::Bool(y)) => S::Bool(x != y),
        (BinOp::Add, S::F32(x), S::F32(y)) => S::F32(x + y),
        (BinOp::Sub, S::F32(x), S::F32(y)) => S::F32(x - y),
        (BinOp::Mul, S::F32(x), S::F32(y)) => S::F32(x * y),
        (BinOp::Div, S::F32(x), S::F32(y)) => S::F32(x / y),
        (BinOp::Rem, S::F32(x), S::F32(y)) => S::F32(x % y),
        (BinOp::Add, S::F64(x), S::F64(y)) => S::F64(x + y),
        (BinOp::Sub, S::F64(x), S::F64(y)) => S::F64(x - y),
        (BinOp::Mul, S::F64(x), S::F64(y)) => S::F64(x * y),
        (BinOp::Div, S::F64(x), S::F64(y)) => S::F64(x / y),
        (BinOp::Rem, S::F64(x), S::F64(y)) => S::F64(java_fmod(x, y)),
        (BinOp::Eq, S::I32(x), S::I32(y)) => S::Bool(x == y),
        (BinOp::Ne, S::I32(x), S::I32(y)) => S::Bool(x != y),
        (BinOp::Lt, S::I32(x), S::I32(y)) => S::Bool(x < y),
        (BinOp::Le, S::I32(x), S::I32(y)) => S::Bool(x <= y),
        (BinOp::ULt, S::I32(x), S::I32(y)) => S::Bool((x as u32) < (y as u32)),
        (BinOp::Eq, S::I64(x), S::I64(y)) => S::Bool(x == y),
        (BinOp::Ne, S::I64(x), S::I64(y)) => S::Bool(x != y),
        (BinOp::Lt, S::I64(x), S::I64(y)) => S::Bool(x < y),
        (BinOp::Le, S::I64(x), S::I64(y)) => S::Bool(x <= y),
        (BinOp::Cmp, S::I64(x), S::I64(y)) => S::I32(cmp3(x, y, 0)),
        (BinOp::Cmp, S::I32(x), S::I32(y)) => S::I32(cmp3(x, y, 0)),
        (BinOp::Eq, S::F32(x), S::F32(y)) => S::Bool(x == y),
        (BinOp::Ne, S::F32(x), S::F32(y)) => S::Bool(x != y),
        (BinOp::Lt, S::F32(x), S::F32(y)) => S::Bool(x < y),
        (BinOp::Le, S::F32(x), S::F32(y)) => S::Bool(x <= y),
        (BinOp::Eq, S::F64(x), S::F64(y)) => S::Bool(x == y),
        (BinOp::Ne, S::F64(x), S::F64(y)) => S::Bool(x != y),
        (BinOp::Lt, S::F64(x), S::F64(y)) => S::Bool(x < y),
        (BinOp::Le, S::F64(x), S::F64(y)) => S::Bool(x <= y),
        (BinOp::CmpL, S::F32(x), S::F32(y)) => S::I32(cmp3(x, y, -1)),
        (BinOp::CmpG, S::F32(x), S::F32(y)) => S::I32(cmp3(x, y, 1)),
        (BinOp::CmpL, S::F64(x), S::F64(y)) => S::I32(cmp3(x, y, -1)),
        (BinOp::CmpG, S::F64(x), S::F64(y)) => S::I32(cmp3(x, y, 1)),
        _ => return None,
    })
}

/// A concrete array value: default element plus written cells.
#[derive(Clone, Debug)]
struct ArrVal {
    dflt: Scalar,
    cells: Vec<(i32, Scalar)>,
}

#[derive(Clone, Debug)]
enum EVal {
    S(Scalar),
    A(Rc<ArrVal>),
}

/// Evaluates terms under an assignment, memoising shared subterms.
pub struct Evaluator<'a> {
    pool: &'a ExprPool,
    input: &'a [Scalar],
    memo: rustc_hash::FxHashMap<ExprId, Option<EVal>>,
    depth: usize,
}

/// Recursion depth past which a subterm is evaluated bottom-up without recursion.
const MAX_RECURSION: usize = 256;

impl<'a> Evaluator<'a> {
    /// An evaluator for one assignment.
    pub fn new(pool: &'a ExprPool, input: &'a [Scalar]) -> Self {
        Evaluator {
            pool,
            input,
            memo: Default::default(),
            depth: 0,
        }
    }

    /// True when the boolean term holds (false when evaluation fails).
    pub fn holds(&mut self, e: ExprId) -> bool {
        matches!(self.scalar(e), Some(Scalar::Bool(true)))
    }

    /// The scalar value of a term, `None` if undefined (e.g. division by zero).
    pub fn scalar(&mut self, e: ExprId) -> Option<Scalar> {
        match self.eval(e)? {
            EVal::S(s) => Some(s),
            EVal::A(_) => None,
        }
    }

    /// The value of an array term: its default element and the cells written over it (a later
    /// cell of the same index wins); `None` if undefined or not an array.
    pub fn array(&mut self, e: ExprId) -> Option<(Scalar, Vec<(i32, Scalar)>)> {
        match self.eval(e)? {
            EVal::A(a) => Some((a.dflt, a.cells.clone())),
            EVal::S(_) => None,
        }
    }

    /// Evaluates lazily (only the taken side of `ite` and short-circuit `&&`/`||`) while the
    /// recursion is shallow; a deeper subterm is first evaluated bottom-up in full.
    fn eval(&mut self, e: ExprId) -> Option<EVal> {
        if let Some(v) = self.memo.get(&e) {
            return v.clone();
        }
        if self.depth >= MAX_RECURSION {
            let pool = self.pool;
            for n in pool.post_order(e, |c| self.memo.contains_key(&c)) {
                // Every child of `n` is memoised, so this recursion is one level deep.
                let v = self.eval_node(n);
                self.memo.insert(n, v);
            }
            return self.memo.get(&e).cloned().flatten();
        }
        self.depth += 1;
        let v = self.eval_node(e);
        self.depth -= 1;
        self.memo.insert(e, v.clone());
        v
    }

    fn eval_node(&mut self, e: ExprId) -> Option<EVal> {
        let v = match *self.pool.node(e) {
            Node::Var(v, _) => EVal::S(*self.input.get(v as usize)?),
            ref n @ (Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_)) => EVal::S(const_value(n)),
            Node::Un(op, a) => EVal::S(eval_un(op, self.scalar(a)?)),
            Node::Bin(op, a, b) => {
                let x = self.scalar(a)?;
                // Short-circuit booleans so an undefined side does not poison the result.
                if op == BinOp::And && x == Scalar::Bool(false) {
                    EVal::S(Scalar::Bool(false))
                } else if op == BinOp::Or && x == Scalar::Bool(true) {
                    EVal::S(Scalar::Bool(true))
                } else {
                    let y = self.scalar(b)?;
                    EVal::S(eval_bin(op, x, y)?)
                }
            }
            Node::Ite(c, a, b) => {
                if self.scalar(c)?.as_bool() {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            Node::ConstArray(_, d) => EVal::A(Rc::new(ArrVal {
                dflt: self.scalar(d)?,
                cells: vec![],
            })),
            Node::Store(a, i, v) => {
                let EVal::A(arr) = self.eval(a)? else { return None };
                let idx = self.scalar(i)?.as_i32();
                let val = self.scalar(v)?;
                let mut na = (*arr).clone();
                na.cells.retain(|(j, _)| *j != idx);
                na.cells.push((idx, val));
                EVal::A(Rc::new(na))
            }
            Node::Select(a, i) => {
                let EVal::A(arr) = self.eval(a)? else { return None };
                let idx = self.scalar(i)?.as_i32();
                let v = arr.cells.iter().rev().find(|(j, _)| *j == idx).map(|(_, v)| *v);
                EVal::S(v.unwrap_or(arr.dflt))
            }
        };
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::Sort;

    #[test]
    fn jvm_integer_corner_cases() {
        assert_eq!(
            eval_bin(BinOp::Div, Scalar::I32(i32::MIN), Scalar::I32(-1)),
            Some(Scalar::I32(i32::MIN))
        );
        assert_eq!(eval_bin(BinOp::Rem, Scalar::I32(i32::MIN), Scalar::I32(-1)), Some(Scalar::I32(0)));
        assert_eq!(eval_bin(BinOp::Shl, Scalar::I32(1), Scalar::I32(33)), Some(Scalar::I32(2)));
        assert_eq!(eval_bin(BinOp::Ushr, Scalar::I32(-1), Scalar::I32(28)), Some(Scalar::I32(15)));
        assert_eq!(eval_bin(BinOp::Shl, Scalar::I64(1), Scalar::I32(65)), Some(Scalar::I64(2)));
        assert_eq!(eval_un(UnOp::F2I, Scalar::F32(f32::NAN)), Scalar::I32(0));
        assert_eq!(eval_un(UnOp::D2L, Scalar::F64(1e300)), Scalar::I64(i64::MAX));
        assert_eq!(eval_un(UnOp::I2C, Scalar::I32(-1)), Scalar::I32(65535));
        assert_eq!(
            eval_bin(BinOp::CmpL, Scalar::F64(f64::NAN), Scalar::F64(0.0)),
            Some(Scalar::I32(-1))
        );
        assert_eq!(eval_bin(BinOp::CmpG, Scalar::F64(f64::NAN), Scalar::F64(0.0)), Some(Scalar::I32(1)));
        assert_eq!(eval_bin(BinOp::CmpL, Scalar::F64(-0.0), Scalar::F64(0.0)), Some(Scalar::I32(0)));
        assert_eq!(eval_bin(BinOp::Rem, Scalar::F64(-5.5), Scalar::F64(2.0)), Some(Scalar::F64(-1.5)));
    }

    #[test]
    fn cmp_against_zero_folds_with_nan_rule() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::F64);
        let y = p.new_var("y", Sort::F64);
        let zero = p.i32(0);
        for kind in [BinOp::CmpL, BinOp::CmpG] {
            let c = p.bin(kind, x, y);
            for rel in [BinOp::Eq, BinOp::Ne, BinOp::Lt, BinOp::Le] {
                for (flip, folded) in [(false, p.bin(rel, c, zero)), (true, p.bin(rel, zero, c))] {
                    for (a, b) in [(1.0, 2.0), (2.0, 1.0), (0.0, -0.0), (f64::NAN, 1.0), (1.0, f64::NAN)] {
                        let input = vec![Scalar::F64(a), Scalar::F64(b)];
                        let cv = eval_bin(kind, Scalar::F64(a), Scalar::F64(b)).unwrap();
                        let expect = if flip {
                            eval_bin(rel, Scalar::I32(0), cv)
                        } else {
                            eval_bin(rel, cv, Scalar::I32(0))
                        };
                        let got = Evaluator::new(&p, &input).scalar(folded);
                        assert_eq!(got, expect, "{kind:?} {rel:?} flip={flip} a={a} b={b}");
                    }
                }
            }
        }
    }

    #[test]
    fn select_reads_through_constant_stores() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let zero = p.i32(0);
        let k = p.const_array(crate::symbolic::expr::ElemSort::I32, zero);
        let i1 = p.i32(1);
        let i2 = p.i32(2);
        let a = p.store(k, i1, x);
        let seven = p.i32(7);
        let a = p.store(a, i2, seven);
        assert_eq!(p.select(a, i1), x);
        assert_eq!(p.select(a, i2), seven);
        let input = vec![Scalar::I32(5)];
        let sel = p.select(a, x);
        assert_eq!(Evaluator::new(&p, &input).scalar(sel), Some(Scalar::I32(0)));
    }
}
