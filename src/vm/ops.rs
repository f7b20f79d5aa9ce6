//! Per-instruction concolic semantics: stack, arithmetic, branches, switches, fields, calls,
//! arrays. Each handler computes the exact JVM result and builds a symbolic shadow only when an
//! operand has one; branches and implicit checks on symbolic operands become branch events.

use super::interp::{Flow, Frame, Halt, R};
use super::location::Loc;
use super::natives::{self, NativeOut};
use super::shadow::Tracker;
use super::value::Body;
use super::{Alts, Event, EventKind, Machine, Prim, Value, VmError};
use crate::bytecode::{ArrKind, Cond, Constant, InvokeKind, JType, MemberRef, Method, Op, Resolved};
use crate::symbolic::eval::{eval_bin, eval_un};
use crate::symbolic::expr::ElemSort;
use crate::symbolic::{BinOp, ExprId, Scalar, UnOp};
use std::sync::Arc;

/// A concrete value as a scalar (a reference as its id, the filler slot as 0).
pub fn scalar_of(p: Prim) -> Scalar {
    match p {
        Prim::Int(i) => Scalar::I32(i),
        Prim::Long(i) => Scalar::I64(i),
        Prim::Float(f) => Scalar::F32(f),
        Prim::Double(d) => Scalar::F64(d),
        Prim::Ref(r) => Scalar::I32(r as i32),
        Prim::Top => Scalar::I32(0),
    }
}

pub(crate) fn prim_of(s: Scalar) -> Prim {
    match s {
        Scalar::I32(i) => Prim::Int(i),
        Scalar::I64(i) => Prim::Long(i),
        Scalar::F32(f) => Prim::Float(f),
        Scalar::F64(d) => Prim::Double(d),
        Scalar::Bool(b) => Prim::Int(b as i32),
    }
}

pub(crate) fn elem_sort(k: ArrKind) -> ElemSort {
    match k {
        ArrKind::Long => ElemSort::I64,
        ArrKind::Float => ElemSort::F32,
        ArrKind::Double => ElemSort::F64,
        _ => ElemSort::I32,
    }
}

impl<'a, T: Tracker> Machine<'a, T> {
    // ----- the instructions ------------------------------------------------------------

    pub(crate) fn pop(&self, m: &Method, f: &mut Frame) -> R<Value> {
        f.stack.pop().ok_or_else(|| self.invalid(m, f.pc, "operand stack underflow"))
    }

