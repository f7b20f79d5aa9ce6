//! Weakest preconditions over locations (Algorithm 3) and their instantiation at a check.
//!
//! A run's trace is a list of segments between conditional points. Walking it backwards from
//! the end (or from the point where PSE cut it, starting from Π there), the precondition of the
//! suffix is carried over each segment by substituting the segment's transfer (the value every
//! written location had at the segment's end, as a term over the locations at its start) and
//! conjoining its guards; at each point the branch condition is put in front and, at the first
//! instance of a point in the run, the result joins Π there. A term that cannot be carried (an
//! opaque value, a frame that did not exist, a conjunct beyond the size bound) ends the walk:
//! the points before it learn nothing from this run, which is an under-approximation of Π and
//! so sound (`notes-pse-rsd.md` A.3, A.4).

use super::state::{self, Disjunct, PLoc, Shared};
use super::tracker::{Anchor, PseTrace};
use crate::symbolic::{BinOp, ExprId, ExprPool, Node, Sort};
use crate::vm::shadow::Point;
use rustc_hash::FxHashMap;

/// One segment of a run, from one conditional point (or the run's start) to the next (or the
/// run's end).
#[derive(Debug, Default, Clone)]
pub struct Segment {
    /// Implicit conditions the segment relied on, in order, over its start (`None`: opaque).
    pub guards: Vec<Option<ExprId>>,
    /// The value of each location written in the segment at its end, over its start (`None`:
    /// opaque).
    pub transfer: FxHashMap<PLoc, Option<ExprId>>,
    /// Depths of frames pushed during the segment.
    pub fresh_frames: Vec<u32>,
    /// Length terms of the arrays allocated during the segment.
    pub fresh_len: FxHashMap<u32, Option<ExprId>>,
    /// The point that ends it (`None` for the run's last segment).
    pub anchor: Option<Anchor>,
}

/// The segment type the tracker builds.
pub type Seg = Segment;

/// Carries term `e` over the end of `seg` back to its start.
fn subst(sh: &mut Shared, seg: &Segment, e: ExprId, memo: &mut FxHashMap<ExprId, Option<ExprId>>) -> Option<ExprId> {
    if let Some(r) = memo.get(&e) {
        return *r;
    }
    let node = sh.lp.node(e).clone();
    let r = match node {
        Node::Var(v, sort) => {
            let l = sh.loc_of.get(v as usize).copied();
            match l {
                Some(l @ (PLoc::Local { frame, .. } | PLoc::Stack { frame, .. })) => match seg.transfer.get(&l) {
                    Some(Some(t)) => (sh.lp.sort(*t) == sort).then_some(*t),
                    Some(None) => None,
                    None if seg.fresh_frames.contains(&frame) => None,
                    None => Some(e),
                },
                Some(l @ PLoc::Static { .. }) => match seg.transfer.get(&l) {
                    Some(Some(t)) => (sh.lp.sort(*t) == sort).then_some(*t),
                    Some(None) => None,
                    None => Some(e),
                },
                Some(PLoc::Length { base }) => {
                    let b = sh.lp.intern(Node::Var(base, Sort::I32));
                    match subst(sh, seg, b, memo) {
                        Some(t) if t == b => Some(e),
                        Some(t) => match sh.lp.node(t).clone() {
                            Node::Var(v2, Sort::I32) => Some(sh.var(PLoc::Length { base: v2 }, Sort::I32)),
                            _ => state::fresh_obj(&sh.lp, t).and_then(|o| seg.fresh_len.get(&o).copied().flatten()),
                        },
                        None => None,
                    }
                }
                None => None,
            }
        }
        Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => Some(e),
        Node::Un(op, a) => subst(sh, seg, a, memo).map(|a| sh.lp.un(op, a)),
        Node::Bin(op, a, b) => match (subst(sh, seg, a, memo), subst(sh, seg, b, memo)) {
            (Some(a), Some(b)) => Some(sh.lp.bin(op, a, b)),
            _ => None,
        },
        Node::Ite(c, a, b) => match (subst(sh, seg, c, memo), subst(sh, seg, a, memo), subst(sh, seg, b, memo)) {
            (Some(c), Some(a), Some(b)) => Some(sh.lp.ite(c, a, b)),
            _ => None,
        },
        _ => None,
    };
    memo.insert(e, r);
    r
}

/// Π at a point as one formula for the given initialised-classes fingerprint (`None` when it
/// is false there).
fn pi_formula(sh: &mut Shared, key: super::state::PointKey, init: u64) -> Option<Vec<ExprId>> {
    let s = sh.pi.get(&key)?;
    if s.top.contains(&init) {
        return Some(Vec::new());
    }
    let ds: Vec<Vec<ExprId>> = s.disjuncts.iter().filter(|d| d.init == init).map(|d| d.conj.clone()).collect();
    if ds.is_empty() {
        return None;
    }
    let mut or = sh.lp.bool(false);
    for d in ds {
        let mut and = sh.lp.bool(true);
        for c in d {
            and = sh.lp.bin(BinOp::And, and, c);
        }
        or = sh.lp.bin(BinOp::Or, or, and);
    }
    Some(vec![or])
}

