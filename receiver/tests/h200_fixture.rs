//! What the receiver exported on an NVIDIA H200 (2026-11-29, docs/measurements/carry-rate.md):
//! the CUDA example's 10,000 kernel executions under the injector, through
//! the receiver's file sink. The conformance checker must pass on it, and the receiver
//! must give the same answers when the same spans come through it again.

mod support;

use receiver::conformance::Checker;
use receiver::reconcile::{decoded, ReconcileConfig, Reconciler};

#[test]
fn the_checker_passes_on_the_receivers_real_h200_output() {
    let mut c = Checker::new();
    support::h200::capture().iter().for_each(|r| c.feed(r));
    let report = c.finish();
    assert!(report.passed(), "{report}");
    let r = &report.resources[0];
    assert_eq!(
        (r.kernel_spans, r.not_serialized, r.tier.as_str()),
        (10_000, 10_000, "off")
    );
}

#[test]
fn passing_the_h200_output_through_the_receiver_again_changes_no_answer() {
    let mut rec = Reconciler::new(ReconcileConfig::default());
    let input = support::h200::capture();
    let mut out = Vec::new();
    for req in input.clone() {
        out.extend(decoded(rec.ingest(req, 0)));
    }
    let c = rec.counters();
    assert_eq!(
        (
            c.kernel_spans,
            c.agreements,
            c.repaired_missing + c.repaired_invalid
        ),
        (10_000, 10_000, 0)
    );
    assert!(c.outcomes.is_balanced());
    assert_eq!(
        receiver::fixtures::spans_of(&out).len(),
        receiver::fixtures::spans_of(&input).len()
    );
}
