//! Export: per destination, a queue bounded in requests and encoded bytes, batched by
//! span count and encoded size and delivered to one [`sink::Sink`] by the export
//! client's retry driver (`otlp_client::deliver`, the injector's too: each batch
//! encoded and compressed once, its classification and jittered backoff; `Paced` is
//! this side of it). The primary's full queue makes the pipeline wait (backpressure reaches the
//! senders as "retry later"); a mirror's full queue drops its oldest requests, so a
//! dead mirror costs only itself. A batch the destination refuses as too large is
//! split in halves down to single spans. Every loss is counted per destination.
//!
//! Every request carries the [`Origins`] of its spans (empty without the persistent
//! queue) through batching and splitting; with the queue, each destination tells the
//! acknowledgements' one handle ([`Acks`]) which origins' spans it has delivered or
//! dropped for good, and what is still queued when the receiver stops stays on disk (not
//! counted as dropped).

pub mod batch;
pub mod health;
pub mod pprof_dir;
pub mod sink;

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use otlp_client::retry::Retry;
use otlp_client::{Attempt, Backoff, Settled, Verdict};
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use crate::acks::Acks;
use crate::config::ExportConfig;
use crate::reconcile::origin::Origins;
use crate::reconcile::Ready;
use crate::wire::WireRequest;
use health::{Health, Said};
use sink::{Prepared, Sink};

/// One destination's export counters.
#[derive(Debug, Default)]
pub struct ExportCounters {
    /// Spans delivered.
    pub exported_spans: AtomicU64,
    /// Batches delivered.
    pub batches: AtomicU64,
    /// Attempts that were retried.
    pub retries: AtomicU64,
    /// Batches split in halves after the destination refused them as too large.
    pub splits: AtomicU64,
    /// Spans dropped after the retry budget or a fatal error.
    pub dropped_export_failed: AtomicU64,
    /// Spans the backend refused (partial success).
    pub dropped_rejected_by_backend: AtomicU64,
    /// Spans lost to shutdown: submitted after the exporter stopped, or still queued,
    /// in flight or not yet queued when the deadline passed.
    pub dropped_shutdown: AtomicU64,
    /// Spans a full mirror queue dropped (oldest first).
    pub dropped_queue_full: AtomicU64,
    /// Single spans the destination refused as too large.
    pub dropped_too_large: AtomicU64,
    /// Spans waiting in the queue and the batch being delivered.
    pub queued_spans: AtomicU64,
    /// Encoded bytes waiting in the queue.
    pub queued_bytes: AtomicU64,
    /// Kernel metrics requests delivered.
    pub metric_requests_exported: AtomicU64,
    /// Kernel metrics requests dropped (fatal error or retries exhausted).
    pub metric_requests_dropped: AtomicU64,
    /// OTLP Profiles requests delivered (one per process and drain period).
    pub profile_requests_exported: AtomicU64,
    /// OTLP Profiles requests dropped (fatal error, retries exhausted, full queue).
    pub profile_requests_dropped: AtomicU64,
    /// Whether its attempts deliver.
    health: Mutex<Health>,
}

impl ExportCounters {
    /// Its delivery record now.
    pub fn health(&self) -> Health {
        self.health
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Spans dropped, every reason, with the metric's label for each.
    pub fn dropped(&self) -> [(&'static str, u64); 5] {
        [
            ("export_failed", self.dropped_export_failed.load(Relaxed)),
            (
                "rejected_by_backend",
                self.dropped_rejected_by_backend.load(Relaxed),
            ),
            ("shutdown", self.dropped_shutdown.load(Relaxed)),
            ("queue_full", self.dropped_queue_full.load(Relaxed)),
            ("too_large", self.dropped_too_large.load(Relaxed)),
        ]
    }
}

/// What a destination receives and what its full queue does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Every span (and the kernel metrics unless a metrics destination is set); its
    /// full queue makes the pipeline wait.
    Primary,
    /// Every span too; its full queue drops the oldest requests.
    Mirror,
    /// Only the kernel metrics (`export.metrics_endpoint`); its full queue drops the
    /// oldest requests.
    Metrics,
    /// Only the PC samples' OTLP Profiles (`export.profiles_endpoint`); its full queue
    /// drops the oldest requests.
    Profiles,
}

impl Role {
    fn when_full(self) -> WhenFull {
        match self {
            Role::Primary => WhenFull::Wait,
            Role::Mirror | Role::Metrics | Role::Profiles => WhenFull::DropOldest,
        }
    }
}

/// A destination as the metrics and the summary name it.
#[derive(Debug)]
pub struct Destination {
    /// Its endpoint (URL or file), unique among destinations.
    pub name: String,
    /// What it receives.
    pub role: Role,
    /// Its counters.
    pub counters: Arc<ExportCounters>,
}

/// Every destination's counters, registered as the exporters start.
#[derive(Debug, Default)]
pub struct ExportTelemetry {
    destinations: Mutex<Vec<Arc<Destination>>>,
}

impl ExportTelemetry {
    fn lock(&self) -> MutexGuard<'_, Vec<Arc<Destination>>> {
        self.destinations.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a destination; a repeated name gets a `#n` suffix so series stay apart.
    /// Returns the name it is registered under and its counters.
    pub fn register(&self, name: &str, role: Role) -> (String, Arc<ExportCounters>) {
        let mut all = self.lock();
        let taken = |n: &str| all.iter().any(|d| d.name == n);
        let mut unique = name.to_string();
        let mut i = 2;
        while taken(&unique) {
            unique = format!("{name}#{i}");
            i += 1;
        }
        let counters = Arc::new(ExportCounters::default());
        all.push(Arc::new(Destination {
            name: unique.clone(),
            role,
            counters: counters.clone(),
        }));
        (unique, counters)
    }

