//! Export destinations over real sockets: batches bounded by encoded size and split when
//! a backend refuses them as too large, a mirror that never answers, and the accounting
//! of every span each destination was given, down to the final summary line.

mod support;

use std::collections::BTreeMap;
use std::io::{BufRead as _, Read as _};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::StatusCode;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message;
use receiver::config::{Config, Protocol};
use receiver::fixtures::{self, kernel, plain, request, resource};
use receiver::pipeline::{self, Running};
use receiver::telemetry::{render, Telemetry};
use semconv::Tier;
use support::backend::{backend_refusing_over as grpc_backend, Backend};

fn config() -> Config {
    let mut c = fixtures::loopback_config();
    c.export.retry.max_elapsed = Some(Duration::from_secs(3));
    c
}

/// A demangled PyTorch kernel name of about `len` bytes, as CUPTI reports them.
fn long_name(len: usize) -> String {
    let mut s = String::from(
        "void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<float, float, float, at::native::MulFunctor<float> >, at::detail::Array<char*, 3> >(int, ",
    );
    while s.len() < len {
        s.push_str(
            "at::native::BinaryFunctor<float, float, float, at::native::MulFunctor<float> >, ",
        );
    }
    s.truncate(len);
    s
}

fn long_kernel(n: u64, name_len: usize) -> Span {
    let mut s = kernel(n, 1_000 + n, 2_000 + n, None);
    s.name = long_name(name_len);
    s
}

/// Accepts TCP connections and never answers on them.
async fn blackhole() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((s, _)) = listener.accept().await {
            held.push(s);
        }
    });
    format!("http://{addr}")
}

/// A port nothing listens on.
fn closed_port() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    drop(l);
    format!("http://{addr}")
}

async fn grpc_client(r: &Running) -> TraceServiceClient<tonic::transport::Channel> {
    TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap()
        .max_encoding_message_size(usize::MAX)
}

/// `/metrics` as rendered from the telemetry itself (it outlives the endpoint).
fn metrics(t: &Arc<Telemetry>) -> BTreeMap<String, f64> {
    fixtures::parse_metrics(&render(&t.registry()))
}

fn series(m: &BTreeMap<String, f64>, key: &str) -> f64 {
    *m.get(key)
        .unwrap_or_else(|| panic!("no series {key} in {:#?}", m.keys().collect::<Vec<_>>()))
}

fn dropped(m: &BTreeMap<String, f64>, destination: &str, reason: &str) -> f64 {
    series(
        m,
        &format!(
            "gpu_otel_receiver_spans_dropped_total{{destination=\"{destination}\",reason=\"{reason}\"}}"
        ),
    )
}

fn dropped_any(m: &BTreeMap<String, f64>, destination: &str) -> f64 {
    [
        "export_failed",
        "rejected_by_backend",
        "shutdown",
        "queue_full",
        "too_large",
    ]
    .iter()
    .map(|r| dropped(m, destination, r))
    .sum()
}

fn exported(m: &BTreeMap<String, f64>, destination: &str) -> f64 {
    series(
        m,
        &format!("gpu_otel_receiver_spans_exported_total{{destination=\"{destination}\"}}"),
    )
}

// ---- 6: batches bounded by encoded size, split when refused as too large ----

#[tokio::test]
async fn batches_stay_under_the_4_mib_message_limit_of_otlp_grpc_backends() {
    let (url, backend) = grpc_backend(None).await;
    let mut c = config();
    c.export.endpoint = Some(url.clone());
    // Long enough for every request below to land in one batch by span count alone.
    c.export.batch_timeout = Duration::from_secs(2);
    let r = pipeline::start(c).await.unwrap();
    let mut client = grpc_client(&r).await;
    // 4096 kernel spans with 1.2 kB names: about 5.5 MB, one batch's worth of spans.
    for part in 0..8u64 {
        let spans = (0..512)
            .map(|i| long_kernel(part * 512 + i, 1200))
            .collect();
        client
            .export(request(resource("torch", 1, Some(Tier::Off)), spans))
            .await
            .unwrap();
    }
    backend.wait_for(4096, Duration::from_secs(20)).await;
    let t = r.telemetry.clone();
    r.shutdown().await;
    assert_eq!(backend.spans(), 4096);
    assert!(backend.largest_request() < 4 * 1024 * 1024);
    assert_eq!(dropped_any(&metrics(&t), &url), 0.0);
}

