//! Kernel records to spans: the pure core of the injector (no I/O, no clock).
//!
//! ```text
//! KernelRecord ──kernel──▶ Slicer ──▶ KernelSpan (a child of its slice's root; encoded
//!                                     straight to OTLP protobuf by `export::encode`)
//!                 now ──close_due──▶ "gpu.kernels" root spans of finished slices
//! ```
//!
//! Traces: a kernel launched inside an NVTX push/pop range is a child of the innermost
//! such range of its launching thread and belongs to that range's trace: one trace per
//! outermost range (see [`crate::nvtx`]). A chain whose root is an application context
//! range (the application's span, [`crate::nvtx::context`]) is in the application's
//! trace, and what was directly under that range is a child of the application's span
//! (a remote parent). Every other kernel is in one trace per time
//! slice per process. A kernel belongs to the slice that holds its start (`start_ns / slice_ns`, slices aligned on the Unix epoch). The
//! slice's trace id and its root span id are derived from (service.instance.id,
//! slice index), so a kernel whose record arrives after its slice's root left is
//! still a child of that root. The root covers the slice, stretched to the end of
//! its longest kernel. A slice is closed once `now` is past its end plus a grace
//! period, or at shutdown; only slices that held a kernel get a root.
//!
//! Kernel spans are the hot path (hundreds of thousands per second), so they are not
//! built as OTLP message structs: [`KernelSpan`] keeps the record and its ids, and the
//! encoder writes its protobuf directly. [`KernelSpan::to_proto`] is the same span as a
//! message, the reference the encoder is tested against. The other spans (roots,
//! window records, PC samples, tier switches, NVTX ranges) are OTLP messages.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use opentelemetry_proto::tonic::common::v1::{
    any_value, AnyValue, ArrayValue, InstrumentationScope, KeyValue,
};
use opentelemetry_proto::tonic::trace::v1::{span, Span, Status};
use semconv::attributes as a;
use semconv::otlp::{boolean as bool_kv, int as int_kv, string as str_kv};
use semconv::{Serialized, Tier, Window};

use crate::completeness::Unrecorded;
use crate::nvtx::book::ClosedRange;
use crate::nvtx::context::{app_root, AppContexts, ContextCounters, TraceParent};
use crate::nvtx::Payload;
use crate::record::KernelRecord;
use crate::sampling::continuous::FunctionSamples;
use crate::sampling::message::{SamplingCounters, TierSwitched};
use crate::sampling::samples::{ExecutionSamples, PcStall, PcSummary};

/// Slices whose root left that a late span still finds (about an hour of 1 s slices).
const CLOSED_SLICES_KEPT: usize = 4096;

/// Name of the per-slice root span.
pub const ROOT_SPAN_NAME: &str = a::SPAN_GPU_KERNELS;
/// Name of the span event that carries a drop counter on a root span.
pub const EVENT_TELEMETRY_DROPPED: &str = a::EVENT_GPU_TELEMETRY_DROPPED;
/// Attribute of that event: the cumulative count of dropped items for its reason.
pub const TELEMETRY_DROPPED_COUNT: &str = a::GPU_TELEMETRY_DROP_COUNT;
/// Instrumentation scope name of every span.
pub const SCOPE_NAME: &str = "gpu-otel-injector";
/// W3C "sampled", plus OTLP's "the is-remote bit is known (and clear)": every span's
/// parent is local.
pub const SPAN_FLAGS: u32 = 0x1 | 0x100;
/// OTLP's "the parent is remote": on spans whose parent is the application's span
/// (another tracer, read from its `traceparent`).
pub const REMOTE_PARENT: u32 = 0x200;

/// The instrumentation scope of every span.
pub fn scope() -> InstrumentationScope {
    InstrumentationScope {
        name: SCOPE_NAME.into(),
        version: env!("CARGO_PKG_VERSION").into(),
        ..Default::default()
    }
}

/// Cumulative drop counters, reported on root spans and in the exit log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DropCounts {
    /// Kernel records dropped because the queue to the exporter was full.
    pub queue_full: u64,
    /// Records CUPTI reported dropped (`cuptiActivityGetNumDroppedRecords`).
    pub cupti_dropped: u64,
    /// Spans whose export failed.
    pub export_failed: u64,
    /// Records refused as malformed.
    pub malformed: u64,
    /// Kernel executions launched that CUPTI gave no record of (launch accounting).
    pub not_recorded: u64,
}

impl DropCounts {
    /// Total of all reasons.
    pub fn total(&self) -> u64 {
        self.by_reason().iter().map(|(_, n)| n).sum()
    }

    fn by_reason(&self) -> [(&'static str, u64); 5] {
        use semconv::attributes::gpu_telemetry_drop_reason as r;
        [
            (r::QUEUE_FULL, self.queue_full),
            (r::CUPTI_DROPPED, self.cupti_dropped),
            (r::EXPORT_FAILED, self.export_failed),
            (r::MALFORMED, self.malformed),
            (r::NOT_RECORDED, self.not_recorded),
        ]
    }
}

/// Demangles kernel names, remembering each one (a program has few kernels).
///
/// Records share one `Arc` per name (the collector interns them), so the cache is
/// looked up by the name's address first: hashing a 300-character templated name
/// for every one of a million kernels a second would cost more than encoding it.
#[derive(Debug, Default)]
pub struct Demangler {
    cache: HashMap<Arc<str>, Arc<str>>,
    /// By address: (the mangled name, kept alive so the address stays its own, and
    /// the demangled one).
    by_ptr: HashMap<usize, (Arc<str>, Arc<str>)>,
}

impl Demangler {
    /// The demangled name, or the mangled one when it does not demangle (a plain C
    /// name is returned as it is).
    pub fn demangle(&mut self, mangled: &Arc<str>) -> Arc<str> {
        let ptr = Arc::as_ptr(mangled) as *const u8 as usize;
        if let Some((_, d)) = self.by_ptr.get(&ptr) {
            return d.clone();
        }
        let demangled = match self.cache.get(mangled) {
            Some(d) => d.clone(),
            None => {
                let d: Arc<str> = cpp_demangle::Symbol::new(mangled.as_bytes())
                    .ok()
                    .and_then(|s| s.demangle(&cpp_demangle::DemangleOptions::default()).ok())
                    .map(Arc::from)
                    .unwrap_or_else(|| mangled.clone());
                self.cache.insert(mangled.clone(), d.clone());
                d
            }
        };
        // Bounded: names that are not interned (tests, replays) would each add one.
        if self.by_ptr.len() < 65_536 {
            self.by_ptr
                .insert(ptr, (mangled.clone(), demangled.clone()));
        }
        demangled
    }
}

/// splitmix64: a bijective mixer, so distinct inputs give distinct ids.
fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn non_zero(v: u64) -> u64 {
    if v == 0 {
        1
    } else {
        v
    }
}

/// The ids of one process's traces, derived from its service.instance.id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdSeed {
    hi: u64,
    lo: u64,
}

impl IdSeed {
    /// A seed from the 128 bits of an instance id (a UUID).
    pub fn from_u128(v: u128) -> Self {
        IdSeed {
            hi: (v >> 64) as u64,
            lo: v as u64,
        }
    }

