//! OTLP/HTTP `POST /v1/traces`, protobuf or JSON bodies, optionally gzip or zstd.
//! Errors carry a `google.rpc.Status` body in the request's encoding, as the OTLP
//! specification asks. With `ingest.auth`, `Authorization: Bearer <token>` is checked
//! before anything else is read (401 with `WWW-Authenticate`, counted).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

use crate::entry::{Admission, Arrived};
use crate::handoff::NotAdmitted;
use crate::reconcile::prepared::IngestReport;
use crate::wire::census::{self, Census};
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use otlp_client::{Compression, CompressionError};
use prost::Message;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use super::auth::Unauthenticated;
use super::gate::Gate;
use super::tls::Listener;
use super::{conn, response, Answering};
use crate::config::IngestConfig;
use crate::entry::{Refusal, RETRY_AFTER};
use crate::handoff::Handoff;
use crate::reconcile::prepared::Prepared;
use crate::telemetry::Transport;

/// `google.rpc.Status`, the error body of OTLP/HTTP.
#[derive(Clone, PartialEq, Message, serde::Serialize)]
struct RpcStatus {
    #[prost(int32, tag = "1")]
    code: i32,
    #[prost(string, tag = "2")]
    message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Protobuf,
    Json,
}

#[derive(Debug, Clone)]
struct HttpState {
    handle: Handoff,
    max_request_bytes: usize,
    body_timeout: Duration,
    gate: Arc<Gate>,
}

/// The OTLP/HTTP router, with the body timeout of the defaults and no authentication.
pub fn router(handle: Handoff, max_request_bytes: usize) -> Router {
    let gate = Arc::new(Gate::open(handle.telemetry.clone()));
    router_with(
        handle,
        max_request_bytes,
        crate::config::HTTP_BODY_TIMEOUT_DEFAULT,
        gate,
    )
}

fn router_with(
    handle: Handoff,
    max_request_bytes: usize,
    body_timeout: Duration,
    gate: Arc<Gate>,
) -> Router {
    Router::new()
        .route("/v1/traces", post(export))
        // The limit is enforced while reading (compressed and decompressed) so that
        // refusals get an OTLP error body and are counted.
        .layer(DefaultBodyLimit::disable())
        .with_state(HttpState {
            handle: handle.via(Transport::Http),
            max_request_bytes,
            body_timeout,
            gate,
        })
}

/// Serves OTLP/HTTP on `listener`, behind `gate`, until `shutdown` is cancelled, then
/// lets open connections finish their requests. No connection is held open by a slow
/// client: a TLS handshake must finish within `tls.handshake_timeout`, a first request
/// begin within `first_request_timeout`, headers arrive within `http_header_timeout`
/// (hyper closes the connection), a body within `http_body_timeout` (408); past
/// `http_max_connections` a new connection takes the place of a stranger or is closed
/// at once ([`conn`]).
pub async fn serve(
    listener: TcpListener,
    handle: Handoff,
    config: &IngestConfig,
    gate: Arc<Gate>,
    shutdown: CancellationToken,
) {
    let slots = conn::Slots::new(
        conn::Limits {
            max_connections: config.http_max_connections,
            first_request: config.first_request_timeout,
        },
        handle.telemetry.clone(),
    );
    let router = router_with(
        handle,
        config.max_request_bytes,
        config.http_body_timeout,
        gate.clone(),
    );
    let incoming = conn::incoming(listener, (gate, Listener::Http), slots, shutdown);
    conn::serve_http1(incoming, router, config.http_header_timeout).await;
}

fn reply(encoding: Encoding, status: StatusCode, body: Vec<u8>) -> Response {
    let ct = match encoding {
        Encoding::Protobuf => "application/x-protobuf",
        Encoding::Json => "application/json",
    };
    (
        status,
        [(header::CONTENT_TYPE, HeaderValue::from_static(ct))],
        body,
    )
        .into_response()
}

fn error(
    encoding: Encoding,
    status: StatusCode,
    grpc_code: tonic::Code,
    message: String,
    counter: Option<&AtomicU64>,
) -> Response {
    if let Some(c) = counter {
        c.fetch_add(1, Relaxed);
    }
    let s = RpcStatus {
        code: grpc_code as i32,
        message,
    };
    let body = match encoding {
        Encoding::Protobuf => s.encode_to_vec(),
        Encoding::Json => serde_json::to_vec(&s).expect("serializes"),
    };
    reply(encoding, status, body)
}

