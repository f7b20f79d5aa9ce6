//! `subpath-N`: length-n subpath-guided search (Li, Su, Wang, Li, OOPSLA 2013, Algorithms 1-2).
//! Every state's key is the last N fork elements of its path (fewer early in a path); a
//! global map counts how often a state with each key was selected. The state with the lowest
//! count is selected next, ties broken at random (seeded) or, with `:latest`, by the last
//! position in the state vector, as the paper's worked example does.

use super::states::{Policy, State, States};
use crate::strategy::SplitMix;
use crate::task::ForkSite;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// The places of the pending states that share one key. Under [`Ties::Latest`] they are kept
/// sorted (the last is the latest; a selected state is mostly the last, so removal shifts
/// little); under [`Ties::Random`] in no order, each place's index in [`Subpath::index_of`],
/// so that adding, removing and the `r`-th tie all take O(1) and touch one or two words.
#[derive(Default)]
struct Places(Vec<u64>);

impl Places {
    /// Adds `ord`: in sorted position under `Latest`, at the end under `Random` (recording
    /// its index in `index_of`).
    fn insert(&mut self, ord: u64, ties: Ties, index_of: &mut Vec<u32>) {
        match ties {
            Ties::Latest => match self.0.last() {
                Some(&l) if l >= ord => {
                    if let Err(i) = self.0.binary_search(&ord) {
                        self.0.insert(i, ord);
                    }
                }
                _ => self.0.push(ord),
            },
            Ties::Random => {
                let o = ord as usize;
                if index_of.len() <= o {
                    index_of.resize(o + 1, u32::MAX);
                }
                index_of[o] = self.0.len() as u32;
                self.0.push(ord);
            }
        }
    }

    /// Removes `ord` if present (true when it was): by binary search under `Latest`, by
    /// swapping the last place into its index under `Random`.
    fn remove(&mut self, ord: u64, ties: Ties, index_of: &mut [u32]) -> bool {
        let at = match ties {
            Ties::Latest => self.0.binary_search(&ord).ok(),
            Ties::Random => index_of
                .get(ord as usize)
                .map(|&i| i as usize)
                .filter(|&i| self.0.get(i) == Some(&ord)),
        };
        let Some(i) = at else { return false };
        match ties {
            Ties::Latest => {
                self.0.remove(i);
            }
            Ties::Random => {
                self.0.swap_remove(i);
                if let Some(&moved) = self.0.get(i) {
                    index_of[moved as usize] = i as u32;
                }
                index_of[ord as usize] = u32::MAX;
            }
        }
        true
    }
}

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
    /// The key a path with key `k` has after one more fork element (memo: no allocation).
    succ: FxHashMap<(u32, ForkSite), u32>,
    counts: Vec<u64>,
    /// The key of each state, by state id (ids are dense; `u32::MAX` = not computed).
    key_of: Vec<u32>,
    /// Per key, the places ([`State::ord`]) of the pending states that have it.
    live: Vec<Places>,
    /// Under random ties, the index of each pending place in its key's [`Places`] (by place).
    index_of: Vec<u32>,
    /// (count, key) of every key that pending states have: the first is the minimum.
    by_count: BTreeSet<(u64, u32)>,
}

impl Subpath {
    /// Length `n` (at least 1) and the tie rule.
    pub fn new(n: usize, ties: Ties, seed: u64) -> Self {
        Subpath {
            n,
            ties,
            rng: SplitMix(seed),
            keys: FxHashMap::default(),
            succ: FxHashMap::default(),
            counts: Vec::new(),
            key_of: Vec::new(),
            live: Vec::new(),
            index_of: Vec::new(),
            by_count: BTreeSet::new(),
        }
    }

    /// The count of each subpath seen so far, keyed by its elements (oldest first).
    pub fn counts(&self) -> Vec<(Vec<ForkSite>, u64)> {
        let mut v: Vec<(Vec<ForkSite>, u64)> = self.keys.iter().map(|(k, &i)| (k.clone(), self.counts[i as usize])).collect();
        v.sort();
        v
    }

    /// Moves the key of `s` (a pending state) to its new count.
    fn recount(&mut self, s: &State, by: i64) {
        let k = self.key(s);
        let ku = k as usize;
        let live = !self.live[ku].0.is_empty();
        if live {
            self.by_count.remove(&(self.counts[ku], k));
        }
        self.counts[ku] = self.counts[ku].saturating_add_signed(by);
        if live {
            self.by_count.insert((self.counts[ku], k));
        }
    }

    fn key(&mut self, s: &State) -> u32 {
        if let Some(&k) = self.key_of.get(s.id as usize)
            && k != u32::MAX
        {
            return k;
        }
        // A fork's child (`parent` set) extends its parent's path by one element: its key
        // follows from the parent's key and that element.
        let parent = match s.parent {
            0 => None,
            p => self.key_of.get(p as usize).copied().filter(|&k| k != u32::MAX),
        };
        let k = match (parent, s.trail.as_deref()) {
            (Some(pk), Some(t)) => match self.succ.get(&(pk, t.site)) {
                Some(&k) => k,
                None => {
                    let k = self.intern(s.last(self.n));
                    self.succ.insert((pk, t.site), k);
                    k
                }
            },
            _ => self.intern(s.last(self.n)),
        };
        if self.key_of.len() <= s.id as usize {
            self.key_of.resize(s.id as usize + 1, u32::MAX);
        }
        self.key_of[s.id as usize] = k;
        k
    }

    fn intern(&mut self, elems: Vec<ForkSite>) -> u32 {
        let next = self.counts.len() as u32;
        let k = *self.keys.entry(elems).or_insert(next);
        if k == next {
            self.counts.push(0);
            self.live.push(Places::default());
        }
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
        let k = self.key(s);
        let ku = k as usize;
        if self.live[ku].0.is_empty() {
            self.by_count.insert((self.counts[ku], k));
        }
        self.live[ku].insert(s.ord, self.ties, &mut self.index_of);
    }

    fn on_remove(&mut self, s: &State) {
        let k = self.key(s);
        let ku = k as usize;
        let removed = self.live[ku].remove(s.ord, self.ties, &mut self.index_of);
        if removed && self.live[ku].0.is_empty() {
            self.by_count.remove(&(self.counts[ku], k));
        }
    }

    fn pick(&mut self, states: &States) -> u64 {
        // The keys of the pending states with the lowest count; their states are the ties.
        let Some(&(min, _)) = self.by_count.first() else {
            return states.last().map_or(0, |s| s.ord);
        };
        let ties = self.by_count.range((min, 0)..=(min, u32::MAX)).map(|&(_, k)| k);
        match self.ties {
            Ties::Latest => ties.filter_map(|k| self.live[k as usize].0.last().copied()).max().unwrap_or(0),
            Ties::Random => {
                let total: usize = ties.clone().map(|k| self.live[k as usize].0.len()).sum();
                let mut r = (self.rng.next_u64() % total.max(1) as u64) as usize;
                for k in ties {
                    let l = &self.live[k as usize].0;
                    if r < l.len() {
                        return l[r];
                    }
                    r -= l.len();
                }
                0
            }
        }
    }

    fn on_select(&mut self, s: &State) {
        self.recount(s, 1);
    }

    fn on_unselect(&mut self, s: &State) {
        self.recount(s, -1);
    }

    fn counters(&self) -> Vec<(String, u64)> {
        vec![
            ("subpaths".to_string(), self.counts.len() as u64),
            ("subpath_count_sum".to_string(), self.counts.iter().sum()),
        ]
    }
}
