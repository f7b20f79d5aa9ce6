//! Interprocedural may-throw analysis: which instructions can really complete abruptly with an
//! exception, so that the CFG gives exceptional edges only to those (DGSE's control dependence
//! then does not make every statement after a call depend on the call's normal completion when
//! no callee can throw).
//!
//! Per method, a forward abstract interpretation over the operand stack and the locals tracks
//! which references are non-null (`this`, `new` results, string and class literals, a value
//! after a null test or after an access through it completed), integer constants and arrays of
//! known length allocated in the method. An implicit check throws only when its operand is not
//! proven safe: a null receiver (field access, call, `arraylength`, array access, `monitor`), an
//! index outside a known length, an integer division by a value not proven a non-zero constant,
//! a negative or unknown array size, a cast not proven to succeed, a reference array store not
//! proven type-correct. A call throws when its receiver may be null, when a target is unknown
//! (unresolved, abstract, or a native not known to complete normally) or when some target may
//! let an exception escape; a method lets one escape when one of its instructions throws and no
//! handler covering it certainly catches it. The method summaries are the least fixpoint over
//! the call graph (recursion alone throws nothing). `Error`s are not counted: the VM's
//! StackOverflowError, OutOfMemoryError and linkage errors, and an `athrow` of a freshly
//! allocated `Error`. One is: an instruction that may run a class initialiser (`getstatic`,
//! `putstatic`, `new`, `invokestatic`, see [`CallGraph::inits`]) throws an
//! ExceptionInInitializerError when that initialiser may let an exception escape, and a handler
//! for it is reached only that way. Anything the analysis does not understand keeps its edge.

use super::CallGraph;
use crate::bytecode::{ArrKind, Constant, InvokeKind, Method, Op};
use crate::program::Program;
use crate::symbolic::{BinOp, UnOp};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// An abstract value.
#[derive(Clone, Debug, PartialEq)]
enum V {
    /// Anything.
    Top,
    /// The null reference.
    Null,
    /// A non-null reference.
    NonNull,
    /// A non-null object of exactly this class (a `new` result).
    Obj(Arc<str>),
    /// A non-null array: its length when known, its element class for reference arrays.
    Arr(Option<i32>, Option<Arc<str>>),
    /// An int (boolean, byte, char, short) constant.
    Int(i32),
    /// A long constant.
    Long(i64),
}

impl V {
    fn non_null(&self) -> bool {
        matches!(self, V::NonNull | V::Obj(_) | V::Arr(..))
    }

    fn join(&self, o: &V) -> V {
        if self == o {
            return self.clone();
        }
        match (self, o) {
            (V::Arr(a, x), V::Arr(b, y)) => V::Arr(if a == b { *a } else { None }, if x == y { x.clone() } else { None }),
            (a, b) if a.non_null() && b.non_null() => V::NonNull,
            _ => V::Top,
        }
    }

    fn non_zero(&self) -> bool {
        matches!(self, V::Int(i) if *i != 0) || matches!(self, V::Long(l) if *l != 0)
    }
}

/// A stack entry: its value, whether it takes two slots, and the local it was loaded from (so
/// that a null test or a completed access can refine that local).
#[derive(Clone, Debug, PartialEq)]
struct E {
    v: V,
    wide: bool,
    origin: Option<u16>,
}

fn e(v: V, wide: bool) -> E {
    E { v, wide, origin: None }
}

/// The abstract state before an instruction.
#[derive(Clone, Debug, PartialEq)]
struct State {
    stack: Vec<E>,
    locals: Vec<V>,
}

impl State {
    fn join(&self, o: &State) -> State {
        let stack = if self.stack.len() == o.stack.len() {
            self.stack
                .iter()
                .zip(&o.stack)
                .map(|(a, b)| E {
                    v: a.v.join(&b.v),
                    wide: a.wide,
                    origin: if a.origin == b.origin { a.origin } else { None },
                })
                .collect()
        } else {
            // Inconsistent heights (unverified code): forget everything.
            o.stack.iter().map(|x| e(V::Top, x.wide)).collect()
        };
        let n = self.locals.len().max(o.locals.len());
        let get = |l: &Vec<V>, i: usize| l.get(i).cloned().unwrap_or(V::Top);
        State {
            stack,
            locals: (0..n).map(|i| get(&self.locals, i).join(&get(&o.locals, i))).collect(),
        }
    }

