//! The kernel metrics stage's cost per span, on the H200 captures as the receiver
//! exports them: the CUDA example (short names) and PyTorch training (long template
//! names). `cargo bench -p gpu-otel-receiver --bench kernel_metrics`.

use std::io::Read as _;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use receiver::kernel_metrics::{KernelMetrics, MetricsSettings};
use receiver::reconcile::Ready;
use receiver::wire::WireRequest;

fn capture(name: &str) -> Vec<Ready> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&path).expect(&path))
        .read_to_string(&mut text)
        .expect("gzip");
    receiver::conformance::read_json(&text)
        .expect("OTLP JSON")
        .into_iter()
        .map(|r| (WireRequest::from(r), Default::default()))
        .collect()
}

fn observe(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernel_metrics_observe");
    for file in [
        "h200_demo_receiver_output.jsonl.gz",
        "h200_torch_train_receiver_output.jsonl.gz",
    ] {
        let ready = capture(file);
        let spans: u64 = ready.iter().map(|(r, _)| r.span_count()).sum();
        g.throughput(Throughput::Elements(spans));
        g.bench_function(file.trim_end_matches("_receiver_output.jsonl.gz"), |b| {
            let mut m = KernelMetrics::new(MetricsSettings {
                enabled: true,
                interval: Duration::from_secs(1),
                top_names: 20,
            });
            let mut now = 0;
            b.iter(|| {
                now += 1;
                m.observe(&ready, now, true);
                // One interval per pass, as at a 1 s interval and this many spans.
                m.flush(now)
            })
        });
        g.bench_function(
            format!(
                "{}_read_only",
                file.trim_end_matches("_receiver_output.jsonl.gz")
            ),
            |b| {
                b.iter(|| {
                    let mut n = 0u64;
                    for (r, _) in &ready {
                        for rs in &r.resource_spans {
                            for s in rs.scope_spans.iter().flat_map(|ss| &ss.spans) {
                                if let Some(k) = receiver::wire::KernelFields::read(s) {
                                    n += k.end - k.start;
                                }
                            }
                        }
                    }
                    n
                })
            },
        );
    }
}

criterion_group!(benches, observe);
criterion_main!(benches);
