//! The interprocedural may-throw analysis (`jsymex::analysis::throws`) on small methods: which
//! instructions keep an exceptional edge and which methods let an exception escape.

mod common;
use jsymex::analysis::{call_graph, throws};
use jsymex::bytecode::Op;
use jsymex::classpath::ClassPath;
use jsymex::program::Program;

const SRC: &str = r#"
public class MT {
    int v;
    static final class Node { int v; Node next; }

    static int divConst(int x) { return x / 2 + x % 7; }
    static int divVar(int x, int y) { return x / y; }
    static double divDouble(double x, double y) { return x / y; }
    int ownField() { return this.v + v; }
    static int localArray() { int[] a = new int[3]; a[0] = 1; a[2] = a[0] + a.length; return a[2]; }
    static int outOfRange() { int[] a = new int[3]; return a[3]; }
    static int paramArray(int[] a) { return a[0]; }
    static int callsSafe() { return localArray() + divConst(4); }
    static int callsUnsafe(int[] a) { return paramArray(a); }
    static int nullTested(Node p) { if (p != null) { return p.v; } return 0; }
    static int afterAccess(Node p) { int x = p.v; return x + p.next.v; }
    static int fresh() { Node n = new Node(); n.v = 3; n.next = null; return n.v; }
    static int caught(int x, int y) { try { return x / y; } catch (ArithmeticException e) { return 0; } }
    static int callsCaught(int x, int y) { return caught(x, y); }
    static void throwsError() { throw new AssertionError(); }
    static void throwsRuntime() { throw new IllegalStateException("bad"); }
    static void callsError() { throwsError(); }
    static int recursive(int n) { return n <= 0 ? 0 : recursive(n - 1) + 1; }
    static int stringLength(String s) { return s.length(); }
    static int literalLength() { return "abc".length(); }
    static Object[] objects() { Object[] a = new Object[2]; a[1] = new Node(); return a; }
    static int negativeSize(int n) { return new int[n].length; }
    static int nativeHash() { Object o = new Object(); return o.hashCode(); }

    public static int root(int x, int y, int[] a, Node p, String s) {
        int r = divConst(x) + divVar(x, y) + (int) divDouble(x, y) + new MT().ownField() + localArray();
        r += outOfRange() + paramArray(a) + callsSafe() + callsUnsafe(a) + nullTested(p) + afterAccess(p) + fresh();
        r += callsCaught(x, y) + recursive(x) + stringLength(s) + literalLength() + objects().length + negativeSize(x);
        r += nativeHash();
        callsError();
        throwsRuntime();
        return r;
    }
}
"#;

struct Fixture {
    prog: Program,
    mt: throws::MayThrow,
    _dir: tempfile::TempDir,
}

fn fixture() -> Fixture {
    let (dir, out) = common::javac(&[("MT.java", SRC)]);
    let prog = Program::new(ClassPath::parse(&out.to_string_lossy()).expect("classpath"));
    let root = jsymex::explore::driver::find_method(&prog, "MT.root").expect("driver");
    let cg = call_graph(&prog, root);
    let mt = throws::analyze(&prog, &cg);
    Fixture { prog, mt, _dir: dir }
}

impl Fixture {
    fn method(&mut self, name: &str) -> u32 {
        let cid = self.prog.load("MT").unwrap();
        let ids = self.prog.class(cid).methods.clone();
        ids.into_iter()
            .find(|m| &*self.prog.method(*m).name == name)
            .unwrap_or_else(|| panic!("no method {name}"))
    }

    /// Whether each instruction of `name` matching `pick` may throw.
    fn throws_at(&mut self, name: &str, pick: impl Fn(&Op) -> bool) -> Vec<bool> {
        let mid = self.method(name);
        let m = self.prog.method(mid).clone();
        let v: Vec<bool> = (0..m.code.len())
            .filter(|pc| pick(&m.code[*pc]))
            .map(|pc| self.mt.at(mid, pc))
            .collect();
        assert!(!v.is_empty(), "{name}: no such instruction");
        v
    }

    fn escapes(&mut self, name: &str) -> bool {
        let mid = self.method(name);
        self.mt.escapes(mid)
    }
}

fn is_div(op: &Op) -> bool {
    matches!(op, Op::Arith(jsymex::symbolic::BinOp::Div | jsymex::symbolic::BinOp::Rem))
}

