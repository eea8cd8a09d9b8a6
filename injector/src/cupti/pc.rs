//! PC sampling through CUPTI: the callbacks it needs, each context's sampling
//! buffers, Enable / Start / Stop / GetData / the collection mode, and the decoding
//! of sampled PCs into [`PcRecord`]s.
//!
//! Locks, and who takes them:
//! - [`PC_CONTEXTS`] and [`PC_NAMES`] are only locked while the caller holds the
//!   guard ([`Hold`]), so no other thread can contend for them. The guard is
//!   re-entrant, though: if CUPTI called back into the injector on this thread while
//!   a drain held the list, a `lock()` would wait for itself. They are therefore only
//!   *tried*; a failed try is that re-entrance, and the nested work is skipped and
//!   counted (`reentrant_skips`).
//! - Context created (application thread): enabling PC sampling needs the guard. It
//!   waits at most [`CONTEXT_CREATE_WAIT`]; past that the context runs without PC
//!   sampling (logged, counted in `ctx_create_guard_busy`). Skipping at the first
//!   busy try would lose the program's only context to any periodic flush; an
//!   unbounded wait could close a cycle with a guarded CUPTI call that needs a driver
//!   lock the creating thread holds.
//! - Context destroy starting (application thread): the context's sampling must be
//!   disabled, and its buffers retired, before the context goes away, and the guard's
//!   holder may be inside a CUPTI call on this very context; waiting is unavoidable.
//!   It waits at most [`CONTEXT_DESTROY_WAIT`]; past that, it assumes a cycle rather
//!   than a slow holder, marks the context doomed (a lock-free slot, [`DOOMED`]) and
//!   returns. Every guarded use of the list first removes doomed contexts without
//!   calling CUPTI on them and leaks their buffers (CUPTI's configuration may still
//!   point at them). Counted in `ctx_destroy_guard_timeout`.
//! - Module unload starting (application thread): the drain there only rescues
//!   samples before their PCs lose their module; it is skipped when the guard is busy
//!   (counted in `unload_drain_skipped`): samples may be lost, the program is not
//!   harmed.
//! - Launch callbacks reach this module through `runtime::pc`, which only tries the
//!   guard; [`pc_context_count`] is an atomic.
//! - The collector reads which GPUs have PC-sampling contexts ([`pc_devices`], for the
//!   sampler lease) from atomics, without the guard.
//! - After a failed session's step-down ([`pc_disable_all`], on an application thread
//!   at a launch callback, under the guard) no context is enabled again.
//! - With `GPU_OTEL_PC_ENABLE=lease` ([`EnableMode::Lease`]) a new context is only
//!   *known* (listed, its GPU counted for the sampler lease); [`pc_enable_known`] and
//!   [`pc_disable_enabled`] enable and disable the known contexts at launch callbacks,
//!   under the guard, as the lease comes and goes. A context keeps its buffers across
//!   Disable and Enable again.

use std::collections::HashMap;
use std::ffi::{c_void, CStr};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, TryLockError};
use std::time::Duration;

use cudarc::cupti::sys;
use cudarc::driver::sys::CUcontext;

use super::guard::{hold, hold_within, try_hold, Hold};
use super::launch::{
    DRIVER_GRAPH_LAUNCHES, DRIVER_LAUNCHES, DRIVER_MULTI_DEVICE, RUNTIME_GRAPH_LAUNCHES,
    RUNTIME_LAUNCHES, RUNTIME_MULTI_DEVICE,
};
use super::{check, CuptiError};
use crate::sampling::enable::{Contexts, EnableMode};
use crate::sampling::samples::PcRecord;
use crate::sampling::samples::PcSource;

/// Longest wait for the guard at context creation.
pub(super) const CONTEXT_CREATE_WAIT: Duration = Duration::from_millis(100);
/// Longest wait for the guard at context destruction.
pub(super) const CONTEXT_DESTROY_WAIT: Duration = Duration::from_secs(1);

/// RESOURCE callback ids (cupti_callbacks.h).
pub(super) const CBID_CONTEXT_CREATED: u32 = 1;
pub(super) const CBID_CONTEXT_DESTROY_STARTING: u32 = 2;
pub(super) const CBID_MODULE_UNLOAD_STARTING: u32 = 7;

