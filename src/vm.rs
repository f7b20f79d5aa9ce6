//! The concolic interpreter: runs one path of the driver on a concrete input while building
//! symbolic shadows for values that depend on symbolic inputs, and records a branch event at
//! every branch (and implicit fault check) whose condition is symbolic.

pub mod arrays;
pub mod indy;
mod inputs;
pub mod interp;
pub mod jstring;
pub mod lazy;
pub mod location;
pub mod natives;
pub mod ops;
pub mod shadow;
pub mod snapshot;
mod tracking;
pub mod value;

use crate::bytecode::JType;
use crate::program::{ClassId, LoadError, Program};
use crate::symbolic::{ExprId, ExprPool, Scalar, VarId};
pub use location::{Loc, Site};
pub use shadow::{NoTracker, Tracker, Verdict};
pub use snapshot::Snapshot;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
pub use value::{Heap, Prim, Value};

/// Errors that stop the engine (not path outcomes: a Java exception is a result).
#[derive(Debug, thiserror::Error)]
pub enum VmError {
    /// A class could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A library method without a model.
    #[error("no model for {0}")]
    NoModel(String),
    /// An instruction jsymex does not execute.
    #[error("unsupported instruction {what} in {method} at instruction {pc}")]
    Unsupported {
        /// Mnemonic.
        what: String,
        /// Method.
        method: String,
        /// Instruction index.
        pc: u32,
    },
    /// Bytecode that breaks the JVM's typing rules (a verifier would reject it).
    #[error("invalid bytecode in {method} at instruction {pc}: {what}")]
    Invalid {
        /// What is wrong.
        what: String,
        /// Method.
        method: String,
        /// Instruction index.
        pc: u32,
    },
    /// A member reference that does not resolve.
    #[error("cannot resolve {0}")]
    Unresolved(String),
    /// A worker thread did not deliver the run it was given (`--workers`).
    #[error("worker: {0}")]
    Worker(String),
}

/// How symbolic array indices are handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrayMode {
    /// Reads and writes through the solver's array theory (default).
    Theory,
    /// Pin the index to its concrete value with a branch event.
    Concretize,
}

/// Interpreter limits and switches.
#[derive(Clone, Debug)]
pub struct VmConfig {
    /// Instructions per path before the path ends as a limit. Default 1 000 000.
    pub max_steps: u64,
    /// Branch events per path before the path ends as a limit. Default unlimited.
    pub max_depth: usize,
    /// Java frames before a StackOverflowError. Default [`DEFAULT_MAX_FRAMES`].
    pub max_frames: usize,
    /// Length bound of the strings drawn by `Verifier.nondetString` and
    /// `Debug.makeSymbolicString` (their length is symbolic in 0..=bound). Default 3.
    pub string_len: usize,
    /// `assert` statements of application classes are checked (`java -ea`); library models
    /// never check theirs. Default true.
    pub assertions: bool,
    /// Symbolic array index handling. Default [`ArrayMode::Theory`].
    pub arrays: ArrayMode,
    /// Heap slots (fields and array elements) one run may allocate before an allocation throws
    /// `OutOfMemoryError`. Default [`DEFAULT_MAX_HEAP_SLOTS`].
    pub max_heap_slots: u64,
    /// Time, memory and signal limits, polled every [`BUDGET_POLL_STEPS`] instructions.
    pub budget: Option<std::sync::Arc<crate::budget::Budget>>,
    /// Untracked runs take [`Snapshot`]s before their symbolic branches (returned in
    /// [`PathRun::snapshots`]), for the explorer to resume tasks from. Default false.
    pub snapshots: bool,
    /// The shortest prefix, in instructions, worth a snapshot: below it taking, keeping and
    /// restoring the state costs about as much as running the prefix again. Default
    /// [`snapshot::MIN_PREFIX_STEPS`].
    pub snapshot_min_steps: u64,
    /// Bounds of lazy initialization of symbolic references.
    pub lazy: lazy::LazyConfig,
    /// `--min-int`/`--max-int` (SPF's `symbolic.min_int`/`max_int`): the range of every
    /// symbolic `int`, `short` and `byte` the program draws while it runs (`Symbolic.intValue`,
    /// `Debug.makeSymbolicInteger`, `Verifier.nondetInt`, a lazily initialised object's
    /// field), within the type's own range ([`int_domain`]). [`crate::explore::Explorer::new`]
    /// sets it from the driver's `InputOptions`. Default: unbounded.
    pub int_range: (Option<i64>, Option<i64>),
}