    /// The destinations, the primary first.
    pub fn destinations(&self) -> Vec<Arc<Destination>> {
        self.lock().clone()
    }

    /// A counter summed over destinations (a span sent to two counts twice).
    pub fn total(&self, counter: impl Fn(&ExportCounters) -> &AtomicU64) -> u64 {
        self.lock()
            .iter()
            .map(|d| counter(&d.counters).load(Relaxed))
            .sum()
    }

    /// Spans that reached no destination because shutdown cut them off.
    pub fn dropped_at_shutdown(&self, spans: u64) {
        for d in self.lock().iter() {
            d.counters.dropped_shutdown.fetch_add(spans, Relaxed);
        }
    }

    /// One clause per destination: what it exported and what it dropped, by reason.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        for (i, d) in self.lock().iter().enumerate() {
            let c = &d.counters;
            let dropped = c.dropped();
            let sep = if i > 0 { ", " } else { "" };
            if d.role == Role::Metrics {
                let _ = write!(
                    out,
                    "{sep}{} (kernel metrics): {} requests exported, {} dropped",
                    d.name,
                    c.metric_requests_exported.load(Relaxed),
                    c.metric_requests_dropped.load(Relaxed)
                );
                continue;
            }
            if d.role == Role::Profiles {
                let _ = write!(
                    out,
                    "{sep}{} (profiles): {} requests exported, {} dropped",
                    d.name,
                    c.profile_requests_exported.load(Relaxed),
                    c.profile_requests_dropped.load(Relaxed)
                );
                continue;
            }
            let _ = write!(
                out,
                "{sep}{}{}: {} exported, {} dropped",
                d.name,
                if d.role == Role::Mirror {
                    " (mirror)"
                } else {
                    ""
                },
                c.exported_spans.load(Relaxed),
                dropped.iter().map(|(_, n)| n).sum::<u64>()
            );
            let reasons: Vec<String> = dropped
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(r, n)| format!("{n} {r}"))
                .collect();
            if !reasons.is_empty() {
                let _ = write!(out, " ({})", reasons.join(", "));
            }
        }
        out
    }
}

/// Batching and queueing settings, the same for every destination.
#[derive(Debug, Clone, Copy)]
pub struct BatchSettings {
    /// Spans per batch.
    pub max_spans: usize,
    /// Encoded bytes per batch.
    pub max_bytes: usize,
    /// Time a batch waits to fill.
    pub timeout: Duration,
    /// Requests waiting.
    pub queue_capacity: usize,
    /// Encoded bytes waiting.
    pub queue_max_bytes: usize,
    /// Batches in flight at once (network sinks).
    pub concurrency: usize,
    /// Retries.
    pub backoff: Backoff,
}

impl BatchSettings {
    /// The settings of the `export` section.
    pub fn from_config(e: &ExportConfig) -> BatchSettings {
        BatchSettings {
            max_spans: e.batch_max_spans,
            max_bytes: e.batch_max_bytes,
            timeout: e.batch_timeout,
            queue_capacity: e.queue_capacity,
            queue_max_bytes: e.queue_max_bytes,
            concurrency: e.concurrency,
            backoff: Backoff {
                initial: e.retry.initial_backoff,
                max: e.retry.max_backoff,
                max_elapsed: e.retry.max_elapsed.unwrap_or(Duration::MAX),
            },
        }
    }
}

/// A destination's number and whom it tells what it settled (the persistent queue,
/// which deletes an input once every destination has settled all of its output).
#[derive(Debug, Clone)]
struct Tracking {
    destination: usize,
    acks: Acks,
}

/// What a full queue does with one more request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhenFull {
    /// Wait for room: the primary's backpressure.
    Wait,
    /// Drop the oldest requests until it fits (counted): a mirror never holds anyone up.
    DropOldest,
}

