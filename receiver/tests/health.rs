//! `/healthz` is the readiness the kubelet and a gateway's resolver go by; `/livez` only
//! says the process answers.

use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use receiver::fixtures::{loopback_config, plain, request, resource};
use receiver::pipeline;
use semconv::Tier;

async fn get(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// A backend that accepts connections and never answers, so that an export stays in
/// flight until the shutdown deadline.
async fn silent_backend() -> std::net::SocketAddr {
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
async fn healthz_is_ready_once_the_queue_is_loaded_and_unready_from_the_start_of_shutdown() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = loopback_config();
    config.queue.dir = Some(dir.path().to_path_buf());
    config.export.endpoint = Some(format!("http://{}", silent_backend().await));
    config.shutdown_timeout = Duration::from_secs(3);
    let r = pipeline::start(config).await.unwrap();
    // start returns once the queue is open and the exporters run.
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
    let mut seen = get(metrics_addr, "/healthz").await;
    while seen.0 == 200 && started.elapsed() < Duration::from_secs(2) {
        tokio::time::sleep(Duration::from_millis(20)).await;
        seen = get(metrics_addr, "/healthz").await;
    }
    assert_eq!(seen, (503, "shutting down\n".into()));
    // Still alive while it drains: a liveness probe must not kill it now.
    assert_eq!(get(metrics_addr, "/livez").await.0, 200);
    shutdown.await.unwrap();
}
