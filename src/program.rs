//! The loaded world: classes (user classes, library models and synthetic array classes) and their
//! methods, subtype tests, member resolution and virtual dispatch. Classes are decoded once and
//! shared by every run; per-run state (statics, heap) lives in the VM.
//!
//! # Sharing and ids
//! Classes load on demand while paths run, so loading works through `&Program` and a `Program`
//! is `Send + Sync`: the class and method tables are append-only ([`boxcar::Vec`]: an entry never
//! moves once pushed, so [`Program::class`] and [`Program::method`] hand out plain references
//! from `&self` while other threads append), the name index sits behind a read-write lock, and
//! loading itself (verification, linking, id assignment, lambda classes) is serialised by one
//! mutex.
//!
//! Class and method ids are assigned in load order, and lambda classes are numbered
//! (`Owner$$Lambda$N`) in creation order. One exploration runs its paths on one thread, so its
//! ids and names are deterministic. Two explorations sharing one `Program` may interleave their
//! loads and so get different ids from one process to the next; that is harmless where ids are
//! only compared within the `Program` that issued them (reports use names), but whatever looks
//! at *every loaded class* (the analysis's virtual-call targets, lambda names, JUnit's scan of
//! static state) also sees what the other exploration loaded. Explorations whose results must
//! not depend on each other therefore own a `Program` each, as the CLI's do; sharing suits the
//! runs of one exploration, and explorations over one classpath that only read the tables.

pub mod verify;

use crate::bytecode::decode::{Bootstrap, DecodedClass, FieldDecl, decode_parsed, parse_class};
use crate::bytecode::{Constant, DecodeError, JType, Method};
use crate::classpath::{ClassPath, ClassPathError, Origin};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
pub use verify::VerifyFailure;

/// Errors while loading or linking classes.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// No classpath entry and no model has the class.
    #[error("class {name} not found{}", if *.is_jdk { " (no model for this JDK class)" } else { "" })]
    NotFound {
        /// Internal name.
        name: String,
        /// True for java/javax/sun/jdk classes, which need a library model.
        is_jdk: bool,
    },
    /// Classpath failure.
    #[error(transparent)]
    ClassPath(#[from] ClassPathError),
    /// Decoding failure.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// Inheritance cycle or similar.
    #[error("class {0}: circular or invalid superclass chain")]
    BadHierarchy(String),
    /// The bytecode verifier rejected an application class (boxed: this error travels inside
    /// the interpreter's per-instruction result type, which must stay small).
    #[error("{0}")]
    Verify(Box<VerifyFailure>),
}

impl LoadError {
    /// True when a class failed bytecode verification (the exploration must stop).
    pub fn is_verify(&self) -> bool {
        matches!(self, LoadError::Verify(_))
    }
}

/// Index of a loaded class.
pub type ClassId = u32;

/// A loaded class.
#[derive(Debug)]
pub struct Class {
    /// Index in the program.
    pub id: ClassId,
    /// Internal name (`java/lang/String`, `[I`).
    pub name: Arc<str>,
    /// Superclass.
    pub super_id: Option<ClassId>,
    /// Direct superinterfaces.
    pub interfaces: Vec<ClassId>,
    /// Access flags.
    pub access: u16,
    /// Where it came from.
    pub origin: Origin,
    /// SourceFile attribute.
    pub source_file: Option<String>,
    /// Declared methods (global ids).
    pub methods: Vec<u32>,
    /// Instance field layout including inherited fields: (declaring class name, field).
    pub layout: Vec<(Arc<str>, FieldDecl)>,
    /// Declared static fields.
    pub statics: Vec<FieldDecl>,
    /// Element type for array classes.
    pub array_elem: Option<JType>,
    /// Bootstrap methods (invokedynamic).
    pub bootstraps: Vec<Bootstrap>,
    /// Class-file major version (0 for synthetic classes).
    pub major: u16,
    /// For a lambda class made by `LambdaMetafactory`: what its functional method calls.
    pub lambda: Option<LambdaInfo>,
}

