//! The reconciler over a fake clock: each test states one rule.

use prost::Message;
use semconv::{SamplingMode, Serialized, Tier, Window};

use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::Span;

use super::prepared::IngestReport;
use super::*;
use crate::fixtures::{self, kernel, plain, request, resource, spans_of, window_carrier};

const KS: SamplingMode = SamplingMode::KernelSerialized;
const SECOND: u64 = 1_000_000_000;

/// Ingests `req` at `now`: what its sender is told (decided by the request alone) and
/// the requests released, decoded.
fn ingest(
    r: &mut Reconciler,
    req: impl Into<Prepared>,
    now: u64,
) -> (IngestReport, Vec<ExportTraceServiceRequest>) {
    let prepared = req.into();
    let report = prepared.report().clone();
    (report, decoded(r.ingest(prepared, now)))
}

/// The requests released at `now`, decoded.
fn tick(r: &mut Reconciler, now: u64) -> Vec<ExportTraceServiceRequest> {
    decoded(r.tick(now))
}

/// Everything released at shutdown, decoded.
fn drain(r: &mut Reconciler) -> Vec<ExportTraceServiceRequest> {
    decoded(r.drain())
}

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

fn is_kernel(span: &Span) -> bool {
    span.attributes
        .iter()
        .any(|kv| kv.key == a::GPU_KERNEL_NAME || kv.key == a::GPU_SERIALIZED)
}

fn kernel_answers(out: &[ExportTraceServiceRequest]) -> Vec<String> {
    spans_of(out)
        .iter()
        .filter(|(_, s)| is_kernel(s))
        .map(|(_, s)| fixtures::serialized_of(s).unwrap().to_string())
        .collect()
}

/// The sum identity, checked from three places apart: the counters, what entered
/// against what is held and what left, and a tally of the exported spans themselves
/// (every `gpu.serialized` value they carry). `out` is everything exported so far.
fn balance(
    c: &ReconcileCounters,
    held: usize,
    out: &[ExportTraceServiceRequest],
) -> Result<(), String> {
    let o = c.outcomes;
    if !o.is_balanced() {
        return Err(format!("the counters do not balance: {o:?}"));
    }
    let mut tally = Outcomes::default();
    let mut spans_out = 0;
    for (_, s) in spans_of(out).into_iter().filter(|(_, s)| is_kernel(s)) {
        spans_out += 1;
        let n = executions_of(s);
        tally.count_executions(n);
        for kv in s.attributes.iter().filter(|kv| kv.key == a::GPU_SERIALIZED) {
            if let Some(v) = Stamp::read(std::slice::from_ref(kv)).valid() {
                tally.count_answers(v, n);
            }
        }
    }
    if c.kernel_spans != spans_out + held as u64 {
        return Err(format!(
            "{} kernel spans in, {spans_out} out and {held} held",
            c.kernel_spans
        ));
    }
    if tally != o {
        return Err(format!("counted {o:?} but the spans carry {tally:?}"));
    }
    Ok(())
}

/// The executions a kernel span stands for: one, or a graph launch's kernel nodes (none
/// when unknown).
fn executions_of(s: &Span) -> u64 {
    if s.name != a::SPAN_GPU_GRAPH_LAUNCH {
        return 1;
    }
    semconv::otlp::get_int(&s.attributes, a::GPU_GRAPH_KERNEL_NODES)
        .and_then(|n| u64::try_from(n).ok())
        .unwrap_or(0)
}

fn assert_balanced(r: &Reconciler, out: &[ExportTraceServiceRequest]) {
    if let Err(why) = balance(&r.counters(), r.held(), out) {
        panic!("{why}");
    }
}

#[test]
fn a_serialized_tier_kernel_with_no_evidence_is_held_then_leaves_unknown_at_the_deadline() {
    let mut r = reconciler();
    let (report, out) = ingest(
        &mut r,
        request(serialized(), vec![kernel(1, 100, 200, None)]),
        0,
    );
    assert!(report.is_clean() && out.is_empty());
    assert_eq!(r.held(), 1);
    assert!(tick(&mut r, SECOND).is_empty(), "held until the deadline");
    let out = tick(&mut r, 2 * SECOND);
    assert_eq!(kernel_answers(&out), ["unknown"]);
    assert_eq!(
        (
            r.held(),
            r.counters().released_deadline,
            r.counters().repaired_missing
        ),
        (0, 1, 1)
    );
    assert_balanced(&r, &out);
}

#[test]
fn a_held_kernel_leaves_as_soon_as_a_later_window_settles_it() {
    let mut r = reconciler();
    ingest(
        &mut r,
        request(
            serialized(),
            vec![window_carrier(1, &[Window::open(1000, 1, KS)])],
        ),
        0,
    );
    let (_, out) = ingest(
        &mut r,
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
    let (_, out) = ingest(&mut r, request(serialized(), closes), 2);
    assert_eq!(kernel_answers(&out), ["true", "false"]);
    assert_eq!(
        (
            r.counters().released_settled,
            r.counters().agreements,
            r.held()
        ),
        (2, 2, 0)
    );
    assert_balanced(&r, &out);
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
        let (_, out) = ingest(&mut r, request(res, spans), 0);
        assert_eq!(kernel_answers(&out), ["false", "false"], "{tier}");
        assert_eq!(r.held(), 0);
        assert_eq!(
            r.counters().outcomes.serialized + r.counters().outcomes.unknown,
            0
        );
        assert_eq!(r.store_counters().received, 1, "windows are still counted");
        assert_balanced(&r, &out);
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
                ingest(
                    &mut r,
                    request(serialized(), vec![window_carrier(i as u64, &[*w])]),
                    i as u64,
                )
                .1,
            );
        }
        out.extend(tick(&mut r, 10 * SECOND));
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
    ingest(&mut r, request(serialized(), spans), 0);
    let (_, out) = ingest(
        &mut r,
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
    let early = out;
    let out = tick(&mut r, 3 * SECOND);
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
    assert_balanced(&r, &[early, out].concat());
}

