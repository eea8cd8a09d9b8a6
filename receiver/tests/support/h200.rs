//! What the receiver exported on an NVIDIA H200 (2026-11-29, docs/measurements/carry-rate.md):
//! the CUDA example's 10,000 kernel executions under the injector, through the receiver's
//! file sink.

use std::io::Read as _;

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;

/// The capture's requests.
pub fn capture() -> Vec<ExportTraceServiceRequest> {
    fixture("h200_demo_receiver_output.jsonl.gz")
}

/// What the receiver exported of 12 PyTorch training steps under the serialized tier
/// on the H200 (2026-12-01, examples/gpu/carry/captures.sh): 5,370 kernels,
/// one of them "true", and the window spans of its bursts.
pub fn torch_serialized() -> Vec<ExportTraceServiceRequest> {
    fixture("h200_torch_serialized_receiver_output.jsonl.gz")
}

fn fixture(name: &str) -> Vec<ExportTraceServiceRequest> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    receiver::conformance::read_json(&text).unwrap()
}
