//! PC sampling at run time: the burst controller, the window log, the tier switch and
//! the sampler lease's permission, driven from the application's launch callbacks; a
//! failed session's step-down; and the drains. Safe code; the CUPTI calls are the
//! checked wrappers of the `cupti` module, each under its guard.
//!
//! ```text
//! launch ENTER (app thread): poll_open → Start? cuCtxSynchronize (outside the guard),
//!     t0 = now, Start every context, open record → exporter (exported at once)
//! launch EXIT (app thread):  poll_close → Stop? Stop every context, t1 = now,
//!     GetData drain, closed(pairs) → closed record (quiet tail) → exporter
//! graph launch seen:         refuse: stop at the next EXIT (or refuse to start),
//!                            never-again record, one loud log line, a counter
//! tier switch:               requested (control file) or permitted / refused (the
//!                            GPU's sampler lease), read by the collector thread → at
//!                            the next fitting launch callback: close / stop, set the
//!                            mode, start → a switch message to the exporter
//! failure (a Start, Stop or GetData error on an app thread; a burst stuck open, seen
//!   by the collector):       no burst again, the window never closed; at the next
//!                            launch callback: Stop, Disable every context → tier off
//! lease mode (GPU_OTEL_PC_ENABLE=lease), lease granted over every context: Enable and
//!   configure every context at the next launch callback, before a burst may open;
//!   lease withdrawn: tier off (closing the burst), then Disable every context at a
//!   launch callback; the collector gives the lease file up only once none is enabled
//!   (`sampling::enable`)
//! exit:                      shutdown → Stop if open → never-again record
//!                            (lease mode: Disable every context)
//! collector thread:          continuous tier: periodic drain → per-function spans
//! ```
//!
//! Application threads never wait for anything of the injector's: the state mutex and
//! CUPTI's guard are both only *tried* there. A thread that finds either busy skips
//! its transition (a launch inside an open burst is still counted) and a later launch
//! callback, on any thread, does it. Waiting there is what deadlocked: a launch
//! callback blocked on the guard while the guard's holder (the collector's
//! `cuptiActivityFlushAll`, or another thread's Stop) waited for a lock held by the
//! launching thread.
//!
//! Between transitions a launch callback does not touch the state at all: it reads one
//! atomic, the gate, which says whether an ENTER or an EXIT has anything to do (a burst
//! open or due, a switch pending, a failure to carry out). Whoever holds the state (a
//! launch callback that acted, the collector every flush period) recomputes the gate
//! before letting go, so a transition is at most one flush period late: a burst opens
//! at the first launch after the collector saw its gap end.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};

use semconv::{SamplingMode, Tier};

use crate::clock::now_ns;
use crate::cupti::{self, Hold};
use crate::sampling::controller::{burst_stuck, Action, BurstConfig, BurstController};
use crate::sampling::enable::{self, EnableMode, EnableStep};
use crate::sampling::lease::LeaseCounters;
use crate::sampling::message::{
    Declared, Failure, SamplingCounters, SamplingMsg, StepDown, TierSwitched,
};
use crate::sampling::samples::{self, PcRecord};
use crate::sampling::switch::{Permission, RequestError, Site, Step, TierSwitch};
use crate::sampling::window_log::WindowLog;
use crate::worker::SamplingSender;

/// The serialized tier's bursts.
struct Sampler {
    ctl: BurstController,
    log: WindowLog,
    counters: SamplingCounters,
    empty_bursts: u64,
    refusal_logged: bool,
    /// The serialized tier ran at some point (a never-again record is owed at exit).
    ran: bool,
    /// PC sampling failed: what, and when it was noticed.
    failure: Option<(Failure, u64)>,
    /// The step-down was carried out (Stop and Disable called).
    settled: bool,
    /// Contexts Disable failed on in the step-down.
    disable_failed: u64,
    /// The collector's lease was granted for this generation of PC-sampling contexts
    /// (`cupti::pc_generation`): no burst opens over a context enabled since.
    granted_generation: Option<u64>,
    /// The launch callbacks only PC sampling needed were switched off.
    callbacks_released: bool,
    /// Graphs refused the serialized tier for good (and no switch can bring PC
    /// sampling back): every context's PC sampling was disabled, as under tier off.
    retired: bool,
    /// `lease` mode: Enables, Disables and their failures as the lease came and went.
    follow: FollowCounters,
    /// The longest burst so far, its Start's return to Stop (the exit line's check on
    /// bursts that stayed open past their budget).
    longest_burst_ns: u64,
    /// `lease` mode: a Disable failed; tried again after the collector's next period
    /// (not at every launch).
    disable_blocked: bool,
}

/// What following the lease with Enable and Disable did (`lease` mode), for the exit
/// line.
#[derive(Debug, Clone, Copy, Default)]
struct FollowCounters {
    enabled: u64,
    enable_failed: u64,
    disabled: u64,
    disable_failed: u64,
    /// Time the application's threads spent in those Enables and Disables.
    calls_ns: u64,
}

impl Sampler {
    /// A failure waits for a launch callback to carry out its step-down.
    fn failing(&self) -> bool {
        self.failure.is_some() && !self.settled
    }

    /// Graphs refused the tier for good, its never-again record is out, and the
    /// contexts still have PC sampling enabled: disable it at the next launch callback.
    fn retire_due(&self, switchable: bool) -> bool {
        !switchable
            && !self.retired
            && self.failure.is_none()
            && self.refusal_logged
            && !self.ctl.sampling()
    }
}

struct State {
    sw: TierSwitch,
    s: Sampler,
    /// Records drained at a context destroy or module unload, waiting for the state
    /// (see [`on_drained`]).
    drained: Receiver<Vec<PcRecord>>,
}

/// How a process runs PC sampling, fixed at start.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RuntimeSettings {
    /// The tier at start (never off here).
    pub tier: Tier,
    /// The burst controller's configuration.
    pub burst: BurstConfig,
    /// A tier control file was given: the tier may switch.
    pub switchable: bool,
    /// `cuCtxSynchronize` before each Start.
    pub sync_before_start: bool,
    /// The serialized tier waits for the GPU's sampler lease (granted by the collector)
    /// before it runs; otherwise it runs at once.
    pub leased: bool,
    /// The driver's launch callbacks stay on when PC sampling no longer needs them
    /// (the launch accounting or NVTX following uses them).
    pub keep_driver_callbacks: bool,
    /// When the contexts' PC sampling is enabled: at their creation, or while the
    /// process holds the lease (enabled and disabled here, at launch callbacks).
    pub enable: EnableMode,
}

impl RuntimeSettings {
    /// A fixed serialized tier with the default controller (a process without CUPTI:
    /// the benchmark's and the tests').
    fn serialized(leased: bool) -> Self {
        RuntimeSettings {
            tier: Tier::Serialized,
            burst: BurstConfig::default(),
            switchable: false,
            sync_before_start: true,
            leased,
            keep_driver_callbacks: true,
            enable: EnableMode::Context,
        }
    }

    /// The tier switch this process starts with.
    pub(crate) fn tier_switch(&self) -> TierSwitch {
        let permission = if self.leased {
            Permission::Waiting
        } else {
            Permission::Granted
        };
        TierSwitch::new(self.tier, self.switchable, permission)
    }
}

