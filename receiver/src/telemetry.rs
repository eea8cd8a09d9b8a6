//! Self-telemetry: Prometheus `/metrics`, `/healthz` (ready) and `/livez` (alive) on
//! their own port.
//!
//! Names follow `gpu_otel_receiver_<name>_total` for counters. The outcome counters
//! keep the contract's identity: the three `execution_outcomes_total` series sum to
//! `executions_total`.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use semconv::store::StoreCounters;

use crate::export::{ExportCounters, ExportTelemetry};
use crate::reconcile::ReconcileCounters;

/// Counters of the ingest edge.
#[derive(Debug, Default)]
pub struct IngestCounters {
    /// Requests received over gRPC.
    pub grpc_requests: AtomicU64,
    /// Requests received over HTTP.
    pub http_requests: AtomicU64,
    /// Requests refused as malformed (bad protobuf or JSON, bad gzip).
    pub refused_malformed: AtomicU64,
    /// Requests refused as larger than the limit.
    pub refused_too_large: AtomicU64,
    /// Requests refused with an unsupported content type.
    pub refused_media_type: AtomicU64,
    /// Requests refused because the pipeline was full ("retry later").
    pub refused_busy: AtomicU64,
    /// Requests refused because the pipeline was shutting down.
    pub refused_unavailable: AtomicU64,
    /// Requests refused because pending requests held the byte budget ("retry later").
    pub refused_pending_bytes: AtomicU64,
    /// HTTP requests whose body did not arrive within the body timeout.
    pub refused_timeout: AtomicU64,
    /// Connections closed at once because their listener's cap was reached with every
    /// open connection in use (any listener).
    pub connections_refused: AtomicU64,
    /// Connections closed to make room at the cap: the oldest that had begun no request.
    pub connections_displaced: AtomicU64,
    /// Connections closed for beginning no request within the first-request deadline.
    pub connections_timed_out: AtomicU64,
    /// Requests refused for a missing or invalid bearer token.
    pub refused_unauthenticated: AtomicU64,
    /// Connections closed because their TLS handshake failed or timed out (no or an
    /// untrusted client certificate, plain text on a TLS port, a stall).
    pub tls_handshakes_failed: AtomicU64,
    /// TLS files reloaded and in use.
    pub tls_reloads: AtomicU64,
    /// TLS reloads that failed (the previous certificate stayed in use).
    pub tls_reload_failures: AtomicU64,
    /// Token files reloaded and in use.
    pub token_reloads: AtomicU64,
    /// Token reloads that failed (the previous tokens stayed in use).
    pub token_reload_failures: AtomicU64,
    /// Requests refused because the persistent queue held its byte budget ("retry later").
    pub refused_queue_full: AtomicU64,
    /// Requests refused because the persistent queue could not write to its disk
    /// (unavailable, retry later; the request is not on disk).
    pub refused_queue_failing: AtomicU64,
}

/// Counters and gauges of the persistent queue (all zero when it is off).
#[derive(Debug, Default)]
pub struct QueueCounters {
    /// The byte budget (`queue.max_bytes`); 0: the queue is off.
    pub max_bytes: AtomicU64,
    /// Bytes of requests on disk (and being committed).
    pub bytes: AtomicU64,
    /// Requests on disk.
    pub requests: AtomicU64,
    /// Window records kept on disk as evidence.
    pub evidence_rows: AtomicU64,
    /// Requests found on disk at startup and replayed.
    pub replayed_requests: AtomicU64,
    /// Window records restored into the store at startup.
    pub evidence_restored: AtomicU64,
    /// The most spans that replaying the requests found on disk at startup exports
    /// (their spans and window records): each may have reached a destination before the
    /// restart, so this bounds the duplicates a restart causes.
    pub duplicates_possible: AtomicU64,
    /// Requests refused because the budget was full.
    pub refused_full: AtomicU64,
    /// Database commits (deletions and evidence; one fsync each).
    pub database_commits: AtomicU64,
    /// Time spent in database commits, ns.
    pub database_commit_ns: AtomicU64,
    /// Appends committed (each one segment write and one fsync) and how long each took:
    /// what an acknowledgement waits for.
    pub commit_seconds: CommitSeconds,
    /// Commits that failed (their requests were refused).
    pub commit_failures: AtomicU64,
    /// Requests not handed over in memory (the pipeline was behind): read back later.
    pub spilled: AtomicU64,
    /// Requests read back from disk.
    pub read_back: AtomicU64,
    /// Requests read back that could not be processed within the memory bound (or did
    /// not decode): kept in a file of their own, deleted from the queue.
    pub quarantined: AtomicU64,
}

