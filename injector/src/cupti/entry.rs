//! The C-ABI entry points: `InitializeInjection` (the driver's first call), CUPTI's
//! subscriber callback, the at-exit handler and the `fork()` child handler.
//!
//! This module calls nothing above `cupti`: what the entries must run up there is
//! handed down as plain `fn` pointers. The runtime's start is the crate root's
//! [`crate::START`] (`InitializeInjection` is the first call into the library, so
//! nothing can have registered anything before it); the PC-sampling hooks
//! ([`Hooks`]) arrive with `attach`, before the subscriber exists; the at-exit work
//! arrives with [`register_at_exit`]. Every entry catches panics (none may cross into
//! C), and a panic disables the injector.

use std::cell::Cell;
use std::ffi::{c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use cudarc::cupti::sys;

use super::guard::{disable, disabled, forked_child, mark_forked_child};
use super::launch::{self, Kind};
use super::{nvtx, pc, sass};
use crate::completeness::Launch;
use crate::sampling::samples::PcRecord;

/// What CUPTI's subscriber callback calls above this module (PC sampling's run
/// time). Plain functions: set once, read without a lock on every callback.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Hooks {
    /// An outermost launch (or a graph launch / stream capture) on an application
    /// thread: `(enter, graph)`. Must never wait for a lock.
    pub on_launch: fn(bool, bool),
    /// PC records drained outside a burst transition (module unload, context
    /// destroy), on an application thread. Must never wait for a lock.
    pub on_drained: fn(Vec<PcRecord>),
    /// An NVTX call of the program, on the calling thread. Must never wait for a lock.
    pub on_nvtx: fn(crate::nvtx::Call),
    /// An outermost launch (enter) with its correlation id, on the launching thread.
    /// Must never wait for a lock.
    pub on_correlation: fn(u32),
    /// A launch that succeeded, a stream capture's begin or end, a graph exec created
    /// or destroyed: the launch accounting. On an application thread; must never wait
    /// for a lock.
    pub on_launched: fn(Launch),
}

static HOOKS: OnceLock<Hooks> = OnceLock::new();

/// Registers the hooks (first registration wins).
pub(super) fn set_hooks(h: Hooks) {
    let _ = HOOKS.set(h);
}

thread_local! {
    /// Nesting of launch API callbacks on this thread (a runtime launch may call a
    /// driver launch inside it; only the outermost counts).
    static LAUNCH_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The outermost launch's correlation id on this thread (the one its kernel
    /// records carry), kept from its enter to its exit.
    static OUTER_ID: Cell<u32> = const { Cell::new(0) };
}

/// The subscriber callback. Enabled for: NVTX ranges (unless `GPU_OTEL_NVTX=0`); the
/// launch APIs once a range opened, or with serialized PC sampling; RESOURCE (context
/// created / destroy starting, module loaded / unload starting) with PC sampling. Always on an
/// application thread; which locks each case may take, and for how long, is `pc.rs`'s
/// module doc (the NVTX hooks take none).
pub(super) unsafe extern "C" fn on_callback(
    _userdata: *mut c_void,
    domain: sys::CUpti_CallbackDomain,
    cbid: sys::CUpti_CallbackId,
    data: *const c_void,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        if disabled() || data.is_null() {
            return;
        }
        let Some(hooks) = HOOKS.get() else {
            return;
        };
        match domain {
            sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RESOURCE => {
                // SAFETY: RESOURCE callbacks pass a CUpti_ResourceData.
                let ctx = unsafe { (*(data as *const sys::CUpti_ResourceData)).context };
                match cbid {
                    launch::CBID_GRAPHEXEC_CREATED | launch::CBID_GRAPHEXEC_DESTROY_STARTING => {
                        // SAFETY: a graph exec RESOURCE callback's data.
                        if let Some(l) = unsafe { launch::graph_exec(cbid, data) } {
                            (hooks.on_launched)(l);
                        }
                    }
                    pc::CBID_CONTEXT_CREATED => pc::context_created(ctx),
                    pc::CBID_CONTEXT_DESTROY_STARTING => {
                        (hooks.on_drained)(pc::context_destroying(ctx));
                    }
                    pc::CBID_MODULE_UNLOAD_STARTING => {
                        (hooks.on_drained)(pc::module_unloading(ctx));
                    }
                    // SAFETY: a MODULE_LOADED callback's data.
                    sass::CBID_MODULE_LOADED => unsafe { sass::module_loaded(data) },
                    _ => {}
                }
            }
            sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_NVTX => {
                // SAFETY: NVTX callbacks pass a CUpti_NvtxData.
                if let Some(call) = unsafe { nvtx::decode(cbid, data) } {
                    (hooks.on_nvtx)(call);
                }
            }
            sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RUNTIME_API
            | sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_DRIVER_API => {
                let Some(kind) = launch::kind(domain, cbid) else {
                    return;
                };
                // SAFETY: API callbacks pass a CUpti_CallbackData.
                let cb = unsafe { &*(data as *const sys::CUpti_CallbackData) };
                let enter = cb.callbackSite == sys::CUpti_ApiCallbackSite::CUPTI_API_ENTER;
                let driver = domain == sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_DRIVER_API;
                if !kind.is_launch() {
                    // A capture's end: counted once, at the driver's exit.
                    if driver && !enter {
                        (hooks.on_launched)(Launch::CaptureEnd);
                    }
                    return;
                }
                let graph = kind.is_graph();
                if enter {
                    let outer = LAUNCH_DEPTH.with(|d| {
                        let v = d.get();
                        d.set(v + 1);
                        v == 0
                    });
                    if outer {
                        OUTER_ID.with(|c| c.set(cb.correlationId));
                        (hooks.on_correlation)(cb.correlationId);
                    }
                    if outer || graph {
                        (hooks.on_launch)(true, graph);
                    }
                } else {
                    let outer = LAUNCH_DEPTH.with(|d| {
                        let v = d.get().saturating_sub(1);
                        d.set(v);
                        v == 0
                    });
                    if kind == Kind::CaptureBegin {
                        if driver && launch::succeeded(cb) {
                            (hooks.on_launched)(Launch::CaptureBegin);
                        }
                    } else if outer && launch::succeeded(cb) {
                        let id = OUTER_ID.with(Cell::get);
                        if let Some(l) = launch::accounted(kind, id, cb) {
                            (hooks.on_launched)(l);
                        }
                    }
                    if outer {
                        (hooks.on_launch)(false, graph);
                    }
                }
            }
            _ => {}
        }
    }))
    .map_err(|_| disable());
}

