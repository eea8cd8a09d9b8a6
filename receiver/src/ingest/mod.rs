//! Ingest: OTLP/gRPC and OTLP/HTTP front ends that hand each request to the pipeline
//! through one bounded queue. A full queue past the enqueue timeout is "retry later"
//! (ResourceExhausted with RetryInfo / 429 with Retry-After), and so is a request the
//! pipeline did not pick up within that time; a pipeline that is
//! shutting down is Unavailable / 503.

pub mod grpc;
pub mod http;

use std::sync::Arc;
use std::time::Duration;

use axum::serve::{ListenerExt as _, TapIo};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTracePartialSuccess, ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};

use crate::reconcile::{IngestReport, Prepared};
use crate::telemetry::Telemetry;

/// How long senders are asked to wait when the pipeline is full.
pub const RETRY_AFTER: Duration = Duration::from_secs(1);

/// One request on its way to the pipeline, read as far as it can be without the
/// reconciler's state, with the channel for its answer.
pub type Job = (Prepared, oneshot::Sender<IngestReport>);

/// Why a whole request was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The pipeline stayed full for the enqueue timeout.
    #[error("the receiver is at capacity; retry after {}s", RETRY_AFTER.as_secs())]
    Busy,
    /// The pipeline is shutting down.
    #[error("the receiver is shutting down")]
    Unavailable,
}

/// The front ends' way into the pipeline.
#[derive(Debug, Clone)]
pub struct IngestHandle {
    tx: mpsc::Sender<Job>,
    enqueue_timeout: Duration,
    /// Counters of the ingest edge.
    pub telemetry: Arc<Telemetry>,
}

impl IngestHandle {
    /// A handle over the pipeline's queue.
    pub fn new(
        tx: mpsc::Sender<Job>,
        enqueue_timeout: Duration,
        telemetry: Arc<Telemetry>,
    ) -> Self {
        IngestHandle {
            tx,
            enqueue_timeout,
            telemetry,
        }
    }

    /// Hands a request to the pipeline and waits for its report.
    pub async fn submit(&self, req: ExportTraceServiceRequest) -> Result<IngestReport, Refusal> {
        use std::sync::atomic::Ordering::Relaxed;
        // Read here, on the sender's connection task, so that the one reconcile task
        // does only what needs its state.
        let prepared = Prepared::new(req);
        let (reply, answer) = oneshot::channel();
        let refusal = match self
            .tx
            .send_timeout((prepared, reply), self.enqueue_timeout)
            .await
        {
            // Queued; the pipeline must also pick it up in time. When it does not (the
            // export side is backed up), the sender is told to retry and the pipeline,
            // seeing nobody waits for the answer, drops the request instead of taking it
            // twice.
            Ok(()) => match tokio::time::timeout(self.enqueue_timeout, answer).await {
                Ok(report) => return report.map_err(|_| Refusal::Unavailable),
                Err(_) => Refusal::Busy,
            },
            Err(mpsc::error::SendTimeoutError::Timeout(_)) => Refusal::Busy,
            Err(mpsc::error::SendTimeoutError::Closed(_)) => Refusal::Unavailable,
        };
        let counter = match refusal {
            Refusal::Busy => &self.telemetry.ingest.refused_busy,
            Refusal::Unavailable => &self.telemetry.ingest.refused_unavailable,
        };
        counter.fetch_add(1, Relaxed);
        Err(refusal)
    }
}

/// An axum listener whose connections have TCP_NODELAY on: without it an answer
/// written while an earlier segment is unacknowledged waits for the peer's delayed
/// ACK (about 40 ms), which caps a connection that sends one request after another.
pub fn nodelay(listener: TcpListener) -> TapIo<TcpListener, fn(&mut TcpStream)> {
    listener.tap_io(set_nodelay)
}

fn set_nodelay(stream: &mut TcpStream) {
    if let Err(e) = stream.set_nodelay(true) {
        tracing::debug!(error = %e, "cannot set TCP_NODELAY on an accepted connection");
    }
}

/// The OTLP response for a report: partial success only when something was wrong.
pub fn response(report: &IngestReport) -> ExportTraceServiceResponse {
    ExportTraceServiceResponse {
        partial_success: (!report.is_clean()).then(|| ExportTracePartialSuccess {
            rejected_spans: report.rejected_spans,
            error_message: report.error_message(),
        }),
    }
}
