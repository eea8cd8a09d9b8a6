//! Export: a bounded queue of requests, batched and delivered to one [`sink::Sink`]
//! with retries and backoff. A full queue makes the pipeline wait (backpressure reaches
//! the senders as "retry later"); a batch that cannot be delivered within the retry
//! budget is dropped and counted.

pub mod retry;
pub mod sink;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use retry::{Backoff, Verdict};
use sink::Sink;

/// Spans in a request.
pub fn span_count(req: &ExportTraceServiceRequest) -> u64 {
    req.resource_spans
        .iter()
        .flat_map(|rs| &rs.scope_spans)
        .map(|ss| ss.spans.len() as u64)
        .sum()
}

/// Export counters, shared with the metrics endpoint.
#[derive(Debug, Default)]
pub struct ExportCounters {
    /// Spans delivered.
    pub exported_spans: AtomicU64,
    /// Batches delivered.
    pub batches: AtomicU64,
    /// Attempts that were retried.
    pub retries: AtomicU64,
    /// Spans dropped after the retry budget or a fatal error.
    pub dropped_export_failed: AtomicU64,
    /// Spans the backend refused (partial success).
    pub dropped_rejected_by_backend: AtomicU64,
    /// Spans submitted after the exporter stopped.
    pub dropped_shutdown: AtomicU64,
    /// Spans waiting in the queue and the batch being built.
    pub queued_spans: AtomicU64,
}

/// Batching settings.
#[derive(Debug, Clone, Copy)]
pub struct BatchSettings {
    /// Spans per batch.
    pub max_spans: usize,
    /// Time a batch waits to fill.
    pub timeout: Duration,
    /// Batches waiting.
    pub queue_capacity: usize,
    /// Retries.
    pub backoff: Backoff,
}

/// The handle the pipeline submits to.
#[derive(Debug, Clone)]
pub struct ExportSender {
    tx: mpsc::Sender<Arc<ExportTraceServiceRequest>>,
    counters: Arc<ExportCounters>,
}

impl ExportSender {
    /// Queues a request, waiting for room (backpressure). The request may be shared
    /// with other destinations; the worker copies it only if another still holds it.
    pub async fn submit(&self, req: Arc<ExportTraceServiceRequest>) {
        let n = span_count(&req);
        // Counted before it is queued, so a concurrent drain can never miss it.
        self.counters.queued_spans.fetch_add(n, Relaxed);
        if self.tx.send(req).await.is_err() {
            self.counters.queued_spans.fetch_sub(n, Relaxed);
            self.counters.dropped_shutdown.fetch_add(n, Relaxed);
        }
    }
}

/// Every destination's handle: each request goes to all of them.
#[derive(Debug, Clone)]
pub struct Fanout(pub Vec<ExportSender>);

impl Fanout {
    /// Queues a request on every destination, waiting for room on each. Mirrors
    /// share it: their copies are made on the export workers, not on the pipeline.
    pub async fn submit(&self, req: ExportTraceServiceRequest) {
        let req = Arc::new(req);
        if let Some((last, rest)) = self.0.split_last() {
            for s in rest {
                s.submit(req.clone()).await;
            }
            last.submit(req).await;
        }
    }
}

/// The request itself when no other destination still holds it, else a copy.
fn owned(req: Arc<ExportTraceServiceRequest>) -> ExportTraceServiceRequest {
    Arc::try_unwrap(req).unwrap_or_else(|shared| (*shared).clone())
}

/// The export worker.
#[derive(Debug)]
pub struct Exporter {
    sender: ExportSender,
    handle: JoinHandle<()>,
}

impl Exporter {
    /// Starts the worker on the current runtime.
    pub fn start(sink: Sink, settings: BatchSettings, counters: Arc<ExportCounters>) -> Exporter {
        let (tx, rx) = mpsc::channel(settings.queue_capacity);
        let handle = tokio::spawn(run(sink, settings, rx, counters.clone()));
        Exporter {
            sender: ExportSender { tx, counters },
            handle,
        }
    }

    /// A handle to submit with.
    pub fn sender(&self) -> ExportSender {
        self.sender.clone()
    }

    /// Stops taking requests and delivers what is queued. Returns once the worker has
    /// finished or `deadline` passed (then what is left is counted as dropped).
    pub async fn shutdown(self, deadline: Duration) -> bool {
        let Exporter { sender, mut handle } = self;
        let counters = sender.counters.clone();
        drop(sender);
        match tokio::time::timeout(deadline, &mut handle).await {
            Ok(_) => true,
            Err(_) => {
                handle.abort();
                let left = counters.queued_spans.swap(0, Relaxed);
                counters.dropped_shutdown.fetch_add(left, Relaxed);
                false
            }
        }
    }
}

async fn run(
    mut sink: Sink,
    s: BatchSettings,
    mut rx: mpsc::Receiver<Arc<ExportTraceServiceRequest>>,
    counters: Arc<ExportCounters>,
) {
    tracing::info!(sink = %sink.describe(), "Export started");
    while let Some(first) = rx.recv().await {
        let mut batch = owned(first);
        let mut spans = span_count(&batch);
        let fill_until = tokio::time::Instant::now() + s.timeout;
        while spans < s.max_spans as u64 {
            match tokio::time::timeout_at(fill_until, rx.recv()).await {
                Ok(Some(more)) => {
                    spans += span_count(&more);
                    batch.resource_spans.extend(owned(more).resource_spans);
                }
                Ok(None) | Err(_) => break,
            }
        }
        deliver(&mut sink, &batch, spans, &s.backoff, &counters).await;
        counters.queued_spans.fetch_sub(spans, Relaxed);
    }
}

async fn deliver(
    sink: &mut Sink,
    batch: &ExportTraceServiceRequest,
    spans: u64,
    backoff: &Backoff,
    counters: &ExportCounters,
) {
    let started = Instant::now();
    let mut attempt = 0u32;
    loop {
        let result = sink.send(batch).await;
        let hint = match result.verdict {
            Verdict::Delivered => {
                let rejected = result.rejected_spans.max(0) as u64;
                if rejected > 0 {
                    tracing::warn!(
                        rejected,
                        "Export partially refused by the backend; not retried"
                    );
                }
                counters
                    .exported_spans
                    .fetch_add(spans.saturating_sub(rejected), Relaxed);
                counters
                    .dropped_rejected_by_backend
                    .fetch_add(rejected, Relaxed);
                counters.batches.fetch_add(1, Relaxed);
                return;
            }
            Verdict::Fatal(why) => {
                tracing::error!(spans, reason = %why, "Export failed; batch dropped");
                counters.dropped_export_failed.fetch_add(spans, Relaxed);
                return;
            }
            Verdict::Retry(hint) => hint,
        };
        match backoff.next_delay(attempt, hint, rand::random::<f64>(), started.elapsed()) {
            Some(delay) => {
                counters.retries.fetch_add(1, Relaxed);
                tracing::debug!(attempt, ?delay, "Export will be retried");
                tokio::time::sleep(delay).await;
                attempt += 1;
            }
            None => {
                tracing::error!(
                    spans,
                    attempts = attempt + 1,
                    "Export retries exhausted; batch dropped"
                );
                counters.dropped_export_failed.fetch_add(spans, Relaxed);
                return;
            }
        }
    }
}
