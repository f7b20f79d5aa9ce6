//! `dtree`: the decision tree of Bugrara and Engler, "Redundant State Detection for Dynamic
//! Symbolic Execution" (USENIX ATC 2013) §3.7. One tree per program point indexes stored *sets*
//! of `location = value` equalities, and finds every stored set that is a subset of a query
//! state's equalities.
//!
//! - **Semantics**: a state *matches* a stored set when every `(l, v)` in the set holds in the
//!   state, i.e. the state defines `l` and its value there is `v`. Locations the set does not
//!   mention are unconstrained, so the empty set matches every state, and a state that leaves a
//!   location undefined matches only sets that do not mention it.
//! - **Structure**: an inner node splits on a location `l`; it has one child per value `v` (the
//!   sets below it whose value at `l` is `v`) and an `undef` child (the sets below it that do not
//!   mention `l`). Leaves hold a small list of set ids; the sets themselves are stored once, in
//!   a map from id to pairs sorted by location.
//! - **Split heuristic**: a leaf holding more than the leaf size (default
//!   [`DEFAULT_LEAF_SIZE`]) sets splits on the location with the most distinct values among its
//!   sets, ties going to the smallest location by `Ord`. A location is only eligible if splitting
//!   on it separates something: it has at least two distinct values, or some set does not mention
//!   it. A leaf with no eligible location (all its sets are equal) stays a leaf, whatever its size.
//! - **Incremental maintenance**: every inner node counts, per location, how many of the sets
//!   below it have each value. When an insertion makes a node violate the heuristic (some location
//!   of the new set now has *more* distinct values below the node than the node's own split
//!   location), the topmost such node's subtree, and only it, is rebuilt from its sets. A removal
//!   never rebuilds (so alternating insertions and removals cannot ping-pong rebuilds); it only
//!   collapses the topmost node on its path that now holds no more than the leaf size sets back
//!   into a leaf, and drops a child that became empty. Along any root-to-leaf path each location
//!   is split on at most once, so the depth is at most the number of distinct locations.
//! - **Search**: at a node splitting on `l`, a query whose state has `l = v` visits child `v` (if
//!   any) *and* the `undef` child; a state that does not define `l` visits only the `undef` child.
//!   At a leaf every set is checked in full. The search is **complete**: a set that holds in the
//!   state has, at every node on its path, either the state's value at the node's location (so
//!   its child is visited) or no value there (so it lies below the visited `undef` child); and
//!   each leaf set is checked in full, so the answer is exactly the stored sets that hold. Its
//!   cost is one location read per visited inner node plus the reads that check leaf candidates.
//!
//! Nodes live in an arena and every traversal uses an explicit stack, so deep trees cannot
//! overflow the call stack. Nothing panics on any input: removing an unknown id is a no-op,
//! inserting under an existing id replaces its set, duplicate pairs are merged, and a set that
//! gives one location two different values is kept (it counts in [`DecisionTree::len`]) but can
//! never match.

use rustc_hash::FxHashMap;
use std::fmt::{self, Debug};
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Default leaf size: a leaf holding more sets than this splits (when something separates them).
pub const DEFAULT_LEAF_SIZE: usize = 4;

/// Per location, how many sets give it each value.
type Counts<L, V> = FxHashMap<L, FxHashMap<V, u32>>;

/// A stored set: its pairs sorted by location (and deduplicated).
#[derive(Clone)]
struct Stored<L, V> {
    pairs: Vec<(L, V)>,
    /// Whether two pairs give one location different values (the set never matches and is kept
    /// out of the tree).
    conflicting: bool,
}

/// An inner node.
#[derive(Clone)]
struct Split<L, V> {
    /// The location this node splits on.
    loc: L,
    /// Child per value at `loc` (never an empty subtree).
    children: FxHashMap<V, usize>,
    /// Child holding the sets that do not mention `loc` (never an empty subtree).
    undef: Option<usize>,
    /// How many sets lie below this node.
    size: usize,
    /// Per location, how many sets below this node give it each value.
    counts: Counts<L, V>,
}

#[derive(Clone)]
enum Node<L, V> {
    /// A leaf: ids of sets. It holds at most the leaf size sets, or sets that are all equal.
    Leaf(Vec<u32>),
    Split(Box<Split<L, V>>),
    /// An unused arena slot (on the free list).
    Free,
}

