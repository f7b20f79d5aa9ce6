//! Unsat cores through the Rust API: the infeasible tasks of an exploration, asked again with
//! `want_core`, name exactly the branch events that conflict with the negated condition.

mod common;

use jsymex::classpath::ClassPath;
use jsymex::explore::driver::{Driver, InputOptions};
use jsymex::explore::task::{PathRecord, Task};
use jsymex::explore::{Explorer, Limits, Observer};
use jsymex::program::Program;
use jsymex::solver::{Answer, Core, SolverConfig};
use jsymex::symbolic::ExprPool;
use jsymex::vm::VmConfig;
use std::collections::HashMap;

/// An infeasible task, its core, and the sites (method, pc) of its parent path's events.
type Found = (Task, Core, Vec<(u32, u32)>);

/// Keeps the infeasible tasks and the branch sites (method, pc) of every path's events.
#[derive(Default)]
struct Record {
    dead: Vec<Task>,
    sites: HashMap<u64, Vec<(u32, u32)>>,
}

impl Observer for Record {
    fn on_path(&mut self, _d: &Driver, _pool: &ExprPool, _prog: &Program, path: &PathRecord) {
        self.sites
            .insert(path.id, path.run.events.iter().map(|e| (e.method, e.pc)).collect());
    }
    fn on_dead_task(&mut self, task: &Task, unknown: bool) {
        assert!(!unknown, "no task should be undecided");
        self.dead.push(task.clone());
    }
}

/// Explores `driver` with spf from `input`; for every infeasible task, its core (asked again
/// with `want_core`) and the sites of its parent path's events. Also checks that no core comes
/// without asking and that the chain has its six layers.
fn cores(classpath: &str, driver: &str, input: &[&str]) -> Vec<Found> {
    let cp = ClassPath::parse(classpath).expect("classpath");
    let prog = Program::new(cp);
    let opts = InputOptions {
        input: input.iter().map(|s| s.to_string()).collect(),
        ..InputOptions::default()
    };
    let mut ex = Explorer::new(
        &prog,
        driver,
        &opts,
        SolverConfig::default(),
        VmConfig::default(),
        Limits::default(),
    )
    .expect("driver");
    let mut rec = Record::default();
    let mut preset = ex.preset("spf", "dfs", 0, &[]).expect("spf");
    let (summary, err) = ex.explore(&mut preset, &mut [&mut rec]);
    assert!(err.is_none(), "{err:?}");
    assert_eq!(summary.infeasible_paths as usize, rec.dead.len());
    let names: Vec<&str> = summary.solver.layers.iter().map(|l| l.name).collect();
    assert_eq!(names, ["independence", "cache", "nearby", "cex_cache", "fp_guess", "z3"]);
    assert_eq!(summary.solver.z3_cores, 0);
    rec.dead
        .iter()
        .map(|t| {
            let plain = ex.solver.solve(&ex.pool, t.prefix.constraints(), t.cond, &t.base, false);
            assert!(matches!(plain, Ok(Answer::Unsat(None))), "{plain:?}");
            let answer = ex
                .solver
                .solve(&ex.pool, t.prefix.constraints(), t.cond, &t.base, true)
                .expect("solve");
            let Answer::Unsat(Some(core)) = answer else {
                panic!("task {} is infeasible, with a core: {answer:?}", t.id)
            };
            (t.clone(), core, rec.sites[&t.parent].clone())
        })
        .collect()
}

#[test]
fn figure5_infeasible_sibling_conflicts_with_the_first_branch() {
    // x = 2 runs 3T (x > 1), 5T (x > 0). Flipping 5 under 3T asks x > 1 ∧ x <= 0: the core is
    // event 0 (line 3) and the negated condition.
    let found = cores("@examples", "Fig5.test", &["2"]);
    assert_eq!(found.len(), 1);
    let (task, core, _) = &found[0];
    assert_eq!((task.parent, task.flip), (1, 1));
    assert_eq!(
        core,
        &Core {
            prefix: vec![0],
            neg: true
        }
    );
}

#[test]
fn the_core_names_the_contradicted_event_among_related_ones() {
    // From x = 10, y = 0 the path is x > 0, !(y > x), x > 5, !(x < 3): every event mentions x,
    // so independence keeps them all, but only x > 5 (event 2) contradicts x < 3.
    let (_guard, classes) = common::javac(&[common::CONFLICT_JAVA]);
    let found = cores(classes.to_str().expect("utf-8 path"), "Conflict.test", &["10", "0"]);
    assert!(!found.is_empty());
    for (task, core, sites) in &found {
        assert_eq!(task.flip, 3, "the only infeasible flip is x < 3");
        assert_eq!(
            core,
            &Core {
                prefix: vec![2],
                neg: true
            },
            "task {}",
            task.id
        );
        // Event 2 is the branch right before the flipped one, in the same method.
        assert_eq!(sites[2].0, sites[3].0);
        assert!(sites[2].1 < sites[3].1);
    }
}
