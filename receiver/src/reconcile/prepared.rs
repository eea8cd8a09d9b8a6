//! A request read as far as needs no reconciler state: resource keys, tier
//! declarations, window records, each span's kind and stamp, and what its sender is
//! told ([`IngestReport`]). The ingest front ends and the replay stage after the
//! persistent queue make it on their own tasks ([`Prepared::decode_body`]); the one reconcile task
//! ([`super::Reconciler::ingest`]) only decides. Its decoded bound
//! ([`Prepared::decoded_bound`]) is what admission charges before a request is decoded.

use std::sync::Arc;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{AnyValue, EntityRef, InstrumentationScope, KeyValue};
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::span::Event;
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message;
use semconv::codec::{self, WindowDecodeError};
use semconv::store::Refusal;
use semconv::Window;

use super::resource::{DeclaredTier, ResourceKey};
use super::verdict::Stamp;
use crate::wire::census::{Census, Encoding};
use crate::wire::{
    self, shortened, KernelNodes, SpanMeta, WireError, WireRequest, WireResourceSpans,
    WireScopeSpans,
};
use semconv::attributes as a;

/// At most this many problems are spelled out in one response; the rest are counted.
const MAX_PROBLEMS_LISTED: usize = 8;

/// Window records taken from one request; past them they are refused, noted and
/// counted (as malformed records), so that what a request's windows take is bounded by
/// a count and not by its bytes. A producer sends a burst's two records as they happen;
/// a Collector batching a node's producers a few hundred.
pub const MAX_WINDOWS_PER_REQUEST: usize = 4096;

/// The longest span name a message quotes.
const NAME_SHOWN: usize = 96;

/// What the sender is told about its request: OTLP partial success.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IngestReport {
    /// Spans refused.
    pub rejected_spans: i64,
    problems: Vec<String>,
    problem_count: usize,
}

impl IngestReport {
    fn note(&mut self, problem: String) {
        self.problem_count += 1;
        if self.problems.len() < MAX_PROBLEMS_LISTED {
            self.problems.push(problem);
        }
    }

    /// Whether anything was wrong with the request.
    pub fn is_clean(&self) -> bool {
        self.problem_count == 0 && self.rejected_spans == 0
    }

    /// The problems, for `partial_success.error_message`.
    pub fn error_message(&self) -> String {
        let mut msg = self.problems.join("; ");
        if self.problem_count > self.problems.len() {
            msg.push_str(&format!(
                "; and {} more",
                self.problem_count - self.problems.len()
            ));
        }
        msg
    }
}

#[derive(Debug)]
pub(super) struct ResourceCtx {
    pub(super) resource: Option<Resource>,
    pub(super) schema_url: String,
}

#[derive(Debug)]
pub(super) struct ScopeCtx {
    pub(super) scope: Option<InstrumentationScope>,
    pub(super) schema_url: String,
}

impl ResourceCtx {
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + wire::resource_bytes(self.resource.as_ref())
            + self.schema_url.capacity()
    }
}

impl ScopeCtx {
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + wire::scope_bytes(self.scope.as_ref())
            + self.schema_url.capacity()
    }
}

fn check_ids(span: &SpanMeta<'_>) -> Result<(), String> {
    // What arrived, as the sender can find it: its length, or that it is all zero.
    let invalid = |name: &str, id: &[u8], len: usize| {
        let got = if id.len() == len {
            format!("all {len} bytes zero")
        } else {
            format!("{} bytes", id.len())
        };
        format!("{name} must be {len} bytes and not all zero, got {got}")
    };
    let valid = |id: &[u8], len: usize| id.len() == len && id.iter().any(|&b| b != 0);
    if !valid(span.trace_id, 16) {
        return Err(invalid("trace_id", span.trace_id, 16));
    }
    if !valid(span.span_id, 8) {
        return Err(invalid("span_id", span.span_id, 8));
    }
    if !span.parent_span_id.is_empty() && span.parent_span_id.len() != 8 {
        return Err(format!(
            "parent_span_id must be empty or 8 bytes, got {} bytes",
            span.parent_span_id.len()
        ));
    }
    Ok(())
}

