//! Tier epochs of `off` on the wire, without a GPU, through the real exporter to a real
//! OTLP/gRPC receiver in this test: a serialized process that waits for its GPU's
//! sampler lease, takes its turn, gives it up and takes it again; and one whose PC
//! sampling session failed and stepped down. Off stretches declare `off` with the
//! configured tier and why; windows only ever go out under the serialized resource, in
//! one sequence across its turns; nothing a failed burst touched reads "false"; every
//! kernel record leaves; and the receiver's classification (semconv's store, per
//! resource) agrees with the injector's stamps on every execution.

mod common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use common::{process, start_receiver};
use gpu_otel_injector::clock::now_ns;
use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::sampling::message::{
    Declared, Failure, OffReason, SamplingCounters, SamplingMsg, StepDown, TierSwitched,
};
use gpu_otel_injector::sampling::window_log::WindowLog;
use gpu_otel_injector::worker::{SamplingSender, Settings};
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::KeyValue;
use semconv::attributes as a;
use semconv::{otlp, SamplingMode, Serialized, StoreLimits, Tier, WindowStore};

const MS: u64 = 1_000_000;
const KS: SamplingMode = SamplingMode::KernelSerialized;

const WAITING: Declared = Declared {
    tier: Tier::Off,
    not_running: Some((Tier::Serialized, OffReason::WaitingForGpuSampler)),
};

fn k(start: u64, corr: u32) -> gpu_otel_injector::KernelRecord {
    FakeKernel::new("_Z1kv", start, start + MS)
        .correlation(corr)
        .record()
}

fn switch(
    sender: &SamplingSender,
    at_ns: u64,
    from: Tier,
    to: Declared,
    counters: SamplingCounters,
) {
    sender.send(SamplingMsg {
        counters,
        switch: Some(TierSwitched {
            at_ns,
            from,
            to: to.tier,
            not_running: to.not_running,
        }),
        ..SamplingMsg::default()
    });
}

fn window(sender: &SamplingSender, w: Option<semconv::Window>, counters: SamplingCounters) {
    sender.send(SamplingMsg {
        window: w,
        counters,
        ..SamplingMsg::default()
    });
}

/// One kernel span: the resource it went out under, its stamp, start and end.
struct Seen {
    resource: Vec<KeyValue>,
    stamp: Serialized,
    start: u64,
    end: u64,
}

/// Kernel spans by correlation id, window records by the tier of their resource, and
/// tier-switch markers (instant, their attributes).
type Wire = (
    BTreeMap<i64, Seen>,
    BTreeMap<String, Vec<semconv::Window>>,
    Vec<(u64, Vec<KeyValue>)>,
);

fn read(requests: Vec<ExportTraceServiceRequest>) -> Wire {
    let (mut kernels, mut markers) = (BTreeMap::new(), Vec::new());
    let mut windows: BTreeMap<String, Vec<semconv::Window>> = BTreeMap::new();
    for rs in requests.into_iter().flat_map(|r| r.resource_spans) {
        let resource = rs.resource.map(|r| r.attributes).unwrap_or_default();
        let tier = otlp::get_str(&resource, a::GPU_PC_SAMPLING_TIER)
            .unwrap()
            .to_string();
        for s in rs.scope_spans.into_iter().flat_map(|ss| ss.spans) {
            let found = common::windows_of(&s);
            if !found.is_empty() {
                windows.entry(tier.clone()).or_default().extend(found);
            }
            if s.name == a::SPAN_GPU_PC_SAMPLING_TIER_SWITCH {
                markers.push((s.start_time_unix_nano, s.attributes.clone()));
            }
            if let Some(stamp) = otlp::get_str(&s.attributes, a::GPU_SERIALIZED) {
                let corr = otlp::get_int(&s.attributes, a::GPU_CORRELATION_ID).unwrap();
                kernels.insert(
                    corr,
                    Seen {
                        resource: resource.clone(),
                        stamp: stamp.parse().unwrap(),
                        start: s.start_time_unix_nano,
                        end: s.end_time_unix_nano,
                    },
                );
            }
        }
    }
    markers.sort_by_key(|m| m.0);
    (kernels, windows, markers)
}

fn declared(resource: &[KeyValue]) -> (String, Option<String>, Option<String>) {
    let get = |k| otlp::get_str(resource, k).map(str::to_string);
    (
        get(a::GPU_PC_SAMPLING_TIER).unwrap(),
        get(a::GPU_PC_SAMPLING_TIER_CONFIGURED),
        get(a::GPU_PC_SAMPLING_TIER_REASON),
    )
}

