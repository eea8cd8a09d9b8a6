//! Ingest: OTLP/gRPC and OTLP/HTTP front ends that hand each request to the pipeline
//! through one bounded queue.
//!
//! A request is first admitted against a budget of pending wire bytes (held until the
//! pipeline takes or drops it), then queued. A full budget, or a queue that stays full
//! past the enqueue timeout, is "retry later" (ResourceExhausted with RetryInfo / 429
//! with Retry-After). A queued request the pipeline has not claimed within the enqueue
//! timeout is claimed for the sender instead, told "retry later", and dropped unread by
//! the pipeline; one the pipeline claimed first is always answered with its report, so
//! an answer never says "retry" for spans that are exported. A pipeline that is shutting
//! down is Unavailable / 503.
//!
//! Before any of that, the [`gate::Gate`]: TLS on both listeners (`tls.rs`, one accept
//! path in `conn.rs`) and bearer tokens (`auth.rs`), checked before a body is read.
//! With the persistent queue ([`crate::queue`]) a request is answered once it is durable
//! on disk instead; a full queue is "retry later" too.

pub mod auth;
pub mod conn;
pub mod gate;
pub mod grpc;
pub mod http;
pub mod tls;

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::serve::{ListenerExt as _, TapIo};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTracePartialSuccess, ExportTraceServiceResponse,
};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, OwnedSemaphorePermit, Semaphore};

use crate::reconcile::{IngestReport, Prepared};
use crate::telemetry::Telemetry;

/// How long senders are asked to wait when the pipeline is full.
pub const RETRY_AFTER: Duration = Duration::from_secs(1);

/// One request on its way to the pipeline, read as far as it can be without the
/// reconciler's state, with the way to answer it.
pub type Job = (Prepared, Reply);

const QUEUED: u8 = 0;
const TAKEN: u8 = 1;
const ABANDONED: u8 = 2;

/// The pipeline's side of one queued request. Whether the pipeline takes it or the
/// sender stops waiting is decided once, by whoever moves the shared claim first.
#[derive(Debug)]
pub struct Reply {
    tx: oneshot::Sender<IngestReport>,
    claim: Arc<AtomicU8>,
    /// The request's share of the pending-bytes budget, returned when the pipeline
    /// takes or skips it (the reply is consumed or dropped then).
    _admission: Option<Admission>,
}

impl Reply {
    /// A reply with no budget share, and the receiver of its answer.
    pub fn new() -> (Reply, oneshot::Receiver<IngestReport>) {
        Self::admitted(None, Arc::new(AtomicU8::new(QUEUED)))
    }

    fn admitted(
        admission: Option<Admission>,
        claim: Arc<AtomicU8>,
    ) -> (Reply, oneshot::Receiver<IngestReport>) {
        let (tx, rx) = oneshot::channel();
        let reply = Reply {
            tx,
            claim,
            _admission: admission,
        };
        (reply, rx)
    }

    /// Claims the request for the pipeline; false when the sender has already been
    /// told to retry, and then the request must not be taken.
    pub fn take(&self) -> bool {
        claim(&self.claim, TAKEN)
    }

    /// Answers the sender.
    pub fn send(self, report: IngestReport) -> Result<(), IngestReport> {
        self.tx.send(report)
    }
}

fn claim(c: &AtomicU8, to: u8) -> bool {
    c.compare_exchange(QUEUED, to, Ordering::AcqRel, Ordering::Acquire)
        .is_ok()
}

/// A request's wire bytes counted against the pending-bytes budget until dropped.
#[derive(Debug)]
pub struct Admission(OwnedSemaphorePermit);

/// Why a whole request was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The pipeline stayed full for the enqueue timeout.
    #[error("the receiver is at capacity; retry after {}s", RETRY_AFTER.as_secs())]
    Busy,
    /// The requests waiting for the pipeline already hold the pending-bytes budget.
    #[error("the receiver holds its limit of pending request bytes; retry after {}s", RETRY_AFTER.as_secs())]
    OverBudget,
    /// The pipeline is shutting down (or the persistent queue cannot write).
    #[error("the receiver is shutting down")]
    Unavailable,
    /// The persistent queue holds its byte budget.
    #[error("the receiver's queue is full; retry after {}s", RETRY_AFTER.as_secs())]
    QueueFull,
}

/// The front ends' way into the pipeline.
#[derive(Debug, Clone)]
pub struct IngestHandle {
    tx: mpsc::Sender<Job>,
    enqueue_timeout: Duration,
    budget: Arc<Semaphore>,
    /// Counters of the ingest edge.
    pub telemetry: Arc<Telemetry>,
    /// The persistent queue, when on: requests go there instead of to the pipeline.
    queue: Option<crate::queue::Appender>,
}