    pub(crate) fn step(&mut self, m: &Method, f: &mut Frame, op: &Op) -> R<Flow> {
        let pc = f.pc;
        match op {
            Op::Nop | Op::Monitor => {
                if matches!(op, Op::Monitor) {
                    let r = self.pop(m, f)?;
                    if r.as_ref() == 0 {
                        return self.npe();
                    }
                }
            }
            Op::Const(c) => {
                let v = match c {
                    Constant::Null => Value::NULL,
                    Constant::Int(i) => Value::int(*i),
                    Constant::Long(i) => Value::long(*i),
                    Constant::Float(x) => Value::float(*x),
                    Constant::Double(x) => Value::double(*x),
                    Constant::String(s) => Value::reference(self.literal(s)?),
                    Constant::Class(n) => {
                        let cid = self.prog.load(n)?;
                        Value::reference(self.class_object(cid)?)
                    }
                };
                f.stack.push(v);
            }
            Op::Load(n) => {
                let mut v = *f.locals.get(*n as usize).ok_or_else(|| self.invalid(m, pc, "bad local index"))?;
                if !self.tables.lazy.idle()
                    && let Some(r) = self.lazy_load(m, pc, v)?
                {
                    v = r;
                    f.locals[*n as usize] = v;
                }
                f.stack.push(v);
            }
            Op::Store(n) => {
                let v = self.pop(m, f)?;
                let n = *n as usize;
                if n + v.is_wide() as usize >= f.locals.len() {
                    f.locals.resize(n + 2, Value::TOP);
                }
                f.locals[n] = v;
                if v.is_wide() {
                    f.locals[n + 1] = Value::TOP;
                }
            }
            Op::Pop => {
                self.pop(m, f)?;
            }
            Op::Pop2 => {
                let v = self.pop(m, f)?;
                if !v.is_wide() {
                    self.pop(m, f)?;
                }
            }
            Op::Dup => {
                let v = *f.stack.last().ok_or_else(|| self.invalid(m, pc, "dup on empty stack"))?;
                f.stack.push(v);
            }
            Op::DupX1 => {
                let v1 = self.pop(m, f)?;
                let v2 = self.pop(m, f)?;
                f.stack.extend([v1, v2, v1]);
            }
            Op::DupX2 => {
                let v1 = self.pop(m, f)?;
                let v2 = self.pop(m, f)?;
                if v2.is_wide() {
                    f.stack.extend([v1, v2, v1]);
                } else {
                    let v3 = self.pop(m, f)?;
                    f.stack.extend([v1, v3, v2, v1]);
                }
            }
            Op::Dup2 => {
                let v1 = self.pop(m, f)?;
                if v1.is_wide() {
                    f.stack.extend([v1, v1]);
                } else {
                    let v2 = self.pop(m, f)?;
                    f.stack.extend([v2, v1, v2, v1]);
                }
            }
            Op::Dup2X1 => {
                let v1 = self.pop(m, f)?;
                if v1.is_wide() {
                    let v2 = self.pop(m, f)?;
                    f.stack.extend([v1, v2, v1]);
                } else {
                    let v2 = self.pop(m, f)?;
                    let v3 = self.pop(m, f)?;
                    f.stack.extend([v2, v1, v3, v2, v1]);
                }
            }
            Op::Dup2X2 => {
                let v1 = self.pop(m, f)?;
                if v1.is_wide() {
                    let v2 = self.pop(m, f)?;
                    if v2.is_wide() {
                        f.stack.extend([v1, v2, v1]);
                    } else {
                        let v3 = self.pop(m, f)?;
                        f.stack.extend([v1, v3, v2, v1]);
                    }
                } else {
                    let v2 = self.pop(m, f)?;
                    let v3 = self.pop(m, f)?;
                    if v3.is_wide() {
                        f.stack.extend([v2, v1, v3, v2, v1]);
                    } else {
                        let v4 = self.pop(m, f)?;
                        f.stack.extend([v2, v1, v4, v3, v2, v1]);
                    }
                }
            }
            Op::Swap => {
                let v1 = self.pop(m, f)?;
                let v2 = self.pop(m, f)?;
                f.stack.extend([v1, v2]);
            }
            Op::Arith(bop) => {
                let b = self.pop(m, f)?;
                let a = self.pop(m, f)?;
                return self.arith(m, f, *bop, a, b);
            }
            Op::Neg => {
                let a = self.pop(m, f)?;
                let v = eval_un(UnOp::Neg, scalar_of(a.v));
                let s = a.s.map(|s| self.pool.un(UnOp::Neg, s));
                f.stack.push(Value { v: prim_of(v), s });
            }
            Op::Iinc(n, d) => {
                let l = f.locals.get_mut(*n as usize).ok_or_else(|| {
                    Halt::Vm(VmError::Invalid {
                        what: "bad local".into(),
                        method: m.display(),
                        pc,
                    })
                })?;
                let cur = *l;
                let nv = cur.as_int().wrapping_add(*d as i32);
                let s = match cur.s {
                    Some(s) => {
                        let k = self.pool.i32(*d as i32);
                        Some(self.pool.bin(BinOp::Add, s, k))
                    }
                    None => None,
                };
                if let Some(l) = f.locals.get_mut(*n as usize) {
                    *l = Value { v: Prim::Int(nv), s };
                }
            }
            Op::Convert(u) => {
                let a = self.pop(m, f)?;
                let v = eval_un(*u, scalar_of(a.v));
                let s = a.s.map(|s| self.pool.un(*u, s));
                f.stack.push(Value { v: prim_of(v), s });
            }
            Op::Compare(bop) => {
                let b = self.pop(m, f)?;
                let a = self.pop(m, f)?;
                let v =
                    eval_bin(*bop, scalar_of(a.v), scalar_of(b.v)).ok_or_else(|| self.invalid(m, pc, "compare of mismatched values"))?;
                let s = if a.s.is_some() || b.s.is_some() {
                    let (sa, sb) = (self.sym(&a), self.sym(&b));
                    Some(self.pool.bin(*bop, sa, sb))
                } else {
                    None
                };
                f.stack.push(Value { v: prim_of(v), s });
            }
            Op::If(cond, t) => {
                let a = self.pop(m, f)?;
                let x = a.as_int();
                let holds = cond_holds(*cond, x as i64, 0);
                if let Some(s) = a.s {
                    let z = self.pool.i32(0);
                    let c = self.cond_expr(*cond, s, z);
                    self.branch(m, pc, EventKind::If, c, holds)?;
                }
                return Ok(self.jump(m, pc, holds, *t));
            }
            Op::IfCmp(cond, t) => {
                let b = self.pop(m, f)?;
                let a = self.pop(m, f)?;
                let holds = cond_holds(*cond, a.as_int() as i64, b.as_int() as i64);
                if a.s.is_some() || b.s.is_some() {
                    let (sa, sb) = (self.sym(&a), self.sym(&b));
                    let c = self.cond_expr(*cond, sa, sb);
                    self.branch(m, pc, EventKind::If, c, holds)?;
                }
                return Ok(self.jump(m, pc, holds, *t));
            }
            Op::IfRefEq(eq, t) => {
                let b = self.pop(m, f)?;
                let a = self.pop(m, f)?;
                let holds = (a.as_ref() == b.as_ref()) == *eq;
                return Ok(self.jump(m, pc, holds, *t));
            }
            Op::IfNull(is_null, t) => {
                let a = self.pop(m, f)?;
                let holds = (a.as_ref() == 0) == *is_null;
                return Ok(self.jump(m, pc, holds, *t));
            }
            Op::Goto(t) => return Ok(Flow::Jump(*t)),
            Op::TableSwitch(low, targets, default) => {
                let k = self.pop(m, f)?;
                let key = k.as_int();
                let idx = (key as i64) - (*low as i64);
                let arm = if idx >= 0 && (idx as usize) < targets.len() {
                    idx as usize
                } else {
                    targets.len()
                };
                let target = targets.get(arm).copied().unwrap_or(*default);
                if let Some(s) = k.s {
                    let cases: Arc<[i32]> = (0..targets.len()).map(|i| low.wrapping_add(i as i32)).collect();
                    self.switch_event(m, pc, s, cases, arm, true)?;
                }
                self.cov.edge(m.id, pc, target);
                return Ok(Flow::Jump(target));
            }
            Op::LookupSwitch(pairs, default) => {
                let k = self.pop(m, f)?;
                let key = k.as_int();
                let arm = pairs.binary_search_by_key(&key, |p| p.0).unwrap_or(pairs.len());
                let target = pairs.get(arm).map(|p| p.1).unwrap_or(*default);
                if let Some(s) = k.s {
                    let cases: Arc<[i32]> = pairs.iter().map(|p| p.0).collect();
                    self.switch_event(m, pc, s, cases, arm, true)?;
                }
                self.cov.edge(m.id, pc, target);
                return Ok(Flow::Jump(target));
            }
            Op::Return(has) => {
                let v = if *has { Some(self.pop(m, f)?) } else { None };
                return Ok(Flow::Return(v));
            }
            Op::GetStatic(r) | Op::PutStatic(r) => return self.static_access(m, f, r, matches!(op, Op::PutStatic(_))),
            Op::GetField(r) => {
                let obj = self.pop(m, f)?;
                if obj.as_ref() == 0 {
                    return self.npe();
                }
                let slot = self.field_slot(r)?;
                let v = match self.heap.get(obj.as_ref()).map(|o| &o.body) {
                    Some(Body::Fields(fs)) => fs.get(slot as usize).copied(),
                    _ => None,
                }
                .ok_or_else(|| self.invalid(m, pc, "getfield on an object without that field"))?;
                let v = match self.tables.lazy.idle() {
                    true => v,
                    false => self.lazy_getfield(m, pc, obj.as_ref(), slot)?.unwrap_or(v),
                };
                f.stack.push(v);
            }
            Op::PutField(r) => {
                let v = self.pop(m, f)?;
                let obj = self.pop(m, f)?;
                if obj.as_ref() == 0 {
                    return self.npe();
                }
                let slot = self.field_slot(r)?;
                if !self.tables.lazy.idle() {
                    self.lazy_putfield(obj.as_ref(), slot);
                }
                let v = narrow_for_field(self, r.ftype.as_ref(), v);
                match self.heap.get_mut(obj.as_ref()).map(|o| &mut o.body) {
                    Some(Body::Fields(fs)) if (slot as usize) < fs.len() => fs[slot as usize] = v,
                    _ => return Err(self.invalid(m, pc, "putfield on an object without that field")),
                }
            }
            Op::Invoke(kind, r) => return self.invoke(m, f, *kind, r),
            Op::InvokeDynamic(ir) => return self.invokedynamic(m, f, ir),
            Op::New(n) => {
                let cid = self.prog.load(n)?;
                if let Some(fl) = self.init_flow(cid)? {
                    return Ok(fl);
                }
                let cls = self.prog.class(cid);
                if cls.is_interface() || cls.access & 0x0400 != 0 {
                    return self.throw_new("java/lang/InstantiationError", Some(cls.java_name()));
                }
                if self.over_heap(self.prog.class(cid).layout.len() as u64) {
                    return self.out_of_memory();
                }
                let r = self.alloc_instance(cid)?;
                f.stack.push(Value::reference(r));
            }
            Op::NewArray(k) => {
                let elem = match k {
                    ArrKind::Boolean => JType::Boolean,
                    ArrKind::Byte => JType::Byte,
                    ArrKind::Char => JType::Char,
                    ArrKind::Short => JType::Short,
                    ArrKind::Int => JType::Int,
                    ArrKind::Long => JType::Long,
                    ArrKind::Float => JType::Float,
                    ArrKind::Double => JType::Double,
                    ArrKind::Ref => JType::Object(Arc::from("java/lang/Object")),
                };
                return self.new_array_op(m, f, &elem);
            }
            Op::ANewArray(n) => {
                let elem = if n.starts_with('[') {
                    JType::parse(n).unwrap_or(JType::Object(n.clone()))
                } else {
                    JType::Object(n.clone())
                };
                return self.new_array_op(m, f, &elem);
            }
            Op::MultiANewArray(desc, dims) => return self.multi_new_array(m, f, desc, *dims),
            Op::ArrayLength => {
                let a = self.pop(m, f)?;
                if a.as_ref() == 0 {
                    return self.npe();
                }
                let v = match self.heap.get(a.as_ref()).map(|o| &o.body) {
                    Some(Body::Array(arr)) => Value {
                        v: Prim::Int(arr.vals.len() as i32),
                        s: arr.len_sym,
                    },
                    _ => return Err(self.invalid(m, pc, "arraylength on a non-array")),
                };
                f.stack.push(v);
            }
            Op::ArrayLoad(k) => return self.array_load(m, f, *k),
            Op::ArrayStore(k) => return self.array_store(m, f, *k),
            Op::Athrow => {
                let r = self.pop(m, f)?;
                if r.as_ref() == 0 {
                    return self.npe();
                }
                return Ok(Flow::Throw(r.as_ref()));
            }
            Op::CheckCast(n) => {
                let r = *f.stack.last().ok_or_else(|| self.invalid(m, pc, "checkcast on empty stack"))?;
                if r.as_ref() != 0 {
                    let target = self.prog.load(n)?;
                    let cls = self.heap.get(r.as_ref()).map(|o| o.class).unwrap_or(target);
                    if !self.prog.is_subtype(cls, target) {
                        let msg = format!(
                            "class {} cannot be cast to class {}",
                            self.prog.class(cls).java_name(),
                            self.prog.class(target).java_name()
                        );
                        return self.throw_new("java/lang/ClassCastException", Some(msg));
                    }
                }
            }
            Op::InstanceOf(n) => {
                let r = self.pop(m, f)?;
                let res = if r.as_ref() == 0 {
                    0
                } else {
                    let target = self.prog.load(n)?;
                    let cls = self.heap.get(r.as_ref()).map(|o| o.class).unwrap_or(target);
                    self.prog.is_subtype(cls, target) as i32
                };
                f.stack.push(Value::int(res));
            }
            Op::Unsupported(what) => {
                return Err(Halt::Vm(VmError::Unsupported {
                    what: what.to_string(),
                    method: m.display(),
                    pc,
                }));
            }
        }
        Ok(Flow::Next)
    }

