//! The static dependence analyser (DGSE Sections 4.2 and 5.2): from the driver, a call graph
//! over loaded classes and models (class-hierarchy analysis for virtual and interface calls),
//! mod/ref summaries, and per method control, data, potential and interactive dependence. Calls
//! stand for their callees through the summaries, and a callee's statements depend on the call
//! that entered it (the explorer adds that context at run time), which keeps dependences between
//! a caller's branches and a callee's soundly over-approximated.

pub mod bits;
pub mod cfg;
pub mod dataflow;
pub mod defuse;
pub mod heap;
pub mod interactive;
pub mod kills;
pub mod tables;
pub mod throws;

use crate::bytecode::{InvokeKind, MemberRef, Op};
use crate::program::{LoadError, Program};
use bits::BitSet;
use dataflow::MethodDeps;
use defuse::{Loc, Summary, field_key};
pub use interactive::NodeRef;
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::time::{Duration, Instant};
pub use tables::{MethodTables, Tables};

/// Options of the analysis.
#[derive(Clone, Debug, Default)]
pub struct AnalysisOptions {
    /// Regression mode: `(source file, line)` of changed statements; the tables keep only the
    /// dependences of statements impacted by them (DGSE Section 8).
    pub changed_lines: Vec<(String, u16)>,
    /// Also compute the source-level interactive pairs (without implicit checks) of user
    /// methods, so that reports can mark the pairs that exist only because of bytecode checks.
    pub source_view: bool,
    /// The run's budget: once exhausted (time, memory, a signal) the analysis stops after the
    /// method it is in and returns the tables computed so far (the exploration then stops too).
    pub budget: Option<std::sync::Arc<crate::budget::Budget>>,
}

/// Time per phase.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Timings {
    /// Loading classes and building the call graph.
    pub callgraph_ms: f64,
    /// Mod/ref summaries.
    pub summaries_ms: f64,
    /// CFGs, def/use, reaching definitions, control and potential dependence (summed over the
    /// threads that analyse methods in parallel, so it can exceed the wall time).
    pub dependences_ms: f64,
    /// Pair reaching definitions and Algorithm 3 (summed over the threads, as above).
    pub interactive_ms: f64,
    /// Everything.
    pub total_ms: f64,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The call graph: reachable methods and the targets of each call site.
pub struct CallGraph {
    /// Reachable methods with code, in discovery order.
    pub methods: Vec<u32>,
    /// Targets per (method, pc) of each invoke.
    pub targets: HashMap<(u32, usize), Vec<u32>>,
    /// Call sites whose targets could not be resolved (missing classes or models).
    pub unresolved: Vec<String>,
    /// Per (method, pc) of an instruction that may initialise a class (a static field access,
    /// `new`, a static call): the class initialisers it may run, those of the class it names
    /// and of that class's superclasses, less those of the method's own class and superclasses
    /// (initialised before the method runs).
    pub inits: HashMap<(u32, usize), Vec<u32>>,
}

