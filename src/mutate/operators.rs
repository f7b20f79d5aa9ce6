//! The mutation operators, at the bytecode level. Each proposes, for one instruction, the byte
//! sequences that replace it; `relayout.rs` writes those of another length.
//!
//! | operator | what it changes |
//! |---|---|
//! | AOR | arithmetic operator: `+ - * / %` into each other (int, long, float, double); `iinc x, c` into `iinc x, -c` |
//! | ROR | relational operator: a comparison into each of the four others that are not its negation |
//! | NCO | negated condition: a conditional branch into its negation (also `==`/`!=` on references and null checks) |
//! | COR | conditional (logical) operator: `& \| ^` into each other (int, long); `&&` and `\|\|` are branches, mutated by ROR and NCO |
//! | SOR | shift operator: `<< >> >>>` into each other |
//! | CRP | constant replacement: an int, long, float or double constant into c + 1, c - 1 (off by one) and 0 |
//! | VMCR | removed void call: the call's arguments (and receiver) are popped instead |
//! | RVR | return value: `return x` into `return 0` (`null` for references) and `return x + 1` |

use super::classfile::{ClassInfo, be16};

/// A mutation operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Operator {
    /// Arithmetic operator replacement.
    AOR,
    /// Relational operator replacement.
    ROR,
    /// Negated condition.
    NCO,
    /// Conditional (logical) operator replacement.
    COR,
    /// Shift operator replacement.
    SOR,
    /// Constant replacement.
    CRP,
    /// Void method call removal.
    VMCR,
    /// Return value replacement.
    RVR,
}

impl Operator {
    /// Every operator.
    pub const ALL: [Operator; 8] = [
        Operator::AOR,
        Operator::ROR,
        Operator::NCO,
        Operator::COR,
        Operator::SOR,
        Operator::CRP,
        Operator::VMCR,
        Operator::RVR,
    ];

    /// The operator named `s` (case-insensitive).
    pub fn parse(s: &str) -> Option<Operator> {
        Operator::ALL.into_iter().find(|o| format!("{o:?}").eq_ignore_ascii_case(s))
    }
}

/// One proposed replacement of an instruction.
pub struct Proposal {
    /// The operator.
    pub op: Operator,
    /// The new bytes (padded or re-laid out as needed).
    pub bytes: Vec<u8>,
    /// Extra operand-stack slots the replacement needs.
    pub extra_stack: u16,
    /// What changes, e.g. `iadd -> isub`.
    pub change: String,
}

const ARITH: [&str; 5] = ["add", "sub", "mul", "div", "rem"];
const TYPES: [&str; 4] = ["i", "l", "f", "d"];
const REL: [&str; 6] = ["eq", "ne", "lt", "ge", "gt", "le"];
const LOGIC: [&str; 3] = ["and", "or", "xor"];
const SHIFT: [&str; 3] = ["shl", "shr", "ushr"];

/// The bytes that push the int `v` (the shortest form that has no constant-pool entry).
fn push_int(v: i64) -> Option<Vec<u8>> {
    match v {
        -1..=5 => Some(vec![(0x03 + v) as u8]),
        -128..=127 => Some(vec![0x10, v as i8 as u8]),
        -32768..=32767 => Some({
            let b = (v as i16).to_be_bytes();
            vec![0x11, b[0], b[1]]
        }),
        _ => None,
    }
}

/// The slots each parameter of a method descriptor takes (1 or 2), in order.
fn param_sizes(desc: &str) -> Option<Vec<u8>> {
    let inner = desc.strip_prefix('(')?.split(')').next()?;
    let b = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'J' | b'D' => {
                out.push(2);
                i += 1;
            }
            b'L' => {
                out.push(1);
                i += inner[i..].find(';')? + 1;
            }
            b'[' => {
                while i < b.len() && b[i] == b'[' {
                    i += 1;
                }
                if b.get(i) == Some(&b'L') {
                    i += inner[i..].find(';')?;
                }
                i += 1;
                out.push(1);
            }
            _ => {
                out.push(1);
                i += 1;
            }
        }
    }
    Some(out)
}

