//! `subpath-N`: length-n subpath-guided search (Li, Su, Wang, Li, OOPSLA 2013, Algorithms 1-2).
//! Every state's key is the last N fork elements of its path (fewer early in a path); a
//! global map counts how often a state with each key was selected. The state with the lowest
//! count is selected next, ties broken at random (seeded) or, with `:latest`, by the last
//! position in the state vector, as the paper's worked example does.

use super::min_tree::MinTree;
use super::states::{Policy, State, States};
use crate::strategy::SplitMix;
use crate::task::ForkSite;
use rustc_hash::FxHashMap;

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
    /// The elements of each key, oldest first (by key id).
    elems: Vec<Vec<ForkSite>>,
    /// The key a path with key `k` has after one more fork element (memo: no allocation).
    succ: FxHashMap<(u32, ForkSite), u32>,
    counts: Vec<u64>,
    /// Per key, the places ([`State::ord`]) of the pending states that have it.
    live: Vec<Places>,
    /// Under random ties, the index of each pending place in its key's [`Places`] (by place).
    index_of: Vec<u32>,
    /// Per key with pending states: its count, its number of states and its latest place;
    /// the root gives the lowest count, the ties and the latest tied place.
    tree: MinTree,
}

impl Subpath {
    /// Length `n` (at least 1) and the tie rule.
    pub fn new(n: usize, ties: Ties, seed: u64) -> Self {
        Subpath {
            n,
            ties,
            rng: SplitMix(seed),
            keys: FxHashMap::default(),
            elems: Vec::new(),
            succ: FxHashMap::default(),
            counts: Vec::new(),
            live: Vec::new(),
            index_of: Vec::new(),
            tree: MinTree::default(),
        }
    }

    /// The count of each subpath seen so far, keyed by its elements (oldest first).
    pub fn counts(&self) -> Vec<(Vec<ForkSite>, u64)> {
        let mut v: Vec<(Vec<ForkSite>, u64)> = self.elems.iter().zip(&self.counts).map(|(k, &c)| (k.clone(), c)).collect();
        v.sort();
        v
    }

    /// Puts key `k`'s count and states into the tree (with its latest place under `:latest`,
    /// where the places are sorted; random ties never read it).
    fn refresh(&mut self, k: u32) {
        let ku = k as usize;
        let places = &self.live[ku].0;
        let latest = match self.ties {
            Ties::Latest => places.last().copied().unwrap_or(0),
            Ties::Random => 0,
        };
        self.tree.set(ku, self.counts[ku], places.len() as u64, latest);
    }

    /// Moves the key of `s` (a pending state) to its new count.
    fn recount(&mut self, s: &State, by: i64) {
        let k = s.tag;
        let ku = k as usize;
        self.counts[ku] = self.counts[ku].saturating_add_signed(by);
        self.refresh(k);
    }

    /// The key of a state made from a state with key `parent` by fork element `site`: the
    /// parent's key extended by the element, its oldest element dropped past `n` (memoised per
    /// parent key and element).
    fn child_key(&mut self, parent: u32, site: ForkSite) -> u32 {
        if let Some(&k) = self.succ.get(&(parent, site)) {
            return k;
        }
        let prev = &self.elems[parent as usize];
        let skip = (prev.len() + 1).saturating_sub(self.n);
        let mut e: Vec<ForkSite> = prev[skip.min(prev.len())..].to_vec();
        e.push(site);
        let k = self.intern(e);
        self.succ.insert((parent, site), k);
        k
    }

    fn intern(&mut self, elems: Vec<ForkSite>) -> u32 {
        let next = self.counts.len() as u32;
        let k = *self.keys.entry(elems.clone()).or_insert(next);
        if k == next {
            self.counts.push(0);
            self.live.push(Places::default());
            self.elems.push(elems);
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

    fn tag(&mut self, from: Option<(&State, ForkSite)>) -> u32 {
        match from {
            Some((parent, site)) => self.child_key(parent.tag, site),
            // A run's first state: no fork behind it, the empty key.
            None => self.intern(Vec::new()),
        }
    }

    fn on_add(&mut self, s: &State) {
        let k = s.tag;
        self.live[k as usize].insert(s.ord, self.ties, &mut self.index_of);
        self.refresh(k);
    }

    fn on_remove(&mut self, s: &State) {
        let k = s.tag;
        if self.live[k as usize].remove(s.ord, self.ties, &mut self.index_of) {
            self.refresh(k);
        }
    }

    fn pick(&mut self, states: &States) -> u64 {
        // The states of the keys with the lowest count are the ties.
        let tied = self.tree.tied();
        if tied == 0 {
            return states.last().map_or(0, |s| s.ord);
        }
        match self.ties {
            Ties::Latest => self.tree.latest().unwrap_or(0),
            Ties::Random => {
                let r = self.rng.next_u64() % tied;
                match self.tree.nth(r) {
                    Some((k, i)) => self.live[k].0[i as usize],
                    None => 0,
                }
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
