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

use super::state::{self, Disjunct, HKey, PLoc, Shared};
use super::touch;
use super::tracker::{Anchor, PseTrace};
use crate::symbolic::{BinOp, ExprId, ExprPool, Node, Scalar, Sort, VarId};
use crate::vm::shadow::Point;
use rustc_hash::FxHashMap;

/// The last write of a segment to a location of an object older than the segment.
#[derive(Debug, Clone)]
pub struct HeapWrite {
    /// The object (this run's reference).
    pub obj: u32,
    /// The field or element.
    pub key: HKey,
    /// The reference term it was written through, over the segment's start (`None`: opaque).
    pub base: Option<ExprId>,
    /// The value written, over the segment's start (`None`: opaque).
    pub value: Option<ExprId>,
}

/// One segment of a run, from one conditional point (or the run's start) to the next (or the
/// run's end).
#[derive(Debug, Default, Clone)]
pub struct Segment {
    /// Its last writes to objects older than it.
    pub heap: Vec<HeapWrite>,
    /// A native ran in it: heap locations and statics it did not write itself are unknown.
    pub havoc: bool,
    /// The object each base variable of its heap reads held at its start.
    pub base_objs: FxHashMap<VarId, u32>,
    /// Classes of the objects allocated during the segment.
    pub fresh_class: FxHashMap<u32, u32>,
    /// Implicit conditions the segment relied on, in order, over its start (`None`: opaque).
    pub guards: Vec<Option<ExprId>>,
    /// The value of each location written in the segment at its end, over its start (`None`:
    /// opaque).
    pub transfer: FxHashMap<PLoc, Option<ExprId>>,
    /// Depths of frames pushed during the segment.
    pub fresh_frames: Vec<u32>,
    /// Length terms of the arrays allocated during the segment.
    pub fresh_len: FxHashMap<u32, Option<ExprId>>,
    /// The values the segment wrote to fields and elements of the objects it allocated, at its
    /// end, over its start (`None`: opaque); a key not written still holds its default.
    pub fresh_vals: FxHashMap<(u32, HKey), Option<ExprId>>,
    /// Objects allocated during the segment whose contents are not tracked (a native made
    /// them): none of their fields or elements can be carried.
    pub fresh_opaque: Vec<u32>,
    /// The point that ends it (`None` for the run's last segment).
    pub anchor: Option<Anchor>,
}

/// The segment type the tracker builds.
pub type Seg = Segment;

/// What carrying terms over one segment needs and produces: the objects the heap-location
/// variables' bases held at the segment's end (in), at its start (out), and the aliasing
/// guards the carried heap reads rely on (out).
struct Carry<'a> {
    seg: &'a Segment,
    /// What the segment may change ([`touch::mask`]).
    mask: u64,
    memo: FxHashMap<ExprId, Option<ExprId>>,
    objs_end: &'a FxHashMap<VarId, u32>,
    objs_start: FxHashMap<VarId, u32>,
    guards: Vec<ExprId>,
}

