//! Carry rate at scale: a million kernel records through the injector's export path
//! and the project's receiver arrive at the backend as a million kernel spans.
//! Counted at both ends: records the producer offered == kernel spans the backend holds.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gpu_otel_examples::load;
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use semconv::Tier;

const RECORDS: u64 = 1_000_000;

#[test]
fn a_million_records_arrive_as_a_million_kernel_spans_through_the_receiver() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (running, counted) = load::receiver_to_counting_backend(&rt).expect("the receiver starts");

    let process = ProcessInfo::current();
    let settings = Settings {
        // Room for the whole run: this test is about loss, not about the budget.
        budget_bytes: 4 << 30,
        ..Settings::for_process(&process, Some("million"), None, Tier::Off)
    };
    let stats = Arc::new(Stats::default());
    let (queue, handle) = worker::spawn_grpc(
        settings,
        stats.clone(),
        format!("http://{}", running.grpc_addr),
    )
    .unwrap();
    let names = load::torch_names();
    let produced = load::produce(
        &queue,
        &names,
        2_000_000,
        RECORDS,
        Duration::from_millis(100),
        None,
        |_| {},
    );
    assert_eq!(produced.refused, 0, "the budget took every record");
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(300)));
    drop(queue);
    handle.join().unwrap();
    assert_eq!(stats.kernel_spans_exported.load(Ordering::Relaxed), RECORDS);
    assert_eq!(stats.unexported(), 0);

    let at_backend = load::settle(
        || counted.kernel_spans.load(Ordering::Relaxed),
        Duration::from_secs(2),
        Duration::from_secs(300),
    );
    rt.block_on(running.shutdown());
    assert_eq!(
        at_backend, RECORDS,
        "records offered == kernel spans at the backend"
    );
    assert_eq!(
        counted.stamps[1].load(Ordering::Relaxed),
        RECORDS,
        "tier off: all false"
    );
}
