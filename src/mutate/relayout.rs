//! Replaces one instruction of a method by a byte sequence of another length and lays the
//! `Code` attribute out again: branch and switch offsets, the exception table, the line and
//! local-variable tables and the `StackMapTable` (frame offsets, and the `new` offsets of
//! uninitialized types) all move with the code after the replaced instruction.
//!
//! A branch to the replaced instruction lands on the first byte of its replacement. A
//! replacement shorter than the original is padded with leading `nop`s; a longer one is padded
//! to a multiple of four more bytes, so that the alignment (and the padding) of every `tableswitch` and
//! `lookupswitch` after it is unchanged. A method whose `Code` attribute carries other offsets
//! (type annotations) is not re-laid out: the mutant is skipped.

use super::MutateError;
use super::classfile::{ClassInfo, Code, be16, be32};

/// The class bytes with the instruction at `pc` of `code` replaced by `with`.
pub fn replace(class: &[u8], info: &ClassInfo, code: &Code, pc: u32, with: &[u8]) -> Result<Vec<u8>, MutateError> {
    let Some(&(_, old_len)) = code.instructions.iter().find(|(o, _)| *o == pc) else {
        return Err(MutateError::Malformed(format!("no instruction at pc {pc}")));
    };
    let (pc, old_len) = (pc as usize, old_len as usize);
    // Padding goes first: `nop`s fall through to the replacement, while code after an
    // unconditional transfer (a `return` in the replacement) would need a stack map frame.
    let padded = |len: usize| -> Vec<u8> {
        let mut v = vec![0x00; len.saturating_sub(with.len())];
        v.extend_from_slice(with);
        v
    };
    if with.len() <= old_len {
        let new_ins = padded(old_len);
        let mut out = class.to_vec();
        let at = code.code_start + pc;
        out[at..at + old_len].copy_from_slice(&new_ins);
        return Ok(out);
    }
    let new_ins = padded(old_len + (with.len() - old_len).next_multiple_of(4));
    let d = new_ins.len() - old_len;
    let moved = |o: usize| if o <= pc { o } else { o + d };
    let old = code.bytes(class);
    if code.code_len + d > 65535 {
        return Err(MutateError::Unsupported("the code would exceed 65,535 bytes".into()));
    }

    // The code, then its offsets.
    let mut new_code = Vec::with_capacity(code.code_len + d);
    for &(o, n) in &code.instructions {
        let (o, n) = (o as usize, n as usize);
        if o == pc {
            new_code.extend_from_slice(&new_ins);
        } else {
            new_code.extend_from_slice(&old[o..o + n]);
        }
    }
    for &(o, _) in &code.instructions {
        let o = o as usize;
        if o == pc {
            continue;
        }
        let at = moved(o);
        let rel = |target: i64| -> Result<i64, MutateError> {
            let t = usize::try_from(target).map_err(|_| MutateError::Malformed(format!("branch at pc {o} leaves the code")))?;
            Ok(moved(t) as i64 - at as i64)
        };
        match old[o] {
            0x99..=0xa8 | 0xc6 | 0xc7 => {
                let r = rel(o as i64 + i64::from(be16(old, o + 1) as i16))?;
                let r = i16::try_from(r).map_err(|_| MutateError::Unsupported("a branch offset would exceed 16 bits".into()))?;
                new_code[at + 1..at + 3].copy_from_slice(&r.to_be_bytes());
            }
            0xc8 | 0xc9 => {
                let r = rel(o as i64 + i64::from(be32(old, o + 1)))? as i32;
                new_code[at + 1..at + 5].copy_from_slice(&r.to_be_bytes());
            }
            0xaa | 0xab => {
                let pad = (4 - (o + 1) % 4) % 4;
                let base = o + 1 + pad;
                let words: Vec<usize> = if old[o] == 0xaa {
                    let (low, high) = (be32(old, base + 4), be32(old, base + 8));
                    let n = (i64::from(high) - i64::from(low) + 1) as usize;
                    std::iter::once(0).chain((0..n).map(|k| 3 + k)).collect()
                } else {
                    let n = be32(old, base + 4) as usize;
                    std::iter::once(0).chain((0..n).map(|k| 3 + 2 * k)).collect()
                };
                for w in words {
                    let r = rel(o as i64 + i64::from(be32(old, base + 4 * w)))? as i32;
                    let p = at + 1 + pad + 4 * w;
                    new_code[p..p + 4].copy_from_slice(&r.to_be_bytes());
                }
            }
            _ => {}
        }
    }

    // The rest of the attribute.
    let mut body = Vec::new();
    let head = code.attr_start + 6; // name index and length
    body.extend_from_slice(&class[head..head + 4]); // max_stack, max_locals
    body.extend_from_slice(&(new_code.len() as u32).to_be_bytes());
    body.extend_from_slice(&new_code);
    let mut at = code.code_start + code.code_len;
    let n_exc = be16(class, at) as usize;
    body.extend_from_slice(&class[at..at + 2]);
    at += 2;
    let off16 = |v: usize| -> Result<[u8; 2], MutateError> {
        u16::try_from(v)
            .map(u16::to_be_bytes)
            .map_err(|_| MutateError::Unsupported("an offset would exceed 16 bits".into()))
    };
    for _ in 0..n_exc {
        for k in 0..3 {
            body.extend_from_slice(&off16(moved(be16(class, at + 2 * k) as usize))?);
        }
        body.extend_from_slice(&class[at + 6..at + 8]);
        at += 8;
    }
    let n_attrs = be16(class, at);
    body.extend_from_slice(&class[at..at + 2]);
    at += 2;
    for _ in 0..n_attrs {
        let name = info.utf8(be16(class, at)).unwrap_or_default().to_string();
        let len = u32::from_be_bytes([class[at + 2], class[at + 3], class[at + 4], class[at + 5]]) as usize;
        let sub = &class[at + 6..at + 6 + len];
        let new_sub = match name.as_str() {
            "LineNumberTable" => {
                let mut s = sub.to_vec();
                for k in 0..be16(sub, 0) as usize {
                    let p = 2 + 4 * k;
                    s[p..p + 2].copy_from_slice(&off16(moved(be16(sub, p) as usize))?);
                }
                s
            }
            "LocalVariableTable" | "LocalVariableTypeTable" => {
                let mut s = sub.to_vec();
                for k in 0..be16(sub, 0) as usize {
                    let p = 2 + 10 * k;
                    let (start, len) = (be16(sub, p) as usize, be16(sub, p + 2) as usize);
                    let (ns, ne) = (moved(start), moved(start + len));
                    s[p..p + 2].copy_from_slice(&off16(ns)?);
                    s[p + 2..p + 4].copy_from_slice(&off16(ne - ns)?);
                }
                s
            }
            "StackMapTable" => stack_map(sub, &moved)?,
            "RuntimeVisibleTypeAnnotations" | "RuntimeInvisibleTypeAnnotations" => {
                return Err(MutateError::Unsupported("type annotations in the code".into()));
            }
            _ => sub.to_vec(),
        };
        body.extend_from_slice(&class[at..at + 2]);
        body.extend_from_slice(&(new_sub.len() as u32).to_be_bytes());
        body.extend_from_slice(&new_sub);
        at += 6 + len;
    }

    let mut out = Vec::with_capacity(class.len() + d + 16);
    out.extend_from_slice(&class[..code.attr_start + 2]);
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    out.extend_from_slice(&class[code.attr_end..]);
    Ok(out)
}