    /// A seed from any instance id string (a user may set service.instance.id).
    pub fn from_instance_id(id: &str) -> Self {
        // FNV-1a, 128 bits folded from two 64-bit lanes: stable across builds.
        let mut h1: u64 = 0xcbf2_9ce4_8422_2325;
        let mut h2: u64 = 0x8422_2325_cbf2_9ce4;
        for b in id.bytes() {
            h1 = (h1 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
            h2 = (h2 ^ u64::from(b))
                .wrapping_mul(0x0000_0100_0000_01B3)
                .rotate_left(7);
        }
        IdSeed { hi: h1, lo: h2 }
    }

    /// The trace id of slice `slice`.
    pub fn trace_id(&self, slice: u64) -> [u8; 16] {
        let hi = mix64(self.hi ^ slice);
        let lo = mix64(self.lo ^ slice.rotate_left(32) ^ 0x5A5A_5A5A);
        ((u128::from(hi) << 64) | u128::from(non_zero(lo))).to_be_bytes()
    }

    /// The root span id of slice `slice`.
    pub fn root_span_id(&self, slice: u64) -> [u8; 8] {
        non_zero(mix64(self.lo ^ mix64(slice) ^ 0x0F0F)).to_be_bytes()
    }

    /// The span id of the `n`-th kernel span of the process (`n` below 2^61; other
    /// spans use the id space above it).
    pub fn kernel_span_id(&self, n: u64) -> [u8; 8] {
        non_zero(mix64(self.hi ^ mix64(n ^ 0xF0F0_0000))).to_be_bytes()
    }

    /// The span id of NVTX range `range` (its index).
    pub fn range_span_id(&self, range: u64) -> [u8; 8] {
        self.kernel_span_id((1 << 61) | (range & ((1 << 61) - 1)))
    }

    /// The trace id of the ranges under outermost range `root`, and their kernels'.
    /// Never a slice's: slice indices stay below 2^63.
    pub fn range_trace_id(&self, root: u64) -> [u8; 16] {
        self.trace_id((1 << 63) | root)
    }
}

fn array(key: &str, values: impl Iterator<Item = any_value::Value>) -> KeyValue {
    KeyValue {
        key: key.into(),
        value: Some(AnyValue {
            value: Some(any_value::Value::ArrayValue(ArrayValue {
                values: values.map(|v| AnyValue { value: Some(v) }).collect(),
            })),
        }),
        ..Default::default()
    }
}

fn str_array(key: &str, values: impl Iterator<Item = String>) -> KeyValue {
    array(key, values.map(any_value::Value::StringValue))
}

fn int_array(key: &str, values: impl Iterator<Item = u64>) -> KeyValue {
    array(
        key,
        values.map(|v| any_value::Value::IntValue(i64::try_from(v).unwrap_or(i64::MAX))),
    )
}

fn sat(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// The sample count and stall reasons of a [`PcSummary`] as span attributes.
pub fn pc_attributes(pc: &PcSummary) -> Vec<KeyValue> {
    vec![
        int_kv(a::GPU_PC_SAMPLING_SAMPLE_COUNT, sat(pc.samples)),
        str_array(
            a::GPU_PC_SAMPLING_STALL_REASONS,
            pc.stalls.iter().map(|(s, _)| s.to_string()),
        ),
        int_array(
            a::GPU_PC_SAMPLING_STALL_COUNTS,
            pc.stalls.iter().map(|(_, n)| *n),
        ),
    ]
}

/// Every (PC offset, stall reason) pair of a span as parallel arrays, and the pairs
/// their bound left out: the form the receiver makes profiles of. A person reads the
/// stall sums and the hot list; these are for the receiver.
pub fn pair_attributes(pairs: &[PcStall], dropped: usize) -> Vec<KeyValue> {
    vec![
        int_array(
            a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS,
            pairs.iter().map(|p| p.offset),
        ),
        str_array(
            a::GPU_PC_SAMPLING_PAIR_STALL_REASONS,
            pairs.iter().map(|p| p.stall.to_string()),
        ),
        int_array(
            a::GPU_PC_SAMPLING_PAIR_SAMPLE_COUNTS,
            pairs.iter().map(|p| p.samples),
        ),
        int_kv(a::GPU_PC_SAMPLING_PAIRS_DROPPED, sat(dropped as u64)),
    ]
    .into_iter()
    .chain(pair_line_attributes(pairs))
    .collect()
}

/// Each pair's source file and line, parallel to its offsets: only when at least one
/// pair has a line (a module built without line information leaves the span as it
/// was); `""` and 0 for a pair without one.
fn pair_line_attributes(pairs: &[PcStall]) -> Vec<KeyValue> {
    if pairs.iter().all(|p| p.line.is_none()) {
        return Vec::new();
    }
    vec![
        str_array(
            a::GPU_PC_SAMPLING_PAIR_SOURCE_FILES,
            pairs.iter().map(|p| {
                p.line
                    .as_ref()
                    .map_or(String::new(), |l| l.file.to_string())
            }),
        ),
        int_array(
            a::GPU_PC_SAMPLING_PAIR_SOURCE_LINES,
            pairs
                .iter()
                .map(|p| p.line.as_ref().map_or(0, |l| u64::from(l.line))),
        ),
    ]
}

/// The stamp every execution of `tier` carries when it is not held for a verdict:
/// off and continuous never serialize, so "false", unconditionally (contract).
pub fn unheld_stamp(tier: Tier) -> Serialized {
    match tier {
        Tier::Off | Tier::Continuous => Serialized::False,
        Tier::Serialized => Serialized::Unknown,
    }
}

/// One kernel execution span, ready to be encoded: the record, its demangled name,
/// its ids, its stamp and its PC samples.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelSpan {
    /// The execution.
    pub record: KernelRecord,
    /// The span name: the demangled kernel name.
    pub name: Arc<str>,
    /// The trace of the record's slice.
    pub trace_id: [u8; 16],
    /// This span.
    pub span_id: [u8; 8],
    /// The parent: the slice's root span, the NVTX range the kernel was launched in, or
    /// the application's span.
    pub parent_span_id: [u8; 8],
    /// `Span.flags`: [`SPAN_FLAGS`], with [`REMOTE_PARENT`] when the parent is the
    /// application's span.
    pub flags: u32,
    /// `gpu.serialized`.
    pub serialized: Serialized,
    /// PC samples joined to this execution (serialized tier).
    pub pc: Option<ExecutionSamples>,
}

impl KernelSpan {
    /// End time: never before the start (a malformed record still makes a valid span).
    pub fn end_ns(&self) -> u64 {
        self.record.end_ns.max(self.record.start_ns)
    }

