//! Theorem 5.3 / Lemma 5.2 as a property test: on a complete run of a generated program, every
//! branch direction, instruction and fault site that exhaustive search (`spf`) reaches, `dgse`
//! reaches too, and dgse never explores more paths.
//!
//! Two families of programs. The int shape (`program`): one method over int locals whose faults
//! are conditional aborts (explicit throws, divisions, array accesses), with ifs, switches and
//! calls to helpers. The heap shape (`heap_program`): a driver calls `step` two or three times
//! with different symbolic inputs, and the calls pass state through static ints, a static array,
//! the fields of an object the driver creates and an array the driver creates, written there and
//! in helpers; `step` also has loops with concrete bounds, try/catch and switches on symbolic
//! values.

mod common;
use std::collections::BTreeSet;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A small deterministic generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const VARS: &[&str] = &["a", "b", "c", "x", "y", "z"];

fn operand(r: &mut Rng) -> String {
    if r.below(3) == 0 {
        format!("{}", r.below(7) as i64 - 3)
    } else {
        VARS[r.below(VARS.len() as u64) as usize].to_string()
    }
}

fn expr(r: &mut Rng) -> String {
    match r.below(4) {
        0 => operand(r),
        1 => format!("{} + {}", operand(r), operand(r)),
        2 => format!("{} - {}", operand(r), operand(r)),
        _ => format!("{} * {}", operand(r), operand(r)),
    }
}

fn cond(r: &mut Rng) -> String {
    let ops = ["<", "<=", ">", ">=", "==", "!="];
    format!("{} {} {}", expr(r), ops[r.below(6) as usize], operand(r))
}

struct Gen {
    rng: Rng,
    out: String,
    faults: u32,
    helpers: Vec<String>,
}

impl Gen {
    fn line(&mut self, indent: usize, s: &str) {
        let _ = writeln!(self.out, "{}{}", "    ".repeat(indent), s);
    }

    fn stmts(&mut self, indent: usize, depth: u32, n: u32) {
        for _ in 0..n {
            self.stmt(indent, depth);
        }
    }

    fn stmt(&mut self, indent: usize, depth: u32) {
        let kind = self.rng.below(if depth >= 2 { 4 } else { 8 });
        let target = ["x", "y", "z"][self.rng.below(3) as usize];
        match kind {
            0 | 1 => {
                let e = expr(&mut self.rng);
                self.line(indent, &format!("{target} = {e};"));
            }
            2 => {
                let c = cond(&mut self.rng);
                self.faults += 1;
                let k = self.faults;
                self.line(indent, &format!("if ({c}) throw new IllegalStateException(\"f{k}\");"));
            }
            3 => {
                let e = expr(&mut self.rng);
                let op = operand(&mut self.rng);
                if self.rng.below(2) == 0 {
                    self.line(indent, &format!("{target} = {op} / ({e});"));
                } else {
                    self.line(indent, &format!("{target} = arr[{e}];"));
                }
            }
            4 | 5 => {
                let c = cond(&mut self.rng);
                self.line(indent, &format!("if ({c}) {{"));
                let n = 1 + self.rng.below(2) as u32;
                self.stmts(indent + 1, depth + 1, n);
                if self.rng.below(2) == 0 {
                    self.line(indent, "} else {");
                    let n = 1 + self.rng.below(2) as u32;
                    self.stmts(indent + 1, depth + 1, n);
                }
                self.line(indent, "}");
            }
            6 => {
                let e = operand(&mut self.rng);
                self.line(indent, &format!("switch ({e}) {{"));
                let first = -(self.rng.below(2) as i64);
                for k in 0..2 {
                    self.line(indent + 1, &format!("case {}:", first + k));
                    self.stmts(indent + 2, depth + 1, 1);
                    self.line(indent + 2, "break;");
                }
                self.line(indent + 1, "default:");
                self.stmts(indent + 2, depth + 1, 1);
                self.line(indent, "}");
            }
            _ => {
                // A call to a helper with its own branch (inter-procedural dependence).
                let h = self.helpers.len();
                let c = cond(&mut self.rng);
                let e1 = expr(&mut self.rng);
                let e2 = expr(&mut self.rng);
                self.helpers.push(format!(
                    "    static int h{h}(int a, int b, int c, int x, int y, int z) {{\n        if ({c}) {{\n            return {e1};\n        }}\n        return {e2};\n    }}\n"
                ));
                let (p, q) = (operand(&mut self.rng), operand(&mut self.rng));
                self.line(indent, &format!("{target} = h{h}({p}, {q}, c, x, y, z);"));
            }
        }
    }
}

