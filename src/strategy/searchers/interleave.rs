//! Interleaving (`a+b`, KLEE's InterleavedSearcher): each selection asks the next policy in
//! turn; every policy sees every state and every run.

use super::states::{Policy, State, States};
use crate::task::PathRecord;

/// Round-robin over several policies.
pub struct Interleave {
    parts: Vec<Box<dyn Policy>>,
    turn: usize,
}

impl Interleave {
    /// The policies, in turn order (at least one).
    pub fn new(parts: Vec<Box<dyn Policy>>) -> Self {
        Interleave { parts, turn: 0 }
    }
}

impl Policy for Interleave {
    fn name(&self) -> String {
        self.parts.iter().map(|p| p.name()).collect::<Vec<_>>().join("+")
    }
    fn pick(&mut self, states: &States) -> u64 {
        let i = self.turn % self.parts.len();
        self.turn += 1;
        self.parts[i].pick(states)
    }
    fn on_select(&mut self, s: &State) {
        self.parts.iter_mut().for_each(|p| p.on_select(s));
    }
    fn on_unselect(&mut self, s: &State) {
        self.parts.iter_mut().for_each(|p| p.on_unselect(s));
    }
    fn on_add(&mut self, s: &State) {
        self.parts.iter_mut().for_each(|p| p.on_add(s));
    }
    fn on_remove(&mut self, s: &State) {
        self.parts.iter_mut().for_each(|p| p.on_remove(s));
    }
    fn observe_path(&mut self, p: &PathRecord) {
        self.parts.iter_mut().for_each(|x| x.observe_path(p));
    }
    fn counters(&self) -> Vec<(String, u64)> {
        self.parts.iter().flat_map(|p| p.counters()).collect()
    }
}
