//! NVTX ranges through the real export path without a GPU: three application threads
//! push, pop and launch through the fake NVTX callbacks (the injector's own tracker),
//! the kernel records get their range as the collector sets it, and everything goes
//! through the queue, the range book, the slicer and the OTLP/gRPC exporter to a
//! receiver in this test. Bad input is part of the program: a pop with nothing open, a
//! pop on the wrong thread, a start/end range ended on another thread, and a range
//! never closed.

mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use gpu_otel_injector::fake::{FakeKernel, FakeNvtx};
use gpu_otel_injector::nvtx::{Attributes, Call};
use gpu_otel_injector::KernelRecord;
use opentelemetry_proto::tonic::trace::v1::Span;
use semconv::attributes as a;
use semconv::otlp::{find, get_int, get_str};

const T0: u64 = 1_764_430_000_000_000_000;
const US: u64 = 1_000;

/// What one thread did: its records with the range each must be under, and the
/// (name, start, end) of every range it closed.
struct Done {
    records: Vec<(KernelRecord, Option<String>)>,
    ranges: Vec<(String, u64, u64)>,
}

fn kernel(t: u64) -> FakeKernel {
    // The GPU runs it a little after its launch.
    FakeKernel::new("_Z4stepPf", t + 5 * US, t + 9 * US)
}

/// Thread `t`: 20 steps of a range with two launches and a nested range with one.
fn steps(fake: &FakeNvtx, t: u32, base: u64) -> Done {
    let mut th = fake.thread(1000 + t);
    let mut done = Done {
        records: Vec::new(),
        ranges: Vec::new(),
    };
    let mut now = base;
    let mut tick = || {
        now += 10 * US;
        now
    };
    for s in 0..20 {
        let (outer, inner) = (format!("t{t} step {s}"), format!("t{t} step {s} inner"));
        let start = tick();
        th.push(&outer, start);
        for _ in 0..2 {
            done.records
                .push((th.launch(kernel(tick())), Some(outer.clone())));
        }
        let inner_start = tick();
        th.push(&inner, inner_start);
        done.records
            .push((th.launch(kernel(tick())), Some(inner.clone())));
        let inner_end = tick();
        th.pop(inner_end);
        done.ranges.push((inner, inner_start, inner_end));
        done.records
            .push((th.launch(kernel(tick())), Some(outer.clone())));
        let end = tick();
        th.pop(end);
        done.ranges.push((outer, start, end));
    }
    done.records.push((th.launch(kernel(tick())), None));
    done
}

fn attr_bool(s: &Span, key: &str) -> Option<bool> {
    match find(&s.attributes, key)?.value.as_ref()? {
        opentelemetry_proto::tonic::common::v1::any_value::Value::BoolValue(b) => Some(*b),
        _ => None,
    }
}

