//! Puts a parsed class's code back into byte-offset form for ristretto's bytecode verifier.
//!
//! `ClassFile::from_bytes` turns every code position into an instruction index (branch targets,
//! switch offsets, exception ranges, StackMapTable deltas), while the verifier in
//! `verifiers::bytecode` works on byte offsets, as in the class file (absolute `goto`/`if*`
//! targets, relative `goto_w` and switch offsets, byte deltas between StackMapTable frames). Fed
//! the parsed form directly it rejects valid classes ("StackMapTable frame at offset N is not at
//! an instruction boundary"), so the verifier is given a copy whose Code attributes are mapped
//! back here. Byte offsets come from re-encoding the instructions in order, which reproduces the
//! original layout (switch padding depends only on the position).
//!
//! Two more defects of that verifier are worked around on the copy:
//! - it starts StackMapTable decoding from locals padded to `max_locals`, so `append` and
//!   `chop` frames land on the wrong slots: every frame is expanded here into a `full_frame`
//!   (JVMS 4.7.4 semantics, starting from the method's implicit initial frame);
//! - after `invokespecial Super.<init>` on `uninitializedThis` it types `this` as the superclass
//!   instead of the current class: in constructors, such calls are pointed at a method reference
//!   on the current class (same name and descriptor), which gives `this` its right type;
//! - it types the receiver of `invokevirtual` on an array class (`"[Z".clone()`, as javac
//!   compiles `booleans.clone()`) as an object of a class named `[Z`, to which no array is
//!   assignable: such calls are pointed at the same method on `java/lang/Object`, the class
//!   that declares every method an array has.

use ristretto_classfile::attributes::{Attribute, ExceptionTableEntry, Instruction, StackFrame, VerificationType as Vt};
use ristretto_classfile::{BaseType, ClassFile, Constant, ConstantPool, FieldType, Method, MethodAccessFlags};
use std::io::Cursor;

/// A copy of the class whose methods' code uses byte offsets; `Err` names what cannot be mapped
/// (with the method's index in `methods`).
pub(super) fn byte_form<'a>(cf: &ClassFile<'a>) -> Result<ClassFile<'a>, (usize, String)> {
    let mut out = cf.clone();
    let (this_class, super_class) = (out.this_class, out.super_class);
    let (cp, methods) = (&mut out.constant_pool, &mut out.methods);
    for (k, m) in methods.iter_mut().enumerate() {
        convert_method(cp, this_class, super_class, m).map_err(|e| (k, e))?;
    }
    Ok(out)
}

fn convert_method(cp: &mut ConstantPool<'_>, this_class: u16, super_class: u16, m: &mut Method) -> Result<(), String> {
    let is_init = cp.try_get_utf8(m.name_index).map(|n| n.as_bytes() == b"<init>").unwrap_or(false);
    let mut initial = None;
    let static_method = m.access_flags.contains(MethodAccessFlags::STATIC);
    for a in &mut m.attributes {
        if let Attribute::Code {
            code,
            exception_table,
            attributes,
            ..
        } = a
        {
            let offsets = byte_offsets(code)?;
            let at = |i: usize| offsets.get(i).copied().ok_or_else(|| format!("code position {i} out of range"));
            for (i, ins) in code.iter_mut().enumerate() {
                convert_instruction(ins, i, &at)?;
                if is_init && let Instruction::Invokespecial(r) = ins {
                    *r = retarget_super_init(cp, *r, this_class, super_class)?;
                }
                if let Instruction::Invokevirtual(r) = ins {
                    *r = retarget_array_receiver(cp, *r)?;
                }
            }
            for e in exception_table.iter_mut() {
                *e = ExceptionTableEntry {
                    range_pc: at(e.range_pc.start as usize)?..at(e.range_pc.end as usize)?,
                    handler_pc: at(e.handler_pc as usize)?,
                    catch_type: e.catch_type,
                };
            }
            for ca in attributes.iter_mut() {
                if let Attribute::StackMapTable { frames, .. } = ca {
                    if initial.is_none() {
                        initial = Some(initial_locals(cp, this_class, static_method, is_init, m.descriptor_index)?);
                    }
                    let start = initial.clone().unwrap_or_default();
                    convert_frames(frames, start, &at)?;
                }
            }
        }
    }
    Ok(())
}

/// `Super.<init>` called from a constructor becomes `This.<init>` (see the module comment).
fn retarget_super_init(cp: &mut ConstantPool<'_>, index: u16, this_class: u16, super_class: u16) -> Result<u16, String> {
    let Ok((class_index, nat)) = cp.try_get_method_ref(index).map(|(c, n)| (*c, *n)) else {
        return Ok(index);
    };
    let is_init = match cp.get(nat) {
        Some(Constant::NameAndType { name_index, .. }) => cp.try_get_utf8(*name_index).map(|n| n.as_bytes() == b"<init>").unwrap_or(false),
        _ => false,
    };
    if !is_init || class_index != super_class || super_class == 0 {
        return Ok(index);
    }
    cp.add(Constant::MethodRef {
        class_index: this_class,
        name_and_type_index: nat,
    })
    .map_err(|e| e.to_string())
}

/// A method of an array class (`"[Z".clone`) becomes the same method of `java/lang/Object`
/// (see the module comment).
fn retarget_array_receiver(cp: &mut ConstantPool<'_>, index: u16) -> Result<u16, String> {
    let Ok((class_index, nat)) = cp.try_get_method_ref(index).map(|(c, n)| (*c, *n)) else {
        return Ok(index);
    };
    let is_array = cp
        .try_get_class(class_index)
        .map(|name| name.as_bytes().first() == Some(&b'['))
        .unwrap_or(false);
    if !is_array {
        return Ok(index);
    }
    let object = cp.add_class("java/lang/Object").map_err(|e| e.to_string())?;
    cp.add(Constant::MethodRef {
        class_index: object,
        name_and_type_index: nat,
    })
    .map_err(|e| e.to_string())
}