/// The domain of a symbolic input of type `ty` under the user's `--min-int`/`--max-int`
/// (`range`): a `boolean` 0..=1 and a `char` 0..=65535; a `byte`, `short` or `int` its type's
/// range intersected with `range`, or the type's own range when they do not meet
/// (`--min-int 200` leaves a `byte` all of its values); `None` for other types.
pub fn int_domain(ty: &JType, range: (Option<i64>, Option<i64>)) -> Option<(i64, i64)> {
    let (lo, hi): (i64, i64) = match ty {
        JType::Boolean => return Some((0, 1)),
        JType::Char => return Some((0, 65535)),
        JType::Byte => (-128, 127),
        JType::Short => (-32768, 32767),
        JType::Int => (i32::MIN as i64, i32::MAX as i64),
        _ => return None,
    };
    let (a, b) = (range.0.map_or(lo, |m| lo.max(m)), range.1.map_or(hi, |m| hi.min(m)));
    Some(if a <= b { (a, b) } else { (lo, hi) })
}

impl VmConfig {
    /// The domain of a symbolic input of type `ty` the program draws while it runs
    /// ([`int_domain`] with [`VmConfig::int_range`]); `None` for the whole `int` range (no
    /// constraint to add) and for types without one.
    pub fn drawn_domain(&self, ty: &JType) -> Option<(i64, i64)> {
        int_domain(ty, self.int_range).filter(|d| *d != (i32::MIN as i64, i32::MAX as i64))
    }
}

/// The default heap limit of one run: 1 GiB worth of interpreter values.
pub const DEFAULT_MAX_HEAP_SLOTS: u64 = (1 << 30) / std::mem::size_of::<Value>() as u64;

/// The default call-stack depth: a JVM with its default 1 MiB thread stack runs between about
/// 10,000 (interpreted frames) and 60,000 (compiled frames) calls of a small recursive method
/// deep before it throws `StackOverflowError`; jsymex throws it when a call would make the
/// 50,001st frame. Frames live on the heap (the interpreter never recurses per Java call).
pub const DEFAULT_MAX_FRAMES: usize = 50_000;

/// How many instructions run between two polls of the budget.
pub const BUDGET_POLL_STEPS: u64 = 4096;

impl Default for VmConfig {
    fn default() -> Self {
        VmConfig {
            max_steps: 1_000_000,
            max_depth: usize::MAX,
            max_frames: DEFAULT_MAX_FRAMES,
            assertions: true,
            string_len: 3,
            arrays: ArrayMode::Theory,
            max_heap_slots: DEFAULT_MAX_HEAP_SLOTS,
            budget: None,
            snapshots: false,
            snapshot_min_steps: snapshot::MIN_PREFIX_STEPS,
            lazy: lazy::LazyConfig::default(),
            int_range: (None, None),
        }
    }
}

/// Why a branch event exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EventKind {
    /// A conditional jump.
    If,
    /// A tableswitch/lookupswitch.
    Switch,
    /// Integer division or remainder by a symbolic divisor (ArithmeticException).
    DivZero,
    /// Array index (or length) check (ArrayIndexOutOfBoundsException).
    Bounds,
    /// Array allocation size check (NegativeArraySizeException).
    NegSize,
    /// A `jsymex.Symbolic.check` or `assume` condition.
    Check,
    /// The resolution of a symbolic reference by lazy initialization (null, a fresh object, an
    /// alias; see [`lazy`]).
    Lazy,
}

/// Alternatives of a branch event other than the one taken.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum Alts {
    /// Two-way: the alternative is the negation of `cond`.
    Negate,
    /// Switch: the key and the case keys; arms are case indices, `cases.len()` is default.
    Switch {
        /// Switch key expression.
        key: ExprId,
        /// Case keys in table order.
        cases: Arc<[i32]>,
        /// Whether the default arm (no case matches) is an alternative.
        default: bool,
    },
    /// No alternative may be explored (an `assume`).
    None,
}

