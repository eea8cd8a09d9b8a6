//! Where encoded requests go: OTLP/gRPC (tonic) or OTLP/HTTP (reqwest), as the
//! standard `OTEL_EXPORTER_OTLP_*` variables say, or an in-process sink for tests and
//! benchmarks. A request is sent as the bytes the encoder made: nothing is decoded or
//! re-encoded on the way (but for OTLP/HTTP JSON, which is protobuf turned to JSON).
//! `https://` endpoints use TLS (rustls) with the system's roots, or the CA and client
//! certificate of `OTEL_EXPORTER_OTLP_CERTIFICATE` etc. (`tls.rs`).

use std::future::Future;
use std::io::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message;
use tonic::metadata::{MetadataKey, MetadataValue};
use tonic::Status;

use super::tls::{handshake_failure, ClientTls};
use crate::config::{Compression, ExportConfig, Protocol};

/// Why a request was not delivered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// The backend is there but asked for a retry (busy, unavailable, throttled).
    #[error("retryable: {why}")]
    Retry {
        /// The backend's hint, when it gave one.
        after: Option<Duration>,
        /// What it said.
        why: String,
    },
    /// Nobody accepted the connection: the port is closed or the host is gone.
    #[error("unreachable: {0}")]
    Unreachable(String),
    /// The backend refused the request for good (malformed, unauthenticated, too big).
    #[error("refused: {0}")]
    Refused(String),
}

/// A destination of encoded `ExportTraceServiceRequest`s.
pub trait Sink: Send + Sync + 'static {
    /// Delivers one request; resolves once the backend answered.
    fn send(&self, body: Bytes) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// Counts what it is given and answers at once: the export path alone, without a
/// network, for benchmarks and tests.
#[derive(Debug, Default)]
pub struct CountingSink {
    /// Requests received.
    pub requests: AtomicU64,
    /// Bytes received.
    pub bytes: AtomicU64,
}

impl Sink for Arc<CountingSink> {
    async fn send(&self, body: Bytes) -> Result<(), SendError> {
        self.requests.fetch_add(1, Ordering::Relaxed);
        self.bytes.fetch_add(body.len() as u64, Ordering::Relaxed);
        Ok(())
    }
}

/// Whether an error chain says the connection itself failed (nobody listening).
fn connect_failed(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cur = Some(e);
    while let Some(err) = cur {
        if let Some(io) = err.downcast_ref::<std::io::Error>() {
            use std::io::ErrorKind::*;
            if matches!(
                io.kind(),
                ConnectionRefused | ConnectionReset | NotConnected | AddrNotAvailable
            ) {
                return true;
            }
        }
        let text = err.to_string();
        if text.contains("tcp connect error") || text.contains("dns error") {
            return true;
        }
        cur = err.source();
    }
    false
}

/// A server's partial success: spans it did not take. Counted as refused.
fn partial(resp: &ExportTraceServiceResponse) -> Result<(), SendError> {
    match &resp.partial_success {
        Some(p) if p.rejected_spans > 0 => Err(SendError::Refused(format!(
            "the backend rejected {} spans: {}",
            p.rejected_spans, p.error_message
        ))),
        _ => Ok(()),
    }
}

/// Connections a gRPC sink spreads its requests over.
const GRPC_CONNECTIONS: usize = 4;

/// OTLP/gRPC over a few HTTP/2 connections, requests spread round-robin: one
/// connection is read by one task at each end, which caps a single connection near
/// 0.5 GB/s of PyTorch-shaped spans.
#[derive(Debug, Clone)]
pub struct GrpcSink {
    clients: Vec<tonic::client::Grpc<tonic::transport::Channel>>,
    next: Arc<std::sync::atomic::AtomicUsize>,
    headers: Vec<(
        MetadataKey<tonic::metadata::Ascii>,
        MetadataValue<tonic::metadata::Ascii>,
    )>,
}