/// The receiver's verdict for every execution, from the windows the serialized
/// resource carried, equals the injector's stamp.
fn assert_receiver_agrees(
    kernels: &BTreeMap<i64, Seen>,
    windows: &BTreeMap<String, Vec<semconv::Window>>,
) {
    let mut store = WindowStore::new(StoreLimits::default());
    for w in windows.get("serialized").into_iter().flatten() {
        store.insert(&(), *w).unwrap();
    }
    for (corr, seen) in kernels {
        let tier: Tier = declared(&seen.resource).0.parse().unwrap();
        assert_eq!(
            seen.stamp,
            store.classify(tier, &(), seen.start, seen.end),
            "execution {corr}"
        );
    }
}

#[test]
fn while_waiting_for_its_gpu_sampler_a_process_declares_off_and_why_and_its_turns_share_one_window_sequence(
) {
    let (addr, received) = start_receiver();
    let settings = Settings {
        start: WAITING,
        ..Settings::for_process(&process(), Some("waiting"), None, Tier::Serialized)
    };
    let (queue, stats) = common::otlp_pipeline_with(addr, settings);
    let sender = queue.sampling_sender();
    let mut log = WindowLog::new();
    let t0 = now_ns() - 10_000 * MS;
    let mut counters = SamplingCounters::default();

    // Waiting: another process samples the GPU.
    queue.offer(vec![k(t0 + 10 * MS, 1)]);
    // Its turn: serialized, burst 1, an execution inside and one in its quiet tail.
    counters.sampler_wait_ms = 100;
    counters.sampler_leases_taken = 1;
    counters.tier_switches = 1;
    switch(
        &sender,
        t0 + 100 * MS,
        Tier::Off,
        Tier::Serialized.into(),
        counters,
    );
    window(
        &sender,
        Some(log.open(t0 + 150 * MS, KS).unwrap()),
        counters,
    );
    queue.offer(vec![k(t0 + 151 * MS, 2)]);
    window(
        &sender,
        log.close(t0 + 160 * MS, Some(t0 + 1_110 * MS)).unwrap(),
        counters,
    );
    queue.offer(vec![k(t0 + 300 * MS, 3)]);
    // The turn ends: off again, waiting, then the next turn and burst 2.
    counters.sampler_leases_given_up = 1;
    counters.tier_switches = 2;
    switch(
        &sender,
        t0 + 1_000 * MS,
        Tier::Serialized,
        WAITING,
        counters,
    );
    queue.offer(vec![k(t0 + 1_100 * MS, 4)]);
    counters.sampler_wait_ms = 1_100;
    counters.sampler_leases_taken = 2;
    counters.tier_switches = 3;
    switch(
        &sender,
        t0 + 2_000 * MS,
        Tier::Off,
        Tier::Serialized.into(),
        counters,
    );
    queue.offer(vec![k(t0 + 2_010 * MS, 5)]);
    window(
        &sender,
        Some(log.open(t0 + 2_050 * MS, KS).unwrap()),
        counters,
    );
    queue.offer(vec![k(t0 + 2_051 * MS, 6)]);
    window(&sender, log.never_again(t0 + 2_060 * MS, KS), counters);
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));

    let (kernels, windows, markers) = read(received.requests());
    use Serialized::{False, True};
    let got: Vec<(i64, String, Serialized)> = kernels
        .iter()
        .map(|(c, s)| (*c, declared(&s.resource).0, s.stamp))
        .collect();
    let expect = |c, t: &str, v| (c, t.to_string(), v);
    assert_eq!(
        got,
        vec![
            expect(1, "off", False),
            expect(2, "serialized", True),
            expect(3, "serialized", False),
            expect(4, "off", False),
            // Consecutive sequence numbers across the wait prove nothing serialized.
            expect(5, "serialized", False),
            expect(6, "serialized", True),
        ]
    );
    let waiting = (
        "off".to_string(),
        Some("serialized".to_string()),
        Some("waiting_for_gpu_sampler".to_string()),
    );
    assert_eq!(declared(&kernels[&1].resource), waiting);
    assert_eq!(declared(&kernels[&4].resource), waiting);
    // Both turns go out under one resource: one producer, one window store.
    assert_eq!(kernels[&2].resource, kernels[&6].resource);
    assert_eq!(
        declared(&kernels[&2].resource),
        ("serialized".into(), None, None)
    );
    assert_eq!(
        windows.keys().collect::<Vec<_>>(),
        vec!["serialized"],
        "no window for a stretch that did not sample"
    );
    let mut seqs: Vec<u64> = windows["serialized"].iter().map(|w| w.seq).collect();
    seqs.sort_unstable();
    assert_eq!(seqs, vec![1, 1, 2, 2], "one sequence across the turns");
    // Each switch is marked, the wait's with why, and with the lease's counters.
    let marks: Vec<(u64, Option<&str>, Option<i64>)> = markers
        .iter()
        .map(|(at, attrs)| {
            (
                *at - t0,
                otlp::get_str(attrs, a::GPU_PC_SAMPLING_TIER_REASON),
                otlp::get_int(attrs, a::GPU_PC_SAMPLING_SAMPLER_LEASES_TAKEN),
            )
        })
        .collect();
    assert_eq!(
        marks,
        vec![
            (100 * MS, None, Some(1)),
            (1_000 * MS, Some("waiting_for_gpu_sampler"), Some(1)),
            (2_000 * MS, None, Some(2)),
        ]
    );
    assert_receiver_agrees(&kernels, &windows);
    assert_eq!(
        stats
            .kernel_spans_exported
            .load(std::sync::atomic::Ordering::Relaxed),
        6
    );
}

