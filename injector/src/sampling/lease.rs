//! When a process may run the serialized tier on its GPUs: the policy of the per-GPU
//! sampler lease. Pure: no I/O, no clock; the caller (the collector thread, with the
//! lock files of `crate::lease`) passes every instant and carries out each [`Step`].
//!
//! One PC sampler per GPU: a second serialized process on an H200 lost every kernel
//! record (docs/measurements/serialized-tier.md). So a process serializes only while it
//! holds the leases of all the GPUs it has PC-sampling contexts on, taken all at once or
//! not at all. The policy:
//!
//! ```text
//! Idle ──wanted──▶ Waiting ──Try, taken──▶ Holding ──hold time up, or not wanted,──▶ Yielding
//!   ▲   ◀─not wanted─ │  ▲ Try, busy: again after retry + jitter     or a top-up refused      │
//!   │                 │  └──────────── Resting (rest time) ◀──Release (runtime off)───────────┘
//!   └────────────────────────────────────────────────────── Release, not wanted ◀────────────┘
//! ```
//!
//! - The runtime may serialize only while [`LeasePolicy::permit`]: in `Holding`.
//! - The lease is released only once the runtime says it no longer serializes (no
//!   burst open, the tier switched away): never with a burst open. Permission goes at
//!   the tick that decides to yield and the release comes at a later tick, so the
//!   runtime's "no longer serializing" is always read after it lost the permission.
//! - After a hold of `hold_ns` the holder gives the lease up and rests `rest_ns` before
//!   trying again, so that every process waiting for the GPU gets its turn over time.
//!   Waiting processes try every `retry_ns` plus a jitter the caller draws, so whoever
//!   tries first after a release takes it; a rest longer than two retry periods lets
//!   every waiter try at least once in it.
//! - A GPU that appears while holding (a context on a new device) is tried at once
//!   (`covered` false); if its lease is busy the process yields all of them and waits:
//!   holding part of a set while waiting for the rest would let two multi-GPU processes
//!   starve each other.

/// Default hold before a holder gives the lease up (ms).
pub const HOLD_MS_DEFAULT: u64 = 60_000;
/// Default rest after giving it up (ms).
pub const REST_MS_DEFAULT: u64 = 2_000;
/// How often a waiting process tries (ms), before its jitter.
pub const RETRY_MS: u64 = 500;

const MS: u64 = 1_000_000;

/// The policy's configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeaseConfig {
    /// Longest a process holds the lease before giving it up.
    pub hold_ns: u64,
    /// How long it rests after giving it up.
    pub rest_ns: u64,
    /// Period of a waiting process's tries (plus jitter).
    pub retry_ns: u64,
}

impl Default for LeaseConfig {
    fn default() -> Self {
        LeaseConfig {
            hold_ns: HOLD_MS_DEFAULT * MS,
            rest_ns: REST_MS_DEFAULT * MS,
            retry_ns: RETRY_MS * MS,
        }
    }
}

/// What the caller must do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Nothing.
    Wait,
    /// Try to take the leases not held yet (all of them, or none), then report with
    /// [`LeasePolicy::tried`].
    Try,
    /// Release every lease held, then report with [`LeasePolicy::released`].
    Release,
}

/// Where the policy stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The process does not want to serialize (another tier, sampling failed, no GPU).
    Idle,
    /// It wants the lease and tries every retry period.
    Waiting {
        /// The next try, Unix ns.
        next_try: u64,
    },
    /// It holds the lease: the runtime may serialize.
    Holding {
        /// Since when, Unix ns.
        since: u64,
    },
    /// It holds the lease and waits for the runtime to stop serializing to give it up.
    Yielding {
        /// Rest after the release (the turn ended); otherwise wait at once.
        rest: bool,
    },
    /// It gave the lease up after its turn and does not try before `until`.
    Resting {
        /// Unix ns.
        until: u64,
    },
}

/// Cumulative counters, for the exit line and the markers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeaseCounters {
    /// Time the process wanted to serialize and was not permitted to (waiting for the
    /// lease, resting after its turn, giving it up), ns.
    pub waiting_ns: u64,
    /// Times the lease was taken.
    pub taken: u64,
    /// Times it was given up.
    pub given_up: u64,
    /// Tries that found it held by another process.
    pub busy: u64,
}

