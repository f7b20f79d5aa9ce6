//! A minimal class-file walker for mutation: where each method's `Code` attribute lies in the
//! file, what its instructions are (offset and length), and the constant-pool entries the
//! operators need (method descriptors of calls). Mutants are written by patching these bytes
//! (same-length replacements) or by re-laying out one `Code` attribute (`relayout.rs`), never
//! by re-serialising the whole class: every byte the mutation does not touch stays as javac
//! wrote it.

use super::MutateError;

/// One constant-pool entry, as far as mutation needs it.
#[derive(Clone, Debug)]
pub enum Cp {
    /// `CONSTANT_Utf8`.
    Utf8(String),
    /// `CONSTANT_Class` (name index).
    Class(u16),
    /// `CONSTANT_Methodref` / `InterfaceMethodref` (class index, name-and-type index).
    MethodRef(u16, u16),
    /// `CONSTANT_NameAndType` (name index, descriptor index).
    NameAndType(u16, u16),
    /// Anything else (or the unusable second slot of a long/double).
    Other,
}

/// A method's `Code` attribute, located in the class file.
#[derive(Clone, Debug)]
pub struct Code {
    /// Offset of the attribute (its `attribute_name_index`).
    pub attr_start: usize,
    /// Offset just past the attribute.
    pub attr_end: usize,
    /// Offset of the first code byte.
    pub code_start: usize,
    /// Length of the code array.
    pub code_len: usize,
    /// Each instruction: byte offset in the code array and length.
    pub instructions: Vec<(u32, u32)>,
    /// `LineNumberTable` entries (start pc, line), sorted by pc.
    pub lines: Vec<(u32, u32)>,
}

impl Code {
    /// The code bytes.
    pub fn bytes<'a>(&self, class: &'a [u8]) -> &'a [u8] {
        &class[self.code_start..self.code_start + self.code_len]
    }

    /// The source line of the instruction at `pc` (0 when the class has no line table).
    pub fn line_at(&self, pc: u32) -> u32 {
        self.lines
            .iter()
            .take_while(|(start, _)| *start <= pc)
            .last()
            .map_or(0, |(_, l)| *l)
    }
}

/// A method and its code.
#[derive(Clone, Debug)]
pub struct MethodInfo {
    /// Its name.
    pub name: String,
    /// Its descriptor.
    pub descriptor: String,
    /// `None` for abstract and native methods.
    pub code: Option<Code>,
}

/// A parsed class file.
#[derive(Clone, Debug)]
pub struct ClassInfo {
    /// Internal name (`a/b/C`).
    pub name: String,
    /// The constant pool (index 0 unused).
    pub cp: Vec<Cp>,
    /// The methods in file order.
    pub methods: Vec<MethodInfo>,
}

impl ClassInfo {
    /// A UTF-8 constant.
    pub fn utf8(&self, i: u16) -> Option<&str> {
        match self.cp.get(i as usize)? {
            Cp::Utf8(s) => Some(s),
            _ => None,
        }
    }

    /// The class name, method name and descriptor of a method reference.
    pub fn method_ref(&self, i: u16) -> Option<(&str, &str, &str)> {
        let Cp::MethodRef(class, nat) = self.cp.get(i as usize)? else {
            return None;
        };
        let Cp::Class(cname) = self.cp.get(*class as usize)? else {
            return None;
        };
        let Cp::NameAndType(name, desc) = self.cp.get(*nat as usize)? else {
            return None;
        };
        Some((self.utf8(*cname)?, self.utf8(*name)?, self.utf8(*desc)?))
    }
}

/// A big-endian reader over the class bytes that reports truncation as an error.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], MutateError> {
        let s = self
            .b
            .get(self.at..self.at + n)
            .ok_or_else(|| MutateError::Malformed(format!("truncated at byte {}", self.at)))?;
        self.at += n;
        Ok(s)
    }
    fn u1(&mut self) -> Result<u8, MutateError> {
        Ok(self.take(1)?[0])
    }
    fn u2(&mut self) -> Result<u16, MutateError> {
        let s = self.take(2)?;
        Ok(u16::from_be_bytes([s[0], s[1]]))
    }
    fn u4(&mut self) -> Result<u32, MutateError> {
        let s = self.take(4)?;
        Ok(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
    }
}

/// Reads a big-endian u16 at `at`.
pub fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}

