//! What PSE keeps across runs: the location vocabulary of its postconditions (a private
//! expression pool whose variables name program locations, `notes-pse-rsd.md` C.1), the
//! call-site contexts of its program points, the postconditions Π per point (Algorithm 4's
//! simplification and the size bound applied on insertion), the solver of its subsumption
//! checks and its counters. The pruner and the tracker of the run in progress share it through
//! a slot (see [`Slot`]): a run takes it at its start and puts it back when it finishes.

use crate::program::ClassId;
use crate::solver::{Solver, SolverConfig};
use crate::symbolic::{BinOp, ExprId, ExprPool, Node, Sort, VarId};
use crate::vm::Value;
use crate::vm::value::Prim;
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};

/// A location named so that it means the same thing in every run that reaches a program point
/// with the same call-site context: frame slots by depth, statics by class and slot, and the
/// length of the array a reference-valued location holds; heap fields and elements by the
/// location that holds their object's reference at the point (an access path of any length: a
/// field of a field of a local).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PLoc {
    /// A local variable slot of the frame at this depth.
    Local {
        /// Frame depth.
        frame: u32,
        /// Slot.
        slot: u16,
    },
    /// An operand-stack entry of the frame at this depth.
    Stack {
        /// Frame depth.
        frame: u32,
        /// Entry index from the bottom.
        index: u32,
    },
    /// A static field.
    Static {
        /// Declaring class.
        class: ClassId,
        /// Static slot.
        slot: u32,
    },
    /// The length of the array held by the reference-valued location whose variable this is.
    Length {
        /// The variable of the location that holds the array reference.
        base: VarId,
    },
    /// A field (by slot) of the object held by the reference-valued location `base`.
    Field {
        /// The variable of the location that holds the object reference.
        base: VarId,
        /// Field slot.
        slot: u32,
    },
    /// Whether the object held by the location `base` has runtime class `class` (a boolean:
    /// virtual dispatch, `instanceof` and `checkcast` depend on it).
    Class {
        /// The variable of the location that holds the object reference.
        base: VarId,
        /// The class.
        class: ClassId,
    },
    /// Not a location: an input variable of the run's pool imported into the location pool
    /// (only in the instantiated formulas of `interp`'s checks, never in an annotation).
    Input {
        /// The variable in the run's pool.
        var: u32,
    },
    /// An element (at a constant index) of the array held by the location `base`.
    Elem {
        /// The variable of the location that holds the array reference.
        base: VarId,
        /// Index.
        index: i32,
    },
}

/// A heap location of one run relative to its object: a field slot or an element index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HKey {
    /// An instance field.
    Field(u32),
    /// An array element.
    Elem(i32),
}

impl HKey {
    /// The location of this key in the object held by the location whose variable is `base`.
    pub fn at(self, base: VarId) -> PLoc {
        match self {
            HKey::Field(slot) => PLoc::Field { base, slot },
            HKey::Elem(index) => PLoc::Elem { base, index },
        }
    }
}

/// A program point: call-site context, method, instruction. Postconditions are keyed by it.
pub type PointKey = (u32, u32, u32);

/// One disjunct of a postcondition: the conditions of one explored suffix, in path order from
/// the point (its own branch direction first), over location variables; `init` is the
/// fingerprint of the set of initialised classes at the point (a hidden state the suffix may
/// depend on), so a disjunct applies only to states with the same set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disjunct {
    /// The conjuncts.
    pub conj: Vec<ExprId>,
    /// Initialised-classes fingerprint.
    pub init: u64,
}

/// Π at one point: a disjunction (empty = false); `top` lists the fingerprints under which it is
/// `true` (every direction of every state is subsumed).
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// The disjuncts.
    pub disjuncts: Vec<Disjunct>,
    /// Fingerprints under which Π is true.
    pub top: Vec<u64>,
}

/// Failed checks after which a point that never cut is cold.
pub const COLD_AFTER: u32 = 64;

/// PSE's tunables (`notes-pse-rsd.md` A.4).
#[derive(Clone, Copy, Debug)]
pub struct PseConfig {
    /// Disjuncts per point before new ones are dropped (the paper's bound, 200).
    pub max_disjuncts: usize,
    /// Conjuncts per disjunct before the suffix is not summarised (C.4 item 14).
    pub max_conjuncts: usize,
    /// Algorithm 4's simplification on insertion.
    pub simplify: bool,
    /// Check and summarise only the first instance of a point in a run (§4.1); otherwise every
    /// instance is a point of its own.
    pub first_instance_only: bool,
    /// Every instance of a point is checked under the point's own key (`interp`'s program
    /// points: annotations hold for the location, whatever the instance).
    pub every_instance: bool,
    /// The summaries describe the state *before* the branch at a point (`interp`'s
    /// interpolants): one query `pcon ∧ ¬Π`, and a subsumed state is cut before its branch
    /// makes an event.
    pub pre_branch: bool,
    /// Check and count, but never cut (`interp:shadow`).
    pub shadow: bool,
    /// The strategy name cut reasons carry (`pse@File.java:LINE`).
    pub name: &'static str,
}

