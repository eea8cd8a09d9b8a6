//! A self-contained HTML report of what the checker read: per process, a timeline of
//! kernel executions by stream with the serialized windows shaded and the three
//! `gpu.serialized` values coloured, the sum identity, the top stall reasons, and a
//! stall flame graph per sampled kernel function ([`super::flame`]).
//! One file, no external assets, so it opens anywhere (and in a headless browser test).
//!
//! The numbers are the checker's own [`Report`]; the timeline and the stall reasons are
//! read from the same requests.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{any_value::Value, AnyValue, KeyValue};
use semconv::attributes as a;
use semconv::{codec, otlp, stall, WindowEnd};

use super::flame::Flames;
use super::markup::escape;
use super::{resource_label, Report};

/// Most executions drawn per process; past it the timeline shows an even sample (and
/// says so). The numbers always count every execution.
const MAX_DRAWN: usize = 20_000;

#[derive(Debug, Default)]
struct Process {
    kernels: Vec<(u64, u64, i64, u8)>,
    windows: Vec<(u64, Option<u64>)>,
    stalls: BTreeMap<String, u64>,
    flames: Flames,
}

/// The elements of an array attribute value (none when it is not an array).
fn elements(v: Option<&AnyValue>) -> impl Iterator<Item = &Value> {
    let values = match v.and_then(|v| v.value.as_ref()) {
        Some(Value::ArrayValue(a)) => &a.values[..],
        _ => &[],
    };
    values.iter().filter_map(|v| v.value.as_ref())
}

fn add_stalls(p: &mut Process, attrs: &[KeyValue]) {
    let reasons = elements(otlp::find(attrs, a::GPU_PC_SAMPLING_STALL_REASONS));
    let counts = elements(otlp::find(attrs, a::GPU_PC_SAMPLING_STALL_COUNTS));
    for pair in reasons.zip(counts) {
        if let (Value::StringValue(r), Value::IntValue(n)) = pair {
            *p.stalls.entry(r.clone()).or_default() += (*n).max(0) as u64;
        }
    }
}

