//! The explorer's snapshot store: the [`Snapshot`]s a run took before its branches, kept for
//! the queued tasks that flip those branches, under a memory budget.
//!
//! A snapshot is keyed by the path it was taken on and the event it precedes (a task's
//! `parent` and `flip`) and counts the queued tasks that may resume from it (one per other
//! direction of the event that survived the pruners); it is dropped when the last of them is
//! popped. Over the budget the store evicts in the order the search will need snapshots last:
//! the oldest first when the searcher pops the newest work first (DFS keeps the stack of
//! snapshots along the current path), the newest first when it pops the oldest (BFS). A task
//! whose snapshot was evicted (or never taken) is replayed from the entry, as without
//! snapshots.

use crate::task::{Prefix, Task};
use crate::vm::Snapshot;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Whether the explorer resumes tasks from snapshots, and with how much memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnapshotPolicy {
    /// Take snapshots and resume from them (`--snapshots on|off`).
    pub enabled: bool,
    /// Memory the stored snapshots may hold, in bytes (`--snapshot-memory`).
    pub budget_bytes: usize,
}

impl Default for SnapshotPolicy {
    /// On, with a quarter of the machine's available memory.
    fn default() -> Self {
        SnapshotPolicy {
            enabled: true,
            budget_bytes: default_budget(),
        }
    }
}

/// A quarter of the memory available now (`MemAvailable` in `/proc/meminfo`), 1 GiB where that
/// cannot be read.
pub fn default_budget() -> usize {
    let avail = std::fs::read_to_string("/proc/meminfo").ok().and_then(|t| {
        t.lines()
            .find_map(|l| l.strip_prefix("MemAvailable:"))
            .and_then(|v| v.split_whitespace().next()?.parse::<usize>().ok())
            .map(|kib| kib * 1024)
    });
    avail.map_or(1 << 30, |b| b / 4)
}

/// Counters of the snapshot store (`snapshots` in `--json`).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct SnapshotStats {
    /// Snapshots were on.
    pub enabled: bool,
    /// The memory budget, bytes.
    pub budget_bytes: u64,
    /// Snapshots runs took.
    pub taken: u64,
    /// Snapshots kept for queued tasks.
    pub stored: u64,
    /// Runs resumed from a snapshot.
    pub resumed: u64,
    /// Tasks that had a snapshot the run could not resume from (replayed instead).
    pub refused: u64,
    /// Tasks whose input left their snapshot's prefix before its event (a relevant path
    /// condition keeps only part of it) that resumed from an earlier snapshot of the same
    /// path instead of replaying from the entry.
    pub resumed_earlier: u64,
    /// Snapshots evicted over the budget.
    pub evicted: u64,
    /// Instructions resumed runs did not execute again.
    pub instructions_saved: u64,
    /// The most memory the stored snapshots held at once, bytes (estimated).
    pub bytes_peak: u64,
}

struct Held {
    snap: Arc<Snapshot>,
    /// Queued tasks that may still resume from it.
    uses: u32,
    seq: u64,
}

/// The snapshots kept for queued tasks.
pub struct SnapshotStore {
    policy: SnapshotPolicy,
    /// Evict the newest first (the search pops the oldest work first).
    evict_newest: bool,
    by_task: FxHashMap<(u64, usize), Vec<Held>>,
    order: BTreeMap<u64, (u64, usize)>,
    next_seq: u64,
    bytes: usize,
    /// The counters.
    pub stats: SnapshotStats,
    /// The input variables of the prefix conditions seen so far (a cache: cleared past
    /// [`VARS_MEMO_MAX`] entries), for [`followed`].
    vars: FxHashMap<crate::symbolic::ExprId, Arc<[crate::symbolic::VarId]>>,
}

/// The most terms [`SnapshotStore`] keeps the variables of.
const VARS_MEMO_MAX: usize = 1 << 20;

