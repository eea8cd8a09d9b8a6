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
use otlp_client::grpc::RawRequests;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tonic::codec::{CompressionEncoding, EnabledCompressionEncodings};
use tonic::codegen::{http, BoxFuture, Service, StdError};
use tonic::{Code, Request, Response, Status};
use tonic_types::{ErrorDetails, StatusExt};

use super::gate::Gate;
use super::tls::Listener;
use super::{conn, response};
use crate::config::IngestConfig;
use crate::entry::{Admission, Arrived, Refusal, RETRY_AFTER};
use crate::handoff::{Handoff, NotAdmitted};
use crate::reconcile::prepared::Prepared;
use crate::telemetry::Transport;
use crate::wire::census::Census;

/// The gRPC service name of OTLP traces.
const SERVICE_NAME: &str = "opentelemetry.proto.collector.trace.v1.TraceService";

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
        ingest.requests.fetch_add(1, Relaxed);
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
/// The body's last byte is withheld until the client ends the stream: tonic decodes
/// (and decompresses) a message as soon as its frame is whole, then waits for the
/// stream's end holding both buffers, so a client that never ends its stream would hold
/// a decompressed message outside the budget for as long as the request timeout. With
/// the last byte withheld, a message is decoded only once its stream has ended, and the
/// handler charges what decoding it takes at once.
struct Metered<B> {
    inner: B,
    handoff: Handoff,
    meter: Arc<Meter>,
    seen: usize,
    /// Frames ready to hand on, in order.
    ready: std::collections::VecDeque<http_body::Frame<Bytes>>,
    /// The last byte seen, until the stream ends.
    withheld: Option<Bytes>,
    ended: bool,
}

impl<B> Metered<B> {
    fn new(inner: B, handoff: Handoff, meter: Arc<Meter>) -> Metered<B> {
        Metered {
            inner,
            handoff,
            meter,
            seen: 0,
            ready: Default::default(),
            withheld: None,
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
                    return Poll::Ready(Some(Err(Status::from_error(e.into()))))
                }
                Poll::Ready(None) => {
                    // Whole: the message is copied out of tonic's buffer once; both, for
                    // a moment.
                    self.ended = true;
                    let charge = 2 * self.seen;
                    if let Err(s) = self.charge(charge) {
                        return Poll::Ready(Some(Err(s)));
                    }
                    if let Some(last) = self.withheld.take() {
                        self.ready.push_back(http_body::Frame::data(last));
                    }
                    continue;
                }
                Poll::Pending => return Poll::Pending,
            };
            let data = match frame.into_data() {
                Ok(d) => d,
                Err(other) => {
                    // Trailers: the end of the stream follows.
                    if let Some(last) = self.withheld.take() {
                        self.ready.push_back(http_body::Frame::data(last));
                    }
                    self.ready.push_back(other);
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
            if let Some(last) = self.withheld.take() {
                self.ready.push_back(http_body::Frame::data(last));
            }
            let mut data = data;
            let last = data.split_off(data.len() - 1);
            self.withheld = Some(last);
            if !data.is_empty() {
                self.ready.push_back(http_body::Frame::data(data));
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
        let req = http::Request::from_parts(parts, Metered::new(body, ingest.0.clone(), meter));
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
            match tokio::time::timeout(timeout, grpc.unary(ingest, req)).await {
                Ok(resp) => Ok(resp),
                Err(_) => {
                    counters.refused_timeout.fetch_add(1, Relaxed);
                    let why = format!(
                        "the request did not arrive and get its answer within {} (ingest.grpc_request_timeout)",
                        humantime::format_duration(timeout)
                    );
                    Ok(Status::deadline_exceeded(why).into_http())
                }
            }
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
