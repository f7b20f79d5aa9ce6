//! `subpath-N`: length-n subpath-guided search (Li, Su, Wang, Li, OOPSLA 2013, Algorithms 1-2).
//! Every state's key is the last N fork elements of its path (fewer early in a path); a
//! global map counts how often a state with each key was selected. The state with the lowest
//! count is selected next, ties broken at random (seeded) or, with `:latest`, by the last
//! position in the state vector, as the paper's worked example does.

use super::states::{Policy, State};
use crate::strategy::SplitMix;
use crate::task::ForkSite;
use rustc_hash::FxHashMap;

/// How ties between states of equal count are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ties {
    /// The last one in the vector (the paper's example; DFS for N at least the fork depth).
    Latest,
    /// Uniformly at random from the seeded generator (the paper's rule).
    Random,
}

/// The subpath-guided policy.
pub struct Subpath {
    n: usize,
    ties: Ties,
    rng: SplitMix,
    keys: FxHashMap<Vec<ForkSite>, u32>,
    counts: Vec<u64>,
    /// The key of each state, by state id (ids are dense; `u32::MAX` = not computed).
    key_of: Vec<u32>,
}

impl Subpath {
    /// Length `n` (at least 1) and the tie rule.
    pub fn new(n: usize, ties: Ties, seed: u64) -> Self {
        Subpath {
            n,
            ties,
            rng: SplitMix(seed),
            keys: FxHashMap::default(),
            counts: Vec::new(),
            key_of: Vec::new(),
        }
    }

    /// The count of each subpath seen so far, keyed by its elements (oldest first).
    pub fn counts(&self) -> Vec<(Vec<ForkSite>, u64)> {
        let mut v: Vec<(Vec<ForkSite>, u64)> = self.keys.iter().map(|(k, &i)| (k.clone(), self.counts[i as usize])).collect();
        v.sort();
        v
    }

    fn key(&mut self, s: &State) -> u32 {
        if let Some(&k) = self.key_of.get(s.id as usize)
            && k != u32::MAX
        {
            return k;
        }
        let elems = s.last(self.n);
        let next = self.counts.len() as u32;
        let k = *self.keys.entry(elems).or_insert(next);
        if k == next {
            self.counts.push(0);
        }
        if self.key_of.len() <= s.id as usize {
            self.key_of.resize(s.id as usize + 1, u32::MAX);
        }
        self.key_of[s.id as usize] = k;
        k
    }
}

impl Policy for Subpath {
    fn name(&self) -> String {
        match self.ties {
            Ties::Latest => format!("subpath-{}:latest", self.n),
            Ties::Random => format!("subpath-{}", self.n),
        }
    }

    fn on_add(&mut self, s: &State) {
        self.key(s);
    }

    fn pick(&mut self, states: &[State]) -> usize {
        let mut min = u64::MAX;
        let mut ties: Vec<usize> = Vec::new();
        for (i, s) in states.iter().enumerate() {
            let k = match self.key_of.get(s.id as usize) {
                Some(&k) if k != u32::MAX => k,
                _ => self.key(s),
            };
            let c = self.counts[k as usize];
            if c < min {
                min = c;
                ties.clear();
            }
            if c == min {
                ties.push(i);
            }
        }
        match self.ties {
            Ties::Latest => *ties.last().expect("a state"),
            Ties::Random => ties[(self.rng.next_u64() % ties.len() as u64) as usize],
        }
    }

    fn on_select(&mut self, s: &State) {
        let k = self.key(s);
        self.counts[k as usize] += 1;
    }

    fn on_unselect(&mut self, s: &State) {
        let k = self.key(s);
        self.counts[k as usize] -= 1;
    }

    fn counters(&self) -> Vec<(String, u64)> {
        vec![
            ("subpaths".to_string(), self.counts.len() as u64),
            ("subpath_count_sum".to_string(), self.counts.iter().sum()),
        ]
    }
}
