//! Two precision rules of the static analysis (`jsymex::analysis`), through its Rust API:
//! an exception of a known class reaches only the handler that certainly catches it (the
//! may-throw analysis tracks the classes a method may let escape), and the potential
//! dependences a run can kill by writing a local (`analysis::kills`).

mod common;
use jsymex::analysis::{AnalysisOptions, MethodTables, NodeRef, analyze, call_graph, throws};
use jsymex::bytecode::Op;
use jsymex::classpath::ClassPath;
use jsymex::program::Program;

const SRC: &str = r#"
public class HK {
    static int thrIse(int v) { if (v > 2) throw new IllegalStateException(); return v; }

    static int caughtThrow(int a, int b) {
        int r = 0, fl = 0;
        try { if (b > 2) throw new RuntimeException(); } catch (RuntimeException e) { fl = 1; }
        if (a == 3) { if (fl == 1) { r = 82; } }
        return r;
    }

    static int uncaughtThrow(int a, int b) {
        int r = 0, fl = 0;
        try { if (b > 2) throw new RuntimeException(); } catch (IllegalStateException e) { fl = 1; }
        if (a == 3) { if (fl == 1) { r = 82; } }
        return r;
    }

    static int caughtCall(int a, int b) {
        int r = 0, fl = 0;
        try { thrIse(b); } catch (IllegalStateException e) { fl = 1; }
        if (a == 3) { if (fl == 1) { r = 82; } }
        return r;
    }

    static int otherHandler(int a, int b) {
        int r = 0, fl = 0;
        try { thrIse(b); } catch (UnsupportedOperationException e) { fl = 1; }
        if (a == 3) { if (fl == 1) { r = 82; } }
        return r;
    }

    static int rec(int x) { if (x <= 0) return 0; return 1 + rec(x - 1); }

    static int recPC(int a, int b) {
        int r = 0, x = 0;
        x = rec(2 - b);
        if (a == 1) { x = 2; r = b; }
        if (r == 0) { return 7; }
        x--;
        return 0;
    }

    static int condDef(int a, int c) {
        int x = 0;
        if (c < 0) { x--; }
        if (a == 2) { x = 3; }
        if (c < 0) { if (x == 3) { return 1; } }
        return 0;
    }

    public static int root(int a, int b) {
        return caughtThrow(a, b) + uncaughtThrow(a, b) + caughtCall(a, b) + otherHandler(a, b) + condDef(a, b) + recPC(a, b);
    }
}
"#;

struct Fixture {
    prog: Program,
    root: u32,
    _dir: tempfile::TempDir,
}

fn fixture() -> Fixture {
    let (dir, out) = common::javac(&[("HK.java", SRC)]);
    let prog = Program::new(ClassPath::parse(&out.to_string_lossy()).expect("classpath"));
    let root = jsymex::explore::driver::find_method(&prog, "HK.root").expect("driver");
    Fixture { prog, root, _dir: dir }
}

fn tables(f: &Fixture, name: &str) -> MethodTables {
    let t = analyze(&f.prog, f.root, &AnalysisOptions::default()).expect("analysis");
    t.methods
        .into_iter()
        .find(|m| m.method.starts_with(&format!("HK.{name}(")))
        .unwrap_or_else(|| panic!("no tables for {name}"))
}

/// The pc of the first instruction of method `HK.name` that `pick` accepts.
fn pc_of(f: &Fixture, name: &str, pick: impl Fn(&Op) -> bool) -> (u32, usize) {
    let mid = jsymex::explore::driver::find_method(&f.prog, &format!("HK.{name}")).expect("method");
    let m = f.prog.method(mid);
    let pc = (0..m.code.len())
        .find(|&pc| pick(&m.code[pc]))
        .unwrap_or_else(|| panic!("{name}: nothing picked"));
    (mid, pc)
}

/// The handler pcs of method `HK.name`.
fn handlers(f: &Fixture, name: &str) -> Vec<u32> {
    let mid = jsymex::explore::driver::find_method(&f.prog, &format!("HK.{name}")).expect("method");
    f.prog.method(mid).handlers.iter().map(|h| h.handler).collect()
}

