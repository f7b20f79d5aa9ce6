//! The static dependence analyser on the DGSE paper's examples: Table 2 (Figure 2), the pairs
//! Figure 3 illustrates, and Table 12 (Figure 9 restricted to the change at line 3).

use std::collections::BTreeSet;
use std::process::Command;

fn analyze(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("analyze")
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("run jsymex");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("json")
}

/// Source-level pairs of one kind as "from,to" strings; `extra` selects the bytecode-only ones.
fn pairs(v: &serde_json::Value, method: &str, kind: &str, extra: bool) -> BTreeSet<String> {
    let m = v["methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["method"].as_str().unwrap().starts_with(method))
        .expect("method");
    m["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["kind"] == kind && p["extra"].is_null() != extra)
        .map(|p| format!("{},{}", p["from"].as_str().unwrap(), p["to"].as_str().unwrap()))
        .collect()
}

fn set(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(String::from).collect()
}

#[test]
fn figure2_gives_exactly_table2() {
    let v = analyze(&["--classpath", "@examples", "--driver", "Fig2.test"]);
    let m = "Fig2.test";
    assert_eq!(pairs(&v, m, "control", false), set("2T,3 4T,5 4F,7 8T,9 8F,11"));
    assert_eq!(
        pairs(&v, m, "data", false),
        set("1,12 1,13 1,14 3,12 3,13 3,14 5,12 5,13 7,12 7,13 9,14 11,14 12,13")
    );
    assert_eq!(pairs(&v, m, "potential", false), set("2F,12 2F,13 2F,14"));
    assert_eq!(
        pairs(&v, m, "interactive", false),
        set(
            "1,2F 1,4T 1,4F 1,5 1,7 1,8T 1,8F 1,9 1,11 1,12 2F,4T 2F,4F 2F,5 2F,7 2F,8T 2F,8F 2F,9 2F,11 2F,12 \
             3,4T 3,4F 3,5 3,7 3,8T 3,8F 3,9 3,11 3,12 5,12 7,12"
        )
    );
    // Bytecode-only pairs: Java's implicit checks at lines 12 (negative size) and 13 (bounds)
    // are conditional aborts, so the statements after them depend on their normal outcome.
    assert_eq!(pairs(&v, m, "control", true), set("12:negsize=F,13 13:bounds=F,14"));
    assert!(pairs(&v, m, "data", true).is_empty());
    assert!(pairs(&v, m, "potential", true).is_empty());
    // Bytecode-only interactive pairs, exactly: every definition reaching the operand of the
    // negative-size check at line 12 (lines 1, 2F, 3, 5, 7, 9, 11) and of the bounds check at line
    // 13 (lines 1, 2F, 3, 9, 11) interacts with the check's normal outcome; Algorithm 3's
    // inductive step through those checks then makes lines 5 and 7 interact with line 8's
    // directions, 9 and 11, and lines 9 and 11 with line 12.
    assert_eq!(
        pairs(&v, m, "interactive", true),
        set(
            "1,12:negsize=F 2F,12:negsize=F 3,12:negsize=F 5,12:negsize=F 7,12:negsize=F 9,12:negsize=F \
             11,12:negsize=F 1,13:bounds=F 2F,13:bounds=F 3,13:bounds=F 9,13:bounds=F 11,13:bounds=F \
             5,8T 5,8F 5,9 5,11 7,8T 7,8F 7,9 7,11 9,12 11,12"
        )
    );
}

#[test]
fn figure3_pairs_hold() {
    // Figure 3 annotates the program of Figure 2: ⟨2F,14⟩ is potential, ⟨1,11⟩ interactive.
    let v = analyze(&["--classpath", "@examples", "--driver", "Fig2.test"]);
    assert!(pairs(&v, "Fig2.test", "potential", false).contains("2F,14"));
    assert!(pairs(&v, "Fig2.test", "interactive", false).contains("1,11"));
    // And not the other direction of branch 2 (its definition at 3 comes after the branch).
    assert!(!pairs(&v, "Fig2.test", "potential", false).contains("2T,14"));
}

#[test]
fn figure9_restricted_to_line3_gives_exactly_table12() {
    let v = analyze(&["--classpath", "@examples", "--driver", "WBS.update", "--changed-line", "WBS.java:3"]);
    let m = "WBS.update";
    assert_eq!(
        pairs(&v, m, "control", false),
        set("3T,4 3F,5T 3F,5F 5T,6 5F,8 14T,15 14F,16T 14F,16F 16T,17 16F,19")
    );
    assert_eq!(pairs(&v, m, "data", false), set("4,9 6,9 8,9 9,14T 9,14F 9,16T 9,16F"));
    assert!(pairs(&v, m, "potential", false).is_empty());
    assert!(pairs(&v, m, "interactive", false).is_empty());
    for kind in ["control", "data", "potential", "interactive"] {
        assert!(pairs(&v, m, kind, true).is_empty(), "{kind}");
    }
    // Without the change every statement is in the tables, e.g. ⟨10T,11⟩.
    let full = analyze(&["--classpath", "@examples", "--driver", "WBS.update"]);
    assert!(pairs(&full, m, "control", false).contains("10T,11"));
}

#[test]
fn analysis_reports_counts_and_timings() {
    let v = analyze(&["--classpath", "@examples", "--driver", "WBS.twice"]);
    // Instruction-level pairs over WBS.twice and WBS.update (several instructions share a source
    // line, so each printed source pair stands for at least one of them). The calls of `twice`
    // have no exceptional edge (the may-throw analysis proves `WBS()` and `update` complete
    // normally), so nothing is control-dependent on their normal completion: 20 control and 28
    // interactive pairs before that analysis, 11 and 12 with it.
    assert_eq!(v["counts"], serde_json::json!({"control": 11, "data": 17, "interactive": 12}));
    // A branch as a target stands for both of its directions (`⟨3F,5T⟩ ⟨3F,5F⟩` is one pair).
    let undirected = |p: &String| p.trim_end_matches(['T', 'F']).to_string();
    for kind in ["control", "data", "interactive"] {
        let source: usize = ["WBS.twice", "WBS.update"]
            .iter()
            .map(|m| pairs(&v, m, kind, false).iter().map(undirected).collect::<BTreeSet<_>>().len())
            .sum();
        assert!(v["counts"][kind].as_u64().unwrap() as usize >= source, "{kind}");
    }
    assert!(v["timings"]["total_ms"].as_f64().unwrap() >= 0.0);
    // The callee's tables are there too (inter-procedural: twice calls update).
    assert!(
        v["methods"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["method"].as_str().unwrap().starts_with("WBS.update"))
    );
}
