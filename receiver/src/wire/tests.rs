use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{
    any_value::Value, AnyValue, ArrayValue, KeyValue, KeyValueList,
};
use opentelemetry_proto::tonic::trace::v1::span::{Event, Link};
use opentelemetry_proto::tonic::trace::v1::{Span, Status};
use proptest::prelude::*;
use prost::Message;
use semconv::{codec, otlp, Serialized, Tier, Window};

use super::*;
use crate::fixtures::{kernel, plain, request, resource, window_carrier};
use crate::reconcile::prepared::Prepared;

fn any_value() -> impl Strategy<Value = AnyValue> {
    let leaf = prop_oneof![
        "[a-z_.]{0,12}".prop_map(Value::StringValue),
        any::<bool>().prop_map(Value::BoolValue),
        any::<i64>().prop_map(Value::IntValue),
        any::<f64>().prop_map(Value::DoubleValue),
        proptest::collection::vec(any::<u8>(), 0..6).prop_map(Value::BytesValue),
    ]
    .prop_map(|v| AnyValue { value: Some(v) });
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..3)
                .prop_map(|values| Value::ArrayValue(ArrayValue { values })),
            proptest::collection::vec(("[a-z]{1,4}", inner), 0..3).prop_map(|kvs| {
                Value::KvlistValue(KeyValueList {
                    values: kvs
                        .into_iter()
                        .map(|(key, v)| KeyValue {
                            key,
                            value: Some(v),
                            ..Default::default()
                        })
                        .collect(),
                })
            }),
        ]
        .prop_map(|v| AnyValue { value: Some(v) })
    })
}

fn key_value() -> impl Strategy<Value = KeyValue> {
    let key = prop_oneof![
        Just(a::GPU_SERIALIZED.to_string()),
        Just(a::GPU_KERNEL_NAME.to_string()),
        "[a-z.]{1,10}",
    ];
    let serialized = prop_oneof![Just("true"), Just("false"), Just("unknown"), Just("yes")]
        .prop_map(|s| AnyValue {
            value: Some(Value::StringValue(s.into())),
        });
    (key, prop_oneof![serialized, any_value()]).prop_map(|(key, value)| KeyValue {
        key,
        value: Some(value),
        ..Default::default()
    })
}

fn span() -> impl Strategy<Value = Span> {
    (
        proptest::collection::vec(any::<u8>(), 0..17),
        proptest::collection::vec(any::<u8>(), 0..9),
        "[ -~]{0,20}",
        any::<(u64, u64)>(),
        proptest::collection::vec(key_value(), 0..6),
        proptest::collection::vec(
            ("[a-z.]{0,8}", proptest::collection::vec(key_value(), 0..2)),
            0..2,
        ),
        proptest::collection::vec(proptest::collection::vec(key_value(), 0..2), 0..2),
        proptest::option::of(("[a-z]{0,6}", 0i32..3)),
    )
        .prop_map(
            |(trace_id, span_id, name, (start, end), attributes, events, links, status)| Span {
                trace_id,
                span_id,
                name,
                start_time_unix_nano: start,
                end_time_unix_nano: end,
                attributes,
                events: events
                    .into_iter()
                    .map(|(name, attributes)| Event {
                        name,
                        attributes,
                        time_unix_nano: start,
                        ..Default::default()
                    })
                    .collect(),
                links: links
                    .into_iter()
                    .map(|attributes| Link {
                        attributes,
                        flags: 1,
                        ..Default::default()
                    })
                    .collect(),
                status: status.map(|(message, code)| Status { message, code }),
                ..Default::default()
            },
        )
}

fn request_of(spans: Vec<Span>) -> ExportTraceServiceRequest {
    request(resource("p", 1, Some(Tier::Serialized)), spans)
}

/// A mutation of an encoded request: overwrite, cut, insert.
#[derive(Debug, Clone)]
enum Mutation {
    Set(usize, u8),
    Truncate(usize),
    Insert(usize, Vec<u8>),
}

fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        if bytes.is_empty() {
            break;
        }
        match m {
            Mutation::Set(at, b) => {
                let i = at % bytes.len();
                bytes[i] = *b;
            }
            Mutation::Truncate(at) => bytes.truncate(at % bytes.len()),
            Mutation::Insert(at, more) => {
                let i = at % bytes.len();
                bytes.splice(i..i, more.iter().copied());
            }
        }
    }
    bytes
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..4))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
    ]
}

/// Whether a request's bytes are read: the wire path's verdict.
fn wire_accepts(bytes: &[u8]) -> Result<(), WireError> {
    Prepared::decode(Bytes::copy_from_slice(bytes)).map(|_| ())
}

fn assert_read_as_decoded(bytes: &Bytes, span: &Span) {
    let meta = SpanMeta::read(bytes).expect("a valid span is read");
    assert_eq!(meta.trace_id, span.trace_id.as_slice());
    assert_eq!(meta.span_id, span.span_id.as_slice());
    assert_eq!(meta.parent_span_id, span.parent_span_id.as_slice());
    assert_eq!(meta.name(), span.name);
    assert_eq!(
        (meta.start, meta.end),
        (span.start_time_unix_nano, span.end_time_unix_nano)
    );
    let kernel = span
        .attributes
        .iter()
        .any(|kv| kv.key == a::GPU_KERNEL_NAME || kv.key == a::GPU_SERIALIZED);
    assert_eq!(meta.is_kernel, kernel);
    let stamps: Vec<&KeyValue> = span
        .attributes
        .iter()
        .filter(|kv| kv.key == a::GPU_SERIALIZED)
        .collect();
    assert_eq!(meta.serialized_count, stamps.len());
    let small = stamps
        .first()
        .filter(|kv| kv.encoded_len() <= MAX_STAMP_BYTES);
    assert_eq!(
        meta.serialized
            .map(|kv| KeyValue::decode(kv).unwrap())
            .as_ref(),
        small.copied()
    );
    let windows: Vec<Event> = span
        .events
        .iter()
        .filter(|e| codec::is_window_event(e))
        .cloned()
        .collect();
    let read: Vec<Event> = meta
        .windows
        .iter()
        .map(|b| Event::decode(*b).unwrap())
        .collect();
    assert_eq!(read, windows);
}

/// What the kernel metrics read of `bytes` is what `prost` decoded of them (`span`).
fn assert_kernel_fields_as_decoded(bytes: &[u8], span: &Span) {
    let string = |key: &str| {
        span.attributes
            .iter()
            .rev()
            .find(|kv| kv.key == key)
            .and_then(|kv| match kv.value.as_ref()?.value.as_ref()? {
                Value::StringValue(s) => Some(s.as_str()),
                _ => None,
            })
    };
    match KernelFields::read(bytes) {
        None => assert!(string(semconv::attributes::GPU_KERNEL_NAME).is_none()),
        Some(k) => {
            assert_eq!(k.kernel_name, string(semconv::attributes::GPU_KERNEL_NAME));
            assert_eq!(k.serialized, string(semconv::attributes::GPU_SERIALIZED));
            assert_eq!(
                (k.trace_id, k.span_id),
                (&span.trace_id[..], &span.span_id[..])
            );
            assert_eq!(
                (k.start, k.end),
                (span.start_time_unix_nano, span.end_time_unix_nano)
            );
        }
    }
}

