//! The driver: which method to run, which parameters are symbolic, their domains, and how a
//! solver assignment maps back to parameter values.

use crate::bytecode::JType;
use crate::program::{LoadError, Program};
use crate::symbolic::eval::zero_of;
use crate::symbolic::{BinOp, ExprPool, Scalar, Sort};
use crate::vm::lazy::{InputHeap, InputValue};
use crate::vm::{ArgSpec, Entry};

/// Errors in the driver specification.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// The text does not parse.
    #[error("bad driver '{0}': expected pkg.Class.method or pkg.Class.method(type,…)")]
    Syntax(String),
    /// Class loading failed.
    #[error("driver class: {0}")]
    Load(#[from] LoadError),
    /// No such method.
    #[error("no method {method} in class {class}{hint}")]
    NoMethod {
        /// Class.
        class: String,
        /// Method as written.
        method: String,
        /// Candidates.
        hint: String,
    },
    /// Several overloads, no signature given.
    #[error("method {0} is overloaded; give its parameter types, e.g. {1}")]
    Ambiguous(String, String),
    /// A parameter type that cannot be symbolic.
    #[error("parameter {index} of {method} has type {ty}, which jsymex cannot make symbolic")]
    BadParam {
        /// Method.
        method: String,
        /// Index.
        index: usize,
        /// Type.
        ty: String,
    },
    /// `--symbolic` or `--input` does not fit.
    #[error("{0}")]
    Inputs(String),
    /// The run's budget ran out (time, memory, a signal) while the inputs were being declared.
    #[error("the budget ran out while declaring the driver's inputs ({})", crate::budget::reason(*.0))]
    Exhausted(crate::budget::Exhausted),
}

/// Options that shape the inputs.
#[derive(Clone, Debug, Default)]
pub struct InputOptions {
    /// `sym`/`con` per parameter (SPF convention); empty = all symbolic.
    pub symbolic: Vec<bool>,
    /// First-run values in parameter order.
    pub input: Vec<String>,
    /// Lower bound of every symbolic int-like input.
    pub min_int: Option<i64>,
    /// Upper bound of every symbolic int-like input.
    pub max_int: Option<i64>,
    /// Length of symbolic array parameters. Default 2.
    pub array_len: Option<usize>,
    /// With a longer maximum than `array_len`, array parameters have a symbolic length in
    /// `array_len..=array_len_max` (initialised lazily, [`crate::vm::lazy`]).
    pub array_len_max: Option<usize>,
    /// Length of symbolic string parameters. Default 3.
    pub string_len: Option<usize>,
    /// Reference parameters are null instead of initialised lazily ([`crate::vm::lazy`]).
    pub no_lazy: bool,
}

/// A parameter's layout in the assignment.
#[derive(Clone, Debug)]
pub enum ParamLayout {
    /// A scalar: variable (symbolic) or concrete value.
    Scalar {
        /// Type.
        ty: JType,
        /// Variable index when symbolic.
        var: Option<u32>,
        /// Concrete value when not.
        concrete: Scalar,
    },
    /// A primitive array of symbolic elements.
    Array {
        /// Element type.
        elem: JType,
        /// Variables.
        vars: Vec<u32>,
    },
    /// A `String` of symbolic characters.
    Str {
        /// One variable per character.
        vars: Vec<u32>,
    },
    /// A `String[]` of symbolic strings.
    StrArray {
        /// The strings' character variables.
        strings: Vec<Vec<u32>>,
    },
    /// A reference initialised lazily ([`crate::vm::lazy`]): its value is the path's
    /// [`crate::vm::lazy::InputHeap`].
    Lazy(JType),
    /// null (a reference parameter kept concrete).
    Null(JType),
}

/// A resolved driver.
#[derive(Clone, Debug)]
pub struct Driver {
    /// `pkg.Cls.method(types)` for reports.
    pub display: String,
    /// Source file of the class, for branch labels.
    pub source_file: Option<String>,
    /// What the VM runs.
    pub entry: Entry,
    /// Parameters.
    pub params: Vec<ParamLayout>,
    /// The first input.
    pub initial: Vec<Scalar>,
    /// Return type.
    pub ret: JType,
}

fn sort_of(t: &JType) -> Option<Sort> {
    Some(match t {
        JType::Boolean | JType::Byte | JType::Char | JType::Short | JType::Int => Sort::I32,
        JType::Long => Sort::I64,
        JType::Float => Sort::F32,
        JType::Double => Sort::F64,
        _ => return None,
    })
}

