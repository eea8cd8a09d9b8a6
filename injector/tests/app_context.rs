//! Kernels inside the application's own traces, without a GPU: four application
//! threads publish their current span as a W3C `traceparent` in the NVTX domain
//! `opentelemetry.traceparent` (what the companion of the OpenTelemetry SDK does, through
//! the fake NVTX callbacks and the injector's own tracker), open operator ranges in
//! the default domain under it and launch; everything goes through the queue, the
//! slicer and the OTLP/gRPC exporter to a receiver in this test (docs/app-context.md).
//!
//! Checked kernel by kernel: a kernel launched while a span is current is in that span's
//! trace, a child of that span (a remote parent) or of the operator range it was
//! launched in, which is itself a child of the span; nested spans (C++ scopes) and an
//! operator range open before the span; a malformed `traceparent` counted and ignored;
//! an unsampled span and kernels outside any span keep the injector's own traces.

mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use gpu_otel_injector::fake::{FakeKernel, FakeNvtx, FakeThread};
use gpu_otel_injector::model::{REMOTE_PARENT, SPAN_FLAGS};
use gpu_otel_injector::nvtx::context::{TraceParent, APP_DOMAIN};
use gpu_otel_injector::KernelRecord;
use opentelemetry_proto::tonic::trace::v1::Span;
use semconv::attributes as a;
use semconv::otlp::find;

const T0: u64 = 1_764_430_000_000_000_000;
const US: u64 = 1_000;
/// The handle NVTX returned for the application's domain (CUPTI's are pointers).
const APP: u64 = 0x7f00_dead_0010;
/// Another domain, whose name is not the convention's.
const OTHER: u64 = 0x7f00_dead_0020;

/// Where a kernel must land.
#[derive(Debug, Clone, PartialEq)]
enum Want {
    /// A child of the application's span.
    Span(TraceParent),
    /// A child of the operator range of that name, in the application's trace.
    Op(TraceParent, String),
    /// A child of the injector's range of that name, in the injector's trace.
    Range(String),
    /// Its time slice's `gpu.kernels` root.
    Slice,
}

fn traceparent(thread: u32, request: u32, span: u32, sampled: bool) -> TraceParent {
    let mut trace_id = [0u8; 16];
    trace_id[0] = 0xa0 | thread as u8;
    trace_id[8..12].copy_from_slice(&request.to_be_bytes());
    trace_id[15] = 1;
    let mut span_id = [0u8; 8];
    span_id[0] = 0x5b;
    span_id[4..].copy_from_slice(&(thread * 1_000_000 + request * 100 + span).to_be_bytes());
    TraceParent {
        trace_id,
        span_id,
        flags: u8::from(sampled),
    }
}

struct Program<'a> {
    th: FakeThread<'a>,
    now: u64,
    out: Vec<(KernelRecord, Want)>,
}

impl Program<'_> {
    fn tick(&mut self) -> u64 {
        self.now += 10 * US;
        self.now
    }
    fn launch(&mut self, want: Want) {
        let t = self.tick();
        let r = self
            .th
            .launch(FakeKernel::new("_Z4stepPf", t + 5 * US, t + 9 * US));
        self.out.push((r, want));
    }
    fn span(&mut self, tp: &TraceParent) {
        let t = self.tick();
        self.th.push_in(APP, &tp.to_string(), t);
    }
    fn span_text(&mut self, text: &str) {
        let t = self.tick();
        self.th.push_in(APP, text, t);
    }
    fn end_span(&mut self) {
        let t = self.tick();
        self.th.pop_in(APP, t);
    }
    fn op(&mut self, name: &str) {
        let t = self.tick();
        self.th.push(name, t);
    }
    fn end_op(&mut self) {
        let t = self.tick();
        self.th.pop(t);
    }
}

