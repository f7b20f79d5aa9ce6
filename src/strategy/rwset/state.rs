//! `rwset`'s vocabulary: the heap-side locations a continuation reads ([`HLoc`]), values as
//! compared across runs ([`VK`]), the reads and writes of one stretch of a run ([`Part`]) and
//! the live sets built from them ([`Live`]).
//!
//! Frames (locals and operand stacks) are not in these sets: a point's frames are projected on
//! their statically live locals and their whole operand stacks ([`super::liveness`]). What
//! the sets hold is what the run reads outside its frames: statics, fields, array elements and
//! lengths, and which string literals the run has materialised (the VM interns a literal on
//! first use, so whether `ldc "x"` allocates is state too; class objects likewise), and whether
//! an array has become a solver term (after a symbolic index touched it, its elements read
//! through the term).

use crate::symbolic::ExprId;
use crate::vm::Value;
use crate::vm::shadow::StateView;
use crate::vm::value::Prim;
use rustc_hash::{FxHashMap, FxHashSet};

/// A location outside the frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HLoc {
    /// A static field.
    Static {
        /// Declaring class.
        class: u32,
        /// Static slot.
        slot: u32,
    },
    /// An instance field.
    Field {
        /// Object reference.
        obj: u32,
        /// Field slot.
        slot: u32,
    },
    /// An array element.
    Elem {
        /// Array reference.
        arr: u32,
        /// Index.
        index: i32,
    },
    /// An array's length.
    Length {
        /// Array reference.
        arr: u32,
    },
    /// The interned object of a string literal (by literal id), or its absence.
    Literal(u32),
    /// The `java.lang.Class` object of a class (materialised on first use), or its absence.
    ClassObj(u32),
    /// The solver term an array became once a symbolic index touched it, or its absence.
    ArrTerm {
        /// Array reference.
        arr: u32,
    },
}

impl HLoc {
    /// The object the location belongs to.
    pub fn object(&self) -> Option<u32> {
        match *self {
            HLoc::Field { obj, .. } => Some(obj),
            HLoc::Elem { arr, .. } | HLoc::Length { arr } | HLoc::ArrTerm { arr } => Some(arr),
            _ => None,
        }
    }

    /// Its value in the state `view` shows (literals are answered by the tracker).
    pub fn value(&self, view: &dyn StateView) -> Option<VK> {
        let v = match *self {
            HLoc::Static { class, slot } => view.static_value(class, slot)?,
            HLoc::Field { obj, slot } => view.field(obj, slot)?,
            HLoc::Elem { arr, index } => view.elem(arr, index)?,
            HLoc::Length { arr } => view.array_len(arr)?,
            HLoc::ArrTerm { arr } => {
                view.array_len(arr)?;
                return Some(view.array_term(arr).map_or(VK::Absent, VK::Sym));
            }
            HLoc::Literal(_) | HLoc::ClassObj(_) => return None,
        };
        Some(VK::of(v, view))
    }
}

/// A value as two states are compared on it: its symbolic term when it has one (the
/// concrete part is then only this run's model), else its concrete bits; a reference with the
/// runtime class of its object (the same number may name objects of other classes in other
/// runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VK {
    /// A symbolic value.
    Sym(ExprId),
    /// A concrete primitive: kind tag and bits.
    Bits(u8, u64),
    /// A reference and its object's class (`u32::MAX` for null or an unknown object).
    Ref(u32, u32),
    /// A literal not materialised yet.
    Absent,
    /// A read whose value is filled in after the instruction (a native's copy).
    Pending,
}

impl VK {
    /// The comparison key of a value.
    pub fn of(v: Value, view: &dyn StateView) -> VK {
        if let Some(s) = v.s {
            return VK::Sym(s);
        }
        match v.v {
            Prim::Int(i) => VK::Bits(0, i as u32 as u64),
            Prim::Long(l) => VK::Bits(1, l as u64),
            Prim::Float(f) => VK::Bits(2, f.to_bits() as u64),
            Prim::Double(d) => VK::Bits(3, d.to_bits()),
            Prim::Top => VK::Bits(4, 0),
            Prim::Ref(0) => VK::Ref(0, u32::MAX),
            Prim::Ref(r) => VK::Ref(r, view.class_of(r).unwrap_or(u32::MAX)),
        }
    }

    /// What a cache of materialised objects (literals, class objects) holds: the object, or
    /// nothing yet.
    pub fn cached(obj: Option<u32>) -> VK {
        obj.map_or(VK::Absent, |o| VK::Ref(o, u32::MAX))
    }

    /// The symbolic term, if any.
    pub fn sym(&self) -> Option<ExprId> {
        match self {
            VK::Sym(e) => Some(*e),
            _ => None,
        }
    }
}

/// The accesses of one stretch of a run: the locations it read before writing them, with the
/// values read (the state's values at the stretch's start), what it wrote, and the objects and
/// classes whose state it created (all their cells count as written).
#[derive(Clone, Debug, Default)]
pub struct Part {
    /// Something was read that cannot be named or valued (an unmodelled native): every
    /// location counts as read.
    pub top: bool,
    /// Read before written, in order, with the value read.
    pub reads: Vec<(HLoc, VK)>,
    /// Objects allocated.
    pub born: FxHashSet<u32>,
    /// Classes whose statics were created.
    pub born_classes: FxHashSet<u32>,
    /// Every location accessed, and whether it was written.
    accessed: FxHashMap<HLoc, bool>,
    writes: usize,
}

