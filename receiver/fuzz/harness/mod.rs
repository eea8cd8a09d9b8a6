//! The fuzz harness: one real receiver on loopback (its OTLP/HTTP and OTLP/gRPC front
//! ends, the pipeline, an OTLP/gRPC exporter to a counting backend), inputs sent through
//! its front ends as a client would send them, and the properties every answer must
//! have. The cargo-fuzz targets (`fuzz_targets/`), the corpus replay and the property
//! tests (`receiver/tests/fuzz_*.rs`) all include this module by path, so a corpus
//! input is checked the same way everywhere.
//!
//! Properties, after every input:
//! - no thread of the receiver panicked, and every request got an answer;
//! - every answer is a valid OTLP answer in the request's encoding: 200 with an
//!   `ExportTraceServiceResponse`, or 400/413/415 with a `google.rpc.Status`
//!   (InvalidArgument); gRPC OK with an `ExportTraceServiceResponse`, or a status code;
//! - the answer is the one the specification gives ([`oracle`]): a request that decodes
//!   is taken, and exactly its spans with invalid ids are rejected;
//! - accounting: every request the front ends read is answered once and counted once
//!   (taken, or in one refusal reason); the spans the pipeline counts are the spans of
//!   the requests taken, and its rejections those the answers reported; the outcome
//!   identity holds.
//!
//! And at [`Harness::finish`] (shutdown): every span taken and not rejected reached the
//! backend, with the window spans the receiver made, and every kernel span left with one
//! valid `gpu.serialized`, counted once.

// Each includer uses a part of the harness.
#![allow(dead_code)]

pub(crate) mod oracle;

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::BodyExt as _;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::trace::v1::span::Event;
use prost::Message as _;
use receiver::config::Protocol;
use receiver::fixtures::{self, Counted};
use receiver::pipeline::{self, Running};
use receiver::reconcile::prepared::Prepared;
use receiver::reconcile::{decoded, ReconcileConfig, Reconciler};
use semconv::attributes as a;
use semconv::codec::{self, WindowDecodeError};
use semconv::store::StoreLimits;
use semconv::{otlp, SamplingMode};
use tonic::codegen::Service as _;

use oracle::{Encoding, Expected, Refusal};

/// The receiver's threads, told apart from the client's by name.
const THREAD: &str = "receiver-under-fuzz";
/// Longest an answer may take: past it the receiver is hung.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// The largest request the receiver under test accepts: small, so that the size limits
/// are reached too.
pub(crate) const MAX_REQUEST_BYTES: usize = 256 * 1024;

static SERVER_PANICS: AtomicUsize = AtomicUsize::new(0);
static WATCH: Once = Once::new();

/// Counts panics on the receiver's threads: tokio catches a task's panic, so the client
/// might only see a dropped connection.
fn watch_panics() {
    WATCH.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() == Some(THREAD) {
                SERVER_PANICS.fetch_add(1, Relaxed);
            }
            previous(info);
        }));
    });
}

/// `Content-Type`s an `http_request` input chooses from (its first byte).
pub(crate) const CONTENT_TYPES: &[Option<&str>] = &[
    Some("application/x-protobuf"),
    Some("application/json"),
    Some("application/protobuf"),
    Some("application/json; charset=utf-8"),
    Some("Application/X-Protobuf"),
    Some("APPLICATION/JSON"),
    Some("application/x-protobuf;"),
    Some(" application/json "),
    None,
    Some(""),
    Some("text/plain"),
    Some("application/grpc"),
    Some("application/x-protobuf, application/json"),
    Some("multipart/form-data; boundary=x"),
];

/// `Content-Encoding`s an `http_request` input chooses from (its second byte).
pub(crate) const CONTENT_ENCODINGS: &[Option<&str>] = &[
    None,
    Some("gzip"),
    Some("identity"),
    Some("GZIP"),
    Some(" gzip "),
    Some(""),
    Some("deflate"),
    Some("br"),
    Some("zstd"),
    Some("gzip, identity"),
    Some("x-gzip"),
];

/// `grpc-encoding`s a `grpc_frames` input chooses from (its first byte).
pub(crate) const GRPC_ENCODINGS: &[Option<&str>] = &[
    None,
    Some("gzip"),
    Some("identity"),
    Some("deflate"),
    Some("zstd"),
    Some("GZIP"),
    Some("gzip, identity"),
];

