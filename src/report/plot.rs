//! `compare --plot FILE.svg`: distinct feasible paths over time and branch coverage over time,
//! one step-shaped line per run in each, drawn with the `plotters` crate's SVG backend (a
//! plotting library lays out axes, ticks and labels; jsymex only prepares the series).
//!
//! Times are wall-clock milliseconds since the run started, static analysis included: a run's
//! points ([`Summary::paths_over_time`], measured from the start of the exploration) are shifted
//! by its `analysis_time_ms`, and its line ends at its `wall_time_ms`. Each line is thinned to at
//! most [`MAX_VERTICES`] vertices, so a run of a million paths still gives a small file.

use crate::explore::Summary;
use plotters::prelude::*;
use std::path::Path;

/// Most vertices of one polyline.
pub const MAX_VERTICES: usize = 2000;

/// Distinct colours (Tableau 10).
const COLOURS: [(u8, u8, u8); 10] = [
    (0x1f, 0x77, 0xb4),
    (0xff, 0x7f, 0x0e),
    (0x2c, 0xa0, 0x2c),
    (0xd6, 0x27, 0x28),
    (0x94, 0x67, 0xbd),
    (0x8c, 0x56, 0x4b),
    (0xe3, 0x77, 0xc2),
    (0x7f, 0x7f, 0x7f),
    (0xbc, 0xbd, 0x22),
    (0x17, 0xbe, 0xcf),
];

// Layout (pixels).
const WIDTH: u32 = 760;
const PANEL_H: u32 = 340;
const LEGEND_ROW: u32 = 18;

/// One line of the plot.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend text.
    pub label: String,
    /// (ms, feasible paths so far), in time order.
    pub points: Vec<(f64, u64)>,
    /// When the run ended (ms); the line is extended to here.
    pub end_ms: f64,
    /// (ms, branch coverage in percent), in time order.
    pub coverage: Vec<(f64, f64)>,
}

