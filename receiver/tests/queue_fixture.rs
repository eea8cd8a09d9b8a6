//! A queue directory written by a released receiver is read by this one: every span it
//! acknowledged is delivered after the upgrade. `tests/fixtures/queue-0.1.0/` was written
//! by release 0.1.0 with its backend down (`write_the_queue_fixture`, ignored: run it
//! with the release that writes the next fixture, and keep each one).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use receiver::fixtures::{self, kernel, plain, request, resource};
use receiver::pipeline;
use semconv::{Serialized, Tier};

/// The release whose queue directory the fixture is.
const WRITTEN_BY: &str = "0.1.0";

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/queue-{WRITTEN_BY}"))
}

/// What the writer sent and had acknowledged: four requests of two processes, kernel
/// spans and plain ones.
fn requests() -> Vec<ExportTraceServiceRequest> {
    (0..4u64)
        .map(|i| {
            let mut spans: Vec<_> = (0..5)
                .map(|j| kernel(i * 100 + j, 1_000 + j, 2_000 + j, Some(Serialized::False)))
                .collect();
            spans.extend((0..10).map(|j| plain(i * 100 + 50 + j)));
            request(
                resource("upgrade", (i % 2) as i64 + 1, Some(Tier::Off)),
                spans,
            )
        })
        .collect()
}

fn span_ids(reqs: &[ExportTraceServiceRequest]) -> BTreeSet<Vec<u8>> {
    fixtures::spans_of(reqs)
        .into_iter()
        .map(|(_, s)| s.span_id.clone())
        .collect()
}

#[derive(Debug, Clone, Default)]
struct Backend(Arc<Mutex<Vec<ExportTraceServiceRequest>>>);

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

async fn backend() -> (String, Backend) {
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

fn config(queue: &Path, endpoint: String) -> receiver::config::Config {
    let mut c = fixtures::loopback_config();
    c.queue.dir = Some(queue.to_path_buf());
    // Small segments: the fixture stays a few kilobytes.
    c.queue.segment_bytes = 1 << 20;
    c.export.endpoint = Some(endpoint);
    c.shutdown_timeout = Duration::from_secs(1);
    c
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
    // As the receiver keeps its directory: its user's alone.
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o700)).unwrap();
    for entry in std::fs::read_dir(to).unwrap() {
        let path = entry.unwrap().path();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queue_directory_of_the_previous_release_is_delivered_whole_after_the_upgrade() {
    let tmp = tempfile::tempdir().unwrap();
    let queue = tmp.path().join("queue");
    copy_dir(&fixture_dir(), &queue);
    let (url, b) = backend().await;
    let r = pipeline::start(config(&queue, url)).await.unwrap();
    let want = span_ids(&requests());
    let started = Instant::now();
    let got = loop {
        let got = span_ids(&b.0.lock().unwrap());
        if got.len() >= want.len() || started.elapsed() > Duration::from_secs(30) {
            break got;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    r.shutdown().await;
    assert_eq!(got, want, "every acknowledged span, once the queue is read");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes tests/fixtures/queue-<version>: run with the release the fixture is of"]
async fn write_the_queue_fixture() {
    let dir = fixture_dir();
    assert_eq!(
        env!("CARGO_PKG_VERSION"),
        WRITTEN_BY,
        "name the fixture for this release"
    );
    let _ = std::fs::remove_dir_all(&dir);
    // Nothing listens there: every request stays in the queue.
    let down = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", down.local_addr().unwrap());
    drop(down);
    let r = pipeline::start(config(&dir, url)).await.unwrap();
    let mut client = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    for req in requests() {
        client.export(req).await.expect("acknowledged");
    }
    r.shutdown().await;
}
