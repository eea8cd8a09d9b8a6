//! PC samples as profiles: the stage between reconcile and export that turns the
//! injector's `gpu.pc_samples` spans of each process and drain period, and the
//! serialized tier's kernel executions that carry their own samples, into one OTLP
//! Profiles request and one pprof profile per process and period, and, where
//! configured, takes the `gpu.pc_samples` spans out of the trace output
//! (`export.profiles_keep_spans: false`). Kernel execution spans are only read: they
//! are the trace, and leave as they came.
//!
//! The receiver is the one place that decides the form: the injector sends its samples
//! once, on the trace wire; what leaves as spans, profiles or pprof files is decided here.

pub mod otlp;
pub mod pprof;
pub mod samples;
#[cfg(test)]
mod tests;

use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message as _;

use crate::reconcile::origin::Origins;
use crate::reconcile::Ready;
use crate::wire::WireResourceSpans;

/// What the stage does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProfileSettings {
    /// Whether profiles are made (a profiles endpoint or a pprof directory is set).
    pub enabled: bool,
    /// Whether the `gpu.pc_samples` spans stay in the trace output.
    pub keep_spans: bool,
    /// Largest encoded OTLP Profiles request per process and period.
    pub max_bytes: usize,
}

/// One process's profile over one period.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodProfile {
    /// The encoded `ExportProfilesServiceRequest`.
    pub request: bytes::Bytes,
    /// The same samples as a gzipped pprof profile.
    pub pprof_gz: Vec<u8>,
    /// Period start (for the file's name).
    pub start_ns: u64,
    /// `profile_id`, hex (for the file's name: unique per process and period).
    pub id: String,
    /// Samples in the profile.
    pub samples: u64,
    /// Samples the byte bound left out.
    pub samples_dropped: u64,
}

/// The stage.
#[derive(Debug)]
pub struct Profiles {
    settings: ProfileSettings,
}

impl Profiles {
    /// A stage with `settings`.
    pub fn new(settings: ProfileSettings) -> Profiles {
        Profiles { settings }
    }

    /// The profiles of `ready`'s PC-sample spans; the spans themselves leave `ready`
    /// when they are not kept, except those of requests the persistent queue accounts
    /// for span by span (as output sampling leaves them).
    pub fn apply(&self, ready: Vec<Ready>) -> (Vec<Ready>, Vec<PeriodProfile>) {
        if !self.settings.enabled {
            return (ready, Vec::new());
        }
        let mut out = Vec::new();
        let ready = ready
            .into_iter()
            .map(|(mut req, origins)| {
                let removable = !self.settings.keep_spans && origins == Origins::default();
                for WireResourceSpans {
                    resource,
                    scope_spans,
                    ..
                } in &mut req.resource_spans
                {
                    for ss in scope_spans.iter_mut() {
                        let spans: Vec<Span> = ss
                            .spans
                            .iter()
                            .filter(|b| carries_samples(b))
                            .filter_map(|b| Span::decode(b.as_ref()).ok())
                            .collect();
                        if spans.is_empty() {
                            continue;
                        }
                        for period in samples::periods(resource.as_ref(), ss.scope.as_ref(), &spans)
                        {
                            out.push(self.profile(&period));
                        }
                        if removable {
                            // Function spans only: an execution is the trace itself.
                            ss.spans.retain(|b| {
                                !(is_pc_samples(b)
                                    && Span::decode(b.as_ref()).is_ok_and(|s| {
                                        samples::pairs_of(&s).is_some_and(|(_, _, source)| {
                                            source == samples::Source::Function
                                        })
                                    }))
                            });
                        }
                    }
                    if removable {
                        scope_spans.retain(|ss| !ss.spans.is_empty());
                    }
                }
                (req, origins)
            })
            .collect();
        (ready, out)
    }

    fn profile(&self, period: &samples::PeriodSamples) -> PeriodProfile {
        let built = otlp::build(period, self.settings.max_bytes);
        let pprof = pprof::profile(&built.kept, period.start_ns, period.end_ns);
        let id = built.request.resource_profiles[0].scope_profiles[0].profiles[0]
            .profile_id
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        PeriodProfile {
            request: built.request.encode_to_vec().into(),
            pprof_gz: pprof::gzipped(&pprof),
            start_ns: period.start_ns,
            id,
            samples: built.kept.iter().map(|p| p.samples).sum(),
            samples_dropped: built.samples_dropped,
        }
    }
}

/// Whether a span on its way out is a PC-sample span, read by its name alone: every
/// other span is passed over without being decoded.
fn is_pc_samples(span: &[u8]) -> bool {
    crate::wire::span_name(span)
        .is_some_and(|n| n.starts_with(semconv::attributes::SPAN_GPU_PC_SAMPLES.as_bytes()))
}

/// Whether a span on its way out may carry PC samples: a PC-sample span (by its name),
/// or any span with `gpu.pc_sampling.pair_pc_offsets` (a serialized execution's own
/// samples), read in one pass over its fields by their keys; nothing else is decoded.
fn carries_samples(span: &[u8]) -> bool {
    use semconv::attributes as a;
    crate::wire::name_and_key(span, a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS.as_bytes())
        .is_some_and(|(name, has)| has || name.starts_with(a::SPAN_GPU_PC_SAMPLES.as_bytes()))
}
