//! The OTLP/gRPC export call with a body encoded once: the injector writes requests
//! straight from kernel records, and the receiver encodes each batch once however many
//! times it is retried, so neither hands tonic a message to clone and encode again.
//! Public for the receiver's ingest (the method path) and for tests that play a client.

use bytes::{Buf, BufMut, Bytes};
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceResponse;
use prost::Message;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::Status;

/// The gRPC method path of `TraceService/Export`.
pub const EXPORT_PATH: &str = "/opentelemetry.proto.collector.trace.v1.TraceService/Export";
/// The gRPC method path of `MetricsService/Export`.
pub const METRICS_EXPORT_PATH: &str =
    "/opentelemetry.proto.collector.metrics.v1.MetricsService/Export";
/// The gRPC method path of `ProfilesService/Export` (OTLP Profiles, `v1development`);
/// its answer has the same shape as the others too.
pub const PROFILES_EXPORT_PATH: &str =
    "/opentelemetry.proto.collector.profiles.v1development.ProfilesService/Export";

/// A codec whose requests are protobuf bytes already (an encoded
/// `ExportTraceServiceRequest` or `ExportMetricsServiceRequest`) and whose responses
/// are decoded as usual. Both answers have one shape on the wire (field 1: a partial
/// success of a count, field 1, and a message, field 2), so one decoder reads both.
#[derive(Debug, Clone, Copy, Default)]
pub struct PreEncoded;

impl Codec for PreEncoded {
    type Encode = Bytes;
    type Decode = ExportTraceServiceResponse;
    type Encoder = PreEncoded;
    type Decoder = PreEncoded;
    fn encoder(&mut self) -> Self::Encoder {
        PreEncoded
    }
    fn decoder(&mut self) -> Self::Decoder {
        PreEncoded
    }
}

impl Encoder for PreEncoded {
    type Item = Bytes;
    type Error = Status;
    fn encode(&mut self, item: Bytes, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        dst.put(item);
        Ok(())
    }
}

impl Decoder for PreEncoded {
    type Item = ExportTraceServiceResponse;
    type Error = Status;
    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Self::Item>, Status> {
        let bytes = src.copy_to_bytes(src.remaining());
        ExportTraceServiceResponse::decode(bytes)
            .map(Some)
            .map_err(|e| Status::internal(format!("bad export response: {e}")))
    }
}

/// Calls `TraceService/Export` with `body` (an encoded request) on `client`.
pub async fn export<T>(
    client: &mut tonic::client::Grpc<T>,
    request: tonic::Request<Bytes>,
) -> Result<tonic::Response<ExportTraceServiceResponse>, Status>
where
    T: tonic::client::GrpcService<tonic::body::Body>,
    T::ResponseBody: http_body::Body<Data = Bytes> + Send + 'static,
    <T::ResponseBody as http_body::Body>::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    export_to(client, request, EXPORT_PATH).await
}

/// Calls the export method at `path` with `body` (an encoded request) on `client`.
pub(crate) async fn export_to<T>(
    client: &mut tonic::client::Grpc<T>,
    request: tonic::Request<Bytes>,
    path: &'static str,
) -> Result<tonic::Response<ExportTraceServiceResponse>, Status>
where
    T: tonic::client::GrpcService<tonic::body::Body>,
    T::ResponseBody: http_body::Body<Data = Bytes> + Send + 'static,
    <T::ResponseBody as http_body::Body>::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    client
        .ready()
        .await
        .map_err(|e| Status::unavailable(format!("not ready: {}", e.into())))?;
    let path = http::uri::PathAndQuery::from_static(path);
    client.unary(request, path, PreEncoded).await
}