    fn jump(&mut self, m: &Method, pc: u32, holds: bool, t: u32) -> Flow {
        let to = if holds { t } else { pc + 1 };
        self.cov.edge(m.id, pc, to);
        Flow::Jump(to)
    }

    fn cond_expr(&mut self, c: Cond, a: ExprId, b: ExprId) -> ExprId {
        match c {
            Cond::Eq => self.pool.bin(BinOp::Eq, a, b),
            Cond::Ne => self.pool.bin(BinOp::Ne, a, b),
            Cond::Lt => self.pool.bin(BinOp::Lt, a, b),
            Cond::Le => self.pool.bin(BinOp::Le, a, b),
            Cond::Gt => self.pool.bin(BinOp::Lt, b, a),
            Cond::Ge => self.pool.bin(BinOp::Le, b, a),
        }
    }

    pub(crate) fn switch_event(&mut self, m: &Method, pc: u32, key: ExprId, cases: Arc<[i32]>, arm: usize, default: bool) -> R<()> {
        let cond = switch_arm_cond(self.pool, key, &cases, arm);
        if self.pool.is_const(cond) {
            return Ok(());
        }
        self.push_event(Event {
            method: m.id,
            pc,
            kind: EventKind::Switch,
            dir: arm as u32,
            cond,
            alts: Alts::Switch { key, cases, default },
        })
    }

