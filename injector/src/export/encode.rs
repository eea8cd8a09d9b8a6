//! Spans to OTLP export requests, encoded once, bounded by bytes. Pure: no I/O, no
//! clock.
//!
//! Kernel spans are written straight from their records with prost's wire-format
//! primitives: no message struct, no allocation per attribute. Everything else (roots,
//! window records, PC samples) is an OTLP message encoded by prost. Spans are appended
//! to the open request of their resource (one resource per request): the process's
//! attributes with the tier they ran under, and for a kernel span the GPU it ran on
//! when the device is known ([`Batcher::add_device`]). A request is cut before it would
//! pass `max_bytes`, so no request exceeds the 4 MiB receive limit common to the
//! Collector, Jaeger and Tempo.

use std::collections::VecDeque;

use opentelemetry_proto::tonic::common::v1::{InstrumentationScope, KeyValue};
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::encoding::{encode_key, encode_varint, encoded_len_varint, WireType};
use prost::Message;
use semconv::attributes as a;
use semconv::Tier;

use crate::model::{KernelSpan, OtherKind};
use crate::sampling::message::Declared;
use crate::stats::Counts;

/// One encoded `ExportTraceServiceRequest`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The tier its resource declares.
    pub tier: Tier,
    /// The protobuf bytes.
    pub body: Vec<u8>,
    /// What it carries.
    pub counts: Counts,
}

#[derive(Debug, Default)]
struct Open {
    /// Spans, each already framed as a `ScopeSpans.spans` field.
    spans: Vec<u8>,
    counts: Counts,
}

/// Which resource a span goes out under: what the stretch it ran in declared about PC
/// sampling and, for a kernel span whose GPU is known, that GPU's ordinal.
type Head = (Declared, Option<u32>);

/// Accumulates spans per resource and cuts requests of at most `max_bytes`.
#[derive(Debug)]
pub struct Batcher {
    max_bytes: usize,
    /// The process's attributes (the tier is set per request).
    resource: Vec<KeyValue>,
    /// Per known GPU: its ordinal and the attributes that describe it.
    devices: Vec<(u32, Vec<KeyValue>)>,
    /// Per resource: its encoding, made once.
    head: Vec<(Head, Vec<u8>)>,
    scope: Vec<u8>,
    open: Vec<(Head, Open)>,
    ready: VecDeque<Request>,
    scratch: Vec<u8>,
}

/// Bytes a request spends around its spans (keys and lengths of the three nested
/// messages), at most.
const FRAMING: usize = 3 * 11;

impl Batcher {
    /// A batcher for a process with `resource` attributes (its tier is set per
    /// request) and requests of at most `max_bytes`.
    pub fn new(resource: &[KeyValue], scope: &InstrumentationScope, max_bytes: usize) -> Self {
        Batcher {
            max_bytes: max_bytes.max(4096),
            resource: resource.to_vec(),
            devices: Vec::new(),
            head: Vec::new(),
            scope: scope.encode_to_vec(),
            open: Vec::new(),
            ready: VecDeque::new(),
            scratch: Vec::with_capacity(1024),
        }
    }

    /// From now on, kernel spans of GPU `ordinal` go out under the process's resource
    /// plus `attrs` (what describes that GPU). Kernel spans of a GPU never added go out
    /// under the process's resource alone, as every other span does.
    pub fn add_device(&mut self, ordinal: u32, attrs: Vec<KeyValue>) {
        if !self.has_device(ordinal) {
            self.devices.push((ordinal, attrs));
        }
    }

    /// Whether GPU `ordinal` was added.
    pub fn has_device(&self, ordinal: u32) -> bool {
        self.devices.iter().any(|(o, _)| *o == ordinal)
    }

    /// Appends one kernel span to the open request of `declared` and its GPU.
    pub fn kernel(&mut self, declared: impl Into<Declared>, span: &KernelSpan) {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        encode_kernel_span(span, &mut scratch);
        let device = span.record.device_id;
        let head = (declared.into(), self.has_device(device).then_some(device));
        self.append(
            head,
            &scratch,
            Counts {
                kernels: 1,
                graph_launches: u64::from(span.record.graph_launch.is_some()),
                ..Counts::default()
            },
        );
        self.scratch = scratch;
    }

