//! Generated programs whose branches share hidden channels (the shape of the differential
//! hunts that found most of `tests/dgse_found.rs`). The driver tests each symbolic input in
//! sections of its own; one input's branch writes a channel (a static, an array element
//! through an alias, a field through a helper, a caught exception's flag, a lambda, a list, a
//! class initialiser's input, a killed local, ...) and a later branch guarded by another input
//! reads it. The driver returns 0 (or `r`), so, unlike the other families, most branch
//! combinations are irrelevant to its result and DGSE really prunes; a dependence it misses
//! shows as a branch direction spf reaches and it does not.
//!
//! Three more kinds ([`call_channel_program`] only, so that the programs of
//! [`channel_program`] and the totals pinned on them stay as they were) pass their channel
//! through a call that may throw and whose outcome its argument decides: a string an earlier
//! branch chose, compared with `equals`; a char array compared in a user method's loop; and the
//! text of an int (`"" + x`, built natively), whose length a branch reads (`RefArgCallStr`,
//! `LoopCall`, `StringEqPC` in `tests/dgse_found.rs`).

use std::fmt::Write;

use super::programs::Rng;

impl Rng {
    /// A number in `lo..=hi`.
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
}

/// A channel: class-level declarations, driver locals, the write and the read (a boolean).
struct Channel {
    decls: Vec<String>,
    locals: Vec<String>,
    write: String,
    read: String,
}

impl Channel {
    fn new(decls: &[String], locals: &[String], write: String, read: String) -> Channel {
        Channel {
            decls: decls.to_vec(),
            locals: locals.to_vec(),
            write,
            read,
        }
    }
}