    fn arith(&mut self, m: &Method, f: &mut Frame, op: BinOp, a: Value, b: Value) -> R<Flow> {
        let int_div = matches!(op, BinOp::Div | BinOp::Rem) && matches!(b.v, Prim::Int(_) | Prim::Long(_));
        if int_div {
            let zero = matches!(b.v, Prim::Int(0) | Prim::Long(0));
            if let Some(sb) = b.s {
                let z = if matches!(b.v, Prim::Long(_)) {
                    self.pool.i64(0)
                } else {
                    self.pool.i32(0)
                };
                let c = self.pool.bin(BinOp::Eq, sb, z);
                self.branch(m, f.pc, EventKind::DivZero, c, zero)?;
            }
            if zero {
                return self.throw_new("java/lang/ArithmeticException", Some("/ by zero".into()));
            }
        }
        let v = eval_bin(op, scalar_of(a.v), scalar_of(b.v)).ok_or_else(|| self.invalid(m, f.pc, "arithmetic on mismatched values"))?;
        let s = if a.s.is_some() || b.s.is_some() {
            let (sa, sb) = (self.sym(&a), self.sym(&b));
            Some(self.pool.bin(op, sa, sb))
        } else {
            None
        };
        f.stack.push(Value { v: prim_of(v), s });
        Ok(Flow::Next)
    }