/// Builds the call graph from `root` with class-hierarchy analysis over every class of the user
/// classpath plus the models the reachable code references.
pub fn call_graph(prog: &Program, root: u32) -> CallGraph {
    for name in prog.classpath.user_class_names() {
        let _ = prog.load(&name);
    }
    let mut seen: BTreeSet<u32> = BTreeSet::new();
    let mut order = Vec::new();
    let mut queue: VecDeque<u32> = VecDeque::new();
    let mut targets = HashMap::new();
    let mut unresolved = Vec::new();
    let mut inits = HashMap::new();
    let mut inited: BTreeSet<u32> = BTreeSet::new();
    // Lambdas and method references made by the reachable code, and the virtual and interface
    // call sites, matched once the graph is complete.
    let mut lambdas: Vec<Lambda> = Vec::new();
    let mut virtual_sites: Vec<((u32, usize), std::sync::Arc<MemberRef>)> = Vec::new();
    type ChaKey = (u8, std::sync::Arc<str>, std::sync::Arc<str>, std::sync::Arc<str>);
    let mut cha_cache: HashMap<ChaKey, (usize, Vec<u32>)> = HashMap::new();
    queue.push_back(root);
    seen.insert(root);
    let add = |m: u32, queue: &mut VecDeque<u32>, seen: &mut BTreeSet<u32>| {
        if seen.insert(m) {
            queue.push_back(m);
        }
    };
    while let Some(mid) = queue.pop_front() {
        let m = prog.method(mid).clone();
        if m.code.is_empty() {
            continue;
        }
        order.push(mid);
        // Class initialisers of the method's own class (and superclasses) and of every class
        // whose members it touches; per instruction, those it may run (not its own).
        let own = class_chain(prog, m.class);
        let mut touched: Vec<u32> = own.clone();
        for (pc, op) in m.code.iter().enumerate() {
            let named = match op {
                Op::GetStatic(r) | Op::PutStatic(r) | Op::Invoke(InvokeKind::Static, r) => &r.class,
                Op::New(c) => c,
                _ => continue,
            };
            let Ok(cid) = prog.load(named) else { continue };
            let chain = class_chain(prog, cid);
            let ts: Vec<u32> = chain
                .iter()
                .filter(|id| !own.contains(id))
                .filter_map(|&id| prog.declared_method(id, "<clinit>", "()V"))
                .collect();
            if !ts.is_empty() {
                inits.insert((mid, pc), ts);
            }
            touched.extend(chain);
        }
        for id in touched {
            if inited.insert(id)
                && let Some(ci) = prog.declared_method(id, "<clinit>", "()V")
            {
                add(ci, &mut queue, &mut seen);
            }
        }
        for op in &m.code {
            let Op::InvokeDynamic(ir) = op else { continue };
            if let Some(l) = lambda_of(prog, m.class, ir) {
                for &t in &l.impls {
                    add(t, &mut queue, &mut seen);
                }
                lambdas.push(l);
            }
        }
        for (pc, op) in m.code.iter().enumerate() {
            let Op::Invoke(kind, r) = op else { continue };
            if matches!(kind, InvokeKind::Virtual | InvokeKind::Interface) {
                virtual_sites.push(((mid, pc), r.clone()));
            }
            // Class-hierarchy resolution scans every loaded class: reuse it for the same
            // call signature while no class has been loaded since.
            let key = (*kind as u8, r.class.clone(), r.name.clone(), r.desc.clone());
            let ts = match cha_cache.get(&key) {
                Some((count, ts)) if *count == prog.class_count() => ts.clone(),
                _ => {
                    let ts = resolve_targets(prog, *kind, &r.class, &r.name, &r.desc);
                    cha_cache.insert(key, (prog.class_count(), ts.clone()));
                    ts
                }
            };
            for &t in &ts {
                add(t, &mut queue, &mut seen);
            }
            targets.insert((mid, pc), ts);
        }
    }
    // A call of a functional interface's method may run the body of any lambda (or referenced
    // method) made for that interface: the VM makes lambda classes at run time, so the class
    // hierarchy above does not know them.
    for (site, r) in &virtual_sites {
        let Ok(cid) = prog.load(&r.class) else { continue };
        let ts: &mut Vec<u32> = targets.entry(*site).or_default();
        for l in &lambdas {
            if l.sam_name == r.name && l.sam_desc == r.desc && prog.is_subtype(l.iface, cid) {
                for &t in &l.impls {
                    if !ts.contains(&t) {
                        ts.push(t);
                    }
                }
            }
        }
    }
    let mut sites: Vec<_> = targets.iter().filter(|(_, ts)| ts.is_empty()).map(|(k, _)| *k).collect();
    sites.sort_unstable();
    for (mid, pc) in sites {
        if let Op::Invoke(_, r) = &prog.method(mid).code[pc] {
            unresolved.push(format!("{}.{}{}", r.class, r.name, r.desc));
        }
    }
    CallGraph {
        methods: order,
        targets,
        unresolved,
        inits,
    }
}

/// A lambda or method reference an `invokedynamic` makes (`LambdaMetafactory`): the
/// functional interface, its method, and the methods calling that method may run.
struct Lambda {
    iface: u32,
    sam_name: std::sync::Arc<str>,
    sam_desc: std::sync::Arc<str>,
    impls: Vec<u32>,
}

