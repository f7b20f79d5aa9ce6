//! The Z3 core: lowers pool terms to Z3 (Debian's libz3 4.8.12), checks conjunctions and, when
//! asked, extracts unsat cores through assumption literals.
//!
//! This module talks to the C API through `z3-sys` directly rather than the safe `z3` crate:
//! the safe API (0.22) has no signed-bit-vector→float conversion and no float-from-IEEE-bits
//! constructor, both of which exact JVM semantics need (`i2f`, `l2d`, constants such as NaN
//! payloads and -0.0). It and `runner.rs` (checks on a helper thread) are the only modules allowed to use `unsafe`; every call goes through a
//! reference-counted context (`Z3_mk_context_rc`) whose lifetime this struct owns, and every
//! AST it keeps is `inc_ref`'d once and released in `Drop`.
#![allow(unsafe_code)] // the one FFI module; see the module docs

use crate::symbolic::eval::zero_of;
use crate::symbolic::{BinOp, ExprId, ExprPool, Node, Scalar, Sort, UnOp, VarId};
use std::collections::HashMap;
use std::ffi::CString;
use z3_sys::*;

mod unsat_core;
pub use unsat_core::MINIMIZE_UP_TO;

/// The verdict of one Z3 check.
pub enum Z3Answer {
    /// Satisfiable, with values for the requested variables.
    Sat(Vec<(VarId, Scalar)>),
    /// Unsatisfiable, with a core when one was asked for and found: positions in the checked
    /// assertions whose conjunction is unsatisfiable by itself (not necessarily minimal).
    Unsat(Option<Vec<usize>>),
    /// Z3 gave up (timeout, incompleteness); the reason text.
    Unknown(String),
}

/// A Z3 context with a translation cache from pool terms to Z3 ASTs.
pub struct Z3Core {
    ctx: Z3_context,
    solver: Z3_solver,
    cache: HashMap<ExprId, Z3_ast>,
    vars: HashMap<VarId, Z3_ast>,
    rne: Z3_ast,
    rtz: Z3_ast,
    timeout_ms: u32,
    /// The helper thread for checks with a hard deadline (started on first use).
    runner: Option<super::runner::CheckRunner>,
    /// A check was abandoned: the helper thread may still use the context.
    abandoned: bool,
    /// Assumption literals for unsat cores, one per assertion position (made on first use).
    core_lits: Vec<Z3_ast>,
}

// SAFETY: a `Z3Core` owns its context exclusively: no AST, solver or context pointer leaves it,
// and nothing else refers to the context (the helper thread of `runner.rs` uses it only while
// the owner waits, or after the core has been abandoned and leaked). Z3 contexts are not tied to
// the thread that created them; what Z3 forbids is concurrent use of one context, which `&mut`
// access rules out. So the core may move to another thread.
unsafe impl Send for Z3Core {}

unsafe extern "C" fn ignore_errors(_c: Z3_context, _e: Z3_error_code) {}

/// An error while lowering a term (an internal Z3 failure).
#[derive(Debug, thiserror::Error)]
#[error("z3 failed while building a term: {0}")]
pub struct LowerError(pub String);

type R<T> = Result<T, LowerError>;

impl Z3Core {
    /// A fresh context with the given per-query timeout (0 = none).
    pub fn new(timeout_ms: u32) -> Option<Self> {
        unsafe {
            let cfg = Z3_mk_config()?;
            let ctx = Z3_mk_context_rc(cfg);
            Z3_del_config(cfg);
            let ctx = ctx?;
            Z3_set_error_handler(ctx, Some(ignore_errors));
            let solver = Z3_mk_simple_solver(ctx)?;
            Z3_solver_inc_ref(ctx, solver);
            let rne = Z3_mk_fpa_rne(ctx)?;
            Z3_inc_ref(ctx, rne);
            let rtz = Z3_mk_fpa_rtz(ctx)?;
            Z3_inc_ref(ctx, rtz);
            let mut core = Z3Core {
                ctx,
                solver,
                cache: HashMap::new(),
                vars: HashMap::new(),
                rne,
                rtz,
                timeout_ms,
                runner: None,
                abandoned: false,
                core_lits: Vec::new(),
            };
            core.apply_timeout();
            Some(core)
        }
    }

