//! What leaves the node, through the running receiver into one OTLP/gRPC backend that
//! takes traces and metrics. Kernel metrics against the spans that left (the real H200
//! capture: 10,000 kernel executions of the CUDA example; a two-GPU producer): every
//! histogram point's count and sum equal those over the exported spans of its kernel
//! name, device and outcome, every exemplar names a span that was exported. Output
//! sampling: the metrics are those of keep-all, every "true" and "unknown" kernel and
//! every window span leaves, every dropped span is counted.

mod support;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::{
    MetricsService, MetricsServiceServer,
};
use opentelemetry_proto::tonic::collector::metrics::v1::{
    ExportMetricsServiceRequest, ExportMetricsServiceResponse,
};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::{any_value::Value, KeyValue};
use opentelemetry_proto::tonic::metrics::v1::metric::Data;
use opentelemetry_proto::tonic::metrics::v1::{exemplar, AggregationTemporality};
use receiver::fixtures::{self, kernel, request, resource};
use receiver::pipeline;
use semconv::{otlp, Serialized, Tier};

#[derive(Debug, Clone, Default)]
struct Backend {
    traces: Arc<Mutex<Vec<ExportTraceServiceRequest>>>,
    metrics: Arc<Mutex<Vec<ExportMetricsServiceRequest>>>,
}

#[tonic::async_trait]
impl TraceService for Backend {
    async fn export(
        &self,
        req: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        self.traces.lock().unwrap().push(req.into_inner());
        Ok(tonic::Response::new(Default::default()))
    }
}

#[tonic::async_trait]
impl MetricsService for Backend {
    async fn export(
        &self,
        req: tonic::Request<ExportMetricsServiceRequest>,
    ) -> Result<tonic::Response<ExportMetricsServiceResponse>, tonic::Status> {
        self.metrics.lock().unwrap().push(req.into_inner());
        Ok(tonic::Response::new(Default::default()))
    }
}

async fn backend() -> (String, Backend) {
    let b = Backend::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(b.clone()).max_decoding_message_size(64 << 20))
            .add_service(MetricsServiceServer::new(b.clone()))
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
    );
    (format!("http://{addr}"), b)
}

fn string(attrs: &[KeyValue], key: &str) -> Option<String> {
    attrs.iter().find(|kv| kv.key == key).and_then(|kv| {
        match kv.value.as_ref()?.value.as_ref()? {
            Value::StringValue(s) => Some(s.clone()),
            _ => None,
        }
    })
}

type Key = (String, String, String);

/// Count, summed ns and span ids of the exported kernel spans, by name, device, outcome.
fn over_spans(traces: &[ExportTraceServiceRequest]) -> BTreeMap<Key, (u64, u64, Vec<Vec<u8>>)> {
    let mut out: BTreeMap<Key, (u64, u64, Vec<Vec<u8>>)> = BTreeMap::new();
    for (res, s) in fixtures::spans_of(traces) {
        let Some(name) = string(&s.attributes, semconv::attributes::GPU_KERNEL_NAME) else {
            continue;
        };
        let device = string(res, semconv::attributes::HW_ID).unwrap_or_default();
        let outcome = string(&s.attributes, semconv::attributes::GPU_SERIALIZED).unwrap();
        let e = out.entry((name, device, outcome)).or_default();
        e.0 += 1;
        e.1 += s.end_time_unix_nano.saturating_sub(s.start_time_unix_nano);
        e.2.push(s.span_id.clone());
    }
    out
}

/// Count, sum (s), exemplar span ids of the duration points, by name, device, outcome.
fn over_points(metrics: &[ExportMetricsServiceRequest]) -> BTreeMap<Key, (u64, f64, Vec<Vec<u8>>)> {
    let mut out: BTreeMap<Key, (u64, f64, Vec<Vec<u8>>)> = BTreeMap::new();
    for m in metrics
        .iter()
        .flat_map(|r| &r.resource_metrics)
        .flat_map(|rm| &rm.scope_metrics)
        .flat_map(|sm| &sm.metrics)
        .filter(|m| m.name == semconv::attributes::METRIC_GPU_KERNEL_DURATION)
    {
        let Some(Data::Histogram(h)) = &m.data else {
            panic!("{} is a histogram", m.name)
        };
        assert_eq!(
            h.aggregation_temporality,
            AggregationTemporality::Delta as i32
        );
        assert_eq!(m.unit, "s");
        for p in &h.data_points {
            let key = (
                string(&p.attributes, semconv::attributes::GPU_KERNEL_NAME).unwrap(),
                string(&p.attributes, semconv::attributes::HW_ID).unwrap_or_default(),
                string(&p.attributes, semconv::attributes::GPU_SERIALIZED).unwrap(),
            );
            assert_eq!(p.bucket_counts.iter().sum::<u64>(), p.count);
            let e = out.entry(key).or_default();
            e.0 += p.count;
            e.1 += p.sum.unwrap();
            for x in &p.exemplars {
                assert!(matches!(x.value, Some(exemplar::Value::AsDouble(_))));
                e.2.push(x.span_id.clone());
            }
        }
    }
    out
}