fn parse_value(t: &JType, s: &str) -> Option<Scalar> {
    let s = s.trim();
    Some(match t {
        JType::Boolean => Scalar::I32(match s {
            "true" | "1" => 1,
            "false" | "0" => 0,
            _ => return None,
        }),
        JType::Char if s.chars().count() == 1 && !s.chars().all(|c| c.is_ascii_digit()) => Scalar::I32(s.chars().next()? as i32),
        JType::Byte | JType::Char | JType::Short | JType::Int => {
            let v = s.parse::<i64>().ok()?;
            let (lo, hi) = match t {
                JType::Byte => (i8::MIN as i64, i8::MAX as i64),
                JType::Char => (0, u16::MAX as i64),
                JType::Short => (i16::MIN as i64, i16::MAX as i64),
                _ => (i32::MIN as i64, i32::MAX as i64),
            };
            if v < lo || v > hi {
                return None;
            }
            Scalar::I32(v as i32)
        }
        JType::Long => Scalar::I64(s.trim_end_matches(['L', 'l']).parse().ok()?),
        JType::Float => Scalar::F32(parse_float(s)? as f32),
        JType::Double => Scalar::F64(parse_float(s)?),
        _ => return None,
    })
}

fn parse_float(s: &str) -> Option<f64> {
    match s {
        "NaN" => Some(f64::NAN),
        "Infinity" | "+Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        _ => s.trim_end_matches(['d', 'D', 'f', 'F']).parse().ok(),
    }
}

/// The natural domain of a type, intersected with the user's int range.
fn domain(t: &JType, opts: &InputOptions) -> Option<(i64, i64)> {
    crate::vm::int_domain(t, (opts.min_int, opts.max_int))
}

/// Splits `pkg.Cls.method(types)` into class, method and optional types.
pub fn parse_spec(spec: &str) -> Result<(String, String, Option<Vec<String>>), DriverError> {
    let spec = spec.trim();
    let (head, types) = match spec.find('(') {
        Some(i) => {
            let inner = spec[i + 1..].strip_suffix(')').ok_or_else(|| DriverError::Syntax(spec.into()))?;
            let ts = if inner.trim().is_empty() {
                vec![]
            } else {
                inner.split(',').map(|s| s.trim().to_string()).collect()
            };
            (&spec[..i], Some(ts))
        }
        None => (spec, None),
    };
    let (class, method) = head.rsplit_once('.').ok_or_else(|| DriverError::Syntax(spec.into()))?;
    if class.is_empty() || method.is_empty() {
        return Err(DriverError::Syntax(spec.into()));
    }
    Ok((class.to_string(), method.to_string(), types))
}

/// Finds the driver method named by a spec.
pub fn find_method(prog: &Program, spec: &str) -> Result<u32, DriverError> {
    let (class, method, types) = parse_spec(spec)?;
    let internal = class.replace('.', "/");
    let cid = prog.load(&internal)?;
    let cls = prog.class(cid).clone();
    let candidates: Vec<u32> = cls.methods.iter().copied().filter(|m| *prog.method(*m).name == *method).collect();
    let sig = |m: u32| {
        let mm = prog.method(m);
        format!(
            "{}.{}({})",
            class,
            method,
            mm.mdesc.params.iter().map(|p| p.java_name()).collect::<Vec<_>>().join(",")
        )
    };
    let chosen = match &types {
        Some(ts) => {
            let wanted: Option<Vec<JType>> = ts.iter().map(|t| JType::from_java_name(t)).collect();
            let wanted = wanted.ok_or_else(|| DriverError::Syntax(spec.into()))?;
            let w2: Vec<JType> = wanted
                .iter()
                .map(|t| match t {
                    JType::Object(n) if !n.contains('/') && n.as_ref() != "String" => t.clone(),
                    _ => t.clone(),
                })
                .collect();
            candidates.iter().copied().find(|m| prog.method(*m).mdesc.params == w2)
        }
        None => {
            if candidates.len() > 1 {
                return Err(DriverError::Ambiguous(format!("{class}.{method}"), sig(candidates[0])));
            }
            candidates.first().copied()
        }
    };
    let Some(mid) = chosen else {
        let hint = if candidates.is_empty() {
            String::new()
        } else {
            format!(
                " with that signature (found: {})",
                candidates.iter().map(|m| sig(*m)).collect::<Vec<_>>().join(", ")
            )
        };
        return Err(DriverError::NoMethod {
            class: class.clone(),
            method: spec.to_string(),
            hint,
        });
    };
    let m = prog.method(mid).clone();
    if m.is_abstract() || m.is_native() {
        return Err(DriverError::NoMethod {
            class: class.clone(),
            method: spec.to_string(),
            hint: " with code (it is abstract or native)".into(),
        });
    }
    Ok(mid)
}

