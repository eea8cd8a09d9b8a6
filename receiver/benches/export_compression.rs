//! What each compression costs the export path per span, and what it saves, on the H200
//! captures as the receiver exports them (each request of the capture encoded as the
//! exporter encodes a batch): gzip at levels 1 and 6 with the flate2 backend the
//! receiver is built with (zlib-rs) and with libdeflate, zstd at levels 1 and 3. tonic
//! compresses gRPC messages itself at gzip level 6 and zstd level 3; the HTTP exporter
//! at level 1. Prints bytes per span for each before the timings.
//! `cargo bench -p gpu-otel-receiver --bench export_compression --features bench-libdeflate`
//! (without the feature, no libdeflate arms).

use std::io::{Read as _, Write as _};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use prost::Message;

fn capture(name: &str) -> (Vec<Vec<u8>>, u64) {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&path).expect(&path))
        .read_to_string(&mut text)
        .expect("gzip");
    let requests = receiver::conformance::read_json(&text).expect("OTLP JSON");
    let spans = requests
        .iter()
        .flat_map(|r| &r.resource_spans)
        .flat_map(|rs| &rs.scope_spans)
        .map(|ss| ss.spans.len() as u64)
        .sum();
    (requests.iter().map(|r| r.encode_to_vec()).collect(), spans)
}

/// A named way to compress one request.
type Encoder = (&'static str, Box<dyn Fn(&[u8]) -> Vec<u8>>);

fn flate2_gzip(level: u32) -> impl Fn(&[u8]) -> Vec<u8> {
    move |body| {
        let mut gz = flate2::write::GzEncoder::new(
            Vec::with_capacity(body.len() / 4),
            flate2::Compression::new(level),
        );
        gz.write_all(body).unwrap();
        gz.finish().unwrap()
    }
}

#[cfg(feature = "bench-libdeflate")]
fn libdeflate_gzip(level: i32) -> impl Fn(&[u8]) -> Vec<u8> {
    move |body| {
        let mut c = libdeflater::Compressor::new(libdeflater::CompressionLvl::new(level).unwrap());
        let mut out = vec![0; c.gzip_compress_bound(body.len())];
        let n = c.gzip_compress(body, &mut out).unwrap();
        out.truncate(n);
        out
    }
}

fn zstd_level(level: i32) -> impl Fn(&[u8]) -> Vec<u8> {
    move |body| zstd::bulk::compress(body, level).unwrap()
}

fn encoders() -> Vec<Encoder> {
    vec![
        ("none", Box::new(|b: &[u8]| b.to_vec())),
        ("gzip1_zlib-rs", Box::new(flate2_gzip(1))),
        ("gzip6_zlib-rs", Box::new(flate2_gzip(6))),
        #[cfg(feature = "bench-libdeflate")]
        ("gzip1_libdeflate", Box::new(libdeflate_gzip(1))),
        #[cfg(feature = "bench-libdeflate")]
        ("gzip6_libdeflate", Box::new(libdeflate_gzip(6))),
        ("zstd1", Box::new(zstd_level(1))),
        ("zstd3", Box::new(zstd_level(3))),
    ]
}

fn compress(c: &mut Criterion) {
    for file in [
        "h200_torch_train_receiver_output.jsonl.gz",
        "h200_torch_graph_receiver_output.jsonl.gz",
    ] {
        let (bodies, spans) = capture(file);
        let raw: usize = bodies.iter().map(Vec::len).sum();
        let name = file.trim_end_matches("_receiver_output.jsonl.gz");
        let mut g = c.benchmark_group(format!("export_compression_{name}"));
        g.throughput(Throughput::Elements(spans));
        for (label, enc) in encoders() {
            let out: usize = bodies.iter().map(|b| enc(b).len()).sum();
            println!(
                "{name} {label}: {:.1} bytes/span ({:.1}x smaller), {spans} spans, {} requests",
                out as f64 / spans as f64,
                raw as f64 / out as f64,
                bodies.len()
            );
            g.bench_function(label, |b| {
                b.iter(|| bodies.iter().map(|body| enc(body).len()).sum::<usize>())
            });
        }
        g.finish();
    }
}

criterion_group!(benches, compress);
criterion_main!(benches);
