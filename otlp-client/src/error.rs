//! Why a client could not be built: each cause names what to fix (the protocol's
//! cargo feature, the endpoint, the TLS setting and its file).

use crate::compression::Compression;
use crate::config::Protocol;
use crate::tls::TlsError;

/// A client could not be built.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The protocol's transport was left out of this build.
    #[error("OTLP protocol {protocol} is not in this build (it needs the cargo feature `{}`)", protocol.feature())]
    NotBuilt {
        /// The protocol asked for.
        protocol: Protocol,
    },
    /// The compression was left out of this build.
    #[error("OTLP compression {compression} is not in this build (it needs the cargo feature `{compression}`)")]
    CompressionNotBuilt {
        /// The compression asked for.
        compression: Compression,
    },
    /// The endpoint, or its TLS settings, cannot be used.
    #[error("{}: {reason}", crate::endpoint::redacted(url))]
    Endpoint {
        /// The URL (shown without its userinfo and query).
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
