//! `rwset` (redundant-state pruning by live read sets; seed 004 §5, notes-pse-rsd.md B.6, C.3)
//! against the notes' worked examples with exact counts (B.5.1 overview, B.5.4 read loop), a
//! loop whose states repeat (2^N paths to 2N runs), and the property test of notes C.5 on
//! generated programs: on complete runs rwset reaches every branch direction, instruction and
//! fault site spf reaches (the built-in `compare --check-coverage` oracle), never explores more
//! paths, and every cut input, replayed to completion, follows the cut path's prefix and ends
//! as some explored path ends.

mod common;
use common::programs::{Prog, programs_with_lib};
use std::collections::BTreeSet;

const FIGS: &str = include_str!("java/rwset/RwsetFigs.java");

fn figs() -> (tempfile::TempDir, String) {
    let (dir, classes) = common::javac(&[("RwsetFigs.java", FIGS)]);
    let cp = classes.to_string_lossy().to_string();
    (dir, cp)
}

fn run(cp: &str, method: &str, strategy: &str, extra: &[&str]) -> common::RunOut {
    common::run_complete(cp, &format!("RwsetFigs.{method}"), strategy, extra)
}

fn counter(r: &common::RunOut, name: &str) -> u64 {
    common::pruner_counter(r, "rwset", name)
}

fn outcomes(r: &common::RunOut) -> Vec<String> {
    r.paths
        .iter()
        .map(|p| p["outcome"]["kind"].as_str().unwrap_or("?").to_string())
        .collect()
}

#[test]
fn the_overview_runs_three_paths_one_cut_below_the_w_branch() {
    // B.5.1 (ii): symbolic DFS from w=0, m=1: path 1 (w=0, m!=0), path 2 flips m, path 3
    // flips w and reaches line 5 in a state that differs from path 1's only in w, which
    // nothing below line 5 reads: cut there, so (w!=0, m=0) never runs.
    let (_d, cp) = figs();
    let spf = run(&cp, "overview", "spf", &["--input", "0,1"]);
    let rw = run(&cp, "overview", "rwset", &["--input", "0,1"]);
    assert_eq!(common::count(&spf.summary, "feasible_paths"), 4);
    assert_eq!(common::count(&rw.summary, "feasible_paths"), 3);
    assert_eq!(common::count(&rw.summary, "cut_paths"), 1);
    assert_eq!(outcomes(&rw), vec!["return", "return", "cut"]);
    assert_eq!(counter(&rw, "prunes"), 1);
    // The cut stands for the two paths of the snapshot's subtree (m != 0 and m == 0).
    assert_eq!(counter(&rw, "credited_paths"), 2);
    assert_eq!(common::labels_and_outcomes(&spf).0, common::labels_and_outcomes(&rw).0);
}

#[test]
fn the_read_loop_is_never_cut() {
    // B.5.4: each count is read again after its branch (total += n), so no two states at the
    // loop's branch agree on what their continuations read.
    let (_d, cp) = figs();
    let spf = run(&cp, "readLoop", "spf", &[]);
    let rw = run(&cp, "readLoop", "rwset", &[]);
    assert_eq!(common::count(&spf.summary, "feasible_paths"), 4);
    assert_eq!(common::count(&rw.summary, "feasible_paths"), 4);
    assert_eq!(common::count(&rw.summary, "cut_paths"), 0);
    assert!(counter(&rw, "snapshots") > 0, "finished subtrees are stored even when none matches");
}

