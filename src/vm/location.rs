//! Locations, named once for every strategy that observes runs (dependence slices, read/write
//! sets, location-level traces): locals, operand-stack entries, statics, object fields and array
//! elements. Within a run a heap object is named by its reference; [`HeapNames`] gives each
//! object a name that is stable across runs, its allocation site and the occurrence count of that
//! site in the run (`notes-pse-rsd.md`, Part C.1).
//!
//! [`Access`] is what one instruction addresses, computed from the instruction and the operand
//! stack before it runs. The interpreter computes it only for an active tracker, so `spf` never
//! pays for it.

use super::Value;
use crate::bytecode::{InvokeKind, MethodDesc, Op, Resolved};
use crate::program::ClassId;
use crate::symbolic::ExprId;
use rustc_hash::FxHashMap;

/// A program point: method id and instruction index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Site {
    /// Global method id.
    pub method: u32,
    /// Instruction index within the method; [`Site::VM_PC`] for work the VM does outside any
    /// instruction (the driver's arguments and receiver).
    pub pc: u32,
}

impl Site {
    /// The pc of work done by the VM itself rather than by an instruction.
    pub const VM_PC: u32 = u32::MAX;
}

/// A location of the running program. Frames are numbered by depth in the run's call stack
/// (0 = the outermost frame: the driver, or an initialiser run before it); objects by their
/// reference in this run (see [`HeapNames`] for names that hold across runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    /// A local variable slot (a long or double occupies its low slot).
    Local {
        /// Frame depth.
        frame: u32,
        /// Slot.
        slot: u16,
    },
    /// An operand-stack entry (one entry per value, longs and doubles included), from the bottom.
    Stack {
        /// Frame depth.
        frame: u32,
        /// Entry index from the bottom of the frame's operand stack.
        index: u32,
    },
    /// A static field: the declaring class and the field's slot in it.
    Static {
        /// Declaring class.
        class: ClassId,
        /// Static slot.
        slot: u32,
    },
    /// An instance field: the object and the field's slot in its layout.
    Field {
        /// Object reference.
        obj: u32,
        /// Field slot.
        slot: u32,
    },
    /// An array element at a concrete index.
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
}

/// Where a value the VM moves outside instruction semantics came from (natives, string
/// concatenation, lambdas, internal calls).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    /// A location (a `Stack` entry of the current frame is the instruction's operand, still
    /// addressable until the instruction completes).
    Loc(Loc),
    /// The value returned by the last call that returned into the VM (an internal call).
    Returned,
    /// A value the VM created: a constant, a fresh reference or input.
    Fresh,
}

/// The stable name of a heap object: where it was allocated and how many objects that site
/// allocated before it in the same run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapName {
    /// Allocation site (the `new`, `newarray`, invoke or `invokedynamic` that allocated it).
    pub site: Site,
    /// 0 for the site's first allocation in the run, 1 for its second, …
    pub occurrence: u32,
}

/// A location named for use across runs: heap objects by [`HeapName`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedLoc {
    /// A local variable slot.
    Local {
        /// Frame depth.
        frame: u32,
        /// Slot.
        slot: u16,
    },
    /// An operand-stack entry.
    Stack {
        /// Frame depth.
        frame: u32,
        /// Entry index from the bottom.
        index: u32,
    },
    /// A static field.
    Static {
        /// Declaring class.
        class: ClassId,
        /// Static slot.
        slot: u32,
    },
    /// An instance field.
    Field {
        /// Object name.
        obj: HeapName,
        /// Field slot.
        slot: u32,
    },
    /// An array element.
    Elem {
        /// Array name.
        arr: HeapName,
        /// Index.
        index: i32,
    },
    /// An array's length.
    Length {
        /// Array name.
        arr: HeapName,
    },
}

/// Allocation-site names of the objects of one run, filled from the tracker's `alloc` hook.
#[derive(Default, Debug, Clone)]
pub struct HeapNames {
    by_ref: Vec<Option<HeapName>>,
    counts: FxHashMap<Site, u32>,
}

impl HeapNames {
    /// An empty table (start of a run).
    pub fn new() -> Self {
        Self::default()
    }

    /// Records that `obj` was allocated at `site`.
    pub fn alloc(&mut self, obj: u32, site: Site) {
        let n = self.counts.entry(site).or_insert(0);
        let name = HeapName { site, occurrence: *n };
        *n += 1;
        let i = obj as usize;
        if self.by_ref.len() <= i {
            self.by_ref.resize(i + 1, None);
        }
        self.by_ref[i] = Some(name);
    }