impl Class {
    /// ACC_INTERFACE.
    pub fn is_interface(&self) -> bool {
        self.access & 0x0200 != 0
    }
    /// True for classes from the user's classpath (coverage counts these).
    pub fn is_user(&self) -> bool {
        matches!(self.origin, Origin::User(_))
    }
    /// The binary name with dots (`java.lang.String`).
    pub fn java_name(&self) -> String {
        self.name.replace('/', ".")
    }
}

/// A lambda class made by `LambdaMetafactory`: calling its functional method calls `target`
/// with the captured values first.
#[derive(Clone, Debug)]
pub struct LambdaInfo {
    /// The functional interface's method name.
    pub sam_name: Arc<str>,
    /// Its (erased) descriptor.
    pub sam_desc: crate::bytecode::MethodDesc,
    /// The implementation method handle.
    pub target: crate::bytecode::decode::Handle,
    /// Number of captured values (stored as the object's fields).
    pub captured: usize,
}

/// How many classes a symbolic reference declared `java.lang.Object` may be a fresh object of.
pub const MAX_OBJECT_CANDIDATES: usize = 8;

/// All loaded classes and methods. Loading takes `&self` (see the module documentation).
pub struct Program {
    /// The classpath classes are loaded from.
    pub classpath: ClassPath,
    classes: boxcar::Vec<Arc<Class>>,
    methods: boxcar::Vec<Arc<Method>>,
    by_name: RwLock<HashMap<Arc<str>, ClassId>>,
    loader: Mutex<Loader>,
    verify: bool,
    /// Concrete subtypes per declared type, for lazy initialization ([`Program::lazy_candidates`]).
    candidates: Mutex<HashMap<String, Arc<[ClassId]>>>,
    /// The array class of each element type asked for ([`Program::array_class`]).
    array_classes: RwLock<rustc_hash::FxHashMap<JType, ClassId>>,
}

/// The state only loading touches, behind [`Program`]'s loader mutex: whoever holds it is the
/// only one appending to the tables.
#[derive(Default)]
struct Loader {
    /// Lambda classes by call site.
    lambda_sites: HashMap<usize, ClassId>,
    /// Lambda classes made so far (numbers their names).
    lambda_count: usize,
    /// Application classes the verifier rejected.
    rejected: HashMap<String, VerifyFailure>,
    /// Class headers the verifier read from the classpath.
    headers: verify::HeaderCache,
}

const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<Program>();
};

impl Program {
    /// An empty program over a classpath.
    pub fn new(classpath: ClassPath) -> Self {
        Program {
            classpath,
            classes: boxcar::Vec::new(),
            methods: boxcar::Vec::new(),
            by_name: RwLock::new(HashMap::new()),
            loader: Mutex::new(Loader::default()),
            verify: true,
            candidates: Mutex::new(HashMap::new()),
            array_classes: RwLock::new(Default::default()),
        }
    }

    /// The class of arrays of `elem`, loaded the first time and then looked up by the element
    /// type (without building the class's name, which every array allocation did).
    pub fn array_class(&self, elem: &JType) -> Result<ClassId, LoadError> {
        if let Some(id) = self.array_classes.read().unwrap_or_else(|p| p.into_inner()).get(elem) {
            return Ok(*id);
        }
        let id = self.load(&format!("[{}", elem.descriptor()))?;
        self.array_classes
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(elem.clone(), id);
        Ok(id)
    }

    /// Turns bytecode verification of application classes on (the default) or off.
    pub fn set_verify(&mut self, on: bool) {
        self.verify = on;
    }

    /// A loaded class.
    pub fn class(&self, id: ClassId) -> &Arc<Class> {
        &self.classes[id as usize]
    }

    /// A loaded method by global id.
    pub fn method(&self, id: u32) -> &Arc<Method> {
        &self.methods[id as usize]
    }

    /// Number of loaded classes.
    pub fn class_count(&self) -> usize {
        self.classes.count()
    }

    /// Number of loaded methods.
    pub fn method_count(&self) -> usize {
        self.methods.count()
    }

