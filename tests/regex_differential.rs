//! The `java.util.regex` model against the real JDK (issue 23, regex part).
//!
//! 1. Differential test: (pattern, flags, input) cases, generated systematically by a small
//!    seeded generator over the supported features (classes, predefined classes, quantifiers of
//!    the three kinds, groups of every kind, backreferences, alternation, anchors and
//!    boundaries, flags, escapes, malformed patterns) plus hand-picked corner cases, are written
//!    into a Java class; `tests/java/regex/RegexDiff.java` turns each case into a transcript
//!    (compile error class, matches/lookingAt/find with start, end and every group, split with
//!    three limits, replaceAll with `$1`, replaceFirst and the String methods). The transcripts
//!    are computed under jsymex (on the model) and on the JVM (`Replay`), and must be equal.
//! 2. Symbolic exploration of `s.matches("[a-c]+\\d?")` on a 3-character string: the paths are
//!    the outcome classes derived by hand below, and every input replays on the JVM.

mod common;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Single-char atoms (each matches exactly one char), as regex source.
const CHAR_ATOMS: &[&str] = &[
    "a",
    "b",
    "c",
    "0",
    "1",
    "x",
    "A",
    "-",
    " ",
    ".",
    "\\d",
    "\\D",
    "\\w",
    "\\W",
    "\\s",
    "\\S",
    "[abc]",
    "[^a]",
    "[a-c]",
    "[0-9a]",
    "[a-z&&[^b]]",
    "[\\d_]",
    "[a[01]]",
    "[^\\s.]",
    "\\.",
    "\\t",
    "\\x41",
    "\\u0062",
    "\\p{Lower}",
    "\\p{Alpha}",
    "\\p{Punct}",
    "\\p{Digit}",
    "[-a]",
    "[a-]",
    "\\-",
    "\\n",
];
/// Zero-width atoms.
const ANCHORS: &[&str] = &["^", "$", "\\b", "\\B", "\\A", "\\z", "\\Z"];
/// Quantifiers that may repeat a single char.
const CHAR_QUANTS: &[&str] = &[
    "", "", "", "*", "+", "?", "*?", "+?", "??", "*+", "++", "?+", "{2}", "{1,}", "{0,2}", "{1,2}?", "{2,3}+",
];
/// Quantifiers for groups whose body always consumes (never zero iterations of an empty body).
const GROUP_QUANTS: &[&str] = &["", "", "*", "+", "?", "+?", "{2}", "{1,2}", "*+", "{0,2}?"];
/// Flags: 0 most often, then CASE_INSENSITIVE, MULTILINE, DOTALL, both, UNIX_LINES, COMMENTS.
const FLAGS: &[u32] = &[0, 0, 0, 0, 0, 2, 8, 32, 10, 1, 4];
/// The alphabet of generated inputs (letters, digits, blanks, punctuation, line terminators).
const ALPHABET: &[char] = &['a', 'b', 'c', '0', '1', ' ', '_', '\n', 'A', '-', '.', 'B', '\r', 'x'];

/// A sequence of 1..=n quantified single-char atoms (always consumes at least one char when
/// `consuming`).
fn chars(rng: &mut Rng, n: usize, consuming: bool) -> String {
    let mut s = String::new();
    for i in 0..1 + rng.below(n) {
        s.push_str(rng.pick(CHAR_ATOMS));
        let q = if consuming && i == 0 {
            rng.pick(&["", "+", "{2}", "{1,2}", "+?"])
        } else {
            rng.pick(CHAR_QUANTS)
        };
        s.push_str(q);
    }
    s
}