    fn field_slot(&mut self, r: &MemberRef) -> R<u32> {
        if let Some(Resolved::Field(s)) = r.resolved.get() {
            return Ok(*s);
        }
        let cid = self.prog.load(&r.class)?;
        let slot = self.prog.resolve_field(cid, &r.name, &r.desc).ok_or_else(|| {
            Halt::Vm(VmError::Unresolved(format!(
                "field {}.{}:{}",
                r.class.replace('/', "."),
                r.name,
                r.desc
            )))
        })?;
        let _ = r.resolved.set(Resolved::Field(slot));
        Ok(slot)
    }

    fn static_access(&mut self, m: &Method, f: &mut Frame, r: &MemberRef, put: bool) -> R<Flow> {
        let (cid, slot) = match r.resolved.get() {
            Some(Resolved::Static(c, s)) => (*c, *s),
            _ => {
                let c = self.prog.load(&r.class)?;
                let (dc, s) = self.prog.resolve_static(c, &r.name, &r.desc).ok_or_else(|| {
                    let jdk = r.class.starts_with("java/");
                    Halt::Vm(if jdk {
                        VmError::NoModel(format!("{}.{}", r.class, r.name))
                    } else {
                        VmError::Unresolved(format!("static field {}.{}:{}", r.class.replace('/', "."), r.name, r.desc))
                    })
                })?;
                let _ = r.resolved.set(Resolved::Static(dc, s));
                (dc, s)
            }
        };
        if let Some(fl) = self.init_flow(cid)? {
            return Ok(fl);
        }
        let pc = f.pc;
        let bad = || {
            Halt::Vm(VmError::Invalid {
                what: "static slot".into(),
                method: m.display(),
                pc,
            })
        };
        let class = self.statics.get_mut(cid as usize).and_then(|s| s.as_mut()).ok_or_else(bad)?;
        if put {
            let v = f.stack.pop().ok_or_else(|| {
                Halt::Vm(VmError::Invalid {
                    what: "stack underflow".into(),
                    method: m.display(),
                    pc,
                })
            })?;
            // Copies the class's slots only when a snapshot shares them.
            *Arc::make_mut(class).get_mut(slot as usize).ok_or_else(bad)? = v;
        } else {
            f.stack.push(*class.get(slot as usize).ok_or_else(bad)?);
        }
        Ok(Flow::Next)
    }

