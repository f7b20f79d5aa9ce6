//! Soundness bugs of `rsd` found by differential hunts (generated programs, every strategy
//! against `spf` with `compare --check-coverage`), minimised by hand. On each, `rsd` must reach
//! every branch edge and instruction `spf` reaches; each failed before the fix its comment
//! names, and the counts show that `rsd` still prunes where it may.

mod common;

/// Four copies of one shape, the hidden value in a local, a static, a field and an element:
/// the fourth branch (`b > 1`) writes the value that the last one (`== 2`) reads, and the three
/// branches before it give states that agree on `a` and on the value at the fourth. The old
/// `rsd` cut the state (a = 2, b = 2) at the fourth branch against the finished subtree of (a = 2, b = 1), whose
/// set held `a` and the value but not `b`: that subtree had been cut itself at line 10, and a
/// cut inherits the matched set, whose value is read below the cut through a potential
/// dependence on `b > 1` that the cut run never makes. A cut now also keeps the branches before
/// it whose other direction may write a location of the set (`RsdTracker::potential_sources`).
/// `deadY` is the first program found (a dead variable was not the cause). spf 9 paths; rsd
/// was 7 (missing `return 1`), now 8 with 3 cuts.
const HIDDEN_WRITE: &str = r#"public class RsdFound {
  static int st;
  int f;
  public static int local(int a, int b, int c) {
    int s = 0;
    if (a > 1) { }
    if (b > 1) { }
    if (b == 1) { }
    if (b > 1) { s = 2; }
    if (a == 3) { if (s == 2) { return 1; } }
    return 0;
  }
  public static int statik(int a, int b, int c) {
    st = 0;
    if (a > 1) { }
    if (b > 1) { }
    if (b == 1) { }
    if (b > 1) { st = 2; }
    if (a == 3) { if (st == 2) { return 1; } }
    return 0;
  }
  public static int field(int a, int b, int c) {
    RsdFound r = new RsdFound();
    if (a > 1) { }
    if (b > 1) { }
    if (b == 1) { }
    if (b > 1) { r.f = 2; }
    if (a == 3) { if (r.f == 2) { return 1; } }
    return 0;
  }
  public static int element(int a, int b, int c) {
    int[] r = new int[2];
    if (a > 1) { }
    if (b > 1) { }
    if (b == 1) { }
    if (b > 1) { r[1] = 2; }
    if (a == 3) { if (r[1] == 2) { return 1; } }
    return 0;
  }
  public static int deadY(int a, int b, int c) {
    int y = 0, s = 0;
    if (b < 1) { y = b; }
    if (c > 1) { y = 1; }
    if (c == 2) { y += 2; }
    if (c == 3) { s = 3; }
    if (b > 2) { if (s == 3) { return 1; } }
    return 0;
  }
}
"#;

/// String literals are interned: `s.equals("y")` with `s` the literal `"y"` itself returns at
/// `this == o` without reading a character. The old `rsd` took the state (c = -1, b = 0), where
/// `s` is `"x1"` and `"y"` was never resolved, for the finished subtree of (c = 0, b = 1),
/// where `s` is the interned `"y"`: the objects had the same allocation number and nothing
/// named the intern table, so the comparison loop inside `equals` (String.java:217T) was never
/// reached. Each literal is now a location (`HLoc::Literal`), defined by the run's first `ldc`
/// of it and read by every later one, so the states differ there. spf 8 paths, rsd 8 (was 7).
/// `same` resolves `"y"` on every path: the states agree on it and rsd still cuts (5 paths).
const LITERALS: &str = r#"public class RsdLit {
  public static int strEq(int a, int b, int c) {
    String s = "x";
    if (c < 0) { s = "x1"; }
    if (b != 0) { s = "y"; }
    if (a < 1) { if (s.equals("y")) { return 1; } }
    return 0;
  }
  public static int same(int a, int b, int c) {
    String y = "y";
    String s = "x";
    if (c < 0) { }
    if (b != 0) { s = y; }
    if (a < 1) { if (s.equals("y")) { return 1; } }
    return 0;
  }
}
"#;

/// `compare --check-coverage spf,rsd` on `driver`: (spf paths, rsd paths, rsd cuts); panics
/// with the oracle's words when rsd misses anything spf reaches.
fn oracle(cp: &str, driver: &str) -> (u64, u64, u64) {
    let base = [
        "--classpath",
        cp,
        "--driver",
        driver,
        "--min-int",
        "-1",
        "--max-int",
        "3",
        "--workers",
        "1",
    ];
    let runs = common::compare_complete(&base, "spf,rsd").unwrap_or_else(|e| panic!("{driver}: {e}"));
    let count = |i: usize, k: &str| common::count(&runs[i], k);
    assert_eq!(runs[0]["branches_covered"], runs[1]["branches_covered"], "{driver}");
    (count(0, "feasible_paths"), count(1, "feasible_paths"), count(1, "cut_paths"))
}

#[test]
fn a_cut_keeps_the_branches_that_may_write_what_its_set_holds() {
    let (_dir, classes) = common::javac(&[("RsdFound.java", HIDDEN_WRITE)]);
    let cp = classes.to_string_lossy().to_string();
    for m in ["local", "statik", "field", "element", "deadY"] {
        assert_eq!(
            oracle(&cp, &format!("RsdFound.{m}")),
            (9, 8, 3),
            "RsdFound.{m}: spf, rsd paths, rsd cuts"
        );
    }
}