    /// Iterates over loaded classes (those loaded when the iteration started, in id order).
    pub fn classes(&self) -> impl Iterator<Item = &Arc<Class>> {
        self.classes.iter().map(|(_, c)| c)
    }

    /// The id of an already-loaded class.
    pub fn lookup(&self, name: &str) -> Option<ClassId> {
        self.by_name.read().unwrap_or_else(|p| p.into_inner()).get(name).copied()
    }

    /// Loads (or finds) a class by internal name, with its superclasses and interfaces.
    pub fn load(&self, name: &str) -> Result<ClassId, LoadError> {
        if let Some(id) = self.lookup(name) {
            return Ok(id);
        }
        let mut st = self.lock_loader();
        self.load_depth(&mut st, name, 0)
    }

    /// The loader state; a panic while loading (a bug) leaves no half-made entry reachable by
    /// name, so the state stays usable after it.
    fn lock_loader(&self) -> MutexGuard<'_, Loader> {
        self.loader.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Publishes a class under its name (after it and its methods are in the tables).
    fn publish(&self, name: Arc<str>, id: ClassId) {
        self.by_name.write().unwrap_or_else(|p| p.into_inner()).insert(name, id);
    }

    /// Appends a class whose id was computed as the table's length under the loader lock.
    fn push_class(&self, class: Class) -> ClassId {
        let id = class.id;
        let at = self.classes.push(Arc::new(class));
        debug_assert_eq!(at, id as usize, "class ids are assigned under the loader lock");
        id
    }

    fn load_depth(&self, st: &mut Loader, name: &str, depth: usize) -> Result<ClassId, LoadError> {
        if let Some(id) = self.lookup(name) {
            return Ok(id);
        }
        if depth > 64 {
            return Err(LoadError::BadHierarchy(name.to_string()));
        }
        if let Some(elem) = name.strip_prefix('[') {
            return self.load_array(st, name, elem, depth);
        }
        let Some((bytes, origin)) = self.classpath.find(name)? else {
            let is_jdk = ["java/", "javax/", "sun/", "jdk/"].iter().any(|p| name.starts_with(p));
            return Err(LoadError::NotFound {
                name: name.to_string(),
                is_jdk,
            });
        };
        let what = match &origin {
            Origin::Model => format!("model {name}.class"),
            Origin::User(p) => format!("{name}.class in {}", p.display()),
        };
        let cf = parse_class(&bytes, &what)?;
        if self.verify && matches!(origin, Origin::User(_)) {
            self.verify_once(st, &cf, name)?;
        }
        let dc = decode_parsed(&cf, &what)?;
        if &*dc.name != name {
            return Err(LoadError::Decode(DecodeError::Malformed {
                what,
                reason: format!("it declares class {}", dc.name),
            }));
        }
        self.link(st, dc, origin, depth)
    }

    /// Verifies an application class unless it already failed (each class is verified once:
    /// a class that passes is linked and never reaches this again).
    fn verify_once(&self, st: &mut Loader, cf: &ristretto_classfile::ClassFile<'_>, name: &str) -> Result<(), LoadError> {
        if let Some(f) = st.rejected.get(name) {
            return Err(LoadError::Verify(Box::new(f.clone())));
        }
        let loaded = |n: &str| {
            let c = self.classes.get(self.lookup(n)? as usize)?;
            Some(verify::Header {
                super_name: c.super_id.map(|s| self.class(s).name.to_string()),
                is_interface: c.is_interface(),
            })
        };
        let ctx = verify::Hierarchy {
            classpath: &self.classpath,
            loaded: &loaded,
            cache: std::cell::RefCell::new(&mut st.headers),
        };
        if let Err(f) = verify::verify_class(cf, name, &ctx) {
            st.rejected.insert(name.to_string(), f.clone());
            return Err(LoadError::Verify(Box::new(f)));
        }
        Ok(())
    }

