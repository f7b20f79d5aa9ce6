//! Dependence tables as data: per method, instruction-level control, data, potential and
//! interactive dependence (what the explorer looks up), and their rendering at source-line
//! granularity like the DGSE paper's Table 2 (text or JSON).

use super::Timings;
use super::dataflow::MethodDeps;
use super::interactive::NodeRef;
use crate::bytecode::{Method, Op};
use crate::program::Program;
use crate::symbolic::BinOp;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// What kind of branching an instruction is, for labels.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Branching {
    /// Not a branch.
    None,
    /// A conditional jump (direction 0 = T, 1 = F).
    If,
    /// A switch with its case keys (the last arm is the default).
    Switch(Vec<i32>),
    /// An instruction that may throw: the kind of check (`div0`, `bounds`, `negsize`, `exc`).
    Check(String),
}

/// The dependences of one method.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct MethodTables {
    /// Global method id in the program that produced the tables.
    pub id: u32,
    /// `pkg.Cls.name(desc)`.
    pub method: String,
    /// Source file.
    pub source_file: Option<String>,
    /// From the user's classpath (not a library model).
    pub user: bool,
    /// Source line per instruction.
    pub lines: Vec<u16>,
    /// Branching kind per instruction.
    pub branching: Vec<Branching>,
    /// Statement nodes.
    pub is_node: Vec<bool>,
    /// Control dependence per instruction: (branch pc, direction).
    pub control: Vec<Vec<(u32, u32)>>,
    /// Data dependence per statement: source statements.
    pub data: Vec<Vec<u32>>,
    /// Potential dependence per statement: (branch pc, direction).
    pub potential: Vec<Vec<(u32, u32)>>,
    /// Interactive dependence pairs ⟨nᵢ, nⱼ⟩: nⱼ is interactive-dependent on nᵢ.
    pub interactive: Vec<(NodeRef, NodeRef)>,
    /// Regression mode: the instructions impacted by the changed lines (`None` = everything).
    pub impacted: Option<BTreeSet<u32>>,
    /// The interactive pairs of the source-level view (implicit checks left out), when computed.
    pub interactive_core: Option<Vec<(NodeRef, NodeRef)>>,
    /// Dependences through heap locations defined outside the method (earlier invocations).
    pub heap: super::heap::HeapTables,
    /// The potential and interactive dependences on a branch direction that hold at run time
    /// only while some local variables keep their values (see [`super::kills`]).
    #[serde(default)]
    pub local_kills: Vec<super::kills::LocalKill>,
    /// The calls whose callee the receiver chooses: virtual and interface calls with more than
    /// one target, or none known.
    #[serde(default)]
    pub dispatch: Vec<u32>,
    /// The local variable slots each potential source (branch pc, direction) is through: a read
    /// of one of them may be potentially dependent on the direction. Sorted by source.
    #[serde(default)]
    pub potential_locals: Vec<((u32, u32), Vec<u16>)>,
}

/// Per potential source of `md`, the local variable slots its dependences are through.
fn potential_locals(md: &MethodDeps) -> Vec<((u32, u32), Vec<u16>)> {
    let mut out: Vec<((u32, u32), Vec<u16>)> = md
        .potential_locs
        .iter()
        .map(|((b, d), locs)| {
            let slots = locs
                .iter()
                .filter_map(|l| match l {
                    super::defuse::Loc::Local(s) => Some(*s),
                    _ => None,
                })
                .collect();
            ((*b as u32, *d), slots)
        })
        .filter(|(_, slots): &(_, Vec<u16>)| !slots.is_empty())
        .collect();
    out.sort();
    out
}

/// A dependence pair at source-line granularity.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct LinePair {
    /// `control`, `data`, `potential` or `interactive`.
    pub kind: &'static str,
    /// Source node label, e.g. `2F`, `1`, `12:negsize=F`.
    pub from: String,
    /// Target node label, e.g. `3`, `8T`.
    pub to: String,
    /// Why the pair exists only in bytecode (implicit checks and exception edges modelled as
    /// conditional aborts); `None` for pairs of the source program.
    pub extra: Option<String>,
}

/// Every method's tables.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Tables {
    /// The driver.
    pub root: String,
    /// Methods in call-graph order (the driver first).
    pub methods: Vec<MethodTables>,
    /// Calls whose targets could not be resolved.
    pub unresolved_calls: Vec<String>,
    /// Time per phase.
    pub timings: Timings,
    /// Regression mode: the changed lines.
    pub changed_lines: Vec<(String, u16)>,
}

