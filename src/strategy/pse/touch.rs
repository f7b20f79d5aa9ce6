//! Which terms a segment can change, answered without walking them: every term of the
//! location pool has a 64-bit *signature* (a Bloom filter of the locations it names, with a
//! bit for their frame, their kind and the bases of heap locations), and every segment a *mask*
//! of what it writes. A term whose signature misses the mask names no location the segment
//! wrote, no local of a frame it pushed, no static or heap location a native or a heap write
//! could have changed, and no input: carrying it over the segment gives the term itself
//! ([`super::wp`] then skips it instead of rebuilding it node by node). A hit says nothing (the
//! bits are shared by many locations): the term is carried as before.

use super::state::{PLoc, Shared};
use super::wp::Segment;
use crate::symbolic::{ExprId, Node, VarId};
use std::hash::{Hash, Hasher};

/// Set on a signature once it is computed (never part of a mask).
const DONE: u64 = 1 << 63;
/// A term that can never be carried as it is: an input, a variable without a location, an
/// array term.
pub const ALWAYS: u64 = 1 << 62;
/// A heap location (field or element) is named: heap writes and natives reach it.
pub const HEAP: u64 = 1 << 61;
/// A static field is named: natives reach it.
const STATIC: u64 = 1 << 60;
/// Bits for the frame of a local or stack entry (depth modulo their number).
const FRAME_BITS: u32 = 8;
const FRAME_SHIFT: u32 = 52;
/// Bits for the location itself (its hash modulo their number).
const LOC_BITS: u64 = 52;

fn loc_bit(l: &PLoc) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    l.hash(&mut h);
    // The high bits of Fx's product mix every input bit.
    1 << ((h.finish() >> 32) % LOC_BITS)
}

fn frame_bit(frame: u32) -> u64 {
    1 << (FRAME_SHIFT + frame % FRAME_BITS)
}

/// The mask of what a segment may change.
pub fn mask(seg: &Segment) -> u64 {
    let mut m = ALWAYS;
    for l in seg.transfer.keys() {
        m |= loc_bit(l);
    }
    for f in &seg.fresh_frames {
        m |= frame_bit(*f);
    }
    if seg.havoc {
        m |= STATIC | HEAP;
    }
    if !seg.heap.is_empty() {
        m |= HEAP;
    }
    m
}

impl Shared {
    /// The signature of a term (memoised per term; terms never change).
    pub fn sig(&mut self, e: ExprId) -> u64 {
        let i = e.index();
        if let Some(s) = self.sigs.get(i)
            && s & DONE != 0
        {
            return s & !DONE;
        }
        let s = match *self.lp.node(e) {
            Node::Var(v, _) => self.var_sig(v),
            Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => 0,
            Node::Un(_, a) => self.sig(a),
            Node::Bin(_, a, b) => self.sig(a) | self.sig(b),
            Node::Ite(c, a, b) => self.sig(c) | self.sig(a) | self.sig(b),
            Node::ConstArray(..) | Node::Select(..) | Node::Store(..) => ALWAYS,
        };
        if self.sigs.len() <= i {
            self.sigs.resize(i + 1, 0);
        }
        self.sigs[i] = s | DONE;
        s
    }

    /// The signature of a location variable: its location's bit, and its frame's, its kind's
    /// and its base's.
    fn var_sig(&self, v: VarId) -> u64 {
        let Some(l) = self.loc_of.get(v as usize) else {
            return ALWAYS;
        };
        match *l {
            PLoc::Local { frame, .. } | PLoc::Stack { frame, .. } => loc_bit(l) | frame_bit(frame),
            PLoc::Static { .. } => loc_bit(l) | STATIC,
            PLoc::Field { base, .. } | PLoc::Elem { base, .. } => loc_bit(l) | HEAP | self.var_sig(base),
            PLoc::Length { base } | PLoc::Class { base, .. } => loc_bit(l) | self.var_sig(base),
            PLoc::Input { .. } => ALWAYS,
        }
    }

    /// The heap-location bases a term names (its heap locations', and theirs in turn, and
    /// those of the length and class locations above them), each once, innermost first.
    pub fn heap_bases(&mut self, e: ExprId, out: &mut Vec<VarId>) {
        let vars = self.vars(e);
        for v in vars.iter() {
            self.var_heap_bases(*v, out);
        }
    }

    fn var_heap_bases(&self, v: VarId, out: &mut Vec<VarId>) {
        match self.loc_of.get(v as usize) {
            Some(PLoc::Field { base, .. } | PLoc::Elem { base, .. }) => {
                self.var_heap_bases(*base, out);
                if !out.contains(base) {
                    out.push(*base);
                }
            }
            Some(PLoc::Length { base } | PLoc::Class { base, .. }) => self.var_heap_bases(*base, out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::SolverConfig;
    use crate::strategy::pse::state::{HKey, PseConfig};
    use crate::symbolic::{BinOp, Sort};

    fn var_of(sh: &Shared, e: ExprId) -> VarId {
        match sh.lp.node(e) {
            Node::Var(v, _) => *v,
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_term_misses_the_mask_of_a_segment_that_writes_none_of_its_locations() {
        let mut sh = Shared::new(PseConfig::default(), SolverConfig::default());
        let x = sh.var(PLoc::Local { frame: 0, slot: 1 }, Sort::I32);
        let y = sh.var(PLoc::Local { frame: 0, slot: 2 }, Sort::I32);
        let one = sh.lp.i32(1);
        let t = sh.lp.bin(BinOp::Add, x, one);
        let t = sh.lp.bin(BinOp::Lt, t, y);
        let mut seg = Segment::default();
        assert_eq!(sh.sig(t) & mask(&seg), 0, "an empty segment changes nothing");
        seg.transfer.insert(PLoc::Local { frame: 0, slot: 2 }, Some(one));
        assert_ne!(sh.sig(t) & mask(&seg), 0, "y is written");
        let mut seg = Segment::default();
        seg.fresh_frames.push(8);
        assert_ne!(sh.sig(t) & mask(&seg), 0, "frame 8 shares frame 0's bit: a hit says nothing");
        let seg = Segment {
            havoc: true,
            ..Default::default()
        };
        assert_eq!(sh.sig(t) & mask(&seg), 0, "a native reaches no local");
    }

    #[test]
    fn heap_locations_hit_heap_writes_and_name_their_bases() {
        let mut sh = Shared::new(PseConfig::default(), SolverConfig::default());
        let o = sh.var(PLoc::Static { class: 3, slot: 0 }, Sort::I32);
        let ov = var_of(&sh, o);
        let f = sh.var(HKey::Field(2).at(ov), Sort::I32);
        let fv = var_of(&sh, f);
        let g = sh.var(HKey::Elem(0).at(fv), Sort::I32);
        let zero = sh.lp.i32(0);
        let t = sh.lp.bin(BinOp::Eq, g, zero);
        let mut seg = Segment::default();
        assert_eq!(sh.sig(t) & mask(&seg), 0);
        seg.havoc = true;
        assert_ne!(sh.sig(t) & mask(&seg), 0);
        let mut seg = Segment::default();
        seg.transfer.insert(PLoc::Static { class: 3, slot: 0 }, None);
        assert_ne!(sh.sig(t) & mask(&seg), 0, "the base of the base is written");
        let mut bases = Vec::new();
        sh.heap_bases(t, &mut bases);
        assert_eq!(bases, vec![ov, fv]);
        let input = sh.var(PLoc::Input { var: 0 }, Sort::I32);
        assert_ne!(sh.sig(input) & mask(&Segment::default()), 0, "an input is never carried as is");
    }
}
