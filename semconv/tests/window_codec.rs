//! The window codec over every window and every single fault a record can have:
//! valid windows round-trip, a faulty record gets the typed error for its fault.
//! `PROPTEST_CASES=n` runs n cases per property.

use opentelemetry_proto::tonic::common::v1::{any_value::Value, AnyValue, KeyValue};
use proptest::prelude::*;
use proptest::sample::select;
use semconv::attributes as a;
use semconv::codec::{self, WindowDecodeError};
use semconv::{otlp, QuietTail, SamplingMode, Window, WindowEnd};

const INT64: u64 = i64::MAX as u64;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2048);
    ProptestConfig::with_cases(cases)
}

fn mode() -> impl Strategy<Value = SamplingMode> {
    select(vec![
        SamplingMode::KernelSerialized,
        SamplingMode::Continuous,
        SamplingMode::Opaque,
    ])
}

/// Values in `0..=max`, the edges often.
fn int(max: u64) -> impl Strategy<Value = u64> {
    prop_oneof![
        4 => 0..=max,
        1 => select(vec![0, 1, max - 1, max]),
    ]
}

/// A window a producer can write: every value within OTLP's int64, a closed window
/// ending at or after its start, no quiet tail on an open one.
fn valid_window() -> impl Strategy<Value = Window> {
    (
        int(INT64 - 1),
        prop_oneof![Just(None), int(INT64).prop_map(Some)],
        int(INT64),
        mode(),
        prop_oneof![Just(None), int(INT64).prop_map(Some)],
        prop_oneof![Just(None), int(INT64).prop_map(Some)],
        prop_oneof![
            Just(QuietTail::None),
            (1..=INT64).prop_map(QuietTail::For),
            Just(QuietTail::Never)
        ],
    )
        .prop_map(|(start_ns, end, seq, mode, context_id, device_id, quiet)| {
            // end_ns 0 is "open" on the wire, so a closed window ends after 0.
            let end = end.map_or(WindowEnd::Open, |e| {
                WindowEnd::Closed(e.clamp(start_ns.max(1), INT64))
            });
            Window {
                start_ns,
                end,
                seq,
                mode,
                context_id,
                device_id,
                quiet_tail: if end == WindowEnd::Open {
                    QuietTail::None
                } else {
                    quiet
                },
            }
        })
}

