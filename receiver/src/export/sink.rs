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

    /// One attempt to deliver a batch.
    pub async fn send(&mut self, req: &WireRequest) -> Attempt {
        match self {
            Sink::Otlp(client) => client.send(req.encode_to_vec().into()).await,
            Sink::File { file, path } => {
                let mut line = match to_json(req) {
                    Ok(line) => line,
                    Err(why) => return Attempt::fatal(why),
                };
                line.push(b'\n');
                match file.write_all(&line).and_then(|_| file.flush()) {
                    Ok(()) => Attempt::delivered(),
                    Err(e) => Attempt::fatal(format!("writing {path}: {e}")),
                }
            }
        }
    }
}

impl Sink {
    /// One attempt to deliver an OTLP Profiles request (an encoded
    /// `ExportProfilesServiceRequest`) to the profiles destination.
    pub async fn send_profiles(&mut self, body: bytes::Bytes) -> Attempt {
        match self {
            Sink::Otlp(client) => client.send_profiles(body).await,
            Sink::File { .. } => Attempt::fatal("profiles go to an OTLP endpoint, not a file"),
        }
    }

    /// One attempt to deliver a metrics request (an encoded
    /// `ExportMetricsServiceRequest`): to the backend's metrics service, or as an
    /// OTLP-JSON line to the file beside the span file (`<file>.metrics.jsonl`), so the
    /// span file stays one kind of request per line.
    pub async fn send_metrics(&mut self, body: bytes::Bytes) -> Attempt {
        match self {
            Sink::Otlp(client) => client.send_metrics(body).await,
            Sink::File { path, .. } => {
                use opentelemetry_proto::tonic::collector::metrics::v1::ExportMetricsServiceRequest;
                let metrics_path = metrics_file(Path::new(path));
                let line = ExportMetricsServiceRequest::decode(body)
                    .map_err(|e| e.to_string())
                    .and_then(|r| serde_json::to_vec(&r).map_err(|e| e.to_string()));
                let mut line = match line {
                    Ok(l) => l,
                    Err(why) => return Attempt::fatal(format!("metrics as OTLP/JSON: {why}")),
                };
                line.push(b'\n');
                let written = private_files::open_append(&metrics_path, "export.file")
                    .map_err(|e| e.to_string())
                    .and_then(|mut f| f.write_all(&line).map_err(|e| e.to_string()));
                match written {
                    Ok(()) => Attempt::delivered(),
                    Err(e) => Attempt::fatal(format!("writing {}: {e}", metrics_path.display())),
                }
            }
        }
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