/// The gate's bits: which launch callbacks must take the state.
const POLL_ENTER: u8 = 1;
const POLL_EXIT: u8 = 2;

struct PcRuntime {
    set: RuntimeSettings,
    state: Mutex<State>,
    /// Into [`State::drained`]; sending never waits (unbounded).
    drained: Sender<Vec<PcRecord>>,
    sender: SamplingSender,
    /// [`POLL_ENTER`] | [`POLL_EXIT`]: recomputed by whoever holds the state.
    gate: AtomicU8,
    graphs: AtomicBool,
    graph_launches: AtomicU64,
    enter: AtomicU64,
    exit: AtomicU64,
    contended: AtomicU64,
    guard_busy: AtomicU64,
    /// Of `guard_busy`, the times the collector thread held the guard.
    guard_busy_collector: AtomicU64,
    /// Those, by the collector's step then (`cupti::CollectorStep`'s order).
    guard_busy_collector_in: [AtomicU64; STEPS],
    /// Launch callbacks that came inside one of the injector's own guarded calls on the
    /// same thread, and did nothing (see [`poll_state`]).
    inside_injector: AtomicU64,
    /// The collector's flushes that took CUPTI's guard with a burst open (see
    /// [`collector_holds_in_burst`]).
    flush_in_burst: AtomicU64,
    /// The longest `cuptiPCSamplingStart` round (every context), ns.
    start_max_ns: AtomicU64,
    sync_missing: AtomicU64,
    sync_failed: AtomicU64,
}

static RT: OnceLock<PcRuntime> = OnceLock::new();

/// Start of the open burst (Unix ns), 0 when none (or when its session failed): read
/// by the collector thread, which does not flush while a burst may need CUPTI's guard
/// to close, and which judges a burst stuck.
static BURST_OPEN_SINCE: AtomicU64 = AtomicU64::new(0);

/// Last launch callback (Unix ns) while a burst is open, any thread.
static LAST_LAUNCH: AtomicU64 = AtomicU64::new(0);

/// Whether the collector should skip this period's flush (see
/// [`crate::sampling::controller::defer_flush`]).
pub(crate) fn defer_flush(now_ns: u64) -> bool {
    let open = BURST_OPEN_SINCE.load(Ordering::Relaxed) != 0;
    crate::sampling::controller::defer_flush(open, LAST_LAUNCH.load(Ordering::Relaxed), now_ns)
}

/// Whether the application's threads come first for CUPTI's guard now: a burst is open
/// and the application launched within [`FLUSH_DEFER_IDLE_NS`]. The injector's own
/// threads wait for the guard while it holds (see `cupti::hold`): a launch exit that
/// finds the guard busy cannot close its burst (H100, 2026-12-06: with the collector's
/// flush held back and its buffer reads guarded per record, every serialized run still
/// kept one burst open for 359-806 ms, `guard_busy` one less than its launches, every
/// busy guard the collector's).
///
/// [`FLUSH_DEFER_IDLE_NS`]: crate::sampling::controller::FLUSH_DEFER_IDLE_NS
fn apps_first() -> bool {
    BURST_OPEN_SINCE.load(Ordering::Relaxed) != 0 && defer_flush(now_ns())
}

/// Marks the burst open from `started`, the instant its Start returned: the launches
/// come first for the guard from then on. Stamped at the Start's call instead, a Start
/// slower than [`FLUSH_DEFER_IDLE_NS`] left the burst looking idle as it opened, and a
/// collector waiting for the mutex took the guard against its first launch exit.
///
/// [`FLUSH_DEFER_IDLE_NS`]: crate::sampling::controller::FLUSH_DEFER_IDLE_NS
fn burst_opened(started: u64) {
    LAST_LAUNCH.store(started, Ordering::Relaxed);
    BURST_OPEN_SINCE.store(started.max(1), Ordering::Relaxed);
}

/// The collector took CUPTI's guard for its flush: counted when a burst is open then
/// (`flush_in_burst` in the exit line), which its wait in `cupti::hold` should prevent
/// while the application launches.
pub(crate) fn collector_holds_in_burst() {
    if let Some(rt) = RT.get() {
        if BURST_OPEN_SINCE.load(Ordering::Relaxed) != 0 {
            rt.flush_in_burst.fetch_add(1, Ordering::Relaxed);
        }
    }
}

const KS: SamplingMode = SamplingMode::KernelSerialized;

/// Installs the runtime (once).
pub(crate) fn install(set: RuntimeSettings, sender: SamplingSender) {
    cupti::injector_yields_while(apps_first);
    let (drained_tx, drained_rx) = channel();
    let sw = set.tier_switch();
    let ran = sw.running() == Tier::Serialized;
    let _ = RT.set(PcRuntime {
        set,
        state: Mutex::new(State {
            sw,
            s: Sampler {
                ctl: BurstController::new(set.burst),
                log: WindowLog::new(),
                counters: SamplingCounters::default(),
                empty_bursts: 0,
                refusal_logged: false,
                ran,
                failure: None,
                settled: false,
                disable_failed: 0,
                granted_generation: None,
                callbacks_released: false,
                retired: false,
                follow: FollowCounters::default(),
                longest_burst_ns: 0,
                disable_blocked: false,
            },
            drained: drained_rx,
        }),
        drained: drained_tx,
        sender,
        gate: AtomicU8::new(0),
        graphs: AtomicBool::new(false),
        graph_launches: AtomicU64::new(0),
        enter: AtomicU64::new(0),
        exit: AtomicU64::new(0),
        contended: AtomicU64::new(0),
        guard_busy: AtomicU64::new(0),
        guard_busy_collector: AtomicU64::new(0),
        guard_busy_collector_in: Default::default(),
        inside_injector: AtomicU64::new(0),
        flush_in_burst: AtomicU64::new(0),
        start_max_ns: AtomicU64::new(0),
        sync_missing: AtomicU64::new(0),
        sync_failed: AtomicU64::new(0),
    });
    if let Some(rt) = RT.get() {
        let st = rt.state.lock().unwrap_or_else(|p| p.into_inner());
        rt.gate.store(gate_of(rt, &st, now_ns()), Ordering::Relaxed);
    }
}

const GRAPH_REFUSAL: &str = "CUDA graph launch (or stream capture) observed: serialized PC sampling (GPU_OTEL_PC_SAMPLING=serialized) REFUSES to run from here on, for the life of this process. One graph launch runs many kernels under one correlation id, so per-execution attribution would be false while still looking exact. Executions already inside a window stay gpu.serialized=\"true\"; a never-again window record was sent; counted in gpu.pc_sampling.graph_refusals. Use GPU_OTEL_PC_SAMPLING=continuous for programs that launch CUDA graphs";

fn send(rt: &PcRuntime, s: &Sampler, pc: Vec<PcRecord>, window: Option<semconv::Window>) {
    rt.sender.send(SamplingMsg {
        pc,
        window,
        counters: s.counters,
        ..SamplingMsg::default()
    });
}

fn sync_counters(s: &mut Sampler) {
    s.counters.bursts = s.ctl.bursts();
    s.counters.graph_refusals = s.ctl.graph_refusals();
    s.counters.launches_serialized = s.ctl.launches_serialized();
}

