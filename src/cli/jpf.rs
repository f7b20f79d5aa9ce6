//! `--jpf FILE.jpf`: reads a Symbolic PathFinder (jpf-symbc) configuration and fills in the driver
//! options it names, so an existing SPF set-up runs unchanged.
//!
//! A `.jpf` file is a Java-properties-style file: `key = value`, `key=value`, `key: value` or
//! `key value` lines; `#` and `!` comment lines; a trailing `\` continues the value on the next line
//! (whose leading blanks are dropped); `${config_path}` is the directory holding the file and
//! `${key}` the value of an earlier key (an unknown reference is kept as written); `key += value`
//! appends `,value` and `+key = value` prepends `value,` (JPF's list syntax). Backslash escapes
//! other than the line continuation are kept as written (so Windows-style paths survive).
//!
//! Keys used (every other key, such as `listener`, `symbolic.dp` or `@using`, is ignored):
//! - `symbolic.method`: the driver and which of its parameters are symbolic (see [`Settings`]);
//! - `target`: the class of a `symbolic.method` given without class;
//! - `classpath`: entries separated by `,`, `:` or `;`, relative ones resolved against the file's
//!   directory;
//! - `symbolic.min_int` / `symbolic.max_int` (or the older `symbolic.minint` / `symbolic.maxint`);
//! - `search.depth_limit`: `--max-depth`.
//!
//! Options given on the command line win over the file's values.

use super::DriverArgs;
use anyhow::anyhow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The keys of a `.jpf` file after continuation lines, appends and `${…}` references.
pub type Properties = HashMap<String, String>;

/// What a `.jpf` file contributes to the driver options.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    /// `classpath`, with relative entries resolved, joined by `:`.
    pub classpath: Option<String>,
    /// `pkg.Cls.method`, from the first method of `symbolic.method`. The parameter types are not
    /// part of SPF's syntax, so the method name must be unique in its class (or `--driver` given).
    pub driver: Option<String>,
    /// `sym#con#sym`, from the parentheses of the first method of `symbolic.method` (`None` when
    /// they are empty or absent: every parameter is symbolic).
    pub symbolic: Option<String>,
    /// `symbolic.min_int` (or `symbolic.minint`).
    pub min_int: Option<i64>,
    /// `symbolic.max_int` (or `symbolic.maxint`).
    pub max_int: Option<i64>,
    /// `search.depth_limit`.
    pub max_depth: Option<usize>,
    /// `symbolic.lazy`: lazy initialization of reference inputs (`true`/`on`, `false`/`off`).
    pub lazy: Option<bool>,
    /// `symbolic.lazy.limit` (SPF's bound on symbolic objects) or `symbolic.lazy.max_objects`.
    pub max_objects: Option<u32>,
    /// `symbolic.lazy.max_heap_depth`.
    pub max_heap_depth: Option<u32>,
}

