//! Builders of OTLP requests as GPU producers send them, for tests, benchmarks and the
//! load generator.

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{InstrumentationScope, KeyValue};
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans, Span};
use semconv::attributes as a;
use semconv::{codec, otlp, Serialized, Tier, Window};

mod counting;
pub use counting::{serve_counting, Counted, SENT_AT};

/// A receiver configuration for tests on loopback: every port chosen by the system,
/// batches that leave within 20 ms.
pub fn loopback_config() -> crate::config::Config {
    let mut c = crate::config::Config::default();
    for a in [
        &mut c.ingest.grpc_endpoint,
        &mut c.ingest.http_endpoint,
        &mut c.telemetry.metrics_endpoint,
    ] {
        a.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
        a.set_port(0);
    }
    c.export.batch_timeout = std::time::Duration::from_millis(20);
    // Test backends read the bodies they get; compression has tests of its own.
    c.export.compression = crate::config::Compression::None;
    c
}

/// Reads a receiver's `/metrics` into a map from series (name and labels) to value.
pub async fn scrape_metrics(
    addr: std::net::SocketAddr,
) -> reqwest::Result<std::collections::BTreeMap<String, f64>> {
    let text = reqwest::get(format!("http://{addr}/metrics"))
        .await?
        .text()
        .await?;
    Ok(parse_metrics(&text))
}

/// Prometheus text exposition as a map from series (name and labels) to value.
pub fn parse_metrics(text: &str) -> std::collections::BTreeMap<String, f64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            l.rsplit_once(' ')
                .and_then(|(k, v)| Some((k.to_string(), v.parse().ok()?)))
        })
        .collect()
}

/// A producer's resource: a process with a pid, a service name and a declared tier.
pub fn resource(service: &str, pid: i64, tier: Option<Tier>) -> Resource {
    let mut attributes = vec![
        otlp::string("service.name", service),
        otlp::int("process.pid", pid),
    ];
    if let Some(t) = tier {
        attributes.push(otlp::string(a::GPU_PC_SAMPLING_TIER, t.as_str()));
    }
    Resource {
        attributes,
        ..Default::default()
    }
}

/// A trace id derived from `n` (never all zero).
pub fn trace_id(n: u64) -> Vec<u8> {
    let mut id = [0u8; 16];
    id[..8].copy_from_slice(&0x6770_755f_6f74_656cu64.to_be_bytes());
    id[8..].copy_from_slice(&n.to_be_bytes());
    id.to_vec()
}

/// A span id derived from `n` (never all zero).
pub fn span_id(n: u64) -> Vec<u8> {
    (n | 1 << 63).to_be_bytes().to_vec()
}

/// A kernel execution span `[start, end]`, stamped or not.
pub fn kernel(n: u64, start: u64, end: u64, stamp: Option<Serialized>) -> Span {
    let mut attributes = vec![
        otlp::string(a::GPU_KERNEL_NAME, "_Z4spinPfi"),
        otlp::int(a::GPU_CORRELATION_ID, n as i64),
    ];
    if let Some(s) = stamp {
        attributes.push(otlp::string(a::GPU_SERIALIZED, s.as_str()));
    }
    Span {
        trace_id: trace_id(1),
        span_id: span_id(n),
        name: "spin(float*, int)".into(),
        kind: 1,
        start_time_unix_nano: start,
        end_time_unix_nano: end,
        attributes,
        ..Default::default()
    }
}

/// A PyTorch kernel's mangled name and its demangled span name, as the injector sends them.
const LONG_NAME: &str = "_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_11FillFunctorIfEESt5arrayIPcLm1EEEEviT0_T1_";
const LONG_SPAN_NAME: &str = "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, std::array<char*, 1ul> >(int, at::native::FillFunctor<float>, std::array<char*, 1ul>)";

/// A kernel span with every attribute the injector writes (16).
pub fn gpu_kernel(n: u64, start: u64, end: u64, stamp: Serialized) -> Span {
    let mut s = kernel(n, start, end, Some(stamp));
    s.name = LONG_SPAN_NAME.into();
    s.attributes[0] = otlp::string(a::GPU_KERNEL_NAME, LONG_NAME);
    for (k, v) in [
        (a::GPU_DEVICE_ID, 0),
        (a::GPU_CONTEXT_ID, 1),
        (a::GPU_STREAM_ID, 7),
        (a::GPU_GRAPH_ID, 0),
        (a::GPU_KERNEL_GRID_X, 1184),
        (a::GPU_KERNEL_GRID_Y, 1),
        (a::GPU_KERNEL_GRID_Z, 1),
        (a::GPU_KERNEL_BLOCK_X, 128),
        (a::GPU_KERNEL_BLOCK_Y, 1),
        (a::GPU_KERNEL_BLOCK_Z, 1),
        (a::GPU_KERNEL_SHARED_MEMORY_STATIC, 0),
        (a::GPU_KERNEL_SHARED_MEMORY_DYNAMIC, 0),
        (a::GPU_KERNEL_REGISTERS_PER_THREAD, 18),
    ] {
        s.attributes.push(otlp::int(k, v));
    }
    s
}

/// A length-delimited protobuf field (`tag`, `body`) as encoders write it: for building
/// messages by hand, malformed ones included.
pub fn length_delimited(tag: u32, body: &[u8]) -> Vec<u8> {
    use prost::encoding::{encode_key, encode_varint, WireType};
    let mut out = Vec::new();
    encode_key(tag, WireType::LengthDelimited, &mut out);
    encode_varint(body.len() as u64, &mut out);
    out.extend_from_slice(body);
    out
}