    /// Appends one non-kernel span to the open request of `declared`.
    pub fn other(&mut self, declared: impl Into<Declared>, span: &Span, kind: OtherKind) {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        span.encode_raw(&mut scratch);
        let windows = span
            .events
            .iter()
            .filter(|e| e.name == a::EVENT_GPU_SAMPLING_WINDOW)
            .count() as u64;
        let counts = match kind {
            OtherKind::Root => Counts {
                roots: 1,
                windows,
                ..Counts::default()
            },
            OtherKind::Sampling => Counts {
                sampling: 1,
                windows,
                ..Counts::default()
            },
            OtherKind::Range => Counts {
                ranges: 1,
                ..Counts::default()
            },
            OtherKind::Unrecorded => Counts {
                unrecorded: 1,
                ..Counts::default()
            },
            OtherKind::Handoff => Counts {
                handoffs: 1,
                ..Counts::default()
            },
        };
        self.append((declared.into(), None), &scratch, counts);
        self.scratch = scratch;
    }

    fn head_len(&mut self, head: Head) -> usize {
        let i = self.head_index(head);
        self.head[i].1.len() + self.scope.len() + FRAMING
    }

    /// Where the encoded resource of `head` is, made at its first use.
    fn head_index(&mut self, head: Head) -> usize {
        match self.head.iter().position(|(h, _)| *h == head) {
            Some(i) => i,
            None => {
                let (declared, device) = head;
                let mut attrs = self.resource.clone();
                if let Some((_, d)) = self.devices.iter().find(|(o, _)| Some(*o) == device) {
                    attrs.extend(d.iter().cloned());
                }
                self.head
                    .push((head, resource_of(&attrs, declared).encode_to_vec()));
                self.head.len() - 1
            }
        }
    }

    fn append(&mut self, head: Head, span: &[u8], counts: Counts) {
        let framed = 1 + encoded_len_varint(span.len() as u64) + span.len();
        let head_len = self.head_len(head);
        let i = match self.open.iter().position(|(h, _)| *h == head) {
            Some(i) => i,
            None => {
                self.open.push((head, Open::default()));
                self.open.len() - 1
            }
        };
        let fits = head_len + self.open[i].1.spans.len() + framed <= self.max_bytes;
        if !fits && self.open[i].1.counts.spans() > 0 {
            let full = std::mem::take(&mut self.open[i].1);
            let req = self.frame(head, full);
            self.ready.push_back(req);
        }
        let open = &mut self.open[i].1;
        encode_key(2, WireType::LengthDelimited, &mut open.spans);
        encode_varint(span.len() as u64, &mut open.spans);
        open.spans.extend_from_slice(span);
        open.counts.add(counts);
    }

    /// Cuts every open request (a period ended, or a window record must leave now).
    pub fn cut(&mut self) {
        for (head, open) in std::mem::take(&mut self.open) {
            if open.counts.spans() > 0 {
                let req = self.frame(head, open);
                self.ready.push_back(req);
            }
        }
    }

    /// The next finished request.
    pub fn pop(&mut self) -> Option<Request> {
        self.ready.pop_front()
    }

    /// Whether a finished request waits.
    pub fn has_ready(&self) -> bool {
        !self.ready.is_empty()
    }

    /// Spans not yet in a finished request.
    pub fn open_spans(&self) -> u64 {
        self.open.iter().map(|(_, o)| o.counts.spans()).sum()
    }

    /// Bytes held: open spans and finished requests not yet popped.
    pub fn held_bytes(&self) -> u64 {
        let open: usize = self.open.iter().map(|(_, o)| o.spans.len()).sum();
        let ready: usize = self.ready.iter().map(|r| r.body.len()).sum();
        (open + ready) as u64
    }