/// Every proposal for the instruction at `pc` of `code`.
pub fn proposals(info: &ClassInfo, code: &[u8], pc: usize) -> Vec<Proposal> {
    let op = code[pc];
    let mut out = Vec::new();
    let mut add = |o: Operator, bytes: Vec<u8>, extra_stack: u16, change: String| {
        out.push(Proposal {
            op: o,
            bytes,
            extra_stack,
            change,
        })
    };
    match op {
        0x60..=0x73 => {
            let (k, t) = ((op - 0x60) / 4, (op - 0x60) % 4);
            for k2 in 0..5u8 {
                if k2 != k {
                    let to = 0x60 + 4 * k2 + t;
                    let (a, b) = (TYPES[t as usize], TYPES[t as usize]);
                    add(
                        Operator::AOR,
                        vec![to],
                        0,
                        format!("{a}{} -> {b}{}", ARITH[k as usize], ARITH[k2 as usize]),
                    );
                }
            }
        }
        0x84 => {
            let (idx, c) = (code[pc + 1], code[pc + 2] as i8);
            if c != 0 && c != i8::MIN {
                add(
                    Operator::AOR,
                    vec![0x84, idx, (-c) as u8],
                    0,
                    format!("iinc {idx} {c} -> iinc {idx} {}", -c),
                );
            }
        }
        0x99..=0xa4 => {
            let (base, r) = if op <= 0x9e { (0x99u8, op - 0x99) } else { (0x9fu8, op - 0x9f) };
            let kind = if base == 0x99 { "if" } else { "if_icmp" };
            let target = [code[pc + 1], code[pc + 2]];
            for r2 in 0..6u8 {
                if r2 == r {
                    continue;
                }
                let o = if r2 == r ^ 1 { Operator::NCO } else { Operator::ROR };
                add(
                    o,
                    vec![base + r2, target[0], target[1]],
                    0,
                    format!("{kind}{} -> {kind}{}", REL[r as usize], REL[r2 as usize]),
                );
            }
        }
        0xa5 | 0xa6 | 0xc6 | 0xc7 => {
            let to = match op {
                0xa5 => 0xa6,
                0xa6 => 0xa5,
                0xc6 => 0xc7,
                _ => 0xc6,
            };
            let name = |o: u8| match o {
                0xa5 => "if_acmpeq",
                0xa6 => "if_acmpne",
                0xc6 => "ifnull",
                _ => "ifnonnull",
            };
            add(
                Operator::NCO,
                vec![to, code[pc + 1], code[pc + 2]],
                0,
                format!("{} -> {}", name(op), name(to)),
            );
        }
        0x7e..=0x83 => {
            let (k, t) = ((op - 0x7e) / 2, (op - 0x7e) % 2);
            for k2 in 0..3u8 {
                if k2 != k {
                    let ty = TYPES[t as usize];
                    add(
                        Operator::COR,
                        vec![0x7e + 2 * k2 + t],
                        0,
                        format!("{ty}{} -> {ty}{}", LOGIC[k as usize], LOGIC[k2 as usize]),
                    );
                }
            }
        }
        0x78..=0x7d => {
            let (k, t) = ((op - 0x78) / 2, (op - 0x78) % 2);
            for k2 in 0..3u8 {
                if k2 != k {
                    let ty = TYPES[t as usize];
                    add(
                        Operator::SOR,
                        vec![0x78 + 2 * k2 + t],
                        0,
                        format!("{ty}{} -> {ty}{}", SHIFT[k as usize], SHIFT[k2 as usize]),
                    );
                }
            }
        }
        0x02..=0x08 | 0x10 | 0x11 => {
            let c: i64 = match op {
                0x10 => i64::from(code[pc + 1] as i8),
                0x11 => i64::from(be16(code, pc + 1) as i16),
                _ => i64::from(op) - 3,
            };
            let mut seen = vec![c];
            for v in [c + 1, c - 1, 0] {
                if seen.contains(&v) {
                    continue;
                }
                seen.push(v);
                if let Some(b) = push_int(v) {
                    add(Operator::CRP, b, 0, format!("{c} -> {v}"));
                }
            }
        }
        0x09 | 0x0a => add(
            Operator::CRP,
            vec![0x09 + (1 - (op - 0x09))],
            0,
            format!("{}L -> {}L", op - 0x09, 1 - (op - 0x09)),
        ),
        0x0e | 0x0f => add(
            Operator::CRP,
            vec![0x0e + (1 - (op - 0x0e))],
            0,
            format!("{}.0 -> {}.0", op - 0x0e, 1 - (op - 0x0e)),
        ),
        0x0b..=0x0d => {
            let c = op - 0x0b;
            for v in [c.wrapping_add(1), c.wrapping_sub(1), 0] {
                if v <= 2 && v != c {
                    add(Operator::CRP, vec![0x0b + v], 0, format!("{c}.0f -> {v}.0f"));
                }
            }
        }
        0xb6..=0xb9 => {
            let Some((class, name, desc)) = info.method_ref(be16(code, pc + 1)) else {
                return out;
            };
            if name == "<init>" || !desc.ends_with(")V") {
                return out;
            }
            let Some(sizes) = param_sizes(desc) else { return out };
            let mut pops: Vec<u8> = sizes.iter().rev().map(|&s| if s == 2 { 0x58 } else { 0x57 }).collect();
            if op != 0xb8 {
                pops.push(0x57);
            }
            let short = class.rsplit('/').next().unwrap_or(class);
            add(Operator::VMCR, pops, 0, format!("removed call {short}.{name}{desc}"));
        }
        0xac => {
            add(Operator::RVR, vec![0x57, 0x03, 0xac], 0, "return x -> return 0".into());
            add(Operator::RVR, vec![0x04, 0x60, 0xac], 1, "return x -> return x + 1".into());
        }
        0xad => {
            add(Operator::RVR, vec![0x58, 0x09, 0xad], 0, "return x -> return 0L".into());
            add(Operator::RVR, vec![0x0a, 0x61, 0xad], 2, "return x -> return x + 1L".into());
        }
        0xae => {
            add(Operator::RVR, vec![0x57, 0x0b, 0xae], 0, "return x -> return 0.0f".into());
            add(Operator::RVR, vec![0x0c, 0x62, 0xae], 1, "return x -> return x + 1.0f".into());
        }
        0xaf => {
            add(Operator::RVR, vec![0x58, 0x0e, 0xaf], 0, "return x -> return 0.0".into());
            add(Operator::RVR, vec![0x0f, 0x63, 0xaf], 2, "return x -> return x + 1.0".into());
        }
        0xb0 => add(Operator::RVR, vec![0x57, 0x01, 0xb0], 0, "return x -> return null".into()),
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_slots_follow_the_descriptor() {
        assert_eq!(param_sizes("()V"), Some(vec![]));
        assert_eq!(param_sizes("(IJLjava/lang/String;[[DZ)V"), Some(vec![1, 2, 1, 1, 1]));
        assert_eq!(param_sizes("([Ljava/lang/Object;D)V"), Some(vec![1, 2]));
    }

    #[test]
    fn int_constants_take_the_shortest_form() {
        assert_eq!(push_int(-1), Some(vec![0x02]));
        assert_eq!(push_int(5), Some(vec![0x08]));
        assert_eq!(push_int(6), Some(vec![0x10, 6]));
        assert_eq!(push_int(-129), Some(vec![0x11, 0xff, 0x7f]));
        assert_eq!(push_int(40_000), None);
    }
}