/// A `gpu.graph.launch` span (one CUDA-graph replay) numbered `n` from `start` to `end`,
/// standing for `nodes` kernel executions (`None`: unknown, the attribute absent).
pub fn graph_launch(
    n: u64,
    start: u64,
    end: u64,
    nodes: Option<i64>,
    stamp: Option<Serialized>,
) -> Span {
    let mut attributes = Vec::new();
    if let Some(s) = stamp {
        attributes.push(otlp::string(a::GPU_SERIALIZED, s.as_str()));
    }
    attributes.push(otlp::int(a::GPU_GRAPH_ID, 3));
    if let Some(nodes) = nodes {
        attributes.push(otlp::int(a::GPU_GRAPH_KERNEL_NODES, nodes));
    }
    attributes.push(otlp::int(a::GPU_CORRELATION_ID, n as i64));
    Span {
        trace_id: trace_id(1),
        span_id: span_id(n),
        name: a::SPAN_GPU_GRAPH_LAUNCH.into(),
        kind: 1,
        start_time_unix_nano: start,
        end_time_unix_nano: end,
        attributes,
        ..Default::default()
    }
}

/// A span carrying window records as `gpu.sampling.window` events.
pub fn window_carrier(n: u64, windows: &[Window]) -> Span {
    let events = windows.iter().map(codec::to_event).collect();
    let t = windows.first().map_or(0, |w| w.start_ns);
    Span {
        trace_id: trace_id(1),
        span_id: span_id(1_000_000 + n),
        name: "gpu.sampling".into(),
        kind: 1,
        start_time_unix_nano: t,
        end_time_unix_nano: t,
        events,
        ..Default::default()
    }
}

/// An NVTX range span as the injector exports it (`gpu.nvtx.range.kind`, `thread.id`;
/// never `gpu.kernel.name` or `gpu.serialized`), a child of range `parent` if any.
pub fn nvtx_range(n: u64, parent: Option<u64>, name: &str) -> Span {
    Span {
        trace_id: trace_id(3),
        span_id: span_id(2_000_000 + n),
        parent_span_id: parent.map(|p| span_id(2_000_000 + p)).unwrap_or_default(),
        name: name.into(),
        kind: 1,
        start_time_unix_nano: 1_000 + n,
        end_time_unix_nano: 9_000,
        attributes: vec![
            otlp::string(a::GPU_NVTX_RANGE_KIND, "push_pop"),
            otlp::int(a::THREAD_ID, 4711),
        ],
        ..Default::default()
    }
}

/// The injector's `gpu.kernels.unrecorded` span `n`, reporting `count` executions
/// launched and never recorded.
pub fn unrecorded(n: u64, count: i64) -> Span {
    Span {
        trace_id: trace_id(3),
        span_id: span_id(n),
        name: a::SPAN_GPU_KERNELS_UNRECORDED.into(),
        kind: 1,
        start_time_unix_nano: 1_000,
        end_time_unix_nano: 9_000,
        attributes: vec![
            otlp::int(a::GPU_KERNEL_UNRECORDED_COUNT, count),
            otlp::string(
                a::GPU_TELEMETRY_DROP_REASON,
                a::gpu_telemetry_drop_reason::NOT_RECORDED,
            ),
        ],
        ..Default::default()
    }
}

/// A span that has nothing to do with GPUs.
pub fn plain(n: u64) -> Span {
    Span {
        trace_id: trace_id(2),
        span_id: span_id(n),
        name: "GET /checkout".into(),
        kind: 2,
        start_time_unix_nano: 1_000,
        end_time_unix_nano: 2_000,
        attributes: vec![
            otlp::string("http.request.method", "GET"),
            otlp::boolean("cached", false),
        ],
        ..Default::default()
    }
}

/// One request from one resource with one scope.
pub fn request(resource: Resource, spans: Vec<Span>) -> ExportTraceServiceRequest {
    ExportTraceServiceRequest {
        resource_spans: vec![ResourceSpans {
            resource: Some(resource),
            scope_spans: vec![ScopeSpans {
                scope: Some(InstrumentationScope {
                    name: "gpu-otel-injector".into(),
                    ..Default::default()
                }),
                spans,
                schema_url: String::new(),
            }],
            schema_url: String::new(),
        }],
    }
}

/// OTLP/JSON of `request` with its keys in the proto's field names (`resource_spans`,
/// `start_time_unix_nano`), as some clients write it.
pub fn snake_case_json(request: &ExportTraceServiceRequest) -> String {
    let camel = serde_json::to_string(request).expect("serializes");
    [
        ("resourceSpans", "resource_spans"),
        ("scopeSpans", "scope_spans"),
        ("traceId", "trace_id"),
        ("spanId", "span_id"),
        ("parentSpanId", "parent_span_id"),
        ("startTimeUnixNano", "start_time_unix_nano"),
        ("endTimeUnixNano", "end_time_unix_nano"),
        ("stringValue", "string_value"),
        ("intValue", "int_value"),
    ]
    .iter()
    .fold(camel, |s, (camel, snake)| {
        s.replace(&format!("\"{camel}\""), &format!("\"{snake}\""))
    })
}

/// Every span of a set of requests, with its resource attributes.
pub fn spans_of(requests: &[ExportTraceServiceRequest]) -> Vec<(&[KeyValue], &Span)> {
    requests
        .iter()
        .flat_map(|r| r.resource_spans.iter())
        .flat_map(|rs| {
            let attrs = rs
                .resource
                .as_ref()
                .map(|r| r.attributes.as_slice())
                .unwrap_or_default();
            rs.scope_spans
                .iter()
                .flat_map(|ss| ss.spans.iter())
                .map(move |s| (attrs, s))
        })
        .collect()
}

/// The `gpu.serialized` value of a span, if it is a string.
pub fn serialized_of(span: &Span) -> Option<&str> {
    otlp::get_str(&span.attributes, a::GPU_SERIALIZED)
}