/// Carries term `e` over the end of the segment back to its start.
fn subst(sh: &mut Shared, c: &mut Carry<'_>, e: ExprId) -> Option<ExprId> {
    let sig = sh.sig(e);
    if sig & c.mask == 0 {
        return unchanged(sh, c, e, sig);
    }
    if let Some(r) = c.memo.get(&e) {
        return *r;
    }
    let node = sh.lp.node(e).clone();
    let seg = c.seg;
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
                    None if seg.havoc => None,
                    None => Some(e),
                },
                Some(PLoc::Length { base }) => {
                    let b = sh.lp.intern(Node::Var(base, Sort::I32));
                    match subst(sh, c, b) {
                        Some(t) if t == b => Some(e),
                        Some(t) => match sh.lp.node(t).clone() {
                            Node::Var(v2, Sort::I32) => Some(sh.var(PLoc::Length { base: v2 }, Sort::I32)),
                            _ => state::fresh_obj(&sh.lp, t).and_then(|o| seg.fresh_len.get(&o).copied().flatten()),
                        },
                        None => None,
                    }
                }
                Some(PLoc::Class { base, class }) => {
                    let b = sh.lp.intern(Node::Var(base, Sort::I32));
                    match subst(sh, c, b) {
                        Some(t) if t == b => Some(e),
                        Some(t) => match sh.lp.node(t).clone() {
                            Node::Var(v2, Sort::I32) => Some(sh.var(PLoc::Class { base: v2, class }, Sort::Bool)),
                            _ => state::fresh_obj(&sh.lp, t)
                                .and_then(|o| seg.fresh_class.get(&o))
                                .map(|k| sh.lp.bool(*k == class)),
                        },
                        None => None,
                    }
                }
                Some(PLoc::Field { base, slot }) => heap_leaf(sh, c, base, HKey::Field(slot), sort),
                Some(PLoc::Elem { base, index }) => heap_leaf(sh, c, base, HKey::Elem(index), sort),
                Some(PLoc::Input { .. }) => None,
                None => None,
            }
        }
        Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => Some(e),
        Node::Un(op, a) => subst(sh, c, a).map(|a| sh.lp.un(op, a)),
        // Connectives fold on constants, so that a location the segment set to a constant
        // shrinks the formula instead of leaving `true ∧ …` behind.
        Node::Bin(BinOp::And, a, b) if sh.lp.sort(a) == Sort::Bool => match (subst(sh, c, a), subst(sh, c, b)) {
            (Some(a), Some(b)) => Some(and(&mut sh.lp, a, b)),
            _ => None,
        },
        Node::Bin(BinOp::Or, a, b) if sh.lp.sort(a) == Sort::Bool => match (subst(sh, c, a), subst(sh, c, b)) {
            (Some(a), Some(b)) => Some(or(&mut sh.lp, a, b)),
            _ => None,
        },
        Node::Bin(op, a, b) => match (subst(sh, c, a), subst(sh, c, b)) {
            (Some(a), Some(b)) => Some(sh.lp.bin(op, a, b)),
            _ => None,
        },
        Node::Ite(x, a, b) => match subst(sh, c, x) {
            Some(x) => match sh.lp.node(x) {
                Node::Bool(true) => subst(sh, c, a),
                Node::Bool(false) => subst(sh, c, b),
                _ => match (subst(sh, c, a), subst(sh, c, b)) {
                    (Some(a), Some(b)) => Some(sh.lp.ite(x, a, b)),
                    _ => None,
                },
            },
            None => None,
        },
        _ => None,
    };
    c.memo.insert(e, r);
    r
}

/// Carries a term the segment cannot change ([`touch`]): the term itself, once the objects of
/// its heap locations' bases are known at the segment's end (they are the same at its start),
/// exactly what carrying it node by node gives.
fn unchanged(sh: &mut Shared, c: &mut Carry<'_>, e: ExprId, sig: u64) -> Option<ExprId> {
    if sig & touch::HEAP == 0 {
        return Some(e);
    }
    if let Some(r) = c.memo.get(&e) {
        return *r;
    }
    let mut bases = Vec::new();
    sh.heap_bases(e, &mut bases);
    let mut r = Some(e);
    for b in bases {
        match c.objs_end.get(&b) {
            Some(o) => {
                c.objs_start.insert(b, *o);
            }
            None => {
                r = None;
                break;
            }
        }
    }
    c.memo.insert(e, r);
    r
}

