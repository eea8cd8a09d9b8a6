//! CUPTI can stop recording and say nothing: on the H200 (CUDA 13.0) the kernels of
//! CUDA-graph replays stopped being recorded once its device buffer pool was used up,
//! while `cuptiActivityGetNumDroppedRecords` stayed 0. Here a fake CUPTI does the same
//! (it records the first replays of a 198-kernel graph, then none), and the launch
//! accounting is driven as the callbacks drive it: every execution the launches
//! promised is either a kernel span at a real OTLP receiver or counted as not recorded,
//! in `gpu.kernels.unrecorded` spans placed where the launches were, in the
//! `not_recorded` drop counter on the slice roots, and in the exit line.
//!
//! With `GPU_OTEL_GRAPH_RECORDS=launches` the fake CUPTI gives what the H200 gave with
//! graph-trace records enabled: one record per replay and none per node; each becomes
//! one `gpu.graph.launch` span standing for the replay's kernel nodes, and the same
//! balance holds.

mod common;

use std::time::{Duration, Instant};

use gpu_otel_injector::completeness::Launch;
use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::launches::{Launches, Settler};
use gpu_otel_injector::GraphRecords;
use opentelemetry_proto::tonic::trace::v1::Span;
use semconv::attributes as a;
use semconv::otlp;

const T0: u64 = 1_764_430_000_000_000_000;
const MS: u64 = 1_000_000;
const KERNELS_PER_REPLAY: u64 = 198;
const EXEC: usize = 0x7f3a_5000;

fn kernels(spans: &[Span]) -> u64 {
    spans
        .iter()
        .filter(|s| otlp::find(&s.attributes, a::GPU_KERNEL_NAME).is_some())
        .count() as u64
}

fn unrecorded(spans: &[Span]) -> Vec<&Span> {
    spans
        .iter()
        .filter(|s| s.name == a::SPAN_GPU_KERNELS_UNRECORDED)
        .collect()
}

fn graph_launches(spans: &[Span]) -> Vec<&Span> {
    spans
        .iter()
        .filter(|s| s.name == a::SPAN_GPU_GRAPH_LAUNCH)
        .collect()
}

/// The highest `not_recorded` drop counter any root span carried.
fn not_recorded_on_roots(spans: &[Span]) -> i64 {
    spans
        .iter()
        .filter(|s| s.name == a::SPAN_GPU_KERNELS)
        .flat_map(|s| &s.events)
        .filter(|e| {
            otlp::get_str(&e.attributes, a::GPU_TELEMETRY_DROP_REASON)
                == Some(a::gpu_telemetry_drop_reason::NOT_RECORDED)
        })
        .filter_map(|e| otlp::get_int(&e.attributes, a::GPU_TELEMETRY_DROP_COUNT))
        .max()
        .unwrap_or(0)
}

/// Replays a graph `replays` times, one replay every 5 ms of the fake clock, with CUPTI
/// recording the first `recorded` replays (as kernel records per node, or one
/// graph-trace record each, per `mode`); the collector's period every 20 replays.
/// Returns what reached the receiver and the counters.
fn run(
    replays: u64,
    recorded: u64,
    mode: GraphRecords,
) -> (Vec<Span>, gpu_otel_injector::stats::LaunchCounts) {
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    let launches = Launches::for_graph_records(mode);
    let mut settler = Settler::new(Duration::from_millis(500), &launches);
    launches.on(Launch::ExecCreated {
        exec: EXEC,
        kernels: Some(KERNELS_PER_REPLAY),
    });
    let mut batch = Vec::new();
    let mut id = 1000u32;
    let mut now = T0;
    for replay in 0..replays {
        id += 3; // other API calls take ids between replays
        now = T0 + replay * 5 * MS;
        launches.on(Launch::Graph {
            correlation_id: id,
            exec: EXEC,
        });
        if replay < recorded && mode == GraphRecords::Launches {
            let end = now + KERNELS_PER_REPLAY * 10_000;
            batch.push(
                FakeKernel::graph_launch(1, None, now, end)
                    .correlation(id)
                    .record(),
            );
        } else if replay < recorded {
            for k in 0..KERNELS_PER_REPLAY {
                let start = now + k * 10_000;
                batch.push(
                    FakeKernel::new("_Z6decodePf", start, start + 8_000)
                        .correlation(id)
                        .graph(1)
                        .record(),
                );
            }
        }
        if replay % 20 == 19 {
            settler.records(&mut batch);
            assert!(queue.offer(std::mem::take(&mut batch)));
            settler.period(now, false, &stats, &queue);
        }
    }
    settler.records(&mut batch);
    assert!(queue.offer(batch));
    // At exit: after the last flush, every block settles.
    settler.period(now + 10 * MS, true, &stats, &queue);
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(20)));
    let arrived = |spans: &[Span]| match mode {
        GraphRecords::Nodes => kernels(spans),
        GraphRecords::Launches => graph_launches(spans).len() as u64 * KERNELS_PER_REPLAY,
    };
    let expected_kernels = recorded * KERNELS_PER_REPLAY;
    let deadline = Instant::now() + Duration::from_secs(20);
    while arrived(&received.spans()) < expected_kernels && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let counts = *stats.launches();
    (received.spans(), counts)
}

