//! Strategies for OTLP trace requests shaped by what the receiver reads: producers with
//! and without `service.instance.id`, tier declarations of every kind and wrong types,
//! window records valid and mangled, kernel spans with every kind of `gpu.serialized`,
//! ids valid or not, huge strings, absent fields, nested values; and byte mutations.

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{
    any_value::Value, AnyValue, ArrayValue, InstrumentationScope, KeyValue, KeyValueList,
};
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::span::Event;
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans, Span};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{select, Index};
use semconv::attributes as a;
use semconv::{codec, otlp, QuietTail, SamplingMode, Window, WindowEnd};

/// Whether generated span ids are all valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ids {
    Valid,
    Any,
}

/// Kernel spans and windows live around this instant, so that they intersect.
const T0: u64 = 1_700_000_000_000_000_000;

fn kv(key: &str, value: Option<Value>) -> KeyValue {
    KeyValue {
        key: key.to_string(),
        value: Some(AnyValue { value }),
        ..Default::default()
    }
}

fn id(len: usize, ids: Ids) -> BoxedStrategy<Vec<u8>> {
    let valid = vec(any::<u8>(), len).prop_map(move |mut v| {
        if v.iter().all(|b| *b == 0) {
            v[len - 1] = 1;
        }
        v
    });
    match ids {
        Ids::Valid => valid.boxed(),
        Ids::Any => prop_oneof![
            6 => valid,
            1 => Just(vec![]),
            1 => Just(vec![0; len]),
            1 => vec(any::<u8>(), 0..24),
        ]
        .boxed(),
    }
}

fn parent_id(ids: Ids) -> BoxedStrategy<Vec<u8>> {
    match ids {
        Ids::Valid => prop_oneof![Just(vec![]), id(8, Ids::Valid)].boxed(),
        Ids::Any => prop_oneof![Just(vec![]), id(8, Ids::Valid), vec(any::<u8>(), 0..12)].boxed(),
    }
}

/// Up to 64 KiB of one character: a few of them reach the size limit.
fn huge_string() -> impl Strategy<Value = String> {
    (0usize..=64 * 1024, any::<char>()).prop_map(|(n, c)| c.to_string().repeat(n / c.len_utf8()))
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![8 => ".{0,16}", 1 => huge_string()]
}

/// A double that OTLP/JSON can carry (NaN and the infinities have no JSON number).
fn finite() -> impl Strategy<Value = f64> {
    any::<f64>().prop_filter("finite", |d| d.is_finite())
}

fn scalar() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        4 => text().prop_map(|s| Some(Value::StringValue(s))),
        2 => any::<bool>().prop_map(|b| Some(Value::BoolValue(b))),
        3 => any::<i64>().prop_map(|i| Some(Value::IntValue(i))),
        2 => finite().prop_map(|d| Some(Value::DoubleValue(d))),
        1 => vec(any::<u8>(), 0..32).prop_map(|b| Some(Value::BytesValue(b))),
        1 => Just(None),
    ]
}

/// A value nested `depth` levels at most, arrays and key-value lists mixed.
pub(crate) fn any_value(depth: u32) -> impl Strategy<Value = Option<Value>> {
    scalar().prop_recursive(depth, 24, 4, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..4).prop_map(|vs| {
                Some(Value::ArrayValue(ArrayValue {
                    values: vs.into_iter().map(|value| AnyValue { value }).collect(),
                }))
            }),
            vec((".{0,6}", inner), 0..4).prop_map(|kvs| {
                Some(Value::KvlistValue(KeyValueList {
                    values: kvs.into_iter().map(|(k, v)| kv(&k, v)).collect(),
                }))
            }),
        ]
    })
}

/// A chain of `depth` nested values, alternating key-value lists and arrays.
pub(crate) fn nested(depth: usize) -> Option<Value> {
    let value = (0..depth).fold(Value::IntValue(7), |inner, i| {
        let inner = AnyValue { value: Some(inner) };
        if i % 2 == 0 {
            Value::KvlistValue(KeyValueList {
                values: vec![KeyValue {
                    key: "k".into(),
                    value: Some(inner),
                    ..Default::default()
                }],
            })
        } else {
            Value::ArrayValue(ArrayValue {
                values: vec![inner],
            })
        }
    });
    Some(value)
}

fn attribute() -> impl Strategy<Value = KeyValue> {
    (
        prop_oneof![
            ".{0,12}",
            select(vec!["service.name", "gpu.device.id", "k"]).prop_map(String::from)
        ],
        any_value(3),
    )
        .prop_map(|(k, v)| kv(&k, v))
}

