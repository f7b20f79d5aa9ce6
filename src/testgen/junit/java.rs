//! Java source text for the generated tests: exact literals (primitives, strings, arrays),
//! test-method names from branch labels, and source names of classes as seen from the test's
//! package (nested classes through their `InnerClasses` entries; private, local and anonymous
//! classes have no usable name).

use crate::bytecode::JType;
use crate::program::Program;
use crate::symbolic::Scalar;
use crate::vm::OutValue;
use ristretto_classfile::ClassFile;
use ristretto_classfile::attributes::Attribute;
use std::fmt::Write as _;

/// An `int` literal (`Integer.MIN_VALUE` has no literal form of its own).
pub fn int_lit(v: i32) -> String {
    if v == i32::MIN { "Integer.MIN_VALUE".into() } else { v.to_string() }
}

/// A `long` literal with its `L` suffix.
pub fn long_lit(v: i64) -> String {
    if v == i64::MIN { "Long.MIN_VALUE".into() } else { format!("{v}L") }
}

/// One UTF-16 code unit escaped for a Java char or string literal (`quote` is the delimiter).
/// Unicode escapes are used only for code units that cannot be a line terminator, a quote or a
/// backslash after javac's escape pre-processing.
fn escape_unit(out: &mut String, c: u16, quote: char) {
    match c {
        0x08 => out.push_str("\\b"),
        0x09 => out.push_str("\\t"),
        0x0a => out.push_str("\\n"),
        0x0c => out.push_str("\\f"),
        0x0d => out.push_str("\\r"),
        0x5c => out.push_str("\\\\"),
        0x22 | 0x27 if char::from(c as u8) == quote => {
            out.push('\\');
            out.push(quote);
        }
        0x20..=0x7e => out.push(char::from(c as u8)),
        _ => {
            let _ = write!(out, "\\u{c:04x}");
        }
    }
}

/// A `char` literal: `'a'`, `'\''`, `'\\'`, `'\n'`, `'\u0000'`.
pub fn char_lit(c: u16) -> String {
    let mut s = String::from("'");
    escape_unit(&mut s, c, '\'');
    s.push('\'');
    s
}

/// A string literal with escapes (ASCII only in the output).
pub fn string_lit(v: &str) -> String {
    let mut s = String::from("\"");
    for u in v.encode_utf16() {
        escape_unit(&mut s, u, '"');
    }
    s.push('"');
    s
}

/// Significant decimal digits of a shortest round-trip rendering (`1.25e-7` → 3).
fn sig_digits(text: &str) -> usize {
    let mantissa = text.split(['e', 'E']).next().unwrap_or("");
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    digits.trim_start_matches('0').trim_end_matches('0').len().max(1)
}

/// Hexadecimal fraction digits of a mantissa left-aligned to `bits` bits, trailing zeros
/// removed (at least one digit).
fn hex_fraction(mantissa: u64, bits: u32) -> String {
    let digits = bits.div_ceil(4);
    let aligned = mantissa << (digits * 4 - bits);
    let s = format!("{aligned:0width$x}", width = digits as usize);
    let t = s.trim_end_matches('0');
    if t.is_empty() { "0".into() } else { t.into() }
}

/// A `float` literal that javac turns into exactly `f`: short decimals (`1.5f`), the named
/// constants for NaN and the infinities, `-0.0f`, hexadecimal literals (`0x1.99999ap-4f`) when
/// the shortest decimal is long or subnormal, `Float.intBitsToFloat(0x…)` for NaN payloads.
pub fn float_lit(f: f32) -> String {
    let bits = f.to_bits();
    if f.is_nan() {
        return if bits == 0x7fc0_0000 {
            "Float.NaN".into()
        } else {
            format!("Float.intBitsToFloat(0x{bits:08x})")
        };
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Float.POSITIVE_INFINITY".into()
        } else {
            "Float.NEGATIVE_INFINITY".into()
        };
    }
    let sign = if bits >> 31 == 1 { "-" } else { "" };
    if f == 0.0 {
        return format!("{sign}0.0f");
    }
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = (bits & 0x7f_ffff) as u64;
    let dec = format!("{f:?}");
    if exp != 0 && sig_digits(&dec) <= 7 {
        return format!("{dec}f");
    }
    if exp == 0 {
        format!("{sign}0x0.{}p-126f", hex_fraction(man, 23))
    } else {
        format!("{sign}0x1.{}p{}f", hex_fraction(man, 23), exp - 127)
    }
}

