//! A run-time tier switch on the wire, without a GPU: serialized → continuous →
//! serialized through the real exporter to a real OTLP/gRPC receiver in this test.
//! From the switch instant on, the batches declare the new tier on their resource;
//! windows only ever go out under the serialized resource; a marker span records each
//! switch; and the receiver's classification (semconv's store, per resource) agrees
//! with the injector's stamps on every execution.

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{process, start_receiver};
use gpu_otel_injector::clock::now_ns;
use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::sampling::message::{SamplingMsg, TierSwitched};
use gpu_otel_injector::sampling::samples::PcRecord;
use gpu_otel_injector::sampling::window_log::WindowLog;
use gpu_otel_injector::worker::Settings;
use semconv::attributes as a;
use semconv::{otlp, SamplingMode, StoreLimits, Tier, WindowStore};

const MS: u64 = 1_000_000;
const KS: SamplingMode = SamplingMode::KernelSerialized;

fn pc(corr: u32, n: u32) -> PcRecord {
    PcRecord {
        correlation_id: corr,
        function: Arc::from("_Z1kv"),
        pc_offset: 0x40,
        stalls: vec![(Arc::from("wait"), n)],
        source: Default::default(),
    }
}

#[test]
fn after_a_switch_batches_declare_the_new_tier_and_stamps_still_agree_with_the_receiver() {
    let (addr, received) = start_receiver();
    let settings = Settings::for_process(&process(), Some("switching"), None, Tier::Serialized);
    let (queue, _stats) = common::otlp_pipeline_with(addr, settings);
    let sender = queue.sampling_sender();
    let mut log = WindowLog::new();
    let t0 = now_ns() - 10_000 * MS;
    let k = |s: u64, c: u32| FakeKernel::new("_Z1kv", s, s + MS).correlation(c).record();

    // Serialized: burst 1 with one execution inside, one in its quiet tail.
    let open1 = log.open(t0, KS).unwrap();
    sender.send(SamplingMsg {
        window: Some(open1),
        ..SamplingMsg::default()
    });
    queue.offer(vec![k(t0 + MS, 1)]);
    let close1 = log
        .close(t0 + 5 * MS, Some(t0 + 955 * MS))
        .unwrap()
        .unwrap();
    sender.send(SamplingMsg {
        pc: vec![pc(1, 9)],
        window: Some(close1),
        ..SamplingMsg::default()
    });
    queue.offer(vec![k(t0 + 100 * MS, 2)]);

    // Switch to continuous at +1 s: its records carry no correlation id, and a stray
    // id on one must not attach to an execution outside every window.
    let sw1 = t0 + 1_000 * MS;
    sender.send(SamplingMsg {
        switch: Some(TierSwitched {
            at_ns: sw1,
            from: Tier::Serialized,
            to: Tier::Continuous,
            not_running: None,
        }),
        ..SamplingMsg::default()
    });
    queue.offer(vec![k(sw1 + 10 * MS, 3), k(sw1 + 20 * MS, 4)]);
    sender.send(SamplingMsg {
        pc: vec![pc(0, 5), pc(4, 1_000_000)],
        ..SamplingMsg::default()
    });

    // Back to serialized at +2 s, burst 2, then the never-again record at exit.
    let sw2 = t0 + 2_000 * MS;
    sender.send(SamplingMsg {
        switch: Some(TierSwitched {
            at_ns: sw2,
            from: Tier::Continuous,
            to: Tier::Serialized,
            not_running: None,
        }),
        ..SamplingMsg::default()
    });
    queue.offer(vec![k(sw2 + 10 * MS, 5)]);
    let open2 = log.open(sw2 + 50 * MS, KS).unwrap();
    sender.send(SamplingMsg {
        window: Some(open2),
        ..SamplingMsg::default()
    });
    queue.offer(vec![k(sw2 + 51 * MS, 6)]);
    let last = log.never_again(sw2 + 60 * MS, KS).unwrap();
    sender.send(SamplingMsg {
        window: Some(last),
        ..SamplingMsg::default()
    });
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));

    // Per resource tier: kernel spans by correlation id, window records, markers.
    let mut kernels: BTreeMap<i64, (Tier, semconv::Serialized, bool, u64, u64)> = BTreeMap::new();
    let mut windows: BTreeMap<&str, Vec<semconv::Window>> = BTreeMap::new();
    let mut markers = Vec::new();
    for rs in received
        .requests()
        .into_iter()
        .flat_map(|r| r.resource_spans)
    {
        let attrs = rs
            .resource
            .as_ref()
            .map(|r| r.attributes.clone())
            .unwrap_or_default();
        let tier: Tier = otlp::get_str(&attrs, a::GPU_PC_SAMPLING_TIER)
            .unwrap()
            .parse()
            .unwrap();
        for s in rs.scope_spans.into_iter().flat_map(|ss| ss.spans) {
            let found = common::windows_of(&s);
            if !found.is_empty() {
                windows.entry(tier.as_str()).or_default().extend(found);
            }
            if s.name == a::SPAN_GPU_PC_SAMPLING_TIER_SWITCH {
                let to = otlp::get_str(&s.attributes, a::GPU_PC_SAMPLING_TIER)
                    .unwrap()
                    .to_string();
                let from = otlp::get_str(&s.attributes, a::GPU_PC_SAMPLING_TIER_PREVIOUS)
                    .unwrap()
                    .to_string();
                markers.push((s.start_time_unix_nano, tier, from, to));
            }
            if let Some(stamp) = otlp::get_str(&s.attributes, a::GPU_SERIALIZED) {
                let corr = otlp::get_int(&s.attributes, a::GPU_CORRELATION_ID).unwrap();
                let samples = otlp::find(&s.attributes, a::GPU_PC_SAMPLING_SAMPLE_COUNT).is_some();
                kernels.insert(
                    corr,
                    (
                        tier,
                        stamp.parse().unwrap(),
                        samples,
                        s.start_time_unix_nano,
                        s.end_time_unix_nano,
                    ),
                );
            }
        }
    }
    use semconv::Serialized::{False, True};
    use Tier::{Continuous, Serialized as Ser};
    let summary: Vec<(i64, Tier, semconv::Serialized, bool)> = kernels
        .iter()
        .map(|(c, (t, s, p, _, _))| (*c, *t, *s, *p))
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, Ser, True, true),
            (2, Ser, False, false),
            (3, Continuous, False, false),
            (4, Continuous, False, false),
            // Between the switch back and burst 2: consecutive seqs 1 and 2 prove no
            // burst ran in between, so "false" once burst 2 opened.
            (5, Ser, False, false),
            (6, Ser, True, false),
        ]
    );
    // Arrival order across concurrent requests is not the switches' order.
    markers.sort_by_key(|m| m.0);
    assert_eq!(
        markers,
        vec![
            (
                sw1,
                Continuous,
                "serialized".to_string(),
                "continuous".to_string()
            ),
            (sw2, Ser, "continuous".to_string(), "serialized".to_string()),
        ]
    );
    assert_eq!(
        windows.keys().copied().collect::<Vec<_>>(),
        vec!["serialized"],
        "windows only under serialized"
    );
    // Requests travel concurrently: compare in sequence order, not arrival order.
    let mut seqs: Vec<u64> = windows["serialized"].iter().map(|w| w.seq).collect();
    seqs.sort_unstable();
    assert_eq!(seqs, vec![1, 1, 2, 2], "one sequence across the switch");

    // The receiver's verdict per resource agrees with every stamp.
    let mut store = WindowStore::new(StoreLimits::default());
    for w in &windows["serialized"] {
        store.insert(&(), *w).unwrap();
    }
    for (corr, (tier, stamp, _, s, e)) in &kernels {
        assert_eq!(
            *stamp,
            store.classify(*tier, &(), *s, *e),
            "execution {corr}"
        );
    }
}
