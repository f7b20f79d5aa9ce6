//! `compare --check-coverage`, the soundness oracle as a first-class check: on a complete run a
//! strategy must reach every branch direction, branch edge, instruction and fault site the
//! baseline reaches, and never explore more feasible paths than it. It passes for `dgse` on
//! every bundled configuration that completes within the CI budget, and it fails, naming what
//! was missed, for a strategy that is known to miss something (DGSE without interactive
//! dependence on Figure 2: the paper's Table 4 never reaches the fault on line 14).

mod common;

use std::process::Command;

fn compare(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("compare")
        .args(["-q", "--format", "csv", "--check-coverage"])
        .args(args)
        .output()
        .expect("run jsymex");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The csv rows as (strategy, column) lookups.
fn rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = csv.lines();
    let header: Vec<String> = lines.next().expect("header").split(',').map(String::from).collect();
    lines
        .map(|l| header.iter().cloned().zip(l.split(',').map(String::from)).collect())
        .collect()
}

/// Every configuration here completes in seconds; the check must hold on each, and each run
/// must be complete (a configuration that stops on a limit proves nothing).
#[test]
fn dgse_misses_nothing_that_spf_reaches_on_complete_configurations() {
    let mut configs: Vec<String> = Vec::new();
    for name in [
        "cli",
        "print_tokens2",
        "replace",
        "schedule",
        "schedule2",
        "siena",
        "tcas",
        "tot_info",
        "wbs",
        "print_tokens",
    ] {
        configs.push(format!("{name}:ci"));
    }
    for name in ["cli", "print_tokens2", "replace", "schedule", "schedule2", "siena", "wbs"] {
        configs.push(format!("{name}:min"));
    }
    for c in &configs {
        let (code, out, err) = compare(&["--subject", c, "--strategies", "spf,dgse,dgse-no-interactive", "--budget", "120"]);
        let rs = rows(&out);
        assert_eq!(rs.len(), 3, "{c}: {out}{err}");
        for r in &rs {
            assert_eq!(r["stop"], "complete", "{c}: {r:?}");
        }
        // dgse is sound: nothing missed.
        assert_eq!(rs[1]["missed"], "0", "{c}: {err}");
        assert!(!err.contains("dgse missed") && !err.contains("dgse on"), "{c}: {err}");
        let spf: u64 = rs[0]["feasible"].parse().expect("count");
        let dgse: u64 = rs[1]["feasible"].parse().expect("count");
        assert!(dgse <= spf, "{c}: dgse {dgse} > spf {spf}");
        // The exit code is 1 exactly when some strategy missed something.
        let any_missed = rs.iter().skip(1).any(|r| r["missed"] != "0");
        assert_eq!(code, if any_missed { 1 } else { 0 }, "{c}: {err}");
    }
}

#[test]
fn a_strategy_that_misses_a_fault_fails_the_check_and_is_named() {
    let (code, out, err) = compare(&[
        "--classpath",
        "@examples",
        "--driver",
        "Fig2.test",
        "--input",
        "2,0,1",
        "--strategies",
        "spf,dgse,dgse-no-interactive",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let rs = rows(&out);
    assert_eq!(rs[0]["missed"], "-", "the baseline");
    assert_eq!(rs[1]["missed"], "0", "dgse (Table 3) reaches both faults");
    // Table 4 misses one fault site, and with it the fault side of that division (spf takes
    // it with a concrete divisor: the oracle counts concrete directions too).
    assert_eq!(rs[2]["missed"], "2", "Table 4 misses one fault site");
    assert!(
        err.contains("dgse-no-interactive missed what spf reached: 1 branch directions (Fig2.java:14:div0=T); 1 fault sites (java.lang.ArithmeticException@Fig2.test(III)I@"),
        "{err}"
    );
    assert!(!err.contains("jsymex: dgse missed"), "{err}");
    // Without the flag the same comparison succeeds and still reports the column.
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args([
            "compare",
            "-q",
            "--format",
            "csv",
            "--classpath",
            "@examples",
            "--driver",
            "Fig2.test",
            "--input",
            "2,0,1",
        ])
        .args(["--strategies", "spf,dgse-no-interactive"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(rows(&String::from_utf8_lossy(&out.stdout))[1]["missed"], "2");
}

#[test]
fn more_paths_than_the_baseline_fails_the_check() {
    // With dgse as the baseline, spf explores more feasible paths on Figure 4: the check
    // reports it (a pruner must never explore more than exhaustive search).
    let (code, _, err) = compare(&["--classpath", "@examples", "--driver", "Fig4.blocks10", "--strategies", "dgse,spf"]);
    assert_eq!(code, 1);
    assert!(err.contains("spf explored 1024 feasible paths, more than dgse's 11"), "{err}");
}

/// One instruction can make events of two kinds: an `aaload` at a symbolic index checks its
/// bounds (`bounds=T` when the index is out) and then chooses the element (`case 1`), both with
/// direction 1. The oracle once kept one label per (method, pc, direction), so which label it
/// kept depended on the order the paths came in, and any order other than the baseline's was
/// reported missing a direction it had reached (found by a differential hunt). Both labels are
/// reached in every order, whichever strategy is the baseline.
#[test]
fn labels_of_two_events_at_one_instruction_do_not_depend_on_the_order_of_paths() {
    let (_dir, classes) = common::javac(&[(
        "TwoEvents.java",
        "public class TwoEvents {\n\
         public static int driver(int a, int b) {\n\
         int[][] m = new int[2][2];\n\
         try { m[b][b] = a; } catch (ArrayIndexOutOfBoundsException e) { return 1; }\n\
         return m[1][1];\n\
         }\n\
         }\n",
    )]);
    let cp = classes.to_string_lossy().to_string();
    for strategies in ["spf,subpath-2", "subpath-2,spf", "spf,random-path", "random-path,spf"] {
        let (code, out, err) = compare(&[
            "--classpath",
            &cp,
            "--driver",
            "TwoEvents.driver(int,int)",
            "--min-int",
            "-2",
            "--max-int",
            "3",
            "--workers",
            "1",
            "--strategies",
            strategies,
        ]);
        assert_eq!(code, 0, "{strategies}: {out}{err}");
        let rs = rows(&out);
        assert_eq!(rs[1]["missed"], "0", "{strategies}: {out}");
        assert_eq!(rs[0]["feasible"], rs[1]["feasible"], "{strategies}: {out}");
    }
}