    fn invoke(&mut self, m: &Method, f: &mut Frame, kind: InvokeKind, r: &MemberRef) -> R<Flow> {
        let resolved = match r.resolved.get() {
            Some(Resolved::Method(id)) => *id,
            _ => {
                let c = self.prog.load(&r.class)?;
                let id = self.prog.resolve_method(c, &r.name, &r.desc).ok_or_else(|| {
                    let what = format!("{}.{}{}", r.class, r.name, r.desc);
                    Halt::Vm(if self.prog.class(c).is_user() {
                        VmError::Unresolved(format!("method {what}"))
                    } else {
                        VmError::NoModel(what)
                    })
                })?;
                let _ = r.resolved.set(Resolved::Method(id));
                id
            }
        };
        let Some(md) = r.mdesc.as_ref() else {
            return Err(self.invalid(m, f.pc, "method reference without descriptor"));
        };
        let n = md.params.len() + (kind != InvokeKind::Static) as usize;
        if f.stack.len() < n {
            return Err(self.invalid(m, f.pc, "operand stack underflow at call"));
        }
        let args: Vec<Value> = f.stack.split_off(f.stack.len() - n);
        let target = match kind {
            InvokeKind::Static => {
                let cid = self.prog.method(resolved).class;
                if let Some(fl) = self.init_flow(cid)? {
                    f.stack.extend(args);
                    return Ok(fl);
                }
                resolved
            }
            InvokeKind::Special => {
                if args[0].as_ref() == 0 {
                    return self.npe();
                }
                resolved
            }
            InvokeKind::Virtual | InvokeKind::Interface => {
                let recv = args[0].as_ref();
                if recv == 0 {
                    return self.npe();
                }
                let rc = self
                    .heap
                    .get(recv)
                    .map(|o| o.class)
                    .ok_or_else(|| self.invalid(m, f.pc, "dangling reference"))?;
                if let Some(li) = self.prog.lambda(rc)
                    && *li.sam_name == *r.name
                    && li.sam_desc.params.len() + 1 == args.len()
                {
                    let first = f.stack.len() as u32;
                    return match self.call_lambda(rc, args, first)? {
                        (NativeOut::Value(v), from) => {
                            if let Some(v) = v {
                                f.stack.push(v);
                                if self.tracker.active() {
                                    let to = Loc::Stack {
                                        frame: self.depth.saturating_sub(1),
                                        index: first,
                                    };
                                    self.tracker.copy(to, from);
                                }
                            }
                            Ok(Flow::Next)
                        }
                        (NativeOut::Throw(e), _) => Ok(Flow::Throw(e)),
                    };
                }
                let rm = self.prog.method(resolved);
                if rm.access & 0x0002 != 0 {
                    resolved // private methods are not overridden
                } else {
                    use std::sync::atomic::Ordering::Relaxed;
                    let last = r.dispatched.load(Relaxed);
                    if last != MemberRef::NO_DISPATCH && (last >> 32) as u32 == rc {
                        last as u32
                    } else {
                        match self.prog.dispatch(rc, &r.name, &r.desc) {
                            Some(t) => {
                                r.dispatched.store(((rc as u64) << 32) | t as u64, Relaxed);
                                t
                            }
                            None => {
                                let msg = format!("{}.{}{}", self.prog.class(rc).java_name(), r.name, r.desc);
                                return self.throw_new("java/lang/AbstractMethodError", Some(msg));
                            }
                        }
                    }
                }
            }
        };
        // Through the program, not a clone of its handle (a count every thread would share).
        let prog: &'a crate::program::Program = self.prog;
        let tm: &'a Method = prog.method(target);
        if tm.is_native() {
            return match natives::call(self, tm, &args)? {
                NativeOut::Value(v) => {
                    if let Some(v) = v {
                        f.stack.push(v);
                    }
                    Ok(Flow::Next)
                }
                NativeOut::Throw(r) => Ok(Flow::Throw(r)),
            };
        }
        if tm.is_abstract() {
            return self.throw_new("java/lang/AbstractMethodError", Some(tm.display()));
        }
        Ok(Flow::Call(target, args))
    }
}