/// How a request was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Taken (200 / OK); `rejected` of its spans refused.
    Accepted { rejected: usize },
    /// Refused whole.
    Refused,
}

/// What a gRPC request body must get.
#[derive(Debug, Clone, Copy)]
enum GrpcExpected {
    /// A `grpc-encoding` tonic does not take: Unimplemented.
    Unsupported,
    /// Exactly one message: its answer.
    Exactly(Expected),
    /// No message, or a truncated one: the call is refused (framing).
    Incomplete,
}

#[derive(Debug, Default)]
struct Tally {
    /// Export calls sent, on either transport.
    calls: u64,
    accepted_requests: u64,
    accepted_spans: u64,
    rejected_spans: u64,
}

#[derive(Debug)]
struct HttpAnswer {
    status: u16,
    content_type: Option<String>,
    body: Bytes,
}

#[derive(Debug)]
struct GrpcAnswer {
    http_status: u16,
    content_type: Option<String>,
    status: tonic::Status,
    /// The length-prefixed messages of the body: (compressed flag, message).
    messages: Vec<(u8, Bytes)>,
}

/// One receiver under test and its client.
#[derive(Debug)]
pub(crate) struct Harness {
    rt: tokio::runtime::Runtime,
    receiver: Option<Running>,
    counted: Arc<Counted>,
    http: reqwest::Client,
    http_url: String,
    grpc: tonic::transport::Channel,
    grpc_url: String,
    tally: Tally,
}

impl Harness {
    /// Starts a receiver on loopback, exporting over OTLP/gRPC to a counting backend.
    pub(crate) fn start() -> Harness {
        watch_panics();
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name(THREAD)
            .enable_all()
            .build()
            .expect("a runtime");
        let counted = Arc::new(Counted::default());
        let (running, grpc) = rt.block_on(async {
            let sink = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("binds");
            let sink_addr = sink.local_addr().expect("bound");
            tokio::spawn(fixtures::serve_counting(sink, counted.clone()));
            let mut c = fixtures::loopback_config();
            c.ingest.max_request_bytes = MAX_REQUEST_BYTES;
            // One client sends one request at a time: "retry later" would be a fault.
            c.ingest.enqueue_timeout = ANSWER_TIMEOUT;
            c.export.endpoint = Some(format!("http://{sink_addr}"));
            c.export.protocol = Protocol::Grpc;
            // Small bounds, so that held spans and windows are released early and
            // evicted too.
            c.reconcile.delay = Duration::from_millis(100);
            c.reconcile.max_held_spans = 256;
            c.reconcile.max_windows_per_process = 16;
            c.reconcile.max_processes = 16;
            let running = pipeline::start(c).await.expect("the receiver starts");
            let grpc =
                tonic::transport::Endpoint::from_shared(format!("http://{}", running.grpc_addr))
                    .expect("a URL")
                    .connect()
                    .await
                    .expect("connects");
            (running, grpc)
        });
        Harness {
            http_url: format!("http://{}/v1/traces", running.http_addr),
            grpc_url: format!(
                "http://{}{}",
                running.grpc_addr,
                otlp_client::grpc::EXPORT_PATH
            ),
            receiver: Some(running),
            rt,
            counted,
            http: reqwest::Client::new(),
            grpc,
            tally: Tally::default(),
        }
    }

    fn wait<F: Future>(&self, what: &str, f: F) -> F::Output {
        // The timer is made inside the runtime, which owns the clock.
        self.rt
            .block_on(async { tokio::time::timeout(ANSWER_TIMEOUT, f).await })
            .unwrap_or_else(|_| panic!("no answer to {what} within {ANSWER_TIMEOUT:?}"))
    }

    fn running(&self) -> &Running {
        self.receiver.as_ref().expect("running until finish")
    }

