//! OTLP/HTTP `POST /v1/traces`, protobuf or JSON bodies, optionally gzip or zstd.
//! Errors carry a `google.rpc.Status` body in the request's encoding, as the OTLP
//! specification asks. With `ingest.auth`, `Authorization: Bearer <token>` is checked
//! before anything else is read (401 with `WWW-Authenticate`, counted).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use otlp_client::{Compression, CompressionError};
use prost::Message;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

use super::auth::Unauthenticated;
use super::gate::Gate;
use super::tls::Listener;
use super::{conn, response};
use crate::config::IngestConfig;
use crate::entry::{Refusal, RETRY_AFTER};
use crate::handoff::Handoff;
use crate::reconcile::Prepared;
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
/// client: a TLS handshake must finish within `tls.handshake_timeout`, headers must
/// arrive within `http_header_timeout` (hyper closes the connection), a body within
/// `http_body_timeout` (408); past `http_max_connections` open connections a new one
/// is closed as soon as it is accepted, so the sender sees it fail at once rather than
/// wait in the listen backlog.
pub async fn serve(
    listener: TcpListener,
    handle: Handoff,
    config: &IngestConfig,
    gate: Arc<Gate>,
    shutdown: CancellationToken,
) {
    let telemetry = handle.telemetry.clone();
    let router = router_with(
        handle,
        config.max_request_bytes,
        config.http_body_timeout,
        gate.clone(),
    );
    let open = Arc::new(Semaphore::new(config.http_max_connections));
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(config.http_header_timeout);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors, most likely: give closing connections
                    // a moment instead of spinning.
                    tracing::warn!(error = %e, "OTLP/HTTP accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = shutdown.cancelled() => break,
        };
        let Ok(slot) = open.clone().try_acquire_owned() else {
            telemetry.ingest.connections_refused.fetch_add(1, Relaxed);
            drop(stream);
            continue;
        };
        let (router, builder, watcher) = (router.clone(), builder.clone(), graceful.watcher());
        let (gate, shutdown) = (gate.clone(), shutdown.clone());
        // The handshake runs here, on the connection's own task: a slow client holds
        // up no other.
        tokio::spawn(async move {
            if let Some(conn) = conn::open(&gate, Listener::Http, stream, &shutdown).await {
                let service = TowerToHyperService::new(router);
                let served = watcher.watch(builder.serve_connection(TokioIo::new(conn), service));
                if let Err(e) = served.await {
                    tracing::debug!(error = %e, "OTLP/HTTP connection ended");
                }
            }
            drop(slot);
        });
    }
    graceful.shutdown().await;
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
    let retry_later = |r: Refusal| {
        let status = match r {
            Refusal::Busy | Refusal::OverBudget | Refusal::QueueFull => {
                StatusCode::TOO_MANY_REQUESTS
            }
            Refusal::Unavailable | Refusal::QueueFailing => StatusCode::SERVICE_UNAVAILABLE,
        };
        let mut resp = error(
            encoding,
            status,
            tonic::Code::Unavailable,
            r.to_string(),
            None,
        );
        resp.headers_mut().insert(
            header::RETRY_AFTER,
            HeaderValue::from(RETRY_AFTER.as_secs()),
        );
        resp
    };
    // Admitted before the body is read, by its declared length (the largest allowed
    // when it declares none), so that a refused body is never held.
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<usize>().ok());
    let mut admission = match st.handle.admit(declared.unwrap_or(max).min(max)) {
        Ok(a) => a,
        Err(r) => return refuse_unread(body, max, body_timeout, retry_later(r)).await,
    };
    let too_large = |msg: String| {
        error(
            encoding,
            StatusCode::PAYLOAD_TOO_LARGE,
            tonic::Code::InvalidArgument,
            msg,
            Some(&ingest.refused_too_large),
        )
    };
    let raw: Bytes = match tokio::time::timeout(body_timeout, axum::body::to_bytes(body, max)).await
    {
        Ok(Ok(b)) => b,
        Ok(Err(_)) => {
            let msg = format!("request body exceeds the limit of {max} bytes");
            return closing(too_large(msg));
        }
        Err(_) => {
            let msg = format!(
                "the request body did not arrive within {}",
                humantime::format_duration(st.body_timeout)
            );
            return closing(error(
                encoding,
                StatusCode::REQUEST_TIMEOUT,
                tonic::Code::InvalidArgument,
                msg,
                Some(&ingest.refused_timeout),
            ));
        }
    };
    let content_encoding = headers
        .get(header::CONTENT_ENCODING)
        .map(|v| v.to_str().unwrap_or("(not text)"));
    let malformed = |msg: String| {
        error(
            encoding,
            StatusCode::BAD_REQUEST,
            tonic::Code::InvalidArgument,
            msg,
            Some(&ingest.refused_malformed),
        )
    };
    let Some(compression) = Compression::from_content_encoding(content_encoding) else {
        let other = content_encoding.unwrap_or_default();
        let msg = format!("unsupported content encoding {other:?}: use gzip, zstd or none");
        return error(
            encoding,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            tonic::Code::InvalidArgument,
            msg,
            Some(&ingest.refused_media_type),
        );
    };
    let data: Bytes = match compression {
        Compression::None => raw,
        _ => match compression.decompress(&raw, max) {
            Ok(d) => d.into(),
            Err(e @ CompressionError::TooLarge { .. }) => return too_large(e.to_string()),
            Err(e) => return malformed(e.to_string()),
        },
    };
    let data_len = data.len();
    let decoded = match encoding {
        Encoding::Protobuf => {
            Prepared::decode(data).map_err(|e| format!("invalid OTLP protobuf: {e}"))
        }
        Encoding::Json if data.iter().all(u8::is_ascii_whitespace) => Err(
            "empty JSON body: send an ExportTraceServiceRequest object, {} at least".to_string(),
        ),
        Encoding::Json => serde_json::from_slice::<ExportTraceServiceRequest>(&data)
            .map(Prepared::new)
            .map_err(|e| format!("invalid OTLP JSON: {e}")),
    };
    let request = match decoded {
        Ok(r) => r,
        Err(msg) => return malformed(msg),
    };
    // A compressed body counts at its decompressed size.
    if let Err(r) = st.handle.grow(&mut admission, data_len, &request) {
        return retry_later(r);
    }
    match st.handle.submit(request, admission).await {
        Ok(report) => {
            let resp = response(&report);
            let body = match encoding {
                Encoding::Protobuf => resp.encode_to_vec(),
                Encoding::Json => serde_json::to_vec(&resp).expect("serializes"),
            };
            reply(encoding, StatusCode::OK, body)
        }
        Err(r) => retry_later(r),
    }
}
