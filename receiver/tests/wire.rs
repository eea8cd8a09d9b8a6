//! The receiver over the wire, in process, on port 0: its own OTLP clients (tonic and
//! reqwest) send real requests; the embedded file sink and `/metrics` are read back.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message;
use receiver::config::Config;
use receiver::fixtures::{self, kernel, plain, request, resource, window_carrier};
use receiver::pipeline::{self, Running};
use semconv::{SamplingMode, Serialized, Tier, Window};

const KS: SamplingMode = SamplingMode::KernelSerialized;

fn config(dir: &Path) -> Config {
    let mut c = fixtures::loopback_config();
    c.export.file = dir.join("out.jsonl");
    c.export.batch_timeout = Duration::from_millis(20);
    c.reconcile.delay = Duration::from_millis(300);
    c.ingest.max_request_bytes = 64 * 1024;
    c
}

async fn start(dir: &Path) -> Running {
    pipeline::start(config(dir)).await.unwrap()
}

fn exported(path: &PathBuf) -> Vec<ExportTraceServiceRequest> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

async fn post(
    r: &Running,
    content_type: &str,
    encoding: Option<&str>,
    body: Vec<u8>,
) -> reqwest::Response {
    let mut call = reqwest::Client::new()
        .post(format!("http://{}/v1/traces", r.http_addr))
        .header("content-type", content_type);
    if let Some(e) = encoding {
        call = call.header("content-encoding", e);
    }
    call.body(body).send().await.unwrap()
}