    /// An OTLP protobuf body through every front end: OTLP/HTTP plain, gzip and zstd,
    /// OTLP/gRPC plain, gzip and zstd, and the reconciler on its own. Returns the
    /// answers.
    pub(crate) fn otlp_protobuf(&mut self, body: &[u8]) -> Vec<Outcome> {
        let ct = Some("application/x-protobuf");
        let outcomes = vec![
            self.http(ct, None, body),
            self.http(ct, Some("gzip"), &oracle::gzip(body)),
            self.grpc(None, oracle::grpc_frame(false, body)),
            self.grpc(Some("gzip"), oracle::grpc_frame(true, &oracle::gzip(body))),
            self.http(ct, Some("zstd"), &oracle::zstd(body)),
            self.grpc(Some("zstd"), oracle::grpc_frame(true, &oracle::zstd(body))),
        ];
        if let Some(req) = oracle::decode_protobuf(body) {
            reconcile(&req);
        }
        outcomes
    }

    /// An OTLP/JSON body through OTLP/HTTP, plain and gzip; what it decodes to goes
    /// through every front end as protobuf too. Returns the answers.
    pub(crate) fn otlp_json(&mut self, body: &[u8]) -> Vec<Outcome> {
        let ct = Some("application/json");
        let mut outcomes = vec![
            self.http(ct, None, body),
            self.http(ct, Some("gzip"), &oracle::gzip(body)),
        ];
        if let Some(req) = oracle::decode_json(body) {
            outcomes.extend(self.otlp_protobuf(&req.encode_to_vec()));
        }
        outcomes
    }

    /// `[content type][content encoding] body`: the two bytes choose from
    /// [`CONTENT_TYPES`] and [`CONTENT_ENCODINGS`].
    pub(crate) fn http_request(&mut self, data: &[u8]) {
        let ct =
            CONTENT_TYPES[usize::from(data.first().copied().unwrap_or(0)) % CONTENT_TYPES.len()];
        let ce = CONTENT_ENCODINGS
            [usize::from(data.get(1).copied().unwrap_or(0)) % CONTENT_ENCODINGS.len()];
        self.http(ct, ce, data.get(2..).unwrap_or_default());
    }

    /// `[grpc-encoding] body`: the byte chooses from [`GRPC_ENCODINGS`]; the body is
    /// sent as the HTTP/2 body of `TraceService/Export`, framing and all.
    pub(crate) fn grpc_frames(&mut self, data: &[u8]) {
        let enc =
            GRPC_ENCODINGS[usize::from(data.first().copied().unwrap_or(0)) % GRPC_ENCODINGS.len()];
        self.grpc(enc, data.get(1..).unwrap_or_default().to_vec());
    }

