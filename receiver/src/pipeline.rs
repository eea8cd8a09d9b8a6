//! The running receiver: binds the listeners, runs the one pipeline task between the
//! handoff and export, and shuts down in stages within one deadline:
//! stop ingest → take what is on its way → release every held span with its current
//! answer → flush exports → stop `/metrics`.
//!
//! ```text
//! ingest ─► handoff ─► (persistent queue) ─► intake ─► reconcile ─► export ─► destinations
//!                                 ▲                                    │
//!                                 └──────── settled (with the queue) ◄─┘
//! ```
//!
//! With the persistent queue (`queue.dir`) nothing held is released at shutdown: it
//! stays on disk, with whatever the exporters did not deliver, for the next start.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use prost::Message as _;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::export::sink::{Sink, SinkError};
use crate::export::{BatchSettings, Exporter, Fanout};
use crate::handoff::{self, Intake};
use crate::ingest;
use crate::k8s::PodAttributes;
use crate::kernel_metrics::{KernelMetrics, MetricsSettings};
use crate::output_sampling::policy::Policy;
use crate::output_sampling::OutputSampling;
use crate::profiles::{PeriodProfile, ProfileSettings, Profiles};
use crate::queue::{QueueError, QueueTasks};
use crate::reconcile::resource::ResourceKey;
use crate::reconcile::{Ready, ReconcileConfig, Reconciler};
use crate::telemetry::{PipelineSnapshot, Telemetry};
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
    /// The node's pods cannot be watched.
    #[error(transparent)]
    Kubernetes(#[from] crate::k8s::KubernetesError),
    /// The listeners' connection caps could exhaust the open-file limit.
    #[error("the connection caps (ingest.grpc_max_connections {grpc} + ingest.http_max_connections {http} + telemetry.max_connections {metrics}) and {FILES_RESERVED} files of the receiver's own exceed its open-file limit of {limit}: raise the limit (`ulimit -n`, LimitNOFILE, the container runtime's nofile) or lower the caps")]
    OpenFiles {
        /// `ingest.grpc_max_connections`.
        grpc: usize,
        /// `ingest.http_max_connections`.
        http: usize,
        /// `telemetry.max_connections`.
        metrics: usize,
        /// The open-file limit.
        limit: u64,
    },
    /// A listener could not be bound.
    #[error(
        "cannot listen on {param} {addr}{}: {error}{}",
        origin.as_ref().map(|o| format!(" ({o})")).unwrap_or_default(),
        bind_fix(param, error)
    )]
    Bind {
        /// The parameter that names the address.
        param: &'static str,
        /// The address.
        addr: SocketAddr,
        /// Where it was set, when that is known.
        origin: Option<crate::config::Source>,
        /// Why.
        error: std::io::Error,
    },
}

/// What to do when `param`'s address cannot be listened on.
fn bind_fix(param: &str, error: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    let elsewhere = match crate::config::flag_of(param) {
        Some(flag) => format!("give {param} another address ({flag}, or in the file)"),
        None => format!("give {param} another address"),
    };
    // A flag of `check` names itself.
    let elsewhere = if param.starts_with("--") {
        format!("give {param} another address")
    } else {
        elsewhere
    };
    match error.kind() {
        AddrInUse => format!("; another process listens there: stop it, or {elsewhere}"),
        AddrNotAvailable => {
            format!("; the address is not one of this machine's: {elsewhere} (0.0.0.0: all)")
        }
        PermissionDenied => format!("; ports below 1024 need privileges: {elsewhere}"),
        _ => String::new(),
    }
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

/// Files the receiver keeps open beside its connections: listeners, the queue's segments
/// and database, export connections, the runtime's own.
pub const FILES_RESERVED: usize = 256;

/// Raises the soft open-file limit to the hard one and checks that every listener at
/// its cap still leaves room: a process out of descriptors fails probes and OTLP alike
/// ("Too many open files").
fn open_files(config: &Config) -> Result<(), StartError> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.current != limit.maximum {
        limit.current = limit.maximum;
        if let Err(e) = setrlimit(Resource::Nofile, limit) {
            tracing::debug!(error = %e, "cannot raise the open-file limit");
        }
        limit = getrlimit(Resource::Nofile);
    }
    let (grpc, http, metrics) = (
        config.ingest.grpc_max_connections,
        config.ingest.http_max_connections,
        config.telemetry.max_connections,
    );
    let needed = (grpc + http + metrics + FILES_RESERVED) as u64;
    match limit.current {
        Some(l) if l < needed => Err(StartError::OpenFiles {
            grpc,
            http,
            metrics,
            limit: l,
        }),
        _ => Ok(()),
    }
}