    /// The attributes, in wire order, from the semconv registry.
    pub fn attributes(&self) -> Vec<KeyValue> {
        let r = &self.record;
        if let Some(g) = &r.graph_launch {
            let mut attrs = vec![
                str_kv(a::GPU_SERIALIZED, self.serialized.as_str()),
                int_kv(a::GPU_GRAPH_ID, r.graph_id.into()),
            ];
            if let Some(n) = g.kernel_nodes {
                attrs.push(int_kv(a::GPU_GRAPH_KERNEL_NODES, sat(n)));
            }
            attrs.extend([
                int_kv(a::GPU_CORRELATION_ID, r.correlation_id.into()),
                int_kv(a::GPU_DEVICE_ID, r.device_id.into()),
                int_kv(a::GPU_CONTEXT_ID, r.context_id.into()),
                int_kv(a::GPU_STREAM_ID, r.stream_id.into()),
            ]);
            return attrs;
        }
        let mut attrs = vec![
            str_kv(a::GPU_KERNEL_NAME, r.name.to_string()),
            str_kv(a::GPU_SERIALIZED, self.serialized.as_str()),
            int_kv(a::GPU_CORRELATION_ID, r.correlation_id.into()),
            int_kv(a::GPU_DEVICE_ID, r.device_id.into()),
            int_kv(a::GPU_CONTEXT_ID, r.context_id.into()),
            int_kv(a::GPU_STREAM_ID, r.stream_id.into()),
            int_kv(a::GPU_GRAPH_ID, r.graph_id.into()),
            int_kv(a::GPU_KERNEL_GRID_X, r.grid[0].into()),
            int_kv(a::GPU_KERNEL_GRID_Y, r.grid[1].into()),
            int_kv(a::GPU_KERNEL_GRID_Z, r.grid[2].into()),
            int_kv(a::GPU_KERNEL_BLOCK_X, r.block[0].into()),
            int_kv(a::GPU_KERNEL_BLOCK_Y, r.block[1].into()),
            int_kv(a::GPU_KERNEL_BLOCK_Z, r.block[2].into()),
            int_kv(
                a::GPU_KERNEL_SHARED_MEMORY_STATIC,
                r.static_shared_memory.into(),
            ),
            int_kv(
                a::GPU_KERNEL_SHARED_MEMORY_DYNAMIC,
                r.dynamic_shared_memory.into(),
            ),
            int_kv(
                a::GPU_KERNEL_REGISTERS_PER_THREAD,
                r.registers_per_thread.into(),
            ),
        ];
        if let Some(pc) = &self.pc {
            attrs.extend(pc_attributes(&pc.summary));
            attrs.extend(pair_attributes(&pc.pairs, pc.pairs_dropped));
        }
        attrs
    }

    /// The span as an OTLP message (what the encoder writes, byte for byte).
    pub fn to_proto(&self) -> Span {
        Span {
            trace_id: self.trace_id.to_vec(),
            span_id: self.span_id.to_vec(),
            parent_span_id: self.parent_span_id.to_vec(),
            flags: self.flags,
            name: self.name.to_string(),
            kind: span::SpanKind::Internal as i32,
            start_time_unix_nano: self.record.start_ns,
            end_time_unix_nano: self.end_ns(),
            attributes: self.attributes(),
            status: Some(Status::default()),
            ..Default::default()
        }
    }
}

/// The counters as attributes of a window record or tier-switch span.
fn counter_attributes(c: &SamplingCounters) -> Vec<KeyValue> {
    vec![
        int_kv(a::GPU_PC_SAMPLING_BURSTS, sat(c.bursts)),
        int_kv(a::GPU_PC_SAMPLING_GRAPH_REFUSALS, sat(c.graph_refusals)),
        int_kv(a::GPU_PC_SAMPLING_START_FAILURES, sat(c.start_failures)),
        int_kv(a::GPU_PC_SAMPLING_STOP_FAILURES, sat(c.stop_failures)),
        int_kv(a::GPU_PC_SAMPLING_PAIRS, sat(c.pairs)),
        int_kv(
            a::GPU_PC_SAMPLING_LAUNCHES_SERIALIZED,
            sat(c.launches_serialized),
        ),
        int_kv(a::GPU_PC_SAMPLING_TIER_SWITCHES, sat(c.tier_switches)),
        int_kv(a::GPU_PC_SAMPLING_SAMPLER_WAIT_MS, sat(c.sampler_wait_ms)),
        int_kv(
            a::GPU_PC_SAMPLING_SAMPLER_LEASES_TAKEN,
            sat(c.sampler_leases_taken),
        ),
        int_kv(
            a::GPU_PC_SAMPLING_SAMPLER_LEASES_GIVEN_UP,
            sat(c.sampler_leases_given_up),
        ),
    ]
}

/// A window record as a span event (`semconv::codec::encode` gives its attributes).
pub fn window_event(w: &Window) -> span::Event {
    span::Event {
        name: a::EVENT_GPU_SAMPLING_WINDOW.into(),
        time_unix_nano: w.end_ns().unwrap_or(w.start_ns),
        attributes: semconv::codec::encode(w),
        ..Default::default()
    }
}

/// What a non-kernel span is, for the exporter's counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtherKind {
    /// A slice's `gpu.kernels` root.
    Root,
    /// A window record carrier, a PC-sample span or a tier-switch marker.
    Sampling,
    /// An NVTX range.
    Range,
    /// Executions launched and not recorded (`gpu.kernels.unrecorded`).
    Unrecorded,
    /// A window handed to the application's profiler (`gpu.profiler.handoff`).
    Handoff,
}

#[derive(Debug, Clone, Copy)]
struct OpenSlice {
    max_end_ns: u64,
    kernels: u64,
}

/// Turns kernel records into spans grouped in one trace per time slice.
#[derive(Debug)]
pub struct Slicer {
    slice_ns: u64,
    grace_ns: u64,
    seed: IdSeed,
    tier: Tier,
    demangler: Demangler,
    open: BTreeMap<u64, OpenSlice>,
    /// The most recent slices whose root left (bounded): a late span of one of them
    /// joins that root rather than making a second root with the same id.
    closed: BTreeSet<u64>,
    /// Drop counters as of the last root span that carried them.
    reported: DropCounts,
    kernel_spans: u64,
    root_spans: u64,
    other_spans: u64,
    range_spans: u64,
    /// Application contexts by range index.
    contexts: AppContexts,
    app_kernels: u64,
    app_ranges: u64,
    app_lost: u64,
}

/// Ids of a span whose chain is rooted at an application context.
struct AppIds {
    trace_id: [u8; 16],
    parent_span_id: Option<[u8; 8]>,
    remote: bool,
}

impl Slicer {
    /// A slicer with slices of `slice` and the given grace period after a slice's
    /// end before its root leaves.
    pub fn new(
        slice: std::time::Duration,
        grace: std::time::Duration,
        seed: IdSeed,
        tier: Tier,
    ) -> Self {
        Slicer {
            slice_ns: (slice.as_nanos() as u64).max(1),
            grace_ns: grace.as_nanos() as u64,
            seed,
            tier,
            demangler: Demangler::default(),
            open: BTreeMap::new(),
            closed: BTreeSet::new(),
            reported: DropCounts::default(),
            kernel_spans: 0,
            root_spans: 0,
            other_spans: 0,
            range_spans: 0,
            contexts: AppContexts::new(),
            app_kernels: 0,
            app_ranges: 0,
            app_lost: 0,
        }
    }

    /// The tier whose stamps this slicer writes.
    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// How many kernel spans and root spans were made so far.
    pub fn counts(&self) -> (u64, u64) {
        (self.kernel_spans, self.root_spans)
    }