    /// Sends one OTLP/HTTP request and checks its answer.
    pub(crate) fn http(
        &mut self,
        content_type: Option<&str>,
        content_encoding: Option<&str>,
        body: &[u8],
    ) -> Outcome {
        let expected = oracle::expect_http(content_type, content_encoding, body, MAX_REQUEST_BYTES);
        let mut call = self.http.post(&self.http_url).body(body.to_vec());
        if let Some(ct) = content_type {
            call = call.header("content-type", ct);
        }
        if let Some(ce) = content_encoding {
            call = call.header("content-encoding", ce);
        }
        let answer = self.wait("an OTLP/HTTP request", async {
            let resp = call.send().await.expect("an HTTP answer");
            HttpAnswer {
                status: resp.status().as_u16(),
                content_type: resp
                    .headers()
                    .get("content-type")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string),
                body: resp.bytes().await.expect("the answer's body"),
            }
        });
        // An unsupported content type is answered in JSON, the one readable by eye.
        let encoding = oracle::content_type(content_type).unwrap_or(Encoding::Json);
        let outcome = check_http(encoding, expected, &answer);
        self.settle(expected, outcome);
        outcome
    }

    /// Sends one OTLP/gRPC request body (gRPC framing included) and checks its answer.
    pub(crate) fn grpc(&mut self, grpc_encoding: Option<&str>, body: Vec<u8>) -> Outcome {
        // grpc-encoding names are case-sensitive (the gRPC HTTP/2 protocol).
        let packing = match grpc_encoding {
            None | Some("identity") => Some(oracle::Packing::Plain),
            Some("gzip") => Some(oracle::Packing::Gzip),
            Some("zstd") => Some(oracle::Packing::Zstd),
            Some(_) => None,
        };
        let expected = match (packing, oracle::framing(&body, MAX_REQUEST_BYTES)) {
            (None, _) => GrpcExpected::Unsupported,
            (Some(p), oracle::Framing::One { flag, message }) => {
                GrpcExpected::Exactly(oracle::expect_grpc(p, flag, message, MAX_REQUEST_BYTES))
            }
            (Some(_), oracle::Framing::OverLimit) => {
                GrpcExpected::Exactly(Expected::Refused(Refusal::TooLarge))
            }
            (Some(_), oracle::Framing::Several) => {
                GrpcExpected::Exactly(Expected::Refused(Refusal::Malformed))
            }
            (Some(_), oracle::Framing::Incomplete) => GrpcExpected::Incomplete,
        };
        let mut req = http::Request::builder()
            .method("POST")
            .uri(&self.grpc_url)
            .header("content-type", "application/grpc")
            .header("te", "trailers");
        if let Some(e) = grpc_encoding {
            req = req.header("grpc-encoding", e);
        }
        let req = req
            .body(tonic::body::Body::new(http_body_util::Full::new(
                Bytes::from(body),
            )))
            .expect("a request");
        let mut channel = self.grpc.clone();
        let answer = self.wait("an OTLP/gRPC request", async move {
            std::future::poll_fn(|cx| channel.poll_ready(cx))
                .await
                .expect("the channel is ready");
            let resp = channel.call(req).await.expect("a gRPC answer");
            let (parts, body) = resp.into_parts();
            let collected = body.collect().await.expect("the answer's body");
            let trailers = collected.trailers().cloned();
            let data = collected.to_bytes();
            let status = tonic::Status::from_header_map(&parts.headers)
                .or_else(|| trailers.as_ref().and_then(tonic::Status::from_header_map))
                .expect("grpc-status in the headers or trailers");
            GrpcAnswer {
                http_status: parts.status.as_u16(),
                content_type: parts
                    .headers
                    .get("content-type")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string),
                status,
                messages: unframe(&data),
            }
        });
        let outcome = check_grpc(expected, &answer);
        let expected = match (outcome, expected) {
            (Outcome::Accepted { .. }, GrpcExpected::Exactly(e)) => e,
            _ => Expected::Refused(Refusal::Protocol),
        };
        self.settle(expected, outcome);
        outcome
    }

    /// Checks the receiver's counters against what its answers said.
    fn settle(&mut self, expected: Expected, outcome: Outcome) {
        self.tally.calls += 1;
        if let (Expected::Accepted { spans, .. }, Outcome::Accepted { rejected }) =
            (expected, outcome)
        {
            self.tally.accepted_requests += 1;
            self.tally.accepted_spans += spans as u64;
            self.tally.rejected_spans += rejected as u64;
        }
        assert_eq!(
            SERVER_PANICS.load(Relaxed),
            0,
            "a thread of the receiver panicked (its message is above)"
        );
        let telemetry = self.running().telemetry.clone();
        let i = &telemetry.ingest;
        let (mut read, mut refused) = (0, 0);
        for t in [&i.grpc, &i.http] {
            read += t.requests.load(Relaxed);
            let whole = [
                &t.refused_malformed,
                &t.refused_too_large,
                &t.refused_media_type,
                &t.refused_timeout,
                &t.refused_cancelled,
            ];
            refused += whole
                .into_iter()
                .chain(&t.refused)
                .map(|c| c.load(Relaxed))
                .sum::<u64>();
        }
        assert_eq!(
            read, self.tally.calls,
            "every Export call is counted as a request, whatever its answer"
        );
        assert_eq!(
            read,
            self.tally.accepted_requests + refused,
            "every request read is taken or counted in one refusal reason"
        );
        assert_eq!(
            telemetry.accepted_spans(),
            self.tally.accepted_spans - self.tally.rejected_spans,
            "the spans acknowledged at ingest are the spans of accepted requests less those their answers rejected"
        );
        // The pipeline publishes its counters just after it answers.
        let want = self.tally.accepted_spans;
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        let snapshot = loop {
            let s = telemetry.snapshot();
            if s.reconcile.spans_reconciled >= want || Instant::now() > deadline {
                break s;
            }
            std::thread::sleep(Duration::from_micros(200));
        };
        let r = snapshot.reconcile;
        assert_eq!(
            (r.spans_reconciled, r.spans_rejected),
            (want, self.tally.rejected_spans),
            "the pipeline counts the spans of the requests taken and the rejections answered"
        );
        assert!(r.outcomes.is_balanced(), "{:?}", r.outcomes);
    }

    /// Shuts the receiver down and checks that everything taken reached the backend.
    pub(crate) fn finish(mut self) {
        let running = self.receiver.take().expect("running");
        let telemetry = running.telemetry.clone();
        let report = self.wait("shutdown", running.shutdown());
        assert!(report.clean, "the receiver shut down within its deadline");
        let r = telemetry.snapshot().reconcile;
        for d in telemetry.export.destinations() {
            assert!(
                d.counters.dropped().iter().all(|(_, n)| *n == 0),
                "{} dropped {:?}",
                d.name,
                d.counters.dropped()
            );
        }
        let c = &self.counted;
        let window_spans = r.window_spans_closed + r.window_spans_unclosed;
        assert_eq!(
            c.spans.load(Relaxed),
            self.tally.accepted_spans - self.tally.rejected_spans + window_spans,
            "every span taken and not rejected is exported, with the window spans"
        );
        assert_eq!(
            c.kernel_spans.load(Relaxed),
            r.outcomes.executions,
            "every kernel span leaves with one gpu.serialized, counted once"
        );
        let stamps = c.stamps.each_ref().map(|n| n.load(Relaxed));
        let o = r.outcomes;
        assert_eq!(stamps, [o.serialized, o.not_serialized, o.unknown]);
    }
}