#[test]
fn an_attribute_written_in_another_layout_reads_as_prost_reads_it() {
    let delimited = crate::fixtures::length_delimited;
    let string = |s: &str| delimited(1, s.as_bytes());
    let name = semconv::attributes::GPU_KERNEL_NAME.as_bytes();
    let layouts: [Vec<u8>; 4] = [
        // Value first, then the key.
        [delimited(2, &string("late_key")), delimited(1, name)].concat(),
        // The key twice: the last one counts.
        [
            delimited(1, b"other"),
            delimited(1, name),
            delimited(2, &string("twice")),
        ]
        .concat(),
        // The value twice, the string once replaced by another.
        [
            delimited(1, name),
            delimited(2, &string("a")),
            delimited(2, &string("b")),
        ]
        .concat(),
        // Written as encoders do.
        [delimited(1, name), delimited(2, &string("plain"))].concat(),
    ];
    for kv in layouts {
        let span_bytes = delimited(9, &kv);
        let span = Span::decode(span_bytes.as_slice()).expect("valid");
        assert_kernel_fields_as_decoded(&span_bytes, &span);
        assert_read_as_decoded(&Bytes::from(span_bytes.clone()), &span);
    }
}

#[test]
fn an_attribute_as_encoders_write_it_is_refused_exactly_when_prost_refuses_it() {
    let delimited = crate::fixtures::length_delimited;
    let int = |bytes: &[u8]| [&[3u8 << 3][..], bytes].concat();
    let bad_utf8: &[u8] = b"gpu.\xff";
    let values: [Vec<u8>; 8] = [
        delimited(1, b"false"),
        delimited(1, bad_utf8),
        int(&[0x96, 0x01]),
        // A varint of 11 bytes, one cut short, one followed by a stray byte.
        int(&[0xff; 11]),
        int(&[0x96]),
        int(&[0x01, 0x00]),
        // A bool (another member), and nothing at all.
        vec![2 << 3, 1],
        vec![],
    ];
    for key in [&b"gpu.serialized"[..], bad_utf8] {
        for value in &values {
            let kv = [delimited(1, key), delimited(2, value)].concat();
            let span = delimited(9, &kv);
            let request = delimited(1, &delimited(2, &delimited(2, &span)));
            let prost = ExportTraceServiceRequest::decode(request.as_slice());
            let wire = wire_accepts(&request);
            assert_eq!(
                prost.is_ok(),
                wire.is_ok(),
                "key {key:?}, value {value:?}: prost {:?}, wire {:?}",
                prost.err(),
                wire.err()
            );
        }
    }
}

proptest! {
    #[test]
    fn a_wire_request_encodes_to_the_bytes_of_the_request_it_stands_for(
        spans in proptest::collection::vec(span(), 0..5)
    ) {
        let req = request_of(spans);
        let wire = WireRequest::from(req.clone());
        prop_assert_eq!(wire.encode_to_vec(), req.encode_to_vec());
        prop_assert_eq!(wire.to_proto().unwrap(), req.clone());
        let decoded = WireRequest::decode(Bytes::from(req.encode_to_vec())).unwrap();
        prop_assert_eq!(decoded, wire);
    }

    #[test]
    fn what_the_kernel_metrics_read_of_a_span_is_what_decoding_it_gives(span in span()) {
        assert_kernel_fields_as_decoded(&encode_span(&span), &span);
    }

    #[test]
    fn what_is_read_of_a_span_is_what_decoding_it_gives(span in span()) {
        let bytes = encode_span(&span);
        assert_read_as_decoded(&bytes, &span);
    }

    #[test]
    fn a_request_is_refused_exactly_when_prost_refuses_it(
        spans in proptest::collection::vec(span(), 1..4),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        let bytes = mutate(request_of(spans).encode_to_vec(), &mutations);
        let full = ExportTraceServiceRequest::decode(bytes.as_slice());
        let wire = wire_accepts(&bytes);
        prop_assert_eq!(full.is_ok(), wire.is_ok(), "prost: {:?}, wire: {:?}", full.err(), wire.err());
        if let Ok(full) = full {
            let wire = WireRequest::decode(Bytes::from(bytes)).unwrap();
            let spans = wire.resource_spans.iter().flat_map(|rs| &rs.scope_spans).flat_map(|ss| &ss.spans);
            let decoded = full.resource_spans.iter().flat_map(|rs| &rs.scope_spans).flat_map(|ss| &ss.spans);
            for (bytes, span) in spans.zip(decoded) {
                assert_read_as_decoded(bytes, span);
                assert_kernel_fields_as_decoded(bytes, span);
            }
        }
    }
}