impl GrpcSink {
    /// A channel to `endpoint` (`http://host:port`), connected lazily. Must be built
    /// inside a Tokio runtime.
    pub fn new(cfg: &ExportConfig) -> Result<Self, String> {
        let endpoint = cfg.grpc_endpoint();
        let mut target = tonic::transport::Endpoint::from_shared(endpoint.clone())
            .map_err(|e| format!("{endpoint}: {e}"))?
            .timeout(cfg.timeout)
            .connect_timeout(cfg.timeout.min(Duration::from_secs(2)))
            .tcp_nodelay(true)
            .http2_adaptive_window(true);
        if endpoint.starts_with("https://") {
            let files = ClientTls::load(&cfg.tls).map_err(|e| e.to_string())?;
            let mut tls = tonic::transport::ClientTlsConfig::new();
            tls = match &files.ca_pem {
                Some(pem) => tls.ca_certificate(tonic::transport::Certificate::from_pem(pem)),
                None => tls.with_native_roots(),
            };
            if let Some((cert, key)) = &files.identity {
                tls = tls.identity(tonic::transport::Identity::from_pem(cert, key));
            }
            target = target
                .tls_config(tls)
                .map_err(|e| format!("{endpoint}: TLS: {e}"))?;
        }
        let clients = (0..GRPC_CONNECTIONS)
            .map(|_| {
                let client = tonic::client::Grpc::new(target.connect_lazy())
                    .max_encoding_message_size(usize::MAX)
                    .max_decoding_message_size(4 << 20);
                if cfg.compression == Compression::Gzip {
                    client.send_compressed(tonic::codec::CompressionEncoding::Gzip)
                } else {
                    client
                }
            })
            .collect();
        let headers = cfg
            .headers
            .iter()
            .filter_map(|(k, v)| {
                let key = MetadataKey::from_bytes(k.to_ascii_lowercase().as_bytes()).ok()?;
                let mut value = MetadataValue::try_from(v.as_str()).ok()?;
                // Never shown by Debug or in a log.
                value.set_sensitive(true);
                Some((key, value))
            })
            .collect();
        Ok(GrpcSink {
            clients,
            next: Arc::default(),
            headers,
        })
    }
}

/// Whether a RESOURCE_EXHAUSTED message is about the request's size (grpc-go's
/// "received message larger than max", tonic's "message length too large").
fn size_limit(message: &str) -> bool {
    let m = message.to_ascii_lowercase();
    m.contains("larger than max") || m.contains("too large") || m.contains("message length")
}

fn retry_after_grpc(status: &Status) -> Option<Duration> {
    use tonic_types::StatusExt;
    status.get_details_retry_info().and_then(|r| r.retry_delay)
}

impl Sink for GrpcSink {
    async fn send(&self, body: Bytes) -> Result<(), SendError> {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len();
        let mut client = self.clients[i].clone();
        let mut req = tonic::Request::new(body);
        for (k, v) in &self.headers {
            req.metadata_mut().insert(k.clone(), v.clone());
        }
        match otlp_client::grpc::export(&mut client, req).await {
            Ok(resp) => partial(resp.get_ref()),
            Err(status) => {
                use tonic::Code::*;
                if let Some(tls) = handshake_failure(&status) {
                    return Err(SendError::Refused(format!("TLS handshake failed: {tls}")));
                }
                let why = format!("{:?}: {}", status.code(), status.message());
                if status.code() == Unavailable && connect_failed(&status) {
                    return Err(SendError::Unreachable(why));
                }
                match status.code() {
                    // The OTLP specification's retryable codes.
                    Cancelled | DeadlineExceeded | Aborted | OutOfRange | Unavailable
                    | DataLoss => Err(SendError::Retry {
                        after: retry_after_grpc(&status),
                        why,
                    }),
                    // A size limit is final (our requests are already small); anything
                    // else is a server out of room, which recovers: retried while the
                    // budget holds, after its hint when it gives one.
                    ResourceExhausted if size_limit(status.message()) => {
                        Err(SendError::Refused(why))
                    }
                    ResourceExhausted => Err(SendError::Retry {
                        after: retry_after_grpc(&status),
                        why,
                    }),
                    _ => Err(SendError::Refused(why)),
                }
            }
        }
    }
}

/// OTLP/HTTP with protobuf or JSON bodies.
#[derive(Debug, Clone)]
pub struct HttpSink {
    client: reqwest::Client,
    url: String,
    json: bool,
    gzip: bool,
    headers: reqwest::header::HeaderMap,
}