fn drain_all(h: &Hold) -> Vec<PcRecord> {
    let mut recs = Vec::new();
    cupti::pc_drain(h, None, &mut recs);
    recs
}

fn pairs_of(recs: &[PcRecord]) -> u64 {
    recs.iter().map(PcRecord::pairs).sum()
}

/// Which launch callbacks have anything to do, for the state as it is at `now`.
fn gate_of(rt: &PcRuntime, st: &State, now: u64) -> u8 {
    let s = &st.s;
    if s.failing() {
        return POLL_ENTER | POLL_EXIT;
    }
    let open = s.ctl.sampling();
    let graphs = rt.graphs.load(Ordering::Relaxed);
    let mut gate = 0;
    if st.sw.pending(Site::Enter, open) || (may_open(rt, st) && s.ctl.would_open(now, graphs)) {
        gate |= POLL_ENTER;
    }
    if open || st.sw.pending(Site::Exit, open) {
        gate |= POLL_EXIT;
    }
    // A graph seen and not refused yet: the next launch refuses.
    if graphs && !s.ctl.refused() && st.sw.running() != Tier::Continuous {
        gate |= POLL_ENTER | POLL_EXIT;
    }
    if s.retire_due(rt.set.switchable) {
        gate |= POLL_ENTER | POLL_EXIT;
    }
    if follow_due(rt, st) {
        gate |= POLL_ENTER | POLL_EXIT;
    }
    gate
}

/// What the lease says to the contexts' Enable and Disable (`lease` mode): covering
/// when it was granted over every context there is, and this process may still sample.
fn lease_state(rt: &PcRuntime, st: &State) -> enable::Lease {
    let s = &st.s;
    if s.failure.is_some() || s.ctl.refused() || st.sw.permission() != Permission::Granted {
        enable::Lease::Withdrawn
    } else if lease_covers(rt, st) {
        enable::Lease::Covering
    } else {
        enable::Lease::Stale
    }
}

/// The Enable or Disable the lease asks for now (`lease` mode), if a launch callback
/// may carry it out (a failed Disable waits for the collector's next period).
fn follow_step(rt: &PcRuntime, st: &State) -> EnableStep {
    // `context` mode never follows the lease: nothing to read on the launch path.
    if rt.set.enable == EnableMode::Context || st.s.failing() {
        // The step-down disables every context itself.
        return EnableStep::Stay;
    }
    let step = enable::step(
        rt.set.enable,
        lease_state(rt, st),
        st.s.ctl.sampling(),
        cupti::pc_contexts(),
    );
    match step {
        EnableStep::Disable if st.s.disable_blocked => EnableStep::Stay,
        step => step,
    }
}

fn follow_due(rt: &PcRuntime, st: &State) -> bool {
    follow_step(rt, st) != EnableStep::Stay
}

/// `lease` mode: Enables or Disables the contexts as the lease says, on the
/// application's thread at a launch callback, under CUPTI's guard (only tried).
fn follow_lease(rt: &PcRuntime, st: &mut State) {
    if follow_step(rt, st) == EnableStep::Stay {
        return;
    }
    let Some(h) = cupti::try_hold() else {
        busy(rt);
        return;
    };
    // Again under the guard, which every context's listing holds: a context that
    // appeared since (perhaps on a GPU the lease does not cover) makes the grant stale.
    let step = follow_step(rt, st);
    let s = &mut st.s;
    match step {
        EnableStep::Stay => {}
        EnableStep::Enable => {
            let t = now_ns();
            let (ok, failed) = cupti::pc_enable_known(&h);
            s.follow.calls_ns += now_ns().saturating_sub(t);
            s.follow.enabled += ok;
            s.follow.enable_failed += failed;
        }
        EnableStep::Disable => disable_for_lease(s, &h),
    }
}

/// `lease` mode: Disables every enabled context so that the lease can go. A failed
/// Disable keeps the context enabled, so the collector keeps the lease (a context that
/// may still sample); said once, counted, tried again after the next period.
fn disable_for_lease(s: &mut Sampler, h: &Hold) {
    let t = now_ns();
    let (ok, failed) = cupti::pc_disable_enabled(h);
    s.follow.calls_ns += now_ns().saturating_sub(t);
    s.follow.disabled += ok;
    if failed > 0 {
        if s.follow.disable_failed == 0 {
            crate::log::line(&format!(
                "PC sampling (GPU_OTEL_PC_ENABLE=lease): cuptiPCSamplingDisable failed on {failed} context(s); this process keeps its GPUs' sampler lease while they may sample, and tries again every flush period (counted in the exit line: lease_disable_failed)"
            ));
        }
        s.follow.disable_failed += failed;
        s.disable_blocked = true;
    }
}

/// Whether a burst may open while nothing else changes.
fn may_open(rt: &PcRuntime, st: &State) -> bool {
    st.sw.running() == Tier::Serialized
        && !st.s.log.is_final()
        && st.s.failure.is_none()
        && enable::may_open(rt.set.enable, cupti::pc_contexts())
        && lease_covers(rt, st)
}

/// Whether the sampler lease was granted over every PC-sampling context there is: a
/// GPU whose context appeared since is not covered until the collector holds its lease
/// too and grants again.
fn lease_covers(rt: &PcRuntime, st: &State) -> bool {
    !rt.set.leased || st.s.granted_generation == Some(cupti::pc_generation())
}

/// Stops the open burst, drains, and sends the closed (or never-again) record. The
/// closed record promises the whole gap the controller chose (`closed` runs first).
/// A Stop or GetData that fails is a failed session: it steps down.
fn stop_burst(rt: &PcRuntime, st: &mut State, h: &Hold, final_record: bool) {
    let s = &mut st.s;
    let (_, failed) = cupti::pc_start_stop(h, false);
    let opened = BURST_OPEN_SINCE.swap(0, Ordering::Relaxed);
    s.counters.stop_failures += failed;
    let t1 = now_ns();
    if opened != 0 {
        s.longest_burst_ns = s.longest_burst_ns.max(t1.saturating_sub(opened));
    }
    let getdata_failed = cupti::PC_STATS.getdata_failed.load(Ordering::Relaxed);
    let recs = samples::burst_records(drain_all(h), s.ctl.burst_launches());
    let getdata_failed = cupti::PC_STATS.getdata_failed.load(Ordering::Relaxed) > getdata_failed;
    let pairs = pairs_of(&recs);
    if pairs == 0 {
        s.empty_bursts += 1;
    }
    s.counters.pairs += pairs;
    s.ctl.closed(s.counters.pairs);
    sync_counters(s);
    if failed > 0 {
        // A context may still be serializing: neither an end nor a quiet time can be
        // promised. The window stays open on the wire for good (what it touched and
        // what follows it in this tier reads "unknown", never "false").
        send(rt, s, recs, None);
        fail(rt, st, Failure::StopFailed, t1);
        if !final_record {
            settle(rt, st, h);
        }
        return;
    }
    let w = if final_record {
        s.log.never_again(t1, KS)
    } else {
        s.log.close(t1, s.ctl.quiet_until_ns()).ok().flatten()
    };
    send(rt, s, recs, w);
    if getdata_failed && !final_record {
        fail(rt, st, Failure::GetDataFailed, t1);
        settle(rt, st, h);
    }
}