#[test]
fn a_false_stamp_contradicted_by_a_closed_window_leaves_as_true_and_is_counted() {
    let mut r = reconciler();
    let spans = vec![
        window_carrier(1, &[Window::closed(1000, 2000, 1, KS)]),
        kernel(1, 1500, 1600, Some(Serialized::False)),
    ];
    let (_, out) = ingest(&mut r, request(serialized(), spans), 0);
    assert_eq!(kernel_answers(&out), ["true"]);
    assert_eq!(r.counters().conflicts, 1);
    assert_balanced(&r, &out);
}

#[test]
fn an_invalid_stamp_is_replaced_by_the_verdict_and_reported() {
    let mut r = reconciler();
    let mut k = kernel(1, 100, 200, None);
    k.attributes
        .push(semconv::otlp::boolean(a::GPU_SERIALIZED, false));
    let (report, out) = ingest(
        &mut r,
        request(resource("app", 1, Some(Tier::Off)), vec![k]),
        0,
    );
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
fn nvtx_range_spans_pass_through_byte_for_byte_and_are_not_kernel_spans() {
    let mut r = reconciler();
    let outer = fixtures::nvtx_range(1, None, "step 3");
    let inner = fixtures::nvtx_range(2, Some(1), "aten::linear");
    let mut k = kernel(3, 1_500, 1_600, Some(Serialized::False));
    k.trace_id = inner.trace_id.clone();
    k.parent_span_id = inner.span_id.clone();
    let (_, out) = ingest(
        &mut r,
        request(
            resource("app", 42, Some(Tier::Off)),
            vec![outer.clone(), k.clone(), inner.clone()],
        ),
        0,
    );
    let passed: Vec<_> = spans_of(&out)
        .into_iter()
        .map(|(_, s)| s.encode_to_vec())
        .collect();
    assert_eq!(
        passed,
        [
            outer.encode_to_vec(),
            k.encode_to_vec(),
            inner.encode_to_vec()
        ],
        "nothing is held or changed under tier off"
    );
    assert_eq!(r.counters().kernel_spans, 1, "only the kernel is one");
    assert_balanced(&r, &out);
    // Under the serialized tier the kernel waits for evidence; the ranges do not.
    let mut r = reconciler();
    let (_, out) = ingest(
        &mut r,
        request(serialized(), vec![outer.clone(), k, inner.clone()]),
        0,
    );
    let passed: Vec<_> = spans_of(&out)
        .into_iter()
        .map(|(_, s)| s.encode_to_vec())
        .collect();
    assert_eq!(passed, [outer.encode_to_vec(), inner.encode_to_vec()]);
    assert_eq!(r.held(), 1);
}

#[test]
fn unrecorded_kernel_spans_pass_through_byte_for_byte_and_their_counts_are_summed() {
    let mut r = reconciler();
    let mut impostor = plain(4);
    impostor.attributes.push(semconv::otlp::int(
        semconv::attributes::GPU_KERNEL_UNRECORDED_COUNT,
        1_000,
    ));
    let mut not_an_int = fixtures::unrecorded(5, 0);
    not_an_int.attributes[0] =
        semconv::otlp::string(semconv::attributes::GPU_KERNEL_UNRECORDED_COUNT, "9");
    let sent = vec![
        fixtures::unrecorded(1, 7),
        kernel(2, 1, 2, Some(Serialized::False)),
        fixtures::unrecorded(3, 400_000),
        impostor.clone(),
        not_an_int.clone(),
    ];
    let (_, out) = ingest(
        &mut r,
        request(resource("app", 42, Some(Tier::Off)), sent.clone()),
        0,
    );
    let passed: Vec<_> = spans_of(&out)
        .into_iter()
        .map(|(_, s)| s.encode_to_vec())
        .collect();
    let sent: Vec<_> = sent.iter().map(|s| s.encode_to_vec()).collect();
    assert_eq!(passed, sent);
    let c = r.counters();
    assert_eq!(
        (c.kernel_executions_unrecorded, c.kernel_spans),
        (400_007, 1),
        "only gpu.kernels.unrecorded spans with an integer count add, and none is a kernel span"
    );
    assert_balanced(&r, &out);
}

#[test]
fn graph_launch_spans_always_leave_with_gpu_serialized_and_count_as_their_kernel_nodes() {
    let mut r = reconciler();
    let mut string_nodes = fixtures::graph_launch(5, 10, 20, None, Some(Serialized::False));
    string_nodes
        .attributes
        .push(semconv::otlp::string(a::GPU_GRAPH_KERNEL_NODES, "198"));
    let sent = vec![
        fixtures::graph_launch(1, 10, 20, Some(198), Some(Serialized::False)),
        fixtures::graph_launch(2, 30, 40, Some(40), None), // stamp missing
        fixtures::graph_launch(3, 50, 60, None, Some(Serialized::False)), // size unknown
        kernel(4, 70, 80, Some(Serialized::False)),
        string_nodes,
    ];
    let (report, out) = ingest(
        &mut r,
        request(resource("app", 42, Some(Tier::Off)), sent),
        0,
    );
    assert_eq!(
        kernel_answers(&out),
        ["false"; 5],
        "every one carries the answer"
    );
    let c = r.counters();
    assert_eq!(c.kernel_spans, 5);
    assert_eq!(
        (c.graph_launch_spans, c.graph_launch_spans_unknown_size),
        (4, 2)
    );
    assert_eq!(
        c.outcomes.executions,
        198 + 40 + 1,
        "unknown sizes count none"
    );
    assert_eq!(c.outcomes.not_serialized, 198 + 40 + 1);
    assert_eq!(c.repaired_missing, 1);
    let told = report.error_message();
    assert!(
        told.contains(a::GPU_GRAPH_KERNEL_NODES) && told.contains("unknown size"),
        "{told}"
    );
    assert_balanced(&r, &out);
}

#[test]
fn a_serialized_tier_graph_launch_without_evidence_is_held_like_a_kernel_and_leaves_unknown() {
    let mut r = reconciler();
    let (_, out) = ingest(
        &mut r,
        request(
            serialized(),
            vec![fixtures::graph_launch(1, 100, 200, Some(198), None)],
        ),
        0,
    );
    assert!(out.is_empty());
    assert_eq!(r.held(), 1);
    let out = tick(&mut r, 2 * SECOND);
    assert_eq!(kernel_answers(&out), ["unknown"]);
    let c = r.counters();
    assert_eq!((c.outcomes.unknown, c.outcomes.executions), (198, 198));
    assert_balanced(&r, &out);
}

#[test]
fn non_gpu_spans_pass_through_byte_for_byte() {
    let mut r = reconciler();
    let original = request(
        serialized(),
        vec![plain(1), kernel(2, 1, 2, None), plain(3)],
    );
    let (_, out) = ingest(&mut r, original.clone(), 0);
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
    let (report, out) = ingest(
        &mut r,
        request(
            resource("app", 1, Some(Tier::Off)),
            vec![bad, plain(3), zero, kernel(4, 1, 2, None)],
        ),
        0,
    );
    assert_eq!(report.rejected_spans, 2);
    assert!(report.error_message().contains("trace_id must be 16 bytes"));
    assert!(report.error_message().contains("got 3 bytes"));
    // An id of the right length is wrong for being zero, and the message says so.
    assert!(report
        .error_message()
        .contains("span_id must be 8 bytes and not all zero, got all 8 bytes zero"));
    assert_eq!(spans_of(&out).len(), 2);
    assert_eq!(r.counters().spans_rejected, 2);
}

#[test]
fn an_inverted_window_is_refused_with_a_clear_error_and_its_carrier_kept() {
    let mut r = reconciler();
    let carrier = window_carrier(1, &[Window::closed(5000, 1000, 1, KS)]);
    let (report, out) = ingest(&mut r, request(serialized(), vec![carrier.clone()]), 0);
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
            ingest(
                &mut r,
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
    assert_balanced(&r, &out);
}

#[test]
fn the_hold_is_bounded_in_bytes_and_a_large_span_makes_room_by_releasing_the_oldest() {
    // Each span comes in a request of its own: its resource and scope are held with it.
    let contexts = {
        let req = request(serialized(), vec![]);
        let rs = &req.resource_spans[0];
        // As the reconciler keeps them: clones, no spare capacity.
        std::mem::size_of::<ResourceCtx>()
            + crate::wire::resource_bytes(rs.resource.clone().as_ref())
            + std::mem::size_of::<ScopeCtx>()
            + crate::wire::scope_bytes(rs.scope_spans[0].scope.clone().as_ref())
    };
    let cost = |s: &Span| crate::wire::encode_span(s).len() + HELD_OVERHEAD + contexts;
    let small = |i: u64| kernel(i, 100 + i, 200 + i, None);
    let mut large = kernel(9, 900, 1000, None);
    large.name = "x".repeat(4 * cost(&small(0)));
    let mut r = Reconciler::new(ReconcileConfig {
        max_held_bytes: 4 * cost(&small(0)),
        ..ReconcileConfig::default()
    });
    let mut out = Vec::new();
    for i in 0..4 {
        out.extend(ingest(&mut r, request(serialized(), vec![small(i)]), i).1);
    }
    assert_eq!((r.held(), r.counters().released_early), (4, 0), "4 fit");
    assert_eq!(r.held_bytes(), 4 * cost(&small(0)));
    out.extend(ingest(&mut r, request(serialized(), vec![small(4)]), 4).1);
    assert_eq!(
        (r.held(), r.counters().released_early),
        (4, 1),
        "one out, one in"
    );
    // Larger than all the rest together: everything leaves, and it is not held either.
    out.extend(ingest(&mut r, request(serialized(), vec![large.clone()]), 5).1);
    assert_eq!((r.held(), r.held_bytes()), (0, 0));
    assert_eq!(r.counters().released_early, 6);
    let starts: Vec<_> = spans_of(&out)
        .iter()
        .map(|(_, s)| s.start_time_unix_nano)
        .collect();
    assert_eq!(starts, [100, 101, 102, 103, 104, 900], "oldest first");
    assert_balanced(&r, &out);
}

#[test]
fn drain_releases_everything_held_and_closes_pending_windows() {
    let mut r = reconciler();
    ingest(
        &mut r,
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
    let out = drain(&mut r);
    assert_eq!(kernel_answers(&out), ["unknown", "unknown"]);
    assert_eq!(
        answers(&out)
            .iter()
            .filter(|(n, _)| n == "gpu.sampling.window")
            .count(),
        1
    );
    assert_eq!((r.held(), r.counters().released_shutdown), (0, 2));
    assert_balanced(&r, &out);
}

/// The ground truth of a producer with nothing lost, from its burst intervals alone
/// (no store, no `classify`): "true" if `[s, e]` touches a burst (bounds inclusive),
/// "false" between the first burst's start and the last burst's end, else "unknown".
fn ground_truth(bursts: &[(u64, u64)], s: u64, e: u64) -> Serialized {
    if bursts.iter().any(|&(bs, be)| s <= be && e >= bs) {
        Serialized::True
    } else if s >= bursts[0].0 && e <= bursts[bursts.len() - 1].1 {
        Serialized::False
    } else {
        Serialized::Unknown
    }
}

/// Sends three bursts and 60 kernels stamped by `stamp_of`; returns the counters.
fn agreement_run(stamp_of: impl Fn(u64, u64) -> Serialized) -> (ReconcileCounters, Vec<String>) {
    let mut r = reconciler();
    let mut records = Vec::new();
    for (i, (s, e)) in BURSTS.iter().enumerate() {
        let seq = i as u64 + 1;
        records.push(Window::open(*s, seq, KS));
        records.push(Window::closed(*s, *e, seq, KS));
    }
    let mut spans = vec![window_carrier(1, &records)];
    spans.extend((0..60u64).map(|i| {
        let s = i * 150;
        kernel(i, s, s + 100, Some(stamp_of(s, s + 100)))
    }));
    let mut out = ingest(&mut r, request(serialized(), spans), 0).1;
    out.extend(tick(&mut r, 10 * SECOND));
    assert_balanced(&r, &out);
    (r.counters(), kernel_answers(&out))
}

const BURSTS: [(u64, u64); 3] = [(1000, 2000), (5000, 6000), (9000, 10_000)];

#[test]
fn with_nothing_lost_stamp_and_verdict_agree_on_every_execution() {
    let (c, answers) = agreement_run(|s, e| ground_truth(&BURSTS, s, e));
    assert_eq!((c.agreements, c.disagreements, c.conflicts), (60, 0, 0));
    assert_eq!(answers.len(), 60);
    // Hand-checked points of the model, so the model itself is pinned.
    assert_eq!(ground_truth(&BURSTS, 800, 900), Serialized::Unknown);
    assert_eq!(ground_truth(&BURSTS, 900, 1000), Serialized::True);
    assert_eq!(ground_truth(&BURSTS, 1950, 2050), Serialized::True);
    assert_eq!(ground_truth(&BURSTS, 2100, 2200), Serialized::False);
    assert_eq!(ground_truth(&BURSTS, 9900, 10_000), Serialized::True);
    assert_eq!(ground_truth(&BURSTS, 10_050, 10_150), Serialized::Unknown);
    assert_eq!(
        answers.iter().filter(|a| *a == "true").count(),
        16,
        "by hand: 8 kernels touch each of the first two bursts; all end before the third"
    );
}

#[test]
fn the_agreement_check_catches_a_producer_stamp_that_differs_from_the_truth() {
    // Planted: one execution stamped "true" where the truth is "false", one "false"
    // where it is "true". The receiver must count a disagreement and a conflict.
    let (c, _) = agreement_run(|s, e| match s {
        2100 => Serialized::True,
        1500 => Serialized::False,
        _ => ground_truth(&BURSTS, s, e),
    });
    assert_eq!((c.agreements, c.disagreements, c.conflicts), (58, 1, 1));
}

#[test]
fn the_balance_check_fails_on_an_uncounted_span_a_lost_span_and_a_double_answer() {
    let mut r = reconciler();
    let (_, out) = ingest(
        &mut r,
        request(
            resource("app", 1, Some(Tier::Off)),
            vec![kernel(1, 1, 2, None), kernel(2, 3, 4, None)],
        ),
        0,
    );
    assert_eq!(balance(&r.counters(), r.held(), &out), Ok(()));
    // A kernel span that left without being counted.
    let mut extra = out.clone();
    extra.extend(out.clone());
    assert!(balance(&r.counters(), r.held(), &extra).is_err());
    // A kernel span that entered but neither left nor is held.
    let mut lost = r.counters();
    lost.kernel_spans += 1;
    assert!(balance(&lost, r.held(), &out).is_err());
    // A span that left carrying two answers.
    let mut doubled = out.clone();
    doubled[0].resource_spans[0].scope_spans[0].spans[0]
        .attributes
        .push(semconv::otlp::string(a::GPU_SERIALIZED, "true"));
    assert!(balance(&r.counters(), r.held(), &doubled).is_err());
}

#[test]
fn an_empty_request_is_clean_and_balanced() {
    let mut r = reconciler();
    let (report, out) = ingest(&mut r, ExportTraceServiceRequest::default(), 0);
    assert!(report.is_clean() && out.is_empty());
    assert_balanced(&r, &out);
}

// ---- Regressions of the window store under a flood of producers (each failed on the code before its fix). ----

fn junk_resources(n: u64) -> ExportTraceServiceRequest {
    // One request, many resources, one window each: what a flood of short-lived
    // producers (every injector run is a new service.instance.id) looks like.
    let mut req = ExportTraceServiceRequest::default();
    for i in 0..n {
        let one = request(
            resource("junk", 10_000 + i as i64, Some(Tier::Serialized)),
            vec![window_carrier(i, &[Window::closed(1, 2, 1, KS)])],
        );
        req.resource_spans.extend(one.resource_spans);
    }
    req
}

#[test]
fn a_producer_after_the_process_limit_is_still_reconciled() {
    let mut r = reconciler();
    ingest(&mut r, junk_resources(256), 0);
    let spans = vec![
        window_carrier(1, &[Window::closed(1000, 2000, 1, KS)]),
        kernel(1, 1500, 1600, Some(Serialized::False)),
    ];
    let (report, out) = ingest(&mut r, request(serialized(), spans), 1);
    assert!(report.is_clean(), "{}", report.error_message());
    assert_eq!(kernel_answers(&out), ["true"]);
    assert_eq!(r.counters().conflicts, 1);
    assert_eq!(
        r.store_counters().processes_evicted,
        1,
        "the least recently used"
    );
    assert_eq!(r.store_counters().refused_processes, 0);
    assert_balanced(&r, &out);
}

#[test]
fn a_false_stamp_over_a_producer_evicted_after_sending_its_windows_reads_unknown() {
    let mut r = reconciler();
    ingest(
        &mut r,
        request(
            serialized(),
            vec![window_carrier(1, &[Window::closed(1000, 2000, 1, KS)])],
        ),
        0,
    );
    ingest(&mut r, junk_resources(256), 1);
    let (_, out) = ingest(
        &mut r,
        request(
            serialized(),
            vec![kernel(1, 1500, 1600, Some(Serialized::False))],
        ),
        2,
    );
    let mut out = out;
    out.extend(tick(&mut r, 10 * SECOND));
    assert_eq!(kernel_answers(&out), ["unknown"]);
    assert_eq!(r.counters().unverifiable, 1);
    assert_eq!(r.store_counters().processes_evicted, 1);
    assert_balanced(&r, &out);
}

#[test]
fn a_false_stamp_over_an_evicted_window_reads_unknown() {
    let mut r = Reconciler::new(ReconcileConfig {
        store: semconv::StoreLimits {
            max_windows_per_process: 2,
            ..semconv::StoreLimits::default()
        },
        ..ReconcileConfig::default()
    });
    let windows: Vec<_> = (0..4)
        .map(|i| Window::closed(1000 + i * 10_000, 2000 + i * 10_000, i + 1, KS))
        .collect();
    ingest(
        &mut r,
        request(serialized(), vec![window_carrier(1, &windows)]),
        0,
    );
    let (_, mut out) = ingest(
        &mut r,
        request(
            serialized(),
            vec![kernel(1, 1500, 1600, Some(Serialized::False))],
        ),
        1,
    );
    out.extend(tick(&mut r, 10 * SECOND));
    assert_eq!(kernel_answers(&out), ["unknown"]);
    assert_eq!(r.counters().unverifiable, 1);
    assert_balanced(&r, &out);
}

#[test]
fn kernels_of_other_tiers_read_false_whatever_their_stamp() {
    for tier in [Tier::Off, Tier::Continuous] {
        let mut r = reconciler();
        let spans = vec![
            kernel(1, 100, 200, Some(Serialized::True)),
            kernel(2, 300, 400, Some(Serialized::Unknown)),
            kernel(3, 500, 600, Some(Serialized::False)),
        ];
        let (_, out) = ingest(&mut r, request(resource("app", 1, Some(tier)), spans), 0);
        assert_eq!(kernel_answers(&out), ["false", "false", "false"], "{tier}");
        let c = r.counters();
        assert_eq!((c.repaired_tier, c.agreements), (2, 1), "{tier}");
        assert_balanced(&r, &out);
    }
}

#[test]
fn a_span_with_duplicate_gpu_serialized_keys_leaves_with_exactly_one() {
    for tier in [Tier::Off, Tier::Serialized] {
        let mut r = reconciler();
        let mut k = kernel(1, 1500, 1600, Some(Serialized::False));
        k.attributes
            .push(semconv::otlp::string(a::GPU_SERIALIZED, "true"));
        let spans = vec![window_carrier(1, &[Window::closed(1000, 2000, 1, KS)]), k];
        let (_, out) = ingest(&mut r, request(resource("app", 1, Some(tier)), spans), 0);
        let k = spans_of(&out)
            .into_iter()
            .find(|(_, s)| is_kernel(s))
            .unwrap()
            .1;
        let values: Vec<_> = k
            .attributes
            .iter()
            .filter(|kv| kv.key == a::GPU_SERIALIZED)
            .collect();
        assert_eq!(values.len(), 1, "{tier}: {values:?}");
        assert_eq!(r.counters().repaired_invalid, 1);
        assert_balanced(&r, &out);
    }
}

#[test]
fn window_spans_are_bounded_by_the_windows_the_store_keeps() {
    let mut r = Reconciler::new(ReconcileConfig {
        store: semconv::StoreLimits {
            max_windows_per_process: 4,
            ..semconv::StoreLimits::default()
        },
        ..ReconcileConfig::default()
    });
    let opens: Vec<_> = (0..10)
        .map(|i| Window::open(1000 + i * 100, i + 1, KS))
        .collect();
    let (_, mut out) = ingest(
        &mut r,
        request(serialized(), vec![window_carrier(1, &opens)]),
        0,
    );
    out.extend(tick(&mut r, 10 * SECOND));
    out.extend(drain(&mut r));
    let windows = spans_of(&out)
        .into_iter()
        .filter(|(_, s)| s.name == "gpu.sampling.window")
        .count();
    assert_eq!(windows, 4, "one span per window the store keeps");
    assert_eq!(r.counters().window_spans_evicted, 6);
}

// ---- origins, seals and evidence (what the persistent queue relies on) ----

fn tracking() -> Reconciler {
    Reconciler::new(ReconcileConfig::default())
}

fn tracked(
    r: &mut Reconciler,
    req: ExportTraceServiceRequest,
    origin: u64,
    now: u64,
) -> Vec<(WireRequest, Origins)> {
    r.ingest(Prepared::new(req).with_origin(origin), now)
}

/// The origin of each exported span, in order.
fn origin_per_span(out: &[(WireRequest, Origins)]) -> Vec<(String, u64)> {
    let mut v = Vec::new();
    for (req, origins) in out {
        let req = req.to_proto().expect("spans decode");
        let spans = spans_of(std::slice::from_ref(&req));
        let flat: Vec<u64> = origins
            .runs()
            .iter()
            .flat_map(|&(o, n)| std::iter::repeat_n(o, n as usize))
            .collect();
        assert_eq!(flat.len(), spans.len(), "one origin per span");
        v.extend(spans.iter().map(|(_, s)| s.name.clone()).zip(flat));
    }
    v
}

#[test]
fn a_held_kernel_keeps_its_input_unsealed_until_it_leaves_tagged_with_that_input() {
    let mut r = tracking();
    let out = tracked(
        &mut r,
        request(serialized(), vec![kernel(1, 1200, 1300, None), plain(2)]),
        1,
        0,
    );
    assert_eq!(origin_per_span(&out), [("GET /checkout".to_string(), 1)]);
    assert_eq!(r.take_sealed(), Vec::<u64>::new(), "its kernel is held");
    let windows = [Window::open(1000, 1, KS), Window::closed(1000, 2000, 1, KS)];
    let out = tracked(
        &mut r,
        request(serialized(), vec![window_carrier(1, &windows)]),
        2,
        1,
    );
    let origins = origin_per_span(&out);
    assert!(origins.contains(&("spin(float*, int)".to_string(), 1)));
    assert!(origins.contains(&("gpu.sampling.window".to_string(), 2)));
    assert!(origins.contains(&("gpu.sampling".to_string(), 2)));
    assert_eq!(r.take_sealed(), [1, 2]);
    assert_eq!(r.take_sealed(), Vec::<u64>::new(), "each input once");
}

#[test]
fn an_open_window_keeps_its_input_unsealed_until_its_close_or_its_deadline() {
    let mut r = tracking();
    let open = |n| window_carrier(n, &[Window::open(1000 * n, n, KS)]);
    tracked(&mut r, request(serialized(), vec![open(1)]), 1, 0);
    tracked(&mut r, request(serialized(), vec![open(2)]), 2, 0);
    assert_eq!(r.take_sealed(), Vec::<u64>::new());
    let close = window_carrier(3, &[Window::closed(1000, 1500, 1, KS)]);
    tracked(&mut r, request(serialized(), vec![close]), 3, 1);
    assert_eq!(r.take_sealed(), [1, 3], "closed: its input is done");
    let out = r.tick(10 * SECOND);
    assert_eq!(
        origin_per_span(&out),
        [("gpu.sampling.window".to_string(), 2)],
        "the unclosed span comes from the open record's input"
    );
    assert_eq!(r.take_sealed(), [2]);
}

#[test]
fn restored_evidence_answers_as_the_store_it_came_from_without_window_spans_again() {
    let mut first = tracking();
    let windows = [
        Window::closed(1000, 2000, 1, KS),
        Window::closed(5000, 6000, 2, KS),
    ];
    let out = tracked(
        &mut first,
        request(serialized(), vec![window_carrier(1, &windows)]),
        1,
        0,
    );
    assert_eq!(
        spans_of(
            &out.iter()
                .map(|(r, _)| r.to_proto().unwrap())
                .collect::<Vec<_>>()
        )
        .iter()
        .filter(|(_, s)| s.name == "gpu.sampling.window")
        .count(),
        2
    );
    let mut restarted = tracking();
    for change in first.take_evidence() {
        let origin::EvidenceChange::Taken { key, window, .. } = change else {
            panic!("nothing was evicted")
        };
        restarted.restore_window(key, window);
    }
    let kernels = || {
        request(
            serialized(),
            vec![kernel(1, 1500, 1600, None), kernel(2, 3000, 3100, None)],
        )
    };
    let (_, before) = ingest(&mut first, kernels(), 1);
    let (_, after) = ingest(&mut restarted, kernels(), 1);
    assert_eq!(kernel_answers(&before), ["true", "false"]);
    assert_eq!(answers(&after), answers(&before), "no window span again");
}

#[test]
fn the_evidence_journal_names_what_the_store_took_and_what_it_evicted() {
    let mut r = Reconciler::new(ReconcileConfig {
        store: semconv::StoreLimits {
            max_windows_per_process: 2,
            ..semconv::StoreLimits::default()
        },
        ..ReconcileConfig::default()
    });
    let windows: Vec<_> = (0..3)
        .map(|i| Window::closed(1000 * (i + 1), 1000 * (i + 1) + 500, i + 1, KS))
        .collect();
    tracked(
        &mut r,
        request(serialized(), vec![window_carrier(1, &windows)]),
        7,
        0,
    );
    let journal = r.take_evidence();
    let taken: Vec<u64> = journal
        .iter()
        .filter_map(|c| match c {
            origin::EvidenceChange::Taken { window, origin, .. } => {
                assert_eq!(*origin, 7);
                Some(window.start_ns)
            }
            _ => None,
        })
        .collect();
    assert_eq!(taken, [1000, 2000, 3000]);
    assert!(journal.iter().any(|c| matches!(
        c,
        origin::EvidenceChange::Evicted(semconv::store::Evicted::Window(_, 1000))
    )));
    assert!(r.take_evidence().is_empty());
}

#[test]
fn an_input_the_queue_did_not_number_is_neither_journaled_nor_sealed_and_its_output_has_no_origins()
{
    let mut r = reconciler();
    let windows = [Window::open(1000, 1, KS)];
    let out = r.ingest(
        Prepared::new(request(
            serialized(),
            vec![window_carrier(1, &windows), plain(2)],
        )),
        0,
    );
    assert!(r.take_evidence().is_empty() && r.take_sealed().is_empty());
    assert!(!out.is_empty());
    assert!(out.iter().all(|(_, origins)| origins.runs().is_empty()));
}

#[test]
fn a_false_stamp_over_evidence_evicted_before_a_restart_still_reads_unknown_after_it() {
    let one_window = || {
        Reconciler::new(ReconcileConfig {
            store: semconv::StoreLimits {
                max_windows_per_process: 1,
                ..semconv::StoreLimits::default()
            },
            ..ReconcileConfig::default()
        })
    };
    let mut first = one_window();
    let windows = [
        Window::closed(1000, 2000, 1, KS),
        Window::closed(3000, 4000, 2, KS),
    ];
    tracked(
        &mut first,
        request(serialized(), vec![window_carrier(1, &windows)]),
        1,
        0,
    );
    // What the queue keeps on disk: the windows the store still holds, and the floors.
    let mut kept = Vec::new();
    let mut floors = Vec::new();
    for change in first.take_evidence() {
        match change {
            origin::EvidenceChange::Taken { key, window, .. } => kept.push((key, window)),
            origin::EvidenceChange::Evicted(semconv::store::Evicted::Window(k, start)) => {
                kept.retain(|(key, w)| !(*key == k && w.start_ns == start))
            }
            origin::EvidenceChange::Floors { key, floors: f } => floors.push((key, f)),
            origin::EvidenceChange::Evicted(_) => {}
        }
    }
    assert!(!floors.is_empty(), "the eviction left floors to keep");
    let mut restarted = one_window();
    for (key, f) in floors {
        restarted.restore_floors(key, f);
    }
    for (key, w) in kept {
        restarted.restore_window(key, w);
    }
    let stamped = || {
        request(
            serialized(),
            vec![kernel(1, 1500, 1600, Some(Serialized::False))],
        )
    };
    // Held (the evidence cannot settle it), then released at the deadline.
    let mut before = ingest(&mut first, stamped(), 1).1;
    before.extend(tick(&mut first, 10 * SECOND));
    let mut after = ingest(&mut restarted, stamped(), 1).1;
    after.extend(tick(&mut restarted, 10 * SECOND));
    assert_eq!(kernel_answers(&before), ["unknown"]);
    assert_eq!(kernel_answers(&after), kernel_answers(&before));
}

/// The process's resource with what describes GPU `ordinal` (as the injector sends a
/// GPU's kernels).
fn on_gpu(ordinal: i64) -> Resource {
    let mut r = serialized();
    r.attributes.extend([
        otlp::int(a::GPU_DEVICE_ID, ordinal),
        otlp::string(
            a::HW_ID,
            format!("GPU-{ordinal:08x}-0000-0000-0000-000000000000"),
        ),
        otlp::string(a::HW_MODEL, "NVIDIA H200"),
        otlp::string(a::HW_TYPE, "gpu"),
        otlp::string(a::HW_VENDOR, "NVIDIA"),
    ]);
    r
}

#[test]
fn a_processs_windows_settle_its_kernels_on_every_gpu_and_each_keeps_its_gpus_resource() {
    let mut r = reconciler();
    // The burst ran on every context of the process: [1000, 2000], quiet until 5000.
    ingest(
        &mut r,
        request(
            serialized(),
            vec![window_carrier(
                1,
                &[
                    Window::closed(1000, 2000, 1, KS)
                        .with_quiet_tail(semconv::QuietTail::For(3000)),
                ],
            )],
        ),
        0,
    );
    let mut out = Vec::new();
    for (gpu, n) in [(0, 1), (3, 2), (7, 3)] {
        let (_, o) = ingest(
            &mut r,
            request(
                on_gpu(gpu),
                vec![
                    kernel(n, 1500, 1600, Some(Serialized::True)),
                    kernel(10 + n, 3000, 3100, Some(Serialized::False)),
                ],
            ),
            0,
        );
        out.extend(o);
    }
    assert_eq!(r.held(), 0, "settled at once on every GPU");
    assert_eq!(
        kernel_answers(&out),
        ["true", "false", "true", "false", "true", "false"]
    );
    assert_eq!(r.counters().agreements, 6);
    for rs in out.iter().flat_map(|o| &o.resource_spans) {
        let attrs = &rs.resource.as_ref().unwrap().attributes;
        let gpu = otlp::get_int(attrs, a::GPU_DEVICE_ID).expect("its GPU's resource");
        for s in rs.scope_spans.iter().flat_map(|ss| &ss.spans) {
            let n = otlp::get_int(&s.attributes, a::GPU_CORRELATION_ID).unwrap() % 10;
            assert_eq!([0, 3, 7][n as usize - 1], gpu);
        }
    }
    assert_balanced(&r, &out);
}

#[test]
fn another_process_sharing_the_instance_id_never_settles_these_kernels() {
    let shared = |pid: i64, producer: &str| {
        let mut r = resource("trainer", pid, Some(Tier::Serialized));
        r.attributes.extend([
            otlp::string("service.instance.id", "team.pod-0.trainer"),
            otlp::string(a::GPU_PRODUCER_ID, producer),
        ]);
        r
    };
    let mut r = reconciler();
    ingest(
        &mut r,
        request(
            shared(1, "a"),
            vec![window_carrier(1, &[Window::closed(1000, 2000, 1, KS)])],
        ),
        0,
    );
    let (_, out) = ingest(
        &mut r,
        request(shared(1, "b"), vec![kernel(1, 1500, 1600, None)]),
        0,
    );
    assert!(
        out.is_empty(),
        "process b has no windows: held, not settled by a's"
    );
    let out = tick(&mut r, 3 * SECOND);
    assert_eq!(kernel_answers(&out), ["unknown"]);
}

#[test]
fn an_unknown_stamp_is_settled_by_the_receivers_windows_and_counted() {
    let mut r = reconciler();
    ingest(
        &mut r,
        request(
            serialized(),
            vec![window_carrier(
                1,
                &[
                    Window::closed(1000, 2000, 1, KS)
                        .with_quiet_tail(semconv::QuietTail::For(1000)),
                ],
            )],
        ),
        0,
    );
    // The producer released these before its evidence came: "unknown".
    let (_, mut out) = ingest(
        &mut r,
        request(
            serialized(),
            vec![
                kernel(1, 1500, 1600, Some(Serialized::Unknown)),
                kernel(2, 2500, 2600, Some(Serialized::Unknown)),
                kernel(3, 3500, 3600, Some(Serialized::Unknown)),
            ],
        ),
        0,
    );
    assert_eq!(kernel_answers(&out), ["true", "false"], "settled at once");
    assert_eq!(
        r.held(),
        1,
        "past the quiet tail: waits for the next window"
    );
    // Seq 2 opens at 4000: consecutive, so nothing ran serialized in between.
    let (_, o) = ingest(
        &mut r,
        request(
            serialized(),
            vec![window_carrier(2, &[Window::open(4000, 2, KS)])],
        ),
        0,
    );
    out.extend(o);
    assert_eq!(kernel_answers(&out), ["true", "false", "false"]);
    assert_eq!(r.counters().settled_unknown_stamps, 3);
    assert_eq!(
        r.counters().unknown_by_reason,
        [0; UnknownReason::ALL.len()]
    );
    assert_balanced(&r, &out);
}

#[test]
fn every_unknown_that_leaves_is_counted_by_the_evidence_that_was_missing() {
    let mut r = reconciler();
    ingest(
        &mut r,
        request(
            serialized(),
            vec![window_carrier(1, &[Window::open(1000, 1, KS)])],
        ),
        0,
    );
    ingest(
        &mut r,
        request(
            serialized(),
            vec![
                kernel(1, 1500, 1600, Some(Serialized::Unknown)),
                kernel(2, 500, 600, None),
            ],
        ),
        0,
    );
    let out = tick(&mut r, 3 * SECOND);
    assert_eq!(kernel_answers(&out), ["unknown", "unknown"]);
    let c = r.counters();
    assert_eq!(c.unknown_by_reason[UnknownReason::OpenWindow.index()], 1);
    assert_eq!(
        c.unknown_by_reason[UnknownReason::BeforeFirstWindow.index()],
        1
    );
    assert_eq!(
        c.unknown_by_reason.iter().sum::<u64>(),
        c.outcomes.unknown,
        "every unknown has a reason"
    );
}

/// The resource of a serialized producer's stretches without its GPU sampler lease:
/// tier off, with the tier it was configured for and why it does not run.
fn waiting_for_sampler(why: &str) -> Resource {
    let mut res = serialized();
    semconv::otlp::set(
        &mut res.attributes,
        semconv::otlp::string(a::GPU_PC_SAMPLING_TIER, "off"),
    );
    res.attributes.extend([
        semconv::otlp::string(a::GPU_PC_SAMPLING_TIER_CONFIGURED, "serialized"),
        semconv::otlp::string(a::GPU_PC_SAMPLING_TIER_REASON, why),
    ]);
    res
}

#[test]
fn a_producer_that_takes_turns_on_its_gpus_sampler_keeps_one_window_store_and_reads_false_while_off(
) {
    let mut r = reconciler();
    let mut out = Vec::new();
    let mut send = |r: &mut Reconciler, res: Resource, spans, now| {
        out.extend(ingest(r, request(res, spans), now).1);
    };
    // Its first turn: burst 1, one execution inside, one in the quiet tail.
    send(
        &mut r,
        serialized(),
        vec![
            window_carrier(
                1,
                &[Window::closed(1_000, 2_000, 1, KS)
                    .with_quiet_tail(semconv::QuietTail::For(500))],
            ),
            kernel(1, 1_500, 1_600, Some(Serialized::True)),
            kernel(2, 2_200, 2_300, Some(Serialized::False)),
        ],
        0,
    );
    // Waiting for its next turn: another process samples the GPU.
    send(
        &mut r,
        waiting_for_sampler("waiting_for_gpu_sampler"),
        vec![kernel(3, 3_000, 3_100, Some(Serialized::False))],
        1,
    );
    // Its next turn: an execution before burst 2 opens waits for it, then reads false
    // (the sequence has no hole: nothing serialized in between).
    send(
        &mut r,
        serialized(),
        vec![kernel(4, 4_000, 4_100, Some(Serialized::False))],
        2,
    );
    assert_eq!(
        r.held(),
        1,
        "only the serialized execution waits for evidence"
    );
    send(
        &mut r,
        serialized(),
        vec![window_carrier(2, &[Window::open(5_000, 2, KS)])],
        3,
    );
    assert_eq!(kernel_answers(&out), ["true", "false", "false", "false"]);
    assert_eq!(r.held(), 0);
    assert_eq!(r.counters().agreements, 4, "every stamp agreed");
    // The off stretch's resource left as it came: tier off, and why.
    let off = spans_of(&out)
        .into_iter()
        .find(|(_, s)| s.span_id == fixtures::span_id(3))
        .map(|(res, _)| res.to_vec())
        .unwrap();
    assert_eq!(
        semconv::otlp::get_str(&off, a::GPU_PC_SAMPLING_TIER_REASON),
        Some("waiting_for_gpu_sampler")
    );
    assert_balanced(&r, &out);
}

#[test]
fn a_producer_whose_sampling_failed_leaves_its_failed_window_open_and_nothing_after_it_reads_false()
{
    let mut r = reconciler();
    let mut out = Vec::new();
    // Burst 1 opened and its session failed: no closed record ever comes.
    out.extend(
        ingest(
            &mut r,
            request(
                serialized(),
                vec![
                    window_carrier(1, &[Window::open(1_000, 1, KS)]),
                    kernel(1, 1_500, 1_600, Some(Serialized::Unknown)),
                ],
            ),
            0,
        )
        .1,
    );
    // Stepped down: tier off for good.
    out.extend(
        ingest(
            &mut r,
            request(
                waiting_for_sampler("sampling_failed"),
                vec![kernel(2, 9_000, 9_100, Some(Serialized::False))],
            ),
            1,
        )
        .1,
    );
    assert_eq!(kernel_answers(&out), ["false"], "the off stretch at once");
    out.extend(tick(&mut r, 10 * SECOND));
    assert_eq!(kernel_answers(&out), ["false", "unknown"]);
    assert_balanced(&r, &out);
}

#[test]
fn spans_that_leave_a_large_request_alone_take_copies_and_the_rest_stay_slices() {
    let off = resource("app", 1, Some(Tier::Off));
    let in_buffer = |req: &ExportTraceServiceRequest, mostly_left: bool| {
        let body = Bytes::from(req.encode_to_vec());
        let range = body.as_ptr_range();
        let mut r = reconciler();
        let ready = r.ingest(Prepared::decode(body.clone()).unwrap(), 1);
        let spans: Vec<&Bytes> = ready
            .iter()
            .flat_map(|(w, _)| &w.resource_spans)
            .flat_map(|rs| &rs.scope_spans)
            .flat_map(|ss| &ss.spans)
            .collect();
        assert!(!spans.is_empty());
        assert!(
            spans
                .iter()
                .all(|s| range.contains(&s.as_ptr()) == mostly_left),
            "mostly left: {mostly_left}"
        );
    };
    // One plain span leaves; a thousand with bad ids (and long names) do not.
    let mut spans = vec![plain(1)];
    for i in 0..1000 {
        let mut s = plain(100 + i);
        s.trace_id.clear();
        s.name = "n".repeat(200);
        spans.push(s);
    }
    in_buffer(&request(off.clone(), spans), false);
    // Everything leaves: no copy.
    in_buffer(&request(off, (0..100).map(plain).collect()), true);
}

#[test]
fn held_spans_count_the_resource_they_keep_alive_once() {
    let mut big = serialized();
    big.attributes
        .extend((0..10_000).map(|i| semconv::otlp::string(&format!("k{i}"), "some value")));
    let spans: Vec<Span> = (0..100)
        .map(|i| kernel(i, i * 10, i * 10 + 5, None))
        .collect();
    let mut r = reconciler();
    ingest(&mut r, request(big.clone(), spans.clone()), 1);
    assert_eq!(r.held(), 100);
    let resource = crate::wire::resource_bytes(Some(&big));
    let spans_alone: usize = spans.iter().map(|s| s.encoded_len() + HELD_OVERHEAD).sum();
    assert!(
        r.held_bytes() >= spans_alone + resource,
        "{}",
        r.held_bytes()
    );
    assert!(
        r.held_bytes() < spans_alone + 2 * resource,
        "{}",
        r.held_bytes()
    );
    drain(&mut r);
    assert_eq!((r.held(), r.held_bytes()), (0, 0));
    // A hold smaller than one such resource holds none of its spans.
    let mut small = Reconciler::new(ReconcileConfig {
        max_held_bytes: resource / 2,
        ..ReconcileConfig::default()
    });
    let (_, out) = ingest(&mut small, request(big, spans), 1);
    assert_eq!(small.held(), 0);
    assert_eq!(spans_of(&out).len(), 100);
}
