//! The three probes, each for its own question: `/readyz` is the readiness the kubelet
//! and a gateway's resolver go by; `/livez` only says the process answers; `/healthz`
//! also reports a destination whose exports fail. A destination that is down is seen
//! at once in the log, at the default level, and no more than once per interval.

use std::io::{BufRead as _, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use prost::Message as _;
use receiver::fixtures::{self, loopback_config, plain, request, resource};
use receiver::pipeline;
use semconv::Tier;

async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// A backend that accepts connections and never answers, so that an export stays in
/// flight until the shutdown deadline.
async fn silent_backend() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    addr
}

#[tokio::test]
async fn readyz_is_ready_once_the_queue_is_loaded_and_unready_from_the_start_of_shutdown() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = loopback_config();
    config.queue.dir = Some(dir.path().to_path_buf());
    config.export.endpoint = Some(format!("http://{}", silent_backend().await));
    config.shutdown_timeout = Duration::from_secs(3);
    let r = pipeline::start(config).await.unwrap();
    // start returns once the queue is open and the exporters run.
    assert_eq!(get(r.metrics_addr, "/readyz").await, (200, "ok\n".into()));
    assert_eq!(get(r.metrics_addr, "/healthz").await, (200, "ok\n".into()));
    assert_eq!(get(r.metrics_addr, "/livez").await.0, 200);

    // A span that can never be delivered keeps the shutdown busy until its deadline.
    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    grpc.export(request(resource("app", 1, Some(Tier::Off)), vec![plain(1)]))
        .await
        .unwrap();
    let metrics_addr = r.metrics_addr;
    let shutdown = tokio::spawn(r.shutdown());
    let started = Instant::now();
    let mut seen = get(metrics_addr, "/readyz").await;
    while seen.0 == 200 && started.elapsed() < Duration::from_secs(2) {
        tokio::time::sleep(Duration::from_millis(20)).await;
        seen = get(metrics_addr, "/readyz").await;
    }
    assert_eq!(seen, (503, "shutting down\n".into()));
    assert_eq!(get(metrics_addr, "/healthz").await.0, 503);
    // Still alive while it drains: a liveness probe must not kill it now.
    assert_eq!(get(metrics_addr, "/livez").await.0, 200);
    shutdown.await.unwrap();
}

/// A port nothing listens on (yet).
fn free_port() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

struct Serving {
    child: Child,
    log: std::path::PathBuf,
    metrics: SocketAddr,
    grpc: SocketAddr,
    http: SocketAddr,
}