/// The sums named `name` in every request.
fn sums<'a>(
    metrics: &'a [ExportMetricsServiceRequest],
    name: &'a str,
) -> impl Iterator<Item = &'a opentelemetry_proto::tonic::metrics::v1::Sum> {
    metrics
        .iter()
        .flat_map(|r| &r.resource_metrics)
        .flat_map(|rm| &rm.scope_metrics)
        .flat_map(|sm| &sm.metrics)
        .filter(move |m| m.name == name)
        .map(|m| match &m.data {
            Some(Data::Sum(s)) => s,
            _ => panic!("a sum"),
        })
}

/// An integer data point's value.
fn int(p: &opentelemetry_proto::tonic::metrics::v1::NumberDataPoint) -> i64 {
    let Some(opentelemetry_proto::tonic::metrics::v1::number_data_point::Value::AsInt(n)) = p.value
    else {
        panic!("an int")
    };
    n
}

fn executions(metrics: &[ExportMetricsServiceRequest]) -> BTreeMap<(String, String), i64> {
    let mut out = BTreeMap::new();
    for s in sums(metrics, semconv::attributes::METRIC_GPU_KERNEL_EXECUTIONS) {
        for p in &s.data_points {
            let key = (
                string(&p.attributes, semconv::attributes::HW_ID).unwrap_or_default(),
                string(&p.attributes, semconv::attributes::GPU_SERIALIZED).unwrap(),
            );
            *out.entry(key).or_default() += int(p);
        }
    }
    out
}

/// Sends `requests` through a receiver with kernel metrics on; what the backend got.
async fn through_receiver(
    requests: Vec<ExportTraceServiceRequest>,
    interval: Duration,
    top_names: usize,
) -> (
    Vec<ExportTraceServiceRequest>,
    Vec<ExportMetricsServiceRequest>,
) {
    let (traces, metrics, _) = through_configured(requests, |c| {
        c.metrics.interval = interval;
        c.metrics.top_names = top_names;
    })
    .await;
    (traces, metrics)
}

/// What the backend got, and the sampling counts by decision.
type Received = (
    Vec<ExportTraceServiceRequest>,
    Vec<ExportMetricsServiceRequest>,
    BTreeMap<&'static str, u64>,
);

