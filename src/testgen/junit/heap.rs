//! Rebuilding a path's lazily initialised input heap ([`crate::vm::lazy`]) on the real JVM.
//!
//! Each symbolic object becomes a `JsymexObject` description (its class and the fields the path
//! read) in the test's source; the suite's `jsymexBuild` helper makes the objects in the class
//! loader the driver runs in, without running a constructor (jsymex runs none either, so a
//! constructor's side effects on static state or its own field values cannot change the path),
//! and sets their fields by reflection. Each description is made once, so aliases between
//! parameters and fields stay aliases. Boxed values are `valueOf` calls.

use super::java::{scalar_lit, string_lit};
use crate::bytecode::JType;
use crate::explore::driver::value_of;
use crate::symbolic::Scalar;
use crate::vm::lazy::{InputHeap, InputValue};

/// The statements that describe a path's symbolic objects (`o1`, `o2`, … in the order the path
/// made them).
pub fn describe(heap: &InputHeap, a: &[Scalar]) -> Vec<String> {
    let mut lines = Vec::new();
    for (k, o) in heap.objects.iter().enumerate() {
        let expr = match boxed(&o.class) {
            Some(b) => {
                let v = o.fields.iter().find(|f| f.ty.is_primitive()).map(|f| match &f.value {
                    Some(InputValue::Prim(var)) => scalar_lit(&f.ty, value_of(*var, &f.ty, a)),
                    _ => scalar_lit(&f.ty, Scalar::I32(0)),
                });
                let prim = o
                    .fields
                    .iter()
                    .find(|f| f.ty.is_primitive())
                    .map_or("int".into(), |f| f.ty.java_name());
                format!("jsymexBox({b}.class, {prim}.class, {})", v.unwrap_or_else(|| "0".into()))
            }
            None if &*o.class == "java/lang/Object" => "new Object()".into(),
            None if crate::vm::lazy::collection_impl(&o.class).is_some() => {
                let map = crate::vm::lazy::collection_impl(&o.class).is_some_and(|c| c.1);
                format!(
                    "new JsymexObject({}, {})",
                    string_lit(&o.class.replace('/', ".")),
                    if map { -3 } else { -2 }
                )
            }
            None if o.class.starts_with('[') => {
                format!("new JsymexObject({}, {})", string_lit(&o.class.replace('/', ".")), o.fields.len())
            }
            None => format!("new JsymexObject({}, -1)", string_lit(&o.class.replace('/', "."))),
        };
        lines.push(format!("Object o{} = {expr};", k + 1));
    }
    for (k, o) in heap.objects.iter().enumerate() {
        if boxed(&o.class).is_some() || &*o.class == "java/lang/Object" {
            continue;
        }
        let sets: Vec<String> = o
            .fields
            .iter()
            .filter_map(|f| {
                let v = value_expr(f.value.as_ref()?, &f.ty, a);
                Some(format!(
                    ".set({}, {}, {v})",
                    string_lit(&f.owner.replace('/', ".")),
                    string_lit(&f.name)
                ))
            })
            .collect();
        if !sets.is_empty() {
            lines.push(format!("((JsymexObject) o{}){};", k + 1, sets.join("")));
        }
    }
    lines
}

/// The value of lazily initialised parameter `index` of type `ty` as a Java expression (`o1`, a
/// primitive array, `null` when the path never read it), and whether it names one of the path's
/// objects.
pub fn param_expr(heap: &InputHeap, index: usize, ty: &JType, a: &[Scalar]) -> (String, bool) {
    match heap.params.iter().find(|(i, _)| *i == index).and_then(|(_, v)| v.as_ref()) {
        Some(v) => (value_expr(v, ty, a), matches!(v, InputValue::Object(_))),
        None => ("null".into(), false),
    }
}

/// A field's value as a Java expression.
fn value_expr(v: &InputValue, ty: &JType, a: &[Scalar]) -> String {
    match v {
        InputValue::Null => "null".into(),
        InputValue::Object(k) => format!("o{}", k + 1),
        InputValue::Prim(var) => scalar_lit(ty, value_of(*var, ty, a)),
        InputValue::Str(vars) => string_lit(&crate::explore::driver::string_of(vars, a)),
        InputValue::Array(vars) => {
            let elem = match ty {
                JType::Array(e) => (**e).clone(),
                _ => JType::Int,
            };
            let items: Vec<String> = vars.iter().map(|v| scalar_lit(&elem, value_of(*v, &elem, a))).collect();
            format!("new {}[] {{{}}}", elem.java_name(), items.join(", "))
        }
    }
}

