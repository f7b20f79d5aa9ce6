//! Symbolic objects: reference parameters initialised lazily (null, a fresh object, an alias of
//! an earlier symbolic object), on the classic examples of generalized symbolic execution with
//! path counts derived by hand, their inputs replayed on the real JVM through the generated
//! JUnit suites, and DGSE's coverage check on them.

mod common;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The classic examples (`tests/java/objects/classic`) compiled with the input API.
fn classic() -> (tempfile::TempDir, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("tests/java/objects/classic"))
        .expect("tests/java/objects/classic")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    files.push(root.join("jvm-stubs/src/jsymex/Symbolic.java"));
    common::javac_files(&files, &[], tmp.path());
    // The VM supplies jsymex.Symbolic itself; the real JVM gets it from the runtime jar.
    std::fs::remove_dir_all(tmp.path().join("jsymex")).expect("compiled jsymex.Symbolic");
    let cp = tmp.path().to_string_lossy().into_owned();
    (tmp, cp)
}

/// Outcomes of a run's paths: `return V` or the exception class, with their multiplicity.
fn outcomes(r: &common::RunOut) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for p in &r.paths {
        let o = &p["outcome"];
        let k = match o["kind"].as_str() {
            Some("return") => format!("return {}", o["value"]),
            Some("exception") => o["exception"].as_str().unwrap_or("?").to_string(),
            Some(k) => k.to_string(),
            None => "?".into(),
        };
        *m.entry(k).or_insert(0) += 1;
    }
    m
}

/// Writes the JUnit suite of a driver, compiles it and runs it on the real JVM: every test passes.
fn junit_passes(cp: &str, driver: &str, extra: &[&str], expected_tests: usize) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("junit");
    let o = out.to_string_lossy().into_owned();
    let r = common::run(&[&["--classpath", cp, "--driver", driver, "--junit", &o][..], extra].concat());
    assert_eq!(r.code, 0, "{driver}: {}", r.stderr);
    junit_check(&out, cp, expected_tests, driver);
}

/// `jsymex junit --check` on a suite directory: `n` tests, all passing.
fn junit_check(out: &Path, cp: &str, n: usize, what: &str) {
    let o = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args(["junit", "--check", &out.to_string_lossy(), "--classpath", cp])
        .output()
        .expect("jsymex junit");
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{what}: junit --check:\n{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        stdout.contains(&format!("junit: {n} passed, 0 failed")),
        "{what}: expected {n} tests:\n{stdout}"
    );
}

/// GSE's `swapNode` (TACAS 2003, Figure 2): the receiver `n` is null (an NPE) or a fresh node
/// o1; `n.next` is null, o1 itself, or a fresh o2; with o2, `elem - next.elem > 0` holds or
/// not (with `next == this` it cannot); when it holds `t.next` (o2's next) is null, o1, o2 or a
/// fresh o3: 1 + (1 + 1 + 1 + 4) = 8 paths; the `this` alias's true side is infeasible.
#[test]
fn swap_node_has_the_paper_s_seven_heaps_and_a_null_receiver() {
    let (_t, cp) = classic();
    let r = common::run_complete(&cp, "SwapNode.swap", "spf", &[]);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 8);
    assert_eq!(common::count(&r.summary, "infeasible_paths"), 1);
    let labels: std::collections::BTreeSet<String> = r.paths.iter().flat_map(common::branches).collect();
    for l in [
        "SwapNode.java:23:arg0=null",
        "SwapNode.java:23:arg0=new SwapNode",
        "SwapNode.java:10:next=null",
        "SwapNode.java:10:next=alias#1",
        "SwapNode.java:10:next=new SwapNode",
        "SwapNode.java:13:next=alias#2",
        "SwapNode.java:13:next=new SwapNode",
    ] {
        assert!(labels.contains(l), "label {l} missing: {labels:?}");
    }
    let o = outcomes(&r);
    assert_eq!(o.get("java.lang.NullPointerException"), Some(&1), "{o:?}");
    // The swapped lists return -elem of the new head (o2): four heaps for o2.next.
    let swapped = r
        .paths
        .iter()
        .filter(|p| p["branches"].as_array().is_some_and(|b| b.iter().any(|l| l == "SwapNode.java:11T")))
        .count();
    assert_eq!(swapped, 4);
    // Inputs are reported as the heap the path made: o1.next aliasing o1.
    let alias = r
        .paths
        .iter()
        .find(|p| common::branches(p).iter().any(|l| l == "SwapNode.java:10:next=alias#1"))
        .expect("alias path");
    assert_eq!(alias["inputs"][0]["class"], "SwapNode");
    assert_eq!(alias["inputs"][0]["fields"]["next"], serde_json::json!({"ref": 1}), "{alias}");
    junit_passes(&cp, "SwapNode.swap", &[], 8);
}