fn unframe(mut data: &[u8]) -> Vec<(u8, Bytes)> {
    let mut out = Vec::new();
    while !data.is_empty() {
        assert!(data.len() >= 5, "a truncated gRPC message in the answer");
        let len = u32::from_be_bytes(data[1..5].try_into().expect("4 bytes")) as usize;
        assert!(
            data.len() >= 5 + len,
            "a truncated gRPC message in the answer"
        );
        out.push((data[0], Bytes::copy_from_slice(&data[5..5 + len])));
        data = &data[5 + len..];
    }
    out
}

fn decode_response(encoding: Encoding, body: &[u8]) -> ExportTraceServiceResponse {
    match encoding {
        Encoding::Protobuf => ExportTraceServiceResponse::decode(body)
            .expect("a 200 body is an ExportTraceServiceResponse"),
        Encoding::Json => {
            let v: serde_json::Value =
                serde_json::from_slice(body).expect("a 200 JSON body is JSON");
            let known = |v: &serde_json::Value, keys: &[&str]| {
                v.as_object()
                    .is_some_and(|o| o.keys().all(|k| keys.contains(&k.as_str())))
            };
            assert!(known(&v, &["partialSuccess"]), "OTLP/JSON field names: {v}");
            // proto3 JSON reads null as the field's default.
            if let Some(p) = v.get("partialSuccess").filter(|p| !p.is_null()) {
                assert!(
                    known(p, &["rejectedSpans", "errorMessage"]),
                    "OTLP/JSON field names: {v}"
                );
            }
            serde_json::from_value(v).expect("a 200 body is an ExportTraceServiceResponse")
        }
    }
}

fn decode_status(encoding: Encoding, body: &[u8]) -> tonic_types::Status {
    match encoding {
        Encoding::Protobuf => {
            tonic_types::Status::decode(body).expect("an error body is a google.rpc.Status")
        }
        Encoding::Json => {
            let v: serde_json::Value =
                serde_json::from_slice(body).expect("an error JSON body is JSON");
            tonic_types::Status {
                code: v["code"]
                    .as_i64()
                    .and_then(|c| i32::try_from(c).ok())
                    .unwrap_or_else(|| panic!("google.rpc.Status code: {v}")),
                message: v["message"]
                    .as_str()
                    .unwrap_or_else(|| panic!("google.rpc.Status message: {v}"))
                    .to_string(),
                details: vec![],
            }
        }
    }
}

