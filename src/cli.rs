//! The command line: `run`, `compare` (more subcommands arrive with their issues). The only
//! module that uses `anyhow`; every failure becomes one line on stderr and an exit code
//! (2 = bad input or usage, 1 = internal error).

pub mod analyze;
pub mod combined;
pub mod compare;
pub mod jpf;
pub mod junit;
pub mod models;
pub mod mutate;
pub mod mutation_table;
pub mod run;
pub mod subjects;
pub mod validate;
pub mod verify;

use clap::{Args, Parser, Subcommand};

/// jsymex: symbolic execution for Java bytecode.
#[derive(Parser, Debug)]
#[command(
    name = "jsymex",
    version,
    about = "Symbolic execution for Java bytecode: explores the paths of a driver method and writes test inputs"
)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub cmd: Cmd,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Explore the paths of a driver method.
    Run(run::RunArgs),
    /// Run several strategies on one driver and print one table.
    Compare(compare::CompareArgs),
    /// Print the static dependence tables of a driver (control, data, potential, interactive).
    Analyze(analyze::AnalyzeArgs),
    /// List the bundled subjects: name, configurations, driver.
    Subjects,
    /// Compile and run a generated JUnit suite (optionally under JaCoCo).
    Junit(junit::JunitArgs),
    /// Check the driver's assertions: TRUE (none can fail), FALSE (with a failing input as a
    /// JUnit test) or UNKNOWN (with the reason).
    Verify(verify::VerifyArgs),
    /// Report on the library models (`--missing`: what the driver reaches without one).
    Models(models::ModelsArgs),
    /// Write bytecode-level mutants of application classes (for `junit --mutants`).
    Mutate(mutate::MutateArgs),
    /// Serve as a remote worker of `jsymex run --remote` (as `python/jsymex_ray` starts it):
    /// takes the options of `run`, loads the program once, then answers job lines on stdin
    /// with result lines on stdout.
    Worker(run::RunArgs),
}

