//! Bytecode verification of application classes on load, as the JVM's linker does: the structural
//! checks of [`ClassFile::verify`], then ristretto's type-inference bytecode verifier for every
//! method, plus (version 50 and later) the StackMapTable placement rule of [`frames`].
//!
//! ristretto 0.31's StackMapTable-driven verifier cannot be used on parsed classes: it reads
//! array types in frames as class names (`[I` is never assignable to `int[]`), so it rejects
//! most valid methods with array locals. Its type-inference verifier computes every type from
//! the instructions and is run on all class files; the frames are only checked for presence.
//! [`byteform`] turns the parser's instruction indices back into byte offsets first, which both
//! verifiers need.
//!
//! Class-hierarchy questions (assignability, common superclasses) are answered by [`Hierarchy`]
//! from the classes already loaded and, for the others, from the class headers on the
//! classpath, without linking them. Where the answer is unknowable (a class that is not on the
//! classpath, array types passed as names), the context answers permissively: a valid class must
//! never be rejected. Skipped, not checked: methods of pre-50 class files that use `jsr`/`ret`
//! (ristretto rejects every subroutine, the JVM accepts them there), methods whose inference
//! does not converge within its iteration budget, and any class on which ristretto's verifier
//! panics (a bug there must not stop jsymex).

mod byteform;
mod frames;

use crate::classpath::ClassPath;
use ristretto_classfile::attributes::{Attribute, Instruction};
use ristretto_classfile::verifiers::bytecode::{FallbackStrategy, VerifierConfig, verify_method};
use ristretto_classfile::verifiers::context::VerificationContext;
use ristretto_classfile::verifiers::error::{Result as VResult, VerifyError};
use ristretto_classfile::{ClassAccessFlags, ClassFile, Method};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Once;

/// A class rejected by the verifier: where and why, printed like the JVM's `VerifyError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyFailure {
    /// Internal name of the class.
    pub class: String,
    /// `name(descriptor)` of the method, when the failure is inside one.
    pub method: Option<String>,
    /// Bytecode offset, when the verifier names one.
    pub pc: Option<u32>,
    /// The verifier's message.
    pub reason: String,
}

impl std::fmt::Display for VerifyFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "VerifyError: class {}", self.class)?;
        if let Some(m) = &self.method {
            write!(f, ", method {m}")?;
        }
        if let Some(pc) = self.pc {
            write!(f, ", pc {pc}")?;
        }
        write!(f, ": {}", self.reason.replace('\n', " "))
    }
}

/// What the verifier needs to know about a class: its superclass, interfaces and kind.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    /// Superclass (internal name), `None` for `java/lang/Object`.
    pub super_name: Option<String>,
    /// True for interfaces.
    pub is_interface: bool,
}

/// Headers already known, by internal name (`None`: not on the classpath or unreadable).
pub(crate) type HeaderCache = HashMap<String, Option<Header>>;

/// The verifier's view of the class hierarchy: loaded classes first, then headers read from the
/// classpath (cached for the program's lifetime).
pub(crate) struct Hierarchy<'a> {
    /// Where unloaded classes are read from.
    pub classpath: &'a ClassPath,
    /// Headers of the classes the program has loaded.
    pub loaded: &'a dyn Fn(&str) -> Option<Header>,
    /// Headers read so far.
    pub cache: RefCell<&'a mut HeaderCache>,
}

impl Hierarchy<'_> {
    fn header(&self, name: &str) -> Option<Header> {
        if let Some(h) = (self.loaded)(name) {
            return Some(h);
        }
        if let Some(h) = self.cache.borrow().get(name) {
            return h.clone();
        }
        let h = self.read_header(name);
        self.cache.borrow_mut().insert(name.to_string(), h.clone());
        h
    }

    fn read_header(&self, name: &str) -> Option<Header> {
        let (bytes, _) = self.classpath.find(name).ok()??;
        let cf = ClassFile::from_bytes(&bytes).ok()?;
        let super_name = if cf.super_class == 0 {
            None
        } else {
            Some(cf.constant_pool.try_get_class(cf.super_class).ok()?.to_rust_string())
        };
        Some(Header {
            super_name,
            is_interface: cf.access_flags.contains(ClassAccessFlags::INTERFACE),
        })
    }

    /// The superclass chain of a class, itself first; `complete` is false when a class on the
    /// way could not be read.
    fn chain(&self, name: &str) -> (Vec<String>, bool) {
        let mut out = vec![name.to_string()];
        let mut cur = name.to_string();
        while out.len() < 256 {
            match self.header(&cur) {
                Some(Header { super_name: Some(s), .. }) => {
                    out.push(s.clone());
                    cur = s;
                }
                Some(Header { super_name: None, .. }) => return (out, true),
                None => return (out, false),
            }
        }
        (out, false)
    }
}