impl HttpSink {
    /// A client for the traces URL of `cfg`.
    pub fn new(cfg: &ExportConfig) -> Result<Self, String> {
        let url = cfg.http_url();
        let mut builder = reqwest::Client::builder()
            .timeout(cfg.timeout)
            .connect_timeout(cfg.timeout.min(Duration::from_secs(2)))
            .tcp_nodelay(true);
        if url.starts_with("https://") {
            let files = ClientTls::load(&cfg.tls).map_err(|e| e.to_string())?;
            if let Some(pem) = &files.ca_pem {
                // The given CA alone, as the specification's "certificate" means.
                builder = builder.tls_built_in_root_certs(false);
                for cert in reqwest::Certificate::from_pem_bundle(pem)
                    .map_err(|e| format!("{url}: TLS: {e}"))?
                {
                    builder = builder.add_root_certificate(cert);
                }
            }
            if let Some((cert, key)) = &files.identity {
                let identity = reqwest::Identity::from_pem(&[key.as_slice(), cert].concat())
                    .map_err(|e| format!("{url}: TLS client certificate: {e}"))?;
                builder = builder.identity(identity);
            }
        }
        let client = builder.build().map_err(|e| e.to_string())?;
        let mut headers = reqwest::header::HeaderMap::new();
        for (k, v) in &cfg.headers {
            if let (Ok(k), Ok(mut v)) = (
                reqwest::header::HeaderName::from_bytes(k.as_bytes()),
                reqwest::header::HeaderValue::from_str(v),
            ) {
                v.set_sensitive(true);
                headers.insert(k, v);
            }
        }
        Ok(HttpSink {
            client,
            url,
            json: cfg.protocol == Protocol::HttpJson,
            gzip: cfg.compression == Compression::Gzip,
            headers,
        })
    }
}

