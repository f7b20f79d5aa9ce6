//! The instruction loop: frames, calls (trampolined, never recursive), class initialisation,
//! exceptions, and the per-instruction concolic semantics.

use super::location::{Site, Src};
use super::natives::{self, NativeOut};
use super::ops::{prim_of, scalar_of};
use super::shadow::{CallKind, FramePush, Tracker, Verdict};
use super::value::{Array, Body, Object, default_for_type, kind_of_elem};
use super::{Alts, ArgSpec, Entry, Event, EventKind, Machine, OutValue, Outcome, Prim, Value, VmError};
use crate::bytecode::{Constant, JType, Method};
use crate::program::ClassId;
use crate::symbolic::{ExprId, Node};
use std::sync::Arc;

/// A Java frame.
#[derive(Clone, Debug)]
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

impl<'a, T: Tracker> Machine<'a, T> {
    pub(crate) fn invalid(&self, m: &Method, pc: u32, what: &str) -> Halt {
        Halt::Vm(VmError::Invalid {
            what: what.to_string(),
            method: m.display(),
            pc,
        })
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
        self.push_event(Event {
            method: m.id,
            pc,
            kind,
            dir: holds as u32,
            cond,
            alts: Alts::Negate,
        })
    }

    pub(crate) fn push_event(&mut self, e: Event) -> R<()> {
        self.events.push(e);
        if self.events.len() > self.cfg.max_depth {
            return Err(Halt::End(Outcome::Limit(format!("max-depth {}", self.cfg.max_depth))));
        }
        if self.tracker.active()
            && let Some(e) = self.events.last()
            && let Verdict::Cut(why) = self.tracker.event(self.events.len() - 1, e)
        {
            return Err(Halt::End(Outcome::Cut(why)));
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
            let slots = vals.len();
            self.statics[top as usize] = Some(Arc::new(vals));
            if self.tracker.active() {
                self.tracker.statics_ready(top, slots);
            }
            if let Some(m) = self.prog.declared_method(top, "<clinit>", "()V") {
                return Ok(Some(m));
            }
        }
    }

    // ----- calls -----------------------------------------------------------------------

    /// A frame for method `mid` (pushed by the caller; `kind` says why, for the tracker).
    pub(crate) fn new_frame(&mut self, mid: u32, args: Vec<Value>, clinit: bool, kind: CallKind<'_>) -> R<Frame> {
        let m = self.prog.method(mid).clone();
        if self.tracker.active() {
            self.tracker.frame_push(&FramePush {
                frame: self.depth,
                method: &m,
                args: &args,
                kind,
            });
            self.depth += 1;
        }
        let mut locals = self.spare.pop().unwrap_or_default();
        locals.reserve(m.max_locals as usize);
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
        let stack = self.spare.pop().unwrap_or_else(|| Vec::with_capacity(8));
        self.cov.method_instrs(mid, m.code.len());
        Ok(Frame {
            m,
            pc: 0,
            locals,
            stack,
            clinit,
        })
    }

    /// Keeps a returned frame's vectors for the next calls.
    fn recycle(&mut self, f: Frame) {
        const KEEP: usize = 64;
        for mut v in [f.locals, f.stack] {
            if self.spare.len() < KEEP && v.capacity() <= 256 {
                v.clear();
                self.spare.push(v);
            }
        }
    }

    /// An empty frame stack for an `execute` loop: a pooled one if there is one.
    pub(crate) fn take_frames(&mut self) -> Vec<Frame> {
        self.frame_bufs.pop().unwrap_or_else(|| Vec::with_capacity(16))
    }

    /// Keeps an `execute` loop's frame stack for the next loop (its frames, if an error left
    /// any, give their buffers to [`Machine::recycle`]); one a deep recursion grew is freed.
    pub(crate) fn give_frames(&mut self, mut frames: Vec<Frame>) {
        const KEEP: usize = 8;
        const MAX_FRAMES: usize = 1024;
        for f in frames.drain(..) {
            self.recycle(f);
        }
        if self.frame_bufs.len() < KEEP && frames.capacity() <= MAX_FRAMES {
            self.frame_bufs.push(frames);
        }
    }