/// Reads a big-endian i32 at `at`.
pub fn be32(b: &[u8], at: usize) -> i32 {
    i32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Parses the parts of a class file that mutation needs.
pub fn parse(bytes: &[u8]) -> Result<ClassInfo, MutateError> {
    let mut r = Reader { b: bytes, at: 0 };
    if r.u4()? != 0xCAFE_BABE {
        return Err(MutateError::Malformed("not a class file (bad magic)".into()));
    }
    r.take(4)?;
    let count = r.u2()? as usize;
    let mut cp = vec![Cp::Other; count.max(1)];
    let mut i = 1;
    while i < count {
        let tag = r.u1()?;
        cp[i] = match tag {
            1 => {
                let n = r.u2()? as usize;
                // Modified UTF-8: close enough to UTF-8 for names and descriptors.
                Cp::Utf8(String::from_utf8_lossy(r.take(n)?).into_owned())
            }
            7 => Cp::Class(r.u2()?),
            10 | 11 => Cp::MethodRef(r.u2()?, r.u2()?),
            12 => Cp::NameAndType(r.u2()?, r.u2()?),
            3 | 4 | 9 | 17 | 18 => {
                r.take(4)?;
                Cp::Other
            }
            5 | 6 => {
                r.take(8)?;
                i += 1;
                Cp::Other
            }
            8 | 16 | 19 | 20 => {
                r.take(2)?;
                Cp::Other
            }
            15 => {
                r.take(3)?;
                Cp::Other
            }
            t => return Err(MutateError::Malformed(format!("unknown constant-pool tag {t} at entry {i}"))),
        };
        i += 1;
    }
    r.take(2)?; // access flags
    let this = r.u2()?;
    r.take(2)?; // super
    let interfaces = r.u2()? as usize;
    r.take(2 * interfaces)?;
    let mut info = ClassInfo {
        name: String::new(),
        cp,
        methods: Vec::new(),
    };
    info.name = match info.cp.get(this as usize) {
        Some(Cp::Class(n)) => info.utf8(*n).unwrap_or_default().to_string(),
        _ => return Err(MutateError::Malformed("this_class is not a class constant".into())),
    };
    let fields = r.u2()?;
    for _ in 0..fields {
        r.take(6)?;
        skip_attributes(&mut r)?;
    }
    let methods = r.u2()?;
    for _ in 0..methods {
        r.take(2)?;
        let name = info.utf8(r.u2()?).unwrap_or_default().to_string();
        let descriptor = info.utf8(r.u2()?).unwrap_or_default().to_string();
        let attrs = r.u2()?;
        let mut code = None;
        for _ in 0..attrs {
            let attr_start = r.at;
            let attr_name = info.utf8(r.u2()?).unwrap_or_default().to_string();
            let len = r.u4()? as usize;
            let body = r.at;
            r.take(len)?;
            if attr_name == "Code" {
                code = Some(parse_code(bytes, &info, attr_start, body, body + len)?);
            }
        }
        info.methods.push(MethodInfo { name, descriptor, code });
    }
    Ok(info)
}

fn skip_attributes(r: &mut Reader<'_>) -> Result<(), MutateError> {
    let n = r.u2()?;
    for _ in 0..n {
        r.take(2)?;
        let len = r.u4()? as usize;
        r.take(len)?;
    }
    Ok(())
}

fn parse_code(bytes: &[u8], info: &ClassInfo, attr_start: usize, body: usize, attr_end: usize) -> Result<Code, MutateError> {
    let mut r = Reader {
        b: &bytes[..attr_end],
        at: body + 4,
    };
    let code_len = r.u4()? as usize;
    let code_start = r.at;
    let code = r.take(code_len)?;
    let instructions = decode(code)?;
    let exceptions = r.u2()? as usize;
    r.take(8 * exceptions)?;
    let attrs = r.u2()?;
    let mut lines = Vec::new();
    for _ in 0..attrs {
        let name = info.utf8(r.u2()?).unwrap_or_default().to_string();
        let len = r.u4()? as usize;
        let sub = r.take(len)?;
        if name == "LineNumberTable" && sub.len() >= 2 {
            let n = be16(sub, 0) as usize;
            for k in 0..n {
                let at = 2 + 4 * k;
                if at + 4 <= sub.len() {
                    lines.push((u32::from(be16(sub, at)), u32::from(be16(sub, at + 2))));
                }
            }
        }
    }
    lines.sort();
    Ok(Code {
        attr_start,
        attr_end,
        code_start,
        code_len,
        instructions,
        lines,
    })
}

/// The length of the instruction at `pc` in `code`.
pub fn instruction_len(code: &[u8], pc: usize) -> Result<usize, MutateError> {
    let op = *code
        .get(pc)
        .ok_or_else(|| MutateError::Malformed(format!("pc {pc} past the code")))?;
    let pad = (4 - (pc + 1) % 4) % 4;
    let word = |k: usize| -> Result<i32, MutateError> {
        let at = pc + 1 + pad + 4 * k;
        if at + 4 > code.len() {
            return Err(MutateError::Malformed(format!("switch at pc {pc} runs past the code")));
        }
        Ok(be32(code, at))
    };
    Ok(match op {
        0x10 | 0x12 | 0x15..=0x19 | 0x36..=0x3a | 0xa9 | 0xbc => 2,
        0x11 | 0x13 | 0x14 | 0x84 | 0x99..=0xa8 | 0xb2..=0xb8 | 0xbb | 0xbd | 0xc0 | 0xc1 | 0xc6 | 0xc7 => 3,
        0xc5 => 4,
        0xb9 | 0xba | 0xc8 | 0xc9 => 5,
        0xc4 => {
            if code.get(pc + 1) == Some(&0x84) {
                6
            } else {
                4
            }
        }
        0xaa => {
            let (low, high) = (word(1)?, word(2)?);
            let n = i64::from(high) - i64::from(low) + 1;
            if n < 0 {
                return Err(MutateError::Malformed(format!("tableswitch at pc {pc} has high < low")));
            }
            1 + pad + 12 + 4 * n as usize
        }
        0xab => {
            let n = word(1)?;
            if n < 0 {
                return Err(MutateError::Malformed(format!("lookupswitch at pc {pc} has a negative count")));
            }
            1 + pad + 8 + 8 * n as usize
        }
        0xcb..=0xff => return Err(MutateError::Malformed(format!("undefined opcode {op:#04x} at pc {pc}"))),
        _ => 1,
    })
}

/// Every instruction of a code array: (offset, length).
pub fn decode(code: &[u8]) -> Result<Vec<(u32, u32)>, MutateError> {
    let mut out = Vec::new();
    let mut pc = 0;
    while pc < code.len() {
        let n = instruction_len(code, pc)?;
        out.push((pc as u32, n as u32));
        pc += n;
    }
    if pc != code.len() {
        return Err(MutateError::Malformed("the last instruction runs past the code".into()));
    }
    Ok(out)
}