fn refuse_for_graphs(rt: &PcRuntime, s: &mut Sampler) {
    if s.refusal_logged || !s.ctl.refused() || s.ctl.graph_refusals() == 0 {
        return;
    }
    s.refusal_logged = true;
    crate::log::line(GRAPH_REFUSAL);
    if !s.ctl.sampling() {
        sync_counters(s);
        let w = s.log.never_again(now_ns(), KS);
        send(rt, s, Vec::new(), w);
    }
}

/// Notes a failed session (once): no burst opens again, the collector flushes again,
/// and the exporter learns that no window will settle what is unknown now. The
/// step-down itself (Stop, Disable) needs CUPTI's guard on an application thread:
/// [`settle`], now or at the next launch callback.
fn fail(rt: &PcRuntime, st: &mut State, failure: Failure, at_ns: u64) {
    let s = &mut st.s;
    if s.failure.is_some() {
        return;
    }
    s.failure = Some((failure, at_ns));
    s.log.abandon();
    BURST_OPEN_SINCE.store(0, Ordering::Relaxed);
    crate::log::line(&format!(
        "PC sampling failed in this process ({}): no burst opens again and the failed burst's window is never closed (what it may have touched reads gpu.serialized=\"unknown\"); PC sampling is switched off at the next kernel launch, and every kernel record is still exported (counted in the exit line: step_down)",
        failure.as_str()
    ));
    rt.sender.send(SamplingMsg {
        counters: s.counters,
        step_down: Some(StepDown { at_ns, failure }),
        ..SamplingMsg::default()
    });
}

/// Carries out a failed session's step-down, on an application thread at a launch
/// callback (or at exit) with CUPTI's guard: Stop the burst still open, Disable every
/// context (no context is enabled again), and, when every Disable succeeded, switch
/// to tier off for good (nothing can serialize any more, so "false" is true again).
/// When a Disable failed, the contexts may still sample: the process keeps declaring
/// its tier, and with the window never closed its executions read "unknown".
fn settle(rt: &PcRuntime, st: &mut State, h: &Hold) {
    let s = &mut st.s;
    if s.ctl.sampling() {
        let (_, failed) = cupti::pc_start_stop(h, false);
        s.counters.stop_failures += failed;
    }
    s.ctl.shutdown(now_ns());
    BURST_OPEN_SINCE.store(0, Ordering::Relaxed);
    s.settled = true;
    let (_, failed) = cupti::pc_disable_all(h);
    s.disable_failed = failed;
    sync_counters(s);
    if failed > 0 {
        crate::log::line(&format!(
            "PC sampling step-down: cuptiPCSamplingDisable failed on {failed} context(s); they may still sample, so this process keeps declaring gpu.pc_sampling.tier={} and its executions read gpu.serialized=\"unknown\"",
            st.sw.running()
        ));
        return;
    }
    st.sw.permit(Permission::Failed);
    let from = st.sw.running();
    // Nothing is open any more: no CUPTI step is left to run.
    if let Some(to) = st.sw.drive(Site::Exit, false, |_| true) {
        announce(rt, st, from, to);
    }
}

/// One step of a tier switch (see `sampling::switch`).
fn switch_step(rt: &PcRuntime, st: &mut State, h: &Hold, step: Step) -> bool {
    match step {
        Step::CloseBurst => {
            stop_burst(rt, st, h, false);
            // A failed Stop stepped down already: the switch has nothing left to do.
            st.s.failure.is_none()
        }
        Step::StopContinuous => {
            let s = &mut st.s;
            let (_, failed) = cupti::pc_start_stop(h, false);
            s.counters.stop_failures += failed;
            let recs = samples::per_function(drain_all(h));
            s.counters.pairs += pairs_of(&recs);
            send(rt, s, recs, None);
            true
        }
        Step::SetMode(t) => cupti::pc_set_mode(h, t).1 == 0,
        Step::StartContinuous => {
            // No context yet: try again at the next launch.
            if cupti::pc_contexts().enabled == 0 {
                return false;
            }
            let (_, failed) = cupti::pc_start_stop(h, true);
            st.s.counters.start_failures += failed;
            failed == 0
        }
    }
}

fn try_state(rt: &PcRuntime) -> Option<MutexGuard<'_, State>> {
    match rt.state.try_lock() {
        Ok(st) => Some(st),
        Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
        Err(TryLockError::WouldBlock) => {
            rt.contended.fetch_add(1, Ordering::Relaxed);
            None
        }
    }
}

/// A launch callback that found CUPTI's guard busy and skipped its transition: counted,
/// and whether the collector held it.
fn busy(rt: &PcRuntime) {
    rt.guard_busy.fetch_add(1, Ordering::Relaxed);
    if cupti::collector_holds() {
        rt.guard_busy_collector.fetch_add(1, Ordering::Relaxed);
        rt.guard_busy_collector_in[cupti::collector_step() as usize]
            .fetch_add(1, Ordering::Relaxed);
    }
}

/// How many steps the collector's period has.
const STEPS: usize = cupti::CollectorStep::ALL.len();

/// `step:count` for each collector step that held the guard against a launch callback
/// (`drain:612,pc_drain:1`), or `none`.
fn busy_by_step(counts: &[AtomicU64; STEPS]) -> String {
    let named: Vec<String> = cupti::CollectorStep::ALL
        .iter()
        .zip(counts)
        .filter_map(|(step, n)| {
            let n = n.load(Ordering::Relaxed);
            (n > 0).then(|| format!("{}:{n}", step.name()))
        })
        .collect();
    if named.is_empty() {
        "none".to_string()
    } else {
        named.join(",")
    }
}

/// A launch API callback on the application's thread (outermost launch only): one
/// atomic load unless this callback has something to do.
pub fn on_launch(enter: bool, graph: bool) {
    let Some(rt) = RT.get() else {
        return;
    };
    let bit = if enter { POLL_ENTER } else { POLL_EXIT };
    let mut poll = rt.gate.load(Ordering::Relaxed) & bit != 0;
    if graph {
        if enter {
            rt.graph_launches.fetch_add(1, Ordering::Relaxed);
        }
        if !rt.graphs.load(Ordering::Relaxed) {
            rt.graphs.store(true, Ordering::Relaxed);
            poll = true;
        }
    }
    if poll {
        poll_state(rt, enter);
    }
}

/// The launch callback's slow path: take the state (or skip), act, recompute the gate.
fn poll_state(rt: &PcRuntime, enter: bool) {
    // A launch inside one of the injector's own guarded calls on this thread (a CUPTI
    // call of the collector's that launched work of its own): the guard is this
    // thread's, so a burst would open under the injector's own hold, where no launch of
    // the application could close it, and the state would be locked after the guard,
    // against the lock order. Counted, nothing else (none seen in the median run on an
    // H100, 2026-12-06 late).
    if cupti::inside_guard() {
        rt.inside_injector.fetch_add(1, Ordering::Relaxed);
        return;
    }
    let site = if enter {
        rt.enter.fetch_add(1, Ordering::Relaxed);
        Site::Enter
    } else {
        rt.exit.fetch_add(1, Ordering::Relaxed);
        Site::Exit
    };
    // Only a burst's flush deferral and its stuck check read it.
    if BURST_OPEN_SINCE.load(Ordering::Relaxed) != 0 {
        LAST_LAUNCH.store(now_ns(), Ordering::Relaxed);
    }
    let Some(mut guard) = try_state(rt) else {
        return;
    };
    let st = &mut *guard;
    poll(rt, st, site);
    rt.gate.store(gate_of(rt, st, now_ns()), Ordering::Relaxed);
}