#[test]
fn spans_read_from_a_buffer_are_slices_of_it_not_copies() {
    let req = request_of(vec![kernel(1, 10, 20, Some(Serialized::False)), plain(2)]);
    let body = Bytes::from(req.encode_to_vec());
    let range = body.as_ptr_range();
    let wire = WireRequest::decode(body.clone()).unwrap();
    for span in &wire.resource_spans[0].scope_spans[0].spans {
        assert!(range.contains(&span.as_ptr()), "a span was copied");
    }
}

#[test]
fn window_events_kernel_markers_and_stamps_are_read() {
    let w = Window::open(1, 100, semconv::SamplingMode::KernelSerialized);
    let carrier = window_carrier(3, &[w]);
    let meta_of = |s: &Span| {
        let b = encode_span(s);
        let m = SpanMeta::read(&b).unwrap();
        (m.is_kernel, m.serialized_count, m.windows.len())
    };
    assert_eq!(meta_of(&carrier), (false, 0, 1));
    assert_eq!(meta_of(&kernel(1, 10, 20, None)), (true, 0, 0));
    assert_eq!(
        meta_of(&kernel(1, 10, 20, Some(Serialized::True))),
        (true, 1, 0)
    );
    assert_eq!(meta_of(&plain(2)), (false, 0, 0));
}

#[test]
fn a_span_is_read_in_bounded_memory_whatever_its_events_and_stamps() {
    // Events that are not windows are never decoded, window events are listed as bytes
    // (up to a count) for the caller to decode one at a time, and a stamp past the size
    // a valid one takes is not decoded.
    let mut span = plain(4);
    span.events = vec![Event::default(); 100_000];
    let huge = otlp::string(a::GPU_SERIALIZED, "x".repeat(10_000));
    span.attributes = vec![huge.clone(), huge];
    let mut big_window = window_carrier(
        5,
        &[Window::open(1, 2, semconv::SamplingMode::KernelSerialized)],
    )
    .events[0]
        .clone();
    big_window
        .attributes
        .extend(vec![KeyValue::default(); 3000]);
    span.events.push(big_window.clone());
    span.events
        .extend(vec![big_window.clone(); MAX_WINDOWS_LISTED + 4]);
    let b = encode_span(&span);
    let m = SpanMeta::read(&b).unwrap();
    assert_eq!((m.serialized_count, m.serialized.is_none()), (2, true));
    assert_eq!((m.windows.len(), m.more_windows), (MAX_WINDOWS_LISTED, 5));
    assert_eq!(m.windows[0], big_window.encode_to_vec().as_slice());
}

/// An attribute whose value is `depth` arrays, one inside the other.
fn nested(depth: usize) -> Span {
    let mut value = AnyValue {
        value: Some(Value::IntValue(1)),
    };
    for _ in 0..depth {
        value = AnyValue {
            value: Some(Value::ArrayValue(ArrayValue {
                values: vec![value],
            })),
        };
    }
    let mut span = plain(1);
    span.attributes.push(KeyValue {
        key: "deep".into(),
        value: Some(value),
        ..Default::default()
    });
    span
}

#[test]
fn nesting_at_the_recursion_limit_is_refused_as_prost_refuses_it() {
    let mut verdicts = Vec::new();
    for depth in 40..52 {
        let bytes = request_of(vec![nested(depth)]).encode_to_vec();
        let full = ExportTraceServiceRequest::decode(bytes.as_slice()).is_ok();
        assert_eq!(full, wire_accepts(&bytes).is_ok(), "depth {depth}");
        verdicts.push(full);
    }
    // The range crosses the limit: both verdicts were seen.
    assert!(verdicts.contains(&true) && verdicts.contains(&false));
}

