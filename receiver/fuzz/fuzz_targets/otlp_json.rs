//! An OTLP/JSON body through OTLP/HTTP (plain, gzip), and what it decodes to through
//! every front end as protobuf.
#![no_main]

#[path = "../harness/mod.rs"]
mod harness;

use std::sync::{Mutex, OnceLock};

use harness::Harness;

/// One receiver for the whole run, not one per input.
static HARNESS: OnceLock<Mutex<Harness>> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let h = HARNESS.get_or_init(|| Mutex::new(Harness::start()));
    h.lock().expect("no input failed before").otlp_json(data);
});