#[tokio::test]
async fn a_batch_refused_as_too_large_is_split_in_halves_until_each_part_is_accepted() {
    let (url, backend) = grpc_backend(Some(64 * 1024)).await;
    let mut c = config();
    c.export.endpoint = Some(url.clone());
    let r = pipeline::start(c).await.unwrap();
    let mut client = grpc_client(&r).await;
    // About 300 kB in one request: the backend takes 64 kB at most.
    let spans: Vec<Span> = (0..256).map(|i| long_kernel(i, 1200)).collect();
    let ids: Vec<Vec<u8>> = spans.iter().map(|s| s.span_id.clone()).collect();
    client
        .export(request(resource("torch", 1, Some(Tier::Off)), spans))
        .await
        .unwrap();
    backend.wait_for(256, Duration::from_secs(10)).await;
    let t = r.telemetry.clone();
    r.shutdown().await;
    assert_eq!(backend.span_ids(), ids, "every span, once, in order");
    assert!(backend.largest_request() <= 64 * 1024);
    let m = metrics(&t);
    assert_eq!(exported(&m, &url), 256.0);
    assert_eq!(dropped_any(&m, &url), 0.0);
    assert!(
        series(
            &m,
            &format!("gpu_otel_receiver_export_batches_split_total{{destination=\"{url}\"}}")
        ) >= 1.0
    );
}

#[tokio::test]
async fn a_single_span_too_large_for_the_backend_is_dropped_alone_and_counted_as_too_large() {
    let (url, backend) = grpc_backend(Some(16 * 1024)).await;
    let mut c = config();
    c.export.endpoint = Some(url.clone());
    let r = pipeline::start(c).await.unwrap();
    let mut client = grpc_client(&r).await;
    let mut spans: Vec<Span> = (0..10).map(|i| long_kernel(i, 200)).collect();
    spans.insert(5, long_kernel(99, 32 * 1024));
    client
        .export(request(resource("torch", 1, Some(Tier::Off)), spans))
        .await
        .unwrap();
    backend.wait_for(10, Duration::from_secs(10)).await;
    // The oversized span's own refusal follows the others' delivery.
    let t = r.telemetry.clone();
    let deadline = Instant::now() + Duration::from_secs(10);
    while metrics(&t)
        .get(&format!(
            "gpu_otel_receiver_spans_dropped_total{{destination=\"{url}\",reason=\"too_large\"}}"
        ))
        .copied()
        .unwrap_or(0.0)
        < 1.0
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    r.shutdown().await;
    assert_eq!(backend.spans(), 10);
    let m = metrics(&t);
    assert_eq!(dropped(&m, &url, "too_large"), 1.0);
    assert_eq!(dropped(&m, &url, "export_failed"), 0.0);
    assert_eq!(exported(&m, &url), 10.0);
}

