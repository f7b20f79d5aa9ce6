//! Library code a driver may reach that jsymex has no model for: classes that are neither
//! modelled nor on the classpath, methods a model class lacks, and native methods without an
//! implementation. The call graph is the coverage views' (class-hierarchy analysis over every
//! loaded class, calls through models followed, static initialisers), so a run stops with "no
//! model" only where this report lists something; what it lists may still be on paths no input
//! takes.

use crate::analysis::resolve_targets;
use crate::bytecode::Op;
use crate::program::Program;
use std::collections::{BTreeMap, VecDeque};

/// One missing piece of the library.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct MissingModel {
    /// What is missing: `java.util.regex.Pattern` (a class) or `java.lang.Character.isDefined(C)Z`.
    pub what: String,
    /// `class`, `method` or `native`.
    pub kind: &'static str,
    /// The first method found calling it (`pkg.Cls.method(desc)`).
    pub from: String,
}

/// Whether a class name belongs to the Java platform (what the models stand for).
pub fn is_platform(internal: &str) -> bool {
    ["java/", "javax/", "jdk/", "sun/", "com/sun/", "org/w3c/", "org/xml/", "org/ietf/"]
        .iter()
        .any(|p| internal.starts_with(p))
}

/// What the driver `root` may reach without a model, sorted by name.
pub fn missing_models(prog: &Program, root: u32) -> Vec<MissingModel> {
    for name in prog.classpath.user_class_names() {
        let _ = prog.load(&name);
    }
    let mut found: BTreeMap<String, MissingModel> = BTreeMap::new();
    let mut seen = vec![false; prog.method_count()];
    let mut queue = VecDeque::from([root]);
    let mut inited = std::collections::HashSet::new();
    let mut note = |what: String, kind: &'static str, from: &str| {
        found.entry(what.clone()).or_insert(MissingModel {
            what,
            kind,
            from: from.to_string(),
        });
    };
    while let Some(mid) = queue.pop_front() {
        let i = mid as usize;
        if i >= seen.len() {
            seen.resize(i + 1, false);
        }
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        let m = prog.method(mid).clone();
        let from = m.display();
        if m.is_native() && !prog.class(m.class).is_user() && !crate::vm::natives::has_native(&m.class_name, &m.name, &m.desc) {
            note(from.clone(), "native", &from);
        }
        let mut classes: Vec<std::sync::Arc<str>> = vec![m.class_name.clone()];
        for op in m.code.iter() {
            match op {
                Op::GetStatic(r) | Op::PutStatic(r) | Op::GetField(r) | Op::PutField(r) => classes.push(r.class.clone()),
                Op::New(c) | Op::CheckCast(c) | Op::InstanceOf(c) | Op::ANewArray(c) => classes.push(c.clone()),
                Op::Invoke(kind, r) => {
                    classes.push(r.class.clone());
                    if r.class.starts_with('[') {
                        continue;
                    }
                    match prog.load(&r.class) {
                        Err(_) => continue,
                        Ok(cid) if prog.resolve_method(cid, &r.name, &r.desc).is_none() => {
                            if !prog.class(cid).is_user() {
                                note(format!("{}.{}{}", r.class.replace('/', "."), r.name, r.desc), "method", &from);
                            }
                            continue;
                        }
                        Ok(_) => {}
                    }
                    queue.extend(resolve_targets(prog, *kind, &r.class, &r.name, &r.desc));
                }
                _ => {}
            }
        }
        for c in classes {
            let name = c.trim_start_matches('[');
            let name = name.strip_prefix('L').and_then(|n| n.strip_suffix(';')).unwrap_or(name);
            if name.len() == 1 && c.starts_with('[') {
                continue;
            }
            match prog.load(name) {
                Err(e) if e.is_verify() => {}
                Err(_) => note(name.replace('/', "."), "class", &from),
                Ok(cid) => {
                    let mut cur = Some(cid);
                    while let Some(id) = cur {
                        if inited.insert(id)
                            && let Some(ci) = prog.declared_method(id, "<clinit>", "()V")
                        {
                            queue.push_back(ci);
                        }
                        cur = prog.class(id).super_id;
                    }
                }
            }
        }
    }
    found.into_values().collect()
}