#[test]
fn kernels_are_children_of_their_threads_innermost_range_and_bad_nesting_is_counted() {
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    let fake = FakeNvtx::new(queue.nvtx_sender());

    // Thread 2 opens a range and never closes it; thread 0 pops it (the wrong thread);
    // thread 1 pops with nothing open; a start/end range starts on 0 and ends on 1.
    let mut left_open = fake.thread(2002);
    left_open.push("t2 never closed", T0);
    let open_launch = left_open.launch(kernel(T0 + US));
    let mut t0 = fake.thread(2000);
    t0.pop(T0 + 2 * US);
    let mut t1 = fake.thread(2001);
    t1.pop(T0 + 3 * US);
    t0.call(
        Call::Start {
            domain: 0,
            attrs: Attributes::text("load"),
            id: 91,
        },
        T0 + 4 * US,
    );
    t1.call(Call::End { id: 91 }, T0 + 4_000 * US);

    let done: Vec<Done> = std::thread::scope(|s| {
        let fake = &fake;
        let handles: Vec<_> = (0..3u32)
            .map(|t| s.spawn(move || steps(fake, t, T0 + 10 * US)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });

    let mut expect: Vec<(KernelRecord, Option<String>)> =
        done.iter().flat_map(|d| d.records.clone()).collect();
    expect.push((open_launch, Some("t2 never closed".into())));
    let mut records: Vec<KernelRecord> = expect.iter().map(|(r, _)| r.clone()).collect();
    fake.link(&mut records);
    for chunk in records.chunks(37) {
        assert!(queue.offer(chunk.to_vec()));
    }
    let before_exit = gpu_otel_injector::clock::now_ns();
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    let after_exit = gpu_otel_injector::clock::now_ns();

    let spans = received.spans();
    let by_id: HashMap<&[u8], &Span> = spans.iter().map(|s| (s.span_id.as_slice(), s)).collect();
    let ranges: Vec<&Span> = spans
        .iter()
        .filter(|s| find(&s.attributes, a::GPU_NVTX_RANGE_KIND).is_some())
        .collect();
    let kernels: Vec<&Span> = spans
        .iter()
        .filter(|s| find(&s.attributes, a::GPU_KERNEL_NAME).is_some())
        .collect();
    assert_eq!(kernels.len(), expect.len(), "one span per record");
    // 3 threads x 20 steps x 2 ranges, the unclosed one, the start/end one.
    assert_eq!(ranges.len(), 3 * 20 * 2 + 2);

    let corr = |s: &Span| get_int(&s.attributes, a::GPU_CORRELATION_ID).unwrap() as u32;
    let want: HashMap<u32, &Option<String>> = expect
        .iter()
        .map(|(r, name)| (r.correlation_id, name))
        .collect();
    for k in &kernels {
        let parent = by_id.get(k.parent_span_id.as_slice()).copied();
        match want[&corr(k)] {
            Some(name) => {
                let p = parent.expect("the parent range was exported");
                assert_eq!(&p.name, name, "kernel {}", corr(k));
                assert_eq!(k.trace_id, p.trace_id, "a kernel is in its range's trace");
            }
            None => assert_eq!(
                parent.map(|p| p.name.as_str()),
                Some("gpu.kernels"),
                "a kernel outside ranges keeps its slice root"
            ),
        }
    }

    let by_name: HashMap<&str, &Span> = ranges.iter().map(|s| (s.name.as_str(), *s)).collect();
    for d in &done {
        for (name, start, end) in &d.ranges {
            let s = by_name[name.as_str()];
            assert_eq!(
                (s.start_time_unix_nano, s.end_time_unix_nano),
                (*start, *end)
            );
            assert_eq!(attr_bool(s, a::GPU_NVTX_RANGE_UNCLOSED), None);
        }
    }
    for t in 0..3 {
        for st in 0..20 {
            let inner = by_name[format!("t{t} step {st} inner").as_str()];
            let outer = by_name[format!("t{t} step {st}").as_str()];
            assert_eq!(inner.parent_span_id, outer.span_id, "nested ranges");
            assert_eq!(inner.trace_id, outer.trace_id);
            assert!(
                outer.parent_span_id.is_empty(),
                "a step is the root of its trace"
            );
            assert_eq!(
                get_int(&outer.attributes, a::THREAD_ID),
                Some(1000 + i64::from(t))
            );
        }
    }
    let never = by_name["t2 never closed"];
    assert_eq!(attr_bool(never, a::GPU_NVTX_RANGE_UNCLOSED), Some(true));
    assert!(
        (before_exit..=after_exit).contains(&never.end_time_unix_nano),
        "closed at the exit instant"
    );
    let load = by_name["load"];
    assert_eq!(
        get_str(&load.attributes, a::GPU_NVTX_RANGE_KIND),
        Some("start_end")
    );
    assert_eq!(
        (load.start_time_unix_nano, load.end_time_unix_nano),
        (T0 + 4 * US, T0 + 4_000 * US)
    );

    let c = fake.counters();
    assert_eq!(
        c.unbalanced_pops, 2,
        "the wrong thread's pop and the empty pop"
    );
    assert_eq!(c.pushes, 3 * 20 * 2 + 1);
    assert_eq!(
        c.found,
        3 * 20 * 4 + 1,
        "every launch inside a range found it"
    );
    assert_eq!(c.evicted, 0);
    use std::sync::atomic::Ordering::Relaxed;
    assert_eq!(
        stats.range_spans_exported.load(Relaxed),
        ranges.len() as u64
    );
    assert_eq!(stats.ranges_unclosed_at_exit.load(Relaxed), 1);
    assert_eq!(stats.nvtx_events_dropped.load(Relaxed), 0);
    assert_eq!(stats.drops().total(), 0);
}

#[test]
fn nvtx_events_past_the_memory_budget_are_refused_and_counted_never_waited_for() {
    let (addr, _received) = common::start_receiver();
    // A budget too small for one open event.
    let (queue, stats) = common::otlp_pipeline(addr, 16);
    let fake = FakeNvtx::new(queue.nvtx_sender());
    let mut th = fake.thread(7);
    th.push("refused", T0);
    th.pop(T0 + 1);
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    use std::sync::atomic::Ordering::Relaxed;
    assert_eq!(stats.nvtx_events_dropped.load(Relaxed), 2);
    assert_eq!(fake.counters().refused, 2);
    assert_eq!(stats.range_spans_exported.load(Relaxed), 0);
}