/// Carries a heap location (key of the object held by `base` at the segment's end) back over
/// the segment (Morris' rule, resolved by this run's object identities): the value the segment
/// wrote there (if its write hit this object; guarded that the write's base equals this
/// base), a default (the object was allocated in the segment), or the same key of the object
/// the carried base names; in every case guarded that the segment's writes to other objects
/// did not hit it.
fn heap_leaf(sh: &mut Shared, c: &mut Carry<'_>, base: VarId, key: HKey, sort: Sort) -> Option<ExprId> {
    let seg = c.seg;
    if seg.havoc {
        return None;
    }
    let obj = *c.objs_end.get(&base)?;
    let b = sh.lp.intern(Node::Var(base, Sort::I32));
    let tb = subst(sh, c, b)?;
    let mut hit = None;
    for w in seg.heap.iter().filter(|w| w.key == key) {
        let wb = w.base?;
        if w.obj == obj {
            hit = Some(w);
        } else {
            let g = sh.lp.bin(BinOp::Ne, wb, tb);
            c.guards.push(g);
        }
    }
    if let Some(w) = hit {
        let (wb, val) = (w.base?, w.value?);
        if wb != tb {
            let g = sh.lp.bin(BinOp::Eq, wb, tb);
            c.guards.push(g);
        }
        return (sh.lp.sort(val) == sort).then_some(val);
    }
    match sh.lp.node(tb).clone() {
        Node::Var(bv, Sort::I32) => {
            c.objs_start.insert(bv, obj);
            Some(sh.var(key.at(bv), sort))
        }
        // Allocated in the segment: what the segment wrote there last (a constructor's
        // `this.v = b`), else the default value.
        _ if let Some(o) = state::fresh_obj(&sh.lp, tb) => {
            if seg.fresh_opaque.contains(&o) {
                return None;
            }
            match seg.fresh_vals.get(&(o, key)) {
                Some(Some(v)) => (sh.lp.sort(*v) == sort).then_some(*v),
                Some(None) => None,
                None => Some(match sort {
                    Sort::I64 => sh.lp.i64(0),
                    Sort::F32 => sh.lp.f32(0.0),
                    Sort::F64 => sh.lp.f64(0.0),
                    _ => sh.lp.i32(0),
                }),
            }
        }
        _ => None,
    }
}

