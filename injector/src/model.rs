//! Kernel records to span data: the pure core of the injector (no I/O, no clock).
//!
//! ```text
//! KernelRecord ──push──▶ Slicer ──▶ kernel spans (children of their slice's root)
//!                  now ──close_due──▶ "gpu.kernels" root spans of finished slices
//! ```
//!
//! Traces: one trace per time slice per process. A kernel belongs to the slice that
//! holds its start (`start_ns / slice_ns`, slices aligned on the Unix epoch). The
//! slice's trace id and its root span id are derived from (service.instance.id,
//! slice index), so a kernel whose record arrives after its slice's root left is
//! still a child of that root. The root covers the slice, stretched to the end of
//! its longest kernel. A slice is closed once `now` is past its end plus a grace
//! period, or at shutdown; only slices that held a kernel get a root.
//!
//! Every kernel span carries `gpu.serialized = "false"`: PC sampling is off in this
//! injector, and the contract says tier off means `"false"`, unconditionally.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use opentelemetry::trace::{
    Event, SpanContext, SpanId, SpanKind, Status, TraceFlags, TraceId, TraceState,
};
use opentelemetry::{InstrumentationScope, KeyValue};
use opentelemetry_sdk::trace::{SpanData, SpanEvents, SpanLinks};
use semconv::attributes as a;
use semconv::{Serialized, Tier, Window};

use crate::sampling::continuous::FunctionSamples;
use crate::sampling::stamp::PcSummary;

/// Name of the per-slice root span.
pub const ROOT_SPAN_NAME: &str = a::SPAN_GPU_KERNELS;
/// Name of the span event that carries a drop counter on a root span.
pub const EVENT_TELEMETRY_DROPPED: &str = a::EVENT_GPU_TELEMETRY_DROPPED;
/// Attribute of that event: the cumulative count of dropped items for its reason.
pub const TELEMETRY_DROPPED_COUNT: &str = a::GPU_TELEMETRY_DROP_COUNT;
/// Instrumentation scope name of every span.
pub const SCOPE_NAME: &str = "gpu-otel-injector";

/// One kernel execution, owned, as decoded from a CUPTI kernel activity record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KernelRecord {
    /// The mangled name, as CUPTI reports it.
    pub name: Arc<str>,
    /// GPU start, Unix epoch nanoseconds (CUPTI timestamps are CLOCK_REALTIME).
    pub start_ns: u64,
    /// GPU end, Unix epoch nanoseconds.
    pub end_ns: u64,
    /// CUPTI correlation id of the launch.
    pub correlation_id: u32,
    /// CUDA device ordinal.
    pub device_id: u32,
    /// CUPTI context id.
    pub context_id: u32,
    /// CUPTI stream id.
    pub stream_id: u32,
    /// CUDA graph id, 0 when not launched from a graph.
    pub graph_id: u32,
    /// Grid dimensions (blocks).
    pub grid: [i32; 3],
    /// Block dimensions (threads).
    pub block: [i32; 3],
    /// Static shared memory per block, bytes.
    pub static_shared_memory: i32,
    /// Dynamic shared memory per block, bytes.
    pub dynamic_shared_memory: i32,
    /// Registers per thread.
    pub registers_per_thread: u16,
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
}

impl DropCounts {
    /// Total of all reasons.
    pub fn total(&self) -> u64 {
        self.queue_full + self.cupti_dropped + self.export_failed + self.malformed
    }