#[tokio::test]
async fn an_http_413_splits_the_batch_as_a_grpc_size_refusal_does() {
    const LIMIT: usize = 32 * 1024;
    let seen: Arc<Mutex<Vec<ExportTraceServiceRequest>>> = Arc::default();
    let s = seen.clone();
    let app = axum::Router::new()
        .route(
            "/v1/traces",
            axum::routing::post(move |body: Bytes| {
                let s = s.clone();
                async move {
                    if body.len() > LIMIT {
                        return (StatusCode::PAYLOAD_TOO_LARGE, Vec::new());
                    }
                    s.lock()
                        .unwrap()
                        .push(ExportTraceServiceRequest::decode(body).unwrap());
                    (
                        StatusCode::OK,
                        ExportTraceServiceResponse::default().encode_to_vec(),
                    )
                }
            }),
        )
        .layer(axum::extract::DefaultBodyLimit::disable());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let mut c = config();
    c.export.endpoint = Some(format!("http://{addr}"));
    c.export.protocol = Protocol::HttpProtobuf;
    let r = pipeline::start(c).await.unwrap();
    let mut client = grpc_client(&r).await;
    let spans: Vec<Span> = (0..128).map(|i| long_kernel(i, 1200)).collect();
    client
        .export(request(resource("torch", 1, Some(Tier::Off)), spans))
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while fixtures::spans_of(&seen.lock().unwrap()).len() < 128 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    r.shutdown().await;
    assert_eq!(fixtures::spans_of(&seen.lock().unwrap()).len(), 128);
}

// ---- 7: each destination has its own queue; a dead mirror costs only itself ----

/// A primary that works, a mirror that accepts connections and never answers.
async fn primary_and_blackholed_mirror() -> (Running, String, Backend, String) {
    let (primary, backend) = grpc_backend(None).await;
    let mirror = blackhole().await;
    let mut c = config();
    c.export.endpoint = Some(primary.clone());
    c.export.mirrors = vec![mirror.clone()];
    // Today's attempt timeout would hold the pipeline far longer than the test waits.
    c.export.timeout = Duration::from_secs(30);
    c.export.queue_capacity = 4;
    // One batch in flight, so the mirror's queue is what fills (concurrent batches to
    // a blackhole would first absorb what the queue is meant to hold).
    c.export.concurrency = 1;
    c.ingest.queue_capacity = 4;
    c.ingest.enqueue_timeout = Duration::from_millis(200);
    c.shutdown_timeout = Duration::from_secs(1);
    (pipeline::start(c).await.unwrap(), primary, backend, mirror)
}

async fn send_plain(r: &Running, requests: u64, per: u64) -> Vec<tonic::Code> {
    let mut client = grpc_client(r).await;
    let mut refused = Vec::new();
    for n in 0..requests {
        let spans = (0..per).map(|i| plain(n * per + i)).collect();
        if let Err(s) = client
            .export(request(resource("app", 1, Some(Tier::Off)), spans))
            .await
        {
            refused.push(s.code());
        }
    }
    refused
}

#[tokio::test]
async fn a_mirror_that_never_answers_neither_stalls_the_primary_nor_refuses_producers() {
    let (r, _, backend, _) = primary_and_blackholed_mirror().await;
    let refused = send_plain(&r, 100, 10).await;
    assert_eq!(refused, vec![], "producers were refused");
    backend.wait_for(1000, Duration::from_secs(10)).await;
    assert_eq!(
        backend.spans(),
        1000,
        "the primary stalled behind the mirror"
    );
    r.shutdown().await;
}

#[tokio::test]
async fn a_full_mirror_queue_drops_its_oldest_and_counts_them_for_that_mirror_only() {
    let (r, primary, backend, mirror) = primary_and_blackholed_mirror().await;
    send_plain(&r, 100, 10).await;
    backend.wait_for(1000, Duration::from_secs(10)).await;
    let t = r.telemetry.clone();
    let m = metrics(&t);
    assert!(dropped(&m, &mirror, "queue_full") > 0.0);
    assert_eq!(dropped(&m, &primary, "queue_full"), 0.0);
    let queued = series(
        &m,
        &format!("gpu_otel_receiver_export_queue_spans{{destination=\"{mirror}\"}}"),
    );
    assert_eq!(
        exported(&m, &mirror) + dropped_any(&m, &mirror) + queued,
        1000.0,
        "the mirror accounts for every span it was given"
    );
    r.shutdown().await;
}

// ---- 8: accounting per destination, through an aborted shutdown ----

