//! The reconciler over a fake clock: each test states one rule.

use prost::Message;
use semconv::{SamplingMode, Serialized, Tier, Window};

use super::*;
use crate::fixtures::{self, kernel, plain, request, resource, spans_of, window_carrier};

const KS: SamplingMode = SamplingMode::KernelSerialized;
const SECOND: u64 = 1_000_000_000;

fn reconciler() -> Reconciler {
    Reconciler::new(ReconcileConfig::default())
}

fn serialized() -> Resource {
    resource("app", 42, Some(Tier::Serialized))
}

fn answers(out: &[ExportTraceServiceRequest]) -> Vec<(String, Option<String>)> {
    spans_of(out)
        .iter()
        .map(|(_, s)| {
            (
                s.name.clone(),
                fixtures::serialized_of(s).map(str::to_string),
            )
        })
        .collect()
}

fn kernel_answers(out: &[ExportTraceServiceRequest]) -> Vec<String> {
    spans_of(out)
        .iter()
        .filter(|(_, s)| is_kernel(s))
        .map(|(_, s)| fixtures::serialized_of(s).unwrap().to_string())
        .collect()
}

fn assert_balanced(r: &Reconciler) {
    let o = r.counters().outcomes;
    assert!(o.is_balanced(), "{o:?}");
}

#[test]
fn a_serialized_tier_kernel_with_no_evidence_is_held_then_leaves_unknown_at_the_deadline() {
    let mut r = reconciler();
    let (report, out) = r.ingest(request(serialized(), vec![kernel(1, 100, 200, None)]), 0);
    assert!(report.is_clean() && out.is_empty());
    assert_eq!(r.held(), 1);
    assert!(r.tick(SECOND).is_empty(), "held until the deadline");
    let out = r.tick(2 * SECOND);
    assert_eq!(kernel_answers(&out), ["unknown"]);
    assert_eq!(
        (
            r.held(),
            r.counters().released_deadline,
            r.counters().repaired_missing
        ),
        (0, 1, 1)
    );
    assert_balanced(&r);
}

#[test]
fn a_held_kernel_leaves_as_soon_as_a_later_window_settles_it() {
    let mut r = reconciler();
    r.ingest(
        request(
            serialized(),
            vec![window_carrier(1, &[Window::open(1000, 1, KS)])],
        ),
        0,
    );
    let (_, out) = r.ingest(
        request(
            serialized(),
            vec![
                kernel(1, 1200, 1300, Some(Serialized::True)),
                kernel(2, 2500, 2600, Some(Serialized::False)),
            ],
        ),
        1,
    );
    assert!(
        kernel_answers(&out).is_empty(),
        "an open window settles nothing"
    );
    let closes = vec![window_carrier(
        2,
        &[Window::closed(1000, 2000, 1, KS), Window::open(3000, 2, KS)],
    )];
    let (_, out) = r.ingest(request(serialized(), closes), 2);
    assert_eq!(kernel_answers(&out), ["true", "false"]);
    assert_eq!(
        (
            r.counters().released_settled,
            r.counters().agreements,
            r.held()
        ),
        (2, 2, 0)
    );
    assert_balanced(&r);
}

#[test]
fn kernels_of_other_tiers_leave_at_once_as_false_whatever_windows_arrive() {
    for tier in [Tier::Off, Tier::Continuous] {
        let mut r = reconciler();
        let res = resource("app", 1, Some(tier));
        let spans = vec![
            window_carrier(1, &[Window::closed(0, 10_000, 1, KS)]),
            kernel(1, 100, 200, None),
            kernel(2, 300, 400, Some(Serialized::False)),
        ];
        let (_, out) = r.ingest(request(res, spans), 0);
        assert_eq!(kernel_answers(&out), ["false", "false"], "{tier}");
        assert_eq!(r.held(), 0);
        assert_eq!(
            r.counters().outcomes.serialized + r.counters().outcomes.unknown,
            0
        );
        assert_eq!(r.store_counters().received, 1, "windows are still counted");
        assert_balanced(&r);
    }
}