/// One branch event of a path.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Event {
    /// Global method id.
    pub method: u32,
    /// Instruction index.
    pub pc: u32,
    /// Kind.
    pub kind: EventKind,
    /// Direction: for two-way events 1 = the branch condition held (the jump was taken, or the
    /// fault happened), 0 = it did not; for switches the arm index (`cases.len()` = default).
    pub dir: u32,
    /// The condition that holds on this path.
    pub cond: ExprId,
    /// The other directions.
    pub alts: Alts,
}

impl Event {
    /// Renames its terms after its layer was merged into another pool.
    pub fn remap(&mut self, r: &crate::symbolic::Remap) {
        self.cond = r.expr(self.cond);
        if let Alts::Switch { key, .. } = &mut self.alts {
            *key = r.expr(*key);
        }
    }
}

/// A value as reported in outcomes and test vectors.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum OutValue {
    /// int, short, byte, long.
    Int(i64),
    /// char (UTF-16 code unit).
    Char(u16),
    /// boolean.
    Bool(bool),
    /// float.
    Float(f32),
    /// double.
    Double(f64),
    /// A string.
    Str(String),
    /// null.
    Null,
    /// Any other object, by class name.
    Object(String),
    /// An array.
    Array(Vec<OutValue>),
}

/// How a path ended.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The driver returned (value absent for void).
    Return(Option<OutValue>),
    /// An uncaught exception (binary class name, message).
    Exception {
        /// Binary class name, e.g. `java.lang.ArithmeticException`.
        class: String,
        /// The detail message.
        message: Option<String>,
    },
    /// A limit stopped the path; the reason.
    Limit(String),
    /// A pruner cut the path; the reason.
    Cut(String),
    /// An `assume` failed: the path is not part of the input space.
    Assumed,
}

/// The result of running one path.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct PathRun {
    /// Branch events in order.
    pub events: Vec<Event>,
    /// How it ended.
    pub outcome: Outcome,
    /// Instructions executed.
    pub steps: u64,
    /// Text written to System.out / System.err.
    pub stdout: String,
    /// Text written to System.err.
    pub stderr: String,
    /// Where the uncaught exception was first thrown (method, instruction), if any.
    pub fault_site: Option<(u32, u32)>,
    /// Input values the run used instead of the given ones: a bounded input (`Verify.getInt(1,
    /// 3)`) declared by this run whose given value lay outside its range starts at its lower
    /// bound. The explorer records the corrected input.
    pub input_fix: Vec<(VarId, Scalar)>,
    /// Snapshots taken before the run's branching instructions ([`VmConfig::snapshots`]), in
    /// the order of their events ([`Snapshot::event`]). Not serialised: runs made on remote
    /// workers take none.
    #[serde(skip)]
    pub snapshots: Vec<Arc<Snapshot>>,
    /// Instructions of `steps` the run did not execute because it resumed from a snapshot.
    pub resumed_steps: u64,
    /// The symbolic objects the run made and what its reference inputs resolved to (`None`
    /// when the driver has no lazily initialised input).
    pub input_heap: Option<Arc<lazy::InputHeap>>,
}

impl PathRun {
    /// Renames the run's terms and variables after its layer was merged into the explorer's
    /// pool ([`crate::symbolic::ExprPool::merge`]).
    pub fn remap(&mut self, r: &crate::symbolic::Remap) {
        for e in &mut self.events {
            e.remap(r);
        }
        for (v, _) in &mut self.input_fix {
            *v = r.var(*v);
        }
        let (mut frames, mut logs) = (Default::default(), Default::default());
        for s in &mut self.snapshots {
            Arc::make_mut(s).remap(r, &mut frames, &mut logs);
        }
    }
}

/// One driver argument.
#[derive(Clone, Debug)]
pub enum ArgSpec {
    /// A primitive; symbolic when `var` is set, else the concrete value.
    Scalar {
        /// Java type.
        ty: JType,
        /// Symbolic variable.
        var: Option<VarId>,
        /// Concrete value when not symbolic.
        concrete: Scalar,
    },
    /// A primitive array whose elements are the given variables.
    Array {
        /// Element type.
        elem: JType,
        /// One variable per element.
        vars: Vec<VarId>,
    },
    /// A String of symbolic characters.
    Str {
        /// One variable per character.
        vars: Vec<VarId>,
    },
    /// A String[] of symbolic strings.
    StrArray {
        /// The strings' character variables.
        strings: Vec<Vec<VarId>>,
    },
    /// A reference initialised lazily ([`lazy`]): parameter `index` of declared type `ty`.
    Lazy {
        /// Parameter index.
        index: usize,
        /// Declared type.
        ty: JType,
        /// The class type arguments of its generic type (a collection's element types).
        type_args: Arc<[String]>,
    },
    /// null.
    Null,
}

