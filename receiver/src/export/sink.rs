//! Where a batch goes: an OTLP/gRPC backend, an OTLP/HTTP backend, or the embedded
//! OTLP-JSON file sink (one export request per line).

use std::io::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceResponse;
use prost::Message;
use tonic::codec::CompressionEncoding;
use tonic::metadata::{MetadataKey, MetadataValue};
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint};
use tonic_types::StatusExt;

use super::retry::{classify_grpc, classify_http, Verdict};
use crate::config::{Compression, Config, ExportTarget};
use crate::wire::WireRequest;

/// A sink could not be built from the configuration.
#[derive(Debug, thiserror::Error)]
pub enum SinkError {
    /// The gRPC endpoint or its TLS settings are unusable.
    #[error("export endpoint {endpoint}: {source}")]
    Grpc {
        /// The endpoint.
        endpoint: String,
        /// Why.
        #[source]
        source: tonic::transport::Error,
    },
    /// The HTTP client could not be built.
    #[error("export HTTP client: {0}")]
    Http(#[from] reqwest::Error),
    /// The CA file could not be read.
    #[error("cannot read export.tls.ca_file {path}: {source}")]
    Ca {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The sink file could not be opened.
    #[error("cannot open export file {path}: {source}")]
    File {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// The result of one attempt, and how many spans the backend refused in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// What to do next.
    pub verdict: Verdict,
    /// Spans the backend refused (OTLP partial success); never retried.
    pub rejected_spans: i64,
}

/// An export destination.
#[derive(Debug)]
pub enum Sink {
    /// OTLP/gRPC.
    Grpc {
        /// Client (boxed: it is most of the enum's size). Batches go out encoded once,
        /// through `semconv::grpc`, not cloned into a message per attempt.
        client: Box<tonic::client::Grpc<Channel>>,
        /// Clients on connections of their own, handed round-robin to concurrent
        /// batches: one connection is read by one task at each end.
        connections: Arc<Vec<tonic::client::Grpc<Channel>>>,
        /// The next of `connections` to hand out.
        next: Arc<std::sync::atomic::AtomicUsize>,
        /// Metadata sent with each call.
        headers: Vec<(
            MetadataKey<tonic::metadata::Ascii>,
            MetadataValue<tonic::metadata::Ascii>,
        )>,
        /// Per-attempt deadline.
        timeout: Duration,
        /// The endpoint, for messages.
        endpoint: String,
    },
    /// OTLP/HTTP.
    Http {
        /// Client (headers, TLS and timeout set on it).
        client: reqwest::Client,
        /// The traces URL.
        url: String,
        /// JSON bodies instead of protobuf.
        json: bool,
        /// gzip bodies.
        gzip: bool,
    },
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
        let e = &config.export;
        let ca = match &e.tls.ca_file {
            Some(p) => Some(std::fs::read(p).map_err(|source| SinkError::Ca {
                path: p.display().to_string(),
                source,
            })?),
            None => None,
        };
        match target {
            ExportTarget::File(path) => Sink::file(&path),
            ExportTarget::Grpc(uri) => {
                let grpc_err = |source| SinkError::Grpc {
                    endpoint: uri.clone(),
                    source,
                };
                let mut endpoint = Endpoint::from_shared(uri.clone())
                    .map_err(grpc_err)?
                    .timeout(e.timeout)
                    .connect_timeout(e.timeout)
                    .tcp_nodelay(true)
                    .http2_adaptive_window(true);
                if uri.starts_with("https://") {
                    let mut tls = ClientTlsConfig::new().with_webpki_roots();
                    if let Some(pem) = &ca {
                        tls = tls.ca_certificate(Certificate::from_pem(pem));
                    }
                    endpoint = endpoint.tls_config(tls).map_err(grpc_err)?;
                }
                let connect = || {
                    let client = tonic::client::Grpc::new(endpoint.connect_lazy())
                        .max_decoding_message_size(usize::MAX)
                        .max_encoding_message_size(usize::MAX);
                    if e.compression == Compression::Gzip {
                        client.send_compressed(CompressionEncoding::Gzip)
                    } else {
                        client
                    }
                };
                let client = connect();
                let connections = Arc::new((0..e.concurrency).map(|_| connect()).collect());
                let headers = e
                    .headers
                    .iter()
                    .filter_map(|(k, v)| {
                        let mut value = MetadataValue::try_from(v.expose()).ok()?;
                        // Never shown by Debug or in a log.
                        value.set_sensitive(true);
                        Some((
                            MetadataKey::from_bytes(k.to_ascii_lowercase().as_bytes()).ok()?,
                            value,
                        ))
                    })
                    .collect();
                Ok(Sink::Grpc {
                    client: Box::new(client),
                    connections,
                    next: Arc::default(),
                    headers,
                    timeout: e.timeout,
                    endpoint: uri,
                })
            }
            ExportTarget::Http { url, json } => {
                let mut headers = reqwest::header::HeaderMap::new();
                for (k, v) in &e.headers {
                    if let (Ok(k), Ok(mut v)) = (
                        reqwest::header::HeaderName::from_bytes(k.as_bytes()),
                        reqwest::header::HeaderValue::from_str(v.expose()),
                    ) {
                        v.set_sensitive(true);
                        headers.insert(k, v);
                    }
                }
                let mut builder = reqwest::Client::builder()
                    .default_headers(headers)
                    .timeout(e.timeout)
                    .user_agent(concat!("gpu-otel-receiver/", env!("CARGO_PKG_VERSION")));
                if let Some(pem) = &ca {
                    builder = builder.add_root_certificate(reqwest::Certificate::from_pem(pem)?);
                }
                Ok(Sink::Http {
                    client: builder.build()?,
                    url,
                    json,
                    gzip: e.compression == Compression::Gzip,
                })
            }
        }
    }

    /// The file sink at `path` (appending).
    pub fn file(path: &Path) -> Result<Sink, SinkError> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|source| SinkError::File {
                path: path.display().to_string(),
                source,
            })?;
        Ok(Sink::File {
            file,
            path: path.display().to_string(),
        })
    }

