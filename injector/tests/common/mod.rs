//! Test helpers: a real OTLP/gRPC trace receiver on 127.0.0.1:0 that keeps every
//! request, an in-process exporter that can be held shut, and the injector's
//! export path wired to either.

#![allow(dead_code, unreachable_pub)]

use std::net::SocketAddr;
use std::sync::{Arc, Condvar, Mutex};

use gpu_otel_injector::export::{self, ExportSettings, RecordQueue, Stats};
use gpu_otel_injector::resource::ProcessInfo;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::trace::v1::Span;
use opentelemetry_sdk::error::OTelSdkResult;
use opentelemetry_sdk::trace::SpanData;
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
    }
}

pub fn settings(queue_batches: usize) -> ExportSettings {
    ExportSettings {
        queue_batches,
        ..ExportSettings::for_process(&process(), Some("fake-cuda-app"), None, Tier::Off)
    }
}

/// The injector's export path to a real OTLP/gRPC receiver at `addr`.
pub fn otlp_pipeline(addr: SocketAddr, queue_batches: usize) -> (RecordQueue, Arc<Stats>) {
    otlp_pipeline_with(addr, settings(queue_batches))
}

/// The injector's export path with `settings`, to a real OTLP/gRPC receiver at `addr`.
pub fn otlp_pipeline_with(addr: SocketAddr, settings: ExportSettings) -> (RecordQueue, Arc<Stats>) {
    let stats = Arc::new(Stats::default());
    let (queue, _handle) =
        export::spawn_grpc(settings, stats.clone(), format!("http://{addr}")).unwrap();
    (queue, stats)
}

/// An exporter kept in memory; `gate` holds exports until opened; `fail` makes
/// every export fail.
#[derive(Debug, Clone, Default)]
pub struct MemoryExporter {
    pub spans: Arc<Mutex<Vec<SpanData>>>,
    pub gate: Arc<(Mutex<bool>, Condvar)>,
    pub fail: bool,
}

impl MemoryExporter {
    pub fn open(&self) -> Self {
        *self.gate.0.lock().unwrap() = true;
        self.clone()
    }

    pub fn release(&self) {
        *self.gate.0.lock().unwrap() = true;
        self.gate.1.notify_all();
    }
}

impl opentelemetry_sdk::trace::SpanExporter for MemoryExporter {
    async fn export(&self, batch: Vec<SpanData>) -> OTelSdkResult {
        let (lock, cvar) = &*self.gate;
        let mut open = lock.lock().unwrap();
        while !*open {
            open = cvar.wait(open).unwrap();
        }
        drop(open);
        if self.fail {
            return Err(opentelemetry_sdk::error::OTelSdkError::InternalFailure(
                "refused by the test".into(),
            ));
        }
        self.spans.lock().unwrap().extend(batch);
        Ok(())
    }
}
