//! The burst controller's rules over a fake clock: the duty ceiling and its gaps, the
//! control law, graphs and shutdown, which launch callback may do what; then the
//! launch bound and the quiet-time promise; then properties over random runs.

use super::*;
use proptest::prelude::*;

fn cfg() -> BurstConfig {
    BurstConfig::time_only()
}

struct Sim {
    rate: f64,
    duty: f64,
    gap: u64,
    bursts: u64,
}

/// Polls every `tick`; on Stop adds `pairs_per_burst × dur / burst` and reports the
/// running total to `closed`.
fn simulate(cfg: BurstConfig, pairs_per_burst: f64, cycles: u64, tick: u64) -> Sim {
    let mut c = BurstController::new(cfg);
    let mut now = 1_000 * MS;
    let t0 = now;
    let mut total = 0.0f64;
    let mut stops = 0;
    while stops < cycles {
        match c.poll(now, false) {
            Some(Action::Stop) => {
                stops += 1;
                let dur = c.last_burst_dur as f64;
                total += pairs_per_burst * dur / cfg.burst_ns as f64;
                c.closed(total as u64);
            }
            Some(Action::Start) | None => {}
        }
        now += tick;
    }
    let elapsed = (now - t0) as f64 / 1e9;
    Sim {
        rate: c.pairs_observed() as f64 / elapsed,
        duty: c.duty(now),
        gap: c.gap_ns(),
        bursts: c.bursts(),
    }
}

#[test]
fn the_default_ceiling_gives_a_950_ms_min_gap_and_at_most_5_percent_duty() {
    let c = cfg();
    let lo = min_gap_ns(&c);
    assert_eq!(lo, 950 * MS);
    assert_eq!(
        lo,
        (c.burst_ns as f64 * (1.0 / c.max_duty - 1.0)).floor() as u64
    );
    assert!(c.burst_ns as f64 / (c.burst_ns + lo) as f64 <= c.max_duty + 1e-12);
    assert_eq!(min_gap_ns(&BurstConfig::default()), 950 * MS);
}

#[test]
fn whatever_the_yield_and_previous_gap_the_next_gap_lies_between_floor_and_max() {
    let c = cfg();
    let lo = min_gap_ns(&c);
    let pairs = [
        0,
        1,
        7,
        50,
        100,
        1000,
        100_000,
        10_000_000,
        1_000_000_000,
        u64::MAX / 2,
        u64::MAX,
    ];
    let prevs = [0, 1, lo, 2 * lo, c.max_gap_ns, 2 * c.max_gap_ns];
    let mut cases = 0;
    for p in pairs {
        for prev in prevs {
            let g = next_gap(&c, prev, p, 500 * MS);
            assert!(g >= lo && g <= c.max_gap_ns, "pairs {p} prev {prev}: {g}");
            assert!(c.burst_ns as f64 / (c.burst_ns + g) as f64 <= c.max_duty + 1e-12);
            cases += 1;
        }
    }
    assert_eq!(cases, 66);
}

#[test]
fn a_zero_observed_rate_walks_the_gap_to_the_floor_and_never_to_zero() {
    let c = cfg();
    let mut g = c.max_gap_ns;
    for _ in 0..100 {
        g = next_gap(&c, g, 0, 500 * MS);
    }
    assert_eq!(g, min_gap_ns(&c));
    assert!(g > 0);
}

#[test]
fn degenerate_configurations_land_on_the_safe_side() {
    let lo = min_gap_ns(&cfg());
    let with = |f: fn(&mut BurstConfig)| {
        let mut c = cfg();
        f(&mut c);
        c
    };
    assert_eq!(
        next_gap(&with(|c| c.target_rate = 0.0), lo, 10, 500 * MS),
        cfg().max_gap_ns
    );
    assert_eq!(
        next_gap(&with(|c| c.target_rate = -1.0), lo, 10, 500 * MS),
        lo
    );
    assert!(next_gap(&with(|c| c.target_rate = f64::NAN), lo, 10, 500 * MS) >= lo);
    assert!(min_gap_ns(&with(|c| c.max_duty = 0.0)) > 0);
    assert_eq!(min_gap_ns(&with(|c| c.max_duty = 5.0)), 0);
    assert!(next_gap(&cfg(), 3_000 * MS, 0, 0) >= lo);
}