    fn pop(&mut self) -> E {
        self.stack.pop().unwrap_or(e(V::Top, false))
    }

    fn pop_n(&mut self, n: usize) -> Vec<E> {
        let mut out: Vec<E> = (0..n).map(|_| self.pop()).collect();
        out.reverse();
        out
    }

    fn push(&mut self, v: V, wide: bool) {
        self.stack.push(e(v, wide));
    }

    fn set_local(&mut self, i: u16, v: V) {
        let i = i as usize;
        if self.locals.len() <= i {
            self.locals.resize(i + 1, V::Top);
        }
        self.locals[i] = v;
        for x in &mut self.stack {
            if x.origin == Some(i as u16) {
                x.origin = None;
            }
        }
    }

    /// After an access through `x` completed normally, `x` (and its local) is non-null.
    fn refine_non_null(&mut self, origin: Option<u16>) {
        if let Some(i) = origin
            && let Some(l) = self.locals.get_mut(i as usize)
            && !l.non_null()
        {
            *l = V::NonNull;
        }
    }

    fn refine_null(&mut self, origin: Option<u16>) {
        if let Some(i) = origin
            && let Some(l) = self.locals.get_mut(i as usize)
        {
            *l = V::Null;
        }
    }
}

/// Why an instruction may throw, before the callees are known.
#[derive(Clone, Debug, Default, PartialEq)]
struct Local {
    /// The class of an implicit exception it may raise (`None`: none).
    implicit: Option<&'static str>,
    /// An `athrow` (of anything but a fresh `Error`).
    athrow: bool,
    /// The exact class of what the `athrow` throws, when it is a fresh object.
    thrown: Option<Arc<str>>,
    /// A call whose targets decide (its receiver is non-null or the call is static).
    call: bool,
    /// A virtual or interface call on a fresh object of this exact class: one target.
    exact: Option<Arc<str>>,
    /// It may throw for a reason the analysis does not model.
    unknown: bool,
}

fn wide_letter(c: u8) -> bool {
    c == b'L' || c == b'D'
}

fn wide_kind(k: ArrKind) -> bool {
    matches!(k, ArrKind::Long | ArrKind::Double)
}