    /// A non-kernel span in the trace of `slice`, a child of its root.
    fn child(
        &mut self,
        slice: u64,
        name: String,
        times: (u64, u64),
        attributes: Vec<KeyValue>,
        events: Vec<span::Event>,
    ) -> Span {
        self.other_spans += 1;
        let id = self.seed.kernel_span_id((1 << 62) | self.other_spans);
        Span {
            trace_id: self.seed.trace_id(slice).to_vec(),
            span_id: id.to_vec(),
            parent_span_id: self.seed.root_span_id(slice).to_vec(),
            flags: SPAN_FLAGS,
            name,
            kind: span::SpanKind::Internal as i32,
            start_time_unix_nano: times.0,
            end_time_unix_nano: times.1,
            attributes,
            events,
            status: Some(Status::default()),
            ..Default::default()
        }
    }

    /// The kernel span of `r`, stamped as an unheld execution of `tier` ("false"
    /// for off and continuous; see [`unheld_stamp`]).
    pub fn kernel(&mut self, r: KernelRecord, tier: Tier) -> KernelSpan {
        self.stamped(r, unheld_stamp(tier), None)
    }

    /// The kernel span of `r` with its stamp and PC samples (serialized tier).
    pub fn stamped(
        &mut self,
        r: KernelRecord,
        serialized: Serialized,
        pc: Option<ExecutionSamples>,
    ) -> KernelSpan {
        let app = r
            .range
            .and_then(|link| self.app_ids(link.root, Some(link.range)));
        let (trace_id, parent_span_id, flags) = match (r.range, app) {
            (Some(_), Some(Some(ids))) => {
                self.app_kernels += 1;
                let flags = SPAN_FLAGS | if ids.remote { REMOTE_PARENT } else { 0 };
                (ids.trace_id, ids.parent_span_id.unwrap_or_default(), flags)
            }
            // Under a range inside an application context no longer known: the range's
            // own trace (as the range span goes out); directly under the context: the
            // injector's slice, as outside any range.
            (Some(link), Some(None)) if app_root(link.root) != Some(link.range) => {
                self.app_lost += 1;
                (
                    self.seed.range_trace_id(link.root),
                    self.seed.range_span_id(link.range),
                    SPAN_FLAGS,
                )
            }
            (Some(link), None) => (
                self.seed.range_trace_id(link.root),
                self.seed.range_span_id(link.range),
                SPAN_FLAGS,
            ),
            (link, _) => {
                self.app_lost += u64::from(link.is_some());
                let slice = self.enter_slice(r.start_ns, r.end_ns.max(r.start_ns));
                (
                    self.seed.trace_id(slice),
                    self.seed.root_span_id(slice),
                    SPAN_FLAGS,
                )
            }
        };
        let name = match r.graph_launch {
            // One replay of a graph standing for its nodes: no kernel name to demangle.
            Some(_) => Arc::from(a::SPAN_GPU_GRAPH_LAUNCH),
            None => self.demangler.demangle(&r.name),
        };
        let span_id = self.seed.kernel_span_id(self.kernel_spans);
        self.kernel_spans += 1;
        KernelSpan {
            record: r,
            name,
            trace_id,
            span_id,
            parent_span_id,
            flags,
            serialized,
            pc,
        }
    }

    /// The span of an NVTX range: in the trace of its outermost ancestor, a child of
    /// its enclosing range (the trace's root when it has none).
    pub fn range_span(&mut self, r: &ClosedRange) -> Span {
        self.range_spans += 1;
        let mut attrs = vec![
            str_kv(a::GPU_NVTX_RANGE_KIND, r.kind.as_str()),
            int_kv(a::THREAD_ID, r.thread.into()),
        ];
        if let Some(d) = &r.domain {
            attrs.push(str_kv(a::GPU_NVTX_DOMAIN, d.clone()));
        }
        if r.category != 0 {
            attrs.push(int_kv(a::GPU_NVTX_CATEGORY, r.category.into()));
        }
        if let Some(c) = r.color {
            attrs.push(str_kv(a::GPU_NVTX_COLOR, format!("{c:#010x}")));
        }
        match r.payload {
            Some(Payload::Int(v)) => attrs.push(int_kv(a::GPU_NVTX_PAYLOAD_INT, v)),
            Some(Payload::Double(v)) => attrs.push(KeyValue {
                key: a::GPU_NVTX_PAYLOAD_DOUBLE.into(),
                value: Some(AnyValue {
                    value: Some(any_value::Value::DoubleValue(v)),
                }),
                ..Default::default()
            }),
            None => {}
        }
        if r.unclosed {
            attrs.push(KeyValue {
                key: a::GPU_NVTX_RANGE_UNCLOSED.into(),
                value: Some(AnyValue {
                    value: Some(any_value::Value::BoolValue(true)),
                }),
                ..Default::default()
            });
        }
        let derived = |s: &Self| {
            (
                s.seed.range_trace_id(r.root),
                r.parent.map(|p| s.seed.range_span_id(p)),
                SPAN_FLAGS,
            )
        };
        let (trace_id, parent_span_id, flags) = match self.app_ids(r.root, r.parent) {
            Some(Some(ids)) => {
                self.app_ranges += 1;
                let flags = SPAN_FLAGS | if ids.remote { REMOTE_PARENT } else { 0 };
                (ids.trace_id, ids.parent_span_id, flags)
            }
            Some(None) => {
                // The application context is no longer known: the range heads a trace
                // of its own when it was directly under it.
                self.app_lost += 1;
                let (t, p, f) = derived(self);
                (t, p.filter(|_| r.parent != app_root(r.root)), f)
            }
            None => derived(self),
        };
        Span {
            trace_id: trace_id.to_vec(),
            span_id: self.seed.range_span_id(r.range).to_vec(),
            parent_span_id: parent_span_id.map(|p| p.to_vec()).unwrap_or_default(),
            flags,
            name: r.name.clone(),
            kind: span::SpanKind::Internal as i32,
            start_time_unix_nano: r.start_ns,
            end_time_unix_nano: r.end_ns.max(r.start_ns),
            attributes: attrs,
            status: Some(Status::default()),
            ..Default::default()
        }
    }

    /// Application context range `range` opened, naming the application's span
    /// `parent` (see [`crate::nvtx::context`]).
    pub fn app_open(&mut self, range: u64, parent: TraceParent) {
        self.contexts.open(range, parent);
    }

    /// Application context range `range` closed (kept a while for late records).
    pub fn app_close(&mut self, range: u64) {
        self.contexts.close(range);
    }

    /// What the application contexts counted, and the spans they placed: (contexts,
    /// kernel spans in an application's trace, range spans in one, kernels and ranges
    /// whose application context was no longer known).
    pub fn app_counts(&self) -> (ContextCounters, u64, u64, u64) {
        (
            self.contexts.counters(),
            self.app_kernels,
            self.app_ranges,
            self.app_lost,
        )
    }

