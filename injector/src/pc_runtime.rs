//! PC sampling at run time: the burst controller and the window log driven from the
//! application's launch callbacks, and the drains. Safe code; the CUPTI calls are the
//! checked wrappers of the `cupti` module, each under its one guard.
//!
//! ```text
//! launch ENTER (app thread): poll_open → Start? cuCtxSynchronize (outside the guard),
//!     t0 = now, Start every context, open record → exporter (exported at once)
//! launch EXIT (app thread):  poll_close → Stop? Stop every context, t1 = now,
//!     GetData drain, closed(pairs) → closed record (quiet tail) → exporter
//! graph launch seen:         refuse: stop at the next EXIT (or refuse to start),
//!                            never-again record, one loud log line, a counter
//! exit:                      shutdown → Stop if open → never-again record
//! collector thread:          continuous tier: periodic drain → per-function spans
//! ```
//!
//! The state lives in one mutex taken with `try_lock` on application threads: a
//! thread that finds another mid-transition skips its poll instead of waiting, so no
//! application thread ever blocks on the injector's state (only on CUPTI's guard,
//! around CUPTI calls, as the original's fix for its two deadlocks).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock, TryLockError};
use std::time::{SystemTime, UNIX_EPOCH};

use semconv::{SamplingMode, Tier};

use crate::cupti;
use crate::export::{SamplingMsg, SamplingSender};
use crate::model::SamplingCounters;
use crate::sampling::controller::{Action, BurstConfig, BurstController};
use crate::sampling::stamp::PcRecord;
use crate::sampling::window_log::WindowLog;

struct State {
    ctl: BurstController,
    log: WindowLog,
    counters: SamplingCounters,
    empty_bursts: u64,
    refusal_logged: bool,
}

struct PcRuntime {
    tier: Tier,
    state: Mutex<State>,
    sender: SamplingSender,
    graphs: AtomicBool,
    graph_launches: AtomicU64,
    enter: AtomicU64,
    exit: AtomicU64,
    contended: AtomicU64,
    sync_missing: AtomicU64,
    sync_failed: AtomicU64,
}

static RT: OnceLock<PcRuntime> = OnceLock::new();

const KS: SamplingMode = SamplingMode::KernelSerialized;