impl SnapshotStore {
    /// An empty store; `evict_newest` when the searcher pops the oldest work first.
    pub fn new(policy: SnapshotPolicy, evict_newest: bool) -> Self {
        SnapshotStore {
            policy,
            evict_newest,
            by_task: FxHashMap::default(),
            order: BTreeMap::new(),
            next_seq: 0,
            bytes: 0,
            stats: SnapshotStats {
                enabled: policy.enabled,
                budget_bytes: policy.budget_bytes as u64,
                ..Default::default()
            },
            vars: FxHashMap::default(),
        }
    }

    /// Keeps the snapshots of path `path` that the queued `tasks` (its surviving candidates)
    /// flip; the others are dropped.
    pub fn keep(&mut self, path: u64, snaps: Vec<Arc<Snapshot>>, tasks: &[Task]) {
        self.stats.taken += snaps.len() as u64;
        if !self.policy.enabled || snaps.is_empty() {
            return;
        }
        let mut uses: FxHashMap<usize, u32> = FxHashMap::default();
        for t in tasks.iter().filter(|t| t.parent == path) {
            *uses.entry(t.flip).or_insert(0) += 1;
        }
        for snap in snaps {
            let Some(&n) = uses.get(&snap.event()) else { continue };
            let key = (path, snap.event());
            let seq = self.next_seq;
            self.next_seq += 1;
            self.bytes += snap.bytes();
            self.order.insert(seq, key);
            self.by_task.entry(key).or_default().push(Held { snap, uses: n, seq });
            self.stats.stored += 1;
        }
        while self.bytes > self.policy.budget_bytes {
            let victim = if self.evict_newest {
                self.order.last_key_value().map(|(s, k)| (*s, *k))
            } else {
                self.order.first_key_value().map(|(s, k)| (*s, *k))
            };
            let Some((seq, key)) = victim else { break };
            self.remove(key, seq);
            self.stats.evicted += 1;
        }
        self.stats.bytes_peak = self.stats.bytes_peak.max(self.bytes as u64);
    }

    /// Whether a snapshot is kept for `task`.
    pub fn has(&self, task: &Task) -> bool {
        self.by_task.contains_key(&(task.parent, task.flip))
    }

    /// The snapshot `task` resumes from, if one is kept and the task's input `input` follows
    /// the prefix of events the snapshot ran: the task's constraints are that very prefix, or
    /// (a task that keeps only some of its parent's constraints, as DGSE's relevant path
    /// conditions) every condition of the prefix holds under `input`; such a task is counted as
    /// popped either way. `None` means: replay from the entry.
    pub fn take(&mut self, task: &Task, pool: &crate::symbolic::ExprPool, input: &[crate::symbolic::Scalar]) -> Option<Arc<Snapshot>> {
        let key = (task.parent, task.flip);
        let list = self.by_task.get(&key)?;
        let i = match &task.prefix {
            // The snapshot of (parent, flip) was taken by the parent's run at that event, so its
            // prefix is the parent's: the count and the last condition confirm it without
            // walking the log (which, under a fork-level order, is cold in the caches).
            Prefix::Path(conds, n) => list.iter().position(|h| {
                *n == task.flip && h.snap.event() == *n && h.snap.last_condition() == n.checked_sub(1).and_then(|i| conds.get(i).copied())
            })?,
            Prefix::Set(_) | Prefix::Prefer(..) => {
                let Some(at) = list.iter().position(|h| h.snap.event() == task.flip) else {
                    self.used(key, 0);
                    return None;
                };
                if self.vars.len() > VARS_MEMO_MAX {
                    self.vars.clear();
                }
                let kept = followed(pool, input, &task.base, &list[at].snap, &mut self.vars);
                if kept < task.flip {
                    // The input leaves the prefix at event `kept`: the task is popped all the
                    // same, and may resume from the parent's deepest snapshot before it.
                    self.used(key, at);
                    let earlier = self.earlier(task.parent, kept);
                    if earlier.is_some() {
                        self.stats.resumed_earlier += 1;
                    }
                    return earlier;
                }
                at
            }
        };
        let snap = list[i].snap.clone();
        self.used(key, i);
        Some(snap)
    }