/// Transfers one instruction over the state it completes normally with; returns what it may
/// throw.
fn step(prog: &Program, m: &Method, pc: usize, st: &mut State) -> Local {
    let vk = m.vkinds.get(pc).copied().unwrap_or(0);
    let mut l = Local::default();
    let npe = |x: &E, l: &mut Local| {
        if !x.v.non_null() {
            l.implicit = Some("java/lang/NullPointerException");
        }
    };
    match &m.code[pc] {
        Op::Nop | Op::Goto(_) => {}
        Op::Unsupported(_) => l.unknown = true,
        Op::Const(c) => match c {
            Constant::Null => st.push(V::Null, false),
            Constant::Int(i) => st.push(V::Int(*i), false),
            Constant::Long(x) => st.push(V::Long(*x), true),
            Constant::Float(_) => st.push(V::Top, false),
            Constant::Double(_) => st.push(V::Top, true),
            Constant::String(_) | Constant::Class(_) => st.push(V::NonNull, false),
        },
        Op::Load(i) => {
            let v = st.locals.get(*i as usize).cloned().unwrap_or(V::Top);
            st.stack.push(E {
                v,
                wide: wide_letter(vk),
                origin: Some(*i),
            });
        }
        Op::Store(i) => {
            let x = st.pop();
            st.set_local(*i, x.v);
            if x.wide {
                st.set_local(*i + 1, V::Top);
            }
        }
        Op::Iinc(i, d) => {
            let v = match st.locals.get(*i as usize) {
                Some(V::Int(c)) => V::Int(c.wrapping_add(*d as i32)),
                _ => V::Top,
            };
            st.set_local(*i, v);
        }
        Op::ArrayLoad(k) => {
            let [a, i] = <[E; 2]>::try_from(st.pop_n(2)).unwrap_or_else(|_| unreachable!());
            if !in_bounds(&a.v, &i.v) {
                l.implicit = Some(if a.v.non_null() {
                    "java/lang/ArrayIndexOutOfBoundsException"
                } else {
                    "java/lang/NullPointerException"
                });
            }
            st.refine_non_null(a.origin);
            st.push(V::Top, wide_kind(*k));
        }
        Op::ArrayStore(k) => {
            let [a, i, v] = <[E; 3]>::try_from(st.pop_n(3)).unwrap_or_else(|_| unreachable!());
            if !in_bounds(&a.v, &i.v) {
                l.implicit = Some(if a.v.non_null() {
                    "java/lang/ArrayIndexOutOfBoundsException"
                } else {
                    "java/lang/NullPointerException"
                });
            } else if *k == ArrKind::Ref && !store_ok(prog, &a.v, &v.v) {
                l.implicit = Some("java/lang/ArrayStoreException");
            }
            st.refine_non_null(a.origin);
        }
        Op::Pop => {
            st.pop();
        }
        Op::Pop2 => {
            let x = st.pop();
            if !x.wide {
                st.pop();
            }
        }
        op @ (Op::Dup | Op::DupX1 | Op::DupX2 | Op::Dup2 | Op::Dup2X1 | Op::Dup2X2 | Op::Swap) => dup(op, st),
        Op::Arith(b) => {
            let [_, y] = <[E; 2]>::try_from(st.pop_n(2)).unwrap_or_else(|_| unreachable!());
            if matches!(b, BinOp::Div | BinOp::Rem) && (vk == b'I' || vk == b'L') && !y.v.non_zero() {
                l.implicit = Some("java/lang/ArithmeticException");
            }
            st.push(V::Top, wide_letter(vk));
        }
        Op::Neg => {
            let x = st.pop();
            st.push(V::Top, x.wide);
        }
        Op::Convert(u) => {
            st.pop();
            st.push(
                V::Top,
                matches!(u, UnOp::I2L | UnOp::F2L | UnOp::D2L | UnOp::I2D | UnOp::L2D | UnOp::F2D),
            );
        }
        Op::Compare(_) => {
            st.pop_n(2);
            st.push(V::Top, false);
        }
        Op::If(..) | Op::TableSwitch(..) | Op::LookupSwitch(..) | Op::IfNull(..) => {
            st.pop();
        }
        Op::IfCmp(..) | Op::IfRefEq(..) => {
            st.pop_n(2);
        }
        Op::Return(has) => {
            if *has {
                st.pop();
            }
        }
        Op::GetStatic(r) => st.push(V::Top, r.ftype.as_ref().is_some_and(|t| t.slots() == 2)),
        Op::PutStatic(_) => {
            st.pop();
        }
        Op::GetField(r) => {
            let x = st.pop();
            npe(&x, &mut l);
            st.refine_non_null(x.origin);
            st.push(V::Top, r.ftype.as_ref().is_some_and(|t| t.slots() == 2));
        }
        Op::PutField(_) => {
            let [x, _] = <[E; 2]>::try_from(st.pop_n(2)).unwrap_or_else(|_| unreachable!());
            npe(&x, &mut l);
            st.refine_non_null(x.origin);
        }
        Op::Invoke(kind, r) => {
            let n = r.mdesc.as_ref().map(|d| d.params.len()).unwrap_or(0);
            let args = st.pop_n(n + (*kind != InvokeKind::Static) as usize);
            if *kind != InvokeKind::Static
                && let Some(recv) = args.first()
            {
                npe(recv, &mut l);
                st.refine_non_null(recv.origin);
            }
            l.call = true;
            if matches!(kind, InvokeKind::Virtual | InvokeKind::Interface)
                && let Some(E { v: V::Obj(c), .. }) = args.first()
            {
                l.exact = Some(c.clone());
            }
            if let Some(d) = &r.mdesc
                && d.ret != crate::bytecode::JType::Void
            {
                st.push(V::Top, d.ret.slots() == 2);
            }
        }
        Op::InvokeDynamic(ir) => {
            if let Some(d) = crate::bytecode::MethodDesc::parse(&ir.desc) {
                st.pop_n(d.params.len());
                if d.ret != crate::bytecode::JType::Void {
                    st.push(V::Top, d.ret.slots() == 2);
                }
            }
            l.unknown = true;
        }
        Op::New(c) => st.push(V::Obj(c.clone()), false),
        Op::NewArray(_) | Op::ANewArray(_) => {
            let n = st.pop();
            let len = match n.v {
                V::Int(k) if k >= 0 => Some(k),
                _ => {
                    l.implicit = Some("java/lang/NegativeArraySizeException");
                    None
                }
            };
            let elem = match &m.code[pc] {
                Op::ANewArray(c) => Some(c.clone()),
                _ => None,
            };
            st.push(V::Arr(len, elem), false);
        }
        Op::MultiANewArray(_, dims) => {
            st.pop_n(*dims as usize);
            l.implicit = Some("java/lang/NegativeArraySizeException");
            st.push(V::NonNull, false);
        }
        Op::ArrayLength => {
            let a = st.pop();
            npe(&a, &mut l);
            st.refine_non_null(a.origin);
            st.push(
                match a.v {
                    V::Arr(Some(n), _) => V::Int(n),
                    _ => V::Top,
                },
                false,
            );
        }
        Op::Athrow => {
            let x = st.pop();
            l.athrow = !matches!(&x.v, V::Obj(c) if is_error(prog, c));
            if let (true, V::Obj(c)) = (l.athrow, &x.v) {
                l.thrown = Some(c.clone());
            }
        }
        Op::CheckCast(c) => {
            let x = st.pop();
            if !cast_ok(prog, &x.v, c) {
                l.implicit = Some("java/lang/ClassCastException");
            }
            st.stack.push(x);
        }
        Op::InstanceOf(_) => {
            st.pop();
            st.push(V::Top, false);
        }
        Op::Monitor => {
            let x = st.pop();
            npe(&x, &mut l);
        }
    }
    l
}

