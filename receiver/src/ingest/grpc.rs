//! OTLP/gRPC TraceService.
//!
//! Served with a codec that hands the handler the message's bytes rather than with the
//! generated server: that one decodes before any handler runs and answers a message
//! that does not decode with INTERNAL, uncounted. Here the request is admitted against
//! the pending-bytes budget by its length before it is decoded, and a message that does
//! not decode is INVALID_ARGUMENT and counted as malformed. With `ingest.auth`, the
//! `authorization` metadata is checked before the message is even read
//! (UNAUTHENTICATED, counted).

use std::convert::Infallible;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::{Buf as _, Bytes};
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceResponse;
use prost::Message as _;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tonic::codec::{
    Codec, CompressionEncoding, DecodeBuf, Decoder, EnabledCompressionEncodings, EncodeBuf, Encoder,
};
use tonic::codegen::{http, BoxFuture, Service, StdError};
use tonic::{Code, Request, Response, Status};
use tonic_types::{ErrorDetails, StatusExt};

use super::gate::Gate;
use super::{conn, response};
use crate::entry::{Refusal, RETRY_AFTER};
use crate::handoff::Handoff;
use crate::reconcile::Prepared;
use crate::telemetry::Transport;

/// The gRPC service name of OTLP traces.
const SERVICE_NAME: &str = "opentelemetry.proto.collector.trace.v1.TraceService";

/// Requests arrive as their protobuf bytes; responses are encoded as usual.
#[derive(Debug, Clone, Copy, Default)]
struct RawRequests;

impl Codec for RawRequests {
    type Encode = ExportTraceServiceResponse;
    type Decode = Bytes;
    type Encoder = RawRequests;
    type Decoder = RawRequests;
    fn encoder(&mut self) -> Self::Encoder {
        RawRequests
    }
    fn decoder(&mut self) -> Self::Decoder {
        RawRequests
    }
}

impl Encoder for RawRequests {
    type Item = ExportTraceServiceResponse;
    type Error = Status;
    fn encode(&mut self, item: Self::Item, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        item.encode(dst)
            .map_err(|e| Status::internal(format!("cannot encode the response: {e}")))
    }
}

impl Decoder for RawRequests {
    type Item = Bytes;
    type Error = Status;
    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Bytes>, Status> {
        Ok(Some(src.copy_to_bytes(src.remaining())))
    }
}

#[derive(Debug, Clone)]
struct GrpcIngest(Handoff);

impl GrpcIngest {
    async fn export(&self, body: Bytes) -> Result<Response<ExportTraceServiceResponse>, Status> {
        let ingest = self.0.counters();
        ingest.requests.fetch_add(1, Relaxed);
        let retry_later = |r: Refusal| {
            Status::with_error_details(
                Code::ResourceExhausted,
                r.to_string(),
                ErrorDetails::with_retry_info(Some(RETRY_AFTER)),
            )
        };
        let admission = self.0.admit(body.len()).map_err(retry_later)?;
        let request = Prepared::decode(body).map_err(|e| {
            ingest.refused_malformed.fetch_add(1, Relaxed);
            Status::invalid_argument(format!("invalid OTLP protobuf: {e}"))
        })?;
        match self.0.submit(request, admission).await {
            Ok(report) => Ok(Response::new(response(&report))),
            Err(r @ (Refusal::Busy | Refusal::OverBudget | Refusal::QueueFull)) => {
                Err(retry_later(r))
            }
            Err(r @ Refusal::Unavailable) => Err(Status::unavailable(r.to_string())),
            // Unavailable is retryable in OTLP; RetryInfo says when.
            Err(r @ Refusal::QueueFailing) => Err(Status::with_error_details(
                Code::Unavailable,
                r.to_string(),
                ErrorDetails::with_retry_info(Some(RETRY_AFTER)),
            )),
        }
    }
}

impl tonic::server::UnaryService<Bytes> for GrpcIngest {
    type Response = ExportTraceServiceResponse;
    type Future = BoxFuture<Response<Self::Response>, Status>;
    fn call(&mut self, request: Request<Bytes>) -> Self::Future {
        let this = self.clone();
        Box::pin(async move { this.export(request.into_inner()).await })
    }
}

/// `TraceService` over [`RawRequests`].
#[derive(Debug, Clone)]
struct TraceService {
    ingest: GrpcIngest,
    max_request_bytes: usize,
    gate: Arc<Gate>,
}

impl tonic::server::NamedService for TraceService {
    const NAME: &'static str = SERVICE_NAME;
}

impl<B> Service<http::Request<B>> for TraceService
where
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<StdError> + Send + 'static,
{
    type Response = http::Response<tonic::body::Body>;
    type Error = Infallible;
    type Future = BoxFuture<Self::Response, Infallible>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        if req.uri().path() != otlp_client::grpc::EXPORT_PATH {
            return Box::pin(async { Ok(Status::unimplemented("").into_http()) });
        }
        let authorization = req.headers().get(http::header::AUTHORIZATION);
        if let Err(e) = self.gate.authenticate(authorization.map(|v| v.as_bytes())) {
            return Box::pin(async move { Ok(Status::unauthenticated(e.to_string()).into_http()) });
        }
        let (ingest, max) = (self.ingest.clone(), self.max_request_bytes);
        Box::pin(async move {
            // Requests in either; answers compressed as the sender asks.
            let mut encodings = EnabledCompressionEncodings::default();
            encodings.enable(CompressionEncoding::Gzip);
            encodings.enable(CompressionEncoding::Zstd);
            let mut grpc = tonic::server::Grpc::new(RawRequests)
                .apply_compression_config(encodings, encodings)
                .apply_max_message_size_config(Some(max), None);
            Ok(grpc.unary(ingest, req).await)
        })
    }
}

/// Serves OTLP/gRPC on `listener`, behind `gate`, until `shutdown` is cancelled.
pub async fn serve(
    listener: TcpListener,
    handle: Handoff,
    max_request_bytes: usize,
    gate: Arc<Gate>,
    shutdown: CancellationToken,
) -> Result<(), tonic::transport::Error> {
    let service = TraceService {
        ingest: GrpcIngest(handle.via(Transport::Grpc)),
        max_request_bytes,
        gate: gate.clone(),
    };
    // Our own accept path (TCP_NODELAY, TLS with the current certificate), shared
    // with the HTTP listener.
    let incoming = conn::incoming(listener, gate, shutdown.clone());
    tonic::transport::Server::builder()
        // Flow-control windows that grow with the link: megabyte requests from one
        // busy producer must not wait for window updates.
        .http2_adaptive_window(Some(true))
        .add_service(service)
        .serve_with_incoming_shutdown(incoming, shutdown.cancelled_owned())
        .await
}