/// The lambda an `invokedynamic` of class `class` makes, when it is a `LambdaMetafactory` call
/// site whose interface and implementation resolve.
fn lambda_of(prog: &Program, class: u32, ir: &crate::bytecode::IndyRef) -> Option<Lambda> {
    use crate::bytecode::decode::BsArg;
    let bs = prog.class(class).bootstraps.get(ir.bootstrap as usize)?;
    let h = bs.handle.as_ref()?;
    if &*h.class != "java/lang/invoke/LambdaMetafactory" || !matches!(&*h.name, "metafactory" | "altMetafactory") {
        return None;
    }
    let (Some(BsArg::MethodType(sam)), Some(BsArg::Handle(target))) = (bs.args.first(), bs.args.get(1)) else {
        return None;
    };
    let md = crate::bytecode::MethodDesc::parse(&ir.desc)?;
    let crate::bytecode::JType::Object(iface) = &md.ret else {
        return None;
    };
    let iface = prog.load(iface).ok()?;
    // A reference to a virtual or interface method runs its overrides too.
    let kind = match target.kind {
        5 => InvokeKind::Virtual,
        9 => InvokeKind::Interface,
        7 => InvokeKind::Special,
        _ => InvokeKind::Static,
    };
    let impls = resolve_targets(prog, kind, &target.class, &target.name, &target.desc);
    Some(Lambda {
        iface,
        sam_name: ir.name.clone(),
        sam_desc: sam.clone(),
        impls,
    })
}

/// A class and its superclasses, the class first.
fn class_chain(prog: &Program, class: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut cur = Some(class);
    while let Some(id) = cur {
        out.push(id);
        cur = prog.class(id).super_id;
    }
    out
}

/// The class initialisers of `cg.inits` whose effect may depend on when they run: they read a
/// heap location other than the static fields of their own class, or write a static field of
/// another class. Only these are analysed as calls where an instruction may run them; the
/// others write the same values to their own statics and to objects they allocate whenever they
/// run (an object that existed before can only be reached by reading another location), so
/// when that happens matters to no dependence.
fn timing_dependent_inits(prog: &Program, cg: &CallGraph, sums: &Summaries) -> BTreeSet<u32> {
    let all: BTreeSet<u32> = cg.inits.values().flatten().copied().collect();
    all.into_iter()
        .filter(|&ci| {
            let own: BTreeSet<Loc> = prog
                .class(prog.method(ci).class)
                .statics
                .iter()
                .map(|f| Loc::Static(field_key(&f.name, &f.desc)))
                .collect();
            let s = sums.of_targets(&[ci]);
            s.refs.iter().any(|l| !own.contains(l)) || s.mods.iter().any(|l| matches!(l, Loc::Static(_)) && !own.contains(l))
        })
        .collect()
}

/// The possible targets of a call: the resolved method, or for virtual and interface calls its
/// implementations in every loaded concrete subclass (class-hierarchy analysis).
pub(crate) fn resolve_targets(prog: &Program, kind: InvokeKind, class: &str, name: &str, desc: &str) -> Vec<u32> {
    let Ok(cid) = prog.load(class) else { return vec![] };
    let Some(resolved) = prog.resolve_method(cid, name, desc) else {
        return vec![];
    };
    match kind {
        InvokeKind::Static | InvokeKind::Special => vec![resolved],
        InvokeKind::Virtual | InvokeKind::Interface => {
            if prog.method(resolved).access & 0x0002 != 0 {
                return vec![resolved];
            }
            let mut out = BTreeSet::new();
            let n = prog.class_count() as u32;
            for c in 0..n {
                let cl = prog.class(c);
                if cl.is_interface() || cl.access & 0x0400 != 0 || cl.array_elem.is_some() {
                    continue;
                }
                if prog.is_subtype(c, cid)
                    && let Some(t) = prog.dispatch(c, name, desc)
                {
                    out.insert(t);
                }
            }
            if out.is_empty() && !prog.method(resolved).is_abstract() {
                out.insert(resolved);
            }
            out.into_iter().collect()
        }
    }
}

/// Direct heap reads and writes of a method (without its callees).
fn direct_effects(m: &crate::bytecode::Method) -> Summary {
    let mut s = Summary::default();
    for op in &m.code {
        match op {
            Op::GetStatic(r) => {
                s.refs.insert(Loc::Static(field_key(&r.name, &r.desc)));
            }
            Op::PutStatic(r) => {
                s.mods.insert(Loc::Static(field_key(&r.name, &r.desc)));
            }
            Op::GetField(r) => {
                s.refs.insert(Loc::Field(field_key(&r.name, &r.desc)));
            }
            Op::PutField(r) => {
                s.mods.insert(Loc::Field(field_key(&r.name, &r.desc)));
            }
            Op::ArrayLoad(_) | Op::ArrayStore(_) => {
                let du = if let Op::ArrayLoad(k) = op {
                    (true, *k)
                } else {
                    (
                        false,
                        match op {
                            Op::ArrayStore(k) => *k,
                            _ => crate::bytecode::ArrKind::Int,
                        },
                    )
                };
                let l = Loc::Elem(match du.1 {
                    crate::bytecode::ArrKind::Boolean | crate::bytecode::ArrKind::Byte => 'B',
                    crate::bytecode::ArrKind::Char => 'C',
                    crate::bytecode::ArrKind::Short => 'S',
                    crate::bytecode::ArrKind::Int => 'I',
                    crate::bytecode::ArrKind::Long => 'J',
                    crate::bytecode::ArrKind::Float => 'F',
                    crate::bytecode::ArrKind::Double => 'D',
                    crate::bytecode::ArrKind::Ref => 'A',
                });
                if du.0 {
                    s.refs.insert(l);
                } else {
                    s.mods.insert(l);
                }
            }
            _ => {}
        }
    }
    s
}