/// PC-sampling settings fixed at attach.
#[derive(Debug, Clone)]
pub(crate) struct PcSettings {
    /// Continuous or serialized (never off here).
    pub tier: semconv::Tier,
    /// `collectNumPcs`.
    pub buffer_pcs: usize,
    /// Sampling period exponent.
    pub period: Option<u32>,
    /// `HARDWARE_BUFFER_SIZE`, bytes (`None`: CUPTI's).
    pub hw_buffer_bytes: Option<usize>,
    /// `WORKER_THREAD_PERIODIC_SLEEP_SPAN`, ms (`None`: CUPTI's).
    pub worker_sleep_ms: Option<u32>,
    /// The tier may change at run time (a control file was given): start/stop
    /// control and the launch callbacks in either tier.
    pub switchable: bool,
    /// Also subscribe the runtime API's launch callbacks (the driver API's always):
    /// every runtime launch calls a driver launch, so the driver callbacks alone see
    /// every launch, once, without nesting.
    pub runtime_callbacks: bool,
    /// When a context's PC sampling is enabled: at its creation, or by the run time
    /// while the process holds the GPU's sampler lease.
    pub enable: EnableMode,
}

static PC_SETTINGS: OnceLock<PcSettings> = OnceLock::new();

/// Stall reasons of the device: indices to configure and names by index.
struct StallTable {
    indices: Vec<u32>,
    names: HashMap<u32, Arc<str>>,
}

static STALLS: OnceLock<StallTable> = OnceLock::new();

/// One context PC sampling may run on.
struct PcContext {
    ctx: usize,
    /// Its CUDA device ordinal (`cuptiGetDeviceId`), when CUPTI said.
    device: Option<u32>,
    /// PC sampling is enabled and configured on it now.
    enabled: bool,
    /// Started (`cuptiPCSamplingStart`) and not stopped since: only such a context
    /// is stopped, so one created during a burst is not asked to stop what it never
    /// started.
    started: bool,
    /// Made at its first Enable.
    buffers: Option<Buffers>,
}

/// One context's sampling buffers. CUPTI writes into them during GetData; they live
/// (boxed, never moved) until the context is destroyed.
struct Buffers {
    data: Box<sys::CUpti_PCSamplingData>,
    pcs: Vec<sys::CUpti_PCSamplingPCData>,
    _stalls: Vec<Vec<sys::CUpti_PCSamplingStallReason>>,
}

// SAFETY: the raw pointers inside point at the heap allocations owned by the same
// value; they are only touched while the guard is held.
unsafe impl Send for PcContext {}

/// Contexts PC sampling may run on (in `context` mode: those enabled). Locked only
/// while the guard is held (see the module doc), through [`contexts`].
static PC_CONTEXTS: Mutex<Vec<PcContext>> = Mutex::new(Vec::new());
/// How many entries [`PC_CONTEXTS`] has, readable without the guard.
static PC_CONTEXT_COUNT: AtomicUsize = AtomicUsize::new(0);
/// How many of them have PC sampling enabled, readable without the guard.
static PC_ENABLED_COUNT: AtomicUsize = AtomicUsize::new(0);
/// Device ordinals below this are counted per ordinal in [`PC_DEVICES`].
const MAX_ORDINALS: usize = 64;
/// Contexts of [`PC_CONTEXTS`] per CUDA device ordinal, readable without the guard.
static PC_DEVICES: [AtomicU32; MAX_ORDINALS] = [const { AtomicU32::new(0) }; MAX_ORDINALS];
/// Contexts of [`PC_CONTEXTS`] whose ordinal CUPTI did not give (or past 63).
static PC_DEVICES_UNNAMED: AtomicU32 = AtomicU32::new(0);
/// Bumped whenever a context joins the list: a burst opens (and, in `lease` mode, a
/// context is enabled) only over the set of GPUs the collector last leased (see
/// [`pc_generation`]).
static PC_GENERATION: AtomicU64 = AtomicU64::new(0);
/// Told when a context joins the list: the collector, so that it takes the context's
/// sampler lease at once rather than at its next period (a short program would
/// otherwise launch its kernels before the first grant). Set once, before CUDA runs.
static ON_CONTEXT_LISTED: OnceLock<Box<dyn Fn() + Send + Sync>> = OnceLock::new();

/// Sets what is told when a context joins the list (once; non-blocking, since it runs
/// on the application's thread in CONTEXT_CREATED).
pub(crate) fn on_context_listed(wake: Box<dyn Fn() + Send + Sync>) {
    let _ = ON_CONTEXT_LISTED.set(wake);
}

/// Set by [`pc_disable_all`]: PC sampling is off for good, no context is enabled.
static PC_OFF: AtomicBool = AtomicBool::new(false);

