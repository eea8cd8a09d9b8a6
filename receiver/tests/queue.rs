//! No acknowledged span lost, over real processes and sockets: the `gpu-otel-receiver`
//! binary, a recording OTLP/gRPC backend, and serialized-tier producers whose answers
//! depend on windows sent in earlier requests (so a replay after a restart needs the
//! evidence the queue kept). With the persistent queue: SIGKILL at random points, a 120 s
//! backend outage, a full queue. In memory: a backend outage as long as
//! `GPU_OTEL_OUTAGE_S` (20 s by default; 60 and 300 s were run and recorded).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::BufRead as _;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message as _;
use rand::{Rng as _, SeedableRng as _};
use receiver::config::Compression;
use receiver::fixtures::{self, kernel, plain, request, resource, window_carrier};
use semconv::{SamplingMode, Tier, Window};
use tonic_types::StatusExt as _;

// ---- the producers' input ----

const T0: u64 = 1_765_000_000_000_000_000;
/// A burst every millisecond, 200 µs long; kernels in the 800 µs gap between bursts.
const PERIOD: u64 = 1_000_000;
const BURST: u64 = 200_000;
const KS: SamplingMode = SamplingMode::KernelSerialized;

fn burst(b: u64) -> (u64, u64) {
    let s = T0 + b * PERIOD;
    (s, s + BURST)
}

fn id(p: u64, i: u64, j: u64) -> u64 {
    (p << 40) | (i << 8) | j
}

/// Request `i` of producer `p`: the close of burst i-1 and the open of burst i; unstamped
/// kernels inside burst i-1 ("true") and in the gap after it (held until request i+1
/// closes burst i, then "false"); late kernels inside burst i-2 and its gap, whose
/// answers need the windows request i-1 carried; plain spans.
fn request_of(p: u64, i: u64) -> ExportTraceServiceRequest {
    let mut windows = Vec::new();
    if i >= 1 {
        let (s, e) = burst(i - 1);
        windows.push(Window::closed(s, e, i, KS));
    }
    windows.push(Window::open(burst(i).0, i + 1, KS));
    let mut carrier = window_carrier(id(p, i, 0), &windows);
    carrier.span_id = fixtures::span_id(id(p, i, 0));
    let mut spans = vec![carrier];
    let mut k = |j: u64, s: u64, e: u64| {
        let mut span = kernel(id(p, i, j), s, e, None);
        span.trace_id = fixtures::trace_id(p);
        spans.push(span);
    };
    for back in [1u64, 2] {
        let Some(b) = i.checked_sub(back) else {
            continue;
        };
        let (s, e) = burst(b);
        let base = 10 * back;
        for j in 0..3 {
            k(base + j, s + 10_000 + j * 50_000, s + 40_000 + j * 50_000);
            let g = e + 100_000 + j * 200_000;
            k(base + 5 + j, g, g + 50_000);
        }
    }
    for j in 0..5 {
        let mut span = plain(id(p, i, 100 + j));
        span.trace_id = fixtures::trace_id(p);
        spans.push(span);
    }
    request(
        resource("queue-test", p as i64, Some(Tier::Serialized)),
        spans,
    )
}

fn span_ids(req: &ExportTraceServiceRequest) -> Vec<Vec<u8>> {
    fixtures::spans_of(std::slice::from_ref(req))
        .into_iter()
        .map(|(_, s)| s.span_id.clone())
        .collect()
}

/// Spans and window records of a request: the most output it can cause.
fn outputs_bound(req: &ExportTraceServiceRequest) -> u64 {
    fixtures::spans_of(std::slice::from_ref(req))
        .iter()
        .map(|(_, s)| 1 + s.events.len() as u64)
        .sum()
}

// ---- a recording backend that can go down and come back on the same port ----

#[derive(Debug, Clone)]
struct Arrival {
    span_id: Vec<u8>,
    serialized: Option<String>,
    name: String,
}

#[derive(Debug, Clone, Default)]
struct Recorder(Arc<Mutex<Vec<Arrival>>>);

