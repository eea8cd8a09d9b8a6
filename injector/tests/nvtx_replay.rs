//! A real PyTorch capture with NVTX ranges replayed without a GPU: two training steps
//! of `examples/gpu/workloads/torch_train.py --nvtx` (a "step N" range per step, every op
//! a range through `torch.autograd.profiler.emit_nvtx`, cub's CCCL domain) on an H200
//! (CUDA 13.0, 2026-12-01, docs/measurements/nvtx.md), as the injector's worker
//! received it (`GPU_OTEL_RECORD_DUMP`): 1,020 kernel records (1,019 with the range
//! their launch ran under) and 16,678 NVTX events. Replayed through the queue, the
//! range book, the slicer and the OTLP/gRPC exporter to a receiver in this test.

mod common;

use std::collections::HashMap;
use std::io::Read;
use std::time::{Duration, Instant};

use gpu_otel_injector::dump::DumpLine;
use gpu_otel_injector::nvtx::tracker::EventSink;
use opentelemetry_proto::tonic::trace::v1::Span;
use semconv::attributes as a;
use semconv::otlp::{find, get_str};

fn capture() -> Vec<DumpLine> {
    let path = format!(
        "{}/tests/fixtures/h200_torch_nvtx_capture.jsonl.gz",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_kernel_of_the_h200_pytorch_capture_hangs_under_its_op_and_step_ranges() {
    let lines = capture();
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    let nvtx = queue.nvtx_sender();
    let mut batch = Vec::new();
    let (mut records, mut in_range, mut events) = (0, 0, 0);
    for line in lines {
        match line {
            DumpLine::Record(r) => {
                records += 1;
                in_range += usize::from(r.range.is_some());
                batch.push(r);
            }
            DumpLine::Nvtx { nvtx: e } => {
                assert!(queue.offer(std::mem::take(&mut batch)));
                assert!(nvtx.send(e));
                events += 1;
            }
            DumpLine::Sampling { .. } => panic!("tier off: no sampling messages"),
        }
    }
    assert!(queue.offer(batch));
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(20)));
    assert_eq!((records, in_range, events), (1020, 1019, 16_678));
    assert_eq!(stats.drops().total(), 0);

    let spans = received.spans();
    let by_id: HashMap<&[u8], &Span> = spans.iter().map(|s| (s.span_id.as_slice(), s)).collect();
    let is_range = |s: &Span| find(&s.attributes, a::GPU_NVTX_RANGE_KIND).is_some();
    let kernels: Vec<&Span> = spans
        .iter()
        .filter(|s| find(&s.attributes, a::GPU_KERNEL_NAME).is_some())
        .collect();
    assert_eq!(kernels.len(), 1020);
    assert_eq!(spans.iter().filter(|s| is_range(s)).count(), 8337);
    let mut under_step = 0;
    let mut cccl = 0;
    for k in &kernels {
        let parent = by_id[k.parent_span_id.as_slice()];
        if !is_range(parent) {
            assert_eq!(parent.name, "gpu.kernels", "the one kernel outside ranges");
            continue;
        }
        assert!(
            k.start_time_unix_nano >= parent.start_time_unix_nano,
            "a kernel runs after its launch, inside its range's opening"
        );
        // Walk to the root: every ancestor was exported, in the kernel's trace.
        let mut r = parent;
        loop {
            assert_eq!(r.trace_id, k.trace_id);
            if get_str(&r.attributes, a::GPU_NVTX_DOMAIN) == Some("CCCL") {
                cccl += 1;
            }
            if r.parent_span_id.is_empty() {
                break;
            }
            r = by_id[r.parent_span_id.as_slice()];
        }
        under_step += usize::from(r.name.starts_with("step "));
    }
    assert!(
        cccl > 0,
        "cub's own NVTX ranges (domain CCCL) are in the chains"
    );
    // Forward and optimizer run on the main thread, under "step N"; backward runs on
    // autograd's device thread, whose op ranges are roots of their own.
    assert!(under_step > 0 && under_step < 1019, "{under_step}");
}
