//! A diagnostic for imprecise modelling: with `JSYMEX_DEBUG_DIVERGE` set, every run that did not
//! follow its task's prefix is described on standard error (the flipped site and the first
//! event where the run and the prefix differ).

use crate::program::Program;
use crate::symbolic::ExprPool;
use crate::task::Task;
use crate::vm::Event;

/// True when divergence diagnostics are asked for.
pub fn diverge_enabled() -> bool {
    std::env::var_os("JSYMEX_DEBUG_DIVERGE").is_some()
}

/// Describes a diverged run of `t` on standard error.
pub fn report_divergence(prog: &Program, pool: &ExprPool, t: &Task, events: &[Event]) {
    let m = prog.method(t.site.0);
    eprintln!(
        "diverged: {}.{}:{} occ {} dir {}",
        m.class_name,
        m.name,
        m.line(t.site.1),
        t.occ,
        t.site.2
    );
    let pre = t.prefix.constraints();
    if let Some(i) = (0..pre.len()).find(|&i| events.get(i).map(|e| e.cond) != Some(pre[i])) {
        let show = |e: Option<&Event>| {
            e.map(|e| {
                let m = prog.method(e.method);
                format!("{}.{}:{} dir {}", m.class_name, m.name, m.line(e.pc), e.dir)
            })
        };
        eprintln!("   first difference at event {i} of {}: run {:?}", pre.len(), show(events.get(i)));
        eprintln!("   run cond {}", events.get(i).map(|e| pool.display(e.cond)).unwrap_or_default());
        eprintln!("   expected {}", pool.display(pre[i]));
    }
}
