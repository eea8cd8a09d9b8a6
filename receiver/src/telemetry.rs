//! Self-telemetry: Prometheus `/metrics`; `/livez`, `/readyz` and `/healthz` on the same
//! port (`pipeline.rs` serves them from [`Readiness`] and each destination's health).
//!
//! Every metric is one row of a table, one table per stage of a request's path:
//! [`INGEST`] (at the listeners: what came in), [`RECONCILE`] (in the pipeline, after the
//! handoff and the queue), [`PROFILES`] (the PC samples as profiles), [`PODS`] (the
//! pods outgoing spans name), [`EXPORT`] (per
//! destination: what left, what waits, what was lost) and [`QUEUE`] (the persistent
//! queue: what waits on disk). A row is its name,
//! its help text (which says where it counts) and how its series are read from one
//! scrape. Counters are written `gpu_otel_receiver_<name>_total`. The outcome counters
//! keep the contract's identity: the three `execution_outcomes_total` series sum to
//! `executions_total`.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use semconv::store::StoreCounters;

use crate::entry::Refusal;
use crate::export::{Destination, ExportCounters, ExportTelemetry};
pub use crate::queue::counters::{CommitSeconds, QueueCounters};
use crate::reconcile::ReconcileCounters;

/// Every metric's name starts with this.
pub const PREFIX: &str = "gpu_otel_receiver_";

/// An OTLP listener: the `transport` label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// OTLP/gRPC.
    Grpc,
    /// OTLP/HTTP.
    Http,
}

impl Transport {
    /// The label value.
    pub fn as_str(self) -> &'static str {
        match self {
            Transport::Grpc => "grpc",
            Transport::Http => "http",
        }
    }
}

/// The `reason`s of spans refused at ingest: spans the receiver rejected inside an
/// acknowledged request (partial success), then every refusal of a whole request that
/// was read.
pub const SPAN_REFUSALS: [&str; 6] = [
    "malformed",
    "busy",
    "pending_bytes",
    "unavailable",
    "queue_full",
    "queue_failing",
];

/// What one listener took in and turned away.
#[derive(Debug, Default)]
pub struct TransportCounters {
    /// Requests that reached the listener.
    pub requests: AtomicU64,
    /// Spans of requests answered with success (with the queue: on disk), less the
    /// spans the answer says were rejected.
    pub accepted_spans: AtomicU64,
    /// Spans of requests read and refused, by [`SPAN_REFUSALS`].
    pub refused_spans: [AtomicU64; 6],
    /// Requests refused as malformed (bad protobuf or JSON, bad gzip).
    pub refused_malformed: AtomicU64,
    /// Requests refused as larger than the limit.
    pub refused_too_large: AtomicU64,
    /// Requests refused with an unsupported content type.
    pub refused_media_type: AtomicU64,
    /// Requests whose body did not arrive (gRPC: and get its answer) within the timeout.
    pub refused_timeout: AtomicU64,
    /// Requests whose sender went away (reset the call, closed the connection) before
    /// they were answered: their work dropped, nothing taken.
    pub refused_cancelled: AtomicU64,
    /// Requests refused by the handoff, by [`Refusal::ALL`].
    pub refused: [AtomicU64; 5],
}

impl TransportCounters {
    /// A request with `spans` spans, `rejected` of them refused inside it, answered
    /// with success.
    pub fn accepted(&self, spans: u64, rejected: u64) {
        let rejected = rejected.min(spans);
        self.accepted_spans.fetch_add(spans - rejected, Relaxed);
        self.refused_spans[0].fetch_add(rejected, Relaxed);
    }

    /// A request refused by the handoff; `spans` when it was read.
    pub fn refused(&self, why: Refusal, spans: u64) {
        self.refused[why.index()].fetch_add(1, Relaxed);
        self.refused_spans[1 + why.index()].fetch_add(spans, Relaxed);
    }
}

/// Counters of the ingest edge.
#[derive(Debug, Default)]
pub struct IngestCounters {
    /// OTLP/gRPC.
    pub grpc: TransportCounters,
    /// OTLP/HTTP.
    pub http: TransportCounters,
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
}

impl IngestCounters {
    /// One listener's counters.
    pub fn transport(&self, t: Transport) -> &TransportCounters {
        match t {
            Transport::Grpc => &self.grpc,
            Transport::Http => &self.http,
        }
    }

