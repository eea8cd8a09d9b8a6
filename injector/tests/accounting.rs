//! Every kernel record is exported or counted as dropped, on every path.

mod common;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::MemorySink;
use gpu_otel_injector::fake::burst;
use gpu_otel_injector::model::{EVENT_TELEMETRY_DROPPED, ROOT_SPAN_NAME, TELEMETRY_DROPPED_COUNT};
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};

const T0: u64 = 1_764_430_000_000_000_000;

#[test]
fn a_full_budget_drops_and_counts_and_the_app_never_waits() {
    let held = MemorySink::default();
    let stats = Arc::new(Stats::default());
    let sink = held.clone();
    let settings = Settings {
        in_flight: 1,
        max_request_bytes: 64 * 1024,
        ..common::settings(512 * 1024)
    };
    let (queue, _h) = worker::spawn(settings, stats.clone(), move || Ok(sink)).unwrap();

    // With the backend held, records and encoded requests pile up to the budget;
    // past it offers fail at once instead of waiting.
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

    assert!(
        queue.budget().peak() <= queue.budget().limit() + 2 * 64 * 1024,
        "memory stays within the budget (peak {} of {})",
        queue.budget().peak(),
        queue.budget().limit()
    );
    held.release();
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    let spans = held.spans();
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
        .filter_map(|e| semconv::otlp::get_int(&e.attributes, TELEMETRY_DROPPED_COUNT))
        .collect();
    assert_eq!(reported.iter().max().copied(), Some(refused as i64));
}

#[test]
fn a_failed_export_counts_every_span_it_carried() {
    let failing = MemorySink {
        fail: true,
        ..MemorySink::default()
    }
    .open();
    let stats = Arc::new(Stats::default());
    let (queue, _h) = worker::spawn(common::settings(64 << 20), stats.clone(), move || {
        Ok(failing)
    })
    .unwrap();
    assert!(queue.offer(burst(T0, 700, 2, 1_000)));
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    let failed = stats.export_failed.load(Ordering::Relaxed);
    // 700 kernels and their slice root.
    assert_eq!(failed, 701);
    assert_eq!(stats.kernel_spans_exported.load(Ordering::Relaxed), 0);
    assert_eq!(stats.kernel_export_failed.load(Ordering::Relaxed), 700);
    assert_eq!(stats.unexported(), 0);
    assert!(stats
        .summary()
        .contains("export_failed=701 (kernel spans 700)"));
}

#[test]
fn shutdown_is_bounded_by_its_deadline_and_counts_what_it_abandons() {
    let held = MemorySink::default();
    let stats = Arc::new(Stats::default());
    let sink = held.clone();
    let (queue, _h) =
        worker::spawn(common::settings(64 << 20), stats.clone(), move || Ok(sink)).unwrap();
    assert!(queue.offer(burst(T0, 10, 1, 1_000)));
    let started = Instant::now();
    queue.shutdown(Instant::now() + Duration::from_millis(300));
    assert!(started.elapsed() < Duration::from_secs(2));
    // What the deadline cut off is reported, not lost silently.
    assert_eq!(stats.kernel_export_failed.load(Ordering::Relaxed), 10);
    assert_eq!(stats.unexported(), 0);
    assert!(
        stats.summary().contains("(kernel spans 10)"),
        "{}",
        stats.summary()
    );
    held.release();
}

#[test]
fn a_closed_port_is_detected_at_once_at_exit_and_its_loss_counted() {
    // A port nobody listens on: bind, take the number, close.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let stats = Arc::new(Stats::default());
    let (queue, _h) = worker::spawn_grpc(
        common::settings(64 << 20),
        stats.clone(),
        format!("http://127.0.0.1:{port}"),
    )
    .unwrap();
    for i in 0..20 {
        assert!(queue.offer(burst(T0 + i * 1_000_000, 1_000, 4, 1_000)));
    }
    let started = Instant::now();
    queue.shutdown(Instant::now() + Duration::from_secs(2));
    let took = started.elapsed();
    assert!(
        took < Duration::from_millis(1_000),
        "a dead backend must not cost the exit deadline (took {took:?})"
    );
    assert_eq!(stats.kernel_export_failed.load(Ordering::Relaxed), 20_000);
    assert_eq!(stats.unexported(), 0);
}
