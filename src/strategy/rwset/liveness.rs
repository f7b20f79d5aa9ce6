//! Live local variables per instruction (classic backward dataflow), which `rwset` uses to
//! project a frame onto the locals its continuation can still read. Every instruction inside a
//! handler's range is given an edge to the handler (not only those that may throw), so the sets
//! over-approximate what any run reads: a local outside them is overwritten before every read
//! on every path, whatever the inputs.

use crate::bytecode::{Handler, Method, Op};

/// The locals live before each instruction of one method, as bit sets.
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    words: usize,
    live_in: Vec<u64>,
}

impl Liveness {
    /// Computes the live-in sets of every instruction of `m`.
    pub fn of(m: &Method) -> Liveness {
        Liveness::compute(&m.code, &m.handlers, m.max_locals)
    }

    /// Computes the live-in sets of a method body.
    pub fn compute(code: &[Op], handlers: &[Handler], max_locals: u16) -> Liveness {
        let n = code.len();
        let locals = (max_locals as usize).max(1);
        let words = locals.div_ceil(64);
        let mut live_in = vec![0u64; n * words];
        let succ: Vec<Vec<usize>> = (0..n).map(|pc| successors(code, handlers, pc)).collect();
        let mut changed = true;
        let mut out = vec![0u64; words];
        while changed {
            changed = false;
            for pc in (0..n).rev() {
                out.iter_mut().for_each(|w| *w = 0);
                for &s in &succ[pc] {
                    if s < n {
                        for (o, x) in out.iter_mut().zip(&live_in[s * words..(s + 1) * words]) {
                            *o |= *x;
                        }
                    }
                }
                let (used, defined) = use_def(&code[pc]);
                if let Some(d) = defined
                    && (d as usize) < locals
                {
                    out[d as usize / 64] &= !(1u64 << (d % 64));
                }
                if let Some(u) = used
                    && (u as usize) < locals
                {
                    out[u as usize / 64] |= 1u64 << (u % 64);
                }
                let cur = &mut live_in[pc * words..(pc + 1) * words];
                if cur != out.as_slice() {
                    cur.copy_from_slice(&out);
                    changed = true;
                }
            }
        }
        Liveness { words, live_in }
    }

    /// The live locals before instruction `pc`, in ascending order.
    pub fn live_at(&self, pc: u32) -> impl Iterator<Item = u16> + '_ {
        let from = pc as usize * self.words;
        let words = self.live_in.get(from..from + self.words).unwrap_or(&[]);
        words
            .iter()
            .enumerate()
            .flat_map(|(w, bits)| (0..64u16).filter(move |b| bits & (1u64 << b) != 0).map(move |b| w as u16 * 64 + b))
    }
}

/// The local an instruction reads and the one it overwrites. A wide store is not taken to
/// overwrite the slot after its own (conservative).
fn use_def(op: &Op) -> (Option<u16>, Option<u16>) {
    match op {
        Op::Load(n) => (Some(*n), None),
        Op::Store(n) => (None, Some(*n)),
        Op::Iinc(n, _) => (Some(*n), None),
        _ => (None, None),
    }
}

/// Normal successors plus every handler whose range covers the instruction.
fn successors(code: &[Op], handlers: &[Handler], pc: usize) -> Vec<usize> {
    let mut s = Vec::new();
    match &code[pc] {
        Op::If(_, t) | Op::IfCmp(_, t) | Op::IfRefEq(_, t) | Op::IfNull(_, t) => {
            s.push(pc + 1);
            s.push(*t as usize);
        }
        Op::Goto(t) => s.push(*t as usize),
        Op::TableSwitch(_, ts, d) => {
            s.extend(ts.iter().map(|t| *t as usize));
            s.push(*d as usize);
        }
        Op::LookupSwitch(ps, d) => {
            s.extend(ps.iter().map(|p| p.1 as usize));
            s.push(*d as usize);
        }
        Op::Return(_) | Op::Athrow => {}
        _ => s.push(pc + 1),
    }
    for h in handlers {
        if (h.start as usize) <= pc && pc < h.end as usize {
            s.push(h.handler as usize);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::Cond;

    #[test]
    fn a_local_overwritten_before_every_read_is_dead() {
        // Local 1 is read at 4 whether or not the store at 3 ran, so it is live at 0; local 2
        // is stored at 5 before its only read at 6.
        let code = vec![
            Op::Load(0),
            Op::If(Cond::Eq, 4),
            Op::Const(crate::bytecode::Constant::Int(1)),
            Op::Store(1),
            Op::Load(1),
            Op::Store(2),
            Op::Load(2),
            Op::Return(true),
        ];
        let l = Liveness::compute(&code, &[], 3);
        assert_eq!(l.live_at(0).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(l.live_at(2).collect::<Vec<_>>(), Vec::<u16>::new());
        assert_eq!(l.live_at(4).collect::<Vec<_>>(), vec![1]);
        assert_eq!(l.live_at(5).collect::<Vec<_>>(), Vec::<u16>::new());
        assert_eq!(l.live_at(6).collect::<Vec<_>>(), vec![2]);
    }

    #[test]
    fn handlers_keep_their_reads_live_over_the_whole_range() {
        // Local 1 is read by the handler at 3; instruction 1 (a store to 0) is inside the
        // range, so 1 stays live there although the normal path never reads it.
        let code = vec![
            Op::Const(crate::bytecode::Constant::Int(0)),
            Op::Store(0),
            Op::Return(false),
            Op::Load(1),
            Op::Return(true),
        ];
        let h = Handler {
            start: 0,
            end: 2,
            handler: 3,
            catch: None,
        };
        let l = Liveness::compute(&code, &[h], 2);
        assert_eq!(l.live_at(1).collect::<Vec<_>>(), vec![1]);
        assert_eq!(l.live_at(2).collect::<Vec<_>>(), Vec::<u16>::new());
    }
}