/// One generated pattern: a sequence of 1..=4 items, each an atom, an anchor or a group.
fn pattern(rng: &mut Rng) -> String {
    let mut s = String::new();
    let mut groups = 0;
    for _ in 0..1 + rng.below(4) {
        match rng.below(14) {
            0..=5 => {
                s.push_str(rng.pick(CHAR_ATOMS));
                s.push_str(rng.pick(CHAR_QUANTS));
            }
            6 => s.push_str(rng.pick(ANCHORS)),
            7 => {
                groups += 1;
                s.push_str(&format!("({})", chars(rng, 2, true)));
                s.push_str(rng.pick(GROUP_QUANTS));
            }
            8 => {
                let (a, b) = (chars(rng, 2, true), chars(rng, 2, true));
                let open = rng.pick(&["(?:", "(", "(?<nm>", "(?>"]);
                if open == "(" || open == "(?<nm>" {
                    if open == "(?<nm>" && s.contains("(?<nm>") {
                        continue;
                    }
                    groups += 1;
                }
                s.push_str(&format!("{open}{a}|{b})"));
                s.push_str(rng.pick(GROUP_QUANTS));
            }
            9 => {
                let look = rng.pick(&["(?=", "(?!", "(?<=", "(?<!"]);
                s.push_str(&format!("{look}{})", rng.pick(CHAR_ATOMS)));
            }
            10 if groups > 0 => s.push_str(rng.pick(&["\\1", "\\1+", "\\1?"])),
            10 | 11 => {
                let inline = rng.pick(&["(?i)", "(?i:", "(?s)", "(?m)", "(?-i:"]);
                if inline.ends_with(':') {
                    s.push_str(&format!("{inline}{})", chars(rng, 2, false)));
                } else {
                    s.push_str(inline);
                }
            }
            12 => s.push_str(rng.pick(&["\\Qa.\\E", "\\Q*\\E+", "a\\.b", "\\\\", "[\\Q]\\E]"])),
            _ => {
                // a malformed pattern now and then
                if rng.below(3) == 0 {
                    s.push_str(rng.pick(&["(", "[a", "*", "a{2,1}", "\\k", "(?z)", ")", "[z-a]", "\\y", "x{,2}"]));
                } else {
                    s.push_str(rng.pick(CHAR_ATOMS));
                }
            }
        }
    }
    s
}

fn input(rng: &mut Rng) -> String {
    (0..rng.below(9)).map(|_| ALPHABET[rng.below(ALPHABET.len())]).collect()
}

