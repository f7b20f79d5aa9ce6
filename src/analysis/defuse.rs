//! Definitions and uses over abstract locations (locals, operand-stack slots, static fields,
//! instance fields — one location per field name, arrays — one location per element type),
//! computed by simulating the operand stack (heights and categories) over the CFG. Calls use and
//! define what their callees may read and write (their mod/ref summaries).

use super::cfg::Cfg;
use crate::bytecode::{ArrKind, Constant, JType, Method, Op};
use std::collections::BTreeSet;
use std::sync::Arc;

/// An abstract location.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Loc {
    /// A local variable slot.
    Local(u16),
    /// An operand-stack slot (entry index from the bottom).
    Stack(u16),
    /// A static field `name:desc` (field-based).
    Static(Arc<str>),
    /// An instance field `name:desc` (field-based: all objects share it).
    Field(Arc<str>),
    /// The elements of every array of one element kind (`I`, `J`, `F`, `D`, `B`, `C`, `S`, `A`).
    Elem(char),
}

impl Loc {
    /// Heap locations are the ones calls summarise.
    pub fn is_heap(&self) -> bool {
        matches!(self, Loc::Static(_) | Loc::Field(_) | Loc::Elem(_))
    }
    /// A readable name.
    pub fn name(&self) -> String {
        match self {
            Loc::Local(i) => format!("local{i}"),
            Loc::Stack(i) => format!("stack{i}"),
            Loc::Static(n) => format!("static {n}"),
            Loc::Field(n) => format!("field {n}"),
            Loc::Elem(c) => format!("{c}[]"),
        }
    }
}

/// What a method (transitively) reads and writes on the heap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Written locations.
    pub mods: BTreeSet<Loc>,
    /// Read locations.
    pub refs: BTreeSet<Loc>,
}

/// A definition at an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Def {
    /// The location.
    pub loc: Loc,
    /// A strong update kills earlier definitions of the location.
    pub strong: bool,
}

/// Uses and definitions of one instruction.
#[derive(Clone, Debug, Default)]
pub struct DefUse {
    /// Locations read.
    pub uses: Vec<Loc>,
    /// Locations written.
    pub defs: Vec<Def>,
}

/// The abstract location letter of an array element kind.
pub fn elem_char(k: ArrKind) -> char {
    match k {
        ArrKind::Boolean | ArrKind::Byte => 'B',
        ArrKind::Char => 'C',
        ArrKind::Short => 'S',
        ArrKind::Int => 'I',
        ArrKind::Long => 'J',
        ArrKind::Float => 'F',
        ArrKind::Double => 'D',
        ArrKind::Ref => 'A',
    }
}

fn cat_of_type(t: &JType) -> u8 {
    if t.slots() == 2 { 2 } else { 1 }
}

fn cat_of_letter(c: u8) -> u8 {
    if c == b'L' || c == b'D' { 2 } else { 1 }
}

/// Field key used for both static and instance fields.
pub fn field_key(name: &str, desc: &str) -> Arc<str> {
    Arc::from(format!("{name}:{desc}"))
}

/// Def/use per instruction, plus the stack depth (entries) before each instruction
/// (`None` for unreachable code).
pub struct MethodDefUse {
    /// Per instruction.
    pub du: Vec<DefUse>,
    /// Stack entries before each instruction.
    pub depth: Vec<Option<usize>>,
    /// Field accesses whose receiver is always `this` (they cannot throw NullPointerException).
    pub this_receiver: Vec<bool>,
}

/// Flag bit on a simulated stack entry: the value is `this`.
const THIS: u8 = 4;