/// Listens on `addr`, which `param` names (set as `sources` say).
pub(crate) async fn bind(
    param: &'static str,
    addr: SocketAddr,
    sources: &crate::config::Sources,
) -> Result<TcpListener, StartError> {
    TcpListener::bind(addr)
        .await
        .map_err(|error| StartError::Bind {
            param,
            addr,
            origin: sources.of(param),
            error,
        })
}

/// Checks `config` as `validate` does ([`crate::preflight::check`]) and starts a
/// receiver with it.
pub async fn start(config: Config) -> Result<Running, StartError> {
    start_checked(crate::preflight::check(config, Default::default())?).await
}

/// Starts a receiver from a checked configuration: binds its listeners, opens the
/// queue, starts the exporters and the pipeline.
pub async fn start_checked(checked: crate::preflight::Checked) -> Result<Running, StartError> {
    let sources = checked.sources().clone();
    let config = checked.config().clone();
    open_files(&config)?;
    let telemetry = Arc::new(Telemetry::new(config.telemetry.unhealthy_after));
    let listeners = Listeners::bind(&config, &sources).await?;
    let (grpc_addr, http_addr) = (local(&listeners.grpc), local(&listeners.http));
    let metrics_addr = local(&listeners.admin);
    let stop_admin = CancellationToken::new();
    // Stops the metrics server if starting fails below.
    let admin_guard = stop_admin.clone().drop_guard();
    let admin_task = serve_admin(listeners.admin, &config, telemetry.clone(), &stop_admin);
    let sinks = Sinks::from_config(&config)?;
    let export = sinks.describe();
    // Ingest's TLS files and tokens first: a configuration that cannot serve is refused
    // before the queue's disk is touched (opening it may replay a large queue).
    let gate = Arc::new(ingest::gate::Gate::load(&config.ingest, telemetry.clone())?);
    let pods = PodAttributes::start(&config.kubernetes, telemetry.pods.clone()).await?;
    let opened = handoff::open(&config, sinks.spans.len(), telemetry.clone())?;
    let (exporters, fanout) = start_exporters(sinks, &config, &telemetry, opened.acks);
    let reconciler = restored_reconciler(&config, opened.floors, opened.windows);
    let stop_pipeline = CancellationToken::new();
    let pipeline = tokio::spawn(run(
        opened.intake,
        reconciler,
        Stages::from_config(&config, pods),
        fanout,
        telemetry.clone(),
        stop_pipeline.clone(),
    ));
    let stop_ingest = CancellationToken::new();
    let ingest_tasks = serve_ingest(
        (listeners.grpc, listeners.http),
        opened.handoff,
        &config,
        &gate,
        &stop_ingest,
    );
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
        ingest_tasks,
        pipeline,
        admin: admin_task,
        exporters,
        queue: opened.tasks,
        shutdown_timeout: config.shutdown_timeout,
    })
}

/// The three listeners, bound before anything else: an address in use stops the start
/// before anything is opened or created, and at once rather than after a large queue
/// has loaded.
struct Listeners {
    admin: TcpListener,
    grpc: TcpListener,
    http: TcpListener,
}

impl Listeners {
    async fn bind(config: &Config, sources: &crate::config::Sources) -> Result<Self, StartError> {
        Ok(Listeners {
            admin: bind(
                "telemetry.metrics_endpoint",
                config.telemetry.metrics_endpoint,
                sources,
            )
            .await?,
            grpc: bind("ingest.grpc_endpoint", config.ingest.grpc_endpoint, sources).await?,
            http: bind("ingest.http_endpoint", config.ingest.http_endpoint, sources).await?,
        })
    }
}