/// A context leaves the list: out of every count.
fn uncount(c: &PcContext) {
    count_device(c.device, false);
    PC_CONTEXT_COUNT.fetch_sub(1, Ordering::Relaxed);
    if c.enabled {
        PC_ENABLED_COUNT.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Counts a context into (`add`) or out of the per-device counts.
fn count_device(device: Option<u32>, add: bool) {
    let slot = match device {
        Some(d) if (d as usize) < MAX_ORDINALS => &PC_DEVICES[d as usize],
        _ => &PC_DEVICES_UNNAMED,
    };
    if add {
        slot.fetch_add(1, Ordering::Relaxed);
        PC_GENERATION.fetch_add(1, Ordering::Release);
    } else {
        let _ = slot.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
    }
}

/// The GPUs with contexts PC sampling may run on (lock-free: for the collector's
/// sampler lease).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PcDevices {
    /// CUDA ordinals with at least one PC-sampling context.
    pub ordinals: Vec<u32>,
    /// Contexts whose device is not known by ordinal.
    pub unnamed: u32,
}

/// How many times a context joined the list so far. Read before [`pc_devices`], it dates
/// the set of GPUs read after it: a context enabled since bumps it, so a launch
/// callback that compares it with the one a lease was granted for never opens a burst
/// over a GPU the lease does not cover.
pub(crate) fn pc_generation() -> u64 {
    PC_GENERATION.load(Ordering::Acquire)
}

/// Which GPUs have PC-sampling contexts now.
pub(crate) fn pc_devices() -> PcDevices {
    PcDevices {
        ordinals: (0..MAX_ORDINALS as u32)
            .filter(|&o| PC_DEVICES[o as usize].load(Ordering::Relaxed) > 0)
            .collect(),
        unnamed: PC_DEVICES_UNNAMED.load(Ordering::Relaxed),
    }
}
/// Interned function names of PC records. Locked only under the guard, by a drain.
type Interned = HashMap<Box<[u8]>, Arc<str>>;
static PC_NAMES: Mutex<Option<Interned>> = Mutex::new(None);

/// PC-sampling counters of the FFI layer.
#[derive(Debug, Default)]
pub(crate) struct PcFfiStats {
    pub ctx_enabled: AtomicU64,
    pub ctx_enable_failed: AtomicU64,
    pub getdata_failed: AtomicU64,
    /// CUPTI's answer to the last GetData that failed (its C name), for the exit line.
    pub getdata_error: Mutex<Option<String>>,
    pub drain_rounds_capped: AtomicU64,
    pub total_samples: AtomicU64,
    pub dropped_samples: AtomicU64,
    pub non_user_samples: AtomicU64,
    pub hw_buffer_full: AtomicU64,
    pub records_without_correlation: AtomicU64,
    pub records: AtomicU64,
    /// Contexts created while the guard stayed busy past [`CONTEXT_CREATE_WAIT`].
    pub ctx_create_guard_busy: AtomicU64,
    /// Contexts destroyed while the guard stayed busy past [`CONTEXT_DESTROY_WAIT`].
    pub ctx_destroy_guard_timeout: AtomicU64,
    /// Module unloads whose drain was skipped because the guard was busy.
    pub unload_drain_skipped: AtomicU64,
    /// Nested uses of the context list or name table on one thread, skipped.
    pub reentrant_skips: AtomicU64,
}

pub(crate) static PC_STATS: PcFfiStats = PcFfiStats {
    ctx_enabled: AtomicU64::new(0),
    ctx_enable_failed: AtomicU64::new(0),
    getdata_failed: AtomicU64::new(0),
    getdata_error: Mutex::new(None),
    drain_rounds_capped: AtomicU64::new(0),
    total_samples: AtomicU64::new(0),
    dropped_samples: AtomicU64::new(0),
    non_user_samples: AtomicU64::new(0),
    hw_buffer_full: AtomicU64::new(0),
    records_without_correlation: AtomicU64::new(0),
    records: AtomicU64::new(0),
    ctx_create_guard_busy: AtomicU64::new(0),
    ctx_destroy_guard_timeout: AtomicU64::new(0),
    unload_drain_skipped: AtomicU64::new(0),
    reentrant_skips: AtomicU64::new(0),
};

/// Contexts whose destroy callback gave up waiting for the guard: never to be touched
/// again. A slot holds a context address (0: free); set without any lock.
static DOOMED: [AtomicUsize; 16] = [const { AtomicUsize::new(0) }; 16];

/// Marks a context never to be touched again (lock-free). False when every slot is
/// taken (16 contexts abandoned at once).
fn doom(ctx: usize) -> bool {
    DOOMED.iter().any(|slot| {
        slot.compare_exchange(0, ctx, Ordering::AcqRel, Ordering::Relaxed)
            .is_ok()
    })
}

/// The context list, for a caller holding the guard. Removes doomed contexts first
/// (leaking their buffers). `None` only when this thread already has the list further
/// up its stack (a re-entrant CUPTI callback): counted, and the caller skips.
fn contexts(_hold: &Hold) -> Option<MutexGuard<'static, Vec<PcContext>>> {
    let mut list = match PC_CONTEXTS.try_lock() {
        Ok(l) => l,
        Err(TryLockError::Poisoned(p)) => p.into_inner(),
        Err(TryLockError::WouldBlock) => {
            PC_STATS.reentrant_skips.fetch_add(1, Ordering::Relaxed);
            return None;
        }
    };
    for slot in &DOOMED {
        let ctx = slot.swap(0, Ordering::AcqRel);
        if ctx == 0 {
            continue;
        }
        if let Some(i) = list.iter().position(|c| c.ctx == ctx) {
            // CUPTI may still refer to the buffers of a context it never saw disabled.
            let c = list.remove(i);
            uncount(&c);
            std::mem::forget(c);
        }
    }
    Some(list)
}

