//! Universal rules of the contract, over random producer histories.
//!
//! A history is what a real producer does: bursts in time order with ascending
//! sequence numbers, each reported open then closed, a truthful quiet tail on some
//! closed records, a never-again on the last. Transit then loses records (one of a
//! pair, or a whole burst) and delivers the rest in any order.

use proptest::prelude::*;

use semconv::codec;
use semconv::store::StoreLimits;
use semconv::{Outcomes, QuietTail, SamplingMode, Serialized, Tier, Window, WindowStore};

#[derive(Debug, Clone)]
struct Burst {
    start: u64,
    end: u64,
    seq: u64,
    mode: SamplingMode,
    quiet: QuietTail,
    deliver_open: bool,
    deliver_closed: bool,
}

fn mode() -> impl Strategy<Value = SamplingMode> {
    prop_oneof![
        6 => Just(SamplingMode::KernelSerialized),
        1 => Just(SamplingMode::Continuous),
        1 => Just(SamplingMode::Opaque),
    ]
}

/// Bursts as a producer makes them, with what transit delivers of each.
fn history() -> impl Strategy<Value = Vec<Burst>> {
    prop::collection::vec(
        (
            1u64..3000,
            1u64..2000,
            mode(),
            0u8..4,
            any::<bool>(),
            any::<bool>(),
            0u8..4,
        ),
        0..12,
    )
    .prop_map(|raw| {
        let mut t = 0;
        let mut bursts: Vec<Burst> = Vec::new();
        for (i, (gap, len, mode, quiet_kind, open, closed, lose_whole)) in
            raw.into_iter().enumerate()
        {
            let start = t + gap;
            let end = start + len;
            t = end;
            bursts.push(Burst {
                start,
                end,
                seq: i as u64 + 1,
                mode,
                quiet: QuietTail::None,
                deliver_open: open && lose_whole != 0,
                deliver_closed: (closed || quiet_kind == 0) && lose_whole != 0,
            });
        }
        // Truthful quiet tails: never past the next burst's start.
        for i in 0..bursts.len() {
            let next = bursts.get(i + 1).map(|b| b.start);
            bursts[i].quiet = match (next, bursts[i].seq % 3) {
                (None, 0) => QuietTail::Never,
                (Some(n), 1) => QuietTail::For((n - bursts[i].end) / 2),
                _ => QuietTail::None,
            };
        }
        bursts
    })
}

fn records(bursts: &[Burst]) -> Vec<Window> {
    let mut out = Vec::new();
    for b in bursts {
        if b.deliver_open {
            out.push(Window::open(b.start, b.seq, b.mode));
        }
        if b.deliver_closed {
            out.push(Window::closed(b.start, b.end, b.seq, b.mode).with_quiet_tail(b.quiet));
        }
    }
    out
}

/// Coverage computed from scratch, as the contract states it (no eviction): from the
/// first start of the newest unbroken sequence run to the first open start after it,
/// or else the latest proven-quiet instant of the closed windows after it.
fn rebuilt_coverage(held: &[Window]) -> Option<(u64, u64)> {
    let seqs: std::collections::BTreeSet<u64> = held.iter().map(|w| w.seq).collect();
    let mut first = *seqs.last()?;
    while first > 0 && seqs.contains(&(first - 1)) {
        first -= 1;
    }
    let start = held
        .iter()
        .filter(|w| w.seq >= first)
        .map(|w| w.start_ns)
        .min()?;
    let after = || held.iter().filter(move |w| w.start_ns >= start);
    if let Some(open) = after().filter(|w| w.is_open()).map(|w| w.start_ns).min() {
        return Some((start, open));
    }
    after()
        .filter_map(|w| {
            let end = w.end_ns()?;
            Some(match w.quiet_tail {
                QuietTail::None => end,
                QuietTail::For(ns) => end.saturating_add(ns),
                QuietTail::Never => u64::MAX,
            })
        })
        .max()
        .map(|end| (start, end))
}

fn store_of(records: &[Window], limits: StoreLimits) -> WindowStore<u32> {
    let mut store = WindowStore::new(limits);
    for w in records {
        store.insert(&1, *w).unwrap();
    }
    store
}

