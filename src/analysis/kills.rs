//! Dependences on a branch direction that a run can kill: the ones that hold only while a local
//! variable keeps the value it had when the direction was taken.
//!
//! A potential dependence of `u` on direction `d` of branch `p` (DGSE Definition 3) exists on a
//! path only when the location it is through is not redefined between `p` and `u` on that path.
//! The static tables keep every such pair some path allows; a run that redefined the local
//! (`if (c < 0) x--; if (a == 2) x = 3; ... if (x == 3)`: after `x = 3`, `x == 3` no longer
//! depends on `c < 0` having been false) must not add the direction's instance to `u`'s
//! relevant set. The same holds for an interactive pair ⟨(p, d), n⟩: the pair exists because a
//! fact of the direction reaches a point after `n` together with one of `n`'s. When the
//! direction's only facts alive at `n` are potential facts through locals (its control region
//! does not hold `n`), a run that redefined all of those locals since the direction's latest
//! instance has killed them, and that instance cannot reach anything after `n`. An instruction
//! source whose facts are definitions of locals only (a store) is dead in the same way once
//! each of those locals is written again (`x = rec(2 - b); if (a == 1) x = 2;`: after `x = 2`,
//! nothing after depends on the recursion's branches through `x`).
//!
//! Keeping such an instance is not harmless: it adds the direction's condition to a task that
//! negates `n`, and with a condition the path made irrelevant the task can be unsatisfiable
//! while the outcome it stands for is feasible (the `CondDef` program of `tests/dgse_found.rs`).

use super::NodeRef;
use super::dataflow::MethodDeps;
use super::defuse::Loc;
use std::collections::BTreeSet;

/// A dependence of `target` on node `src` (a branch direction or an instruction) that holds at
/// run time only while one of `locals` has not been written since the source's latest
/// instance.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct LocalKill {
    /// The node the dependence is on.
    pub src: NodeRef,
    /// The dependent node: an instruction (potential or interactive dependence) or a branch
    /// direction (interactive dependence).
    pub target: NodeRef,
    /// The local variable slots; the dependence is dead once every one has been written.
    pub locals: Vec<u16>,
}

/// The locals of `locs`, when every location is a local (`None` otherwise: a heap or stack
/// location the run cannot be seen to kill keeps the dependence alive).
fn only_locals(locs: &BTreeSet<Loc>) -> Option<Vec<u16>> {
    let mut out = Vec::with_capacity(locs.len());
    for l in locs {
        match l {
            Loc::Local(n) => out.push(*n),
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The killable dependences of one method: its potential dependences through locals only, and
/// its interactive pairs whose source direction reaches the target only through potential
/// facts on locals.
pub fn local_kills(md: &MethodDeps, inter: &BTreeSet<(NodeRef, NodeRef)>) -> Vec<LocalKill> {
    let mut out = Vec::new();
    for ((node, (p, d)), locs) in &md.potential_via {
        if let Some(locals) = only_locals(locs) {
            out.push(LocalKill {
                src: NodeRef::Dir(*p as u32, *d),
                target: NodeRef::Instr(*node as u32),
                locals,
            });
        }
    }
    // The locations each instruction defines (its definition facts).
    let mut defs_at: std::collections::HashMap<usize, BTreeSet<Loc>> = std::collections::HashMap::new();
    for (p, l) in &md.defs {
        defs_at.entry(*p).or_default().insert(l.clone());
    }
    for (a, b) in inter {
        let locals = match *a {
            NodeRef::Dir(p, d) => {
                let key = (p as usize, d);
                if md.region.get(&key).is_some_and(|r| r.contains(b.pc())) {
                    continue;
                }
                md.potential_locs.get(&key).and_then(only_locals)
            }
            // An instruction's facts are its definitions: a store to a local is dead once the
            // local is written again.
            NodeRef::Instr(p) => defs_at.get(&(p as usize)).and_then(only_locals),
        };
        let Some(locals) = locals else { continue };
        out.push(LocalKill {
            src: *a,
            target: *b,
            locals,
        });
    }
    out.sort();
    out
}