impl IngestHandle {
    /// A handle over the pipeline's queue, with the default pending-bytes budget.
    pub fn new(
        tx: mpsc::Sender<Job>,
        enqueue_timeout: Duration,
        telemetry: Arc<Telemetry>,
    ) -> Self {
        IngestHandle {
            tx,
            enqueue_timeout,
            budget: Arc::new(Semaphore::new(crate::config::MAX_PENDING_BYTES_DEFAULT)),
            telemetry,
            queue: None,
        }
    }

    /// The same handle, committing each request to the persistent queue and answering
    /// once it is durable.
    pub fn with_queue(mut self, queue: crate::queue::Appender) -> Self {
        self.queue = Some(queue);
        self
    }

    /// The same handle with a budget of `bytes` pending wire bytes.
    pub fn with_max_pending_bytes(mut self, bytes: usize) -> Self {
        self.budget = Arc::new(Semaphore::new(bytes.min(Semaphore::MAX_PERMITS)));
        self
    }

    /// Counts `bytes` of a request against the budget, or refuses it (and counts the
    /// refusal) when the budget has no room. Never waits: the bytes are often in
    /// memory already, and waiting would hold them outside the budget.
    pub fn admit(&self, bytes: usize) -> Result<Admission, Refusal> {
        let n = u32::try_from(bytes).unwrap_or(u32::MAX);
        match self.budget.clone().try_acquire_many_owned(n) {
            Ok(p) => Ok(Admission(p)),
            Err(_) => Err(self.refused(Refusal::OverBudget)),
        }
    }

    /// Grows an admission to `bytes` (a body that decompressed larger than it was).
    pub fn grow(&self, admission: &mut Admission, bytes: usize) -> Result<(), Refusal> {
        let have = admission.0.num_permits();
        if bytes <= have {
            return Ok(());
        }
        let more = self.admit(bytes - have)?;
        admission.0.merge(more.0);
        Ok(())
    }

    fn refused(&self, refusal: Refusal) -> Refusal {
        let i = &self.telemetry.ingest;
        let counter = match refusal {
            Refusal::Busy => &i.refused_busy,
            Refusal::OverBudget => &i.refused_pending_bytes,
            Refusal::Unavailable => &i.refused_unavailable,
            Refusal::QueueFull => &i.refused_queue_full,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        refusal
    }

    /// Hands an admitted request to the pipeline and waits for its report.
    /// The request was read ([`Prepared`]) on the sender's connection task, so that the
    /// one reconcile task does only what needs its state.
    pub async fn submit(
        &self,
        prepared: Prepared,
        admission: Admission,
    ) -> Result<IngestReport, Refusal> {
        if let Some(q) = &self.queue {
            return q
                .append(prepared, admission)
                .await
                .map_err(|r| self.refused(r));
        }
        let state = Arc::new(AtomicU8::new(QUEUED));
        let (reply, mut answer) = Reply::admitted(Some(admission), state.clone());
        let refusal = match self
            .tx
            .send_timeout((prepared, reply), self.enqueue_timeout)
            .await
        {
            Ok(()) => match tokio::time::timeout(self.enqueue_timeout, &mut answer).await {
                Ok(report) => return report.map_err(|_| self.refused(Refusal::Unavailable)),
                // Not claimed in time (the export side is backed up): the sender is told
                // to retry and the pipeline will skip the request.
                Err(_) if claim(&state, ABANDONED) => Refusal::Busy,
                // The pipeline claimed it first: its answer follows at once (it answers
                // before it waits for anything) and is the one that matches what it does.
                Err(_) => return answer.await.map_err(|_| self.refused(Refusal::Unavailable)),
            },
            Err(mpsc::error::SendTimeoutError::Timeout(_)) => Refusal::Busy,
            Err(mpsc::error::SendTimeoutError::Closed(_)) => Refusal::Unavailable,
        };
        Err(self.refused(refusal))
    }
}

/// An axum listener whose connections have TCP_NODELAY on: without it an answer
/// written while an earlier segment is unacknowledged waits for the peer's delayed
/// ACK (about 40 ms), which caps a connection that sends one request after another.
pub fn nodelay(listener: TcpListener) -> TapIo<TcpListener, fn(&mut TcpStream)> {
    listener.tap_io(set_nodelay)
}

pub(crate) fn set_nodelay(stream: &mut TcpStream) {
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