/// Enables the RESOURCE callbacks (and, for the serialized tier, the launch APIs),
/// and keeps the settings for the context callbacks. Called by `attach`, with the
/// guard held.
pub(super) fn enable_callbacks(
    subscriber: sys::CUpti_SubscriberHandle,
    pc: &PcSettings,
) -> Result<(), CuptiError> {
    let _g = hold();
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
            &[
                RUNTIME_LAUNCHES,
                &[RUNTIME_MULTI_DEVICE],
                RUNTIME_GRAPH_LAUNCHES,
            ]
            .concat()
        } else {
            &[]
        };
        for cbid in runtime {
            if enable(rt, *cbid, "cuptiEnableCallback(RUNTIME_API)").is_err() {
                unknown.push(format!("runtime {cbid}"));
            }
        }
        for cbid in DRIVER_LAUNCHES
            .iter()
            .chain([&DRIVER_MULTI_DEVICE])
            .chain(DRIVER_GRAPH_LAUNCHES)
        {
            if enable(drv, *cbid, "cuptiEnableCallback(DRIVER_API)").is_err() {
                unknown.push(format!("driver {cbid}"));
            }
        }
        if !unknown.is_empty() {
            crate::log::line(&format!(
                "launch callbacks not available in this CUPTI (skipped): {}",
                unknown.join(", ")
            ));
        }
        // Resolved now, on the thread in cuInit, so that the launch callbacks never
        // wait for the one-time lookup (a dlopen, under the dynamic loader's lock).
        super::driver::resolve_ctx_synchronize();
    }
    let _ = PC_SETTINGS.set(pc.clone());
    Ok(())
}