/// Resolves the driver and declares its input variables, with their domains, in the pool.
pub fn resolve(
    prog: &Program,
    pool: &mut ExprPool,
    spec: &str,
    opts: &InputOptions,
    budget: &crate::budget::Budget,
) -> Result<Driver, DriverError> {
    // Large symbolic arrays and strings take a while to declare: poll the budget as we go.
    let check = |k: usize| match budget
        .exhausted()
        .or_else(|| if k.is_multiple_of(4096) { budget.poll() } else { None })
    {
        Some(why) => Err(DriverError::Exhausted(why)),
        None => Ok(()),
    };
    let mid = find_method(prog, spec)?;
    let m = prog.method(mid).clone();
    let cls = prog.class(m.class).clone();
    let cid = cls.id;
    let sig = |m: u32| {
        let mm = prog.method(m);
        format!(
            "{}.{}({})",
            cls.java_name(),
            mm.name,
            mm.mdesc.params.iter().map(|p| p.java_name()).collect::<Vec<_>>().join(",")
        )
    };
    let params = m.mdesc.params.clone();
    let type_args = m.param_type_args().filter(|a| a.len() == params.len()).unwrap_or_default();
    let type_args_of = |i: usize| -> std::sync::Arc<[String]> { type_args.get(i).cloned().unwrap_or_default().into() };
    if !opts.symbolic.is_empty() && opts.symbolic.len() != params.len() {
        return Err(DriverError::Inputs(format!(
            "--symbolic lists {} entries but {} has {} parameters",
            opts.symbolic.len(),
            sig(mid),
            params.len()
        )));
    }
    if opts.input.len() > params.len() {
        return Err(DriverError::Inputs(format!(
            "--input lists {} values but {} has {} parameters",
            opts.input.len(),
            sig(mid),
            params.len()
        )));
    }
    let mut layout = Vec::new();
    let mut initial = Vec::new();
    let mut args = Vec::new();
    let alen = opts.array_len.unwrap_or(2);
    for (i, p) in params.iter().enumerate() {
        let sym = opts.symbolic.get(i).copied().unwrap_or(true);
        let given = opts.input.get(i).map(|s| s.as_str()).filter(|s| !s.is_empty());
        // Objects, and arrays of references or of a symbolic length, are initialised lazily.
        let lazy = sym
            && !opts.no_lazy
            && match p {
                JType::Array(elem) => opts.array_len_max.is_some_and(|m| m > alen) || !elem.is_primitive() && !is_string(elem),
                t => crate::vm::lazy::is_lazy_type(t),
            };
        match p {
            t if lazy => {
                if given.is_some() {
                    return Err(DriverError::Inputs(format!(
                        "--input gives a value for parameter {i}, a {}, which is initialised lazily (leave it empty)",
                        t.java_name()
                    )));
                }
                layout.push(ParamLayout::Lazy(t.clone()));
                args.push(ArgSpec::Lazy {
                    index: i,
                    ty: t.clone(),
                    type_args: type_args_of(i),
                });
            }
            t if t.is_primitive() => {
                let sort = sort_of(t).ok_or_else(|| DriverError::BadParam {
                    method: sig(mid),
                    index: i,
                    ty: t.java_name(),
                })?;
                let dom = domain(t, opts);
                let mut value = match given {
                    Some(s) => parse_value(t, s).ok_or_else(|| {
                        DriverError::Inputs(format!(
                            "--input value '{s}' for parameter {i} is not a valid {} (or does not fit it)",
                            t.java_name()
                        ))
                    })?,
                    None => zero_of(sort),
                };
                if let (Some((lo, hi)), Scalar::I32(v), None) = (dom, value, given) {
                    value = Scalar::I32((v as i64).clamp(lo, hi) as i32);
                }
                if let (Some((lo, hi)), Scalar::I32(v), Some(g), true) = (dom, value, given, sym)
                    && ((v as i64) < lo || (v as i64) > hi)
                {
                    return Err(DriverError::Inputs(format!(
                        "--input value '{g}' for parameter {i} is outside its domain {lo}..{hi} (--min-int/--max-int)"
                    )));
                }
                if sym {
                    let e = pool.new_var(&format!("arg{i}"), sort);
                    let v = var_id(pool, e);
                    if let Some((lo, hi)) = dom {
                        add_domain(pool, v, e, lo, hi, sort);
                    }
                    initial.push(value);
                    layout.push(ParamLayout::Scalar {
                        ty: t.clone(),
                        var: Some(v),
                        concrete: value,
                    });
                    args.push(ArgSpec::Scalar {
                        ty: t.clone(),
                        var: Some(v),
                        concrete: value,
                    });
                } else {
                    layout.push(ParamLayout::Scalar {
                        ty: t.clone(),
                        var: None,
                        concrete: value,
                    });
                    args.push(ArgSpec::Scalar {
                        ty: t.clone(),
                        var: None,
                        concrete: value,
                    });
                }
            }
            JType::Array(elem) if elem.is_primitive() && sym => {
                let sort = sort_of(elem).ok_or_else(|| DriverError::BadParam {
                    method: sig(mid),
                    index: i,
                    ty: p.java_name(),
                })?;
                let dom = domain(elem, opts);
                let mut vars = Vec::new();
                for k in 0..alen {
                    check(k)?;
                    let e = pool.new_var(&format!("arg{i}[{k}]"), sort);
                    let v = var_id(pool, e);
                    if let Some((lo, hi)) = dom {
                        add_domain(pool, v, e, lo, hi, sort);
                        initial.push(Scalar::I32(0i64.clamp(lo, hi) as i32));
                    } else {
                        initial.push(zero_of(sort));
                    }
                    vars.push(v);
                }
                layout.push(ParamLayout::Array {
                    elem: (**elem).clone(),
                    vars: vars.clone(),
                });
                args.push(ArgSpec::Array {
                    elem: (**elem).clone(),
                    vars,
                });
            }
            JType::Object(n) if sym && n.as_ref() == "java/lang/String" => {
                let slen = opts.string_len.unwrap_or(3);
                let text: Vec<u16> = given.map(|g| g.encode_utf16().collect()).unwrap_or_default();
                if text.len() > slen {
                    return Err(DriverError::Inputs(format!(
                        "--input value '{}' for parameter {i} has {} characters but symbolic strings have {slen} (raise --string-len)",
                        given.unwrap_or_default(),
                        text.len()
                    )));
                }
                let mut vars: Vec<u32> = Vec::with_capacity(slen.min(1 << 20));
                for k in 0..slen {
                    check(k)?;
                    vars.push(string_char(pool, &format!("arg{i}[{k}]"), text.get(k).copied(), &mut initial));
                }
                layout.push(ParamLayout::Str { vars: vars.clone() });
                args.push(ArgSpec::Str { vars });
            }
            JType::Array(elem) if sym && matches!(elem.as_ref(), JType::Object(n) if n.as_ref() == "java/lang/String") => {
                let slen = opts.string_len.unwrap_or(3);
                let mut strings: Vec<Vec<u32>> = Vec::new();
                for j in 0..alen {
                    let mut chars = Vec::new();
                    for k in 0..slen {
                        check(j.wrapping_mul(slen).wrapping_add(k))?;
                        chars.push(string_char(pool, &format!("arg{i}[{j}][{k}]"), None, &mut initial));
                    }
                    strings.push(chars);
                }
                layout.push(ParamLayout::StrArray { strings: strings.clone() });
                args.push(ArgSpec::StrArray { strings });
            }
            other if !sym || opts.no_lazy && !matches!(other, JType::Array(e) if e.is_primitive() || is_string(e)) => {
                layout.push(ParamLayout::Null(other.clone()));
                args.push(ArgSpec::Null);
            }
            other => {
                return Err(DriverError::BadParam {
                    method: sig(mid),
                    index: i,
                    ty: other.java_name(),
                });
            }
        }
    }
    let display = sig(mid);
    Ok(Driver {
        display,
        source_file: cls.source_file.clone(),
        entry: Entry {
            class: cid,
            method: mid,
            args,
        },
        params: layout,
        initial,
        ret: m.mdesc.ret.clone(),
    })
}