/// Durations of the queue's append commits (seconds), from 0.5 ms to 1 s.
#[derive(Debug)]
pub struct CommitSeconds(Histogram);

impl Default for CommitSeconds {
    fn default() -> Self {
        CommitSeconds(Histogram::new([
            0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0,
        ]))
    }
}

impl CommitSeconds {
    /// Counts one commit.
    pub fn observe(&self, seconds: f64) {
        self.0.observe(seconds);
    }
}

/// What the pipeline task last published.
#[derive(Debug, Clone, Copy, Default)]
pub struct PipelineSnapshot {
    /// Reconciler counters.
    pub reconcile: ReconcileCounters,
    /// Window store counters.
    pub store: StoreCounters,
    /// Kernel spans held.
    pub held: usize,
    /// Bytes the held kernel spans take.
    pub held_bytes: usize,
    /// Windows held.
    pub windows_held: usize,
    /// Windows held still open.
    pub windows_open: usize,
}

/// Whether the receiver takes traffic, as `/healthz` says: starting until the queue is
/// loaded and the exporters and listeners run, then ready, then shutting down.
#[derive(Debug, Default)]
pub struct Readiness(AtomicU8);

impl Readiness {
    // 0, the default: starting.
    const READY: u8 = 1;
    const STOPPING: u8 = 2;

    /// Everything is running: `/healthz` answers 200.
    pub fn set_ready(&self) {
        self.0.store(Self::READY, Relaxed);
    }

    /// Shutdown has begun: `/healthz` answers 503 again.
    pub fn set_stopping(&self) {
        self.0.store(Self::STOPPING, Relaxed);
    }

    /// `None` when ready, else why not.
    pub fn not_ready(&self) -> Option<&'static str> {
        match self.0.load(Relaxed) {
            Self::READY => None,
            Self::STOPPING => Some("shutting down"),
            _ => Some("starting: opening the queue, starting the exporters"),
        }
    }
}

/// Everything `/metrics` reports.
#[derive(Debug, Default)]
pub struct Telemetry {
    /// Ingest edge.
    pub ingest: IngestCounters,
    /// Export side, per destination.
    pub export: ExportTelemetry,
    /// Pipeline state.
    pub pipeline: Mutex<PipelineSnapshot>,
    /// The persistent queue.
    pub queue: Arc<QueueCounters>,
    /// What `/healthz` answers.
    pub readiness: Readiness,
    /// Kernel spans by output sampling decision.
    pub sampling: crate::output_sampling::SamplingCounters,
    /// Outgoing resources by whether their pod was named.
    pub pods: Arc<crate::k8s::AttributionCounters>,
}

impl Telemetry {
    /// The latest pipeline snapshot.
    pub fn snapshot(&self) -> PipelineSnapshot {
        *self.pipeline.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Publishes a pipeline snapshot.
    pub fn publish(&self, s: PipelineSnapshot) {
        *self.pipeline.lock().unwrap_or_else(|p| p.into_inner()) = s;
    }

    /// A registry that scrapes this telemetry.
    pub fn registry(self: &Arc<Self>) -> Registry {
        let mut registry = Registry::default();
        registry.register_collector(Box::new(Scrape(self.clone())));
        registry
    }
}

#[derive(Debug)]
struct Scrape(Arc<Telemetry>);

fn counter(
    enc: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    label: Option<&str>,
    series: &[(&str, u64)],
) -> Result<(), std::fmt::Error> {
    let c = ConstCounter::new(0u64);
    let mut family = enc.encode_descriptor(name, help, None, c.metric_type())?;
    for (value, n) in series {
        let m = ConstCounter::new(*n);
        match label {
            Some(l) => m.encode(family.encode_family(&[(l, *value)])?)?,
            None => m.encode(family.encode_family(&Vec::<(String, String)>::new())?)?,
        }
    }
    Ok(())
}

fn gauge(
    enc: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    label: Option<&str>,
    series: &[(&str, i64)],
) -> Result<(), std::fmt::Error> {
    let g = ConstGauge::new(0i64);
    let mut family = enc.encode_descriptor(name, help, None, g.metric_type())?;
    for (value, n) in series {
        let m = ConstGauge::new(*n);
        match label {
            Some(l) => m.encode(family.encode_family(&[(l, *value)])?)?,
            None => m.encode(family.encode_family(&Vec::<(String, String)>::new())?)?,
        }
    }
    Ok(())
}

/// One series per label set.
type Series<'a> = Vec<(Vec<(&'a str, String)>, u64)>;