/// Switches off the launch callbacks only PC sampling needed, once the serialized
/// tier is refused for good (a graph launch, or a failed session) and no tier switch
/// can bring it back: the runtime API's (when `GPU_OTEL_PC_RUNTIME_CALLBACKS=1` had
/// them on) and, with `driver`, the driver API's (when neither the launch accounting
/// nor NVTX following uses them). From the collector thread, under the guard, as NVTX
/// switches launch callbacks on.
pub(crate) fn release_launch_callbacks(driver: bool) {
    let (Some(pc), Some(subscriber)) = (PC_SETTINGS.get(), super::subscriber::get()) else {
        return;
    };
    let _g = hold();
    let off = |domain: sys::CUpti_CallbackDomain, cbid: u32| {
        // SAFETY: the subscriber from a successful cuptiSubscribe; a failure (an id
        // this CUPTI does not know) leaves that callback as it was.
        let _ = unsafe { sys::cuptiEnableCallback(0, subscriber, domain, cbid) };
    };
    if pc.runtime_callbacks {
        for cbid in RUNTIME_LAUNCHES
            .iter()
            .chain([&RUNTIME_MULTI_DEVICE])
            .chain(RUNTIME_GRAPH_LAUNCHES)
        {
            off(
                sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RUNTIME_API,
                *cbid,
            );
        }
    }
    if driver {
        for cbid in DRIVER_LAUNCHES
            .iter()
            .chain([&DRIVER_MULTI_DEVICE])
            .chain(DRIVER_GRAPH_LAUNCHES)
        {
            off(sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_DRIVER_API, *cbid);
        }
    }
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

/// A context CUPTI just reported created, not enabled yet.
fn known_context(ctx: CUcontext) -> PcContext {
    let mut device = 0u32;
    // SAFETY: a context CUPTI just reported created; a valid out-pointer.
    let device = (unsafe { sys::cuptiGetDeviceId(ctx, &mut device) }
        == sys::CUptiResult::CUPTI_SUCCESS)
        .then_some(device);
    PcContext {
        ctx: ctx as usize,
        device,
        enabled: false,
        started: false,
        buffers: None,
    }
}

/// Enables and configures PC sampling on `c` (its buffers made at the first time).
/// On failure the context is left disabled.
fn pc_enable(c: &mut PcContext, pc: &PcSettings) -> Result<(), CuptiError> {
    let ctx = c.ctx as CUcontext;
    let mut en = sys::CUpti_PCSamplingEnableParams {
        size: std::mem::size_of::<sys::CUpti_PCSamplingEnableParams>(),
        pPriv: ptr::null_mut(),
        ctx,
    };
    // SAFETY: a valid params struct for a context CUPTI just reported created.
    check("cuptiPCSamplingEnable", unsafe {
        sys::cuptiPCSamplingEnable(&mut en)
    })?;
    let table = match stall_table(ctx) {
        Ok(t) => t,
        Err(e) => {
            disable(ctx);
            return Err(e);
        }
    };
    let n_stalls = table.indices.len();
    let b = c
        .buffers
        .get_or_insert_with(|| buffers(pc.buffer_pcs.max(1), n_stalls));
    configure(ctx, pc, table, b)?;
    c.enabled = true;
    Ok(())
}

/// `cuptiPCSamplingDisable` on a live, enabled context.
fn disable(ctx: CUcontext) -> sys::CUptiResult {
    let mut dis = sys::CUpti_PCSamplingDisableParams {
        size: std::mem::size_of::<sys::CUpti_PCSamplingDisableParams>(),
        pPriv: ptr::null_mut(),
        ctx,
    };
    // SAFETY: a valid params struct for a live context.
    unsafe { sys::cuptiPCSamplingDisable(&mut dis) }
}

/// A context's sampling buffers: `n_pcs` PCs, each with room for `n_stalls` reasons.
fn buffers(n_pcs: usize, n_stalls: usize) -> Buffers {
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
    Buffers {
        data,
        pcs,
        _stalls: stalls,
    }
}

/// Sets an enabled context's configuration (mode, start/stop control, stall reasons,
/// output format, `b` as its buffer, period). On failure Disables it.
fn configure(
    ctx: CUcontext,
    pc: &PcSettings,
    table: &StallTable,
    b: &mut Buffers,
) -> Result<(), CuptiError> {
    let n_stalls = table.indices.len();
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
        (&mut *b.data) as *mut sys::CUpti_PCSamplingData as *mut c_void;
    attrs.push(e);
    if let Some(period) = pc.period {
        let mut e = entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD);
        e.attributeData.samplingPeriodData.samplingPeriod = period;
        attrs.push(e);
    }
    // CUPTI's answer to GetData's OUT_OF_MEMORY (a full hardware buffer): a bigger
    // buffer, or its worker moving samples out of it more often.
    if let Some(bytes) = pc.hw_buffer_bytes {
        let mut e = entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_HARDWARE_BUFFER_SIZE);
        e.attributeData.hardwareBufferSizeData.hardwareBufferSize = bytes;
        attrs.push(e);
    }
    if let Some(ms) = pc.worker_sleep_ms {
        let mut e =
            entry(A::CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_WORKER_THREAD_PERIODIC_SLEEP_SPAN);
        e.attributeData
            .workerThreadPeriodicSleepSpanData
            .workerThreadPeriodicSleepSpan = ms;
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
    // live in the PcContext (heap, never moved) until the context dies.
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
        disable(ctx);
        e.code = format!("{} (context left without PC sampling)", e.code);
        return Err(e);
    }
    Ok(())
}

/// CONTEXT_CREATED (application thread): enables PC sampling on the new context, or
/// (`lease` mode) only lists it, for the run time to enable while the process holds
/// its GPU's sampler lease.
pub(super) fn context_created(ctx: CUcontext) {
    let Some(pc) = PC_SETTINGS.get() else {
        return;
    };
    if PC_OFF.load(Ordering::Relaxed) {
        return;
    }
    let Some(h) = hold_within(CONTEXT_CREATE_WAIT) else {
        PC_STATS
            .ctx_create_guard_busy
            .fetch_add(1, Ordering::Relaxed);
        crate::log::line(&format!(
            "PC sampling not enabled on a new context: CUPTI stayed busy for {} ms; the context runs without PC sampling",
            CONTEXT_CREATE_WAIT.as_millis()
        ));
        return;
    };
    // Doomed contexts go first: the new context may reuse a doomed one's address.
    let Some(list) = contexts(&h) else {
        return;
    };
    drop(list);
    let mut c = known_context(ctx);
    let enabled = match pc.enable {
        EnableMode::Lease => Ok(()),
        EnableMode::Context => pc_enable(&mut c, pc),
    };
    match enabled {
        Ok(()) => {
            let Some(mut list) = contexts(&h) else {
                // Cannot happen (the list was free just above, on this thread);
                // leak rather than free buffers CUPTI was configured with.
                std::mem::forget(c);
                return;
            };
            count_device(c.device, true);
            PC_CONTEXT_COUNT.fetch_add(1, Ordering::Relaxed);
            if c.enabled {
                PC_ENABLED_COUNT.fetch_add(1, Ordering::Relaxed);
                PC_STATS.ctx_enabled.fetch_add(1, Ordering::Relaxed);
            }
            list.push(c);
            drop(list);
            if let Some(wake) = ON_CONTEXT_LISTED.get() {
                wake();
            }
        }
        Err(e) => {
            PC_STATS.ctx_enable_failed.fetch_add(1, Ordering::Relaxed);
            crate::log::line(&format!("PC sampling not enabled on a new context: {e}"));
        }
    }
}

