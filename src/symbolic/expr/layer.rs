//! Layers: per-run expression pools over one frozen pool, merged back deterministically.
//!
//! Runs of one exploration that go on at once cannot share a `&mut ExprPool`. Each gets a
//! *layer* instead ([`ExprPool::layer`]) over the exploration's pool frozen in an `Arc`: the
//! layer reads the frozen terms and variables with their ids, hash-conses new terms against
//! them, and numbers its own terms (and variables) after the base's. A layer is an ordinary
//! `ExprPool`, so the interpreter and the solver use it unchanged.
//!
//! When the runs are done, their layers are detached from the base ([`ExprPool::into_delta`],
//! which lets the owner take the base back out of its `Arc` without a copy) and merged into the
//! owner's pool one by one in a fixed order (say, task order) with [`ExprPool::merge`]. A merge
//! re-interns the layer's terms in creation order (children before parents), so structurally
//! equal terms made by different layers get one id, and returns the [`Remap`] from the layer's
//! ids to the merged ones. The result depends only on the base, on what each layer made and on
//! the merge order, never on which thread ran first or how the runs interleaved. Variables are
//! identified by name across layers: a variable two layers declare under one name (a named
//! symbolic input asked for by two runs) is one variable after the merge, as it is when the
//! runs go one after the other.

use super::{ExprId, ExprPool, Node, Sort, VarId};
use std::sync::Arc;

/// What a layer added to its base, detached from the base (see [`ExprPool::into_delta`]).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct LayerDelta {
    base_len: usize,
    base_vars: usize,
    nodes: Vec<Node>,
    /// Variables the layer declared, in declaration order.
    new_vars: Vec<(String, Sort)>,
    /// Domains the layer set or changed (its own variables' and the base's), in variable order.
    domains: Vec<(VarId, ExprId)>,
}

impl LayerDelta {
    /// Number of terms the layer made.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the layer made no term.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// True when the layer declared variables or set domains.
    pub fn has_variables(&self) -> bool {
        !self.new_vars.is_empty() || !self.domains.is_empty()
    }
}

/// Where a merged layer's terms and variables went: ids below the layer's base are unchanged,
/// the layer's own ids map to the merged pool's.
#[derive(Clone, Debug)]
pub struct Remap {
    base_len: usize,
    base_vars: usize,
    exprs: Vec<ExprId>,
    vars: Vec<VarId>,
}

impl Remap {
    /// The merged id of a term of the layer (or of its base).
    pub fn expr(&self, e: ExprId) -> ExprId {
        match e.index().checked_sub(self.base_len) {
            Some(i) => self.exprs[i],
            None => e,
        }
    }

    /// The merged id of a variable of the layer (or of its base).
    pub fn var(&self, v: VarId) -> VarId {
        match (v as usize).checked_sub(self.base_vars) {
            Some(i) => self.vars[i],
            None => v,
        }
    }

    /// True when every term and variable of the layer kept its id.
    pub fn is_identity(&self) -> bool {
        self.exprs.iter().enumerate().all(|(i, e)| e.index() == self.base_len + i)
            && self.vars.iter().enumerate().all(|(i, v)| *v as usize == self.base_vars + i)
    }

    fn node(&self, n: &Node) -> Node {
        let e = |x: &ExprId| self.expr(*x);
        match n {
            Node::Var(v, s) => Node::Var(self.var(*v), *s),
            Node::Un(op, a) => Node::Un(*op, e(a)),
            Node::Bin(op, a, b) => Node::Bin(*op, e(a), e(b)),
            Node::Ite(c, a, b) => Node::Ite(e(c), e(a), e(b)),
            Node::ConstArray(es, d) => Node::ConstArray(*es, e(d)),
            Node::Select(a, i) => Node::Select(e(a), e(i)),
            Node::Store(a, i, v) => Node::Store(e(a), e(i), e(v)),
            Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_) => n.clone(),
        }
    }
}

impl ExprPool {
    /// An empty layer over a frozen pool: the base's terms and variables keep their ids, new
    /// ones are numbered after them. The base's variable table is copied (it is small); its
    /// terms are shared.
    pub fn layer(base: &Arc<ExprPool>) -> ExprPool {
        ExprPool {
            var_names: base.var_names.clone(),
            var_sorts: base.var_sorts.clone(),
            var_domains: base.var_domains.clone(),
            base: Some(base.clone()),
            base_len: base.len(),
            base_vars: base.var_count(),
            ..ExprPool::default()
        }
    }

    /// True when this pool is a layer over a frozen base.
    pub fn is_layer(&self) -> bool {
        self.base.is_some()
    }

