//! `rsd` (redundant-state detection by relevant locations; seed 004, notes-pse-rsd.md B and
//! C.3) against the notes' worked examples: the §2 overview (4 paths to 3), the `chown`
//! relevant-location table (a slicing test through the library API, variants A and B), the
//! `read()` loop that is never cut; programs whose relevant sets are smaller than their read
//! sets; every bundled subject; and the property test of notes C.5 on generated programs: on
//! complete runs rsd reaches every (site, direction) edge and fault site spf reaches (the
//! `compare --check-coverage` oracle) and never explores more paths.

mod common;
use common::channels::channel_program;
use common::programs::{Prog, family, programs_with_lib};
use jsymex::classpath::ClassPath;
use jsymex::explore::driver::InputOptions;
use jsymex::explore::{Explorer, Limits};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::strategy::rsd::ddg::{RsdTrace, RsdTracker};
use jsymex::strategy::rsd::index::{Index, RLoc};
use jsymex::strategy::rsd::relevance::Relevance;
use jsymex::strategy::rsd::slice::slice_at;
use jsymex::symbolic::Scalar;
use jsymex::vm::shadow::Tracker;
use jsymex::vm::{Machine, VmConfig};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

const FIGS: &str = include_str!("java/rsd/RsdFigs.java");
const RWSET_FIGS: &str = include_str!("java/rwset/RwsetFigs.java");

fn figs() -> (tempfile::TempDir, String) {
    let (dir, classes) = common::javac(&[("RsdFigs.java", FIGS), ("RwsetFigs.java", RWSET_FIGS)]);
    let cp = classes.to_string_lossy().to_string();
    (dir, cp)
}

fn run(cp: &str, driver: &str, strategy: &str, extra: &[&str]) -> common::RunOut {
    common::run_complete(cp, driver, strategy, extra)
}

fn counter(r: &common::RunOut, name: &str) -> u64 {
    common::pruner_counter(r, "rsd", name)
}

#[test]
fn the_overview_runs_three_paths_one_cut_at_the_m_branch() {
    // B.5.1 (ii): symbolic DFS from w=0, m=1. Path 3 flips w and reaches line 5 where the
    // finished subtree of path 1 needs only m, unconstrained in both: cut, (w!=0, m=0) never runs.
    let (_d, cp) = figs();
    let spf = run(&cp, "RwsetFigs.overview", "spf", &["--input", "0,1"]);
    let rsd = run(&cp, "RwsetFigs.overview", "rsd", &["--input", "0,1"]);
    assert_eq!(common::count(&spf.summary, "feasible_paths"), 4);
    assert_eq!(common::count(&rsd.summary, "feasible_paths"), 3);
    assert_eq!(common::count(&rsd.summary, "cut_paths"), 1);
    assert_eq!(counter(&rsd, "prunes"), 1);
    assert_eq!(counter(&rsd, "credited_paths"), 2);
    assert_eq!(counter(&rsd, "open_targets"), 0, "every edge is covered at the end");
}

#[test]
fn the_read_loop_is_never_cut() {
    // B.5.4: each count is read again after its branch, so no state at the loop's branch
    // agrees with a finished one on what its relevant branches read.
    let (_d, cp) = figs();
    let spf = run(&cp, "RwsetFigs.readLoop", "spf", &[]);
    let rsd = run(&cp, "RwsetFigs.readLoop", "rsd", &[]);
    assert_eq!(
        common::count(&rsd.summary, "feasible_paths"),
        common::count(&spf.summary, "feasible_paths")
    );
    assert_eq!(counter(&rsd, "prunes"), 0);
}

#[test]
fn relevance_prunes_what_read_sets_keep_and_keeps_faults() {
    // Exact counts under depth-first search (spf, rwset, rsd), every one checked by the
    // coverage oracle: edges and fault sites of spf are reached.
    let (_d, cp) = figs();
    let cases = [
        ("RwsetFigs.overwrite12", 4096, 24, 13),
        ("RwsetFigs.heap", 4, 3, 3),
        ("RwsetFigs.concat", 8, 8, 5),
        ("RsdFigs.chown", 8, 8, 7),
        ("RsdFigs.tally", 8, 5, 4),
        ("RsdFigs.fault", 4, 4, 4),
    ];
    for (driver, spf, rw, rsd) in cases {
        let runs = common::compare_complete(&["--classpath", &cp, "--driver", driver], "spf,rwset,rsd")
            .unwrap_or_else(|e| panic!("{driver}: {e}"));
        let paths: Vec<u64> = runs.iter().map(|r| common::count(r, "feasible_paths")).collect();
        assert_eq!(paths, vec![spf, rw, rsd], "{driver}: spf, rwset, rsd paths");
        assert_eq!(
            common::fault_sites(&runs[0]),
            common::fault_sites(&runs[2]),
            "{driver}: fault sites"
        );
    }
}