/// The condition under which a switch takes arm `arm` (`cases.len()` = default).
pub fn switch_arm_cond(pool: &mut crate::symbolic::ExprPool, key: ExprId, cases: &[i32], arm: usize) -> ExprId {
    if let Some(c) = cases.get(arm) {
        let k = pool.i32(*c);
        return pool.bin(BinOp::Eq, key, k);
    }
    let contiguous = cases.windows(2).all(|w| w[1] == w[0].wrapping_add(1));
    if contiguous && !cases.is_empty() {
        let lo = pool.i32(cases[0]);
        let hi = pool.i32(cases[cases.len() - 1]);
        let below = pool.bin(BinOp::Lt, key, lo);
        let above = pool.bin(BinOp::Lt, hi, key);
        return pool.bin(BinOp::Or, below, above);
    }
    let mut acc = pool.bool(true);
    for c in cases {
        let k = pool.i32(*c);
        let ne = pool.bin(BinOp::Ne, key, k);
        acc = pool.bin(BinOp::And, acc, ne);
    }
    acc
}

/// Whether condition `c` holds between two concrete values.
pub fn cond_holds(c: Cond, a: i64, b: i64) -> bool {
    match c {
        Cond::Eq => a == b,
        Cond::Ne => a != b,
        Cond::Lt => a < b,
        Cond::Ge => a >= b,
        Cond::Gt => a > b,
        Cond::Le => a <= b,
    }
}

/// Narrows an int stored into a byte/char/short/boolean array (JVMS bastore/castore/sastore).
pub(crate) fn narrow<T: Tracker>(mm: &mut Machine<'_, T>, kind: ArrKind, v: Value) -> Value {
    let op = match kind {
        ArrKind::Byte => UnOp::I2B,
        ArrKind::Char => UnOp::I2C,
        ArrKind::Short => UnOp::I2S,
        ArrKind::Boolean => {
            let x = v.as_int() & 1;
            let s = v.s.map(|s| {
                let one = mm.pool.i32(1);
                mm.pool.bin(BinOp::And, s, one)
            });
            return Value { v: Prim::Int(x), s };
        }
        _ => return v,
    };
    let c = eval_un(op, scalar_of(v.v));
    let s = v.s.map(|s| mm.pool.un(op, s));
    Value { v: prim_of(c), s }
}

fn narrow_for_field<T: Tracker>(mm: &mut Machine<'_, T>, t: Option<&JType>, v: Value) -> Value {
    match t {
        Some(JType::Byte) => narrow(mm, ArrKind::Byte, v),
        Some(JType::Char) => narrow(mm, ArrKind::Char, v),
        Some(JType::Short) => narrow(mm, ArrKind::Short, v),
        Some(JType::Boolean) => narrow(mm, ArrKind::Boolean, v),
        _ => v,
    }
}