    /// `ExportTraceServiceRequest { resource_spans: [ResourceSpans { resource,
    /// scope_spans: [ScopeSpans { scope, spans }] }] }` around the framed spans.
    fn frame(&mut self, head: Head, open: Open) -> Request {
        let i = self.head_index(head);
        let resource = &self.head[i].1;
        let scope_spans_len = field_len(self.scope.len()) + open.spans.len();
        let resource_spans_len = field_len(resource.len()) + field_len(scope_spans_len);
        let mut body = Vec::with_capacity(field_len(resource_spans_len));
        // ExportTraceServiceRequest.resource_spans = 1
        encode_key(1, WireType::LengthDelimited, &mut body);
        encode_varint(resource_spans_len as u64, &mut body);
        // ResourceSpans.resource = 1
        encode_key(1, WireType::LengthDelimited, &mut body);
        encode_varint(resource.len() as u64, &mut body);
        body.extend_from_slice(resource);
        // ResourceSpans.scope_spans = 2
        encode_key(2, WireType::LengthDelimited, &mut body);
        encode_varint(scope_spans_len as u64, &mut body);
        // ScopeSpans.scope = 1
        encode_key(1, WireType::LengthDelimited, &mut body);
        encode_varint(self.scope.len() as u64, &mut body);
        body.extend_from_slice(&self.scope);
        // ScopeSpans.spans = 2, already framed
        body.extend_from_slice(&open.spans);
        Request {
            tier: head.0.tier,
            body,
            counts: open.counts,
        }
    }
}

/// The resource of spans that ran under `declared`: the process's attributes with
/// `gpu.pc_sampling.tier` set to its tier and, when that is off although another tier
/// was configured, `gpu.pc_sampling.tier.configured` and `.reason` saying so.
pub fn resource_of(attrs: &[KeyValue], declared: impl Into<Declared>) -> Resource {
    let declared = declared.into();
    let mut attributes: Vec<KeyValue> = attrs
        .iter()
        .filter(|kv| {
            ![
                a::GPU_PC_SAMPLING_TIER,
                a::GPU_PC_SAMPLING_TIER_CONFIGURED,
                a::GPU_PC_SAMPLING_TIER_REASON,
            ]
            .contains(&kv.key.as_str())
        })
        .cloned()
        .collect();
    attributes.push(semconv::otlp::string(
        a::GPU_PC_SAMPLING_TIER,
        declared.tier.as_str(),
    ));
    if let Some((configured, why)) = declared.not_running {
        attributes.push(semconv::otlp::string(
            a::GPU_PC_SAMPLING_TIER_CONFIGURED,
            configured.as_str(),
        ));
        attributes.push(semconv::otlp::string(
            a::GPU_PC_SAMPLING_TIER_REASON,
            why.as_str(),
        ));
    }
    Resource {
        attributes,
        ..Default::default()
    }
}

/// A length-delimited field of `len` bytes with a one-byte key.
fn field_len(len: usize) -> usize {
    1 + encoded_len_varint(len as u64) + len
}

fn put_bytes(tag: u32, v: &[u8], buf: &mut Vec<u8>) {
    encode_key(tag, WireType::LengthDelimited, buf);
    encode_varint(v.len() as u64, buf);
    buf.extend_from_slice(v);
}

fn put_fixed64(tag: u32, v: u64, buf: &mut Vec<u8>) {
    encode_key(tag, WireType::SixtyFourBit, buf);
    buf.extend_from_slice(&v.to_le_bytes());
}

/// The head of `KeyValue { key, value: AnyValue { .. } }` as `Span.attributes` (9),
/// up to the `AnyValue`'s field of `any` bytes, which the caller writes.
fn put_attr_head(key: &str, any: usize, buf: &mut Vec<u8>) {
    let kv = field_len(key.len()) + field_len(any);
    encode_key(9, WireType::LengthDelimited, buf);
    encode_varint(kv as u64, buf);
    put_bytes(1, key.as_bytes(), buf);
    encode_key(2, WireType::LengthDelimited, buf);
    encode_varint(any as u64, buf);
}

/// A string attribute (`AnyValue.string_value` = 1).
fn put_str_attr(key: &str, v: &str, buf: &mut Vec<u8>) {
    put_attr_head(key, field_len(v.len()), buf);
    put_bytes(1, v.as_bytes(), buf);
}