/// Computes def/use for a method. `summary(pc)` gives the summary of the code the instruction at `pc`
/// may run (its callees, the class initialisers it may trigger).
pub fn compute(m: &Method, cfg: &Cfg, summary: &mut dyn FnMut(usize) -> Summary) -> MethodDefUse {
    let n = m.code.len();
    let mut stacks: Vec<Option<Vec<u8>>> = vec![None; n];
    let mut du: Vec<DefUse> = vec![DefUse::default(); n];
    let mut this_receiver = vec![false; n];
    if n == 0 {
        return MethodDefUse {
            du,
            depth: vec![],
            this_receiver,
        };
    }
    let this_stable = !m.is_static() && !m.code.iter().any(|o| matches!(o, Op::Store(0)));
    stacks[0] = Some(vec![]);
    for h in &m.handlers {
        if (h.handler as usize) < n {
            stacks[h.handler as usize] = Some(vec![1]);
        }
    }
    let mut work: Vec<usize> = (0..n).filter(|i| stacks[*i].is_some()).collect();
    let mut done = vec![false; n];
    while let Some(pc) = work.pop() {
        let Some(before) = stacks[pc].clone() else { continue };
        let mut st = before;
        let recv = match &m.code[pc] {
            Op::GetField(_) => st.last().copied(),
            Op::PutField(_) => st.len().checked_sub(2).and_then(|i| st.get(i)).copied(),
            _ => None,
        };
        let d = step(m, pc, &mut st, summary, this_stable);
        if let Some(r) = recv {
            this_receiver[pc] = if done[pc] {
                this_receiver[pc] && r & THIS != 0
            } else {
                r & THIS != 0
            };
        }
        if !done[pc] {
            du[pc] = d;
            done[pc] = true;
        }
        for e in &cfg.succ[pc] {
            if e.to >= n || e.fake {
                continue;
            }
            let is_exc_handler =
                m.handlers.iter().any(|h| h.handler as usize == e.to) && e.dir == Some(1) && super::cfg::may_throw(&m.code[pc]);
            let next = if is_exc_handler { vec![1] } else { st.clone() };
            if stacks[e.to].is_none() {
                stacks[e.to] = Some(next);
                work.push(e.to);
            }
        }
    }
    let depth = stacks.iter().map(|s| s.as_ref().map(|v| v.len())).collect();
    MethodDefUse { du, depth, this_receiver }
}

/// The effect of code an instruction may run (a callee, a class initialiser): it reads what the
/// summary reads and may write (weakly) what it writes.
fn may_run(d: &mut DefUse, s: &Summary) {
    d.uses.extend(s.refs.iter().cloned());
    d.defs.extend(s.mods.iter().map(|l| Def {
        loc: l.clone(),
        strong: false,
    }));
}

