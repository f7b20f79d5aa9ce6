//! Test vectors: one JSON line per finished path, written (and flushed) as the path finishes;
//! and JUnit 4 suites ([`junit`]).

pub mod junit;

use crate::explore::Observer;
use crate::explore::driver::{Driver, float_json, inputs_json};
use crate::explore::task::PathRecord;
use crate::program::Program;
use crate::symbolic::ExprPool;
use crate::vm::{Event, EventKind, OutValue, Outcome};
use serde_json::{Value as J, json};
use std::io::Write;

/// The prefix of branch labels inside library models (`model:java/lang/String.java:123T`).
pub const MODEL_PREFIX: &str = "model:";

/// A reportable value as JSON, per the output contract.
pub fn out_json(v: &OutValue) -> J {
    match v {
        OutValue::Int(i) => J::from(*i),
        OutValue::Char(c) => J::from(*c),
        OutValue::Bool(b) => J::Bool(*b),
        OutValue::Float(f) => float_json(*f as f64),
        OutValue::Double(d) => float_json(*d),
        OutValue::Str(s) => J::String(s.clone()),
        OutValue::Null => J::Null,
        OutValue::Object(c) => json!({ "object": c }),
        OutValue::Array(xs) => J::Array(xs.iter().map(out_json).collect()),
    }
}

/// An outcome as JSON.
pub fn outcome_json(o: &Outcome) -> J {
    match o {
        Outcome::Return(None) => json!({"kind": "return"}),
        Outcome::Return(Some(v)) => json!({"kind": "return", "value": out_json(v)}),
        Outcome::Exception { class, message } => json!({"kind": "exception", "exception": class, "message": message}),
        Outcome::Limit(r) => json!({"kind": "limit", "reason": r}),
        Outcome::Cut(r) => json!({"kind": "cut", "reason": r}),
        Outcome::Assumed => json!({"kind": "cut", "reason": "assume"}),
    }
}

/// A branch event as `File.java:LINE` plus its direction: `T`/`F` for conditional jumps (T =
/// the source condition held, i.e. the jump to the else-part was not taken), `:case K` /
/// `:default` for switches, and `:div0=T|F`, `:bounds=T|F`, `:negsize=T|F` for implicit fault
/// checks (T = the fault happened). Branches inside jsymex's library models are marked as such
/// and name the model's package: `model:java/lang/String.java:123T`.
pub fn event_label(prog: &Program, e: &Event) -> String {
    let m = prog.method(e.method);
    let cls = prog.class(m.class);
    let mut file = cls
        .source_file
        .clone()
        .unwrap_or_else(|| format!("{}.java", cls.name.rsplit('/').next().unwrap_or("?")));
    if !cls.is_user() {
        let pkg = cls.name.rsplit_once('/').map(|(p, _)| format!("{p}/")).unwrap_or_default();
        file = format!("{MODEL_PREFIX}{pkg}{file}");
    }
    let line = m.line(e.pc);
    let loc = if line == 0 {
        format!("{file}:{}@{}", m.name, e.pc)
    } else {
        format!("{file}:{line}")
    };
    match (&e.kind, &e.alts) {
        (EventKind::If, _) => format!("{loc}{}", if e.dir == 1 { "F" } else { "T" }),
        (EventKind::Switch, crate::vm::Alts::Switch { cases, .. }) => match cases.get(e.dir as usize) {
            Some(k) => format!("{loc}:case {k}"),
            None => format!("{loc}:default"),
        },
        (EventKind::Switch, _) => format!("{loc}:switch"),
        (EventKind::DivZero, _) => format!("{loc}:div0={}", if e.dir == 1 { "T" } else { "F" }),
        (EventKind::Bounds, _) => format!("{loc}:bounds={}", if e.dir == 1 { "T" } else { "F" }),
        (EventKind::NegSize, _) => format!("{loc}:negsize={}", if e.dir == 1 { "T" } else { "F" }),
        (EventKind::Check, _) => format!("{loc}:check={}", if e.dir == 1 { "T" } else { "F" }),
        (EventKind::Lazy, crate::vm::Alts::Switch { cases, .. }) => format!(
            "{loc}:{}",
            crate::vm::lazy::choice_label(prog, e.method, e.pc, cases.get(e.dir as usize).copied().unwrap_or(0))
        ),
        (EventKind::Lazy, _) => format!("{loc}:lazy"),
    }
}

/// A branch site as a label (see [`event_label`]), from the instruction at (method, pc).
pub fn site_label(prog: &Program, method: u32, pc: u32, dir: u32) -> String {
    use crate::bytecode::Op;
    use crate::symbolic::BinOp;
    let m = prog.method(method);
    let (kind, alts) = match m.code.get(pc as usize) {
        Some(Op::TableSwitch(low, ts, _)) => (
            EventKind::Switch,
            crate::vm::Alts::Switch {
                key: dummy_expr(),
                cases: (0..ts.len()).map(|i| low.wrapping_add(i as i32)).collect(),
                default: true,
            },
        ),
        Some(Op::LookupSwitch(ps, _)) => (
            EventKind::Switch,
            crate::vm::Alts::Switch {
                key: dummy_expr(),
                cases: ps.iter().map(|p| p.0).collect(),
                default: true,
            },
        ),
        Some(Op::Arith(BinOp::Div | BinOp::Rem)) => (EventKind::DivZero, crate::vm::Alts::Negate),
        Some(Op::ArrayLoad(_) | Op::ArrayStore(_)) => (EventKind::Bounds, crate::vm::Alts::Negate),
        Some(Op::NewArray(_) | Op::ANewArray(_) | Op::MultiANewArray(..)) => (EventKind::NegSize, crate::vm::Alts::Negate),
        _ => (EventKind::If, crate::vm::Alts::Negate),
    };
    let e = Event {
        method,
        pc,
        kind,
        dir,
        cond: dummy_expr(),
        alts,
    };
    event_label(prog, &e)
}

