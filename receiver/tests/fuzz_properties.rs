//! Property-based fuzzing of the front ends, bounded for CI: generated OTLP requests
//! (shaped by what the receiver reads), byte mutations of their encodings, arbitrary
//! bytes, every content type and encoding, and gRPC framing of any shape, all through a
//! real receiver on loopback (`receiver/fuzz/harness`, shared with the cargo-fuzz
//! targets). `PROPTEST_CASES=n` runs n cases per property instead of the default.

#[path = "../fuzz/harness/mod.rs"]
mod harness;

#[path = "fuzz_properties/generators.rs"]
mod generators;

use std::cell::RefCell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use generators::{deep_request, mutate, mutations, request, Ids};
use harness::oracle::{self, Encoding};
use harness::{Harness, Outcome, MAX_REQUEST_BYTES};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};
use prost::Message as _;

/// Cases per property unless `PROPTEST_CASES` says otherwise: a few seconds each.
const CASES: u32 = 48;

/// Runs `test` on `cases` values of `strategy` against one receiver, then checks at its
/// shutdown that nothing taken was lost. A failing case gets a fresh receiver for the
/// cases that shrink it, so that its counters do not make the others fail.
fn fuzz<S: Strategy>(strategy: S, test: impl Fn(&mut Harness, S::Value)) {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    let config = Config {
        cases,
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(
            "proptest-regressions",
        ))),
        ..Config::default()
    };
    let h = RefCell::new(Harness::start());
    let result = TestRunner::new(config).run(&strategy, |value| {
        let mut guard = h.borrow_mut();
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| test(&mut guard, value))) {
            *guard = Harness::start();
            resume_unwind(panic);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    h.into_inner().finish();
}

fn json(
    req: &opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest,
) -> Vec<u8> {
    serde_json::to_vec(req).expect("OTLP/JSON")
}

#[test]
fn requests_with_valid_ids_are_taken_whole_by_every_front_end() {
    fuzz(request(Ids::Valid), |h, req| {
        for (encoding, body) in [
            (Encoding::Protobuf, req.encode_to_vec()),
            (Encoding::Json, json(&req)),
        ] {
            let outcomes = match encoding {
                Encoding::Protobuf => h.otlp_protobuf(&body),
                Encoding::Json => h.otlp_json(&body),
            };
            if body.len() <= MAX_REQUEST_BYTES {
                assert!(
                    outcomes
                        .iter()
                        .all(|o| *o == Outcome::Accepted { rejected: 0 }),
                    "{encoding:?}: {outcomes:?}"
                );
            }
        }
    });
}

#[test]
fn requests_with_any_ids_lose_exactly_their_spans_with_invalid_ids() {
    fuzz(request(Ids::Any), |h, req| {
        h.otlp_protobuf(&req.encode_to_vec());
        h.otlp_json(&json(&req));
    });
}

#[test]
fn mutated_encodings_of_valid_requests_get_the_answer_their_bytes_call_for() {
    fuzz((request(Ids::Valid), mutations()), |h, (req, ms)| {
        let pb = req.encode_to_vec();
        h.otlp_protobuf(&mutate(pb.clone(), &ms));
        h.otlp_json(&mutate(json(&req), &ms));
        // A damaged gzip stream: CRC, lengths, truncation.
        h.http(
            Some("application/x-protobuf"),
            Some("gzip"),
            &mutate(oracle::gzip(&pb), &ms),
        );
        h.grpc(
            Some("gzip"),
            oracle::grpc_frame(true, &mutate(oracle::gzip(&pb), &ms)),
        );
    });
}

#[test]
fn arbitrary_bytes_get_a_valid_otlp_answer_from_every_front_end() {
    fuzz(vec(any::<u8>(), 0..1024), |h, bytes| {
        h.otlp_protobuf(&bytes);
        h.otlp_json(&bytes);
        h.http_request(&bytes);
        h.grpc_frames(&bytes);
    });
}

fn header_value() -> impl Strategy<Value = Option<String>> {
    let known = harness::CONTENT_TYPES
        .iter()
        .chain(harness::CONTENT_ENCODINGS)
        .map(|v| v.map(str::to_string))
        .collect::<Vec<_>>();
    prop_oneof![
        4 => select(known),
        1 => "[ -~]{0,24}".prop_map(Some),
    ]
}

#[test]
fn every_content_type_and_encoding_gets_the_answer_the_specification_gives() {
    let body = (
        request(Ids::Any),
        any::<bool>(),
        any::<bool>(),
        vec(any::<u8>(), 0..64),
    )
        .prop_map(|(req, as_json, gzip, noise)| {
            let mut b = if as_json {
                json(&req)
            } else {
                req.encode_to_vec()
            };
            if gzip {
                b = oracle::gzip(&b);
            }
            if b.is_empty() {
                b = noise;
            }
            b
        });
    fuzz(
        (header_value(), header_value(), body),
        |h, (ct, ce, body)| {
            h.http(ct.as_deref(), ce.as_deref(), &body);
        },
    );
}

/// A gRPC body: messages whose flags, lengths and compression need not agree with
/// the `grpc-encoding` header or with each other.
fn grpc_body() -> impl Strategy<Value = (Option<String>, Vec<u8>)> {
    let encodings = harness::GRPC_ENCODINGS
        .iter()
        .map(|v| v.map(str::to_string))
        .collect::<Vec<_>>();
    let message = (
        prop_oneof![
            3 => request(Ids::Any).prop_map(|r| r.encode_to_vec()),
            1 => vec(any::<u8>(), 0..64),
        ],
        any::<bool>(),
        prop_oneof![8 => Just(0u8), 2 => Just(1u8), 1 => any::<u8>()],
        prop_oneof![8 => Just(0i64), 1 => -8i64..8, 1 => Just(i64::from(u32::MAX))],
    )
        .prop_map(|(payload, gzip, flag, skew): (Vec<u8>, bool, u8, i64)| {
            let payload = if gzip {
                oracle::gzip(&payload)
            } else {
                payload
            };
            let len = (payload.len() as i64 + skew).clamp(0, i64::from(u32::MAX)) as u32;
            let mut m = vec![flag];
            m.extend_from_slice(&len.to_be_bytes());
            m.extend_from_slice(&payload);
            m
        });
    (
        select(encodings),
        vec(message, 0..3).prop_map(|ms| ms.concat()),
        any::<proptest::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(enc, mut body, cut, truncate)| {
            if truncate && !body.is_empty() {
                body.truncate(cut.index(body.len()));
            }
            (enc, body)
        })
}

#[test]
fn grpc_bodies_of_any_framing_get_a_grpc_status() {
    fuzz(grpc_body(), |h, (enc, body)| {
        h.grpc(enc.as_deref(), body);
    });
}

#[test]
fn deeply_nested_values_are_taken_or_refused_whole_with_a_reason() {
    fuzz(deep_request(), |h, (depth, req)| {
        let outcomes = h.otlp_protobuf(&req.encode_to_vec());
        // prost refuses nesting past its recursion limit (100 messages); a value nested
        // 20 deep is 60 messages, well inside.
        if depth <= 20 && req.encoded_len() <= MAX_REQUEST_BYTES {
            assert!(outcomes
                .iter()
                .all(|o| matches!(o, Outcome::Accepted { .. })));
        }
        h.otlp_json(&json(&req));
    });
}
