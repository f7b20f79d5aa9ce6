//! `compare --plot FILE.svg`: distinct feasible paths over time, one step-shaped line per run,
//! written as a standalone SVG 1.1 document by hand.
//!
//! Times are wall-clock milliseconds since the run started, static analysis included: a run's
//! points ([`Summary::paths_over_time`], measured from the start of the exploration) are shifted
//! by its `analysis_time_ms`, and its line ends at its `wall_time_ms`. Each line is thinned to at
//! most [`MAX_VERTICES`] vertices, so a run of a million paths still gives a small file.

use crate::explore::Summary;
use std::fmt::Write;
use std::path::Path;

/// Most vertices of one polyline.
pub const MAX_VERTICES: usize = 2000;

/// Distinct colours (Tableau 10); beyond ten series the colours repeat with a dash pattern.
const COLOURS: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
];
const DASHES: [&str; 4] = ["", "6,3", "2,2", "8,3,2,3"];

// Layout (pixels).
const LEFT: f64 = 70.0;
const TOP: f64 = 40.0;
const PLOT_W: f64 = 600.0;
const PLOT_H: f64 = 360.0;
const BOTTOM: f64 = 55.0;
const LEGEND_ROW: f64 = 18.0;
const CHAR_W: f64 = 7.0;

/// One line of the plot.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend text.
    pub label: String,
    /// (ms, feasible paths so far), in time order.
    pub points: Vec<(f64, u64)>,
    /// When the run ended (ms); the line is extended to here.
    pub end_ms: f64,
}

impl Series {
    /// The series of one run: its points shifted by its static analysis time.
    pub fn of_run(s: &Summary, label: String) -> Self {
        let shift = s.analysis_time_ms.max(0.0);
        let points: Vec<(f64, u64)> = s.paths_over_time.iter().map(|&(t, n)| (t + shift, n)).collect();
        let last = points.last().map_or(0.0, |p| p.0);
        Series {
            label,
            points,
            end_ms: s.wall_time_ms.max(last),
        }
    }
}

/// One series per run, labelled by strategy, or `subject:strategy` when the runs cover several
/// subjects.
pub fn series_of(runs: &[Summary]) -> Vec<Series> {
    let several = runs.iter().any(|r| r.subject != runs[0].subject);
    runs.iter()
        .map(|r| {
            let label = match (&r.subject, several) {
                (Some(sub), true) => format!("{sub}:{}", r.strategy),
                _ => r.strategy.clone(),
            };
            Series::of_run(r, label)
        })
        .collect()
}

/// At most `max` points of a monotone series: the first point, then the last point of each of
/// `max - 1` equal time slices (so every jump is kept up to the slice width).
pub fn thin(points: &[(f64, u64)], max: usize) -> Vec<(f64, u64)> {
    if points.len() <= max.max(2) {
        return points.to_vec();
    }
    let max = max.max(2);
    let slices = (max - 1) as f64;
    let t0 = points[0].0;
    let span = points[points.len() - 1].0 - t0;
    let slice = |t: f64| {
        if span > 0.0 {
            (((t - t0) / span) * slices).floor().clamp(0.0, slices - 1.0) as usize
        } else {
            0
        }
    };
    let mut out = vec![points[0]];
    let mut last_slice = None;
    for &p in &points[1..] {
        let s = slice(p.0);
        if last_slice == Some(s) {
            *out.last_mut().expect("non-empty") = p;
        } else {
            out.push(p);
            last_slice = Some(s);
        }
    }
    out
}

/// A "nice" tick step (1, 2 or 5 times a power of ten) giving about `target` ticks up to `max`.
fn nice_step(max: f64, target: f64) -> f64 {
    let raw = (max / target).max(f64::MIN_POSITIVE);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * mag)
}

/// Decimal places needed to print multiples of `step`.
fn decimals(step: f64) -> usize {
    if step >= 1.0 { 0 } else { (-step.log10().floor()) as usize }
}

/// Escapes text for XML content and attribute values.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' && c != '\r' => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

