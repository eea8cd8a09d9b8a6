//! Which kernel spans leave, pure: no I/O, no clock. Only kernel executions are ever
//! dropped; window spans, window carriers, trace roots, NVTX ranges and every other span
//! leave, so what is kept keeps its parents. A kernel span leaves when the first rule
//! that holds says so:
//!
//! 1. its `gpu.serialized` is `"true"` (a serialized sampling window touched it) or
//!    `"unknown"`: the evidence the contract is about;
//! 2. its trace is kept whole: a trace (an NVTX step, or the injector's slice) is kept
//!    when its id falls in 1 of `traces_one_in`, decided from the id alone, so every
//!    receiver of the node keeps the same traces;
//! 3. it is a slow outlier of its kernel name: longer than `slow_factor` times the mean
//!    of that name's executions seen before it (once `SLOW_MIN_SEEN` were seen);
//! 4. its span id falls in 1 of `spans_one_in`.
//!
//! Otherwise it is dropped, counted.

use std::collections::HashMap;

/// Executions of a name seen before its slow outliers are told apart.
pub const SLOW_MIN_SEEN: u64 = 16;
/// Kernel names whose running means are kept; past it a new name has no outliers.
pub const SLOW_MAX_NAMES: usize = 16_384;

/// The policy's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Policy {
    /// 1 trace in this many is kept whole.
    pub traces_one_in: u64,
    /// 1 kernel span in this many of the rest is kept.
    pub spans_one_in: u64,
    /// A kernel this many times its name's mean duration is a slow outlier.
    pub slow_factor: f64,
}

/// Why a kernel span leaves, or that it does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// `gpu.serialized` is `"true"`.
    Serialized,
    /// `gpu.serialized` is `"unknown"` (or missing or invalid: never hidden).
    Unknown,
    /// Its trace is kept whole.
    Trace,
    /// A slow outlier of its name.
    Slow,
    /// 1 in `spans_one_in`.
    OneInN,
    /// Dropped.
    Dropped,
}

impl Decision {
    /// Every decision, for counters.
    pub const ALL: [Decision; 6] = [
        Decision::Serialized,
        Decision::Unknown,
        Decision::Trace,
        Decision::Slow,
        Decision::OneInN,
        Decision::Dropped,
    ];

    /// Its label on the metrics.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Serialized => "serialized_true",
            Decision::Unknown => "serialized_unknown",
            Decision::Trace => "trace",
            Decision::Slow => "slow",
            Decision::OneInN => "one_in_n",
            Decision::Dropped => "sampled_out",
        }
    }
}

/// One kernel execution as the policy sees it.
#[derive(Debug, Clone, Copy)]
pub struct Kernel<'a> {
    /// `gpu.kernel.name`.
    pub name: &'a str,
    /// `gpu.serialized` as it leaves (None: absent or not a string).
    pub serialized: Option<&'a str>,
    /// Duration, ns.
    pub duration_ns: u64,
    /// Trace id.
    pub trace_id: &'a [u8],
    /// Span id.
    pub span_id: &'a [u8],
}

/// The last 8 bytes of an id as a number: W3C trace and span ids are random there, and
/// every receiver reads the same number from the same id.
fn id_number(id: &[u8]) -> u64 {
    let tail = &id[id.len().saturating_sub(8)..];
    tail.iter().fold(0u64, |n, b| (n << 8) | u64::from(*b))
}

/// Whether `id` is one in `n` (every id when `n` is 0 or 1).
pub fn one_in(id: &[u8], n: u64) -> bool {
    n <= 1 || id_number(id).is_multiple_of(n)
}

/// The policy with its running means per kernel name.
#[derive(Debug)]
pub struct Sampler {
    policy: Policy,
    /// Per name: executions seen and their mean duration, ns.
    means: HashMap<String, (u64, f64)>,
}

impl Sampler {
    /// A sampler with `policy`.
    pub fn new(policy: Policy) -> Sampler {
        Sampler {
            policy,
            means: HashMap::new(),
        }
    }

    /// Decides for one kernel execution (and learns its duration).
    pub fn decide(&mut self, k: &Kernel<'_>) -> Decision {
        let slow = self.learn(k);
        match k.serialized {
            Some("true") => return Decision::Serialized,
            Some("false") => {}
            _ => return Decision::Unknown,
        }
        if one_in(k.trace_id, self.policy.traces_one_in) {
            Decision::Trace
        } else if slow {
            Decision::Slow
        } else if one_in(k.span_id, self.policy.spans_one_in) {
            Decision::OneInN
        } else {
            Decision::Dropped
        }
    }

