//! OTLP/gRPC TraceService.

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tonic::codec::CompressionEncoding;
use tonic::transport::server::TcpIncoming;
use tonic::{Code, Request, Response, Status};
use tonic_types::{ErrorDetails, StatusExt};

use super::{response, IngestHandle, Refusal, RETRY_AFTER};

#[derive(Debug)]
struct GrpcIngest(IngestHandle);

#[tonic::async_trait]
impl TraceService for GrpcIngest {
    async fn export(
        &self,
        request: Request<ExportTraceServiceRequest>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        self.0
            .telemetry
            .ingest
            .grpc_requests
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match self.0.submit(request.into_inner()).await {
            Ok(report) => Ok(Response::new(response(&report))),
            Err(r @ Refusal::Busy) => Err(Status::with_error_details(
                Code::ResourceExhausted,
                r.to_string(),
                ErrorDetails::with_retry_info(Some(RETRY_AFTER)),
            )),
            Err(r @ Refusal::Unavailable) => Err(Status::unavailable(r.to_string())),
        }
    }
}

/// Serves OTLP/gRPC on `listener` until `shutdown` is cancelled.
pub async fn serve(
    listener: TcpListener,
    handle: IngestHandle,
    max_request_bytes: usize,
    shutdown: CancellationToken,
) -> Result<(), tonic::transport::Error> {
    let service = TraceServiceServer::new(GrpcIngest(handle))
        .max_decoding_message_size(max_request_bytes)
        .accept_compressed(CompressionEncoding::Gzip)
        .send_compressed(CompressionEncoding::Gzip);
    // Built from our own listener, tonic leaves TCP_NODELAY off (its builder's
    // default only applies to addresses it binds itself).
    let incoming = TcpIncoming::from(listener).with_nodelay(Some(true));
    tonic::transport::Server::builder()
        // Flow-control windows that grow with the link: megabyte requests from one
        // busy producer must not wait for window updates.
        .http2_adaptive_window(Some(true))
        .add_service(service)
        .serve_with_incoming_shutdown(incoming, shutdown.cancelled_owned())
        .await
}