    fn link(&self, st: &mut Loader, dc: DecodedClass, origin: Origin, depth: usize) -> Result<ClassId, LoadError> {
        let super_id = match &dc.super_name {
            Some(s) => Some(self.load_depth(st, s, depth + 1)?),
            None => None,
        };
        let mut interfaces = Vec::new();
        for i in &dc.interfaces {
            interfaces.push(self.load_depth(st, i, depth + 1)?);
        }
        if let Some(id) = self.lookup(&dc.name) {
            return Ok(id);
        }
        let id = self.classes.count() as ClassId;
        let mut layout = super_id.map(|s| self.class(s).layout.clone()).unwrap_or_default();
        let mut statics = Vec::new();
        for f in dc.fields {
            if f.is_static {
                statics.push(f);
            } else {
                layout.push((dc.name.clone(), f));
            }
        }
        let mut mids = Vec::new();
        for mut m in dc.methods {
            let mid = self.methods.push_with(|at| {
                m.id = at as u32;
                m.class = id;
                Arc::new(m)
            });
            mids.push(mid as u32);
        }
        let class = Class {
            id,
            name: dc.name.clone(),
            super_id,
            interfaces,
            access: dc.access,
            origin,
            source_file: dc.source_file,
            methods: mids,
            layout,
            statics,
            array_elem: None,
            bootstraps: dc.bootstraps,
            major: dc.major,
            lambda: None,
        };
        self.push_class(class);
        self.publish(dc.name, id);
        Ok(id)
    }

    fn load_array(&self, st: &mut Loader, name: &str, elem: &str, depth: usize) -> Result<ClassId, LoadError> {
        let ty = JType::parse(elem).ok_or_else(|| LoadError::NotFound {
            name: name.to_string(),
            is_jdk: false,
        })?;
        match &ty {
            JType::Object(n) => {
                self.load_depth(st, n, depth + 1)?;
            }
            JType::Array(_) => {
                self.load_depth(st, elem, depth + 1)?;
            }
            _ => {}
        }
        let object = self.load_depth(st, "java/lang/Object", depth + 1)?;
        let mut interfaces = Vec::new();
        for i in ["java/lang/Cloneable", "java/io/Serializable"] {
            if let Ok(c) = self.load_depth(st, i, depth + 1) {
                interfaces.push(c);
            }
        }
        let id = self.classes.count() as ClassId;
        let name: Arc<str> = Arc::from(name);
        self.push_class(Class {
            id,
            name: name.clone(),
            super_id: Some(object),
            interfaces,
            access: 0x0011,
            origin: Origin::Model,
            source_file: None,
            methods: vec![],
            layout: vec![],
            statics: vec![],
            array_elem: Some(ty),
            bootstraps: vec![],
            major: 0,
            lambda: None,
        });
        self.publish(name, id);
        Ok(id)
    }

    /// The lambda class made for a call site (keyed by the site's identity), creating it once.
    /// Lambda classes are named `Owner$$Lambda$N`, N counting this program's lambda classes in
    /// creation order.
    pub fn lambda_class(&self, site: usize, owner: &str, iface: ClassId, info: LambdaInfo) -> ClassId {
        let mut st = self.lock_loader();
        if let Some(c) = st.lambda_sites.get(&site) {
            return *c;
        }
        let object = self.lookup("java/lang/Object");
        let id = self.classes.count() as ClassId;
        let name: Arc<str> = Arc::from(format!("{owner}$$Lambda${}", st.lambda_count));
        st.lambda_count += 1;
        self.push_class(Class {
            id,
            name: name.clone(),
            super_id: object,
            interfaces: vec![iface],
            access: 0x1011,
            origin: Origin::Model,
            source_file: None,
            methods: vec![],
            layout: vec![],
            statics: vec![],
            array_elem: None,
            bootstraps: vec![],
            major: 0,
            lambda: Some(info),
        });
        self.publish(name, id);
        st.lambda_sites.insert(site, id);
        id
    }

    /// The lambda behind a synthetic class.
    pub fn lambda(&self, c: ClassId) -> Option<&LambdaInfo> {
        self.classes.get(c as usize).and_then(|cl| cl.lambda.as_ref())
    }