    /// Runs frames until the stack shrinks back to `base`.
    pub(crate) fn execute(&mut self, frames: &mut Vec<Frame>, base: usize) -> R<Exit> {
        'outer: loop {
            let Some(top) = frames.last() else {
                return Ok(Exit::Returned(None));
            };
            // The method through the program (its tables never move), not a clone of the
            // frame's handle: a reference count shared by every thread running the method
            // would bounce between cores at every call and return.
            let prog: &'a crate::program::Program = self.prog;
            let m: &'a Method = prog.method(top.m.id);
            if m.code.is_empty() {
                return Err(self.invalid(m, 0, "method has no code"));
            }
            loop {
                let Some(f) = frames.last_mut() else { continue 'outer };
                let pc = f.pc;
                let Some(op) = m.code.get(pc as usize) else {
                    return Err(self.invalid(m, pc, "fell off the end of the code"));
                };
                let snap = if self.capture && self.snapshot_point(op, frames) {
                    self.snapshot(frames)
                } else {
                    None
                };
                self.steps += 1;
                if self.steps > self.cfg.max_steps {
                    return Err(Halt::End(Outcome::Limit(format!("max-steps {}", self.cfg.max_steps))));
                }
                if self.steps.is_multiple_of(crate::vm::BUDGET_POLL_STEPS)
                    && let Some(why) = self.cfg.budget.as_ref().and_then(|b| b.poll())
                {
                    return Err(Halt::End(Outcome::Limit(crate::budget::reason(why).to_string())));
                }
                if let Some(c) = self.cov.instrs.get_mut(m.id as usize).and_then(|v| v.get_mut(pc as usize))
                    && !*c
                {
                    *c = true;
                    self.cov.instr_new(m.id, pc);
                }
                if self.tracker.active() && self.tracker.wants_points() && super::shadow::is_conditional(op) {
                    self.track_point(m, frames, op)?;
                }
                let Some(f) = frames.last_mut() else { continue 'outer };
                let at = if self.tracker.active() {
                    let at = self.access(m, f, op);
                    self.track_before(m, f, op, &at)?;
                    Some(at)
                } else {
                    None
                };
                self.cur_frames = frames.len();
                let Some(f) = frames.last_mut() else { continue 'outer };
                let flow = self.step(m, f, op)?;
                if let Some(snap) = snap
                    && self.events.len() == snap.event() + 1
                {
                    self.captured.push(Arc::new(snap));
                }
                if let Some(at) = &at {
                    self.track_after(m, f, op, at, &flow)?;
                }
                match flow {
                    Flow::Next => f.pc += 1,
                    Flow::Jump(t) => f.pc = t,
                    Flow::Call(mid, args) => {
                        if self.outer_frames + frames.len() >= self.cfg.max_frames {
                            let fl = self.throw_new("java/lang/StackOverflowError", None)?;
                            let Flow::Throw(r) = fl else { continue };
                            Arc::make_mut(&mut self.tables).throw_sites.entry(r).or_insert((m.id, pc));
                            if self.tracker.active() {
                                self.tracker.thrown(r, Site { method: m.id, pc });
                            }
                            if let Some(exit) = self.unwind(frames, base, r)? {
                                return Ok(exit);
                            }
                            continue 'outer;
                        }
                        let nf = self.new_frame(mid, args, false, CallKind::Invoke)?;
                        frames.push(nf);
                        continue 'outer;
                    }
                    Flow::Clinit(mid) => {
                        let nf = self.new_frame(mid, vec![], true, CallKind::Clinit)?;
                        frames.push(nf);
                        continue 'outer;
                    }
                    Flow::Return(v) => {
                        let done = frames.pop();
                        self.frames_low = self.frames_low.min(frames.len().saturating_sub(1));
                        if self.tracker.active()
                            && let Some(d) = &done
                        {
                            self.track_return(frames, base, d, v.as_ref());
                        }
                        if frames.len() <= base {
                            return Ok(Exit::Returned(v));
                        }
                        if let Some(done) = done {
                            if let Some(caller) = frames.last_mut()
                                && !done.clinit
                            {
                                if let Some(v) = v {
                                    caller.stack.push(v);
                                }
                                caller.pc += 1;
                            }
                            self.recycle(done);
                        }
                        continue 'outer;
                    }
                    Flow::Throw(r) => {
                        Arc::make_mut(&mut self.tables).throw_sites.entry(r).or_insert((m.id, pc));
                        if self.tracker.active() {
                            self.tracker.thrown(r, Site { method: m.id, pc });
                        }
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
        let mut exc_class = self
            .heap
            .get(r)
            .map(|o| o.class)
            .ok_or_else(|| Halt::Vm(VmError::Unresolved("exception object".into())))?;
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
                        Err(e) if e.is_verify() => return Err(e.into()),
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
                if self.tracker.active() {
                    self.tracker.caught(r, self.depth - 1, Site { method: f.m.id, pc }, t);
                }
                return Ok(None);
            }
            let popped = frames.pop();
            self.frames_low = self.frames_low.min(frames.len().saturating_sub(1));
            if self.tracker.active()
                && let Some(d) = &popped
            {
                self.track_unwound(d);
            }
            if let Some(done) = popped
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
        Arc::make_mut(&mut self.tables).erroneous.insert(class);
        let exc = self.heap.get(r).map(|o| o.class);
        let is_error = match (exc, self.prog.load("java/lang/Error")) {
            (Some(e), Ok(err)) => self.prog.is_subtype(e, err),
            _ => false,
        };
        if is_error {
            return Ok(r);
        }
        let Flow::Throw(w) = self.throw_new("java/lang/ExceptionInInitializerError", None)? else {
            return Ok(r);
        };
        if self
            .prog
            .lookup("java/lang/ExceptionInInitializerError")
            .and_then(|c| self.prog.resolve_field(c, "cause", "Ljava/lang/Throwable;"))
            .is_some()
        {
            self.set_field_by_name(w, "cause", "Ljava/lang/Throwable;", Value::reference(r))?;
        }
        let site = self.tables.throw_sites.get(&r).copied().unwrap_or((0, 0));
        Arc::make_mut(&mut self.tables).throw_sites.entry(w).or_insert(site);
        if self.tracker.active() {
            self.tracker.wrapped(w, r);
        }
        Ok(w)
    }

    /// What an access to class `c` must do first: run an initialiser, throw (erroneous class),
    /// or nothing.
    pub(crate) fn init_flow(&mut self, c: ClassId) -> R<Option<Flow>> {
        let mut cur = Some(c);
        while let Some(id) = cur {
            if self.tables.erroneous.contains(&id) {
                let msg = format!("Could not initialize class {}", self.prog.class(id).java_name());
                return Ok(Some(self.throw_new("java/lang/NoClassDefFoundError", Some(msg))?));
            }
            cur = self.prog.class(id).super_id;
        }
        Ok(self.ensure_init(c)?.map(Flow::Clinit))
    }

    /// Calls a method to completion (used for the driver and initialisers), with fresh
    /// arguments.
    pub(crate) fn call(&mut self, mid: u32, args: Vec<Value>) -> R<Exit> {
        self.call_with(mid, args, &[])
    }

    /// Calls a method to completion; `srcs` says where each argument came from (for the tracker;
    /// empty when all are fresh).
    pub(crate) fn call_with(&mut self, mid: u32, args: Vec<Value>, srcs: &[Src]) -> R<Exit> {
        let m = self.prog.method(mid).clone();
        if m.is_native() {
            return match natives::call(self, &m, &args)? {
                NativeOut::Value(v) => Ok(Exit::Returned(v)),
                NativeOut::Throw(r) => Ok(Exit::Threw(r)),
            };
        }
        // Calls from natives and class initialisation nest `execute` on the Rust stack: the
        // frames of the enclosing loops count toward --max-stack-depth too.
        let (outer, cur) = (self.outer_frames, self.cur_frames);
        if outer + cur >= self.cfg.max_frames {
            return match self.throw_new("java/lang/StackOverflowError", None)? {
                Flow::Throw(r) => Ok(Exit::Threw(r)),
                _ => Ok(Exit::Returned(None)),
            };
        }
        let site = self.site;
        let first = self.new_frame(mid, args, false, CallKind::Vm(srcs))?;
        let mut frames = self.take_frames();
        frames.push(first);
        self.outer_frames = outer + cur;
        self.nesting += 1;
        let exit = self.execute(&mut frames, 0);
        self.give_frames(frames);
        self.nesting -= 1;
        (self.outer_frames, self.cur_frames) = (outer, cur);
        if self.tracker.active() {
            self.site = site;
        }
        exit
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
        if self.tracker.active() {
            self.site = Site {
                method: entry.method,
                pc: Site::VM_PC,
            };
        }
        if let Some(r) = self.init_fully(entry.class)? {
            return Ok(self.exception_outcome(r));
        }
        let m = self.prog.method(entry.method).clone();
        let mut args = Vec::new();
        if !m.is_static() {
            let obj = self.alloc_instance(entry.class)?;
            let init = self.prog.declared_method(entry.class, "<init>", "()V").ok_or_else(|| {
                Halt::Vm(VmError::Unresolved(format!(
                    "{}.<init>()V (an instance driver needs a no-argument constructor)",
                    m.class_name.replace('/', ".")
                )))
            })?;
            if let Exit::Threw(r) = self.call(init, vec![Value::reference(obj)])? {
                return Ok(self.exception_outcome(r));
            }
            args.push(Value::reference(obj));
        }
        for a in &entry.args {
            args.push(self.build_arg(a)?);
        }
        self.in_driver = true;
        let exit = self.call(entry.method, args)?;
        self.in_driver = false;
        Ok(self.driver_outcome(entry, exit))
    }

    /// The outcome of a run whose driver call ended with `exit`.
    fn driver_outcome(&mut self, entry: &Entry, exit: Exit) -> Outcome {
        let prog = self.prog;
        let m = prog.method(entry.method);
        match exit {
            Exit::Returned(v) => {
                if let Some(Value { v: Prim::Ref(r), .. }) = v
                    && r != 0
                    && !self.tables.lazy.is_empty()
                {
                    self.lazy_returned(r);
                }
                Outcome::Return(v.map(|v| self.render(&v, &m.mdesc.ret)))
            }
            Exit::Threw(r) => self.exception_outcome(r),
        }
    }

    /// Runs the driver's restored frames (a snapshot's) to the end of the path.
    pub(crate) fn resume_entry(&mut self, entry: &Entry, frames: &mut Vec<Frame>) -> Result<Outcome, VmError> {
        (self.nesting, self.in_driver) = (1, true);
        let exit = self.execute(frames, 0);
        (self.nesting, self.in_driver) = (0, false);
        match exit.map(|e| self.driver_outcome(entry, e)) {
            Ok(o) | Err(Halt::End(o)) => Ok(o),
            Err(Halt::Vm(e)) => Err(e),
        }
    }

    fn build_arg(&mut self, a: &ArgSpec) -> R<Value> {
        Ok(match a {
            ArgSpec::Null => Value::NULL,
            ArgSpec::Lazy { index, ty, type_args } => self.lazy_param(*index, ty, type_args.clone())?,
            ArgSpec::Str { vars } => {
                let chars: Vec<Value> = vars.iter().map(|v| self.input_value(*v)).collect();
                Value::reference(self.new_string_values(chars, &[])?)
            }
            ArgSpec::StrArray { strings } => {
                let mut refs = Vec::new();
                for vars in strings {
                    let chars: Vec<Value> = vars.iter().map(|v| self.input_value(*v)).collect();
                    refs.push(Value::reference(self.new_string_values(chars, &[])?));
                }
                let arr = self.new_array(&JType::Object(std::sync::Arc::from("java/lang/String")), refs.len())?;
                if let Some(super::value::Object { body: Body::Array(a), .. }) = self.heap.get_mut(arr) {
                    a.vals = refs;
                }
                Value::reference(arr)
            }
            ArgSpec::Scalar { var: Some(v), .. } => self.input_value(*v),
            ArgSpec::Scalar { concrete, .. } => Value {
                v: prim_of(*concrete),
                s: None,
            },
            ArgSpec::Array { elem, vars } => {
                let kind = kind_of_elem(elem);
                let vals: Vec<Value> = vars.iter().map(|v| self.input_value(*v)).collect();
                let cls = self.prog.load(&format!("[{}", elem.descriptor()))?;
                Value::reference(self.alloc(Object {
                    class: cls,
                    body: Body::Array(Array {
                        kind,
                        vals,
                        len_sym: None,
                        term: None,
                    }),
                }))
            }
        })
    }

    /// The value of input variable `v` with its symbolic shadow.
    pub(crate) fn input_value(&mut self, v: u32) -> Value {
        let sort = self.pool.var_sort(v);
        let s = self.pool.intern(Node::Var(v, sort));
        let c = self
            .input
            .get(v as usize)
            .copied()
            .unwrap_or_else(|| crate::symbolic::eval::zero_of(sort));
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

    /// Puts an object on the heap (every allocation goes through here, for the tracker).
    pub(crate) fn alloc(&mut self, o: Object) -> u32 {
        let r = self.heap.alloc(o);
        if self.tracker.active() {
            self.tracker.alloc(r, self.site);
        }
        r
    }

    pub(crate) fn alloc_instance(&mut self, c: ClassId) -> R<u32> {
        let cls = self.prog.class(c).clone();
        let fields = cls.layout.iter().map(|(_, f)| default_for_type(&f.ty)).collect();
        Ok(self.alloc(Object {
            class: c,
            body: Body::Fields(fields),
        }))
    }

    pub(crate) fn new_array(&mut self, elem: &JType, len: usize) -> R<u32> {
        let cls = self.prog.array_class(elem)?;
        let kind = kind_of_elem(elem);
        let vals = vec![Value::default_for(kind); len];
        Ok(self.alloc(Object {
            class: cls,
            body: Body::Array(Array {
                kind,
                vals,
                len_sym: None,
                term: None,
            }),
        }))
    }

    /// Sets an instance field by name (used for VM-created objects).
    pub(crate) fn set_field_by_name(&mut self, obj: u32, name: &str, desc: &str, v: Value) -> R<()> {
        let Some(o) = self.heap.get(obj) else { return Ok(()) };
        let cls = o.class;
        let slot = self.prog.resolve_field(cls, name, desc).ok_or_else(|| {
            Halt::Vm(VmError::NoModel(format!(
                "field {}.{name} (the library model lacks it)",
                self.prog.class(cls).java_name()
            )))
        })?;
        if let Some(Object {
            body: Body::Fields(fs), ..
        }) = self.heap.get_mut(obj)
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

    /// True when `slots` more heap slots would pass the run's heap limit (`--max-heap`).
    pub(crate) fn over_heap(&self, slots: u64) -> bool {
        self.heap.slots().saturating_add(slots).saturating_add(2) > self.cfg.max_heap_slots
    }

    /// Throws `OutOfMemoryError("Java heap space")`, as the JVM does when an allocation does
    /// not fit.
    pub(crate) fn out_of_memory(&mut self) -> R<Flow> {
        self.throw_new("java/lang/OutOfMemoryError", Some("Java heap space".to_string()))
    }

    pub(crate) fn npe(&mut self) -> R<Flow> {
        self.throw_new("java/lang/NullPointerException", None)
    }
}

impl Node {
    /// True for an input variable node.
    pub fn is_var(&self) -> bool {
        matches!(self, Node::Var(..))
    }
}

#[cfg(test)]
mod size_tests {
    /// The interpreter returns `R<Flow>` from every instruction: a larger error type there costs
    /// a copy per instruction (an unboxed verify failure in `LoadError` made it 96 bytes and
    /// schedule2:max about 10% slower).
    #[test]
    fn the_per_instruction_result_stays_small() {
        let size = std::mem::size_of::<super::R<super::Flow>>();
        assert!(size <= 64, "{size}");
    }
}
