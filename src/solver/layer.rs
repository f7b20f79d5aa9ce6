//! The seam every solver layer implements ([`SolverLayer`]), the query that travels down the
//! chain ([`Query`]), the replies that come back up ([`Reply`]), and the chain itself
//! ([`Chain`]), which counts queries, answers and time for every layer in the same way.
//!
//! A layer receives a query and the rest of the chain ([`Next`]). It either answers by itself
//! (a cache hit, a model found by evaluation) or passes the query on, and may look at the answer
//! on its way back (a cache stores it). The Z3 layer is last and never passes a query on.

use super::{SolverError, SolverStats};
use crate::symbolic::eval::Evaluator;
use crate::symbolic::{Assignment, ExprId, ExprPool, Node, Scalar, VarId};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One layer of the solver chain.
///
/// Layers are `Send`: a chain belongs to one worker at a time and may move between threads.
pub trait SolverLayer: Send {
    /// The stable name reported in `--json` (`solver.layers[].name`).
    fn name(&self) -> &'static str;

    /// Answers `q`, by itself or by asking `next` (the layers below).
    fn check(&mut self, q: &mut Query<'_>, next: Next<'_>) -> Result<Reply, SolverError>;

    /// True for a layer that chooses which of the caller's constraints the query keeps
    /// ([`Query::close`]). Such a layer sees the query open; the chain closes the query, keeping
    /// every constraint, before any other layer sees it.
    fn shapes_query(&self) -> bool {
        false
    }

    /// Adds this layer's own counters to the chain's summary counters.
    fn report(&self, _stats: &mut SolverStats) {}
}

/// Where a constraint of a query came from. The order matters: when the same term stands for
/// several origins, the query keeps the smallest (the negated condition first, then the earliest
/// prefix position, domains last).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Origin {
    /// The negated condition: the task's new branch direction.
    Neg,
    /// The constraint at this position of the caller's prefix (for a path prefix, the index of
    /// the branch event in the parent path).
    Prefix(usize),
    /// The domain of an input variable (background: never named in a reported core).
    Domain,
}

/// A satisfying assignment for a query, as values of (at least) the query's variables.
#[derive(Clone, Debug)]
pub struct Model {
    /// Values of variables; every other variable keeps the caller's base input.
    pub values: Arc<[(VarId, Scalar)]>,
    /// Found by a decision procedure (Z3) for this query, rather than by evaluating values that
    /// were already known (a cache, the parent input moved by one, special floating values).
    /// Model caches remember fresh models only.
    pub fresh: bool,
}

/// What a layer answers.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Satisfiable.
    Sat(Model),
    /// Unsatisfiable, with a core when one is known: a subset of the query's assertions
    /// ([`Query::assertions`]) that is unsatisfiable by itself.
    Unsat(Option<Arc<[ExprId]>>),
    /// Undecided, with the reason (a timeout, the run's deadline, Z3's incompleteness).
    Unknown(String),
}

/// The run's time limits as they apply to one query.
#[derive(Clone, Copy, Debug, Default)]
pub struct QueryLimits {
    /// When the run's time is up: layers then stop trying (the answer is unknown).
    pub deadline: Option<Instant>,
    /// When a Z3 check still running is interrupted and abandoned (the deadline plus a grace).
    pub hard_deadline: Option<Instant>,
    /// The Z3 timeout for this query in milliseconds (0 = none).
    pub timeout_ms: u32,
}

/// One query: "is `prefix ∧ neg` satisfiable, and by which values near `base`?".
///
/// A query starts *open* (the caller's prefix and negated condition). The shaping layer
/// (independence) closes it with the constraints it keeps; closing adds the domains of every
/// variable involved and sorts and deduplicates the constraints, which makes
/// [`Query::assertions`] the exact-cache key.
pub struct Query<'a> {
    pool: &'a ExprPool,
    base: &'a Assignment,
    prefix: &'a [ExprId],
    neg: ExprId,
    want_core: bool,
    limits: QueryLimits,
    capped: bool,
    closed: bool,
    assertions: Vec<ExprId>,
    origins: Vec<Origin>,
    vars: Vec<VarId>,
}