/// A span with an unknown field holding `depth` groups, one inside the other.
fn with_groups(depth: u32) -> Vec<u8> {
    let mut span = plain(1).encode_to_vec();
    let tag = 100u32;
    for _ in 0..depth {
        prost::encoding::encode_key(tag, WireType::StartGroup, &mut span);
    }
    for _ in 0..depth {
        prost::encoding::encode_key(tag, WireType::EndGroup, &mut span);
    }
    span
}

#[test]
fn unknown_fields_and_groups_are_skipped_as_prost_skips_them() {
    let mut verdicts = Vec::new();
    for depth in [0, 1, 2, 90, 96, 97, 98, 99, 100] {
        let span = with_groups(depth);
        let mut scope = Vec::new();
        prost::encoding::bytes::encode(2, &span, &mut scope);
        let mut rs = Vec::new();
        prost::encoding::bytes::encode(2, &scope, &mut rs);
        let mut body = Vec::new();
        prost::encoding::bytes::encode(1, &rs, &mut body);
        let full = ExportTraceServiceRequest::decode(body.as_slice());
        let wire = wire_accepts(&body);
        assert_eq!(
            full.is_ok(),
            wire.is_ok(),
            "depth {depth}: {full:?} {wire:?}"
        );
        verdicts.push(full.is_ok());
    }
    assert!(verdicts.contains(&true) && verdicts.contains(&false));
    // A group closed by another tag's end, and an end without a start.
    let mut bad = plain(1).encode_to_vec();
    prost::encoding::encode_key(100, WireType::StartGroup, &mut bad);
    prost::encoding::encode_key(101, WireType::EndGroup, &mut bad);
    assert_eq!(SpanMeta::read(&bad).unwrap_err(), WireError::EndGroup);
    let mut bad = plain(1).encode_to_vec();
    prost::encoding::encode_key(100, WireType::EndGroup, &mut bad);
    assert_eq!(SpanMeta::read(&bad).unwrap_err(), WireError::EndGroup);
}

#[test]
fn a_string_that_is_not_utf8_or_a_field_of_the_wrong_type_is_refused() {
    let mut bad_name = Vec::new();
    prost::encoding::bytes::encode(5, &vec![0xff, 0xfe], &mut bad_name);
    assert_eq!(SpanMeta::read(&bad_name).unwrap_err(), WireError::Utf8);
    let mut varint_start = Vec::new();
    prost::encoding::uint64::encode(7, &5, &mut varint_start);
    assert!(matches!(
        SpanMeta::read(&varint_start).unwrap_err(),
        WireError::WireType { tag: 7, .. }
    ));
    let mut short = plain(1).encode_to_vec();
    short.pop();
    assert!(SpanMeta::read(&short).is_err());
}

#[test]
fn only_a_gpu_kernels_unrecorded_span_reports_unrecorded_executions() {
    let read = |s: &Span| unrecorded_count(&s.encode_to_vec());
    assert_eq!(read(&crate::fixtures::unrecorded(1, 7)), Some(7));
    let mut impostor = crate::fixtures::plain(2);
    impostor.attributes.push(otlp::int(
        semconv::attributes::GPU_KERNEL_UNRECORDED_COUNT,
        7,
    ));
    assert_eq!(read(&impostor), None, "another span's attribute");
    impostor.name.clear();
    assert_eq!(read(&impostor), None, "a span without a name");
    let mut negative = crate::fixtures::unrecorded(3, -1);
    assert_eq!(read(&negative), None, "not a count");
    negative.attributes.clear();
    assert_eq!(read(&negative), None, "no count");
}

#[test]
fn name_and_key_reads_a_span_s_name_and_whether_it_has_an_attribute() {
    let mut span = kernel(1, 10, 20, Some(Serialized::True));
    span.name = "spin(float*, int)".into();
    let bytes = span.encode_to_vec();
    assert_eq!(
        name_and_key(&bytes, a::GPU_KERNEL_NAME.as_bytes()),
        Some((&b"spin(float*, int)"[..], true))
    );
    assert_eq!(
        name_and_key(&bytes, a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS.as_bytes()),
        Some((&b"spin(float*, int)"[..], false))
    );
}

