//! Reading a request at ingest: the containers decoded, each span checked in place as
//! `prost` would decode it (`SpanMeta::read`): GPU-shaped kernel spans, as the injector
//! sends them (16 attributes, PyTorch's long names). And the steps of reading one back
//! from the queue (`replay.rs`): its stored body decompressed, counted (the census its
//! memory bound comes from) and decoded into the pipeline's type, each on its own, so
//! that what the replay does one request at a time can be set against what it does
//! several at once.

use bytes::Bytes;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use otlp_client::Compression;
use prost::Message;
use receiver::fixtures::{gpu_kernel, request, resource};
use receiver::reconcile::prepared::Prepared;
use receiver::wire::census::{Census, Encoding};
use receiver::wire::{SpanMeta, WireRequest};
use semconv::{Serialized, Tier};
use std::hint::black_box;

fn read(c: &mut Criterion) {
    let spans = 200;
    let req = request(
        resource("bench", 1, Some(Tier::Off)),
        (0..spans)
            .map(|i| gpu_kernel(i, 1_000 + i * 10, 1_005 + i * 10, Serialized::False))
            .collect(),
    );
    let body = Bytes::from(req.encode_to_vec());
    let mut g = c.benchmark_group("wire");
    g.throughput(Throughput::Elements(spans));
    g.bench_function("decode_and_check_200_gpu_shaped_spans", |b| {
        b.iter(|| {
            let w = WireRequest::decode(body.clone()).unwrap();
            for span in w
                .resource_spans
                .iter()
                .flat_map(|rs| &rs.scope_spans)
                .flat_map(|ss| &ss.spans)
            {
                black_box(SpanMeta::read(span).unwrap());
            }
        })
    });
    // As the queue stores an uncompressed body (queue.compression: zstd).
    let stored = Compression::Zstd.compress(body.clone()).unwrap();
    g.bench_function("replay_decompress_200_gpu_shaped_spans", |b| {
        b.iter(|| black_box(Compression::Zstd.decompress(&stored, 4 << 20).unwrap()))
    });
    g.bench_function("replay_census_200_gpu_shaped_spans", |b| {
        b.iter(|| {
            let c = Census::protobuf(&body);
            black_box(Prepared::decoded_bound(&c))
        })
    });
    g.bench_function("replay_decode_200_gpu_shaped_spans", |b| {
        b.iter(|| black_box(Prepared::decode_body(Encoding::Protobuf, body.clone()).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, read);
criterion_main!(benches);
