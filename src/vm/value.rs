//! Concolic values and the per-run heap.

use crate::bytecode::ArrKind;
use crate::program::ClassId;
use crate::symbolic::ExprId;

/// A concrete JVM value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Prim {
    /// int (and boolean/byte/char/short).
    Int(i32),
    /// long.
    Long(i64),
    /// float.
    Float(f32),
    /// double.
    Double(f64),
    /// Reference: heap index + 1, 0 is null.
    Ref(u32),
    /// The unusable second slot of a long/double local, or an uninitialised local.
    Top,
}

/// A concrete value with an optional symbolic shadow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Value {
    /// The concrete part (drives control flow).
    pub v: Prim,
    /// The symbolic expression, when the value depends on a symbolic input.
    pub s: Option<ExprId>,
}

impl Value {
    /// A concrete int.
    pub fn int(i: i32) -> Value {
        Value { v: Prim::Int(i), s: None }
    }
    /// A concrete long.
    pub fn long(i: i64) -> Value {
        Value { v: Prim::Long(i), s: None }
    }
    /// A concrete float.
    pub fn float(f: f32) -> Value {
        Value {
            v: Prim::Float(f),
            s: None,
        }
    }
    /// A concrete double.
    pub fn double(d: f64) -> Value {
        Value {
            v: Prim::Double(d),
            s: None,
        }
    }
    /// A reference (0 = null).
    pub fn reference(r: u32) -> Value {
        Value { v: Prim::Ref(r), s: None }
    }
    /// null.
    pub const NULL: Value = Value { v: Prim::Ref(0), s: None };
    /// The filler slot.
    pub const TOP: Value = Value { v: Prim::Top, s: None };

    /// True for long and double (two slots).
    pub fn is_wide(&self) -> bool {
        matches!(self.v, Prim::Long(_) | Prim::Double(_))
    }
    /// The int part (0 for other kinds).
    pub fn as_int(&self) -> i32 {
        match self.v {
            Prim::Int(i) => i,
            _ => 0,
        }
    }
    /// The reference part (0 for other kinds).
    pub fn as_ref(&self) -> u32 {
        match self.v {
            Prim::Ref(r) => r,
            _ => 0,
        }
    }
    /// The default value of a field or array element of the given kind.
    pub fn default_for(kind: ArrKind) -> Value {
        match kind {
            ArrKind::Long => Value::long(0),
            ArrKind::Float => Value::float(0.0),
            ArrKind::Double => Value::double(0.0),
            ArrKind::Ref => Value::NULL,
            _ => Value::int(0),
        }
    }
}

/// An array's contents.
#[derive(Clone, Debug)]
pub struct Array {
    /// Element kind.
    pub kind: ArrKind,
    /// Elements (concrete values with shadows).
    pub vals: Vec<Value>,
    /// Symbolic length, when the array was allocated with a symbolic size.
    pub len_sym: Option<ExprId>,
    /// Symbolic array term, once a symbolic index touched this array; then it describes every
    /// element and reads go through it.
    pub term: Option<ExprId>,
}

/// The body of a heap object.
#[derive(Clone, Debug)]
pub enum Body {
    /// Instance fields in layout order.
    Fields(Vec<Value>),
    /// Array elements.
    Array(Array),
}

/// A heap object.
#[derive(Clone, Debug)]
pub struct Object {
    /// Runtime class.
    pub class: ClassId,
    /// Fields or elements.
    pub body: Body,
}

/// The per-run heap. References are indices + 1. Objects are shared copy-on-write
/// (`Arc`), so a snapshot of the heap ([`Heap::clone`]) copies one pointer per object and an
/// object is copied only when a run that shares it writes to it.
#[derive(Default, Debug, Clone)]
pub struct Heap {
    objects: Vec<std::sync::Arc<Object>>,
    /// Slots (fields, elements, plus a header per object) allocated since the last clear.
    slots: u64,
}

impl Heap {
    /// Allocates and returns the reference.
    pub fn alloc(&mut self, o: Object) -> u32 {
        let body = match &o.body {
            Body::Fields(f) => f.len(),
            Body::Array(a) => a.vals.len(),
        };
        self.slots += body as u64 + 2;
        self.objects.push(std::sync::Arc::new(o));
        self.objects.len() as u32
    }
    /// The object behind a non-null reference.
    pub fn get(&self, r: u32) -> Option<&Object> {
        self.objects.get((r as usize).wrapping_sub(1)).map(|o| &**o)
    }
    /// Mutable access.
    pub fn get_mut(&mut self, r: u32) -> Option<&mut Object> {
        self.objects.get_mut((r as usize).wrapping_sub(1)).map(std::sync::Arc::make_mut)
    }
    /// Every object with its reference, shared (for snapshots).
    pub(crate) fn objects_mut(&mut self) -> impl Iterator<Item = (u32, &mut std::sync::Arc<Object>)> {
        self.objects.iter_mut().enumerate().map(|(i, o)| (i as u32 + 1, o))
    }
    /// A rough size in bytes of what a copy of the heap adds to the copies already held: a
    /// pointer per object, and the objects no copy shares yet (headers and slots).
    pub fn unshared_bytes(&self) -> usize {
        let own = |o: &Object| {
            48 + std::mem::size_of::<Value>()
                * match &o.body {
                    Body::Fields(f) => f.len(),
                    Body::Array(a) => a.vals.len(),
                }
        };
        self.objects.len() * 8
            + self
                .objects
                .iter()
                .filter(|o| std::sync::Arc::strong_count(o) == 1)
                .map(|o| own(o))
                .sum::<usize>()
    }
    /// Slots allocated since the last clear (a header of two per object plus its fields or
    /// elements): what the heap limit counts.
    pub fn slots(&self) -> u64 {
        self.slots
    }
    /// Number of objects.
    pub fn len(&self) -> usize {
        self.objects.len()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }
    /// Forgets every object (start of a run).
    pub fn clear(&mut self) {
        self.slots = 0;
        self.objects.clear();
    }
}

/// The array kind for an array class's element type.
pub fn kind_of_elem(t: &crate::bytecode::JType) -> ArrKind {
    use crate::bytecode::JType as J;
    match t {
        J::Boolean => ArrKind::Boolean,
        J::Byte => ArrKind::Byte,
        J::Char => ArrKind::Char,
        J::Short => ArrKind::Short,
        J::Int => ArrKind::Int,
        J::Long => ArrKind::Long,
        J::Float => ArrKind::Float,
        J::Double => ArrKind::Double,
        _ => ArrKind::Ref,
    }
}

/// The default value for a field of the given type.
pub fn default_for_type(t: &crate::bytecode::JType) -> Value {
    Value::default_for(kind_of_elem(t))
}