impl Default for PseConfig {
    fn default() -> Self {
        PseConfig {
            max_disjuncts: 200,
            max_conjuncts: 64,
            simplify: true,
            first_instance_only: true,
            every_instance: false,
            pre_branch: false,
            shadow: false,
            name: "pse",
        }
    }
}

/// PSE's counters.
#[derive(Clone, Debug, Default)]
pub struct PseStats {
    /// Subsumption checks at points with a non-empty Π.
    pub checks: u64,
    /// Checks decided without the solver (Π instantiated to a constant).
    pub trivial: u64,
    /// Solver queries of the checks.
    pub queries: u64,
    /// Paths cut.
    pub cuts: u64,
    /// Cuts where both directions were subsumed (the sibling task dropped).
    pub cuts_both: u64,
    /// Disjuncts added to Π.
    pub updates: u64,
    /// Disjuncts merged by Algorithm 4.
    pub merged: u64,
    /// Disjuncts dropped by the size bound.
    pub bounded: u64,
    /// Suffix summaries abandoned because they read what a location cannot name.
    pub opaque: u64,
    /// Time in weakest preconditions, microseconds.
    pub wp_us: u64,
    /// Time in subsumption checks, microseconds.
    pub check_us: u64,
    /// Checks skipped at cold points.
    pub cold_skips: u64,
    /// Checks decided by evaluating Π on the run's own state (no disjunct held there).
    pub concrete_misses: u64,
    /// Checks that held but did not cut (shadow mode).
    pub shadow_hits: u64,
}

/// The state shared by the pruner and its trackers.
pub struct Shared {
    /// The pool of postcondition terms (variables are locations).
    pub lp: ExprPool,
    locs: FxHashMap<(PLoc, Sort), ExprId>,
    /// The location of each variable of `lp`.
    pub loc_of: Vec<PLoc>,
    ctxs: FxHashMap<(u32, u32, u32), u32>,
    /// Π per point.
    pub pi: FxHashMap<PointKey, Summary>,
    /// Checks and cuts per point: a point whose first [`COLD_AFTER`] checks all failed is
    /// *cold*, neither checked nor summarised any more (skipping either is sound; it saves the
    /// work where suffixes do not repeat, the paper's §5.5 caveat).
    pub tries: FxHashMap<PointKey, (u32, u32)>,
    /// The solver of subsumption checks (its queries are not the exploration's).
    pub solver: Solver,
    /// Tunables.
    pub cfg: PseConfig,
    /// Counters.
    pub stats: PseStats,
    /// Terms of the run's pool imported into `lp` (`interp`'s checks), and the variable each
    /// input variable became.
    imported: FxHashMap<ExprId, ExprId>,
    /// The variables of each term of `lp` asked about (memoised: the walk asks for the same
    /// annotations again and again).
    var_memo: std::collections::HashMap<ExprId, Arc<[VarId]>>,
    /// Each term's signature, by term index (`touch`; 0 until computed).
    pub(super) sigs: Vec<u64>,
}

/// Where the shared state waits between runs.
pub type Slot = Arc<Mutex<Option<Box<Shared>>>>;