/// An answer given while the body may still be arriving: the connection cannot carry
/// another request, so the client is told not to reuse it (RFC 9112 9.6).
fn closing(mut resp: Response) -> Response {
    resp.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    resp
}

/// Answers a request refused before its body was read. The body is read and dropped
/// first (up to `max` bytes, within `timeout`, never held): a server that closes while
/// the client still sends resets the connection, and the client sees a broken pipe, not
/// the answer. A longer or slower body is left unread and the connection closed.
async fn refuse_unread(body: Body, max: usize, timeout: Duration, resp: Response) -> Response {
    match tokio::time::timeout(timeout, discard(body, max)).await {
        Ok(true) => resp,
        _ => closing(resp),
    }
}

/// Reads `body` to its end, dropping each chunk; false when it is longer than `max`
/// bytes or fails.
async fn discard(mut body: Body, max: usize) -> bool {
    use http_body::Body as _;
    let mut left = max;
    loop {
        match std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await {
            None => return true,
            Some(Ok(frame)) => {
                let n = frame.data_ref().map_or(0, Bytes::len);
                if n > left {
                    return false;
                }
                left -= n;
            }
            Some(Err(_)) => return false,
        }
    }
}

/// The body's encoding by its media type; `Err` with the media type when unsupported.
fn encoding_of(headers: &HeaderMap) -> Result<Encoding, &str> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    // Media types are case-insensitive (RFC 9110 8.3.1).
    let media_type = content_type.split(';').next().unwrap_or("").trim();
    match media_type.to_ascii_lowercase().as_str() {
        "application/x-protobuf" | "application/protobuf" => Ok(Encoding::Protobuf),
        "application/json" => Ok(Encoding::Json),
        _ => Err(media_type),
    }
}

/// 401 with a `google.rpc.Status` UNAUTHENTICATED body and the challenge RFC 6750 asks.
fn unauthenticated(encoding: Encoding, why: Unauthenticated) -> Response {
    let challenge = match why {
        Unauthenticated::Missing => "Bearer realm=\"OTLP\"",
        Unauthenticated::Invalid => "Bearer realm=\"OTLP\", error=\"invalid_token\"",
    };
    let mut resp = error(
        encoding,
        StatusCode::UNAUTHORIZED,
        tonic::Code::Unauthenticated,
        why.to_string(),
        None,
    );
    resp.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static(challenge),
    );
    resp
}

/// A request not taken, as the sender is told: status, `google.rpc.Status` code,
/// message, and whether the connection must close (the body may still be arriving).
struct NotTaken {
    status: StatusCode,
    code: tonic::Code,
    message: String,
    close: bool,
}

impl NotTaken {
    fn malformed(message: String) -> NotTaken {
        NotTaken {
            status: StatusCode::BAD_REQUEST,
            code: tonic::Code::InvalidArgument,
            message,
            close: false,
        }
    }

    fn too_large(message: String) -> NotTaken {
        NotTaken {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            // As gRPC answers a message past the limit.
            code: tonic::Code::ResourceExhausted,
            message,
            close: false,
        }
    }

    /// Counted by whoever refused it.
    fn retry(r: Refusal) -> NotTaken {
        let status = match r {
            Refusal::Busy | Refusal::OverBudget | Refusal::QueueFull => {
                StatusCode::TOO_MANY_REQUESTS
            }
            Refusal::Unavailable | Refusal::QueueFailing => StatusCode::SERVICE_UNAVAILABLE,
        };
        NotTaken {
            status,
            code: tonic::Code::Unavailable,
            message: r.to_string(),
            close: false,
        }
    }

    fn closing(mut self) -> NotTaken {
        self.close = true;
        self
    }

    fn into_response(self, encoding: Encoding) -> Response {
        let retry = matches!(
            self.status,
            StatusCode::TOO_MANY_REQUESTS | StatusCode::SERVICE_UNAVAILABLE
        );
        let mut resp = error(encoding, self.status, self.code, self.message, None);
        if retry {
            resp.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(RETRY_AFTER.as_secs()),
            );
        }
        if self.close {
            closing(resp)
        } else {
            resp
        }
    }
}