/// What a queued request carries.
#[derive(Debug)]
enum Payload {
    /// Spans and the inputs they came from (empty without the persistent queue). The
    /// request is shared by every destination it was submitted to: a destination's
    /// worker copies it only if another still holds it, so the pipeline task never does.
    Spans {
        req: Arc<WireRequest>,
        origins: Origins,
    },
    /// An encoded `ExportMetricsServiceRequest`: the kernel metrics of one interval,
    /// sent on its own, never batched with spans.
    Metrics(bytes::Bytes),
    /// An encoded `ExportProfilesServiceRequest`: one process's PC samples over one
    /// drain period, to the profiles destination only.
    Profiles(bytes::Bytes),
}

#[derive(Debug)]
struct Item {
    payload: Payload,
    spans: u64,
    bytes: usize,
}

impl Item {
    fn metrics(body: bytes::Bytes) -> Item {
        Item {
            spans: 0,
            bytes: body.len(),
            payload: Payload::Metrics(body),
        }
    }

    fn profiles(body: bytes::Bytes) -> Item {
        Item {
            spans: 0,
            bytes: body.len(),
            payload: Payload::Profiles(body),
        }
    }

    fn is_spans(&self) -> bool {
        matches!(self.payload, Payload::Spans { .. })
    }
}

/// The request to own, copied only while another destination still shares it.
fn own(req: Arc<WireRequest>) -> WireRequest {
    Arc::try_unwrap(req).unwrap_or_else(|shared| (*shared).clone())
}

#[derive(Debug, Default)]
struct QueueState {
    items: VecDeque<Item>,
    bytes: usize,
    closed: bool,
}

/// One destination's queue, bounded in requests and in the bytes they take in memory
/// (at least their encoded size).
#[derive(Debug)]
struct Queue {
    state: Mutex<QueueState>,
    /// Signalled on push and close (one waiter: the worker; a stored permit is fine).
    filled: Notify,
    /// Signalled when room is made.
    emptied: Notify,
    max_requests: usize,
    max_bytes: usize,
    when_full: WhenFull,
    counters: Arc<ExportCounters>,
    tracking: Option<Tracking>,
    /// Its name in metrics and logs.
    destination: String,
}

impl Queue {
    /// Tells the destination's health what an attempt came to (`Err`: what it said),
    /// and logs what is to be said: an outage at once and then at most once per
    /// [`health::LOG_INTERVAL`], with the spans waiting; its end once.
    fn attempted(&self, outcome: Result<(), &str>) {
        let now = crate::clock::now_ns();
        let said = {
            let mut h = self
                .counters
                .health
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            match outcome {
                Ok(()) => h.delivered(now),
                Err(why) => h.failed(now, why),
            }
        };
        let waiting = self.counters.queued_spans.load(Relaxed);
        let took = |d: Duration| humantime::format_duration(Duration::from_secs(d.as_secs()));
        match said {
            Some(Said::Failing {
                reason,
                failures,
                failing_for,
                first,
            }) => {
                let again = if first {
                    format!(
                        "Export failing (said again at most every {} while it fails)",
                        took(health::LOG_INTERVAL)
                    )
                } else {
                    "Export still failing".to_string()
                };
                tracing::warn!(
                    destination = %self.destination,
                    reason = %reason,
                    spans_waiting = waiting,
                    failed_attempts = failures,
                    failing_for = %took(failing_for),
                    "{again}"
                );
            }
            Some(Said::Recovered {
                failures,
                failed_for,
            }) => tracing::info!(
                destination = %self.destination,
                failed_attempts = failures,
                failed_for = %took(failed_for),
                spans_waiting = waiting,
                "Export recovered"
            ),
            None => {}
        }
    }

    /// Spans of these origins are settled here (delivered or dropped for good).
    fn resolved(&self, origins: &Origins) {
        if let Some(t) = &self.tracking {
            t.acks.settled(t.destination, origins);
        }
    }

    /// Whether what it holds is also on disk (the persistent queue).
    fn persistent(&self) -> bool {
        self.tracking.is_some()
    }

    fn lock(&self) -> MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn has_room(&self, st: &QueueState, bytes: usize) -> bool {
        // An empty queue takes anything, or a request over the byte bound never leaves.
        st.items.is_empty()
            || (st.items.len() < self.max_requests && st.bytes + bytes <= self.max_bytes)
    }

