//! OTLP/gRPC TraceService.
//!
//! Served with a codec that hands the handler the message's bytes rather than with the
//! generated server: that one decodes before any handler runs and answers a message
//! that does not decode with INTERNAL, uncounted. Here a stream's bytes are admitted
//! against the pending-bytes budget as they arrive (RESOURCE_EXHAUSTED with RetryInfo
//! when it has no room), what decoding the message takes is charged before it is
//! decoded (a message over a per-request limit is RESOURCE_EXHAUSTED without RetryInfo:
//! not to be sent again as it is), a message that does not decode is INVALID_ARGUMENT
//! and counted as malformed, and a request must arrive and be answered within
//! `grpc_request_timeout` (DEADLINE_EXCEEDED). With `ingest.auth`, the `authorization`
//! metadata is checked before the message is even read (UNAUTHENTICATED, counted).
//!
//! Every Export call is counted as a request as it begins, as OTLP/HTTP counts one, and
//! its outcome in exactly one place: taken, or refused for one reason. So the framing
//! refusals that tonic would answer uncounted are answered here: a `grpc-encoding` not
//! taken (UNIMPLEMENTED, `unsupported_media_type`), a stream that ends before its
//! message does, a compressed flag without an encoding or an unknown flag (INTERNAL, as
//! gRPC's protocol asks, `malformed`). A call whose sender resets it or closes its
//! connection before the answer is counted `cancelled`, whether its body fails or the
//! server drops the call ([`Answering`]).
//!
//! Connections: capped, a first request due within `first_request_timeout` ([`conn`]),
//! at most `grpc_max_concurrent_streams` requests in flight each, pinged when idle
//! (`grpc_keepalive_*`) and asked to reconnect after `grpc_max_connection_age`.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceResponse;
use otlp_client::compression::{Compression, CompressionError};
use otlp_client::grpc::RawRequests;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tonic::codec::{CompressionEncoding, EnabledCompressionEncodings};
use tonic::codegen::{http, BoxFuture, Service, StdError};
use tonic::{Code, Request, Response, Status};
use tonic_types::{ErrorDetails, StatusExt};

use super::gate::Gate;
use super::tls::Listener;
use super::{conn, response, Answering};
use crate::config::IngestConfig;
use crate::entry::{Admission, Arrived, Refusal, RETRY_AFTER};
use crate::handoff::{Handoff, NotAdmitted};
use crate::reconcile::prepared::Prepared;
use crate::telemetry::Transport;
use crate::wire::census::Census;

/// The gRPC service name of OTLP traces.
const SERVICE_NAME: &str = "opentelemetry.proto.collector.trace.v1.TraceService";

/// A gRPC message's prefix: its compressed flag and its length (4 bytes, big-endian).
const FRAME_HEADER: usize = 5;

#[derive(Debug, Clone)]
struct GrpcIngest(Handoff);

/// "Retry later", with RetryInfo: ResourceExhausted, or Unavailable for a shutdown or a
/// failing queue disk.
fn retry_later(r: Refusal) -> Status {
    match r {
        Refusal::Unavailable => Status::unavailable(r.to_string()),
        // Unavailable is retryable in OTLP; RetryInfo says when.
        Refusal::QueueFailing => Status::with_error_details(
            Code::Unavailable,
            r.to_string(),
            ErrorDetails::with_retry_info(Some(RETRY_AFTER)),
        ),
        Refusal::Busy | Refusal::OverBudget | Refusal::QueueFull => Status::with_error_details(
            Code::ResourceExhausted,
            r.to_string(),
            ErrorDetails::with_retry_info(Some(RETRY_AFTER)),
        ),
    }
}