fn labelled(
    enc: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    gauge: bool,
    series: &Series,
) -> Result<(), std::fmt::Error> {
    let metric_type = if gauge {
        ConstGauge::new(0i64).metric_type()
    } else {
        ConstCounter::new(0u64).metric_type()
    };
    let mut family = enc.encode_descriptor(name, help, None, metric_type)?;
    for (labels, n) in series {
        let e = family.encode_family(labels)?;
        if gauge {
            ConstGauge::new(*n as i64).encode(e)?;
        } else {
            ConstCounter::new(*n).encode(e)?;
        }
    }
    Ok(())
}

/// One series per destination, `destination` the only label.
fn per_destination<'a>(
    dests: &'a [Arc<crate::export::Destination>],
    counter: impl Fn(&ExportCounters) -> &AtomicU64,
) -> Series<'a> {
    dests
        .iter()
        .map(|d| {
            (
                vec![("destination", d.name.clone())],
                counter(&d.counters).load(Relaxed),
            )
        })
        .collect()
}

impl Collector for Scrape {
    fn encode(&self, mut enc: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let t = &self.0;
        let p = t.snapshot();
        let (r, s, i) = (p.reconcile, p.store, &t.ingest);
        let dests = t.export.destinations();
        let n = |a: &AtomicU64| a.load(Relaxed);
        let e = &mut enc;
        counter(
            e,
            "gpu_otel_receiver_requests",
            "OTLP export requests received.",
            Some("transport"),
            &[("grpc", n(&i.grpc_requests)), ("http", n(&i.http_requests))],
        )?;
        counter(
            e,
            "gpu_otel_receiver_requests_refused",
            "Requests refused whole.",
            Some("reason"),
            &[
                ("malformed", n(&i.refused_malformed)),
                ("too_large", n(&i.refused_too_large)),
                ("unsupported_media_type", n(&i.refused_media_type)),
                ("busy", n(&i.refused_busy)),
                ("unavailable", n(&i.refused_unavailable)),
                ("pending_bytes", n(&i.refused_pending_bytes)),
                ("timeout", n(&i.refused_timeout)),
                ("unauthenticated", n(&i.refused_unauthenticated)),
                ("queue_full", n(&i.refused_queue_full)),
                ("queue_failing", n(&i.refused_queue_failing)),
            ],
        )?;
        counter(
            e,
            "gpu_otel_receiver_tls_handshakes_failed",
            "Ingest connections closed because their TLS handshake failed or timed out.",
            None,
            &[("", n(&i.tls_handshakes_failed))],
        )?;
        let reload = |secret: &str, outcome: &str, v: &AtomicU64| {
            (
                vec![
                    ("secret", secret.to_string()),
                    ("outcome", outcome.to_string()),
                ],
                n(v),
            )
        };
        labelled(
            e,
            "gpu_otel_receiver_secret_reloads",
            "Reloads of the ingest TLS files and token file (SIGHUP or a changed file); failed: the previous ones stayed in use.",
            false,
            &vec![
                reload("tls", "applied", &i.tls_reloads),
                reload("tls", "failed", &i.tls_reload_failures),
                reload("tokens", "applied", &i.token_reloads),
                reload("tokens", "failed", &i.token_reload_failures),
            ],
        )?;
        counter(
            e,
            "gpu_otel_receiver_connections_refused",
            "Connections closed at once: a listener's connection cap was reached with every open connection in use.",
            None,
            &[("", n(&i.connections_refused))],
        )?;
        counter(
            e,
            "gpu_otel_receiver_connections_closed",
            "Connections the receiver closed before they began a request: displaced at the connection cap, or past the first-request deadline.",
            Some("reason"),
            &[
                ("displaced", n(&i.connections_displaced)),
                ("no_request", n(&i.connections_timed_out)),
            ],
        )?;
        counter(
            e,
            "gpu_otel_receiver_spans_received",
            "Spans received.",
            None,
            &[("", r.spans_received)],
        )?;
        labelled(
            e,
            "gpu_otel_receiver_spans_exported",
            "Spans delivered, per export destination.",
            false,
            &per_destination(&dests, |c| &c.exported_spans),
        )?;
        // Malformed spans reach no destination; every other loss is a destination's.
        let mut lost: Series = vec![(vec![("reason", "malformed".into())], r.spans_rejected)];
        for d in &dests {
            for (reason, v) in d.counters.dropped() {
                lost.push((
                    vec![("destination", d.name.clone()), ("reason", reason.into())],
                    v,
                ));
            }
        }
        labelled(
            e,
            "gpu_otel_receiver_spans_dropped",
            "Spans lost, by reason (and destination).",
            false,
            &lost,
        )?;
        counter(
            e,
            "gpu_otel_receiver_kernel_spans",
            "Kernel execution spans received.",
            None,
            &[("", r.kernel_spans)],
        )?;
        counter(
            e,
            "gpu_otel_receiver_undeclared_tier_spans",
            "Kernel spans whose resource declares no valid gpu.pc_sampling.tier.",
            None,
            &[("", r.undeclared_tier_spans)],
        )?;
        gauge(
            e,
            "gpu_otel_receiver_kernel_spans_held",
            "Kernel spans waiting for evidence.",
            None,
            &[("", p.held as i64)],
        )?;
        gauge(
            e,
            "gpu_otel_receiver_kernel_spans_held_bytes",
            "Bytes the held kernel spans take (encoded size plus bookkeeping), bounded by reconcile.max_held_bytes.",
            None,
            &[("", p.held_bytes as i64)],
        )?;
        counter(
            e,
            "gpu_otel_receiver_spans_released",
            "Held kernel spans released, by why.",
            Some("reason"),
            &[
                ("settled", r.released_settled),
                ("deadline", r.released_deadline),
                ("hold_full", r.released_early),
                ("shutdown", r.released_shutdown),
            ],
        )?;
        gauge(
            e,
            "gpu_otel_receiver_windows",
            "Sampling windows in the store.",
            Some("state"),
            &[
                ("held", p.windows_held as i64),
                ("open", p.windows_open as i64),
            ],
        )?;
        counter(
            e,
            "gpu_otel_receiver_window_records",
            "Sampling-window records, by what became of them.",
            Some("outcome"),
            &[
                ("received", s.received),
                ("superseded", s.superseded),
                ("evicted", s.evicted),
                ("refused_inverted", s.refused_inverted),
                ("refused_process", s.refused_processes),
                ("refused_malformed", r.window_records_malformed),
                ("opaque_mode", s.opaque_mode),
            ],
        )?;
        counter(
            e,
            "gpu_otel_receiver_window_spans",
            "Reconciled window spans, by state (evicted: not emitted, the store dropped the window).",
            Some("state"),
            &[
                ("closed", r.window_spans_closed),
                ("unclosed", r.window_spans_unclosed),
                ("evicted", r.window_spans_evicted),
            ],
        )?;
        counter(
            e,
            "gpu_otel_receiver_processes_evicted",
            "Producers whose windows the store evicted (least recently used) to admit a new one.",
            None,
            &[("", s.processes_evicted)],
        )?;
        counter(
            e,
            "gpu_otel_receiver_unverifiable_false_stamps",
            "\"false\" stamps over evicted windows, exported as \"unknown\".",
            None,
            &[("", r.unverifiable)],
        )?;
        let o = r.outcomes;
        counter(
            e,
            "gpu_otel_receiver_executions",
            "Kernel executions classified (the sum of the three outcomes).",
            None,
            &[("", o.executions)],
        )?;
        counter(
            e,
            "gpu_otel_receiver_execution_outcomes",
            "Kernel executions by exported gpu.serialized.",
            Some("gpu_serialized"),
            &[
                ("true", o.serialized),
                ("false", o.not_serialized),
                ("unknown", o.unknown),
            ],
        )?;
        counter(
            e,
            "gpu_otel_receiver_stamps_repaired",
            "Kernel spans whose stamp was missing or invalid and got the receiver's verdict.",
            Some("reason"),
            &[
                ("missing", r.repaired_missing),
                ("invalid", r.repaired_invalid),
                ("tier", r.repaired_tier),
            ],
        )?;
        counter(
            e,
            "gpu_otel_receiver_conflicts",
            "\"false\" stamps contradicted by a serialized window (exported as \"true\").",
            None,
            &[("", r.conflicts)],
        )?;
        counter(
            e,
            "gpu_otel_receiver_agreements",
            "Valid stamps equal to the receiver's verdict.",
            None,
            &[("", r.agreements)],
        )?;
        counter(
            e,
            "gpu_otel_receiver_unknown_stamps_settled",
            "\"unknown\" stamps (the producer released them before their evidence came) that the receiver's windows settled.",
            None,
            &[("", r.settled_unknown_stamps)],
        )?;
        let unknown: Vec<(&str, u64)> = semconv::UnknownReason::ALL
            .iter()
            .map(|reason| (reason.as_str(), r.unknown_by_reason[reason.index()]))
            .collect();
        counter(
            e,
            "gpu_otel_receiver_unknown_executions",
            "Kernel executions exported \"unknown\", by the evidence that was missing.",
            Some("reason"),
            &unknown,
        )?;
        counter(
            e,
            "gpu_otel_receiver_disagreements",
            "Valid stamps that differ from the verdict without contradicting it.",
            None,
            &[("", r.disagreements)],
        )?;
        labelled(
            e,
            "gpu_otel_receiver_export_queue_spans",
            "Spans waiting for export or in flight, per destination.",
            true,
            &per_destination(&dests, |c| &c.queued_spans),
        )?;
        labelled(
            e,
            "gpu_otel_receiver_export_queue_bytes",
            "Encoded bytes waiting for export, per destination.",
            true,
            &per_destination(&dests, |c| &c.queued_bytes),
        )?;
        labelled(
            e,
            "gpu_otel_receiver_export_batches",
            "Batches delivered, per destination.",
            false,
            &per_destination(&dests, |c| &c.batches),
        )?;
        labelled(
            e,
            "gpu_otel_receiver_export_retries",
            "Export attempts retried, per destination.",
            false,
            &per_destination(&dests, |c| &c.retries),
        )?;
        labelled(
            e,
            "gpu_otel_receiver_export_batches_split",
            "Batches split in halves after the destination refused them as too large.",
            false,
            &per_destination(&dests, |c| &c.splits),
        )?;
        counter(
            e,
            "gpu_otel_receiver_pod_attribution_resources",
            "Outgoing resources by whether their pod was named (kubernetes.pod_attributes): named (attributes added), complete (nothing to add), unknown_pod (a pod or container this node's pods do not include), no_identity (no k8s.pod.uid or container.id).",
            Some("outcome"),
            &t.pods.series(),
        )?;
        gauge(
            e,
            "gpu_otel_receiver_pod_attribution_pods",
            "Pods of this node the receiver knows (deleted ones for two minutes after).",
            None,
            &[("", t.pods.pods() as i64)],
        )?;
        let sampled: Series = t
            .sampling
            .by_decision()
            .iter()
            .map(|(d, n)| (vec![("decision", d.as_str().into())], *n))
            .collect();
        labelled(
            e,
            "gpu_otel_receiver_output_sampling_kernel_spans",
            "Kernel spans by output sampling decision: the rule that kept each, or sampled_out (all 0 while sampling is off).",
            false,
            &sampled,
        )?;
        let mut metric_requests: Series = Vec::new();
        for d in &dests {
            for (outcome, n) in [
                ("exported", &d.counters.metric_requests_exported),
                ("dropped", &d.counters.metric_requests_dropped),
            ] {
                metric_requests.push((
                    vec![("destination", d.name.clone()), ("outcome", outcome.into())],
                    n.load(Relaxed),
                ));
            }
        }
        labelled(
            e,
            "gpu_otel_receiver_kernel_metric_requests",
            "Kernel metrics requests (one per interval), delivered or dropped, per destination.",
            false,
            &metric_requests,
        )?;
        encode_queue(e, &t.queue)
    }
}