/// Options shared by `run` and `compare`: the program, the driver and the limits. (`Default`
/// gives empty values, not the command line's defaults.)
#[derive(Args, Debug, Clone, Default)]
pub struct DriverArgs {
    /// Classpath: directories and .jar files separated by ':' (`@examples` = the bundled examples).
    #[arg(long, short = 'c', default_value = "")]
    pub classpath: String,
    /// Driver method: `pkg.Cls.method(int,char[])`, or `pkg.Cls.method` when the name is unique.
    #[arg(long, short = 'd')]
    pub driver: Option<String>,
    /// Run `CLASS.main(new String[0])` (SV-COMP's convention); instead of --driver.
    #[arg(long = "main", value_name = "CLASS")]
    pub main_class: Option<String>,
    /// Do not check `assert` statements (as `java -da`; by default they are checked, as `java -ea`).
    #[arg(long)]
    pub disable_assertions: bool,
    /// Java frames before a call throws StackOverflowError (default 50000).
    #[arg(long, value_name = "N")]
    pub max_stack_depth: Option<usize>,
    /// Search order: dfs (SPF's), bfs, random; choosing at every fork: subpath-N (random ties),
    /// subpath-N:latest, random-state, random-path, nurs:covnew, nurs:md2u, nurs:depth,
    /// nurs:icnt, and interleavings such as random-path+nurs:covnew (KLEE's default).
    #[arg(long, default_value = "dfs")]
    pub search: String,
    /// Seed for the random search order.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// First-run values in parameter order, comma-separated (default: zeros).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true)]
    pub input: Vec<String>,
    /// Which parameters are symbolic, SPF style: `sym#con#sym`.
    #[arg(long)]
    pub symbolic: Option<String>,
    /// Lower bound of every symbolic int (SPF's symbolic.min_int).
    #[arg(long, allow_hyphen_values = true)]
    pub min_int: Option<i64>,
    /// Upper bound of every symbolic int (SPF's symbolic.max_int).
    #[arg(long, allow_hyphen_values = true)]
    pub max_int: Option<i64>,
    /// Length of symbolic array parameters (and of the arrays symbolic objects' fields
    /// resolve to): `N`, or `MIN..MAX` for a symbolic length in that range (default 2).
    #[arg(long, value_name = "N|MIN..MAX")]
    pub array_len: Option<ArrayLen>,
    /// Length of symbolic string parameters.
    #[arg(long)]
    pub string_len: Option<usize>,
    /// Lazy initialization of reference parameters (`on`, the default: null, fresh objects and
    /// aliases; `off`: they are null). `--jpf` reads SPF's `symbolic.lazy`.
    #[arg(long, value_name = "on|off", default_value = "")]
    pub lazy: String,
    /// Fresh symbolic objects of one class on one path (lazy initialization of reference
    /// inputs; default unbounded).
    #[arg(long, value_name = "N")]
    pub max_objects: Option<u32>,
    /// Longest chain of references from a parameter to a fresh symbolic object, the
    /// parameter's own object counting 1 (default 4).
    #[arg(long, value_name = "N")]
    pub max_heap_depth: Option<u32>,
    /// Worker threads for the concrete runs (default: the machine's cores; 1 runs everything
    /// on one thread). Results are the same whatever the number: the same paths in the same
    /// order, the same tests and counts.
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Resume each task from a snapshot of its parent's run at the flipped branch (`on`,
    /// the default) or replay every path from the driver's entry (`off`). Results are the same.
    #[arg(long, value_name = "on|off", default_value = "on")]
    pub snapshots: String,
    /// Memory the kept snapshots may hold, in MiB, fractions allowed (default: a quarter of
    /// the memory available when the run starts); over it the snapshots the search needs last
    /// are evicted and their tasks replayed from the entry.
    #[arg(long, value_name = "MB", allow_hyphen_values = true)]
    pub snapshot_memory: Option<f64>,
    /// The shortest path prefix, in instructions, worth a snapshot (default 64): a branch
    /// reached sooner is replayed from the entry.
    #[arg(long, value_name = "N")]
    pub snapshot_min_steps: Option<u64>,
    /// Stop after this many feasible paths.
    #[arg(long)]
    pub max_paths: Option<u64>,
    /// Branch events per path (SPF's search.depth_limit).
    #[arg(long)]
    pub max_depth: Option<usize>,
    /// Instructions per path.
    #[arg(long)]
    pub max_steps: Option<u64>,
    /// Wall-clock budget in seconds (a finite positive number), from the start of the run
    /// (driver setup and static analysis included).
    #[arg(long, allow_hyphen_values = true)]
    pub timeout: Option<f64>,
    /// Resident memory of the process, in MiB, before the run stops cleanly (default: half the
    /// machine's physical memory).
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
    /// Heap of one path, in MiB of interpreter values, before an allocation throws
    /// OutOfMemoryError (default 1024).
    #[arg(long, value_name = "MB")]
    pub max_heap: Option<u64>,
    /// Symbolic array indices: `theory` (solver arrays) or `concretize`.
    #[arg(long, default_value = "theory")]
    pub arrays: String,
    /// Per-query solver timeout in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub solver_timeout: u32,
    /// Write a test (JSONL line, JUnit method) only for paths that covered a branch edge or an
    /// instruction no earlier path covered, or that ended in an exception (KLEE's
    /// --only-output-states-covering-new); the summary still counts every path.
    #[arg(long)]
    pub only_new_coverage: bool,
    /// Regression mode (DGSE): a changed statement as FILE:LINE; repeatable.
    #[arg(long)]
    pub changed_line: Vec<String>,
    /// An SPF configuration (.jpf): target, classpath, symbolic.method, symbolic.min_int/max_int,
    /// search.depth_limit; options given on the command line win.
    #[arg(long, value_name = "FILE.jpf")]
    pub jpf: Option<std::path::PathBuf>,
    /// Skip bytecode verification of the classpath's classes (on by default, as in the JVM).
    #[arg(long)]
    pub no_verify: bool,
}

/// A CLI failure with its exit code.
pub struct Failure {
    /// 2 for bad input, 1 for internal errors.
    pub code: i32,
    /// The message (one line).
    pub error: anyhow::Error,
}

impl<E: Into<anyhow::Error>> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure { code: 2, error: e.into() }
    }
}

/// The error and its causes on one line, skipping causes whose text the message already ends
/// with (error types that both wrap and print their source).
pub fn one_line(e: &anyhow::Error) -> String {
    let mut msg = String::new();
    for cause in e.chain() {
        let c = cause.to_string();
        if msg.ends_with(&c) {
            continue;
        }
        if !msg.is_empty() {
            msg.push_str(": ");
        }
        msg.push_str(&c);
    }
    msg.replace('\n', " ")
}