/// A `double` literal that javac turns into exactly `d` (see [`float_lit`]; NaN payloads as
/// `Double.longBitsToDouble(0x…L)`).
pub fn double_lit(d: f64) -> String {
    let bits = d.to_bits();
    if d.is_nan() {
        return if bits == 0x7ff8_0000_0000_0000 {
            "Double.NaN".into()
        } else {
            format!("Double.longBitsToDouble(0x{bits:016x}L)")
        };
    }
    if d.is_infinite() {
        return if d > 0.0 {
            "Double.POSITIVE_INFINITY".into()
        } else {
            "Double.NEGATIVE_INFINITY".into()
        };
    }
    let sign = if bits >> 63 == 1 { "-" } else { "" };
    if d == 0.0 {
        return format!("{sign}0.0");
    }
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let man = bits & 0xf_ffff_ffff_ffff;
    let dec = format!("{d:?}");
    if exp != 0 && sig_digits(&dec) <= 15 {
        return dec;
    }
    if exp == 0 {
        format!("{sign}0x0.{}p-1022", hex_fraction(man, 52))
    } else {
        format!("{sign}0x1.{}p{}", hex_fraction(man, 52), exp - 1023)
    }
}

/// A literal of a primitive type: `(byte) -3`, `(short) 7`, `'a'`, `true`, `5L`, `1.5f`, ….
pub fn scalar_lit(ty: &JType, v: Scalar) -> String {
    match (ty, v) {
        (JType::Boolean, Scalar::I32(i)) => (i != 0).to_string(),
        (_, Scalar::Bool(b)) => b.to_string(),
        (JType::Byte, Scalar::I32(i)) => format!("(byte) {}", i as i8),
        (JType::Short, Scalar::I32(i)) => format!("(short) {}", i as i16),
        (JType::Char, Scalar::I32(i)) => char_lit(i as u16),
        (JType::Long, Scalar::I32(i)) => long_lit(i as i64),
        (JType::Float, Scalar::I32(i)) => float_lit(i as f32),
        (JType::Double, Scalar::I32(i)) => double_lit(i as f64),
        (_, Scalar::I32(i)) => int_lit(i),
        (_, Scalar::I64(i)) => long_lit(i),
        (_, Scalar::F32(f)) => float_lit(f),
        (_, Scalar::F64(d)) => double_lit(d),
    }
}

/// The source spelling of a type whose classes are all nameable from the test
/// (`int[][]`, `String`), used in array creation and casts.
pub fn type_src(prog: &Program, ty: &JType, pkg: &str) -> Option<String> {
    Some(match ty {
        JType::Object(n) => source_name(prog, n, pkg)?,
        JType::Array(e) => format!("{}[]", type_src(prog, e, pkg)?),
        JType::Void => return None,
        t => t.java_name(),
    })
}

/// A reported value as a literal of type `ty`: scalars, strings, null, and arrays of those
/// (`new int[] {1, 2}`); every NaN as the canonical one. `None` for objects, which have no
/// literal.
pub fn out_lit(prog: &Program, ty: &JType, v: &OutValue, pkg: &str) -> Option<String> {
    Some(match (ty, v) {
        (_, OutValue::Null) if !ty.is_primitive() => "null".into(),
        (JType::Boolean, OutValue::Bool(b)) => b.to_string(),
        (JType::Char, OutValue::Char(c)) => char_lit(*c),
        (JType::Byte, OutValue::Int(i)) => format!("(byte) {}", *i as i8),
        (JType::Short, OutValue::Int(i)) => format!("(short) {}", *i as i16),
        (JType::Int, OutValue::Int(i)) => int_lit(*i as i32),
        (JType::Long, OutValue::Int(i)) => long_lit(*i),
        // Expected values are compared through floatToIntBits/doubleToLongBits or equals(),
        // which treat every NaN alike: the canonical NaN reads better than a payload.
        (JType::Float, OutValue::Float(f)) => float_lit(if f.is_nan() { f32::NAN } else { *f }),
        (JType::Double, OutValue::Double(d)) => double_lit(if d.is_nan() { f64::NAN } else { *d }),
        (JType::Object(_), OutValue::Str(s)) => string_lit(s),
        (JType::Array(elem), OutValue::Array(xs)) => {
            let items: Option<Vec<String>> = xs.iter().map(|x| out_lit(prog, elem, x, pkg)).collect();
            format!("new {} {{{}}}", type_src(prog, ty, pkg)?, items?.join(", "))
        }
        _ => return None,
    })
}