/// Hand-picked corner cases: (pattern, flags, input).
const CORNERS: &[(&str, u32, &str)] = &[
    ("(a|ab)(c|bcd)(d*)", 0, "abcd"),
    ("(a*)*", 0, "aa"),
    ("(a*)+b", 0, "aab"),
    ("(a?){3}", 0, "a"),
    ("(a|b)*?c", 0, "abc"),
    ("(a|ab){2}+", 0, "aba"),
    ("x*", 0, "axx"),
    ("a?", 0, "ab"),
    ("", 0, "abc"),
    ("", 0, ""),
    ("\\b", 0, "ab cd"),
    ("\\B", 0, "ab cd"),
    ("$", 0, "a\n"),
    ("$", 0, "a\r\n"),
    ("$", 8, "a\nb\r\nc"),
    ("^", 8, "a\nb\n"),
    ("^$", 8, ""),
    ("a$", 1, "a\r\n"),
    ("\\Z", 0, "ab\n"),
    ("\\z", 0, "ab\n"),
    (".+", 0, "a\nb\rc"),
    (".+", 32, "a\nb\rc"),
    (".+", 1, "a\nb\rc"),
    ("(?i)straße", 0, "STRAßE"),
    ("[a-c]+", 2, "AbC"),
    ("(?i)[^a]", 0, "A"),
    ("(a)\\1", 2, "aA"),
    ("(\\w+)\\s\\1", 0, "hello hello world"),
    ("(?<y>\\d{4})-(?<m>\\d\\d)", 0, "on 2024-05-17"),
    ("(\\d+)(?=px)", 0, "12px 3em 40px"),
    ("(?<=\\$)\\d+", 0, "cost $45 or $7"),
    ("(?<!-)\\b\\d", 0, "-1 2 -3 4"),
    ("(?>a+)b", 0, "aaab"),
    ("(?>a|ab)c", 0, "abc"),
    ("a++a", 0, "aaa"),
    ("[a-z&&[^aeiou]]+", 0, "strengths"),
    ("[^a[b]]", 0, "abc"),
    ("[]a]+", 0, "a]a"),
    ("[^]a]", 0, "]ab"),
    ("[\\w&&\\D]+", 0, "ab1c_"),
    ("\\Qa.b\\E+", 0, "a.bb a.b"),
    ("a\\Q", 0, "a"),
    ("(?x) a b # comment", 0, "ab a b"),
    ("(?x)[a b]+", 0, "b a"),
    ("\\x{41}\\0101\\cA", 0, "AA\u{1}"),
    ("\\e\\a\\f", 0, "\u{1b}\u{7}\u{c}"),
    ("\\h+\\v", 0, "a \t\n"),
    ("\\R", 0, "a\r\nb\nc\rd"),
    ("\\p{javaLowerCase}+", 0, "abCd"),
    ("\\P{Alpha}+", 0, "ab12;c"),
    ("\\p{IsAlphabetic}\\p{L}", 0, "ab1"),
    ("a{0}", 0, "aaa"),
    ("a{2,}", 0, "aaaaa"),
    ("a{1,3}?", 0, "aaaa"),
    ("(a)|b", 0, "ab"),
    ("(a)?b", 0, "b"),
    ("((a)|b)+", 0, "ab"),
    ("(a|(b))+", 0, "ba"),
    ("\\G\\d", 0, "12a3"),
    ("(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)\\11", 0, "1234567890111"),
    ("(a)\\12", 0, "aa2"),
    ("\\2(a)", 0, "a"),
    ("(?i)(?-i:a)A", 0, "aA AA"),
    ("(a(?i)b)B", 0, "aBB aBb"),
    ("((?i)a)A", 0, "aa aA"),
    ("a|*", 0, "a"),
    ("(*)", 0, "a"),
    ("a**", 0, "a"),
    ("{a}", 0, "a"),
    ("a{", 0, "a{"),
    ("a{1", 0, "a"),
    ("[]", 0, "a"),
    ("(?<=a+)b", 0, "aab"),
    ("(?<=(?:ab)*)c", 0, "abc"),
    ("(?<n>a)(?<n>b)", 0, "ab"),
    ("\\k<q>", 0, "a"),
    ("\\x4", 0, "a"),
    ("\\p{Nope}", 0, "a"),
    ("a)", 0, "a"),
    ("\\", 0, "a"),
    ("[a-\\d]", 0, "a"),
    ("\\s*,\\s*", 0, "a , b,c ,"),
    ("\\|", 0, "a|b||c|"),
    ("[,;]", 0, ",a;b,"),
    (":", 0, ":a::b:"),
    ("(?=b)", 0, "abab"),
    ("a", 16, "a.a"),
    (".", 16, "a.a"),
    ("A", 2, "aAa"),
    ("\\d+", 0, "x12y345z"),
    ("(\\w)(\\w)?", 0, "abc d"),
    ("a(?=b)|a", 0, "ab a"),
    ("(?s)a.b", 0, "a\nb"),
    ("(?m)^b", 0, "a\nb"),
    ("(?u)(?i)é", 0, "É"),
    ("é", 66, "É"),
    ("\\\\E", 0, "a\\Eb\\E"),
    ("(?<nm>\\w)\\d", 0, "a1 b2"),
    ("\\Q\\E", 0, "\\Q\\E"),
    ("( {2})", 4, "ab"),
    (" {2}a", 4, "aa"),
    ("(?: {1,}x)", 4, "x xx"),
    ("[ ]", 4, " "),
    ("a#c\nb", 4, "ab"),
    ("a{2} ?", 4, "aaa"),
    ("\\Qab\\E+?+", 0, "abb"),
    ("(?<=(a)+)b", 0, "aab"),
    ("(?<=(a|b){2})d", 0, "abd"),
    ("(?<=(a|b)?)d", 0, "ad"),
    ("(?<=\\1)", 0, "a"),
    ("(\\Z)*", 10, "ab\n"),
    ("(^)?(a?)*", 0, "b"),
];