/// Sends `requests` through a receiver with kernel metrics on (one interval) and
/// `configure`d.
async fn through_configured(
    requests: Vec<ExportTraceServiceRequest>,
    configure: impl FnOnce(&mut receiver::config::Config),
) -> Received {
    let (url, b) = backend().await;
    let mut c = fixtures::loopback_config();
    c.export.endpoint = Some(url);
    c.metrics.enabled = true;
    c.metrics.interval = Duration::from_secs(3600);
    c.metrics.top_names = 1000;
    configure(&mut c);
    let r = pipeline::start(c).await.unwrap();
    let mut client = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap()
        .max_encoding_message_size(64 << 20);
    for req in requests {
        client.export(req).await.unwrap();
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let telemetry = r.telemetry.clone();
    r.shutdown().await;
    let traces = b.traces.lock().unwrap().clone();
    let metrics = b.metrics.lock().unwrap().clone();
    let [d] = &telemetry.export.destinations()[..] else {
        panic!("one destination")
    };
    use std::sync::atomic::Ordering::Relaxed;
    assert_eq!(
        d.counters.metric_requests_exported.load(Relaxed),
        metrics.len() as u64,
        "every metrics request the backend got is counted as exported"
    );
    assert_eq!(d.counters.metric_requests_dropped.load(Relaxed), 0);
    let sampled = telemetry
        .sampling
        .by_decision()
        .iter()
        .map(|(d, n)| (d.as_str(), *n))
        .collect();
    (traces, metrics, sampled)
}

#[tokio::test]
async fn each_histogram_s_count_and_sum_equal_those_over_the_exported_spans_of_the_h200_capture() {
    // One interval (the one flushed at shutdown), every name its own series.
    let (traces, metrics) =
        through_receiver(support::h200::capture(), Duration::from_secs(3600), 1000).await;
    let spans = over_spans(&traces);
    let points = over_points(&metrics);
    assert_eq!(spans.values().map(|v| v.0).sum::<u64>(), 10_000);
    assert_eq!(
        spans.keys().collect::<Vec<_>>(),
        points.keys().collect::<Vec<_>>()
    );
    for (key, (count, ns, ids)) in &spans {
        let (pcount, psum, exemplars) = &points[key];
        assert_eq!(pcount, count, "{key:?}");
        assert_eq!(*psum, *ns as f64 / 1e9, "{key:?}");
        assert!(!exemplars.is_empty(), "{key:?}");
        assert!(
            exemplars.iter().all(|x| ids.contains(x)),
            "{key:?}: an exemplar names a span that left"
        );
    }
    let by_outcome = executions(&metrics);
    assert_eq!(
        by_outcome,
        BTreeMap::from([((String::new(), "false".into()), 10_000)])
    );
}

#[tokio::test]
async fn names_past_the_top_fold_into_other_per_device_and_counts_per_outcome_still_add_up() {
    // Two GPUs of one process; five kernel names of growing total time; N = 2.
    let gpu = |n: &str| {
        let mut r = resource("train", 1, Some(Tier::Off));
        r.attributes
            .push(otlp::string(semconv::attributes::HW_ID, n));
        r
    };
    let mut requests = Vec::new();
    let mut id = 1;
    for (device, names) in [("GPU-a", 5u64), ("GPU-b", 3)] {
        let mut spans = Vec::new();
        for k in 0..names {
            for _ in 0..=k {
                let mut s = kernel(id, 1_000, 1_000 + 1_000 * (k + 1), Some(Serialized::False));
                s.attributes[0] =
                    otlp::string(semconv::attributes::GPU_KERNEL_NAME, format!("k{k}"));
                spans.push(s);
                id += 1;
            }
        }
        requests.push(request(gpu(device), spans));
    }
    let (traces, metrics) = through_receiver(requests, Duration::from_secs(3600), 2).await;
    let points = over_points(&metrics);
    let names: std::collections::BTreeSet<_> = points.keys().map(|k| k.0.as_str()).collect();
    // kN runs N+1 times for (N+1) µs on each device that has it: over the process, k4
    // (25 µs) and k2 (9 + 9 µs) beat k3 (16 µs, GPU-a alone); the rest is "other".
    assert_eq!(names, ["k2", "k4", "other"].into());
    let spans = over_spans(&traces);
    for device in ["GPU-a", "GPU-b"] {
        let (count, ns): (u64, u64) = spans
            .iter()
            .filter(|(k, _)| k.1 == device)
            .map(|(_, v)| (v.0, v.1))
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        let pcount: u64 = points
            .iter()
            .filter(|(k, _)| k.1 == device)
            .map(|(_, v)| v.0)
            .sum();
        assert_eq!(pcount, count, "{device}");
        let ex = executions(&metrics)[&(device.to_string(), "false".to_string())];
        assert_eq!(ex as u64, count, "{device}");
        assert!(ns > 0);
    }
}

/// `gpu.kernel.executions.unrecorded` per device, summed over every interval.
fn unrecorded(metrics: &[ExportMetricsServiceRequest]) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    for s in sums(
        metrics,
        semconv::attributes::METRIC_GPU_KERNEL_EXECUTIONS_UNRECORDED,
    ) {
        assert!(s.is_monotonic);
        for p in &s.data_points {
            *out.entry(string(&p.attributes, semconv::attributes::HW_ID).unwrap_or_default())
                .or_default() += int(p);
        }
    }
    out
}

#[tokio::test]
async fn executions_reported_unrecorded_are_counted_per_device_whether_or_not_output_is_sampled() {
    let gpu = |n: &str| {
        let mut r = resource("decode", 7, Some(Tier::Off));
        r.attributes
            .push(otlp::string(semconv::attributes::HW_ID, n));
        r
    };
    let requests = || {
        vec![
            request(
                gpu("GPU-a"),
                vec![
                    kernel(1, 1_000, 2_000, Some(Serialized::False)),
                    fixtures::unrecorded(2, 1_200),
                ],
            ),
            request(gpu("GPU-b"), vec![fixtures::unrecorded(3, 5)]),
            request(gpu("GPU-a"), vec![fixtures::unrecorded(4, 30)]),
        ]
    };
    for sampling in [false, true] {
        let (traces, metrics, _) = through_configured(requests(), |c| {
            c.sampling.enabled = sampling;
        })
        .await;
        assert_eq!(
            unrecorded(&metrics),
            [("GPU-a".to_string(), 1_230), ("GPU-b".to_string(), 5)].into(),
            "sampling {sampling}"
        );
        let names: Vec<String> = traces
            .iter()
            .flat_map(|t| &t.resource_spans)
            .flat_map(|rs| &rs.scope_spans)
            .flat_map(|ss| &ss.spans)
            .map(|s| s.name.clone())
            .filter(|n| n == semconv::attributes::SPAN_GPU_KERNELS_UNRECORDED)
            .collect();
        assert_eq!(
            names.len(),
            3,
            "every unrecorded span leaves, sampling {sampling}"
        );
    }
}

