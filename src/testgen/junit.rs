//! The JUnit 4 writer: one test class per driver, one `@Test` per feasible path, calling the
//! driver with the path's concrete inputs (as exact Java literals) and asserting its outcome:
//! the return value (floating-point values by bit pattern, so NaN and -0.0 are exact), the
//! exception class (and the message of exceptions the program throws itself), and the text the
//! path printed to `System.out`/`System.err`.
//!
//! jsymex runs every path from a fresh JVM state; JUnit runs all tests in one JVM. When the
//! classes under test have static state that a test could leave behind (static fields written
//! outside static initializers, static initializers that read other classes or throw), or the
//! driver cannot be called from the test's package, the tests call the driver by reflection in
//! a fresh class loader per test, which restores jsymex's semantics.

mod heap;
pub mod java;
mod reflect;
pub mod replay;

use self::java::{deprecated, is_identifier, label_ident, out_lit, package_of, scalar_lit, source_name, string_lit, test_name, type_src};
use crate::bytecode::{InvokeKind, JType, Op};
use crate::explore::Observer;
use crate::explore::driver::{Driver, ParamLayout};
use crate::explore::task::PathRecord;
use crate::program::Program;
use crate::symbolic::{ExprPool, Scalar};
use crate::testgen::{event_label, site_label};
use crate::vm::{OutValue, Outcome};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Exceptions the JVM raises itself, whose detail messages it formats differently from
/// jsymex: their messages are never asserted.
const VM_EXCEPTIONS: &[&str] = &[
    "java.lang.ArithmeticException",
    "java.lang.ArrayIndexOutOfBoundsException",
    "java.lang.NullPointerException",
    "java.lang.ClassCastException",
    "java.lang.NegativeArraySizeException",
    "java.lang.ArrayStoreException",
];

/// Paths per test class; larger suites are split into several classes.
const MAX_CASES_PER_CLASS: usize = 4000;
/// Longest generated test-method name.
const MAX_NAME: usize = 80;
/// Branch labels listed in a test's comment before the rest is summarized.
const MAX_COMMENT_LABELS: usize = 40;

/// The default test class name for a driver: `<DriverClass><Method>Test`.
pub fn default_class_name(driver: &Driver) -> String {
    let head = driver.display.split('(').next().unwrap_or("Driver");
    let mut parts = head.rsplit('.');
    let method = parts.next().unwrap_or("run");
    let class = parts.next().unwrap_or("Driver");
    let mut m = method.chars();
    let cap: String = m
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + m.as_str())
        .unwrap_or_default();
    format!("{class}{cap}Test").replace('$', "_")
}

/// A driver argument of one path.
enum Arg {
    /// A literal (scalars and primitive arrays).
    Lit(String),
    /// null of the parameter's type.
    Null(JType),
    /// A lazily initialised parameter of the given type: its expression, and whether it names
    /// one of the path's objects (`o1`: built in the driver's class loader by `jsymexBuild`),
    /// or is a literal (an array, `null`).
    Obj(String, JType, bool),
}

/// What one path contributes to the suite, captured when the path finishes.
struct Case {
    /// The path's id (as in the JSONL).
    path: u64,
    /// Test method name; `None` for paths that get only a comment (limit, cut).
    name: Option<String>,
    /// The `jsymex.Replay.start(…)` statement setting the inputs the driver draws at run time.
    replay: Option<String>,
    /// Comment lines (without `//`).
    comment: Vec<String>,
    args: Vec<Arg>,
    /// Statements describing the path's symbolic input objects ([`heap::describe`]).
    setup: Vec<String>,
    /// The input object the driver returned (`o1` is 0), whose identity the test checks.
    returned: Option<usize>,
    outcome: Outcome,
    stdout: String,
    stderr: String,
    /// The uncaught exception came from an explicit `throw` in the program's own classes.
    user_thrown: bool,
}

/// Collects paths and writes the test class at the end.
pub struct JunitWriter {
    dir: PathBuf,
    package: Option<String>,
    class: Option<String>,
    strategy: String,
    driver: Driver,
    cases: Vec<Case>,
    used: HashSet<String>,
    /// jsymex checked the application's `assert` statements (`java -ea`; the default).
    assertions: bool,
}

