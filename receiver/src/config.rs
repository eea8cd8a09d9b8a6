//! Configuration: a YAML file (unknown fields rejected), the standard
//! `OTEL_EXPORTER_OTLP_*` variables for the export side (read by the export client's
//! own reader, `otlp_client::env`, the injector's too), and CLI flags.
//! Precedence: CLI > environment > file > defaults. Every default is a named constant.
//! A bad value is an error naming the parameter; nothing is clamped.
//!
//! The environment is read here and nowhere else.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use otlp_client::EnvSettings;
pub use otlp_client::{Compression, Protocol};

use crate::reconcile::{MAX_HELD_BYTES_DEFAULT, MAX_HELD_SPANS_DEFAULT, RECONCILE_DELAY_DEFAULT};
use crate::secret::Secret;
use semconv::store::{MAX_PROCESSES_DEFAULT, MAX_WINDOWS_PER_PROCESS_DEFAULT};

/// Default OTLP/gRPC listen address.
pub const GRPC_ENDPOINT_DEFAULT: &str = "127.0.0.1:4317";
/// Default OTLP/HTTP listen address.
pub const HTTP_ENDPOINT_DEFAULT: &str = "127.0.0.1:4318";
/// Default Prometheus `/metrics`, `/livez`, `/readyz` and `/healthz` listen address.
pub const METRICS_ENDPOINT_DEFAULT: &str = "127.0.0.1:9464";
/// Default `export.profiles_max_bytes`: 1 MiB, about 15,000 (PC, stall) pairs.
pub const PROFILES_MAX_BYTES_DEFAULT: usize = 1 << 20;
/// The variable that sets `export.profiles_endpoint`.
pub const PROFILES_ENDPOINT_ENV: &str = "OTEL_EXPORTER_OTLP_PROFILES_ENDPOINT";
/// Default time a destination's exports may fail without a delivery before `/healthz`
/// reports it: six retries at the largest backoff, longer than a backend's restart.
pub const UNHEALTHY_AFTER_DEFAULT: Duration = Duration::from_secs(30);
/// Default largest request accepted, after decompression (the Collector's default).
pub const MAX_REQUEST_BYTES_DEFAULT: usize = 4 * 1024 * 1024;
/// Default requests waiting for the pipeline.
pub const INGEST_QUEUE_CAPACITY_DEFAULT: usize = 256;
/// Default time a request may wait for room in the pipeline before "try later".
pub const ENQUEUE_TIMEOUT_DEFAULT: Duration = Duration::from_millis(500);
/// Wire bytes of requests admitted but not yet taken by the pipeline: 16 requests of the
/// largest size; decoded they take about six times as much (~400 MB).
pub const MAX_PENDING_BYTES_DEFAULT: usize = 64 * 1024 * 1024;
/// How long an HTTP client may take to send a request's headers.
pub const HTTP_HEADER_TIMEOUT_DEFAULT: Duration = Duration::from_secs(10);
/// How long an HTTP client may take to send a request's body.
pub const HTTP_BODY_TIMEOUT_DEFAULT: Duration = Duration::from_secs(30);
/// Open OTLP/HTTP connections; past it new ones take the place of strangers or are
/// closed at once.
pub const HTTP_MAX_CONNECTIONS_DEFAULT: usize = 1024;
/// Open OTLP/gRPC connections (an injector keeps one per batch in flight, 4 by default;
/// ~33 KB each while idle).
pub const GRPC_MAX_CONNECTIONS_DEFAULT: usize = 1024;
/// How long a connection to an OTLP listener may stay open before it begins a request
/// (TLS handshake included), as long as a client may take to send its headers.
pub const FIRST_REQUEST_TIMEOUT_DEFAULT: Duration = Duration::from_secs(10);
/// Requests in flight at once on one gRPC connection (`SETTINGS_MAX_CONCURRENT_STREAMS`):
/// an exporter's concurrent exports, with room.
pub const GRPC_MAX_CONCURRENT_STREAMS_DEFAULT: u32 = 32;
/// How often an idle gRPC connection is pinged, and how long the answer may take before
/// the connection is closed: a peer that vanished stops holding a connection.
pub const GRPC_KEEPALIVE_INTERVAL_DEFAULT: Duration = Duration::from_secs(30);
/// See [`GRPC_KEEPALIVE_INTERVAL_DEFAULT`].
pub const GRPC_KEEPALIVE_TIMEOUT_DEFAULT: Duration = Duration::from_secs(10);
/// How long a gRPC connection lives before the receiver asks the client to reconnect
/// (GOAWAY), and how long its requests in flight then have to finish.
pub const GRPC_MAX_CONNECTION_AGE_DEFAULT: Duration = Duration::from_secs(30 * 60);
/// See [`GRPC_MAX_CONNECTION_AGE_DEFAULT`].
pub const GRPC_MAX_CONNECTION_AGE_GRACE_DEFAULT: Duration = Duration::from_secs(30);
/// How long one gRPC request may take to arrive and be answered, as `http_body_timeout`.
pub const GRPC_REQUEST_TIMEOUT_DEFAULT: Duration = Duration::from_secs(30);
/// `ResourceSpans` entries in one request (a Collector batch of a node's processes).
pub const MAX_RESOURCES_PER_REQUEST_DEFAULT: usize = 1024;
/// `ScopeSpans` entries in one request.
pub const MAX_SCOPES_PER_REQUEST_DEFAULT: usize = 4096;
/// Spans in one request: 4 MiB of GPU-shaped spans is ~7,600; of the smallest valid
/// spans, ~80,000. A body of empty spans is 1.4 million.
pub const MAX_SPANS_PER_REQUEST_DEFAULT: usize = 100_000;
/// Resource and scope attribute values in one request (each attribute is two: its
/// key-value and its value).
pub const MAX_ATTRIBUTES_PER_REQUEST_DEFAULT: usize = 65_536;
/// Open connections to `/metrics` (scrapers and probes).
pub const METRICS_MAX_CONNECTIONS_DEFAULT: usize = 64;
/// How long a client may take to complete its TLS handshake on an ingest listener.
pub const TLS_HANDSHAKE_TIMEOUT_DEFAULT: Duration = Duration::from_secs(10);
/// Default file of the embedded sink, used when no export endpoint is configured.
pub const EXPORT_FILE_DEFAULT: &str = "gpu-otel-traces.jsonl";
/// Default time one export attempt may take.
pub const EXPORT_TIMEOUT_DEFAULT: Duration = Duration::from_secs(10);
/// Default spans per export batch.
pub const BATCH_MAX_SPANS_DEFAULT: usize = 4096;
/// Default time a batch waits to fill.
pub const BATCH_TIMEOUT_DEFAULT: Duration = Duration::from_millis(200);
/// Default largest encoded batch: well under the 4 MiB gRPC message limit of the
/// Collector, Jaeger and Tempo, and small enough that encoding and compressing one batch
/// (done in one piece on a runtime worker) never delays the answers to senders for long:
/// on one H200 core at 50k spans/s, 512 KiB batches gave ack p99 2.8 ms against 17.7 ms
/// with 3 MiB, at the same CPU per span.
pub const BATCH_MAX_BYTES_DEFAULT: usize = 512 * 1024;
/// Default requests waiting for export, per destination.
pub const EXPORT_QUEUE_CAPACITY_DEFAULT: usize = 64;
/// Default batches in flight at once, per network destination: one at a time leaves
/// the link idle while each batch is encoded, sent and decoded by the backend.
pub const EXPORT_CONCURRENCY_DEFAULT: usize = 8;
/// Default encoded bytes waiting for export, per destination: about 20 full batches,
/// a few seconds of a busy producer, bounded memory per dead mirror.
pub const EXPORT_QUEUE_MAX_BYTES_DEFAULT: usize = 64 * 1024 * 1024;
/// Default first retry delay.
pub const RETRY_INITIAL_BACKOFF_DEFAULT: Duration = Duration::from_millis(100);
/// Default largest retry delay.
pub const RETRY_MAX_BACKOFF_DEFAULT: Duration = Duration::from_secs(5);
/// Default deadline for the whole shutdown.
pub const SHUTDOWN_TIMEOUT_DEFAULT: Duration = Duration::from_secs(10);
/// Default byte budget of the persistent queue: requests on disk, as received.
pub const QUEUE_MAX_BYTES_DEFAULT: u64 = 1 << 30;
/// Default least time between two group commits' starts: none, so a commit starts as
/// soon as the one before it ends, with what arrived meanwhile (on the H200 host at 32
/// connections, 2 ms passed 13% fewer spans at saturation and answered later at 500k
/// spans/s; docs/measurements/persistent-queue.md).
pub const QUEUE_GROUP_WINDOW_DEFAULT: Duration = Duration::ZERO;
/// Longest group window allowed: an acknowledgement may wait for it.
pub const QUEUE_GROUP_WINDOW_MAX: Duration = Duration::from_millis(100);
/// Default size at which a queue segment file takes no more appends.
pub const QUEUE_SEGMENT_BYTES_DEFAULT: u64 = 64 << 20;
/// Smallest and largest segment size allowed.
pub const QUEUE_SEGMENT_BYTES_MIN: u64 = 64 << 10;
pub const QUEUE_SEGMENT_BYTES_MAX: u64 = 1 << 30;
/// Default compression of what the queue stores: zstd at level 1. Only this receiver
/// reads it back, so no peer's support decides; it writes ~25x fewer bytes than a
/// GPU-shaped request's protobuf for about a tenth of the CPU the request costs
/// (docs/measurements/persistent-queue.md).
pub const QUEUE_COMPRESSION_DEFAULT: Compression = Compression::Zstd;
/// Default time deletions and evidence gather before the queue's database commits them.
pub const QUEUE_DATABASE_INTERVAL_DEFAULT: Duration = Duration::from_millis(100);
/// Longest database interval allowed: a crash re-delivers what was settled within it.
pub const QUEUE_DATABASE_INTERVAL_MAX: Duration = Duration::from_secs(10);