/// Mod/ref summaries of every reachable method as bit sets over the heap locations they name.
pub struct Summaries {
    locs: Vec<Loc>,
    by_method: HashMap<u32, (BitSet, BitSet)>,
}

impl Summaries {
    /// What the given call targets may write and read, together.
    pub fn of_targets(&self, targets: &[u32]) -> Summary {
        let mut mods = BitSet::new(self.locs.len());
        let mut refs = BitSet::new(self.locs.len());
        for t in targets {
            if let Some((m, r)) = self.by_method.get(t) {
                mods.union_with(m);
                refs.union_with(r);
            }
        }
        Summary {
            mods: mods.iter().map(|i| self.locs[i].clone()).collect(),
            refs: refs.iter().map(|i| self.locs[i].clone()).collect(),
        }
    }
}

/// Mod/ref summaries of every reachable method: the least fixpoint over the call graph, by a
/// worklist that revisits a method's callers when its summary grows.
pub fn summaries(prog: &Program, cg: &CallGraph) -> Summaries {
    let direct: Vec<Summary> = cg.methods.iter().map(|m| direct_effects(prog.method(*m))).collect();
    let mut ids: rustc_hash::FxHashMap<Loc, usize> = Default::default();
    let mut locs: Vec<Loc> = Vec::new();
    for s in &direct {
        for l in s.mods.iter().chain(&s.refs) {
            ids.entry(l.clone()).or_insert_with(|| {
                locs.push(l.clone());
                locs.len() - 1
            });
        }
    }
    let index: rustc_hash::FxHashMap<u32, usize> = cg.methods.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let mut sets: Vec<(BitSet, BitSet)> = direct
        .iter()
        .map(|s| {
            let mut m = BitSet::new(locs.len());
            let mut r = BitSet::new(locs.len());
            s.mods.iter().for_each(|l| {
                m.insert(ids[l]);
            });
            s.refs.iter().for_each(|l| {
                r.insert(ids[l]);
            });
            (m, r)
        })
        .collect();
    // Callees and callers by dense index.
    let mut callees: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); cg.methods.len()];
    let mut callers: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); cg.methods.len()];
    for ((m, _), ts) in cg.targets.iter().chain(&cg.inits) {
        let Some(&i) = index.get(m) else { continue };
        for t in ts {
            if let Some(&j) = index.get(t) {
                callees[i].insert(j);
                callers[j].insert(i);
            }
        }
    }
    let mut work: BTreeSet<usize> = (0..cg.methods.len()).collect();
    while let Some(i) = work.pop_last() {
        let mut changed = false;
        for &j in &callees[i] {
            if j == i {
                continue;
            }
            let (callee, caller) = if j < i {
                let (lo, hi) = sets.split_at_mut(i);
                (&lo[j], &mut hi[0])
            } else {
                let (lo, hi) = sets.split_at_mut(j);
                (&hi[0], &mut lo[i])
            };
            changed |= caller.0.union_with(&callee.0);
            changed |= caller.1.union_with(&callee.1);
        }
        if changed {
            work.extend(callers[i].iter().copied());
        }
    }
    Summaries {
        locs,
        by_method: cg.methods.iter().copied().zip(sets).collect(),
    }
}