    /// Sets the per-query timeout in milliseconds (0 = none) for the following checks.
    pub fn set_timeout(&mut self, timeout_ms: u32) {
        if timeout_ms != self.timeout_ms {
            self.timeout_ms = timeout_ms;
            self.apply_timeout();
        }
    }

    fn apply_timeout(&mut self) {
        // Z3 reads 0 as "no timeout"; u32::MAX is as good as none.
        let ms = if self.timeout_ms == 0 { u32::MAX } else { self.timeout_ms };
        unsafe {
            let Some(p) = Z3_mk_params(self.ctx) else { return };
            Z3_params_inc_ref(self.ctx, p);
            let key = CString::new("timeout").unwrap_or_default();
            // Z3 otherwise swaps in its own SIGINT handler around every check, and a Ctrl-C
            // that lands inside a query only cancels that query: the run would go on and
            // never see the signal (`budget` owns SIGINT for the whole process).
            let ctrl_c = CString::new("ctrl_c").unwrap_or_default();
            if let (Some(sym), Some(ctrl_c)) = (
                Z3_mk_string_symbol(self.ctx, key.as_ptr()),
                Z3_mk_string_symbol(self.ctx, ctrl_c.as_ptr()),
            ) {
                Z3_params_set_uint(self.ctx, p, sym, ms);
                Z3_params_set_bool(self.ctx, p, ctrl_c, false);
                Z3_solver_set_params(self.ctx, self.solver, p);
            }
            Z3_params_dec_ref(self.ctx, p);
        }
    }

    /// Number of cached translated terms (drives context recycling).
    pub fn cached_terms(&self) -> usize {
        self.cache.len()
    }

    fn keep(&self, a: Option<Z3_ast>) -> R<Z3_ast> {
        let a = a.ok_or_else(|| LowerError(self.last_error()))?;
        unsafe { Z3_inc_ref(self.ctx, a) };
        Ok(a)
    }

    fn last_error(&self) -> String {
        unsafe {
            let code = Z3_get_error_code(self.ctx);
            let msg = Z3_get_error_msg(self.ctx, code);
            if msg.is_null() {
                "unknown error".into()
            } else {
                std::ffi::CStr::from_ptr(msg).to_string_lossy().into_owned()
            }
        }
    }

    fn sort(&self, s: Sort) -> R<Z3_sort> {
        unsafe {
            let r = match s {
                Sort::Bool => Z3_mk_bool_sort(self.ctx),
                Sort::I32 => Z3_mk_bv_sort(self.ctx, 32),
                Sort::I64 => Z3_mk_bv_sort(self.ctx, 64),
                Sort::F32 => Z3_mk_fpa_sort_32(self.ctx),
                Sort::F64 => Z3_mk_fpa_sort_64(self.ctx),
                Sort::Array(es) => {
                    let d = Z3_mk_bv_sort(self.ctx, 32).ok_or_else(|| LowerError(self.last_error()))?;
                    let r = self.sort(es.sort())?;
                    Z3_mk_array_sort(self.ctx, d, r)
                }
            };
            r.ok_or_else(|| LowerError(self.last_error()))
        }
    }

    fn var(&mut self, pool: &ExprPool, v: VarId, s: Sort) -> R<Z3_ast> {
        if let Some(a) = self.vars.get(&v) {
            return Ok(*a);
        }
        let name = CString::new(format!("v{v}_{}", pool.var_name(v))).unwrap_or_default();
        let a = unsafe {
            let sym = Z3_mk_string_symbol(self.ctx, name.as_ptr()).ok_or_else(|| LowerError(self.last_error()))?;
            let so = self.sort(s)?;
            self.keep(Z3_mk_const(self.ctx, sym, so))?
        };
        self.vars.insert(v, a);
        Ok(a)
    }

