//! OTLP/gRPC: tonic over a few HTTP/2 connections, requests spread round-robin, each
//! sent as the bytes its caller encoded ([`codec`]).

mod codec;
mod frames;

pub use codec::{
    export, PreEncoded, Raw, RawRequests, EXPORT_PATH, METRICS_EXPORT_PATH, PROFILES_EXPORT_PATH,
};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use tonic::metadata::{Ascii, MetadataKey, MetadataValue};
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint, Identity};
use tonic_types::StatusExt as _;

use crate::compression::Compression;
use crate::config::{ExportConfig, CONNECT_TIMEOUT_MAX};
use crate::error::ClientError;
use crate::failure::{connect_failed, described_after, handshake_failure};
use crate::retry::{classify_grpc, Attempt, Verdict};
use crate::signal::Signal;
use crate::tls::ClientTls;
use frames::{Compressed, Frames};

/// Largest answer read: an export response is a few bytes.
const MAX_RESPONSE_BYTES: usize = 4 << 20;

/// An OTLP/gRPC client.
#[derive(Debug, Clone)]
pub(crate) struct GrpcTransport {
    clients: Arc<Vec<tonic::client::Grpc<Frames<Channel>>>>,
    next: Arc<AtomicUsize>,
    compression: Compression,
    headers: Arc<Vec<(MetadataKey<Ascii>, MetadataValue<Ascii>)>>,
    timeout: Duration,
}

impl GrpcTransport {
    /// Channels to `url`, connected lazily. Must be called inside a Tokio runtime.
    pub(crate) fn new(cfg: &ExportConfig, url: &str) -> Result<Self, ClientError> {
        let invalid = |reason: String| ClientError::Endpoint {
            url: url.to_string(),
            reason,
        };
        let mut target = Endpoint::from_shared(url.to_string())
            .map_err(|e| invalid(e.to_string()))?
            .user_agent(cfg.user_agent.clone())
            .map_err(|e| invalid(e.to_string()))?
            .timeout(cfg.timeout)
            .connect_timeout(cfg.timeout.min(CONNECT_TIMEOUT_MAX))
            .tcp_nodelay(true)
            .http2_adaptive_window(true);
        if url.starts_with("https://") {
            let files = ClientTls::load(&cfg.tls)?;
            let tls = match &files.ca_pem {
                // The given CA alone, as the specification's "certificate" means.
                Some(pem) => ClientTlsConfig::new().ca_certificate(Certificate::from_pem(pem)),
                None => system_roots(ClientTlsConfig::new()),
            };
            let tls = match &files.identity {
                Some((cert, key)) => tls.identity(Identity::from_pem(cert, key)),
                None => tls,
            };
            target = target
                .tls_config(tls)
                .map_err(|e| invalid(format!("TLS: {e}")))?;
        }
        let clients = (0..cfg.grpc_connections.max(1))
            .map(|_| {
                // Messages come compressed already (frames.rs): tonic sends them as they are.
                tonic::client::Grpc::new(Frames::new(target.connect_lazy()))
                    .max_encoding_message_size(usize::MAX)
                    .max_decoding_message_size(MAX_RESPONSE_BYTES)
            })
            .collect();
        let headers = cfg
            .headers
            .iter()
            .filter_map(|(k, v)| {
                let key = MetadataKey::from_bytes(k.as_bytes()).ok()?;
                let mut value = MetadataValue::try_from(v).ok()?;
                // Never shown by Debug or in a log.
                value.set_sensitive(true);
                Some((key, value))
            })
            .collect();
        Ok(GrpcTransport {
            clients: Arc::new(clients),
            next: Arc::default(),
            headers: Arc::new(headers),
            timeout: cfg.timeout,
            compression: cfg.compression,
        })
    }

    /// `body`, an encoded export request, as every attempt sends it: compressed.
    pub(crate) fn prepare(&self, body: Bytes) -> Result<Bytes, String> {
        self.compression.compress(body).map_err(|e| e.to_string())
    }

    /// One attempt to deliver `body`, an export request of `signal` as
    /// [`GrpcTransport::prepare`] made it.
    pub(crate) async fn send(&self, signal: Signal, body: Bytes) -> Attempt {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len();
        let mut client = self.clients[i].clone();
        let mut request = tonic::Request::new(body);
        if self.compression != Compression::None {
            request
                .extensions_mut()
                .insert(Compressed(self.compression));
        }
        request.set_timeout(self.timeout);
        for (k, v) in self.headers.iter() {
            request.metadata_mut().insert(k.clone(), v.clone());
        }
        let path = match signal {
            Signal::Traces => codec::EXPORT_PATH,
            Signal::Metrics => codec::METRICS_EXPORT_PATH,
            Signal::Profiles => codec::PROFILES_EXPORT_PATH,
        };
        match codec::export_to(&mut client, request, path).await {
            Ok(response) => Attempt::answered(response.get_ref()),
            Err(status) => classify_status(&status).into(),
        }
    }
}

/// The system's roots (and Mozilla's, with the `webpki-roots` feature).
fn system_roots(tls: ClientTlsConfig) -> ClientTlsConfig {
    let tls = tls.with_native_roots();
    #[cfg(feature = "webpki-roots")]
    let tls = tls.with_webpki_roots();
    tls
}

/// A failed call: a refused handshake or connection (tonic reports both as
/// `UNAVAILABLE`), a connection that broke before any answer, else the status as the
/// specification classifies it.
fn classify_status(status: &tonic::Status) -> Verdict {
    if let Some(tls) = handshake_failure(status) {
        return Verdict::Fatal(format!("TLS handshake failed: {tls}"));
    }
    if status.code() == tonic::Code::Unavailable && connect_failed(status) {
        // tonic's Display of a status is its Debug; the message, then what caused it.
        let why = described_after(
            status.message().to_string(),
            std::error::Error::source(status),
        );
        return Verdict::unreachable(format!("gRPC Unavailable: {why}"));
    }
    // No answer: tonic made this status from the connection's own error (its source, an
    // h2 or hyper error), e.g. a backend that went away mid-request ("h2 protocol error",
    // as INTERNAL). Retried, as the HTTP client retries a broken request: the request
    // may have arrived, so a duplicate at worst, never a loss.
    if let Some(cause) = std::error::Error::source(status) {
        return Verdict::retry(
            None,
            format!("gRPC {:?} (no answer: {cause})", status.code()),
        );
    }
    let retry_info = status.get_details_retry_info().and_then(|r| r.retry_delay);
    classify_grpc(status.code(), status.message(), retry_info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_made_from_a_broken_connection_is_retried_and_a_servers_internal_is_not() {
        let broken = tonic::Status::from_error(Box::new(std::io::Error::other(
            "h2 protocol error: connection reset",
        )));
        assert!(
            matches!(classify_status(&broken), Verdict::Retry(_)),
            "no answer came: retried"
        );
        let answered = tonic::Status::internal("the server's own failure");
        assert!(
            matches!(classify_status(&answered), Verdict::Fatal(_)),
            "an answer is classified as the specification says"
        );
    }
}
