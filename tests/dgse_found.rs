//! Soundness bugs of `dgse` found by the property test `tests/dgse_soundness.rs`, each
//! minimised to a small program. On each, `dgse` must reach every branch direction (and cover
//! every branch edge) that `spf` reaches. Each failed until the engine was fixed.

mod common;

/// `step(v)` writes `w[p]` at the index `p = w[1] - v`, which depends on what an earlier call
/// wrote. Only a = -1 (writes w[1] = -2), b = -2 (writes w[0] = -2), c = 1 reaches
/// `w[0] < 0` true (line 8T): the element the branch reads was written two calls earlier at a
/// symbolic index computed from an element written one call before that. Reduced from
/// heap-shape program H4 of seed 1000 (found before `SYMBOLIC_INDEX_WRITES` was turned off).
/// spf: 26 paths, reaches 8T, 6 branch edges; dgse was 17 paths, missing 8T, 5 edges, because
/// a heap write did not depend on its own bounds event (a later call's direction reading the
/// array was not transitively dependent on a negated bounds check, so it was pruned); since
/// writes carry it, dgse: 26 paths, 6 edges.
const SYMBOLIC_INDEX_WRITE: &str = r#"public class D1 {
    static int seen;

    static void step(int[] w, int v) {
        if (v == 0) {
            seen = 2;
        } else if (v == 1) {
            if (w[0] < 0) {
                seen = 1;
            }
        }
        int p = w[1] - v;
        w[p] = v - p;
    }

    public static void run(int a, int b, int c) {
        int[] w = new int[3];
        step(w, a);
        step(w, b);
        step(w, c);
    }
}
"#;

#[test]
fn symbolic_index_write_read_two_calls_later() {
    let (_dir, classes) = common::javac(&[("D1.java", SYMBOLIC_INDEX_WRITE)]);
    let cp = classes.to_string_lossy().to_string();
    let base = [
        "--classpath",
        cp.as_str(),
        "--driver",
        "D1.run",
        "--min-int",
        "-4",
        "--max-int",
        "4",
    ];
    let spf = common::run(&[&base[..], &["--strategy", "spf"]].concat());
    let dgse = common::run(&[&base[..], &["--strategy", "dgse"]].concat());
    assert_eq!(spf.code, 0, "{}", spf.stderr);
    assert_eq!(dgse.code, 0, "{}", dgse.stderr);
    let (sl, _) = common::labels_and_outcomes(&spf);
    let (dl, _) = common::labels_and_outcomes(&dgse);
    assert!(sl.contains("D1.java:8T"), "spf reaches w[0] < 0: {sl:?}");
    assert_eq!(dl, sl, "dgse's branch directions differ from spf's");
    assert_eq!(
        common::count(&dgse.summary, "branches_covered"),
        common::count(&spf.summary, "branches_covered")
    );
    assert!(common::count(&dgse.summary, "feasible_paths") <= common::count(&spf.summary, "feasible_paths"));
}