    /// True for `java.lang.AssertionError` and its subclasses (`jsymex.CheckFailure`), by binary
    /// name: what a failing assertion throws (`verify`'s violations, `interp`'s bugs).
    pub fn is_assertion(&self, class: &str) -> bool {
        let internal = class.replace('.', "/");
        match (self.lookup(&internal), self.lookup("java/lang/AssertionError")) {
            (Some(c), Some(a)) => self.is_subtype(c, a),
            _ => class == "java.lang.AssertionError",
        }
    }

    /// The classes a lazily initialised reference of declared type `declared` (internal name)
    /// may point to when it is a fresh object, sorted by name: every concrete application class
    /// assignable to it, and `declared` itself when it is concrete and an application class. A
    /// boxed primitive type gets itself; `java.lang.Object` gets itself and then the first
    /// [`MAX_OBJECT_CANDIDATES`]` - 1` application classes by name. Other library types get none
    /// (their models' fields are not inputs). Loads every application class once; cached.
    pub fn lazy_candidates(&self, declared: &str) -> Arc<[ClassId]> {
        if let Some(c) = self.candidates.lock().unwrap_or_else(|p| p.into_inner()).get(declared) {
            return c.clone();
        }
        let mut out: Vec<(Arc<str>, ClassId)> = Vec::new();
        if let Ok(d) = self.load(declared) {
            let concrete = |c: &Class| !c.is_interface() && c.access & 0x0400 == 0 && c.array_elem.is_none();
            let dc = self.class(d).clone();
            let boxed = matches!(
                declared,
                "java/lang/Integer"
                    | "java/lang/Long"
                    | "java/lang/Short"
                    | "java/lang/Byte"
                    | "java/lang/Character"
                    | "java/lang/Boolean"
                    | "java/lang/Float"
                    | "java/lang/Double"
            );
            if boxed {
                out.push((dc.name.clone(), d));
            } else {
                for name in self.classpath.user_class_names() {
                    if let Ok(c) = self.load(&name) {
                        let cls = self.class(c);
                        if cls.is_user() && concrete(cls) && self.is_subtype(c, d) && cls.lambda.is_none() {
                            out.push((cls.name.clone(), c));
                        }
                    }
                }
                let object = declared == "java/lang/Object";
                if (dc.is_user() || object) && concrete(&dc) && !out.iter().any(|(_, c)| *c == d) {
                    out.push((dc.name.clone(), d));
                }
                if object {
                    // `Object` first, then the application classes by name, bounded.
                    out.sort_by_key(|(n, _)| (&**n != "java/lang/Object", n.clone()));
                    out.truncate(MAX_OBJECT_CANDIDATES);
                }
            }
        }
        if declared != "java/lang/Object" {
            out.sort();
        }
        out.dedup();
        let ids: Arc<[ClassId]> = out.into_iter().map(|(_, c)| c).collect();
        self.candidates
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(declared.to_string(), ids.clone());
        ids
    }

    /// Is `sub` assignable to `sup` (JVMS checkcast rules, including arrays)?
    pub fn is_subtype(&self, sub: ClassId, sup: ClassId) -> bool {
        if sub == sup {
            return true;
        }
        let s = self.class(sub);
        let t = self.class(sup);
        if let Some(se) = &s.array_elem {
            if let Some(te) = &t.array_elem {
                return match (se, te) {
                    (JType::Object(_) | JType::Array(_), JType::Object(_) | JType::Array(_)) => {
                        let sn = arr_elem_name(se);
                        let tn = arr_elem_name(te);
                        match (self.lookup(&sn), self.lookup(&tn)) {
                            (Some(a), Some(b)) => self.is_subtype(a, b),
                            _ => false,
                        }
                    }
                    _ => se == te,
                };
            }
            return matches!(&*t.name, "java/lang/Object" | "java/lang/Cloneable" | "java/io/Serializable");
        }
        if let Some(p) = s.super_id
            && self.is_subtype(p, sup)
        {
            return true;
        }
        s.interfaces.iter().any(|i| self.is_subtype(*i, sup))
    }

