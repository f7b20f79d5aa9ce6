//! The soundness oracle: what one exploration reached, by names that do not depend on class
//! load order (branch directions as path labels, covered branch edges, executed instructions,
//! fault sites), and what a strategy missed that the baseline reached. A sound pruner misses
//! nothing on a complete run (DGSE Lemma 5.2 and Theorem 5.3).

use crate::explore::Observer;
use crate::explore::driver::Driver;
use crate::program::Program;
use crate::symbolic::ExprPool;
use crate::task::PathRecord;
use crate::vm::{Coverage, Outcome};
use std::collections::{BTreeSet, HashSet};

/// What an exploration reached.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reached {
    /// Branch directions, as the JSONL labels them (`Fig2.java:6T`, `Tcas.java:61:bounds=F`,
    /// `model:…`): of branch events (symbolic branches, implicit checks, switch arms), and of
    /// the same directions taken concretely (a covered edge of a conditional, an implicit check
    /// whose next instruction ran). A direction is a property of the program, not of whether a
    /// run happened to make it symbolic: a pruner that covers it concretely covers it (PSE cuts a
    /// state whose suffix an earlier path ran with the branch concrete).
    pub directions: BTreeSet<String>,
    /// Covered branch edges, concrete branches included: `Class.method(desc)@pc->target`.
    pub edges: BTreeSet<String>,
    /// Executed instructions: `Class.method(desc)@pc`.
    pub instructions: BTreeSet<String>,
    /// Uncaught exceptions by class and throwing instruction: `java.lang.X@Class.method(desc)@pc`.
    pub faults: BTreeSet<String>,
    /// The fault sites that are failing assertions (`AssertionError` and its subclasses): the
    /// bugs, for strategies that keep only those.
    pub bugs: BTreeSet<String>,
}

/// Collects the branch directions and fault sites of every path as it finishes (an observer);
/// [`ReachedObserver::finish`] adds the edges and instructions from the coverage.
#[derive(Default)]
pub struct ReachedObserver {
    /// The events whose labels are in: (method, pc, kind, direction, case key of a switch).
    seen: HashSet<(u32, u32, u8, u32, Option<i32>)>,
    reached: Reached,
}

fn method_key(prog: &Program, m: u32) -> String {
    let m = prog.method(m);
    format!("{}.{}{}", m.class_name, m.name, m.desc)
}

impl Observer for ReachedObserver {
    fn on_path(&mut self, _driver: &Driver, _pool: &ExprPool, prog: &Program, path: &PathRecord) {
        for e in &path.run.events {
            // One instruction may make events of several kinds (an `aaload` at a symbolic
            // index: its bounds check, then the choice of the element), and their labels
            // differ: the key holds all that the label depends on.
            let case = match &e.alts {
                crate::vm::Alts::Switch { cases, .. } => cases.get(e.dir as usize).copied(),
                _ => None,
            };
            if self.seen.insert((e.method, e.pc, e.kind as u8, e.dir, case)) {
                self.reached.directions.insert(crate::testgen::event_label(prog, e));
            }
        }
        if let (Outcome::Exception { class, .. }, Some((m, pc))) = (&path.run.outcome, path.run.fault_site) {
            let site = format!("{class}@{}@{pc}", method_key(prog, m));
            if prog.is_assertion(class) {
                self.reached.bugs.insert(site.clone());
            }
            self.reached.faults.insert(site);
            // The fault side of an implicit check, taken concretely.
            if prog
                .method(m)
                .code
                .get(pc as usize)
                .is_some_and(|op| check_fault(op) == Some(class.as_str()))
            {
                self.reached.directions.insert(crate::testgen::site_label(prog, m, pc, 1));
            }
        }
    }
}

impl ReachedObserver {
    /// Everything reached, with the edges and instructions of the accumulated coverage.
    pub fn finish(mut self, prog: &Program, cov: &Coverage) -> Reached {
        for &(m, pc, to) in &cov.edges {
            self.reached.edges.insert(format!("{}@{pc}->{to}", method_key(prog, m)));
            for dir in concrete_dirs(prog, m, pc, to) {
                self.reached.directions.insert(crate::testgen::site_label(prog, m, pc, dir));
            }
        }
        for (m, pcs) in cov.instrs.iter().enumerate() {
            let code = &prog.method(m as u32).code;
            for (pc, ran) in pcs.iter().enumerate() {
                let next_ran = pcs.get(pc + 1).copied().unwrap_or(false);
                if *ran && next_ran && code.get(pc).is_some_and(has_implicit_check) {
                    self.reached
                        .directions
                        .insert(crate::testgen::site_label(prog, m as u32, pc as u32, 0));
                }
            }
        }
        for (m, pcs) in cov.instrs.iter().enumerate() {
            if !pcs.iter().any(|b| *b) {
                continue;
            }
            let key = method_key(prog, m as u32);
            for (pc, _) in pcs.iter().enumerate().filter(|(_, b)| **b) {
                self.reached.instructions.insert(format!("{key}@{pc}"));
            }
        }
        self.reached
    }
}