fn check_http(encoding: Encoding, expected: Expected, answer: &HttpAnswer) -> Outcome {
    let ct = match encoding {
        Encoding::Protobuf => "application/x-protobuf",
        Encoding::Json => "application/json",
    };
    let text = String::from_utf8_lossy(&answer.body);
    assert_eq!(
        answer.content_type.as_deref(),
        Some(ct),
        "the answer is in the request's encoding ({} {text})",
        answer.status
    );
    match expected {
        Expected::Accepted { spans, rejected } => {
            assert_eq!(answer.status, 200, "expected {expected:?}, got {text}");
            let resp = decode_response(encoding, &answer.body);
            check_partial_success(&resp, spans, rejected);
            Outcome::Accepted { rejected }
        }
        Expected::Refused(r) => {
            let want = match r {
                Refusal::MediaType => 415,
                // The HTTP path stops decoding one byte past the limit.
                Refusal::TooLarge | Refusal::TooLargeOrMalformed => 413,
                Refusal::Malformed | Refusal::Protocol => 400,
            };
            assert_eq!(answer.status, want, "expected {expected:?}, got {text}");
            let status = decode_status(encoding, &answer.body);
            // The body's code is the one gRPC answers the same request with.
            let code = match want {
                413 => tonic::Code::ResourceExhausted,
                _ => tonic::Code::InvalidArgument,
            };
            assert_eq!(status.code, code as i32, "{status:?}");
            assert!(!status.message.is_empty(), "an error says why");
            Outcome::Refused
        }
    }
}

fn check_partial_success(resp: &ExportTraceServiceResponse, spans: usize, rejected: usize) {
    let got = resp
        .partial_success
        .as_ref()
        .map_or(0, |p| p.rejected_spans);
    assert_eq!(
        got, rejected as i64,
        "exactly the spans with invalid ids are rejected ({spans} spans): {resp:?}"
    );
    if rejected > 0 {
        let msg = &resp.partial_success.as_ref().expect("set").error_message;
        assert!(!msg.is_empty(), "a rejection says why");
    }
}

fn check_grpc(expected: GrpcExpected, answer: &GrpcAnswer) -> Outcome {
    use tonic::Code;
    assert_eq!(
        answer.http_status, 200,
        "gRPC answers on HTTP 200: {answer:?}"
    );
    assert!(
        answer
            .content_type
            .as_deref()
            .is_some_and(|ct| ct.starts_with("application/grpc")),
        "{answer:?}"
    );
    let code = answer.status.code();
    if code != Code::Ok {
        assert!(answer.messages.is_empty(), "an error carries no message");
        assert!(
            !answer.status.message().is_empty(),
            "an error says why: {:?}",
            answer.status
        );
    }
    let framing = [Code::Internal, Code::OutOfRange, Code::ResourceExhausted];
    let first = match expected {
        GrpcExpected::Unsupported => {
            assert_eq!(code, Code::Unimplemented, "an unsupported grpc-encoding");
            return Outcome::Refused;
        }
        GrpcExpected::Incomplete if framing.contains(&code) => return Outcome::Refused,
        GrpcExpected::Incomplete => {
            panic!("no complete message, yet {:?}", answer.status)
        }
        GrpcExpected::Exactly(e) => e,
    };
    match (first, code) {
        (Expected::Accepted { spans, rejected }, Code::Ok) => {
            let [(0, message)] = answer.messages.as_slice() else {
                panic!("OK carries one uncompressed message: {answer:?}");
            };
            let resp = ExportTraceServiceResponse::decode(message.clone())
                .expect("OK carries an ExportTraceServiceResponse");
            check_partial_success(&resp, spans, rejected);
            Outcome::Accepted { rejected }
        }
        (Expected::Refused(Refusal::Malformed), Code::InvalidArgument) => Outcome::Refused,
        (Expected::Refused(Refusal::TooLarge), Code::OutOfRange | Code::ResourceExhausted) => {
            Outcome::Refused
        }
        (Expected::Refused(Refusal::Protocol), Code::Internal) => Outcome::Refused,
        (
            Expected::Refused(Refusal::TooLargeOrMalformed),
            Code::OutOfRange | Code::ResourceExhausted | Code::InvalidArgument,
        ) => Outcome::Refused,
        _ => panic!("expected {expected:?}, got {:?}", answer.status),
    }
}

