//! Coverage views: the default counts the application code reachable from the driver (virtual
//! calls to every subclass, lambda bodies), `coverage.classes` whole executed classes (what
//! JaCoCo measures), `coverage.methods` only executed methods; branch labels inside library
//! models carry the `model:` prefix.

mod common;

const COV: &str = r#"
import java.util.function.IntUnaryOperator;
public class Cov {
    public static int f(int x) {
        IntUnaryOperator op = v -> v > 10 ? v : -v;
        Base b = x > 0 ? new A() : new B();
        return b.g(x) + op.applyAsInt(x);
    }
    static int unused(int y) {
        if (y == 3) return 1;
        if (y == 4) return 2;
        return 0;
    }
}
abstract class Base { abstract int g(int x); }
class A extends Base { int g(int x) { return x > 5 ? 1 : 2; } }
class B extends Base { int g(int x) { return x < -5 ? 3 : 4; } }
class C extends Base { int g(int x) { return x == 7 ? 5 : 6; } }
"#;

fn view(s: &serde_json::Value, name: &str) -> (u64, u64) {
    let v = &s["coverage"][name];
    (
        v["branches_covered"].as_u64().expect("covered"),
        v["branches_total"].as_u64().expect("total"),
    )
}

#[test]
fn default_coverage_is_over_the_reachable_application_code() {
    let (_dir, classes) = common::javac(&[("Cov.java", COV)]);
    let r = common::run(&["--classpath", classes.to_str().expect("utf-8"), "--driver", "Cov.f(int)"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let s = &r.summary;
    // Reachable: f (2 edges), the lambda (2), A.g, B.g and C.g (2 each, C.g by class-hierarchy
    // analysis, never run); not `unused`.
    assert_eq!(view(s, "reachable"), (8, 10), "{s}");
    assert_eq!((s["branches_covered"].as_u64(), s["branches_total"].as_u64()), (Some(8), Some(10)));
    assert!((s["branch_coverage"].as_f64().unwrap() - 0.8).abs() < 1e-9);
    // Classes: Cov whole (f, the lambda, unused: 8 edges), A and B (2 each); C never ran.
    assert_eq!(view(s, "classes"), (8, 12), "{s}");
    // Methods: only those that ran.
    assert_eq!(view(s, "methods"), (8, 8), "{s}");
    let methods = |v: &str| s["coverage"][v]["methods"].as_u64().unwrap();
    assert!(methods("methods") <= methods("reachable"), "every executed method is counted");
    for key in ["instructions_covered", "instructions_total"] {
        assert!(s["coverage"]["reachable"][key].as_u64().unwrap() > 0, "{key}");
    }
    // No branch of the run is in a model here: no label is marked.
    assert!(r.paths.iter().flat_map(common::branches).all(|b| b.starts_with("Cov.java:")));
}

#[test]
fn branches_in_models_are_labelled_as_such() {
    let src = r#"
public class Str {
    public static int f(String s) {
        if (s.length() == 3 && s.charAt(2) == 'z') return 2;
        return s.indexOf('a') > 1 ? 1 : 0;
    }
}
"#;
    let (_dir, classes) = common::javac(&[("Str.java", src)]);
    let r = common::run(&[
        "--classpath",
        classes.to_str().expect("utf-8"),
        "--driver",
        "Str.f(java.lang.String)",
        "--string-len",
        "3",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let labels: Vec<String> = r.paths.iter().flat_map(common::branches).collect();
    assert!(labels.iter().any(|l| l.starts_with("Str.java:4")), "{labels:?}");
    let model: Vec<&String> = labels.iter().filter(|l| !l.starts_with("Str.java:")).collect();
    assert!(!model.is_empty(), "indexOf branches in the String model: {labels:?}");
    for l in model {
        assert!(l.starts_with("model:java/lang/String.java:"), "{l}");
    }
}
