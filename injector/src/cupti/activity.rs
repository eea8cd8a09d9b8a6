//! Kernel activity records: the bounded buffer pool CUPTI fills, the two buffer
//! callbacks, and the decoding of completed buffers into [`KernelRecord`]s.
//!
//! The buffer callbacks can run on any thread, the application's included (CUPTI
//! requests a buffer when a record must be written, and completes one when it is
//! full, on whichever thread that happens), and inside our own guarded
//! `cuptiActivityFlushAll`. So they take no lock and make no CUPTI call: the pool is
//! an atomic count, and a completed buffer goes over a bounded channel whose
//! `try_send` never waits. The channel can never be full: it has room for every
//! buffer that may exist (`max_buffers`), and past that the buffer-requested callback
//! hands CUPTI no buffer, so CUPTI drops the records itself and counts them
//! (`cuptiActivityGetNumDroppedRecords`). Decoding happens on the collector thread.

use std::alloc::Layout;
use std::collections::HashMap;
use std::ffi::CStr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, OnceLock};

use cudarc::cupti::sys;
use cudarc::driver::sys::CUcontext;

use super::guard::{disable, disabled, hold};
use super::{check, CuptiError};
use crate::record::{GraphLaunch, KernelRecord};

/// Buffer plumbing shared with CUPTI's callbacks.
struct Plumbing {
    tx: SyncSender<RawBuffer>,
    /// Only the collector thread receives (the lock is never taken on a callback).
    rx: Mutex<Receiver<RawBuffer>>,
    buffer_bytes: usize,
    max_buffers: usize,
    live: AtomicUsize,
    refused: AtomicU64,
    nonnull_context: AtomicU64,
}

static PLUMBING: OnceLock<Plumbing> = OnceLock::new();

/// Whether graph-trace records were enabled (`GPU_OTEL_GRAPH_RECORDS=launches`).
static GRAPH_TRACE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Enables CUPTI's graph-trace records: one per graph replay, and (measured on an H200,
/// CUDA 13.0) no kernel records for the replay's nodes. False if CUPTI refused (logged):
/// replays then keep coming as kernel records, one per node.
pub(super) fn enable_graph_trace() -> bool {
    let _g = hold();
    // SAFETY: plain call with a valid enum value.
    let r = unsafe {
        sys::cuptiActivityEnable(sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_GRAPH_TRACE)
    };
    match check("cuptiActivityEnable(GRAPH_TRACE)", r) {
        Ok(()) => {
            GRAPH_TRACE.store(true, Ordering::Relaxed);
            true
        }
        Err(e) => {
            crate::log::line(&format!(
                "GPU_OTEL_GRAPH_RECORDS=launches: {e}; graph replays stay one kernel span per node"
            ));
            false
        }
    }
}

/// Disables the kinds the injector enabled (kernel records, and graph-trace records
/// when on): at exit, and when stepping aside for another CUPTI client.
pub(super) fn disable_kinds() -> Result<(), CuptiError> {
    let _g = hold();
    if GRAPH_TRACE.load(Ordering::Relaxed) {
        // SAFETY: plain call with a valid enum value.
        let _ = unsafe {
            sys::cuptiActivityDisable(sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_GRAPH_TRACE)
        };
    }
    // SAFETY: plain call with a valid enum value.
    check("cuptiActivityDisable(CONCURRENT_KERNEL)", unsafe {
        sys::cuptiActivityDisable(sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)
    })
}

/// Registers the injector's buffer callbacks, sets the device buffers and enables
/// kernel records: at attach, and (through [`enable_again`]) when coming back.
pub(super) fn enable_records(
    device_buffers: (Option<usize>, Option<usize>),
) -> Result<(), CuptiError> {
    let _g = hold();
    // SAFETY: both callbacks are `extern "C"` functions that catch every panic.
    check("cuptiActivityRegisterCallbacks", unsafe {
        sys::cuptiActivityRegisterCallbacks(Some(on_buffer_requested), Some(on_buffer_completed))
    })?;
    set_device_buffers(device_buffers);
    // SAFETY: plain call with a valid enum value.
    check("cuptiActivityEnable(CONCURRENT_KERNEL)", unsafe {
        sys::cuptiActivityEnable(sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)
    })
}

/// Enables the injector's records again (coming back after another CUPTI client, whose
/// buffer callbacks stay registered until ours replace them), graph-trace records too
/// when they were on. The other client's clock stays registered too: Kineto gives CUPTI
/// its own, and the records after a torch.profiler window came ~130 s after boot instead
/// of in Unix time (measured on the H200, 2026-12-05, `handoff.sh`), so the injector's
/// clock is registered first.
pub(super) fn enable_again(
    device_buffers: (Option<usize>, Option<usize>),
) -> Result<(), CuptiError> {
    let _g = hold();
    // SAFETY: `unix_time_ns` is a plain function that never unwinds, valid for the life
    // of the process (the injector is never unloaded while CUPTI runs).
    check("cuptiActivityRegisterTimestampCallback", unsafe {
        sys::cuptiActivityRegisterTimestampCallback(Some(unix_time_ns))
    })?;
    enable_records(device_buffers)?;
    if GRAPH_TRACE.load(Ordering::Relaxed) {
        // SAFETY: plain call with a valid enum value.
        check("cuptiActivityEnable(GRAPH_TRACE)", unsafe {
            sys::cuptiActivityEnable(sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_GRAPH_TRACE)
        })?;
    }
    Ok(())
}