impl JunitWriter {
    /// A writer into `dir` (created if needed); `package`/`class` override the defaults (the
    /// driver class's package, [`default_class_name`]).
    pub fn new(dir: PathBuf, package: Option<String>, class: Option<String>, driver: &Driver, strategy: &str) -> Self {
        JunitWriter {
            dir,
            package,
            class,
            strategy: strategy.to_string(),
            driver: driver.clone(),
            cases: Vec::new(),
            used: HashSet::new(),
            assertions: true,
        }
    }

    /// Whether jsymex checked `assert` statements (`--disable-assertions` turns it off): the
    /// suite sets the same assertion status on the JVM for the classes under test.
    pub fn set_assertions(&mut self, on: bool) {
        self.assertions = on;
    }

    /// Checks, before any path is explored, what can fail when the suite is written: the names
    /// given by `--junit-package` / `--junit-class`, and that the directory can be created and
    /// written to. The message names the option.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(p) = &self.package
            && !p.is_empty()
            && !p.split('.').all(is_identifier)
        {
            return Err(format!("--junit-package '{p}' is not a valid Java package name"));
        }
        if let Some(c) = &self.class
            && !is_identifier(c)
        {
            return Err(format!("--junit-class '{c}' is not a valid Java class name"));
        }
        let shown = self.dir.display();
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("--junit: cannot create directory {shown}: {e}"))?;
        let probe = self.dir.join(".jsymex-write-probe");
        std::fs::write(&probe, b"").map_err(|e| format!("--junit: cannot write into {shown}: {e}"))?;
        let _ = std::fs::remove_file(&probe);
        Ok(())
    }

    /// The test method of each path that got one, by path id.
    pub fn test_names(&self) -> std::collections::HashMap<u64, String> {
        self.cases.iter().filter_map(|c| c.name.clone().map(|n| (c.path, n))).collect()
    }

    /// Writes the test class `DIR/<package path>/<Class>.java` (suites of more than 4000 paths
    /// continue in `<Class>_2.java`, …) and returns the path of the first; writes nothing and
    /// returns `None` when no path got a test (JUnit fails a class without tests). When the
    /// driver draws inputs at run time, `DIR/jsymex-runtime.jar` is written too: the tests
    /// need it on their classpath.
    pub fn finish(&mut self, prog: &Program) -> std::io::Result<Option<PathBuf>> {
        if self.cases.iter().all(|c| c.name.is_none()) {
            return Ok(None);
        }
        if self.cases.iter().any(|c| c.replay.is_some()) || replay::uses_runtime(prog) {
            replay::write_jar(&self.dir)?;
        }
        let bad =
            |what: &str, v: &str| std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("{what} '{v}' is not a valid Java name"));
        let cls_internal = prog.class(self.driver.entry.class).name.to_string();
        let pkg = self.package.clone().unwrap_or_else(|| package_of(&cls_internal));
        if !pkg.is_empty() && !pkg.split('.').all(is_identifier) {
            return Err(bad("--junit-package", &pkg));
        }
        let class = self.class.clone().unwrap_or_else(|| default_class_name(&self.driver));
        if !is_identifier(&class) {
            return Err(bad("--junit-class", &class));
        }
        let mut dir = self.dir.clone();
        if !pkg.is_empty() {
            dir.extend(pkg.split('.'));
        }
        std::fs::create_dir_all(&dir)?;
        // Very large suites are split (`Class`, `Class_2`, …) to stay clear of the class-file
        // limits (65535 constants).
        let mut first = None;
        let chunks: Vec<&[Case]> = if self.cases.is_empty() {
            vec![&[]]
        } else {
            self.cases.chunks(MAX_CASES_PER_CLASS).collect()
        };
        let parts = chunks.len();
        for (i, chunk) in chunks.into_iter().enumerate() {
            let name = if i == 0 { class.clone() } else { format!("{class}_{}", i + 1) };
            let part = if parts > 1 {
                format!(" (part {} of {parts})", i + 1)
            } else {
                String::new()
            };
            let text = Render::new(self, prog, &pkg, &name).class_text(self, chunk, &part);
            let path = dir.join(format!("{name}.java"));
            std::fs::write(&path, text)?;
            first.get_or_insert(path);
        }
        Ok(first)
    }
}

