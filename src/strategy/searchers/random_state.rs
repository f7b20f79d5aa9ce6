//! `random-state`: KLEE's RandomSearcher, a uniformly random pending state (seeded).

use super::states::{Policy, States};
use crate::strategy::SplitMix;

/// Uniform over the pending states.
pub struct RandomState(SplitMix);

impl RandomState {
    /// With the given seed.
    pub fn new(seed: u64) -> Self {
        RandomState(SplitMix(seed))
    }
}

impl Policy for RandomState {
    fn name(&self) -> String {
        "random-state".into()
    }
    fn pick(&mut self, states: &States) -> u64 {
        let i = (self.0.next_u64() % states.len() as u64) as usize;
        states.nth(i).map_or(0, |s| s.ord)
    }
}
