//! What the receiver exported on an NVIDIA H200 (2026-11-29, docs/measurements/carry-rate.md):
//! the CUDA example's 10,000 kernel executions under the injector, through
//! the receiver's file sink. The conformance checker must pass on it, and the receiver
//! must give the same answers when the same spans come through it again.

use std::io::Read as _;

use receiver::conformance::{self, Checker};
use receiver::reconcile::{decoded, ReconcileConfig, Reconciler};

fn load() -> Vec<opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/h200_demo_receiver_output.jsonl.gz"
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    conformance::read_json(&text).unwrap()
}

#[test]
fn the_checker_passes_on_the_receivers_real_h200_output() {
    let mut c = Checker::new();
    load().iter().for_each(|r| c.feed(r));
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
    let input = load();
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
