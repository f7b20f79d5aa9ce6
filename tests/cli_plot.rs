//! `jsymex compare --plot FILE.svg`: one step-shaped line per strategy, a legend naming them, and
//! an unwritable path reported before any run.

use std::process::{Command, Output};

fn compare(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jsymex"))
        .arg("compare")
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run jsymex")
}

const FIG2: &[&str] = &[
    "--classpath",
    "@examples",
    "--driver",
    "Fig2.test(int,int,int)",
    "--strategies",
    "spf,dgse",
];

/// The y coordinates of a polyline's vertices.
fn ys(polyline: &str) -> Vec<f64> {
    let pts = polyline.split("points=\"").nth(1).expect("points").split('"').next().unwrap();
    pts.split_whitespace()
        .map(|p| p.split(',').nth(1).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn figure2_plot_has_one_line_per_strategy() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("X.svg");
    let out = compare(&[FIG2, &["--plot", svg.to_str().unwrap(), "--format", "csv"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8(out.stdout).unwrap();
    assert_eq!(csv.lines().count(), 3, "the table is still printed: {csv}");
    let doc = std::fs::read_to_string(&svg).expect("plot written");
    assert!(doc.starts_with("<?xml"));
    let root = doc.lines().find(|l| l.starts_with("<svg ")).expect("svg element");
    assert!(
        root.contains(r#"xmlns="http://www.w3.org/2000/svg""#) && root.contains(r#"version="1.1""#),
        "{root}"
    );
    assert!(doc.trim_end().ends_with("</svg>"));
    // Series lines are drawn in colour (axes in black): paths over time and branch coverage
    // over time per strategy, then one legend sample each.
    let lines: Vec<&str> = doc
        .lines()
        .filter(|l| l.starts_with("<polyline") && !l.contains("stroke=\"#000000\""))
        .collect();
    assert_eq!(lines.len(), 6, "{doc}");
    // The legend names both strategies and the title names the driver.
    assert!(doc.contains("\nspf\n</text>") && doc.contains("\ndgse\n</text>"), "{doc}");
    assert!(doc.contains("Fig2.test(int,int,int)"));
    assert!(doc.contains("branch coverage over time"));
    // Step lines: spf rises through 8 levels, dgse through 6 (the paper's Figure 2 counts), and
    // each line is monotone (SVG y grows downwards); both reach full branch coverage.
    for (line, paths) in lines.iter().zip([8usize, 6]) {
        let y = ys(line);
        assert!(y.windows(2).all(|w| w[1] <= w[0]), "{line}");
        let mut levels = y.clone();
        levels.dedup();
        assert_eq!(levels.len(), paths + 1, "{line}");
    }
    let top: Vec<f64> = lines[2..4].iter().map(|l| *ys(l).last().unwrap()).collect();
    assert_eq!(top[0], top[1], "spf and dgse end at the same coverage: {top:?}");
    assert!(lines[2..4].iter().all(|l| ys(l).windows(2).all(|w| w[1] <= w[0])));
}

#[test]
fn unwritable_plot_path_fails_before_any_run() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("no-such-dir").join("X.svg");
    let out = compare(&[FIG2, &["--plot", bad.to_str().unwrap()]].concat());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--plot") && stderr.contains("no-such-dir/X.svg"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.is_empty(), "no run before the plot path is known to be writable: {stdout}");
}
