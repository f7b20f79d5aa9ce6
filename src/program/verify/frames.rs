//! The StackMapTable placement rule of the JVM's type checker (JVMS 4.10.1), for class files of
//! version 50 and later: every branch target, every exception handler and every instruction
//! that follows an unconditional transfer (`goto`, `return`, `athrow`, switches) must have a
//! frame. ristretto's type-inference verifier, which jsymex runs (see the parent module), does
//! not look at frames, so this is checked here on the byte-offset form of the code.

use ristretto_classfile::Method;
use ristretto_classfile::attributes::{Attribute, Instruction, StackFrame};
use std::collections::HashSet;
use std::io::Cursor;

/// The first frame-placement violation in a method (byte-offset form), as `(pc, message)`.
pub(super) fn check(m: &Method) -> Option<(u32, String)> {
    for a in &m.attributes {
        let Attribute::Code {
            code,
            exception_table,
            attributes,
            ..
        } = a
        else {
            continue;
        };
        let frames = frame_offsets(attributes);
        let mut cursor = Cursor::new(Vec::new());
        let mut offsets = Vec::with_capacity(code.len());
        for ins in code {
            offsets.push(cursor.position() as i64);
            if ins.to_bytes(&mut cursor).is_err() {
                return None;
            }
        }
        let need = |pc: i64, what: &str| -> Option<(u32, String)> {
            let pc32 = u32::try_from(pc).ok()?;
            (!frames.contains(&pc32)).then(|| (pc32, format!("Expecting a stackmap frame at {what} {pc}")))
        };
        for e in exception_table {
            if let Some(v) = need(i64::from(e.handler_pc), "exception handler") {
                return Some(v);
            }
        }
        for (i, ins) in code.iter().enumerate() {
            let here = offsets[i];
            for t in targets(ins, here) {
                if let Some(v) = need(t, "branch target") {
                    return Some(v);
                }
            }
            if ends_flow(ins)
                && let Some(&next) = offsets.get(i + 1)
                && let Some(v) = need(next, "the instruction after an unconditional branch at")
            {
                return Some(v);
            }
        }
    }
    None
}

fn frame_offsets(attributes: &[Attribute]) -> HashSet<u32> {
    let mut out = HashSet::new();
    for a in attributes {
        if let Attribute::StackMapTable { frames, .. } = a {
            let mut prev: Option<u32> = None;
            for f in frames {
                let delta = u32::from(match f {
                    StackFrame::SameFrame { frame_type } => u16::from(*frame_type),
                    StackFrame::SameLocals1StackItemFrame { frame_type, .. } => u16::from(frame_type.saturating_sub(64)),
                    StackFrame::SameLocals1StackItemFrameExtended { offset_delta, .. }
                    | StackFrame::ChopFrame { offset_delta, .. }
                    | StackFrame::SameFrameExtended { offset_delta, .. }
                    | StackFrame::AppendFrame { offset_delta, .. }
                    | StackFrame::FullFrame { offset_delta, .. } => *offset_delta,
                });
                let at = prev.map_or(delta, |p| p + delta + 1);
                out.insert(at);
                prev = Some(at);
            }
        }
    }
    out
}

/// Branch targets in byte offsets (absolute `if*`/`goto`, relative `goto_w` and switches).
fn targets(ins: &Instruction, here: i64) -> Vec<i64> {
    match ins {
        Instruction::Ifeq(t)
        | Instruction::Ifne(t)
        | Instruction::Iflt(t)
        | Instruction::Ifge(t)
        | Instruction::Ifgt(t)
        | Instruction::Ifle(t)
        | Instruction::If_icmpeq(t)
        | Instruction::If_icmpne(t)
        | Instruction::If_icmplt(t)
        | Instruction::If_icmpge(t)
        | Instruction::If_icmpgt(t)
        | Instruction::If_icmple(t)
        | Instruction::If_acmpeq(t)
        | Instruction::If_acmpne(t)
        | Instruction::Goto(t)
        | Instruction::Ifnull(t)
        | Instruction::Ifnonnull(t) => vec![i64::from(*t)],
        Instruction::Goto_w(t) => vec![here + i64::from(*t)],
        Instruction::Tableswitch(s) => std::iter::once(s.default)
            .chain(s.offsets.iter().copied())
            .map(|o| here + i64::from(o))
            .collect(),
        Instruction::Lookupswitch(s) => std::iter::once(s.default)
            .chain(s.pairs.values().copied())
            .map(|o| here + i64::from(o))
            .collect(),
        _ => vec![],
    }
}

fn ends_flow(ins: &Instruction) -> bool {
    matches!(
        ins,
        Instruction::Goto(_)
            | Instruction::Goto_w(_)
            | Instruction::Return
            | Instruction::Ireturn
            | Instruction::Lreturn
            | Instruction::Freturn
            | Instruction::Dreturn
            | Instruction::Areturn
            | Instruction::Athrow
            | Instruction::Tableswitch(_)
            | Instruction::Lookupswitch(_)
    )
}
