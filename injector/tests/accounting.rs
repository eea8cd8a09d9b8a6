//! Every kernel record is exported or counted as dropped, on every path.

mod common;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::MemoryExporter;
use gpu_otel_injector::export::{self, Stats};
use gpu_otel_injector::fake::burst;
use gpu_otel_injector::model::{EVENT_TELEMETRY_DROPPED, ROOT_SPAN_NAME, TELEMETRY_DROPPED_COUNT};

const T0: u64 = 1_764_430_000_000_000_000;

#[test]
fn a_full_queue_drops_and_counts_and_the_app_never_waits() {
    let held = MemoryExporter::default();
    let stats = Arc::new(Stats::default());
    let exporter = held.clone();
    let (queue, _h) =
        export::spawn(common::settings(2), stats.clone(), move || Ok(exporter)).unwrap();

    // With the exporter held, the worker takes at most a few batches; the rest of
    // the queue fills and offers fail at once instead of waiting.
    let started = Instant::now();
    let mut accepted = 0u64;
    let mut refused = 0u64;
    for i in 0..50u64 {
        let batch = burst(T0 + i * 1_000_000, 100, 4, 1_000);
        if queue.offer(batch) {
            accepted += 100;
        } else {
            refused += 100;
        }
        // Give the worker a chance to park on the held export.
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "offer never blocks"
    );
    assert!(refused > 0, "the queue must have filled");
    assert_eq!(stats.queue_full.load(Ordering::Relaxed), refused);
    assert_eq!(stats.records.load(Ordering::Relaxed), 5_000);

    held.release();
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    let spans = held.spans.lock().unwrap();
    let kernels = spans.iter().filter(|s| s.name != ROOT_SPAN_NAME).count() as u64;
    assert_eq!(kernels, accepted, "exported + dropped == emitted");
    assert_eq!(kernels + refused, 5_000);
    assert_eq!(
        stats.kernel_spans_exported.load(Ordering::Relaxed),
        accepted
    );
    assert_eq!(stats.unexported(), 0);

    // The drops ride on a root span as events.
    let reported: Vec<i64> = spans
        .iter()
        .filter(|s| s.name == ROOT_SPAN_NAME)
        .flat_map(|s| s.events.iter())
        .filter(|e| e.name == EVENT_TELEMETRY_DROPPED)
        .filter_map(|e| {
            e.attributes
                .iter()
                .find(|kv| kv.key.as_str() == TELEMETRY_DROPPED_COUNT)
                .and_then(|kv| match kv.value {
                    opentelemetry::Value::I64(n) => Some(n),
                    _ => None,
                })
        })
        .collect();
    assert_eq!(reported.iter().max().copied(), Some(refused as i64));
}

#[test]
fn a_failed_export_counts_every_span_it_carried() {
    let failing = MemoryExporter {
        fail: true,
        ..MemoryExporter::default()
    }
    .open();
    let stats = Arc::new(Stats::default());
    let exporter = failing.clone();
    let (queue, _h) =
        export::spawn(common::settings(8), stats.clone(), move || Ok(exporter)).unwrap();
    assert!(queue.offer(burst(T0, 700, 2, 1_000)));
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    let failed = stats.export_failed.load(Ordering::Relaxed);
    // 700 kernels, their slice root, and at shutdown a root reporting the failures
    // (which fails too).
    assert_eq!(failed, 702);
    assert_eq!(stats.kernel_spans_exported.load(Ordering::Relaxed), 0);
    assert_eq!(stats.kernel_export_failed.load(Ordering::Relaxed), 700);
    assert_eq!(stats.unexported(), 0);
    assert!(stats
        .summary()
        .contains("export_failed=702 (kernel spans 700)"));
}

#[test]
fn shutdown_is_bounded_by_its_deadline_when_the_exporter_hangs() {
    let held = MemoryExporter::default();
    let stats = Arc::new(Stats::default());
    let exporter = held.clone();
    let (queue, _h) =
        export::spawn(common::settings(8), stats.clone(), move || Ok(exporter)).unwrap();
    assert!(queue.offer(burst(T0, 10, 1, 1_000)));
    let started = Instant::now();
    assert!(!queue.shutdown(Instant::now() + Duration::from_millis(300)));
    assert!(started.elapsed() < Duration::from_secs(2));
    // What the deadline cut off is reported, not lost silently.
    assert_eq!(stats.unexported(), 10);
    assert!(stats.summary().contains("unexported_at_exit=10"));
    held.release();
}