fn is_string(t: &JType) -> bool {
    matches!(t, JType::Object(n) if n.as_ref() == "java/lang/String")
}

/// Declares a symbolic string character: a UTF-16 unit outside the surrogate range (so every
/// generated input is a valid string), initially `init` or 'a'.
fn string_char(pool: &mut ExprPool, name: &str, init: Option<u16>, initial: &mut Vec<Scalar>) -> u32 {
    let e = pool.new_var(name, Sort::I32);
    let v = var_id(pool, e);
    let z = pool.i32(0);
    let m = pool.i32(0xFFFF);
    let lo = pool.i32(0xD800);
    let hi = pool.i32(0xDFFF);
    let a = pool.bin(BinOp::Le, z, e);
    let b = pool.bin(BinOp::Le, e, m);
    let below = pool.bin(BinOp::Lt, e, lo);
    let above = pool.bin(BinOp::Lt, hi, e);
    let r = pool.bin(BinOp::And, a, b);
    let ns = pool.bin(BinOp::Or, below, above);
    let d = pool.bin(BinOp::And, r, ns);
    pool.set_var_domain(v, d);
    initial.push(Scalar::I32(init.unwrap_or(b'a' as u16) as i32));
    v
}

fn var_id(pool: &ExprPool, e: crate::symbolic::ExprId) -> u32 {
    match pool.node(e) {
        crate::symbolic::Node::Var(v, _) => *v,
        _ => 0,
    }
}