    /// Queues `item` unless the queue is full and waits for room (then gives it back).
    fn try_push(&self, item: Item) -> Result<(), Item> {
        let c = &self.counters;
        let mut st = self.lock();
        if st.closed {
            // On disk it is not lost: the next start replays it.
            if !self.persistent() {
                c.dropped_shutdown.fetch_add(item.spans, Relaxed);
            }
            return Ok(());
        }
        if !self.has_room(&st, item.bytes) {
            if self.when_full == WhenFull::Wait {
                return Err(item);
            }
            while !self.has_room(&st, item.bytes) {
                let old = st.items.pop_front().expect("a full queue is not empty");
                st.bytes -= old.bytes;
                c.queued_spans.fetch_sub(old.spans, Relaxed);
                c.queued_bytes.fetch_sub(old.bytes as u64, Relaxed);
                c.dropped_queue_full.fetch_add(old.spans, Relaxed);
                match &old.payload {
                    Payload::Spans { origins, .. } => self.resolved(origins),
                    Payload::Metrics(_) => {
                        c.metric_requests_dropped.fetch_add(1, Relaxed);
                    }
                    Payload::Profiles(_) => {
                        c.profile_requests_dropped.fetch_add(1, Relaxed);
                    }
                }
            }
        }
        c.queued_spans.fetch_add(item.spans, Relaxed);
        c.queued_bytes.fetch_add(item.bytes as u64, Relaxed);
        st.bytes += item.bytes;
        st.items.push_back(item);
        drop(st);
        self.filled.notify_one();
        Ok(())
    }

    /// Queues `item`, waiting for room when the policy says so.
    async fn push(&self, mut item: Item) {
        loop {
            let room = self.emptied.notified();
            tokio::pin!(room);
            // Registered before the check, so room made in between is not missed.
            room.as_mut().enable();
            match self.try_push(item) {
                Ok(()) => return,
                Err(back) => item = back,
            }
            room.await;
        }
    }

    fn take(&self, st: &mut QueueState) -> Option<Item> {
        let item = st.items.pop_front()?;
        st.bytes -= item.bytes;
        self.counters
            .queued_bytes
            .fetch_sub(item.bytes as u64, Relaxed);
        self.emptied.notify_waiters();
        Some(item)
    }

    /// The next request; None once closed and empty.
    async fn pop(&self) -> Option<Item> {
        loop {
            {
                let mut st = self.lock();
                if let Some(item) = self.take(&mut st) {
                    return Some(item);
                }
                if st.closed {
                    return None;
                }
            }
            self.filled.notified().await;
        }
    }

    /// The next request if it `fits`, waiting for one until `until`.
    async fn pop_fitting(
        &self,
        until: tokio::time::Instant,
        fits: impl Fn(&Item) -> bool,
    ) -> Option<Item> {
        loop {
            {
                let mut st = self.lock();
                match st.items.front() {
                    Some(i) if fits(i) => return self.take(&mut st),
                    Some(_) => return None,
                    None if st.closed => return None,
                    None => {}
                }
            }
            if tokio::time::timeout_at(until, self.filled.notified())
                .await
                .is_err()
            {
                return None;
            }
        }
    }

    fn close(&self) {
        self.lock().closed = true;
        self.filled.notify_one();
        self.emptied.notify_waiters();
    }
}

/// The handle the pipeline submits to, one per destination.
#[derive(Debug, Clone)]
pub struct ExportSender {
    queue: Arc<Queue>,
}

impl ExportSender {
    fn counters(&self) -> &ExportCounters {
        &self.queue.counters
    }
}

/// Every destination's handle: the span destinations, the primary first (each span
/// request goes to all of them), and the kernel metrics' own destination if one is set.
#[derive(Debug, Clone)]
pub struct Fanout {
    spans: Vec<ExportSender>,
    metrics: Option<ExportSender>,
    profiles: Option<ExportSender>,
}

impl Fanout {
    /// Span requests go to every one of `spans`; kernel metrics go to `metrics` alone
    /// when it is set, else beside the spans.
    pub fn new(spans: Vec<ExportSender>, metrics: Option<ExportSender>) -> Fanout {
        Fanout {
            spans,
            metrics,
            profiles: None,
        }
    }

    /// The same, with the profiles destination (`export.profiles_endpoint`).
    pub fn with_profiles(mut self, profiles: Option<ExportSender>) -> Fanout {
        self.profiles = profiles;
        self
    }

    /// Queues requests on every destination, in order, each with the origins of its
    /// spans. Only the primary may make this wait; should the wait be cut short (an
    /// aborted shutdown), whatever was not yet queued is counted as dropped on every
    /// destination.
    pub async fn submit(&self, reqs: Vec<Ready>) {
        let Some((primary, mirrors)) = self.spans.split_first() else {
            return;
        };
        let mut unsent = Unsent {
            to: &self.spans,
            spans: reqs.iter().map(|(r, _)| r.span_count()).sum(),
        };
        for (req, origins) in reqs {
            // What it takes in memory: a queue is bounded by that, not by the encoded
            // size of requests whose decoded resources may be many times larger.
            let (spans, bytes) = (req.span_count(), req.memory_bytes());
            let req = Arc::new(req);
            let item = |req| Item {
                payload: Payload::Spans {
                    req,
                    origins: origins.clone(),
                },
                spans,
                bytes,
            };
            if mirrors.is_empty() {
                primary.queue.push(item(req)).await;
            } else {
                primary.queue.push(item(req.clone())).await;
                // No await from here to the count below: an abort cannot split them.
                let (last, rest) = mirrors.split_last().expect("not empty");
                for m in rest {
                    let _ = m.queue.try_push(item(req.clone()));
                }
                let _ = last.queue.try_push(item(req));
            }
            unsent.spans -= spans;
        }
    }