    /// The stable name of an object of this run.
    pub fn name(&self, obj: u32) -> Option<HeapName> {
        self.by_ref.get(obj as usize).copied().flatten()
    }

    /// The location with its heap object named across runs (`None` for an unknown object).
    pub fn named(&self, loc: Loc) -> Option<NamedLoc> {
        Some(match loc {
            Loc::Local { frame, slot } => NamedLoc::Local { frame, slot },
            Loc::Stack { frame, index } => NamedLoc::Stack { frame, index },
            Loc::Static { class, slot } => NamedLoc::Static { class, slot },
            Loc::Field { obj, slot } => NamedLoc::Field {
                obj: self.name(obj)?,
                slot,
            },
            Loc::Elem { arr, index } => NamedLoc::Elem {
                arr: self.name(arr)?,
                index,
            },
            Loc::Length { arr } => NamedLoc::Length { arr: self.name(arr)? },
        })
    }
}

/// The heap operand of an instruction, read from the operand stack before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapOperand {
    /// `getfield` / `putfield`: the object (the slot is known once the reference resolved).
    Field {
        /// Object reference (0 = null).
        obj: u32,
    },
    /// `xaload` / `xastore`: the array and the index.
    Elem {
        /// Array reference (0 = null).
        arr: u32,
        /// Concrete index.
        index: i32,
        /// Symbolic index, when it has one.
        sym: Option<ExprId>,
    },
    /// `arraylength`.
    Length {
        /// Array reference (0 = null).
        arr: u32,
    },
}

/// How a stack-manipulation instruction (`dup*`, `swap`, `pop*`) rearranges the top of the
/// operand stack: it consumes `consumed` entries and pushes `out[..len]`, each an index into the
/// consumed entries (0 = the deepest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shuffle {
    /// Entries consumed from the top.
    pub consumed: u8,
    /// Entries pushed back, as indices into the consumed ones.
    pub out: [u8; 6],
    /// How many of `out` are used.
    pub len: u8,
}

impl Shuffle {
    fn new(consumed: u8, out: &[u8]) -> Self {
        let mut o = [0u8; 6];
        o[..out.len()].copy_from_slice(out);
        Shuffle {
            consumed,
            out: o,
            len: out.len() as u8,
        }
    }

    /// The pushed entries, as indices into the consumed ones.
    pub fn pushed(&self) -> &[u8] {
        &self.out[..self.len as usize]
    }
}

/// What one instruction addresses, computed before it runs.
#[derive(Clone, Copy, Debug)]
pub struct Access {
    /// Depth of the executing frame.
    pub frame: u32,
    /// The instruction.
    pub site: Site,
    /// Operand-stack entries before the instruction.
    pub stack_len: u32,
    /// Operand-stack entries it consumes (the top `pops` entries).
    pub pops: u32,
    /// The local it reads (`xload`, `iinc`).
    pub local_read: Option<u16>,
    /// The local it writes (`xstore`, `iinc`), and whether the value is wide (a long or double
    /// also clobbers the next slot).
    pub local_write: Option<(u16, bool)>,
    /// The heap object (and index) it reads or writes.
    pub heap: Option<HeapOperand>,
    /// For instructions that only move stack entries: how.
    pub shuffle: Option<Shuffle>,
    /// Branch events recorded before the instruction.
    pub events: u32,
}

impl Access {
    /// What `op` addresses, given the frame's operand stack before it runs.
    pub fn of(op: &Op, frame: u32, site: Site, stack: &[Value], events: usize) -> Access {
        let len = stack.len();
        let top = |k: usize| stack.get(len.wrapping_sub(k));
        let mut a = Access {
            frame,
            site,
            stack_len: len as u32,
            pops: consumed(op, stack) as u32,
            local_read: None,
            local_write: None,
            heap: None,
            shuffle: None,
            events: events as u32,
        };
        match op {
            Op::Load(n) => a.local_read = Some(*n),
            Op::Store(n) => a.local_write = Some((*n, top(1).is_some_and(|v| v.is_wide()))),
            Op::Iinc(n, _) => {
                a.local_read = Some(*n);
                a.local_write = Some((*n, false));
            }
            Op::GetField(_) => a.heap = top(1).map(|o| HeapOperand::Field { obj: o.as_ref() }),
            Op::PutField(_) => a.heap = top(2).map(|o| HeapOperand::Field { obj: o.as_ref() }),
            Op::ArrayLoad(_) => a.heap = elem(top(2), top(1)),
            Op::ArrayStore(_) => a.heap = elem(top(3), top(2)),
            Op::ArrayLength => a.heap = top(1).map(|r| HeapOperand::Length { arr: r.as_ref() }),
            o if is_move(o) => a.shuffle = shuffle(op, stack),
            _ => {}
        }
        a
    }

