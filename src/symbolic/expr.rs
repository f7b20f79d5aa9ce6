//! The hash-consed expression pool.
//!
//! Every term is interned once; an [`ExprId`] is a structural identity, so equal ids mean equal
//! terms and sets of ids are valid cache keys. Builders fold constants and apply a few cheap
//! rewrites (boolean negation of comparisons, `select` over `store` with constant indices) so that
//! concrete-index array traffic and negated branch conditions stay small.
//!
//! A pool may be a *layer* over a frozen base pool ([`ExprPool::layer`]): it reads the base's
//! terms and variables, adds its own after them, and is merged back into the base's owner with
//! a deterministic renumbering ([`ExprPool::merge`], module `layer`), so that several runs of one
//! exploration can build terms at once.

mod layer;

pub use layer::{LayerDelta, Mark, Remap};
use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::Arc;

/// Identity of an interned term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct ExprId(NonZeroU32);

impl ExprId {
    /// Position of the term in the pool.
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// Index of a symbolic input variable.
pub type VarId = u32;

/// Sort (type) of a term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Sort {
    /// Boolean.
    Bool,
    /// 32-bit bit-vector (int, and the JVM's boolean/byte/char/short).
    I32,
    /// 64-bit bit-vector (long).
    I64,
    /// IEEE single.
    F32,
    /// IEEE double.
    F64,
    /// Array from I32 index to the given element sort.
    Array(ElemSort),
}

/// Element sort of a symbolic array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ElemSort {
    /// int-like elements.
    I32,
    /// long elements.
    I64,
    /// float elements.
    F32,
    /// double elements.
    F64,
}

impl ElemSort {
    /// The scalar sort of an element.
    pub fn sort(self) -> Sort {
        match self {
            ElemSort::I32 => Sort::I32,
            ElemSort::I64 => Sort::I64,
            ElemSort::F32 => Sort::F32,
            ElemSort::F64 => Sort::F64,
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum UnOp {
    /// Arithmetic negation (two's complement or IEEE).
    Neg,
    /// Boolean not.
    Not,
    /// int → long (sign extension).
    I2L,
    /// long → int (truncation).
    L2I,
    /// int → byte → int.
    I2B,
    /// int → char → int (zero extension of the low 16 bits).
    I2C,
    /// int → short → int.
    I2S,
    /// int → float (round to nearest even).
    I2F,
    /// int → double (exact).
    I2D,
    /// long → float.
    L2F,
    /// long → double.
    L2D,
    /// float → int (JVM: NaN → 0, saturating, toward zero).
    F2I,
    /// float → long.
    F2L,
    /// float → double.
    F2D,
    /// double → int.
    D2I,
    /// double → long.
    D2L,
    /// double → float.
    D2F,
    /// 1 if the boolean holds, else 0 (as I32).
    BoolToInt,
    /// IEEE "is NaN" (Bool).
    IsNaN,
}

/// Binary operators. Integer ops apply to I32 or I64 operands; float ops to F32 or F64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BinOp {
    /// Wrapping add (or IEEE add).
    Add,
    /// Wrapping sub (or IEEE sub).
    Sub,
    /// Wrapping mul (or IEEE mul).
    Mul,
    /// Signed division toward zero (caller guarantees a non-zero divisor), or IEEE div.
    Div,
    /// Signed remainder (sign of the dividend), or Java's floating `%` (fmod).
    Rem,
    /// Shift left; the amount is masked to 5/6 bits (JVM semantics), I32 amount for both widths.
    Shl,
    /// Arithmetic shift right, amount masked.
    Shr,
    /// Logical shift right, amount masked.
    Ushr,
    /// Bitwise and (or boolean and).
    And,
    /// Bitwise or (or boolean or).
    Or,
    /// Bitwise xor.
    Xor,
    /// Equality (IEEE equality for floats: NaN ≠ NaN, -0 = +0).
    Eq,
    /// Disequality (IEEE: true when either is NaN).
    Ne,
    /// Signed / IEEE less-than.
    Lt,
    /// Signed / IEEE less-or-equal.
    Le,
    /// Unsigned less-than (I32), used for array bound checks.
    ULt,
    /// JVM `lcmp`: -1, 0 or 1 as I32.
    Cmp,
    /// JVM `fcmpl`/`dcmpl`: NaN gives -1.
    CmpL,
    /// JVM `fcmpg`/`dcmpg`: NaN gives 1.
    CmpG,
}

/// A term.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Node {
    /// Symbolic input variable.
    Var(VarId, Sort),
    /// Boolean constant.
    Bool(bool),
    /// int constant.
    I32(i32),
    /// long constant.
    I64(i64),
    /// float constant, by bits.
    F32(u32),
    /// double constant, by bits.
    F64(u64),
    /// Unary operation.
    Un(UnOp, ExprId),
    /// Binary operation.
    Bin(BinOp, ExprId, ExprId),
    /// If-then-else.
    Ite(ExprId, ExprId, ExprId),
    /// Constant array with the given default element.
    ConstArray(ElemSort, ExprId),
    /// Array read.
    Select(ExprId, ExprId),
    /// Array write.
    Store(ExprId, ExprId, ExprId),
}

/// The pool of interned terms. Serialisable: the index is rebuilt on load
/// ([`ExprPool::rebuild_index`]); only a pool that is not a layer serialises whole.
#[derive(Default, Clone, serde::Serialize, serde::Deserialize)]
pub struct ExprPool {
    /// This pool's own terms: the term with id `base_len + 1 + i` is `nodes[i]`.
    nodes: Vec<Node>,
    sorts: Vec<Sort>,
    #[serde(skip)]
    index: rustc_hash::FxHashMap<Node, ExprId>,
    /// Every variable, the base's included (a layer starts with a copy of its base's).
    var_names: Vec<String>,
    var_sorts: Vec<Sort>,
    /// Domain constraint per variable (set for variables created during runs).
    var_domains: Vec<Option<ExprId>>,
    /// The frozen pool this one is a layer over (its terms keep their ids here).
    #[serde(skip)]
    base: Option<Arc<ExprPool>>,
    /// Number of terms in `base` (0 without a base).
    #[serde(skip)]
    base_len: usize,
    /// Number of variables in `base` (0 without a base).
    #[serde(skip)]
    base_vars: usize,
}

impl ExprPool {
    /// An empty pool.
    pub fn new() -> Self {
        Self::default()
    }

