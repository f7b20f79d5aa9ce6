//! The `call` helper of suites that call the driver by reflection in a fresh class loader.

use super::Render;
use super::java::string_lit;
use crate::bytecode::JType;
use std::fmt::Write as _;

impl Render<'_> {
    /// The `call` helper of reflective suites: the driver in a fresh class loader per call.
    pub(super) fn call_helper(&self, s: &mut String, objects: bool) {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|t| match t {
                t if t.is_primitive() => format!("{}.class", t.java_name()),
                JType::Array(e) if e.is_primitive() => format!("{}.class", t.java_name()),
                JType::Array(_) => format!("Class.forName({}, false, loader)", string_lit(&t.descriptor().replace('/', "."))),
                t => format!("Class.forName({}, false, loader)", string_lit(&t.java_name())),
            })
            .collect();
        let params = if params.is_empty() {
            String::new()
        } else {
            format!(", {}", params.join(", "))
        };
        let _ = write!(
            s,
            "
    /**
     * Calls {{@code {display}}} by reflection in a fresh class loader, so that every test starts
     * from fresh static state as every jsymex path does. Rethrows what the driver throws.
     */
    private static Object call(Object[] args) throws Throwable {{
        String[] entries = System.getProperty(\"java.class.path\").split(java.io.File.pathSeparator);
        java.net.URL[] urls = new java.net.URL[entries.length];
        for (int i = 0; i < entries.length; i++) {{
            urls[i] = new java.io.File(entries[i]).toURI().toURL();
        }}
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {{
{assertions}            Class<?> cls = Class.forName({binary}, false, loader);
            java.lang.reflect.Method m = cls.getDeclaredMethod({method}{params});
            m.setAccessible(true);
{build}            try {{
{receiver}                return m.invoke(receiver, args);
            }} catch (java.lang.reflect.InvocationTargetException e) {{
                throw e.getCause();
            }}
        }}
    }}
",
            display = self.binary.replace('$', ".") + "." + &self.method,
            binary = string_lit(&self.binary),
            assertions = match self.assertions {
                Some(on) => format!("            loader.setDefaultAssertionStatus({on});\n"),
                None => String::new(),
            },
            method = string_lit(&self.method),
            build = if objects {
                "            for (int i = 0; i < args.length; i++) {\n                args[i] = jsymexBuild(args[i], loader);\n            }\n"
            } else {
                ""
            },
            receiver = if self.is_static {
                "                Object receiver = null;\n".to_string()
            } else {
                "                java.lang.reflect.Constructor<?> k = cls.getDeclaredConstructor();\n                k.setAccessible(true);\n                Object receiver = k.newInstance();\n".to_string()
            },
        );
    }
}