impl<'a> Query<'a> {
    /// An open query for `prefix ∧ neg`, where `base` is the parent's input (values of the
    /// variables the answer does not mention are kept). No core, no limits.
    pub fn new(pool: &'a ExprPool, prefix: &'a [ExprId], neg: ExprId, base: &'a Assignment) -> Self {
        Query {
            pool,
            base,
            prefix,
            neg,
            want_core: false,
            limits: QueryLimits::default(),
            capped: false,
            closed: false,
            assertions: Vec::new(),
            origins: Vec::new(),
            vars: Vec::new(),
        }
    }

    /// Asks for an unsat core with an UNSAT answer.
    pub fn with_core(mut self, want: bool) -> Self {
        self.want_core = want;
        self
    }

    /// Sets the time limits.
    pub fn with_limits(mut self, limits: QueryLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The expression pool the terms live in.
    pub fn pool(&self) -> &'a ExprPool {
        self.pool
    }

    /// The parent's input.
    pub fn base(&self) -> &'a Assignment {
        self.base
    }

    /// The caller's prefix constraints (all of them, before shaping).
    pub fn prefix(&self) -> &'a [ExprId] {
        self.prefix
    }

    /// The negated condition.
    pub fn neg(&self) -> ExprId {
        self.neg
    }

    /// True when the caller wants an unsat core with an UNSAT answer.
    pub fn want_core(&self) -> bool {
        self.want_core
    }

    /// The time limits.
    pub fn limits(&self) -> &QueryLimits {
        &self.limits
    }

    /// True when the query was closed ([`Query::close`]).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The constraints to satisfy, sorted by id and deduplicated, domains included (valid once
    /// closed).
    pub fn assertions(&self) -> &[ExprId] {
        debug_assert!(self.closed, "query used before it was closed");
        &self.assertions
    }

    /// The origin of each assertion, in the order of [`Query::assertions`].
    pub fn origins(&self) -> &[Origin] {
        &self.origins
    }

    /// The variables of the closed query, sorted.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// Closes the query with the prefix positions `keep` (the negated condition is always kept)
    /// and `vars`, the variables of those constraints: adds the domain of every variable, sorts
    /// and deduplicates.
    pub fn close(&mut self, keep: &[usize], mut vars: Vec<VarId>) {
        vars.sort_unstable();
        vars.dedup();
        let mut items: Vec<(ExprId, Origin)> = Vec::with_capacity(keep.len() + 1 + vars.len());
        items.push((self.neg, Origin::Neg));
        items.extend(keep.iter().map(|&i| (self.prefix[i], Origin::Prefix(i))));
        items.extend(vars.iter().filter_map(|&v| self.pool.var_domain(v)).map(|d| (d, Origin::Domain)));
        items.sort_unstable();
        items.dedup_by_key(|(e, _)| *e);
        self.assertions = items.iter().map(|(e, _)| *e).collect();
        self.origins = items.iter().map(|(_, o)| *o).collect();
        self.vars = vars;
        self.closed = true;
    }

    /// Closes the query keeping every prefix constraint.
    pub fn close_all(&mut self) {
        let mut memo = std::collections::HashMap::new();
        let mut vars: Vec<VarId> = self.pool.vars_of(self.neg, &mut memo).to_vec();
        for &c in self.prefix {
            vars.extend(self.pool.vars_of(c, &mut memo).iter().copied());
        }
        let keep: Vec<usize> = (0..self.prefix.len()).collect();
        self.close(&keep, vars);
    }

    /// True when the run's deadline has passed; the query is then marked as cut short by it.
    pub fn past_deadline(&mut self) -> bool {
        let past = self.limits.deadline.is_some_and(|d| Instant::now() >= d);
        if past {
            self.capped = true;
        }
        past
    }

    /// Marks the query as one whose Z3 timeout was cut to the run's remaining time.
    pub fn mark_capped(&mut self) {
        self.capped = true;
    }

    /// True when the query ran out of the run's time rather than its own solver timeout.
    pub fn capped(&self) -> bool {
        self.capped
    }

    /// The first assertion that is the literal `false`, if any.
    pub fn literal_false(&self) -> Option<ExprId> {
        self.assertions()
            .iter()
            .copied()
            .find(|&q| matches!(self.pool.node(q), Node::Bool(false)))
    }

    /// The base input with `model`'s values put in (variables declared after the base was made
    /// start at their sort's zero).
    pub fn candidate(&self, model: &[(VarId, Scalar)]) -> Assignment {
        let mut out = self.base.clone();
        crate::symbolic::eval::pad_input(self.pool, &mut out);
        for &(v, val) in model {
            if let Some(slot) = out.get_mut(v as usize) {
                *slot = val;
            }
        }
        out
    }

    /// True when `input` satisfies every assertion under exact (JVM) evaluation.
    pub fn holds(&self, input: &Assignment) -> bool {
        let mut ev = Evaluator::new(self.pool, input);
        self.assertions().iter().all(|&q| ev.holds(q))
    }

    /// The reported form of a core given as assertions: the prefix positions (sorted) and
    /// whether the negated condition is part of it. Domains are left out.
    pub fn core_positions(&self, core: &[ExprId]) -> super::Core {
        let mut out = super::Core::default();
        for e in core {
            let Ok(i) = self.assertions.binary_search(e) else { continue };
            match self.origins[i] {
                Origin::Neg => out.neg = true,
                Origin::Prefix(p) => out.prefix.push(p),
                Origin::Domain => {}
            }
        }
        out.prefix.sort_unstable();
        out
    }
}

