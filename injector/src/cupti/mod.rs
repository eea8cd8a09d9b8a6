//! Everything that touches CUPTI, the dynamic loader or the C ABI, behind a safe API.
//! This is the only module of the crate allowed `unsafe`.
//!
//! Layers: `cudarc::cupti::sys` (raw, lazily loaded) → the checked calls here, each
//! under [`GUARD`] → owned [`KernelRecord`]s.
//!
//! Invariants:
//! - No CUPTI function is called before [`attach`] found the library
//!   (`is_culib_present`): cudarc panics on a missing library or symbol.
//! - Every CUPTI call this crate makes holds [`GUARD`], except inside CUPTI's own
//!   callbacks: those can run inside our guarded `cuptiActivityFlushAll`, on our own
//!   thread, so taking the (non-reentrant) guard there would deadlock. The callbacks
//!   therefore make no CUPTI call at all.
//! - The buffer-completed callback only hands the buffer over a bounded channel and
//!   returns; decoding happens on the injector's collector thread. The channel can
//!   never be full: it has room for every buffer that may exist (`max_buffers`), and
//!   past that the buffer-requested callback hands CUPTI no buffer, so CUPTI drops
//!   the records itself and counts them (`cuptiActivityGetNumDroppedRecords`).
//! - Every `extern "C"` entry catches panics; a panic disables the injector.
//! - Global state reachable from CUPTI's threads is static and never freed.