    /// What this layer added, without its reference to the base. A pool that is not a layer
    /// gives everything it holds (a delta over the empty pool).
    pub fn into_delta(self) -> LayerDelta {
        let base_vars = self.base_vars;
        let domains = (0..self.var_count())
            .filter_map(|v| {
                let d = self.var_domains[v]?;
                let inherited = match &self.base {
                    Some(b) if v < base_vars => b.var_domains[v],
                    _ => None,
                };
                (inherited != Some(d)).then_some((v as VarId, d))
            })
            .collect();
        LayerDelta {
            base_len: self.base_len,
            base_vars,
            new_vars: self.var_names[base_vars..]
                .iter()
                .cloned()
                .zip(self.var_sorts[base_vars..].iter().copied())
                .collect(),
            nodes: self.nodes,
            domains,
        }
    }

    /// Merges a detached layer into this pool, which must hold the layer's base as its first
    /// terms and variables (it is the pool the base was frozen from, possibly grown since by
    /// other merges). Returns where the layer's terms and variables went.
    ///
    /// # Panics
    /// When this pool is smaller than the layer's base (it cannot be the base's owner).
    pub fn merge(&mut self, d: &LayerDelta) -> Remap {
        assert!(
            self.len() >= d.base_len && self.var_count() >= d.base_vars,
            "merging a layer into a pool that does not hold its base"
        );
        let vars = d
            .new_vars
            .iter()
            .map(|(name, sort)| match self.var_named(name) {
                Some(v) => v,
                None => {
                    self.var_names.push(name.clone());
                    self.var_sorts.push(*sort);
                    self.var_domains.push(None);
                    (self.var_names.len() - 1) as VarId
                }
            })
            .collect();
        let mut remap = Remap {
            base_len: d.base_len,
            base_vars: d.base_vars,
            exprs: Vec::with_capacity(d.nodes.len()),
            vars,
        };
        for n in &d.nodes {
            // The layer's builders already simplified the term; re-interning the same
            // structure over the merged children gives the term they would have built here.
            let id = self.intern(remap.node(n));
            remap.exprs.push(id);
        }
        for (v, dom) in &d.domains {
            self.set_var_domain(remap.var(*v), remap.expr(*dom));
        }
        remap
    }
}

/// A point in a pool's growth (see [`ExprPool::mark`]).
#[derive(Clone, Debug)]
pub struct Mark {
    nodes: usize,
    vars: usize,
    domains: Vec<Option<ExprId>>,
}

impl ExprPool {
    /// Where the pool stands now: what [`ExprPool::delta_since`] and [`ExprPool::split_off`]
    /// measure from. Only for a pool that is not a layer.
    pub fn mark(&self) -> Mark {
        Mark {
            nodes: self.len(),
            vars: self.var_count(),
            domains: self.var_domains.clone(),
        }
    }

    /// What the pool gained since `m`, as a delta over the pool at `m`: merged into a copy of
    /// that pool (a replica another thread keeps), it gives this pool, with the same ids.
    pub fn delta_since(&self, m: &Mark) -> LayerDelta {
        debug_assert!(self.base.is_none(), "delta_since on a layer");
        let domains = (0..self.var_count())
            .filter_map(|v| {
                let d = self.var_domains[v]?;
                (m.domains.get(v).copied().flatten() != Some(d)).then_some((v as VarId, d))
            })
            .collect();
        LayerDelta {
            base_len: m.nodes,
            base_vars: m.vars,
            nodes: self.nodes[m.nodes..].to_vec(),
            new_vars: self.var_names[m.vars..]
                .iter()
                .cloned()
                .zip(self.var_sorts[m.vars..].iter().copied())
                .collect(),
            domains,
        }
    }

    /// Takes back everything the pool gained since `m` (terms, variables, domains) and
    /// returns it as a delta over the pool at `m`: a run made on a worker's replica leaves the
    /// replica as it was, and its terms go to the explorer's pool by [`ExprPool::merge`].
    pub fn split_off(&mut self, m: &Mark) -> LayerDelta {
        let d = self.delta_since(m);
        for n in &d.nodes {
            self.index.remove(n);
        }
        self.nodes.truncate(m.nodes);
        self.sorts.truncate(m.nodes);
        self.var_names.truncate(m.vars);
        self.var_sorts.truncate(m.vars);
        self.var_domains.clear();
        self.var_domains.extend_from_slice(&m.domains);
        d
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BinOp, Sort};
    use super::*;

    /// The frozen base: two inputs and a few terms over them.
    fn base() -> Arc<ExprPool> {
        let mut p = ExprPool::new();
        let x = p.new_var("x", Sort::I32);
        let y = p.new_var("y", Sort::I32);
        let one = p.i32(1);
        let s = p.bin(BinOp::Add, x, one);
        p.bin(BinOp::Lt, s, y);
        Arc::new(p)
    }