/// The source name of a boxed primitive class (`Integer`), `None` for other classes.
fn boxed(internal: &str) -> Option<&'static str> {
    Some(match internal {
        "java/lang/Integer" => "Integer",
        "java/lang/Long" => "Long",
        "java/lang/Short" => "Short",
        "java/lang/Byte" => "Byte",
        "java/lang/Character" => "Character",
        "java/lang/Boolean" => "Boolean",
        "java/lang/Float" => "Float",
        "java/lang/Double" => "Double",
        _ => return None,
    })
}

/// The description class and the builder the suite's tests use.
pub const HELPERS: &str = "
    /** A symbolic input object of a jsymex path: its class and the fields the path read. */
    private static final class JsymexObject {
        final String cls;
        final int length;
        final java.util.List<Object[]> fields = new java.util.ArrayList<>();
        Object built;

        /**
         * An object of class {@code cls}; an array of {@code length} elements when {@code length >= 0};
         * a collection its elements are added to ({@code -2}) or a map they are put into in pairs ({@code -3}).
         */
        JsymexObject(String cls, int length) {
            this.cls = cls;
            this.length = length;
        }

        JsymexObject set(String owner, String field, Object value) {
            fields.add(new Object[] {owner, field, value});
            return this;
        }
    }

    /** The object a description was built into (other values as they are). */
    private static Object jsymexBuilt(Object v) {
        return v instanceof JsymexObject ? ((JsymexObject) v).built : v;
    }

    /** A new boxed value (not {@code valueOf}'s cached one): as distinct as jsymex's objects. */
    private static Object jsymexBox(Class<?> box, Class<?> prim, Object value) throws Exception {
        return box.getConstructor(prim).newInstance(value);
    }

    /**
     * The object a description stands for, made once in {@code loader} without running a
     * constructor (as jsymex made it) and with the fields the path read set by reflection;
     * other values are returned as they are.
     */
    @SuppressWarnings(\"unchecked\")
    private static Object jsymexBuild(Object v, ClassLoader loader) throws Exception {
        if (!(v instanceof JsymexObject)) {
            return v;
        }
        JsymexObject o = (JsymexObject) v;
        if (o.built != null) {
            return o.built;
        }
        Class<?> unsafeClass = Class.forName(\"sun.misc.Unsafe\");
        java.lang.reflect.Field theUnsafe = unsafeClass.getDeclaredField(\"theUnsafe\");
        theUnsafe.setAccessible(true);
        Class<?> c = Class.forName(o.cls, false, loader);
        if (o.length == -2 || o.length == -3) {
            o.built = c.getDeclaredConstructor().newInstance();
            for (int i = 0; i < o.fields.size(); i++) {
                Object e = jsymexBuild(o.fields.get(i)[2], loader);
                if (o.length == -2) {
                    ((java.util.Collection<Object>) o.built).add(e);
                } else {
                    ((java.util.Map<Object, Object>) o.built).put(e, jsymexBuild(o.fields.get(++i)[2], loader));
                }
            }
            return o.built;
        }
        if (o.length >= 0) {
            o.built = java.lang.reflect.Array.newInstance(c.getComponentType(), o.length);
            for (Object[] f : o.fields) {
                java.lang.reflect.Array.set(o.built, Integer.parseInt((String) f[1]), jsymexBuild(f[2], loader));
            }
            return o.built;
        }
        o.built = unsafeClass.getMethod(\"allocateInstance\", Class.class).invoke(theUnsafe.get(null), c);
        for (Object[] f : o.fields) {
            java.lang.reflect.Field x = Class.forName((String) f[0], false, loader).getDeclaredField((String) f[1]);
            x.setAccessible(true);
            x.set(o.built, jsymexBuild(f[2], loader));
        }
        return o.built;
    }
";
