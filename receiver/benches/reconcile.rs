//! The pure reconcile core: one producer's batch (windows, stamped kernel spans, plain
//! spans) through `Reconciler::ingest`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use receiver::fixtures::{kernel, plain, request, resource, window_carrier};
use receiver::reconcile::{ReconcileConfig, Reconciler};
use semconv::{SamplingMode, Serialized, Tier, Window};

fn batch(
    n: u64,
    spans: u64,
) -> opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest {
    let base = n * 1_000_000;
    let ks = SamplingMode::KernelSerialized;
    let windows = [
        Window::closed(base, base + 100_000, n * 2 + 1, ks),
        Window::closed(base + 900_000, base + 950_000, n * 2 + 2, ks),
    ];
    let mut out = vec![window_carrier(n, &windows)];
    for i in 0..spans {
        let s = base + 1_000 + i * 8_000;
        out.push(kernel(i, s, s + 5_000, Some(Serialized::False)));
        out.push(plain(i));
    }
    request(resource("bench", 1, Some(Tier::Serialized)), out)
}

fn ingest(c: &mut Criterion) {
    let mut g = c.benchmark_group("reconcile");
    let spans = 100;
    g.throughput(Throughput::Elements(2 * spans + 1));
    g.bench_function("ingest_serialized_batch_of_201_spans", |b| {
        let mut r = Reconciler::new(ReconcileConfig::default());
        let n = std::cell::Cell::new(0u64);
        b.iter_batched(
            || {
                n.set(n.get() + 1);
                batch(n.get(), spans)
            },
            |req| r.ingest(req, n.get()),
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

criterion_group!(benches, ingest);
criterion_main!(benches);
