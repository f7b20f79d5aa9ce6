//! The `replace` subject against an independent reference implementation: the pattern is
//! compiled into a list of elements (literal, any, beginning/end of line, character class,
//! closure) and matched by backtracking, following the Siemens program's specification and
//! its documented quirks (a `*` first in the pattern is literal, `%` only anchors first and `$`
//! only last, a closure of `%`, `$` or another closure is illegal, an unterminated class is
//! illegal, inside a class the character after an `@` goes through the escape rules, dashes
//! between two alphanumerics in order make a range, `&` in the substitution is the match, the
//! empty match right after a match is not substituted). Every path jsymex reports for the
//! `ci` and `min` configurations must have the reference outcome.

use std::process::Command;

const NL: u32 = '\n' as u32;

#[derive(Clone, Debug)]
enum Elem {
    Lit(u32),
    Any,
    Bol,
    Eol,
    Class { negated: bool, members: Vec<u32> },
    Star(Box<Elem>),
}

fn alnum(c: u32) -> bool {
    char::from_u32(c).is_some_and(|c| c.is_ascii_alphanumeric())
}

/// The escape rule at `s[i]`: the character meant and how many extra characters it used.
fn escape(s: &[u32], i: usize) -> (u32, usize) {
    if s[i] != '@' as u32 {
        return (s[i], 0);
    }
    match s.get(i + 1) {
        None => ('@' as u32, 0),
        Some(&n) if n == 'n' as u32 => (NL, 1),
        Some(&n) if n == 't' as u32 => (9, 1),
        Some(&n) => (n, 1),
    }
}

/// Compiles a pattern; `None` when it is illegal.
fn compile(p: &[u32]) -> Option<Vec<Elem>> {
    let mut elems: Vec<Elem> = Vec::new();
    let mut i = 0;
    while i < p.len() {
        let c = char::from_u32(p[i]).unwrap_or('\0');
        match c {
            '?' => elems.push(Elem::Any),
            '%' if i == 0 => elems.push(Elem::Bol),
            '$' if i + 1 == p.len() => elems.push(Elem::Eol),
            '[' => {
                i += 1;
                let negated = p.get(i) == Some(&('^' as u32));
                if negated {
                    i += 1;
                }
                let mut members = Vec::new();
                while i < p.len() && p[i] != ']' as u32 {
                    let prev = p[i - 1];
                    if prev == '@' as u32 {
                        let (e, used) = escape(p, i);
                        members.push(e);
                        i += used;
                    } else if p[i] != '-' as u32 || i + 1 == p.len() {
                        members.push(p[i]);
                    } else if alnum(prev) && alnum(p[i + 1]) && prev <= p[i + 1] {
                        members.extend(prev + 1..=p[i + 1]);
                        i += 1;
                    } else {
                        members.push('-' as u32);
                    }
                    i += 1;
                }
                if i >= p.len() {
                    return None;
                }
                elems.push(Elem::Class { negated, members });
            }
            '*' if i > 0 => {
                let last = elems.pop()?;
                if matches!(last, Elem::Bol | Elem::Eol | Elem::Star(_)) {
                    return None;
                }
                elems.push(Elem::Star(Box::new(last)));
            }
            _ => {
                let (e, used) = escape(p, i);
                elems.push(Elem::Lit(e));
                i += used;
            }
        }
        i += 1;
    }
    if p.is_empty() { None } else { Some(elems) }
}

/// One element at `pos` (the line has a character there): the position after it.
fn one(e: &Elem, line: &[u32], pos: usize) -> Option<usize> {
    let c = line[pos];
    match e {
        Elem::Lit(l) => (c == *l).then_some(pos + 1),
        Elem::Any => (c != NL).then_some(pos + 1),
        Elem::Bol => (pos == 0).then_some(pos),
        Elem::Eol => (c == NL).then_some(pos),
        Elem::Class { negated: false, members } => members.contains(&c).then_some(pos + 1),
        Elem::Class { negated: true, members } => (c != NL && !members.contains(&c)).then_some(pos + 1),
        Elem::Star(_) => unreachable!(),
    }
}

/// Where a match of `pat` starting at `pos` ends (greedy closures, backtracking).
fn match_at(line: &[u32], pos: usize, pat: &[Elem]) -> Option<usize> {
    let Some((first, rest)) = pat.split_first() else {
        return Some(pos);
    };
    if let Elem::Star(e) = first {
        let mut end = pos;
        while end < line.len() && one(e, line, end) == Some(end + 1) {
            end += 1;
        }
        return (pos..=end).rev().find_map(|k| match_at(line, k, rest));
    }
    if pos >= line.len() {
        return None;
    }
    match_at(line, one(first, line, pos)?, rest)
}