#[test]
fn a_loop_that_overwrites_a_symbolic_value_runs_linearly() {
    // s is overwritten in every iteration, so after iteration i the two directions leave
    // states that agree on everything the rest reads: 2^N paths become 2N runs, 2N-4 of them
    // cut.
    let (_d, cp) = figs();
    for n in [3u64, 6, 10] {
        let len = n.to_string();
        let spf = run(&cp, "overwrite", "spf", &["--array-len", &len]);
        let rw = run(&cp, "overwrite", "rwset", &["--array-len", &len]);
        assert_eq!(common::count(&spf.summary, "feasible_paths"), 1 << n);
        assert_eq!(common::count(&rw.summary, "feasible_paths"), 2 * n, "N={n}");
        // The first run and its sibling at every level but the last two run to the end: below
        // the last branch each direction's subtree is one run, which is not stored (a match
        // would save only the rest of that run), so the last level's siblings run too.
        assert_eq!(common::count(&rw.summary, "cut_paths"), 2 * n - 4, "N={n}");
        assert_eq!(counter(&rw, "credited_paths") + 4, 1 << n, "N={n}: the cuts stand for the rest");
        assert_eq!(common::labels_and_outcomes(&spf).0, common::labels_and_outcomes(&rw).0);
    }
}

#[test]
fn equal_heap_states_across_calls_are_cut_and_different_ones_are_not() {
    // Both directions of x's branch store the same value into the static array, so the
    // second reaches y's branch in an equal state; y's directions store different values.
    let (_d, cp) = figs();
    let rw = run(&cp, "heap", "rwset", &[]);
    assert_eq!(common::count(&rw.summary, "feasible_paths"), 3);
    assert_eq!(common::count(&rw.summary, "cut_paths"), 1);
    let spf = run(&cp, "heap", "spf", &[]);
    assert_eq!(common::labels_and_outcomes(&spf).0, common::labels_and_outcomes(&rw).0);
}

#[test]
fn concatenation_copies_and_a_nested_branch_keep_spf_paths() {
    // String concatenation reads its arguments outside any instruction (one through a
    // toString with a branch of its own) and System.arraycopy copies natively: every state
    // differs in what the rest reads, so nothing is cut and the paths are spf's.
    let (_d, cp) = figs();
    let spf = run(&cp, "concat", "spf", &[]);
    let rw = run(&cp, "concat", "rwset", &[]);
    assert_eq!(common::count(&spf.summary, "feasible_paths"), 8);
    assert_eq!(common::count(&rw.summary, "feasible_paths"), 8);
    assert_eq!(common::count(&rw.summary, "cut_paths"), 0);
    assert_eq!(common::labels_and_outcomes(&spf), common::labels_and_outcomes(&rw));
}

#[test]
fn a_tiny_cap_evicts_and_stays_sound() {
    let (_d, cp) = figs();
    let rw = run(&cp, "overwrite", "rwset:cap=1", &["--array-len", "6"]);
    assert!(counter(&rw, "evictions") > 0);
    assert_eq!(counter(&rw, "snapshots_held"), 1);
    let spf = run(&cp, "overwrite", "spf", &["--array-len", "6"]);
    assert_eq!(common::labels_and_outcomes(&spf).0, common::labels_and_outcomes(&rw).0);
    assert!(common::count(&rw.summary, "feasible_paths") <= 64);
}

#[test]
fn rwset_does_not_combine_with_pruners_that_leave_subtrees_unexplored() {
    let (_d, cp) = figs();
    for other in ["dgse", "pse", "interp"] {
        let r = common::run(&[
            "--classpath",
            &cp,
            "--driver",
            "RwsetFigs.overview",
            "--strategy",
            &format!("{other}+rwset"),
        ]);
        assert_eq!(r.code, 2, "{other}+rwset: {}", r.stderr);
        assert!(r.stderr.contains("cannot run with"), "{}", r.stderr);
    }
    // Search orders combine.
    let r = run(&cp, "overview", "rwset+random-path", &["--input", "0,1"]);
    assert!(common::count(&r.summary, "feasible_paths") <= 4);
}