/// A value of a type other than string, or no value.
fn not_a_string() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        any::<i64>().prop_map(|i| Some(Value::IntValue(i))),
        any::<bool>().prop_map(|b| Some(Value::BoolValue(b))),
        finite().prop_map(|d| Some(Value::DoubleValue(d))),
        Just(None),
        Just(nested(2)),
    ]
}

/// `gpu.pc_sampling.tier`: absent, each tier, an unknown name, a wrong type, twice.
fn tier_declaration() -> impl Strategy<Value = Vec<KeyValue>> {
    let tier = select(vec!["off", "continuous", "serialized"]);
    let t = a::GPU_PC_SAMPLING_TIER;
    prop_oneof![
        2 => Just(vec![]),
        6 => tier.clone().prop_map(move |s| vec![otlp::string(t, s)]),
        1 => ".{0,12}".prop_map(move |s| vec![otlp::string(t, s)]),
        1 => not_a_string().prop_map(move |v| vec![kv(t, v)]),
        1 => (tier.clone(), tier).prop_map(move |(x, y)| vec![otlp::string(t, x), otlp::string(t, y)]),
    ]
}

/// `service.instance.id`: absent, a few instances (so that requests share producers),
/// or a wrong type.
fn instance_id() -> impl Strategy<Value = Vec<KeyValue>> {
    let k = "service.instance.id";
    prop_oneof![
        3 => Just(vec![]),
        4 => select(vec!["a6f1", "77c0", ""]).prop_map(move |s| vec![otlp::string(k, s)]),
        1 => not_a_string().prop_map(move |v| vec![kv(k, v)]),
    ]
}

fn resource() -> impl Strategy<Value = Option<Resource>> {
    let attrs = (
        instance_id(),
        tier_declaration(),
        select(vec!["trainer", "server"]),
        1i64..3,
        vec(attribute(), 0..3),
    )
        .prop_map(|(id, tier, service, pid, extra)| {
            let mut attrs = id;
            attrs.extend(tier);
            attrs.push(otlp::string("service.name", service));
            attrs.push(otlp::int("process.pid", pid));
            attrs.extend(extra);
            attrs
        })
        .prop_shuffle();
    prop_oneof![
        1 => Just(None),
        8 => attrs.prop_map(|attributes| Some(Resource { attributes, ..Default::default() })),
    ]
}

fn window() -> impl Strategy<Value = Window> {
    let mode = select(vec![
        SamplingMode::KernelSerialized,
        SamplingMode::Continuous,
        SamplingMode::Opaque,
    ]);
    (
        0u64..20_000,
        prop_oneof![Just(None), (0u64..10_000).prop_map(Some)],
        0u64..12,
        mode,
        prop_oneof![Just(None), (0u64..3).prop_map(Some)],
        prop_oneof![Just(None), (0u64..3).prop_map(Some)],
        prop_oneof![
            Just(QuietTail::None),
            (1u64..10_000).prop_map(QuietTail::For),
            Just(QuietTail::Never)
        ],
    )
        .prop_map(|(start, len, seq, mode, context_id, device_id, quiet)| {
            let end = len.map_or(WindowEnd::Open, |l| WindowEnd::Closed(T0 + start + l + 1));
            Window {
                start_ns: T0 + start,
                end,
                seq,
                mode,
                context_id,
                device_id,
                quiet_tail: if end == WindowEnd::Open {
                    QuietTail::None
                } else {
                    quiet
                },
            }
        })
}

const WINDOW_KEYS: [&str; 7] = [
    a::GPU_SAMPLING_WINDOW_START_NS,
    a::GPU_SAMPLING_WINDOW_END_NS,
    a::GPU_SAMPLING_WINDOW_SEQ,
    a::GPU_SAMPLING_MODE,
    a::GPU_SAMPLING_WINDOW_QUIET_NS,
    a::GPU_CONTEXT_ID,
    a::GPU_DEVICE_ID,
];