/// An int attribute (`AnyValue.int_value` = 3).
fn put_int_attr(key: &str, v: i64, buf: &mut Vec<u8>) {
    put_attr_head(key, 1 + encoded_len_varint(v as u64), buf);
    // AnyValue.int_value = 3
    encode_key(3, WireType::Varint, buf);
    encode_varint(v as u64, buf);
}

/// Appends the protobuf of `span` (a `Span` message's fields, in tag order where it
/// matters to nobody: protobuf readers accept any order) to `buf`; the bytes decode to
/// exactly [`KernelSpan::to_proto`].
pub(crate) fn encode_kernel_span(span: &KernelSpan, buf: &mut Vec<u8>) {
    let r = &span.record;
    put_bytes(1, &span.trace_id, buf);
    put_bytes(2, &span.span_id, buf);
    put_bytes(4, &span.parent_span_id, buf);
    put_bytes(5, span.name.as_bytes(), buf);
    // Span.kind = 6: SPAN_KIND_INTERNAL
    encode_key(6, WireType::Varint, buf);
    encode_varint(1, buf);
    put_fixed64(7, r.start_ns, buf);
    put_fixed64(8, span.end_ns(), buf);
    if let Some(g) = &r.graph_launch {
        encode_graph_launch_attributes(span, g, buf);
        put_status_and_flags(span, buf);
        return;
    }
    put_str_attr(a::GPU_KERNEL_NAME, &r.name, buf);
    put_str_attr(a::GPU_SERIALIZED, span.serialized.as_str(), buf);
    let ints: [(&str, i64); 14] = [
        (a::GPU_CORRELATION_ID, r.correlation_id.into()),
        (a::GPU_DEVICE_ID, r.device_id.into()),
        (a::GPU_CONTEXT_ID, r.context_id.into()),
        (a::GPU_STREAM_ID, r.stream_id.into()),
        (a::GPU_GRAPH_ID, r.graph_id.into()),
        (a::GPU_KERNEL_GRID_X, r.grid[0].into()),
        (a::GPU_KERNEL_GRID_Y, r.grid[1].into()),
        (a::GPU_KERNEL_GRID_Z, r.grid[2].into()),
        (a::GPU_KERNEL_BLOCK_X, r.block[0].into()),
        (a::GPU_KERNEL_BLOCK_Y, r.block[1].into()),
        (a::GPU_KERNEL_BLOCK_Z, r.block[2].into()),
        (
            a::GPU_KERNEL_SHARED_MEMORY_STATIC,
            r.static_shared_memory.into(),
        ),
        (
            a::GPU_KERNEL_SHARED_MEMORY_DYNAMIC,
            r.dynamic_shared_memory.into(),
        ),
        (
            a::GPU_KERNEL_REGISTERS_PER_THREAD,
            r.registers_per_thread.into(),
        ),
    ];
    for (k, v) in ints {
        put_int_attr(k, v, buf);
    }
    if let Some(pc) = &span.pc {
        // Rare (serialized bursts only): the message path is fast enough.
        let pairs = crate::model::pair_attributes(&pc.pairs, pc.pairs_dropped);
        for kv in crate::model::pc_attributes(&pc.summary)
            .iter()
            .chain(&pairs)
        {
            encode_key(9, WireType::LengthDelimited, buf);
            encode_varint(kv.encoded_len() as u64, buf);
            kv.encode_raw(buf);
        }
    }
    put_status_and_flags(span, buf);
}

/// A `gpu.graph.launch` span's attributes, as [`KernelSpan::attributes`] lists them.
fn encode_graph_launch_attributes(
    span: &KernelSpan,
    g: &crate::record::GraphLaunch,
    buf: &mut Vec<u8>,
) {
    let r = &span.record;
    put_str_attr(a::GPU_SERIALIZED, span.serialized.as_str(), buf);
    put_int_attr(a::GPU_GRAPH_ID, r.graph_id.into(), buf);
    if let Some(n) = g.kernel_nodes {
        put_int_attr(
            a::GPU_GRAPH_KERNEL_NODES,
            i64::try_from(n).unwrap_or(i64::MAX),
            buf,
        );
    }
    for (k, v) in [
        (a::GPU_CORRELATION_ID, r.correlation_id),
        (a::GPU_DEVICE_ID, r.device_id),
        (a::GPU_CONTEXT_ID, r.context_id),
        (a::GPU_STREAM_ID, r.stream_id),
    ] {
        put_int_attr(k, v.into(), buf);
    }
}