async fn export(State(st): State<HttpState>, headers: HeaderMap, body: Body) -> Response {
    let ingest = st.handle.counters();
    ingest.requests.fetch_add(1, Relaxed);
    let (max, body_timeout) = (st.max_request_bytes, st.body_timeout);
    // Before the body is decoded or held: a stranger's body is only read and dropped,
    // so that the 401 reaches it rather than a reset connection.
    let authorization = headers.get(header::AUTHORIZATION).map(|v| v.as_bytes());
    if let Err(why) = st.gate.authenticate(authorization) {
        let resp = unauthenticated(encoding_of(&headers).unwrap_or(Encoding::Json), why);
        return refuse_unread(body, max, body_timeout, resp).await;
    }
    let encoding = match encoding_of(&headers) {
        Ok(e) => e,
        Err(other) => {
            let msg = format!("unsupported content type {other:?}: use application/x-protobuf or application/json");
            let resp = error(
                Encoding::Json,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                tonic::Code::InvalidArgument,
                msg,
                Some(&ingest.refused_media_type),
            );
            return refuse_unread(body, max, body_timeout, resp).await;
        }
    };
    let content_encoding = headers
        .get(header::CONTENT_ENCODING)
        .map(|v| v.to_str().unwrap_or("(not text)"));
    let answering = Answering::new(&st.handle);
    let taken = take(&st, encoding, content_encoding, body).await;
    // `take` counts its outcome just before it returns.
    answering.answered();
    match taken {
        Ok(report) => {
            let resp = response(&report);
            let body = match encoding {
                Encoding::Protobuf => resp.encode_to_vec(),
                Encoding::Json => serde_json::to_vec(&resp).expect("serializes"),
            };
            reply(encoding, StatusCode::OK, body)
        }
        Err(not) => not.into_response(encoding),
    }
}

/// Reads, decompresses, decodes and hands over one request, its memory admitted all
/// along: its bytes as they arrive, its decompressed bytes as they are made, what
/// decoding takes before it does.
async fn take(
    st: &HttpState,
    encoding: Encoding,
    content_encoding: Option<&str>,
    body: Body,
) -> Result<IngestReport, NotTaken> {
    let ingest = st.handle.counters();
    let count = |c: &AtomicU64| {
        c.fetch_add(1, Relaxed);
    };
    let mut admission = st.handle.admit(0).map_err(NotTaken::retry)?;
    let raw = read_body(st, body, &mut admission).await?;
    // After the body: a body over the limit is too large whatever its encoding says.
    let Some(compression) = Compression::from_content_encoding(content_encoding) else {
        count(&ingest.refused_media_type);
        let other = content_encoding.unwrap_or_default();
        return Err(NotTaken {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            code: tonic::Code::InvalidArgument,
            message: format!("unsupported content encoding {other:?}: use gzip, zstd or none"),
            close: false,
        });
    };
    let mut arrived = Arrived {
        bytes: raw.clone(),
        format: match encoding {
            Encoding::Protobuf => census::Encoding::Protobuf,
            Encoding::Json => census::Encoding::Json,
        },
        compression,
    };
    // A compressed body kept for the queue is held while the request waits.
    let besides = st.handle.keeps(&arrived);
    let data: Bytes = match compression {
        Compression::None => raw,
        _ => {
            let mut meter =
                |bytes: usize| st.handle.grow(&mut admission, raw.len() + bytes).is_ok();
            let decompressed =
                compression.decompress_metered(&raw, st.max_request_bytes, &mut meter);
            let data = match decompressed {
                Ok(d) => d,
                Err(CompressionError::Refused) => {
                    return Err(NotTaken::retry(Refusal::OverBudget));
                }
                Err(e @ CompressionError::TooLarge { .. }) => {
                    count(&ingest.refused_too_large);
                    return Err(NotTaken::too_large(e.to_string()));
                }
                Err(e) => {
                    count(&ingest.refused_malformed);
                    return Err(NotTaken::malformed(e.to_string()));
                }
            };
            // The compressed bytes are gone, unless kept for the queue.
            admission.shrink_to(data.len() + besides);
            let data = Bytes::from(data);
            if besides == 0 {
                arrived = Arrived {
                    bytes: data.clone(),
                    compression: Compression::None,
                    ..arrived
                };
            }
            data
        }
    };
    // The proto's field names, as the Collector reads them: rewritten before anything
    // counts the body, the copy admitted first.
    let data = match encoding {
        Encoding::Json => match crate::wire::json::camel_case_keys(&data) {
            None => data,
            Some(camel) => {
                let held = admission.bytes();
                st.handle
                    .grow(&mut admission, held + camel.len())
                    .map_err(NotTaken::retry)?;
                let camel = Bytes::from(camel);
                if besides == 0 {
                    // What the queue keeps is the body as it is read.
                    arrived.bytes = camel.clone();
                }
                let read = data.len();
                drop(data);
                admission.shrink_to(held + camel.len() - read);
                camel
            }
        },
        Encoding::Protobuf => data,
    };
    let request = decode(st, encoding, data, besides, &mut admission)?;
    st.handle
        .submit(request, arrived, admission)
        .await
        .map_err(NotTaken::retry)
}

