//! Bytes on the wire per kernel span, and the CPU compression costs, for OTLP-JSON
//! captures of what the receiver exports (its file sink's format; `.gz` read too).
//!
//! ```sh
//! cargo run --release -p gpu-otel-receiver --example output_bytes -- \
//!     receiver/tests/fixtures/h200_demo_receiver_output.jsonl.gz
//! ```
//!
//! Each file's spans are cut into export requests as the exporter cuts them (requests
//! joined up to `export.max_batch_bytes`, 512 KiB by default) and encoded as protobuf;
//! each request is then compressed as the export path would: gzip and zstd at the levels
//! the client uses over OTLP/HTTP (gzip 1, zstd 1) and over OTLP/gRPC through tonic
//! (gzip 6, zstd 3). One JSON line per file and codec: spans, kernel spans (those with
//! `gpu.kernel.name`), requests, bytes, bytes per span and per kernel span, and the
//! compression's CPU time per span (median of `--rounds`, this thread alone).

use std::io::{Read as _, Write as _};
use std::time::Instant;

use clap::Parser;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::trace::v1::ResourceSpans;
use prost::Message;
use receiver::conformance;

#[derive(Debug, Parser)]
struct Args {
    /// OTLP-JSON files, one request per line (`.gz` decompressed).
    files: Vec<std::path::PathBuf>,
    /// Largest export request, encoded bytes.
    #[arg(long, default_value_t = receiver::config::BATCH_MAX_BYTES_DEFAULT)]
    max_batch_bytes: usize,
    /// Rounds of compression timed; the median is reported.
    #[arg(long, default_value_t = 5)]
    rounds: usize,
}

#[derive(Debug, Clone, Copy)]
enum Codec {
    None,
    Gzip(u32),
    Zstd(i32),
}

impl Codec {
    fn name(self) -> String {
        match self {
            Codec::None => "none".into(),
            Codec::Gzip(l) => format!("gzip-{l}"),
            Codec::Zstd(l) => format!("zstd-{l}"),
        }
    }

    fn compress(self, body: &[u8]) -> usize {
        match self {
            Codec::None => body.len(),
            Codec::Gzip(level) => {
                let mut gz =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
                gz.write_all(body).expect("in memory");
                gz.finish().expect("in memory").len()
            }
            Codec::Zstd(level) => zstd::bulk::compress(body, level).expect("in memory").len(),
        }
    }
}

fn read(path: &std::path::Path) -> Vec<ExportTraceServiceRequest> {
    let mut raw = Vec::new();
    std::fs::File::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .read_to_end(&mut raw)
        .expect("readable");
    let text = if path.extension().is_some_and(|e| e == "gz") {
        let mut t = String::new();
        flate2::read::MultiGzDecoder::new(&raw[..])
            .read_to_string(&mut t)
            .expect("gzip text");
        t
    } else {
        String::from_utf8(raw).expect("text")
    };
    conformance::read_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The requests the exporter would send: whole resource spans joined in order until
/// the next would pass `max` encoded bytes.
fn batches(reqs: Vec<ExportTraceServiceRequest>, max: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut cur: Vec<ResourceSpans> = Vec::new();
    let mut size = 0;
    for rs in reqs.into_iter().flat_map(|r| r.resource_spans) {
        let len = ExportTraceServiceRequest {
            resource_spans: vec![rs.clone()],
        }
        .encoded_len();
        if size + len > max && !cur.is_empty() {
            out.push(
                ExportTraceServiceRequest {
                    resource_spans: std::mem::take(&mut cur),
                }
                .encode_to_vec(),
            );
            size = 0;
        }
        size += len;
        cur.push(rs);
    }
    if !cur.is_empty() {
        out.push(
            ExportTraceServiceRequest {
                resource_spans: cur,
            }
            .encode_to_vec(),
        );
    }
    out
}

fn main() {
    let args = Args::parse();
    let codecs = [
        Codec::None,
        Codec::Gzip(1),
        Codec::Gzip(6),
        Codec::Zstd(1),
        Codec::Zstd(3),
    ];
    for path in &args.files {
        let reqs = read(path);
        let spans = receiver::fixtures::spans_of(&reqs);
        let kernels = spans
            .iter()
            .filter(|(_, s)| {
                s.attributes
                    .iter()
                    .any(|kv| kv.key == semconv::attributes::GPU_KERNEL_NAME)
            })
            .count();
        let n = spans.len();
        let bodies = batches(reqs, args.max_batch_bytes);
        for codec in codecs {
            let bytes: usize = bodies.iter().map(|b| codec.compress(b)).sum();
            let mut times: Vec<f64> = (0..args.rounds)
                .map(|_| {
                    let t = Instant::now();
                    let total: usize = bodies.iter().map(|b| codec.compress(b)).sum();
                    assert_eq!(total, bytes, "compression is deterministic");
                    t.elapsed().as_nanos() as f64 / n as f64
                })
                .collect();
            times.sort_by(f64::total_cmp);
            println!(
                "{}",
                serde_json::json!({
                    "file": path.file_name().map(|f| f.to_string_lossy()),
                    "codec": codec.name(),
                    "spans": n,
                    "kernel_spans": kernels,
                    "requests": bodies.len(),
                    "bytes": bytes,
                    "bytes_per_span": (bytes as f64 / n as f64 * 10.0).round() / 10.0,
                    "bytes_per_kernel_span": (bytes as f64 / kernels.max(1) as f64 * 10.0).round() / 10.0,
                    "compress_ns_per_span": times[times.len() / 2].round(),
                })
            );
        }
    }
}