/// Thread `t`: 10 requests, each a span with two launches, an operator range with one,
/// one more launch, and one launch after the span (outside any span).
fn requests(fake: &FakeNvtx, t: u32) -> Vec<(KernelRecord, Want)> {
    let mut p = Program {
        th: fake.thread(3000 + t),
        now: T0 + u64::from(t) * 1_000_000 * US,
        out: Vec::new(),
    };
    for r in 0..10 {
        let tp = traceparent(t, r, 0, true);
        let op = format!("aten::linear t{t} r{r}");
        p.span(&tp);
        p.launch(Want::Span(tp));
        p.launch(Want::Span(tp));
        p.op(&op);
        p.launch(Want::Op(tp, op.clone()));
        p.end_op();
        p.launch(Want::Span(tp));
        p.end_span();
        p.launch(Want::Slice);
    }
    match t {
        0 => {
            // Malformed: ignored (outside any span here), counted.
            p.span_text("not a traceparent");
            p.launch(Want::Slice);
            p.end_span();
            p.span_text(&traceparent(0, 99, 0, true).to_string().to_uppercase());
            p.launch(Want::Slice);
            p.end_span();
            // Unsampled inside a sampled span: the injector's own traces.
            let outer = traceparent(0, 100, 0, true);
            p.span(&outer);
            p.span(&traceparent(0, 100, 1, false));
            p.launch(Want::Slice);
            p.end_span();
            // A malformed one inside a valid one leaves the valid one the parent.
            p.span_text("");
            p.launch(Want::Span(outer));
            p.end_span();
            p.end_span();
        }
        1 => {
            // Nested spans, as C++ scopes push them: the innermost is the parent.
            let outer = traceparent(1, 100, 0, true);
            let inner = traceparent(1, 100, 1, true);
            p.span(&outer);
            p.span(&inner);
            p.launch(Want::Span(inner));
            p.end_span();
            p.launch(Want::Span(outer));
            p.end_span();
        }
        2 => {
            // An operator range open before the span became current: the span takes
            // over while current, the range again after.
            p.op("step 7");
            p.launch(Want::Range("step 7".into()));
            let tp = traceparent(2, 100, 0, true);
            p.span(&tp);
            p.launch(Want::Span(tp));
            p.end_span();
            p.launch(Want::Range("step 7".into()));
            p.end_op();
        }
        _ => {
            // A traceparent in a domain of another name is an ordinary range.
            p.th.create_domain(OTHER, "opentelemetry", p.now);
            let t = p.tick();
            p.th.push_in(OTHER, &traceparent(3, 100, 0, true).to_string(), t);
            p.launch(Want::Range(traceparent(3, 100, 0, true).to_string()));
            let t = p.tick();
            p.th.pop_in(OTHER, t);
        }
    }
    p.out
}