/// Default export compression: gzip. A kernel span is ~550 bytes of OTLP protobuf and
/// ~27 gzipped in the receiver's 512 KiB batches (H200 captures), so a node at 500k
/// spans/s sends ~14 MB/s instead of ~280 MB/s, for ~1 µs of receiver CPU per span;
/// zstd is smaller still and cheaper, but not every OTLP backend takes it (Phoenix and
/// rotel-agent do not), and a backend that refuses the encoding loses the batch. Measured:
/// docs/measurements/output-bytes.md.
pub const COMPRESSION_DEFAULT: Compression = Compression::Gzip;

/// Default interval of the kernel metrics (one delta request per destination each).
pub const METRICS_INTERVAL_DEFAULT: Duration = Duration::from_secs(10);
/// Default kernel names per process and interval with series of their own.
pub const METRICS_TOP_NAMES_DEFAULT: usize = 20;

/// A configuration value that cannot be used. Each message names the parameter, and,
/// once [`ConfigError::located`], its value and where it was set; and what to do where
/// that is clear. Every cause is said once: an error that quotes its cause does not
/// also chain it.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// One parameter is invalid.
    #[error(
        "invalid {name}{}{}: {reason}{}",
        value.as_ref().map(|v| format!(" {v}")).unwrap_or_default(),
        origin.as_ref().map(|o| format!(" ({o})")).unwrap_or_default(),
        fix.as_ref().map(|f| format!("; {f}")).unwrap_or_default()
    )]
    InvalidParameter {
        /// The parameter, as written in the file (`export.timeout`) or the variable name.
        name: String,
        /// Why.
        reason: String,
        /// Its value, as `validate` prints it (secrets redacted); None when not known.
        value: Option<String>,
        /// Where it was set; None when not known.
        origin: Option<Source>,
        /// What to do, when that is clear.
        fix: Option<String>,
    },
    /// The file could not be read.
    #[error("cannot read the configuration file {} (--config): {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        error: std::io::Error,
    },
    /// The file is not valid YAML for this schema.
    #[error("invalid configuration file {}: {error}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// What the parser said (names the field, the line and the column).
        error: serde_norway::Error,
    },
}

fn invalid(name: &str, reason: impl Into<String>) -> ConfigError {
    ConfigError::InvalidParameter {
        name: name.to_string(),
        reason: reason.into(),
        value: None,
        origin: None,
        fix: None,
    }
}

/// An invalid parameter with what to do about it.
pub(crate) fn invalid_with_fix(
    name: &str,
    reason: impl Into<String>,
    fix: impl Into<String>,
) -> ConfigError {
    match invalid(name, reason) {
        ConfigError::InvalidParameter {
            name,
            reason,
            value,
            origin,
            ..
        } => ConfigError::InvalidParameter {
            name,
            reason,
            value,
            origin,
            fix: Some(fix.into()),
        },
        other => other,
    }
}

impl ConfigError {
    /// The error with the parameter's value in `config` and where `sources` say it was
    /// set.
    pub fn located(self, config: &Config, sources: &Sources) -> ConfigError {
        match self {
            ConfigError::InvalidParameter {
                name,
                reason,
                value,
                origin,
                fix,
            } => ConfigError::InvalidParameter {
                value: value.or_else(|| config.shown(&name)),
                origin: origin.or_else(|| sources.of(&name)),
                name,
                reason,
                fix,
            },
            other => other,
        }
    }
}

/// Where a parameter's value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Nobody set it.
    Default,
    /// The configuration file.
    File(PathBuf),
    /// An environment variable.
    Env(&'static str),
    /// A command-line flag.
    Flag(&'static str),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Default => write!(f, "the default"),
            Source::File(p) => write!(f, "set in {}", p.display()),
            Source::Env(v) => write!(f, "set by {v}"),
            Source::Flag(flag) => write!(f, "set by {flag}"),
        }
    }
}

/// Where each parameter was set, by its name as written in the file (`ingest.tls`,
/// `ingest.tls.cert_file`). Once the layers were read ([`Config::load`]) an unlisted
/// parameter is a default; `Sources::default()` knows nothing (a configuration built
/// in code), and its messages name no origin.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sources {
    given: BTreeMap<String, Source>,
    /// Whether every layer was recorded, so that an unlisted parameter is a default.
    complete: bool,
}

impl Sources {
    /// `param` was set by `source` (a later layer wins).
    pub fn set(&mut self, param: &str, source: Source) {
        self.given.insert(param.to_string(), source);
    }

    /// Where `param` was set: its own entry, else its section's (`ingest.tls` for
    /// `ingest.tls.cert_file`), else the default when every layer was recorded.
    pub fn of(&self, param: &str) -> Option<Source> {
        let mut key = param;
        loop {
            if let Some(s) = self.given.get(key) {
                return Some(s.clone());
            }
            match key.rsplit_once('.') {
                Some((parent, _)) => key = parent,
                None => return self.complete.then_some(Source::Default),
            }
        }
    }

    /// Every parameter `yaml` sets, as set in `file`.
    fn of_file(yaml: &serde_norway::Value, file: &std::path::Path) -> Sources {
        fn walk(v: &serde_norway::Value, at: &str, file: &std::path::Path, out: &mut Sources) {
            if let serde_norway::Value::Mapping(m) = v {
                for (k, v) in m {
                    if let Some(k) = k.as_str() {
                        let path = if at.is_empty() {
                            k.to_string()
                        } else {
                            format!("{at}.{k}")
                        };
                        out.set(&path, Source::File(file.to_path_buf()));
                        walk(v, &path, file, out);
                    }
                }
            }
        }
        let mut out = Sources::default();
        walk(yaml, "", file, &mut out);
        out
    }

    fn merge(&mut self, later: Sources) {
        self.given.extend(later.given);
    }
}

/// The command-line flag of each parameter that has one (`serve` and `validate`).
pub const FLAGS: &[(&str, &str)] = &[
    ("ingest.grpc_endpoint", "--grpc-endpoint"),
    ("ingest.http_endpoint", "--http-endpoint"),
    ("telemetry.metrics_endpoint", "--metrics-endpoint"),
    ("export.endpoint", "--export-endpoint"),
    ("export.protocol", "--export-protocol"),
    ("export.mirrors", "--export-mirror"),
    ("export.file", "--export-file"),
    ("reconcile.delay", "--reconcile-delay"),
    ("queue.dir", "--queue-dir"),
];

/// The flag that sets `param`, if one does.
pub fn flag_of(param: &str) -> Option<&'static str> {
    FLAGS.iter().find(|(p, _)| *p == param).map(|(_, f)| *f)
}

/// The variables that set each export parameter, the one that wins first.
const ENV_PARAMS: &[(&str, &[&str])] = {
    use otlp_client::env::*;
    &[
        ("export.endpoint", &[ENDPOINT]),
        ("export.traces_endpoint", &[TRACES_ENDPOINT]),
        ("export.protocol", &[TRACES_PROTOCOL, PROTOCOL]),
        ("export.metrics_endpoint", &[METRICS_ENDPOINT]),
        ("export.metrics_protocol", &[METRICS_PROTOCOL]),
        ("export.headers", &[TRACES_HEADERS, HEADERS]),
        ("export.compression", &[TRACES_COMPRESSION, COMPRESSION]),
        ("export.timeout", &[TRACES_TIMEOUT, TIMEOUT]),
        ("export.tls.ca_file", &[TRACES_CERTIFICATE, CERTIFICATE]),
        (
            "export.tls.cert_file",
            &[TRACES_CLIENT_CERTIFICATE, CLIENT_CERTIFICATE],
        ),
        ("export.tls.key_file", &[TRACES_CLIENT_KEY, CLIENT_KEY]),
        ("export.tls.insecure", &[TRACES_INSECURE, INSECURE]),
    ]
};

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Where and how OTLP is received.
    pub ingest: IngestConfig,
    /// How windows and kernel spans are reconciled.
    pub reconcile: ReconcileSection,
    /// Where everything goes.
    pub export: ExportConfig,
    /// Self-telemetry.
    pub telemetry: TelemetryConfig,
    /// The persistent queue (off unless `queue.dir` is set).
    pub queue: QueueConfig,
    /// Kernel metrics from every kernel span that leaves.
    pub metrics: MetricsConfig,
    /// Output sampling of kernel spans (off: every span leaves).
    pub sampling: SamplingConfig,
    /// Kubernetes: the pod of every span, from the node's pods (off by default).
    pub kubernetes: crate::k8s::KubernetesConfig,
    /// Deadline for stopping ingest, releasing held spans and flushing exports.
    #[serde(with = "humantime_serde")]
    pub shutdown_timeout: Duration,
}