async fn metrics(r: &Running) -> BTreeMap<String, f64> {
    fixtures::scrape_metrics(r.metrics_addr).await.unwrap()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

#[tokio::test]
async fn grpc_and_http_in_every_encoding_reach_the_sink_with_gpu_serialized_set() {
    let dir = tempfile::tempdir().unwrap();
    let r = start(dir.path()).await;
    let off = || resource("app", 7, Some(Tier::Off));
    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    let resp = grpc
        .export(request(off(), vec![kernel(1, 10, 20, None)]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(resp.partial_success, None);
    let mut gz = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap()
        .send_compressed(tonic::codec::CompressionEncoding::Gzip);
    gz.export(request(off(), vec![kernel(2, 10, 20, None)]))
        .await
        .unwrap();
    let proto = request(off(), vec![kernel(3, 10, 20, None)]).encode_to_vec();
    let resp = post(&r, "application/x-protobuf", None, proto).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(
        ExportTraceServiceResponse::decode(resp.bytes().await.unwrap())
            .unwrap()
            .partial_success,
        None
    );
    let gz_body = gzip(&request(off(), vec![kernel(4, 10, 20, None)]).encode_to_vec());
    assert_eq!(
        post(&r, "application/x-protobuf", Some("gzip"), gz_body)
            .await
            .status(),
        200
    );
    let json = serde_json::to_vec(&request(off(), vec![kernel(5, 10, 20, None)])).unwrap();
    let resp = post(&r, "application/json", None, json).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "application/json");
    let path = dir.path().join("out.jsonl");
    let m = metrics(&r).await;
    r.shutdown().await;
    let out = exported(&path);
    let spans = fixtures::spans_of(&out);
    assert_eq!(spans.len(), 5);
    assert!(spans
        .iter()
        .all(|(_, s)| fixtures::serialized_of(s) == Some("false")));
    assert_eq!(
        m["gpu_otel_receiver_requests_total{transport=\"grpc\"}"],
        2.0
    );
    assert_eq!(
        m["gpu_otel_receiver_requests_total{transport=\"http\"}"],
        3.0
    );
}

#[tokio::test]
async fn malformed_bodies_get_a_clear_400_with_an_otlp_status() {
    let dir = tempfile::tempdir().unwrap();
    let r = start(dir.path()).await;
    let resp = post(
        &r,
        "application/x-protobuf",
        None,
        vec![0x0a, 0xff, 0xff, 0x01],
    )
    .await;
    assert_eq!(resp.status(), 400);
    let status = tonic_types::Status::decode(resp.bytes().await.unwrap()).unwrap();
    assert_eq!(status.code, tonic::Code::InvalidArgument as i32);
    assert!(
        status.message.starts_with("invalid OTLP protobuf"),
        "{}",
        status.message
    );
    let resp = post(
        &r,
        "application/json",
        None,
        b"{\"resourceSpans\": [".to_vec(),
    )
    .await;
    assert_eq!(resp.status(), 400);
    assert!(resp.text().await.unwrap().contains("invalid OTLP JSON"));
    let resp = post(&r, "application/json", None, Vec::new()).await;
    assert_eq!(resp.status(), 400);
    assert!(resp.text().await.unwrap().contains("empty JSON body"));
    assert_eq!(
        post(&r, "application/json", Some("gzip"), b"not gzip".to_vec())
            .await
            .status(),
        400
    );
    assert_eq!(
        post(&r, "text/plain", None, b"hi".to_vec()).await.status(),
        415
    );
    let m = metrics(&r).await;
    assert_eq!(
        m["gpu_otel_receiver_requests_refused_total{reason=\"malformed\"}"],
        4.0
    );
    assert_eq!(
        m["gpu_otel_receiver_requests_refused_total{reason=\"unsupported_media_type\"}"],
        1.0
    );
    r.shutdown().await;
}

#[tokio::test]
async fn an_empty_request_is_accepted_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let r = start(dir.path()).await;
    assert_eq!(
        post(&r, "application/x-protobuf", None, Vec::new())
            .await
            .status(),
        200
    );
    assert_eq!(
        post(&r, "application/json", None, b"{}".to_vec())
            .await
            .status(),
        200
    );
    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    assert_eq!(
        grpc.export(ExportTraceServiceRequest::default())
            .await
            .unwrap()
            .into_inner()
            .partial_success,
        None
    );
    let m = metrics(&r).await;
    assert_eq!(m["gpu_otel_receiver_executions_total"], 0.0);
    assert_eq!(m["gpu_otel_receiver_spans_reconciled_total"], 0.0);
    r.shutdown().await;
}

#[tokio::test]
async fn oversized_requests_are_refused_on_both_transports() {
    let dir = tempfile::tempdir().unwrap();
    let r = start(dir.path()).await;
    let spans = (0..2000).map(|i| kernel(i, 10, 20, None)).collect();
    let big = request(resource("app", 1, Some(Tier::Off)), spans).encode_to_vec();
    assert!(big.len() > 64 * 1024);
    let resp = post(&r, "application/x-protobuf", None, big.clone()).await;
    assert_eq!(resp.status(), 413);
    // Its body says so as gRPC would: RESOURCE_EXHAUSTED, with the limit.
    let status = tonic_types::Status::decode(resp.bytes().await.unwrap()).unwrap();
    assert_eq!(status.code, tonic::Code::ResourceExhausted as i32);
    assert!(status.message.contains("65536"), "{}", status.message);
    // A small gzip body that inflates past the limit is refused too.
    let small = gzip(&big);
    assert!(small.len() < 64 * 1024);
    assert_eq!(
        post(&r, "application/x-protobuf", Some("gzip"), small)
            .await
            .status(),
        413
    );
    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    let err = grpc
        .export(ExportTraceServiceRequest::decode(big.as_slice()).unwrap())
        .await
        .unwrap_err();
    assert!(
        matches!(
            err.code(),
            tonic::Code::OutOfRange | tonic::Code::ResourceExhausted
        ),
        "{err:?}"
    );
    // All three counted, the gRPC one too (refused at its length, before tonic reads it).
    let m = metrics(&r).await;
    assert_eq!(
        m["gpu_otel_receiver_requests_refused_total{reason=\"too_large\"}"],
        3.0
    );
    r.shutdown().await;
}

#[tokio::test]
async fn bad_spans_and_windows_are_reported_and_every_valid_span_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let r = start(dir.path()).await;
    let mut bad_ids = plain(1);
    bad_ids.span_id = vec![1, 2];
    let mut wrong_type = kernel(2, 10, 20, None);
    wrong_type
        .attributes
        .push(semconv::otlp::int(semconv::attributes::GPU_SERIALIZED, 1));
    let inverted = window_carrier(3, &[Window::closed(5000, 1000, 1, KS)]);
    let req = request(
        resource("app", 1, Some(Tier::Off)),
        vec![bad_ids, wrong_type, inverted, plain(4)],
    );
    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    let partial = grpc
        .export(req.clone())
        .await
        .unwrap()
        .into_inner()
        .partial_success
        .expect("partial success");
    assert_eq!(partial.rejected_spans, 1);
    for needle in [
        "span_id must be 8 bytes",
        "gpu.serialized must be a string, got an int",
        "inverted window",
    ] {
        assert!(
            partial.error_message.contains(needle),
            "{needle} in {}",
            partial.error_message
        );
    }
    let resp = post(
        &r,
        "application/json",
        None,
        serde_json::to_vec(&req).unwrap(),
    )
    .await;
    assert_eq!(resp.status(), 200);
    let body: serde_json::Value = resp.json().await.unwrap();
    assert!(
        body["partialSuccess"]["errorMessage"]
            .as_str()
            .unwrap()
            .contains("inverted window"),
        "{body}"
    );
    let path = dir.path().join("out.jsonl");
    r.shutdown().await;
    let out = exported(&path);
    assert_eq!(
        fixtures::spans_of(&out).len(),
        6,
        "three valid spans per request, twice"
    );
}

