//! Searchers: the order in which pending work is taken. A searcher sees [`Pending`] entries:
//! negated-branch tasks and, when it asks for them ([`Searcher::fork_level`]), the
//! continuations of recorded runs at their forks, so it can choose again at every fork as
//! KLEE's searchers do.

use super::StrategyError;
use crate::task::{PathRecord, Pending};
use std::collections::VecDeque;

/// Orders pending work.
pub trait Searcher: Send {
    /// Stable name for reports.
    fn name(&self) -> String;
    /// Accepts a new entry.
    fn push(&mut self, p: Pending);
    /// The next entry; `None` when exploration is done.
    fn pop(&mut self) -> Option<Pending>;
    /// Pending entries.
    fn len(&self) -> usize;
    /// True when nothing is pending.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Drops entries a pruner has proven redundant.
    fn retain(&mut self, keep: &mut dyn FnMut(&Pending) -> bool);
    /// Feedback after each path (for frequency- or coverage-driven orders).
    fn observe_path(&mut self, _p: &PathRecord) {}
    /// True when the searcher chooses at every fork: the explorer then pushes one
    /// [`Pending::Continue`] per finished path instead of all its tasks at once, and each
    /// continuation, when popped, yields the tasks of its fork and the continuation at the
    /// next fork. False (the default) pushes every task of a path at once, SPF's way.
    fn fork_level(&self) -> bool {
        false
    }
    /// True when a fork-level searcher also schedules path ends, as KLEE's searchers select a
    /// state that then runs to its exit: the explorer pushes a continuation standing at every
    /// run's end ([`crate::task::Continuation::at_end`]) and hands the path to the observers
    /// (JSONL, JUnit) only when that continuation is popped, so tests come out in the order the
    /// searcher reaches the ends. Paths whose end is still pending when the exploration stops
    /// are handed over then, in run order.
    fn schedules_ends(&self) -> bool {
        false
    }
    /// True when the oldest queued tasks are popped first (breadth-first): with several
    /// workers those are the ones run ahead; otherwise the newest are (depth-first and most
    /// other orders reach recent tasks sooner). Only speed depends on it, never results.
    fn ahead_oldest(&self) -> bool {
        false
    }
    /// A popped task turned out infeasible (or undecided): it never became a state.
    fn on_dead(&mut self, _task: &crate::task::Task) {}
    /// A flip of a fork a fork-level searcher stepped over was solved at once and turned out
    /// infeasible (or undecided): it is never pushed.
    fn on_dead_flip(&mut self, _task: &crate::task::Task) {}
    /// The searcher's own counters, reported in the summary's `search_counters`.
    fn counters(&self) -> Vec<(String, u64)> {
        Vec::new()
    }
}

/// Depth-first: the most recently pushed entry first (SPF's order).
#[derive(Default)]
pub struct Dfs(Vec<Pending>);

impl Searcher for Dfs {
    fn name(&self) -> String {
        "dfs".into()
    }
    fn push(&mut self, p: Pending) {
        self.0.push(p)
    }
    fn pop(&mut self) -> Option<Pending> {
        self.0.pop()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn retain(&mut self, keep: &mut dyn FnMut(&Pending) -> bool) {
        self.0.retain(|t| keep(t))
    }
}

/// Breadth-first: entries in push order.
#[derive(Default)]
pub struct Bfs(VecDeque<Pending>);

impl Searcher for Bfs {
    fn name(&self) -> String {
        "bfs".into()
    }
    fn ahead_oldest(&self) -> bool {
        true
    }
    fn push(&mut self, p: Pending) {
        self.0.push_back(p)
    }
    fn pop(&mut self) -> Option<Pending> {
        self.0.pop_front()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn retain(&mut self, keep: &mut dyn FnMut(&Pending) -> bool) {
        self.0.retain(|t| keep(t))
    }
}

/// Uniformly random among pending entries, from a seeded generator (deterministic per seed).
pub struct RandomSearch {
    entries: Vec<Pending>,
    rng: SplitMix,
}

impl RandomSearch {
    /// A random order with the given seed.
    pub fn new(seed: u64) -> Self {
        RandomSearch {
            entries: Vec::new(),
            rng: SplitMix(seed),
        }
    }
}

impl Searcher for RandomSearch {
    fn name(&self) -> String {
        "random".into()
    }
    fn push(&mut self, p: Pending) {
        self.entries.push(p)
    }
    fn pop(&mut self) -> Option<Pending> {
        if self.entries.is_empty() {
            return None;
        }
        let i = (self.rng.next_u64() % self.entries.len() as u64) as usize;
        Some(self.entries.swap_remove(i))
    }
    fn len(&self) -> usize {
        self.entries.len()
    }
    fn retain(&mut self, keep: &mut dyn FnMut(&Pending) -> bool) {
        self.entries.retain(|t| keep(t))
    }
}

/// A small deterministic generator (SplitMix64).
pub struct SplitMix(pub u64);

impl SplitMix {
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The search orders `--search` accepts.
pub const SEARCH_ORDERS: &[&str] = &["dfs", "bfs", "random"];

/// Builds a searcher by name: `dfs`, `bfs`, `random`, or a fork-level order of
/// [`super::searchers`].
pub fn searcher(name: &str, seed: u64) -> Result<Box<dyn Searcher>, StrategyError> {
    Ok(match name {
        "dfs" => Box::new(Dfs::default()),
        "bfs" => Box::new(Bfs::default()),
        "random" => Box::new(RandomSearch::new(seed)),
        other if super::searchers::is_order(other) => Box::new(super::searchers::build(other, seed)?),
        other => return Err(StrategyError::UnknownSearch(other.into())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::task::{Prefix, Task};
    use std::sync::Arc;

    fn task(id: u64) -> Pending {
        let mut p = crate::symbolic::ExprPool::new();
        let c = p.bool(true);
        Pending::Flip(Task {
            id,
            parent: 0,
            flip: 0,
            prefix: Prefix::Set(Arc::from(vec![])),
            cond: c,
            base: Arc::new(vec![]),
            site: (0, 0, 0),
            occ: 0,
            origin: None,
        })
    }

    fn id(p: Pending) -> u64 {
        p.task().map(|t| t.id).expect("a task")
    }

    #[test]
    fn orders() {
        let mut d = Dfs::default();
        let mut b = Bfs::default();
        for i in 0..3 {
            d.push(task(i));
            b.push(task(i));
        }
        assert_eq!(d.pop().map(id), Some(2));
        assert_eq!(b.pop().map(id), Some(0));
        let mut r1 = RandomSearch::new(7);
        let mut r2 = RandomSearch::new(7);
        for i in 0..10 {
            r1.push(task(i));
            r2.push(task(i));
        }
        let a: Vec<u64> = std::iter::from_fn(|| r1.pop().map(id)).collect();
        let b2: Vec<u64> = std::iter::from_fn(|| r2.pop().map(id)).collect();
        assert_eq!(a, b2);
        assert_eq!(a.len(), 10);
    }

    #[test]
    fn retain_drops_entries() {
        let mut d = Dfs::default();
        for i in 0..6 {
            d.push(task(i));
        }
        d.retain(&mut |p| p.task().is_some_and(|t| t.id % 2 == 0));
        let left: Vec<u64> = std::iter::from_fn(|| d.pop().map(id)).collect();
        assert_eq!(left, vec![4, 2, 0]);
    }
}