impl GrpcIngest {
    async fn export(
        &self,
        body: Bytes,
        meter: Option<Arc<Meter>>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        let handoff = &self.0;
        let ingest = handoff.counters();
        let admitted = meter.and_then(|m| m.take());
        let mut admission = match admitted {
            Some(a) => a,
            None => handoff.admit(body.len()).map_err(retry_later)?,
        };
        let census = Census::protobuf(&body);
        // tonic took gRPC's compression off: the message is what the queue keeps.
        let arrived = Arrived::protobuf(body.clone());
        handoff
            .admit_decoded(&mut admission, &census, 0)
            .map_err(|n| match n {
                // Not to be sent again as it is: no RetryInfo.
                NotAdmitted::TooLarge(why) => Status::resource_exhausted(why),
                NotAdmitted::Refused(r) => retry_later(r),
            })?;
        let request = Prepared::decode(body).map_err(|e| {
            ingest.refused_malformed.fetch_add(1, Relaxed);
            Status::invalid_argument(format!("invalid OTLP protobuf: {e}"))
        })?;
        match handoff.submit(request, arrived, admission).await {
            Ok(report) => Ok(Response::new(response(&report))),
            Err(r) => Err(retry_later(r)),
        }
    }
}

/// A stream's bytes admitted as they arrive: what the handler then holds.
#[derive(Debug, Default)]
struct Meter(Mutex<Option<Admission>>);