#[test]
fn executions_past_a_silent_recording_ceiling_reach_the_backend_as_counted_unrecorded() {
    let (replays, recorded) = (2_000, 500);
    let (spans, c) = run(replays, recorded, GraphRecords::Nodes);
    let launched = replays * KERNELS_PER_REPLAY;
    let missing = (replays - recorded) * KERNELS_PER_REPLAY;
    // Every execution is a span or counted: kernel spans + not recorded == launched.
    assert_eq!(kernels(&spans), recorded * KERNELS_PER_REPLAY);
    assert_eq!(c.expected, launched);
    assert_eq!(c.recorded, recorded * KERNELS_PER_REPLAY);
    assert_eq!(c.missing, missing);
    assert_eq!(c.reported, missing);
    assert_eq!(c.graph_launches, replays);
    // The loss at the backend: spans whose counts add up, in the traces of the slices
    // where the unrecorded replays were launched (from 2.5 s in), never before.
    let lost = unrecorded(&spans);
    let sum: i64 = lost
        .iter()
        .map(|s| otlp::get_int(&s.attributes, a::GPU_KERNEL_UNRECORDED_COUNT).unwrap())
        .sum();
    assert_eq!(sum as u64, missing);
    let ceiling_at = T0 + recorded * 5 * MS;
    for s in &lost {
        assert!(s.end_time_unix_nano >= ceiling_at - 400 * MS, "{s:?}");
        assert_eq!(
            otlp::get_str(&s.attributes, a::GPU_TELEMETRY_DROP_REASON),
            Some(a::gpu_telemetry_drop_reason::NOT_RECORDED)
        );
        let slice = s.start_time_unix_nano / 1_000_000_000;
        let root = spans
            .iter()
            .find(|r| {
                r.name == a::SPAN_GPU_KERNELS && r.start_time_unix_nano / 1_000_000_000 == slice
            })
            .expect("its slice's root reached the backend");
        assert_eq!(
            (&s.trace_id, &s.parent_span_id),
            (&root.trace_id, &root.span_id)
        );
    }
    // And the cumulative counter on the roots, as every other drop reason.
    assert_eq!(not_recorded_on_roots(&spans) as u64, missing);
}

#[test]
fn when_every_execution_is_recorded_nothing_is_reported_missing() {
    let (spans, c) = run(600, 600, GraphRecords::Nodes);
    assert_eq!(kernels(&spans), 600 * KERNELS_PER_REPLAY);
    assert_eq!(
        (c.expected, c.recorded, c.missing, c.reported),
        (600 * KERNELS_PER_REPLAY, 600 * KERNELS_PER_REPLAY, 0, 0)
    );
    assert!(unrecorded(&spans).is_empty());
    assert_eq!(not_recorded_on_roots(&spans), 0);
}