    /// Queues one interval's kernel metrics (an encoded `ExportMetricsServiceRequest`)
    /// on the metrics destination when there is one (never waiting: a full queue drops
    /// its oldest), else on every span destination, behind the spans already queued,
    /// waiting for room on the primary only, as spans do. Not kept on disk by the
    /// persistent queue: metrics of an interval not yet delivered are lost on a crash.
    pub async fn submit_metrics(&self, body: bytes::Bytes) {
        if let Some(only) = &self.metrics {
            let _ = only.queue.try_push(Item::metrics(body));
            return;
        }
        let Some((primary, mirrors)) = self.spans.split_first() else {
            return;
        };
        primary.queue.push(Item::metrics(body.clone())).await;
        for m in mirrors {
            let _ = m.queue.try_push(Item::metrics(body.clone()));
        }
    }
}

impl Fanout {
    /// Queues one OTLP Profiles request on the profiles destination, if there is one
    /// (never waiting: a full queue drops its oldest). Not kept on disk by the
    /// persistent queue: the spans they were made from are, and a replay makes them
    /// again.
    pub fn submit_profiles(&self, body: bytes::Bytes) {
        if let Some(only) = &self.profiles {
            let _ = only.queue.try_push(Item::profiles(body));
        }
    }
}

/// Spans acknowledged to their senders but not yet queued anywhere.
struct Unsent<'a> {
    to: &'a [ExportSender],
    spans: u64,
}

impl Drop for Unsent<'_> {
    fn drop(&mut self) {
        if self.spans > 0 {
            // With the persistent queue they are on disk, not lost.
            for s in self.to.iter().filter(|s| !s.queue.persistent()) {
                s.counters().dropped_shutdown.fetch_add(self.spans, Relaxed);
            }
        }
    }
}

/// The export worker of one destination.
#[derive(Debug)]
pub struct Exporter {
    sender: ExportSender,
    handle: JoinHandle<()>,
}

impl Exporter {
    fn start_one(
        sink: Sink,
        settings: BatchSettings,
        (destination, counters): (String, Arc<ExportCounters>),
        when_full: WhenFull,
        tracking: Option<Tracking>,
    ) -> Exporter {
        let queue = Arc::new(Queue {
            state: Mutex::default(),
            filled: Notify::new(),
            emptied: Notify::new(),
            max_requests: settings.queue_capacity,
            max_bytes: settings.queue_max_bytes,
            when_full,
            counters,
            tracking,
            destination,
        });
        let handle = tokio::spawn(run(sink, settings, queue.clone()));
        Exporter {
            sender: ExportSender { queue },
            handle,
        }
    }

    /// Starts one worker per sink on the current runtime: the first is the primary, the
    /// others mirrors; each destination (numbered from 0, the primary) tells `acks` what
    /// it settled, when there is a persistent queue to tell.
    pub fn start(
        sinks: Vec<Sink>,
        settings: BatchSettings,
        telemetry: &ExportTelemetry,
        acks: Acks,
    ) -> Vec<Exporter> {
        sinks
            .into_iter()
            .enumerate()
            .map(|(i, sink)| {
                let role = if i == 0 { Role::Primary } else { Role::Mirror };
                let registered = telemetry.register(&sink.endpoint(), role);
                let tracking = acks.is_durable().then(|| Tracking {
                    destination: i,
                    acks: acks.clone(),
                });
                Exporter::start_one(sink, settings, registered, role.when_full(), tracking)
            })
            .collect()
    }

    /// Starts the worker of the kernel metrics' own destination: it carries no spans,
    /// so the persistent queue never waits for it.
    pub fn start_metrics(
        sink: Sink,
        settings: BatchSettings,
        telemetry: &ExportTelemetry,
    ) -> Exporter {
        let registered = telemetry.register(&sink.endpoint(), Role::Metrics);
        Exporter::start_one(sink, settings, registered, Role::Metrics.when_full(), None)
    }

    /// Starts the worker of the profiles destination: it carries no spans, so the
    /// persistent queue never waits for it.
    pub fn start_profiles(
        sink: Sink,
        settings: BatchSettings,
        telemetry: &ExportTelemetry,
    ) -> Exporter {
        let registered = telemetry.register(&sink.endpoint(), Role::Profiles);
        Exporter::start_one(sink, settings, registered, Role::Profiles.when_full(), None)
    }

    /// A handle to submit with.
    pub fn sender(&self) -> ExportSender {
        self.sender.clone()
    }