use std::alloc::Layout;
use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::{c_int, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use cudarc::cupti::sys;
use cudarc::driver::sys::CUcontext;

use crate::model::KernelRecord;

/// One guard around every CUPTI call the injector makes (gpu-facts.md: concurrent
/// CUPTI calls from a tool's threads deadlocked the application).
static GUARD: Mutex<()> = Mutex::new(());

/// Set once anything went wrong badly enough (a panic at an FFI entry) that the
/// injector must stop touching the process.
static DISABLED: AtomicBool = AtomicBool::new(false);

/// Buffer plumbing shared with CUPTI's callbacks.
struct Plumbing {
    tx: SyncSender<RawBuffer>,
    rx: Mutex<Receiver<RawBuffer>>,
    buffer_bytes: usize,
    max_buffers: usize,
    live: AtomicUsize,
    refused: AtomicU64,
    nonnull_context: AtomicU64,
}

static PLUMBING: OnceLock<Plumbing> = OnceLock::new();

thread_local! {
    /// How deep this thread is inside [`GUARD`] (the guard is re-entrant: CUPTI may
    /// call back into the injector from inside a guarded call on the same thread).
    static GUARD_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Nesting of launch API callbacks on this thread (a runtime launch may call a
    /// driver launch inside it; only the outermost counts).
    static LAUNCH_DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// Deepest nesting of [`GUARD`] seen (1 = never re-entered).
static GUARD_MAX_DEPTH: AtomicU32 = AtomicU32::new(0);

/// A hold on [`GUARD`]; the outermost hold on a thread owns the mutex.
pub(crate) struct Guard {
    _held: Option<MutexGuard<'static, ()>>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        GUARD_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

fn guard() -> Guard {
    let depth = GUARD_DEPTH.with(|d| {
        let v = d.get();
        d.set(v + 1);
        v
    });
    GUARD_MAX_DEPTH.fetch_max(depth + 1, Ordering::Relaxed);
    let held = (depth == 0).then(|| GUARD.lock().unwrap_or_else(|p| p.into_inner()));
    Guard { _held: held }
}

/// Permission to make the PC-sampling calls: a hold on [`GUARD`]. Injector threads
/// wait for it ([`hold`]); the application's threads only try ([`try_hold`]), because
/// a launch callback that waits for the guard while another thread's guarded CUPTI
/// call waits for a lock the launching thread holds is the cycle behind gpu-facts.md's
/// deadlocks. A thread that finds the guard busy skips its transition and the next
/// launch callback tries again.
pub(crate) struct Hold {
    _guard: Guard,
}

/// Waits for the guard (injector threads, exit).
pub(crate) fn hold() -> Hold {
    Hold { _guard: guard() }
}

/// Takes the guard if it is free or already held by this thread; never waits.
pub(crate) fn try_hold() -> Option<Hold> {
    let depth = GUARD_DEPTH.with(Cell::get);
    let held = if depth == 0 {
        Some(match GUARD.try_lock() {
            Ok(g) => g,
            Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return None,
        })
    } else {
        None
    };
    GUARD_DEPTH.with(|d| d.set(depth + 1));
    GUARD_MAX_DEPTH.fetch_max(depth + 1, Ordering::Relaxed);
    Some(Hold {
        _guard: Guard { _held: held },
    })
}

/// Deepest nesting of the CUPTI guard seen so far.
pub(crate) fn guard_max_depth() -> u32 {
    GUARD_MAX_DEPTH.load(Ordering::Relaxed)
}

/// Whether the injector was disabled by a panic at an FFI entry.
pub(crate) fn disabled() -> bool {
    DISABLED.load(Ordering::Relaxed)
}

/// Disables the injector (after a panic).
pub(crate) fn disable() {
    DISABLED.store(true, Ordering::Relaxed);
}

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

/// Why the injector did not attach.
#[derive(Debug, thiserror::Error)]
pub(crate) enum AttachError {
    /// The CUPTI library could not be loaded.
    #[error("CUPTI library not found ({tried}); set GPU_OTEL_CUPTI_PATH to libcupti.so.13")]
    LibraryMissing {
        /// What was tried.
        tried: String,
    },
    /// The CUPTI found is older than the records this build reads.
    #[error("CUPTI API version {found} is older than {needed} (CUDA 13.0), whose kernel records this build reads")]
    TooOld {
        /// Version found.
        found: u32,
        /// Version needed.
        needed: u32,
    },
    /// Another CUPTI subscriber (a profiler such as torch.profiler or Nsight) is
    /// attached; CUPTI allows one.
    #[error("another CUPTI subscriber is already attached (a profiler such as torch.profiler, Nsight Systems or another injector); CUPTI allows only one")]
    OtherSubscriber,
    /// A CUPTI call failed.
    #[error(transparent)]
    Cupti(#[from] CuptiError),
    /// `attach` was called twice.
    #[error("already attached")]
    AlreadyAttached,
}

/// Settings of [`attach`].
#[derive(Debug, Clone)]
pub(crate) struct AttachSettings {
    /// An explicit libcupti path; no search when set.
    pub cupti_path: Option<PathBuf>,
    /// Paths tried after the loader's own search.
    pub fallback_paths: Vec<PathBuf>,
    /// Size of one activity buffer.
    pub buffer_bytes: usize,
    /// Most buffers alive at once.
    pub max_buffers: usize,
    /// PC sampling, when a tier other than off runs.
    pub pc: Option<PcSettings>,
}

/// Loads `path` with RTLD_GLOBAL and keeps it loaded for the life of the process,
/// so that cudarc's own `dlopen("libcupti.so.13")` finds it by its soname.
fn preload(path: &Path) -> Result<(), String> {
    use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};
    // SAFETY: loading a shared library runs its initialisers; libcupti's are those
    // CUDA itself runs when a profiler loads it. The handle is leaked on purpose:
    // CUPTI must stay mapped while its threads may call back into us.
    let lib = unsafe { Library::open(Some(path), RTLD_NOW | RTLD_GLOBAL) };
    match lib {
        Ok(lib) => {
            std::mem::forget(lib);
            Ok(())
        }
        Err(e) => Err(e.to_string()),
    }
}

fn culib_present() -> bool {
    // SAFETY: is_culib_present only tries dlopen on candidate names.
    unsafe { sys::is_culib_present() }
}

fn load_library(settings: &AttachSettings) -> Result<(), AttachError> {
    if let Some(path) = &settings.cupti_path {
        preload(path).map_err(|e| AttachError::LibraryMissing {
            tried: format!("GPU_OTEL_CUPTI_PATH={}: {e}", path.display()),
        })?;
        return if culib_present() {
            Ok(())
        } else {
            Err(AttachError::LibraryMissing {
                tried: format!(
                    "GPU_OTEL_CUPTI_PATH={} loaded, but its soname is not libcupti.so.13",
                    path.display()
                ),
            })
        };
    }
    if culib_present() {
        return Ok(());
    }
    for path in &settings.fallback_paths {
        if path.exists() && preload(path).is_ok() && culib_present() {
            return Ok(());
        }
    }
    let tried: Vec<String> = settings
        .fallback_paths
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    Err(AttachError::LibraryMissing {
        tried: format!("the library path, {}", tried.join(", ")),
    })
}

/// A handle on the attached CUPTI activity collection.
#[derive(Debug)]
pub(crate) struct Attached {
    _private: (),
}

/// Loads CUPTI, takes the one subscriber slot, registers the buffer callbacks and
/// enables concurrent kernel records. Any failure leaves CUPTI unconfigured (as far
/// as CUPTI allows) and is reported to the caller, which steps aside.
pub(crate) fn attach(settings: &AttachSettings) -> Result<Attached, AttachError> {
    load_library(settings)?;
    let _g = guard();

    let mut version = 0u32;
    // SAFETY: the library is loaded (checked above); `version` is a valid out-pointer.
    check("cuptiGetVersion", unsafe {
        sys::cuptiGetVersion(&mut version)
    })?;
    if version < sys::CUPTI_API_VERSION {
        return Err(AttachError::TooOld {
            found: version,
            needed: sys::CUPTI_API_VERSION,
        });
    }

    let (tx, rx) = sync_channel(settings.max_buffers.max(1));
    let plumbing = Plumbing {
        tx,
        rx: Mutex::new(rx),
        buffer_bytes: settings.buffer_bytes.max(64 << 10),
        max_buffers: settings.max_buffers.max(1),
        live: AtomicUsize::new(0),
        refused: AtomicU64::new(0),
        nonnull_context: AtomicU64::new(0),
    };
    if PLUMBING.set(plumbing).is_err() {
        return Err(AttachError::AlreadyAttached);
    }

    let mut subscriber: sys::CUpti_SubscriberHandle = ptr::null_mut();
    // SAFETY: `subscriber` is a valid out-pointer; the callback is a plain function
    // that never unwinds; no domain is enabled, so it is never called per launch.
    let r = unsafe { sys::cuptiSubscribe(&mut subscriber, Some(on_callback), ptr::null_mut()) };
    if r == sys::CUptiResult::CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED {
        return Err(AttachError::OtherSubscriber);
    }
    check("cuptiSubscribe", r)?;

    // SAFETY: both callbacks are `extern "C"` functions that catch every panic.
    let r = unsafe {
        sys::cuptiActivityRegisterCallbacks(Some(on_buffer_requested), Some(on_buffer_completed))
    };
    if let Err(e) = check("cuptiActivityRegisterCallbacks", r) {
        // SAFETY: `subscriber` came from a successful cuptiSubscribe.
        let _ = unsafe { sys::cuptiUnsubscribe(subscriber) };
        return Err(e.into());
    }
    // SAFETY: plain call with a valid enum value.
    let r = unsafe {
        sys::cuptiActivityEnable(sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)
    };
    if let Err(e) = check("cuptiActivityEnable(CONCURRENT_KERNEL)", r) {
        // SAFETY: as above.
        let _ = unsafe { sys::cuptiUnsubscribe(subscriber) };
        return Err(e.into());
    }
    // The subscriber handle is deliberately kept (never unsubscribed): it holds the
    // single CUPTI subscriber slot for the life of the process.
    if let Some(pc) = &settings.pc {
        if let Err(e) = enable_pc_callbacks(subscriber, pc) {
            // PC sampling cannot run; kernel spans still can. Loud, not fatal.
            crate::log(&format!("PC sampling cannot start: {e}; kernel spans only"));
        } else {
            let _ = PC_SETTINGS.set(pc.clone());
        }
    }
    Ok(Attached { _private: () })
}

impl Attached {
    /// `cuptiActivityFlushAll`; `forced` also flushes records of unfinished work.
    /// Completed buffers arrive through [`Attached::take_buffers`].
    pub(crate) fn flush(&self, forced: bool) -> Result<(), CuptiError> {
        let flag = if forced {
            sys::CUpti_ActivityFlag::CUPTI_ACTIVITY_FLAG_FLUSH_FORCED as u32
        } else {
            0
        };
        let _g = guard();
        // SAFETY: CUPTI is attached; the completion callback it may run on this
        // thread takes no lock.
        check("cuptiActivityFlushAll", unsafe {
            sys::cuptiActivityFlushAll(flag)
        })
    }

    /// Stops kernel record collection (at exit, after the last flush).
    pub(crate) fn stop(&self) -> Result<(), CuptiError> {
        let _g = guard();
        // SAFETY: plain call with a valid enum value.
        check("cuptiActivityDisable(CONCURRENT_KERNEL)", unsafe {
            sys::cuptiActivityDisable(
                sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
            )
        })
    }

    /// Records CUPTI dropped from the global queue since the last call.
    pub(crate) fn dropped_records(&self) -> Result<u64, CuptiError> {
        let mut dropped = 0usize;
        let _g = guard();
        // SAFETY: a null context asks for the global queue; `dropped` is a valid
        // out-pointer.
        check("cuptiActivityGetNumDroppedRecords", unsafe {
            sys::cuptiActivityGetNumDroppedRecords(ptr::null_mut(), 0, &mut dropped)
        })?;
        Ok(dropped as u64)
    }

    /// Decodes every completed buffer into `out`; returns the number of kernel
    /// records too short to read (counted as malformed). Records of other kinds are
    /// skipped (none are enabled).
    pub(crate) fn take_buffers(&self, names: &mut NameTable, out: &mut Vec<KernelRecord>) -> u64 {
        let Some(p) = PLUMBING.get() else {
            return 0;
        };
        let mut malformed = 0;
        loop {
            let next = {
                let rx = p.rx.lock().unwrap_or_else(|e| e.into_inner());
                rx.try_recv()
            };
            match next {
                Ok(buf) => malformed += buf.decode(names, out),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return malformed,
            }
        }
    }
}

/// Buffers CUPTI asked for and did not get (the pool was exhausted), and completed
/// buffers that came from a per-context queue rather than the global one.
pub(crate) fn buffer_stats() -> (u64, u64) {
    PLUMBING.get().map_or((0, 0), |p| {
        (
            p.refused.load(Ordering::Relaxed),
            p.nonnull_context.load(Ordering::Relaxed),
        )
    })
}

/// Interned kernel names, by content (a program has few distinct kernels).
#[derive(Debug, Default)]
pub(crate) struct NameTable {
    names: std::collections::HashMap<Box<[u8]>, Arc<str>>,
}

impl NameTable {
    fn intern(&mut self, bytes: &[u8]) -> Arc<str> {
        if let Some(n) = self.names.get(bytes) {
            return n.clone();
        }
        let n: Arc<str> = Arc::from(String::from_utf8_lossy(bytes).as_ref());
        self.names.insert(bytes.into(), n.clone());
        n
    }
}

/// A completed activity buffer, owned by the injector until dropped.
struct RawBuffer {
    ptr: *mut u8,
    size: usize,
    valid: usize,
}

// SAFETY: the buffer is plain memory that CUPTI handed back; after completion
// nothing else refers to it, so it may move to the collector thread.
unsafe impl Send for RawBuffer {}

impl RawBuffer {
    fn layout(size: usize) -> Layout {
        // Activity records are 8-byte aligned (ACTIVITY_RECORD_ALIGNMENT).
        Layout::from_size_align(size, 8).unwrap_or(Layout::new::<u64>())
    }

    fn decode(&self, names: &mut NameTable, out: &mut Vec<KernelRecord>) -> u64 {
        let mut malformed = 0;
        let mut record: *mut sys::CUpti_Activity = ptr::null_mut();
        let need = std::mem::size_of::<sys::CUpti_ActivityKernel10>();
        let _g = guard();
        loop {
            // SAFETY: `ptr` and `valid` describe a buffer CUPTI completed;
            // `record` is null or the record this call returned last.
            let r = unsafe { sys::cuptiActivityGetNextRecord(self.ptr, self.valid, &mut record) };
            if r != sys::CUptiResult::CUPTI_SUCCESS || record.is_null() {
                return malformed;
            }
            // SAFETY: a record starts with its kind.
            let kind = unsafe { ptr::read_unaligned(record as *const sys::CUpti_ActivityKind) };
            let is_kernel = matches!(
                kind,
                sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL
                    | sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_KERNEL
            );
            let offset = record as usize - self.ptr as usize;
            if !is_kernel {
                continue;
            }
            if offset + need > self.size {
                malformed += 1;
                continue;
            }
            // SAFETY: CUPTI 13.0 or newer (checked at attach) writes kernel records
            // whose layout starts with CUpti_ActivityKernel10, and the bytes read lie
            // inside our allocation (checked just above).
            let k = unsafe { ptr::read_unaligned(record as *const sys::CUpti_ActivityKernel10) };
            let name = if k.name.is_null() {
                names.intern(b"<unknown>")
            } else {
                // SAFETY: CUPTI's kernel names are NUL-terminated strings it keeps
                // for the life of the process.
                names.intern(unsafe { CStr::from_ptr(k.name) }.to_bytes())
            };
            out.push(KernelRecord {
                name,
                start_ns: k.start,
                end_ns: k.end,
                correlation_id: k.correlationId,
                device_id: k.deviceId,
                context_id: k.contextId,
                stream_id: k.streamId,
                graph_id: k.graphId,
                grid: [k.gridX, k.gridY, k.gridZ],
                block: [k.blockX, k.blockY, k.blockZ],
                static_shared_memory: k.staticSharedMemory,
                dynamic_shared_memory: k.dynamicSharedMemory,
                registers_per_thread: k.registersPerThread,
            });
        }
    }
}

impl Drop for RawBuffer {
    fn drop(&mut self) {
        // SAFETY: `ptr` was allocated in on_buffer_requested with this layout.
        unsafe { std::alloc::dealloc(self.ptr, RawBuffer::layout(self.size)) };
        if let Some(p) = PLUMBING.get() {
            p.live.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// The subscriber callback. With PC sampling off no callback is enabled and it is
/// never called. Otherwise: RESOURCE (context created / destroyed, module unload)
/// and the launch APIs of the runtime and the driver (serialized tier).
unsafe extern "C" fn on_callback(
    _userdata: *mut c_void,
    domain: sys::CUpti_CallbackDomain,
    cbid: sys::CUpti_CallbackId,
    data: *const c_void,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        if disabled() || data.is_null() {
            return;
        }
        match domain {
            sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RESOURCE => {
                // SAFETY: RESOURCE callbacks pass a CUpti_ResourceData.
                let ctx = unsafe { (*(data as *const sys::CUpti_ResourceData)).context };
                match cbid {
                    CBID_CONTEXT_CREATED => pc_context_created(ctx),
                    CBID_CONTEXT_DESTROY_STARTING => pc_context_destroying(ctx),
                    CBID_MODULE_UNLOAD_STARTING => {
                        let mut out = Vec::new();
                        pc_drain(&hold(), Some(ctx as usize), &mut out);
                        crate::pc_runtime::on_drained(out);
                    }
                    _ => {}
                }
            }
            sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RUNTIME_API
            | sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_DRIVER_API => {
                // SAFETY: API callbacks pass a CUpti_CallbackData.
                let site = unsafe { (*(data as *const sys::CUpti_CallbackData)).callbackSite };
                let graph = is_graph_launch(domain, cbid);
                if site == sys::CUpti_ApiCallbackSite::CUPTI_API_ENTER {
                    let outer = LAUNCH_DEPTH.with(|d| {
                        let v = d.get();
                        d.set(v + 1);
                        v == 0
                    });
                    if outer || graph {
                        crate::pc_runtime::on_launch(true, graph);
                    }
                } else {
                    let outer = LAUNCH_DEPTH.with(|d| {
                        let v = d.get().saturating_sub(1);
                        d.set(v);
                        v == 0
                    });
                    if outer {
                        crate::pc_runtime::on_launch(false, graph);
                    }
                }
            }
            _ => {}
        }
    }))
    .map_err(|_| disable());
}

// ---------------------------------------------------------------------------
// PC sampling
// ---------------------------------------------------------------------------

const CBID_CONTEXT_CREATED: u32 = 1;
const CBID_CONTEXT_DESTROY_STARTING: u32 = 2;
const CBID_MODULE_UNLOAD_STARTING: u32 = 7;

/// Kernel launch callback ids, runtime API (cupti_runtime_cbid.h).
const RUNTIME_LAUNCHES: &[u32] = &[
    13,  // cudaLaunch_v3020
    211, // cudaLaunchKernel_v7000
    214, // cudaLaunchKernel_ptsz_v7000
    269, // cudaLaunchCooperativeKernel_v9000
    270, // cudaLaunchCooperativeKernel_ptsz_v9000
    272, // cudaLaunchCooperativeKernelMultiDevice_v9000
    430, // cudaLaunchKernelExC_v11060
    431, // cudaLaunchKernelExC_ptsz_v11060
];
/// Graph launches and stream captures (which build graphs), runtime API. A capture
/// counts as graph use because a burst's cuCtxSynchronize inside a global-mode
/// capture would invalidate the application's capture.
const RUNTIME_GRAPH_LAUNCHES: &[u32] = &[
    311, // cudaGraphLaunch_v10000
    312, // cudaGraphLaunch_ptsz_v10000
    315, // cudaStreamBeginCapture_v10000
    316, // cudaStreamBeginCapture_ptsz_v10000
    452, // cudaStreamBeginCaptureToGraph_v12030
    453, // cudaStreamBeginCaptureToGraph_ptsz_v12030
];
/// Kernel launch callback ids, driver API (cupti_driver_cbid.h).
const DRIVER_LAUNCHES: &[u32] = &[
    115, // cuLaunch
    116, // cuLaunchGrid
    117, // cuLaunchGridAsync
    307, // cuLaunchKernel
    442, // cuLaunchKernel_ptsz
    477, // cuLaunchCooperativeKernel
    478, // cuLaunchCooperativeKernel_ptsz
    480, // cuLaunchCooperativeKernelMultiDevice
    652, // cuLaunchKernelEx
    653, // cuLaunchKernelEx_ptsz
];
/// Graph launches and stream captures, driver API.
const DRIVER_GRAPH_LAUNCHES: &[u32] = &[
    514, // cuGraphLaunch
    515, // cuGraphLaunch_ptsz
    819, // cuGraphLaunchWithArguments
    495, // cuStreamBeginCapture
    496, // cuStreamBeginCapture_ptsz
    539, // cuStreamBeginCapture_v2
    540, // cuStreamBeginCapture_v2_ptsz
    720, // cuStreamBeginCaptureToGraph
    721, // cuStreamBeginCaptureToGraph_ptsz
    783, // cuStreamBeginCaptureToCig
    814, // cuStreamBeginCaptureToCig_ptsz
];

fn is_graph_launch(domain: sys::CUpti_CallbackDomain, cbid: u32) -> bool {
    match domain {
        sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RUNTIME_API => {
            RUNTIME_GRAPH_LAUNCHES.contains(&cbid)
        }
        sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_DRIVER_API => {
            DRIVER_GRAPH_LAUNCHES.contains(&cbid)
        }
        _ => false,
    }
}

/// PC-sampling settings fixed at attach.
#[derive(Debug, Clone)]
pub(crate) struct PcSettings {
    /// Continuous or serialized (never off here).
    pub tier: semconv::Tier,
    /// `collectNumPcs`.
    pub buffer_pcs: usize,
    /// Sampling period exponent.
    pub period: Option<u32>,
    /// The tier may change at run time (a control file was given): start/stop
    /// control and the launch callbacks in either tier.
    pub switchable: bool,
    /// Also subscribe the runtime API's launch callbacks (the driver API's always):
    /// every runtime launch calls a driver launch, so the driver callbacks alone see
    /// every launch, once, without nesting.
    pub runtime_callbacks: bool,
}

static PC_SETTINGS: OnceLock<PcSettings> = OnceLock::new();

/// Stall reasons of the device: indices to configure and names by index.
struct StallTable {
    indices: Vec<u32>,
    names: HashMap<u32, Arc<str>>,
}

static STALLS: OnceLock<StallTable> = OnceLock::new();

/// One context's sampling buffers. CUPTI writes into them during GetData; they live
/// (boxed, never moved) until the context is destroyed.
struct PcContext {
    ctx: usize,
    data: Box<sys::CUpti_PCSamplingData>,
    pcs: Vec<sys::CUpti_PCSamplingPCData>,
    _stalls: Vec<Vec<sys::CUpti_PCSamplingStallReason>>,
}

// SAFETY: the raw pointers inside point at the heap allocations owned by the same
// value; they are only touched under GUARD.
unsafe impl Send for PcContext {}

/// Contexts with PC sampling enabled. Locked only while GUARD is held.
static PC_CONTEXTS: Mutex<Vec<PcContext>> = Mutex::new(Vec::new());
/// How many entries [`PC_CONTEXTS`] has, readable without the guard.
static PC_CONTEXT_COUNT: AtomicUsize = AtomicUsize::new(0);
/// Interned function names of PC records.
type Interned = HashMap<Box<[u8]>, Arc<str>>;
static PC_NAMES: Mutex<Option<Interned>> = Mutex::new(None);

/// PC-sampling counters of the FFI layer.
#[derive(Debug, Default)]
pub(crate) struct PcFfiStats {
    pub ctx_enabled: AtomicU64,
    pub ctx_enable_failed: AtomicU64,
    pub getdata_failed: AtomicU64,
    pub drain_rounds_capped: AtomicU64,
    pub total_samples: AtomicU64,
    pub dropped_samples: AtomicU64,
    pub non_user_samples: AtomicU64,
    pub hw_buffer_full: AtomicU64,
    pub records_without_correlation: AtomicU64,
    pub records: AtomicU64,
}

pub(crate) static PC_STATS: PcFfiStats = PcFfiStats {
    ctx_enabled: AtomicU64::new(0),
    ctx_enable_failed: AtomicU64::new(0),
    getdata_failed: AtomicU64::new(0),
    drain_rounds_capped: AtomicU64::new(0),
    total_samples: AtomicU64::new(0),
    dropped_samples: AtomicU64::new(0),
    non_user_samples: AtomicU64::new(0),
    hw_buffer_full: AtomicU64::new(0),
    records_without_correlation: AtomicU64::new(0),
    records: AtomicU64::new(0),
};

fn pc_contexts() -> MutexGuard<'static, Vec<PcContext>> {
    PC_CONTEXTS.lock().unwrap_or_else(|p| p.into_inner())
}

/// Enables the RESOURCE callbacks (and, for the serialized tier, the launch APIs).
fn enable_pc_callbacks(
    subscriber: sys::CUpti_SubscriberHandle,
    pc: &PcSettings,
) -> Result<(), CuptiError> {
    let _g = guard();
    let enable = |domain: sys::CUpti_CallbackDomain, cbid: u32, api: &'static str| {
        // SAFETY: a subscriber from a successful cuptiSubscribe; valid ids.
        check(api, unsafe {
            sys::cuptiEnableCallback(1, subscriber, domain, cbid)
        })
    };
    let res = sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RESOURCE;
    for cbid in [
        CBID_CONTEXT_CREATED,
        CBID_CONTEXT_DESTROY_STARTING,
        CBID_MODULE_UNLOAD_STARTING,
    ] {
        enable(res, cbid, "cuptiEnableCallback(RESOURCE)")?;
    }
    if pc.tier == semconv::Tier::Serialized || pc.switchable {
        let rt = sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RUNTIME_API;
        let drv = sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_DRIVER_API;
        // An id this CUPTI does not know is skipped (and named), not fatal.
        let mut unknown = Vec::new();
        let runtime: &[u32] = if pc.runtime_callbacks {
            &[RUNTIME_LAUNCHES, RUNTIME_GRAPH_LAUNCHES].concat()
        } else {
            &[]
        };
        for cbid in runtime {
            if enable(rt, *cbid, "cuptiEnableCallback(RUNTIME_API)").is_err() {
                unknown.push(format!("runtime {cbid}"));
            }
        }
        for cbid in DRIVER_LAUNCHES.iter().chain(DRIVER_GRAPH_LAUNCHES) {
            if enable(drv, *cbid, "cuptiEnableCallback(DRIVER_API)").is_err() {
                unknown.push(format!("driver {cbid}"));
            }
        }
        if !unknown.is_empty() {
            crate::log(&format!(
                "launch callbacks not available in this CUPTI (skipped): {}",
                unknown.join(", ")
            ));
        }
    }
    Ok(())
}

fn stall_table(ctx: CUcontext) -> Result<&'static StallTable, CuptiError> {
    if let Some(t) = STALLS.get() {
        return Ok(t);
    }
    let mut n: usize = 0;
    let mut p = sys::CUpti_PCSamplingGetNumStallReasonsParams {
        size: std::mem::size_of::<sys::CUpti_PCSamplingGetNumStallReasonsParams>(),
        pPriv: ptr::null_mut(),
        ctx,
        numStallReasons: &mut n,
    };
    // SAFETY: a valid params struct with a valid out-pointer.
    check("cuptiPCSamplingGetNumStallReasons", unsafe {
        sys::cuptiPCSamplingGetNumStallReasons(&mut p)
    })?;
    const NAME_LEN: usize = 128; // CUPTI_STALL_REASON_STRING_SIZE
    let mut indices = vec![0u32; n];
    let mut bufs: Vec<Vec<std::ffi::c_char>> = (0..n).map(|_| vec![0; NAME_LEN]).collect();
    let mut ptrs: Vec<*mut std::ffi::c_char> = bufs.iter_mut().map(|b| b.as_mut_ptr()).collect();
    let mut q = sys::CUpti_PCSamplingGetStallReasonsParams {
        size: std::mem::size_of::<sys::CUpti_PCSamplingGetStallReasonsParams>(),
        pPriv: ptr::null_mut(),
        ctx,
        numStallReasons: n,
        stallReasonIndex: indices.as_mut_ptr(),
        stallReasons: ptrs.as_mut_ptr(),
    };
    // SAFETY: `indices` has n entries and `ptrs` n buffers of NAME_LEN bytes.
    check("cuptiPCSamplingGetStallReasons", unsafe {
        sys::cuptiPCSamplingGetStallReasons(&mut q)
    })?;
    let mut names = HashMap::new();
    for (i, b) in indices.iter().zip(&bufs) {
        let bytes: Vec<u8> = b
            .iter()
            .take_while(|c| **c != 0)
            .map(|c| *c as u8)
            .collect();
        names.insert(*i, Arc::from(String::from_utf8_lossy(&bytes).as_ref()));
    }
    let _ = STALLS.set(StallTable { indices, names });
    Ok(STALLS.get().expect("just set"))
}

fn pc_enable(ctx: CUcontext, pc: &PcSettings) -> Result<PcContext, CuptiError> {
    let mut en = sys::CUpti_PCSamplingEnableParams {
        size: std::mem::size_of::<sys::CUpti_PCSamplingEnableParams>(),
        pPriv: ptr::null_mut(),
        ctx,
    };
    // SAFETY: a valid params struct for a context CUPTI just reported created.
    check("cuptiPCSamplingEnable", unsafe {
        sys::cuptiPCSamplingEnable(&mut en)
    })?;
    let table = stall_table(ctx)?;
    let n_stalls = table.indices.len();
    let n_pcs = pc.buffer_pcs.max(1);
    let mut stalls: Vec<Vec<sys::CUpti_PCSamplingStallReason>> = (0..n_pcs)
        .map(|_| {
            vec![
                sys::CUpti_PCSamplingStallReason {
                    pcSamplingStallReasonIndex: 0,
                    samples: 0,
                };
                n_stalls.max(1)
            ]
        })
        .collect();
    let mut pcs: Vec<sys::CUpti_PCSamplingPCData> = stalls
        .iter_mut()
        .map(|s| {
            // SAFETY: an all-zero PCData is a valid (empty) value of this C struct.
            let mut d: sys::CUpti_PCSamplingPCData = unsafe { std::mem::zeroed() };
            d.size = std::mem::size_of::<sys::CUpti_PCSamplingPCData>();
            d.stallReasonCount = s.len();
            d.stallReason = s.as_mut_ptr();
            d
        })
        .collect();
    // SAFETY: an all-zero PCSamplingData is a valid (empty) value of this C struct.
    let mut data: Box<sys::CUpti_PCSamplingData> = Box::new(unsafe { std::mem::zeroed() });
    data.size = std::mem::size_of::<sys::CUpti_PCSamplingData>();
    data.collectNumPcs = n_pcs;
    data.pPcData = pcs.as_mut_ptr();

    use sys::CUpti_PCSamplingConfigurationAttributeType as A;
    // SAFETY: an all-zero configuration entry is valid; each is filled below.
    let entry = |t: A| {
        let mut e: sys::CUpti_PCSamplingConfigurationInfo = unsafe { std::mem::zeroed() };
        e.attributeType = t;
        e
    };
    let serialized = pc.tier == semconv::Tier::Serialized;
    let mut attrs = Vec::new();
    let mut e = entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE);
    e.attributeData.collectionModeData.collectionMode = if serialized {
        sys::CUpti_PCSamplingCollectionMode::CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED
    } else {
        sys::CUpti_PCSamplingCollectionMode::CUPTI_PC_SAMPLING_COLLECTION_MODE_CONTINUOUS
    };
    attrs.push(e);
    // A process that may switch tiers runs continuous under start/stop control too:
    // the collection mode may only change between a Stop and a Start.
    if serialized || pc.switchable {
        let mut e = entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL);
        e.attributeData
            .enableStartStopControlData
            .enableStartStopControl = 1;
        attrs.push(e);
    }
    let mut e = entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON);
    e.attributeData.stallReasonData.stallReasonCount = n_stalls;
    e.attributeData.stallReasonData.pStallReasonIndex = table.indices.as_ptr() as *mut u32;
    attrs.push(e);
    let mut e = entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT);
    e.attributeData.outputDataFormatData.outputDataFormat =
        sys::CUpti_PCSamplingOutputDataFormat::CUPTI_PC_SAMPLING_OUTPUT_DATA_FORMAT_PARSED;
    attrs.push(e);
    let mut e = entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER);
    e.attributeData.samplingDataBufferData.samplingDataBuffer =
        (&mut *data) as *mut sys::CUpti_PCSamplingData as *mut c_void;
    attrs.push(e);
    if let Some(period) = pc.period {
        let mut e = entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD);
        e.attributeData.samplingPeriodData.samplingPeriod = period;
        attrs.push(e);
    }
    let mut params = sys::CUpti_PCSamplingConfigurationInfoParams {
        size: std::mem::size_of::<sys::CUpti_PCSamplingConfigurationInfoParams>(),
        pPriv: ptr::null_mut(),
        ctx,
        numAttributes: attrs.len(),
        pPCSamplingConfigurationInfo: attrs.as_mut_ptr(),
    };
    // SAFETY: `attrs` holds numAttributes valid entries; the buffers they point at
    // live in the returned PcContext (heap, never moved) until the context dies.
    let r = check("cuptiPCSamplingSetConfigurationAttribute", unsafe {
        sys::cuptiPCSamplingSetConfigurationAttribute(&mut params)
    });
    let bad = attrs
        .iter()
        .find(|a| a.attributeStatus != sys::CUptiResult::CUPTI_SUCCESS)
        .map(|a| format!("{:?}: {:?}", a.attributeType, a.attributeStatus));
    let r = match (r, bad) {
        (Ok(()), Some(code)) => Err(CuptiError {
            api: "cuptiPCSamplingSetConfigurationAttribute",
            code,
        }),
        (r, _) => r,
    };
    if let Err(mut e) = r {
        let mut dis = sys::CUpti_PCSamplingDisableParams {
            size: std::mem::size_of::<sys::CUpti_PCSamplingDisableParams>(),
            pPriv: ptr::null_mut(),
            ctx,
        };
        // SAFETY: the context was enabled above.
        let _ = unsafe { sys::cuptiPCSamplingDisable(&mut dis) };
        e.code = format!("{} (context left without PC sampling)", e.code);
        return Err(e);
    }
    Ok(PcContext {
        ctx: ctx as usize,
        data,
        pcs,
        _stalls: stalls,
    })
}

