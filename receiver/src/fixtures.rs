//! Builders of OTLP requests as GPU producers send them, for tests, benchmarks and the
//! load generator.

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{InstrumentationScope, KeyValue};
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans, Span};
use semconv::attributes as a;
use semconv::{codec, otlp, Serialized, Tier, Window};

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

/// A scope attribute a load generator sets to the wall-clock time (ns) it sent the
/// request (the scope, since the resource names the producer): the counting backend
/// measures each span's delivery time from it.
pub const SENT_AT: &str = "loadgen.sent_unix_nano";

/// What a counting backend saw.
#[derive(Debug, Default)]
pub struct Counted {
    /// For each span whose resource carries [`SENT_AT`]: ns from sending to arrival.
    pub delivery_ns: std::sync::Mutex<Vec<u64>>,
    /// Export requests.
    pub requests: std::sync::atomic::AtomicU64,
    /// Spans of every kind.
    pub spans: std::sync::atomic::AtomicU64,
    /// Kernel spans (they carry `gpu.serialized`), graph-launch spans among them.
    pub kernel_spans: std::sync::atomic::AtomicU64,
    /// `gpu.graph.launch` spans (`GPU_OTEL_GRAPH_RECORDS=launches`).
    pub graph_launch_spans: std::sync::atomic::AtomicU64,
    /// Kernel executions the kernel spans stand for: 1 each, a graph launch's
    /// `gpu.graph.kernel_nodes`.
    pub kernel_executions: std::sync::atomic::AtomicU64,
    /// Graph-launch spans without a valid `gpu.graph.kernel_nodes` (no executions counted).
    pub graph_launches_of_unknown_size: std::sync::atomic::AtomicU64,
    /// Kernel spans per `gpu.serialized` value: true, false, unknown.
    pub stamps: [std::sync::atomic::AtomicU64; 3],
    /// Bytes read from the connections: what came over the wire, HTTP/2 and gRPC
    /// framing and compression included.
    pub wire_bytes: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Metrics export requests (the receiver's kernel metrics).
    pub metric_requests: std::sync::atomic::AtomicU64,
    /// Executions the `gpu.kernel.duration` points counted, summed over requests.
    pub metric_executions: std::sync::atomic::AtomicU64,
    /// Start and end (ns) of every kernel span stamped `"true"`: when the producer's
    /// serialized bursts ran (processes sharing a GPU must not overlap).
    pub true_times: std::sync::Mutex<Vec<(u64, u64)>>,
}

#[tonic::async_trait]
impl opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::MetricsService
    for Counter
{
    async fn export(
        &self,
        request: tonic::Request<
            opentelemetry_proto::tonic::collector::metrics::v1::ExportMetricsServiceRequest,
        >,
    ) -> Result<
        tonic::Response<
            opentelemetry_proto::tonic::collector::metrics::v1::ExportMetricsServiceResponse,
        >,
        tonic::Status,
    > {
        use opentelemetry_proto::tonic::metrics::v1::metric::Data;
        use std::sync::atomic::Ordering::Relaxed;
        self.0.metric_requests.fetch_add(1, Relaxed);
        let executions: u64 = request
            .get_ref()
            .resource_metrics
            .iter()
            .flat_map(|rm| &rm.scope_metrics)
            .flat_map(|sm| &sm.metrics)
            .filter(|m| m.name == a::METRIC_GPU_KERNEL_DURATION)
            .filter_map(|m| match &m.data {
                Some(Data::Histogram(h)) => {
                    Some(h.data_points.iter().map(|p| p.count).sum::<u64>())
                }
                _ => None,
            })
            .sum();
        self.0.metric_executions.fetch_add(executions, Relaxed);
        Ok(tonic::Response::new(Default::default()))
    }
}

/// An accepted connection that counts the bytes read from it.
#[derive(Debug)]
struct CountingStream {
    inner: tokio::net::TcpStream,
    read: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl tokio::io::AsyncRead for CountingStream {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = std::pin::Pin::new(&mut self.inner).poll_read(cx, buf);
        let n = buf.filled().len() - before;
        self.read
            .fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
        polled
    }
}

impl tokio::io::AsyncWrite for CountingStream {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

impl tonic::transport::server::Connected for CountingStream {
    type ConnectInfo = ();
    fn connect_info(&self) {}
}

#[derive(Debug, Clone)]
struct Counter(std::sync::Arc<Counted>);

#[tonic::async_trait]
impl opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::TraceService
    for Counter
{
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<
        tonic::Response<
            opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceResponse,
        >,
        tonic::Status,
    > {
        use std::sync::atomic::Ordering::Relaxed;
        let c = &self.0;
        c.requests.fetch_add(1, Relaxed);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        for ss in request
            .get_ref()
            .resource_spans
            .iter()
            .flat_map(|rs| &rs.scope_spans)
        {
            let attrs = ss.scope.as_ref().map_or(&[][..], |s| &s.attributes[..]);
            if let Some(sent) = otlp::get_int(attrs, SENT_AT) {
                let n = ss.spans.len();
                let took = now.saturating_sub(sent as u64);
                let mut d = c.delivery_ns.lock().unwrap_or_else(|p| p.into_inner());
                d.extend(std::iter::repeat_n(took, n));
            }
        }
        for s in request
            .get_ref()
            .resource_spans
            .iter()
            .flat_map(|rs| &rs.scope_spans)
            .flat_map(|ss| &ss.spans)
        {
            c.spans.fetch_add(1, Relaxed);
            if let Some(v) = otlp::get_str(&s.attributes, a::GPU_SERIALIZED) {
                c.kernel_spans.fetch_add(1, Relaxed);
                if s.name == a::SPAN_GPU_GRAPH_LAUNCH {
                    c.graph_launch_spans.fetch_add(1, Relaxed);
                    match otlp::get_int(&s.attributes, a::GPU_GRAPH_KERNEL_NODES) {
                        Some(n) if n >= 0 => c.kernel_executions.fetch_add(n as u64, Relaxed),
                        _ => c.graph_launches_of_unknown_size.fetch_add(1, Relaxed),
                    };
                } else {
                    c.kernel_executions.fetch_add(1, Relaxed);
                }
                let i = match v {
                    "true" => 0,
                    "false" => 1,
                    _ => 2,
                };
                c.stamps[i].fetch_add(1, Relaxed);
                if i == 0 {
                    c.true_times
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((s.start_time_unix_nano, s.end_time_unix_nano));
                }
            }
        }
        Ok(tonic::Response::new(Default::default()))
    }
}

/// Serves a counting OTLP/gRPC backend of traces and metrics (gzip and zstd accepted) on `listener` until the runtime
/// ends: the sink of the load generators, which count what arrived at the far end.
pub async fn serve_counting(listener: tokio::net::TcpListener, counted: std::sync::Arc<Counted>) {
    use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::TraceServiceServer;
    use tokio_stream::StreamExt as _;
    let read = counted.wire_bytes.clone();
    let incoming = tokio_stream::wrappers::TcpListenerStream::new(listener).map(move |accepted| {
        accepted.map(|inner| {
            let _ = inner.set_nodelay(true);
            CountingStream {
                inner,
                read: read.clone(),
            }
        })
    });
    let _ = tonic::transport::Server::builder()
        .add_service(
            TraceServiceServer::new(Counter(counted.clone()))
                .accept_compressed(tonic::codec::CompressionEncoding::Gzip)
                .accept_compressed(tonic::codec::CompressionEncoding::Zstd)
                .max_decoding_message_size(64 << 20),
        )
        .add_service(
            opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::MetricsServiceServer::new(Counter(counted))
                .accept_compressed(tonic::codec::CompressionEncoding::Gzip)
                .accept_compressed(tonic::codec::CompressionEncoding::Zstd),
        )
        .serve_with_incoming(incoming)
        .await;
}