#[tokio::test]
async fn shutdown_releases_every_held_span_with_its_current_answer() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.reconcile.delay = Duration::from_secs(3600);
    let r = pipeline::start(c).await.unwrap();
    let res = || resource("app", 9, Some(Tier::Serialized));
    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    let spans = vec![
        window_carrier(1, &[Window::open(100, 1, KS)]),
        kernel(1, 200, 300, Some(Serialized::Unknown)),
        kernel(2, 50, 60, None),
    ];
    grpc.export(request(res(), spans)).await.unwrap();
    let path = dir.path().join("out.jsonl");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(
        metrics(&r).await["gpu_otel_receiver_kernel_spans_held"],
        2.0
    );
    let report = r.shutdown().await;
    assert!(report.clean);
    let out = exported(&path);
    let kernels: Vec<_> = fixtures::spans_of(&out)
        .into_iter()
        .filter(|(_, s)| s.name.starts_with("spin"))
        .map(|(_, s)| fixtures::serialized_of(s).unwrap().to_string())
        .collect();
    assert_eq!(kernels, ["unknown", "unknown"]);
    let unclosed = fixtures::spans_of(&out)
        .into_iter()
        .filter(|(_, s)| s.name == "gpu.sampling.window")
        .count();
    assert_eq!(unclosed, 1);
}

#[tokio::test]
async fn a_blocked_export_backs_up_into_retry_later_responses() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    // Nothing listens on port 1: every export attempt fails and is retried.
    c.export.endpoint = Some("http://127.0.0.1:1".into());
    c.export.protocol = receiver::config::Protocol::HttpProtobuf;
    c.export.batch_max_spans = 1;
    c.export.queue_capacity = 1;
    // One batch in flight: the backlog is the queues', whatever the default concurrency.
    c.export.concurrency = 1;
    c.ingest.queue_capacity = 1;
    c.ingest.enqueue_timeout = Duration::from_millis(100);
    c.shutdown_timeout = Duration::from_secs(1);
    let r = pipeline::start(c).await.unwrap();
    let body = request(resource("app", 1, Some(Tier::Off)), vec![plain(1)]).encode_to_vec();
    let mut statuses = Vec::new();
    for _ in 0..8 {
        let resp = post(&r, "application/x-protobuf", None, body.clone()).await;
        if resp.status() == 429 {
            assert_eq!(resp.headers()["retry-after"], "1");
        }
        statuses.push(resp.status().as_u16());
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    assert_eq!(statuses[0], 200, "{statuses:?}");
    let m = metrics(&r).await;
    assert!(m["gpu_otel_receiver_requests_refused_total{reason=\"busy\"}"] >= 1.0);
    let telemetry = r.telemetry.clone();
    let report = r.shutdown().await;
    assert!(
        !report.clean,
        "the undeliverable batch outlives the deadline"
    );
    let x = &telemetry.export;
    let lost = x.total(|c| &c.dropped_shutdown) + x.total(|c| &c.dropped_export_failed);
    let accepted = statuses.iter().filter(|s| **s == 200).count() as u64;
    assert_eq!(
        lost, accepted,
        "every accepted span that could not be delivered is counted as dropped"
    );
}