#[test]
fn a_graph_launch_span_reads_as_its_kernel_nodes_and_one_of_unknown_size_as_no_execution() {
    use crate::fixtures::graph_launch;
    use semconv::attributes as a;
    let known = encode_span(&graph_launch(1, 10, 20, Some(198), Some(Serialized::False)));
    let k = KernelFields::read(&known).expect("a kernel execution");
    assert_eq!(k.graph_nodes, Some(198));
    assert_eq!(k.kernel_name, Some(a::SPAN_GPU_GRAPH_LAUNCH));
    let unknown = encode_span(&graph_launch(2, 10, 20, None, Some(Serialized::False)));
    assert!(KernelFields::read(&unknown).is_none());
    let meta = SpanMeta::read(&unknown).unwrap();
    assert!(meta.is_kernel && meta.graph_launch);
    assert_eq!(meta.kernel_nodes, KernelNodes::Absent);
    let unstamped = encode_span(&graph_launch(3, 10, 20, Some(4), None));
    let meta = SpanMeta::read(&unstamped).unwrap();
    assert!(
        meta.is_kernel,
        "a kernel span by its name: it will get its answer"
    );
    assert_eq!(meta.kernel_nodes, KernelNodes::Known(4));
}

proptest! {
    #[test]
    fn setting_an_attribute_on_a_spans_bytes_decodes_as_setting_it_on_the_decoded_span(
        span in span(),
        split in any::<prop::sample::Index>(),
        value in prop_oneof![Just("true"), Just("false"), Just("unknown")],
    ) {
        // The attributes in two runs with the other fields between them, as a producer
        // that writes fields out of order (or two messages merged) lays them out.
        let mut first = span.clone();
        let later = first.attributes.split_off(split.index(span.attributes.len() + 1));
        let mut bytes = first.encode_to_vec();
        Span { attributes: later, ..Default::default() }.encode(&mut bytes).unwrap();
        let kv = otlp::string(a::GPU_SERIALIZED, value);

        let rewritten = with_attribute_set(&bytes, &kv).unwrap();

        let mut expected = Span::decode(bytes.as_slice()).unwrap();
        otlp::set(&mut expected.attributes, kv.clone());
        prop_assert_eq!(Span::decode(rewritten.as_ref()).unwrap(), expected);
        prop_assert!(rewritten.len() <= bytes.len() + 2 + kv.encoded_len());
    }
}

#[test]
fn stamping_a_span_of_many_empty_attributes_costs_its_own_size_not_their_decoding() {
    // 200,000 empty attributes: 400 KB as bytes, ~13 MB decoded.
    let mut bytes = kernel(1, 10, 20, None).encode_to_vec();
    for _ in 0..200_000 {
        bytes.extend_from_slice(&[SPAN_ATTRIBUTES as u8 * 8 + 2, 0]);
    }
    let kv = otlp::string(a::GPU_SERIALIZED, "false");

    let rewritten = with_attribute_set(&bytes, &kv).unwrap();

    assert_eq!(rewritten.len(), bytes.len() + 2 + kv.encoded_len());
    let meta = SpanMeta::read(&rewritten).unwrap();
    assert_eq!(meta.serialized_count, 1);
    assert_eq!(
        crate::reconcile::verdict::Stamp::of_encoded(meta.serialized, 1),
        crate::reconcile::verdict::Stamp::Valid(Serialized::False)
    );
}

#[test]
fn a_span_whose_bytes_do_not_read_is_not_rewritten() {
    let bytes = kernel(1, 10, 20, Some(Serialized::True)).encode_to_vec();
    let kv = otlp::string(a::GPU_SERIALIZED, "false");
    assert_eq!(with_attribute_set(&bytes[..bytes.len() - 1], &kv), None);
}
