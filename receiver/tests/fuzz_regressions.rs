//! What the fuzzers found, one test per rule the receiver broke, each seen to fail
//! before its fix. The inputs are in the corpus too (`receiver/fuzz/corpus/`).

#[path = "../fuzz/harness/mod.rs"]
mod harness;

use harness::oracle::{grpc_frame, gzip};
use harness::{Harness, Outcome};
use prost::Message as _;
use receiver::fixtures::{plain, request, resource};
use semconv::Tier;

const TAKEN: Outcome = Outcome::Accepted { rejected: 0 };

fn one_span(n: u64) -> Vec<u8> {
    request(resource("app", 1, Some(Tier::Off)), vec![plain(n)]).encode_to_vec()
}

#[test]
fn media_types_are_case_insensitive() {
    // RFC 9110, section 8.3.1; the OpenTelemetry Collector reads them so too.
    let mut h = Harness::start();
    for ct in [
        "Application/X-Protobuf",
        "APPLICATION/PROTOBUF; charset=binary",
    ] {
        assert_eq!(h.http(Some(ct), None, &one_span(1)), TAKEN, "{ct}");
    }
    let json = serde_json::to_vec(&request(resource("app", 1, None), vec![plain(2)])).unwrap();
    assert_eq!(h.http(Some("Application/JSON"), None, &json), TAKEN);
    h.finish();
}

#[test]
fn a_gzip_body_of_several_members_is_read_to_its_end() {
    // RFC 1952, section 2.2: a gzip body is a series of members (a client that
    // compresses as it streams sends several). Read as one member, the body below was
    // a request of its first span alone, and the second was lost without a word.
    let mut h = Harness::start();
    let body = [gzip(&one_span(1)), gzip(&one_span(2))].concat();
    assert_eq!(
        h.http(Some("application/x-protobuf"), Some("gzip"), &body),
        TAKEN
    );
    h.finish();
}

#[test]
fn bytes_after_the_gzip_stream_are_refused_not_ignored() {
    let mut h = Harness::start();
    let mut body = gzip(&one_span(1));
    body.extend_from_slice(b"\x0a\x02trailing");
    assert_eq!(
        h.http(Some("application/x-protobuf"), Some("gzip"), &body),
        Outcome::Refused
    );
    h.finish();
}

#[test]
fn a_request_refused_before_its_body_is_read_still_gets_its_answer() {
    // Found by the content-type property: the receiver answered 415 at the headers and
    // hyper closed the connection while the body was still arriving; the client's
    // write failed (broken pipe) and it never saw the answer. The body is now read and
    // dropped first, up to the request size limit.
    let mut h = Harness::start();
    for len in [20, 64 * 1024, harness::MAX_REQUEST_BYTES] {
        for _ in 0..20 {
            let body = vec![b'x'; len];
            assert_eq!(
                h.http(Some("gzip, identity"), None, &body),
                Outcome::Refused
            );
            assert_eq!(
                h.http(Some("application/x-protobuf"), None, &one_span(1)),
                TAKEN
            );
        }
    }
    h.finish();
}

#[test]
fn a_grpc_message_of_several_gzip_members_is_read_to_its_end() {
    // Found by a black-box probe: tonic decompressed the first member only and answered
    // OK, so the second span was lost behind a success. As an HTTP body, every member.
    let mut h = Harness::start();
    let message = [gzip(&one_span(1)), gzip(&one_span(2))].concat();
    assert_eq!(h.grpc(Some("gzip"), grpc_frame(true, &message)), TAKEN);
    h.finish();
}

#[test]
fn a_second_message_on_an_export_call_is_refused_not_dropped_behind_an_ok() {
    // Export is unary: tonic read the first message, dropped the rest and answered OK.
    let mut h = Harness::start();
    let body = [
        grpc_frame(false, &one_span(1)),
        grpc_frame(false, &one_span(2)),
    ]
    .concat();
    assert_eq!(h.grpc(None, body), Outcome::Refused);
    let compressed = [grpc_frame(true, &gzip(&one_span(3))), vec![0]].concat();
    assert_eq!(h.grpc(Some("gzip"), compressed), Outcome::Refused);
    assert_eq!(h.grpc(None, grpc_frame(false, &one_span(4))), TAKEN);
    h.finish();
}

#[test]
fn a_grpc_message_that_does_not_decompress_is_invalid_argument_and_counted() {
    // tonic answered INTERNAL and counted it nowhere; the harness checks the count.
    let mut h = Harness::start();
    assert_eq!(
        h.grpc(Some("gzip"), grpc_frame(true, b"not gzip")),
        Outcome::Refused
    );
    let mut trailing = gzip(&one_span(1));
    trailing.extend_from_slice(b"trailing");
    assert_eq!(
        h.grpc(Some("gzip"), grpc_frame(true, &trailing)),
        Outcome::Refused
    );
    h.finish();
}

#[test]
fn a_grpc_message_declared_over_the_limit_is_refused_at_its_header() {
    let mut h = Harness::start();
    let mut body = vec![0];
    body.extend_from_slice(&(harness::MAX_REQUEST_BYTES as u32 + 1).to_be_bytes());
    body.extend_from_slice(&one_span(1));
    assert_eq!(h.grpc(None, body), Outcome::Refused);
    h.finish();
}

#[test]
fn every_grpc_export_call_is_a_request_counted_with_its_one_outcome() {
    // tonic answered these itself, before any handler: in no refusal reason, and not
    // counted as requests at all, so requests_total{transport="grpc"} missed them. The
    // harness checks that every call is a request and is taken or refused for one reason.
    let mut h = Harness::start();
    let message = one_span(1);
    let framed = grpc_frame(false, &message);
    let bad_flag = |flag: u8| [vec![flag], framed[1..].to_vec()].concat();
    for (encoding, body) in [
        (Some("snappy"), framed.clone()),
        (None, Vec::new()),
        (None, framed[..3].to_vec()),
        (None, framed[..framed.len() - 1].to_vec()),
        (None, bad_flag(1)),
        (Some("identity"), bad_flag(1)),
        (None, bad_flag(7)),
    ] {
        assert_eq!(
            h.grpc(encoding, body.clone()),
            Outcome::Refused,
            "{encoding:?} {body:?}"
        );
    }
    assert_eq!(h.grpc(Some("identity"), framed), TAKEN);
    h.finish();
}

#[test]
fn otlp_json_in_the_protos_field_names_delivers_its_spans() {
    // Read as unknown fields, these were taken and delivered nothing; the Collector reads
    // both spellings. The harness checks the spans at the backend.
    let mut h = Harness::start();
    let snake =
        receiver::fixtures::snake_case_json(&request(resource("app", 1, None), vec![plain(7)]));
    assert_eq!(
        h.http(Some("application/json"), None, snake.as_bytes()),
        TAKEN
    );
    h.finish();
}
