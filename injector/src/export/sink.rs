//! Where encoded requests go: the shared OTLP client (`otlp_client::Client`: gRPC or
//! HTTP as the `OTEL_EXPORTER_OTLP_*` variables say), or an in-process sink for tests
//! and benchmarks. A request is prepared once (compressed) from the bytes the encoder
//! made, and every attempt of the retry driver sends it as prepared.

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use bytes::Bytes;
use otlp_client::{Attempt, Target};

/// A destination of encoded `ExportTraceServiceRequest`s: each attempt
/// ([`otlp_client::Target`]) sends what [`Sink::prepare`] made once.
pub trait Sink: Target + Send + Sync + 'static {
    /// `body` as every attempt sends it; `Err`: why it cannot be sent.
    fn prepare(&self, body: Bytes) -> Result<Self::Body, String>;
}

impl Sink for otlp_client::Client {
    fn prepare(&self, body: Bytes) -> Result<otlp_client::Prepared, String> {
        otlp_client::Client::prepare(self, body)
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

impl Target for CountingSink {
    type Body = Bytes;
    fn attempt(&self, body: &Bytes) -> impl Future<Output = Attempt> + Send {
        self.requests.fetch_add(1, Ordering::Relaxed);
        self.bytes.fetch_add(body.len() as u64, Ordering::Relaxed);
        std::future::ready(Attempt::delivered())
    }
}

impl Sink for Arc<CountingSink> {
    fn prepare(&self, body: Bytes) -> Result<Bytes, String> {
        Ok(body)
    }
}