/// A disjunction of conjunctions as one formula.
fn disjunction(sh: &mut Shared, ds: &[Vec<ExprId>]) -> ExprId {
    let mut or = sh.lp.bool(false);
    for d in ds {
        let mut and = sh.lp.bool(true);
        for c in d {
            and = sh.lp.bin(BinOp::And, and, *c);
        }
        or = sh.lp.bin(BinOp::Or, or, and);
    }
    or
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
        if segs.get(cut.anchor).and_then(|s| s.anchor.as_ref()).is_none() {
            return true;
        }
        match &trace.cut_disjuncts {
            None => (Vec::new(), cut.anchor),
            Some(ds) if ds.is_empty() => return true,
            Some(ds) => (vec![disjunction(sh, ds)], cut.anchor),
        }
    };
    // The lowest point this run can still teach (eligible and not cold): the walk stops
    // below it.
    let Some(lowest) = (0..segs.len()).find(|i| segs[*i].anchor.as_ref().is_some_and(|a| a.eligible && !sh.cold(&a.key))) else {
        return true;
    };
    let max = sh.cfg.max_conjuncts;
    let mut seen = rustc_hash::FxHashSet::default();
    // The objects heap-location bases hold at the current point: at a cut, those the check
    // read there.
    let mut objs: FxHashMap<VarId, u32> = if complete { FxHashMap::default() } else { trace.cut_objs.clone() };
    loop {
        let seg = &segs[j];
        let mut next: Vec<ExprId> = Vec::with_capacity(seg.guards.len() + w.len() + 1);
        seen.clear();
        if j == 0 || j - 1 < lowest {
            // Nothing before the lowest point that can learn learns from the run.
            return true;
        }
        for g in &seg.guards {
            match g {
                Some(g) => push_conj(&sh.lp, &mut next, &mut seen, *g),
                None => return stop(sh, |_| format!("an opaque guard in segment {j}")),
            }
        }
        let mut carry = Carry {
            seg,
            mask: touch::mask(seg),
            memo: FxHashMap::default(),
            objs_end: &objs,
            objs_start: seg.base_objs.clone(),
            guards: Vec::new(),
        };
        let mut carried = Vec::with_capacity(w.len());
        for c in &w {
            match subst(sh, &mut carry, *c) {
                Some(c) => carried.push(c),
                None => {
                    let c = *c;
                    let why = |sh: &Shared| {
                        let locs: Vec<String> = sh
                            .lp
                            .post_order(c, |_| false)
                            .into_iter()
                            .filter_map(|x| sh.loc(x))
                            .map(|l| format!("{l:?}"))
                            .collect();
                        format!("cannot carry {} {locs:?} over segment {j}", sh.lp.display(c))
                    };
                    return stop(sh, why);
                }
            }
        }
        for g in std::mem::take(&mut carry.guards) {
            push_conj(&sh.lp, &mut next, &mut seen, g);
        }
        for c in carried {
            push_conj(&sh.lp, &mut next, &mut seen, c);
        }
        objs = carry.objs_start;
        let Some(a) = segs[j - 1].anchor.clone() else { return true };
        let Some(cond) = a.cond else {
            return stop(sh, |_| format!("an opaque branch condition at {:?}", a.key));
        };
        w = Vec::with_capacity(next.len() + 1);
        seen.clear();
        push_conj(&sh.lp, &mut w, &mut seen, cond);
        for c in next {
            push_conj(&sh.lp, &mut w, &mut seen, c);
        }
        if w.len() > max {
            return stop(sh, |_| "the size bound".into());
        }
        if w.iter().any(|c| matches!(sh.lp.node(*c), Node::Bool(false))) {
            return stop(sh, |_| "a false conjunct".into());
        }
        if a.eligible && !sh.cold(&a.key) {
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

fn stop(sh: &mut Shared, why: impl FnOnce(&Shared) -> String) -> bool {
    sh.stats.opaque += 1;
    if state::debug() {
        eprintln!("pse: a suffix not summarised: {}", why(sh));
    }
    false
}

/// Adds a conjunct unless it is `true` or already there (`seen` holds what `v` holds).
fn push_conj(lp: &ExprPool, v: &mut Vec<ExprId>, seen: &mut rustc_hash::FxHashSet<ExprId>, c: ExprId) {
    if matches!(lp.node(c), Node::Bool(true)) || !seen.insert(c) {
        return;
    }
    v.push(c);
}

/// A postcondition term instantiated with the state at a point: each location variable
/// replaced by the location's current value (its symbolic term, else its concrete value), in
/// the run's pool. `None` when a location cannot be read there or holds a value of another sort.
/// The objects the bases of heap locations read are recorded in `objs`.
pub fn instantiate(sh: &Shared, p: &mut Point<'_>, e: ExprId, objs: &mut FxHashMap<VarId, u32>) -> Option<ExprId> {
    Instantiator::default().term(sh, p, e, objs)
}

/// Instantiates several terms on one state, sharing the work on their common subterms.
#[derive(Default)]
pub struct Instantiator {
    memo: FxHashMap<ExprId, Option<V>>,
}

impl Instantiator {
    /// `e` on the state at `p` (see [`instantiate`]).
    pub fn term(&mut self, sh: &Shared, p: &mut Point<'_>, e: ExprId, objs: &mut FxHashMap<VarId, u32>) -> Option<ExprId> {
        let v = inst(sh, p, e, &mut self.memo, objs)?;
        Some(term_of(p, v))
    }
}

/// Reads every location a term names on the state at a point (recording the objects the bases
/// of its heap locations hold in `objs`).
pub fn read_all(sh: &Shared, p: &Point<'_>, e: ExprId, objs: &mut FxHashMap<VarId, u32>) {
    for x in sh.lp.post_order(e, |_| false) {
        if let Some((l, _)) = sh.loc(x) {
            read_loc(sh, p, l, objs);
        }
    }
}

fn read_loc(sh: &Shared, p: &Point<'_>, l: PLoc, objs: &mut FxHashMap<VarId, u32>) -> Option<crate::vm::Value> {
    let mut obj = |base: VarId| -> Option<u32> {
        let b = read_loc(sh, p, *sh.loc_of.get(base as usize)?, objs)?;
        match b.v {
            crate::vm::value::Prim::Ref(r) if r != 0 => {
                objs.insert(base, r);
                Some(r)
            }
            _ => None,
        }
    };
    match l {
        PLoc::Local { frame, slot } => p.view.local(frame, slot),
        PLoc::Stack { frame, index } => p.view.stack(frame, index),
        PLoc::Static { class, slot } => p.view.static_value(class, slot),
        PLoc::Length { base } => p.view.array_len(obj(base)?),
        PLoc::Field { base, slot } => p.view.field(obj(base)?, slot),
        PLoc::Elem { base, index } => p.view.elem(obj(base)?, index),
        PLoc::Input { .. } => None,
        PLoc::Class { base, class } => {
            let same = p.view.class_of(obj(base)?)? == class;
            Some(crate::vm::Value::int(same as i32))
        }
    }
}

/// A value while instantiating: a constant (never interned) or a term of the run's pool.
#[derive(Clone, Copy)]
enum V {
    C(Scalar),
    T(ExprId),
}

fn term_of(p: &mut Point<'_>, v: V) -> ExprId {
    match v {
        V::C(s) => p.pool.scalar(s),
        V::T(e) => e,
    }
}

/// Instantiates `e` on the state at a point: locations holding concrete values become
/// constants and fold; boolean connectives and conditionals short-circuit on a constant side,
/// so the part of a large formula the concrete state decides is never built in the run's pool.
fn inst(sh: &Shared, p: &mut Point<'_>, e: ExprId, memo: &mut FxHashMap<ExprId, Option<V>>, objs: &mut FxHashMap<VarId, u32>) -> Option<V> {
    if let Some(r) = memo.get(&e) {
        return *r;
    }
    let node = sh.lp.node(e).clone();
    let r = match node {
        Node::Var(v, sort) => {
            let l = *sh.loc_of.get(v as usize)?;
            let val = read_loc(sh, p, l, objs);
            match (l, val) {
                (PLoc::Class { .. }, Some(v)) => Some(V::C(Scalar::Bool(v.as_int() != 0))),
                (_, Some(val)) if state::sort_of(&val) == Some(sort) => Some(match val.s {
                    Some(t) => V::T(t),
                    None => V::C(crate::vm::ops::scalar_of(val.v)),
                }),
                _ => None,
            }
        }
        Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => Some(V::C(crate::symbolic::eval::const_value(&node))),
        Node::Un(op, a) => match inst(sh, p, a, memo, objs)? {
            V::C(x) => Some(V::C(crate::symbolic::eval::eval_un(op, x))),
            V::T(t) => Some(V::T(p.pool.un(op, t))),
        },
        Node::Bin(op @ (BinOp::And | BinOp::Or), a, b) if sh.lp.sort(a) == Sort::Bool => {
            let absorbing = op == BinOp::Or;
            match inst(sh, p, a, memo, objs)? {
                V::C(Scalar::Bool(v)) if v == absorbing => Some(V::C(Scalar::Bool(v))),
                V::C(_) => inst(sh, p, b, memo, objs),
                V::T(x) => match inst(sh, p, b, memo, objs)? {
                    V::C(Scalar::Bool(v)) if v == absorbing => Some(V::C(Scalar::Bool(v))),
                    V::C(_) => Some(V::T(x)),
                    V::T(y) => Some(V::T(p.pool.bin(op, x, y))),
                },
            }
        }
        Node::Bin(op, a, b) => {
            let (x, y) = (inst(sh, p, a, memo, objs)?, inst(sh, p, b, memo, objs)?);
            match (x, y) {
                (V::C(u), V::C(w)) => match crate::symbolic::eval::eval_bin(op, u, w) {
                    Some(r) => Some(V::C(r)),
                    None => {
                        let (u, w) = (p.pool.scalar(u), p.pool.scalar(w));
                        Some(V::T(p.pool.bin(op, u, w)))
                    }
                },
                _ => {
                    let (u, w) = (term_of(p, x), term_of(p, y));
                    Some(V::T(p.pool.bin(op, u, w)))
                }
            }
        }
        Node::Ite(c, a, b) => match inst(sh, p, c, memo, objs)? {
            V::C(Scalar::Bool(true)) => inst(sh, p, a, memo, objs),
            V::C(Scalar::Bool(false)) => inst(sh, p, b, memo, objs),
            V::C(_) => None,
            V::T(c) => {
                let (x, y) = (inst(sh, p, a, memo, objs)?, inst(sh, p, b, memo, objs)?);
                let (x, y) = (term_of(p, x), term_of(p, y));
                Some(V::T(p.pool.ite(c, x, y)))
            }
        },
        _ => None,
    };
    memo.insert(e, r);
    r
}

/// Instantiates `e` on the state at a point into the tracker's own pool (symbolic values are
/// imported from the run's pool, which is left untouched); constants fold and connectives
/// short-circuit as in [`instantiate`].
pub fn inst_own(
    sh: &mut Shared,
    p: &Point<'_>,
    e: ExprId,
    memo: &mut FxHashMap<ExprId, Option<ExprId>>,
    objs: &mut FxHashMap<VarId, u32>,
) -> Option<ExprId> {
    if let Some(r) = memo.get(&e) {
        return *r;
    }
    let node = sh.lp.node(e).clone();
    let r = match node {
        Node::Var(v, sort) => {
            let l = *sh.loc_of.get(v as usize)?;
            let val = read_loc(sh, p, l, objs);
            match (l, val) {
                (PLoc::Class { .. }, Some(v)) => Some(sh.lp.bool(v.as_int() != 0)),
                (_, Some(val)) if state::sort_of(&val) == Some(sort) => Some(match val.s {
                    Some(t) => sh.import(p.pool, t),
                    None => sh.lp.scalar(crate::vm::ops::scalar_of(val.v)),
                }),
                _ => None,
            }
        }
        Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => Some(e),
        Node::Un(op, a) => inst_own(sh, p, a, memo, objs).map(|a| sh.lp.un(op, a)),
        Node::Bin(op @ (BinOp::And | BinOp::Or), a, b) if sh.lp.sort(a) == Sort::Bool => {
            let absorbing = op == BinOp::Or;
            let x = inst_own(sh, p, a, memo, objs)?;
            match sh.lp.node(x) {
                Node::Bool(v) if *v == absorbing => Some(x),
                Node::Bool(_) => inst_own(sh, p, b, memo, objs),
                _ => {
                    let y = inst_own(sh, p, b, memo, objs)?;
                    Some(if op == BinOp::And {
                        and(&mut sh.lp, x, y)
                    } else {
                        or(&mut sh.lp, x, y)
                    })
                }
            }
        }
        Node::Bin(op, a, b) => {
            let x = inst_own(sh, p, a, memo, objs)?;
            let y = inst_own(sh, p, b, memo, objs)?;
            Some(sh.lp.bin(op, x, y))
        }
        Node::Ite(c, a, b) => {
            let c = inst_own(sh, p, c, memo, objs)?;
            match sh.lp.node(c) {
                Node::Bool(true) => inst_own(sh, p, a, memo, objs),
                Node::Bool(false) => inst_own(sh, p, b, memo, objs),
                _ => {
                    let x = inst_own(sh, p, a, memo, objs)?;
                    let y = inst_own(sh, p, b, memo, objs)?;
                    Some(sh.lp.ite(c, x, y))
                }
            }
        }
        _ => None,
    };
    memo.insert(e, r);
    r
}

/// A postcondition term evaluated on the concrete state at a point (`None` when a location
/// cannot be read there): the check's cheap necessary condition, since the run's own state
/// satisfies the path condition and must satisfy Π for the state to be subsumed.
pub fn concrete(sh: &Shared, p: &Point<'_>, e: ExprId, memo: &mut FxHashMap<ExprId, Option<Scalar>>) -> Option<Scalar> {
    if let Some(r) = memo.get(&e) {
        return *r;
    }
    let node = sh.lp.node(e).clone();
    let r = match node {
        Node::Var(v, sort) => {
            let l = *sh.loc_of.get(v as usize)?;
            let mut objs = FxHashMap::default();
            let val = read_loc(sh, p, l, &mut objs);
            match (l, val) {
                (PLoc::Class { .. }, Some(v)) => Some(Scalar::Bool(v.as_int() != 0)),
                (_, Some(val)) if state::sort_of(&val) == Some(sort) => Some(crate::vm::ops::scalar_of(val.v)),
                _ => None,
            }
        }
        Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => Some(crate::symbolic::eval::const_value(&node)),
        Node::Un(op, a) => concrete(sh, p, a, memo).map(|a| crate::symbolic::eval::eval_un(op, a)),
        Node::Bin(op @ (BinOp::And | BinOp::Or), a, b) if sh.lp.sort(a) == Sort::Bool => match concrete(sh, p, a, memo) {
            Some(Scalar::Bool(v)) if v == (op == BinOp::Or) => Some(Scalar::Bool(v)),
            Some(Scalar::Bool(_)) => concrete(sh, p, b, memo),
            _ => None,
        },
        Node::Bin(op, a, b) => match (concrete(sh, p, a, memo), concrete(sh, p, b, memo)) {
            (Some(a), Some(b)) => crate::symbolic::eval::eval_bin(op, a, b),
            _ => None,
        },
        Node::Ite(c, a, b) => match concrete(sh, p, c, memo) {
            Some(Scalar::Bool(true)) => concrete(sh, p, a, memo),
            Some(Scalar::Bool(false)) => concrete(sh, p, b, memo),
            _ => None,
        },
        _ => None,
    };
    memo.insert(e, r);
    r
}

/// Carries a formula over one segment back to the segment's start: the segment's guards, the
/// aliasing guards its heap reads rely on, and `psi` with every location the segment wrote
/// replaced by its value over the start (`interp`'s weakest precondition of a segment).
/// `objs_end` gives the objects the heap-location bases of `psi` hold at the segment's end;
/// the result carries those at its start. `None` when a guard or a term is opaque.
pub fn carry_back(
    sh: &mut Shared,
    seg: &Segment,
    objs_end: &FxHashMap<VarId, u32>,
    psi: ExprId,
) -> Option<(ExprId, FxHashMap<VarId, u32>)> {
    let mut carry = Carry {
        seg,
        mask: touch::mask(seg),
        memo: FxHashMap::default(),
        objs_end,
        objs_start: seg.base_objs.clone(),
        guards: Vec::new(),
    };
    // A formula the segment cannot change (no location it names, nor the base of one, was
    // written, and no heap write or native can reach its heap locations) is carried as it is:
    // the walk then costs nothing on the many segments that do not touch it.
    let body = match untouched(sh, seg, psi) {
        Some(bases) => {
            for b in bases {
                if let Some(o) = objs_end.get(&b) {
                    carry.objs_start.insert(b, *o);
                }
            }
            psi
        }
        None => subst(sh, &mut carry, psi)?,
    };
    // The segment's guards as one block (the same block for every formula carried over the
    // segment, so it is shared), then the carried formula.
    let mut out = sh.lp.bool(true);
    for g in &seg.guards {
        out = and(&mut sh.lp, out, (*g)?);
    }
    for g in std::mem::take(&mut carry.guards) {
        out = and(&mut sh.lp, out, g);
    }
    out = and(&mut sh.lp, out, body);
    Some((out, carry.objs_start))
}

/// When no location `psi` names (or the base of one) is written by the segment: the base
/// variables of its heap locations (whose objects carry over unchanged).
fn untouched(sh: &mut Shared, seg: &Segment, psi: ExprId) -> Option<Vec<VarId>> {
    let vars = sh.vars(psi);
    let mut bases = Vec::new();
    let mut stack: Vec<VarId> = vars.to_vec();
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(v) = stack.pop() {
        if !seen.insert(v) {
            continue;
        }
        let l = *sh.loc_of.get(v as usize)?;
        match l {
            PLoc::Local { frame, .. } | PLoc::Stack { frame, .. } => {
                if seg.transfer.contains_key(&l) || seg.fresh_frames.contains(&frame) {
                    return None;
                }
            }
            PLoc::Static { .. } => {
                if seg.transfer.contains_key(&l) || seg.havoc {
                    return None;
                }
            }
            PLoc::Field { base, .. } | PLoc::Elem { base, .. } => {
                if seg.havoc || !seg.heap.is_empty() {
                    return None;
                }
                bases.push(base);
                stack.push(base);
            }
            PLoc::Length { base } | PLoc::Class { base, .. } => {
                bases.push(base);
                stack.push(base);
            }
            PLoc::Input { .. } => return None,
        }
    }
    Some(bases)
}

/// `a ∧ b`, with `true` and `false` folded.
pub fn and(lp: &mut ExprPool, a: ExprId, b: ExprId) -> ExprId {
    match (lp.node(a), lp.node(b)) {
        (Node::Bool(true), _) => b,
        (_, Node::Bool(true)) => a,
        (Node::Bool(false), _) | (_, Node::Bool(false)) => lp.bool(false),
        _ if a == b => a,
        _ => lp.bin(BinOp::And, a, b),
    }
}

/// `a ∨ b`, with `true` and `false` folded.
pub fn or(lp: &mut ExprPool, a: ExprId, b: ExprId) -> ExprId {
    match (lp.node(a), lp.node(b)) {
        (Node::Bool(false), _) => b,
        (_, Node::Bool(false)) => a,
        (Node::Bool(true), _) | (_, Node::Bool(true)) => lp.bool(true),
        _ if a == b => a,
        _ => lp.bin(BinOp::Or, a, b),
    }
}
