//! Java strings on the VM heap: `java.lang.String` objects whose `value` field is a `char[]`.

use super::interp::{Halt, R};
use super::shadow::Tracker;
use super::value::{Array, Body, Object};
use super::{Machine, Prim, Value, VmError};
use crate::bytecode::ArrKind;
use std::sync::Arc;

impl<T: Tracker> Machine<'_, T> {
    /// Allocates a new String with the given UTF-16 code units.
    pub(crate) fn new_string(&mut self, units: &[u16]) -> R<u32> {
        let sc = self
            .prog
            .load("java/lang/String")
            .map_err(|_| Halt::Vm(VmError::NoModel("java/lang/String".into())))?;
        let arr_c = self.prog.load("[C")?;
        let vals = units.iter().map(|u| Value::int(*u as i32)).collect();
        let arr = self.alloc(Object {
            class: arr_c,
            body: Body::Array(Array {
                kind: ArrKind::Char,
                vals,
                len_sym: None,
                term: None,
            }),
        });
        let s = self.alloc_instance(sc)?;
        self.set_field_by_name(s, "value", "[C", Value::reference(arr))?;
        Ok(s)
    }

    /// The interned String for a literal (one object per distinct literal per run).
    pub(crate) fn literal(&mut self, units: &Arc<[u16]>) -> R<u32> {
        if let Some(r) = self.tables.literals.get(units) {
            return Ok(*r);
        }
        let r = self.new_string(units)?;
        Arc::make_mut(&mut self.tables).literals.insert(units.clone(), r);
        Ok(r)
    }

    /// The UTF-16 units of a String object (concrete parts).
    pub(crate) fn string_units(&self, r: u32) -> Option<Vec<u16>> {
        let v = self.get_field_by_name(r, "value", "[C")?;
        match self.heap.get(v.as_ref()).map(|o| &o.body) {
            Some(Body::Array(a)) => Some(
                a.vals
                    .iter()
                    .map(|x| match x.v {
                        Prim::Int(i) => i as u16,
                        _ => 0,
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The text of a String object.
    pub fn read_string(&self, r: u32) -> Option<String> {
        if r == 0 {
            return None;
        }
        self.string_units(r).map(|u| String::from_utf16_lossy(&u))
    }

    /// The java.lang.Class object of a class (one per class per run).
    pub(crate) fn class_object(&mut self, c: crate::program::ClassId) -> R<u32> {
        if let Some(r) = self.tables.class_objects.get(&c) {
            return Ok(*r);
        }
        let cc = self
            .prog
            .load("java/lang/Class")
            .map_err(|_| Halt::Vm(VmError::NoModel("java/lang/Class".into())))?;
        let obj = self.alloc_instance(cc)?;
        let cls = self.prog.class(c).clone();
        let name: Vec<u16> = cls.java_name().encode_utf16().collect();
        let s = self.new_string(&name)?;
        self.set_field_by_name(obj, "name", "Ljava/lang/String;", Value::reference(s))?;
        if self.prog.resolve_field(cc, "isInterface", "Z").is_some() {
            self.set_field_by_name(obj, "isInterface", "Z", Value::int(cls.is_interface() as i32))?;
        }
        Arc::make_mut(&mut self.tables).class_objects.insert(c, obj);
        Ok(obj)
    }

    /// The class a Class object stands for.
    pub(crate) fn class_of_object(&self, class_obj: u32) -> Option<crate::program::ClassId> {
        self.tables.class_objects.iter().find(|(_, r)| **r == class_obj).map(|(c, _)| *c)
    }
}

impl<T: Tracker> Machine<'_, T> {
    /// `name`, or `name#n` for the n-th request of that name in this run.
    pub(crate) fn fresh_symbolic_name(&mut self, base: &str) -> String {
        let n = Arc::make_mut(&mut self.tables).sym_names.entry(base.to_string()).or_insert(0);
        *n += 1;
        if *n == 1 { base.to_string() } else { format!("{base}#{n}") }
    }

    /// The value of a named symbolic input, declaring the variable (with its domain) the first
    /// time any run asks for it.
    pub(crate) fn symbolic_input(&mut self, name: &str, sort: crate::symbolic::Sort, domain: Option<(i64, i64)>) -> Value {
        let v = match self.pool.var_named(name) {
            Some(v) => v,
            None => {
                let e = self.pool.new_var(name, sort);
                let v = match self.pool.node(e) {
                    crate::symbolic::Node::Var(v, _) => *v,
                    _ => 0,
                };
                if let Some((lo, hi)) = domain {
                    let l = self.pool.i32(lo as i32);
                    let h = self.pool.i32(hi as i32);
                    let a = self.pool.bin(crate::symbolic::BinOp::Le, l, e);
                    let b = self.pool.bin(crate::symbolic::BinOp::Le, e, h);
                    let c = self.pool.bin(crate::symbolic::BinOp::And, a, b);
                    self.pool.set_var_domain(v, c);
                }
                v
            }
        };
        self.input_value(v)
    }

    /// A symbolic character (UTF-16 code unit outside the surrogate range, so that every input
    /// is a valid string).
    pub(crate) fn symbolic_char(&mut self, name: &str) -> Value {
        let v = self.symbolic_input(name, crate::symbolic::Sort::I32, Some((0, 65535)));
        if let Some(e) = v.s
            && let crate::symbolic::Node::Var(id, _) = *self.pool.node(e)
        {
            let lo = self.pool.i32(0xD800);
            let hi = self.pool.i32(0xDFFF);
            let below = self.pool.bin(crate::symbolic::BinOp::Lt, e, lo);
            let above = self.pool.bin(crate::symbolic::BinOp::Lt, hi, e);
            let not_sur = self.pool.bin(crate::symbolic::BinOp::Or, below, above);
            let z = self.pool.i32(0);
            let m = self.pool.i32(65535);
            let a = self.pool.bin(crate::symbolic::BinOp::Le, z, e);
            let b = self.pool.bin(crate::symbolic::BinOp::Le, e, m);
            let rng = self.pool.bin(crate::symbolic::BinOp::And, a, b);
            let d = self.pool.bin(crate::symbolic::BinOp::And, rng, not_sur);
            self.pool.set_var_domain(id, d);
        }
        v
    }
}