#[tokio::test]
async fn with_a_short_interval_the_counts_over_every_interval_equal_the_spans() {
    let (traces, metrics) =
        through_receiver(support::h200::capture(), Duration::from_millis(100), 5).await;
    assert!(metrics.len() > 1, "{} metrics requests", metrics.len());
    let points: u64 = over_points(&metrics).values().map(|v| v.0).sum();
    let spans: u64 = over_spans(&traces).values().map(|v| v.0).sum();
    assert_eq!((points, spans), (10_000, 10_000));
}

/// Without counts and sums at interval resolution: the H200 capture is one interval.
fn counts_and_sums(m: &[ExportMetricsServiceRequest]) -> BTreeMap<Key, (u64, u64)> {
    over_points(m)
        .into_iter()
        .map(|(k, (n, s, _))| (k, (n, (s * 1e9).round() as u64)))
        .collect()
}

#[tokio::test]
async fn with_sampling_on_the_metrics_equal_keep_all_and_each_dropped_span_is_counted() {
    let (all, all_metrics, off) = through_configured(support::h200::capture(), |_| {}).await;
    assert!(
        off.values().all(|&n| n == 0),
        "off: nothing decided {off:?}"
    );
    let (sampled, metrics, counts) = through_configured(support::h200::capture(), |c| {
        c.sampling.enabled = true;
        c.sampling.traces_one_in = 1_000_000;
    })
    .await;
    assert_eq!(counts_and_sums(&metrics), counts_and_sums(&all_metrics));
    let kept = over_spans(&sampled);
    let left: u64 = kept.values().map(|v| v.0).sum();
    let all_kernels: u64 = over_spans(&all).values().map(|v| v.0).sum();
    assert_eq!(all_kernels, 10_000);
    assert_eq!(left + counts["sampled_out"], 10_000, "{counts:?}");
    assert_eq!(
        counts.values().sum::<u64>(),
        10_000,
        "every kernel decided once"
    );
    assert!(left < 1_000, "{left} of 10,000 left ({counts:?})");
    // Non-kernel spans (the trace roots) all leave.
    assert_eq!(
        fixtures::spans_of(&sampled).len() as u64 - left,
        fixtures::spans_of(&all).len() as u64 - 10_000
    );
    // Exemplars name spans that left.
    let ids: Vec<&Vec<u8>> = kept.values().flat_map(|v| &v.2).collect();
    for (key, (_, _, exemplars)) in over_points(&metrics) {
        assert!(exemplars.iter().all(|x| ids.contains(&x)), "{key:?}");
    }
}

#[tokio::test]
async fn every_true_and_unknown_kernel_and_every_window_span_leaves_when_sampling() {
    use semconv::{SamplingMode, Window};
    let ks = SamplingMode::KernelSerialized;
    let windows = [
        Window::open(1_000_000, 1, ks),
        Window::closed(1_000_000, 1_100_000, 1, ks),
        Window::open(1_900_000, 2, ks),
        Window::closed(1_900_000, 1_950_000, 2, ks),
    ];
    let mut spans = vec![fixtures::window_carrier(1, &windows)];
    let mut n = 10;
    // Inside the first burst: "true"; between the bursts: "false"; after the last
    // window, uncovered: "unknown" once the reconcile delay passes.
    for (from, to, stamp) in [
        (1_000_100u64, 1_099_000u64, Serialized::True),
        (1_200_000, 1_800_000, Serialized::False),
        (3_000_000, 4_000_000, Serialized::Unknown),
    ] {
        let mut t = from;
        while t < to {
            let mut k = kernel(n, t, t + 900, Some(stamp));
            k.trace_id = vec![7; 16];
            k.span_id = (n * 7919).to_be_bytes().to_vec();
            spans.push(k);
            n += 1;
            t += 1_000;
        }
    }
    let req = || {
        vec![request(
            resource("gpu", 1, Some(Tier::Serialized)),
            spans.clone(),
        )]
    };
    let delay = |c: &mut receiver::config::Config| c.reconcile.delay = Duration::from_millis(200);
    let (all, _, _) = through_configured(req(), delay).await;
    let (sampled, _, counts) = through_configured(req(), |c| {
        delay(c);
        c.sampling.enabled = true;
    })
    .await;
    let by_outcome = |t: &[ExportTraceServiceRequest], v: &str| {
        over_spans(t)
            .iter()
            .filter(|(k, _)| k.2 == v)
            .map(|(_, x)| x.0)
            .sum::<u64>()
    };
    for v in ["true", "unknown"] {
        assert!(by_outcome(&all, v) > 0, "{v}");
        assert_eq!(by_outcome(&sampled, v), by_outcome(&all, v), "{v}");
    }
    assert!(by_outcome(&sampled, "false") < by_outcome(&all, "false"));
    assert_eq!(counts["serialized_true"], by_outcome(&all, "true"));
    assert_eq!(counts["serialized_unknown"], by_outcome(&all, "unknown"));
    let windows_of = |t: &[ExportTraceServiceRequest]| {
        fixtures::spans_of(t)
            .iter()
            .filter(|(_, s)| {
                s.name == semconv::attributes::SPAN_GPU_SAMPLING_WINDOW || !s.events.is_empty()
            })
            .count()
    };
    assert!(windows_of(&all) >= 3, "the carrier and two window spans");
    assert_eq!(windows_of(&sampled), windows_of(&all));
}