impl Observer for JunitWriter {
    fn on_path(&mut self, driver: &Driver, pool: &ExprPool, prog: &Program, p: &PathRecord) {
        let labels: Vec<String> = p.run.events.iter().map(|e| event_label(prog, e)).collect();
        let mut comment = vec![format!("path {}: {}", p.id, label_list(&labels))];
        let api = crate::testgen::api_inputs(driver, pool, &p.input);
        if !api.is_empty() {
            let vals: Vec<String> = api.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            comment.push(format!("  inputs drawn at run time: {}", vals.join(", ")));
        }
        if let Some(t) = p.task {
            let flipped = p
                .flip
                .and_then(|i| labels.get(i))
                .map(|l| format!(", which took {l}"))
                .unwrap_or_default();
            comment.push(format!("  from task {t}{flipped}"));
        }
        if let Some(o) = &p.origin {
            let sites: Vec<String> = o.iter().map(|(m, pc, d)| site_label(prog, *m, *pc, *d)).collect();
            comment.push(format!("  task constraints: {}", label_list(&sites)));
        }
        let site = p.run.fault_site.filter(|_| matches!(p.run.outcome, Outcome::Exception { .. }));
        let user_thrown = site.is_some_and(|(m, pc)| {
            let mm = prog.method(m);
            prog.class(mm.class).is_user() && matches!(mm.code.get(pc as usize), Some(Op::Athrow))
        });
        let name = match &p.run.outcome {
            Outcome::Return(_) | Outcome::Exception { .. } => {
                let frags: Vec<String> = labels.iter().map(|l| label_ident(l, driver.source_file.as_deref())).collect();
                Some(test_name(p.id, &frags, MAX_NAME, &mut self.used))
            }
            Outcome::Limit(r) => {
                comment[0] = format!("path {} has no test (limit: {r}): {}", p.id, label_list(&labels));
                None
            }
            Outcome::Cut(r) => {
                comment[0] = format!("path {} has no test (cut: {r}): {}", p.id, label_list(&labels));
                None
            }
            Outcome::Assumed => {
                comment[0] = format!("path {} has no test (an assumption failed): {}", p.id, label_list(&labels));
                None
            }
        };
        if let (Some((m, pc)), Outcome::Exception { class, .. }) = (site, &p.run.outcome) {
            let mm = prog.method(m);
            let c = prog.class(mm.class);
            let file = c
                .source_file
                .clone()
                .unwrap_or_else(|| format!("{}.java", c.name.rsplit('/').next().unwrap_or("?")));
            comment.push(format!("  throws {class} at {file}:{}", mm.line(pc)));
        }
        let (args, setup) = param_args(driver, &p.input, p.run.input_heap.as_deref());
        self.cases.push(Case {
            setup,
            returned: p.run.input_heap.as_ref().and_then(|h| h.returned),
            path: p.id,
            replay: replay::start_call(driver, pool, &p.input),
            name,
            comment,
            args,
            outcome: p.run.outcome.clone(),
            stdout: p.run.stdout.clone(),
            stderr: p.run.stderr.clone(),
            user_thrown,
        });
    }
}

/// Labels separated by commas, at most [`MAX_COMMENT_LABELS`] of them.
fn label_list(labels: &[String]) -> String {
    if labels.is_empty() {
        return "no symbolic branches".into();
    }
    let mut s = labels.iter().take(MAX_COMMENT_LABELS).cloned().collect::<Vec<_>>().join(", ");
    if labels.len() > MAX_COMMENT_LABELS {
        let _ = write!(s, ", … ({} more)", labels.len() - MAX_COMMENT_LABELS);
    }
    s
}