    /// Where this sink sends, for logs and the summary.
    pub fn describe(&self) -> String {
        match self {
            Sink::Grpc { endpoint, .. } => format!("OTLP/gRPC {endpoint}"),
            Sink::Http { url, json, .. } => format!(
                "OTLP/HTTP {} {url}",
                if *json { "json" } else { "protobuf" }
            ),
            Sink::File { path, .. } => format!("OTLP-JSON file {path}"),
        }
    }

    /// The endpoint (URL or file) alone: the `destination` label of the metrics.
    pub fn endpoint(&self) -> String {
        match self {
            Sink::Grpc { endpoint, .. } => endpoint.clone(),
            Sink::Http { url, .. } => url.clone(),
            Sink::File { path, .. } => path.clone(),
        }
    }

    /// One attempt to deliver `req`.
    /// A second handle on the same destination, for concurrent batches; none for the
    /// file sink (one writer keeps its lines whole).
    pub fn try_clone(&self) -> Option<Sink> {
        match self {
            Sink::Grpc {
                client,
                connections,
                next,
                headers,
                timeout,
                endpoint,
            } => Some(Sink::Grpc {
                client: Box::new(
                    connections
                        .get(
                            next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
                                % connections.len().max(1),
                        )
                        .cloned()
                        .unwrap_or_else(|| (**client).clone()),
                ),
                connections: connections.clone(),
                next: next.clone(),
                headers: headers.clone(),
                timeout: *timeout,
                endpoint: endpoint.clone(),
            }),
            Sink::Http {
                client,
                url,
                json,
                gzip,
            } => Some(Sink::Http {
                client: client.clone(),
                url: url.clone(),
                json: *json,
                gzip: *gzip,
            }),
            Sink::File { .. } => None,
        }
    }