#[tokio::test]
async fn sampling_the_h200_serialized_capture_keeps_its_true_kernel_its_window_spans_and_keep_all_s_metrics(
) {
    let windows_of = |t: &[ExportTraceServiceRequest]| {
        fixtures::spans_of(t)
            .iter()
            .filter(|(_, s)| s.name.starts_with("gpu.sampling.window"))
            .count()
    };
    let true_kernels = |t: &[ExportTraceServiceRequest]| {
        over_spans(t)
            .iter()
            .filter(|(k, _)| k.2 == "true")
            .map(|(_, x)| x.0)
            .sum::<u64>()
    };
    let (all, all_metrics, _) = through_configured(support::h200::torch_serialized(), |_| {}).await;
    let (sampled, sampled_metrics, _) =
        through_configured(support::h200::torch_serialized(), |c| {
            c.sampling.enabled = true
        })
        .await;
    assert!(true_kernels(&all) >= 1 && windows_of(&all) >= 3);
    assert_eq!(true_kernels(&sampled), true_kernels(&all));
    assert_eq!(windows_of(&sampled), windows_of(&all));
    assert!(fixtures::spans_of(&sampled).len() * 10 < fixtures::spans_of(&all).len());
    assert_eq!(
        counts_and_sums(&sampled_metrics),
        counts_and_sums(&all_metrics)
    );
}

#[tokio::test]
async fn with_a_metrics_endpoint_the_metrics_go_there_alone_and_the_spans_never_do() {
    let (spans_url, spans_backend) = backend().await;
    let (metrics_url, metrics_backend) = backend().await;
    let mut c = fixtures::loopback_config();
    c.export.endpoint = Some(spans_url);
    c.export.metrics_endpoint = Some(metrics_url.clone());
    c.metrics.enabled = true;
    c.metrics.interval = Duration::from_secs(3600);
    c.metrics.top_names = 1000;
    let r = pipeline::start(c).await.unwrap();
    let mut client = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap()
        .max_encoding_message_size(64 << 20);
    for req in support::h200::capture() {
        client.export(req).await.unwrap();
    }
    let telemetry = r.telemetry.clone();
    r.shutdown().await;

    let traces = spans_backend.traces.lock().unwrap().clone();
    assert_eq!(
        over_spans(&traces).values().map(|v| v.0).sum::<u64>(),
        10_000
    );
    assert!(
        spans_backend.metrics.lock().unwrap().is_empty(),
        "no metrics beside the spans"
    );
    assert!(
        metrics_backend.traces.lock().unwrap().is_empty(),
        "no span at the metrics destination"
    );
    let metrics = metrics_backend.metrics.lock().unwrap().clone();
    assert_eq!(executions(&metrics).values().sum::<i64>(), 10_000);

    use receiver::export::Role;
    use std::sync::atomic::Ordering::Relaxed;
    let roles: Vec<(Role, u64)> = telemetry
        .export
        .destinations()
        .iter()
        .map(|d| (d.role, d.counters.metric_requests_exported.load(Relaxed)))
        .collect();
    assert_eq!(
        roles,
        [(Role::Primary, 0), (Role::Metrics, metrics.len() as u64)]
    );
    assert!(telemetry
        .export
        .summary()
        .contains("(kernel metrics): 1 requests exported"));
}
