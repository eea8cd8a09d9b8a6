//! The profiler hand-off in the running process: the C ABI's begin and end
//! (`cupti::register_handoff`) on the application's thread that calls them, the
//! book of windows (`crate::handoff`), CUPTI stepping aside and coming back, and each
//! window handed to the worker as one span.

use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::clock::now_ns;
use crate::cupti;
use crate::handoff::{Book, Process, Refusal};
use crate::launches::Launches;
use crate::worker::RecordQueue;

struct State {
    book: Mutex<Book>,
    /// PC sampling runs in this process (a hand-off is refused).
    pc_sampling: bool,
    queue: RecordQueue,
    launches: Option<&'static Launches>,
}

static STATE: OnceLock<State> = OnceLock::new();

/// Whether CUPTI is handed over now (the collector does not flush meanwhile).
static HANDED_OFF: AtomicBool = AtomicBool::new(false);

/// Set when CUPTI came back, until the collector set its flush period again (the
/// profiler may have changed it).
static CAME_BACK: AtomicBool = AtomicBool::new(false);

/// Makes the hand-off available to the application (after attach succeeded).
pub(super) fn install(pc_sampling: bool, queue: RecordQueue, launches: Option<&'static Launches>) {
    if STATE
        .set(State {
            book: Mutex::new(Book::default()),
            pc_sampling,
            queue,
            launches,
        })
        .is_ok()
    {
        cupti::register_handoff(cupti::Handoff { begin, end });
    }
}

/// Whether CUPTI is handed over to the application's profiler now.
pub(super) fn handed_off() -> bool {
    HANDED_OFF.load(Ordering::Relaxed)
}

/// Whether CUPTI came back since the last call (the collector's settings to apply again).
pub(super) fn came_back() -> bool {
    CAME_BACK.swap(false, Ordering::Relaxed)
}

/// Logs why a hand-off call did nothing, naming the other libcupti copies if any.
fn refused(r: Refusal, other_cupti: &[std::path::PathBuf]) -> c_int {
    let copies = if other_cupti.is_empty() {
        String::new()
    } else {
        format!(
            " (this process also loaded {})",
            cupti::list_paths(other_cupti)
        )
    };
    crate::log::line(&format!("profiler hand-off refused: {r}{copies}"));
    r.code()
}

/// `gpu_otel_profiler_handoff_begin`: on the application's thread, before its profiler
/// starts. Waits only for CUPTI's forced flush.
fn begin() -> c_int {
    let Some(s) = STATE.get() else {
        return Refusal::NotAttached.code();
    };
    let mut book = s.book.lock().unwrap_or_else(|e| e.into_inner());
    // Looked at each begin: a library may bring its libcupti after CUDA started.
    let others = cupti::other_cupti_copies();
    let process = Process {
        pc_sampling: s.pc_sampling,
        other_cupti: !others.is_empty(),
    };
    if let Err(r) = book.may_begin(process) {
        return refused(r, &others);
    }
    if let Err(e) = cupti::step_aside() {
        // Put back what was given up, so that nothing is left half handed over.
        let back = cupti::come_back();
        crate::log::line(&format!(
            "profiler hand-off refused: {e}; the injector keeps CUPTI ({})",
            match back {
                Ok(_) => "taken back".to_string(),
                Err(e) => format!("and could not take it back: {e}"),
            }
        ));
        return Refusal::Cupti.code();
    }
    book.began(now_ns());
    HANDED_OFF.store(true, Ordering::Relaxed);
    crate::log::line("CUPTI handed to the application's profiler: no kernel is recorded until gpu_otel_profiler_handoff_end");
    0
}

/// `gpu_otel_profiler_handoff_end`: on the application's thread, after its profiler
/// stopped.
fn end(profiler_kernels: Option<u64>) -> c_int {
    let Some(s) = STATE.get() else {
        return Refusal::NotAttached.code();
    };
    let mut book = s.book.lock().unwrap_or_else(|e| e.into_inner());
    if let Err(r) = book.may_end() {
        return refused(r, &[]);
    }
    let callbacks = match cupti::come_back() {
        Ok(c) => c,
        Err(e) => {
            // The window stays open: the exit closes it, so the span covers every
            // instant in which nothing was recorded.
            crate::log::line(&format!(
                "CUPTI could not be taken back from the profiler: {e}; no kernel is recorded from here (the hand-off window stays open until exit)"
            ));
            return Refusal::Cupti.code();
        }
    };
    let had_callbacks = !book.callbacks_lost();
    let Ok(window) = book.ended(now_ns(), callbacks, profiler_kernels) else {
        return Refusal::NotHandedOff.code();
    };
    HANDED_OFF.store(false, Ordering::Relaxed);
    CAME_BACK.store(true, Ordering::Relaxed);
    if had_callbacks && !window.callbacks_resumed {
        if let Some(l) = s.launches {
            l.stop();
        }
        crate::log::line("CUPTI taken back from the profiler: kernel records resume; the profiler kept CUPTI's subscriber, so launch accounting, NVTX ranges and graph kernel-node counts stop here");
    } else {
        crate::log::line("CUPTI taken back from the profiler: kernel records resume");
    }
    s.queue.offer_handoff(window);
    0
}

/// At exit, before the last export: an open window ends here. Returns the exit line's
/// part, if any window was begun.
pub(super) fn at_exit() -> Option<String> {
    let s = STATE.get()?;
    let mut book = s.book.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(w) = book.at_exit(now_ns()) {
        s.queue.offer_handoff(w);
    }
    book.summary()
}