fn branching(op: &Op) -> Branching {
    match op {
        Op::If(..) | Op::IfCmp(..) | Op::IfRefEq(..) | Op::IfNull(..) => Branching::If,
        Op::TableSwitch(low, ts, _) => Branching::Switch((0..ts.len()).map(|i| low.wrapping_add(i as i32)).collect()),
        Op::LookupSwitch(ps, _) => Branching::Switch(ps.iter().map(|p| p.0).collect()),
        Op::Arith(BinOp::Div | BinOp::Rem) => Branching::Check("div0".into()),
        Op::ArrayLoad(_) | Op::ArrayStore(_) => Branching::Check("bounds".into()),
        Op::NewArray(_) | Op::ANewArray(_) | Op::MultiANewArray(..) => Branching::Check("negsize".into()),
        o if super::cfg::may_throw(o) => Branching::Check("exc".into()),
        _ => Branching::None,
    }
}

impl MethodTables {
    /// Packs a method's analysis.
    pub fn from_deps(
        _prog: &Program,
        m: &Method,
        source_file: Option<String>,
        user: bool,
        md: &MethodDeps,
        inter: BTreeSet<(NodeRef, NodeRef)>,
    ) -> Self {
        let n = m.code.len();
        let mut branch: Vec<Branching> = m.code.iter().map(branching).collect();
        for (pc, b) in branch.iter_mut().enumerate() {
            if matches!(b, Branching::Check(_)) && !md.throws[pc] {
                *b = Branching::None;
            }
        }
        for (pc, b) in branch.iter_mut().enumerate() {
            if matches!(b, Branching::Check(_)) && md.dirs[pc].len() < 2 {
                *b = Branching::None;
            }
        }
        MethodTables {
            id: m.id,
            method: m.display(),
            source_file,
            user,
            lines: (0..n).map(|pc| m.line(pc as u32)).collect(),
            branching: branch,
            is_node: md.is_node.clone(),
            control: md
                .control
                .iter()
                .map(|s| s.iter().map(|(b, d)| (*b as u32, *d)).collect())
                .collect(),
            data: md.data.iter().map(|s| s.iter().map(|p| *p as u32).collect()).collect(),
            potential: md
                .potential
                .iter()
                .map(|s| s.iter().map(|(b, d)| (*b as u32, *d)).collect())
                .collect(),
            interactive: inter.into_iter().collect(),
            impacted: None,
            interactive_core: None,
            heap: Default::default(),
            local_kills: Vec::new(),
            dispatch: Vec::new(),
            potential_locals: potential_locals(md),
        }
    }

    fn line(&self, pc: usize) -> u16 {
        self.lines.get(pc).copied().unwrap_or(0)
    }

    /// Label of a node as a dependence source.
    pub fn src_label(&self, n: NodeRef) -> String {
        match n {
            NodeRef::Instr(p) => format!("{}", self.line(p as usize)),
            NodeRef::Dir(p, d) => {
                let l = self.line(p as usize);
                match self.branching.get(p as usize) {
                    Some(Branching::If) => format!("{l}{}", if d == 0 { "T" } else { "F" }),
                    Some(Branching::Switch(cases)) => match cases.get(d as usize) {
                        Some(k) => format!("{l}:case {k}"),
                        None => format!("{l}:default"),
                    },
                    Some(Branching::Check(k)) => format!("{l}:{k}={}", if d == 1 { "T" } else { "F" }),
                    _ => format!("{l}:{d}"),
                }
            }
        }
    }

    /// Labels of a node as a dependence target (a branch instruction stands for each direction).
    pub fn tgt_labels(&self, n: NodeRef) -> Vec<String> {
        match n {
            NodeRef::Instr(p) => match self.branching.get(p as usize) {
                Some(Branching::If) => vec![self.src_label(NodeRef::Dir(p, 0)), self.src_label(NodeRef::Dir(p, 1))],
                Some(Branching::Switch(cases)) => (0..=cases.len() as u32).map(|d| self.src_label(NodeRef::Dir(p, d))).collect(),
                _ => vec![self.src_label(n)],
            },
            d => vec![self.src_label(d)],
        }
    }

    fn is_check(&self, n: NodeRef) -> Option<String> {
        match (n, self.branching.get(n.pc())) {
            (NodeRef::Dir(..), Some(Branching::Check(k))) => Some(if k == "exc" {
                "the instruction may throw: exceptions are modelled as conditional aborts".to_string()
            } else {
                format!("implicit {k} check modelled as a conditional abort")
            }),
            _ => None,
        }
    }

    fn keep(&self, n: NodeRef) -> bool {
        match &self.impacted {
            None => true,
            Some(set) => set.contains(&(n.pc() as u32)),
        }
    }

