//! The PC samples of one process and period, read from the spans that carry them as
//! (PC offset, stall reason) pairs (`gpu.pc_sampling.pair_*`, parallel arrays). Pure.
//!
//! Two kinds of span carry pairs:
//! - a `gpu.pc_samples` span names one function over one drain period (the continuous
//!   tier, and serialized bursts of several launches); the samples of one period are the
//!   spans of one resource with the same start and end, linked to the slice span that
//!   covers the period;
//! - a kernel execution span (serialized tier, a burst of one launch) carries the
//!   samples of that execution; the executions of one resource in one request make one
//!   period (from the first one's start to the last one's end), each sample linked to
//!   its own execution's span.

use opentelemetry_proto::tonic::common::v1::any_value::Value;
use opentelemetry_proto::tonic::common::v1::{AnyValue, InstrumentationScope, KeyValue};
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::Span;
use semconv::attributes as a;
use semconv::otlp::{find, get_int, get_str};

/// One (function, PC offset, stall reason) with its samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// The function, mangled (`gpu.pc_sampling.function`, or an execution's
    /// `gpu.kernel.name`).
    pub function: String,
    /// The function as a person reads it (a function span's name after
    /// `gpu.pc_samples: `, an execution span's name).
    pub display: String,
    /// The PC offset inside the function.
    pub offset: u64,
    /// The stall reason.
    pub stall: String,
    /// Samples.
    pub samples: u64,
    /// The span the samples are linked to: the kernel execution they were taken in
    /// (serialized tier, one launch per burst), else the slice span that covers the
    /// period (a function's samples carry no correlation id).
    pub link: Link,
    /// The PC's source line, where its module carries line information
    /// (`gpu.pc_sampling.pair_source_files` / `pair_source_lines`).
    pub line: Option<SourceLine>,
}

/// A PC's source file and line.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourceLine {
    /// The source file, as the injector names it (compile directory joined with the
    /// file name).
    pub file: String,
    /// The line, 1-based.
    pub line: u64,
}

/// A trace and span id.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Link {
    /// Trace id (16 bytes).
    pub trace_id: Vec<u8>,
    /// Span id (8 bytes).
    pub span_id: Vec<u8>,
}

/// The samples of one process over one period.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodSamples {
    /// The process's resource, as on its spans.
    pub resource: Option<Resource>,
    /// The scope of its spans.
    pub scope: Option<InstrumentationScope>,
    /// Period start, ns since the epoch.
    pub start_ns: u64,
    /// Period end.
    pub end_ns: u64,
    /// Every pair sent, hottest first (ties by function, offset, stall).
    pub pairs: Vec<Pair>,
    /// Pairs the injector left out by its own bound (`gpu.pc_sampling.pairs_dropped`).
    pub pairs_dropped_upstream: u64,
}

/// What the pairs of a span belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A function over a drain period (a `gpu.pc_samples` span).
    Function,
    /// One kernel execution (its own span).
    Execution,
}

/// Whether `span` is one function's PC samples.
pub fn is_pc_samples(span: &Span) -> bool {
    span.name.starts_with(a::SPAN_GPU_PC_SAMPLES)
        && get_str(&span.attributes, a::GPU_PC_SAMPLING_FUNCTION).is_some()
}

/// The pairs of a span, what they belong to and the pairs the injector left out; None
/// when it carries none or its arrays are not parallel (an older injector sends only
/// the 64-PC hot list, or only an execution's stall sums, which hold no PC per stall:
/// the span stays as it is and makes no profile).
///
/// A `gpu.pc_samples` span names its function in `gpu.pc_sampling.function` and links
/// to its parent, the slice span; a kernel execution names it in `gpu.kernel.name`
/// (its span name is the demangled one) and links to itself.
pub fn pairs_of(span: &Span) -> Option<(Vec<Pair>, u64, Source)> {
    let (function, display, link, source) = if is_pc_samples(span) {
        let function = get_str(&span.attributes, a::GPU_PC_SAMPLING_FUNCTION)?.to_string();
        let display = span
            .name
            .strip_prefix(a::SPAN_GPU_PC_SAMPLES)
            .and_then(|s| s.strip_prefix(": "))
            .filter(|s| !s.is_empty())
            .unwrap_or(&function)
            .to_string();
        // The slice root: the span that covers the period in the trace.
        let link = Link {
            trace_id: span.trace_id.clone(),
            span_id: if span.parent_span_id.is_empty() {
                span.span_id.clone()
            } else {
                span.parent_span_id.clone()
            },
        };
        (function, display, link, Source::Function)
    } else {
        let function = get_str(&span.attributes, a::GPU_KERNEL_NAME)?.to_string();
        let display = if span.name.is_empty() {
            function.clone()
        } else {
            span.name.clone()
        };
        let link = Link {
            trace_id: span.trace_id.clone(),
            span_id: span.span_id.clone(),
        };
        (function, display, link, Source::Execution)
    };
    let offsets = ints(&span.attributes, a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS)?;
    let stalls = strings(&span.attributes, a::GPU_PC_SAMPLING_PAIR_STALL_REASONS)?;
    let counts = ints(&span.attributes, a::GPU_PC_SAMPLING_PAIR_SAMPLE_COUNTS)?;
    if offsets.len() != stalls.len() || offsets.len() != counts.len() {
        return None;
    }
    let lines = source_lines(&span.attributes, offsets.len());
    let pairs = offsets
        .into_iter()
        .zip(stalls)
        .zip(counts)
        .enumerate()
        .filter(|(_, (_, n))| *n > 0)
        .map(|(i, ((offset, stall), samples))| Pair {
            function: function.clone(),
            display: display.clone(),
            offset: offset as u64,
            stall,
            samples: samples as u64,
            link: link.clone(),
            line: lines.as_ref().and_then(|l| l[i].clone()),
        })
        .collect();
    let dropped = get_int(&span.attributes, a::GPU_PC_SAMPLING_PAIRS_DROPPED).unwrap_or(0);
    Some((pairs, dropped.max(0) as u64, source))
}

