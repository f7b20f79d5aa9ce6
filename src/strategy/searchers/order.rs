//! An ordered set of small dense integers (the places of pending states, handed out in
//! increasing order): a Fenwick tree over presence bits, so insertion, removal, the `i`-th
//! member and the rank of a member all take O(log n) array steps, with no node allocation.
//! Memory is 4 bytes per place ever handed out (places are never reused).

/// The set.
#[derive(Default)]
pub struct OrderSet {
    /// Fenwick tree (1-based) over presence counts; its length is a power of two.
    tree: Vec<u32>,
    len: usize,
}

impl OrderSet {
    /// Members.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn grow(&mut self, x: usize) {
        if self.tree.is_empty() {
            self.tree = vec![0; (x + 1).next_power_of_two().max(64)];
            return;
        }
        // Doubling a Fenwick tree keeps every entry: the new entries below the new last one
        // cover only new (empty) places, and the new last one covers them all.
        while x >= self.tree.len() {
            let n = self.tree.len();
            self.tree.resize(2 * n, 0);
            self.tree[2 * n - 1] = self.len as u32;
        }
    }

    fn add(&mut self, x: usize, d: i32) {
        let mut i = x + 1;
        while i <= self.tree.len() {
            self.tree[i - 1] = self.tree[i - 1].wrapping_add_signed(d);
            i += i & i.wrapping_neg();
        }
    }

    /// Members below `x`.
    pub fn rank(&self, x: usize) -> usize {
        let mut i = x.min(self.tree.len());
        let mut s = 0usize;
        while i > 0 {
            s += self.tree[i - 1] as usize;
            i &= i - 1;
        }
        s
    }

    /// Adds `x` (which must not be a member).
    pub fn insert(&mut self, x: usize) {
        self.grow(x);
        self.add(x, 1);
        self.len += 1;
    }

    /// Removes `x` (which must be a member).
    pub fn remove(&mut self, x: usize) {
        self.add(x, -1);
        self.len -= 1;
    }

    /// The `i`-th smallest member (0-based).
    pub fn nth(&self, i: usize) -> Option<usize> {
        if i >= self.len {
            return None;
        }
        let mut pos = 0usize;
        let mut rem = i as u32 + 1;
        let mut step = self.tree.len();
        while step > 0 {
            let next = pos + step;
            if next <= self.tree.len() && self.tree[next - 1] < rem {
                pos = next;
                rem -= self.tree[next - 1];
            }
            step >>= 1;
        }
        Some(pos)
    }

    /// The largest member.
    pub fn last(&self) -> Option<usize> {
        self.len.checked_sub(1).and_then(|i| self.nth(i))
    }
}

#[cfg(test)]
mod tests {
    use super::OrderSet;
    use std::collections::BTreeSet;

    #[test]
    fn matches_a_btreeset_under_random_operations() {
        let mut s = OrderSet::default();
        let mut r = BTreeSet::new();
        let mut rng = crate::strategy::SplitMix(12345);
        let mut next = 0usize;
        for _ in 0..20_000 {
            let x = rng.next_u64();
            if !x.is_multiple_of(3) || r.is_empty() {
                s.insert(next);
                r.insert(next);
                next += 1 + (x % 3) as usize;
            } else {
                let k = (x as usize / 3) % r.len();
                let m = *r.iter().nth(k).unwrap();
                assert_eq!(s.nth(k), Some(m));
                assert_eq!(s.rank(m), k);
                s.remove(m);
                r.remove(&m);
            }
            assert_eq!(s.len(), r.len());
            assert_eq!(s.last(), r.last().copied());
        }
        let all: Vec<usize> = (0..s.len()).filter_map(|i| s.nth(i)).collect();
        assert_eq!(all, r.into_iter().collect::<Vec<_>>());
    }
}
