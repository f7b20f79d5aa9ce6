//! The `print_tokens` subject against an independent reference lexer: the automaton written
//! as a transition function (not the compressed tables), driven with the program's token
//! rules: blanks, tabs and newlines before a token are dropped; keywords (lambda and or if
//! xor) need a non-alphanumeric character after them; a number running into a letter is an
//! error up to the next delimiter; an identifier or number ends at any other character,
//! which is pushed back; an invalid character in the middle of a token ends it as an error
//! (pushed back); reaching end of file in such a case, or in an unterminated string, just
//! ends the output; `#` plus a letter is a character constant; `;` skips to the end of the
//! line. Every path jsymex reports for the `ci` configuration must have the reference outcome.

use std::process::Command;

const EOF: i32 = -1;

fn alpha(c: i32) -> bool {
    (c >= 'a' as i32 && c <= 'z' as i32) || (c >= 'A' as i32 && c <= 'Z' as i32)
}

fn digit(c: i32) -> bool {
    c >= '0' as i32 && c <= '9' as i32
}

fn space(c: i32) -> bool {
    (0..128).contains(&c) && [b' ', b'\t', b'\n', 11, 12, b'\r'].contains(&(c as u8))
}

/// The automaton: -1 error or end of file, -2 end of a number, -3 end of an identifier.
fn step(state: i32, c: i32) -> i32 {
    let ch = if c >= 0 { c as u8 as char } else { '\u{0}' };
    let keyword_prefix = |want: char, next: i32| if c >= 0 && ch == want { next } else { step(17, c) };
    match state {
        0 => match ch {
            _ if c < 0 => -1,
            ' ' | '\t' | '\n' => 0,
            'l' => 1,
            'a' => 7,
            'o' => 10,
            'i' => 12,
            'x' => 14,
            _ if alpha(c) => 17,
            _ if digit(c) => 18,
            '(' => 19,
            ')' => 20,
            '[' => 21,
            ']' => 22,
            '\'' => 23,
            '`' => 24,
            ',' => 25,
            '"' => 26,
            '#' => 28,
            ';' => 30,
            '=' => 31,
            _ => -1,
        },
        1 => keyword_prefix('a', 2),
        2 => keyword_prefix('m', 3),
        3 => keyword_prefix('b', 4),
        4 => keyword_prefix('d', 5),
        5 => keyword_prefix('a', 6),
        7 => keyword_prefix('n', 8),
        8 => keyword_prefix('d', 9),
        10 => keyword_prefix('r', 11),
        12 => keyword_prefix('f', 13),
        14 => keyword_prefix('o', 15),
        15 => keyword_prefix('r', 16),
        6 | 9 | 11 | 13 | 16 => step(17, c),
        17 => {
            if alpha(c) || digit(c) {
                17
            } else {
                -3
            }
        }
        18 => {
            if digit(c) {
                18
            } else {
                -2
            }
        }
        26 => match c {
            _ if c <= 0 || c == '\n' as i32 => -1,
            _ if c == '"' as i32 => 27,
            _ => 26,
        },
        28 if alpha(c) => 29,
        31 if c == '>' as i32 => 32,
        _ => -1,
    }
}

struct Input {
    chars: Vec<i32>,
    pos: usize,
}

impl Input {
    fn get(&mut self) -> i32 {
        let c = self.chars.get(self.pos).copied().unwrap_or(EOF);
        self.pos += 1;
        c
    }
    fn unget(&mut self) {
        self.pos -= 1;
    }
    fn at_end(&self) -> bool {
        self.pos > self.chars.len()
    }
}

fn trimmed(t: &[i32]) -> String {
    let s: String = t.iter().map(|&c| c as u8 as char).collect();
    s.trim_matches(|c: char| space(c as i32)).to_string()
}

