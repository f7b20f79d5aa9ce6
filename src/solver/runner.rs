//! Runs `Z3_solver_check` on a helper thread when a query has a hard deadline. Z3 honours its
//! `timeout` parameter in most of its work, but some of its preprocessing does not poll for
//! cancellation, so a single query can outlive the exploration's `--timeout` by many seconds.
//! With the check on a helper thread the exploration waits only until the deadline, asks Z3 to
//! stop (`Z3_interrupt`), waits a moment more, and otherwise abandons the query: the context is
//! then never touched again (the solver leaks it on purpose) and the run ends with its report.
//! Like `z3.rs`, an FFI module allowed to use `unsafe`.
#![allow(unsafe_code)] // FFI with Z3; see the module docs

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};
use z3_sys::{Z3_ast, Z3_context, Z3_interrupt, Z3_lbool, Z3_solver, Z3_solver_check, Z3_solver_check_assumptions};

/// How long a query may run after `Z3_interrupt` before it is abandoned.
const AFTER_INTERRUPT: Duration = Duration::from_millis(100);

/// One check to run: the context and solver it belongs to, and its assumption literals (none
/// for a plain check).
struct Job {
    ctx: Z3_context,
    solver: Z3_solver,
    assumptions: Vec<Z3_ast>,
}

// SAFETY: a job is handed to the helper thread while the owning thread waits for its answer
// and does not use the context; an abandoned context is never used again by anyone else.
unsafe impl Send for Job {}

/// A helper thread that runs checks one at a time.
pub(crate) struct CheckRunner {
    jobs: Sender<Job>,
    answers: Receiver<Z3_lbool>,
}

/// The outcome of a check with a deadline.
pub(crate) enum Checked {
    /// Z3 answered (true, false or undef).
    Answer(Z3_lbool),
    /// Z3 did not stop in time: the context is still in use by the helper thread.
    Abandoned,
}

impl CheckRunner {
    /// Starts the helper thread (`None` when no thread can be started).
    pub(crate) fn new() -> Option<Self> {
        let (jobs, job_rx) = channel::<Job>();
        let (answer_tx, answers) = channel::<Z3_lbool>();
        std::thread::Builder::new()
            .name("jsymex-z3".into())
            .stack_size(256 << 20)
            .spawn(move || {
                while let Ok(job) = job_rx.recv() {
                    // SAFETY: the owning thread waits while this runs (see `Job`).
                    let r = unsafe {
                        if job.assumptions.is_empty() {
                            Z3_solver_check(job.ctx, job.solver)
                        } else {
                            Z3_solver_check_assumptions(job.ctx, job.solver, job.assumptions.len() as u32, job.assumptions.as_ptr())
                        }
                    };
                    if answer_tx.send(r).is_err() {
                        break;
                    }
                }
            })
            .ok()?;
        Some(CheckRunner { jobs, answers })
    }

    /// Runs the check (under `assumptions`, when there are any) and waits for it until `until`,
    /// then interrupts it and waits a little more.
    ///
    /// # Safety
    /// `ctx`, `solver` and the assumptions must be valid, and the caller must not use the
    /// context until this returns, nor ever again after [`Checked::Abandoned`].
    pub(crate) unsafe fn check(&self, ctx: Z3_context, solver: Z3_solver, assumptions: &[Z3_ast], until: Instant) -> Checked {
        let job = Job {
            ctx,
            solver,
            assumptions: assumptions.to_vec(),
        };
        if self.jobs.send(job).is_err() {
            return Checked::Abandoned;
        }
        let wait = until.saturating_duration_since(Instant::now());
        match self.answers.recv_timeout(wait) {
            Ok(r) => return Checked::Answer(r),
            Err(RecvTimeoutError::Disconnected) => return Checked::Abandoned,
            Err(RecvTimeoutError::Timeout) => {}
        }
        unsafe { Z3_interrupt(ctx) };
        match self.answers.recv_timeout(AFTER_INTERRUPT) {
            Ok(r) => Checked::Answer(r),
            Err(_) => Checked::Abandoned,
        }
    }
}
