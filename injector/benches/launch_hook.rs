//! What PC sampling's launch hook (`runtime::pc::on_launch`) costs a launching thread
//! of a process whose tier is serialized, between bursts: one kernel launch (its ENTER
//! and EXIT callbacks), on one thread and on 8 threads launching at once, and a graph
//! launch once graphs refused the serialized tier for good. No CUPTI is attached, so no
//! context is enabled and no burst ever opens: this is the hook's own work, the part
//! the injector adds to CUPTI's cost of a subscribed callback (measured on a GPU:
//! docs/measurements/).
//!
//! `cargo bench -p gpu-otel-injector --bench launch_hook`

use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use gpu_otel_injector::bench::{bench_install_serialized, on_launch};
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use semconv::Tier;

fn install() {
    let process = ProcessInfo {
        pid: 1,
        executable_name: "bench".into(),
        host_name: None,
        instance_id: "bench".into(),
        container: Default::default(),
    };
    let settings = Settings::for_process(&process, None, None, Tier::Serialized);
    let sink = Arc::new(gpu_otel_injector::export::CountingSink::default());
    let (queue, _worker) =
        worker::spawn(settings, Arc::new(Stats::default()), move || Ok(sink)).expect("worker");
    bench_install_serialized(queue.sampling_sender());
    // The worker lives as long as the benchmark process.
    std::mem::forget(queue);
}

fn kernel_launches(c: &mut Criterion) {
    install();
    c.bench_function(
        "serialized between bursts: kernel launch (enter + exit)",
        |b| {
            b.iter(|| {
                on_launch(true, false);
                on_launch(false, false);
            })
        },
    );
    const PER_THREAD: u32 = 100_000;
    c.bench_function(
        "serialized between bursts: kernel launches, 8 threads x 100k",
        |b| {
            b.iter_batched(
                || (),
                |()| {
                    let threads: Vec<_> = (0..8)
                        .map(|_| {
                            std::thread::spawn(|| {
                                for _ in 0..PER_THREAD {
                                    on_launch(true, false);
                                    on_launch(false, false);
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
        },
    );
    // Last: the first graph launch refuses the serialized tier for the rest of the
    // process.
    c.bench_function(
        "serialized refused by graphs: graph launch (enter + exit)",
        |b| {
            b.iter(|| {
                on_launch(true, true);
                on_launch(false, true);
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = kernel_launches
}
criterion_main!(benches);
