//! The client: the transport the configuration's protocol names, built once (TLS files
//! read and checked then), one attempt per [`Client::send`]. Retrying is the caller's:
//! the injector and the receiver wait, count and give up differently, with the one
//! classification ([`crate::retry`]) and backoff ([`crate::Backoff`]) of this crate.

use std::time::Duration;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceResponse;

use crate::retry::{Attempt, Verdict};
use crate::tls::TlsError;
use crate::{ExportConfig, Protocol};

/// The longest a connection may take to open: a closed port or a dead host is known as
/// unreachable soon, whatever the export timeout.
pub(crate) const CONNECT_TIMEOUT_MAX: Duration = Duration::from_secs(2);

/// A client could not be built.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The protocol's transport was left out of this build.
    #[error("OTLP protocol {protocol} is not in this build (it needs the cargo feature `{}`)", protocol.feature())]
    NotBuilt {
        /// The protocol asked for.
        protocol: Protocol,
    },
    /// The endpoint, or its TLS settings, cannot be used.
    #[error("{url}: {reason}")]
    Endpoint {
        /// The URL.
        url: String,
        /// Why.
        reason: String,
    },
    /// A TLS file cannot be used (names the setting and the file).
    #[error(transparent)]
    Tls(#[from] TlsError),
    /// The HTTP client could not be built.
    #[cfg(feature = "http")]
    #[error("OTLP/HTTP client: {0}")]
    Http(#[source] reqwest::Error),
}

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
        match &self.transport {
            #[cfg(feature = "grpc")]
            Transport::Grpc(t) => t.send(request).await,
            #[cfg(feature = "http")]
            Transport::Http(t) => t.send(request).await,
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

    /// Protocol and URL, for logs: `OTLP/gRPC http://…`, `OTLP/HTTP json http://…`.
    pub fn describe(&self) -> String {
        match self.protocol {
            Protocol::Grpc => format!("OTLP/gRPC {}", self.url),
            Protocol::HttpProtobuf => format!("OTLP/HTTP protobuf {}", self.url),
            Protocol::HttpJson => format!("OTLP/HTTP json {}", self.url),
        }
    }
}

/// A delivered request's answer: the spans it refused, if any (never retried).
#[cfg_attr(not(any(feature = "grpc", feature = "http")), allow(dead_code))]
pub(crate) fn partial_success(response: &ExportTraceServiceResponse) -> Attempt {
    let (rejected_spans, backend_message) = response
        .partial_success
        .as_ref()
        .map_or((0, String::new()), |p| {
            (p.rejected_spans.max(0) as u64, p.error_message.clone())
        });
    Attempt {
        verdict: Verdict::Delivered,
        rejected_spans,
        backend_message,
    }
}
