//! PC sampling at run time: the burst controller, the window log and the tier switch,
//! driven from the application's launch callbacks, and the drains. Safe code; the
//! CUPTI calls are the checked wrappers of the `cupti` module, each under its guard.
//!
//! ```text
//! launch ENTER (app thread): poll_open → Start? cuCtxSynchronize (outside the guard),
//!     t0 = now, Start every context, open record → exporter (exported at once)
//! launch EXIT (app thread):  poll_close → Stop? Stop every context, t1 = now,
//!     GetData drain, closed(pairs) → closed record (quiet tail) → exporter
//! graph launch seen:         refuse: stop at the next EXIT (or refuse to start),
//!                            never-again record, one loud log line, a counter
//! tier switch requested:     (collector thread reads the control file) → at the next
//!                            fitting launch callback: close / stop, set the mode,
//!                            start → a switch message to the exporter
//! exit:                      shutdown → Stop if open → never-again record
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

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};

use semconv::{SamplingMode, Tier};

use crate::clock::now_ns;
use crate::cupti::{self, Hold};
use crate::sampling::controller::{Action, BurstConfig, BurstController};
use crate::sampling::message::{SamplingCounters, SamplingMsg, TierSwitched};
use crate::sampling::samples::{self, PcRecord};
use crate::sampling::switch::{RequestError, Site, Step, TierSwitch};
use crate::sampling::window_log::WindowLog;
use crate::worker::SamplingSender;

/// The serialized tier's bursts.
struct Sampler {
    ctl: BurstController,
    log: WindowLog,
    counters: SamplingCounters,
    empty_bursts: u64,
    refusal_logged: bool,
    /// A Stop failed: the window stays open and no burst opens again.
    stop_failed: bool,
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
}

struct PcRuntime {
    set: RuntimeSettings,
    state: Mutex<State>,
    /// Into [`State::drained`]; sending never waits (unbounded).
    drained: Sender<Vec<PcRecord>>,
    sender: SamplingSender,
    graphs: AtomicBool,
    graph_launches: AtomicU64,
    enter: AtomicU64,
    exit: AtomicU64,
    contended: AtomicU64,
    guard_busy: AtomicU64,
    sync_missing: AtomicU64,
    sync_failed: AtomicU64,
}

static RT: OnceLock<PcRuntime> = OnceLock::new();

/// Start of the open burst (Unix ns), 0 when none: read by the collector thread,
/// which does not flush while a burst may need CUPTI's guard to close.
static BURST_OPEN_SINCE: AtomicU64 = AtomicU64::new(0);

/// Last launch callback (Unix ns) while a burst is open, any thread.
static LAST_LAUNCH: AtomicU64 = AtomicU64::new(0);

/// Whether the collector should skip this period's flush (see
/// [`crate::sampling::controller::defer_flush`]).
pub(crate) fn defer_flush(now_ns: u64) -> bool {
    let open = BURST_OPEN_SINCE.load(Ordering::Relaxed) != 0;
    crate::sampling::controller::defer_flush(open, LAST_LAUNCH.load(Ordering::Relaxed), now_ns)
}

const KS: SamplingMode = SamplingMode::KernelSerialized;

/// Installs the runtime (once).
pub(crate) fn install(set: RuntimeSettings, sender: SamplingSender) {
    let (drained_tx, drained_rx) = channel();
    let _ = RT.set(PcRuntime {
        set,
        state: Mutex::new(State {
            sw: TierSwitch::new(set.tier, set.switchable),
            s: Sampler {
                ctl: BurstController::new(set.burst),
                log: WindowLog::new(),
                counters: SamplingCounters::default(),
                empty_bursts: 0,
                refusal_logged: false,
                stop_failed: false,
            },
            drained: drained_rx,
        }),
        drained: drained_tx,
        sender,
        graphs: AtomicBool::new(false),
        graph_launches: AtomicU64::new(0),
        enter: AtomicU64::new(0),
        exit: AtomicU64::new(0),
        contended: AtomicU64::new(0),
        guard_busy: AtomicU64::new(0),
        sync_missing: AtomicU64::new(0),
        sync_failed: AtomicU64::new(0),
    });
}

const GRAPH_REFUSAL: &str = "CUDA graph launch (or stream capture) observed: serialized PC sampling (GPU_OTEL_PC_SAMPLING=serialized) REFUSES to run from here on, for the life of this process. One graph launch runs many kernels under one correlation id, so per-execution attribution would be false while still looking exact. Executions already inside a window stay gpu.serialized=\"true\"; a never-again window record was sent; counted in gpu.pc_sampling.graph_refusals. Use GPU_OTEL_PC_SAMPLING=continuous for programs that launch CUDA graphs";