#[test]
fn a_steady_yield_converges_on_the_target_rate() {
    let s = simulate(cfg(), 100.0, 60, 5 * MS);
    assert!(s.rate > 85.0 && s.rate < 115.0, "rate {}", s.rate);
    assert!(s.gap > 850 * MS && s.gap < 1100 * MS, "gap {}", s.gap);
    assert_eq!(s.bursts, 60);
}

#[test]
fn the_rate_converges_monotonically_from_above_and_below() {
    let c = cfg();
    let (mut below, mut above) = (min_gap_ns(&c), c.max_gap_ns);
    for _ in 0..40 {
        below = next_gap(&c, below, 100, 1_000 * MS);
        above = next_gap(&c, above, 100, 1_000 * MS);
    }
    assert!(below.abs_diff(above) <= MS, "{below} vs {above}");
    assert!(below > 900 * MS && below < 1000 * MS, "{below}");
}

#[test]
fn an_idle_gpu_samples_at_the_duty_ceiling_and_no_faster() {
    let c = cfg();
    let s = simulate(c, 0.0, 40, 5 * MS);
    assert!(s.duty <= 1.15 * c.max_duty, "duty {}", s.duty);
    assert_eq!(s.gap, min_gap_ns(&c));
}

#[test]
fn start_and_stop_strictly_alternate() {
    let c = cfg();
    let mut ctl = BurstController::new(c);
    let (mut open, mut opened, mut closed) = (false, 0u64, 0u64);
    let mut now = 7 * MS;
    let mut start = 0;
    for _ in 0..2000 {
        match ctl.poll(now, false) {
            Some(Action::Start) => {
                assert!(!open, "Start while open");
                open = true;
                opened += 1;
                start = now;
            }
            Some(Action::Stop) => {
                assert!(open, "Stop while closed");
                assert!(now - start >= c.burst_ns);
                open = false;
                closed += 1;
                ctl.closed(100 * closed);
            }
            None => {}
        }
        now += 5 * MS;
    }
    assert!(opened == closed || opened == closed + 1);
    assert_eq!(ctl.bursts(), opened);
    assert!(ctl.burst_ns() >= closed * c.burst_ns);
    assert_eq!(ctl.pairs_observed(), 100 * closed);
}

#[test]
fn a_graph_mid_burst_stops_it_for_good_and_counts_one_refusal() {
    let mut c = BurstController::new(cfg());
    assert_eq!(c.poll(0, false), Some(Action::Start));
    assert_eq!(c.poll(10 * MS, true), Some(Action::Stop));
    c.closed(5);
    assert_eq!(c.last_stop_reason(), Some(StopReason::Graph));
    assert!(c.refused());
    assert_eq!(c.graph_refusals(), 1);
    assert_eq!(c.burst_ns(), 10 * MS);
    let mut now = 10 * MS;
    for _ in 0..1000 {
        now += 100 * MS;
        assert_eq!(c.poll(now, true), None);
    }
    assert_eq!(c.bursts(), 1);
    assert_eq!(c.graph_refusals(), 1);
}

#[test]
fn a_graph_before_the_first_burst_means_no_burst_ever_starts() {
    let mut c = BurstController::new(cfg());
    for i in 0..100 {
        assert_eq!(c.poll(i * MS, true), None);
    }
    assert_eq!(c.bursts(), 0);
    assert_eq!(c.burst_ns(), 0);
    assert!(c.refused());
    assert_eq!(c.graph_refusals(), 1);
}

#[test]
fn shutdown_closes_an_open_burst_once_and_never_reopens() {
    let mut c = BurstController::new(cfg());
    assert_eq!(c.poll(0, false), Some(Action::Start));
    assert_eq!(c.shutdown(20 * MS), Some(Action::Stop));
    assert!(!c.sampling());
    assert_eq!(c.last_stop_reason(), Some(StopReason::Shutdown));
    assert_eq!(c.burst_ns(), 20 * MS);
    c.closed(42);
    assert_eq!(c.pairs_observed(), 42);
    assert_eq!(c.shutdown(30 * MS), None);
    assert_eq!(c.poll(10_000 * MS, false), None);
    assert_eq!(c.bursts(), 1);
}

