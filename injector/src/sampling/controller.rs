//! The burst controller of the serialized tier: when a KERNEL_SERIALIZED burst may
//! start and when it must stop. Pure: no I/O, no clock; every instant is an argument
//! (Unix epoch nanoseconds, the clock of the window records).
//!
//! The control law ([`next_gap`]) is a pure function of (target rate, observed pairs,
//! elapsed time), the original controller's law:
//!
//! - the gap after a burst walks toward `pairs / target - burst` with gain 0.5;
//! - it never goes below the duty floor `burst × (1/max_duty − 1)` (default 950 ms at
//!   5%) nor above `max_gap` (10 s); a zero observed rate walks it down to the floor
//!   and no further, never to zero;
//! - a burst that overran is charged for the length it actually had
//!   ([`min_gap_for_ns`] of the real duration), so an overrun never breaks the ceiling.
//!
//! On top of that (this implementation's addition): a burst is bounded by
//! **launches** as well as by time. On the H200 every launch inside a burst costs
//! ~0.55-0.95 ms of wall time whatever its length (measured), so a burst's cost
//! follows the launches it serializes, and a 50 ms burst of short kernels mostly buys
//! cost. [`next_launch_budget`] sizes the next burst to the launches the target rate
//! needs for one cycle, from the pairs per launch observed so far.
//!
//! A launch ENTER may only open ([`BurstController::poll_open`]) and a launch EXIT may
//! only close ([`BurstController::poll_close`]): a burst opened at an EXIT would miss
//! the launch that triggered it, and one closed at an ENTER would end before the
//! launch it serializes.

// `!(x > y)` is deliberate throughout: it is true for NaN, which must fall to the safe
// side: the smallest duty, a gap that still keeps the duty ceiling, one launch.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

/// One millisecond in nanoseconds.
pub const MS: u64 = 1_000_000;
/// Default burst length (time bound).
pub const BURST_MS_DEFAULT: u64 = 50;
/// Default target rate, (PC, stall) pairs per second.
pub const TARGET_RATE_DEFAULT: f64 = 100.0;
/// Default duty ceiling.
pub const MAX_DUTY_DEFAULT: f64 = 0.05;
/// Default longest gap.
pub const MAX_GAP_MS_DEFAULT: u64 = 10_000;
/// Fraction of a new gap estimate adopted per cycle.
pub const GAIN_DEFAULT: f64 = 0.5;
/// Default cap on launches per burst.
pub const MAX_LAUNCHES_DEFAULT: u32 = 64;
/// Launch budget of the first burst, before any yield was observed.
pub const FIRST_LAUNCH_BUDGET: u32 = 4;

/// The controller's configuration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BurstConfig {
    /// Burst length: a burst closes at the first launch exit after this long.
    pub burst_ns: u64,
    /// Target (PC, stall) pairs per second.
    pub target_rate: f64,
    /// Duty ceiling, a fraction in (0, 1].
    pub max_duty: f64,
    /// Longest gap between bursts.
    pub max_gap_ns: u64,
    /// Gain of the control law, clamped into [0, 1].
    pub gain: f64,
    /// Most launches one burst may serialize; `None`: bounded by time only (the
    /// original's behaviour, and the "fixed 50 ms bursts" arm of the overhead runs).
    pub max_launches: Option<u32>,
}

impl Default for BurstConfig {
    /// The original controller's defaults (5% ceiling) plus the launch bound.
    fn default() -> Self {
        BurstConfig {
            max_launches: Some(MAX_LAUNCHES_DEFAULT),
            ..BurstConfig::time_only()
        }
    }
}

impl BurstConfig {
    /// The original's defaults: bursts bounded by time alone.
    pub fn time_only() -> Self {
        BurstConfig {
            burst_ns: BURST_MS_DEFAULT * MS,
            target_rate: TARGET_RATE_DEFAULT,
            max_duty: MAX_DUTY_DEFAULT,
            max_gap_ns: MAX_GAP_MS_DEFAULT * MS,
            gain: GAIN_DEFAULT,
            max_launches: None,
        }
    }
}

fn clamp_duty(duty: f64) -> f64 {
    // Written so that NaN lands on the safe side (the smallest duty).
    if !(duty > 0.0) {
        0.001
    } else if duty > 1.0 {
        1.0
    } else {
        duty
    }
}

/// The shortest gap after a burst of `d` ns that keeps the duty at or under
/// `cfg.max_duty`: `d × (1/duty − 1)`, at most `max_gap`.
pub fn min_gap_for_ns(cfg: &BurstConfig, d: u64) -> u64 {
    let duty = clamp_duty(cfg.max_duty);
    let g = d as f64 * (1.0 / duty - 1.0);
    if !(g > 0.0) {
        0
    } else if g >= cfg.max_gap_ns as f64 {
        cfg.max_gap_ns
    } else {
        g.floor() as u64
    }
}