fn now_ns() -> u64 {
    // CLOCK_REALTIME, the clock of CUPTI's timestamps and of the kernel spans.
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// Installs the runtime (once) for `tier`.
pub(crate) fn install(tier: Tier, burst: BurstConfig, sender: SamplingSender) {
    let _ = RT.set(PcRuntime {
        tier,
        state: Mutex::new(State {
            ctl: BurstController::new(burst),
            log: WindowLog::new(),
            counters: SamplingCounters::default(),
            empty_bursts: 0,
            refusal_logged: false,
        }),
        sender,
        graphs: AtomicBool::new(false),
        graph_launches: AtomicU64::new(0),
        enter: AtomicU64::new(0),
        exit: AtomicU64::new(0),
        contended: AtomicU64::new(0),
        sync_missing: AtomicU64::new(0),
        sync_failed: AtomicU64::new(0),
    });
}

const GRAPH_REFUSAL: &str = "CUDA graph launch (or stream capture) observed: serialized PC sampling (GPU_OTEL_PC_SAMPLING=serialized) REFUSES to run from here on, for the life of this process. One graph launch runs many kernels under one correlation id, so per-execution attribution would be false while still looking exact. Executions already inside a window stay gpu.serialized=\"true\"; a never-again window record was sent; counted in gpu.pc_sampling.graph_refusals. Use GPU_OTEL_PC_SAMPLING=continuous for programs that launch CUDA graphs";

fn send(rt: &PcRuntime, st: &State, pc: Vec<PcRecord>, window: Option<semconv::Window>) {
    rt.sender.send(SamplingMsg {
        pc,
        window,
        counters: st.counters,
    });
}

fn sync_counters(st: &mut State) {
    st.counters.bursts = st.ctl.bursts();
    st.counters.graph_refusals = st.ctl.graph_refusals();
    st.counters.launches_serialized = st.ctl.launches_serialized();
}

/// Stops the open burst, drains, and sends the closed (or never-again) record.
fn stop_burst(rt: &PcRuntime, st: &mut State, final_record: bool) {
    let (_, failed) = cupti::pc_start_stop(false);
    st.counters.stop_failures += failed;
    let t1 = now_ns();
    let mut recs = Vec::new();
    cupti::pc_drain(None, &mut recs);
    let pairs: u64 = recs.iter().map(PcRecord::pairs).sum();
    if pairs == 0 {
        st.empty_bursts += 1;
    }
    st.counters.pairs += pairs;
    st.ctl.closed(st.counters.pairs);
    sync_counters(st);
    let w = if final_record {
        st.log.never_again(t1, KS)
    } else {
        st.log.close(t1, st.ctl.quiet_until_ns()).ok().flatten()
    };
    send(rt, st, recs, w);
}

fn refuse_for_graphs(rt: &PcRuntime, st: &mut State) {
    if st.refusal_logged || !st.ctl.refused() || st.ctl.graph_refusals() == 0 {
        return;
    }
    st.refusal_logged = true;
    crate::log(GRAPH_REFUSAL);
    if !st.ctl.sampling() {
        sync_counters(st);
        let w = st.log.never_again(now_ns(), KS);
        send(rt, st, Vec::new(), w);
    }
}

/// A launch API callback on the application's thread (outermost launch only).
pub(crate) fn on_launch(enter: bool, graph: bool) {
    let Some(rt) = RT.get() else {
        return;
    };
    if rt.tier != Tier::Serialized {
        return;
    }
    if graph {
        rt.graph_launches.fetch_add(1, Ordering::Relaxed);
        rt.graphs.store(true, Ordering::Relaxed);
    }
    let graphs = rt.graphs.load(Ordering::Relaxed);
    let mut st = match rt.state.try_lock() {
        Ok(st) => st,
        Err(TryLockError::Poisoned(p)) => p.into_inner(),
        Err(TryLockError::WouldBlock) => {
            rt.contended.fetch_add(1, Ordering::Relaxed);
            return;
        }
    };
    if st.log.is_final() {
        return;
    }
    if enter {
        rt.enter.fetch_add(1, Ordering::Relaxed);
        // No window is announced without a live context behind it.
        if !st.ctl.sampling() && !graphs && cupti::pc_context_count() == 0 {
            return;
        }
        if st.ctl.poll_open(now_ns(), graphs) == Some(Action::Start) {
            match cupti::ctx_synchronize() {
                Ok(()) => {}
                Err("missing") => {
                    rt.sync_missing.fetch_add(1, Ordering::Relaxed);
                }
                Err(_) => {
                    rt.sync_failed.fetch_add(1, Ordering::Relaxed);
                }
            }
            let t0 = now_ns();
            let (_, failed) = cupti::pc_start_stop(true);
            st.counters.start_failures += failed;
            sync_counters(&mut st);
            let w = st.log.open(t0, KS).ok();
            send(rt, &st, Vec::new(), w);
        }
        refuse_for_graphs(rt, &mut st);
    } else {
        rt.exit.fetch_add(1, Ordering::Relaxed);
        if st.ctl.poll_close(now_ns(), graphs) == Some(Action::Stop) {
            let final_record = st.ctl.refused();
            stop_burst(rt, &mut st, final_record);
        }
        refuse_for_graphs(rt, &mut st);
    }
}

/// PC records drained outside a burst transition (module unload, context destroy,
/// the continuous tier's periodic drain).
pub(crate) fn on_drained(recs: Vec<PcRecord>) {
    let Some(rt) = RT.get() else {
        return;
    };
    if recs.is_empty() {
        return;
    }
    let pairs: u64 = recs.iter().map(PcRecord::pairs).sum();
    // Blocking here is fine: never called with the state held (module unload during
    // a burst transition cannot happen on the transitioning thread).
    let mut st = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    st.counters.pairs += pairs;
    send(rt, &st, recs, None);
}

/// The continuous tier's periodic drain (collector thread).
pub(crate) fn periodic_drain() {
    let Some(rt) = RT.get() else {
        return;
    };
    if rt.tier != Tier::Continuous {
        return;
    }
    let mut recs = Vec::new();
    cupti::pc_drain(None, &mut recs);
    on_drained(recs);
}

/// At exit: closes an open burst and sends the never-again record. Returns a
/// summary for the exit log line.
pub(crate) fn shutdown() -> Option<String> {
    let rt = RT.get()?;
    let mut st = rt.state.lock().unwrap_or_else(|p| p.into_inner());
    if rt.tier == Tier::Serialized {
        if st.ctl.shutdown(now_ns()) == Some(Action::Stop) {
            stop_burst(rt, &mut st, true);
        } else if !st.log.is_final() {
            sync_counters(&mut st);
            let w = st.log.never_again(now_ns(), KS);
            send(rt, &st, Vec::new(), w);
        }
    } else {
        let mut recs = Vec::new();
        cupti::pc_drain(None, &mut recs);
        st.counters.pairs += recs.iter().map(PcRecord::pairs).sum::<u64>();
        send(rt, &st, recs, None);
    }
    let s = &cupti::PC_STATS;
    let c = st.counters;
    let now = now_ns();
    Some(format!(
        "pc sampling tier={} bursts={} launches_serialized={} pairs={} empty_bursts={} duty={:.4} gap_ms={} budget={} start_failed={} stop_failed={} graph_launches={} graph_refusals={} enter={} exit={} contended={} sync_missing={} sync_failed={} ctx_enabled={} ctx_enable_failed={} getdata_failed={} pc_records={} without_correlation={} samples={} dropped={} non_user={} hw_full={} rounds_capped={} cupti_max_depth={}",
        rt.tier,
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
    ))
}