/// Serves the metrics server at once, so that probes and scrapes get an answer while a
/// large queue opens (`/readyz` and `/healthz` say "starting", 503, until everything
/// runs); the OTLP listeners are served once everything runs (connections made
/// meanwhile wait in their backlog). Its accept path is OTLP/HTTP's without TLS: a
/// connection cap, the header timeout and the first-request deadline, so that idle
/// connections cannot starve the probes (or the process of file descriptors).
fn serve_admin(
    admin: TcpListener,
    config: &Config,
    telemetry: Arc<Telemetry>,
    stop: &CancellationToken,
) -> JoinHandle<()> {
    let slots = ingest::conn::Slots::new(
        ingest::conn::Limits {
            max_connections: config.telemetry.max_connections,
            first_request: config.ingest.first_request_timeout,
        },
        telemetry.clone(),
    );
    let plain = (
        Arc::new(ingest::gate::Gate::open(telemetry.clone())),
        ingest::tls::Listener::Http,
    );
    let incoming = ingest::conn::incoming(admin, plain, slots, stop.clone());
    let (router, header_timeout) = (admin_router(telemetry), config.ingest.http_header_timeout);
    tokio::spawn(async move { ingest::conn::serve_http1(incoming, router, header_timeout).await })
}

/// Where the output goes: the endpoint and its mirrors (spans), and kernel metrics'
/// own destination if any, and the profiles' (`export.profiles_endpoint`).
struct Sinks {
    spans: Vec<Sink>,
    metrics: Option<Sink>,
    /// The PC samples' OTLP Profiles (`export.profiles_endpoint`).
    profiles: Option<Sink>,
}

impl Sinks {
    fn from_config(config: &Config) -> Result<Self, StartError> {
        let mut spans = vec![Sink::from_config(config)?];
        for target in config.mirror_targets() {
            spans.push(Sink::for_target(config, target)?);
        }
        let metrics = match config.metrics_target() {
            Some(target) if config.metrics.enabled => Some(Sink::for_metrics(config, target)?),
            Some(_) => {
                tracing::warn!("export.metrics_endpoint is set but metrics.enabled is false: no kernel metrics are made");
                None
            }
            None => None,
        };
        let profiles = match config.profiles_target() {
            Some(target) => Some(Sink::for_target(config, target)?),
            None => None,
        };
        Ok(Sinks {
            spans,
            metrics,
            profiles,
        })
    }

