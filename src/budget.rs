//! The resources one exploration may use: wall-clock time, process memory, and the signals that
//! ask it to stop (SIGINT, SIGTERM, SIGHUP). Long operations anywhere in the engine (the
//! interpreter's instruction loop, driver setup, solver calls, candidate building) poll one
//! shared [`Budget`], so a run always ends soon after a limit with its full report.
//!
//! Polling is cheap: the clock is read at most every [`Budget::poll`] call (a few tens of
//! nanoseconds) and the resident set size, read from `/proc/self/statm`, at most every
//! 50 ms. Once a limit is hit the budget stays exhausted: every later poll answers at once.

use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Why a budget is exhausted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The wall-clock budget (`--timeout`) ran out.
    Timeout,
    /// The process's resident memory passed `--max-memory`.
    Memory,
    /// SIGINT (Ctrl-C).
    Interrupted,
    /// SIGTERM.
    Terminated,
    /// SIGHUP.
    Hangup,
}

impl Exhausted {
    fn code(self) -> u8 {
        match self {
            Exhausted::Timeout => 1,
            Exhausted::Memory => 2,
            Exhausted::Interrupted => 3,
            Exhausted::Terminated => 4,
            Exhausted::Hangup => 5,
        }
    }

    fn from_code(c: u8) -> Option<Self> {
        Some(match c {
            1 => Exhausted::Timeout,
            2 => Exhausted::Memory,
            3 => Exhausted::Interrupted,
            4 => Exhausted::Terminated,
            5 => Exhausted::Hangup,
            _ => return None,
        })
    }
}

/// The short reason a path or run ended on an exhausted budget (`timeout`, `memory`, …), as
/// written in a limit outcome.
pub fn reason(why: Exhausted) -> &'static str {
    match why {
        Exhausted::Timeout => "timeout",
        Exhausted::Memory => "max-memory",
        Exhausted::Interrupted => "interrupted",
        Exhausted::Terminated => "terminated",
        Exhausted::Hangup => "hangup",
    }
}

/// The last stop signal received by the process (0 = none); set by the handlers that
/// [`install_signal_handlers`] registers.
fn signal_slot() -> &'static Arc<AtomicUsize> {
    static SLOT: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    SLOT.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// Registers SIGINT, SIGTERM and SIGHUP so that they stop explorations cleanly (the summary,
/// `--json`, the JSONL and JUnit files are all written) instead of killing the process.
/// Returns an error message when a handler cannot be installed.
pub fn install_signal_handlers() -> Result<(), String> {
    // Once per process: the library's `cli::main_from` may run several commands.
    static INSTALLED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    INSTALLED.get_or_init(install_once).clone()
}

fn install_once() -> Result<(), String> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        // The flag first: signal-hook runs a signal's actions in registration order, so the
        // watcher below always finds the signal recorded.
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal_hook::flag::register_usize(sig, signal_slot().clone(), sig as usize)
                .map_err(|e| format!("cannot install the handler for signal {sig}: {e}"))?;
        }
        let mut signals =
            signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]).map_err(|e| format!("cannot watch the stop signals: {e}"))?;
        std::thread::Builder::new()
            .name("jsymex-signals".into())
            .spawn(move || {
                for _ in signals.forever() {
                    run_stop_hooks();
                }
            })
            .map_err(|e| format!("cannot start the signal watcher: {e}"))?;
    }
    Ok(())
}

/// Work that must be cut short when a stop signal arrives (a solver query in progress).
fn stop_hooks() -> &'static std::sync::Mutex<Vec<fn()>> {
    static HOOKS: std::sync::Mutex<Vec<fn()>> = std::sync::Mutex::new(Vec::new());
    &HOOKS
}

/// Registers `hook` to run on the signal watcher thread after each stop signal has been
/// recorded (registering the same function twice runs it once). Long operations that do not
/// poll the budget themselves (a Z3 check) use it to be interrupted.
pub fn on_stop_signal(hook: fn()) {
    let mut hooks = stop_hooks().lock().unwrap_or_else(|e| e.into_inner());
    if !hooks.iter().any(|h| std::ptr::fn_addr_eq(*h, hook)) {
        hooks.push(hook);
    }
}

fn run_stop_hooks() {
    let hooks = stop_hooks().lock().unwrap_or_else(|e| e.into_inner()).clone();
    for hook in hooks {
        hook();
    }
}

/// The stop signal received so far, if any.
pub fn signal_received() -> Option<Exhausted> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        match signal_slot().load(Ordering::Relaxed) {
            0 => None,
            s if s == SIGTERM as usize => Some(Exhausted::Terminated),
            s if s == SIGHUP as usize => Some(Exhausted::Hangup),
            s if s == SIGINT as usize => Some(Exhausted::Interrupted),
            _ => Some(Exhausted::Interrupted),
        }
    }
    #[cfg(not(unix))]
    {
        match signal_slot().load(Ordering::Relaxed) {
            0 => None,
            _ => Some(Exhausted::Interrupted),
        }
    }
}

/// Marks the process as interrupted, as SIGINT does (for embedders and tests).
pub fn request_interrupt() {
    #[cfg(unix)]
    let sig = signal_hook::consts::SIGINT as usize;
    #[cfg(not(unix))]
    let sig = 2;
    signal_slot().store(sig, Ordering::Relaxed);
}

/// Clears a received stop signal (for embedders that run several explorations).
pub fn clear_signal() {
    signal_slot().store(0, Ordering::Relaxed);
}