    /// Every dependence pair at instruction level: (kind, source, target).
    pub fn pairs(&self) -> Vec<(&'static str, NodeRef, NodeRef)> {
        let mut out = Vec::new();
        for (pc, cs) in self.control.iter().enumerate() {
            if !self.is_node.get(pc).copied().unwrap_or(false) {
                continue;
            }
            for (b, d) in cs {
                out.push(("control", NodeRef::Dir(*b, *d), NodeRef::Instr(pc as u32)));
            }
        }
        for (pc, ds) in self.data.iter().enumerate() {
            for s in ds {
                out.push(("data", NodeRef::Instr(*s), NodeRef::Instr(pc as u32)));
            }
        }
        for (pc, ps) in self.potential.iter().enumerate() {
            for (b, d) in ps {
                out.push(("potential", NodeRef::Dir(*b, *d), NodeRef::Instr(pc as u32)));
            }
        }
        // In regression mode only the interactive pairs that add something to the traditional
        // dependences are reported (the paper's Table 12); the full tables list them all (Table 2).
        let traditional: BTreeSet<(NodeRef, usize)> = out.iter().map(|(_, a, b)| (*a, b.pc())).collect();
        for (a, b) in &self.interactive {
            if self.impacted.is_some() && traditional.contains(&(*a, b.pc())) {
                continue;
            }
            out.push(("interactive", *a, *b));
        }
        out.retain(|(_, a, b)| self.keep(*a) && self.keep(*b));
        out
    }

    /// The pairs at source-line granularity (pairs within one line are dropped).
    pub fn line_pairs(&self) -> Vec<LinePair> {
        let mut set = BTreeSet::new();
        for (kind, a, b) in self.pairs() {
            let (la, lb) = (self.line(a.pc()), self.line(b.pc()));
            if la == 0 || lb == 0 || la == lb {
                continue;
            }
            let derived = kind == "interactive"
                && self.interactive_core.as_ref().is_some_and(|c| !c.contains(&(a, b)))
                && self.is_check(a).is_none()
                && self.is_check(b).is_none();
            let extra = self
                .is_check(a)
                .or_else(|| self.is_check(b))
                .or_else(|| derived.then(|| "derived through implicit checks and exception edges (conditional aborts)".to_string()));
            let from = self.src_label(a);
            for to in self.tgt_labels(b) {
                set.insert(LinePair {
                    kind,
                    from: from.clone(),
                    to,
                    extra: extra.clone(),
                });
            }
        }
        set.into_iter().collect()
    }

    /// Restricts the tables to the statements impacted by changed lines (forward closure over
    /// every dependence).
    pub fn restrict(&mut self, lines: &BTreeSet<u16>) {
        let n = self.lines.len();
        let mut imp: BTreeSet<u32> = (0..n).filter(|pc| lines.contains(&self.lines[*pc])).map(|p| p as u32).collect();
        let saved = self.impacted.take();
        let pairs = self.pairs();
        self.impacted = saved;
        let mut by_src: HashMap<u32, Vec<u32>> = HashMap::new();
        for (_, a, b) in &pairs {
            by_src.entry(a.pc() as u32).or_default().push(b.pc() as u32);
        }
        let mut stack: Vec<u32> = imp.iter().copied().collect();
        while let Some(x) = stack.pop() {
            if let Some(ts) = by_src.get(&x) {
                for t in ts {
                    if imp.insert(*t) {
                        stack.push(*t);
                    }
                }
            }
        }
        self.impacted = Some(imp);
    }
}

impl Tables {
    /// Regression mode over every method of the matching source files.
    pub fn restrict_to_changes(&mut self, changed: &[(String, u16)]) {
        for m in &mut self.methods {
            let file = m.source_file.clone().unwrap_or_default();
            let lines: BTreeSet<u16> = changed
                .iter()
                .filter(|(f, _)| f.is_empty() || f == &file || file.ends_with(f.as_str()) || f.ends_with(file.as_str()) && !file.is_empty())
                .map(|(_, l)| *l)
                .collect();
            if lines.is_empty() {
                m.impacted = Some(BTreeSet::new());
            } else {
                m.restrict(&lines);
            }
        }
    }

    /// The tables of one method, by display name prefix (`Fig2.test`).
    pub fn method(&self, name: &str) -> Option<&MethodTables> {
        self.methods
            .iter()
            .find(|m| m.method == name || m.method.starts_with(&format!("{name}(")))
    }

