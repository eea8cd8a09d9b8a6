//! NVML (`libnvidia-ml.so.1`, part of the driver wherever a GPU is), asked one thing:
//! whether a UUID the CUDA driver gave is a GPU or a MIG instance, and for a MIG
//! instance its parent GPU and its place in it. The CUDA driver API cannot tell: its
//! `cuDeviceGetUuid` gives a MIG instance's own UUID and has no call for the parent.
//!
//! Loaded on the exporter thread at the first GPU it names (never an application
//! thread), initialised once and never shut down (NVML counts its users, the
//! application may be one). No CUPTI call, so no guard.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::sync::OnceLock;

use crate::resource::{MigInstance, UuidKind};

type Handle = *mut c_void;
type Init = unsafe extern "C" fn() -> c_int;
type ByUuid = unsafe extern "C" fn(*const c_char, *mut Handle) -> c_int;
type IsMig = unsafe extern "C" fn(Handle, *mut c_uint) -> c_int;
type Parent = unsafe extern "C" fn(Handle, *mut Handle) -> c_int;
type Text = unsafe extern "C" fn(Handle, *mut c_char, c_uint) -> c_int;
type Id = unsafe extern "C" fn(Handle, *mut c_uint) -> c_int;

/// NVML's buffer size for UUIDs and names (`NVML_DEVICE_UUID_V2_BUFFER_SIZE`,
/// `NVML_DEVICE_NAME_V2_BUFFER_SIZE`).
const TEXT: usize = 96;

#[derive(Debug, Clone, Copy)]
struct Nvml {
    by_uuid: ByUuid,
    is_mig: IsMig,
    parent: Parent,
    uuid: Text,
    name: Text,
    gpu_instance: Option<Id>,
    compute_instance: Option<Id>,
}

// SAFETY: plain function pointers into a library that stays loaded.
unsafe impl Send for Nvml {}
// SAFETY: as above; NVML's calls are thread-safe.
unsafe impl Sync for Nvml {}

static NVML: OnceLock<Option<Nvml>> = OnceLock::new();

fn load() -> Option<Nvml> {
    use libloading::os::unix::{Library, RTLD_LOCAL, RTLD_NOW};
    // SAFETY: loading the driver's own NVML runs its initialisers, as any NVML user
    // (nvidia-smi, PyTorch, DCGM) does. The handle is kept for the process's life.
    let lib = unsafe { Library::open(Some("libnvidia-ml.so.1"), RTLD_NOW | RTLD_LOCAL) }.ok()?;
    // SAFETY: these are NVML's signatures (nvml.h, NVML 11 and newer), handles as
    // pointers and return codes as ints.
    let nvml = unsafe {
        let init = *lib.get::<Init>(b"nvmlInit_v2\0").ok()?;
        if init() != 0 {
            return None;
        }
        Nvml {
            by_uuid: *lib.get::<ByUuid>(b"nvmlDeviceGetHandleByUUID\0").ok()?,
            is_mig: *lib.get::<IsMig>(b"nvmlDeviceIsMigDeviceHandle\0").ok()?,
            parent: *lib
                .get::<Parent>(b"nvmlDeviceGetDeviceHandleFromMigDeviceHandle\0")
                .ok()?,
            uuid: *lib.get::<Text>(b"nvmlDeviceGetUUID\0").ok()?,
            name: *lib.get::<Text>(b"nvmlDeviceGetName\0").ok()?,
            gpu_instance: lib
                .get::<Id>(b"nvmlDeviceGetGpuInstanceId\0")
                .ok()
                .map(|s| *s),
            compute_instance: lib
                .get::<Id>(b"nvmlDeviceGetComputeInstanceId\0")
                .ok()
                .map(|s| *s),
        }
    };
    std::mem::forget(lib);
    Some(nvml)
}

fn text(f: Text, h: Handle) -> Option<String> {
    let mut buf = [0 as c_char; TEXT];
    // SAFETY: `buf` holds TEXT bytes and NVML writes at most that, NUL-terminated.
    if unsafe { f(h, buf.as_mut_ptr(), TEXT as c_uint) } != 0 {
        return None;
    }
    // SAFETY: NUL-terminated within `buf`, which was zeroed.
    Some(
        unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_string_lossy()
            .into_owned(),
    )
}

fn id(f: Option<Id>, h: Handle) -> Option<u32> {
    let mut v: c_uint = 0;
    // SAFETY: a handle NVML gave and a valid out-pointer.
    (unsafe { f?(h, &mut v) } == 0).then_some(v)
}

/// What NVML says of `hex` (a UUID as the CUDA driver gave it, 8-4-4-4-12 hex digits).
pub(crate) fn uuid_kind(hex: &str) -> UuidKind {
    let Some(nvml) = *NVML.get_or_init(load) else {
        return UuidKind::Unknown;
    };
    let lookup = |prefix: &str| -> Option<Handle> {
        let name = CString::new(format!("{prefix}-{hex}")).ok()?;
        let mut h: Handle = std::ptr::null_mut();
        // SAFETY: a NUL-terminated UUID string and a valid out-pointer.
        (unsafe { (nvml.by_uuid)(name.as_ptr(), &mut h) } == 0 && !h.is_null()).then_some(h)
    };
    if let Some(h) = lookup("MIG") {
        let mut is_mig: c_uint = 0;
        // SAFETY: a handle NVML gave; a valid out-pointer.
        if unsafe { (nvml.is_mig)(h, &mut is_mig) } == 0 && is_mig != 0 {
            let mut parent: Handle = std::ptr::null_mut();
            // SAFETY: a MIG handle NVML gave; a valid out-pointer.
            let parent_uuid = (unsafe { (nvml.parent)(h, &mut parent) } == 0 && !parent.is_null())
                .then(|| text(nvml.uuid, parent))
                .flatten();
            return UuidKind::Mig(MigInstance {
                parent_uuid,
                gpu_instance: id(nvml.gpu_instance, h),
                compute_instance: id(nvml.compute_instance, h),
                profile: text(nvml.name, h),
            });
        }
    }
    if lookup("GPU").is_some() {
        return UuidKind::Gpu;
    }
    UuidKind::Unknown
}
