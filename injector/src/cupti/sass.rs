//! SASS-to-source correlation: the loaded modules' cubins (copied at CUPTI's
//! MODULE_LOADED resource callback, the only moment their bytes are valid) and the
//! lines of sampled PCs (`cuptiGetCubinCrc`, `cuptiGetSassToSourceCorrelation`).
//!
//! Threads and locks:
//! - MODULE_LOADED (application thread): copies the cubin into [`CUBINS`] if it fits
//!   the byte bound. No CUPTI call, no I/O; the store's lock is only ever held for
//!   in-memory work (this copy, or the worker's look-up of one entry), never across a
//!   CUPTI call, so the wait is short and bounded.
//! - The worker thread ([`CuptiSass`]): computes the CRCs of cubins not keyed yet and
//!   asks for a PC's line, each CUPTI call under the guard, on the injector's own
//!   thread. Each distinct PC is asked once (`sampling::lines` caches the answers).
//!
//! Not run on a GPU yet (docs/injector.md says what the next H200 run must show).

use std::ffi::{c_char, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use cudarc::cupti::sys;

use super::guard::{disabled, hold, hold_behind_launches};
use super::{check, CuptiError};
use crate::sampling::cubins::{CubinCounts, CubinStore};
use crate::sampling::lines::{Correlation, SassSource};
use crate::sampling::samples::SourceLine;

/// RESOURCE callback id of a module loaded (cupti_callbacks.h).
pub(super) const CBID_MODULE_LOADED: u32 = 6;

/// The kept cubins; set by [`enable`].
static CUBINS: OnceLock<Mutex<CubinStore>> = OnceLock::new();

fn store() -> Option<std::sync::MutexGuard<'static, CubinStore>> {
    CUBINS
        .get()
        .map(|m| m.lock().unwrap_or_else(|p| p.into_inner()))
}

/// Creates the cubin store (at most `max_bytes`) and enables the MODULE_LOADED
/// callback (that one id only: the whole RESOURCE domain fires at every launch). Called
/// by `attach` with PC sampling on.
pub(super) fn enable(
    subscriber: sys::CUpti_SubscriberHandle,
    max_bytes: u64,
) -> Result<(), CuptiError> {
    let _ = CUBINS.set(Mutex::new(CubinStore::new(max_bytes)));
    let _g = hold();
    // SAFETY: a subscriber from a successful cuptiSubscribe; a valid RESOURCE id.
    check("cuptiEnableCallback(RESOURCE_MODULE_LOADED)", unsafe {
        sys::cuptiEnableCallback(
            1,
            subscriber,
            sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RESOURCE,
            CBID_MODULE_LOADED,
        )
    })
}

/// MODULE_LOADED (application thread): keeps a copy of the module's cubin.
///
/// # Safety
/// `data` is the `CUpti_ResourceData` of a MODULE_LOADED callback.
pub(super) unsafe fn module_loaded(data: *const c_void) {
    // SAFETY: RESOURCE callbacks pass a CUpti_ResourceData; for module callbacks its
    // descriptor is a CUpti_ModuleResourceData (cupti_callbacks.h).
    let module = unsafe {
        let rd = &*(data as *const sys::CUpti_ResourceData);
        rd.resourceDescriptor as *const sys::CUpti_ModuleResourceData
    };
    if module.is_null() {
        return;
    }
    // SAFETY: checked non-null; valid for the callback's duration.
    let m = unsafe { &*module };
    if m.pCubin.is_null() || m.cubinSize == 0 {
        return;
    }
    // SAFETY: CUPTI gives cubinSize readable bytes at pCubin during the callback.
    let bytes = unsafe { std::slice::from_raw_parts(m.pCubin as *const u8, m.cubinSize) };
    if let Some(mut s) = store() {
        s.offer(bytes);
    }
}

/// The CRC CUPTI gives a cubin (the one PC-sampling records carry).
fn cubin_crc(cubin: &[u8]) -> Option<u64> {
    let mut p = sys::CUpti_GetCubinCrcParams {
        size: std::mem::size_of::<sys::CUpti_GetCubinCrcParams>(),
        cubinSize: cubin.len(),
        cubin: cubin.as_ptr() as *const c_void,
        cubinCrc: 0,
    };
    let _g = hold_behind_launches();
    // SAFETY: `cubin` is alive for the call; a valid params struct.
    let r = unsafe { sys::cuptiGetCubinCrc(&mut p) };
    (r == sys::CUptiResult::CUPTI_SUCCESS).then_some(p.cubinCrc)
}

/// Takes a string CUPTI allocated for the caller, and frees it.
///
/// # Safety
/// `p` is null or a NUL-terminated string from malloc that nothing else frees.
unsafe fn take_string(p: *mut c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: per the contract above.
    let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
    // SAFETY: CUPTI allocates fileName and dirName; the caller frees them with free().
    unsafe { libc::free(p as *mut c_void) };
    s
}

