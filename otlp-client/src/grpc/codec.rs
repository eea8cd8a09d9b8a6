//! The OTLP/gRPC export call with a body encoded once: the injector writes requests
//! straight from kernel records, and the receiver encodes each batch once however many
//! times it is retried, so neither hands tonic a message to clone and encode again.
//! The receiver's ingest serves with the same codec turned around ([`RawRequests`]):
//! it admits a request's bytes before decoding them. Public for it (the codec, the
//! method path) and for tests that play a client.

use std::marker::PhantomData;

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

/// The one raw-bytes codec, both ends: protobuf bytes one way, an export answer the
/// other. Both answers (traces and metrics) have one shape on the wire (field 1: a
/// partial success of a count, field 1, and a message, field 2), so one message type
/// reads and writes both.
pub struct Raw<E, D>(PhantomData<fn(E) -> D>);

/// The client's: requests are protobuf bytes already (an encoded
/// `ExportTraceServiceRequest` or `ExportMetricsServiceRequest`), answers decoded.
pub type PreEncoded = Raw<Bytes, ExportTraceServiceResponse>;

/// The server's (the receiver's ingest): requests handed over as their bytes, to be
/// admitted and decoded by the handler, answers encoded.
pub type RawRequests = Raw<ExportTraceServiceResponse, Bytes>;

impl<E, D> Raw<E, D> {
    /// The codec.
    pub const fn new() -> Self {
        Raw(PhantomData)
    }
}

impl<E, D> Default for Raw<E, D> {
    fn default() -> Self {
        Raw::new()
    }
}

impl<E, D> Clone for Raw<E, D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E, D> Copy for Raw<E, D> {}

impl<E, D> std::fmt::Debug for Raw<E, D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Raw")
    }
}

impl<E, D> Codec for Raw<E, D>
where
    E: Send + 'static,
    D: Send + 'static,
    Raw<E, D>: Encoder<Item = E, Error = Status> + Decoder<Item = D, Error = Status>,
{
    type Encode = E;
    type Decode = D;
    type Encoder = Self;
    type Decoder = Self;
    fn encoder(&mut self) -> Self::Encoder {
        *self
    }
    fn decoder(&mut self) -> Self::Decoder {
        *self
    }
}

impl<D> Encoder for Raw<Bytes, D> {
    type Item = Bytes;
    type Error = Status;
    fn encode(&mut self, item: Bytes, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        dst.put(item);
        Ok(())
    }
}

impl<D> Encoder for Raw<ExportTraceServiceResponse, D> {
    type Item = ExportTraceServiceResponse;
    type Error = Status;
    fn encode(&mut self, item: Self::Item, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        item.encode(dst)
            .map_err(|e| Status::internal(format!("cannot encode the response: {e}")))
    }
}

impl<E> Decoder for Raw<E, Bytes> {
    type Item = Bytes;
    type Error = Status;
    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Bytes>, Status> {
        Ok(Some(src.copy_to_bytes(src.remaining())))
    }
}

impl<E> Decoder for Raw<E, ExportTraceServiceResponse> {
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
    client.unary(request, path, PreEncoded::new()).await
}
