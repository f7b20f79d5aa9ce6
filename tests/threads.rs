//! Explorations on two threads at once give what they give one after the other: the same path
//! counts, the same coverage and the same JSONL, byte for byte. Each exploration is built on the
//! thread that runs it (the solver's Z3 context does not cross threads yet); the classes are
//! either loaded by each exploration's own `Program` or shared through one `&Program`.

use jsymex::cli::DriverArgs;
use jsymex::cli::run::driver_args_for;
use jsymex::cli::run::{Setup, explore_with, explorer, open_program};
use jsymex::explore::Observer;
use jsymex::explore::coverage::CoverageViews;
use jsymex::program::Program;
use jsymex::testgen::JsonlWriter;

/// What an exploration found, without its timings.
#[derive(Debug, PartialEq)]
struct Found {
    feasible: u64,
    infeasible: u64,
    unknown: u64,
    diverged: u64,
    duplicate: u64,
    faults: u64,
    stop: String,
    coverage: CoverageViews,
    jsonl: String,
}

/// The command line's defaults for what a subject configuration does not set.
fn defaults() -> DriverArgs {
    DriverArgs {
        search: "dfs".into(),
        arrays: "theory".into(),
        solver_timeout: 10_000,
        ..DriverArgs::default()
    }
}

/// The driver options of a bundled subject's configuration (`tcas:ci`).
fn subject(spec: &str) -> DriverArgs {
    let (m, c) = jsymex::subjects::select(spec).expect("subject").remove(0);
    driver_args_for(&m, &m.config(&c).expect("config"), &defaults())
}

/// The driver options of a bundled example driver.
fn example(driver: &str) -> DriverArgs {
    DriverArgs {
        classpath: "@examples".into(),
        driver: Some(driver.into()),
        ..defaults()
    }
}

/// Explores one driver with one strategy over the given program.
fn explore(prog: &Program, d: &DriverArgs, strategy: &str) -> Found {
    let Setup::Ready(mut ex) = explorer(prog, d, strategy).unwrap_or_else(|f| panic!("{}", f.error)) else {
        panic!("the budget ran out while setting up");
    };
    let mut jsonl = Vec::new();
    let mut writer = JsonlWriter::new(&mut jsonl);
    let (s, err) = {
        let mut observers: Vec<&mut dyn Observer> = vec![&mut writer];
        explore_with(&mut ex, strategy, d, &mut observers).unwrap_or_else(|f| panic!("{}", f.error))
    };
    assert!(err.is_none(), "{err:?}");
    assert!(writer.error.is_none());
    Found {
        feasible: s.feasible_paths,
        infeasible: s.infeasible_paths,
        unknown: s.unknown_paths,
        diverged: s.diverged_paths,
        duplicate: s.duplicate_paths,
        faults: s.faults,
        stop: format!("{:?}", s.stop),
        coverage: s.coverage,
        jsonl: String::from_utf8(jsonl).expect("utf-8"),
    }
}

/// Explores with a program of its own.
fn explore_alone(d: &DriverArgs, strategy: &str) -> Found {
    let prog = open_program(d).unwrap_or_else(|f| panic!("{}", f.error));
    explore(&prog, d, strategy)
}

#[test]
fn two_subjects_on_two_threads_match_one_by_one() {
    let jobs = [(subject("tcas:ci"), "dgse"), (subject("wbs:ci"), "spf")];
    let one_by_one: Vec<Found> = jobs.iter().map(|(d, s)| explore_alone(d, s)).collect();
    assert!(one_by_one.iter().all(|f| f.feasible > 0 && !f.jsonl.is_empty()));
    for round in 0..2 {
        let at_once: Vec<Found> = std::thread::scope(|sc| {
            let hs: Vec<_> = jobs.iter().map(|(d, s)| sc.spawn(move || explore_alone(d, s))).collect();
            hs.into_iter().map(|h| h.join().expect("worker")).collect()
        });
        for ((d, s), (a, b)) in jobs.iter().zip(one_by_one.iter().zip(&at_once)) {
            assert_eq!(a, b, "round {round}: {} {s}", d.driver.as_deref().unwrap_or_default());
        }
    }
}

#[test]
fn two_explorations_sharing_one_program_match_one_by_one() {
    let jobs = [(example("Fig4.blocks10"), "spf"), (example("WBS.twice"), "dgse")];
    let one_by_one: Vec<Found> = jobs.iter().map(|(d, s)| explore_alone(d, s)).collect();
    let shared = open_program(&jobs[0].0).unwrap_or_else(|f| panic!("{}", f.error));
    let at_once: Vec<Found> = std::thread::scope(|sc| {
        let prog = &shared;
        let hs: Vec<_> = jobs.iter().map(|(d, s)| sc.spawn(move || explore(prog, d, s))).collect();
        hs.into_iter().map(|h| h.join().expect("worker")).collect()
    });
    for ((d, s), (a, b)) in jobs.iter().zip(one_by_one.iter().zip(&at_once)) {
        assert_eq!(a, b, "{} {s}", d.driver.as_deref().unwrap_or_default());
    }
    assert!(shared.lookup("Fig4").is_some() && shared.lookup("WBS").is_some());
}