#[test]
fn rsd_does_not_combine_with_pruners_that_leave_subtrees_unexplored() {
    let (_d, cp) = figs();
    for other in ["dgse", "pse", "interp", "rwset"] {
        let r = common::run(&[
            "--classpath",
            &cp,
            "--driver",
            "RwsetFigs.overview",
            "--strategy",
            &format!("rsd+{other}"),
        ]);
        assert_eq!(r.code, 2, "rsd+{other}: {}", r.stderr);
        assert!(r.stderr.contains("cannot run with"), "{}", r.stderr);
        assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    }
    let r = run(&cp, "RwsetFigs.overview", "rsd:cap=1", &["--input", "0,1"]);
    assert!(common::count(&r.summary, "feasible_paths") <= 4);
    assert!(counter(&r, "snapshots_held") <= 1);
}

// ----- the four seeds of §2 (B.5.1 (i)), through the library API ---------------------------

#[test]
fn four_seeds_run_two_complete_and_two_pruned() {
    // A = {w=0, m=1}, B = {w=1, m=1}, C = {w=2, m=1}, D = {w=3, m=0}, concrete, one after
    // another with one rsd kept across them (seed mode). A runs whole. B differs from A at
    // line 1 on w, covers line 2 (so w is refined away), and is pruned at line 5, where A's
    // set is {m = 1}. C is pruned at line 1, before executing anything: A's set there is now
    // {m = 1}. D (m = 0) matches nothing and covers lines 7 and 8.
    let (_d, cp) = figs();
    let prog = Program::new(ClassPath::parse(&cp).expect("classpath"));
    // A seed's concrete parameters are fixed when its driver is resolved: one explorer per
    // seed (concrete inputs make no terms, so nothing of one explorer's pool reaches another).
    let explorer = |w: i32, m: i32| {
        let opts = InputOptions {
            symbolic: vec![false, false],
            input: vec![w.to_string(), m.to_string()],
            ..InputOptions::default()
        };
        Explorer::new(
            &prog,
            "RwsetFigs.overview",
            &opts,
            SolverConfig::default(),
            VmConfig::default(),
            Limits::default(),
        )
        .expect("driver")
    };
    let first = explorer(0, 1);
    let mut ctx = jsymex::strategy::preset::PresetCtx {
        prog: &prog,
        entry: first.driver.entry.method,
        budget: first.limits.budget.clone(),
        changed_lines: &[],
        search: "dfs",
        seed: 0,
    };
    let rsd = jsymex::strategy::rsd::Rsd::prepare(&mut ctx, Default::default())
        .expect("analysis")
        .seeded();
    let mut preset = jsymex::strategy::preset::Preset {
        name: "rsd-seeds".into(),
        searcher: Box::new(jsymex::strategy::Dfs::default()),
        pruners: vec![Box::new(rsd)],
        prepare_time: std::time::Duration::ZERO,
        set_aside: Vec::new(),
    };
    let mut outcomes = Vec::new();
    let mut steps = Steps::default();
    for (w, m) in [(0, 1), (1, 1), (2, 1), (3, 0)] {
        let mut ex = explorer(w, m);
        let (s, err) = ex.explore(&mut preset, &mut [&mut steps]);
        assert!(err.is_none(), "{err:?}");
        assert_eq!((s.feasible_paths, s.infeasible_paths), (1, 0), "one run per seed, no forks");
        outcomes.push((s.cut_paths, s.pruners[0].counters.clone()));
    }
    let cuts: Vec<u64> = outcomes.iter().map(|o| o.0).collect();
    assert_eq!(cuts, vec![0, 1, 1, 0], "B and C pruned, A and D complete");
    let counter = |i: usize, name: &str| outcomes[i].1.iter().find(|c| c.0 == name).map(|c| c.1).expect(name);
    assert_eq!(counter(1, "prunes"), 1);
    assert_eq!(counter(2, "prunes"), 2);
    assert_eq!(counter(3, "prunes"), 2, "D is not pruned");
    assert_eq!(counter(2, "refined_locations"), 1, "w left A's set at line 1 before C's lookup");
    assert_eq!(
        counter(3, "open_targets"),
        0,
        "every edge of overview (lines 1-8) covered in the end"
    );
    // Where: C stops at line 1's branch (`iload_0; ifeq`: cut before the ifeq), B at line
    // 5's, five instructions later (ifeq, iconst_1, putstatic, goto, iload_1); A and D run
    // to their returns.
    let (a, b, c, d) = (steps.0[0], steps.0[1], steps.0[2], steps.0[3]);
    assert_eq!(b - c, 5, "B is cut at line 5 and C at line 1: steps {:?}", steps.0);
    assert!(a > b && d > b, "A and D run past line 5: steps {:?}", steps.0);
}