    /// Stops taking requests and delivers what is queued. Returns once the worker has
    /// finished or `deadline` passed (then what is left is counted as dropped).
    pub async fn shutdown(self, deadline: Duration) -> bool {
        let Exporter { sender, mut handle } = self;
        sender.queue.close();
        match tokio::time::timeout(deadline, &mut handle).await {
            Ok(_) => true,
            Err(_) => {
                handle.abort();
                // Stopped for sure before counting: a worker still running could
                // otherwise subtract what is being counted here.
                let _ = handle.await;
                let c = sender.counters();
                let left = c.queued_spans.swap(0, Relaxed);
                c.queued_bytes.store(0, Relaxed);
                // With the persistent queue it is on disk for the next start.
                if !sender.queue.persistent() {
                    c.dropped_shutdown.fetch_add(left, Relaxed);
                }
                false
            }
        }
    }
}

async fn run(sink: Sink, s: BatchSettings, queue: Arc<Queue>) {
    tracing::info!(sink = %sink.describe(), "Export started");
    let (max_spans, max_bytes) = (s.max_spans as u64, s.max_bytes);
    let mut inflight = tokio::task::JoinSet::new();
    while let Some(first) = queue.pop().await {
        let (mut spans, mut bytes) = (first.spans, first.bytes);
        let (mut batch, mut origins) = match first.payload {
            Payload::Metrics(body) => {
                let c = &queue.counters;
                let counters = (&c.metric_requests_exported, &c.metric_requests_dropped);
                let prepared = sink.prepare_metrics(body);
                deliver_request(
                    &sink,
                    prepared,
                    Signal::Metrics,
                    counters,
                    &s.backoff,
                    &queue,
                )
                .await;
                continue;
            }
            Payload::Profiles(body) => {
                let c = &queue.counters;
                let counters = (&c.profile_requests_exported, &c.profile_requests_dropped);
                let prepared = sink.prepare_profiles(body);
                deliver_request(
                    &sink,
                    prepared,
                    Signal::Profiles,
                    counters,
                    &s.backoff,
                    &queue,
                )
                .await;
                continue;
            }
            Payload::Spans { req, origins } => (own(req), origins),
        };
        let until = tokio::time::Instant::now() + s.timeout;
        while spans < max_spans && bytes < max_bytes {
            let fits = |i: &Item| {
                i.is_spans() && spans + i.spans <= max_spans && bytes + i.bytes <= max_bytes
            };
            let Some(more) = queue.pop_fitting(until, fits).await else {
                break;
            };
            spans += more.spans;
            bytes += more.bytes;
            if let Payload::Spans { req, origins: o } = more.payload {
                origins.extend(o);
                batch.resource_spans.extend(own(req).resource_spans);
            }
        }
        // Only a request larger than a batch on its own is cut here; a batch built
        // within the bounds is not measured again (its parts' sizes add up exactly).
        let parts = if spans <= max_spans && bytes <= max_bytes {
            vec![(batch, spans)]
        } else {
            batch::bound(batch, max_spans, max_bytes)
        };
        for (part, n) in parts {
            let (part_origins, rest) = origins.split_at(n);
            origins = rest;
            let part = Part {
                batch: part,
                spans: n,
                origins: part_origins,
            };
            match sink.try_clone().filter(|_| s.concurrency > 1) {
                Some(each) => {
                    // Several batches in flight: the next one is built and sent while
                    // the backend decodes the last. An aborted worker aborts them too,
                    // and their spans are still counted in the queue.
                    while inflight.len() >= s.concurrency {
                        let _ = inflight.join_next().await;
                    }
                    let (backoff, q) = (s.backoff, queue.clone());
                    inflight.spawn(async move {
                        deliver(&each, part, &backoff, &q).await;
                    });
                }
                None => deliver(&sink, part, &s.backoff, &queue).await,
            }
        }
    }
    while inflight.join_next().await.is_some() {}
}

/// One batch on its way: its spans and their origins.
#[derive(Debug)]
struct Part {
    batch: WireRequest,
    spans: u64,
    origins: Origins,
}

/// Delivers a batch, splitting it in halves each time the destination refuses it as
/// too large; a single span refused so is dropped and counted. Whatever is settled
/// (delivered, or dropped for good) is told to the acknowledgements ([`Acks`]).
async fn deliver(sink: &Sink, part: Part, backoff: &Backoff, queue: &Queue) {
    let c = &queue.counters;
    let mut stack = vec![part];
    while let Some(Part {
        batch: b,
        spans: n,
        origins,
    }) = stack.pop()
    {
        let Some(why) = attempt(sink, &b, n, backoff, queue).await else {
            queue.resolved(&origins);
            continue;
        };
        if n > 1 {
            c.splits.fetch_add(1, Relaxed);
            tracing::debug!(spans = n, reason = %why, "Batch refused as too large; split in halves");
            let (x, y) = batch::split_in_half(b);
            let nx = x.span_count();
            let (ox, oy) = origins.split_at(nx);
            stack.push(Part {
                batch: y,
                spans: n - nx,
                origins: oy,
            });
            stack.push(Part {
                batch: x,
                spans: nx,
                origins: ox,
            });
        } else {
            tracing::error!(reason = %why, "A single span is too large for the destination; dropped");
            c.dropped_too_large.fetch_add(n, Relaxed);
            c.queued_spans.fetch_sub(n, Relaxed);
            queue.resolved(&origins);
        }
    }
}