/// Ingest settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct IngestConfig {
    /// OTLP/gRPC listen address.
    pub grpc_endpoint: SocketAddr,
    /// OTLP/HTTP listen address.
    pub http_endpoint: SocketAddr,
    /// Largest request accepted, in bytes, after decompression.
    pub max_request_bytes: usize,
    /// Requests waiting for the pipeline.
    pub queue_capacity: usize,
    /// How long a request may wait for room before the sender is told to retry.
    #[serde(with = "humantime_serde")]
    pub enqueue_timeout: Duration,
    /// Memory of admitted requests the pipeline has not taken yet: their bytes as they
    /// arrive, then what decoding them takes (charged before it does); past it requests
    /// are told to retry later.
    pub max_pending_bytes: usize,
    /// `ResourceSpans` entries in one request; more: refused whole.
    pub max_resources_per_request: usize,
    /// `ScopeSpans` entries in one request; more: refused whole.
    pub max_scopes_per_request: usize,
    /// Spans in one request; more: refused whole.
    pub max_spans_per_request: usize,
    /// Resource and scope attribute values in one request; more: refused whole.
    pub max_attributes_per_request: usize,
    /// How long an HTTP client may take to send a request's headers.
    #[serde(with = "humantime_serde")]
    pub http_header_timeout: Duration,
    /// How long an HTTP client may take to send a request's body.
    #[serde(with = "humantime_serde")]
    pub http_body_timeout: Duration,
    /// Open OTLP/HTTP connections; past it a new one takes the place of the oldest
    /// that has begun no request, or is closed at once.
    pub http_max_connections: usize,
    /// Open OTLP/gRPC connections, as `http_max_connections`.
    pub grpc_max_connections: usize,
    /// How long a connection may stay open before it begins a request.
    #[serde(with = "humantime_serde")]
    pub first_request_timeout: Duration,
    /// Requests in flight at once on one gRPC connection.
    pub grpc_max_concurrent_streams: u32,
    /// How often an idle gRPC connection is pinged.
    #[serde(with = "humantime_serde")]
    pub grpc_keepalive_interval: Duration,
    /// How long a ping's answer may take before the connection is closed.
    #[serde(with = "humantime_serde")]
    pub grpc_keepalive_timeout: Duration,
    /// How long a gRPC connection lives before the client is asked to reconnect.
    #[serde(with = "humantime_serde")]
    pub grpc_max_connection_age: Duration,
    /// How long requests in flight then have to finish.
    #[serde(with = "humantime_serde")]
    pub grpc_max_connection_age_grace: Duration,
    /// How long one gRPC request may take to arrive and be answered.
    #[serde(with = "humantime_serde")]
    pub grpc_request_timeout: Duration,
    /// TLS on both OTLP listeners (none: plain text).
    pub tls: Option<IngestTlsConfig>,
    /// Bearer-token authentication of every request (none: anyone who connects).
    pub auth: Option<IngestAuthConfig>,
}

/// TLS of the OTLP listeners. The files are read at start and again on SIGHUP or when
/// they change; a file that does not load then leaves the previous ones in use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IngestTlsConfig {
    /// PEM certificate chain, the receiver's certificate first.
    pub cert_file: PathBuf,
    /// PEM private key of that certificate (PKCS#8, PKCS#1 or SEC1).
    pub key_file: PathBuf,
    /// PEM CA certificates that sign client certificates; when set, a client without a
    /// valid certificate is refused during the handshake (mutual TLS).
    #[serde(default)]
    pub client_ca_file: Option<PathBuf>,
    /// How long a client may take to complete its handshake.
    #[serde(with = "humantime_serde", default = "tls_handshake_timeout_default")]
    pub handshake_timeout: Duration,
}

fn tls_handshake_timeout_default() -> Duration {
    TLS_HANDSHAKE_TIMEOUT_DEFAULT
}

/// Bearer-token authentication of the OTLP listeners, as the Collector's
/// `bearertokenauth`: `Authorization: Bearer <token>` (HTTP) or the `authorization`
/// metadata (gRPC) must carry one of the file's tokens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IngestAuthConfig {
    /// File of accepted tokens, one per line (`#` starts a comment line). Read at start
    /// and again on SIGHUP or when it changes; its contents are never printed.
    pub token_file: PathBuf,
}

/// Reconcile settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ReconcileSection {
    /// How long a serialized-tier kernel span waits for the windows that settle it.
    #[serde(with = "humantime_serde")]
    pub delay: Duration,
    /// Kernel spans held at once.
    pub max_held_spans: usize,
    /// Bytes the held kernel spans take at once (encoded size plus bookkeeping).
    pub max_held_bytes: usize,
    /// Windows kept per producer.
    pub max_windows_per_process: usize,
    /// Producers tracked.
    pub max_processes: usize,
}

/// TLS settings of the export connection.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TlsConfig {
    /// PEM file of the CA that signs the backend's certificate, alone (else the system's
    /// roots, and Mozilla's).
    pub ca_file: Option<PathBuf>,
    /// PEM certificate chain presented to the backend (mutual TLS), with `key_file`.
    pub cert_file: Option<PathBuf>,
    /// PEM private key of `cert_file`.
    pub key_file: Option<PathBuf>,
    /// Plain-text gRPC even for an endpoint without a scheme (OTEL_EXPORTER_OTLP_INSECURE).
    pub insecure: bool,
}

/// Retry settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RetryConfig {
    /// First delay.
    #[serde(with = "humantime_serde")]
    pub initial_backoff: Duration,
    /// Largest delay (a server's Retry-After may ask for more).
    #[serde(with = "humantime_serde")]
    pub max_backoff: Duration,
    /// Total time a batch is retried before it is dropped and counted. Unset (the
    /// default): retried until delivered, however long the outage; memory stays bounded
    /// by the export queue's bytes, and senders are told to retry later once it is full.
    /// Not allowed with the persistent queue, whose requests are acknowledged as durable.
    #[serde(with = "humantime_serde", skip_serializing_if = "Option::is_none")]
    pub max_elapsed: Option<Duration>,
}

/// Export settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ExportConfig {
    /// Base URL of the OTLP backend (`/v1/traces` is appended for HTTP). None: the file
    /// sink. Shown (`validate`, logs, the `destination` label) without its userinfo and
    /// query, as every URL here.
    #[serde(serialize_with = "shown_url")]
    pub endpoint: Option<String>,
    /// Full URL for traces, used as is (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT).
    #[serde(serialize_with = "shown_url")]
    pub traces_endpoint: Option<String>,
    /// Protocol.
    pub protocol: Protocol,
    /// Where the kernel metrics go instead of beside the spans: the full URL, used as
    /// is (OTEL_EXPORTER_OTLP_METRICS_ENDPOINT), e.g. Prometheus's OTLP receiver
    /// `http://prometheus:9090/api/v1/otlp/v1/metrics`. None: to every span destination.
    #[serde(serialize_with = "shown_url")]
    pub metrics_endpoint: Option<String>,
    /// The metrics destination's protocol (OTEL_EXPORTER_OTLP_METRICS_PROTOCOL); None:
    /// `protocol`. Prometheus takes `http/protobuf` only.
    pub metrics_protocol: Option<Protocol>,
    /// Headers (or gRPC metadata) sent with every export; their values are never
    /// printed.
    pub headers: BTreeMap<String, Secret>,
    /// Compression of what is exported ([`COMPRESSION_DEFAULT`]).
    pub compression: Compression,
    /// Time one attempt may take.
    #[serde(with = "humantime_serde")]
    pub timeout: Duration,
    /// TLS.
    pub tls: TlsConfig,
    /// The embedded sink's file: one OTLP-JSON export request per line.
    pub file: PathBuf,
    /// Spans per batch.
    pub batch_max_spans: usize,
    /// Largest batch, protobuf-encoded; a larger request is split.
    pub batch_max_bytes: usize,
    /// Time a batch waits to fill.
    #[serde(with = "humantime_serde")]
    pub batch_timeout: Duration,
    /// Requests waiting for export, per destination.
    pub queue_capacity: usize,
    /// Encoded bytes waiting for export, per destination. When the primary's queue is
    /// full the pipeline waits; a full mirror queue drops its oldest requests (counted).
    pub queue_max_bytes: usize,
    /// Batches in flight at once per network destination (the file sink writes one at a
    /// time).
    pub concurrency: usize,
    /// Retries.
    pub retry: RetryConfig,
    /// More destinations that receive every span too (same protocol, headers, TLS,
    /// batching and retries), e.g. Jaeger and Tempo side by side.
    #[serde(serialize_with = "shown_urls")]
    pub mirrors: Vec<String>,
    /// Where the PC samples go as OTLP Profiles (`v1development`): the full URL, used as
    /// is (OTEL_EXPORTER_OTLP_PROFILES_ENDPOINT), over `export.protocol`
    /// (`http/json` sends protobuf: the profiles are not written as JSON), e.g.
    /// `http://collector:4318/v1development/profiles`. None: no OTLP profiles.
    #[serde(serialize_with = "shown_url")]
    pub profiles_endpoint: Option<String>,
    /// A directory where each process's PC samples of each drain period are written as
    /// a pprof file (`<start ns>-<profile id>.pb.gz`). None: no files.
    pub pprof_dir: Option<PathBuf>,
    /// Whether the `gpu.pc_samples` spans still go to the trace destinations when
    /// profiles are made (true: trace-only backends keep them; false: profiles only).
    pub profiles_keep_spans: bool,
    /// Largest OTLP Profiles request per process and drain period, encoded; the coldest
    /// (PC, stall) pairs past it are left out and counted in the profile.
    pub profiles_max_bytes: usize,
}