#[test]
fn a_burst_reconciles_to_one_closed_window_span_in_either_delivery_order() {
    for closed_first in [false, true] {
        let mut r = reconciler();
        let (open, closed) = (Window::open(1000, 1, KS), Window::closed(1000, 2000, 1, KS));
        let order = if closed_first {
            [closed, open]
        } else {
            [open, closed]
        };
        let mut out = Vec::new();
        for (i, w) in order.iter().enumerate() {
            out.extend(
                r.ingest(
                    request(serialized(), vec![window_carrier(i as u64, &[*w])]),
                    i as u64,
                )
                .1,
            );
        }
        out.extend(r.tick(10 * SECOND));
        let windows: Vec<_> = spans_of(&out)
            .into_iter()
            .filter(|(_, s)| s.name == "gpu.sampling.window")
            .collect();
        assert_eq!(windows.len(), 1, "closed first: {closed_first}");
        let w = windows[0].1;
        assert_eq!((w.start_time_unix_nano, w.end_time_unix_nano), (1000, 2000));
        assert_eq!(
            semconv::otlp::get_str(&w.attributes, a::GPU_SAMPLING_WINDOW_STATE),
            Some("closed")
        );
        assert_eq!(
            w.trace_id,
            fixtures::trace_id(1),
            "in the trace of its records"
        );
        assert_eq!(r.windows(), (1, 0));
    }
}

#[test]
fn an_open_window_never_closed_yields_an_unclosed_window_span_and_unknown_kernels() {
    let mut r = reconciler();
    let spans = vec![window_carrier(
        1,
        &[Window::closed(1000, 2000, 1, KS), Window::open(4000, 2, KS)],
    )];
    r.ingest(request(serialized(), spans), 0);
    let (_, out) = r.ingest(
        request(
            serialized(),
            vec![
                kernel(1, 2500, 3000, None),
                kernel(2, 4500, 5000, Some(Serialized::Unknown)),
            ],
        ),
        1,
    );
    assert_eq!(
        kernel_answers(&out),
        ["false"],
        "the gap before the open start is proven"
    );
    let out = r.tick(3 * SECOND);
    let unclosed: Vec<_> = spans_of(&out)
        .into_iter()
        .filter(|(_, s)| s.name == "gpu.sampling.window")
        .collect();
    assert_eq!(unclosed.len(), 1);
    assert_eq!(
        semconv::otlp::get_str(&unclosed[0].1.attributes, a::GPU_SAMPLING_WINDOW_STATE),
        Some("unclosed")
    );
    assert_eq!(
        unclosed[0].1.end_time_unix_nano, 5000,
        "unknown reaches the latest kernel seen"
    );
    assert_eq!(kernel_answers(&out), ["unknown"]);
    assert_eq!(r.counters().window_spans_unclosed, 1);
    assert_balanced(&r);
}

#[test]
fn a_false_stamp_contradicted_by_a_closed_window_leaves_as_true_and_is_counted() {
    let mut r = reconciler();
    let spans = vec![
        window_carrier(1, &[Window::closed(1000, 2000, 1, KS)]),
        kernel(1, 1500, 1600, Some(Serialized::False)),
    ];
    let (_, out) = r.ingest(request(serialized(), spans), 0);
    assert_eq!(kernel_answers(&out), ["true"]);
    assert_eq!(r.counters().conflicts, 1);
    assert_balanced(&r);
}

#[test]
fn an_invalid_stamp_is_replaced_by_the_verdict_and_reported() {
    let mut r = reconciler();
    let mut k = kernel(1, 100, 200, None);
    k.attributes
        .push(semconv::otlp::boolean(a::GPU_SERIALIZED, false));
    let (report, out) = r.ingest(request(resource("app", 1, Some(Tier::Off)), vec![k]), 0);
    assert_eq!(kernel_answers(&out), ["false"]);
    assert_eq!(
        spans_of(&out)[0]
            .1
            .attributes
            .iter()
            .filter(|kv| kv.key == a::GPU_SERIALIZED)
            .count(),
        1
    );
    assert!(
        report
            .error_message()
            .contains("gpu.serialized must be a string, got a boolean"),
        "{}",
        report.error_message()
    );
    assert_eq!(report.rejected_spans, 0, "the span is kept");
    assert_eq!(r.counters().repaired_invalid, 1);
}

#[test]
fn non_gpu_spans_pass_through_byte_for_byte() {
    let mut r = reconciler();
    let original = request(
        serialized(),
        vec![plain(1), kernel(2, 1, 2, None), plain(3)],
    );
    let (_, out) = r.ingest(original.clone(), 0);
    let passed: Vec<_> = spans_of(&out)
        .into_iter()
        .map(|(_, s)| s.encode_to_vec())
        .collect();
    assert_eq!(passed, [plain(1).encode_to_vec(), plain(3).encode_to_vec()]);
    assert_eq!(
        out[0].resource_spans[0].resource,
        original.resource_spans[0].resource
    );
    assert_eq!(
        out[0].resource_spans[0].scope_spans[0].scope,
        original.resource_spans[0].scope_spans[0].scope
    );
}

