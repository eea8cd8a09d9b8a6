//! Writes the seed inputs of the fuzz corpus (`receiver/fuzz/corpus/<target>/seed-*`)
//! from the real H200 captures and hand-made edge cases. Inputs the fuzzers find, and
//! every input that once failed, sit beside them under other names.
//!
//! ```sh
//! cargo run -p gpu-otel-receiver --example fuzz_seeds
//! ```
//!
//! The captures: the receiver's output of the CUDA example on an H200 (tier off,
//! `receiver/tests/fixtures/h200_demo_receiver_output.jsonl.gz`), the injector's golden
//! OTLP, and the serialized-tier record dump of an H200 run
//! (`injector/tests/fixtures/h200_serialized_capture.jsonl.gz`): its window records as
//! they were encoded, with its kernel records, in the injector's span shape.

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{
    any_value::Value, AnyValue, ArrayValue, KeyValue, KeyValueList,
};
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::span::Event;
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans, Span};
use prost::Message as _;
use receiver::fixtures::{kernel, plain, request, resource, span_id, trace_id, window_carrier};
use semconv::attributes as a;
use semconv::{codec, otlp, QuietTail, SamplingMode, Serialized, Tier, Window};

/// The harness's request size limit (`receiver/fuzz/harness`).
const MAX_REQUEST_BYTES: usize = 256 * 1024;
/// Spans kept of each real request: enough for its shape, small enough for a seed.
const SPANS_PER_SEED: usize = 48;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn gunzip(path: &Path) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).expect("the capture"))
        .read_to_string(&mut text)
        .expect("gzip");
    text
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(data).expect("memory");
    enc.finish().expect("memory")
}

fn frame(flag: u8, message: &[u8]) -> Vec<u8> {
    let mut f = vec![flag];
    f.extend_from_slice(&(message.len() as u32).to_be_bytes());
    f.extend_from_slice(message);
    f
}

struct Corpus {
    dir: PathBuf,
    written: usize,
}

impl Corpus {
    fn put(&mut self, target: &str, name: &str, data: &[u8]) {
        let dir = self.dir.join(target);
        std::fs::create_dir_all(&dir).expect("corpus directory");
        std::fs::write(dir.join(format!("seed-{name}")), data).expect("writes");
        self.written += 1;
    }

    /// A request as a protobuf seed and an OTLP/JSON seed.
    fn request(&mut self, name: &str, req: &ExportTraceServiceRequest) {
        self.put("otlp_protobuf", name, &req.encode_to_vec());
        match serde_json::to_vec(req) {
            Ok(json) => self.put("otlp_json", name, &json),
            Err(e) => eprintln!("{name}: no OTLP/JSON ({e})"),
        }
    }
}

/// The first two producers of a request, with their first spans.
fn trimmed(mut req: ExportTraceServiceRequest) -> ExportTraceServiceRequest {
    req.resource_spans.truncate(2);
    for rs in &mut req.resource_spans {
        for ss in &mut rs.scope_spans {
            ss.spans.truncate(SPANS_PER_SEED / 2);
        }
    }
    req
}

fn h200_off(c: &mut Corpus) -> ExportTraceServiceRequest {
    let text = gunzip(&root().join("tests/fixtures/h200_demo_receiver_output.jsonl.gz"));
    let requests = receiver::conformance::read_json(&text).expect("OTLP/JSON lines");
    for (i, req) in requests.iter().enumerate() {
        c.request(&format!("h200-off-{i}"), &trimmed(req.clone()));
    }
    trimmed(requests[0].clone())
}

/// The injector's golden OTLP/JSON: its ids are placeholders ("span-1"), so it is a
/// realistic body the receiver must refuse as malformed.
fn golden(c: &mut Corpus) {
    let path = root().join("../injector/tests/fixtures/golden_otlp.json");
    c.put(
        "otlp_json",
        "injector-golden",
        &std::fs::read(path).expect("the golden OTLP"),
    );
}