/// Writes text to standard output. A closed pipe (`jsymex run … | head`) ends the process
/// quietly with status 0, as Unix filters do, instead of a panic; other write errors are
/// reported once on stderr.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("jsymex: error: writing to standard output: {e}");
    }
}

/// Stack size of the thread that runs a subcommand.
pub(crate) const WORK_STACK_BYTES: usize = 1 << 30;

/// Parses the process's arguments and runs; returns the process exit code.
pub fn main() -> i32 {
    dispatch(std::env::args_os(), true)
}

/// Parses the given arguments (the first is the program name) and runs; returns the exit
/// code. Library users call it after registering their own strategies
/// ([`crate::strategy::preset::register`]) to run them through `run` and `compare`.
pub fn main_from<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    dispatch(args, false)
}

/// Parses and runs one command. `process_ends` is true when the process exits right after
/// (the binary): then a command that runs one exploration leaves its memory to the operating
/// system instead of freeing it (see [`crate::budget::discard`]).
fn dispatch<I, T>(args: I, process_ends: bool) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return 0;
        }
        Err(e) => {
            // One line, like every other error: clap's first line names the argument.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("bad usage").trim_start_matches("error: ");
            eprintln!("jsymex: error: {first} (see --help)");
            return 2;
        }
    };
    if let Err(e) = crate::budget::install_signal_handlers() {
        eprintln!("jsymex: error: {e}");
        return 1;
    }
    if process_ends && matches!(cli.cmd, Cmd::Run(_) | Cmd::Verify(_)) {
        crate::budget::exit_after_work();
    }
    // The work runs on a thread with a large stack: Z3 (and the static analysis) recurse on
    // the depth of terms and call graphs that the analysed program decides. The reservation is
    // virtual; only the pages used are committed.
    let work = std::thread::Builder::new()
        .name("jsymex".into())
        .stack_size(WORK_STACK_BYTES)
        .spawn(move || match cli.cmd {
            Cmd::Run(a) => run::run(a),
            Cmd::Compare(a) => compare::compare(a),
            Cmd::Analyze(a) => analyze::run(a),
            Cmd::Subjects => subjects::list(),
            Cmd::Junit(a) => junit::run(a),
            Cmd::Verify(a) => verify::run(a),
            Cmd::Models(a) => models::run(a),
            Cmd::Mutate(a) => mutate::run(a),
            Cmd::Worker(a) => run::worker(a),
        });
    let r = match work.map(|h| h.join()) {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => {
            eprintln!("jsymex: error: internal error (a bug in jsymex: please report it with the command line)");
            return 1;
        }
        Err(e) => {
            eprintln!("jsymex: error: cannot start the worker thread: {e}");
            return 1;
        }
    };
    match r {
        Ok(code) => code,
        Err(f) => {
            let msg = one_line(&f.error);
            eprintln!("jsymex: error: {msg}");
            f.code
        }
    }
}

/// `--array-len`: a fixed length, or a range of lengths (`MIN..MAX`, both included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayLen {
    /// Shortest length.
    pub min: usize,
    /// Longest length.
    pub max: usize,
}

impl ArrayLen {
    /// Exactly `n` elements.
    pub fn fixed(n: usize) -> Self {
        ArrayLen { min: n, max: n }
    }
}

impl std::str::FromStr for ArrayLen {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let num = |t: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| format!("'{s}' is not a length N or a range MIN..MAX"))
        };
        match s.split_once("..") {
            Some((a, b)) => {
                let (min, max) = (num(a)?, num(b.trim_start_matches('='))?);
                if min > max {
                    return Err(format!("the range {s} is empty"));
                }
                Ok(ArrayLen { min, max })
            }
            None => num(s).map(ArrayLen::fixed),
        }
    }
}

#[cfg(test)]
mod array_len_tests {
    use super::ArrayLen;

    /// `--array-len`: a length or an inclusive range; empty ranges and words are errors.
    #[test]
    fn lengths_and_ranges() {
        assert_eq!("3".parse::<ArrayLen>(), Ok(ArrayLen { min: 3, max: 3 }));
        assert_eq!("0..4".parse::<ArrayLen>(), Ok(ArrayLen { min: 0, max: 4 }));
        assert_eq!("1..=2".parse::<ArrayLen>(), Ok(ArrayLen { min: 1, max: 2 }));
        assert!("4..1".parse::<ArrayLen>().unwrap_err().contains("empty"));
        assert!("many".parse::<ArrayLen>().is_err());
        assert!("-1".parse::<ArrayLen>().is_err());
    }
}
