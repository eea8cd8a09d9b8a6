//! The whole path without a GPU: fake CUPTI records → queue → spans → OTLP/gRPC →
//! a real receiver in this test, compared with a golden OTLP JSON file modulo ids.
//!
//! Bless a changed golden file with `GPU_OTEL_BLESS=1 cargo test -p gpu-otel-injector
//! --test otlp_pipeline`.

mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use gpu_otel_injector::fake::{burst, FakeKernel};
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::any_value::Value;
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans, Span};
use semconv::attributes as a;

/// 2025-11-29T15:26:40Z: a fixed past time, so every slice is closed at once.
const T0: u64 = 1_764_430_000_000_000_000;
const MS: u64 = 1_000_000;

fn str_attr<'a>(s: &'a Span, key: &str) -> Option<&'a str> {
    semconv::otlp::get_str(&s.attributes, key)
}

/// Merges the requests into one, spans in a fixed order, ids replaced by names
/// given in order of first appearance (so the trace structure is still compared).
fn normalized(requests: &[ExportTraceServiceRequest]) -> serde_json::Value {
    let mut resource = requests[0].resource_spans[0].resource.clone();
    let scope = requests[0].resource_spans[0].scope_spans[0].scope.clone();
    for r in requests {
        for rs in &r.resource_spans {
            assert_eq!(rs.resource, resource, "one resource for the whole process");
        }
    }
    // The SDK keeps resource attributes in a hash map: their order is not stable.
    if let Some(r) = resource.as_mut() {
        r.attributes.sort_by(|x, y| x.key.cmp(&y.key));
    }
    let mut spans: Vec<Span> = requests
        .iter()
        .flat_map(|r| r.resource_spans.iter())
        .flat_map(|rs| rs.scope_spans.iter())
        .flat_map(|ss| ss.spans.iter().cloned())
        .collect();
    spans.sort_by_key(|s| {
        (
            s.start_time_unix_nano,
            s.name.clone(),
            semconv::otlp::get_int(&s.attributes, a::GPU_CORRELATION_ID),
        )
    });
    let mut names: HashMap<Vec<u8>, String> = HashMap::new();
    let mut rename = |id: &mut Vec<u8>, kind: &str| {
        if id.is_empty() {
            return;
        }
        let n = names.len();
        let name = names
            .entry(id.clone())
            .or_insert_with(|| format!("{kind}-{n}"))
            .clone();
        *id = name.into_bytes();
    };
    for s in &mut spans {
        rename(&mut s.trace_id, "trace");
        rename(&mut s.span_id, "span");
        rename(&mut s.parent_span_id, "span");
    }
    let merged = ExportTraceServiceRequest {
        resource_spans: vec![ResourceSpans {
            resource,
            scope_spans: vec![ScopeSpans {
                scope,
                spans: spans.clone(),
                ..Default::default()
            }],
            ..Default::default()
        }],
    };
    let mut json = serde_json::to_value(&merged).unwrap();
    // The ids were replaced by readable names; write them as strings, not as the
    // hex of their bytes.
    let spans_json = json["resourceSpans"][0]["scopeSpans"][0]["spans"]
        .as_array_mut()
        .unwrap();
    for (sj, s) in spans_json.iter_mut().zip(&spans) {
        for (key, id) in [
            ("traceId", &s.trace_id),
            ("spanId", &s.span_id),
            ("parentSpanId", &s.parent_span_id),
        ] {
            sj[key] = serde_json::Value::String(String::from_utf8_lossy(id).into_owned());
        }
    }
    json
}

fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn fake_records_reach_a_real_receiver_as_the_golden_otlp() {
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);

    // Two slices: a burst on two streams in the first second, and a graph kernel
    // with shared memory, a plain C name and a kernel that crosses into the next
    // slice.
    let mut first = burst(T0 + 100 * MS, 6, 2, 50_000);
    first.push(
        FakeKernel::new(
            "_ZN5torch6kernel7reduce2IfLi4EEEvPKT_PS2_i",
            T0 + 300 * MS,
            T0 + 301 * MS,
        )
        .correlation(100)
        .graph(3)
        .stream(20)
        .grid([132, 2, 1])
        .block([128, 4, 1])
        .shared_memory(4096, 49152)
        .registers(40)
        .record(),
    );
    let second = vec![
        FakeKernel::new("add_one", T0 + 1_200 * MS, T0 + 1_201 * MS)
            .correlation(200)
            .record(),
        FakeKernel::new("_Z4spinPfi", T0 + 1_999 * MS, T0 + 2_003 * MS)
            .correlation(201)
            .device(1)
            .context(2)
            .record(),
    ];
    assert!(queue.offer(first));
    assert!(queue.offer(second));
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    wait_for("all spans", || received.spans().len() >= 9 + 2);

    let spans = received.spans();
    assert_eq!(spans.len(), 11, "9 kernels and 2 slice roots");
    assert_eq!(stats.drops().total(), 0);
    for s in spans.iter().filter(|s| s.name != "gpu.kernels") {
        assert_eq!(str_attr(s, a::GPU_SERIALIZED), Some("false"));
        let root = spans
            .iter()
            .find(|r| r.span_id == s.parent_span_id)
            .expect("every kernel's root arrived");
        assert_eq!(root.trace_id, s.trace_id);
        assert!(root.start_time_unix_nano <= s.start_time_unix_nano);
        assert!(root.end_time_unix_nano >= s.end_time_unix_nano);
    }
    let tier = received.requests()[0].resource_spans[0]
        .resource
        .as_ref()
        .and_then(|r| {
            semconv::otlp::get_str(&r.attributes, a::GPU_PC_SAMPLING_TIER).map(String::from)
        });
    assert_eq!(tier.as_deref(), Some("off"));
    let reduce = spans.iter().find(|s| s.name.contains("reduce2")).unwrap();
    assert_eq!(
        reduce.name,
        "void torch::kernel::reduce2<float, 4>(float const*, float*, int)"
    );
    assert!(matches!(
        semconv::otlp::find(&reduce.attributes, a::GPU_KERNEL_SHARED_MEMORY_DYNAMIC)
            .and_then(|v| v.value.clone()),
        Some(Value::IntValue(49152))
    ));

    let actual = serde_json::to_string_pretty(&normalized(&received.requests())).unwrap() + "\n";
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/golden_otlp.json"
    );
    if std::env::var_os("GPU_OTEL_BLESS").is_some() {
        std::fs::write(path, &actual).unwrap();
    }
    let expected =
        std::fs::read_to_string(path).expect("golden file (bless with GPU_OTEL_BLESS=1)");
    assert_eq!(actual, expected, "OTLP differs from {path}");
}