fn add_domain(pool: &mut ExprPool, v: u32, e: crate::symbolic::ExprId, lo: i64, hi: i64, sort: Sort) {
    if sort != Sort::I32 || (lo == i32::MIN as i64 && hi == i32::MAX as i64) {
        return;
    }
    let l = pool.i32(lo as i32);
    let h = pool.i32(hi as i32);
    let a = pool.bin(BinOp::Le, l, e);
    let b = pool.bin(BinOp::Le, e, h);
    let c = pool.bin(BinOp::And, a, b);
    pool.set_var_domain(v, c);
}

/// Renders the parameters of an assignment as JSON values in parameter order; lazily
/// initialised parameters from the path's input heap (see [`object_json`]).
pub fn inputs_json(d: &Driver, a: &[Scalar], heap: Option<&InputHeap>) -> Vec<serde_json::Value> {
    let mut seen = vec![false; heap.map_or(0, |h| h.objects.len())];
    d.params
        .iter()
        .enumerate()
        .map(|(i, p)| match p {
            ParamLayout::Lazy(t) => {
                let v = heap.and_then(|h| h.params.iter().find(|(k, _)| *k == i).and_then(|(_, v)| v.as_ref()));
                match (heap, v) {
                    (Some(h), Some(v)) => lazy_value_json(h, v, t, a, &mut seen),
                    _ => serde_json::Value::Null,
                }
            }
            ParamLayout::Scalar { ty, var, concrete } => {
                let v = var.and_then(|v| a.get(v as usize).copied()).unwrap_or(*concrete);
                scalar_json(ty, v)
            }
            ParamLayout::Array { elem, vars } => serde_json::Value::Array(
                vars.iter()
                    .map(|v| scalar_json(elem, a.get(*v as usize).copied().unwrap_or(Scalar::I32(0))))
                    .collect(),
            ),
            ParamLayout::Str { vars } => serde_json::Value::String(string_of(vars, a)),
            ParamLayout::StrArray { strings } => {
                serde_json::Value::Array(strings.iter().map(|v| serde_json::Value::String(string_of(v, a))).collect())
            }
            ParamLayout::Null(_) => serde_json::Value::Null,
        })
        .collect()
}

