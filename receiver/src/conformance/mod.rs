//! The conformance checker: reads OTLP from any producer and reports every violation
//! of the `gpu.serialized` contract, naming the span and the rule. Pure: feed it
//! requests, then ask for the report.
//!
//! Windows are judged on everything seen, so "false" is checked against the complete
//! window history of its resource, whatever the arrival order. [`live`] feeds it from
//! an OTLP endpoint instead of a file.

pub mod flame;
pub mod html;
pub mod live;
mod markup;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::trace::v1::Span;
use semconv::attributes as a;
use semconv::codec::{self, WindowDecodeError};
use semconv::store::StoreLimits;
use semconv::{otlp, Outcomes, Serialized, Tier, WindowStore};

use crate::reconcile::resource::{DeclaredTier, ResourceKey};
use crate::reconcile::verdict::Stamp;

/// A rule of the contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// Every kernel span carries `gpu.serialized`.
    SerializedPresent,
    /// `gpu.serialized` is one of the strings "true", "false", "unknown".
    SerializedValid,
    /// With the serialized tier, "false" only inside proven coverage, touching no
    /// serialized window.
    FalseNeedsCoverage,
    /// Without the serialized tier, every execution reads "false".
    OtherTiersReadFalse,
    /// A resource with kernel spans declares its tier.
    TierDeclared,
    /// A window's end is not before its start.
    WindowNotInverted,
    /// A window record decodes (types, required attributes, mode).
    WindowWellFormed,
    /// Every burst's open record is followed by its closed record.
    WindowClosed,
    /// Per resource, true + false + unknown == kernel executions, counting every
    /// `gpu.serialized` value a span carries: a span with none or with two breaks it.
    SumIdentity,
}

impl Rule {
    /// Every rule the checker judges.
    pub const ALL: [Rule; 9] = [
        Rule::SerializedPresent,
        Rule::SerializedValid,
        Rule::FalseNeedsCoverage,
        Rule::OtherTiersReadFalse,
        Rule::TierDeclared,
        Rule::WindowNotInverted,
        Rule::WindowWellFormed,
        Rule::WindowClosed,
        Rule::SumIdentity,
    ];

    /// The rule's short name, as printed.
    pub fn id(self) -> &'static str {
        match self {
            Rule::SerializedPresent => "serialized-present",
            Rule::SerializedValid => "serialized-valid",
            Rule::FalseNeedsCoverage => "false-needs-coverage",
            Rule::OtherTiersReadFalse => "other-tiers-read-false",
            Rule::TierDeclared => "tier-declared",
            Rule::WindowNotInverted => "window-not-inverted",
            Rule::WindowWellFormed => "window-well-formed",
            Rule::WindowClosed => "window-closed",
            Rule::SumIdentity => "sum-identity",
        }
    }
}

/// What a span is, as the registry defines the spans producers and the receiver emit:
/// what a summary counts so that its totals add up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SpanKind {
    /// One kernel execution (`gpu.kernel.name` or `gpu.serialized`): what the contract
    /// is about.
    KernelExecution,
    /// The injector's root of one time slice of one process (`gpu.kernels`).
    SliceRoot,
    /// An NVTX range of the traced program (`gpu.nvtx.range.kind`).
    NvtxRange,
    /// The injector's carrier of one window record (`gpu.sampling.window.record`).
    WindowRecord,
    /// The receiver's span of one sampling burst (`gpu.sampling.window`).
    WindowSpan,
    /// Continuous-tier PC samples of one kernel function (`gpu.pc_sampling.function`).
    PcSamples,
    /// A run-time tier switch (`gpu.pc_sampling.tier_switch`).
    TierSwitch,
    /// Any other span: the application's own.
    Other,
}

impl SpanKind {
    /// Every kind, in the order summaries list them.
    pub const ALL: [SpanKind; 8] = [
        SpanKind::KernelExecution,
        SpanKind::SliceRoot,
        SpanKind::NvtxRange,
        SpanKind::WindowRecord,
        SpanKind::WindowSpan,
        SpanKind::PcSamples,
        SpanKind::TierSwitch,
        SpanKind::Other,
    ];

