//! The report's stall flame graph: per sampled kernel function, an icicle of its PC
//! samples (the function, its stall reasons, each stall's PC offsets), and a table of its
//! hottest PC offsets with their top stall reasons. Pure: pairs in, HTML out.
//!
//! Built from the (PC offset, stall reason) pairs the profiles are made of
//! ([`crate::profiles::samples::pairs_of`]): `gpu.pc_samples` spans and serialized
//! executions alike. Every sample is drawn: PC offsets too narrow to see are merged,
//! per stall reason, into one "other PCs" box, so each row of a graph sums to the
//! function's samples, which the page checks in the browser.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use semconv::attributes::GPU_PC_SAMPLING_STALL_REASON_NAMES;
use semconv::stall;

use super::markup::escape;
use crate::profiles::samples::{Pair, SourceLine};

/// Functions drawn per process, the hottest; the rest are named in a line.
pub const MAX_FUNCTIONS: usize = 12;
/// PC offsets listed in a function's table.
const MAX_TABLE_ROWS: usize = 15;
/// Width of a graph, in SVG units; a PC box narrower than [`MIN_BOX`] joins "other PCs".
const WIDTH: f64 = 1180.0;
const MIN_BOX: f64 = 2.0;
const ROW: f64 = 22.0;

/// The samples of one kernel function.
#[derive(Debug, Default)]
pub struct Function {
    /// As a person reads it (the demangled name).
    display: String,
    /// Samples by stall reason, then PC offset.
    by_stall: BTreeMap<String, BTreeMap<u64, u64>>,
    /// Source lines by PC offset, where the PCs have them.
    lines: BTreeMap<u64, SourceLine>,
}

impl Function {
    fn samples(&self) -> u64 {
        self.by_stall.values().flat_map(|pcs| pcs.values()).sum()
    }
}

/// The sampled functions of one process, by mangled name.
#[derive(Debug, Default)]
pub struct Flames {
    functions: BTreeMap<String, Function>,
}

impl Flames {
    /// Adds pairs read from one span.
    pub fn add(&mut self, pairs: &[Pair]) {
        for p in pairs {
            let f = self.functions.entry(p.function.clone()).or_default();
            if f.display.is_empty() {
                f.display = p.display.clone();
            }
            *f.by_stall
                .entry(p.stall.clone())
                .or_default()
                .entry(p.offset)
                .or_default() += p.samples;
            if let Some(l) = &p.line {
                f.lines.entry(p.offset).or_insert_with(|| l.clone());
            }
        }
    }

    /// Whether no function was sampled.
    pub fn is_empty(&self) -> bool {
        self.functions.is_empty()
    }

    /// The graphs and tables, hottest function first.
    pub fn render(&self, html: &mut String) {
        let mut order: Vec<(&String, &Function)> = self.functions.iter().collect();
        order.sort_by(|x, y| y.1.samples().cmp(&x.1.samples()).then(x.0.cmp(y.0)));
        html.push_str(
            "<h3>Where each kernel stalls</h3><p class=\"note\">Per sampled kernel function: \
             all its PC samples (top row), split by stall reason (middle row), each split by \
             the PC offsets inside the function where the warps stalled (bottom row; PCs too \
             narrow to see are merged into one box per stall reason). Width is samples; hover \
             a box for its numbers.</p>",
        );
        for (mangled, f) in order.iter().take(MAX_FUNCTIONS) {
            graph(html, mangled, f);
        }
        if order.len() > MAX_FUNCTIONS {
            let rest: Vec<String> = order[MAX_FUNCTIONS..]
                .iter()
                .map(|(_, f)| escape(&f.display))
                .collect();
            let _ = write!(
                html,
                "<p class=\"note\">{} more sampled functions not drawn: {}.</p>",
                rest.len(),
                rest.join(", ")
            );
        }
    }
}