/// Channel `kind` with identifiers suffixed `u` (so that two channels never clash) and
/// constants `k1`, `k2` in 1..=3.
fn channel(kind: usize, u: usize, k1: i64, k2: i64) -> Channel {
    let s = |x: &str| x.replace('#', &u.to_string());
    let d = |xs: &[&str]| xs.iter().map(|x| s(x)).collect::<Vec<_>>();
    match kind {
        0 => Channel::new(&d(&["static int S#;"]), &[], s(&format!("S# = {k1};")), s(&format!("S# == {k1}"))),
        1 => Channel::new(
            &d(&[
                "static int S#;",
                "static void set#(int v) { S# = v; }",
                "static int get#() { return S# + 1; }",
            ]),
            &[],
            s(&format!("set#({k1});")),
            s(&format!("get#() == {}", k1 + 1)),
        ),
        2 => Channel::new(
            &d(&["static int[] SA# = new int[3];"]),
            &[],
            s(&format!("SA#[{}] = {k1};", k2 - 1)),
            s(&format!("SA#[{}] > 0", k2 - 1)),
        ),
        3 => Channel::new(
            &[],
            &d(&["int[] ar# = new int[3];", "int[] al# = ar#;"]),
            s(&format!("al#[1] = {k1};")),
            s(&format!("ar#[1] == {k1}")),
        ),
        4 => Channel::new(
            &d(&["static class P# { int f; }"]),
            &d(&["P# p# = new P#();", "P# q# = p#;"]),
            s(&format!("p#.f = {k1};")),
            s(&format!("q#.f == {k1}")),
        ),
        5 => Channel::new(
            &d(&[
                "static class P# { int f; }",
                "static void put#(P# p, int v) { if (v > 0) p.f = v; }",
            ]),
            &d(&["P# p# = new P#();"]),
            s(&format!("put#(p#, {k1});")),
            s("p#.f > 0"),
        ),
        6 => Channel::new(
            &d(&["static class P# { int f; P# n; }"]),
            &d(&["P# p# = new P#();", "p#.n = new P#();", "P# t# = p#.n;"]),
            s(&format!("p#.n.f = {k1};")),
            s(&format!("t#.f == {k1}")),
        ),
        7 => Channel::new(
            &d(&[
                "static class P# { int m() { return 0; } }",
                &format!("static class Q# extends P# {{ int m() {{ return {k1}; }} }}"),
            ]),
            &d(&["P# pv# = new P#();"]),
            s("pv# = new Q#();"),
            s(&format!("pv#.m() == {k1}")),
        ),
        8 => Channel::new(
            &d(&["static class P# { }", "static class Q# extends P# { }"]),
            &d(&["P# pv# = new P#();"]),
            s("pv# = new Q#();"),
            s("pv# instanceof Q#"),
        ),
        9 => Channel::new(
            &d(&[
                "static int S#;",
                &format!("static int thr#(int v) {{ if (v == {k1}) throw new IllegalStateException(); return v; }}"),
            ]),
            &[],
            s(&format!("try {{ thr#({k1}); }} catch (IllegalStateException e) {{ S# = 1; }}")),
            s("S# == 1"),
        ),
        10 => Channel::new(
            &[],
            &d(&["int fl# = 0;", "int zz# = 0;"]),
            s("try { zz# += 10 / (zz# - zz#); } catch (ArithmeticException e) { fl# = 1; }"),
            s("fl# == 1"),
        ),
        11 => Channel::new(
            &[],
            &d(&["java.util.ArrayList<Integer> li# = new java.util.ArrayList<>();"]),
            s(&format!("li#.add({k1});")),
            s("li#.size() == 1"),
        ),
        12 => Channel::new(
            &[],
            &d(&["java.util.HashMap<Integer, Integer> mp# = new java.util.HashMap<>();"]),
            s(&format!("mp#.put({k1}, 1);")),
            s(&format!("mp#.containsKey({k1})")),
        ),
        13 => Channel::new(
            &[],
            &d(&["StringBuilder sb# = new StringBuilder();"]),
            s("sb#.append(\"ab\");"),
            s("sb#.length() == 2"),
        ),
        14 => Channel::new(
            &d(&["static int S#;", "static int runS#(Runnable q) { q.run(); return S#; }"]),
            &d(&["Runnable ru# = () -> { };"]),
            s(&format!("ru# = () -> {{ S# = {k1}; }};")),
            s(&format!("runS#(ru#) == {k1}")),
        ),
        15 => Channel::new(
            &d(&["static int S#;"]),
            &d(&["int fx# = 0;"]),
            s(&format!("try {{ fx# += 1; }} finally {{ S# = {k1}; }}")),
            s(&format!("S# == {k1}")),
        ),
        16 => Channel::new(
            &d(&[
                "static int S#;",
                &format!("static void rec#(int d) {{ if (d <= 0) {{ S# = {k1}; return; }} rec#(d - 1); }}"),
            ]),
            &[],
            s("rec#(2);"),
            s(&format!("S# == {k1}")),
        ),
        17 => Channel::new(&d(&["static int S#;"]), &[], s("for (int q = 0; q < 3; q++) S#++;"), s("S# == 3")),
        18 => Channel::new(
            &d(&[
                "interface I# { int v(); }",
                "static class IA# implements I# { public int v() { return 0; } }",
                &format!("static class IB# implements I# {{ public int v() {{ return {k1}; }} }}"),
            ]),
            &d(&["I# ii# = new IA#();"]),
            s("ii# = new IB#();"),
            s(&format!("ii#.v() == {k1}")),
        ),
        19 => Channel::new(&[], &d(&["int xv# = 0;"]), s(&format!("xv# = {k1};")), s(&format!("xv# == {k1}"))),
        20 => Channel::new(
            &d(&["static int rc#(int v) { if (v <= 0) return 0; return 1 + rc#(v - 1); }"]),
            &d(&["int xv# = 0;"]),
            s(&format!("xv# = rc#({k1});")),
            s(&format!("xv# == {k1}")),
        ),
        21 => Channel::new(
            &d(&[
                "static class P# { int f; }",
                "static int nullF#(P# p) { try { return p.f; } catch (NullPointerException e) { return -1; } }",
            ]),
            &d(&["P# pn# = new P#();"]),
            s("pn# = null;"),
            s("nullF#(pn#) == -1"),
        ),
        22 => Channel::new(
            &[],
            &d(&["int[] ar# = new int[2];", "int[] ac# = new int[2];"]),
            s(&format!("ar#[1] = {k1}; System.arraycopy(ar#, 0, ac#, 0, 2);")),
            s(&format!("ac#[1] == {k1}")),
        ),
        23 => Channel::new(
            &d(&["static int CNT#;", "static class P# { P#() { CNT#++; } }"]),
            &[],
            s("new P#();"),
            s("CNT# == 1"),
        ),
        24 => Channel::new(
            &d(&["static int S#;", "static class L# { static int V; static { V = S# * 2; } }"]),
            &[],
            s(&format!("S# = {k1};")),
            s(&format!("L#.V == {}", 2 * k1)),
        ),
        26 => Channel::new(
            &[],
            &d(&["String st# = \"0\";"]),
            s(&format!("st# = \"{k1}\";")),
            s(&format!("st#.equals(\"{k1}\")")),
        ),
        27 => Channel::new(
            &d(&[
                "static boolean same#(char[] x, char[] y) { int d = 0; for (int i = 0; i < x.length; i++) { d |= x[i] ^ y[i]; } return d == 0; }",
            ]),
            &d(&["char[] cs# = {'0'};"]),
            s(&format!("cs# = new char[] {{'{k1}'}};")),
            s(&format!("same#(cs#, new char[] {{'{k1}'}})")),
        ),
        28 => Channel::new(
            &[],
            &d(&["int iv# = 0;"]),
            s(&format!("iv# = -{k1};")),
            s("(\"\" + iv#).length() == 2"),
        ),
        _ => Channel::new(
            &d(&["static int[] CA# = {0, 1, 2, 3};"]),
            &d(&["int xv# = 0;"]),
            s(&format!("xv# = CA#[{k1}];")),
            s(&format!("xv# == {k1}")),
        ),
    }
}

/// How many channel kinds [`channel_program`] picks from (the first ones of [`channel`]).
const KINDS: usize = 26;
/// How many channel kinds [`channel`] knows (all of them: [`call_channel_program`]).
const ALL_KINDS: usize = 29;

