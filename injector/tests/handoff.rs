//! Handing CUPTI to the application's own profiler for a window (torch.profiler), as
//! the H200 showed CUPTI 13.0 allows it: the injector records nothing in the window,
//! gets its records back after it, and, while the profiler keeps CUPTI's subscriber, no
//! launch callbacks. Driven here through the pieces the runtime wires (the book of
//! windows, the launch accounting, the queue into a real OTLP receiver), with the
//! kernels a fake CUPTI would give: the window reaches the backend as one
//! `gpu.profiler.handoff` span in its slice's trace, the kernels before and after it as
//! kernel spans, and the accounting neither reports the profiler's kernels as lost nor
//! the records after the window as late or surplus.

mod common;

use std::time::{Duration, Instant};

use gpu_otel_injector::completeness::Launch;
use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::handoff::{Book, Process};
use gpu_otel_injector::launches::{Launches, Settler};
use opentelemetry_proto::tonic::common::v1::any_value::Value;
use opentelemetry_proto::tonic::trace::v1::Span;
use semconv::attributes as a;
use semconv::otlp;

const T0: u64 = 1_764_430_000_000_000_000;
const MS: u64 = 1_000_000;

fn kernel_spans(spans: &[Span]) -> usize {
    spans
        .iter()
        .filter(|s| otlp::find(&s.attributes, a::GPU_KERNEL_NAME).is_some())
        .count()
}

fn boolean(s: &Span, key: &str) -> Option<bool> {
    match otlp::find(&s.attributes, key)?.value.as_ref()? {
        Value::BoolValue(b) => Some(*b),
        _ => None,
    }
}

#[test]
fn a_window_handed_to_the_profiler_is_a_span_and_the_kernels_around_it_balance() {
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    let launches = Launches::default();
    let mut settler = Settler::new(Duration::from_millis(500), &launches);
    let mut book = Book::default();
    let mut batch = Vec::new();

    // Before the window: 300 launches, every one recorded.
    for id in 1..=300u32 {
        let t = T0 + u64::from(id) * MS;
        launches.on(Launch::Kernel { correlation_id: id });
        batch.push(
            FakeKernel::new("_Z4stepPf", t, t + 500_000)
                .correlation(id)
                .record(),
        );
    }
    settler.records(&mut batch);
    assert!(queue.offer(std::mem::take(&mut batch)));
    settler.period(T0 + 301 * MS, false, &stats, &queue);

    // The window (the profiler's kernels: no launch callback, no record reaches us),
    // ended without the subscriber back, as Kineto leaves it on CUDA 13.0.
    book.may_begin(Process::default()).unwrap();
    book.began(T0 + 302 * MS);
    book.may_end().unwrap();
    let window = book.ended(T0 + 900 * MS, false, Some(7_000)).unwrap();
    launches.stop();
    queue.offer_handoff(window);

    // After it: 200 kernels recorded, their launches never counted (no callbacks).
    for id in 5_000..5_200u32 {
        let t = T0 + 1_000 * MS + u64::from(id - 5_000) * MS;
        batch.push(
            FakeKernel::new("_Z4stepPf", t, t + 500_000)
                .correlation(id)
                .record(),
        );
    }
    settler.records(&mut batch);
    assert!(queue.offer(batch));
    settler.period(T0 + 1_300 * MS, true, &stats, &queue);
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(20)));

    let deadline = Instant::now() + Duration::from_secs(20);
    while kernel_spans(&received.spans()) < 500 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let spans = received.spans();
    assert_eq!(
        kernel_spans(&spans),
        500,
        "every record before and after the window"
    );
    let handoffs: Vec<&Span> = spans
        .iter()
        .filter(|s| s.name == a::SPAN_GPU_PROFILER_HANDOFF)
        .collect();
    assert_eq!(handoffs.len(), 1);
    let h = handoffs[0];
    assert_eq!(
        (h.start_time_unix_nano, h.end_time_unix_nano),
        (T0 + 302 * MS, T0 + 900 * MS)
    );
    assert_eq!(
        boolean(h, a::GPU_PROFILER_HANDOFF_CALLBACKS_RESUMED),
        Some(false)
    );
    assert_eq!(
        otlp::get_int(&h.attributes, a::GPU_PROFILER_HANDOFF_PROFILER_KERNELS),
        Some(7_000)
    );
    assert_eq!(boolean(h, a::GPU_PROFILER_HANDOFF_OPEN_AT_EXIT), None);
    // In the trace of the slice where the window began, under its root.
    let root = spans
        .iter()
        .find(|r| r.name == a::SPAN_GPU_KERNELS && r.span_id == h.parent_span_id)
        .expect("the window's slice root reached the backend");
    assert_eq!(root.trace_id, h.trace_id);

    let c = *stats.launches();
    assert_eq!((c.expected, c.recorded, c.missing), (300, 300, 0));
    assert_eq!(
        c.unchecked, 200,
        "records after the window have no launch to check"
    );
    assert_eq!(c.late, 0);
    assert!(book.callbacks_lost());
}

#[test]
fn a_window_still_open_at_exit_ends_there_and_says_so() {
    let (addr, received) = common::start_receiver();
    let (queue, _stats) = common::otlp_pipeline(addr, 64 << 20);
    let mut book = Book::default();
    book.began(T0);
    queue.offer_handoff(book.at_exit(T0 + 40 * MS).unwrap());
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(20)));
    let deadline = Instant::now() + Duration::from_secs(20);
    let find = || {
        received
            .spans()
            .into_iter()
            .find(|s| s.name == a::SPAN_GPU_PROFILER_HANDOFF)
    };
    while find().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let h = find().expect("the open window reached the backend");
    assert_eq!(h.end_time_unix_nano, T0 + 40 * MS);
    assert_eq!(
        boolean(&h, a::GPU_PROFILER_HANDOFF_OPEN_AT_EXIT),
        Some(true)
    );
    assert_eq!(
        boolean(&h, a::GPU_PROFILER_HANDOFF_CALLBACKS_RESUMED),
        Some(false)
    );
    assert_eq!(
        otlp::get_int(&h.attributes, a::GPU_PROFILER_HANDOFF_PROFILER_KERNELS),
        None
    );
}
