//! What the launch accounting adds to a launch callback on the application's thread:
//! `Launches::on` for a kernel launch and for a graph launch (an exec table look-up; in
//! the launches mode also its entry among the replays awaiting their record), on one
//! thread and on 8 threads launching at once (the ring's shared counters).
//! CUPTI's own cost of the callback is not here: it is measured on a GPU
//! (docs/measurements/).
//!
//! `cargo bench -p gpu-otel-injector --bench launches`

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use gpu_otel_injector::completeness::Launch;
use gpu_otel_injector::launches::Launches;
use gpu_otel_injector::GraphRecords;

fn one_thread(c: &mut Criterion) {
    let l = Launches::default();
    let kept = Launches::for_graph_records(GraphRecords::Launches);
    for e in 1..=300usize {
        for l in [&l, &kept] {
            l.on(Launch::ExecCreated {
                exec: e << 12,
                kernels: Some(198),
            });
        }
    }
    let mut id = 1u32;
    c.bench_function("kernel launch", |b| {
        b.iter(|| {
            id = id.wrapping_add(1);
            l.on(Launch::Kernel { correlation_id: id });
        })
    });
    c.bench_function("graph launch (300 execs known)", |b| {
        b.iter(|| {
            id = id.wrapping_add(1);
            l.on(Launch::Graph {
                correlation_id: id,
                exec: (1 + (id as usize % 300)) << 12,
            });
        })
    });
    c.bench_function(
        "graph launch, launches mode (its record takes the entry)",
        |b| {
            b.iter(|| {
                id = id.wrapping_add(1);
                kept.on(Launch::Graph {
                    correlation_id: id,
                    exec: (1 + (id as usize % 300)) << 12,
                });
                kept.take_kernel_nodes(id)
            })
        },
    );
}

fn eight_threads(c: &mut Criterion) {
    const PER_THREAD: u32 = 100_000;
    c.bench_function("kernel launches, 8 threads x 100k", |b| {
        b.iter_batched(
            || Arc::new(Launches::default()),
            |l| {
                let threads: Vec<_> = (0..8u32)
                    .map(|t| {
                        let l = l.clone();
                        std::thread::spawn(move || {
                            for i in 0..PER_THREAD {
                                l.on(Launch::Kernel {
                                    correlation_id: t * PER_THREAD + i + 1,
                                });
                            }
                        })
                    })
                    .collect();
                for t in threads {
                    t.join().unwrap();
                }
            },
            BatchSize::PerIteration,
        )
    });
}

criterion_group!(benches, one_thread, eight_threads);
criterion_main!(benches);