    /// The trace of a chain rooted at `root` and the span id of its member `parent`,
    /// when the root is an application context: the application's trace, and its span
    /// when `parent` is the context range itself (then `true`: a remote parent). `None`
    /// when the root is not an application context; `Some(None)` when it was one whose
    /// context is no longer known (counted by the caller).
    fn app_ids(&self, root: u64, parent: Option<u64>) -> Option<Option<AppIds>> {
        let app = app_root(root)?;
        let Some(ctx) = self.contexts.get(app) else {
            return Some(None);
        };
        let (parent_span_id, remote) = match parent {
            Some(p) if p == app => (Some(ctx.span_id), true),
            Some(p) => (Some(self.seed.range_span_id(p)), false),
            None => (None, false),
        };
        Some(Some(AppIds {
            trace_id: ctx.trace_id,
            parent_span_id,
            remote,
        }))
    }

    /// NVTX range spans made so far.
    pub fn range_count(&self) -> u64 {
        self.range_spans
    }

    /// The zero-length marker of a run-time tier switch at `at_ns` (the switch's own
    /// instant, or later when it had to be clamped).
    pub fn tier_switch_span(
        &mut self,
        at_ns: u64,
        sw: &TierSwitched,
        counters: &SamplingCounters,
    ) -> Span {
        let slice = self.enter_slice(at_ns, at_ns);
        let mut attrs = vec![
            str_kv(a::GPU_PC_SAMPLING_TIER, sw.to.as_str()),
            str_kv(a::GPU_PC_SAMPLING_TIER_PREVIOUS, sw.from.as_str()),
        ];
        if let Some((configured, why)) = sw.not_running {
            attrs.push(str_kv(
                a::GPU_PC_SAMPLING_TIER_CONFIGURED,
                configured.as_str(),
            ));
            attrs.push(str_kv(a::GPU_PC_SAMPLING_TIER_REASON, why.as_str()));
        }
        attrs.extend(counter_attributes(counters));
        self.child(
            slice,
            a::SPAN_GPU_PC_SAMPLING_TIER_SWITCH.into(),
            (at_ns, at_ns),
            attrs,
            Vec::new(),
        )
    }

    fn enter_slice(&mut self, start_ns: u64, end_ns: u64) -> u64 {
        let slice = start_ns / self.slice_ns;
        if self.closed.contains(&slice) {
            return slice;
        }
        let entry = self.open.entry(slice).or_insert(OpenSlice {
            max_end_ns: 0,
            kernels: 0,
        });
        entry.max_end_ns = entry.max_end_ns.max(end_ns);
        entry.kernels += 1;
        slice
    }

    /// The zero-length carrier span of one window record, in the trace of the slice
    /// holding the record's time, with the producer's counters.
    pub fn window_span(&mut self, w: &Window, counters: &SamplingCounters) -> Span {
        let t = w.end_ns().unwrap_or(w.start_ns);
        let slice = self.enter_slice(t, t);
        self.child(
            slice,
            a::SPAN_GPU_SAMPLING_WINDOW_RECORD.into(),
            (t, t),
            counter_attributes(counters),
            vec![window_event(w)],
        )
    }

    /// The span of one function's PC samples over `[start_ns, end_ns]` (one drain
    /// period), named after the demangled function. It is not a kernel execution, so
    /// it names the function in `gpu.pc_sampling.function` and carries no
    /// `gpu.kernel.name` and no `gpu.serialized`: receivers and checkers that count
    /// executions by those attributes must not count it.
    pub fn function_span(&mut self, f: &FunctionSamples, start_ns: u64, end_ns: u64) -> Span {
        let end_ns = end_ns.max(start_ns);
        let slice = self.enter_slice(start_ns, end_ns);
        let name = self.demangler.demangle(&f.function);
        let mut attrs = vec![str_kv(a::GPU_PC_SAMPLING_FUNCTION, f.function.to_string())];
        attrs.extend(pc_attributes(&f.summary));
        attrs.push(int_array(
            a::GPU_PC_SAMPLING_PC_OFFSETS,
            f.pcs.iter().map(|p| p.offset),
        ));
        attrs.push(int_array(
            a::GPU_PC_SAMPLING_PC_SAMPLE_COUNTS,
            f.pcs.iter().map(|p| p.samples),
        ));
        attrs.push(str_array(
            a::GPU_PC_SAMPLING_PC_STALL_REASONS,
            f.pcs.iter().map(|p| p.top_stall.to_string()),
        ));
        // Every (PC, stall) pair, for the receiver's profiles: the hot list above
        // is for a person and keeps only each PC's top stall.
        attrs.extend(pair_attributes(&f.pairs, f.pairs_dropped));
        self.child(
            slice,
            format!("{}: {name}", a::SPAN_GPU_PC_SAMPLES),
            (start_ns, end_ns),
            attrs,
            Vec::new(),
        )
    }

    /// The span that says `u.count` executions were launched in `[u.launched_from_ns,
    /// u.launched_to_ns]` and never recorded: a child of the root of the slice where
    /// those launches began (its root may have left: the span still joins it).
    pub fn unrecorded_span(&mut self, u: &Unrecorded) -> Span {
        let (from, to) = (u.launched_from_ns, u.launched_to_ns.max(u.launched_from_ns));
        let slice = self.enter_slice(from, to);
        self.child(
            slice,
            a::SPAN_GPU_KERNELS_UNRECORDED.into(),
            (from, to),
            vec![
                int_kv(a::GPU_KERNEL_UNRECORDED_COUNT, sat(u.count)),
                int_kv(
                    a::GPU_KERNEL_UNRECORDED_CORRELATION_ID_FIRST,
                    sat(u.first_correlation),
                ),
                str_kv(
                    a::GPU_TELEMETRY_DROP_REASON,
                    a::gpu_telemetry_drop_reason::NOT_RECORDED,
                ),
            ],
            Vec::new(),
        )
    }

    /// The span that says the injector handed CUPTI to the application's profiler over
    /// `[w.from_ns, w.to_ns]` and recorded no kernel there: a child of the root of the
    /// slice where the window began.
    pub fn handoff_span(&mut self, w: &crate::handoff::Window) -> Span {
        let (from, to) = (w.from_ns, w.to_ns.max(w.from_ns));
        let slice = self.enter_slice(from, to);
        let mut attrs = vec![bool_kv(
            a::GPU_PROFILER_HANDOFF_CALLBACKS_RESUMED,
            w.callbacks_resumed,
        )];
        if let Some(n) = w.profiler_kernels {
            attrs.push(int_kv(a::GPU_PROFILER_HANDOFF_PROFILER_KERNELS, sat(n)));
        }
        if w.open_at_exit {
            attrs.push(bool_kv(a::GPU_PROFILER_HANDOFF_OPEN_AT_EXIT, true));
        }
        self.child(
            slice,
            a::SPAN_GPU_PROFILER_HANDOFF.into(),
            (from, to),
            attrs,
            Vec::new(),
        )
    }

    /// Roots of the slices that ended more than the grace period before `now_ns`.
    pub fn close_due(&mut self, now_ns: u64, drops: DropCounts, out: &mut Vec<Span>) {
        let limit = now_ns.saturating_sub(self.grace_ns);
        let due: Vec<u64> = self
            .open
            .keys()
            .copied()
            .take_while(|s| (s + 1).saturating_mul(self.slice_ns) <= limit)
            .collect();
        for slice in due {
            self.close(slice, now_ns, drops, out);
        }
    }