/// The arena of nodes.
#[derive(Clone)]
struct Nodes<L, V> {
    slots: Vec<Node<L, V>>,
    free: Vec<usize>,
    root: usize,
    leaf_size: usize,
}

/// What an insertion does at an inner node.
enum Step {
    Descend(usize),
    Rebuild,
    NewLeaf,
}

/// The value a sorted set gives `l`, if it mentions it.
fn value_at<L: Ord, V: Copy>(pairs: &[(L, V)], l: &L) -> Option<V> {
    pairs.binary_search_by(|(k, _)| k.cmp(l)).ok().map(|i| pairs[i].1)
}

fn count_in<L: Copy + Eq + Hash, V: Copy + Eq + Hash>(counts: &mut Counts<L, V>, pairs: &[(L, V)]) {
    for &(l, v) in pairs {
        *counts.entry(l).or_default().entry(v).or_insert(0) += 1;
    }
}

fn count_out<L: Eq + Hash, V: Eq + Hash>(counts: &mut Counts<L, V>, pairs: &[(L, V)]) {
    for (l, v) in pairs {
        if let Some(values) = counts.get_mut(l) {
            if let Some(n) = values.get_mut(v) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    values.remove(v);
                }
            }
            if values.is_empty() {
                counts.remove(l);
            }
        }
    }
}