/// A stall reason's colour, fixed per reason so one stall reads the same in every
/// graph: hues a golden angle apart in the registry's order (neighbours differ), the
/// "(not issued)" variant a lighter shade of its reason; a reason the registry lacks
/// gets a hue from its name.
fn colour(raw: &str) -> String {
    let (base, not_issued) = match raw.strip_suffix(stall::NOT_ISSUED) {
        Some(base) => (base, true),
        None => (raw, false),
    };
    let hue = match GPU_PC_SAMPLING_STALL_REASON_NAMES
        .iter()
        .position(|(value, _, _)| *value == base)
    {
        Some(i) => (i as f64 * 137.508) % 360.0,
        None => f64::from(
            base.bytes().fold(2166136261u32, |h, b| {
                (h ^ u32::from(b)).wrapping_mul(16777619)
            }) % 360,
        ),
    };
    let light = if not_issued { 78 } else { 60 };
    format!("hsl({hue:.0}, 62%, {light}%)")
}

fn graph(html: &mut String, mangled: &str, f: &Function) {
    let total = f.samples();
    let pcs: usize = {
        let mut all: Vec<u64> = f
            .by_stall
            .values()
            .flat_map(|p| p.keys().copied())
            .collect();
        all.sort_unstable();
        all.dedup();
        all.len()
    };
    let _ = write!(
        html,
        "<div class=\"flame\" data-function=\"{m}\" data-samples=\"{total}\">\
         <h4>{d} <small><code>{m}</code>: <b class=\"fl-total\">{total}</b> samples at {pcs} PC offsets</small></h4>\
         <svg class=\"flame-graph\" viewBox=\"0 0 {WIDTH} {h}\" width=\"100%\" role=\"img\">",
        m = escape(mangled),
        d = escape(&f.display),
        h = ROW * 3.0,
    );
    let scale = WIDTH / total.max(1) as f64;
    boxed(
        html,
        "fl-root",
        (0.0, 0.0, total as f64 * scale),
        total,
        "",
        &[],
        &format!("{} — {total} samples", f.display),
        &f.display,
    );
    // Stall reasons, most samples first; under each, its PC offsets, most samples first.
    let mut stalls: Vec<(&String, &BTreeMap<u64, u64>)> = f.by_stall.iter().collect();
    stalls.sort_by_key(|(s, pcs)| (std::cmp::Reverse(pcs.values().sum::<u64>()), *s));
    let mut x = 0.0;
    for (raw, pcs) in stalls {
        let n: u64 = pcs.values().sum();
        let name = stall::display_name(raw);
        let fill = colour(raw);
        boxed(
            html,
            "fl-stall",
            (x, ROW, n as f64 * scale),
            n,
            &fill,
            &[("stall", raw)],
            &format!(
                "{name}: {n} samples ({:.1}%)",
                100.0 * n as f64 / total as f64
            ),
            &name,
        );
        let mut hot: Vec<(u64, u64)> = pcs.iter().map(|(o, n)| (*o, *n)).collect();
        hot.sort_by_key(|(o, n)| (std::cmp::Reverse(*n), *o));
        let (mut drawn, mut other, mut others) = (x, 0u64, 0usize);
        for (offset, n) in hot {
            let w = n as f64 * scale;
            if w < MIN_BOX {
                other += n;
                others += 1;
                continue;
            }
            let label = format!("{offset:#x}");
            let (title, label) = match f.lines.get(&offset) {
                Some(l) => (
                    format!("PC {label} ({}:{}), {name}: {n} samples", l.file, l.line),
                    format!("{}:{}", short(&l.file), l.line),
                ),
                None => (format!("PC {label}, {name}: {n} samples"), label),
            };
            boxed(
                html,
                "fl-pc",
                (drawn, 2.0 * ROW, w),
                n,
                &fill,
                &[("stall", raw), ("offset", &offset.to_string())],
                &title,
                &label,
            );
            drawn += w;
        }
        if other > 0 {
            boxed(
                html,
                "fl-pc other",
                (drawn, 2.0 * ROW, other as f64 * scale),
                other,
                &fill,
                &[("stall", raw), ("pcs", &others.to_string())],
                &format!("{others} other PCs, {name}: {other} samples"),
                "",
            );
        }
        x += n as f64 * scale;
    }
    html.push_str("</svg>");
    table(html, f, total);
    html.push_str("</div>");
}