/// The injection entry point the CUDA driver calls (CUDA_INJECTION64_PATH) during
/// `cuInit`. Idempotent. Always returns 1: a failure to attach is logged and the
/// application runs on without GPU telemetry.
#[no_mangle]
#[allow(unreachable_pub)] // Exported from the cdylib by name, not through Rust paths.
pub extern "C" fn InitializeInjection() -> c_int {
    // The one call up out of `cupti`, and so the crate's one import loop (cupti →
    // crate root → runtime → cupti): the C ABI makes this the library's first entry,
    // so nothing above could have handed the start down before it.
    initialize_once(crate::START);
    1
}

/// Runs `start` once per process, catching its panics.
fn initialize_once(start: fn()) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if catch_unwind(start).is_err() {
            disable();
            crate::log::line("panicked while starting; disabled, the application runs on");
        }
    });
}

/// The profiler hand-off's work (begin; end with the profiler's kernel count or
/// `None`), registered with [`register_handoff`]: a C code each, 0 for done.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Handoff {
    pub begin: fn() -> c_int,
    pub end: fn(Option<u64>) -> c_int,
}

static HANDOFF: OnceLock<Handoff> = OnceLock::new();

/// Registers the hand-off's work (once).
pub(crate) fn register_handoff(h: Handoff) {
    let _ = HANDOFF.set(h);
}

/// Code of a hand-off call in a process where the injector never attached.
const HANDOFF_NOT_ATTACHED: c_int = 1;
/// Code of a hand-off call that panicked (the injector is disabled from then on).
const HANDOFF_PANICKED: c_int = 6;

fn handoff_call(f: impl FnOnce(&Handoff) -> c_int) -> c_int {
    if disabled() || forked_child() {
        return HANDOFF_NOT_ATTACHED;
    }
    let Some(h) = HANDOFF.get() else {
        return HANDOFF_NOT_ATTACHED;
    };
    catch_unwind(AssertUnwindSafe(|| f(h))).unwrap_or_else(|_| {
        disable();
        HANDOFF_PANICKED
    })
}

/// Hands CUPTI to the application's own profiler (call it before the profiler starts,
/// e.g. torch.profiler): the injector disables its records, flushes them and gives up
/// its subscriber. 0: done; 1: no injector attached; 2: refused, PC sampling is on;
/// 3: already handed over; 5: a CUPTI call failed (logged); 6: panicked (disabled);
/// 7: refused, another libcupti is loaded in the process (logged).
#[no_mangle]
#[allow(unreachable_pub)] // Exported from the cdylib by name (exports.map).
pub extern "C" fn gpu_otel_profiler_handoff_begin() -> c_int {
    handoff_call(|h| (h.begin)())
}

/// Takes CUPTI back after the profiler stopped: kernel records resume (launch
/// callbacks too, where CUPTI gives the subscriber back). `profiler_kernels`: kernel
/// executions the profiler recorded in the window, or negative when not known. Codes
/// as for begin; 4: nothing was handed over.
#[no_mangle]
#[allow(unreachable_pub)] // Exported from the cdylib by name (exports.map).
pub extern "C" fn gpu_otel_profiler_handoff_end(profiler_kernels: i64) -> c_int {
    handoff_call(|h| (h.end)(u64::try_from(profiler_kernels).ok()))
}

/// The at-exit work, registered with [`register_at_exit`].
static AT_EXIT: OnceLock<fn()> = OnceLock::new();