/// Delivers one request that carries no spans (kernel metrics, profiles) with the spans'
/// retries and backoff; counted per destination in `exported` or `dropped`.
async fn deliver_request(
    sink: &Sink,
    prepared: Result<Prepared, String>,
    signal: Signal,
    (exported, dropped): (&AtomicU64, &AtomicU64),
    backoff: &Backoff,
    queue: &Queue,
) {
    let what = signal.describe();
    let mut pace = Paced::new(queue, signal);
    let report = otlp_client::deliver(sink, prepared, backoff, &mut pace).await;
    match report.settled {
        Settled::Answered(a) if a.verdict == Verdict::Delivered => {
            exported.fetch_add(1, Relaxed);
        }
        Settled::Answered(a) => {
            let why = match a.verdict {
                Verdict::TooLarge(why) | Verdict::Fatal(why) => why,
                other => format!("{other:?}"),
            };
            tracing::error!(destination = %queue.destination, reason = %why, "{what} export failed; dropped");
            dropped.fetch_add(1, Relaxed);
        }
        Settled::GaveUp(_) => {
            tracing::error!(destination = %queue.destination, "{what} export retries exhausted; dropped");
            dropped.fetch_add(1, Relaxed);
        }
    }
}

/// Sends one batch with retries and counts the outcome, except a refusal as too large,
/// which is returned for the caller to split.
async fn attempt(
    sink: &Sink,
    batch: &WireRequest,
    spans: u64,
    backoff: &Backoff,
    queue: &Queue,
) -> Option<String> {
    let c = &queue.counters;
    let prepared = sink.prepare(batch);
    let mut pace = Paced::new(queue, Signal::Spans);
    let report = otlp_client::deliver(sink, prepared, backoff, &mut pace).await;
    match report.settled {
        Settled::Answered(result) => match result.verdict {
            Verdict::Delivered => {
                let rejected = result.rejected_spans.min(spans);
                if rejected > 0 {
                    tracing::warn!(
                        destination = %queue.destination,
                        rejected,
                        reason = %result.backend_message,
                        "Export partially refused by the backend; not retried"
                    );
                }
                c.exported_spans.fetch_add(spans - rejected, Relaxed);
                c.dropped_rejected_by_backend.fetch_add(rejected, Relaxed);
                c.batches.fetch_add(1, Relaxed);
                c.queued_spans.fetch_sub(spans, Relaxed);
                return None;
            }
            Verdict::TooLarge(why) => return Some(why),
            Verdict::Fatal(why) => {
                tracing::error!(destination = %queue.destination, spans, reason = %why, "Export failed; batch dropped");
            }
            // The driver settles on a final answer only.
            Verdict::Retry(_) => {}
        },
        Settled::GaveUp(why) => {
            tracing::error!(
                destination = %queue.destination,
                spans,
                attempts = report.attempts,
                reason = %why,
                "Export retries exhausted; batch dropped"
            );
        }
    }
    c.dropped_export_failed.fetch_add(spans, Relaxed);
    c.queued_spans.fetch_sub(spans, Relaxed);
    None
}

/// What a request carries, for what its attempts tell the destination's health.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Signal {
    Spans,
    Metrics,
    Profiles,
}

impl Signal {
    /// Its name in log lines.
    fn describe(self) -> &'static str {
        match self {
            Signal::Spans => "Span",
            Signal::Metrics => "Kernel metrics",
            Signal::Profiles => "Profiles",
        }
    }
}

/// The exporters' side of the retry driver: real time, every attempt's outcome to the
/// destination's health (a batch of spans refused as too large is an answer, not an
/// outage: it is split), each retry counted (`export_retries`).
struct Paced<'a> {
    queue: &'a Queue,
    signal: Signal,
}

impl<'a> Paced<'a> {
    fn new(queue: &'a Queue, signal: Signal) -> Paced<'a> {
        Paced { queue, signal }
    }
}

impl otlp_client::Pace for Paced<'_> {
    fn now(&self) -> Instant {
        Instant::now()
    }

    fn jitter(&mut self) -> f64 {
        rand::random::<f64>()
    }

    fn attempted(&mut self, attempt: &Attempt) {
        match &attempt.verdict {
            Verdict::Delivered => self.queue.attempted(Ok(())),
            Verdict::TooLarge(_) if self.signal == Signal::Spans => {}
            Verdict::TooLarge(why) | Verdict::Fatal(why) => self.queue.attempted(Err(why)),
            Verdict::Retry(r) => self.queue.attempted(Err(&r.why)),
        }
    }