impl Series {
    /// The series of one run: its points shifted by its static analysis time.
    pub fn of_run(s: &Summary, label: String) -> Self {
        let shift = s.analysis_time_ms.max(0.0);
        let points: Vec<(f64, u64)> = s.paths_over_time.iter().map(|&(t, n)| (t + shift, n)).collect();
        let last = points.last().map_or(0.0, |p| p.0);
        let total = s.branches_total.max(1) as f64;
        let coverage = s
            .coverage_over_time
            .iter()
            .map(|&(t, _, b, _)| (t + shift, 100.0 * b as f64 / total))
            .collect();
        Series {
            label,
            points,
            end_ms: s.wall_time_ms.max(last),
            coverage,
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

/// The SVG document for the given series: two panels sharing the time axis, distinct
/// feasible paths over time above and branch coverage (of the reachable application code, in
/// percent) over time below, one step line per series in both, and a legend.
pub fn svg(series: &[Series], title: &str) -> String {
    let mut body = String::new();
    let height = 2 * PANEL_H + LEGEND_ROW * series.len().max(1) as u32 + 20;
    {
        let root = SVGBackend::with_string(&mut body, (WIDTH, height)).into_drawing_area();
        let _ = draw(&root, series, title);
        let _ = root.present();
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}\n",
        body.replacen("<svg ", "<svg version=\"1.1\" ", 1).trim_end()
    )
}

/// Colour of the `i`-th series (Tableau 10, then repeating with a thinner stroke).
fn colour(i: usize) -> ShapeStyle {
    let c = COLOURS[i % COLOURS.len()];
    RGBColor(c.0, c.1, c.2).stroke_width(if i < COLOURS.len() { 2 } else { 1 })
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    series: &[Series],
    title: &str,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let (top, rest) = root.split_vertically(PANEL_H);
    let (bottom, legend) = rest.split_vertically(PANEL_H);
    let end = series.iter().map(|s| s.end_ms).fold(1.0f64, f64::max);
    let seconds = end >= 10_000.0;
    let (scale, unit) = if seconds { (1000.0, "time (s)") } else { (1.0, "time (ms)") };
    let xmax = end / scale;
    let steps = |pts: &[(f64, f64)], end_ms: f64| -> Vec<(f64, f64)> {
        let mut out = vec![(0.0, 0.0)];
        let mut last = 0.0;
        for &(t, y) in pts {
            out.push((t / scale, last));
            out.push((t / scale, y));
            last = y;
        }
        out.push((end_ms / scale, last));
        out
    };
    // Paths over time.
    let ymax = series.iter().filter_map(|s| s.points.last().map(|p| p.1)).max().unwrap_or(0).max(1) as f64;
    let mut chart = ChartBuilder::on(&top)
        .caption(title, ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(0f64..xmax, 0f64..ymax * 1.05)?;
    chart.configure_mesh().x_desc(unit).y_desc("distinct feasible paths").draw()?;
    for (i, s) in series.iter().enumerate() {
        let pts: Vec<(f64, f64)> = thin(&s.points, MAX_VERTICES / 2).iter().map(|&(t, n)| (t, n as f64)).collect();
        chart.draw_series(LineSeries::new(steps(&pts, s.end_ms), colour(i)))?;
    }
    // Branch coverage over time.
    let mut chart = ChartBuilder::on(&bottom)
        .caption("branch coverage over time", ("sans-serif", 14))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(0f64..xmax, 0f64..100f64)?;
    chart.configure_mesh().x_desc(unit).y_desc("branch coverage (%)").draw()?;
    for (i, s) in series.iter().enumerate() {
        let pts: Vec<(f64, f64)> = thin_f(&s.coverage, MAX_VERTICES / 2);
        chart.draw_series(LineSeries::new(steps(&pts, s.end_ms), colour(i)))?;
    }
    // Legend: one row per series.
    for (i, s) in series.iter().enumerate() {
        let y = 10 + (i as u32 * LEGEND_ROW) as i32;
        legend.draw(&PathElement::new(vec![(70, y), (100, y)], colour(i)))?;
        legend.draw(&Text::new(s.label.clone(), (108, y - 6), ("sans-serif", 13).into_font()))?;
    }
    Ok(())
}

/// [`thin`] for a series of fractional values (the coverage percentages).
fn thin_f(points: &[(f64, f64)], max: usize) -> Vec<(f64, f64)> {
    // Percentages to basis points keep the integer thinning exact to 0.01 %.
    let ints: Vec<(f64, u64)> = points.iter().map(|&(t, y)| (t, (y * 100.0).round() as u64)).collect();
    thin(&ints, max).into_iter().map(|(t, y)| (t, y as f64 / 100.0)).collect()
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
            coverage: (1..=n).map(|i| (i as f64 * every_ms, 100.0 * i as f64 / n as f64)).collect(),
        }
    }

    /// The polylines drawn in a series colour (the axes are black).
    fn coloured(doc: &str) -> Vec<&str> {
        doc.lines()
            .filter(|l| l.starts_with("<polyline") && !l.contains("stroke=\"#000000\""))
            .collect()
    }

    fn points(line: &str) -> usize {
        line.split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .split_whitespace()
            .count()
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
    fn well_formed_with_two_lines_and_a_legend_entry_per_series() {
        let s = vec![
            series("spf", 8, 0.5),
            series("dgse & <friends>", 6, 0.7),
            series("tcas:ci:spf", 0, 0.0),
        ];
        let doc = svg(&s, "paths \"over\" time");
        let names = check_xml(&doc).unwrap_or_else(|e| panic!("{e}\n{doc}"));
        assert_eq!(names[0], "svg");
        assert!(doc.contains(r#"xmlns="http://www.w3.org/2000/svg""#) && doc.contains(r#"version="1.1""#));
        // Paths over time, coverage over time, and the legend's sample line.
        let lines = coloured(&doc);
        assert_eq!(lines.len(), 3 * 3, "{doc}");
        assert!(doc.contains("dgse &amp; &lt;friends&gt;"));
        assert!(doc.contains("time (ms)") && doc.contains("distinct feasible paths") && doc.contains("branch coverage (%)"));
        // Distinct colours per series, the same colour in both panels.
        let colour = |l: &str| l.split("stroke=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
        let c: Vec<String> = lines.iter().map(|l| colour(l)).collect();
        assert!(c[0] != c[1] && c[1] != c[2] && c[0] != c[2]);
        assert_eq!(c[0..3], c[3..6]);
        // Step shape: the origin, 2 per point, the end.
        assert_eq!(points(lines[0]), 1 + 2 * 8 + 1);
        // Seconds once the runs are long.
        let many: Vec<Series> = (0..12).map(|i| series(&format!("s{i}"), 3, 5000.0)).collect();
        let doc = svg(&many, "t");
        check_xml(&doc).unwrap();
        assert!(doc.contains("time (s)"));
        assert_eq!(coloured(&doc).len(), 36);
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
        // The whole document stays small: at most MAX_VERTICES per line.
        let big = Series {
            label: "big".into(),
            coverage: pts.iter().map(|&(t, n)| (t, n as f64 / 1000.0)).collect(),
            points: pts,
            end_ms: 1000.0,
        };
        let doc = svg(&[big], "big");
        check_xml(&doc).unwrap();
        for l in coloured(&doc) {
            assert!(points(l) <= MAX_VERTICES + 2, "{}", points(l));
        }
        assert!(doc.len() < 200_000, "{}", doc.len());
    }
}