fn poll(rt: &PcRuntime, st: &mut State, site: Site) {
    account_drained(rt, st);
    if st.s.failing() {
        match cupti::try_hold() {
            Some(h) => settle(rt, st, &h),
            None => {
                busy(rt);
            }
        }
        return;
    }
    let graphs = rt.graphs.load(Ordering::Relaxed);
    if graphs && !st.s.ctl.refused() && st.sw.running() != Tier::Continuous {
        // A graph refuses the serialized tier for good, running or waiting for its lease.
        st.s.ctl.note_graphs(true);
        st.sw.refuse();
    }
    if st.sw.pending(site, st.s.ctl.sampling()) {
        switch_tier(rt, st, site);
    }
    // After the switch: granted, the contexts are enabled before a burst may open;
    // withdrawn, they are disabled once the switch closed the burst.
    follow_lease(rt, st);
    if st.sw.running() != Tier::Serialized || st.s.failure.is_some() {
        return;
    }
    st.s.ran = true;
    if !st.s.log.is_final() {
        if site == Site::Enter {
            open_burst(rt, st, graphs);
        } else {
            close_burst(rt, st, graphs);
        }
    }
    refuse_for_graphs(rt, &mut st.s);
    if st.s.retire_due(rt.set.switchable) {
        retire(rt, &mut st.s);
    }
}

/// After graphs refused the serialized tier for good: PC sampling is disabled on every
/// context, so the process costs what tier off costs (a context with PC sampling
/// enabled, even stopped, is not a context without it). On the application's thread
/// with CUPTI's guard, where Start and Stop are called too.
fn retire(rt: &PcRuntime, s: &mut Sampler) {
    let Some(h) = cupti::try_hold() else {
        busy(rt);
        return;
    };
    let (_, failed) = cupti::pc_disable_all(&h);
    s.retired = true;
    s.disable_failed = failed;
}

fn switch_tier(rt: &PcRuntime, st: &mut State, site: Site) {
    let Some(h) = cupti::try_hold() else {
        busy(rt);
        if site == Site::Exit {
            st.s.ctl.note_launch();
        }
        return;
    };
    let from = st.sw.running();
    let open = st.s.ctl.sampling();
    let failures = st.sw.failures();
    let mut sw = st.sw.clone();
    let switched = sw.drive(site, open, |step| switch_step(rt, st, &h, step));
    if st.s.failure.is_some() {
        // Closing the burst failed and stepped down, which decided the tier.
        return;
    }
    st.sw = sw;
    if let Some(to) = switched {
        announce(rt, st, from, to);
    } else if st.sw.failures() > failures {
        crate::log::line(&format!(
            "PC sampling tier switch from {from} failed: CUPTI refused the collection mode; {from} keeps running"
        ));
    }
}

/// Sends a tier switch that happened now, from `from` to `to`, to the exporter.
fn announce(rt: &PcRuntime, st: &mut State, from: Tier, to: Tier) {
    let at_ns = now_ns();
    let s = &mut st.s;
    s.counters.tier_switches = st.sw.switches();
    sync_counters(s);
    // The user's switches are logged; the lease's (every turn) and the step-down (its
    // own line) are counted on the markers.
    if from != Tier::Off && to != Tier::Off {
        crate::log::line(&format!(
            "PC sampling tier switched from {from} to {to} (tier control file); batches from now on declare gpu.pc_sampling.tier={to} (counted: gpu.pc_sampling.tier_switches={})",
            st.sw.switches()
        ));
    }
    let Declared { not_running, .. } = st.sw.declared();
    rt.sender.send(SamplingMsg {
        counters: s.counters,
        switch: Some(TierSwitched {
            at_ns,
            from,
            to,
            not_running,
        }),
        ..SamplingMsg::default()
    });
}

fn open_burst(rt: &PcRuntime, st: &mut State, graphs: bool) {
    // No window is announced without a live context behind it.
    if !may_open(rt, st) || !st.s.ctl.would_open(now_ns(), graphs) {
        return;
    }
    let synced = if rt.set.sync_before_start {
        cupti::ctx_synchronize()
    } else {
        Ok(())
    };
    match synced {
        Ok(()) => {}
        Err("missing") => {
            rt.sync_missing.fetch_add(1, Ordering::Relaxed);
        }
        Err(_) => {
            rt.sync_failed.fetch_add(1, Ordering::Relaxed);
        }
    }
    let Some(h) = cupti::try_hold() else {
        busy(rt);
        return;
    };
    // Again under the guard, which every context's enabling holds: no context can
    // appear between this and the Start.
    if !lease_covers(rt, st) {
        return;
    }
    let s = &mut st.s;
    if s.ctl.poll_open(now_ns(), graphs) == Some(Action::Start) {
        let t0 = now_ns();
        let (_, failed) = cupti::pc_start_stop(&h, true);
        let started = now_ns();
        rt.start_max_ns
            .fetch_max(started.saturating_sub(t0), Ordering::Relaxed);
        burst_opened(started);
        s.counters.start_failures += failed;
        sync_counters(s);
        let w = s.log.open(t0, KS).ok();
        send(rt, s, Vec::new(), w);
        if failed > 0 {
            fail(rt, st, Failure::StartFailed, t0);
            settle(rt, st, &h);
        }
    }
}

fn close_burst(rt: &PcRuntime, st: &mut State, graphs: bool) {
    if !st.s.ctl.sampling() {
        return;
    }
    let Some(h) = cupti::try_hold() else {
        busy(rt);
        st.s.ctl.note_launch();
        return;
    };
    if st.s.ctl.poll_close(now_ns(), graphs) == Some(Action::Stop) {
        let final_record = st.s.ctl.refused();
        stop_burst(rt, st, &h, final_record);
    }
}

/// What the collector's sampler lease needs from the run time (collector thread).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LeaseView {
    /// The process wants to run the serialized tier.
    pub wants: bool,
    /// It still serializes, or may: a burst is open, or the serialized tier runs and
    /// may open one (not refused by graphs, not failed). In `context` mode contexts
    /// with PC sampling enabled but never started do not count (the 2026-12-03 H200
    /// run read as if Enable beside a sampling process did no harm); in `lease` mode
    /// they do: the lease stays until every context is disabled (the 2026-12-05 runs
    /// lost records with the lease ordering Start/Stop only).
    pub serializing: bool,
}

/// Reads what the sampler lease needs (collector thread; waiting is fine here).
pub(crate) fn lease_view() -> Option<LeaseView> {
    let rt = RT.get()?;
    let st = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    Some(LeaseView {
        wants: st.sw.wants_serialized() && !rt.graphs.load(Ordering::Relaxed),
        serializing: may_sample(&st) || enable::holds_sampler(rt.set.enable, cupti::pc_contexts()),
    })
}