fn dummy_expr() -> crate::symbolic::ExprId {
    let mut p = ExprPool::new();
    p.bool(true)
}

/// The inputs created at run time through the input API (`jsymex.Symbolic` and the entry points
/// modelled over it): every variable that is not a driver parameter, with its value under
/// `input` (zero when the input leaves it unset), in declaration order. The inputs of lazily
/// initialised parameters (`argN`, `argN.field…`, reported in the path's input heap) are not.
pub fn api_vars(driver: &Driver, pool: &ExprPool, input: &[crate::symbolic::Scalar]) -> Vec<(u32, crate::symbolic::Scalar)> {
    use crate::explore::driver::ParamLayout;
    let mut own = std::collections::HashSet::new();
    let lazy: Vec<String> = (driver.params.iter().enumerate())
        .filter(|(_, p)| matches!(p, ParamLayout::Lazy(_)))
        .map(|(i, _)| format!("arg{i}"))
        .collect();
    if !lazy.is_empty() {
        for v in 0..pool.var_count() as u32 {
            let name = pool.var_name(v);
            if lazy.iter().any(|l| {
                name.strip_prefix(l.as_str())
                    .is_some_and(|r| r.is_empty() || r.starts_with(['.', '[']))
            }) {
                own.insert(v);
            }
        }
    }
    for p in &driver.params {
        match p {
            ParamLayout::Scalar { var: Some(v), .. } => {
                own.insert(*v);
            }
            ParamLayout::Array { vars, .. } | ParamLayout::Str { vars } => own.extend(vars.iter().copied()),
            ParamLayout::StrArray { strings } => own.extend(strings.iter().flatten().copied()),
            _ => {}
        }
    }
    (0..pool.var_count() as u32)
        .filter(|v| !own.contains(v))
        .map(|v| {
            let sort = pool.var_sort(v);
            let val = input
                .get(v as usize)
                .copied()
                .unwrap_or_else(|| crate::symbolic::eval::zero_of(sort));
            (v, val)
        })
        .collect()
}

/// The Java type that reports a variable of the given sort.
pub fn sort_type(sort: crate::symbolic::Sort) -> crate::bytecode::JType {
    match sort {
        crate::symbolic::Sort::I64 => crate::bytecode::JType::Long,
        crate::symbolic::Sort::F64 => crate::bytecode::JType::Double,
        crate::symbolic::Sort::F32 => crate::bytecode::JType::Float,
        _ => crate::bytecode::JType::Int,
    }
}

/// Values of the inputs created through the `jsymex.Symbolic` API (variables that are not
/// driver parameters), by name.
pub fn api_inputs(driver: &Driver, pool: &ExprPool, input: &[crate::symbolic::Scalar]) -> serde_json::Map<String, J> {
    let mut out = serde_json::Map::new();
    for (v, val) in api_vars(driver, pool, input) {
        let ty = sort_type(pool.var_sort(v));
        out.insert(pool.var_name(v).to_string(), crate::explore::driver::scalar_json(&ty, val));
    }
    out
}

/// Where an exception was thrown, as `File.java:LINE` (the JSONL's `outcome.at`).
pub fn throw_site(prog: &Program, m: u32, pc: u32) -> String {
    let mm = prog.method(m);
    let cls = prog.class(mm.class);
    let file = cls.source_file.clone().unwrap_or_else(|| format!("{}.java", cls.name));
    format!("{file}:{}", mm.line(pc))
}

/// One JSONL line for a path.
pub fn path_json(driver: &Driver, pool: &ExprPool, prog: &Program, p: &PathRecord) -> J {
    let branches: Vec<J> = p.run.events.iter().map(|e| J::String(event_label(prog, e))).collect();
    let mut outcome = outcome_json(&p.run.outcome);
    if let Some((m, pc)) = p.run.fault_site
        && matches!(p.run.outcome, Outcome::Exception { .. })
    {
        outcome["at"] = J::String(throw_site(prog, m, pc));
    }
    let mut o = json!({
        "path": p.id,
        "inputs": inputs_json(driver, &p.input, p.run.input_heap.as_deref()),
        "outcome": outcome,
        "branches": branches,
    });
    let extra = api_inputs(driver, pool, &p.input);
    if !extra.is_empty() {
        o["symbolic"] = J::Object(extra);
    }
    if let Some(from) = &p.origin {
        o["from"] = J::Array(from.iter().map(|(m, pc, d)| J::String(site_label(prog, *m, *pc, *d))).collect());
    }
    if !p.run.stdout.is_empty() {
        o["stdout"] = J::String(p.run.stdout.clone());
    }
    if !p.run.stderr.is_empty() {
        o["stderr"] = J::String(p.run.stderr.clone());
    }
    o
}

/// Writes `--tests FILE.jsonl`, one line per path as it finishes.
pub struct JsonlWriter<W: Write> {
    out: W,
    /// The first write error, reported at the end.
    pub error: Option<std::io::Error>,
}

impl<W: Write> JsonlWriter<W> {
    /// A writer over any sink.
    pub fn new(out: W) -> Self {
        JsonlWriter { out, error: None }
    }
}

impl<W: Write> Observer for JsonlWriter<W> {
    fn on_path(&mut self, driver: &Driver, pool: &ExprPool, prog: &Program, path: &PathRecord) {
        if self.error.is_some() {
            return;
        }
        let line = path_json(driver, pool, prog, path);
        let r = writeln!(self.out, "{line}").and_then(|_| self.out.flush());
        if let Err(e) = r {
            self.error = Some(e);
        }
    }
}