/// The driver's arguments for an input, in parameter order, and the statements describing the
/// path's symbolic input objects.
fn param_args(d: &Driver, a: &[Scalar], heap: Option<&crate::vm::lazy::InputHeap>) -> (Vec<Arg>, Vec<String>) {
    let setup = heap.map(|h| heap::describe(h, a)).unwrap_or_default();
    let args = d
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| match p {
            ParamLayout::Lazy(t) => {
                let (expr, object) = heap.map_or_else(|| ("null".into(), false), |h| heap::param_expr(h, i, t, a));
                Arg::Obj(expr, t.clone(), object)
            }
            ParamLayout::Scalar { ty, var, concrete } => {
                Arg::Lit(scalar_lit(ty, var.and_then(|v| a.get(v as usize).copied()).unwrap_or(*concrete)))
            }
            ParamLayout::Array { elem, vars } => {
                let items: Vec<String> = vars
                    .iter()
                    .map(|v| scalar_lit(elem, a.get(*v as usize).copied().unwrap_or(Scalar::I32(0))))
                    .collect();
                Arg::Lit(format!("new {}[] {{{}}}", elem.java_name(), items.join(", ")))
            }
            ParamLayout::Str { vars } => Arg::Lit(string_lit(&crate::explore::driver::string_of(vars, a))),
            ParamLayout::StrArray { strings } => Arg::Lit(format!(
                "new String[] {{{}}}",
                strings
                    .iter()
                    .map(|v| string_lit(&crate::explore::driver::string_of(v, a)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            ParamLayout::Null(t) => Arg::Null(t.clone()),
        })
        .collect();
    (args, setup)
}

/// The user methods a run of `root` may execute: a call-graph closure over the loaded classes
/// (a call reaches every loaded user method with its name and descriptor; an
/// `invokedynamic` reaches the lambda bodies of its class), plus every static initializer.
fn reachable(prog: &Program, root: u32) -> HashSet<u32> {
    let mut by_sig: std::collections::HashMap<(&str, &str), Vec<u32>> = std::collections::HashMap::new();
    let mut seen = HashSet::new();
    let mut work = vec![root];
    for c in prog.classes().filter(|c| c.is_user()) {
        for &mid in &c.methods {
            let m = prog.method(mid);
            by_sig.entry((&m.name, &m.desc)).or_default().push(mid);
            if &*m.name == "<clinit>" {
                work.push(mid);
            }
        }
    }
    while let Some(mid) = work.pop() {
        if !seen.insert(mid) {
            continue;
        }
        let m = prog.method(mid);
        for op in &m.code {
            match op {
                Op::Invoke(_, r) => work.extend(by_sig.get(&(&*r.name, &*r.desc)).into_iter().flatten()),
                Op::InvokeDynamic(_) => {
                    let c = prog.class(m.class);
                    work.extend(c.methods.iter().copied().filter(|k| prog.method(*k).name.starts_with("lambda$")));
                }
                _ => {}
            }
        }
    }
    seen
}

/// Why tests must call the driver in a fresh class loader: static state of the user classes
/// a run may touch that one test could leave behind for the next.
fn static_state(prog: &Program, root: u32) -> Option<String> {
    let user = |n: &str| prog.lookup(n).is_some_and(|id| prog.class(id).is_user());
    let dotted = |n: &str| n.replace('/', ".");
    let mut methods: Vec<u32> = reachable(prog, root).into_iter().collect();
    methods.sort_unstable();
    for mid in methods {
        let m = prog.method(mid);
        let c = prog.class(m.class);
        let clinit = &*m.name == "<clinit>";
        for op in &m.code {
            let why = match op {
                Op::PutStatic(r) if !clinit => format!(
                    "{}.{} writes the static field {}.{}",
                    c.java_name(),
                    m.name,
                    dotted(&r.class),
                    r.name
                ),
                Op::GetStatic(r) if !clinit && user(&r.class) && matches!(&r.ftype, Some(JType::Array(_))) => {
                    format!(
                        "{}.{} reads the static array {}.{}",
                        c.java_name(),
                        m.name,
                        dotted(&r.class),
                        r.name
                    )
                }
                Op::GetStatic(r)
                    if !clinit && user(&r.class) && matches!(&r.ftype, Some(JType::Object(n)) if &**n != "java/lang/String") =>
                {
                    format!(
                        "{}.{} reads the static object {}.{}",
                        c.java_name(),
                        m.name,
                        dotted(&r.class),
                        r.name
                    )
                }
                Op::GetStatic(r) | Op::PutStatic(r) | Op::Invoke(InvokeKind::Static, r)
                    if clinit && r.class != c.name && user(&r.class) =>
                {
                    format!("the static initializer of {} uses {}", c.java_name(), dotted(&r.class))
                }
                Op::Athrow if clinit => format!("the static initializer of {} can throw", c.java_name()),
                _ => continue,
            };
            return Some(why);
        }
    }
    None
}

/// True when an application class has `assert` statements (javac's `$assertionsDisabled`).
fn has_asserts(prog: &Program) -> bool {
    prog.classes()
        .any(|c| c.is_user() && c.statics.iter().any(|f| &*f.name == "$assertionsDisabled"))
}

/// Per-class rendering state.
struct Render<'a> {
    prog: &'a Program,
    pkg: String,
    class: String,
    /// Driver class: binary name, and its source name when the tests call it directly.
    binary: String,
    direct: Option<String>,
    /// Why the tests call the driver by reflection in a fresh class loader.
    reflect_reason: Option<String>,
    method: String,
    is_static: bool,
    params: Vec<JType>,
    ret: JType,
    /// The driver (or its class or constructor) is deprecated and the tests call it directly.
    deprecated: bool,
    /// `@Test` or `@org.junit.Test` (when a class under test is itself named `Test`).
    test_ann: &'static str,
    bits_double: bool,
    bits_float: bool,
    /// The assertion status to set on the JVM, when a class under test has `assert`s.
    assertions: Option<bool>,
}

impl<'a> Render<'a> {
    fn new(w: &JunitWriter, prog: &'a Program, pkg: &str, class: &str) -> Self {
        const PUBLIC: u16 = 0x0001;
        const PRIVATE: u16 = 0x0002;
        let c = prog.class(w.driver.entry.class);
        let m = prog.method(w.driver.entry.method);
        let same_pkg = package_of(&c.name) == pkg;
        let visible = |flags: u16| flags & PUBLIC != 0 || (flags & PRIVATE == 0 && same_pkg);
        let ctor_ok = m.is_static()
            || prog
                .declared_method(c.id, "<init>", "()V")
                .is_some_and(|k| visible(prog.method(k).access));
        let name = source_name(prog, &c.name, pkg).filter(|_| visible(m.access) && ctor_ok);
        let stat = static_state(prog, w.driver.entry.method);
        let reflect_reason = match (&stat, &name) {
            (Some(s), _) => Some(format!("jsymex runs every path from a fresh JVM state and {s}")),
            (None, None) => Some(format!("{} cannot be called from package '{pkg}'", w.driver.display)),
            (None, Some(_)) => None,
        };
        let simple = c.name.rsplit('/').next().unwrap_or("").to_string();
        let mut called = vec![(&*m.name, &*m.desc)];
        if !m.is_static() {
            called.push(("<init>", "()V"));
        }
        Render {
            deprecated: reflect_reason.is_none() && deprecated(prog, &c.name, &called),
            prog,
            pkg: pkg.to_string(),
            class: class.to_string(),
            binary: c.java_name(),
            direct: if reflect_reason.is_some() { None } else { name },
            reflect_reason,
            method: m.name.to_string(),
            is_static: m.is_static(),
            params: m.mdesc.params.clone(),
            ret: m.mdesc.ret.clone(),
            test_ann: if simple == "Test" || simple.ends_with("$Test") {
                "@org.junit.Test"
            } else {
                "@Test"
            },
            bits_double: false,
            bits_float: false,
            assertions: has_asserts(prog).then_some(w.assertions),
        }
    }

    fn class_text(mut self, w: &JunitWriter, cases: &[Case], part: &str) -> String {
        let tests = cases.iter().filter(|c| c.name.is_some()).count();
        let mut body = String::new();
        for c in cases {
            body.push('\n');
            for l in &c.comment {
                let _ = writeln!(body, "    // {l}");
            }
            if c.name.is_some() {
                self.test(c, &mut body);
            }
        }
        let mut s = String::new();
        let _ = writeln!(
            s,
            "// Generated by jsymex (strategy {}) for {}: one JUnit 4 test per feasible path,\n// {tests} tests ({} paths without a test){part}.",
            w.strategy,
            w.driver.display,
            cases.len() - tests
        );
        if !self.pkg.is_empty() {
            let _ = writeln!(s, "package {};", self.pkg);
        }
        s.push_str("\nimport static org.junit.Assert.*;\n\nimport java.io.ByteArrayOutputStream;\nimport java.io.PrintStream;\n");
        if self.test_ann == "@Test" {
            s.push_str("import org.junit.Test;\n");
        }
        let _ = writeln!(
            s,
            "\n/**\n * Tests of {{@code {}}} generated by jsymex (strategy {}).",
            w.driver.display, w.strategy
        );
        if let Some(r) = &self.reflect_reason {
            let _ = writeln!(s, " * <p>The tests call the driver in a fresh class loader: {r}.");
        }
        if cases.iter().any(|c| c.replay.is_some()) {
            let _ = writeln!(
                s,
                " * <p>The driver draws inputs at run time: each test sets them with {{@code jsymex.Replay.start}},\n * which needs {} (written beside this suite) on the classpath.",
                crate::classpath::RUNTIME_JAR
            );
        }
        s.push_str(" */\n");
        // Collection parameters are passed as their raw types.
        let generic = w
            .driver
            .params
            .iter()
            .any(|p| matches!(p, ParamLayout::Lazy(JType::Object(n)) if crate::vm::lazy::collection_impl(n).is_some()));
        match (self.deprecated, generic) {
            (true, g) => {
                let extra = if g { ", \"unchecked\", \"rawtypes\"" } else { "" };
                let _ = writeln!(
                    s,
                    "// The driver is deprecated; the tests call it all the same.\n@SuppressWarnings({{\"deprecation\", \"removal\"{extra}}})"
                );
            }
            (false, true) => s.push_str("@SuppressWarnings({\"unchecked\", \"rawtypes\"})\n"),
            (false, false) => {}
        }
        let _ = writeln!(s, "public class {} {{", self.class);
        if let Some(on) = self.assertions {
            let _ = writeln!(
                s,
                "\n    static {{\n        // jsymex {} the assert statements of the classes under test ({}).\n        ClassLoader.getSystemClassLoader().setDefaultAssertionStatus({on});\n    }}",
                if on { "checked" } else { "ignored" },
                if on { "java -ea" } else { "java -da" }
            );
        }
        s.push_str(&body);
        let objects = cases.iter().any(|c| !c.setup.is_empty());
        if self.reflect_reason.is_some() {
            self.call_helper(&mut s, objects);
        }
        if objects {
            s.push_str(heap::HELPERS);
        }
        if self.bits_double {
            s.push_str("\n    /** The bit patterns of the elements (NaN and -0.0 compare exactly). */\n    private static long[] bits(double[] a) {\n        if (a == null) {\n            return null;\n        }\n        long[] r = new long[a.length];\n        for (int i = 0; i < a.length; i++) {\n            r[i] = Double.doubleToLongBits(a[i]);\n        }\n        return r;\n    }\n");
        }
        if self.bits_float {
            s.push_str("\n    /** The bit patterns of the elements (NaN and -0.0 compare exactly). */\n    private static int[] bits(float[] a) {\n        if (a == null) {\n            return null;\n        }\n        int[] r = new int[a.length];\n        for (int i = 0; i < a.length; i++) {\n            r[i] = Float.floatToIntBits(a[i]);\n        }\n        return r;\n    }\n");
        }
        s.push_str("}\n");
        s
    }

    /// The driver call expression for a path's arguments.
    fn call(&self, args: &[Arg]) -> String {
        match &self.direct {
            Some(cls) => {
                let a: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        Arg::Lit(s) => s.clone(),
                        Arg::Null(t) => type_src(self.prog, t, &self.pkg)
                            .map(|t| format!("({t}) null"))
                            .unwrap_or_else(|| "null".into()),
                        Arg::Obj(e, t, object) => {
                            let built = match object {
                                false => e.clone(),
                                true => format!("jsymexBuild({e}, {}.class.getClassLoader())", self.class),
                            };
                            match type_src(self.prog, t, &self.pkg) {
                                Some(t) => format!("({t}) {built}"),
                                None => built,
                            }
                        }
                    })
                    .collect();
                let target = if self.is_static { cls.clone() } else { format!("new {cls}()") };
                format!("{target}.{}({})", self.method, a.join(", "))
            }
            None if args.is_empty() => "call(new Object[0])".into(),
            None => {
                let a: Vec<&str> = args
                    .iter()
                    .map(|a| match a {
                        Arg::Lit(s) | Arg::Obj(s, _, _) => s.as_str(),
                        Arg::Null(_) => "null",
                    })
                    .collect();
                format!("call(new Object[] {{{}}})", a.join(", "))
            }
        }
    }

    /// One `@Test` method.
    fn test(&mut self, c: &Case, out: &mut String) {
        let call = self.call(&c.args);
        let throws = if self.direct.is_some() { "Exception" } else { "Throwable" };
        let name = c.name.as_deref().unwrap_or("path");
        let capture = !c.stdout.is_empty() || !c.stderr.is_empty();
        let mut lines: Vec<String> = Vec::new();
        let mut ann = self.test_ann.to_string();
        match &c.outcome {
            Outcome::Return(None) => lines.push(format!("{call};")),
            Outcome::Return(Some(OutValue::Object(_))) if c.returned.is_some() => {
                // The driver returned one of its input objects: that very object.
                lines.push(format!("Object result = {call};"));
                lines.push(format!("assertSame(jsymexBuilt(o{}), result);", c.returned.unwrap_or(0) + 1));
            }
            Outcome::Return(Some(v)) => lines.push(self.return_assert(v, &call)),
            Outcome::Exception { class, message } => {
                let msg = message
                    .as_deref()
                    .filter(|_| c.user_thrown && !VM_EXCEPTIONS.contains(&class.as_str()));
                let internal = class.replace('.', "/");
                let exact = self.direct.as_ref().and_then(|_| source_name(self.prog, &internal, &self.pkg));
                match exact {
                    Some(src) if msg.is_none() && !capture => {
                        ann = format!("{}(expected = {src}.class)", self.test_ann);
                        lines.push(format!("{call};"));
                    }
                    Some(src) if self.unchecked(&internal) => {
                        lines.push("try {".into());
                        lines.push(format!("    {call};"));
                        lines.push(format!("    fail({});", string_lit(&format!("expected {class}"))));
                        lines.push(format!("}} catch ({src} e) {{"));
                        match msg {
                            Some(m) => lines.push(format!("    assertEquals({}, e.getMessage());", string_lit(m))),
                            None => lines.push(format!("    // expected: {class}")),
                        }
                        lines.push("}".into());
                    }
                    _ => {
                        lines.push("Throwable thrown = null;".into());
                        lines.push("try {".into());
                        lines.push(format!("    {call};"));
                        lines.push("} catch (Throwable e) {".into());
                        lines.push("    thrown = e;".into());
                        lines.push("}".into());
                        let lit = string_lit(class);
                        lines.push(format!("assertNotNull({}, thrown);", string_lit(&format!("expected {class}"))));
                        lines.push(format!("assertEquals({lit}, thrown.getClass().getName());"));
                        if let Some(m) = msg {
                            lines.push(format!("assertEquals({}, thrown.getMessage());", string_lit(m)));
                        }
                    }
                }
            }
            Outcome::Limit(_) | Outcome::Cut(_) | Outcome::Assumed => return,
        }
        if capture {
            let streams: Vec<(&str, &str, &str)> = [("Out", "out", c.stdout.as_str()), ("Err", "err", c.stderr.as_str())]
                .into_iter()
                .filter(|s| !s.2.is_empty())
                .collect();
            let mut wrapped = Vec::new();
            for (cap, var, _) in &streams {
                wrapped.push(format!("PrintStream saved{cap} = System.{var};"));
                wrapped.push(format!("ByteArrayOutputStream {var} = new ByteArrayOutputStream();"));
                wrapped.push(format!("System.set{cap}(new PrintStream({var}, true, \"UTF-8\"));"));
            }
            wrapped.push("try {".into());
            wrapped.extend(lines.iter().map(|l| format!("    {l}")));
            wrapped.push("} finally {".into());
            for (cap, _, _) in &streams {
                wrapped.push(format!("    System.set{cap}(saved{cap});"));
            }
            wrapped.push("}".into());
            for (_, var, text) in &streams {
                wrapped.push(format!("assertEquals({}, {var}.toString(\"UTF-8\"));", string_lit(text)));
            }
            lines = wrapped;
        }
        lines.splice(0..0, c.setup.iter().cloned());
        if let Some(r) = &c.replay {
            lines.insert(0, r.clone());
        }
        let _ = writeln!(out, "    {ann}\n    public void {name}() throws {throws} {{");
        for l in lines {
            let _ = writeln!(out, "        {l}");
        }
        out.push_str("    }\n");
    }

    /// True for RuntimeException and Error and their subclasses (catchable anywhere).
    fn unchecked(&self, internal: &str) -> bool {
        let p = self.prog;
        let Some(id) = p.lookup(internal) else { return false };
        ["java/lang/RuntimeException", "java/lang/Error"]
            .iter()
            .any(|s| p.lookup(s).is_some_and(|sup| p.is_subtype(id, sup)))
    }

    /// The assertion on a returned value.
    fn return_assert(&mut self, v: &OutValue, call: &str) -> String {
        let lit = out_lit(self.prog, &self.ret, v, &self.pkg);
        let reflect = self.direct.is_none();
        match (v, &self.ret, lit) {
            (OutValue::Null, _, _) => format!("assertNull({call});"),
            (OutValue::Object(c), _, _) => {
                let lambda = c.contains("$$Lambda")
                    || self
                        .prog
                        .lookup(&c.replace('.', "/"))
                        .is_some_and(|id| self.prog.lambda(id).is_some());
                if lambda || c.starts_with('[') {
                    format!("assertNotNull({call});")
                } else {
                    format!("assertEquals({}, {call}.getClass().getName());", string_lit(c))
                }
            }
            (OutValue::Bool(b), _, _) if !reflect => format!("{}({call});", if *b { "assertTrue" } else { "assertFalse" }),
            (OutValue::Bool(b), _, _) => format!("assertEquals(Boolean.{}, {call});", if *b { "TRUE" } else { "FALSE" }),
            (OutValue::Float(_), _, Some(l)) if !reflect => {
                format!("assertEquals(Float.floatToIntBits({l}), Float.floatToIntBits({call}));")
            }
            (OutValue::Double(_), _, Some(l)) if !reflect => {
                format!("assertEquals(Double.doubleToLongBits({l}), Double.doubleToLongBits({call}));")
            }
            (OutValue::Array(_), JType::Array(elem), Some(l)) => {
                let actual = if reflect {
                    match type_src(self.prog, &self.ret, &self.pkg) {
                        Some(t) => format!("({t}) {call}"),
                        None => return format!("assertNotNull({call});"),
                    }
                } else {
                    call.to_string()
                };
                match **elem {
                    JType::Double => {
                        self.bits_double = true;
                        format!("assertArrayEquals(bits({l}), bits({actual}));")
                    }
                    JType::Float => {
                        self.bits_float = true;
                        format!("assertArrayEquals(bits({l}), bits({actual}));")
                    }
                    _ => format!("assertArrayEquals({l}, {actual});"),
                }
            }
            (OutValue::Array(_), _, _) => format!("assertNotNull({call});"),
            (_, t, Some(l)) if reflect => {
                let boxed = match t {
                    JType::Int => "Integer",
                    JType::Long => "Long",
                    JType::Byte => "Byte",
                    JType::Short => "Short",
                    JType::Char => "Character",
                    JType::Float => "Float",
                    JType::Double => "Double",
                    _ => return format!("assertEquals({l}, {call});"),
                };
                format!("assertEquals({boxed}.valueOf({l}), {call});")
            }
            (_, _, Some(l)) => format!("assertEquals({l}, {call});"),
            (_, _, None) => format!("{call};"),
        }
    }
}
