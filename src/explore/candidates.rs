//! The exhaustive (SPF) candidate tasks of a finished path: every event after the initiating
//! one, negated (each other arm of a switch), with the path prefix as constraints. Pruners
//! narrow this list; a searcher that chooses at every fork receives it grouped by fork.

use crate::symbolic::{ExprPool, Node};
use crate::task::{ForkSite, Forks, PathRecord, Prefix, Task};
use crate::vm::{Alts, Event};
use rustc_hash::FxHashMap;

/// The SPF candidates of `rec`: one task per other direction of every event after the
/// initiating one (`rec.flip`), in event order. Task ids are left 0 (the explorer numbers
/// the tasks it queues).
pub fn spf(rec: &PathRecord, pool: &mut ExprPool) -> Vec<Task> {
    let from = rec.flip.map(|f| f + 1).unwrap_or(0);
    // At most one task per other direction of each event after the flip: one allocation
    // instead of a chain of growing ones.
    let most: usize = (rec.run.events.iter().skip(from))
        .map(|e| match &e.alts {
            Alts::None => 0,
            Alts::Negate => 1,
            Alts::Switch { cases, default, .. } => cases.len() + usize::from(*default),
        })
        .sum();
    let mut cands = Vec::with_capacity(most);
    let mut occ: FxHashMap<(u32, u32), u32> = FxHashMap::default();
    for (i, e) in rec.run.events.iter().enumerate() {
        let o = occ.entry((e.method, e.pc)).or_insert(0);
        let this_occ = *o;
        *o += 1;
        if i < from {
            continue;
        }
        let task = |cond, arm: u32| Task {
            id: 0,
            parent: rec.id,
            flip: i,
            prefix: Prefix::Path(rec.conds.clone(), i),
            cond,
            base: rec.input.clone(),
            site: (e.method, e.pc, arm),
            occ: this_occ,
            origin: None,
        };
        match &e.alts {
            Alts::None => {}
            Alts::Negate => {
                let neg = pool.not(e.cond);
                cands.push(task(neg, 1 - e.dir.min(1)));
            }
            Alts::Switch { key, cases, default } => {
                let arms = if *default { cases.len() + 1 } else { cases.len() };
                for arm in 0..arms {
                    if arm as u32 == e.dir {
                        continue;
                    }
                    let c = crate::vm::ops::switch_arm_cond(pool, *key, cases, arm);
                    if matches!(pool.node(c), Node::Bool(false)) {
                        continue;
                    }
                    cands.push(task(c, arm as u32));
                }
            }
        }
    }
    cands
}

/// Groups a path's surviving tasks by the fork (event) they flip, in path order, with the
/// direction the run took at each (`run` is the run's sequence number).
pub fn forks(rec: &PathRecord, run: u64, tasks: Vec<Task>) -> Forks {
    let events = &rec.run.events;
    Forks::group(rec.id, run, tasks, |i| {
        let e = &events[i];
        ForkSite {
            method: e.method,
            pc: e.pc,
            dir: e.dir,
            switch: matches!(e.alts, Alts::Switch { .. }),
        }
    })
}

/// The index of the `occ`-th event at (method, pc).
pub fn find_instance(events: &[Event], method: u32, pc: u32, occ: u32) -> Option<usize> {
    events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.method == method && e.pc == pc)
        .nth(occ as usize)
        .map(|(i, _)| i)
}