impl VerificationContext for Hierarchy<'_> {
    fn is_subclass(&self, subclass: &str, superclass: &str) -> VResult<bool> {
        if subclass == superclass || superclass == "java/lang/Object" {
            return Ok(true);
        }
        let (chain, complete) = self.chain(subclass);
        Ok(chain.iter().any(|c| c == superclass) || !complete)
    }

    fn is_assignable(&self, target: &str, source: &str) -> VResult<bool> {
        if target == source || target == "java/lang/Object" {
            return Ok(true);
        }
        if target.starts_with('[') || source.starts_with('[') {
            // Array types reach the context only by name; the type checker handles arrays
            // structurally, so anything left is not decidable here.
            return Ok(true);
        }
        match self.header(target) {
            // The JVM's verifier treats interface types like Object.
            None | Some(Header { is_interface: true, .. }) => Ok(true),
            Some(_) => self.is_subclass(source, target),
        }
    }

    fn common_superclass(&self, class1: &str, class2: &str) -> VResult<String> {
        if class1 == class2 {
            return Ok(class1.to_string());
        }
        let interface = |c: &str| self.header(c).is_some_and(|h| h.is_interface);
        if class1.starts_with('[') || class2.starts_with('[') || interface(class1) || interface(class2) {
            return Ok("java/lang/Object".to_string());
        }
        let (first, _) = self.chain(class1);
        let (second, _) = self.chain(class2);
        Ok(second
            .into_iter()
            .find(|c| first.contains(c))
            .unwrap_or_else(|| "java/lang/Object".to_string()))
    }
}

thread_local! {
    static QUIET_PANICS: Cell<bool> = const { Cell::new(false) };
}

/// Installs (once) a panic hook that stays silent while this thread runs the verifier.
fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET_PANICS.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Verifies a parsed application class: structure first, then every method's bytecode.
pub(crate) fn verify_class(cf: &ClassFile<'_>, class: &str, ctx: &Hierarchy<'_>) -> Result<(), VerifyFailure> {
    install_quiet_hook();
    QUIET_PANICS.with(|q| q.set(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| verify_unguarded(cf, class, ctx)));
    QUIET_PANICS.with(|q| q.set(false));
    // A panic inside ristretto's verifier is its bug, not evidence against the class.
    result.unwrap_or(Ok(()))
}

fn verify_unguarded(cf: &ClassFile<'_>, class: &str, ctx: &Hierarchy<'_>) -> Result<(), VerifyFailure> {
    cf.verify().map_err(|e| failure(class, None, &e.to_string()))?;
    let major = cf.version.major();
    let bf = byteform::byte_form(cf).map_err(|(k, e)| failure(class, Some(member_name(cf, &cf.methods[k])), &e))?;
    for m in &bf.methods {
        if major < 50 && uses_subroutines(m) {
            continue;
        }
        if major >= 50
            && let Some((pc, reason)) = frames::check(m)
        {
            let mut f = failure(class, Some(member_name(cf, m)), &reason);
            f.pc = Some(pc);
            return Err(f);
        }
        let config = VerifierConfig {
            fallback_strategy: FallbackStrategy::AlwaysInference,
            max_inference_iterations: 1000 + 64 * code_len(m),
            ..VerifierConfig::default()
        };
        match verify_method(&bf, m, ctx, &config) {
            Ok(_) => {}
            // Not evidence against the method: the iteration budget ran out.
            Err(e) if e.to_string().contains("exceeded maximum iterations") => {}
            Err(e) => return Err(failure(class, Some(member_name(cf, m)), &message(&e))),
        }
    }
    Ok(())
}

/// Number of instructions of a method's code.
fn code_len(m: &Method) -> usize {
    m.attributes
        .iter()
        .map(|a| match a {
            Attribute::Code { code, .. } => code.len(),
            _ => 0,
        })
        .sum()
}

/// True when a method's code has `jsr` or `ret` (legal before version 50, which ristretto's
/// verifier does not model).
fn uses_subroutines(m: &Method) -> bool {
    m.attributes.iter().any(|a| match a {
        Attribute::Code { code, .. } => code.iter().any(|i| {
            matches!(
                i,
                Instruction::Jsr(_) | Instruction::Jsr_w(_) | Instruction::Ret(_) | Instruction::Ret_w(_)
            )
        }),
        _ => false,
    })
}

fn member_name(cf: &ClassFile<'_>, m: &Method) -> String {
    let get = |i| {
        cf.constant_pool
            .try_get_utf8(i)
            .map(|s| s.to_rust_string())
            .unwrap_or_else(|_| format!("#{i}"))
    };
    format!("{}{}", get(m.name_index), get(m.descriptor_index))
}

/// The verifier's message without its own `VerifyError: ` prefix.
fn message(e: &VerifyError) -> String {
    let text = e.to_string();
    text.strip_prefix("VerifyError: ").map(str::to_string).unwrap_or(text)
}

fn failure(class: &str, method: Option<String>, reason: &str) -> VerifyFailure {
    VerifyFailure {
        class: class.to_string(),
        method,
        pc: pc_in(reason),
        reason: reason.to_string(),
    }
}

/// The bytecode offset a verifier message names (`… at offset 12 …`, `offset: 12`), if any.
fn pc_in(reason: &str) -> Option<u32> {
    let at = reason.find("offset")?;
    let rest = reason[at + "offset".len()..].trim_start_matches([' ', ':', '=']);
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pc_is_read_from_the_message() {
        assert_eq!(pc_in("Stack depth mismatch at offset 12: computed 1 vs expected 0"), Some(12));
        assert_eq!(pc_in("Invalid instruction offset: 7"), Some(7));
        assert_eq!(pc_in("Stack underflow"), None);
    }

    #[test]
    fn failure_prints_like_the_jvm() {
        let f = VerifyFailure {
            class: "pkg/Cls".into(),
            method: Some("foo(I)I".into()),
            pc: Some(12),
            reason: "bad".into(),
        };
        assert_eq!(f.to_string(), "VerifyError: class pkg/Cls, method foo(I)I, pc 12: bad");
    }
}