    /// Whether `k` is a slow outlier against what came before; then counts it in.
    fn learn(&mut self, k: &Kernel<'_>) -> bool {
        let d = k.duration_ns as f64;
        if !self.means.contains_key(k.name) {
            if self.means.len() >= SLOW_MAX_NAMES {
                return false;
            }
            self.means.insert(k.name.to_string(), (0, 0.0));
        }
        let entry = self.means.get_mut(k.name).expect("inserted above");
        let (seen, mean) = *entry;
        let slow = seen >= SLOW_MIN_SEEN && d > self.policy.slow_factor * mean;
        let seen = seen + 1;
        *entry = (seen, mean + (d - mean) / seen as f64);
        slow
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POLICY: Policy = Policy {
        traces_one_in: 100,
        spans_one_in: 100,
        slow_factor: 4.0,
    };

    /// A trace id that is not 1 in 100, a span id that is not either.
    const TRACE_OUT: [u8; 16] = [7; 16];
    const SPAN_OUT: [u8; 8] = [7; 8];

    fn kernel<'a>(serialized: &'a str, ns: u64, trace: &'a [u8], span: &'a [u8]) -> Kernel<'a> {
        Kernel {
            name: "k",
            serialized: Some(serialized),
            duration_ns: ns,
            trace_id: trace,
            span_id: span,
        }
    }

    #[test]
    fn a_kernel_a_serialized_window_touched_always_leaves() {
        let mut s = Sampler::new(POLICY);
        assert!(!one_in(&TRACE_OUT, 100) && !one_in(&SPAN_OUT, 100));
        let k = kernel("true", 1_000, &TRACE_OUT, &SPAN_OUT);
        assert_eq!(s.decide(&k), Decision::Serialized);
    }

    #[test]
    fn an_unknown_missing_or_invalid_answer_always_leaves() {
        let mut s = Sampler::new(POLICY);
        let mut k = kernel("unknown", 1_000, &TRACE_OUT, &SPAN_OUT);
        assert_eq!(s.decide(&k), Decision::Unknown);
        k.serialized = None;
        assert_eq!(s.decide(&k), Decision::Unknown);
        k.serialized = Some("maybe");
        assert_eq!(s.decide(&k), Decision::Unknown);
    }

    #[test]
    fn a_trace_is_kept_whole_by_its_id_alone_on_every_receiver() {
        let kept_trace = {
            let mut id = [7u8; 16];
            id[8..].copy_from_slice(&700u64.to_be_bytes());
            id
        };
        // Two receivers of the node, different histories: the same answer per trace.
        let (mut a, mut b) = (Sampler::new(POLICY), Sampler::new(POLICY));
        for n in 0..50u8 {
            let span = [n; 8];
            let k = kernel("false", 1_000 + u64::from(n), &kept_trace, &span);
            assert_eq!(a.decide(&k), Decision::Trace);
        }
        let k = kernel("false", 1_000, &kept_trace, &SPAN_OUT);
        assert_eq!(b.decide(&k), Decision::Trace);
        let k = kernel("false", 1_000, &TRACE_OUT, &SPAN_OUT);
        assert_eq!(b.decide(&k), Decision::Dropped);
    }

    #[test]
    fn a_kernel_far_slower_than_its_name_s_mean_leaves_once_enough_were_seen() {
        let mut s = Sampler::new(POLICY);
        // Too early to call anything slow.
        let early = kernel("false", 1_000_000, &TRACE_OUT, &SPAN_OUT);
        assert_eq!(s.decide(&early), Decision::Dropped);
        let mut s = Sampler::new(POLICY);
        for _ in 0..SLOW_MIN_SEEN {
            assert_eq!(
                s.decide(&kernel("false", 1_000, &TRACE_OUT, &SPAN_OUT)),
                Decision::Dropped
            );
        }
        assert_eq!(
            s.decide(&kernel("false", 3_900, &TRACE_OUT, &SPAN_OUT)),
            Decision::Dropped
        );
        assert_eq!(
            s.decide(&kernel("false", 50_000, &TRACE_OUT, &SPAN_OUT)),
            Decision::Slow
        );
        // Another name has its own mean.
        let other = Kernel {
            name: "other",
            ..kernel("false", 50_000, &TRACE_OUT, &SPAN_OUT)
        };
        assert_eq!(s.decide(&other), Decision::Dropped);
    }

    #[test]
    fn one_in_n_of_the_rest_leaves_by_span_id() {
        let mut s = Sampler::new(POLICY);
        let kept = 300u64.to_be_bytes();
        assert_eq!(
            s.decide(&kernel("false", 1_000, &TRACE_OUT, &kept)),
            Decision::OneInN
        );
        let out = 301u64.to_be_bytes();
        assert_eq!(
            s.decide(&kernel("false", 1_000, &TRACE_OUT, &out)),
            Decision::Dropped
        );
        // Over many random-looking ids, about one in a hundred.
        let kept = (0..100_000u64)
            .filter(|i| one_in(&i.wrapping_mul(0x9E37_79B9_7F4A_7C15).to_be_bytes(), 100))
            .count();
        assert!((900..1_100).contains(&kept), "{kept}");
    }

    #[test]
    fn n_of_one_keeps_everything() {
        let mut s = Sampler::new(Policy {
            traces_one_in: 1,
            spans_one_in: 1,
            slow_factor: 4.0,
        });
        assert_eq!(
            s.decide(&kernel("false", 1, &TRACE_OUT, &SPAN_OUT)),
            Decision::Trace
        );
    }
}
