//! An OTLP protobuf body through the reconciler alone (no sockets: many more inputs a
//! second than the front-end targets, for the reading that runs behind them).
#![no_main]

#[path = "../harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(req) = harness::oracle::decode_protobuf(data) {
        harness::reconcile(&req);
    }
});
