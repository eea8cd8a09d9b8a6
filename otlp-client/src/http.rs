//! OTLP/HTTP with protobuf or JSON bodies, through reqwest. A protobuf request is sent
//! as the bytes its caller encoded; a JSON one is that request decoded and written as
//! OTLP/JSON.

use std::time::SystemTime;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::metrics::v1::ExportMetricsServiceRequest;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message as _;
use reqwest::header::{CONTENT_ENCODING, CONTENT_TYPE, RETRY_AFTER};

use crate::compression::Compression;
use crate::config::{ExportConfig, Protocol, CONNECT_TIMEOUT_MAX};
use crate::error::ClientError;
use crate::failure::{described, handshake_failure};
use crate::retry::{classify_http, Attempt, Verdict};
use crate::signal::Signal;
use crate::tls::ClientTls;

/// An OTLP/HTTP client.
#[derive(Debug, Clone)]
pub(crate) struct HttpTransport {
    client: reqwest::Client,
    url: String,
    metrics_url: String,
    json: bool,
    compression: Compression,
}

impl HttpTransport {
    /// A client of `url`.
    pub(crate) fn new(cfg: &ExportConfig, url: &str) -> Result<Self, ClientError> {
        let mut builder = reqwest::Client::builder()
            .timeout(cfg.timeout)
            .connect_timeout(cfg.timeout.min(CONNECT_TIMEOUT_MAX))
            .tcp_nodelay(true)
            .user_agent(cfg.user_agent.clone())
            .default_headers(cfg.headers.to_header_map());
        let tls_invalid = |reason: String| ClientError::Endpoint {
            url: url.to_string(),
            reason: format!("TLS: {reason}"),
        };
        if url.starts_with("https://") {
            let files = ClientTls::load(&cfg.tls)?;
            if let Some(pem) = &files.ca_pem {
                // The given CA alone, as the specification's "certificate" means.
                builder = builder.tls_built_in_root_certs(false);
                for cert in reqwest::Certificate::from_pem_bundle(pem)
                    .map_err(|e| tls_invalid(e.to_string()))?
                {
                    builder = builder.add_root_certificate(cert);
                }
            }
            if let Some((cert, key)) = &files.identity {
                let identity = reqwest::Identity::from_pem(&[key.as_slice(), cert].concat())
                    .map_err(|e| tls_invalid(format!("client certificate: {e}")))?;
                builder = builder.identity(identity);
            }
        }
        Ok(HttpTransport {
            client: builder.build().map_err(ClientError::Http)?,
            url: url.to_string(),
            metrics_url: cfg
                .metrics_endpoint
                .clone()
                .unwrap_or_else(|| crate::endpoint::metrics_url_beside(cfg.protocol, url)),
            json: cfg.protocol == Protocol::HttpJson,
            compression: cfg.compression,
        })
    }

    /// `body`, an encoded export request of `signal`, as every attempt sends it: as
    /// OTLP/JSON if so configured, compressed.
    pub(crate) fn prepare(&self, signal: Signal, body: Bytes) -> Result<Bytes, String> {
        let body = if self.json {
            to_json(signal, body)?
        } else {
            body
        };
        self.compression.compress(body).map_err(|e| e.to_string())
    }

