//! The whole static analysis (call graph, summaries, control/data/potential/interactive
//! dependence) that DGSE runs before exploring: of Apache Commons CLI 1.5.0 (Debian's
//! unmodified jar) plus the library models from a DefaultParser driver, and of every bundled
//! subject from its `ci` driver (`analysis_subjects/NAME`). A missing jar or `javac` fails the
//! bench: it never measures less than it says.

use criterion::{Criterion, criterion_group, criterion_main};
use jsymex::analysis::{AnalysisOptions, analyze};
use jsymex::classpath::ClassPath;
use jsymex::program::Program;
use std::process::Command;

const DRIVER: &str = r#"
import org.apache.commons.cli.*;
public class CliBenchDriver {
    public static int run(String a, String b, String c) throws Exception {
        Options o = new Options();
        o.addOption("a", "all", false, "all");
        o.addOption("f", "file", true, "file");
        o.addOption(Option.builder("v").longOpt("verbose").hasArg().build());
        CommandLine cl = new DefaultParser().parse(o, new String[]{a, b, c});
        HelpFormatter h = new HelpFormatter();
        return cl.hasOption("a") ? 1 : cl.getOptionValue("f", "x").length();
    }
}
"#;

fn bench(c: &mut Criterion) {
    let jar = "/usr/share/java/commons-cli.jar";
    assert!(
        std::path::Path::new(jar).exists(),
        "{jar} not installed (apt-get install libcommons-cli-java)"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("CliBenchDriver.java"), DRIVER).expect("write driver");
    let st = Command::new("javac")
        .args(["-cp", jar, "-d"])
        .arg(dir.path())
        .arg(dir.path().join("CliBenchDriver.java"))
        .status()
        .expect("javac");
    assert!(st.success());
    let cp = format!("{}:{jar}", dir.path().display());
    let mut g = c.benchmark_group("analysis");
    g.sample_size(10);
    g.bench_function("commons_cli_1_5_0", |b| {
        b.iter(|| {
            let prog = Program::new(ClassPath::parse(&cp).expect("classpath"));
            let mid = jsymex::explore::driver::find_method(&prog, "CliBenchDriver.run").expect("driver");
            let t = analyze(&prog, mid, &AnalysisOptions::default()).expect("analysis");
            assert!(t.methods.len() > 50);
        })
    });
    g.finish();
}

/// The analysis from each bundled subject's `ci` driver.
fn subjects(c: &mut Criterion) {
    let mut g = c.benchmark_group("analysis_subjects");
    g.sample_size(10);
    for (m, cfg) in jsymex::subjects::select("all").expect("bundled subjects") {
        let config = m.config(&cfg).expect("configuration");
        let driver = config.driver.clone().expect("driver");
        let cp = m.classpath.join(":");
        g.bench_function(m.name.as_str(), |b| {
            b.iter(|| {
                let prog = Program::new(ClassPath::parse(&cp).expect("classpath"));
                let mid = jsymex::explore::driver::find_method(&prog, &driver).expect("driver");
                let t = analyze(&prog, mid, &AnalysisOptions::default()).expect("analysis");
                assert!(!t.methods.is_empty(), "{}", m.name);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench, subjects);
criterion_main!(benches);