fn in_bounds(a: &V, i: &V) -> bool {
    matches!((a, i), (V::Arr(Some(n), _), V::Int(k)) if *k >= 0 && k < n)
}

fn loaded_subtype(prog: &Program, sub: &str, sup: &str) -> bool {
    if sub == sup || sup == "java/lang/Object" {
        return true;
    }
    match (prog.load(sub), prog.load(sup)) {
        (Ok(a), Ok(b)) => prog.is_subtype(a, b),
        _ => false,
    }
}

fn is_error(prog: &Program, c: &str) -> bool {
    loaded_subtype(prog, c, "java/lang/Error")
}

/// A reference array store that cannot raise ArrayStoreException: storing null, into an
/// `Object[]` made here, or an object of a class assignable to the array's element class.
fn store_ok(prog: &Program, a: &V, v: &V) -> bool {
    match (a, v) {
        (_, V::Null) => true,
        (V::Arr(_, Some(el)), _) if &**el == "java/lang/Object" => true,
        (V::Arr(_, Some(el)), V::Obj(c)) => loaded_subtype(prog, c, el),
        _ => false,
    }
}

fn cast_ok(prog: &Program, v: &V, c: &str) -> bool {
    match v {
        _ if c == "java/lang/Object" => true,
        V::Null => true,
        V::Obj(x) => loaded_subtype(prog, x, c),
        _ => false,
    }
}

/// The stack shuffles, on entries that know whether they take two slots.
fn dup(op: &Op, st: &mut State) {
    let w = |st: &State, k: usize| st.stack.len().checked_sub(k).and_then(|i| st.stack.get(i)).is_some_and(|x| x.wide);
    let (c1, c2, c3) = (w(st, 1), w(st, 2), w(st, 3));
    // (entries taken from the top, then the order to push them back: 0 = the top entry).
    let (take, out): (usize, &[usize]) = match op {
        Op::Dup => (1, &[0, 0]),
        Op::DupX1 => (2, &[0, 1, 0]),
        Op::DupX2 if c2 => (2, &[0, 1, 0]),
        Op::DupX2 => (3, &[0, 2, 1, 0]),
        Op::Dup2 if c1 => (1, &[0, 0]),
        Op::Dup2 => (2, &[1, 0, 1, 0]),
        Op::Dup2X1 if c1 => (2, &[0, 1, 0]),
        Op::Dup2X1 => (3, &[1, 0, 2, 1, 0]),
        Op::Dup2X2 => match (c1, c2, c3) {
            (true, true, _) => (2, &[0, 1, 0]),
            (true, _, _) => (3, &[0, 2, 1, 0]),
            (_, _, true) => (3, &[1, 0, 2, 1, 0]),
            _ => (4, &[1, 0, 3, 2, 1, 0]),
        },
        _ => (2, &[0, 1]),
    };
    let taken: Vec<E> = (0..take).map(|_| st.pop()).collect();
    for i in out.iter().rev() {
        st.stack.push(taken.get(*i).cloned().unwrap_or(e(V::Top, false)));
    }
}

