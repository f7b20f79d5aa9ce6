//! Subpath-guided search against its paper (Li, Su, Wang, Li, OOPSLA 2013) as rebuilt in
//! `shared/design/notes-subpath-interp.md` A.9: the pick and test orders of Tables 1-2 on the
//! rebuilt Figure 1 (`tests/java/subpath/SubpathFig1.java`) for `subpath-1`, `subpath-2` and
//! DFS, the final subpath counts, and the fork bomb of A.9.4 (d).

mod common;

use jsymex::classpath::ClassPath;
use jsymex::explore::driver::{Driver, InputOptions};
use jsymex::explore::{Explorer, Limits, Observer};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::strategy::preset::Preset;
use jsymex::strategy::searchers::{self, states::Pick};
use jsymex::symbolic::ExprPool;
use jsymex::task::{ForkSite, PathRecord};
use jsymex::vm::{OutValue, Outcome, VmConfig};
use std::collections::BTreeMap;
use std::process::Command;
use std::sync::{Arc, Mutex};

const FIG1: &str = include_str!("java/subpath/SubpathFig1.java");
const BOMB: &str = include_str!("java/subpath/SubpathBomb.java");

/// The tests in the order the observers get them: (return value, fork labels).
#[derive(Default)]
struct Tests(Vec<(i64, String)>, BTreeMap<u32, &'static str>);

fn label(site: &ForkSite, names: &BTreeMap<u32, &str>) -> String {
    format!(
        "{}{}",
        names.get(&site.pc).copied().unwrap_or("?"),
        if site.dir == 1 { "t" } else { "f" }
    )
}

/// The Figure 1 fork names by instruction index (jsymex's pc): javap's byte offsets 2, 11, 25
/// and 32 (notes A.9.3), turned into indices by counting javap's instructions.
fn fig1_names(cp: &str) -> BTreeMap<u32, &'static str> {
    let out = Command::new("javap")
        .args(["-c", "-cp", cp, "SubpathFig1"])
        .output()
        .expect("javap (a JDK) is required");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let body = text.split("fig1(int, int, int, int);").nth(1).expect("fig1 in javap output");
    let offsets: Vec<(u32, String)> = body
        .lines()
        .filter_map(|l| {
            let (off, rest) = l.trim().split_once(": ")?;
            Some((off.parse().ok()?, rest.split_whitespace().next()?.to_string()))
        })
        .collect();
    let mut names = BTreeMap::new();
    for (off, op, name) in [
        (2, "if_icmpgt", "s0"),
        (11, "if_icmpeq", "s5"),
        (25, "ifgt", "s8"),
        (32, "if_icmpgt", "s9"),
    ] {
        let idx = offsets
            .iter()
            .position(|(o, _)| *o == off)
            .unwrap_or_else(|| panic!("no instruction at {off}:\n{text}"));
        assert_eq!(offsets[idx].1, op, "javap at {off}");
        names.insert(idx as u32, name);
    }
    names
}

impl Observer for Tests {
    fn on_path(&mut self, _d: &Driver, _p: &ExprPool, _prog: &Program, rec: &PathRecord) {
        let names = &self.1;
        let v = match &rec.run.outcome {
            Outcome::Return(Some(OutValue::Int(v))) => *v,
            other => panic!("unexpected outcome {other:?}"),
        };
        let l = rec
            .run
            .events
            .iter()
            .map(|e| format!("{}{}", names.get(&e.pc).copied().unwrap_or("?"), if e.dir == 1 { "t" } else { "f" }))
            .collect::<Vec<_>>()
            .join(" ");
        self.0.push((v, l));
    }
}

/// The pick log, the tests in emission order and the search counters.
type Explored = (Vec<Pick>, Vec<(i64, String)>, Vec<(String, u64)>);