/// A URL as `validate` prints it: without userinfo and query ([`otlp_client::endpoint::redacted`]).
fn shown_url<S: serde::Serializer>(url: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    url.as_deref()
        .map(otlp_client::endpoint::redacted)
        .serialize(s)
}

fn shown_urls<S: serde::Serializer>(urls: &[String], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(urls.iter().map(|u| otlp_client::endpoint::redacted(u)))
}

/// When an accepted request's commit is made durable (fsync) before it is acknowledged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fsync {
    /// One commit, and one fsync, per request.
    Request,
    /// Requests arriving during a commit, and within `group_window` of its start,
    /// share the next commit; each acknowledgement waits for the commit that covers its
    /// request.
    Group,
}

/// Persistent queue settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QueueConfig {
    /// Directory of the queue's database; None: the queue is off (requests are kept
    /// in memory only, as before).
    pub dir: Option<PathBuf>,
    /// Bytes of requests on disk; past it senders are told to retry later.
    pub max_bytes: u64,
    /// Commit (fsync) policy.
    pub fsync: Fsync,
    /// The least time between the starts of two group commits: what arrives meanwhile
    /// shares the next one's fsync. A request that arrives while no commit has started
    /// within the window is committed at once.
    #[serde(with = "humantime_serde")]
    pub group_window: Duration,
    /// How long deletions (of delivered requests) and window evidence gather before one
    /// database commit takes them: longer means fewer fsyncs beside the requests' own,
    /// and more re-delivered after a crash (what was settled within it).
    #[serde(with = "humantime_serde")]
    pub database_interval: Duration,
    /// Size at which a segment file takes no more appends. A segment's space comes back
    /// once all of it is delivered, so smaller segments free space sooner after an
    /// outage; two done segments are kept for reuse.
    pub segment_bytes: u64,
    /// How a request that arrived uncompressed is stored ([`QUEUE_COMPRESSION_DEFAULT`]);
    /// one that arrived compressed is stored as it arrived.
    pub compression: Compression,
}

impl Default for QueueConfig {
    fn default() -> Self {
        QueueConfig {
            dir: None,
            max_bytes: QUEUE_MAX_BYTES_DEFAULT,
            fsync: Fsync::Group,
            group_window: QUEUE_GROUP_WINDOW_DEFAULT,
            database_interval: QUEUE_DATABASE_INTERVAL_DEFAULT,
            segment_bytes: QUEUE_SEGMENT_BYTES_DEFAULT,
            compression: QUEUE_COMPRESSION_DEFAULT,
        }
    }
}

/// Kernel metrics: `gpu.kernel.duration` histograms and `gpu.kernel.executions` counts
/// from every kernel span that leaves, sent over OTLP metrics to every destination.
/// Off by default: Jaeger and Tempo, the usual trace backends, take no metrics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MetricsConfig {
    /// Make and send them.
    pub enabled: bool,
    /// How often (delta temporality: each request covers one interval).
    #[serde(with = "humantime_serde")]
    pub interval: Duration,
    /// Kernel names per process and interval with series of their own, by kernel time;
    /// the rest are counted as `other`.
    pub top_names: usize,
}

impl Default for MetricsConfig {
    fn default() -> Self {
        MetricsConfig {
            enabled: false,
            interval: METRICS_INTERVAL_DEFAULT,
            top_names: METRICS_TOP_NAMES_DEFAULT,
        }
    }
}

/// Output sampling: which kernel spans leave once the kernel metrics have counted them
/// all (`receiver/src/output_sampling/policy.rs` has the rules). Off by default: every
/// span leaves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SamplingConfig {
    /// Sample at all.
    pub enabled: bool,
    /// 1 trace (an NVTX step, a slice) in this many is kept whole, by its id.
    pub traces_one_in: u64,
    /// 1 kernel span in this many of the rest is kept, by its id.
    pub spans_one_in: u64,
    /// A kernel this many times its name's mean duration is kept as a slow outlier.
    pub slow_factor: f64,
}

impl Default for SamplingConfig {
    fn default() -> Self {
        SamplingConfig {
            enabled: false,
            traces_one_in: 100,
            spans_one_in: 100,
            slow_factor: 4.0,
        }
    }
}

/// Self-telemetry settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TelemetryConfig {
    /// Listen address of `/metrics`, `/livez`, `/readyz` and `/healthz`.
    pub metrics_endpoint: SocketAddr,
    /// Open connections to it (with `ingest.http_header_timeout` and
    /// `ingest.first_request_timeout`, as OTLP/HTTP's).
    pub max_connections: usize,
    /// How long a destination's exports may fail without a delivery before `/healthz`
    /// answers 503 naming it (`/livez` and `/readyz` do not change: the receiver still
    /// takes spans, and with the queue keeps them).
    #[serde(with = "humantime_serde")]
    pub unhealthy_after: Duration,
}

fn addr(s: &str) -> SocketAddr {
    s.parse().expect("default addresses are valid")
}

impl Default for Config {
    fn default() -> Self {
        Config {
            ingest: IngestConfig::default(),
            reconcile: ReconcileSection::default(),
            export: ExportConfig::default(),
            telemetry: TelemetryConfig::default(),
            queue: QueueConfig::default(),
            metrics: MetricsConfig::default(),
            sampling: SamplingConfig::default(),
            kubernetes: crate::k8s::KubernetesConfig::default(),
            shutdown_timeout: SHUTDOWN_TIMEOUT_DEFAULT,
        }
    }
}

impl Default for IngestConfig {
    fn default() -> Self {
        IngestConfig {
            grpc_endpoint: addr(GRPC_ENDPOINT_DEFAULT),
            http_endpoint: addr(HTTP_ENDPOINT_DEFAULT),
            max_request_bytes: MAX_REQUEST_BYTES_DEFAULT,
            queue_capacity: INGEST_QUEUE_CAPACITY_DEFAULT,
            enqueue_timeout: ENQUEUE_TIMEOUT_DEFAULT,
            max_pending_bytes: MAX_PENDING_BYTES_DEFAULT,
            http_header_timeout: HTTP_HEADER_TIMEOUT_DEFAULT,
            http_body_timeout: HTTP_BODY_TIMEOUT_DEFAULT,
            http_max_connections: HTTP_MAX_CONNECTIONS_DEFAULT,
            grpc_max_connections: GRPC_MAX_CONNECTIONS_DEFAULT,
            first_request_timeout: FIRST_REQUEST_TIMEOUT_DEFAULT,
            grpc_max_concurrent_streams: GRPC_MAX_CONCURRENT_STREAMS_DEFAULT,
            grpc_keepalive_interval: GRPC_KEEPALIVE_INTERVAL_DEFAULT,
            grpc_keepalive_timeout: GRPC_KEEPALIVE_TIMEOUT_DEFAULT,
            grpc_max_connection_age: GRPC_MAX_CONNECTION_AGE_DEFAULT,
            grpc_max_connection_age_grace: GRPC_MAX_CONNECTION_AGE_GRACE_DEFAULT,
            grpc_request_timeout: GRPC_REQUEST_TIMEOUT_DEFAULT,
            max_resources_per_request: MAX_RESOURCES_PER_REQUEST_DEFAULT,
            max_scopes_per_request: MAX_SCOPES_PER_REQUEST_DEFAULT,
            max_spans_per_request: MAX_SPANS_PER_REQUEST_DEFAULT,
            max_attributes_per_request: MAX_ATTRIBUTES_PER_REQUEST_DEFAULT,
            tls: None,
            auth: None,
        }
    }
}

impl Default for ReconcileSection {
    fn default() -> Self {
        ReconcileSection {
            delay: RECONCILE_DELAY_DEFAULT,
            max_held_spans: MAX_HELD_SPANS_DEFAULT,
            max_held_bytes: MAX_HELD_BYTES_DEFAULT,
            max_windows_per_process: MAX_WINDOWS_PER_PROCESS_DEFAULT,
            max_processes: MAX_PROCESSES_DEFAULT,
        }
    }
}

impl Default for RetryConfig {
    fn default() -> Self {
        RetryConfig {
            initial_backoff: RETRY_INITIAL_BACKOFF_DEFAULT,
            max_backoff: RETRY_MAX_BACKOFF_DEFAULT,
            max_elapsed: None,
        }
    }
}