/// CONTEXT_DESTROY_STARTING (application thread): drains the context's samples,
/// disables its sampling and retires its buffers, before the context goes away.
/// Returns the drained records.
pub(super) fn context_destroying(ctx: CUcontext) -> Vec<PcRecord> {
    let mut out = Vec::new();
    if PC_SETTINGS.get().is_none() {
        return out;
    }
    let Some(h) = hold_within(CONTEXT_DESTROY_WAIT) else {
        PC_STATS
            .ctx_destroy_guard_timeout
            .fetch_add(1, Ordering::Relaxed);
        let marked = doom(ctx as usize);
        crate::log::line(&format!(
            "a context is being destroyed while CUPTI stayed busy for {} ms; its PC sampling is abandoned without Disable{}",
            CONTEXT_DESTROY_WAIT.as_millis(),
            if marked { "" } else { " (no slot left to mark it)" }
        ));
        return out;
    };
    pc_drain(&h, Some(ctx as usize), &mut out);
    let Some(mut list) = contexts(&h) else {
        // This thread is inside a guarded call further up (CUPTI called back into
        // it): the context cannot be disabled here, so it is never touched again.
        doom(ctx as usize);
        return out;
    };
    if let Some(i) = list.iter().position(|c| c.ctx == ctx as usize) {
        let c = list.remove(i);
        uncount(&c);
        if c.enabled {
            // The context is alive (destroy is starting) and enabled.
            disable(c.ctx as CUcontext);
        }
    }
    out
}

/// MODULE_UNLOAD_STARTING (application thread): drains the context's samples while
/// their PCs still name their functions; skipped when the guard is busy.
pub(super) fn module_unloading(ctx: CUcontext) -> Vec<PcRecord> {
    let mut out = Vec::new();
    if PC_SETTINGS.get().is_none() {
        return out;
    }
    match try_hold() {
        Some(h) => pc_drain(&h, Some(ctx as usize), &mut out),
        None => {
            PC_STATS
                .unload_drain_skipped
                .fetch_add(1, Ordering::Relaxed);
        }
    }
    out
}

/// The contexts PC sampling may run on, and how many have it enabled (no guard
/// needed: safe on launch callbacks).
pub(crate) fn pc_contexts() -> Contexts {
    Contexts {
        known: PC_CONTEXT_COUNT.load(Ordering::Relaxed),
        enabled: PC_ENABLED_COUNT.load(Ordering::Relaxed),
    }
}

/// `lease` mode, the lease granted: enables and configures every listed context not
/// enabled. A context whose Enable fails leaves the list (it runs without PC sampling,
/// as in `context` mode; its buffers are leaked, CUPTI may have been configured with
/// them). Returns (enabled, failed). At a launch callback, under the guard.
pub(crate) fn pc_enable_known(hold: &Hold) -> (u64, u64) {
    let Some(pc) = PC_SETTINGS.get() else {
        return (0, 0);
    };
    if PC_OFF.load(Ordering::Relaxed) {
        return (0, 0);
    }
    let Some(mut list) = contexts(hold) else {
        return (0, 1);
    };
    let (mut ok, mut failed) = (0, 0);
    let mut kept = Vec::with_capacity(list.len());
    for mut c in list.drain(..) {
        if c.enabled {
            kept.push(c);
            continue;
        }
        match pc_enable(&mut c, pc) {
            Ok(()) => {
                ok += 1;
                PC_ENABLED_COUNT.fetch_add(1, Ordering::Relaxed);
                PC_STATS.ctx_enabled.fetch_add(1, Ordering::Relaxed);
                kept.push(c);
            }
            Err(e) => {
                failed += 1;
                PC_STATS.ctx_enable_failed.fetch_add(1, Ordering::Relaxed);
                crate::log::line(&format!(
                    "PC sampling not enabled on a context under the sampler lease: {e}"
                ));
                uncount(&c);
                std::mem::forget(c);
            }
        }
    }
    *list = kept;
    (ok, failed)
}