    fn bits(&self, bits: u64, width: u32) -> R<Z3_ast> {
        unsafe {
            let s = Z3_mk_bv_sort(self.ctx, width).ok_or_else(|| LowerError(self.last_error()))?;
            self.keep(Z3_mk_unsigned_int64(self.ctx, bits, s))
        }
    }

    /// Lowers a term (memoised).
    pub fn lower(&mut self, pool: &ExprPool, e: ExprId) -> R<Z3_ast> {
        if let Some(a) = self.cache.get(&e) {
            return Ok(*a);
        }
        // Children first, without recursion: `lower_node` then finds every child in the cache.
        // A new node over translated subterms (the common case) needs no traversal.
        let order = if pool.children(e).iter().flatten().all(|c| self.cache.contains_key(c)) {
            vec![e]
        } else {
            pool.post_order(e, |c| self.cache.contains_key(&c))
        };
        for n in order {
            let a = self.lower_node(pool, n)?;
            self.cache.insert(n, a);
        }
        self.cache.get(&e).copied().ok_or_else(|| LowerError("term not lowered".into()))
    }

    fn lower_node(&mut self, pool: &ExprPool, e: ExprId) -> R<Z3_ast> {
        let c = self.ctx;
        let node = pool.node(e).clone();
        unsafe {
            match node {
                Node::Var(v, s) => {
                    let a = self.var(pool, v, s)?;
                    Z3_inc_ref(c, a);
                    Ok(a)
                }
                Node::Bool(b) => self.keep(if b { Z3_mk_true(c) } else { Z3_mk_false(c) }),
                Node::I32(v) => self.bits(v as u32 as u64, 32),
                Node::I64(v) => self.bits(v as u64, 64),
                Node::F32(b) => {
                    let bv = self.bits(b as u64, 32)?;
                    let s = self.sort(Sort::F32)?;
                    let r = self.keep(Z3_mk_fpa_to_fp_bv(c, bv, s));
                    Z3_dec_ref(c, bv);
                    r
                }
                Node::F64(b) => {
                    let bv = self.bits(b, 64)?;
                    let s = self.sort(Sort::F64)?;
                    let r = self.keep(Z3_mk_fpa_to_fp_bv(c, bv, s));
                    Z3_dec_ref(c, bv);
                    r
                }
                Node::Un(op, x) => {
                    let xs = pool.sort(x);
                    let a = self.lower(pool, x)?;
                    self.lower_un(op, a, xs)
                }
                Node::Bin(op, x, y) => {
                    let xs = pool.sort(x);
                    let a = self.lower(pool, x)?;
                    let b = self.lower(pool, y)?;
                    self.lower_bin(op, a, b, xs)
                }
                Node::Ite(x, y, z) => {
                    let a = self.lower(pool, x)?;
                    let b = self.lower(pool, y)?;
                    let d = self.lower(pool, z)?;
                    self.keep(Z3_mk_ite(c, a, b, d))
                }
                Node::ConstArray(es, d) => {
                    let dv = self.lower(pool, d)?;
                    let dom = self.sort(Sort::I32)?;
                    let _ = es;
                    self.keep(Z3_mk_const_array(c, dom, dv))
                }
                Node::Select(a, i) => {
                    let av = self.lower(pool, a)?;
                    let iv = self.lower(pool, i)?;
                    self.keep(Z3_mk_select(c, av, iv))
                }
                Node::Store(a, i, v) => {
                    let av = self.lower(pool, a)?;
                    let iv = self.lower(pool, i)?;
                    let vv = self.lower(pool, v)?;
                    self.keep(Z3_mk_store(c, av, iv, vv))
                }
            }
        }
    }

    /// Builds a temporary AST: the result is ref-counted; callers release intermediates.
    unsafe fn tmp(&self, a: Option<Z3_ast>) -> R<Z3_ast> {
        self.keep(a)
    }

    unsafe fn release(&self, xs: &[Z3_ast]) {
        for x in xs {
            unsafe { Z3_dec_ref(self.ctx, *x) };
        }
    }

