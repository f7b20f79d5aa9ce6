//! The search-order options through the binary: bad names are one line and exit code 2,
//! `--only-new-coverage` keeps the tests that cover something new, `compare` runs
//! `subpath-combined` as one row and records coverage over time.

mod common;

use std::collections::BTreeSet;
use std::process::Command;

fn jsymex(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run jsymex");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const FIG2: &[&str] = &["--classpath", "@examples", "--driver", "Fig2.test(int,int,int)"];

#[test]
fn bad_orders_are_one_line_naming_the_option() {
    for (order, words) in [
        ("subpath-0", &["--search", "subpath-0", "at least 1"][..]),
        ("subpath-x", &["--search", "subpath-x", "whole number"][..]),
        ("subpath-2:newest", &["--search", "latest or random"][..]),
        ("nurs:foo", &["--search", "nurs:foo", "unknown search order"][..]),
        ("random-path+nope", &["--search", "nope"][..]),
    ] {
        let (code, stdout, stderr) = jsymex(&[&["run"], FIG2, &["--search", order]].concat());
        assert_eq!(code, 2, "{order}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{order}: {stderr}");
        assert!(stdout.is_empty(), "{order}: {stdout}");
        for w in words {
            assert!(stderr.contains(w), "{order}: '{w}' not in {stderr}");
        }
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // subpath-combined is a compare strategy, not a search order.
    let (code, _, stderr) = jsymex(&[&["run"], FIG2, &["--strategy", "subpath-combined"]].concat());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("compare"), "{stderr}");
    let (code, _, stderr) = jsymex(&[&["compare"], FIG2, &["--strategies", "spf,subpath-0"]].concat());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("subpath-0") && stderr.lines().count() == 1, "{stderr}");
}

#[test]
fn every_order_runs_figure_2_to_its_8_paths() {
    let all = common::run(&[FIG2, &["--strategy", "spf"]].concat());
    let want: BTreeSet<Vec<String>> = all.paths.iter().map(common::branches).collect();
    assert_eq!(want.len(), 8);
    for order in [
        "subpath-1",
        "subpath-2:latest",
        "random-state",
        "random-path",
        "nurs:covnew",
        "nurs:md2u",
        "nurs:depth",
        "nurs:icnt",
        "random-path+nurs:covnew",
    ] {
        let r = common::run(&[FIG2, &["--search", order, "--seed", "3"]].concat());
        assert_eq!(r.code, 0, "{order}: {}", r.stderr);
        let got: BTreeSet<Vec<String>> = r.paths.iter().map(common::branches).collect();
        assert_eq!(got, want, "{order}");
        assert_eq!(r.paths.len(), 8, "{order}");
        assert_eq!(r.summary["search"], *order);
        // The JSONL is written in the searcher's order, each path once.
        let ids: BTreeSet<u64> = r.paths.iter().map(|p| p["path"].as_u64().unwrap()).collect();
        assert_eq!(ids, (1..=8).collect());
    }
}

#[test]
fn only_new_coverage_keeps_fewer_tests_that_cover_the_same() {
    let all = common::run(&[FIG2, &["--strategy", "spf"]].concat());
    let some = common::run(&[FIG2, &["--strategy", "spf", "--only-new-coverage"]].concat());
    assert_eq!(some.code, 0, "{}", some.stderr);
    // Every path is still explored and counted ...
    assert_eq!(common::count(&some.summary, "feasible_paths"), 8);
    assert_eq!(some.summary["branches_covered"], all.summary["branches_covered"]);
    // ... but only those covering something new (or throwing) are written, and together they
    // take every branch direction the full suite takes.
    assert!(
        some.paths.len() < all.paths.len() && !some.paths.is_empty(),
        "{} of {}",
        some.paths.len(),
        all.paths.len()
    );
    let labels = |ps: &[serde_json::Value]| -> BTreeSet<String> { ps.iter().flat_map(common::branches).collect() };
    assert_eq!(labels(&some.paths), labels(&all.paths));
    // The first path always covers something new.
    assert_eq!(some.paths[0]["path"], 1);
}

#[test]
fn compare_runs_subpath_combined_and_records_coverage_over_time() {
    let (code, stdout, stderr) = jsymex(
        &[
            &["compare"],
            FIG2,
            &[
                "--strategies",
                "spf,subpath-combined,dgse+subpath-combined,subpath-2",
                "--format",
                "json",
            ],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    let runs = v["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 4);
    let spf = &runs[0];
    for r in runs {
        // The coverage curve ends at the run's coverage and never falls.
        let cov = r["coverage_over_time"].as_array().expect("coverage_over_time");
        assert!(!cov.is_empty());
        let b: Vec<u64> = cov.iter().map(|p| p[2].as_u64().unwrap()).collect();
        assert!(b.windows(2).all(|w| w[0] <= w[1]), "{b:?}");
        assert_eq!(*b.last().unwrap(), r["branches_covered"].as_u64().unwrap(), "{}", r["strategy"]);
        assert_eq!(r["stop"], "Complete");
    }
    // The union of four complete subpath runs is spf's path set, counted once.
    let comb = &runs[1];
    assert_eq!(comb["strategy"], "subpath-combined");
    assert_eq!(comb["search"], "subpath-1,subpath-2,subpath-4,subpath-8");
    assert_eq!(comb["feasible_paths"], spf["feasible_paths"]);
    assert_eq!(comb["duplicate_paths"].as_u64().unwrap(), 3 * 8);
    assert_eq!(comb["branches_covered"], spf["branches_covered"]);
    let sel = comb["search_counters"].as_array().unwrap().iter().find(|c| c[0] == "ends").unwrap()[1]
        .as_u64()
        .unwrap();
    assert_eq!(sel, 4 * 8, "each quarter ends its 8 paths");
    // With dgse: dgse's 6 paths (the paper's Figure 2), reaching what spf reaches.
    assert_eq!(runs[2]["feasible_paths"], 6);
    assert_eq!(runs[2]["missed"]["count"].as_u64().unwrap_or(0), 0);
    assert_eq!(runs[3]["feasible_paths"], 8);
}

/// `compare --junit` names each strategy's class after it: orders with `+` and `:` become
/// valid Java names (they used to stop the comparison with an invalid `--junit-class`).
#[test]
fn compare_junit_classes_of_combined_orders_are_valid_java_names() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args([
            "compare",
            "-c",
            "@examples",
            "-d",
            "Fig2.test(int,int,int)",
            "--strategies",
            "spf,random-path+nurs:covnew",
            "--junit",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().any(|n| n.ends_with("_random_path_nurs_covnew.java")), "{names:?}");
    assert!(names.iter().any(|n| n.ends_with("_spf.java")), "{names:?}");
}
