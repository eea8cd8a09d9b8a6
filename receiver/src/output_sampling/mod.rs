//! Output sampling, off by default: a stage of the pipeline between reconcile and
//! export. It drops kernel spans only, as [`policy`] decides, and counts every kernel
//! span by the decision that let it leave or dropped it. Every kernel span is counted in
//! the kernel metrics first, read once for both (sampled out, it is no exemplar).
//!
//! ```text
//! reconcile ─► Ready ─► output_sampling (kernel_metrics counts every span) ─► export
//! ```
//!
//! Not with the persistent queue (refused by the configuration): each exported span
//! carries the input it came from, and the queue deletes an input once every span of it
//! is delivered; a dropped span would have to be settled in its place.

pub mod policy;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::kernel_metrics::{KernelMetrics, Producer};
use crate::reconcile::origin::Origins;
use crate::reconcile::Ready;
use crate::wire::{KernelFields, WireResourceSpans};
use policy::{Decision, Kernel, Policy, Sampler};

/// Kernel spans by decision, in the order of [`Decision::ALL`].
#[derive(Debug, Default)]
pub struct SamplingCounters(pub [AtomicU64; 6]);

impl SamplingCounters {
    /// Each decision with its count.
    pub fn by_decision(&self) -> [(Decision, u64); 6] {
        std::array::from_fn(|i| (Decision::ALL[i], self.0[i].load(Relaxed)))
    }
}

/// The stage: off, or a sampler.
#[derive(Debug)]
pub struct OutputSampling {
    sampler: Option<Sampler>,
}

impl OutputSampling {
    /// The stage, sampling with `policy` when there is one.
    pub fn new(policy: Option<Policy>) -> OutputSampling {
        OutputSampling {
            sampler: policy.map(Sampler::new),
        }
    }

    /// What of `ready` leaves; every kernel span counted in `metrics` first (at `now`,
    /// as exported or sampled out: each span is read once for both stages) and in
    /// `counters` by its decision. Off, or for requests that carry origins (the
    /// persistent queue's, which the configuration keeps apart), nothing is dropped.
    pub fn apply(
        &mut self,
        ready: Vec<Ready>,
        counters: &SamplingCounters,
        metrics: &mut KernelMetrics,
        now: u64,
    ) -> Vec<Ready> {
        let Some(sampler) = &mut self.sampler else {
            metrics.observe(&ready, now, true);
            return ready;
        };
        ready
            .into_iter()
            .filter_map(|item| {
                if item.1 != Origins::default() {
                    metrics.observe(std::slice::from_ref(&item), now, true);
                    return Some(item);
                }
                let (mut req, origins) = item;
                for WireResourceSpans {
                    resource,
                    scope_spans,
                    ..
                } in &mut req.resource_spans
                {
                    let producer = Producer::of(resource.as_ref());
                    for ss in scope_spans {
                        ss.spans.retain(|span| {
                            let Some(k) = KernelFields::read(span) else {
                                metrics.count_unrecorded(&producer, span, now);
                                return true;
                            };
                            let d = sampler.decide(&Kernel {
                                name: k.kernel_name.unwrap_or_default(),
                                serialized: k.serialized,
                                duration_ns: k.end.saturating_sub(k.start),
                                trace_id: k.trace_id,
                                span_id: k.span_id,
                            });
                            let i = Decision::ALL.iter().position(|&x| x == d).expect("listed");
                            counters.0[i].fetch_add(1, Relaxed);
                            let kept = d != Decision::Dropped;
                            metrics.count(&producer, &k, now, kept);
                            kept
                        });
                    }
                }
                prune(&mut req);
                (!req.resource_spans.is_empty()).then_some((req, origins))
            })
            .collect()
    }
}

/// `req` without empty scopes and resources.
fn prune(req: &mut crate::wire::WireRequest) {
    for rs in &mut req.resource_spans {
        rs.scope_spans.retain(|ss| !ss.spans.is_empty());
    }
    req.resource_spans.retain(|rs| !rs.scope_spans.is_empty());
}
