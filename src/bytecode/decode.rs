//! Conversion of a ristretto `ClassFile` into decoded fields and methods.

use super::{ArrKind, Cond, Constant, DecodeError, Handler, IndyRef, InvokeKind, JType, MemberRef, Method, MethodDesc, Op};
use crate::symbolic::{BinOp, UnOp};
use ristretto_classfile::attributes::{ArrayType, Attribute, Instruction as I};
use ristretto_classfile::{ClassFile, Constant as C, ConstantPool};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// A field declaration.
#[derive(Clone, Debug)]
pub struct FieldDecl {
    /// Name.
    pub name: Arc<str>,
    /// Descriptor.
    pub desc: Arc<str>,
    /// Parsed type.
    pub ty: JType,
    /// ACC_STATIC.
    pub is_static: bool,
    /// ConstantValue attribute for static finals.
    pub constant: Option<Constant>,
    /// The class type arguments of its generic type (`Signature` attribute), when it has one.
    pub type_args: Option<Arc<[String]>>,
}

/// A method handle constant.
#[derive(Clone, Debug)]
pub struct Handle {
    /// Reference kind (JVMS §5.4.3.5): 5 virtual, 6 static, 7 special, 8 new-special,
    /// 9 interface (1-4 are field accessors).
    pub kind: u8,
    /// Owner class (internal name).
    pub class: Arc<str>,
    /// Member name.
    pub name: Arc<str>,
    /// Descriptor.
    pub desc: Arc<str>,
}

/// A static argument of a bootstrap method.
#[derive(Clone, Debug)]
pub enum BsArg {
    /// A loadable constant (int, string, class, …).
    Const(Constant),
    /// A method type (descriptor).
    MethodType(Arc<str>),
    /// A method handle.
    Handle(Handle),
    /// Something jsymex does not interpret.
    Other,
}

/// A bootstrap method entry, resolved.
#[derive(Clone, Debug)]
pub struct Bootstrap {
    /// The bootstrap method.
    pub handle: Option<Handle>,
    /// Static arguments.
    pub args: Vec<BsArg>,
}

/// A decoded class, before it is linked into the program.
#[derive(Debug)]
pub struct DecodedClass {
    /// Internal name.
    pub name: Arc<str>,
    /// Superclass internal name.
    pub super_name: Option<Arc<str>>,
    /// Direct superinterfaces.
    pub interfaces: Vec<Arc<str>>,
    /// Access flags.
    pub access: u16,
    /// Class-file major version.
    pub major: u16,
    /// Fields in declaration order.
    pub fields: Vec<FieldDecl>,
    /// Methods (ids unset).
    pub methods: Vec<Method>,
    /// SourceFile attribute.
    pub source_file: Option<String>,
    /// Bootstrap methods for invokedynamic.
    pub bootstraps: Vec<Bootstrap>,
}

struct Ctx<'a, 'b> {
    cp: &'a ConstantPool<'b>,
    class: String,
    refs: HashMap<u16, Arc<MemberRef>>,
    indys: HashMap<u16, Arc<IndyRef>>,
    strings: HashMap<u16, Constant>,
}

impl Ctx<'_, '_> {
    fn err(&self, index: u16, reason: impl ToString) -> DecodeError {
        DecodeError::ConstantPool {
            class: self.class.clone(),
            index,
            reason: reason.to_string(),
        }
    }

    fn utf8(&self, i: u16) -> Result<Arc<str>, DecodeError> {
        self.cp
            .try_get_utf8(i)
            .map(|s| Arc::from(s.to_rust_string().as_str()))
            .map_err(|e| self.err(i, e))
    }

    fn class_name(&self, i: u16) -> Result<Arc<str>, DecodeError> {
        self.cp
            .try_get_class(i)
            .map(|s| Arc::from(s.to_rust_string().as_str()))
            .map_err(|e| self.err(i, e))
    }