impl<L, V> Nodes<L, V>
where
    L: Copy + Eq + Hash + Ord + Debug,
    V: Copy + Eq + Hash + Debug,
{
    fn new(leaf_size: usize) -> Self {
        Self {
            slots: vec![Node::Leaf(Vec::new())],
            free: Vec::new(),
            root: 0,
            leaf_size,
        }
    }

    fn alloc(&mut self, node: Node<L, V>) -> usize {
        match self.free.pop() {
            Some(k) => {
                self.slots[k] = node;
                k
            }
            None => {
                self.slots.push(node);
                self.slots.len() - 1
            }
        }
    }

    /// Empties the subtree at `n`: returns its ids, frees its descendants and leaves `n` itself
    /// `Free` (not on the free list) for the caller to fill.
    fn take_subtree(&mut self, n: usize) -> Vec<u32> {
        let mut ids = Vec::new();
        let mut stack = vec![n];
        while let Some(k) = stack.pop() {
            let node = std::mem::replace(&mut self.slots[k], Node::Free);
            if k != n {
                self.free.push(k);
            }
            match node {
                Node::Leaf(v) => ids.extend(v),
                Node::Split(s) => {
                    stack.extend(s.children.values().copied());
                    stack.extend(s.undef);
                }
                Node::Free => {}
            }
        }
        ids
    }

    /// Builds the subtree at slot `at` from `ids` (the slot's previous content is overwritten).
    fn build(&mut self, at: usize, ids: Vec<u32>, sets: &FxHashMap<u32, Stored<L, V>>) {
        let mut work = vec![(at, ids)];
        while let Some((slot, ids)) = work.pop() {
            let node = self.make(ids, sets, &mut work);
            self.slots[slot] = node;
        }
    }

    /// One node over `ids`; its children's slots are allocated and queued on `work`.
    fn make(&mut self, ids: Vec<u32>, sets: &FxHashMap<u32, Stored<L, V>>, work: &mut Vec<(usize, Vec<u32>)>) -> Node<L, V> {
        if ids.len() <= self.leaf_size {
            return Node::Leaf(ids);
        }
        let mut counts: Counts<L, V> = FxHashMap::default();
        for id in &ids {
            if let Some(s) = sets.get(id) {
                count_in(&mut counts, &s.pairs);
            }
        }
        let size = ids.len();
        let best = counts
            .iter()
            .filter(|(_, values)| values.len() >= 2 || values.values().map(|&n| n as usize).sum::<usize>() < size)
            .max_by(|a, b| a.1.len().cmp(&b.1.len()).then_with(|| b.0.cmp(a.0)))
            .map(|(l, _)| *l);
        let Some(loc) = best else {
            return Node::Leaf(ids);
        };
        let mut by_value: FxHashMap<V, Vec<u32>> = FxHashMap::default();
        let mut undef_ids = Vec::new();
        for id in ids {
            match sets.get(&id).and_then(|s| value_at(&s.pairs, &loc)) {
                Some(v) => by_value.entry(v).or_default().push(id),
                None => undef_ids.push(id),
            }
        }
        let mut children = FxHashMap::default();
        for (v, child_ids) in by_value {
            let slot = self.alloc(Node::Free);
            children.insert(v, slot);
            work.push((slot, child_ids));
        }
        let undef = if undef_ids.is_empty() {
            None
        } else {
            let slot = self.alloc(Node::Free);
            work.push((slot, undef_ids));
            Some(slot)
        };
        Node::Split(Box::new(Split {
            loc,
            children,
            undef,
            size,
            counts,
        }))
    }

    /// Adds the (already stored, non-conflicting) set `id` to the tree.
    fn place(&mut self, id: u32, sets: &FxHashMap<u32, Stored<L, V>>) {
        let Some(stored) = sets.get(&id) else {
            return;
        };
        let pairs = &stored.pairs;
        let leaf_size = self.leaf_size;
        let mut cur = self.root;
        loop {
            let step = match &mut self.slots[cur] {
                Node::Split(s) => {
                    s.size += 1;
                    count_in(&mut s.counts, pairs);
                    let own = s.counts.get(&s.loc).map_or(0, |m| m.len());
                    let violated = pairs
                        .iter()
                        .any(|(l, _)| *l != s.loc && s.counts.get(l).map_or(0, |m| m.len()) > own);
                    if violated {
                        Step::Rebuild
                    } else {
                        match value_at(pairs, &s.loc).map_or(s.undef, |v| s.children.get(&v).copied()) {
                            Some(next) => Step::Descend(next),
                            None => Step::NewLeaf,
                        }
                    }
                }
                Node::Leaf(ids) => {
                    ids.push(id);
                    if ids.len() > leaf_size {
                        // A leaf that was already over the leaf size holds only equal sets: the
                        // new set separates something exactly when it differs from them.
                        let was_over = ids.len() - 1 > leaf_size;
                        let separable = !was_over || ids.first().and_then(|f| sets.get(f)).is_none_or(|f| f.pairs != *pairs);
                        if separable {
                            let ids = std::mem::take(ids);
                            self.build(cur, ids, sets);
                        }
                    }
                    return;
                }
                Node::Free => return,
            };
            match step {
                Step::Descend(next) => cur = next,
                Step::Rebuild => {
                    let mut ids = self.take_subtree(cur);
                    ids.push(id);
                    self.build(cur, ids, sets);
                    return;
                }
                Step::NewLeaf => {
                    let leaf = self.alloc(Node::Leaf(vec![id]));
                    if let Node::Split(s) = &mut self.slots[cur] {
                        match value_at(pairs, &s.loc) {
                            Some(v) => {
                                s.children.insert(v, leaf);
                            }
                            None => s.undef = Some(leaf),
                        }
                    }
                    return;
                }
            }
        }
    }

    /// Takes the set `id` with sorted `pairs` out of the tree.
    fn unplace(&mut self, id: u32, pairs: &[(L, V)]) {
        let mut path = Vec::new();
        let mut cur = self.root;
        loop {
            match &mut self.slots[cur] {
                Node::Split(s) => {
                    path.push(cur);
                    match value_at(pairs, &s.loc).map_or(s.undef, |v| s.children.get(&v).copied()) {
                        Some(next) => cur = next,
                        None => return,
                    }
                }
                Node::Leaf(ids) => {
                    let Some(pos) = ids.iter().position(|&x| x == id) else {
                        return;
                    };
                    ids.swap_remove(pos);
                    break;
                }
                Node::Free => return,
            }
        }
        for &n in &path {
            if let Node::Split(s) = &mut self.slots[n] {
                s.size = s.size.saturating_sub(1);
                count_out(&mut s.counts, pairs);
            }
        }
        // The topmost node on the path that is now small enough becomes a leaf.
        let leaf_size = self.leaf_size;
        let top = path
            .iter()
            .position(|&n| matches!(&self.slots[n], Node::Split(s) if s.size <= leaf_size));
        let (node, depth) = match top {
            Some(i) => {
                let n = path[i];
                let ids = self.take_subtree(n);
                self.slots[n] = Node::Leaf(ids);
                (n, i)
            }
            None => (cur, path.len()),
        };
        // An emptied node other than the root leaves its parent.
        if depth > 0 && matches!(&self.slots[node], Node::Leaf(ids) if ids.is_empty()) {
            if let Node::Split(s) = &mut self.slots[path[depth - 1]] {
                if s.undef == Some(node) {
                    s.undef = None;
                } else {
                    s.children.retain(|_, c| *c != node);
                }
            }
            self.slots[node] = Node::Free;
            self.free.push(node);
        }
    }
}

