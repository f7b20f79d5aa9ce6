//! Per-method control-flow graphs over instructions, with branch-labelled edges (for
//! branch-sensitive control dependence), exceptional edges from every instruction that may throw
//! (faults are conditional aborts), and a virtual exit.

use crate::bytecode::{Method, Op};

/// Direction of an edge out of a branching instruction. For conditional jumps 0 is the
/// fall-through (the source condition held, `T`) and 1 the jump (`F`); for switches the arm
/// index (`cases.len()` = default); for instructions that may throw, 0 is normal completion and
/// 1 the exception. These match the `dir` of the VM's branch events.
pub type Dir = u32;

/// Per instruction, the only handlers its exceptions can reach (see [`Cfg::build_with`]).
pub type Handled = rustc_hash::FxHashMap<usize, Vec<u32>>;

/// An edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// Target instruction, or `exit` of the CFG.
    pub to: usize,
    /// Direction label when the source branches.
    pub dir: Option<Dir>,
    /// An artificial edge (to make every node reach the exit); ignored by control dependence.
    pub fake: bool,
}

/// A method's CFG. Nodes `0..n` are instructions, node `n` is the virtual exit.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Number of instructions.
    pub n: usize,
    /// Successors per node (the exit has none).
    pub succ: Vec<Vec<Edge>>,
    /// Predecessors per node.
    pub pred: Vec<Vec<usize>>,
}

/// True for instructions that may throw an exception (including the VM's implicit checks).
pub fn may_throw(op: &Op) -> bool {
    use crate::symbolic::BinOp;
    matches!(
        op,
        Op::Arith(BinOp::Div | BinOp::Rem)
            | Op::ArrayLoad(_)
            | Op::ArrayStore(_)
            | Op::ArrayLength
            | Op::NewArray(_)
            | Op::ANewArray(_)
            | Op::MultiANewArray(..)
            | Op::GetField(_)
            | Op::PutField(_)
            | Op::Invoke(..)
            | Op::InvokeDynamic(_)
            // A class initialiser the instruction runs may throw (the analysis keeps the edge
            // only where one may let an exception escape: `throws`).
            | Op::GetStatic(_)
            | Op::PutStatic(_)
            | Op::New(_)
            | Op::Athrow
            | Op::CheckCast(_)
            | Op::Monitor
    )
}

impl Cfg {
    /// The exit node.
    pub fn exit(&self) -> usize {
        self.n
    }

    /// Builds the CFG of a method with code. `safe[pc]` marks field accesses that cannot throw
    /// (their receiver is `this`).
    pub fn build(m: &Method, safe: &[bool]) -> Cfg {
        Cfg::build_with(m, safe, &Handled::default())
    }

    /// [`Cfg::build`], where `handled[pc]` lists the only handlers what the instruction at `pc`
    /// may throw can reach (every exception it may throw is certainly caught there: no edge to
    /// the exit, none to the other covering handlers; see `throws::MayThrow::handled`).
    pub fn build_with(m: &Method, safe: &[bool], handled: &Handled) -> Cfg {
        let n = m.code.len();
        let mut succ: Vec<Vec<Edge>> = vec![Vec::new(); n + 1];
        let edge = |to: usize, dir: Option<Dir>| Edge {
            to: to.min(n),
            dir,
            fake: false,
        };
        for (pc, op) in m.code.iter().enumerate() {
            let s = &mut succ[pc];
            let throws = may_throw(op) && !safe.get(pc).copied().unwrap_or(false);
            let normal = if throws { Some(0) } else { None };
            match op {
                Op::If(_, t) | Op::IfCmp(_, t) | Op::IfRefEq(_, t) | Op::IfNull(_, t) => {
                    s.push(edge(pc + 1, Some(0)));
                    s.push(edge(*t as usize, Some(1)));
                }
                Op::Goto(t) => s.push(edge(*t as usize, None)),
                Op::TableSwitch(_, ts, d) => {
                    for (i, t) in ts.iter().enumerate() {
                        s.push(edge(*t as usize, Some(i as u32)));
                    }
                    s.push(edge(*d as usize, Some(ts.len() as u32)));
                }
                Op::LookupSwitch(ps, d) => {
                    for (i, p) in ps.iter().enumerate() {
                        s.push(edge(p.1 as usize, Some(i as u32)));
                    }
                    s.push(edge(*d as usize, Some(ps.len() as u32)));
                }
                Op::Return(_) => s.push(edge(n, None)),
                Op::Athrow => {}
                _ => s.push(edge(pc + 1, normal)),
            }
            if let (true, Some(hs)) = (throws, handled.get(&pc)) {
                for h in hs {
                    s.push(edge(*h as usize, Some(1)));
                }
            } else if throws {
                // Exceptional successors: covering handlers in table order, the exit if no
                // catch-all covers the instruction.
                let mut caught_all = false;
                for h in &m.handlers {
                    if (h.start as usize) <= pc && pc < h.end as usize {
                        let e = edge(h.handler as usize, Some(1));
                        if !s.contains(&e) {
                            s.push(e);
                        }
                        if h.catch.is_none() {
                            caught_all = true;
                            break;
                        }
                    }
                }
                if !caught_all {
                    let e = edge(n, Some(1));
                    if !s.contains(&e) {
                        s.push(e);
                    }
                }
            }
        }
        let mut cfg = Cfg { n, succ, pred: vec![] };
        cfg.add_fake_exits();
        cfg.pred = vec![Vec::new(); n + 1];
        for (a, es) in cfg.succ.iter().enumerate() {
            for e in es {
                cfg.pred[e.to].push(a);
            }
        }
        cfg
    }

    /// Gives nodes that cannot reach the exit (infinite loops) a fake edge to it.
    fn add_fake_exits(&mut self) {
        loop {
            let mut pred: Vec<Vec<usize>> = vec![Vec::new(); self.n + 1];
            for (a, es) in self.succ.iter().enumerate() {
                for e in es {
                    pred[e.to].push(a);
                }
            }
            let mut reach = vec![false; self.n + 1];
            let mut stack = vec![self.n];
            reach[self.n] = true;
            while let Some(x) = stack.pop() {
                for &p in &pred[x] {
                    if !reach[p] {
                        reach[p] = true;
                        stack.push(p);
                    }
                }
            }
            // Add one fake edge from the highest unreached node, then recompute.
            match (0..self.n).rev().find(|i| !reach[*i]) {
                Some(i) => self.succ[i].push(Edge {
                    to: self.n,
                    dir: None,
                    fake: true,
                }),
                None => return,
            }
        }
    }

    /// Instructions reachable from the entry, in reverse post-order.
    pub fn rpo(&self) -> Vec<usize> {
        let mut seen = vec![false; self.n + 1];
        let mut order = Vec::new();
        let mut stack: Vec<(usize, usize)> = vec![];
        if self.n > 0 {
            stack.push((0, 0));
            seen[0] = true;
        }
        while let Some((x, i)) = stack.pop() {
            if i < self.succ[x].len() {
                stack.push((x, i + 1));
                let y = self.succ[x][i].to;
                if !seen[y] {
                    seen[y] = true;
                    stack.push((y, 0));
                }
            } else {
                order.push(x);
            }
        }
        order.reverse();
        order
    }
}

/// True when instruction `pc` of an analysed method may throw.
pub fn may_throw_pc(md: &super::dataflow::MethodDeps, pc: usize) -> bool {
    md.throws.get(pc).copied().unwrap_or(false)
}