/// The directions of a conditional instruction that reach `to` (1 = jump taken; a switch's
/// arm indices, `cases` = default).
fn concrete_dirs(prog: &Program, m: u32, pc: u32, to: u32) -> Vec<u32> {
    use crate::bytecode::Op;
    match prog.method(m).code.get(pc as usize) {
        Some(Op::If(_, t) | Op::IfCmp(_, t) | Op::IfRefEq(_, t) | Op::IfNull(_, t)) => {
            let mut v = Vec::new();
            if to == *t {
                v.push(1);
            }
            if to == pc + 1 {
                v.push(0);
            }
            v
        }
        Some(Op::TableSwitch(_, ts, d)) => {
            let mut v: Vec<u32> = ts.iter().enumerate().filter(|(_, t)| **t == to).map(|(i, _)| i as u32).collect();
            if *d == to {
                v.push(ts.len() as u32);
            }
            v
        }
        Some(Op::LookupSwitch(ps, d)) => {
            let mut v: Vec<u32> = ps.iter().enumerate().filter(|(_, p)| p.1 == to).map(|(i, _)| i as u32).collect();
            if *d == to {
                v.push(ps.len() as u32);
            }
            v
        }
        _ => Vec::new(),
    }
}

/// Instructions with an implicit check whose passing side is direction 0 of their event.
fn has_implicit_check(op: &crate::bytecode::Op) -> bool {
    use crate::bytecode::Op;
    use crate::symbolic::BinOp;
    matches!(
        op,
        Op::Arith(BinOp::Div | BinOp::Rem) | Op::ArrayLoad(_) | Op::ArrayStore(_) | Op::NewArray(_) | Op::ANewArray(_)
    )
}

/// The exception an instruction's implicit check throws (the fault side of its event).
fn check_fault(op: &crate::bytecode::Op) -> Option<&'static str> {
    use crate::bytecode::Op;
    use crate::symbolic::BinOp;
    match op {
        Op::Arith(BinOp::Div | BinOp::Rem) => Some("java.lang.ArithmeticException"),
        Op::ArrayLoad(_) | Op::ArrayStore(_) => Some("java.lang.ArrayIndexOutOfBoundsException"),
        Op::NewArray(_) | Op::ANewArray(_) => Some("java.lang.NegativeArraySizeException"),
        _ => None,
    }
}

/// What a strategy did not reach that the baseline did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Missed {
    /// Branch directions (labels).
    pub directions: Vec<String>,
    /// Branch edges.
    pub edges: Vec<String>,
    /// Instructions.
    pub instructions: Vec<String>,
    /// Fault sites.
    pub faults: Vec<String>,
}

impl Missed {
    /// `base` minus `other`.
    pub fn between(base: &Reached, other: &Reached) -> Missed {
        let diff = |a: &BTreeSet<String>, b: &BTreeSet<String>| a.difference(b).cloned().collect::<Vec<_>>();
        Missed {
            directions: diff(&base.directions, &other.directions),
            edges: diff(&base.edges, &other.edges),
            instructions: diff(&base.instructions, &other.instructions),
            faults: diff(&base.faults, &other.faults),
        }
    }

    /// The bugs (failing assertion sites) of `base` that `other` did not reach: what a strategy
    /// that keeps only bugs (`interp`) must not miss.
    pub fn bugs_between(base: &Reached, other: &Reached) -> Missed {
        Missed {
            directions: Vec::new(),
            edges: Vec::new(),
            instructions: Vec::new(),
            faults: base.bugs.difference(&other.bugs).cloned().collect(),
        }
    }

    /// Everything missed, counted.
    pub fn count(&self) -> usize {
        self.directions.len() + self.edges.len() + self.instructions.len() + self.faults.len()
    }

    /// One line per kind that has misses, with up to five examples each.
    pub fn describe(&self) -> String {
        let mut out = Vec::new();
        for (what, v) in [
            ("branch directions", &self.directions),
            ("branch edges", &self.edges),
            ("instructions", &self.instructions),
            ("fault sites", &self.faults),
        ] {
            if !v.is_empty() {
                let shown: Vec<&str> = v.iter().take(5).map(String::as_str).collect();
                let more = if v.len() > 5 {
                    format!(", … ({} more)", v.len() - 5)
                } else {
                    String::new()
                };
                out.push(format!("{} {what} ({}{more})", v.len(), shown.join(", ")));
            }
        }
        out.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(v: &[&str]) -> BTreeSet<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn missed_is_the_set_difference() {
        let base = Reached {
            directions: set(&["A.java:1T", "A.java:1F"]),
            edges: set(&["A.m()V@0->3"]),
            instructions: set(&["A.m()V@0", "A.m()V@3"]),
            faults: set(&["java.lang.ArithmeticException@A.m()V@3", "java.lang.AssertionError@A.m()V@9"]),
            bugs: set(&["java.lang.AssertionError@A.m()V@9"]),
        };
        let other = Reached {
            directions: set(&["A.java:1T", "A.java:2T"]),
            edges: set(&["A.m()V@0->3"]),
            instructions: set(&["A.m()V@0"]),
            faults: BTreeSet::new(),
            bugs: BTreeSet::new(),
        };
        let m = Missed::between(&base, &other);
        assert_eq!(m.directions, vec!["A.java:1F"]);
        assert!(m.edges.is_empty());
        assert_eq!(m.instructions, vec!["A.m()V@3"]);
        assert_eq!(m.count(), 4);
        let b = Missed::bugs_between(&base, &other);
        assert_eq!(b.faults, vec!["java.lang.AssertionError@A.m()V@9"]);
        assert_eq!(b.count(), 1, "only the failing assertion counts for a bugs-only strategy");
        assert!(m.describe().starts_with("1 branch directions (A.java:1F)"), "{}", m.describe());
        assert_eq!(Missed::between(&base, &base).count(), 0);
    }
}