#[tokio::test]
async fn every_destination_accounts_for_every_span_it_was_given_after_an_aborted_shutdown() {
    let (primary, backend) = grpc_backend(None).await;
    let mirror = closed_port();
    let mut c = config();
    c.export.endpoint = Some(primary.clone());
    c.export.mirrors = vec![mirror.clone()];
    c.export.retry.max_elapsed = Some(Duration::from_secs(60));
    c.shutdown_timeout = Duration::from_secs(1);
    let r = pipeline::start(c).await.unwrap();
    send_plain(&r, 10, 3).await;
    backend.wait_for(30, Duration::from_secs(10)).await;
    let t = r.telemetry.clone();
    let report = r.shutdown().await;
    assert!(
        !report.clean,
        "the unreachable mirror outlives the deadline"
    );
    let m = metrics(&t);
    assert_eq!(exported(&m, &primary), 30.0);
    assert_eq!(dropped_any(&m, &primary), 0.0);
    assert_eq!(exported(&m, &mirror), 0.0);
    assert_eq!(dropped(&m, &mirror, "shutdown"), 30.0);
}

#[tokio::test]
async fn spans_acknowledged_but_not_yet_queued_when_shutdown_aborts_the_pipeline_are_counted() {
    let mut c = config();
    // Every export attempt fails and is retried: the pipeline backs up.
    c.export.endpoint = Some(closed_port());
    c.export.protocol = Protocol::HttpProtobuf;
    c.export.retry.max_elapsed = Some(Duration::from_secs(60));
    c.export.batch_max_spans = 1;
    c.export.queue_capacity = 1;
    c.ingest.queue_capacity = 1;
    c.ingest.enqueue_timeout = Duration::from_millis(100);
    c.reconcile.delay = Duration::from_secs(60);
    c.shutdown_timeout = Duration::from_secs(1);
    let r = pipeline::start(c).await.unwrap();
    let mut client = grpc_client(&r).await;
    let mut accepted = 0;
    for n in 0..8u64 {
        // A plain span leaves at once; the serialized-tier kernel is held for evidence.
        let spans = vec![plain(n), kernel(100 + n, 10, 20, None)];
        let req = request(resource("torch", 1, Some(Tier::Serialized)), spans);
        if client.export(req).await.is_ok() {
            accepted += 2;
        }
    }
    let t = r.telemetry.clone();
    r.shutdown().await;
    let m = metrics(&t);
    let lost: f64 = m
        .iter()
        .filter(|(k, _)| k.starts_with("gpu_otel_receiver_spans_dropped_total{destination="))
        .map(|(_, v)| v)
        .sum();
    assert!(accepted > 2);
    assert_eq!(
        lost, accepted as f64,
        "every acknowledged span is exported or counted"
    );
}

#[test]
fn the_final_summary_line_reports_what_the_shutdown_deadline_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("receiver.yaml");
    std::fs::write(&config, "shutdown_timeout: 1s\n").unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gpu-otel-receiver"))
        .args(["serve", "--config"])
        .arg(&config)
        .args([
            "--grpc-endpoint=127.0.0.1:0",
            "--http-endpoint=127.0.0.1:0",
            "--metrics-endpoint=127.0.0.1:0",
            "--export-protocol=http/protobuf",
        ])
        .arg(format!("--export-endpoint={}", closed_port()))
        .env("GPU_OTEL_LOG", "off")
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let ports: serde_json::Value = serde_json::from_str(&line).unwrap();
    let grpc = ports["grpc"].as_str().unwrap().to_string();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let mut client = TraceServiceClient::connect(format!("http://{grpc}"))
            .await
            .unwrap();
        let spans = (0..3).map(plain).collect();
        client
            .export(request(resource("app", 1, Some(Tier::Off)), spans))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
    });
    let status = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    child.wait().unwrap();
    let summary = stderr
        .lines()
        .find(|l| l.contains("spans accepted at ingest"))
        .unwrap_or_else(|| panic!("no summary in {stderr:?}"));
    assert!(
        summary.contains("3 spans dropped at the shutdown deadline"),
        "{summary}"
    );
}