#[tonic::async_trait]
impl TraceService for Recorder {
    async fn export(
        &self,
        req: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let req = req.into_inner();
        let mut v = self.0.lock().unwrap();
        for (_, s) in fixtures::spans_of(std::slice::from_ref(&req)) {
            v.push(Arrival {
                span_id: s.span_id.clone(),
                serialized: fixtures::serialized_of(s).map(str::to_string),
                name: s.name.clone(),
            });
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

impl Recorder {
    fn arrivals(&self) -> Vec<Arrival> {
        self.0.lock().unwrap().clone()
    }

    fn ids(&self) -> HashSet<Vec<u8>> {
        self.0
            .lock()
            .unwrap()
            .iter()
            .map(|a| a.span_id.clone())
            .collect()
    }

    async fn wait_for(&self, ids: &HashSet<Vec<u8>>, within: Duration) -> usize {
        let deadline = Instant::now() + within;
        loop {
            let seen = self.ids();
            let missing = ids.iter().filter(|i| !seen.contains(*i)).count();
            if missing == 0 || Instant::now() > deadline {
                return missing;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// The backend serving on `addr` until the returned sender is dropped or fired.
async fn serve(addr: SocketAddr, rec: Recorder) -> tokio::sync::oneshot::Sender<()> {
    let listener = loop {
        // The port of a backend that just went down may take a moment to free.
        match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => break l,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        tonic::transport::Server::builder()
            .add_service(
                TraceServiceServer::new(rec)
                    .max_decoding_message_size(64 << 20)
                    // The receiver's default export compression.
                    .accept_compressed(tonic::codec::CompressionEncoding::Gzip),
            )
            .serve_with_incoming_shutdown(
                tonic::transport::server::TcpIncoming::from(listener),
                async {
                    let _ = rx.await;
                },
            )
            .await
            .unwrap();
    });
    tx
}

/// A port free now, for a receiver or backend that binds it later (and binds it again
/// after a restart). Taken below Linux's ephemeral range (32768-60999): a port the kernel
/// picks (bind to :0) can be handed to another test's outgoing connection before it is
/// bound again, and these tests' producers reconnect often ("Address already in use").
fn free_addr() -> SocketAddr {
    use std::sync::atomic::AtomicU32;
    static NEXT: AtomicU32 = AtomicU32::new(0);
    // Test binaries running at once start at different places of the range.
    let start = std::process::id().wrapping_mul(7919);
    loop {
        let n = NEXT.fetch_add(1, Relaxed);
        let port = 20_000 + (start.wrapping_add(n) % 12_000) as u16;
        if let Ok(l) = std::net::TcpListener::bind(("127.0.0.1", port)) {
            return l.local_addr().unwrap();
        }
    }
}

// ---- the receiver process ----

#[derive(Debug, Clone)]
struct Ports {
    grpc: SocketAddr,
    http: SocketAddr,
    metrics: SocketAddr,
}

impl Ports {
    fn free() -> Ports {
        Ports {
            grpc: free_addr(),
            http: free_addr(),
            metrics: free_addr(),
        }
    }
}

#[derive(Debug)]
struct Receiver {
    child: Child,
    ports: Ports,
    log: PathBuf,
}

impl Receiver {
    /// Starts the binary with `config` (YAML) on `ports`; returns once it listens.
    fn start(dir: &Path, config: &str, ports: &Ports) -> Receiver {
        let file = dir.join("receiver.yaml");
        std::fs::write(&file, config).unwrap();
        // Kept where cargo keeps test output, for a failure's post-mortem (or in
        // GPU_OTEL_TEST_LOGS, and the receiver from GPU_OTEL_RECEIVER_BIN: for this test
        // binary copied to another machine, where cargo's paths do not exist).
        let logs = std::env::var_os("GPU_OTEL_TEST_LOGS").map_or_else(
            || Path::new(env!("CARGO_TARGET_TMPDIR")).join("queue-test-logs"),
            std::path::PathBuf::from,
        );
        std::fs::create_dir_all(&logs).unwrap();
        let bin = std::env::var_os("GPU_OTEL_RECEIVER_BIN")
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_gpu-otel-receiver").into());
        let log = logs.join(format!(
            "receiver-{}.log",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        let mut child = Command::new(bin)
            .args(["serve", "--config"])
            .arg(&file)
            .arg(format!("--grpc-endpoint={}", ports.grpc))
            .arg(format!("--http-endpoint={}", ports.http))
            .arg(format!("--metrics-endpoint={}", ports.metrics))
            .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
            .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(
            line.contains("grpc"),
            "the receiver did not start: {}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        Receiver {
            child,
            ports: ports.clone(),
            log,
        }
    }

    async fn metrics(&self) -> BTreeMap<String, f64> {
        fixtures::scrape_metrics(self.ports.metrics).await.unwrap()
    }

    async fn metric(&self, name: &str) -> f64 {
        self.metrics().await.get(name).copied().unwrap_or(f64::NAN)
    }

    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn terminate(mut self) -> String {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        self.child.wait().unwrap();
        std::fs::read_to_string(&self.log).unwrap()
    }
}

impl Drop for Receiver {
    /// A test that fails leaves no receiver behind (holding its ports, and any lock
    /// the test runner's descriptors carried into it).
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn config(queue: &Path, backend: SocketAddr, extra: &str) -> String {
    format!(
        "queue:\n  dir: {}\nreconcile:\n  delay: 4s\nexport:\n  endpoint: http://{backend}\n  batch_timeout: 50ms\n{extra}",
        queue.display()
    )
}

// ---- producers that retry until acknowledged ----

/// What the producers sent and had acknowledged.
#[derive(Debug, Default)]
struct Sent {
    acked: Mutex<HashSet<Vec<u8>>>,
    /// Output bound of every request sent again after a failed attempt: that attempt
    /// may have been committed before its answer was lost (a sender-side duplicate).
    resent_bound: AtomicU64,
    refused: AtomicU64,
}

/// How long a producer tries one request before the test fails.
const PATIENCE: Duration = Duration::from_secs(120);

/// Sends requests `range` of producer `p` to `grpc`, each until it is acknowledged
/// (within `patience`), `pace` apart.
async fn produce(
    p: u64,
    range: std::ops::Range<u64>,
    grpc: SocketAddr,
    sent: Arc<Sent>,
    pace: Duration,
    patience: Duration,
) {
    let mut client: Option<TraceServiceClient<tonic::transport::Channel>> = None;
    for i in range {
        let req = request_of(p, i);
        let started = Instant::now();
        loop {
            if client.is_none() {
                client = TraceServiceClient::connect(format!("http://{grpc}"))
                    .await
                    .ok();
            }
            if let Some(c) = client.as_mut() {
                let mut call = tonic::Request::new(req.clone());
                call.set_timeout(Duration::from_secs(10));
                match c.export(call).await {
                    Ok(_) => {
                        sent.acked.lock().unwrap().extend(span_ids(&req));
                        break;
                    }
                    Err(status) => {
                        if started.elapsed() > Duration::from_secs(20) {
                            eprintln!("producer {p} request {i}: {status:?}");
                        }
                        if status.code() == tonic::Code::ResourceExhausted {
                            sent.refused.fetch_add(1, Relaxed);
                        }
                        sent.resent_bound.fetch_add(outputs_bound(&req), Relaxed);
                        client = None;
                    }
                }
            }
            assert!(
                started.elapsed() < patience,
                "producer {p} request {i} never acknowledged"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        tokio::time::sleep(pace).await;
    }
}

fn spawn_producers(
    producers: u64,
    n: u64,
    grpc: SocketAddr,
    sent: &Arc<Sent>,
    pace: Duration,
) -> Vec<tokio::task::JoinHandle<()>> {
    (1..=producers)
        .map(|p| tokio::spawn(produce(p, 0..n, grpc, sent.clone(), pace, PATIENCE)))
        .collect()
}

/// Kernel span answers by span id, each arrival's.
fn answers(arrivals: &[Arrival]) -> HashMap<Vec<u8>, Vec<String>> {
    let mut out: HashMap<Vec<u8>, Vec<String>> = HashMap::new();
    for a in arrivals {
        if let Some(v) = &a.serialized {
            out.entry(a.span_id.clone()).or_default().push(v.clone());
        }
    }
    out
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

const PRODUCERS: u64 = 4;
const REQUESTS: u64 = 120;

/// The reference: the same input through a receiver that is never interrupted.
async fn uninterrupted() -> HashMap<Vec<u8>, Vec<String>> {
    let dir = tempfile::tempdir().unwrap();
    let backend = free_addr();
    let rec = Recorder::default();
    let _up = serve(backend, rec.clone()).await;
    let ports = Ports::free();
    let r = Receiver::start(
        dir.path(),
        &config(&dir.path().join("queue"), backend, ""),
        &ports,
    );
    let sent = Arc::new(Sent::default());
    for t in spawn_producers(PRODUCERS, REQUESTS, ports.grpc, &sent, Duration::ZERO) {
        t.await.unwrap();
    }
    let acked = sent.acked.lock().unwrap().clone();
    assert_eq!(rec.wait_for(&acked, Duration::from_secs(60)).await, 0);
    r.terminate();
    answers(&rec.arrivals())
}

#[test]
fn sigkill_at_random_points_loses_no_acknowledged_span_and_replay_gives_the_uninterrupted_answers()
{
    let seed = std::env::var("QUEUE_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random::<u64>);
    println!("seed {seed} (QUEUE_TEST_SEED={seed} repeats this run)");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let rt = runtime();
    rt.block_on(async {
        let reference = uninterrupted().await;
        let kernels_expected = PRODUCERS * (REQUESTS * 12 - 18);
        assert_eq!(reference.len() as u64, kernels_expected);

        let dir = tempfile::tempdir().unwrap();
        let queue = dir.path().join("queue");
        let backend = free_addr();
        let rec = Recorder::default();
        let _up = serve(backend, rec.clone()).await;
        let ports = Ports::free();
        // The smallest segments, so that kills land while segments are started, wiped
        // for reuse, reused and removed.
        let yaml = config(&queue, backend, "")
            .replace("queue:\n", "queue:\n  segment_bytes: 65536\n");
        let mut r = Receiver::start(dir.path(), &yaml, &ports);
        let sent = Arc::new(Sent::default());
        // Paced, so that the load outlasts six kills however fast the receiver is.
        let pace = Duration::from_millis(40);
        let producers = spawn_producers(PRODUCERS, REQUESTS, ports.grpc, &sent, pace);
        let (mut kills, mut replay_bound, mut replayed) = (0, 0.0, 0.0);
        while kills < 6 && !producers.iter().all(|t| t.is_finished()) {
            tokio::time::sleep(Duration::from_millis(rng.random_range(150..900))).await;
            r.kill();
            kills += 1;
            r = Receiver::start(dir.path(), &yaml, &ports);
            replay_bound += r
                .metric("gpu_otel_receiver_queue_duplicates_possible_total")
                .await;
            replayed += r
                .metric("gpu_otel_receiver_queue_replayed_requests_total")
                .await;
        }
        for t in producers {
            t.await.unwrap();
        }
        let acked = sent.acked.lock().unwrap().clone();
        let missing = rec.wait_for(&acked, Duration::from_secs(60)).await;
        // Deletions of the last deliveries reach the disk with the next commit.
        let deadline = Instant::now() + Duration::from_secs(10);
        while r.metric("gpu_otel_receiver_queue_requests").await > 0.0 && Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let left = r.metric("gpu_otel_receiver_queue_requests").await;
        r.terminate();

        println!(
            "{kills} kills, {replayed} requests replayed, {} spans acknowledged",
            acked.len()
        );
        assert!(kills >= 3, "the load ended before the kills ({kills})");
        assert!(replayed > 0.0, "no kill left anything to replay");
        assert_eq!(missing, 0, "acknowledged spans never reached the backend");
        assert_eq!(left, 0.0, "delivered requests left on disk");
        let got = answers(&rec.arrivals());
        let mut differ = Vec::new();
        for (id, want) in &reference {
            let Some(seen) = got.get(id) else {
                differ.push(format!("{id:?}: missing"));
                continue;
            };
            if seen.iter().any(|v| v != &want[0]) {
                differ.push(format!("{id:?}: {seen:?}, uninterrupted {want:?}"));
            }
        }
        assert!(
            differ.is_empty(),
            "{} kernel spans answer differently, e.g. {:?}",
            differ.len(),
            &differ[..differ.len().min(5)]
        );
        let arrivals = rec.arrivals();
        let duplicates = arrivals.len() - rec.ids().len();
        let bound = replay_bound as u64 + sent.resent_bound.load(Relaxed);
        println!(
            "{duplicates} duplicate arrivals; bound {bound} ({replay_bound} from replays, {} from re-sent requests)",
            sent.resent_bound.load(Relaxed)
        );
        assert!(duplicates as u64 <= bound);
    });
}

/// Plain spans' request numbers per producer, in arrival order.
fn plain_order(arrivals: &[Arrival]) -> HashMap<u64, Vec<u64>> {
    let mut out: HashMap<u64, Vec<u64>> = HashMap::new();
    for a in arrivals.iter().filter(|a| a.name == "GET /checkout") {
        let n = u64::from_be_bytes(a.span_id.clone().try_into().unwrap()) & !(1 << 63);
        out.entry(n >> 40).or_default().push((n >> 8) & 0xffff_ffff);
    }
    out
}

#[test]
fn a_120_second_backend_outage_under_load_loses_nothing_and_drains_in_order() {
    let rt = runtime();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let backend = free_addr();
        let rec = Recorder::default();
        let up = serve(backend, rec.clone()).await;
        let ports = Ports::free();
        // One batch in flight, so that order is the queue's alone.
        let yaml = config(&dir.path().join("queue"), backend, "  concurrency: 1\n");
        let r = Receiver::start(dir.path(), &yaml, &ports);
        let sent = Arc::new(Sent::default());
        // About 2,000 spans/s: 4 producers, 16 spans a request, ~32 requests/s each,
        // for 135 s.
        let producers = spawn_producers(
            PRODUCERS,
            135 * 32,
            ports.grpc,
            &sent,
            Duration::from_millis(30),
        );
        tokio::time::sleep(Duration::from_secs(5)).await;
        drop(up);
        let down_at = Instant::now();
        // What was in flight as it went down has landed by now.
        tokio::time::sleep(Duration::from_secs(1)).await;
        let before = rec.arrivals().len();
        tokio::time::sleep(Duration::from_secs(110)).await;
        let m = r.metrics().await;
        let on_disk = m["gpu_otel_receiver_queue_requests"];
        tokio::time::sleep(Duration::from_secs(120) - down_at.elapsed()).await;
        assert_eq!(rec.arrivals().len(), before, "the backend was down");
        let _up = serve(backend, rec.clone()).await;
        for t in producers {
            t.await.unwrap();
        }
        let acked = sent.acked.lock().unwrap().clone();
        let missing = rec.wait_for(&acked, Duration::from_secs(180)).await;
        let m = r.metrics().await;
        r.terminate();
        println!(
            "{} spans acknowledged, {} requests on disk 110 s into the outage",
            acked.len(),
            on_disk
        );
        assert!(
            on_disk > 1000.0,
            "the outage's requests were not kept on disk"
        );
        assert_eq!(missing, 0, "acknowledged spans lost");
        assert_eq!(sent.refused.load(Relaxed), 0, "senders were refused");
        let dropped: f64 = m
            .iter()
            .filter(|(k, _)| k.starts_with("gpu_otel_receiver_spans_dropped_total{destination"))
            .map(|(_, v)| v)
            .sum();
        assert_eq!(dropped, 0.0);
        for (p, order) in plain_order(&rec.arrivals()) {
            assert!(
                order.windows(2).all(|w| w[0] <= w[1]),
                "producer {p}'s requests arrived out of order"
            );
        }
    });
}

#[test]
fn in_memory_an_outage_of_any_length_loses_nothing_acknowledged_and_senders_are_told_to_retry() {
    let outage = Duration::from_secs(
        std::env::var("GPU_OTEL_OUTAGE_S")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(20),
    );
    let rt = runtime();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let backend = free_addr();
        let rec = Recorder::default();
        let up = serve(backend, rec.clone()).await;
        let ports = Ports::free();
        let yaml = format!(
            "reconcile:\n  delay: 4s\nexport:\n  endpoint: http://{backend}\n  batch_timeout: 50ms\n"
        );
        let r = Receiver::start(dir.path(), &yaml, &ports);
        let sent = Arc::new(Sent::default());
        // About 2,000 spans/s from 4 producers, 30 s of requests whatever the outage's
        // length: 5 s before it, during it until the export queue is full (~13 s) and
        // the receiver answers "retry later", each request tried until acknowledged
        // however long the outage, and the rest after it.
        let per = 30 * 32;
        let patience = outage + Duration::from_secs(60);
        let producers: Vec<_> = (1..=PRODUCERS)
            .map(|p| {
                let pace = Duration::from_millis(30);
                tokio::spawn(produce(p, 0..per, ports.grpc, sent.clone(), pace, patience))
            })
            .collect();
        tokio::time::sleep(Duration::from_secs(5)).await;
        drop(up);
        tokio::time::sleep(Duration::from_secs(1)).await;
        let before = rec.arrivals().len();
        tokio::time::sleep(outage).await;
        assert_eq!(rec.arrivals().len(), before, "the backend was down");
        let held: f64 = r
            .metrics()
            .await
            .iter()
            .filter(|(k, _)| k.starts_with("gpu_otel_receiver_export_queue_spans"))
            .map(|(_, v)| v)
            .sum();
        let _up = serve(backend, rec.clone()).await;
        for t in producers {
            t.await.unwrap();
        }
        let acked = sent.acked.lock().unwrap().clone();
        let missing = rec.wait_for(&acked, Duration::from_secs(120)).await;
        let m = r.metrics().await;
        r.terminate();
        println!(
            "{outage:?} outage in memory: {} spans acknowledged, {held} waiting for export at its end, {} refusals (retry later)",
            acked.len(),
            sent.refused.load(Relaxed)
        );
        assert_eq!(missing, 0, "acknowledged spans lost");
        assert!(held > 0.0, "acknowledged spans waited in memory");
        assert!(
            sent.refused.load(Relaxed) > 0,
            "a full export queue tells senders to retry later"
        );
        let dropped: f64 = m
            .iter()
            .filter(|(k, _)| k.starts_with("gpu_otel_receiver_spans_dropped_total{destination"))
            .map(|(_, v)| v)
            .sum();
        assert_eq!(dropped, 0.0, "nothing given up by time");
    });
}

#[test]
fn a_full_queue_answers_retry_later_with_retry_information_and_loses_nothing_it_acknowledged() {
    let rt = runtime();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        // Nothing listens there until the end: the queue fills.
        let backend = free_addr();
        let ports = Ports::free();
        // Room in ingest's budget for what decoding a request with window records takes
        // (its census' bound, a few hundred KB): the queue's budget is what fills.
        let extra = "ingest:\n  max_request_bytes: 65536\n  max_pending_bytes: 1048576\n";
        let yaml = format!(
            "{}{extra}",
            config(&dir.path().join("queue"), backend, "")
                .replace("queue:\n", "queue:\n  max_bytes: 131072\n")
        );
        let r = Receiver::start(dir.path(), &yaml, &ports);
        let mut client = TraceServiceClient::connect(format!("http://{}", ports.grpc))
            .await
            .unwrap();
        let (mut acked, mut refused_reqs) = (HashSet::new(), Vec::new());
        let mut retry_info = None;
        for i in 0..200 {
            let req = request_of(1, i);
            match client.export(req.clone()).await {
                Ok(_) => acked.extend(span_ids(&req)),
                Err(status) => {
                    assert_eq!(status.code(), tonic::Code::ResourceExhausted, "{status:?}");
                    retry_info = status.get_details_retry_info().and_then(|r| r.retry_delay);
                    refused_reqs.push(req);
                }
            }
        }
        assert!(!refused_reqs.is_empty(), "the queue never filled");
        assert_eq!(retry_info, Some(Duration::from_secs(1)));
        // OTLP/HTTP gets 429 with Retry-After.
        let http = reqwest::Client::new()
            .post(format!("http://{}/v1/traces", ports.http))
            .header("content-type", "application/x-protobuf")
            .body(request_of(1, 500).encode_to_vec())
            .send()
            .await
            .unwrap();
        assert_eq!(http.status(), 429);
        assert_eq!(http.headers()["retry-after"], "1");
        let m = r.metrics().await;
        assert!(m["gpu_otel_receiver_requests_refused_total{reason=\"queue_full\"}"] >= 2.0);
        // The backend comes up: the queue drains and the refused requests get in.
        let rec = Recorder::default();
        let _up = serve(backend, rec.clone()).await;
        let deadline = Instant::now() + Duration::from_secs(60);
        while let Some(req) = refused_reqs.first().cloned() {
            assert!(Instant::now() < deadline, "refused requests never got in");
            match client.export(req.clone()).await {
                Ok(_) => {
                    acked.extend(span_ids(&req));
                    refused_reqs.remove(0);
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
        let missing = rec.wait_for(&acked, Duration::from_secs(60)).await;
        r.terminate();
        assert_eq!(missing, 0, "acknowledged spans lost");
    });
}

#[test]
fn a_graceful_restart_keeps_held_spans_on_disk_and_answers_them_as_an_uninterrupted_run() {
    let rt = runtime();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let queue = dir.path().join("queue");
        let backend = free_addr();
        let rec = Recorder::default();
        let _up = serve(backend, rec.clone()).await;
        let ports = Ports::free();
        let yaml = config(&queue, backend, "");
        let r = Receiver::start(dir.path(), &yaml, &ports);
        let sent = Arc::new(Sent::default());
        // Requests 0..3: request 2's gap kernels wait for the close of burst 2.
        for t in spawn_producers(1, 3, ports.grpc, &sent, Duration::ZERO) {
            t.await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let summary = r.terminate();
        assert!(
            summary.contains("requests kept in the queue for the next start"),
            "{summary}"
        );
        let r = Receiver::start(dir.path(), &yaml, &ports);
        assert!(
            r.metric("gpu_otel_receiver_queue_replayed_requests_total")
                .await
                >= 1.0
        );
        produce(1, 3..4, ports.grpc, sent.clone(), Duration::ZERO, PATIENCE).await;
        let held: HashSet<Vec<u8>> = (15..18).map(|j| fixtures::span_id(id(1, 2, j))).collect();
        assert_eq!(rec.wait_for(&held, Duration::from_secs(10)).await, 0);
        let got = answers(&rec.arrivals());
        for h in &held {
            assert!(
                got[h].iter().all(|v| v == "false"),
                "a gap kernel held across the restart read {:?}",
                got[h]
            );
        }
        r.terminate();
    });
}

#[test]
fn bad_input_is_answered_as_without_the_queue_and_a_crash_after_it_loses_nothing_else() {
    let rt = runtime();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let backend = free_addr();
        let rec = Recorder::default();
        let _up = serve(backend, rec.clone()).await;
        let ports = Ports::free();
        let yaml = config(&dir.path().join("queue"), backend, "");
        let r = Receiver::start(dir.path(), &yaml, &ports);
        let mut client = TraceServiceClient::connect(format!("http://{}", ports.grpc))
            .await
            .unwrap();
        // One good request, then one with a span of bad ids, a boolean stamp and an
        // inverted window record beside good spans.
        let good = request_of(9, 0);
        client.export(good.clone()).await.unwrap();
        let mut bad = request_of(9, 1);
        let spans = &mut bad.resource_spans[0].scope_spans[0].spans;
        spans[1].trace_id = vec![1, 2, 3];
        spans[2].attributes.push(semconv::otlp::boolean(
            semconv::attributes::GPU_SERIALIZED,
            true,
        ));
        spans.push(window_carrier(
            id(9, 1, 200),
            &[Window::closed(T0 + 10, T0 + 5, 99, KS)],
        ));
        spans.last_mut().unwrap().span_id = fixtures::span_id(id(9, 1, 200));
        let rejected = spans[1].span_id.clone();
        let answer = client.export(bad.clone()).await.unwrap().into_inner();
        let partial = answer.partial_success.expect("a partial success");
        assert_eq!(partial.rejected_spans, 1);
        for needle in [
            "trace_id must be 16 bytes",
            "must be a string",
            "inverted window",
        ] {
            assert!(
                partial.error_message.contains(needle),
                "{}",
                partial.error_message
            );
        }
        // A body that does not decode is refused whole and never queued.
        let http = reqwest::Client::new()
            .post(format!("http://{}/v1/traces", ports.http))
            .header("content-type", "application/x-protobuf")
            .body(vec![0xff, 0xff, 0xff])
            .send()
            .await
            .unwrap();
        assert_eq!(http.status(), 400);
        let queued = r.metric("gpu_otel_receiver_queue_requests").await;
        assert!(
            queued <= 2.0,
            "{queued} requests on disk after two were accepted"
        );
        // Every append's commit is in the commit-duration histogram, in some bucket.
        let m = r.metrics().await;
        let commits = m["gpu_otel_receiver_queue_commit_seconds_count"];
        assert!(
            commits >= 1.0,
            "{commits} commits for two acknowledged requests"
        );
        assert!(m["gpu_otel_receiver_queue_commit_seconds_sum"] > 0.0);
        assert_eq!(
            m[r#"gpu_otel_receiver_queue_commit_seconds_bucket{le="+Inf"}"#],
            commits
        );
        // What reached the disk: each body behind its 44-byte record header, a body
        // under 1 KiB as it arrived (the good one), a larger one as zstd
        // (queue.compression's default) compresses it (the bad one, to under half).
        let stored = |r: &ExportTraceServiceRequest| {
            let body = bytes::Bytes::from(r.encode_to_vec());
            if body.len() < 1024 {
                return body.len() + 44;
            }
            let packed = Compression::Zstd.compress(body.clone()).unwrap();
            assert!(
                packed.len() < body.len() / 2,
                "{} of {}",
                packed.len(),
                body.len()
            );
            packed.len() + 44
        };
        assert!(good.encoded_len() < 1024 && bad.encoded_len() >= 1024);
        assert_eq!(
            m["gpu_otel_receiver_queue_written_bytes_total"],
            (stored(&good) + stored(&bad)) as f64
        );
        // A crash right after: everything acknowledged arrives, the rejected span never.
        r.kill();
        let r = Receiver::start(dir.path(), &yaml, &ports);
        let mut want: HashSet<Vec<u8>> = span_ids(&good).into_iter().collect();
        want.extend(span_ids(&bad).into_iter().filter(|s| *s != rejected));
        assert_eq!(rec.wait_for(&want, Duration::from_secs(20)).await, 0);
        assert!(
            !rec.ids().contains(&rejected),
            "a rejected span was exported"
        );
        let deadline = Instant::now() + Duration::from_secs(10);
        while r.metric("gpu_otel_receiver_queue_requests").await > 0.0 && Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(r.metric("gpu_otel_receiver_queue_requests").await, 0.0);
        r.terminate();
    });
}

/// What senders were told, counted by transport: spans acknowledged and spans of
/// requests told to retry.
#[derive(Debug, Default)]
struct Told {
    acked_requests: AtomicU64,
    acked: [AtomicU64; 2],
    refused: [AtomicU64; 2],
}

#[test]
fn with_the_destination_down_the_ingest_counters_say_what_senders_were_told() {
    let rt = runtime();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        // Nothing ever listens there: the queue fills, then senders are told to retry.
        let backend = free_addr();
        let ports = Ports::free();
        // One batch of 10 spans in flight and two requests queued for export: the
        // pipeline soon waits, and the queue keeps taking what senders send (stored as
        // they arrived, so that 128 KiB holds a known few).
        let yaml = format!(
            "queue:\n  dir: {}\n  max_bytes: 131072\n  compression: none\ningest:\n  max_request_bytes: 65536\nexport:\n  endpoint: http://{backend}\n  queue_capacity: 2\n  concurrency: 1\n  batch_max_spans: 10\n",
            dir.path().join("queue").display()
        );
        let r = Receiver::start(dir.path(), &yaml, &ports);
        let told = Arc::new(Told::default());
        let mut senders = Vec::new();
        for s in 0..8u64 {
            let (told, ports) = (told.clone(), ports.clone());
            senders.push(tokio::spawn(async move {
                let mut grpc = TraceServiceClient::connect(format!("http://{}", ports.grpc))
                    .await
                    .unwrap();
                let http = reqwest::Client::new();
                for i in 0..40u64 {
                    let spans = (0..10).map(|j| plain(id(s, i, j))).collect();
                    let req = request(resource("told", s as i64, Some(Tier::Off)), spans);
                    let (t, ok) = if s % 2 == 0 {
                        match grpc.export(req).await {
                            Ok(_) => (0, true),
                            Err(status) => {
                                assert_eq!(status.code(), tonic::Code::ResourceExhausted);
                                (0, false)
                            }
                        }
                    } else {
                        let answer = http
                            .post(format!("http://{}/v1/traces", ports.http))
                            .header("content-type", "application/x-protobuf")
                            .body(req.encode_to_vec())
                            .send()
                            .await
                            .unwrap()
                            .status()
                            .as_u16();
                        assert!(answer == 200 || answer == 429, "{answer}");
                        (1, answer == 200)
                    };
                    if ok {
                        told.acked_requests.fetch_add(1, Relaxed);
                        told.acked[t].fetch_add(10, Relaxed);
                    } else {
                        told.refused[t].fetch_add(10, Relaxed);
                    }
                }
            }));
        }
        for s in senders {
            s.await.unwrap();
        }
        let m = r.metrics().await;
        let series = |name: &str| m.get(name).copied().unwrap_or(0.0) as u64;
        for (t, transport) in ["grpc", "http"].iter().enumerate() {
            assert_eq!(
                series(&format!("gpu_otel_receiver_accepted_spans_total{{transport=\"{transport}\"}}")),
                told.acked[t].load(Relaxed),
                "{transport}: accepted = acknowledged"
            );
            assert_eq!(
                series(&format!("gpu_otel_receiver_refused_spans_total{{transport=\"{transport}\",reason=\"queue_full\"}}")),
                told.refused[t].load(Relaxed),
                "{transport}: refused = told to retry"
            );
        }
        let acked = told.acked[0].load(Relaxed) + told.acked[1].load(Relaxed);
        assert!(told.refused[0].load(Relaxed) + told.refused[1].load(Relaxed) > 0, "the queue filled");
        assert!(acked > 0);
        // What waits is on disk, in spans as in requests.
        assert_eq!(series("gpu_otel_receiver_queue_spans"), acked);
        assert_eq!(
            series("gpu_otel_receiver_queue_requests"),
            told.acked_requests.load(Relaxed)
        );
        // The pipeline took in only what the export queue had room for: it counts
        // after the queue, and reads behind what came in.
        let reconciled = series("gpu_otel_receiver_spans_reconciled_total");
        assert!(reconciled < acked, "{reconciled} reconciled of {acked} accepted");
        r.kill();
    });
}