/// A burst is open, or the serialized tier runs and may open one, or a failed session
/// may still hold the GPU's sampler (its step-down not carried out, or a Disable in it
/// failed).
fn may_sample(st: &State) -> bool {
    let s = &st.s;
    s.ctl.sampling()
        || (st.sw.running() == Tier::Serialized && !s.ctl.refused() && s.failure.is_none())
        || (s.failure.is_some() && (!s.settled || s.disable_failed > 0))
}

/// The sampler lease's answer for one period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LeaseGrant {
    /// The process may serialize.
    pub permit: bool,
    /// Over the PC-sampling contexts of this generation (`cupti::pc_generation`, read
    /// before the GPUs the lease covers).
    pub generation: u64,
    /// The lease's counters.
    pub counters: LeaseCounters,
}

/// The collector's period (collector thread): applies the sampler lease's answer,
/// judges an open burst stuck (a failed session), and recomputes the gate. Switches
/// the launch callbacks only PC sampling used off once nothing can use them again.
/// Returns whether CUPTI's own worker may flush: no burst is open, and none can open
/// before the collector grants the lease again (a flush of the collector's own during
/// a burst kept it from closing, so those are held back; CUPTI's are not).
pub(crate) fn tick(now: u64, lease: Option<LeaseGrant>) -> bool {
    let Some(rt) = RT.get() else {
        return true;
    };
    let mut guard = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    let st = &mut *guard;
    account_drained(rt, st);
    if let Some(g) = lease {
        let c = &mut st.s.counters;
        c.sampler_wait_ms = g.counters.waiting_ns / 1_000_000;
        c.sampler_leases_taken = g.counters.taken;
        c.sampler_leases_given_up = g.counters.given_up;
        st.s.granted_generation = g.permit.then_some(g.generation);
        // A failed Disable is tried again once per period.
        st.s.disable_blocked = false;
        st.sw.permit(if g.permit {
            Permission::Granted
        } else {
            Permission::Waiting
        });
    }
    let open_since = BURST_OPEN_SINCE.load(Ordering::Relaxed);
    let last = LAST_LAUNCH.load(Ordering::Relaxed);
    if st.s.failure.is_none()
        && st.s.ctl.sampling()
        && burst_stuck(st.s.ctl.config(), open_since, last, now)
    {
        // No Stop from here: a Stop on a tool thread while the application launches
        // deadlocked applications. The next launch callback settles it.
        fail(rt, st, Failure::BurstStuck, now);
    }
    rt.gate.store(gate_of(rt, st, now), Ordering::Relaxed);
    let bursts_possible =
        may_sample(st) || (st.sw.permission() == Permission::Granted && st.sw.wants_serialized());
    let quiet = !bursts_possible && st.sw.running() != Tier::Continuous;
    let s = &mut st.s;
    let done = (s.retired || s.settled) && s.disable_failed == 0;
    let release = done && !s.callbacks_released;
    s.callbacks_released |= release;
    drop(guard);
    if release {
        cupti::release_launch_callbacks(!rt.set.keep_driver_callbacks);
    }
    quiet
}

/// The benchmark's way in (`benches/launch_hook.rs`): the run time of a process
/// running the serialized tier, fed to `sender`, without CUPTI (no context is enabled,
/// so no burst ever opens: every launch callback is one between bursts).
pub fn bench_install_serialized(sender: SamplingSender) {
    install(RuntimeSettings::serialized(false), sender);
    // As the collector's first period leaves it.
    let _ = tick(now_ns(), None);
}

/// A tier asked for through the control file (collector thread). `Ok(true)`: a new
/// request, carried out at the next fitting launch callback.
pub(crate) fn request_tier(tier: Tier) -> Result<bool, RequestError> {
    let Some(rt) = RT.get() else {
        return Err(RequestError::NotSwitchable);
    };
    let mut guard = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    let st = &mut *guard;
    // A graph launch seen while continuous ran refuses serialized just the same.
    let graphs = rt.graphs.load(Ordering::Relaxed);
    if tier == Tier::Serialized && (st.s.ctl.refused() || graphs) {
        return Err(RequestError::SerializedRefused);
    }
    let new = st.sw.request(tier);
    rt.gate.store(gate_of(rt, st, now_ns()), Ordering::Relaxed);
    new
}

/// PC records drained outside a burst transition (module unload, context destroy),
/// on an application thread. Never waits: the records go into an unbounded channel,
/// and they are counted and sent by whoever holds the state, now (if the state is
/// free) or at the next launch callback, periodic drain or exit. Nothing is lost by
/// a busy state; the records are only sent later.
pub(crate) fn on_drained(recs: Vec<PcRecord>) {
    let Some(rt) = RT.get() else {
        return;
    };
    if recs.is_empty() {
        return;
    }
    let _ = rt.drained.send(recs);
    if let Some(mut st) = try_state(rt) {
        account_drained(rt, &mut st);
    }
}

/// Counts and sends the records [`on_drained`] left, with the state held.
fn account_drained(rt: &PcRuntime, st: &mut State) {
    while let Ok(recs) = st.drained.try_recv() {
        st.s.counters.pairs += pairs_of(&recs);
        send(rt, &st.s, recs, None);
    }
}

/// The continuous tier's periodic drain (collector thread; waiting is fine here).
pub(crate) fn periodic_drain() {
    let Some(rt) = RT.get() else {
        return;
    };
    let mut st = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    account_drained(rt, &mut st);
    if st.sw.running() != Tier::Continuous || !st.sw.started() {
        return;
    }
    let recs = samples::per_function(drain_all(&cupti::hold()));
    if !recs.is_empty() {
        st.s.counters.pairs += pairs_of(&recs);
        send(rt, &st.s, recs, None);
    }
}