fn pc_context_created(ctx: CUcontext) {
    let Some(pc) = PC_SETTINGS.get() else {
        return;
    };
    let _g = guard();
    match pc_enable(ctx, pc) {
        Ok(c) => {
            pc_contexts().push(c);
            PC_CONTEXT_COUNT.fetch_add(1, Ordering::Relaxed);
            PC_STATS.ctx_enabled.fetch_add(1, Ordering::Relaxed);
        }
        Err(e) => {
            PC_STATS.ctx_enable_failed.fetch_add(1, Ordering::Relaxed);
            crate::log(&format!("PC sampling not enabled on a new context: {e}"));
        }
    }
}

fn pc_context_destroying(ctx: CUcontext) {
    if PC_SETTINGS.get().is_none() {
        return;
    }
    let mut out = Vec::new();
    {
        let h = hold();
        pc_drain(&h, Some(ctx as usize), &mut out);
        let mut list = pc_contexts();
        if let Some(i) = list.iter().position(|c| c.ctx == ctx as usize) {
            let c = list.remove(i);
            PC_CONTEXT_COUNT.fetch_sub(1, Ordering::Relaxed);
            let mut dis = sys::CUpti_PCSamplingDisableParams {
                size: std::mem::size_of::<sys::CUpti_PCSamplingDisableParams>(),
                pPriv: ptr::null_mut(),
                ctx: c.ctx as CUcontext,
            };
            // SAFETY: the context is alive (destroy is starting) and was enabled.
            let _ = unsafe { sys::cuptiPCSamplingDisable(&mut dis) };
        }
    }
    // The state lock is taken after the guard is released (lock order: state, then
    // guard, everywhere).
    crate::pc_runtime::on_drained(out);
}

