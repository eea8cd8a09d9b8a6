//! Under any interleaving of more producers than the store tracks, with junk resources
//! and per-process eviction, a kernel span never leaves "false" where a window its
//! producer sent (and the receiver took) says "true". Stamps are adversarial: a
//! "false" stamp is the one the receiver must catch.

use std::collections::HashMap;

use proptest::prelude::*;
use receiver::fixtures::{kernel, request, resource, spans_of, window_carrier};
use receiver::reconcile::{decoded, ReconcileConfig, Reconciler};
use semconv::store::StoreLimits;
use semconv::{otlp, SamplingMode, Serialized, Tier, Window};

const KS: SamplingMode = SamplingMode::KernelSerialized;
const PROCESS_LIMIT: usize = 3;
const BURSTS: u64 = 6;
const SECOND: u64 = 1_000_000_000;

/// Burst `b` of every producer: `[start, end]`, sequence `b + 1`.
fn burst(b: u64) -> (u64, u64) {
    (10_000 * b + 1000, 10_000 * b + 3000)
}

#[derive(Debug, Clone)]
enum Event {
    /// Producer `p` reports burst `b` (open then closed record, or the close alone).
    Burst { p: usize, b: u64, open_too: bool },
    /// Producer `p` sends a kernel `[s, s + len]` with a stamp.
    Kernel {
        p: usize,
        s: u64,
        len: u64,
        stamp: Option<Serialized>,
    },
    /// A resource nobody will hear from again sends a window.
    Junk(u64),
    /// Time passes.
    Tick(u64),
}

fn stamp() -> impl Strategy<Value = Option<Serialized>> {
    prop_oneof![
        4 => Just(Some(Serialized::False)),
        1 => Just(Some(Serialized::True)),
        1 => Just(Some(Serialized::Unknown)),
        1 => Just(None),
    ]
}

fn event(producers: usize) -> impl Strategy<Value = Event> {
    prop_oneof![
        3 => (0..producers, 0..BURSTS, any::<bool>()).prop_map(|(p, b, open_too)| Event::Burst { p, b, open_too }),
        4 => (0..producers, 0..BURSTS * 10_000, 0u64..3000, stamp()).prop_map(|(p, s, len, stamp)| Event::Kernel { p, s, len, stamp }),
        1 => (0u64..1000).prop_map(Event::Junk),
        1 => (0u64..3).prop_map(|s| Event::Tick(s * SECOND)),
    ]
}

fn pid_of(attrs: &[opentelemetry_proto::tonic::common::v1::KeyValue]) -> i64 {
    otlp::get_int(attrs, "process.pid").expect("every fixture resource has a pid")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_interleaving_of_producers_exports_false_where_a_taken_window_says_true(
        (_producers, events) in (PROCESS_LIMIT + 1..PROCESS_LIMIT + 5)
            .prop_flat_map(|n| (Just(n), prop::collection::vec(event(n), 1..80))),
        per_process in 1usize..5,
    ) {
        let mut r = Reconciler::new(ReconcileConfig {
            store: StoreLimits { max_windows_per_process: per_process, max_processes: PROCESS_LIMIT },
            ..ReconcileConfig::default()
        });
        // What each producer (by pid) has sent: the closed serialized windows.
        let mut sent: HashMap<i64, Vec<(u64, u64)>> = HashMap::new();
        let mut now = 0;
        let mut n = 0;
        let check = |out: &[opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest],
                         sent: &HashMap<i64, Vec<(u64, u64)>>| -> Result<(), TestCaseError> {
            for (attrs, span) in spans_of(out) {
                if otlp::get_str(&span.attributes, "gpu.kernel.name").is_none() {
                    continue;
                }
                let (s, e) = (span.start_time_unix_nano, span.end_time_unix_nano);
                let value = otlp::get_str(&span.attributes, "gpu.serialized");
                let truth = sent.get(&pid_of(attrs)).is_some_and(|ws| ws.iter().any(|&(ws, we)| s <= we && e >= ws));
                prop_assert!(!(truth && value == Some("false")), "[{s},{e}] of pid {} left \"false\" inside a serialized window", pid_of(attrs));
            }
            Ok(())
        };
        for ev in events {
            n += 1;
            let out = match ev {
                Event::Burst { p, b, open_too } => {
                    let (s, e) = burst(b);
                    let mut ws = Vec::new();
                    if open_too {
                        ws.push(Window::open(s, b + 1, KS));
                    }
                    ws.push(Window::closed(s, e, b + 1, KS));
                    sent.entry(p as i64).or_default().push((s, e));
                    decoded(r.ingest(request(resource("app", p as i64, Some(Tier::Serialized)), vec![window_carrier(n, &ws)]), now))
                }
                Event::Kernel { p, s, len, stamp } => {
                    decoded(r.ingest(request(resource("app", p as i64, Some(Tier::Serialized)), vec![kernel(n, s, s + len, stamp)]), now))
                }
                Event::Junk(j) => {
                    decoded(r.ingest(request(resource("junk", 1_000_000 + j as i64, Some(Tier::Serialized)), vec![window_carrier(n, &[Window::closed(1, 2, 1, KS)])]), now))
                }
                Event::Tick(dt) => {
                    now += dt;
                    decoded(r.tick(now))
                }
            };
            check(&out, &sent)?;
        }
        check(&decoded(r.drain()), &sent)?;
    }
}