    /// Restores the hash-consing index after deserialisation.
    pub fn rebuild_index(&mut self) {
        let first = self.base_len;
        self.index = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), Self::id_at(first + i)))
            .collect();
    }

    /// The id of the term at position `i` (0-based) in the pool.
    fn id_at(i: usize) -> ExprId {
        ExprId(NonZeroU32::new(i as u32 + 1).unwrap_or(NonZeroU32::MIN))
    }

    /// Number of interned terms (the base's included).
    pub fn len(&self) -> usize {
        self.base_len + self.nodes.len()
    }

    /// True when nothing was interned yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The term behind an id.
    pub fn node(&self, e: ExprId) -> &Node {
        match &self.base {
            Some(b) if e.index() < self.base_len => b.node(e),
            _ => &self.nodes[e.index() - self.base_len],
        }
    }

    /// The sort of a term.
    pub fn sort(&self, e: ExprId) -> Sort {
        match &self.base {
            Some(b) if e.index() < self.base_len => b.sort(e),
            _ => self.sorts[e.index() - self.base_len],
        }
    }

    /// The id of a term already interned here or in the base.
    fn find(&self, n: &Node) -> Option<ExprId> {
        if let Some(&id) = self.index.get(n) {
            return Some(id);
        }
        self.base.as_ref().and_then(|b| b.find(n))
    }

    /// Declares a new input variable and returns its term.
    pub fn new_var(&mut self, name: &str, sort: Sort) -> ExprId {
        let id = self.var_names.len() as VarId;
        self.var_names.push(name.to_string());
        self.var_sorts.push(sort);
        self.var_domains.push(None);
        self.intern(Node::Var(id, sort))
    }

    /// The variable with this name, if declared.
    pub fn var_named(&self, name: &str) -> Option<VarId> {
        self.var_names.iter().position(|n| n == name).map(|i| i as VarId)
    }

    /// Sets the domain constraint of a variable (conjoined into queries that mention it).
    pub fn set_var_domain(&mut self, v: VarId, c: ExprId) {
        if let Some(slot) = self.var_domains.get_mut(v as usize) {
            *slot = Some(c);
        }
    }

    /// The domain constraint of a variable.
    pub fn var_domain(&self, v: VarId) -> Option<ExprId> {
        self.var_domains.get(v as usize).copied().flatten()
    }

    /// Name of an input variable.
    pub fn var_name(&self, v: VarId) -> &str {
        &self.var_names[v as usize]
    }

    /// Sort of an input variable.
    pub fn var_sort(&self, v: VarId) -> Sort {
        self.var_sorts[v as usize]
    }

    /// Number of declared input variables.
    pub fn var_count(&self) -> usize {
        self.var_names.len()
    }

    fn sort_of_node(&self, n: &Node) -> Sort {
        match n {
            Node::Var(_, s) => *s,
            Node::Bool(_) => Sort::Bool,
            Node::I32(_) => Sort::I32,
            Node::I64(_) => Sort::I64,
            Node::F32(_) => Sort::F32,
            Node::F64(_) => Sort::F64,
            Node::Un(op, a) => match op {
                UnOp::Neg => self.sort(*a),
                UnOp::Not | UnOp::IsNaN => Sort::Bool,
                UnOp::I2L | UnOp::F2L | UnOp::D2L => Sort::I64,
                UnOp::L2I | UnOp::I2B | UnOp::I2C | UnOp::I2S | UnOp::F2I | UnOp::D2I | UnOp::BoolToInt => Sort::I32,
                UnOp::I2F | UnOp::L2F | UnOp::D2F => Sort::F32,
                UnOp::I2D | UnOp::L2D | UnOp::F2D => Sort::F64,
            },
            Node::Bin(op, a, _) => match op {
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::ULt => Sort::Bool,
                BinOp::Cmp | BinOp::CmpL | BinOp::CmpG => Sort::I32,
                _ => self.sort(*a),
            },
            Node::Ite(_, a, _) => self.sort(*a),
            Node::ConstArray(es, _) => Sort::Array(*es),
            Node::Select(a, _) => match self.sort(*a) {
                Sort::Array(es) => es.sort(),
                s => s,
            },
            Node::Store(a, _, _) => self.sort(*a),
        }
    }

    /// Interns a node as is (no simplification).
    pub fn intern(&mut self, n: Node) -> ExprId {
        if let Some(&id) = self.index.get(&n) {
            return id;
        }
        if let Some(id) = self.base.as_ref().and_then(|b| b.find(&n)) {
            return id;
        }
        let sort = self.sort_of_node(&n);
        let id = Self::id_at(self.len());
        self.nodes.push(n.clone());
        self.sorts.push(sort);
        self.index.insert(n, id);
        id
    }

    /// Boolean constant.
    pub fn bool(&mut self, b: bool) -> ExprId {
        self.intern(Node::Bool(b))
    }
    /// int constant.
    pub fn i32(&mut self, v: i32) -> ExprId {
        self.intern(Node::I32(v))
    }
    /// long constant.
    pub fn i64(&mut self, v: i64) -> ExprId {
        self.intern(Node::I64(v))
    }
    /// float constant.
    pub fn f32(&mut self, v: f32) -> ExprId {
        self.intern(Node::F32(v.to_bits()))
    }
    /// double constant.
    pub fn f64(&mut self, v: f64) -> ExprId {
        self.intern(Node::F64(v.to_bits()))
    }

    /// True when the term is a constant.
    pub fn is_const(&self, e: ExprId) -> bool {
        matches!(
            self.node(e),
            Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_)
        )
    }

    /// Unary operation with constant folding.
    pub fn un(&mut self, op: UnOp, a: ExprId) -> ExprId {
        if self.is_const(a) {
            let v = super::eval::eval_un(op, super::eval::const_value(self.node(a)));
            return self.scalar(v);
        }
        if op == UnOp::Not {
            match *self.node(a) {
                Node::Un(UnOp::Not, x) => return x,
                Node::Bin(BinOp::Eq, x, y) => return self.bin(BinOp::Ne, x, y),
                Node::Bin(BinOp::Ne, x, y) => return self.bin(BinOp::Eq, x, y),
                // Integer orders only: IEEE orders are not complements because of NaN.
                Node::Bin(BinOp::Lt, x, y) if self.is_int(x) => {
                    return self.bin(BinOp::Le, y, x);
                }
                Node::Bin(BinOp::Le, x, y) if self.is_int(x) => {
                    return self.bin(BinOp::Lt, y, x);
                }
                _ => {}
            }
        }
        self.intern(Node::Un(op, a))
    }

    fn is_int(&self, e: ExprId) -> bool {
        matches!(self.sort(e), Sort::I32 | Sort::I64)
    }

    /// Binary operation with constant folding.
    pub fn bin(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        if self.is_const(a) && self.is_const(b) {
            let va = super::eval::const_value(self.node(a));
            let vb = super::eval::const_value(self.node(b));
            if let Some(v) = super::eval::eval_bin(op, va, vb) {
                return self.scalar(v);
            }
        }
        // Linear chains `(x ± c1) ± c2` fold to `x ± c` (exact in two's complement), so a loop
        // that adds a constant to a symbolic value keeps a term of constant depth.
        if let Some(r) = self.fold_linear(op, a, b) {
            return r;
        }
        // Comparisons of a three-way compare against zero become direct comparisons.
        if matches!(op, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le)
            && let Some(r) = self.fold_cmp_zero(op, a, b)
        {
            return r;
        }
        self.intern(Node::Bin(op, a, b))
    }

    /// `(x + c1) + c2`, `(x + c1) - c2`, `(x - c1) + c2`, `(x - c1) - c2` on ints and longs, with
    /// constants c1, c2: one addition or subtraction of the combined constant.
    fn fold_linear(&mut self, op: BinOp, a: ExprId, b: ExprId) -> Option<ExprId> {
        if !matches!(op, BinOp::Add | BinOp::Sub) || !self.is_int(a) || !self.is_const(b) {
            return None;
        }
        let Node::Bin(inner, x, c1) = *self.node(a) else { return None };
        if !matches!(inner, BinOp::Add | BinOp::Sub) || !self.is_const(c1) {
            return None;
        }
        let v1 = super::eval::const_value(self.node(c1));
        let v2 = super::eval::const_value(self.node(b));
        // x inner c1 op c2 = x inner (c1 (op == inner ? + : -) c2)
        let combine = if op == inner { BinOp::Add } else { BinOp::Sub };
        let c = super::eval::eval_bin(combine, v1, v2)?;
        let c = self.scalar(c);
        Some(self.intern(Node::Bin(inner, x, c)))
    }

    /// Calls nothing recursively: returns the nodes reachable from `root` that `done` does not
    /// accept, children before parents, each once. Walkers over terms of any depth (a loop can
    /// grow a term by one node per iteration) compute their per-node results in this order,
    /// so that every child's result is ready when its parent's is computed.
    pub fn post_order(&self, root: ExprId, done: impl Fn(ExprId) -> bool) -> Vec<ExprId> {
        let mut out = Vec::new();
        if done(root) {
            return out;
        }
        let mut seen: rustc_hash::FxHashSet<ExprId> = Default::default();
        let mut stack: Vec<(ExprId, bool)> = vec![(root, false)];
        while let Some((e, expanded)) = stack.pop() {
            if expanded {
                out.push(e);
                continue;
            }
            if !seen.insert(e) {
                continue;
            }
            stack.push((e, true));
            for c in self.children(e).into_iter().rev().flatten() {
                if !seen.contains(&c) && !done(c) {
                    stack.push((c, false));
                }
            }
        }
        out
    }

    /// The direct subterms of a node, in order.
    pub fn children(&self, e: ExprId) -> [Option<ExprId>; 3] {
        match *self.node(e) {
            Node::Var(..) | Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => [None; 3],
            Node::Un(_, a) | Node::ConstArray(_, a) => [Some(a), None, None],
            Node::Bin(_, a, b) | Node::Select(a, b) => [Some(a), Some(b), None],
            Node::Ite(a, b, c) | Node::Store(a, b, c) => [Some(a), Some(b), Some(c)],
        }
    }

    /// `cmp(x,y) OP 0` or `0 OP cmp(x,y)` → a comparison of x and y with the JVM's NaN rule.
    fn fold_cmp_zero(&mut self, op: BinOp, a: ExprId, b: ExprId) -> Option<ExprId> {
        let zero = |p: &Self, e: ExprId| matches!(p.node(e), Node::I32(0));
        let (cmp, flipped) = if zero(self, b) {
            (a, false)
        } else if zero(self, a) {
            (b, true)
        } else {
            return None;
        };
        let Node::Bin(kind @ (BinOp::Cmp | BinOp::CmpL | BinOp::CmpG), x, y) = *self.node(cmp) else {
            return None;
        };
        // Normalise to "cmp REL 0" with REL in {Eq, Ne, Lt, Le, Gt, Ge}.
        #[derive(Clone, Copy, PartialEq)]
        enum Rel {
            Eq,
            Ne,
            Lt,
            Le,
            Gt,
            Ge,
        }
        let rel = match (op, flipped) {
            (BinOp::Eq, _) => Rel::Eq,
            (BinOp::Ne, _) => Rel::Ne,
            (BinOp::Lt, false) => Rel::Lt,
            (BinOp::Le, false) => Rel::Le,
            (BinOp::Lt, true) => Rel::Gt,
            (BinOp::Le, true) => Rel::Ge,
            _ => return None,
        };
        let nan_value_is_neg = kind == BinOp::CmpL; // CmpG: NaN → +1; Cmp: ints, no NaN.
        let ordered = match rel {
            Rel::Eq => self.bin(BinOp::Eq, x, y),
            Rel::Ne => self.bin(BinOp::Ne, x, y),
            Rel::Lt => self.bin(BinOp::Lt, x, y),
            Rel::Le => self.bin(BinOp::Le, x, y),
            Rel::Gt => self.bin(BinOp::Lt, y, x),
            Rel::Ge => self.bin(BinOp::Le, y, x),
        };
        if kind == BinOp::Cmp {
            return Some(ordered);
        }
        // With NaN the result is -1 (CmpL) or +1 (CmpG); add the NaN case where it satisfies REL.
        let nan_satisfies = match rel {
            Rel::Eq => false,
            Rel::Ne => true, // already covered by IEEE Ne, but harmless
            Rel::Lt | Rel::Le => nan_value_is_neg,
            Rel::Gt | Rel::Ge => !nan_value_is_neg,
        };
        if !nan_satisfies || rel == Rel::Ne {
            return Some(ordered);
        }
        let nx = self.un(UnOp::IsNaN, x);
        let ny = self.un(UnOp::IsNaN, y);
        let any_nan = self.bin(BinOp::Or, nx, ny);
        Some(self.bin(BinOp::Or, ordered, any_nan))
    }

    /// If-then-else with constant-condition folding.
    pub fn ite(&mut self, c: ExprId, a: ExprId, b: ExprId) -> ExprId {
        match self.node(c) {
            Node::Bool(true) => a,
            Node::Bool(false) => b,
            _ if a == b => a,
            _ => self.intern(Node::Ite(c, a, b)),
        }
    }

    /// Boolean negation.
    pub fn not(&mut self, a: ExprId) -> ExprId {
        self.un(UnOp::Not, a)
    }

    /// A constant array of `len`-independent default `dflt`.
    pub fn const_array(&mut self, es: ElemSort, dflt: ExprId) -> ExprId {
        self.intern(Node::ConstArray(es, dflt))
    }

    /// Array read; reads through stores at distinct constant indices.
    pub fn select(&mut self, arr: ExprId, idx: ExprId) -> ExprId {
        let mut cur = arr;
        loop {
            match *self.node(cur) {
                Node::Store(inner, j, v) => {
                    if j == idx {
                        return v;
                    }
                    if self.is_const(j) && self.is_const(idx) {
                        cur = inner;
                        continue;
                    }
                    break;
                }
                Node::ConstArray(_, d) => return d,
                _ => break,
            }
        }
        self.intern(Node::Select(cur, idx))
    }

    /// Array write.
    pub fn store(&mut self, arr: ExprId, idx: ExprId, val: ExprId) -> ExprId {
        self.intern(Node::Store(arr, idx, val))
    }

    /// A constant term for a concrete scalar.
    pub fn scalar(&mut self, v: super::Scalar) -> ExprId {
        use super::Scalar as S;
        match v {
            S::Bool(b) => self.bool(b),
            S::I32(x) => self.i32(x),
            S::I64(x) => self.i64(x),
            S::F32(x) => self.f32(x),
            S::F64(x) => self.f64(x),
        }
    }

    /// The input variables a term mentions, sorted and deduplicated (memoised per subterm;
    /// iterative, so terms of any depth are fine).
    pub fn vars_of<S: std::hash::BuildHasher>(
        &self,
        e: ExprId,
        memo: &mut HashMap<ExprId, std::sync::Arc<[VarId]>, S>,
    ) -> std::sync::Arc<[VarId]> {
        self.memo_vars(e, memo);
        memo.get(&e).cloned().unwrap_or_else(|| std::sync::Arc::from(Vec::new()))
    }

    /// Puts the variables of `e` (and of its subterms) into `memo`, as [`ExprPool::vars_of`]
    /// does, without handing out a shared copy: callers that only read the sets borrow them
    /// from `memo` afterwards and touch no reference count.
    pub fn memo_vars<S: std::hash::BuildHasher>(&self, e: ExprId, memo: &mut HashMap<ExprId, std::sync::Arc<[VarId]>, S>) {
        if memo.contains_key(&e) {
            return;
        }
        // The common case, a new node over known subterms, needs no traversal.
        let kids = self.children(e);
        let order = if kids.iter().flatten().all(|c| memo.contains_key(c)) {
            vec![e]
        } else {
            self.post_order(e, |c| memo.contains_key(&c))
        };
        for n in order {
            let mut out: Vec<VarId> = Vec::new();
            if let Node::Var(v, _) = *self.node(n) {
                out.push(v);
            }
            for c in self.children(n).into_iter().flatten() {
                if let Some(vs) = memo.get(&c) {
                    out.extend(vs.iter().copied());
                }
            }
            out.sort_unstable();
            out.dedup();
            memo.insert(n, out.into());
        }
    }

    /// A readable rendering of a term (for reports and debugging).
    pub fn display(&self, e: ExprId) -> String {
        let mut s = String::new();
        self.fmt_into(e, &mut s, 0);
        s
    }

    fn fmt_into(&self, e: ExprId, s: &mut String, depth: usize) {
        use std::fmt::Write;
        if depth > 40 {
            s.push('…');
            return;
        }
        match self.node(e) {
            Node::Var(v, _) => s.push_str(self.var_name(*v)),
            Node::Bool(b) => {
                let _ = write!(s, "{b}");
            }
            Node::I32(v) => {
                let _ = write!(s, "{v}");
            }
            Node::I64(v) => {
                let _ = write!(s, "{v}L");
            }
            Node::F32(b) => {
                let _ = write!(s, "{:?}f", f32::from_bits(*b));
            }
            Node::F64(b) => {
                let _ = write!(s, "{:?}", f64::from_bits(*b));
            }
            Node::Un(op, a) => {
                let _ = write!(s, "{op:?}(");
                self.fmt_into(*a, s, depth + 1);
                s.push(')');
            }
            Node::Bin(op, a, b) => {
                let sym = match op {
                    BinOp::Add => "+",
                    BinOp::Sub => "-",
                    BinOp::Mul => "*",
                    BinOp::Div => "/",
                    BinOp::Rem => "%",
                    BinOp::Shl => "<<",
                    BinOp::Shr => ">>",
                    BinOp::Ushr => ">>>",
                    BinOp::And => "&",
                    BinOp::Or => "|",
                    BinOp::Xor => "^",
                    BinOp::Eq => "==",
                    BinOp::Ne => "!=",
                    BinOp::Lt => "<",
                    BinOp::Le => "<=",
                    BinOp::ULt => "<u",
                    BinOp::Cmp => "cmp",
                    BinOp::CmpL => "cmpl",
                    BinOp::CmpG => "cmpg",
                };
                s.push('(');
                self.fmt_into(*a, s, depth + 1);
                let _ = write!(s, " {sym} ");
                self.fmt_into(*b, s, depth + 1);
                s.push(')');
            }
            Node::Ite(c, a, b) => {
                s.push_str("ite(");
                self.fmt_into(*c, s, depth + 1);
                s.push_str(", ");
                self.fmt_into(*a, s, depth + 1);
                s.push_str(", ");
                self.fmt_into(*b, s, depth + 1);
                s.push(')');
            }
            Node::ConstArray(_, d) => {
                s.push_str("K(");
                self.fmt_into(*d, s, depth + 1);
                s.push(')');
            }
            Node::Select(a, i) => {
                self.fmt_into(*a, s, depth + 1);
                s.push('[');
                self.fmt_into(*i, s, depth + 1);
                s.push(']');
            }
            Node::Store(a, i, v) => {
                s.push_str("store(");
                self.fmt_into(*a, s, depth + 1);
                s.push_str(", ");
                self.fmt_into(*i, s, depth + 1);
                s.push_str(", ");
                self.fmt_into(*v, s, depth + 1);
                s.push(')');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pool_round_trips_through_json_and_stays_hash_consed() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let one = p.i32(1);
        let e = p.bin(BinOp::Add, x, one);
        let text = serde_json::to_string(&p).unwrap();
        let mut q: ExprPool = serde_json::from_str(&text).unwrap();
        q.rebuild_index();
        let x2 = q.new_var("y", Sort::I32);
        assert_ne!(x2, x);
        let one2 = q.i32(1);
        assert_eq!(one2, one);
        assert_eq!(q.bin(BinOp::Add, x, one2), e);
        assert_eq!(q.display(e), "(x + 1)");
        fn send<T: Send + Sync>() {}
        send::<ExprPool>();
    }
}
