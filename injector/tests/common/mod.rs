//! Test helpers: a real OTLP/gRPC trace receiver on 127.0.0.1:0 that keeps every
//! request, an in-process sink that can be held shut, and the injector's export path
//! wired to either.

#![allow(dead_code, unreachable_pub)]

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use gpu_otel_injector::export::Sink;
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, RecordQueue, Settings};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::trace::v1::Span;
use otlp_client::{Attempt, Target};
use prost::Message;
use semconv::Tier;

/// A receiver that keeps every request.
#[derive(Clone, Default)]
pub struct Received(pub Arc<Mutex<Vec<ExportTraceServiceRequest>>>);

#[tonic::async_trait]
impl TraceService for Received {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        self.0.lock().unwrap().push(request.into_inner());
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

impl Received {
    pub fn requests(&self) -> Vec<ExportTraceServiceRequest> {
        self.0.lock().unwrap().clone()
    }

    pub fn spans(&self) -> Vec<Span> {
        self.requests()
            .into_iter()
            .flat_map(|r| r.resource_spans)
            .flat_map(|rs| rs.scope_spans)
            .flat_map(|ss| ss.spans)
            .collect()
    }
}

/// Starts a receiver on its own runtime thread; returns its address.
pub fn start_receiver() -> (SocketAddr, Received) {
    let received = Received::default();
    let service = received.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            tonic::transport::Server::builder()
                .add_service(TraceServiceServer::new(service))
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener))
                .await
                .unwrap();
        });
    });
    (rx.recv().unwrap(), received)
}

/// A fixed process, so the resource is the same in every run.
pub fn process() -> ProcessInfo {
    ProcessInfo {
        pid: 4242,
        executable_name: "fake-cuda-app".into(),
        host_name: Some("test-host".into()),
        instance_id: "7f1d6a52-3b8e-4c1a-9e57-2d0c5b9a1e33".into(),
        container: Default::default(),
    }
}

pub fn settings(budget_bytes: u64) -> Settings {
    Settings {
        budget_bytes,
        ..Settings::for_process(&process(), Some("fake-cuda-app"), None, Tier::Off)
    }
}

/// The injector's export path to a real OTLP/gRPC receiver at `addr`.
pub fn otlp_pipeline(addr: SocketAddr, budget_bytes: u64) -> (RecordQueue, Arc<Stats>) {
    otlp_pipeline_with(addr, settings(budget_bytes))
}

/// The injector's export path with `settings`, to a real OTLP/gRPC receiver at `addr`.
pub fn otlp_pipeline_with(addr: SocketAddr, settings: Settings) -> (RecordQueue, Arc<Stats>) {
    let stats = Arc::new(Stats::default());
    let (queue, _handle) =
        worker::spawn_grpc(settings, stats.clone(), format!("http://{addr}")).unwrap();
    (queue, stats)
}

/// A sink kept in memory; `open` lets requests through (held until then); `fail`
/// refuses every request for good.
#[derive(Debug, Clone)]
pub struct MemorySink {
    pub requests: Arc<Mutex<Vec<ExportTraceServiceRequest>>>,
    pub gate: tokio::sync::watch::Sender<bool>,
    pub fail: bool,
}

impl Default for MemorySink {
    fn default() -> Self {
        MemorySink {
            requests: Arc::default(),
            gate: tokio::sync::watch::Sender::new(false),
            fail: false,
        }
    }
}

impl MemorySink {
    pub fn open(self) -> Self {
        self.release();
        self
    }

    pub fn release(&self) {
        self.gate.send_replace(true);
    }

    pub fn spans(&self) -> Vec<Span> {
        self.requests
            .lock()
            .unwrap()
            .iter()
            .flat_map(|r| r.resource_spans.iter())
            .flat_map(|rs| rs.scope_spans.iter())
            .flat_map(|ss| ss.spans.iter().cloned())
            .collect()
    }
}

impl Sink for MemorySink {
    fn prepare(&self, body: bytes::Bytes) -> Result<bytes::Bytes, String> {
        Ok(body)
    }
}

impl Target for MemorySink {
    type Body = bytes::Bytes;
    async fn attempt(&self, body: &bytes::Bytes) -> Attempt {
        let body = body.clone();
        let mut gate = self.gate.subscribe();
        let _ = gate.wait_for(|open| *open).await;
        if self.fail {
            return Attempt::fatal("refused by the test");
        }
        let req = ExportTraceServiceRequest::decode(body).expect("a valid request");
        self.requests.lock().unwrap().push(req);
        Attempt::delivered()
    }
}

/// The kernel spans among `spans`, by the correlation id of the record each came from.
pub fn kernels_by_correlation(spans: &[Span]) -> std::collections::HashMap<u32, &Span> {
    spans
        .iter()
        .filter(|s| {
            semconv::otlp::find(&s.attributes, semconv::attributes::GPU_KERNEL_NAME).is_some()
        })
        .map(|s| {
            let id = semconv::otlp::get_int(&s.attributes, semconv::attributes::GPU_CORRELATION_ID);
            (
                id.expect("a kernel span carries its correlation id") as u32,
                s,
            )
        })
        .collect()
}

/// The window records a span carries as `gpu.sampling.window` events, decoded.
pub fn windows_of(span: &Span) -> Vec<semconv::Window> {
    span.events
        .iter()
        .filter(|e| semconv::codec::is_window_event(e))
        .map(|e| semconv::codec::decode(&e.attributes).unwrap())
        .collect()
}
