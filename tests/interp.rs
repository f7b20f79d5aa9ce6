//! `interp` (interpolation-based subsumption, seed 003) against its paper as rebuilt in
//! `shared/design/notes-subpath-interp.md` Part B: the running example's counts and
//! annotations (B.10.1), evaluated in 32-bit arithmetic through the library API; the negative
//! variant; and the property tests of B.10.3 on generated programs with assertions: the failing
//! assertion sites of `interp` (greedy confirmation on and off, every search order) equal
//! spf's, `interp:shadow` changes no path, `interp` never runs more paths than spf and only
//! paths spf runs, no state a full interpolant subsumed ever reaches a bug, and Def. 2 holds.

mod common;
use common::programs::{Prog, programs_with_lib};
use jsymex::classpath::ClassPath;
use jsymex::explore::driver::InputOptions;
use jsymex::explore::{Explorer, Limits};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::strategy::interp::check::eval;
use jsymex::strategy::interp::{Interp, InterpConfig};
use jsymex::strategy::pse::state::PLoc;
use jsymex::symbolic::Scalar;
use jsymex::vm::VmConfig;
use std::collections::BTreeSet;

const FIGS: &str = include_str!("java/interp/InterpFigs.java");

fn figs() -> (tempfile::TempDir, String) {
    let stubs = concat!(env!("CARGO_MANIFEST_DIR"), "/jvm-stubs/src/jsymex/Symbolic.java");
    let sym = std::fs::read_to_string(stubs).expect("Symbolic stub");
    let fail =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/jvm-stubs/src/jsymex/CheckFailure.java")).expect("CheckFailure stub");
    let (dir, classes) = common::javac(&[("InterpFigs.java", FIGS), ("Symbolic.java", &sym), ("CheckFailure.java", &fail)]);
    // The stubs are jsymex's own (its classpath provides them); only the figures stay.
    let _ = std::fs::remove_dir_all(classes.join("jsymex"));
    let cp = classes.to_string_lossy().to_string();
    (dir, cp)
}

fn run(cp: &str, method: &str, strategy: &str, extra: &[&str]) -> common::RunOut {
    common::run_complete(cp, &format!("InterpFigs.{method}"), strategy, extra)
}

fn counter(r: &common::RunOut, name: &str) -> u64 {
    common::pruner_counter(r, "interp", name)
}

fn retracted(r: &common::RunOut) -> u64 {
    r.summary["pruners"][0]["retracted"].as_u64().expect("retracted")
}

/// The failing assertion sites of a run.
fn bug_sites(r: &common::RunOut) -> BTreeSet<String> {
    r.paths
        .iter()
        .filter(|p| p["outcome"]["kind"] == "exception")
        .filter(|p| {
            let e = p["outcome"]["exception"].as_str().unwrap_or("");
            e == "java.lang.AssertionError" || e == "jsymex.CheckFailure"
        })
        .map(|p| p["outcome"]["at"].as_str().unwrap_or("?").to_string())
        .collect()
}

/// B.10.1 with greedy confirmation: one tester path, both of its candidate tasks dropped, two
/// internal runs, each subsumed (at `s > 3` with s = 1, and at `b > 0` with s = 0), no bug;
/// spf runs all four paths.
#[test]
fn running_example_closes_the_tree_after_one_path() {
    let (_d, cp) = figs();
    let input = ["--input", "1,1"];
    let spf = run(&cp, "fig1", "spf", &input);
    let it = run(&cp, "fig1", "interp", &input);
    assert_eq!(common::count(&spf.summary, "feasible_paths"), 4);
    assert_eq!(common::count(&it.summary, "feasible_paths"), 1);
    assert_eq!(retracted(&it), 2, "both candidates of the first path are dropped");
    assert_eq!(counter(&it, "gc_runs"), 2);
    assert_eq!(counter(&it, "gc_subsumed"), 2);
    assert_eq!(counter(&it, "gc_failures"), 0);
    assert_eq!(counter(&it, "bug_paths"), 0);
    assert_eq!(counter(&it, "fullness_violations"), 0);
    // Every node of the tree is full: 2 branch nodes (a, then b under a > 0), the b node under
    // a <= 0 is never reached (the internal run is subsumed before it), 3 leaves.
    assert_eq!(counter(&it, "tree_nodes"), counter(&it, "full_nodes"));
    assert!(bug_sites(&it).is_empty() && bug_sites(&spf).is_empty());
}