/// Explores `driver` with `search` (a fork-level order with a pick log, or `dfs`): the pick
/// log, the tests in emission order and the summary's search counters.
fn explore(cp: &str, driver: &str, search: &str, input: &[&str], max_paths: Option<u64>, names: &BTreeMap<u32, &'static str>) -> Explored {
    let prog = Program::new(ClassPath::parse(cp).expect("classpath"));
    let opts = InputOptions {
        input: input.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    let limits = Limits {
        max_paths,
        ..Default::default()
    };
    let mut ex = Explorer::new(&prog, driver, &opts, SolverConfig::default(), VmConfig::default(), limits).expect("driver");
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut preset = if search == "dfs" {
        ex.preset("spf", "dfs", 0, &[]).expect("dfs")
    } else {
        Preset {
            name: "spf".into(),
            searcher: Box::new(searchers::build(search, 0).expect("order").with_log(log.clone())),
            pruners: vec![],
            prepare_time: Default::default(),
            set_aside: Vec::new(),
        }
    };
    let mut tests = Tests(Vec::new(), names.clone());
    let (s, err) = ex.explore(&mut preset, &mut [&mut tests]);
    assert!(err.is_none(), "{err:?}");
    let picks = log.lock().unwrap().clone();
    (picks, tests.0, s.search_counters)
}

fn fig1_classes() -> (tempfile::TempDir, String) {
    let (dir, classes) = common::javac(&[("SubpathFig1.java", FIG1)]);
    (dir, classes.to_string_lossy().to_string())
}

/// The rebuilt figure's forks are where the notes say (each table `t` is a taken jump).
#[test]
fn javap_layout() {
    let (_d, cp) = fig1_classes();
    let names = fig1_names(&cp);
    assert_eq!(names, BTreeMap::from([(2, "s0"), (6, "s5"), (15, "s8"), (20, "s9")]));
}

const ALL_TESTS: [&str; 7] = [
    "s0f s8f",
    "s0f s8t s9f",
    "s0f s8t s9t",
    "s0t s5t",
    "s0t s5f s8f",
    "s0t s5f s8t s9f",
    "s0t s5f s8t s9t",
];

fn positions(picks: &[Pick]) -> Vec<usize> {
    // Step 0 (the first state) is not in the tables' pick column.
    picks[1..].iter().map(|p| p.position).collect()
}

/// Final counts of the length-`n` subpaths of the selected states, by label.
fn counts(picks: &[Pick], n: usize, names: &BTreeMap<u32, &'static str>) -> BTreeMap<String, u64> {
    let mut m = BTreeMap::new();
    for p in picks {
        let k = &p.path[p.path.len().saturating_sub(n)..];
        let key = k.iter().map(|s| label(s, names)).collect::<Vec<_>>().join("·");
        *m.entry(if key.is_empty() { "<>".to_string() } else { key }).or_insert(0) += 1;
    }
    m
}

fn expect_counts(pairs: &[(&str, u64)]) -> BTreeMap<String, u64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

#[test]
fn subpath_1_follows_table_1() {
    let (_d, cp) = fig1_classes();
    let names = fig1_names(&cp);
    let (picks, tests, counters) = explore(&cp, "SubpathFig1.fig1", "subpath-1:latest", &[], None, &names);
    assert_eq!(positions(&picks), vec![2, 3, 2, 3, 2, 1, 2, 1, 2, 1, 2, 1]);
    let values: Vec<i64> = tests.iter().map(|t| t.0).collect();
    assert_eq!(values, vec![4, 4, 10, 6, 4, 4, 10]);
    let labels: Vec<&str> = tests.iter().map(|t| t.1.as_str()).collect();
    assert_eq!(
        labels,
        [
            ALL_TESTS[0],
            ALL_TESTS[1],
            ALL_TESTS[2],
            ALL_TESTS[3],
            ALL_TESTS[4],
            ALL_TESTS[5],
            ALL_TESTS[6]
        ]
    );
    assert_eq!(
        counts(&picks, 1, &names),
        expect_counts(&[
            ("<>", 1),
            ("s0t", 1),
            ("s0f", 1),
            ("s5t", 1),
            ("s5f", 1),
            ("s8t", 2),
            ("s8f", 2),
            ("s9t", 2),
            ("s9f", 2)
        ])
    );
    // 6 forks + 7 exits = 13 selections, and the policy's own map agrees.
    let c: BTreeMap<String, u64> = counters.into_iter().collect();
    assert_eq!(
        (c["selections"], c["forks"], c["ends"], c["subpath_count_sum"], c["subpaths"]),
        (13, 6, 7, 13, 9)
    );
}

#[test]
fn subpath_2_follows_table_2() {
    let (_d, cp) = fig1_classes();
    let names = fig1_names(&cp);
    let (picks, tests, counters) = explore(&cp, "SubpathFig1.fig1", "subpath-2:latest", &[], None, &names);
    assert_eq!(positions(&picks), vec![2, 3, 2, 3, 2, 1, 2, 3, 2, 1, 2, 1]);
    let values: Vec<i64> = tests.iter().map(|t| t.0).collect();
    assert_eq!(values, vec![4, 4, 10, 4, 6, 4, 10]);
    let labels: Vec<&str> = tests.iter().map(|t| t.1.as_str()).collect();
    assert_eq!(
        labels,
        [
            ALL_TESTS[0],
            ALL_TESTS[1],
            ALL_TESTS[2],
            ALL_TESTS[4],
            ALL_TESTS[3],
            ALL_TESTS[5],
            ALL_TESTS[6]
        ]
    );
    assert_eq!(
        counts(&picks, 2, &names),
        expect_counts(&[
            ("<>", 1),
            ("s0t", 1),
            ("s0f", 1),
            ("s0t·s5t", 1),
            ("s0t·s5f", 1),
            ("s0f·s8t", 1),
            ("s0f·s8f", 1),
            ("s5f·s8t", 1),
            ("s5f·s8f", 1),
            ("s8t·s9t", 2),
            ("s8t·s9f", 2)
        ])
    );
    let c: BTreeMap<String, u64> = counters.into_iter().collect();
    assert_eq!((c["selections"], c["subpath_count_sum"], c["subpaths"]), (13, 13, 11));
}

#[test]
fn dfs_and_long_subpaths_take_the_dfs_order() {
    let (_d, cp) = fig1_classes();
    let names = fig1_names(&cp);
    let dfs_labels = [
        ALL_TESTS[0],
        ALL_TESTS[1],
        ALL_TESTS[2],
        ALL_TESTS[4],
        ALL_TESTS[5],
        ALL_TESTS[6],
        ALL_TESTS[3],
    ];
    // SPF's depth-first order (whole paths' tasks at once) gives the paper's DFS test order.
    let (_, tests, _) = explore(&cp, "SubpathFig1.fig1", "dfs", &[], None, &names);
    assert_eq!(tests.iter().map(|t| t.0).collect::<Vec<_>>(), vec![4, 4, 10, 4, 4, 10, 6]);
    assert_eq!(tests.iter().map(|t| t.1.as_str()).collect::<Vec<_>>(), dfs_labels);
    // With N at least the fork depth every key is new: the tie rule alone decides, and
    // "latest" is KLEE's DFS, pick for pick (notes A.8.10).
    for n in [3, 4, 8, 100] {
        let (picks, tests, _) = explore(&cp, "SubpathFig1.fig1", &format!("subpath-{n}:latest"), &[], None, &names);
        assert_eq!(positions(&picks), vec![2, 3, 2, 3, 2, 1, 2, 3, 2, 3, 2, 1], "subpath-{n}:latest");
        assert_eq!(
            tests.iter().map(|t| t.1.as_str()).collect::<Vec<_>>(),
            dfs_labels,
            "subpath-{n}:latest"
        );
    }
}

/// Notes A.9.4 (d): the first fork's appended (fall-through) side loops on a symbolic int;
/// its taken side sets `hit`. The first input (b = 1) goes into the loop.
#[test]
fn fork_bomb() {
    let (_d, classes) = common::javac(&[("SubpathBomb.java", BOMB)]);
    let cp = classes.to_string_lossy().to_string();
    let hit_value = 1;
    let (picks, tests, _) = explore(&cp, "SubpathBomb.bomb", "subpath-1:latest", &["1", "0"], Some(50), &BTreeMap::new());
    // Selections 1-3: the fall-through side, one loop continue, one loop exit; selection 4 is
    // the taken side of the first fork, the only state whose subpath count is still 0.
    let sel4 = &picks[4];
    assert_eq!(sel4.position, 1);
    assert_eq!(sel4.path.len(), 1);
    assert_eq!((sel4.path[0].pc, sel4.path[0].dir), (1, 1));
    assert_eq!(picks[1].path.last().map(|s| s.dir), Some(0));
    let first_hit = tests.iter().position(|t| t.0 == hit_value);
    assert_eq!(first_hit, Some(1), "the hit path is the second test: {tests:?}");
    // Depth-first never leaves the loop within 50 paths.
    let (_, tests, _) = explore(&cp, "SubpathBomb.bomb", "dfs", &["1", "0"], Some(50), &BTreeMap::new());
    assert_eq!(tests.len(), 50);
    assert!(tests.iter().all(|t| t.0 != hit_value), "dfs reached the taken side: {tests:?}");
}
