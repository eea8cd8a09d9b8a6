//! The serialized tier's wire path without a GPU: the producer's window log and
//! fake kernel records go through the real exporter (window records exported the
//! moment they are made, executions held and stamped from the local log) to a real
//! OTLP/gRPC receiver in this test. The receiver side then decodes the window events
//! with `semconv::codec` and classifies with `semconv::WindowStore`, the receiver's
//! code: the injector's stamps must agree with it on every execution.
//!
//! The SIGKILL case runs the producer in a child process (this test binary, re-run
//! with `GPU_OTEL_TEST_CHILD`), which emits an open record and is then killed with
//! SIGKILL mid-burst: the receiver holds the open window, and executions after its
//! start classify as unknown, never false.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{process, start_receiver, Received};
use gpu_otel_injector::clock::now_ns;
use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::sampling::message::{SamplingCounters, SamplingMsg};
use gpu_otel_injector::sampling::samples::PcRecord;
use gpu_otel_injector::sampling::window_log::WindowLog;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use opentelemetry_proto::tonic::trace::v1::Span;
use semconv::attributes as a;
use semconv::{SamplingMode, Serialized, StoreLimits, Tier, Window, WindowStore};

const MS: u64 = 1_000_000;
const KS: SamplingMode = SamplingMode::KernelSerialized;

fn pipeline(addr: std::net::SocketAddr) -> (worker::RecordQueue, Arc<Stats>) {
    let settings = Settings::for_process(&process(), Some("fake-cuda-app"), None, Tier::Serialized);
    common::otlp_pipeline_with(addr, settings)
}