/// Whether a channel's write and read use no driver local (they can move into helpers).
fn static_only(c: &Channel) -> bool {
    c.locals.is_empty()
}

/// A guard on input `v`.
fn guard(r: &mut Rng, v: &str) -> String {
    let op = *r.pick(&["==", "==", ">", "<", "!="]);
    let k = match op {
        "==" => r.int(1, 3),
        ">" => r.int(1, 2),
        "<" => r.int(0, 1),
        _ => 0,
    };
    format!("{v} {op} {k}")
}

/// A branch on one input that touches only `y` or `z`.
fn filler(r: &mut Rng) -> String {
    let v = *r.pick(&["a", "b", "c"]);
    let k = r.int(1, 3);
    let body = match r.int(0, 2) {
        0 => format!("y += {k};"),
        1 => format!("y = y * 2 + {};", r.pick(&["a", "b", "c"])),
        _ => "z++;".to_string(),
    };
    let g = guard(r, v);
    if r.int(0, 1) == 0 {
        format!("if ({g}) {{ {body} }}")
    } else {
        format!("if ({g}) {{ {body} }} else {{ y -= 1; }}")
    }
}

/// The program `class` of seed `seed`: `public static int driver(int a, int b, int c)`.
pub fn channel_program(seed: u64, class: &str) -> String {
    program_of(seed, class, KINDS)
}

/// [`channel_program`] with the channels through calls as well.
pub fn call_channel_program(seed: u64, class: &str) -> String {
    program_of(seed, class, ALL_KINDS)
}

fn program_of(seed: u64, class: &str, kinds_known: usize) -> String {
    let mut r = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x51_7CC1);
    let n = r.int(1, 3) as usize;
    let mut kinds: Vec<usize> = Vec::new();
    while kinds.len() < n {
        let k = r.int(0, kinds_known as i64 - 1) as usize;
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    let mut decls: Vec<String> = Vec::new();
    let mut locals: Vec<String> = Vec::new();
    let mut body: Vec<String> = Vec::new();
    for (u, kind) in kinds.iter().enumerate() {
        let (k1, k2) = (r.int(1, 3), r.int(1, 3));
        let ch = channel(*kind, u, k1, k2);
        decls.extend(ch.decls.iter().cloned());
        locals.extend(ch.locals.iter().cloned());
        let inputs = ["a", "b", "c"];
        let wv = *r.pick(&inputs);
        let others: Vec<&str> = inputs.iter().copied().filter(|v| *v != wv).collect();
        let rv = *r.pick(&others);
        if r.int(0, 1) == 0 {
            body.push(filler(&mut r));
        }
        let w = &ch.write;
        match r.int(0, 3) {
            0 => {
                let g = guard(&mut r, wv);
                body.push(format!("if ({g}) {{ {w} }}"));
            }
            1 => {
                let g = guard(&mut r, wv);
                body.push(format!("if ({g}) {{ y++; }} else {{ {w} }}"));
            }
            2 => {
                let (c1, c2) = (r.int(1, 3), r.int(-1, 0));
                body.push(format!(
                    "switch ({wv}) {{ case {c1}: {w} break; case {c2}: y += 2; break; default: break; }}"
                ));
            }
            _ if static_only(&ch) => {
                let g = guard(&mut r, "v");
                decls.push(format!("static void w{u}(int v) {{ if ({g}) {{ {w} }} }}"));
                body.push(format!("w{u}({wv});"));
            }
            _ => {
                let g = guard(&mut r, wv);
                body.push(format!("if ({g}) {{ {w} }}"));
            }
        }
        if r.int(0, 1) == 0 {
            body.push(filler(&mut r));
        }
        let mut rd = ch.read.clone();
        let mut rk = r.int(0, 3);
        if rk == 3 {
            if static_only(&ch) {
                decls.push(format!("static boolean rd{u}() {{ return {rd}; }}"));
                rd = format!("rd{u}()");
            }
            rk = r.int(0, 2);
        }
        let k = r.int(10, 99);
        let g = guard(&mut r, rv);
        body.push(match rk {
            0 => format!("if ({g}) {{ if ({rd}) {{ r = {k}; }} }}"),
            1 => format!("if ({rd}) {{ r += {k}; }}"),
            _ => format!("if ({g} && {rd}) {{ r = {k}; }} else {{ r -= 1; }}"),
        });
    }
    if r.int(0, 1) == 0 {
        body.push(filler(&mut r));
    }
    let ret = if r.int(0, 3) == 0 { "r" } else { "0" };
    let mut out = String::new();
    let _ = writeln!(out, "public class {class} {{");
    for d in &decls {
        let _ = writeln!(out, "    {d}");
    }
    let _ = writeln!(out, "    public static int driver(int a, int b, int c) {{");
    let _ = writeln!(out, "        int r = 0, y = 0, z = 0;");
    for l in locals.iter().chain(&body) {
        let _ = writeln!(out, "        {l}");
    }
    let _ = writeln!(out, "        return {ret};");
    let _ = writeln!(out, "    }}");
    let _ = writeln!(out, "}}");
    out
}