#[test]
fn a_failed_session_steps_down_keeps_every_record_and_nothing_its_burst_touched_reads_false() {
    let (addr, received) = start_receiver();
    let settings = Settings::for_process(&process(), Some("failing"), None, Tier::Serialized);
    let (queue, stats) = common::otlp_pipeline_with(addr, settings);
    let sender = queue.sampling_sender();
    let mut log = WindowLog::new();
    let t0 = now_ns() - 20_000 * MS;
    let counters = SamplingCounters {
        bursts: 1,
        ..SamplingCounters::default()
    };
    // Burst 1 opens; no launch callback comes back after it (the H200's second
    // process); the collector judges it stuck 5 s later.
    window(&sender, Some(log.open(t0, KS).unwrap()), counters);
    queue.offer(vec![k(t0 + MS, 1)]);
    log.abandon();
    sender.send(SamplingMsg {
        counters,
        step_down: Some(StepDown {
            at_ns: t0 + 5_000 * MS,
            failure: Failure::BurstStuck,
        }),
        ..SamplingMsg::default()
    });
    // Records still come; until the step-down is carried out they read "unknown".
    queue.offer(vec![k(t0 + 5_500 * MS, 2)]);
    // A launch callback came back: Stop, Disable, tier off for good.
    switch(
        &sender,
        t0 + 6_000 * MS,
        Tier::Serialized,
        Declared {
            tier: Tier::Off,
            not_running: Some((Tier::Serialized, OffReason::SamplingFailed)),
        },
        counters,
    );
    queue.offer(vec![k(t0 + 6_500 * MS, 3)]);
    // The exporter holds nothing for evidence that will not come.
    std::thread::sleep(Duration::from_millis(600));
    let before_exit = read(received.requests()).0.len();
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));

    let (kernels, windows, _) = read(received.requests());
    let got: Vec<(i64, String, Option<String>, Serialized)> = kernels
        .iter()
        .map(|(c, s)| {
            let (tier, _, why) = declared(&s.resource);
            (*c, tier, why, s.stamp)
        })
        .collect();
    use Serialized::{False, Unknown};
    assert_eq!(
        got,
        vec![
            (1, "serialized".into(), None, Unknown),
            (2, "serialized".into(), None, Unknown),
            (3, "off".into(), Some("sampling_failed".into()), False),
        ]
    );
    assert_eq!(
        before_exit, 3,
        "released before the exit, not held for 12 s"
    );
    assert!(
        windows["serialized"].iter().all(|w| w.end_ns().is_none()),
        "the failed burst's window is never closed"
    );
    assert_receiver_agrees(&kernels, &windows);
    use std::sync::atomic::Ordering::Relaxed;
    assert_eq!(stats.records_after_step_down.load(Relaxed), 2);
    assert_eq!(stats.kernel_spans_exported.load(Relaxed), 3);
    let unsettled: u64 = stats.unsettled.iter().map(|u| u.load(Relaxed)).sum();
    assert_eq!(unsettled, 0, "nothing is missing that could still come");
}