/// B.10.1 without greedy confirmation, in depth-first order (the §3 narrative): path 1, then
/// the flip of `b` is subsumed at `s > 3` (s = 1), then the flip of `a` is subsumed at `b > 0`
/// (s = 0): three tester paths, two of them cut.
#[test]
fn running_example_without_greedy_confirmation_follows_section_3() {
    let (_d, cp) = figs();
    let it = run(&cp, "fig1", "interp:no-gc", &["--input", "1,1"]);
    assert_eq!(common::count(&it.summary, "feasible_paths"), 3);
    assert_eq!(common::count(&it.summary, "cut_paths"), 2);
    assert_eq!(counter(&it, "subsumed_paths"), 2);
    assert_eq!(counter(&it, "gc_runs"), 0);
    let line = |m: &str| FIGS.lines().position(|l| l.contains(m)).expect("marker") + 1;
    let reasons: Vec<String> = it
        .paths
        .iter()
        .filter(|p| p["outcome"]["kind"] == "cut")
        .map(|p| p["outcome"]["reason"].as_str().unwrap().to_string())
        .collect();
    let (l6, l4) = (line("if (s > 3) {"), line("if (b > 0) {"));
    assert_eq!(
        reasons,
        vec![format!("interp@InterpFigs.java:{l6}"), format!("interp@InterpFigs.java:{l4}")]
    );
}

/// The negative variant (`s > 2`): the bug is reached by interp as by spf, in every mode, and
/// the nodes above it stay half.
#[test]
fn the_negative_variant_reports_the_bug_and_leaves_its_ancestors_half() {
    let (_d, cp) = figs();
    let input = ["--input", "1,1"];
    let spf = run(&cp, "fig1bug", "spf", &input);
    let want = bug_sites(&spf);
    assert_eq!(want.len(), 1);
    for s in ["interp", "interp:no-gc", "interp:shadow"] {
        let it = run(&cp, "fig1bug", s, &input);
        assert_eq!(bug_sites(&it), want, "{s}");
        assert_eq!(counter(&it, "bug_paths"), 1, "{s}");
        assert_eq!(counter(&it, "fullness_violations"), 0, "{s}");
        // The root (a) and the b node under a > 0 lead to the bug: never full.
        assert_eq!(
            counter(&it, "tree_nodes") - counter(&it, "full_nodes"),
            3,
            "{s}: root, b node, bug leaf"
        );
    }
}

/// `interp:shadow` computes and checks everything but cuts nothing: the same paths, inputs and
/// order as spf; the subsumptions it would have made never led to a bug.
#[test]
fn shadow_mode_changes_no_path() {
    let (_d, cp) = figs();
    for m in ["fig1", "fig1bug", "chain", "chainCheck"] {
        let spf = run(&cp, m, "spf", &[]);
        let sh = run(&cp, m, "interp:shadow", &[]);
        let key = |r: &common::RunOut| -> Vec<String> { r.paths.iter().map(|p| format!("{} {}", p["inputs"], p["outcome"])).collect() };
        assert_eq!(key(&spf), key(&sh), "{m}");
        assert!(counter(&sh, "shadow_subsumed") > 0, "{m}: shadow mode checked nothing");
        assert_eq!(counter(&sh, "shadow_violations"), 0, "{m}");
    }
}

/// Independent diamonds before an assertion that holds: 64 paths for spf, one for interp
/// (greedy confirmation closes every diamond), seven without it; with `Symbolic.check` and a
/// failing combination, the failure is found.
#[test]
fn diamonds_collapse_and_checks_are_bugs() {
    let (_d, cp) = figs();
    let spf = run(&cp, "chain", "spf", &[]);
    assert_eq!(common::count(&spf.summary, "feasible_paths"), 64);
    assert_eq!(common::count(&run(&cp, "chain", "interp", &[]).summary, "feasible_paths"), 1);
    assert_eq!(common::count(&run(&cp, "chain", "interp:no-gc", &[]).summary, "feasible_paths"), 7);
    let spf = run(&cp, "chainCheck", "spf", &[]);
    let it = run(&cp, "chainCheck", "interp", &[]);
    assert_eq!(bug_sites(&spf).len(), 1);
    assert_eq!(bug_sites(&it), bug_sites(&spf));
    assert!(common::count(&it.summary, "feasible_paths") < common::count(&spf.summary, "feasible_paths"));
}