#[test]
fn shutdown_with_nothing_open_makes_no_phantom_burst() {
    let mut c = BurstController::new(cfg());
    assert_eq!(c.shutdown(5 * MS), None);
    assert_eq!(c.bursts(), 0);
    assert_eq!(c.burst_ns(), 0);
    assert_eq!(c.last_stop_reason(), None);
}

/// A controller whose first burst closed and whose gap has elapsed, and that instant.
fn closed_and_gap_elapsed() -> (BurstController, u64) {
    let mut c = BurstController::new(cfg());
    assert_eq!(c.poll(0, false), Some(Action::Start));
    assert_eq!(c.poll(60 * MS, false), Some(Action::Stop));
    c.closed(100);
    (c.clone(), c.next_start_ns() + MS)
}

#[test]
fn a_launch_exit_may_only_close_a_burst() {
    let (c, now) = closed_and_gap_elapsed();
    let mut control = c.clone();
    assert_eq!(control.poll(now, false), Some(Action::Start));
    let mut c = c;
    let bursts = c.bursts();
    assert_eq!(c.poll_close(now, false), None);
    assert!(!c.sampling());
    assert_eq!(c.bursts(), bursts);
}

#[test]
fn a_launch_enter_may_only_open_a_burst() {
    let mut c = BurstController::new(cfg());
    assert_eq!(c.poll_open(0, false), Some(Action::Start));
    let mut control = c.clone();
    assert_eq!(control.poll(80 * MS, false), Some(Action::Stop));
    assert_eq!(c.poll_open(80 * MS, false), None);
    assert!(c.sampling());
    assert_eq!(c.burst_start_ns(), 0);
    assert_eq!(c.poll_close(81 * MS, false), Some(Action::Stop));
}

#[test]
fn over_20000_launches_enter_never_stops_and_exit_never_starts() {
    let c0 = cfg();
    let mut c = BurstController::new(c0);
    let (mut opens, mut closes) = (0u64, 0u64);
    let mut now = MS;
    for _ in 0..20_000 {
        assert_ne!(c.poll_open(now, false), Some(Action::Stop));
        if c.sampling() && c.burst_start_ns() == now {
            opens += 1;
        }
        now += MS;
        match c.poll_close(now, false) {
            Some(Action::Start) => panic!("EXIT started a burst"),
            Some(Action::Stop) => {
                closes += 1;
                c.closed(100 * closes);
            }
            None => {}
        }
        now += MS;
    }
    assert!(opens > 5, "opens {opens}");
    assert!(opens - closes <= 1);
    assert!(c.duty(now) <= 1.05 * c0.max_duty, "duty {}", c.duty(now));
}

#[test]
fn a_graph_noticed_at_enter_refuses_and_the_next_exit_stops() {
    let mut c = BurstController::new(cfg());
    assert_eq!(c.poll_open(0, false), Some(Action::Start));
    assert_eq!(c.poll_open(MS, true), None);
    assert!(c.refused());
    assert!(c.sampling());
    assert_eq!(c.poll_close(2 * MS, false), Some(Action::Stop));
    assert_eq!(c.last_stop_reason(), Some(StopReason::Graph));
    assert_eq!(c.graph_refusals(), 1);
    for i in 0..100 {
        assert_eq!(c.poll_open(10_000 * MS * i, false), None);
    }
}

#[test]
fn a_graph_noticed_at_exit_stops_at_once() {
    let mut c = BurstController::new(cfg());
    assert_eq!(c.poll_open(0, false), Some(Action::Start));
    assert_eq!(c.poll_close(MS, true), Some(Action::Stop));
    assert_eq!(c.last_stop_reason(), Some(StopReason::Graph));
    assert_eq!(c.graph_refusals(), 1);
}

