//! The pure reconcile core: one producer's batch (windows, stamped kernel spans, plain
//! spans) through `Reconciler::ingest`, with the store empty, holding 4,096 or 60,000
//! windows of the producer, or 60,000 open windows of another producer pending; the
//! same batch under tier off as the floor; one request of 15,000 open windows.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use receiver::fixtures::{kernel, plain, request, resource, window_carrier};
use receiver::reconcile::{ReconcileConfig, Reconciler};
use semconv::{SamplingMode, Serialized, Tier, Window};

const KS: SamplingMode = SamplingMode::KernelSerialized;
/// Batches start after every preloaded window.
const T0: u64 = 1_000_000_000_000;

/// Batch `n` (from 1) of 100 kernels and 100 plain spans, with the two bursts that
/// settle them; `seq0` is the last sequence number the producer used before.
fn batch(n: u64, spans: u64, seq0: u64, tier: Tier) -> ExportTraceServiceRequest {
    let base = T0 + n * 1_000_000;
    let windows = [
        Window::closed(base, base + 100_000, seq0 + n * 2 - 1, KS),
        Window::closed(base + 900_000, base + 950_000, seq0 + n * 2, KS),
    ];
    let mut out = vec![window_carrier(n, &windows)];
    for i in 0..spans {
        let s = base + 1_000 + i * 8_000;
        out.push(kernel(i, s, s + 5_000, Some(Serialized::False)));
        out.push(plain(i));
    }
    request(resource("bench", 1, Some(tier)), out)
}

/// `count` windows of `pid`, before T0, in one request: closed, or open and pending.
fn preload(r: &mut Reconciler, pid: i64, count: u64, open: bool) {
    let windows: Vec<_> = (0..count)
        .map(|i| {
            let s = i * 1_000_000;
            if open {
                Window::open(s, i + 1, KS)
            } else {
                Window::closed(s, s + 100_000, i + 1, KS)
            }
        })
        .collect();
    for (i, chunk) in windows.chunks(1000).enumerate() {
        let req = request(
            resource("bench", pid, Some(Tier::Serialized)),
            vec![window_carrier(i as u64, chunk)],
        );
        r.ingest(req, 0);
    }
}

fn ingest(c: &mut Criterion) {
    let mut g = c.benchmark_group("reconcile");
    let spans = 100;
    g.throughput(Throughput::Elements(2 * spans + 1));
    let cases: [(&str, Tier, u64, bool, i64); 5] = [
        (
            "ingest_serialized_batch_of_201_spans",
            Tier::Serialized,
            0,
            false,
            1,
        ),
        ("ingest_off_batch_of_201_spans", Tier::Off, 0, false, 1),
        (
            "ingest_serialized_batch_4096_held_windows",
            Tier::Serialized,
            4096,
            false,
            1,
        ),
        (
            "ingest_serialized_batch_60000_held_windows",
            Tier::Serialized,
            60_000,
            false,
            1,
        ),
        (
            "ingest_serialized_batch_60000_open_windows_of_another_producer",
            Tier::Serialized,
            60_000,
            true,
            2,
        ),
    ];
    for (name, tier, held, open, pid) in cases {
        g.bench_function(name, |b| {
            let mut r = Reconciler::new(ReconcileConfig::default());
            preload(&mut r, pid, held, open);
            let seq0 = if pid == 1 { held } else { 0 };
            let n = std::cell::Cell::new(0u64);
            b.iter_batched(
                || {
                    n.set(n.get() + 1);
                    batch(n.get(), spans, seq0, tier)
                },
                |req| r.ingest(req, n.get()),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
    let mut g = c.benchmark_group("reconcile_one_request");
    g.sample_size(10);
    g.throughput(Throughput::Elements(15_000));
    g.bench_function("ingest_15000_open_windows", |b| {
        let opens: Vec<_> = (0..15_000u64)
            .map(|i| Window::open(i * 1_000_000, i + 1, KS))
            .collect();
        let req = request(
            resource("bench", 1, Some(Tier::Serialized)),
            vec![window_carrier(1, &opens)],
        );
        b.iter_batched(
            || (Reconciler::new(ReconcileConfig::default()), req.clone()),
            |(mut r, req)| r.ingest(req, 0),
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, ingest);
criterion_main!(benches);