impl Default for ExportConfig {
    fn default() -> Self {
        ExportConfig {
            endpoint: None,
            traces_endpoint: None,
            protocol: Protocol::Grpc,
            metrics_endpoint: None,
            metrics_protocol: None,
            headers: BTreeMap::new(),
            compression: COMPRESSION_DEFAULT,
            timeout: EXPORT_TIMEOUT_DEFAULT,
            tls: TlsConfig::default(),
            file: PathBuf::from(EXPORT_FILE_DEFAULT),
            batch_max_spans: BATCH_MAX_SPANS_DEFAULT,
            batch_max_bytes: BATCH_MAX_BYTES_DEFAULT,
            batch_timeout: BATCH_TIMEOUT_DEFAULT,
            queue_capacity: EXPORT_QUEUE_CAPACITY_DEFAULT,
            queue_max_bytes: EXPORT_QUEUE_MAX_BYTES_DEFAULT,
            concurrency: EXPORT_CONCURRENCY_DEFAULT,
            retry: RetryConfig::default(),
            mirrors: Vec::new(),
            profiles_endpoint: None,
            pprof_dir: None,
            profiles_keep_spans: true,
            profiles_max_bytes: PROFILES_MAX_BYTES_DEFAULT,
        }
    }
}

impl Default for TelemetryConfig {
    fn default() -> Self {
        TelemetryConfig {
            metrics_endpoint: addr(METRICS_ENDPOINT_DEFAULT),
            max_connections: METRICS_MAX_CONNECTIONS_DEFAULT,
            unhealthy_after: UNHEALTHY_AFTER_DEFAULT,
        }
    }
}

/// Where export requests go, resolved from the configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportTarget {
    /// OTLP/gRPC to this URI.
    Grpc(String),
    /// OTLP/HTTP to this URL, JSON bodies or protobuf.
    Http {
        /// The full traces URL.
        url: String,
        /// JSON bodies instead of protobuf.
        json: bool,
    },
    /// The embedded OTLP-JSON file sink.
    File(PathBuf),
}

impl Config {
    /// Reads a YAML file over the defaults.
    pub fn from_file(path: &std::path::Path) -> Result<Config, ConfigError> {
        Config::read_file(path).map(|(c, _)| c)
    }