/// A symbolic object as JSON: `{"class": "pkg.Node", "id": 1, "fields": {"elem": 3, "next":
/// {"ref": 1}}}` the first time the rendering meets it (ids number the path's symbolic objects
/// from 1), `{"ref": id}` after; fields the path never read are left out. An array of
/// references is `{"class": "pkg.Node[]", "id": 2, "elements": [null, {"ref": 1}]}` (elements
/// the path never read are null).
fn object_json(h: &InputHeap, k: usize, a: &[Scalar], seen: &mut [bool]) -> serde_json::Value {
    if seen[k] {
        return serde_json::json!({ "ref": k + 1 });
    }
    seen[k] = true;
    let o = &h.objects[k];
    if let Some((_, map)) = crate::vm::lazy::collection_impl(&o.class) {
        let mut vals = o.fields.iter().map(|f| match &f.value {
            Some(v) => lazy_value_json(h, v, &f.ty, a, seen),
            None => serde_json::Value::Null,
        });
        let class = o.class.replace('/', ".");
        if map {
            let mut entries = Vec::new();
            while let (Some(k), Some(v)) = (vals.next(), vals.next()) {
                entries.push(serde_json::json!([k, v]));
            }
            return serde_json::json!({ "class": class, "id": k + 1, "entries": entries });
        }
        return serde_json::json!({ "class": class, "id": k + 1, "elements": vals.collect::<Vec<_>>() });
    }
    if o.class.starts_with('[') {
        let elements: Vec<serde_json::Value> = o
            .fields
            .iter()
            .map(|f| match &f.value {
                Some(v) => lazy_value_json(h, v, &f.ty, a, seen),
                None => serde_json::Value::Null,
            })
            .collect();
        let class = JType::parse(&o.class).map_or_else(|| o.class.to_string(), |t| t.java_name());
        return serde_json::json!({ "class": class, "id": k + 1, "elements": elements });
    }
    let mut fields = serde_json::Map::new();
    for f in &o.fields {
        if let Some(v) = &f.value {
            let key = if o.fields.iter().filter(|g| g.name == f.name).count() > 1 {
                format!("{}.{}", f.owner.replace('/', "."), f.name)
            } else {
                f.name.to_string()
            };
            fields.insert(key, lazy_value_json(h, v, &f.ty, a, seen));
        }
    }
    serde_json::json!({ "class": o.class.replace('/', "."), "id": k + 1, "fields": fields })
}

/// One resolved reference or primitive field as JSON.
fn lazy_value_json(h: &InputHeap, v: &InputValue, ty: &JType, a: &[Scalar], seen: &mut [bool]) -> serde_json::Value {
    let elem = match ty {
        JType::Array(e) => (**e).clone(),
        _ => JType::Int,
    };
    match v {
        InputValue::Null => serde_json::Value::Null,
        InputValue::Object(k) => object_json(h, *k, a, seen),
        InputValue::Prim(var) => scalar_json(ty, value_of(*var, ty, a)),
        InputValue::Str(vars) => serde_json::Value::String(string_of(vars, a)),
        InputValue::Array(vars) => serde_json::Value::Array(vars.iter().map(|v| scalar_json(&elem, value_of(*v, &elem, a))).collect()),
    }
}

/// The value of input variable `var` of a primitive type under an assignment (the type's zero
/// when the assignment does not reach it).
pub fn value_of(var: u32, ty: &JType, a: &[Scalar]) -> Scalar {
    a.get(var as usize)
        .copied()
        .unwrap_or_else(|| sort_of(ty).map(zero_of).unwrap_or(Scalar::I32(0)))
}

/// The text of a symbolic string under an assignment.
pub fn string_of(vars: &[u32], a: &[Scalar]) -> String {
    let units: Vec<u16> = vars
        .iter()
        .map(|v| match a.get(*v as usize) {
            Some(Scalar::I32(c)) => *c as u16,
            _ => b'a' as u16,
        })
        .collect();
    String::from_utf16_lossy(&units)
}

/// A scalar as JSON, per the output contract.
pub fn scalar_json(t: &JType, v: Scalar) -> serde_json::Value {
    use serde_json::Value as J;
    match (t, v) {
        (JType::Boolean, Scalar::I32(i)) => J::Bool(i != 0),
        (_, Scalar::I32(i)) => J::from(i),
        (_, Scalar::I64(i)) => J::from(i),
        (_, Scalar::Bool(b)) => J::Bool(b),
        (_, Scalar::F32(f)) => float_json(f as f64),
        (_, Scalar::F64(f)) => float_json(f),
    }
}

/// A double as JSON: numbers, or "NaN"/"Infinity"/"-Infinity".
pub fn float_json(f: f64) -> serde_json::Value {
    if f.is_nan() {
        "NaN".into()
    } else if f.is_infinite() {
        if f > 0.0 { "Infinity".into() } else { "-Infinity".into() }
    } else {
        serde_json::Number::from_f64(f)
            .map(serde_json::Value::Number)
            .unwrap_or(serde_json::Value::Null)
    }
}
