//! The exporter's settings, typed: what the `OTEL_EXPORTER_OTLP_*` variables configure
//! (see [`crate::env`]; the URL they make: [`crate::endpoint`]), plus how many gRPC connections to spread requests over and the
//! `User-Agent` to send.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::compression::Compression;
use crate::headers::Headers;
use crate::tls::TlsFiles;

/// The specification's default timeout of one export.
pub const TIMEOUT_DEFAULT: Duration = Duration::from_secs(10);
/// The longest a connection may take to open: a closed port or a dead host is known as
/// unreachable soon, whatever the export timeout.
pub(crate) const CONNECT_TIMEOUT_MAX: Duration = Duration::from_secs(2);
/// Connections a gRPC client spreads its requests over: one connection is read by one
/// task at each end, which caps it near 0.5 GB/s of PyTorch-shaped spans.
pub const GRPC_CONNECTIONS_DEFAULT: usize = 4;

/// The OTLP transport and encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Protocol {
    /// OTLP/gRPC.
    #[serde(rename = "grpc")]
    Grpc,
    /// OTLP/HTTP with binary protobuf bodies.
    #[serde(rename = "http/protobuf")]
    HttpProtobuf,
    /// OTLP/HTTP with JSON bodies.
    #[serde(rename = "http/json")]
    HttpJson,
}

/// A protocol name that is not one of OTLP's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("must be grpc, http/protobuf or http/json, got {0:?}")]
pub struct UnknownProtocol(pub String);

impl Protocol {
    /// The variable's value, case-insensitively.
    pub fn parse(name: &str) -> Result<Protocol, UnknownProtocol> {
        match name.trim().to_ascii_lowercase().as_str() {
            "grpc" => Ok(Protocol::Grpc),
            "http/protobuf" => Ok(Protocol::HttpProtobuf),
            "http/json" => Ok(Protocol::HttpJson),
            _ => Err(UnknownProtocol(name.to_string())),
        }
    }

    /// Its name, as the variable writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::Grpc => "grpc",
            Protocol::HttpProtobuf => "http/protobuf",
            Protocol::HttpJson => "http/json",
        }
    }

    /// The cargo feature that carries its transport.
    pub fn feature(self) -> &'static str {
        match self {
            Protocol::Grpc => "grpc",
            Protocol::HttpProtobuf | Protocol::HttpJson => "http",
        }
    }
}

/// gRPC, the project's default since its first exporter; in a build without it,
/// OTLP/HTTP with protobuf (the specification's own default), so that an unconfigured
/// exporter uses the stack it carries.
impl Default for Protocol {
    fn default() -> Self {
        if cfg!(feature = "grpc") {
            Protocol::Grpc
        } else {
            Protocol::HttpProtobuf
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where and how trace requests are exported.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportConfig {
    /// The transport.
    pub protocol: Protocol,
    /// `OTEL_EXPORTER_OTLP_ENDPOINT`: the base URL.
    pub endpoint: Option<String>,
    /// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`: the full URL.
    pub traces_endpoint: Option<String>,
    /// `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`: the full URL of metrics over HTTP, used as
    /// is; None: `/v1/metrics` beside the traces URL. (Over gRPC every signal goes to
    /// the one endpoint.)
    pub metrics_endpoint: Option<String>,
    /// `OTEL_EXPORTER_OTLP_INSECURE`: an endpoint without a scheme is plain text.
    pub insecure: bool,
    /// Sent with every request.
    pub headers: Headers,
    /// How long one attempt may take.
    pub timeout: Duration,
    /// Body compression.
    pub compression: Compression,
    /// TLS files, for `https://` endpoints.
    pub tls: TlsFiles,
    /// Connections a gRPC client spreads its requests over.
    pub grpc_connections: usize,
    /// The `User-Agent` of every request.
    pub user_agent: String,
}

impl Default for ExportConfig {
    fn default() -> Self {
        ExportConfig {
            protocol: Protocol::default(),
            endpoint: None,
            traces_endpoint: None,
            metrics_endpoint: None,
            insecure: false,
            headers: Headers::default(),
            timeout: TIMEOUT_DEFAULT,
            compression: Compression::None,
            tls: TlsFiles::default(),
            grpc_connections: GRPC_CONNECTIONS_DEFAULT,
            user_agent: concat!("gpu-otel/", env!("CARGO_PKG_VERSION")).to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_names_are_read_case_insensitively_and_an_unknown_one_is_named() {
        assert_eq!(Protocol::parse("HTTP/Protobuf"), Ok(Protocol::HttpProtobuf));
        assert_eq!(Protocol::parse(" http/json"), Ok(Protocol::HttpJson));
        assert_eq!(Protocol::parse("grpc"), Ok(Protocol::Grpc));
        assert_eq!(
            Protocol::parse("udp").unwrap_err().to_string(),
            "must be grpc, http/protobuf or http/json, got \"udp\""
        );
    }

    #[cfg(feature = "grpc")]
    #[test]
    fn the_default_is_grpc_to_localhost_with_the_specifications_timeout() {
        let c = ExportConfig::default();
        assert_eq!(c.url(), "http://localhost:4317");
        assert_eq!(c.timeout, Duration::from_secs(10));
        assert_eq!(c.compression, Compression::None);
    }

    #[cfg(not(feature = "grpc"))]
    #[test]
    fn a_build_without_grpc_defaults_to_http_protobuf() {
        let c = ExportConfig::default();
        assert_eq!(c.protocol, Protocol::HttpProtobuf);
        assert_eq!(c.url(), "http://localhost:4318/v1/traces");
    }
}