/// Contexts with PC sampling enabled (no guard needed: safe on launch callbacks).
pub(crate) fn pc_context_count() -> usize {
    PC_CONTEXT_COUNT.load(Ordering::Relaxed)
}

/// `cuptiPCSamplingStart` (`start`) or `Stop` on every enabled context. Returns
/// (succeeded, failed).
pub(crate) fn pc_start_stop(_hold: &Hold, start: bool) -> (u64, u64) {
    let list = pc_contexts();
    let (mut ok, mut failed) = (0, 0);
    for c in list.iter() {
        let mut p = sys::CUpti_PCSamplingStartParams {
            size: std::mem::size_of::<sys::CUpti_PCSamplingStartParams>(),
            pPriv: ptr::null_mut(),
            ctx: c.ctx as CUcontext,
        };
        // SAFETY: an enabled, configured context; Start and Stop params share a layout.
        let r = unsafe {
            if start {
                sys::cuptiPCSamplingStart(&mut p)
            } else {
                sys::cuptiPCSamplingStop(&mut p as *mut _ as *mut sys::CUpti_PCSamplingStopParams)
            }
        };
        if r == sys::CUptiResult::CUPTI_SUCCESS {
            ok += 1;
        } else {
            failed += 1;
            crate::log(&format!(
                "cuptiPCSampling{} returned {r:?}",
                if start { "Start" } else { "Stop" }
            ));
        }
    }
    (ok, failed)
}