/// What one span is, as far as reconciliation cares.
#[derive(Debug)]
pub(super) enum SpanKind {
    /// Refused for bad ids (in the request's report).
    Rejected,
    /// Not a kernel span: leaves untouched.
    Plain,
    /// A `gpu.kernels.unrecorded` span: leaves untouched, its executions counted.
    Unrecorded(u64),
    /// A kernel span (or a `gpu.graph.launch` span, `graph` set), its times, the stamp
    /// it arrived with and the kernel executions it stands for.
    Kernel {
        stamp: Stamp,
        start: u64,
        end: u64,
        executions: u64,
        graph: Option<KernelNodes>,
    },
}

/// The span that carried a window record.
#[derive(Debug)]
pub(super) struct Carrier {
    pub(super) trace_id: Vec<u8>,
    pub(super) span_id: Vec<u8>,
}

#[derive(Debug)]
pub(super) struct PreparedScope {
    pub(super) ctx: Arc<ScopeCtx>,
    /// One per span, in order.
    pub(super) kinds: Vec<SpanKind>,
}

#[derive(Debug)]
pub(super) struct PreparedResource {
    pub(super) key: ResourceKey,
    pub(super) declared: DeclaredTier,
    pub(super) ctx: Arc<ResourceCtx>,
    /// Window records in arrival order, each with its carrier.
    pub(super) windows: Vec<(Carrier, Result<Window, WindowDecodeError>)>,
    /// Window records refused unread (too large, or past the request's limit).
    pub(super) windows_refused: u64,
    /// The latest end of its kernel spans: how far its open windows' "unknown" reaches.
    pub(super) latest_kernel_end: Option<u64>,
    /// One per scope, in order.
    pub(super) scopes: Vec<PreparedScope>,
}

/// A request with everything read that needs no reconciler state, so that this work
/// runs on the sender's connection task, beside the one reconcile task.
#[derive(Debug)]
pub struct Prepared {
    pub(super) req: WireRequest,
    /// One per resource, in order.
    pub(super) resources: Vec<PreparedResource>,
    /// What the sender is told: every problem is visible without reconciler state, so
    /// the answer is decided here, once, whether the request is reconciled at once or
    /// after the persistent queue made it durable.
    pub(super) report: IngestReport,
    /// The number the persistent queue gave the request.
    pub(super) origin: Option<u64>,
    /// The size of the buffer its spans are slices of (0: each has its own).
    pub(super) shared_buffer: usize,
}

impl Prepared {
    /// Reads a request's protobuf: pure, and independent of every other request. Spans
    /// stay slices of `body`; the request is refused in the cases `prost` refuses it.
    pub fn decode(body: Bytes) -> Result<Prepared, WireError> {
        let shared_buffer = body.len();
        let mut p = Prepared::read(WireRequest::decode(body)?)?;
        p.shared_buffer = shared_buffer;
        Ok(p)
    }

    /// Reads a (decompressed) request body of either encoding: the one way a body that
    /// arrived, or was read back from the persistent queue, becomes a request. The
    /// message names the encoding that did not read.
    pub fn decode_body(format: Encoding, body: Bytes) -> Result<Prepared, String> {
        match format {
            Encoding::Protobuf => {
                Prepared::decode(body).map_err(|e| format!("invalid OTLP protobuf: {e}"))
            }
            Encoding::Json => wire::json::decode(&body)
                .map_err(|e| e.to_string())
                .and_then(|r| Prepared::read(r).map_err(|e| e.to_string()))
                .map_err(|e| format!("invalid OTLP JSON: {e}")),
        }
    }

    /// Reads a request whose spans are bytes (a request made in memory, or decoded
    /// from OTLP/JSON).
    pub fn read(req: WireRequest) -> Result<Prepared, WireError> {
        let mut report = IngestReport::default();
        let mut windows = 0;
        let resources = req
            .resource_spans
            .iter()
            .map(|rs| prepare_resource(rs, &mut report, &mut windows))
            .collect::<Result<_, _>>()?;
        Ok(Prepared {
            req,
            resources,
            report,
            origin: None,
            shared_buffer: 0,
        })
    }