/// The lease policy of one process.
#[derive(Debug, Clone)]
pub struct LeasePolicy {
    cfg: LeaseConfig,
    phase: Phase,
    counters: LeaseCounters,
    /// The last tick's instant and whether it wanted without permission.
    last: Option<(u64, bool)>,
}

impl LeasePolicy {
    /// A policy that holds nothing.
    pub fn new(cfg: LeaseConfig) -> Self {
        LeasePolicy {
            cfg,
            phase: Phase::Idle,
            counters: LeaseCounters::default(),
            last: None,
        }
    }

    /// Where it stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the runtime may serialize now.
    pub fn permit(&self) -> bool {
        matches!(self.phase, Phase::Holding { .. })
    }

    /// Whether a lease is held (holding or yielding).
    pub fn holds(&self) -> bool {
        matches!(self.phase, Phase::Holding { .. } | Phase::Yielding { .. })
    }

    /// The counters, the waiting time counted up to the last tick.
    pub fn counters(&self) -> LeaseCounters {
        self.counters
    }

    /// One period of the collector. `wanted`: the process wants to serialize;
    /// `serializing`: its runtime still serializes or may (the tier is serialized, or a
    /// burst is open); `covered`: the leases held cover every GPU it samples.
    pub fn tick(&mut self, now: u64, wanted: bool, serializing: bool, covered: bool) -> Step {
        if let Some((then, starved)) = self.last {
            if starved {
                self.counters.waiting_ns += now.saturating_sub(then);
            }
        }
        let step = self.step(now, wanted, serializing, covered);
        self.last = Some((now, wanted && !self.permit()));
        step
    }

    fn step(&mut self, now: u64, wanted: bool, serializing: bool, covered: bool) -> Step {
        loop {
            match self.phase {
                Phase::Idle => {
                    if !wanted {
                        return Step::Wait;
                    }
                    self.phase = Phase::Waiting { next_try: now };
                }
                Phase::Waiting { next_try } => {
                    if !wanted {
                        self.phase = Phase::Idle;
                        return Step::Wait;
                    }
                    return if now >= next_try {
                        Step::Try
                    } else {
                        Step::Wait
                    };
                }
                Phase::Holding { since } => {
                    let turn_over = now.saturating_sub(since) >= self.cfg.hold_ns;
                    if !wanted || turn_over {
                        // Released at a later tick at the earliest: the caller takes
                        // the permission away after this one, and only a runtime seen
                        // stopped after that may let the lease go.
                        self.phase = Phase::Yielding { rest: wanted };
                        return Step::Wait;
                    }
                    return if covered { Step::Wait } else { Step::Try };
                }
                Phase::Yielding { .. } => {
                    return if serializing {
                        Step::Wait
                    } else {
                        Step::Release
                    };
                }
                Phase::Resting { until } => {
                    if now < until {
                        return Step::Wait;
                    }
                    self.phase = if wanted {
                        Phase::Waiting { next_try: now }
                    } else {
                        Phase::Idle
                    };
                }
            }
        }
    }

    /// The outcome of a [`Step::Try`] at `now`: `taken` when every lease needed is held
    /// now. `jitter_ns` (drawn by the caller, below the retry period) spreads the next
    /// try of a busy lease.
    pub fn tried(&mut self, now: u64, taken: bool, jitter_ns: u64) {
        match (self.phase, taken) {
            (Phase::Waiting { .. }, true) => {
                self.counters.taken += 1;
                self.phase = Phase::Holding { since: now };
            }
            (Phase::Waiting { .. }, false) => {
                self.counters.busy += 1;
                let next = now
                    .saturating_add(self.cfg.retry_ns)
                    .saturating_add(jitter_ns.min(self.cfg.retry_ns));
                self.phase = Phase::Waiting { next_try: next };
            }
            // A top-up for a GPU that appeared while holding.
            (Phase::Holding { .. }, true) => {}
            (Phase::Holding { .. }, false) => {
                self.counters.busy += 1;
                self.phase = Phase::Yielding { rest: false };
            }
            _ => {}
        }
        let permit = self.permit();
        if let Some((_, starved)) = self.last.as_mut() {
            *starved = !permit;
        }
    }

