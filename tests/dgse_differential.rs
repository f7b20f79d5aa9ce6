//! Lemma 5.2 on the differential suite's drivers (`tests/java/diff`, `// DRIVER:` lines): every
//! driver must complete under both strategies, and dgse must reach every branch label, covered
//! branch edge (concrete ones included), covered instruction, outcome and fault that spf
//! reaches, with no more paths; `rwset` likewise (its cut paths aside). The drivers exercise JVM semantics rather than DGSE, so they
//! probe dependences through every kind of instruction (arrays, longs, floats, strings,
//! exceptions, objects, library models).

mod common;

use std::path::PathBuf;

/// One `// DRIVER: Cls.m(types) [extra options]` line.
struct Driver {
    sig: String,
    extra: Vec<String>,
}

fn drivers(dir: &std::path::Path) -> (Vec<PathBuf>, Vec<Driver>) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/java/diff")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in &files {
        for line in std::fs::read_to_string(f).unwrap().lines() {
            if let Some(rest) = line.trim().strip_prefix("// DRIVER:") {
                let mut toks = rest.split_whitespace().map(String::from);
                let sig = toks.next().expect("a signature after DRIVER:");
                out.push(Driver {
                    sig,
                    extra: toks.collect(),
                });
            }
        }
    }
    (files, out)
}

#[test]
fn dgse_reaches_what_spf_reaches_on_every_differential_driver() {
    reaches_what_spf_reaches("dgse");
}

/// The same for `rwset` (issue 19): a cut state's subtree repeats an explored one, so the
/// outcomes of its complete paths (cut ones aside) are spf's too.
#[test]
fn rwset_reaches_what_spf_reaches_on_every_differential_driver() {
    reaches_what_spf_reaches("rwset");
}

/// Runs every driver under spf and `strategy` and compares labels, outcomes (cut paths aside),
/// covered edges, covered instructions, faults and path counts.
fn reaches_what_spf_reaches(strategy: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/java/diff");
    let (files, ds) = drivers(&dir);
    assert!(ds.len() >= 80, "only {} DRIVER lines", ds.len());
    let tmp = tempfile::tempdir().unwrap();
    common::javac_files(&files, &[], tmp.path());
    let cp = tmp.path().to_str().unwrap().to_string();
    let problems = std::sync::Mutex::new(Vec::new());
    let compared = std::sync::atomic::AtomicUsize::new(0);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(d) = ds.get(i) else { break };
                    let run = |strategy: &str| {
                        let mut args = vec![
                            "-c",
                            &cp,
                            "-d",
                            &d.sig,
                            "--strategy",
                            strategy,
                            "--timeout",
                            "300",
                            "--solver-timeout",
                            "120000",
                        ];
                        args.extend(d.extra.iter().map(String::as_str));
                        common::run(&args)
                    };
                    let (spf, dgse) = (run("spf"), run(strategy));
                    let complete = |r: &common::RunOut| r.code == 0 && r.summary["stop"] == "Complete";
                    if !complete(&spf) || !complete(&dgse) {
                        problems.lock().unwrap().push(format!(
                            "{}: not complete (spf exit {} stop {}, {strategy} exit {} stop {})",
                            d.sig, spf.code, spf.summary["stop"], dgse.code, dgse.summary["stop"]
                        ));
                        continue;
                    }
                    compared.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let (sl, so) = common::labels_and_outcomes(&spf);
                    let (dl, mut dout) = common::labels_and_outcomes(&dgse);
                    dout.retain(|o| !o.starts_with("cut "));
                    let mut p = Vec::new();
                    if dl != sl {
                        p.push(format!("labels missed {:?}", sl.difference(&dl).collect::<Vec<_>>()));
                    }
                    if dout != so {
                        p.push(format!("outcomes missed {:?}", so.difference(&dout).collect::<Vec<_>>()));
                    }
                    for key in ["branches_covered", "faults"] {
                        if common::count(&dgse.summary, key) != common::count(&spf.summary, key) {
                            p.push(format!("{key}: {strategy} {} spf {}", dgse.summary[key], spf.summary[key]));
                        }
                    }
                    let instructions = |r: &common::RunOut| r.summary["coverage"]["reachable"]["instructions_covered"].clone();
                    if instructions(&dgse) != instructions(&spf) {
                        p.push(format!(
                            "instructions covered: {strategy} {} spf {}",
                            instructions(&dgse),
                            instructions(&spf)
                        ));
                    }
                    if common::count(&dgse.summary, "feasible_paths") > common::count(&spf.summary, "feasible_paths") {
                        p.push(format!("{strategy} explores more paths than spf"));
                    }
                    if !p.is_empty() {
                        problems.lock().unwrap().push(format!("{}: {}", d.sig, p.join("; ")));
                    }
                }
            });
        }
    });
    let compared = compared.into_inner();
    let problems = problems.into_inner().unwrap();
    eprintln!("{strategy}: {compared} of {} drivers compared", ds.len());
    assert!(problems.is_empty(), "{} drivers:\n{}", problems.len(), problems.join("\n"));
}
