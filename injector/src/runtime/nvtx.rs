//! NVTX ranges at run time: the process's one [`Tracker`], each thread's open ranges
//! (thread-locals), the clock, and the switching on of launch correlation. Safe code;
//! the CUPTI side is `cupti::nvtx`.
//!
//! ```text
//! attach (InitializeInjection): install → NVTX routed to CUPTI → serve(): the
//!                               correlation table, then the launch callbacks
//! NVTX callback (app thread):   on_nvtx → tracker.call(this thread's stack, tid, now)
//!                               first push → wake the collector (serve() again: a
//!                               process whose NVTX was routed late, or a failed switch)
//! launch callback (app thread): on_correlation → tracker.launch(this thread's stack)
//! collector thread:             link(records) → KernelRecord.range
//! ```
//!
//! Application threads never wait here: the thread-local stack is only *tried* (a
//! callback re-entering on the same thread is skipped and counted), the tracker uses
//! atomics and a non-waiting send.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use crate::clock::now_ns;
use crate::cupti;
use crate::nvtx::correlation::SLOTS_DEFAULT;
use crate::nvtx::stack::ThreadRanges;
use crate::nvtx::tracker::Tracker;
use crate::nvtx::Call;
use crate::record::KernelRecord;
use crate::stats::Stats;
use crate::worker::NvtxSender;

struct NvtxRuntime {
    tracker: Tracker<NvtxSender>,
    /// Wakes the collector thread (never waits).
    wake: Box<dyn Fn() + Send + Sync>,
    /// Callbacks that found this thread's stack already borrowed (re-entered).
    reentered: AtomicU64,
    routing: OnceLock<cupti::NvtxRouting>,
}

static RT: OnceLock<NvtxRuntime> = OnceLock::new();

thread_local! {
    static RANGES: RefCell<ThreadRanges> = const { RefCell::new(ThreadRanges::new()) };
    static TID: Cell<u32> = const { Cell::new(0) };
}

fn tid() -> u32 {
    TID.try_with(|t| {
        if t.get() == 0 {
            t.set(cupti::os_thread_id());
        }
        t.get()
    })
    .unwrap_or(0)
}

/// Starts following ranges: events go to `sender`, `wake` nudges the collector. Then
/// routes NVTX to CUPTI (`NVTX_INJECTION64_PATH`), now that the callbacks have a
/// receiver; `preset` is the variable as the process started with it.
pub(crate) fn install(sender: NvtxSender, wake: Box<dyn Fn() + Send + Sync>, preset: Option<&str>) {
    let installed = RT.set(NvtxRuntime {
        tracker: Tracker::new(sender),
        wake,
        reentered: AtomicU64::new(0),
        routing: OnceLock::new(),
    });
    let Some(rt) = RT.get().filter(|_| installed.is_ok()) else {
        return;
    };
    let routing = cupti::route_to_cupti(preset);
    crate::log::line(&match &routing {
        cupti::NvtxRouting::Set(p) => format!(
            "NVTX ranges: NVTX_INJECTION64_PATH={} (set by the injector; NVTX in code that first calls it after CUDA initialised reaches the injector)",
            p.display()
        ),
        cupti::NvtxRouting::AlreadyCupti(p) => {
            format!("NVTX ranges: NVTX_INJECTION64_PATH={p} (already CUPTI)")
        }
        cupti::NvtxRouting::OtherTool(p) => format!(
            "NVTX ranges: NVTX_INJECTION64_PATH={p} names another tool; NVTX goes there, kernels keep slice traces (unset it, or GPU_OTEL_NVTX=0 to silence this)"
        ),
        cupti::NvtxRouting::Unavailable(e) => {
            format!("NVTX ranges cannot be followed: {e}; kernels keep slice traces")
        }
    });
    let reaches_us = matches!(
        routing,
        cupti::NvtxRouting::Set(_) | cupti::NvtxRouting::AlreadyCupti(_)
    );
    let _ = rt.routing.set(routing);
    // Launch correlation on now, before the application's first launch. Switched on at
    // the first push instead (on the collector thread), the launches between that push
    // and the switch had no range: on the H200 each thread's first request lost 1-4 of
    // its 17 kernels to its trace (all 100 exact since). Outside ranges the launch
    // callback costs nothing measurable (H200: within the machine's ±0.5 µs per launch
    // of a process with it off, docs/measurements/app-context-h200.md); the table's
    // 6 MiB are small beside a CUDA context's host memory. GPU_OTEL_NVTX=0: neither.
    if reaches_us {
        rt.tracker.request_correlation();
        serve();
    }
}