fn program(seed: u64, class: &str) -> String {
    let mut g = Gen {
        rng: Rng(seed),
        out: String::new(),
        faults: 0,
        helpers: vec![],
    };
    let n = 3 + g.rng.below(4) as u32;
    g.stmts(2, 0, n);
    let ret = expr(&mut g.rng);
    format!(
        "public class {class} {{\n    public static int m(int a, int b, int c) {{\n        int x = 0, y = 1, z = 2;\n        int[] arr = new int[3];\n{}        return {ret};\n    }}\n{}}}\n",
        g.out,
        g.helpers.concat()
    )
}

// ---------------------------------------------------------------------------------------------
// The heap shape: a driver `run` calls `step(o, w, v)` two or three times with its symbolic
// inputs. Between the calls, state lives in static ints (`g0`, `g1`), a static array (`sa`), the
// instance fields of a `Box` the driver creates (`o.f`, `o.h`), and an array the driver creates
// (`w`); helpers receive `o` and `w` and write them. Inside `step` there are loops with concrete
// bounds of 1 to 3, try/catch around divisions, array accesses and throws, and switches on
// symbolic values, besides the conditional aborts of the int shape.

/// Whether `step` and the helpers write array elements at symbolic indices (`w[p] = ...`). It
/// was off while dgse missed a branch direction spf reaches when a call writes an element at an
/// index that depends on what an earlier call wrote there and a later call branches on the
/// element (`tests/dgse_found.rs`, `symbolic_index_write_read_two_calls_later`): a heap write
/// did not depend on its own bounds event, so a later direction reading the array was not
/// transitively dependent on a negated bounds check and was pruned. On since the fix; the
/// pinned totals below are those with it on.
const SYMBOLIC_INDEX_WRITES: bool = true;

/// The int operands `step` and the helpers can read, beside constants.
const HEAP_READS: &[&str] = &["g0", "g1", "o.f", "o.h", "sa[0]", "sa[1]", "sa[2]", "w[0]", "w[1]", "w[2]"];

struct HeapGen {
    rng: Rng,
    out: String,
    faults: u32,
    helpers: Vec<String>,
    /// The name of the loop variable in scope (innermost), if any.
    loop_var: Option<String>,
    loops: u32,
    /// The symbolic int input and the int locals in scope.
    input: &'static str,
    locals: &'static [&'static str],
    /// Library-call programs: state also passes through a static `ArrayList<Integer> ls`, a
    /// `HashMap<Integer, Integer> mp` and a `StringBuilder sb` (the library models).
    lib: bool,
}