/// One fault of a record.
#[derive(Debug, Clone)]
enum Fault {
    Remove(&'static str),
    NotAnInt(&'static str, Option<Value>),
    Negative(&'static str, i64),
    Quiet(i64),
    Invert,
    Duplicate(&'static str),
    Mode(Option<Value>),
}

const INTS: [&str; 6] = [
    a::GPU_SAMPLING_WINDOW_START_NS,
    a::GPU_SAMPLING_WINDOW_END_NS,
    a::GPU_SAMPLING_WINDOW_SEQ,
    a::GPU_SAMPLING_WINDOW_QUIET_NS,
    a::GPU_CONTEXT_ID,
    a::GPU_DEVICE_ID,
];

fn fault() -> impl Strategy<Value = Fault> {
    let not_an_int = prop_oneof![
        ".{0,6}".prop_map(|s| Some(Value::StringValue(s))),
        any::<bool>().prop_map(|b| Some(Value::BoolValue(b))),
        any::<f64>().prop_map(|d| Some(Value::DoubleValue(d))),
        Just(None),
    ];
    let unsigned = select(
        INTS.into_iter()
            .filter(|k| *k != a::GPU_SAMPLING_WINDOW_QUIET_NS)
            .collect::<Vec<_>>(),
    );
    let mut all = INTS.to_vec();
    all.push(a::GPU_SAMPLING_MODE);
    prop_oneof![
        select(all.clone()).prop_map(Fault::Remove),
        (select(INTS.to_vec()), not_an_int).prop_map(|(k, v)| Fault::NotAnInt(k, v)),
        (unsigned, i64::MIN..0).prop_map(|(k, v)| Fault::Negative(k, v)),
        (i64::MIN..-1).prop_map(Fault::Quiet),
        Just(Fault::Invert),
        select(all).prop_map(Fault::Duplicate),
        prop_oneof![
            ".{0,12}".prop_map(|s| Some(Value::StringValue(s))),
            any::<i64>().prop_map(|i| Some(Value::IntValue(i))),
            Just(None),
        ]
        .prop_map(Fault::Mode),
    ]
}

fn with(attrs: &mut Vec<KeyValue>, key: &str, value: Option<Value>) {
    otlp::set(
        attrs,
        KeyValue {
            key: key.into(),
            value: Some(AnyValue { value }),
            ..Default::default()
        },
    );
}

/// The record of `w` with `fault`, and the error it must get (None: it still decodes,
/// as `w` with what the fault changed).
fn faulty(w: &Window, fault: &Fault) -> (Vec<KeyValue>, Result<Window, WindowDecodeError>) {
    let mut attrs = codec::encode(w);
    let opaque = |w: Window| WindowDecodeError::UnknownMode {
        found: String::new(),
        window: Box::new(Window {
            mode: SamplingMode::Opaque,
            ..w
        }),
    };
    // What the record still says once the fault is in, if the fault is harmless.
    let fine = |w: Window| match w.mode {
        SamplingMode::Opaque => Err(opaque(w)),
        _ => Ok(w),
    };
    let expected = match fault.clone() {
        Fault::Remove(k) => {
            attrs.retain(|kv| kv.key != k);
            match k {
                a::GPU_SAMPLING_WINDOW_START_NS
                | a::GPU_SAMPLING_WINDOW_END_NS
                | a::GPU_SAMPLING_WINDOW_SEQ => Err(WindowDecodeError::Missing { attribute: k }),
                a::GPU_SAMPLING_WINDOW_QUIET_NS => fine(Window {
                    quiet_tail: QuietTail::None,
                    ..*w
                }),
                a::GPU_CONTEXT_ID => fine(Window {
                    context_id: None,
                    ..*w
                }),
                a::GPU_DEVICE_ID => fine(Window {
                    device_id: None,
                    ..*w
                }),
                _ => Err(opaque(*w)),
            }
        }
        Fault::NotAnInt(k, v) => {
            let found = semconv::registry::value_kind(Some(&AnyValue { value: v.clone() }));
            with(&mut attrs, k, v);
            Err(WindowDecodeError::WrongType {
                attribute: k,
                found,
            })
        }
        Fault::Negative(k, v) => {
            with(&mut attrs, k, Some(Value::IntValue(v)));
            Err(WindowDecodeError::Negative {
                attribute: k,
                value: v,
            })
        }
        Fault::Quiet(v) => {
            with(
                &mut attrs,
                a::GPU_SAMPLING_WINDOW_QUIET_NS,
                Some(Value::IntValue(v)),
            );
            Err(WindowDecodeError::InvalidQuietTail { value: v })
        }
        Fault::Invert => {
            let end = w.start_ns.saturating_sub(1);
            with(
                &mut attrs,
                a::GPU_SAMPLING_WINDOW_END_NS,
                Some(Value::IntValue(end as i64)),
            );
            if end == 0 {
                // end_ns 0 is an open record, never an inverted one.
                fine(Window {
                    end: WindowEnd::Open,
                    quiet_tail: QuietTail::None,
                    ..*w
                })
            } else {
                Err(WindowDecodeError::Inverted {
                    start_ns: w.start_ns,
                    end_ns: end,
                })
            }
        }
        Fault::Duplicate(k) => {
            let again = attrs
                .iter()
                .find(|kv| kv.key == k)
                .cloned()
                .unwrap_or_else(|| otlp::int(k, 1));
            let count = attrs.iter().filter(|kv| kv.key == k).count() + 1;
            attrs.push(again);
            if count > 1 {
                Err(WindowDecodeError::Duplicate {
                    attribute: k,
                    count,
                })
            } else {
                // It was absent (an optional attribute): now it is there once.
                return (attrs.clone(), codec::decode(&attrs));
            }
        }
        Fault::Mode(v) => {
            let known = matches!(&v, Some(Value::StringValue(s)) if s == "continuous" || s == "kernel_serialized");
            with(&mut attrs, a::GPU_SAMPLING_MODE, v);
            if known {
                return (attrs.clone(), codec::decode(&attrs));
            }
            Err(opaque(*w))
        }
    };
    (attrs, expected)
}

/// Errors compared without the free text of an unknown mode.
fn same(x: &Result<Window, WindowDecodeError>, y: &Result<Window, WindowDecodeError>) -> bool {
    match (x, y) {
        (
            Err(WindowDecodeError::UnknownMode { window: a, .. }),
            Err(WindowDecodeError::UnknownMode { window: b, .. }),
        ) => a == b,
        _ => x == y,
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_valid_window_round_trips_through_its_attributes_and_its_event(w in valid_window()) {
        let decoded = codec::decode(&codec::encode(&w));
        let from_event = codec::decode(&codec::to_event(&w).attributes);
        prop_assert_eq!(&decoded, &from_event);
        match w.mode {
            SamplingMode::Opaque => prop_assert!(
                // An opaque mode is written as absent and read back as opaque.
                matches!(&decoded, Err(WindowDecodeError::UnknownMode { found, window }) if found == "nothing" && **window == w),
                "{:?}", decoded
            ),
            _ => prop_assert_eq!(decoded, Ok(w)),
        }
    }

    #[test]
    fn a_record_with_one_fault_gets_the_typed_error_for_that_fault(
        w in valid_window(),
        fault in fault(),
    ) {
        let (attrs, expected) = faulty(&w, &fault);
        let got = codec::decode(&attrs);
        prop_assert!(same(&got, &expected), "{:?}: got {:?}, expected {:?}", fault, got, expected);
        if let Err(e) = &got {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn a_window_past_int64_is_refused_or_read_with_a_shorter_quiet_tail_never_another_window(
        w in valid_window(),
        past in select(vec!["start", "end", "seq", "context", "device", "quiet"]),
        extra in 1..=INT64 + 1,
    ) {
        let big = INT64 + extra;
        let mut w = w;
        match past {
            "start" => w.start_ns = big,
            "end" => w.end = WindowEnd::Closed(big),
            "seq" => w.seq = big,
            "context" => w.context_id = Some(big),
            "device" => w.device_id = Some(big),
            _ => {
                w.end = WindowEnd::Closed(w.end_ns().unwrap_or(w.start_ns).max(1));
                w.quiet_tail = QuietTail::For(big);
            }
        }
        match codec::decode(&codec::encode(&w)) {
            Ok(d) => {
                // Only a quiet tail saturates: it then proves less, never more.
                prop_assert_eq!(past, "quiet");
                prop_assert_eq!(d.quiet_tail, QuietTail::For(INT64));
                prop_assert_eq!(Window { quiet_tail: w.quiet_tail, ..d }, w);
            }
            Err(WindowDecodeError::UnknownMode { window, .. }) => {
                prop_assert_eq!(past, "quiet");
                prop_assert_eq!(window.quiet_tail, QuietTail::For(INT64));
            }
            Err(e) => prop_assert!(matches!(e, WindowDecodeError::Negative { .. }), "{:?}", e),
        }
    }
}
