//! Field and method descriptors (JVMS §4.3).

use std::sync::Arc;

/// A Java type as written in descriptors.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum JType {
    /// Z
    Boolean,
    /// B
    Byte,
    /// C
    Char,
    /// S
    Short,
    /// I
    Int,
    /// J
    Long,
    /// F
    Float,
    /// D
    Double,
    /// V (return types only)
    Void,
    /// L…; with the internal name.
    Object(Arc<str>),
    /// [ with the element type.
    Array(Box<JType>),
}

impl JType {
    /// Parses one type from the start of `s`, returning it and the rest.
    pub fn parse_prefix(s: &str) -> Option<(JType, &str)> {
        let c = s.chars().next()?;
        let rest = &s[1..];
        Some(match c {
            'Z' => (JType::Boolean, rest),
            'B' => (JType::Byte, rest),
            'C' => (JType::Char, rest),
            'S' => (JType::Short, rest),
            'I' => (JType::Int, rest),
            'J' => (JType::Long, rest),
            'F' => (JType::Float, rest),
            'D' => (JType::Double, rest),
            'V' => (JType::Void, rest),
            'L' => {
                let end = rest.find(';')?;
                (JType::Object(Arc::from(&rest[..end])), &rest[end + 1..])
            }
            '[' => {
                let (t, r) = JType::parse_prefix(rest)?;
                (JType::Array(Box::new(t)), r)
            }
            _ => return None,
        })
    }

    /// Parses a complete field descriptor.
    pub fn parse(s: &str) -> Option<JType> {
        match JType::parse_prefix(s)? {
            (t, "") => Some(t),
            _ => None,
        }
    }

    /// Local/stack slots taken (2 for long/double).
    pub fn slots(&self) -> usize {
        match self {
            JType::Long | JType::Double => 2,
            JType::Void => 0,
            _ => 1,
        }
    }

    /// The descriptor text.
    pub fn descriptor(&self) -> String {
        match self {
            JType::Boolean => "Z".into(),
            JType::Byte => "B".into(),
            JType::Char => "C".into(),
            JType::Short => "S".into(),
            JType::Int => "I".into(),
            JType::Long => "J".into(),
            JType::Float => "F".into(),
            JType::Double => "D".into(),
            JType::Void => "V".into(),
            JType::Object(n) => format!("L{n};"),
            JType::Array(t) => format!("[{}", t.descriptor()),
        }
    }

    /// The Java source spelling (`int`, `java.lang.String`, `char[]`).
    pub fn java_name(&self) -> String {
        match self {
            JType::Boolean => "boolean".into(),
            JType::Byte => "byte".into(),
            JType::Char => "char".into(),
            JType::Short => "short".into(),
            JType::Int => "int".into(),
            JType::Long => "long".into(),
            JType::Float => "float".into(),
            JType::Double => "double".into(),
            JType::Void => "void".into(),
            JType::Object(n) => n.replace('/', "."),
            JType::Array(t) => format!("{}[]", t.java_name()),
        }
    }

    /// Parses a Java source spelling (`int`, `java.lang.String`, `char[]`, `String`).
    pub fn from_java_name(s: &str) -> Option<JType> {
        let s = s.trim();
        if let Some(inner) = s.strip_suffix("[]") {
            return Some(JType::Array(Box::new(JType::from_java_name(inner)?)));
        }
        Some(match s {
            "boolean" => JType::Boolean,
            "byte" => JType::Byte,
            "char" => JType::Char,
            "short" => JType::Short,
            "int" => JType::Int,
            "long" => JType::Long,
            "float" => JType::Float,
            "double" => JType::Double,
            "void" => JType::Void,
            "String" => JType::Object(Arc::from("java/lang/String")),
            "" => return None,
            other => {
                if !other.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '_' || c == '$') {
                    return None;
                }
                JType::Object(Arc::from(other.replace('.', "/")))
            }
        })
    }

    /// True for primitive types other than void.
    pub fn is_primitive(&self) -> bool {
        !matches!(self, JType::Object(_) | JType::Array(_) | JType::Void)
    }
}

/// A parsed method descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodDesc {
    /// Parameter types.
    pub params: Vec<JType>,
    /// Return type.
    pub ret: JType,
}

impl MethodDesc {
    /// Parses `(…)R`.
    pub fn parse(s: &str) -> Option<MethodDesc> {
        let mut rest = s.strip_prefix('(')?;
        let mut params = Vec::new();
        while !rest.starts_with(')') {
            let (t, r) = JType::parse_prefix(rest)?;
            if t == JType::Void {
                return None;
            }
            params.push(t);
            rest = r;
        }
        let ret = JType::parse(&rest[1..])?;
        Some(MethodDesc { params, ret })
    }

    /// Slots the arguments take (without a receiver).
    pub fn arg_slots(&self) -> usize {
        self.params.iter().map(JType::slots).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_descriptors() {
        let d = MethodDesc::parse("(IJ[Ljava/lang/String;D)V").unwrap();
        assert_eq!(d.params.len(), 4);
        assert_eq!(d.arg_slots(), 6);
        assert_eq!(d.ret, JType::Void);
        assert_eq!(JType::from_java_name("char[]").unwrap().descriptor(), "[C");
        assert_eq!(
            JType::from_java_name("java.lang.String").unwrap().descriptor(),
            "Ljava/lang/String;"
        );
        assert!(MethodDesc::parse("(I").is_none());
    }
}