/// The analysis of one method: what each instruction may throw on its own.
struct MethodFacts {
    /// Per instruction (`None`: unreachable).
    at: Vec<Option<Local>>,
}

fn analyse_method(prog: &Program, m: &Method) -> MethodFacts {
    let n = m.code.len();
    let cfg = super::cfg::Cfg::build(m, &[]);
    let mut ins: Vec<Option<State>> = vec![None; n];
    let mut locals = vec![V::Top; m.max_locals as usize];
    if !m.is_static()
        && let Some(l) = locals.get_mut(0)
    {
        *l = V::NonNull;
    }
    if n == 0 {
        return MethodFacts { at: vec![] };
    }
    ins[0] = Some(State { stack: vec![], locals });
    let mut work: Vec<usize> = vec![0];
    let mut queued = vec![false; n];
    queued[0] = true;
    let mut facts: Vec<Option<Local>> = vec![None; n];
    let mut rounds = 0usize;
    while let Some(pc) = work.pop() {
        queued[pc] = false;
        rounds += 1;
        if rounds > 200 * n + 1000 {
            // Not converging (should not happen): every instruction keeps its edges.
            return MethodFacts { at: vec![None; n] };
        }
        let Some(before) = ins[pc].clone() else { continue };
        let mut st = before.clone();
        let fact = step(prog, m, pc, &mut st);
        facts[pc] = Some(fact);
        let send = |to: usize, s: State, ins: &mut Vec<Option<State>>, work: &mut Vec<usize>, queued: &mut Vec<bool>| {
            if to >= n {
                return;
            }
            let new = match &ins[to] {
                None => s,
                Some(old) => old.join(&s),
            };
            if ins[to].as_ref() != Some(&new) {
                ins[to] = Some(new);
                if !queued[to] {
                    queued[to] = true;
                    work.push(to);
                }
            }
        };
        // Normal successors, with null tests refining the tested local.
        let tested = match &m.code[pc] {
            Op::IfNull(is_null, t) => before.stack.last().map(|x| (x.origin, *is_null, *t as usize)),
            _ => None,
        };
        for edge in &cfg.succ[pc] {
            if edge.fake || edge.to >= n {
                continue;
            }
            let is_exc = edge.dir == Some(1) && super::cfg::may_throw(&m.code[pc]);
            if is_exc && m.handlers.iter().any(|h| h.handler as usize == edge.to) {
                continue;
            }
            let mut s = st.clone();
            if let Some((origin, is_null, target)) = tested {
                let jumped = edge.to == target && edge.dir == Some(1);
                // ifnull jumps when null; ifnonnull jumps when non-null.
                if jumped == is_null {
                    s.refine_null(origin);
                } else {
                    s.refine_non_null(origin);
                }
            }
            send(edge.to, s, &mut ins, &mut work, &mut queued);
        }
        // Handlers covering the instruction start with the exception on an empty stack and
        // the locals as they were before it.
        for h in &m.handlers {
            if (h.start as usize) <= pc && pc < h.end as usize {
                let s = State {
                    stack: vec![e(V::NonNull, false)],
                    locals: before.locals.clone(),
                };
                send(h.handler as usize, s, &mut ins, &mut work, &mut queued);
            }
        }
    }
    MethodFacts { at: facts }
}

/// Natives of the library models that complete normally on every argument (the VM's
/// implementations in `vm/natives.rs` never throw for these).
fn native_never_throws(class: &str, name: &str, desc: &str) -> bool {
    if matches!(class, "java/lang/Math" | "java/lang/StrictMath") {
        return true;
    }
    matches!(
        (class, name, desc),
        ("java/lang/Object", "hashCode", "()I")
            | ("java/lang/Object", "getClass", "()Ljava/lang/Class;")
            | ("java/lang/System", "identityHashCode", _)
            | ("java/lang/System", "currentTimeMillis", _)
            | ("java/lang/System", "nanoTime", _)
            | ("java/lang/String", "intern", _)
            | ("java/lang/Float", "floatToRawIntBits", _)
            | ("java/lang/Float", "intBitsToFloat", _)
            | ("java/lang/Float", "toString", "(F)Ljava/lang/String;")
            | ("java/lang/Double", "doubleToRawLongBits", _)
            | ("java/lang/Double", "longBitsToDouble", _)
            | ("java/lang/Double", "toString", "(D)Ljava/lang/String;")
            | ("jsymex/internal/Sym", _, _)
            | ("jsymex/internal/Output", "write", _)
    )
}

