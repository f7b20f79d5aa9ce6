//! Lemma 5.2 on state passed between invocations through the heap: a location written under a
//! branch in one call and read by a branch in a later call (static fields, instance fields of
//! an object passed as an argument, array elements written through a helper method). On each
//! program `dgse` must reach exactly the branch directions and the return values `spf` reaches.

mod common;
use std::collections::BTreeSet;

/// Runs spf and dgse on `driver` and checks the label and outcome sets are equal; returns
/// spf's (labels, outcomes) and both feasible path counts.
fn same_as_spf(cp: &str, driver: &str) -> (BTreeSet<String>, BTreeSet<String>, u64, u64) {
    let base = ["--classpath", cp, "--driver", driver, "--min-int", "-3", "--max-int", "3"];
    let spf = common::run(&[&base[..], &["--strategy", "spf"]].concat());
    let dgse = common::run(&[&base[..], &["--strategy", "dgse"]].concat());
    assert_eq!(spf.code, 0, "{}", spf.stderr);
    assert_eq!(dgse.code, 0, "{}", dgse.stderr);
    let (sl, so) = common::labels_and_outcomes(&spf);
    let (dl, dout) = common::labels_and_outcomes(&dgse);
    assert_eq!(dl, sl, "{driver}: dgse's branch directions differ from spf's");
    assert_eq!(dout, so, "{driver}: dgse's outcomes differ from spf's");
    let (ns, nd) = (
        common::count(&spf.summary, "feasible_paths"),
        common::count(&dgse.summary, "feasible_paths"),
    );
    assert!(nd <= ns, "{driver}: dgse {nd} paths > spf {ns}");
    (sl, so, ns, nd)
}

/// The notes' example: `step(a)` stores into a static queue array, `step(b)` reads it.
const QUEUE: &str = r#"public class Q {
  static Object[] queue = new Object[4];
  static int in, out;
  static int step(int c) {
    if (c == 1) {
      queue[in++] = new Object();
      return 1;
    } else if (c == 2) {
      Object p = queue[out];
      if (p != null) {
        out++;
        return 2;
      }
      return 3;
    }
    return 0;
  }
  public static int run(int a, int b) { return step(a) * 10 + step(b); }
}
"#;

/// An instance field of an object passed to both calls.
const FIELD: &str = r#"public class F {
  static class Box { Object o; }
  static int step(Box bx, int c) {
    if (c == 1) {
      bx.o = new Object();
      return 1;
    } else if (c == 2) {
      Object p = bx.o;
      if (p != null) {
        return 2;
      }
      return 3;
    }
    return 0;
  }
  public static int run(int a, int b) {
    Box bx = new Box();
    return step(bx, a) * 10 + step(bx, b);
  }
}
"#;

/// A static int counter.
const COUNTER: &str = r#"public class C {
  static int count;
  static int step(int c) {
    if (c == 1) {
      count++;
      return 1;
    } else if (c == 2) {
      if (count > 0) {
        return 2;
      }
      return 3;
    }
    return 0;
  }
  public static int run(int a, int b) {
    count = 0;
    return step(a) * 10 + step(b);
  }
}
"#;

/// An array passed as a parameter and written by a helper method.
const HELPER: &str = r#"public class H {
  static void put(int[] arr, int i, int v) {
    arr[i] = v;
  }
  static int step(int[] arr, int c) {
    if (c == 1) {
      put(arr, 0, 7);
      return 1;
    } else if (c == 2) {
      if (arr[0] == 7) {
        return 2;
      }
      return 3;
    }
    return 0;
  }
  public static int run(int a, int b) {
    int[] arr = new int[2];
    return step(arr, a) * 10 + step(arr, b);
  }
}
"#;

/// A helper writes a static array under a branch; the driver reads it after the call.
const CALLER_READS: &str = r#"public class R {
  static Object[] slots = new Object[2];
  static void maybe(int c) {
    if (c == 1) {
      slots[0] = "x";
    }
  }
  public static int run(int a, int b) {
    maybe(a);
    if (b == 2) {
      if (slots[0] != null) {
        return 2;
      }
      return 3;
    }
    return 0;
  }
}
"#;

#[test]
fn cross_invocation_heap_flows_lose_no_branch() {
    let (_dir, classes) = common::javac(&[
        ("Q.java", QUEUE),
        ("F.java", FIELD),
        ("C.java", COUNTER),
        ("H.java", HELPER),
        ("R.java", CALLER_READS),
    ]);
    let cp = classes.to_string_lossy().to_string();
    let returns = |xs: &[i32]| -> BTreeSet<String> { xs.iter().map(|x| format!("return {x}")).collect() };
    let every =
        |f: &str, lines: &[u32]| -> BTreeSet<String> { lines.iter().flat_map(|l| [format!("{f}:{l}T"), format!("{f}:{l}F")]).collect() };

    // Q: only (1, 2) reaches `p != null` true (line 10T) and the outcome 12.
    let (l, o, ns, nd) = same_as_spf(&cp, "Q.run(int,int)");
    assert_eq!(l, every("Q.java", &[5, 8]));
    assert_eq!(o, returns(&[0, 1, 3, 10, 11, 12, 30, 31, 33]));
    assert_eq!((ns, nd), (9, 9), "every outcome is a distinct relevant path slice of the return");

    // F: the same shape through an instance field of an argument (line 9T only with (1, 2)).
    let (l, o, _, _) = same_as_spf(&cp, "F.run(int,int)");
    assert_eq!(l, every("F.java", &[4, 7]));
    assert_eq!(o, returns(&[0, 1, 3, 10, 11, 12, 30, 31, 33]));

    // C: a static counter; `count > 0` (line 8) is concrete, 8T only after step(1).
    let (l, o, _, _) = same_as_spf(&cp, "C.run(int,int)");
    assert_eq!(l, every("C.java", &[4, 7]));
    assert_eq!(o, returns(&[0, 1, 3, 10, 11, 12, 30, 31, 33]));

    // H: the array is written by `put`, called under the branch.
    let (l, o, _, _) = same_as_spf(&cp, "H.run(int,int)");
    assert_eq!(l, every("H.java", &[6, 9]));
    assert_eq!(o, returns(&[0, 1, 3, 10, 11, 12, 30, 31, 33]));

    // R: the driver reads what the helper may have written; `slots[0] != null` true needs
    // a == 1 and b == 2.
    let (l, o, _, _) = same_as_spf(&cp, "R.run(int,int)");
    assert_eq!(l, every("R.java", &[4, 10]));
    assert_eq!(o, returns(&[0, 2, 3]));
}

#[test]
fn schedule2_ci_dgse_reaches_every_branch_spf_reaches() {
    let spf = common::run(&["--subject", "schedule2:ci", "--strategy", "spf"]);
    let dgse = common::run(&["--subject", "schedule2:ci", "--strategy", "dgse"]);
    assert_eq!(spf.code, 0, "{}", spf.stderr);
    assert_eq!(dgse.code, 0, "{}", dgse.stderr);
    let (sl, _) = common::labels_and_outcomes(&spf);
    let (dl, _) = common::labels_and_outcomes(&dgse);
    // The direction the old tables lost: `unblock` (command 7) after a `block` stored a process.
    assert!(sl.contains("Schedule2.java:201:case 7"), "{sl:?}");
    assert_eq!(dl, sl);
    assert!(common::count(&dgse.summary, "feasible_paths") <= common::count(&spf.summary, "feasible_paths"));
}
