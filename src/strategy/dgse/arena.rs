//! Interned sets of branch-event indices: the dependence sets of one DGSE run. Sets are sorted
//! and shared; a union is memoised per pair of set ids, so a value's set costs one `u32`.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

/// Interned sets of event indices; id 0 is the empty set. A clone shares the sets' storage.
#[derive(Default, Debug, Clone)]
pub struct DepArena {
    sets: Vec<Arc<[u32]>>,
    intern: HashMap<Arc<[u32]>, u32>,
    memo: HashMap<(u32, u32), u32>,
    /// The bytes the sets hold, kept as they are added ([`DepArena::bytes`]).
    set_bytes: usize,
}

impl DepArena {
    /// A fresh arena holding only the empty set.
    pub fn new() -> Self {
        let empty: Arc<[u32]> = Arc::from(Vec::new());
        let mut intern = HashMap::default();
        intern.insert(empty.clone(), 0);
        DepArena {
            sets: vec![empty],
            intern,
            memo: HashMap::default(),
            set_bytes: 16,
        }
    }

    fn add(&mut self, v: Vec<u32>) -> u32 {
        let a: Arc<[u32]> = Arc::from(v);
        if let Some(id) = self.intern.get(&a) {
            return *id;
        }
        let id = self.sets.len() as u32;
        self.set_bytes += 16 + 4 * a.len();
        self.sets.push(a.clone());
        self.intern.insert(a, id);
        id
    }

    /// The union of two sets.
    #[inline]
    pub fn union(&mut self, a: u32, b: u32) -> u32 {
        if a == b || b == 0 {
            return a;
        }
        if a == 0 {
            return b;
        }
        self.union_of_distinct(a, b)
    }

    /// The union of two different non-empty sets (memoised).
    #[inline(never)]
    fn union_of_distinct(&mut self, a: u32, b: u32) -> u32 {
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(r) = self.memo.get(&key) {
            return *r;
        }
        let (x, y) = (&self.sets[a as usize], &self.sets[b as usize]);
        let mut out = Vec::with_capacity(x.len() + y.len());
        let (mut i, mut j) = (0, 0);
        while i < x.len() || j < y.len() {
            let next = match (x.get(i), y.get(j)) {
                (Some(p), Some(q)) if p == q => {
                    i += 1;
                    j += 1;
                    *p
                }
                (Some(p), Some(q)) if p < q => {
                    i += 1;
                    *p
                }
                (Some(_), Some(q)) => {
                    j += 1;
                    *q
                }
                (Some(p), None) => {
                    i += 1;
                    *p
                }
                (None, Some(q)) => {
                    j += 1;
                    *q
                }
                (None, None) => break,
            };
            out.push(next);
        }
        let r = if out.len() == x.len() {
            a
        } else if out.len() == y.len() {
            b
        } else {
            self.add(out)
        };
        self.memo.insert(key, r);
        r
    }

    /// The set with one more event.
    pub fn with(&mut self, a: u32, e: u32) -> u32 {
        let s = self.add(vec![e]);
        self.union(a, s)
    }

    /// The members of a set.
    pub fn get(&self, id: u32) -> &Arc<[u32]> {
        &self.sets[id as usize]
    }

    /// The number of sets (each a shared block a clone of the arena copies a handle to).
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Takes the memoised unions out (a cache: without them a union is computed again the first
    /// time it is needed, and gives the same set); [`DepArena::put_memo`] puts them back.
    pub fn take_memo(&mut self) -> HashMap<(u32, u32), u32> {
        std::mem::take(&mut self.memo)
    }

    /// Puts back what [`DepArena::take_memo`] took.
    pub fn put_memo(&mut self, memo: HashMap<(u32, u32), u32>) {
        self.memo = memo;
    }

    /// The members of set `a` below `bound`.
    pub fn below(&mut self, a: u32, bound: u32) -> u32 {
        let s = &self.sets[a as usize];
        let k = s.partition_point(|e| *e < bound);
        match k {
            0 => 0,
            k if k == s.len() => a,
            k => {
                let v = s[..k].to_vec();
                self.add(v)
            }
        }
    }

    /// Whether the arena holds only the empty set.
    pub fn is_empty(&self) -> bool {
        self.sets.len() <= 1
    }

    /// An estimate of the memory the arena holds, bytes (what its sets hold counted once).
    pub fn bytes(&self) -> usize {
        self.set_bytes + self.intern.len() * 24 + self.memo.len() * 12
    }

    /// Every set, indexed by id (exported with a finished path).
    pub fn into_sets(self) -> Vec<Arc<[u32]>> {
        self.sets
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_are_interned_and_the_byte_count_follows_the_sets() {
        let mut a = DepArena::new();
        let x = a.with(0, 3);
        let y = a.with(0, 1);
        let xy = a.union(x, y);
        assert_eq!(&a.get(xy)[..], &[1, 3]);
        assert_eq!(a.union(y, x), xy, "the same set, the same id");
        assert_eq!(a.with(xy, 3), xy);
        let walked: usize = (0..a.len() as u32).map(|i| 16 + 4 * a.get(i).len()).sum();
        assert_eq!(a.bytes(), walked + a.intern.len() * 24 + a.memo.len() * 12);
        let c = a.clone();
        assert_eq!(c.bytes(), a.bytes());
    }
}