/// The report as one HTML page.
pub fn render(requests: &[ExportTraceServiceRequest], report: &Report) -> String {
    let mut procs: BTreeMap<String, Process> = BTreeMap::new();
    for rs in requests.iter().flat_map(|r| &r.resource_spans) {
        let attrs = rs.resource.as_ref().map_or(&[][..], |r| &r.attributes[..]);
        let p = procs.entry(resource_label(attrs)).or_default();
        for s in rs.scope_spans.iter().flat_map(|ss| &ss.spans) {
            for e in s.events.iter().filter(|e| codec::is_window_event(e)) {
                if let Ok(w) = codec::decode(&e.attributes) {
                    let end = match w.end {
                        WindowEnd::Closed(t) => Some(t),
                        WindowEnd::Open => None,
                    };
                    p.windows.push((w.start_ns, end));
                }
            }
            add_stalls(p, &s.attributes);
            // The pairs the profiles are made of: function spans and serialized executions.
            if let Some((pairs, _, _)) = crate::profiles::samples::pairs_of(s) {
                p.flames.add(&pairs);
            }
            if let Some(v) = otlp::get_str(&s.attributes, a::GPU_SERIALIZED) {
                let value = match v {
                    "true" => 0,
                    "false" => 1,
                    _ => 2,
                };
                let stream = otlp::get_int(&s.attributes, a::GPU_STREAM_ID).unwrap_or(0);
                p.kernels
                    .push((s.start_time_unix_nano, s.end_time_unix_nano, stream, value));
            }
        }
    }
    let mut html = String::new();
    html.push_str(HEAD);
    let verdict = if report.passed() { "PASS" } else { "FAIL" };
    let _ = write!(
        html,
        "<h1>gpu.serialized conformance: <span id=\"verdict\" class=\"{}\">{verdict}</span></h1>\
         <p>{} spans read, {} processes, <span id=\"violations\">{}</span> violations.</p>",
        verdict.to_lowercase(),
        report.spans,
        report.resources.len(),
        report.violations.len()
    );
    for (i, r) in report.resources.iter().enumerate() {
        let p = procs.remove(&r.resource).unwrap_or_default();
        let _ = write!(
            html,
            "<section class=\"process\" data-resource=\"{res}\">\
             <h2>{res} <small>tier {tier}</small></h2>\
             <p class=\"identity\"><b data-k=\"true\">{t}</b> true + <b data-k=\"false\">{f}</b> false + \
             <b data-k=\"unknown\">{u}</b> unknown = <b data-k=\"sum\">{sum}</b> of \
             <b data-k=\"kernel_spans\">{k}</b> kernel spans <span class=\"check\"></span>; \
             <b data-k=\"windows\">{w}</b> windows ({o} left open)</p>",
            res = escape(&r.resource),
            tier = escape(&r.tier),
            t = r.serialized,
            f = r.not_serialized,
            u = r.unknown,
            sum = r.serialized + r.not_serialized + r.unknown,
            k = r.kernel_spans,
            w = r.windows,
            o = r.open_windows,
        );
        timeline(&mut html, i, &p);
        html.push_str("<h3>Top stall reasons</h3>");
        if p.stalls.is_empty() {
            html.push_str("<p>No PC samples.</p>");
        } else {
            let mut top: Vec<_> = p.stalls.into_iter().collect();
            top.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
            let total: u64 = top.iter().map(|(_, n)| n).sum();
            html.push_str("<table class=\"stalls\"><tr><th>stall reason</th><th>samples</th><th>share</th><th>what it means</th></tr>");
            for (reason, n) in top.iter().take(10) {
                let _ = write!(
                    html,
                    "<tr><td title=\"{raw}\" data-raw=\"{raw}\">{}</td><td>{n}</td><td>{:.1}%</td><td>{}</td></tr>",
                    escape(&stall::display_name(reason)),
                    100.0 * *n as f64 / total.max(1) as f64,
                    escape(stall::meaning(reason).unwrap_or("")),
                    raw = escape(reason),
                );
            }
            html.push_str("</table><p class=\"note\">Names as Nsight Compute and the CUPTI documentation give them; the spans carry CUPTI's raw names (hover a name), in gpu.pc_sampling.stall_reasons. \"(not issued)\": samples of that reason taken in a cycle in which the warp's scheduler issued no instruction.</p>");
        }
        if !p.flames.is_empty() {
            p.flames.render(&mut html);
        }
        html.push_str("</section>");
    }
    if !report.violations.is_empty() {
        html.push_str("<h2>Violations</h2><ul>");
        for v in report.violations.iter().take(200) {
            let _ = write!(html, "<li>{}</li>", escape(&v.to_string()));
        }
        html.push_str("</ul>");
    }
    html.push_str(TAIL);
    html
}