/// Whether a handler certainly catches an exception of class `exc` (`None`: any class).
fn catches(prog: &Program, catch: &Option<Arc<str>>, exc: Option<&str>) -> bool {
    match (catch.as_deref(), exc) {
        (None, _) | (Some("java/lang/Throwable"), _) => true,
        (Some(h), Some(x)) => loaded_subtype(prog, x, h),
        _ => false,
    }
}

/// The result: per analysed method, which instructions may throw.
#[derive(Clone, Debug, Default)]
pub struct MayThrow {
    /// Method id → per instruction, whether it may complete with an exception.
    pub pcs: HashMap<u32, Vec<bool>>,
    /// Methods that may let an exception escape to their caller.
    pub escaping: HashSet<u32>,
    /// (method, pc) → the handlers that receive whatever the instruction may throw, for the
    /// instructions whose every exception a covering handler certainly catches (the CFG gives
    /// them edges to those handlers only, none to the exit).
    pub handled: HashMap<(u32, usize), Vec<u32>>,
}

impl MayThrow {
    /// Whether instruction `pc` of method `mid` may throw (true for methods not analysed).
    pub fn at(&self, mid: u32, pc: usize) -> bool {
        self.pcs.get(&mid).is_none_or(|v| v.get(pc).copied().unwrap_or(true))
    }

    /// Whether method `mid` may let an exception escape (true for methods not analysed).
    pub fn escapes(&self, mid: u32) -> bool {
        !self.pcs.contains_key(&mid) || self.escaping.contains(&mid)
    }
}

/// Runs the analysis over every method of the call graph.
pub fn analyze(prog: &Program, cg: &CallGraph) -> MayThrow {
    let mut facts: HashMap<u32, MethodFacts> = HashMap::new();
    for &mid in &cg.methods {
        let m = prog.method(mid).clone();
        facts.insert(mid, analyse_method(prog, &m));
    }
    // Calls on a fresh object of a known class have one target, its class's implementation.
    let mut exact: HashMap<(u32, usize), u32> = HashMap::new();
    for (&mid, f) in &facts {
        for (pc, l) in f.at.iter().enumerate() {
            if let Some(Local { exact: Some(c), .. }) = l
                && let Op::Invoke(_, r) = &prog.method(mid).code[pc]
                && let Some(cid) = prog.lookup(c)
                && let Some(t) = prog.dispatch(cid, &r.name, &r.desc)
                && cg.targets.get(&(mid, pc)).is_some_and(|ts| ts.contains(&t))
            {
                exact.insert((mid, pc), t);
            }
        }
    }
    // A call target that is not an analysed method: a native known to complete normally, or
    // (abstract, other natives, missing code) a possible throw.
    let mut opaque_throws: HashMap<u32, bool> = HashMap::new();
    for ts in cg.targets.values() {
        for &t in ts {
            if !facts.contains_key(&t) {
                let m = prog.method(t);
                let safe = m.is_native() && native_never_throws(&m.class_name, &m.name, &m.desc);
                opaque_throws.insert(t, !safe);
            }
        }
    }
    // Callers per callee (and instructions per class initialiser they may run), for the
    // worklist.
    let mut callers: HashMap<u32, Vec<u32>> = HashMap::new();
    for (&(caller, _), ts) in cg.targets.iter().chain(&cg.inits) {
        for &t in ts {
            callers.entry(t).or_default().push(caller);
        }
    }
    // Per method, the classes of the exceptions it may let escape (`None`: a class not
    // known), grown to the least fixpoint over the call graph.
    let mut escaping: HashMap<u32, Kinds> = HashMap::new();
    let mut work: Vec<u32> = cg.methods.iter().rev().copied().collect();
    let mut queued: HashSet<u32> = work.iter().copied().collect();
    let call_kinds = |mid: u32, pc: usize, escaping: &HashMap<u32, Kinds>| -> Kinds {
        let one = exact.get(&(mid, pc)).map(std::slice::from_ref);
        let mut out = Kinds::new();
        match one.or(cg.targets.get(&(mid, pc)).map(|v| v.as_slice())) {
            None | Some([]) => {
                out.insert(None);
            }
            Some(ts) => {
                for t in ts {
                    if opaque_throws.get(t).copied().unwrap_or(false) {
                        out.insert(None);
                    }
                    if let Some(k) = escaping.get(t) {
                        out.extend(k.iter().cloned());
                    }
                }
            }
        }
        out
    };
    // An instruction that may run a class initialiser that may let an exception escape throws
    // an ExceptionInInitializerError there.
    let init_throws = |mid: u32, pc: usize, escaping: &HashMap<u32, Kinds>| -> bool {
        cg.inits
            .get(&(mid, pc))
            .is_some_and(|ts| ts.iter().any(|t| escaping.contains_key(t) || !facts.contains_key(t)))
    };
    while let Some(mid) = work.pop() {
        queued.remove(&mid);
        let m = prog.method(mid).clone();
        let f = &facts[&mid];
        let mut escapes = Kinds::new();
        for (pc, l) in f.at.iter().enumerate() {
            let Some(l) = l else { continue };
            for k in kinds_of(l, &call_kinds(mid, pc, &escaping), init_throws(mid, pc, &escaping)) {
                let caught = m
                    .handlers
                    .iter()
                    .any(|h| (h.start as usize) <= pc && pc < h.end as usize && catches(prog, &h.catch, k.as_deref()));
                if !caught {
                    escapes.insert(k);
                }
            }
        }
        if !escapes.is_empty() && escaping.get(&mid) != Some(&escapes) {
            escaping.insert(mid, escapes);
            for &c in callers.get(&mid).map(|v| v.as_slice()).unwrap_or(&[]) {
                if queued.insert(c) {
                    work.push(c);
                }
            }
        }
    }
    let mut pcs = HashMap::new();
    let mut handled = HashMap::new();
    for (&mid, f) in &facts {
        let m = prog.method(mid);
        let mut v = vec![false; f.at.len()];
        for (pc, l) in f.at.iter().enumerate() {
            // Unreachable code (`None`): whatever it is, it never runs.
            let Some(l) = l else { continue };
            let kinds = kinds_of(l, &call_kinds(mid, pc, &escaping), init_throws(mid, pc, &escaping));
            if kinds.is_empty() {
                continue;
            }
            v[pc] = true;
            if let Some(hs) = handlers_of(prog, m, pc, &kinds) {
                handled.insert((mid, pc), hs);
            }
        }
        pcs.insert(mid, v);
    }
    let escaping = escaping.into_keys().collect();
    MayThrow { pcs, escaping, handled }
}