/// The bounds: with `--max-heap-depth 2` o3 is not offered (8 - 1 paths); with
/// `--max-objects 1` only o1 is fresh, so `next` is null or o1 (NPE, null, alias: 3 paths).
#[test]
fn heap_depth_and_object_bounds_cut_the_fresh_choices() {
    let (_t, cp) = classic();
    let r = common::run_complete(&cp, "SwapNode.swap", "spf", &["--max-heap-depth", "2"]);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 7);
    let r = common::run_complete(&cp, "SwapNode.swap", "spf", &["--max-objects", "1"]);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 3);
    let r = common::run_complete(&cp, "SwapNode.swap", "spf", &["--max-heap-depth", "0"]);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 1, "only the null receiver");
}

/// Binary search tree `contains` and `insert`: from a node at depth d with m symbolic nodes so
/// far, the key is equal (1 path) or smaller or greater; then the child is null (1 path), one of
/// the m nodes (a cycle: the search loops until `--max-depth`, 1 limit path each), or a fresh
/// node below when d < the depth bound: g(d, m) = 1 + 2 (1 + m + g(d + 1, m + 1)). With depth 3:
/// g(3,3) = 9, g(2,2) = 25, g(1,1) = 55, plus the null root: 56 paths, 2·1 + 4·2 + 8·3 = 34 on
/// the limit. With the default depth 4: g(4,4) = 11, g(3,3) = 31, g(2,2) = 69, g(1,1) = 143: 144
/// paths, 34 + 16·4 = 98 on the limit.
#[test]
fn bst_contains_and_insert_with_heap_depth_3() {
    let (_t, cp) = classic();
    for driver in ["Bst.contains", "Bst.insert"] {
        let r = common::run(&["--classpath", &cp, "--driver", driver, "--max-heap-depth", "3", "--max-depth", "40"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(common::count(&r.summary, "feasible_paths"), 56, "{driver}");
        assert_eq!(common::count(&r.summary, "limit_paths"), 34, "{driver}");
        let r = common::run(&["--classpath", &cp, "--driver", driver, "--max-depth", "40"]);
        assert_eq!(common::count(&r.summary, "feasible_paths"), 144, "{driver}");
        assert_eq!(common::count(&r.summary, "limit_paths"), 98, "{driver}");
        // 56 - 34 complete paths: one test each, replayed on the JVM.
        junit_passes(&cp, driver, &["--max-heap-depth", "3", "--max-depth", "40"], 22);
    }
    let r = common::run(&[
        "--classpath",
        &cp,
        "--driver",
        "Bst.insert",
        "--max-heap-depth",
        "3",
        "--max-depth",
        "40",
    ]);
    let o = outcomes(&r);
    // Insertions at depths 1, 2, 3 (2, 4, 8 null children), found keys (1 + 2 + 4), empty tree.
    assert_eq!(o.get("return 1"), Some(&2), "{o:?}");
    assert_eq!(o.get("return 2"), Some(&4), "{o:?}");
    assert_eq!(o.get("return 3"), Some(&8), "{o:?}");
    assert_eq!(o.get("return -1"), Some(&7), "{o:?}");
    assert_eq!(o.get("return 0"), Some(&1), "{o:?}");
}

/// A doubly linked list under a `repOK` precondition (`Symbolic.assume`), heap depth 3: the
/// well-formed lists have 0, 1, 2 or 3 nodes (4 paths). Every other heap the lazy choices make
/// fails the assumption: head.prev fresh or o1 (2); o1.next = o1 (1); o2.prev null, fresh or o2
/// (3); o2.next = o1 or o2 (2); o3.prev null, o1 or o3 (3); o3.next = o1, o2 or o3 (3): 14.
#[test]
fn doubly_linked_list_with_a_repok_assumption() {
    let (_t, cp) = classic();
    let r = common::run_complete(&cp, "DList.size", "spf", &["--max-heap-depth", "3"]);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 4);
    assert_eq!(common::count(&r.summary, "assumed_paths"), 14);
    let o = outcomes(&r);
    for n in 0..4 {
        assert_eq!(o.get(&format!("return {n}")), Some(&1), "{o:?}");
    }
    // The three-node list: prev pointers back to the previous node.
    let three = r.paths.iter().find(|p| p["outcome"]["value"] == 3).expect("size 3");
    let head = &three["inputs"][0];
    assert_eq!(head["fields"]["next"]["fields"]["prev"], serde_json::json!({"ref": 1}), "{head}");
    junit_passes(&cp, "DList.size", &["--max-heap-depth", "3"], 4);
}

/// DGSE and the other pruners reach every branch direction (lazy choices included), edge,
/// instruction and fault spf reaches on the complete classic examples.
#[test]
fn every_strategy_covers_what_spf_covers_on_the_classic_examples() {
    let (_t, cp) = classic();
    for (driver, extra) in [("SwapNode.swap", vec![]), ("DList.size", vec!["--max-heap-depth", "3"])] {
        let base = [&["--classpath", cp.as_str(), "--driver", driver][..], &extra].concat();
        let rows = common::compare_complete(&base, "spf,dgse,pse,rwset,rsd,interp").unwrap_or_else(|e| panic!("{driver}: {e}"));
        let spf = common::count(&rows[0], "feasible_paths");
        for r in &rows[1..] {
            assert!(common::count(r, "feasible_paths") <= spf, "{driver}: {r}");
        }
    }
}

/// Bad options and inputs name themselves in one line and exit 2.
#[test]
fn bad_object_options_exit_2() {
    let (_t, cp) = classic();
    for (args, needle) in [
        (vec!["--max-objects", "x"], "--max-objects"),
        (vec!["--max-heap-depth", "deep"], "--max-heap-depth"),
        (vec!["--input", "3"], "parameter 0"),
    ] {
        let r = common::run(&[&["--classpath", cp.as_str(), "--driver", "SwapNode.swap"][..], &args].concat());
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(needle), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.trim().lines().count(), 1, "{args:?}: {}", r.stderr);
    }
}

