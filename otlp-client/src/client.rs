//! The client: the transport the configuration's protocol names, built once (TLS files
//! read and checked then), one attempt per [`Client::send`]. Retrying is the caller's:
//! the injector and the receiver wait, count and give up differently, with the one
//! classification ([`crate::retry`]) and backoff ([`crate::Backoff`]) of this crate.

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
        self.send_signal(Signal::Traces, request).await
    }

    /// One attempt to deliver `request`, an encoded `ExportMetricsServiceRequest`, to
    /// the same backend: `MetricsService/Export` over gRPC, over OTLP/HTTP the
    /// `/v1/metrics` beside the traces URL ([`crate::endpoint::metrics_url_beside`]).
    pub async fn send_metrics(&self, request: Bytes) -> Attempt {
        self.send_signal(Signal::Metrics, request).await
    }

    /// One attempt to deliver `request`, an encoded OTLP Profiles
    /// `ExportProfilesServiceRequest` (`v1development`): `ProfilesService/Export` over
    /// gRPC; over OTLP/HTTP (protobuf) to this client's endpoint as given, so make the
    /// client with the profiles URL (`…/v1development/profiles`).
    pub async fn send_profiles(&self, request: Bytes) -> Attempt {
        self.send_signal(Signal::Profiles, request).await
    }

    async fn send_signal(&self, signal: Signal, request: Bytes) -> Attempt {
        match &self.transport {
            #[cfg(feature = "grpc")]
            Transport::Grpc(t) => t.send(signal, request).await,
            #[cfg(feature = "http")]
            Transport::Http(t) => t.send(signal, request).await,
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
