//! The instruction loop: frames, calls (trampolined, never recursive), class initialisation,
//! exceptions, and the per-instruction concolic semantics.

use super::natives::{self, NativeOut};
use super::value::{default_for_type, kind_of_elem, Array, Body, Object};
use super::{Alts, ArgSpec, Entry, Event, EventKind, Machine, OutValue, Outcome, Prim, Value, VmError};
use crate::bytecode::{ArrKind, Cond, Constant, InvokeKind, JType, MemberRef, Method, Op, Resolved};
use crate::program::ClassId;
use crate::symbolic::expr::ElemSort;
use crate::symbolic::eval::{eval_bin, eval_un};
use crate::symbolic::{BinOp, ExprId, Node, Scalar, UnOp};
use std::sync::Arc;

/// A Java frame.
pub(crate) struct Frame {
    pub m: Arc<Method>,
    pub pc: u32,
    pub locals: Vec<Value>,
    pub stack: Vec<Value>,
    /// A class initialiser: returns nothing to the caller, which re-executes its instruction.
    pub clinit: bool,
}

/// Why execution stopped early: an engine error or a path end (limit, assume).
pub(crate) enum Halt {
    Vm(VmError),
    End(Outcome),
}

impl From<VmError> for Halt {
    fn from(e: VmError) -> Self {
        Halt::Vm(e)
    }
}

impl From<crate::program::LoadError> for Halt {
    fn from(e: crate::program::LoadError) -> Self {
        Halt::Vm(VmError::Load(e))
    }
}

pub(crate) type R<T> = Result<T, Halt>;

/// What an instruction asks the loop to do next.
pub(crate) enum Flow {
    Next,
    Jump(u32),
    Call(u32, Vec<Value>),
    Clinit(u32),
    Return(Option<Value>),
    Throw(u32),
}

/// How a call sequence ended.
pub(crate) enum Exit {
    Returned(Option<Value>),
    Threw(u32),
}

fn scalar_of(p: Prim) -> Scalar {
    match p {
        Prim::Int(i) => Scalar::I32(i),
        Prim::Long(i) => Scalar::I64(i),
        Prim::Float(f) => Scalar::F32(f),
        Prim::Double(d) => Scalar::F64(d),
        Prim::Ref(r) => Scalar::I32(r as i32),
        Prim::Top => Scalar::I32(0),
    }
}

fn prim_of(s: Scalar) -> Prim {
    match s {
        Scalar::I32(i) => Prim::Int(i),
        Scalar::I64(i) => Prim::Long(i),
        Scalar::F32(f) => Prim::Float(f),
        Scalar::F64(d) => Prim::Double(d),
        Scalar::Bool(b) => Prim::Int(b as i32),
    }
}

fn elem_sort(k: ArrKind) -> ElemSort {
    match k {
        ArrKind::Long => ElemSort::I64,
        ArrKind::Float => ElemSort::F32,
        ArrKind::Double => ElemSort::F64,
        _ => ElemSort::I32,
    }
}

