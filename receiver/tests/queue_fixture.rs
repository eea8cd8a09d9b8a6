//! A queue directory written by a released receiver is read by this one: every span it
//! acknowledged is delivered after the upgrade. `tests/fixtures/queue-0.1.0/` was written
//! by release 0.1.0 with its backend down (`write_the_queue_fixture`, ignored: run it
//! with the release that writes the next fixture, and keep each one).
//! `tests/fixtures/queue-0.1.0-evidence/` was written by the same release (the code
//! before the queue kept requests as they arrived, record format 1) with a window's
//! evidence kept for a request already delivered and deleted, and a request on disk
//! whose answers need it (`write_the_evidence_fixture`, ignored likewise).

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::TraceServiceServer;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use receiver::fixtures::{self, kernel, plain, request, resource};
use receiver::pipeline;
use semconv::{Serialized, Tier};
use support::backend::{backend, Backend};
use support::queue::config;

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

/// The release whose queue directory with evidence the second fixture is.
const EVIDENCE_WRITTEN_BY: &str = "0.1.0";
const T0: u64 = 1_765_000_000_000_000_000;

fn evidence_fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
        "tests/fixtures/queue-{EVIDENCE_WRITTEN_BY}-evidence"
    ))
}

/// A serialized-tier producer's burst, closed: the evidence the fixture keeps.
fn evidence_window() -> semconv::Window {
    semconv::Window::closed(T0, T0 + 200_000, 1, semconv::SamplingMode::KernelSerialized)
}

/// The request that carried the window (delivered, and so deleted, before the
/// destination went down).
fn evidence_windows_request() -> ExportTraceServiceRequest {
    let mut carrier = fixtures::window_carrier(1, &[evidence_window()]);
    carrier.trace_id = fixtures::trace_id(9);
    request(
        resource("evidence", 9, Some(Tier::Serialized)),
        vec![carrier],
    )
}

/// Unstamped kernels inside the burst: "true" by the window alone; on disk when the
/// fixture was written.
fn evidence_kernels_request() -> ExportTraceServiceRequest {
    let spans = (0..4u64)
        .map(|j| {
            let mut k = kernel(
                9_000 + j,
                T0 + 10_000 + j * 40_000,
                T0 + 40_000 + j * 40_000,
                None,
            );
            k.trace_id = fixtures::trace_id(9);
            k
        })
        .collect();
    request(resource("evidence", 9, Some(Tier::Serialized)), spans)
}

async fn stoppable_backend() -> (String, Backend, tokio::sync::oneshot::Sender<()>) {
    let b = Backend::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(b.clone()))
            .serve_with_incoming_shutdown(
                tokio_stream::wrappers::TcpListenerStream::new(listener),
                async {
                    let _ = stopped.await;
                },
            ),
    );
    (format!("http://{addr}"), b, stop)
}

/// Writes the evidence fixture with the receiver of this build: the window's request is
/// delivered and deleted (its evidence row stays), then the destination goes down and
/// the kernels' request stays on disk.
async fn write_evidence_fixture_to(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    let (url, backend, stop) = stoppable_backend().await;
    let r = pipeline::start(config(dir, url)).await.unwrap();
    let mut client = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    client
        .export(evidence_windows_request())
        .await
        .expect("acknowledged");
    let q = &r.telemetry.queue;
    let started = Instant::now();
    while q.requests.load(Relaxed) > 0 || backend.0.lock().unwrap().is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the window's request is done"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Its done row and evidence row durable: committed within queue.database_interval
    // (100 ms) of the deletion.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        q.evidence_rows.load(Relaxed),
        1,
        "the window's evidence row"
    );
    let _ = stop.send(());
    tokio::time::sleep(Duration::from_millis(200)).await;
    client
        .export(evidence_kernels_request())
        .await
        .expect("acknowledged");
    r.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evidence_a_previous_release_kept_is_restored_and_gives_the_answers_of_an_uninterrupted_run(
) {
    let tmp = tempfile::tempdir().unwrap();
    let queue = tmp.path().join("queue");
    copy_dir(&evidence_fixture_dir(), &queue);
    let (url, b) = backend().await;
    let mut c = config(&queue, url);
    // Without the window the kernels would wait for this long and read "unknown".
    c.reconcile.delay = Duration::from_secs(1);
    let r = pipeline::start(c).await.unwrap();
    assert_eq!(
        r.telemetry.queue.evidence_restored.load(Relaxed),
        1,
        "the window of the request already deleted"
    );
    let want = span_ids(&[evidence_kernels_request()]);
    let started = Instant::now();
    let got = loop {
        let got = b.0.lock().unwrap().clone();
        if span_ids(&got).is_superset(&want) || started.elapsed() > Duration::from_secs(30) {
            break got;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    r.shutdown().await;
    let verdicts: Vec<String> = fixtures::spans_of(&got)
        .into_iter()
        .filter(|(_, s)| want.contains(&s.span_id))
        .map(|(_, s)| {
            s.attributes
                .iter()
                .find(|a| a.key == semconv::attributes::GPU_SERIALIZED)
                .and_then(|a| a.value.as_ref())
                .map(|v| format!("{v:?}"))
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(
        verdicts.len(),
        want.len(),
        "every kernel span of the request on disk"
    );
    assert!(
        verdicts.iter().all(|v| v.contains("\"true\"")),
        "each read \"true\" by the restored window: {verdicts:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes tests/fixtures/queue-<version>-evidence: run with the release the fixture is of"]
async fn write_the_evidence_fixture() {
    assert_eq!(
        env!("CARGO_PKG_VERSION"),
        EVIDENCE_WRITTEN_BY,
        "name the fixture for this release"
    );
    write_evidence_fixture_to(&evidence_fixture_dir()).await;
}
