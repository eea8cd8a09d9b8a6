//! `GPU_OTEL_GRAPH_RECORDS=launches` end to end without a GPU: a fake CUPTI gives one
//! graph-trace record per CUDA-graph replay (what the H200 gave with GRAPH_TRACE
//! enabled) beside eager kernel records; launch accounting, the injector's export path
//! and the project's receiver carry them. Every execution launched is counted once at
//! each end: the injector's accounting balances, and the receiver counts each
//! `gpu.graph.launch` span as its kernel nodes.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gpu_otel_examples::load;
use gpu_otel_injector::completeness::Launch;
use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::launches::{Launches, Settler};
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use gpu_otel_injector::GraphRecords;
use semconv::Tier;

const T0: u64 = 1_764_430_000_000_000_000;
const MS: u64 = 1_000_000;
const NODES: u64 = 198;
const REPLAYS: u64 = 300;
const EAGER_PER_REPLAY: u64 = 2;
const EXEC: usize = 0x7f3a_5000;

#[test]
fn graph_replays_as_graph_launch_spans_count_as_their_kernel_nodes_at_both_ends() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (running, counted) = load::receiver_to_counting_backend(&rt).expect("the receiver starts");

    let process = ProcessInfo::current();
    let settings = Settings::for_process(&process, Some("decode"), None, Tier::Off);
    let stats = Arc::new(Stats::for_graph_records(GraphRecords::Launches));
    let (queue, handle) = worker::spawn_grpc(
        settings,
        stats.clone(),
        format!("http://{}", running.grpc_addr),
    )
    .unwrap();

    let launches = Launches::for_graph_records(GraphRecords::Launches);
    let mut settler = Settler::new(Duration::from_millis(500), &launches);
    launches.on(Launch::ExecCreated {
        exec: EXEC,
        kernels: Some(NODES),
    });
    let mut id = 100u32;
    let mut batch = Vec::new();
    for replay in 0..REPLAYS {
        let now = T0 + replay * 5 * MS;
        for k in 0..EAGER_PER_REPLAY {
            id += 1;
            launches.on(Launch::Kernel { correlation_id: id });
            let start = now + k * 10_000;
            batch.push(
                FakeKernel::new("_Z7samplerPf", start, start + 5_000)
                    .correlation(id)
                    .record(),
            );
        }
        id += 1;
        launches.on(Launch::Graph {
            correlation_id: id,
            exec: EXEC,
        });
        batch.push(
            FakeKernel::graph_launch(1, None, now + 100_000, now + 4 * MS)
                .correlation(id)
                .record(),
        );
        if replay % 50 == 49 {
            settler.records(&mut batch);
            assert!(queue.offer(std::mem::take(&mut batch)));
            settler.period(now, false, &stats, &queue);
        }
    }
    settler.period(T0 + REPLAYS * 5 * MS, true, &stats, &queue);
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(60)));
    drop(queue);
    handle.join().unwrap();

    let executions = REPLAYS * (NODES + EAGER_PER_REPLAY);
    let c = *stats.launches();
    assert_eq!(
        (c.expected, c.recorded, c.missing),
        (executions, executions, 0)
    );
    assert_eq!(c.graph_records, REPLAYS);
    assert_eq!(
        stats.graph_launch_spans_exported.load(Ordering::Relaxed),
        REPLAYS
    );
    let line = stats.summary();
    assert!(
        line.contains(&format!(
            "{} kernel spans ({REPLAYS} of them gpu.graph.launch spans, GPU_OTEL_GRAPH_RECORDS=launches)",
            REPLAYS * (1 + EAGER_PER_REPLAY)
        )),
        "{line}"
    );

    let at_receiver = load::settle(
        || running.telemetry.snapshot().reconcile.outcomes.executions,
        Duration::from_millis(500),
        Duration::from_secs(60),
    );
    let r = running.telemetry.snapshot().reconcile;
    rt.block_on(running.shutdown());
    assert_eq!(at_receiver, executions, "each replay counts as its nodes");
    let at_backend = load::settle(
        || counted.kernel_executions.load(Ordering::Relaxed),
        Duration::from_millis(500),
        Duration::from_secs(60),
    );
    assert_eq!(
        at_backend, executions,
        "the backend counts each replay as its nodes"
    );
    assert_eq!(
        (
            counted.kernel_spans.load(Ordering::Relaxed),
            counted.graph_launch_spans.load(Ordering::Relaxed),
            counted
                .graph_launches_of_unknown_size
                .load(Ordering::Relaxed)
        ),
        (REPLAYS * (1 + EAGER_PER_REPLAY), REPLAYS, 0)
    );
    assert_eq!(r.outcomes.not_serialized, executions, "tier off: all false");
    assert_eq!(
        (
            r.kernel_spans,
            r.graph_launch_spans,
            r.graph_launch_spans_unknown_size
        ),
        (REPLAYS * (1 + EAGER_PER_REPLAY), REPLAYS, 0)
    );
}