/// What to run: the driver method and how to build its arguments.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The driver's class.
    pub class: ClassId,
    /// The driver's global method id.
    pub method: u32,
    /// Arguments in order.
    pub args: Vec<ArgSpec>,
}

/// Branch and instruction coverage accumulated over runs.
#[derive(Default, Clone, Debug)]
pub struct Coverage {
    /// Executed instructions per method id.
    pub instrs: Vec<Vec<bool>>,
    /// Covered branch edges: (method, pc, successor pc). (Fx-hashed: inserted at every branch
    /// a run takes.)
    pub edges: rustc_hash::FxHashSet<(u32, u32, u32)>,
    /// The method of each newly covered branch edge, in the order they were first covered.
    pub edge_log: Vec<u32>,
    /// The method of each newly executed instruction, in the order they were first executed.
    pub instr_log: Vec<u32>,
    /// When set, every newly covered item is also appended here, in order: runs on other
    /// workers journal what they covered so the explorer can merge it in task order
    /// ([`Coverage::apply`]) and take it back from the worker's copy ([`Coverage::undo`]).
    pub journal: Option<Vec<Covered>>,
}

/// One newly covered item, as a [`Coverage::journal`] records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Covered {
    /// A branch edge (method, pc, successor pc).
    Edge(u32, u32, u32),
    /// An instruction (method, pc) of a method with `len` instructions.
    Instr {
        /// Method id.
        method: u32,
        /// Instruction index.
        pc: u32,
        /// Instructions in the method.
        len: u32,
    },
}

impl Coverage {
    /// Records an edge.
    pub fn edge(&mut self, m: u32, pc: u32, to: u32) {
        if self.edges.insert((m, pc, to)) {
            self.edge_log.push(m);
            if let Some(j) = &mut self.journal {
                j.push(Covered::Edge(m, pc, to));
            }
        }
    }

    /// The covered flags of method `m`'s `len` instructions (made, all false, on the method's
    /// first frame here).
    pub(crate) fn method_instrs(&mut self, m: u32, len: usize) -> &mut Vec<bool> {
        let m = m as usize;
        if self.instrs.len() <= m {
            self.instrs.resize(m + 1, Vec::new());
        }
        if self.instrs[m].len() != len {
            self.instrs[m] = vec![false; len];
        }
        &mut self.instrs[m]
    }

    /// Records an instruction the interpreter executed for the first time.
    #[inline]
    pub(crate) fn instr_new(&mut self, m: u32, pc: u32) {
        self.instr_log.push(m);
        if let Some(j) = &mut self.journal {
            let len = self.instrs[m as usize].len() as u32;
            j.push(Covered::Instr { method: m, pc, len });
        }
    }

    /// Records items covered elsewhere, in their order; those already covered here are
    /// skipped, so merging a run's journal gives the logs the run would have left here.
    pub fn apply(&mut self, items: &[Covered]) {
        for it in items {
            match *it {
                Covered::Edge(m, pc, to) => self.edge(m, pc, to),
                Covered::Instr { method, pc, len } => {
                    let c = &mut self.method_instrs(method, len as usize)[pc as usize];
                    if !*c {
                        *c = true;
                        self.instr_new(method, pc);
                    }
                }
            }
        }
    }

    /// Takes back the last items this coverage recorded (`items` is the tail of its journal,
    /// in recording order): the coverage is as before they were recorded.
    pub fn undo(&mut self, items: &[Covered]) {
        for it in items.iter().rev() {
            match *it {
                Covered::Edge(m, pc, to) => {
                    self.edges.remove(&(m, pc, to));
                    self.edge_log.pop();
                }
                Covered::Instr { method, pc, .. } => {
                    if let Some(c) = self.instrs.get_mut(method as usize).and_then(|v| v.get_mut(pc as usize)) {
                        *c = false;
                    }
                    self.instr_log.pop();
                }
            }
        }
    }
}