    /// One attempt to deliver `body`, an export request of `signal` as
    /// [`HttpTransport::prepare`] made it.
    pub(crate) async fn send(&self, signal: Signal, body: Bytes) -> Attempt {
        let content_type = if self.json {
            "application/json"
        } else {
            "application/x-protobuf"
        };
        let url = match signal {
            // A client for profiles is made with their full URL as its endpoint.
            Signal::Traces | Signal::Profiles => &self.url,
            Signal::Metrics => &self.metrics_url,
        };
        let mut request = self.client.post(url).header(CONTENT_TYPE, content_type);
        if let Some(encoding) = self.compression.content_encoding() {
            request = request.header(CONTENT_ENCODING, encoding);
        }
        let response = match request.body(body).send().await {
            Ok(r) => r,
            // Its text would quote the URL, credentials and all.
            Err(e) => return request_failure(&e.without_url()).into(),
        };
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get(RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let verdict = classify_http(status, retry_after.as_deref(), SystemTime::now());
        if verdict != Verdict::Delivered {
            // What the backend said, as the specification asks it to: a google.rpc.Status
            // in the request's encoding (or any short text).
            let answer = response.bytes().await.unwrap_or_default();
            return match status_message(&answer, self.json) {
                Some(message) => with_message(verdict, &message),
                None => verdict,
            }
            .into();
        }
        // A body that does not read or decode still means delivered: the status said so.
        // A metrics answer has the trace answer's shape (a count and a message).
        let answer = response.bytes().await.unwrap_or_default();
        let decoded = if self.json {
            serde_json::from_slice::<ExportTraceServiceResponse>(&answer).ok()
        } else {
            ExportTraceServiceResponse::decode(answer).ok()
        };
        decoded.map_or_else(Attempt::delivered, |r| Attempt::answered(&r))
    }
}

/// OTLP/JSON of an encoded request.
fn to_json(signal: Signal, body: Bytes) -> Result<Bytes, String> {
    let bad = |e: prost::DecodeError| format!("the request does not decode: {e}");
    let json = match signal {
        Signal::Traces => {
            serde_json::to_vec(&ExportTraceServiceRequest::decode(body).map_err(bad)?)
        }
        Signal::Metrics => {
            serde_json::to_vec(&ExportMetricsServiceRequest::decode(body).map_err(bad)?)
        }
        Signal::Profiles => return Err("OTLP Profiles are sent as protobuf only".into()),
    };
    json.map(Bytes::from)
        .map_err(|e| format!("cannot write OTLP/JSON: {e}"))
}

/// `google.rpc.Status`, the error body of OTLP/HTTP: its message.
#[derive(Clone, PartialEq, prost::Message, serde::Deserialize)]
struct RpcStatus {
    #[prost(int32, tag = "1")]
    #[serde(default)]
    code: i32,
    #[prost(string, tag = "2")]
    #[serde(default)]
    message: String,
}

/// The longest message kept from an error body.
const MESSAGE_MAX: usize = 200;

/// What an error body says: its `google.rpc.Status` message in the request's encoding,
/// else the body itself when it is short printable text.
fn status_message(body: &[u8], json: bool) -> Option<String> {
    let decoded = if json {
        serde_json::from_slice::<RpcStatus>(body).ok()
    } else {
        RpcStatus::decode(body).ok()
    };
    let text = match decoded {
        Some(s) if !s.message.is_empty() => s.message,
        _ => std::str::from_utf8(body).ok()?.trim().to_string(),
    };
    if text.is_empty() || text.chars().any(|c| c.is_control() && c != '\n') {
        return None;
    }
    let mut text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.len() > MESSAGE_MAX {
        let cut = (0..=MESSAGE_MAX)
            .rev()
            .find(|i| text.is_char_boundary(*i))
            .unwrap_or(0);
        text.truncate(cut);
        text.push('…');
    }
    Some(text)
}

/// `verdict` with the backend's message after its status.
fn with_message(verdict: Verdict, message: &str) -> Verdict {
    let add = |why: String| format!("{why}: {message}");
    match verdict {
        Verdict::Retry(mut r) => {
            r.why = add(r.why);
            Verdict::Retry(r)
        }
        Verdict::TooLarge(why) => Verdict::TooLarge(add(why)),
        Verdict::Fatal(why) => Verdict::Fatal(add(why)),
        Verdict::Delivered => Verdict::Delivered,
    }
}

/// A request that got no answer: a refused handshake is final, a refused connection
/// or a timeout retryable, a request that could not be built final.
fn request_failure(e: &reqwest::Error) -> Verdict {
    if let Some(tls) = handshake_failure(e) {
        return Verdict::Fatal(format!("TLS handshake failed: {tls}"));
    }
    if e.is_connect() {
        return Verdict::unreachable(described(e));
    }
    if e.is_builder() || e.is_body() && !e.is_timeout() {
        return Verdict::Fatal(described(e));
    }
    Verdict::retry(None, described(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_body_says_its_status_message_in_either_encoding_or_as_short_text() {
        let status = RpcStatus {
            code: 14,
            message: "ingester\nbusy".into(),
        };
        assert_eq!(
            status_message(&status.encode_to_vec(), false),
            Some("ingester busy".into())
        );
        assert_eq!(
            status_message(br#"{"code":8,"message":"rate limited"}"#, true),
            Some("rate limited".into())
        );
        assert_eq!(
            status_message(b"upstream connect error\n", false),
            Some("upstream connect error".into())
        );
        assert_eq!(status_message(b"", false), None);
        assert_eq!(status_message(&[0, 1, 2, 0xff], false), None);
        let long = "x".repeat(500);
        assert_eq!(
            status_message(long.as_bytes(), true)
                .unwrap()
                .chars()
                .count(),
            MESSAGE_MAX + 1
        );
        assert_eq!(
            with_message(Verdict::Fatal("HTTP 400".into()), "bad span"),
            Verdict::Fatal("HTTP 400: bad span".into())
        );
    }
}