/// The duty floor: [`min_gap_for_ns`] at the configured burst length.
pub fn min_gap_ns(cfg: &BurstConfig) -> u64 {
    min_gap_for_ns(cfg, cfg.burst_ns)
}

/// The control law: the next gap from the previous one, the pairs the last cycle
/// yielded and the cycle's length. Pure; NaN and infinities fall to the safe side.
pub fn next_gap(cfg: &BurstConfig, prev_gap: u64, pairs: u64, elapsed_ns: u64) -> u64 {
    let lo = min_gap_ns(cfg);
    let hi = cfg.max_gap_ns.max(lo);
    let gap = if elapsed_ns == 0 {
        prev_gap as f64
    } else {
        let observed = pairs as f64 * 1e9 / elapsed_ns as f64;
        let ratio = observed / cfg.target_rate;
        let cycle = elapsed_ns as f64 * ratio;
        let mut raw = cycle - cfg.burst_ns as f64;
        if !(raw > 0.0) {
            raw = 0.0;
        }
        let gain = if cfg.gain > 1.0 {
            1.0
        } else if cfg.gain > 0.0 {
            cfg.gain
        } else {
            0.0
        };
        prev_gap as f64 + gain * (raw - prev_gap as f64)
    };
    if !(gap > lo as f64) {
        lo
    } else if gap >= hi as f64 {
        hi
    } else {
        gap as u64
    }
}

/// Launches the next burst may serialize: enough for the target rate over one cycle
/// (`target × cycle` pairs) at the pairs per launch observed so far, at least 1 and at
/// most `cfg.max_launches`. Before any launch was observed: [`FIRST_LAUNCH_BUDGET`].
/// An observed yield of zero asks for the cap (the time bound still applies).
pub fn next_launch_budget(cfg: &BurstConfig, pairs: u64, launches: u64, cycle_ns: u64) -> u32 {
    let Some(cap) = cfg.max_launches else {
        return u32::MAX;
    };
    let cap = cap.max(1);
    if launches == 0 {
        return FIRST_LAUNCH_BUDGET.min(cap);
    }
    let per_launch = pairs as f64 / launches as f64;
    let need = cfg.target_rate * cycle_ns as f64 / 1e9;
    let budget = need / per_launch;
    if !(budget > 1.0) {
        // NaN (0/0), negative targets and tiny needs: one launch.
        if per_launch > 0.0 || !(need > 0.0) {
            return 1;
        }
        return cap;
    }
    if budget >= cap as f64 {
        cap
    } else {
        budget.ceil() as u32
    }
}

/// How long after the last launch callback a burst still defers the collector's flush.
pub const FLUSH_DEFER_IDLE_NS: u64 = 200 * MS;

/// Whether the collector should skip this period's `cuptiActivityFlushAll`: a burst is
/// open and the application launched within [`FLUSH_DEFER_IDLE_NS`]. On the H200 the
/// flush held CUPTI's guard for nearly the whole of every burst, so the launch exits
/// that should close it found the guard busy (7,090 of 7,117). A burst left open by an
/// application that stopped launching does not hold the kernel records back: no launch
/// exit wants the guard then.
pub fn defer_flush(burst_open: bool, last_launch_ns: u64, now_ns: u64) -> bool {
    burst_open && now_ns.saturating_sub(last_launch_ns) < FLUSH_DEFER_IDLE_NS
}

/// The least time a burst stays open, with no launch callback after its Start,
/// before the collector judges the session failed.
pub const STUCK_AFTER_MIN_NS: u64 = 5_000 * MS;

/// How long a burst may stay open with no launch callback after its Start before its
/// session is judged failed: 100 bursts' length, at least [`STUCK_AFTER_MIN_NS`] (5 s
/// at the default 50 ms). A healthy burst sees the EXIT of the launch that opened it
/// within that launch's own call; only a launch blocked inside the driver for that long
/// (or callbacks that stopped coming, as on the H200's second process) goes past it.
pub fn stuck_after_ns(cfg: &BurstConfig) -> u64 {
    cfg.burst_ns.saturating_mul(100).max(STUCK_AFTER_MIN_NS)
}

/// Whether the burst open since `open_since_ns` (0: none) looks failed at `now_ns`:
/// no launch callback came after its Start (`last_launch_ns` is the Start instant or
/// earlier) for [`stuck_after_ns`]. The collector checks it every flush period, so a
/// failed session is noticed within `stuck_after_ns` plus one period.
pub fn burst_stuck(
    cfg: &BurstConfig,
    open_since_ns: u64,
    last_launch_ns: u64,
    now_ns: u64,
) -> bool {
    open_since_ns != 0
        && last_launch_ns <= open_since_ns
        && now_ns.saturating_sub(open_since_ns) >= stuck_after_ns(cfg)
}