/// Takes the shared state out of its slot.
pub fn take(slot: &Slot) -> Option<Box<Shared>> {
    slot.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// Puts the shared state back.
pub fn put(slot: &Slot, s: Box<Shared>) {
    *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(s);
}

/// Whether `JSYMEX_PSE_DEBUG` is set: the tracker and the walk then say on stderr why a
/// suffix is not summarised (read once).
pub fn debug() -> bool {
    static D: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *D.get_or_init(|| std::env::var_os("JSYMEX_PSE_DEBUG").is_some())
}

/// The sort a value has as a term (references are ints: their ids, null 0); `None` for the
/// filler slot.
pub fn sort_of(v: &Value) -> Option<Sort> {
    Some(match v.v {
        Prim::Int(_) | Prim::Ref(_) => Sort::I32,
        Prim::Long(_) => Sort::I64,
        Prim::Float(_) => Sort::F32,
        Prim::Double(_) => Sort::F64,
        Prim::Top => return None,
    })
}

/// A value as a term of `pool`: its symbolic shadow, else its concrete part (a reference as
/// its id).
pub fn value_term(pool: &mut ExprPool, v: &Value) -> Option<ExprId> {
    if let Some(s) = v.s {
        return Some(s);
    }
    Some(match v.v {
        Prim::Int(i) => pool.i32(i),
        Prim::Ref(r) => pool.i32(r as i32),
        Prim::Long(i) => pool.i64(i),
        Prim::Float(x) => pool.f32(x),
        Prim::Double(x) => pool.f64(x),
        Prim::Top => return None,
    })
}

/// A concrete value as a constant term (`None` for a symbolic value or the filler slot): what
/// the tracker may put in its own pool, whose terms never mention input variables.
pub fn const_term(pool: &mut ExprPool, v: &Value) -> Option<ExprId> {
    if v.s.is_some() {
        return None;
    }
    value_term(pool, v)
}

/// The term of an object allocated after the point a postcondition is over: a negative
/// constant, equal only to itself and never to a reference of a run (ids are positive).
pub fn fresh_term(pool: &mut ExprPool, obj: u32) -> ExprId {
    pool.i32(-(obj.min(i32::MAX as u32) as i32))
}

/// The object a fresh-object term stands for.
pub fn fresh_obj(pool: &ExprPool, e: ExprId) -> Option<u32> {
    match pool.node(e) {
        Node::I32(i) if *i < 0 => Some(i.unsigned_abs()),
        _ => None,
    }
}

impl Shared {
    /// Fresh state.
    pub fn new(cfg: PseConfig, solver: SolverConfig) -> Self {
        Shared {
            lp: ExprPool::new(),
            locs: FxHashMap::default(),
            loc_of: Vec::new(),
            ctxs: FxHashMap::default(),
            pi: FxHashMap::default(),
            tries: FxHashMap::default(),
            solver: Solver::new(solver),
            cfg,
            stats: PseStats::default(),
            imported: FxHashMap::default(),
            var_memo: Default::default(),
            sigs: Vec::new(),
        }
    }

    /// The variable of a location of the given sort.
    pub fn var(&mut self, l: PLoc, sort: Sort) -> ExprId {
        if let Some(e) = self.locs.get(&(l, sort)) {
            return *e;
        }
        let e = self.lp.new_var(&format!("loc{}", self.loc_of.len()), sort);
        self.loc_of.push(l);
        self.locs.insert((l, sort), e);
        e
    }

    /// A term of the run's pool as a term of `lp` (input variables become variables of their
    /// own, `in<k>`, never locations); memoised, since the run's pool only grows.
    pub fn import(&mut self, run: &ExprPool, e: ExprId) -> ExprId {
        if let Some(x) = self.imported.get(&e) {
            return *x;
        }
        for x in run.post_order(e, |x| self.imported.contains_key(&x)) {
            let m = |c: ExprId| self.imported[&c];
            let n = match run.node(x).clone() {
                Node::Var(v, sort) => {
                    let t = self.lp.new_var(&format!("in{v}"), sort);
                    self.loc_of.push(PLoc::Input { var: v });
                    self.imported.insert(x, t);
                    // The input's domain (its `--min-int`/`--max-int` range) comes along.
                    if let (Some(d), Node::Var(nv, _)) = (run.var_domain(v), self.lp.node(t).clone()) {
                        let d = self.import(run, d);
                        self.lp.set_var_domain(nv, d);
                    }
                    continue;
                }
                n @ (Node::Bool(_) | Node::I32(_) | Node::I64(_) | Node::F32(_) | Node::F64(_)) => n,
                Node::Un(op, a) => Node::Un(op, m(a)),
                Node::Bin(op, a, b) => Node::Bin(op, m(a), m(b)),
                Node::Ite(a, b, c) => Node::Ite(m(a), m(b), m(c)),
                Node::ConstArray(s, a) => Node::ConstArray(s, m(a)),
                Node::Select(a, b) => Node::Select(m(a), m(b)),
                Node::Store(a, b, c) => Node::Store(m(a), m(b), m(c)),
            };
            let t = self.lp.intern(n);
            self.imported.insert(x, t);
        }
        self.imported[&e]
    }

    /// The location variables a term of `lp` mentions.
    pub fn vars(&mut self, e: ExprId) -> Arc<[VarId]> {
        self.lp.vars_of(e, &mut self.var_memo)
    }

    /// The location a variable term names.
    pub fn loc(&self, e: ExprId) -> Option<(PLoc, Sort)> {
        match self.lp.node(e) {
            Node::Var(v, s) => self.loc_of.get(*v as usize).map(|l| (*l, *s)),
            _ => None,
        }
    }

    /// The context of a frame entered from call site (method, pc) of a frame in `parent`.
    pub fn ctx(&mut self, parent: u32, method: u32, pc: u32) -> u32 {
        let n = self.ctxs.len() as u32 + 1;
        *self.ctxs.entry((parent, method, pc)).or_insert(n)
    }

    /// Whether a point has stopped being worth checking (see [`Shared::tries`]).
    pub fn cold(&self, key: &PointKey) -> bool {
        self.tries
            .get(key)
            .is_some_and(|(checks, cuts)| *cuts == 0 && *checks >= COLD_AFTER)
    }

    /// Counts a check at a point and whether it cut.
    pub fn tried(&mut self, key: PointKey, cut: bool) {
        let t = self.tries.entry(key).or_default();
        t.0 += 1;
        t.1 += cut as u32;
    }

    /// Adds a disjunct to Π at `key` (Algorithm 4: two disjuncts equal but for complementary
    /// last conjuncts merge into their common prefix, repeatedly; then the size bound).
    pub fn insert(&mut self, key: PointKey, mut d: Disjunct) {
        let simplify = self.cfg.simplify;
        let max = self.cfg.max_disjuncts;
        let s = self.pi.entry(key).or_default();
        if s.top.contains(&d.init) {
            return;
        }
        if simplify {
            while let Some(i) = s.disjuncts.iter().position(|e| combinable(&mut self.lp, e, &d)) {
                s.disjuncts.swap_remove(i);
                d.conj.pop();
                self.stats.merged += 1;
                if d.conj.is_empty() {
                    break;
                }
            }
        }
        if d.conj.is_empty() {
            s.disjuncts.retain(|e| e.init != d.init);
            s.top.push(d.init);
            self.stats.updates += 1;
            return;
        }
        // A disjunct whose conjuncts start with all of another's is implied by it.
        if s.disjuncts.iter().any(|e| e.init == d.init && d.conj.starts_with(&e.conj)) {
            return;
        }
        if s.disjuncts.len() >= max {
            self.stats.bounded += 1;
            return;
        }
        s.disjuncts.push(d);
        self.stats.updates += 1;
    }
}

/// Algorithm 4's test: same length, same conjuncts but the last, and the last two are
/// syntactic complements.
fn combinable(lp: &mut ExprPool, e: &Disjunct, d: &Disjunct) -> bool {
    let n = d.conj.len();
    if e.init != d.init || e.conj.len() != n || n == 0 || e.conj[..n - 1] != d.conj[..n - 1] {
        return false;
    }
    let (a, b) = (e.conj[n - 1], d.conj[n - 1]);
    lp.not(a) == b || lp.not(b) == a || complementary(lp, a, b)
}

/// `a` and `b` are the two sides of one integer comparison (`x < y` and `y <= x`, …; not for
/// floating point, where NaN makes both false).
fn complementary(lp: &ExprPool, a: ExprId, b: ExprId) -> bool {
    let int = |e: &ExprId| matches!(lp.sort(*e), Sort::I32 | Sort::I64);
    match (lp.node(a), lp.node(b)) {
        (Node::Bin(_, x, _), _) if !int(x) => false,
        (Node::Bin(BinOp::Lt, x, y), Node::Bin(BinOp::Le, u, v)) | (Node::Bin(BinOp::Le, u, v), Node::Bin(BinOp::Lt, x, y)) => {
            x == v && y == u
        }
        (Node::Bin(BinOp::Eq, x, y), Node::Bin(BinOp::Ne, u, v)) | (Node::Bin(BinOp::Ne, u, v), Node::Bin(BinOp::Eq, x, y)) => {
            x == u && y == v
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::Cond;
    use crate::strategy::pse::tracker::cond_expr;

    /// Table 2 / Table 3 of seed 000 (notes A.5.3, C.5 test 2): the disjuncts of Π at line 1
    /// after each of Figure 3's six paths, in path order from line 1, with Algorithm 4:
    /// 1, 1, 2, 1, 2, 1, the last one `true`.
    #[test]
    fn algorithm_4_merges_figure_3s_summaries_as_table_3() {
        let mut sh = Shared::new(PseConfig::default(), crate::solver::SolverConfig::default());
        let var = |sh: &mut Shared, slot| sh.var(PLoc::Local { frame: 0, slot }, Sort::I32);
        let (x, y, a, c, e) = (var(&mut sh, 0), var(&mut sh, 1), var(&mut sh, 2), var(&mut sh, 4), var(&mut sh, 6));
        let lp = &mut sh.lp;
        let (zero, one) = (lp.i32(0), lp.i32(1));
        let (a1, c1, e1) = (lp.bin(BinOp::Add, a, one), lp.bin(BinOp::Add, c, one), lp.bin(BinOp::Sub, e, one));
        // x > 0 at line 1, y > 0 at line 9, c+1 > 0 at line 11, e-1 > 0 at line 17, a+1 > 0 at line 3.
        let gt = |lp: &mut ExprPool, v, holds| cond_expr(lp, Cond::Gt, v, zero, holds);
        let paths: Vec<Vec<ExprId>> = vec![
            vec![gt(lp, x, false), gt(lp, y, false), gt(lp, e1, true)],
            vec![gt(lp, x, false), gt(lp, y, false), gt(lp, e1, false)],
            vec![gt(lp, x, false), gt(lp, y, true), gt(lp, c1, false)],
            vec![gt(lp, x, false), gt(lp, y, true), gt(lp, c1, true)],
            vec![gt(lp, x, true), gt(lp, a1, false)],
            vec![gt(lp, x, true), gt(lp, a1, true)],
        ];
        let key = (0, 0, 0);
        let mut counts = Vec::new();
        for conj in paths {
            sh.insert(key, Disjunct { conj, init: 0 });
            let s = &sh.pi[&key];
            counts.push(s.disjuncts.len() + s.top.len());
        }
        assert_eq!(counts, vec![1, 1, 2, 1, 2, 1]);
        assert_eq!(sh.pi[&key].top, vec![0], "Sum'_1 is true after path 6");
        // Without the simplification every path is its own disjunct (Table 2's Sum_1).
        let mut plain = Shared::new(
            PseConfig {
                simplify: false,
                ..PseConfig::default()
            },
            crate::solver::SolverConfig::default(),
        );
        let v = plain.var(PLoc::Local { frame: 0, slot: 0 }, Sort::I32);
        let z = plain.lp.i32(0);
        for holds in [true, false] {
            let c = cond_expr(&mut plain.lp, Cond::Gt, v, z, holds);
            plain.insert(key, Disjunct { conj: vec![c], init: 0 });
        }
        assert_eq!(plain.pi[&key].disjuncts.len(), 2);
    }

    /// Merging never loosens: disjuncts under different initialised-class sets, of different
    /// lengths, or whose last conjuncts are not complements stay apart; floating-point
    /// comparisons are not complements (NaN).
    #[test]
    fn only_exact_complements_merge() {
        let mut sh = Shared::new(PseConfig::default(), crate::solver::SolverConfig::default());
        let x = sh.var(PLoc::Local { frame: 0, slot: 0 }, Sort::I32);
        let f = sh.var(PLoc::Local { frame: 0, slot: 1 }, Sort::F32);
        let (zero, one, fz) = (sh.lp.i32(0), sh.lp.i32(1), sh.lp.f32(0.0));
        let lt0 = sh.lp.bin(BinOp::Lt, x, zero);
        let le1 = sh.lp.bin(BinOp::Le, x, one);
        let ge0 = sh.lp.bin(BinOp::Le, zero, x);
        sh.insert((0, 0, 1), Disjunct { conj: vec![lt0], init: 0 });
        sh.insert((0, 0, 1), Disjunct { conj: vec![ge0], init: 7 });
        sh.insert((0, 0, 1), Disjunct { conj: vec![le1], init: 0 });
        assert_eq!(sh.pi[&(0, 0, 1)].disjuncts.len(), 3);
        assert!(sh.pi[&(0, 0, 1)].top.is_empty());
        sh.insert((0, 0, 1), Disjunct { conj: vec![ge0], init: 0 });
        assert_eq!(sh.pi[&(0, 0, 1)].top, vec![0], "x < 0 and 0 <= x merge into true");
        let flt = sh.lp.bin(BinOp::Lt, f, fz);
        let fge = sh.lp.bin(BinOp::Le, fz, f);
        sh.insert((0, 0, 2), Disjunct { conj: vec![flt], init: 0 });
        sh.insert((0, 0, 2), Disjunct { conj: vec![fge], init: 0 });
        assert_eq!(sh.pi[&(0, 0, 2)].disjuncts.len(), 2, "f < 0 and 0 <= f are both false on NaN");
    }
}
