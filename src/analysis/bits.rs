//! A small fixed-size bit set for dataflow facts.

/// The positions of the set bits of a sequence of 64-bit words, in increasing order.
pub fn ones(words: impl Iterator<Item = u64>) -> impl Iterator<Item = usize> {
    words.enumerate().flat_map(|(wi, mut w)| {
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
    /// `self &= other`.
    pub fn intersect_with(&mut self, other: &BitSet) {
        for (i, a) in self.words.iter_mut().enumerate() {
            *a &= other.words.get(i).copied().unwrap_or(0);
        }
    }
    /// True when the two sets share a bit.
    pub fn intersects(&self, other: &BitSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }
    /// `self &= other`, `other` given as words (missing words count as zero).
    pub fn intersect_with_words(&mut self, other: &[u64]) {
        for (i, a) in self.words.iter_mut().enumerate() {
            *a &= other.get(i).copied().unwrap_or(0);
        }
    }
    /// The words of the set.
    pub fn words(&self) -> &[u64] {
        &self.words
    }
    /// The bits set in both `self` and `other`, in increasing order.
    pub fn iter_and<'a>(&'a self, other: &'a BitSet) -> impl Iterator<Item = usize> + 'a {
        ones(self.words.iter().zip(&other.words).map(|(a, b)| a & b))
    }
    /// Makes `self` equal to `other` (same length), without allocating.
    pub fn assign(&mut self, other: &BitSet) {
        self.words.copy_from_slice(&other.words);
    }
    /// True when no bit is set.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }
    /// The set bits in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        ones(self.words.iter().copied())
    }
    /// Clears every bit.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
}

/// A square bit matrix: ordered pairs over `0..n`, stored row by row in one allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitMatrix {
    n: usize,
    width: usize,
    words: Vec<u64>,
}

impl BitMatrix {
    /// An empty `n × n` matrix.
    pub fn new(n: usize) -> Self {
        let width = n.div_ceil(64);
        BitMatrix {
            n,
            width,
            words: vec![0; n * width],
        }
    }
    /// Sets (i, j); true when new.
    pub fn insert(&mut self, i: usize, j: usize) -> bool {
        let w = &mut self.words[i * self.width + j / 64];
        let old = *w;
        *w |= 1 << (j % 64);
        old != *w
    }
    /// Membership.
    pub fn contains(&self, i: usize, j: usize) -> bool {
        i < self.n && j < self.n && self.words[i * self.width + j / 64] & (1 << (j % 64)) != 0
    }
    /// Union; true when changed.
    pub fn union_with(&mut self, o: &BitMatrix) -> bool {
        let mut c = false;
        for (a, b) in self.words.iter_mut().zip(&o.words) {
            let n = *a | *b;
            c |= n != *a;
            *a = n;
        }
        c
    }
    /// `self |= o` less every pair that mentions an index of `dead`; true when changed.
    pub fn union_masked(&mut self, o: &BitMatrix, dead: &BitSet) -> bool {
        let mut c = false;
        let w = self.width;
        for i in (0..self.n).filter(|i| !dead.contains(*i)) {
            let (a, b) = (&mut self.words[i * w..(i + 1) * w], &o.words[i * w..(i + 1) * w]);
            for (k, (x, y)) in a.iter_mut().zip(b).enumerate() {
                let n = *x | (*y & !dead.words.get(k).copied().unwrap_or(0));
                c |= n != *x;
                *x = n;
            }
        }
        c
    }
    /// Removes every pair that mentions an index of `dead`.
    pub fn kill(&mut self, dead: &BitSet) {
        let w = self.width;
        for i in dead.iter().filter(|i| *i < self.n) {
            self.words[i * w..(i + 1) * w].iter_mut().for_each(|x| *x = 0);
        }
        for row in self.words.chunks_mut(w.max(1)) {
            for (x, d) in row.iter_mut().zip(&dead.words) {
                *x &= !*d;
            }
        }
    }
    /// The columns set in row `i`, in increasing order.
    pub fn row(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let w = self.width;
        ones(self.words[i * w..(i + 1) * w].iter().copied())
    }
    /// The words of row `i`.
    pub fn row_words(&self, i: usize) -> &[u64] {
        &self.words[i * self.width..(i + 1) * self.width]
    }
    /// Adds (i, j) for every i in `from`.
    pub fn add_column(&mut self, from: &BitSet, j: usize) {
        for i in from.iter() {
            if i != j {
                self.insert(i, j);
            }
        }
    }
}

/// `rows` bit sets over `0..len` in one allocation.
#[derive(Clone, Debug)]
pub struct BitRows {
    width: usize,
    words: Vec<u64>,
}

impl BitRows {
    /// `rows` empty rows of `len` bits.
    pub fn new(rows: usize, len: usize) -> Self {
        let width = len.div_ceil(64);
        BitRows {
            width,
            words: vec![0; rows * width],
        }
    }
    /// Sets bit `j` of row `i`.
    pub fn insert(&mut self, i: usize, j: usize) {
        self.words[i * self.width + j / 64] |= 1 << (j % 64);
    }
    /// The words of row `i`.
    pub fn row(&self, i: usize) -> &[u64] {
        &self.words[i * self.width..(i + 1) * self.width]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(len: usize, bits: &[usize]) -> BitSet {
        let mut s = BitSet::new(len);
        bits.iter().for_each(|b| {
            s.insert(*b);
        });
        s
    }

    #[test]
    fn intersections() {
        let a = set(130, &[0, 5, 64, 129]);
        let b = set(130, &[5, 64, 100]);
        assert_eq!(a.iter_and(&b).collect::<Vec<_>>(), vec![5, 64]);
        assert!(a.intersects(&b));
        assert!(!a.intersects(&set(130, &[1, 128])));
        let mut c = a.clone();
        c.intersect_with(&b);
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![5, 64]);
        let mut d = a.clone();
        d.intersect_with_words(&b.words()[..1]);
        assert_eq!(d.iter().collect::<Vec<_>>(), vec![5], "missing words count as zero");
    }

    #[test]
    fn masked_union_drops_pairs_of_dead_indices() {
        let mut src = BitMatrix::new(70);
        src.insert(1, 2);
        src.insert(2, 69);
        src.insert(3, 4);
        let mut dst = BitMatrix::new(70);
        assert!(dst.union_masked(&src, &set(70, &[69, 3])));
        assert!(dst.contains(1, 2));
        assert!(!dst.contains(2, 69), "dead column");
        assert!(!dst.contains(3, 4), "dead row");
        assert!(!dst.union_masked(&src, &set(70, &[69, 3])), "nothing new the second time");
    }

    #[test]
    fn rows_are_independent() {
        let mut r = BitRows::new(3, 100);
        r.insert(0, 99);
        r.insert(2, 1);
        assert_eq!(r.row(0), &[0, 1 << 35]);
        assert_eq!(r.row(1), &[0, 0]);
        assert_eq!(r.row(2), &[2, 0]);
    }
}