/// The cases: every generated pattern with four inputs, then the corner cases.
fn cases() -> Vec<(String, u32, String)> {
    let mut rng = Rng(0x5EED_2023_0001);
    let mut out = Vec::new();
    for _ in 0..80 {
        let p = pattern(&mut rng);
        let flags = FLAGS[rng.below(FLAGS.len())];
        for _ in 0..4 {
            out.push((p.clone(), flags, input(&mut rng)));
        }
    }
    out.extend(CORNERS.iter().map(|(p, f, i)| (p.to_string(), *f, i.to_string())));
    out
}

/// `s` as a Java string literal.
fn java_string(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '\\' => o.push_str("\\\\"),
            '"' => o.push_str("\\\""),
            // octal for controls: a \u000a escape would end the line before javac lexes it
            c if (c as u32) < 0x20 => o.push_str(&format!("\\{:03o}", c as u32)),
            c if (c as u32) > 0x7e => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// Cases per driver method (one jsymex run each).
const CHUNK: usize = 60;

/// Writes `RegexCases.java`: the case arrays and one `chunkK()` driver per CHUNK cases.
fn cases_source(cases: &[(String, u32, String)]) -> (String, usize) {
    let mut src = String::from("public class RegexCases {\n    static final String[] P = {\n");
    for (p, _, _) in cases {
        src.push_str(&format!("        {},\n", java_string(p)));
    }
    src.push_str("    };\n    static final int[] F = {\n");
    for (_, f, _) in cases {
        src.push_str(&format!("        {f},\n"));
    }
    src.push_str("    };\n    static final String[] I = {\n");
    for (_, _, i) in cases {
        src.push_str(&format!("        {},\n", java_string(i)));
    }
    src.push_str("    };\n");
    let chunks = cases.len().div_ceil(CHUNK);
    for k in 0..chunks {
        src.push_str(&format!(
            "    public static String chunk{k}() {{\n        return RegexDiff.run(P, F, I, {}, {});\n    }}\n",
            k * CHUNK,
            (k + 1) * CHUNK
        ));
    }
    src.push_str("}\n");
    (src, chunks)
}

#[test]
fn regex_model_matches_the_jdk_on_generated_and_corner_cases() {
    let cases = cases();
    assert!(cases.len() >= 300, "{} cases", cases.len());
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("RegexCases.java");
    let (text, chunks) = cases_source(&cases);
    std::fs::write(&src, text).unwrap();
    let classes = tmp.path().join("classes");
    std::fs::create_dir_all(&classes).unwrap();
    common::javac_files(&[src, root().join("tests/java/regex/RegexDiff.java")], &[], &classes);
    let cp = classes.to_string_lossy().into_owned();

    // the JVM's transcripts, all chunks in one launch
    let calls: Vec<_> = (0..chunks)
        .map(|k| ("RegexCases".to_string(), format!("chunk{k}"), String::new(), "[]".to_string()))
        .collect();
    let jvm = common::replay(&cp, &calls);
    let mut mismatches = Vec::new();
    let (mut matched, mut errors, mut compared) = (0, 0, 0);
    assert_eq!(jvm.len(), chunks);
    for (k, theirs) in jvm.iter().enumerate() {
        let driver = format!("RegexCases.chunk{k}()");
        let r = common::run(&["--classpath", &cp, "--driver", &driver, "--max-steps", "500000000"]);
        assert_eq!(r.code, 0, "{driver}: exit {}: {}", r.code, r.stderr);
        assert_eq!(r.paths.len(), 1, "{driver}: one concrete path");
        let ours = r.paths[0]["outcome"]["value"]
            .as_str()
            .unwrap_or_else(|| panic!("{driver}: {}", r.paths[0]));
        let theirs = theirs["value"]
            .as_str()
            .unwrap_or_else(|| panic!("{driver} on the JVM: {}", theirs));
        let (a, b): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
        assert_eq!(a.len(), b.len(), "{driver}: transcript lengths");
        for (x, y) in a.iter().zip(&b) {
            compared += 1;
            if y.contains(" error ") || y.contains(": error ") {
                errors += 1;
            }
            if y.contains("find=[") {
                matched += 1;
            }
            if x != y {
                let idx: usize = y.split(':').next().unwrap().parse().unwrap();
                let (p, f, i) = &cases[idx];
                mismatches.push(format!("pattern {p:?} flags {f} input {i:?}\n  model: {x}\n  JDK:   {y}"));
            }
        }
    }
    assert_eq!(compared, cases.len());
    eprintln!("{compared} cases compared: {matched} with a match, {errors} malformed patterns");
    assert!(
        mismatches.is_empty(),
        "{} of {compared} cases differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    // the cases exercise both outcomes: many patterns find matches, some are malformed
    assert!(matched >= 150, "{matched} cases with at least one match");
    assert!(errors >= 15, "{errors} malformed patterns");
}

/// The char classes the matcher's decisions distinguish for `[a-c]+\d?`: L (in a-c), D (a
/// digit), O (anything else). `matches()` runs the greedy `[a-c]+` scan (one test per char
/// until one fails or the string ends), then `\d?` at the scan's end (one test when a char is
/// left), then backtracks one char at a time down to one `[a-c]` char, testing `\d` again
/// each time a char is left. Derived by hand, one path per class:
///
/// | class       | decisions                                        | result |
/// |-------------|--------------------------------------------------|--------|
/// | L L L       | c0∈L c1∈L c2∈L                                    | true   |
/// | L L D       | c0∈L c1∈L c2∉L c2∈D                               | true   |
/// | L L O       | c0∈L c1∈L c2∉L c2∉D, backtrack: c1∉D              | false  |
/// | L D *       | c0∈L c1∉L c1∈D                                    | false  |
/// | L O *       | c0∈L c1∉L c1∉D                                    | false  |
/// | (D or O) ** | c0∉L                                              | false  |
///
/// Six feasible paths, two returning true; the flip of `c1∉D` on the `L L O` path contradicts
/// `c1∈L`, so it is the one infeasible task.
fn class_of(s: &str) -> &'static str {
    let cls = |c: char| match c {
        'a'..='c' => 'L',
        '0'..='9' => 'D',
        _ => 'O',
    };
    let c: Vec<char> = s.chars().map(cls).collect();
    match (c[0], c[1], c[2]) {
        ('L', 'L', 'L') => "LLL",
        ('L', 'L', 'D') => "LLD",
        ('L', 'L', _) => "LLO",
        ('L', 'D', _) => "LD*",
        ('L', _, _) => "LO*",
        _ => "!L**",
    }
}

/// Other regex entry points on symbolic strings: every path completes and replays on the JVM.
const SYMBOLIC_DRIVERS: &str = r#"
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class RegexSymMore {
    public static int splitCount(String s) {
        return s.split("[,;]\\s*").length;
    }

    public static String digits(String s) {
        return s.replaceAll("\\d+", "<$0>");
    }

    public static String groups(String s) {
        Matcher m = Pattern.compile("(a+)(b)?|c").matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            sb.append(m.start()).append(m.group(1)).append(m.group(2)).append(';');
        }
        return sb.toString();
    }

    public static boolean caseless(String s) {
        return Pattern.compile("x[^y]\\b", Pattern.CASE_INSENSITIVE).matcher(s).lookingAt();
    }
}
"#;