/// At exit: closes an open burst and sends the never-again record (when serialized
/// ever ran), drains the continuous tier, carries out a step-down no launch callback
/// came back for. Returns a summary for the exit log line.
pub(crate) fn shutdown(lease: &str) -> Option<String> {
    let rt = RT.get()?;
    let mut guard = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    let st = &mut *guard;
    account_drained(rt, st);
    let h = cupti::hold();
    if st.sw.running() == Tier::Continuous {
        let s = &mut st.s;
        if st.sw.started() && rt.set.switchable {
            let (_, failed) = cupti::pc_start_stop(&h, false);
            s.counters.stop_failures += failed;
        }
        let recs = samples::per_function(drain_all(&h));
        s.counters.pairs += pairs_of(&recs);
        send(rt, s, recs, None);
    }
    if st.s.failing() {
        settle(rt, st, &h);
    } else if st.s.ran && st.s.failure.is_none() {
        if st.s.ctl.shutdown(now_ns()) == Some(Action::Stop) {
            stop_burst(rt, st, &h, true);
        } else if !st.s.log.is_final() {
            let s = &mut st.s;
            sync_counters(s);
            let w = s.log.never_again(now_ns(), KS);
            send(rt, s, Vec::new(), w);
        }
    }
    // Before the lease files go with the process: no context left enabled behind them.
    if rt.set.enable == EnableMode::Lease && cupti::pc_contexts().enabled > 0 {
        disable_for_lease(&mut st.s, &h);
    }
    drop(h);
    let running = st.sw.running();
    let s = &cupti::PC_STATS;
    let c = st.s.counters;
    let now = now_ns();
    let sm = &st.s;
    let step_down = match sm.failure {
        None => "none".to_string(),
        Some((f, at)) => format!(
            "{} at_ms_before_exit={} settled={}",
            f.as_str(),
            now.saturating_sub(at) / 1_000_000,
            sm.settled,
        ),
    };
    Some(format!(
        "pc sampling tier={} tier_at_exit={} tier_switches={} sampler_lease={} pc_enable={} lease_enables={} lease_enable_failed={} lease_disables={} lease_disable_failed={} lease_calls_ms={} sampler_wait_ms={} leases_taken={} leases_given_up={} step_down={} pc_disabled={} disable_failed={} guard_busy={} guard_busy_collector={} guard_busy_collector_in={} injector_yields={} injector_yield_ms={} launches_inside_injector={} flush_in_burst={} start_max_us={} bursts={} launches_serialized={} pairs={} empty_bursts={} duty={:.4} longest_burst_ms={} gap_ms={} budget={} start_failed={} stop_failed={} graph_launches={} graph_refusals={} enter={} exit={} contended={} sync_missing={} sync_failed={} ctx_enabled={} ctx_enable_failed={} getdata_failed={} getdata_error={} pc_records={} without_correlation={} samples={} dropped={} non_user={} hw_full={} rounds_capped={} cupti_max_depth={} ctx_create_guard_busy={} ctx_destroy_guard_timeout={} unload_drain_skipped={} reentrant_skips={}",
        rt.set.tier,
        running,
        c.tier_switches,
        lease,
        rt.set.enable.as_str(),
        sm.follow.enabled,
        sm.follow.enable_failed,
        sm.follow.disabled,
        sm.follow.disable_failed,
        sm.follow.calls_ns / 1_000_000,
        c.sampler_wait_ms,
        c.sampler_leases_taken,
        c.sampler_leases_given_up,
        step_down,
        sm.retired || (sm.settled && sm.disable_failed == 0),
        sm.disable_failed,
        rt.guard_busy.load(Ordering::Relaxed),
        rt.guard_busy_collector.load(Ordering::Relaxed),
        busy_by_step(&rt.guard_busy_collector_in),
        cupti::yielded().0,
        cupti::yielded().1,
        rt.inside_injector.load(Ordering::Relaxed),
        rt.flush_in_burst.load(Ordering::Relaxed),
        rt.start_max_ns.load(Ordering::Relaxed) / 1_000,
        c.bursts,
        c.launches_serialized,
        c.pairs,
        sm.empty_bursts,
        sm.ctl.duty(now),
        sm.longest_burst_ns / 1_000_000,
        sm.ctl.gap_ns() / 1_000_000,
        sm.ctl.launch_budget(),
        c.start_failures,
        c.stop_failures,
        rt.graph_launches.load(Ordering::Relaxed),
        c.graph_refusals,
        rt.enter.load(Ordering::Relaxed),
        rt.exit.load(Ordering::Relaxed),
        rt.contended.load(Ordering::Relaxed),
        rt.sync_missing.load(Ordering::Relaxed),
        rt.sync_failed.load(Ordering::Relaxed),
        s.ctx_enabled.load(Ordering::Relaxed),
        s.ctx_enable_failed.load(Ordering::Relaxed),
        s.getdata_failed.load(Ordering::Relaxed),
        s.getdata_error
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_deref()
            .unwrap_or("none"),
        s.records.load(Ordering::Relaxed),
        s.records_without_correlation.load(Ordering::Relaxed),
        s.total_samples.load(Ordering::Relaxed),
        s.dropped_samples.load(Ordering::Relaxed),
        s.non_user_samples.load(Ordering::Relaxed),
        s.hw_buffer_full.load(Ordering::Relaxed),
        s.drain_rounds_capped.load(Ordering::Relaxed),
        cupti::guard_max_depth(),
        s.ctx_create_guard_busy.load(Ordering::Relaxed),
        s.ctx_destroy_guard_timeout.load(Ordering::Relaxed),
        s.unload_drain_skipped.load(Ordering::Relaxed),
        s.reentrant_skips.load(Ordering::Relaxed),
    ))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::dump::DumpLine;
    use crate::export::CountingSink;
    use crate::resource::ProcessInfo;
    use crate::sampling::message::OffReason;
    use crate::stats::Stats;
    use crate::worker::{self, Settings};

    #[test]
    fn the_exit_line_names_each_collector_step_that_held_the_guard_against_a_launch() {
        let counts: [AtomicU64; STEPS] = Default::default();
        assert_eq!(busy_by_step(&counts), "none");
        counts[cupti::CollectorStep::Drain as usize].store(612, Ordering::Relaxed);
        counts[cupti::CollectorStep::PcDrain as usize].store(1, Ordering::Relaxed);
        assert_eq!(busy_by_step(&counts), "drain:612,pc_drain:1");
        // Each step's number is its place in the list the names are read from.
        for (i, step) in cupti::CollectorStep::ALL.iter().enumerate() {
            assert_eq!(*step as usize, i, "{}", step.name());
        }
    }

    /// The tests that set the burst's globals take turns.
    static BURST_GLOBALS: Mutex<()> = Mutex::new(());

    fn burst_globals() -> MutexGuard<'static, ()> {
        BURST_GLOBALS.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A first Start can take longer than the idle time (the H100's stuck runs, all
    /// in the collector's flush, 2026-12-06): the burst is marked open from the
    /// Start's return, so its launches still come first, and the stuck check still
    /// waits for a launch after that instant.
    #[test]
    fn a_burst_whose_start_outlasted_the_idle_time_still_comes_first_for_the_guard() {
        let _turn = burst_globals();
        let cfg = BurstConfig::default();
        let called = now_ns();
        let returned = called + crate::sampling::controller::FLUSH_DEFER_IDLE_NS + 100_000_000;
        burst_opened(returned);
        let open_since = BURST_OPEN_SINCE.load(Ordering::Relaxed);
        let last = LAST_LAUNCH.load(Ordering::Relaxed);
        BURST_OPEN_SINCE.store(0, Ordering::Relaxed);
        // Just after the Start returned: the launches come first.
        assert!(crate::sampling::controller::defer_flush(
            open_since != 0,
            last,
            returned + 1_000_000
        ));
        // No launch since: stuck only once the stuck time has passed since the return.
        let stuck_after = crate::sampling::controller::stuck_after_ns(&cfg);
        assert!(!burst_stuck(
            &cfg,
            open_since,
            last,
            returned + stuck_after - 1
        ));
        assert!(burst_stuck(&cfg, open_since, last, returned + stuck_after));
        // One launch after the Start: not stuck.
        assert!(!burst_stuck(
            &cfg,
            open_since,
            returned + 1,
            returned + 2 * stuck_after
        ));
    }

    /// The collector waits for CUPTI's guard while a burst is open and the application
    /// launches, even when the burst opened while it waited for the mutex: the launch
    /// exits that close the burst find the guard free, and the collector takes it once
    /// the burst has closed.
    #[test]
    fn the_collector_leaves_the_guard_to_the_launches_of_an_open_burst() {
        let _turn = burst_globals();
        cupti::injector_yields_while(apps_first);
        let (yields, _) = cupti::yielded();
        let app = cupti::hold();
        let (took_tx, took) = std::sync::mpsc::channel();
        let collector = std::thread::spawn(move || {
            cupti::mark_collector_thread();
            let h = cupti::hold();
            took_tx.send(now_ns()).unwrap();
            drop(h);
        });
        // Long enough for the collector to be waiting for the mutex.
        std::thread::sleep(Duration::from_millis(50));
        let t0 = now_ns();
        LAST_LAUNCH.store(t0, Ordering::Relaxed);
        BURST_OPEN_SINCE.store(t0, Ordering::Relaxed);
        drop(app);
        for _ in 0..10 {
            std::thread::sleep(Duration::from_millis(5));
            LAST_LAUNCH.store(now_ns(), Ordering::Relaxed);
            // Other tests may hold the guard for a moment: a generous bound.
            let launch = (0..2000).find_map(|_| {
                let h = cupti::try_hold();
                if h.is_none() {
                    std::thread::sleep(Duration::from_millis(1));
                }
                h
            });
            assert!(
                launch.is_some(),
                "a launch of the burst found the guard busy"
            );
        }
        let inside = took.try_recv().is_ok();
        let closed = now_ns();
        BURST_OPEN_SINCE.store(0, Ordering::Relaxed);
        let at = took.recv_timeout(Duration::from_secs(5));
        collector.join().unwrap();
        assert!(!inside, "the collector took the guard inside the burst");
        assert!(
            at.is_ok_and(|at| at >= closed),
            "and took it once the burst closed"
        );
        assert!(cupti::yielded().0 > yields, "its wait is counted");
    }

    /// A burst that stays open while the application launches on does not keep the
    /// collector from the guard for ever: past its longest wait it takes it.
    #[test]
    fn the_collector_takes_the_guard_after_its_longest_wait_for_a_burst_that_stays_open() {
        let _turn = burst_globals();
        cupti::injector_yields_while(apps_first);
        let t0 = now_ns();
        LAST_LAUNCH.store(t0, Ordering::Relaxed);
        BURST_OPEN_SINCE.store(t0, Ordering::Relaxed);
        let start = Instant::now();
        let collector = std::thread::spawn(|| {
            cupti::mark_collector_thread();
            drop(cupti::hold());
        });
        while !collector.is_finished() && start.elapsed() < Duration::from_secs(10) {
            LAST_LAUNCH.store(now_ns(), Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(5));
        }
        let waited = start.elapsed();
        BURST_OPEN_SINCE.store(0, Ordering::Relaxed);
        collector.join().unwrap();
        assert!(
            waited >= Duration::from_millis(900) && waited < Duration::from_secs(10),
            "the collector took the guard after {waited:?}"
        );
    }

    fn gate() -> u8 {
        RT.get().unwrap().gate.load(Ordering::Relaxed)
    }

    fn running() -> Tier {
        RT.get().unwrap().state.lock().unwrap().sw.running()
    }

    fn grant(permit: bool) -> Option<LeaseGrant> {
        Some(LeaseGrant {
            permit,
            generation: cupti::pc_generation(),
            counters: LeaseCounters::default(),
        })
    }

    /// The run time of one process (a static: one test), without CUPTI, so no context is
    /// enabled and no burst opens: what the launch callbacks do as the sampler lease is
    /// granted and withdrawn and a graph comes, through the gate, and what reaches the
    /// exporter (read back from its record dump).
    #[test]
    fn the_launch_callbacks_follow_the_sampler_lease_through_the_gate_and_a_graph_retires_sampling()
    {
        let dump =
            std::env::temp_dir().join(format!("gpu-otel-pc-rt-{}.jsonl", std::process::id()));
        let process = ProcessInfo {
            pid: 1,
            executable_name: "t".into(),
            host_name: None,
            instance_id: "t".into(),
            container: Default::default(),
        };
        let settings = Settings {
            record_dump: Some(dump.clone()),
            ..Settings::for_process(&process, None, None, Tier::Serialized)
        };
        let sink = Arc::new(CountingSink::default());
        let (queue, _) =
            worker::spawn(settings, Arc::new(Stats::default()), move || Ok(sink)).unwrap();
        install(RuntimeSettings::serialized(true), queue.sampling_sender());
        // Waiting for the lease: tier off, nothing for a launch callback to do.
        assert_eq!(running(), Tier::Off);
        assert_eq!(gate(), 0);
        let view = lease_view().unwrap();
        assert!(view.wants && !view.serializing);
        assert!(tick(now_ns(), grant(false)), "CUPTI's worker may flush");

        // Granted: the next launch callback, whichever, switches to serialized.
        assert!(!tick(now_ns(), grant(true)), "the collector flushes again");
        assert_eq!(gate(), POLL_ENTER | POLL_EXIT);
        // A launch inside one of the injector's own guarded calls on this thread does
        // nothing but count.
        {
            let _inside = cupti::hold();
            on_launch(false, false);
        }
        assert_eq!(running(), Tier::Off);
        let rt = RT.get().unwrap();
        assert_eq!(rt.inside_injector.load(Ordering::Relaxed), 1);
        on_launch(false, false);
        assert_eq!(running(), Tier::Serialized);
        assert_eq!(gate(), 0, "between bursts (no context: none is due)");
        assert!(lease_view().unwrap().serializing);

        // Withdrawn: off at the next callback, and the lease may go.
        tick(now_ns(), grant(false));
        assert_ne!(gate(), 0);
        on_launch(true, false);
        assert_eq!(running(), Tier::Off);
        assert!(!lease_view().unwrap().serializing);

        // A graph while waiting refuses the tier for good: declared serialized with its
        // never-again record, PC sampling disabled, no lease wanted.
        on_launch(true, true);
        on_launch(false, true);
        assert_eq!(running(), Tier::Serialized);
        let view = lease_view().unwrap();
        assert!(!view.wants && !view.serializing);
        assert!(
            tick(now_ns(), grant(false)),
            "refused: CUPTI's worker flushes"
        );
        assert_eq!(gate(), 0);
        let summary = shutdown("coordinated").unwrap();
        assert!(summary.contains("graph_refusals=1") && summary.contains("pc_disabled=true"));
        assert!(summary.contains("pc_enable=context lease_enables=0"));
        assert!(queue.shutdown(Instant::now() + Duration::from_secs(5)));

        let switches: Vec<(Tier, Tier, Option<OffReason>)> = std::fs::read_to_string(&dump)
            .unwrap()
            .lines()
            .filter_map(|l| match serde_json::from_str::<DumpLine>(l).ok()? {
                DumpLine::Sampling { sampling } => sampling.to_msg(0).ok()?.switch,
                _ => None,
            })
            .map(|s| (s.from, s.to, s.not_running.map(|(_, why)| why)))
            .collect();
        assert_eq!(
            switches,
            vec![
                (Tier::Off, Tier::Serialized, None),
                (
                    Tier::Serialized,
                    Tier::Off,
                    Some(OffReason::WaitingForGpuSampler)
                ),
                (Tier::Off, Tier::Serialized, None),
            ]
        );
        let _ = std::fs::remove_file(dump);
    }
}