/// Sets the collection mode of every enabled context, between a Stop and a Start
/// (gpu-facts.md: no Disable/Enable needed on the H200). Returns (succeeded, failed).
pub(crate) fn pc_set_mode(_hold: &Hold, tier: semconv::Tier) -> (u64, u64) {
    use sys::CUpti_PCSamplingConfigurationAttributeType as A;
    let list = pc_contexts();
    let (mut ok, mut failed) = (0, 0);
    for c in list.iter() {
        // SAFETY: an all-zero configuration entry is valid; the mode is set below.
        let mut e: sys::CUpti_PCSamplingConfigurationInfo = unsafe { std::mem::zeroed() };
        e.attributeType = A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
        e.attributeData.collectionModeData.collectionMode = if tier == semconv::Tier::Serialized {
            sys::CUpti_PCSamplingCollectionMode::CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED
        } else {
            sys::CUpti_PCSamplingCollectionMode::CUPTI_PC_SAMPLING_COLLECTION_MODE_CONTINUOUS
        };
        let mut params = sys::CUpti_PCSamplingConfigurationInfoParams {
            size: std::mem::size_of::<sys::CUpti_PCSamplingConfigurationInfoParams>(),
            pPriv: ptr::null_mut(),
            ctx: c.ctx as CUcontext,
            numAttributes: 1,
            pPCSamplingConfigurationInfo: &mut e,
        };
        // SAFETY: one valid entry for an enabled, stopped context.
        let r = unsafe { sys::cuptiPCSamplingSetConfigurationAttribute(&mut params) };
        if r == sys::CUptiResult::CUPTI_SUCCESS
            && e.attributeStatus == sys::CUptiResult::CUPTI_SUCCESS
        {
            ok += 1;
        } else {
            failed += 1;
            crate::log(&format!(
                "setting the collection mode to {tier} failed: {r:?} / {:?}",
                e.attributeStatus
            ));
        }
    }
    (ok, failed)
}

