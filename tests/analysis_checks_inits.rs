//! The static analysis DGSE runs on (`jsymex::analysis`) through its Rust API: the targets of
//! calls of functional interfaces (lambdas and method references), how implicit
//! checks take part in interactive dependence (as targets only), and class initialisers run by
//! the instructions that first use a class (analysed as calls when what they do depends on when
//! they run).

mod common;
use jsymex::analysis::tables::Branching;
use jsymex::analysis::{AnalysisOptions, MethodTables, NodeRef, analyze, call_graph, throws};
use jsymex::bytecode::Op;
use jsymex::classpath::ClassPath;
use jsymex::program::Program;

const SRC: &str = r#"
public class CI {
    static int S, Y;
    static class L { static int V; static { V = S; } }
    static class K { static int V = 3; static int[] T = { 1, 2 }; }
    static class W { static int V = 3; static { CI.Y = 7; } }

    static int divAfterBranch(int b) {
        int p = 0;
        if (b != 1) p = 2;
        int q = 10 / b;
        if (p > 1) Y = 1;
        return q;
    }

    static int readsInit(int a, int b) {
        if (a > 0) S = 1;
        if (b > 0) {
            if (L.V == 1) return 1;
        }
        return 0;
    }

    static int constantInit(int a, int b) {
        int[] w = { a, b };
        if (b > 0) { int v = K.V; }
        if (w[0] > 0) return 1;
        return 0;
    }

    static int writesInit(int a, int b) {
        if (b <= 0) { int v = W.V; }
        if (a > 0) { if (Y == 7) return 1; }
        return 0;
    }

    public static int root(int a, int b) {
        return divAfterBranch(b) + readsInit(a, b) + constantInit(a, b) + writesInit(a, b) + readsBad() + readsK();
    }

    static class Bad { static int V; static { if (S == 0) throw new RuntimeException(); } }
    static int readsBad() { try { return Bad.V; } catch (Throwable t) { return -1; } }
    static int readsK() { return K.V; }
}
"#;

struct Fixture {
    prog: Program,
    root: u32,
    _dir: tempfile::TempDir,
}

fn fixture() -> Fixture {
    let (dir, out) = common::javac(&[("CI.java", SRC)]);
    let prog = Program::new(ClassPath::parse(&out.to_string_lossy()).expect("classpath"));
    let root = jsymex::explore::driver::find_method(&prog, "CI.root").expect("driver");
    Fixture { prog, root, _dir: dir }
}

/// The tables DGSE uses (no source view) of method `CI.name`.
fn tables(f: &Fixture, name: &str) -> MethodTables {
    let t = analyze(&f.prog, f.root, &AnalysisOptions::default()).expect("analysis");
    t.methods
        .into_iter()
        .find(|m| m.method.starts_with(&format!("CI.{name}(")))
        .unwrap_or_else(|| panic!("no tables for {name}"))
}

/// The pc of the first instruction of `t` on `line` that `pick` accepts.
fn pc_at(f: &Fixture, t: &MethodTables, line: u16, pick: impl Fn(&Op) -> bool) -> u32 {
    let m = f.prog.method(t.id);
    (0..m.code.len())
        .find(|&pc| t.lines[pc] == line && pick(&m.code[pc]))
        .unwrap_or_else(|| panic!("{}: nothing picked on line {line}", t.method)) as u32
}

fn is_check(t: &MethodTables, pc: u32) -> bool {
    matches!(t.branching[pc as usize], Branching::Check(_))
}

#[test]
fn a_check_is_interactive_dependent_on_what_meets_its_control_and_never_a_source() {
    let f = fixture();
    let t = tables(&f, "divAfterBranch");
    let div = pc_at(&f, &t, 11, |op| matches!(op, Op::Arith(_)));
    assert!(is_check(&t, div), "the division is a check");
    let p2 = pc_at(&f, &t, 10, |op| matches!(op, Op::Store(_)));
    // `p > 1` is reached by the definition p = 2 together with the division's normal direction.
    assert!(
        t.interactive.contains(&(NodeRef::Instr(p2), NodeRef::Dir(div, 0))),
        "⟨p = 2, div0=F⟩ missing: {:?}",
        t.interactive
    );
    let sources: Vec<_> = t
        .interactive
        .iter()
        .filter(|(a, _)| matches!(a, NodeRef::Dir(p, _) if is_check(&t, *p)))
        .collect();
    assert!(sources.is_empty(), "a check is a source: {sources:?}");
}