#[tokio::test]
async fn metrics_keep_the_sum_identity_and_healthz_answers() {
    let dir = tempfile::tempdir().unwrap();
    let r = start(dir.path()).await;
    let res = || resource("app", 3, Some(Tier::Serialized));
    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    let windows = window_carrier(
        1,
        &[
            Window::open(1000, 1, KS),
            Window::closed(1000, 2000, 1, KS),
            Window::open(5000, 2, KS),
        ],
    );
    let spans = vec![
        windows,
        kernel(1, 1500, 1600, None),
        kernel(2, 3000, 3100, None),
        kernel(3, 6000, 6100, None),
    ];
    grpc.export(request(res(), spans)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(700)).await;
    let m = metrics(&r).await;
    let sum: f64 = ["true", "false", "unknown"]
        .iter()
        .map(|v| {
            m[&format!("gpu_otel_receiver_execution_outcomes_total{{gpu_serialized=\"{v}\"}}")]
        })
        .sum();
    assert_eq!(m["gpu_otel_receiver_executions_total"], 3.0);
    assert_eq!(sum, 3.0);
    assert_eq!(m["gpu_otel_receiver_windows{state=\"open\"}"], 1.0);
    assert_eq!(
        m["gpu_otel_receiver_window_spans_total{state=\"closed\"}"],
        1.0
    );
    let health = reqwest::get(format!("http://{}/healthz", r.metrics_addr))
        .await
        .unwrap();
    assert_eq!(health.status(), 200);
    r.shutdown().await;
}

/// A request big enough that the receiver acknowledges its data (an HTTP/2
/// WINDOW_UPDATE) before it answers: without TCP_NODELAY that answer sits behind
/// Nagle's algorithm until the sender's delayed ACK, about 40 ms later.
fn padded_request(n: u64) -> ExportTraceServiceRequest {
    let spans = (0..8)
        .map(|i| {
            let mut s = plain(n * 8 + i);
            s.attributes
                .push(semconv::otlp::string("padding", "x".repeat(32 * 1024)));
            s
        })
        .collect();
    request(resource("app", 9, Some(Tier::Off)), spans)
}

/// Sequential requests on one connection, as an OTLP exporter sends them.
const SEQUENTIAL: u64 = 50;
/// The median answer: far below the ~40 ms of a delayed ACK, far above the few ms an
/// answer takes. A median, so a loaded machine's occasional slow answer cannot fail it.
const SEQUENTIAL_MEDIAN_BOUND: Duration = Duration::from_millis(25);

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort_unstable();
    v[v.len() / 2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sequential_requests_on_one_connection_are_not_held_by_delayed_acks() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.ingest.max_request_bytes = 4 * 1024 * 1024;
    // Never "retry later": this is about answer latency, not capacity.
    c.ingest.enqueue_timeout = Duration::from_secs(60);
    let r = pipeline::start(c).await.unwrap();

    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    grpc.export(padded_request(0)).await.unwrap();
    let mut grpc_took = Vec::new();
    for n in 1..=SEQUENTIAL {
        let started = std::time::Instant::now();
        grpc.export(padded_request(n)).await.unwrap();
        grpc_took.push(started.elapsed());
    }
    let grpc_took = median(grpc_took);

    // One pooled connection: every request after the first reuses it (keep-alive).
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(1)
        .build()
        .unwrap();
    let url = format!("http://{}/v1/traces", r.http_addr);
    let send = |n: u64| {
        http.post(&url)
            .header("content-type", "application/x-protobuf")
            .body(padded_request(n).encode_to_vec())
            .send()
    };
    assert_eq!(send(100).await.unwrap().status(), 200);
    let mut http_took = Vec::new();
    for n in 101..=100 + SEQUENTIAL {
        let started = std::time::Instant::now();
        let resp = send(n).await.unwrap();
        assert_eq!(resp.status(), 200);
        resp.bytes().await.unwrap();
        http_took.push(started.elapsed());
    }
    let http_took = median(http_took);
    r.shutdown().await;
    assert!(
        grpc_took < SEQUENTIAL_MEDIAN_BOUND,
        "the median gRPC answer took {grpc_took:?}: answers wait for delayed ACKs"
    );
    assert!(
        http_took < SEQUENTIAL_MEDIAN_BOUND,
        "the median HTTP answer took {http_took:?}: answers wait for delayed ACKs"
    );
}