/// Per-run tables that change rarely (class objects, interned literals, throw sites, classes
/// whose initialisation failed, names of symbolic inputs): one `Arc`, so that a snapshot shares
/// them and a run copies them only when it changes one.
#[derive(Clone, Debug, Default)]
pub(crate) struct RunTables {
    pub(crate) class_objects: HashMap<ClassId, u32>,
    pub(crate) literals: HashMap<Arc<[u16]>, u32>,
    pub(crate) throw_sites: HashMap<u32, (u32, u32)>,
    pub(crate) erroneous: HashSet<ClassId>,
    pub(crate) sym_names: HashMap<String, u32>,
    pub(crate) lazy: lazy::LazyState,
}

impl RunTables {
    fn clear(&mut self) {
        self.class_objects.clear();
        self.literals.clear();
        self.throw_sites.clear();
        self.erroneous.clear();
        self.sym_names.clear();
        self.lazy = lazy::LazyState::default();
    }
}

std::thread_local! {
    /// Frame buffers (locals and operand stacks) a finished machine left for the next machine
    /// on its thread: a run starts with warm buffers instead of allocating its first frames.
    static SPARE: std::cell::RefCell<Vec<Vec<value::Value>>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The (empty) frame-stack vectors of the `execute` loops a finished machine ran, for the
    /// next machine on its thread: a call stack that outgrew a kilobyte made glibc consolidate
    /// its fast bins on every run.
    static FRAME_BUFS: std::cell::RefCell<Vec<Vec<interp::Frame>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Takes the pool a thread-local slot holds (empty if another machine on this thread holds it).
fn take_pool<V: 'static>(slot: &'static std::thread::LocalKey<std::cell::RefCell<Vec<V>>>) -> Vec<V> {
    slot.try_with(|s| s.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default())
        .unwrap_or_default()
}

/// Leaves a machine's pool in a thread-local slot for the next machine, unless the slot already
/// holds a larger one (or the thread is being torn down).
fn leave_pool<V: 'static>(slot: &'static std::thread::LocalKey<std::cell::RefCell<Vec<V>>>, pool: Vec<V>) {
    let _ = slot.try_with(|s| {
        if let Ok(mut s) = s.try_borrow_mut()
            && s.len() < pool.len()
        {
            *s = pool;
        }
    });
}

/// A machine for running paths: borrows the program and pool, owns per-run state and the
/// tracker `T` that observes its runs ([`NoTracker`] by default: `spf` pays nothing).
pub struct Machine<'a, T: Tracker = NoTracker> {
    /// Loaded classes.
    pub prog: &'a Program,
    /// Expression pool.
    pub pool: &'a mut ExprPool,
    /// Coverage (accumulates across runs).
    pub cov: &'a mut Coverage,
    /// Limits.
    pub cfg: &'a VmConfig,
    pub(crate) heap: Heap,
    /// Static fields per class id (each class's slots shared copy-on-write with snapshots).
    pub(crate) statics: Vec<Option<Arc<Vec<Value>>>>,
    /// Per-run tables that change rarely, shared copy-on-write with snapshots.
    pub(crate) tables: Arc<RunTables>,
    pub(crate) events: Vec<Event>,
    pub(crate) steps: u64,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) input: Vec<Scalar>,
    pub(crate) clock: i64,
    pub(crate) last_uncaught: Option<u32>,
    /// Inputs this run moved into their range (see [`PathRun::input_fix`]).
    pub(crate) input_fix: Vec<(VarId, Scalar)>,
    /// The instruction being executed (method, pc), for natives that record events.
    pub(crate) cur_site: (u32, u32),
    /// The tracker observing the runs.
    pub(crate) tracker: T,
    /// Java frames of the `execute` loops enclosing the running one (calls from natives).
    pub(crate) outer_frames: usize,
    /// Java frames of the running `execute` loop, as of its current instruction.
    pub(crate) cur_frames: usize,
    /// Emptied local and operand vectors of returned frames, reused by the next calls (a call
    /// allocated two vectors and freed them at its return).
    pub(crate) spare: Vec<Vec<value::Value>>,
    /// Emptied frame stacks of finished `execute` loops, reused by the next loops.
    pub(crate) frame_bufs: Vec<Vec<interp::Frame>>,
    /// With an active tracker: frames on the run's call stack (nested internal calls included).
    pub(crate) depth: u32,
    /// With an active tracker: the instruction running, as the allocation site of what it
    /// allocates.
    pub(crate) site: Site,
    /// This run takes snapshots (configured, and no tracker observes it).
    pub(crate) capture: bool,
    /// The run holds input-dependent data without a symbolic shadow: no more snapshots.
    pub(crate) tainted: bool,
    /// Nesting of `execute` loops on the Rust stack; the driver's own loop is 1.
    pub(crate) nesting: u32,
    /// The driver method is running (its class initialisation is done).
    pub(crate) in_driver: bool,
    /// Bounded inputs declared so far (variable, bounds), for snapshots.
    pub(crate) domains: Vec<(VarId, i64, i64)>,
    /// Snapshots taken so far.
    pub(crate) captured: Vec<Arc<Snapshot>>,
    /// The driver loop's frames as of the last snapshot, shared with it.
    pub(crate) snap_frames: Vec<Arc<snapshot::FrameNode>>,
    /// How many bottom frames of the driver loop are unchanged since the last snapshot.
    pub(crate) frames_low: usize,
    /// The events and output up to the last snapshot, shared with it.
    pub(crate) snap_log: Option<Arc<snapshot::LogSegment>>,
    /// The instruction count when the tracker last saved its state (see
    /// [`shadow::Tracker::save_cost`]).
    pub(crate) saved_at: u64,
    /// Save units not spent at earlier saves (see [`snapshot::SAVE_UNITS_PER_STEP`]).
    pub(crate) save_credit: u64,
    /// The first event worth a snapshot ([`Machine::snapshots_from`]).
    pub(crate) snap_from: usize,
}

