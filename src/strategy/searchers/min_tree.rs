//! The keys of lowest count and their states, for subpath-guided search: a segment tree over
//! dense key ids whose nodes hold the lowest count below them, how many pending states the
//! keys at that count have, and the latest place among those states. Changing one key's
//! count or its states is one leaf and its path to the root (O(log K) array steps over a few
//! thousand bytes at most, no allocation); the ties, their total weight, the `r`-th tied state
//! (keys in ascending id order, each key's states in its own order) and the latest tied place
//! are read from the root down.

/// One node: the lowest count among its keys, the states of the keys at that count, and the
/// largest place among those keys' latest places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    min: u64,
    weight: u64,
    latest: u64,
}

/// A key with no pending state: never the minimum.
const EMPTY: Node = Node {
    min: u64::MAX,
    weight: 0,
    latest: 0,
};

fn combine(a: Node, b: Node) -> Node {
    match a.min.cmp(&b.min) {
        std::cmp::Ordering::Less => a,
        std::cmp::Ordering::Greater => b,
        std::cmp::Ordering::Equal => Node {
            min: a.min,
            weight: a.weight + b.weight,
            latest: a.latest.max(b.latest),
        },
    }
}

/// The tree.
#[derive(Default)]
pub struct MinTree {
    /// 1-based heap layout: node `i` has children `2i` and `2i + 1`; leaves start at `cap`.
    nodes: Vec<Node>,
    cap: usize,
}

impl MinTree {
    /// Sets key `k`: its count, how many pending states it has (`0` takes it out of the
    /// tree) and the latest place among them.
    pub fn set(&mut self, k: usize, count: u64, states: u64, latest: u64) {
        if k >= self.cap {
            self.grow(k);
        }
        let mut i = self.cap + k;
        let leaf = if states == 0 {
            EMPTY
        } else {
            Node {
                min: count,
                weight: states,
                latest,
            }
        };
        if self.nodes[i] == leaf {
            return;
        }
        self.nodes[i] = leaf;
        while i > 1 {
            i /= 2;
            let n = combine(self.nodes[2 * i], self.nodes[2 * i + 1]);
            // Ancestors of an unchanged node do not change.
            if self.nodes[i] == n {
                break;
            }
            self.nodes[i] = n;
        }
    }

    fn grow(&mut self, k: usize) {
        let cap = (k + 1).next_power_of_two().max(16);
        let mut nodes = vec![EMPTY; 2 * cap];
        if self.cap > 0 {
            nodes[cap..cap + self.cap].copy_from_slice(&self.nodes[self.cap..2 * self.cap]);
        }
        for i in (1..cap).rev() {
            nodes[i] = combine(nodes[2 * i], nodes[2 * i + 1]);
        }
        self.nodes = nodes;
        self.cap = cap;
    }

    fn root(&self) -> Node {
        self.nodes.get(1).copied().unwrap_or(EMPTY)
    }

    /// The states of the keys at the lowest count (0 when no key has a state).
    pub fn tied(&self) -> u64 {
        self.root().weight
    }

    /// The latest place among the states of the keys at the lowest count.
    pub fn latest(&self) -> Option<u64> {
        let r = self.root();
        (r.weight > 0).then_some(r.latest)
    }

    /// The `r`-th tied state (`r < tied()`): its key and its index among that key's states.
    pub fn nth(&self, mut r: u64) -> Option<(usize, u64)> {
        let root = self.root();
        if r >= root.weight {
            return None;
        }
        let mut i = 1;
        while i < self.cap {
            let left = self.nodes[2 * i];
            if left.min == root.min {
                if r < left.weight {
                    i *= 2;
                    continue;
                }
                r -= left.weight;
            }
            i = 2 * i + 1;
        }
        Some((i - self.cap, r))
    }
}

#[cfg(test)]
mod tests {
    use super::MinTree;

    /// Against a plain scan over (count, states, latest) per key, under random updates.
    #[test]
    fn matches_a_scan_under_random_updates() {
        let mut t = MinTree::default();
        let mut keys: Vec<(u64, u64, u64)> = Vec::new();
        let mut x = 99u64;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for step in 0..20_000 {
            let k = (rnd() % (1 + (step / 200) as u64).min(300)) as usize;
            if keys.len() <= k {
                keys.resize(k + 1, (0, 0, 0));
            }
            let e = (rnd() % 6, rnd() % 3, rnd() % 1000);
            keys[k] = e;
            t.set(k, e.0, e.1, e.2);
            let live: Vec<(usize, &(u64, u64, u64))> = keys.iter().enumerate().filter(|(_, e)| e.1 > 0).collect();
            let min = live.iter().map(|(_, e)| e.0).min();
            let ties: Vec<(usize, u64)> = live
                .iter()
                .filter(|(_, e)| Some(e.0) == min)
                .flat_map(|&(k, e)| (0..e.1).map(move |j| (k, j)))
                .collect();
            assert_eq!(t.tied(), ties.len() as u64);
            let latest = live.iter().filter(|(_, e)| Some(e.0) == min).map(|(_, e)| e.2).max();
            assert_eq!(t.latest(), latest);
            for (r, want) in ties.iter().enumerate() {
                assert_eq!(t.nth(r as u64), Some(*want));
            }
            assert_eq!(t.nth(ties.len() as u64), None);
        }
    }
}