fn wait_for(what: &str, mut f: impl FnMut() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < Duration::from_secs(20), "timed out: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Window records on the wire, decoded by the receiver's codec.
fn windows(received: &Received) -> Vec<Window> {
    received
        .spans()
        .iter()
        .flat_map(|s| s.events.iter())
        .filter(|e| semconv::codec::is_window_event(e))
        .map(|e| semconv::codec::decode(&e.attributes).expect("valid window record"))
        .collect()
}

fn kernel_spans(received: &Received) -> Vec<Span> {
    received
        .spans()
        .into_iter()
        .filter(|s| semconv::otlp::find(&s.attributes, a::GPU_SERIALIZED).is_some())
        .collect()
}

fn receiver_store(ws: &[Window]) -> WindowStore<()> {
    let mut store = WindowStore::new(StoreLimits::default());
    for w in ws {
        store.insert(&(), *w).unwrap();
    }
    store
}

fn pc(corr: u32, stall: &str, n: u32) -> PcRecord {
    PcRecord {
        correlation_id: corr,
        function: Arc::from("_Z7fmaLoopPfii"),
        pc_offset: 0x90,
        stalls: vec![(Arc::from(stall), n)],
        source: Default::default(),
    }
}

#[test]
fn window_records_leave_at_once_and_stamps_agree_with_the_receivers_classification() {
    let (addr, received) = start_receiver();
    let (queue, stats) = pipeline(addr);
    let sender = queue.sampling_sender();
    let mut log = WindowLog::new();
    let mut counters = SamplingCounters::default();
    let t0 = now_ns() - 5_000 * MS;

    // Before any window: held, then unknown (no coverage yet) at shutdown at worst.
    let k = |s: u64, e: u64, c: u32| {
        FakeKernel::new("_Z7fmaLoopPfii", s, e)
            .correlation(c)
            .record()
    };
    queue.offer(vec![k(t0, t0 + MS, 1)]);

    // Burst 1 opens: its record must reach the receiver with nothing else sent.
    counters.bursts = 1;
    let open1 = log.open(t0 + 10 * MS, KS).unwrap();
    sender.send(SamplingMsg {
        window: Some(open1),
        counters,
        ..SamplingMsg::default()
    });
    wait_for("the open record on the wire", || {
        windows(&received).contains(&open1)
    });
    assert!(
        kernel_spans(&received).is_empty(),
        "the held execution is not exported yet"
    );

    // Executions inside the burst, their samples, then the close with its quiet tail.
    queue.offer(vec![
        k(t0 + 11 * MS, t0 + 12 * MS, 2),
        k(t0 + 12 * MS, t0 + 13 * MS, 3),
    ]);
    counters.pairs = 3;
    let close1 = log
        .close(t0 + 20 * MS, Some(t0 + 20 * MS + 950 * MS))
        .unwrap()
        .unwrap();
    sender.send(SamplingMsg {
        pc: vec![
            pc(2, "long_scoreboard", 7),
            pc(2, "selected", 2),
            pc(3, "wait", 1),
        ],
        window: Some(close1),
        counters,
        ..SamplingMsg::default()
    });
    // In the quiet tail: "false" at once; past it: held until the next burst opens.
    queue.offer(vec![
        k(t0 + 100 * MS, t0 + 101 * MS, 4),
        k(t0 + 2_000 * MS, t0 + 2_001 * MS, 5),
    ]);
    wait_for("stamped executions", || kernel_spans(&received).len() >= 3);
    counters.bursts = 2;
    let open2 = log.open(t0 + 3_000 * MS, KS).unwrap();
    sender.send(SamplingMsg {
        window: Some(open2),
        counters,
        ..SamplingMsg::default()
    });
    queue.offer(vec![k(t0 + 3_001 * MS, t0 + 3_002 * MS, 6)]);
    // Shutdown: never-again closes burst 2; everything settles.
    let last = log.never_again(t0 + 3_010 * MS, KS).unwrap();
    sender.send(SamplingMsg {
        window: Some(last),
        counters,
        ..SamplingMsg::default()
    });
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));

    // Requests travel concurrently, so records may arrive in any order (the
    // receiver's answers do not depend on it); compare them in sequence order.
    let mut ws = windows(&received);
    ws.sort_by_key(|w| (w.seq, !w.is_open()));
    let seqs: Vec<(u64, bool)> = ws.iter().map(|w| (w.seq, w.is_open())).collect();
    assert_eq!(seqs, vec![(1, true), (1, false), (2, true), (2, false)]);
    assert_eq!(ws[3].quiet_tail, semconv::QuietTail::Never);
    let store = receiver_store(&ws);
    let spans = kernel_spans(&received);
    assert_eq!(spans.len(), 6);
    let mut by_corr = std::collections::BTreeMap::new();
    for s in &spans {
        let stamp: Serialized = semconv::otlp::get_str(&s.attributes, a::GPU_SERIALIZED)
            .unwrap()
            .parse()
            .unwrap();
        let verdict = store.classify(
            Tier::Serialized,
            &(),
            s.start_time_unix_nano,
            s.end_time_unix_nano,
        );
        assert_eq!(
            stamp, verdict,
            "injector stamp vs receiver verdict: {}",
            s.name
        );
        let corr = semconv::otlp::get_int(&s.attributes, a::GPU_CORRELATION_ID).unwrap();
        by_corr.insert(corr, (stamp, s.clone()));
    }
    use Serialized::*;
    let stamps: Vec<Serialized> = by_corr.values().map(|(s, _)| *s).collect();
    assert_eq!(stamps, vec![Unknown, True, True, False, False, True]);
    // Exact attribution: correlation 2's samples on its own span, by stall reason.
    let s2 = &by_corr[&2].1;
    assert_eq!(
        semconv::otlp::get_int(&s2.attributes, a::GPU_PC_SAMPLING_SAMPLE_COUNT),
        Some(9)
    );
    assert!(
        semconv::otlp::find(&by_corr[&4].1.attributes, a::GPU_PC_SAMPLING_SAMPLE_COUNT).is_none()
    );
    // The carrier spans carry the producer's counters.
    let carriers: Vec<Span> = received
        .spans()
        .into_iter()
        .filter(|s| s.name == a::SPAN_GPU_SAMPLING_WINDOW_RECORD)
        .collect();
    assert_eq!(carriers.len(), 4);
    assert_eq!(
        semconv::otlp::get_int(&carriers[3].attributes, a::GPU_PC_SAMPLING_BURSTS),
        Some(2)
    );
    let st = |i: usize| stats.stamped[i].load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!((st(0), st(1), st(2)), (3, 2, 1));
    // The resource declares the tier.
    let res = received.requests()[0].resource_spans[0]
        .resource
        .clone()
        .unwrap();
    assert_eq!(
        semconv::otlp::get_str(&res.attributes, a::GPU_PC_SAMPLING_TIER),
        Some("serialized")
    );
}