    fn member(&mut self, i: u16, method: bool) -> Result<Arc<MemberRef>, DecodeError> {
        if let Some(r) = self.refs.get(&i) {
            return Ok(r.clone());
        }
        let (ci, nti) = match self.cp.try_get(i).map_err(|e| self.err(i, e))? {
            C::FieldRef {
                class_index,
                name_and_type_index,
            }
            | C::MethodRef {
                class_index,
                name_and_type_index,
            }
            | C::InterfaceMethodRef {
                class_index,
                name_and_type_index,
            } => (*class_index, *name_and_type_index),
            other => return Err(self.err(i, format!("expected a member reference, found {other:?}"))),
        };
        let class = self.class_name(ci)?;
        let (ni, di) = self.cp.try_get_name_and_type(nti).map_err(|e| self.err(nti, e))?;
        let (name, desc) = (self.utf8(*ni)?, self.utf8(*di)?);
        let bad = || DecodeError::Descriptor {
            class: self.class.clone(),
            desc: desc.to_string(),
        };
        let (mdesc, ftype) = if method {
            (Some(MethodDesc::parse(&desc).ok_or_else(bad)?), None)
        } else {
            (None, Some(JType::parse(&desc).ok_or_else(bad)?))
        };
        let r = Arc::new(MemberRef {
            class,
            name,
            desc,
            mdesc,
            ftype,
            resolved: OnceLock::new(),
            dispatched: std::sync::atomic::AtomicU64::new(MemberRef::NO_DISPATCH),
        });
        self.refs.insert(i, r.clone());
        Ok(r)
    }

    fn constant(&mut self, i: u16) -> Result<Constant, DecodeError> {
        if let Some(c) = self.strings.get(&i) {
            return Ok(c.clone());
        }
        let c = match self.cp.try_get(i).map_err(|e| self.err(i, e))? {
            C::Integer(v) => Constant::Int(*v),
            C::Float(v) => Constant::Float(*v),
            C::Long(v) => Constant::Long(*v),
            C::Double(v) => Constant::Double(*v),
            C::String(si) => {
                let s = self.cp.try_get_utf8(*si).map_err(|e| self.err(*si, e))?;
                let units = s.to_utf16().map_err(|e| self.err(*si, e))?;
                Constant::String(Arc::from(units))
            }
            C::Class(ni) => Constant::Class(self.utf8(*ni)?),
            other => return Err(self.err(i, format!("unsupported ldc constant {other:?}"))),
        };
        self.strings.insert(i, c.clone());
        Ok(c)
    }

    fn handle(&mut self, i: u16) -> Option<Handle> {
        let (kind, idx) = self.cp.try_get_method_handle(i).ok()?;
        let kind = match kind {
            ristretto_classfile::ReferenceKind::GetField => 1,
            ristretto_classfile::ReferenceKind::GetStatic => 2,
            ristretto_classfile::ReferenceKind::PutField => 3,
            ristretto_classfile::ReferenceKind::PutStatic => 4,
            ristretto_classfile::ReferenceKind::InvokeVirtual => 5,
            ristretto_classfile::ReferenceKind::InvokeStatic => 6,
            ristretto_classfile::ReferenceKind::InvokeSpecial => 7,
            ristretto_classfile::ReferenceKind::NewInvokeSpecial => 8,
            ristretto_classfile::ReferenceKind::InvokeInterface => 9,
        };
        let idx = *idx;
        let (ci, nti) = match self.cp.try_get(idx).ok()? {
            C::FieldRef {
                class_index,
                name_and_type_index,
            }
            | C::MethodRef {
                class_index,
                name_and_type_index,
            }
            | C::InterfaceMethodRef {
                class_index,
                name_and_type_index,
            } => (*class_index, *name_and_type_index),
            _ => return None,
        };
        let class = self.class_name(ci).ok()?;
        let (ni, di) = self.cp.try_get_name_and_type(nti).ok()?;
        let (ni, di) = (*ni, *di);
        Some(Handle {
            kind,
            class,
            name: self.utf8(ni).ok()?,
            desc: self.utf8(di).ok()?,
        })
    }

    fn bs_arg(&mut self, i: u16) -> BsArg {
        match self.cp.try_get(i) {
            Ok(C::MethodType(d)) => {
                let d = *d;
                self.utf8(d).map(BsArg::MethodType).unwrap_or(BsArg::Other)
            }
            Ok(C::MethodHandle { .. }) => self.handle(i).map(BsArg::Handle).unwrap_or(BsArg::Other),
            Ok(_) => self.constant(i).map(BsArg::Const).unwrap_or(BsArg::Other),
            Err(_) => BsArg::Other,
        }
    }

    fn indy(&mut self, i: u16) -> Result<Arc<IndyRef>, DecodeError> {
        if let Some(r) = self.indys.get(&i) {
            return Ok(r.clone());
        }
        let (bi, nti) = self.cp.try_get_invoke_dynamic(i).map_err(|e| self.err(i, e))?;
        let (ni, di) = self.cp.try_get_name_and_type(*nti).map_err(|e| self.err(*nti, e))?;
        let r = Arc::new(IndyRef {
            bootstrap: *bi,
            name: self.utf8(*ni)?,
            desc: self.utf8(*di)?,
        });
        self.indys.insert(i, r.clone());
        Ok(r)
    }
}

