//! Runs `Z3_solver_check` on a helper thread when a query has a hard deadline. Z3 honours its
//! `timeout` parameter in most of its work, but some of its preprocessing does not poll for
//! cancellation, so a single query can outlive the exploration's `--timeout` by many seconds.
//! With the check on a helper thread the exploration waits only until the deadline, asks Z3 to
//! stop (`Z3_interrupt`), waits a moment more, and otherwise abandons the query: the context is
//! then never touched again (the solver leaks it on purpose) and the run ends with its report.
//! Like `z3.rs`, an FFI module allowed to use `unsafe`.
#![allow(unsafe_code)] // FFI with Z3; see the module docs

use std::sync::Mutex;
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

/// The Z3 contexts with a check in progress, as addresses (interrupted on a stop signal).
static CHECKING: Mutex<Vec<usize>> = Mutex::new(Vec::new());

/// Interrupts every check in progress; runs on the signal watcher thread.
fn interrupt_checks() {
    let checking = CHECKING.lock().unwrap_or_else(|e| e.into_inner());
    for &ctx in checking.iter() {
        // SAFETY: a context is listed only while its `Checking` guard lives, and the guard is
        // dropped before the context can be deleted; the lock keeps it listed while we call.
        // `Z3_interrupt` is Z3's own way to cancel a check from another thread.
        if let Some(ctx) = std::ptr::NonNull::new(ctx as *mut z3_sys::_Z3_context) {
            unsafe { Z3_interrupt(ctx) };
        }
    }
}

/// Marks a context as checking while it lives, so that a stop signal (SIGINT, SIGTERM,
/// SIGHUP) interrupts the check instead of waiting up to the per-query timeout for it.
pub(crate) struct Checking(usize);

impl Checking {
    /// Lists `ctx` as checking; `None` when a stop signal has already arrived (the check
    /// should not start: the run is stopping). Listing first and reading the signal after
    /// means a signal is either seen here or interrupts the check.
    pub(crate) fn enter(ctx: Z3_context) -> Option<Self> {
        static HOOKED: std::sync::Once = std::sync::Once::new();
        HOOKED.call_once(|| crate::budget::on_stop_signal(interrupt_checks));
        let addr = ctx.as_ptr() as usize;
        CHECKING.lock().unwrap_or_else(|e| e.into_inner()).push(addr);
        let guard = Checking(addr);
        if crate::budget::signal_received().is_some() {
            return None;
        }
        Some(guard)
    }
}

impl Drop for Checking {
    fn drop(&mut self) {
        let mut checking = CHECKING.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = checking.iter().position(|&c| c == self.0) {
            checking.swap_remove(i);
        }
    }
}