    /// The index of the first operand-stack entry the instruction consumed: entries from here on
    /// after it ran are what it produced (or left in place).
    pub fn first_consumed(&self) -> u32 {
        self.stack_len - self.pops
    }

    /// The heap or static location `op` addresses, once its member reference has resolved.
    pub fn heap_loc(&self, op: &Op) -> Option<Loc> {
        match (op, self.heap) {
            (Op::GetField(r) | Op::PutField(r), Some(HeapOperand::Field { obj })) => match r.resolved.get() {
                Some(Resolved::Field(slot)) => Some(Loc::Field { obj, slot: *slot }),
                _ => None,
            },
            (Op::GetStatic(r) | Op::PutStatic(r), _) => match r.resolved.get() {
                Some(Resolved::Static(class, slot)) => Some(Loc::Static {
                    class: *class,
                    slot: *slot,
                }),
                _ => None,
            },
            (Op::ArrayLoad(_) | Op::ArrayStore(_), Some(HeapOperand::Elem { arr, index, .. })) => Some(Loc::Elem { arr, index }),
            (Op::ArrayLength, Some(HeapOperand::Length { arr })) => Some(Loc::Length { arr }),
            _ => None,
        }
    }
}

fn elem(arr: Option<&Value>, idx: Option<&Value>) -> Option<HeapOperand> {
    match (arr, idx) {
        (Some(a), Some(i)) => Some(HeapOperand::Elem {
            arr: a.as_ref(),
            index: i.as_int(),
            sym: i.s,
        }),
        _ => None,
    }
}

/// How many operand-stack entries an instruction consumes (one entry per value), at most the
/// stack's depth.
#[inline]
pub fn consumed(op: &Op, stack: &[Value]) -> usize {
    let top_wide = stack.last().is_some_and(|v| v.is_wide());
    let n = match op {
        Op::Nop
        | Op::Const(_)
        | Op::Load(_)
        | Op::New(_)
        | Op::GetStatic(_)
        | Op::Goto(_)
        | Op::Iinc(..)
        | Op::Unsupported(_)
        | Op::Return(false) => 0,
        Op::Dup | Op::DupX1 | Op::DupX2 | Op::Dup2 | Op::Dup2X1 | Op::Dup2X2 | Op::Swap => 0,
        Op::Pop2 => {
            if top_wide {
                1
            } else {
                2
            }
        }
        Op::Store(_)
        | Op::Pop
        | Op::If(..)
        | Op::IfNull(..)
        | Op::TableSwitch(..)
        | Op::LookupSwitch(..)
        | Op::PutStatic(_)
        | Op::NewArray(_)
        | Op::ANewArray(_)
        | Op::ArrayLength
        | Op::Athrow
        | Op::CheckCast(_)
        | Op::InstanceOf(_)
        | Op::Monitor
        | Op::Convert(_)
        | Op::Neg
        | Op::GetField(_)
        | Op::Return(true) => 1,
        Op::Arith(_) | Op::Compare(_) | Op::IfCmp(..) | Op::IfRefEq(..) | Op::PutField(_) | Op::ArrayLoad(_) => 2,
        Op::ArrayStore(_) => 3,
        Op::MultiANewArray(_, d) => *d as usize,
        Op::Invoke(kind, r) => r.mdesc.as_ref().map(|m| m.params.len()).unwrap_or(0) + (*kind != InvokeKind::Static) as usize,
        Op::InvokeDynamic(ir) => MethodDesc::parse(&ir.desc).map(|m| m.params.len()).unwrap_or(0),
    };
    n.min(stack.len())
}