/// The corpus of `tests/java/objects/diff`: every `// DRIVER: Class.method(types) [options]`.
fn corpus() -> (tempfile::TempDir, String, Vec<(String, Vec<String>)>) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/java/objects/diff");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/java/objects/diff")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    let mut drivers = Vec::new();
    for f in &files {
        for line in std::fs::read_to_string(f).unwrap().lines() {
            if let Some(rest) = line.trim().strip_prefix("// DRIVER:") {
                let mut words = rest.split_whitespace().map(str::to_string);
                let sig = words.next().expect("a driver signature");
                drivers.push((sig, words.collect()));
            }
        }
    }
    let tmp = tempfile::tempdir().unwrap();
    common::javac_files(&files, &[], tmp.path());
    let cp = tmp.path().to_string_lossy().into_owned();
    (tmp, cp, drivers)
}

/// The differential suite over objects (aliasing, null checks, dispatch on a symbolic
/// receiver's class, updates through aliases, boxed values, String and array fields, hidden
/// fields): every driver explores completely, and every input of every complete path, rebuilt
/// on the real JVM by the generated JUnit suite, ends as jsymex says (value or exception).
#[test]
fn object_drivers_replay_on_the_jvm() {
    let (_t, cp, drivers) = corpus();
    assert!(drivers.len() >= 40, "{} drivers", drivers.len());
    let out = tempfile::tempdir().unwrap();
    let junit = out.path().join("junit");
    let js = junit.to_string_lossy().into_owned();
    let results = common::par_map(&drivers, 2, |(sig, extra)| {
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        let r = common::run(&[&["--classpath", cp.as_str(), "--driver", sig, "--junit", &js][..], &extra].concat());
        let complete = r
            .paths
            .iter()
            .filter(|p| matches!(p["outcome"]["kind"].as_str(), Some("return" | "exception")))
            .count();
        (
            sig.clone(),
            r.code,
            r.summary["stop"].clone(),
            common::count(&r.summary, "feasible_paths"),
            complete,
            r.stderr,
        )
    });
    let mut tests = 0;
    let mut themes = BTreeMap::new();
    for (sig, code, stop, feasible, complete, stderr) in &results {
        assert_eq!(*code, 0, "{sig}: {stderr}");
        assert_eq!(stop, "Complete", "{sig}");
        assert!(*feasible >= 2, "{sig}: {feasible} paths");
        tests += complete;
        *themes.entry(sig.split('.').next().unwrap_or("").to_string()).or_insert(0) += 1;
    }
    assert!(themes.len() >= 6, "{themes:?}");
    junit_check(&junit, &cp, tests, "the object corpus");
}