impl Machine<'_> {
    pub(crate) fn invalid(&self, m: &Method, pc: u32, what: &str) -> Halt {
        Halt::Vm(VmError::Invalid { what: what.to_string(), method: m.display(), pc })
    }

    /// The symbolic term of a value (its shadow, or a constant for its concrete part).
    pub(crate) fn sym(&mut self, v: &Value) -> ExprId {
        match v.s {
            Some(s) => s,
            None => self.pool.scalar(scalar_of(v.v)),
        }
    }

    fn is_const(&self, e: ExprId) -> bool {
        self.pool.is_const(e)
    }

    /// Records a two-way branch event when `c` (the condition "jump taken"/"fault") is symbolic.
    pub(crate) fn branch(&mut self, m: &Method, pc: u32, kind: EventKind, c: ExprId, holds: bool) -> R<()> {
        if self.is_const(c) {
            return Ok(());
        }
        let cond = if holds { c } else { self.pool.not(c) };
        self.push_event(Event { method: m.id, pc, kind, dir: holds as u32, cond, alts: Alts::Negate })
    }

    pub(crate) fn push_event(&mut self, e: Event) -> R<()> {
        self.events.push(e);
        if self.events.len() > self.cfg.max_depth {
            return Err(Halt::End(Outcome::Limit(format!("max-depth {}", self.cfg.max_depth))));
        }
        Ok(())
    }

    // ----- class initialisation -------------------------------------------------------

    /// Initialises the statics of the first uninitialised class in `c`'s superclass chain (top
    /// first) and returns its `<clinit>` to run, or `None` when `c` is fully initialised.
    pub(crate) fn ensure_init(&mut self, c: ClassId) -> R<Option<u32>> {
        loop {
            let mut chain = vec![];
            let mut cur = Some(c);
            while let Some(id) = cur {
                if self.statics.get(id as usize).is_some_and(|s| s.is_some()) {
                    break;
                }
                chain.push(id);
                cur = self.prog.class(id).super_id;
            }
            let Some(&top) = chain.last() else { return Ok(None) };
            let class = self.prog.class(top).clone();
            let mut vals = Vec::with_capacity(class.statics.len());
            for (i, f) in class.statics.iter().enumerate() {
                let v = match self.prog.static_constant(top, i as u32).cloned() {
                    Some(Constant::Int(x)) => Value::int(x),
                    Some(Constant::Long(x)) => Value::long(x),
                    Some(Constant::Float(x)) => Value::float(x),
                    Some(Constant::Double(x)) => Value::double(x),
                    Some(Constant::String(s)) => Value::reference(self.literal(&s)?),
                    _ => default_for_type(&f.ty),
                };
                vals.push(v);
            }
            if self.statics.len() <= top as usize {
                self.statics.resize(top as usize + 1, None);
            }
            self.statics[top as usize] = Some(vals);
            if let Some(m) = self.prog.declared_method(top, "<clinit>", "()V") {
                return Ok(Some(m));
            }
        }
    }

    // ----- calls -----------------------------------------------------------------------

    pub(crate) fn new_frame(&mut self, mid: u32, args: Vec<Value>, clinit: bool) -> R<Frame> {
        let m = self.prog.method(mid).clone();
        let mut locals = Vec::with_capacity(m.max_locals as usize);
        for a in args {
            let wide = a.is_wide();
            locals.push(a);
            if wide {
                locals.push(Value::TOP);
            }
        }
        if locals.len() < m.max_locals as usize {
            locals.resize(m.max_locals as usize, Value::TOP);
        }
        let len = m.code.len();
        let cov = &mut self.cov.instrs;
        if cov.len() <= mid as usize {
            cov.resize(mid as usize + 1, Vec::new());
        }
        if cov[mid as usize].len() != len {
            cov[mid as usize] = vec![false; len];
        }
        Ok(Frame { m, pc: 0, locals, stack: Vec::with_capacity(8), clinit })
    }

    /// Runs frames until the stack shrinks back to `base`.
    pub(crate) fn execute(&mut self, frames: &mut Vec<Frame>, base: usize) -> R<Exit> {
        'outer: loop {
            let Some(top) = frames.last() else { return Ok(Exit::Returned(None)) };
            let m = top.m.clone();
            if m.code.is_empty() {
                return Err(self.invalid(&m, 0, "method has no code"));
            }
            loop {
                let Some(f) = frames.last_mut() else { continue 'outer };
                let pc = f.pc;
                let Some(op) = m.code.get(pc as usize) else {
                    return Err(self.invalid(&m, pc, "fell off the end of the code"));
                };
                self.steps += 1;
                if self.steps > self.cfg.max_steps {
                    return Err(Halt::End(Outcome::Limit(format!("max-steps {}", self.cfg.max_steps))));
                }
                if let Some(c) = self.cov.instrs.get_mut(m.id as usize).and_then(|v| v.get_mut(pc as usize)) {
                    *c = true;
                }
                match self.step(&m, f, op)? {
                    Flow::Next => f.pc += 1,
                    Flow::Jump(t) => f.pc = t,
                    Flow::Call(mid, args) => {
                        if frames.len() >= self.cfg.max_frames {
                            let fl = self.throw_new("java/lang/StackOverflowError", None)?;
                            let Flow::Throw(r) = fl else { continue };
                            if let Some(exit) = self.unwind(frames, base, r)? {
                                return Ok(exit);
                            }
                            continue 'outer;
                        }
                        let nf = self.new_frame(mid, args, false)?;
                        frames.push(nf);
                        continue 'outer;
                    }
                    Flow::Clinit(mid) => {
                        let nf = self.new_frame(mid, vec![], true)?;
                        frames.push(nf);
                        continue 'outer;
                    }
                    Flow::Return(v) => {
                        let done = frames.pop();
                        if frames.len() <= base {
                            return Ok(Exit::Returned(v));
                        }
                        if let (Some(caller), Some(done)) = (frames.last_mut(), done)
                            && !done.clinit
                        {
                            if let Some(v) = v {
                                caller.stack.push(v);
                            }
                            caller.pc += 1;
                        }
                        continue 'outer;
                    }
                    Flow::Throw(r) => {
                        self.throw_sites.entry(r).or_insert((m.id, pc));
                        if let Some(exit) = self.unwind(frames, base, r)? {
                            return Ok(exit);
                        }
                        continue 'outer;
                    }
                }
            }
        }
    }

    /// Finds a handler for exception `r`, popping frames; `Some(Threw)` when none above `base`.
    fn unwind(&mut self, frames: &mut Vec<Frame>, base: usize, r: u32) -> R<Option<Exit>> {
        let mut r = r;
        let mut exc_class = self.heap.get(r).map(|o| o.class).ok_or_else(|| Halt::Vm(VmError::Unresolved("exception object".into())))?;
        while frames.len() > base {
            let Some(f) = frames.last_mut() else { break };
            let pc = f.pc;
            let mut target = None;
            for h in &f.m.handlers {
                if pc < h.start || pc >= h.end {
                    continue;
                }
                let matches = match &h.catch {
                    None => true,
                    Some(name) => match self.prog.load(name) {
                        Ok(cid) => self.prog.is_subtype(exc_class, cid),
                        Err(_) => false,
                    },
                };
                if matches {
                    target = Some(h.handler);
                    break;
                }
            }
            if let Some(t) = target {
                f.stack.clear();
                f.stack.push(Value::reference(r));
                f.pc = t;
                return Ok(None);
            }
            if let Some(done) = frames.pop()
                && done.clinit
            {
                r = self.init_failed(done.m.class, r)?;
                exc_class = self.heap.get(r).map(|o| o.class).unwrap_or(exc_class);
            }
        }
        Ok(Some(Exit::Threw(r)))
    }

    /// A class initialiser threw `r`: the class becomes erroneous and the exception is wrapped
    /// in ExceptionInInitializerError unless it is an Error (JVMS §5.5).
    fn init_failed(&mut self, class: ClassId, r: u32) -> R<u32> {
        self.erroneous.insert(class);
        let exc = self.heap.get(r).map(|o| o.class);
        let is_error = match (exc, self.prog.load("java/lang/Error")) {
            (Some(e), Ok(err)) => self.prog.is_subtype(e, err),
            _ => false,
        };
        if is_error {
            return Ok(r);
        }
        let Flow::Throw(w) = self.throw_new("java/lang/ExceptionInInitializerError", None)? else { return Ok(r) };
        if self.prog.lookup("java/lang/ExceptionInInitializerError").and_then(|c| self.prog.resolve_field(c, "cause", "Ljava/lang/Throwable;")).is_some() {
            self.set_field_by_name(w, "cause", "Ljava/lang/Throwable;", Value::reference(r))?;
        }
        let site = self.throw_sites.get(&r).copied().unwrap_or((0, 0));
        self.throw_sites.entry(w).or_insert(site);
        Ok(w)
    }

    /// What an access to class `c` must do first: run an initialiser, throw (erroneous class),
    /// or nothing.
    pub(crate) fn init_flow(&mut self, c: ClassId) -> R<Option<Flow>> {
        let mut cur = Some(c);
        while let Some(id) = cur {
            if self.erroneous.contains(&id) {
                let msg = format!("Could not initialize class {}", self.prog.class(id).java_name());
                return Ok(Some(self.throw_new("java/lang/NoClassDefFoundError", Some(msg))?));
            }
            cur = self.prog.class(id).super_id;
        }
        Ok(self.ensure_init(c)?.map(Flow::Clinit))
    }

    /// Calls a method to completion (used for the driver and initialisers).
    pub(crate) fn call(&mut self, mid: u32, args: Vec<Value>) -> R<Exit> {
        let m = self.prog.method(mid).clone();
        if m.is_native() {
            return match natives::call(self, &m, &args)? {
                NativeOut::Value(v) => Ok(Exit::Returned(v)),
                NativeOut::Throw(r) => Ok(Exit::Threw(r)),
            };
        }
        let mut frames = vec![self.new_frame(mid, args, false)?];
        self.execute(&mut frames, 0)
    }

    /// Runs every pending initialiser of `c`; `Some(r)` if one threw.
    pub(crate) fn init_fully(&mut self, c: ClassId) -> R<Option<u32>> {
        while let Some(clinit) = self.ensure_init(c)? {
            if let Exit::Threw(r) = self.call(clinit, vec![])? {
                let owner = self.prog.method(clinit).class;
                return Ok(Some(self.init_failed(owner, r)?));
            }
        }
        Ok(None)
    }

    pub(crate) fn run_entry(&mut self, entry: &Entry) -> Result<Outcome, VmError> {
        match self.run_entry_inner(entry) {
            Ok(o) => Ok(o),
            Err(Halt::End(o)) => Ok(o),
            Err(Halt::Vm(e)) => Err(e),
        }
    }

    fn run_entry_inner(&mut self, entry: &Entry) -> R<Outcome> {
        if let Some(r) = self.init_fully(entry.class)? {
            return Ok(self.exception_outcome(r));
        }
        let m = self.prog.method(entry.method).clone();
        let mut args = Vec::new();
        if !m.is_static() {
            let obj = self.alloc_instance(entry.class)?;
            let init = self
                .prog
                .declared_method(entry.class, "<init>", "()V")
                .ok_or_else(|| Halt::Vm(VmError::Unresolved(format!("{}.<init>()V (an instance driver needs a no-argument constructor)", m.class_name.replace('/', ".")))))?;
            if let Exit::Threw(r) = self.call(init, vec![Value::reference(obj)])? {
                return Ok(self.exception_outcome(r));
            }
            args.push(Value::reference(obj));
        }
        for a in &entry.args {
            args.push(self.build_arg(a)?);
        }
        match self.call(entry.method, args)? {
            Exit::Returned(v) => Ok(Outcome::Return(v.map(|v| self.render(&v, &m.mdesc.ret)))),
            Exit::Threw(r) => Ok(self.exception_outcome(r)),
        }
    }

    fn build_arg(&mut self, a: &ArgSpec) -> R<Value> {
        Ok(match a {
            ArgSpec::Null => Value::NULL,
            ArgSpec::Scalar { var: Some(v), .. } => self.input_value(*v),
            ArgSpec::Scalar { concrete, .. } => Value { v: prim_of(*concrete), s: None },
            ArgSpec::Array { elem, vars } => {
                let kind = kind_of_elem(elem);
                let vals: Vec<Value> = vars.iter().map(|v| self.input_value(*v)).collect();
                let cls = self.prog.load(&format!("[{}", elem.descriptor()))?;
                Value::reference(self.heap.alloc(Object { class: cls, body: Body::Array(Array { kind, vals, len_sym: None, term: None }) }))
            }
        })
    }

    /// The value of input variable `v` with its symbolic shadow.
    pub(crate) fn input_value(&mut self, v: u32) -> Value {
        let sort = self.pool.var_sort(v);
        let s = self.pool.intern(Node::Var(v, sort));
        let c = self.input.get(v as usize).copied().unwrap_or(Scalar::I32(0));
        Value { v: prim_of(c), s: Some(s) }
    }

    pub(crate) fn exception_outcome(&mut self, r: u32) -> Outcome {
        self.last_uncaught = Some(r);
        let class = self.heap.get(r).map(|o| self.prog.class(o.class).java_name()).unwrap_or_default();
        let message = self.exception_message(r);
        Outcome::Exception { class, message }
    }

    /// Converts a value to a reportable one, using the declared type.
    pub fn render(&self, v: &Value, ty: &JType) -> OutValue {
        match (ty, v.v) {
            (JType::Boolean, Prim::Int(i)) => OutValue::Bool(i != 0),
            (JType::Char, Prim::Int(i)) => OutValue::Char(i as u16),
            (_, Prim::Int(i)) => OutValue::Int(i as i64),
            (_, Prim::Long(i)) => OutValue::Int(i),
            (_, Prim::Float(f)) => OutValue::Float(f),
            (_, Prim::Double(d)) => OutValue::Double(d),
            (_, Prim::Ref(0)) => OutValue::Null,
            (_, Prim::Ref(r)) => self.render_ref(r, 0),
            (_, Prim::Top) => OutValue::Null,
        }
    }

    fn render_ref(&self, r: u32, depth: usize) -> OutValue {
        let Some(o) = self.heap.get(r) else { return OutValue::Null };
        let cls = self.prog.class(o.class);
        if &*cls.name == "java/lang/String"
            && let Some(s) = self.read_string(r)
        {
            return OutValue::Str(s);
        }
        if let (Body::Array(a), Some(et), true) = (&o.body, &cls.array_elem, depth < 4) {
            return OutValue::Array(
                a.vals
                    .iter()
                    .map(|v| match v.v {
                        Prim::Ref(0) => OutValue::Null,
                        Prim::Ref(x) => self.render_ref(x, depth + 1),
                        _ => self.render(v, et),
                    })
                    .collect(),
            );
        }
        OutValue::Object(cls.java_name())
    }

    // ----- allocation and exceptions ---------------------------------------------------

    pub(crate) fn alloc_instance(&mut self, c: ClassId) -> R<u32> {
        let cls = self.prog.class(c).clone();
        let fields = cls.layout.iter().map(|(_, f)| default_for_type(&f.ty)).collect();
        Ok(self.heap.alloc(Object { class: c, body: Body::Fields(fields) }))
    }

    pub(crate) fn new_array(&mut self, elem: &JType, len: usize) -> R<u32> {
        let cls = self.prog.load(&format!("[{}", elem.descriptor()))?;
        let kind = kind_of_elem(elem);
        let vals = vec![Value::default_for(kind); len];
        Ok(self.heap.alloc(Object { class: cls, body: Body::Array(Array { kind, vals, len_sym: None, term: None }) }))
    }

    /// Sets an instance field by name (used for VM-created objects).
    pub(crate) fn set_field_by_name(&mut self, obj: u32, name: &str, desc: &str, v: Value) -> R<()> {
        let Some(o) = self.heap.get(obj) else { return Ok(()) };
        let cls = o.class;
        let slot = self
            .prog
            .resolve_field(cls, name, desc)
            .ok_or_else(|| Halt::Vm(VmError::NoModel(format!("field {}.{name} (the library model lacks it)", self.prog.class(cls).java_name()))))?;
        if let Some(Object { body: Body::Fields(fs), .. }) = self.heap.get_mut(obj)
            && let Some(f) = fs.get_mut(slot as usize)
        {
            *f = v;
        }
        Ok(())
    }

    pub(crate) fn get_field_by_name(&self, obj: u32, name: &str, desc: &str) -> Option<Value> {
        let o = self.heap.get(obj)?;
        let slot = self.prog.resolve_field(o.class, name, desc)?;
        match &o.body {
            Body::Fields(fs) => fs.get(slot as usize).copied(),
            Body::Array(_) => None,
        }
    }

    fn exception_message(&self, r: u32) -> Option<String> {
        let v = self.get_field_by_name(r, "detailMessage", "Ljava/lang/String;")?;
        self.read_string(v.as_ref())
    }

    /// Creates and throws a VM exception with the given message.
    pub(crate) fn throw_new(&mut self, class: &str, msg: Option<String>) -> R<Flow> {
        let cid = self.prog.load(class).map_err(|_| Halt::Vm(VmError::NoModel(class.to_string())))?;
        let obj = self.alloc_instance(cid)?;
        if let Some(m) = msg {
            let units: Vec<u16> = m.encode_utf16().collect();
            let s = self.new_string(&units)?;
            self.set_field_by_name(obj, "detailMessage", "Ljava/lang/String;", Value::reference(s))?;
        }
        Ok(Flow::Throw(obj))
    }

    fn npe(&mut self) -> R<Flow> {
        self.throw_new("java/lang/NullPointerException", None)
    }

    // ----- the instructions ------------------------------------------------------------

    fn pop(&self, m: &Method, f: &mut Frame) -> R<Value> {
        f.stack.pop().ok_or_else(|| self.invalid(m, f.pc, "operand stack underflow"))
    }

    fn step(&mut self, m: &Method, f: &mut Frame, op: &Op) -> R<Flow> {
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
                let v = *f.locals.get(*n as usize).ok_or_else(|| self.invalid(m, pc, "bad local index"))?;
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
                let l = f.locals.get_mut(*n as usize).ok_or_else(|| Halt::Vm(VmError::Invalid { what: "bad local".into(), method: m.display(), pc }))?;
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
                let v = eval_bin(*bop, scalar_of(a.v), scalar_of(b.v)).ok_or_else(|| self.invalid(m, pc, "compare of mismatched values"))?;
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
                let arm = if idx >= 0 && (idx as usize) < targets.len() { idx as usize } else { targets.len() };
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
                f.stack.push(v);
            }
            Op::PutField(r) => {
                let v = self.pop(m, f)?;
                let obj = self.pop(m, f)?;
                if obj.as_ref() == 0 {
                    return self.npe();
                }
                let slot = self.field_slot(r)?;
                let v = narrow_for_field(self, r.ftype.as_ref(), v);
                match self.heap.get_mut(obj.as_ref()).map(|o| &mut o.body) {
                    Some(Body::Fields(fs)) if (slot as usize) < fs.len() => fs[slot as usize] = v,
                    _ => return Err(self.invalid(m, pc, "putfield on an object without that field")),
                }
            }
            Op::Invoke(kind, r) => return self.invoke(m, f, *kind, r),
            Op::InvokeDynamic(_) => return Err(Halt::Vm(VmError::Unsupported { what: "invokedynamic".into(), method: m.display(), pc })),
            Op::New(n) => {
                let cid = self.prog.load(n)?;
                if let Some(fl) = self.init_flow(cid)? {
                    return Ok(fl);
                }
                let cls = self.prog.class(cid);
                if cls.is_interface() || cls.access & 0x0400 != 0 {
                    return self.throw_new("java/lang/InstantiationError", Some(cls.java_name()));
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
                let elem = if n.starts_with('[') { JType::parse(n).unwrap_or(JType::Object(n.clone())) } else { JType::Object(n.clone()) };
                return self.new_array_op(m, f, &elem);
            }
            Op::MultiANewArray(desc, dims) => return self.multi_new_array(m, f, desc, *dims),
            Op::ArrayLength => {
                let a = self.pop(m, f)?;
                if a.as_ref() == 0 {
                    return self.npe();
                }
                let v = match self.heap.get(a.as_ref()).map(|o| &o.body) {
                    Some(Body::Array(arr)) => Value { v: Prim::Int(arr.vals.len() as i32), s: arr.len_sym },
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
                return Err(Halt::Vm(VmError::Unsupported { what: what.to_string(), method: m.display(), pc }));
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

    fn switch_event(&mut self, m: &Method, pc: u32, key: ExprId, cases: Arc<[i32]>, arm: usize, default: bool) -> R<()> {
        let cond = switch_arm_cond(self.pool, key, &cases, arm);
        if self.pool.is_const(cond) {
            return Ok(());
        }
        self.push_event(Event { method: m.id, pc, kind: EventKind::Switch, dir: arm as u32, cond, alts: Alts::Switch { key, cases, default } })
    }

    fn arith(&mut self, m: &Method, f: &mut Frame, op: BinOp, a: Value, b: Value) -> R<Flow> {
        let int_div = matches!(op, BinOp::Div | BinOp::Rem) && matches!(b.v, Prim::Int(_) | Prim::Long(_));
        if int_div {
            let zero = matches!(b.v, Prim::Int(0) | Prim::Long(0));
            if let Some(sb) = b.s {
                let z = if matches!(b.v, Prim::Long(_)) { self.pool.i64(0) } else { self.pool.i32(0) };
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
        let slot = self
            .prog
            .resolve_field(cid, &r.name, &r.desc)
            .ok_or_else(|| Halt::Vm(VmError::Unresolved(format!("field {}.{}:{}", r.class.replace('/', "."), r.name, r.desc))))?;
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
        let cell = self
            .statics
            .get_mut(cid as usize)
            .and_then(|s| s.as_mut())
            .and_then(|s| s.get_mut(slot as usize))
            .ok_or_else(|| Halt::Vm(VmError::Invalid { what: "static slot".into(), method: m.display(), pc: f.pc }))?;
        if put {
            let v = f.stack.pop().ok_or_else(|| Halt::Vm(VmError::Invalid { what: "stack underflow".into(), method: m.display(), pc: f.pc }))?;
            *cell = v;
        } else {
            f.stack.push(*cell);
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
                    Halt::Vm(if self.prog.class(c).is_user() { VmError::Unresolved(format!("method {what}")) } else { VmError::NoModel(what) })
                })?;
                let _ = r.resolved.set(Resolved::Method(id));
                id
            }
        };
        let Some(md) = r.mdesc.as_ref() else { return Err(self.invalid(m, f.pc, "method reference without descriptor")) };
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
                let rc = self.heap.get(recv).map(|o| o.class).ok_or_else(|| self.invalid(m, f.pc, "dangling reference"))?;
                let rm = self.prog.method(resolved);
                if rm.access & 0x0002 != 0 {
                    resolved // private methods are not overridden
                } else {
                    match self.prog.dispatch(rc, &r.name, &r.desc) {
                        Some(t) => t,
                        None => {
                            let msg = format!("{}.{}{}", self.prog.class(rc).java_name(), r.name, r.desc);
                            return self.throw_new("java/lang/AbstractMethodError", Some(msg));
                        }
                    }
                }
            }
        };
        let tm = self.prog.method(target).clone();
        if tm.is_native() {
            return match natives::call(self, &tm, &args)? {
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

    fn new_array_op(&mut self, m: &Method, f: &mut Frame, elem: &JType) -> R<Flow> {
        let n = self.pop(m, f)?;
        let len = n.as_int();
        if let Some(s) = n.s {
            let z = self.pool.i32(0);
            let c = self.pool.bin(BinOp::Lt, s, z);
            self.branch(m, f.pc, EventKind::NegSize, c, len < 0)?;
        }
        if len < 0 {
            return self.throw_new("java/lang/NegativeArraySizeException", Some(len.to_string()));
        }
        let r = self.new_array(elem, len as usize)?;
        if let (Some(s), Some(Object { body: Body::Array(a), .. })) = (n.s, self.heap.get_mut(r)) {
            a.len_sym = Some(s);
        }
        f.stack.push(Value::reference(r));
        Ok(Flow::Next)
    }

    fn multi_new_array(&mut self, m: &Method, f: &mut Frame, desc: &str, dims: u8) -> R<Flow> {
        let mut counts = Vec::new();
        for _ in 0..dims {
            counts.push(self.pop(m, f)?);
        }
        counts.reverse();
        for c in &counts {
            if let Some(s) = c.s {
                let z = self.pool.i32(0);
                let cnd = self.pool.bin(BinOp::Lt, s, z);
                self.branch(m, f.pc, EventKind::NegSize, cnd, c.as_int() < 0)?;
            }
            if c.as_int() < 0 {
                return self.throw_new("java/lang/NegativeArraySizeException", Some(c.as_int().to_string()));
            }
        }
        let ty = JType::parse(desc).ok_or_else(|| self.invalid(m, f.pc, "bad multianewarray descriptor"))?;
        let r = self.build_multi(&ty, &counts)?;
        f.stack.push(Value::reference(r));
        Ok(Flow::Next)
    }

    fn build_multi(&mut self, ty: &JType, counts: &[Value]) -> R<u32> {
        let JType::Array(elem) = ty else { return Ok(0) };
        let n = counts[0].as_int().max(0) as usize;
        let r = self.new_array(elem, n)?;
        if let (Some(s), Some(Object { body: Body::Array(a), .. })) = (counts[0].s, self.heap.get_mut(r)) {
            a.len_sym = Some(s);
        }
        if counts.len() > 1 {
            for i in 0..n {
                let sub = self.build_multi(elem, &counts[1..])?;
                if let Some(Object { body: Body::Array(a), .. }) = self.heap.get_mut(r) {
                    a.vals[i] = Value::reference(sub);
                }
            }
        }
        Ok(r)
    }

    /// Checks an array access; returns the concrete index, or a flow that throws.
    fn check_index(&mut self, m: &Method, f: &Frame, arr: u32, idx: Value) -> R<Result<(usize, Option<ExprId>, ArrKind), Flow>> {
        let (len, len_sym, kind) = match self.heap.get(arr).map(|o| &o.body) {
            Some(Body::Array(a)) => (a.vals.len(), a.len_sym, a.kind),
            _ => return Err(self.invalid(m, f.pc, "array access on a non-array")),
        };
        let i = idx.as_int();
        let ok = i >= 0 && (i as usize) < len;
        if idx.s.is_some() || len_sym.is_some() {
            let si = self.sym(&idx);
            let sl = match len_sym {
                Some(s) => s,
                None => self.pool.i32(len as i32),
            };
            let inb = self.pool.bin(BinOp::ULt, si, sl);
            let fault = self.pool.not(inb);
            self.branch(m, f.pc, EventKind::Bounds, fault, !ok)?;
        }
        if !ok {
            let msg = format!("Index {i} out of bounds for length {len}");
            return Ok(Err(self.throw_new("java/lang/ArrayIndexOutOfBoundsException", Some(msg))?));
        }
        let mut sym_idx = idx.s;
        if let Some(si) = idx.s
            && (self.cfg.arrays == super::ArrayMode::Concretize || kind == ArrKind::Ref)
        {
            // Pin the index: a multi-way event whose arms are the in-bounds index values.
            let cases: Arc<[i32]> = (0..len as i32).collect();
            self.switch_event(m, f.pc, si, cases, i as usize, false)?;
            sym_idx = None;
        }
        Ok(Ok((i as usize, sym_idx, kind)))
    }

    fn array_term(&mut self, arr: u32) -> Option<ExprId> {
        let (kind, vals, term) = match self.heap.get(arr).map(|o| &o.body) {
            Some(Body::Array(a)) => (a.kind, a.vals.clone(), a.term),
            _ => return None,
        };
        if let Some(t) = term {
            return Some(t);
        }
        let es = elem_sort(kind);
        let d = self.pool.scalar(scalar_of(Value::default_for(kind).v));
        let mut t = self.pool.const_array(es, d);
        for (i, v) in vals.iter().enumerate() {
            if v.s.is_some() || scalar_of(v.v) != scalar_of(Value::default_for(kind).v) {
                let idx = self.pool.i32(i as i32);
                let sv = self.sym(v);
                t = self.pool.store(t, idx, sv);
            }
        }
        if let Some(Object { body: Body::Array(a), .. }) = self.heap.get_mut(arr) {
            a.term = Some(t);
        }
        Some(t)
    }

    fn array_load(&mut self, m: &Method, f: &mut Frame, _k: ArrKind) -> R<Flow> {
        let idx = self.pop(m, f)?;
        let a = self.pop(m, f)?;
        if a.as_ref() == 0 {
            return self.npe();
        }
        let (i, sym_idx, _kind) = match self.check_index(m, f, a.as_ref(), idx)? {
            Ok(x) => x,
            Err(flow) => return Ok(flow),
        };
        let (cv, term) = match self.heap.get(a.as_ref()).map(|o| &o.body) {
            Some(Body::Array(arr)) => (arr.vals[i], arr.term),
            _ => return Err(self.invalid(m, f.pc, "array")),
        };
        let s = match (sym_idx, term) {
            (Some(si), _) => {
                let t = self.array_term(a.as_ref());
                t.map(|t| self.pool.select(t, si))
            }
            (None, Some(t)) => {
                let k = self.pool.i32(i as i32);
                Some(self.pool.select(t, k))
            }
            (None, None) => cv.s,
        };
        let s = s.filter(|e| !self.pool.is_const(*e));
        f.stack.push(Value { v: cv.v, s });
        Ok(Flow::Next)
    }

    fn array_store(&mut self, m: &Method, f: &mut Frame, k: ArrKind) -> R<Flow> {
        let v = self.pop(m, f)?;
        let idx = self.pop(m, f)?;
        let a = self.pop(m, f)?;
        if a.as_ref() == 0 {
            return self.npe();
        }
        let (i, sym_idx, kind) = match self.check_index(m, f, a.as_ref(), idx)? {
            Ok(x) => x,
            Err(flow) => return Ok(flow),
        };
        if kind == ArrKind::Ref && v.as_ref() != 0 {
            let ac = self.heap.get(a.as_ref()).map(|o| o.class);
            let vc = self.heap.get(v.as_ref()).map(|o| o.class);
            if let (Some(ac), Some(vc)) = (ac, vc)
                && let Some(et) = self.prog.class(ac).array_elem.clone()
                && let Ok(ec) = self.prog.load(&crate::program::arr_elem_name(&et))
                && !self.prog.is_subtype(vc, ec)
            {
                let name = self.prog.class(vc).java_name();
                return self.throw_new("java/lang/ArrayStoreException", Some(name));
            }
        }
        let kind = if k == ArrKind::Byte && kind == ArrKind::Boolean { ArrKind::Boolean } else { kind };
        let v = narrow(self, kind, v);
        let term = match self.heap.get(a.as_ref()).map(|o| &o.body) {
            Some(Body::Array(arr)) => arr.term,
            _ => None,
        };
        let new_term = if sym_idx.is_some() || term.is_some() {
            let t = self.array_term(a.as_ref());
            let si = match sym_idx {
                Some(s) => s,
                None => self.pool.i32(i as i32),
            };
            let sv = self.sym(&v);
            t.map(|t| self.pool.store(t, si, sv))
        } else {
            None
        };
        if let Some(Object { body: Body::Array(arr), .. }) = self.heap.get_mut(a.as_ref()) {
            arr.vals[i] = v;
            if new_term.is_some() {
                arr.term = new_term;
            }
        }
        Ok(Flow::Next)
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

fn cond_holds(c: Cond, a: i64, b: i64) -> bool {
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
fn narrow(mm: &mut Machine<'_>, kind: ArrKind, v: Value) -> Value {
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

fn narrow_for_field(mm: &mut Machine<'_>, t: Option<&JType>, v: Value) -> Value {
    match t {
        Some(JType::Byte) => narrow(mm, ArrKind::Byte, v),
        Some(JType::Char) => narrow(mm, ArrKind::Char, v),
        Some(JType::Short) => narrow(mm, ArrKind::Short, v),
        Some(JType::Boolean) => narrow(mm, ArrKind::Boolean, v),
        _ => v,
    }
}

impl Node {
    /// True for an input variable node.
    pub fn is_var(&self) -> bool {
        matches!(self, Node::Var(..))
    }
}
