//! `--jpf FILE.jpf`: SPF configuration files drive `run` and `compare`. Path counts are the ones
//! of tests/paper_spf.rs (Figure 2: 8 paths; Figure 4 with ten blocks: 1024; depth 3: 16).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tempfile::TempDir;

/// Runs the binary in `cwd` with `args`.
fn jsymex_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .current_dir(cwd)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run jsymex")
}

/// Writes `name` with `text` into `dir`; returns its path as a string.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    fs::write(&p, text).expect("write");
    p.to_str().expect("utf-8 path").to_string()
}

/// `jsymex run --jpf FILE [extra…] --json …`: the summary, after checking success.
fn run_jpf(jpf_text: &str, extra: &[&str]) -> serde_json::Value {
    let dir = tempfile::tempdir().expect("tempdir");
    let jpf = write(dir.path(), "test.jpf", jpf_text);
    run_file(dir.path(), &jpf, extra)
}

fn run_file(cwd: &Path, jpf: &str, extra: &[&str]) -> serde_json::Value {
    let out_dir = tempfile::tempdir().expect("tempdir");
    let json = out_dir.path().join("summary.json");
    let mut args = vec!["run", "-q", "--jpf", jpf, "--json", json.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = jsymex_in(cwd, &args);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_str(&fs::read_to_string(&json).expect("summary written")).expect("json")
}

fn feasible(s: &serde_json::Value) -> u64 {
    s["feasible_paths"].as_u64().expect("feasible_paths")
}

#[test]
fn figure2_from_a_jpf_file() {
    let s = run_jpf(
        "# Figure 2 of the DGSE paper\ntarget = Fig2\nclasspath = @examples\nsymbolic.method = Fig2.test(sym#sym#sym)\n\
         listener = gov.nasa.jpf.symbc.SymbolicListener\nsymbolic.dp = z3\n",
        &[],
    );
    assert_eq!(feasible(&s), 8);
    assert_eq!(s["faults"].as_u64(), Some(2));
    assert_eq!(s["driver"].as_str().map(|d| d.starts_with("Fig2.test")), Some(true), "{s}");
    // The method without class takes `target`; several methods: the first one counts.
    let s = run_jpf(
        "target=Fig2\nclasspath=@examples\nsymbolic.method=test(sym#sym#sym),Fig4.blocks10(sym#sym#sym#sym#sym#sym#sym#sym#sym#sym)\n",
        &[],
    );
    assert_eq!(feasible(&s), 8);
}

#[test]
fn concrete_parameters_give_fewer_paths() {
    let s = run_jpf(
        "classpath=@examples\nsymbolic.method=Fig2.test(sym#sym#con)\n",
        &["--input", "0,0,1"],
    );
    assert_eq!(feasible(&s), 4);
    let s = run_jpf("classpath=@examples\nsymbolic.method=Fig2.test(con#con#sym)\n", &[]);
    assert_eq!(feasible(&s), 2);
    // Figure 4: ten blocks, 2^(symbolic parameters) paths.
    let s = run_jpf(
        "classpath=@examples\nsymbolic.method = Fig4.blocks10(sym#sym#sym#sym#sym#sym#sym#sym#sym#sym)\n",
        &[],
    );
    assert_eq!(feasible(&s), 1024);
    let s = run_jpf(
        "classpath=@examples\nsymbolic.method = Fig4.blocks10(sym#con#sym#con#sym#con#sym#con#con#\\\n    con)\n",
        &[],
    );
    assert_eq!(feasible(&s), 16);
}

#[test]
fn int_ranges_both_spellings() {
    // x, y, z in [0, 1]: x > 1 never holds, z < 2 always does; only y's branch splits.
    for (lo, hi) in [("symbolic.min_int", "symbolic.max_int"), ("symbolic.minint", "symbolic.maxint")] {
        let s = run_jpf(
            &format!("classpath=@examples\nsymbolic.method=Fig2.test(sym#sym#sym)\n{lo}=0\n{hi} = 1\n"),
            &[],
        );
        assert_eq!(feasible(&s), 2, "{lo}/{hi}");
    }
    // The command line wins over the file.
    let s = run_jpf(
        "classpath=@examples\nsymbolic.method=Fig2.test(sym#sym#sym)\nsymbolic.min_int=0\nsymbolic.max_int=1\n",
        &["--min-int", "1"],
    );
    assert_eq!(feasible(&s), 1, "in [1, 1] no branch splits");
    let s = run_jpf(
        "classpath=@examples\nsymbolic.method=Fig2.test(sym#sym#sym)\n",
        &["--symbolic", "sym#con#con"],
    );
    assert_eq!(feasible(&s), 2);
}

#[test]
fn depth_limit() {
    let s = run_jpf(
        "classpath=@examples\nsymbolic.method=Fig4.blocks10(sym#sym#sym#sym#sym#sym#sym#sym#sym#sym)\nsearch.depth_limit = 3\n",
        &[],
    );
    assert_eq!(feasible(&s), 16);
    assert_eq!(s["limit_paths"].as_u64(), Some(16));
}

/// Compiles `t/Tiny.java` into `<dir>/build/classes`.
fn tiny(dir: &Path) -> PathBuf {
    let src = dir.join("src");
    fs::create_dir_all(&src).unwrap();
    let file = src.join("Tiny.java");
    fs::write(
        &file,
        "package t; public class Tiny { public static int cmp(int a, int b) { if (a > b) return 1; if (a == b) return 0; return -1; } }",
    )
    .unwrap();
    let classes = dir.join("build").join("classes");
    let out = Command::new("javac")
        .arg("-d")
        .arg(&classes)
        .arg(&file)
        .output()
        .expect("javac must be installed");
    assert!(out.status.success(), "javac failed: {}", String::from_utf8_lossy(&out.stderr));
    classes
}

#[test]
fn compiled_classes_through_a_relative_classpath() {
    let dir = tempfile::tempdir().unwrap();
    tiny(dir.path());
    let elsewhere = tempfile::tempdir().unwrap();
    // Relative entry, resolved against the file's directory (not the working directory).
    let jpf = write(
        dir.path(),
        "tiny.jpf",
        "target = t.Tiny\nclasspath = build/classes\nsymbolic.method = cmp(sym#sym)\n",
    );
    let s = run_file(elsewhere.path(), &jpf, &[]);
    assert_eq!(feasible(&s), 3);
    // ${config_path} and ${key} references, `+=` and a relative path to the .jpf file itself.
    write(
        dir.path(),
        "tiny2.jpf",
        "build = ${config_path}/build\nclasspath = @examples\nclasspath += ${build}/classes\n\
         symbolic.method = t.Tiny.cmp(sym#con)\nsymbolic.min_int = -1\nsymbolic.max_int = 1\n",
    );
    let s = run_file(dir.path(), "tiny2.jpf", &[]);
    // b = 0 concrete, a in [-1, 1]: all three outcomes.
    assert_eq!(feasible(&s), 3);
    let s = run_file(dir.path(), "tiny2.jpf", &["--input", "0,5"]);
    assert_eq!(feasible(&s), 1, "b = 5 is above a's range");
}

#[test]
fn compare_takes_the_file_too() {
    let dir = tempfile::tempdir().unwrap();
    let jpf = write(
        dir.path(),
        "fig2.jpf",
        "classpath=@examples\nsymbolic.method=Fig2.test(sym#sym#sym)\n",
    );
    let out = jsymex_in(
        dir.path(),
        &["compare", "--jpf", &jpf, "--strategies", "spf,dgse", "--format", "csv"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 3, "{csv}");
    assert_eq!((rows[1][0], rows[1][1]), ("spf", "8"));
    assert_eq!(rows[2][0], "dgse");
}

/// Exit code 2 and one stderr line containing every needle.
fn assert_error(out: &Output, needles: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("jsymex: error:"), "{stderr}");
    for n in needles {
        assert!(stderr.contains(n), "{stderr} lacks {n}");
    }
}

#[test]
fn errors_name_the_file() {
    let dir: TempDir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for cmd in ["run", "compare"] {
        assert_error(&jsymex_in(d, &[cmd, "--jpf", "nowhere.jpf"]), &["nowhere.jpf"]);
    }
    let f = write(d, "nomethod.jpf", "target=Fig2\nclasspath=@examples\n");
    assert_error(&jsymex_in(d, &["run", "--jpf", &f]), &["nomethod.jpf", "symbolic.method"]);
    let f = write(
        d,
        "badsym.jpf",
        "classpath=@examples\nsymbolic.method=Fig2.test(sym#symbolic#sym)\n",
    );
    assert_error(&jsymex_in(d, &["run", "--jpf", &f]), &["badsym.jpf", "symbolic.method", "symbolic"]);
    let f = write(
        d,
        "badint.jpf",
        "classpath=@examples\nsymbolic.method=Fig2.test(sym#sym#sym)\nsymbolic.maxint=many\n",
    );
    assert_error(&jsymex_in(d, &["compare", "--jpf", &f]), &["badint.jpf", "symbolic.maxint"]);
    let f = write(d, "noclass.jpf", "classpath=@examples\nsymbolic.method=test(sym#sym#sym)\n");
    assert_error(&jsymex_in(d, &["run", "--jpf", &f]), &["noclass.jpf", "target"]);
}
