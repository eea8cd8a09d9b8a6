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
use std::ffi::{c_int, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use cudarc::cupti::sys;

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

fn guard() -> MutexGuard<'static, ()> {
    GUARD.lock().unwrap_or_else(|p| p.into_inner())
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

/// The subscriber callback: no domain is enabled, so it has nothing to do.
unsafe extern "C" fn on_callback(
    _userdata: *mut c_void,
    _domain: sys::CUpti_CallbackDomain,
    _cbid: sys::CUpti_CallbackId,
    _data: *const c_void,
) {
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
    context: cudarc::driver::sys::CUcontext,
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