fn intern_pc_name(p: *const std::ffi::c_char) -> Arc<str> {
    let mut names = PC_NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let names = names.get_or_insert_with(HashMap::new);
    let bytes: &[u8] = if p.is_null() {
        b"<unknown>"
    } else {
        // SAFETY: CUPTI's function names are NUL-terminated strings.
        unsafe { CStr::from_ptr(p) }.to_bytes()
    };
    if let Some(n) = names.get(bytes) {
        return n.clone();
    }
    let n: Arc<str> = Arc::from(String::from_utf8_lossy(bytes).as_ref());
    names.insert(bytes.into(), n.clone());
    n
}

/// Most GetData rounds per context per drain.
const DRAIN_ROUNDS: usize = 64;

/// `cuptiPCSamplingGetData` on one context (`Some`) or all, until nothing remains
/// (at most 64 rounds each); appends the decoded records.
pub(crate) fn pc_drain(
    _hold: &Hold,
    only: Option<usize>,
    out: &mut Vec<crate::sampling::stamp::PcRecord>,
) {
    let Some(table) = STALLS.get() else {
        return;
    };
    let mut list = pc_contexts();
    for c in list.iter_mut().filter(|c| only.is_none_or(|o| o == c.ctx)) {
        let mut rounds = 0;
        loop {
            rounds += 1;
            // Each PC's stall array has room for every configured reason; CUPTI
            // writes the count it filled, so give the full room back each round.
            let room = table.indices.len().max(1);
            for p in c.pcs.iter_mut() {
                p.stallReasonCount = room;
            }
            let data: *mut sys::CUpti_PCSamplingData = &mut *c.data;
            let mut p = sys::CUpti_PCSamplingGetDataParams {
                size: std::mem::size_of::<sys::CUpti_PCSamplingGetDataParams>(),
                pPriv: ptr::null_mut(),
                ctx: c.ctx as CUcontext,
                pcSamplingData: data as *mut c_void,
            };
            // SAFETY: the buffer was configured on this context and is still owned
            // by it; GUARD serializes every use.
            let r = unsafe { sys::cuptiPCSamplingGetData(&mut p) };
            if r != sys::CUptiResult::CUPTI_SUCCESS {
                PC_STATS.getdata_failed.fetch_add(1, Ordering::Relaxed);
                break;
            }
            let d = &*c.data;
            PC_STATS
                .total_samples
                .fetch_add(d.totalSamples, Ordering::Relaxed);
            PC_STATS
                .dropped_samples
                .fetch_add(d.droppedSamples, Ordering::Relaxed);
            PC_STATS
                .non_user_samples
                .fetch_add(d.nonUsrKernelsTotalSamples, Ordering::Relaxed);
            if d.hardwareBufferFull != 0 {
                PC_STATS.hw_buffer_full.fetch_add(1, Ordering::Relaxed);
            }
            let n = d.totalNumPcs.min(d.collectNumPcs);
            for i in 0..n {
                // SAFETY: pPcData has collectNumPcs entries; CUPTI filled the first
                // totalNumPcs of them.
                let pcd = unsafe { &*d.pPcData.add(i) };
                let count = pcd.stallReasonCount.min(table.indices.len().max(1));
                let mut stalls = Vec::with_capacity(count);
                for j in 0..count {
                    // SAFETY: stallReason has room for every configured reason.
                    let sr = unsafe { &*pcd.stallReason.add(j) };
                    if sr.samples == 0 {
                        continue;
                    }
                    let name = table
                        .names
                        .get(&sr.pcSamplingStallReasonIndex)
                        .cloned()
                        .unwrap_or_else(|| {
                            Arc::from(format!("stall_{}", sr.pcSamplingStallReasonIndex))
                        });
                    stalls.push((name, sr.samples));
                }
                if pcd.correlationId == 0 {
                    PC_STATS
                        .records_without_correlation
                        .fetch_add(1, Ordering::Relaxed);
                }
                PC_STATS.records.fetch_add(1, Ordering::Relaxed);
                out.push(crate::sampling::stamp::PcRecord {
                    correlation_id: pcd.correlationId,
                    function: intern_pc_name(pcd.functionName),
                    pc_offset: pcd.pcOffset,
                    stalls,
                });
            }
            if d.remainingNumPcs == 0 {
                break;
            }
            if rounds >= DRAIN_ROUNDS {
                PC_STATS.drain_rounds_capped.fetch_add(1, Ordering::Relaxed);
                break;
            }
        }
    }
}