    /// The kind of `span`.
    pub fn of(span: &Span) -> SpanKind {
        let has = |key: &str| span.attributes.iter().any(|kv| kv.key == key);
        if has(a::GPU_KERNEL_NAME) || has(a::GPU_SERIALIZED) {
            SpanKind::KernelExecution
        } else if has(a::GPU_PC_SAMPLING_FUNCTION) {
            SpanKind::PcSamples
        } else if has(a::GPU_NVTX_RANGE_KIND) {
            SpanKind::NvtxRange
        } else {
            match span.name.as_str() {
                a::SPAN_GPU_KERNELS => SpanKind::SliceRoot,
                a::SPAN_GPU_SAMPLING_WINDOW_RECORD => SpanKind::WindowRecord,
                a::SPAN_GPU_SAMPLING_WINDOW => SpanKind::WindowSpan,
                a::SPAN_GPU_PC_SAMPLING_TIER_SWITCH => SpanKind::TierSwitch,
                _ => SpanKind::Other,
            }
        }
    }

    /// Its name in reports (snake case, as in the JSON report).
    pub fn label(self) -> &'static str {
        match self {
            SpanKind::KernelExecution => "kernel_executions",
            SpanKind::SliceRoot => "slice_roots",
            SpanKind::NvtxRange => "nvtx_ranges",
            SpanKind::WindowRecord => "window_records",
            SpanKind::WindowSpan => "window_spans",
            SpanKind::PcSamples => "pc_sample_spans",
            SpanKind::TierSwitch => "tier_switches",
            SpanKind::Other => "other",
        }
    }

    /// What a span of this kind is, in a few words.
    pub fn meaning(self) -> &'static str {
        match self {
            SpanKind::KernelExecution => "one per kernel run on the GPU: name, stream, grid, its duration, and gpu.serialized",
            SpanKind::SliceRoot => "gpu.kernels, one per process and time slice: the parent of kernels launched outside any NVTX range",
            SpanKind::NvtxRange => "the program's NVTX ranges (a training step, an op): the parents of the kernels launched inside them",
            SpanKind::WindowRecord => "zero-length carriers of the producer's sampling-window records (the evidence)",
            SpanKind::WindowSpan => "gpu.sampling.window, one per PC-sampling burst, made by the receiver next to the kernels it serialized",
            SpanKind::PcSamples => "PC samples of one kernel function over a drain period (continuous tier, or a serialized burst of several launches)",
            SpanKind::TierSwitch => "a PC-sampling tier switched while the program ran",
            SpanKind::Other => "the application's own spans",
        }
    }
}

/// One violation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    /// The rule's short name.
    pub rule: &'static str,
    /// The resource (service.name and process.pid when present).
    pub resource: String,
    /// The span: `name (trace_id/span_id)`, when the rule is about one span.
    pub span: Option<String>,
    /// What was found.
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VIOLATION {} resource={}", self.rule, self.resource)?;
        if let Some(s) = &self.span {
            write!(f, " span={s}")?;
        }
        write!(f, ": {}", self.detail)
    }
}

/// What one resource sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct ResourceSummary {
    /// The resource.
    pub resource: String,
    /// Its declared tier, or what was wrong with it.
    pub tier: String,
    /// Kernel spans.
    pub kernel_spans: u64,
    /// Kernel spans reading "true".
    pub serialized: u64,
    /// Kernel spans reading "false".
    pub not_serialized: u64,
    /// Kernel spans reading "unknown".
    pub unknown: u64,
    /// Distinct windows (bursts) seen.
    pub windows: usize,
    /// Windows whose close never arrived.
    pub open_windows: usize,
}

/// Why an input proves nothing: a producer that sent nothing does not conform.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Empty {
    /// Not one span.
    NoSpans,
    /// Spans, but not one kernel span (none with gpu.kernel.name or gpu.serialized),
    /// and kernel spans were required.
    NoKernelSpans,
}

/// The checker's verdict.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Report {
    /// Every violation, in a stable order.
    pub violations: Vec<Violation>,
    /// One line per resource.
    pub resources: Vec<ResourceSummary>,
    /// Spans read.
    pub spans: u64,
    /// Kernel spans read (every resource).
    pub kernel_spans: u64,
    /// Distinct windows read (every resource).
    pub windows: usize,
    /// Export requests read.
    pub requests: u64,
    /// Spans read by kind (the order of [`SpanKind::ALL`]); they add up to `spans`.
    pub span_kinds: BTreeMap<&'static str, u64>,
    /// Set when the input held nothing to check.
    pub empty: Option<Empty>,
}