/// The SVG document for the given series.
pub fn svg(series: &[Series], title: &str) -> String {
    let x_max_ms = series.iter().map(|s| s.end_ms).fold(0.0f64, f64::max);
    let y_max_raw = series.iter().filter_map(|s| s.points.iter().map(|p| p.1).max()).max().unwrap_or(0);
    // Time unit: ms below one second, seconds above.
    let (unit, scale) = if x_max_ms < 1000.0 { ("ms", 1.0) } else { ("s", 1000.0) };
    let x_max_unit = (x_max_ms / scale).max(if unit == "ms" { 1.0 } else { 0.001 });
    let x_step = nice_step(x_max_unit, 6.0);
    let x_axis = (x_max_unit / x_step).ceil().max(1.0) * x_step;
    let y_step = nice_step((y_max_raw as f64).max(1.0), 6.0).max(1.0).round();
    let y_axis = ((y_max_raw as f64 / y_step).ceil().max(1.0)) * y_step;
    let px = |ms: f64| LEFT + (ms / scale / x_axis) * PLOT_W;
    let py = |n: f64| TOP + PLOT_H - (n / y_axis) * PLOT_H;

    let longest = series.iter().map(|s| s.label.chars().count()).max().unwrap_or(0) as f64;
    let legend_x = LEFT + PLOT_W + 20.0;
    let title_w = title.chars().count() as f64 * CHAR_W * 1.1;
    let width = (legend_x + 30.0 + longest * CHAR_W + 10.0).max(LEFT + title_w + 10.0).ceil();
    let height = (TOP + PLOT_H + BOTTOM).max(TOP + LEGEND_ROW * series.len() as f64 + 10.0).ceil();

    let mut o = String::new();
    let _ = writeln!(o, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(o, "<title>{}</title>", esc(title));
    let _ = writeln!(o, r#"<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>"#);
    let _ = writeln!(o, r##"<g font-family="sans-serif" font-size="12" fill="#222">"##);
    let _ = writeln!(
        o,
        r#"<text x="{:.1}" y="{:.1}" font-size="14">{}</text>"#,
        LEFT,
        TOP - 16.0,
        esc(title)
    );
    // Grid, ticks and tick labels.
    let xd = decimals(x_step);
    let x_ticks = (x_axis / x_step).round() as usize;
    for i in 0..=x_ticks {
        let v = i as f64 * x_step;
        let x = LEFT + (v / x_axis) * PLOT_W;
        let _ = writeln!(
            o,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#e4e4e4"/>"##,
            TOP,
            TOP + PLOT_H
        );
        let _ = writeln!(
            o,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#222"/>"##,
            TOP + PLOT_H,
            TOP + PLOT_H + 5.0
        );
        let _ = writeln!(
            o,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{v:.xd$}</text>"#,
            TOP + PLOT_H + 18.0
        );
    }
    let y_ticks = (y_axis / y_step).round() as usize;
    for i in 0..=y_ticks {
        let v = i as f64 * y_step;
        let y = py(v);
        let _ = writeln!(
            o,
            r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#e4e4e4"/>"##,
            LEFT,
            LEFT + PLOT_W
        );
        let _ = writeln!(
            o,
            r##"<line x1="{:.1}" y1="{y:.1}" x2="{LEFT:.1}" y2="{y:.1}" stroke="#222"/>"##,
            LEFT - 5.0
        );
        let _ = writeln!(
            o,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{v:.0}</text>"#,
            LEFT - 8.0,
            y + 4.0
        );
    }
    // Axes and their labels.
    let _ = writeln!(
        o,
        r##"<path d="M{LEFT:.1},{TOP:.1} V{:.1} H{:.1}" fill="none" stroke="#222"/>"##,
        TOP + PLOT_H,
        LEFT + PLOT_W
    );
    let _ = writeln!(
        o,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">time ({unit})</text>"#,
        LEFT + PLOT_W / 2.0,
        TOP + PLOT_H + 40.0
    );
    let (lx, ly) = (18.0, TOP + PLOT_H / 2.0);
    let _ = writeln!(
        o,
        r#"<text x="{lx:.1}" y="{ly:.1}" text-anchor="middle" transform="rotate(-90 {lx:.1} {ly:.1})">distinct feasible paths</text>"#
    );
    let _ = writeln!(o, "</g>");
    // One step-shaped polyline per series.
    let budget = (MAX_VERTICES - 2) / 2;
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let dash = DASHES[(i / COLOURS.len()) % DASHES.len()];
        let dash = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{dash}""#)
        };
        let mut pts = String::new();
        let mut push = |t: f64, n: u64| {
            if !pts.is_empty() {
                pts.push(' ');
            }
            let _ = write!(pts, "{:.1},{:.1}", px(t), py(n as f64));
        };
        push(0.0, 0);
        let mut prev = 0;
        for (t, n) in thin(&s.points, budget) {
            push(t, prev);
            push(t, n);
            prev = n;
        }
        let last_t = s.points.last().map_or(0.0, |p| p.0);
        push(s.end_ms.max(last_t), prev);
        let _ = writeln!(
            o,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="1.5"{dash} points="{pts}"><title>{}</title></polyline>"#,
            esc(&s.label)
        );
    }
    // Legend.
    let _ = writeln!(o, r##"<g font-family="sans-serif" font-size="12" fill="#222">"##);
    for (i, s) in series.iter().enumerate() {
        let y = TOP + 10.0 + i as f64 * LEGEND_ROW;
        let colour = COLOURS[i % COLOURS.len()];
        let dash = DASHES[(i / COLOURS.len()) % DASHES.len()];
        let dash = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{dash}""#)
        };
        let _ = writeln!(
            o,
            r#"<line x1="{legend_x:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{colour}" stroke-width="2"{dash}/>"#,
            legend_x + 22.0
        );
        let _ = writeln!(o, r#"<text x="{:.1}" y="{:.1}">{}</text>"#, legend_x + 28.0, y + 4.0, esc(&s.label));
    }
    let _ = writeln!(o, "</g>");
    let _ = writeln!(o, "</svg>");
    o
}

/// The title of a comparison plot: the driver when every run shares it.
pub fn title_of(runs: &[Summary]) -> String {
    let base = "distinct feasible paths over time";
    match runs.first() {
        Some(f) if runs.iter().all(|r| r.driver == f.driver && r.subject == f.subject) => match &f.subject {
            Some(sub) => format!("{base}: {sub}"),
            None => format!("{base}: {}", f.driver),
        },
        _ => base.to_string(),
    }
}

/// Writes the plot of a comparison's runs to `path`.
pub fn write(path: &Path, runs: &[Summary]) -> std::io::Result<()> {
    std::fs::write(path, svg(&series_of(runs), &title_of(runs)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny XML well-formedness check: declaration, matched and properly nested elements,
    /// quoted attributes without duplicates, escaped text and one root element. Returns the
    /// element names in document order.
    fn check_xml(doc: &str) -> Result<Vec<String>, String> {
        let mut rest = doc.strip_prefix("<?xml ").ok_or("no XML declaration")?;
        rest = &rest[rest.find("?>").ok_or("unterminated declaration")? + 2..];
        let mut stack: Vec<String> = Vec::new();
        let mut names = Vec::new();
        let mut roots = 0;
        let check_text = |t: &str| -> Result<(), String> {
            let mut r = t;
            while let Some(i) = r.find('&') {
                let end = r[i..].find(';').ok_or("bare &")?;
                let ent = &r[i + 1..i + end];
                if !["amp", "lt", "gt", "quot", "apos"].contains(&ent) {
                    return Err(format!("unknown entity &{ent};"));
                }
                r = &r[i + end + 1..];
            }
            if t.contains('>') { Err("raw > in text".into()) } else { Ok(()) }
        };
        while let Some(lt) = rest.find('<') {
            let text = &rest[..lt];
            if stack.is_empty() && !text.trim().is_empty() {
                return Err(format!("text outside the root: {text:?}"));
            }
            check_text(text)?;
            let gt = rest[lt..].find('>').ok_or("unterminated tag")? + lt;
            let tag = &rest[lt + 1..gt];
            rest = &rest[gt + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                match stack.pop() {
                    Some(open) if open == name.trim() => {}
                    other => return Err(format!("</{name}> closes {other:?}")),
                }
                continue;
            }
            let (body, empty) = match tag.strip_suffix('/') {
                Some(b) => (b, true),
                None => (tag, false),
            };
            let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
            let name = &body[..name_end];
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':') {
                return Err(format!("bad element name {name:?}"));
            }
            let mut attrs = body[name_end..].trim();
            let mut seen = Vec::new();
            while !attrs.is_empty() {
                let eq = attrs.find('=').ok_or(format!("attribute without value in <{name}>"))?;
                let an = attrs[..eq].trim();
                if seen.contains(&an) {
                    return Err(format!("duplicate attribute {an} in <{name}>"));
                }
                seen.push(an);
                let v = attrs[eq + 1..].trim_start().strip_prefix('"').ok_or(format!("unquoted {an}"))?;
                let close = v.find('"').ok_or(format!("unterminated {an}"))?;
                if v[..close].contains('<') {
                    return Err(format!("< in attribute {an}"));
                }
                check_text(&v[..close])?;
                attrs = v[close + 1..].trim_start();
            }
            if stack.is_empty() {
                roots += 1;
            }
            names.push(name.to_string());
            if !empty {
                stack.push(name.to_string());
            }
        }
        if !rest.trim().is_empty() || !stack.is_empty() || roots != 1 {
            return Err(format!("unclosed {stack:?} or trailing text or {roots} roots"));
        }
        Ok(names)
    }

    fn series(label: &str, n: u64, every_ms: f64) -> Series {
        Series {
            label: label.into(),
            points: (1..=n).map(|i| (i as f64 * every_ms, i)).collect(),
            end_ms: n as f64 * every_ms + 1.0,
        }
    }

    #[test]
    fn the_checker_rejects_broken_documents() {
        assert!(check_xml(r#"<?xml version="1.0"?><a><b x="1"/></a>"#).is_ok());
        for bad in [
            "<a></a>",
            r#"<?xml version="1.0"?><a><b></a></b>"#,
            r#"<?xml version="1.0"?><a x=1/>"#,
            r#"<?xml version="1.0"?><a x="1" x="2"/>"#,
            r#"<?xml version="1.0"?><a>1 & 2</a>"#,
            r#"<?xml version="1.0"?><a/><b/>"#,
            r#"<?xml version="1.0"?><a>"#,
        ] {
            assert!(check_xml(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn well_formed_with_one_polyline_per_series() {
        let s = vec![
            series("spf", 8, 0.5),
            series("dgse & <friends>", 6, 0.7),
            series("tcas:ci:spf", 0, 0.0),
        ];
        let doc = svg(&s, "paths \"over\" time");
        let names = check_xml(&doc).unwrap_or_else(|e| panic!("{e}\n{doc}"));
        assert_eq!(names[0], "svg");
        assert!(doc.contains(r#"xmlns="http://www.w3.org/2000/svg""#) && doc.contains(r#"version="1.1""#));
        assert_eq!(names.iter().filter(|n| *n == "polyline").count(), 3);
        assert!(doc.contains("dgse &amp; &lt;friends&gt;"));
        assert!(doc.contains("time (ms)") && doc.contains("distinct feasible paths"));
        // Distinct colours.
        let colours: Vec<&str> = doc
            .lines()
            .filter(|l| l.starts_with("<polyline"))
            .map(|l| l.split("stroke=\"").nth(1).unwrap().split('"').next().unwrap())
            .collect();
        assert_eq!(colours.len(), 3);
        assert!(colours[0] != colours[1] && colours[1] != colours[2] && colours[0] != colours[2]);
        // Step shape: 1 start + 2 per point + 1 end.
        let first = doc.lines().find(|l| l.starts_with("<polyline")).unwrap();
        let pts = first.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
        assert_eq!(pts.split(' ').count(), 1 + 2 * 8 + 1);
        // Many series stay distinguishable; seconds once the runs are long.
        let many: Vec<Series> = (0..12).map(|i| series(&format!("s{i}"), 3, 1000.0)).collect();
        let doc = svg(&many, "t");
        check_xml(&doc).unwrap();
        assert!(doc.contains("time (s)"));
        assert_eq!(doc.matches("<polyline").count(), 12);
        assert!(doc.contains("stroke-dasharray"));
        // No series at all is still a document.
        check_xml(&svg(&[], "empty")).unwrap();
    }

    #[test]
    fn thinning_keeps_files_small_and_shapes_intact() {
        let pts: Vec<(f64, u64)> = (1..=100_000u64).map(|i| (i as f64 * 0.01, i)).collect();
        let t = thin(&pts, 999);
        assert!(t.len() <= 999 && t.len() > 900, "{}", t.len());
        assert_eq!(t.first(), pts.first());
        assert_eq!(t.last(), pts.last());
        assert!(t.windows(2).all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1));
        // A burst at the end survives thinning.
        let mut burst: Vec<(f64, u64)> = (1..=5000u64).map(|i| (i as f64, i)).collect();
        burst.extend((1..=5000u64).map(|i| (5000.5, 5000 + i)));
        let t = thin(&burst, 100);
        assert!(t.len() <= 100);
        assert_eq!(t.last(), Some(&(5000.5, 10_000)));
        // Short series are untouched; equal times collapse.
        assert_eq!(thin(&pts[..10], 999), pts[..10].to_vec());
        let same = vec![(1.0, 1), (1.0, 2), (1.0, 3), (1.0, 4)];
        assert_eq!(thin(&same, 3), vec![(1.0, 1), (1.0, 4)]);
        // The whole document stays below MAX_VERTICES per polyline.
        let big = Series {
            label: "big".into(),
            points: pts,
            end_ms: 1000.0,
        };
        let doc = svg(&[big], "big");
        check_xml(&doc).unwrap();
        let line = doc.lines().find(|l| l.starts_with("<polyline")).unwrap();
        let n = line
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .count();
        assert!(n <= MAX_VERTICES, "{n}");
        assert!(doc.len() < 60_000, "{}", doc.len());
    }

    #[test]
    fn ticks_are_nice() {
        assert_eq!(nice_step(10.0, 5.0), 2.0);
        assert_eq!(nice_step(7.0, 6.0), 2.0);
        assert_eq!(nice_step(1024.0, 5.0), 500.0);
        assert_eq!(nice_step(0.9, 6.0), 0.2);
        assert_eq!(decimals(0.2), 1);
        assert_eq!(decimals(0.05), 2);
        assert_eq!(decimals(5.0), 0);
    }
}