/// The annotations of B.10.1, evaluated in 32-bit arithmetic at the notes' regression points.
/// jsymex annotates conditional instructions: `s > 3` at its `if_icmple` (operands s and 3 on
/// the stack), `b > 0` at its `ifle` (b on the stack, s in local 2).
#[test]
fn running_example_annotations_evaluate_as_the_notes_say() {
    let (_d, cp) = figs();
    let prog = Program::new(ClassPath::parse(&cp).expect("classpath"));
    let mut ex = Explorer::new(
        &prog,
        "InterpFigs.fig1(int,int)",
        &InputOptions {
            input: vec!["1".into(), "1".into()],
            ..InputOptions::default()
        },
        SolverConfig::default(),
        VmConfig::default(),
        Limits::default(),
    )
    .expect("driver");
    let method = ex.driver.entry.method;
    let mut preset = ex.preset("spf", "dfs", 0, &[]).expect("preset");
    let interp = Interp::new(InterpConfig::default(), SolverConfig::default());
    let shared = interp.shared();
    preset.pruners = vec![Box::new(interp)];
    let (s, err) = ex.explore(&mut preset, &mut []);
    assert!(err.is_none(), "{err:?}");
    assert_eq!(s.feasible_paths, 1);
    let sh = shared.lock().unwrap();
    let sh = sh.as_ref().expect("state back in its slot");
    // The one full annotation at instruction `pc` of fig1.
    let at = |pc: u32| {
        let v: Vec<_> = sh
            .pi
            .iter()
            .filter(|(k, _)| k.1 == method && k.2 == pc)
            .flat_map(|(_, sm)| sm.disjuncts.iter().map(|d| d.conj[0]))
            .collect();
        assert_eq!(v.len(), 1, "one annotation at pc {pc}");
        v[0]
    };
    let value = |e, vals: &[(PLoc, i32)]| {
        eval(&sh.lp, e, &|v| {
            let l = sh.loc_of[v as usize];
            vals.iter().find(|(k, _)| *k == l).map(|(_, x)| Scalar::I32(*x))
        })
    };
    let st = |i| PLoc::Stack { frame: 0, index: i };
    let s = PLoc::Local { frame: 0, slot: 2 };
    // Ψ(ℓ6) ≡ s ≤ 3 (the if_icmple of `s > 3` is instruction 16).
    let l6 = at(16);
    assert_eq!(value(l6, &[(st(0), 3), (st(1), 3)]), Some(Scalar::Bool(true)));
    assert_eq!(value(l6, &[(st(0), 4), (st(1), 3)]), Some(Scalar::Bool(false)));
    // Ψ(ℓ4) ≡ (b > 0 ⇒ bvsle(s + 2, 3)) ∧ (b ≤ 0 ⇒ s ≤ 3) (the ifle of `b > 0` is instruction 9).
    let l4 = at(9);
    let b = |x| (st(0), x);
    assert_eq!(
        value(l4, &[b(1), (s, i32::MAX)]),
        Some(Scalar::Bool(true)),
        "s + 2 wraps at 2147483647"
    );
    assert_eq!(value(l4, &[b(1), (s, 2)]), Some(Scalar::Bool(false)));
    assert_eq!(value(l4, &[b(1), (s, 1)]), Some(Scalar::Bool(true)));
    assert_eq!(value(l4, &[b(0), (s, 3)]), Some(Scalar::Bool(true)));
    assert_eq!(value(l4, &[b(0), (s, 4)]), Some(Scalar::Bool(false)));
    // Ψ(ℓ2) ≡ (a > 0 ⇒ Ψ(ℓ4)[s := s + 1]) ∧ (a ≤ 0 ⇒ Ψ(ℓ4)) (the ifle of `a > 0`, instruction 3;
    // b is local 1 there).
    let l2 = at(3);
    let a = |x| (st(0), x);
    let bl = |x| (PLoc::Local { frame: 0, slot: 1 }, x);
    assert_eq!(value(l2, &[a(1), bl(1), (s, 0)]), Some(Scalar::Bool(true)));
    assert_eq!(value(l2, &[a(1), bl(1), (s, 1)]), Some(Scalar::Bool(false)));
    assert_eq!(value(l2, &[a(0), bl(1), (s, 1)]), Some(Scalar::Bool(true)));
    assert_eq!(value(l2, &[a(1), bl(0), (s, 2)]), Some(Scalar::Bool(true)));
    assert_eq!(value(l2, &[a(1), bl(0), (s, 3)]), Some(Scalar::Bool(false)));
}