/// CUPTI's timestamps in the injector's clock (`clock.rs`: CLOCK_REALTIME, what CUPTI
/// uses when no client registered one).
extern "C" fn unix_time_ns() -> u64 {
    crate::clock::now_ns()
}

/// Sets up the pool before the callbacks are registered. False if already done.
pub(super) fn install(buffer_bytes: usize, max_buffers: usize) -> bool {
    let (tx, rx) = sync_channel(max_buffers.max(1));
    PLUMBING
        .set(Plumbing {
            tx,
            rx: Mutex::new(rx),
            buffer_bytes: buffer_bytes.max(64 << 10),
            max_buffers: max_buffers.max(1),
            live: AtomicUsize::new(0),
            refused: AtomicU64::new(0),
            nonnull_context: AtomicU64::new(0),
        })
        .is_ok()
}

/// Sets CUPTI's device buffer size and pool limit where given (before the kinds are
/// enabled, as CUPTI requires). A refused value is logged and CUPTI keeps its own.
pub(super) fn set_device_buffers((size, pool): (Option<usize>, Option<usize>)) {
    use sys::CUpti_ActivityAttribute::{
        CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_POOL_LIMIT, CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_SIZE,
    };
    for (attr, name, value) in [
        (
            CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_SIZE,
            "DEVICE_BUFFER_SIZE",
            size,
        ),
        (
            CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_POOL_LIMIT,
            "DEVICE_BUFFER_POOL_LIMIT",
            pool,
        ),
    ] {
        let Some(mut v) = value else {
            continue;
        };
        let mut len = std::mem::size_of::<usize>();
        let _g = hold();
        // SAFETY: both attributes take a size_t; `v` and `len` are valid pointers.
        let r = unsafe {
            sys::cuptiActivitySetAttribute(attr, &mut len, (&mut v as *mut usize).cast())
        };
        if let Err(e) = check("cuptiActivitySetAttribute", r) {
            crate::log::line(&format!(
                "CUPTI {name}={v} not set ({e}); CUPTI keeps its default"
            ));
        }
    }
}

/// A handle on the attached CUPTI activity collection: proof that [`super::attach`]
/// succeeded, so that nothing flushes or drains before it.
#[derive(Debug)]
pub(crate) struct Attached {
    _private: (),
}

impl Attached {
    /// Made by `attach` only, once everything is registered.
    pub(super) fn new() -> Self {
        Attached { _private: () }
    }

    /// `cuptiActivityFlushAll`; `forced` also flushes records of unfinished work.
    /// Completed buffers arrive through [`Attached::take_buffers`]. Collector thread.
    pub(crate) fn flush(&self, forced: bool) -> Result<(), CuptiError> {
        let flag = if forced {
            sys::CUpti_ActivityFlag::CUPTI_ACTIVITY_FLAG_FLUSH_FORCED as u32
        } else {
            0
        };
        let _g = hold();
        // SAFETY: CUPTI is attached; the completion callback it may run on this
        // thread takes no lock.
        check("cuptiActivityFlushAll", unsafe {
            sys::cuptiActivityFlushAll(flag)
        })
    }

    /// Lets CUPTI's own worker flush every `period` (`cuptiActivityFlushPeriod`), so the
    /// collector only takes completed buffers; `None` (0) gives the worker back its own
    /// heuristics. Measured on an H200: an explicit `cuptiActivityFlushAll` every 100 ms
    /// cost launch-bound programs ~0.2 µs per launch on 4 streams more than CUPTI's
    /// periodic flush.
    pub(crate) fn set_flush_period(
        &self,
        period: Option<std::time::Duration>,
    ) -> Result<(), CuptiError> {
        let ms = period.map_or(0, |p| {
            u32::try_from(p.as_millis()).unwrap_or(u32::MAX).max(1)
        });
        let _g = hold();
        // SAFETY: plain call with a plain value.
        check("cuptiActivityFlushPeriod", unsafe {
            sys::cuptiActivityFlushPeriod(ms)
        })
    }

    /// Stops kernel record collection (at exit, after the last flush).
    pub(crate) fn stop(&self) -> Result<(), CuptiError> {
        disable_kinds()
    }

    /// Records CUPTI dropped from the global queue since the last call.
    pub(crate) fn dropped_records(&self) -> Result<u64, CuptiError> {
        let mut dropped = 0usize;
        let _g = hold();
        // SAFETY: a null context asks for the global queue; `dropped` is a valid
        // out-pointer.
        check("cuptiActivityGetNumDroppedRecords", unsafe {
            sys::cuptiActivityGetNumDroppedRecords(ptr::null_mut(), 0, &mut dropped)
        })?;
        Ok(dropped as u64)
    }

