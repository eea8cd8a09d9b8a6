//! Output sampling, off by default: a stage of the pipeline after the kernel metrics
//! (which count every span first), before export. It drops kernel spans only, as
//! [`policy`] decides, and counts every kernel span by the decision that let it leave
//! or dropped it.
//!
//! ```text
//! reconcile ─► Ready ─► kernel_metrics (every span) ─► output_sampling ─► export
//! ```
//!
//! Not with the persistent queue (refused by the configuration): each exported span
//! carries the input it came from, and the queue deletes an input once every span of it
//! is delivered; a dropped span would have to be settled in its place.

pub mod policy;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::reconcile::origin::Origins;
use crate::reconcile::Ready;
use crate::wire::KernelFields;
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

    /// `ready` split into what leaves and the kernel spans the policy drops (in
    /// requests of their own, for the metrics, which count them too); every kernel span
    /// counted in `counters` by its decision. Off, or for requests that carry origins
    /// (the persistent queue's, which the configuration keeps apart), nothing is dropped.
    pub fn apply(
        &mut self,
        ready: Vec<Ready>,
        counters: &SamplingCounters,
    ) -> (Vec<Ready>, Vec<Ready>) {
        let Some(sampler) = &mut self.sampler else {
            return (ready, Vec::new());
        };
        let mut dropped = Vec::new();
        let kept = ready
            .into_iter()
            .filter_map(|(mut req, origins)| {
                if origins != Origins::default() {
                    return Some((req, origins));
                }
                let mut out = req.clone();
                for (rs, out_rs) in req.resource_spans.iter_mut().zip(&mut out.resource_spans) {
                    for (ss, out_ss) in rs.scope_spans.iter_mut().zip(&mut out_rs.scope_spans) {
                        out_ss.spans.clear();
                        ss.spans.retain(|span| {
                            let Some(k) = KernelFields::read(span) else {
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
                            if d == Decision::Dropped {
                                out_ss.spans.push(span.clone());
                            }
                            d != Decision::Dropped
                        });
                    }
                }
                prune(&mut out);
                if out.span_count() > 0 {
                    dropped.push((out, Origins::default()));
                }
                prune(&mut req);
                (!req.resource_spans.is_empty()).then_some((req, origins))
            })
            .collect();
        (kept, dropped)
    }
}

/// `req` without empty scopes and resources.
fn prune(req: &mut crate::wire::WireRequest) {
    for rs in &mut req.resource_spans {
        rs.scope_spans.retain(|ss| !ss.spans.is_empty());
    }
    req.resource_spans.retain(|rs| !rs.scope_spans.is_empty());
}