    /// Sends one batch.
    pub async fn send(&mut self, req: &WireRequest) -> Attempt {
        match self {
            Sink::Grpc {
                client,
                headers,
                timeout,
                ..
            } => {
                let mut request = tonic::Request::new(bytes::Bytes::from(req.encode_to_vec()));
                request.set_timeout(*timeout);
                for (k, v) in headers.iter() {
                    request.metadata_mut().insert(k.clone(), v.clone());
                }
                match otlp_client::grpc::export(client, request).await {
                    Ok(resp) => delivered(resp.into_inner()),
                    Err(status) => {
                        let hint = status.get_details_retry_info().and_then(|r| r.retry_delay);
                        Attempt {
                            verdict: classify_grpc(status.code(), status.message(), hint),
                            rejected_spans: 0,
                        }
                    }
                }
            }
            Sink::Http {
                client,
                url,
                json,
                gzip,
            } => {
                let (mut body, content_type) = if *json {
                    match to_json(req) {
                        Ok(body) => (body, "application/json"),
                        Err(why) => return Attempt::fatal(why),
                    }
                } else {
                    (req.encode_to_vec(), "application/x-protobuf")
                };
                let mut call = client
                    .post(url.as_str())
                    .header("content-type", content_type);
                if *gzip {
                    let mut enc =
                        flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                    enc.write_all(&body).expect("writing to memory");
                    body = enc.finish().expect("writing to memory");
                    call = call.header("content-encoding", "gzip");
                }
                match call.body(body).send().await {
                    Err(e) => Attempt {
                        verdict: Verdict::Retry(None).or_fatal(&e),
                        rejected_spans: 0,
                    },
                    Ok(resp) => {
                        let status = resp.status().as_u16();
                        let retry_after = resp
                            .headers()
                            .get("retry-after")
                            .and_then(|v| v.to_str().ok())
                            .map(str::to_string);
                        let verdict =
                            classify_http(status, retry_after.as_deref(), SystemTime::now());
                        if verdict != Verdict::Delivered {
                            return Attempt {
                                verdict,
                                rejected_spans: 0,
                            };
                        }
                        let bytes = resp.bytes().await.unwrap_or_default();
                        let parsed = if *json {
                            serde_json::from_slice(&bytes).ok()
                        } else {
                            ExportTraceServiceResponse::decode(bytes).ok()
                        };
                        parsed.map_or(
                            Attempt {
                                verdict: Verdict::Delivered,
                                rejected_spans: 0,
                            },
                            delivered,
                        )
                    }
                }
            }
            Sink::File { file, path } => {
                let mut line = match to_json(req) {
                    Ok(line) => line,
                    Err(why) => return Attempt::fatal(why),
                };
                line.push(b'\n');
                match file.write_all(&line).and_then(|_| file.flush()) {
                    Ok(()) => Attempt {
                        verdict: Verdict::Delivered,
                        rejected_spans: 0,
                    },
                    Err(e) => Attempt {
                        verdict: Verdict::Fatal(format!("writing {path}: {e}")),
                        rejected_spans: 0,
                    },
                }
            }
        }
    }
}

impl Attempt {
    fn fatal(why: String) -> Attempt {
        Attempt {
            verdict: Verdict::Fatal(why),
            rejected_spans: 0,
        }
    }
}

/// OTLP/JSON of a batch: its spans are decoded for it (the protobuf path never does).
fn to_json(req: &WireRequest) -> Result<Vec<u8>, String> {
    let decoded = req
        .to_proto()
        .map_err(|e| format!("a span does not decode: {e}"))?;
    serde_json::to_vec(&decoded).map_err(|e| format!("cannot write OTLP/JSON: {e}"))
}

fn delivered(resp: ExportTraceServiceResponse) -> Attempt {
    let rejected_spans = resp.partial_success.map_or(0, |p| p.rejected_spans);
    Attempt {
        verdict: Verdict::Delivered,
        rejected_spans,
    }
}

trait OrFatal {
    fn or_fatal(self, e: &reqwest::Error) -> Verdict;
}

impl OrFatal for Verdict {
    /// Connection and timeout errors are worth retrying; a malformed request is not.
    fn or_fatal(self, e: &reqwest::Error) -> Verdict {
        if e.is_builder() || e.is_body() && !e.is_timeout() {
            Verdict::Fatal(e.to_string())
        } else {
            self
        }
    }
}