/// A layer's place in the chain: the layer and its counters.
struct Slot {
    layer: Box<dyn SolverLayer>,
    queries: u64,
    hits: u64,
    unknown: u64,
    /// Time inside the layer, the layers below included.
    time: Duration,
}

/// The layers below the current one.
pub struct Next<'c> {
    rest: &'c mut [Slot],
}

impl Next<'_> {
    /// Passes the query to the next layer (unknown when there is none).
    pub fn check(self, q: &mut Query<'_>) -> Result<Reply, SolverError> {
        run(self.rest, q)
    }

    /// True when there is a layer below.
    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }
}

fn run(slots: &mut [Slot], q: &mut Query<'_>) -> Result<Reply, SolverError> {
    let Some((slot, rest)) = slots.split_first_mut() else {
        return Ok(Reply::Unknown("no solver layer could decide the query".into()));
    };
    if !q.closed && !slot.layer.shapes_query() {
        q.close_all();
    }
    let below = rest.first().map_or(0, |s| s.queries);
    let start = Instant::now();
    slot.queries += 1;
    let reply = slot.layer.check(q, Next { rest: &mut *rest });
    slot.time += start.elapsed();
    if rest.first().map_or(0, |s| s.queries) == below {
        match &reply {
            Ok(Reply::Sat(_) | Reply::Unsat(_)) => slot.hits += 1,
            Ok(Reply::Unknown(_)) => slot.unknown += 1,
            Err(_) => {}
        }
    }
    reply
}

/// Counters of one layer, as reported in `--json` (`solver.layers`).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct LayerStats {
    /// The layer's name.
    pub name: &'static str,
    /// Queries that reached the layer.
    pub queries: u64,
    /// Queries the layer answered SAT or UNSAT by itself.
    pub hits: u64,
    /// Queries the layer answered unknown by itself (the run's deadline, a Z3 timeout).
    pub unknown: u64,
    /// Time spent in the layer itself, the layers below excluded.
    #[serde(rename = "time_ms", serialize_with = "super::ser_ms")]
    pub time: Duration,
}

/// An ordered list of layers, outermost first.
pub struct Chain {
    slots: Vec<Slot>,
}

impl Chain {
    /// A chain of `layers`, outermost first.
    pub fn new(layers: Vec<Box<dyn SolverLayer>>) -> Self {
        let slots = layers
            .into_iter()
            .map(|layer| Slot {
                layer,
                queries: 0,
                hits: 0,
                unknown: 0,
                time: Duration::ZERO,
            })
            .collect();
        Chain { slots }
    }

    /// Answers a query through every layer.
    pub fn check(&mut self, q: &mut Query<'_>) -> Result<Reply, SolverError> {
        run(&mut self.slots, q)
    }

    /// The layers' names, outermost first.
    pub fn names(&self) -> Vec<&'static str> {
        self.slots.iter().map(|s| s.layer.name()).collect()
    }

    /// The counters of every layer, outermost first.
    pub fn layer_stats(&self) -> Vec<LayerStats> {
        self.slots
            .iter()
            .enumerate()
            .map(|(i, s)| LayerStats {
                name: s.layer.name(),
                queries: s.queries,
                hits: s.hits,
                unknown: s.unknown,
                time: s.time.saturating_sub(self.slots.get(i + 1).map_or(Duration::ZERO, |n| n.time)),
            })
            .collect()
    }

    /// Adds every layer's own counters to `stats`.
    pub fn report(&self, stats: &mut SolverStats) {
        for s in &self.slots {
            s.layer.report(stats);
        }
    }
}
