//! Arrays: allocation (with symbolic sizes), bounds checks as branch events, and element access
//! through the solver's array theory when an index is symbolic (or pinned, with
//! `--arrays concretize` and for reference arrays).

use super::interp::{Flow, Frame, R};
use super::ops::{elem_sort, narrow, scalar_of};
use super::shadow::Tracker;
use super::value::{Body, Object};
use super::{EventKind, Machine, Value};
use crate::bytecode::{ArrKind, JType, Method};
use crate::symbolic::{BinOp, ExprId};
use std::sync::Arc;

/// A checked array access: concrete index, symbolic index (when not pinned), element kind.
type Access = (usize, Option<ExprId>, ArrKind);

impl<T: Tracker> Machine<'_, T> {
    pub(crate) fn new_array_op(&mut self, m: &Method, f: &mut Frame, elem: &JType) -> R<Flow> {
        let n = self.pop(m, f)?;
        let len = n.as_int();
        if let Some(s) = n.s {
            // The length (and a NegativeArraySizeException's message) is concrete.
            self.taint();
            let z = self.pool.i32(0);
            let c = self.pool.bin(BinOp::Lt, s, z);
            self.branch(m, f.pc, EventKind::NegSize, c, len < 0)?;
        }
        if len < 0 {
            return self.throw_new("java/lang/NegativeArraySizeException", Some(len.to_string()));
        }
        if self.over_heap(len as u64) {
            return self.out_of_memory();
        }
        let r = self.new_array(elem, len as usize)?;
        if let (Some(s), Some(Object { body: Body::Array(a), .. })) = (n.s, self.heap.get_mut(r)) {
            a.len_sym = Some(s);
        }
        f.stack.push(Value::reference(r));
        Ok(Flow::Next)
    }

    pub(crate) fn multi_new_array(&mut self, m: &Method, f: &mut Frame, desc: &str, dims: u8) -> R<Flow> {
        let mut counts = Vec::new();
        for _ in 0..dims {
            counts.push(self.pop(m, f)?);
        }
        counts.reverse();
        for c in &counts {
            if let Some(s) = c.s {
                self.taint();
                let z = self.pool.i32(0);
                let cnd = self.pool.bin(BinOp::Lt, s, z);
                self.branch(m, f.pc, EventKind::NegSize, cnd, c.as_int() < 0)?;
            }
            if c.as_int() < 0 {
                return self.throw_new("java/lang/NegativeArraySizeException", Some(c.as_int().to_string()));
            }
        }
        // Every level is allocated at once: the product of the counts (plus headers) must fit.
        let mut total: u64 = 0;
        let mut level: u64 = 1;
        for c in &counts {
            level = level.saturating_mul(c.as_int().max(0) as u64);
            total = total.saturating_add(level.saturating_mul(3));
        }
        if self.over_heap(total) {
            return self.out_of_memory();
        }
        let ty = JType::parse(desc).ok_or_else(|| self.invalid(m, f.pc, "bad multianewarray descriptor"))?;
        let r = self.build_multi(&ty, &counts)?;
        f.stack.push(Value::reference(r));
        Ok(Flow::Next)
    }

    pub(crate) fn build_multi(&mut self, ty: &JType, counts: &[Value]) -> R<u32> {
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
    pub(crate) fn check_index(&mut self, m: &Method, f: &Frame, arr: u32, idx: Value) -> R<Result<Access, Flow>> {
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
            if idx.s.is_some() {
                // The message shows the concrete index.
                self.taint();
            }
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

    pub(crate) fn array_term(&mut self, arr: u32) -> Option<ExprId> {
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

    pub(crate) fn array_load(&mut self, m: &Method, f: &mut Frame, _k: ArrKind) -> R<Flow> {
        let idx = self.pop(m, f)?;
        let a = self.pop(m, f)?;
        if a.as_ref() == 0 {
            return self.npe();
        }
        let (i, sym_idx, kind) = match self.check_index(m, f, a.as_ref(), idx)? {
            Ok(x) => x,
            Err(flow) => return Ok(flow),
        };
        let (mut cv, term) = match self.heap.get(a.as_ref()).map(|o| &o.body) {
            Some(Body::Array(arr)) => (arr.vals[i], arr.term),
            _ => return Err(self.invalid(m, f.pc, "array")),
        };
        if kind == ArrKind::Ref
            && !self.tables.lazy.idle()
            && let Some(v) = self.lazy_getfield(m, f.pc, a.as_ref(), i as u32)?
        {
            cv = v;
        }
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

    pub(crate) fn array_store(&mut self, m: &Method, f: &mut Frame, k: ArrKind) -> R<Flow> {
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
        if kind == ArrKind::Ref && !self.tables.lazy.idle() {
            self.lazy_putfield(a.as_ref(), i as u32);
        }
        let kind = if k == ArrKind::Byte && kind == ArrKind::Boolean {
            ArrKind::Boolean
        } else {
            kind
        };
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
        if let Some(Object {
            body: Body::Array(arr), ..
        }) = self.heap.get_mut(a.as_ref())
        {
            arr.vals[i] = v;
            if new_term.is_some() {
                arr.term = new_term;
            }
        }
        Ok(Flow::Next)
    }
}
