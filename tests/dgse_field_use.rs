//! Two dependences of DGSE through the heap that the other tests did not pin down
//! (`scripts/mutate-engine.sh`: faults F2 and F7 survived them).
//!
//! `U`: run-time data dependence through an instance field inside one invocation. A value that
//! depends on a branch is stored into a field outside that branch and read back into the
//! condition of a later branch. Neither control nor potential dependence links the later branch
//! to the first one (the field's only write is unconditional); only the use recorded by
//! `getfield` does. Without it, `dgse` never negates the later branch on the path that took the
//! first branch's other direction, and misses the return that needs both.
//!
//! `I`: interactive dependence on `Heap(L)` across invocations (Definition 4). `set(a)` writes
//! the static `g` under a branch; `use(d)` branches on `d`, and a later concrete test combines
//! `g` with what that branch defined. The branch on `d` depends on the branch on `a` only
//! through the pair <Heap(g), branch on d>: without it `dgse` never tries `a > 0` with `d > 0`.

mod common;
use std::collections::BTreeSet;

const USE: &str = r#"public class U {
  static class Box { int v; }
  public static int run(int a, int b) {
    Box bx = new Box();
    int x = 0;
    if (a > 0) {
      x = b;
    }
    bx.v = x;
    int y = bx.v;
    if (y > 2) {
      return 1;
    }
    return 0;
  }
}
"#;

const INTERACTIVE: &str = r#"public class I {
  static int g;
  static void set(int a) {
    if (a > 0) {
      g = 1;
    } else {
      g = 0;
    }
  }
  static int use(int d) {
    int t = 0;
    if (d > 0) {
      t = 1;
    }
    if (g + t == 2) {
      return 1;
    }
    return 0;
  }
  public static int run(int a, int d) {
    g = 0;
    set(a);
    return use(d);
  }
}
"#;

fn outcomes(r: &common::RunOut) -> BTreeSet<String> {
    r.paths
        .iter()
        .map(|p| format!("{} {}", p["outcome"]["kind"].as_str().unwrap_or("?"), p["outcome"]["value"]))
        .collect()
}

/// Runs spf and dgse on `driver`: both reach `return 0` and `return 1` and the same branch
/// directions.
fn dgse_reaches_both_returns(cp: &str, driver: &str) {
    let base = ["--classpath", cp, "--driver", driver, "--min-int", "-3", "--max-int", "3"];
    let spf = common::run(&[&base[..], &["--strategy", "spf"]].concat());
    let dgse = common::run(&[&base[..], &["--strategy", "dgse"]].concat());
    assert_eq!(spf.code, 0, "{}", spf.stderr);
    assert_eq!(dgse.code, 0, "{}", dgse.stderr);
    let want: BTreeSet<String> = ["return 0", "return 1"].iter().map(|s| s.to_string()).collect();
    assert_eq!(outcomes(&spf), want);
    assert_eq!(outcomes(&dgse), want, "{driver}: dgse lost an outcome spf reaches");
    let labels = |r: &common::RunOut| -> BTreeSet<String> { r.paths.iter().flat_map(common::branches).collect() };
    assert_eq!(labels(&dgse), labels(&spf), "{driver}");
}

#[test]
fn a_branch_on_a_field_read_depends_on_what_the_stored_value_depended_on() {
    let (_dir, classes) = common::javac(&[("U.java", USE)]);
    dgse_reaches_both_returns(&classes.to_string_lossy(), "U.run(int,int)");
}

#[test]
fn a_branch_combined_with_a_static_written_by_an_earlier_call_depends_on_its_writes() {
    let (_dir, classes) = common::javac(&[("I.java", INTERACTIVE)]);
    dgse_reaches_both_returns(&classes.to_string_lossy(), "I.run(int,int)");
}