    /// The deepest snapshot kept for path `parent` at an event no later than `last`: its prefix
    /// is the parent's first events, so an input that takes them as the parent did resumes
    /// there (the snapshot stays kept for its own tasks).
    fn earlier(&self, parent: u64, last: usize) -> Option<Arc<Snapshot>> {
        (0..=last)
            .rev()
            .find_map(|e| self.by_task.get(&(parent, e)).and_then(|l| l.first()).map(|h| h.snap.clone()))
    }

    /// Counts `task` as popped without a run (its constraints are unsatisfiable).
    pub fn release(&mut self, task: &Task) {
        let key = (task.parent, task.flip);
        if self.by_task.get(&key).is_some_and(|l| !l.is_empty()) {
            self.used(key, 0);
        }
    }

    fn used(&mut self, key: (u64, usize), i: usize) {
        let Some(list) = self.by_task.get_mut(&key) else { return };
        list[i].uses = list[i].uses.saturating_sub(1);
        if list[i].uses == 0 {
            let seq = list[i].seq;
            self.remove(key, seq);
        }
    }

    fn remove(&mut self, key: (u64, usize), seq: u64) {
        self.order.remove(&seq);
        if let Some(list) = self.by_task.get_mut(&key)
            && let Some(i) = list.iter().position(|h| h.seq == seq)
        {
            let h = list.swap_remove(i);
            self.bytes -= h.snap.bytes();
            if list.is_empty() {
                self.by_task.remove(&key);
            }
        }
    }
}

/// How many of the snapshot's prefix events `input` takes as the prefix took them: the index of
/// the first event whose condition does not evaluate to true, or the snapshot's event when
/// every one does (inputs the pool has but `input` lacks are zero, as in a run). The prefix
/// is the run of `base` (the parent's input), under which every condition held: only the
/// conditions that mention a variable `input` changes are evaluated (`vars` caches the
/// variables of terms); on cdaudio:max that evaluation was 7% of dgse's time.
fn followed(
    pool: &crate::symbolic::ExprPool,
    input: &[crate::symbolic::Scalar],
    base: &[crate::symbolic::Scalar],
    snap: &Snapshot,
    vars: &mut FxHashMap<crate::symbolic::ExprId, Arc<[crate::symbolic::VarId]>>,
) -> usize {
    let full = crate::symbolic::eval::full_input(pool, input);
    let old = crate::symbolic::eval::full_input(pool, base);
    let changed: Vec<crate::symbolic::VarId> = (0..full.len().max(old.len()))
        .filter(|v| full.get(*v) != old.get(*v))
        .map(|v| v as crate::symbolic::VarId)
        .collect();
    if changed.is_empty() {
        return snap.event();
    }
    let mut ev = crate::symbolic::eval::Evaluator::new(pool, &full);
    snap.conditions()
        .position(|c| {
            pool.memo_vars(c, vars);
            let mentions = vars.get(&c).is_some_and(|vs| vs.iter().any(|v| changed.binary_search(v).is_ok()));
            mentions && !matches!(ev.scalar(c), Some(crate::symbolic::Scalar::Bool(true)))
        })
        .unwrap_or_else(|| snap.event())
}