impl HeapGen {
    fn new(seed: u64, input: &'static str, locals: &'static [&'static str]) -> HeapGen {
        HeapGen {
            rng: Rng(seed),
            out: String::new(),
            faults: 0,
            helpers: vec![],
            loop_var: None,
            loops: 0,
            input,
            locals,
            lib: false,
        }
    }

    /// A read of the library state: a size, an element, a lookup, a string length.
    fn lib_read(&mut self) -> String {
        let v = self.input;
        match self.rng.below(7) {
            0 => "ls.size()".into(),
            1 => "(ls.isEmpty() ? 0 : ls.get(0))".into(),
            2 => "(ls.isEmpty() ? 0 : ls.get(ls.size() - 1))".into(),
            3 => format!("mp.getOrDefault({}, 0)", self.rng.below(3)),
            4 => format!("(mp.containsKey({v}) ? 1 : 0)"),
            5 => "sb.length()".into(),
            _ => "(sb.indexOf(\"1\") + 1)".into(),
        }
    }

    /// A write of the library state through a model.
    fn lib_write(&mut self, indent: usize) {
        let e = self.expr();
        let line = match self.rng.below(5) {
            0 | 1 => format!("ls.add({e});"),
            2 => format!("mp.put({}, {e});", self.rng.below(3)),
            3 => format!("sb.append({e});"),
            _ => "if (!ls.isEmpty()) ls.remove(0);".to_string(),
        };
        self.line(indent, &line);
    }

    fn line(&mut self, indent: usize, s: &str) {
        let _ = writeln!(self.out, "{}{}", "    ".repeat(indent), s);
    }

    fn constant(&mut self) -> String {
        format!("{}", self.rng.below(7) as i64 - 3)
    }

    /// A variable operand: the symbolic input, a local, the loop variable or a heap location
    /// (which holds what an earlier call stored, or the default 0).
    fn var(&mut self) -> String {
        if self.lib && self.rng.below(4) == 0 {
            return self.lib_read();
        }
        match self.rng.below(7) {
            0..=2 => self.input.to_string(),
            3 => self.locals[self.rng.below(self.locals.len() as u64) as usize].to_string(),
            4 if self.loop_var.is_some() => self.loop_var.clone().unwrap(),
            _ => HEAP_READS[self.rng.below(HEAP_READS.len() as u64) as usize].to_string(),
        }
    }

    fn operand(&mut self) -> String {
        if self.rng.below(4) == 0 { self.constant() } else { self.var() }
    }

    /// A linear expression (products have a constant factor, to keep the solver fast) whose
    /// first operand is a variable.
    fn expr(&mut self) -> String {
        let v = self.var();
        match self.rng.below(4) {
            0 => v,
            1 => format!("{v} + {}", self.operand()),
            2 => format!("{v} - {}", self.operand()),
            _ => format!("{v} * {}", self.constant()),
        }
    }

    fn cond(&mut self) -> String {
        let ops = ["<", "<=", ">", ">=", "==", "!="];
        let e = self.expr();
        let op = ops[self.rng.below(6) as usize];
        format!("{e} {op} {}", self.operand())
    }

    /// A heap location `step` writes: a static, a static array element, a field of `o`, an
    /// element of `w` (constant or loop-variable index).
    fn heap_target(&mut self) -> String {
        let k = match &self.loop_var {
            Some(i) if self.rng.below(2) == 0 => i.clone(),
            _ => self.rng.below(3).to_string(),
        };
        match self.rng.below(6) {
            0 => "g0".into(),
            1 => "g1".into(),
            2 => format!("sa[{k}]"),
            3 => "o.f".into(),
            4 => "o.h".into(),
            _ => format!("w[{k}]"),
        }
    }

    fn stmts(&mut self, indent: usize, depth: u32, n: u32) {
        for _ in 0..n {
            self.stmt(indent, depth);
        }
    }

    /// A statement that may fault: a division, an array read or write with a symbolic index, or
    /// a conditional throw. Returns the exception class a `catch` for it names.
    fn faulting(&mut self, indent: usize) -> &'static str {
        let target = ["x", "y"][self.rng.below(2) as usize];
        match self.rng.below(4) {
            0 => {
                let (p, e) = (self.operand(), self.expr());
                self.line(indent, &format!("{target} = {p} / ({e});"));
                "ArithmeticException"
            }
            1 => {
                let (arr, e) = (["sa", "w"][self.rng.below(2) as usize], self.expr());
                self.line(indent, &format!("{target} = {arr}[{e}];"));
                "ArrayIndexOutOfBoundsException"
            }
            2 => {
                let (arr, e, val) = (["sa", "w"][self.rng.below(2) as usize], self.expr(), self.expr());
                if SYMBOLIC_INDEX_WRITES {
                    self.line(indent, &format!("{arr}[{e}] = {val};"));
                } else {
                    self.line(indent, &format!("{target} = {arr}[{e}] + {val};"));
                }
                "ArrayIndexOutOfBoundsException"
            }
            _ => {
                let c = self.cond();
                self.faults += 1;
                let k = self.faults;
                self.line(indent, &format!("if ({c}) throw new IllegalStateException(\"f{k}\");"));
                "IllegalStateException"
            }
        }
    }

