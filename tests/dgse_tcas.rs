//! Lemma 5.2 on values that carry a branch's outcome without being symbolic: booleans
//! materialised by a comparison (`boolean b = x == 1;` compiles to a branch pushing 1 or 0 and
//! a store at the join, an implicit flow), tested together by a later concrete condition, as
//! tcas's `alt_sep_test` does with `enabled`, `tcas_equipped` and `intent_not_known`; and two
//! calls' return values combined in one expression (`f(a) * 10 + f(b)`). On each program
//! `dgse` must reach the return values, branch labels and branch edges (concrete ones too)
//! `spf` reaches; on `tcas:ci` its `branches_covered` must equal spf's.

mod common;
use std::collections::BTreeSet;

/// The tcas shape: the driver stores its inputs into statics, the helper turns each into a
/// boolean and branches on a combination of them (every outcome but 0 and 1 needs two inputs
/// changed at once from the first run's).
const STATICS: &str = r#"public class T {
  static int hc, cap, valid;
  static int test() {
    boolean enabled = hc != 0;
    boolean equipped = cap == 1;
    boolean known = valid != 0;
    if (enabled && ((equipped && known) || !equipped)) {
      return equipped ? 2 : 1;
    }
    return enabled ? 3 : 0;
  }
  public static int run(int a, int b, int c) {
    hc = a;
    cap = b;
    valid = c;
    return test();
  }
}
"#;

/// The same shape on locals of one method.
const LOCALS: &str = r#"public class L {
  public static int run(int a, int b, int c) {
    boolean enabled = a != 0;
    boolean equipped = b == 1;
    boolean known = c != 0;
    if (enabled && ((equipped && known) || !equipped)) {
      return equipped ? 2 : 1;
    }
    return enabled ? 3 : 0;
  }
}
"#;

/// Two calls' return values meet in one expression: `11` needs both branches true.
const RETURNS: &str = r#"public class V {
  static int sign(int x) { return x > 0 ? 1 : 0; }
  public static int run(int a, int b) { return sign(a) * 10 + sign(b); }
}
"#;

/// A helper returns a comparison as a boolean; the caller branches on two of them.
const HELPER: &str = r#"public class H {
  static boolean above(int x, int y) { return x > y; }
  public static int run(int a, int b, int c) {
    boolean up = above(a, b);
    boolean ok = c != 0;
    if (up && ok) {
      return 2;
    }
    return up ? 1 : 0;
  }
}
"#;

/// Runs spf and dgse with `args` and checks labels, outcomes and covered branch edges are
/// equal; returns spf's outcomes and both feasible path counts.
fn same_as_spf(args: &[&str]) -> (BTreeSet<String>, u64, u64) {
    let spf = common::run(&[args, &["--strategy", "spf"]].concat());
    let dgse = common::run(&[args, &["--strategy", "dgse"]].concat());
    assert_eq!(spf.code, 0, "{}", spf.stderr);
    assert_eq!(dgse.code, 0, "{}", dgse.stderr);
    let (sl, so) = common::labels_and_outcomes(&spf);
    let (dl, dout) = common::labels_and_outcomes(&dgse);
    assert_eq!(dl, sl, "{args:?}: dgse's branch labels differ from spf's");
    assert_eq!(dout, so, "{args:?}: dgse's outcomes differ from spf's");
    assert_eq!(
        common::count(&dgse.summary, "branches_covered"),
        common::count(&spf.summary, "branches_covered"),
        "{args:?}: dgse covers fewer branch edges than spf"
    );
    let (ns, nd) = (
        common::count(&spf.summary, "feasible_paths"),
        common::count(&dgse.summary, "feasible_paths"),
    );
    assert!(nd <= ns, "{args:?}: dgse {nd} paths > spf {ns}");
    (so, ns, nd)
}

#[test]
fn materialised_booleans_and_return_values_lose_no_branch() {
    let (_dir, classes) = common::javac(&[("T.java", STATICS), ("L.java", LOCALS), ("V.java", RETURNS), ("H.java", HELPER)]);
    let cp = classes.to_string_lossy().to_string();
    let returns = |xs: &[i32]| -> BTreeSet<String> { xs.iter().map(|x| format!("return {x}")).collect() };
    let base = |driver: &'static str| -> Vec<String> {
        ["--classpath", &cp, "--driver", driver, "--min-int", "-3", "--max-int", "3"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    for driver in ["T.run(int,int,int)", "L.run(int,int,int)"] {
        let args = base(driver);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (o, ns, nd) = same_as_spf(&args);
        // 2 needs a != 0, b == 1, c != 0; 3 needs a != 0, b == 1, c == 0.
        assert_eq!(o, returns(&[0, 1, 2, 3]), "{driver}");
        assert_eq!((ns, nd), (8, 8), "{driver}: the three booleans interact at one condition");
    }
    let args = base("V.run(int,int)");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (o, _, _) = same_as_spf(&args);
    assert_eq!(o, returns(&[0, 1, 10, 11]));
    let args = base("H.run(int,int,int)");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (o, _, _) = same_as_spf(&args);
    assert_eq!(o, returns(&[0, 1, 2]));
}

#[test]
fn tcas_ci_dgse_covers_every_branch_spf_covers() {
    let spf = common::run(&["--subject", "tcas:ci", "--strategy", "spf"]);
    let dgse = common::run(&["--subject", "tcas:ci", "--strategy", "dgse"]);
    assert_eq!(spf.code, 0, "{}", spf.stderr);
    assert_eq!(dgse.code, 0, "{}", dgse.stderr);
    assert_eq!(dgse.summary["stop"], spf.summary["stop"]);
    assert_eq!(
        common::count(&dgse.summary, "branches_covered"),
        common::count(&spf.summary, "branches_covered"),
        "alt_sep_test's `tcas_equipped && intent_not_known` directions (Tcas.java:113)"
    );
    let (sl, so) = common::labels_and_outcomes(&spf);
    let (dl, dout) = common::labels_and_outcomes(&dgse);
    assert_eq!(dl, sl);
    assert_eq!(dout, so);
    assert!(common::count(&dgse.summary, "feasible_paths") <= common::count(&spf.summary, "feasible_paths"));
}