#[test]
fn every_bundled_subject_keeps_what_spf_reaches_and_prunes_where_states_repeat() {
    // Issue 19 item 3: every subject's ci configuration under spf and rwset, the coverage
    // oracle on (exit 1 on a miss), and rwset's path counts pinned (depth-first, so exact).
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args([
            "compare",
            "--subject",
            "all",
            "--strategies",
            "spf,rwset",
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
    // (subject, spf feasible, rwset feasible, rwset infeasible)
    let expected = [
        ("cdaudio:ci", 588, 304, 100),
        ("cli:ci", 61, 61, 432),
        ("diskperf:ci", 745, 321, 258),
        ("floppy:ci", 1398, 474, 116),
        ("kbfiltr:ci", 616, 317, 50),
        ("print_tokens:ci", 256, 256, 0),
        ("print_tokens2:ci", 438, 425, 7067),
        ("replace:ci", 81, 81, 177),
        ("schedule:ci", 343, 301, 50),
        ("schedule2:ci", 343, 277, 1058),
        ("siena:ci", 272, 272, 708),
        ("tcas:ci", 47, 24, 75),
        ("tcpfsm:ci", 430, 160, 111),
        ("tot_info:ci", 6, 6, 12),
        ("wbs:ci", 576, 203, 0),
    ];
    for (subject, spf, rw, rw_inf) in expected {
        let (a, b) = (pick("spf", subject), pick("rwset", subject));
        assert_eq!(a["stop"], "Complete", "{subject}");
        assert_eq!(b["stop"], "Complete", "{subject}");
        assert_eq!(common::count(a, "feasible_paths"), spf, "{subject} spf");
        assert_eq!(
            (common::count(b, "feasible_paths"), common::count(b, "infeasible_paths")),
            (rw, rw_inf),
            "{subject} rwset"
        );
        assert_eq!(a["branches_covered"], b["branches_covered"], "{subject}");
        let sites = |r: &serde_json::Value| -> Vec<(String, String)> {
            r["fault_sites"]
                .as_array()
                .expect("fault sites")
                .iter()
                .map(|f| (f["exception"].to_string(), f["at"].to_string()))
                .collect()
        };
        assert_eq!(sites(a), sites(b), "{subject}: the same fault sites (first found on other paths)");
    }
    // nanoxml stops at its path limit under both, without an engine error.
    assert_eq!(pick("rwset", "nanoxml:ci")["stop"], "MaxPaths");
}

// ----- the property test (notes C.5) ----------------------------------------------------

/// (spf paths, rwset paths, cuts) of one program, or what is wrong.
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
    ];
    let ordered = [&base[..], &["--search", search, "--max-paths", "3000"]].concat();
    let runs = common::compare_complete(&ordered, "spf,rwset")?;
    let (spf_paths, rw_paths) = (common::count(&runs[0], "feasible_paths"), common::count(&runs[1], "feasible_paths"));
    let mut diffs = Vec::new();
    if rw_paths > spf_paths {
        diffs.push(format!("paths: rwset {rw_paths} > spf {spf_paths}"));
    }
    // Cut inputs replayed to completion keep the cut path's whole prefix (the cut is before a
    // branch) and end as an explored path does (the first three cuts of each program).
    let rw = common::run(&[&ordered[..], &["--strategy", "rwset"]].concat());
    let ends: BTreeSet<String> = rw
        .paths
        .iter()
        .filter(|q| q["outcome"]["kind"] != "cut")
        .map(common::end_of)
        .collect();
    let cuts: Vec<&serde_json::Value> = rw.paths.iter().filter(|q| q["outcome"]["kind"] == "cut").collect();
    diffs.extend(common::check_cut_replays(&base, cuts.iter().take(3).copied(), &ends, false));
    if diffs.is_empty() {
        Ok((spf_paths, rw_paths, cuts.len() as u64))
    } else {
        Err(diffs.join("; "))
    }
}

