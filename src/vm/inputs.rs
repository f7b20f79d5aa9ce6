//! Natives of the symbolic-input API (`jsymex.Symbolic`) and of the switches the models of
//! other tools' entry points read: every input a driver draws at run time (`Symbolic.intValue`,
//! SPF's `Debug.makeSymbolicInteger`, JPF's `Verify.getInt`, SV-COMP's `Verifier.nondetInt`, all
//! written in Java over `jsymex.Symbolic` in `jvm-stubs/src`) becomes a named symbolic variable
//! here; the n-th request of one name in a run is `name#n`.

use super::interp::{Halt, R};
use super::natives::{NativeOut, arg, ret, throw};
use super::shadow::Tracker;
use super::{Alts, Event, EventKind, Machine, Outcome, Prim, Value};
use crate::bytecode::JType;
use crate::symbolic::{BinOp, Scalar, Sort};

/// Calls the native `key` (`class.name(descriptor)`) if it is one of this module's.
pub(crate) fn call<T: Tracker>(mm: &mut Machine<'_, T>, key: &str, args: &[Value]) -> Option<R<NativeOut>> {
    let a0 = arg(args, 0);
    Some(match key {
        "jsymex/Symbolic.intValue(Ljava/lang/String;)I" => {
            let d = mm.cfg.drawn_domain(&JType::Int);
            symbolic(mm, a0, Sort::I32, d)
        }
        "jsymex/Symbolic.intValue(Ljava/lang/String;II)I" => {
            let (lo, hi) = (arg(args, 1).as_int() as i64, arg(args, 2).as_int() as i64);
            if lo > hi {
                return Some(throw(
                    mm,
                    "java/lang/IllegalArgumentException",
                    Some(format!("empty range {lo}..{hi}")),
                ));
            }
            symbolic(mm, a0, Sort::I32, Some((lo, hi)))
        }
        "jsymex/Symbolic.longValue(Ljava/lang/String;)J" => symbolic(mm, a0, Sort::I64, None),
        "jsymex/Symbolic.shortValue(Ljava/lang/String;)S" => {
            let d = mm.cfg.drawn_domain(&JType::Short);
            symbolic(mm, a0, Sort::I32, d)
        }
        "jsymex/Symbolic.byteValue(Ljava/lang/String;)B" => {
            let d = mm.cfg.drawn_domain(&JType::Byte);
            symbolic(mm, a0, Sort::I32, d)
        }
        "jsymex/Symbolic.charValue(Ljava/lang/String;)C" => symbolic(mm, a0, Sort::I32, Some((0, 65535))),
        "jsymex/Symbolic.booleanValue(Ljava/lang/String;)Z" => symbolic(mm, a0, Sort::I32, Some((0, 1))),
        "jsymex/Symbolic.doubleValue(Ljava/lang/String;)D" => symbolic(mm, a0, Sort::F64, None),
        "jsymex/Symbolic.floatValue(Ljava/lang/String;)F" => symbolic(mm, a0, Sort::F32, None),
        "jsymex/Symbolic.string(Ljava/lang/String;I)Ljava/lang/String;" => string(mm, a0, arg(args, 1).as_int()),
        "jsymex/Symbolic.assume(Z)V" => assume(mm, a0),
        "jsymex/Symbolic.check(Z)V" => check(mm, a0),
        "jsymex/internal/Sym.stringLength()I" => ret(Value::int(mm.cfg.string_len.min(4096) as i32)),
        "java/lang/Class.desiredAssertionStatus()Z" => {
            let user = mm.class_of_object(a0.as_ref()).is_some_and(|c| mm.prog.class(c).is_user());
            ret(Value::int((user && mm.cfg.assertions) as i32))
        }
        _ => return None,
    })
}

/// A fresh symbolic input of the given sort; with a domain, a given value outside it is moved to
/// the lower bound (and the run's input corrected).
fn symbolic<T: Tracker>(mm: &mut Machine<'_, T>, name: Value, sort: Sort, domain: Option<(i64, i64)>) -> R<NativeOut> {
    let base = mm.read_string(name.as_ref()).unwrap_or_else(|| "sym".into());
    let full = mm.fresh_symbolic_name(&base);
    ret(mm.bounded_input(&full, sort, domain))
}

impl<T: Tracker> Machine<'_, T> {
    /// The value of the input named `full` (declared the first time any run asks for it); with
    /// a domain, a given value outside it is moved to the lower bound (and the run's input
    /// corrected).
    pub(crate) fn bounded_input(&mut self, full: &str, sort: Sort, domain: Option<(i64, i64)>) -> Value {
        let mut v = self.symbolic_input(full, sort, domain);
        if let (Some((lo, hi)), Some(s)) = (domain, v.s)
            && let crate::symbolic::Node::Var(id, _) = *self.pool.node(s)
        {
            self.domains.push((id, lo, hi));
        }
        if let (Some((lo, hi)), Prim::Int(x)) = (domain, v.v)
            && !(lo..=hi).contains(&(x as i64))
            && let Some(s) = v.s
            && let crate::symbolic::Node::Var(id, _) = *self.pool.node(s)
        {
            v.v = Prim::Int(lo as i32);
            self.input_fix.push((id, Scalar::I32(lo as i32)));
        }
        v
    }
}

/// `Symbolic.string(name, length)`: `length` symbolic characters named `name[i]`.
fn string<T: Tracker>(mm: &mut Machine<'_, T>, name: Value, len: i32) -> R<NativeOut> {
    let base = mm.read_string(name.as_ref()).unwrap_or_else(|| "s".into());
    let len = len.clamp(0, 4096) as usize;
    let full = mm.fresh_symbolic_name(&base);
    let chars: Vec<Value> = (0..len).map(|i| mm.symbolic_char(&format!("{full}[{i}]"))).collect();
    ret(Value::reference(mm.new_string_values(chars, &[])?))
}

/// `Symbolic.assume(cond)`: a failing assumption drops the path.
fn assume<T: Tracker>(mm: &mut Machine<'_, T>, c: Value) -> R<NativeOut> {
    let holds = c.as_int() != 0;
    if let Some(s) = c.s {
        let z = mm.pool.i32(0);
        let ne = mm.pool.bin(BinOp::Ne, s, z);
        let cond = if holds { ne } else { mm.pool.not(ne) };
        mm.push_event(Event {
            method: mm.cur_site.0,
            pc: mm.cur_site.1,
            kind: EventKind::Check,
            dir: holds as u32,
            cond,
            alts: Alts::None,
        })?;
    }
    if !holds {
        return Err(Halt::End(Outcome::Assumed));
    }
    Ok(NativeOut::Value(None))
}

/// `Symbolic.check(cond)`: a failing check throws `jsymex.CheckFailure`, a fault.
fn check<T: Tracker>(mm: &mut Machine<'_, T>, c: Value) -> R<NativeOut> {
    let holds = c.as_int() != 0;
    if let Some(s) = c.s {
        let z = mm.pool.i32(0);
        let eq = mm.pool.bin(BinOp::Eq, s, z);
        let site = mm.prog.method(mm.cur_site.0).clone();
        mm.branch(&site, mm.cur_site.1, EventKind::Check, eq, !holds)?;
    }
    if holds {
        Ok(NativeOut::Value(None))
    } else {
        throw(mm, "jsymex/CheckFailure", Some("check failed".into()))
    }
}