fn timeline(html: &mut String, i: usize, p: &Process) {
    if p.kernels.is_empty() {
        html.push_str("<p>No kernel executions.</p>");
        return;
    }
    let t0 = p.kernels.iter().map(|k| k.0).min().unwrap_or(0);
    let t1 = p
        .kernels
        .iter()
        .map(|k| k.1)
        .chain(p.windows.iter().filter_map(|w| w.1))
        .max()
        .unwrap_or(t0)
        .max(t0 + 1);
    let mut streams: Vec<i64> = p.kernels.iter().map(|k| k.2).collect();
    streams.sort_unstable();
    streams.dedup();
    let (width, row) = (1200.0, 18.0);
    let lanes = row * streams.len() as f64;
    // The lanes, then the time axis below them.
    let height = lanes + 34.0;
    let x = |t: u64| 60.0 + (t.saturating_sub(t0)) as f64 / (t1 - t0) as f64 * (width - 70.0);
    let _ = write!(
        html,
        "<svg id=\"timeline-{i}\" viewBox=\"0 0 {width} {height}\" width=\"100%\" role=\"img\">"
    );
    // A burst is reported open, then closed: draw the closed record when it came.
    let mut bursts: BTreeMap<u64, Option<u64>> = BTreeMap::new();
    for (start, end) in &p.windows {
        let e = bursts.entry(*start).or_insert(None);
        *e = (*e).or(*end);
    }
    for (start, end) in &bursts {
        let class = if end.is_some() {
            "window"
        } else {
            "window open"
        };
        let e = end.unwrap_or(t1);
        let _ = write!(
            html,
            "<rect class=\"{class}\" x=\"{:.1}\" y=\"0\" width=\"{:.1}\" height=\"{lanes}\"/>",
            x(*start),
            (x(e) - x(*start)).max(1.0)
        );
    }
    for (r, s) in streams.iter().enumerate() {
        let _ = write!(
            html,
            "<text x=\"2\" y=\"{:.1}\">stream {s}</text>",
            row * r as f64 + 13.0
        );
    }
    // Only "false" executions are thinned: the rare "true" and "unknown" ones are what
    // a reader looks for, and they are drawn last, on top.
    let falses = p.kernels.iter().filter(|k| k.3 == 1).count();
    let step = falses.div_ceil(MAX_DRAWN).max(1);
    let drawn = p
        .kernels
        .iter()
        .filter(|k| k.3 == 1)
        .step_by(step)
        .chain(p.kernels.iter().filter(|k| k.3 == 2))
        .chain(p.kernels.iter().filter(|k| k.3 == 0));
    for k in drawn {
        let r = streams.binary_search(&k.2).unwrap_or(0);
        let class = ["v-true", "v-false", "v-unknown"][k.3 as usize];
        let _ = write!(
            html,
            "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.2}\" height=\"{:.1}\"/>",
            x(k.0),
            row * r as f64 + 2.0,
            (x(k.1) - x(k.0)).max(0.5),
            row - 4.0
        );
    }
    axis(html, t1 - t0, lanes, &|dt| x(t0 + dt));
    html.push_str("</svg>");
    if step > 1 {
        let _ = write!(
            html,
            "<p class=\"note\">{} of {falses} \"false\" executions drawn (one in every {step}); every \"true\" and \"unknown\" one is drawn.</p>",
            falses.div_ceil(step),
        );
    }
    html.push_str(LEGEND);
}

/// What the three values mean for a duration, and what the shading is.
const LEGEND: &str = "<dl class=\"legend\">\
<dt><span class=\"sw v-true\"></span> true</dt><dd>the kernel ran inside a PC-sampling burst, serialized with every other kernel: its duration is inflated, do not use it</dd>\
<dt><span class=\"sw v-false\"></span> false</dt><dd>proven to run outside every burst: its duration is what the program gets</dd>\
<dt><span class=\"sw v-unknown\"></span> unknown</dt><dd>the evidence is missing (a burst never closed, windows lost or not yet arrived): do not trust its duration</dd>\
<dt><span class=\"sw window\"></span> window</dt><dd>a serialized PC-sampling burst (grey: its close never came)</dd>\
</dl>";

/// A tick step of 1, 2 or 5 times a power of ten giving about six ticks over `span` ns.
fn tick_step(span: u64) -> u64 {
    let rough = (span / 6).max(1);
    let mut unit = 1u64;
    while unit.saturating_mul(10) <= rough {
        unit *= 10;
    }
    [1, 2, 5, 10]
        .iter()
        .map(|m| m * unit)
        .find(|s| *s >= rough)
        .unwrap_or(unit * 10)
}

/// `t` ns as a person reads it, in the unit of `step`.
fn duration_label(t: u64, step: u64) -> String {
    let (div, unit) = match step {
        s if s >= 1_000_000_000 => (1e9, "s"),
        s if s >= 1_000_000 => (1e6, "ms"),
        s if s >= 1_000 => (1e3, "µs"),
        _ => (1.0, "ns"),
    };
    let v = t as f64 / div;
    let decimals = if (step as f64 / div).fract() == 0.0 {
        0
    } else {
        1
    };
    format!("{v:.decimals$} {unit}")
}

/// The time axis below the lanes (which end at `top`): a tick and a label with its
/// unit every [`tick_step`], from the first execution's start (`x` places a time since
/// then), and the axis's name.
fn axis(html: &mut String, span: u64, top: f64, x: &dyn Fn(u64) -> f64) {
    let step = tick_step(span);
    let _ = write!(
        html,
        "<g class=\"axis\"><line x1=\"{:.1}\" y1=\"{top:.1}\" x2=\"{:.1}\" y2=\"{top:.1}\"/>",
        x(0),
        x(span)
    );
    let mut t = 0;
    while t <= span {
        let _ = write!(
            html,
            "<line x1=\"{p:.1}\" y1=\"{top:.1}\" x2=\"{p:.1}\" y2=\"{:.1}\"/><text class=\"tick\" x=\"{p:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            top + 4.0,
            top + 15.0,
            duration_label(t, step),
            p = x(t),
        );
        t += step;
    }
    let _ = write!(
        html,
        "<text class=\"axis-name\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">time since the first kernel started (of {})</text></g>",
        x(span),
        top + 30.0,
        duration_label(span, tick_step(span).min(span.max(1))),
    );
}