/// A `StackMapTable` with every frame (and every uninitialized type's `new` offset) moved.
fn stack_map(sub: &[u8], moved: &dyn Fn(usize) -> usize) -> Result<Vec<u8>, MutateError> {
    let bad = || MutateError::Malformed("truncated StackMapTable".into());
    let get = |p: usize| sub.get(p).copied().ok_or_else(bad);
    let n = be16(sub, 0);
    let mut out = sub[..2].to_vec();
    let mut p = 2;
    let mut prev: Option<usize> = None;
    // Copies `count` verification types starting at `p`, moving uninitialized offsets.
    let types = |p: &mut usize, count: usize, out: &mut Vec<u8>| -> Result<(), MutateError> {
        for _ in 0..count {
            let tag = get(*p)?;
            out.push(tag);
            match tag {
                7 => {
                    out.extend_from_slice(sub.get(*p + 1..*p + 3).ok_or_else(bad)?);
                    *p += 3;
                }
                8 => {
                    let o = moved(be16(sub, *p + 1) as usize);
                    let o = u16::try_from(o).map_err(|_| MutateError::Unsupported("offset over 16 bits".into()))?;
                    out.extend_from_slice(&o.to_be_bytes());
                    *p += 3;
                }
                0..=6 => *p += 1,
                t => return Err(MutateError::Malformed(format!("verification type tag {t}"))),
            }
        }
        Ok(())
    };
    for _ in 0..n {
        let ft = get(p)?;
        let (delta, body_at) = match ft {
            0..=63 => (ft as usize, p + 1),
            64..=127 => (ft as usize - 64, p + 1),
            247..=255 => (be16(sub, p + 1) as usize, p + 3),
            t => return Err(MutateError::Malformed(format!("stack map frame type {t}"))),
        };
        let abs = match prev {
            None => delta,
            Some(q) => q + delta + 1,
        };
        let new_abs = moved(abs);
        let new_delta = match prev {
            None => new_abs,
            Some(q) => new_abs - moved(q) - 1,
        };
        prev = Some(abs);
        let nd = u16::try_from(new_delta).map_err(|_| MutateError::Unsupported("frame offset over 16 bits".into()))?;
        let mut q = body_at;
        match ft {
            0..=63 | 251 => {
                if new_delta <= 63 && ft <= 63 {
                    out.push(new_delta as u8);
                } else {
                    out.push(251);
                    out.extend_from_slice(&nd.to_be_bytes());
                }
            }
            64..=127 | 247 => {
                if new_delta <= 63 && ft <= 127 {
                    out.push(64 + new_delta as u8);
                } else {
                    out.push(247);
                    out.extend_from_slice(&nd.to_be_bytes());
                }
                types(&mut q, 1, &mut out)?;
            }
            248..=250 => {
                out.push(ft);
                out.extend_from_slice(&nd.to_be_bytes());
            }
            252..=254 => {
                out.push(ft);
                out.extend_from_slice(&nd.to_be_bytes());
                types(&mut q, ft as usize - 251, &mut out)?;
            }
            _ => {
                out.push(255);
                out.extend_from_slice(&nd.to_be_bytes());
                let locals = be16(sub, q) as usize;
                out.extend_from_slice(&sub[q..q + 2]);
                q += 2;
                types(&mut q, locals, &mut out)?;
                let stack = be16(sub, q) as usize;
                out.extend_from_slice(&sub[q..q + 2]);
                q += 2;
                types(&mut q, stack, &mut out)?;
            }
        }
        p = q;
    }
    Ok(out)
}