/// Reads the body as it arrives, each piece admitted before it is kept, within
/// `max_request_bytes` and the body timeout.
async fn read_body(
    st: &HttpState,
    mut body: Body,
    admission: &mut Admission,
) -> Result<Bytes, NotTaken> {
    use http_body::Body as _;
    let (max, handoff) = (st.max_request_bytes, &st.handle);
    let ingest = handoff.counters();
    let read = async {
        let mut parts: Vec<Bytes> = Vec::new();
        let mut len = 0;
        while let Some(frame) =
            std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await
        {
            let Ok(frame) = frame else {
                // The sender closed its connection mid-body (the answer reaches no one).
                ingest.refused_cancelled.fetch_add(1, Relaxed);
                return Err(
                    NotTaken::malformed("the request body could not be read".into()).closing(),
                );
            };
            let Ok(data) = frame.into_data() else {
                continue;
            };
            len += data.len();
            if len > max {
                ingest.refused_too_large.fetch_add(1, Relaxed);
                let msg = format!("request body exceeds the limit of {max} bytes");
                return Err(NotTaken::too_large(msg).closing());
            }
            handoff
                .grow(admission, len)
                .map_err(|r| NotTaken::retry(r).closing())?;
            parts.push(data);
        }
        Ok(match parts.len() {
            0 => Bytes::new(),
            1 => parts.pop().expect("one part"),
            _ => {
                // The parts and their copy, for a moment.
                handoff
                    .grow(admission, 2 * len)
                    .map_err(|r| NotTaken::retry(r).closing())?;
                let mut whole = Vec::with_capacity(len);
                parts.iter().for_each(|p| whole.extend_from_slice(p));
                drop(parts);
                admission.shrink_to(len);
                Bytes::from(whole)
            }
        })
    };
    match tokio::time::timeout(st.body_timeout, read).await {
        Ok(read) => read,
        Err(_) => {
            ingest.refused_timeout.fetch_add(1, Relaxed);
            let message = format!(
                "the request body did not arrive within {}",
                humantime::format_duration(st.body_timeout)
            );
            Err(NotTaken {
                status: StatusCode::REQUEST_TIMEOUT,
                code: tonic::Code::InvalidArgument,
                message,
                close: true,
            })
        }
    }
}

/// Counts what the request holds, charges what decoding it takes (or refuses it), then
/// decodes it.
fn decode(
    st: &HttpState,
    encoding: Encoding,
    data: Bytes,
    besides: usize,
    admission: &mut Admission,
) -> Result<Prepared, NotTaken> {
    let ingest = st.handle.counters();
    if encoding == Encoding::Json && data.iter().all(u8::is_ascii_whitespace) {
        ingest.refused_malformed.fetch_add(1, Relaxed);
        return Err(NotTaken::malformed(
            "empty JSON body: send an ExportTraceServiceRequest object, {} at least".into(),
        ));
    }
    let census = match encoding {
        Encoding::Protobuf => Census::protobuf(&data),
        Encoding::Json => Census::json(&data),
    };
    st.handle
        .admit_decoded(admission, &census, besides)
        .map_err(|n| match n {
            NotAdmitted::TooLarge(why) => NotTaken::too_large(why),
            NotAdmitted::Refused(r) => NotTaken::retry(r),
        })?;
    Prepared::decode_body(census.encoding, data).map_err(|msg| {
        ingest.refused_malformed.fetch_add(1, Relaxed);
        NotTaken::malformed(msg)
    })
}
