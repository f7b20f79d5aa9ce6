//! Theorem 5.3 / Lemma 5.2 as a property test: on a complete run of a generated program, every
//! branch direction, instruction and fault site that exhaustive search (`spf`) reaches, `dgse`
//! reaches too, and dgse never explores more paths.
//!
//! Two families of programs. The int shape (`program`): one method over int locals whose faults
//! are conditional aborts (explicit throws, divisions, array accesses), with ifs, switches and
//! calls to helpers. The heap shape (`heap_program`): a driver calls `step` two or three times
//! with different symbolic inputs, and the calls pass state through static ints, a static array,
//! the fields of an object the driver creates and an array the driver creates, written there and
//! in helpers; `step` also has loops with concrete bounds, try/catch and switches on symbolic
//! values. The channel shape (`channel_program`, `tests/common/channels.rs`): sections on one
//! input each, one writing a hidden channel (statics, aliased arrays and objects, helpers, a
//! caught exception's flag, lambdas, library collections, class initialisers, killed locals) that
//! a branch on another input reads; the driver returns 0 or one flag, so dgse really prunes.

mod common;
use common::channels::{call_channel_program, channel_program};
use common::programs::{Prog, family, programs_with_lib};
use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the soundness check compares between the strategies on one run.
struct Reach {
    labels: BTreeSet<String>,
    branches_covered: u64,
    instructions_covered: u64,
    /// `exception CLASS at FILE:LINE` of every path that ends in an uncaught exception.
    fault_sites: BTreeSet<String>,
    faults: u64,
    fault_classes: serde_json::Value,
    paths: u64,
}

fn reach(r: &common::RunOut) -> Result<Reach, String> {
    if r.code != 0 {
        return Err(format!("exit code {}: {}", r.code, r.stderr.trim()));
    }
    let s = &r.summary;
    // The theorem is about complete runs: no path ended on a limit or with an unknown verdict.
    if s["stop"] != "Complete" || common::count(s, "limit_paths") != 0 || common::count(s, "unknown_paths") != 0 {
        return Err(format!(
            "incomplete run: stop {} limit_paths {} unknown_paths {}",
            s["stop"], s["limit_paths"], s["unknown_paths"]
        ));
    }
    let (labels, _) = common::labels_and_outcomes(r);
    let fault_sites = r
        .paths
        .iter()
        .filter(|p| p["outcome"]["kind"] == "exception")
        .map(|p| format!("exception {} at {}", p["outcome"]["exception"], p["outcome"]["at"]))
        .collect();
    Ok(Reach {
        labels,
        branches_covered: common::count(s, "branches_covered"),
        instructions_covered: common::count(&s["coverage"]["reachable"], "instructions_covered"),
        fault_sites,
        faults: common::count(s, "faults"),
        fault_classes: s["fault_classes"].clone(),
        paths: common::count(s, "feasible_paths"),
    })
}

/// (spf paths, dgse paths) of a program, or what differs between the strategies on it.
type Checked = Result<(u64, u64), String>;

/// Runs spf and dgse on one program.
fn check(cp: &str, p: &Prog) -> Checked {
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
        // A snapshot before every symbolic branch, so that most of dgse's runs resume from
        // their parent's snapshot with its tracker's state restored (what a run resumes from
        // must not change what dgse reaches).
        "--snapshot-min-steps",
        "1",
    ];
    let spf = reach(&common::run(&[&base[..], &["--strategy", "spf"]].concat())).map_err(|e| format!("spf: {e}"))?;
    let dgse = reach(&common::run(&[&base[..], &["--strategy", "dgse"]].concat())).map_err(|e| format!("dgse: {e}"))?;
    let mut diffs = Vec::new();
    let missing: Vec<_> = spf.labels.difference(&dgse.labels).collect();
    let extra: Vec<_> = dgse.labels.difference(&spf.labels).collect();
    if !missing.is_empty() || !extra.is_empty() {
        diffs.push(format!("branch labels: dgse misses {missing:?}, has extra {extra:?}"));
    }
    if dgse.branches_covered != spf.branches_covered {
        diffs.push(format!(
            "branches_covered: spf {} dgse {}",
            spf.branches_covered, dgse.branches_covered
        ));
    }
    if dgse.instructions_covered != spf.instructions_covered {
        diffs.push(format!(
            "instructions_covered: spf {} dgse {}",
            spf.instructions_covered, dgse.instructions_covered
        ));
    }
    if dgse.fault_sites != spf.fault_sites {
        let missing: Vec<_> = spf.fault_sites.difference(&dgse.fault_sites).collect();
        let extra: Vec<_> = dgse.fault_sites.difference(&spf.fault_sites).collect();
        diffs.push(format!("fault sites: dgse misses {missing:?}, has extra {extra:?}"));
    }
    if dgse.faults != spf.faults || dgse.fault_classes != spf.fault_classes {
        diffs.push(format!(
            "faults: spf {} {} dgse {} {}",
            spf.faults, spf.fault_classes, dgse.faults, dgse.fault_classes
        ));
    }
    if dgse.paths > spf.paths {
        diffs.push(format!("paths: dgse {} > spf {}", dgse.paths, spf.paths));
    }
    if diffs.is_empty() {
        Ok((spf.paths, dgse.paths))
    } else {
        Err(diffs.join("; "))
    }
}