/// A problem with one key of the file: (key, message).
type KeyError = (&'static str, String);

/// Parses the text of a `.jpf` file; `config_path` is the value of `${config_path}`.
pub fn parse(text: &str, config_path: &str) -> Properties {
    let mut props = Properties::new();
    for line in logical_lines(text) {
        let (mut key, mut value) = split_key_value(&line);
        let mut append = false;
        let mut prepend = false;
        if let Some(k) = key.strip_suffix('+') {
            key = k.trim_end();
            append = true;
        } else if let Some(v) = value.strip_prefix("+=") {
            value = v.trim_start();
            append = true;
        }
        if let Some(k) = key.strip_prefix('+') {
            key = k;
            prepend = !append;
        }
        if key.is_empty() {
            continue;
        }
        let value = expand(value, &props, config_path);
        let value = match props.get(key) {
            Some(old) if append && !old.is_empty() => format!("{old},{value}"),
            Some(old) if prepend && !old.is_empty() => format!("{value},{old}"),
            _ => value,
        };
        props.insert(key.to_string(), value);
    }
    props
}

/// Joins continuation lines and drops blank and comment lines.
fn logical_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut continuing = false;
    for raw in text.lines() {
        let line = raw.trim_start();
        if !continuing && (line.is_empty() || line.starts_with('#') || line.starts_with('!')) {
            continue;
        }
        let line = line.trim_end();
        let backslashes = line.chars().rev().take_while(|c| *c == '\\').count();
        if backslashes % 2 == 1 {
            cur.push_str(&line[..line.len() - 1]);
            continuing = true;
        } else {
            cur.push_str(line);
            out.push(std::mem::take(&mut cur));
            continuing = false;
        }
    }
    if continuing && !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

/// Splits a logical line at the first `=`, `:` or blank (Java properties' rule).
fn split_key_value(line: &str) -> (&str, &str) {
    let end = line.find(|c: char| c == '=' || c == ':' || c.is_whitespace()).unwrap_or(line.len());
    let key = &line[..end];
    let mut rest = line[end..].trim_start();
    if rest.starts_with("+=") {
        // `key += value`: the caller sees the `+=`.
        return (key, rest);
    }
    if let Some(r) = rest.strip_prefix(['=', ':']) {
        rest = r.trim_start();
    }
    (key, rest)
}

/// Replaces `${config_path}`, `${key}` (earlier keys), `${user.home}` and `${user.dir}`; other
/// references stay as written.
fn expand(value: &str, props: &Properties, config_path: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(start) = rest.find("${") {
        let Some(len) = rest[start + 2..].find('}') else { break };
        let name = &rest[start + 2..start + 2 + len];
        out.push_str(&rest[..start]);
        let known = match name {
            "config_path" => Some(config_path.to_string()),
            _ => match props.get(name) {
                Some(v) => Some(v.clone()),
                None if name == "user.home" => std::env::var("HOME").ok(),
                None if name == "user.dir" => std::env::current_dir().ok().map(|p| p.display().to_string()),
                None => None,
            },
        };
        match known {
            Some(v) => out.push_str(&v),
            None => out.push_str(&rest[start..start + 3 + len]),
        }
        rest = &rest[start + 3 + len..];
    }
    out.push_str(rest);
    out
}

/// Splits at commas outside parentheses.
fn split_top_level(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth <= 0 => {
                parts.push(&s[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[from..]);
    parts
}

/// Reads `symbolic.method`: the first method listed (SPF allows several, comma-separated; jsymex
/// explores one driver, so the others are ignored). Returns the driver `pkg.Cls.method` and the
/// `sym#con` list. A method without class part takes the class from `target`.
fn symbolic_method(value: &str, target: Option<&str>) -> Result<(String, Option<String>), KeyError> {
    const KEY: &str = "symbolic.method";
    let Some(first) = split_top_level(value).into_iter().map(str::trim).find(|s| !s.is_empty()) else {
        return Err((KEY, "empty value (expected pkg.Cls.method(sym#con))".into()));
    };
    let (head, args) = match first.find('(') {
        Some(i) => {
            let inner = first[i + 1..]
                .trim_end()
                .strip_suffix(')')
                .ok_or_else(|| (KEY, format!("'{first}': missing ')'")))?;
            (first[..i].trim(), Some(inner.trim()))
        }
        None => (first, None),
    };
    if head.is_empty() || head.starts_with('.') || head.ends_with('.') || head.contains(char::is_whitespace) {
        return Err((KEY, format!("'{first}' is not pkg.Cls.method(sym#con)")));
    }
    let driver = if head.contains('.') {
        head.to_string()
    } else {
        match target.map(str::trim).filter(|t| !t.is_empty()) {
            Some(t) => format!("{t}.{head}"),
            None => return Err((KEY, format!("'{first}' names no class and `target` is not set"))),
        }
    };
    let symbolic = match args {
        None | Some("") => None,
        Some(inner) => {
            let mut kinds = Vec::new();
            for k in inner.split('#') {
                match k.trim() {
                    k @ ("sym" | "con") => kinds.push(k),
                    other => return Err((KEY, format!("'{first}': '{other}' is neither sym nor con"))),
                }
            }
            Some(kinds.join("#"))
        }
    };
    Ok((driver, symbolic))
}

/// Resolves the classpath entries of the file against its directory.
fn classpath(value: &str, dir: &Path) -> String {
    value
        .split([',', ':', ';'])
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| {
            if e.starts_with('@') || Path::new(e).is_absolute() {
                e.to_string()
            } else {
                dir.join(e).display().to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(":")
}

fn number<T: std::str::FromStr>(props: &Properties, keys: &[&'static str]) -> Result<Option<T>, KeyError> {
    for key in keys {
        if let Some(v) = props.get(*key) {
            return v
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| (*key, format!("'{}' is not a valid number", v.trim())));
        }
    }
    Ok(None)
}

/// The driver options named by the properties of a file in directory `dir`.
pub fn settings(props: &Properties, dir: &Path) -> Result<Settings, KeyError> {
    let mut s = Settings {
        classpath: props.get("classpath").map(|v| classpath(v, dir)).filter(|c| !c.is_empty()),
        min_int: number(props, &["symbolic.min_int", "symbolic.minint"])?,
        max_int: number(props, &["symbolic.max_int", "symbolic.maxint"])?,
        max_depth: number(props, &["search.depth_limit"])?,
        max_objects: number(props, &["symbolic.lazy.limit", "symbolic.lazy.max_objects"])?,
        max_heap_depth: number(props, &["symbolic.lazy.max_heap_depth"])?,
        ..Settings::default()
    };
    if let Some(v) = props.get("symbolic.lazy") {
        s.lazy = Some(match v.trim().to_ascii_lowercase().as_str() {
            "true" | "on" | "yes" => true,
            "false" | "off" | "no" => false,
            other => return Err(("symbolic.lazy", format!("'{other}' is neither true nor false"))),
        });
    }
    if let Some(m) = props.get("symbolic.method") {
        let (driver, symbolic) = symbolic_method(m, props.get("target").map(String::as_str))?;
        s.driver = Some(driver);
        s.symbolic = symbolic;
    }
    Ok(s)
}

/// The directory of a file, absolute when it can be made so.
fn directory_of(file: &Path) -> PathBuf {
    let parent = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::path::absolute(parent).unwrap_or_else(|_| parent.to_path_buf())
}

/// Reads the `--jpf` file, if any, and fills in the options the command line left unset.
/// Without `--driver` or `--main` (drivers that draw their inputs with `Debug.makeSymbolic*` or
/// `Verify.getInt`), the file must have a `symbolic.method`.
pub fn apply(mut d: DriverArgs) -> anyhow::Result<DriverArgs> {
    let Some(file) = d.jpf.clone() else { return Ok(d) };
    let text = std::fs::read_to_string(&file).map_err(|e| anyhow!("--jpf {}: cannot read it ({e})", file.display()))?;
    let dir = directory_of(&file);
    let props = parse(&text, &dir.display().to_string());
    let s = settings(&props, &dir).map_err(|(key, msg)| anyhow!("--jpf {}: {key}: {msg}", file.display()))?;
    if d.driver.is_none() && d.main_class.is_none() && s.driver.is_none() {
        return Err(anyhow!(
            "--jpf {}: symbolic.method is missing (e.g. symbolic.method = pkg.Cls.method(sym#sym), or --main CLASS)",
            file.display()
        ));
    }
    if d.classpath.is_empty()
        && let Some(cp) = s.classpath
    {
        d.classpath = cp;
    }
    if d.main_class.is_none() {
        d.driver = d.driver.or(s.driver);
    }
    d.symbolic = d.symbolic.or(s.symbolic);
    d.min_int = d.min_int.or(s.min_int);
    d.max_int = d.max_int.or(s.max_int);
    d.max_depth = d.max_depth.or(s.max_depth);
    d.max_objects = d.max_objects.or(s.max_objects);
    d.max_heap_depth = d.max_heap_depth.or(s.max_heap_depth);
    if d.lazy.is_empty()
        && let Some(on) = s.lazy
    {
        d.lazy = if on { "on" } else { "off" }.into();
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct T {
        #[command(flatten)]
        d: DriverArgs,
    }

    fn args(a: &[&str]) -> DriverArgs {
        T::try_parse_from(std::iter::once("t").chain(a.iter().copied()))
            .expect("arguments")
            .d
    }

    fn props(text: &str) -> Properties {
        parse(text, "/cfg")
    }

    #[test]
    fn separators_comments_and_continuations() {
        let p = props(
            "# a comment\n  ! another\n\na=1\nb = two words \nc: 3\nd 4\ne=\nlist = x,\\\n     y,\\\n     z\n\
             f = g # not a comment\nwin = C:\\\\dir\n",
        );
        assert_eq!(p["a"], "1");
        assert_eq!(p["b"], "two words");
        assert_eq!(p["c"], "3");
        assert_eq!(p["d"], "4");
        assert_eq!(p["e"], "");
        assert_eq!(p["list"], "x,y,z");
        assert_eq!(p["f"], "g # not a comment");
        assert_eq!(p["win"], "C:\\\\dir");
        assert_eq!(p.len(), 8);
    }

    #[test]
    fn references_and_appends() {
        let p = props(
            "base = ${config_path}/build\nclasspath = ${base}/classes\nclasspath += ${base}/more\n+classpath = first\n\
             x = ${undefined}/y\ncp2 += only\nlistener=a\nlistener+=b\n",
        );
        assert_eq!(p["base"], "/cfg/build");
        assert_eq!(p["classpath"], "first,/cfg/build/classes,/cfg/build/more");
        assert_eq!(p["x"], "${undefined}/y");
        assert_eq!(p["cp2"], "only");
        assert_eq!(p["listener"], "a,b");
        // A later definition replaces the earlier one; references see the value at their line.
        let p = props("a=1\nb=${a}\na=2\n");
        assert_eq!((p["a"].as_str(), p["b"].as_str()), ("2", "1"));
    }

    #[test]
    fn settings_from_a_typical_spf_file() {
        let p = props(
            "@using = jpf-symbc\ntarget = pkg.Main\nclasspath = build/classes, @examples;/abs/dir\n\
             symbolic.method = pkg.Cls.test(sym#con#sym),pkg.Cls.other(sym)\nsymbolic.min_int = -100\n\
             symbolic.max_int=100\nsearch.depth_limit = 7\nlistener = gov.nasa.jpf.symbc.SymbolicListener\nsymbolic.dp = z3\n",
        );
        let s = settings(&p, Path::new("/cfg")).unwrap();
        assert_eq!(
            s,
            Settings {
                classpath: Some("/cfg/build/classes:@examples:/abs/dir".into()),
                driver: Some("pkg.Cls.test".into()),
                symbolic: Some("sym#con#sym".into()),
                min_int: Some(-100),
                max_int: Some(100),
                max_depth: Some(7),
                ..Settings::default()
            }
        );
    }

    #[test]
    fn method_forms() {
        let m = |v: &str, t: Option<&str>| symbolic_method(v, t);
        assert_eq!(
            m("test(sym#sym)", Some("pkg.Main")).unwrap(),
            ("pkg.Main.test".into(), Some("sym#sym".into()))
        );
        assert_eq!(
            m(" Fig2.test( sym # con ) ", None).unwrap(),
            ("Fig2.test".into(), Some("sym#con".into()))
        );
        assert_eq!(m("Fig2.run()", None).unwrap(), ("Fig2.run".into(), None));
        assert_eq!(m("Fig2.run", None).unwrap(), ("Fig2.run".into(), None));
        assert_eq!(m(", A.b(con)", None).unwrap(), ("A.b".into(), Some("con".into())));
        for bad in ["Fig2.test(sym#foo)", "Fig2.test(sym#)", "Fig2.test(sym", "test(sym)", "", ".x(sym)"] {
            let (key, msg) = m(bad, None).unwrap_err();
            assert_eq!(key, "symbolic.method", "{bad}");
            assert!(!msg.is_empty());
        }
        assert!(
            m("Fig2.test(sym#foo)", None)
                .unwrap_err()
                .1
                .contains("'foo' is neither sym nor con")
        );
    }

    #[test]
    fn old_spellings_and_bad_numbers() {
        let s = settings(&props("symbolic.minint=-5\nsymbolic.maxint=5\n"), Path::new("/")).unwrap();
        assert_eq!((s.min_int, s.max_int, s.driver), (Some(-5), Some(5), None));
        // The current spelling wins over the old one.
        let s = settings(&props("symbolic.minint=-5\nsymbolic.min_int=-1\n"), Path::new("/")).unwrap();
        assert_eq!(s.min_int, Some(-1));
        let e = settings(&props("symbolic.max_int = lots\n"), Path::new("/")).unwrap_err();
        assert_eq!(e.0, "symbolic.max_int");
        assert!(e.1.contains("'lots'"));
        assert_eq!(
            settings(&props("search.depth_limit=-1\n"), Path::new("/")).unwrap_err().0,
            "search.depth_limit"
        );
    }

    #[test]
    fn the_command_line_wins() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("t.jpf");
        std::fs::write(
            &f,
            "classpath=@examples\nsymbolic.method=Fig2.test(sym#con#sym)\nsymbolic.min_int=-3\nsymbolic.max_int=3\nsearch.depth_limit=9\n",
        )
        .unwrap();
        let fs = f.to_str().unwrap();
        let d = apply(args(&["--jpf", fs])).unwrap();
        assert_eq!(d.classpath, "@examples");
        assert_eq!(d.driver.as_deref(), Some("Fig2.test"));
        assert_eq!(d.symbolic.as_deref(), Some("sym#con#sym"));
        assert_eq!((d.min_int, d.max_int, d.max_depth), (Some(-3), Some(3), Some(9)));
        let d = apply(args(&[
            "--jpf",
            fs,
            "--classpath",
            "x",
            "--driver",
            "A.b(int)",
            "--symbolic",
            "sym",
            "--min-int",
            "0",
            "--max-depth",
            "2",
        ]))
        .unwrap();
        assert_eq!(d.classpath, "x");
        assert_eq!(d.driver.as_deref(), Some("A.b(int)"));
        assert_eq!(d.symbolic.as_deref(), Some("sym"));
        assert_eq!((d.min_int, d.max_int, d.max_depth), (Some(0), Some(3), Some(2)));
        // Without --jpf nothing changes.
        let d = apply(args(&["--driver", "A.b"])).unwrap();
        assert_eq!((d.classpath.as_str(), d.symbolic), ("", None));
    }

    #[test]
    fn errors_name_the_file_and_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.jpf");
        let e = apply(args(&["--jpf", missing.to_str().unwrap()])).unwrap_err().to_string();
        assert!(e.contains("missing.jpf") && !e.contains('\n'), "{e}");
        let f = dir.path().join("nomethod.jpf");
        std::fs::write(&f, "target=Fig2\n").unwrap();
        let e = apply(args(&["--jpf", f.to_str().unwrap()])).unwrap_err().to_string();
        assert!(e.contains("nomethod.jpf") && e.contains("symbolic.method"), "{e}");
        // With --driver (or --main), the method may come from the command line.
        assert!(apply(args(&["--jpf", f.to_str().unwrap(), "--driver", "Fig2.test"])).is_ok());
        assert!(apply(args(&["--jpf", f.to_str().unwrap(), "--main", "Fig2"])).is_ok());
        std::fs::write(&f, "symbolic.method=Fig2.test(sym#maybe)\n").unwrap();
        let e = apply(args(&["--jpf", f.to_str().unwrap()])).unwrap_err().to_string();
        assert!(e.contains("nomethod.jpf: symbolic.method: ") && e.contains("maybe"), "{e}");
    }

    #[test]
    fn relative_file_resolves_against_its_directory() {
        assert!(directory_of(Path::new("x.jpf")).is_absolute());
        assert_eq!(directory_of(Path::new("/a/b/x.jpf")), PathBuf::from("/a/b"));
        assert_eq!(classpath("cls, ../lib.jar", Path::new("/a/b")), "/a/b/cls:/a/b/../lib.jar");
    }
}
