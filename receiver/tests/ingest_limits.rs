//! The ingest edge over real sockets: malformed gRPC messages, answers that match what
//! was exported, the pending-bytes budget and slow or excess HTTP connections.

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::StatusCode;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message;
use receiver::config::{Config, Protocol};
use receiver::fixtures::{self, plain, request, resource};
use receiver::pipeline::{self, Running};
use semconv::Tier;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

fn config(dir: &Path) -> Config {
    let mut c = fixtures::loopback_config();
    c.export.file = dir.join("out.jsonl");
    c.export.batch_timeout = Duration::from_millis(20);
    c
}

async fn metrics(r: &Running) -> BTreeMap<String, f64> {
    fixtures::scrape_metrics(r.metrics_addr).await.unwrap()
}

/// Span ids in the file sink, with how often each was exported.
fn exported_span_ids(path: &Path) -> HashMap<Vec<u8>, usize> {
    let mut seen = HashMap::new();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let req: ExportTraceServiceRequest = serde_json::from_str(line).unwrap();
        for s in spans(&req) {
            *seen.entry(s).or_default() += 1;
        }
    }
    seen
}

fn spans(req: &ExportTraceServiceRequest) -> Vec<Vec<u8>> {
    req.resource_spans
        .iter()
        .flat_map(|r| &r.scope_spans)
        .flat_map(|s| &s.spans)
        .map(|s| s.span_id.clone())
        .collect()
}

fn plain_request(first: u64, n: u64) -> ExportTraceServiceRequest {
    request(
        resource("app", 1, Some(Tier::Off)),
        (first..first + n).map(plain).collect(),
    )
}