#[test]
fn symbolic_split_replace_find_and_flags_replay_on_the_jvm() {
    let (_guard, classes) = common::javac(&[("RegexSymMore.java", SYMBOLIC_DRIVERS)]);
    let tmp = tempfile::tempdir().unwrap();
    common::javac_files(&[], &[], tmp.path());
    let cp = format!("{}:{}", classes.display(), tmp.path().display());
    // (driver, minimum feasible paths, a value some path must return); `digits` has exactly
    // one path per digit / non-digit pattern of the three chars (2^3 = 8): the find loop tests
    // each char once for \d, and nothing else branches
    for (method, min_paths, probe) in [
        ("splitCount", 5, serde_json::json!(3)),
        ("digits", 8, serde_json::json!("<000>")),
        ("groups", 10, serde_json::json!("0aab;")),
        ("caseless", 3, serde_json::json!(true)),
    ] {
        let driver = format!("RegexSymMore.{method}(java.lang.String)");
        let r = common::run(&["--classpath", &cp, "--driver", &driver, "--string-len", "3", "--timeout", "300"]);
        assert_eq!(r.code, 0, "{driver}: {}", r.stderr);
        assert_eq!(r.summary["stop"], "Complete", "{driver}");
        assert_eq!(common::count(&r.summary, "unknown_paths"), 0, "{driver}");
        let n = r.paths.len();
        assert!(n >= min_paths, "{driver}: {n} paths");
        if method == "digits" {
            assert_eq!(n, 8, "{driver}: one path per digit pattern");
        }
        assert!(
            r.paths.iter().any(|p| p["outcome"]["value"] == probe),
            "{driver}: no path returns {probe}"
        );
        let (replayed, problems) = common::replay_paths(&cp, &driver, &r.paths);
        assert_eq!(replayed, n);
        assert!(problems.is_empty(), "{driver}:\n{}", problems.join("\n"));
        eprintln!("{driver}: {n} paths replayed");
    }
}