/// An index over stored sets of `(location, value)` equalities that finds every stored set
/// holding in a query state (see the module documentation for the structure and heuristic).
pub struct DecisionTree<L, V> {
    sets: FxHashMap<u32, Stored<L, V>>,
    nodes: Nodes<L, V>,
    last_lookups: AtomicUsize,
}

impl<L, V> DecisionTree<L, V>
where
    L: Copy + Eq + Hash + Ord + Debug,
    V: Copy + Eq + Hash + Debug,
{
    /// An empty tree with the default leaf size ([`DEFAULT_LEAF_SIZE`]).
    pub fn new() -> Self {
        Self::with_leaf_size(DEFAULT_LEAF_SIZE)
    }

    /// An empty tree whose leaves split once they hold more than `leaf_size` sets (and something
    /// separates them). `0` splits every non-empty leaf that can be split.
    pub fn with_leaf_size(leaf_size: usize) -> Self {
        Self {
            sets: FxHashMap::default(),
            nodes: Nodes::new(leaf_size),
            last_lookups: AtomicUsize::new(0),
        }
    }

    /// The leaf size this tree was built with.
    pub fn leaf_size(&self) -> usize {
        self.nodes.leaf_size
    }

    /// Stores a set under an id (the set's pairs have distinct locations), replacing any set
    /// already stored under that id. Repeated identical pairs are merged; a set giving one
    /// location two different values is stored but never matches.
    pub fn insert(&mut self, id: u32, mut set: Vec<(L, V)>) {
        self.remove(id);
        set.sort_by_key(|&(l, _)| l);
        set.dedup();
        let conflicting = set.windows(2).any(|w| w[0].0 == w[1].0);
        self.sets.insert(id, Stored { pairs: set, conflicting });
        if !conflicting {
            self.nodes.place(id, &self.sets);
        }
    }

    /// Removes a stored set (no-op if absent); returns whether it was there.
    pub fn remove(&mut self, id: u32) -> bool {
        let Some(stored) = self.sets.remove(&id) else {
            return false;
        };
        if !stored.conflicting {
            self.nodes.unplace(id, &stored.pairs);
        }
        true
    }

    /// Every stored id whose set holds in the state, sorted ascending: `value(l)` is the state's
    /// value at `l`, or `None` when the state does not define `l` (then only sets not mentioning
    /// `l` can match). Complete: returns exactly the ids whose every pair `(l, v)` has
    /// `value(l) == Some(v)`. `value` may be called more than once for a location.
    pub fn query(&self, mut value: impl FnMut(&L) -> Option<V>) -> Vec<u32> {
        let mut out = Vec::new();
        let mut lookups = 0usize;
        let mut stack = vec![self.nodes.root];
        while let Some(n) = stack.pop() {
            match self.nodes.slots.get(n) {
                Some(Node::Split(s)) => {
                    lookups += 1;
                    if let Some(&child) = value(&s.loc).and_then(|v| s.children.get(&v)) {
                        stack.push(child);
                    }
                    stack.extend(s.undef);
                }
                Some(Node::Leaf(ids)) => {
                    let mut holds = |id: &u32| {
                        self.sets.get(id).is_some_and(|s| {
                            s.pairs.iter().all(|(l, v)| {
                                lookups += 1;
                                value(l) == Some(*v)
                            })
                        })
                    };
                    if ids.len() > self.nodes.leaf_size {
                        // An over-full leaf holds only equal sets: check one for all.
                        if ids.first().is_some_and(&mut holds) {
                            out.extend_from_slice(ids);
                        }
                    } else {
                        out.extend(ids.iter().copied().filter(|id| holds(id)));
                    }
                }
                Some(Node::Free) | None => {}
            }
        }
        out.sort_unstable();
        self.last_lookups.store(lookups, Ordering::Relaxed);
        out
    }

    /// How many location reads (calls of `value`) the last [`query`](Self::query) made — for
    /// counters.
    pub fn last_lookups(&self) -> usize {
        self.last_lookups.load(Ordering::Relaxed)
    }

    /// How many sets are stored.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether no set is stored.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// Whether a set is stored under `id`.
    pub fn contains(&self, id: u32) -> bool {
        self.sets.contains_key(&id)
    }

    /// The set stored under `id`, its pairs sorted by location.
    pub fn get(&self, id: u32) -> Option<&[(L, V)]> {
        self.sets.get(&id).map(|s| s.pairs.as_slice())
    }

    /// The location the root splits on (`None` for a leaf root) — for tests of the builder.
    pub fn root_split(&self) -> Option<L> {
        match self.nodes.slots.get(self.nodes.root) {
            Some(Node::Split(s)) => Some(s.loc),
            _ => None,
        }
    }

    /// The most inner nodes on a root-to-leaf path (`0` for a leaf root).
    pub fn depth(&self) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(self.nodes.root, 0usize)];
        while let Some((n, d)) = stack.pop() {
            if let Some(Node::Split(s)) = self.nodes.slots.get(n) {
                deepest = deepest.max(d + 1);
                stack.extend(s.children.values().map(|&c| (c, d + 1)));
                stack.extend(s.undef.map(|c| (c, d + 1)));
            }
        }
        deepest
    }

    /// Checks every structural invariant, panicking on a violation (tests only).
    #[cfg(test)]
    fn check_invariants(&self) {
        let leaf_size = self.nodes.leaf_size;
        let mut seen: FxHashMap<u32, usize> = FxHashMap::default();
        // Per node, the constraints on its path: location and Some(value), or None for undef.
        type Path<L, V> = Vec<(L, Option<V>)>;
        let mut stack: Vec<(usize, Path<L, V>)> = vec![(self.nodes.root, Vec::new())];
        while let Some((n, path)) = stack.pop() {
            match &self.nodes.slots[n] {
                Node::Leaf(ids) => {
                    assert!(n == self.nodes.root || !ids.is_empty(), "empty non-root leaf");
                    for id in ids {
                        *seen.entry(*id).or_default() += 1;
                        let s = &self.sets[id];
                        assert!(!s.conflicting);
                        for (l, v) in &path {
                            assert_eq!(value_at(&s.pairs, l), *v, "set {id} on the wrong path");
                        }
                    }
                    if ids.len() > leaf_size {
                        let first = &self.sets[&ids[0]].pairs;
                        assert!(ids.iter().all(|id| self.sets[id].pairs == *first), "over-full leaf of unequal sets");
                    }
                }
                Node::Split(s) => {
                    assert!(!path.iter().any(|(l, _)| *l == s.loc), "location split twice on a path");
                    let mut ids = Vec::new();
                    let mut sub = vec![n];
                    while let Some(k) = sub.pop() {
                        match &self.nodes.slots[k] {
                            Node::Leaf(v) => ids.extend(v.iter().copied()),
                            Node::Split(t) => {
                                sub.extend(t.children.values().copied());
                                sub.extend(t.undef);
                            }
                            Node::Free => panic!("free slot reachable"),
                        }
                    }
                    assert_eq!(s.size, ids.len(), "size");
                    assert!(s.size > leaf_size, "inner node small enough to be a leaf");
                    let mut counts = FxHashMap::default();
                    for id in &ids {
                        count_in(&mut counts, &self.sets[id].pairs);
                    }
                    assert_eq!(s.counts, counts, "counts");
                    for (&v, &c) in &s.children {
                        let mut p = path.clone();
                        p.push((s.loc, Some(v)));
                        stack.push((c, p));
                    }
                    if let Some(u) = s.undef {
                        let mut p = path.clone();
                        p.push((s.loc, None));
                        stack.push((u, p));
                    }
                }
                Node::Free => panic!("free slot reachable"),
            }
        }
        for (id, s) in &self.sets {
            let expect = usize::from(!s.conflicting);
            assert_eq!(seen.get(id).copied().unwrap_or(0), expect, "id {id} placed {expect} times");
        }
        assert_eq!(seen.len(), self.sets.values().filter(|s| !s.conflicting).count());
        for &f in &self.nodes.free {
            assert!(matches!(self.nodes.slots[f], Node::Free), "free-list slot in use");
        }
    }
}