const CHILD_ENV: &str = "GPU_OTEL_TEST_CHILD";

/// The child half of the SIGKILL test: emits an open record, one execution inside
/// the burst, then waits to be killed. Does nothing when not run as the child.
#[test]
fn sigkill_child() {
    let Ok(addr) = std::env::var(CHILD_ENV) else {
        return;
    };
    let (queue, _stats) = pipeline(addr.parse().unwrap());
    let sender = queue.sampling_sender();
    let mut log = WindowLog::new();
    let t0: u64 = std::env::var("GPU_OTEL_TEST_T0").unwrap().parse().unwrap();
    let o1 = log.open(t0, KS).unwrap();
    let c1 = log
        .close(t0 + 10 * MS, Some(t0 + 500 * MS))
        .unwrap()
        .unwrap();
    let o2 = log.open(t0 + 1_000 * MS, KS).unwrap();
    for w in [o1, c1, o2] {
        sender.send(SamplingMsg {
            window: Some(w),
            ..SamplingMsg::default()
        });
    }
    queue.offer(vec![FakeKernel::new(
        "_Z1kv",
        t0 + 1_001 * MS,
        t0 + 1_002 * MS,
    )
    .record()]);
    println!("child: open record sent");
    std::thread::sleep(Duration::from_secs(60));
}

#[test]
fn a_process_killed_mid_burst_leaves_an_open_window_and_what_follows_reads_unknown() {
    if std::env::var(CHILD_ENV).is_ok() {
        return;
    }
    let (addr, received) = start_receiver();
    let t0 = now_ns() - 10_000 * MS;
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "sigkill_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, addr.to_string())
        .env("GPU_OTEL_TEST_T0", t0.to_string())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    wait_for("the child's open record", || {
        windows(&received).iter().any(|w| w.seq == 2)
    });
    child.kill().unwrap(); // SIGKILL: no close, no never-again, no atexit
    let status = child.wait().unwrap();
    assert!(!status.success());
    std::thread::sleep(Duration::from_millis(300));

    let ws = windows(&received);
    assert_eq!(ws.len(), 3, "{ws:?}");
    assert!(
        ws.iter().any(|w| w.seq == 2 && w.is_open()),
        "the open window reached the receiver"
    );
    assert!(!ws.iter().any(|w| w.seq == 2 && !w.is_open()));
    let store = receiver_store(&ws);
    let k = |s: u64, e: u64| store.classify(Tier::Serialized, &(), s, e);
    // Before the burst: proven by the first window and its quiet tail.
    assert_eq!(k(t0 + 100 * MS, t0 + 101 * MS), Serialized::False);
    // From the open window's start on: unknown, never false.
    for (s, e) in [
        (t0 + 1_000 * MS, t0 + 1_000 * MS),
        (t0 + 1_001 * MS, t0 + 1_002 * MS),
        (t0 + 5_000 * MS, t0 + 6_000 * MS),
        (t0 + 999 * MS, t0 + 1_500 * MS),
    ] {
        assert_eq!(k(s, e), Serialized::Unknown, "[{s}, {e}]");
    }
    // The execution inside the burst never left the killed process with a stamp.
    assert!(kernel_spans(&received).is_empty());
}