#[tokio::test]
async fn a_call_its_sender_abandons_mid_body_is_counted_once_and_nothing_of_it_is_taken() {
    use http_body_util::StreamBody;
    use hyper_util::rt::{TokioExecutor, TokioIo};
    use tokio::io::AsyncWriteExt as _;
    let dir = tempfile::tempdir().unwrap();
    let r = start(dir.path()).await;
    // gRPC: a message declared 1,000 bytes long, 100 sent, then the client gone (its
    // connection closed, as when its process dies) with the call unfinished.
    let socket = std::net::TcpStream::connect(r.grpc_addr).unwrap();
    let gone = socket.try_clone().unwrap();
    socket.set_nonblocking(true).unwrap();
    let tcp = tokio::net::TcpStream::from_std(socket).unwrap();
    let (mut send, conn) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(tcp))
            .await
            .unwrap();
    tokio::spawn(conn);
    let (tx, rx) = tokio::sync::mpsc::channel::<
        Result<http_body::Frame<bytes::Bytes>, std::convert::Infallible>,
    >(4);
    let mut head = vec![0u8];
    head.extend_from_slice(&1000u32.to_be_bytes());
    head.extend_from_slice(&[0x0a; 100]);
    tx.send(Ok(http_body::Frame::data(head.into())))
        .await
        .unwrap();
    let req = http::Request::post(format!(
        "http://{}{}",
        r.grpc_addr,
        otlp_client::grpc::EXPORT_PATH
    ))
    .header("content-type", "application/grpc")
    .header("te", "trailers")
    .body(StreamBody::new(
        tokio_stream::wrappers::ReceiverStream::new(rx),
    ))
    .unwrap();
    let call = tokio::spawn(async move { send.send_request(req).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    call.abort();
    gone.shutdown(std::net::Shutdown::Both).unwrap();
    // OTLP/HTTP: half a body, then the connection closed.
    let mut tcp = tokio::net::TcpStream::connect(r.http_addr).await.unwrap();
    tcp.write_all(
        b"POST /v1/traces HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-protobuf\r\ncontent-length: 1000\r\n\r\n0123456789",
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(tcp);
    let mut m = metrics(&r).await;
    for _ in 0..50 {
        let refused: f64 = m
            .iter()
            .filter(|(k, _)| k.starts_with("gpu_otel_receiver_requests_refused_total{"))
            .map(|(_, v)| v)
            .sum();
        if refused >= 2.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        m = metrics(&r).await;
    }
    let path = dir.path().join("out.jsonl");
    r.shutdown().await;
    let refused = |reason: &str| {
        m[&format!("gpu_otel_receiver_requests_refused_total{{reason=\"{reason}\"}}")]
    };
    assert_eq!(
        m["gpu_otel_receiver_requests_total{transport=\"grpc\"}"],
        1.0
    );
    assert_eq!(
        m["gpu_otel_receiver_requests_total{transport=\"http\"}"],
        1.0
    );
    // Each sender went away before its answer: cancelled, once, and nothing else (the
    // HTTP one was counted nowhere before).
    assert_eq!(refused("cancelled"), 2.0, "{m:?}");
    assert_eq!(refused("malformed"), 0.0, "{m:?}");
    assert!(fixtures::spans_of(&exported(&path)).is_empty());
}

#[tokio::test]
async fn otlp_json_in_the_protos_field_names_is_read_as_the_collector_reads_it() {
    // `resource_spans`, `start_time_unix_nano`: the Collector takes both spellings; read
    // as unknown fields these were answered 200 and delivered nothing.
    let dir = tempfile::tempdir().unwrap();
    let r = start(dir.path()).await;
    let req = request(
        resource("app", 1, Some(Tier::Off)),
        vec![kernel(1, 10, 20, None), plain(2)],
    );
    let snake = fixtures::snake_case_json(&req);
    assert!(snake.contains("\"resource_spans\"") && snake.contains("\"start_time_unix_nano\""));
    let resp = post(&r, "application/json", None, snake.into_bytes()).await;
    assert_eq!(resp.status(), 200);
    let answer: ExportTraceServiceResponse = resp.json().await.unwrap();
    assert_eq!(answer.partial_success, None);
    let path = dir.path().join("out.jsonl");
    let m = metrics(&r).await;
    r.shutdown().await;
    assert_eq!(
        m["gpu_otel_receiver_accepted_spans_total{transport=\"http\"}"],
        2.0
    );
    let out = exported(&path);
    let spans = fixtures::spans_of(&out);
    assert_eq!(spans.len(), 2);
    // Ids and times as sent, not zero.
    let got = spans
        .iter()
        .map(|(_, s)| (s.span_id.clone(), s.start_time_unix_nano))
        .collect::<Vec<_>>();
    for s in &req.resource_spans[0].scope_spans[0].spans {
        assert!(
            got.contains(&(s.span_id.clone(), s.start_time_unix_nano)),
            "{got:?}"
        );
    }
}