/// A request through the reconciler on its own, twice (a replay: duplicate windows and
/// spans), then every deadline passed and the rest drained: exactly its spans with
/// invalid ids are rejected, every other span leaves (plain spans untouched), every
/// kernel span with exactly one valid `gpu.serialized`, and the outcome identity holds.
pub(crate) fn reconcile(req: &ExportTraceServiceRequest) {
    let mut r = Reconciler::new(ReconcileConfig {
        delay: Duration::from_nanos(10),
        max_held_spans: 8,
        store: StoreLimits {
            max_windows_per_process: 4,
            max_processes: 4,
        },
        ..ReconcileConfig::default()
    });
    let n = oracle::spans(req).count();
    let bad = oracle::spans(req).filter(|s| !oracle::ids_valid(s)).count();
    let mut out = Vec::new();
    for now in [0, 5] {
        let prepared = Prepared::new(req.clone());
        let report = prepared.report().clone();
        let ready = decoded(r.ingest(prepared, now));
        assert_eq!(
            report.rejected_spans,
            bad as i64,
            "{}",
            report.error_message()
        );
        out.extend(ready);
    }
    out.extend(decoded(r.tick(1_000)));
    out.extend(decoded(r.drain()));
    let c = r.counters();
    assert_eq!(
        (c.spans_reconciled, c.spans_rejected),
        (2 * n as u64, 2 * bad as u64)
    );
    assert!(c.outcomes.is_balanced(), "{:?}", c.outcomes);
    assert_eq!(r.held(), 0, "drained");
    // Plain spans leave byte for byte; what else leaves is a kernel span or a window
    // span the receiver made.
    let is_kernel = |attrs: &[KeyValue]| {
        attrs
            .iter()
            .any(|kv| kv.key == a::GPU_KERNEL_NAME || kv.key == a::GPU_SERIALIZED)
    };
    let mut plain: std::collections::HashMap<Vec<u8>, usize> = Default::default();
    let mut kernels = 0;
    for s in oracle::spans(req).filter(|s| oracle::ids_valid(s)) {
        if is_kernel(&s.attributes) {
            kernels += 2;
        } else {
            *plain.entry(s.encode_to_vec()).or_default() += 2;
        }
    }
    let (mut kernels_out, mut window_spans) = (0, 0);
    for req in &out {
        for s in oracle::spans(req) {
            if is_kernel(&s.attributes) {
                kernels_out += 1;
                let values: Vec<_> = s
                    .attributes
                    .iter()
                    .filter(|kv| kv.key == a::GPU_SERIALIZED)
                    .collect();
                let one = otlp::get_str(&s.attributes, a::GPU_SERIALIZED)
                    .and_then(|v| v.parse::<semconv::Serialized>().ok());
                assert!(
                    values.len() == 1 && one.is_some(),
                    "a kernel span leaves with exactly one valid gpu.serialized: {values:?}"
                );
            } else if let Some(n) = plain.get_mut(&s.encode_to_vec()).filter(|n| **n > 0) {
                *n -= 1;
            } else {
                assert_eq!(
                    s.name,
                    a::SPAN_GPU_SAMPLING_WINDOW,
                    "an unknown span left: {s:?}"
                );
                window_spans += 1;
            }
        }
    }
    assert!(plain.values().all(|n| *n == 0), "every plain span leaves");
    assert_eq!(kernels_out, kernels, "every kernel span leaves, once");
    assert_eq!(c.outcomes.executions, kernels as u64);
    assert_eq!(
        window_spans,
        c.window_spans_closed + c.window_spans_unclosed,
        "one window span per burst the store kept"
    );
}

/// A `gpu.sampling.window` event (protobuf) through the window codec: decoding never
/// panics; a decoded window is well formed and round-trips; a window kept opaque (an
/// unknown mode) round-trips as opaque.
pub(crate) fn window_codec(data: &[u8]) {
    let Ok(event) = Event::decode(data) else {
        return;
    };
    match codec::decode(&event.attributes) {
        Ok(w) => {
            assert!(!w.is_inverted(), "{w:?}");
            assert!(!w.is_open() || w.quiet_tail == semconv::QuietTail::None);
            assert_ne!(w.mode, SamplingMode::Opaque);
            assert_eq!(codec::decode(&codec::encode(&w)), Ok(w));
            let e = codec::to_event(&w);
            assert!(codec::is_window_event(&e));
            assert_eq!(codec::decode(&e.attributes), Ok(w));
        }
        Err(WindowDecodeError::UnknownMode { window, .. }) => {
            assert_eq!(window.mode, SamplingMode::Opaque);
            assert!(matches!(
                codec::decode(&codec::encode(&window)),
                Err(WindowDecodeError::UnknownMode { window: again, .. }) if again == window
            ));
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}
