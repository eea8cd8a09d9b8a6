//! Where encoded requests go: the shared OTLP client (`otlp_client::Client`: gRPC or
//! HTTP as the `OTEL_EXPORTER_OTLP_*` variables say), or an in-process sink for tests
//! and benchmarks. A request is sent as the bytes the encoder made.

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use bytes::Bytes;
use otlp_client::Attempt;

/// A destination of encoded `ExportTraceServiceRequest`s.
pub trait Sink: Send + Sync + 'static {
    /// One attempt to deliver a request; resolves once the backend answered.
    fn send(&self, body: Bytes) -> impl Future<Output = Attempt> + Send;
}

impl Sink for otlp_client::Client {
    async fn send(&self, body: Bytes) -> Attempt {
        otlp_client::Client::send(self, body).await
    }
}

/// Counts what it is given and answers at once: the export path alone, without a
/// network, for benchmarks and tests.
#[derive(Debug, Default)]
pub struct CountingSink {
    /// Requests received.
    pub requests: AtomicU64,
    /// Bytes received.
    pub bytes: AtomicU64,
}

impl Sink for Arc<CountingSink> {
    async fn send(&self, body: Bytes) -> Attempt {
        self.requests.fetch_add(1, Ordering::Relaxed);
        self.bytes.fetch_add(body.len() as u64, Ordering::Relaxed);
        Attempt::delivered()
    }
}