    /// JVM float→int conversion: NaN → 0, saturate, otherwise round toward zero.
    unsafe fn fp_to_int(&self, a: Z3_ast, width: u32) -> R<Z3_ast> {
        let c = self.ctx;
        unsafe {
            let conv = self.tmp(Z3_mk_fpa_to_sbv(c, self.rtz, a, width))?;
            let is_nan = self.tmp(Z3_mk_fpa_is_nan(c, a))?;
            let zero = self.bits(0, width)?;
            let (minv, maxv) = if width == 32 {
                (i32::MIN as i64, i32::MAX as i64)
            } else {
                (i64::MIN, i64::MAX)
            };
            let min = self.bits(minv as u64, width)?;
            let max = self.bits(maxv as u64, width)?;
            // Bounds as floats of the operand's own sort: -2^(w-1) is exact; values >= 2^(w-1) saturate.
            let s = Z3_get_sort(c, a).ok_or_else(|| LowerError(self.last_error()))?;
            let two_pow = if width == 32 { 2147483648.0f64 } else { 9223372036854775808.0f64 };
            let hi = self.tmp(Z3_mk_fpa_numeral_double(c, two_pow, s))?;
            let lo = self.tmp(Z3_mk_fpa_numeral_double(c, -two_pow, s))?;
            let ge_hi = self.tmp(Z3_mk_fpa_geq(c, a, hi))?;
            let le_lo = self.tmp(Z3_mk_fpa_leq(c, a, lo))?;
            let i1 = self.tmp(Z3_mk_ite(c, le_lo, min, conv))?;
            let i2 = self.tmp(Z3_mk_ite(c, ge_hi, max, i1))?;
            let r = self.tmp(Z3_mk_ite(c, is_nan, zero, i2))?;
            self.release(&[conv, is_nan, zero, min, max, hi, lo, ge_hi, le_lo, i1, i2]);
            Ok(r)
        }
    }

    fn lower_un(&mut self, op: UnOp, a: Z3_ast, xs: Sort) -> R<Z3_ast> {
        let c = self.ctx;
        unsafe {
            match op {
                UnOp::Neg => match xs {
                    Sort::F32 | Sort::F64 => self.keep(Z3_mk_fpa_neg(c, a)),
                    _ => self.keep(Z3_mk_bvneg(c, a)),
                },
                UnOp::Not => self.keep(Z3_mk_not(c, a)),
                UnOp::I2L => self.keep(Z3_mk_sign_ext(c, 32, a)),
                UnOp::L2I => self.keep(Z3_mk_extract(c, 31, 0, a)),
                UnOp::I2B | UnOp::I2S | UnOp::I2C => {
                    let hi = if op == UnOp::I2B { 7 } else { 15 };
                    let ex = self.tmp(Z3_mk_extract(c, hi, 0, a))?;
                    let r = if op == UnOp::I2C {
                        self.keep(Z3_mk_zero_ext(c, 31 - hi, ex))
                    } else {
                        self.keep(Z3_mk_sign_ext(c, 31 - hi, ex))
                    };
                    self.release(&[ex]);
                    r
                }
                UnOp::I2F | UnOp::L2F => {
                    let s = self.sort(Sort::F32)?;
                    self.keep(Z3_mk_fpa_to_fp_signed(c, self.rne, a, s))
                }
                UnOp::I2D | UnOp::L2D => {
                    let s = self.sort(Sort::F64)?;
                    self.keep(Z3_mk_fpa_to_fp_signed(c, self.rne, a, s))
                }
                UnOp::F2D | UnOp::D2F => {
                    let s = self.sort(if op == UnOp::F2D { Sort::F64 } else { Sort::F32 })?;
                    self.keep(Z3_mk_fpa_to_fp_float(c, self.rne, a, s))
                }
                UnOp::F2I | UnOp::D2I => self.fp_to_int(a, 32),
                UnOp::F2L | UnOp::D2L => self.fp_to_int(a, 64),
                UnOp::BoolToInt => {
                    let one = self.bits(1, 32)?;
                    let zero = self.bits(0, 32)?;
                    let r = self.keep(Z3_mk_ite(c, a, one, zero));
                    self.release(&[one, zero]);
                    r
                }
                UnOp::IsNaN => self.keep(Z3_mk_fpa_is_nan(c, a)),
            }
        }
    }