#[test]
fn symbolic_matches_has_one_path_per_outcome_class() {
    let tmp = tempfile::tempdir().unwrap();
    let (_guard, classes) = common::javac(&[(
        "RegexSym.java",
        "public class RegexSym {\n    public static boolean matches(String s) {\n        return s.matches(\"[a-c]+\\\\d?\");\n    }\n}\n",
    )]);
    let support = tmp.path().join("support");
    std::fs::create_dir_all(&support).unwrap();
    common::javac_files(&[], &[], &support);
    let cp = format!("{}:{}", classes.display(), support.display());
    let driver = "RegexSym.matches(java.lang.String)";
    let r = common::run(&["--classpath", &cp, "--driver", driver, "--string-len", "3"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(common::count(&r.summary, "feasible_paths"), 6);
    assert_eq!(common::count(&r.summary, "infeasible_paths"), 1);
    assert_eq!(common::count(&r.summary, "unknown_paths"), 0);
    let mut seen: BTreeMap<&str, (usize, bool)> = BTreeMap::new();
    for p in &r.paths {
        let s = p["inputs"][0].as_str().unwrap();
        let v = p["outcome"]["value"].as_bool().unwrap_or_else(|| panic!("{p}"));
        let e = seen.entry(class_of(s)).or_insert((0, v));
        e.0 += 1;
        assert_eq!(e.1, v, "{s}: same class, same result");
    }
    let expected: BTreeMap<&str, (usize, bool)> = [
        ("LLL", (1, true)),
        ("LLD", (1, true)),
        ("LLO", (1, false)),
        ("LD*", (1, false)),
        ("LO*", (1, false)),
        ("!L**", (1, false)),
    ]
    .into_iter()
    .collect();
    assert_eq!(seen, expected, "one path per class");
    let (n, problems) = common::replay_paths(&cp, driver, &r.paths);
    assert_eq!(n, 6);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
