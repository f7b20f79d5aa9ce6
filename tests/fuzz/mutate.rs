//! Mutators for the fuzz test: byte-level (bit flips, overwrites, inserts, deletes, truncation)
//! and bytecode-level (through ristretto: opcodes, operands, constant-pool indices,
//! max_stack/max_locals, exception tables), driven by a fixed-seed PRNG.

use ristretto_classfile::ClassFile;
use ristretto_classfile::attributes::{Attribute, ExceptionTableEntry, Instruction};

/// SplitMix64: small, deterministic, good enough to pick mutations.
pub struct Rng(u64);

impl Rng {
    /// A generator for one (seed, mutant) pair.
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

/// One byte-level mutation of `bytes`; returns its name.
pub fn bytes(rng: &mut Rng, b: &mut Vec<u8>) -> &'static str {
    if b.is_empty() {
        b.push(rng.next() as u8);
        return "insert";
    }
    match rng.below(6) {
        0 => {
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(b.len());
                b[i] ^= 1 << rng.below(8);
            }
            "bitflip"
        }
        1 => {
            let i = rng.below(b.len());
            b[i] = [0, 0xff, 0x7f, 0x80, rng.next() as u8][rng.below(5)];
            "overwrite"
        }
        2 => {
            let i = rng.below(b.len() + 1);
            for _ in 0..1 + rng.below(3) {
                b.insert(i, rng.next() as u8);
            }
            "insert"
        }
        3 => {
            let i = rng.below(b.len());
            let n = (1 + rng.below(4)).min(b.len() - i);
            b.drain(i..i + n);
            "delete"
        }
        4 => {
            b.truncate(rng.below(b.len()));
            "truncate"
        }
        _ => {
            // A 16-bit field set to an extreme: lengths, counts and indices.
            let i = rng.below(b.len().saturating_sub(1));
            let v: u16 = [0, 1, 0xffff, 0x7fff, rng.next() as u16][rng.below(5)];
            b[i..i + 2].copy_from_slice(&v.to_be_bytes());
            "word"
        }
    }
}

/// Instructions without operands an opcode can be replaced by.
fn simple(rng: &mut Rng) -> Instruction {
    use Instruction::*;
    let all = [
        Nop,
        Aconst_null,
        Iconst_0,
        Iconst_1,
        Lconst_0,
        Fconst_0,
        Dconst_0,
        Iload_0,
        Iload_1,
        Lload_0,
        Fload_0,
        Dload_0,
        Aload_0,
        Aload_1,
        Aload_2,
        Istore_1,
        Astore_1,
        Fstore_1,
        Lstore_1,
        Pop,
        Pop2,
        Dup,
        Dup_x1,
        Dup2,
        Swap,
        Iadd,
        Ladd,
        Fadd,
        Dadd,
        Isub,
        Imul,
        Idiv,
        Irem,
        Ineg,
        Ishl,
        Iand,
        I2l,
        I2f,
        L2i,
        D2i,
        I2b,
        Lcmp,
        Fcmpl,
        Dcmpg,
        Ireturn,
        Lreturn,
        Areturn,
        Return,
        Arraylength,
        Athrow,
        Monitorenter,
        Monitorexit,
        Iaload,
        Aaload,
        Iastore,
        Baload,
        Castore,
    ];
    all[rng.below(all.len())].clone()
}

/// One bytecode-level mutation of a method's Code attribute; `None` when the class has no code
/// or the mutant cannot be written back.
pub fn bytecode(rng: &mut Rng, original: &[u8]) -> Option<(Vec<u8>, &'static str)> {
    let mut cf = ClassFile::from_bytes(original).ok()?;
    let cp_len = cf.constant_pool.len() as u16;
    let with_code: Vec<usize> = (0..cf.methods.len())
        .filter(|&i| cf.methods[i].attributes.iter().any(|a| matches!(a, Attribute::Code { .. })))
        .collect();
    let m = &mut cf.methods[*with_code.get(rng.below(with_code.len()))?];
    let Attribute::Code {
        max_stack,
        max_locals,
        code,
        exception_table,
        ..
    } = m.attributes.iter_mut().find(|a| matches!(a, Attribute::Code { .. }))?
    else {
        return None;
    };
    let n = code.len();
    let what = match rng.below(7) {
        0 => {
            code[rng.below(n)] = simple(rng);
            "opcode"
        }
        1 | 2 => {
            let i = rng.below(n);
            let cp = |rng: &mut Rng| rng.below(cp_len as usize + 4) as u16;
            let target = |rng: &mut Rng| rng.below(n) as u16;
            match &mut code[i] {
                Instruction::Iload(x)
                | Instruction::Aload(x)
                | Instruction::Istore(x)
                | Instruction::Astore(x)
                | Instruction::Fload(x)
                | Instruction::Lload(x) => *x = rng.next() as u8 % 12,
                Instruction::Bipush(x) => *x = rng.next() as i8,
                Instruction::Ldc(x) => *x = cp(rng) as u8,
                Instruction::Getstatic(x)
                | Instruction::Putstatic(x)
                | Instruction::Getfield(x)
                | Instruction::Putfield(x)
                | Instruction::Invokevirtual(x)
                | Instruction::Invokestatic(x)
                | Instruction::Invokespecial(x)
                | Instruction::New(x)
                | Instruction::Checkcast(x)
                | Instruction::Instanceof(x)
                | Instruction::Anewarray(x)
                | Instruction::Ldc_w(x) => *x = cp(rng),
                Instruction::Ifeq(t)
                | Instruction::Ifne(t)
                | Instruction::Iflt(t)
                | Instruction::Ifge(t)
                | Instruction::If_icmpge(t)
                | Instruction::If_icmple(t)
                | Instruction::If_icmplt(t)
                | Instruction::If_icmpgt(t)
                | Instruction::Goto(t) => *t = target(rng),
                Instruction::Iinc(x, d) => {
                    *x = rng.next() as u8 % 12;
                    *d = rng.next() as i8;
                }
                other => *other = simple(rng),
            }
            "operand"
        }
        3 => {
            *max_stack = [0, 1, max_stack.saturating_sub(1), rng.next() as u16][rng.below(4)];
            "max_stack"
        }
        4 => {
            *max_locals = [0, 1, max_locals.saturating_sub(1), rng.next() as u16][rng.below(4)];
            "max_locals"
        }
        5 => {
            if exception_table.is_empty() || rng.below(3) == 0 {
                let a = rng.below(n) as u16;
                exception_table.push(ExceptionTableEntry {
                    range_pc: a..(a + 1 + rng.below(3) as u16).min(n as u16),
                    handler_pc: rng.below(n) as u16,
                    catch_type: if rng.below(2) == 0 {
                        0
                    } else {
                        rng.below(cp_len as usize + 2) as u16
                    },
                });
            } else {
                let e = rng.below(exception_table.len());
                let entry = &mut exception_table[e];
                match rng.below(4) {
                    0 => entry.handler_pc = rng.below(n) as u16,
                    1 => entry.catch_type = rng.below(cp_len as usize + 2) as u16,
                    2 => entry.range_pc.start = rng.below(n) as u16,
                    _ => {
                        exception_table.remove(e);
                    }
                }
            }
            "exception_table"
        }
        _ => {
            let i = rng.below(n);
            let j = rng.below(n);
            code.swap(i, j);
            "swap"
        }
    };
    let mut out = Vec::new();
    cf.to_bytes(&mut out).ok()?;
    (out != original).then_some((out, what))
}