/// A strategy part interp refuses to combine with, and the names it accepts.
#[test]
fn interp_does_not_combine_with_coverage_preserving_pruners() {
    let (_d, cp) = figs();
    for name in ["dgse+interp", "interp+pse"] {
        let r = common::run(&["--classpath", &cp, "--driver", "InterpFigs.fig1", "--strategy", name]);
        assert_eq!(r.code, 2, "{name}: {}", r.stderr);
        assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    }
    let r = common::run(&["--classpath", &cp, "--driver", "InterpFigs.fig1", "--strategy", "interp:sideways"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let _ = run(&cp, "fig1", "interp:no-gc:shadow", &[]);
    let _ = run(&cp, "fig1", "interp:uncaught", &[]);
}

// ----- the property tests (B.10.3) -------------------------------------------------------

/// The generated programs with their aborts turned into failing assertions: an odd-numbered
/// `if (c) throw new IllegalStateException("fK");` becomes `assert !(c) : "fK";`, an even one
/// throws an `AssertionError`; divisions and array accesses still fault (not bugs).
fn with_assertions(src: &str) -> String {
    const T: &str = ") throw new IllegalStateException(\"f";
    src.lines()
        .map(|l| {
            let Some(i) = l.find(T) else { return l.to_string() };
            let Some(j) = l.find("if (") else { return l.to_string() };
            let cond = &l[j + 4..i];
            let k: u32 = l[i + T.len()..].trim_end_matches("\");").parse().unwrap_or(0);
            let indent = &l[..j];
            if k % 2 == 1 {
                format!("{indent}assert !({cond}) : \"f{k}\";")
            } else {
                format!("{indent}if ({cond}) throw new AssertionError(\"f{k}\");")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const SEARCHES: &[&str] = &["dfs", "bfs", "random", "subpath-2", "random-path", "nurs:covnew", "random-state"];

/// (spf paths, interp paths) of one program, or what is wrong.
fn check(cp: &str, p: &Prog, k: usize) -> Result<(u64, u64), String> {
    let base = [
        "--classpath",
        cp,
        "--driver",
        p.driver.as_str(),
        "--min-int",
        "-4",
        "--max-int",
        "4",
        "--max-paths",
        "3000",
    ];
    let go = |strategy: &str, search: &str| {
        let r = common::run(&[&base[..], &["--strategy", strategy, "--search", search]].concat());
        if r.code != 0 {
            return Err(format!("{strategy}/{search}: exit {}: {}", r.code, r.stderr.trim()));
        }
        if r.summary["stop"] != "Complete"
            || common::count(&r.summary, "limit_paths") != 0
            || common::count(&r.summary, "unknown_paths") != 0
        {
            return Err(format!("{strategy}/{search}: incomplete"));
        }
        Ok(r)
    };
    let spf = go("spf", "dfs")?;
    let want = bug_sites(&spf);
    let spf_paths: BTreeSet<Vec<String>> = spf.paths.iter().map(common::branches).collect();
    let mut diffs = Vec::new();
    // Greedy confirmation on and off, each with a search order in turn (dfs included).
    let (s1, s2) = (SEARCHES[k % SEARCHES.len()], SEARCHES[(k + 3) % SEARCHES.len()]);
    let mut it_paths = 0;
    for (strategy, search) in [("interp", s1), ("interp:no-gc", s2)] {
        let r = go(strategy, search)?;
        if bug_sites(&r) != want {
            diffs.push(format!("{strategy}/{search}: bugs {:?}, spf {want:?}", bug_sites(&r)));
        }
        let n = common::count(&r.summary, "feasible_paths");
        if n > spf_paths.len() as u64 {
            diffs.push(format!("{strategy}/{search}: {n} paths > spf {}", spf_paths.len()));
        }
        // Complete paths are spf's paths; cut ones are prefixes of spf's.
        for q in &r.paths {
            let b = common::branches(q);
            let ok = if q["outcome"]["kind"] == "cut" {
                spf_paths.iter().any(|s| s.len() >= b.len() && s[..b.len()] == b[..])
            } else {
                spf_paths.contains(&b)
            };
            if !ok {
                diffs.push(format!("{strategy}/{search}: path {b:?} is not spf's"));
                break;
            }
        }
        if counter(&r, "fullness_violations") != 0 {
            diffs.push(format!("{strategy}/{search}: Def. 2 violated"));
        }
        if strategy == "interp" {
            it_paths = n;
        }
    }
    let sh = go("interp:shadow", "dfs")?;
    let key = |r: &common::RunOut| -> Vec<String> { r.paths.iter().map(|p| format!("{} {}", p["inputs"], p["outcome"])).collect() };
    if key(&sh) != key(&spf) {
        diffs.push("interp:shadow changed the paths".into());
    }
    if counter(&sh, "shadow_violations") != 0 {
        diffs.push(format!(
            "interp:shadow: {} subsumed states reached a bug",
            counter(&sh, "shadow_violations")
        ));
    }
    if diffs.is_empty() {
        Ok((spf_paths.len() as u64, it_paths))
    } else {
        Err(diffs.join("; "))
    }
}

use common::env_u64;

/// The default run: 600 int-shape, 250 heap-shape and 150 library-call programs of seed 3000
/// with assertions (`JSYMEX_INTERP_PROGRAMS`, `…_HEAP_PROGRAMS`, `…_LIB_PROGRAMS`,
/// `JSYMEX_INTERP_SEED` override; `JSYMEX_INTERP_THREADS`, 2 by default).
#[test]
fn interp_finds_every_failing_assertion_spf_finds() {
    let seed = env_u64("JSYMEX_INTERP_SEED", 3000);
    let progs = programs_with_lib(
        seed,
        env_u64("JSYMEX_INTERP_PROGRAMS", 600),
        env_u64("JSYMEX_INTERP_HEAP_PROGRAMS", 250),
        env_u64("JSYMEX_INTERP_LIB_PROGRAMS", 150),
    );
    let sources: Vec<(String, String)> = progs
        .iter()
        .map(|p| (format!("{}.java", p.class), with_assertions(&p.source)))
        .collect();
    let asserts = sources.iter().filter(|(_, s)| s.contains("assert !(")).count();
    assert!(asserts > progs.len() / 3, "only {asserts} programs have an assert statement");
    if let Ok(dir) = std::env::var("JSYMEX_INTERP_DUMP") {
        for (name, text) in &sources {
            let _ = std::fs::write(std::path::Path::new(&dir).join(name), text);
        }
    }
    let refs: Vec<(&str, &str)> = sources.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let (_dir, classes) = common::javac(&refs);
    let cp = classes.to_string_lossy().to_string();
    let idx: Vec<usize> = (0..progs.len()).collect();
    let results = common::par_map(&idx, env_u64("JSYMEX_INTERP_THREADS", 2) as usize, |i| check(&cp, &progs[*i], *i));
    let (mut spf, mut it) = (0, 0);
    let mut problems = Vec::new();
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok((a, b)) => {
                spf += a;
                it += b;
            }
            Err(e) => problems.push(format!("{}: {e}\n{}", progs[i].class, sources[i].1)),
        }
    }
    eprintln!("{} programs: spf {spf} paths, interp {it} paths", progs.len());
    assert!(
        problems.is_empty(),
        "{} of {} programs fail:\n{}",
        problems.len(),
        progs.len(),
        problems.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
    // interp must prune on these programs (an interp that never cuts passes the oracle): at
    // least a fifth of spf's paths (a third on seed 3000).
    assert!(it * 5 < spf * 4, "interp pruned too little: spf {spf} interp {it}");
}