#[test]
fn an_instruction_that_may_initialise_a_class_runs_its_initialiser() {
    let f = fixture();
    let cg = call_graph(&f.prog, f.root);
    let clinit = |class: &str| {
        let cid = f.prog.load(class).expect("loaded");
        f.prog.declared_method(cid, "<clinit>", "()V").expect("has <clinit>")
    };
    let t = tables(&f, "readsInit");
    let get_v = pc_at(&f, &t, 19, |op| matches!(op, Op::GetStatic(_)));
    assert_eq!(cg.inits.get(&(t.id, get_v as usize)), Some(&vec![clinit("CI$L")]));
    // Its own class is initialised before the method runs.
    let put_s = pc_at(&f, &t, 17, |op| matches!(op, Op::PutStatic(_)));
    assert_eq!(cg.inits.get(&(t.id, put_s as usize)), None);
    // L.<clinit> reads S where `L.V` runs it: `b > 0` meets the write S = 1.
    let b_pos = pc_at(&f, &t, 18, |op| matches!(op, Op::If(..)));
    assert!(
        t.interactive
            .iter()
            .any(|(a, b)| *a == NodeRef::Instr(put_s) && b.pc() == b_pos as usize),
        "no ⟨S = 1, b > 0⟩: {:?}",
        t.interactive
    );
    // W.<clinit> writes Y: `Y == 7` under `a > 0` depends on whether `W.V` ran it.
    let t = tables(&f, "writesInit");
    let get_w = pc_at(&f, &t, 32, |op| matches!(op, Op::GetStatic(_)));
    let a_pos = pc_at(&f, &t, 33, |op| matches!(op, Op::If(..)));
    assert!(
        t.interactive
            .iter()
            .any(|(a, b)| *a == NodeRef::Instr(get_w) && b.pc() == a_pos as usize),
        "no ⟨W.V, a > 0⟩: {:?}",
        t.interactive
    );
    // K.<clinit> writes constants to its own statics and a fresh array whenever it runs: it
    // is not analysed as a call, so `K.V` writes no int element and `w[0]` is not potentially
    // dependent on `b > 0` (whose other side would have run it).
    let t = tables(&f, "constantInit");
    let get_k = pc_at(&f, &t, 26, |op| matches!(op, Op::GetStatic(_)));
    assert!(cg.inits.contains_key(&(t.id, get_k as usize)));
    let b_pos = pc_at(&f, &t, 26, |op| matches!(op, Op::If(..)));
    let load = pc_at(&f, &t, 27, |op| matches!(op, Op::ArrayLoad(_)));
    assert!(
        !t.potential[load as usize].iter().any(|(b, _)| *b == b_pos),
        "w[0] potentially dependent on b > 0 through a constant initialiser: {:?}",
        t.potential[load as usize]
    );
}

const LAMBDAS: &str = r#"
import java.util.function.IntUnaryOperator;
public class LM {
    static int S;
    static int runS(Runnable q) { q.run(); return S; }
    static int apply(IntUnaryOperator f, int x) { return f.applyAsInt(x); }
    static int twice(int x) { return 2 * x; }
    public static int root(int c) {
        Runnable ru = () -> { };
        if (c == 2) { ru = () -> { S = 1; }; }
        return runS(ru) + apply(LM::twice, c) + apply(x -> x + S, c);
    }
}
"#;

/// A call of a functional interface's method may run every lambda body (and referenced method)
/// the reachable code makes for that interface: the VM makes lambda classes at run time, so
/// class-hierarchy analysis alone gave `q.run()` no target, and `runS` no write of `S`.
#[test]
fn a_functional_interface_call_runs_the_lambdas_made_for_it() {
    let (_dir, out) = common::javac(&[("LM.java", LAMBDAS)]);
    let prog = Program::new(ClassPath::parse(&out.to_string_lossy()).expect("classpath"));
    let root = jsymex::explore::driver::find_method(&prog, "LM.root").expect("driver");
    let cg = call_graph(&prog, root);
    let cid = prog.load("LM").unwrap();
    let methods: Vec<u32> = prog.class(cid).methods.clone();
    let named = |n: &str| -> Vec<u32> { methods.iter().copied().filter(|m| prog.method(*m).name.starts_with(n)).collect() };
    let site_targets = |caller: &str, name: &str| -> Vec<u32> {
        let mid = named(caller)[0];
        let m = prog.method(mid);
        let pc = (0..m.code.len())
            .find(|&pc| matches!(&m.code[pc], Op::Invoke(_, r) if &*r.name == name))
            .expect("call site");
        let mut ts = cg.targets.get(&(mid, pc)).cloned().unwrap_or_default();
        ts.sort_unstable();
        ts
    };
    let lambdas = named("lambda$root$");
    assert_eq!(lambdas.len(), 3, "three lambda bodies");
    // `q.run()`: the two Runnable lambdas, not the IntUnaryOperator one.
    let runnables: Vec<u32> = lambdas.iter().copied().filter(|m| &*prog.method(*m).desc == "()V").collect();
    assert_eq!(site_targets("runS", "run"), runnables);
    // `f.applyAsInt(x)`: the method reference and the third lambda.
    let mut ops = vec![named("twice")[0]];
    ops.extend(lambdas.iter().copied().filter(|m| &*prog.method(*m).desc == "(I)I"));
    ops.sort_unstable();
    assert_eq!(site_targets("apply", "applyAsInt"), ops);
    for m in lambdas.iter().chain(&ops) {
        assert!(cg.methods.contains(m), "{} is reachable", prog.method(*m).name);
    }
    assert!(cg.unresolved.is_empty(), "{:?}", cg.unresolved);
}

/// An instruction that runs a class initialiser which may let an exception escape throws an
/// ExceptionInInitializerError there (a handler for it is reached only that way); one whose
/// initialiser cannot throw does not.
#[test]
fn an_instruction_throws_where_the_initialiser_it_runs_may_throw() {
    let f = fixture();
    let cg = call_graph(&f.prog, f.root);
    let mt = throws::analyze(&f.prog, &cg);
    let getstatic_in = |name: &str| {
        let t = tables(&f, name);
        let m = f.prog.method(t.id);
        let pc = (0..m.code.len())
            .find(|&pc| matches!(m.code[pc], Op::GetStatic(_)))
            .expect("getstatic");
        (t.id, pc)
    };
    let (bad, pc) = getstatic_in("readsBad");
    assert!(mt.at(bad, pc), "Bad.V may throw");
    assert!(!mt.escapes(bad), "the handler catches it");
    let (k, pc) = getstatic_in("readsK");
    assert!(!mt.at(k, pc), "K.V cannot throw");
    // The handler is control dependent on the access's exceptional direction.
    let t = tables(&f, "readsBad");
    let handler = f.prog.method(t.id).handlers[0].handler as usize;
    let get = getstatic_in("readsBad").1 as u32;
    assert!(t.control[handler].contains(&(get, 1)), "{:?}", t.control[handler]);
}