impl<'a> Machine<'a> {
    /// A machine over the given program and pool, without a tracker.
    pub fn new(prog: &'a Program, pool: &'a mut ExprPool, cov: &'a mut Coverage, cfg: &'a VmConfig) -> Self {
        Machine::with_tracker(prog, pool, cov, cfg, NoTracker)
    }
}

impl<'a, T: Tracker> Machine<'a, T> {
    /// A machine whose runs `tracker` observes.
    pub fn with_tracker(prog: &'a Program, pool: &'a mut ExprPool, cov: &'a mut Coverage, cfg: &'a VmConfig, tracker: T) -> Self {
        Machine {
            prog,
            pool,
            cov,
            cfg,
            heap: Heap::default(),
            statics: Vec::new(),
            tables: Arc::default(),
            events: Vec::new(),
            steps: 0,
            stdout: String::new(),
            stderr: String::new(),
            input: Vec::new(),
            clock: 0,
            last_uncaught: None,
            input_fix: Vec::new(),
            outer_frames: 0,
            cur_frames: 0,
            spare: take_pool(&SPARE),
            frame_bufs: take_pool(&FRAME_BUFS),
            cur_site: (0, 0),
            tracker,
            depth: 0,
            site: Site::default(),
            capture: false,
            tainted: false,
            nesting: 0,
            in_driver: false,
            domains: Vec::new(),
            captured: Vec::new(),
            snap_frames: Vec::new(),
            frames_low: 0,
            snap_log: None,
            saved_at: 0,
            save_credit: 0,
            snap_from: 0,
        }
    }

    /// Runs take snapshots only before events from index `k` on (with [`VmConfig::snapshots`]):
    /// a task's run gets no new tasks for the events of its prefix and the flipped one, so
    /// snapshots there would never be used. Default 0; [`Machine::resume`] sets it past the
    /// resumed event.
    pub fn snapshots_from(&mut self, k: usize) -> &mut Self {
        self.snap_from = k;
        self
    }

    /// The tracker.
    pub fn tracker(&self) -> &T {
        &self.tracker
    }

    /// The tracker, mutably (e.g. to finish its result after a run).
    pub fn tracker_mut(&mut self) -> &mut T {
        &mut self.tracker
    }

    /// Gives the tracker back.
    pub fn into_tracker(self) -> T {
        self.tracker
    }