/// What print_tokens prints for a character stream.
fn reference(input: &str) -> String {
    let mut inp = Input {
        chars: input.chars().map(|c| c as i32).collect(),
        pos: 0,
    };
    let mut out = String::new();
    'tokens: loop {
        let mut tok: Vec<i32> = Vec::new();
        let mut state = 0;
        let mut c = inp.get();
        loop {
            let next = if tok.len() < 80 {
                tok.push(c);
                step(state, c)
            } else {
                -1
            };
            match next {
                -1 => {
                    if inp.at_end() {
                        out.push_str("eof.\n");
                        return out;
                    }
                    if state != 0 {
                        inp.unget();
                        tok.pop();
                    }
                    out.push_str(&format!("error,\t\"{}\".\n", trimmed(&tok)));
                    continue 'tokens;
                }
                -2 => {
                    let delim = |c: i32| !alpha(c) && !digit(c);
                    if delim(c) {
                        inp.unget();
                        tok.pop();
                        out.push_str(&format!("numeric,\t{}.\n", trimmed(&tok)));
                    } else {
                        while !delim(c) && tok.len() < 80 {
                            c = inp.get();
                            tok.push(c);
                        }
                        inp.unget();
                        tok.pop();
                        out.push_str(&format!("error,\t\"{}\".\n", trimmed(&tok)));
                    }
                    continue 'tokens;
                }
                -3 => {
                    inp.unget();
                    tok.pop();
                    out.push_str(&format!("identifier,\t\"{}\".\n", trimmed(&tok)));
                    continue 'tokens;
                }
                6 | 9 | 11 | 13 | 16 => {
                    let after = inp.get();
                    inp.unget();
                    if !alpha(after) && !digit(after) {
                        let word = match next {
                            6 => "lambda",
                            9 => "and",
                            11 => "or",
                            13 => "if",
                            _ => "xor",
                        };
                        out.push_str(&format!("keyword,\t\"{word}\".\n"));
                        continue 'tokens;
                    }
                }
                19..=25 | 32 => {
                    let name = ["lparen.", "rparen.", "lsquare.", "rsquare.", "quote.", "bquote.", "comma."];
                    if next == 32 {
                        out.push_str("keyword,\t\"=>\".\n");
                    } else {
                        out.push_str(name[(next - 19) as usize]);
                        out.push('\n');
                    }
                    continue 'tokens;
                }
                27 => {
                    out.push_str(&format!("string,\t{}.\n", trimmed(&tok)));
                    continue 'tokens;
                }
                29 => {
                    let n = tok.len();
                    tok[n - 2] = ' ' as i32;
                    out.push_str(&format!("character,\t\"{}\".\n", trimmed(&tok)));
                    continue 'tokens;
                }
                30 => {
                    loop {
                        let k = inp.get();
                        if k == '\n' as i32 {
                            break;
                        }
                        if inp.at_end() {
                            inp.unget();
                            break;
                        }
                    }
                    tok.clear();
                    state = 0;
                    c = inp.get();
                    continue;
                }
                _ => {}
            }
            state = next;
            c = inp.get();
        }
    }
}

/// choose2's representative characters.
const ALPHABET: [char; 16] = ['a', 'n', 'd', 'o', 'r', 'z', '1', '(', '"', '#', ';', '=', '>', ' ', '\n', '$'];

#[test]
fn reference_agrees_with_hand_checked_cases() {
    assert_eq!(reference("\"x"), "eof.\n");
    assert_eq!(reference("$%"), "error,\t\"$\".\nerror,\t\"%\".\neof.\n");
    assert_eq!(reference("#12"), "error,\t\"#\".\nnumeric,\t12.\neof.\n");
    assert_eq!(reference("or1"), "identifier,\t\"or1\".\neof.\n");
    assert_eq!(reference("=xy"), "error,\t\"=\".\nidentifier,\t\"xy\".\neof.\n");
    assert_eq!(reference("x\ny"), "identifier,\t\"x\".\nidentifier,\t\"y\".\neof.\n");
    assert_eq!(reference("12ab c"), "error,\t\"12ab\".\nidentifier,\t\"c\".\neof.\n");
    assert_eq!(
        reference("a;b\nlambda)"),
        "identifier,\t\"a\".\nkeyword,\t\"lambda\".\nrparen.\neof.\n"
    );
}

#[test]
fn ci_paths_match_the_reference() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tests = dir.path().join("t.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .args([
            "run",
            "--classpath",
            "@subjects",
            "--driver",
            "print_tokens.Driver.choose2(int,int)",
        ])
        .args(["--min-int", "0", "--max-int", "15", "--max-paths", "2000", "--tests"])
        .arg(&tests)
        .output()
        .expect("run jsymex");
    assert_eq!(
        out.status.code(),
        Some(0),
        "jsymex failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&tests).expect("tests file");
    let mut seen = std::collections::HashSet::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let p: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        if p["outcome"]["kind"] == "limit" {
            continue;
        }
        let ks: Vec<usize> = p["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as usize)
            .collect();
        let input: String = ks.iter().map(|&k| ALPHABET[k.min(15)]).collect();
        let want = reference(&input);
        assert_eq!(p["outcome"]["kind"], "return", "path {}: {}", p["path"], p["outcome"]);
        assert_eq!(
            p["outcome"]["value"].as_str(),
            Some(want.as_str()),
            "path {} input {:?}",
            p["path"],
            input
        );
        seen.insert(input);
    }
    // Every pair of representative characters is a path of its own.
    assert_eq!(seen.len(), 256);
}
