//! The tracker seam through the library API (no binary): a tracker can cut a run at a branch
//! event, the explorer drives a pruner's tracker and hands its trace back, heap objects get the
//! same names in two runs, and observing a run does not change it.

use jsymex::classpath::ClassPath;
use jsymex::explore::driver::{Driver, InputOptions};
use jsymex::explore::task::{PathRecord, Task};
use jsymex::explore::{Explorer, Limits, Observer};
use jsymex::program::Program;
use jsymex::solver::SolverConfig;
use jsymex::strategy::preset::Preset;
use jsymex::strategy::{Dfs, Pruner, TaskCtx};
use jsymex::symbolic::{ExprPool, Scalar};
use jsymex::vm::location::{HeapName, HeapNames, Loc, NamedLoc, Site};
use jsymex::vm::shadow::{BoxedTracker, Done, Next, Tracker, Verdict};
use jsymex::vm::{Event, Machine, Outcome, PathRun, VmConfig};
use std::any::Any;

/// An exploration of a bundled example (classes from `subjects/paper`).
fn explorer<'a>(prog: &'a Program, driver: &str) -> Explorer<'a> {
    Explorer::new(
        prog,
        driver,
        &InputOptions::default(),
        SolverConfig::default(),
        VmConfig::default(),
        Limits::default(),
    )
    .expect("driver")
}

fn examples() -> Program {
    Program::new(ClassPath::parse("@examples").expect("bundled examples"))
}

/// One run of the explorer's driver on `input`, observed by `tracker`; the tracker comes back.
fn run_with<T: Tracker>(ex: &mut Explorer<'_>, input: &[Scalar], tracker: T) -> (PathRun, T) {
    let mut m = Machine::with_tracker(ex.prog, &mut ex.pool, &mut ex.cov, &ex.vm, tracker);
    let run = m.run(&ex.driver.entry, input).expect("run");
    (run, m.into_tracker())
}

/// Counts branch events and cuts the run at the `at`-th.
struct CutAt {
    at: usize,
    seen: usize,
}

impl Tracker for CutAt {
    fn event(&mut self, index: usize, _e: &Event) -> Verdict {
        self.seen += 1;
        assert_eq!(index + 1, self.seen, "events are reported in order");
        if self.seen == self.at {
            Verdict::Cut(format!("event {}", self.seen))
        } else {
            Verdict::Continue
        }
    }

    fn finish(&mut self) -> Box<dyn Any + Send> {
        Box::new(self.seen)
    }
}

#[test]
fn a_tracker_cuts_a_run_at_its_third_branch_event() {
    let prog = examples();
    let mut ex = explorer(&prog, "Fig4.blocks10");
    let input = ex.driver.initial.clone();
    let (full, _) = run_with(&mut ex, &input, jsymex::vm::NoTracker);
    assert_eq!(full.events.len(), 10, "Figure 4 with N = 10 has ten branch events per path");
    let (run, t) = run_with(&mut ex, &input, CutAt { at: 3, seen: 0 });
    assert!(matches!(&run.outcome, Outcome::Cut(why) if why == "event 3"), "{:?}", run.outcome);
    assert_eq!(run.events.len(), 3);
    assert_eq!(t.seen, 3);
    // The events kept are the run's first three.
    let sites = |r: &PathRun| r.events.iter().map(|e| (e.method, e.pc, e.dir)).collect::<Vec<_>>();
    assert_eq!(sites(&run)[..], sites(&full)[..3]);
}

/// A pruner written only against the seam: its tracker cuts every path at its third event, and
/// it keeps every candidate the path yields (so it explores the 2^3 prefixes).
struct ThirdEvent {
    traces_seen: usize,
}

impl Pruner for ThirdEvent {
    fn name(&self) -> &'static str {
        "third-event"
    }

    fn select_tasks(&mut self, path: &PathRecord, _candidates: &mut Vec<Task>, _ctx: &mut TaskCtx<'_>) {
        assert_eq!(path.traces.len(), 1, "one entry per pruner");
        assert_eq!(path.trace::<usize>(), Some(&3), "the tracker's result comes back in the record");
        self.traces_seen += 1;
    }

    fn tracker(&mut self) -> Option<BoxedTracker> {
        Some(Box::new(CutAt { at: 3, seen: 0 }))
    }
}

#[derive(Default)]
struct Outcomes(Vec<(Outcome, usize)>);

impl Observer for Outcomes {
    fn on_path(&mut self, _d: &Driver, _pool: &ExprPool, _prog: &Program, path: &PathRecord) {
        self.0.push((path.run.outcome.clone(), path.run.events.len()));
    }
}