    /// Every destination, in words.
    fn describe(&self) -> String {
        self.spans
            .iter()
            .chain(&self.metrics)
            .chain(&self.profiles)
            .map(Sink::describe)
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// One worker, queue and set of counters per destination. What was acknowledged is
/// retried until delivered, in memory as on disk: bounded by bytes, not by time.
/// Returns them and the fan-out that feeds them.
fn start_exporters(
    sinks: Sinks,
    config: &Config,
    telemetry: &Telemetry,
    acks: crate::acks::Acks,
) -> (Vec<Exporter>, Fanout) {
    let settings = BatchSettings::from_config(&config.export);
    let mut exporters = Exporter::start(sinks.spans, settings, &telemetry.export, acks);
    let span_senders = exporters.iter().map(Exporter::sender).collect();
    let metrics_sender = sinks.metrics.map(|sink| {
        let exporter = Exporter::start_metrics(sink, settings, &telemetry.export);
        let sender = exporter.sender();
        exporters.push(exporter);
        sender
    });
    let profiles_sender = sinks.profiles.map(|sink| {
        let exporter = Exporter::start_profiles(sink, settings, &telemetry.export);
        let sender = exporter.sender();
        exporters.push(exporter);
        sender
    });
    let fanout = Fanout::new(span_senders, metrics_sender).with_profiles(profiles_sender);
    (exporters, fanout)
}

/// The reconciler `config` asks for, with the evidence the queue kept across a restart
/// restored (what eviction left of producers' evidence first, then the windows).
fn restored_reconciler(
    config: &Config,
    floors: Vec<(ResourceKey, semconv::store::Tombstone)>,
    windows: Vec<(ResourceKey, semconv::Window)>,
) -> Reconciler {
    let mut reconciler = Reconciler::new(ReconcileConfig {
        delay: config.reconcile.delay,
        max_held_spans: config.reconcile.max_held_spans,
        max_held_bytes: config.reconcile.max_held_bytes,
        store: StoreLimits {
            max_windows_per_process: config.reconcile.max_windows_per_process,
            max_processes: config.reconcile.max_processes,
        },
    });
    for (key, floors) in floors {
        reconciler.restore_floors(key, floors);
    }
    for (key, window) in windows {
        reconciler.restore_window(key, window);
    }
    reconciler
}

/// Serves OTLP/gRPC and OTLP/HTTP into `handoff`, and reloads the gate's TLS files and
/// tokens on SIGHUP or a changed file (no restart), until `stop`.
fn serve_ingest(
    (grpc, http): (TcpListener, TcpListener),
    handoff: handoff::Handoff,
    config: &Config,
    gate: &Arc<ingest::gate::Gate>,
    stop: &CancellationToken,
) -> Vec<JoinHandle<()>> {
    let grpc_task = tokio::spawn({
        let (h, g, stop) = (handoff.clone(), gate.clone(), stop.clone());
        let ingest_config = config.ingest.clone();
        async move {
            if let Err(e) = ingest::grpc::serve(grpc, h, &ingest_config, g, stop).await {
                tracing::error!(error = %e, "OTLP/gRPC server failed");
            }
        }
    });
    let http_task = tokio::spawn({
        let (ingest_config, g, stop) = (config.ingest.clone(), gate.clone(), stop.clone());
        async move { ingest::http::serve(http, handoff, &ingest_config, g, stop).await }
    });
    let gate_task = tokio::spawn(gate.clone().watch(stop.clone()));
    vec![grpc_task, http_task, gate_task]
}

fn local(l: &TcpListener) -> SocketAddr {
    l.local_addr().expect("a bound listener has an address")
}

/// `/metrics`, and the three probes, each for its own question:
///
/// - `/livez`: the process answers. A liveness probe must not restart a receiver that
///   is still opening its queue, draining at shutdown, or whose backend is down.
/// - `/readyz`: it takes spans (the queue is loaded, the exporters and listeners run,
///   shutdown has not begun). A destination that is down does not change it: the
///   receiver still takes spans (with the queue, onto disk), and a producer sent
///   elsewhere would meet the same backend.
/// - `/healthz`: ready, and every destination delivers: 503 naming each destination
///   whose exports have failed for `telemetry.unhealthy_after` without a delivery, with
///   the reason and the spans waiting. For people and monitoring, not for restarts.
fn admin_router(telemetry: Arc<Telemetry>) -> axum::Router {
    use axum::routing::get;
    let registry = Arc::new(telemetry.registry());
    let answer = |problems: Vec<String>| {
        if problems.is_empty() {
            (http::StatusCode::OK, "ok\n".to_string())
        } else {
            let mut body = problems.join("\n");
            body.push('\n');
            (http::StatusCode::SERVICE_UNAVAILABLE, body)
        }
    };
    let (ready, healthy) = (telemetry.clone(), telemetry);
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
            "/readyz",
            get(move || {
                let problems = ready
                    .readiness
                    .not_ready()
                    .map(String::from)
                    .into_iter()
                    .collect();
                async move { answer(problems) }
            }),
        )
        .route(
            "/healthz",
            get(move || {
                let problems = healthy.problems(crate::clock::now_ns());
                async move { answer(problems) }
            }),
        )
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
        // What the queue has not handed over yet stays on disk for the next start.
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

/// What output goes through between the reconciler and export, in order.
struct Stages {
    /// Names the pod of each resource (`kubernetes.pod_attributes`).
    pods: Option<PodAttributes>,
    /// Makes the PC samples' profiles (and takes their spans out where so configured).
    profiles: Profiles,
    /// Where the pprof files go (`export.pprof_dir`).
    pprof_dir: Option<std::path::PathBuf>,
    /// Counts every kernel span into the kernel metrics.
    metrics: KernelMetrics,
    /// Drops kernel spans by the output sampling policy (off by default).
    sampling: OutputSampling,
}

impl Stages {
    /// The stages after the reconciler, as `config` asks for them.
    fn from_config(config: &Config, pods: Option<PodAttributes>) -> Self {
        Stages {
            pods,
            profiles: Profiles::new(ProfileSettings {
                enabled: config.export.profiles_endpoint.is_some()
                    || config.export.pprof_dir.is_some(),
                keep_spans: config.export.profiles_keep_spans,
                max_bytes: config.export.profiles_max_bytes,
            }),
            pprof_dir: config.export.pprof_dir.clone(),
            metrics: KernelMetrics::new(MetricsSettings {
                enabled: config.metrics.enabled,
                interval: config.metrics.interval,
                top_names: config.metrics.top_names,
            }),
            sampling: OutputSampling::new(config.sampling.enabled.then_some(Policy {
                traces_one_in: config.sampling.traces_one_in,
                spans_one_in: config.sampling.spans_one_in,
                slow_factor: config.sampling.slow_factor,
            })),
        }
    }
}

impl Stages {
    /// The output to export, and the profiles made from it on the way (the pprof files
    /// already written).
    fn apply(
        &mut self,
        ready: Vec<Ready>,
        telemetry: &Telemetry,
        now: u64,
    ) -> (Vec<Ready>, Vec<PeriodProfile>) {
        let ready = match &self.pods {
            Some(pods) => pods.apply(ready),
            None => ready,
        };
        let (ready, profiles) = self.profiles.apply(ready);
        use std::sync::atomic::Ordering::Relaxed;
        let c = &telemetry.profiles;
        for p in &profiles {
            c.profiles.fetch_add(1, Relaxed);
            c.samples_kept.fetch_add(p.samples, Relaxed);
            c.samples_dropped.fetch_add(p.samples_dropped, Relaxed);
            let Some(dir) = &self.pprof_dir else {
                continue;
            };
            match crate::export::pprof_dir::write(dir, p) {
                Ok(_) => c.pprof_written.fetch_add(1, Relaxed),
                Err(e) => {
                    tracing::warn!(dir = %dir.display(), error = %e, "pprof file not written");
                    c.pprof_failed.fetch_add(1, Relaxed)
                }
            };
        }
        let ready = self
            .sampling
            .apply(ready, &telemetry.sampling, &mut self.metrics, now);
        (ready, profiles)
    }
}

/// The pipeline: one loop over the intake, in memory or through the persistent queue
/// alike. Each request is reconciled at its arrival time; held spans are released on
/// the intake's clock; what is ready goes out by the one chain ([`Out::send`]).
async fn run(
    mut intake: Intake,
    mut r: Reconciler,
    mut stages: Stages,
    export: Fanout,
    telemetry: Arc<Telemetry>,
    stop: CancellationToken,
) {
    let mut out = Out {
        stages: &mut stages,
        export: &export,
        telemetry: &telemetry,
    };
    // Wakes an idle pipeline for deadlines; a busy one checks them after each request.
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut next_check = Instant::now();
    let mut stopping = false;
    loop {
        // Unbiased: an intake that never runs empty must not starve the stop signal.
        tokio::select! {
            _ = stop.cancelled(), if !stopping => {
                // Take what is already on its way, then nothing more.
                intake.close();
                stopping = true;
            }
            next = intake.next() => {
                let Some((prepared, arrival)) = next else { break };
                let ready = r.ingest(prepared, arrival);
                out.send(&mut r, &intake, ready, arrival).await;
            }
            _ = tick.tick() => {}
        }
        if Instant::now() >= next_check {
            next_check = Instant::now() + TICK;
            let now = intake.now();
            let ready = r.tick(now);
            out.send(&mut r, &intake, ready, now).await;
            if let Some(m) = out.stages.metrics.due(now) {
                export.submit_metrics(m.encode_to_vec().into()).await;
            }
        }
        publish(&telemetry, &r);
    }
    if !intake.keeps_inputs() {
        let ready = r.drain();
        out.send(&mut r, &intake, ready, intake.now()).await;
    }
    // The last interval, however short: what left is counted.
    if let Some(m) = out.stages.metrics.flush(intake.now()) {
        export.submit_metrics(m.encode_to_vec().into()).await;
    }
}

/// Where what the reconciler made ready goes.
struct Out<'a> {
    stages: &'a mut Stages,
    export: &'a Fanout,
    telemetry: &'a Telemetry,
}

impl Out<'_> {
    /// The one chain from the reconciler to the destinations, for a request, a tick
    /// and the drain alike: the reconciler's state published (first: an aborted
    /// shutdown counts the held spans from it), the stages (pods, profiles, sampling),
    /// the hand-over (the queue told what the reconciler did: evidence, emitted output,
    /// sealed inputs), then every destination.
    async fn send(&mut self, r: &mut Reconciler, intake: &Intake, ready: Vec<Ready>, now: u64) {
        publish(self.telemetry, r);
        let (ready, profiles) = self.stages.apply(ready, self.telemetry, now);
        submit_profiles(self.export, profiles);
        self.export.submit(intake.hand_over(r, ready)).await;
    }
}