fn execs() -> impl Strategy<Value = Vec<(u64, u64)>> {
    prop::collection::vec((0u64..40_000, 0u64..3000), 1..40)
        .prop_map(|v| v.into_iter().map(|(s, d)| (s, s + d)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn every_false_lies_inside_proven_coverage_and_touches_no_serialized_window(
        bursts in history(), execs in execs()
    ) {
        let store = store_of(&records(&bursts), StoreLimits::default());
        for (s, e) in execs {
            if store.classify(Tier::Serialized, &1, s, e) != Serialized::False {
                continue;
            }
            let p = store.process(&1).expect("false without windows");
            let (cs, ce) = p.coverage().expect("false without coverage");
            prop_assert!(cs <= s && e <= ce, "[{s},{e}] outside coverage [{cs},{ce}]");
            for w in p.windows() {
                if w.intersects(s, e) {
                    prop_assert!(!w.is_open() && w.mode == SamplingMode::Continuous, "[{s},{e}] touches {w:?}");
                }
            }
            // The ground truth, lost records included: nothing that really serialized
            // (or might have) touched an execution that reads false.
            for b in &bursts {
                let touches = e >= b.start && s <= b.end;
                prop_assert!(!touches || b.mode == SamplingMode::Continuous, "[{s},{e}] ran inside {b:?}");
            }
        }
    }

    #[test]
    fn incremental_coverage_equals_coverage_rebuilt_from_the_windows_held(
        bursts in history(), seed in any::<u64>()
    ) {
        // Records in a shuffled order, coverage checked after every insert.
        let mut recs = records(&bursts);
        let mut state = seed | 1;
        for i in (1..recs.len()).rev() {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            recs.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let mut store = WindowStore::new(StoreLimits::default());
        for w in recs {
            let _ = store.insert(&1u32, w);
            let p = store.process(&1).expect("stored");
            let held: Vec<Window> = p.windows().copied().collect();
            prop_assert_eq!(p.coverage(), rebuilt_coverage(&held), "{:?}", held);
        }
    }

    #[test]
    fn any_permutation_of_the_records_gives_the_same_store_and_answers(
        bursts in history(), execs in execs(), shuffle in any::<prop::sample::Index>(), seed in any::<u64>()
    ) {
        let ordered = records(&bursts);
        let mut permuted = ordered.clone();
        // Duplicates as a retrying exporter would send them.
        if !ordered.is_empty() {
            permuted.push(ordered[shuffle.index(ordered.len())]);
        }
        let mut state = seed | 1;
        for i in (1..permuted.len()).rev() {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            permuted.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let a = store_of(&ordered, StoreLimits::default());
        let b = store_of(&permuted, StoreLimits::default());
        let held = |s: &WindowStore<u32>| s.process(&1).map(|p| (p.windows().copied().collect::<Vec<_>>(), p.coverage()));
        prop_assert_eq!(held(&a), held(&b));
        prop_assert_eq!(a.open(), b.open());
        for (s, e) in execs {
            prop_assert_eq!(a.classify(Tier::Serialized, &1, s, e), b.classify(Tier::Serialized, &1, s, e));
        }
    }

    #[test]
    fn eviction_and_refusal_never_turn_an_answer_into_false(
        bursts in history(), execs in execs(), cap in 1usize..6
    ) {
        let recs = records(&bursts);
        let full = store_of(&recs, StoreLimits::default());
        let bounded = store_of(&recs, StoreLimits { max_windows_per_process: cap, max_processes: 1 });
        // Process 1 is evicted whole by a newcomer, then comes back with its records.
        let mut churned = WindowStore::new(StoreLimits { max_processes: 1, ..StoreLimits::default() });
        for w in &recs {
            churned.insert(&1, *w).unwrap();
        }
        churned.insert(&0, Window::closed(0, 1, 1, SamplingMode::KernelSerialized)).unwrap();
        let evicted = churned.classify(Tier::Serialized, &1, 0, u64::MAX);
        prop_assert_eq!(evicted, Serialized::Unknown);
        let mut returned = churned.clone();
        for w in &recs {
            returned.insert(&1, *w).unwrap();
        }
        for (s, e) in execs {
            let unbounded = full.classify(Tier::Serialized, &1, s, e);
            for (store, what) in [(&bounded, "evicted windows"), (&churned, "an evicted process"), (&returned, "a returning process")] {
                let answer = store.classify(Tier::Serialized, &1, s, e);
                prop_assert!(answer == unbounded || answer == Serialized::Unknown, "[{s},{e}]: {answer} with {what}, {unbounded} without");
                // Where "true" was lost, the store says evidence was lost.
                if unbounded == Serialized::True && answer != Serialized::True {
                    prop_assert!(store.evidence_lost(&1, s), "[{s},{e}]: true lost silently with {what}");
                }
            }
        }
    }

    #[test]
    fn the_sum_identity_holds_on_every_history(
        bursts in history(), execs in execs(), tier in prop_oneof![Just(Tier::Off), Just(Tier::Continuous), Just(Tier::Serialized)]
    ) {
        let store = store_of(&records(&bursts), StoreLimits::default());
        let mut outcomes = Outcomes::default();
        prop_assert!(outcomes.is_balanced());
        for &(s, e) in &execs {
            let answer = outcomes.record(store.classify(tier, &1, s, e));
            if tier != Tier::Serialized {
                prop_assert_eq!(answer, Serialized::False);
            }
        }
        prop_assert!(outcomes.is_balanced());
        prop_assert_eq!(outcomes.executions, execs.len() as u64);
    }

    #[test]
    fn decoding_arbitrary_attribute_lists_never_panics(attrs in attribute_lists()) {
        let _ = codec::decode(&attrs);
    }

    #[test]
    fn decoding_a_well_formed_record_with_one_attribute_mangled_never_panics(
        bursts in history(), key in 0usize..7, value in any_value()
    ) {
        for w in records(&bursts) {
            let mut attrs = codec::encode(&w);
            if let Some(kv) = attrs.get_mut(key) {
                kv.value = value.clone();
            }
            let _ = codec::decode(&attrs);
        }
    }
}

use opentelemetry_proto::tonic::common::v1::{any_value::Value, AnyValue, ArrayValue, KeyValue};

fn any_value() -> impl Strategy<Value = Option<AnyValue>> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(Value::IntValue),
        prop_oneof![
            Just(-1i64),
            Just(0),
            Just(1),
            Just(i64::MAX),
            Just(i64::MIN)
        ]
        .prop_map(Value::IntValue),
        ".{0,12}".prop_map(Value::StringValue),
        prop_oneof![
            Just("kernel_serialized".to_string()),
            Just("continuous".to_string())
        ]
        .prop_map(Value::StringValue),
        any::<bool>().prop_map(Value::BoolValue),
        any::<f64>().prop_map(Value::DoubleValue),
        prop::collection::vec(any::<u8>(), 0..4).prop_map(Value::BytesValue),
    ];
    let value = leaf.prop_recursive(2, 8, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(|vs| {
            Value::ArrayValue(ArrayValue {
                values: vs
                    .into_iter()
                    .map(|v| AnyValue { value: Some(v) })
                    .collect(),
            })
        })
    });
    prop::option::of(prop::option::of(value).prop_map(|value| AnyValue { value }))
}

fn attribute_lists() -> impl Strategy<Value = Vec<KeyValue>> {
    let key = prop_oneof![
        Just(semconv::attributes::GPU_SAMPLING_WINDOW_START_NS.to_string()),
        Just(semconv::attributes::GPU_SAMPLING_WINDOW_END_NS.to_string()),
        Just(semconv::attributes::GPU_SAMPLING_WINDOW_SEQ.to_string()),
        Just(semconv::attributes::GPU_SAMPLING_MODE.to_string()),
        Just(semconv::attributes::GPU_SAMPLING_WINDOW_QUIET_NS.to_string()),
        Just(semconv::attributes::GPU_CONTEXT_ID.to_string()),
        Just(semconv::attributes::GPU_DEVICE_ID.to_string()),
        ".{0,8}",
    ];
    prop::collection::vec(
        (key, any_value()).prop_map(|(key, value)| KeyValue {
            key,
            value,
            ..Default::default()
        }),
        0..10,
    )
}