/// How a stack-manipulation instruction rearranges the operand stack (`None` for every other
/// instruction, and for a stack too shallow for it). Mirrors the interpreter's `dup*` semantics
/// over one entry per value (JVMS §6.5 dup2: a long or double is one category-2 entry).
pub fn shuffle(op: &Op, stack: &[Value]) -> Option<Shuffle> {
    let len = stack.len();
    // wide(k): whether the k-th entry from the top (1 = top) is a long or double.
    let wide = |k: usize| stack.get(len.wrapping_sub(k)).is_some_and(|v| v.is_wide());
    let s = match op {
        Op::Nop | Op::Goto(_) => Shuffle::new(0, &[]),
        Op::Pop => Shuffle::new(1, &[]),
        Op::Pop2 => {
            if wide(1) {
                Shuffle::new(1, &[])
            } else {
                Shuffle::new(2, &[])
            }
        }
        Op::Dup => Shuffle::new(1, &[0, 0]),
        Op::Swap => Shuffle::new(2, &[1, 0]),
        Op::DupX1 => Shuffle::new(2, &[1, 0, 1]),
        Op::DupX2 => {
            if wide(2) {
                Shuffle::new(2, &[1, 0, 1])
            } else {
                Shuffle::new(3, &[2, 0, 1, 2])
            }
        }
        Op::Dup2 => {
            if wide(1) {
                Shuffle::new(1, &[0, 0])
            } else {
                Shuffle::new(2, &[0, 1, 0, 1])
            }
        }
        Op::Dup2X1 => {
            if wide(1) {
                Shuffle::new(2, &[1, 0, 1])
            } else {
                Shuffle::new(3, &[1, 2, 0, 1, 2])
            }
        }
        Op::Dup2X2 => match (wide(1), wide(2), wide(3)) {
            (true, true, _) => Shuffle::new(2, &[1, 0, 1]),
            (true, false, _) => Shuffle::new(3, &[2, 0, 1, 2]),
            (false, _, true) => Shuffle::new(3, &[1, 2, 0, 1, 2]),
            (false, _, false) => Shuffle::new(4, &[2, 3, 0, 1, 2, 3]),
        },
        _ => return None,
    };
    (s.consumed as usize <= len).then_some(s)
}

/// True for instructions that only move values around (their results keep their shadows).
#[inline]
pub fn is_move(op: &Op) -> bool {
    matches!(
        op,
        Op::Dup | Op::DupX1 | Op::DupX2 | Op::Dup2 | Op::Dup2X1 | Op::Dup2X2 | Op::Swap | Op::Pop | Op::Pop2 | Op::Nop | Op::Goto(_)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(s: Shuffle, stack: &[i32]) -> Vec<i32> {
        let base = stack.len() - s.consumed as usize;
        let mut out = stack[..base].to_vec();
        out.extend(s.pushed().iter().map(|i| stack[base + *i as usize]));
        out
    }

    #[test]
    fn shuffles_match_the_interpreter() {
        let i = Value::int;
        let l = Value::long;
        // dup_x2 over [c, b, a] (a on top): [a, c, b, a].
        let s = shuffle(&Op::DupX2, &[i(3), i(2), i(1)]).unwrap();
        assert_eq!(apply(s, &[3, 2, 1]), vec![1, 3, 2, 1]);
        // dup2 over a long: [l, l].
        let s = shuffle(&Op::Dup2, &[l(7)]).unwrap();
        assert_eq!(apply(s, &[7]), vec![7, 7]);
        // dup2_x1 over [c, b, a]: [b, a, c, b, a].
        let s = shuffle(&Op::Dup2X1, &[i(3), i(2), i(1)]).unwrap();
        assert_eq!(apply(s, &[3, 2, 1]), vec![2, 1, 3, 2, 1]);
        // dup2_x2, four narrow entries [d, c, b, a]: [b, a, d, c, b, a].
        let s = shuffle(&Op::Dup2X2, &[i(4), i(3), i(2), i(1)]).unwrap();
        assert_eq!(apply(s, &[4, 3, 2, 1]), vec![2, 1, 4, 3, 2, 1]);
        // swap.
        let s = shuffle(&Op::Swap, &[i(2), i(1)]).unwrap();
        assert_eq!(apply(s, &[2, 1]), vec![1, 2]);
        assert!(shuffle(&Op::Dup, &[]).is_none());
        assert_eq!(consumed(&Op::Pop2, &[l(1)]), 1);
        assert_eq!(consumed(&Op::Pop2, &[i(1), i(2)]), 2);
    }

    #[test]
    fn heap_names_count_occurrences_per_site() {
        let mut n = HeapNames::new();
        let a = Site { method: 3, pc: 7 };
        let b = Site { method: 3, pc: 9 };
        n.alloc(1, a);
        n.alloc(2, b);
        n.alloc(3, a);
        assert_eq!(n.name(3), Some(HeapName { site: a, occurrence: 1 }));
        assert_eq!(n.name(2), Some(HeapName { site: b, occurrence: 0 }));
        assert_eq!(
            n.named(Loc::Field { obj: 1, slot: 4 }),
            Some(NamedLoc::Field {
                obj: HeapName { site: a, occurrence: 0 },
                slot: 4
            })
        );
        assert_eq!(n.named(Loc::Elem { arr: 9, index: 0 }), None);
    }
}