impl Part {
    fn fresh(&self, l: &HLoc) -> bool {
        match l {
            HLoc::Static { class, .. } => self.born_classes.contains(class),
            _ => l.object().is_some_and(|o| self.born.contains(&o)),
        }
    }

    /// A read of `l` that saw `v`; returns the index of the read when it is the first access.
    pub fn read(&mut self, l: HLoc, v: VK) -> Option<usize> {
        if self.fresh(&l) {
            return None;
        }
        match self.accessed.entry(l) {
            std::collections::hash_map::Entry::Occupied(_) => None,
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(false);
                self.reads.push((l, v));
                Some(self.reads.len() - 1)
            }
        }
    }

    /// A write of `l`.
    pub fn write(&mut self, l: HLoc) {
        if self.accessed.insert(l, true) != Some(true) {
            self.writes += 1;
        }
    }

    /// Whether the stretch wrote `l` (or created its object or class).
    pub fn wrote(&self, l: &HLoc) -> bool {
        self.accessed.get(l) == Some(&true) || self.fresh(l)
    }

    /// Whether the stretch wrote or created anything.
    pub fn writes_anything(&self) -> bool {
        self.writes > 0 || !self.born.is_empty() || !self.born_classes.is_empty()
    }

    /// Approximate heap bytes.
    pub fn bytes(&self) -> usize {
        self.reads.len() * 24 + self.accessed.len() * 24 + (self.born.len() + self.born_classes.len()) * 8
    }
}

/// The locations a subtree's runs read before writing them, with their values at the subtree's
/// root; `top` when some run read something unnameable.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Live {
    /// Everything counts as read.
    pub top: bool,
    /// The locations and values.
    pub map: FxHashMap<HLoc, VK>,
}

impl Live {
    /// The set of everything (never matches).
    pub fn everything() -> Live {
        Live {
            top: true,
            map: FxHashMap::default(),
        }
    }

    /// Adds another subtree's set at the same root; two values for one location (which a
    /// deterministic VM never gives) make the union `top`.
    pub fn union(&mut self, o: &Live) {
        if self.top || o.top {
            *self = Live::everything();
            return;
        }
        for (l, v) in &o.map {
            match self.map.get(l) {
                Some(w) if w != v => {
                    *self = Live::everything();
                    return;
                }
                Some(_) => {}
                None => {
                    self.map.insert(*l, *v);
                }
            }
        }
    }

    /// The set before `part` ran, given the set after it: what it wrote is no longer read from
    /// before it, what it read first is.
    pub fn into_before(mut self, part: &Part) -> Live {
        if self.top || part.top {
            return Live::everything();
        }
        if part.writes_anything() {
            self.map.retain(|l, _| !part.wrote(l));
        }
        for (l, v) in &part.reads {
            if *v == VK::Pending {
                return Live::everything();
            }
            self.map.insert(*l, *v);
        }
        self
    }

    /// Adds another subtree's set at the same root, taking it.
    pub fn absorb(&mut self, o: Live) {
        if self.map.len() < o.map.len() && !self.top {
            let mine = std::mem::replace(self, o);
            self.union(&mine);
        } else {
            self.union(&o);
        }
    }

    /// Approximate heap bytes.
    pub fn bytes(&self) -> usize {
        self.map.len() * 32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_before_writes_propagate_and_writes_kill() {
        let a = HLoc::Static { class: 1, slot: 0 };
        let b = HLoc::Field { obj: 7, slot: 2 };
        let c = HLoc::Elem { arr: 9, index: 1 };
        let mut p = Part::default();
        p.write(a);
        assert_eq!(p.read(a, VK::Bits(0, 1)), None, "a read after a write reads nothing old");
        assert_eq!(p.read(b, VK::Bits(0, 5)), Some(0));
        p.born.insert(9);
        assert_eq!(p.read(c, VK::Bits(0, 0)), None, "a fresh array's elements are written");
        let mut after = Live::default();
        after.map.insert(a, VK::Bits(0, 3));
        after.map.insert(c, VK::Bits(0, 4));
        after.map.insert(HLoc::Length { arr: 3 }, VK::Bits(0, 2));
        let before = after.into_before(&p);
        let mut keys: Vec<_> = before.map.keys().copied().collect();
        keys.sort();
        assert_eq!(keys, vec![b, HLoc::Length { arr: 3 }]);
        assert_eq!(before.map[&b], VK::Bits(0, 5));
    }

    #[test]
    fn unions_of_disagreeing_values_and_unknown_reads_are_everything() {
        let l = HLoc::Static { class: 1, slot: 0 };
        let mut x = Live::default();
        x.map.insert(l, VK::Bits(0, 1));
        let mut y = Live::default();
        y.map.insert(l, VK::Bits(0, 2));
        let mut u = x.clone();
        u.union(&x);
        assert!(!u.top);
        u.union(&y);
        assert!(u.top);
        let p = Part {
            top: true,
            ..Part::default()
        };
        assert!(x.into_before(&p).top);
    }
}