    /// What one run builds in its layer: terms over the base, a term another run also builds,
    /// a named input with a domain, and terms over it.
    fn run_a(b: &Arc<ExprPool>) -> (ExprPool, Vec<ExprId>) {
        let mut l = ExprPool::layer(b);
        let x = l.node_of_var("x");
        let y = l.node_of_var("y");
        let two = l.i32(2);
        let shared = l.bin(BinOp::Mul, x, two);
        let c = l.bin(BinOp::Le, shared, y);
        let s = l.new_var("sym", Sort::I32);
        let lo = l.i32(0);
        let dom = l.bin(BinOp::Le, lo, s);
        let Node::Var(v, _) = *l.node(s) else { panic!("a variable") };
        l.set_var_domain(v, dom);
        let t = l.bin(BinOp::Add, s, shared);
        (l, vec![shared, c, s, t])
    }

    fn run_b(b: &Arc<ExprPool>) -> (ExprPool, Vec<ExprId>) {
        let mut l = ExprPool::layer(b);
        let y = l.node_of_var("y");
        let t = l.new_var("other", Sort::I64);
        let s = l.new_var("sym", Sort::I32);
        let x = l.node_of_var("x");
        let two = l.i32(2);
        let shared = l.bin(BinOp::Mul, x, two);
        let u = l.bin(BinOp::Add, s, shared);
        let w = l.bin(BinOp::Sub, y, u);
        (l, vec![shared, t, s, u, w])
    }

    impl ExprPool {
        fn node_of_var(&mut self, name: &str) -> ExprId {
            let v = self.var_named(name).expect("declared");
            let s = self.var_sort(v);
            self.intern(Node::Var(v, s))
        }
    }

    /// Every term and variable of a pool, for comparing whole pools.
    fn dump(p: &ExprPool) -> Vec<String> {
        let mut out: Vec<String> = (1..=p.len())
            .map(|i| {
                let e = ExprPool::id_at(i - 1);
                format!("{i}: {:?} {:?}", p.node(e), p.sort(e))
            })
            .collect();
        out.extend((0..p.var_count() as VarId).map(|v| {
            format!(
                "var {v} {} {:?} {:?}",
                p.var_name(v),
                p.var_sort(v),
                p.var_domain(v).map(|d| p.display(d))
            )
        }));
        out
    }

    /// Builds the two layers on two threads, the second waiting for the first to finish or the
    /// other way round, merges them in the fixed order (a, b), and returns the merged pool and
    /// the merged ids of what each run built.
    fn schedule(a_first: bool) -> (ExprPool, Vec<ExprId>, Vec<ExprId>) {
        let b = base();
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let ((la, ia), (lb, ib)) = std::thread::scope(|sc| {
            let (b1, b2) = (&b, &b);
            if a_first {
                let ha = sc.spawn(move || {
                    let r = run_a(b1);
                    tx.send(()).expect("signal");
                    r
                });
                let hb = sc.spawn(move || {
                    rx.recv().expect("wait");
                    run_b(b2)
                });
                (ha.join().expect("a"), hb.join().expect("b"))
            } else {
                let hb = sc.spawn(move || {
                    let r = run_b(b2);
                    tx.send(()).expect("signal");
                    r
                });
                let ha = sc.spawn(move || {
                    rx.recv().expect("wait");
                    run_a(b1)
                });
                (ha.join().expect("a"), hb.join().expect("b"))
            }
        });
        let (da, db) = (la.into_delta(), lb.into_delta());
        let mut pool = Arc::try_unwrap(b).unwrap_or_else(|_| panic!("the layers let go of the base"));
        let ra = pool.merge(&da);
        let rb = pool.merge(&db);
        let ia = ia.into_iter().map(|e| ra.expr(e)).collect();
        let ib = ib.into_iter().map(|e| rb.expr(e)).collect();
        (pool, ia, ib)
    }

    #[test]
    fn a_layer_reads_and_hash_conses_against_its_base() {
        let b = base();
        let mut l = ExprPool::layer(&b);
        assert!(l.is_layer());
        assert_eq!(l.len(), b.len());
        let x = l.node_of_var("x");
        let one = l.i32(1);
        let s = l.bin(BinOp::Add, x, one);
        assert_eq!(l.len(), b.len(), "x + 1 is the base's term");
        assert_eq!(l.display(s), "(x + 1)");
        let z = l.new_var("z", Sort::I32);
        let n = l.bin(BinOp::Add, s, z);
        assert_eq!(n.index(), b.len() + 1, "new terms follow the base's");
        assert_eq!(l.display(n), "((x + 1) + z)");
        assert_eq!(b.var_count(), 2, "the base is untouched");
    }