/// The line of `pc_offset` in `function` of `cubin`, under the guard. (A kept cubin's
/// bytes sit in an `Arc<[u8]>`, after its two counters: 8-byte aligned, as an ELF image
/// read in place wants.)
fn correlate_in(cubin: &[u8], function: &str, pc_offset: u64) -> Correlation {
    let Ok(name) = CString::new(function) else {
        return Correlation::NoLineInfo;
    };
    let mut p = sys::CUpti_GetSassToSourceCorrelationParams {
        size: std::mem::size_of::<sys::CUpti_GetSassToSourceCorrelationParams>(),
        cubin: cubin.as_ptr() as *const c_void,
        functionName: name.as_ptr(),
        cubinSize: cubin.len(),
        lineNumber: 0,
        pcOffset: pc_offset,
        fileName: ptr::null_mut(),
        dirName: ptr::null_mut(),
    };
    let r = {
        let _g = hold_behind_launches();
        // SAFETY: `cubin` and `name` outlive the call; the out-fields start null.
        unsafe { sys::cuptiGetSassToSourceCorrelation(&mut p) }
    };
    // Freed whatever the result: CUPTI may have filled them before failing.
    // SAFETY: null, or allocated by CUPTI for the caller.
    let (file, dir) = unsafe { (take_string(p.fileName), take_string(p.dirName)) };
    if r != sys::CUptiResult::CUPTI_SUCCESS {
        // A module without line information answers with an error: no line.
        return Correlation::NoLineInfo;
    }
    match SourceLine::from_parts(&dir, &file, p.lineNumber) {
        Some(l) => Correlation::Line(l),
        None => Correlation::NoLineInfo,
    }
}

/// CUPTI's SASS-to-source correlation over the kept cubins, for the worker thread.
#[derive(Debug, Default)]
pub(crate) struct CuptiSass;

impl SassSource for CuptiSass {
    fn correlate(&mut self, crc: u64, function: &str, pc_offset: u64) -> Correlation {
        if disabled() || BROKEN.load(Ordering::Relaxed) {
            return Correlation::NoCubin;
        }
        // cudarc panics on a symbol this libcupti lacks: then no PC gets a line, and
        // the worker runs on.
        catch_unwind(AssertUnwindSafe(|| correlate_kept(crc, function, pc_offset)))
            .unwrap_or_else(|_| {
                BROKEN.store(true, Ordering::Relaxed);
                crate::log::line("SASS-to-source correlation is not available in this CUPTI; PC samples go out without source lines");
                Correlation::NoCubin
            })
    }

    fn cubins(&self) -> CubinCounts {
        store().map(|s| s.counts()).unwrap_or_default()
    }
}

/// Set when a correlation call panicked (a missing symbol): none is tried again.
static BROKEN: AtomicBool = AtomicBool::new(false);

/// The line of a PC in the kept cubin of CRC `crc`.
fn correlate_kept(crc: u64, function: &str, pc_offset: u64) -> Correlation {
    // Key the cubins loaded since the last call (CRCs computed outside the store's
    // lock, which application threads take at module load).
    let unkeyed = match store() {
        Some(s) => s.unkeyed(),
        None => return Correlation::NoCubin,
    };
    for c in unkeyed {
        // 0 (no record carries it) when CUPTI could not say: never asked again.
        let crc = cubin_crc(&c).unwrap_or(0);
        if let Some(mut s) = store() {
            s.set_crc(&c, crc);
        }
    }
    let Some(cubin) = store().and_then(|s| s.get(crc)) else {
        return Correlation::NoCubin;
    };
    correlate_in(&cubin, function, pc_offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CUPTI's out-strings are malloc'd for the caller: read, then freed (a double free
    /// or a leak here would be the caller's bug; the allocator checks the free).
    #[test]
    fn a_string_cupti_allocated_is_read_and_freed_and_a_null_one_is_empty() {
        let src = CString::new("/src/kernels/spin.cu").unwrap();
        // SAFETY: strdup returns a malloc'd copy that take_string frees once.
        let p = unsafe { libc::strdup(src.as_ptr()) };
        assert!(!p.is_null());
        // SAFETY: a NUL-terminated malloc'd string nothing else frees.
        assert_eq!(unsafe { take_string(p) }, "/src/kernels/spin.cu");
        // SAFETY: null is allowed.
        assert_eq!(unsafe { take_string(ptr::null_mut()) }, "");
    }

    #[test]
    fn without_a_cubin_store_no_pc_is_asked_of_cupti() {
        // No attach in tests: the store was never made, so no CUPTI call is tried (one
        // would panic here, with no libcupti loaded).
        assert!(CUBINS.get().is_none());
        assert_eq!(CuptiSass.correlate(7, "_Z1kv", 16), Correlation::NoCubin);
        assert_eq!(CuptiSass.cubins(), CubinCounts::default());
    }
}