/// `lease` mode, the lease going: `cuptiPCSamplingDisable` on every enabled context
/// (each stopped: no burst is open). A disabled context stays listed with its buffers,
/// to be enabled again at the next grant; one whose Disable failed stays enabled.
/// Returns (disabled, failed). At a launch callback (or the exit), under the guard.
pub(crate) fn pc_disable_enabled(hold: &Hold) -> (u64, u64) {
    let Some(mut list) = contexts(hold) else {
        return (0, 1);
    };
    let (mut ok, mut failed) = (0, 0);
    for c in list.iter_mut().filter(|c| c.enabled) {
        let r = disable(c.ctx as CUcontext);
        if r == sys::CUptiResult::CUPTI_SUCCESS {
            ok += 1;
            c.enabled = false;
            c.started = false;
            PC_ENABLED_COUNT.fetch_sub(1, Ordering::Relaxed);
        } else {
            failed += 1;
            crate::log::line(&format!(
                "cuptiPCSamplingDisable returned {r:?} (giving up the sampler lease)"
            ));
        }
    }
    (ok, failed)
}

/// `cuptiPCSamplingStart` (`start`) on every enabled context not started, or `Stop`
/// on every started one. Returns (succeeded, failed).
pub(crate) fn pc_start_stop(hold: &Hold, start: bool) -> (u64, u64) {
    let Some(mut list) = contexts(hold) else {
        return (0, 0);
    };
    let (mut ok, mut failed) = (0, 0);
    for c in list.iter_mut().filter(|c| c.enabled && c.started != start) {
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
        // A Stop that failed is not tried again by a later Stop: the step-down
        // disables the context instead.
        c.started = start && r == sys::CUptiResult::CUPTI_SUCCESS;
        if r == sys::CUptiResult::CUPTI_SUCCESS {
            ok += 1;
        } else {
            failed += 1;
            crate::log::line(&format!(
                "cuptiPCSampling{} returned {r:?}",
                if start { "Start" } else { "Stop" }
            ));
        }
    }
    (ok, failed)
}

/// A failed session's step-down: `cuptiPCSamplingDisable` on every enabled context,
/// and no context is enabled again. A disabled context leaves the list (its buffers
/// are leaked, as CUPTI was configured with them); one whose Disable failed stays, for
/// its destroy callback to try again. Returns (disabled, failed). On an application
/// thread at a launch callback (or the exit), under the guard: where Start and Stop are
/// called too, never from the injector's own threads.
pub(crate) fn pc_disable_all(hold: &Hold) -> (u64, u64) {
    PC_OFF.store(true, Ordering::Relaxed);
    let Some(mut list) = contexts(hold) else {
        return (0, 1);
    };
    let (mut ok, mut failed) = (0, 0);
    let mut kept = Vec::new();
    for c in list.drain(..) {
        if !c.enabled {
            // Known only (`lease` mode): nothing to disable.
            uncount(&c);
            std::mem::forget(c);
            continue;
        }
        // An enabled context that is alive (its destroy callback removes it from the
        // list first, under the same guard).
        let r = disable(c.ctx as CUcontext);
        if r == sys::CUptiResult::CUPTI_SUCCESS {
            ok += 1;
            uncount(&c);
            std::mem::forget(c);
        } else {
            failed += 1;
            crate::log::line(&format!("cuptiPCSamplingDisable returned {r:?}"));
            kept.push(c);
        }
    }
    *list = kept;
    (ok, failed)
}

/// Sets the collection mode of every enabled context, between a Stop and a Start
/// (the H200 accepted it without a Disable/Enable). Returns (succeeded, failed).
pub(crate) fn pc_set_mode(hold: &Hold, tier: semconv::Tier) -> (u64, u64) {
    use sys::CUpti_PCSamplingConfigurationAttributeType as A;
    let Some(list) = contexts(hold) else {
        return (0, 1);
    };
    let (mut ok, mut failed) = (0, 0);
    for c in list.iter().filter(|c| c.enabled) {
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
            crate::log::line(&format!(
                "setting the collection mode to {tier} failed: {r:?} / {:?}",
                e.attributeStatus
            ));
        }
    }
    (ok, failed)
}