extern "C" fn on_exit() {
    if forked_child() {
        // The child of a fork: none of the injector's threads exist here, and the
        // counters are the parent's. Nothing to flush; one line, written with
        // write(2) because a lock on stderr may have been held across the fork by a
        // thread that does not exist in the child.
        const LINE: &[u8] = b"gpu-otel-injector: exit of a forked child: it ran without GPU telemetry (the parent's injector threads do not exist in a child)\n";
        // SAFETY: a plain write of a static buffer to fd 2; async-signal-safe.
        let _ = unsafe { libc::write(2, LINE.as_ptr().cast(), LINE.len()) };
        return;
    }
    let Some(f) = AT_EXIT.get() else {
        return;
    };
    if catch_unwind(*f).is_err() {
        disable();
    }
}

/// Registers `f` as the at-exit flush (once). Returns false if the C library refused.
pub(crate) fn register_at_exit(f: fn()) -> bool {
    if AT_EXIT.set(f).is_err() {
        return true;
    }
    // SAFETY: `on_exit` is a plain `extern "C"` function that catches panics.
    unsafe { libc::atexit(on_exit) == 0 }
}

/// `fork()`'s child handler: marks the child disabled and closes its copies of the
/// sampler leases' files (a copy would keep a GPU's lease locked after the parent died).
/// Atomics and `close` only, because the child of a multi-threaded process may only do
/// async-signal-safe work until it execs.
extern "C" fn on_fork_child() {
    mark_forked_child();
    for slot in crate::lease::held_fds() {
        let fd = slot.swap(-1, std::sync::atomic::Ordering::AcqRel);
        if fd >= 0 {
            // SAFETY: `close` is async-signal-safe; the fd is the child's copy of a lock
            // file the parent holds, used by nothing else in the child.
            unsafe { libc::close(fd) };
        }
    }
}

/// Makes every future `fork()` child of this process run without the injector: the
/// child has none of the collector and exporter threads, so an at-exit flush there
/// would wait its whole deadline on a thread that does not exist, report the
/// parent's counters, and touch CUPTI state that belongs to the parent. Returns false
/// if the C library refused.
pub(crate) fn register_fork_child() -> bool {
    // SAFETY: `on_fork_child` only stores atomics; it cannot unwind.
    unsafe { libc::pthread_atfork(None, None, Some(on_fork_child)) == 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn exit_work_must_not_run_in_a_child() {
        // SAFETY: ends the forked test child at once with a failure code.
        unsafe { libc::_exit(3) }
    }

    /// A real fork: the registered child handler runs in the child, which then finds
    /// itself disabled, its copy of the parent's sampler lease closed, and leaves
    /// through the at-exit handler at once, without running the at-exit work; the parent
    /// is untouched and still holds its lease.
    #[test]
    fn a_forked_child_is_disabled_drops_its_copy_of_the_lease_and_its_exit_returns_at_once() {
        let _ = AT_EXIT.set(exit_work_must_not_run_in_a_child);
        assert!(register_fork_child());
        assert!(!forked_child());
        let dir = std::env::temp_dir().join(format!("gpu-otel-fork-lease-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let leases =
            crate::lease::LeaseDir::open(&crate::lease::LeaseDirSetting::Path(dir)).unwrap();
        let held = leases.try_take("GPU-fork").unwrap().expect("free");
        let lease_fd = held.raw_fd();
        assert!(crate::lease::held_fds()
            .iter()
            .any(|s| s.load(std::sync::atomic::Ordering::Relaxed) == lease_fd));
        // SAFETY: the child only reads atomics, reads the clock, writes to fd 2 and
        // calls _exit: async-signal-safe work, fine in the child of a threaded parent.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            let t = Instant::now();
            // SAFETY: fcntl on a number: EBADF when the handler closed it.
            let closed = unsafe { libc::fcntl(lease_fd, libc::F_GETFD) } == -1;
            let ok = forked_child() && disabled() && closed;
            on_exit();
            let fast = t.elapsed() < Duration::from_millis(500);
            // SAFETY: ends the child without running the parent's atexit handlers.
            unsafe { libc::_exit(if ok && fast { 0 } else { 1 }) };
        }
        let mut status: c_int = 0;
        // SAFETY: waits for the child just forked; `status` is a valid out-pointer.
        let waited = unsafe { libc::waitpid(pid, &mut status, 0) };
        assert_eq!(waited, pid);
        assert!(libc::WIFEXITED(status), "child did not exit: {status}");
        assert_eq!(
            libc::WEXITSTATUS(status),
            0,
            "1: not disabled, lease copy open, or slow; 3: ran the exit work"
        );
        assert!(!forked_child(), "the parent is not a forked child");
        assert!(
            leases.try_take("GPU-fork").unwrap().is_none(),
            "the parent still holds its lease"
        );
        drop(held);
        assert!(leases.try_take("GPU-fork").unwrap().is_some());
    }
}