    fn lower_bin(&mut self, op: BinOp, a: Z3_ast, b: Z3_ast, xs: Sort) -> R<Z3_ast> {
        let c = self.ctx;
        let is_fp = matches!(xs, Sort::F32 | Sort::F64);
        let width = if xs == Sort::I64 { 64 } else { 32 };
        unsafe {
            if is_fp {
                return match op {
                    BinOp::Add => self.keep(Z3_mk_fpa_add(c, self.rne, a, b)),
                    BinOp::Sub => self.keep(Z3_mk_fpa_sub(c, self.rne, a, b)),
                    BinOp::Mul => self.keep(Z3_mk_fpa_mul(c, self.rne, a, b)),
                    BinOp::Div => self.keep(Z3_mk_fpa_div(c, self.rne, a, b)),
                    BinOp::Rem => self.java_fmod(a, b),
                    BinOp::Eq => self.keep(Z3_mk_fpa_eq(c, a, b)),
                    BinOp::Ne => {
                        let e = self.tmp(Z3_mk_fpa_eq(c, a, b))?;
                        let r = self.keep(Z3_mk_not(c, e));
                        self.release(&[e]);
                        r
                    }
                    BinOp::Lt => self.keep(Z3_mk_fpa_lt(c, a, b)),
                    BinOp::Le => self.keep(Z3_mk_fpa_leq(c, a, b)),
                    BinOp::CmpL | BinOp::CmpG | BinOp::Cmp => {
                        let lt = self.tmp(Z3_mk_fpa_lt(c, a, b))?;
                        let gt = self.tmp(Z3_mk_fpa_gt(c, a, b))?;
                        let eq = self.tmp(Z3_mk_fpa_eq(c, a, b))?;
                        let m1 = self.bits(u32::MAX as u64, 32)?;
                        let p1 = self.bits(1, 32)?;
                        let z = self.bits(0, 32)?;
                        let nan = if op == BinOp::CmpG { p1 } else { m1 };
                        let i1 = self.tmp(Z3_mk_ite(c, eq, z, nan))?;
                        let i2 = self.tmp(Z3_mk_ite(c, gt, p1, i1))?;
                        let r = self.keep(Z3_mk_ite(c, lt, m1, i2));
                        self.release(&[lt, gt, eq, m1, p1, z, i1, i2]);
                        r
                    }
                    _ => Err(LowerError(format!("operator {op:?} on floating point"))),
                };
            }
            if xs == Sort::Bool {
                return match op {
                    BinOp::And => self.keep(Z3_mk_and(c, 2, [a, b].as_ptr())),
                    BinOp::Or => self.keep(Z3_mk_or(c, 2, [a, b].as_ptr())),
                    BinOp::Xor => self.keep(Z3_mk_xor(c, a, b)),
                    BinOp::Eq => self.keep(Z3_mk_eq(c, a, b)),
                    BinOp::Ne => {
                        let e = self.tmp(Z3_mk_eq(c, a, b))?;
                        let r = self.keep(Z3_mk_not(c, e));
                        self.release(&[e]);
                        r
                    }
                    _ => Err(LowerError(format!("operator {op:?} on booleans"))),
                };
            }
            match op {
                BinOp::Add => self.keep(Z3_mk_bvadd(c, a, b)),
                BinOp::Sub => self.keep(Z3_mk_bvsub(c, a, b)),
                BinOp::Mul => self.keep(Z3_mk_bvmul(c, a, b)),
                BinOp::Div => self.keep(Z3_mk_bvsdiv(c, a, b)),
                BinOp::Rem => self.keep(Z3_mk_bvsrem(c, a, b)),
                BinOp::And => self.keep(Z3_mk_bvand(c, a, b)),
                BinOp::Or => self.keep(Z3_mk_bvor(c, a, b)),
                BinOp::Xor => self.keep(Z3_mk_bvxor(c, a, b)),
                BinOp::Shl | BinOp::Shr | BinOp::Ushr => {
                    // The amount is an int; mask it and widen to the operand's width.
                    let mask = self.bits(if width == 64 { 63 } else { 31 }, 32)?;
                    let m = self.tmp(Z3_mk_bvand(c, b, mask))?;
                    let amt = if width == 64 { self.tmp(Z3_mk_zero_ext(c, 32, m))? } else { m };
                    let r = match op {
                        BinOp::Shl => self.keep(Z3_mk_bvshl(c, a, amt)),
                        BinOp::Shr => self.keep(Z3_mk_bvashr(c, a, amt)),
                        _ => self.keep(Z3_mk_bvlshr(c, a, amt)),
                    };
                    if width == 64 {
                        self.release(&[amt]);
                    }
                    self.release(&[mask, m]);
                    r
                }
                BinOp::Eq => self.keep(Z3_mk_eq(c, a, b)),
                BinOp::Ne => {
                    let e = self.tmp(Z3_mk_eq(c, a, b))?;
                    let r = self.keep(Z3_mk_not(c, e));
                    self.release(&[e]);
                    r
                }
                BinOp::Lt => self.keep(Z3_mk_bvslt(c, a, b)),
                BinOp::Le => self.keep(Z3_mk_bvsle(c, a, b)),
                BinOp::ULt => self.keep(Z3_mk_bvult(c, a, b)),
                BinOp::Cmp | BinOp::CmpL | BinOp::CmpG => {
                    let lt = self.tmp(Z3_mk_bvslt(c, a, b))?;
                    let gt = self.tmp(Z3_mk_bvsgt(c, a, b))?;
                    let m1 = self.bits(u32::MAX as u64, 32)?;
                    let p1 = self.bits(1, 32)?;
                    let z = self.bits(0, 32)?;
                    let i1 = self.tmp(Z3_mk_ite(c, gt, p1, z))?;
                    let r = self.keep(Z3_mk_ite(c, lt, m1, i1));
                    self.release(&[lt, gt, m1, p1, z, i1]);
                    r
                }
            }
        }
    }