fn send(rt: &PcRuntime, s: &Sampler, pc: Vec<PcRecord>, window: Option<semconv::Window>) {
    rt.sender.send(SamplingMsg {
        pc,
        window,
        counters: s.counters,
        switch: None,
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

/// Stops the open burst, drains, and sends the closed (or never-again) record. The
/// closed record promises the whole gap the controller chose (`closed` runs first).
fn stop_burst(rt: &PcRuntime, s: &mut Sampler, h: &Hold, final_record: bool) {
    let (_, failed) = cupti::pc_start_stop(h, false);
    BURST_OPEN_SINCE.store(0, Ordering::Relaxed);
    s.counters.stop_failures += failed;
    let t1 = now_ns();
    let recs = samples::burst_records(drain_all(h), s.ctl.burst_launches());
    let pairs = pairs_of(&recs);
    if pairs == 0 {
        s.empty_bursts += 1;
    }
    s.counters.pairs += pairs;
    s.ctl.closed(s.counters.pairs);
    sync_counters(s);
    if failed > 0 && !final_record {
        // A context may still be serializing: neither an end nor a quiet time can be
        // promised. The window stays open on the wire (what follows reads "unknown",
        // never "false") until the exit's never-again record closes it, and no burst
        // opens again.
        s.stop_failed = true;
        crate::log::line(&format!(
            "cuptiPCSamplingStop failed on {failed} context(s): kernels may still run serialized, so the window stays open (later executions read gpu.serialized=\"unknown\") and no burst opens again (counted: gpu.pc_sampling.stop_failures)"
        ));
        send(rt, s, recs, None);
        return;
    }
    let w = if final_record {
        s.log.never_again(t1, KS)
    } else {
        s.log.close(t1, s.ctl.quiet_until_ns()).ok().flatten()
    };
    send(rt, s, recs, w);
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

/// One step of a tier switch (see `sampling::switch`).
fn switch_step(rt: &PcRuntime, s: &mut Sampler, h: &Hold, step: Step) -> bool {
    match step {
        Step::CloseBurst => {
            stop_burst(rt, s, h, false);
            true
        }
        Step::StopContinuous => {
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
            if cupti::pc_context_count() == 0 {
                return false;
            }
            let (_, failed) = cupti::pc_start_stop(h, true);
            s.counters.start_failures += failed;
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

/// A launch API callback on the application's thread (outermost launch only).
pub fn on_launch(enter: bool, graph: bool) {
    let Some(rt) = RT.get() else {
        return;
    };
    if rt.set.tier != Tier::Serialized && !rt.set.switchable {
        return;
    }
    if graph {
        rt.graph_launches.fetch_add(1, Ordering::Relaxed);
        rt.graphs.store(true, Ordering::Relaxed);
    }
    let graphs = rt.graphs.load(Ordering::Relaxed);
    let (site, count) = if enter {
        (Site::Enter, &rt.enter)
    } else {
        (Site::Exit, &rt.exit)
    };
    count.fetch_add(1, Ordering::Relaxed);
    // Only a burst's flush deferral reads it: outside bursts, no clock read here.
    if BURST_OPEN_SINCE.load(Ordering::Relaxed) != 0 {
        LAST_LAUNCH.store(now_ns(), Ordering::Relaxed);
    }
    let Some(mut guard) = try_state(rt) else {
        return;
    };
    let st = &mut *guard;
    account_drained(rt, st);
    if st.sw.pending(site, st.s.ctl.sampling()) {
        switch_tier(rt, st, site);
        return;
    }
    if st.sw.running() != Tier::Serialized {
        return;
    }
    let s = &mut st.s;
    if graphs {
        s.ctl.note_graphs(true);
    }
    if s.log.is_final() || s.stop_failed {
        return;
    }
    if enter {
        open_burst(rt, s, graphs);
    } else {
        close_burst(rt, s, graphs);
    }
    refuse_for_graphs(rt, s);
}

fn switch_tier(rt: &PcRuntime, st: &mut State, site: Site) {
    let Some(h) = cupti::try_hold() else {
        rt.guard_busy.fetch_add(1, Ordering::Relaxed);
        if site == Site::Exit {
            st.s.ctl.note_launch();
        }
        return;
    };
    let from = st.sw.running();
    let open = st.s.ctl.sampling();
    let State { sw, s, .. } = st;
    let failures = sw.failures();
    if let Some(to) = sw.drive(site, open, |step| switch_step(rt, s, &h, step)) {
        let at_ns = now_ns();
        s.counters.tier_switches = sw.switches();
        sync_counters(s);
        crate::log::line(&format!(
            "PC sampling tier switched from {from} to {to} (tier control file); batches from now on declare gpu.pc_sampling.tier={to} (counted: gpu.pc_sampling.tier_switches={})",
            sw.switches()
        ));
        rt.sender.send(SamplingMsg {
            counters: s.counters,
            switch: Some(TierSwitched { at_ns, from, to }),
            ..SamplingMsg::default()
        });
    } else if sw.failures() > failures {
        crate::log::line(&format!(
            "PC sampling tier switch from {from} failed: CUPTI refused the collection mode; {from} keeps running"
        ));
    }
}

fn open_burst(rt: &PcRuntime, s: &mut Sampler, graphs: bool) {
    // No window is announced without a live context behind it.
    if cupti::pc_context_count() == 0 || !s.ctl.would_open(now_ns(), graphs) {
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
        rt.guard_busy.fetch_add(1, Ordering::Relaxed);
        return;
    };
    if s.ctl.poll_open(now_ns(), graphs) == Some(Action::Start) {
        let t0 = now_ns();
        let (_, failed) = cupti::pc_start_stop(&h, true);
        LAST_LAUNCH.store(t0, Ordering::Relaxed);
        BURST_OPEN_SINCE.store(t0.max(1), Ordering::Relaxed);
        s.counters.start_failures += failed;
        sync_counters(s);
        let w = s.log.open(t0, KS).ok();
        send(rt, s, Vec::new(), w);
    }
}

fn close_burst(rt: &PcRuntime, s: &mut Sampler, graphs: bool) {
    if !s.ctl.sampling() {
        return;
    }
    let Some(h) = cupti::try_hold() else {
        rt.guard_busy.fetch_add(1, Ordering::Relaxed);
        s.ctl.note_launch();
        return;
    };
    if s.ctl.poll_close(now_ns(), graphs) == Some(Action::Stop) {
        let final_record = s.ctl.refused();
        stop_burst(rt, s, &h, final_record);
    }
}

/// The benchmark's way in (`benches/launch_hook.rs`): the run time of a process
/// started serialized, fed to `sender`, without CUPTI (no context is enabled, so no
/// burst ever opens: every launch callback is one between bursts).
pub fn bench_install_serialized(sender: SamplingSender) {
    install(
        RuntimeSettings {
            tier: Tier::Serialized,
            burst: BurstConfig::default(),
            switchable: false,
            sync_before_start: true,
        },
        sender,
    );
}

/// A tier asked for through the control file (collector thread). `Ok(true)`: a new
/// request, carried out at the next fitting launch callback.
pub(crate) fn request_tier(tier: Tier) -> Result<bool, RequestError> {
    let Some(rt) = RT.get() else {
        return Err(RequestError::NotSwitchable);
    };
    let mut st = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    // A graph launch seen while continuous ran refuses serialized just the same.
    let graphs = rt.graphs.load(Ordering::Relaxed);
    if tier == Tier::Serialized && (st.s.ctl.refused() || graphs) {
        return Err(RequestError::SerializedRefused);
    }
    st.sw.request(tier)
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
/// ever ran), drains the continuous tier. Returns a summary for the exit log line.
pub(crate) fn shutdown() -> Option<String> {
    let rt = RT.get()?;
    let mut guard = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    let st = &mut *guard;
    account_drained(rt, st);
    let h = cupti::hold();
    let s = &mut st.s;
    if st.sw.running() == Tier::Continuous {
        if st.sw.started() && rt.set.switchable {
            let (_, failed) = cupti::pc_start_stop(&h, false);
            s.counters.stop_failures += failed;
        }
        let recs = samples::per_function(drain_all(&h));
        s.counters.pairs += pairs_of(&recs);
        send(rt, s, recs, None);
    }
    let ever_serialized = rt.set.tier == Tier::Serialized || st.sw.switches() > 0;
    if ever_serialized {
        if s.ctl.shutdown(now_ns()) == Some(Action::Stop) {
            stop_burst(rt, s, &h, true);
        } else if !s.log.is_final() {
            sync_counters(s);
            let w = s.log.never_again(now_ns(), KS);
            send(rt, s, Vec::new(), w);
        }
    }
    drop(h);
    let running = st.sw.running();
    let s = &cupti::PC_STATS;
    let c = st.s.counters;
    let now = now_ns();
    let st = &st.s;
    Some(format!(
        "pc sampling tier={} tier_at_exit={} tier_switches={} guard_busy={} bursts={} launches_serialized={} pairs={} empty_bursts={} duty={:.4} gap_ms={} budget={} start_failed={} stop_failed={} graph_launches={} graph_refusals={} enter={} exit={} contended={} sync_missing={} sync_failed={} ctx_enabled={} ctx_enable_failed={} getdata_failed={} pc_records={} without_correlation={} samples={} dropped={} non_user={} hw_full={} rounds_capped={} cupti_max_depth={} ctx_create_guard_busy={} ctx_destroy_guard_timeout={} unload_drain_skipped={} reentrant_skips={}",
        rt.set.tier,
        running,
        c.tier_switches,
        rt.guard_busy.load(Ordering::Relaxed),
        c.bursts,
        c.launches_serialized,
        c.pairs,
        st.empty_bursts,
        st.ctl.duty(now),
        st.ctl.gap_ns() / 1_000_000,
        st.ctl.launch_budget(),
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