    fn reset(&mut self, input: &[Scalar]) {
        self.heap.clear();
        self.statics.clear();
        match Arc::get_mut(&mut self.tables) {
            Some(t) => t.clear(),
            None => self.tables = Arc::default(),
        }
        self.events = Vec::with_capacity(EVENTS_HINT.get());
        self.steps = 0;
        self.stdout.clear();
        self.stderr.clear();
        self.input = input.to_vec();
        self.clock = 0;
        self.last_uncaught = None;
        self.input_fix.clear();
        self.outer_frames = 0;
        self.cur_frames = 0;
        self.depth = 0;
        self.site = Site::default();
        self.capture = self.cfg.snapshots && (!self.tracker.active() || self.tracker.saves());
        self.tainted = false;
        self.nesting = 0;
        self.in_driver = false;
        self.domains.clear();
        self.captured.clear();
        self.snap_frames.clear();
        self.frames_low = 0;
        self.snap_log = None;
        self.saved_at = 0;
        self.save_credit = 0;
    }

    /// Runs the entry on one input and returns the path.
    pub fn run(&mut self, entry: &Entry, input: &[Scalar]) -> Result<PathRun, VmError> {
        self.reset(input);
        if self.tracker.active() {
            self.tracker.run_start(entry);
        }
        let outcome = self.run_entry(entry)?;
        Ok(self.finish_run(outcome, 0))
    }

    /// Runs the entry on `input` from `snap` (taken by an earlier run whose prefix `input`
    /// follows) instead of from the start: the same path, outcome and coverage as [`run`]
    /// would give, and a tracker observing the machine continues from the state it saved with
    /// the snapshot. `None` when the snapshot cannot serve this input (an input lies outside a
    /// declared domain, a value does not evaluate, the snapshot holds no state the tracker
    /// takes); the tracker may then be partly restored.
    ///
    /// [`run`]: Machine::run
    pub fn resume(&mut self, entry: &Entry, snap: &Snapshot, input: &[Scalar]) -> Result<Option<PathRun>, VmError> {
        self.reset(input);
        if self.tracker.active() && snap.tracker.is_none() {
            return Ok(None);
        }
        let Some(mut frames) = self.restore(snap, input) else {
            return Ok(None);
        };
        if self.tracker.active() {
            if !snap.tracker.as_ref().is_some_and(|t| self.tracker.restore(t)) {
                return Ok(None);
            }
            // The tracker names frames by depth (a snapshot is taken in the driver's own loop,
            // where the restored frames are every frame).
            self.depth = frames.len() as u32;
        }
        self.snap_from = self.snap_from.max(snap.event() + 1);
        let outcome = self.resume_entry(entry, &mut frames);
        self.give_frames(frames);
        Ok(Some(self.finish_run(outcome?, snap.steps())))
    }

    fn finish_run(&mut self, outcome: Outcome, resumed_steps: u64) -> PathRun {
        // The frame buffers go to the next machine on this thread.
        leave_pool(&SPARE, std::mem::take(&mut self.spare));
        leave_pool(&FRAME_BUFS, std::mem::take(&mut self.frame_bufs));
        if self.tracker.active() {
            self.tracker.run_end(&outcome, &self.events);
        }
        EVENTS_HINT.set(self.events.len().next_power_of_two().min(MAX_EVENTS_HINT));
        let fault_site = match &outcome {
            Outcome::Exception { .. } => self.last_uncaught.and_then(|r| self.tables.throw_sites.get(&r).copied()),
            _ => None,
        };
        PathRun {
            fault_site,
            input_fix: std::mem::take(&mut self.input_fix),
            events: std::mem::take(&mut self.events),
            outcome,
            steps: self.steps,
            stdout: std::mem::take(&mut self.stdout),
            stderr: std::mem::take(&mut self.stderr),
            snapshots: std::mem::take(&mut self.captured),
            resumed_steps,
            input_heap: (!self.tables.lazy.is_empty()).then(|| Arc::new(self.tables.lazy.heap().clone())),
        }
    }
}