/// Simulates one instruction on the category stack, returning its uses and definitions.
fn step(m: &Method, pc: usize, st: &mut Vec<u8>, summary: &mut dyn FnMut(usize) -> Summary, this_stable: bool) -> DefUse {
    let vk = m.vkinds.get(pc).copied().unwrap_or(0);
    let mut d = DefUse::default();
    let top = |st: &Vec<u8>, k: usize| Loc::Stack((st.len() - k) as u16);
    macro_rules! pop {
        ($k:expr) => {{
            for _ in 0..$k {
                if !st.is_empty() {
                    d.uses.push(top(st, 1));
                    st.pop();
                }
            }
        }};
    }
    macro_rules! push {
        ($c:expr) => {{
            d.defs.push(Def {
                loc: Loc::Stack(st.len() as u16),
                strong: true,
            });
            st.push($c);
        }};
    }
    let op = &m.code[pc];
    match op {
        Op::Nop | Op::Goto(_) | Op::Unsupported(_) => {}
        Op::Const(c) => push!(if matches!(c, Constant::Long(_) | Constant::Double(_)) {
            2
        } else {
            1
        }),
        Op::Load(i) => {
            d.uses.push(Loc::Local(*i));
            push!(cat_of_letter(vk) | if *i == 0 && this_stable { THIS } else { 0 });
        }
        Op::Store(i) => {
            pop!(1);
            d.defs.push(Def {
                loc: Loc::Local(*i),
                strong: true,
            });
        }
        Op::ArrayLoad(k) => {
            pop!(2);
            d.uses.push(Loc::Elem(elem_char(*k)));
            push!(if matches!(k, ArrKind::Long | ArrKind::Double) { 2 } else { 1 });
        }
        Op::ArrayStore(k) => {
            pop!(3);
            d.defs.push(Def {
                loc: Loc::Elem(elem_char(*k)),
                strong: false,
            });
        }
        Op::Pop => pop!(1),
        Op::Pop2 => {
            let k = if st.last().map(|c| c & 3) == Some(2) { 1 } else { 2 };
            pop!(k);
        }
        Op::Dup | Op::DupX1 | Op::DupX2 | Op::Dup2 | Op::Dup2X1 | Op::Dup2X2 | Op::Swap => {
            // Take the top entries involved, then push the rearranged copy; every new slot is
            // treated as depending on every entry involved.
            let c1 = st.last().copied().unwrap_or(1) & 3;
            let c2 = st.get(st.len().wrapping_sub(2)).copied().unwrap_or(1) & 3;
            let c3 = st.get(st.len().wrapping_sub(3)).copied().unwrap_or(1) & 3;
            let (take, out): (usize, Vec<usize>) = match op {
                Op::Dup => (1, vec![0, 0]),
                Op::DupX1 => (2, vec![0, 1, 0]),
                Op::DupX2 => {
                    if c2 == 2 {
                        (2, vec![0, 1, 0])
                    } else {
                        (3, vec![0, 2, 1, 0])
                    }
                }
                Op::Dup2 => {
                    if c1 == 2 {
                        (1, vec![0, 0])
                    } else {
                        (2, vec![1, 0, 1, 0])
                    }
                }
                Op::Dup2X1 => {
                    if c1 == 2 {
                        (2, vec![0, 1, 0])
                    } else {
                        (3, vec![1, 0, 2, 1, 0])
                    }
                }
                Op::Dup2X2 => match (c1, c2, c3) {
                    (2, 2, _) => (2, vec![0, 1, 0]),
                    (2, _, _) => (3, vec![0, 2, 1, 0]),
                    (_, _, 2) => (3, vec![1, 0, 2, 1, 0]),
                    _ => (4, vec![1, 0, 3, 2, 1, 0]),
                },
                _ => (2, vec![0, 1]),
            };
            let take = take.min(st.len());
            let taken: Vec<u8> = st[st.len() - take..].iter().rev().copied().collect();
            pop!(take);
            for i in out.iter().rev() {
                push!(taken.get(*i).copied().unwrap_or(1));
            }
        }
        Op::Arith(_) => {
            let c = cat_of_letter(vk);
            pop!(2);
            push!(c);
        }
        Op::Neg => {
            let c = cat_of_letter(vk);
            pop!(1);
            push!(c);
        }
        Op::Iinc(i, _) => {
            d.uses.push(Loc::Local(*i));
            d.defs.push(Def {
                loc: Loc::Local(*i),
                strong: true,
            });
        }
        Op::Convert(u) => {
            use crate::symbolic::UnOp::*;
            pop!(1);
            push!(if matches!(u, I2L | F2L | D2L | I2D | L2D | F2D) { 2 } else { 1 });
        }
        Op::Compare(_) => {
            pop!(2);
            push!(1);
        }
        Op::If(..) | Op::IfNull(..) | Op::TableSwitch(..) | Op::LookupSwitch(..) => pop!(1),
        Op::IfCmp(..) | Op::IfRefEq(..) => pop!(2),
        Op::Return(has) => {
            if *has {
                pop!(1);
            }
        }
        Op::GetStatic(r) => {
            may_run(&mut d, &summary(pc));
            d.uses.push(Loc::Static(field_key(&r.name, &r.desc)));
            push!(r.ftype.as_ref().map(cat_of_type).unwrap_or(1));
        }
        Op::PutStatic(r) => {
            may_run(&mut d, &summary(pc));
            pop!(1);
            d.defs.push(Def {
                loc: Loc::Static(field_key(&r.name, &r.desc)),
                strong: true,
            });
        }
        Op::GetField(r) => {
            pop!(1);
            d.uses.push(Loc::Field(field_key(&r.name, &r.desc)));
            push!(r.ftype.as_ref().map(cat_of_type).unwrap_or(1));
        }
        Op::PutField(r) => {
            pop!(2);
            d.defs.push(Def {
                loc: Loc::Field(field_key(&r.name, &r.desc)),
                strong: false,
            });
        }
        Op::Invoke(kind, r) => {
            let args = r.mdesc.as_ref().map(|md| md.params.len()).unwrap_or(0) + (*kind != crate::bytecode::InvokeKind::Static) as usize;
            pop!(args);
            let s = summary(pc);
            may_run(&mut d, &s);
            if let Some(md) = &r.mdesc
                && md.ret != JType::Void
            {
                push!(cat_of_type(&md.ret));
            }
        }
        Op::InvokeDynamic(ir) => {
            if let Some(md) = crate::bytecode::MethodDesc::parse(&ir.desc) {
                pop!(md.params.len());
                if md.ret != JType::Void {
                    push!(cat_of_type(&md.ret));
                }
            }
        }
        Op::New(_) => {
            may_run(&mut d, &summary(pc));
            push!(1)
        }
        Op::NewArray(_) | Op::ANewArray(_) | Op::ArrayLength | Op::CheckCast(_) | Op::InstanceOf(_) => {
            pop!(1);
            push!(1);
        }
        Op::MultiANewArray(_, dims) => {
            pop!(*dims as usize);
            push!(1);
        }
        Op::Athrow | Op::Monitor => pop!(1),
    }
    d
}