/// Path totals of one family of programs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Totals {
    spf: u64,
    dgse: u64,
}

/// Compiles and checks every program on `threads` threads; panics listing every program that
/// fails, else returns the path totals of the int, the heap, the library and the channel
/// family.
fn check_all(progs: &[Prog], threads: usize) -> (Totals, Totals, Totals, Totals) {
    let files: Vec<(String, &str)> = progs.iter().map(|p| (format!("{}.java", p.class), p.source.as_str())).collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let (_dir, classes) = common::javac(&refs);
    let cp = classes.to_string_lossy().to_string();
    let verbose = std::env::var_os("JSYMEX_SOUNDNESS_VERBOSE").is_some();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Checked)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= progs.len() {
                        break;
                    }
                    let t0 = std::time::Instant::now();
                    let r = check(&cp, &progs[i]);
                    if verbose {
                        eprintln!("{} {:?} {} ms", progs[i].class, r.as_ref().ok(), t0.elapsed().as_millis());
                    }
                    results.lock().unwrap().push((i, r));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    let (mut ints, mut heaps, mut libs, mut chans) = (Totals::default(), Totals::default(), Totals::default(), Totals::default());
    let mut problems = Vec::new();
    for (i, r) in results {
        let p = &progs[i];
        match r {
            Ok((ns, nd)) => {
                let t = match p.class.as_bytes()[0] {
                    b'H' => &mut heaps,
                    b'L' => &mut libs,
                    b'C' => &mut chans,
                    _ => &mut ints,
                };
                t.spf += ns;
                t.dgse += nd;
            }
            Err(e) => problems.push(format!("{}: {e}\n{}", p.class, p.source)),
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} programs fail:\n{}",
        problems.len(),
        progs.len(),
        problems.join("\n")
    );
    (ints, heaps, libs, chans)
}

use common::env_u64;

/// The default run: 200 int-shape, 150 heap-shape, 100 library-call and 400 channel-shape
/// programs of seed 1000 (override with `JSYMEX_SOUNDNESS_PROGRAMS`,
/// `JSYMEX_SOUNDNESS_HEAP_PROGRAMS`, `JSYMEX_SOUNDNESS_LIB_PROGRAMS`,
/// `JSYMEX_SOUNDNESS_CHANNEL_PROGRAMS`, `JSYMEX_SOUNDNESS_SEED`; `JSYMEX_SOUNDNESS_THREADS` sets
/// the threads, 2 by default).
const SEED: u64 = 1000;
const INT_PROGRAMS: u64 = 200;
const HEAP_PROGRAMS: u64 = 150;
const LIB_PROGRAMS: u64 = 100;
const CHANNEL_PROGRAMS: u64 = 400;