    /// Every lease was released at `now` (after a [`Step::Release`]).
    pub fn released(&mut self, now: u64) {
        if let Phase::Yielding { rest } = self.phase {
            self.counters.given_up += 1;
            self.phase = if rest {
                Phase::Resting {
                    until: now.saturating_add(self.cfg.rest_ns),
                }
            } else {
                Phase::Waiting {
                    next_try: now.saturating_add(self.cfg.retry_ns),
                }
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S: u64 = 1_000 * MS;

    fn cfg() -> LeaseConfig {
        LeaseConfig {
            hold_ns: 60 * S,
            rest_ns: 2 * S,
            retry_ns: S / 2,
        }
    }

    #[test]
    fn a_process_that_does_not_want_to_serialize_never_tries() {
        let mut p = LeasePolicy::new(cfg());
        for t in 0..100 {
            assert_eq!(p.tick(t * S, false, false, true), Step::Wait);
        }
        assert_eq!(p.counters(), LeaseCounters::default());
    }

    #[test]
    fn a_wanted_lease_is_tried_at_once_and_permits_once_taken() {
        let mut p = LeasePolicy::new(cfg());
        assert_eq!(p.tick(0, true, false, false), Step::Try);
        assert!(!p.permit());
        p.tried(0, true, 0);
        assert!(p.permit() && p.holds());
        assert_eq!(p.tick(S, true, true, true), Step::Wait);
        assert_eq!(p.counters().taken, 1);
    }

    #[test]
    fn a_busy_lease_is_tried_again_after_the_retry_period_and_its_jitter() {
        let mut p = LeasePolicy::new(cfg());
        assert_eq!(p.tick(0, true, false, false), Step::Try);
        p.tried(0, false, S / 4);
        assert_eq!(p.tick(S / 2, true, false, false), Step::Wait);
        assert_eq!(p.tick(3 * S / 4 - 1, true, false, false), Step::Wait);
        assert_eq!(p.tick(3 * S / 4, true, false, false), Step::Try);
        // A jitter past the retry period is clamped to it.
        p.tried(3 * S / 4, false, 100 * S);
        assert_eq!(p.tick(7 * S / 4, true, false, false), Step::Try);
        assert_eq!(p.counters().busy, 2);
    }

    #[test]
    fn the_holder_gives_the_lease_up_after_its_hold_only_once_the_runtime_stopped_serializing() {
        let mut p = LeasePolicy::new(cfg());
        p.tick(0, true, false, false);
        p.tried(0, true, 0);
        assert_eq!(p.tick(60 * S - 1, true, true, true), Step::Wait);
        assert!(p.permit());
        // Turn over: permission goes at once, the lease stays while a burst may be open.
        assert_eq!(p.tick(60 * S, true, true, true), Step::Wait);
        assert!(!p.permit() && p.holds());
        assert_eq!(p.tick(61 * S, true, true, true), Step::Wait);
        assert_eq!(p.tick(62 * S, true, false, true), Step::Release);
        p.released(62 * S);
        assert!(!p.holds());
        assert_eq!(p.counters().given_up, 1);
    }

    #[test]
    fn after_its_turn_the_holder_rests_before_trying_again() {
        let mut p = LeasePolicy::new(cfg());
        p.tick(0, true, false, false);
        p.tried(0, true, 0);
        p.tick(60 * S, true, false, true);
        assert_eq!(p.tick(60 * S, true, false, true), Step::Release);
        p.released(60 * S);
        assert_eq!(p.phase(), Phase::Resting { until: 62 * S });
        assert_eq!(p.tick(61 * S, true, false, true), Step::Wait);
        assert_eq!(p.tick(62 * S, true, false, true), Step::Try);
    }

    #[test]
    fn a_process_that_stops_wanting_gives_the_lease_up_without_resting() {
        let mut p = LeasePolicy::new(cfg());
        p.tick(0, true, false, false);
        p.tried(0, true, 0);
        assert_eq!(p.tick(S, false, true, true), Step::Wait);
        assert!(!p.permit());
        assert_eq!(p.tick(2 * S, false, false, true), Step::Release);
        p.released(2 * S);
        assert!(!matches!(p.phase(), Phase::Resting { .. }));
        assert_eq!(p.tick(3 * S, false, false, true), Step::Wait);
        assert_eq!(p.phase(), Phase::Idle);
    }

    #[test]
    fn a_gpu_that_appears_while_holding_is_tried_at_once_and_a_busy_one_yields_every_lease() {
        let mut p = LeasePolicy::new(cfg());
        p.tick(0, true, false, false);
        p.tried(0, true, 0);
        assert_eq!(p.tick(S, true, true, false), Step::Try);
        p.tried(S, true, 0);
        assert!(p.permit(), "the top-up was taken");
        assert_eq!(p.tick(2 * S, true, true, false), Step::Try);
        p.tried(2 * S, false, 0);
        assert!(!p.permit(), "part of the set is not enough");
        assert_eq!(p.tick(2 * S, true, false, false), Step::Release);
        p.released(2 * S);
        // Without a rest: it did not have its turn.
        assert_eq!(
            p.phase(),
            Phase::Waiting {
                next_try: 2 * S + S / 2
            }
        );
    }

    #[test]
    fn waiting_time_counts_only_while_wanted_and_not_permitted() {
        let mut p = LeasePolicy::new(cfg());
        p.tick(0, false, false, true);
        p.tick(10 * S, true, false, false); // wanted from here
        p.tried(10 * S, false, 0);
        p.tick(11 * S, true, false, false);
        p.tried(11 * S, true, 0);
        p.tick(20 * S, true, true, true); // held: not waiting
        assert_eq!(p.counters().waiting_ns, S);
        p.tick(71 * S, true, true, true); // turn over: yielding counts
        p.tick(72 * S, true, false, true);
        p.released(72 * S);
        p.tick(74 * S, true, false, true);
        assert_eq!(p.counters().waiting_ns, S + 3 * S);
    }

    #[derive(Debug, Clone)]
    enum Input {
        Tick {
            dt_ms: u64,
            wanted: bool,
            serializing: bool,
            covered: bool,
        },
        Outcome {
            taken: bool,
            jitter_ms: u64,
        },
    }

    fn input() -> impl Strategy<Value = Input> {
        prop_oneof![
            (0u64..5_000, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
                |(dt_ms, wanted, serializing, covered)| Input::Tick {
                    dt_ms,
                    wanted,
                    serializing,
                    covered
                }
            ),
            (any::<bool>(), 0u64..2_000)
                .prop_map(|(taken, jitter_ms)| Input::Outcome { taken, jitter_ms }),
        ]
    }

    proptest! {
        /// Over any history: the lease is released only when the runtime does not
        /// serialize; permission only while the lease is held; a holder gives it up no
        /// later than one tick after its hold ends; a rest is kept after every turn.
        #[test]
        fn the_policy_never_releases_under_a_serializing_runtime_and_never_overstays(
            inputs in proptest::collection::vec(input(), 1..400)
        ) {
            let mut p = LeasePolicy::new(cfg());
            let mut now = 0u64;
            let mut pending_try = false;
            let mut rest_until = 0u64;
            for i in inputs {
                match i {
                    Input::Tick { dt_ms, wanted, serializing, covered } => {
                        now += dt_ms * MS;
                        let step = p.tick(now, wanted, serializing, covered);
                        prop_assert!(!p.permit() || p.holds());
                        if let Phase::Holding { since } = p.phase() {
                            prop_assert!(now - since < cfg().hold_ns, "held past its turn");
                        }
                        match step {
                            Step::Release => {
                                prop_assert!(!serializing, "released under a serializing runtime");
                                let rest = matches!(p.phase(), Phase::Yielding { rest: true });
                                p.released(now);
                                if rest { rest_until = now + cfg().rest_ns; }
                                prop_assert!(!p.holds());
                            }
                            Step::Try => {
                                prop_assert!(now >= rest_until, "tried inside a rest");
                                pending_try = true;
                            }
                            Step::Wait => {}
                        }
                    }
                    Input::Outcome { taken, jitter_ms } => {
                        if pending_try {
                            p.tried(now, taken, jitter_ms * MS);
                            pending_try = false;
                        }
                    }
                }
            }
        }
    }
}