impl Meter {
    fn take(&self) -> Option<Admission> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

/// A request body whose bytes are admitted against the pending-bytes budget as they
/// arrive, so that a stream that sends much and never finishes holds budget, not
/// memory outside it; past the budget the stream fails with RESOURCE_EXHAUSTED.
///
/// The body is handed on only once the client has ended the stream: tonic decodes (and
/// decompresses) a message as soon as its frame is whole, then waits for the stream's
/// end holding both buffers, so a client that never ends its stream would hold a
/// decompressed message outside the budget for as long as the request timeout. Held
/// whole, the body is then read as an Export call must be ([`Metered::finish`]).
struct Metered<B> {
    inner: B,
    handoff: Handoff,
    meter: Arc<Meter>,
    /// The request's `grpc-encoding`, when it is one the receiver decompresses.
    encoding: Option<Compression>,
    max_message_bytes: usize,
    seen: usize,
    /// The first message's compressed flag and length, once its header is in.
    declared: Option<(u8, usize)>,
    /// The body so far, as it arrived.
    held: Vec<Bytes>,
    /// Frames ready to hand on, in order.
    ready: std::collections::VecDeque<http_body::Frame<Bytes>>,
    ended: bool,
}

impl<B> Metered<B> {
    fn new(
        inner: B,
        handoff: Handoff,
        meter: Arc<Meter>,
        encoding: Option<Compression>,
        max_message_bytes: usize,
    ) -> Metered<B> {
        Metered {
            inner,
            handoff,
            meter,
            encoding,
            max_message_bytes,
            seen: 0,
            declared: None,
            held: Vec::new(),
            ready: Default::default(),
            ended: false,
        }
    }
}

impl<B> http_body::Body for Metered<B>
where
    B: http_body::Body<Data = Bytes> + Unpin,
    B::Error: Into<StdError>,
{
    type Data = Bytes;
    type Error = Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Status>>> {
        loop {
            if let Some(f) = self.ready.pop_front() {
                return Poll::Ready(Some(Ok(f)));
            }
            if self.ended {
                return Poll::Ready(None);
            }
            let frame = match Pin::new(&mut self.inner).poll_frame(cx) {
                Poll::Ready(Some(Ok(f))) => f,
                Poll::Ready(Some(Err(e))) => {
                    // The sender reset the stream or its connection closed.
                    let status = Status::from_error(e.into());
                    return Poll::Ready(Some(Err(
                        self.refuse(&self.handoff.counters().refused_cancelled, status)
                    )));
                }
                Poll::Ready(None) => {
                    if let Err(s) = self.finish() {
                        return Poll::Ready(Some(Err(s)));
                    }
                    continue;
                }
                Poll::Pending => return Poll::Pending,
            };
            let data = match frame.into_data() {
                Ok(d) => d,
                Err(trailers) => {
                    // Trailers: the end of the stream follows.
                    if let Err(s) = self.finish() {
                        return Poll::Ready(Some(Err(s)));
                    }
                    self.ready.push_back(trailers);
                    continue;
                }
            };
            if data.is_empty() {
                continue;
            }
            self.seen += data.len();
            let seen = self.seen;
            if let Err(s) = self.charge(seen) {
                return Poll::Ready(Some(Err(s)));
            }
            self.held.push(data);
            if let Err(s) = self.check_so_far() {
                return Poll::Ready(Some(Err(s)));
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.ended && self.ready.is_empty()
    }
}

impl<B> Metered<B> {
    fn charge(&self, bytes: usize) -> Result<(), Status> {
        let mut held = self.meter.0.lock().unwrap_or_else(|p| p.into_inner());
        let admission = match held.as_mut() {
            Some(a) => a,
            None => held.insert(self.handoff.admit(0).map_err(retry_later)?),
        };
        self.handoff.grow(admission, bytes).map_err(retry_later)
    }

    /// The first message's header (flag and length), once the body holds it.
    fn header(&self) -> Option<(u8, usize)> {
        let mut header = [0u8; FRAME_HEADER];
        let mut filled = 0;
        for chunk in &self.held {
            let n = (header.len() - filled).min(chunk.len());
            header[filled..filled + n].copy_from_slice(&chunk[..n]);
            filled += n;
        }
        let length = u32::from_be_bytes([header[1], header[2], header[3], header[4]]);
        (filled == header.len()).then_some((header[0], length as usize))
    }

    /// Refuses the body as soon as it cannot be one message within the limit: a length
    /// over it (OUT_OF_RANGE, as tonic says it), or bytes past the first message (an
    /// Export call carries one: INVALID_ARGUMENT, not the rest dropped behind an OK).
    /// So the body held never exceeds one message at the limit.
    fn check_so_far(&mut self) -> Result<(), Status> {
        if self.declared.is_none() {
            self.declared = self.header();
            if let Some((_, length)) = self.declared.filter(|&(_, l)| l > self.max_message_bytes) {
                return Err(self.refuse(
                    &self.handoff.counters().refused_too_large,
                    Status::out_of_range(format!(
                        "the message is {length} bytes, more than the {} one request may take (ingest.max_request_bytes): send smaller requests",
                        self.max_message_bytes
                    )),
                ));
            }
        }
        match self.declared {
            Some((_, length)) if self.seen > FRAME_HEADER + length => Err(self.refuse(
                &self.handoff.counters().refused_malformed,
                Status::invalid_argument(format!(
                    "an Export call carries one request message; this one carried more after its first ({length} bytes): send one request per call"
                )),
            )),
            _ => Ok(()),
        }
    }

    /// `status`, counted as the call's refusal for `why`.
    fn refuse(&self, why: &std::sync::atomic::AtomicU64, status: Status) -> Status {
        why.fetch_add(1, Relaxed);
        status
    }

    /// The call's framing refused (INTERNAL, as gRPC's protocol asks), counted as
    /// malformed.
    fn refuse_framing(&self, why: String) -> Status {
        self.refuse(
            &self.handoff.counters().refused_malformed,
            Status::internal(why),
        )
    }

    /// The whole body, exactly one message ([`Metered::check_so_far`]), handed on. A
    /// compressed message is decompressed here, every gzip member and zstd frame, bytes
    /// after the last refused, its memory admitted as it is made, and handed on
    /// uncompressed: tonic's own decompression reads the first gzip member only and
    /// answers a corrupt one INTERNAL, uncounted. A body that holds no whole message or
    /// a flag it cannot take is refused here, counted, rather than by tonic.
    fn finish(&mut self) -> Result<(), Status> {
        self.ended = true;
        let Some((flag, length)) = self.declared else {
            return Err(self.refuse_framing(format!(
                "the call ended after {} bytes, before a whole request message's 5-byte prefix: send one request message per call",
                self.seen
            )));
        };
        if self.seen < FRAME_HEADER + length {
            return Err(self.refuse_framing(format!(
                "the call ended inside its message: {} of its {length} bytes arrived",
                self.seen - FRAME_HEADER
            )));
        }
        let encoding = match (flag, self.encoding) {
            (0, _) => None,
            (1, Some(e)) => Some(e),
            (1, None) => {
                return Err(self.refuse_framing(
                    "the message is marked compressed but the call names no grpc-encoding: send grpc-encoding: gzip or zstd with it".into(),
                ))
            }
            (other, _) => {
                return Err(self.refuse_framing(format!(
                    "the message's compressed flag is {other}; gRPC defines 0 and 1"
                )))
            }
        };
        // The message is copied out of tonic's buffer once: both, for a moment.
        self.charge(2 * self.seen)?;
        let held = std::mem::take(&mut self.held);
        let Some(encoding) = encoding else {
            self.ready
                .extend(held.into_iter().map(http_body::Frame::data));
            return Ok(());
        };
        let mut compressed = Vec::with_capacity(self.seen);
        for chunk in &held {
            compressed.extend_from_slice(chunk);
        }
        drop(held);
        let base = 2 * self.seen;
        let mut refused = None;
        let message = encoding.decompress_metered(
            &compressed[FRAME_HEADER..],
            self.max_message_bytes,
            &mut |capacity| match self.charge(base + capacity) {
                Ok(()) => true,
                Err(s) => {
                    refused = Some(s);
                    false
                }
            },
        );
        let message = match message {
            Ok(m) => m,
            Err(CompressionError::Refused) => {
                return Err(refused.unwrap_or_else(|| retry_later(Refusal::OverBudget)))
            }
            Err(e @ CompressionError::TooLarge { .. }) => {
                // Not to be sent again as it is: no RetryInfo.
                return Err(self.refuse(
                    &self.handoff.counters().refused_too_large,
                    Status::resource_exhausted(format!(
                        "{e} (ingest.max_request_bytes): send smaller requests"
                    )),
                ));
            }
            Err(e) => {
                return Err(self.refuse(
                    &self.handoff.counters().refused_malformed,
                    Status::invalid_argument(e.to_string()),
                ))
            }
        };
        // tonic buffers the message, then copies it out for the handler.
        self.charge(2 * message.len())?;
        let mut frame = Vec::with_capacity(FRAME_HEADER);
        frame.push(0);
        frame.extend_from_slice(&(message.len() as u32).to_be_bytes());
        self.ready
            .push_back(http_body::Frame::data(Bytes::from(frame)));
        self.ready
            .push_back(http_body::Frame::data(Bytes::from(message)));
        Ok(())
    }
}

impl tonic::server::UnaryService<Bytes> for GrpcIngest {
    type Response = ExportTraceServiceResponse;
    type Future = BoxFuture<Response<Self::Response>, Status>;
    fn call(&mut self, request: Request<Bytes>) -> Self::Future {
        let this = self.clone();
        let meter = request.extensions().get::<Arc<Meter>>().cloned();
        Box::pin(async move { this.export(request.into_inner(), meter).await })
    }
}

/// `TraceService` over [`RawRequests`].
#[derive(Debug, Clone)]
struct TraceService {
    ingest: GrpcIngest,
    max_request_bytes: usize,
    request_timeout: Duration,
    gate: Arc<Gate>,
}

impl tonic::server::NamedService for TraceService {
    const NAME: &'static str = SERVICE_NAME;
}

impl<B> Service<http::Request<B>> for TraceService
where
    B: http_body::Body<Data = Bytes> + Send + Unpin + 'static,
    B::Error: Into<StdError> + Send + 'static,
{
    type Response = http::Response<tonic::body::Body>;
    type Error = Infallible;
    type Future = BoxFuture<Self::Response, Infallible>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        if let Some(info) = req.extensions().get::<conn::ConnInfo>() {
            info.state.begun();
        }
        if req.uri().path() != otlp_client::grpc::EXPORT_PATH {
            return Box::pin(async { Ok(Status::unimplemented("").into_http()) });
        }
        let counters = self.ingest.0.counters();
        counters.requests.fetch_add(1, Relaxed);
        let authorization = req.headers().get(http::header::AUTHORIZATION);
        if let Err(e) = self.gate.authenticate(authorization.map(|v| v.as_bytes())) {
            return Box::pin(async move { Ok(Status::unauthenticated(e.to_string()).into_http()) });
        }
        let (ingest, max, timeout) = (
            self.ingest.clone(),
            self.max_request_bytes,
            self.request_timeout,
        );
        let meter = Arc::new(Meter::default());
        let (mut parts, body) = req.into_parts();
        parts.extensions.insert(meter.clone());
        // gRPC's encoding names are case-sensitive.
        let encoding = match parts.headers.get("grpc-encoding").map(|v| v.as_bytes()) {
            None | Some(b"identity") => None,
            Some(b"gzip") => Some(Compression::Gzip),
            Some(b"zstd") => Some(Compression::Zstd),
            Some(other) => {
                counters.refused_media_type.fetch_add(1, Relaxed);
                let why = format!(
                    "grpc-encoding {:?} is not taken: send gzip, zstd or identity",
                    String::from_utf8_lossy(other)
                );
                let mut resp = Status::unimplemented(why).into_http();
                resp.headers_mut().insert(
                    "grpc-accept-encoding",
                    http::HeaderValue::from_static("gzip,zstd,identity"),
                );
                return Box::pin(async move { Ok(resp) });
            }
        };
        let body = Metered::new(body, ingest.0.clone(), meter, encoding, max);
        let req = http::Request::from_parts(parts, body);
        let answering = Answering::new(&ingest.0);
        Box::pin(async move {
            let handoff = ingest.0.clone();
            let counters = handoff.counters();
            // Requests in either; answers compressed as the sender asks.
            let mut encodings = EnabledCompressionEncodings::default();
            encodings.enable(CompressionEncoding::Gzip);
            encodings.enable(CompressionEncoding::Zstd);
            let mut grpc = tonic::server::Grpc::new(RawRequests::new())
                .apply_compression_config(encodings, encodings)
                .apply_max_message_size_config(Some(max), None);
            // Every outcome is counted just before the call's answer is made, with no
            // wait between: answered here means counted.
            let resp = match tokio::time::timeout(timeout, grpc.unary(ingest, req)).await {
                Ok(resp) => resp,
                Err(_) => {
                    counters.refused_timeout.fetch_add(1, Relaxed);
                    let why = format!(
                        "the request did not arrive and get its answer within {} (ingest.grpc_request_timeout)",
                        humantime::format_duration(timeout)
                    );
                    Status::deadline_exceeded(why).into_http()
                }
            };
            answering.answered();
            Ok(resp)
        })
    }
}

/// Serves OTLP/gRPC on `listener`, behind `gate`, until `shutdown` is cancelled.
pub async fn serve(
    listener: TcpListener,
    handle: Handoff,
    config: &IngestConfig,
    gate: Arc<Gate>,
    shutdown: CancellationToken,
) -> Result<(), tonic::transport::Error> {
    let slots = conn::Slots::new(
        conn::Limits {
            max_connections: config.grpc_max_connections,
            first_request: config.first_request_timeout,
        },
        handle.telemetry.clone(),
    );
    let service = TraceService {
        ingest: GrpcIngest(handle.via(Transport::Grpc)),
        max_request_bytes: config.max_request_bytes,
        request_timeout: config.grpc_request_timeout,
        gate: gate.clone(),
    };
    // Our own accept path (the cap, TCP_NODELAY, TLS with the current certificate, the
    // first-request deadline), shared with the other listeners.
    let incoming = conn::incoming(listener, (gate, Listener::Grpc), slots, shutdown.clone());
    tonic::transport::Server::builder()
        // Flow-control windows that grow with the link: megabyte requests from one
        // busy producer must not wait for window updates.
        .http2_adaptive_window(Some(true))
        .max_concurrent_streams(Some(config.grpc_max_concurrent_streams))
        .http2_keepalive_interval(Some(config.grpc_keepalive_interval))
        .http2_keepalive_timeout(Some(config.grpc_keepalive_timeout))
        .max_connection_age(config.grpc_max_connection_age)
        .max_connection_age_grace(config.grpc_max_connection_age_grace)
        .add_service(service)
        .serve_with_incoming_shutdown(incoming, shutdown.cancelled_owned())
        .await
}