/// One box of the graph: its numbers as data attributes, its title for hovering, and
/// a label when it is wide enough to hold one.
#[allow(clippy::too_many_arguments)]
fn boxed(
    html: &mut String,
    class: &str,
    (x, y, w): (f64, f64, f64),
    samples: u64,
    fill: &str,
    data: &[(&str, &str)],
    title: &str,
    label: &str,
) {
    let _ = write!(
        html,
        "<g><rect class=\"{class}\" x=\"{x:.2}\" y=\"{y}\" width=\"{w:.2}\" height=\"{}\" data-samples=\"{samples}\"",
        ROW - 2.0
    );
    if !fill.is_empty() {
        let _ = write!(html, " style=\"fill:{fill}\"");
    }
    for (k, v) in data {
        let _ = write!(html, " data-{k}=\"{}\"", escape(v));
    }
    let _ = write!(html, "><title>{}</title></rect>", escape(title));
    // About 7 units a character at the graph's font size.
    let fits = (w / 7.0) as usize;
    if fits >= 4 && !label.is_empty() {
        let text: String = if label.chars().count() <= fits {
            label.to_string()
        } else {
            label.chars().take(fits - 1).chain(['…']).collect()
        };
        let _ = write!(
            html,
            "<text x=\"{:.2}\" y=\"{}\">{}</text>",
            x + 3.0,
            y + 14.0,
            escape(&text)
        );
    }
    html.push_str("</g>");
}

/// A source file as a box or cell shows it: its name without the directory (the full
/// path is in the title).
fn short(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

/// One PC offset of a function's table: offset, samples, its stall reasons.
type PcRow<'a> = (u64, u64, Vec<(&'a str, u64)>);