    /// Decodes every completed buffer into `out`; returns the number of kernel and
    /// graph-trace records too short to read (counted as malformed). Records of other
    /// kinds are skipped (none are enabled).
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
    names: HashMap<Box<[u8]>, Arc<str>>,
}

impl NameTable {
    pub(super) fn intern(&mut self, bytes: &[u8]) -> Arc<str> {
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
        loop {
            // The guard around the call alone, not around the buffer: decoding a full
            // buffer under it took milliseconds, back to back in a launch-bound run, and
            // every launch exit that should have closed a burst found the guard busy
            // (H100, 2026-12-06: `guard_busy_collector` = `guard_busy` = the burst's
            // launches - 1). What is read of a record is our completed buffer's memory.
            // SAFETY: `ptr` and `valid` describe a buffer CUPTI completed;
            // `record` is null or the record this call returned last.
            let r = {
                let _g = hold();
                unsafe { sys::cuptiActivityGetNextRecord(self.ptr, self.valid, &mut record) }
            };
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
            if kind == sys::CUpti_ActivityKind::CUPTI_ACTIVITY_KIND_GRAPH_TRACE {
                if offset + std::mem::size_of::<sys::CUpti_ActivityGraphTrace2>() > self.size {
                    malformed += 1;
                    continue;
                }
                // SAFETY: CUPTI 13.0 or newer writes graph-trace records as
                // CUpti_ActivityGraphTrace2, and the bytes read lie inside our
                // allocation (checked just above).
                let g =
                    unsafe { ptr::read_unaligned(record as *const sys::CUpti_ActivityGraphTrace2) };
                out.push(graph_launch(&g, names));
                continue;
            }
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
                range: None,
                graph_launch: None,
            });
        }
    }
}

/// One graph replay's record; its kernel nodes are filled in by launch accounting.
fn graph_launch(g: &sys::CUpti_ActivityGraphTrace2, names: &mut NameTable) -> KernelRecord {
    KernelRecord {
        name: names.intern(b""),
        start_ns: g.start,
        end_ns: g.end,
        correlation_id: g.correlationId,
        device_id: g.deviceId,
        context_id: g.contextId,
        stream_id: g.streamId,
        graph_id: g.graphId,
        grid: [0; 3],
        block: [0; 3],
        static_shared_memory: 0,
        dynamic_shared_memory: 0,
        registers_per_thread: 0,
        range: None,
        graph_launch: Some(GraphLaunch { kernel_nodes: None }),
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

/// CUPTI asks for an empty buffer (any thread). Hands out one from the bounded pool,
/// or none. Lock-free: an atomic count and the allocator.
pub(super) unsafe extern "C" fn on_buffer_requested(
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

/// CUPTI hands a buffer back (any thread). Only passes it on, without waiting;
/// decoding happens on the collector thread.
pub(super) unsafe extern "C" fn on_buffer_completed(
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

#[cfg(test)]
mod tests {
    use super::*;

    /// CUPTI asks for buffers faster than the collector decodes them (here it never
    /// does until the end): the pool hands out `max_buffers` and no more, counts each
    /// refusal, and hands out again once a buffer is decoded and freed.
    #[test]
    fn the_buffer_pool_never_hands_cupti_more_than_its_buffers_and_counts_each_refusal() {
        let max = 4;
        assert!(
            install(64 << 10, max),
            "the only test that installs the pool"
        );
        let request = || {
            let (mut buf, mut size, mut records) = (ptr::null_mut(), 0usize, 0usize);
            // SAFETY: valid out-pointers, as CUPTI passes them.
            unsafe { on_buffer_requested(&mut buf, &mut size, &mut records) };
            (buf, size)
        };
        let mut granted = Vec::new();
        for _ in 0..1_000 {
            let (buf, size) = request();
            if !buf.is_null() {
                granted.push((buf, size));
            }
            assert!(PLUMBING.get().unwrap().live.load(Ordering::Relaxed) <= max);
        }
        assert_eq!(granted.len(), max);
        assert_eq!(buffer_stats().0, 1_000 - max as u64);
        for (buf, size) in granted {
            // SAFETY: a buffer the pool handed out, completed with no valid records.
            unsafe { on_buffer_completed(ptr::null_mut(), 0, buf, size, 0) };
        }
        let p = PLUMBING.get().unwrap();
        let completed: Vec<RawBuffer> = p.rx.lock().unwrap().try_iter().collect();
        assert_eq!(completed.len(), max);
        drop(completed);
        assert_eq!(p.live.load(Ordering::Relaxed), 0);
        let (buf, size) = request();
        assert!(!buf.is_null(), "room again once decoded");
        // SAFETY: as above.
        unsafe { on_buffer_completed(ptr::null_mut(), 0, buf, size, 0) };
    }
}