    /// Reads a decoded request (OTLP/JSON, tests): its spans are encoded once.
    pub fn new(req: ExportTraceServiceRequest) -> Prepared {
        Prepared::read(WireRequest::from(req)).unwrap_or_else(|e| {
            // Spans prost encoded always read back; were one not to, nothing is
            // exported and the sender is told.
            let mut report = IngestReport::default();
            report.note(format!("request refused: {e}"));
            Prepared {
                req: WireRequest::default(),
                resources: Vec::new(),
                report,
                origin: None,
                shared_buffer: 0,
            }
        })
    }

    /// The same request, tagged as the queue's input number `origin`.
    pub fn with_origin(mut self, origin: u64) -> Prepared {
        self.origin = Some(origin);
        self
    }

    /// The number the persistent queue gave the request, if it did.
    pub fn origin(&self) -> Option<u64> {
        self.origin
    }

    /// The request as it arrived.
    pub fn request(&self) -> &WireRequest {
        &self.req
    }

    /// What the sender is told about it.
    pub fn report(&self) -> &IngestReport {
        &self.report
    }

    /// The most spans reconciling it can export: its spans and one window span per
    /// window record.
    pub fn outputs_bound(&self) -> u64 {
        let windows: usize = self.resources.iter().map(|r| r.windows.len()).sum();
        self.req.span_count() + windows as u64
    }

    /// The most memory decoding and reading a request of this census can take, its
    /// bytes included: what admission charges before it is decoded, so that memory is
    /// bounded by what is decoded and not by what arrived. Proven against the
    /// allocator by `tests/decoded_bound.rs` for every shape that amplifies.
    pub fn decoded_bound(c: &Census) -> usize {
        use std::mem::size_of;
        // A vector grows by doubling: up to twice its length, three times while it moves.
        const GROW: usize = 3;
        // What the allocator may add to one allocation (size classes, small minimums).
        const ALLOC: usize = 16;
        // Every decoded resource and scope is held twice: in the request, and cloned into
        // the context its spans share.
        let resource = GROW * size_of::<WireResourceSpans>()
            + GROW * size_of::<PreparedResource>()
            + 2 * (size_of::<ResourceCtx>() + size_of::<Resource>() + 2 * ALLOC)
            + size_of::<ResourceKey>()
            + 256;
        let scope = GROW * size_of::<WireScopeSpans>()
            + GROW * size_of::<PreparedScope>()
            + 2 * (size_of::<ScopeCtx>() + size_of::<InstrumentationScope>() + 2 * ALLOC);
        let value = size_of::<KeyValue>()
            .max(size_of::<AnyValue>())
            .max(size_of::<EntityRef>());
        // Each value (decoded and cloned) with its strings' allocations.
        let value = 2 * (GROW * value + 2 * ALLOC);
        // Its bytes' handle and what it is.
        let span = GROW * size_of::<Bytes>() + size_of::<SpanKind>();
        let windows = MAX_WINDOWS_PER_REQUEST.min(c.windows);
        let window = GROW * size_of::<(Carrier, Result<Window, WindowDecodeError>)>()
            + 2 * (16 + ALLOC)
            + size_of::<Window>()
            + 64
            + 2 * ALLOC;
        // Strings of resources and scopes: decoded and cloned, allocator rounding.
        let strings = 3 * (c.wire - c.span_bytes.min(c.wire));
        // One span read at a time: its window records listed and one decoded, its stamp.
        let one_span = if c.windows > 0 {
            GROW * c.windows.min(wire::MAX_WINDOWS_LISTED) * size_of::<&[u8]>()
                + (wire::MAX_WINDOW_EVENT_BYTES / 2) * value
        } else {
            0
        } + 4 * wire::MAX_STAMP_BYTES;
        let report = MAX_PROBLEMS_LISTED * 1024;
        // A span whose gpu.serialized changes leaves as a rewritten copy of its bytes
        // (`wire::with_attribute_set`), each span at most once; an OTLP/JSON span's
        // bytes are no more than the body's.
        let restamped = match c.encoding {
            Encoding::Protobuf => c.span_bytes,
            Encoding::Json => c.wire,
        };
        let mut bound = c.wire
            + restamped
            + c.resources * resource
            + c.scopes * scope
            + c.attributes * value
            + c.spans * span
            + windows * window
            + strings
            + one_span
            + report;
        if c.encoding == Encoding::Json {
            // Each span is encoded again into a buffer of its own (no larger than its
            // JSON); the one span being read is decoded whole: its values, and its
            // strings (no more than the body's) with the parser's scratch.
            let json_value = size_of::<Span>()
                .max(size_of::<Event>())
                .max(size_of::<opentelemetry_proto::tonic::trace::v1::span::Link>())
                .max(value);
            bound += c.wire + c.spans * ALLOC;
            bound += size_of::<Span>() + c.largest_span * (GROW * json_value + ALLOC) + 2 * c.wire;
        }
        bound
    }
}