fn submit_profiles(export: &Fanout, profiles: Vec<PeriodProfile>) {
    for p in profiles {
        export.submit_profiles(p.request);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{kernel, plain, request, resource};
    use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
    use semconv::Tier;

    #[tokio::test]
    async fn readyz_and_healthz_answer_503_with_the_reason_until_ready_and_livez_answers_throughout(
    ) {
        let telemetry = Arc::new(Telemetry::default());
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = local(&listener);
        let router = admin_router(telemetry.clone());
        tokio::spawn(async move { axum::serve(listener, router).await });
        let get = |path: &'static str| async move {
            let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        };
        for probe in ["/readyz", "/healthz"] {
            let starting = get(probe).await;
            assert_eq!(starting.0, 503);
            assert!(starting.1.starts_with("starting"), "{starting:?}");
        }
        assert_eq!(get("/livez").await, (200, "ok\n".into()));
        telemetry.readiness.set_ready();
        assert_eq!(get("/readyz").await, (200, "ok\n".into()));
        assert_eq!(get("/healthz").await, (200, "ok\n".into()));
        telemetry.readiness.set_stopping();
        assert_eq!(get("/readyz").await, (503, "shutting down\n".into()));
        assert_eq!(get("/livez").await, (200, "ok\n".into()));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn deadlines_are_kept_while_the_intake_never_runs_empty() {
        let telemetry = Arc::new(Telemetry::default());
        let opened = handoff::open(&crate::fixtures::loopback_config(), 1, telemetry.clone())
            .expect("an in-memory handoff opens");
        let r = Reconciler::new(ReconcileConfig {
            delay: Duration::from_millis(20),
            ..ReconcileConfig::default()
        });
        let stop = CancellationToken::new();
        let pipeline = tokio::spawn(run(
            opened.intake,
            r,
            Stages {
                pods: None,
                profiles: Profiles::new(ProfileSettings {
                    enabled: false,
                    keep_spans: true,
                    max_bytes: 0,
                }),
                pprof_dir: None,
                metrics: KernelMetrics::new(MetricsSettings {
                    enabled: false,
                    interval: Duration::from_secs(10),
                    top_names: 1,
                }),
                sampling: OutputSampling::new(None),
            },
            Fanout::new(vec![], None),
            telemetry.clone(),
            stop.clone(),
        ));
        let handoff = opened.handoff;
        let submit = |h: handoff::Handoff, req: ExportTraceServiceRequest| async move {
            let admission = h.admit(1).expect("room");
            let arrived =
                crate::entry::Arrived::protobuf(prost::Message::encode_to_vec(&req).into());
            h.submit(req.into(), arrived, admission).await
        };
        // No window will ever settle it: only the deadline releases it.
        submit(
            handoff.clone(),
            request(
                resource("gpu", 1, Some(Tier::Serialized)),
                vec![kernel(1, 10, 20, None)],
            ),
        )
        .await
        .expect("taken");
        // Many senders at once, so that the pipeline always has a request waiting.
        let busy = CancellationToken::new();
        let mut senders = Vec::new();
        for i in 0..32 {
            let (h, busy) = (handoff.clone(), busy.clone());
            senders.push(tokio::spawn(async move {
                let off = resource("app", 2, Some(Tier::Off));
                let mut n = 0;
                while !busy.is_cancelled() {
                    n += 1;
                    let _ = submit(
                        h.clone(),
                        request(off.clone(), vec![plain(i * 1_000_000 + n)]),
                    )
                    .await;
                }
                n
            }));
        }
        let started = Instant::now();
        while telemetry.snapshot().reconcile.released_deadline == 0
            && started.elapsed() < Duration::from_secs(2)
        {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let waited = started.elapsed();
        busy.cancel();
        let mut sent = 0;
        for s in senders {
            sent += s.await.unwrap();
        }
        stop.cancel();
        drop(handoff);
        pipeline.await.unwrap();
        assert_eq!(
            telemetry.snapshot().reconcile.released_deadline,
            1,
            "the held span was still held after {waited:?} of steady requests ({sent} sent)"
        );
    }
}
