//! Theorem 5.3 as a property test: on generated programs whose faults are conditional aborts
//! (explicit throws, divisions, array accesses), every fault and every branch direction that
//! exhaustive search (`spf`) reaches, `dgse` reaches too, and dgse never explores more paths.

mod common;
use std::collections::BTreeSet;
use std::fmt::Write;

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

fn labels(r: &common::RunOut) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut dirs = BTreeSet::new();
    let mut faults = BTreeSet::new();
    for p in &r.paths {
        dirs.extend(common::branches(p));
        if p["outcome"]["kind"] == "exception" {
            faults.insert(format!("{} {}", p["outcome"]["exception"], p["outcome"]["at"]));
        }
    }
    (dirs, faults)
}

#[test]
fn dgse_reaches_every_fault_and_branch_spf_reaches() {
    let n: u64 = std::env::var("JSYMEX_SOUNDNESS_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let seed: u64 = std::env::var("JSYMEX_SOUNDNESS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let sources: Vec<(String, String)> = (0..n)
        .map(|i| (format!("G{i}.java"), program(seed + i, &format!("G{i}"))))
        .collect();
    let refs: Vec<(&str, &str)> = sources.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let (_dir, classes) = common::javac(&refs);
    let cp = classes.to_string_lossy().to_string();
    let mut problems = Vec::new();
    let (mut spf_total, mut dgse_total) = (0, 0);
    for i in 0..n {
        let driver = format!("G{i}.m");
        let base = [
            "--classpath",
            cp.as_str(),
            "--driver",
            driver.as_str(),
            "--min-int",
            "-4",
            "--max-int",
            "4",
            "--max-paths",
            "3000",
        ];
        let spf = common::run(&[&base[..], &["--strategy", "spf"]].concat());
        let dgse = common::run(&[&base[..], &["--strategy", "dgse"]].concat());
        if spf.code != 0 || dgse.code != 0 {
            problems.push(format!(
                "G{i}: exit codes spf {} dgse {}: {} {}",
                spf.code,
                dgse.code,
                spf.stderr.trim(),
                dgse.stderr.trim()
            ));
            continue;
        }
        let (sd, sf) = labels(&spf);
        let (dd, df) = labels(&dgse);
        let missing_dirs: Vec<_> = sd.difference(&dd).collect();
        let missing_faults: Vec<_> = sf.difference(&df).collect();
        let (ns, nd) = (
            common::count(&spf.summary, "feasible_paths"),
            common::count(&dgse.summary, "feasible_paths"),
        );
        spf_total += ns;
        dgse_total += nd;
        if !missing_dirs.is_empty() || !missing_faults.is_empty() || nd > ns {
            problems.push(format!(
                "G{i}: dgse misses directions {missing_dirs:?} faults {missing_faults:?}; paths spf {ns} dgse {nd}\n{}",
                sources[i as usize].1
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {n} programs fail:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(dgse_total <= spf_total);
    eprintln!("paths over {n} programs: spf {spf_total}, dgse {dgse_total}");
}
