//! Everything that touches CUPTI, the CUDA driver, the dynamic loader or the C ABI,
//! behind a safe API. The only module of the crate allowed `unsafe`.
//!
//! | file | concern |
//! |---|---|
//! | `library.rs` | which libcupti the injector calls, and the other copies the process holds |
//! | `loader.rs` | finding libcupti (dlopen, preload), [`attach`]: the subscriber slot and the callbacks |
//! | `subscriber.rs` | the subscriber handle kept for callbacks enabled after attach |
//! | `guard.rs` | the guard around every CUPTI call ([`hold`], [`try_hold`], `hold_within`), the disabled flag, the forked-child flag |
//! | `activity.rs` | the bounded activity buffer pool, the buffer callbacks, decoding into [`KernelRecord`](crate::record::KernelRecord)s |
//! | `launch.rs` | which API callbacks are launches, what a launch callback says (a graph launch's exec), the launch accounting's callbacks |
//! | `sass.rs` | SASS-to-source correlation: the loaded modules' cubins (MODULE_LOADED callback), a sampled PC's source line |
//! | `pc.rs` | PC sampling: per-context buffers, Enable/Start/Stop/GetData/mode/Disable, the GPUs sampled (for the sampler lease), the context and module callbacks' work |
//! | `nvtx.rs` | NVTX: routing it to CUPTI (`NVTX_INJECTION64_PATH`), decoding its callbacks into [`Call`](crate::nvtx::Call)s, the launch callbacks that give correlation ids |
//! | `driver.rs` | look-ups in the application's libcuda: `cuCtxSynchronize`, a graph's kernel nodes, each GPU's name and UUID by CUDA ordinal |
//! | `nvml.rs` | NVML: whether a device is a GPU or a MIG instance, and a MIG instance's parent and place |
//! | `handoff.rs` | stepping aside for the application's own profiler and coming back |
//! | `entry.rs` | the C-ABI entries: `InitializeInjection`, the subscriber callback, at-exit, the fork child handler, the profiler hand-off, [`Hooks`] |
//!
//! Inside, files import downward only: `loader.rs` wires the others (none imports it),
//! `entry.rs` dispatches to `nvtx.rs`, `pc.rs` and `sass.rs`, and everything stands on `guard.rs`,
//! `subscriber.rs` and this file's [`CuptiError`]. CUPTI calls back into the functions
//! `loader.rs` registers; they are passed as function pointers, not imported.
//!
//! This module calls nothing above it (it uses the crate's data types and its log
//! line) but once: `InitializeInjection` must be exported from here (the C ABI puts
//! `unsafe` at the entry), and it runs the crate root's [`crate::START`], the runtime's
//! start. That is the crate's one import loop, and FFI forces it: nothing can register
//! a hook before the driver's very first call into the library. Everything else its
//! entries run up there is passed down as plain functions: the [`Hooks`] given to
//! [`attach`], and the at-exit work given to [`register_at_exit`].
//!
//! Invariants:
//! - No CUPTI function is called before [`attach`] found the library
//!   (`is_culib_present`): cudarc panics on a missing library or symbol.
//! - Every CUPTI call holds the guard (`guard.rs`); the calls that need it take a
//!   [`Hold`].
//! - No callback that runs on an application thread waits without bound for a lock:
//!   the buffer callbacks take none, launch callbacks only try, and context creation
//!   and destruction wait a bounded time (`pc.rs` says why each case is safe).
//! - Every `extern "C"` entry catches panics; a panic disables the injector.
//! - Global state reachable from CUPTI's threads is static and never freed.

mod activity;
mod driver;
mod entry;
mod guard;
mod handoff;
mod launch;
mod library;
mod loader;
mod nvml;
mod nvtx;
mod pc;
mod sass;
mod subscriber;

pub(crate) use activity::Attached;
pub(crate) use activity::{buffer_stats, NameTable};
pub(crate) use driver::{ctx_synchronize, DriverDevices};
pub(crate) use entry::{register_at_exit, register_fork_child, register_handoff, Handoff, Hooks};
pub(crate) use guard::{
    collector_at, collector_holds, collector_step, disable, disabled, guard_max_depth, hold,
    injector_yields_while, inside_guard, mark_collector_thread, try_hold, yielded, CollectorStep,
    Hold,
};
pub(crate) use handoff::{come_back, step_aside};
pub(crate) use library::{list as list_paths, other_cupti_copies};
pub(crate) use loader::{attach, AttachError, AttachSettings};
pub(crate) use nvtx::{enable_launch_tracking, os_thread_id, route_to_cupti, NvtxRouting};
pub(crate) use pc::{
    on_context_listed, pc_contexts, pc_devices, pc_disable_all, pc_disable_enabled, pc_drain,
    pc_enable_known, pc_generation, pc_set_mode, pc_start_stop, release_launch_callbacks,
    PcSettings, PC_STATS,
};
pub(crate) use sass::CuptiSass;

use cudarc::cupti::sys;

/// A CUPTI call that did not return `CUPTI_SUCCESS`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{api} returned {code}")]
pub(crate) struct CuptiError {
    /// The CUPTI function.
    pub api: &'static str,
    /// The `CUptiResult` name.
    pub code: String,
}

fn check(api: &'static str, r: sys::CUptiResult) -> Result<(), CuptiError> {
    if r == sys::CUptiResult::CUPTI_SUCCESS {
        Ok(())
    } else {
        // Debug of the raw enum gives its C name without calling into CUPTI
        // (cudarc's CuptiError Debug calls cuptiGetResultString and unwraps).
        Err(CuptiError {
            api,
            code: format!("{r:?}"),
        })
    }
}