/// DGSE (whose dependences include the lazy choices) and every other pruner reach every branch
/// direction, edge, instruction and fault spf reaches on the corpus, with no more paths. The
/// pruners that do not model unread heap (all but DGSE) are set aside for such drivers.
#[test]
fn every_strategy_covers_what_spf_covers_on_the_object_corpus() {
    let (_t, cp, drivers) = corpus();
    let problems: Vec<String> = common::par_map(&drivers, 2, |(sig, extra)| {
        let strategies = "spf,dgse,pse,rwset,rsd,interp";
        let base = [
            &["--classpath", cp.as_str(), "--driver", sig.as_str()][..],
            &extra.iter().map(String::as_str).collect::<Vec<_>>(),
        ]
        .concat();
        match common::compare_complete(&base, strategies) {
            Err(e) => Some(format!("{sig}: {e}")),
            Ok(rows) => {
                let spf = common::count(&rows[0], "feasible_paths");
                rows[1..]
                    .iter()
                    .find(|r| common::count(r, "feasible_paths") > spf)
                    .map(|r| format!("{sig}: {} explored more paths than spf", r["strategy"]))
            }
        }
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The drivers of `tests/java/objects/params`, compiled on their own (the classes a symbolic
/// `Object` may be are the classpath's).
fn params() -> (tempfile::TempDir, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/java/objects/params");
    let read = |f: &str| std::fs::read_to_string(root.join(f)).expect(f);
    let (params, item, bag) = (read("Params.java"), read("Item.java"), read("Bag.java"));
    // Only these classes: no test harness on the classpath.
    let (tmp, classes) = common::javac(&[("Params.java", &params), ("Item.java", &item), ("Bag.java", &bag)]);
    (tmp, classes.to_string_lossy().into_owned())
}

/// Boxed, collection and array parameters and a collection field (counts derived in
/// `Params.java`'s comments): each
/// explores the paths counted by hand, each suite passes on the JVM, and dgse covers what spf
/// covers.
#[test]
fn boxed_collection_and_array_parameters() {
    let (_t, cp) = params();
    for (driver, extra, paths) in [
        ("Params.boxed", vec![], 3),
        ("Params.sum", vec![], 8),
        ("Params.size", vec!["--string-len", "1"], 5),
        ("Params.ints", vec!["--array-len", "0..4"], 31),
        ("Params.items", vec!["--array-len", "0..2"], 15),
        ("Params.kinds", vec!["--array-len", "0..1"], 7),
        ("Params.bag", vec![], 9),
    ] {
        let r = common::run_complete(&cp, driver, "spf", &extra);
        assert_eq!(common::count(&r.summary, "feasible_paths"), paths, "{driver}");
        junit_passes(&cp, driver, &extra, paths as usize);
        let base = [&["--classpath", cp.as_str(), "--driver", driver][..], &extra].concat();
        common::compare_complete(&base, "spf,dgse").unwrap_or_else(|e| panic!("{driver}: {e}"));
    }
    // The inputs as JSON: a list of boxed values, a map's entries, an array with an alias.
    let r = common::run_complete(&cp, "Params.sum", "spf", &[]);
    let two = r
        .paths
        .iter()
        .find(|p| p["inputs"][0]["elements"].as_array().is_some_and(|e| e.len() == 2))
        .expect("2 elements");
    assert_eq!(two["inputs"][0]["class"], "java.util.ArrayList", "{two}");
    assert_eq!(two["inputs"][0]["elements"][0]["class"], "java.lang.Integer", "{two}");
    let r = common::run_complete(&cp, "Params.size", "spf", &["--string-len", "1"]);
    assert!(
        r.paths
            .iter()
            .any(|p| p["inputs"][0]["entries"].as_array().is_some_and(|e| e.len() == 2)),
        "two entries"
    );
    let r = common::run_complete(&cp, "Params.kinds", "spf", &["--array-len", "0..1"]);
    let own = r
        .paths
        .iter()
        .find(|p| p["outcome"]["value"] == 1000)
        .expect("the array holding itself");
    assert_eq!(own["inputs"][0]["elements"][0], serde_json::json!({"ref": 1}), "{own}");
}

/// `--jpf` reads SPF's `symbolic.lazy` (off: reference parameters are null) and
/// `symbolic.lazy.limit` (`--max-objects`); `--lazy off` does the same from the command line.
#[test]
fn jpf_files_switch_lazy_initialization_and_bound_it() {
    let (t, cp) = classic();
    let jpf = t.path().join("swap.jpf");
    let run_jpf = |text: &str| {
        std::fs::write(&jpf, format!("classpath={cp}\nsymbolic.method=SwapNode.swap(sym)\n{text}")).unwrap();
        common::run(&["--jpf", &jpf.to_string_lossy()])
    };
    let r = run_jpf("symbolic.lazy=true\n");
    assert_eq!(common::count(&r.summary, "feasible_paths"), 8, "{}", r.stderr);
    let r = run_jpf("symbolic.lazy=true\nsymbolic.lazy.limit=1\n");
    assert_eq!(common::count(&r.summary, "feasible_paths"), 3, "{}", r.stderr);
    let r = run_jpf("symbolic.lazy=true\nsymbolic.lazy.max_heap_depth=2\n");
    assert_eq!(common::count(&r.summary, "feasible_paths"), 7, "{}", r.stderr);
    let r = run_jpf("symbolic.lazy=false\n");
    assert_eq!(common::count(&r.summary, "feasible_paths"), 1, "{}", r.stderr);
    assert_eq!(r.paths[0]["outcome"]["exception"], "java.lang.NullPointerException");
    let r = run_jpf("symbolic.lazy=perhaps\n");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("symbolic.lazy"), "{}", r.stderr);
    let r = common::run(&["--classpath", &cp, "--driver", "SwapNode.swap", "--lazy", "off"]);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 1, "{}", r.stderr);
    let r = common::run(&["--classpath", &cp, "--driver", "SwapNode.swap", "--lazy", "maybe"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--lazy"), "{}", r.stderr);
}

/// Through the library: a run of `SwapNode.swap` on a given input makes the heap that input
/// picks (receiver fresh, its `next` an alias of itself), reports it as the path's input heap,
/// and a run on the input the solver gives for another arm of the `next` choice makes that heap.
#[test]
fn the_machine_makes_the_heap_its_input_picks() {
    use jsymex::classpath::ClassPath;
    use jsymex::explore::driver::InputOptions;
    use jsymex::explore::{Explorer, Limits};
    use jsymex::program::Program;
    use jsymex::solver::SolverConfig;
    use jsymex::symbolic::Scalar;
    use jsymex::vm::lazy::InputValue;
    use jsymex::vm::{Alts, EventKind, Machine, VmConfig};
    let (_t, cp) = classic();
    let prog = Program::new(ClassPath::parse(&cp).expect("classpath"));
    let mut ex = Explorer::new(
        &prog,
        "SwapNode.swap",
        &InputOptions::default(),
        SolverConfig::default(),
        VmConfig::default(),
        Limits::default(),
    )
    .expect("driver");
    // The first run: every choice input is absent, so the receiver is null.
    let first = Machine::new(ex.prog, &mut ex.pool, &mut ex.cov, &ex.vm)
        .run(&ex.driver.entry, &ex.driver.initial)
        .expect("run");
    assert_eq!(first.events.len(), 1);
    assert_eq!(first.events[0].kind, EventKind::Lazy);
    let Alts::Switch { cases, .. } = &first.events[0].alts else {
        panic!("a choice event")
    };
    assert_eq!(&cases[..], &[0, -1], "null or a fresh SwapNode");
    let heap = first.input_heap.as_deref().expect("an input heap");
    assert_eq!(heap.params, vec![(0, Some(InputValue::Null))]);
    // Choose the fresh receiver (arg0 = -1) and its next = the receiver itself (arg0.next = 1).
    let var = |pool: &jsymex::symbolic::ExprPool, name: &str| pool.var_named(name).map(|v| v as usize);
    let a0 = var(&ex.pool, "arg0").expect("arg0 declared");
    let mut input = ex.driver.initial.clone();
    input.resize(a0 + 1, Scalar::I32(0));
    input[a0] = Scalar::I32(-1);
    let second = Machine::new(ex.prog, &mut ex.pool, &mut ex.cov, &ex.vm)
        .run(&ex.driver.entry, &input)
        .expect("run");
    let next = var(&ex.pool, "arg0.next").expect("arg0.next declared by the second run");
    input.resize(input.len().max(next + 1), Scalar::I32(0));
    input[next] = Scalar::I32(1);
    let third = Machine::new(ex.prog, &mut ex.pool, &mut ex.cov, &ex.vm)
        .run(&ex.driver.entry, &input)
        .expect("run");
    assert!(second.events.len() >= 2 && third.events.len() >= 2);
    let heap = third.input_heap.as_deref().expect("an input heap");
    assert_eq!(heap.objects.len(), 1, "one symbolic object");
    assert_eq!(&*heap.objects[0].class, "SwapNode");
    let next_field = heap.objects[0].fields.iter().find(|f| &*f.name == "next").expect("next");
    assert_eq!(next_field.value, Some(InputValue::Object(0)), "next aliases the receiver");
    assert_eq!(heap.params, vec![(0, Some(InputValue::Object(0)))]);
}

/// Snapshots (every resumed run replayed and compared, `JSYMEX_SNAPSHOT_VERIFY=1`, snapshots at
/// every branch) and two workers change nothing on the object corpus: the JSONL line by line.
#[test]
fn object_corpus_is_the_same_with_snapshots_and_workers() {
    let (_t, cp, drivers) = corpus();
    let problems: Vec<String> = common::par_map(&drivers, 2, |(sig, extra)| {
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        let base = [&["--classpath", cp.as_str(), "--driver", sig.as_str()][..], &extra].concat();
        let run = |more: &[&str], env: &[(&str, &str)]| common::run_env(&[&base[..], more].concat(), env);
        let verified = run(&["--snapshot-min-steps", "1", "--workers", "1"], &[("JSYMEX_SNAPSHOT_VERIFY", "1")]);
        let replayed = run(&["--snapshots", "off", "--workers", "1"], &[]);
        let two = run(&["--workers", "2"], &[]);
        if verified.code != 0 {
            return Some(format!("{sig}: {}", verified.stderr));
        }
        if verified.paths != replayed.paths {
            return Some(format!("{sig}: snapshots change the paths"));
        }
        (two.paths != replayed.paths).then(|| format!("{sig}: two workers change the paths"))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A driver with static state gets a reflective suite (a fresh class loader per test): the
/// input heap is built in that loader, and every test passes.
#[test]
fn reflective_suites_build_the_heap_in_the_fresh_loader() {
    let (_t, cp) = classic();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("junit");
    let r = common::run(&["--classpath", &cp, "--driver", "Counted.touch", "--junit", &out.to_string_lossy()]);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 4, "{}", r.stderr);
    let text = std::fs::read_to_string(out.join("CountedTouchTest.java")).expect("suite");
    assert!(text.contains("args[i] = jsymexBuild(args[i], loader);"), "{text}");
    junit_check(&out, &cp, 4, "Counted.touch");
}

/// A driver returning one of its input objects: each test asserts it is that very object (the
/// receiver o1, or o2 on the four swapped heaps), and a suite whose expectations are swapped
/// fails exactly those four tests.
#[test]
fn returned_input_objects_are_checked_by_identity() {
    let (_t, cp) = classic();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("junit");
    let r = common::run(&["--classpath", &cp, "--driver", "SwapNode.head", "--junit", &out.to_string_lossy()]);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 8, "{}", r.stderr);
    let file = out.join("SwapNodeHeadTest.java");
    let text = std::fs::read_to_string(&file).expect("suite");
    assert_eq!(text.matches("assertSame(jsymexBuilt(o1), result);").count(), 3, "{text}");
    assert_eq!(text.matches("assertSame(jsymexBuilt(o2), result);").count(), 4, "{text}");
    junit_check(&out, &cp, 8, "SwapNode.head");
    let wrong = text.replace("jsymexBuilt(o2), result", "jsymexBuilt(o1), result");
    std::fs::write(&file, wrong).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args(["junit", "--check", &out.to_string_lossy(), "--classpath", &cp])
        .output()
        .expect("jsymex junit");
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("junit: 4 passed, 4 failed"),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
