//! Real kernel records captured on an NVIDIA H200 (CUDA 13.0, driver 580.159.04;
//! see docs/measurements/carry-rate.md) replayed through the real processing path: queue →
//! slicer → OTLP/gRPC exporter → a receiver in this test.
//!
//! - `h200_kernel_records.jsonl`: the first 400 records of the Rust example
//!   (`examples/src/bin/kernels.rs`, 4 streams).
//! - `h200_torch_kernel_records.jsonl`: 141 records of a PyTorch program (cuBLAS,
//!   ATen elementwise, reduction and RNG kernels, with long template names).

mod common;

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use gpu_otel_injector::KernelRecord;
use semconv::attributes as a;
use semconv::otlp::{get_int, get_str};

fn load(name: &str) -> Vec<KernelRecord> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn replay(records: &[KernelRecord]) -> Vec<opentelemetry_proto::tonic::trace::v1::Span> {
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    // In CUPTI-buffer-sized batches, as the collector sends them.
    for chunk in records.chunks(97) {
        assert!(queue.offer(chunk.to_vec()));
    }
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    assert_eq!(stats.drops().total(), 0);
    assert_eq!(stats.unexported(), 0);
    received.spans()
}

fn check(records: &[KernelRecord]) -> HashMap<String, usize> {
    let spans = replay(records);
    let (roots, kernels): (Vec<_>, Vec<_>) = spans.iter().partition(|s| s.name == "gpu.kernels");
    assert_eq!(kernels.len(), records.len(), "one span per record");
    let by_corr: HashMap<i64, &KernelRecord> = records
        .iter()
        .map(|r| (i64::from(r.correlation_id), r))
        .collect();
    assert_eq!(by_corr.len(), records.len(), "correlation ids are unique");
    let root_ids: HashSet<(&[u8], &[u8])> = roots
        .iter()
        .map(|r| (r.trace_id.as_slice(), r.span_id.as_slice()))
        .collect();
    let mut names = HashMap::new();
    for s in &kernels {
        let corr = get_int(&s.attributes, a::GPU_CORRELATION_ID).unwrap();
        let r = by_corr[&corr];
        assert_eq!(s.start_time_unix_nano, r.start_ns);
        assert_eq!(s.end_time_unix_nano, r.end_ns);
        assert!(s.start_time_unix_nano <= s.end_time_unix_nano);
        assert_eq!(get_str(&s.attributes, a::GPU_KERNEL_NAME), Some(&*r.name));
        assert_eq!(get_str(&s.attributes, a::GPU_SERIALIZED), Some("false"));
        assert_eq!(
            get_int(&s.attributes, a::GPU_STREAM_ID),
            Some(i64::from(r.stream_id))
        );
        assert_eq!(
            get_int(&s.attributes, a::GPU_KERNEL_BLOCK_X),
            Some(i64::from(r.block[0]))
        );
        assert!(
            root_ids.contains(&(s.trace_id.as_slice(), s.parent_span_id.as_slice())),
            "every kernel is a child of an exported slice root"
        );
        *names.entry(s.name.clone()).or_insert(0) += 1;
    }
    names
}

#[test]
fn the_h200_example_capture_replays_to_one_span_per_kernel() {
    let records = load("h200_kernel_records.jsonl");
    assert_eq!(records.len(), 400);
    let names = check(&records);
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names["work::bump(float*, int, int)"] > names["work::mix(float*, float const*, int)"]);
}

#[test]
fn the_h200_pytorch_capture_demangles_and_keeps_cublas_names() {
    let records = load("h200_torch_kernel_records.jsonl");
    assert_eq!(records.len(), 141);
    let names = check(&records);
    assert!(names
        .keys()
        .any(|n| n.starts_with("void at::native::vectorized_elementwise_kernel<4, ")));
    // cuBLAS kernels are extern "C": their span name is the name as CUPTI gave it.
    assert!(names.keys().any(|n| n.starts_with("sm80_xmma_gemm_")));
    assert!(names.keys().all(|n| !n.starts_with("_Z")), "{names:?}");
}