impl Report {
    /// Whether the input conforms: no violation, and something was checked.
    pub fn passed(&self) -> bool {
        self.violations.is_empty() && self.empty.is_none()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for v in &self.violations {
            writeln!(f, "{v}")?;
        }
        for r in &self.resources {
            writeln!(
                f,
                "resource {} tier={}: {} kernel spans = {} true + {} false + {} unknown; {} windows ({} left open)",
                r.resource, r.tier, r.kernel_spans, r.serialized, r.not_serialized, r.unknown, r.windows, r.open_windows
            )?;
        }
        let kinds: Vec<String> = SpanKind::ALL
            .iter()
            .filter_map(|k| {
                let n = self.span_kinds.get(k.label()).copied().unwrap_or(0);
                (n > 0).then(|| format!("{n} {}", k.label().replace('_', " ")))
            })
            .collect();
        if !kinds.is_empty() {
            writeln!(f, "spans: {} = {}", kinds.join(" + "), self.spans)?;
        }
        let rules: BTreeSet<&str> = self.violations.iter().map(|v| v.rule).collect();
        let resources = count(self.resources.len() as u64, "resource");
        match self.empty {
            Some(Empty::NoSpans) => {
                return write!(
                    f,
                    "conformance: FAIL, no spans in {}: nothing was checked (a producer that sends nothing does not conform)",
                    count(self.requests, "export request")
                )
            }
            Some(Empty::NoKernelSpans) => {
                return write!(
                    f,
                    "conformance: FAIL, no kernel spans among {} in {resources} (none carries gpu.kernel.name or gpu.serialized): nothing was checked against the contract; --allow-no-kernels when this producer legitimately sends none",
                    count(self.spans, "span")
                )
            }
            None => {}
        }
        if self.passed() && self.kernel_spans == 0 {
            write!(
                f,
                "conformance: PASS ({} in {resources}, no kernel spans, as allowed: {} and the tier declarations checked)",
                count(self.spans, "span"),
                count(self.windows as u64, "window")
            )
        } else if self.passed() {
            write!(
                f,
                "conformance: PASS ({} in {resources}: {} and {} checked against the {} rules of the gpu.serialized contract)",
                count(self.spans, "span"),
                count(self.kernel_spans, "kernel span"),
                count(self.windows as u64, "window"),
                Rule::ALL.len()
            )
        } else {
            write!(
                f,
                "conformance: FAIL, {} violations of {}",
                self.violations.len(),
                rules.into_iter().collect::<Vec<_>>().join(", ")
            )
        }
    }
}