#[test]
fn malformed_spans_are_rejected_and_every_valid_span_is_kept() {
    let mut r = reconciler();
    let mut bad = plain(1);
    bad.trace_id = vec![1, 2, 3];
    let mut zero = plain(2);
    zero.span_id = vec![0; 8];
    let (report, out) = r.ingest(
        request(
            resource("app", 1, Some(Tier::Off)),
            vec![bad, plain(3), zero, kernel(4, 1, 2, None)],
        ),
        0,
    );
    assert_eq!(report.rejected_spans, 2);
    assert!(report.error_message().contains("trace_id must be 16 bytes"));
    assert_eq!(spans_of(&out).len(), 2);
    assert_eq!(r.counters().spans_rejected, 2);
}

#[test]
fn an_inverted_window_is_refused_with_a_clear_error_and_its_carrier_kept() {
    let mut r = reconciler();
    let carrier = window_carrier(1, &[Window::closed(5000, 1000, 1, KS)]);
    let (report, out) = r.ingest(request(serialized(), vec![carrier.clone()]), 0);
    assert!(
        report
            .error_message()
            .contains("inverted window: end_ns 1000 is before start_ns 5000"),
        "{}",
        report.error_message()
    );
    assert_eq!(spans_of(&out).len(), 1);
    assert_eq!(spans_of(&out)[0].1.encode_to_vec(), carrier.encode_to_vec());
    assert_eq!(
        (r.windows(), r.counters().window_records_malformed),
        ((0, 0), 1)
    );
}

#[test]
fn a_full_hold_releases_the_oldest_early_with_its_current_answer() {
    let mut r = Reconciler::new(ReconcileConfig {
        max_held_spans: 2,
        ..ReconcileConfig::default()
    });
    let mut out = Vec::new();
    for i in 0..5 {
        out.extend(
            r.ingest(
                request(serialized(), vec![kernel(i, 100 + i, 200 + i, None)]),
                i,
            )
            .1,
        );
    }
    assert_eq!(r.held(), 2);
    assert_eq!(r.counters().released_early, 3);
    let first: Vec<_> = spans_of(&out)
        .iter()
        .map(|(_, s)| s.start_time_unix_nano)
        .collect();
    assert_eq!(first, [100, 101, 102], "oldest first");
    assert_balanced(&r);
}

#[test]
fn drain_releases_everything_held_and_closes_pending_windows() {
    let mut r = reconciler();
    r.ingest(
        request(
            serialized(),
            vec![
                window_carrier(1, &[Window::open(50, 1, KS)]),
                kernel(1, 100, 200, None),
                kernel(2, 300, 400, None),
            ],
        ),
        0,
    );
    let out = r.drain();
    assert_eq!(kernel_answers(&out), ["unknown", "unknown"]);
    assert_eq!(
        answers(&out)
            .iter()
            .filter(|(n, _)| n == "gpu.sampling.window")
            .count(),
        1
    );
    assert_eq!((r.held(), r.counters().released_shutdown), (0, 2));
    assert_balanced(&r);
}

#[test]
fn with_nothing_lost_stamp_and_verdict_agree_on_every_execution() {
    let mut r = reconciler();
    let bursts = [(1000, 2000), (5000, 6000), (9000, 10_000)];
    let mut store = semconv::WindowStore::new(semconv::StoreLimits::default());
    let mut records = Vec::new();
    for (i, (s, e)) in bursts.iter().enumerate() {
        let seq = i as u64 + 1;
        records.push(Window::open(*s, seq, KS));
        records.push(Window::closed(*s, *e, seq, KS));
        store.insert(&0u8, Window::closed(*s, *e, seq, KS)).unwrap();
    }
    // The producer stamps from its complete local log, with the same classification.
    let kernels: Vec<_> = (0..60u64)
        .map(|i| {
            let s = i * 150;
            let stamp = store.classify(Tier::Serialized, &0u8, s, s + 100);
            kernel(i, s, s + 100, Some(stamp))
        })
        .collect();
    let mut spans = vec![window_carrier(1, &records)];
    spans.extend(kernels);
    let mut out = r.ingest(request(serialized(), spans), 0).1;
    out.extend(r.tick(10 * SECOND));
    let c = r.counters();
    assert_eq!((c.agreements, c.disagreements, c.conflicts), (60, 0, 0));
    assert_eq!(kernel_answers(&out).len(), 60);
    assert_balanced(&r);
}

#[test]
fn an_empty_request_is_clean_and_balanced() {
    let mut r = reconciler();
    let (report, out) = r.ingest(ExportTraceServiceRequest::default(), 0);
    assert!(report.is_clean() && out.is_empty());
    assert_balanced(&r);
}
