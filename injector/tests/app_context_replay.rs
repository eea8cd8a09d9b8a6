//! What the Python companion really sends, replayed without a GPU: a recording of
//! `python/gpu-otel-context/tests/record_app_context.py` (the real OpenTelemetry SDK,
//! three threads of requests with child spans, operator ranges in the default domain
//! through NVIDIA's `nvtx` package, a batched step) as a fake NVTX tool saw the calls,
//! launches marked among them (`tests/fixtures/app_context_companion.json`; the
//! companion's tests check that it still sends the same). Replayed in the tool's order
//! through the fake NVTX callbacks, the queue, the slicer and the OTLP/gRPC exporter:
//! every kernel must be in the trace of the span the SDK had current at the launch,
//! under that span or under the operator range it was launched in.

mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use gpu_otel_injector::fake::{FakeKernel, FakeNvtx, FakeThread};
use gpu_otel_injector::model::REMOTE_PARENT;
use gpu_otel_injector::nvtx::context::TraceParent;
use gpu_otel_injector::KernelRecord;
use opentelemetry_proto::tonic::trace::v1::Span;
use serde_json::Value;

const T0: u64 = 1_764_430_000_000_000_000;

#[test]
fn every_kernel_of_the_companions_recording_is_under_the_span_the_sdk_had_current() {
    let path = format!(
        "{}/tests/fixtures/app_context_companion.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    let fake = FakeNvtx::new(queue.nvtx_sender());
    let mut threads: HashMap<i64, FakeThread<'_>> = HashMap::new();
    let mut handles: HashMap<String, u64> = HashMap::new();
    let mut launched: Vec<(KernelRecord, String)> = Vec::new();
    let mut now = T0;
    for c in rec["calls"].as_array().unwrap() {
        let (tid, call, domain, text) = (
            c[0].as_i64().unwrap(),
            c[1].as_str().unwrap(),
            c[2].as_str(),
            c[3].as_str(),
        );
        now += 1_000;
        let th = threads
            .entry(tid)
            .or_insert_with(|| fake.thread(tid as u32));
        let next = 0x7f00_0000_1000 + handles.len() as u64 * 16;
        let handle = domain.map(|d| *handles.entry(d.to_string()).or_insert(next));
        match (call, handle) {
            ("domain_create", Some(h)) => th.create_domain(h, domain.unwrap(), now),
            ("push" | "push_ascii", None) => th.push(text.unwrap(), now),
            ("push" | "push_ascii", Some(h)) => th.push_in(h, text.unwrap(), now),
            ("pop", None) => th.pop(now),
            ("pop", Some(h)) => th.pop_in(h, now),
            ("launch", None) => launched.push((
                th.launch(FakeKernel::new("_Z6linearPf", now + 500, now + 900)),
                text.unwrap().to_string(),
            )),
            ("init" | "register_string", _) => {}
            other => panic!("unexpected call {other:?}"),
        }
    }
    let mut records: Vec<KernelRecord> = launched.iter().map(|(r, _)| r.clone()).collect();
    fake.link(&mut records);
    assert!(queue.offer(records));
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));

    let spans = received.spans();
    let by_id: HashMap<&[u8], &Span> = spans.iter().map(|s| (s.span_id.as_slice(), s)).collect();
    let kernels = common::kernels_by_correlation(&spans);
    let launches = rec["launches"].as_object().unwrap();
    assert_eq!(kernels.len(), launches.len());
    let (mut in_app, mut outside) = (0, 0);
    for (r, n) in &launched {
        let want = &launches[n];
        let k = kernels[&r.correlation_id];
        let parent = want["parent"].as_str().unwrap();
        let Some(tp) = want["traceparent"].as_str() else {
            assert_eq!(parent, "slice");
            let root = by_id[k.parent_span_id.as_slice()];
            assert_eq!(root.name, "gpu.kernels", "launch {n}: outside any span");
            outside += 1;
            continue;
        };
        let tp = TraceParent::parse(tp).unwrap();
        assert_eq!(k.trace_id, tp.trace_id, "launch {n}: the span's trace");
        if parent == "span" {
            assert_eq!(k.parent_span_id, tp.span_id, "launch {n}: under the span");
            assert!(k.flags & REMOTE_PARENT != 0);
        } else {
            let op = by_id[k.parent_span_id.as_slice()];
            assert_eq!(parent, format!("op {}", op.name), "launch {n}");
            assert_eq!(op.trace_id, tp.trace_id);
            assert_eq!(
                op.parent_span_id, tp.span_id,
                "the operator range under the span"
            );
        }
        in_app += 1;
    }
    assert_eq!((in_app, outside), (3 * 3 * 3 + 1, 3 * 3));
    let c = fake.counters();
    assert_eq!(c.app_parents, 28, "each span each time it became current");
    assert_eq!(
        (c.app_malformed, c.app_unsampled, c.unbalanced_pops),
        (0, 0, 0)
    );
    use std::sync::atomic::Ordering::Relaxed;
    assert_eq!(stats.app_kernel_spans.load(Relaxed), in_app);
    assert_eq!(stats.app_context_lost.load(Relaxed), 0);
}