impl Serving {
    /// The binary with `config` (YAML), logging at the default level.
    fn start(dir: &std::path::Path, config: &str) -> Serving {
        let file = dir.join("receiver.yaml");
        std::fs::write(&file, config).unwrap();
        let log = dir.join("receiver.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_gpu-otel-receiver"))
            .args(["serve", "--config"])
            .arg(&file)
            .args([
                "--grpc-endpoint=127.0.0.1:0",
                "--http-endpoint=127.0.0.1:0",
                "--metrics-endpoint=127.0.0.1:0",
            ])
            .env_remove("GPU_OTEL_LOG")
            .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let ports: serde_json::Value = serde_json::from_str(&line)
            .unwrap_or_else(|_| panic!("{}", std::fs::read_to_string(&log).unwrap()));
        let addr = |k: &str| ports[k].as_str().unwrap().parse().unwrap();
        Serving {
            metrics: addr("metrics"),
            grpc: addr("grpc"),
            http: addr("http"),
            child,
            log,
        }
    }

    fn lines(&self, containing: &str) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap()
            .lines()
            .filter(|l| l.contains(containing))
            .map(String::from)
            .collect()
    }

    fn stop(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        self.child.wait().unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destination_that_is_down_is_logged_once_per_interval_then_recovers_and_only_healthz_says_so(
) {
    let dir = tempfile::tempdir().unwrap();
    let backend = free_port();
    let config = format!(
        "queue:\n  dir: {}\nexport:\n  endpoint: http://{backend}\n  batch_timeout: 20ms\n  retry:\n    initial_backoff: 50ms\n    max_backoff: 200ms\ntelemetry:\n  unhealthy_after: 1s\n",
        dir.path().join("queue").display()
    );
    let r = Serving::start(dir.path(), &config);
    let mut grpc = TraceServiceClient::connect(format!("http://{}", r.grpc))
        .await
        .unwrap();
    grpc.export(request(
        resource("app", 1, Some(Tier::Off)),
        (1..=6).map(plain).collect(),
    ))
    .await
    .unwrap();
    let body = request(
        resource("app", 1, Some(Tier::Off)),
        (7..=10).map(plain).collect(),
    )
    .encode_to_vec();
    let http = reqwest::Client::new()
        .post(format!("http://{}/v1/traces", r.http))
        .header("content-type", "application/x-protobuf")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(http.status(), 200);

    // Within the log interval (10 s) many attempts fail (every 200 ms at most) and one
    // line says so, at once, with the destination, the reason and what waits.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let failing = r.lines("Export failing");
    assert_eq!(failing.len(), 1, "{failing:#?}");
    let line = &failing[0];
    assert!(line.contains(" WARN "), "{line}");
    assert!(
        line.contains(&format!("destination=http://{backend}")),
        "{line}"
    );
    assert!(
        line.contains("reason=gRPC Unavailable: tcp connect error") && line.contains("refused"),
        "the reason goes down to the connection's error: {line}"
    );
    let waiting: u64 = line
        .split("spans_waiting=")
        .nth(1)
        .and_then(|w| w.split(' ').next())
        .and_then(|w| w.parse().ok())
        .unwrap_or(0);
    assert!(waiting > 0, "what waits: {line}");
    assert!(r.lines("Export still failing").is_empty());
    let m = fixtures::scrape_metrics(r.metrics).await.unwrap();
    let dest = format!("{{destination=\"http://{backend}\"}}");
    assert!(m[&format!("gpu_otel_receiver_export_consecutive_failures{dest}")] >= 5.0);
    assert_eq!(
        m[&format!("gpu_otel_receiver_export_last_success_timestamp_seconds{dest}")],
        0.0
    );
    // /healthz names it; the receiver is alive and ready: its queue takes spans.
    let (code, body) = get(r.metrics, "/healthz").await;
    assert_eq!(code, 503);
    assert!(
        body.starts_with(&format!("export to http://{backend} failing for "))
            && body.contains("spans waiting"),
        "{body}"
    );
    assert_eq!(get(r.metrics, "/livez").await, (200, "ok\n".into()));
    assert_eq!(get(r.metrics, "/readyz").await, (200, "ok\n".into()));

    // The backend comes up: one recovery line, and /healthz is well again.
    let counted = Arc::new(fixtures::Counted::default());
    let listener = tokio::net::TcpListener::bind(backend).await.unwrap();
    tokio::spawn(fixtures::serve_counting(listener, counted.clone()));
    let deadline = Instant::now() + Duration::from_secs(10);
    while counted.spans.load(std::sync::atomic::Ordering::Relaxed) < 10 {
        assert!(Instant::now() < deadline, "the queue never drained");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let recovered = r.lines("Export recovered");
    assert_eq!(recovered.len(), 1, "{recovered:#?}");
    assert!(recovered[0].contains(" INFO "), "{}", recovered[0]);
    assert_eq!(get(r.metrics, "/healthz").await, (200, "ok\n".into()));
    let m = fixtures::scrape_metrics(r.metrics).await.unwrap();
    assert_eq!(
        m[&format!("gpu_otel_receiver_export_consecutive_failures{dest}")],
        0.0
    );
    assert!(m[&format!("gpu_otel_receiver_export_last_success_timestamp_seconds{dest}")] > 1.7e9);
    r.stop();
}