const HEAD: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>gpu.serialized report</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 2em; color: #222; }
.pass { color: #1a7f37; } .fail { color: #cf222e; }
svg { background: #fafafa; border: 1px solid #ddd; }
svg text { font-size: 11px; fill: #555; }
.window { fill: #f4a261; fill-opacity: 0.25; } .window.open { fill: #999; }
.v-true { fill: #d62828; } .v-false { fill: #2a9d8f; } .v-unknown { fill: #8d99ae; }
.sw { display: inline-block; width: 12px; height: 12px; vertical-align: middle; }
.axis line { stroke: #888; stroke-width: 1; } .axis .axis-name { fill: #333; }
dl.legend { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; }
dl.legend dt { font-weight: 600; } dl.legend dd { margin: 0; }
span.sw.window { background: #f4a261; opacity: .5; } span.sw.v-true { background: #d62828; }
span.sw.v-false { background: #2a9d8f; } span.sw.v-unknown { background: #8d99ae; }
table.stalls td, table.stalls th { padding: 2px 10px; text-align: left; }
table.pcs td, table.pcs th { padding: 1px 10px; text-align: left; }
div.flame { margin: 1em 0 2em; } div.flame h4 { margin: .3em 0; font-weight: 600; }
svg.flame-graph { background: #fff; border: none; }
svg.flame-graph rect { stroke: #fff; stroke-width: .5; } svg.flame-graph .fl-root { fill: #c9ced6; }
svg.flame-graph rect.other { fill-opacity: .55; } svg.flame-graph text { font-size: 11px; fill: #111; pointer-events: none; }
.graph-check.ok::after { content: " ✓ every row sums to the function's samples"; color: #1a7f37; }
.graph-check.bad::after { content: " ✗ the graph's rows do not add up"; color: #cf222e; }
.check.ok::after { content: " ✓ identity holds"; color: #1a7f37; }
.check.bad::after { content: " ✗ identity broken"; color: #cf222e; }
</style></head><body>
"#;

/// The page checks the sum identity it shows, in the browser: the mark proves the page
/// was rendered and its numbers read back.
const TAIL: &str = r#"<script>
for (const s of document.querySelectorAll("section.process")) {
  const n = k => Number(s.querySelector(`[data-k="${k}"]`).textContent);
  const ok = n("true") + n("false") + n("unknown") === n("kernel_spans") && n("sum") === n("kernel_spans");
  s.querySelector(".check").className = "check " + (ok ? "ok" : "bad");
  s.dataset.identity = ok ? "holds" : "broken";
}
// Each stall graph, read back from its boxes: every row sums to the function's
// samples, each stall's PC boxes to the stall's, and each box is as wide as its share.
// What the boxes hold per stall reason is left on the graph (data-drawn) for a reader.
for (const f of document.querySelectorAll("div.flame")) {
  const num = e => Number(e.dataset.samples);
  const sum = es => es.reduce((a, e) => a + num(e), 0);
  const root = f.querySelector("rect.fl-root");
  const stalls = [...f.querySelectorAll("rect.fl-stall")], pcs = [...f.querySelectorAll("rect.fl-pc")];
  const total = num(root), width = Number(root.getAttribute("width"));
  let ok = total === Number(f.dataset.samples) && sum(stalls) === total && sum(pcs) === total;
  for (const s of stalls) ok = ok && sum(pcs.filter(p => p.dataset.stall === s.dataset.stall)) === num(s);
  for (const r of [root, ...stalls, ...pcs]) {
    ok = ok && Math.abs(Number(r.getAttribute("width")) - num(r) / total * width) < 0.02;
  }
  const drawn = {};
  for (const p of pcs) drawn[p.dataset.stall] = (drawn[p.dataset.stall] || 0) + num(p);
  f.dataset.drawn = JSON.stringify(drawn);
  f.dataset.graph = ok ? "holds" : "broken";
  const mark = document.createElement("span");
  mark.className = "graph-check " + (ok ? "ok" : "bad");
  f.querySelector("h4 small").appendChild(mark);
}
document.body.dataset.rendered = "yes";
</script></body></html>
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::Checker;
    use crate::fixtures::{kernel, request, resource, window_carrier};
    use semconv::{SamplingMode, Serialized, Tier, Window};

    #[test]
    fn the_page_shows_the_checkers_numbers_windows_and_stall_reasons() {
        let ks = SamplingMode::KernelSerialized;
        let mut k = kernel(1, 1_000, 2_000, Some(Serialized::True));
        k.attributes.push(KeyValue {
            key: a::GPU_PC_SAMPLING_STALL_REASONS.into(),
            value: Some(opentelemetry_proto::tonic::common::v1::AnyValue {
                value: Some(Value::ArrayValue(
                    opentelemetry_proto::tonic::common::v1::ArrayValue {
                        values: vec![opentelemetry_proto::tonic::common::v1::AnyValue {
                            value: Some(Value::StringValue(
                                "smsp__pcsamp_warps_issue_stalled_long_scoreboard".into(),
                            )),
                        }],
                    },
                )),
            }),
            ..Default::default()
        });
        k.attributes.push(KeyValue {
            key: a::GPU_PC_SAMPLING_STALL_COUNTS.into(),
            value: Some(opentelemetry_proto::tonic::common::v1::AnyValue {
                value: Some(Value::ArrayValue(
                    opentelemetry_proto::tonic::common::v1::ArrayValue {
                        values: vec![opentelemetry_proto::tonic::common::v1::AnyValue {
                            value: Some(Value::IntValue(42)),
                        }],
                    },
                )),
            }),
            ..Default::default()
        });
        let req = request(
            resource("p1", 1, Some(Tier::Serialized)),
            vec![
                window_carrier(
                    0,
                    &[Window::open(500, 1, ks), Window::closed(500, 2_500, 1, ks)],
                ),
                k,
                kernel(2, 5_000, 6_000, Some(Serialized::Unknown)),
            ],
        );
        let mut c = Checker::new();
        c.feed(&req);
        let report = c.finish();
        let html = render(std::slice::from_ref(&req), &report);
        let r = &report.resources[0];
        assert!(html.contains(&format!("<b data-k=\"true\">{}</b>", r.serialized)));
        assert!(html.contains(&format!("<b data-k=\"unknown\">{}</b>", r.unknown)));
        assert!(html.contains(&format!(
            "<b data-k=\"kernel_spans\">{}</b>",
            r.kernel_spans
        )));
        assert!(html.contains("class=\"window\""), "the window is shaded");
        assert!(html.contains("class=\"v-true\"") && html.contains("class=\"v-unknown\""));
        // Stall reasons by the names Nsight Compute uses, the raw name kept.
        assert!(html.contains(
            "data-raw=\"smsp__pcsamp_warps_issue_stalled_long_scoreboard\">long scoreboard</td><td>42"
        ));
        // A time axis with units, and what the three values mean.
        assert!(html.contains("<g class=\"axis\">") && html.contains(" µs</text>"));
        assert!(html.contains("time since the first kernel started"));
        for value in ["true", "false", "unknown"] {
            assert!(html.contains(&format!(
                "<span class=\"sw v-{value}\"></span> {value}</dt><dd>"
            )));
        }
    }

    #[test]
    fn ticks_fall_on_round_numbers_in_the_unit_of_their_step() {
        assert_eq!(tick_step(1_000_000_000), 200_000_000);
        assert_eq!(tick_step(5_000), 1_000);
        assert_eq!(tick_step(0), 1);
        assert_eq!(duration_label(400_000_000, 200_000_000), "400 ms");
        assert_eq!(duration_label(2_000, 1_000), "2 µs");
        assert_eq!(duration_label(3_000_000_000, 1_000_000_000), "3 s");
        assert_eq!(duration_label(1_500_000_000, 500_000_000), "1500 ms");
    }
}