/// The classes of the exceptions something may throw (`None`: a class not known).
type Kinds = std::collections::BTreeSet<Option<Arc<str>>>;

/// The classes of the exceptions an instruction may throw (`None`: a class not known), given
/// what its call's targets may let escape and whether a class initialiser it runs may throw.
fn kinds_of(l: &Local, call: &Kinds, init: bool) -> Vec<Option<Arc<str>>> {
    let mut kinds = Kinds::new();
    if let Some(k) = l.implicit {
        kinds.insert(Some(Arc::from(k)));
    }
    if l.athrow {
        kinds.insert(l.thrown.clone());
    }
    if l.unknown {
        kinds.insert(None);
    }
    if l.call {
        kinds.extend(call.iter().cloned());
    }
    if init {
        kinds.insert(Some(Arc::from("java/lang/ExceptionInInitializerError")));
    }
    kinds.into_iter().collect()
}

/// The handlers that may receive what instruction `pc` throws, when a handler certainly
/// catches each kind (`None` when one may leave the method). An exception of a known class
/// (a fresh object, an implicit exception) goes to the first covering handler that catches its
/// class and no other; one of unknown class may go to every covering handler up to a catch-all.
fn handlers_of(prog: &Program, m: &Method, pc: usize, kinds: &[Option<Arc<str>>]) -> Option<Vec<u32>> {
    let mut out: Vec<u32> = Vec::new();
    for k in kinds {
        let mut certain = false;
        for h in m.handlers.iter().filter(|h| (h.start as usize) <= pc && pc < h.end as usize) {
            let sure = catches(prog, &h.catch, k.as_deref());
            if sure || k.is_none() {
                out.push(h.handler);
            }
            if sure {
                certain = true;
                break;
            }
        }
        if !certain {
            return None;
        }
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}