    #[test]
    fn merging_layers_is_independent_of_thread_order() {
        let (p1, a1, b1) = schedule(true);
        let (p2, a2, b2) = schedule(false);
        assert_eq!(dump(&p1), dump(&p2));
        assert_eq!((&a1, &b1), (&a2, &b2));
        // Structurally equal terms of the two layers got one id; so did the variable both
        // declared under one name.
        assert_eq!(a1[0], b1[0], "x * 2");
        assert_eq!(a1[2], b1[2], "sym");
        assert_eq!(a1[3], b1[3], "sym + x * 2");
        assert_eq!(p1.display(b1[4]), "(y - (sym + (x * 2)))");
        assert_eq!(p1.display(a1[1]), "((x * 2) <= y)");
        let sym = p1.var_named("sym").expect("sym");
        assert_eq!(p1.var_domain(sym).map(|d| p1.display(d)).as_deref(), Some("(0 <= sym)"));
        // Variables are numbered in merge order: the base's, then a's, then b's new ones.
        assert_eq!(p1.var_named("other"), Some(3));
        assert_eq!(sym, 2);
        // The merged pool is hash-consed: interning any of its terms again finds it.
        let mut p = p1.clone();
        let len = p.len();
        for i in 0..len {
            let n = p.node(ExprPool::id_at(i)).clone();
            assert_eq!(p.intern(n), ExprPool::id_at(i));
        }
        assert_eq!(p.len(), len);
    }

    #[test]
    fn a_layer_over_a_layer_merges_through_both() {
        let b = base();
        let mut l1 = ExprPool::layer(&b);
        let x = l1.node_of_var("x");
        let k = l1.i32(7);
        let t1 = l1.bin(BinOp::Xor, x, k);
        let l1 = Arc::new(l1);
        let mut l2 = ExprPool::layer(&l1);
        let t2 = l2.un(super::super::UnOp::Neg, t1);
        assert_eq!(l2.display(t2), "Neg((x ^ 7))");
        let d2 = l2.into_delta();
        let d1 = Arc::try_unwrap(l1).unwrap_or_else(|_| panic!("unshared")).into_delta();
        let mut pool = Arc::try_unwrap(b).unwrap_or_else(|_| panic!("unshared"));
        let r1 = pool.merge(&d1);
        let r2 = pool.merge(&d2);
        assert_eq!(pool.display(r2.expr(t2)), "Neg((x ^ 7))");
        assert_eq!(r1.expr(t1), r2.expr(t1));
    }

    /// A worker's replica: brought up to date by the explorer's published deltas (same ids),
    /// a run on it split off again, and the run's delta merged into the explorer's pool gives
    /// the terms the run would have made there.
    #[test]
    fn a_replica_follows_the_pool_and_a_split_off_run_merges_back() {
        let mut main = ExprPool::new();
        let x = main.new_var("x", Sort::I32);
        let one = main.i32(1);
        let _sum = main.bin(BinOp::Add, x, one);
        let mut replica = ExprPool::new();
        let published = main.mark();
        let first = main.delta_since(&ExprPool::new().mark());
        assert!(replica.merge(&first).is_identity());
        assert_eq!(replica.len(), main.len());

        // The explorer grows its pool and publishes the growth, a new variable with a domain
        // among it.
        let y = main.new_var("y", Sort::I32);
        let zero = main.i32(0);
        let dom = main.bin(BinOp::Le, zero, y);
        let Node::Var(yv, _) = *main.node(y) else { panic!("a variable") };
        main.set_var_domain(yv, dom);
        let grown = main.delta_since(&published);
        assert!(grown.has_variables());
        assert!(replica.merge(&grown).is_identity());
        assert_eq!((replica.len(), replica.var_count()), (main.len(), main.var_count()));
        assert_eq!(replica.var_domain(yv), main.var_domain(yv));

        // A run on the replica makes terms (one the explorer will also make meanwhile) and a
        // named variable; splitting it off leaves the replica as it was.
        let before = replica.mark();
        let (len, vars) = (replica.len(), replica.var_count());
        let two = replica.i32(2);
        let xr = ExprPool::node_of_var(&mut replica, "x");
        let made = replica.bin(BinOp::Mul, xr, two);
        let z = replica.new_var("z", Sort::I64);
        let run = replica.split_off(&before);
        assert_eq!((replica.len(), replica.var_count()), (len, vars));
        assert_eq!(
            replica.intern(Node::I32(2)).index(),
            len,
            "the split-off term is gone from the index"
        );

        // Meanwhile the explorer made `x * 2` itself; merging the run finds it and adds the rest.
        let two_m = main.i32(2);
        let mine = main.bin(BinOp::Mul, x, two_m);
        let r = main.merge(&run);
        assert_eq!(r.expr(made), mine);
        assert_eq!(main.display(r.expr(z)), "z");
        assert_eq!(main.var_named("z"), Some(r.var(2)));
    }
}
