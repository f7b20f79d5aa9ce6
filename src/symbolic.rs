//! Symbolic expressions: a hash-consed pool of terms over the symbolic inputs, with exact JVM
//! semantics (ints and longs are 32/64-bit two's-complement bit-vectors, floats and doubles IEEE),
//! and a concrete evaluator used by the counterexample cache and to validate solver models.

pub mod eval;
pub mod expr;

pub use eval::{Assignment, Scalar};
pub use expr::{BinOp, ExprId, ExprPool, LayerDelta, Mark, Node, Remap, Sort, UnOp, VarId};