/// The implicit first frame's locals (JVMS 4.10.1.6) in StackMapTable form.
fn initial_locals(
    cp: &mut ConstantPool<'_>,
    this_class: u16,
    static_method: bool,
    is_init: bool,
    descriptor_index: u16,
) -> Result<Vec<Vt>, String> {
    let mut out = Vec::new();
    if !static_method {
        out.push(if is_init {
            Vt::UninitializedThis
        } else {
            Vt::Object { cpool_index: this_class }
        });
    }
    let desc = cp.try_get_utf8(descriptor_index).map_err(|e| e.to_string())?.to_owned();
    let (params, _) = FieldType::parse_method_descriptor(&desc).map_err(|e| e.to_string())?;
    for p in params {
        out.push(match p {
            FieldType::Base(BaseType::Long) => Vt::Long,
            FieldType::Base(BaseType::Double) => Vt::Double,
            FieldType::Base(BaseType::Float) => Vt::Float,
            FieldType::Base(_) => Vt::Integer,
            FieldType::Object(name) => Vt::Object {
                cpool_index: cp.add_class(name.to_string()).map_err(|e| e.to_string())?,
            },
            array @ FieldType::Array(_) => Vt::Object {
                cpool_index: cp.add_class(array.descriptor()).map_err(|e| e.to_string())?,
            },
        });
    }
    Ok(out)
}

/// The byte offset of every instruction, plus the code length at the end.
fn byte_offsets(code: &[Instruction]) -> Result<Vec<u16>, String> {
    let mut cursor = Cursor::new(Vec::new());
    let mut offsets = Vec::with_capacity(code.len() + 1);
    for ins in code {
        offsets.push(cursor.position());
        ins.to_bytes(&mut cursor).map_err(|e| e.to_string())?;
    }
    offsets.push(cursor.position());
    offsets
        .into_iter()
        .map(|o| u16::try_from(o).map_err(|_| "code_length is 65536 or more".to_string()))
        .collect()
}

fn convert_instruction(ins: &mut Instruction, i: usize, at: &dyn Fn(usize) -> Result<u16, String>) -> Result<(), String> {
    let here = i32::from(at(i)?);
    let relative = |delta: i32| -> Result<i32, String> {
        let target = usize::try_from(i as i64 + i64::from(delta)).map_err(|_| format!("switch target {delta} out of range"))?;
        Ok(i32::from(at(target)?) - here)
    };
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
        | Instruction::Jsr(t)
        | Instruction::Ifnull(t)
        | Instruction::Ifnonnull(t) => *t = at(*t as usize)?,
        Instruction::Goto_w(t) | Instruction::Jsr_w(t) => {
            let target = usize::try_from(*t).map_err(|_| format!("branch target {t} out of range"))?;
            *t = i32::from(at(target)?) - here;
        }
        Instruction::Tableswitch(s) => {
            s.default = relative(s.default)?;
            for o in &mut s.offsets {
                *o = relative(*o)?;
            }
        }
        Instruction::Lookupswitch(s) => {
            s.default = relative(s.default)?;
            for o in s.pairs.values_mut() {
                *o = relative(*o)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Rewrites every frame as a `full_frame` with its delta in bytes.
fn convert_frames(frames: &mut [StackFrame], mut locals: Vec<Vt>, at: &dyn Fn(usize) -> Result<u16, String>) -> Result<(), String> {
    let mut prev: Option<(usize, u16)> = None;
    for f in frames.iter_mut() {
        let (delta, stack) = match f {
            StackFrame::SameFrame { frame_type } => (u16::from(*frame_type), vec![]),
            StackFrame::SameLocals1StackItemFrame { frame_type, stack } => {
                (u16::from(frame_type.saturating_sub(64)), std::mem::take(stack))
            }
            StackFrame::SameLocals1StackItemFrameExtended { offset_delta, stack, .. } => (*offset_delta, std::mem::take(stack)),
            StackFrame::SameFrameExtended { offset_delta, .. } => (*offset_delta, vec![]),
            StackFrame::ChopFrame { frame_type, offset_delta } => {
                let k = usize::from(251u8.saturating_sub(*frame_type));
                if k > locals.len() {
                    return Err(format!("chop frame removes {k} locals, the frame has {}", locals.len()));
                }
                locals.truncate(locals.len() - k);
                (*offset_delta, vec![])
            }
            StackFrame::AppendFrame {
                offset_delta,
                locals: more,
                ..
            } => {
                locals.append(more);
                (*offset_delta, vec![])
            }
            StackFrame::FullFrame {
                offset_delta,
                locals: all,
                stack,
                ..
            } => {
                locals = std::mem::take(all);
                (*offset_delta, std::mem::take(stack))
            }
        };
        let index = match prev {
            None => usize::from(delta),
            Some((p, _)) => p + usize::from(delta) + 1,
        };
        let byte = at(index)?;
        let byte_delta = match prev {
            None => byte,
            Some((_, pb)) => byte.saturating_sub(pb).saturating_sub(1),
        };
        *f = StackFrame::FullFrame {
            frame_type: 255,
            offset_delta: byte_delta,
            locals: locals.clone(),
            stack,
        };
        prev = Some((index, byte));
    }
    Ok(())
}