#[test]
fn in_launches_mode_each_graph_trace_record_is_one_graph_launch_span_standing_for_its_kernel_nodes()
{
    let (spans, c) = run(600, 600, GraphRecords::Launches);
    let launches = graph_launches(&spans);
    assert_eq!(launches.len(), 600, "one span per replay");
    assert_eq!(
        kernels(&spans),
        0,
        "no per-node kernel span, no gpu.kernel.name"
    );
    for s in &launches {
        assert_eq!(
            otlp::get_int(&s.attributes, a::GPU_GRAPH_KERNEL_NODES),
            Some(KERNELS_PER_REPLAY as i64)
        );
        assert_eq!(otlp::get_int(&s.attributes, a::GPU_GRAPH_ID), Some(1));
        assert_eq!(
            otlp::get_str(&s.attributes, a::GPU_SERIALIZED),
            Some(a::gpu_serialized::FALSE),
            "tier off: false, as on every kernel span"
        );
        assert!(otlp::get_int(&s.attributes, a::GPU_CORRELATION_ID).is_some());
        assert_eq!(
            s.end_time_unix_nano - s.start_time_unix_nano,
            KERNELS_PER_REPLAY * 10_000
        );
    }
    // A graph-trace record accounts for its exec's kernel nodes: nothing is missing.
    let launched = 600 * KERNELS_PER_REPLAY;
    assert_eq!(
        (c.expected, c.recorded, c.missing, c.reported),
        (launched, launched, 0, 0)
    );
    assert_eq!(c.graph_records, 600);
    assert!(unrecorded(&spans).is_empty());
}

#[test]
fn in_launches_mode_replays_without_a_record_are_still_counted_unrecorded_by_their_nodes() {
    let (replays, recorded) = (1_000, 400);
    let (spans, c) = run(replays, recorded, GraphRecords::Launches);
    let missing = (replays - recorded) * KERNELS_PER_REPLAY;
    assert_eq!(graph_launches(&spans).len() as u64, recorded);
    assert_eq!(c.expected, replays * KERNELS_PER_REPLAY);
    assert_eq!(c.recorded, recorded * KERNELS_PER_REPLAY);
    assert_eq!(
        c.expected,
        c.recorded + c.missing,
        "expected = recorded + loss"
    );
    assert_eq!((c.missing, c.reported), (missing, missing));
    let sum: i64 = unrecorded(&spans)
        .iter()
        .map(|s| otlp::get_int(&s.attributes, a::GPU_KERNEL_UNRECORDED_COUNT).unwrap())
        .sum();
    assert_eq!(sum as u64, missing);
}

#[test]
fn a_graph_launch_of_unknown_size_says_so_and_leaves_its_block_out_of_the_balance() {
    let (addr, received) = common::start_receiver();
    let (queue, stats) = common::otlp_pipeline(addr, 64 << 20);
    let launches = Launches::for_graph_records(GraphRecords::Launches);
    let mut settler = Settler::new(Duration::from_millis(500), &launches);
    launches.on(Launch::ExecCreated {
        exec: EXEC,
        kernels: None, // conditional nodes
    });
    launches.on(Launch::Graph {
        correlation_id: 7,
        exec: EXEC,
    });
    launches.on(Launch::Kernel { correlation_id: 9 });
    let mut batch = vec![
        FakeKernel::graph_launch(3, None, T0, T0 + MS)
            .correlation(7)
            .record(),
        FakeKernel::new("_Z1kv", T0 + 2 * MS, T0 + 3 * MS)
            .correlation(9)
            .record(),
    ];
    settler.records(&mut batch);
    assert_eq!(batch[0].executions(), None, "unknown, never guessed");
    assert!(queue.offer(batch));
    settler.period(T0 + 10 * MS, true, &stats, &queue);
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(20)));
    let deadline = Instant::now() + Duration::from_secs(20);
    while graph_launches(&received.spans()).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let spans = received.spans();
    let g = graph_launches(&spans);
    assert_eq!(g.len(), 1);
    assert_eq!(
        otlp::find(&g[0].attributes, a::GPU_GRAPH_KERNEL_NODES),
        None
    );
    let c = *stats.launches();
    assert_eq!((c.expected, c.missing, c.uncountable_blocks), (0, 0, 1));
    assert_eq!(c.unchecked, 2, "both records of the uncountable block");
}
