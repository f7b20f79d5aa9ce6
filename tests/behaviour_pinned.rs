//! Behaviour pins for engine refactorings: on every bundled subject's `ci` configuration and on
//! the paper examples, `spf` and `dgse` must give the same path counts, the same JSONL (paths,
//! inputs, outcomes, branches, byte for byte) and the same coverage as recorded in
//! `tests/golden/behaviour.txt`. The golden file was recorded before the strategy seams were cut
//! (issue "seams"); a deliberate behaviour change re-records it with `JSYMEX_BLESS=1` and says
//! why in its commit.

mod common;

use std::collections::BTreeMap;

/// The runs pinned: a name and the `run` arguments (without the strategy).
fn configs() -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut names: Vec<String> = std::fs::read_dir("subjects")
        .expect("subjects dir")
        .flatten()
        .filter(|e| e.path().join("subject.json").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 11, "bundled subjects: {names:?}");
    for n in names {
        // The configurations' own time budgets (20-30 s) could end a run early on a loaded
        // machine; the pins are about behaviour, so the budget is lifted.
        out.push((
            format!("{n}:ci"),
            vec!["--subject".into(), format!("{n}:ci"), "--timeout".into(), "900".into()],
        ));
    }
    let ex = |d: &str, extra: &[&str]| {
        let mut v = vec!["--classpath".to_string(), "@examples".into(), "--driver".into(), d.into()];
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    out.push(("Fig2".into(), ex("Fig2.test", &["--input", "2,0,1"])));
    out.push(("Fig4.blocks10".into(), ex("Fig4.blocks10", &[])));
    out.push(("Fig4.combined10".into(), ex("Fig4.combined10", &[])));
    out.push(("Fig5".into(), ex("Fig5.test", &["--input", "2"])));
    out.push(("WBS.twice".into(), ex("WBS.twice", &[])));
    out
}

/// FNV-1a over the bytes: a stable digest of a JSONL file.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// One pinned line: counts, coverage and the JSONL digest of a run.
fn observe(args: &[String], strategy: &str) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("s.json");
    let tests = dir.path().join("t.jsonl");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("run")
        .args(args)
        .args(["--strategy", strategy, "-q", "--json"])
        .arg(&json)
        .arg("--tests")
        .arg(&tests)
        .output()
        .expect("run jsymex");
    let code = out.status.code().unwrap_or(-1);
    assert!(
        code == 0 || code == 1,
        "{args:?} {strategy}: exit {code}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("summary")).expect("json");
    let jsonl = std::fs::read(&tests).expect("jsonl");
    let c = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in summary"));
    format!(
        "feasible={} infeasible={} unknown={} diverged={} duplicate={} branches={}/{} instr={:.6} faults={} stop={} jsonl={:016x}",
        c("feasible_paths"),
        c("infeasible_paths"),
        c("unknown_paths"),
        c("diverged_paths"),
        c("duplicate_paths"),
        c("branches_covered"),
        c("branches_total"),
        s["instruction_coverage"].as_f64().expect("instruction_coverage"),
        c("faults"),
        s["stop"],
        fnv(&jsonl)
    )
}

#[test]
fn spf_and_dgse_behave_as_recorded() {
    let golden_path = std::path::Path::new("tests/golden/behaviour.txt");
    let mut now: BTreeMap<String, String> = BTreeMap::new();
    let work: Vec<(String, Vec<String>, &str)> = configs()
        .into_iter()
        .flat_map(|(n, a)| ["spf", "dgse"].map(|s| (n.clone(), a.clone(), s)))
        .collect();
    // Two at a time: the machine has two cores.
    let results: Vec<(String, String)> = std::thread::scope(|sc| {
        let chunks: Vec<Vec<&(String, Vec<String>, &str)>> = (0..2).map(|k| work.iter().skip(k).step_by(2).collect()).collect();
        let hs: Vec<_> = chunks
            .into_iter()
            .map(|ch| {
                sc.spawn(move || {
                    ch.into_iter()
                        .map(|(n, a, s)| (format!("{n} {s}"), observe(a, s)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    });
    now.extend(results);
    let text: String = now.iter().map(|(k, v)| format!("{k} {v}\n")).collect();
    if std::env::var_os("JSYMEX_BLESS").is_some() {
        std::fs::create_dir_all("tests/golden").expect("golden dir");
        std::fs::write(golden_path, &text).expect("write golden");
        return;
    }
    let golden = std::fs::read_to_string(golden_path).expect("tests/golden/behaviour.txt (record with JSYMEX_BLESS=1)");
    let want: BTreeMap<String, String> = golden
        .lines()
        .filter_map(|l| {
            let mut it = l.splitn(3, ' ');
            Some((format!("{} {}", it.next()?, it.next()?), it.next()?.to_string()))
        })
        .collect();
    let mut diffs = Vec::new();
    for (k, v) in &want {
        match now.get(k) {
            Some(n) if n == v => {}
            Some(n) => diffs.push(format!("{k}\n  was {v}\n  now {n}")),
            None => diffs.push(format!("{k}: not run")),
        }
    }
    for k in now.keys().filter(|k| !want.contains_key(*k)) {
        diffs.push(format!("{k}: not in the golden file"));
    }
    assert!(diffs.is_empty(), "behaviour changed:\n{}", diffs.join("\n"));
}
