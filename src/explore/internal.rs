//! Internal tasks: work a pruner asks the engine to do for it outside the search order (greedy
//! confirmation of `interp`). Each task is solved with the exploration's solver and its model
//! run with only the asking pruner's tracker; the run is not a path of the exploration: it is
//! not counted, tested, offered to the searcher or added to the coverage, and its time is the
//! pruner's.

use super::{ExploreError, Explorer, Solved, candidates};
use crate::solver::Solver;
use crate::strategy::pruner::Internal;
use crate::strategy::{PathEnd, Pruner, PrunerStats, TaskCtx};
use crate::task::{PathRecord, Task};
use crate::vm::Coverage;
use std::sync::Arc;
use std::time::Instant;

impl Explorer<'_> {
    /// Runs every pruner's internal tasks until none asks for more or the budget ends.
    pub(super) fn run_internal(
        &mut self,
        pruners: &mut [Box<dyn Pruner>],
        pstats: &mut [PrunerStats],
        want_core: bool,
        start: Instant,
    ) -> Result<(), ExploreError> {
        for (p, st) in pruners.iter_mut().zip(pstats.iter_mut()) {
            let t0 = Instant::now();
            let r = self.drain_one(p.as_mut(), want_core, start);
            st.time_ms += t0.elapsed().as_secs_f64() * 1000.0;
            r?;
        }
        Ok(())
    }

    fn ctx(&mut self) -> TaskCtx<'_> {
        TaskCtx {
            pool: &mut self.pool,
            prog: self.prog,
            parent: None,
        }
    }

    fn drain_one(&mut self, p: &mut dyn Pruner, want_core: bool, start: Instant) -> Result<(), ExploreError> {
        loop {
            let Some(task) = p.internal_task(&mut self.ctx()) else {
                return Ok(());
            };
            if self.limits.budget.poll().is_some() {
                p.on_internal(&task, Internal::Stopped, &mut self.ctx());
                return Ok(());
            }
            let mut own = self.internal_solver.take().unwrap_or_else(|| Solver::new(self.solver_cfg.clone()));
            std::mem::swap(&mut self.solver, &mut own);
            let solved = self.solve(&task, want_core);
            std::mem::swap(&mut self.solver, &mut own);
            self.internal_solver = Some(own);
            match solved? {
                Solved::Sat(a) => {
                    let rec = self.run_one(p, &task, Arc::new(a), start)?;
                    let end = PathEnd::of(&rec.run.outcome, false);
                    p.on_internal(&task, Internal::Path(&rec, end), &mut self.ctx());
                }
                Solved::Dead(r) => p.on_internal(&task, Internal::Dead(&r), &mut self.ctx()),
                Solved::Stop(_) => {
                    p.on_internal(&task, Internal::Stopped, &mut self.ctx());
                    return Ok(());
                }
            }
        }
    }

    fn run_one(
        &mut self,
        p: &mut dyn Pruner,
        task: &Task,
        input: Arc<crate::symbolic::Assignment>,
        start: Instant,
    ) -> Result<PathRecord, ExploreError> {
        let mut trackers = vec![p.tracker_for(Some(task))];
        let mut scratch = Coverage::default();
        let run = crate::vm::run_tracked(
            self.prog,
            &mut self.pool,
            &mut scratch,
            &self.vm,
            &self.driver.entry,
            &input,
            &mut trackers,
            // A pruner's internal run queues no tasks of the search: no snapshots.
            usize::MAX,
        );
        let traces = trackers.into_iter().map(|t| t.map(|mut t| t.finish())).collect();
        let run = run?;
        let (flip, diverged) = match candidates::find_instance(&run.events, task.site.0, task.site.1, task.occ) {
            Some(j) => (Some(j), run.events[j].dir != task.site.2),
            None => (Some(run.events.len()), true),
        };
        let conds: Arc<[crate::symbolic::ExprId]> = run.events.iter().map(|e| e.cond).collect();
        Ok(PathRecord {
            id: 0,
            input,
            run,
            flip,
            task: Some(task.id),
            diverged,
            at: start.elapsed(),
            conds,
            origin: None,
            covers_new: false,
            traces,
        })
    }
}