    /// Java's floating `%` (truncated remainder) from IEEE remainder: where the IEEE result's sign
    /// differs from the dividend's and it is not zero, move it by |b| toward the dividend's sign.
    unsafe fn java_fmod(&self, a: Z3_ast, b: Z3_ast) -> R<Z3_ast> {
        let c = self.ctx;
        unsafe {
            let r = self.tmp(Z3_mk_fpa_rem(c, a, b))?;
            let absb = self.tmp(Z3_mk_fpa_abs(c, b))?;
            let rneg = self.tmp(Z3_mk_fpa_is_negative(c, r))?;
            let aneg = self.tmp(Z3_mk_fpa_is_negative(c, a))?;
            let rzero = self.tmp(Z3_mk_fpa_is_zero(c, r))?;
            let differ = self.tmp(Z3_mk_xor(c, rneg, aneg))?;
            let nz = self.tmp(Z3_mk_not(c, rzero))?;
            let fix = self.tmp(Z3_mk_and(c, 2, [differ, nz].as_ptr()))?;
            let plus = self.tmp(Z3_mk_fpa_add(c, self.rne, r, absb))?;
            let minus = self.tmp(Z3_mk_fpa_sub(c, self.rne, r, absb))?;
            let adj = self.tmp(Z3_mk_ite(c, aneg, minus, plus))?;
            let out = self.keep(Z3_mk_ite(c, fix, adj, r));
            self.release(&[r, absb, rneg, aneg, rzero, differ, nz, fix, plus, minus, adj]);
            out
        }
    }

    /// True once a check was abandoned at its hard deadline: the context must not be used or
    /// freed again (the solver leaks this core).
    pub fn abandoned(&self) -> bool {
        self.abandoned
    }

