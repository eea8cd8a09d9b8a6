//! A receiver with its persistent queue in a directory, and a backend that keeps every
//! request it is sent: what the queue's restart tests run against.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use receiver::fixtures;

/// Every request the backend was sent, in order.
#[derive(Debug, Clone, Default)]
pub struct Backend(pub Arc<Mutex<Vec<ExportTraceServiceRequest>>>);

#[tonic::async_trait]
impl TraceService for Backend {
    async fn export(
        &self,
        req: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        self.0.lock().unwrap().push(req.into_inner());
        Ok(tonic::Response::new(Default::default()))
    }
}

/// A recording backend on a free loopback port: its endpoint and its requests.
pub async fn backend() -> (String, Backend) {
    let b = Backend::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(b.clone()))
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
    );
    (format!("http://{addr}"), b)
}

/// A loopback receiver queuing in `queue` (small segments: a fixture stays a few
/// kilobytes) and exporting to `endpoint`.
pub fn config(queue: &Path, endpoint: String) -> receiver::config::Config {
    let mut c = fixtures::loopback_config();
    c.queue.dir = Some(queue.to_path_buf());
    c.queue.segment_bytes = 1 << 20;
    c.export.endpoint = Some(endpoint);
    c.shutdown_timeout = Duration::from_secs(1);
    c
}