    /// Roots of every open slice (at shutdown). When drops happened since the last
    /// root that reported them, and no slice is open, a root for the slice holding
    /// `now_ns` carries them.
    pub fn close_all(&mut self, now_ns: u64, drops: DropCounts, out: &mut Vec<Span>) {
        let open: Vec<u64> = self.open.keys().copied().collect();
        for slice in open {
            self.close(slice, now_ns, drops, out);
        }
        if drops != self.reported {
            let slice = now_ns / self.slice_ns;
            self.open.insert(
                slice,
                OpenSlice {
                    max_end_ns: now_ns,
                    kernels: 0,
                },
            );
            self.close(slice, now_ns, drops, out);
        }
    }

    fn close(&mut self, slice: u64, now_ns: u64, drops: DropCounts, out: &mut Vec<Span>) {
        let Some(state) = self.open.remove(&slice) else {
            return;
        };
        self.closed.insert(slice);
        if self.closed.len() > CLOSED_SLICES_KEPT {
            self.closed.pop_first();
        }
        let start_ns = slice * self.slice_ns;
        let end_ns = ((slice + 1) * self.slice_ns).max(state.max_end_ns);
        let events = if drops.total() > 0 {
            self.reported = drops;
            drops
                .by_reason()
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(reason, n)| span::Event {
                    name: EVENT_TELEMETRY_DROPPED.into(),
                    time_unix_nano: now_ns,
                    attributes: vec![
                        str_kv(a::GPU_TELEMETRY_DROP_REASON, *reason),
                        int_kv(TELEMETRY_DROPPED_COUNT, sat(*n)),
                    ],
                    ..Default::default()
                })
                .collect()
        } else {
            Vec::new()
        };
        self.root_spans += 1;
        out.push(Span {
            trace_id: self.seed.trace_id(slice).to_vec(),
            span_id: self.seed.root_span_id(slice).to_vec(),
            flags: SPAN_FLAGS,
            name: ROOT_SPAN_NAME.into(),
            kind: span::SpanKind::Internal as i32,
            start_time_unix_nano: start_ns,
            end_time_unix_nano: end_ns,
            events,
            status: Some(Status::default()),
            ..Default::default()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::FakeKernel;
    use crate::nvtx::RangeLink;
    use std::time::Duration;

    const MS: u64 = 1_000_000;
    const T0: u64 = 1_764_430_000_000_000_000;

    fn slicer() -> Slicer {
        Slicer::new(
            Duration::from_secs(1),
            Duration::from_millis(500),
            IdSeed::from_u128(42),
            Tier::Off,
        )
    }

    #[test]
    fn a_kernel_span_has_its_times_names_and_every_attribute() {
        let r = FakeKernel::new("_Z4spinPfi", T0 + 10 * MS, T0 + 11 * MS)
            .correlation(7)
            .stream(13)
            .grid([264, 1, 1])
            .block([256, 1, 1])
            .record();
        let mut s = slicer();
        let span = s.kernel(r, Tier::Off).to_proto();
        assert_eq!(span.name, "spin(float*, int)");
        assert_eq!(span.start_time_unix_nano, T0 + 10 * MS);
        assert_eq!(span.end_time_unix_nano, T0 + 11 * MS);
        let get_str = |k| semconv::otlp::get_str(&span.attributes, k);
        let get_int = |k| semconv::otlp::get_int(&span.attributes, k);
        assert_eq!(get_str(a::GPU_KERNEL_NAME), Some("_Z4spinPfi"));
        assert_eq!(get_str(a::GPU_SERIALIZED), Some("false"));
        assert_eq!(get_int(a::GPU_CORRELATION_ID), Some(7));
        assert_eq!(get_int(a::GPU_KERNEL_GRID_X), Some(264));
        assert_eq!(span.attributes.len(), 16);
        let slice = (T0 + 10 * MS) / 1_000_000_000;
        assert_eq!(span.trace_id, IdSeed::from_u128(42).trace_id(slice));
        assert_eq!(
            span.parent_span_id,
            IdSeed::from_u128(42).root_span_id(slice)
        );
    }

    #[test]
    fn a_plain_c_name_is_kept_as_the_span_name() {
        let mut s = slicer();
        let span = s.kernel(FakeKernel::new("add_one", T0, T0 + 1).record(), Tier::Off);
        assert_eq!(&*span.name, "add_one");
    }

    #[test]
    fn a_pc_sample_span_is_not_a_kernel_execution() {
        let mut s = slicer();
        let f = FunctionSamples {
            function: Arc::from("_Z4spinPfi"),
            summary: PcSummary::default(),
            pcs: Vec::new(),
            distinct_pcs: 0,
            pairs: Vec::new(),
            pairs_dropped: 0,
        };
        let span = s.function_span(&f, T0, T0 + MS);
        let has = |k| semconv::otlp::find(&span.attributes, k).is_some();
        assert!(!has(a::GPU_KERNEL_NAME));
        assert!(!has(a::GPU_SERIALIZED));
        assert_eq!(
            semconv::otlp::get_str(&span.attributes, a::GPU_PC_SAMPLING_FUNCTION),
            Some("_Z4spinPfi")
        );
    }

    #[test]
    fn a_pc_sample_span_carries_every_pc_and_stall_pair_for_the_profiles() {
        use crate::sampling::continuous::PcStall;
        let mut s = slicer();
        let pair = |offset, stall: &str, samples| PcStall {
            offset,
            stall: Arc::from(stall),
            samples,
            line: None,
        };
        let f = FunctionSamples {
            function: Arc::from("_Z4spinPfi"),
            summary: PcSummary::default(),
            pcs: Vec::new(),
            distinct_pcs: 0,
            pairs: vec![pair(272, "long_scoreboard", 800), pair(272, "wait", 100)],
            pairs_dropped: 3,
        };
        let span = s.function_span(&f, T0, T0 + MS);
        let array = |k| array_values(&span.attributes, k);
        use opentelemetry_proto::tonic::common::v1::any_value::Value::{IntValue, StringValue};
        assert_eq!(
            array(a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS),
            vec![IntValue(272), IntValue(272)]
        );
        assert_eq!(
            array(a::GPU_PC_SAMPLING_PAIR_STALL_REASONS),
            vec![
                StringValue("long_scoreboard".into()),
                StringValue("wait".into())
            ]
        );
        assert_eq!(
            array(a::GPU_PC_SAMPLING_PAIR_SAMPLE_COUNTS),
            vec![IntValue(800), IntValue(100)]
        );
        assert_eq!(
            semconv::otlp::get_int(&span.attributes, a::GPU_PC_SAMPLING_PAIRS_DROPPED),
            Some(3)
        );
    }

    /// The values of the array attribute `key` (the test fails when it is not one).
    fn array_values(
        attrs: &[opentelemetry_proto::tonic::common::v1::KeyValue],
        key: &str,
    ) -> Vec<opentelemetry_proto::tonic::common::v1::any_value::Value> {
        match semconv::otlp::find(attrs, key).and_then(|v| v.value.clone()) {
            Some(opentelemetry_proto::tonic::common::v1::any_value::Value::ArrayValue(a)) => {
                a.values.into_iter().map(|v| v.value.unwrap()).collect()
            }
            other => panic!("{key}: {other:?}"),
        }
    }

    #[test]
    fn a_serialized_execution_carries_its_stall_sums_and_every_pc_stall_pair_on_its_own_span() {
        use crate::sampling::samples::ExecutionAgg;
        use opentelemetry_proto::tonic::common::v1::any_value::Value::{IntValue, StringValue};
        let mut agg = ExecutionAgg::default();
        let rec = |offset, stalls: &[(&str, u32)]| crate::sampling::samples::PcRecord {
            correlation_id: 7,
            function: Arc::from("_Z4spinPfi"),
            pc_offset: offset,
            stalls: stalls.iter().map(|(s, n)| (Arc::from(*s), *n)).collect(),
            source: Default::default(),
        };
        agg.add(&rec(272, &[("long_scoreboard", 800), ("wait", 100)]));
        agg.add(&rec(304, &[("selected", 120)]));
        let mut s = slicer();
        let r = FakeKernel::new("_Z4spinPfi", T0, T0 + MS)
            .correlation(7)
            .record();
        let span = s
            .stamped(r, Serialized::True, Some(agg.finish("_Z4spinPfi")))
            .to_proto();
        let array = |k| array_values(&span.attributes, k);
        // Still one execution: its name and stamp, and the stall sums as before.
        assert_eq!(
            semconv::otlp::get_str(&span.attributes, a::GPU_KERNEL_NAME),
            Some("_Z4spinPfi")
        );
        assert_eq!(
            semconv::otlp::get_str(&span.attributes, a::GPU_SERIALIZED),
            Some("true")
        );
        assert_eq!(
            semconv::otlp::get_int(&span.attributes, a::GPU_PC_SAMPLING_SAMPLE_COUNT),
            Some(1020)
        );
        assert_eq!(
            array(a::GPU_PC_SAMPLING_STALL_COUNTS),
            vec![IntValue(800), IntValue(120), IntValue(100)]
        );
        // The pairs, hottest first, in the continuous tier's form.
        assert_eq!(
            array(a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS),
            vec![IntValue(272), IntValue(304), IntValue(272)]
        );
        assert_eq!(
            array(a::GPU_PC_SAMPLING_PAIR_STALL_REASONS),
            vec![
                StringValue("long_scoreboard".into()),
                StringValue("selected".into()),
                StringValue("wait".into())
            ]
        );
        assert_eq!(
            array(a::GPU_PC_SAMPLING_PAIR_SAMPLE_COUNTS),
            vec![IntValue(800), IntValue(120), IntValue(100)]
        );
        assert_eq!(
            semconv::otlp::get_int(&span.attributes, a::GPU_PC_SAMPLING_PAIRS_DROPPED),
            Some(0)
        );
        assert!(
            semconv::otlp::find(&span.attributes, a::GPU_PC_SAMPLING_FUNCTION).is_none(),
            "a kernel execution, not a function's samples"
        );
    }

    #[test]
    fn an_execution_without_samples_carries_no_pc_attributes() {
        let mut s = slicer();
        let r = FakeKernel::new("_Z4spinPfi", T0, T0 + MS).record();
        let span = s.stamped(r, Serialized::False, None).to_proto();
        for k in [
            a::GPU_PC_SAMPLING_SAMPLE_COUNT,
            a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS,
            a::GPU_PC_SAMPLING_PAIRS_DROPPED,
        ] {
            assert!(semconv::otlp::find(&span.attributes, k).is_none(), "{k}");
        }
    }

    #[test]
    fn slices_close_after_their_grace_and_cover_their_kernels() {
        let mut s = slicer();
        let base = (T0 / 1_000_000_000) * 1_000_000_000;
        // A kernel that starts in slice 0 and ends in slice 1.
        s.kernel(
            FakeKernel::new("k", base + 900 * MS, base + 1_200 * MS).record(),
            Tier::Off,
        );
        s.kernel(
            FakeKernel::new("k", base + 1_100 * MS, base + 1_150 * MS).record(),
            Tier::Off,
        );
        let mut out = Vec::new();
        s.close_due(base + 1_400 * MS, DropCounts::default(), &mut out);
        assert!(out.is_empty(), "slice 0 is still in its grace period");
        s.close_due(base + 1_500 * MS, DropCounts::default(), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].name, ROOT_SPAN_NAME);
        assert!(out[0].parent_span_id.is_empty());
        assert_eq!(out[0].start_time_unix_nano, base);
        assert_eq!(out[0].end_time_unix_nano, base + 1_200 * MS);
        s.close_all(base + 1_600 * MS, DropCounts::default(), &mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(out[1].end_time_unix_nano, base + 2_000 * MS);
        assert_eq!(s.counts(), (2, 2));
    }

    #[test]
    fn a_kernel_that_arrives_after_its_roots_left_joins_that_root_and_makes_no_second() {
        let mut s = slicer();
        let base = (T0 / 1_000_000_000) * 1_000_000_000;
        s.kernel(FakeKernel::new("k", base, base + MS).record(), Tier::Off);
        let mut out = Vec::new();
        s.close_due(base + 2_000 * MS, DropCounts::default(), &mut out);
        assert_eq!(out.len(), 1);
        let late = s.kernel(
            FakeKernel::new("k", base + 10 * MS, base + 11 * MS).record(),
            Tier::Off,
        );
        assert_eq!(late.parent_span_id.to_vec(), out[0].span_id);
        assert_eq!(late.trace_id.to_vec(), out[0].trace_id);
        s.close_due(base + 9_000 * MS, DropCounts::default(), &mut out);
        s.close_all(base + 9_000 * MS, DropCounts::default(), &mut out);
        assert_eq!(out.len(), 1, "one root per slice, ever");
    }

    #[test]
    fn drops_ride_on_the_next_root_and_on_a_final_one() {
        let mut s = slicer();
        let drops = DropCounts {
            queue_full: 3,
            ..DropCounts::default()
        };
        s.kernel(FakeKernel::new("k", T0, T0 + MS).record(), Tier::Off);
        let mut out = Vec::new();
        s.close_all(T0 + 2 * MS, drops, &mut out);
        assert_eq!(out.len(), 1, "the open slice carries the drops");
        assert_eq!(out[0].events.len(), 1);
        let more = DropCounts {
            queue_full: 3,
            export_failed: 2,
            ..DropCounts::default()
        };
        s.close_all(T0 + 5_000 * MS, more, &mut out);
        assert_eq!(out.len(), 2, "a root with no kernels reports new drops");
        assert_eq!(out[1].events.len(), 2);
        s.close_all(T0 + 6_000 * MS, more, &mut out);
        assert_eq!(out.len(), 2, "nothing new to report");
    }

    fn closed(range: u64, parent: Option<u64>, root: u64) -> ClosedRange {
        ClosedRange {
            range,
            parent,
            root,
            kind: crate::nvtx::RangeKind::PushPop,
            thread: 4711,
            start_ns: T0,
            end_ns: T0 + 5 * MS,
            name: "step 7".into(),
            domain: None,
            category: 0,
            color: None,
            payload: None,
            unclosed: false,
        }
    }

    #[test]
    fn a_kernel_launched_in_a_range_is_its_child_in_its_trace_and_opens_no_slice() {
        let mut s = slicer();
        let link = RangeLink { range: 12, root: 3 };
        let k = s.kernel(
            FakeKernel::new("k", T0, T0 + MS).range(link).record(),
            Tier::Off,
        );
        let seed = IdSeed::from_u128(42);
        assert_eq!(k.trace_id, seed.range_trace_id(3));
        assert_eq!(k.parent_span_id, seed.range_span_id(12));
        let mut out = Vec::new();
        s.close_all(T0 + 5_000 * MS, DropCounts::default(), &mut out);
        assert!(out.is_empty(), "no slice root for a kernel under a range");
        let outer = s.range_span(&closed(3, None, 3));
        let inner = s.range_span(&closed(12, Some(3), 3));
        assert_eq!(k.parent_span_id.to_vec(), inner.span_id);
        assert_eq!(inner.parent_span_id, outer.span_id);
        assert!(
            outer.parent_span_id.is_empty(),
            "the outermost range is the trace root"
        );
        assert_eq!(outer.trace_id, k.trace_id.to_vec());
    }

    #[test]
    fn under_an_application_context_kernels_and_ranges_join_the_applications_trace() {
        use crate::nvtx::context::{TraceParent, APP_ROOT};
        let tp =
            TraceParent::parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01").unwrap();
        let mut s = slicer();
        s.app_open(5, tp);
        let root = 5 | APP_ROOT;
        let direct = s.kernel(
            FakeKernel::new("k", T0, T0 + MS)
                .range(RangeLink { range: 5, root })
                .record(),
            Tier::Off,
        );
        assert_eq!(direct.trace_id, tp.trace_id);
        assert_eq!(direct.parent_span_id, tp.span_id);
        assert_eq!(direct.flags, SPAN_FLAGS | REMOTE_PARENT);
        let op = s.range_span(&closed(6, Some(5), root));
        assert_eq!(op.trace_id, tp.trace_id.to_vec());
        assert_eq!(op.parent_span_id, tp.span_id.to_vec());
        assert_eq!(op.flags, SPAN_FLAGS | REMOTE_PARENT);
        s.app_close(5);
        let late = s.kernel(
            FakeKernel::new("k", T0, T0 + MS)
                .range(RangeLink { range: 6, root })
                .record(),
            Tier::Off,
        );
        assert_eq!(
            late.trace_id, tp.trace_id,
            "a record after the close still finds it"
        );
        assert_eq!(late.parent_span_id.to_vec(), op.span_id);
        assert_eq!(late.flags, SPAN_FLAGS, "its parent is the injector's range");
        let mut out = Vec::new();
        s.close_all(T0 + 5_000 * MS, DropCounts::default(), &mut out);
        assert!(
            out.is_empty(),
            "no slice root for kernels under the application"
        );
        assert_eq!(s.app_counts().1, 2);
        assert_eq!(s.app_counts().2, 1);
    }

    #[test]
    fn a_context_no_longer_known_leaves_the_injectors_own_traces_and_is_counted() {
        use crate::nvtx::context::APP_ROOT;
        let mut s = slicer();
        let root = 7 | APP_ROOT;
        let seed = IdSeed::from_u128(42);
        let direct = s.kernel(
            FakeKernel::new("k", T0, T0 + MS)
                .range(RangeLink { range: 7, root })
                .record(),
            Tier::Off,
        );
        let slice = T0 / 1_000_000_000;
        assert_eq!(
            direct.trace_id,
            seed.trace_id(slice),
            "the slice, as outside ranges"
        );
        let under_op = s.kernel(
            FakeKernel::new("k", T0, T0 + MS)
                .range(RangeLink { range: 8, root })
                .record(),
            Tier::Off,
        );
        let op = s.range_span(&closed(8, Some(7), root));
        assert_eq!(
            under_op.parent_span_id.to_vec(),
            op.span_id,
            "kept with its range"
        );
        assert_eq!(under_op.trace_id.to_vec(), op.trace_id);
        assert!(
            op.parent_span_id.is_empty(),
            "the range heads its own trace"
        );
        assert_eq!(s.app_counts().3, 3);
    }

    #[test]
    fn a_range_span_carries_its_times_and_the_attributes_nvtx_gave() {
        let mut s = slicer();
        let r = ClosedRange {
            domain: Some("io".into()),
            category: 5,
            color: Some(0x0076_b900),
            payload: Some(Payload::Double(0.25)),
            unclosed: true,
            ..closed(9, None, 9)
        };
        let span = s.range_span(&r);
        assert_eq!(span.name, "step 7");
        assert_eq!(
            (span.start_time_unix_nano, span.end_time_unix_nano),
            (T0, T0 + 5 * MS)
        );
        let get_str = |k| semconv::otlp::get_str(&span.attributes, k);
        let get_int = |k| semconv::otlp::get_int(&span.attributes, k);
        assert_eq!(get_str(a::GPU_NVTX_RANGE_KIND), Some("push_pop"));
        assert_eq!(get_str(a::GPU_NVTX_DOMAIN), Some("io"));
        assert_eq!(get_str(a::GPU_NVTX_COLOR), Some("0x0076b900"));
        assert_eq!(get_int(a::GPU_NVTX_CATEGORY), Some(5));
        assert_eq!(get_int(a::THREAD_ID), Some(4711));
        assert!(semconv::otlp::find(&span.attributes, a::GPU_NVTX_PAYLOAD_DOUBLE).is_some());
        assert!(semconv::otlp::find(&span.attributes, a::GPU_NVTX_RANGE_UNCLOSED).is_some());
        assert!(semconv::otlp::find(&span.attributes, a::GPU_KERNEL_NAME).is_none());
        assert!(semconv::otlp::find(&span.attributes, a::GPU_SERIALIZED).is_none());
        for kv in &span.attributes {
            let def = semconv::registry::lookup(&kv.key).expect("a registry attribute");
            def.check(kv.value.as_ref()).unwrap();
        }
        let plain = s.range_span(&closed(10, None, 10));
        assert_eq!(plain.attributes.len(), 2, "kind and thread only");
    }

    #[test]
    fn range_ids_never_meet_kernel_slice_or_other_ids() {
        let seed = IdSeed::from_instance_id("5c5a2b4e-8d3f-4a21-9c0e-1f2b3c4d5e6f");
        let mut spans = std::collections::HashSet::new();
        let mut traces = std::collections::HashSet::new();
        for n in 0..5_000u64 {
            assert!(spans.insert(seed.kernel_span_id(n)));
            assert!(spans.insert(seed.range_span_id(n)));
            assert!(spans.insert(seed.kernel_span_id((1 << 62) | n)));
            assert!(traces.insert(seed.range_trace_id(n)));
            assert!(traces.insert(seed.trace_id(1_764_430_000 + n)));
        }
    }

    #[test]
    fn ids_are_distinct_and_never_zero() {
        let seed = IdSeed::from_instance_id("5c5a2b4e-8d3f-4a21-9c0e-1f2b3c4d5e6f");
        let mut seen = std::collections::HashSet::new();
        for n in 0..10_000u64 {
            let id = seed.kernel_span_id(n);
            assert_ne!(id, [0; 8]);
            assert!(seen.insert(id));
            assert_ne!(seed.trace_id(n), [0; 16]);
        }
        assert_ne!(seed.trace_id(1), seed.trace_id(2));
    }
}
