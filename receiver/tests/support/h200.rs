//! What the receiver exported on an NVIDIA H200 (2026-11-29, docs/measurements/carry-rate.md):
//! the CUDA example's 10,000 kernel executions under the injector, through the receiver's
//! file sink.

use std::io::Read as _;

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;

/// The capture's requests.
pub fn capture() -> Vec<ExportTraceServiceRequest> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/h200_demo_receiver_output.jsonl.gz"
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    receiver::conformance::read_json(&text).unwrap()
}