/// The tables of one method, with the time spent on its dependences and on its interactive
/// pairs.
fn analyse_method(
    prog: &Program,
    cg: &CallGraph,
    sums: &Summaries,
    may_throw: &throws::MayThrow,
    inits: &BTreeSet<u32>,
    mid: u32,
    source_view: bool,
) -> (MethodTables, Duration, Duration) {
    let m = prog.method(mid).clone();
    let t2 = Instant::now();
    // What the instruction at `pc` may run: its callees and the class initialisers (of those
    // whose effect depends on when they run) it may trigger.
    let mut summary = |pc: usize| -> Summary {
        let callees = cg.targets.get(&(mid, pc)).map(|v| v.as_slice()).unwrap_or(&[]);
        match cg.inits.get(&(mid, pc)) {
            Some(is) if is.iter().any(|c| inits.contains(c)) => {
                let mut ts = callees.to_vec();
                ts.extend(is.iter().filter(|c| inits.contains(c)));
                sums.of_targets(&ts)
            }
            _ if callees.is_empty() => Summary::default(),
            _ => sums.of_targets(callees),
        }
    };
    let safe: Vec<bool> = (0..m.code.len()).map(|pc| !may_throw.at(mid, pc)).collect();
    let handled: cfg::Handled = (0..m.code.len())
        .filter_map(|pc| may_throw.handled.get(&(mid, pc)).map(|hs| (pc, hs.clone())))
        .collect();
    let md = MethodDeps::compute_with(&m, &mut summary, &safe, &handled);
    let t_dep = t2.elapsed();
    let t3 = Instant::now();
    // DGSE uses the source-level view (implicit checks contribute control dependence at run
    // time only when their operand is symbolic); reports also show the bytecode-level pairs.
    let cls = prog.class(m.class);
    let ((inter, heap_inter), core) = if source_view && cls.is_user() {
        (
            interactive::interactive_with_heap(&md, interactive::Checks::Included),
            Some(interactive::interactive(&md, false)),
        )
    } else {
        let checks = if source_view {
            interactive::Checks::Included
        } else {
            interactive::Checks::Targets
        };
        (interactive::interactive_with_heap(&md, checks), None)
    };
    let t_int = t3.elapsed();
    let local_kills = kills::local_kills(&md, &inter);
    let mut mt = MethodTables::from_deps(prog, &m, cls.source_file.clone(), cls.is_user(), &md, inter);
    mt.local_kills = local_kills;
    mt.dispatch = (0..m.code.len())
        .filter(|&pc| {
            matches!(&m.code[pc], Op::Invoke(InvokeKind::Virtual | InvokeKind::Interface, _))
                && cg.targets.get(&(mid, pc)).is_none_or(|ts| ts.len() != 1)
        })
        .map(|pc| pc as u32)
        .collect();
    mt.interactive_core = core.map(|c| c.into_iter().collect());
    mt.heap = heap::tables(&m, &md, &heap_inter);
    (mt, t_dep, t_int)
}

/// Analyses every method reachable from `root` and returns the dependence tables.
pub fn analyze(prog: &Program, root: u32, opts: &AnalysisOptions) -> Result<Tables, LoadError> {
    let start = Instant::now();
    let cg = call_graph(prog, root);
    let t_cg = start.elapsed();
    let t1 = Instant::now();
    let sums = summaries(prog, &cg);
    let may_throw = throws::analyze(prog, &cg);
    let inits = timing_dependent_inits(prog, &cg, &sums);
    let t_sum = t1.elapsed();
    // Each method's dependences need only the call graph, the summaries and the may-throw
    // facts: the methods are analysed in parallel (rayon, one thread per core) and collected in
    // call-graph order, so the tables do not depend on the number of threads.
    let analysed: Vec<Option<(MethodTables, Duration, Duration)>> = cg
        .methods
        .par_iter()
        .map(|&mid| {
            if opts.budget.as_ref().is_some_and(|b| b.poll().is_some()) {
                return None;
            }
            Some(analyse_method(prog, &cg, &sums, &may_throw, &inits, mid, opts.source_view))
        })
        .collect();
    let (mut t_dep, mut t_int) = (Duration::ZERO, Duration::ZERO);
    let mut methods = Vec::with_capacity(analysed.len());
    for (mt, dep, int) in analysed.into_iter().flatten() {
        t_dep += dep;
        t_int += int;
        methods.push(mt);
    }
    let mut tables = Tables {
        root: prog.method(root).display(),
        methods,
        unresolved_calls: cg.unresolved,
        timings: Timings::default(),
        changed_lines: opts.changed_lines.clone(),
    };
    if !opts.changed_lines.is_empty() {
        tables.restrict_to_changes(&opts.changed_lines);
    }
    tables.timings = Timings {
        callgraph_ms: ms(t_cg),
        summaries_ms: ms(t_sum),
        dependences_ms: ms(t_dep),
        interactive_ms: ms(t_int),
        total_ms: ms(start.elapsed()),
    };
    Ok(tables)
}
