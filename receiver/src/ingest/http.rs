//! OTLP/HTTP `POST /v1/traces`, protobuf or JSON bodies, optionally gzip.
//! Errors carry a `google.rpc.Status` body in the request's encoding, as the OTLP
//! specification asks.

use std::io::Read as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use prost::Message;

use super::{response, IngestHandle, Refusal, RETRY_AFTER};

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
    handle: IngestHandle,
    max_request_bytes: usize,
}

/// The OTLP/HTTP router.
pub fn router(handle: IngestHandle, max_request_bytes: usize) -> Router {
    Router::new()
        .route("/v1/traces", post(export))
        // The limit is enforced while reading (compressed and decompressed) so that
        // refusals get an OTLP error body and are counted.
        .layer(DefaultBodyLimit::disable())
        .with_state(HttpState {
            handle,
            max_request_bytes,
        })
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

fn gunzip_capped(data: &[u8], max: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    // Read one byte past the limit to tell "exactly at" from "over".
    flate2::read::GzDecoder::new(data)
        .take(max as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("invalid gzip body: {e}"))?;
    if out.len() > max {
        return Err(format!(
            "decompressed body exceeds the limit of {max} bytes"
        ));
    }
    Ok(out)
}

async fn export(State(st): State<HttpState>, headers: HeaderMap, body: Body) -> Response {
    let ingest = &st.handle.telemetry.ingest;
    ingest.http_requests.fetch_add(1, Relaxed);
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let encoding = match content_type.split(';').next().unwrap_or("").trim() {
        "application/x-protobuf" | "application/protobuf" => Encoding::Protobuf,
        "application/json" => Encoding::Json,
        other => {
            let msg = format!("unsupported content type {other:?}: use application/x-protobuf or application/json");
            return error(
                Encoding::Json,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                tonic::Code::InvalidArgument,
                msg,
                Some(&ingest.refused_media_type),
            );
        }
    };
    let max = st.max_request_bytes;
    let too_large = |msg: String| {
        error(
            encoding,
            StatusCode::PAYLOAD_TOO_LARGE,
            tonic::Code::InvalidArgument,
            msg,
            Some(&ingest.refused_too_large),
        )
    };
    let raw: Bytes = match axum::body::to_bytes(body, max).await {
        Ok(b) => b,
        Err(_) => return too_large(format!("request body exceeds the limit of {max} bytes")),
    };
    let content_encoding = headers
        .get(header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("identity")
        .trim()
        .to_ascii_lowercase();
    let malformed = |msg: String| {
        error(
            encoding,
            StatusCode::BAD_REQUEST,
            tonic::Code::InvalidArgument,
            msg,
            Some(&ingest.refused_malformed),
        )
    };
    let data: Bytes = match content_encoding.as_str() {
        "gzip" => match gunzip_capped(&raw, max) {
            Ok(d) => d.into(),
            Err(msg) if msg.contains("exceeds") => return too_large(msg),
            Err(msg) => return malformed(msg),
        },
        "identity" | "" => raw,
        other => {
            let msg = format!("unsupported content encoding {other:?}: use gzip or none");
            return error(
                encoding,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                tonic::Code::InvalidArgument,
                msg,
                Some(&ingest.refused_media_type),
            );
        }
    };
    let decoded = match encoding {
        Encoding::Protobuf => ExportTraceServiceRequest::decode(data)
            .map_err(|e| format!("invalid OTLP protobuf: {e}")),
        Encoding::Json if data.iter().all(u8::is_ascii_whitespace) => Err(
            "empty JSON body: send an ExportTraceServiceRequest object, {} at least".to_string(),
        ),
        Encoding::Json => serde_json::from_slice::<ExportTraceServiceRequest>(&data)
            .map_err(|e| format!("invalid OTLP JSON: {e}")),
    };
    let request = match decoded {
        Ok(r) => r,
        Err(msg) => return malformed(msg),
    };
    match st.handle.submit(request).await {
        Ok(report) => {
            let resp = response(&report);
            let body = match encoding {
                Encoding::Protobuf => resp.encode_to_vec(),
                Encoding::Json => serde_json::to_vec(&resp).expect("serializes"),
            };
            reply(encoding, StatusCode::OK, body)
        }
        Err(r) => {
            let status = match r {
                Refusal::Busy => StatusCode::TOO_MANY_REQUESTS,
                Refusal::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
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
        }
    }
}