/// Algorithm 3 over a run's trace: `complete` for a run that returned or threw; otherwise the
/// run must have been cut by PSE (its trace says where). Returns false when the walk stopped
/// early on an opaque term.
pub fn update(sh: &mut Shared, trace: &PseTrace, complete: bool) -> bool {
    let segs = &trace.segs;
    if segs.is_empty() {
        return true;
    }
    let (mut w, mut j) = if complete {
        (Vec::new(), segs.len() - 1)
    } else {
        let Some(cut) = trace.cut else { return true };
        let Some(a) = segs.get(cut.anchor).and_then(|s| s.anchor.as_ref()) else {
            return true;
        };
        match pi_formula(sh, a.key, a.init) {
            Some(w) => (w, cut.anchor),
            None => return true,
        }
    };
    let max = sh.cfg.max_conjuncts;
    loop {
        let seg = &segs[j];
        let mut memo = FxHashMap::default();
        let mut next: Vec<ExprId> = Vec::with_capacity(seg.guards.len() + w.len() + 1);
        for g in &seg.guards {
            match g {
                Some(g) => push_conj(&sh.lp, &mut next, *g),
                None => return stop(sh),
            }
        }
        for c in &w {
            match subst(sh, seg, *c, &mut memo) {
                Some(c) => push_conj(&sh.lp, &mut next, c),
                None => return stop(sh),
            }
        }
        if j == 0 {
            return true;
        }
        let Some(a) = segs[j - 1].anchor.clone() else { return true };
        let Some(cond) = a.cond else { return stop(sh) };
        w = Vec::with_capacity(next.len() + 1);
        push_conj(&sh.lp, &mut w, cond);
        for c in next {
            push_conj(&sh.lp, &mut w, c);
        }
        if w.len() > max {
            return stop(sh);
        }
        if w.iter().any(|c| matches!(sh.lp.node(*c), Node::Bool(false))) {
            return stop(sh);
        }
        if a.eligible {
            sh.insert(
                a.key,
                Disjunct {
                    conj: w.clone(),
                    init: a.init,
                },
            );
        }
        j -= 1;
    }
}

fn stop(sh: &mut Shared) -> bool {
    sh.stats.opaque += 1;
    false
}

/// Adds a conjunct unless it is `true` or already there.
fn push_conj(lp: &ExprPool, v: &mut Vec<ExprId>, c: ExprId) {
    if matches!(lp.node(c), Node::Bool(true)) || v.contains(&c) {
        return;
    }
    v.push(c);
}

/// A postcondition term instantiated with the state at a point: each location variable
/// replaced by the location's current value (its symbolic term, else its concrete value), in
/// the run's pool. `None` when a location cannot be read there or holds a value of another sort.
pub fn instantiate(sh: &Shared, p: &mut Point<'_>, e: ExprId) -> Option<ExprId> {
    let mut memo: FxHashMap<ExprId, Option<ExprId>> = FxHashMap::default();
    inst(sh, p, e, &mut memo)
}

fn read_loc(sh: &Shared, p: &Point<'_>, l: PLoc) -> Option<crate::vm::Value> {
    match l {
        PLoc::Local { frame, slot } => p.view.local(frame, slot),
        PLoc::Stack { frame, index } => p.view.stack(frame, index),
        PLoc::Static { class, slot } => p.view.static_value(class, slot),
        PLoc::Length { base } => {
            let b = read_loc(sh, p, *sh.loc_of.get(base as usize)?)?;
            match b.v {
                crate::vm::value::Prim::Ref(r) if r != 0 => p.view.array_len(r),
                _ => None,
            }
        }
    }
}

fn inst(sh: &Shared, p: &mut Point<'_>, e: ExprId, memo: &mut FxHashMap<ExprId, Option<ExprId>>) -> Option<ExprId> {
    if let Some(r) = memo.get(&e) {
        return *r;
    }
    let r = match sh.lp.node(e).clone() {
        Node::Var(v, sort) => {
            let l = *sh.loc_of.get(v as usize)?;
            let val = read_loc(sh, p, l);
            match val {
                Some(val) if state::sort_of(&val) == Some(sort) => state::value_term(p.pool, &val),
                _ => None,
            }
        }
        Node::Bool(b) => Some(p.pool.bool(b)),
        Node::I32(i) => Some(p.pool.i32(i)),
        Node::I64(i) => Some(p.pool.i64(i)),
        Node::F32(b) => Some(p.pool.f32(f32::from_bits(b))),
        Node::F64(b) => Some(p.pool.f64(f64::from_bits(b))),
        Node::Un(op, a) => inst(sh, p, a, memo).map(|a| p.pool.un(op, a)),
        Node::Bin(op, a, b) => match (inst(sh, p, a, memo), inst(sh, p, b, memo)) {
            (Some(a), Some(b)) => Some(p.pool.bin(op, a, b)),
            _ => None,
        },
        Node::Ite(c, a, b) => match (inst(sh, p, c, memo), inst(sh, p, a, memo), inst(sh, p, b, memo)) {
            (Some(c), Some(a), Some(b)) => Some(p.pool.ite(c, a, b)),
            _ => None,
        },
        _ => None,
    };
    memo.insert(e, r);
    r
}
