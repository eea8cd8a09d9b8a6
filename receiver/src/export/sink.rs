//! Where a batch goes: an OTLP backend through the shared export client (gRPC or HTTP,
//! TLS, compression, headers; `otlp_client`), or the embedded OTLP-JSON file sink (one
//! export request per line).

use std::io::Write as _;
use std::path::Path;

use otlp_client::{Attempt, Client, ClientError, Protocol, TlsFile, TlsFiles};
use prost::Message;

use crate::config::{Config, ConfigError, ExportTarget};
use crate::private_files;
use crate::wire::WireRequest;

/// A sink could not be built from the configuration.
#[derive(Debug, thiserror::Error)]
pub enum SinkError {
    /// The endpoint, its TLS files or its headers are unusable.
    #[error("export to {}: {source}", otlp_client::endpoint::redacted(endpoint))]
    Client {
        /// The endpoint (shown without its userinfo and query).
        endpoint: String,
        /// Why.
        #[source]
        source: ClientError,
    },
    /// A header is unusable.
    #[error(transparent)]
    Headers(#[from] ConfigError),
    /// The sink file could not be opened, or it is not the receiver's alone (a link,
    /// another user's, writable by others).
    #[error(transparent)]
    File(#[from] crate::private_files::UnsafeFile),
}

/// An export destination.
#[derive(Debug)]
pub enum Sink {
    /// An OTLP backend. Batches go out encoded once, not cloned into a message per
    /// attempt; clones of the client share its connections.
    Otlp(Client),
    /// OTLP-JSON lines in a file.
    File {
        /// The open file.
        file: std::fs::File,
        /// Its path, for messages.
        path: String,
    },
}

impl Sink {
    /// Builds the sink the configuration names. Connections are made lazily.
    pub fn from_config(config: &Config) -> Result<Sink, SinkError> {
        Sink::for_target(config, config.export_target().expect("validated"))
    }

    /// Builds a sink for `target` with the configuration's export settings.
    pub fn for_target(config: &Config, target: ExportTarget) -> Result<Sink, SinkError> {
        Sink::otlp(config, target, false)
    }

    /// Builds the kernel metrics' own destination (`export.metrics_endpoint`): its URL
    /// takes the metrics requests as given, over its own protocol.
    pub fn for_metrics(config: &Config, target: ExportTarget) -> Result<Sink, SinkError> {
        Sink::otlp(config, target, true)
    }

    fn otlp(config: &Config, target: ExportTarget, metrics: bool) -> Result<Sink, SinkError> {
        let (url, protocol) = match target {
            ExportTarget::File(path) => return Sink::file(&path),
            ExportTarget::Grpc(url) => (url, Protocol::Grpc),
            ExportTarget::Http { url, json: false } => (url, Protocol::HttpProtobuf),
            ExportTarget::Http { url, json: true } => (url, Protocol::HttpJson),
        };
        let e = &config.export;
        let client = otlp_client::ExportConfig {
            protocol,
            endpoint: None,
            traces_endpoint: Some(url.clone()),
            metrics_endpoint: metrics.then(|| url.clone()),
            insecure: e.tls.insecure,
            headers: e.client_headers()?,
            timeout: e.timeout,
            compression: e.compression,
            tls: tls_files(e),
            // A connection per batch in flight: one connection is read by one task at
            // each end.
            grpc_connections: e.concurrency,
            user_agent: concat!("gpu-otel-receiver/", env!("CARGO_PKG_VERSION")).to_string(),
        };
        Client::new(&client)
            .map(Sink::Otlp)
            .map_err(|source| SinkError::Client {
                endpoint: url,
                source,
            })
    }

    /// The file sink at `path` (appending; created 0600, never through a link, refused
    /// when another user owns it or may write to it; the kernel metrics' file beside it
    /// is opened the same way for each write).
    pub fn file(path: &Path) -> Result<Sink, SinkError> {
        let file = private_files::open_append(path, "export.file")?;
        Ok(Sink::File {
            file,
            path: path.display().to_string(),
        })
    }

    /// Where this sink sends, for logs and the summary.
    pub fn describe(&self) -> String {
        match self {
            Sink::Otlp(client) => client.describe(),
            Sink::File { path, .. } => format!("OTLP-JSON file {path}"),
        }
    }

    /// The endpoint (URL or file) alone, as it may be shown: the `destination` label of
    /// the metrics and the logs (a URL without its userinfo and query).
    pub fn endpoint(&self) -> String {
        match self {
            Sink::Otlp(client) => client.shown_url(),
            Sink::File { path, .. } => path.clone(),
        }
    }

    /// A second handle on the same destination, for concurrent batches; none for the
    /// file sink (one writer keeps its lines whole).
    pub fn try_clone(&self) -> Option<Sink> {
        match self {
            Sink::Otlp(client) => Some(Sink::Otlp(client.clone())),
            Sink::File { .. } => None,
        }
    }

    /// A batch as every attempt sends it, prepared once: encoded (and, for a backend,
    /// compressed or written as OTLP/JSON; for the file, an OTLP-JSON line).
    pub fn prepare(&self, req: &WireRequest) -> Result<Prepared, String> {
        match self {
            Sink::Otlp(client) => client
                .prepare(req.encode_to_vec().into())
                .map(Prepared::Otlp),
            Sink::File { .. } => {
                let mut line = to_json(req)?;
                line.push(b'\n');
                Ok(Prepared::Line(line))
            }
        }
    }

    /// An OTLP Profiles request (an encoded `ExportProfilesServiceRequest`) as every
    /// attempt sends it, to the profiles destination (an OTLP endpoint, never a file).
    pub fn prepare_profiles(&self, body: bytes::Bytes) -> Result<Prepared, String> {
        match self {
            Sink::Otlp(client) => client.prepare_profiles(body).map(Prepared::Otlp),
            Sink::File { .. } => Err("profiles go to an OTLP endpoint, not a file".into()),
        }
    }

    /// A metrics request (an encoded `ExportMetricsServiceRequest`) as every attempt
    /// sends it: to the backend's metrics service, or as an OTLP-JSON line for the file
    /// beside the span file (`<file>.metrics.jsonl`), so the span file stays one kind of
    /// request per line.
    pub fn prepare_metrics(&self, body: bytes::Bytes) -> Result<Prepared, String> {
        match self {
            Sink::Otlp(client) => client.prepare_metrics(body).map(Prepared::Otlp),
            Sink::File { .. } => {
                use opentelemetry_proto::tonic::collector::metrics::v1::ExportMetricsServiceRequest;
                let mut line = ExportMetricsServiceRequest::decode(body)
                    .map_err(|e| e.to_string())
                    .and_then(|r| serde_json::to_vec(&r).map_err(|e| e.to_string()))
                    .map_err(|why| format!("metrics as OTLP/JSON: {why}"))?;
                line.push(b'\n');
                Ok(Prepared::MetricsLine(line))
            }
        }
    }

    /// One attempt to deliver a prepared request.
    pub async fn send(&self, body: &Prepared) -> Attempt {
        match (self, body) {
            (Sink::Otlp(client), Prepared::Otlp(p)) => client.send_prepared(p).await,
            (Sink::File { file, path }, Prepared::Line(line)) => {
                // One writer (no clone of a file sink): each line goes out whole.
                let mut file = file;
                match file.write_all(line).and_then(|_| file.flush()) {
                    Ok(()) => Attempt::delivered(),
                    Err(e) => Attempt::fatal(format!("writing {path}: {e}")),
                }
            }
            (Sink::File { path, .. }, Prepared::MetricsLine(line)) => {
                let metrics_path = metrics_file(Path::new(path));
                let written = private_files::open_append(&metrics_path, "export.file")
                    .map_err(|e| e.to_string())
                    .and_then(|mut f| f.write_all(line).map_err(|e| e.to_string()));
                match written {
                    Ok(()) => Attempt::delivered(),
                    Err(e) => Attempt::fatal(format!("writing {}: {e}", metrics_path.display())),
                }
            }
            _ => Attempt::fatal("a request prepared for another sink"),
        }
    }
}

/// A request as a sink sends it, prepared once however many times it is retried.
#[derive(Debug)]
pub enum Prepared {
    /// For a backend: encoded, compressed (or OTLP/JSON).
    Otlp(otlp_client::Prepared),
    /// A span batch's OTLP-JSON line for the file sink.
    Line(Vec<u8>),
    /// A metrics request's OTLP-JSON line for the file beside the span file.
    MetricsLine(Vec<u8>),
}

impl otlp_client::Target for Sink {
    type Body = Prepared;
    fn attempt(&self, body: &Prepared) -> impl std::future::Future<Output = Attempt> + Send {
        self.send(body)
    }
}

/// The kernel metrics' file beside the span file `path`: `<path>.metrics.jsonl`.
fn metrics_file(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".metrics.jsonl");
    name.into()
}

/// The TLS files of `export.tls`, each named by its parameter.
pub fn tls_files(e: &crate::config::ExportConfig) -> TlsFiles {
    let file = |setting: &'static str, path: &Option<std::path::PathBuf>| {
        path.as_ref().map(|p| TlsFile::new(setting, p))
    };
    TlsFiles {
        certificate: file("export.tls.ca_file", &e.tls.ca_file),
        client_certificate: file("export.tls.cert_file", &e.tls.cert_file),
        client_key: file("export.tls.key_file", &e.tls.key_file),
    }
}

/// OTLP/JSON of a batch: its spans are decoded for it (the protobuf path never does).
fn to_json(req: &WireRequest) -> Result<Vec<u8>, String> {
    let decoded = req
        .to_proto()
        .map_err(|e| format!("a span does not decode: {e}"))?;
    serde_json::to_vec(&decoded).map_err(|e| format!("cannot write OTLP/JSON: {e}"))
}