#[tokio::test]
async fn a_grpc_message_that_does_not_decode_is_invalid_argument_and_counted_malformed() {
    let dir = tempfile::tempdir().unwrap();
    let r = pipeline::start(config(dir.path())).await.unwrap();
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", r.grpc_addr))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut client = tonic::client::Grpc::new(channel);
    // Field 1 as a length-delimited record longer than the message.
    let garbage = Bytes::from_static(&[0x0a, 0xff, 0x01, 0x02]);
    let status = otlp_client::grpc::export(&mut client, tonic::Request::new(garbage))
        .await
        .unwrap_err();
    assert_eq!(status.code(), tonic::Code::InvalidArgument, "{status:?}");
    let m = metrics(&r).await;
    assert_eq!(
        m["gpu_otel_receiver_requests_refused_total{reason=\"malformed\"}"],
        1.0
    );
    assert_eq!(
        m["gpu_otel_receiver_requests_total{transport=\"grpc\"}"],
        1.0
    );
    r.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_told_to_retry_is_never_exported_so_retries_deliver_each_span_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    // The pipeline's own work on a request of 20,000 spans outlasts this timeout, so
    // requests are often claimed by the pipeline just before the sender stops waiting.
    c.ingest.enqueue_timeout = Duration::from_millis(1);
    c.ingest.max_request_bytes = 4 * 1024 * 1024;
    let r = pipeline::start(c).await.unwrap();
    let url = format!("http://{}/v1/traces", r.http_addr);
    let client = reqwest::Client::new();
    const REQUESTS: u64 = 5;
    const SPANS: u64 = 20_000;
    let mut retried = 0;
    for i in 0..REQUESTS {
        let body = plain_request(i * SPANS, SPANS).encode_to_vec();
        let mut accepted = false;
        for _ in 0..200 {
            let resp = client
                .post(&url)
                .header("content-type", "application/x-protobuf")
                .body(body.clone())
                .send()
                .await
                .unwrap();
            match resp.status() {
                StatusCode::OK => {
                    accepted = true;
                    break;
                }
                StatusCode::TOO_MANY_REQUESTS => {
                    // A client that retries at once rather than after Retry-After.
                    retried += 1;
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                s => panic!("unexpected {s}"),
            }
        }
        assert!(accepted, "request {i} was never accepted");
    }
    assert!(r.shutdown().await.clean);
    let seen = exported_span_ids(&dir.path().join("out.jsonl"));
    let twice: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
    assert!(
        twice.is_empty(),
        "{} of {} spans exported more than once after {retried} retries",
        twice.len(),
        seen.len()
    );
    assert_eq!(seen.len() as u64, REQUESTS * SPANS);
}

type Gate = tokio::sync::watch::Sender<bool>;

/// An OTLP/HTTP backend that holds every request until the gate opens, then records its
/// span ids.
async fn gated_backend() -> (SocketAddr, Gate, Arc<Mutex<Vec<Vec<u8>>>>) {
    let (gate, open) = tokio::sync::watch::channel(false);
    let seen: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
    let s = seen.clone();
    let app = axum::Router::new().route(
        "/v1/traces",
        axum::routing::post(move |body: Bytes| {
            let (s, mut open) = (s.clone(), open.clone());
            async move {
                let _ = open.wait_for(|o| *o).await;
                let req = ExportTraceServiceRequest::decode(body).unwrap();
                s.lock().unwrap().extend(spans(&req));
                let ok = ExportTraceServiceResponse::default().encode_to_vec();
                (
                    StatusCode::OK,
                    [("content-type", "application/x-protobuf")],
                    ok,
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (addr, gate, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_over_the_pending_bytes_budget_get_429_with_retry_after_and_are_not_exported() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gate, seen) = gated_backend().await;
    let mut c = config(dir.path());
    c.export.endpoint = Some(format!("http://{backend}"));
    c.export.protocol = Protocol::HttpProtobuf;
    c.export.batch_max_spans = 1;
    c.export.queue_capacity = 1;
    c.export.concurrency = 1;
    c.ingest.queue_capacity = 64;
    c.ingest.enqueue_timeout = Duration::from_secs(2);
    c.ingest.max_request_bytes = 64 * 1024;
    // Room for three of the requests below while the export side is stuck.
    c.ingest.max_pending_bytes = 64 * 1024;
    c.shutdown_timeout = Duration::from_secs(5);
    let r = pipeline::start(c).await.unwrap();
    let url = format!("http://{}/v1/traces", r.http_addr);
    let padded = |n: u64| {
        let mut s = plain(n);
        s.attributes
            .push(semconv::otlp::string("padding", "x".repeat(20 * 1024)));
        request(resource("app", 1, Some(Tier::Off)), vec![s]).encode_to_vec()
    };
    // Sent one after another without waiting for answers, so that the stuck pipeline
    // leaves them queued with their bytes.
    let mut calls = Vec::new();
    for n in 0..12u64 {
        let (client, url, body) = (reqwest::Client::new(), url.clone(), padded(n));
        calls.push(tokio::spawn(async move {
            let resp = client
                .post(url)
                .header("content-type", "application/x-protobuf")
                .body(body)
                .send()
                .await
                .unwrap();
            let retry_after = resp.headers().get("retry-after").cloned();
            let status = resp.status();
            let text = String::from_utf8_lossy(&resp.bytes().await.unwrap()).into_owned();
            (n, status, retry_after, text)
        }));
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let mut over_budget = Vec::new();
    let mut accepted = Vec::new();
    // The over-budget answers come at once; the queued requests wait for the gate.
    tokio::time::sleep(Duration::from_millis(300)).await;
    gate.send(true).unwrap();
    for call in calls {
        let (n, status, retry_after, text) = call.await.unwrap();
        if text.contains("pending request bytes") {
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
            assert_eq!(retry_after.unwrap(), "1");
            over_budget.push(n);
        } else if status == StatusCode::OK {
            accepted.push(n);
        }
    }
    assert!(!over_budget.is_empty(), "nothing was over the budget");
    let m = metrics(&r).await;
    assert_eq!(
        m["gpu_otel_receiver_requests_refused_total{reason=\"pending_bytes\"}"],
        over_budget.len() as f64
    );
    let deadline = Instant::now() + Duration::from_secs(15);
    while seen.lock().unwrap().len() < accepted.len() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    r.shutdown().await;
    let seen = seen.lock().unwrap().clone();
    for n in &over_budget {
        let id = receiver::fixtures::span_id(*n);
        assert!(!seen.contains(&id), "request {n} was refused yet exported");
    }
    for n in &accepted {
        let id = receiver::fixtures::span_id(*n);
        assert_eq!(seen.iter().filter(|s| **s == id).count(), 1, "request {n}");
    }
}

/// Reads until the peer closes; false when it is still open after `within`.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let until = Instant::now() + within;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test]
async fn a_client_that_sends_headers_byte_by_byte_is_cut_off_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.ingest.http_header_timeout = Duration::from_millis(500);
    let r = pipeline::start(c).await.unwrap();
    let mut stream = TcpStream::connect(r.http_addr).await.unwrap();
    let head = b"POST /v1/traces HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-protobuf\r\n";
    let started = Instant::now();
    let mut cut_off = false;
    // One byte every 100 ms: the headers would take 7 s to arrive.
    for b in head {
        if stream.write_all(&[*b]).await.is_err() {
            cut_off = true;
            break;
        }
        if closed_within(&mut stream, Duration::from_millis(100)).await {
            cut_off = true;
            break;
        }
    }
    let after = started.elapsed();
    assert!(cut_off, "the connection was still open after {after:?}");
    // Generous: the timeout is what is tested, not its precision.
    assert!(
        after < Duration::from_secs(4),
        "cut off only after {after:?}"
    );
    r.shutdown().await;
}

#[tokio::test]
async fn at_the_cap_a_new_connection_displaces_the_oldest_stranger_or_is_closed_when_all_are_in_use(
) {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.ingest.http_max_connections = 2;
    let r = pipeline::start(c).await.unwrap();
    let mut idle = Vec::new();
    for _ in 0..2 {
        let mut s = TcpStream::connect(r.http_addr).await.unwrap();
        // Open and idle: the server keeps them within the header timeout (10 s).
        assert!(!closed_within(&mut s, Duration::from_millis(200)).await);
        idle.push(s);
    }
    // A third: the oldest idle one makes room.
    let mut third = TcpStream::connect(r.http_addr).await.unwrap();
    assert!(
        closed_within(&mut idle[0], Duration::from_secs(5)).await,
        "the oldest stranger stayed"
    );
    assert!(!closed_within(&mut idle[1], Duration::from_millis(200)).await);
    assert!(!closed_within(&mut third, Duration::from_millis(200)).await);
    let m = metrics(&r).await;
    assert_eq!(
        m["gpu_otel_receiver_connections_closed_total{reason=\"displaced\"}"],
        1.0
    );
    // Both in a request (headers sent, the body on its way): a new one is closed at
    // once and counted.
    let head = b"POST /v1/traces HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-protobuf\r\ncontent-length: 100\r\n\r\n";
    for s in [&mut idle[1], &mut third] {
        s.write_all(head).await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut fourth = TcpStream::connect(r.http_addr).await.unwrap();
    assert!(
        closed_within(&mut fourth, Duration::from_secs(5)).await,
        "a connection past the cap stayed open"
    );
    let m = metrics(&r).await;
    assert_eq!(m["gpu_otel_receiver_connections_refused_total"], 1.0);
    // A freed slot takes a new connection again.
    drop(third);
    let body = plain_request(1, 1).encode_to_vec();
    let mut ok = false;
    for _ in 0..50 {
        let sent = reqwest::Client::new()
            .post(format!("http://{}/v1/traces", r.http_addr))
            .header("content-type", "application/x-protobuf")
            .body(body.clone())
            .send()
            .await;
        if matches!(sent, Ok(ref resp) if resp.status() == StatusCode::OK) {
            ok = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(ok, "no request got through after a slot was freed");
    drop(idle);
    r.shutdown().await;
}
