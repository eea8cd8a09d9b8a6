//! The running receiver: binds the listeners, runs the pipeline task between ingest and
//! export, and shuts down in stages within one deadline:
//! stop ingest → release every held span with its current answer → flush exports →
//! stop `/metrics`.
//!
//! With the persistent queue (`queue.dir`) the pipeline task is fed committed requests
//! in number order by the queue ([`run_queued`]); at shutdown nothing held is released:
//! it stays on disk, with whatever the exporters did not deliver, for the next start.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::export::sink::{Sink, SinkError};
use crate::export::{BatchSettings, Delivery, Exporter, Fanout};
use crate::ingest::{self, IngestHandle, Job};
use crate::queue::{self, Fed, QueueError, QueueTasks, Tracker};
use crate::reconcile::origin::Origins;
use crate::reconcile::{ReconcileConfig, Reconciler};
use crate::telemetry::{PipelineSnapshot, Telemetry};
use crate::wire::WireRequest;
use semconv::store::StoreLimits;

/// How often held spans are checked against their deadline.
const TICK: Duration = Duration::from_millis(50);

/// The receiver could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The configuration is invalid.
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    /// The export sink could not be built.
    #[error(transparent)]
    Sink(#[from] SinkError),
    /// The ingest TLS or token files could not be used.
    #[error(transparent)]
    Gate(#[from] crate::ingest::gate::GateError),
    /// The persistent queue could not be opened.
    #[error(transparent)]
    Queue(#[from] QueueError),
    /// A listener could not be bound.
    #[error("cannot listen on {what} {addr}: {source}")]
    Bind {
        /// Which listener.
        what: &'static str,
        /// The address.
        addr: SocketAddr,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// A started receiver.
#[derive(Debug)]
pub struct Running {
    /// The bound OTLP/gRPC address.
    pub grpc_addr: SocketAddr,
    /// The bound OTLP/HTTP address.
    pub http_addr: SocketAddr,
    /// The bound `/metrics` address.
    pub metrics_addr: SocketAddr,
    /// Where exports go, in words.
    pub export: String,
    /// Self-telemetry.
    pub telemetry: Arc<Telemetry>,
    stop_ingest: CancellationToken,
    stop_pipeline: CancellationToken,
    stop_admin: CancellationToken,
    ingest_tasks: Vec<JoinHandle<()>>,
    pipeline: JoinHandle<()>,
    admin: JoinHandle<()>,
    exporters: Vec<Exporter>,
    queue: Option<QueueTasks>,
    shutdown_timeout: Duration,
}

async fn bind(what: &'static str, addr: SocketAddr) -> Result<TcpListener, StartError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| StartError::Bind { what, addr, source })
}

/// Starts a receiver from a validated configuration.
pub async fn start(config: Config) -> Result<Running, StartError> {
    config.validate()?;
    let telemetry = Arc::new(Telemetry::default());
    // First, so that probes and scrapes get an answer while a large queue opens:
    // `/healthz` says "starting" (503) until everything below runs.
    let admin = bind("metrics", config.telemetry.metrics_endpoint).await?;
    let metrics_addr = local(&admin);
    let stop_admin = CancellationToken::new();
    // Stops the metrics server if starting fails below.
    let admin_guard = stop_admin.clone().drop_guard();
    let admin_task = tokio::spawn({
        let (router, stop) = (admin_router(telemetry.clone()), stop_admin.clone());
        async move {
            if let Err(e) = axum::serve(ingest::nodelay(admin), router)
                .with_graceful_shutdown(stop.cancelled_owned())
                .await
            {
                tracing::error!(error = %e, "metrics server failed");
            }
        }
    });
    let mut sinks = vec![Sink::from_config(&config)?];
    for target in config.mirror_targets() {
        sinks.push(Sink::for_target(&config, target)?);
    }
    let export = sinks
        .iter()
        .map(Sink::describe)
        .collect::<Vec<_>>()
        .join(" + ");
    let queued = config.queue.dir.is_some();
    let opened = match queued {
        true => Some(queue::open(
            &config.queue,
            sinks.len(),
            config.ingest.queue_capacity,
            telemetry.queue.clone(),
        )?),
        false => None,
    };
    // One worker, queue and set of counters per destination.
    let gate = Arc::new(ingest::gate::Gate::load(&config.ingest, telemetry.clone())?);
    let mut settings = BatchSettings::from_config(&config.export);
    if queued {
        // What is on disk is retried until it is delivered: no give-up, no loss.
        settings.backoff.max_elapsed = Duration::MAX;
    }
    let delivery = opened
        .as_ref()
        .map(|o| o.tracker.clone() as Arc<dyn Delivery>);
    let exporters = Exporter::start_all_tracked(sinks, settings, &telemetry.export, delivery);

    let grpc = bind("OTLP/gRPC", config.ingest.grpc_endpoint).await?;
    let http = bind("OTLP/HTTP", config.ingest.http_endpoint).await?;
    let (grpc_addr, http_addr) = (local(&grpc), local(&http));

    let (tx, rx) = mpsc::channel::<Job>(config.ingest.queue_capacity);
    let mut handle = IngestHandle::new(tx, config.ingest.enqueue_timeout, telemetry.clone())
        .with_max_pending_bytes(config.ingest.max_pending_bytes);
    let mut reconciler = Reconciler::new(ReconcileConfig {
        delay: config.reconcile.delay,
        max_held_spans: config.reconcile.max_held_spans,
        max_held_bytes: config.reconcile.max_held_bytes,
        store: StoreLimits {
            max_windows_per_process: config.reconcile.max_windows_per_process,
            max_processes: config.reconcile.max_processes,
        },
        track_origins: queued,
    });
    let stop_pipeline = CancellationToken::new();
    let fanout = Fanout(exporters.iter().map(Exporter::sender).collect());
    let (pipeline, queue) = match opened {
        None => {
            let task = tokio::spawn(run_pipeline(
                rx,
                reconciler,
                fanout,
                telemetry.clone(),
                stop_pipeline.clone(),
            ));
            (task, None)
        }
        Some(o) => {
            handle = handle.with_queue(o.appender);
            for (key, floors) in o.floors {
                reconciler.restore_floors(key, floors);
            }
            for (key, window) in o.evidence {
                reconciler.restore_window(key, window);
            }
            let task = tokio::spawn(run_queued(
                o.fed,
                reconciler,
                fanout,
                o.tracker,
                telemetry.clone(),
                stop_pipeline.clone(),
                o.committed,
            ));
            (task, Some(o.running))
        }
    };

    let stop_ingest = CancellationToken::new();
    let max = config.ingest.max_request_bytes;
    let grpc_task = tokio::spawn({
        let (h, g, stop) = (handle.clone(), gate.clone(), stop_ingest.clone());
        async move {
            if let Err(e) = ingest::grpc::serve(grpc, h, max, g, stop).await {
                tracing::error!(error = %e, "OTLP/gRPC server failed");
            }
        }
    });
    let http_task = tokio::spawn({
        let (ingest_config, g, stop) = (config.ingest.clone(), gate.clone(), stop_ingest.clone());
        async move { ingest::http::serve(http, handle, &ingest_config, g, stop).await }
    });
    // SIGHUP or a changed file: new TLS files and tokens, no restart.
    let gate_task = tokio::spawn(gate.clone().watch(stop_ingest.clone()));
    // The queue is loaded (its evidence restored, its requests being replayed), the
    // exporters and the pipeline run, the listeners are bound. Not gated on the replay
    // being delivered: while the backend is down that can take hours, and meanwhile the
    // queue still takes new spans.
    admin_guard.disarm();
    telemetry.readiness.set_ready();
    tracing::info!(%grpc_addr, %http_addr, %metrics_addr, export = %export, ingest = %gate.describe(), "Receiver started");
    Ok(Running {
        grpc_addr,
        http_addr,
        metrics_addr,
        export,
        telemetry,
        stop_ingest,
        stop_pipeline,
        stop_admin,
        ingest_tasks: vec![grpc_task, http_task, gate_task],
        pipeline,
        admin: admin_task,
        exporters,
        queue,
        shutdown_timeout: config.shutdown_timeout,
    })
}

fn local(l: &TcpListener) -> SocketAddr {
    l.local_addr().expect("a bound listener has an address")
}

fn admin_router(telemetry: Arc<Telemetry>) -> axum::Router {
    use axum::routing::get;
    let registry = Arc::new(telemetry.registry());
    axum::Router::new()
        .route(
            "/metrics",
            get(move || {
                let registry = registry.clone();
                async move {
                    (
                        [("content-type", "text/plain; version=0.0.4; charset=utf-8")],
                        crate::telemetry::render(&registry),
                    )
                }
            }),
        )
        .route(
            "/healthz",
            get(move || {
                let not_ready = telemetry.readiness.not_ready();
                async move {
                    match not_ready {
                        None => (http::StatusCode::OK, "ok\n".to_string()),
                        Some(why) => (http::StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n")),
                    }
                }
            }),
        )
        // Alive as long as this server answers: a liveness probe must not restart a
        // receiver that is still opening its queue or draining at shutdown.
        .route("/livez", get(|| async { "ok\n" }))
}

/// What a shutdown achieved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShutdownReport {
    /// Every stage finished before the deadline.
    pub clean: bool,
}

impl Running {
    /// Stops ingest, releases every held span, flushes exports, all within the
    /// configured deadline. Idempotent by construction (it consumes the receiver).
    pub async fn shutdown(self) -> ShutdownReport {
        let deadline = Instant::now() + self.shutdown_timeout;
        let left = || deadline.saturating_duration_since(Instant::now());
        let mut clean = true;
        self.telemetry.readiness.set_stopping();
        self.stop_ingest.cancel();
        for t in self.ingest_tasks {
            clean &= tokio::time::timeout(left(), t).await.is_ok();
        }
        // Whatever still holds a sender, the pipeline now stops taking requests.
        if let Some(q) = &self.queue {
            q.stop_feeding();
        }
        self.stop_pipeline.cancel();
        let mut pipeline = self.pipeline;
        if tokio::time::timeout(left(), &mut pipeline).await.is_err() {
            // Stuck behind a blocked export: stop it. Its pending submit is counted
            // with the export queue below; what it still held is counted here (with
            // the persistent queue it is on disk, not lost).
            pipeline.abort();
            let _ = pipeline.await;
            if self.queue.is_none() {
                let held = self.telemetry.snapshot().held as u64;
                self.telemetry.export.dropped_at_shutdown(held);
            }
            clean = false;
        }
        for exporter in self.exporters {
            clean &= exporter.shutdown(left()).await;
        }
        if let Some(q) = self.queue {
            // Commits the deletions of what was delivered meanwhile.
            clean &= tokio::time::timeout(left(), q.stop()).await.is_ok();
        }
        self.stop_admin.cancel();
        let _ = tokio::time::timeout(Duration::from_millis(200), self.admin).await;
        ShutdownReport { clean }
    }
}

fn publish(telemetry: &Telemetry, r: &Reconciler) {
    let (windows_held, windows_open) = r.windows();
    telemetry.publish(PipelineSnapshot {
        reconcile: r.counters(),
        store: r.store_counters(),
        held: r.held(),
        held_bytes: r.held_bytes(),
        windows_held,
        windows_open,
    });
}

async fn run_pipeline(
    mut rx: mpsc::Receiver<Job>,
    mut r: Reconciler,
    export: Fanout,
    telemetry: Arc<Telemetry>,
    stop: CancellationToken,
) {
    let epoch = Instant::now();
    let now = || u64::try_from(epoch.elapsed().as_nanos()).unwrap_or(u64::MAX);
    // Wakes an idle pipeline for deadlines; a busy one checks them after each job.
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut next_check = Instant::now();
    let mut stopping = false;
    loop {
        // Unbiased: a queue that never runs empty must not starve the stop signal.
        tokio::select! {
            _ = stop.cancelled(), if !stopping => {
                // Take what is already queued, then nothing more.
                rx.close();
                stopping = true;
            }
            job = rx.recv() => {
                let Some((req, reply)) = job else { break };
                if !reply.take() {
                    // The sender gave up waiting and was told to retry: taking this
                    // request now would deliver it twice.
                    continue;
                }
                let (report, ready) = r.ingest_tracked(req, now());
                // Answered before anything waits: export room, deadlines, telemetry.
                let _ = reply.send(report);
                // Published first: an aborted shutdown counts the held spans from it.
                publish(&telemetry, &r);
                export.submit_tracked(ready).await;
            }
            _ = tick.tick() => {}
        }
        if Instant::now() >= next_check {
            next_check = Instant::now() + TICK;
            let ready = r.tick_tracked(now());
            publish(&telemetry, &r);
            export.submit_tracked(ready).await;
        }
        publish(&telemetry, &r);
    }
    let ready = r.drain_tracked();
    publish(&telemetry, &r);
    export.submit_tracked(ready).await;
}

fn wall_ns() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX))
}

/// The pipeline over the persistent queue: committed requests in number order, each
/// reconciled at its arrival time. Deadlines are kept against the arrival of the last
/// request taken while the queue has more (a backlog is reconciled as it arrived, not
/// as late as it is read), against the wall clock once it has caught up. Nothing is
/// released at shutdown: the queue keeps its inputs.
async fn run_queued(
    mut fed: mpsc::Receiver<Fed>,
    mut r: Reconciler,
    export: Fanout,
    tracker: Arc<Tracker>,
    telemetry: Arc<Telemetry>,
    stop: CancellationToken,
    committed: watch::Receiver<u64>,
) {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut next_check = Instant::now();
    // The number and arrival of the last request taken.
    let mut last = (0u64, 0u64);
    loop {
        tokio::select! {
            _ = stop.cancelled() => break,
            f = fed.recv() => {
                let Some(Fed { seq, arrival, prepared, .. }) = f else { break };
                last = (seq, arrival);
                let (_, ready) = r.ingest_tracked(prepared, arrival);
                publish(&telemetry, &r);
                hand_over(&mut r, &tracker, &export, ready).await;
            }
            _ = tick.tick() => {}
        }
        if Instant::now() >= next_check {
            next_check = Instant::now() + TICK;
            let behind = last.0 < *committed.borrow();
            let now = if behind {
                last.1
            } else {
                wall_ns().max(last.1)
            };
            let ready = r.tick_tracked(now);
            publish(&telemetry, &r);
            hand_over(&mut r, &tracker, &export, ready).await;
        }
        publish(&telemetry, &r);
    }
}

/// Tells the queue what the reconciler did (evidence first, so that it is on disk
/// before any input it came from can be deleted; emissions before seals, so that an
/// input is not deleted before its output is counted), then queues the output.
async fn hand_over(
    r: &mut Reconciler,
    tracker: &Tracker,
    export: &Fanout,
    ready: Vec<(WireRequest, Origins)>,
) {
    tracker.evidence(r.take_evidence());
    for (_, origins) in &ready {
        tracker.emitted(origins);
    }
    tracker.sealed(r.take_sealed());
    export.submit_tracked(ready).await;
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;
    use crate::fixtures::{kernel, plain, request, resource};
    use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
    use semconv::Tier;

    #[tokio::test]
    async fn healthz_answers_503_with_the_reason_until_ready_and_livez_answers_throughout() {
        let telemetry = Arc::new(Telemetry::default());
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = local(&listener);
        let router = admin_router(telemetry.clone());
        tokio::spawn(async move { axum::serve(listener, router).await });
        let get = |path: &'static str| async move {
            let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        };
        let starting = get("/healthz").await;
        assert_eq!(starting.0, 503);
        assert!(starting.1.starts_with("starting"), "{starting:?}");
        assert_eq!(get("/livez").await, (200, "ok\n".into()));
        telemetry.readiness.set_ready();
        assert_eq!(get("/healthz").await, (200, "ok\n".into()));
        telemetry.readiness.set_stopping();
        assert_eq!(get("/healthz").await, (503, "shutting down\n".into()));
        assert_eq!(get("/livez").await, (200, "ok\n".into()));
    }

    #[tokio::test]
    async fn deadlines_are_kept_while_the_queue_never_runs_empty() {
        let (tx, rx) = mpsc::channel::<Job>(1024);
        let telemetry = Arc::new(Telemetry::default());
        let r = Reconciler::new(ReconcileConfig {
            delay: Duration::from_millis(20),
            ..ReconcileConfig::default()
        });
        let stop = CancellationToken::new();
        let pipeline = tokio::spawn(run_pipeline(
            rx,
            r,
            Fanout(vec![]),
            telemetry.clone(),
            stop.clone(),
        ));
        // Nobody waiting for the answer would make the pipeline skip the job: keep
        // the answers of the jobs that may still be queued.
        let mut answers = VecDeque::new();
        let mut send = |req: ExportTraceServiceRequest| {
            let (reply, answer) = crate::ingest::Reply::new();
            tx.try_send((req.into(), reply)).expect("room was checked");
            answers.push_back(answer);
            if answers.len() > 2 * tx.max_capacity() {
                answers.pop_front();
            }
        };
        // No window will ever settle it: only the deadline releases it.
        send(request(
            resource("gpu", 1, Some(Tier::Serialized)),
            vec![kernel(1, 10, 20, None)],
        ));
        let off = resource("app", 2, Some(Tier::Off));
        let started = Instant::now();
        let mut n = 0;
        while telemetry.snapshot().reconcile.released_deadline == 0
            && started.elapsed() < Duration::from_secs(2)
        {
            // Topped up each turn: the pipeline always has a job waiting.
            while tx.capacity() > 0 {
                n += 1;
                send(request(off.clone(), vec![plain(n)]));
            }
            tokio::task::yield_now().await;
        }
        let waited = started.elapsed();
        stop.cancel();
        drop(tx);
        pipeline.await.unwrap();
        assert_eq!(
            telemetry.snapshot().reconcile.released_deadline,
            1,
            "the held span was still held after {waited:?} of steady requests ({n} sent)"
        );
    }
}