impl<L, V> Default for DecisionTree<L, V>
where
    L: Copy + Eq + Hash + Ord + Debug,
    V: Copy + Eq + Hash + Debug,
{
    fn default() -> Self {
        Self::new()
    }
}

impl<L: Clone, V: Clone> Clone for DecisionTree<L, V> {
    fn clone(&self) -> Self {
        Self {
            sets: self.sets.clone(),
            nodes: self.nodes.clone(),
            last_lookups: AtomicUsize::new(self.last_lookups.load(Ordering::Relaxed)),
        }
    }
}

impl<L: Debug, V: Debug> Debug for DecisionTree<L, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let root_split = match self.nodes.slots.get(self.nodes.root) {
            Some(Node::Split(s)) => Some(&s.loc),
            _ => None,
        };
        f.debug_struct("DecisionTree")
            .field("len", &self.sets.len())
            .field("leaf_size", &self.nodes.leaf_size)
            .field("nodes", &(self.nodes.slots.len() - self.nodes.free.len()))
            .field("root_split", &root_split)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's example sets (§3.7), ids 1..=7.
    fn paper_sets() -> Vec<(u32, Vec<(&'static str, i32)>)> {
        vec![
            (1, vec![("x", 2), ("y", 4), ("u", 10)]),
            (2, vec![("x", 2), ("y", 5), ("u", 10)]),
            (3, vec![("x", 1), ("u", 10)]),
            (4, vec![("x", 3), ("u", 11)]),
            (5, vec![("x", 2), ("u", 11)]),
            (6, vec![("x", 2), ("u", 10), ("w", 6)]),
            (7, vec![("x", 2), ("u", 10), ("w", 7)]),
        ]
    }

    fn state<'a>(pairs: &'a [(&'static str, i32)]) -> impl Fn(&&'static str) -> Option<i32> + 'a {
        move |l| pairs.iter().find(|(k, _)| k == l).map(|&(_, v)| v)
    }

    #[test]
    fn paper_example_queries() {
        for leaf_size in [DEFAULT_LEAF_SIZE, 0, 1, 2, 3, 8] {
            let mut t = DecisionTree::with_leaf_size(leaf_size);
            for (id, set) in paper_sets() {
                t.insert(id, set);
                t.check_invariants();
            }
            assert_eq!(t.len(), 7);
            assert_eq!(
                t.query(state(&[("x", 2), ("y", 4), ("z", 8), ("u", 11)])),
                vec![5],
                "leaf size {leaf_size}"
            );
            assert_eq!(
                t.query(state(&[("x", 2), ("y", 4), ("z", 8), ("u", 10)])),
                vec![1],
                "leaf size {leaf_size}"
            );
            assert_eq!(t.query(state(&[("x", 9), ("u", 10)])), Vec::<u32>::new(), "leaf size {leaf_size}");
            assert_eq!(t.query(state(&[("x", 2), ("u", 10), ("w", 6)])), vec![6], "leaf size {leaf_size}");
            assert_eq!(
                t.query(state(&[("x", 2), ("u", 10), ("w", 6), ("y", 5)])),
                vec![2, 6],
                "leaf size {leaf_size}"
            );
        }
    }

    #[test]
    fn paper_figure4_construction() {
        let mut t = DecisionTree::with_leaf_size(1);
        let sets = paper_sets();
        assert_eq!(t.root_split(), None);
        t.insert(sets[0].0, sets[0].1.clone());
        assert_eq!(t.root_split(), None, "one set: a leaf");
        t.insert(sets[1].0, sets[1].1.clone());
        // y has 2 distinct values, x and u 1 each.
        assert_eq!(t.root_split(), Some("y"));
        t.insert(sets[2].0, sets[2].1.clone());
        // x = {2, 1} ties y = {4, 5}: no violation.
        assert_eq!(t.root_split(), Some("y"));
        t.insert(sets[3].0, sets[3].1.clone());
        // x = {2, 1, 3} beats y's 2: the root is rebuilt on x.
        assert_eq!(t.root_split(), Some("x"));
        t.insert(sets[4].0, sets[4].1.clone());
        assert_eq!(t.root_split(), Some("x"));
        t.check_invariants();
        for (id, set) in &sets[5..] {
            t.insert(*id, set.clone());
        }
        assert_eq!(t.root_split(), Some("x"));
        t.check_invariants();
    }

    #[test]
    fn empty_sets_and_empty_tree() {
        let mut t: DecisionTree<char, i32> = DecisionTree::new();
        assert!(t.is_empty());
        assert_eq!(t.query(|_| None), Vec::<u32>::new());
        assert_eq!(t.query(|_| Some(1)), Vec::<u32>::new());
        t.insert(3, vec![]);
        t.insert(1, vec![('a', 1)]);
        assert_eq!(t.query(|_| None), vec![3], "the empty set matches every state");
        assert_eq!(t.query(|_| Some(1)), vec![1, 3]);
        // Many empty sets (nothing separates them) stay in one leaf and all match.
        for id in 10..30 {
            t.insert(id, vec![]);
            t.check_invariants();
        }
        let all: Vec<u32> = std::iter::once(3).chain(10..30).collect();
        assert_eq!(t.query(|_| None), all);
        t.check_invariants();
    }

    #[test]
    fn remove_and_replace() {
        let mut t: DecisionTree<char, i32> = DecisionTree::with_leaf_size(1);
        assert!(!t.remove(42), "unknown id");
        t.insert(1, vec![('a', 1), ('b', 2)]);
        t.insert(2, vec![('a', 2)]);
        t.insert(3, vec![('b', 2)]);
        t.check_invariants();
        assert_eq!(t.query(|l| Some(if *l == 'a' { 1 } else { 2 })), vec![1, 3]);
        assert!(t.remove(1));
        assert!(!t.remove(1), "already removed");
        t.check_invariants();
        assert_eq!(t.query(|l| Some(if *l == 'a' { 1 } else { 2 })), vec![3]);
        // Replacing a set under an existing id.
        t.insert(3, vec![('b', 7)]);
        assert_eq!(t.len(), 2);
        assert_eq!(t.get(3), Some(&[('b', 7)][..]));
        assert_eq!(t.query(|_| Some(2)), vec![2]);
        assert_eq!(t.query(|_| Some(7)), vec![3]);
        t.check_invariants();
        assert!(t.remove(2) && t.remove(3));
        assert!(t.is_empty());
        assert_eq!(t.root_split(), None);
        t.check_invariants();
    }

    #[test]
    fn duplicate_and_conflicting_pairs() {
        let mut t: DecisionTree<char, i32> = DecisionTree::with_leaf_size(0);
        t.insert(1, vec![('a', 1), ('a', 1), ('b', 2)]);
        t.insert(2, vec![('a', 1), ('a', 2)]);
        assert_eq!(t.len(), 2);
        assert_eq!(t.get(1), Some(&[('a', 1), ('b', 2)][..]));
        assert_eq!(t.query(|l| Some(if *l == 'a' { 1 } else { 2 })), vec![1]);
        assert_eq!(t.query(|_| Some(2)), Vec::<u32>::new(), "a conflicting set never matches");
        t.check_invariants();
        assert!(t.remove(2));
        assert!(!t.contains(2));
        t.check_invariants();
    }

    #[test]
    fn equal_sets_stay_in_one_leaf() {
        let mut t: DecisionTree<char, i32> = DecisionTree::with_leaf_size(2);
        for id in 0..50 {
            t.insert(id, vec![('a', 1), ('b', 2)]);
        }
        t.check_invariants();
        assert_eq!(t.root_split(), None);
        assert_eq!(t.query(|l| Some(if *l == 'a' { 1 } else { 2 })), (0..50).collect::<Vec<_>>());
        assert!(t.last_lookups() <= 2, "one check for all equal sets");
        t.insert(50, vec![('a', 1)]);
        assert_eq!(t.root_split(), Some('b'), "a different set separates them");
        t.check_invariants();
        assert_eq!(t.query(|l| Some(if *l == 'a' { 1 } else { 3 })), vec![50]);
        assert!(t.remove(50));
        t.check_invariants();
    }

    #[test]
    fn query_reads_few_locations() {
        let mut t: DecisionTree<char, i32> = DecisionTree::new();
        for id in 0..1000 {
            t.insert(id, vec![('x', id as i32), ('y', (id % 7) as i32)]);
        }
        t.check_invariants();
        assert_eq!(t.root_split(), Some('x'));
        assert_eq!(t.query(|l| Some(if *l == 'x' { 500 } else { 500 % 7 })), vec![500]);
        assert!(t.last_lookups() <= 4, "lookups {}", t.last_lookups());
        assert_eq!(t.query(|l| if *l == 'x' { None } else { Some(1) }), Vec::<u32>::new());
    }

    #[test]
    fn deep_chain_does_not_overflow() {
        // Nested sets {l0}, {l0, l1}, ...: every location has one value, so the tree is a chain.
        let n = 120u32;
        let mut t: DecisionTree<u32, u8> = DecisionTree::with_leaf_size(1);
        for i in 0..n {
            t.insert(i, (0..=i).map(|l| (l, 1)).collect());
        }
        assert!(t.depth() >= (n as usize) - 2, "depth {}", t.depth());
        t.check_invariants();
        assert_eq!(t.query(|l| (*l < 10).then_some(1)), (0..10).collect::<Vec<_>>());
        for i in (0..n).step_by(2) {
            assert!(t.remove(i));
        }
        t.check_invariants();
        assert_eq!(t.query(|_| Some(1)), (1..n).step_by(2).collect::<Vec<_>>());
        let clone = t.clone();
        assert_eq!(clone.query(|l| (*l < 10).then_some(1)), vec![1, 3, 5, 7, 9]);
    }

    /// SplitMix64.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    const LOCS: [char; 5] = ['a', 'b', 'c', 'd', 'e'];

    /// Each location present with probability 1/2, with a value in 0..3.
    fn random_set(rng: &mut Rng) -> Vec<(char, i32)> {
        let mut set = Vec::new();
        for l in LOCS {
            if rng.below(2) == 0 {
                set.push((l, rng.below(3) as i32));
            }
        }
        set
    }

    fn brute(sets: &FxHashMap<u32, Vec<(char, i32)>>, st: &[Option<i32>; 5]) -> Vec<u32> {
        let val = |l: &char| LOCS.iter().position(|k| k == l).and_then(|i| st[i]);
        let mut ids: Vec<u32> = sets
            .iter()
            .filter(|(_, s)| s.iter().all(|(l, v)| val(l) == Some(*v)))
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable();
        ids
    }

    fn check_states(t: &DecisionTree<char, i32>, sets: &FxHashMap<u32, Vec<(char, i32)>>, states: &[[Option<i32>; 5]]) {
        for st in states {
            let got = t.query(|l| LOCS.iter().position(|k| k == l).and_then(|i| st[i]));
            assert_eq!(got, brute(sets, st), "state {st:?}, leaf size {}", t.leaf_size());
        }
    }

    #[test]
    fn random_sets_match_brute_force() {
        for leaf_size in [1, 2, 4, 8, 0] {
            let mut rng = Rng(0x5EED ^ leaf_size as u64);
            let mut t = DecisionTree::with_leaf_size(leaf_size);
            let mut sets: FxHashMap<u32, Vec<(char, i32)>> = FxHashMap::default();
            for id in 0..300u32 {
                let set = random_set(&mut rng);
                t.insert(id, set.clone());
                sets.insert(id, set);
            }
            t.check_invariants();
            assert_eq!(t.len(), 300);
            let states: Vec<[Option<i32>; 5]> = (0..500)
                .map(|_| std::array::from_fn(|_| (rng.below(4) != 0).then(|| rng.below(3) as i32)))
                .collect();
            check_states(&t, &sets, &states);

            // Remove a random third.
            let mut ids: Vec<u32> = (0..300).collect();
            for i in (1..ids.len()).rev() {
                ids.swap(i, rng.below(i as u64 + 1) as usize);
            }
            for &id in &ids[..100] {
                assert!(t.remove(id));
                sets.remove(&id);
            }
            assert!(!t.remove(ids[0]));
            t.check_invariants();
            assert_eq!(t.len(), 200);
            check_states(&t, &sets, &states);

            // Mix insertions (some replacing) and removals.
            for step in 0..400u32 {
                let id = rng.below(400) as u32;
                if step % 3 == 0 {
                    assert_eq!(t.remove(id), sets.remove(&id).is_some());
                } else {
                    let set = random_set(&mut rng);
                    t.insert(id, set.clone());
                    sets.insert(id, set);
                }
            }
            t.check_invariants();
            assert_eq!(t.len(), sets.len());
            check_states(&t, &sets, &states);
        }
    }
}
