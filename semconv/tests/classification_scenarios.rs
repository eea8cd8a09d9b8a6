//! The 17 classification scenarios of the original implementation's test suite (listed
//! in docs/contract.md, "Test scenarios that must exist"), translated to this model:
//! every window record travels as an OTLP `gpu.sampling.window` span event and is
//! decoded back before it reaches the store, the way the receiver takes it.
//! The sum identity is asserted at the end of every scenario.

use std::collections::HashMap;

use semconv::codec::{self, WindowDecodeError};
use semconv::store::StoreLimits;
use semconv::{Outcomes, SamplingMode, Serialized, Tier, Window, WindowStore};

use Serialized::{False, True, Unknown};

const PID: Option<u32> = Some(4242);
const KS: SamplingMode = SamplingMode::KernelSerialized;

/// A receiver-side view of one or more producers: declared tier, window store,
/// outcome counters.
struct Timeline {
    tier: Tier,
    store: WindowStore<Option<u32>>,
    outcomes: Outcomes,
    next_seq: HashMap<Option<u32>, u64>,
    refused_on_decode: u64,
}

impl Timeline {
    fn with(tier: Tier, limits: StoreLimits) -> Self {
        Timeline {
            tier,
            store: WindowStore::new(limits),
            outcomes: Outcomes::default(),
            next_seq: HashMap::new(),
            refused_on_decode: 0,
        }
    }

    fn serialized_tier() -> Self {
        Self::with(Tier::Serialized, StoreLimits::default())
    }

    fn default_config() -> Self {
        Self::with(Tier::Off, StoreLimits::default())
    }

    /// Sends one record over OTLP and lets the store take what decodes.
    fn send(&mut self, pid: Option<u32>, w: Window) {
        let event = codec::to_event(&w);
        assert!(codec::is_window_event(&event));
        let window = match codec::decode(&event.attributes) {
            Ok(w) => w,
            Err(WindowDecodeError::UnknownMode { window, .. }) => *window,
            Err(_) => {
                self.refused_on_decode += 1;
                return;
            }
        };
        let _ = self.store.insert(&pid, window);
    }

    fn seq(&mut self, pid: Option<u32>) -> u64 {
        let next = self.next_seq.entry(pid).or_insert(1);
        *next += 1;
        *next - 1
    }

    /// Loses `n` bursts in transit: their sequence numbers are never seen.
    fn lose(&mut self, pid: Option<u32>, n: u64) {
        *self.next_seq.entry(pid).or_insert(1) += n;
    }

    /// A burst as the producer reports it: open, then closed with the same start.
    fn burst(&mut self, pid: Option<u32>, start: u64, end: u64) {
        self.burst_with_mode(pid, start, end, KS);
    }

    fn burst_with_mode(&mut self, pid: Option<u32>, start: u64, end: u64, mode: SamplingMode) {
        let seq = self.seq(pid);
        self.send(pid, Window::open(start, seq, mode));
        self.send(pid, Window::closed(start, end, seq, mode));
    }

    fn open(&mut self, pid: Option<u32>, start: u64) {
        let seq = self.seq(pid);
        self.send(pid, Window::open(start, seq, KS));
    }

    fn exec(&mut self, pid: Option<u32>, s: u64, e: u64) -> Serialized {
        self.outcomes
            .record(self.store.classify(self.tier, &pid, s, e))
    }

    fn assert_sum_identity(&self, executions: u64) {
        assert!(self.outcomes.is_balanced(), "{:?}", self.outcomes);
        assert_eq!(self.outcomes.executions, executions);
    }
}

#[test]
fn is_false_unconditionally_when_the_serialized_tier_was_not_selected() {
    let mut t = Timeline::default_config();
    assert_eq!(
        [t.exec(PID, 100, 200), t.exec(PID, 300, 400)],
        [False, False]
    );
    assert_eq!((t.outcomes.not_serialized, t.outcomes.unknown), (2, 0));
    t.assert_sum_identity(2);
}

#[test]
fn ignores_windows_when_the_serialized_tier_was_not_selected_but_counts_them() {
    let mut t = Timeline::default_config();
    t.burst(PID, 100, 200);
    assert_eq!(t.exec(PID, 120, 180), False);
    assert_eq!(
        t.store.counters().received,
        2,
        "open and closed records are both counted"
    );
    t.assert_sum_identity(1);
}

#[test]
fn marks_executions_overlapping_a_burst_including_partial_overlap() {
    let mut t = Timeline::serialized_tier();
    t.burst(PID, 1000, 2000);
    t.burst(PID, 4000, 5000);
    let got = [
        t.exec(PID, 1200, 1800),
        t.exec(PID, 900, 1100),
        t.exec(PID, 1900, 2100),
        t.exec(PID, 800, 2200),
        t.exec(PID, 2500, 3500),
    ];
    assert_eq!(got, [True, True, True, True, False]);
    assert_eq!(
        (
            t.outcomes.serialized,
            t.outcomes.not_serialized,
            t.outcomes.unknown
        ),
        (4, 1, 0)
    );
    t.assert_sum_identity(5);
}

