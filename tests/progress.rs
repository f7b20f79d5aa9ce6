//! The progress display: shown on a terminal (a pseudo-terminal made by util-linux `script`),
//! absent with `-q` and when stderr is not a terminal.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_jsymex");

/// Runs `jsymex ARGS` under a pseudo-terminal; returns everything it wrote (stdout and stderr
/// both go to the terminal), or `None` when `script` is missing.
fn on_terminal(args: &str) -> String {
    let out = Command::new("script")
        .args(["-qec", &format!("{BIN} {args}"), "/dev/null"])
        .env("TERM", "xterm")
        .output()
        .expect("util-linux `script` must be installed (it gives the run a pseudo-terminal)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn progress_shows_on_a_terminal_only() {
    // schedule2:max takes longer than the budget: more than ten refreshes.
    let run = "run --subject schedule2:max --timeout 1.5";
    let shown = on_terminal(run);
    assert!(
        shown.contains(" paths, ") && shown.contains(" paths/s, ") && shown.contains(" pending"),
        "no progress line:\n{shown}"
    );
    assert!(shown.contains("branches "), "{shown}");
    // The summary follows the cleared line unchanged.
    assert!(shown.contains("exploration   stopped at --timeout"), "{shown}");

    let quiet = on_terminal(&format!("{run} -q"));
    assert!(!quiet.contains("paths/s, "), "-q shows no progress:\n{quiet}");

    let plain = Command::new(BIN).args(run.split_whitespace()).output().expect("run jsymex");
    assert!(plain.status.success());
    let err = String::from_utf8_lossy(&plain.stderr);
    assert!(
        !err.contains("paths/s") && !err.contains("pending"),
        "stderr is not a terminal:\n{err}"
    );
    let out = String::from_utf8_lossy(&plain.stdout);
    assert!(out.contains("paths/s)") && !out.contains("pending"), "{out}");
}

#[test]
fn compare_shows_one_line_per_run() {
    let args = "compare --subject schedule2:max --strategies spf,dgse --budget 0.7";
    let shown = on_terminal(args);
    for label in ["spf schedule2:max", "dgse schedule2:max"] {
        assert!(shown.contains(label), "no progress line for {label}:\n{shown}");
    }
    assert!(shown.contains("paths/s, "), "{shown}");
    let quiet = on_terminal(&format!("{args} -q"));
    assert!(!quiet.contains("paths/s") && quiet.contains("strategy"), "{quiet}");
    let plain = Command::new(BIN).args(args.split_whitespace()).output().expect("run jsymex");
    assert!(plain.status.success());
    assert!(plain.stderr.is_empty(), "{}", String::from_utf8_lossy(&plain.stderr));
}