    /// Checks the conjunction of `assertions` and reads the values of `want` on SAT; on UNSAT
    /// with `core` (which marks the background assertions), checks again under one assumption
    /// literal per assertion for an unsat core (the first check stays a plain one, so models do
    /// not depend on whether cores are asked for). With a `hard_deadline`, a check still running then is interrupted and, if it does
    /// not stop, abandoned (answer unknown, [`Z3Core::abandoned`] set).
    pub fn check(
        &mut self,
        pool: &ExprPool,
        assertions: &[ExprId],
        want: &[VarId],
        hard_deadline: Option<std::time::Instant>,
        core: Option<&[bool]>,
    ) -> R<Z3Answer> {
        let past = |i: usize| i % 1024 == 1023 && hard_deadline.is_some_and(|d| std::time::Instant::now() >= d);
        let mut lowered = Vec::with_capacity(assertions.len());
        for (i, &a) in assertions.iter().enumerate() {
            if past(i) {
                return Ok(Z3Answer::Unknown("the run's deadline passed while building the query".into()));
            }
            lowered.push(self.lower(pool, a)?);
        }
        let c = self.ctx;
        unsafe {
            Z3_solver_push(c, self.solver);
            for (i, a) in lowered.iter().enumerate() {
                if past(i) {
                    Z3_solver_pop(c, self.solver, 1);
                    return Ok(Z3Answer::Unknown("the run's deadline passed while building the query".into()));
                }
                Z3_solver_assert(c, self.solver, *a);
            }
            let Some(res) = self.run_check(&[], hard_deadline) else {
                return Ok(Z3Answer::Unknown("abandoned at the run's deadline".into()));
            };
            let answer = if res == Z3_L_TRUE {
                let mut vals = Vec::with_capacity(want.len());
                if let Some(m) = Z3_solver_get_model(c, self.solver) {
                    Z3_model_inc_ref(c, m);
                    for &v in want {
                        let s = pool.var_sort(v);
                        let var = self.var(pool, v, s)?;
                        vals.push((v, self.read_value(m, var, s)));
                    }
                    Z3_model_dec_ref(c, m);
                }
                Z3Answer::Sat(vals)
            } else if res == Z3_L_FALSE {
                Z3Answer::Unsat(None)
            } else {
                let why = Z3_solver_get_reason_unknown(c, self.solver);
                let why = if why.is_null() {
                    "unknown".into()
                } else {
                    std::ffi::CStr::from_ptr(why).to_string_lossy().into_owned()
                };
                Z3Answer::Unknown(why)
            };
            Z3_solver_pop(c, self.solver, 1);
            if let Some(background) = core
                && matches!(answer, Z3Answer::Unsat(_))
            {
                return Ok(Z3Answer::Unsat(self.unsat_core(&lowered, background, hard_deadline)?));
            }
            Ok(answer)
        }
    }

    /// Runs the check (under `assumptions`), on the helper thread when there is a hard
    /// deadline. `None` when the check was abandoned.
    unsafe fn run_check(&mut self, assumptions: &[Z3_ast], hard_deadline: Option<std::time::Instant>) -> Option<Z3_lbool> {
        let (c, s) = (self.ctx, self.solver);
        // A stop signal interrupts the check (the answer is then unknown, and the explorer
        // finds the signal when it polls the budget).
        let Some(_checking) = super::runner::Checking::enter(c) else {
            return Some(Z3_L_UNDEF);
        };
        let direct = || unsafe {
            if assumptions.is_empty() {
                Z3_solver_check(c, s)
            } else {
                Z3_solver_check_assumptions(c, s, assumptions.len() as u32, assumptions.as_ptr())
            }
        };
        let Some(until) = hard_deadline else { return Some(direct()) };
        if self.runner.is_none() {
            self.runner = super::runner::CheckRunner::new();
        }
        let Some(r) = &self.runner else { return Some(direct()) };
        match unsafe { r.check(c, s, assumptions, until) } {
            super::runner::Checked::Answer(a) => Some(a),
            super::runner::Checked::Abandoned => {
                self.abandoned = true;
                None
            }
        }
    }