/// A branch label (`Fig2.java:12T`, `X.java:7:case -3`, `X.java:14:div0=T`) as an identifier
/// fragment: `line12T`, `line7casem3`, `line14div0T`; branches in another source file than
/// the driver's are prefixed with that file's stem (`Helper_line5F`), and branches in library
/// models with `model` and the stem (`model:java/lang/String.java:88T` → `modelString_line88T`).
pub fn label_ident(label: &str, driver_file: Option<&str>) -> String {
    let (model, label) = match label.strip_prefix(crate::testgen::MODEL_PREFIX) {
        Some(rest) => (true, rest),
        None => (false, label),
    };
    let (file, rest) = label.split_once(':').unwrap_or(("", label));
    let mut s = String::new();
    if model {
        s.push_str("model");
    }
    if model || (!file.is_empty() && Some(file) != driver_file) {
        let stem = file.rsplit('/').next().unwrap_or(file);
        s.extend(stem.trim_end_matches(".java").chars().filter(|c| c.is_ascii_alphanumeric()));
        s.push('_');
    }
    if rest.starts_with(|c: char| c.is_ascii_digit()) {
        s.push_str("line");
    }
    for c in rest.chars() {
        match c {
            c if c.is_ascii_alphanumeric() => s.push(c),
            '-' => s.push('m'),
            '@' => s.push_str("_pc"),
            _ => {}
        }
    }
    s
}

/// A test method name `path<id>_<label>_<label>…`, at most `max` characters (a cut name ends
/// in `_etc`), made unique against `used` (which it joins).
pub fn test_name(id: u64, fragments: &[String], max: usize, used: &mut std::collections::HashSet<String>) -> String {
    let mut name = format!("path{id}");
    for (i, f) in fragments.iter().enumerate() {
        if name.len() + 1 + f.len() > max.saturating_sub(if i + 1 < fragments.len() { 4 } else { 0 }) {
            name.push_str("_etc");
            break;
        }
        name.push('_');
        name.push_str(f);
    }
    let mut unique = name.clone();
    let mut k = 2;
    while used.contains(&unique) {
        unique = format!("{name}_{k}");
        k += 1;
    }
    used.insert(unique.clone());
    unique
}

/// True for a valid Java identifier that is not a keyword.
pub fn is_identifier(s: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "abstract",
        "assert",
        "boolean",
        "break",
        "byte",
        "case",
        "catch",
        "char",
        "class",
        "const",
        "continue",
        "default",
        "do",
        "double",
        "else",
        "enum",
        "extends",
        "final",
        "finally",
        "float",
        "for",
        "goto",
        "if",
        "implements",
        "import",
        "instanceof",
        "int",
        "interface",
        "long",
        "native",
        "new",
        "package",
        "private",
        "protected",
        "public",
        "return",
        "short",
        "static",
        "strictfp",
        "super",
        "switch",
        "synchronized",
        "this",
        "throw",
        "throws",
        "transient",
        "try",
        "void",
        "volatile",
        "while",
        "true",
        "false",
        "null",
        "_",
    ];
    let mut cs = s.chars();
    cs.next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && cs.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        && !KEYWORDS.contains(&s)
}

/// The package of an internal class name, with dots (`""` for the default package).
pub fn package_of(internal: &str) -> String {
    internal.rsplit_once('/').map(|(p, _)| p.replace('/', ".")).unwrap_or_default()
}

/// Where a class sits, from the `InnerClasses` entry of its class file about itself.
enum Nesting {
    /// A top-level class with its access flags.
    TopLevel(u16),
    /// A member class: outer class, simple name, access flags as declared.
    Member(String, String, u16),
    /// A local or anonymous class.
    Local,
}

fn nesting(prog: &Program, internal: &str) -> Option<Nesting> {
    let (bytes, _) = prog.classpath.find(internal).ok()??;
    let cf = ClassFile::from_bytes(&bytes).ok()?;
    let cp = &cf.constant_pool;
    for a in &cf.attributes {
        let Attribute::InnerClasses { classes, .. } = a else { continue };
        for ic in classes {
            if !cp.try_get_class(ic.class_info_index).is_ok_and(|n| n.to_rust_string() == internal) {
                continue;
            }
            if ic.outer_class_info_index == 0 || ic.name_index == 0 {
                return Some(Nesting::Local);
            }
            let outer = cp.try_get_class(ic.outer_class_info_index).ok()?.to_rust_string();
            let simple = cp.try_get_utf8(ic.name_index).ok()?.to_rust_string();
            return Some(Nesting::Member(outer, simple, ic.access_flags.bits()));
        }
    }
    Some(Nesting::TopLevel(cf.access_flags.bits()))
}