/// An NVTX call, on the calling thread (CUPTI's NVTX callback).
pub(crate) fn on_nvtx(call: Call) {
    let Some(rt) = RT.get() else {
        return;
    };
    let thread = tid();
    let first = RANGES
        .try_with(|r| match r.try_borrow_mut() {
            Ok(mut stack) => rt.tracker.call(&mut stack, thread, call, now_ns()),
            Err(_) => {
                rt.reentered.fetch_add(1, Ordering::Relaxed);
                false
            }
        })
        .unwrap_or(false);
    if first {
        (rt.wake)();
    }
}

/// An outermost launch with `correlation_id`, on the launching thread.
pub(crate) fn on_correlation(correlation_id: u32) {
    let Some(rt) = RT.get() else {
        return;
    };
    let _ = RANGES.try_with(|r| {
        if let Ok(stack) = r.try_borrow() {
            rt.tracker.launch(&stack, correlation_id);
        }
    });
}

/// Switches launch correlation on once asked for: at attach when NVTX reaches CUPTI,
/// else on the collector thread once a range has opened (the table first, so no
/// launch callback finds it missing).
pub(crate) fn serve() {
    let Some(rt) = RT.get() else {
        return;
    };
    if !rt.tracker.correlation_requested() {
        return;
    }
    rt.tracker.prepare_correlation(SLOTS_DEFAULT);
    match cupti::enable_launch_tracking() {
        Ok(()) => rt.tracker.correlation_enabled(true),
        Err(e) => {
            rt.tracker.correlation_enabled(false);
            crate::log::line(&format!(
                "NVTX ranges: launch callbacks refused ({e}); ranges are exported, kernels keep slice traces"
            ));
        }
    }
}

/// Collector thread: sets each record's range from its launch's correlation id.
pub(crate) fn link(records: &mut [KernelRecord]) {
    let Some(rt) = RT.get() else {
        return;
    };
    if !rt.tracker.correlation_on() {
        return;
    }
    for r in records {
        r.range = rt.tracker.lookup(r.correlation_id);
    }
}

/// The exit line's NVTX part, when ranges were followed.
pub(crate) fn summary(stats: &Stats) -> Option<String> {
    let rt = RT.get()?;
    let c = rt.tracker.counters();
    let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
    let routing = match rt.routing.get() {
        Some(cupti::NvtxRouting::Set(p)) => format!("set to {}", p.display()),
        Some(cupti::NvtxRouting::AlreadyCupti(p)) => format!("{p} (user's)"),
        Some(cupti::NvtxRouting::OtherTool(p)) => format!("{p} (another tool)"),
        Some(cupti::NvtxRouting::Unavailable(e)) => format!("unavailable: {e}"),
        None => "not routed".into(),
    };
    Some(format!(
        "NVTX: ranges pushed={} popped={} started={} ended={}, range spans exported={}, unclosed at exit={}, unbalanced pops={}, unmatched closes={}, too deep={}, events dropped={}, callbacks re-entered={}; kernel records with a range parent={} (launches in a range={}, not recorded={}, table slot taken={}); NVTX_INJECTION64_PATH {routing}",
        c.pushes,
        c.pops,
        c.starts,
        c.ends,
        get(&stats.range_spans_exported),
        get(&stats.ranges_unclosed_at_exit),
        c.unbalanced_pops,
        get(&stats.ranges_unmatched),
        c.too_deep,
        get(&stats.nvtx_events_dropped),
        get(&rt.reentered),
        c.found,
        c.launches_in_range,
        c.launches_unrecorded,
        c.evicted,
    ) + &format!(
        "; application spans (domain {}): pushes with a traceparent={} unsampled={} malformed={}, kernel spans in an application trace={}, range spans={}, context lost={} (refused={}, domain handles not kept={})",
        crate::nvtx::context::APP_DOMAIN,
        c.app_parents,
        c.app_unsampled,
        c.app_malformed,
        get(&stats.app_kernel_spans),
        get(&stats.app_range_spans),
        get(&stats.app_context_lost),
        get(&stats.app_contexts_refused),
        c.app_domains_unkept,
    ))
}
