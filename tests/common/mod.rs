//! Helpers shared by the integration tests: run the binary, read its JSONL and JSON outputs.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The result of one `jsymex run`.
pub struct RunOut {
    /// Exit code.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The `--json` summary.
    pub summary: serde_json::Value,
    /// The `--tests` lines.
    pub paths: Vec<serde_json::Value>,
}

/// Runs `jsymex run` with the given arguments plus `--json` and `--tests` into a temp dir.
pub fn run(args: &[&str]) -> RunOut {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("s.json");
    let tests = dir.path().join("t.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("run")
        .args(args)
        .arg("--json")
        .arg(&json)
        .arg("--tests")
        .arg(&tests)
        .output()
        .expect("run jsymex");
    let summary = std::fs::read_to_string(&json)
        .ok()
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or(serde_json::Value::Null);
    let paths = read_jsonl(&tests);
    RunOut {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        summary,
        paths,
    }
}

/// Reads a JSONL file (missing file = no lines).
pub fn read_jsonl(p: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(p)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("valid JSON line"))
        .collect()
}

/// The branch labels of a path line.
pub fn branches(p: &serde_json::Value) -> Vec<String> {
    p["branches"]
        .as_array()
        .map(|a| a.iter().filter_map(|b| b.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

/// A summary counter.
pub fn count(s: &serde_json::Value, key: &str) -> u64 {
    s[key].as_u64().unwrap_or_else(|| panic!("summary has no numeric {key}: {s}"))
}

/// Compiles Java sources into a fresh temp dir (kept alive by the returned guard).
pub fn javac(sources: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("src");
    let out = dir.path().join("classes");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let mut files = Vec::new();
    for (name, text) in sources {
        let f = src.join(name);
        std::fs::write(&f, text).unwrap();
        files.push(f);
    }
    let st = Command::new("javac")
        .arg("-g")
        .arg("-d")
        .arg(&out)
        .args(&files)
        .status()
        .expect("javac");
    assert!(st.success(), "javac failed");
    (dir, out)
}