/// The name of a class in the source of a test in package `pkg`, or `None` when the test
/// cannot name it (private, local or anonymous, not public in another package, or in the
/// default package while the test is not). Classes of the test's own package and of
/// `java.lang` (unless shadowed) get their simple names.
pub fn source_name(prog: &Program, internal: &str, pkg: &str) -> Option<String> {
    const PUBLIC: u16 = 0x0001;
    const PRIVATE: u16 = 0x0002;
    let own_pkg = package_of(internal);
    let same = own_pkg == pkg;
    match nesting(prog, internal)? {
        Nesting::Local => None,
        Nesting::Member(outer, simple, flags) => {
            if flags & PRIVATE != 0 || (flags & PUBLIC == 0 && !same) {
                return None;
            }
            Some(format!("{}.{simple}", source_name(prog, &outer, pkg)?))
        }
        Nesting::TopLevel(flags) => {
            if !same && (flags & PUBLIC == 0 || own_pkg.is_empty()) {
                return None;
            }
            let simple = internal.rsplit('/').next().unwrap_or(internal);
            if same {
                return Some(simple.to_string());
            }
            if own_pkg == "java.lang" {
                let shadow = if pkg.is_empty() {
                    simple.to_string()
                } else {
                    format!("{}/{simple}", pkg.replace('.', "/"))
                };
                if !matches!(prog.classpath.find(&shadow), Ok(Some(_))) {
                    return Some(simple.to_string());
                }
            }
            Some(internal.replace('/', "."))
        }
    }
}

/// True when the class or one of the given methods (name, descriptor) is deprecated, so that
/// javac warns where a test calls it.
pub fn deprecated(prog: &Program, internal: &str, methods: &[(&str, &str)]) -> bool {
    let Some((bytes, _)) = prog.classpath.find(internal).ok().flatten() else {
        return false;
    };
    let Ok(cf) = ClassFile::from_bytes(&bytes) else { return false };
    let cp = &cf.constant_pool;
    let utf8 = |i: u16| cp.try_get_utf8(i).map(|s| s.to_rust_string()).unwrap_or_default();
    let marked = |attrs: &[Attribute]| {
        attrs.iter().any(|a| match a {
            Attribute::Deprecated { .. } => true,
            Attribute::RuntimeVisibleAnnotations { annotations, .. } => {
                annotations.iter().any(|x| utf8(x.type_index) == "Ljava/lang/Deprecated;")
            }
            _ => false,
        })
    };
    marked(&cf.attributes)
        || cf.methods.iter().any(|m| {
            let (n, d) = (utf8(m.name_index), utf8(m.descriptor_index));
            methods.iter().any(|(mn, md)| *mn == n && *md == d) && marked(&m.attributes)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(int_lit(i32::MIN), "Integer.MIN_VALUE");
        assert_eq!(long_lit(-5), "-5L");
        assert_eq!(char_lit(0), "'\\u0000'");
        assert_eq!(char_lit('\'' as u16), "'\\''");
        assert_eq!(char_lit('"' as u16), "'\"'");
        assert_eq!(char_lit(10), "'\\n'");
        assert_eq!(string_lit("a\"b\\c\n\u{e9}"), "\"a\\\"b\\\\c\\n\\u00e9\"");
        assert_eq!(float_lit(1.5), "1.5f");
        assert_eq!(float_lit(-0.0), "-0.0f");
        assert_eq!(float_lit(f32::from_bits(1)), "0x0.000002p-126f");
        assert_eq!(float_lit(f32::MAX), "0x1.fffffep127f");
        assert_eq!(double_lit(0.1), "0.1");
        assert_eq!(double_lit(f64::from_bits(1)), "0x0.0000000000001p-1022");
        assert_eq!(double_lit(1.0 / 3.0), "0x1.5555555555555p-2");
        assert_eq!(double_lit(-2.5e-300), "-2.5e-300");
        assert_eq!(scalar_lit(&JType::Byte, Scalar::I32(-3)), "(byte) -3");
    }

    #[test]
    fn names() {
        assert_eq!(label_ident("Fig2.java:12T", Some("Fig2.java")), "line12T");
        assert_eq!(label_ident("Fig2.java:7:case -3", Some("Fig2.java")), "line7casem3");
        assert_eq!(label_ident("Fig2.java:14:div0=T", Some("Fig2.java")), "line14div0T");
        assert_eq!(label_ident("H.java:5F", Some("Fig2.java")), "H_line5F");
        assert_eq!(
            label_ident("model:java/lang/String.java:88T", Some("Fig2.java")),
            "modelString_line88T"
        );
        assert_eq!(
            label_ident("model:java/util/HashMap.java:get@7:bounds=T", None),
            "modelHashMap_get_pc7boundsT"
        );
        let mut used = std::collections::HashSet::new();
        let frags: Vec<String> = (0..40).map(|i| format!("line{i}T")).collect();
        let n = test_name(3, &frags, 60, &mut used);
        assert!(n.len() <= 60 && n.ends_with("_etc"), "{n}");
        assert_eq!(test_name(3, &frags, 60, &mut used), format!("{n}_2"));
        assert!(is_identifier("Fig2Test") && !is_identifier("class") && !is_identifier("a-b"));
    }
}