#[test]
fn dgse_reaches_every_fault_and_branch_spf_reaches() {
    let seed = env_u64("JSYMEX_SOUNDNESS_SEED", SEED);
    let n_int = env_u64("JSYMEX_SOUNDNESS_PROGRAMS", INT_PROGRAMS);
    let n_heap = env_u64("JSYMEX_SOUNDNESS_HEAP_PROGRAMS", HEAP_PROGRAMS);
    let n_lib = env_u64("JSYMEX_SOUNDNESS_LIB_PROGRAMS", LIB_PROGRAMS);
    let n_chan = env_u64("JSYMEX_SOUNDNESS_CHANNEL_PROGRAMS", CHANNEL_PROGRAMS);
    let threads = env_u64("JSYMEX_SOUNDNESS_THREADS", 2) as usize;
    let mut progs = programs_with_lib(seed, n_int, n_heap, n_lib);
    progs.extend(family("C", "driver", seed, n_chan, channel_program));
    let (ints, heaps, libs, chans) = check_all(&progs, threads);
    eprintln!(
        "paths over {n_int} int-shape programs: {ints:?}; over {n_heap} heap-shape programs: {heaps:?}; over {n_lib} library-call programs: {libs:?}; over {n_chan} channel-shape programs: {chans:?}"
    );
    assert!(ints.dgse <= ints.spf && heaps.dgse <= heaps.spf && libs.dgse <= libs.spf && chans.dgse <= chans.spf);
    if (seed, n_int, n_heap, n_lib, n_chan) == (SEED, INT_PROGRAMS, HEAP_PROGRAMS, LIB_PROGRAMS, CHANNEL_PROGRAMS) {
        // The feasible path totals of the default run, pinned so that lost pruning fails too (a
        // dgse that negates every branch reaches everything spf reaches, with spf's paths).
        // They hold for this seed and these generators only: any change to `program`,
        // `heap_program`, `lib_program`, `Rng`, the run options in `check` or the counts above
        // changes them, and they must then be re-derived from this test's output (run it with
        // --nocapture). int-shape dgse 1022 -> 1019 with the may-throw analysis (calls that
        // cannot throw have no exceptional edge), every program still passing the oracle above.
        // 1019 -> 1015 when a callee's frame stopped depending on its arguments' data (they
        // reach it through its parameters) and a call's normal direction on the returned
        // value's data (only the return's context decides that the callee returned).
        // 1015 -> 1020 when a task a later branch needs together with the path's own flip
        // stopped being dropped as independent of it (tests/dgse_found.rs, `co_dependent`).
        // 1020 -> 1022 when an event that decided an implicit check's operand took in what
        // interacts with the check's other direction (tests/dgse_found.rs, `DgseCheckDecider`).
        assert_eq!(ints, Totals { spf: 1042, dgse: 1022 }, "int-shape path totals");
        // heap-shape dgse 1945 -> 1947 when a call's normal direction took in the callee's
        // control context (a callee that may throw decides whether the code after the call
        // runs: tests/dgse_found.rs, `code_after_a_call_that_may_throw_...`).
        // 1947 -> 1914 when an exception of a known class goes only to the handler that
        // certainly catches it (no exceptional edge to the exit from a caught `throw new
        // ...`, so the code after the `try` is no longer control-dependent on not throwing)
        // and a potential dependence through a local died where the path wrote the local.
        assert_eq!(heaps, Totals { spf: 1984, dgse: 1914 }, "heap-shape path totals");
        assert_eq!((ints.spf + heaps.spf, ints.dgse + heaps.dgse), (3026, 2936), "total paths");
        // The library-call family (lists, maps and string builders of the models carrying
        // state between the calls), added with every program passing the oracle above.
        // 1289 -> 1287 with the same two changes.
        assert_eq!(libs, Totals { spf: 1323, dgse: 1287 }, "library-call path totals");
        // The channel family, added with every program passing the oracle above; dgse runs 22%
        // fewer paths. The binary before the fixes of tests/dgse_found.rs's `CondDef` ..
        // `CatchFlagCallee` missed a branch edge of C374 (in the first 400 for that reason).
        // 7771 -> 7772 when a callee branch's instance took the interactive sources of the
        // calls that entered it (tests/dgse_found.rs, `DgseThrowCallee`).
        // 7772 -> 7868 with `co_dependent` (above); 7868 -> 7872 with `DgseCheckDecider` (above).
        assert_eq!(chans, Totals { spf: 10115, dgse: 7872 }, "channel-shape path totals");
    }
}

/// The same property on ten times as many programs of each shape, the channel programs with the
/// channels through calls as well (`call_channel_program`; several minutes on two cores):
/// `cargo test --release --test dgse_soundness -- --ignored`.
#[test]
#[ignore]
fn dgse_reaches_every_fault_and_branch_spf_reaches_many() {
    let seed = env_u64("JSYMEX_SOUNDNESS_SEED", SEED);
    let threads = env_u64("JSYMEX_SOUNDNESS_THREADS", 2) as usize;
    let mut progs = programs_with_lib(seed, 10 * INT_PROGRAMS, 10 * HEAP_PROGRAMS, 10 * LIB_PROGRAMS);
    progs.extend(family("C", "driver", seed, 10 * CHANNEL_PROGRAMS, call_channel_program));
    let (ints, heaps, libs, chans) = check_all(&progs, threads);
    eprintln!(
        "paths over {} int-shape programs: {ints:?}; over {} heap-shape programs: {heaps:?}; over {} library-call programs: {libs:?}; over {} channel-shape programs: {chans:?}",
        10 * INT_PROGRAMS,
        10 * HEAP_PROGRAMS,
        10 * LIB_PROGRAMS,
        10 * CHANNEL_PROGRAMS
    );
    assert!(ints.dgse <= ints.spf && heaps.dgse <= heaps.spf && libs.dgse <= libs.spf && chans.dgse <= chans.spf);
}
