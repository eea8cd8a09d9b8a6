//! `[grpc-encoding] body` as the HTTP/2 body of `TraceService/Export`: gRPC framing,
//! compression flags and lengths of any shape.
#![no_main]

#[path = "../harness/mod.rs"]
mod harness;

use std::sync::{Mutex, OnceLock};

use harness::Harness;

/// One receiver for the whole run, not one per input.
static HARNESS: OnceLock<Mutex<Harness>> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let h = HARNESS.get_or_init(|| Mutex::new(Harness::start()));
    h.lock().expect("no input failed before").grpc_frames(data);
});
