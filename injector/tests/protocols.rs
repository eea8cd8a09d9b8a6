//! A build carries the OTLP stacks its cargo features name (`grpc`, `http`, both by
//! default). A protocol left out of the build is refused when export starts, with one
//! log line (`OTLP export is off: OTLP protocol ... is not in this build ...`), and
//! every span is counted as failed: the application runs on, nothing panics.
//!
//! Run in a reduced build: `cargo test -p gpu-otel-injector --no-default-features
//! --features grpc --test protocols` (and `http`).

#![cfg(not(all(feature = "grpc", feature = "http")))]

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use otlp_client::{ExportConfig, Protocol};
use semconv::Tier;

const KERNELS: u64 = 100;

/// A protocol whose transport this build does not carry.
fn left_out() -> Protocol {
    if cfg!(feature = "grpc") {
        Protocol::HttpProtobuf
    } else {
        Protocol::Grpc
    }
}

#[test]
fn a_protocol_left_out_of_the_build_counts_every_span_as_failed_and_never_panics() {
    let process = ProcessInfo::current();
    let settings = Settings::for_process(&process, Some("reduced"), None, Tier::Off);
    let stats = Arc::new(Stats::default());
    let cfg = ExportConfig {
        protocol: left_out(),
        endpoint: Some("http://127.0.0.1:9".into()),
        ..ExportConfig::default()
    };
    let (queue, handle) = worker::spawn_otlp(settings, stats.clone(), cfg).unwrap();
    let t0 = gpu_otel_injector::clock::now_ns() - 1_000_000_000;
    let batch = (0..KERNELS)
        .map(|i| FakeKernel::new("_Z6kernelv", t0 + i * 1000, t0 + i * 1000 + 500).record())
        .collect();
    assert!(queue.offer(batch));
    let started = Instant::now();
    queue.shutdown(Instant::now() + Duration::from_secs(10));
    drop(queue);
    handle.join().unwrap();
    assert_eq!(stats.kernel_spans_exported.load(Ordering::Relaxed), 0);
    assert_eq!(stats.kernel_export_failed.load(Ordering::Relaxed), KERNELS);
    assert!(started.elapsed() < Duration::from_secs(5), "nothing waited");
}
