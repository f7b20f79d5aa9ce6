//! Generated Java programs for property tests (shared by `dgse_soundness.rs` and
//! `search_orders.rs`). Two families. The int shape (`program`): one method over int locals
//! whose faults are conditional aborts (explicit throws, divisions, array accesses), with ifs,
//! switches and calls to helpers. The heap shape (`heap_program`): a driver calls `step` two or
//! three times with different symbolic inputs, and the calls pass state through static ints, a
//! static array, the fields of an object the driver creates and an array the driver creates,
//! written there and in helpers; `step` also has loops with concrete bounds, try/catch and
//! switches on symbolic values.

use std::fmt::Write;

/// A small deterministic generator (splitmix64).
pub struct Rng(pub u64);
impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
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

pub fn program(seed: u64, class: &str) -> String {
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

pub fn heap_program(seed: u64, class: &str) -> String {
    generated_step_program(seed, class, false)
}

/// A heap-shape program whose `step` also calls the library models (a list, a map, a string
/// builder kept in statics across the calls).
pub fn lib_program(seed: u64, class: &str) -> String {
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
pub struct Prog {
    pub class: String,
    pub driver: String,
    pub source: String,
}

/// The int-shape programs `G{i}` and the heap-shape programs `H{i}` for seeds `seed + i`.
pub fn programs(seed: u64, int_programs: u64, heap_programs: u64) -> Vec<Prog> {
    programs_with_lib(seed, int_programs, heap_programs, 0)
}

/// [`programs`] followed by the library-call programs `L{i}` for seeds `seed + i`.
pub fn programs_with_lib(seed: u64, int_programs: u64, heap_programs: u64, lib_programs: u64) -> Vec<Prog> {
    let mut out = family("G", "m", seed, int_programs, program);
    out.extend(family("H", "run", seed, heap_programs, heap_program));
    out.extend(family("L", "run", seed, lib_programs, lib_program));
    out
}

/// `n` programs `{prefix}{i}` made by `make(seed + i, class)`, driven through `method`.
pub fn family(prefix: &str, method: &str, seed: u64, n: u64, make: fn(u64, &str) -> String) -> Vec<Prog> {
    (0..n)
        .map(|i| {
            let class = format!("{prefix}{i}");
            Prog {
                driver: format!("{class}.{method}"),
                source: make(seed + i, &class),
                class,
            }
        })
        .collect()
}
