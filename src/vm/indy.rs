//! `invokedynamic`: string concatenation (`StringConcatFactory`, as javac 9+ emits) and lambdas
//! and method references (`LambdaMetafactory`). Concatenation keeps symbolic characters: string
//! arguments are copied character by character, symbolic numbers are converted by the models'
//! own `String.valueOf`, objects through their `toString`.

use super::interp::{Exit, Flow, Frame, Halt, R};
use super::location::{Loc, Src};
use super::natives::NativeOut;
use super::natives::java_double_to_string;
use super::shadow::Tracker;
use super::value::{Array, Body, Object};
use super::{Machine, Prim, Value, VmError};
use crate::bytecode::decode::{BsArg, Handle};
use crate::bytecode::{ArrKind, Constant, IndyRef, JType, Method, MethodDesc};
use crate::program::LambdaInfo;

impl<T: Tracker> Machine<'_, T> {
    /// Executes an `invokedynamic` call site.
    pub(crate) fn invokedynamic(&mut self, m: &Method, f: &mut Frame, ir: &IndyRef) -> R<Flow> {
        let cls = self.prog.class(m.class).clone();
        let unsupported = |what: String| {
            Halt::Vm(VmError::Unsupported {
                what,
                method: m.display(),
                pc: f.pc,
            })
        };
        let bs = cls
            .bootstraps
            .get(ir.bootstrap as usize)
            .ok_or_else(|| unsupported("invokedynamic without bootstrap method".into()))?;
        let Some(h) = bs.handle.as_ref() else {
            return Err(unsupported("invokedynamic with an unreadable bootstrap handle".into()));
        };
        let md = MethodDesc::parse(&ir.desc).ok_or_else(|| unsupported(format!("invokedynamic descriptor {}", ir.desc)))?;
        if f.stack.len() < md.params.len() {
            return Err(self.invalid(m, f.pc, "operand stack underflow at invokedynamic"));
        }
        let args = f.stack.split_off(f.stack.len() - md.params.len());
        // Where the arguments were (for the tracker): entries of this frame's operand stack.
        let (frame, first) = (self.depth.saturating_sub(1), f.stack.len() as u32);
        let arg_src = |i: usize| {
            Src::Loc(Loc::Stack {
                frame,
                index: first + i as u32,
            })
        };
        match (h.class.as_ref(), h.name.as_ref()) {
            ("java/lang/invoke/StringConcatFactory", "makeConcatWithConstants" | "makeConcat") => {
                let (recipe, consts): (Vec<u16>, Vec<BsArg>) = if h.name.as_ref() == "makeConcat" {
                    (vec![1; md.params.len()], vec![])
                } else {
                    match bs.args.first() {
                        Some(BsArg::Const(Constant::String(s))) => (s.to_vec(), bs.args[1..].to_vec()),
                        _ => return Err(unsupported("makeConcatWithConstants without a recipe".into())),
                    }
                };
                match self.concat(&recipe, &consts, &md, &args, &arg_src)? {
                    Ok(r) => {
                        f.stack.push(Value::reference(r));
                        Ok(Flow::Next)
                    }
                    Err(exc) => Ok(Flow::Throw(exc)),
                }
            }
            ("java/lang/invoke/LambdaMetafactory", "metafactory" | "altMetafactory") => {
                let (Some(BsArg::MethodType(sam)), Some(BsArg::Handle(target))) = (bs.args.first(), bs.args.get(1)) else {
                    return Err(unsupported("LambdaMetafactory call site with unexpected arguments".into()));
                };
                let JType::Object(iface_name) = &md.ret else {
                    return Err(unsupported("lambda call site not returning an interface".into()));
                };
                let iface = self.prog.load(iface_name)?;
                let sam_desc = MethodDesc::parse(sam).ok_or_else(|| unsupported(format!("lambda method type {sam}")))?;
                let info = LambdaInfo {
                    sam_name: ir.name.clone(),
                    sam_desc,
                    target: target.clone(),
                    captured: args.len(),
                };
                let site = ir as *const IndyRef as usize;
                let lc = self.prog.lambda_class(site, &m.class_name, iface, info);
                let captured = args.len();
                let obj = self.alloc(Object {
                    class: lc,
                    body: Body::Fields(args),
                });
                if self.tracker.active() {
                    for i in 0..captured {
                        self.tracker.copy(Loc::Field { obj, slot: i as u32 }, arg_src(i));
                    }
                }
                f.stack.push(Value::reference(obj));
                Ok(Flow::Next)
            }
            (c, n) => Err(unsupported(format!("invokedynamic with bootstrap {c}.{n}"))),
        }
    }

    /// The characters of a value converted to text, as Java's string conversion does. With an
    /// active tracker, the source of each character is appended to `srcs` (`v` came from `at`).
    fn text_of(&mut self, ty: &JType, v: Value, at: Src, srcs: &mut Vec<Src>) -> R<Result<Vec<Value>, u32>> {
        let out = self.text_of_inner(ty, v, at, srcs)?;
        if self.tracker.active()
            && let Ok(vs) = &out
        {
            // Characters the conversion made up (digits, "null", "true") are fresh.
            srcs.resize(srcs.len().max(vs.len()), Src::Fresh);
        }
        Ok(out)
    }

    fn text_of_inner(&mut self, ty: &JType, v: Value, at: Src, srcs: &mut Vec<Src>) -> R<Result<Vec<Value>, u32>> {
        let units = |s: &str| s.encode_utf16().map(|u| Value::int(u as i32)).collect::<Vec<_>>();
        srcs.clear();
        if v.s.is_some() && matches!(ty, JType::Float | JType::Double) {
            // Converted concretely below: text that depends on the input without a shadow.
            self.taint();
        }
        match (ty, v.v) {
            (JType::Char, _) => {
                if self.tracker.active() {
                    srcs.push(at);
                }
                Ok(Ok(vec![v]))
            }
            (JType::Object(_) | JType::Array(_), Prim::Ref(0)) => Ok(Ok(units("null"))),
            (JType::Object(_) | JType::Array(_), Prim::Ref(r)) => {
                let is_string = self
                    .heap
                    .get(r)
                    .is_some_and(|o| &*self.prog.class(o.class).name == "java/lang/String");
                let sref = if is_string {
                    r
                } else {
                    let desc = "(Ljava/lang/Object;)Ljava/lang/String;";
                    match self.call_static_with("java/lang/String", "valueOf", desc, vec![v], &[at])? {
                        Exit::Returned(Some(s)) => s.as_ref(),
                        Exit::Returned(None) => 0,
                        Exit::Threw(e) => return Ok(Err(e)),
                    }
                };
                Ok(Ok(self.string_values_from(sref, srcs)))
            }
            (_, _) if v.s.is_some() && !matches!(ty, JType::Float | JType::Double) => {
                let desc = format!("({})Ljava/lang/String;", ty.descriptor());
                match self.call_static_with("java/lang/String", "valueOf", &desc, vec![v], &[at])? {
                    Exit::Returned(Some(s)) => Ok(Ok(self.string_values_from(s.as_ref(), srcs))),
                    Exit::Returned(None) => Ok(Ok(units("null"))),
                    Exit::Threw(e) => Ok(Err(e)),
                }
            }
            (JType::Boolean, Prim::Int(i)) => Ok(Ok(units(if i != 0 { "true" } else { "false" }))),
            (_, Prim::Int(i)) => Ok(Ok(units(&i.to_string()))),
            (_, Prim::Long(i)) => Ok(Ok(units(&i.to_string()))),
            (_, Prim::Float(x)) => Ok(Ok(units(&java_double_to_string(x as f64, true)))),
            (_, Prim::Double(x)) => Ok(Ok(units(&java_double_to_string(x, false)))),
            _ => Ok(Ok(units("null"))),
        }
    }

    fn concat(
        &mut self,
        recipe: &[u16],
        consts: &[BsArg],
        md: &MethodDesc,
        args: &[Value],
        arg_src: &dyn Fn(usize) -> Src,
    ) -> R<Result<u32, u32>> {
        let track = self.tracker.active();
        let mut out: Vec<Value> = Vec::new();
        // With an active tracker: the source of each character of `out`.
        let mut srcs: Vec<Src> = Vec::new();
        let mut part: Vec<Src> = Vec::new();
        let (mut ai, mut ci) = (0, 0);
        for &u in recipe {
            match u {
                1 => {
                    let (Some(t), Some(v)) = (md.params.get(ai), args.get(ai)) else {
                        break;
                    };
                    match self.text_of(t, *v, arg_src(ai), &mut part)? {
                        Ok(vs) => {
                            out.extend(vs);
                            srcs.append(&mut part);
                        }
                        Err(e) => return Ok(Err(e)),
                    }
                    ai += 1;
                }
                2 => {
                    let text = match consts.get(ci) {
                        Some(BsArg::Const(Constant::String(s))) => String::from_utf16_lossy(s),
                        Some(BsArg::Const(Constant::Int(i))) => i.to_string(),
                        Some(BsArg::Const(Constant::Long(i))) => i.to_string(),
                        Some(BsArg::Const(Constant::Float(x))) => java_double_to_string(*x as f64, true),
                        Some(BsArg::Const(Constant::Double(x))) => java_double_to_string(*x, false),
                        _ => String::new(),
                    };
                    ci += 1;
                    out.extend(text.encode_utf16().map(|c| Value::int(c as i32)));
                }
                c => out.push(Value::int(c as i32)),
            }
            if track {
                srcs.resize(out.len(), Src::Fresh);
            }
        }
        Ok(Ok(self.new_string_values(out, &srcs)?))
    }

    /// The `char[]` behind a String object.
    pub(crate) fn string_array(&self, r: u32) -> Option<u32> {
        self.get_field_by_name(r, "value", "[C").map(|v| v.as_ref())
    }

    /// [`Self::string_values`], and with an active tracker the characters' locations in `srcs`.
    fn string_values_from(&mut self, r: u32, srcs: &mut Vec<Src>) -> Vec<Value> {
        let vals = self.string_values(r);
        if self.tracker.active() {
            let arr = self.string_array(r).unwrap_or(0);
            srcs.clear();
            srcs.extend((0..vals.len()).map(|i| Src::Loc(Loc::Elem { arr, index: i as i32 })));
        }
        vals
    }

    /// The characters (with symbolic shadows) of a String object.
    pub(crate) fn string_values(&mut self, r: u32) -> Vec<Value> {
        let Some(arr) = self.get_field_by_name(r, "value", "[C") else {
            return vec![];
        };
        let (vals, term) = match self.heap.get(arr.as_ref()).map(|o| &o.body) {
            Some(Body::Array(a)) => (a.vals.clone(), a.term),
            _ => return vec![],
        };
        match term {
            None => vals,
            Some(t) => vals
                .into_iter()
                .enumerate()
                .map(|(i, v)| {
                    let k = self.pool.i32(i as i32);
                    let s = self.pool.select(t, k);
                    Value {
                        v: v.v,
                        s: if self.pool.is_const(s) { None } else { Some(s) },
                    }
                })
                .collect(),
        }
    }

    /// A new String whose characters are the given values; `srcs` says where each came from (for
    /// the tracker; empty when all are fresh).
    pub(crate) fn new_string_values(&mut self, vals: Vec<Value>, srcs: &[Src]) -> R<u32> {
        let sc = self
            .prog
            .load("java/lang/String")
            .map_err(|_| Halt::Vm(VmError::NoModel("java/lang/String".into())))?;
        let arr_c = self.prog.load("[C")?;
        let arr = self.alloc(Object {
            class: arr_c,
            body: Body::Array(Array {
                kind: ArrKind::Char,
                vals,
                len_sym: None,
                term: None,
            }),
        });
        if self.tracker.active() {
            for (i, src) in srcs.iter().enumerate() {
                if *src != Src::Fresh {
                    self.tracker.copy(Loc::Elem { arr, index: i as i32 }, *src);
                }
            }
        }
        let s = self.alloc_instance(sc)?;
        self.set_field_by_name(s, "value", "[C", Value::reference(arr))?;
        Ok(s)
    }

    /// Calls a static method of a model or user class to completion; `srcs` says where each
    /// argument came from (for the tracker; empty when all are fresh).
    pub(crate) fn call_static_with(&mut self, class: &str, name: &str, desc: &str, args: Vec<Value>, srcs: &[Src]) -> R<Exit> {
        let c = self.prog.load(class)?;
        if let Some(r) = self.init_fully(c)? {
            return Ok(Exit::Threw(r));
        }
        let mid = self
            .prog
            .resolve_method(c, name, desc)
            .ok_or_else(|| Halt::Vm(VmError::NoModel(format!("{class}.{name}{desc}"))))?;
        self.call_with(mid, args, srcs)
    }

    /// Invokes the functional method of a lambda object: `args[0]` is the lambda itself, and
    /// the arguments were the operand-stack entries from `first` on. Returns where the result
    /// came from, for the tracker.
    pub(crate) fn call_lambda(&mut self, lc: crate::program::ClassId, args: Vec<Value>, first: u32) -> R<(NativeOut, Src)> {
        let Some(info) = self.prog.lambda(lc).cloned() else {
            return Ok((NativeOut::Value(None), Src::Fresh));
        };
        let lambda = args[0].as_ref();
        let captured: Vec<Value> = match self.heap.get(lambda).map(|o| &o.body) {
            Some(Body::Fields(fs)) => fs.clone(),
            _ => vec![],
        };
        // With an active tracker: where each argument of the target comes from.
        let mut srcs: Vec<Src> = Vec::new();
        if self.tracker.active() {
            let frame = self.depth.saturating_sub(1);
            srcs.extend((0..captured.len()).map(|i| {
                Src::Loc(Loc::Field {
                    obj: lambda,
                    slot: i as u32,
                })
            }));
            srcs.extend((1..args.len()).map(|j| {
                Src::Loc(Loc::Stack {
                    frame,
                    index: first + j as u32,
                })
            }));
        }
        let mut all: Vec<Value> = captured;
        all.extend_from_slice(&args[1..]);
        let t: Handle = info.target.clone();
        let tdesc = MethodDesc::parse(&t.desc)
            .ok_or_else(|| Halt::Vm(VmError::Unresolved(format!("lambda target {}.{}{}", t.class, t.name, t.desc))))?;
        // Adapt arguments: unbox where the target takes primitives and the call passes objects.
        let receiver = matches!(t.kind, 5 | 7 | 9) as usize;
        for (i, p) in tdesc.params.iter().enumerate() {
            if let Some(v) = all.get_mut(i + receiver)
                && p.is_primitive()
                && matches!(v.v, Prim::Ref(_))
            {
                let (u, from) = self.unbox(*v);
                *v = u;
                if let (Some(s), Some(from)) = (srcs.get_mut(i + receiver), from) {
                    *s = from;
                }
            }
        }
        // Where the result comes from: a native target's result is fresh.
        let mut result = Src::Returned;
        let exit = match t.kind {
            6 => {
                let exit = self.call_static_with(&t.class, &t.name, &t.desc, all, &srcs)?;
                if self.tracker.active()
                    && self
                        .prog
                        .lookup(&t.class)
                        .and_then(|c| self.prog.resolve_method(c, &t.name, &t.desc))
                        .is_some_and(|mid| self.prog.method(mid).is_native())
                {
                    result = Src::Fresh;
                }
                exit
            }
            8 => {
                let c = self.prog.load(&t.class)?;
                if let Some(r) = self.init_fully(c)? {
                    return Ok((NativeOut::Throw(r), Src::Fresh));
                }
                let obj = self.alloc_instance(c)?;
                result = Src::Fresh;
                let init = self
                    .prog
                    .declared_method(c, "<init>", &t.desc)
                    .ok_or_else(|| Halt::Vm(VmError::Unresolved(format!("{}.<init>{}", t.class, t.desc))))?;
                let mut a = vec![Value::reference(obj)];
                a.extend(all);
                if self.tracker.active() {
                    srcs.insert(0, Src::Fresh);
                }
                match self.call_with(init, a, &srcs)? {
                    Exit::Threw(e) => Exit::Threw(e),
                    Exit::Returned(_) => Exit::Returned(Some(Value::reference(obj))),
                }
            }
            _ => {
                let recv = all.first().map(|v| v.as_ref()).unwrap_or(0);
                if recv == 0 {
                    return match self.npe()? {
                        Flow::Throw(e) => Ok((NativeOut::Throw(e), Src::Fresh)),
                        _ => Ok((NativeOut::Value(None), Src::Fresh)),
                    };
                }
                let c = self.prog.load(&t.class)?;
                let rc = self.heap.get(recv).map(|o| o.class).unwrap_or(c);
                let target = if t.kind == 7 {
                    self.prog.resolve_method(c, &t.name, &t.desc)
                } else {
                    self.prog.dispatch(rc, &t.name, &t.desc)
                };
                let mid = target.ok_or_else(|| Halt::Vm(VmError::Unresolved(format!("{}.{}{}", t.class, t.name, t.desc))))?;
                result = if self.prog.method(mid).is_native() {
                    Src::Fresh
                } else {
                    Src::Returned
                };
                self.call_with(mid, all, &srcs)?
            }
        };
        match exit {
            Exit::Threw(e) => Ok((NativeOut::Throw(e), Src::Fresh)),
            Exit::Returned(v) => {
                // Box a primitive result when the functional method returns an object.
                let v = match (v, &info.sam_desc.ret) {
                    (Some(v), JType::Object(_)) if !matches!(v.v, Prim::Ref(_)) => {
                        let (b, boxed) = self.boxed(v, &tdesc.ret, result)?;
                        if boxed {
                            result = Src::Returned;
                        }
                        Some(b)
                    }
                    (v, JType::Void) => {
                        let _ = v;
                        None
                    }
                    (v, _) => v,
                };
                Ok((NativeOut::Value(v), result))
            }
        }
    }

    /// The primitive inside a box (or `v` itself), and the field it was read from.
    fn unbox(&mut self, v: Value) -> (Value, Option<Src>) {
        let r = v.as_ref();
        if r == 0 {
            return (v, None);
        }
        for (name, desc) in [
            ("value", "I"),
            ("value", "J"),
            ("value", "D"),
            ("value", "F"),
            ("value", "Z"),
            ("value", "C"),
            ("value", "S"),
            ("value", "B"),
        ] {
            if let Some(x) = self.get_field_by_name(r, name, desc) {
                let from = self
                    .heap
                    .get(r)
                    .and_then(|o| self.prog.resolve_field(o.class, name, desc))
                    .map(|slot| Src::Loc(Loc::Field { obj: r, slot }));
                return (x, from);
            }
        }
        (v, None)
    }

    /// The boxed form of `v` (which came from `from`), and whether boxing succeeded.
    fn boxed(&mut self, v: Value, ty: &JType, from: Src) -> R<(Value, bool)> {
        let (class, desc) = match ty {
            JType::Boolean => ("java/lang/Boolean", "(Z)Ljava/lang/Boolean;"),
            JType::Byte => ("java/lang/Byte", "(B)Ljava/lang/Byte;"),
            JType::Char => ("java/lang/Character", "(C)Ljava/lang/Character;"),
            JType::Short => ("java/lang/Short", "(S)Ljava/lang/Short;"),
            JType::Long => ("java/lang/Long", "(J)Ljava/lang/Long;"),
            JType::Float => ("java/lang/Float", "(F)Ljava/lang/Float;"),
            JType::Double => ("java/lang/Double", "(D)Ljava/lang/Double;"),
            _ => ("java/lang/Integer", "(I)Ljava/lang/Integer;"),
        };
        match self.call_static_with(class, "valueOf", desc, vec![v], &[from])? {
            Exit::Returned(Some(b)) => Ok((b, true)),
            _ => Ok((v, false)),
        }
    }
}
