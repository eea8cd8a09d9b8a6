//! The receiver's reconciled view of one burst: a span from the window's start to its
//! end, in the trace of the record that reported it, so a trace UI shows the perturbed
//! interval next to the kernels.

use std::hash::{DefaultHasher, Hash, Hasher};

use opentelemetry_proto::tonic::trace::v1::{span::SpanKind, Span};
use semconv::attributes::{self as a, gpu_sampling_window_state};
use semconv::{codec, otlp, Window};

use super::resource::ResourceKey;

/// Whether the window's close arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WindowState {
    /// Both records arrived.
    Closed,
    /// The close never came by the reconcile deadline.
    Unclosed,
}

impl WindowState {
    fn as_str(self) -> &'static str {
        match self {
            WindowState::Closed => gpu_sampling_window_state::CLOSED,
            WindowState::Unclosed => gpu_sampling_window_state::UNCLOSED,
        }
    }
}

/// The span of window `w` of producer `key`, child of the span that carried its record.
/// Its id is derived from (producer, start, state), so a replayed record yields the same span.
pub fn build(
    key: ResourceKey,
    w: &Window,
    carrier_trace_id: &[u8],
    carrier_span_id: &[u8],
    end_ns: u64,
    state: WindowState,
) -> Span {
    let mut h = DefaultHasher::new();
    (key, w.start_ns, state).hash(&mut h);
    let span_id = h.finish().max(1).to_be_bytes().to_vec();
    // The state, then the record's own attributes (seq, mode, quiet tail, context,
    // device) less its bounds, which are the span's own times.
    let mut attributes = vec![otlp::string(a::GPU_SAMPLING_WINDOW_STATE, state.as_str())];
    attributes.extend(codec::encode(w).into_iter().filter(|kv| {
        kv.key != a::GPU_SAMPLING_WINDOW_START_NS && kv.key != a::GPU_SAMPLING_WINDOW_END_NS
    }));
    Span {
        trace_id: carrier_trace_id.to_vec(),
        span_id,
        parent_span_id: carrier_span_id.to_vec(),
        name: a::SPAN_GPU_SAMPLING_WINDOW.to_string(),
        kind: SpanKind::Internal as i32,
        start_time_unix_nano: w.start_ns,
        end_time_unix_nano: end_ns.max(w.start_ns),
        attributes,
        ..Default::default()
    }
}