    /// Counts of instruction-level pairs by kind over every method.
    pub fn counts(&self) -> BTreeMap<&'static str, usize> {
        let mut c = BTreeMap::new();
        for m in &self.methods {
            for (k, _, _) in m.pairs() {
                *c.entry(k).or_insert(0) += 1;
            }
        }
        c
    }

    /// Text rendering grouped like the paper's Table 2; `all` includes library models.
    pub fn to_text(&self, all: bool) -> String {
        use std::fmt::Write;
        let mut o = String::new();
        let _ = writeln!(o, "dependences of {} ({} methods analysed)", self.root, self.methods.len());
        if !self.changed_lines.is_empty() {
            let ch: Vec<String> = self
                .changed_lines
                .iter()
                .map(|(f, l)| if f.is_empty() { l.to_string() } else { format!("{f}:{l}") })
                .collect();
            let _ = writeln!(o, "regression mode: dependences relevant to {}", ch.join(", "));
        }
        for m in &self.methods {
            if !m.user && !all {
                continue;
            }
            let pairs = m.line_pairs();
            let _ = writeln!(o, "\n{}  [{}]", m.method, m.source_file.clone().unwrap_or_default());
            for (title, extra) in [
                ("", false),
                ("bytecode only (implicit checks and exception edges as conditional aborts):", true),
            ] {
                let sel: Vec<&LinePair> = pairs.iter().filter(|p| p.extra.is_some() == extra).collect();
                if sel.is_empty() {
                    continue;
                }
                if !title.is_empty() {
                    let _ = writeln!(o, "  {title}");
                }
                for kind in ["control", "data", "potential", "interactive"] {
                    let mut ps: Vec<&&LinePair> = sel.iter().filter(|p| p.kind == kind).collect();
                    ps.sort_by_key(|p| (label_line(&p.from), p.from.clone(), label_line(&p.to), p.to.clone()));
                    let body: Vec<String> = ps.iter().map(|p| format!("⟨{},{}⟩", p.from, p.to)).collect();
                    let _ = writeln!(
                        o,
                        "  {:<13}{}",
                        format!("{kind}D"),
                        if body.is_empty() { "-".into() } else { body.join(" ") }
                    );
                }
            }
            // ⟨Heap(L), n⟩: n interacts with the definitions of L made by earlier invocations.
            let mut heap: Vec<String> = m
                .heap
                .inter
                .iter()
                .filter(|(_, n)| m.keep(*n))
                .flat_map(|(l, n)| m.tgt_labels(*n).into_iter().map(move |t| format!("⟨Heap({l}),{t}⟩")))
                .collect();
            heap.sort();
            heap.dedup();
            if !heap.is_empty() {
                let _ = writeln!(
                    o,
                    "  across invocations (Heap(L): the definitions and potential sources of L made by earlier calls):"
                );
                let _ = writeln!(o, "  {:<13}{}", "interactiveD", heap.join(" "));
            }
        }
        let c = self.counts();
        let _ = writeln!(
            o,
            "\ncounts: control {} data {} potential {} interactive {} (instruction level, all methods)",
            c.get("control").unwrap_or(&0),
            c.get("data").unwrap_or(&0),
            c.get("potential").unwrap_or(&0),
            c.get("interactive").unwrap_or(&0)
        );
        let t = &self.timings;
        let _ = writeln!(
            o,
            "time: call graph {:.1} ms, summaries {:.1} ms, dependences {:.1} ms, interactive {:.1} ms, total {:.1} ms",
            t.callgraph_ms, t.summaries_ms, t.dependences_ms, t.interactive_ms, t.total_ms
        );
        if !self.unresolved_calls.is_empty() {
            let _ = writeln!(o, "unresolved calls: {}", self.unresolved_calls.len());
        }
        o
    }

    /// JSON rendering: line-level pairs per method plus the instruction-level tables.
    pub fn to_json(&self, all: bool) -> serde_json::Value {
        let methods: Vec<serde_json::Value> = self
            .methods
            .iter()
            .filter(|m| m.user || all)
            .map(|m| {
                serde_json::json!({
                    "method": m.method,
                    "source_file": m.source_file,
                    "pairs": m.line_pairs(),
                    "tables": m,
                })
            })
            .collect();
        serde_json::json!({
            "root": self.root,
            "changed_lines": self.changed_lines,
            "counts": self.counts(),
            "timings": self.timings,
            "unresolved_calls": self.unresolved_calls,
            "methods": methods,
        })
    }
}

fn label_line(l: &str) -> u32 {
    l.chars()
        .take_while(|c| c.is_ascii_digit())
        .collect::<String>()
        .parse()
        .unwrap_or(0)
}