/// What the caller must do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Start a burst (cuCtxSynchronize, then cuptiPCSamplingStart on every context).
    Start,
    /// Stop the burst (cuptiPCSamplingStop, then GetData on every context).
    Stop,
}

/// Why the last burst stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// Its time was up.
    DutyCycle,
    /// It serialized its launch budget.
    LaunchBudget,
    /// A CUDA graph launch was observed: no burst ever again.
    Graph,
    /// The process is exiting (or the tier was switched away).
    Shutdown,
}

/// The burst state machine. Not thread-safe by itself: the caller holds it in one
/// mutex. Every instant comes from the caller.
#[derive(Debug, Clone)]
pub struct BurstController {
    cfg: BurstConfig,
    sampling: bool,
    started: bool,
    refused: bool,
    have_open_yield: bool,
    burst_start: u64,
    last_burst_end: u64,
    last_burst_dur: u64,
    first_start: u64,
    next_start: u64,
    pairs_at_last_close: u64,
    gap: u64,
    bursts: u64,
    burst_ns_total: u64,
    pairs: u64,
    graph_refusals: u64,
    last_stop_reason: Option<StopReason>,
    burst_launches: u64,
    launch_budget: u32,
    launches_total: u64,
}

impl BurstController {
    /// A controller that has run no burst; the first opens at the first poll.
    pub fn new(cfg: BurstConfig) -> Self {
        BurstController {
            cfg,
            sampling: false,
            started: false,
            refused: false,
            have_open_yield: false,
            burst_start: 0,
            last_burst_end: 0,
            last_burst_dur: 0,
            first_start: 0,
            next_start: 0,
            pairs_at_last_close: 0,
            gap: min_gap_ns(&cfg),
            bursts: 0,
            burst_ns_total: 0,
            pairs: 0,
            graph_refusals: 0,
            last_stop_reason: None,
            burst_launches: 0,
            launch_budget: next_launch_budget(&cfg, 0, 0, 0),
            launches_total: 0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &BurstConfig {
        &self.cfg
    }

    /// Notes whether graph launches were observed; refuses (once, counted once).
    pub fn note_graphs(&mut self, graphs: bool) {
        if graphs && !self.refused {
            self.refused = true;
            self.graph_refusals += 1;
        }
    }

    fn open(&mut self, now: u64) -> Option<Action> {
        if self.refused || (self.started && now < self.next_start) {
            return None;
        }
        self.sampling = true;
        if !self.started {
            self.started = true;
            self.first_start = now;
        }
        self.burst_start = now;
        self.burst_launches = 0;
        self.bursts += 1;
        Some(Action::Start)
    }

    fn close(&mut self, now: u64) -> Option<Action> {
        if self.refused {
            return Some(self.stop(now, StopReason::Graph));
        }
        if self.burst_launches >= u64::from(self.launch_budget) {
            return Some(self.stop(now, StopReason::LaunchBudget));
        }
        if now.saturating_sub(self.burst_start) < self.cfg.burst_ns {
            return None;
        }
        Some(self.stop(now, StopReason::DutyCycle))
    }

    fn stop(&mut self, now: u64, why: StopReason) -> Action {
        self.sampling = false;
        self.last_stop_reason = Some(why);
        let dur = now.saturating_sub(self.burst_start);
        self.burst_ns_total += dur;
        self.last_burst_dur = dur;
        self.last_burst_end = now;
        self.have_open_yield = true;
        self.gap = self.gap.max(min_gap_for_ns(&self.cfg, dur));
        self.next_start = now.saturating_add(self.gap);
        Action::Stop
    }

    /// Either half, as the original's timer did: closes if open, else opens.
    pub fn poll(&mut self, now: u64, graphs: bool) -> Option<Action> {
        self.note_graphs(graphs);
        if self.sampling {
            self.close(now)
        } else {
            self.open(now)
        }
    }

    /// Whether a launch ENTER at `now` would open a burst; changes nothing. Lets the
    /// caller prepare (synchronize, take CUPTI's guard) before [`BurstController::poll_open`].
    pub fn would_open(&self, now: u64, graphs: bool) -> bool {
        let waiting = self.started && now < self.next_start;
        !(self.sampling || self.refused || graphs || waiting)
    }

    /// Counts a launch EXIT inside the open burst without deciding anything: the
    /// caller could not act on a close now (CUPTI's guard was busy) and will poll
    /// again at the next EXIT.
    pub fn note_launch(&mut self) {
        if self.sampling {
            self.burst_launches += 1;
            self.launches_total += 1;
        }
    }

    /// At a launch ENTER: may open a burst, never stops one.
    pub fn poll_open(&mut self, now: u64, graphs: bool) -> Option<Action> {
        self.note_graphs(graphs);
        if self.sampling {
            None
        } else {
            self.open(now)
        }
    }

    /// At a launch EXIT: counts the launch into an open burst and may close it;
    /// never starts one.
    pub fn poll_close(&mut self, now: u64, graphs: bool) -> Option<Action> {
        self.note_graphs(graphs);
        if self.sampling {
            self.burst_launches += 1;
            self.launches_total += 1;
            self.close(now)
        } else {
            None
        }
    }

    /// After the drain that follows a Stop: the process-wide running total of pairs
    /// put on the wire. Adapts the gap (and the launch budget) to the yield.
    pub fn closed(&mut self, pairs_total: u64) {
        if !self.have_open_yield {
            return;
        }
        self.have_open_yield = false;
        let delta = pairs_total.saturating_sub(self.pairs_at_last_close);
        self.pairs_at_last_close = pairs_total;
        self.pairs += delta;
        let elapsed = self.last_burst_dur.saturating_add(self.gap);
        self.gap = next_gap(&self.cfg, self.gap, delta, elapsed);
        self.gap = self.gap.max(min_gap_for_ns(&self.cfg, self.last_burst_dur));
        self.next_start = self.last_burst_end.saturating_add(self.gap);
        self.launch_budget = next_launch_budget(
            &self.cfg,
            self.pairs,
            self.launches_total,
            self.gap.saturating_add(self.last_burst_dur),
        );
    }

    /// No burst ever again; closes an open one.
    pub fn shutdown(&mut self, now: u64) -> Option<Action> {
        self.refused = true;
        if self.sampling {
            Some(self.stop(now, StopReason::Shutdown))
        } else {
            None
        }
    }

    /// Fraction of the time since the first start spent inside bursts.
    pub fn duty(&self, now: u64) -> f64 {
        if !self.started || now <= self.first_start {
            return 0.0;
        }
        self.burst_ns_total as f64 / (now - self.first_start) as f64
    }

    /// Whether a burst is open.
    pub fn sampling(&self) -> bool {
        self.sampling
    }

    /// Whether no burst will ever open again.
    pub fn refused(&self) -> bool {
        self.refused
    }

    /// Bursts opened.
    pub fn bursts(&self) -> u64 {
        self.bursts
    }

    /// Total time inside bursts, ns.
    pub fn burst_ns(&self) -> u64 {
        self.burst_ns_total
    }

    /// Pairs observed by [`BurstController::closed`].
    pub fn pairs_observed(&self) -> u64 {
        self.pairs
    }

    /// Graph refusals (0 or 1).
    pub fn graph_refusals(&self) -> u64 {
        self.graph_refusals
    }

    /// Why the last burst stopped.
    pub fn last_stop_reason(&self) -> Option<StopReason> {
        self.last_stop_reason
    }

    /// The current gap.
    pub fn gap_ns(&self) -> u64 {
        self.gap
    }

    /// No burst opens before this instant.
    pub fn next_start_ns(&self) -> u64 {
        self.next_start
    }

    /// Start of the open (or last) burst.
    pub fn burst_start_ns(&self) -> u64 {
        self.burst_start
    }

    /// Launches the current (or next) burst may serialize.
    pub fn launch_budget(&self) -> u32 {
        self.launch_budget
    }

    /// Launches counted into the open (or last) burst.
    pub fn burst_launches(&self) -> u64 {
        self.burst_launches
    }

    /// Launches serialized inside bursts so far.
    pub fn launches_serialized(&self) -> u64 {
        self.launches_total
    }

    /// The guarantee a closed record carries: after the last burst's end, no burst
    /// opens before this instant. Once [`BurstController::closed`] has chosen the next
    /// gap it is the next start itself, the whole gap: nothing lowers `next_start`
    /// afterwards (only the next burst's stop moves it, later), and [`Self::poll_open`]
    /// refuses every instant before it. Before `closed` (the burst's yield not yet
    /// reported) only the duty floor is certain. `None` while a burst is open or before
    /// the first burst.
    pub fn quiet_until_ns(&self) -> Option<u64> {
        if self.sampling || !self.started {
            return None;
        }
        if !self.have_open_yield {
            return Some(self.next_start);
        }
        let floor = min_gap_ns(&self.cfg).max(min_gap_for_ns(&self.cfg, self.last_burst_dur));
        Some(self.last_burst_end.saturating_add(floor))
    }
}

#[cfg(test)]
mod tests;
