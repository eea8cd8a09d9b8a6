//! One interval's kernel metrics as an OTLP `ExportMetricsServiceRequest`, pure:
//! `gpu.kernel.duration` (histogram, s), `gpu.kernel.executions` (sum) and, where the
//! injector reported any, `gpu.kernel.executions.unrecorded` (sum), all delta
//! temporality, one `ResourceMetrics` per process.

use opentelemetry_proto::tonic::collector::metrics::v1::ExportMetricsServiceRequest;
use opentelemetry_proto::tonic::common::v1::{InstrumentationScope, KeyValue};
use opentelemetry_proto::tonic::metrics::v1::{
    exemplar, metric, number_data_point, AggregationTemporality, Exemplar, Histogram,
    HistogramDataPoint, Metric, NumberDataPoint, ResourceMetrics, ScopeMetrics, Sum,
};
use semconv::attributes as a;
use semconv::otlp;

use super::aggregate::{ProcessMetrics, BOUNDS_NS};

/// Seconds from ns.
fn seconds(ns: u64) -> f64 {
    ns as f64 / 1e9
}

/// The metrics of `processes` over the interval from `start` to `now` (Unix ns).
pub fn request(
    processes: Vec<ProcessMetrics>,
    start: u64,
    now: u64,
) -> ExportMetricsServiceRequest {
    let delta = AggregationTemporality::Delta as i32;
    let resource_metrics = processes
        .into_iter()
        .map(|p| {
            let points = p
                .durations
                .into_iter()
                .map(|((name, device, serialized), h)| HistogramDataPoint {
                    attributes: attributes(Some(&name), &device, &serialized),
                    start_time_unix_nano: start,
                    time_unix_nano: now,
                    count: h.count,
                    sum: Some(seconds(h.sum_ns)),
                    bucket_counts: h.buckets,
                    explicit_bounds: BOUNDS_NS.iter().map(|&b| seconds(b)).collect(),
                    exemplars: h
                        .slowest
                        .into_iter()
                        .map(|s| Exemplar {
                            filtered_attributes: vec![],
                            time_unix_nano: s.at,
                            span_id: s.span_id,
                            trace_id: s.trace_id,
                            value: Some(exemplar::Value::AsDouble(seconds(s.duration_ns))),
                        })
                        .collect(),
                    flags: 0,
                    min: (h.count > 0).then(|| seconds(h.min_ns)),
                    max: (h.count > 0).then(|| seconds(h.max_ns)),
                })
                .collect();
            let counts = p
                .executions
                .into_iter()
                .map(|((device, serialized), n)| {
                    count_point(attributes(None, &device, &serialized), start, now, n)
                })
                .collect();
            let unrecorded: Vec<NumberDataPoint> = p
                .unrecorded
                .into_iter()
                .map(|(device, n)| count_point(device_attribute(&device), start, now, n))
                .collect();
            let mut metrics = vec![
                Metric {
                    name: a::METRIC_GPU_KERNEL_DURATION.into(),
                    description: a::METRIC_GPU_KERNEL_DURATION_BRIEF.into(),
                    unit: a::METRIC_GPU_KERNEL_DURATION_UNIT.into(),
                    metadata: vec![],
                    data: Some(metric::Data::Histogram(Histogram {
                        data_points: points,
                        aggregation_temporality: delta,
                    })),
                },
                Metric {
                    name: a::METRIC_GPU_KERNEL_EXECUTIONS.into(),
                    description: a::METRIC_GPU_KERNEL_EXECUTIONS_BRIEF.into(),
                    unit: a::METRIC_GPU_KERNEL_EXECUTIONS_UNIT.into(),
                    metadata: vec![],
                    data: Some(metric::Data::Sum(Sum {
                        data_points: counts,
                        aggregation_temporality: delta,
                        is_monotonic: true,
                    })),
                },
            ];
            if !unrecorded.is_empty() {
                metrics.push(Metric {
                    name: a::METRIC_GPU_KERNEL_EXECUTIONS_UNRECORDED.into(),
                    description: a::METRIC_GPU_KERNEL_EXECUTIONS_UNRECORDED_BRIEF.into(),
                    unit: a::METRIC_GPU_KERNEL_EXECUTIONS_UNRECORDED_UNIT.into(),
                    metadata: vec![],
                    data: Some(metric::Data::Sum(Sum {
                        data_points: unrecorded,
                        aggregation_temporality: delta,
                        is_monotonic: true,
                    })),
                });
            }
            ResourceMetrics {
                resource: Some(p.resource),
                scope_metrics: vec![ScopeMetrics {
                    scope: Some(InstrumentationScope {
                        name: "gpu-otel-receiver".into(),
                        version: env!("CARGO_PKG_VERSION").into(),
                        ..Default::default()
                    }),
                    metrics,
                    schema_url: String::new(),
                }],
                schema_url: String::new(),
            }
        })
        .collect();
    ExportMetricsServiceRequest { resource_metrics }
}

/// One point of a delta counter over `start..now`.
fn count_point(attributes: Vec<KeyValue>, start: u64, now: u64, n: u64) -> NumberDataPoint {
    NumberDataPoint {
        attributes,
        start_time_unix_nano: start,
        time_unix_nano: now,
        exemplars: vec![],
        flags: 0,
        value: Some(number_data_point::Value::AsInt(
            i64::try_from(n).unwrap_or(i64::MAX),
        )),
    }
}

fn device_attribute(device: &str) -> Vec<KeyValue> {
    if device.is_empty() {
        vec![]
    } else {
        vec![otlp::string(a::HW_ID, device)]
    }
}

fn attributes(name: Option<&str>, device: &str, serialized: &str) -> Vec<KeyValue> {
    let mut out = Vec::with_capacity(3);
    if let Some(n) = name {
        out.push(otlp::string(a::GPU_KERNEL_NAME, n));
    }
    if !device.is_empty() {
        out.push(otlp::string(a::HW_ID, device));
    }
    out.push(otlp::string(a::GPU_SERIALIZED, serialized));
    out
}