/// What `replace from to` prints for one input line (given without its newline).
fn reference(from: &[u32], to: &[u32], line: &[u32]) -> String {
    let Some(pat) = compile(from) else {
        return "change: illegal \"from\" pattern\n".into();
    };
    if to.is_empty() {
        return "change: illegal \"to\" string\n".into();
    }
    // The substitution: None is the matched text.
    let mut sub: Vec<Option<u32>> = Vec::new();
    let mut i = 0;
    while i < to.len() {
        if to[i] == '&' as u32 {
            sub.push(None);
        } else {
            let (e, used) = escape(to, i);
            sub.push(Some(e));
            i += used;
        }
        i += 1;
    }
    let mut lin = line.to_vec();
    lin.push(NL);
    let mut out: Vec<u32> = Vec::new();
    let mut last_end: Option<usize> = None;
    let mut i = 0;
    while i < lin.len() {
        let m = match_at(&lin, i, &pat);
        if let Some(end) = m
            && last_end != Some(end)
        {
            for s in &sub {
                match s {
                    Some(c) => out.push(*c),
                    None => out.extend_from_slice(&lin[i..end]),
                }
            }
            last_end = Some(end);
        }
        match m {
            Some(end) if end != i => i = end,
            _ => {
                out.push(lin[i]);
                i += 1;
            }
        }
    }
    out.iter().map(|&c| char::from_u32(c).unwrap_or('\u{fffd}')).collect()
}

fn run_jsymex(args: &[&str]) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().expect("tempdir");
    let tests = dir.path().join("t.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("run")
        .args(args)
        .arg("--tests")
        .arg(&tests)
        .output()
        .expect("run jsymex");
    assert_eq!(
        out.status.code(),
        Some(0),
        "jsymex failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&tests)
        .expect("tests file")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn check_run5(paths: &[serde_json::Value]) -> usize {
    let mut checked = 0;
    for p in paths {
        if p["outcome"]["kind"] == "limit" {
            continue;
        }
        let v: Vec<u32> = p["inputs"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as u32).collect();
        let want = reference(&v[0..2], &v[2..3], &v[3..5]);
        assert_eq!(p["outcome"]["kind"], "return", "path {}: {}", p["path"], p["outcome"]);
        assert_eq!(
            p["outcome"]["value"].as_str(),
            Some(want.as_str()),
            "path {} inputs {:?}",
            p["path"],
            v
        );
        checked += 1;
    }
    checked
}

#[test]
fn reference_agrees_with_hand_checked_cases() {
    let s = |t: &str| t.chars().map(|c| c as u32).collect::<Vec<_>>();
    assert_eq!(reference(&s("a*"), &s("-"), &s("ba")), "-b-\n");
    assert_eq!(reference(&s("%*"), &s("x"), &s("ab")), "change: illegal \"from\" pattern\n");
    assert_eq!(reference(&s("[@]]"), &s("zz"), &s("@]a@]")), "zzazz\n");
    assert_eq!(reference(&s("a*ab"), &s("[]"), &s("aaabc")), "[]c\n");
    assert_eq!(reference(&s("[^a]"), &s("<>"), &s("abcad")), "a<><>a<>\n");
    assert_eq!(reference(&s("ab@n"), &s("XY"), &s("xxxab")), "xxxXY");
    assert_eq!(reference(&s("[a-c]"), &s("&&"), &s("xbd")), "xbbd\n");
}

#[test]
fn ci_paths_match_the_reference() {
    let paths = run_jsymex(&[
        "--classpath",
        "@subjects",
        "--driver",
        "replace.Driver.run5(int,int,int,int,int)",
        "--min-int",
        "32",
        "--max-int",
        "126",
        "--symbolic",
        "sym#sym#con#sym#con",
        "--input",
        "97,42,120,97,98",
        "--max-paths",
        "2000",
    ]);
    let n = check_run5(&paths);
    assert!(n > 50, "only {n} paths");
}

#[test]
fn min_paths_match_the_reference() {
    let paths = run_jsymex(&[
        "--classpath",
        "@subjects",
        "--driver",
        "replace.Driver.run5(int,int,int,int,int)",
        "--min-int",
        "32",
        "--max-int",
        "126",
        "--max-paths",
        "5000",
    ]);
    let n = check_run5(&paths);
    assert!(n > 200, "only {n} paths");
}