/// What is wrong with a window record.
#[derive(Debug, Clone)]
pub(crate) enum Mangle {
    None,
    Remove(&'static str),
    WrongType(&'static str, Option<Value>),
    /// Any int, negative or past the largest timestamp included.
    Int(&'static str, i64),
    /// `end_ns` before `start_ns`.
    Invert,
    /// The attribute a second time, with another value.
    Duplicate(&'static str, Option<Value>),
    Mode(String),
}

pub(crate) fn mangle() -> impl Strategy<Value = Mangle> {
    let key = select(WINDOW_KEYS.to_vec());
    prop_oneof![
        6 => Just(Mangle::None),
        1 => key.clone().prop_map(Mangle::Remove),
        1 => (key.clone(), prop_oneof![".{0,8}".prop_map(|s| Some(Value::StringValue(s))), not_a_string()])
            .prop_map(|(k, v)| Mangle::WrongType(k, v)),
        1 => (key.clone(), prop_oneof![any::<i64>(), Just(i64::MAX), Just(-1), Just(-2), Just(i64::MIN)])
            .prop_map(|(k, v)| Mangle::Int(k, v)),
        1 => Just(Mangle::Invert),
        1 => (key, any_value(1)).prop_map(|(k, v)| Mangle::Duplicate(k, v)),
        1 => ".{0,12}".prop_map(Mangle::Mode),
    ]
}

/// The attributes of a window record, mangled.
pub(crate) fn record(w: &Window, m: &Mangle) -> Vec<KeyValue> {
    let mut attrs = codec::encode(w);
    match m.clone() {
        Mangle::None => {}
        Mangle::Remove(k) => attrs.retain(|kv| kv.key != k),
        Mangle::WrongType(k, v) => otlp::set(&mut attrs, kv(k, v)),
        Mangle::Int(k, i) => otlp::set(&mut attrs, otlp::int(k, i)),
        Mangle::Invert => {
            otlp::set(
                &mut attrs,
                otlp::int(a::GPU_SAMPLING_WINDOW_END_NS, w.start_ns as i64 - 1),
            );
        }
        Mangle::Duplicate(k, v) => attrs.push(kv(k, v)),
        Mangle::Mode(s) => otlp::set(&mut attrs, otlp::string(a::GPU_SAMPLING_MODE, s)),
    }
    attrs
}

fn window_event() -> impl Strategy<Value = Event> {
    (window(), mangle(), any::<u64>()).prop_map(|(w, m, time)| Event {
        time_unix_nano: time,
        name: a::EVENT_GPU_SAMPLING_WINDOW.to_string(),
        attributes: record(&w, &m),
        dropped_attributes_count: 0,
    })
}

fn other_event() -> impl Strategy<Value = Event> {
    (".{0,12}", vec(attribute(), 0..2)).prop_map(|(name, attributes)| Event {
        name,
        attributes,
        ..Default::default()
    })
}

/// `gpu.serialized`: absent, each value, an unknown value, a wrong type, twice.
fn stamp() -> impl Strategy<Value = Vec<KeyValue>> {
    let value = select(vec!["true", "false", "unknown"]);
    let k = a::GPU_SERIALIZED;
    prop_oneof![
        3 => Just(vec![]),
        6 => value.clone().prop_map(move |s| vec![otlp::string(k, s)]),
        1 => ".{0,8}".prop_map(move |s| vec![otlp::string(k, s)]),
        1 => not_a_string().prop_map(move |v| vec![kv(k, v)]),
        1 => (value.clone(), value).prop_map(move |(x, y)| vec![otlp::string(k, x), otlp::string(k, y)]),
    ]
}

/// What a span is to the receiver.
fn role() -> impl Strategy<Value = (Vec<KeyValue>, Vec<Event>)> {
    let kernel_name = prop_oneof![
        1 => Just(vec![]),
        4 => text().prop_map(|s| vec![otlp::string(a::GPU_KERNEL_NAME, s)]),
        1 => not_a_string().prop_map(|v| vec![kv(a::GPU_KERNEL_NAME, v)]),
    ];
    prop_oneof![
        // Plain.
        3 => vec(attribute(), 0..4).prop_map(|attrs| (attrs, vec![])),
        // Kernel.
        5 => (kernel_name, stamp(), vec(attribute(), 0..2)).prop_map(|(mut n, s, extra)| {
            n.extend(s);
            n.extend(extra);
            (n, vec![])
        }),
        // Carrier of window records, other events beside them.
        3 => (vec(window_event(), 1..4), vec(other_event(), 0..2), vec(attribute(), 0..2))
            .prop_map(|(mut w, o, attrs)| {
                w.extend(o);
                (attrs, w)
            }),
    ]
}

fn times() -> impl Strategy<Value = (u64, u64)> {
    prop_oneof![
        8 => (0u64..25_000, 0u64..5_000).prop_map(|(s, l)| (T0 + s, T0 + s + l)),
        1 => (any::<u64>(), any::<u64>()),
        1 => select(vec![(0, 0), (u64::MAX, u64::MAX), (T0 + 10, T0), (0, u64::MAX)]),
    ]
}

fn span(ids: Ids) -> impl Strategy<Value = Span> {
    (
        (id(16, ids), id(8, ids), parent_id(ids)),
        text(),
        prop_oneof![0i32..6, any::<i32>()],
        times(),
        // Names, stamps and other attributes in any order.
        role().prop_flat_map(|(attrs, events)| (Just(attrs).prop_shuffle(), Just(events))),
    )
        .prop_map(
            |(
                (trace_id, span_id, parent_span_id),
                name,
                kind,
                (start, end),
                (attributes, events),
            )| Span {
                trace_id,
                span_id,
                parent_span_id,
                name,
                kind,
                start_time_unix_nano: start,
                end_time_unix_nano: end,
                attributes,
                events,
                ..Default::default()
            },
        )
}

fn scope() -> impl Strategy<Value = Option<InstrumentationScope>> {
    prop_oneof![
        1 => Just(None),
        4 => (".{0,12}", ".{0,6}", vec(attribute(), 0..2)).prop_map(|(name, version, attributes)| {
            Some(InstrumentationScope { name, version, attributes, dropped_attributes_count: 0 })
        }),
    ]
}

fn resource_spans(ids: Ids, spans: usize) -> impl Strategy<Value = ResourceSpans> {
    (
        resource(),
        vec((scope(), vec(span(ids), 0..=spans), ".{0,8}"), 0..3),
        ".{0,8}",
    )
        .prop_map(|(resource, scopes, schema_url)| ResourceSpans {
            resource,
            scope_spans: scopes
                .into_iter()
                .map(|(scope, spans, schema_url)| ScopeSpans {
                    scope,
                    spans,
                    schema_url,
                })
                .collect(),
            schema_url,
        })
}

/// A request of a few producers, or many small ones.
pub(crate) fn request(ids: Ids) -> impl Strategy<Value = ExportTraceServiceRequest> {
    prop_oneof![
        6 => vec(resource_spans(ids, 6), 0..4),
        1 => vec(resource_spans(ids, 1), 16..64),
    ]
    .prop_map(|resource_spans| ExportTraceServiceRequest { resource_spans })
}

/// A request whose one attribute holds a chain of `depth` nested values.
pub(crate) fn deep_request() -> impl Strategy<Value = (usize, ExportTraceServiceRequest)> {
    (0usize..80, request(Ids::Valid)).prop_map(|(depth, mut req)| {
        let attr = kv("deep", nested(depth));
        match req.resource_spans.first_mut() {
            Some(rs) => rs
                .resource
                .get_or_insert_with(Resource::default)
                .attributes
                .push(attr),
            None => req.resource_spans.push(ResourceSpans {
                resource: Some(Resource {
                    attributes: vec![attr],
                    ..Default::default()
                }),
                ..Default::default()
            }),
        }
        (depth, req)
    })
}

/// One change to an encoded request.
#[derive(Debug, Clone)]
pub(crate) enum Mutation {
    Flip(Index, u8),
    Truncate(Index),
    Insert(Index, Vec<u8>),
    Remove(Index, usize),
    Overwrite(Index, u8),
}

pub(crate) fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    let m = prop_oneof![
        (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::Flip(i, b)),
        any::<Index>().prop_map(Mutation::Truncate),
        (any::<Index>(), vec(any::<u8>(), 1..8)).prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<Index>(), 1usize..16).prop_map(|(i, n)| Mutation::Remove(i, n)),
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Overwrite(i, b)),
    ];
    vec(m, 1..4)
}

/// `data` with every mutation applied in turn.
pub(crate) fn mutate(mut data: Vec<u8>, ms: &[Mutation]) -> Vec<u8> {
    for m in ms {
        if data.is_empty() {
            if let Mutation::Insert(_, b) = m {
                data.extend_from_slice(b);
            }
            continue;
        }
        match m {
            Mutation::Flip(i, bit) => {
                let at = i.index(data.len());
                data[at] ^= 1 << bit;
            }
            Mutation::Truncate(i) => data.truncate(i.index(data.len())),
            Mutation::Insert(i, b) => {
                let at = i.index(data.len() + 1);
                data.splice(at..at, b.iter().copied());
            }
            Mutation::Remove(i, n) => {
                let at = i.index(data.len());
                let end = (at + n).min(data.len());
                data.drain(at..end);
            }
            Mutation::Overwrite(i, b) => {
                let at = i.index(data.len());
                data[at] = *b;
            }
        }
    }
    data
}