#[test]
fn true_outranks_unknown() {
    let mut t = Timeline::serialized_tier();
    t.burst(PID, 1000, 2000);
    t.open(PID, 3000);
    assert_eq!(t.exec(PID, 1500, 3500), True);
    t.assert_sum_identity(1);
}

#[test]
fn is_unknown_when_no_windows_arrived() {
    let mut t = Timeline::serialized_tier();
    assert_eq!(
        [t.exec(PID, 100, 200), t.exec(PID, 300, 400)],
        [Unknown, Unknown]
    );
    assert_eq!(t.outcomes.not_serialized, 0);
    assert_eq!(t.store.counters().received, 0);
    t.assert_sum_identity(2);
}

#[test]
fn is_unknown_outside_the_covered_span() {
    let mut t = Timeline::serialized_tier();
    t.burst(PID, 1000, 2000);
    assert_eq!(
        [
            t.exec(PID, 100, 200),
            t.exec(PID, 1000, 2000),
            t.exec(PID, 9000, 9500)
        ],
        [Unknown, True, Unknown]
    );
    t.assert_sum_identity(3);
}

#[test]
fn is_false_in_a_proven_gap() {
    let mut t = Timeline::serialized_tier();
    t.burst(PID, 1000, 2000);
    t.burst(PID, 4000, 5000);
    assert_eq!(t.exec(PID, 2500, 3500), False);
    assert_eq!(t.outcomes.not_serialized, 1);
    t.assert_sum_identity(1);
}

#[test]
fn an_open_window_makes_everything_from_its_start_unknown_and_never_false() {
    let mut t = Timeline::serialized_tier();
    t.burst(PID, 1000, 2000);
    t.open(PID, 4000);
    let mut n = 0;
    for s in (0..=10_000).step_by(250) {
        let answer = t.exec(PID, s, s + 100);
        n += 1;
        if s + 100 >= 4000 {
            assert_eq!(answer, Unknown, "[{s}, {}]", s + 100);
        }
    }
    assert_eq!(n, 41);
    assert!(t.outcomes.unknown > 0);
    assert_eq!(t.store.open(), 1);
    t.assert_sum_identity(41);
}

#[test]
fn a_closed_window_supersedes_its_own_open_record_in_both_delivery_orders() {
    for closed_first in [false, true] {
        let mut t = Timeline::serialized_tier();
        let (open, closed) = (Window::open(1000, 1, KS), Window::closed(1000, 2000, 1, KS));
        if closed_first {
            t.send(PID, closed);
            t.send(PID, open);
        } else {
            t.send(PID, open);
            t.send(PID, closed);
        }
        t.lose(PID, 1); // the harness's own counter: seq 1 was used by hand above
        t.burst(PID, 4000, 5000);
        assert_eq!(
            t.store.held(),
            2,
            "two bursts, not four records (closed first: {closed_first})"
        );
        assert_eq!(t.store.open(), 0);
        assert_eq!(
            t.exec(PID, 2500, 3500),
            False,
            "closed first: {closed_first}"
        );
        t.assert_sum_identity(1);
    }
}

#[test]
fn a_sequence_gap_restarts_coverage_rather_than_spanning_it() {
    let mut t = Timeline::serialized_tier();
    t.burst(PID, 1000, 2000);
    t.burst(PID, 3000, 4000);
    t.lose(PID, 2);
    let seq = t.seq(PID);
    t.send(PID, Window::open(20_000, seq, KS));
    t.send(PID, Window::closed(20_000, 21_000, seq, KS));
    t.burst(PID, 23_000, 24_000);
    let got = [
        t.exec(PID, 2200, 2800),
        t.exec(PID, 1200, 1800),
        t.exec(PID, 5000, 19_000),
        t.exec(PID, 21_500, 22_500),
    ];
    // proven before the hole, no longer; an old burst is still evidence; inside the
    // hole; a gap after the restart.
    assert_eq!(got, [Unknown, True, Unknown, False]);
    t.assert_sum_identity(4);
}

#[test]
fn windows_never_cross_processes() {
    let mut t = Timeline::serialized_tier();
    t.burst(PID, 1000, 2000);
    t.burst(PID, 4000, 5000);
    assert_eq!(
        [
            t.exec(PID, 1200, 1800),
            t.exec(Some(777), 1200, 1800),
            t.exec(None, 2500, 3500)
        ],
        [True, Unknown, Unknown]
    );
    t.assert_sum_identity(3);
}