/// The instructions each path executed.
#[derive(Default)]
struct Steps(Vec<u64>);

impl jsymex::explore::Observer for Steps {
    fn on_path(
        &mut self,
        _d: &jsymex::explore::driver::Driver,
        _pool: &jsymex::symbolic::ExprPool,
        _prog: &Program,
        path: &jsymex::explore::task::PathRecord,
    ) {
        self.0.push(path.run.steps);
    }
}

// ----- the chown table (B.5.2), through the library API -----------------------------------

/// The relevant frame-0 locals (by slot) at the first instruction of each listed source line
/// of one chown run, with every edge covered except the two into lines 7 and 21 of the paper
/// (lines 9 and 14 of RsdFigs.java branch there).
fn chown_sets(cp: &str, input: [i32; 3], at: &[(u16, bool)]) -> Vec<BTreeSet<u16>> {
    let prog = Program::new(ClassPath::parse(cp).expect("classpath"));
    let mut ex = Explorer::new(
        &prog,
        "RsdFigs.chown",
        &InputOptions::default(),
        SolverConfig::default(),
        VmConfig::default(),
        Limits::default(),
    )
    .expect("driver");
    let entry = ex.driver.entry.method;
    let opts = jsymex::analysis::AnalysisOptions {
        changed_lines: Vec::new(),
        source_view: false,
        budget: None,
    };
    let tables = jsymex::analysis::analyze(&prog, entry, &opts).expect("analysis");
    let cg = jsymex::analysis::call_graph(&prog, entry);
    let mut rel = Relevance::new(&tables, &cg);
    let runs_rel = Arc::new(Mutex::new(Relevance::new(&tables, &cg)));
    let m = prog.method(entry).clone();
    let branch_at = |line: u16| {
        (0..m.code.len() as u32)
            .find(|pc| m.line(*pc) == line && jsymex::vm::shadow::is_conditional(&m.code[*pc as usize]))
            .expect("a branch on the line")
    };
    // Falling through the `if` enters its body: direction 0.
    let uncovered = [(branch_at(9), 0), (branch_at(14), 0)];
    for (site, d) in rel.targets() {
        if site.method != entry || !uncovered.contains(&(site.pc, d)) {
            rel.cover(site, d);
        }
    }
    assert!(
        rel.relevant(jsymex::vm::Site {
            method: entry,
            pc: branch_at(13)
        }),
        "19 reaches 20"
    );
    assert!(
        !rel.relevant(jsymex::vm::Site {
            method: entry,
            pc: branch_at(11)
        }),
        "9 reaches nothing uncovered"
    );
    let tables = Arc::new(jsymex::strategy::dgse::tables::DgseTables::new(&tables, false));
    let tracker = RsdTracker::new(tables, runs_rel, Arc::new(Mutex::new(Index::new(10, 1 << 20))), 0).with_trail();
    let input: Vec<Scalar> = input.iter().map(|v| Scalar::I32(*v)).collect();
    let mut mach = Machine::with_tracker(ex.prog, &mut ex.pool, &mut ex.cov, &ex.vm, tracker);
    mach.run(&ex.driver.entry, &input).expect("run");
    let mut tracker = mach.into_tracker();
    let trace = tracker.finish().downcast::<Arc<RsdTrace>>().expect("rsd trace");
    let g = &trace.ddg;
    // The time before the first instruction of a line (or, with `after_branch`, before the
    // instruction after the line's branch).
    let times: Vec<u32> = at
        .iter()
        .map(|(line, after_branch)| {
            let mut it = g.trail.iter().filter(|(_, s)| s.method == entry);
            if *after_branch {
                let b = branch_at(*line);
                it.skip_while(|(_, s)| s.pc != b).nth(1).expect("an instruction after the branch").0
            } else {
                it.find(|(_, s)| m.line(s.pc) == *line)
                    .unwrap_or_else(|| panic!("line {line} runs"))
                    .0
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..times.len()).collect();
    order.sort_by_key(|i| times[*i]);
    let sorted: Vec<u32> = order.iter().map(|i| times[*i]).collect();
    let sets = slice_at(g, &mut rel, &sorted).sets;
    let mut out = vec![BTreeSet::new(); times.len()];
    for (k, i) in order.iter().enumerate() {
        let set = sets[k].as_ref().expect("exact");
        out[*i] = set
            .iter()
            .map(|(l, _, _)| match l {
                RLoc::Local { frame: 0, slot } => *slot,
                other => panic!("only chown's locals are relevant, not {other:?}"),
            })
            .collect();
    }
    out
}

const ARG1: u16 = 0;
const ARG2: u16 = 1;
const RECURSE: u16 = 3;
const PRESERVE_ROOT: u16 = 4;

fn set(slots: &[u16]) -> BTreeSet<u16> {
    slots.iter().copied().collect()
}

#[test]
fn chown_variant_a_needs_recurse_then_the_arguments_never_ref_file() {
    // arg1 != 'R', arg2 != 'P', refFile != 0. Paper lines -> RsdFigs.java lines: 1 -> 6,
    // 2 -> 7, 4 -> 8, 6 -> 9, 9-12 -> 11, 19 -> 13, 22 -> 16.
    let (_d, cp) = figs();
    let got = chown_sets(
        &cp,
        [0, 0, 1],
        &[(16, false), (13, false), (11, false), (9, false), (8, false), (6, false)],
    );
    assert_eq!(got[0], set(&[]), "L(22)");
    assert_eq!(got[1], set(&[RECURSE]), "L(19)");
    assert_eq!(got[2], set(&[RECURSE]), "L(9..12): refFile is irrelevant");
    assert_eq!(got[3], set(&[RECURSE, ARG2]), "L(6)");
    assert_eq!(got[4], set(&[RECURSE, ARG2, ARG1]), "L(4): potential dependence on the write at 5");
    assert_eq!(got[5], set(&[ARG2, ARG1]), "L(1): line 1 writes recurse");
}

#[test]
fn chown_variant_b_needs_preserve_root_and_the_write_at_5_kills_recurse() {
    // arg1 = 'R' (line 5 runs), arg2 != 'P', refFile != 0. (8, true) is paper line 5.
    let (_d, cp) = figs();
    let got = chown_sets(
        &cp,
        ['R' as i32, 0, 1],
        &[(14, false), (13, false), (11, false), (9, false), (8, true), (8, false), (7, false)],
    );
    assert_eq!(got[0], set(&[PRESERVE_ROOT]), "L(20)");
    assert_eq!(got[1], set(&[RECURSE, PRESERVE_ROOT]), "L(19)");
    assert_eq!(got[2], set(&[RECURSE, PRESERVE_ROOT]), "L(9..12)");
    assert_eq!(got[3], set(&[RECURSE, PRESERVE_ROOT, ARG2]), "L(6)");
    assert_eq!(got[4], set(&[PRESERVE_ROOT, ARG2]), "L(5): the write kills recurse");
    assert_eq!(
        got[5],
        set(&[PRESERVE_ROOT, ARG2, ARG1]),
        "L(4): branch 4 controls the relevant write"
    );
    assert_eq!(got[6], set(&[ARG2, ARG1]), "L(2): line 2 writes preserveRoot");
}

// ----- every bundled subject ------------------------------------------------------------

#[test]
fn every_bundled_subject_keeps_what_spf_reaches() {
    // Issue 19 item 3: every subject's ci configuration under spf and rsd, the coverage oracle
    // on (exit 1 on a miss), rsd's path counts pinned (depth-first, so exact).
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args([
            "compare",
            "--subject",
            "all",
            "--strategies",
            "spf,rsd",
            "--check-coverage",
            "--format",
            "json",
        ])
        .output()
        .expect("run jsymex compare");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let runs = table["runs"].as_array().expect("runs");
    let pick = |strategy: &str, subject: &str| {
        runs.iter()
            .find(|r| r["strategy"] == strategy && r["subject"] == subject)
            .unwrap_or_else(|| panic!("no {strategy} row for {subject}"))
    };
    // (subject, spf feasible, rsd feasible)
    let expected = [
        ("cdaudio:ci", 588, 291),
        ("cli:ci", 61, 61),
        ("diskperf:ci", 745, 287),
        ("floppy:ci", 1398, 339),
        ("kbfiltr:ci", 616, 307),
        ("print_tokens:ci", 256, 256),
        ("print_tokens2:ci", 438, 425),
        ("replace:ci", 81, 81),
        ("schedule:ci", 343, 301),
        ("schedule2:ci", 343, 271),
        ("siena:ci", 272, 272),
        ("tcas:ci", 47, 23),
        ("tcpfsm:ci", 430, 156),
        ("tot_info:ci", 6, 6),
        ("wbs:ci", 576, 201),
    ];
    for (subject, spf, rsd) in expected {
        let (a, b) = (pick("spf", subject), pick("rsd", subject));
        assert_eq!(a["stop"], "Complete", "{subject}");
        assert_eq!(b["stop"], "Complete", "{subject}");
        assert_eq!(common::count(a, "feasible_paths"), spf, "{subject} spf");
        assert_eq!(common::count(b, "feasible_paths"), rsd, "{subject} rsd");
        assert_eq!(a["branches_covered"], b["branches_covered"], "{subject}");
        assert_eq!(common::fault_sites(a), common::fault_sites(b), "{subject}: the same fault sites");
    }
    assert_eq!(pick("rsd", "nanoxml:ci")["stop"], "MaxPaths");
}

// ----- the property test (notes C.5) ----------------------------------------------------

/// (spf paths, rsd paths, cuts) of one program, or what is wrong.
type Checked = Result<(u64, u64, u64), String>;

fn check(cp: &str, p: &Prog, search: &str) -> Checked {
    let base = [
        "--classpath",
        cp,
        "--driver",
        p.driver.as_str(),
        "--min-int",
        "-4",
        "--max-int",
        "4",
        "--search",
        search,
        "--max-paths",
        "3000",
    ];
    let runs = common::compare_complete(&base, "spf,rsd")?;
    let (spf, rsd) = (common::count(&runs[0], "feasible_paths"), common::count(&runs[1], "feasible_paths"));
    if rsd > spf {
        return Err(format!("paths: rsd {rsd} > spf {spf}"));
    }
    // The same (exception, site) pairs; which path found one first may differ.
    if common::fault_sites(&runs[0]) != common::fault_sites(&runs[1]) {
        return Err(format!(
            "fault sites: spf {:?} rsd {:?}",
            common::fault_sites(&runs[0]),
            common::fault_sites(&runs[1])
        ));
    }
    Ok((spf, rsd, common::count(&runs[1], "cut_paths")))
}

/// 300 int-shape, 150 heap-shape, 100 library-call and 60 channel-shape programs of seed
/// 4000 (`JSYMEX_RSD_PROGRAMS`, `JSYMEX_RSD_HEAP_PROGRAMS`, `JSYMEX_RSD_LIB_PROGRAMS`,
/// `JSYMEX_RSD_CHANNEL_PROGRAMS`, `JSYMEX_RSD_SEED` override; `JSYMEX_RSD_THREADS`, 2 by
/// default); every fifth program is explored breadth-first and every fifth plus one in random
/// order, since finality must not depend on the order. The channel shape (a section writing a
/// hidden channel that a branch on another input reads) is where states that agree on what
/// they have read so far differ in what a branch before the point may still write.
#[test]
fn rsd_reaches_every_edge_and_fault_site_spf_reaches() {
    use common::env_u64;
    let seed = env_u64("JSYMEX_RSD_SEED", 4000);
    let mut progs = programs_with_lib(
        seed,
        env_u64("JSYMEX_RSD_PROGRAMS", 300),
        env_u64("JSYMEX_RSD_HEAP_PROGRAMS", 150),
        env_u64("JSYMEX_RSD_LIB_PROGRAMS", 100),
    );
    progs.extend(family(
        "C",
        "driver",
        seed,
        env_u64("JSYMEX_RSD_CHANNEL_PROGRAMS", 60),
        channel_program,
    ));
    let (_dir, cp) = common::javac_programs(&progs);
    let indexed: Vec<(usize, &Prog)> = progs.iter().enumerate().collect();
    let results = common::par_map(&indexed, env_u64("JSYMEX_RSD_THREADS", 2) as usize, |(i, p)| {
        let search = match i % 5 {
            0 => "bfs",
            1 => "random",
            _ => "dfs",
        };
        check(&cp, p, search)
    });
    let (mut spf, mut rsd, mut cuts) = (0, 0, 0);
    let mut problems = Vec::new();
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok((a, b, c)) => {
                spf += a;
                rsd += b;
                cuts += c;
            }
            Err(e) => problems.push(format!("{}: {e}\n{}", progs[i].class, progs[i].source)),
        }
    }
    eprintln!("{} programs: spf {spf} paths, rsd {rsd} paths ({cuts} cut)", progs.len());
    assert!(
        problems.is_empty(),
        "{} of {} programs fail:\n{}",
        problems.len(),
        progs.len(),
        problems.join("\n")
    );
    assert!(cuts > 0 && rsd < spf, "rsd pruned nothing: spf {spf} rsd {rsd}");
}