thread_local! {
    /// The number of events the previous run on this thread recorded (rounded up to a power
    /// of two): the next run's event vector starts with that capacity, since runs of one
    /// driver record similar numbers of events, instead of growing by doubling from empty
    /// (the reallocations were 1-4% of a small subject's run time).
    static EVENTS_HINT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The largest capacity [`EVENTS_HINT`] asks for: a run with a very long path does not make
/// every later run hold that much memory up front.
const MAX_EVENTS_HINT: usize = 4096;

/// Runs the entry once on `input` observed by the trackers strategies asked for (`None` entries
/// are pruners that asked for none): with no tracker the machine is the untracked one (`spf`
/// pays nothing), one tracker is called directly, several through a [`shadow::Fanout`]. The
/// caller finishes each tracker afterwards. An untracked run takes snapshots from event
/// `snap_from` on (see [`Machine::snapshots_from`]).
#[allow(clippy::too_many_arguments)] // the machine's borrows, the run's input and its snapshot start
pub fn run_tracked(
    prog: &Program,
    pool: &mut ExprPool,
    cov: &mut Coverage,
    cfg: &VmConfig,
    entry: &Entry,
    input: &[Scalar],
    trackers: &mut [Option<shadow::BoxedTracker>],
    snap_from: usize,
) -> Result<PathRun, VmError> {
    let mut live = shadow::borrow_all(trackers);
    match live.len() {
        0 => Machine::new(prog, pool, cov, cfg).snapshots_from(snap_from).run(entry, input),
        1 => {
            let t = live.remove(0);
            Machine::with_tracker(prog, pool, cov, cfg, t)
                .snapshots_from(snap_from)
                .run(entry, input)
        }
        _ => Machine::with_tracker(prog, pool, cov, cfg, shadow::Fanout(live))
            .snapshots_from(snap_from)
            .run(entry, input),
    }
}

/// [`Machine::resume`] under the trackers some strategies asked for (as [`run_tracked`]): the
/// run continues from `snap` with each tracker's state restored, taking snapshots from event
/// `snap_from` on (never before the snapshot's own event). `None`: replay instead, with fresh
/// trackers (these may be partly restored).
#[allow(clippy::too_many_arguments)] // the machine's borrows, the snapshot, the run's input and its snapshot start
pub fn resume_tracked(
    prog: &Program,
    pool: &mut ExprPool,
    cov: &mut Coverage,
    cfg: &VmConfig,
    entry: &Entry,
    snap: &Snapshot,
    input: &[Scalar],
    trackers: &mut [Option<shadow::BoxedTracker>],
    snap_from: usize,
) -> Result<Option<PathRun>, VmError> {
    let mut live = shadow::borrow_all(trackers);
    match live.len() {
        0 => Machine::new(prog, pool, cov, cfg)
            .snapshots_from(snap_from)
            .resume(entry, snap, input),
        1 => {
            let t = live.remove(0);
            Machine::with_tracker(prog, pool, cov, cfg, t)
                .snapshots_from(snap_from)
                .resume(entry, snap, input)
        }
        _ => Machine::with_tracker(prog, pool, cov, cfg, shadow::Fanout(live))
            .snapshots_from(snap_from)
            .resume(entry, snap, input),
    }
}

#[cfg(test)]
mod coverage_tests {
    use super::{Coverage, Covered};

    /// A worker's journal applied to the explorer's coverage gives the logs the run would have
    /// left there, and undoing it restores the worker's copy.
    #[test]
    fn a_journal_applies_in_order_and_undoes() {
        let mut main = Coverage {
            instrs: vec![vec![true, false, false]],
            ..Default::default()
        };
        main.instr_log.push(0);
        main.edge(0, 1, 2);
        let mut worker = main.clone();
        worker.journal = Some(Vec::new());
        // The run covers instruction 1, edge (0,1,0) and edge (0,1,2) (already covered).
        worker.instrs[0][1] = true;
        worker.instr_new(0, 1);
        worker.edge(0, 1, 0);
        worker.edge(0, 1, 2);
        let journal = worker.journal.take().unwrap_or_default();
        assert_eq!(journal, vec![Covered::Instr { method: 0, pc: 1, len: 3 }, Covered::Edge(0, 1, 0)]);
        // Meanwhile the explorer covered edge (0,1,0) itself: applying skips it.
        main.edge(0, 1, 0);
        main.apply(&journal);
        assert_eq!(main.instr_log, vec![0, 0]);
        assert_eq!(main.edge_log, vec![0, 0]);
        assert!(main.instrs[0][1]);
        worker.undo(&journal);
        assert!(!worker.instrs[0][1]);
        assert_eq!(worker.edges.len(), 1);
        assert_eq!((worker.edge_log.len(), worker.instr_log.len()), (1, 1));
        // A method the explorer never entered is sized from the journal.
        let mut fresh = Coverage::default();
        fresh.apply(&[Covered::Instr { method: 3, pc: 2, len: 5 }]);
        assert_eq!(fresh.instrs[3], vec![false, false, true, false, false]);
    }
}