impl From<ExportTraceServiceRequest> for Prepared {
    fn from(req: ExportTraceServiceRequest) -> Self {
        Prepared::new(req)
    }
}

/// Gives the spans that leave at once copies of their own when they are less than half
/// of the buffer they are slices of: a slice keeps the whole buffer alive, and the
/// export queue counts what the spans take, so a large request of which little leaves
/// (rejected spans, held kernels, resources and scopes but few spans) would otherwise
/// keep megabytes behind a few hundred counted bytes while its backend is down.
pub(super) fn own_copies_when_small(req: &mut WireRequest, shared_buffer: usize) {
    let spans = || {
        req.resource_spans
            .iter()
            .flat_map(|rs| &rs.scope_spans)
            .flat_map(|ss| &ss.spans)
    };
    let kept: usize = spans().map(Bytes::len).sum();
    if kept == 0 || 2 * kept >= shared_buffer {
        return;
    }
    for span in req
        .resource_spans
        .iter_mut()
        .flat_map(|rs| &mut rs.scope_spans)
        .flat_map(|ss| &mut ss.spans)
    {
        *span = Bytes::copy_from_slice(span);
    }
}

/// Reads one resource's spans and notes its problems in the order the reconciler meets
/// them: its tier declaration, its window records, then its spans. `windows_taken`
/// counts the request's window records across its resources, against
/// [`MAX_WINDOWS_PER_REQUEST`]. What it keeps of the sender's text is bounded: span
/// names cut to a few dozen characters, at most [`MAX_PROBLEMS_LISTED`] span problems
/// spelled out (the rest counted).
fn prepare_resource(
    rs: &WireResourceSpans,
    report: &mut IngestReport,
    windows_taken: &mut usize,
) -> Result<PreparedResource, WireError> {
    let declared = DeclaredTier::of(rs.resource.as_ref());
    if let DeclaredTier::Invalid(why) = &declared {
        report.note(format!("resource tier ignored: {}", shortened(why, 200)));
    }
    let mut windows = Vec::new();
    let mut windows_refused = 0;
    let mut span_problems = Problems::default();
    let mut latest_kernel_end = None;
    let mut scopes = Vec::with_capacity(rs.scope_spans.len());
    for ss in &rs.scope_spans {
        let mut kinds = Vec::with_capacity(ss.spans.len());
        for bytes in &ss.spans {
            let span = SpanMeta::read(bytes)?;
            let name = || shortened(span.name(), NAME_SHOWN);
            for event in &span.windows {
                let refused = if *windows_taken >= MAX_WINDOWS_PER_REQUEST {
                    format!("more than {MAX_WINDOWS_PER_REQUEST} window records in one request")
                } else if event.len() > wire::MAX_WINDOW_EVENT_BYTES {
                    format!(
                        "{} bytes, more than the {} a window record may take",
                        event.len(),
                        wire::MAX_WINDOW_EVENT_BYTES
                    )
                } else {
                    String::new()
                };
                // Checked by `SpanMeta::read`, so it decodes; one at a time, dropped
                // once read.
                let Some(event) = Some(event)
                    .filter(|_| refused.is_empty())
                    .and_then(|e| Event::decode(*e).ok())
                else {
                    windows_refused += 1;
                    report.note(format!(
                        "window record on span {:?} refused: {refused}",
                        name()
                    ));
                    continue;
                };
                *windows_taken += 1;
                // Ids longer than an id's are no ids: not copied once per record.
                let id = |b: &[u8], len: usize| {
                    if b.len() <= len {
                        b.to_vec()
                    } else {
                        Vec::new()
                    }
                };
                let carrier = Carrier {
                    trace_id: id(span.trace_id, 16),
                    span_id: id(span.span_id, 8),
                };
                let mut decoded = codec::decode(&event.attributes);
                if let Err(WindowDecodeError::UnknownMode { found, .. }) = &mut decoded {
                    *found = shortened(found, 64);
                }
                note_window(report, &name(), &decoded);
                windows.push((carrier, decoded));
            }
            if span.more_windows > 0 {
                windows_refused += span.more_windows as u64;
                report.note(format!(
                    "{} window records on span {:?} refused: more than {MAX_WINDOWS_PER_REQUEST} in one request",
                    span.more_windows,
                    name()
                ));
            }
            kinds.push(match check_ids(&span) {
                Err(why) => {
                    report.rejected_spans += 1;
                    span_problems.note(|| {
                        format!(
                            "span {:?} rejected: {why}",
                            shortened(span.name(), NAME_SHOWN)
                        )
                    });
                    SpanKind::Rejected
                }
                Ok(()) if !span.is_kernel => match span.unrecorded {
                    Some(n) => SpanKind::Unrecorded(n),
                    None => SpanKind::Plain,
                },
                Ok(()) => {
                    latest_kernel_end = latest_kernel_end.max(Some(span.end));
                    let mut stamp = Stamp::of_encoded(span.serialized, span.serialized_count);
                    if let Stamp::Invalid(why) = &mut stamp {
                        let why = std::mem::take(why);
                        // Told once; the span carries no text of it.
                        span_problems.note(|| {
                            format!(
                                "span {:?}: {why}; replaced with the receiver's verdict",
                                shortened(span.name(), NAME_SHOWN)
                            )
                        });
                    }
                    let graph = span.graph_launch.then_some(span.kernel_nodes);
                    if graph == Some(KernelNodes::Invalid) {
                        span_problems.note(|| {
                            format!(
                                "span {:?}: {} is not a non-negative int; counted as a graph launch of unknown size",
                                shortened(span.name(), NAME_SHOWN),
                                a::GPU_GRAPH_KERNEL_NODES
                            )
                        });
                    }
                    SpanKind::Kernel {
                        stamp,
                        start: span.start,
                        end: span.end,
                        executions: span.kernel_nodes.executions(span.graph_launch),
                        graph,
                    }
                }
            });
        }
        scopes.push(PreparedScope {
            ctx: Arc::new(ScopeCtx {
                scope: ss.scope.clone(),
                schema_url: ss.schema_url.clone(),
            }),
            kinds,
        });
    }
    span_problems.into_report(report);
    Ok(PreparedResource {
        key: ResourceKey::of(rs.resource.as_ref()),
        declared,
        ctx: Arc::new(ResourceCtx {
            resource: rs.resource.clone(),
            schema_url: rs.schema_url.clone(),
        }),
        windows,
        windows_refused,
        latest_kernel_end,
        scopes,
    })
}