type CuCtxSynchronize = unsafe extern "C" fn() -> c_int;

/// `cuCtxSynchronize` of the calling thread's context, resolved from the libcuda
/// already loaded (`dlopen(RTLD_NOLOAD)`), called outside GUARD. `Err` names why.
pub(crate) fn ctx_synchronize() -> Result<(), &'static str> {
    static SYNC: OnceLock<Option<CuCtxSynchronize>> = OnceLock::new();
    let f = SYNC.get_or_init(|| {
        use libloading::os::unix::{Library, RTLD_NOW};
        const RTLD_NOLOAD: c_int = 4;
        // SAFETY: RTLD_NOLOAD only returns a handle to a library already loaded
        // (libcuda is: the driver is calling us); no initialiser runs.
        let lib = unsafe { Library::open(Some("libcuda.so.1"), RTLD_NOW | RTLD_NOLOAD) }.ok()?;
        // SAFETY: cuCtxSynchronize has this signature in every CUDA version.
        let sym = unsafe { lib.get::<CuCtxSynchronize>(b"cuCtxSynchronize\0") }.ok()?;
        let f = *sym;
        std::mem::forget(lib);
        Some(f)
    });
    let Some(f) = f else {
        return Err("missing");
    };
    // SAFETY: a plain driver call on the application's own thread.
    if unsafe { f() } == 0 {
        Ok(())
    } else {
        Err("failed")
    }
}