fn intern_pc_name(_hold: &Hold, p: *const std::ffi::c_char) -> Arc<str> {
    let bytes: &[u8] = if p.is_null() {
        b"<unknown>"
    } else {
        // SAFETY: CUPTI's function names are NUL-terminated strings.
        unsafe { CStr::from_ptr(p) }.to_bytes()
    };
    // Only drains lock it, under the guard, and a drain holds the context list,
    // which a nested drain could not take: a failed try cannot happen; it would only
    // cost an uninterned copy.
    let mut names = match PC_NAMES.try_lock() {
        Ok(n) => n,
        Err(TryLockError::Poisoned(p)) => p.into_inner(),
        Err(TryLockError::WouldBlock) => {
            return Arc::from(String::from_utf8_lossy(bytes).as_ref());
        }
    };
    let names = names.get_or_insert_with(HashMap::new);
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
pub(crate) fn pc_drain(hold: &Hold, only: Option<usize>, out: &mut Vec<PcRecord>) {
    let Some(table) = STALLS.get() else {
        return;
    };
    let Some(mut list) = contexts(hold) else {
        return;
    };
    for c in list.iter_mut().filter(|c| only.is_none_or(|o| o == c.ctx)) {
        let (true, Some(b)) = (c.enabled, c.buffers.as_mut()) else {
            continue;
        };
        let mut rounds = 0;
        loop {
            rounds += 1;
            // Each PC's stall array has room for every configured reason; CUPTI
            // writes the count it filled, so give the full room back each round.
            let room = table.indices.len().max(1);
            for p in b.pcs.iter_mut() {
                p.stallReasonCount = room;
            }
            let data: *mut sys::CUpti_PCSamplingData = &mut *b.data;
            let mut p = sys::CUpti_PCSamplingGetDataParams {
                size: std::mem::size_of::<sys::CUpti_PCSamplingGetDataParams>(),
                pPriv: ptr::null_mut(),
                ctx: c.ctx as CUcontext,
                pcSamplingData: data as *mut c_void,
            };
            // SAFETY: the buffer was configured on this context and is still owned
            // by it; the guard serializes every use.
            let r = unsafe { sys::cuptiPCSamplingGetData(&mut p) };
            if r != sys::CUptiResult::CUPTI_SUCCESS {
                PC_STATS.getdata_failed.fetch_add(1, Ordering::Relaxed);
                *PC_STATS
                    .getdata_error
                    .lock()
                    .unwrap_or_else(|e| e.into_inner()) = Some(format!("{r:?}"));
                break;
            }
            let d = &*b.data;
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
                out.push(PcRecord {
                    correlation_id: pcd.correlationId,
                    function: intern_pc_name(hold, pcd.functionName),
                    pc_offset: pcd.pcOffset,
                    stalls,
                    source: PcSource::in_cubin(pcd.cubinCrc),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_context(ctx: usize) -> PcContext {
        PcContext {
            ctx,
            device: Some(3),
            enabled: false,
            started: false,
            buffers: None,
        }
    }

    /// A context abandoned by its destroy callback is dropped by the next guarded use
    /// of the list, without a CUPTI call; a nested use on the same thread is refused
    /// (it would otherwise wait for itself).
    #[test]
    fn a_doomed_context_leaves_the_list_and_a_nested_use_is_skipped() {
        let h = hold();
        let ctx = 0xdead_0000;
        {
            let mut list = contexts(&h).expect("free");
            count_device(Some(3), true);
            list.push(fake_context(ctx));
            PC_CONTEXT_COUNT.fetch_add(1, Ordering::Relaxed);
            let skips = PC_STATS.reentrant_skips.load(Ordering::Relaxed);
            assert!(contexts(&h).is_none(), "nested use on one thread");
            assert_eq!(PC_STATS.reentrant_skips.load(Ordering::Relaxed), skips + 1);
        }
        assert!(doom(ctx));
        let before = pc_contexts().known;
        let list = contexts(&h).expect("free");
        assert!(list.iter().all(|c| c.ctx != ctx));
        assert_eq!(pc_contexts().known, before - 1);
        assert!(DOOMED.iter().all(|s| s.load(Ordering::Relaxed) != ctx));
        assert!(!pc_devices().ordinals.contains(&3), "its GPU left with it");
    }

    #[test]
    fn the_collector_sees_each_gpu_with_a_context_until_its_last_one_goes() {
        count_device(Some(5), true);
        count_device(Some(5), true);
        count_device(Some(70), true);
        count_device(None, true);
        let d = pc_devices();
        assert!(d.ordinals.contains(&5));
        assert!(d.unnamed >= 2, "an ordinal past 63 and an unknown one");
        count_device(Some(5), false);
        assert!(pc_devices().ordinals.contains(&5), "one context left");
        count_device(Some(5), false);
        count_device(Some(5), false); // never below zero
        assert!(!pc_devices().ordinals.contains(&5));
        count_device(Some(70), false);
        count_device(None, false);
    }
}