    fn stmt(&mut self, indent: usize, depth: u32) {
        let kind = self.rng.below(if depth >= 2 { 5 } else { 12 });
        match kind {
            0 => {
                let target = ["x", "y"][self.rng.below(2) as usize];
                let e = self.expr();
                self.line(indent, &format!("{target} = {e};"));
            }
            1 | 2 if self.lib && self.rng.below(2) == 0 => self.lib_write(indent),
            1 | 2 => {
                let (t, e) = (self.heap_target(), self.expr());
                self.line(indent, &format!("{t} = {e};"));
            }
            3 | 4 => {
                self.faulting(indent);
            }
            5 | 6 => {
                let c = self.cond();
                self.line(indent, &format!("if ({c}) {{"));
                let n = 1 + self.rng.below(2) as u32;
                self.stmts(indent + 1, depth + 1, n);
                if self.rng.below(2) == 0 {
                    self.line(indent, "} else {");
                    let n = 1 + self.rng.below(2) as u32;
                    self.stmts(indent + 1, depth + 1, n);
                }
                self.line(indent, "}");
            }
            7 => {
                // A switch on a symbolic value; sometimes a case falls through.
                let e = self.expr();
                self.line(indent, &format!("switch ({e}) {{"));
                let first = -(self.rng.below(3) as i64);
                let cases = 2 + self.rng.below(2) as i64;
                for k in 0..cases {
                    self.line(indent + 1, &format!("case {}:", first + k));
                    self.stmts(indent + 2, depth + 1, 1);
                    if self.rng.below(3) != 0 {
                        self.line(indent + 2, "break;");
                    }
                }
                self.line(indent + 1, "default:");
                self.stmts(indent + 2, depth + 1, 1);
                self.line(indent, "}");
            }
            8 => {
                // A helper that writes `o` or `w` under its own branch.
                let h = self.helpers.len();
                let mut hg = HeapGen::new(self.rng.next(), "p", &["q"]);
                hg.lib = self.lib;
                let c = hg.cond();
                let (t1, e1) = (hg.heap_target(), hg.expr());
                let (t2, e2) = (hg.heap_target(), hg.expr());
                let t2 = if hg.rng.below(3) == 0 && SYMBOLIC_INDEX_WRITES {
                    "w[p]".to_string()
                } else {
                    t2
                };
                self.helpers.push(format!(
                    "    static int h{h}(Box o, int[] w, int p, int q) {{\n        if ({c}) {{\n            {t1} = {e1};\n            return 1;\n        }}\n        {t2} = {e2};\n        return 0;\n    }}\n"
                ));
                let (p, q) = (self.expr(), self.operand());
                let target = ["x", "y"][self.rng.below(2) as usize];
                if self.rng.below(2) == 0 {
                    self.line(indent, &format!("{target} = h{h}(o, w, {p}, {q});"));
                } else {
                    self.line(indent, &format!("h{h}(o, w, {p}, {q});"));
                }
            }
            9 if self.loop_var.is_none() => {
                // A loop with a small concrete bound around a branch.
                let i = format!("i{}", self.loops);
                self.loops += 1;
                let bound = 1 + self.rng.below(3);
                self.line(indent, &format!("for (int {i} = 0; {i} < {bound}; {i}++) {{"));
                self.loop_var = Some(i);
                let c = self.cond();
                self.line(indent + 1, &format!("if ({c}) {{"));
                self.stmts(indent + 2, depth + 2, 1);
                self.line(indent + 1, "}");
                if self.rng.below(2) == 0 {
                    self.stmts(indent + 1, depth + 2, 1);
                }
                self.loop_var = None;
                self.line(indent, "}");
            }
            10 | 11 => {
                // try/catch around something that may fault; sometimes the catch is broader.
                self.line(indent, "try {");
                if self.rng.below(3) == 0 {
                    self.stmts(indent + 1, depth + 2, 1);
                }
                let class = self.faulting(indent + 1);
                let class = if self.rng.below(4) == 0 { "RuntimeException" } else { class };
                self.line(indent, &format!("}} catch ({class} ex) {{"));
                self.stmts(indent + 1, depth + 2, 1);
                self.line(indent, "}");
            }
            _ => {
                let target = ["x", "y"][self.rng.below(2) as usize];
                let e = self.expr();
                self.line(indent, &format!("{target} = {e};"));
            }
        }
    }
}

fn heap_program(seed: u64, class: &str) -> String {
    generated_step_program(seed, class, false)
}

/// A heap-shape program whose `step` also calls the library models (a list, a map, a string
/// builder kept in statics across the calls).
fn lib_program(seed: u64, class: &str) -> String {
    generated_step_program(seed, class, true)
}