#[test]
fn kernels_launched_under_an_application_span_are_in_its_trace_under_it() {
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    let fake = FakeNvtx::new(queue.nvtx_sender());
    // The companion creates the domain once; CUPTI reports it on that thread.
    // Its first span switches launch correlation on before the threads start (in the
    // injector the collector does it when the first push wakes it; launches before that
    // are not linked, docs/measurements/nvtx.md).
    let mut first = fake.thread(2999);
    first.create_domain(APP, APP_DOMAIN, T0);
    first.push_in(APP, &traceparent(9, 0, 0, true).to_string(), T0 + US);
    first.pop_in(APP, T0 + 2 * US);

    let done: Vec<(KernelRecord, Want)> = std::thread::scope(|s| {
        let fake = &fake;
        let handles: Vec<_> = (0..4u32)
            .map(|t| s.spawn(move || requests(fake, t)))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let mut records: Vec<KernelRecord> = done.iter().map(|(r, _)| r.clone()).collect();
    fake.link(&mut records);
    for chunk in records.chunks(29) {
        assert!(queue.offer(chunk.to_vec()));
    }
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));

    let spans = received.spans();
    let by_id: HashMap<&[u8], &Span> = spans.iter().map(|s| (s.span_id.as_slice(), s)).collect();
    let kernels = common::kernels_by_correlation(&spans);
    assert_eq!(kernels.len(), done.len(), "one span per record");
    let remote = |s: &Span| s.flags & REMOTE_PARENT != 0;
    let mut under_app = 0;
    for (r, want) in &done {
        let k = kernels[&r.correlation_id];
        let parent = by_id.get(k.parent_span_id.as_slice()).copied();
        match want {
            Want::Span(tp) => {
                assert_eq!(k.trace_id, tp.trace_id, "{want:?}");
                assert_eq!(k.parent_span_id, tp.span_id, "{want:?}");
                assert!(
                    parent.is_none(),
                    "the application's span is not ours to send"
                );
                assert_eq!(k.flags, SPAN_FLAGS | REMOTE_PARENT);
                under_app += 1;
            }
            Want::Op(tp, name) => {
                let op = parent.expect("the operator range was exported");
                assert_eq!(&op.name, name);
                assert_eq!(k.trace_id, tp.trace_id);
                assert_eq!(op.trace_id, tp.trace_id, "the range is in the span's trace");
                assert_eq!(op.parent_span_id, tp.span_id, "a child of the span");
                assert!(remote(op) && !remote(k));
                under_app += 1;
            }
            Want::Range(name) => {
                let range = parent.expect("the range was exported");
                assert_eq!(&range.name, name);
                assert_eq!(k.trace_id, range.trace_id);
                assert!(!remote(k) && !remote(range));
            }
            Want::Slice => {
                assert_eq!(
                    parent.map(|p| p.name.as_str()),
                    Some("gpu.kernels"),
                    "outside application spans: the injector's own slice traces"
                );
                assert_eq!(k.trace_id, parent.unwrap().trace_id);
                assert_eq!(k.flags, SPAN_FLAGS);
            }
        }
    }
    // No span for the context ranges themselves: the ranges exported are the operator
    // ranges, "step 7" and the other domain's one.
    let ranges = spans
        .iter()
        .filter(|s| find(&s.attributes, a::GPU_NVTX_RANGE_KIND).is_some())
        .count();
    assert_eq!(ranges, 4 * 10 + 2);

    let c = fake.counters();
    assert_eq!(c.app_parents, 1 + 4 * 10 + 1 + 2 + 1);
    assert_eq!(c.app_malformed, 3);
    assert_eq!(c.app_unsampled, 1);
    assert_eq!(c.unbalanced_pops, 0);
    use std::sync::atomic::Ordering::Relaxed;
    assert_eq!(stats.app_kernel_spans.load(Relaxed), under_app);
    assert_eq!(stats.app_range_spans.load(Relaxed), 40);
    assert_eq!(stats.app_context_lost.load(Relaxed), 0);
    assert_eq!(stats.drops().total(), 0);
}

#[test]
fn a_kernel_whose_context_never_reached_the_exporter_keeps_the_injectors_traces_counted() {
    // As when the context's event was refused at a full memory budget: the launch knew
    // its application context range, the exporter never learnt its traceparent.
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    let root = 5 | gpu_otel_injector::nvtx::context::APP_ROOT;
    let r = FakeKernel::new("_Z1kv", T0, T0 + US)
        .range(gpu_otel_injector::nvtx::RangeLink { range: 5, root })
        .record();
    assert!(queue.offer(vec![r]));
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    use std::sync::atomic::Ordering::Relaxed;
    assert_eq!(stats.app_context_lost.load(Relaxed), 1);
    assert_eq!(stats.app_kernel_spans.load(Relaxed), 0);
    let spans = received.spans();
    let k = spans
        .iter()
        .find(|s| find(&s.attributes, a::GPU_KERNEL_NAME).is_some())
        .unwrap();
    assert_eq!(k.flags, SPAN_FLAGS);
    assert!(spans
        .iter()
        .any(|s| s.name == "gpu.kernels" && s.span_id == k.parent_span_id));
}
