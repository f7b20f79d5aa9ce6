//! The DGSE paper's examples under exhaustive (SPF-style) exploration: path counts, faults and
//! the exact order of Table 1.

mod common;
use common::{branches, count, run};

#[test]
fn figure2_explores_eight_paths_and_both_faults() {
    let r = run(&["--classpath", "@examples", "--driver", "Fig2.test(int,int,int)", "--input", "2,0,1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(count(&r.summary, "feasible_paths"), 8);
    assert_eq!(count(&r.summary, "infeasible_paths"), 0);
    assert_eq!(count(&r.summary, "faults"), 2);
    // Table 1, in SPF's depth-first order.
    let expected = [
        ["2T", "4T", "8T"],
        ["2T", "4T", "8F"],
        ["2T", "4F", "8T"],
        ["2T", "4F", "8F"],
        ["2F", "4T", "8T"],
        ["2F", "4T", "8F"],
        ["2F", "4F", "8T"],
        ["2F", "4F", "8F"],
    ];
    let got: Vec<Vec<String>> = r.paths.iter().map(branches).collect();
    let want: Vec<Vec<String>> = expected
        .iter()
        .map(|p| p.iter().map(|b| format!("Fig2.java:{b}")).collect())
        .collect();
    assert_eq!(got, want);
    assert_eq!(r.paths[0]["inputs"], serde_json::json!([2, 0, 1]));
    // The fault at line 13 (a == b) on π3, π4 and the one at line 14 (a == c) on π6, π8.
    let outcome = |i: usize| r.paths[i]["outcome"]["exception"].as_str().unwrap_or("").to_string();
    assert_eq!(outcome(2), "java.lang.ArrayIndexOutOfBoundsException");
    assert_eq!(outcome(3), "java.lang.ArrayIndexOutOfBoundsException");
    assert_eq!(outcome(5), "java.lang.ArithmeticException");
    assert_eq!(outcome(7), "java.lang.ArithmeticException");
    for i in [0, 1, 4, 6] {
        assert_eq!(r.paths[i]["outcome"]["kind"], "return");
    }
}

#[test]
fn figure4_with_ten_blocks_has_1024_paths() {
    for driver in ["Fig4.blocks10", "Fig4.combined10"] {
        let r = run(&["--classpath", "@examples", "--driver", driver]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(count(&r.summary, "feasible_paths"), 1024, "{driver}");
        assert_eq!(count(&r.summary, "infeasible_paths"), 0);
        let mut seen: Vec<Vec<String>> = r.paths.iter().map(branches).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 1024, "every path is distinct");
    }
    let r = run(&["--classpath", "@examples", "--driver", "Fig4.blocks(int[])", "--array-len", "10"]);
    assert_eq!(count(&r.summary, "feasible_paths"), 1024);
}

#[test]
fn figure5_matches_table8() {
    let r = run(&["--classpath", "@examples", "--driver", "Fig5.test", "--input", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(count(&r.summary, "feasible_paths"), 3);
    assert_eq!(count(&r.summary, "infeasible_paths"), 1);
    let mut got: Vec<Vec<String>> = r.paths.iter().map(branches).collect();
    assert_eq!(got[0], vec!["Fig5.java:3T", "Fig5.java:5T"]);
    got.sort();
    assert_eq!(
        got,
        vec![
            vec!["Fig5.java:3F", "Fig5.java:5F"],
            vec!["Fig5.java:3F", "Fig5.java:5T"],
            vec!["Fig5.java:3T", "Fig5.java:5T"]
        ]
    );
    // Inputs: x=2 first; then one x <= 0 and x = 1 (the solver picks which ≤ 0 value).
    assert_eq!(r.paths[0]["inputs"], serde_json::json!([2]));
    for p in &r.paths[1..] {
        let x = p["inputs"][0].as_i64().unwrap();
        let b = branches(p);
        assert_eq!(b[1] == "Fig5.java:5T", x == 1, "{p}");
    }
}

#[test]
fn wbs_update_has_24_feasible_paths() {
    let r = run(&["--classpath", "@examples", "--driver", "WBS.update(int,int,int)"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(count(&r.summary, "feasible_paths"), 24);
    let mut seen: Vec<Vec<String>> = r.paths.iter().map(branches).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 24);
    assert!((r.summary["branch_coverage"].as_f64().unwrap() - 1.0).abs() < 1e-9);
}

#[test]
fn search_orders_find_the_same_paths() {
    let mut sets = Vec::new();
    for (search, seed) in [("dfs", "0"), ("bfs", "0"), ("random", "1"), ("random", "2")] {
        let r = run(&[
            "--classpath",
            "@examples",
            "--driver",
            "WBS.update",
            "--search",
            search,
            "--seed",
            seed,
        ]);
        assert_eq!(count(&r.summary, "feasible_paths"), 24, "{search}");
        let mut s: Vec<Vec<String>> = r.paths.iter().map(branches).collect();
        s.sort();
        sets.push(s);
    }
    assert!(sets.windows(2).all(|w| w[0] == w[1]));
    // Same seed, same order.
    let a = run(&[
        "--classpath",
        "@examples",
        "--driver",
        "WBS.update",
        "--search",
        "random",
        "--seed",
        "9",
    ]);
    let b = run(&[
        "--classpath",
        "@examples",
        "--driver",
        "WBS.update",
        "--search",
        "random",
        "--seed",
        "9",
    ]);
    assert_eq!(
        a.paths.iter().map(branches).collect::<Vec<_>>(),
        b.paths.iter().map(branches).collect::<Vec<_>>()
    );
}

#[test]
fn limits_stop_cleanly_and_keep_results() {
    let r = run(&["--classpath", "@examples", "--driver", "Fig4.blocks10", "--max-paths", "100"]);
    assert_eq!(r.code, 0);
    assert_eq!(count(&r.summary, "feasible_paths"), 100);
    assert_eq!(r.paths.len(), 100);
    let r = run(&["--classpath", "@examples", "--driver", "Fig4.blocks10", "--max-depth", "3"]);
    // Depth 3: the first three blocks are explored, deeper branches end the path as a limit.
    assert_eq!(count(&r.summary, "feasible_paths"), 16);
    assert!(r.paths.iter().all(|p| p["outcome"]["kind"] == "limit"));
    let r = run(&[
        "--classpath",
        "@examples",
        "--driver",
        "WBS.update",
        "--min-int",
        "0",
        "--max-int",
        "1",
    ]);
    for p in &r.paths {
        for v in p["inputs"].as_array().unwrap() {
            let v = v.as_i64().unwrap();
            assert!((0..=1).contains(&v), "{p}");
        }
    }
}

#[test]
fn symbolic_and_concrete_parameters_spf_style() {
    // z concrete (= 1): only the branches on x and y are explored.
    let r = run(&[
        "--classpath",
        "@examples",
        "--driver",
        "Fig2.test",
        "--symbolic",
        "sym#sym#con",
        "--input",
        "0,0,1",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(count(&r.summary, "feasible_paths"), 4);
    for p in &r.paths {
        assert_eq!(p["inputs"][2], 1);
    }
}

#[test]
fn instance_driver_and_summary_keys() {
    let r = run(&["--classpath", "@examples", "--driver", "WBS.twice"]);
    assert_eq!(r.code, 0);
    for key in [
        "feasible_paths",
        "infeasible_paths",
        "unknown_paths",
        "solver_calls",
        "instructions",
        "faults",
    ] {
        assert!(r.summary[key].is_u64(), "{key}");
    }
    for key in ["solver_time_ms", "analysis_time_ms", "wall_time_ms", "branch_coverage"] {
        assert!(r.summary[key].is_number(), "{key}");
    }
    assert_eq!(r.summary["strategy"], "spf");
    assert_eq!(count(&r.summary, "feasible_paths"), 576);
}
