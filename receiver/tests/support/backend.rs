//! A recording OTLP/gRPC backend: every request it is sent, kept in order, for tests
//! that count what a receiver delivered.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message as _;
use receiver::fixtures;

/// Every request the backend was sent, in order.
#[derive(Debug, Clone, Default)]
pub struct Backend(pub Arc<Mutex<Vec<ExportTraceServiceRequest>>>);

impl Backend {
    /// Spans received.
    pub fn spans(&self) -> usize {
        fixtures::spans_of(&self.0.lock().unwrap()).len()
    }

    /// The span ids received, in order.
    pub fn span_ids(&self) -> Vec<Vec<u8>> {
        fixtures::spans_of(&self.0.lock().unwrap())
            .into_iter()
            .map(|(_, s)| s.span_id.clone())
            .collect()
    }

    /// The encoded size of the largest request received.
    pub fn largest_request(&self) -> usize {
        let v = self.0.lock().unwrap();
        v.iter().map(|r| r.encoded_len()).max().unwrap_or(0)
    }

    /// Waits until `spans` arrived, at most `within`.
    pub async fn wait_for(&self, spans: usize, within: Duration) {
        let deadline = Instant::now() + within;
        while self.spans() < spans && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[tonic::async_trait]
impl TraceService for Backend {
    async fn export(
        &self,
        req: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        self.0.lock().unwrap().push(req.into_inner());
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

/// A recording backend on a free loopback port: its endpoint and its requests.
pub async fn backend() -> (String, Backend) {
    backend_refusing_over(None).await
}

/// The same, refusing messages over `max_decoding` bytes (tonic's own limit, 4 MiB, when
/// None), as the Collector, Jaeger and Tempo do.
pub async fn backend_refusing_over(max_decoding: Option<usize>) -> (String, Backend) {
    let backend = Backend::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let mut svc = TraceServiceServer::new(backend.clone());
    if let Some(max) = max_decoding {
        svc = svc.max_decoding_message_size(max);
    }
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(svc)
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
    );
    (format!("http://{addr}"), backend)
}