fn is_call(op: &Op) -> bool {
    matches!(op, Op::Invoke(..))
}

#[test]
fn divisions_by_non_zero_constants_and_floating_point_divisions_cannot_throw() {
    let mut f = fixture();
    assert_eq!(f.throws_at("divConst", is_div), vec![false, false]);
    assert_eq!(f.throws_at("divVar", is_div), vec![true]);
    assert_eq!(f.throws_at("divDouble", is_div), vec![false]);
    assert!(!f.escapes("divConst") && f.escapes("divVar") && !f.escapes("divDouble"));
}

#[test]
fn accesses_through_this_fresh_objects_and_tested_references_cannot_throw() {
    let mut f = fixture();
    assert_eq!(f.throws_at("ownField", |o| matches!(o, Op::GetField(_))), vec![false, false]);
    assert!(
        f.throws_at("fresh", |o| matches!(o, Op::GetField(_) | Op::PutField(_)))
            .iter()
            .all(|t| !t)
    );
    assert_eq!(f.throws_at("nullTested", |o| matches!(o, Op::GetField(_))), vec![false]);
    // The first access through a parameter may throw; a second one through it cannot, an
    // access through a field read from it may.
    assert_eq!(
        f.throws_at("afterAccess", |o| matches!(o, Op::GetField(_))),
        vec![true, false, true]
    );
    assert!(!f.escapes("ownField") && !f.escapes("fresh") && !f.escapes("nullTested") && f.escapes("afterAccess"));
}

#[test]
fn constant_indices_into_arrays_of_known_length_cannot_throw() {
    let mut f = fixture();
    let arr = |o: &Op| matches!(o, Op::ArrayLoad(_) | Op::ArrayStore(_) | Op::ArrayLength | Op::NewArray(_));
    assert!(f.throws_at("localArray", arr).iter().all(|t| !t));
    assert_eq!(f.throws_at("outOfRange", |o| matches!(o, Op::ArrayLoad(_))), vec![true]);
    assert_eq!(f.throws_at("paramArray", |o| matches!(o, Op::ArrayLoad(_))), vec![true]);
    assert_eq!(f.throws_at("negativeSize", |o| matches!(o, Op::NewArray(_))), vec![true]);
    // Storing an object into an Object[] made here cannot raise ArrayStoreException.
    assert!(f.throws_at("objects", |o| matches!(o, Op::ArrayStore(_))).iter().all(|t| !t));
    assert!(!f.escapes("localArray") && f.escapes("outOfRange") && !f.escapes("objects"));
}

#[test]
fn calls_throw_only_when_a_callee_can() {
    let mut f = fixture();
    assert_eq!(f.throws_at("callsSafe", is_call), vec![false, false]);
    assert_eq!(f.throws_at("callsUnsafe", is_call), vec![true]);
    // Caught inside the callee: the division keeps its edge, the call has none.
    assert_eq!(f.throws_at("caught", is_div), vec![true]);
    assert!(!f.escapes("caught"));
    assert_eq!(f.throws_at("callsCaught", is_call), vec![false]);
    // Recursion alone throws nothing (StackOverflowError is not counted).
    assert_eq!(f.throws_at("recursive", is_call), vec![false]);
    // A native model known to complete normally, on a fresh receiver.
    assert_eq!(f.throws_at("nativeHash", is_call), vec![false, false]);
    // A library call on a receiver that may be null; on a literal the call is still kept:
    // String.length reads `value.length` and the analysis knows nothing of field values.
    assert_eq!(f.throws_at("stringLength", is_call), vec![true]);
    assert_eq!(f.throws_at("literalLength", is_call), vec![true]);
}

#[test]
fn errors_do_not_count_but_other_throws_do() {
    let mut f = fixture();
    assert_eq!(f.throws_at("throwsError", |o| matches!(o, Op::Athrow)), vec![false]);
    assert!(!f.escapes("throwsError"));
    assert_eq!(f.throws_at("callsError", is_call), vec![false]);
    assert_eq!(f.throws_at("throwsRuntime", |o| matches!(o, Op::Athrow)), vec![true]);
    assert!(f.escapes("throwsRuntime") && f.escapes("root"));
}