fn encode_queue(e: &mut DescriptorEncoder, q: &QueueCounters) -> Result<(), std::fmt::Error> {
    let n = |a: &AtomicU64| a.load(Relaxed);
    let g = |a: &AtomicU64| n(a) as i64;
    gauge(
        e,
        "gpu_otel_receiver_queue_max_bytes",
        "Byte budget of the persistent queue (0: the queue is off).",
        None,
        &[("", g(&q.max_bytes))],
    )?;
    gauge(
        e,
        "gpu_otel_receiver_queue_bytes",
        "Bytes of accepted requests on disk, not yet delivered everywhere.",
        None,
        &[("", g(&q.bytes))],
    )?;
    gauge(
        e,
        "gpu_otel_receiver_queue_requests",
        "Accepted requests on disk, not yet delivered everywhere.",
        None,
        &[("", g(&q.requests))],
    )?;
    gauge(
        e,
        "gpu_otel_receiver_queue_evidence_windows",
        "Window records kept on disk as long as the window store holds them.",
        None,
        &[("", g(&q.evidence_rows))],
    )?;
    counter(
        e,
        "gpu_otel_receiver_queue_replayed_requests",
        "Requests found on disk at startup and replayed through the reconciler.",
        None,
        &[("", n(&q.replayed_requests))],
    )?;
    counter(
        e,
        "gpu_otel_receiver_queue_restored_windows",
        "Window records restored into the window store at startup (evidence only).",
        None,
        &[("", n(&q.evidence_restored))],
    )?;
    counter(
        e,
        "gpu_otel_receiver_queue_duplicates_possible",
        "Most spans the replay at startup exports again (spans and window records of the requests found on disk): a bound on the duplicates the restart causes.",
        None,
        &[("", n(&q.duplicates_possible))],
    )?;
    counter(
        e,
        "gpu_otel_receiver_queue_refused_full",
        "Requests refused (retry later) because the queue held its byte budget.",
        None,
        &[("", n(&q.refused_full))],
    )?;
    counter(
        e,
        "gpu_otel_receiver_queue_database_commits",
        "Queue database commits (deletions and evidence), each made durable with one fsync.",
        None,
        &[("", n(&q.database_commits))],
    )?;
    counter(
        e,
        "gpu_otel_receiver_queue_database_commit_microseconds",
        "Time spent in queue database commits, microseconds.",
        None,
        &[("", n(&q.database_commit_ns) / 1_000)],
    )?;
    let h = &q.commit_seconds.0;
    h.encode(e.encode_descriptor(
        "gpu_otel_receiver_queue_commit_seconds",
        "Queue appends committed (each one segment write made durable with one fsync) and how long each took: what an acknowledgement waits for, besides the group window.",
        None,
        h.metric_type(),
    )?)?;
    counter(
        e,
        "gpu_otel_receiver_queue_commit_failures",
        "Queue commits that failed (appends, whose requests were refused; database commits, tried again).",
        None,
        &[("", n(&q.commit_failures))],
    )?;
    counter(
        e,
        "gpu_otel_receiver_queue_read_back_requests",
        "Requests read back from disk because the pipeline was behind when they were committed (or at startup).",
        None,
        &[("", n(&q.read_back))],
    )?;
    counter(
        e,
        "gpu_otel_receiver_queue_quarantined_requests",
        "Queued requests that could not be processed within the memory bound (over a per-request limit, larger decoded than ingest.max_pending_bytes) or did not decode: kept in queue.dir/quarantine-<number>.pb, deleted from the queue, never replayed.",
        None,
        &[("", n(&q.quarantined))],
    )?;
    Ok(())
}

/// Renders the registry in the Prometheus text format.
pub fn render(registry: &Registry) -> String {
    let mut out = String::new();
    prometheus_client::encoding::text::encode(&mut out, registry).expect("writing to a String");
    out
}
