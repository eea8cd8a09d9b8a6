//! The persistent queue keeps each request as it arrived: an OTLP/HTTP body compressed
//! with gzip or zstd, or in OTLP/JSON, is on disk in its own encoding (nothing is
//! decoded and encoded again to be kept; an uncompressed body is compressed with
//! `queue.compression`), and after a restart every span of it is delivered once,
//! decoded from what was stored.

mod support;

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use otlp_client::Compression;
use prost::Message as _;
use receiver::fixtures::{self, kernel, plain, request, resource};
use receiver::pipeline;
use semconv::{Serialized, Tier};
use support::backend::backend;
use support::queue::config;

/// Request `i`: kernel spans of an off-tier process (exported as they come) and plain
/// ones, with a repeated attribute so that compression has something to take.
fn request_of(i: u64) -> ExportTraceServiceRequest {
    let mut spans: Vec<_> = (0..5)
        .map(|j| kernel(i * 100 + j, 1_000 + j, 2_000 + j, Some(Serialized::False)))
        .collect();
    spans.extend((0..10).map(|j| plain(i * 100 + 50 + j)));
    request(resource("bytes", i as i64 + 1, Some(Tier::Off)), spans)
}

fn span_ids(reqs: &[ExportTraceServiceRequest]) -> BTreeSet<Vec<u8>> {
    fixtures::spans_of(reqs)
        .into_iter()
        .map(|(_, s)| s.span_id.clone())
        .collect()
}

/// (content type, compression, body) of each request as sent.
fn bodies(reqs: &[ExportTraceServiceRequest]) -> Vec<(&'static str, Compression, Vec<u8>)> {
    let protobuf = |r: &ExportTraceServiceRequest| r.encode_to_vec();
    let json = |r: &ExportTraceServiceRequest| serde_json::to_vec(r).unwrap();
    let compress = |c: Compression, b: Vec<u8>| c.compress(b.into()).unwrap().to_vec();
    vec![
        (
            "application/x-protobuf",
            Compression::Gzip,
            compress(Compression::Gzip, protobuf(&reqs[0])),
        ),
        (
            "application/x-protobuf",
            Compression::Zstd,
            compress(Compression::Zstd, protobuf(&reqs[1])),
        ),
        ("application/json", Compression::None, json(&reqs[2])),
        (
            "application/json",
            Compression::Gzip,
            compress(Compression::Gzip, json(&reqs[3])),
        ),
        // Kept compressed as it came: read back in the proto's names, and rewritten then.
        (
            "application/json",
            Compression::Gzip,
            compress(
                Compression::Gzip,
                fixtures::snake_case_json(&reqs[4]).into_bytes(),
            ),
        ),
    ]
}

fn segments(dir: &Path) -> Vec<u8> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "seg") {
            all.extend(std::fs::read(path).unwrap());
        }
    }
    all
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compressed_and_json_bodies_are_kept_in_their_encoding_and_delivered_whole_after_a_restart()
{
    let tmp = tempfile::tempdir().unwrap();
    let queue = tmp.path().join("queue");
    let reqs: Vec<_> = (0..5).map(request_of).collect();
    let sent = bodies(&reqs);

    // Nothing listens at the destination: every request stays in the queue.
    let down = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", down.local_addr().unwrap());
    drop(down);
    let r = pipeline::start(config(&queue, url)).await.unwrap();
    let http = reqwest::Client::new();
    for (content_type, compression, body) in &sent {
        let mut post = http
            .post(format!("http://{}/v1/traces", r.http_addr))
            .header("content-type", *content_type)
            .body(body.clone());
        if let Some(c) = compression.content_encoding() {
            post = post.header("content-encoding", c);
        }
        let answer = post.send().await.unwrap();
        assert_eq!(answer.status(), 200, "{content_type} {compression:?}");
    }
    r.shutdown().await;

    let stored = segments(&queue);
    for (content_type, compression, body) in &sent {
        // One that arrived compressed as it arrived; one that did not as zstd (the
        // default queue.compression) compressed it.
        let on_disk = match compression {
            Compression::None => {
                assert!(body.len() >= 1024, "large enough to be compressed");
                let packed = Compression::Zstd.compress(body.clone().into()).unwrap();
                packed.to_vec()
            }
            _ => body.clone(),
        };
        assert!(
            contains(&stored, &on_disk),
            "the {content_type} body ({compression:?}) is on disk in its encoding"
        );
    }

    let (url, b) = backend().await;
    // With the destination down the exporters take the whole shutdown timeout: the
    // queue's threads then end (and close its files) on their own, a moment later.
    let started = Instant::now();
    let r = loop {
        match pipeline::start(config(&queue, url.clone())).await {
            Ok(r) => break r,
            Err(e) if started.elapsed() < Duration::from_secs(10) => {
                assert!(e.to_string().contains("in use"), "{e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("the queue does not open again: {e}"),
        }
    };
    let want = span_ids(&reqs);
    let started = Instant::now();
    let got = loop {
        let got = b.0.lock().unwrap().clone();
        if span_ids(&got).len() >= want.len() || started.elapsed() > Duration::from_secs(30) {
            break got;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    r.shutdown().await;
    let spans = fixtures::spans_of(&got).len();
    assert_eq!(span_ids(&got), want, "every span of every encoding");
    assert_eq!(spans, want.len(), "each once");
}