/// Problems noted for later in a request's report: the first few spelled out (made only
/// when they will be listed), the rest counted.
#[derive(Debug, Default)]
struct Problems {
    listed: Vec<String>,
    more: usize,
}

impl Problems {
    fn note(&mut self, problem: impl FnOnce() -> String) {
        if self.listed.len() < MAX_PROBLEMS_LISTED {
            self.listed.push(problem());
        } else {
            self.more += 1;
        }
    }

    fn into_report(self, report: &mut IngestReport) {
        for p in self.listed {
            report.note(p);
        }
        report.problem_count += self.more;
    }
}

/// Notes what is wrong with a window record carried by span `carrier`.
fn note_window(
    report: &mut IngestReport,
    carrier: &str,
    decoded: &Result<Window, WindowDecodeError>,
) {
    let window = match decoded {
        Ok(w) => w,
        Err(WindowDecodeError::UnknownMode { found, window }) => {
            report.note(format!("window record on span {carrier:?} kept as opaque: mode must be \"continuous\" or \"kernel_serialized\", got {found}"));
            window
        }
        Err(e) => {
            report.note(format!("window record on span {carrier:?} refused: {e}"));
            return;
        }
    };
    if let Some(end_ns) = window.end_ns().filter(|&e| e < window.start_ns) {
        let refusal = Refusal::Inverted {
            start_ns: window.start_ns,
            end_ns,
        };
        report.note(refusal.to_string());
    }
}
