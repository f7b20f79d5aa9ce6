//! Native methods of the library models, implemented in Rust. Each is keyed by
//! `class.name(descriptor)`; a native without an entry here is a "no model" error.

use super::interp::{Halt, R};
use super::location::{Loc, Src};
use super::shadow::Tracker;
use super::value::{Array, Body, Object};
use super::{Machine, Outcome, Prim, Value, VmError};
use crate::bytecode::Method;
use crate::symbolic::{BinOp, UnOp};

/// Result of a native call.
pub(crate) enum NativeOut {
    /// Returned (value absent for void).
    Value(Option<Value>),
    /// Threw the given exception object.
    Throw(u32),
}

pub(crate) fn ret(v: Value) -> R<NativeOut> {
    Ok(NativeOut::Value(Some(v)))
}

pub(crate) fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).copied().unwrap_or(Value::TOP)
}

fn dbl(v: Value) -> f64 {
    match v.v {
        Prim::Double(d) => d,
        Prim::Float(f) => f as f64,
        Prim::Int(i) => i as f64,
        Prim::Long(l) => l as f64,
        _ => 0.0,
    }
}

/// Java's `Double.toString` for finite values: the shortest digits that round-trip, in Java's
/// layout (plain between 10^-3 and 10^7, computerized scientific notation otherwise).
pub fn java_double_to_string(d: f64, single: bool) -> String {
    if d.is_nan() {
        return "NaN".into();
    }
    if d.is_infinite() {
        return if d > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    if d == 0.0 {
        return if d.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    let sci = if single { format!("{:e}", d as f32) } else { format!("{d:e}") };
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let neg = mant.starts_with('-');
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    let a = d.abs();
    if (1e-3..1e7).contains(&a) {
        if exp >= 0 {
            let e = exp as usize;
            let int_part: String = if digits.len() > e {
                digits[..=e].to_string()
            } else {
                format!("{digits:0<width$}", width = e + 1)
            };
            let frac = if digits.len() > e + 1 { &digits[e + 1..] } else { "0" };
            out.push_str(&int_part);
            out.push('.');
            out.push_str(frac);
        } else {
            out.push_str("0.");
            for _ in 0..(-exp - 1) {
                out.push('0');
            }
            out.push_str(&digits);
        }
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        out.push_str(if digits.len() > 1 { &digits[1..] } else { "0" });
        out.push('E');
        out.push_str(&exp.to_string());
    }
    out
}

/// Every native method key (`class.name(descriptor)`) [`call`] implements, besides the
/// `java.lang.Math`/`StrictMath` functions of [`MATH_NATIVES`]: what `jsymex models --missing`
/// checks natives against (a unit test keeps it in step with the dispatch).
pub const NATIVE_KEYS: &[&str] = &[
    "java/lang/Class.desiredAssertionStatus()Z",
    "java/lang/Class.forName(Ljava/lang/String;)Ljava/lang/Class;",
    "java/lang/Class.isAssignableFrom(Ljava/lang/Class;)Z",
    "java/lang/Class.isInstance(Ljava/lang/Object;)Z",
    "java/lang/Class.newInstance()Ljava/lang/Object;",
    "java/lang/Double.doubleToRawLongBits(D)J",
    "java/lang/Double.longBitsToDouble(J)D",
    "java/lang/Double.parseDouble(Ljava/lang/String;)D",
    "java/lang/Double.toString(D)Ljava/lang/String;",
    "java/lang/Float.floatToRawIntBits(F)I",
    "java/lang/Float.intBitsToFloat(I)F",
    "java/lang/Float.parseFloat(Ljava/lang/String;)F",
    "java/lang/Float.toString(F)Ljava/lang/String;",
    "java/lang/Object.clone()Ljava/lang/Object;",
    "java/lang/Object.getClass()Ljava/lang/Class;",
    "java/lang/Object.hashCode()I",
    "java/lang/String.intern()Ljava/lang/String;",
    "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V",
    "java/lang/System.currentTimeMillis()J",
    "java/lang/System.exit(I)V",
    "java/lang/System.identityHashCode(Ljava/lang/Object;)I",
    "java/lang/System.nanoTime()J",
    "jsymex/Symbolic.assume(Z)V",
    "jsymex/Symbolic.booleanValue(Ljava/lang/String;)Z",
    "jsymex/Symbolic.byteValue(Ljava/lang/String;)B",
    "jsymex/Symbolic.charValue(Ljava/lang/String;)C",
    "jsymex/Symbolic.check(Z)V",
    "jsymex/Symbolic.doubleValue(Ljava/lang/String;)D",
    "jsymex/Symbolic.floatValue(Ljava/lang/String;)F",
    "jsymex/Symbolic.intValue(Ljava/lang/String;)I",
    "jsymex/Symbolic.intValue(Ljava/lang/String;II)I",
    "jsymex/Symbolic.longValue(Ljava/lang/String;)J",
    "jsymex/Symbolic.shortValue(Ljava/lang/String;)S",
    "jsymex/Symbolic.string(Ljava/lang/String;I)Ljava/lang/String;",
    "jsymex/internal/Output.write(ILjava/lang/String;)V",
    "jsymex/internal/Sym.concrete(I)I",
    "jsymex/internal/Sym.isSymbolic(I)Z",
    "jsymex/internal/Sym.isSymbolic(J)Z",
    "jsymex/internal/Sym.stringLength()I",
];

/// The `java.lang.Math` / `StrictMath` natives, by name.
pub const MATH_NATIVES: &[&str] = &[
    "sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "log", "log10", "pow", "cbrt", "floor", "ceil", "rint", "hypot",
    "sinh", "cosh", "tanh", "expm1", "log1p",
];

/// True when jsymex implements the native method `class.name(desc)`.
pub fn has_native(class: &str, name: &str, desc: &str) -> bool {
    if matches!(class, "java/lang/Math" | "java/lang/StrictMath") && MATH_NATIVES.contains(&name) {
        return true;
    }
    let key = format!("{class}.{name}{desc}");
    NATIVE_KEYS.contains(&key.as_str())
}

/// Calls a native method.
pub(crate) fn call<T: Tracker>(mm: &mut Machine<'_, T>, m: &Method, args: &[Value]) -> R<NativeOut> {
    let key = format!("{}.{}{}", m.class_name, m.name, m.desc);
    mm.taint_native(&key, args);
    let a0 = arg(args, 0);
    match key.as_str() {
        "java/lang/Object.hashCode()I" | "java/lang/System.identityHashCode(Ljava/lang/Object;)I" => ret(Value::int(if a0.as_ref() == 0 {
            0
        } else {
            (a0.as_ref() as i32).wrapping_mul(0x9E37_79B1u32 as i32) & 0x7fff_ffff
        })),
        "java/lang/Object.getClass()Ljava/lang/Class;" => {
            let c = mm
                .heap
                .get(a0.as_ref())
                .map(|o| o.class)
                .ok_or_else(|| Halt::Vm(VmError::Unresolved("receiver".into())))?;
            ret(Value::reference(mm.class_object(c)?))
        }
        "java/lang/Object.clone()Ljava/lang/Object;" => {
            let Some(o) = mm.heap.get(a0.as_ref()).cloned() else {
                return ret(Value::NULL);
            };
            let is_array = matches!(o.body, Body::Array(_));
            if !is_array {
                let cloneable = mm.prog.load("java/lang/Cloneable")?;
                if !mm.prog.is_subtype(o.class, cloneable) {
                    let name = mm.prog.class(o.class).java_name();
                    let f = mm.throw_new("java/lang/CloneNotSupportedException", Some(name))?;
                    if let super::interp::Flow::Throw(r) = f {
                        return Ok(NativeOut::Throw(r));
                    }
                }
            }
            let of = a0.as_ref();
            let copy = mm.alloc(o);
            if mm.tracker.active() {
                mm.tracker.cloned(copy, of);
            }
            ret(Value::reference(copy))
        }
        "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V" => arraycopy(mm, args),
        "java/lang/System.currentTimeMillis()J" | "java/lang/System.nanoTime()J" => {
            mm.clock += 1;
            ret(Value::long(mm.clock))
        }
        "java/lang/System.exit(I)V" => Err(Halt::End(Outcome::Limit(format!("System.exit({})", a0.as_int())))),
        "java/lang/String.intern()Ljava/lang/String;" => {
            let units = mm.string_units(a0.as_ref()).unwrap_or_default();
            let r = mm.literal(&units.into())?;
            ret(Value::reference(r))
        }
        "java/lang/Float.floatToRawIntBits(F)I" => {
            let f = match a0.v {
                Prim::Float(f) => f,
                _ => 0.0,
            };
            ret(Value::int(f.to_bits() as i32))
        }
        "java/lang/Float.intBitsToFloat(I)F" => ret(Value::float(f32::from_bits(a0.as_int() as u32))),
        "java/lang/Double.doubleToRawLongBits(D)J" => ret(Value::long(dbl(a0).to_bits() as i64)),
        "java/lang/Double.longBitsToDouble(J)D" => {
            let l = match a0.v {
                Prim::Long(l) => l,
                _ => 0,
            };
            ret(Value::double(f64::from_bits(l as u64)))
        }
        "java/lang/Double.toString(D)Ljava/lang/String;" | "java/lang/Float.toString(F)Ljava/lang/String;" => {
            let single = m.class_name.as_ref() == "java/lang/Float";
            let s: Vec<u16> = java_double_to_string(dbl(a0), single).encode_utf16().collect();
            ret(Value::reference(mm.new_string(&s)?))
        }
        "java/lang/Double.parseDouble(Ljava/lang/String;)D" | "java/lang/Float.parseFloat(Ljava/lang/String;)F" => {
            let text = mm.read_string(a0.as_ref());
            let single = m.class_name.as_ref() == "java/lang/Float";
            let Some(text) = text else {
                return throw(mm, "java/lang/NullPointerException", None);
            };
            let t = text.trim();
            let t2 = t.trim_end_matches(['d', 'D', 'f', 'F']);
            match t2.parse::<f64>() {
                Ok(v)
                    if !t2.is_empty() && !t2.eq_ignore_ascii_case("inf") && !t2.eq_ignore_ascii_case("infinity")
                        || t2 == "Infinity"
                        || t2 == "-Infinity"
                        || t2 == "+Infinity" =>
                {
                    let v = if t2.ends_with("Infinity") {
                        if t2.starts_with('-') { f64::NEG_INFINITY } else { f64::INFINITY }
                    } else {
                        v
                    };
                    if single {
                        ret(Value::float(v as f32))
                    } else {
                        ret(Value::double(v))
                    }
                }
                _ if t2 == "NaN" => {
                    if single {
                        ret(Value::float(f32::NAN))
                    } else {
                        ret(Value::double(f64::NAN))
                    }
                }
                _ => {
                    let msg = if t.is_empty() {
                        "empty String".to_string()
                    } else {
                        format!("For input string: \"{text}\"")
                    };
                    throw(mm, "java/lang/NumberFormatException", Some(msg))
                }
            }
        }
        "java/lang/Class.isInstance(Ljava/lang/Object;)Z" => {
            let c = mm.class_of_object(a0.as_ref());
            let o = arg(args, 1).as_ref();
            let res = match (c, mm.heap.get(o).map(|x| x.class)) {
                (Some(c), Some(oc)) => mm.prog.is_subtype(oc, c),
                _ => false,
            };
            ret(Value::int(res as i32))
        }
        "java/lang/Class.isAssignableFrom(Ljava/lang/Class;)Z" => {
            let c = mm.class_of_object(a0.as_ref());
            let d = mm.class_of_object(arg(args, 1).as_ref());
            let res = matches!((c, d), (Some(c), Some(d)) if mm.prog.is_subtype(d, c));
            ret(Value::int(res as i32))
        }
        "jsymex/internal/Sym.isSymbolic(I)Z" | "jsymex/internal/Sym.isSymbolic(J)Z" => ret(Value::int(a0.s.is_some() as i32)),
        "jsymex/internal/Sym.concrete(I)I" => ret(Value::int(a0.as_int())),
        "jsymex/internal/Output.write(ILjava/lang/String;)V" => {
            let s = mm.read_string(arg(args, 1).as_ref()).unwrap_or_else(|| "null".into());
            if a0.as_int() == 2 {
                mm.stderr.push_str(&s);
            } else {
                mm.stdout.push_str(&s);
            }
            Ok(NativeOut::Value(None))
        }
        "java/lang/Class.forName(Ljava/lang/String;)Ljava/lang/Class;" => {
            let Some(name) = mm.read_string(a0.as_ref()) else {
                return throw(mm, "java/lang/NullPointerException", None);
            };
            match mm.prog.load(&name.replace('.', "/")) {
                Ok(c) => {
                    if let Some(e) = mm.init_fully(c)? {
                        return Ok(NativeOut::Throw(e));
                    }
                    ret(Value::reference(mm.class_object(c)?))
                }
                Err(e) if e.is_verify() => Err(e.into()),
                Err(_) => throw(mm, "java/lang/ClassNotFoundException", Some(name)),
            }
        }
        "java/lang/Class.newInstance()Ljava/lang/Object;" => {
            let Some(c) = mm.class_of_object(a0.as_ref()) else {
                return throw(mm, "java/lang/InstantiationException", None);
            };
            let cls = mm.prog.class(c).clone();
            if cls.is_interface() || cls.access & 0x0400 != 0 || cls.array_elem.is_some() {
                return throw(mm, "java/lang/InstantiationException", Some(cls.java_name()));
            }
            if let Some(e) = mm.init_fully(c)? {
                return Ok(NativeOut::Throw(e));
            }
            let Some(init) = mm.prog.declared_method(c, "<init>", "()V") else {
                return throw(mm, "java/lang/InstantiationException", Some(cls.java_name()));
            };
            let obj = mm.alloc_instance(c)?;
            match mm.call(init, vec![Value::reference(obj)])? {
                super::interp::Exit::Threw(e) => Ok(NativeOut::Throw(e)),
                super::interp::Exit::Returned(_) => ret(Value::reference(obj)),
            }
        }
        _ => {
            if let Some(r) = super::inputs::call(mm, &key, args) {
                return r;
            }
            if let Some(r) = math(mm, m, args) {
                return r;
            }
            Err(Halt::Vm(VmError::NoModel(format!("native method {}", m.display()))))
        }
    }
}

pub(crate) fn throw<T: Tracker>(mm: &mut Machine<'_, T>, class: &str, msg: Option<String>) -> R<NativeOut> {
    match mm.throw_new(class, msg)? {
        super::interp::Flow::Throw(r) => Ok(NativeOut::Throw(r)),
        _ => Ok(NativeOut::Value(None)),
    }
}

/// java.lang.Math / StrictMath natives: computed concretely (a symbolic argument is
/// concretised; the result carries no shadow).
fn math<T: Tracker>(mm: &mut Machine<'_, T>, m: &Method, args: &[Value]) -> Option<R<NativeOut>> {
    if !matches!(m.class_name.as_ref(), "java/lang/Math" | "java/lang/StrictMath") {
        return None;
    }
    let x = dbl(arg(args, 0));
    let y = dbl(arg(args, 1));
    let v = match m.name.as_ref() {
        "sqrt" => {
            // sqrt is exact in IEEE: keep it symbolic-free but correct.
            x.sqrt()
        }
        "sin" => x.sin(),
        "cos" => x.cos(),
        "tan" => x.tan(),
        "asin" => x.asin(),
        "acos" => x.acos(),
        "atan" => x.atan(),
        "atan2" => x.atan2(y),
        "exp" => x.exp(),
        "log" => x.ln(),
        "log10" => x.log10(),
        "pow" => java_pow(x, y),
        "cbrt" => x.cbrt(),
        "floor" => x.floor(),
        "ceil" => x.ceil(),
        "rint" => {
            let r = x.round();
            if (x - x.trunc()).abs() == 0.5 { 2.0 * (x / 2.0).round() } else { r }
        }
        "hypot" => x.hypot(y),
        "sinh" => x.sinh(),
        "cosh" => x.cosh(),
        "tanh" => x.tanh(),
        "expm1" => x.exp_m1(),
        "log1p" => x.ln_1p(),
        _ => return None,
    };
    let _ = (mm, BinOp::Add, UnOp::Neg);
    Some(ret(Value::double(v)))
}

fn java_pow(x: f64, y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    if y == 0.0 {
        return 1.0;
    }
    x.powf(y)
}

fn arraycopy<T: Tracker>(mm: &mut Machine<'_, T>, args: &[Value]) -> R<NativeOut> {
    let (src, sp, dst, dp, len) = (
        arg(args, 0).as_ref(),
        arg(args, 1).as_int(),
        arg(args, 2).as_ref(),
        arg(args, 3).as_int(),
        arg(args, 4).as_int(),
    );
    if src == 0 || dst == 0 {
        return throw(mm, "java/lang/NullPointerException", None);
    }
    let (
        Some(Object {
            body: Body::Array(sa),
            class: sc,
        }),
        Some(Object {
            body: Body::Array(da),
            class: dc,
        }),
    ) = (mm.heap.get(src), mm.heap.get(dst))
    else {
        return throw(
            mm,
            "java/lang/ArrayStoreException",
            Some("arraycopy: source or destination is not an array".into()),
        );
    };
    let (sc, dc) = (*sc, *dc);
    if sa.kind != da.kind {
        let msg = format!(
            "arraycopy: type mismatch: can not copy {} into {}",
            mm.prog.class(sc).java_name(),
            mm.prog.class(dc).java_name()
        );
        return throw(mm, "java/lang/ArrayStoreException", Some(msg));
    }
    let (slen, dlen) = (sa.vals.len() as i64, da.vals.len() as i64);
    if sp < 0 || dp < 0 || len < 0 || sp as i64 + len as i64 > slen || dp as i64 + len as i64 > dlen {
        let msg = if len < 0 {
            format!("arraycopy: length {len} is negative")
        } else if sp < 0 || sp as i64 + len as i64 > slen {
            if sp < 0 {
                format!("arraycopy: source index {sp} out of bounds for length {slen}")
            } else {
                format!(
                    "arraycopy: last source index {} out of bounds for length {slen}",
                    sp as i64 + len as i64
                )
            }
        } else if dp < 0 {
            format!("arraycopy: destination index {dp} out of bounds for length {dlen}")
        } else {
            format!(
                "arraycopy: last destination index {} out of bounds for length {dlen}",
                dp as i64 + len as i64
            )
        };
        return throw(mm, "java/lang/ArrayIndexOutOfBoundsException", Some(msg));
    }
    // Symbolic array terms: materialise concrete-plus-shadow values of the source first.
    let src_vals: Vec<Value> = {
        let term = match mm.heap.get(src).map(|o| &o.body) {
            Some(Body::Array(a)) => a.term,
            _ => None,
        };
        let vals: Vec<Value> = match mm.heap.get(src).map(|o| &o.body) {
            Some(Body::Array(a)) => a.vals[sp as usize..(sp + len) as usize].to_vec(),
            _ => vec![],
        };
        match term {
            Some(t) => vals
                .into_iter()
                .enumerate()
                .map(|(i, v)| {
                    let k = mm.pool.i32(sp + i as i32);
                    let s = mm.pool.select(t, k);
                    Value {
                        v: v.v,
                        s: if mm.pool.is_const(s) { None } else { Some(s) },
                    }
                })
                .collect(),
            None => vals,
        }
    };
    let dst_term = match mm.heap.get(dst).map(|o| &o.body) {
        Some(Body::Array(a)) => a.term,
        _ => None,
    };
    let mut new_term = dst_term;
    if let Some(mut t) = dst_term {
        for (i, v) in src_vals.iter().enumerate() {
            let k = mm.pool.i32(dp + i as i32);
            let sv = mm.sym(v);
            t = mm.pool.store(t, k, sv);
        }
        new_term = Some(t);
    }
    if let Some(Object {
        body: Body::Array(Array { vals, term, .. }),
        ..
    }) = mm.heap.get_mut(dst)
    {
        vals[dp as usize..(dp + len) as usize].copy_from_slice(&src_vals);
        *term = new_term;
    }
    if mm.tracker.active() {
        // Element by element, in an order that reads every source before overwriting it.
        let one = |i: i32| {
            (
                Loc::Elem { arr: dst, index: dp + i },
                Src::Loc(Loc::Elem { arr: src, index: sp + i }),
            )
        };
        if src == dst && dp > sp {
            (0..len).rev().for_each(|i| {
                let (to, from) = one(i);
                mm.tracker.copy(to, from)
            });
        } else {
            (0..len).for_each(|i| {
                let (to, from) = one(i);
                mm.tracker.copy(to, from)
            });
        }
    }
    Ok(NativeOut::Value(None))
}

#[cfg(test)]
mod tests {
    use super::java_double_to_string as s;

    /// Every string key of the dispatch (here and in `inputs.rs`) is in [`super::NATIVE_KEYS`],
    /// and every listed key is dispatched.
    #[test]
    fn native_keys_match_the_dispatch() {
        let src = [include_str!("natives.rs"), include_str!("inputs.rs")].join("\n");
        let mut dispatched = std::collections::BTreeSet::new();
        for line in src.lines() {
            let t = line.trim_start();
            if !line.starts_with("        \"") || !t.contains("=>") {
                continue;
            }
            for part in t.split("=>").next().unwrap_or("").split('|') {
                let k = part.trim().trim_matches('"');
                if k.contains('/') {
                    dispatched.insert(k.to_string());
                }
            }
        }
        let listed: std::collections::BTreeSet<String> = super::NATIVE_KEYS.iter().map(|s| s.to_string()).collect();
        assert_eq!(dispatched, listed);
    }

    #[test]
    fn java_double_layout() {
        assert_eq!(s(1.0, false), "1.0");
        assert_eq!(s(0.5, false), "0.5");
        assert_eq!(s(1e10, false), "1.0E10");
        assert_eq!(s(123.25, false), "123.25");
        assert_eq!(s(0.001, false), "0.001");
        assert_eq!(s(1e-4, false), "1.0E-4");
        assert_eq!(s(-0.0, false), "-0.0");
        assert_eq!(s(1234567.0, false), "1234567.0");
        assert_eq!(s(12345678.0, false), "1.2345678E7");
        assert_eq!(s(0.1f32 as f64, true), "0.1");
    }
}
