//! Decodes ristretto class files into jsymex's own instruction list ([`Op`]) with resolved
//! constant-pool references, exception handlers and line numbers, once per method.
//!
//! Branch targets are instruction indices (ristretto already converts byte offsets; switch
//! offsets, which ristretto keeps relative, are made absolute here).

pub mod decode;
pub mod descriptor;

use crate::symbolic::{BinOp, UnOp};
use std::sync::{Arc, OnceLock};

pub use descriptor::{JType, MethodDesc};

/// Errors while decoding a class file; each names the class (and method when known).
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    /// The bytes are not a valid class file.
    #[error("malformed class file {what}: {reason}")]
    Malformed {
        /// File or class name.
        what: String,
        /// Parser message.
        reason: String,
    },
    /// A constant-pool reference is broken.
    #[error("class {class}: bad constant pool entry #{index}: {reason}")]
    ConstantPool {
        /// Class.
        class: String,
        /// Index.
        index: u16,
        /// Why.
        reason: String,
    },
    /// A descriptor does not parse.
    #[error("class {class}: bad descriptor {desc}")]
    Descriptor {
        /// Class.
        class: String,
        /// The descriptor.
        desc: String,
    },
}

/// A symbolic reference to a field or method, resolved lazily (and once) by the VM.
#[derive(Debug)]
pub struct MemberRef {
    /// Internal name of the referenced class.
    pub class: Arc<str>,
    /// Member name.
    pub name: Arc<str>,
    /// Descriptor.
    pub desc: Arc<str>,
    /// Parsed method descriptor (for method refs).
    pub mdesc: Option<MethodDesc>,
    /// Parsed field type (for field refs).
    pub ftype: Option<JType>,
    /// Resolution cache filled by the VM.
    pub resolved: OnceLock<Resolved>,
    /// The last virtual dispatch through this reference, `(receiver class << 32) | method`
    /// ([`MemberRef::NO_DISPATCH`] before the first): one-entry inline cache. Read and written
    /// without ordering, as a whole word, by every thread running the method.
    pub dispatched: std::sync::atomic::AtomicU64,
}

impl MemberRef {
    /// [`MemberRef::dispatched`] before any dispatch.
    pub const NO_DISPATCH: u64 = u64::MAX;
}

/// What a member reference resolved to.
#[derive(Clone, Copy, Debug)]
pub enum Resolved {
    /// A method (global method index).
    Method(u32),
    /// An instance field slot.
    Field(u32),
    /// A static field: owning class and slot.
    Static(u32, u32),
}

/// An `invokedynamic` call site.
#[derive(Debug)]
pub struct IndyRef {
    /// Bootstrap method index.
    pub bootstrap: u16,
    /// Call-site name.
    pub name: Arc<str>,
    /// Call-site descriptor.
    pub desc: Arc<str>,
}

/// Element kind of a primitive array (from `newarray`) or of array load/store instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrKind {
    /// boolean[] (`baload/bastore` shared with byte).
    Boolean,
    /// byte[].
    Byte,
    /// char[].
    Char,
    /// short[].
    Short,
    /// int[].
    Int,
    /// long[].
    Long,
    /// float[].
    Float,
    /// double[].
    Double,
    /// Reference arrays.
    Ref,
}

/// Comparison in conditional branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// ==
    Eq,
    /// !=
    Ne,
    /// <
    Lt,
    /// >=
    Ge,
    /// >
    Gt,
    /// <=
    Le,
}

/// Kind of method invocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InvokeKind {
    /// invokestatic
    Static,
    /// invokespecial
    Special,
    /// invokevirtual
    Virtual,
    /// invokeinterface
    Interface,
}

/// A constant pushed by `ldc` and friends.
#[derive(Clone, Debug)]
pub enum Constant {
    /// null
    Null,
    /// int
    Int(i32),
    /// long
    Long(i64),
    /// float
    Float(f32),
    /// double
    Double(f64),
    /// A string literal (UTF-16 code units).
    String(Arc<[u16]>),
    /// A class literal (internal name).
    Class(Arc<str>),
}