    fn read_file(path: &std::path::Path) -> Result<(Config, Sources), ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError::Read {
            path: path.to_path_buf(),
            error,
        })?;
        if text.trim().is_empty() {
            return Ok((Config::default(), Sources::default()));
        }
        let parse = |error| ConfigError::Parse {
            path: path.to_path_buf(),
            error,
        };
        let config = serde_norway::from_str(&text).map_err(parse)?;
        let yaml: serde_norway::Value = serde_norway::from_str(&text).map_err(parse)?;
        Ok((config, Sources::of_file(&yaml, path)))
    }

    /// The file (when given) over the defaults, then the standard variables `var`
    /// reads; with where each parameter was set. Flags go on top (the caller's).
    pub fn load(
        file: Option<&std::path::Path>,
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<(Config, Sources), ConfigError> {
        let (mut config, mut sources) = match file {
            Some(path) => Config::read_file(path)?,
            None => (Config::default(), Sources::default()),
        };
        sources.merge(config.apply_env(var)?);
        sources.complete = true;
        Ok((config, sources))
    }

    /// Applies the standard `OTEL_EXPORTER_OTLP_*` variables (trace-specific ones win);
    /// the first bad one is named. Returns the parameters they set.
    pub fn apply_env(
        &mut self,
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Sources, ConfigError> {
        let mut set = Sources::default();
        for (param, vars) in ENV_PARAMS {
            let given = vars
                .iter()
                .find(|v| var(v).is_some_and(|value| !value.trim().is_empty()));
            if let Some(v) = given {
                set.set(param, Source::Env(v));
            }
        }
        if let Some(url) = var(PROFILES_ENDPOINT_ENV).filter(|v| !v.trim().is_empty()) {
            self.export.profiles_endpoint = Some(url);
            set.set(
                "export.profiles_endpoint",
                Source::Env(PROFILES_ENDPOINT_ENV),
            );
        }
        let (env, errors) = EnvSettings::read(var);
        if let Some(e) = errors.first() {
            return Err(invalid(e.var, e.reason.clone()));
        }
        let e = &mut self.export;
        e.endpoint = env.endpoint.or(e.endpoint.take());
        e.traces_endpoint = env.traces_endpoint.or(e.traces_endpoint.take());
        e.protocol = env.protocol.unwrap_or(e.protocol);
        e.metrics_endpoint = env.metrics_endpoint.or(e.metrics_endpoint.take());
        e.metrics_protocol = env.metrics_protocol.or(e.metrics_protocol.take());
        for (k, v) in env.headers.iter().flat_map(|h| h.iter()) {
            e.headers.insert(k.to_string(), v.into());
        }
        e.compression = env.compression.unwrap_or(e.compression);
        e.timeout = env.timeout.unwrap_or(e.timeout);
        let path = |f: Option<otlp_client::TlsFile>| f.map(|f| f.path);
        e.tls.ca_file = path(env.certificate).or(e.tls.ca_file.take());
        e.tls.cert_file = path(env.client_certificate).or(e.tls.cert_file.take());
        e.tls.key_file = path(env.client_key).or(e.tls.key_file.take());
        e.tls.insecure = env.insecure.unwrap_or(e.tls.insecure);
        Ok(set)
    }

    /// A parameter's value as `validate` prints it (a scalar: quoted when a string;
    /// secrets redacted); None for a section, a list or an unset value.
    pub fn shown(&self, param: &str) -> Option<String> {
        let mut v = serde_norway::to_value(self).ok()?;
        for key in param.split('.') {
            v = v.get(key)?.clone();
        }
        match v {
            serde_norway::Value::String(s) => {
                Some(format!("{:?}", otlp_client::endpoint::redacted(&s)))
            }
            serde_norway::Value::Number(n) => Some(n.to_string()),
            serde_norway::Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    /// Checks every value; the first bad one is named.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let nonzero = |name: &str, v: usize| {
            if v == 0 {
                Err(invalid(name, "must be greater than 0"))
            } else {
                Ok(())
            }
        };
        let positive = |name: &str, d: Duration| {
            if d.is_zero() {
                Err(invalid(name, "must be longer than 0s"))
            } else {
                Ok(())
            }
        };
        nonzero("ingest.max_request_bytes", self.ingest.max_request_bytes)?;
        positive("metrics.interval", self.metrics.interval)?;
        if self.sampling.enabled {
            if self.queue.dir.is_some() {
                return Err(invalid(
                    "sampling.enabled",
                    "not with queue.dir: the queue deletes an input once all of its spans are delivered",
                ));
            }
            if self.sampling.traces_one_in == 0 || self.sampling.spans_one_in == 0 {
                return Err(invalid(
                    "sampling",
                    "traces_one_in and spans_one_in must be at least 1",
                ));
            }
            if self.sampling.slow_factor.is_nan() || self.sampling.slow_factor <= 1.0 {
                return Err(invalid("sampling.slow_factor", "must be more than 1"));
            }
        }
        nonzero("ingest.queue_capacity", self.ingest.queue_capacity)?;
        positive("ingest.enqueue_timeout", self.ingest.enqueue_timeout)?;
        // A request the budget cannot hold whole would be refused forever.
        if self.ingest.max_pending_bytes < self.ingest.max_request_bytes {
            return Err(invalid(
                "ingest.max_pending_bytes",
                "must be at least ingest.max_request_bytes",
            ));
        }
        positive(
            "ingest.http_header_timeout",
            self.ingest.http_header_timeout,
        )?;
        positive("ingest.http_body_timeout", self.ingest.http_body_timeout)?;
        let i = &self.ingest;
        for (name, v) in [
            ("ingest.http_max_connections", i.http_max_connections),
            ("ingest.grpc_max_connections", i.grpc_max_connections),
            (
                "ingest.grpc_max_concurrent_streams",
                i.grpc_max_concurrent_streams as usize,
            ),
            (
                "ingest.max_resources_per_request",
                i.max_resources_per_request,
            ),
            ("ingest.max_scopes_per_request", i.max_scopes_per_request),
            ("ingest.max_spans_per_request", i.max_spans_per_request),
            (
                "ingest.max_attributes_per_request",
                i.max_attributes_per_request,
            ),
            ("telemetry.max_connections", self.telemetry.max_connections),
        ] {
            nonzero(name, v)?;
        }
        for (name, d) in [
            ("ingest.first_request_timeout", i.first_request_timeout),
            ("ingest.grpc_keepalive_interval", i.grpc_keepalive_interval),
            ("ingest.grpc_keepalive_timeout", i.grpc_keepalive_timeout),
            ("ingest.grpc_max_connection_age", i.grpc_max_connection_age),
            ("ingest.grpc_request_timeout", i.grpc_request_timeout),
        ] {
            positive(name, d)?;
        }
        if let Some(tls) = &self.ingest.tls {
            positive("ingest.tls.handshake_timeout", tls.handshake_timeout)?;
        }
        nonzero(
            "reconcile.max_windows_per_process",
            self.reconcile.max_windows_per_process,
        )?;
        nonzero("reconcile.max_processes", self.reconcile.max_processes)?;
        nonzero("export.batch_max_spans", self.export.batch_max_spans)?;
        nonzero("export.batch_max_bytes", self.export.batch_max_bytes)?;
        nonzero("export.queue_capacity", self.export.queue_capacity)?;
        nonzero("export.queue_max_bytes", self.export.queue_max_bytes)?;
        nonzero("export.concurrency", self.export.concurrency)?;
        positive("export.timeout", self.export.timeout)?;
        positive("export.batch_timeout", self.export.batch_timeout)?;
        positive(
            "export.retry.initial_backoff",
            self.export.retry.initial_backoff,
        )?;
        positive("shutdown_timeout", self.shutdown_timeout)?;
        positive("telemetry.unhealthy_after", self.telemetry.unhealthy_after)?;
        self.validate_queue()?;
        if self.queue.dir.is_some() && self.export.retry.max_elapsed.is_some() {
            return Err(invalid(
                "export.retry.max_elapsed",
                "cannot be set with queue.dir: the queue keeps every acknowledged request until it is delivered, and a give-up time would delete some",
            ));
        }
        if self.export.retry.max_backoff < self.export.retry.initial_backoff {
            return Err(invalid(
                "export.retry.max_backoff",
                "must not be shorter than export.retry.initial_backoff",
            ));
        }
        self.export.client_headers()?;
        self.validate_endpoints()
    }

    /// The endpoints, by the OTLP exporter specification: a URL with the scheme http or
    /// https and a host. OTLP/gRPC also takes the form gRPC clients take, `host:port`
    /// without a scheme, as `https://host:port` (`http://` with `export.tls.insecure`,
    /// OTEL_EXPORTER_OTLP_INSECURE, the specification's Insecure option); anything else
    /// without a scheme is refused rather than guessed at.
    fn validate_endpoints(&self) -> Result<(), ConfigError> {
        let e = &self.export;
        let metrics_protocol = e.metrics_protocol.unwrap_or(e.protocol);
        let mut given: Vec<(&str, &str, Protocol)> = Vec::new();
        given.extend(
            e.endpoint
                .as_deref()
                .map(|u| ("export.endpoint", u, e.protocol)),
        );
        given.extend(
            e.traces_endpoint
                .as_deref()
                .map(|u| ("export.traces_endpoint", u, e.protocol)),
        );
        given.extend(
            e.mirrors
                .iter()
                .map(|u| ("export.mirrors", u.as_str(), e.protocol)),
        );
        given.extend(
            e.metrics_endpoint
                .as_deref()
                .map(|u| ("export.metrics_endpoint", u, metrics_protocol)),
        );
        given.extend(
            e.profiles_endpoint
                .as_deref()
                .map(|u| ("export.profiles_endpoint", u, e.protocol)),
        );
        for (name, url, protocol) in given {
            check_endpoint(url, protocol).map_err(|(reason, fix)| {
                let reason = if name == "export.mirrors" {
                    format!("{:?} {reason}", otlp_client::endpoint::redacted(url))
                } else {
                    reason
                };
                invalid_with_fix(name, reason, fix)
            })?;
        }
        Ok(())
    }

    fn validate_queue(&self) -> Result<(), ConfigError> {
        let q = &self.queue;
        if let Some(dir) = &q.dir {
            if dir.as_os_str().is_empty() {
                return Err(invalid("queue.dir", "must not be empty"));
            }
            if dir.exists() && !dir.is_dir() {
                return Err(invalid(
                    "queue.dir",
                    format!("{} is not a directory", dir.display()),
                ));
            }
        }
        // A request the budget cannot hold whole would be refused forever.
        if q.max_bytes < self.ingest.max_request_bytes as u64 {
            return Err(invalid(
                "queue.max_bytes",
                "must be at least ingest.max_request_bytes",
            ));
        }
        if q.group_window > QUEUE_GROUP_WINDOW_MAX {
            return Err(invalid(
                "queue.group_window",
                format!(
                    "must be at most {} (an acknowledgement may wait for it)",
                    humantime::format_duration(QUEUE_GROUP_WINDOW_MAX)
                ),
            ));
        }
        if q.database_interval.is_zero() || q.database_interval > QUEUE_DATABASE_INTERVAL_MAX {
            return Err(invalid(
                "queue.database_interval",
                format!(
                    "must be above 0 and at most {} (a crash re-delivers what was settled within it)",
                    humantime::format_duration(QUEUE_DATABASE_INTERVAL_MAX)
                ),
            ));
        }
        if !(QUEUE_SEGMENT_BYTES_MIN..=QUEUE_SEGMENT_BYTES_MAX).contains(&q.segment_bytes) {
            return Err(invalid(
                "queue.segment_bytes",
                format!(
                    "must be from {QUEUE_SEGMENT_BYTES_MIN} (64 KiB) to {QUEUE_SEGMENT_BYTES_MAX} (1 GiB)"
                ),
            ));
        }
        Ok(())
    }

    /// Where exports go.
    pub fn export_target(&self) -> Result<ExportTarget, ConfigError> {
        let e = &self.export;
        if e.endpoint.is_none() && e.traces_endpoint.is_none() {
            return Ok(ExportTarget::File(e.file.clone()));
        }
        Ok(self.target(e.endpoint.as_deref(), e.traces_endpoint.as_deref()))
    }

    /// Where the kernel metrics go when they have a destination of their own: the URL as
    /// given, with `export.metrics_protocol` (else `export.protocol`).
    pub fn metrics_target(&self) -> Option<ExportTarget> {
        let e = &self.export;
        let url = e.metrics_endpoint.clone()?;
        Some(ExportTarget::over(
            e.metrics_protocol.unwrap_or(e.protocol),
            url,
        ))
    }

    /// Where the OTLP Profiles go: the URL as given, over `export.protocol` (protobuf
    /// where that is `http/json`).
    pub fn profiles_target(&self) -> Option<ExportTarget> {
        let e = &self.export;
        let url = e.profiles_endpoint.clone()?;
        let protocol = match e.protocol {
            Protocol::HttpJson => Protocol::HttpProtobuf,
            p => p,
        };
        Some(ExportTarget::over(protocol, url))
    }

    /// Where the mirrors send, in order: each a base endpoint, like `export.endpoint`.
    pub fn mirror_targets(&self) -> Vec<ExportTarget> {
        self.export
            .mirrors
            .iter()
            .map(|m| self.target(Some(m), None))
            .collect()
    }

    fn target(&self, endpoint: Option<&str>, traces_endpoint: Option<&str>) -> ExportTarget {
        let e = &self.export;
        let url = otlp_client::endpoint::traces_url(
            e.protocol,
            endpoint,
            traces_endpoint,
            e.tls.insecure,
        );
        ExportTarget::over(e.protocol, url)
    }
}

/// Whether `url` is an endpoint `protocol` can send to ([`Config::validate`] says
/// which); else what is wrong and what to write (never quoting credentials).
fn check_endpoint(url: &str, protocol: Protocol) -> Result<(), (String, String)> {
    // Checked as written, quoted without its credentials.
    let (url, shown) = (url.trim(), otlp_client::endpoint::redacted(url.trim()));
    if let Some((scheme, _)) = url.split_once("://") {
        let parsed: Result<http::Uri, _> = url.parse();
        let host = parsed
            .as_ref()
            .ok()
            .and_then(|u| u.host())
            .is_some_and(|h| !h.is_empty());
        if !matches!(scheme, "http" | "https") {
            return Err((
                format!("has the scheme {scheme:?}: OTLP goes over http or https"),
                format!(
                    "write http://{0} or https://{0}",
                    shown.split_once("://").map_or(shown.as_str(), |(_, r)| r)
                ),
            ));
        }
        return match (parsed, host) {
            (Ok(_), true) => Ok(()),
            (Err(e), _) => Err((
                format!("is not a URL: {e}"),
                "write it as http://host:port or https://host:port".into(),
            )),
            (Ok(_), false) => Err((
                "has no host".into(),
                "write it as http://host:port or https://host:port".into(),
            )),
        };
    }
    let host_port = url.rsplit_once(':').is_some_and(|(host, port)| {
        !host.is_empty() && !host.contains('/') && port.parse::<u16>().is_ok()
    });
    match protocol {
        Protocol::Grpc if host_port => Ok(()),
        Protocol::Grpc => Err((
            "is not a URL: it has no scheme, and it is not the host:port that gRPC also takes"
                .into(),
            format!(
                "write http://{shown} or https://{shown}, with the port if it is not 80 or 443"
            ),
        )),
        Protocol::HttpProtobuf | Protocol::HttpJson => Err((
            "has no scheme: OTLP/HTTP needs a URL with http:// or https://".into(),
            format!("write http://{shown} or https://{shown}"),
        )),
    }
}

impl ExportTarget {
    /// `url` reached over `protocol`.
    pub fn over(protocol: Protocol, url: String) -> ExportTarget {
        match protocol {
            Protocol::Grpc => ExportTarget::Grpc(url),
            Protocol::HttpProtobuf => ExportTarget::Http { url, json: false },
            Protocol::HttpJson => ExportTarget::Http { url, json: true },
        }
    }
}

impl IngestConfig {
    /// The per-request limits.
    pub fn limits(&self) -> crate::wire::census::Limits {
        crate::wire::census::Limits {
            resources: self.max_resources_per_request,
            scopes: self.max_scopes_per_request,
            spans: self.max_spans_per_request,
            attributes: self.max_attributes_per_request,
        }
    }
}

impl ExportConfig {
    /// The headers as the export client sends them; an invalid one is named by its key
    /// (or, for a key that is no header name, by its place among the keys), never by
    /// its value.
    pub fn client_headers(&self) -> Result<otlp_client::Headers, ConfigError> {
        let mut headers = otlp_client::Headers::default();
        for (i, (k, v)) in self.headers.iter().enumerate() {
            headers.insert(k, v.expose()).map_err(|e| match e {
                otlp_client::HeaderError::Value { name, .. } => invalid(
                    &format!("export.headers.{name}"),
                    "not a valid header value (visible ASCII and spaces); the value is not shown",
                ),
                _ => invalid(
                    "export.headers",
                    format!("key {} of {} (in alphabetical order) is not a valid header name (letters, digits and !#$%&'*+-.^_`|~); it is not shown, it may hold a secret", i + 1, self.headers.len()),
                ),
            })?;
        }
        Ok(headers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: BTreeMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn sampling_is_off_by_default_and_refused_with_the_queue_or_a_rate_of_zero() {
        let mut c = Config::default();
        assert!(!c.sampling.enabled);
        c.sampling.enabled = true;
        c.validate().unwrap();
        c.queue.dir = Some(PathBuf::from("/tmp/q"));
        let err = c.validate().unwrap_err().to_string();
        assert!(
            err.starts_with("invalid sampling.enabled: not with queue.dir"),
            "{err}"
        );
        c.queue.dir = None;
        c.sampling.spans_one_in = 0;
        assert!(c.validate().is_err());
        c.sampling.spans_one_in = 100;
        c.sampling.slow_factor = 1.0;
        assert!(c.validate().is_err());
    }

    #[test]
    fn the_defaults_are_valid_and_export_to_the_file_sink() {
        let c = Config::default();
        c.validate().unwrap();
        assert_eq!(
            c.export_target().unwrap(),
            ExportTarget::File(PathBuf::from(EXPORT_FILE_DEFAULT))
        );
        assert_eq!(c.reconcile.delay, Duration::from_secs(2));
    }

    #[test]
    fn unknown_fields_in_the_file_are_rejected_by_name() {
        let err =
            serde_norway::from_str::<Config>("ingest:\n  grpc_endpoit: 1.2.3.4:5\n").unwrap_err();
        assert!(err.to_string().contains("grpc_endpoit"), "{err}");
    }

    #[test]
    fn durations_read_as_humans_write_them() {
        let c: Config = serde_norway::from_str(
            "reconcile:\n  delay: 750ms\nexport:\n  retry:\n    max_elapsed: 2m\n",
        )
        .unwrap();
        assert_eq!(c.reconcile.delay, Duration::from_millis(750));
        assert_eq!(c.export.retry.max_elapsed, Some(Duration::from_secs(120)));
    }

    #[test]
    fn acknowledged_spans_are_retried_until_delivered_unless_a_give_up_time_is_set() {
        assert_eq!(Config::default().export.retry.max_elapsed, None);
        let mut c = Config::default();
        c.queue.dir = Some(PathBuf::from("/var/lib/gpu-otel/queue"));
        c.export.retry.max_elapsed = Some(Duration::from_secs(60));
        let err = c.validate().unwrap_err().to_string();
        assert!(err.contains("export.retry.max_elapsed"), "{err}");
    }

    #[test]
    fn a_bad_value_is_an_error_naming_the_parameter_never_clamped() {
        let mut c = Config::default();
        c.export.queue_capacity = 0;
        assert_eq!(
            c.validate().unwrap_err().to_string(),
            "invalid export.queue_capacity: must be greater than 0"
        );
        let mut c = Config::default();
        c.export.endpoint = Some("ftp://x".into());
        assert!(c
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("invalid export.endpoint"));
    }

    #[test]
    fn the_standard_environment_configures_the_export_side() {
        let mut c = Config::default();
        c.apply_env(env(&[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://tempo:4318"),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"),
            (
                "OTEL_EXPORTER_OTLP_HEADERS",
                "x-scope-orgid=team%20a,authorization=Bearer x",
            ),
            ("OTEL_EXPORTER_OTLP_TRACES_COMPRESSION", "zstd"),
            ("OTEL_EXPORTER_OTLP_TIMEOUT", "2500"),
        ]))
        .unwrap();
        c.validate().unwrap();
        assert_eq!(
            c.export_target().unwrap(),
            ExportTarget::Http {
                url: "http://tempo:4318/v1/traces".into(),
                json: false
            }
        );
        assert_eq!(c.export.headers["x-scope-orgid"].expose(), "team a");
        assert_eq!(c.export.compression, Compression::Zstd);
        assert_eq!(Config::default().export.compression, Compression::Gzip);
        assert_eq!(c.export.timeout, Duration::from_millis(2500));
    }

    #[test]
    fn the_tls_variables_name_the_ca_and_the_client_certificate() {
        let mut c = Config::default();
        c.apply_env(env(&[
            ("OTEL_EXPORTER_OTLP_CERTIFICATE", "/s/ca.crt"),
            (
                "OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE",
                "/s/client.crt",
            ),
            ("OTEL_EXPORTER_OTLP_CLIENT_KEY", "/s/client.key"),
        ]))
        .unwrap();
        let tls = &c.export.tls;
        assert_eq!(tls.ca_file, Some(PathBuf::from("/s/ca.crt")));
        assert_eq!(tls.cert_file, Some(PathBuf::from("/s/client.crt")));
        assert_eq!(tls.key_file, Some(PathBuf::from("/s/client.key")));
    }

    #[test]
    fn mirrors_are_validated_like_the_endpoint() {
        let mut c = Config::default();
        c.export.endpoint = Some("http://jaeger:4317".into());
        c.export.mirrors = vec!["http://tempo:4317".into()];
        c.validate().unwrap();
        assert_eq!(
            c.mirror_targets(),
            [ExportTarget::Grpc("http://tempo:4317".into())]
        );
        c.export.mirrors.push("ftp://tempo".into());
        assert!(c
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("invalid export.mirrors: \"ftp://tempo\""));
    }

    #[test]
    fn the_profiles_endpoint_comes_from_its_variable_is_used_as_is_in_protobuf_and_validated() {
        let mut c = Config::default();
        assert_eq!(c.profiles_target(), None, "no profiles unless asked");
        assert!(
            c.export.profiles_keep_spans,
            "trace-only backends keep the spans"
        );
        c.apply_env(env(&[
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json"),
            (
                "OTEL_EXPORTER_OTLP_PROFILES_ENDPOINT",
                "http://collector:4318/v1development/profiles",
            ),
        ]))
        .unwrap();
        c.validate().unwrap();
        assert_eq!(
            c.profiles_target(),
            Some(ExportTarget::Http {
                url: "http://collector:4318/v1development/profiles".into(),
                json: false
            })
        );
        c.export.profiles_endpoint = Some("collector".into());
        assert!(c
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("invalid export.profiles_endpoint"));
    }

    #[test]
    fn the_traces_endpoint_is_used_as_is() {
        let mut c = Config::default();
        c.apply_env(env(&[
            ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://h:1/custom"),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json"),
        ]))
        .unwrap();
        assert_eq!(
            c.export_target().unwrap(),
            ExportTarget::Http {
                url: "http://h:1/custom".into(),
                json: true
            }
        );
    }

    #[test]
    fn the_metrics_endpoint_is_used_as_is_with_its_own_protocol_and_validated() {
        let mut c = Config::default();
        c.apply_env(env(&[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://jaeger:4317"),
            (
                "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
                "http://prom:9090/api/v1/otlp/v1/metrics",
            ),
            ("OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", "http/protobuf"),
        ]))
        .unwrap();
        c.validate().unwrap();
        assert_eq!(
            c.export_target().unwrap(),
            ExportTarget::Grpc("http://jaeger:4317".into())
        );
        assert_eq!(
            c.metrics_target(),
            Some(ExportTarget::Http {
                url: "http://prom:9090/api/v1/otlp/v1/metrics".into(),
                json: false
            })
        );
        // Without a protocol of its own it takes the export's.
        let file: Config =
            serde_norway::from_str("export:\n  metrics_endpoint: http://m:4317\n").unwrap();
        assert_eq!(
            file.metrics_target(),
            Some(ExportTarget::Grpc("http://m:4317".into()))
        );
        c.export.metrics_endpoint = Some("prom:9090".into());
        assert_eq!(
            c.validate().unwrap_err().to_string(),
            "invalid export.metrics_endpoint: has no scheme: OTLP/HTTP needs a URL with http:// or https://; write http://prom:9090 or https://prom:9090"
        );
        let bad = c.apply_env(env(&[("OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", "udp")]));
        assert!(bad
            .unwrap_err()
            .to_string()
            .contains("OTEL_EXPORTER_OTLP_METRICS_PROTOCOL"));
    }

    #[test]
    fn a_grpc_endpoint_without_scheme_is_tls_unless_insecure() {
        let mut c = Config::default();
        c.apply_env(env(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "jaeger:4317")]))
            .unwrap();
        assert_eq!(
            c.export_target().unwrap(),
            ExportTarget::Grpc("https://jaeger:4317".into())
        );
        c.apply_env(env(&[("OTEL_EXPORTER_OTLP_INSECURE", "true")]))
            .unwrap();
        assert_eq!(
            c.export_target().unwrap(),
            ExportTarget::Grpc("http://jaeger:4317".into())
        );
    }

    #[test]
    fn ingest_tls_and_auth_are_read_from_the_file_with_the_handshake_default() {
        let c: Config = serde_norway::from_str(
            "ingest:\n  tls:\n    cert_file: /s/tls.crt\n    key_file: /s/tls.key\n    client_ca_file: /s/ca.crt\n  auth:\n    token_file: /s/tokens\n",
        )
        .unwrap();
        let tls = c.ingest.tls.as_ref().unwrap();
        assert_eq!(tls.cert_file, PathBuf::from("/s/tls.crt"));
        assert_eq!(tls.client_ca_file, Some(PathBuf::from("/s/ca.crt")));
        assert_eq!(tls.handshake_timeout, TLS_HANDSHAKE_TIMEOUT_DEFAULT);
        assert_eq!(
            c.ingest.auth.unwrap().token_file,
            PathBuf::from("/s/tokens")
        );
        assert_eq!(Config::default().ingest.tls, None);
    }

    #[test]
    fn a_tls_section_without_its_key_or_with_an_unknown_field_is_refused_by_name() {
        let err =
            serde_norway::from_str::<Config>("ingest:\n  tls:\n    cert_file: /c\n").unwrap_err();
        assert!(err.to_string().contains("key_file"), "{err}");
        let err =
            serde_norway::from_str::<Config>("ingest:\n  auth:\n    tokens: /t\n").unwrap_err();
        assert!(err.to_string().contains("tokens"), "{err}");
        let mut c = Config::default();
        c.ingest.tls = Some(IngestTlsConfig {
            cert_file: "/c".into(),
            key_file: "/k".into(),
            client_ca_file: None,
            handshake_timeout: Duration::ZERO,
        });
        assert_eq!(
            c.validate().unwrap_err().to_string(),
            "invalid ingest.tls.handshake_timeout: must be longer than 0s"
        );
    }

    #[test]
    fn the_resolved_configuration_never_shows_an_export_header_value() {
        let mut c = Config::default();
        c.apply_env(env(&[(
            "OTEL_EXPORTER_OTLP_HEADERS",
            "authorization=Bearer%20s3cr3t-t0ken,x-scope-orgid=tenant-k3y",
        )]))
        .unwrap();
        let printed = format!("{}{c:?}", serde_norway::to_string(&c).unwrap());
        assert!(
            !printed.contains("s3cr3t") && !printed.contains("tenant-k3y"),
            "{printed}"
        );
        let shown: Config = serde_norway::from_str(&serde_norway::to_string(&c).unwrap()).unwrap();
        assert_eq!(
            shown.export.headers["authorization"].expose(),
            crate::secret::REDACTED
        );
        assert_eq!(
            shown.export.headers["x-scope-orgid"].expose(),
            crate::secret::REDACTED
        );
    }

    #[test]
    fn no_configuration_error_nor_the_resolved_configuration_shows_a_secret() {
        let bad = |yaml: &str, vars: &[(&str, &str)]| {
            let mut c: Config = serde_norway::from_str(yaml).unwrap();
            c.apply_env(env(vars))
                .and_then(|_| c.validate())
                .expect_err(yaml)
                .to_string()
        };
        for (yaml, vars, names) in [
            (
                "{}",
                &[(
                    "OTEL_EXPORTER_OTLP_HEADERS",
                    "authorization: Bearer SECRET123",
                )][..],
                "OTEL_EXPORTER_OTLP_HEADERS",
            ),
            (
                "export: {headers: {authorization: \"Bearer SECRET123\\u0001\"}}",
                &[][..],
                "export.headers.authorization",
            ),
            (
                "export: {headers: {\"authorization: Bearer SECRET123\": x}}",
                &[][..],
                "export.headers",
            ),
            (
                "export: {endpoint: \"http://user:SECRET123@ho st:1\"}",
                &[][..],
                "export.endpoint",
            ),
            (
                "export: {endpoint: \"ftp://user:SECRET123@host/?k=SECRET123\"}",
                &[][..],
                "export.endpoint",
            ),
            (
                "export: {mirrors: [\"http://u:SECRET123@ho st\"]}",
                &[][..],
                "export.mirrors",
            ),
        ] {
            let text = bad(yaml, vars);
            assert!(!text.contains("SECRET123"), "{text}");
            assert!(text.contains(names), "{text}");
        }
        let mut c = Config::default();
        c.apply_env(env(&[(
            "OTEL_EXPORTER_OTLP_ENDPOINT",
            "https://user:SECRET123@tempo:4317?token=SECRET123",
        )]))
        .unwrap();
        c.export.mirrors = vec!["http://u:SECRET123@jaeger:4317".into()];
        c.validate().unwrap();
        let printed = serde_norway::to_string(&c).unwrap();
        assert!(!printed.contains("SECRET123"), "{printed}");
        assert!(
            printed.contains("https://<redacted>@tempo:4317?<redacted>"),
            "{printed}"
        );
    }

    #[test]
    fn the_queue_is_off_by_default_and_its_settings_are_validated_by_name() {
        let c = Config::default();
        assert_eq!(c.queue.dir, None);
        let c: Config = serde_norway::from_str(
            "queue:\n  dir: /var/lib/gpu-otel/queue\n  max_bytes: 8388608\n  fsync: request\n  group_window: 5ms\n",
        )
        .unwrap();
        c.validate().unwrap();
        assert_eq!(c.queue.fsync, Fsync::Request);
        assert_eq!(c.queue.group_window, Duration::from_millis(5));
        let mut small = c.clone();
        small.queue.max_bytes = 1024;
        assert_eq!(
            small.validate().unwrap_err().to_string(),
            "invalid queue.max_bytes: must be at least ingest.max_request_bytes"
        );
        // Each setting out of range is refused by its name.
        let refused = |setting: &str, change: &dyn Fn(&mut QueueConfig)| {
            let mut wrong = c.clone();
            change(&mut wrong.queue);
            let err = wrong.validate().unwrap_err().to_string();
            assert!(
                err.starts_with(&format!("invalid queue.{setting}")),
                "{err}"
            );
        };
        refused("group_window", &|q| q.group_window = Duration::from_secs(1));
        for bad in [Duration::ZERO, Duration::from_secs(11)] {
            refused("database_interval", &|q| q.database_interval = bad);
        }
        for bad in [0, (64 << 10) - 1, (1 << 30) + 1] {
            refused("segment_bytes", &|q| q.segment_bytes = bad);
        }
        let c: Config = serde_norway::from_str("queue:\n  database_interval: 1s\n").unwrap();
        assert_eq!(c.queue.database_interval, Duration::from_secs(1));
        assert_eq!(Config::default().queue.compression, Compression::Zstd);
        let c: Config = serde_norway::from_str("queue:\n  compression: none\n").unwrap();
        assert_eq!(c.queue.compression, Compression::None);
        let err = serde_norway::from_str::<Config>("queue:\n  compression: lz4\n").unwrap_err();
        assert!(err.to_string().contains("lz4"), "{err}");
        assert_eq!(Config::default().queue.group_window, Duration::ZERO);
        assert_eq!(Config::default().queue.segment_bytes, 64 << 20);
        let err = serde_norway::from_str::<Config>("queue:\n  fsync: never\n").unwrap_err();
        assert!(err.to_string().contains("never"), "{err}");
    }

    #[test]
    fn an_endpoints_credentials_are_never_shown_in_a_message() {
        for (url, shown) in [
            (
                "ftp://user:s3cr3t@tempo:4317",
                "ftp://<redacted>@tempo:4317",
            ),
            ("tempo:4317/v1?token=s3cr3t", "tempo:4317/v1?<redacted>"),
            ("u:s3cr3t@host", "<redacted>@host"),
        ] {
            let mut c = Config::default();
            c.export.protocol = Protocol::HttpProtobuf;
            c.export.endpoint = Some(url.into());
            let err = c
                .validate()
                .unwrap_err()
                .located(&c, &Sources::default())
                .to_string();
            assert!(!err.contains("s3cr3t"), "{err}");
            assert!(
                err.starts_with(&format!("invalid export.endpoint \"{shown}\": ")),
                "{err}"
            );
        }
    }

    #[test]
    fn a_bad_environment_value_names_the_variable() {
        let mut c = Config::default();
        let err = c
            .apply_env(env(&[("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "udp")]))
            .unwrap_err();
        assert_eq!(err.to_string(), "invalid OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: must be grpc, http/protobuf or http/json, got \"udp\"");
    }
}