/// Groups the spans with pairs of one resource into periods, in time order: function
/// spans by their drain period (same start and end), executions all in one.
pub fn periods<'s>(
    resource: Option<&Resource>,
    scope: Option<&InstrumentationScope>,
    spans: impl IntoIterator<Item = &'s Span>,
) -> Vec<PeriodSamples> {
    let mut out: Vec<PeriodSamples> = Vec::new();
    let mut executions: Option<usize> = None;
    for span in spans {
        let Some((pairs, dropped, source)) = pairs_of(span) else {
            continue;
        };
        let (start_ns, end_ns) = (
            span.start_time_unix_nano,
            span.end_time_unix_nano.max(span.start_time_unix_nano),
        );
        let found = match source {
            Source::Function => (0..out.len()).find(|&i| {
                Some(i) != executions && out[i].start_ns == start_ns && out[i].end_ns == end_ns
            }),
            Source::Execution => executions,
        };
        let period = match found {
            Some(i) => {
                let p = &mut out[i];
                if source == Source::Execution {
                    p.start_ns = p.start_ns.min(start_ns);
                    p.end_ns = p.end_ns.max(end_ns);
                }
                p
            }
            None => {
                if source == Source::Execution {
                    executions = Some(out.len());
                }
                out.push(PeriodSamples {
                    resource: resource.cloned(),
                    scope: scope.cloned(),
                    start_ns,
                    end_ns,
                    pairs: Vec::new(),
                    pairs_dropped_upstream: 0,
                });
                out.last_mut().expect("pushed")
            }
        };
        period.pairs.extend(pairs);
        period.pairs_dropped_upstream += dropped;
    }
    for p in &mut out {
        p.pairs.sort_by(|x, y| {
            y.samples
                .cmp(&x.samples)
                .then_with(|| x.function.cmp(&y.function))
                .then(x.offset.cmp(&y.offset))
                .then_with(|| x.stall.cmp(&y.stall))
        });
    }
    out.sort_by_key(|p| (p.start_ns, p.end_ns));
    out
}

/// Each pair's source line, when the span carries the two arrays parallel to its `n`
/// pairs (an older injector, or a module without line information, sends none; arrays
/// of another length are not trusted and give no line at all). `""` or line 0: none.
fn source_lines(attrs: &[KeyValue], n: usize) -> Option<Vec<Option<SourceLine>>> {
    let files = strings(attrs, a::GPU_PC_SAMPLING_PAIR_SOURCE_FILES)?;
    let lines = ints(attrs, a::GPU_PC_SAMPLING_PAIR_SOURCE_LINES)?;
    if files.len() != n || lines.len() != n {
        return None;
    }
    Some(
        files
            .into_iter()
            .zip(lines)
            .map(|(file, line)| {
                (!file.is_empty() && line > 0).then_some(SourceLine {
                    file,
                    line: line as u64,
                })
            })
            .collect(),
    )
}

fn array(attrs: &[KeyValue], key: &str) -> Option<Vec<AnyValue>> {
    match find(attrs, key)?.value.as_ref()? {
        Value::ArrayValue(arr) => Some(arr.values.clone()),
        _ => None,
    }
}

fn ints(attrs: &[KeyValue], key: &str) -> Option<Vec<i64>> {
    array(attrs, key)?
        .into_iter()
        .map(|v| match v.value {
            Some(Value::IntValue(i)) if i >= 0 => Some(i),
            _ => None,
        })
        .collect()
}

fn strings(attrs: &[KeyValue], key: &str) -> Option<Vec<String>> {
    array(attrs, key)?
        .into_iter()
        .map(|v| match v.value {
            Some(Value::StringValue(s)) => Some(s),
            _ => None,
        })
        .collect()
}
