//! Weighted sampling over the pending states for `nurs:*` (KLEE's `DiscretePDF`): a sum tree
//! over leaves that hold one state's weight each. Adding, removing or re-weighting a state and
//! drawing a state with probability `w / Σw` all take O(log n) array steps, so a selection no
//! longer costs a pass over every pending state. Each inner node is recomputed from its two
//! children on every change (never updated by differences), so removing a large weight leaves
//! no rounding residue that would swamp the small ones.

use rustc_hash::FxHashMap;

/// The weights of the pending states, by place ([`super::states::State::ord`]).
#[derive(Default)]
pub struct WeightTree {
    /// 1-based heap layout: node `i` has children `2i` and `2i + 1`; leaves start at `cap`.
    sums: Vec<f64>,
    cap: usize,
    /// The leaf of each place, and the place of each used leaf.
    leaf_of: FxHashMap<u64, u32>,
    ord_of: Vec<u64>,
    /// Leaves freed by removed states, reused first (the tree is as large as the most states
    /// ever pending at once, not as the states ever made).
    free: Vec<u32>,
}

impl WeightTree {
    /// States in the tree.
    pub fn len(&self) -> usize {
        self.leaf_of.len()
    }

    /// True when no state is in the tree.
    pub fn is_empty(&self) -> bool {
        self.leaf_of.is_empty()
    }

    /// The sum of all weights.
    pub fn total(&self) -> f64 {
        self.sums.get(1).copied().unwrap_or(0.0)
    }

    /// Puts the state at place `ord` in with weight `w` (negative and NaN weights count as 0),
    /// or changes its weight.
    pub fn set(&mut self, ord: u64, w: f64) {
        let leaf = match self.leaf_of.get(&ord) {
            Some(&l) => l as usize,
            None => {
                let l = match self.free.pop() {
                    Some(l) => l as usize,
                    None => {
                        let l = self.ord_of.len();
                        self.ord_of.push(0);
                        if l >= self.cap {
                            self.grow(l);
                        }
                        l
                    }
                };
                self.ord_of[l] = ord;
                self.leaf_of.insert(ord, l as u32);
                l
            }
        };
        self.write(leaf, if w > 0.0 { w } else { 0.0 });
    }

    /// Takes the state at place `ord` out (nothing when it is not in).
    pub fn remove(&mut self, ord: u64) {
        if let Some(l) = self.leaf_of.remove(&ord) {
            self.write(l as usize, 0.0);
            self.free.push(l);
        }
    }

    /// The place of the state whose cumulative weight interval holds `r` (in `[0, total)`),
    /// walking from the root; `None` when every weight is 0. Rounding can leave `r` past the
    /// last interval: the walk then ends at the last state of non-zero weight on its way.
    pub fn find(&self, mut r: f64) -> Option<u64> {
        if self.total().partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            return None;
        }
        let mut i = 1;
        while i < self.cap {
            let (left, right) = (self.sums[2 * i], self.sums[2 * i + 1]);
            if (r < left && left > 0.0) || right <= 0.0 {
                i *= 2;
            } else {
                r -= left;
                i = 2 * i + 1;
            }
        }
        self.ord_of.get(i - self.cap).copied()
    }

    fn write(&mut self, leaf: usize, w: f64) {
        let mut i = self.cap + leaf;
        self.sums[i] = w;
        while i > 1 {
            i /= 2;
            self.sums[i] = self.sums[2 * i] + self.sums[2 * i + 1];
        }
    }

    fn grow(&mut self, leaf: usize) {
        let cap = (leaf + 1).next_power_of_two().max(16);
        let mut sums = vec![0.0; 2 * cap];
        if self.cap > 0 {
            sums[cap..cap + self.cap].copy_from_slice(&self.sums[self.cap..2 * self.cap]);
        }
        for i in (1..cap).rev() {
            sums[i] = sums[2 * i] + sums[2 * i + 1];
        }
        self.sums = sums;
        self.cap = cap;
    }
}

#[cfg(test)]
mod tests {
    use super::WeightTree;

    /// The place a linear scan over `(ord, w)` in leaf order picks for `r`.
    fn scan(items: &[(u64, f64)], mut r: f64) -> Option<u64> {
        let mut last = None;
        for &(o, w) in items {
            if w <= 0.0 {
                continue;
            }
            last = Some(o);
            if r < w {
                return Some(o);
            }
            r -= w;
        }
        last
    }

    #[test]
    fn draws_by_cumulative_weight_and_reuses_leaves() {
        let mut t = WeightTree::default();
        t.set(10, 1.0);
        t.set(11, 2.0);
        t.set(12, 0.5);
        assert_eq!(t.total(), 3.5);
        assert_eq!(t.find(0.0), Some(10));
        assert_eq!(t.find(0.99), Some(10));
        assert_eq!(t.find(1.0), Some(11));
        assert_eq!(t.find(2.99), Some(11));
        assert_eq!(t.find(3.0), Some(12));
        // Past the end (rounding): the last state of non-zero weight.
        assert_eq!(t.find(3.5), Some(12));
        t.remove(11);
        assert_eq!(t.len(), 2);
        assert_eq!(t.total(), 1.5);
        assert_eq!(t.find(1.2), Some(12));
        // The freed leaf goes to the next state.
        t.set(13, 4.0);
        assert_eq!(t.find(1.0), Some(13));
        assert_eq!(t.find(4.9), Some(13));
        assert_eq!(t.find(5.2), Some(12));
        t.set(13, 0.0);
        assert_eq!(t.find(1.2), Some(12));
        t.remove(10);
        t.remove(12);
        t.remove(13);
        assert!(t.is_empty());
        assert_eq!(t.find(0.0), None);
    }

    #[test]
    fn matches_a_linear_scan_under_random_operations() {
        let mut t = WeightTree::default();
        // Leaf order as the tree keeps it: a freed leaf is reused by the next insertion.
        let mut leaves: Vec<Option<(u64, f64)>> = Vec::new();
        let mut free: Vec<usize> = Vec::new();
        let mut rng = crate::strategy::SplitMix(0x2545_F491_4F6C_DD1D);
        let mut next = 0u64;
        for step in 0..5_000 {
            let x = rng.next_u64();
            let live: Vec<usize> = (0..leaves.len()).filter(|&i| leaves[i].is_some()).collect();
            if !x.is_multiple_of(3) || live.is_empty() {
                // Weights over many magnitudes, as 2^-depth gives (few enough that every
                // partial sum is exact, so the tree and the scan agree at the boundaries).
                let w = 0.5f64.powi((x >> 8) as i32 % 40);
                t.set(next, w);
                match free.pop() {
                    Some(i) => leaves[i] = Some((next, w)),
                    None => leaves.push(Some((next, w))),
                }
                next += 1;
            } else {
                let i = live[(x >> 4) as usize % live.len()];
                let (o, _) = leaves[i].take().expect("live");
                t.remove(o);
                free.push(i);
            }
            let items: Vec<(u64, f64)> = leaves.iter().flatten().copied().collect();
            let total: f64 = items.iter().map(|x| x.1).sum();
            assert!((t.total() - total).abs() <= 1e-12 * total.max(1.0), "step {step}");
            for k in 0..8 {
                let r = total * (k as f64 + 0.37) / 8.0;
                let in_order: Vec<(u64, f64)> = leaves.iter().map(|l| l.unwrap_or((u64::MAX, 0.0))).collect();
                assert_eq!(t.find(r), scan(&in_order, r), "step {step}, r {r}");
            }
        }
    }
}