#[test]
fn an_exception_of_a_known_class_reaches_only_the_handler_that_catches_it() {
    let f = fixture();
    let cg = call_graph(&f.prog, f.root);
    let mt = throws::analyze(&f.prog, &cg);
    let is_throw = |op: &Op| matches!(op, Op::Athrow);
    let is_call = |op: &Op| matches!(op, Op::Invoke(_, r) if &*r.name == "thrIse");
    // `throw new RuntimeException()` inside `catch (RuntimeException e)`: that handler only.
    let at = pc_of(&f, "caughtThrow", is_throw);
    assert!(mt.at(at.0, at.1));
    assert_eq!(mt.handled.get(&at), Some(&handlers(&f, "caughtThrow")));
    // The same throw inside `catch (IllegalStateException e)` leaves the method.
    let at = pc_of(&f, "uncaughtThrow", is_throw);
    assert!(mt.at(at.0, at.1));
    assert_eq!(mt.handled.get(&at), None);
    // A callee that lets only IllegalStateException escape.
    let thr = jsymex::explore::driver::find_method(&f.prog, "HK.thrIse").expect("thrIse");
    assert!(mt.escapes(thr));
    let at = pc_of(&f, "caughtCall", is_call);
    assert_eq!(mt.handled.get(&at), Some(&handlers(&f, "caughtCall")));
    let at = pc_of(&f, "otherHandler", is_call);
    assert!(mt.at(at.0, at.1));
    assert_eq!(mt.handled.get(&at), None);
    // So the code after a `try` whose exceptions are all caught is control-dependent on
    // nothing, while with an exit edge it depends on not having thrown.
    let after_try = |name: &str| {
        let t = tables(&f, name);
        let line = t.lines[pc_of(&f, name, is_throw_or_call).1] + 1;
        let pc = (0..t.lines.len()).find(|&pc| t.lines[pc] == line).expect("line after the try");
        t.control[pc].clone()
    };
    assert!(after_try("caughtThrow").is_empty(), "{:?}", after_try("caughtThrow"));
    assert!(after_try("caughtCall").is_empty(), "{:?}", after_try("caughtCall"));
    assert!(!after_try("uncaughtThrow").is_empty());
    assert!(!after_try("otherHandler").is_empty());
}

fn is_throw_or_call(op: &Op) -> bool {
    matches!(op, Op::Athrow) || matches!(op, Op::Invoke(_, r) if &*r.name == "thrIse")
}

#[test]
fn a_potential_dependence_through_a_local_is_killed_by_a_write_of_the_local() {
    let f = fixture();
    let t = tables(&f, "condDef");
    let m = f.prog.method(t.id);
    // if (c < 0) { x--; }: the first conditional; `x == 3`: the conditional after `x = 3`.
    let ifs: Vec<u32> = (0..m.code.len())
        .filter(|&pc| matches!(m.code[pc], Op::If(..) | Op::IfCmp(..)))
        .map(|pc| pc as u32)
        .collect();
    assert_eq!(ifs.len(), 4, "{:?}", m.code);
    let (first_c, x_eq) = (ifs[0], ifs[3]);
    let x_slot = match m.code[(x_eq - 2) as usize] {
        Op::Load(n) => n,
        ref op => panic!("x == 3 loads x first: {op:?}"),
    };
    // `x == 3` is potentially dependent on `c < 0` false (dir 1: the jump over `x--`) through x,
    // and that dependence is killed once x is written.
    assert!(
        t.potential[x_eq as usize].contains(&(first_c, 1)),
        "{:?}",
        t.potential[x_eq as usize]
    );
    let kill = t
        .local_kills
        .iter()
        .find(|k| k.src == NodeRef::Dir(first_c, 1) && k.target == NodeRef::Instr(x_eq))
        .unwrap_or_else(|| panic!("no kill for ⟨{first_c}F, x == 3⟩: {:?}", t.local_kills));
    assert_eq!(kill.locals, vec![x_slot]);
    // The interactive pair that made a task negating the second `c < 0` keep the first one is
    // killable too: its source reaches the pair only through x.
    let second_c = NodeRef::Dir(ifs[2], 0);
    assert!(t.interactive.contains(&(NodeRef::Dir(first_c, 1), second_c)), "{:?}", t.interactive);
    assert!(
        t.local_kills
            .iter()
            .any(|k| k.src == NodeRef::Dir(first_c, 1) && k.target == second_c && k.locals == vec![x_slot]),
        "{:?}",
        t.local_kills
    );
}

#[test]
fn a_store_source_is_killed_by_the_next_write_of_its_local() {
    let f = fixture();
    let t = tables(&f, "recPC");
    let m = f.prog.method(t.id);
    // The store of rec's result into x, and `r == 0`.
    let call = (0..m.code.len())
        .find(|&pc| matches!(&m.code[pc], Op::Invoke(_, r) if &*r.name == "rec"))
        .expect("call");
    let (store, x_slot) = match m.code[call + 1] {
        Op::Store(n) => (call as u32 + 1, n),
        ref op => panic!("the call's result is stored: {op:?}"),
    };
    let r_eq = (0..m.code.len())
        .filter(|&pc| matches!(m.code[pc], Op::If(..) | Op::IfCmp(..)))
        .nth(1)
        .expect("r == 0") as u32;
    // `x--` after `r == 0` false reads x: ⟨x = rec(..), r == 0 false⟩, killable by writing x.
    let kills: Vec<_> = t
        .local_kills
        .iter()
        .filter(|k| k.src == NodeRef::Instr(store) && matches!(k.target, NodeRef::Dir(p, _) if p == r_eq))
        .collect();
    assert!(!kills.is_empty(), "no kill for the store: {:?} {:?}", t.local_kills, t.interactive);
    assert!(kills.iter().all(|k| k.locals == vec![x_slot]), "{kills:?}");
}
