//! Reading a request at ingest: the containers decoded, each span checked in place as
//! `prost` would decode it (`SpanMeta::read`): GPU-shaped kernel spans, as the injector
//! sends them (16 attributes, PyTorch's long names).

use bytes::Bytes;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use prost::Message;
use receiver::fixtures::{gpu_kernel, request, resource};
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
    g.finish();
}

criterion_group!(benches, read);
criterion_main!(benches);