/// The function's hottest PC offsets with their samples and top stall reasons.
fn table(html: &mut String, f: &Function, total: u64) {
    let mut by_pc: BTreeMap<u64, Vec<(&str, u64)>> = BTreeMap::new();
    for (stall, pcs) in &f.by_stall {
        for (offset, n) in pcs {
            by_pc.entry(*offset).or_default().push((stall, *n));
        }
    }
    // (offset, samples, its stall reasons hottest first)
    let mut rows: Vec<PcRow> = by_pc
        .into_iter()
        .map(|(o, mut stalls)| {
            stalls.sort_by_key(|(s, n)| (std::cmp::Reverse(*n), *s));
            (o, stalls.iter().map(|(_, n)| n).sum(), stalls)
        })
        .collect();
    rows.sort_by_key(|(o, n, _)| (std::cmp::Reverse(*n), *o));
    // The source column only where the module carried line information.
    let with_lines = !f.lines.is_empty();
    html.push_str(
        "<table class=\"pcs\"><tr><th>PC offset</th><th>samples</th><th>share</th><th>top stall reasons</th>",
    );
    html.push_str(if with_lines {
        "<th>source line</th></tr>"
    } else {
        "</tr>"
    });
    for (offset, n, stalls) in rows.iter().take(MAX_TABLE_ROWS) {
        let top: Vec<String> = stalls
            .iter()
            .take(3)
            .map(|(s, k)| format!("{} {k}", escape(&stall::display_name(s))))
            .collect();
        let _ = write!(
            html,
            "<tr><td><code>{offset:#x}</code></td><td>{n}</td><td>{:.1}%</td><td>{}</td>",
            100.0 * *n as f64 / total.max(1) as f64,
            top.join(", ")
        );
        if with_lines {
            match f.lines.get(offset) {
                Some(l) => {
                    let _ = write!(
                        html,
                        "<td class=\"src\" title=\"{}\"><code>{}:{}</code></td>",
                        escape(&l.file),
                        escape(short(&l.file)),
                        l.line
                    );
                }
                None => html.push_str("<td class=\"src\"></td>"),
            }
        }
        html.push_str("</tr>");
    }
    html.push_str("</table>");
    if rows.len() > MAX_TABLE_ROWS {
        let _ = write!(
            html,
            "<p class=\"note\">The {MAX_TABLE_ROWS} hottest of {} PC offsets.</p>",
            rows.len()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profiles::samples::Link;

    fn pair(function: &str, offset: u64, stall: &str, samples: u64) -> Pair {
        Pair {
            function: function.into(),
            display: format!("{function}()"),
            offset,
            stall: stall.into(),
            samples,
            link: Link {
                trace_id: vec![1; 16],
                span_id: vec![2; 8],
            },
            line: None,
        }
    }

    #[test]
    fn a_pc_with_a_source_line_shows_file_and_line_and_a_function_without_lines_has_no_source_column(
    ) {
        let mut flames = Flames::default();
        let mut hot = pair("_Z1fv", 16, "long", 900);
        hot.line = Some(SourceLine {
            file: "/src/kernels/spin.cu".into(),
            line: 42,
        });
        flames.add(&[hot, pair("_Z1fv", 32, "wait", 100)]);
        flames.add(&[pair("_Z1gv", 16, "wait", 50)]);
        let mut html = String::new();
        flames.render(&mut html);
        let (f, g) = html.split_at(html.find("data-function=\"_Z1gv\"").unwrap());
        assert!(f.contains("<title>PC 0x10 (/src/kernels/spin.cu:42), "));
        assert!(f.contains(">spin.cu:42</text>"), "the box's label");
        assert!(f.contains(
            "<td class=\"src\" title=\"/src/kernels/spin.cu\"><code>spin.cu:42</code></td>"
        ));
        assert!(f.contains("<th>source line</th>"));
        assert!(
            f.contains("<td class=\"src\"></td>"),
            "the PC without a line"
        );
        assert!(!g.contains("source line"), "no lines: the table as before");
        assert!(g.contains("<title>PC 0x10, "));
    }

    /// Samples of the boxes of `class` in the page, in order.
    fn boxes(html: &str, class: &str) -> Vec<u64> {
        html.split(&format!("<rect class=\"{class}"))
            .skip(1)
            .map(|rest| {
                let v = rest.split("data-samples=\"").nth(1).unwrap();
                v[..v.find('"').unwrap()].parse().unwrap()
            })
            .collect()
    }

    #[test]
    fn every_row_of_a_function_s_graph_sums_to_its_samples_narrow_pcs_merged_not_lost() {
        let mut flames = Flames::default();
        let mut pairs = vec![
            pair("_Z1fv", 16, "long", 50_000),
            pair("_Z1fv", 32, "wait", 20_000),
        ];
        // 300 PCs of one sample each: far narrower than a box.
        pairs.extend((0..300).map(|i| pair("_Z1fv", 1_000 + i * 16, "wait", 1)));
        flames.add(&pairs);
        flames.add(&[pair("_Z1fv", 16, "long", 5)]);
        let mut html = String::new();
        flames.render(&mut html);
        let total = 50_000 + 20_000 + 300 + 5;
        assert_eq!(boxes(&html, "fl-root"), vec![total]);
        assert_eq!(boxes(&html, "fl-stall"), vec![50_005, 20_300]);
        assert_eq!(boxes(&html, "fl-pc").iter().sum::<u64>(), total);
        assert!(html.contains("data-pcs=\"300\""), "the narrow PCs, merged");
        assert!(html.contains("<td><code>0x10</code></td><td>50005</td>"));
    }

    #[test]
    fn a_stall_keeps_its_colour_and_its_not_issued_variant_is_a_lighter_shade_of_it() {
        let long = "smsp__pcsamp_warps_issue_stalled_long_scoreboard";
        let hue = |c: &str| c.split(',').next().unwrap().to_string();
        assert_eq!(colour(long), colour(long));
        assert_eq!(
            hue(&colour(long)),
            hue(&colour(&format!("{long}_not_issued")))
        );
        assert_ne!(colour(long), colour(&format!("{long}_not_issued")));
        assert_ne!(
            hue(&colour("smsp__pcsamp_warps_issue_stalled_selected")),
            hue(&colour("smsp__pcsamp_warps_issue_stalled_not_selected"))
        );
    }

    #[test]
    fn functions_are_drawn_hottest_first_and_those_past_the_bound_are_named() {
        let mut flames = Flames::default();
        for i in 0..(MAX_FUNCTIONS as u64 + 2) {
            flames.add(&[pair(&format!("_Z{i}v"), 0, "wait", 100 + i)]);
        }
        let mut html = String::new();
        flames.render(&mut html);
        assert_eq!(
            boxes(&html, "fl-root"),
            (2..MAX_FUNCTIONS as u64 + 2)
                .rev()
                .map(|i| 100 + i)
                .collect::<Vec<_>>()
        );
        assert!(html.contains("2 more sampled functions not drawn: _Z1v(), _Z0v()."));
    }
}