fn generated_step_program(seed: u64, class: &str, lib: bool) -> String {
    let mut g = HeapGen::new(seed, "v", &["x", "y"]);
    g.lib = lib;
    let n = 3 + g.rng.below(3) as u32;
    g.stmts(2, 0, n);
    let ret = g.expr();
    let calls = 2 + g.rng.below(2);
    let params = ["a", "b", "c"][..calls as usize]
        .iter()
        .map(|p| format!("int {p}"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut run = String::from("        int r = step(o, w, a);\n        r = r * 3 + step(o, w, b);\n");
    if calls == 3 {
        run.push_str("        r = r * 3 + step(o, w, c);\n");
    }
    let (lib_fields, lib_init) = if lib {
        (
            "    static java.util.ArrayList<Integer> ls;\n    static java.util.HashMap<Integer, Integer> mp;\n    static StringBuilder sb;\n",
            "        ls = new java.util.ArrayList<>();\n        mp = new java.util.HashMap<>();\n        sb = new StringBuilder();\n",
        )
    } else {
        ("", "")
    };
    format!(
        "public class {class} {{\n    static class Box {{\n        int f, h;\n    }}\n    static int g0, g1;\n    static int[] sa = new int[3];\n{lib_fields}\n    static int step(Box o, int[] w, int v) {{\n        int x = 0, y = 1;\n{}        return {ret};\n    }}\n\n{}\n    public static int run({params}) {{\n        g0 = 0;\n        g1 = 0;\n{lib_init}        Box o = new Box();\n        int[] w = new int[3];\n{run}        return r;\n    }}\n}}\n",
        g.out,
        g.helpers.concat()
    )
}

/// One generated program: its class, its driver, its source.
struct Prog {
    class: String,
    driver: String,
    source: String,
}

/// What the soundness check compares between the strategies on one run.
struct Reach {
    labels: BTreeSet<String>,
    branches_covered: u64,
    instructions_covered: u64,
    /// `exception CLASS at FILE:LINE` of every path that ends in an uncaught exception.
    fault_sites: BTreeSet<String>,
    faults: u64,
    fault_classes: serde_json::Value,
    paths: u64,
}

fn reach(r: &common::RunOut) -> Result<Reach, String> {
    if r.code != 0 {
        return Err(format!("exit code {}: {}", r.code, r.stderr.trim()));
    }
    let s = &r.summary;
    // The theorem is about complete runs: no path ended on a limit or with an unknown verdict.
    if s["stop"] != "Complete" || common::count(s, "limit_paths") != 0 || common::count(s, "unknown_paths") != 0 {
        return Err(format!(
            "incomplete run: stop {} limit_paths {} unknown_paths {}",
            s["stop"], s["limit_paths"], s["unknown_paths"]
        ));
    }
    let (labels, _) = common::labels_and_outcomes(r);
    let fault_sites = r
        .paths
        .iter()
        .filter(|p| p["outcome"]["kind"] == "exception")
        .map(|p| format!("exception {} at {}", p["outcome"]["exception"], p["outcome"]["at"]))
        .collect();
    Ok(Reach {
        labels,
        branches_covered: common::count(s, "branches_covered"),
        instructions_covered: common::count(&s["coverage"]["reachable"], "instructions_covered"),
        fault_sites,
        faults: common::count(s, "faults"),
        fault_classes: s["fault_classes"].clone(),
        paths: common::count(s, "feasible_paths"),
    })
}

/// (spf paths, dgse paths) of a program, or what differs between the strategies on it.
type Checked = Result<(u64, u64), String>;

/// Runs spf and dgse on one program.
fn check(cp: &str, p: &Prog) -> Checked {
    let base = [
        "--classpath",
        cp,
        "--driver",
        p.driver.as_str(),
        "--min-int",
        "-4",
        "--max-int",
        "4",
        "--max-paths",
        "3000",
    ];
    let spf = reach(&common::run(&[&base[..], &["--strategy", "spf"]].concat())).map_err(|e| format!("spf: {e}"))?;
    let dgse = reach(&common::run(&[&base[..], &["--strategy", "dgse"]].concat())).map_err(|e| format!("dgse: {e}"))?;
    let mut diffs = Vec::new();
    let missing: Vec<_> = spf.labels.difference(&dgse.labels).collect();
    let extra: Vec<_> = dgse.labels.difference(&spf.labels).collect();
    if !missing.is_empty() || !extra.is_empty() {
        diffs.push(format!("branch labels: dgse misses {missing:?}, has extra {extra:?}"));
    }
    if dgse.branches_covered != spf.branches_covered {
        diffs.push(format!(
            "branches_covered: spf {} dgse {}",
            spf.branches_covered, dgse.branches_covered
        ));
    }
    if dgse.instructions_covered != spf.instructions_covered {
        diffs.push(format!(
            "instructions_covered: spf {} dgse {}",
            spf.instructions_covered, dgse.instructions_covered
        ));
    }
    if dgse.fault_sites != spf.fault_sites {
        let missing: Vec<_> = spf.fault_sites.difference(&dgse.fault_sites).collect();
        let extra: Vec<_> = dgse.fault_sites.difference(&spf.fault_sites).collect();
        diffs.push(format!("fault sites: dgse misses {missing:?}, has extra {extra:?}"));
    }
    if dgse.faults != spf.faults || dgse.fault_classes != spf.fault_classes {
        diffs.push(format!(
            "faults: spf {} {} dgse {} {}",
            spf.faults, spf.fault_classes, dgse.faults, dgse.fault_classes
        ));
    }
    if dgse.paths > spf.paths {
        diffs.push(format!("paths: dgse {} > spf {}", dgse.paths, spf.paths));
    }
    if diffs.is_empty() {
        Ok((spf.paths, dgse.paths))
    } else {
        Err(diffs.join("; "))
    }
}

/// The int-shape programs `G{i}`, the heap-shape programs `H{i}` and the library-call programs
/// `L{i}` for seeds `seed + i`.
fn programs(seed: u64, int_programs: u64, heap_programs: u64, lib_programs: u64) -> Vec<Prog> {
    let ints = (0..int_programs).map(|i| {
        let class = format!("G{i}");
        Prog {
            driver: format!("{class}.m"),
            source: program(seed + i, &class),
            class,
        }
    });
    let heaps = (0..heap_programs).map(|i| {
        let class = format!("H{i}");
        Prog {
            driver: format!("{class}.run"),
            source: heap_program(seed + i, &class),
            class,
        }
    });
    let libs = (0..lib_programs).map(|i| {
        let class = format!("L{i}");
        Prog {
            driver: format!("{class}.run"),
            source: lib_program(seed + i, &class),
            class,
        }
    });
    ints.chain(heaps).chain(libs).collect()
}

/// Path totals of one family of programs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Totals {
    spf: u64,
    dgse: u64,
}

/// Compiles and checks every program on `threads` threads; panics listing every program that
/// fails, else returns the path totals of the int, the heap and the library family.
fn check_all(progs: &[Prog], threads: usize) -> (Totals, Totals, Totals) {
    let files: Vec<(String, &str)> = progs.iter().map(|p| (format!("{}.java", p.class), p.source.as_str())).collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let (_dir, classes) = common::javac(&refs);
    let cp = classes.to_string_lossy().to_string();
    let verbose = std::env::var_os("JSYMEX_SOUNDNESS_VERBOSE").is_some();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Checked)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= progs.len() {
                        break;
                    }
                    let t0 = std::time::Instant::now();
                    let r = check(&cp, &progs[i]);
                    if verbose {
                        eprintln!("{} {:?} {} ms", progs[i].class, r.as_ref().ok(), t0.elapsed().as_millis());
                    }
                    results.lock().unwrap().push((i, r));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    let (mut ints, mut heaps, mut libs) = (Totals::default(), Totals::default(), Totals::default());
    let mut problems = Vec::new();
    for (i, r) in results {
        let p = &progs[i];
        match r {
            Ok((ns, nd)) => {
                let t = match p.class.as_bytes()[0] {
                    b'H' => &mut heaps,
                    b'L' => &mut libs,
                    _ => &mut ints,
                };
                t.spf += ns;
                t.dgse += nd;
            }
            Err(e) => problems.push(format!("{}: {e}\n{}", p.class, p.source)),
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} programs fail:\n{}",
        problems.len(),
        progs.len(),
        problems.join("\n")
    );
    (ints, heaps, libs)
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// The default run: 200 int-shape, 150 heap-shape and 100 library-call programs of seed 1000
/// (override with `JSYMEX_SOUNDNESS_PROGRAMS`, `JSYMEX_SOUNDNESS_HEAP_PROGRAMS`,
/// `JSYMEX_SOUNDNESS_LIB_PROGRAMS`, `JSYMEX_SOUNDNESS_SEED`;
/// `JSYMEX_SOUNDNESS_THREADS` sets the threads, 2 by default).
const SEED: u64 = 1000;
const INT_PROGRAMS: u64 = 200;
const HEAP_PROGRAMS: u64 = 150;
const LIB_PROGRAMS: u64 = 100;

#[test]
fn dgse_reaches_every_fault_and_branch_spf_reaches() {
    let seed = env_u64("JSYMEX_SOUNDNESS_SEED", SEED);
    let n_int = env_u64("JSYMEX_SOUNDNESS_PROGRAMS", INT_PROGRAMS);
    let n_heap = env_u64("JSYMEX_SOUNDNESS_HEAP_PROGRAMS", HEAP_PROGRAMS);
    let n_lib = env_u64("JSYMEX_SOUNDNESS_LIB_PROGRAMS", LIB_PROGRAMS);
    let threads = env_u64("JSYMEX_SOUNDNESS_THREADS", 2) as usize;
    let progs = programs(seed, n_int, n_heap, n_lib);
    let (ints, heaps, libs) = check_all(&progs, threads);
    eprintln!(
        "paths over {n_int} int-shape programs: {ints:?}; over {n_heap} heap-shape programs: {heaps:?}; over {n_lib} library-call programs: {libs:?}"
    );
    assert!(ints.dgse <= ints.spf && heaps.dgse <= heaps.spf && libs.dgse <= libs.spf);
    if (seed, n_int, n_heap, n_lib) == (SEED, INT_PROGRAMS, HEAP_PROGRAMS, LIB_PROGRAMS) {
        // The feasible path totals of the default run, pinned so that lost pruning fails too (a
        // dgse that negates every branch reaches everything spf reaches, with spf's paths).
        // They hold for this seed and these generators only: any change to `program`,
        // `heap_program`, `Rng`, the run options in `check` or the counts above changes them,
        // and they must then be re-derived from this test's output (run it with --nocapture).
        // int-shape dgse 1022 -> 1019 with the may-throw analysis (calls that cannot throw have
        // no exceptional edge), every program still passing the oracle above.
        assert_eq!(ints, Totals { spf: 1042, dgse: 1019 }, "int-shape path totals");
        assert_eq!(heaps, Totals { spf: 1984, dgse: 1945 }, "heap-shape path totals");
        assert_eq!((ints.spf + heaps.spf, ints.dgse + heaps.dgse), (3026, 2964), "total paths");
        // The library-call family (lists, maps and string builders of the models carrying
        // state between the calls), added with every program passing the oracle above.
        assert_eq!(libs, Totals { spf: 1323, dgse: 1289 }, "library-call path totals");
    }
}

/// The same property on ten times as many programs of each shape (several minutes on two
/// cores): `cargo test --release --test dgse_soundness -- --ignored`.
#[test]
#[ignore]
fn dgse_reaches_every_fault_and_branch_spf_reaches_many() {
    let seed = env_u64("JSYMEX_SOUNDNESS_SEED", SEED);
    let threads = env_u64("JSYMEX_SOUNDNESS_THREADS", 2) as usize;
    let progs = programs(seed, 10 * INT_PROGRAMS, 10 * HEAP_PROGRAMS, 10 * LIB_PROGRAMS);
    let (ints, heaps, libs) = check_all(&progs, threads);
    eprintln!(
        "paths over {} int-shape programs: {ints:?}; over {} heap-shape programs: {heaps:?}; over {} library-call programs: {libs:?}",
        10 * INT_PROGRAMS,
        10 * HEAP_PROGRAMS,
        10 * LIB_PROGRAMS
    );
    assert!(ints.dgse <= ints.spf && heaps.dgse <= heaps.spf && libs.dgse <= libs.spf);
}