/// Checks a resumed run against a replay of the same input from the entry (the explorer does
/// this on every resumed run when `JSYMEX_SNAPSHOT_VERIFY=1`): the same events, outcome,
/// instruction count, output, fault site and input corrections, or a panic that names the
/// first difference. The replay covers nothing new (the resumed run covered the same code).
pub fn verify(
    prog: &crate::program::Program,
    pool: &mut crate::symbolic::ExprPool,
    cov: &mut crate::vm::Coverage,
    vm: &crate::vm::VmConfig,
    entry: &crate::vm::Entry,
    input: &[crate::symbolic::Scalar],
    resumed: &crate::vm::PathRun,
) {
    let cfg = crate::vm::VmConfig {
        snapshots: false,
        ..vm.clone()
    };
    let replay = crate::vm::Machine::new(prog, pool, cov, &cfg).run(entry, input);
    let Ok(replay) = replay else {
        panic!("snapshot check: the replay failed where the resumed run did not");
    };
    let ev = |r: &crate::vm::PathRun| r.events.iter().map(|e| (e.method, e.pc, e.dir, e.cond)).collect::<Vec<_>>();
    let checks = [
        ("events", ev(&replay) == ev(resumed)),
        ("outcome", format!("{:?}", replay.outcome) == format!("{:?}", resumed.outcome)),
        ("steps", replay.steps == resumed.steps),
        ("stdout", replay.stdout == resumed.stdout),
        ("stderr", replay.stderr == resumed.stderr),
        ("fault site", replay.fault_site == resumed.fault_site),
        ("input fix", format!("{:?}", replay.input_fix) == format!("{:?}", resumed.input_fix)),
    ];
    for (what, same) in checks {
        assert!(
            same,
            "snapshot check: a resumed run differs from its replay in its {what}: resumed {:?} / {:?} ({} events, {} steps), replayed {:?} / {:?} ({} events, {} steps)",
            resumed.outcome,
            resumed.stdout,
            resumed.events.len(),
            resumed.steps,
            replay.outcome,
            replay.stdout,
            replay.events.len(),
            replay.steps
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::{ExprPool, Scalar};
    use crate::task::Prefix;

    /// A task flipping event `flip` of path `parent`, with the given prefix conditions.
    fn task(parent: u64, flip: usize, conds: &Arc<[crate::symbolic::ExprId]>) -> Task {
        Task {
            id: 0,
            parent,
            flip,
            prefix: Prefix::Path(conds.clone(), flip),
            cond: conds[flip],
            // The parent's input: its run took every event of the prefix.
            base: Arc::new(FOLLOWS.to_vec()),
            site: (0, 0, 1),
            occ: 0,
            origin: None,
        }
    }

    fn setup() -> (ExprPool, Arc<[crate::symbolic::ExprId]>, Vec<Arc<Snapshot>>) {
        let mut pool = ExprPool::new();
        let x = pool.new_var("x", crate::symbolic::Sort::I32);
        let conds: Vec<_> = (0..4)
            .map(|i| {
                let k = pool.i32(i);
                pool.bin(crate::symbolic::BinOp::Lt, k, x)
            })
            .collect();
        let conds: Arc<[_]> = conds.into();
        let snaps = (0..4).map(|k| Arc::new(Snapshot::for_test(&conds[..k], 1000))).collect();
        (pool, conds, snaps)
    }

    fn store(budget_bytes: usize, evict_newest: bool) -> SnapshotStore {
        SnapshotStore::new(
            SnapshotPolicy {
                enabled: true,
                budget_bytes,
            },
            evict_newest,
        )
    }

    /// x = 5 satisfies every condition `i < x` of the test snapshots' prefixes.
    const FOLLOWS: [Scalar; 1] = [Scalar::I32(5)];

    /// A snapshot is kept for as many pops as tasks flip its event, only for tasks whose
    /// prefix is the snapshot's, and dropped after the last one.
    #[test]
    fn a_snapshot_serves_its_tasks_and_is_dropped_after_the_last() {
        let (pool, conds, snaps) = setup();
        let mut store = store(1 << 20, false);
        // Two tasks flip event 2 (a switch's other arms), one flips event 3; none flips 0 or 1.
        let tasks = vec![task(7, 2, &conds), task(7, 2, &conds), task(7, 3, &conds)];
        store.keep(7, snaps, &tasks);
        assert_eq!((store.stats.taken, store.stats.stored), (4, 2));
        assert!(!store.has(&task(7, 1, &conds)));
        // A task of another path with the same event gets nothing.
        assert!(store.take(&task(8, 2, &conds), &pool, &FOLLOWS).is_none());
        assert_eq!(store.take(&tasks[0], &pool, &FOLLOWS).map(|s| s.event()), Some(2));
        assert!(store.has(&tasks[1]));
        store.release(&tasks[1]);
        assert!(!store.has(&tasks[1]), "dropped after its last task");
        assert_eq!(store.take(&tasks[2], &pool, &FOLLOWS).map(|s| s.event()), Some(3));
        assert_eq!(store.bytes, 0);
    }

    /// A task that keeps only some of its parent's constraints (DGSE) resumes only when its
    /// input satisfies every condition of the snapshot's prefix; either way it is popped.
    #[test]
    fn a_task_with_a_condition_set_resumes_only_on_the_prefix() {
        let (pool, conds, snaps) = setup();
        let mut store = store(1 << 20, false);
        let mut set_task = task(7, 2, &conds);
        set_task.prefix = Prefix::Set(conds[2..3].into());
        store.keep(7, snaps, &[set_task.clone(), set_task.clone()]);
        // x = 1 fails `1 < x`, the prefix's second condition.
        assert!(store.take(&set_task, &pool, &[Scalar::I32(1)]).is_none());
        assert!(store.has(&set_task), "one task still to come");
        assert_eq!(store.take(&set_task, &pool, &FOLLOWS).map(|s| s.event()), Some(2));
        assert!(!store.has(&set_task));
        assert_eq!(store.bytes, 0);
    }

    /// A task whose input leaves its snapshot's prefix at event k resumes from the parent's
    /// deepest snapshot at or before k that is still kept (kept for its own task), and from
    /// none when there is no such snapshot.
    #[test]
    fn a_task_leaving_its_prefix_resumes_from_an_earlier_snapshot_of_its_parent() {
        let (pool, conds, snaps) = setup();
        let mut store = store(1 << 20, false);
        let mut deep = task(7, 3, &conds);
        deep.prefix = Prefix::Set(conds[3..4].into());
        // Tasks flip events 1 and 3 of path 7 (none flips 0 or 2).
        store.keep(7, snaps, &[task(7, 1, &conds), deep.clone(), deep.clone()]);
        // x = 2 holds `0 < x` and `1 < x`, fails `2 < x`: it leaves the prefix at event 2, so
        // the snapshot at event 1 serves it, and stays for its own task.
        assert_eq!(store.take(&deep, &pool, &[Scalar::I32(2)]).map(|s| s.event()), Some(1));
        assert_eq!(store.stats.resumed_earlier, 1);
        assert!(store.has(&task(7, 1, &conds)));
        assert!(store.has(&deep), "one task of event 3 still to come");
        // x = 0 fails `0 < x`: no snapshot before event 0.
        assert!(store.take(&deep, &pool, &[Scalar::I32(0)]).is_none());
        assert!(!store.has(&deep));
        assert_eq!(store.take(&task(7, 1, &conds), &pool, &FOLLOWS).map(|s| s.event()), Some(1));
        assert_eq!(store.bytes, 0);
    }

    /// Over the budget a depth-first store evicts the oldest snapshots, a breadth-first one the
    /// newest.
    #[test]
    fn eviction_keeps_what_the_search_needs_first() {
        for evict_newest in [false, true] {
            let (_pool, conds, snaps) = setup();
            let mut store = store(2500, evict_newest);
            let tasks: Vec<Task> = (0..4).map(|k| task(1, k, &conds)).collect();
            store.keep(1, snaps, &tasks);
            assert_eq!(store.stats.evicted, 2);
            assert!(store.stats.bytes_peak <= 2500);
            let kept: Vec<bool> = tasks.iter().map(|t| store.has(t)).collect();
            let expect = if evict_newest {
                [true, true, false, false]
            } else {
                [false, false, true, true]
            };
            assert_eq!(kept, expect, "evict_newest={evict_newest}");
        }
    }
}