    unsafe fn read_value(&self, m: Z3_model, var: Z3_ast, s: Sort) -> Scalar {
        let c = self.ctx;
        unsafe {
            let mut out: Option<Z3_ast> = None;
            let ok = Z3_model_eval(c, m, var, true, &mut out as *mut Option<Z3_ast> as *mut _);
            let Some(v) = out.filter(|_| ok) else { return zero_of(s) };
            Z3_inc_ref(c, v);
            let r = match s {
                Sort::Bool => Some(Scalar::Bool(Z3_get_bool_value(c, v) == Z3_L_TRUE)),
                Sort::I32 | Sort::I64 => {
                    let mut bits: u64 = 0;
                    Z3_get_numeral_uint64(c, v, &mut bits).then(|| {
                        if s == Sort::I32 {
                            Scalar::I32(bits as u32 as i32)
                        } else {
                            Scalar::I64(bits as i64)
                        }
                    })
                }
                Sort::F32 | Sort::F64 => self.fp_numeral(v, s == Sort::F64),
                Sort::Array(_) => None,
            };
            Z3_dec_ref(c, v);
            r.unwrap_or_else(|| zero_of(s))
        }
    }

    /// Reads an FP numeral exactly (NaN and infinities included) from its sign, biased exponent
    /// and significand.
    unsafe fn fp_numeral(&self, v: Z3_ast, double: bool) -> Option<Scalar> {
        let c = self.ctx;
        unsafe {
            if Z3_fpa_is_numeral_nan(c, v) {
                return Some(if double { Scalar::F64(f64::NAN) } else { Scalar::F32(f32::NAN) });
            }
            // Z3 4.8's C API writes an `int` through this pointer (z3-sys declares `*mut bool`):
            // give it four zeroed bytes, so neither width corrupts the stack.
            let mut sign: i32 = 0;
            if !Z3_fpa_get_numeral_sign(c, v, &mut sign as *mut i32 as *mut bool) {
                return None;
            }
            let neg = sign != 0;
            if Z3_fpa_is_numeral_inf(c, v) {
                return Some(match (double, neg) {
                    (true, false) => Scalar::F64(f64::INFINITY),
                    (true, true) => Scalar::F64(f64::NEG_INFINITY),
                    (false, false) => Scalar::F32(f32::INFINITY),
                    (false, true) => Scalar::F32(f32::NEG_INFINITY),
                });
            }
            let mut sig: u64 = 0;
            let mut exp: i64 = 0;
            if !Z3_fpa_get_numeral_significand_uint64(c, v, &mut sig) || !Z3_fpa_get_numeral_exponent_int64(c, v, &mut exp, true) {
                return None;
            }
            Some(if double {
                let bits = ((neg as u64) << 63) | (((exp as u64) & 0x7ff) << 52) | (sig & ((1u64 << 52) - 1));
                Scalar::F64(f64::from_bits(bits))
            } else {
                let bits = ((neg as u32) << 31) | (((exp as u32) & 0xff) << 23) | ((sig as u32) & ((1u32 << 23) - 1));
                Scalar::F32(f32::from_bits(bits))
            })
        }
    }
}

impl Drop for Z3Core {
    fn drop(&mut self) {
        if self.abandoned {
            // The helper thread may still be inside Z3 with this context: leave it alone.
            return;
        }
        unsafe {
            for a in self.cache.values() {
                Z3_dec_ref(self.ctx, *a);
            }
            for a in self.vars.values() {
                Z3_dec_ref(self.ctx, *a);
            }
            for a in &self.core_lits {
                Z3_dec_ref(self.ctx, *a);
            }
            Z3_dec_ref(self.ctx, self.rne);
            Z3_dec_ref(self.ctx, self.rtz);
            Z3_solver_dec_ref(self.ctx, self.solver);
            Z3_del_context(self.ctx);
        }
    }
}