#[test]
fn the_explorer_drives_a_pruners_tracker_and_keeps_its_trace() {
    let prog = examples();
    let mut ex = explorer(&prog, "Fig4.blocks10");
    let mut preset = Preset {
        name: "third-event".into(),
        searcher: Box::new(Dfs::default()),
        pruners: vec![Box::new(ThirdEvent { traces_seen: 0 })],
        prepare_time: std::time::Duration::ZERO,
        set_aside: Vec::new(),
    };
    let mut seen = Outcomes::default();
    let (s, err) = ex.explore(&mut preset, &mut [&mut seen]);
    assert!(err.is_none(), "{err:?}");
    assert_eq!(s.feasible_paths, 8, "three two-way events");
    assert_eq!(seen.0.len(), 8);
    for (o, n) in &seen.0 {
        assert!(matches!(o, Outcome::Cut(why) if why == "event 3"), "{o:?}");
        assert_eq!(*n, 3);
    }
}

/// Names every heap location written (fields and elements) by allocation site and occurrence.
#[derive(Default)]
struct HeapWrites {
    names: HeapNames,
    written: Vec<NamedLoc>,
}

impl Tracker for HeapWrites {
    fn alloc(&mut self, obj: u32, site: Site) {
        self.names.alloc(obj, site);
    }

    fn after(&mut self, done: &Done<'_>) -> Verdict {
        let write = matches!(done.op, jsymex::bytecode::Op::PutField(_) | jsymex::bytecode::Op::ArrayStore(_));
        if let (true, Some(l @ (Loc::Field { .. } | Loc::Elem { .. })), false) = (write, done.heap(), matches!(done.next, Next::Throw(_))) {
            self.written.extend(self.names.named(l));
        }
        Verdict::Continue
    }
}

#[test]
fn heap_objects_have_the_same_names_in_two_runs() {
    let prog = examples();
    let mut ex = explorer(&prog, "WBS.twice");
    let twice = ex.driver.entry.method;
    // Two inputs that take different branches through both update calls.
    let a: Vec<Scalar> = [0, 0, 1, 2, 1, 5].into_iter().map(Scalar::I32).collect();
    let b: Vec<Scalar> = [1, 1, 0, 0, 0, 1].into_iter().map(Scalar::I32).collect();
    let (ra, ta) = run_with(&mut ex, &a, HeapWrites::default());
    let (rb, tb) = run_with(&mut ex, &b, HeapWrites::default());
    let dirs = |r: &PathRun| r.events.iter().map(|e| e.dir).collect::<Vec<_>>();
    assert_ne!(dirs(&ra), dirs(&rb), "the two runs take different paths");
    // The WBS object is the first allocation of `new WBS` in `twice` (its first instruction).
    let wbs = HeapName {
        site: Site { method: twice, pc: 0 },
        occurrence: 0,
    };
    let fields_of = |t: &HeapWrites| {
        let mut v: Vec<u32> = t
            .written
            .iter()
            .filter_map(|l| match l {
                NamedLoc::Field { obj, slot } if *obj == wbs => Some(*slot),
                _ => None,
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    assert_eq!(fields_of(&ta).len(), 2, "AltPress and Meter: {:?}", ta.written);
    assert_eq!(fields_of(&ta), fields_of(&tb));
    let mut la = ta.written.clone();
    let mut lb = tb.written.clone();
    la.dedup();
    lb.dedup();
    assert_eq!(la.iter().filter(|l| !lb.contains(l)).count(), 0, "{la:?} vs {lb:?}");
}

/// Observes every hook and changes nothing.
struct Passive(usize);

impl Tracker for Passive {
    fn after(&mut self, _d: &Done<'_>) -> Verdict {
        self.0 += 1;
        Verdict::Continue
    }
}

#[test]
fn observing_a_run_does_not_change_it() {
    let prog = examples();
    let mut ex = explorer(&prog, "Fig2.test");
    let input: Vec<Scalar> = [2, 0, 1].into_iter().map(Scalar::I32).collect();
    let (plain, _) = run_with(&mut ex, &input, jsymex::vm::NoTracker);
    let (seen, t) = run_with(&mut ex, &input, Passive(0));
    assert_eq!(t.0 as u64, seen.steps, "one `after` per instruction");
    let key = |r: &PathRun| {
        (
            r.events.iter().map(|e| (e.method, e.pc, e.dir, e.cond)).collect::<Vec<_>>(),
            format!("{:?}", r.outcome),
            r.steps,
        )
    };
    assert_eq!(key(&plain), key(&seen));
}