#[test]
fn eviction_degrades_towards_unknown_never_towards_false() {
    let mut t = Timeline::with(
        Tier::Serialized,
        StoreLimits {
            max_windows_per_process: 4,
            ..StoreLimits::default()
        },
    );
    t.burst(PID, 1000, 2000);
    t.burst(PID, 3000, 4000);
    assert_eq!(t.exec(PID, 2200, 2800), False);
    for i in 0..6 {
        t.burst(PID, 10_000 + i * 2000, 11_000 + i * 2000);
    }
    assert_eq!(t.exec(PID, 2200, 2800), Unknown);
    assert!(t.store.counters().evicted > 0);
    t.assert_sum_identity(2);
}

#[test]
fn a_new_process_evicts_the_least_recently_used_whose_executions_then_read_unknown() {
    let mut t = Timeline::with(
        Tier::Serialized,
        StoreLimits {
            max_processes: 1,
            ..StoreLimits::default()
        },
    );
    t.burst(Some(1), 1000, 2000);
    t.burst(Some(2), 1000, 2000);
    assert_eq!(t.store.counters().refused_processes, 0);
    assert_eq!(t.store.counters().processes_evicted, 1);
    assert_eq!(
        t.exec(Some(2), 1200, 1800),
        True,
        "the newcomer is admitted"
    );
    assert_eq!(t.exec(Some(1), 1200, 1800), Unknown);
    assert!(
        t.store.evidence_lost(&Some(1), 1200),
        "and its lost evidence is known"
    );
    assert!(!t.store.evidence_lost(&Some(1), 2001));
    t.assert_sum_identity(2);
}

#[test]
fn an_unset_mode_window_is_opaque_not_false() {
    let mut t = Timeline::serialized_tier();
    t.burst(PID, 1000, 2000);
    let seq = t.seq(PID);
    t.send(PID, Window::closed(3000, 4000, seq, SamplingMode::Opaque));
    t.burst(PID, 5000, 6000);
    assert_eq!(
        [t.exec(PID, 3200, 3800), t.exec(PID, 4200, 4800)],
        [Unknown, False]
    );
    assert_eq!(t.store.counters().opaque_mode, 1);
    t.assert_sum_identity(2);
}

#[test]
fn a_continuous_mode_window_extends_coverage_and_marks_nothing_perturbed() {
    let mut t = Timeline::serialized_tier();
    let seq = t.seq(PID);
    t.send(
        PID,
        Window::closed(1000, 5000, seq, SamplingMode::Continuous),
    );
    assert_eq!(t.exec(PID, 2000, 3000), False);
    t.assert_sum_identity(1);
}

#[test]
fn an_inverted_window_is_refused() {
    let mut t = Timeline::serialized_tier();
    t.send(PID, Window::closed(5000, 1000, 1, KS));
    // Past the decoder too: the store refuses it on its own.
    assert!(t
        .store
        .insert(&PID, Window::closed(5000, 1000, 1, KS))
        .is_err());
    assert_eq!(t.exec(PID, 2000, 3000), Unknown);
    assert_eq!(t.store.held(), 0);
    assert_eq!(
        (t.refused_on_decode, t.store.counters().refused_inverted),
        (1, 1)
    );
    t.assert_sum_identity(1);
}

#[test]
fn false_is_only_ever_reached_from_positive_evidence() {
    type History = fn(&mut Timeline);
    type Case = (
        &'static str,
        History,
        Option<(u64, u64)>,
        &'static [(u64, u64)],
    );
    let histories: [Case; 4] = [
        ("none", |_| {}, None, &[]),
        (
            "one burst",
            |t| t.burst(PID, 1000, 2000),
            Some((1000, 2000)),
            &[(1000, 2000)],
        ),
        (
            "two bursts",
            |t| {
                t.burst(PID, 1000, 2000);
                t.burst(PID, 4000, 5000)
            },
            Some((1000, 5000)),
            &[(1000, 2000), (4000, 5000)],
        ),
        (
            "burst then open",
            |t| {
                t.burst(PID, 1000, 2000);
                t.open(PID, 4000)
            },
            Some((1000, 4000)),
            &[(1000, 2000)],
        ),
    ];
    for (name, history, coverage, bursts) in histories {
        let mut t = Timeline::serialized_tier();
        history(&mut t);
        let mut falses = 0;
        let mut n = 0;
        for s in (0..=8000).step_by(100) {
            for d in [0, 150, 900, 3000] {
                n += 1;
                if t.exec(PID, s, s + d) == False {
                    falses += 1;
                    let (cs, ce) = coverage.expect("false without coverage");
                    assert!(
                        cs <= s && s + d <= ce,
                        "{name}: false outside coverage at [{s}, {}]",
                        s + d
                    );
                    for &(bs, be) in bursts {
                        assert!(
                            s + d < bs || s > be,
                            "{name}: false overlapping a burst at [{s}, {}]",
                            s + d
                        );
                    }
                }
            }
        }
        assert_eq!(n, 324);
        match name {
            "none" | "one burst" => assert_eq!(falses, 0, "{name}"),
            _ => assert!(falses > 0, "{name}"),
        }
        t.assert_sum_identity(324);
    }
}
