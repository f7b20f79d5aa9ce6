//! The `print_tokens2` subject against an independent reference lexer written from the
//! program's specification: blanks and newlines separate tokens; ( ) [ ] ' ` , are tokens on
//! their own; a token starting with `"` runs to the next `"` or newline (kept), one starting
//! with `;` is a comment running to the newline; other tokens end at a blank, newline, `;` or
//! special symbol (the last two are pushed back); an end of file that ends a token cannot be
//! pushed back and prints "It can not get charcter". Tokens are classified in the order
//! keyword, special, identifier, number, string, #-character, comment (prints nothing), error.
//! Every path jsymex reports for the `ci` configuration must have the reference outcome.

use std::process::Command;

const SPECIAL: &str = "()[]'`,";

fn is_special(c: Option<char>) -> bool {
    c.is_some_and(|c| SPECIAL.contains(c))
}

/// What print_tokens2 prints for a character stream.
fn reference(input: &str) -> String {
    let chars: Vec<char> = input.chars().collect();
    let mut pos = 0usize;
    let mut pushed: Option<char> = None;
    let mut out = String::new();
    let getc = |pos: &mut usize, pushed: &mut Option<char>| -> Option<char> {
        if let Some(c) = pushed.take() {
            return Some(c);
        }
        let c = chars.get(*pos).copied();
        if c.is_some() {
            *pos += 1;
        }
        c
    };
    loop {
        // One token (None: end of file).
        let mut c = getc(&mut pos, &mut pushed);
        while c == Some(' ') || c == Some('\n') {
            c = getc(&mut pos, &mut pushed);
        }
        let Some(first) = c else {
            out.push_str("eof.\n");
            return out;
        };
        let mut tok = String::from(first);
        if !is_special(Some(first)) {
            let string = first == '"';
            let comment = first == ';';
            let end = loop {
                let c = getc(&mut pos, &mut pushed);
                let ends = match c {
                    None => true,
                    Some(c) if string => c == '"' || c == '\n',
                    Some(c) if comment => c == '\n',
                    Some(c) => SPECIAL.contains(c) || c == ' ' || c == '\n' || c == ';',
                };
                if ends {
                    break c;
                }
                tok.push(c.unwrap());
            };
            match end {
                None => out.push_str("It can not get charcter\n"),
                Some(e) if is_special(Some(e)) => pushed = Some(e),
                Some(e) if string => tok.push(e),
                Some(';') if !comment => pushed = Some(';'),
                Some(_) => {}
            }
        }
        // Classification.
        let t: Vec<char> = tok.chars().collect();
        let alpha = |c: char| c.is_ascii_alphabetic();
        let digit = |c: char| c.is_ascii_digit();
        if ["and", "or", "if", "xor", "lambda", "=>"].contains(&tok.as_str()) {
            out.push_str(&format!("keyword,\"{tok}\".\n"));
        } else if t.len() == 1 && SPECIAL.contains(t[0]) {
            let name = match t[0] {
                '(' => "lparen",
                ')' => "rparen",
                '[' => "lsquare",
                ']' => "rsquare",
                '\'' => "quote",
                '`' => "bquote",
                _ => "comma",
            };
            out.push_str(&format!("{name}.\n"));
        } else if alpha(t[0]) && t.iter().all(|&c| alpha(c) || digit(c)) {
            out.push_str(&format!("identifier,\"{tok}\".\n"));
        } else if t.iter().all(|&c| digit(c)) {
            out.push_str(&format!("numeric,{tok}.\n"));
        } else if t[0] == '"' && t[1..].contains(&'"') {
            out.push_str(&format!("string,{tok}.\n"));
        } else if t[0] == '#' && t.len() > 1 && alpha(t[1]) {
            out.push_str(&format!("character,\"{}\".\n", t[1..].iter().collect::<String>()));
        } else if t[0] == ';' {
            // comments print nothing
        } else {
            out.push_str(&format!("error,\"{tok}\".\n"));
        }
    }
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

#[test]
fn reference_agrees_with_hand_checked_cases() {
    assert_eq!(reference("ab"), "It can not get charcter\nidentifier,\"ab\".\neof.\n");
    assert_eq!(reference("a;"), "identifier,\"a\".\nIt can not get charcter\neof.\n");
    assert_eq!(reference("\"a\n"), "error,\"\"a\n\".\neof.\n");
    assert_eq!(reference("'a`"), "quote.\nidentifier,\"a\".\nbquote.\neof.\n");
    assert_eq!(reference("#12"), "It can not get charcter\nerror,\"#12\".\neof.\n");
}

#[test]
fn ci_paths_match_the_reference() {
    let paths = run_jsymex(&[
        "--classpath",
        "@subjects",
        "--driver",
        "print_tokens2.Driver.run2(int,int)",
        "--min-int",
        "10",
        "--max-int",
        "126",
        "--max-paths",
        "2000",
    ]);
    let mut checked = 0;
    for p in &paths {
        if p["outcome"]["kind"] == "limit" {
            continue;
        }
        let input: String = p["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| char::from_u32(x.as_u64().unwrap() as u32).unwrap())
            .collect();
        let want = reference(&input);
        assert_eq!(p["outcome"]["kind"], "return", "path {}: {}", p["path"], p["outcome"]);
        assert_eq!(
            p["outcome"]["value"].as_str(),
            Some(want.as_str()),
            "path {} input {:?}",
            p["path"],
            input
        );
        checked += 1;
    }
    assert!(checked > 100, "only {checked} paths");
}