#[test]
fn an_overrunning_burst_is_charged_its_real_length_and_the_ceiling_holds() {
    let c0 = BurstConfig {
        max_duty: 0.1,
        ..cfg()
    };
    let lo = min_gap_ns(&c0);
    assert_eq!(lo, 450 * MS);
    let mut c = BurstController::new(c0);
    let mut now = 0;
    let mut last_cycle_end = 0;
    for _ in 0..12 {
        if now < c.next_start_ns() {
            now = c.next_start_ns();
        }
        last_cycle_end = now;
        assert_eq!(c.poll_open(now, false), Some(Action::Start));
        now += 2 * c0.burst_ns;
        assert_eq!(c.poll_close(now, false), Some(Action::Stop));
        c.closed(0);
    }
    assert!(c.gap_ns() >= 2 * lo, "gap {}", c.gap_ns());
    // Duty at the end of the last complete cycle (its gap included).
    let _ = last_cycle_end;
    let end_of_cycle = c.next_start_ns();
    assert!(
        c.duty(end_of_cycle) <= c0.max_duty + 1e-9,
        "duty {}",
        c.duty(end_of_cycle)
    );
}

// ---- the launch bound ----

#[test]
fn a_burst_stops_at_its_launch_budget_before_its_time_is_up() {
    let mut c = BurstController::new(BurstConfig::default());
    assert_eq!(c.launch_budget(), FIRST_LAUNCH_BUDGET);
    assert_eq!(c.poll_open(0, false), Some(Action::Start));
    for i in 1..FIRST_LAUNCH_BUDGET {
        assert_eq!(c.poll_close(u64::from(i) * 10_000, false), None);
    }
    assert_eq!(c.poll_close(MS, false), Some(Action::Stop));
    assert_eq!(c.last_stop_reason(), Some(StopReason::LaunchBudget));
    assert_eq!(c.launches_serialized(), u64::from(FIRST_LAUNCH_BUDGET));
}

#[test]
fn the_launch_budget_is_what_the_target_needs_at_the_observed_yield() {
    let c = BurstConfig::default();
    // 100 pairs/s over a 1 s cycle at 50 pairs per launch: 2 launches.
    assert_eq!(next_launch_budget(&c, 500, 10, 1_000 * MS), 2);
    // A rich kernel: one launch is enough.
    assert_eq!(next_launch_budget(&c, 100_000, 1, 1_000 * MS), 1);
    // Nothing seen yet, or nothing yielded: the cap, the time bound still holds.
    assert_eq!(
        next_launch_budget(&c, 0, 0, 1_000 * MS),
        FIRST_LAUNCH_BUDGET
    );
    assert_eq!(
        next_launch_budget(&c, 0, 10, 1_000 * MS),
        MAX_LAUNCHES_DEFAULT
    );
    // Time only: unbounded.
    assert_eq!(
        next_launch_budget(&BurstConfig::time_only(), 5, 1, MS),
        u32::MAX
    );
}

#[test]
fn a_launch_bounded_burst_is_still_followed_by_at_least_the_duty_floor() {
    let mut c = BurstController::new(BurstConfig::default());
    c.poll_open(0, false);
    for i in 0..u64::from(FIRST_LAUNCH_BUDGET) {
        c.poll_close(i + 1, false);
    }
    assert!(!c.sampling());
    c.closed(1_000_000);
    assert!(c.next_start_ns() >= 950 * MS);
    assert_eq!(c.poll_open(949 * MS, false), None);
}

#[test]
fn the_quiet_guarantee_holds_whatever_the_next_yield() {
    for pairs in [0u64, 1, 100, 10_000_000] {
        let mut c = BurstController::new(cfg());
        c.poll_open(0, false);
        c.poll_close(70 * MS, false);
        let quiet = c.quiet_until_ns().unwrap();
        c.closed(pairs);
        assert!(c.next_start_ns() >= quiet, "pairs {pairs}");
        assert_eq!(c.poll_open(quiet - 1, false), None);
    }
}

#[test]
fn once_the_yield_is_reported_the_promise_is_the_whole_chosen_gap() {
    // A yield far above the target: the control law walks the gap to the max (10 s).
    let mut c = BurstController::new(cfg());
    let mut total = 0;
    for cycle in 0..6u64 {
        let t = c.next_start_ns().max(1_000 * MS) + cycle;
        assert_eq!(c.poll_open(t, false), Some(Action::Start));
        assert_eq!(c.poll_close(t + 60 * MS, false), Some(Action::Stop));
        total += 1_000_000;
        c.closed(total);
        let promise = c.quiet_until_ns().unwrap();
        assert_eq!(promise, c.next_start_ns(), "the promise is the next start");
        assert!(promise - (t + 60 * MS) >= min_gap_ns(&cfg()));
        assert_eq!(c.poll_open(promise - 1, false), None);
    }
    assert_eq!(
        c.gap_ns(),
        cfg().max_gap_ns,
        "the whole 10 s gap is promised"
    );
    assert_eq!(
        c.quiet_until_ns().unwrap() - c.last_burst_end,
        cfg().max_gap_ns
    );
}

