//! The client: the transport the configuration's protocol names, built once (TLS files
//! read and checked then), one attempt per [`Client::send`]. A request is prepared once
//! ([`Client::prepare`]: written as JSON, compressed) and every attempt of the retry
//! driver ([`crate::driver`]) sends those same bytes.

use bytes::Bytes;

use crate::config::{ExportConfig, Protocol};
use crate::error::ClientError;
use crate::retry::Attempt;
use crate::signal::Signal;

#[derive(Debug, Clone)]
enum Transport {
    #[cfg(feature = "grpc")]
    Grpc(crate::grpc::GrpcTransport),
    #[cfg(feature = "http")]
    Http(crate::http::HttpTransport),
}

/// A request as the client sends it: its body in the wire's encoding and compression,
/// prepared once however many times it is sent. Cheap to clone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    signal: Signal,
    body: Bytes,
}

impl Prepared {
    /// The bytes each attempt sends.
    pub fn body(&self) -> &Bytes {
        &self.body
    }
}

impl crate::driver::Target for Client {
    type Body = Prepared;
    fn attempt(&self, body: &Prepared) -> impl std::future::Future<Output = Attempt> + Send {
        self.send_prepared(body)
    }
}

/// An OTLP trace exporter's client. Cheap to clone: clones share connections.
#[derive(Debug, Clone)]
pub struct Client {
    protocol: Protocol,
    url: String,
    transport: Transport,
}

impl Client {
    /// The client `cfg` describes. Connections open lazily, at the first request; a
    /// gRPC client must be built inside a Tokio runtime.
    pub fn new(cfg: &ExportConfig) -> Result<Client, ClientError> {
        let url = cfg.url();
        if !cfg.compression.is_built() {
            return Err(ClientError::CompressionNotBuilt {
                compression: cfg.compression,
            });
        }
        let transport = match cfg.protocol {
            #[cfg(feature = "grpc")]
            Protocol::Grpc => Transport::Grpc(crate::grpc::GrpcTransport::new(cfg, &url)?),
            #[cfg(feature = "http")]
            Protocol::HttpProtobuf | Protocol::HttpJson => {
                Transport::Http(crate::http::HttpTransport::new(cfg, &url)?)
            }
            #[allow(unreachable_patterns)]
            protocol => return Err(ClientError::NotBuilt { protocol }),
        };
        Ok(Client {
            protocol: cfg.protocol,
            url,
            transport,
        })
    }

    /// One attempt to deliver `request`, an encoded `ExportTraceServiceRequest`.
    pub async fn send(&self, request: Bytes) -> Attempt {
        match self.prepare(request) {
            Ok(p) => self.send_prepared(&p).await,
            Err(why) => Attempt::fatal(why),
        }
    }

    /// One attempt to deliver `request`, an encoded `ExportMetricsServiceRequest`, to
    /// the same backend: `MetricsService/Export` over gRPC, over OTLP/HTTP the
    /// `/v1/metrics` beside the traces URL ([`crate::endpoint::metrics_url_beside`]).
    pub async fn send_metrics(&self, request: Bytes) -> Attempt {
        match self.prepare_metrics(request) {
            Ok(p) => self.send_prepared(&p).await,
            Err(why) => Attempt::fatal(why),
        }
    }

    /// `request`, an encoded `ExportTraceServiceRequest`, as every attempt sends it
    /// (OTLP/JSON if so configured, compressed); `Err`: why it cannot be sent.
    pub fn prepare(&self, request: Bytes) -> Result<Prepared, String> {
        self.prepare_signal(Signal::Traces, request)
    }

    /// [`Client::prepare`] for an encoded `ExportMetricsServiceRequest`.
    pub fn prepare_metrics(&self, request: Bytes) -> Result<Prepared, String> {
        self.prepare_signal(Signal::Metrics, request)
    }

    /// [`Client::prepare`] for an encoded OTLP Profiles `ExportProfilesServiceRequest`
    /// (`v1development`): `ProfilesService/Export` over gRPC; over OTLP/HTTP (protobuf)
    /// to this client's endpoint as given, so make the client with the profiles URL
    /// (`…/v1development/profiles`).
    pub fn prepare_profiles(&self, request: Bytes) -> Result<Prepared, String> {
        self.prepare_signal(Signal::Profiles, request)
    }

    fn prepare_signal(&self, signal: Signal, request: Bytes) -> Result<Prepared, String> {
        let body = match &self.transport {
            #[cfg(feature = "grpc")]
            Transport::Grpc(t) => t.prepare(request),
            #[cfg(feature = "http")]
            Transport::Http(t) => t.prepare(signal, request),
        }?;
        Ok(Prepared { signal, body })
    }

    /// One attempt to deliver a prepared request.
    pub async fn send_prepared(&self, request: &Prepared) -> Attempt {
        let body = request.body.clone();
        match &self.transport {
            #[cfg(feature = "grpc")]
            Transport::Grpc(t) => t.send(request.signal, body).await,
            #[cfg(feature = "http")]
            Transport::Http(t) => t.send(request.signal, body).await,
        }
    }

    /// The URL requests go to.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The protocol.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The URL as it may be shown (logs, metric labels): without its userinfo and
    /// query ([`crate::endpoint::redacted`]).
    pub fn shown_url(&self) -> String {
        crate::endpoint::redacted(&self.url)
    }

    /// Protocol and URL as shown, for logs: `OTLP/gRPC http://…`, `OTLP/HTTP json http://…`.
    pub fn describe(&self) -> String {
        let url = self.shown_url();
        match self.protocol {
            Protocol::Grpc => format!("OTLP/gRPC {url}"),
            Protocol::HttpProtobuf => format!("OTLP/HTTP protobuf {url}"),
            Protocol::HttpJson => format!("OTLP/HTTP json {url}"),
        }
    }
}