    fn each(&self) -> [(Transport, &TransportCounters); 2] {
        [(Transport::Grpc, &self.grpc), (Transport::Http, &self.http)]
    }

    /// A request counter summed over both listeners.
    fn total(&self, counter: impl Fn(&TransportCounters) -> &AtomicU64) -> u64 {
        self.each()
            .iter()
            .map(|(_, c)| counter(c).load(Relaxed))
            .sum()
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

/// Whether the receiver takes traffic, as `/readyz` says: starting until the queue is
/// loaded and the exporters and listeners run, then ready, then shutting down.
#[derive(Debug, Default)]
pub struct Readiness(AtomicU8);

impl Readiness {
    // 0, the default: starting.
    const READY: u8 = 1;
    const STOPPING: u8 = 2;

    /// Everything is running: `/readyz` answers 200.
    pub fn set_ready(&self) {
        self.0.store(Self::READY, Relaxed);
    }

    /// Shutdown has begun: `/readyz` answers 503 again.
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
#[derive(Debug)]
pub struct Telemetry {
    /// Ingest edge.
    pub ingest: IngestCounters,
    /// Export side, per destination.
    pub export: ExportTelemetry,
    /// Pipeline state.
    pub pipeline: Mutex<PipelineSnapshot>,
    /// The persistent queue.
    pub queue: Arc<QueueCounters>,
    /// What `/readyz` answers.
    pub readiness: Readiness,
    /// Kernel spans by output sampling decision.
    pub sampling: crate::output_sampling::SamplingCounters,
    /// How long a destination's attempts may fail without a delivery before `/healthz`
    /// reports it (`telemetry.unhealthy_after`).
    pub unhealthy_after: Duration,
    /// Outgoing resources by whether their pod was named.
    pub pods: Arc<crate::k8s::AttributionCounters>,
    /// What the profiles stage made of the PC samples.
    pub profiles: ProfileCounters,
}

/// What the profiles stage made of the PC samples (`export.profiles_endpoint`,
/// `export.pprof_dir`).
#[derive(Debug, Default)]
pub struct ProfileCounters {
    /// Profiles made (one per process and drain period).
    pub profiles: AtomicU64,
    /// PC samples in them.
    pub samples_kept: AtomicU64,
    /// PC samples the byte bound left out (`export.profiles_max_bytes`).
    pub samples_dropped: AtomicU64,
    /// pprof files written.
    pub pprof_written: AtomicU64,
    /// pprof files that could not be written (logged).
    pub pprof_failed: AtomicU64,
}

impl Default for Telemetry {
    fn default() -> Self {
        Telemetry {
            ingest: IngestCounters::default(),
            export: ExportTelemetry::default(),
            pipeline: Mutex::default(),
            queue: Arc::default(),
            readiness: Readiness::default(),
            sampling: Default::default(),
            unhealthy_after: crate::config::UNHEALTHY_AFTER_DEFAULT,
            pods: Arc::default(),
            profiles: ProfileCounters::default(),
        }
    }
}

impl Telemetry {
    /// Telemetry whose `/healthz` reports a destination failing for `unhealthy_after`.
    pub fn new(unhealthy_after: Duration) -> Telemetry {
        Telemetry {
            unhealthy_after,
            ..Telemetry::default()
        }
    }

    /// The latest pipeline snapshot.
    pub fn snapshot(&self) -> PipelineSnapshot {
        *self.pipeline.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Publishes a pipeline snapshot.
    pub fn publish(&self, s: PipelineSnapshot) {
        *self.pipeline.lock().unwrap_or_else(|p| p.into_inner()) = s;
    }

    /// Spans acknowledged at ingest, both listeners.
    pub fn accepted_spans(&self) -> u64 {
        self.ingest.total(|c| &c.accepted_spans)
    }

    /// What is wrong now, one line each: not ready, or a destination whose attempts
    /// have failed for longer than [`Telemetry::unhealthy_after`]. Empty: healthy.
    pub fn problems(&self, now: u64) -> Vec<String> {
        let mut out: Vec<String> = self
            .readiness
            .not_ready()
            .map(String::from)
            .into_iter()
            .collect();
        for d in self.export.destinations() {
            let c = &d.counters;
            let h = c.health();
            match h.failing_for(now) {
                Some(f) if f >= self.unhealthy_after => out.push(format!(
                    "export to {} failing for {}: {} ({} failed attempts; {} spans waiting)",
                    d.name,
                    humantime::format_duration(Duration::from_secs(f.as_secs())),
                    h.last_reason(),
                    h.consecutive_failures(),
                    c.queued_spans.load(Relaxed)
                )),
                _ => {}
            }
        }
        out
    }

    /// A registry that scrapes this telemetry.
    pub fn registry(self: &Arc<Self>) -> Registry {
        let mut registry = Registry::default();
        registry.register_collector(Box::new(Scrape(self.clone())));
        registry
    }
}

// ---- the tables ----

/// Label pairs of one series.
type Labels = Vec<(&'static str, String)>;

/// How a metric's series are read from one scrape.
enum Read {
    Counter(fn(&Scraped) -> Vec<(Labels, u64)>),
    Gauge(fn(&Scraped) -> Vec<(Labels, f64)>),
    Histogram(for<'a> fn(&Scraped<'a>) -> &'a Histogram),
}

/// One metric: its name without [`PREFIX`] (and without `_total`), its help text, and
/// how its series are read.
struct Metric {
    name: &'static str,
    help: &'static str,
    read: Read,
}

/// What one scrape reads: the telemetry, the pipeline's last snapshot, the destinations.
struct Scraped<'a> {
    t: &'a Telemetry,
    p: PipelineSnapshot,
    dests: Vec<Arc<Destination>>,
}

impl Scraped<'_> {
    fn r(&self) -> &ReconcileCounters {
        &self.p.reconcile
    }

    fn s(&self) -> &StoreCounters {
        &self.p.store
    }

    fn q(&self) -> &QueueCounters {
        &self.t.queue
    }
}

fn n(a: &AtomicU64) -> u64 {
    a.load(Relaxed)
}

/// One series without labels.
fn one<T>(v: T) -> Vec<(Labels, T)> {
    vec![(Vec::new(), v)]
}

/// One series per value of `label`.
fn by<T: Copy>(label: &'static str, values: &[(&str, T)]) -> Vec<(Labels, T)> {
    values
        .iter()
        .map(|(value, v)| (vec![(label, value.to_string())], *v))
        .collect()
}

/// One series per destination, `destination` the only label.
fn per_destination<T>(s: &Scraped, read: impl Fn(&ExportCounters) -> T) -> Vec<(Labels, T)> {
    s.dests
        .iter()
        .map(|d| (vec![("destination", d.name.clone())], read(&d.counters)))
        .collect()
}

/// Where requests come in: at the listeners, before the handoff (and the queue). What
/// senders were told.
const INGEST: &[Metric] = &[
    Metric {
        name: "requests",
        help: "OTLP export requests that reached a listener, by transport (at ingest).",
        read: Read::Counter(|s| {
            s.t.ingest
                .each()
                .iter()
                .map(|(t, c)| (vec![("transport", t.as_str().into())], n(&c.requests)))
                .collect()
        }),
    },
    Metric {
        name: "accepted_spans",
        help: "Spans acknowledged to their senders at ingest (with the queue on: once on disk), by transport: how much came in.",
        read: Read::Counter(|s| {
            s.t.ingest
                .each()
                .iter()
                .map(|(t, c)| (vec![("transport", t.as_str().into())], n(&c.accepted_spans)))
                .collect()
        }),
    },
    Metric {
        name: "refused_spans",
        help: "Spans of requests read at ingest and not taken, by transport and reason (malformed: rejected inside an acknowledged request, as its partial success says; the others: the whole request was told to retry). Requests refused before they were read count in requests_refused_total alone.",
        read: Read::Counter(|s| {
            let mut out = Vec::new();
            for (t, c) in s.t.ingest.each() {
                for (reason, v) in SPAN_REFUSALS.iter().zip(&c.refused_spans) {
                    out.push((
                        vec![("transport", t.as_str().into()), ("reason", reason.to_string())],
                        n(v),
                    ));
                }
            }
            out
        }),
    },
    Metric {
        name: "requests_refused",
        help: "Requests refused whole at ingest, by reason.",
        read: Read::Counter(|s| {
            let i = &s.t.ingest;
            let mut out = by(
                "reason",
                &[
                    ("malformed", i.total(|c| &c.refused_malformed)),
                    ("too_large", i.total(|c| &c.refused_too_large)),
                    ("unsupported_media_type", i.total(|c| &c.refused_media_type)),
                    ("timeout", i.total(|c| &c.refused_timeout)),
                    ("cancelled", i.total(|c| &c.refused_cancelled)),
                    ("unauthenticated", n(&i.refused_unauthenticated)),
                ],
            );
            for r in Refusal::ALL {
                let total = i.total(|c| &c.refused[r.index()]);
                out.push((vec![("reason", r.label().into())], total));
            }
            out
        }),
    },
    Metric {
        name: "tls_handshakes_failed",
        help: "Ingest connections closed because their TLS handshake failed or timed out.",
        read: Read::Counter(|s| one(n(&s.t.ingest.tls_handshakes_failed))),
    },
    Metric {
        name: "secret_reloads",
        help: "Reloads of the ingest TLS files and token file (SIGHUP or a changed file); failed: the previous ones stayed in use.",
        read: Read::Counter(|s| {
            let i = &s.t.ingest;
            [
                ("tls", "applied", &i.tls_reloads),
                ("tls", "failed", &i.tls_reload_failures),
                ("tokens", "applied", &i.token_reloads),
                ("tokens", "failed", &i.token_reload_failures),
            ]
            .iter()
            .map(|(secret, outcome, v)| {
                (
                    vec![("secret", secret.to_string()), ("outcome", outcome.to_string())],
                    n(v),
                )
            })
            .collect()
        }),
    },
    Metric {
        name: "connections_refused",
        help: "Connections closed at once: a listener's connection cap was reached with every open connection in use.",
        read: Read::Counter(|s| one(n(&s.t.ingest.connections_refused))),
    },
    Metric {
        name: "connections_closed",
        help: "Connections the receiver closed before they began a request: displaced at the connection cap, or past the first-request deadline.",
        read: Read::Counter(|s| {
            let i = &s.t.ingest;
            by(
                "reason",
                &[
                    ("displaced", n(&i.connections_displaced)),
                    ("no_request", n(&i.connections_timed_out)),
                ],
            )
        }),
    },
];

/// What the pipeline did: after the handoff and, with the queue on, after the queue.
const RECONCILE: &[Metric] = &[
    Metric {
        name: "spans_reconciled",
        help: "Spans the pipeline took in, every kind (after the handoff; with the queue on, as the queue hands them over, so behind accepted_spans_total while a backlog waits on disk).",
        read: Read::Counter(|s| one(s.r().spans_reconciled)),
    },
    Metric {
        name: "kernel_spans",
        help: "Kernel execution spans the pipeline took in.",
        read: Read::Counter(|s| one(s.r().kernel_spans)),
    },
    Metric {
        name: "undeclared_tier_spans",
        help: "Kernel spans whose resource declares no valid gpu.pc_sampling.tier.",
        read: Read::Counter(|s| one(s.r().undeclared_tier_spans)),
    },
    Metric {
        name: "kernel_spans_held",
        help: "Kernel spans held in the pipeline, waiting for evidence.",
        read: Read::Gauge(|s| one(s.p.held as f64)),
    },
    Metric {
        name: "kernel_spans_held_bytes",
        help: "Bytes the held kernel spans take (encoded size plus bookkeeping), bounded by reconcile.max_held_bytes.",
        read: Read::Gauge(|s| one(s.p.held_bytes as f64)),
    },
    Metric {
        name: "spans_released",
        help: "Held kernel spans released, by why.",
        read: Read::Counter(|s| {
            let r = s.r();
            by(
                "reason",
                &[
                    ("settled", r.released_settled),
                    ("deadline", r.released_deadline),
                    ("hold_full", r.released_early),
                    ("shutdown", r.released_shutdown),
                ],
            )
        }),
    },
    Metric {
        name: "windows",
        help: "Sampling windows in the store.",
        read: Read::Gauge(|s| {
            by(
                "state",
                &[("held", s.p.windows_held as f64), ("open", s.p.windows_open as f64)],
            )
        }),
    },
    Metric {
        name: "window_records",
        help: "Sampling-window records, by what became of them.",
        read: Read::Counter(|s| {
            let (st, r) = (s.s(), s.r());
            by(
                "outcome",
                &[
                    ("received", st.received),
                    ("superseded", st.superseded),
                    ("evicted", st.evicted),
                    ("refused_inverted", st.refused_inverted),
                    ("refused_process", st.refused_processes),
                    ("refused_malformed", r.window_records_malformed),
                    ("opaque_mode", st.opaque_mode),
                ],
            )
        }),
    },
    Metric {
        name: "window_spans",
        help: "Reconciled window spans, by state (evicted: not emitted, the store dropped the window).",
        read: Read::Counter(|s| {
            let r = s.r();
            by(
                "state",
                &[
                    ("closed", r.window_spans_closed),
                    ("unclosed", r.window_spans_unclosed),
                    ("evicted", r.window_spans_evicted),
                ],
            )
        }),
    },
    Metric {
        name: "processes_evicted",
        help: "Producers whose windows the store evicted (least recently used) to admit a new one.",
        read: Read::Counter(|s| one(s.s().processes_evicted)),
    },
    Metric {
        name: "unverifiable_false_stamps",
        help: "\"false\" stamps over evicted windows, exported as \"unknown\".",
        read: Read::Counter(|s| one(s.r().unverifiable)),
    },
    Metric {
        name: "kernel_executions_unrecorded",
        help: "Kernel executions the injectors report launched and never recorded by CUPTI (the gpu.kernel.unrecorded.count of gpu.kernels.unrecorded spans): with executions_total, every kernel a program launched.",
        read: Read::Counter(|s| one(s.r().kernel_executions_unrecorded)),
    },
    Metric {
        name: "graph_launch_spans",
        help: "gpu.graph.launch spans received (GPU_OTEL_GRAPH_RECORDS=launches: one per CUDA-graph replay, counted in executions_total as their gpu.graph.kernel_nodes), by whether that count was known.",
        read: Read::Counter(|s| {
            let r = s.r();
            by(
                "size",
                &[
                    (
                        "known",
                        r.graph_launch_spans - r.graph_launch_spans_unknown_size,
                    ),
                    ("unknown", r.graph_launch_spans_unknown_size),
                ],
            )
        }),
    },
    Metric {
        name: "executions",
        help: "Kernel executions classified (the sum of the three outcomes; a gpu.graph.launch span counts as its gpu.graph.kernel_nodes).",
        read: Read::Counter(|s| one(s.r().outcomes.executions)),
    },
    Metric {
        name: "execution_outcomes",
        help: "Kernel executions by exported gpu.serialized.",
        read: Read::Counter(|s| {
            let o = s.r().outcomes;
            by(
                "gpu_serialized",
                &[
                    ("true", o.serialized),
                    ("false", o.not_serialized),
                    ("unknown", o.unknown),
                ],
            )
        }),
    },
    Metric {
        name: "stamps_repaired",
        help: "Kernel spans whose stamp was missing or invalid and got the receiver's verdict.",
        read: Read::Counter(|s| {
            let r = s.r();
            by(
                "reason",
                &[
                    ("missing", r.repaired_missing),
                    ("invalid", r.repaired_invalid),
                    ("tier", r.repaired_tier),
                ],
            )
        }),
    },
    Metric {
        name: "conflicts",
        help: "\"false\" stamps contradicted by a serialized window (exported as \"true\").",
        read: Read::Counter(|s| one(s.r().conflicts)),
    },
    Metric {
        name: "agreements",
        help: "Valid stamps equal to the receiver's verdict.",
        read: Read::Counter(|s| one(s.r().agreements)),
    },
    Metric {
        name: "unknown_stamps_settled",
        help: "\"unknown\" stamps (the producer released them before their evidence came) that the receiver's windows settled.",
        read: Read::Counter(|s| one(s.r().settled_unknown_stamps)),
    },
    Metric {
        name: "unknown_executions",
        help: "Kernel executions exported \"unknown\", by the evidence that was missing.",
        read: Read::Counter(|s| {
            let r = s.r();
            semconv::UnknownReason::ALL
                .iter()
                .map(|reason| {
                    (
                        vec![("reason", reason.as_str().into())],
                        r.unknown_by_reason[reason.index()],
                    )
                })
                .collect()
        }),
    },
    Metric {
        name: "disagreements",
        help: "Valid stamps that differ from the verdict without contradicting it.",
        read: Read::Counter(|s| one(s.r().disagreements)),
    },
    Metric {
        name: "output_sampling_kernel_spans",
        help: "Kernel spans by output sampling decision: the rule that kept each, or sampled_out (all 0 while sampling is off).",
        read: Read::Counter(|s| {
            s.t.sampling
                .by_decision()
                .iter()
                .map(|(d, v)| (vec![("decision", d.as_str().into())], *v))
                .collect()
        }),
    },
];

/// The PC samples as profiles, on the way to export (all 0 while no profiles destination
/// or pprof directory is set).
const PROFILES: &[Metric] = &[
    Metric {
        name: "profiles",
        help: "OTLP Profiles made from PC-sample spans, one per process and drain period.",
        read: Read::Counter(|s| one(n(&s.t.profiles.profiles))),
    },
    Metric {
        name: "profile_samples",
        help: "PC samples put in profiles (kept), or left out by the byte bound export.profiles_max_bytes (dropped).",
        read: Read::Counter(|s| {
            let p = &s.t.profiles;
            by(
                "outcome",
                &[
                    ("kept", n(&p.samples_kept)),
                    ("dropped", n(&p.samples_dropped)),
                ],
            )
        }),
    },
    Metric {
        name: "pprof_files",
        help: "pprof files written to export.pprof_dir, or that could not be written.",
        read: Read::Counter(|s| {
            let p = &s.t.profiles;
            by(
                "outcome",
                &[
                    ("written", n(&p.pprof_written)),
                    ("failed", n(&p.pprof_failed)),
                ],
            )
        }),
    },
];

/// Whose pod each outgoing resource names (`kubernetes.pod_attributes`), on the way to
/// export.
const PODS: &[Metric] = &[
    Metric {
        name: "pod_attribution_resources",
        help: "Outgoing resources by whether their pod was named (kubernetes.pod_attributes): named (attributes added), complete (nothing to add), unknown_pod (a pod or container this node's pods do not include), no_identity (no k8s.pod.uid or container.id).",
        read: Read::Counter(|s| by("outcome", &s.t.pods.series())),
    },
    Metric {
        name: "pod_attribution_pods",
        help: "Pods of this node the receiver knows (deleted ones for two minutes after).",
        read: Read::Gauge(|s| one(s.t.pods.pods() as f64)),
    },
];

/// What left and what is lost, per destination (`destination`: its endpoint URL or file).
const EXPORT: &[Metric] = &[
    Metric {
        name: "spans_exported",
        help: "Spans delivered, per export destination: how much left (a span sent to two destinations counts once on each).",
        read: Read::Counter(|s| per_destination(s, |c| n(&c.exported_spans))),
    },
    Metric {
        name: "spans_dropped",
        help: "Spans lost, by reason: malformed in the pipeline (no destination), or per destination on export: how much was lost.",
        read: Read::Counter(|s| {
            let mut lost = vec![(vec![("reason", "malformed".into())], s.r().spans_rejected)];
            for d in &s.dests {
                for (reason, v) in d.counters.dropped() {
                    lost.push((
                        vec![("destination", d.name.clone()), ("reason", reason.into())],
                        v,
                    ));
                }
            }
            lost
        }),
    },
    Metric {
        name: "export_queue_spans",
        help: "Spans waiting for export or in flight, per destination: how much is waiting in memory.",
        read: Read::Gauge(|s| per_destination(s, |c| n(&c.queued_spans) as f64)),
    },
    Metric {
        name: "export_queue_bytes",
        help: "Encoded bytes waiting for export, per destination.",
        read: Read::Gauge(|s| per_destination(s, |c| n(&c.queued_bytes) as f64)),
    },
    Metric {
        name: "export_batches",
        help: "Batches delivered, per destination.",
        read: Read::Counter(|s| per_destination(s, |c| n(&c.batches))),
    },
    Metric {
        name: "export_retries",
        help: "Export attempts retried, per destination.",
        read: Read::Counter(|s| per_destination(s, |c| n(&c.retries))),
    },
    Metric {
        name: "export_batches_split",
        help: "Batches split in halves after the destination refused them as too large.",
        read: Read::Counter(|s| per_destination(s, |c| n(&c.splits))),
    },
    Metric {
        name: "export_consecutive_failures",
        help: "Export attempts failed since the destination's last delivery (0 while it delivers).",
        read: Read::Gauge(|s| per_destination(s, |c| c.health().consecutive_failures() as f64)),
    },
    Metric {
        name: "export_last_success_timestamp_seconds",
        help: "When the destination last took a batch, Unix seconds (0: not yet).",
        read: Read::Gauge(|s| {
            per_destination(s, |c| c.health().last_success().map_or(0.0, |t| t as f64 / 1e9))
        }),
    },
    Metric {
        name: "profile_requests",
        help: "OTLP Profiles requests (one per process and PC-sampling drain period), delivered or dropped, per destination.",
        read: Read::Counter(|s| {
            let mut out = Vec::new();
            for d in &s.dests {
                for (outcome, v) in [
                    ("exported", &d.counters.profile_requests_exported),
                    ("dropped", &d.counters.profile_requests_dropped),
                ] {
                    out.push((
                        vec![("destination", d.name.clone()), ("outcome", outcome.into())],
                        n(v),
                    ));
                }
            }
            out
        }),
    },
    Metric {
        name: "kernel_metric_requests",
        help: "Kernel metrics requests (one per interval), delivered or dropped, per destination.",
        read: Read::Counter(|s| {
            let mut out = Vec::new();
            for d in &s.dests {
                for (outcome, v) in [
                    ("exported", &d.counters.metric_requests_exported),
                    ("dropped", &d.counters.metric_requests_dropped),
                ] {
                    out.push((
                        vec![("destination", d.name.clone()), ("outcome", outcome.into())],
                        n(v),
                    ));
                }
            }
            out
        }),
    },
];

/// The persistent queue: accepted requests on disk until every destination has them
/// (all 0 when it is off).
const QUEUE: &[Metric] = &[
    Metric {
        name: "queue_max_bytes",
        help: "Byte budget of the persistent queue (0: the queue is off).",
        read: Read::Gauge(|s| one(n(&s.q().max_bytes) as f64)),
    },
    Metric {
        name: "queue_bytes",
        help: "Bytes of accepted requests on disk, not yet delivered everywhere: how much is waiting on disk.",
        read: Read::Gauge(|s| one(n(&s.q().bytes) as f64)),
    },
    Metric {
        name: "queue_requests",
        help: "Accepted requests on disk, not yet delivered everywhere.",
        read: Read::Gauge(|s| one(n(&s.q().requests) as f64)),
    },
    Metric {
        name: "queue_spans",
        help: "Spans the requests on disk become (their spans, and one window span per window record), not yet delivered everywhere.",
        read: Read::Gauge(|s| one(n(&s.q().spans) as f64)),
    },
    Metric {
        name: "queue_evidence_windows",
        help: "Window records kept on disk as long as the window store holds them.",
        read: Read::Gauge(|s| one(n(&s.q().evidence_rows) as f64)),
    },
    Metric {
        name: "queue_replayed_requests",
        help: "Requests found on disk at startup and replayed through the reconciler.",
        read: Read::Counter(|s| one(n(&s.q().replayed_requests))),
    },
    Metric {
        name: "queue_restored_windows",
        help: "Window records restored into the window store at startup (evidence only).",
        read: Read::Counter(|s| one(n(&s.q().evidence_restored))),
    },
    Metric {
        name: "queue_duplicates_possible",
        help: "Most spans the replay at startup exports again (spans and window records of the requests found on disk): a bound on the duplicates the restart causes.",
        read: Read::Counter(|s| one(n(&s.q().duplicates_possible))),
    },
    Metric {
        name: "queue_refused_full",
        help: "Requests refused (retry later) because the queue held its byte budget.",
        read: Read::Counter(|s| one(n(&s.q().refused_full))),
    },
    Metric {
        name: "queue_database_commits",
        help: "Queue database commits (deletions and evidence), each made durable with one fsync.",
        read: Read::Counter(|s| one(n(&s.q().database_commits))),
    },
    Metric {
        name: "queue_database_commit_microseconds",
        help: "Time spent in queue database commits, microseconds.",
        read: Read::Counter(|s| one(n(&s.q().database_commit_ns) / 1_000)),
    },
    Metric {
        name: "queue_commit_seconds",
        help: "Queue appends committed (each one segment write made durable with one fsync) and how long each took: what an acknowledgement waits for, besides the group window.",
        read: Read::Histogram(|s| &s.t.queue.commit_seconds.0),
    },
    Metric {
        name: "queue_commit_failures",
        help: "Queue commits that failed (appends, whose requests were refused; database commits, tried again).",
        read: Read::Counter(|s| one(n(&s.q().commit_failures))),
    },
    Metric {
        name: "queue_written_bytes",
        help: "Bytes the queue's committed appends wrote to its segment files (request bodies as stored and their record headers), each made durable by its append's fsync: what the disk takes, per span with accepted_spans_total.",
        read: Read::Counter(|s| one(n(&s.q().written_bytes))),
    },
    Metric {
        name: "queue_read_back_requests",
        help: "Requests read back from disk because the pipeline was behind when they were committed (or at startup).",
        read: Read::Counter(|s| one(n(&s.q().read_back))),
    },
    Metric {
        name: "queue_quarantined_requests",
        help: "Queued requests that could not be processed within the memory bound (over a per-request limit, larger decoded than ingest.max_pending_bytes) or did not decode: kept as stored in queue.dir/quarantine-<number>.<encoding> (.pb, .json, .pb.gzip, ...), deleted from the queue, never replayed.",
        read: Read::Counter(|s| one(n(&s.q().quarantined))),
    },
];

/// Every table, in the order `/metrics` lists them.
const TABLES: [&[Metric]; 6] = [INGEST, RECONCILE, PROFILES, PODS, EXPORT, QUEUE];

#[derive(Debug)]
struct Scrape(Arc<Telemetry>);

fn encode(enc: &mut DescriptorEncoder, m: &Metric, s: &Scraped) -> Result<(), std::fmt::Error> {
    let name = format!("{PREFIX}{}", m.name);
    match &m.read {
        Read::Counter(read) => {
            let mut family =
                enc.encode_descriptor(&name, m.help, None, ConstCounter::new(0u64).metric_type())?;
            for (labels, v) in read(s) {
                ConstCounter::new(v).encode(family.encode_family(&labels)?)?;
            }
        }
        Read::Gauge(read) => {
            let mut family =
                enc.encode_descriptor(&name, m.help, None, ConstGauge::new(0f64).metric_type())?;
            for (labels, v) in read(s) {
                ConstGauge::new(v).encode(family.encode_family(&labels)?)?;
            }
        }
        Read::Histogram(read) => {
            let h = read(s);
            h.encode(enc.encode_descriptor(&name, m.help, None, h.metric_type())?)?;
        }
    }
    Ok(())
}

impl Collector for Scrape {
    fn encode(&self, mut enc: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let t = &self.0;
        let s = Scraped {
            t,
            p: t.snapshot(),
            dests: t.export.destinations(),
        };
        for m in TABLES.iter().flat_map(|t| t.iter()) {
            encode(&mut enc, m, &s)?;
        }
        Ok(())
    }
}

/// Renders the registry in the Prometheus text format.
pub fn render(registry: &Registry) -> String {
    let mut out = String::new();
    prometheus_client::encoding::text::encode(&mut out, registry).expect("writing to a String");
    out
}

/// Every metric's full name as it is scraped (`_total` on counters) and its help text.
pub fn catalogue() -> Vec<(String, &'static str)> {
    TABLES
        .iter()
        .flat_map(|t| t.iter())
        .map(|m| {
            let suffix = if matches!(m.read, Read::Counter(_)) {
                "_total"
            } else {
                ""
            };
            (format!("{PREFIX}{}{suffix}", m.name), m.help)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_metric_has_one_name_and_a_help_text_and_the_docs_list_it() {
        let docs =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/receiver.md"))
                .unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for (name, help) in catalogue() {
            assert!(seen.insert(name.clone()), "{name} twice");
            assert!(help.ends_with('.') && help.len() > 20, "{name}: {help:?}");
            let short = name.strip_prefix(PREFIX).unwrap();
            assert!(
                docs.contains(&format!("`{short}")),
                "docs/receiver.md does not list {short}"
            );
        }
    }

    #[test]
    fn a_scrape_lists_every_table_row_once_with_its_help() {
        let t = Arc::new(Telemetry::default());
        t.ingest.grpc.accepted(10, 2);
        t.ingest.http.refused(Refusal::QueueFull, 7);
        let text = render(&t.registry());
        for (name, help) in catalogue() {
            let family = name.strip_suffix("_total").unwrap_or(&name);
            assert!(
                text.contains(&format!("# HELP {family} {help}")),
                "{name} is not scraped with its help"
            );
        }
        for series in [
            "gpu_otel_receiver_accepted_spans_total{transport=\"grpc\"} 8",
            "gpu_otel_receiver_refused_spans_total{transport=\"grpc\",reason=\"malformed\"} 2",
            "gpu_otel_receiver_refused_spans_total{transport=\"http\",reason=\"queue_full\"} 7",
            "gpu_otel_receiver_requests_refused_total{reason=\"queue_full\"} 1",
        ] {
            assert!(text.contains(series), "{series} missing in\n{text}");
        }
    }
}