#[test]
fn before_the_yield_is_reported_only_the_duty_floor_is_promised() {
    let mut c = BurstController::new(cfg());
    c.poll_open(1_000 * MS, false);
    c.poll_close(1_060 * MS, false);
    let floor = min_gap_ns(&cfg()).max(min_gap_for_ns(&cfg(), 60 * MS));
    assert_eq!(c.quiet_until_ns(), Some(1_060 * MS + floor));
}

// ---- properties ----

#[derive(Debug, Clone, Copy)]
enum Step {
    Enter(u64, bool),
    Exit(u64, bool),
    Closed(u64),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0u64..200 * MS, prop::bool::weighted(0.01)).prop_map(|(d, g)| Step::Enter(d, g)),
        (0u64..200 * MS, prop::bool::weighted(0.01)).prop_map(|(d, g)| Step::Exit(d, g)),
        (0u64..100_000).prop_map(Step::Closed),
    ]
}

fn any_config() -> impl Strategy<Value = BurstConfig> {
    (
        1u64..200,
        0.0f64..10_000.0,
        0.005f64..1.0,
        prop::option::of(1u32..200),
    )
        .prop_map(|(burst_ms, target, duty, launches)| BurstConfig {
            burst_ns: burst_ms * MS,
            target_rate: target,
            max_duty: duty,
            max_launches: launches,
            ..BurstConfig::time_only()
        })
}

proptest! {
    #[test]
    fn prop_enter_never_stops_exit_never_starts_and_duty_stays_under_the_ceiling(
        cfg in any_config(),
        steps in prop::collection::vec(step(), 1..400),
    ) {
        let mut c = BurstController::new(cfg);
        let mut now = 1_000 * MS;
        let mut total = 0u64;
        let mut longest = 0u64;
        for s in steps {
            match s {
                Step::Enter(d, g) => {
                    now += d;
                    prop_assert_ne!(c.poll_open(now, g), Some(Action::Stop));
                }
                Step::Exit(d, g) => {
                    now += d;
                    prop_assert_ne!(c.poll_close(now, g), Some(Action::Start));
                    if !c.sampling() {
                        longest = longest.max(c.last_burst_dur);
                    }
                }
                Step::Closed(p) => {
                    total += p;
                    c.closed(total);
                }
            }
            if !c.sampling() && c.bursts() > 0 {
                // Measured at the end of a complete cycle: the duty is the ceiling's.
                // The max gap bounds the charge of a very long burst (as in the original).
                let capped = longest as f64 / (longest + cfg.max_gap_ns) as f64;
                let d = c.duty(c.next_start_ns().max(now));
                // The gap is floored to whole ns: up to 1 ns per cycle of slack.
                let bound = cfg.max_duty.min(1.0).max(capped);
                prop_assert!(d <= bound * (1.0 + 1e-5), "duty {d} over {bound}");
            }
        }
    }

    #[test]
    fn prop_the_gap_always_lies_between_the_floor_and_the_max(
        prev in any::<u64>(), pairs in any::<u64>(), elapsed in any::<u64>(),
        target in prop::num::f64::ANY, duty in prop::num::f64::ANY,
    ) {
        let c = BurstConfig { target_rate: target, max_duty: duty, ..cfg() };
        let g = next_gap(&c, prev, pairs, elapsed);
        prop_assert!(g >= min_gap_ns(&c));
        prop_assert!(g <= c.max_gap_ns.max(min_gap_ns(&c)));
    }

    #[test]
    fn prop_no_burst_opens_inside_a_promised_quiet_tail(
        cfg in any_config(),
        steps in prop::collection::vec(step(), 1..300),
    ) {
        let mut c = BurstController::new(cfg);
        let mut now = 1_000 * MS;
        let mut promise: Option<u64> = None;
        let mut total = 0;
        for s in steps {
            match s {
                Step::Enter(d, g) => {
                    now += d;
                    if c.poll_open(now, g) == Some(Action::Start) {
                        if let Some(p) = promise {
                            prop_assert!(now >= p, "opened at {now} before {p}");
                        }
                    }
                }
                Step::Exit(d, g) => {
                    now += d;
                    if c.poll_close(now, g) == Some(Action::Stop) {
                        promise = c.quiet_until_ns();
                    }
                }
                // The record is built after `closed` (runtime::pc's order): the promise
                // it carries then is the whole gap, and must hold just the same.
                Step::Closed(p) => {
                    total += p;
                    c.closed(total);
                    if !c.sampling() {
                        promise = promise.max(c.quiet_until_ns());
                    }
                }
            }
        }
    }
}