fn put_status_and_flags(span: &KernelSpan, buf: &mut Vec<u8>) {
    // Span.status = 15: present and empty (unset), as the SDK writes it.
    encode_key(15, WireType::LengthDelimited, buf);
    encode_varint(0, buf);
    // Span.flags = 16 (fixed32)
    encode_key(16, WireType::ThirtyTwoBit, buf);
    buf.extend_from_slice(&span.flags.to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::FakeKernel;
    use crate::model::{IdSeed, Slicer};
    use crate::sampling::samples::{ExecutionSamples, PcStall, PcSummary};
    use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
    use proptest::prelude::*;
    use semconv::Serialized;
    use std::sync::Arc;
    use std::time::Duration;

    const T0: u64 = 1_764_430_000_000_000_000;

    fn slicer() -> Slicer {
        Slicer::new(
            Duration::from_secs(1),
            Duration::from_millis(500),
            IdSeed::from_u128(7),
            Tier::Off,
        )
    }

    fn resource() -> Vec<KeyValue> {
        vec![semconv::otlp::string("service.name", "train")]
    }

    fn decode(req: &Request) -> ExportTraceServiceRequest {
        ExportTraceServiceRequest::decode(req.body.as_slice()).expect("a valid request")
    }

    proptest! {
        #[test]
        fn the_direct_encoding_of_a_kernel_span_decodes_to_its_message(
            name in "[_A-Za-z0-9]{1,200}",
            start in 0u64..u64::MAX / 2,
            len in 0u64..10_000_000_000,
            ids in any::<[u32; 5]>(),
            dims in any::<[i32; 8]>(),
            regs in any::<u16>(),
            stamp in 0usize..3,
            pc in proptest::option::of((
                any::<u64>(),
                "[a-z_]{1,40}",
                any::<u64>(),
                proptest::collection::vec((any::<u64>(), "[a-z_]{1,40}", any::<u64>()), 0..8),
                any::<usize>(),
            )),
            // Roots below APP_ROOT: ranges of the injector's own traces (application
            // contexts: model.rs's tests).
            range in proptest::option::of((any::<u64>(), 0u64..crate::nvtx::context::APP_ROOT)),
            remote in any::<bool>(),
        ) {
            let mut r = FakeKernel::new(&name, start, start.saturating_add(len)).record();
            r.correlation_id = ids[0];
            r.device_id = ids[1];
            r.context_id = ids[2];
            r.stream_id = ids[3];
            r.graph_id = ids[4];
            r.grid = [dims[0], dims[1], dims[2]];
            r.block = [dims[3], dims[4], dims[5]];
            r.static_shared_memory = dims[6];
            r.dynamic_shared_memory = dims[7];
            r.registers_per_thread = regs;
            r.range = range.map(|(range, root)| crate::nvtx::RangeLink { range, root });
            let serialized = [Serialized::True, Serialized::False, Serialized::Unknown][stamp];
            let pc = pc.map(|(samples, stall, n, pairs, pairs_dropped)| ExecutionSamples {
                summary: PcSummary {
                    samples,
                    stalls: vec![(Arc::from(stall.as_str()), n)],
                },
                pairs: pairs
                    .into_iter()
                    .map(|(offset, stall, samples)| PcStall {
                        offset,
                        stall: Arc::from(stall.as_str()),
                        samples,
                        line: None,
                    })
                    .collect(),
                pairs_dropped,
            });
            let r_range = r.range;
            let mut span = slicer().stamped(r, serialized, pc);
            if remote {
                span.flags |= crate::model::REMOTE_PARENT;
            }
            let mut buf = Vec::new();
            encode_kernel_span(&span, &mut buf);
            let decoded = Span::decode(buf.as_slice()).expect("decodes");
            prop_assert_eq!(&decoded, &span.to_proto());
            let seed = IdSeed::from_u128(7);
            match r_range {
                Some(l) => {
                    prop_assert_eq!(decoded.parent_span_id, seed.range_span_id(l.range).to_vec());
                    prop_assert_eq!(decoded.trace_id, seed.range_trace_id(l.root).to_vec());
                }
                None => prop_assert_eq!(decoded.parent_span_id, seed.root_span_id(start / 1_000_000_000).to_vec()),
            }
        }

        #[test]
        fn a_range_span_goes_out_whole_in_a_request_counted_as_a_range(
            name in "\\PC{0,120}",
            range in 0u64..(1 << 61),
            parent in proptest::option::of(0u64..(1 << 61)),
            start in 0u64..u64::MAX / 2,
            len in 0u64..10_000_000_000,
            thread in any::<u32>(),
            category in any::<u32>(),
            color in proptest::option::of(any::<u32>()),
            int_payload in proptest::option::of(any::<i64>()),
            unclosed in any::<bool>(),
        ) {
            let mut s = slicer();
            let r = crate::nvtx::book::ClosedRange {
                range,
                parent,
                root: parent.unwrap_or(range),
                kind: crate::nvtx::RangeKind::PushPop,
                thread,
                start_ns: start,
                end_ns: start + len,
                name,
                domain: None,
                category,
                color,
                payload: int_payload.map(crate::nvtx::Payload::Int),
                unclosed,
            };
            let span = s.range_span(&r);
            let mut b = Batcher::new(&resource(), &crate::model::scope(), 1 << 20);
            b.other(Tier::Off, &span, OtherKind::Range);
            b.cut();
            let req = b.pop().unwrap();
            prop_assert_eq!(req.counts, Counts { ranges: 1, ..Counts::default() });
            let decoded = decode(&req);
            prop_assert_eq!(&decoded.resource_spans[0].scope_spans[0].spans[0], &span);
            prop_assert_eq!(span.start_time_unix_nano, start);
            prop_assert_eq!(span.end_time_unix_nano, start + len);
            prop_assert_eq!(span.parent_span_id.is_empty(), parent.is_none());
        }
    }

    proptest! {
        #[test]
        fn the_direct_encoding_of_a_graph_launch_span_decodes_to_its_message(
            start in 0u64..u64::MAX / 2,
            len in 0u64..10_000_000_000,
            ids in any::<[u32; 5]>(),
            nodes in proptest::option::of(any::<u64>()),
            stamp in 0usize..3,
        ) {
            let r = FakeKernel::graph_launch(ids[4], nodes, start, start.saturating_add(len))
                .correlation(ids[0])
                .device(ids[1])
                .context(ids[2])
                .stream(ids[3])
                .record();
            let serialized = [Serialized::True, Serialized::False, Serialized::Unknown][stamp];
            let span = slicer().stamped(r, serialized, None);
            let mut buf = Vec::new();
            encode_kernel_span(&span, &mut buf);
            let decoded = Span::decode(buf.as_slice()).expect("decodes");
            prop_assert_eq!(&decoded, &span.to_proto());
            prop_assert_eq!(decoded.name.as_str(), a::SPAN_GPU_GRAPH_LAUNCH);
            prop_assert_eq!(semconv::otlp::find(&decoded.attributes, a::GPU_KERNEL_NAME), None);
            prop_assert_eq!(
                semconv::otlp::get_int(&decoded.attributes, a::GPU_GRAPH_KERNEL_NODES),
                nodes.map(|n| i64::try_from(n).unwrap_or(i64::MAX))
            );
            prop_assert_eq!(
                semconv::otlp::get_str(&decoded.attributes, a::GPU_SERIALIZED),
                Some(serialized.as_str())
            );
        }
    }

    #[test]
    fn a_graph_launch_span_is_counted_as_a_kernel_span_and_as_a_graph_launch() {
        let mut s = slicer();
        let mut b = Batcher::new(&resource(), &crate::model::scope(), 1 << 20);
        let g = s.kernel(
            FakeKernel::graph_launch(4, Some(198), T0, T0 + 5).record(),
            Tier::Off,
        );
        let k = s.kernel(FakeKernel::new("_Z1kv", T0, T0 + 5).record(), Tier::Off);
        b.kernel(Tier::Off, &g);
        b.kernel(Tier::Off, &k);
        b.cut();
        let req = b.pop().unwrap();
        assert_eq!(
            req.counts,
            Counts {
                kernels: 2,
                graph_launches: 1,
                ..Counts::default()
            }
        );
    }

    #[test]
    fn a_request_decodes_to_the_resource_scope_and_spans_it_was_given() {
        let mut s = slicer();
        let mut b = Batcher::new(&resource(), &crate::model::scope(), 1 << 20);
        let spans: Vec<_> = (0..10)
            .map(|i| {
                s.kernel(
                    FakeKernel::new("_Z1kv", T0 + i, T0 + i + 5).record(),
                    Tier::Off,
                )
            })
            .collect();
        for k in &spans {
            b.kernel(Tier::Off, k);
        }
        let mut roots = Vec::new();
        s.close_all(T0 + 5_000_000_000, Default::default(), &mut roots);
        b.other(Tier::Off, &roots[0], OtherKind::Root);
        assert!(
            b.pop().is_none(),
            "nothing is cut before it is full or asked for"
        );
        b.cut();
        let req = b.pop().unwrap();
        assert_eq!(
            req.counts,
            Counts {
                kernels: 10,
                roots: 1,
                ..Counts::default()
            }
        );
        let decoded = decode(&req);
        assert_eq!(decoded.resource_spans.len(), 1);
        let rs = &decoded.resource_spans[0];
        assert_eq!(rs.resource, Some(resource_of(&resource(), Tier::Off)));
        assert_eq!(rs.scope_spans[0].scope, Some(crate::model::scope()));
        let got = &rs.scope_spans[0].spans;
        assert_eq!(got.len(), 11);
        for (g, k) in got.iter().zip(&spans) {
            assert_eq!(g, &k.to_proto());
        }
        assert_eq!(got[10], roots[0]);
    }

    #[test]
    fn no_request_exceeds_its_byte_bound_and_every_span_lands_in_one() {
        let mut s = slicer();
        let max = 64 * 1024;
        let mut b = Batcher::new(&resource(), &crate::model::scope(), max);
        let long = "_Z".to_string() + &"x".repeat(3000);
        let n = 2_000u64;
        for i in 0..n {
            let name = if i % 7 == 0 { long.as_str() } else { "_Z1kv" };
            let k = s.kernel(
                FakeKernel::new(name, T0 + i, T0 + i + 1).record(),
                Tier::Off,
            );
            b.kernel(Tier::Off, &k);
        }
        b.cut();
        let mut total = 0;
        let mut requests = 0;
        while let Some(req) = b.pop() {
            assert!(req.body.len() <= max, "{} > {max}", req.body.len());
            let decoded = decode(&req);
            let spans = decoded.resource_spans[0].scope_spans[0].spans.len() as u64;
            assert_eq!(spans, req.counts.kernels);
            total += spans;
            requests += 1;
        }
        assert_eq!(total, n);
        assert!(
            requests > 10,
            "the bound cut the stream ({requests} requests)"
        );
    }

    #[test]
    fn each_tier_goes_out_under_its_own_resource() {
        let mut s = slicer();
        let mut b = Batcher::new(&resource(), &crate::model::scope(), 1 << 20);
        let k = s.kernel(FakeKernel::new("_Z1kv", T0, T0 + 1).record(), Tier::Off);
        b.kernel(Tier::Off, &k);
        b.kernel(Tier::Continuous, &k);
        b.cut();
        let tiers: Vec<_> = std::iter::from_fn(|| b.pop())
            .map(|r| {
                let d = decode(&r);
                let attrs = &d.resource_spans[0].resource.as_ref().unwrap().attributes;
                (
                    r.tier,
                    semconv::otlp::get_str(attrs, a::GPU_PC_SAMPLING_TIER).map(String::from),
                )
            })
            .collect();
        assert_eq!(
            tiers,
            vec![
                (Tier::Off, Some("off".into())),
                (Tier::Continuous, Some("continuous".into()))
            ]
        );
    }
}
