//! A small fixed-size bit set for dataflow facts.

/// A bit set over `0..len`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// An empty set able to hold `len` bits.
    pub fn new(len: usize) -> Self {
        BitSet {
            words: vec![0; len.div_ceil(64)],
        }
    }
    /// Inserts a bit; true when it was new.
    pub fn insert(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, i % 64);
        let old = self.words[w];
        self.words[w] |= 1 << b;
        old != self.words[w]
    }
    /// Removes a bit.
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }
    /// Membership.
    pub fn contains(&self, i: usize) -> bool {
        self.words.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
    /// `self |= other`; true when something changed.
    pub fn union_with(&mut self, other: &BitSet) -> bool {
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            let n = *a | *b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    /// `self &= !other`.
    pub fn subtract(&mut self, other: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !*b;
        }
    }
    /// True when no bit is set.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }
    /// The set bits in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, w)| {
            let mut w = *w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let t = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + t)
            })
        })
    }
    /// Clears every bit.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
}

/// A square bit matrix: ordered pairs over `0..n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitMatrix {
    n: usize,
    rows: Vec<BitSet>,
}

impl BitMatrix {
    /// An empty `n × n` matrix.
    pub fn new(n: usize) -> Self {
        BitMatrix {
            n,
            rows: (0..n).map(|_| BitSet::new(n)).collect(),
        }
    }
    /// Sets (i, j); true when new.
    pub fn insert(&mut self, i: usize, j: usize) -> bool {
        self.rows[i].insert(j)
    }
    /// Membership.
    pub fn contains(&self, i: usize, j: usize) -> bool {
        self.rows.get(i).is_some_and(|r| r.contains(j))
    }
    /// Union; true when changed.
    pub fn union_with(&mut self, o: &BitMatrix) -> bool {
        let mut c = false;
        for (a, b) in self.rows.iter_mut().zip(&o.rows) {
            c |= a.union_with(b);
        }
        c
    }
    /// Removes every pair that mentions an index of `dead`.
    pub fn kill(&mut self, dead: &BitSet) {
        for i in dead.iter() {
            if i < self.n {
                self.rows[i].clear();
            }
        }
        for r in self.rows.iter_mut() {
            r.subtract(dead);
        }
    }
    /// Row `i`.
    pub fn row(&self, i: usize) -> &BitSet {
        &self.rows[i]
    }
    /// Adds (i, j) for every i in `from`.
    pub fn add_column(&mut self, from: &BitSet, j: usize) {
        for i in from.iter() {
            if i != j {
                self.rows[i].insert(j);
            }
        }
    }
}