    /// Finds a declared method by name and descriptor in one class.
    pub fn declared_method(&self, class: ClassId, name: &str, desc: &str) -> Option<u32> {
        self.class(class).methods.iter().copied().find(|m| {
            let m = self.method(*m);
            &*m.name == name && &*m.desc == desc
        })
    }

    /// Method resolution (JVMS §5.4.3.3/4): the class and its superclasses, then the
    /// superinterfaces (preferring non-abstract methods).
    pub fn resolve_method(&self, class: ClassId, name: &str, desc: &str) -> Option<u32> {
        let mut c = Some(class);
        while let Some(id) = c {
            if let Some(m) = self.declared_method(id, name, desc) {
                return Some(m);
            }
            c = self.class(id).super_id;
        }
        self.interface_method(class, name, desc)
    }

    fn interface_method(&self, class: ClassId, name: &str, desc: &str) -> Option<u32> {
        let mut seen = Vec::new();
        let mut stack = vec![class];
        let mut abstract_hit = None;
        while let Some(id) = stack.pop() {
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            let cl = self.class(id);
            if cl.is_interface()
                && let Some(m) = self.declared_method(id, name, desc)
            {
                if !self.method(m).is_abstract() {
                    return Some(m);
                }
                abstract_hit.get_or_insert(m);
            }
            stack.extend(cl.interfaces.iter().rev().copied());
            if let Some(s) = cl.super_id {
                stack.push(s);
            }
        }
        abstract_hit
    }

    /// Virtual dispatch from a receiver's runtime class.
    pub fn dispatch(&self, runtime: ClassId, name: &str, desc: &str) -> Option<u32> {
        let mut c = Some(runtime);
        while let Some(id) = c {
            if let Some(m) = self.declared_method(id, name, desc) {
                let mm = self.method(m);
                if !mm.is_abstract() && !mm.is_static() {
                    return Some(m);
                }
            }
            c = self.class(id).super_id;
        }
        self.interface_method(runtime, name, desc)
            .filter(|m| !self.method(*m).is_abstract())
    }

    /// Resolves an instance field to its slot: the nearest declaration at or above `class`.
    pub fn resolve_field(&self, class: ClassId, name: &str, desc: &str) -> Option<u32> {
        let layout = &self.class(class).layout;
        layout
            .iter()
            .rposition(|(_, f)| &*f.name == name && &*f.desc == desc)
            .map(|i| i as u32)
    }

    /// Resolves a static field to (declaring class, index among its statics).
    pub fn resolve_static(&self, class: ClassId, name: &str, desc: &str) -> Option<(ClassId, u32)> {
        let cl = self.class(class);
        if let Some(i) = cl.statics.iter().position(|f| &*f.name == name && &*f.desc == desc) {
            return Some((class, i as u32));
        }
        for i in &cl.interfaces {
            if let Some(r) = self.resolve_static(*i, name, desc) {
                return Some(r);
            }
        }
        cl.super_id.and_then(|s| self.resolve_static(s, name, desc))
    }

    /// The ConstantValue of a static field, if any.
    pub fn static_constant(&self, class: ClassId, slot: u32) -> Option<&Constant> {
        self.class(class).statics.get(slot as usize).and_then(|f| f.constant.as_ref())
    }
}

/// The internal class name an array element type loads as.
pub fn arr_elem_name(t: &JType) -> String {
    match t {
        JType::Object(n) => n.to_string(),
        other => other.descriptor(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_array_class_is_the_class_its_name_loads() {
        let prog = Program::new(ClassPath::parse("@examples").expect("bundled examples"));
        let string = JType::Object(Arc::from("java/lang/String"));
        let ints = JType::Array(Box::new(JType::Int));
        for (elem, name) in [(JType::Int, "[I"), (string, "[Ljava/lang/String;"), (ints, "[[I")] {
            let first = prog.array_class(&elem).expect("array class");
            assert_eq!(first, prog.load(name).expect("load"), "{name}");
            assert_eq!(prog.array_class(&elem).expect("again"), first, "{name} is cached");
            assert_eq!(prog.class(first).name.as_ref(), name);
        }
    }
}