/// A kernel record of the dump as the injector's kernel span (its 16 attributes).
fn kernel_span(n: u64, r: &serde_json::Value) -> Span {
    let int = |k: &str| r[k].as_i64().unwrap_or(0);
    let mut attrs = vec![
        otlp::string(a::GPU_KERNEL_NAME, r["name"].as_str().unwrap_or("")),
        otlp::int(a::GPU_CORRELATION_ID, int("correlation_id")),
        otlp::int(a::GPU_DEVICE_ID, int("device_id")),
        otlp::int(a::GPU_CONTEXT_ID, int("context_id")),
        otlp::int(a::GPU_STREAM_ID, int("stream_id")),
        otlp::int(a::GPU_GRAPH_ID, int("graph_id")),
        otlp::int(
            a::GPU_KERNEL_SHARED_MEMORY_STATIC,
            int("static_shared_memory"),
        ),
        otlp::int(
            a::GPU_KERNEL_SHARED_MEMORY_DYNAMIC,
            int("dynamic_shared_memory"),
        ),
        otlp::int(
            a::GPU_KERNEL_REGISTERS_PER_THREAD,
            int("registers_per_thread"),
        ),
    ];
    for (key, i) in [
        (a::GPU_KERNEL_GRID_X, 0),
        (a::GPU_KERNEL_GRID_Y, 1),
        (a::GPU_KERNEL_GRID_Z, 2),
    ] {
        attrs.push(otlp::int(key, r["grid"][i].as_i64().unwrap_or(0)));
    }
    for (key, i) in [
        (a::GPU_KERNEL_BLOCK_X, 0),
        (a::GPU_KERNEL_BLOCK_Y, 1),
        (a::GPU_KERNEL_BLOCK_Z, 2),
    ] {
        attrs.push(otlp::int(key, r["block"][i].as_i64().unwrap_or(0)));
    }
    Span {
        trace_id: trace_id(7),
        span_id: span_id(n),
        name: r["name"].as_str().unwrap_or("").to_string(),
        kind: 1,
        start_time_unix_nano: r["start_ns"].as_u64().unwrap_or(0),
        end_time_unix_nano: r["end_ns"].as_u64().unwrap_or(0),
        attributes: attrs,
        ..Default::default()
    }
}

/// The serialized capture, one request per window record: the record's carrier and the
/// kernels after it, as the injector cuts a request when a window record must leave.
fn h200_serialized(c: &mut Corpus) -> Vec<Vec<KeyValue>> {
    let text = gunzip(&root().join("../injector/tests/fixtures/h200_serialized_capture.jsonl.gz"));
    let producer = resource("h200-serialized-replay", 4242, Some(Tier::Serialized));
    let mut records = Vec::new();
    let mut batches: Vec<Vec<Span>> = vec![vec![]];
    for (n, line) in text.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a dump line");
        let n = n as u64;
        let batch = batches.last_mut().expect("one at least");
        match v.get("sampling") {
            Some(s) => {
                let Some(window) = s.get("window").filter(|w| !w.is_null()) else {
                    continue;
                };
                let attrs: Vec<KeyValue> =
                    serde_json::from_value(window.clone()).expect("OTLP attributes");
                let t = codec::decode(&attrs).map_or(0, |w| w.end_ns().unwrap_or(w.start_ns));
                batches.push(vec![Span {
                    trace_id: trace_id(7),
                    span_id: span_id(1 << 40 | n),
                    name: a::SPAN_GPU_SAMPLING_WINDOW_RECORD.into(),
                    kind: 1,
                    start_time_unix_nano: t,
                    end_time_unix_nano: t,
                    events: vec![Event {
                        time_unix_nano: t,
                        name: a::EVENT_GPU_SAMPLING_WINDOW.into(),
                        attributes: attrs.clone(),
                        dropped_attributes_count: 0,
                    }],
                    ..Default::default()
                }]);
                records.push(attrs);
            }
            None if batch.len() < SPANS_PER_SEED => batch.push(kernel_span(n, &v)),
            None => {}
        }
    }
    for (i, spans) in batches.into_iter().enumerate() {
        c.request(
            &format!("h200-serialized-{i:02}"),
            &request(producer.clone(), spans),
        );
    }
    records
}