type CuDeviceGet = unsafe extern "C" fn(*mut c_int, c_int) -> c_int;
type CuDeviceGetName = unsafe extern "C" fn(*mut std::ffi::c_char, c_int, c_int) -> c_int;
type CuDeviceGetUuid = unsafe extern "C" fn(*mut [u8; 16], c_int) -> c_int;

/// Name and UUID (`GPU-xxxxxxxx-…`, as nvidia-smi prints it) of CUDA device 0, from the
/// libcuda already loaded. Called on the injector's own thread while the application's
/// `cuInit` may still be running, so it retries until the driver answers, for at most
/// `wait`. `None` without libcuda or when the driver never answers.
pub(crate) fn first_device(wait: std::time::Duration) -> Option<(String, Option<String>)> {
    use libloading::os::unix::{Library, RTLD_NOW};
    const RTLD_NOLOAD: c_int = 4;
    // SAFETY: RTLD_NOLOAD only returns a handle to a library already loaded; no
    // initialiser runs.
    let lib = unsafe { Library::open(Some("libcuda.so.1"), RTLD_NOW | RTLD_NOLOAD) }.ok()?;
    // SAFETY: these signatures are the driver API's in every CUDA version that has them.
    let get = *unsafe { lib.get::<CuDeviceGet>(b"cuDeviceGet\0") }.ok()?;
    // SAFETY: as above.
    let get_name = *unsafe { lib.get::<CuDeviceGetName>(b"cuDeviceGetName\0") }.ok()?;
    // SAFETY: as above; the _v2 entry point exists since CUDA 11.4.
    let get_uuid = unsafe { lib.get::<CuDeviceGetUuid>(b"cuDeviceGetUuid_v2\0") }
        .ok()
        .map(|s| *s);
    std::mem::forget(lib);
    let deadline = std::time::Instant::now() + wait;
    let mut dev: c_int = 0;
    // SAFETY: a valid out-pointer and ordinal 0; the driver only writes `dev`.
    while unsafe { get(&mut dev, 0) } != 0 {
        if std::time::Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let mut buf = [0 as std::ffi::c_char; 256];
    // SAFETY: `buf` holds 256 bytes and the driver writes at most that, NUL-terminated.
    if unsafe { get_name(buf.as_mut_ptr(), buf.len() as c_int, dev) } != 0 {
        return None;
    }
    // SAFETY: NUL-terminated by the driver within `buf` (zeroed beforehand).
    let name = unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    let uuid = get_uuid.and_then(|f| {
        let mut u = [0u8; 16];
        // SAFETY: `u` is the 16-byte CUuuid the driver fills.
        (unsafe { f(&mut u, dev) } == 0).then(|| format_uuid(&u))
    });
    Some((name, uuid))
}

/// `GPU-` and the 16 bytes as 8-4-4-4-12 hex digits, nvidia-smi's form.
fn format_uuid(u: &[u8; 16]) -> String {
    let h: String = u.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "GPU-{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// CUPTI asks for an empty buffer. Hands out one from the bounded pool, or none.
unsafe extern "C" fn on_buffer_requested(
    buffer: *mut *mut u8,
    size: *mut usize,
    max_records: *mut usize,
) {
    let r = catch_unwind(AssertUnwindSafe(|| {
        let p = PLUMBING.get()?;
        if disabled() {
            return None;
        }
        if p.live.fetch_add(1, Ordering::AcqRel) >= p.max_buffers {
            p.live.fetch_sub(1, Ordering::AcqRel);
            p.refused.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { std::alloc::alloc(RawBuffer::layout(p.buffer_bytes)) };
        if ptr.is_null() {
            p.live.fetch_sub(1, Ordering::AcqRel);
            return None;
        }
        Some((ptr, p.buffer_bytes))
    }));
    let (ptr, len) = match r {
        Ok(Some(b)) => b,
        Ok(None) => (ptr::null_mut(), 0),
        Err(_) => {
            disable();
            (ptr::null_mut(), 0)
        }
    };
    // SAFETY: CUPTI passes valid out-pointers.
    unsafe {
        *buffer = ptr;
        *size = len;
        *max_records = 0;
    }
}

/// CUPTI hands a buffer back. Only passes it on; decoding happens elsewhere.
unsafe extern "C" fn on_buffer_completed(
    context: CUcontext,
    _stream_id: u32,
    buffer: *mut u8,
    size: usize,
    valid: usize,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        if buffer.is_null() {
            return;
        }
        let Some(p) = PLUMBING.get() else {
            return;
        };
        if !context.is_null() {
            p.nonnull_context.fetch_add(1, Ordering::Relaxed);
        }
        let raw = RawBuffer {
            ptr: buffer,
            size,
            valid: valid.min(size),
        };
        // Never full (see the module doc); on the impossible Full the buffer is
        // dropped, freed, and its records lost.
        let _ = p.tx.try_send(raw);
    }))
    .map_err(|_| disable());
}

/// The injection entry point the CUDA driver calls (CUDA_INJECTION64_PATH) during
/// `cuInit`. Idempotent. Always returns 1: a failure to attach is logged and the
/// application runs on without GPU telemetry.
#[no_mangle]
#[allow(unreachable_pub)] // Exported from the cdylib by name, not through Rust paths.
pub extern "C" fn InitializeInjection() -> c_int {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if catch_unwind(crate::runtime::initialize).is_err() {
            disable();
            crate::log("panicked while starting; disabled, the application runs on");
        }
    });
    1
}

extern "C" fn on_exit() {
    if catch_unwind(crate::runtime::at_exit).is_err() {
        disable();
    }
}

extern "C" {
    fn atexit(f: extern "C" fn()) -> c_int;
}

/// Registers the at-exit flush. Returns false if the C library refused.
pub(crate) fn register_at_exit() -> bool {
    // SAFETY: `on_exit` is a plain `extern "C"` function that catches panics.
    unsafe { atexit(on_exit) == 0 }
}

#[cfg(test)]
mod device_tests {
    #[test]
    fn a_device_uuid_reads_as_nvidia_smi_prints_it() {
        let u = [
            0x67, 0xae, 0x97, 0xaf, 0x68, 0x27, 0x42, 0xd4, 0x18, 0xe1, 0x38, 0xe4, 0x69, 0x8c,
            0x5e, 0xba,
        ];
        assert_eq!(
            super::format_uuid(&u),
            "GPU-67ae97af-6827-42d4-18e1-38e4698c5eba"
        );
    }

    #[test]
    fn without_libcuda_no_device_is_named_and_nothing_waits_long() {
        let t = std::time::Instant::now();
        assert_eq!(super::first_device(std::time::Duration::from_secs(5)), None);
        assert!(t.elapsed() < std::time::Duration::from_secs(1));
    }
}