/// One decoded instruction. Values on the operand stack carry their own type, so loads,
/// stores and arithmetic are type-agnostic here.
#[derive(Clone, Debug)]
pub enum Op {
    /// nop
    Nop,
    /// Push a constant.
    Const(Constant),
    /// Load a local.
    Load(u16),
    /// Store a local.
    Store(u16),
    /// Array element load.
    ArrayLoad(ArrKind),
    /// Array element store.
    ArrayStore(ArrKind),
    /// pop
    Pop,
    /// pop2
    Pop2,
    /// dup
    Dup,
    /// dup_x1
    DupX1,
    /// dup_x2
    DupX2,
    /// dup2
    Dup2,
    /// dup2_x1
    Dup2X1,
    /// dup2_x2
    Dup2X2,
    /// swap
    Swap,
    /// Binary arithmetic/bitwise operation (type from the operands).
    Arith(BinOp),
    /// Arithmetic negation.
    Neg,
    /// iinc
    Iinc(u16, i16),
    /// A conversion.
    Convert(UnOp),
    /// lcmp / fcmpl / fcmpg / dcmpl / dcmpg.
    Compare(BinOp),
    /// if<cond> against zero.
    If(Cond, u32),
    /// if_icmp<cond>.
    IfCmp(Cond, u32),
    /// if_acmpeq (true) / if_acmpne (false).
    IfRefEq(bool, u32),
    /// ifnull (true) / ifnonnull (false).
    IfNull(bool, u32),
    /// goto
    Goto(u32),
    /// tableswitch: low key, absolute targets, default.
    TableSwitch(i32, Box<[u32]>, u32),
    /// lookupswitch: (key, absolute target) sorted by key, default.
    LookupSwitch(Box<[(i32, u32)]>, u32),
    /// Return, with or without a value.
    Return(bool),
    /// getstatic
    GetStatic(Arc<MemberRef>),
    /// putstatic
    PutStatic(Arc<MemberRef>),
    /// getfield
    GetField(Arc<MemberRef>),
    /// putfield
    PutField(Arc<MemberRef>),
    /// Method invocation.
    Invoke(InvokeKind, Arc<MemberRef>),
    /// invokedynamic.
    InvokeDynamic(Arc<IndyRef>),
    /// new
    New(Arc<str>),
    /// newarray of a primitive kind.
    NewArray(ArrKind),
    /// anewarray with the element class's internal name (or array descriptor).
    ANewArray(Arc<str>),
    /// multianewarray: array descriptor and dimensions.
    MultiANewArray(Arc<str>, u8),
    /// arraylength
    ArrayLength,
    /// athrow
    Athrow,
    /// checkcast
    CheckCast(Arc<str>),
    /// instanceof
    InstanceOf(Arc<str>),
    /// monitorenter / monitorexit (no-ops: one thread).
    Monitor,
    /// jsr/ret, breakpoint and other instructions jsymex does not run.
    Unsupported(&'static str),
}

/// An exception-table entry in instruction indices.
#[derive(Clone, Debug)]
pub struct Handler {
    /// First covered instruction.
    pub start: u32,
    /// One past the last covered instruction.
    pub end: u32,
    /// Handler instruction.
    pub handler: u32,
    /// Caught class (internal name), `None` for catch-all.
    pub catch: Option<Arc<str>>,
}

/// A decoded method.
#[derive(Debug)]
pub struct Method {
    /// Global method index (set by the program when loaded).
    pub id: u32,
    /// Owning class index.
    pub class: u32,
    /// Owning class internal name.
    pub class_name: Arc<str>,
    /// Name.
    pub name: Arc<str>,
    /// Descriptor string.
    pub desc: Arc<str>,
    /// Parsed descriptor.
    pub mdesc: MethodDesc,
    /// Access flags.
    pub access: u16,
    /// Local slots.
    pub max_locals: u16,
    /// Instructions (empty for native/abstract methods).
    pub code: Vec<Op>,
    /// Operand type letter per instruction (`I`, `L`, `F`, `D`, `A`, or 0), for the analyses
    /// that need stack categories.
    pub vkinds: Vec<u8>,
    /// Exception handlers, in table order.
    pub handlers: Vec<Handler>,
    /// Source line per instruction (0 = unknown).
    pub lines: Vec<u16>,
    /// The generic signature (`Signature` attribute), when the method has one.
    pub signature: Option<Arc<str>>,
}

impl Method {
    /// The class type arguments of each parameter, from the generic signature: for
    /// `(Ljava/util/Map<Ljava/lang/String;Ljava/lang/Integer;>;I)V`, `[[String, Integer], []]`
    /// (internal names). Wildcards give their bound, type variables and `*` `java/lang/Object`;
    /// `None` without a signature or when it does not parse.
    pub fn param_type_args(&self) -> Option<Vec<Vec<String>>> {
        let sig = self.signature.as_deref()?;
        let mut s = sig.as_bytes();
        if s.first() == Some(&b'<') {
            let mut depth = 0;
            let mut i = 0;
            while i < s.len() {
                match s[i] {
                    b'<' => depth += 1,
                    b'>' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            s = s.get(i + 1..)?;
        }
        let mut rest = s.strip_prefix(b"(")?;
        let mut out = Vec::new();
        while rest.first() != Some(&b')') {
            let (args, r) = generic::type_sig(rest)?;
            out.push(args);
            rest = r;
        }
        Some(out)
    }
}

/// The class type arguments of a field's generic type signature (`Ljava/util/List<Ljava/lang/String;>;`:
/// `[java/lang/String]`); `None` when it does not parse.
pub fn type_args_of(signature: &str) -> Option<Vec<String>> {
    match generic::type_sig(signature.as_bytes())? {
        (args, []) => Some(args),
        _ => None,
    }
}

/// Parsing generic type signatures (JVMS 4.7.9.1), as far as parameter type arguments go.
mod generic {
    /// One type signature at the start of `s`: the class type arguments of its outermost class
    /// type (internal names), and the rest of `s`.
    pub fn type_sig(s: &[u8]) -> Option<(Vec<String>, &[u8])> {
        match *s.first()? {
            b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b'V' => Some((vec![], &s[1..])),
            b'[' => type_sig(&s[1..]).map(|(_, r)| (vec![], r)),
            b'T' => {
                let end = s.iter().position(|c| *c == b';')?;
                Some((vec![], &s[end + 1..]))
            }
            b'L' => class_sig(s),
            _ => None,
        }
    }

    /// `Lpkg/Name<args>.Inner<args>;`: the last type arguments seen, and the rest.
    fn class_sig(s: &[u8]) -> Option<(Vec<String>, &[u8])> {
        let mut i = 1;
        let mut args = Vec::new();
        while i < s.len() {
            match s[i] {
                b';' => return Some((args, &s[i + 1..])),
                b'<' => {
                    args.clear();
                    let mut r = &s[i + 1..];
                    while r.first() != Some(&b'>') {
                        let (name, rest) = type_arg(r)?;
                        args.push(name);
                        r = rest;
                    }
                    i = s.len() - r.len() + 1;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// One type argument: its class (internal name; `java/lang/Object` for `*` and type
    /// variables, the element's class name for arrays as a descriptor).
    fn type_arg(s: &[u8]) -> Option<(String, &[u8])> {
        match *s.first()? {
            b'*' => Some(("java/lang/Object".into(), &s[1..])),
            b'+' | b'-' => type_arg(&s[1..]).map(|(n, r)| if s[0] == b'-' { ("java/lang/Object".into(), r) } else { (n, r) }),
            b'L' => {
                let end = s.iter().position(|c| *c == b'<' || *c == b';')?;
                let name = String::from_utf8_lossy(&s[1..end]).into_owned();
                let (_, r) = class_sig(s)?;
                Some((name, r))
            }
            b'T' => {
                let end = s.iter().position(|c| *c == b';')?;
                Some(("java/lang/Object".into(), &s[end + 1..]))
            }
            b'[' => {
                let (_, r) = type_sig(s)?;
                Some(("java/lang/Object".into(), r))
            }
            _ => None,
        }
    }
}

impl Method {
    /// ACC_STATIC
    pub fn is_static(&self) -> bool {
        self.access & 0x0008 != 0
    }
    /// ACC_NATIVE
    pub fn is_native(&self) -> bool {
        self.access & 0x0100 != 0
    }
    /// ACC_ABSTRACT
    pub fn is_abstract(&self) -> bool {
        self.access & 0x0400 != 0
    }
    /// `Class.name(desc)` for messages.
    pub fn display(&self) -> String {
        format!("{}.{}{}", self.class_name.replace('/', "."), self.name, self.desc)
    }
    /// Source line of an instruction (0 when unknown).
    pub fn line(&self, pc: u32) -> u16 {
        self.lines.get(pc as usize).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod signature_tests {
    use super::*;

    fn method(desc: &str, signature: Option<&str>) -> Method {
        Method {
            id: 0,
            class: 0,
            class_name: "T".into(),
            name: "m".into(),
            desc: desc.into(),
            mdesc: MethodDesc::parse(desc).expect("descriptor"),
            access: 0,
            max_locals: 0,
            code: vec![],
            vkinds: vec![],
            handlers: vec![],
            lines: vec![],
            signature: signature.map(Into::into),
        }
    }

    /// Type arguments per parameter: nested generics, wildcards, type variables, arrays and
    /// primitives; no signature, none.
    #[test]
    fn parameter_type_arguments_from_generic_signatures() {
        let m = method(
            "(Ljava/util/Map;I[ILjava/util/List;Ljava/util/List;Ljava/lang/Object;)V",
            Some(
                "<T:Ljava/lang/Object;>(Ljava/util/Map<Ljava/lang/String;Ljava/util/List<Ljava/lang/Integer;>;>;I[ILjava/util/List<+Ljava/lang/Number;>;Ljava/util/List<*>;TT;)V",
            ),
        );
        let args = m.param_type_args().expect("parses");
        assert_eq!(
            args,
            vec![
                vec!["java/lang/String".to_string(), "java/util/List".to_string()],
                vec![],
                vec![],
                vec!["java/lang/Number".to_string()],
                vec!["java/lang/Object".to_string()],
                vec![],
            ]
        );
        assert_eq!(method("(Ljava/util/List;)V", None).param_type_args(), None);
        assert_eq!(method("(Ljava/util/List;)V", Some("(Ljava/util/List<")).param_type_args(), None);
    }
}