fn nested(depth: usize) -> Option<Value> {
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

fn with_attr(mut req: ExportTraceServiceRequest, kv: KeyValue) -> ExportTraceServiceRequest {
    req.resource_spans[0]
        .resource
        .get_or_insert_with(Resource::default)
        .attributes
        .push(kv);
    req
}

fn edge_cases(c: &mut Corpus) {
    let ks = SamplingMode::KernelSerialized;
    let t0: u64 = 1_796_097_591_992_708_288;
    c.request("empty", &ExportTraceServiceRequest::default());
    c.request(
        "no-resource-no-scope",
        &ExportTraceServiceRequest {
            resource_spans: vec![ResourceSpans {
                scope_spans: vec![ScopeSpans {
                    spans: vec![plain(1)],
                    ..Default::default()
                }],
                ..Default::default()
            }],
        },
    );
    // Every stamp under every kind of tier declaration.
    let stamps = [
        None,
        Some(otlp::string(a::GPU_SERIALIZED, "true")),
        Some(otlp::string(a::GPU_SERIALIZED, "false")),
        Some(otlp::string(a::GPU_SERIALIZED, "unknown")),
        Some(otlp::string(a::GPU_SERIALIZED, "maybe")),
        Some(otlp::boolean(a::GPU_SERIALIZED, true)),
        Some(otlp::int(a::GPU_SERIALIZED, 1)),
    ];
    let tiers: [(&str, Option<KeyValue>); 6] = [
        ("off", Some(otlp::string(a::GPU_PC_SAMPLING_TIER, "off"))),
        (
            "continuous",
            Some(otlp::string(a::GPU_PC_SAMPLING_TIER, "continuous")),
        ),
        (
            "serialized",
            Some(otlp::string(a::GPU_PC_SAMPLING_TIER, "serialized")),
        ),
        ("undeclared", None),
        (
            "unknown-tier",
            Some(otlp::string(a::GPU_PC_SAMPLING_TIER, "sometimes")),
        ),
        ("int-tier", Some(otlp::int(a::GPU_PC_SAMPLING_TIER, 2))),
    ];
    for (name, tier) in tiers {
        let mut res = resource("trainer", 1, None);
        res.attributes.extend(tier);
        let mut spans = vec![window_carrier(
            0,
            &[Window::closed(t0, t0 + 1000, 1, ks).with_quiet_tail(QuietTail::For(500))],
        )];
        for (i, s) in stamps.iter().enumerate() {
            let mut k = kernel(
                i as u64,
                t0 + 200 * i as u64,
                t0 + 200 * i as u64 + 50,
                None,
            );
            k.attributes.extend(s.clone());
            spans.push(k);
        }
        // Two stamps on one span.
        let mut twice = kernel(99, t0 + 10, t0 + 20, Some(Serialized::False));
        twice
            .attributes
            .push(otlp::string(a::GPU_SERIALIZED, "true"));
        spans.push(twice);
        c.request(&format!("stamps-{name}"), &request(res, spans));
    }
    // Ids of every invalid kind, beside a valid span.
    let mut bad = vec![plain(1)];
    for (trace, span, parent) in [
        (vec![], span_id(2), vec![]),
        (vec![0; 16], span_id(3), vec![]),
        (trace_id(1), vec![0; 8], vec![]),
        (trace_id(1), vec![1; 7], vec![]),
        (trace_id(1), span_id(4), vec![1; 3]),
    ] {
        bad.push(Span {
            trace_id: trace,
            span_id: span,
            parent_span_id: parent,
            ..kernel(5, t0, t0 + 1, None)
        });
    }
    c.request(
        "bad-ids",
        &request(resource("app", 1, Some(Tier::Off)), bad),
    );
    // Window records of every kind.
    let w = Window::closed(t0, t0 + 1000, 3, ks);
    let mut records: Vec<(&str, Vec<KeyValue>)> = vec![
        ("open", codec::encode(&Window::open(t0, 3, ks))),
        ("closed", codec::encode(&w)),
        (
            "never-again",
            codec::encode(&w.with_quiet_tail(QuietTail::Never)),
        ),
        (
            "continuous",
            codec::encode(&Window {
                mode: SamplingMode::Continuous,
                ..w
            }),
        ),
        (
            "opaque",
            codec::encode(&Window {
                mode: SamplingMode::Opaque,
                ..w
            }),
        ),
        (
            "inverted",
            codec::encode(&Window::closed(t0 + 1000, t0, 3, ks)),
        ),
        (
            "max",
            codec::encode(
                &Window::closed(i64::MAX as u64 - 1, i64::MAX as u64, u64::MAX >> 1, ks)
                    .with_quiet_tail(QuietTail::For(i64::MAX as u64)),
            ),
        ),
    ];
    let mut dup = codec::encode(&w);
    dup.push(otlp::int(
        a::GPU_SAMPLING_WINDOW_END_NS,
        (t0 + 99_000) as i64,
    ));
    records.push(("duplicate-end", dup));
    let mut neg = codec::encode(&w);
    otlp::set(&mut neg, otlp::int(a::GPU_SAMPLING_WINDOW_SEQ, -1));
    records.push(("negative-seq", neg));
    let mut quiet = codec::encode(&w);
    otlp::set(&mut quiet, otlp::int(a::GPU_SAMPLING_WINDOW_QUIET_NS, -7));
    records.push(("bad-quiet", quiet));
    let mut string_start = codec::encode(&w);
    otlp::set(
        &mut string_start,
        otlp::string(a::GPU_SAMPLING_WINDOW_START_NS, "1"),
    );
    records.push(("string-start", string_start));
    let mut spans = vec![kernel(1, t0 + 10, t0 + 20, None)];
    for (i, (name, attrs)) in records.iter().enumerate() {
        let e = Event {
            time_unix_nano: t0,
            name: a::EVENT_GPU_SAMPLING_WINDOW.into(),
            attributes: attrs.clone(),
            dropped_attributes_count: 0,
        };
        c.put("window_codec", &format!("edge-{name}"), &e.encode_to_vec());
        let mut carrier = window_carrier(100 + i as u64, &[]);
        carrier.events.push(e);
        spans.push(carrier);
    }
    c.request(
        "windows-of-every-kind",
        &request(resource("trainer", 2, Some(Tier::Serialized)), spans),
    );
    // Nesting around the decoders' recursion limits.
    for depth in [8, 24, 31, 32, 33, 40, 64] {
        let req = with_attr(
            request(resource("app", 1, None), vec![plain(1)]),
            KeyValue {
                key: "deep".into(),
                value: Some(AnyValue {
                    value: nested(depth),
                }),
                ..Default::default()
            },
        );
        c.request(&format!("nested-{depth}"), &req);
    }
    // Sizes around the limit.
    for (name, target) in [
        ("just-under-limit", MAX_REQUEST_BYTES - 64),
        ("over-limit", MAX_REQUEST_BYTES + 1),
    ] {
        let mut req = request(resource("app", 1, None), vec![plain(1)]);
        let room = target.saturating_sub(req.encoded_len() + 4);
        let span = &mut req.resource_spans[0].scope_spans[0].spans[0];
        span.name = "x".repeat(room);
        while req.encoded_len() < target {
            req.resource_spans[0].scope_spans[0].spans[0].name.push('x');
        }
        c.request(name, &req);
    }
    // Many producers.
    let many = ExportTraceServiceRequest {
        resource_spans: (0..200)
            .map(|i| ResourceSpans {
                resource: Some(resource("app", i, Some(Tier::Serialized))),
                scope_spans: vec![ScopeSpans {
                    spans: vec![kernel(i as u64, t0, t0 + 1, None)],
                    ..Default::default()
                }],
                ..Default::default()
            })
            .collect(),
    };
    c.request("many-resources", &many);
    // A double OTLP/JSON cannot carry.
    let nan = with_attr(
        request(resource("app", 1, None), vec![plain(1)]),
        KeyValue {
            key: "ratio".into(),
            value: Some(AnyValue {
                value: Some(Value::DoubleValue(f64::NAN)),
            }),
            ..Default::default()
        },
    );
    c.put("otlp_protobuf", "nan", &nan.encode_to_vec());
}

fn headers_and_frames(c: &mut Corpus, real: &ExportTraceServiceRequest) {
    let pb = real.encode_to_vec();
    let json = serde_json::to_vec(real).expect("OTLP/JSON");
    // [content type][content encoding] body; indexes into the harness's tables.
    for ct in 0u8..14 {
        let body = if [1, 3, 5, 7].contains(&ct) {
            &json
        } else {
            &pb
        };
        c.put(
            "http_request",
            &format!("ct{ct:02}"),
            &[&[ct, 0][..], body].concat(),
        );
    }
    for ce in 0u8..11 {
        c.put(
            "http_request",
            &format!("ce{ce:02}"),
            &[&[0, ce][..], &gzip(&pb)].concat(),
        );
    }
    // [grpc-encoding] body.
    let gz = gzip(&pb);
    let frames: [(&str, u8, Vec<u8>); 9] = [
        ("one", 0, frame(0, &pb)),
        ("gzip", 1, frame(1, &gz)),
        ("gzip-flag-no-header", 0, frame(1, &gz)),
        ("gzip-header-plain-message", 1, frame(0, &pb)),
        ("flag-2", 0, frame(2, &pb)),
        ("empty", 0, vec![]),
        ("truncated", 0, frame(0, &pb)[..pb.len() / 2].to_vec()),
        ("two", 0, [frame(0, &pb), frame(0, &pb)].concat()),
        ("length-past-limit", 0, {
            let mut f = frame(0, &pb);
            f[1..5].copy_from_slice(&u32::MAX.to_be_bytes());
            f
        }),
    ];
    for (name, enc, body) in frames {
        c.put("grpc_frames", name, &[&[enc][..], &body].concat());
    }
}

fn main() {
    let mut c = Corpus {
        dir: root().join("fuzz/corpus"),
        written: 0,
    };
    let real = h200_off(&mut c);
    golden(&mut c);
    for (i, attrs) in h200_serialized(&mut c).iter().enumerate() {
        let e = Event {
            name: a::EVENT_GPU_SAMPLING_WINDOW.into(),
            attributes: attrs.clone(),
            ..Default::default()
        };
        c.put("window_codec", &format!("h200-{i:02}"), &e.encode_to_vec());
    }
    edge_cases(&mut c);
    let mut small = real;
    small.resource_spans[0].scope_spans[0].spans.truncate(4);
    headers_and_frames(&mut c, &small);
    println!("{} seeds in {}", c.written, c.dir.display());
}
