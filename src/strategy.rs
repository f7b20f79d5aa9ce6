//! Strategies: a searcher orders pending tasks; pruners decide which tasks a finished path yields
//! (DGSE Algorithm 2 and the KLEE-style pruners plug in here). `spf` is the plain searcher with
//! no pruner: every event after the initiating one is negated.

pub mod dgse;

use crate::explore::task::{PathRecord, Task};
use std::collections::VecDeque;

/// Errors in strategy names.
#[derive(Debug, thiserror::Error)]
pub enum StrategyError {
    /// Unknown strategy.
    #[error("unknown strategy '{0}' (known: {1})")]
    Unknown(String, String),
    /// Unknown search order.
    #[error("unknown search order '{0}' (known: dfs, bfs, random)")]
    UnknownSearch(String),
}

/// Orders pending tasks.
pub trait Searcher {
    /// Stable name for reports.
    fn name(&self) -> String;
    /// Accepts a new task.
    fn push(&mut self, t: Task);
    /// The next task; `None` when exploration is done.
    fn pop(&mut self) -> Option<Task>;
    /// Pending tasks.
    fn len(&self) -> usize;
    /// True when nothing is pending.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Drops tasks a pruner has proven redundant.
    fn retain(&mut self, keep: &mut dyn FnMut(&Task) -> bool);
    /// Feedback after each path (for frequency- or coverage-driven orders).
    fn observe_path(&mut self, _p: &PathRecord) {}
}

/// Depth-first: the most recently generated task first (SPF's order).
#[derive(Default)]
pub struct Dfs(Vec<Task>);

impl Searcher for Dfs {
    fn name(&self) -> String {
        "dfs".into()
    }
    fn push(&mut self, t: Task) {
        self.0.push(t)
    }
    fn pop(&mut self) -> Option<Task> {
        self.0.pop()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn retain(&mut self, keep: &mut dyn FnMut(&Task) -> bool) {
        self.0.retain(|t| keep(t))
    }
}

/// Breadth-first: tasks in creation order.
#[derive(Default)]
pub struct Bfs(VecDeque<Task>);

impl Searcher for Bfs {
    fn name(&self) -> String {
        "bfs".into()
    }
    fn push(&mut self, t: Task) {
        self.0.push_back(t)
    }
    fn pop(&mut self) -> Option<Task> {
        self.0.pop_front()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn retain(&mut self, keep: &mut dyn FnMut(&Task) -> bool) {
        self.0.retain(|t| keep(t))
    }
}

/// Uniformly random among pending tasks, from a seeded generator (deterministic per seed).
pub struct RandomSearch {
    tasks: Vec<Task>,
    rng: SplitMix,
}

impl RandomSearch {
    /// A random order with the given seed.
    pub fn new(seed: u64) -> Self {
        RandomSearch {
            tasks: Vec::new(),
            rng: SplitMix(seed),
        }
    }
}

impl Searcher for RandomSearch {
    fn name(&self) -> String {
        "random".into()
    }
    fn push(&mut self, t: Task) {
        self.tasks.push(t)
    }
    fn pop(&mut self) -> Option<Task> {
        if self.tasks.is_empty() {
            return None;
        }
        let i = (self.rng.next_u64() % self.tasks.len() as u64) as usize;
        Some(self.tasks.swap_remove(i))
    }
    fn len(&self) -> usize {
        self.tasks.len()
    }
    fn retain(&mut self, keep: &mut dyn FnMut(&Task) -> bool) {
        self.tasks.retain(|t| keep(t))
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

/// Builds a searcher by name.
pub fn searcher(name: &str, seed: u64) -> Result<Box<dyn Searcher>, StrategyError> {
    Ok(match name {
        "dfs" => Box::new(Dfs::default()),
        "bfs" => Box::new(Bfs::default()),
        "random" => Box::new(RandomSearch::new(seed)),
        other => return Err(StrategyError::UnknownSearch(other.into())),
    })
}

/// Decides which candidate tasks a finished path yields.
pub trait Pruner {
    /// Name for reports.
    fn name(&self) -> &'static str;
    /// Removes or narrows the SPF candidates of a finished path.
    fn select_tasks(&mut self, path: &PathRecord, candidates: &mut Vec<Task>);
    /// A fresh tracker to observe the next run (`None`: the pruner needs none). What it
    /// finishes into is the pruner's entry of [`PathRecord::traces`].
    fn tracker(&mut self) -> Option<Box<dyn crate::vm::shadow::Tracker + Send>> {
        None
    }
}

/// The strategies jsymex knows.
pub const KNOWN_STRATEGIES: &[&str] = &["spf", "dgse", "dgse-no-interactive"];

/// What a named strategy needs before it can run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategySpec {
    /// The name.
    pub name: String,
    /// DGSE's dependence tables (with interactive dependence when true).
    pub dgse: Option<bool>,
}

/// Parses a strategy name.
pub fn spec(name: &str) -> Result<StrategySpec, StrategyError> {
    let dgse = match name {
        "spf" => None,
        "dgse" => Some(true),
        "dgse-no-interactive" => Some(false),
        other => return Err(StrategyError::Unknown(other.into(), KNOWN_STRATEGIES.join(", "))),
    };
    Ok(StrategySpec {
        name: name.to_string(),
        dgse,
    })
}

/// The pruners of a strategy (empty for `spf`).
pub fn build_pruners(spec: &StrategySpec, tables: Option<std::sync::Arc<dgse::DgseTables>>) -> Vec<Box<dyn Pruner>> {
    match (&spec.dgse, tables) {
        (Some(_), Some(t)) => vec![Box::new(dgse::Dgse::new(t))],
        _ => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::task::Prefix;
    use std::sync::Arc;

    fn task(id: u64) -> Task {
        let mut p = crate::symbolic::ExprPool::new();
        let c = p.bool(true);
        Task {
            id,
            parent: 0,
            flip: 0,
            prefix: Prefix::Set(Arc::from(vec![])),
            cond: c,
            base: Arc::new(vec![]),
            site: (0, 0, 0),
            occ: 0,
            origin: None,
        }
    }

    #[test]
    fn orders() {
        let mut d = Dfs::default();
        let mut b = Bfs::default();
        for i in 0..3 {
            d.push(task(i));
            b.push(task(i));
        }
        assert_eq!(d.pop().map(|t| t.id), Some(2));
        assert_eq!(b.pop().map(|t| t.id), Some(0));
        let mut r1 = RandomSearch::new(7);
        let mut r2 = RandomSearch::new(7);
        for i in 0..10 {
            r1.push(task(i));
            r2.push(task(i));
        }
        let a: Vec<u64> = std::iter::from_fn(|| r1.pop().map(|t| t.id)).collect();
        let b2: Vec<u64> = std::iter::from_fn(|| r2.pop().map(|t| t.id)).collect();
        assert_eq!(a, b2);
        assert_eq!(a.len(), 10);
    }
}
