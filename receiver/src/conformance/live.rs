//! The checker as a live OTLP endpoint: the receiver's own gRPC and HTTP front ends,
//! feeding the checker instead of the pipeline, until told to stop.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::{Checker, Report};
use crate::config::{Config, Source};
use crate::handoff;
use crate::ingest;
use crate::pipeline::{bind, StartError};
use crate::telemetry::Telemetry;

/// Listens on `grpc` and `http` until `stop` resolves, then has `checker` judge what
/// arrived. `ready` is told the bound addresses.
pub async fn listen(
    mut checker: Checker,
    grpc: SocketAddr,
    http: SocketAddr,
    max_request_bytes: usize,
    ready: impl FnOnce(SocketAddr, SocketAddr),
    stop: impl Future<Output = ()>,
) -> Result<Report, StartError> {
    let mut flags = crate::config::Sources::default();
    flags.set("--listen-grpc", Source::Flag("--listen-grpc"));
    flags.set("--listen-http", Source::Flag("--listen-http"));
    let (g, h) = (
        bind("--listen-grpc", grpc, &flags).await?,
        bind("--listen-http", http, &flags).await?,
    );
    ready(
        g.local_addr().expect("bound"),
        h.local_addr().expect("bound"),
    );
    // The receiver's own handoff, in memory, with the checker where the pipeline is.
    let mut config = Config::default();
    config.ingest.queue_capacity = 64;
    config.ingest.enqueue_timeout = Duration::from_secs(5);
    config.ingest.max_request_bytes = max_request_bytes;
    let opened = handoff::open(&config, 1, Arc::new(Telemetry::default()))?;
    let (handle, mut intake) = (opened.handoff, opened.intake);
    let token = CancellationToken::new();
    let gate = Arc::new(ingest::gate::Gate::open(handle.telemetry.clone()));
    let grpc_task = tokio::spawn({
        let (handle, ingest_config, token) = (handle.clone(), config.ingest.clone(), token.clone());
        async move { ingest::grpc::serve(g, handle, &ingest_config, gate, token).await }
    });
    let http_task = tokio::spawn({
        let (router, t) = (
            ingest::http::router(handle, max_request_bytes),
            token.clone(),
        );
        async move {
            axum::serve(ingest::nodelay(h), router)
                .with_graceful_shutdown(t.cancelled_owned())
                .await
        }
    });
    let checking = tokio::spawn(async move {
        while let Some((req, _arrival)) = intake.next().await {
            // Its spans were checked when it was read, so it decodes.
            if let Ok(decoded) = req.request().to_proto() {
                checker.feed(&decoded);
            }
        }
        checker.finish()
    });
    stop.await;
    token.cancel();
    let _ = grpc_task.await;
    let _ = http_task.await;
    Ok(checking.await.expect("the checker task does not panic"))
}