    async fn wait(&mut self, retry_number: u32, delay: Duration, _: &Retry) -> Result<(), String> {
        self.queue.counters.retries.fetch_add(1, Relaxed);
        if self.signal == Signal::Spans {
            tracing::debug!(destination = %self.queue.destination, attempt = retry_number, ?delay, "Export will be retried");
        }
        tokio::time::sleep(delay).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{plain, request, resource};
    use prost::Message as _;
    use semconv::Tier;

    fn queue(when_full: WhenFull, max_requests: usize, max_bytes: usize) -> Queue {
        Queue {
            state: Mutex::default(),
            filled: Notify::new(),
            emptied: Notify::new(),
            max_requests,
            max_bytes,
            when_full,
            counters: Arc::default(),
            tracking: None,
            destination: "test".into(),
        }
    }

    fn item(n: u64) -> Item {
        let req = WireRequest::from(request(resource("a", 1, Some(Tier::Off)), vec![plain(n)]));
        Item {
            spans: 1,
            bytes: req.encoded_len(),
            payload: Payload::Spans {
                req: Arc::new(req),
                origins: Origins::default(),
            },
        }
    }

    fn first_span(i: &Item) -> bytes::Bytes {
        match &i.payload {
            Payload::Spans { req, .. } => req.resource_spans[0].scope_spans[0].spans[0].clone(),
            Payload::Metrics(_) => panic!("a metrics request"),
            Payload::Profiles(_) => panic!("a profiles request"),
        }
    }

    #[test]
    fn a_metrics_request_a_full_mirror_queue_drops_is_counted_as_a_dropped_metrics_request() {
        let one = item(0).bytes;
        let q = queue(WhenFull::DropOldest, 10, 2 * one);
        let metrics = Item::metrics(bytes::Bytes::from(vec![0u8; one]));
        assert!(q.try_push(metrics).is_ok());
        for n in 0..2 {
            assert!(q.try_push(item(n)).is_ok());
        }
        let c = &q.counters;
        assert_eq!(c.metric_requests_dropped.load(Relaxed), 1);
        assert_eq!(c.dropped_queue_full.load(Relaxed), 0, "it held no span");
        assert_eq!(c.queued_spans.load(Relaxed), 2);
    }

    #[test]
    fn a_full_mirror_queue_keeps_the_newest_and_counts_the_oldest_it_dropped() {
        let one = item(0).bytes;
        let q = queue(WhenFull::DropOldest, 10, 3 * one);
        for n in 0..5 {
            assert!(q.try_push(item(n)).is_ok());
        }
        let c = &q.counters;
        assert_eq!(c.dropped_queue_full.load(Relaxed), 2);
        assert_eq!(c.queued_spans.load(Relaxed), 3);
        assert_eq!(c.queued_bytes.load(Relaxed), 3 * one as u64);
        let mut st = q.lock();
        let kept: Vec<bytes::Bytes> = st.items.iter().map(first_span).collect();
        let newest: Vec<bytes::Bytes> = (2..5).map(|n| first_span(&item(n))).collect();
        assert_eq!(kept, newest);
        assert!(q.take(&mut st).is_some());
    }

    #[test]
    fn a_full_primary_queue_gives_the_request_back_and_drops_nothing() {
        let q = queue(WhenFull::Wait, 2, usize::MAX);
        assert!(q.try_push(item(0)).is_ok());
        assert!(q.try_push(item(1)).is_ok());
        assert!(q.try_push(item(2)).is_err());
        assert_eq!(q.counters.dropped_queue_full.load(Relaxed), 0);
        assert_eq!(q.counters.queued_spans.load(Relaxed), 2);
    }

    #[test]
    fn an_empty_queue_takes_a_request_larger_than_its_byte_bound() {
        let q = queue(WhenFull::Wait, 2, 1);
        assert!(q.try_push(item(0)).is_ok());
        assert!(q.try_push(item(1)).is_err());
    }

    #[test]
    fn a_closed_queue_counts_what_it_is_given_as_dropped_at_shutdown() {
        let q = queue(WhenFull::Wait, 2, usize::MAX);
        q.close();
        assert!(q.try_push(item(0)).is_ok());
        assert_eq!(q.counters.dropped_shutdown.load(Relaxed), 1);
        assert_eq!(q.counters.queued_spans.load(Relaxed), 0);
    }

    #[test]
    fn destinations_sharing_an_endpoint_get_distinct_names() {
        let t = ExportTelemetry::default();
        t.register("http://a", Role::Primary);
        t.register("http://a", Role::Mirror);
        let names: Vec<String> = t.destinations().iter().map(|d| d.name.clone()).collect();
        assert_eq!(names, ["http://a", "http://a#2"]);
        assert_eq!(t.register("http://a", Role::Mirror).0, "http://a#3");
    }
}