/// The resident set size of this process in bytes (`None` where the platform does not say).
pub fn resident_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// The peak resident set size of this process so far in bytes (`VmHWM`; `None` where the
/// platform does not say).
pub fn peak_resident_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The machine's physical memory in bytes (`None` where the platform does not say).
pub fn physical_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Gives the allocator's free memory back to the operating system, so that the resident set
/// size a memory limit reads is the memory in use. `compare` calls it between strategies: what
/// the previous strategy freed (its snapshots, pending states, held records) otherwise stays
/// resident in glibc's heap and counts against the next strategy's `--max-memory`, which
/// then stops at once with nothing explored. A no-op on other C libraries.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[allow(unsafe_code)] // one libc call, no pointers passed
    {
        unsafe extern "C" {
            fn malloc_trim(pad: usize) -> std::ffi::c_int;
        }
        // SAFETY: malloc_trim takes a size, touches only the allocator's own free lists and
        // returns whole free pages to the kernel; no memory in use moves.
        unsafe {
            malloc_trim(0);
        }
    }
}

/// Set once the process is known to exit as soon as the current work's reports are written.
static EXIT_AFTER_WORK: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Declares that the process exits once the current command's reports are written (`run`,
/// `verify`: one exploration, then exit). From then on [`discard`] leaves large structures to
/// the operating system instead of freeing them one allocation at a time.
pub fn exit_after_work() {
    EXIT_AFTER_WORK.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Drops `x`, unless [`exit_after_work`] was declared: then its memory is left to the
/// operating system, which takes the whole heap back at exit anyway. An exploration's
/// snapshots, pending states and term pool are millions of small allocations; freeing them
/// took glibc 1.7 s after a 1.5 s `--timeout` (Ackermann, bfs), so a run overshot its time
/// limit by more than the limit itself. Compilers skip the same work for the same reason
/// (clang's `-disable-free`). `compare` and library users keep dropping: their process goes on.
pub fn discard<T>(x: T) {
    if EXIT_AFTER_WORK.load(std::sync::atomic::Ordering::Relaxed) {
        std::mem::forget(x);
    } else {
        drop(x);
    }
}

/// The default `--max-memory`: half the machine's physical memory (4 GiB where unknown).
pub fn default_max_memory() -> u64 {
    physical_bytes().map(|b| b / 2).unwrap_or(4 << 30)
}

/// Time, memory and signal limits shared by everything one exploration runs.
#[derive(Debug)]
pub struct Budget {
    start: Instant,
    deadline: Option<Instant>,
    max_rss: Option<u64>,
    state: AtomicU8,
    /// Milliseconds since `start` of the last memory reading.
    last_mem_ms: AtomicU64,
}

/// How often the resident set size is read.
const MEMORY_EVERY_MS: u64 = 50;

impl Budget {
    /// A budget starting now: `timeout` of wall-clock time, `max_rss` bytes of resident memory.
    pub fn new(timeout: Option<Duration>, max_rss: Option<u64>) -> Arc<Self> {
        let start = Instant::now();
        Arc::new(Budget {
            start,
            deadline: timeout.and_then(|t| start.checked_add(t)),
            max_rss,
            state: AtomicU8::new(0),
            last_mem_ms: AtomicU64::new(0),
        })
    }

    /// A budget with no limits (signals still stop it).
    pub fn unlimited() -> Arc<Self> {
        Budget::new(None, None)
    }

    /// When the budget started.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// Why the budget is exhausted, if it is, without reading the clock.
    pub fn exhausted(&self) -> Option<Exhausted> {
        Exhausted::from_code(self.state.load(Ordering::Relaxed))
    }

    /// Checks every limit now and answers why the budget is exhausted, if it is.
    pub fn poll(&self) -> Option<Exhausted> {
        if let Some(e) = self.exhausted() {
            return Some(e);
        }
        let hit = signal_received().or_else(|| {
            let now = Instant::now();
            if self.deadline.is_some_and(|d| now >= d) {
                return Some(Exhausted::Timeout);
            }
            let max = self.max_rss?;
            let ms = now.duration_since(self.start).as_millis() as u64;
            let last = self.last_mem_ms.load(Ordering::Relaxed);
            if ms < last + MEMORY_EVERY_MS && last != 0 {
                return None;
            }
            self.last_mem_ms.store(ms.max(1), Ordering::Relaxed);
            (resident_bytes()? > max).then_some(Exhausted::Memory)
        });
        if let Some(e) = hit {
            self.exhaust(e);
        }
        hit
    }

    /// Marks the budget exhausted (the first reason wins).
    pub fn exhaust(&self, why: Exhausted) {
        let _ = self.state.compare_exchange(0, why.code(), Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Time left before the deadline (`None` = no deadline).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_timeout_is_exhausted_at_the_first_poll_and_stays_so() {
        let b = Budget::new(Some(Duration::ZERO), None);
        assert_eq!(b.poll(), Some(Exhausted::Timeout));
        assert_eq!(b.exhausted(), Some(Exhausted::Timeout));
        assert_eq!(b.remaining(), Some(Duration::ZERO));
    }

    #[test]
    fn a_memory_limit_below_the_resident_size_is_exhausted() {
        let b = Budget::new(None, Some(1));
        assert_eq!(b.poll(), Some(Exhausted::Memory));
        let roomy = Budget::new(Some(Duration::from_secs(3600)), Some(u64::MAX));
        assert_eq!(roomy.poll(), None);
        assert!(roomy.remaining().unwrap() > Duration::from_secs(3000));
    }

    #[test]
    fn the_first_reason_wins() {
        let b = Budget::unlimited();
        b.exhaust(Exhausted::Memory);
        b.exhaust(Exhausted::Timeout);
        assert_eq!(b.poll(), Some(Exhausted::Memory));
    }
}