/// 300 int-shape, 150 heap-shape and 100 library-call programs of seed 4000
/// (`JSYMEX_RWSET_PROGRAMS`, `JSYMEX_RWSET_HEAP_PROGRAMS`, `JSYMEX_RWSET_LIB_PROGRAMS`,
/// `JSYMEX_RWSET_SEED` override; `JSYMEX_RWSET_THREADS`, 2 by default); every fifth program is
/// explored breadth-first and every fifth plus one in random order, since finality must not
/// depend on the order.
#[test]
fn rwset_reaches_every_branch_and_fault_spf_reaches_and_cuts_only_repeated_subtrees() {
    use common::env_u64;
    let seed = env_u64("JSYMEX_RWSET_SEED", 4000);
    let progs = programs_with_lib(
        seed,
        env_u64("JSYMEX_RWSET_PROGRAMS", 300),
        env_u64("JSYMEX_RWSET_HEAP_PROGRAMS", 150),
        env_u64("JSYMEX_RWSET_LIB_PROGRAMS", 100),
    );
    let (_dir, cp) = common::javac_programs(&progs);
    let indexed: Vec<(usize, &Prog)> = progs.iter().enumerate().collect();
    let results = common::par_map(&indexed, env_u64("JSYMEX_RWSET_THREADS", 2) as usize, |(i, p)| {
        let search = match i % 5 {
            0 => "bfs",
            1 => "random",
            _ => "dfs",
        };
        check(&cp, p, search)
    });
    let (mut spf, mut rw, mut cuts) = (0, 0, 0);
    let mut problems = Vec::new();
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok((a, b, c)) => {
                spf += a;
                rw += b;
                cuts += c;
            }
            Err(e) => problems.push(format!("{}: {e}\n{}", progs[i].class, progs[i].source)),
        }
    }
    eprintln!("{} programs: spf {spf} paths, rwset {rw} paths ({cuts} cut)", progs.len());
    assert!(
        problems.is_empty(),
        "{} of {} programs fail:\n{}",
        problems.len(),
        progs.len(),
        problems.join("\n")
    );
    assert!(cuts > 0 && rw < spf, "rwset pruned nothing: spf {spf} rwset {rw}");
}

/// GQ62071 of the sixth differential run, minimised: two tasks' runs do not follow their
/// prefixes (the map's buckets are decided on concrete hash values) and go back into explored
/// paths. spf runs them to the end and counts them as repeats (44 paths, 2 duplicates); rwset
/// (and rsd, pse on GQ60264) cut them inside the explored path first and counted each as one
/// more path (46 > 44, `--check-coverage` failed). A cut run that stopped inside an explored
/// path is now a repeat too.
const DIVERGED_CUT: &str = r#"import java.util.HashMap;

public class RwDivergedCut {
  public static int driver(boolean fl, int y, int x) {
    int r = 0;
    if (fl ^ (y > 1)) r ^= 4;
    switch (x) {
      case 0: r += 2; break;
      case 2: r *= 2; break;
      case 3: r -= 5;
    }
    HashMap<Integer, Integer> hm = new HashMap<>();
    hm.put(y, 1);
    hm.put(x, 2);
    if (hm.containsKey(1)) r += hm.get(1);
    Integer g = hm.get(0);
    return r;
  }
}
"#;

#[test]
fn a_cut_run_that_went_back_into_an_explored_path_is_a_repeat() {
    let (_dir, classes) = common::javac(&[("RwDivergedCut.java", DIVERGED_CUT)]);
    let cp = classes.to_string_lossy().to_string();
    let base = [
        "--classpath",
        cp.as_str(),
        "--driver",
        "RwDivergedCut.driver",
        "--min-int",
        "-1",
        "--max-int",
        "3",
    ];
    let runs = common::compare_complete(&base, "spf,rwset,rsd,pse,interp").unwrap_or_else(|e| panic!("{e}"));
    let spf = runs.iter().find(|r| r["strategy"] == "spf").expect("spf row");
    assert_eq!(common::count(spf, "feasible_paths"), 44);
    assert_eq!(common::count(spf, "duplicate_paths"), 2);
    let rw = runs.iter().find(|r| r["strategy"] == "rwset").expect("rwset row");
    assert_eq!(common::count(rw, "feasible_paths"), 44);
    assert_eq!(common::count(rw, "duplicate_paths"), 2);
}