fn arr_kind(t: &ArrayType) -> ArrKind {
    match t {
        ArrayType::Boolean => ArrKind::Boolean,
        ArrayType::Char => ArrKind::Char,
        ArrayType::Float => ArrKind::Float,
        ArrayType::Double => ArrKind::Double,
        ArrayType::Byte => ArrKind::Byte,
        ArrayType::Short => ArrKind::Short,
        ArrayType::Int => ArrKind::Int,
        ArrayType::Long => ArrKind::Long,
    }
}

fn decode_op(ctx: &mut Ctx<'_, '_>, idx: usize, ins: &I) -> Result<Op, DecodeError> {
    use Op::*;
    let t = |x: u16| x as u32;
    let rel = |off: i32| (idx as i64 + off as i64).max(0) as u32;
    Ok(match ins {
        I::Nop => Nop,
        I::Aconst_null => Const(Constant::Null),
        I::Iconst_m1 => Const(Constant::Int(-1)),
        I::Iconst_0 => Const(Constant::Int(0)),
        I::Iconst_1 => Const(Constant::Int(1)),
        I::Iconst_2 => Const(Constant::Int(2)),
        I::Iconst_3 => Const(Constant::Int(3)),
        I::Iconst_4 => Const(Constant::Int(4)),
        I::Iconst_5 => Const(Constant::Int(5)),
        I::Lconst_0 => Const(Constant::Long(0)),
        I::Lconst_1 => Const(Constant::Long(1)),
        I::Fconst_0 => Const(Constant::Float(0.0)),
        I::Fconst_1 => Const(Constant::Float(1.0)),
        I::Fconst_2 => Const(Constant::Float(2.0)),
        I::Dconst_0 => Const(Constant::Double(0.0)),
        I::Dconst_1 => Const(Constant::Double(1.0)),
        I::Bipush(v) => Const(Constant::Int(*v as i32)),
        I::Sipush(v) => Const(Constant::Int(*v as i32)),
        I::Ldc(i) => Const(ctx.constant(*i as u16)?),
        I::Ldc_w(i) | I::Ldc2_w(i) => Const(ctx.constant(*i)?),
        I::Iload(n) | I::Lload(n) | I::Fload(n) | I::Dload(n) | I::Aload(n) => Load(*n as u16),
        I::Iload_w(n) | I::Lload_w(n) | I::Fload_w(n) | I::Dload_w(n) | I::Aload_w(n) => Load(*n),
        I::Iload_0 | I::Lload_0 | I::Fload_0 | I::Dload_0 | I::Aload_0 => Load(0),
        I::Iload_1 | I::Lload_1 | I::Fload_1 | I::Dload_1 | I::Aload_1 => Load(1),
        I::Iload_2 | I::Lload_2 | I::Fload_2 | I::Dload_2 | I::Aload_2 => Load(2),
        I::Iload_3 | I::Lload_3 | I::Fload_3 | I::Dload_3 | I::Aload_3 => Load(3),
        I::Istore(n) | I::Lstore(n) | I::Fstore(n) | I::Dstore(n) | I::Astore(n) => Store(*n as u16),
        I::Istore_w(n) | I::Lstore_w(n) | I::Fstore_w(n) | I::Dstore_w(n) | I::Astore_w(n) => Store(*n),
        I::Istore_0 | I::Lstore_0 | I::Fstore_0 | I::Dstore_0 | I::Astore_0 => Store(0),
        I::Istore_1 | I::Lstore_1 | I::Fstore_1 | I::Dstore_1 | I::Astore_1 => Store(1),
        I::Istore_2 | I::Lstore_2 | I::Fstore_2 | I::Dstore_2 | I::Astore_2 => Store(2),
        I::Istore_3 | I::Lstore_3 | I::Fstore_3 | I::Dstore_3 | I::Astore_3 => Store(3),
        I::Iaload => ArrayLoad(ArrKind::Int),
        I::Laload => ArrayLoad(ArrKind::Long),
        I::Faload => ArrayLoad(ArrKind::Float),
        I::Daload => ArrayLoad(ArrKind::Double),
        I::Aaload => ArrayLoad(ArrKind::Ref),
        I::Baload => ArrayLoad(ArrKind::Byte),
        I::Caload => ArrayLoad(ArrKind::Char),
        I::Saload => ArrayLoad(ArrKind::Short),
        I::Iastore => ArrayStore(ArrKind::Int),
        I::Lastore => ArrayStore(ArrKind::Long),
        I::Fastore => ArrayStore(ArrKind::Float),
        I::Dastore => ArrayStore(ArrKind::Double),
        I::Aastore => ArrayStore(ArrKind::Ref),
        I::Bastore => ArrayStore(ArrKind::Byte),
        I::Castore => ArrayStore(ArrKind::Char),
        I::Sastore => ArrayStore(ArrKind::Short),
        I::Pop => Pop,
        I::Pop2 => Pop2,
        I::Dup => Dup,
        I::Dup_x1 => DupX1,
        I::Dup_x2 => DupX2,
        I::Dup2 => Dup2,
        I::Dup2_x1 => Dup2X1,
        I::Dup2_x2 => Dup2X2,
        I::Swap => Swap,
        I::Iadd | I::Ladd | I::Fadd | I::Dadd => Arith(BinOp::Add),
        I::Isub | I::Lsub | I::Fsub | I::Dsub => Arith(BinOp::Sub),
        I::Imul | I::Lmul | I::Fmul | I::Dmul => Arith(BinOp::Mul),
        I::Idiv | I::Ldiv | I::Fdiv | I::Ddiv => Arith(BinOp::Div),
        I::Irem | I::Lrem | I::Frem | I::Drem => Arith(BinOp::Rem),
        I::Ineg | I::Lneg | I::Fneg | I::Dneg => Neg,
        I::Ishl | I::Lshl => Arith(BinOp::Shl),
        I::Ishr | I::Lshr => Arith(BinOp::Shr),
        I::Iushr | I::Lushr => Arith(BinOp::Ushr),
        I::Iand | I::Land => Arith(BinOp::And),
        I::Ior | I::Lor => Arith(BinOp::Or),
        I::Ixor | I::Lxor => Arith(BinOp::Xor),
        I::Iinc(n, d) => Iinc(*n as u16, *d as i16),
        I::Iinc_w(n, d) => Iinc(*n, *d),
        I::I2l => Convert(UnOp::I2L),
        I::I2f => Convert(UnOp::I2F),
        I::I2d => Convert(UnOp::I2D),
        I::L2i => Convert(UnOp::L2I),
        I::L2f => Convert(UnOp::L2F),
        I::L2d => Convert(UnOp::L2D),
        I::F2i => Convert(UnOp::F2I),
        I::F2l => Convert(UnOp::F2L),
        I::F2d => Convert(UnOp::F2D),
        I::D2i => Convert(UnOp::D2I),
        I::D2l => Convert(UnOp::D2L),
        I::D2f => Convert(UnOp::D2F),
        I::I2b => Convert(UnOp::I2B),
        I::I2c => Convert(UnOp::I2C),
        I::I2s => Convert(UnOp::I2S),
        I::Lcmp => Compare(BinOp::Cmp),
        I::Fcmpl | I::Dcmpl => Compare(BinOp::CmpL),
        I::Fcmpg | I::Dcmpg => Compare(BinOp::CmpG),
        I::Ifeq(x) => If(Cond::Eq, t(*x)),
        I::Ifne(x) => If(Cond::Ne, t(*x)),
        I::Iflt(x) => If(Cond::Lt, t(*x)),
        I::Ifge(x) => If(Cond::Ge, t(*x)),
        I::Ifgt(x) => If(Cond::Gt, t(*x)),
        I::Ifle(x) => If(Cond::Le, t(*x)),
        I::If_icmpeq(x) => IfCmp(Cond::Eq, t(*x)),
        I::If_icmpne(x) => IfCmp(Cond::Ne, t(*x)),
        I::If_icmplt(x) => IfCmp(Cond::Lt, t(*x)),
        I::If_icmpge(x) => IfCmp(Cond::Ge, t(*x)),
        I::If_icmpgt(x) => IfCmp(Cond::Gt, t(*x)),
        I::If_icmple(x) => IfCmp(Cond::Le, t(*x)),
        I::If_acmpeq(x) => IfRefEq(true, t(*x)),
        I::If_acmpne(x) => IfRefEq(false, t(*x)),
        I::Ifnull(x) => IfNull(true, t(*x)),
        I::Ifnonnull(x) => IfNull(false, t(*x)),
        I::Goto(x) => Goto(t(*x)),
        I::Goto_w(x) => Goto((*x).max(0) as u32),
        I::Tableswitch(ts) => {
            let targets: Vec<u32> = ts.offsets.iter().map(|o| rel(*o)).collect();
            TableSwitch(ts.low, targets.into(), rel(ts.default))
        }
        I::Lookupswitch(ls) => {
            let mut pairs: Vec<(i32, u32)> = ls.pairs.iter().map(|(k, o)| (*k, rel(*o))).collect();
            pairs.sort_by_key(|p| p.0);
            LookupSwitch(pairs.into(), rel(ls.default))
        }
        I::Ireturn | I::Lreturn | I::Freturn | I::Dreturn | I::Areturn => Return(true),
        I::Return => Return(false),
        I::Getstatic(i) => GetStatic(ctx.member(*i, false)?),
        I::Putstatic(i) => PutStatic(ctx.member(*i, false)?),
        I::Getfield(i) => GetField(ctx.member(*i, false)?),
        I::Putfield(i) => PutField(ctx.member(*i, false)?),
        I::Invokevirtual(i) => Invoke(InvokeKind::Virtual, ctx.member(*i, true)?),
        I::Invokespecial(i) => Invoke(InvokeKind::Special, ctx.member(*i, true)?),
        I::Invokestatic(i) => Invoke(InvokeKind::Static, ctx.member(*i, true)?),
        I::Invokeinterface(i, _) => Invoke(InvokeKind::Interface, ctx.member(*i, true)?),
        I::Invokedynamic(i) => InvokeDynamic(ctx.indy(*i)?),
        I::New(i) => New(ctx.class_name(*i)?),
        I::Newarray(at) => NewArray(arr_kind(at)),
        I::Anewarray(i) => ANewArray(ctx.class_name(*i)?),
        I::Multianewarray(i, d) => MultiANewArray(ctx.class_name(*i)?, *d),
        I::Arraylength => ArrayLength,
        I::Athrow => Athrow,
        I::Checkcast(i) => CheckCast(ctx.class_name(*i)?),
        I::Instanceof(i) => InstanceOf(ctx.class_name(*i)?),
        I::Monitorenter | I::Monitorexit => Monitor,
        I::Jsr(_) | I::Jsr_w(_) => Unsupported("jsr"),
        I::Ret(_) | I::Ret_w(_) => Unsupported("ret"),
        I::Wide => Unsupported("wide"),
        I::Breakpoint => Unsupported("breakpoint"),
        I::Impdep1 => Unsupported("impdep1"),
        I::Impdep2 => Unsupported("impdep2"),
    })
}