fn retry_after_http(resp: &reqwest::Response) -> Option<Duration> {
    resp.headers()
        .get(reqwest::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim()
        .parse::<u64>()
        .ok()
        .map(Duration::from_secs)
}

impl Sink for HttpSink {
    async fn send(&self, body: Bytes) -> Result<(), SendError> {
        let (mut body, content_type) = if self.json {
            let req = ExportTraceServiceRequest::decode(body)
                .map_err(|e| SendError::Refused(e.to_string()))?;
            let json = serde_json::to_vec(&req).map_err(|e| SendError::Refused(e.to_string()))?;
            (Bytes::from(json), "application/json")
        } else {
            (body, "application/x-protobuf")
        };
        let mut req = self
            .client
            .post(&self.url)
            .headers(self.headers.clone())
            .header(reqwest::header::CONTENT_TYPE, content_type);
        if self.gzip {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(&body)
                .map_err(|e| SendError::Refused(e.to_string()))?;
            body = Bytes::from(gz.finish().map_err(|e| SendError::Refused(e.to_string()))?);
            req = req.header(reqwest::header::CONTENT_ENCODING, "gzip");
        }
        let resp = match req.body(body).send().await {
            Ok(r) => r,
            Err(e) if handshake_failure(&e).is_some() => {
                let tls = handshake_failure(&e).unwrap_or_default();
                return Err(SendError::Refused(format!("TLS handshake failed: {tls}")));
            }
            Err(e) if e.is_connect() => return Err(SendError::Unreachable(e.to_string())),
            Err(e) => {
                return Err(SendError::Retry {
                    after: None,
                    why: e.to_string(),
                })
            }
        };
        let status = resp.status();
        if status.is_success() {
            let bytes = resp.bytes().await.unwrap_or_default();
            if self.json || bytes.is_empty() {
                return Ok(());
            }
            return match ExportTraceServiceResponse::decode(bytes) {
                Ok(r) => partial(&r),
                Err(_) => Ok(()),
            };
        }
        let after = retry_after_http(&resp);
        let why = format!("HTTP {status}");
        match status.as_u16() {
            429 | 502 | 503 | 504 => Err(SendError::Retry { after, why }),
            _ => Err(SendError::Refused(why)),
        }
    }
}

/// The sink the configuration names.
#[derive(Debug, Clone)]
pub enum OtlpSink {
    /// OTLP/gRPC.
    Grpc(GrpcSink),
    /// OTLP/HTTP.
    Http(HttpSink),
}

impl OtlpSink {
    /// The sink of `cfg`'s protocol. Must be called inside a Tokio runtime.
    pub fn new(cfg: &ExportConfig) -> Result<Self, String> {
        match cfg.protocol {
            Protocol::Grpc => GrpcSink::new(cfg).map(OtlpSink::Grpc),
            Protocol::HttpProtobuf | Protocol::HttpJson => HttpSink::new(cfg).map(OtlpSink::Http),
        }
    }
}

impl Sink for OtlpSink {
    async fn send(&self, body: Bytes) -> Result<(), SendError> {
        match self {
            OtlpSink::Grpc(s) => s.send(body).await,
            OtlpSink::Http(s) => s.send(body).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_port_answers_unreachable() {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        for protocol in [Protocol::Grpc, Protocol::HttpProtobuf] {
            let cfg = ExportConfig {
                protocol,
                endpoint: Some(format!("http://127.0.0.1:{port}")),
                ..ExportConfig::default()
            };
            let started = std::time::Instant::now();
            let r = rt.block_on(async {
                let sink = OtlpSink::new(&cfg).unwrap();
                sink.send(Bytes::new()).await
            });
            eprintln!("{protocol:?}: {r:?} in {:?}", started.elapsed());
            assert!(matches!(r, Err(SendError::Unreachable(_))), "{r:?}");
        }
    }
}

#[cfg(test)]
mod tls_tests {
    use super::*;
    use crate::config::{EnvFile, TlsFiles};

    fn with_ca(protocol: Protocol, endpoint: &str) -> ExportConfig {
        ExportConfig {
            protocol,
            endpoint: Some(endpoint.into()),
            tls: TlsFiles {
                certificate: Some(EnvFile {
                    var: "OTEL_EXPORTER_OTLP_CERTIFICATE",
                    path: "/nonexistent/ca.crt".into(),
                }),
                ..TlsFiles::default()
            },
            ..ExportConfig::default()
        }
    }

    #[test]
    fn an_https_exporter_with_a_missing_certificate_file_is_not_built_and_says_which() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        for protocol in [Protocol::Grpc, Protocol::HttpProtobuf] {
            let err = rt
                .block_on(async { OtlpSink::new(&with_ca(protocol, "https://collector:4317")) })
                .unwrap_err();
            assert!(
                err.starts_with(
                    "OTEL_EXPORTER_OTLP_CERTIFICATE=/nonexistent/ca.crt: cannot read it"
                ),
                "{protocol:?}: {err}"
            );
            // Plain-text endpoints have no use for it (as the specification says).
            rt.block_on(async { OtlpSink::new(&with_ca(protocol, "http://collector:4317")) })
                .unwrap();
        }
    }
}

#[cfg(test)]
mod retry_info_tests {
    use super::*;
    use tonic_types::{ErrorDetails, StatusExt};

    #[test]
    fn a_size_limit_is_final_and_any_other_exhaustion_is_retried() {
        assert!(size_limit(
            "grpc: received message larger than max (5000000 vs. 4194304)"
        ));
        assert!(size_limit(
            "decoded message length too large: found 5000000 bytes"
        ));
        assert!(!size_limit("the receiver is at capacity; retry after 1s"));
    }

    #[test]
    fn resource_exhausted_with_retry_info_is_retried_after_the_hint() {
        let s = Status::with_error_details(
            tonic::Code::ResourceExhausted,
            "busy",
            ErrorDetails::with_retry_info(Some(Duration::from_secs(1))),
        );
        assert_eq!(retry_after_grpc(&s), Some(Duration::from_secs(1)));
    }
}

#[cfg(test)]
mod grpc_retry_tests {
    use super::*;
    use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
        TraceService, TraceServiceServer,
    };

    struct Busy;

    #[tonic::async_trait]
    impl TraceService for Busy {
        async fn export(
            &self,
            _: tonic::Request<ExportTraceServiceRequest>,
        ) -> Result<tonic::Response<ExportTraceServiceResponse>, Status> {
            use tonic_types::{ErrorDetails, StatusExt};
            Err(Status::with_error_details(
                tonic::Code::ResourceExhausted,
                "at capacity",
                ErrorDetails::with_retry_info(Some(Duration::from_secs(1))),
            ))
        }
    }

    #[test]
    fn a_busy_server_s_retry_info_reaches_the_sender_as_a_retry_hint() {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let r = rt.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            tokio::spawn(
                tonic::transport::Server::builder()
                    .add_service(TraceServiceServer::new(Busy))
                    .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
            );
            let cfg = ExportConfig {
                endpoint: Some(format!("http://{addr}")),
                ..ExportConfig::default()
            };
            let body = Bytes::from(ExportTraceServiceRequest::default().encode_to_vec());
            GrpcSink::new(&cfg).unwrap().send(body).await
        });
        assert!(
            matches!(r, Err(SendError::Retry { after: Some(d), .. }) if d == Duration::from_secs(1)),
            "{r:?}"
        );
    }
}
