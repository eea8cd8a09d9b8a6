//! Kernel metrics, a stage of the pipeline between reconcile and export: every kernel
//! span on its way out is counted, sampled out or not (the output sampling stage hands
//! each span it reads to [`KernelMetrics::count`], or the whole output to
//! [`KernelMetrics::observe`] when it samples nothing), and once per interval the counts
//! leave as one OTLP metrics request, through the same export queues as the spans.
//!
//! ```text
//! reconcile ─► Ready ─► output_sampling ──────────────────────► export (spans)
//!                          │ every kernel span, read once
//!                          ▼
//!                        kernel_metrics ── interval passed ───► export (one metrics request)
//! ```
//!
//! [`aggregate`] folds executions (pure), [`encode`] writes a request (pure); this
//! module reads them out of the spans' bytes and keeps the interval on the clock it is
//! given.

pub mod aggregate;
pub mod encode;

use std::time::Duration;

use opentelemetry_proto::tonic::collector::metrics::v1::ExportMetricsServiceRequest;
use opentelemetry_proto::tonic::common::v1::any_value::Value;
use opentelemetry_proto::tonic::resource::v1::Resource;
use semconv::attributes as a;

use crate::reconcile::resource::ResourceKey;
use crate::reconcile::Ready;
use crate::wire::KernelFields;
use aggregate::{Aggregate, Execution};

/// Settings of the stage (`metrics` in the configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MetricsSettings {
    /// Whether kernel metrics are made at all.
    pub enabled: bool,
    /// How often a metrics request leaves (delta temporality: one interval each).
    pub interval: Duration,
    /// Kernel names per process and interval with series of their own.
    pub top_names: usize,
}

/// What the metrics need of the resource of the executions that follow: worked out once
/// per `ResourceSpans`, not per span.
#[derive(Debug)]
pub struct Producer<'a> {
    process: ResourceKey,
    resource: Option<&'a Resource>,
    /// Its `hw.id` ("" when it names none).
    device: &'a str,
}

impl<'a> Producer<'a> {
    /// The producer whose resource is `resource`.
    pub fn of(resource: Option<&'a Resource>) -> Producer<'a> {
        let device = resource
            .into_iter()
            .flat_map(|r| &r.attributes)
            .find(|kv| kv.key == a::HW_ID)
            .and_then(|kv| match kv.value.as_ref()?.value.as_ref()? {
                Value::StringValue(s) => Some(s.as_str()),
                _ => None,
            })
            .unwrap_or("");
        Producer {
            process: ResourceKey::of(resource),
            resource,
            device,
        }
    }
}

/// The stage's state: the interval being gathered.
#[derive(Debug)]
pub struct KernelMetrics {
    settings: MetricsSettings,
    aggregate: Aggregate,
    /// Start of the interval, Unix ns; `None` until the first observation.
    started: Option<u64>,
}

impl KernelMetrics {
    /// A stage with `settings`.
    pub fn new(settings: MetricsSettings) -> KernelMetrics {
        KernelMetrics {
            settings,
            aggregate: Aggregate::new(settings.top_names),
            started: None,
        }
    }

    /// Counts every kernel execution in `ready` (spans with `gpu.kernel.name`, and
    /// `gpu.graph.launch` spans as their kernel nodes), at `now`
    /// (Unix ns, the pipeline's clock); `exported` says whether they leave (only those
    /// may be exemplars) or were sampled out.
    pub fn observe(&mut self, ready: &[Ready], now: u64, exported: bool) {
        if !self.settings.enabled {
            return;
        }
        for (req, _) in ready {
            for rs in &req.resource_spans {
                let producer = Producer::of(rs.resource.as_ref());
                for span in rs.scope_spans.iter().flat_map(|ss| &ss.spans) {
                    match KernelFields::read(span) {
                        Some(k) => self.count(&producer, &k, now, exported),
                        None => self.count_unrecorded(&producer, span, now),
                    }
                }
            }
        }
    }

    /// Counts one kernel execution of `producer`, read already (by the output sampling,
    /// which reads every kernel span once for both stages).
    pub fn count(
        &mut self,
        producer: &Producer<'_>,
        k: &KernelFields<'_>,
        now: u64,
        exported: bool,
    ) {
        if !self.settings.enabled {
            return;
        }
        self.started.get_or_insert(now);
        let none = Resource::default();
        if let Some(n) = k.graph_nodes {
            // A graph replay: its kernel nodes' executions, no kernel duration.
            self.aggregate.record_graph_launch(
                producer.process,
                producer.resource.unwrap_or(&none),
                (producer.device, k.serialized.unwrap_or_default()),
                n,
            );
            return;
        }
        self.aggregate.record(
            producer.process,
            producer.resource.unwrap_or(&none),
            &Execution {
                name: k.kernel_name.unwrap_or_default(),
                device: producer.device,
                serialized: k.serialized.unwrap_or_default(),
                start: k.start,
                end: k.end,
                trace_id: k.trace_id,
                span_id: k.span_id,
            },
            exported,
        );
    }

    /// Counts what `span` of `producer`, not a kernel execution, reports launched and
    /// never recorded (a `gpu.kernels.unrecorded` span; any other counts nothing).
    pub fn count_unrecorded(&mut self, producer: &Producer<'_>, span: &[u8], now: u64) {
        if !self.settings.enabled {
            return;
        }
        let Some(n) = crate::wire::unrecorded_count(span) else {
            return;
        };
        self.started.get_or_insert(now);
        let none = Resource::default();
        self.aggregate.record_unrecorded(
            producer.process,
            producer.resource.unwrap_or(&none),
            producer.device,
            n,
        );
    }

    /// The interval's request once it has lasted `interval` at `now`; None before, and
    /// when nothing was counted.
    pub fn due(&mut self, now: u64) -> Option<ExportMetricsServiceRequest> {
        let started = self.started?;
        let interval = u64::try_from(self.settings.interval.as_nanos()).unwrap_or(u64::MAX);
        (now.saturating_sub(started) >= interval).then(|| self.flush(now))?
    }

    /// The interval's request now, whatever its length (at shutdown); None when nothing
    /// was counted.
    pub fn flush(&mut self, now: u64) -> Option<ExportMetricsServiceRequest> {
        let started = self.started.take()?;
        let processes = self.aggregate.collect();
        Some(encode::request(processes, started, now))
    }
}