/// `n` and `word`, in the plural but for one.
fn count(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

#[derive(Debug)]
struct Kernel {
    span: String,
    start: u64,
    end: u64,
    value: Option<Serialized>,
    /// Every valid `gpu.serialized` value the span carries (one, when it conforms).
    answers: Vec<Serialized>,
}

#[derive(Debug)]
struct ResourceState {
    label: String,
    tier: DeclaredTier,
    store: WindowStore<()>,
    opened: BTreeSet<u64>,
    closed: BTreeSet<u64>,
    kernels: Vec<Kernel>,
}

/// Accumulates requests; [`Checker::finish`] judges them.
#[derive(Debug, Default)]
pub struct Checker {
    resources: BTreeMap<ResourceKey, ResourceState>,
    violations: Vec<Violation>,
    spans: u64,
    requests: u64,
    kinds: [u64; 8],
    allow_no_kernels: bool,
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn span_label(s: &Span) -> String {
    format!("{:?} ({}/{})", s.name, hex(&s.trace_id), hex(&s.span_id))
}

pub(crate) fn resource_label(attrs: &[opentelemetry_proto::tonic::common::v1::KeyValue]) -> String {
    let service = otlp::get_str(attrs, "service.name").unwrap_or("unknown_service");
    match otlp::get_int(attrs, "process.pid") {
        Some(pid) => format!("{service}/pid={pid}"),
        None => service.to_string(),
    }
}

impl Checker {
    /// A checker that has seen nothing. An input without a span fails, and so does one
    /// without a kernel span unless [`Checker::allowing_no_kernels`].
    pub fn new() -> Self {
        Checker::default()
    }

    /// The same checker, passing an input whose spans hold no kernel span (a producer
    /// that legitimately has none: an application's own spans, a tier-off process
    /// that launched nothing).
    pub fn allowing_no_kernels(mut self) -> Self {
        self.allow_no_kernels = true;
        self
    }

    fn violation(&mut self, rule: Rule, resource: &str, span: Option<&Span>, detail: String) {
        self.violations.push(Violation {
            rule: rule.id(),
            resource: resource.to_string(),
            span: span.map(span_label),
            detail,
        });
    }

    /// Reads one request.
    pub fn feed(&mut self, req: &ExportTraceServiceRequest) {
        self.requests += 1;
        for rs in &req.resource_spans {
            let attrs = rs
                .resource
                .as_ref()
                .map(|r| r.attributes.as_slice())
                .unwrap_or_default();
            let key = ResourceKey::of(rs.resource.as_ref());
            let label = resource_label(attrs);
            self.resources.entry(key).or_insert_with(|| ResourceState {
                label: label.clone(),
                tier: DeclaredTier::of(rs.resource.as_ref()),
                // Judging needs the whole history: no bound short of memory.
                store: WindowStore::new(StoreLimits {
                    max_windows_per_process: usize::MAX,
                    max_processes: 1,
                }),
                opened: BTreeSet::new(),
                closed: BTreeSet::new(),
                kernels: Vec::new(),
            });
            for span in rs.scope_spans.iter().flat_map(|ss| &ss.spans) {
                self.spans += 1;
                let kind = SpanKind::of(span);
                let at = SpanKind::ALL
                    .iter()
                    .position(|k| *k == kind)
                    .expect("listed");
                self.kinds[at] += 1;
                for event in span.events.iter().filter(|e| codec::is_window_event(e)) {
                    let window = match codec::decode(&event.attributes) {
                        Ok(w) => w,
                        Err(WindowDecodeError::Inverted { start_ns, end_ns }) => {
                            self.violation(
                                Rule::WindowNotInverted,
                                &label,
                                Some(span),
                                format!("window end_ns {end_ns} is before start_ns {start_ns}"),
                            );
                            continue;
                        }
                        Err(WindowDecodeError::UnknownMode { found, window }) => {
                            self.violation(Rule::WindowWellFormed, &label, Some(span), format!("window mode must be \"continuous\" or \"kernel_serialized\", got {found}"));
                            *window
                        }
                        Err(e) => {
                            self.violation(
                                Rule::WindowWellFormed,
                                &label,
                                Some(span),
                                e.to_string(),
                            );
                            continue;
                        }
                    };
                    let r = self.resources.get_mut(&key).expect("inserted above");
                    if window.is_open() {
                        &mut r.opened
                    } else {
                        &mut r.closed
                    }
                    .insert(window.start_ns);
                    let _ = r.store.insert(&(), window);
                }
                if kind != SpanKind::KernelExecution {
                    continue;
                }
                let value = match Stamp::read(&span.attributes) {
                    Stamp::Valid(v) => Some(v),
                    Stamp::Missing => {
                        self.violation(
                            Rule::SerializedPresent,
                            &label,
                            Some(span),
                            "kernel span without gpu.serialized".into(),
                        );
                        None
                    }
                    Stamp::Invalid(why) => {
                        self.violation(Rule::SerializedValid, &label, Some(span), why);
                        None
                    }
                };
                let answers = span
                    .attributes
                    .iter()
                    .filter(|kv| kv.key == a::GPU_SERIALIZED)
                    .filter_map(|kv| Stamp::read(std::slice::from_ref(kv)).valid())
                    .collect();
                let r = self.resources.get_mut(&key).expect("inserted above");
                r.kernels.push(Kernel {
                    span: span_label(span),
                    start: span.start_time_unix_nano,
                    end: span.end_time_unix_nano,
                    value,
                    answers,
                });
            }
        }
    }

    /// Judges everything read.
    pub fn finish(mut self) -> Report {
        let mut resources = Vec::new();
        for r in std::mem::take(&mut self.resources).into_values() {
            // The two sides are counted apart: executions per kernel span, answers per
            // value carried, so the identity fails on its own.
            let mut outcomes = Outcomes::default();
            let mut valid = 0u64;
            let v = &mut self.violations;
            let push = |v: &mut Vec<Violation>, rule: Rule, span: Option<&str>, detail: String| {
                v.push(Violation {
                    rule: rule.id(),
                    resource: r.label.clone(),
                    span: span.map(str::to_string),
                    detail,
                })
            };
            let tier_text = match &r.tier {
                DeclaredTier::Declared(t) => t.to_string(),
                DeclaredTier::Undeclared => "undeclared".to_string(),
                DeclaredTier::Invalid(why) => format!("invalid ({why})"),
            };
            if !r.kernels.is_empty() && !matches!(r.tier, DeclaredTier::Declared(_)) {
                push(
                    v,
                    Rule::TierDeclared,
                    None,
                    format!(
                        "kernel spans from a resource whose gpu.pc_sampling.tier is {tier_text}"
                    ),
                );
            }
            for start in r.opened.difference(&r.closed) {
                push(v, Rule::WindowClosed, None, format!("the window opened at {start} never closed: executions from then on read unknown"));
            }
            for k in &r.kernels {
                outcomes.count_execution();
                k.answers.iter().for_each(|&v| outcomes.count_answer(v));
                let Some(value) = k.value else { continue };
                valid += 1;
                match r.tier.effective() {
                    Tier::Serialized if value == Serialized::False => {
                        let evidence = r.store.classify(Tier::Serialized, &(), k.start, k.end);
                        if evidence != Serialized::False {
                            let why = if evidence == Serialized::True {
                                "it intersects a kernel-serialized window"
                            } else {
                                "it is not inside proven coverage"
                            };
                            push(
                                v,
                                Rule::FalseNeedsCoverage,
                                Some(&k.span),
                                format!("reads \"false\" but {why}"),
                            );
                        }
                    }
                    Tier::Off | Tier::Continuous if value != Serialized::False => {
                        push(v, Rule::OtherTiersReadFalse, Some(&k.span), format!("reads {value:?} under tier {tier_text}, where every execution reads \"false\""));
                    }
                    _ => {}
                }
            }
            let kernel_spans = r.kernels.len() as u64;
            if !outcomes.is_balanced() {
                let answers = outcomes.serialized + outcomes.not_serialized + outcomes.unknown;
                let extra = r.kernels.iter().filter(|k| k.answers.len() > 1).count();
                push(
                    v,
                    Rule::SumIdentity,
                    None,
                    format!(
                        "{} true + {} false + {} unknown = {answers} but {kernel_spans} kernel spans ({} without a valid gpu.serialized, {extra} with more than one)",
                        outcomes.serialized,
                        outcomes.not_serialized,
                        outcomes.unknown,
                        kernel_spans - valid
                    ),
                );
            }
            let windows = r.opened.union(&r.closed).count();
            resources.push(ResourceSummary {
                resource: r.label.clone(),
                tier: tier_text,
                kernel_spans,
                serialized: outcomes.serialized,
                not_serialized: outcomes.not_serialized,
                unknown: outcomes.unknown,
                windows,
                open_windows: r.opened.difference(&r.closed).count(),
            });
        }
        let kernel_spans = resources.iter().map(|r| r.kernel_spans).sum();
        let empty = if self.spans == 0 {
            Some(Empty::NoSpans)
        } else if kernel_spans == 0 && !self.allow_no_kernels {
            Some(Empty::NoKernelSpans)
        } else {
            None
        };
        Report {
            windows: resources.iter().map(|r| r.windows).sum(),
            violations: self.violations,
            resources,
            spans: self.spans,
            kernel_spans,
            requests: self.requests,
            span_kinds: SpanKind::ALL
                .iter()
                .zip(self.kinds)
                .map(|(k, n)| (k.label(), n))
                .collect(),
            empty,
        }
    }
}

/// Input that is neither JSON lines of export requests nor one export request.
#[derive(Debug, thiserror::Error)]
#[error("not OTLP JSON: {0}")]
pub struct NotOtlpJson(#[source] serde_json::Error);

/// Reads an OTLP-JSON file: one export request per line (the receiver's file sink),
/// or one request for the whole file.
pub fn read_json(text: &str) -> Result<Vec<ExportTraceServiceRequest>, NotOtlpJson> {
    let lines: Result<Vec<_>, _> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str::<ExportTraceServiceRequest>)
        .collect();
    match lines {
        Ok(reqs) => Ok(reqs),
        Err(line_err) => serde_json::from_str::<ExportTraceServiceRequest>(text)
            .map(|r| vec![r])
            .map_err(|_| NotOtlpJson(line_err)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{kernel, plain, request, resource, window_carrier};
    use semconv::{SamplingMode, Window};

    const KS: SamplingMode = SamplingMode::KernelSerialized;

    fn check(reqs: &[ExportTraceServiceRequest]) -> Report {
        let mut c = Checker::new();
        reqs.iter().for_each(|r| c.feed(r));
        c.finish()
    }

    #[test]
    fn an_input_without_spans_or_without_kernel_spans_fails_unless_no_kernels_are_allowed() {
        let none = check(&[]);
        assert_eq!(none.empty, Some(Empty::NoSpans));
        assert!(!none.passed());
        assert_eq!(
            none.to_string(),
            "conformance: FAIL, no spans in 0 export requests: nothing was checked (a producer that sends nothing does not conform)"
        );
        let app_only = request(serialized(), vec![plain(1), plain(2)]);
        let r = check(std::slice::from_ref(&app_only));
        assert_eq!(r.empty, Some(Empty::NoKernelSpans));
        assert!(!r.passed());
        assert!(
            r.to_string().ends_with("conformance: FAIL, no kernel spans among 2 spans in 1 resource (none carries gpu.kernel.name or gpu.serialized): nothing was checked against the contract; --allow-no-kernels when this producer legitimately sends none"),
            "{r}"
        );
        let mut c = Checker::new().allowing_no_kernels();
        c.feed(&app_only);
        let allowed = c.finish();
        assert!(allowed.passed(), "{allowed}");
        assert!(allowed.to_string().ends_with(
            "conformance: PASS (2 spans in 1 resource, no kernel spans, as allowed: 0 windows and the tier declarations checked)"
        ));
        // With kernels the summary says what was checked.
        let k = check(&[request(
            resource("app", 1, Some(Tier::Off)),
            vec![kernel(1, 10, 20, Some(Serialized::False))],
        )]);
        assert!(k.to_string().ends_with(
            "conformance: PASS (1 span in 1 resource: 1 kernel span and 0 windows checked against the 9 rules of the gpu.serialized contract)"
        ), "{k}");
    }

    fn rules(r: &Report) -> Vec<&'static str> {
        r.violations.iter().map(|v| v.rule).collect()
    }

    fn serialized() -> opentelemetry_proto::tonic::resource::v1::Resource {
        resource("app", 1, Some(Tier::Serialized))
    }

    #[test]
    fn a_conforming_stream_passes_in_any_order() {
        let windows = window_carrier(
            1,
            &[
                Window::closed(1000, 2000, 1, KS),
                Window::open(1000, 1, KS),
                Window::open(4000, 2, KS),
                Window::closed(4000, 5000, 2, KS),
            ],
        );
        let kernels = vec![
            kernel(1, 1500, 1600, Some(Serialized::True)),
            kernel(2, 2500, 2600, Some(Serialized::False)),
            kernel(3, 9000, 9100, Some(Serialized::Unknown)),
            plain(4),
        ];
        // Kernels before the windows that prove them.
        let r = check(&[
            request(serialized(), kernels),
            request(serialized(), vec![windows]),
        ]);
        assert!(r.passed(), "{r}");
        assert_eq!(
            (
                r.resources[0].serialized,
                r.resources[0].not_serialized,
                r.resources[0].unknown
            ),
            (1, 1, 1)
        );
        assert!(r
            .to_string()
            .ends_with("conformance: PASS (5 spans in 1 resource: 3 kernel spans and 2 windows checked against the 9 rules of the gpu.serialized contract)"));
    }

    #[test]
    fn nvtx_range_spans_and_the_kernels_under_them_conform() {
        let outer = crate::fixtures::nvtx_range(1, None, "step 3");
        let inner = crate::fixtures::nvtx_range(2, Some(1), "aten::linear");
        let mut k = kernel(3, 1500, 1600, Some(Serialized::False));
        k.parent_span_id = inner.span_id.clone();
        let r = check(&[request(
            resource("app", 1, Some(Tier::Off)),
            vec![outer, inner, k],
        )]);
        assert!(r.passed(), "{r}");
        assert_eq!(r.resources[0].kernel_spans, 1, "ranges are not executions");
        assert_eq!(r.spans, 3);
    }

    #[test]
    fn a_kernel_span_without_gpu_serialized_is_named() {
        let r = check(&[request(
            resource("app", 1, Some(Tier::Off)),
            vec![kernel(7, 1, 2, None)],
        )]);
        assert_eq!(rules(&r), ["serialized-present", "sum-identity"]);
        assert!(r.violations[0]
            .span
            .as_deref()
            .unwrap()
            .starts_with("\"spin(float*, int)\" ("));
    }

    #[test]
    fn a_boolean_or_unknown_string_is_invalid() {
        let mut k = kernel(1, 1, 2, None);
        k.attributes.push(otlp::boolean(a::GPU_SERIALIZED, false));
        let mut k2 = kernel(2, 1, 2, None);
        k2.attributes.push(otlp::string(a::GPU_SERIALIZED, ""));
        let r = check(&[request(resource("app", 1, Some(Tier::Off)), vec![k, k2])]);
        assert_eq!(
            rules(&r),
            ["serialized-valid", "serialized-valid", "sum-identity"]
        );
    }

    #[test]
    fn false_without_coverage_or_against_a_burst_is_a_violation() {
        let windows = window_carrier(1, &[Window::closed(1000, 2000, 1, KS)]);
        let r = check(&[request(
            serialized(),
            vec![
                windows,
                kernel(1, 1500, 1600, Some(Serialized::False)),
                kernel(2, 5000, 5100, Some(Serialized::False)),
            ],
        )]);
        assert_eq!(rules(&r), ["false-needs-coverage", "false-needs-coverage"]);
        assert!(r.violations[0]
            .detail
            .contains("intersects a kernel-serialized window"));
        assert!(r.violations[1]
            .detail
            .contains("not inside proven coverage"));
    }

    #[test]
    fn the_off_tier_reads_false_only() {
        let r = check(&[request(
            resource("app", 1, Some(Tier::Off)),
            vec![kernel(1, 1, 2, Some(Serialized::Unknown))],
        )]);
        assert_eq!(rules(&r), ["other-tiers-read-false"]);
    }

    #[test]
    fn inverted_malformed_and_unclosed_windows_are_reported() {
        let mut bad = window_carrier(2, &[Window::closed(1, 2, 1, KS)]);
        otlp::set(
            &mut bad.events[0].attributes,
            otlp::string(a::GPU_SAMPLING_WINDOW_SEQ, "one"),
        );
        let spans = vec![
            window_carrier(
                1,
                &[Window::closed(5000, 1000, 1, KS), Window::open(7000, 2, KS)],
            ),
            bad,
        ];
        let r = check(&[request(serialized(), spans)]);
        assert_eq!(
            rules(&r),
            ["window-not-inverted", "window-well-formed", "window-closed"]
        );
        assert_eq!(r.resources[0].open_windows, 1);
    }

    #[test]
    fn kernel_spans_from_an_undeclared_tier_are_reported() {
        let r = check(&[request(
            resource("app", 1, None),
            vec![kernel(1, 1, 2, Some(Serialized::Unknown))],
        )]);
        assert_eq!(rules(&r), ["tier-declared"]);
    }

    #[test]
    fn sum_identity_alone_flags_a_span_with_two_answers() {
        // Every other rule holds: the first value is valid and the tier is off.
        let mut k = kernel(1, 1, 2, Some(Serialized::False));
        k.attributes.push(otlp::string(a::GPU_SERIALIZED, "true"));
        let r = check(&[request(resource("app", 1, Some(Tier::Off)), vec![k])]);
        assert_eq!(rules(&r), ["sum-identity"], "{r}");
    }

    #[test]
    fn the_file_format_is_the_sinks_or_a_single_request() {
        let req = request(serialized(), vec![plain(1)]);
        let line = serde_json::to_string(&req).unwrap();
        assert_eq!(read_json(&format!("{line}\n{line}\n")).unwrap().len(), 2);
        assert_eq!(
            read_json(&serde_json::to_string_pretty(&req).unwrap())
                .unwrap()
                .len(),
            1
        );
        assert!(read_json("{nope")
            .unwrap_err()
            .to_string()
            .starts_with("not OTLP JSON"));
    }
}