    fn by_reason(&self) -> [(&'static str, u64); 4] {
        use semconv::attributes::gpu_telemetry_drop_reason as r;
        [
            (r::QUEUE_FULL, self.queue_full),
            (r::CUPTI_DROPPED, self.cupti_dropped),
            (r::EXPORT_FAILED, self.export_failed),
            (r::MALFORMED, self.malformed),
        ]
    }
}

/// Demangles kernel names, remembering each one (a program has few kernels).
#[derive(Debug, Default)]
pub struct Demangler {
    cache: HashMap<Arc<str>, Arc<str>>,
}

impl Demangler {
    /// The demangled name, or the mangled one when it does not demangle (a plain C
    /// name is returned as it is).
    pub fn demangle(&mut self, mangled: &Arc<str>) -> Arc<str> {
        if let Some(d) = self.cache.get(mangled) {
            return d.clone();
        }
        let demangled: Arc<str> = cpp_demangle::Symbol::new(mangled.as_bytes())
            .ok()
            .and_then(|s| s.demangle(&cpp_demangle::DemangleOptions::default()).ok())
            .map(Arc::from)
            .unwrap_or_else(|| mangled.clone());
        self.cache.insert(mangled.clone(), demangled.clone());
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
    pub fn trace_id(&self, slice: u64) -> TraceId {
        let hi = mix64(self.hi ^ slice);
        let lo = mix64(self.lo ^ slice.rotate_left(32) ^ 0x5A5A_5A5A);
        TraceId::from((u128::from(hi) << 64) | u128::from(non_zero(lo)))
    }

    /// The root span id of slice `slice`.
    pub fn root_span_id(&self, slice: u64) -> SpanId {
        SpanId::from_bytes(non_zero(mix64(self.lo ^ mix64(slice) ^ 0x0F0F)).to_be_bytes())
    }

    /// The span id of the `n`-th kernel span of the process.
    pub fn kernel_span_id(&self, n: u64) -> SpanId {
        SpanId::from_bytes(non_zero(mix64(self.hi ^ mix64(n ^ 0xF0F0_0000))).to_be_bytes())
    }
}

/// Now, in Unix epoch nanoseconds: CLOCK_REALTIME, the clock of CUPTI's timestamps,
/// of the kernel spans and of the window records.
pub fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn time_of(ns: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_nanos(ns)
}

fn int(key: &'static str, v: impl Into<i64>) -> KeyValue {
    KeyValue::new(key, v.into())
}

/// The attributes of one kernel execution span, from the semconv registry.
pub fn kernel_attributes(r: &KernelRecord, tier: Tier) -> Vec<KeyValue> {
    // Tier off and continuous never serialize: "false", unconditionally (contract).
    let serialized = match tier {
        Tier::Off | Tier::Continuous => Serialized::False,
        Tier::Serialized => Serialized::Unknown,
    };
    stamped_attributes(r, serialized, None)
}

fn str_array(key: &'static str, values: impl Iterator<Item = String>) -> KeyValue {
    KeyValue::new(
        key,
        opentelemetry::Value::Array(opentelemetry::Array::String(
            values.map(Into::into).collect(),
        )),
    )
}

fn int_array(key: &'static str, values: impl Iterator<Item = u64>) -> KeyValue {
    KeyValue::new(
        key,
        opentelemetry::Value::Array(opentelemetry::Array::I64(
            values
                .map(|v| i64::try_from(v).unwrap_or(i64::MAX))
                .collect(),
        )),
    )
}

/// The sample count and stall reasons of a [`PcSummary`] as span attributes.
pub fn pc_attributes(pc: &PcSummary) -> Vec<KeyValue> {
    vec![
        int(
            a::GPU_PC_SAMPLING_SAMPLE_COUNT,
            i64::try_from(pc.samples).unwrap_or(i64::MAX),
        ),
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

/// The attributes of one kernel execution span with its stamp and PC samples.
pub fn stamped_attributes(
    r: &KernelRecord,
    serialized: Serialized,
    pc: Option<&PcSummary>,
) -> Vec<KeyValue> {
    let mut attrs = vec![
        KeyValue::new(a::GPU_KERNEL_NAME, r.name.to_string()),
        KeyValue::new(a::GPU_SERIALIZED, serialized.as_str()),
        int(a::GPU_CORRELATION_ID, r.correlation_id),
        int(a::GPU_DEVICE_ID, r.device_id),
        int(a::GPU_CONTEXT_ID, r.context_id),
        int(a::GPU_STREAM_ID, r.stream_id),
        int(a::GPU_GRAPH_ID, r.graph_id),
        int(a::GPU_KERNEL_GRID_X, r.grid[0]),
        int(a::GPU_KERNEL_GRID_Y, r.grid[1]),
        int(a::GPU_KERNEL_GRID_Z, r.grid[2]),
        int(a::GPU_KERNEL_BLOCK_X, r.block[0]),
        int(a::GPU_KERNEL_BLOCK_Y, r.block[1]),
        int(a::GPU_KERNEL_BLOCK_Z, r.block[2]),
        int(a::GPU_KERNEL_SHARED_MEMORY_STATIC, r.static_shared_memory),
        int(a::GPU_KERNEL_SHARED_MEMORY_DYNAMIC, r.dynamic_shared_memory),
        int(a::GPU_KERNEL_REGISTERS_PER_THREAD, r.registers_per_thread),
    ];
    if let Some(pc) = pc {
        attrs.extend(pc_attributes(pc));
    }
    attrs
}

/// The producer's cumulative PC-sampling counters, carried on window record spans.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SamplingCounters {
    /// Serialized bursts opened.
    pub bursts: u64,
    /// Graph refusals (0 or 1).
    pub graph_refusals: u64,
    /// Failed cuptiPCSamplingStart calls.
    pub start_failures: u64,
    /// Failed cuptiPCSamplingStop calls.
    pub stop_failures: u64,
    /// (PC, stall) pairs collected.
    pub pairs: u64,
    /// Launches that ran inside bursts.
    pub launches_serialized: u64,
    /// Run-time tier switches carried out.
    pub tier_switches: u64,
}

impl SamplingCounters {
    fn attributes(&self) -> Vec<KeyValue> {
        let i = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        vec![
            int(a::GPU_PC_SAMPLING_BURSTS, i(self.bursts)),
            int(a::GPU_PC_SAMPLING_GRAPH_REFUSALS, i(self.graph_refusals)),
            int(a::GPU_PC_SAMPLING_START_FAILURES, i(self.start_failures)),
            int(a::GPU_PC_SAMPLING_STOP_FAILURES, i(self.stop_failures)),
            int(a::GPU_PC_SAMPLING_PAIRS, i(self.pairs)),
            int(
                a::GPU_PC_SAMPLING_LAUNCHES_SERIALIZED,
                i(self.launches_serialized),
            ),
            int(a::GPU_PC_SAMPLING_TIER_SWITCHES, i(self.tier_switches)),
        ]
    }
}

/// A window record as an SDK span event (`semconv::codec::encode` gives OTLP proto
/// attributes; window records hold only ints and strings).
pub fn window_event(w: &Window) -> Event {
    use opentelemetry_proto::tonic::common::v1::any_value::Value as V;
    let attributes = semconv::codec::encode(w)
        .into_iter()
        .filter_map(|kv| {
            let value = match kv.value?.value? {
                V::IntValue(i) => opentelemetry::Value::I64(i),
                V::StringValue(s) => opentelemetry::Value::String(s.into()),
                _ => return None,
            };
            Some(KeyValue::new(kv.key, value))
        })
        .collect();
    Event::new(
        a::EVENT_GPU_SAMPLING_WINDOW,
        time_of(w.end_ns().unwrap_or(w.start_ns)),
        attributes,
        0,
    )
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
    scope: InstrumentationScope,
    demangler: Demangler,
    open: BTreeMap<u64, OpenSlice>,
    /// Drop counters as of the last root span that carried them.
    reported: DropCounts,
    kernel_spans: u64,
    root_spans: u64,
    other_spans: u64,
}

impl Slicer {
    /// A slicer with slices of `slice` and the given grace period after a slice's
    /// end before its root leaves.
    pub fn new(slice: Duration, grace: Duration, seed: IdSeed, tier: Tier) -> Self {
        Slicer {
            slice_ns: (slice.as_nanos() as u64).max(1),
            grace_ns: grace.as_nanos() as u64,
            seed,
            tier,
            scope: InstrumentationScope::builder(SCOPE_NAME)
                .with_version(env!("CARGO_PKG_VERSION"))
                .build(),
            demangler: Demangler::default(),
            open: BTreeMap::new(),
            reported: DropCounts::default(),
            kernel_spans: 0,
            root_spans: 0,
            other_spans: 0,
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

    /// A span; `ids` are (trace, span, parent), `times` (start, end) in Unix ns.
    fn span(
        &self,
        ids: (TraceId, SpanId, SpanId),
        name: Cow<'static, str>,
        times: (u64, u64),
        attributes: Vec<KeyValue>,
        events: Vec<Event>,
    ) -> SpanData {
        let (trace, id, parent) = ids;
        let (start_ns, end_ns) = times;
        let mut span_events = SpanEvents::default();
        span_events.events = events;
        SpanData {
            span_context: SpanContext::new(trace, id, TraceFlags::SAMPLED, false, TraceState::NONE),
            parent_span_id: parent,
            parent_span_is_remote: false,
            span_kind: SpanKind::Internal,
            name,
            start_time: time_of(start_ns),
            end_time: time_of(end_ns),
            attributes,
            dropped_attributes_count: 0,
            events: span_events,
            links: SpanLinks::default(),
            status: Status::Unset,
            instrumentation_scope: self.scope.clone(),
        }
    }

    /// The kernel span of `r`, a child of its slice's root, stamped as its tier
    /// says (off and continuous: "false"; serialized: use [`Slicer::push_stamped`]).
    pub fn push(&mut self, r: &KernelRecord) -> SpanData {
        self.push_as(r, self.tier)
    }

    /// [`Slicer::push`] for an execution that ran under `tier` (after a run-time
    /// tier switch the slicer's own tier is only the one the process started with).
    pub fn push_as(&mut self, r: &KernelRecord, tier: Tier) -> SpanData {
        let attrs = kernel_attributes(r, tier);
        self.push_with(r, attrs)
    }

    /// The zero-length marker of a run-time tier switch at `at_ns`.
    pub fn tier_switch_span(
        &mut self,
        at_ns: u64,
        from: Tier,
        to: Tier,
        counters: &SamplingCounters,
    ) -> SpanData {
        let slice = self.enter_slice(at_ns, at_ns);
        let id = self.other_span_id();
        let mut attrs = vec![
            KeyValue::new(a::GPU_PC_SAMPLING_TIER, to.as_str()),
            KeyValue::new(a::GPU_PC_SAMPLING_TIER_PREVIOUS, from.as_str()),
        ];
        attrs.extend(counters.attributes());
        self.span(
            (self.seed.trace_id(slice), id, self.seed.root_span_id(slice)),
            Cow::Borrowed(a::SPAN_GPU_PC_SAMPLING_TIER_SWITCH),
            (at_ns, at_ns),
            attrs,
            Vec::new(),
        )
    }

    /// The kernel span of `r` with its stamp and PC samples (serialized tier).
    pub fn push_stamped(
        &mut self,
        r: &KernelRecord,
        serialized: Serialized,
        pc: Option<&PcSummary>,
    ) -> SpanData {
        let attrs = stamped_attributes(r, serialized, pc);
        self.push_with(r, attrs)
    }

    fn enter_slice(&mut self, start_ns: u64, end_ns: u64) -> u64 {
        let slice = start_ns / self.slice_ns;
        let entry = self.open.entry(slice).or_insert(OpenSlice {
            max_end_ns: 0,
            kernels: 0,
        });
        entry.max_end_ns = entry.max_end_ns.max(end_ns);
        entry.kernels += 1;
        slice
    }

    fn push_with(&mut self, r: &KernelRecord, attributes: Vec<KeyValue>) -> SpanData {
        let end_ns = r.end_ns.max(r.start_ns);
        let slice = self.enter_slice(r.start_ns, end_ns);
        let name = self.demangler.demangle(&r.name);
        let id = self.seed.kernel_span_id(self.kernel_spans);
        self.kernel_spans += 1;
        self.span(
            (self.seed.trace_id(slice), id, self.seed.root_span_id(slice)),
            Cow::Owned(name.to_string()),
            (r.start_ns, end_ns),
            attributes,
            Vec::new(),
        )
    }

    fn other_span_id(&mut self) -> SpanId {
        self.other_spans += 1;
        self.seed.kernel_span_id((1 << 62) | self.other_spans)
    }

    /// The zero-length carrier span of one window record, in the trace of the slice
    /// holding the record's time, with the producer's counters.
    pub fn window_span(&mut self, w: &Window, counters: &SamplingCounters) -> SpanData {
        let t = w.end_ns().unwrap_or(w.start_ns);
        let slice = self.enter_slice(t, t);
        let id = self.other_span_id();
        self.span(
            (self.seed.trace_id(slice), id, self.seed.root_span_id(slice)),
            Cow::Borrowed(a::SPAN_GPU_SAMPLING_WINDOW_RECORD),
            (t, t),
            counters.attributes(),
            vec![window_event(w)],
        )
    }

    /// The span of one function's CONTINUOUS-tier samples over `[start_ns, end_ns]`
    /// (one drain period), named after the demangled function.
    pub fn function_span(&mut self, f: &FunctionSamples, start_ns: u64, end_ns: u64) -> SpanData {
        let end_ns = end_ns.max(start_ns);
        let slice = self.enter_slice(start_ns, end_ns);
        let id = self.other_span_id();
        let name = self.demangler.demangle(&f.function);
        let mut attrs = vec![KeyValue::new(a::GPU_KERNEL_NAME, f.function.to_string())];
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
        self.span(
            (self.seed.trace_id(slice), id, self.seed.root_span_id(slice)),
            Cow::Owned(format!("{}: {name}", a::SPAN_GPU_PC_SAMPLES)),
            (start_ns, end_ns),
            attrs,
            Vec::new(),
        )
    }

    /// Roots of the slices that ended more than the grace period before `now_ns`.
    pub fn close_due(&mut self, now_ns: u64, drops: DropCounts, out: &mut Vec<SpanData>) {
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
    pub fn close_all(&mut self, now_ns: u64, drops: DropCounts, out: &mut Vec<SpanData>) {
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

    fn close(&mut self, slice: u64, now_ns: u64, drops: DropCounts, out: &mut Vec<SpanData>) {
        let Some(state) = self.open.remove(&slice) else {
            return;
        };
        let start_ns = slice * self.slice_ns;
        let end_ns = ((slice + 1) * self.slice_ns).max(state.max_end_ns);
        let events = if drops.total() > 0 {
            self.reported = drops;
            drops
                .by_reason()
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(reason, n)| {
                    Event::new(
                        EVENT_TELEMETRY_DROPPED,
                        time_of(now_ns),
                        vec![
                            KeyValue::new(a::GPU_TELEMETRY_DROP_REASON, *reason),
                            KeyValue::new(TELEMETRY_DROPPED_COUNT, *n as i64),
                        ],
                        0,
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        self.root_spans += 1;
        out.push(self.span(
            (
                self.seed.trace_id(slice),
                self.seed.root_span_id(slice),
                SpanId::INVALID,
            ),
            Cow::Borrowed(ROOT_SPAN_NAME),
            (start_ns, end_ns),
            Vec::new(),
            events,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::FakeKernel;

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

    fn attr<'a>(s: &'a SpanData, key: &str) -> Option<&'a opentelemetry::Value> {
        s.attributes
            .iter()
            .find(|kv| kv.key.as_str() == key)
            .map(|kv| &kv.value)
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
        let span = s.push(&r);
        assert_eq!(span.name, "spin(float*, int)");
        assert_eq!(span.start_time, time_of(T0 + 10 * MS));
        assert_eq!(span.end_time, time_of(T0 + 11 * MS));
        assert_eq!(
            attr(&span, a::GPU_KERNEL_NAME).unwrap().as_str(),
            "_Z4spinPfi"
        );
        assert_eq!(attr(&span, a::GPU_SERIALIZED).unwrap().as_str(), "false");
        assert_eq!(
            attr(&span, a::GPU_CORRELATION_ID),
            Some(&opentelemetry::Value::I64(7))
        );
        assert_eq!(
            attr(&span, a::GPU_KERNEL_GRID_X),
            Some(&opentelemetry::Value::I64(264))
        );
        assert_eq!(span.attributes.len(), 16);
        let slice = (T0 + 10 * MS) / 1_000_000_000;
        assert_eq!(
            span.span_context.trace_id(),
            IdSeed::from_u128(42).trace_id(slice)
        );
        assert_eq!(
            span.parent_span_id,
            IdSeed::from_u128(42).root_span_id(slice)
        );
    }

    #[test]
    fn a_plain_c_name_is_kept_as_the_span_name() {
        let mut s = slicer();
        let span = s.push(&FakeKernel::new("add_one", T0, T0 + 1).record());
        assert_eq!(span.name, "add_one");
    }

    #[test]
    fn slices_close_after_their_grace_and_cover_their_kernels() {
        let mut s = slicer();
        let base = (T0 / 1_000_000_000) * 1_000_000_000;
        // A kernel that starts in slice 0 and ends in slice 1.
        s.push(&FakeKernel::new("k", base + 900 * MS, base + 1_200 * MS).record());
        s.push(&FakeKernel::new("k", base + 1_100 * MS, base + 1_150 * MS).record());
        let mut out = Vec::new();
        s.close_due(base + 1_400 * MS, DropCounts::default(), &mut out);
        assert!(out.is_empty(), "slice 0 is still in its grace period");
        s.close_due(base + 1_500 * MS, DropCounts::default(), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].name, ROOT_SPAN_NAME);
        assert_eq!(out[0].parent_span_id, SpanId::INVALID);
        assert_eq!(out[0].start_time, time_of(base));
        assert_eq!(out[0].end_time, time_of(base + 1_200 * MS));
        s.close_all(base + 1_600 * MS, DropCounts::default(), &mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(out[1].end_time, time_of(base + 2_000 * MS));
        assert_eq!(s.counts(), (2, 2));
    }

    #[test]
    fn drops_ride_on_the_next_root_and_on_a_final_one() {
        let mut s = slicer();
        let drops = DropCounts {
            queue_full: 3,
            ..DropCounts::default()
        };
        s.push(&FakeKernel::new("k", T0, T0 + MS).record());
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

    #[test]
    fn ids_are_distinct_and_never_zero() {
        let seed = IdSeed::from_instance_id("5c5a2b4e-8d3f-4a21-9c0e-1f2b3c4d5e6f");
        let mut seen = std::collections::HashSet::new();
        for n in 0..10_000u64 {
            let id = seed.kernel_span_id(n);
            assert_ne!(id, SpanId::INVALID);
            assert!(seen.insert(id));
            assert_ne!(seed.trace_id(n), TraceId::INVALID);
        }
        assert_ne!(seed.trace_id(1), seed.trace_id(2));
    }
}