/// The operand type of a typed instruction family (`b'I'`, `b'L'`, `b'F'`, `b'D'`, `b'A'`),
/// read from its mnemonic (`Lload_1`, `Dadd`, `Fcmpl`, `Areturn`); 0 for untyped ones. Only
/// meaningful for loads, stores, arithmetic, negation, compares and returns, whose decoded
/// [`Op`] is type-agnostic.
fn type_letter(ins: &I) -> u8 {
    let name = format!("{ins:?}");
    match name.as_bytes().first() {
        Some(c @ (b'I' | b'L' | b'F' | b'D' | b'A')) => *c,
        _ => 0,
    }
}

/// Decodes class-file bytes. `what` names the file for messages.
pub fn decode_class(bytes: &[u8], what: &str) -> Result<DecodedClass, DecodeError> {
    decode_parsed(&parse_class(bytes, what)?, what)
}

/// Parses class-file bytes with ristretto. `what` names the file for messages.
pub fn parse_class(bytes: &[u8], what: &str) -> Result<ClassFile<'static>, DecodeError> {
    ClassFile::from_bytes(bytes).map_err(|e| DecodeError::Malformed {
        what: what.to_string(),
        reason: e.to_string(),
    })
}

/// Decodes a class file already parsed by [`parse_class`].
pub fn decode_parsed(cf: &ClassFile<'_>, what: &str) -> Result<DecodedClass, DecodeError> {
    let name = cf
        .class_name()
        .map(|s| Arc::<str>::from(s.to_rust_string().as_str()))
        .map_err(|e| DecodeError::Malformed {
            what: what.to_string(),
            reason: e.to_string(),
        })?;
    let mut ctx = Ctx {
        cp: &cf.constant_pool,
        class: name.to_string(),
        refs: HashMap::new(),
        indys: HashMap::new(),
        strings: HashMap::new(),
    };
    let super_name = if cf.super_class == 0 {
        None
    } else {
        Some(ctx.class_name(cf.super_class)?)
    };
    let interfaces = cf.interfaces.iter().map(|i| ctx.class_name(*i)).collect::<Result<Vec<_>, _>>()?;
    let mut fields = Vec::new();
    for f in &cf.fields {
        let fname = ctx.utf8(f.name_index)?;
        let desc = ctx.utf8(f.descriptor_index)?;
        let ty = JType::parse(&desc).ok_or_else(|| DecodeError::Descriptor {
            class: name.to_string(),
            desc: desc.to_string(),
        })?;
        let is_static = f.access_flags.bits() & 0x0008 != 0;
        let mut constant = None;
        let mut type_args = None;
        for a in &f.attributes {
            if let Attribute::ConstantValue { constant_value_index, .. } = a
                && is_static
            {
                constant = Some(ctx.constant(*constant_value_index)?);
            }
            if let Attribute::Signature { signature_index, .. } = a {
                type_args = crate::bytecode::type_args_of(&ctx.utf8(*signature_index)?).map(Arc::from);
            }
        }
        fields.push(FieldDecl {
            name: fname,
            desc,
            ty,
            is_static,
            constant,
            type_args,
        });
    }
    let mut methods = Vec::new();
    for m in &cf.methods {
        let mname = ctx.utf8(m.name_index)?;
        let desc = ctx.utf8(m.descriptor_index)?;
        let mdesc = MethodDesc::parse(&desc).ok_or_else(|| DecodeError::Descriptor {
            class: name.to_string(),
            desc: desc.to_string(),
        })?;
        let mut code_ops = Vec::new();
        let mut handlers = Vec::new();
        let mut lines = Vec::new();
        let mut max_locals = 0;
        let mut vkinds = Vec::new();
        let mut signature = None;
        for a in &m.attributes {
            if let Attribute::Signature { signature_index, .. } = a {
                signature = Some(ctx.utf8(*signature_index)?);
            }
            if let Attribute::Code {
                max_locals: ml,
                code,
                exception_table,
                attributes,
                ..
            } = a
            {
                max_locals = *ml;
                for (i, ins) in code.iter().enumerate() {
                    code_ops.push(decode_op(&mut ctx, i, ins)?);
                    vkinds.push(type_letter(ins));
                }
                for e in exception_table {
                    let catch = if e.catch_type == 0 {
                        None
                    } else {
                        Some(ctx.class_name(e.catch_type)?)
                    };
                    handlers.push(Handler {
                        start: e.range_pc.start as u32,
                        end: e.range_pc.end as u32,
                        handler: e.handler_pc as u32,
                        catch,
                    });
                }
                lines = vec![0u16; code.len()];
                let mut table: Vec<(u16, u16)> = Vec::new();
                for ca in attributes {
                    if let Attribute::LineNumberTable { line_numbers, .. } = ca {
                        table.extend(line_numbers.iter().map(|l| (l.start_pc, l.line_number)));
                    }
                }
                table.sort();
                for (k, (start, line)) in table.iter().enumerate() {
                    let end = table.get(k + 1).map(|n| n.0 as usize).unwrap_or(code.len());
                    for slot in lines.iter_mut().take(end).skip(*start as usize) {
                        *slot = *line;
                    }
                }
            }
        }
        methods.push(Method {
            id: 0,
            class: 0,
            class_name: name.clone(),
            name: mname,
            desc,
            mdesc,
            access: m.access_flags.bits(),
            max_locals,
            code: code_ops,
            vkinds,
            handlers,
            lines,
            signature,
        });
    }
    let mut source_file = None;
    let mut bootstraps = Vec::new();
    for a in &cf.attributes {
        match a {
            Attribute::SourceFile { source_file_index, .. } => source_file = Some(ctx.utf8(*source_file_index)?.to_string()),
            Attribute::BootstrapMethods { methods: bms, .. } => {
                for b in bms {
                    let handle = ctx.handle(b.bootstrap_method_ref);
                    let args = b.arguments.iter().map(|a| ctx.bs_arg(*a)).collect();
                    bootstraps.push(Bootstrap { handle, args });
                }
            }
            _ => {}
        }
    }
    Ok(DecodedClass {
        name,
        super_name,
        interfaces,
        access: cf.access_flags.bits(),
        major: cf.version.major(),
        fields,
        methods,
        source_file,
        bootstraps,
    })
}