#[test]
fn string_literals_are_locations_of_the_state() {
    let (_dir, classes) = common::javac(&[("RsdLit.java", LITERALS)]);
    let cp = classes.to_string_lossy().to_string();
    assert_eq!(oracle(&cp, "RsdLit.strEq"), (8, 8, 0));
    assert_eq!(
        oracle(&cp, "RsdLit.same"),
        (8, 5, 1),
        "a literal every state resolved does not stop a cut"
    );
}

/// Classes initialised during a run. `nested`, `nestedClinit` and `nestedNew` (GI20856 of the
/// third hunt and two variants): `b == 1` writes a static of a nested class, initialising it
/// first; `c == 2 && K.Z > 0` reads it. The old `rsd` cut (b = 1, c = 2) at `b == 1`'s line
/// against the set of (b = -1, c = 2), itself cut below against (b = 0, c = 2), where the class
/// was first initialised by the read after the cut point: the matched set did not name the
/// static (it did not exist there), so the cut never kept `b == 1`, whose other direction
/// initialises and writes it. A static of a class the run initialises is now absent, a value of
/// the set, at the points before its initialisation. `clinitSideEffect`: an initialiser run by
/// `a != 0` writes an outer static read under `c == 3`; the initialiser's frame had no control
/// dependence on the instruction that started it, so `a` was not kept and (a = 0, b = -1) was
/// cut against a state where the initialiser had run. It now depends on that instruction's
/// control context, as a call does.
const CLASS_INIT: &str = r#"public class RsdInit {
  static int S;
  static class K1 { static int Z; }
  static class K2 { static int Z; static { Z = -1; } static int get() { return Z; } }
  static class K3 { static int Z = 4; K3() { Z++; } }
  static class L { static int V = 3; static { S = 1; } }
  public static int nested(int a, int b, int c) {
    int y = 0;
    if (c == 2) { y++; } else if (c == 0) { y += 2; }
    if (b == 1) { y += 2; } else if (b == 0) { y += 2; }
    if (b == 1) { K1.Z = 1; }
    if (c == 2 && K1.Z > 0) { return 1; }
    return 0;
  }
  public static int nestedClinit(int a, int b, int c) {
    int y = 0;
    if (c == 2) { y++; } else if (c == 0) { y += 2; }
    if (b == 1) { y += 2; } else if (b == 0) { y += 2; }
    if (b == 1) { K2.Z = 1; }
    if (c == 2 && K2.get() > 0) { return 1; }
    return 0;
  }
  public static int nestedNew(int a, int b, int c) {
    int y = 0;
    if (c == 2) { y++; } else if (c == 0) { y += 2; }
    if (b == 1) { y += 2; } else if (b == 0) { y += 2; }
    if (b == 1) { new K3(); }
    if (c == 2 && K3.Z > 4) { return 1; }
    return 0;
  }
  public static int clinitSideEffect(int a, int b, int c) {
    int r = 0, y = 0;
    if (b >= 0) { S = 1; }
    if (a == 3) { y += 3; }
    if (a != 0) { y += L.V; }
    if (c == 3) { if (S == 1) { r = 71; } else { r = 2; } }
    return 0;
  }
}
"#;

#[test]
fn statics_of_classes_initialised_during_a_run() {
    let (_dir, classes) = common::javac(&[("RsdInit.java", CLASS_INIT)]);
    let cp = classes.to_string_lossy().to_string();
    for m in ["nested", "nestedClinit", "nestedNew"] {
        assert_eq!(
            oracle(&cp, &format!("RsdInit.{m}")),
            (9, 9, 4),
            "RsdInit.{m}: spf, rsd paths, rsd cuts"
        );
    }
    assert_eq!(oracle(&cp, "RsdInit.clinitSideEffect"), (12, 9, 3));
}

/// A call's outcome decided by a callee branch whose own directions are covered. `t1`'s
/// `x == 0` is false at the first call and true at the second with y = 0, so the site was
/// irrelevant; the second call's normal return (a target of its own) needs y = 3, but no
/// control dependence in the caller leads to it, so nothing kept `y` and the state with y = 3
/// was cut against the one with y = 0 at `b < a` (GB41062 of a fourth differential run on 1,000
/// new programs, minimised: spf 4 paths, rsd 3 with 1 cut, the return missed). A callee's
/// branches are now relevant while a call that may call the callee has an outcome not covered
/// yet. spf 4, rsd 4.
const CALL_OUTCOME: &str = r#"public class RsdCallOutcome {
  static int t1(int x) { if (x == 0) throw new IllegalArgumentException(); return x + 1; }
  public static int driver(int a, int b, int c) {
    int x = 0, y = 0;
    if (c >= 2) { y += 3; }
    x += t1(b + 5);
    if (b < a) return 4;
    try { x += t1(y); } catch (IllegalArgumentException e4) { x = 0; }
    return 0;
  }
}
"#;

#[test]
fn a_callee_branch_stays_relevant_while_a_call_outcome_is_open() {
    let (_dir, classes) = common::javac(&[("RsdCallOutcome.java", CALL_OUTCOME)]);
    let cp = classes.to_string_lossy().to_string();
    assert_eq!(oracle(&cp, "RsdCallOutcome.driver"), (4, 4, 0));
}