#[test]
fn would_open_answers_as_poll_open_would_and_changes_nothing() {
    let mut c = BurstController::new(BurstConfig::default());
    let t = 1_000 * MS;
    assert!(c.would_open(t, false));
    assert!(!c.would_open(t, true), "a graph launch never opens");
    let before = c.clone();
    let _ = c.would_open(t, false);
    assert_eq!(format!("{before:?}"), format!("{c:?}"));
    assert_eq!(c.poll_open(t, false), Some(Action::Start));
    assert!(!c.would_open(t + MS, false), "open already");
    for i in 1..=FIRST_LAUNCH_BUDGET {
        let r = c.poll_close(t + u64::from(i) * MS, false);
        assert_eq!(r.is_some(), i == FIRST_LAUNCH_BUDGET);
    }
    let next = c.next_start_ns();
    assert!(!c.would_open(next - 1, false));
    assert!(c.would_open(next, false));
}

#[test]
fn a_launch_counted_while_the_guard_was_busy_still_counts_toward_the_budget() {
    let mut c = BurstController::new(BurstConfig::default());
    let t = 1_000 * MS;
    c.poll_open(t, false);
    for _ in 0..FIRST_LAUNCH_BUDGET {
        c.note_launch();
    }
    assert!(c.sampling(), "note_launch never closes");
    assert_eq!(c.launches_serialized(), u64::from(FIRST_LAUNCH_BUDGET));
    // The next EXIT that can act closes on the budget at once.
    assert_eq!(c.poll_close(t + MS, false), Some(Action::Stop));
    assert_eq!(c.last_stop_reason(), Some(StopReason::LaunchBudget));
    c.note_launch();
    assert_eq!(
        c.launches_serialized(),
        u64::from(FIRST_LAUNCH_BUDGET) + 1,
        "outside a burst nothing is counted"
    );
}

#[test]
fn the_flush_waits_only_while_a_burst_is_open_and_the_application_is_launching() {
    let t = 5_000 * MS;
    assert!(!defer_flush(false, t, t), "no burst: flush");
    assert!(defer_flush(true, t, t), "open burst, launching: defer");
    assert!(defer_flush(true, t, t + FLUSH_DEFER_IDLE_NS - 1));
    assert!(
        !defer_flush(true, t, t + FLUSH_DEFER_IDLE_NS),
        "open burst, no launch for 200 ms: flush, or its kernel records never leave"
    );
    assert!(
        defer_flush(true, t + MS, t),
        "a launch stamped after now still defers"
    );
}

#[test]
fn a_burst_is_judged_stuck_only_with_no_launch_callback_after_its_start_for_the_bound() {
    let c = BurstConfig::default();
    assert_eq!(
        stuck_after_ns(&c),
        STUCK_AFTER_MIN_NS,
        "5 s at 50 ms bursts"
    );
    let long = BurstConfig {
        burst_ns: 200 * MS,
        ..c
    };
    assert_eq!(stuck_after_ns(&long), 20_000 * MS, "100 bursts' length");
    let t0 = 9_000 * MS;
    let bound = stuck_after_ns(&c);
    assert!(!burst_stuck(&c, 0, 0, t0 + 10 * bound), "no burst open");
    assert!(!burst_stuck(&c, t0, t0, t0 + bound - 1), "not yet");
    assert!(
        burst_stuck(&c, t0, t0, t0 + bound),
        "the H200's second process"
    );
    assert!(
        !burst_stuck(&c, t0, t0 + 1, t0 + 100 * bound),
        "a launch came back after the Start: an idle application, not a failure"
    );
}
